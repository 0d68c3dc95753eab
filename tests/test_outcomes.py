"""Failing episodes end alone: typed outcomes, policy isolation and timeouts, resume past failures,
and run directories that refuse symlinks."""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path
from typing import Any

import numpy as np
import orjson
import pytest

import mpb_env.episode
from mpb_env.envs.single import MobilePAEnv
from mpb_env.envs.vector import MobilePAVectorEnv
from mpb_env.outcomes import OUTCOMES, error_reason, reward_valid
from mpb_env.rollouts import cli
from mpb_env.rollouts.policies import OraclePolicy, make_policy
from mpb_env.rollouts.report import build_report, format_table
from mpb_env.rollouts.runner import (
    MANIFEST_FILE,
    TIMINGS_FILE,
    TRAJECTORIES_FILE,
    RunConflict,
    Trajectory,
    read_trajectories,
    run,
)
from mpb_env.tasks import load_tasks
from mpb_env.tasks.model import episodes

TASKS = load_tasks("starter")[:8]
PLAN = episodes(TASKS)
BAD = PLAN[4].id  # the episode the broken policies below fail on
KW: dict[str, Any] = {"world_size": "S", "progress": False, "batch_size": 3}


class Oracle:
    """The oracle, with a hook that breaks it for the episode ``BAD``; one label whatever the hook, so
    a run can be resumed with the hook off."""

    label = "oracle-with-faults"
    info_keys = ()

    def __init__(self) -> None:
        self.oracle = make_policy("oracle", TASKS)
        self.broken = True

    def hit(self, infos: list[dict[str, Any]]) -> bool:
        return self.broken and any(i["task_id"] == BAD for i in infos)

    def reset(self, slot: int, info: dict[str, Any]) -> None:
        self.oracle.reset(slot, info)

    def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        return self.oracle.act(observations, infos)


class Raising(Oracle):
    def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        if self.hit(infos):
            raise RuntimeError("the model server broke\nTraceback (most recent call last): ...")
        return self.oracle.act(observations, infos)


class AsyncRaising(Oracle):
    async def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        await asyncio.sleep(0)
        if self.hit(infos):
            raise RuntimeError("the model server broke")
        return self.oracle.act(observations, infos)


class WrongCount(Oracle):
    def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        actions = self.oracle.act(observations, infos)
        return actions + ["Done."] if self.hit(infos) else actions


class RaisingReset(Oracle):
    def reset(self, slot: int, info: dict[str, Any]) -> None:
        if self.hit([info]):
            raise KeyError("no chat for this task")
        self.oracle.reset(slot, info)


class Hanging(Oracle):
    made: list[threading.Event] = []

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.made.append(self.release)

    def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        if self.hit(infos):
            self.release.wait(60)  # abandoned by the timeout; released when the test ends
        return self.oracle.act(observations, infos)


class HangingReset(Hanging):
    """The oracle, whose ``reset`` for ``BAD`` blocks (abandoned by the timeout; released at the end);
    ``resets`` lists the episodes whose reset returned."""

    def __init__(self) -> None:
        super().__init__()
        self.resets: list[str] = []

    def reset(self, slot: int, info: dict[str, Any]) -> None:
        if self.hit([info]):
            self.release.wait(60)
        self.oracle.reset(slot, info)
        self.resets.append(info["task_id"])

    def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        return self.oracle.act(observations, infos)


class AsyncHanging(Oracle):
    async def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        if self.hit(infos):
            await asyncio.sleep(60)  # cancelled by the timeout
        return self.oracle.act(observations, infos)


class AsyncRendezvous(Oracle):
    """The oracle, whose batch call hangs while it holds the first turn of either episode of ``PAIR``,
    and whose call for one of them alone at that turn waits until the other's has begun too: asked
    one after the other, both would time out."""

    PAIR = frozenset({PLAN[1].id, PLAN[4].id})

    def __init__(self) -> None:
        super().__init__()
        self.arrived: set[str] = set()
        self.both: asyncio.Event | None = None

    async def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        first = {i["task_id"] for i in infos if "turn" not in i} & self.PAIR
        if first and len(infos) > 1:
            await asyncio.sleep(60)  # cancelled by the timeout
        if first:
            self.both = self.both or asyncio.Event()
            self.arrived |= first
            if self.arrived == self.PAIR:
                self.both.set()
            await self.both.wait()
        return self.oracle.act(observations, infos)


