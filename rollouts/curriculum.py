"""A curriculum sampler for group-based RL (GRPO): which tasks to play next, easy to hard, and only
those whose groups teach something.

GRPO learns only from a group whose rewards differ: a group of G episodes that all fail, or all
succeed, has zero advantage everywhere. ``Curriculum`` tracks each task's pass rate from the groups
reported to it (``update(task_id, rewards)``) and draws the tasks whose next group is likeliest to be
mixed, from a pool that grows from easy to hard.

**Eligibility.** A task is drawn only if its own oracle solves it under the env settings the trainer
uses (``recall``, ``top_n``, ``max_turns``, ``world_size``): each candidate's oracle is replayed once
with ``mpb_env.validation.replay`` and the answer cached on the task (``task.derived``). Under the
default BM25 recall with N = 15, 277 of the 1,905 ``train`` episodes fail that test (the oracle does not
call ``search_tools`` for a gold tool the retriever missed: 137 basic, 28 sub-agent, 112 memory); with
``recall="oracle"`` none do. ``excluded`` lists them.

**Difficulty** (``difficulty(task, recall, top_n)``, an int; lower is easier): the oracle's tool-call
turns, plus one per friction the task injects, plus 2 when a gold tool is missing from A0 under the
recall setting (the model must find it with ``search_tools``; skill tasks excepted, whose tools come
with the skill), plus 1 for a sub-agent or memory task and 2 for a skill task, plus 1 under Skill-Only
Routing. Pass ``difficulty_of=`` a function of a task to use another order.

**Schedule.** ``"linear"``: at sampling step s the pool holds the easiest ``fraction(s)`` of the
eligible tasks, ``fraction(s) = start_fraction + (1 - start_fraction) · min(1, s / ramp_steps)``,
rounded up to a whole difficulty level (tasks of equal difficulty enter together). ``"none"``: every
eligible task from the start.

**Weights.** Per task, success and failure counts (each group's counts added after the old ones are
multiplied by ``decay``, so the estimate follows a policy that improves) give the pass rate p̂ = (s + 1)
/ (s + f + 2), and the weight is the chance that a group of ``group_size`` is mixed, 1 − p̂^G − (1 − p̂)^G:
an unseen task (p̂ = ½) weighs most, a task that always fails or always succeeds little. A task whose
last ``patience`` groups were all uniform (every reward equal) is *parked*: it keeps only the floor
weight ``explore``, so it is revisited now and then (the policy changes) but rarely. A success is a
reward ≥ 1.0 (the binary verdict, or a shaped reward's success value).

**Determinism.** Draws depend only on ``seed``, the updates made and the calls to ``sample``;
``state_dict()`` is JSON-serialisable and ``load_state_dict`` resumes the exact sequence.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

import numpy as np

from mpb_env.episode import T_MAX, initial_tools
from mpb_env.parsing import parse_turn
from mpb_env.recall import DEFAULT_TOP_N, gold_recall
from mpb_env.tasks.model import RecallMode, Task, episodes
from mpb_env.validation import replay

__all__ = ["Curriculum", "difficulty", "oracle_solves"]

Schedule = Literal["linear", "none"]
_DIMENSION_COST = {"basic": 0, "subagent": 1, "memory": 1, "skill": 2}


def oracle_solves(
    task: Task,
    recall: RecallMode = "bm25",
    top_n: int = DEFAULT_TOP_N,
    max_turns: int = T_MAX,
    world_size: str = "M",
    tool_search: bool = True,
) -> bool:
    """Whether the task's oracle succeeds under these env settings (replayed once, cached on the task)."""
    key = ("curriculum.oracle_solves", recall, top_n, max_turns, world_size, tool_search)

    def build() -> bool:
        ep = replay(
            task,
            task.oracle,
            recall=recall,
            world_size=world_size,
            top_n=top_n,
            max_turns=max_turns,
            tool_search=tool_search,
        )
        return bool(ep.verdict is not None and ep.verdict.success)

    return task.derived(key, build)  # type: ignore[no-any-return]


def difficulty(task: Task, recall: RecallMode = "bm25", top_n: int = DEFAULT_TOP_N) -> int:
    """The curriculum's difficulty of a task (module docs); lower is easier."""
    score = sum(not parse_turn(turn).is_final for turn in task.oracle) + len(task.frictions)
    score += _DIMENSION_COST[task.dimension] + (1 if task.routing == "SOR" else 0)
    if task.gold_skill is None:
        found = gold_recall(task, list(initial_tools(task, task.recall or recall, top_n)))
        if found is not None and found < 1.0:
            score += 2
    return score


