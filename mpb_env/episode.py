"""One episode of one task: the interaction loop every adapter (single env, vector env, rollouts) shares.

``Episode.step(text)`` parses the assistant turn, runs its tool calls in order against the
copy-on-write state with the current action set A_t, and returns the observation text (a JSON list
of feedback objects, one per call). A turn without a tool call is the final message: the episode
terminates and the gated checker gives the reward. After ``max_turns`` turns it is truncated and
checked as it stands. Nothing here raises on bad model output, and what a turn may cost is bounded by
``limits`` (``mpb_env.limits.Limits``: action characters, calls per turn, argument depth,
observation bytes).
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any, TypeVar

import orjson

from mpb_env.checkers import SKILL_LOADER, Verdict, check
from mpb_env.domains import catalog
from mpb_env.limits import DEFAULT_LIMITS, Limits, cut_entry
from mpb_env.outcomes import error_reason
from mpb_env.parsing import CallError, parse_turn
from mpb_env.prompts import TOOL_FORMATS, compact_listing, compact_tool, render_messages
from mpb_env.recall import ALWAYS_AVAILABLE, DEFAULT_TOP_N, gold_recall, recall
from mpb_env.tasks.model import RecallMode, Task
from mpb_env.tool_search import SEARCH_TOOLS, SEARCH_TOOLS_SCHEMA, SEARCH_TOP_K, search_call
from mpb_env.tools.runtime import call_tool, feedback
from mpb_env.user import ASK_USER, ASK_USER_SCHEMA, answer_call
from mpb_env.world.state import Patch, PhoneState, World

T_MAX = 15
R = TypeVar("R")


def without_gc(fn: Callable[..., R], *args: Any) -> R:
    """``fn(*args)`` with the cyclic GC held until it returns (and re-enabled only if it was on).

    For batch steps: one allocates a few dozen containers per episode, and collecting in the middle of
    a thousand live episodes re-scans them many times per step; afterwards one collection does it."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return fn(*args)
    finally:
        if collecting:
            gc.enable()


def task_patch(task: Task) -> Patch:
    """The task's S0 layer, built once per task and shared by every env of the task."""
    return task.derived("patch", lambda: Patch(task.patch_tables()))


def initial_tools(task: Task, mode: RecallMode, n: int, tool_search: bool = True) -> tuple[str, ...]:
    """A_0 = R_N(q, H0; G) ∪ L_q ∪ {search_user_memory, search_tools} (∪ {ask_user} on interaction
    tasks; without ``search_tools`` when ``tool_search`` is off, or under recall ``"all"``, where there is
    nothing left to find). Under Skill-Only Routing the planner starts with the skill loader and the
    memory search alone."""

    def build() -> tuple[str, ...]:
        loaders = [SKILL_LOADER] if task.candidate_skills or task.routing else []
        recalled = [] if task.routing == "SOR" else recall(task, mode, n)
        search = [SEARCH_TOOLS] if tool_search and task.routing != "SOR" and mode != "all" else []
        ask = [ASK_USER] if task.allow_ask else []
        return tuple(dict.fromkeys([*recalled, *ALWAYS_AVAILABLE, *search, *loaders, *ask]))

    return task.derived(("tools", mode, n, tool_search), build)


_SERVED: dict[str, dict[str, Any]] = {}


def _served_schema(name: str) -> dict[str, Any]:
    """The schema infos are copied from: a private deep copy of the catalog's (or ``ask_user``'s), so
    nothing a caller does to an info's schemas can reach the catalog itself."""
    schema = _SERVED.get(name)
    if schema is None:
        envs = {ASK_USER: ASK_USER_SCHEMA, SEARCH_TOOLS: SEARCH_TOOLS_SCHEMA}
        source = envs[name] if name in envs else catalog()[name].schema
        schema = _SERVED[name] = orjson.loads(orjson.dumps(source))
    return schema


def schema_copy(schema: dict[str, Any]) -> dict[str, Any]:
    """A tool schema for an info: new dicts for the schema, its ``function`` and its ``parameters`` (the
    levels callers change: dropping ``domain``, adding ``strict`` or ``additionalProperties``), sharing
    the argument schemas below them, which are read-only: copy one before changing it."""
    out = schema.copy()  # dict.copy: a third cheaper than {**d}; replacing a key keeps its place
    fn = out["function"] = schema["function"].copy()
    fn["parameters"] = fn["parameters"].copy()
    return out


