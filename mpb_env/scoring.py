"""The paper's scoring (§3.5): full-denominator dimension scores, the weighted overall, and intervals.

* Each dimension's score is successes / the number of scored episodes the suite defines for it — a
  missing or invalid prediction counts as a failure.
* Skill pools its SOR and MTSR episodes (200 tasks → 400 scored trajectories in bench-v1).
* Overall = 0.50·Basic + 0.10·SubAgent + 0.20·Memory + 0.20·Skill (percentages in and out).
* 95% intervals by a seeded, stratified bootstrap over episodes (the overall's interval resamples
  every dimension and re-weights).
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
    vecs = outcome_vectors(expected, successes)
    scores = {d: _pct(v) for d, v in vecs.items()}
    overall = overall_score(*((scores[d] or 0.0) for d in DIMENSIONS))
    rng = np.random.default_rng(seed)
    boots: dict[str, np.ndarray] = {}
    for d, v in vecs.items():
        if v.size:
            idx = rng.integers(0, v.size, size=(n_boot, v.size))
            boots[d] = 100.0 * v[idx].mean(axis=1)
        else:
            boots[d] = np.zeros(n_boot)
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
