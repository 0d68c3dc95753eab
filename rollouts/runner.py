"""The local executor: every episode of a task list once, in-process, into ``Trajectory`` records.

``run_local(tasks, policy, ...)`` expands skill tasks into their SOR and MTSR episodes, plays each
with one reused ``Episode`` (``restart`` per task, O(1)), and returns the trajectories in task order.
With ``out`` it also writes ``out/trajectories.jsonl`` (one orjson line per episode, written as each
finishes) and ``out/timings.jsonl`` (wall-clock seconds per episode).

Determinism: the same tasks, seed, policy and settings give byte-identical ``trajectories.jsonl``.
Wall-clock timings are the only non-deterministic numbers, so they live in ``Trajectory.timings``
and ``timings.jsonl`` and never in the trajectory lines.

Failures end one episode, never the run: both executors call the policy through ``call_policy``
(a raising, wrong-count or timed-out batch is retried slot by slot, a slot that fails or hangs alone
ends its episode, as does a ``reset`` that raises or hangs) and ``Episode.play`` turns an internal
env error into ``env_error``; each such episode is recorded with its ``outcome``
(``mpb_env.outcomes``), so every episode lands exactly once and a resumed run goes on past it. A run directory holds only its own
regular files: each is opened with ``O_NOFOLLOW`` and rewritten atomically (``open_run_file``,
``replace_run_file``).

Each of ``turns`` is ``{"action", "observation"}`` (the action as written, the feedback JSON list; ``""``
after the final message), plus ``tools_added`` when the turn added tools to A_t (``search_tools``
results, a loaded skill's bound tools, a permission prompt's remedy), their names in the order offered.
Lines written before ``tools_added`` was recorded simply lack it.

Per-trajectory counts:

* ``steps``: tool calls the turns held (malformed ones included: each costs an observation entry).
* ``tool_errors``: feedback entries with status ``error``; ``error_types`` lists their types in order.
* ``messages``: chat messages of the transcript (system, history, query, then every appended one).
* ``output_tokens``: the tokens the model generated, where the policy reports them (an action with an
  ``output_tokens`` count, as ``chat.ChatPolicy`` returns); otherwise the action's whitespace-separated
  words, an approximation.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import errno
import hashlib
import inspect
import os
import queue
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import orjson
from filelock import FileLock, Timeout
from pydantic import BaseModel
from tqdm import tqdm

from mpb_env.episode import T_MAX, Episode, without_gc
from mpb_env.outcomes import FAILED, Outcome, error_reason, reward_valid
from mpb_env.prompts import TOOL_FORMATS
from mpb_env.recall import DEFAULT_TOP_N
from mpb_env.rollouts.policies import ALWAYS_IN_INFO, Policy, policy_info_keys, policy_label
from mpb_env.tasks import suite_version
from mpb_env.tasks.model import RecallMode, Task, episodes
from mpb_env.world.generate import Size, load_world

__all__ = [
    "DEFAULT_POLICY_TIMEOUT_S",
    "Failed",
    "GuardedPolicy",
    "LOCK_FILE",
    "MANIFEST_FILE",
    "REPORT_FILE",
    "RUN_FILES",
    "RunConflict",
    "TIMINGS_FILE",
    "TRAJECTORIES_FILE",
    "TRANSPORTS",
    "Heartbeat",
    "RayUnavailable",
    "Recorder",
    "Shard",
    "Trajectory",
    "call_policy",
    "check_out_dir",
    "play_episode",
    "read_trajectories",
    "run",
    "run_local",
]

TRAJECTORIES_FILE = "trajectories.jsonl"
TIMINGS_FILE = "timings.jsonl"
#: The run's settings and policy label, checked when the run is resumed.
MANIFEST_FILE = "run.json"
#: Held by the run writing to a directory (``_only_writer``).
LOCK_FILE = "run.lock"
#: The scores ``mpb eval --out`` writes next to the trajectories.
REPORT_FILE = "report.json"
#: Every file a run directory holds: each must be a regular file (a symlink is refused, see ``open_run_file``).
RUN_FILES = (TRAJECTORIES_FILE, TIMINGS_FILE, MANIFEST_FILE, REPORT_FILE, LOCK_FILE)
#: Seconds one policy call (one round of a batch) may take before its episodes end with
#: ``policy_timeout``: ten minutes, room for a slow model server's batch of long replies.
DEFAULT_POLICY_TIMEOUT_S = 600.0
#: How the Ray executor steps its actors: both are Ray actor calls (see ``mpb_env.rollouts.ray_executor``).
TRANSPORTS = ("auto", "ray")
#: Transports that existed once; naming one is refused with why.
REMOVED_TRANSPORTS = {"channel": "the Ray executor steps its actors through Ray actor calls only"}


class RayUnavailable(RuntimeError):
    """The Ray executor cannot run: Ray is not installed or the cluster cannot be reached."""


def check_transport(transport: str) -> None:
    """Refuse a transport other than ``TRANSPORTS`` (``ValueError``, one line)."""
    if transport in REMOVED_TRANSPORTS:
        raise ValueError(
            f"transport {transport!r} was removed: {REMOVED_TRANSPORTS[transport]} "
            f"({' and '.join(repr(t) for t in TRANSPORTS)} both mean that)"
        )
    if transport not in TRANSPORTS:
        raise ValueError(f"unknown transport {transport!r}; choose one of {', '.join(TRANSPORTS)}")


@dataclasses.dataclass(frozen=True)
class Heartbeat:
    """When the Ray executor takes a live but silent actor (stopped, deadlocked, swapped out) for
    stalled: a call of its has been outstanding ``call_deadline_s`` and a ping, which its actor answers
    from a thread of its own even in the middle of a step, gets no answer within ``ping_timeout_s``.
    The driver then kills the actor and replays its unfinished episodes on a new one, as for an actor
    that died. An actor that has not answered yet (Ray is starting its process, its constructor builds
    the world, and a ping waits until that is done) is taken for stalled only once ``start_deadline_s``
    have passed since it was created and it does not answer a ping either: so an actor stopped while it
    starts is replaced too.

    Args:
        call_deadline_s: seconds a call may be outstanding before its actor is pinged (a step of a
            whole batch takes milliseconds; a long one only costs a ping); ``math.inf``: never.
        ping_timeout_s: seconds the ping may take.
        start_deadline_s: seconds a new actor may take to give its first answer (start its process,
            build its world); ``math.inf``: as long as it takes.
    """

    call_deadline_s: float = 60.0
    ping_timeout_s: float = 10.0
    start_deadline_s: float = 300.0

    def __post_init__(self) -> None:
        if not (self.call_deadline_s > 0 and self.ping_timeout_s > 0 and self.start_deadline_s > 0):
            raise ValueError(
                "the heartbeat's call_deadline_s, ping_timeout_s and start_deadline_s must be > 0"
            )


def reset_started(policy: Policy, shard: int, width: int, batch: Batch) -> None:
    """``policy.reset`` for each slot of ``batch`` where an episode has just started (its info is
    ``Episode.start_info()``, the one info without a ``turn``); global slot ids are
    ``shard * width + slot``. With a ``GuardedPolicy`` a raising ``reset`` ends that episode alone."""
    started = [(shard * width + slot, info) for slot, _obs, info in batch if "turn" not in info]
    if isinstance(policy, GuardedPolicy):
        policy.reset_all(started)
        return
    for slot, info in started:
        policy.reset(slot, info)


def info_view(info: dict[str, Any], keys: frozenset[str] | None) -> dict[str, Any]:
    """``info`` cut to ``keys`` (``policy_info_keys``; ``None`` keeps it whole) and ``ALWAYS_IN_INFO``,
    whatever the keys: a start info is told from a step info by its lack of a ``turn``."""
    if keys is None:
        return info
    return {k: v for k, v in info.items() if k in keys or k in ALWAYS_IN_INFO}


class Trajectory(BaseModel):
    """One finished episode: what was done, what it cost, and the gated verdict.

    ``outcome`` says how it ended (``mpb_env.outcomes``: ``ok``, ``budget`` at T_max, ``policy_error``,
    ``policy_timeout``, ``env_error``), ``reward_valid`` whether its reward means anything (``False``
    for the three failures: they score 0 and should not be trained on) and ``error`` the one-line reason
    of a failure. ``truncated``: the episode ended without a final message (T_max or a failure). A line
    written before these fields existed reads as ``ok``, valid, no error."""

    task_id: str
    dimension: str
    category: str
    bucket: str
    routing: str | None = None
    seed: int = 0
    recall: str = "bm25"
    gold_recall: float | None = None
    turns: list[dict[str, Any]] = []
    messages: int = 0
    steps: int = 0
    tool_errors: int = 0
    error_types: list[str] = []
    output_tokens: int = 0
    user_queries: int = 0
    interaction: bool = False
    truncated: bool = False
    verdict: dict[str, Any] = {}
    reward: float = 0.0
    success: bool = False
    outcome: Outcome = "ok"
    reward_valid: bool = True
    error: str | None = None
    timings: dict[str, float] = {}

    def line(self) -> bytes:
        """The JSONL line (no timings, so replays are byte-identical). Text that cannot be UTF-8 (a
        policy's lone surrogate) is written with ``?`` in its place rather than failing the run."""
        data = self.model_dump(mode="json", exclude={"timings"})
        try:
            return orjson.dumps(data) + b"\n"
        except orjson.JSONEncodeError:
            return orjson.dumps(_encodable(data)) + b"\n"


def utf8_safe(text: str) -> str:
    """``text`` with each lone surrogate (a broken ``\\ud8xx`` escape, which UTF-8 cannot hold) as ``?``."""
    return text.encode("utf-8", "replace").decode("utf-8")


def _encodable(value: Any) -> Any:
    if isinstance(value, str):
        return utf8_safe(value)
    if isinstance(value, dict):
        return {_encodable(k): _encodable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_encodable(v) for v in value]
    return value


_LOOP: asyncio.AbstractEventLoop | None = None
_BACKGROUND: asyncio.AbstractEventLoop | None = None
_BACKGROUND_LOCK = threading.Lock()


def _background_loop() -> asyncio.AbstractEventLoop:
    """One event loop running forever in a daemon thread, for coroutines met inside a running loop."""
    global _BACKGROUND
    with _BACKGROUND_LOCK:
        if _BACKGROUND is None or _BACKGROUND.is_closed():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="mpb-policy-loop", daemon=True).start()
            _BACKGROUND = loop
        return _BACKGROUND


