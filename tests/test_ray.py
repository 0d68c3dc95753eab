"""The Ray executor against the local one, on a local Ray instance with 2 CPUs."""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import socket
import sys
import threading
import time
import warnings
from multiprocessing import AuthenticationError
from multiprocessing.connection import Client
from pathlib import Path

import pytest
import ray

from mpb_env.rollouts import ray_executor
from mpb_env.rollouts.policies import RandomPolicy, make_policy
from mpb_env.rollouts.ray_executor import drive_ray
from mpb_env.rollouts.runner import RayUnavailable, Shard, read_trajectories, run
from mpb_env.tasks import episodes, load_tasks
from mpb_env.tasks.model import Task

TASKS = load_tasks("starter")


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    # The crashing shard below lives in this test module, which workers cannot import: ship it by value.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("transport", ["channel", "ray"])
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
    for _ in range(3):  # the same pooled actors serve each run on a new connection
        trajs = run(
            TASKS, make_policy("oracle", TASKS), recall="oracle", progress=False, executor="ray", workers=2
        )
        assert len(trajs) == len(episodes(TASKS)) and all(t.success for t in trajs)


class CrashOnce(Shard):
    """Dies (the whole worker process) on its third step, once per marker file."""

    marker = "/tmp/mpb-crash-once"

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


@pytest.mark.parametrize("transport", ["channel", "ray"])
def test_a_dead_actor_is_replaced_and_every_episode_lands_once(tmp_path: Path, transport: str) -> None:
    Path(CrashOnce.marker).unlink(missing_ok=True)
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
        shard_cls=CrashOnce,
        transport=transport,
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


def test_unreachable_actors_fall_back_to_ray_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise ConnectionRefusedError("port filtered")

    monkeypatch.setattr(ray_executor.socket, "create_connection", refuse)
    with pytest.warns(RuntimeWarning, match="stepping through Ray actor calls"):
        trajs = run(TASKS[:6], make_policy("oracle", TASKS), recall="oracle", progress=False, executor="ray")
    assert len(trajs) == len(episodes(TASKS[:6])) and all(t.success for t in trajs)
    with pytest.raises(RayUnavailable, match="port filtered.*transport 'ray'"):
        run(TASKS[:6], make_policy("oracle", TASKS), progress=False, executor="ray", transport="channel")


class CannotListen(Shard):
    """An actor that cannot open a port (say, a node without an IPv4 address)."""

    def open_channel(self, authkey: bytes) -> tuple[str, int]:
        raise OSError("no IPv4 address on this node")


def test_an_actor_that_cannot_listen_falls_back_to_ray_calls() -> None:
    settings = {"recall": "oracle", "top_n": 15, "max_turns": 15, "world_size": "S", "seed": 0}
    plan = episodes(TASKS[:6])
    got: list[int] = []
    with pytest.warns(RuntimeWarning, match="no IPv4 address on this node"):
        drive_ray(
            make_policy("oracle", TASKS),
            [list(enumerate(plan))],
            4,
            settings,
            lambda done: got.extend(i for i, _ in done),
            shard_cls=CannotListen,
        )
    assert sorted(got) == list(range(len(plan)))


def test_a_channel_refuses_a_wrong_key_and_serves_the_right_one() -> None:
    """The connection server on its own (no actor): a client without the run's key is turned away, and
    the server keeps waiting for the one that has it."""
    plan = list(enumerate(episodes(TASKS[:2])))
    shard = ray_executor._served(Shard)([], 2, recall="oracle", world_size="S")
    address = shard.open_channel(b"k" * 32)
    with pytest.raises(AuthenticationError):
        Client(address, authkey=b"x" * 32)
    with Client(address, authkey=b"k" * 32) as conn:
        conn.send(("load", pickle.dumps(plan), 0))  # tasks travel pickled (cloudpickle in the driver)
        conn.send(("start",))
        conn.send(("drop_world",))
        assert conn.recv() == ("ok", None)
        status, (running, _) = conn.recv()
        assert status == "ok" and [slot for slot, _o, _i in running] == [0, 1]
        status, text = conn.recv()
        assert status == "error" and "unknown request 'drop_world'" in text
        conn.send(("step_columns", [0], ["Done."], 0.0))
        status, (batch, done) = conn.recv()
    assert status == "ok" and [i for i, _ in done] == [0] and done[0][1].task_id == plan[0][1].id


def test_a_listener_that_never_got_its_driver_ends_when_the_next_opens() -> None:
    shard = ray_executor._served(Shard)([], 1, world_size="S")

    def serving() -> set[threading.Thread]:
        return {t for t in threading.enumerate() if t.name == ray_executor.CHANNEL_THREAD}

    before = serving()
    shard.open_channel(b"a" * 32)  # nobody connects: as after a fallback to Ray calls
    (first,) = serving() - before
    address = shard.open_channel(b"b" * 32)
    first.join(timeout=5)
    assert not first.is_alive()
    (second,) = serving() - before
    with Client(address, authkey=b"b" * 32):
        assert second.is_alive()


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


