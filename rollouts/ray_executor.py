"""The Ray executor: each actor holds a shard of episode slots and steps one batch of them per Ray
actor call.

Ray places the actors (on this machine or a cluster: ``address="auto"``, ``"ray://head:10001"``),
carries every call and its result, and replaces nothing by itself: the driver replaces an actor that
dies (or stalls, below) with a new one holding the shard's unfinished episodes, which re-run from
their start, so every episode lands exactly once; a shard whose actors die ``MAX_DEATHS`` times in a
row without finishing an episode stops the run.

Each actor's slots form two lanes (slot mod 2), and a call steps one lane: the driver runs one
batched policy call per lane and sends it (an ``async`` policy gets every lane that is back in one
call, see ``drive_ray``), and while an actor steps one lane the driver is already acting on the other
lane's results (of this actor or another), so driver and actors overlap instead of waiting for each
other. A call costs a fixed fraction of a millisecond of CPU on each side (the throughput benchmark
measures it: ``ray.actor_call``), paid once per lane batch, never per step: two lanes pay it two
thirds as often per step as three (measured on 2 cores at batch 256 and 512: 8-11 µs of driver CPU
per step against 9-14 with three lanes, and less actor CPU too). A step request and its result each
travel as one pickled ``bytes`` object, which Ray passes through as it is; each side unpickles it, as
Ray would have (Ray's own calls carry pickles: a Ray cluster trusts its members).

Heartbeat (``Heartbeat``): an actor that is alive to Ray but answers nothing (SIGSTOPped, deadlocked)
would hold the run forever. When a call has been outstanding ``call_deadline_s``, the driver pings the
actor, which answers from a thread of its own (a Ray concurrency group) even while it steps; no answer
within ``ping_timeout_s`` and the actor is killed and replaced as if it had died, with a warning. A new
actor, which answers nothing until its constructor is done, is given ``start_deadline_s`` from its
creation before an unanswered ping counts (an actor stopped while it starts is replaced too).

Actors are pooled across runs with the same settings in one Ray session: a pooled actor that died
or does not answer a ping while idle is replaced when the next run starts, what an interrupted run
left queued on one runs before the next run's calls (Ray runs an actor's calls in the order they were
sent), and handles from an earlier session (after ``ray.shutdown()``) are dropped. Each actor takes
one CPU; asking for more actors than the cluster has CPUs is an error rather than a wait for CPUs that
never come. Tasks travel cloudpickled, as in Ray's own calls, so a ``Task`` subclass defined in the
user's script reaches the actors.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import math
import os
import pickle
import subprocess
import sys
import time
import warnings
from collections import deque
from typing import Any

from mpb_env.rollouts.policies import Policy
from mpb_env.rollouts.runner import (
    Batch,
    Heartbeat,
    RayUnavailable,
    Shard,
    call_policy,
    check_transport,
    reset_started,
)
from mpb_env.tasks.model import Task

#: Slot lanes per actor stepped in turn, so the driver's work overlaps the actor's.
LANES = 2
#: The info keys a run's actors send (``policy_info_keys``; ``None``: all).
Keys = frozenset[str] | None
#: Seconds a cluster's head may take to answer the probe's first request (``ensure_ray``).
PROBE_TIMEOUT_S = 5.0
#: Ray's settings for the probe's GCS client (its own process: Ray reads them once, at import): how long
#: it waits for a connection and for the cluster's id, in place of Ray's 5 s + 5 s + 30 s per attempt.
PROBE_ENV = {
    "RAY_gcs_rpc_server_connect_timeout_s": "1",
    "RAY_py_gcs_connect_timeout_s": f"{PROBE_TIMEOUT_S:g}",
}
#: The probe: Ray's own GCS client, connecting to the address in ``argv[1]`` (it fetches the cluster's
#: id, so a GCS must answer); the first line of what failed goes to stdout.
PROBE_CODE = """import sys
try:
    from ray._raylet import GcsClient
    GcsClient(address=sys.argv[1])
except Exception as exc:
    print(f"{type(exc).__name__}: {exc}".splitlines()[0])
    sys.exit(1)
