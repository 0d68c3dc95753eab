"""The Ray executor against the local one, on a local Ray instance with 2 CPUs."""

from __future__ import annotations

import asyncio
import functools
import os
import re
import signal
import sys
import time
import warnings
from pathlib import Path

import pytest
import ray

from mpb_env.rollouts import ray_executor
from mpb_env.rollouts.policies import RandomPolicy, make_policy
from mpb_env.rollouts.ray_executor import drive_ray
from mpb_env.rollouts.runner import Heartbeat, RayUnavailable, Shard, read_trajectories, run
from mpb_env.tasks import episodes, load_tasks
from mpb_env.tasks.model import Task

TASKS = load_tasks("starter")
ROLLOUTS = Path(ray_executor.__file__).parent


def marked(cls: type, path: Path) -> type:
    """``cls`` with its marker file at ``path``, under a name of its own: actors are pooled per shard
    class name, and an actor of another test's class (another marker) must not serve this one."""
    name = f"{cls.__name__}_{abs(hash(str(path))):x}"
    return type(name, (cls,), {"marker": str(path), "__qualname__": name})


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    # The crashing shard below lives in this test module, which workers cannot import: ship it by value.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("transport", ["auto", "ray"])
def test_ray_and_local_results_are_identical(tmp_path: Path, transport: str) -> None:
    local = run(
        TASKS, RandomPolicy(3), seed=3, world_size="S", out=tmp_path / "local", progress=False, batch_size=4
    )
    remote = run(
        TASKS,
        RandomPolicy(3),
        seed=3,
        world_size="S",
        out=tmp_path / "ray",
        progress=False,
        executor="ray",
        workers=2,
        batch_size=8,
        transport=transport,
    )
    assert [t.line() for t in local] == [t.line() for t in remote]
    assert (tmp_path / "local/trajectories.jsonl").read_bytes() == (
        tmp_path / "ray/trajectories.jsonl"
    ).read_bytes()


def test_oracle_passes_everything_on_ray_run_after_run() -> None:
    for _ in range(3):  # the same pooled actors serve each run
        trajs = run(
            TASKS, make_policy("oracle", TASKS), recall="oracle", progress=False, executor="ray", workers=2
        )
        assert len(trajs) == len(episodes(TASKS)) and all(t.success for t in trajs)


class CrashOnce(Shard):
    """Dies (the whole worker process) on its third step, once per marker file (``marked``)."""

    marker = ""

    def load(self, tasks, seed=0, info_keys=None):  # type: ignore[no-untyped-def]
        self.calls = 0  # pooled actors are reused across runs: count this run's steps
        super().load(tasks, seed, info_keys)

    def step(self, actions, policy_s=0.0):  # type: ignore[no-untyped-def]
        self.calls = getattr(self, "calls", 0) + 1
        if self.calls == 3:
            try:  # O_EXCL: exactly one actor wins the right to crash
                os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                pass
            else:
                os._exit(1)
        return super().step(actions, policy_s)


