"""Task self-checks: replay a task's oracle, and prove its checker can fail.

``replay(task, actions)`` plays action texts through an ``Episode`` and returns it finished.
``corruptions(task)`` derives the meaningful wrong trajectories the task's bucket must reject —
dropping or perturbing the oracle's last mutating call, adding an unrelated write, skipping the
memory search or the skill load, losing the sub-agent route, or a final message of the wrong kind —
and ``sensitivity(task)`` runs them: each must be rejected (killed).
"""

from __future__ import annotations

from typing import Any

import orjson

from mpb_env.checkers import MEMORY_SEARCH, SKILL_LOADER, check
from mpb_env.domains import catalog
from mpb_env.episode import Episode
from mpb_env.parsing import ToolCall, parse_turn
from mpb_env.recall import DEFAULT_TOP_N
from mpb_env.tasks.model import RecallMode, Task
from mpb_env.world.generate import load_world

#: An unrelated write that succeeds on every S0: it touches nothing any task asks for.
UNRELATED_WRITE = {"name": "grant_app_permission", "arguments": {"app_id": "clock", "permission": "CAMERA"}}
#: One that is not an unlock or a permission grant either: what a behaviour rubric that allows those
#: (``checkers.ENABLING_TOOLS``) must still reject.
UNRELATED_ACTION = {"name": "set_display_brightness", "arguments": {"level": 37}}
#: Friction → the error types an oracle may meet on the way (and must recover from or explain).
_ARGUMENT_ERRORS = frozenset({"InvalidArguments", "CapabilityLimit", "PreconditionFailed"})
EXPECTED_ERRORS: dict[str, frozenset[str]] = {
    "permission": frozenset({"PermissionDenied"}),
    "runtime_error": frozenset({"ServiceUnavailable"}),
    "dependency": frozenset({"PreconditionFailed"}),
    "ambiguity": frozenset({"Ambiguous"}),
    "state_mutation": frozenset({"NotFound", "Conflict"}),
    "missing_argument": _ARGUMENT_ERRORS,
    "contradiction": _ARGUMENT_ERRORS | {"Conflict"},
    "capability_limit": _ARGUMENT_ERRORS,
}


def allowed_errors(task: Task) -> set[str]:
    """Error types the task's frictions and injected faults explain in its oracle trajectory."""
    out: set[str] = {f.error_type for f in task.faults}
    for friction in task.frictions:
        out |= EXPECTED_ERRORS.get(friction, frozenset())
    return out


def replay(
    task: Task,
    actions: list[str],
    recall: RecallMode = "oracle",
    world_size: str = "M",
    open_catalog: bool = False,
    tool_search: bool = True,
    top_n: int = DEFAULT_TOP_N,
    max_turns: int | None = None,
) -> Episode:
    """Play ``actions`` and return the finished episode: it ends on a final message, on truncation,
    or is checked as it stands when the actions run out. ``open_catalog`` offers every tool from the
    start (corruptions use it so that a wrong call is judged by the checker, not refused by A_t);
    ``tool_search`` offers ``search_tools`` (the env's default). ``top_n`` is recall's N; ``max_turns``
    is T_max (default: 15, or more when there are more actions)."""
    turns = max(15, len(actions)) if max_turns is None else max_turns
    ep = Episode(load_world(world_size), task, recall, top_n=top_n, max_turns=turns, tool_search=tool_search)  # type: ignore[arg-type]
    if open_catalog:
        ep.set_tools(list(catalog()))
    for action in actions:
        if ep.done:
            break
        ep.step(action)
    if ep.verdict is None:
        ep.verdict = check(task, ep.state, None, ep.asks)
    return ep


def unexpected_errors(task: Task, ep: Episode) -> list[str]:
    """Tool errors in ``ep`` that none of the task's frictions or injected faults explain, and calls the
    action set refused (``UnknownTool``: never in the operation log, and never explained)."""
    allowed = allowed_errors(task)
    out = [
        f"{e['tool']}: {e['error_type']}"
        for e in ep.state.log
        if e["status"] == "error" and e["error_type"] not in allowed
    ]
    refused = ep.error_types.count("UnknownTool")
    return out + ([f"{refused} call(s) outside the action set: UnknownTool"] if refused else [])


def _turns(task: Task) -> list[list[dict[str, Any]] | str]:
    """The oracle as a list of turns: a list of calls, or the final message string."""
    out: list[list[dict[str, Any]] | str] = []
    for text in task.oracle:
        turn = parse_turn(text)
        if turn.is_final:
            out.append(turn.content)
        else:
            out.append(
                [{"name": c.name, "arguments": c.arguments} for c in turn.calls if isinstance(c, ToolCall)]
            )
    return out