class Episode:
    """The mutable per-env episode: task, state S_t, action set A_t, transcript and outcome.

    Running tallies for trajectory records: ``calls`` (feedback entries so far, malformed calls
    included), ``error_types`` (the error type of each failed one, in order) and ``asks`` (calls
    named ``ask_user``, answered or refused).
    """

    __slots__ = (
        "task",
        "state",
        "tools",
        "turns",
        "max_turns",
        "final",
        "verdict",
        "done",
        "recall_mode",
        "top_n",
        "asks",
        "calls",
        "error_types",
        "allowed",
        "tool_search",
        "search_k",
        "tool_format",
        "limits",
    )

    def __init__(
        self,
        world: World,
        task: Task,
        recall_mode: RecallMode = "bm25",
        top_n: int = DEFAULT_TOP_N,
        max_turns: int = T_MAX,
        tool_search: bool = True,
        search_k: int = SEARCH_TOP_K,
        tool_format: str = "schema",
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        if tool_format not in TOOL_FORMATS:
            raise ValueError(f"unknown tool_format {tool_format!r}; expected one of {list(TOOL_FORMATS)}")
        self.tool_search = tool_search
        self.search_k = search_k
        self.tool_format = tool_format
        self.limits = limits
        self.recall_mode = recall_mode
        self.top_n = top_n
        self.max_turns = max_turns
        self.state = PhoneState(world, task_patch(task), task.now)
        self.task = task
        self.tools: tuple[str, ...] = ()
        self.turns = 0
        self.final: str | None = None
        self.verdict: Verdict | None = None
        self.done = False
        self.asks = 0
        self.calls = 0
        self.error_types: list[str] = []
        self.restart(task)

    def restart(self, task: Task) -> None:
        """Begin ``task`` afresh on the same world: O(1), whatever the world's size."""
        self.task = task
        self.state.reset(task_patch(task), task.now)
        mode = task.recall or self.recall_mode
        # A_0 and its set (membership checks on the hot path) are the task's, shared by every episode of
        # it until a skill widens them (``_expand`` then makes this episode its own).
        self.tools = initial_tools(task, mode, self.top_n, self.tool_search)
        self.allowed = task.derived(
            ("allowed", mode, self.top_n, self.tool_search), lambda: frozenset(self.tools)
        )
        self.turns = 0
        self.final = None
        self.verdict = None
        self.done = False
        self.asks = 0
        self.calls = 0
        self.error_types = []

    def fork(self) -> Episode:
        """A branch of this episode that shares world and patch and copies only the writes."""
        other = Episode.__new__(Episode)
        other.task = self.task
        other.state = self.state.fork()
        other.tools = self.tools  # immutable: _expand replaces them
        other.allowed = self.allowed
        other.turns = self.turns
        other.max_turns = self.max_turns
        other.final = self.final
        other.verdict = self.verdict
        other.done = self.done
        other.recall_mode = self.recall_mode
        other.top_n = self.top_n
        other.tool_search = self.tool_search
        other.search_k = self.search_k
        other.tool_format = self.tool_format
        other.asks = self.asks
        other.calls = self.calls
        other.error_types = list(self.error_types)
        other.limits = self.limits
        return other

    def set_tools(self, names: list[str]) -> None:
        """Replace the current action set A_t (tests and validation offer the whole catalog)."""
        self.tools = tuple(dict.fromkeys(names))
        self.allowed = frozenset(self.tools)

    # ------------------------------------------------------------------ views
    def schemas(self) -> list[dict[str, Any]]:
        """The current action set A_t as OpenAI-style tool schemas; see ``schema_copy`` for what is
        fresh in each call."""
        return [schema_copy(_served_schema(name)) for name in self.tools]

    def start_info(self) -> dict[str, Any]:
        """The reset info: task, chat messages, tool schemas of A_0, recall. With ``tool_format="compact"``
        the system message ends with A_0 listed one line per tool (``prompts.compact_listing``) and the
        info says so (``"tool_format": "compact"``; the key is absent under ``"schema"``). Built
        once per task, recall and tool format (autoreset pays a copy, not a rebuild): every call returns
        new lists, message dicts and schema dicts down to ``parameters`` (``schema_copy``); what lies
        below them is shared between calls, read-only."""
        mode = self.task.recall or self.recall_mode

        def build() -> dict[str, Any]:
            skills = {sid: self.state.get("skills", sid) or {} for sid in self.task.candidate_skills}
            messages = render_messages(self.task, skills, self.tool_format)
            if self.tool_format == "compact":
                listing = compact_listing([_served_schema(name) for name in self.tools])
                messages[0] = {**messages[0], "content": f"{messages[0]['content']}\n\n{listing}"}
            return {
                "messages": messages,
                "tools": [_served_schema(name) for name in self.tools],  # copied per call below
                "gold_recall": gold_recall(self.task, self.tools),
            }

        base = self.task.derived(("start", mode, self.top_n, self.tool_search, self.tool_format), build)
        info = {
            "task_id": self.task.id,
            "dimension": self.task.dimension,
            "messages": [dict(m) for m in base["messages"]],
            "tools": [schema_copy(t) for t in base["tools"]],
            "recall": {
                "mode": mode,
                "n": self.top_n,
                "tools": list(self.tools),
                "gold_recall": base["gold_recall"],
                "tool_search": SEARCH_TOOLS in self.allowed,
            },
        }
        if self.tool_format != "schema":  # the tools are in the messages: a model policy sends no schemas
            info["tool_format"] = self.tool_format
        return info

    # ------------------------------------------------------------------ the loop
    def step(self, action: Any) -> tuple[str, float, bool, bool, dict[str, Any]]:
        """One turn: ``(observation, reward, terminated, truncated, info)``; ``info`` holds ``task_id``,
        ``turn``, the turn's chat ``messages`` and, when they apply, ``tools`` (A_t changed) and
        ``verdict`` (the episode ended)."""
        obs, reward, terminated, truncated, messages, extra = self.play(action)
        return obs, reward, terminated, truncated, self.info(messages, extra)

    def info(self, messages: list[dict[str, Any]] | None, extra: dict[str, Any] | None) -> dict[str, Any]:
        """The step info of ``play``'s ``messages`` and ``extra``."""
        if messages is None:
            return {"task_id": self.task.id}
        info: dict[str, Any] = {"task_id": self.task.id, "turn": self.turns, "messages": messages}
        if extra is not None:
            info.update(extra)
        return info

    def play(
        self, action: Any
    ) -> tuple[str, float, bool, bool, list[dict[str, Any]] | None, dict[str, Any] | None]:
        """``step`` without building its info dict: ``(observation, reward, terminated, truncated,
        messages, extra)``, where ``extra`` holds the info keys beyond ``task_id``/``turn``/``messages``
        (``None`` when there are none) and ``messages`` is ``None`` once the episode is over. The vector
        env batches these straight into columns.

        The info of the turn that ends the episode carries ``outcome`` and ``reward_valid``
        (``mpb_env.outcomes``): ``ok`` for a final message, ``budget`` at T_max. An internal error (a
        bug in a tool body, the checker or the parser; never the model's text, which is an error
        observation) ends this episode alone: an ``EnvError`` observation, reward 0, truncated, and
        ``outcome="env_error"``, ``reward_valid=False`` and the one-line ``error`` in the info."""
        try:
            return self._play(action)
        except Exception as exc:  # this episode's failure, not its caller's: see the docstring
            self.done = True
            self.verdict = None
            reason = error_reason(exc)
            fb = feedback("error", f"the environment failed: {reason}", None, "EnvError")
            extra = {"outcome": "env_error", "reward_valid": False, "error": reason}
            return orjson.dumps([fb]).decode(), 0.0, False, True, [], extra

    def _play(
        self, action: Any
    ) -> tuple[str, float, bool, bool, list[dict[str, Any]] | None, dict[str, Any] | None]:
        if self.done:
            fb = feedback("error", "the episode has ended; call reset()", None, "EpisodeOver")
            return orjson.dumps([fb]).decode(), 0.0, True, False, None, None
        limits = self.limits
        turn = parse_turn(action, limits)
        self.turns += 1
        if not turn.calls:  # the final message (``turn.is_final``, without the property call)
            self.final = turn.content
            self.done = True
            self.verdict = check(self.task, self.state, self.final, self.asks)
            final = [{"role": "assistant", "content": turn.content}]
            ended = {"verdict": self.verdict.model_dump(), "outcome": "ok", "reward_valid": True}
            return "", float(self.verdict.success), True, False, final, ended
        parts: list[str] = []  # each call's feedback, serialised once: observation and tool message
        tool_calls: list[dict[str, Any]] = []
        messages: list[dict[str, Any]] = [
            {"role": "assistant", "content": turn.content, "tool_calls": tool_calls}
        ]
        changed: tuple[str, ...] = ()  # the tools this turn added to A_t
        state, allowed = self.state, self.allowed
        self.calls += len(turn.calls)
        budget = limits.max_observation_bytes - 1  # bytes left for the entries; the "[" is spent
        for i, call in enumerate(turn.calls):
            if type(call) is CallError:
                entry = {"name": None, **feedback("error", call.message, None, call.error_type)}
            else:
                name = call.name
                fn = {"name": name, "arguments": call.arguments}
                tool_calls.append({"id": f"call_{self.turns}_{i}", "type": "function", "function": fn})
                if name == ASK_USER:
                    self.asks += 1
                if name == ASK_USER and ASK_USER in allowed:
                    entry = {"name": name, **answer_call(self.task, call.arguments)}
                else:
                    added: tuple[str, ...] = ()
                    if name == SEARCH_TOOLS and SEARCH_TOOLS in allowed:
                        entry = search_call(call.arguments, self.allowed, self.search_k)
                        if entry["status"] == "success":
                            added = self._expand({"tools": [t["name"] for t in entry["data"]["tools"]]})
                    else:
                        # parse_turn has held the arguments to limits.max_argument_depth
                        entry = call_tool(state, name, call.arguments, allowed, None)
                        if entry["status"] == "success":
                            if name == SKILL_LOADER:
                                added = self._expand(entry["data"])
                        elif isinstance(entry["data"], dict) and "remedy" in entry["data"]:
                            # Like an OS permission prompt: the error offers the tool that resolves it.
                            added = self._expand({"tools": [entry["data"]["remedy"]]})
                    if added:
                        changed += added
                        if self.tool_format == "compact":  # the call's feedback announces them
                            entry = {**entry, "new_tools": [compact_tool(_served_schema(t)) for t in added]}
            if entry["status"] == "error":
                self.error_types.append(entry["error_type"] or "Error")
            raw = orjson.dumps(entry)
            budget -= len(raw) + 1  # its comma or closing bracket
            part = raw.decode() if budget >= 0 else cut_entry(entry, raw, budget + len(raw), limits)
            parts.append(part)
            messages.append({"role": "tool", "name": entry["name"], "content": part})
            budget = max(budget, 0)
        obs = f"[{','.join(parts)}]"
        extra = {"tools": self.schemas()} if changed else None
        truncated = self.turns >= self.max_turns
        reward = 0.0
        if truncated:
            self.done = True
            self.verdict = check(self.task, self.state, None, self.asks)
            ended = {"verdict": self.verdict.model_dump(), "outcome": "budget", "reward_valid": True}
            extra = {**(extra or {}), **ended}
            reward = float(self.verdict.success)
        return obs, reward, False, truncated, messages, extra

    def end(self) -> Verdict:
        """End the episode where it stands, without a final message (e.g. a trainer's token budget ran
        out), checked as a truncated episode is; returns the verdict (the one it has when already over)."""
        if not self.done or self.verdict is None:
            self.done = True
            self.verdict = check(self.task, self.state, None)
        return self.verdict

    def _expand(self, data: Any) -> tuple[str, ...]:
        """A_{t+1} = A_t ∪ G(s): add the loaded skill's bound tools (appended: A_t's order is kept);
        returns the tools added."""
        bound = data.get("tools", []) if isinstance(data, dict) else []
        known = catalog()
        new = tuple(dict.fromkeys(t for t in bound if t in known and t not in self.allowed))
        if new:
            self.tools += new
            self.allowed = self.allowed.union(new)
        return new
