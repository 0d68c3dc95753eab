"""The seeded task generator: bench-v2 (the paper's exact distribution), train, dev and interaction.

``build_bench()`` fills the paper's quotas (§3.4, §4.1) from the registered families with a fixed seed:
Basic 1,040 (208 per behavioural category), Sub-agent 89, Memory 376 (176 single-turn / 200 multi-turn,
188 DB-primary (state bucket) / 188 API-primary (tool bucket)), Skill 200. Each group's count is
apportioned over its families (``apportion``) and each family's share taken from the front of its own
seeded draw stream, so adding a family changes no other family's tasks and a task's id names its
family and its place in that stream (``task_id``). Every candidate is checked as it is drawn: its
oracle must pass with no unexplained tool error and the null policy must fail; a draw that repeats a
query of its stream, or is the same task as or a near-duplicate of one kept there
(``mpb_env.tasks.language``), is drawn again (across families, ``tests/test_language.py`` holds every
stored suite to none). ``generate(split="train", n, seed)`` draws from the train side of every family
(other phrasings and entity halves), so train never repeats a bench query, template or entity
combination.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from typing import Any

from mpb_env.tasks.gen import pools as _pools
from mpb_env.tasks.gen.core import FAMILIES, Ctx, Draft, Family, Skip
from mpb_env.tasks.language import NearDuplicates, task_key
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


def apportion(fams: list[Family], count: int) -> dict[str, int]:
    """``count`` split over ``fams`` by weight (largest remainder; ties go to the lower family id).

    Depends only on the set of families and their weights, never on their order of registration."""
    fams = sorted(fams, key=lambda f: f.id)
    total = sum(f.weight for f in fams)
    if not fams or count <= 0:
        return {f.id: 0 for f in fams}
    exact = {f.id: count * f.weight / total for f in fams}
    share = {k: int(v) for k, v in exact.items()}
    rest = count - sum(share.values())
    for k in sorted(exact, key=lambda k: (-(exact[k] - share[k]), k))[:rest]:
        share[k] += 1
    return share


def task_id(fam: Family, k: int, stream: str = "") -> str:
    """A task's id, ``<dimension>-<family>[-<stream>]-<k>`` (a family id's leading ``<dimension>.``,
    or ``interaction.`` for the interaction suite's families, becomes that word and a hyphen; k counts
    from 001), e.g. ``basic-apps.clear_cache-002``, ``memory-add_fact-multi-004``: the k-th task of that family's own draw stream. It names the same
    task as long as that family's code and data do, whatever other families are added or removed."""
    head, _, rest = fam.id.partition(".")
    name = (
        f"{head}-{rest}" if head in (fam.dimension, "interaction") and rest else f"{fam.dimension}-{fam.id}"
    )
    return f"{name}{'-' + stream if stream else ''}-{k:03d}"


class _Stream:
    """One family's tasks for one want (e.g. multi-turn), in order: draw 0, 1, 2, ... of its own seeded
    ``Ctx``, each kept when sound and new *within this stream*: not a query, the same task
    (``language.task_key``) nor a near-duplicate query (``language.NEAR_DUPLICATE``) of one kept
    before. Nothing outside the stream changes what it yields, so a family's k-th task is the same
    task whichever other families the suite holds."""

    def __init__(
        self, drawer: _Drawer, fam: Family, want: dict[str, Any] | None, stream: str, version: str
    ) -> None:
        self.drawer = drawer
        self.fam = fam
        self.want = dict(want or {})
        self.stream = stream
        self.version = version
        self.tasks: list[Task] = []
        self.draw = 0
        self.dead = False
        self.keys: set[tuple[str, bool, tuple[str, ...], str]] = set()
        self.queries: set[str] = set()
        self.near = NearDuplicates()

    def take(self, n: int) -> list[Task]:
        """The stream's first ``n`` tasks (fewer if the family runs out of new sound tasks)."""
        while len(self.tasks) < n and not self.dead:
            t = self._next()
            if t is None:
                self.dead = True
            else:
                self.tasks.append(t)
        return self.tasks[:n]

    def _next(self) -> Task | None:
        fam, d = self.fam, self.drawer
        for _ in range(MAX_ATTEMPTS_PER_TASK):
            draw = self.draw
            self.draw += 1
            key = fam.id if self.stream in ("", "single") else f"{fam.id}@{self.stream}"
            ctx = Ctx(d.split, fam.id, draw, d.seed, _pools.POOLS, stream=key, nth=len(self.tasks))
            ctx.want = dict(self.want)
            try:
                draft = fam.fn(ctx)
            except Skip:
                continue
            if draft.query in d.exclude or draft.query in self.queries:
                continue
            t = _to_task(fam, ctx, draft, task_id(fam, len(self.tasks) + 1, self.stream), self.version)
            k = task_key(t)
            if k in self.keys:
                d.rejected.setdefault(fam.id, []).append("the same task as one drawn before")
                continue
            twin = self.near.match(t.query)
            if twin is not None:
                d.rejected.setdefault(fam.id, []).append(f"a near-duplicate of {twin!r}")
                continue
            problem = _sound(t)
            if problem:
                d.rejected.setdefault(fam.id, []).append(problem)
                continue
            self.keys.add(k)
            self.queries.add(t.query)
            self.near.add(t.query)
            return t
        return None


