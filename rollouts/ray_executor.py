"""The Ray executor: each actor holds a shard of episode slots and steps it one batch per request.

Ray places the actors (on this machine or a cluster: ``address="auto"``, ``"ray://head:10001"``),
ships each its episodes and replaces the ones that die. The step loop itself runs over a direct,
authenticated connection to each actor (``multiprocessing.connection``, a fresh key per run sent
through Ray): a bare Ray actor call costs a fraction of a millisecond of CPU on each side (the
throughput benchmark measures it: ``ray.actor_call``), a message on the connection a small fraction of
that, and the loop sends one message per lane and round.
``transport="ray"`` keeps every step a Ray actor call; ``"auto"`` (the default) uses connections and
falls back to Ray calls, with a warning, when the driver cannot reach an actor's port.

Each actor's slots form three lanes (slot mod 3): the driver runs one batched policy call per lane and
sends it (an ``async`` policy gets every lane that is back in one call, see ``drive_ray``), and while an actor steps one lane the driver is already reading another lane's results and
acting on them, so driver and actors overlap instead of waiting for each other (three measured
better than two on 2 cores, where the driver and two actors share the CPUs). An actor
that dies is replaced by a new one holding the shard's unfinished episodes, which re-run from their
start, so every episode lands exactly once; a shard whose actors die ``MAX_DEATHS`` times in a row
without finishing an episode stops the run. An actor can die without its connection closing (its node
dropped off the network), so after ``HEALTH_CHECK_S`` without a reply the driver asks Ray about it.

Actors are pooled across runs with the same settings in one Ray session: a pooled actor that died
while idle is replaced when the next run starts, what an interrupted run left running on one ends
before the next run loads it, and handles from an earlier session (after ``ray.shutdown()``) are
dropped. Each actor takes one CPU; asking for more actors than the cluster has
CPUs is an error rather than a wait for CPUs that never come. Tasks travel cloudpickled, as in Ray's
own calls, so a ``Task`` subclass defined in the user's script reaches the actors.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
import pickle
import socket
import threading
import traceback
import warnings
from collections import deque
from multiprocessing import AuthenticationError
from multiprocessing.connection import Client, Connection, Listener, wait
from typing import Any

from mpb_env.rollouts.policies import Policy
from mpb_env.rollouts.runner import Batch, RayUnavailable, Shard, call_policy, check_transport, reset_started
from mpb_env.tasks.model import Task

#: Slot lanes per actor stepped in turn, so the driver's work overlaps the actor's.
LANES = 3
#: The info keys a run's actors send (``policy_info_keys``; ``None``: all).
Keys = frozenset[str] | None
#: The name of an actor's thread serving a connection.
CHANNEL_THREAD = "mpb-shard-channel"
#: Seconds to wait for an actor's port before falling back to Ray calls (``transport="auto"``).
CONNECT_TIMEOUT_S = 10.0
#: Deaths in a row of one shard's actor, with no episode finished in between, before the run stops.
MAX_DEATHS = 3
#: Seconds without a reply on any connection before the driver asks Ray whether those actors live.
HEALTH_CHECK_S = 10.0


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
    """Open and close a TCP connection to a ``host:port`` or ``ray://host:port`` address (``auto`` and
    other forms are left to Ray). ``ray.init`` retries an unreachable head for many minutes, printing
    a warning every few seconds; a wrong address should fail at once.

    Raises:
        OSError: nothing listens there (or the host is unknown).
    """
    where = _where(address)
    host, sep, port = where.rpartition(":")
    if "://" in where or not sep or not host or not port.isdigit():
        return
    socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT_S).close()


def _last_line(exc: BaseException) -> str:
    """An exception's last non-empty line (Ray's remote errors end with the cause), at most 200 chars."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[-1][:200]


def _no_delay(conn: Connection) -> Connection:
    """Turn off Nagle's algorithm on a connection's TCP socket: ``Connection`` writes a large message as
    header and body, and Nagle holding the body's last segment back until the peer's delayed ACK
    costs ~40 ms per message."""
    with socket.socket(fileno=os.dup(conn.fileno())) as sock:  # a second handle on the same socket
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return conn