def resolve(actions: Any, n: int | None = None) -> list[str]:
    """A policy's ``act`` result as a list of ``n`` actions (a clear error if it is not one).

    ``act`` may be ``async def`` (e.g. concurrent requests to an inference server): its coroutine runs to
    completion on one private event loop, reused across calls. When the caller is itself inside a
    running loop (a notebook, an ``async`` program), that private loop runs in a helper thread instead,
    so ``run()`` works there too; objects bound to the caller's loop cannot be used from it."""
    global _LOOP
    if inspect.isawaitable(actions):
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no loop running in this thread: drive our own here
            if _LOOP is None or _LOOP.is_closed():
                _LOOP = asyncio.new_event_loop()
            actions = _LOOP.run_until_complete(actions)
        else:
            actions = asyncio.run_coroutine_threadsafe(_awaited(actions), _background_loop()).result()
    if n is not None:
        if not isinstance(actions, (list, tuple, np.ndarray)):
            raise TypeError(f"policy.act must return a list of {n} actions, got {type(actions).__name__}")
        if len(actions) != n:
            raise ValueError(f"policy.act returned {len(actions)} actions for {n} observations")
    return actions  # type: ignore[no-any-return]


async def _awaited(awaitable: Any) -> Any:
    return await awaitable


# --------------------------------------------------------------------------- the policy call
class Failed(NamedTuple):
    """What a slot gets instead of an action when the policy failed it (``call_policy``): the shard
    ends that episode with ``outcome`` and ``error`` and starts its next one."""

    outcome: str
    error: str


class PolicyTimeout(Exception):
    """A policy call did not return within its ``policy_timeout``."""


