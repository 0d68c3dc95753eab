"""The paper's scoring (§3.5): full-denominator dimension scores, the weighted overall, and intervals.

* Each dimension's score is successes / the number of scored episodes the suite defines for it — a
  missing or invalid prediction counts as a failure.
* Skill pools its SOR and MTSR episodes (200 tasks → 400 scored trajectories in bench-v1).
* Overall = 0.50·Basic + 0.10·SubAgent + 0.20·Memory + 0.20·Skill (percentages in and out).
* 95% intervals by a seeded, stratified bootstrap that resamples *tasks*: a skill task's SOR and MTSR
  episodes are one unit (their outcomes are paired, not independent), and each dimension draws from
  its own generator, so its interval does not depend on which other dimensions the run holds. The
  overall's interval re-weights the dimensions' resamples.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

WEIGHTS: dict[str, float] = {"basic": 0.50, "subagent": 0.10, "memory": 0.20, "skill": 0.20}
DIMENSIONS = tuple(WEIGHTS)


def overall_score(basic: float, subagent: float, memory: float, skill: float) -> float:
    """The weighted overall score, percentages in and out.

    >>> overall_score(100, 100, 100, 100)
    100.0
    >>> round(overall_score(80, 50, 60, 70), 2)
    71.0
    """
    return (
        WEIGHTS["basic"] * basic
        + WEIGHTS["subagent"] * subagent
        + WEIGHTS["memory"] * memory
        + WEIGHTS["skill"] * skill
    )


def outcome_vectors(
    expected: Iterable[tuple[str, str]], successes: Mapping[str, bool] | Sequence[bool]
) -> dict[str, np.ndarray]:
    """Per dimension, a 0/1 vector over every expected episode ``(episode_id, dimension)``; an episode
    without a result scores 0 (full denominator). ``successes`` maps episode ids to outcomes, or lists
    one outcome per expected episode in order (a plan that holds an episode more than once)."""
    out: dict[str, list[float]] = {d: [] for d in DIMENSIONS}
    if isinstance(successes, Mapping):
        for episode_id, dim in expected:
            out[dim].append(1.0 if successes.get(episode_id, False) else 0.0)
    else:
        pairs = list(expected)
        if len(pairs) != len(successes):
            raise ValueError(f"{len(successes)} outcomes for {len(pairs)} expected episodes")
        for (_, dim), ok in zip(pairs, successes, strict=True):
            out[dim].append(1.0 if ok else 0.0)
    return {d: np.asarray(v, dtype=float) for d, v in out.items()}


def _pct(v: np.ndarray) -> float | None:
    return float(100.0 * v.mean()) if v.size else None


def task_of(episode_id: str) -> str:
    """The task an episode belongs to: a skill episode ``<id>@SOR`` / ``<id>@MTSR`` is task ``<id>``.

    >>> task_of("skill-morning_routine-002@MTSR"), task_of("basic-apps.clear_cache-001")
    ('skill-morning_routine-002', 'basic-apps.clear_cache-001')
    """
    return episode_id.split("@", 1)[0]


def _task_totals(episode_ids: Sequence[str], v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per task (in first-seen order): successes and episodes."""
    index: dict[str, int] = {}
    rows = np.fromiter((index.setdefault(task_of(e), len(index)) for e in episode_ids), int, len(episode_ids))
    return np.bincount(rows, weights=v, minlength=len(index)), np.bincount(rows, minlength=len(index))


def bootstrap(episode_ids: Sequence[str], v: np.ndarray, n_boot: int, rng: np.random.Generator) -> np.ndarray:
    """``n_boot`` resampled scores (percent) of one dimension: tasks drawn with replacement, each with
    all of its episodes, scored as successes / episodes of the draw (the pooled score's own estimator)."""
    wins, sizes = _task_totals(episode_ids, v)
    idx = rng.integers(0, wins.size, size=(n_boot, wins.size))
    return 100.0 * wins[idx].sum(axis=1) / sizes[idx].sum(axis=1)


def report(
    expected: Iterable[tuple[str, str]],
    successes: Mapping[str, bool] | Sequence[bool],
    n_boot: int = 2000,
    seed: int = 0,
) -> dict[str, object]:
    """Scores, counts and 95% bootstrap intervals for a run.

    A dimension with no episodes in the selection has score ``None`` and contributes 0 to the overall
    (so a partial selection is never mistaken for a full-suite score).
    """
    pairs = list(expected)
    vecs = outcome_vectors(pairs, successes)
    ids: dict[str, list[str]] = {d: [] for d in DIMENSIONS}
    for episode_id, dim in pairs:
        ids[dim].append(episode_id)
    scores = {d: _pct(v) for d, v in vecs.items()}
    overall = overall_score(*((scores[d] or 0.0) for d in DIMENSIONS))
    boots: dict[str, np.ndarray] = {}
    for k, (d, v) in enumerate(vecs.items()):
        rng = np.random.default_rng([seed, k])  # one generator per dimension
        boots[d] = bootstrap(ids[d], v, n_boot, rng) if v.size else np.zeros(n_boot)
    overall_boot = sum(WEIGHTS[d] * boots[d] for d in DIMENSIONS)
    ci = {d: _interval(boots[d]) if vecs[d].size else None for d in DIMENSIONS}
    ci["overall"] = _interval(overall_boot)
    return {
        "overall": round(overall, 2),
        **{d: (None if scores[d] is None else round(scores[d], 2)) for d in DIMENSIONS},
        "ci95": ci,
        "counts": {d: {"episodes": int(v.size), "successes": int(v.sum())} for d, v in vecs.items()},
    }


def _interval(samples: np.ndarray) -> list[float]:
    lo, hi = np.percentile(samples, [2.5, 97.5])
    return [round(float(lo), 2), round(float(hi), 2)]


def uiq(interaction: Iterable[tuple[bool, int]], spurious_asks: int) -> float:
    """User Interaction Quality (MobileWorld, eqs. 5–6) in percent.

    Args:
        interaction: ``(success, ask_user calls)`` of every true interaction task.
        spurious_asks: how many tasks that needed no clarification called ``ask_user`` anyway.

    q_i = s_i / c_i when the agent asked at least once (else 0); UIQ = Σ q_i / (interaction tasks +
    spurious askers). Success with one question scores 1; asking when it was not needed costs.

    >>> uiq([(True, 1), (True, 2), (False, 1), (True, 0)], spurious_asks=1)
    30.0
    """
    rows = list(interaction)
    total = len(rows) + spurious_asks
    if not total:
        return 0.0
    return round(100.0 * sum((1.0 / c if ok else 0.0) if c >= 1 else 0.0 for ok, c in rows) / total, 2)