def test_a_dead_actor_is_replaced_and_every_episode_lands_once(tmp_path: Path) -> None:
    plan = episodes(TASKS)
    parts = [list(enumerate(plan))[: len(plan) // 2], list(enumerate(plan))[len(plan) // 2 :]]
    got: list[int] = []
    policy = make_policy("oracle", TASKS)
    settings = {"recall": "oracle", "top_n": 15, "max_turns": 15, "world_size": "S", "seed": 0}
    replaced = drive_ray(
        policy,
        parts,
        4,
        settings,
        lambda done: got.extend(i for i, _ in done),
        shard_cls=marked(CrashOnce, tmp_path / "crash"),
    )
    assert replaced == 1
    assert sorted(got) == list(range(len(plan)))


def test_resume_continues_an_interrupted_run(tmp_path: Path) -> None:
    out = tmp_path / "run"
    first = run(TASKS[:10], RandomPolicy(1), seed=1, out=out, progress=False)
    rest = run(
        TASKS, RandomPolicy(1), seed=1, out=out, progress=False, resume=True, executor="ray", workers=2
    )
    lines = read_trajectories(out / "trajectories.jsonl")
    assert len(rest) == len(lines) == len(episodes(TASKS))
    assert [t.task_id for t in lines][:10] == [t.task_id for t in first]
    full = run(TASKS, RandomPolicy(1), seed=1, progress=False)
    assert sorted(t.line() for t in lines) == sorted(t.line() for t in full)


class FailsInStep(Shard):
    """A shard whose step raises (a bug, not a crash): the run must stop with the actor's traceback."""

    def step(self, actions, policy_s=0.0):  # type: ignore[no-untyped-def]
        raise ValueError("broken shard")


def test_an_error_in_an_actor_step_is_raised_with_its_traceback() -> None:
    settings = {"recall": "oracle", "top_n": 15, "max_turns": 15, "world_size": "S", "seed": 0}
    parts = [list(enumerate(episodes(TASKS[:4])))]
    with pytest.raises(RuntimeError, match="ValueError: broken shard"):
        drive_ray(make_policy("oracle", TASKS), parts, 2, settings, lambda done: None, shard_cls=FailsInStep)


class Interrupting:
    """The oracle, until its third batch: then the run is interrupted (as by Ctrl-C in a policy call)."""

    def __init__(self) -> None:
        self.inner = make_policy("oracle", TASKS)
        self.calls = 0

    def reset(self, slot, info):  # type: ignore[no-untyped-def]
        self.inner.reset(slot, info)

    def act(self, observations, infos):  # type: ignore[no-untyped-def]
        self.calls += 1
        if self.calls == 3:
            raise KeyboardInterrupt
        return self.inner.act(observations, infos)


def test_the_pooled_actors_serve_the_next_run_after_an_interrupted_one() -> None:
    kw = {"recall": "oracle", "progress": False, "executor": "ray", "workers": 2, "batch_size": 4}
    with pytest.raises(KeyboardInterrupt):
        run(TASKS, Interrupting(), **kw)
    trajs = run(TASKS, make_policy("oracle", TASKS), **kw)
    assert len(trajs) == len(episodes(TASKS)) and all(t.success for t in trajs)


class OwnTask(Task):
    """A user's own Task subclass, defined where the actors cannot import it."""


def test_own_task_classes_and_deleted_rows_reach_the_actors_intact() -> None:
    """Tasks already played in this process (their S0 patch, with deleted rows, is cached on them) and
    of a class defined here play on Ray exactly as in-process."""
    deleting = [
        t
        for t in load_tasks("bench")
        if any(r is None for rows in t.s0_patch.values() for r in rows.values())
    ][:16]
    tasks = [OwnTask.model_validate(t.model_dump()) for t in deleting]
    kw = {"seed": 7, "world_size": "S", "progress": False, "batch_size": 4}
    local = run(tasks, RandomPolicy(7), **kw)
    remote = run(tasks, RandomPolicy(7), executor="ray", workers=2, **kw)
    assert len(deleting) == 16 and [t.line() for t in local] == [t.line() for t in remote]
    assert not any(b"InternalError" in t.line() for t in remote)


def test_a_pooled_actor_that_died_while_idle_is_replaced() -> None:
    kw = {"seed": 2, "world_size": "S", "progress": False, "executor": "ray", "workers": 2}
    first = run(TASKS, RandomPolicy(2), **kw)
    (pool,) = ray_executor._POOL.values()
    ray.kill(pool[0])  # as the OOM killer would, between runs
    assert [t.line() for t in run(TASKS, RandomPolicy(2), **kw)] == [t.line() for t in first]


def test_a_run_with_fewer_workers_frees_the_pooled_actors_it_does_not_use() -> None:
    """Idle pooled actors beyond this run's shards held a CPU each for nothing (other Ray work waited)."""
    kw = {"seed": 2, "world_size": "S", "progress": False, "executor": "ray"}
    run(TASKS[:6], RandomPolicy(2), workers=2, **kw)
    (pool,) = ray_executor._POOL.values()
    kept, extra = list(pool)
    run(TASKS[:6], RandomPolicy(2), workers=1, **kw)
    assert ray_executor._POOL[next(iter(ray_executor._POOL))] == [kept]
    with pytest.raises(ray.exceptions.RayActorError):
        ray.get(extra.__ray_ready__.remote(), timeout=30)


def test_an_address_for_a_process_already_on_ray_is_named_as_unused() -> None:
    """Ray connects a process once: ``address=`` after ``ray.init()`` silently ran where the process
    already was."""
    with pytest.warns(RuntimeWarning, match=r"already initialised.*not address='10\.0\.0\.1:6379'"):
        assert ray_executor.ensure_ray("10.0.0.1:6379") is ray
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ray_executor.ensure_ray("auto")  # "whatever this process is on": nothing to say
        ray_executor.ensure_ray(ray.get_runtime_context().gcs_address)  # the instance it is on


def test_more_workers_than_the_cluster_has_cpus_is_a_clear_error() -> None:
    with pytest.raises(RayUnavailable, match="3 shard actors need 3 CPUs and the Ray cluster has 2"):
        run(TASKS, RandomPolicy(1), executor="ray", workers=3, world_size="S", progress=False)


def test_a_run_after_ray_was_shut_down_and_started_again() -> None:
    kw = {"seed": 1, "world_size": "S", "progress": False, "executor": "ray", "workers": 2}
    first = run(TASKS[:4], RandomPolicy(1), **kw)
    ray.shutdown()  # the pooled handles belong to the old session now
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    assert [t.line() for t in run(TASKS[:4], RandomPolicy(1), **kw)] == [t.line() for t in first]


class KeysSeen(RandomPolicy):
    """The random policy (``info_keys = ("tools",)``), recording the keys of every info it is handed."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seen: set[frozenset[str]] = set()

    def reset(self, slot: int, info: dict) -> None:
        self.seen.add(frozenset(info))
        super().reset(slot, info)

    def act(self, observations: list[str], infos: list[dict]) -> list[str]:
        self.seen.update(frozenset(i) for i in infos)
        return super().act(observations, infos)


def test_actors_send_only_the_info_keys_the_policy_names() -> None:
    local, remote = KeysSeen(1), KeysSeen(1)
    a = run(TASKS, local, world_size="S", progress=False, batch_size=4)
    b = run(TASKS, remote, world_size="S", progress=False, executor="ray", workers=2, batch_size=4)
    assert [t.line() for t in a] == [t.line() for t in b]
    assert local.seen == remote.seen
    assert set().union(*remote.seen) == {"task_id", "turn", "tools", "slot"}


class AsyncRandom(RandomPolicy):
    """``RandomPolicy`` behind an ``async def act`` that takes a while (as a model server does); it
    records which shards each call served."""

    def __init__(self, seed: int, width: int) -> None:
        super().__init__(seed)
        self.width = width
        self.calls: list[set[int]] = []

    async def act(self, observations: list[str], infos: list[dict]) -> list[str]:  # type: ignore[override]
        self.calls.append({int(info["slot"]) // self.width for info in infos})
        await asyncio.sleep(0.02)
        return super().act(observations, infos)


def test_an_async_policy_gets_every_ready_batch_in_one_call() -> None:
    local = run(TASKS, RandomPolicy(3), world_size="S", progress=False, batch_size=4)
    policy = AsyncRandom(3, width=4)
    remote = run(
        TASKS,
        policy,
        world_size="S",
        progress=False,
        executor="ray",
        workers=2,
        batch_size=4,
    )
    assert [t.line() for t in local] == [t.line() for t in remote]
    assert any(shards == {0, 1} for shards in policy.calls)  # both actors' batches in one call


class AsyncOracle:
    """The oracle behind an ``async def act``: merged calls across shards and lanes."""

    def __init__(self) -> None:
        self.inner = make_policy("oracle", TASKS)

    def reset(self, slot: int, info: dict) -> None:
        self.inner.reset(slot, info)

    async def act(self, observations: list[str], infos: list[dict]) -> list[str]:
        await asyncio.sleep(0.005)
        return self.inner.act(observations, infos)


def test_a_dead_actor_under_an_async_policy_is_replaced_once(tmp_path: Path) -> None:
    plan = episodes(TASKS)
    parts = [list(enumerate(plan))[: len(plan) // 2], list(enumerate(plan))[len(plan) // 2 :]]
    got: list[int] = []
    settings = {"recall": "oracle", "top_n": 15, "max_turns": 15, "world_size": "S", "seed": 0}
    replaced = drive_ray(
        AsyncOracle(),
        parts,
        4,
        settings,
        lambda done: got.extend(i for i, _ in done),
        shard_cls=marked(CrashOnce, tmp_path / "crash"),
    )
    assert replaced == 1 and sorted(got) == list(range(len(plan)))


SETTINGS = {"recall": "oracle", "top_n": 15, "max_turns": 15, "world_size": "S", "seed": 0}


def replay(
    plan: list, shard_cls: type[Shard], parts: list | None = None, **kw: object
) -> tuple[int, list[int]]:
    """``drive_ray`` of ``plan`` (one shard, or ``parts``) with the oracle at batch 4: how many actors
    were replaced and the plan indices that landed, sorted."""
    got: list[int] = []
    replaced = drive_ray(
        make_policy("oracle", TASKS),
        parts if parts is not None else [list(enumerate(plan))],
        4,
        SETTINGS,
        lambda done: got.extend(i for i, _ in done),
        shard_cls=shard_cls,
        **kw,
    )
    return replaced, sorted(got)


class FailsInLoad(Shard):
    """A shard whose ``load`` raises (a bug, or tasks its node cannot unpickle)."""

    def load(self, tasks, seed=0, info_keys=None):  # type: ignore[no-untyped-def]
        if tasks:
            raise ValueError("broken load")
        super().load(tasks, seed, info_keys)


def test_a_failed_load_stops_the_run_with_its_traceback() -> None:
    """Not a run that plays nothing: ``start`` after a failed ``load`` fills the slots from whatever the
    actor held before."""
    parts = [list(enumerate(episodes(TASKS[:4])))]
    policy = make_policy("oracle", TASKS)
    with pytest.raises(RuntimeError, match="shard 0 failed in load:(.|\n)*broken load"):
        drive_ray(policy, parts, 2, SETTINGS, lambda done: None, shard_cls=FailsInLoad)


class DiesLoading(Shard):
    """Dies (the whole worker process) while loading, as long as its counter file says fewer than
    ``times`` actors died so far; ``times`` above ``MAX_DEATHS``: every actor dies."""

    marker = ""  # the counter file (``marked``)
    times = 2

    def load(self, tasks, seed=0, info_keys=None):  # type: ignore[no-untyped-def]
        if tasks:
            died = int(Path(self.marker).read_text() or 0) if os.path.exists(self.marker) else 0
            if died < self.times:
                Path(self.marker).write_text(str(died + 1))
                os._exit(1)
        super().load(tasks, seed, info_keys)


class AlwaysDiesLoading(DiesLoading):
    times = 100


def test_a_replacement_that_dies_while_loading_is_replaced_too(tmp_path: Path) -> None:
    plan = episodes(TASKS[:8])
    replaced, got = replay(plan, marked(DiesLoading, tmp_path / "died"))
    assert replaced == 2 and got == list(range(len(plan)))


def test_an_actor_that_dies_every_time_stops_the_run(tmp_path: Path) -> None:
    parts = [list(enumerate(episodes(TASKS[:4])))]
    with pytest.raises(RuntimeError, match=r"shard 0's actor died 3 times in a row .*4 left"):
        drive_ray(
            make_policy("oracle", TASKS),
            parts,
            2,
            SETTINGS,
            lambda done: None,
            shard_cls=marked(AlwaysDiesLoading, tmp_path / "died"),
        )


class SlowWhenSeeded(Shard):
    """Steps slowly, and more slowly in runs with seed 99: an interrupted run leaves a step running on
    it that ends while the next run (seed 0) is still stepping."""

    def step(self, actions, policy_s=0.0):  # type: ignore[no-untyped-def]
        time.sleep(0.5 if self.seed == 99 else 0.05)
        return super().step(actions, policy_s)


def test_a_run_after_an_interrupted_one_never_shares_the_actor_with_it() -> None:
    """Ctrl-C while an actor steps: the next run must not load the shard while that step (and the ones
    queued behind it) still runs on it, or both step the same episodes."""
    kw = {"shard_cls": SlowWhenSeeded}
    first = [list(enumerate(episodes(TASKS[:12])))]
    with pytest.raises(KeyboardInterrupt):
        drive_ray(Interrupting(), first, 6, {**SETTINGS, "seed": 99}, lambda done: None, **kw)
    tasks = TASKS[12:24]
    got: dict[int, bytes] = {}
    parts = [list(enumerate(episodes(tasks)))]
    drive_ray(
        make_policy("oracle", TASKS),
        parts,
        6,
        SETTINGS,
        lambda done: got.update((i, t.line()) for i, t in done),
        **kw,
    )
    local = run(tasks, make_policy("oracle", TASKS), recall="oracle", world_size="S", progress=False)
    assert [got[i] for i in range(len(got))] == [t.line() for t in local]


def test_actors_killed_by_rays_memory_monitor_are_replaced(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Ray fails the calls of an actor its memory monitor killed with ``OutOfMemoryError``, which is no
    ``RayActorError``: such an actor is replaced mid-run and when found dead in the pool."""
    get = ray.get

    def as_if_oom(*args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            return get(*args, **kwargs)
        except ray.exceptions.RayActorError as exc:
            raise ray.exceptions.OutOfMemoryError(
                "Task was killed due to the node running low on memory."
            ) from exc

    monkeypatch.setattr(ray, "get", as_if_oom)
    plan = episodes(TASKS[:12])
    crash_once = marked(CrashOnce, tmp_path / "crash")
    for k in range(2):
        replaced, got = replay(plan, crash_once)
        assert replaced == 1 - k and got == list(range(len(plan)))
        (pool,) = ray_executor._POOL.values()
        ray.kill(pool[0])  # dead while idle: the next run finds it so


class DiesStarting(Shard):
    """The first of its actors dies in its constructor (building its world), once per marker file."""

    marker = ""

    def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            pass
        else:
            os._exit(1)
        super().__init__(*args, **kwargs)


def test_an_actor_that_dies_in_its_constructor_is_replaced(tmp_path: Path) -> None:
    ray_executor.shutdown_pool()  # fresh actors, the first of which dies
    plan = episodes(TASKS[:8])
    parts = [list(enumerate(plan))[:4], list(enumerate(plan))[4:]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a death is no stall: nothing to warn about
        replaced, got = replay(plan, marked(DiesStarting, tmp_path / "died"), parts)
    assert replaced == 1 and got == list(range(len(plan)))


def test_the_channel_transport_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match=r"^transport 'channel' was removed: .*Ray actor calls") as err:
        run(TASKS[:2], RandomPolicy(1), progress=False, executor="ray", transport="channel")
    assert "\n" not in str(err.value)


class _RaisesOn:
    """The oracle, raising on every batch that holds episode ``bad``."""

    label = "oracle-raising"
    info_keys = ()

    def __init__(self, bad: str) -> None:
        self.oracle = make_policy("oracle", TASKS)
        self.bad = bad

    def reset(self, slot: int, info: dict) -> None:
        self.oracle.reset(slot, info)

    def act(self, observations: list[str], infos: list[dict]) -> list[str]:
        if any(i["task_id"] == self.bad for i in infos):
            raise RuntimeError("the model server broke")
        return self.oracle.act(observations, infos)


def test_a_raising_policy_on_ray_fails_its_episode_alone(tmp_path: Path) -> None:
    bad = episodes(TASKS)[5].id
    local = run(TASKS, _RaisesOn(bad), world_size="S", progress=False, batch_size=4)
    remote = run(
        TASKS, _RaisesOn(bad), world_size="S", progress=False, executor="ray", workers=2, batch_size=4,
        out=tmp_path / "ray",
    )  # fmt: skip
    assert [t.line() for t in remote] == [t.line() for t in local]
    assert [(t.task_id, t.outcome, t.error) for t in remote if t.outcome != "ok"] == [
        (bad, "policy_error", "RuntimeError: the model server broke")
    ]
    assert len(read_trajectories(tmp_path / "ray" / "trajectories.jsonl")) == len(episodes(TASKS))


def test_the_rollouts_package_has_no_transport_of_its_own() -> None:
    """Ray carries every call: no listener, connection or socket beside it (a cluster head's address is
    checked with Ray's own GCS client, ``ray_executor._probe``)."""
    forbidden = re.compile(r"multiprocessing\.connection|\bListener\b|\bClient\(|\bsocket\b|\bauthkey\b")
    for path in sorted(ROLLOUTS.rglob("*.py")):
        assert not forbidden.search(path.read_text()), (path, forbidden.findall(path.read_text()))


class StopsAnActor(RandomPolicy):
    """``RandomPolicy`` that SIGSTOPs process ``pid`` (alive to Ray, answering nothing) at its 6th call."""

    def __init__(self, seed: int, pid: int) -> None:
        super().__init__(seed)
        self.pid = pid
        self.calls = 0

    def act(self, observations: list[str], infos: list[dict]) -> list[str]:
        self.calls += 1
        if self.calls == 6:
            os.kill(self.pid, signal.SIGSTOP)
        return super().act(observations, infos)


def _gone(pid: int, within_s: float) -> bool:
    """Whether process ``pid`` ends (or is a zombie) within ``within_s`` seconds."""
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.1)
    return False


def test_a_stalled_actor_is_killed_and_replaced_and_every_episode_lands_once(tmp_path: Path) -> None:
    """An actor that is alive to Ray but answers nothing (SIGSTOP) mid-run: the heartbeat finds it
    (a call outstanding past the deadline, a ping unanswered), kills it and plays its unfinished
    episodes on a new actor; the trajectories are those of the local run, byte for byte."""
    kw = {"seed": 5, "world_size": "S", "progress": False, "batch_size": 4}
    local = run(TASKS, RandomPolicy(5), out=tmp_path / "local", **kw)
    ray_kw = {**kw, "executor": "ray", "workers": 2}
    ray_executor.shutdown_pool()
    run(TASKS[:4], RandomPolicy(5), **ray_kw)  # starts the pool the run below uses
    (pool,) = ray_executor._POOL.values()
    pid = ray.get(pool[0].__ray_call__.remote(lambda _self: os.getpid()))
    heartbeat = Heartbeat(call_deadline_s=2.0, ping_timeout_s=3.0)
    policy = StopsAnActor(5, pid)
    try:
        with pytest.warns(RuntimeWarning, match=r"shard 0's actor stalled: .*killed and replaced") as caught:
            remote = run(TASKS, policy, out=tmp_path / "ray", heartbeat=heartbeat, **ray_kw)
        assert _gone(pid, 30)  # killed, not left stopped holding its CPU
    finally:
        for sig in (signal.SIGCONT, signal.SIGKILL):  # whatever happened, nothing stays stopped
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                break
    assert policy.calls > 6
    assert [str(w.message).split(":")[0] for w in caught.list].count("shard 0's actor stalled") == 1
    assert [t.line() for t in remote] == [t.line() for t in local]
    assert (tmp_path / "ray/trajectories.jsonl").read_bytes() == (
        tmp_path / "local/trajectories.jsonl"
    ).read_bytes()


def test_a_slow_step_that_answers_its_ping_is_waited_for(tmp_path: Path) -> None:
    """A step longer than the deadline is no stall while its actor answers the ping (from its health
    thread, beside the step): nothing is replaced, nothing is warned about."""
    plan = episodes(TASKS[:3])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        replaced, got = replay(plan, SlowStep, heartbeat=Heartbeat(call_deadline_s=0.2, ping_timeout_s=5.0))
    assert replaced == 0 and got == list(range(len(plan)))


class SlowStep(Shard):
    """Every step takes 0.6 s: three times the deadline of the test above."""

    def step(self, actions, policy_s=0.0):  # type: ignore[no-untyped-def]
        time.sleep(0.6)
        return super().step(actions, policy_s)


@pytest.mark.parametrize("deadline, ping, start", [(0.0, 1.0, 1.0), (1.0, -1.0, 1.0), (1.0, 1.0, 0.0)])
def test_a_heartbeat_needs_positive_deadlines(deadline: float, ping: float, start: float) -> None:
    with pytest.raises(ValueError, match="must be > 0"):
        Heartbeat(call_deadline_s=deadline, ping_timeout_s=ping, start_deadline_s=start)


class StopsStarting(Shard):
    """The first of its actors stops itself (SIGSTOP) in its constructor, before it ever answers, once
    per marker file (``marked``), which then holds its process id."""

    marker = ""

    def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            fd = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            pass
        else:
            os.write(fd, str(os.getpid()).encode())
            os.close(fd)
            os.kill(os.getpid(), signal.SIGSTOP)
        super().__init__(*args, **kwargs)


def test_an_actor_stopped_while_it_starts_is_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An actor stopped in its constructor never answers, not even a ping: once ``start_deadline_s``
    have passed since it was created it is killed and replaced like a stalled one; every episode lands
    once and the trajectories are those of the local run, byte for byte."""
    kw = {"seed": 6, "world_size": "S", "progress": False, "batch_size": 4}
    local = run(TASKS, RandomPolicy(6), out=tmp_path / "local", **kw)
    marker = tmp_path / "stopped"
    shard_cls = marked(StopsStarting, marker)
    monkeypatch.setattr(ray_executor, "drive_ray", functools.partial(drive_ray, shard_cls=shard_cls))
    heartbeat = Heartbeat(call_deadline_s=1.0, ping_timeout_s=2.0, start_deadline_s=30.0)
    ray_executor.shutdown_pool()  # fresh actors, the first of which stops
    try:
        with pytest.warns(
            RuntimeWarning, match=r"shard \d's actor stalled: no answer in the .* since it was created"
        ) as caught:
            remote = run(
                TASKS,
                RandomPolicy(6),
                out=tmp_path / "ray",
                executor="ray",
                workers=2,
                heartbeat=heartbeat,
                **kw,
            )
        assert _gone(int(marker.read_text()), 30)  # killed, not left stopped holding its CPU
        assert len(caught.list) == 1  # the one stopped actor (either shard's), nothing else
    finally:
        if marker.exists() and marker.read_text():
            for sig in (signal.SIGCONT, signal.SIGKILL):  # whatever happened, nothing stays stopped
                try:
                    os.kill(int(marker.read_text()), sig)
                except ProcessLookupError:
                    break
    assert [t.line() for t in remote] == [t.line() for t in local]
    assert (tmp_path / "ray/trajectories.jsonl").read_bytes() == (
        tmp_path / "local/trajectories.jsonl"
    ).read_bytes()


def test_a_pooled_actor_stopped_while_idle_is_replaced() -> None:
    """A pooled actor SIGSTOPped between runs does not answer the next run's ping: it is killed and a
    fresh one plays its shard."""
    kw = {"seed": 4, "world_size": "S", "progress": False, "executor": "ray", "workers": 2}
    first = run(TASKS[:6], RandomPolicy(4), **kw)
    (pool,) = ray_executor._POOL.values()
    pid = ray.get(pool[1].__ray_call__.remote(lambda _self: os.getpid()))
    os.kill(pid, signal.SIGSTOP)
    try:
        again = run(TASKS[:6], RandomPolicy(4), heartbeat=Heartbeat(ping_timeout_s=2.0), **kw)
        assert _gone(pid, 30)
    finally:
        for sig in (signal.SIGCONT, signal.SIGKILL):
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                break
    assert [t.line() for t in again] == [t.line() for t in first]


def test_an_infinite_deadline_waits_without_a_timeout() -> None:
    """``call_deadline_s=inf``: no heartbeat (ray.wait is given no timeout), and the run plays on."""
    plan = episodes(TASKS[:4])
    replaced, got = replay(plan, Shard, heartbeat=Heartbeat(call_deadline_s=float("inf")))
    assert replaced == 0 and got == list(range(len(plan)))