"""
#: Deaths in a row of one shard's actor, with no episode finished in between, before the run stops.
MAX_DEATHS = 3
#: The Ray concurrency group (one thread) an actor answers pings in, beside the one that steps.
HEALTH_GROUP = "health"


def ensure_ray(address: str | None = None, num_cpus: int | None = None) -> Any:
    """Import Ray and connect to ``address``, or start a local instance if none is running."""
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise RayUnavailable("the Ray executor needs Ray: pip install 'mobilepa-gym[ray]'") from exc
    global _CONNECTED_TO
    if not ray.is_initialized():
        if address:
            try:
                _probe(address)
                ray.init(address=address, log_to_driver=False)
                _CONNECTED_TO = address
            except (OSError, ValueError, RuntimeError) as exc:  # unreachable, malformed, other Ray version
                raise RayUnavailable(
                    f"cannot connect to the Ray cluster at {address}: {_last_line(exc)}"
                ) from exc
        else:
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
    elif address and address not in ("auto", _CONNECTED_TO) and _where(address) != _where(_gcs(ray)):
        # Ray connects a process once: the run goes where this process already is, whatever it names.
        warnings.warn(
            f"Ray is already initialised in this process (at {_gcs(ray)}); "
            f"the run uses that instance, not address={address!r} (call ray.shutdown() first to change)",
            RuntimeWarning,
            stacklevel=3,
        )
    return ray


#: The address ``ensure_ray`` connected this process with (a later run naming it again is not warned).
_CONNECTED_TO: str | None = None


def _gcs(ray: Any) -> str:
    return str(ray.get_runtime_context().gcs_address)


def _where(address: str) -> str:
    return address.removeprefix("ray://").strip()


def _probe(address: str) -> None:
    """Ask the GCS at a ``host:port`` address for its cluster's id, with Ray's own client (``ray._raylet.
    GcsClient``) in a process of its own, whose connection windows are set short (``PROBE_ENV``:
    Ray's ``gcs_rpc_server_connect_timeout_s`` and ``py_gcs_connect_timeout_s``). ``ray.init`` tries an
    unreachable head 20 times, ~40 s each, printing warnings; a wrong address should fail at once. Ray
    reads those settings once per process, so setting them here would change this driver's own Ray
    connection; the child's output (Ray's warnings) is kept out of the terminal. ``auto`` and
    ``ray://`` (a Ray Client server, not a GCS: Ray gives up on one after 3 tries) are left to Ray.

    Raises:
        ConnectionError: no GCS gave its cluster's id within ``PROBE_TIMEOUT_S`` (none listens there,
            or it refused the client).
    """
    where = _where(address)
    host, sep, port = where.rpartition(":")
    if "://" in address or not sep or not host or not port.isdigit():
        return
    try:
        child = subprocess.run(
            [sys.executable, "-c", PROBE_CODE, where],
            env={**os.environ, **PROBE_ENV},
            capture_output=True,
            text=True,
            timeout=PROBE_TIMEOUT_S + 60,  # the child's own windows end it first; this bounds a hung import
        )
    except subprocess.TimeoutExpired as exc:
        raise ConnectionError(f"the probe of the Ray GCS at {where} did not end") from exc
    if child.returncode:
        why = (child.stdout.strip().splitlines() or [f"exit code {child.returncode}"])[-1]
        raise ConnectionError(f"Ray's GCS client (waiting up to {PROBE_TIMEOUT_S:g} s) failed there: {why}")


def _last_line(exc: BaseException) -> str:
    """An exception's last non-empty line (Ray's remote errors end with the cause), at most 200 chars."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[-1][:200]


# --------------------------------------------------------------------------- actor side
class _Stepping:
    """Mixed into the shard class Ray runs: results as one pickled ``bytes`` object, and a ping."""

    def start_packed(self) -> bytes:
        """``start()``, pickled."""
        return pickle.dumps(self.start(), protocol=pickle.HIGHEST_PROTOCOL)  # type: ignore[attr-defined]

    def step_packed(self, request: bytes) -> bytes:
        """``step_columns(slots, actions, policy_s)`` of a pickled request, pickled: Ray passes one
        ``bytes`` object each way without walking it, where lists, tuples and dicts go through its
        serialiser argument by argument (measured on 2 cores, a 128-slot request: 0.05-0.13 ms less CPU
        per call on each side than the three arguments sent as they are)."""
        slots, actions, policy_s = pickle.loads(request)
        result = self.step_columns(slots, actions, policy_s)  # type: ignore[attr-defined]
        return pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)

    def ping(self) -> int:
        """This actor's process id; called in ``HEALTH_GROUP``, so it answers while a step runs."""
        return os.getpid()