@pytest.fixture(scope="module")
def healthy() -> list[Trajectory]:
    return run(TASKS, OraclePolicy({t.id: t for t in PLAN}), **KW)


@pytest.fixture(autouse=True)
def _release_hung_threads() -> Any:
    yield
    for release in Hanging.made:
        release.set()


def _check_one_failed(trajs: list[Trajectory], healthy: list[Trajectory], outcome: str, error: str) -> None:
    """Every episode recorded once, in plan order; ``BAD`` failed with ``outcome`` and ``error``, every
    other one exactly as in a healthy run."""
    assert [t.task_id for t in trajs] == [t.id for t in PLAN]
    for t, ok in zip(trajs, healthy, strict=True):
        if t.task_id == BAD:
            assert (t.outcome, t.reward_valid, t.reward, t.success) == (outcome, False, 0.0, False)
            assert t.error == error and t.verdict == {}
        else:
            assert t.line() == ok.line() and t.outcome == "ok" and t.success


@pytest.mark.parametrize("policy", [Raising, AsyncRaising], ids=["sync", "async"])
def test_a_raising_policy_fails_its_episode_alone(
    tmp_path: Path, healthy: list[Trajectory], policy: type[Oracle]
) -> None:
    trajs = run(TASKS, policy(), out=tmp_path / "run", **KW)
    _check_one_failed(trajs, healthy, "policy_error", "RuntimeError: the model server broke")
    assert read_trajectories(tmp_path / "run" / TRAJECTORIES_FILE) == [
        t.model_copy(update={"timings": {}}) for t in trajs
    ]


def test_a_policy_with_the_wrong_count_fails_its_episode_alone(healthy: list[Trajectory]) -> None:
    trajs = run(TASKS, WrongCount(), **KW)
    _check_one_failed(
        trajs, healthy, "policy_error", "ValueError: policy.act returned 2 actions for 1 observations"
    )


def test_a_policy_raising_in_reset_fails_that_episode(healthy: list[Trajectory]) -> None:
    trajs = run(TASKS, RaisingReset(), **KW)
    _check_one_failed(trajs, healthy, "policy_error", "reset: KeyError: 'no chat for this task'")
    assert next(t for t in trajs if t.task_id == BAD).turns == []  # never asked to act


@pytest.mark.parametrize("policy", [Hanging, AsyncHanging], ids=["sync", "async"])
def test_a_hanging_policy_times_out_its_call(healthy: list[Trajectory], policy: type[Oracle]) -> None:
    trajs = run(TASKS, policy(), policy_timeout=0.5, **{**KW, "batch_size": 1})
    _check_one_failed(
        trajs, healthy, "policy_timeout", "policy.act did not return within policy_timeout=0.5 s"
    )


@pytest.mark.parametrize("batch_size", [3, len(PLAN)])
@pytest.mark.parametrize("policy", [Hanging, AsyncHanging], ids=["sync", "async"])
def test_a_timed_out_batch_is_asked_again_slot_by_slot(
    healthy: list[Trajectory], policy: type[Oracle], batch_size: int
) -> None:
    """A batch call that times out is made again with each slot alone, each within the timeout: only
    the episode that hangs alone ends with ``policy_timeout``, whatever the batch layout."""
    trajs = run(TASKS, policy(), policy_timeout=0.5, **{**KW, "batch_size": batch_size})
    _check_one_failed(
        trajs, healthy, "policy_timeout", "policy.act did not return within policy_timeout=0.5 s"
    )