class _Worker:
    """A daemon thread that runs one driver thread's sync policy calls, so that the driver can stop
    waiting for one (``call``'s timeout). A call that times out is abandoned with its thread (Python
    cannot stop a thread): the next call gets a new worker, and the old thread ends once its call
    returns, if it ever does."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        threading.Thread(target=self._serve, name="mpb-policy-call", daemon=True).start()

    def _serve(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            fn, args, fut = job
            try:
                fut.set_result(fn(*args))
            except BaseException as exc:  # handed to the driver, which decides
                fut.set_exception(exc)

    def submit(self, fn: Any, args: tuple[Any, ...]) -> Future[Any]:
        fut: Future[Any] = Future()
        self.jobs.put((fn, args, fut))
        return fut

    def abandon(self) -> None:
        """Leave this worker to its running call: the next call gets a new one."""
        if getattr(_LOCAL, "worker", None) is self:
            _LOCAL.worker = None
        self.jobs.put(None)  # ends the thread once the abandoned call returns

    def call(self, fn: Any, args: tuple[Any, ...], timeout: float) -> Any:
        fut = self.submit(fn, args)
        try:
            return fut.result(timeout)
        except TimeoutError:
            if fut.done():  # the policy's own TimeoutError (a network call's, say): its failure, not ours
                raise
            self.abandon()
            raise PolicyTimeout from None


_LOCAL = threading.local()


def _worker() -> _Worker:
    worker: _Worker | None = getattr(_LOCAL, "worker", None)
    if worker is None:
        worker = _LOCAL.worker = _Worker()
    return worker


def _await_within(awaitable: Any, timeout: float) -> Any:
    """Run ``awaitable`` on the background event loop for at most ``timeout`` seconds; on timeout its
    task is cancelled. A loop that does not answer within a second after that (the coroutine blocks
    it with sync work) is abandoned, and the next call starts a new one."""
    global _BACKGROUND
    loop = _background_loop()
    fut = asyncio.run_coroutine_threadsafe(_awaited(awaitable), loop)
    try:
        return fut.result(max(timeout, 0.0))
    except TimeoutError:
        if fut.done() and not fut.cancelled():
            raise  # the coroutine's own TimeoutError
        fut.cancel()
        probe = asyncio.run_coroutine_threadsafe(asyncio.sleep(0), loop)
        try:
            probe.result(1.0)
        except TimeoutError:
            with _BACKGROUND_LOCK:
                if _BACKGROUND is loop:
                    _BACKGROUND = None
        raise PolicyTimeout from None
    except BaseException:  # interrupted: the requests end with the run
        fut.cancel()
        raise


def _within(fn: Any, args: tuple[Any, ...], timeout: float | None) -> Any:
    """``fn(*args)`` (a policy's ``act`` or ``reset``), awaited if it is a coroutine, within ``timeout``
    seconds (``None``: in this thread, no limit): a sync ``fn`` runs in a worker thread (``_Worker``),
    an async one on the background event loop (``_await_within``).

    Raises:
        PolicyTimeout: no result within ``timeout``.
        Exception: whatever ``fn`` raised.
    """
    if timeout is None:
        result = fn(*args)
        return resolve(result) if inspect.isawaitable(result) else result
    start = time.monotonic()
    # An async fn's call returns a coroutine, none of whose code has run yet; a sync one runs in a thread.
    result = fn(*args) if inspect.iscoroutinefunction(fn) else _worker().call(fn, args, timeout)
    if inspect.isawaitable(result):
        result = _await_within(result, timeout - (time.monotonic() - start))
    return result


def _act(
    policy: Any, observations: list[str], infos: list[dict[str, Any]], timeout: float | None
) -> list[Any]:
    """``policy.act`` on one batch, checked to be ``len(observations)`` actions (``resolve``), within
    ``timeout`` seconds (``_within``).

    Raises:
        PolicyTimeout: no actions within ``timeout``.
        Exception: whatever the policy raised, or ``resolve``'s error for the wrong count.
    """
    return resolve(_within(policy.act, (observations, infos), timeout), len(observations))


class GuardedPolicy:
    """A policy as the executors call it: ``act`` within ``timeout`` seconds (``call_policy``), and a
    ``reset`` within ``timeout`` too, one that raises or hangs ending that slot's episode
    (``policy_error``, ``policy_timeout``) instead of the run.

    Args:
        policy: the policy.
        timeout: seconds per policy call (``act`` or ``reset``), ``None`` for no limit (the call then
            runs in the driver's thread; with a limit, a sync one runs in a worker thread and an async
            one on a background event loop).
    """

    def __init__(self, policy: Any, timeout: float | None = DEFAULT_POLICY_TIMEOUT_S) -> None:
        if timeout is not None and not timeout > 0:
            raise ValueError(f"policy_timeout must be > 0 seconds or None, got {timeout!r}")
        self.policy = policy
        self.timeout = timeout
        self.act = policy.act  # the executors tell an async policy by its act
        self.info_keys = getattr(policy, "info_keys", None)
        #: global slot id -> the failure its episode ends with at its next round (a raising reset)
        self.failed: dict[int, Failed] = {}

    @property
    def label(self) -> str:
        return policy_label(self.policy)

    def reset(self, slot: int, info: dict[str, Any]) -> None:
        """``policy.reset`` within ``timeout``, as ``act``: one that raises or does not return in time
        ends that slot's episode (``policy_error``, ``policy_timeout``) at its first round."""
        self.reset_all([(slot, info)])

    def reset_all(self, items: list[tuple[int, dict[str, Any]]]) -> None:
        """``reset`` for each ``(slot, info)`` of a round, in order, each within ``timeout``. A sync
        ``reset`` runs them all in one worker-thread call (one hand-off per round, not per episode: on
        2 busy cores a hand-off cost ~0.45 ms against ~0.14 ms for ``RandomPolicy.reset`` itself),
        the driver watching each one's own deadline; one that hangs is abandoned with that thread and
        the resets after it run on a new one, each once."""
        for slot, _info in items:
            self.failed.pop(slot, None)
        if self.timeout is None or inspect.iscoroutinefunction(self.policy.reset):
            for slot, info in items:
                self._reset_one(slot, info)
            return
        rest = list(items)
        while rest:
            rest = self._reset_in_turn(rest, self.timeout)

    def _reset_one(self, slot: int, info: dict[str, Any]) -> None:
        try:
            _within(self.policy.reset, (slot, info), self.timeout)
        except PolicyTimeout:
            self.failed[slot] = Failed("policy_timeout", _late(self.timeout, "reset"))
        except Exception as exc:
            self.failed[slot] = Failed("policy_error", f"reset: {error_reason(exc)}")

    def _reset_in_turn(
        self, items: list[tuple[int, dict[str, Any]]], timeout: float
    ) -> list[tuple[int, dict[str, Any]]]:
        """Run ``items``' resets in turn in the worker thread; returns those after one that hung (or
        ``[]``), which have not run and never will on that thread."""
        reset = self.policy.reset
        now: list[Any] = [0, time.monotonic()]  # the reset running (its index) and when it began
        stopped: list[bool] = []
        claim = threading.Lock()  # the thread takes its next reset, or the driver stops it: not both
        errors: dict[int, Exception] = {}

        def each() -> None:
            for k, (slot, info) in enumerate(items):
                with claim:
                    if stopped:
                        return
                    now[:] = [k, time.monotonic()]
                try:
                    result = reset(slot, info)
                    if inspect.isawaitable(result):
                        resolve(result)
                except Exception as exc:
                    errors[k] = exc

        worker = _worker()
        fut = worker.submit(each, ())
        hung = None
        while hung is None:
            k, began = now
            try:
                fut.result(max(0.0, began + timeout - time.monotonic()))
                break
            except TimeoutError:  # ours: ``each`` keeps the resets' own errors
                with claim:
                    if not fut.done() and now == [k, began]:  # the same reset for all of its time
                        hung = k
                        stopped.append(True)
        if hung is not None:
            worker.abandon()
        for k, (slot, _info) in enumerate(items[: len(items) if hung is None else hung]):
            if k in errors:
                self.failed[slot] = Failed("policy_error", f"reset: {error_reason(errors[k])}")
        if hung is None:
            return []
        self.failed[items[hung][0]] = Failed("policy_timeout", _late(timeout, "reset"))
        return items[hung + 1 :]


def call_policy(policy: Any, observations: list[str], infos: list[dict[str, Any]]) -> tuple[list[Any], float]:
    """The one policy call of a round, shared by both executors: the batch's actions and the seconds
    spent. Where the policy failed a slot, its entry is a ``Failed`` instead of an action; the other
    slots' episodes go on. ``infos[i]["slot"]`` is entry ``i``'s global slot id.

    * A slot whose ``reset`` raised or timed out (``GuardedPolicy``) is not asked: it gets that failure.
    * A call that raises, returns the wrong number of actions or does not return within ``timeout``
      is made again with each slot alone, once each, each within ``timeout`` (``_one_by_one``): an
      async policy's slots all at once (one more ``timeout`` of wall time at most), a sync policy's
      one after another (a hanging slot costs one ``timeout`` each). A slot that fails alone gets
      ``policy_error`` with its reason, one that hangs alone ``policy_timeout``, and the others their
      actions: only the failing episodes end, whatever the batch layout. So a policy that keeps
      per-slot state must take a repeated call for the same slot and turn (``info["turn"]``) as the
      same call: the built-in ones do.
    * A returned entry that is an exception instance fails that slot alone (``policy_error``): a
      policy can report one bad request without failing the batch.
    * On a timeout an async policy's coroutine is cancelled, a sync policy's worker thread is
      abandoned (it goes on until the call returns; the policy must then bear being called again
      meanwhile).

    ``policy`` is a ``GuardedPolicy`` or a bare policy (no timeout; its ``reset`` errors are the
    caller's). ``KeyboardInterrupt`` and other non-``Exception`` errors still stop the run.
    """
    guard = policy if isinstance(policy, GuardedPolicy) else GuardedPolicy(policy, None)
    t0 = time.perf_counter()
    actions: list[Any] = [None] * len(observations)
    todo: list[int] = []
    for k, info in enumerate(infos):
        failed = guard.failed.pop(info.get("slot", k), None)
        if failed is not None:
            actions[k] = failed
        else:
            todo.append(k)
    if todo:
        obs, inf = [observations[k] for k in todo], [infos[k] for k in todo]
        try:
            got = _act(guard.policy, obs, inf, guard.timeout)
        except Exception as exc:  # PolicyTimeout included
            if len(todo) == 1:
                actions[todo[0]] = _failure(exc, guard.timeout)
            else:
                _one_by_one(guard, todo, observations, infos, actions)
        else:
            for k, action in zip(todo, got, strict=True):
                actions[k] = _own(action)
    return actions, time.perf_counter() - t0


def _late(timeout: float | None, call: str = "act") -> str:
    return f"policy.{call} did not return within policy_timeout={timeout:g} s"


def _own(action: Any) -> Any:
    """An entry of a policy's reply: an exception instance in it fails its slot alone."""
    return Failed("policy_error", error_reason(action)) if isinstance(action, BaseException) else action


def _failure(exc: BaseException, timeout: float | None) -> Failed:
    """What a slot gets for a call that failed it alone."""
    if isinstance(exc, PolicyTimeout):
        return Failed("policy_timeout", _late(timeout))
    return Failed("policy_error", error_reason(exc))


def _one_by_one(
    guard: GuardedPolicy,
    todo: list[int],
    observations: list[str],
    infos: list[dict[str, Any]],
    actions: list[Any],
) -> None:
    """``call_policy``'s retry of a failed or timed-out batch: each slot alone, once, each within the
    timeout; an async policy's all at once (``_each_alone``), a sync one's in turn."""
    policy, timeout = guard.policy, guard.timeout
    if inspect.iscoroutinefunction(policy.act):
        try:
            got = _each_alone(policy.act, [(observations[k], infos[k]) for k in todo], timeout)
        except PolicyTimeout as exc:  # the event loop itself was held past every slot's timeout
            got = [exc] * len(todo)
    else:
        got = []
        for k in todo:
            try:
                got.append(_act(policy, [observations[k]], [infos[k]], timeout))
            except Exception as exc:
                got.append(exc)
    for k, one in zip(todo, got, strict=True):
        if isinstance(one, BaseException):
            if not isinstance(one, Exception):
                raise one  # an interruption stops the run
            actions[k] = _failure(one, timeout)
            continue
        try:
            (action,) = resolve(one, 1)
        except Exception as exc:
            actions[k] = _failure(exc, timeout)
        else:
            actions[k] = _own(action)


def _each_alone(act: Any, items: list[tuple[str, dict[str, Any]]], timeout: float | None) -> list[Any]:
    """An async ``act`` on each ``(observation, info)`` alone, all at once on the background loop, each
    within ``timeout``: per item its reply or the exception it failed with (``PolicyTimeout`` for one
    that ran out of time).

    Raises:
        PolicyTimeout: the loop did not hand the replies back within a second after ``timeout`` (a
            coroutine blocks it with sync work).
    """

    async def one(obs: str, info: dict[str, Any]) -> Any:
        if timeout is None:
            return await act([obs], [info])
        scope = asyncio.timeout(timeout)
        try:
            async with scope:
                return await act([obs], [info])
        except TimeoutError:
            if scope.expired():
                raise PolicyTimeout from None
            raise  # the coroutine's own TimeoutError

    async def every() -> list[Any]:
        return await asyncio.gather(*(one(o, i) for o, i in items), return_exceptions=True)

    if timeout is None:
        return resolve(every())
    return _await_within(every(), timeout + 1.0)  # type: ignore[no-any-return]


def _tool_name(schema: Any) -> str | None:
    """The name of an OpenAI-style tool schema (``{"type": "function", "function": {"name": ...}}``)."""
    if isinstance(schema, dict):
        fn = schema.get("function", schema)
        if isinstance(fn, dict) and isinstance(fn.get("name"), str):
            return fn["name"]
    return None


class Recorder:
    """Accumulates one episode's turns and counts into a ``Trajectory`` (one per slot); the call and
    error tallies come from the ``Episode`` itself when it finishes."""

    __slots__ = (
        "task",
        "index",
        "seed",
        "recall",
        "turns",
        "messages",
        "tokens",
        "env_s",
        "policy_s",
        "offered",
    )

    def __init__(self, task: Task, start_info: dict[str, Any], seed: int, index: int = 0) -> None:
        self.task = task
        self.index = index
        self.seed = seed
        self.recall = start_info["recall"]
        self.turns: list[dict[str, Any]] = []
        self.offered = set(self.recall.get("tools", ()))  # A_t's names, to tell what a turn added
        self.messages = len(start_info["messages"])
        self.tokens = 0
        self.env_s = self.policy_s = 0.0

    def add(self, action: Any, obs: str, info: dict[str, Any]) -> None:
        if isinstance(action, str):
            counted = getattr(action, "output_tokens", None)  # a policy's own count (chat.Completion)
            self.tokens += counted if isinstance(counted, int) else len(action.split())
            text = action if type(action) is str else str(action)
        else:
            text = repr(action)
        turn: dict[str, Any] = {"action": text, "observation": obs}
        if "tools" in info:  # A_t changed: record the names this turn added, in the order offered
            names = [_tool_name(t) for t in info["tools"]]
            added = [n for n in names if n is not None and n not in self.offered]
            if added:
                turn["tools_added"] = added
                self.offered.update(added)
        self.turns.append(turn)
        self.messages += len(info.get("messages", ()))

    def finish(
        self,
        episode: Episode,
        reward: float,
        truncated: bool,
        outcome: str | None = None,
        error: str | None = None,
    ) -> Trajectory:
        """The trajectory; ``outcome`` is the final info's (``None``: ``budget`` if truncated, else
        ``ok``). A failed episode (policy or env) has no verdict, reward 0 and ``truncated``."""
        if outcome is None:
            outcome = "budget" if truncated else "ok"
        failed = outcome in FAILED
        verdict = episode.verdict.model_dump() if episode.verdict and not failed else {}
        task = self.task
        return Trajectory(
            task_id=task.id,
            dimension=task.dimension,
            category=task.category,
            bucket=task.bucket,
            routing=task.routing,
            seed=self.seed,
            recall=self.recall["mode"],
            gold_recall=self.recall["gold_recall"],
            turns=self.turns,
            messages=self.messages,
            steps=episode.calls,
            tool_errors=len(episode.error_types),
            error_types=list(episode.error_types),
            output_tokens=self.tokens,
            user_queries=episode.asks,
            interaction=bool(task.user_facts),
            truncated=bool(truncated) or failed,
            verdict=verdict,
            reward=0.0 if failed else float(reward),
            success=not failed and bool(verdict.get("success", False)),
            outcome=outcome,
            reward_valid=reward_valid(outcome),
            error=error if failed else None,
            timings={"env_s": round(self.env_s, 6), "policy_s": round(self.policy_s, 6)},
        )


def play_episode(
    episode: Episode, task: Task, policy: Policy, seed: int = 0, policy_timeout: float | None = None
) -> Trajectory:
    """Restart ``episode`` on ``task`` and play it to the end with ``policy`` (slot 0). A policy that
    fails (``call_policy``; ``policy_timeout`` seconds per call, default none) ends the episode with
    that outcome, as in ``run``."""
    keys = policy_info_keys(policy)
    guard = GuardedPolicy(policy, policy_timeout)
    t0 = time.perf_counter()
    episode.restart(task)
    info = episode.start_info()
    obs = task.query
    rec = Recorder(task, info, seed)
    rec.env_s += time.perf_counter() - t0
    info = info_view(info, keys)
    guard.reset(0, info)
    while True:
        (action,), spent = call_policy(guard, [obs], [info])
        rec.policy_s += spent
        if type(action) is Failed:
            return rec.finish(episode, 0.0, True, action.outcome, action.error)
        t1 = time.perf_counter()
        obs, reward, terminated, truncated, info = episode.step(action)
        rec.env_s += time.perf_counter() - t1
        rec.add(action, obs, info)
        if terminated or truncated:
            return rec.finish(episode, reward, truncated, info.get("outcome"), info.get("error"))
        info = info_view(info, keys)


class Shard:
    """A batch of episode slots over one shared world, stepping its queue of episodes in batches.

    The unit both executors drive: in-process (``executor="local"``) or as a Ray actor, where one
    actor call steps a whole batch. ``start()`` fills the slots; ``step(actions)`` applies one action per
    running slot and refills finished slots from the queue. Both return the running slots'
    ``(slot, observation, info)`` and the trajectories that finished.

    Args:
        tasks: ``(plan index, task)`` of the episodes this shard plays, in order (already expanded).
        slots: how many episodes run at once (the batch size).
        recall, top_n, max_turns, world_size, tool_search, tool_format: as ``run``.
        seed: recorded in each trajectory.
        info_keys: the keys the returned infos keep (``policy_info_keys``; ``None``: all).
    """

    def __init__(
        self,
        tasks: list[tuple[int, Task]],
        slots: int,
        recall: RecallMode = "bm25",
        top_n: int = DEFAULT_TOP_N,
        max_turns: int = T_MAX,
        world_size: Size = "M",
        seed: int = 0,
        info_keys: frozenset[str] | None = None,
        tool_search: bool = True,
        tool_format: str = "schema",
    ) -> None:
        self.world = load_world(world_size)
        self.settings: dict[str, Any] = {
            "recall_mode": recall,
            "top_n": top_n,
            "max_turns": max_turns,
            "tool_search": tool_search,
            "tool_format": tool_format,
        }
        self.slots = slots
        self.episodes: list[Episode] = []
        self.recorders: list[Recorder | None] = []
        self.queue: list[tuple[int, Task]] = []
        self.seed = seed
        self.info_keys = info_keys
        self.load(tasks, seed, info_keys)

    def load(
        self, tasks: list[tuple[int, Task]], seed: int = 0, info_keys: frozenset[str] | None = None
    ) -> None:
        """Queue a new list of episodes (a pooled Ray actor is reused across runs this way)."""
        self.queue = list(reversed(tasks))
        self.seed = seed
        self.info_keys = info_keys
        n = max(1, min(self.slots, len(tasks))) if tasks else 0
        while len(self.episodes) < n:
            self.episodes.append(Episode(self.world, tasks[0][1], **self.settings))
        del self.episodes[n:]
        self.recorders = [None] * len(self.episodes)

    def _fill(self, slot: int, out: list[tuple[int, str, dict[str, Any]]]) -> None:
        if not self.queue:
            self.recorders[slot] = None
            return
        index, task = self.queue.pop()
        ep = self.episodes[slot]
        t0 = time.perf_counter()
        ep.restart(task)
        info = ep.start_info()
        rec = self.recorders[slot] = Recorder(task, info, self.seed, index)
        rec.env_s += time.perf_counter() - t0
        out.append((slot, task.query, info_view(info, self.info_keys)))

    def start(self) -> tuple[list[tuple[int, str, dict[str, Any]]], list[tuple[int, Trajectory]]]:
        out: list[tuple[int, str, dict[str, Any]]] = []
        for slot in range(len(self.episodes)):
            self._fill(slot, out)
        return out, []

    def step(
        self, actions: list[tuple[int, str]], policy_s: float = 0.0
    ) -> tuple[list[tuple[int, str, dict[str, Any]]], list[tuple[int, Trajectory]]]:
        """Apply ``(slot, action)`` pairs; ``policy_s`` is the policy's time for this batch, shared out.
        An action that is a ``Failed`` ends its slot's episode with that outcome (the policy failed
        it). Finished episodes come back as ``(plan index, trajectory)``. The cyclic GC waits until the
        batch is done (as in the vector env's step)."""
        return without_gc(self._step, actions, policy_s)

    def _step(
        self, actions: list[tuple[int, str]], policy_s: float
    ) -> tuple[list[tuple[int, str, dict[str, Any]]], list[tuple[int, Trajectory]]]:
        out: list[tuple[int, str, dict[str, Any]]] = []
        done: list[tuple[int, Trajectory]] = []
        share = policy_s / max(len(actions), 1)
        keys = self.info_keys
        for slot, action in actions:
            ep, rec = self.episodes[slot], self.recorders[slot]
            assert rec is not None, f"slot {slot} is idle"
            rec.policy_s += share
            if type(action) is Failed:  # the policy failed this slot (call_policy): its episode ends
                done.append((rec.index, rec.finish(ep, 0.0, True, action.outcome, action.error)))
                self._fill(slot, out)
                continue
            t0 = time.perf_counter()
            obs, reward, terminated, truncated, info = ep.step(action)
            rec.env_s += time.perf_counter() - t0
            rec.add(action, obs, info)
            if terminated or truncated:
                ended = rec.finish(ep, reward, truncated, info.get("outcome"), info.get("error"))
                done.append((rec.index, ended))
                self._fill(slot, out)
            else:
                out.append((slot, obs, info_view(info, keys)))
        return out, done

    def step_columns(
        self, slots: list[int], actions: list[Any], policy_s: float = 0.0
    ) -> tuple[list[tuple[int, str, dict[str, Any]]], list[tuple[int, Trajectory]]]:
        """``step`` with slots and actions as two lists: what a Ray actor is sent (two plain lists
        serialise natively, where a list of ``(slot, action)`` tuples goes through pickle tuple by tuple)."""
        return self.step(list(zip(slots, actions, strict=True)), policy_s)


def _chunks(items: list[tuple[int, Task]], n: int) -> list[list[tuple[int, Task]]]:
    """Split into ``n`` contiguous, nearly equal parts (deterministic)."""
    k, r = divmod(len(items), n)
    out, i = [], 0
    for j in range(n):
        size = k + (j < r)
        out.append(items[i : i + size])
        i += size
    return [c for c in out if c]


class RunConflict(ValueError):
    """``out`` holds something this run may not overwrite or continue: another run, a run with other
    settings, a file, a damaged record. The message is one line."""


#: Settings a run recorded before ``run.json`` held them, as they were then (a resume compares with these).
_UNRECORDED: dict[str, Any] = {"tool_format": "schema"}
#: Hex digits of each episode's task digest in ``run.json``'s ``tasks``.
_TASK_DIGEST = 12


def task_digest(task: Task) -> str:
    """SHA-256 of a task's whole record (query, S0, gold, ...): a suite's golds may change between
    package versions under the same ids, and this tells the versions apart."""
    return hashlib.sha256(task.model_dump_json().encode()).hexdigest()


def tasks_digest(plan: list[Task]) -> str:
    """SHA-256 over the plan's task digests in order: equal for two runs that played the same tasks."""
    return hashlib.sha256("".join(task_digest(t) for t in plan).encode()).hexdigest()


def _manifest(settings: dict[str, Any], policy: Policy, plan: list[Task]) -> dict[str, Any]:
    """What ``out/run.json`` records: the settings that shape trajectories, the policy's label and, per
    episode of the plan, a short ``task_digest`` of its task as played: a resumed run checks that its
    finished episodes' tasks are unchanged."""
    digests = "".join(task_digest(task)[:_TASK_DIGEST] for task in plan)
    return {
        "settings": settings,
        "policy": policy_label(policy),
        "suite_version": suite_version(plan),
        "tasks": digests,
    }


def _complete_lines(path: Path) -> bytes:
    """The file's bytes up to its last newline; a partial last line (an interrupted write) is cut off
    the file itself, so appending continues on a fresh line."""
    with os.fdopen(open_run_file(path, os.O_RDWR), "r+b") as fh:
        data = fh.read()
        end = data.rfind(b"\n") + 1
        if end < len(data):
            fh.truncate(end)
            data = data[:end]
    return data


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def _run_entry(path: Path) -> os.stat_result | None:
    """``lstat`` of a run file, ``None`` when absent.

    Raises:
        RunConflict: it is a symlink, a directory or anything else but a regular file: the run
            writes its own files only, never through a link to somewhere else.
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(st.st_mode):
        raise RunConflict(
            f"{path} is a symbolic link; a run writes its own files only (remove it or use another directory)"
        )
    if stat.S_ISDIR(st.st_mode):
        raise RunConflict(f"{path} is a directory; the run writes a file there")
    if not stat.S_ISREG(st.st_mode):
        raise RunConflict(f"{path} is not a regular file; a run writes its own files only")
    return st


def open_run_file(path: Path, flags: int, mode: int = 0o644) -> int:
    """``os.open`` of a file of a run directory with ``O_NOFOLLOW``: a symlink (planted before the
    check or between check and open) or anything but a regular file is a ``RunConflict``, and its
    target is never opened."""
    _run_entry(path)
    try:
        fd = os.open(path, flags | _NOFOLLOW | os.O_NONBLOCK, mode)  # O_NONBLOCK: a FIFO does not hang us
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise RunConflict(f"{path} is a symbolic link; a run writes its own files only") from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise RunConflict(f"{path} is not a regular file; a run writes its own files only")
    return fd


def read_run_file(path: Path) -> bytes | None:
    """A run file's bytes (``None`` when absent), read as ``open_run_file`` opens it."""
    if _run_entry(path) is None:
        return None
    with os.fdopen(open_run_file(path, os.O_RDONLY), "rb") as fh:
        return fh.read()


def replace_run_file(path: Path, data: bytes) -> None:
    """Write a run file whole or not at all: a temporary file in the same directory (created
    exclusively, so never through a link), then ``os.replace`` over ``path``."""
    _run_entry(path)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f"{path.name}.", suffix=".tmp")
    os.close(fd)
    tmp = Path(name)
    try:
        tmp.write_bytes(data)
        tmp.chmod(0o644)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def first_line(exc: BaseException) -> str:
    """The first line of an error's message (an OS error's own reason), or its type when it has none."""
    text = (exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def check_out_dir(out: Path) -> None:
    """Refuse an ``out`` that exists and is not a directory, or whose run files (``RUN_FILES``) are
    symlinks or not regular files (``RunConflict``): the first check of a run directory, cheap enough
    to make before a model policy is loaded."""
    if out.exists() and not out.is_dir():
        raise RunConflict(f"{out} is a file, not a directory for the run")
    for name in RUN_FILES:  # a symlink or a foreign file (a FIFO, a device) is refused too
        _run_entry(out / name)


@contextlib.contextmanager
def _only_writer(out: Path | None) -> Iterator[None]:
    """Hold ``out/run.lock`` for the run: a second run started on the same directory (a resume while
    the first still runs, a script launched twice) is refused instead of interleaving its lines with
    the first's. The OS drops the lock when its process ends, however it ends, so a killed run leaves
    nothing to clean up. Where the file system cannot lock, the run goes on without it. Without
    ``out`` there is nothing to hold."""
    if out is None:
        yield
        return
    try:
        check_out_dir(out)
        out.mkdir(parents=True, exist_ok=True)
        lock = FileLock(out / LOCK_FILE, fallback_to_soft=False)
        lock.acquire(blocking=False)
    except Timeout:
        raise RunConflict(
            f"another run is writing to {out} (it holds {LOCK_FILE}); wait for it to end"
        ) from None
    except OSError as exc:
        if exc.errno == errno.ENOSYS:  # no locking on this file system
            yield
            return
        raise RunConflict(f"cannot use {exc.filename or out} for the run: {first_line(exc)}") from None
    try:
        yield
    finally:
        lock.release()


def _prepare_out(out: Path, plan: list[Task], manifest: dict[str, Any], resume: bool) -> list[Trajectory]:
    """``_check_out`` with the files' own errors (a directory where a file should be, no permission)
    as ``RunConflict``."""
    try:
        return _check_out(out, plan, manifest, resume)
    except OSError as exc:
        where = exc.filename or out
        raise RunConflict(f"cannot use {where} for the run: {first_line(exc)}") from None


def _check_out(out: Path, plan: list[Task], manifest: dict[str, Any], resume: bool) -> list[Trajectory]:
    """Check ``out`` for this run, record its manifest, and return the trajectories a resumed run keeps
    (a prefix of ``plan``).

    A fresh run needs a directory without a run in it; a resumed one needs the same settings and policy
    label as ``out/run.json`` and finished episodes that are the start of ``plan``, of unchanged tasks."""
    traj_path, man_path = out / TRAJECTORIES_FILE, out / MANIFEST_FILE  # the directory: _only_writer
    done: list[Trajectory] = []
    if not resume:
        # A run with finished episodes is kept; one that never finished any (it failed to start) has
        # nothing to lose and is replaced.
        st = _run_entry(traj_path)
        if st is not None and st.st_size > 0:
            raise RunConflict(
                f"{out} already holds a run; continue it with resume=True (mpb eval --resume) or write "
                "to another directory"
            )
    else:
        done = _resumed(out, plan, manifest)
    # A fresh run records its manifest; a resumed one records this plan's tasks (it may be longer).
    _replace_file(man_path, orjson.dumps(manifest, option=orjson.OPT_INDENT_2) + b"\n")
    return done


def _replace_file(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all (``replace_run_file``): a resume rewrites ``run.json`` next to
    finished episodes, and a write cut short there (a full disk, a kill) would leave a run no later
    resume could check."""
    replace_run_file(path, data)


def _resumed(out: Path, plan: list[Task], manifest: dict[str, Any]) -> list[Trajectory]:
    """The finished episodes of the run in ``out`` that this run continues (see ``_check_out``); the
    timing lines beyond them are dropped."""
    man_path, traj_path = out / MANIFEST_FILE, out / TRAJECTORIES_FILE
    man_bytes = read_run_file(man_path)
    if man_bytes is not None:
        try:
            before = orjson.loads(man_bytes)
        except orjson.JSONDecodeError as exc:
            raise RunConflict(f"cannot read {man_path}: {first_line(exc)}") from None
        if not isinstance(before, dict) or not isinstance(before.get("settings", {}), dict):
            raise RunConflict(f"{man_path} is not a run manifest; cannot check what run it was")
        old = {**_UNRECORDED, **before.get("settings", {}), "policy": before.get("policy")}
        new = {**manifest["settings"], "policy": manifest["policy"]}
        diff = [k for k in new if old.get(k) != new[k]]
        if diff:
            was = ", ".join(f"{k}={old.get(k)!r}" for k in diff)
            now = ", ".join(f"{k}={new[k]!r}" for k in diff)
            raise RunConflict(f"cannot resume the run in {out}: it ran with {was}, this run has {now}")
        played = before.get("tasks")  # absent in a run from before it was recorded
    else:
        played = None
    try:
        done = (
            _parse_trajectories(_complete_lines(traj_path), traj_path)
            if _run_entry(traj_path) is not None
            else []
        )
    except ValueError as exc:
        raise RunConflict(str(exc)) from None
    if done and man_bytes is None:
        # Every run writes run.json before its first episode: finished episodes without one cannot be
        # checked against this run's settings and policy, and continuing them could mix two runs.
        raise RunConflict(
            f"cannot resume the run in {out}: it has finished episodes but no {MANIFEST_FILE}, so its "
            "settings and policy cannot be checked; start a new run in another directory"
        )
    for n, (traj, task) in enumerate(zip(done, plan, strict=False), 1):
        if traj.task_id != task.id or traj.seed != manifest["settings"]["seed"]:
            raise RunConflict(
                f"cannot resume the run in {out}: line {n} of {TRAJECTORIES_FILE} is {traj.task_id} "
                f"(seed {traj.seed}), this run's episode {n} is {task.id} (seed {manifest['settings']['seed']})"
            )
    if len(done) > len(plan):
        raise RunConflict(
            f"cannot resume the run in {out}: it holds {len(done)} episodes, this run has {len(plan)}"
        )
    if isinstance(played, str):
        changed = next(
            (
                n
                for n in range(min(len(done), len(played) // _TASK_DIGEST))
                if played[n * _TASK_DIGEST : (n + 1) * _TASK_DIGEST]
                != manifest["tasks"][n * _TASK_DIGEST : (n + 1) * _TASK_DIGEST]
            ),
            None,
        )
        if changed is not None:
            raise RunConflict(
                f"cannot resume the run in {out}: task {plan[changed].id} (episode {changed + 1}) changed "
                "since it was played (another version of the suite): start a new run"
            )
    # One timing line per kept episode (it is written just before the episode's line), matched by task id
    # in order. Lines missing from a timings file cut or edited by hand are written without times, so
    # that line n still belongs to episode n once the run goes on.
    time_path = out / TIMINGS_FILE
    lines = _complete_lines(time_path).splitlines(keepends=True) if _run_entry(time_path) is not None else []
    kept, j = [], 0
    for t in done:
        if j < len(lines) and _timing_id(lines[j]) == t.task_id:
            kept.append(lines[j])
            j += 1
        else:
            kept.append(orjson.dumps({"task_id": t.task_id}) + b"\n")
    replace_run_file(time_path, b"".join(kept))
    return done


def _timing_id(line: bytes) -> Any:
    """The task id a timing line names (``None`` for a line that is not one)."""
    try:
        record = orjson.loads(line)
    except orjson.JSONDecodeError:
        return None
    return record.get("task_id") if isinstance(record, dict) else None


class _Writer:
    """Streams trajectories to JSONL in plan order: each line is written as soon as every earlier
    episode of the plan has been written, so the file is identical whatever order episodes finish in.
    An episode's timing line is written and flushed just before its trajectory line, so after an
    interruption ``timings.jsonl`` holds at most one line more than ``trajectories.jsonl``.

    ``start``: the plan index of the first line to write (the episodes a resumed run keeps come
    before it). With ``old`` (``--retry-failed``: the kept run's trajectory and timing lines) and
    ``redo`` (the indices played again), new files are written beside the old ones: the old lines of
    every kept episode in their place, the new ones of the episodes played again; ``close`` adds the
    old lines the run did not reach and replaces the old files, so an interrupted retry loses nothing
    (a killed one leaves the old files as they were)."""

    def __init__(
        self,
        out: Path | None,
        append: bool,
        start: int = 0,
        old: tuple[list[bytes], list[bytes]] | None = None,
        redo: frozenset[int] = frozenset(),
    ) -> None:
        self.buffer: dict[int, Trajectory] = {}
        self.next = start
        self.old, self.redo = old, redo
        self.traj_file = self.time_file = None
        self.paths: list[tuple[str, Path]] = []  # (temporary, final) of a retry's files
        if out is None:
            return
        if old is not None:
            for name in (TIMINGS_FILE, TRAJECTORIES_FILE):
                fd, tmp = tempfile.mkstemp(dir=out, prefix=f".{name}.", suffix=".tmp")
                self.paths.append((tmp, out / name))
                if name == TIMINGS_FILE:
                    self.time_file = os.fdopen(fd, "wb")
                else:
                    self.traj_file = os.fdopen(fd, "wb")
            self._write(b"".join(old[1][:start]), b"".join(old[0][:start]))
            self._drain()
            return
        flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if append else os.O_TRUNC)
        self.time_file = os.fdopen(open_run_file(out / TIMINGS_FILE, flags), "ab" if append else "wb")
        self.traj_file = os.fdopen(open_run_file(out / TRAJECTORIES_FILE, flags), "ab" if append else "wb")

    def _write(self, timing: bytes, line: bytes) -> None:
        if self.traj_file is not None and self.time_file is not None:
            self.time_file.write(timing)
            self.time_file.flush()
            self.traj_file.write(line)
            self.traj_file.flush()

    def add(self, index: int, traj: Trajectory) -> None:
        self.buffer[index] = traj
        self._drain()

    def _drain(self) -> None:
        old = self.old
        while True:
            k = self.next
            if k in self.buffer:
                t = self.buffer.pop(k)
                self._write(orjson.dumps({"task_id": t.task_id, **t.timings}) + b"\n", t.line())
            elif old is not None and k < len(old[0]) and k not in self.redo:
                self._write(old[1][k], old[0][k])  # a kept episode, as it was
            else:
                return
            self.next += 1

    def close(self) -> None:
        if self.old is not None and self.paths:
            try:
                rest = range(self.next, len(self.old[0]))  # what this run did not reach: kept as it was
                self._write(b"".join(self.old[1][k] for k in rest), b"".join(self.old[0][k] for k in rest))
            finally:
                for f in (self.traj_file, self.time_file):
                    if f is not None:
                        f.close()
            for tmp, final in self.paths:
                os.chmod(tmp, 0o644)
                os.replace(tmp, final)
            return
        for f in (self.traj_file, self.time_file):
            if f is not None:
                f.close()


def run(
    tasks: list[Task],
    policy: Policy,
    *,
    seed: int = 0,
    recall: RecallMode = "bm25",
    top_n: int = DEFAULT_TOP_N,
    max_turns: int = T_MAX,
    world_size: Size = "M",
    out: Path | None = None,
    progress: bool = True,
    executor: str = "local",
    workers: int = 1,
    batch_size: int = 64,
    address: str | None = None,
    resume: bool = False,
    transport: str = "auto",
    tool_search: bool = True,
    tool_format: str = "schema",
    policy_timeout: float | None = DEFAULT_POLICY_TIMEOUT_S,
    retry_failed: bool = False,
    heartbeat: Heartbeat | None = None,
) -> list[Trajectory]:
    """Play every episode of ``tasks`` once with ``policy`` and return the trajectories in plan order.

    The run always completes, with one trajectory per episode: an episode the policy fails (it
    raises, returns the wrong number of actions, its ``reset`` raises, or it or its ``reset`` exceeds
    ``policy_timeout``; see ``call_policy``) or the env fails on ends there with that ``outcome``
    and the others go on. Only an interruption (``KeyboardInterrupt``), a run-directory conflict or an
    executor failure (Ray) stops a run. No env step needs a timeout of its own: what one turn may cost
    is bounded by ``mpb_env.limits`` (action characters, calls, argument depth, observation bytes).

    Args:
        tasks: the tasks (skill tasks without a routing run once under SOR and once under MTSR).
        policy: the policy; called once per round with the observations of every running slot.
        seed: recorded in each trajectory (the policy carries its own seed, e.g. ``RandomPolicy(seed)``).
        recall: ``"bm25"`` | ``"bm25-plain"`` | ``"oracle"`` | ``"all"`` (a task's own ``recall``
            setting wins).
        top_n: N for recall.
        max_turns: T_max.
        world_size: the base world, ``"S" | "M" | "L"``.
        out: a directory for ``trajectories.jsonl``, ``timings.jsonl`` and ``run.json`` (the settings,
            the policy's label and a digest of each episode's task); created if needed, and refused if it
            already holds a run.
        progress: show a progress bar with episodes/s (only on a terminal).
        executor: ``"local"`` (in-process shards) or ``"ray"`` (one Ray actor per shard).
        workers: shards (Ray actors); each holds ``batch_size`` slots.
        batch_size: episodes stepped together per shard.
        address: a Ray cluster address (``"auto"`` or ``"ray://host:10001"``); default a local instance.
        resume: with ``out``, continue the run there: its finished episodes must be the start of this
            plan, played with the same settings, policy label and tasks (``run.json``); a partial last line of
            an interrupted write is dropped and its episode played again. The plan may be longer than
            the first run's (e.g. a run of ``--limit 100`` continued over the whole suite).
        transport: ``"auto"`` or ``"ray"``, both Ray actor calls (``"channel"``, a connection of its
            own per actor, was removed and is refused).
        tool_search: offer ``search_tools`` in A_0 (default); ``False``: the paper-strict action set.
        tool_format: how the policy is shown the tools (``Episode``): ``"schema"`` (default: JSON schemas
            in ``info["tools"]``, which model policies pass on as ``tools``) or ``"compact"`` (one line per
            tool at the end of the system message, ``info["tool_format"] == "compact"``: model policies
            then pass no schemas). Recorded in ``run.json``: a resumed run must use the same.
        policy_timeout: seconds one policy call (a round of a batch) may take before its episodes end
            with ``policy_timeout`` (default ``DEFAULT_POLICY_TIMEOUT_S``, 600: a model server's slow
            batch). With a limit a sync ``act`` runs in a worker thread, which a timeout abandons (it
            runs on until the call returns) and an async one on a background event loop, where a
            timeout cancels it; ``None``: no limit, the policy runs in this thread.
        retry_failed: with ``resume``, play again the kept episodes that failed (``policy_error``,
            ``policy_timeout``, ``env_error``), in place: the others are kept as they are.
        heartbeat: when the Ray executor replaces a stalled actor (``Heartbeat()`` by default).

    Raises:
        RunConflict: ``out`` is a file, holds another run (without ``resume``), or holds a run this one
            cannot continue (other settings or policy, other episodes, a damaged record, finished
            episodes without their ``run.json``).
        ValueError: an unknown executor, transport or tool format, ``workers`` or ``batch_size`` below 1,
            ``resume`` or ``retry_failed`` without ``out``, or a ``policy_timeout`` that is not > 0.
    """
    if executor not in ("local", "ray"):
        raise ValueError(f"unknown executor {executor!r}; choose local or ray")
    if tool_format not in TOOL_FORMATS:
        raise ValueError(f"unknown tool_format {tool_format!r}; choose one of {', '.join(TOOL_FORMATS)}")
    check_transport(transport)
    if workers < 1 or batch_size < 1:
        raise ValueError("workers and batch_size must be >= 1")
    if (resume or retry_failed) and out is None:
        raise ValueError("resume needs out: the directory of the run to continue")
    resume = resume or retry_failed
    guard = GuardedPolicy(policy, policy_timeout)
    keys = policy_info_keys(policy)
    settings = {
        "recall": recall,
        "top_n": top_n,
        "max_turns": max_turns,
        "world_size": world_size,
        "seed": seed,
        "tool_search": bool(tool_search),
        "tool_format": tool_format,
    }
    plan = episodes(list(tasks))
    out = Path(out) if out is not None else None
    with _only_writer(out):  # the directory is this run's alone
        done_before: list[Trajectory] = []
        if out is not None:
            done_before = _prepare_out(out, plan, _manifest(settings, policy, plan), resume)
        todo = list(enumerate(plan))[len(done_before) :]
        redo = [k for k, t in enumerate(done_before) if t.outcome in FAILED] if retry_failed else []
        if not todo and not redo:
            return done_before
        old = _old_lines(out) if redo and out is not None else None
        todo = [(k, plan[k]) for k in redo] + todo
        parts = _chunks(todo, min(workers, len(todo)))
        writer = _Writer(out, resume, redo[0] if redo else len(done_before), old, frozenset(redo))
        bar = tqdm(total=len(todo), unit="ep", disable=not progress or not sys.stderr.isatty(), leave=False)
        results: dict[int, Trajectory] = dict(enumerate(done_before))

        def collect(done: list[tuple[int, Trajectory]]) -> None:
            for index, traj in done:
                results[index] = traj
                writer.add(index, traj)
            bar.update(len(done))

        try:
            if executor == "local":
                shards = [Shard(part, batch_size, **settings, info_keys=keys) for part in parts]
                starts: dict[int, Batch] = {}
                for i, sh in enumerate(shards):
                    starts[i], _ = sh.start()

                def step_all(
                    requests: dict[int, list[tuple[int, str]]], shares: dict[int, float]
                ) -> dict[int, Any]:
                    return {i: shards[i].step(acts, shares[i]) for i, acts in requests.items()}

                drive(guard, starts, batch_size, step_all, collect)
            else:
                from mpb_env.rollouts.ray_executor import drive_ray

                drive_ray(
                    guard,
                    parts,
                    batch_size,
                    settings,
                    collect,
                    address,
                    transport=transport,
                    info_keys=keys,
                    heartbeat=heartbeat,
                )
        finally:
            bar.close()
            writer.close()
        return [results[i] for i in range(len(plan))]


def _old_lines(out: Path) -> tuple[list[bytes], list[bytes]]:
    """The trajectory and timing lines of the run in ``out`` (as ``_resumed`` left them: complete, one
    timing line per trajectory)."""
    traj = read_run_file(out / TRAJECTORIES_FILE) or b""
    times = read_run_file(out / TIMINGS_FILE) or b""
    return (
        [line for line in traj.splitlines(keepends=True) if line.strip()],
        times.splitlines(keepends=True),
    )


Batch = list[tuple[int, str, dict[str, Any]]]  # (slot, observation, info) of each running slot


def drive(
    policy: Policy,
    starts: dict[int, Batch],
    width: int,
    step_all: Any,
    collect: Any,
) -> None:
    """The local executor's driver loop: one batched policy call per round over every running slot
    (``call_policy``: a slot the policy fails ends its episode, the others go on).

    Args:
        policy: the policy (``run`` passes a ``GuardedPolicy``); global slot ids are ``shard * width + slot``.
        starts: each shard's first running slots.
        width: slots per shard (for global slot ids).
        step_all: ``{shard: [(slot, action)]}, {shard: policy_s} -> {shard: (Batch, done)}``
            (the shards are stepped in turn).
        collect: receives each ``done`` list of ``(plan index, trajectory)``.
    """
    running = dict(starts)
    for i, batch in running.items():
        reset_started(policy, i, width, batch)
    while any(running.values()):
        keys, obs, infos = [], [], []
        for i, batch in running.items():
            for slot, o, info in batch:
                keys.append((i, slot))
                obs.append(o)
                info["slot"] = i * width + slot  # a fresh dict each step, nobody else's: no copy
                infos.append(info)
        actions, policy_s = call_policy(policy, obs, infos)
        requests: dict[int, list[tuple[int, str]]] = {}
        for (i, slot), action in zip(keys, actions, strict=True):
            requests.setdefault(i, []).append((slot, action))
        shares = {i: policy_s * len(acts) / len(keys) for i, acts in requests.items()}
        for i, (batch, done) in step_all(requests, shares).items():
            collect(done)
            reset_started(policy, i, width, batch)
            running[i] = batch


def run_local(
    tasks: list[Task],
    policy: Policy,
    *,
    seed: int = 0,
    recall: RecallMode = "bm25",
    top_n: int = DEFAULT_TOP_N,
    max_turns: int = T_MAX,
    world_size: Size = "M",
    out: Path | None = None,
    progress: bool = True,
    batch_size: int = 64,
    tool_search: bool = True,
    tool_format: str = "schema",
) -> list[Trajectory]:
    """``run(..., executor="local")``: every episode once, in-process, in batches of ``batch_size``."""
    return run(
        tasks,
        policy,
        seed=seed,
        recall=recall,
        top_n=top_n,
        max_turns=max_turns,
        world_size=world_size,
        out=out,
        progress=progress,
        batch_size=batch_size,
        tool_search=tool_search,
        tool_format=tool_format,
    )


def read_trajectories(path: Path) -> list[Trajectory]:
    """Load a ``trajectories.jsonl`` file (timings are empty: they live in ``timings.jsonl``).

    Raises:
        ValueError: a line that is not a trajectory record (named by its line number).
    """
    return _parse_trajectories(Path(path).read_bytes(), path)


#: Keys every written trajectory line has beyond the ones ``Trajectory`` requires (its other fields
#: have defaults): a line without them is some other record, not a finished episode.
_RECORD_KEYS = frozenset({"turns", "verdict", "reward", "success"})


def _parse_trajectories(data: bytes, path: Path) -> list[Trajectory]:
    out = []
    for n, line in enumerate(data.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = orjson.loads(line)
            missing = sorted(_RECORD_KEYS - record.keys()) if isinstance(record, dict) else []
            if missing:
                raise ValueError(f"no {', '.join(missing)}")
            out.append(Trajectory.model_validate(record))
        except ValueError as exc:  # orjson.JSONDecodeError and pydantic.ValidationError are ones too
            raise ValueError(f"{path}:{n} is not a trajectory record ({first_line(exc)})") from None
    return out
