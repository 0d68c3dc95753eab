"""The Ray executor: each actor holds a shard of episode slots and steps it one batch per call.

One actor call per batch, never per step (a Ray call costs ~1 ms). Each actor's slots form two lanes
(even and odd slots): the driver runs one batched policy call per lane and submits it, and while an
actor steps one lane the driver is already reading the other lane's results and acting on them, so
driver and actors overlap instead of waiting for each other.
``address`` runs the same code on an existing cluster (``"auto"``, ``"ray://head:10001"``); without it
a local Ray instance is started (or the one already running is used). An actor that dies is replaced
by a new one holding the shard's unfinished episodes, which re-run from their start, so every episode
lands exactly once.
"""

from __future__ import annotations

import time
from typing import Any

from mpb_env.rollouts.policies import Policy
from mpb_env.rollouts.runner import Batch, Shard, resolve
from mpb_env.tasks.model import Task


def ensure_ray(address: str | None = None, num_cpus: int | None = None) -> Any:
    """Import Ray and connect to ``address``, or start a local instance if none is running."""
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise RuntimeError("the Ray executor needs Ray: pip install 'mobilepa-gym[ray]'") from exc
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
    return ray


_POOL: dict[tuple[Any, ...], list[Any]] = {}
#: Slot lanes per actor stepped in turn, so the driver's work overlaps the actor's.
LANES = 2


def _pool_key(ray: Any, shard_cls: type[Shard], batch_size: int, settings: dict[str, Any]) -> tuple[Any, ...]:
    ctx = ray.get_runtime_context()
    job = (ctx.get_job_id(), ctx.get_node_id())  # a new Ray instance never reuses old handles
    fixed = tuple(sorted((k, v) for k, v in settings.items() if k != "seed"))
    return (job, shard_cls.__module__, shard_cls.__qualname__, batch_size, fixed)


def shutdown_pool() -> None:
    """Kill the pooled shard actors (``ray.shutdown()`` does it too)."""
    import ray

    for actors in _POOL.values():
        for a in actors:
            ray.kill(a)
    _POOL.clear()


def drive_ray(
    policy: Policy,
    parts: list[list[tuple[int, Task]]],
    batch_size: int,
    settings: dict[str, Any],
    collect: Any,
    address: str | None = None,
    shard_cls: type[Shard] = Shard,
) -> int:
    """Run ``parts`` (one shard each) on Ray actors with the shared driver loop; returns how many
    actors had to be replaced (``shard_cls`` lets a test inject a shard that crashes).

    Actors are pooled per Ray job and settings: a later run with the same settings reuses them (their
    world is already built), which is what keeps short runs from paying actor start-up each time; a
    run with other settings replaces the pool (idle actors would otherwise hold their CPUs).
    """
    ray = ensure_ray(address)
    remote_shard = ray.remote(num_cpus=1, max_restarts=0)(shard_cls)
    ctor = {k: v for k, v in settings.items() if k != "seed"}
    seed = settings.get("seed", 0)
    key = _pool_key(ray, shard_cls, batch_size, settings)
    for other in [k for k in _POOL if k != key]:  # one pool at a time: idle actors hold CPUs
        for a in _POOL.pop(other):
            ray.kill(a)
    pool = _POOL.setdefault(key, [])
    while len(pool) < len(parts):
        pool.append(remote_shard.remote([], batch_size, **ctor))
    actors = pool[: len(parts)]
    finished: set[int] = set()
    replacements = [0]

    def record(done: list[tuple[int, Any]]) -> None:
        finished.update(i for i, _ in done)
        collect(done)

    def begin(actor: Any, part: list[tuple[int, Task]]) -> Any:
        return actor.load.remote(part, seed), actor.start.remote()

    starts: dict[int, Batch] = {}
    refs = [begin(a, part)[1] for a, part in zip(actors, parts, strict=True)]
    for i, (batch, _done) in enumerate(ray.get(refs)):
        starts[i] = batch

    def restart(i: int) -> Batch:
        """Replace shard ``i``'s dead actor; its unfinished episodes start over on the new one."""
        rest = [(k, t) for k, t in parts[i] if k not in finished]
        parts[i] = rest
        replacements[0] += 1
        actors[i] = pool[i] = remote_shard.remote([], batch_size, **ctor)
        return ray.get(begin(actors[i], rest)[1])[0]

    # Two lanes per actor (even and odd slots): while an actor steps one lane, the driver unpickles
    # the other lane's results and runs the policy on them, so neither side waits for the other.
    width = batch_size
    ready: dict[tuple[int, int], Batch] = {}
    pending: dict[Any, tuple[int, int]] = {}

    def split(i: int, batch: Batch) -> None:
        for slot, _obs, info in batch:
            if "recall" in info:  # a fresh episode started in this slot
                policy.reset(i * width + slot, info)
        for lane in range(LANES):
            ready[(i, lane)] = [b for b in batch if b[0] % LANES == lane]

    for i, batch in starts.items():
        split(i, batch)
    while ready or pending:
        for (i, lane), batch in list(ready.items()):
            del ready[(i, lane)]
            if not batch:
                continue
            infos = [{**info, "slot": i * width + slot} for slot, _o, info in batch]
            t0 = time.perf_counter()
            actions = resolve(policy.act([o for _s, o, _i in batch], infos))
            policy_s = time.perf_counter() - t0
            acts = [(slot, a) for (slot, _o, _i), a in zip(batch, actions, strict=True)]
            pending[actors[i].step.remote(acts, policy_s)] = (i, lane)
        if not pending:
            break
        (ref,), _ = ray.wait(list(pending), num_returns=1)
        i, lane = pending.pop(ref)
        try:
            batch, done = ray.get(ref)
        except (ray.exceptions.RayActorError, ray.exceptions.WorkerCrashedError):
            for other in [r for r, (j, _lane) in pending.items() if j == i]:
                del pending[other]  # the same dead actor: those results will never come
            for other_lane in range(LANES):
                ready.pop((i, other_lane), None)
            split(i, restart(i))
            continue
        record(done)
        for slot, _obs, info in batch:
            if "recall" in info:
                policy.reset(i * width + slot, info)
        ready[(i, lane)] = batch
    return replacements[0]
