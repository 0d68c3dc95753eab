"""``mpb/MobilePA-v0``: one MobilePA-Bench task per episode as a text-action Gymnasium env.

* ``reset(options={"task_id": ...})`` picks the task; without it, ``reset(seed=...)`` draws one from
  the env's task list (``split`` / ``dimension`` / ``task_ids``) with the env's RNG.
* The observation after reset is the user query; after a step, the tool feedback as a JSON list.
  ``info["messages"]`` holds the chat messages the step appended (on reset: system prompt, history,
  query) and ``info["tools"]`` the current action set's schemas (on reset and whenever it changes).
* Reward is 0 until the end; then the gated checker's 1.0 / 0.0, with ``info["verdict"]``, and
  ``info["outcome"]`` / ``info["reward_valid"]`` (``mpb_env.outcomes``; an internal env error is
  ``env_error``, reward 0, truncated, never an exception).
* An action without a tool call is the final message (terminated); ``max_turns`` (T_max = 15) turns
  truncate. Malformed actions become error observations and cost the turn; ``step`` never raises on them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, get_args

import gymnasium as gym
import numpy as np

from mpb_env.domains import catalog
from mpb_env.envs.spaces import AnyText, ToolCallText
from mpb_env.episode import T_MAX, Episode
from mpb_env.limits import DEFAULT_LIMITS, Limits
from mpb_env.recall import DEFAULT_TOP_N
from mpb_env.tasks import load_tasks, task_index
from mpb_env.tasks.model import Dimension, RecallMode, Task, episodes
from mpb_env.world.generate import Size, load_world


def select_episodes(
    split: str, dimension: Dimension | None, task_ids: list[str] | None, tasks: list[Task] | None
) -> tuple[dict[str, Task], list[str]]:
    """The episodes an env may play, by id, and the ids it draws from (both envs' arguments): explicit
    ``tasks`` or a ``split``'s, skill tasks as their SOR and MTSR variants, narrowed to ``dimension``
    and to ``task_ids``. An unknown id or dimension, an id of another dimension than the one asked for
    or an empty selection is a ``ValueError``; a lone string or task where a list belongs is one too
    (``list()`` of it would read its characters or fields as ids or tasks)."""
    if isinstance(task_ids, (str, bytes)):
        raise ValueError(f"task_ids must be a list of task ids, got the single {type(task_ids).__name__}")
    if tasks is not None and (isinstance(tasks, Task) or not isinstance(tasks, Iterable)):
        raise ValueError(f"tasks must be a list of Task objects, got {type(tasks).__name__}")
    if dimension is not None and dimension not in get_args(Dimension):
        raise ValueError(f"unknown dimension {dimension!r}; expected one of {list(get_args(Dimension))}")
    if tasks is not None:
        given = list(tasks)
        played = episodes(given)
        index = {t.id: t for t in [*given, *played]}  # as a split's: base ids and variants
        pool = list(dict.fromkeys(t.id for t in played if dimension is None or t.dimension == dimension))
    else:
        index = task_index(split)
        pool = [t.id for t in episodes(load_tasks(split, dimension))]
    ids = list(task_ids) if task_ids is not None else pool
    unknown = [t for t in ids if t not in index]
    if unknown:
        raise ValueError(f"unknown task ids: {unknown[:5]}")
    if dimension is not None:
        other = [t for t in ids if index[t].dimension != dimension]
        if other:
            raise ValueError(f"task ids not of dimension {dimension!r}: {other[:5]}")
    if not ids:
        raise ValueError("no tasks to play: the split/dimension/task_ids selection is empty")
    return index, ids


def check_settings(recall: str, top_n: int, max_turns: int, turns_name: str = "max_turns") -> None:
    """Both envs' episode settings, checked at construction: a misspelt recall mode would otherwise run
    as BM25 while infos report the misspelling, and a T_max below 1 (or not a whole number) would
    truncate every episode at its first tool call (gymnasium's ``TimeLimit`` refuses one too)."""
    if recall not in get_args(RecallMode):
        raise ValueError(f"unknown recall mode {recall!r}; expected one of {list(get_args(RecallMode))}")
    if not _is_count(top_n) or top_n < 0:
        raise ValueError(f"top_n must be a non-negative int, got {top_n!r}")
    if not _is_count(max_turns) or max_turns < 1:
        raise ValueError(f"{turns_name} must be a positive int, got {max_turns!r}")


def _is_count(x: object) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


class MobilePAEnv(gym.Env[str, str]):
    """MobilePA-Bench as a Gymnasium env.

    Args:
        split: task suite to draw from (``"bench"``).
        dimension: only tasks of this dimension (``basic|subagent|memory|skill``).
        task_ids: only these task IDs (skill variants as ``<id>@SOR`` / ``<id>@MTSR``).
        tasks: explicit ``Task`` objects instead of a split (e.g. generated training tasks); skill tasks
            are played as their two routing variants, as in a split.
        recall: ``"bm25"`` (top-N, the paper's setting), ``"bm25-plain"`` (the earlier retriever),
            ``"oracle"`` (gold tools guaranteed) or ``"all"``.
        top_n: N for recall (15).
        tool_search: offer ``search_tools`` in A_0 (default), so a tool the recall missed stays
            reachable; ``False`` keeps the paper-strict action set (some tasks are then unsolvable).
        max_turns: T_max, turns before truncation (15); the truncated episode is checked as it stands.
            ``gym.make(..., max_episode_steps=k)`` instead wraps the env in gymnasium's ``TimeLimit``,
            which truncates at step k without the checker (no verdict, reward 0): use ``max_turns=k``.
            (The vector env takes ``max_episode_steps`` from ``make_vec`` as T_max.)
        world_size: ``"S" | "M" | "L"`` base world. Tasks are annotated against ``"M"``; the other
            sizes (0.25×, 4×) exist to measure costs, and some tasks' answers differ on them.
        tool_format: ``"schema"`` (default: the tools travel only as ``info["tools"]`` schemas) or
            ``"compact"``: the system message also lists A_0 one line per tool (``name(arg, arg?):
            description``) and the feedback of a call that adds tools (a skill loader, a permission
            remedy) carries them as ``new_tools`` lines, so a chat built from the messages alone shows
            every tool, in a stable, append-only order.
        limits: per-turn bounds (``mpb_env.limits.Limits``: action characters, calls per turn, argument
            depth, observation bytes); an action over one is an error observation naming it.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        split: str = "bench",
        dimension: Dimension | None = None,
        task_ids: list[str] | None = None,
        tasks: list[Task] | None = None,
        recall: RecallMode = "bm25",
        top_n: int = DEFAULT_TOP_N,
        max_turns: int = T_MAX,
        world_size: Size = "M",
        render_mode: str | None = None,
        tool_search: bool = True,
        tool_format: str = "schema",
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        check_settings(recall, top_n, max_turns)
        self._index, self.task_ids = select_episodes(split, dimension, task_ids, tasks)
        self.world = load_world(world_size)
        self.observation_space = AnyText()
        self.action_space = ToolCallText(list(catalog().values()))
        first = self._index[self.task_ids[0]]
        self.episode = Episode(
            self.world,
            first,
            recall,
            top_n,
            max_turns,
            tool_search=bool(tool_search),
            tool_format=tool_format,
            limits=limits,
        )
        self._transcript: list[str] = []

    @property
    def task(self) -> Task:
        return self.episode.task

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        options = options or {}
        # task_ids pins the vector env's sub-envs; it reaches a single env through make_vec's sync/async
        # vectorization, which copies options. ``None`` pins nothing there, nor here.
        if options.get("task_ids") is not None:
            raise ValueError(
                "reset option task_ids pins the sub-envs of the vector env (gym.make_vec's default "
                "vectorization); a single env, also inside a Sync/AsyncVectorEnv, takes task_id"
            )
        task_id = options.get("task_id")
        if task_id is not None and not isinstance(task_id, str):
            raise ValueError(f"task_id must be a task id string, got {type(task_id).__name__}")
        if task_id is not None and task_id not in self._index:
            raise ValueError(f"unknown task_id {task_id!r}")
        super().reset(seed=seed)  # after the checks: a refused reset leaves the RNG as it was
        if task_id is None:
            task_id = self.task_ids[int(self.np_random.integers(len(self.task_ids)))]
        task = self._index[task_id]
        self.episode.restart(task)
        self._transcript = [f"user: {task.query}"]
        return task.query, self.episode.start_info()

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.episode.step(action)
        if self.render_mode == "ansi":
            self._transcript += [f"assistant: {action}", *([f"tools: {obs}"] if obs else [])]
        return obs, reward, terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return "\n".join(self._transcript)
        return None
