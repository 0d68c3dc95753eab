"""Gaming policies: cheap strategies a reward-maximising learner may find, to measure checker laxity.

Each policy models a learner that has picked up the surface of a task (its oracle turns and gold) and
tries to collect the reward without doing the task as asked: a keyword instead of a message, the gold
text negated, one catch-all reply, a dump of raw tool output, an answer without the look-up behind it,
an untargeted sweep of memory, every candidate skill loaded, a question before every turn, every call
made twice. A sound checker passes none of them (``gaming_table`` measures how often each does;
``mpb validate`` fails a suite where any passes more than ``MAX_GAMING_RATE`` percent in a bucket).

Every policy implements the ``Policy`` protocol of ``mpb_env.rollouts.policies`` and is built as
``cls(index, seed=0)``, ``index`` mapping task id → task, skill variants (``<id>@SOR``) included, as
``OraclePolicy`` takes. They are deterministic: the same task and seed give the same turns.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import orjson

from mpb_env.checkers import (
    MAX_SPARE_ASKS,
    MEMORY_SEARCH,
    REDO_PREFIXES,
    REDO_TOOLS,
    SKILL_LOADER,
    match,
    norm,
    norm_text,
    read_domains,
)
from mpb_env.domains import catalog
from mpb_env.parsing import ToolCall, parse_turn
from mpb_env.tasks.freetext import dictated_words, oracle_calls
from mpb_env.tasks.model import Task, episodes
from mpb_env.user import ASK_USER

from .policies import RandomPolicy, _slot

__all__ = [
    "GAMING_POLICIES",
    "MAX_GAMING_RATE",
    "CATCH_ALL",
    "gaming_lines",
    "gaming_table",
    "make_gaming_policy",
]

BUCKETS = ("tool", "state", "behavior")
#: A suite where a gaming policy passes more than this percentage of a bucket's episodes is too lax.
MAX_GAMING_RATE = 1.0
#: The one reply of ``catch-all``: a refusal with a reason and a way out, the strongest of those tried.
CATCH_ALL = (
    "I'm sorry, I can't do that here because it isn't available on this phone. You could do it yourself "
    "in the app or settings instead."
)
#: The question ``ask-every-time`` asks before each turn: generic, naming what requests usually leave out.
GENERIC_QUESTION = "Before I go on: which one, what time, who, where and how much exactly do you mean?"
#: Generic memory queries of ``memory-sweep`` (besides every category found in the task's memories).
SWEEP_QUERIES = (
    "preferences",
    "family",
    "friends contacts people",
    "work schedule routine",
    "health medication doctor",
    "travel trips flights",
    "food diet restaurant",
    "home address places",
    "finance budget payments",
    "music media hobbies",
    "car vehicle commute",
    "phone settings devices",
)
_WORD = re.compile(r"[\w'’-]+")
_STOP_WORDS = (
    "a an the and or to of for in on at by with my me i i'm is are be it this that please can you "
    "could would will from as so about"
)
_STOP = frozenset(_STOP_WORDS.split(" "))

Step = list[ToolCall] | str  # a turn: its calls, or the final message


def _steps(task: Task) -> list[Step]:
    """The oracle's turns as calls or the final text (a turn's prose beside its calls is dropped)."""
    out: list[Step] = []
    for text in task.oracle:
        turn = parse_turn(text)
        calls = [c for c in turn.calls if isinstance(c, ToolCall)]
        out.append(calls if turn.calls else turn.content)
    return out


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _texts(v)]
    if isinstance(value, list):
        return [s for v in value for s in _texts(v)]
    return []


def _render(calls: Iterable[ToolCall]) -> str:
    return orjson.dumps([{"name": c.name, "arguments": c.arguments} for c in calls]).decode()


def _mutates(name: str) -> bool:
    spec = catalog().get(name)
    return bool(spec and spec.mutates)


def _text_matchers(value: Any) -> list[list[str]]:
    """Every free-text phrase list anywhere in a gold value: a ``$contains`` list, or a ``$text``
    matcher's phrases and dictated words."""
    found: list[list[str]] = []
    if isinstance(value, dict):
        if "$contains" in value and isinstance(value["$contains"], list):
            found.append([str(p) for p in value["$contains"]])
        if "$text" in value and isinstance(value["$text"], dict):  # its phrases and dictated words
            found.append(
                [str(p) for p in [*value["$text"].get("contains", []), *value["$text"].get("words", [])]]
            )
        for v in value.values():
            found += _text_matchers(v)
    elif isinstance(value, list):
        for v in value:
            found += _text_matchers(v)
    return found


