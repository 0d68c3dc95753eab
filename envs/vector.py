"""``gym.make_vec("mpb/MobilePA-v0", num_envs=N)``: N sub-envs over one shared base world.

Every sub-env is an ``Episode`` over the same ``World`` and, per task, the same S0 patch layer; each
owns only its writes, so N envs cost N write layers, not N worlds.

* Observations and actions are ``np.ndarray(dtype=object)`` of ``str`` (what RLlib's env runners
  accept); infos follow gymnasium's vector convention (``info[key]`` array + ``info["_key"]`` mask).
* Autoreset is ``NEXT_STEP``: the step after a sub-env ends resets it (its action is ignored) and
  returns the new task's query with reward 0.
* ``reset(options={"task_ids": [...]})`` pins sub-env i to ``task_ids[i]`` (a GRPO group is N copies of
  one id; ``{"task_id": X}`` does exactly that). A pinned sub-env replays its task on autoreset;
  unpinned ones draw from the env's task list with the vector env's RNG.
* ``reset(options={"reset_mask": mask})`` (gymnasium's partial reset, a bool array of N) resets only
  the masked sub-envs: the other ones keep their episodes, observations and pins, and the info holds
  the masked ones' reset infos alone, as ``SyncVectorEnv`` does. The task options then apply to the
  masked sub-envs (``task_ids`` still lists one id per sub-env).
* ``fork(src, dst)`` makes sub-env ``dst`` a branch of ``src`` mid-episode (only writes are copied).
* ``max_episode_steps`` (from ``make_vec``) sets T_max, the turns before truncation.
* The info of a sub-env's last step carries ``outcome`` and ``reward_valid`` (``mpb_env.outcomes``:
  ``ok``, ``budget`` at T_max); an internal error of the env or a checker on one sub-env ends that
  sub-env's episode with ``env_error`` (reward 0, truncated, ``reward_valid`` False, ``error``) and
  never raises out of ``step``: the other sub-envs step on.
"""

from __future__ import annotations

import gc
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv

from mpb_env.domains import catalog
from mpb_env.envs.single import check_settings, select_episodes
from mpb_env.envs.spaces import AnyText, TextBatch, ToolCallText
from mpb_env.episode import T_MAX, Episode, without_gc
from mpb_env.limits import DEFAULT_LIMITS, Limits
from mpb_env.recall import DEFAULT_TOP_N
from mpb_env.tasks.model import Dimension, RecallMode, Task
from mpb_env.world.generate import Size, load_world

#: From this many sub-envs on, a step holds the cyclic GC until it is over (measured: 6% faster per
#: sub-env at N = 1,024, even at 64, and 4% slower at N = 1, where a step allocates too little to matter).
_GC_PAUSE_MIN_ENVS = 64
_DTYPES: dict[type, Any] = {int: int, float: float, bool: bool, str: object, list: object}


def _dtype(kind: type) -> Any:
    """The column dtype of a value type: Python and numpy numbers keep theirs, anything else is object."""
    dtype = _DTYPES.get(kind)
    if dtype is None:
        dtype = kind if issubclass(kind, np.number) else object
    return dtype


def _blank(n: int, dtype: Any) -> np.ndarray:
    """A column for sub-envs that did not report a key: zeros for numbers, ``None`` otherwise (as gymnasium)."""
    return np.full(n, None, dtype) if dtype is object else np.zeros(n, dtype=dtype)


_MASK_KEYS: dict[str, str] = {}  # info key -> its mask key ("_" + key), built once per key


def _column(values: list[Any], dtype: Any) -> np.ndarray:
    """A 1-D array of ``values`` that never broadcasts a list value into extra dimensions (as
    ``np.array`` would). A short column is filled item by item: ``np.fromiter`` has a fixed cost
    that dominates below a few dozen items."""
    m = len(values)
    if m > 16:
        return np.fromiter(values, dtype=dtype, count=m)
    arr = np.empty(m, dtype=dtype)
    if m == 1:
        arr[0] = values[0]
    else:
        for j, v in enumerate(values):
            arr[j] = v
    return arr