def test_an_async_policys_slots_are_asked_again_all_at_once(healthy: list[Trajectory]) -> None:
    """Two episodes each wait, alone, for the other's call to begin: asked again one after the other
    both would time out; asked at once (each with its own timeout) both go on."""
    trajs = run(TASKS, AsyncRendezvous(), policy_timeout=2.0, **{**KW, "batch_size": len(PLAN)})
    assert [t.line() for t in trajs] == [t.line() for t in healthy]


@pytest.mark.parametrize("batch_size", [3, len(PLAN)])
def test_a_hanging_reset_times_out_that_episode(healthy: list[Trajectory], batch_size: int) -> None:
    """``reset`` goes through the same timeout as ``act``: the episode whose reset hangs ends with
    ``policy_timeout``, the run goes on and every other episode plays as in a healthy run. A round's
    resets run in turn in one thread: those after the one that hangs run on a new one, once each."""
    policy = HangingReset()
    trajs = run(TASKS, policy, policy_timeout=0.5, **{**KW, "batch_size": batch_size})
    assert sorted(policy.resets) == sorted(t.id for t in PLAN if t.id != BAD)
    _check_one_failed(
        trajs, healthy, "policy_timeout", "policy.reset did not return within policy_timeout=0.5 s"
    )


def test_a_policy_timeout_must_be_positive() -> None:
    with pytest.raises(ValueError, match="policy_timeout must be > 0"):
        run(TASKS, Raising(), policy_timeout=0, **KW)


def test_an_env_error_ends_that_episode_alone(
    monkeypatch: pytest.MonkeyPatch, healthy: list[Trajectory]
) -> None:
    real = mpb_env.episode.check

    def check(task: Any, *args: Any) -> Any:
        if task.id == BAD:
            raise ZeroDivisionError("a checker bug\nwith more lines")
        return real(task, *args)

    monkeypatch.setattr(mpb_env.episode, "check", check)
    trajs = run(TASKS, OraclePolicy({t.id: t for t in PLAN}), **KW)
    _check_one_failed(trajs, healthy, "env_error", "ZeroDivisionError: a checker bug")