class _Stats:
    """One task's record: decayed successes and failures, the run of uniform groups, groups seen."""

    __slots__ = ("successes", "failures", "uniform_run", "groups")

    def __init__(self) -> None:
        self.successes = 0.0
        self.failures = 0.0
        self.uniform_run = 0
        self.groups = 0

    def pass_rate(self) -> float:
        return (self.successes + 1.0) / (self.successes + self.failures + 2.0)


class Curriculum:
    """Per-task pass rates → draws of informative tasks from an easy-to-hard pool (module docs).

    Args:
        tasks: candidate tasks; a skill task without a routing stands for its ``@SOR`` and ``@MTSR``
            episodes, each a task of its own here.
        group_size: G, the episodes per group (for the mixed-group weight).
        seed: the sampler's seed.
        recall: the env's recall mode, e.g. ``"bm25"`` (for eligibility and difficulty).
        top_n: the env's recall N.
        max_turns: the env's T_max.
        world_size: the env's base world, ``"S" | "M" | "L"``.
        tool_search: whether the env offers ``search_tools`` (its default; under the defaults every
            stored oracle succeeds, so only other settings exclude tasks).
        schedule: ``"linear"`` (a pool growing from easy to hard) or ``"none"`` (all eligible tasks).
        start_fraction: the share of eligible tasks in the first pool (``"linear"``), in (0, 1].
        ramp_steps: ``sample`` calls until the pool holds every eligible task (``"linear"``).
        decay: how much of a task's old counts each new group keeps, in (0, 1].
        patience: uniform groups in a row that park a task.
        explore: the floor weight of every pooled task (and the whole weight of a parked one).
        difficulty_of: a function of a task giving a sortable difficulty, instead of ``difficulty``.

    Raises:
        ValueError: a setting out of range, or no task the oracle can solve under these settings.
    """

    def __init__(
        self,
        tasks: Iterable[Task],
        *,
        group_size: int = 8,
        seed: int = 0,
        recall: RecallMode = "bm25",
        top_n: int = DEFAULT_TOP_N,
        max_turns: int = T_MAX,
        world_size: str = "M",
        tool_search: bool = True,
        schedule: Schedule = "linear",
        start_fraction: float = 0.25,
        ramp_steps: int = 200,
        decay: float = 0.8,
        patience: int = 2,
        explore: float = 0.02,
        difficulty_of: Callable[[Task], Any] | None = None,
    ) -> None:
        if group_size < 2:
            raise ValueError(f"group_size must be >= 2 (a group of one has no spread), got {group_size}")
        if schedule not in ("linear", "none"):
            raise ValueError(f"unknown schedule {schedule!r}; choose linear or none")
        if not 0.0 < start_fraction <= 1.0 or not 0.0 < decay <= 1.0 or not 0.0 < explore <= 1.0:
            raise ValueError("start_fraction, decay and explore must lie in (0, 1]")
        if ramp_steps < 1 or patience < 1:
            raise ValueError("ramp_steps and patience must be >= 1")
        self.group_size = group_size
        self.seed = seed
        self.settings = {
            "recall": recall,
            "top_n": top_n,
            "max_turns": max_turns,
            "world_size": world_size,
            "tool_search": tool_search,
        }
        self.schedule: Schedule = schedule
        self.start_fraction = start_fraction
        self.ramp_steps = ramp_steps
        self.decay = decay
        self.patience = patience
        self.explore = explore
        candidates = episodes(list(tasks))
        solvable = [oracle_solves(t, recall, top_n, max_turns, world_size, tool_search) for t in candidates]
        self.excluded: list[str] = [t.id for t, ok in zip(candidates, solvable, strict=True) if not ok]
        eligible = [t for t, ok in zip(candidates, solvable, strict=True) if ok]
        if not eligible:
            raise ValueError(
                f"the oracle solves none of the {len(candidates)} tasks under recall={recall!r}, "
                f"top_n={top_n}, max_turns={max_turns}, tool_search={tool_search}"
            )
        rank = difficulty_of or (lambda t: difficulty(t, recall, top_n))
        keyed = [(rank(t), i, t) for i, t in enumerate(eligible)]  # ties keep the suite's order
        keyed.sort(key=lambda x: (x[0], x[1]))
        #: eligible tasks, easiest first, and each one's difficulty
        self.tasks: dict[str, Task] = {t.id: t for _, _, t in keyed}
        self.levels: list[Any] = [d for d, _, _ in keyed]
        self._ids: list[str] = list(self.tasks)
        self._stats: dict[str, _Stats] = {tid: _Stats() for tid in self._ids}
        self.step = 0
        self._rng = np.random.default_rng(seed)
        self.totals = {"groups": 0, "mixed": 0, "all_fail": 0, "all_success": 0, "uniform_other": 0}

    # ------------------------------------------------------------------ the pool
    def fraction(self, step: int | None = None) -> float:
        """The share of eligible tasks pooled at ``step`` (default: the current one)."""
        if self.schedule == "none":
            return 1.0
        s = self.step if step is None else step
        return self.start_fraction + (1.0 - self.start_fraction) * min(1.0, s / self.ramp_steps)

    def pool(self, step: int | None = None) -> list[str]:
        """The task ids pooled at ``step``, easiest first (whole difficulty levels)."""
        k = max(1, math.ceil(self.fraction(step) * len(self._ids)))
        if k >= len(self._ids):
            return list(self._ids)
        threshold = self.levels[k - 1]
        while k < len(self._ids) and self.levels[k] == threshold:
            k += 1
        return self._ids[:k]

    # ------------------------------------------------------------------ weights and draws
    def pass_rate(self, task_id: str) -> float:
        """The task's estimated pass rate (½ before any group)."""
        return self._stats[task_id].pass_rate()

    def parked(self, task_id: str) -> bool:
        """Whether the task's last ``patience`` groups were all uniform."""
        return self._stats[task_id].uniform_run >= self.patience

    def weight(self, task_id: str) -> float:
        """The task's draw weight (module docs)."""
        if self.parked(task_id):
            return self.explore
        p, g = self.pass_rate(task_id), self.group_size
        return max(self.explore, 1.0 - p**g - (1.0 - p) ** g)

    def sample(self, n: int) -> list[str]:
        """``n`` task ids to play next (one group each): distinct while the pool has ``n`` tasks, drawn
        by weight; advances the schedule by one step."""
        if n < 1:
            raise ValueError(f"n must be >= 1, got {n}")
        ids = self.pool()
        w = np.array([self.weight(t) for t in ids], dtype=float)
        picks = self._rng.choice(len(ids), size=n, replace=n > len(ids), p=w / w.sum())
        self.step += 1
        return [ids[int(i)] for i in picks]

    def update(self, task_id: str, rewards: Sequence[float]) -> None:
        """Record one group's rewards for ``task_id`` (a success is a reward ≥ 1.0).

        Raises:
            KeyError: a task that is not eligible here.
            ValueError: an empty group.
        """
        if task_id not in self._stats:
            raise KeyError(f"{task_id!r} is not one of the curriculum's eligible tasks")
        values = [float(r) for r in rewards]
        if not values:
            raise ValueError("a group needs at least one reward")
        st = self._stats[task_id]
        wins = sum(1 for r in values if r >= 1.0)
        st.successes = self.decay * st.successes + wins
        st.failures = self.decay * st.failures + (len(values) - wins)
        st.groups += 1
        uniform = max(values) - min(values) <= 1e-9
        st.uniform_run = st.uniform_run + 1 if uniform else 0
        self.totals["groups"] += 1
        if not uniform:
            self.totals["mixed"] += 1
        elif wins == 0 and values[0] <= 0.0:
            self.totals["all_fail"] += 1
        elif wins == len(values):
            self.totals["all_success"] += 1
        else:
            self.totals["uniform_other"] += 1  # equal shaped rewards that are neither 0 nor success

    def stats(self) -> dict[str, Any]:
        """Counts for logging: eligible, excluded, pooled and parked tasks, groups by kind, step."""
        pooled = self.pool()
        return {
            "step": self.step,
            "eligible": len(self._ids),
            "excluded": len(self.excluded),
            "pooled": len(pooled),
            "parked": sum(self.parked(t) for t in pooled),
            **self.totals,
        }

    # ------------------------------------------------------------------ state
    def state_dict(self) -> dict[str, Any]:
        """A JSON-serialisable snapshot: settings, step, RNG state, per-task records and totals."""
        return {
            "seed": self.seed,
            "settings": dict(self.settings),
            "tasks": list(self._ids),
            "step": self.step,
            "rng": self._rng.bit_generator.state,
            "stats": {
                tid: [st.successes, st.failures, st.uniform_run, st.groups]
                for tid, st in self._stats.items()
                if st.groups
            },
            "totals": dict(self.totals),
        }

    def load_state_dict(self, state: dict[str, Any]) -> None:
        """Resume from ``state_dict()`` output.

        Raises:
            ValueError: the snapshot is of other env settings or another set of eligible tasks.
        """
        if state["settings"] != self.settings or state["tasks"] != self._ids:
            raise ValueError("the snapshot is of another curriculum (other env settings or tasks)")
        self.seed = int(state["seed"])
        self.step = int(state["step"])
        self._rng.bit_generator.state = state["rng"]
        self._stats = {tid: _Stats() for tid in self._ids}
        for tid, (s, f, run, groups) in state["stats"].items():
            st = self._stats[tid]
            st.successes, st.failures, st.uniform_run, st.groups = float(s), float(f), int(run), int(groups)
        self.totals = {k: int(v) for k, v in state["totals"].items()}