def _render(turns: list[list[dict[str, Any]] | str]) -> list[str]:
    return [t if isinstance(t, str) else orjson.dumps(t).decode() for t in turns if t != []]


def _perturb(value: Any, schema: dict[str, Any]) -> Any:
    if "enum" in schema:
        others = [v for v in schema["enum"] if v != value]
        return others[0] if others else None
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 7
    if isinstance(value, str):
        return "something else entirely"
    if isinstance(value, list):
        return value[:-1] if value else ["something else"]
    return None


def _gold_call_at(task: Task, entry: dict[str, Any]) -> dict[str, Any] | None:
    """The gold arguments of the Bucket 1 call that ``entry`` (a log entry) answers, if any."""
    found = [g.arguments for g in task.gold.calls or [] if g.name == entry["tool"]]
    return found[-1] if found else None


def corruptions(task: Task) -> list[tuple[str, list[str]]]:
    """The wrong trajectories this task's checker must reject, as ``(name, actions)``."""
    turns = _turns(task)
    specs = catalog()
    out: list[tuple[str, list[str]]] = []
    final_idx = len(turns) - 1 if isinstance(turns[-1], str) else len(turns)
    # The last successful mutating call of the oracle run.
    ep = replay(task, task.oracle)
    effective = [e for e in ep.state.log if e["mutates"] and e["status"] == "success"]
    last_pos = None
    if effective:
        target = effective[-1]
        for ti in range(len(turns) - 1, -1, -1):
            t = turns[ti]
            if isinstance(t, list):
                for ci in range(len(t) - 1, -1, -1):
                    if t[ci]["name"] == target["tool"] and last_pos is None:
                        last_pos = (ti, ci)
    if task.bucket in ("tool", "state") and last_pos is not None:
        ti, ci = last_pos
        call = turns[ti][ci]  # type: ignore[index]
        dropped = [list(t) if isinstance(t, list) else t for t in turns]
        del dropped[ti][ci]  # type: ignore[union-attr]
        out.append(("drop_last_write", _render(dropped)))
        props = specs[call["name"]].schema["function"]["parameters"]["properties"]
        # The required arguments; for a tool whose arguments are all optional, the first one given.
        required = (
            specs[call["name"]].schema["function"]["parameters"].get("required", [])
            or list(call["arguments"])[:1]
        )
        gold_call = _gold_call_at(task, target)
        for arg in required:
            if gold_call is not None and gold_call.get(arg) == {"$ignore": True}:
                continue  # the gold says this value does not matter
            new = _perturb(call["arguments"].get(arg), props.get(arg, {}))
            if new is None:
                continue
            bad = [list(t) if isinstance(t, list) else t for t in turns]
            bad[ti][ci] = {"name": call["name"], "arguments": {**call["arguments"], arg: new}}  # type: ignore[index]
            out.append((f"perturb:{arg}", _render(bad)))
    rubric = task.gold.rubric
    if task.bucket != "behavior" or (rubric and rubric.forbid_mutations):
        extra = [*turns[:final_idx], [UNRELATED_WRITE], *turns[final_idx:]]
        out.append(("extra_unrelated_write", _render(extra)))
    elif rubric:
        extra = [*turns[:final_idx], [UNRELATED_ACTION], *turns[final_idx:]]
        out.append(("extra_unrelated_action", _render(extra)))
    if task.bucket == "behavior" and rubric:
        if rubric.routes:
            no_route = [
                [c for c in t if c["name"] not in rubric.routes] if isinstance(t, list) else t for t in turns
            ]
            out.append(("no_route", _render(no_route)))
        if rubric.final_kind != "any" or rubric.must_include:
            wrong = [*turns[:final_idx], "OK."]
            out.append(("wrong_final", _render(wrong)))
    if task.gold_memory_ids:
        skip = [[c for c in t if c["name"] != MEMORY_SEARCH] if isinstance(t, list) else t for t in turns]
        out.append(("skip_memory_search", _render(skip)))
    if task.gold_skill:
        skip = [[c for c in t if c["name"] != SKILL_LOADER] if isinstance(t, list) else t for t in turns]
        out.append(("skip_skill_load", _render(skip)))
    return out


def sensitivity(task: Task) -> list[tuple[str, bool]]:
    """Run every corruption with the whole catalog available; ``killed`` = the verdict is failure."""
    return [
        (name, not replay(task, actions, open_catalog=True).verdict.success)  # type: ignore[union-attr]
        for name, actions in corruptions(task)
    ]
