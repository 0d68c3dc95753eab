"""The seeded task generator: bench-v2 (the paper's exact distribution), train, dev and interaction.

``build_bench()`` fills the paper's quotas (§3.4, §4.1) from the registered families with a fixed seed:
Basic 1,040 (208 per behavioural category), Sub-agent 89, Memory 376 (176 single-turn / 200 multi-turn,
188 DB-primary (state bucket) / 188 API-primary (tool bucket)), Skill 200. Every candidate is checked as
it is drawn: its oracle must pass with no unexplained tool error and the null policy must fail;
duplicate queries are drawn again. ``generate(split="train", n, seed)`` draws from the train side of
every family (other phrasings and entity halves), so train never repeats a bench query, template or
entity combination.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from typing import Any

from mpb_env.tasks.gen import pools as _pools
from mpb_env.tasks.gen.core import FAMILIES, Ctx, Draft, Family, Skip
from mpb_env.tasks.model import BASIC_CATEGORIES, Task

BENCH_VERSION = "bench-v2"
BENCH_SEED = 20260520
#: The paper's counts (§4.1): group → episodes to draw.
BASIC_PER_CATEGORY = 208
SUBAGENT_TASKS = 89
SKILL_TASKS = 200
#: Memory: (turns, bucket) → count; 176 single + 200 multi, 188 state (DB) + 188 tool (API).
MEMORY_QUOTAS: dict[tuple[str, str], int] = {
    ("single", "state"): 88,
    ("single", "tool"): 88,
    ("multi", "state"): 100,
    ("multi", "tool"): 100,
}
MAX_ATTEMPTS_PER_TASK = 60

_LOADED = False


def load_families() -> dict[str, Family]:
    """Import every ``fam_*`` module of this package once (registering its families)."""
    global _LOADED
    if not _LOADED:
        for m in pkgutil.iter_modules(__path__):
            if m.name.startswith("fam_"):
                importlib.import_module(f"{__name__}.{m.name}")
        _LOADED = True
    return FAMILIES


def _to_task(fam: Family, ctx: Ctx, draft: Draft, task_id: str, version: str) -> Task:
    from mpb_env.tasks.build import task

    meta = {**draft.meta, "family": fam.id, "entities": [f"{p}={v}" for p, v in ctx.entities]}
    return task(
        id=task_id,
        version=version,
        dimension=fam.dimension,
        category=draft.category or fam.category,
        bucket=draft.bucket or fam.bucket,
        query=draft.query,
        history=draft.history,
        now=draft.now,
        s0_patch=draft.s0_patch,
        faults=draft.faults,
        candidate_skills=draft.candidate_skills,
        gold=draft.gold,
        gold_memory_ids=draft.gold_memory_ids,
        gold_skill=draft.gold_skill,
        oracle=draft.oracle,
        frictions=draft.frictions,
        user_facts=draft.user_facts,
        allow_ask=bool(draft.user_facts) if draft.allow_ask is None else draft.allow_ask,
        template=ctx.template or fam.id,
        meta=meta,
    )


def _sound(t: Task) -> str | None:
    """Why a drawn task is unusable (its oracle fails, hits an unexplained error, or null passes)."""
    from mpb_env.validation import replay, unexpected_errors

    for variant in [t] if t.dimension != "skill" else [t.with_routing("SOR"), t.with_routing("MTSR")]:
        ep = replay(variant, variant.oracle, recall="bm25")  # the default settings: no gold help
        if not ep.verdict.success:  # type: ignore[union-attr]
            return f"oracle fails: {ep.verdict.reasons}"  # type: ignore[union-attr]
        errs = unexpected_errors(variant, ep)
        if errs:
            return f"unexplained errors {errs}"
        if replay(variant, ["I can't help with that."]).verdict.success:  # type: ignore[union-attr]
            return "the null policy passes"
    return None


class _Drawer:
    def __init__(self, split: str, seed: int, version: str, exclude: Iterable[str] = ()) -> None:
        self.split = split
        self.seed = seed
        self.version = version
        self.queries: set[str] = set(exclude)
        self.draws: dict[str, int] = {}
        self.rejected: dict[str, list[str]] = {}

    def one(self, fam: Family, task_id: str, want: dict[str, Any] | None = None) -> Task | None:
        """One sound, new task from ``fam`` (or None after too many fruitless draws)."""
        for _ in range(MAX_ATTEMPTS_PER_TASK):
            draw = self.draws.get(fam.id, 0)
            self.draws[fam.id] = draw + 1
            ctx = Ctx(self.split, fam.id, draw, self.seed, _pools.POOLS)
            ctx.want = dict(want or {})
            try:
                draft = fam.fn(ctx)
            except Skip:
                continue
            if draft.query in self.queries:
                continue
            t = _to_task(fam, ctx, draft, task_id, self.version)
            problem = _sound(t)
            if problem:
                self.rejected.setdefault(fam.id, []).append(problem)
                continue
            self.queries.add(draft.query)
            return t
        return None

    def fill(
        self, fams: list[Family], count: int, prefix: str, want: dict[str, Any] | None = None
    ) -> list[Task]:
        """``count`` tasks round-robin over ``fams`` (weighted), skipping exhausted families."""
        order = [f for f in fams for _ in range(f.weight)]
        out: list[Task] = []
        dead: set[str] = set()
        i = 0
        while len(out) < count:
            live = [f for f in order if f.id not in dead]
            if not live:
                why = "; ".join(f"{k}: {v[-1]}" for k, v in self.rejected.items())
                raise RuntimeError(
                    f"cannot fill {prefix}: {len(out)}/{count} drawn before its families ran out of new "
                    f"tasks (asking for fewer tasks, e.g. a smaller n, fits them)"
                    + (f"; last rejections: {why}" if why else "")
                )
            fam = live[i % len(live)]
            i += 1
            t = self.one(fam, f"{prefix}-{len(out) + 1:04d}", want)
            if t is None:
                dead.add(fam.id)
            else:
                out.append(t)
        return out


def _families(
    split: str, dimension: str, category: str | None = None, bucket: str | None = None
) -> list[Family]:
    fams = [
        f
        for f in load_families().values()
        if f.dimension == dimension
        and split in f.splits
        and (category is None or f.category == category)
        and (bucket is None or f.bucket == bucket)
    ]
    return sorted(fams, key=lambda f: f.id)


def _renumber(tasks: list[Task], prefix: str) -> list[Task]:
    return [t.model_copy(update={"id": f"{prefix}-{i + 1:04d}"}) for i, t in enumerate(tasks)]


def build_suite(
    split: str, seed: int, version: str, scale: float = 1.0, exclude: Iterable[str] = ()
) -> list[Task]:
    """The paper's distribution (scaled by ``scale``) drawn from ``split``'s side of every family."""
    d = _Drawer(split, seed, version, exclude)
    basic: list[Task] = []
    for cat in BASIC_CATEGORIES:
        basic += d.fill(_families(split, "basic", cat), round(BASIC_PER_CATEGORY * scale), f"basic-{cat}")
    subagent = d.fill(_families(split, "subagent"), round(SUBAGENT_TASKS * scale), "subagent")
    memory: list[Task] = []
    for (turns, bucket), n in MEMORY_QUOTAS.items():
        memory += d.fill(
            _families(split, "memory", bucket=bucket),
            round(n * scale),
            f"memory-{turns}-{bucket}",
            {"turns": turns},
        )
    skill = d.fill(_families(split, "skill"), round(SKILL_TASKS * scale), "skill")
    return [
        *_renumber(basic, "basic"),
        *_renumber(subagent, "subagent"),
        *_renumber(memory, "memory"),
        *_renumber(skill, "skill"),
    ]


def build_bench() -> list[Task]:
    """bench-v2: exactly the paper's 1,705 tasks."""
    return build_suite("bench", BENCH_SEED, BENCH_VERSION)