def test_the_envs_final_info_carries_the_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sub-env whose checker fails gets ``env_error`` in its final info; ``step`` does not raise and
    the other sub-envs end ``ok``. The single env says the same, and T_max is ``budget``."""
    real = mpb_env.episode.check
    bad, good = PLAN[0], PLAN[1]

    def check(task: Any, *args: Any) -> Any:
        if task.id == bad.id:
            raise RuntimeError("checker bug")
        return real(task, *args)

    monkeypatch.setattr(mpb_env.episode, "check", check)
    env = MobilePAVectorEnv(num_envs=2, tasks=TASKS, world_size="S", recall="oracle")
    env.reset(options={"task_ids": [bad.id, good.id]})
    _, reward, terminated, truncated, info = env.step(np.array(["Done.", "Done."], dtype=object))
    assert list(info["outcome"]) == ["env_error", "ok"] and list(info["reward_valid"]) == [False, True]
    assert info["error"][0] == "RuntimeError: checker bug" and list(reward) == [0.0, 0.0]
    assert list(truncated) == [True, False] and list(terminated) == [False, True]

    single = MobilePAEnv(tasks=TASKS, world_size="S", max_turns=1)
    single.reset(options={"task_id": good.id})
    *_, info = single.step(good.oracle[0] if len(good.oracle) > 1 else '{"name": "list_alarms"}')
    assert (info["outcome"], info["reward_valid"]) == ("budget", True)


def test_resume_continues_past_a_failed_episode(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(TASKS, Raising(), out=out, **KW)
    whole = (out / TRAJECTORIES_FILE).read_bytes()
    lines = whole.splitlines(keepends=True)
    cut = [t.id for t in PLAN].index(BAD) + 2  # the failed episode and the one after it are kept
    (out / TRAJECTORIES_FILE).write_bytes(b"".join(lines[:cut]))
    trajs = run(TASKS, Raising(), out=out, resume=True, **KW)
    assert (out / TRAJECTORIES_FILE).read_bytes() == whole
    assert [t.outcome for t in trajs].count("policy_error") == 1


def test_retry_failed_plays_only_the_failed_episodes_again(tmp_path: Path, healthy: list[Trajectory]) -> None:
    out = tmp_path / "run"
    first = run(TASKS, Raising(), out=out, **KW)
    before = (out / TRAJECTORIES_FILE).read_bytes().splitlines(keepends=True)
    fixed = Raising()
    fixed.broken = False
    again = run(TASKS, fixed, out=out, retry_failed=True, **KW)
    after = (out / TRAJECTORIES_FILE).read_bytes().splitlines(keepends=True)
    assert [t.line() for t in again] == [t.line() for t in healthy]
    assert after == [t.line() for t in healthy]
    bad = [t.id for t in PLAN].index(BAD)
    assert [k for k in range(len(PLAN)) if after[k] != before[k]] == [bad]  # the others kept as they were
    assert first[bad].outcome == "policy_error"
    assert len((out / TIMINGS_FILE).read_bytes().splitlines()) == len(PLAN)
    assert not [p for p in os.listdir(out) if p.endswith(".tmp")]


def test_old_trajectory_lines_read_as_ok(tmp_path: Path, healthy: list[Trajectory]) -> None:
    record = orjson.loads(healthy[0].line())
    for key in ("outcome", "reward_valid", "error"):
        del record[key]
    (tmp_path / "old.jsonl").write_bytes(orjson.dumps(record) + b"\n")
    (old,) = read_trajectories(tmp_path / "old.jsonl")
    assert (old.outcome, old.reward_valid, old.error) == ("ok", True, None)


def test_the_report_counts_each_outcome(healthy: list[Trajectory]) -> None:
    trajs = run(TASKS, Raising(), **KW)
    rep = build_report(trajs[:-1], TASKS)  # the last one missing
    assert rep["outcomes"] == {
        **dict.fromkeys(OUTCOMES, 0),
        "ok": len(PLAN) - 2,
        "policy_error": 1,
        "missing": 1,
    }
    assert rep["failures"]["policy_error"]["first"] == BAD
    full = build_report(healthy, TASKS)
    # the full denominator: the failed and the missing episode count, scored 0
    assert rep["counts"]["basic"] == {"episodes": 8, "successes": full["counts"]["basic"]["successes"] - 2}
    assert rep["overall"] < full["overall"]
    assert f"outcomes: ok {len(PLAN) - 2}, budget 0, policy_error 1" in format_table(rep)


def test_eval_prints_one_line_per_failed_outcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_bytes(b"".join(orjson.dumps(t.model_dump(mode="json")) + b"\n" for t in TASKS))
    monkeypatch.setattr(cli, "make_policy", lambda *a, **k: Raising())
    code = cli.main(["eval", "--tasks", str(tasks), "--world-size", "S", "--out", str(tmp_path / "run")])
    out, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in out + err
    lines = [line for line in err.splitlines() if line.startswith("mpb: policy_error")]
    assert lines == [
        f"mpb: policy_error: 1 episode scored 0, e.g. {BAD}: RuntimeError: the model server broke"
    ]
    report = orjson.loads((tmp_path / "run" / "report.json").read_bytes())
    assert report["outcomes"]["policy_error"] == 1


@pytest.mark.parametrize("resume", [False, True])
def test_a_symlinked_run_file_is_refused_and_its_target_untouched(tmp_path: Path, resume: bool) -> None:
    out = tmp_path / "run"
    if resume:
        run(TASKS[:2], Raising(), out=out, **KW)
        (out / TIMINGS_FILE).unlink()
    else:
        out.mkdir()
    target = tmp_path / "precious.txt"
    target.write_bytes(b"keep me\n")
    (out / TIMINGS_FILE).symlink_to(target)
    with pytest.raises(RunConflict, match=r"timings\.jsonl is a symbolic link"):
        run(TASKS, Raising(), out=out, resume=resume, **KW)
    assert target.read_bytes() == b"keep me\n"
    assert (out / TIMINGS_FILE).is_symlink()


def test_a_symlinked_manifest_is_refused_by_the_cli_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    out.mkdir()
    target = tmp_path / "elsewhere.json"
    target.write_bytes(b"{}")
    (out / MANIFEST_FILE).symlink_to(target)
    code = cli.main(["eval", "--policy", "null", "--limit", "1", "--out", str(out), "--no-progress"])
    _, err = capsys.readouterr()
    assert code == 2 and "run.json is a symbolic link" in err and "Traceback" not in err
    assert target.read_bytes() == b"{}"


def test_error_reasons_are_one_line() -> None:
    assert error_reason(ValueError("a\nb")) == "ValueError: a"
    assert error_reason(KeyError()) == "KeyError"
    assert len(error_reason(RuntimeError("x" * 1000))) == 200
    assert [reward_valid(o) for o in OUTCOMES] == [True, True, False, False, False]


def test_export_leaves_out_failed_episodes(tmp_path: Path) -> None:
    from mpb_env.rollouts.export import run_records

    run(TASKS, Raising(), out=tmp_path / "run", **KW)
    records = run_records(tmp_path / "run", tasks=TASKS)
    assert [r["task_id"] for r in records] == [t.id for t in PLAN if t.id != BAD]


@pytest.fixture(scope="module")
def local_ray() -> Any:
    """A Ray instance for this module's Ray tests alone, shut down after them (test_ray.py starts its own)."""
    ray = pytest.importorskip("ray")
    from mpb_env.rollouts import ray_executor

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray_executor.shutdown_pool()
    ray.shutdown()