# --------------------------------------------------------------------------- actor side
#: What a connection serves: request ``(name, *args)`` → reply ``("ok", result)`` or ``("error", traceback)``.
_REQUESTS = ("load", "start", "step_columns")


class ChannelServer:
    """Mixed into the shard class Ray runs: ``open_channel`` serves the shard's ``load``, ``start`` and
    ``step_columns`` on a connection from a background thread (the actor's Ray thread stays free)."""

    def open_channel(self, authkey: bytes) -> tuple[str, int]:
        """Listen on this node's address and a free port; returns the address to connect to. The thread
        of an earlier listener that never got its connection (the driver fell back to Ray calls) ends."""
        import ray

        old = getattr(self, "_listening", None)  # (listener, address) of the previous run
        listener = Listener((ray.util.get_node_ip_address(), 0), authkey=authkey)
        self._listening = (listener, listener.address)
        if old is not None:  # wake its thread if it still waits in accept(): it sees it is stale and ends
            with contextlib.suppress(OSError):  # refused once that run's connection closed: nothing to do
                socket.create_connection(old[1], timeout=CONNECT_TIMEOUT_S).close()
        threading.Thread(target=self._serve, args=(listener,), name=CHANNEL_THREAD, daemon=True).start()
        return self._listening[1]  # type: ignore[no-any-return]

    def close_channel(self, timeout: float = CONNECT_TIMEOUT_S * 3) -> bool:
        """End the connection an earlier run left open and wait for the request its thread is serving;
        returns whether the shard is free (``False``: that request is still running after ``timeout``).

        A driver that was interrupted leaves its last requests here: without this, the old thread would
        still step the shard (and take episodes from its queue) while the next run loads and steps it.
        Shutting the socket down ends the thread at its next read, whatever requests are still queued."""
        serving = getattr(self, "_serving", None)
        if serving is None:
            return True
        thread, sock = serving
        with contextlib.suppress(OSError):  # already shut down (this thread ended on its own)
            sock.shutdown(socket.SHUT_RDWR)
        thread.join(timeout)
        if thread.is_alive():
            return False
        sock.close()
        self._serving = None
        return True

    def _serve(self, listener: Listener) -> None:
        with listener:
            while True:
                try:
                    conn = listener.accept()  # a connection without the key is refused; wait for ours
                except (AuthenticationError, ConnectionError, EOFError):
                    if listener is not self._listening[0]:  # a newer run listens elsewhere
                        return
                    continue
                break
            # A second handle on the socket for ``close_channel``, which may have to stop this thread.
            extra = socket.socket(fileno=os.dup(conn.fileno()))
            self._serving = (threading.current_thread(), extra)
            try:
                self._answer(conn)
            finally:
                # However this thread ends, the connection ends with it: the second handle would keep it
                # open, and the driver would wait for replies that never come from a live actor.
                with contextlib.suppress(OSError):
                    extra.shutdown(socket.SHUT_RDWR)
                extra.close()

    def _answer(self, conn: Connection) -> None:
        """Serve requests on ``conn`` until the driver closes it."""
        with _no_delay(conn):
            while True:
                try:
                    request = conn.recv()
                except (EOFError, OSError):  # the driver closed the run (or went away)
                    return
                except Exception:  # a whole message that cannot be unpickled here: say why
                    request = None
                try:
                    if request is None:
                        raise ValueError(f"cannot read the request:\n{traceback.format_exc()}")
                    name, *args = request
                    if name not in _REQUESTS:
                        raise ValueError(f"unknown request {name!r}")
                    if name == "load":  # tasks travel cloudpickled, as Ray sends them
                        args[0] = pickle.loads(args[0])
                    reply = ("ok", getattr(self, name)(*args))
                except Exception:
                    reply = ("error", traceback.format_exc())
                try:
                    conn.send(reply)
                except OSError:  # the driver went away mid-request (interrupted)
                    return
                except Exception:  # a reply that cannot be pickled (nothing of it was sent): say why
                    conn.send(("error", f"cannot send the reply:\n{traceback.format_exc()}"))


