"""Every task of the hand-written starter suite: the oracle passes without unexplained tool errors, the null policy
fails, and every meaningful corruption of the oracle is rejected by the task's checker."""

from __future__ import annotations

from collections import Counter

import pytest

from mpb_env.tasks import episodes, load_tasks, suite_bytes
from mpb_env.tasks.build import suite_jsonl
from mpb_env.tasks.model import BASIC_CATEGORIES
from mpb_env.tasks.starter import build
from mpb_env.validation import corruptions, replay, sensitivity, unexpected_errors
from mpb_env.world.generate import load_world

TASKS = load_tasks("starter")
EPISODES = episodes(TASKS)


def test_suite_file_is_regenerated_exactly() -> None:
    assert suite_jsonl(build()) == suite_bytes("starter")


def test_suite_covers_the_issue_spec() -> None:
    assert len(TASKS) >= 40
    assert {t.dimension for t in TASKS} == {"basic", "subagent", "memory", "skill"}
    assert {t.bucket for t in TASKS} == {"tool", "state", "behavior"}
    assert set(BASIC_CATEGORIES) <= {t.category for t in TASKS if t.dimension == "basic"}
    assert any(t.gold_memory_ids for t in TASKS) and any(t.gold_skill for t in TASKS)
    frictions = Counter(f for t in TASKS for f in t.frictions)
    for kind in ("permission", "dependency", "ambiguity", "runtime_error"):
        assert frictions[kind] >= 1, kind
    assert any(t.faults for t in TASKS)
    assert len({t.query for t in TASKS}) == len(TASKS)
    assert Counter(e.routing for e in EPISODES if e.dimension == "skill") == {
        "SOR": sum(t.dimension == "skill" for t in TASKS),
        "MTSR": sum(t.dimension == "skill" for t in TASKS),
    }


@pytest.mark.parametrize("task", EPISODES, ids=lambda t: t.id)
def test_oracle_passes_and_null_fails(task) -> None:
    ep = replay(task, task.oracle)
    assert ep.verdict.success, ep.verdict.reasons
    assert ep.done, "the oracle must end with a final message"
    assert not unexpected_errors(task, ep)
    null = replay(task, ["I can't help with that."])
    assert not null.verdict.success


@pytest.mark.parametrize("task", EPISODES, ids=lambda t: t.id)
def test_every_corruption_is_rejected(task) -> None:
    names = [name for name, _ in corruptions(task)]
    assert names, "every task must have at least one corruption its checker rejects"
    if task.bucket in ("tool", "state"):
        assert "drop_last_write" in names and any(n.startswith("perturb:") for n in names)
        assert "extra_unrelated_write" in names
    if task.gold_memory_ids:
        assert "skip_memory_search" in names
    if task.gold_skill:
        assert "skip_skill_load" in names
    survivors = [name for name, killed in sensitivity(task) if not killed]
    assert not survivors


def test_oracles_never_write_the_base_world() -> None:
    world = load_world()
    before = world.digest()
    for task in EPISODES:
        replay(task, task.oracle)
    assert world.digest() == before


def test_oracle_replays_are_deterministic() -> None:
    for task in EPISODES[:10]:
        a, b = replay(task, task.oracle), replay(task, task.oracle)
        assert a.state.log == b.state.log
        assert a.state.delta() == b.state.delta()