@functools.cache
def _actor_class(shard_cls: type[Shard]) -> type[Shard]:
    """``shard_cls`` with ``_Stepping`` mixed in (one class per shard class)."""
    name = f"Stepping{shard_cls.__name__}"  # its own name: Ray tells actor classes apart by module and name
    return type(name, (shard_cls, _Stepping), {"__module__": shard_cls.__module__, "__qualname__": name})


# --------------------------------------------------------------------------- driver side
_DEAD = object()  # a result slot meaning: the actor died (or stalled) before answering


class _Stalled(Exception):
    """An actor left a call unanswered past the heartbeat's deadline and a ping too."""


def _ray_died(ray: Any) -> tuple[type[BaseException], ...]:
    """What Ray raises for a call to an actor that died: ``OutOfMemoryError`` is no ``RayActorError``,
    and it is what an actor killed by Ray's memory monitor fails its calls with."""
    x = ray.exceptions
    return (x.RayActorError, x.WorkerCrashedError, x.OutOfMemoryError)


def _finite(seconds: float) -> float | None:
    """A timeout for ``ray.wait``: ``None`` (wait as long as it takes) for an infinite one."""
    return seconds if math.isfinite(seconds) else None


def _ping(actor: Any) -> Any:
    return actor.ping.options(concurrency_group=HEALTH_GROUP).remote()