INTERACTION_VERSION = "interaction-v2"
INTERACTION_TASKS = 45
INTERACTION_CONTROLS = 15


def build_interaction() -> list[Task]:
    """The interaction suite: tasks whose key fact only the simulated user has (the planner must ask),
    plus fully specified controls where asking is wasted (UIQ's denominator counts spurious askers)."""
    d = _Drawer("interaction", BENCH_SEED, INTERACTION_VERSION)
    fams = [f for f in load_families().values() if "interaction" in f.splits]
    asking = sorted((f for f in fams if not f.id.startswith("interaction.control")), key=lambda f: f.id)
    controls = sorted((f for f in fams if f.id.startswith("interaction.control")), key=lambda f: f.id)
    return [
        *_renumber(d.fill(asking, INTERACTION_TASKS, "interaction"), "interaction"),
        *_renumber(d.fill(controls, INTERACTION_CONTROLS, "control"), "interaction-control"),
    ]


def generate(
    split: str = "train",
    n: int | None = None,
    seed: int = 0,
    exclude: Iterable[str] = (),
    version: str | None = None,
) -> list[Task]:
    """Training (or dev) tasks from the train side of every family: disjoint from bench.

    Args:
        split: ``"train"`` or ``"dev"``.
        n: about how many tasks (the paper's mix, scaled); default one bench-sized suite.
        seed: the draw's seed; different seeds give different tasks.
        exclude: queries that must not be drawn (e.g. the default train set, for dev).
        version: the tasks' version name, which also prefixes their ids (default
            ``<split>-seed<seed>``; the stored sets are named by edition: ``train-s1``, ``dev-s1``).
    """
    if split not in ("train", "dev"):
        raise ValueError(f"generate() makes train or dev tasks, not {split!r}")
    scale = 1.0 if n is None else n / 1705
    prefix = "train" if split == "train" else "dev"
    version = version or f"{prefix}-seed{seed}"
    tasks = build_suite(split, seed, version, scale, exclude)
    return [t.model_copy(update={"id": f"{version}-{t.id}"}) for t in tasks]
