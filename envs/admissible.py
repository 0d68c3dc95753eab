"""``mpb/MobilePA-Admissible-v0``: the env with a list of admissible turns, as text-game RL uses one.

Description
    Every step the env proposes ``k`` candidate assistant turns and the agent picks one by index. One
    candidate is the oracle's next turn; the others are distinct distractors, in turn of three kinds:

    * the oracle's call with one argument wrong: an argument the gold checks (or names the value of),
      else a required one, set to a value the same tool or argument takes in another task of the split;
    * a call to another tool offered in A_t (never a tool of any of the oracle's turns: calling a
      later turn's tool early can be a valid shortcut past a look-up), with arguments another task
      gave it, else schema-valid random ones;
    * another task's final message, kept only if the checker rejects it when played now (tried on a
      fork of the episode: phrase rules can accept one task's "it was deleted" for another).

    All candidates are canonical texts (``canonical``: compact JSON calls), so none stands out by its
    format, and they are shuffled. The chosen text is stepped in the real episode
    (``mpb_env.episode.Episode``), so wrong calls have real effects and the reward is the real gated
    checker's. Picking a distractor every turn solved no starter, dev or sampled train episode. This turns the text env into a macro-action problem a small numeric
    policy (RLlib PPO, ``training_examples/rllib_ppo.py``) can learn; it is not a way to train a
    language model.

Action Space
    ``Discrete(k)``: the index of the candidate to play.

Observation Space
    ``Dict`` of float32 multi-hot vectors over ``dim`` hashed token buckets (CRC32 of lower-case word
    and identifier tokens, so the same word lands in the same bucket everywhere):

    * ``query``: the user query and the dialogue history H0, ``(dim,)``;
    * ``feedback``: the last tool feedback (zeros after reset), ``(dim,)``;
    * ``candidates``: one row per candidate turn, ``(k, dim)``; a call row also holds the ``__call__``
      token, a final-message row ``__final__``;
    * ``turn``: one-hot of the turn index, ``(T_MAX + 1,)``.

Rewards
    0 until the end, then the gated checker's 1.0 / 0.0 (the official score, unshaped).

Starting State
    A task drawn from the env's tasks with the env's RNG (``reset(seed=...)``), or
    ``reset(options={"task_id": ...})``. RLlib's env runners pass no reset options, hence the draw.

Episode End
    Terminated when the chosen candidate is a final message; truncated after ``len(oracle) + slack``
    turns (at most T_MAX = 15), checked as it stands.

Oracle pointer
    The oracle's next turn advances only when the agent picks it. After a wrong pick the same oracle
    turn is proposed again (among fresh distractors), so a harmless wrong read can be recovered from;
    a wrong write usually fails the checker in the end.

Infos
    ``task_id``, ``turn``, ``candidates`` (the texts, in action order), ``oracle_index`` (where the
    oracle's turn is; for tests, baselines and analysis, not for the policy); after a step also
    ``choice_correct`` (the agent picked the oracle's turn), ``choice_accuracy`` (the episode's running
    rate) and, at the end, ``verdict``.

Arguments
    ``split`` (default ``"train"``; evaluate on ``"dev"``), ``dimension``, ``task_ids``, ``tasks`` as
    ``MobilePAEnv``; ``k`` candidates (8), ``dim`` hash buckets (512), ``slack`` extra turns beyond the
    oracle's length (2), ``recall``, ``top_n``, ``world_size`` as ``MobilePAEnv`` (``"bm25"`` with
    ``search_tools``, the env's defaults, under which every stored oracle succeeds: its ``search_tools``
    turns are proposed like any other); the distractors' "other offered tools" are drawn from A_t.

Determinism
    Task draws, distractors and their order come from the env's RNG only: the same seed gives the same
    candidates, observations and rewards.

Version History
    v0: first version.
"""

from __future__ import annotations

import functools
import re
import zlib
from typing import Any

import gymnasium as gym
import numpy as np
import orjson
from gymnasium import spaces

from mpb_env.domains import catalog
from mpb_env.envs.single import check_settings, select_episodes
from mpb_env.envs.spaces import STRING_POOL, random_call
from mpb_env.episode import T_MAX, Episode
from mpb_env.parsing import ToolCall, parse_turn
from mpb_env.recall import DEFAULT_TOP_N
from mpb_env.tasks import task_index
from mpb_env.tasks.model import Dimension, RecallMode, Task
from mpb_env.world.generate import Size, load_world

_TOKEN = re.compile(r"[a-z0-9]+(?:_[a-z0-9]+)*")
Calls = list[dict[str, Any]]