class _Calls:
    """The driver's Ray actor calls: one per lane batch, watched by the heartbeat.

    ``actors`` is the driver's list (a replaced actor is replaced there). A shard is *late* when it has
    calls outstanding and has not been heard from (a result, a ping's answer, or, when it had nothing
    outstanding, the call sent) for ``call_deadline_s``; a late shard whose actor does not answer a ping
    within ``ping_timeout_s`` is *stalled* if the actor has answered once, or was created
    ``start_deadline_s`` ago or more."""

    def __init__(self, ray: Any, actors: list[Any], heartbeat: Heartbeat) -> None:
        self.ray = ray
        self.actors = actors
        self.heartbeat = heartbeat
        self.died = _ray_died(ray)
        self.pending: dict[Any, tuple[int, int]] = {}  # ref -> (shard, lane); lanes -2, -1: load, start
        self.outstanding: dict[int, int] = {}  # shard -> calls outstanding
        self.heard: dict[int, float] = {}  # shard -> when it was last heard from (time.monotonic)
        self.born: dict[int, float] = {}  # shard -> when its current actor was created (time.monotonic)
        self.answered: set[int] = set()  # shards whose current actor has answered once
        self.dead: deque[tuple[int, int]] = deque()  # (shard, lane) of stalled actors, to report

    def watch(self, i: int, answered: bool) -> None:
        """Shard ``i`` has a new actor (``answered``: it is known to be up, e.g. a pooled one)."""
        self.heard[i] = self.born[i] = time.monotonic()
        if answered:
            self.answered.add(i)
        else:
            self.answered.discard(i)

    def _call(self, i: int, lane: int, ref: Any) -> None:
        if not self.outstanding.get(i):
            self.heard[i] = time.monotonic()
        self.outstanding[i] = self.outstanding.get(i, 0) + 1
        self.pending[ref] = (i, lane)

    def _answer(self, ref: Any) -> tuple[int, int]:
        i, lane = self.pending.pop(ref)
        self.outstanding[i] -= 1
        self.heard[i] = time.monotonic()
        self.answered.add(i)
        return i, lane

    def begin(self, i: int, actor: Any, part: list[tuple[int, Task]], seed: int, keys: Keys) -> None:
        self._call(i, -2, actor.load.remote(part, seed, keys))
        self._call(i, -1, actor.start_packed.remote())

    def started(self, i: int) -> Batch:
        """Shard ``i``'s first batch. Its ``load`` is checked first: after a failed load, ``start``
        would fill the slots from what the actor held before (an earlier run's unplayed episodes)."""
        load, start = (next(r for r, key in self.pending.items() if key == (i, lane)) for lane in (-2, -1))
        self._get(i, load, "load")
        return pickle.loads(self._get(i, start, "start"))[0]  # type: ignore[no-any-return]

    def _get(self, i: int, ref: Any, doing: str) -> Any:
        """The value of shard ``i``'s call ``ref``, waited for under the heartbeat (``_Stalled``)."""
        ray = self.ray
        while not ray.wait([ref], timeout=_finite(self._until([i])))[0]:
            if self._stalled([i]):
                raise _Stalled(f"shard {i}'s actor stalled in {doing}")
        self._answer(ref)
        return self._value(i, ref, doing)

    def _value(self, i: int, ref: Any, doing: str) -> Any:
        try:
            return self.ray.get(ref)
        except self.died:
            raise
        except self.ray.exceptions.RayTaskError as exc:  # the actor's own error: its traceback, as one
            raise RuntimeError(f"shard {i} failed in {doing}:\n{exc}") from exc

    def send(
        self, i: int, lane: int, actor: Any, slots: list[int], actions: list[Any], policy_s: float
    ) -> None:
        request = pickle.dumps((slots, actions, policy_s), protocol=pickle.HIGHEST_PROTOCOL)
        self._call(i, lane, actor.step_packed.remote(request))

    def busy(self) -> bool:
        return bool(self.pending) or bool(self.dead)

    def receive(self, block: bool = True) -> tuple[int, int, Any] | None:
        """The next result ``(shard, lane, (batch, done))`` or ``(shard, lane, _DEAD)``; ``None`` if
        none is back (``block=False``). Blocking, it checks the late shards whenever the next of them
        is due, and reports the first stalled one as dead."""
        ray = self.ray
        while not self.dead:
            timeout = _finite(self._until(list(self.outstanding))) if block else 0
            done, _ = ray.wait(list(self.pending), num_returns=1, timeout=timeout)
            if done:
                (ref,) = done
                i, lane = self._answer(ref)
                try:
                    return i, lane, pickle.loads(self._value(i, ref, "step"))
                except self.died:
                    return i, lane, _DEAD
            if not block:
                return None
            now = time.monotonic()
            deadline = self.heartbeat.call_deadline_s
            late = [i for i, n in self.outstanding.items() if n and now - self.heard[i] >= deadline]
            for i in self._stalled(late):
                self.dead.append((i, next(lane for j, lane in self.pending.values() if j == i)))
        i, lane = self.dead.popleft()
        return i, lane, _DEAD

    def _until(self, shards: list[int]) -> float:
        """Seconds until the first of ``shards`` with calls outstanding is late (0 if one is)."""
        due = [self.heard[i] for i in shards if self.outstanding.get(i)]
        if not due:
            return self.heartbeat.call_deadline_s
        return max(0.0, min(due) + self.heartbeat.call_deadline_s - time.monotonic())

    def _stalled(self, shards: list[int]) -> list[int]:
        """Ping the late ``shards`` at once; returns those whose actor does not answer within
        ``ping_timeout_s`` and answered once before or is ``start_deadline_s`` old (or turned out dead),
        with a warning for each stalled one. The others are heard from now (a long step, or an actor
        still building its world)."""
        ray = self.ray
        hb = self.heartbeat
        pings = {i: _ping(self.actors[i]) for i in shards}
        if pings:
            ray.wait(list(pings.values()), num_returns=len(pings), timeout=hb.ping_timeout_s)
        out = []
        now = time.monotonic()
        for i, ref in pings.items():
            try:
                ray.get(ref, timeout=0)
            except self.died:
                out.append(i)  # its calls fail too; reported here in case they have not yet
                continue
            except ray.exceptions.GetTimeoutError:
                if i in self.answered:
                    what = f"a call outstanding for {now - self.heard[i]:.1f} s"
                elif now - self.born[i] >= hb.start_deadline_s:
                    what = f"no answer in the {now - self.born[i]:.1f} s since it was created"
                else:
                    what = ""
                if what:
                    out.append(i)
                    warnings.warn(
                        f"shard {i}'s actor stalled: {what} and no answer to a ping within "
                        f"{hb.ping_timeout_s:g} s; it is killed and replaced, and its unfinished "
                        "episodes play again on the new one",
                        RuntimeWarning,
                        stacklevel=2,
                    )
                    continue
            else:
                self.answered.add(i)
            self.heard[i] = now
        return out

    def drop(self, i: int) -> None:
        """Forget shard ``i``'s calls (its actor is being replaced: they will never be answered)."""
        for ref in [r for r, (j, _lane) in self.pending.items() if j == i]:
            del self.pending[ref]
        self.outstanding[i] = 0
        self.dead = deque(d for d in self.dead if d[0] != i)

    def close(self) -> None:
        self.pending.clear()
        self.outstanding.clear()
        self.dead.clear()


_POOL: dict[tuple[Any, ...], list[Any]] = {}