class _Drawer:
    def __init__(self, split: str, seed: int, version: str, exclude: Iterable[str] = ()) -> None:
        self.split = split
        self.seed = seed
        self.version = version
        self.exclude: frozenset[str] = frozenset(exclude)
        self.rejected: dict[str, list[str]] = {}

    def fill(
        self,
        fams: list[Family],
        count: int,
        label: str,
        want: dict[str, Any] | None = None,
        stream: str = "",
    ) -> list[Task]:
        """``count`` tasks from ``fams``: each family's quota (``apportion`` by weight), taken from the
        front of its own stream; the quota of a family that runs out is apportioned again over the
        families that have not. Tasks come grouped by family, families in id order."""
        fams = sorted(fams, key=lambda f: f.id)
        streams = {f.id: _Stream(self, f, want, stream, self.version) for f in fams}
        quota = apportion(fams, count)
        while True:
            got = {k: len(s.take(quota[k])) for k, s in streams.items()}
            short = count - sum(got.values())
            if short <= 0:
                break
            live = [f for f in fams if not streams[f.id].dead]
            if not live:
                why = "; ".join(f"{k}: {v[-1]}" for k, v in self.rejected.items())
                raise RuntimeError(
                    f"cannot fill {label}: {sum(got.values())}/{count} drawn before its families ran out "
                    f"of new tasks (asking for fewer tasks, e.g. a smaller n, fits them)"
                    + (f"; last rejections: {why}" if why else "")
                )
            quota = {k: got[k] for k in quota}
            for k, extra in apportion(live, short).items():
                quota[k] += extra
        return [t for f in fams for t in streams[f.id].tasks[: quota[f.id]]]


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


def build_suite(
    split: str, seed: int, version: str, scale: float = 1.0, exclude: Iterable[str] = ()
) -> list[Task]:
    """The paper's distribution (scaled by ``scale``) drawn from ``split``'s side of every family.

    Each group (a Basic category, Sub-agent, a Memory (turns, bucket) cell, Skill) is ``fill``-ed on its
    own, so a family added to one group changes no task of another group, nor any task of the other
    families in its own group except by shortening (or lengthening) their run: the ids and bytes of
    the tasks they keep stay the same (``tests/test_language.py`` proves it)."""
    d = _Drawer(split, seed, version, exclude)
    basic: list[Task] = []
    for cat in BASIC_CATEGORIES:
        basic += d.fill(_families(split, "basic", cat), round(BASIC_PER_CATEGORY * scale), f"basic {cat}")
    subagent = d.fill(_families(split, "subagent"), round(SUBAGENT_TASKS * scale), "subagent")
    memory: list[Task] = []
    for (turns, bucket), n in MEMORY_QUOTAS.items():
        memory += d.fill(
            _families(split, "memory", bucket=bucket),
            round(n * scale),
            f"memory {turns} {bucket}",
            {"turns": turns},
            stream=turns,
        )
    skill = d.fill(_families(split, "skill"), round(SKILL_TASKS * scale), "skill")
    return [*basic, *subagent, *memory, *skill]


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
        *d.fill(asking, INTERACTION_TASKS, "interaction"),
        *d.fill(controls, INTERACTION_CONTROLS, "control"),
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