@pytest.mark.parametrize("transport", ["channel", "ray"])
def test_own_task_classes_and_deleted_rows_reach_the_actors_intact(transport: str) -> None:
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
    remote = run(tasks, RandomPolicy(7), executor="ray", workers=2, transport=transport, **kw)
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


@pytest.mark.parametrize("transport", ["channel", "ray"])
def test_an_async_policy_gets_every_ready_batch_in_one_call(transport: str) -> None:
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
        transport=transport,
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


@pytest.mark.parametrize("transport", ["channel", "ray"])
def test_a_dead_actor_under_an_async_policy_is_replaced_once(transport: str) -> None:
    Path(CrashOnce.marker).unlink(missing_ok=True)
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
        shard_cls=CrashOnce,
        transport=transport,
    )
    assert replaced == 1 and sorted(got) == list(range(len(plan)))


SETTINGS = {"recall": "oracle", "top_n": 15, "max_turns": 15, "world_size": "S", "seed": 0}


def replay(
    plan: list, shard_cls: type[Shard], transport: str = "auto", parts: list | None = None
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
        transport=transport,
    )
    return replaced, sorted(got)


class FailsInLoad(Shard):
    """A shard whose ``load`` raises (a bug, or tasks its node cannot unpickle)."""

    def load(self, tasks, seed=0, info_keys=None):  # type: ignore[no-untyped-def]
        if tasks:
            raise ValueError("broken load")
        super().load(tasks, seed, info_keys)


@pytest.mark.parametrize("transport", ["channel", "ray"])
def test_a_failed_load_stops_the_run_with_its_traceback(transport: str) -> None:
    """Not a run that plays nothing: ``start`` after a failed ``load`` fills the slots from whatever the
    actor held before."""
    parts = [list(enumerate(episodes(TASKS[:4])))]
    policy = make_policy("oracle", TASKS)
    with pytest.raises((RuntimeError, ray.exceptions.RayTaskError), match="broken load"):
        drive_ray(policy, parts, 2, SETTINGS, lambda done: None, shard_cls=FailsInLoad, transport=transport)


class DiesLoading(Shard):
    """Dies (the whole worker process) while loading, as long as its counter file says fewer than
    ``times`` actors died so far; ``times`` above ``MAX_DEATHS``: every actor dies."""

    counter = "/tmp/mpb-dies-loading"
    times = 2

    def load(self, tasks, seed=0, info_keys=None):  # type: ignore[no-untyped-def]
        if tasks:
            died = int(Path(self.counter).read_text() or 0) if os.path.exists(self.counter) else 0
            if died < self.times:
                Path(self.counter).write_text(str(died + 1))
                os._exit(1)
        super().load(tasks, seed, info_keys)


class AlwaysDiesLoading(DiesLoading):
    times = 100


@pytest.mark.parametrize("transport", ["channel", "ray"])
def test_a_replacement_that_dies_while_loading_is_replaced_too(transport: str) -> None:
    Path(DiesLoading.counter).unlink(missing_ok=True)
    plan = episodes(TASKS[:8])
    replaced, got = replay(plan, DiesLoading, transport)
    assert replaced == 2 and got == list(range(len(plan)))


def test_an_actor_that_dies_every_time_stops_the_run() -> None:
    Path(DiesLoading.counter).unlink(missing_ok=True)
    parts = [list(enumerate(episodes(TASKS[:4])))]
    with pytest.raises(RuntimeError, match=r"shard 0's actor died 3 times in a row .*4 left"):
        drive_ray(
            make_policy("oracle", TASKS), parts, 2, SETTINGS, lambda done: None, shard_cls=AlwaysDiesLoading
        )


class SlowWhenSeeded(Shard):
    """Steps slowly, and more slowly in runs with seed 99: an interrupted run leaves a step running on
    it that ends while the next run (seed 0) is still stepping."""

    def step(self, actions, policy_s=0.0):  # type: ignore[no-untyped-def]
        time.sleep(0.5 if self.seed == 99 else 0.05)
        return super().step(actions, policy_s)


@pytest.mark.parametrize("transport", ["channel", "ray"])
def test_a_run_after_an_interrupted_one_never_shares_the_actor_with_it(transport: str) -> None:
    """Ctrl-C while an actor steps: the next run must not load the shard while that step (and the ones
    queued behind it) still runs on it, or both step the same episodes."""
    kw = {"shard_cls": SlowWhenSeeded, "transport": "channel"}
    first = [list(enumerate(episodes(TASKS[:12])))]
    with pytest.raises(KeyboardInterrupt):
        drive_ray(Interrupting(), first, 6, {**SETTINGS, "seed": 99}, lambda done: None, **kw)
    tasks = TASKS[12:24]
    got: dict[int, bytes] = {}
    kw["transport"] = transport
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