def _pool_key(ray: Any, shard_cls: type[Shard], batch_size: int, settings: dict[str, Any]) -> tuple[Any, ...]:
    job = _session(ray)  # a new Ray instance never reuses old handles
    fixed = tuple(sorted((k, v) for k, v in settings.items() if k != "seed"))
    return (job, shard_cls.__module__, shard_cls.__qualname__, batch_size, fixed)


def shutdown_pool() -> None:
    """Kill the pooled shard actors (``ray.shutdown()`` ends them too; their handles are then dropped
    at the next run)."""
    import ray

    for key in list(_POOL):
        _discard(ray, key)


def _discard(ray: Any, key: tuple[Any, ...]) -> None:
    """Drop a pool; kill its actors if they belong to this Ray session (older handles are invalid, and
    their actors ended with their session)."""
    actors = _POOL.pop(key, [])
    if not ray.is_initialized() or key[0] != _session(ray):
        return
    for a in actors:
        with contextlib.suppress(Exception):  # already dead: nothing to kill
            ray.kill(a)


def _session(ray: Any) -> tuple[Any, Any]:
    ctx = ray.get_runtime_context()
    return (ctx.get_job_id(), ctx.get_node_id())


def _alive(ray: Any, actors: list[Any], timeout: float) -> list[bool]:
    """Whether each pooled actor still answers a ping within ``timeout``: one ping each, all at once,
    under one deadline (an actor that hangs costs the wait once, not once per actor). A ping is
    answered beside the calls an interrupted run left queued; those run before this run's."""
    refs = [_ping(a) for a in actors]
    if refs:
        ray.wait(refs, num_returns=len(refs), timeout=timeout)
    out = []
    for ref in refs:
        try:
            ray.get(ref, timeout=0)
            out.append(True)
        except (*_ray_died(ray), ray.exceptions.GetTimeoutError):
            out.append(False)
    return out


