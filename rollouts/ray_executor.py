"""The Ray executor: each actor holds a shard of episode slots and steps it one batch per call.

One actor call per batch, never per step (a Ray call costs ~1 ms); the driver gathers every running
slot of every actor into one batched policy call per round, then steps all actors in parallel.
``address`` runs the same code on an existing cluster (``"auto"``, ``"ray://head:10001"``); without it
a local Ray instance is started (or the one already running is used). An actor that dies is replaced
by a new one holding the shard's unfinished episodes, which re-run from their start, so every episode
lands exactly once.
"""

from __future__ import annotations

from typing import Any

from mpb_env.rollouts.policies import Policy
from mpb_env.rollouts.runner import Batch, Shard, drive
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

    def step_all(requests: dict[int, list[tuple[int, str]]], shares: dict[int, float]) -> dict[int, Any]:
        refs = {i: actors[i].step.remote(acts, shares[i]) for i, acts in requests.items()}
        out: dict[int, Any] = {}
        for i, ref in refs.items():
            try:
                out[i] = ray.get(ref)
            except (ray.exceptions.RayActorError, ray.exceptions.WorkerCrashedError):
                # Replace the actor; its unfinished episodes start over on the new one.
                rest = [(k, t) for k, t in parts[i] if k not in finished]
                parts[i] = rest
                replacements[0] += 1
                actors[i] = pool[i] = remote_shard.remote([], batch_size, **ctor)
                batch, _ = ray.get(begin(actors[i], rest)[1])
                out[i] = (batch, [])
        return out

    drive(policy, starts, batch_size, step_all, record)
    return replacements[0]