@functools.cache
def _served(shard_cls: type[Shard]) -> type[Shard]:
    """``shard_cls`` with the connection server mixed in (one class per shard class)."""
    name = f"Served{shard_cls.__name__}"  # its own name: Ray tells actor classes apart by module and name
    return type(name, (shard_cls, ChannelServer), {"__module__": shard_cls.__module__, "__qualname__": name})


# --------------------------------------------------------------------------- driver side
_DEAD = object()  # a result slot meaning: the actor died before answering
_DIED_ERRORS: tuple[type[BaseException], ...] = (EOFError, ConnectionError)  # its connection closed


def _ray_died(ray: Any) -> tuple[type[BaseException], ...]:
    """What Ray raises for a call to an actor that died: ``OutOfMemoryError`` is no ``RayActorError``,
    and it is what an actor killed by Ray's memory monitor fails its calls with."""
    x = ray.exceptions
    return (x.RayActorError, x.WorkerCrashedError, x.OutOfMemoryError)


class _RayCalls:
    """Each lane step is one Ray actor call."""

    def __init__(self, ray: Any) -> None:
        self.ray = ray
        self.pending: dict[Any, tuple[int, int]] = {}

    def open(self, i: int, actor: Any) -> None:
        pass

    def begin(self, i: int, actor: Any, part: list[tuple[int, Task]], seed: int, keys: Keys) -> None:
        self.pending[actor.load.remote(part, seed, keys)] = (i, -2)
        self.pending[actor.start.remote()] = (i, -1)

    def started(self, i: int) -> Batch:
        """Shard ``i``'s first batch. Its ``load`` is checked first: after a failed load, ``start``
        would fill the slots from what the actor held before (an earlier run's unplayed episodes)."""
        load, start = (next(r for r, key in self.pending.items() if key == (i, lane)) for lane in (-2, -1))
        del self.pending[load], self.pending[start]
        self.ray.get(load)
        return self.ray.get(start)[0]  # type: ignore[no-any-return]

    def send(
        self, i: int, lane: int, actor: Any, slots: list[int], actions: list[Any], policy_s: float
    ) -> None:
        self.pending[actor.step_columns.remote(slots, actions, policy_s)] = (i, lane)

    def busy(self) -> bool:
        return bool(self.pending)

    def receive(self, block: bool = True) -> tuple[int, int, Any] | None:
        ray = self.ray
        done, _ = ray.wait(list(self.pending), num_returns=1, timeout=None if block else 0)
        if not done:
            return None
        (ref,) = done
        i, lane = self.pending.pop(ref)
        try:
            return i, lane, ray.get(ref)
        except _ray_died(ray):
            return i, lane, _DEAD

    def drop(self, i: int) -> None:
        for ref in [r for r, (j, _lane) in self.pending.items() if j == i]:
            del self.pending[ref]  # the same dead actor: those results will never come

    def close(self) -> None:
        self.pending.clear()


def _result(i: int, doing: str, reply: tuple[str, Any]) -> Any:
    """The payload of a connection reply, or the actor's traceback raised as a RuntimeError."""
    status, payload = reply
    if status != "ok":
        raise RuntimeError(f"shard {i} failed in {doing}:\n{payload}")
    return payload


