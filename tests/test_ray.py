"""The Ray executor against the local one, on a local Ray instance with 2 CPUs."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import ray

from mpb_env.rollouts.policies import RandomPolicy, make_policy
from mpb_env.rollouts.ray_executor import drive_ray
from mpb_env.rollouts.runner import Shard, read_trajectories, run
from mpb_env.tasks import episodes, load_tasks

TASKS = load_tasks("starter")


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    # The crashing shard below lives in this test module, which workers cannot import: ship it by value.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_and_local_results_are_identical(tmp_path: Path) -> None:
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
    )
    assert [t.line() for t in local] == [t.line() for t in remote]
    assert (tmp_path / "local/trajectories.jsonl").read_bytes() == (
        tmp_path / "ray/trajectories.jsonl"
    ).read_bytes()


def test_oracle_passes_everything_on_ray() -> None:
    trajs = run(
        TASKS, make_policy("oracle", TASKS), recall="oracle", progress=False, executor="ray", workers=2
    )
    assert len(trajs) == len(episodes(TASKS)) and all(t.success for t in trajs)


class CrashOnce(Shard):
    """Dies (the whole worker process) on its third step, once per marker file."""

    marker = "/tmp/mpb-crash-once"

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
    Path(CrashOnce.marker).unlink(missing_ok=True)
    plan = episodes(TASKS)
    parts = [list(enumerate(plan))[: len(plan) // 2], list(enumerate(plan))[len(plan) // 2 :]]
    got: list[int] = []
    policy = make_policy("oracle", TASKS)
    settings = {"recall": "oracle", "top_n": 15, "max_turns": 15, "world_size": "S", "seed": 0}
    replaced = drive_ray(
        policy, parts, 4, settings, lambda done: got.extend(i for i, _ in done), shard_cls=CrashOnce
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
