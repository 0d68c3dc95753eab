"""The curriculum sampler: eligibility by oracle replay, informative draws, schedule, determinism, state."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from mpb_env import load_tasks
from mpb_env.parsing import parse_turn
from mpb_env.rollouts.curriculum import Curriculum, difficulty, oracle_solves
from mpb_env.tasks.model import episodes
from mpb_env.validation import replay

TRAIN = load_tasks(split="train")
#: a small mixed slice: the first 60 train tasks of every dimension
SLICE = [
    t for d in ("basic", "subagent", "memory", "skill") for t in [x for x in TRAIN if x.dimension == d][:60]
]


def test_tasks_the_oracle_cannot_solve_are_never_drawn() -> None:
    cur = Curriculum(SLICE, recall="bm25", tool_search=False, schedule="none", seed=1)
    assert cur.excluded  # without search_tools, BM25 at N=15 leaves some gold tools out of reach
    for tid in cur.excluded:
        task = next(t for t in episodes(SLICE) if t.id == tid)
        assert not oracle_solves(task, "bm25", tool_search=False)
    drawn = {tid for _ in range(200) for tid in cur.sample(8)}
    assert drawn and not drawn & set(cur.excluded)
    assert set(cur.tasks) | set(cur.excluded) == {t.id for t in episodes(SLICE)}
    assert Curriculum(SLICE).excluded == []  # the defaults: every stored oracle succeeds
    assert Curriculum(SLICE, recall="oracle").excluded == []


def test_the_turn_limit_decides_eligibility_too() -> None:
    short = Curriculum(SLICE, recall="oracle", max_turns=2, schedule="none")
    assert short.excluded and len(short.tasks) < len(Curriculum(SLICE, recall="oracle").tasks)
    by_id = {t.id: t for t in episodes(SLICE)}
    for tid in short.excluded[:20]:
        assert not replay(by_id[tid], by_id[tid].oracle, max_turns=2).verdict.success  # type: ignore[union-attr]
    for task in list(short.tasks.values())[:20]:  # checked as it stands once truncated: the writes are done
        assert replay(task, task.oracle, max_turns=2).verdict.success  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="solves none"):
        Curriculum([t for t in SLICE if len(t.oracle) > 3], recall="oracle", max_turns=1)


def test_groups_that_are_all_equal_are_drawn_rarely() -> None:
    cur = Curriculum(SLICE[:6], recall="oracle", schedule="none", group_size=4, seed=0, explore=0.02)
    a, b, c, *rest = list(cur.tasks)
    for _ in range(2):
        cur.update(a, [0.0] * 4)  # always fails
        cur.update(b, [1.0] * 4)  # always succeeds
        cur.update(c, [1.0, 0.0, 0.0, 1.0])  # mixed: informative
    assert cur.parked(a) and cur.parked(b) and not cur.parked(c)
    assert cur.weight(a) == cur.weight(b) == 0.02
    assert cur.weight(c) == pytest.approx(1 - 0.5**4 - 0.5**4)
    counts = Counter(tid for _ in range(500) for tid in cur.sample(1))
    assert counts[c] > 10 * max(counts[a], counts[b], 1)
    assert counts[a] + counts[b] > 0  # parked, not banned: revisited now and then
    cur.update(a, [1.0, 0.0, 0.0, 0.0])  # the policy changed: a mixed group unparks it
    assert not cur.parked(a)
    assert cur.totals == {"groups": 7, "mixed": 3, "all_fail": 2, "all_success": 2, "uniform_other": 0}


def test_pass_rate_follows_the_latest_groups() -> None:
    cur = Curriculum(SLICE[:3], recall="oracle", schedule="none", decay=0.5)
    tid = next(iter(cur.tasks))
    assert cur.pass_rate(tid) == 0.5
    cur.update(tid, [0.0] * 8)
    low = cur.pass_rate(tid)
    cur.update(tid, [1.0] * 8)
    assert low < 0.5 < cur.pass_rate(tid)
    with pytest.raises(KeyError):
        cur.update("no-such-task", [1.0])


def test_the_pool_grows_from_easy_to_hard() -> None:
    cur = Curriculum(SLICE, recall="bm25", schedule="linear", start_fraction=0.2, ramp_steps=10)
    pools = [cur.pool(s) for s in range(12)]
    assert 0 < len(pools[0]) < len(cur.tasks) and pools[10] == pools[11] == list(cur.tasks)
    assert all(set(p) <= set(q) for p, q in zip(pools, pools[1:], strict=False))
    first = set(pools[0])
    hardest_in = max(difficulty(cur.tasks[t], "bm25") for t in first)
    assert all(difficulty(cur.tasks[t], "bm25") > hardest_in for t in cur.tasks if t not in first)
    assert {tid for _ in range(50) for tid in cur.sample(4)} <= first | set(cur.pool())
    easy = [t for t in cur.tasks.values() if difficulty(t, "bm25") == 1]
    assert all(sum(not parse_turn(x).is_final for x in t.oracle) <= 1 for t in easy)


def test_draws_are_deterministic_and_resume_from_a_snapshot() -> None:
    def play(cur: Curriculum, rounds: int) -> list[list[str]]:
        out = []
        for r in range(rounds):
            ids = cur.sample(3)
            for k, tid in enumerate(ids):
                cur.update(tid, [float((r + k) % 2), 0.0, 1.0, 0.0])
            out.append(ids)
        return out

    make = lambda seed: Curriculum(SLICE, recall="oracle", seed=seed, ramp_steps=5, group_size=4)  # noqa: E731
    one, two = make(7), make(7)
    assert play(one, 6) == play(two, 6)
    assert play(make(7), 6) != play(make(8), 6)
    snapshot = json.loads(json.dumps(one.state_dict()))  # JSON all the way
    ahead = play(one, 4)
    resumed = make(123)
    resumed.load_state_dict(snapshot)
    assert play(resumed, 4) == ahead
    assert resumed.state_dict() == one.state_dict()
    with pytest.raises(ValueError, match="another curriculum"):
        Curriculum(SLICE, recall="oracle", max_turns=10).load_state_dict(snapshot)