def drive_ray(
    policy: Policy,
    parts: list[list[tuple[int, Task]]],
    batch_size: int,
    settings: dict[str, Any],
    collect: Any,
    address: str | None = None,
    shard_cls: type[Shard] = Shard,
    transport: str = "auto",
    info_keys: Keys = None,
    heartbeat: Heartbeat | None = None,
) -> int:
    """Run ``parts`` (one shard each) on Ray actors with the shared driver loop; returns how many
    actors had to be replaced (``shard_cls`` lets a test inject a shard that crashes).

    Actors are pooled per Ray job and settings: a later run with the same settings reuses them (their
    world is already built), which is what keeps short runs from paying actor start-up each time; a
    run with other settings replaces the pool (idle actors would otherwise hold their CPUs).
    ``transport``: ``"auto"`` | ``"ray"``, both Ray actor calls. ``info_keys``: the keys the actors
    keep in the infos they send (``policy_info_keys``; ``None``: all). ``heartbeat``: when a silent
    actor counts as stalled (``Heartbeat()`` by default; see the module docstring).

    A policy whose ``act`` is ``async def`` (requests to a model server) is called once for every batch
    that is back when it is its turn, across shards and lanes, so its requests run concurrently; a sync
    policy is called per batch, and each batch goes back to its actor as soon as it is acted on.
    """
    check_transport(transport)
    heartbeat = heartbeat or Heartbeat()
    ray = ensure_ray(address)
    remote_shard = ray.remote(
        num_cpus=1, max_restarts=0, enable_task_events=False, concurrency_groups={HEALTH_GROUP: 1}
    )(_actor_class(shard_cls))
    ctor = {k: v for k, v in settings.items() if k != "seed"}
    seed = settings.get("seed", 0)
    key = _pool_key(ray, shard_cls, batch_size, settings)
    for other in [k for k in _POOL if k != key]:  # one pool at a time: idle actors hold CPUs
        _discard(ray, other)
    cpus = ray.cluster_resources().get("CPU", 0)
    if len(parts) > cpus:  # each actor takes a CPU: Ray would wait for the missing ones forever
        raise RayUnavailable(
            f"{len(parts)} shard actors need {len(parts)} CPUs and the Ray cluster has {cpus:g}; "
            f"use at most {int(cpus)} workers"
        )
    pool = _POOL.setdefault(key, [])
    for extra in pool[len(parts) :]:  # a run with fewer shards than the last: idle actors hold CPUs
        with contextlib.suppress(Exception):  # already dead
            ray.kill(extra)
    del pool[len(parts) :]
    up = _alive(ray, pool, heartbeat.ping_timeout_s)
    for j, ok in enumerate(up):
        if not ok:  # died while idle (e.g. the OOM killer), or hangs: a fresh one takes its place
            with contextlib.suppress(Exception):  # a hanging one would hold its CPU
                ray.kill(pool[j])
            pool[j] = remote_shard.remote([], batch_size, **ctor)
    while len(pool) < len(parts):
        pool.append(remote_shard.remote([], batch_size, **ctor))
    actors = pool[: len(parts)]
    finished: set[int] = set()
    replacements = [0]

    link = _Calls(ray, actors, heartbeat)
    for i in range(len(actors)):
        link.watch(i, answered=i < len(up) and up[i])

    died = (_Stalled, *_ray_died(ray))
    deaths = [0] * len(parts)  # per shard: deaths in a row without an episode finishing in between

    def restart(i: int, cause: BaseException | None = None) -> Batch:
        """Replace shard ``i``'s dead (or stalled) actor; its unfinished episodes start over on the new
        one. A replacement that dies too (while loading, or again before any episode finished) is
        replaced in turn, until ``MAX_DEATHS`` deaths in a row: an episode that kills every actor
        playing it would otherwise be replayed forever."""
        while True:
            link.drop(i)
            rest = [(k, t) for k, t in parts[i] if k not in finished]
            deaths[i] = 1 if len(rest) < len(parts[i]) else deaths[i] + 1
            parts[i] = rest
            if deaths[i] >= MAX_DEATHS:
                first = f", the first {rest[0][1].id}" if rest else ""
                why = f": {_last_line(cause)}" if cause is not None else ""
                raise RuntimeError(
                    f"shard {i}'s actor died {deaths[i]} times in a row before finishing an episode "
                    f"({len(rest)} left{first}){why}"
                ) from cause
            replacements[0] += 1
            with contextlib.suppress(Exception):  # already gone
                ray.kill(actors[i])  # a stalled one would hold its CPU, and step again if resumed
            actors[i] = pool[i] = remote_shard.remote([], batch_size, **ctor)
            link.watch(i, answered=False)
            try:
                link.begin(i, actors[i], rest, seed, info_keys)
                return link.started(i)
            except died as exc:
                cause = exc

    width = batch_size
    merge = inspect.iscoroutinefunction(getattr(policy, "act", None))
    ready: dict[tuple[int, int], Batch] = {}

    def split(i: int, batch: Batch) -> None:
        reset_started(policy, i, width, batch)
        for lane in range(LANES):
            ready[(i, lane)] = [b for b in batch if b[0] % LANES == lane]

    try:
        for i, (actor, part) in enumerate(zip(actors, parts, strict=True)):
            link.begin(i, actor, part, seed, info_keys)  # every shard loads and starts at once
        for i in range(len(actors)):
            try:
                batch = link.started(i)
            except died as exc:
                batch = restart(i, exc)  # died while loading or starting: replaced like a death mid-run
            split(i, batch)
        while ready or link.busy():
            groups = [(key, batch) for key, batch in ready.items() if batch]
            ready.clear()
            # An async policy (a model server) gets every ready batch in one call, so its requests run
            # concurrently; a sync one gets each batch on its own, sent back as soon as it is acted on.
            for part in [groups] if merge and groups else [[g] for g in groups]:
                obs, infos = [], []
                for (i, _lane), batch in part:
                    for slot, o, info in batch:  # unpickled here: ours to extend
                        info["slot"] = i * width + slot
                        obs.append(o)
                        infos.append(info)
                actions, policy_s = call_policy(policy, obs, infos)  # a failed slot gets a Failed
                k = 0
                for (i, lane), batch in part:
                    n = len(batch)
                    slots = [slot for slot, _o, _i in batch]
                    link.send(i, lane, actors[i], slots, actions[k : k + n], policy_s * n / len(obs))
                    k += n
            if not link.busy():
                break
            got = link.receive()
            while got is not None:  # every result already here joins this round (one waited for)
                i, lane, result = got
                if result is _DEAD:
                    for other_lane in range(LANES):
                        ready.pop((i, other_lane), None)
                    split(i, restart(i))
                else:
                    batch, done = result
                    finished.update(k for k, _ in done)
                    collect(done)
                    reset_started(policy, i, width, batch)
                    ready[(i, lane)] = batch
                got = link.receive(block=False) if merge and link.busy() else None
    finally:
        link.close()
    return replacements[0]