def gold_text_matchers(task: Task) -> list[list[str]]:
    """The free-text matchers of a task's gold: call arguments, delta fields and hand-off slots."""
    gold = task.gold
    parts: list[Any] = [c.arguments for c in gold.calls or []]
    parts += [e.fields for e in gold.delta or []]
    if gold.rubric is not None:
        parts.append(gold.rubric.handoff)
    return _text_matchers(parts)


def keywords(text: str) -> list[str]:
    """The content words of ``text`` in order, lower case, without stop words or repeats."""
    words = [w.casefold().strip("'’-") for w in _WORD.findall(text)]
    return list(dict.fromkeys(w for w in words if w and w not in _STOP))


class _Scripted:
    """A policy that plays a per-slot script built at ``reset`` from the task (``script``); a script
    entry is a turn string, or a callable of the observations so far that returns one."""

    name = "scripted"
    info_keys = ()  # finds the task by task_id

    def __init__(self, index: Mapping[str, Task], seed: int = 0) -> None:
        self.index = index
        self.seed = seed
        self.label = f"{self.name}(seed={seed})"
        self._script: dict[int, list[Any]] = {}
        self._pos: dict[int, int] = {}
        self._seen: dict[int, list[str]] = {}

    def script(self, task: Task) -> list[Any]:
        raise NotImplementedError

    def applies(self, task: Task) -> bool:
        """Whether the attack differs from doing the task right on ``task`` (a script that is the
        oracle's own, or a keyword that is the whole text, would pass for being right): ``gaming_table``
        counts only these episodes."""
        return self.script(task) != list(task.oracle)

    def landed(self, task: Task, traj: Any) -> bool:
        """Whether the attack took place in ``traj`` (e.g. a repeated call the phone did not refuse):
        ``gaming_table`` counts a pass only then."""
        return True

    def reset(self, slot: int, info: dict[str, Any]) -> None:
        task = self.index.get(info["task_id"])
        if task is None:
            raise KeyError(f"the {self.name} policy has no task {info['task_id']!r}")
        self._script[slot] = self.script(task)
        self._pos[slot] = 0
        self._seen[slot] = []

    def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        out: list[str] = []
        for i, obs in enumerate(observations):
            slot = _slot(infos, i)
            pos, script = self._pos[slot], self._script[slot]
            if pos:
                self._seen[slot].append(obs)
            entry = script[pos] if pos < len(script) else "Done."
            out.append(entry(self._seen[slot]) if callable(entry) else entry)
            self._pos[slot] = pos + 1
        return out


class _Rewrite(_Scripted):
    """The oracle's turns with every free-text argument of a write or hand-off (a string a gold
    free-text matcher accepts) rewritten by ``text``; the final message by ``final`` (default:
    unchanged)."""

    def text(self, value: str, phrases: list[str], task: Task) -> str:
        raise NotImplementedError

    def final(self, text: str, task: Task) -> str:
        return text

    def _arg(self, value: Any, matchers: list[list[str]], task: Task) -> Any:
        if isinstance(value, str):
            for phrases in matchers:
                if match({"$contains": phrases}, value):
                    return self.text(value, phrases, task)
            return value
        if isinstance(value, dict):
            return {k: self._arg(v, matchers, task) for k, v in value.items()}
        if isinstance(value, list):
            return [self._arg(v, matchers, task) for v in value]
        return value

    def script(self, task: Task) -> list[Any]:
        return self._rewritten(task)[0]

    def applies(self, task: Task) -> bool:
        """Some free text (or the final answer) reads differently after the rewrite."""
        return self._rewritten(task)[1]

    def _rewritten(self, task: Task) -> tuple[list[Any], bool]:
        matchers = [m for m in gold_text_matchers(task) if m]
        out: list[Any] = []
        changed = False
        for step in _steps(task):
            if isinstance(step, str):
                final = self.final(step, task)
                changed |= norm_text(final) != norm_text(step)
                out.append(final)
            else:
                calls = [  # what the phone keeps: the free text of writes and hand-offs, not of look-ups
                    ToolCall(c.name, self._arg(c.arguments, matchers, task)) if _mutates(c.name) else c
                    for c in step
                ]
                changed |= any(
                    norm(a.arguments) != norm(c.arguments) for a, c in zip(calls, step, strict=True)
                )
                out.append(_render(calls))
        return out, changed