class _Channels:
    """Each lane step is one message on the actor's connection; replies come back in request order."""

    def __init__(self, ray: Any) -> None:
        self.ray = ray
        self.conns: dict[int, Connection] = {}
        self.lanes: dict[int, deque[int]] = {}
        self.dead: deque[tuple[int, int]] = deque()
        self.actors: dict[int, Any] = {}

    def open(self, i: int, actor: Any) -> None:
        self.connect(i, actor, *self.listen(actor))

    def listen(self, actor: Any) -> tuple[Any, bytes]:
        """Ask ``actor`` to listen; returns (a ref to its address, the key)."""
        key = os.urandom(32)
        return actor.open_channel.remote(key), key

    def connect(self, i: int, actor: Any, address_ref: Any, key: bytes) -> None:
        address = self.ray.get(address_ref)
        # Probe first: Client() has no timeout, and a port a firewall drops would hang it for minutes.
        socket.create_connection(address, timeout=CONNECT_TIMEOUT_S).close()
        self.conns[i] = _no_delay(Client(address, authkey=key))
        self.lanes[i] = deque()
        self.actors[i] = actor

    def dead_among(self, shards: list[int]) -> list[int]:
        """The shards whose actors Ray reports dead. An actor can die without its connection closing
        (its node vanished from the network: nothing sends the FIN), so a driver that only waited on the
        connections would wait forever; this is asked only after ``HEALTH_CHECK_S`` of silence."""
        ray = self.ray
        refs = {i: self.actors[i].__ray_ready__.remote() for i in shards}
        if refs:  # a live actor answers at once (its Ray thread is free); an unanswered one may be busy
            ray.wait(list(refs.values()), num_returns=len(refs), timeout=1.0)
        out = []
        for i, ref in refs.items():
            try:
                ray.get(ref, timeout=0)
            except _ray_died(ray):
                out.append(i)
            except ray.exceptions.GetTimeoutError:
                pass
        return out

    def recv(self, i: int) -> Any:
        """The next reply on shard ``i``'s connection, outside the step loop (loading, starting)."""
        conn = self.conns[i]
        while not wait([conn], timeout=HEALTH_CHECK_S):
            if self.dead_among([i]):
                raise EOFError(f"shard {i}'s actor died (Ray reports it dead; its connection is silent)")
        return conn.recv()

    def begin(self, i: int, actor: Any, part: list[tuple[int, Task]], seed: int, keys: Keys) -> None:
        # cloudpickle, as Ray's own calls: a Task subclass defined in the user's script travels by value
        from ray import cloudpickle

        if i not in self.conns:  # its actor died before it could be connected to
            return
        self.conns[i].send(("load", cloudpickle.dumps(part), seed, keys))
        self.conns[i].send(("start",))

    def started(self, i: int) -> Batch:
        if i not in self.conns:
            raise EOFError(f"shard {i}'s actor died before it could be connected to")
        _result(i, "load", self.recv(i))  # the replies come in request order: load, then start
        return _result(i, "start", self.recv(i))[0]  # type: ignore[no-any-return]

    def send(
        self, i: int, lane: int, actor: Any, slots: list[int], actions: list[Any], policy_s: float
    ) -> None:
        try:
            self.conns[i].send(("step_columns", slots, actions, policy_s))
        except OSError:
            self.dead.append((i, lane))
            return
        self.lanes[i].append(lane)

    def busy(self) -> bool:
        return bool(self.dead) or any(self.lanes.values())

    def receive(self, block: bool = True) -> tuple[int, int, Any] | None:
        if self.dead:
            i, lane = self.dead.popleft()
            return i, lane, _DEAD
        owner = {id(c): i for i, c in self.conns.items() if self.lanes[i]}
        ready = wait([self.conns[i] for i in owner.values()], timeout=HEALTH_CHECK_S if block else 0)
        if not ready:
            if not block:
                return None
            # Nothing for HEALTH_CHECK_S: a dead actor's lane, or None (the driver comes round to wait again)
            dead = self.dead_among(list(owner.values()))
            return (dead[0], self.lanes[dead[0]].popleft(), _DEAD) if dead else None
        conn = ready[0]
        i = owner[id(conn)]
        lane = self.lanes[i].popleft()
        try:
            reply = conn.recv()  # type: ignore[union-attr]
        except (EOFError, OSError):
            return i, lane, _DEAD
        return i, lane, _result(i, "step", reply)

    def drop(self, i: int) -> None:
        conn = self.conns.pop(i, None)
        if conn is not None:
            conn.close()
        self.lanes.pop(i, None)
        self.actors.pop(i, None)
        self.dead = deque(d for d in self.dead if d[0] != i)

    def close(self) -> None:
        for i in list(self.conns):
            self.drop(i)