class DiesSilently(Shard):
    """Its process exits on its second step while a forked child holds the connection's socket open:
    the driver sees no end of the connection, as when the actor's node vanishes from the network."""

    marker = "/tmp/mpb-dies-silently"

    def load(self, tasks, seed=0, info_keys=None):  # type: ignore[no-untyped-def]
        self.calls = 0
        super().load(tasks, seed, info_keys)

    def step(self, actions, policy_s=0.0):  # type: ignore[no-untyped-def]
        self.calls += 1
        if self.calls == 2:
            try:
                os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                pass
            else:
                port = self._listening[1][1]  # the connection's local port is the listener's
                if os.fork() == 0:  # the child keeps only the connection: Ray sees the worker exit
                    for fd in map(int, os.listdir("/proc/self/fd")):
                        if fd > 2 and not _connected_on(fd, port):
                            with contextlib.suppress(OSError):
                                os.close(fd)
                    time.sleep(30)
                    os._exit(0)
                os._exit(1)
        return super().step(actions, policy_s)


def _connected_on(fd: int, port: int) -> bool:
    """Whether ``fd`` is a connected socket on local ``port``."""
    try:
        with socket.socket(fileno=os.dup(fd)) as s:
            return bool(s.getsockname()[1] == port and s.getpeername())
    except (OSError, TypeError, IndexError):  # not a socket, not connected, or not an IP one
        return False


def test_an_actor_that_dies_with_its_connection_open_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ray_executor, "HEALTH_CHECK_S", 0.5)
    Path(DiesSilently.marker).unlink(missing_ok=True)
    plan = episodes(TASKS[:8])
    t0 = time.monotonic()
    replaced, got = replay(plan, DiesSilently, "channel")
    assert time.monotonic() - t0 < 20  # not the 30 s until the child lets the socket go
    assert replaced == 1 and got == list(range(len(plan)))


def test_an_interrupt_while_connecting_closes_the_connections_made(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[ray_executor._Channels] = []
    connect = ray_executor._Channels.connect

    def interrupted(self, i, *args):  # type: ignore[no-untyped-def]
        made.append(self)
        if i == 1:
            raise KeyboardInterrupt
        connect(self, i, *args)

    monkeypatch.setattr(ray_executor._Channels, "connect", interrupted)
    kw = {"recall": "oracle", "progress": False, "executor": "ray", "workers": 2, "batch_size": 4}
    with pytest.raises(KeyboardInterrupt):
        run(TASKS, make_policy("oracle", TASKS), **kw)
    assert made and not made[0].conns
    monkeypatch.undo()
    trajs = run(TASKS, make_policy("oracle", TASKS), **kw)
    assert len(trajs) == len(episodes(TASKS)) and all(t.success for t in trajs)


def test_actors_killed_by_rays_memory_monitor_are_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
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
    Path(CrashOnce.marker).unlink(missing_ok=True)
    plan = episodes(TASKS[:12])
    for k in range(2):
        replaced, got = replay(plan, CrashOnce, "ray")
        assert replaced == 1 - k and got == list(range(len(plan)))
        (pool,) = ray_executor._POOL.values()
        ray.kill(pool[0])  # dead while idle: the next run finds it so


class DiesStarting(Shard):
    """The first of its actors dies in its constructor (building its world), before it can listen."""

    marker = "/tmp/mpb-dies-starting"

    def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            pass
        else:
            os._exit(1)
        super().__init__(*args, **kwargs)


@pytest.mark.parametrize("transport", ["channel", "auto"])
def test_an_actor_that_dies_before_listening_is_replaced_on_a_connection(transport: str) -> None:
    """Not a network failure: no fallback to Ray calls (``auto``) and no refusal (``channel``)."""
    ray_executor.shutdown_pool()  # fresh actors, the first of which dies
    Path(DiesStarting.marker).unlink(missing_ok=True)
    plan = episodes(TASKS[:8])
    parts = [list(enumerate(plan))[:4], list(enumerate(plan))[4:]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the fallback's RuntimeWarning would fail the test
        replaced, got = replay(plan, DiesStarting, transport, parts)
    assert replaced == 1 and got == list(range(len(plan)))


class _Answers(ray_executor.ChannelServer):
    """A channel server whose ``start`` replies with something pickle cannot send, or ends its thread."""

    def __init__(self, how: str) -> None:
        self.how = how

    def start(self) -> object:
        if self.how == "unpicklable":
            return (lambda: 1,)
        raise SystemExit  # not an Exception: the serving thread ends


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")  # the thread that ends
@pytest.mark.parametrize("how", ["unpicklable", "thread ends"])
def test_a_reply_that_cannot_be_sent_never_leaves_the_driver_waiting(how: str) -> None:
    """The serving thread keeps a second handle on its socket (to be stopped by the next run); a reply
    that could not be pickled, or a thread that ended, used to leave the connection open with nothing
    ever coming: the driver waited forever on a live actor."""
    server, key = _Answers(how), os.urandom(32)
    conn = Client(server.open_channel(key), authkey=key)
    conn.send(("start",))
    assert conn.poll(10)
    if how == "unpicklable":
        status, text = conn.recv()
        assert status == "error" and "cannot send the reply" in text
        conn.send(("nothing",))  # and the thread serves on
        assert conn.recv()[0] == "error"
    else:
        with pytest.raises(EOFError):
            conn.recv()
    conn.close()


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