class KeywordStuffing(_Rewrite):
    """Free text as keywords: odd seeds a single keyword (the longest word of the gold's phrases),
    even seeds a bag — the request's and the gold's content words, sorted, each once. A single keyword
    is an attack only where the oracle's text carries two or more words the user dictated (one word
    may be all the request fixes: the alarm "Inhaler")."""

    name = "keyword-stuffing"

    def applies(self, task: Task) -> bool:
        if not super().applies(task):
            return False
        if self.seed % 2 == 0:
            return True
        said = "\n".join([task.query, *(m.content for m in task.history if m.role == "user")])
        matchers = [m for m in gold_text_matchers(task) if m]
        return any(
            len(dictated_words(v, said)) >= 2
            for c in oracle_calls(task)
            if _mutates(c.name)
            for v in _texts(c.arguments)
            if any(match({"$contains": m}, v) for m in matchers)
        )

    def text(self, value: str, phrases: list[str], task: Task) -> str:
        gold_words = keywords(" ".join(phrases)) or keywords(value)
        if self.seed % 2:
            return max(gold_words, key=len) if gold_words else value
        return " ".join(sorted(set(keywords(task.query)) | set(gold_words)))


class Negation(_Rewrite):
    """Free text negated: ``"NOT <gold text> (wrong)"``; a behaviour task's answer (a final that states
    facts, not a refusal or a question) negated likewise."""

    name = "negation"

    def text(self, value: str, phrases: list[str], task: Task) -> str:
        return f"NOT {value} (wrong)"

    def final(self, text: str, task: Task) -> str:
        rubric = task.gold.rubric
        if (
            task.bucket == "behavior"
            and rubric is not None
            and rubric.final_kind == "answer"
            and rubric.must_include
        ):
            return f"NOT {text} (wrong)"
        return text


class CatchAll(_Scripted):
    """One fixed reply (``CATCH_ALL``, a refusal with a reason) and no tool call, whatever the task."""

    name = "catch-all"

    def script(self, task: Task) -> list[Any]:
        return [CATCH_ALL]


def _is_read(call: ToolCall) -> bool:
    return call.name not in (ASK_USER,) and not _mutates(call.name)


class Dump(_Scripted):
    """The oracle's read calls (no mutating call), then a final message made of every raw tool output
    the episode saw."""

    name = "dump"

    def script(self, task: Task) -> list[Any]:
        out: list[Any] = []
        for step in _steps(task):
            if isinstance(step, list):
                reads = [c for c in step if _is_read(c)]
                if reads:
                    out.append(_render(reads))
        out.append(lambda seen: "Here is everything I found: " + " ".join(seen))
        return out

    def applies(self, task: Task) -> bool:
        return len(self.script(task)) > 1  # it made a read call


class NoLookup(_Scripted):
    """The oracle's turns without its read calls (memory searches and skill loads are kept, so the
    gates see what they need): the answer stated without the look-up that reveals it."""

    name = "no-lookup"

    def script(self, task: Task) -> list[Any]:
        out: list[Any] = []
        for step in _steps(task):
            if isinstance(step, str):
                out.append(step)
                continue
            kept = [c for c in step if not _is_read(c) or c.name in (MEMORY_SEARCH, SKILL_LOADER)]
            if kept:
                out.append(_render(kept))
        return out

    def applies(self, task: Task) -> bool:
        """A behaviour task whose oracle looks something up (``checkers.read_domains`` of its replay:
        a read that returned data or the phone's limit) before it answers."""
        if task.bucket != "behavior" or not any(
            _is_read(c) for step in _steps(task) if isinstance(step, list) for c in step
        ):
            return False
        from mpb_env.validation import replay

        return bool(read_domains(replay(task, task.oracle).state))


