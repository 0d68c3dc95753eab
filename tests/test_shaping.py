"""The opt-in shaped reward: null policy → 0, oracle → 1, partial progress in between; components."""

from __future__ import annotations

import pytest

from mpb_env import load_tasks
from mpb_env.checkers import Verdict
from mpb_env.rollouts.policies import NULL_MESSAGE
from mpb_env.shaping import (
    FAIL_WEIGHT,
    NULL_ACTION,
    SHAPED_RANGE,
    null_baseline,
    raw_partial,
    reward_components,
    shaped_reward,
)
from mpb_env.tasks.model import Task, episodes
from mpb_env.validation import replay

TRAIN = episodes(load_tasks(split="train"))


def _one_per_kind() -> list[Task]:
    """The first train task of every (dimension, bucket) pair: every checker and gate combination."""
    seen: dict[tuple[str, str], Task] = {}
    for t in TRAIN:
        seen.setdefault((t.dimension, t.bucket), t)
    return list(seen.values())


KINDS = _one_per_kind()


def test_the_null_action_is_the_null_policys() -> None:
    assert NULL_ACTION == NULL_MESSAGE


@pytest.mark.parametrize("task", KINDS, ids=lambda t: t.id)
def test_null_policy_earns_nothing_and_the_oracle_everything(task: Task) -> None:
    null = replay(task, [NULL_ACTION]).verdict
    oracle = replay(task, task.oracle).verdict
    assert null is not None and oracle is not None and oracle.success and not null.success
    assert shaped_reward(null, task) == 0.0
    assert shaped_reward(oracle, task) == 1.0
    assert shaped_reward(oracle.model_dump(), task) == 1.0  # info["verdict"] form


def test_the_baseline_is_what_doing_nothing_earns_and_is_cached() -> None:
    behaviour = next(t for t in TRAIN if t.dimension == "basic" and t.bucket == "behavior")
    base = null_baseline(behaviour)
    assert base > 0.5  # a refusal passes most behaviour checks: why the raw credit must be corrected
    assert base == raw_partial(replay(behaviour, [NULL_ACTION]).verdict)  # type: ignore[arg-type]
    assert behaviour.derived("shaping.null_baseline", lambda: -1.0) == base


def test_half_of_the_gold_calls_earns_between_nothing_and_success() -> None:
    task = next(
        t
        for t in TRAIN
        if t.bucket == "tool"
        and len(t.gold.calls or []) == 2
        and not t.gold_memory_ids
        and not t.gold_skill
        and not t.gold.any_order
        and len(t.oracle) == 3
    )
    half = replay(task, [task.oracle[0], "Done."], recall="all").verdict
    assert half is not None and not half.success and half.partial["primary"] == 0.5
    reward = shaped_reward(half, task)
    assert 0.0 < reward < 1.0
    assert reward == pytest.approx(FAIL_WEIGHT * 0.5)


def test_harm_beyond_doing_nothing_is_negative_and_clipped() -> None:
    task = next(t for t in TRAIN if t.bucket == "state" and not t.gold_memory_ids and not t.gold_skill)
    harm = '{"name": "set_display_brightness", "arguments": {"level": 37}}'
    verdict = replay(task, [harm, "Done."], recall="all").verdict
    assert verdict is not None and verdict.partial["primary"] == 0.0
    reward = shaped_reward(verdict, task)
    assert SHAPED_RANGE[0] <= reward <= 0.0
    worst = Verdict(success=False, primary=False, partial={"primary": 0.0})
    assert shaped_reward(worst, next(t for t in TRAIN if t.bucket == "behavior")) < 0.0


@pytest.mark.parametrize("task", KINDS, ids=lambda t: t.id)
def test_components_lay_out_primary_and_each_gate(task: Task) -> None:
    verdict = replay(task, task.oracle[-1:]).verdict  # the final message alone: the calls are missing
    assert verdict is not None
    parts = reward_components(verdict, task)
    assert parts["success"] == float(verdict.success) and parts["primary"] == float(verdict.primary)
    assert parts["primary_partial"] == verdict.partial["primary"]
    gates = {k.removeprefix("gate_"): v for k, v in parts.items() if k.startswith("gate_")}
    assert gates == {g: float(ok) for g, ok in verdict.gates.items()}
    assert ("memory" in gates) == bool(task.gold_memory_ids) and ("skill" in gates) == bool(task.gold_skill)
    assert parts["null_baseline"] == null_baseline(task)
    assert parts["shaped"] == shaped_reward(verdict, task)
    assert SHAPED_RANGE[0] <= parts["shaped"] <= SHAPED_RANGE[1]
