"""The paper's scoring: weights, full denominators and the task-level bootstrap intervals."""

from __future__ import annotations

import numpy as np

from mpb_env.scoring import report, task_of


def _skill(outcomes: list[bool]) -> list[tuple[tuple[str, str], bool]]:
    """Both routings of each skill task with the same outcome."""
    return [((f"skill-{i:04d}@{r}", "skill"), ok) for i, ok in enumerate(outcomes) for r in ("SOR", "MTSR")]


def _run(rows: list[tuple[tuple[str, str], bool]], seed: int = 0) -> dict:
    return report([e for e, _ in rows], [ok for _, ok in rows], seed=seed)


def test_a_skill_tasks_two_routings_are_resampled_together() -> None:
    """Paired episodes are one unit: 200 tasks with equal SOR/MTSR outcomes give the interval of 200
    single outcomes, not the narrower one of 400 independent ones."""
    outcomes = list(np.random.default_rng(1).random(200) < 0.6)
    paired = _run(_skill(outcomes))
    single = _run([((f"skill-{i:04d}", "skill"), ok) for i, ok in enumerate(outcomes)])
    assert paired["skill"] == single["skill"] and paired["counts"]["skill"]["episodes"] == 400
    assert paired["ci95"]["skill"] == single["ci95"]["skill"]
    independent = _run([((f"skill-{i:04d}", "skill"), ok) for i, ok in enumerate(outcomes * 2)])
    width = paired["ci95"]["skill"][1] - paired["ci95"]["skill"][0]
    assert width > independent["ci95"]["skill"][1] - independent["ci95"]["skill"][0]


def test_a_dimensions_interval_does_not_depend_on_the_other_dimensions() -> None:
    skill = _skill(list(np.random.default_rng(2).random(100) < 0.5))
    basic = [((f"basic-{i:04d}", "basic"), i % 3 == 0) for i in range(300)]
    alone, mixed = _run(skill), _run(basic + skill)
    assert alone["ci95"]["skill"] == mixed["ci95"]["skill"]
    assert mixed["ci95"]["basic"] == _run(basic)["ci95"]["basic"]


def test_intervals_are_seeded_and_hold_the_score() -> None:
    rows = _skill([True, False, True, True, False] * 20) + [
        ((f"m-{i}", "memory"), i % 4 != 0) for i in range(80)
    ]
    a, b, c = _run(rows, seed=5), _run(rows, seed=5), _run(rows, seed=6)
    assert a == b and a["ci95"] != c["ci95"]
    for d in ("skill", "memory", "overall"):
        lo, hi = a["ci95"][d]
        assert lo <= a[d] <= hi and lo < hi
    assert a["ci95"]["basic"] is None and a["basic"] is None


def test_task_of() -> None:
    skill = "skill-morning_routine-001"
    assert task_of(f"{skill}@SOR") == task_of(f"{skill}@MTSR") == skill
    assert task_of("basic-apps.clear_cache-001") == "basic-apps.clear_cache-001"


def test_the_weighted_score_is_reachable_from_the_package() -> None:
    """The public contract names ``mpb_env.scoring.overall_score``: ``import mpb_env`` alone reaches it."""
    import mpb_env

    assert mpb_env.scoring.overall_score(100.0, 0.0, 0.0, 0.0) == 50.0
    assert mpb_env.scoring.overall_score(0.0, 100.0, 100.0, 100.0) == 50.0