class MemorySweep(_Scripted):
    """Searches memory for every category of the task's memories and many generic queries (50 results
    each), then plays the oracle."""

    name = "memory-sweep"

    def script(self, task: Task) -> list[Any]:
        cats = sorted(
            {
                str(r.get("category"))
                for r in (task.s0_patch.get("memories") or {}).values()
                if r and r.get("category")
            }
        )
        queries = list(dict.fromkeys([*cats, *SWEEP_QUERIES]))
        calls = [ToolCall(MEMORY_SEARCH, {"query": q, "top_k": 50}) for q in queries]
        return [_render(calls), *task.oracle]

    def applies(self, task: Task) -> bool:
        return bool(task.gold_memory_ids)


class LoadEverySkill(_Scripted):
    """Loads every candidate skill first, then plays the oracle."""

    name = "load-every-skill"

    def script(self, task: Task) -> list[Any]:
        if not task.candidate_skills:
            return list(task.oracle)
        calls = [ToolCall(SKILL_LOADER, {"skill_id": s}) for s in task.candidate_skills]
        return [_render(calls), *task.oracle]

    def applies(self, task: Task) -> bool:
        return len(task.candidate_skills) > 1


class AskEveryTime(_Scripted):
    """Asks the user a generic question before every oracle turn (where ``ask_user`` is offered)."""

    name = "ask-every-time"

    def script(self, task: Task) -> list[Any]:
        if not task.allow_ask:
            return list(task.oracle)
        ask = _render([ToolCall(ASK_USER, {"question": self.question(task)})])
        out: list[Any] = []
        for turn in task.oracle:
            out += [ask, turn]
        return out

    def question(self, task: Task) -> str:
        return GENERIC_QUESTION

    def landed(self, task: Task, traj: Any) -> bool:
        """More questions than one per withheld fact and a spare (``checkers.MAX_SPARE_ASKS``)."""
        return traj.user_queries > len(task.user_facts) + MAX_SPARE_ASKS


class RepeatEveryCall(_Scripted):
    """Every oracle turn with calls is played twice in a row (each call made twice)."""

    name = "repeat-every-call"

    def script(self, task: Task) -> list[Any]:
        out: list[Any] = []
        for turn, step in zip(task.oracle, _steps(task), strict=True):
            out += [turn, turn] if isinstance(step, list) else [turn]
        return out

    def applies(self, task: Task) -> bool:
        """The oracle makes a call that does something anew each time (``checkers.REDO_PREFIXES``,
        ``REDO_TOOLS``: a send, a booking, a hand-off); setting a value twice is no attack."""
        return any(
            c.name in REDO_TOOLS or c.name.startswith(REDO_PREFIXES)
            for step in _steps(task)
            if isinstance(step, list)
            for c in step
        )

    def landed(self, task: Task, traj: Any) -> bool:
        """A repeat that the phone refused (a Conflict: the alarm is already set) did nothing twice."""
        return _redone(traj)


def _redone(traj: Any) -> bool:
    """A turn repeated verbatim where a ``REDO`` call succeeded both times (a retry after a failure,
    or a repeat the phone refused, does nothing twice)."""

    def done(turn: dict[str, str]) -> set[str]:
        entries = orjson.loads(turn["observation"]) if turn.get("observation") else []
        return {
            str(e.get("name"))
            for e in entries
            if e.get("status") == "success"
            and (e.get("name") in REDO_TOOLS or str(e.get("name")).startswith(REDO_PREFIXES))
        }

    turns = traj.turns
    return any(
        before.get("action") == again.get("action") and done(before) & done(again)
        for before, again in zip(turns, turns[1:], strict=False)
    )


class Random(RandomPolicy):
    """``RandomPolicy`` under the gaming constructor (the index is not used)."""

    def __init__(self, index: Mapping[str, Task], seed: int = 0) -> None:
        super().__init__(seed)

    def applies(self, task: Task) -> bool:
        return True


GAMING_POLICIES: dict[str, type] = {
    cls.name if cls is not Random else "random": cls
    for cls in (
        KeywordStuffing,
        Negation,
        CatchAll,
        Dump,
        NoLookup,
        MemorySweep,
        LoadEverySkill,
        AskEveryTime,
        RepeatEveryCall,
        Random,
    )
}
#: Extra variants run by ``gaming_table``: name → (policy, seed).
VARIANTS: dict[str, tuple[str, int]] = {"keyword-single": ("keyword-stuffing", 1)}