@pytest.mark.usefixtures("local_ray")
@pytest.mark.parametrize(
    "policy, timeout, error",
    [
        (Raising, None, "RuntimeError: the model server broke"),
        (WrongCount, None, "ValueError: policy.act returned 2 actions for 1 observations"),
        (RaisingReset, None, "reset: KeyError: 'no chat for this task'"),
        (Hanging, 0.5, "policy.act did not return within policy_timeout=0.5 s"),
        (HangingReset, 0.5, "policy.reset did not return within policy_timeout=0.5 s"),
    ],
    ids=["raising", "wrong-count", "raising-reset", "hanging", "hanging-reset"],
)
def test_on_ray_a_failing_policy_fails_its_episode_alone(
    tmp_path: Path, healthy: list[Trajectory], policy: type[Oracle], timeout: float | None, error: str
) -> None:
    """The Ray executor calls the policy through the same ``call_policy``: the run completes on its
    actors, the failed episode is recorded with its outcome, every other one as in a healthy run."""
    outcome = "policy_error" if timeout is None else "policy_timeout"
    trajs = run(
        TASKS, policy(), executor="ray", workers=2, policy_timeout=timeout or 600.0, out=tmp_path / "r", **KW
    )
    _check_one_failed(trajs, healthy, outcome, error)
    assert len(read_trajectories(tmp_path / "r" / TRAJECTORIES_FILE)) == len(PLAN)


@pytest.mark.usefixtures("local_ray")
def test_on_ray_an_async_policy_that_hangs_times_out_that_episode_alone(
    tmp_path: Path, healthy: list[Trajectory]
) -> None:
    """The Ray driver hands an async policy every ready batch in one call (its requests run
    concurrently), so a call that hangs holds episodes of both actors; asked again slot by slot, only
    the episode that hangs alone ends with ``policy_timeout``, as in the local run, byte for byte."""
    late = "policy.act did not return within policy_timeout=0.5 s"
    local = run(TASKS, AsyncHanging(), policy_timeout=0.5, **KW)
    trajs = run(
        TASKS, AsyncHanging(), executor="ray", workers=2, policy_timeout=0.5, out=tmp_path / "r", **KW
    )
    _check_one_failed(trajs, healthy, "policy_timeout", late)
    assert [t.line() for t in trajs] == [t.line() for t in local]
    assert len(read_trajectories(tmp_path / "r" / TRAJECTORIES_FILE)) == len(PLAN)