def tokens(text: str) -> list[str]:
    """Lower-case word tokens, with each ``snake_case`` identifier kept whole beside its parts.

    >>> tokens("Call clear_app_cache for Chase!")
    ['call', 'clear_app_cache', 'clear', 'app', 'cache', 'for', 'chase']
    """
    out: list[str] = []
    for tok in _TOKEN.findall(text.lower()):
        out.append(tok)
        if "_" in tok:
            out.extend(tok.split("_"))
    return out


def hash_into(vec: np.ndarray, words: list[str]) -> np.ndarray:
    """Set ``vec``'s bucket of each word to 1 (CRC32 modulo the length: stable across processes)."""
    n = vec.shape[-1]
    for w in words:
        vec[zlib.crc32(w.encode()) % n] = 1.0
    return vec


def render(calls: Calls | None, final: str) -> str:
    """The canonical text of a turn: compact JSON for one call, a JSON list for several, else ``final``."""
    if calls is None:
        return final
    body = calls[0] if len(calls) == 1 else calls
    return orjson.dumps(body).decode()


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        return " ".join(value.lower().split())
    if isinstance(value, list):
        return [_norm(v) for v in value]
    if isinstance(value, dict):
        return {k: _norm(v) for k, v in value.items()}
    return value


def _key(value: Any) -> bytes:
    """A comparison key: values that differ only in case or spacing count as the same value."""
    return orjson.dumps(_norm(value), option=orjson.OPT_SORT_KEYS)


def _read(text: str) -> tuple[Calls | None, str]:
    """A turn as ``(calls, final)``: ``calls`` is None for a final message."""
    turn = parse_turn(text)
    if not turn.calls:
        return None, turn.content
    calls = [{"name": c.name, "arguments": dict(c.arguments)} for c in turn.calls if isinstance(c, ToolCall)]
    return calls, ""


def canonical(text: str) -> str:
    """The text a turn is proposed as: its calls re-serialised as compact JSON, or the final message
    stripped, so that no candidate stands out by its format (``<tool_call>`` tags, spacing).

    >>> canonical('<tool_call>{"name": "list_alarms", "arguments": {}}</tool_call>')
    '{"name":"list_alarms","arguments":{}}'
    """
    return render(*_read(text))


class _Pools:
    """What distractors are built from, gathered from every oracle of an env's tasks: argument values
    per (tool, argument) and per argument name, argument sets per tool, and final messages."""

    def __init__(self, tasks: list[Task]) -> None:
        by_call: dict[tuple[str, str], dict[bytes, Any]] = {}
        by_name: dict[str, dict[bytes, Any]] = {}
        args: dict[str, dict[bytes, dict[str, Any]]] = {}
        finals: dict[str, None] = {}
        for task in tasks:
            for text in task.oracle:
                calls, final = _read(text)
                if calls is None:
                    finals[final] = None
                    continue
                for call in calls:
                    args.setdefault(call["name"], {})[_key(call["arguments"])] = call["arguments"]
                    for name, value in call["arguments"].items():
                        by_call.setdefault((call["name"], name), {})[_key(value)] = value
                        by_name.setdefault(name, {})[_key(value)] = value
        self.by_call = {k: list(v.values()) for k, v in by_call.items()}
        self.by_name = {k: list(v.values()) for k, v in by_name.items()}
        self.args = {k: list(v.values()) for k, v in args.items()}
        self.finals = list(finals)


def _needle(value: Any) -> str:
    """How a value reads inside the gold's normalised JSON ("" for values too short to tell)."""
    text = orjson.dumps(_norm(value)).decode()
    return text if len(text) >= 3 else ""


@functools.lru_cache(maxsize=16)
def _pools(split: str, task_ids: tuple[str, ...]) -> _Pools:
    """A split's pools, built once per process and selection (read-only: every env of it shares them)."""
    index = task_index(split)
    return _Pools([index[t] for t in task_ids])


def _pick(rng: np.random.Generator, items: list[Any]) -> Any:
    return items[int(rng.integers(len(items)))]


def _index(action: Any, k: int) -> int:
    """The candidate index an action names; anything but an integer in ``[0, k)`` is a ``ValueError``
    (a ``Discrete`` policy never produces one: it is a caller's bug, not model output)."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool) and 0 <= action < k:
        return int(action)
    raise ValueError(f"action must be a candidate index in [0, {k}), got {action!r}")


def _mutate(value: Any, rng: np.random.Generator) -> Any:
    """A different value of the same type, for an argument no other task gives another value."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + int(rng.integers(1, 5))
    if isinstance(value, float):
        return round(value + float(rng.uniform(1, 10)), 1)
    if isinstance(value, list):
        return value[:-1] if value else [_pick(rng, list(STRING_POOL))]
    return _pick(rng, list(STRING_POOL))


