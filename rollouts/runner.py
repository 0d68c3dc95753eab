"""The local executor: every episode of a task list once, in-process, into ``Trajectory`` records.

``run_local(tasks, policy, ...)`` expands skill tasks into their SOR and MTSR episodes, plays each
with one reused ``Episode`` (``restart`` per task, O(1)), and returns the trajectories in task order.
With ``out`` it also writes ``out/trajectories.jsonl`` (one orjson line per episode, written as each
finishes) and ``out/timings.jsonl`` (wall-clock seconds per episode).

Determinism: the same tasks, seed, policy and settings give byte-identical ``trajectories.jsonl``.
Wall-clock timings are the only non-deterministic numbers, so they live in ``Trajectory.timings``
and ``timings.jsonl`` and never in the trajectory lines.

Per-trajectory counts:

* ``steps``: tool calls the turns held (malformed ones included: each costs an observation entry).
* ``tool_errors``: feedback entries with status ``error``; ``error_types`` lists their types in order.
* ``messages``: chat messages of the transcript (system, history, query, then every appended one).
* ``output_tokens``: whitespace-separated tokens of the policy's actions — an approximation used
  until a policy with a real tokenizer reports its own counts.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel
from tqdm import tqdm

from mpb_env.episode import T_MAX, Episode
from mpb_env.recall import DEFAULT_TOP_N
from mpb_env.rollouts.policies import Policy
from mpb_env.tasks.model import RecallMode, Task, episodes
from mpb_env.world.generate import Size, load_world

__all__ = [
    "TIMINGS_FILE",
    "TRAJECTORIES_FILE",
    "Trajectory",
    "play_episode",
    "read_trajectories",
    "run_local",
]

TRAJECTORIES_FILE = "trajectories.jsonl"
TIMINGS_FILE = "timings.jsonl"


class Trajectory(BaseModel):
    """One finished episode: what was done, what it cost, and the gated verdict."""

    task_id: str
    dimension: str
    category: str
    bucket: str
    routing: str | None = None
    seed: int = 0
    recall: str = "bm25"
    gold_recall: float | None = None
    turns: list[dict[str, str]] = []
    messages: int = 0
    steps: int = 0
    tool_errors: int = 0
    error_types: list[str] = []
    output_tokens: int = 0
    truncated: bool = False
    verdict: dict[str, Any] = {}
    reward: float = 0.0
    success: bool = False
    timings: dict[str, float] = {}

    def line(self) -> bytes:
        """The JSONL line (no timings, so replays are byte-identical)."""
        return orjson.dumps(self.model_dump(mode="json", exclude={"timings"})) + b"\n"


def play_episode(episode: Episode, task: Task, policy: Policy, seed: int = 0) -> Trajectory:
    """Restart ``episode`` on ``task`` and play it to the end with ``policy`` (slot 0)."""
    env_s = policy_s = 0.0
    t0 = time.perf_counter()
    episode.restart(task)
    info = episode.start_info()
    obs = task.query
    env_s += time.perf_counter() - t0
    recall_info = info["recall"]
    t0 = time.perf_counter()
    policy.reset(0, info)
    policy_s += time.perf_counter() - t0
    turns: list[dict[str, str]] = []
    messages = len(info["messages"])
    steps = tokens = 0
    error_types: list[str] = []
    reward, truncated = 0.0, False
    while True:
        t0 = time.perf_counter()
        action = policy.act([obs], [info])[0]
        t1 = time.perf_counter()
        obs, reward, terminated, truncated, info = episode.step(action)
        env_s += time.perf_counter() - t1
        policy_s += t1 - t0
        tokens += len(action.split()) if isinstance(action, str) else 0
        turns.append({"action": action if isinstance(action, str) else repr(action), "observation": obs})
        messages += len(info.get("messages", ()))
        if obs:
            results = orjson.loads(obs)
            steps += len(results)
            error_types.extend(r.get("error_type") or "Error" for r in results if r.get("status") == "error")
        if terminated or truncated:
            break
    verdict = info.get("verdict") or (episode.verdict.model_dump() if episode.verdict else {})
    return Trajectory(
        task_id=task.id,
        dimension=task.dimension,
        category=task.category,
        bucket=task.bucket,
        routing=task.routing,
        seed=seed,
        recall=recall_info["mode"],
        gold_recall=recall_info["gold_recall"],
        turns=turns,
        messages=messages,
        steps=steps,
        tool_errors=len(error_types),
        error_types=error_types,
        output_tokens=tokens,
        truncated=bool(truncated),
        verdict=verdict,
        reward=float(reward),
        success=bool(verdict.get("success", False)),
        timings={"env_s": round(env_s, 6), "policy_s": round(policy_s, 6)},
    )


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
) -> list[Trajectory]:
    """Play every episode of ``tasks`` once, sequentially, and return the trajectories in order.

    Args:
        tasks: the tasks (skill tasks without a routing run once under SOR and once under MTSR).
        policy: the policy (driven as a batch of one, slot 0).
        seed: recorded in each trajectory (the policy carries its own seed, e.g. ``RandomPolicy(seed)``).
        recall: ``"bm25"`` | ``"oracle"`` | ``"all"`` (a task's own ``recall`` setting wins).
        top_n: N for recall.
        max_turns: T_max.
        world_size: the base world, ``"S" | "M" | "L"``.
        out: a directory for ``trajectories.jsonl`` and ``timings.jsonl`` (created if needed).
        progress: show a progress bar (only on a terminal).
    """
    plan = episodes(list(tasks))
    if not plan:
        return []
    world = load_world(world_size)
    episode = Episode(world, plan[0], recall, top_n, max_turns)
    trajectories: list[Trajectory] = []
    traj_file = time_file = None
    if out is not None:
        out = Path(out)
        out.mkdir(parents=True, exist_ok=True)
        traj_file = (out / TRAJECTORIES_FILE).open("wb")
        time_file = (out / TIMINGS_FILE).open("wb")
    bar = tqdm(total=len(plan), unit="ep", disable=not progress or not sys.stderr.isatty(), leave=False)
    try:
        for task in plan:
            traj = play_episode(episode, task, policy, seed)
            trajectories.append(traj)
            if traj_file is not None and time_file is not None:
                traj_file.write(traj.line())
                traj_file.flush()
                time_file.write(orjson.dumps({"task_id": traj.task_id, **traj.timings}) + b"\n")
            bar.update(1)
    finally:
        bar.close()
        if traj_file is not None and time_file is not None:
            traj_file.close()
            time_file.close()
    return trajectories


def read_trajectories(path: Path) -> list[Trajectory]:
    """Load a ``trajectories.jsonl`` file (timings are empty: they live in ``timings.jsonl``)."""
    with Path(path).open("rb") as fh:
        return [Trajectory.model_validate(orjson.loads(line)) for line in fh if line.strip()]