def _transport(ray: Any, kind: str, actors: list[Any]) -> _RayCalls | _Channels:
    if kind == "ray":
        return _RayCalls(ray)
    channels = _Channels(ray)
    try:
        asked = [channels.listen(actor) for actor in actors]  # every actor starts listening at once
        for i, (address_ref, key) in enumerate(asked):
            try:
                channels.connect(i, actors[i], address_ref, key)
            except _ray_died(ray):  # died before it listened (say, loading its world): not the network's
                pass  # fault; ``started`` reports it and the driver replaces it, on a connection again
    except BaseException as exc:  # unreachable port, or the actor could not listen (e.g. no IPv4 address)
        channels.close()  # also when interrupted here: the connections made so far end with the run
        if not isinstance(exc, Exception):
            raise
        reason = _last_line(exc)
        if kind == "channel":
            raise RayUnavailable(
                f"cannot connect to a shard actor ({reason}); transport 'ray' steps through Ray actor calls"
            ) from exc
        warnings.warn(
            f"cannot connect to a shard actor ({reason}); stepping through Ray actor calls instead",
            RuntimeWarning,
            stacklevel=3,
        )
        return _RayCalls(ray)
    return channels


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


def _alive(ray: Any, actors: list[Any]) -> list[bool]:
    """Whether each pooled actor still answers and is free: ``close_channel`` ends what an interrupted
    run left running on it (Ray runs an actor's calls in order, so a run that stepped through Ray calls
    has finished those first). One call each, all at once, under one deadline: an actor that hangs
    costs the wait once, not once per actor."""
    refs = [a.close_channel.remote() for a in actors]
    if refs:
        ray.wait(refs, num_returns=len(refs), timeout=CONNECT_TIMEOUT_S * 6)
    out = []
    for ref in refs:
        try:
            out.append(bool(ray.get(ref, timeout=0)))
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
) -> int:
    """Run ``parts`` (one shard each) on Ray actors with the shared driver loop; returns how many
    actors had to be replaced (``shard_cls`` lets a test inject a shard that crashes).

    Actors are pooled per Ray job and settings: a later run with the same settings reuses them (their
    world is already built), which is what keeps short runs from paying actor start-up each time; a
    run with other settings replaces the pool (idle actors would otherwise hold their CPUs).
    ``transport``: ``"auto"`` | ``"channel"`` | ``"ray"`` (see the module docstring). ``info_keys``:
    the keys the actors keep in the infos they send (``policy_info_keys``; ``None``: all).

    A policy whose ``act`` is ``async def`` (requests to a model server) is called once for every batch
    that is back when it is its turn, across shards and lanes, so its requests run concurrently; a sync
    policy is called per batch, and each batch goes back to its actor as soon as it is acted on.
    """
    check_transport(transport)
    ray = ensure_ray(address)
    remote_shard = ray.remote(num_cpus=1, max_restarts=0, enable_task_events=False)(_served(shard_cls))
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
    for j, ok in enumerate(_alive(ray, pool)):
        if not ok:  # died while idle (e.g. the OOM killer), or hangs: a fresh one takes its place
            with contextlib.suppress(Exception):  # a hanging one would hold its CPU
                ray.kill(pool[j])
            pool[j] = remote_shard.remote([], batch_size, **ctor)
    while len(pool) < len(parts):
        pool.append(remote_shard.remote([], batch_size, **ctor))
    actors = pool[: len(parts)]
    finished: set[int] = set()
    replacements = [0]

    link = _transport(ray, transport, actors)

    died = _DIED_ERRORS + _ray_died(ray)
    deaths = [0] * len(parts)  # per shard: deaths in a row without an episode finishing in between

    def restart(i: int, cause: BaseException | None = None) -> Batch:
        """Replace shard ``i``'s dead actor; its unfinished episodes start over on the new one. A
        replacement that dies too (while loading, or again before any episode finished) is replaced in
        turn, until ``MAX_DEATHS`` deaths in a row: an episode that kills every actor playing it would
        otherwise be replayed forever."""
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
                ray.kill(actors[i])
            actors[i] = pool[i] = remote_shard.remote([], batch_size, **ctor)
            try:
                link.open(i, actors[i])
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