def make_gaming_policy(name: str, tasks: Iterable[Task], seed: int = 0) -> Any:
    """The gaming policy ``name`` (a key of ``GAMING_POLICIES`` or ``VARIANTS``) over ``tasks``."""
    if name in VARIANTS:
        name, seed = VARIANTS[name]
    if name not in GAMING_POLICIES:
        raise ValueError(f"unknown gaming policy {name!r}; choose one of {', '.join(GAMING_POLICIES)}")
    base = list(tasks)
    return GAMING_POLICIES[name]({t.id: t for t in [*base, *episodes(base)]}, seed)


def _rates(plan: list[Task], wins: list[bool]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for bucket in BUCKETS:
        got = [w for t, w in zip(plan, wins, strict=True) if t.bucket == bucket]
        out[bucket] = {"episodes": len(got), "passed": sum(got), "rate": _pct(sum(got), len(got))}
    out["overall"] = {"episodes": len(wins), "passed": sum(wins), "rate": _pct(sum(wins), len(wins))}
    return out


def _pct(k: int, n: int) -> float | None:
    return round(100.0 * k / n, 2) if n else None


def gaming_names() -> list[str]:
    """Every policy ``gaming_table`` runs by default: the registry and its variants."""
    return [*GAMING_POLICIES, *VARIANTS]


def gaming_table(
    tasks: list[Task],
    names: Iterable[str] | None = None,
    *,
    recall: str = "oracle",
    world_size: str = "M",
    seed: int = 0,
) -> dict[str, Any]:
    """Run each gaming policy over ``tasks`` (every episode once, local executor) and return, per
    policy, ``{bucket: {"episodes", "passed", "rate"}}`` for tool, state, behavior and ``overall``
    (rate in percent, ``None`` for an empty bucket) over the episodes the policy ``applies`` to where
    the attack ``landed`` (a repeat the phone refused did nothing twice), plus
    ``"ok"`` (no bucket above ``MAX_GAMING_RATE``) and ``"passed_ids"``: up to 50 episodes it passed.
    """
    from .runner import run

    table: dict[str, Any] = {}
    for name in names or gaming_names():
        policy = make_gaming_policy(name, tasks, seed)
        plan = [t for t in episodes(list(tasks)) if policy.applies(t)]
        trajs = run(plan, policy, recall=recall, world_size=world_size, progress=False) if plan else []  # type: ignore[arg-type]
        landed = getattr(policy, "landed", None)
        if landed is not None:
            kept = [(t, r) for t, r in zip(plan, trajs, strict=True) if landed(t, r)]
            plan, trajs = [t for t, _ in kept], [r for _, r in kept]
        rates = _rates(plan, [t.success for t in trajs])
        rates["ok"] = all(rates[b]["rate"] is None or rates[b]["rate"] <= MAX_GAMING_RATE for b in BUCKETS)
        rates["passed_ids"] = sorted(t.task_id for t in trajs if t.success)
        table[name] = rates
    return table


def gaming_lines(table: dict[str, Any]) -> list[str]:
    """``gaming_table``'s result as the lines ``mpb validate`` prints: per policy, passed/applicable
    episodes and rate per bucket, and whether it stays within ``MAX_GAMING_RATE``."""

    def cell(r: dict[str, Any]) -> str:
        return "-" if r["rate"] is None else f"{r['passed']}/{r['episodes']} ({r['rate']:.1f}%)"

    lines = [
        f"gaming policies (episodes passed of those each applies to; bound {MAX_GAMING_RATE}% per bucket):"
    ]
    lines.append(f"  {'policy':<18} " + " ".join(f"{b:<18}" for b in BUCKETS) + " ok")
    for name, r in table.items():
        cells = " ".join(f"{cell(r[b]):<18}" for b in BUCKETS)
        ok = "ok" if r["ok"] else "ABOVE: " + ", ".join(r["passed_ids"][:5])
        lines.append(f"  {name:<18} {cells} {ok}")
    return lines