class AdmissibleEnv(gym.Env[dict[str, np.ndarray], np.int64]):
    """MobilePA-Bench with ``k`` proposed turns per step; see the module docstring for the contract."""

    metadata = {"render_modes": []}

    def __init__(
        self,
        split: str = "train",
        dimension: Dimension | None = None,
        task_ids: list[str] | None = None,
        tasks: list[Task] | None = None,
        k: int = 8,
        dim: int = 512,
        slack: int = 2,
        recall: RecallMode = "bm25",
        top_n: int = DEFAULT_TOP_N,
        world_size: Size = "M",
    ) -> None:
        check_settings(recall, top_n, T_MAX)
        for name, value, low in (("k", k, 2), ("dim", dim, 8), ("slack", slack, 0)):
            if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < low:
                raise ValueError(f"{name} must be an int >= {low}, got {value!r}")
        self.k, self.dim, self.slack = int(k), int(dim), int(slack)
        self._index, self.task_ids = select_episodes(split, dimension, task_ids, tasks)
        self._pools = (
            _pools(split, tuple(self.task_ids))
            if tasks is None
            else _Pools([self._index[t] for t in self.task_ids])
        )
        self.world = load_world(world_size)
        self.episode = Episode(self.world, self._index[self.task_ids[0]], recall, top_n, T_MAX)
        box = lambda *shape: spaces.Box(0.0, 1.0, shape, np.float32)  # noqa: E731
        self.observation_space = spaces.Dict(
            {"query": box(dim), "feedback": box(dim), "candidates": box(k, dim), "turn": box(T_MAX + 1)}
        )
        self.action_space = spaces.Discrete(k)
        self._oracle: list[tuple[Calls | None, str]] = []
        self._pointer = 0
        self._candidates: list[str] = []
        self._finals: list[bool] = []
        self._answer = 0
        self._query = np.zeros(dim, np.float32)
        self._feedback = np.zeros(dim, np.float32)
        self._correct = 0

    @property
    def task(self) -> Task:
        return self.episode.task

    # ------------------------------------------------------------------ gymnasium API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        task_id = (options or {}).get("task_id")
        if task_id is not None and task_id not in self._index:
            raise ValueError(f"unknown task_id {task_id!r}")
        super().reset(seed=seed)
        if task_id is None:
            task_id = self.task_ids[int(self.np_random.integers(len(self.task_ids)))]
        task = self._index[task_id]
        self.episode.restart(task)
        self.episode.max_turns = min(T_MAX, len(task.oracle) + self.slack)
        self._oracle = task.derived("admissible_oracle", lambda: [_read(t) for t in task.oracle])
        self._pointer = 0
        self._correct = 0
        context = " ".join([*(m.content for m in task.history), task.query])
        self._query = hash_into(np.zeros(self.dim, np.float32), tokens(context))
        self._feedback = np.zeros(self.dim, np.float32)
        self._propose()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        index = _index(action, self.k)
        correct = index == self._answer
        obs_text, reward, terminated, truncated, inner = self.episode.step(self._candidates[index])
        if correct:
            self._pointer = min(self._pointer + 1, len(self._oracle) - 1)
            self._correct += 1
        self._feedback = hash_into(np.zeros(self.dim, np.float32), tokens(obs_text))
        if not (terminated or truncated):
            self._propose()
        info = self._info()
        info["choice_correct"] = correct
        info["choice_accuracy"] = self._correct / self.episode.turns
        if "verdict" in inner:
            info["verdict"] = inner["verdict"]
        return self._obs(), reward, terminated, truncated, info

    # ------------------------------------------------------------------ candidates
    def _propose(self) -> None:
        """Draw the k candidates for the oracle's current turn and shuffle them."""
        rng = self.np_random
        calls, final = self._oracle[self._pointer]
        oracle = render(calls, final)
        seen = {self._seen_key(calls, final)}
        chosen = [oracle]
        finals = [calls is None]
        kinds = ["args", "tool", "final"] if calls is not None else ["tool", "final"]
        for attempt in range(8 * self.k):
            if len(chosen) == self.k:
                break
            kind = kinds[attempt % len(kinds)] if attempt < 4 * self.k else "random"
            made = self._distractor(kind, calls, rng)
            if made is None:
                continue
            key = self._seen_key(*made)
            if key not in seen:
                seen.add(key)
                chosen.append(render(*made))
                finals.append(made[0] is None)
        n = 0
        while len(chosen) < self.k:  # only with a tiny catalog or pool: unique filler finals
            n += 1
            filler = f"Sorry, I can't do that ({n})."
            if filler not in chosen:
                chosen.append(filler)
                finals.append(True)
        order = rng.permutation(self.k)
        self._candidates = [chosen[i] for i in order]
        self._finals = [finals[i] for i in order]
        self._answer = int(np.flatnonzero(order == 0)[0])

    @staticmethod
    def _seen_key(calls: Calls | None, final: str) -> bytes:
        return _key(calls) if calls is not None else b"final:" + final.strip().lower().encode()

    def _distractor(
        self, kind: str, calls: Calls | None, rng: np.random.Generator
    ) -> tuple[Calls | None, str] | None:
        pools, known = self._pools, catalog()
        if kind == "final":
            if not pools.finals:
                return None
            text = _pick(rng, pools.finals)
            own = self.task.derived("admissible_finals", lambda: {f for c, f in self._oracle if c is None})
            # Another task's answer, never this task's own, and never one the checker would accept here
            # (phrase rules can accept another task's "it was deleted" for this one's): tried on a fork.
            if text in own or self.episode.fork().step(text)[1] > 0:
                return None
            return None, text
        if kind == "args":
            assert calls is not None
            with_args = [i for i, c in enumerate(calls) if c["arguments"]]
            if not with_args:
                return None
            i = _pick(rng, with_args)
            call = calls[i]
            arg = _pick(rng, self._decisive(call))
            current = _key(call["arguments"][arg])
            options = [v for v in pools.by_call.get((call["name"], arg), []) if _key(v) != current]
            options = options or [v for v in pools.by_name.get(arg, []) if _key(v) != current]
            value = _pick(rng, options) if options else _mutate(call["arguments"][arg], rng)
            wrong = [dict(c) for c in calls]
            wrong[i] = {"name": call["name"], "arguments": {**call["arguments"], arg: value}}
            return wrong, ""
        # Never a tool of any of the oracle's turns: calling a later turn's tool early with its arguments
        # can be a valid shortcut past a look-up the checker does not require.
        used = self.task.derived("admissible_tools", lambda: frozenset(self._oracle_tools()))
        if kind == "tool":
            names = [t for t in self.episode.tools if t not in used and t in known]
            if not names:
                return None
            name = _pick(rng, names)
            seen_args = pools.args.get(name)
            args = _pick(rng, seen_args) if seen_args else random_call([known[name]], rng)["arguments"]
            return [{"name": name, "arguments": args}], ""
        others = [spec for name, spec in known.items() if name not in used]
        return [random_call(others, rng)], ""  # "random": any other catalog tool, schema-valid arguments

    def _decisive(self, call: dict[str, Any]) -> list[str]:
        """The arguments of ``call`` worth getting wrong: those the task's gold checks (a gold call's or
        a hand-off's argument) or whose value it names, else
        the schema's required ones, else all. An optional argument (a timer's label, a block's reason)
        is often one the checker does not look at, and changing it would leave the turn right."""
        task = self.task
        gold = task.derived("admissible_gold", lambda: orjson.dumps(_norm(task.gold.model_dump())).decode())
        args, name = call["arguments"], call["name"]
        checked = {a for c in task.gold.calls or [] if c.name == name for a in c.arguments}
        rubric = task.gold.rubric
        if rubric is not None and name in rubric.routes:
            checked |= set(rubric.handoff)
        named = [a for a in sorted(args) if a in checked or (_needle(args[a]) and _needle(args[a]) in gold)]
        if named:
            return named
        spec = catalog().get(call["name"])
        required = set(spec.schema["function"]["parameters"].get("required", [])) if spec else set()
        return sorted(required & set(args)) or sorted(args)

    def _oracle_tools(self) -> set[str]:
        return {c["name"] for calls, _ in self._oracle for c in calls or []}

    # ------------------------------------------------------------------ views
    def _obs(self) -> dict[str, np.ndarray]:
        cands = np.zeros((self.k, self.dim), np.float32)
        for row, text, final in zip(cands, self._candidates, self._finals, strict=True):
            hash_into(row, ["__final__" if final else "__call__", *tokens(text)])
        turn = np.zeros(T_MAX + 1, np.float32)
        turn[min(self.episode.turns, T_MAX)] = 1.0
        return {
            "query": self._query.copy(),
            "feedback": self._feedback.copy(),
            "candidates": cands,
            "turn": turn,
        }

    def _info(self) -> dict[str, Any]:
        return {
            "task_id": self.task.id,
            "turn": self.episode.turns,
            "candidates": list(self._candidates),
            "oracle_index": self._answer,
        }