class MobilePAVectorEnv(VectorEnv):
    """N MobilePA-Bench sub-envs sharing one base world; arguments as ``MobilePAEnv`` plus ``num_envs``."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int = 1,
        split: str = "bench",
        dimension: Dimension | None = None,
        task_ids: list[str] | None = None,
        tasks: list[Task] | None = None,
        recall: RecallMode = "bm25",
        top_n: int = DEFAULT_TOP_N,
        max_episode_steps: int | None = None,
        max_turns: int = T_MAX,
        world_size: Size = "M",
        render_mode: str | None = None,
        tool_search: bool = True,
        tool_format: str = "schema",
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be >= 1, got {num_envs}")
        if render_mode is not None:
            raise ValueError("the vector env does not render; use the single env's render_mode='ansi'")
        turns = max_episode_steps if max_episode_steps is not None else max_turns
        check_settings(
            recall, top_n, turns, "max_episode_steps" if max_episode_steps is not None else "max_turns"
        )
        self._index, self.task_ids = select_episodes(split, dimension, task_ids, tasks)
        self.num_envs = num_envs
        self.world = load_world(world_size)
        first = self._index[self.task_ids[0]]
        self.episodes = [
            Episode(
                self.world,
                first,
                recall,
                top_n,
                turns,
                tool_search=bool(tool_search),
                tool_format=tool_format,
                limits=limits,
            )
            for _ in range(num_envs)
        ]
        self.single_observation_space = AnyText()
        self.single_action_space = ToolCallText(list(catalog().values()))
        self.observation_space = TextBatch(self.single_observation_space, num_envs)
        self.action_space = TextBatch(self.single_action_space, num_envs)
        self._pinned: list[str | None] = [None] * num_envs
        self._autoreset = [False] * num_envs  # sub-envs whose next step starts a new episode
        # The observations last returned: what a partial reset returns for the sub-envs it leaves alone
        # (empty texts before the first reset, as gymnasium's empty batch of this space).
        self._obs = np.full(num_envs, "", dtype=object)
        self._everyone = np.ones(num_envs, dtype=bool)  # the mask of a key every sub-env reported
        # N long-lived episodes: out of the cyclic GC's scans, like the world (see load_world); a full
        # collection over a thousand sub-envs otherwise costs a pause of the order of a second. Freezing
        # moves every tracked object, so collect first: cyclic garbage still waiting for a collection
        # would otherwise be frozen with the episodes and never freed.
        gc.collect()
        gc.freeze()

    # ------------------------------------------------------------------ helpers
    def _next_task(self, i: int) -> Task:
        pinned = self._pinned[i]
        if pinned is not None:
            return self._index[pinned]
        return self._index[self.task_ids[int(self.np_random.integers(len(self.task_ids)))]]

    def _start(self, i: int, task: Task, infos: list[tuple[int, dict[str, Any]]]) -> str:
        ep = self.episodes[i]
        ep.restart(task)
        infos.append((i, ep.start_info()))
        return task.query

    def _batch(self, infos: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
        """Gymnasium's vector info layout (``info[k]`` array + ``info["_k"]`` mask, nested dicts
        recursively), built once per step from all sub-envs' infos instead of key by key per sub-env.
        ``infos`` lists sub-envs in increasing index order."""
        return self._columns([i for i, _ in infos], [info for _, info in infos])

    def _columns(self, idx: list[int], dicts: list[dict[str, Any]]) -> dict[str, Any]:
        """``_batch`` of the dicts of sub-envs ``idx`` (increasing): a key every sub-env reported
        needs no index array."""
        n = self.num_envs
        if len(dicts) == 1:  # one sub-env (N = 1, or the one that ended or reset this step)
            return self._single(idx[0], dicts[0], self._mask(idx))
        out: dict[str, Any] = {}
        keys: dict[str, tuple[list[int], list[Any]]] = {}
        for i, d in zip(idx, dicts, strict=True):
            for k, v in d.items():
                col = keys.get(k)
                if col is None:
                    keys[k] = ([i], [v])
                else:
                    col[0].append(i)
                    col[1].append(v)
        for k, (rows, values) in keys.items():
            kind = type(values[0])
            if kind is dict:
                out[k] = self._columns(rows, values)
            else:
                dtype = _DTYPES.get(kind) or _dtype(kind)
                column = _column(values, dtype)
                if len(values) == n:
                    out[k] = column
                else:
                    arr = _blank(n, dtype)
                    arr[rows] = column
                    out[k] = arr
            out[_MASK_KEYS.get(k) or _MASK_KEYS.setdefault(k, f"_{k}")] = self._mask(rows)
        return out

    def _single(self, i: int, info: dict[str, Any], mask: np.ndarray) -> dict[str, Any]:
        """``_columns`` of sub-env ``i``'s dict alone; ``mask`` (``i`` set) is copied for each key."""
        n = self.num_envs
        out: dict[str, Any] = {}
        for k, v in info.items():
            kind = type(v)
            if kind is dict:
                out[k] = self._single(i, v, mask)
            else:
                dtype = _DTYPES.get(kind) or _dtype(kind)
                column = np.empty(1, dtype=dtype) if n == 1 else _blank(n, dtype)
                column[i] = v
                out[k] = column
            out[_MASK_KEYS.get(k) or _MASK_KEYS.setdefault(k, f"_{k}")] = mask.copy()
        return out

    def _mask(self, rows: list[int]) -> np.ndarray:
        if len(rows) == self.num_envs:
            return self._everyone.copy()
        mask = np.zeros(self.num_envs, dtype=bool)
        mask[rows] = True
        return mask

    def _one_seed(self, seed: Any) -> int | None:
        """The RNG seed of ``reset(seed=...)``: an int, ``None``, or (as ``SyncVectorEnv`` takes) one
        entry per sub-env, all ints (combined into one seed: the sub-envs share one RNG) or all ``None``."""
        if not isinstance(seed, (list, tuple)):
            return seed  # type: ignore[no-any-return]
        if len(seed) != self.num_envs:
            raise ValueError(f"seed has {len(seed)} entries for {self.num_envs} sub-envs")
        if all(s is None for s in seed):
            return None
        if not all(isinstance(s, (int, np.integer)) and not isinstance(s, bool) and s >= 0 for s in seed):
            raise ValueError(f"a seed list holds non-negative ints, or only None; got {list(seed)!r}")
        return int(np.random.SeedSequence([int(s) for s in seed]).generate_state(1)[0])

    def _pins(self, options: dict[str, Any]) -> list[str | None]:
        """The task each sub-env is pinned to by ``reset`` options (``None``: drawn at every reset)."""
        task_id, ids = options.get("task_id"), options.get("task_ids")
        if task_id is not None and ids is not None:
            raise ValueError("give reset options task_id or task_ids, not both")
        if task_id is not None:
            if not isinstance(task_id, str):
                raise ValueError(f"task_id must be a task id string, got {type(task_id).__name__}")
            ids = [task_id] * self.num_envs
        if ids is None:
            return [None] * self.num_envs
        if isinstance(ids, (str, bytes)) or not isinstance(ids, (list, tuple, np.ndarray)):
            raise ValueError(f"task_ids must be a list of task id strings, got {type(ids).__name__}")
        ids = list(ids)
        if len(ids) != self.num_envs:
            raise ValueError(f"task_ids has {len(ids)} entries for {self.num_envs} sub-envs")
        not_str = [t for t in ids if not isinstance(t, str)]
        if not_str:
            raise ValueError(f"task_ids must be task id strings, got {not_str[:5]!r}")
        bad = [t for t in ids if t not in self._index]
        if bad:
            raise ValueError(f"unknown task ids: {bad[:5]}")
        return ids

    def _reset_mask(self, options: dict[str, Any]) -> list[int] | None:
        """The sub-envs a ``reset`` with gymnasium's ``reset_mask`` option resets (``None``: all of them).
        The caller's options are left as they are: vector wrappers (``RecordEpisodeStatistics``) read the
        mask after the env."""
        mask = options.get("reset_mask")
        if mask is None:
            return None
        mask = np.asarray(mask)
        if mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
            raise ValueError(
                f"reset_mask must be a bool array of shape ({self.num_envs},), "
                f"got dtype {mask.dtype} and shape {mask.shape}"
            )
        if not mask.any():
            raise ValueError("reset_mask selects no sub-env to reset")
        return np.flatnonzero(mask).tolist()  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ API
    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        options = options or {}
        # Seed, pins and mask are all checked before any change.
        seed, pinned, mask = self._one_seed(seed), self._pins(options), self._reset_mask(options)
        super().reset(seed=seed)
        infos: list[tuple[int, dict[str, Any]]] = []
        obs = self._obs.copy()  # the sub-envs a partial reset leaves alone keep their observations
        for i in range(self.num_envs) if mask is None else mask:
            self._pinned[i] = pinned[i]
            self._autoreset[i] = False
            obs[i] = self._start(i, self._next_task(i), infos)
        self._obs = obs
        return obs, self._batch(infos)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        n = self.num_envs
        if isinstance(actions, (str, bytes)):  # has a length, but its characters are not n turns
            raise ValueError(f"expected one text per sub-env ({n}), got a single {type(actions).__name__}")
        if len(actions) != n:
            raise ValueError(f"expected {n} actions, got {len(actions)}")
        if n == 1 and not self._autoreset[0]:
            out = self._step_one(actions[0])
        elif n < _GC_PAUSE_MIN_ENVS:
            out = self._step(actions)
        else:
            out = without_gc(self._step, actions)
        self._obs = out[0]
        return out

    def _step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        n = self.num_envs
        obs = np.empty(n, dtype=object)
        rewards = np.zeros(n, dtype=np.float64)
        terminated = np.zeros(n, dtype=bool)
        truncated = np.zeros(n, dtype=bool)
        episodes = self.episodes
        messages: list[Any] = [None] * n  # the turn's messages of each sub-env with a plain step info
        special: list[tuple[int, dict[str, Any]]] = []  # resets, ends, changed tools: whole info dicts
        autoreset = self._autoreset
        for i in range(n):
            if autoreset[i]:
                autoreset[i] = False
                obs[i] = self._start(i, self._next_task(i), special)
                continue
            ep = episodes[i]
            o, r, te, tr, msgs, extra = ep.play(actions[i])
            obs[i] = o
            if te or tr:  # the episode is over: a reward, its end flag and a reset on the next step
                rewards[i], terminated[i], truncated[i], autoreset[i] = r, te, tr, True
            if extra is None and msgs is not None:
                messages[i] = msgs
            else:
                special.append((i, ep.info(msgs, extra)))
        if not special:
            info = self._plain(messages)
        else:
            whole = dict(special)
            info = self._batch(
                [(i, whole[i] if i in whole else episodes[i].info(messages[i], None)) for i in range(n)]
            )
        return obs, rewards, terminated, truncated, info

    def _step_one(self, action: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """``_step`` of a single sub-env in mid-episode (N = 1), without the per-sub-env lists."""
        ep = self.episodes[0]
        o, r, te, tr, msgs, extra = ep.play(action)
        obs, rewards = np.empty(1, dtype=object), np.empty(1, dtype=np.float64)
        terminated, truncated = np.empty(1, dtype=bool), np.empty(1, dtype=bool)
        obs[0], rewards[0], terminated[0], truncated[0] = o, r, te, tr
        if te or tr:
            self._autoreset[0] = True
        if extra is None and msgs is not None:
            return obs, rewards, terminated, truncated, self._plain([msgs])
        return obs, rewards, terminated, truncated, self._batch([(0, ep.info(msgs, extra))])

    def _plain(self, messages: list[Any]) -> dict[str, Any]:
        """``_batch`` of a step where every sub-env's info is ``task_id``, ``turn`` and ``messages``
        (most steps): the columns are built straight from the episodes, with no dict per sub-env."""
        episodes, everyone = self.episodes, self._everyone
        if len(episodes) == 1:  # no per-column list or call: a third of a step's overhead at N = 1
            ep = episodes[0]
            task_id, turn, messages_ = np.empty(1, object), np.empty(1, int), np.empty(1, object)
            task_id[0], turn[0], messages_[0] = ep.task.id, ep.turns, messages[0]
        else:
            task_id = _column([ep.task.id for ep in episodes], object)
            turn = _column([ep.turns for ep in episodes], int)
            messages_ = _column(messages, object)
        return {
            "task_id": task_id,
            "_task_id": everyone.copy(),
            "turn": turn,
            "_turn": everyone.copy(),
            "messages": messages_,
            "_messages": everyone.copy(),
        }

    def fork(self, src: int, dst: int) -> None:
        """Make sub-env ``dst`` a branch of sub-env ``src``: same task, state and turn, own writes."""
        if not (0 <= src < self.num_envs and 0 <= dst < self.num_envs):
            raise IndexError(f"sub-env indices must be in [0, {self.num_envs}), got {src} and {dst}")
        self.episodes[dst] = self.episodes[src].fork()
        self._pinned[dst] = self._pinned[src]
        self._autoreset[dst] = self._autoreset[src]
        # The branch's current observation is its source's; a new array, since the caller holds the last.
        self._obs = self._obs.copy()
        self._obs[dst] = self._obs[src]

    @property
    def tasks(self) -> list[Task]:
        """The task each sub-env is playing."""
        return [ep.task for ep in self.episodes]
