"""Policies: a batch of observations (with their infos) in, a batch of assistant turns out.

A policy serves a fixed number of *slots* (parallel episodes). The executor calls
``reset(slot, info)`` when an episode starts in a slot (``info`` is ``Episode.start_info()``: task id,
dimension, messages, tool schemas, recall, and ``tool_format`` in a run of ``tool_format="compact"``,
whose system message lists the tools; cut to the policy's ``info_keys``, below) and then
``act(observations, infos)`` once per step for a batch of slots. Entry ``i`` of the batch belongs to
slot ``infos[i].get("slot", i)``; ``infos[i]`` is the latest info of that slot (the start info
before the first step, then the step's info, which carries ``"tools"`` whenever the action set
changed). Each returned string is one assistant turn: tool calls as JSON or plain text, which is the
final message.

The executors isolate failures (``runner.call_policy``): an ``act`` that raises or returns the wrong
number of actions is called again with each slot of the batch alone, once, and only the slots that
fail alone end (``policy_error``); an entry of the returned list that is an exception instance fails
that slot alone; a ``reset`` that raises ends that episode. So a policy that keeps per-slot state
must take a repeated call for the same slot and turn (``info["turn"]``, absent before the first
step) as the same call: the built-in ones do.

A policy may name the info keys it reads in ``info_keys`` (see ``policy_info_keys``); the executors
then hand it infos with only those keys and ``task_id``, ``turn`` (step infos) and ``slot`` (infos
given to ``act`` by ``run``), which is what makes the Ray executor cheap for a policy that does not
read the chat ``messages`` or the tool schemas: infos are most of what crosses from the actors to the
driver.

Built in (``make_policy(spec, tasks, seed)``):

* ``"oracle"``: replays the task's ``oracle`` turns in order (found by ``info["task_id"]``).
* ``"null"``: ends at once with a short plain message; every task that needs an action fails.
* ``"random"``: each turn, with probability 0.2 a short final message, else one schema-valid random
  call over the slot's *current* action set; deterministic per (seed, task id).
* ``"openai:MODEL"``: a chat model on an OpenAI-compatible server (``mpb_env.rollouts.chat``).
* ``"hf:PATH"``: a ``transformers`` causal LM run in-process (``mpb_env.rollouts.hf``).
"""

from __future__ import annotations

import contextlib
import inspect
import zlib
from collections.abc import Collection, Iterable, Iterator, Mapping
from types import SimpleNamespace
from typing import Any, Protocol, runtime_checkable

import numpy as np
import orjson

from mpb_env.domains import catalog
from mpb_env.envs.spaces import random_call
from mpb_env.tasks.model import Task, episodes
from mpb_env.user import ASK_USER, ASK_USER_SCHEMA

__all__ = [
    "NullPolicy",
    "OraclePolicy",
    "Policy",
    "RandomPolicy",
    "make_policy",
    "policy_info_keys",
    "policy_label",
    "POLICY_NAMES",
    "ALWAYS_IN_INFO",
]

POLICY_NAMES = ("oracle", "null", "random", "openai:MODEL", "hf:PATH")
#: ``ask_user`` as ``random_call`` sees a tool (a name and a schema; it is not in the phone's catalog).
_ASK_USER_SPEC = SimpleNamespace(name=ASK_USER, schema=ASK_USER_SCHEMA)
NULL_MESSAGE = "I can't help with that."
#: Closing messages the random policy picks from (one refusal, one answer, one question).
RANDOM_FINALS = ("I can't help with that.", "Done.", "Could you tell me more about what you need?")
RANDOM_FINAL_P = 0.2
#: Info keys a policy always receives, whatever its ``info_keys`` (the executors add ``slot``).
ALWAYS_IN_INFO = frozenset({"task_id", "turn"})


@runtime_checkable
class Policy(Protocol):
    """What every executor drives: ``reset`` per episode start, ``act`` per batched step."""

    def reset(self, slot: int, info: dict[str, Any]) -> None:
        """An episode starts in ``slot``; ``info`` is the episode's start info."""
        ...

    def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        """One assistant turn per batch entry, in batch order. May be ``async def`` instead: the
        executors await the coroutine (one batched call per round either way).

        A policy may also carry a ``label`` string naming it and its settings (``"random(seed=3)"``):
        a run records it, and resuming the run with a different label is refused. And it may carry
        ``info_keys``, the info keys it reads (see ``policy_info_keys``)."""
        ...


def policy_info_keys(policy: Any) -> frozenset[str] | None:
    """The info keys ``policy`` names in its ``info_keys`` attribute (e.g. ``("tools",)``), or ``None``
    (every key) when it has none or it is ``None``. Start infos and step infos alike are cut to these
    keys and ``ALWAYS_IN_INFO`` (``runner.info_view``), in-process and on Ray, so a policy sees the same
    infos whichever executor runs it.

    Raises:
        TypeError: ``info_keys`` is not ``None`` or a collection of strings (a one-shot iterator such
            as a generator is refused too: it would be empty at the next run).
    """
    keys = getattr(policy, "info_keys", None)
    if keys is None:
        return None
    named = None
    if isinstance(keys, Collection) and not isinstance(keys, (str, bytes, Iterator)):
        with contextlib.suppress(TypeError):  # holds something unhashable: named stays None
            named = frozenset(keys)
    if named is None or not all(isinstance(k, str) for k in named):
        raise TypeError(f"policy.info_keys must be None or a collection of str, got {keys!r}")
    return named


def policy_label(policy: Any) -> str:
    """What a run records of its policy (``out/run.json``; a resumed run must match it): the policy's
    ``label`` attribute when it has one (the built-ins do, e.g. ``"random(seed=3)"``), else its class."""
    label = getattr(policy, "label", None)
    return label if isinstance(label, str) else f"{type(policy).__module__}.{type(policy).__qualname__}"


def _slot(infos: list[dict[str, Any]], i: int) -> int:
    return int(infos[i].get("slot", i))


class OraclePolicy:
    """Replays each task's ``oracle`` turns in order; the last one is the final message.

    Args:
        index: task id → task, skill variants (``<id>@SOR``, ``<id>@MTSR``) included.
    """

    label = "oracle"
    info_keys = ()  # finds the task by task_id

    def __init__(self, index: Mapping[str, Task]) -> None:
        self.index = index
        self._turns: dict[int, list[str]] = {}

    def reset(self, slot: int, info: dict[str, Any]) -> None:
        task_id = info["task_id"]
        task = self.index.get(task_id)
        if task is None:
            raise KeyError(f"the oracle policy has no task {task_id!r}")
        self._turns[slot] = list(task.oracle)

    def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        out: list[str] = []
        for i in range(len(observations)):
            turns = self._turns[_slot(infos, i)]
            pos = int(infos[i].get("turn", 0))  # turns played so far: a repeated call repeats the turn
            # Past the end (a broken oracle that never ends): close the episode with a plain message.
            out.append(turns[pos] if pos < len(turns) else "Done.")
        return out


class NullPolicy:
    """Ends every episode at once with a short plain message (the floor every task must beat)."""

    label = "null"
    info_keys = ()

    def __init__(self, message: str = NULL_MESSAGE) -> None:
        self.message = message

    def reset(self, slot: int, info: dict[str, Any]) -> None:
        return None

    def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        return [self.message] * len(observations)


class RandomPolicy:
    """Random valid calls over the current action set, ending with probability 0.2 per turn.

    The RNG of a slot is re-seeded at every episode start from ``(seed, crc32(task_id))``, so a
    trajectory depends only on the seed and the task — not on the slot, the batch layout, the executor
    (local or Ray) or which episodes ran before.

    Args:
        seed: the base seed, e.g. 0.
    """

    info_keys = ("tools",)  # the action set, and task_id for the RNG

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.label = f"random(seed={seed})"
        self._rng: dict[int, np.random.Generator] = {}
        self._specs: dict[int, list[Any]] = {}
        self._last: dict[int, tuple[Any, str]] = {}  # slot -> (turn, action): a repeated call repeats it

    def reset(self, slot: int, info: dict[str, Any]) -> None:
        task_key = zlib.crc32(str(info.get("task_id", "")).encode())
        self._rng[slot] = np.random.default_rng([self.seed, task_key])
        self._specs[slot] = self._from_schemas(info.get("tools", []))
        self._last.pop(slot, None)

    @staticmethod
    def _from_schemas(schemas: Iterable[dict[str, Any]]) -> list[Any]:
        """The offered tools ``random_call`` draws from: catalog tools, and ``ask_user`` where offered."""
        known = catalog()
        names = (s.get("function", {}).get("name") for s in schemas)
        return [known.get(n, _ASK_USER_SPEC) for n in names if n in known or n == ASK_USER]

    def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        out: list[str] = []
        for i in range(len(observations)):
            slot = _slot(infos, i)
            turn = infos[i].get("turn")
            last = self._last.get(slot)
            if last is not None and last[0] == turn:
                out.append(last[1])
                continue
            if "tools" in infos[i]:
                self._specs[slot] = self._from_schemas(infos[i]["tools"])
            rng, specs = self._rng[slot], self._specs[slot]
            if not specs or rng.random() < RANDOM_FINAL_P:
                action = RANDOM_FINALS[int(rng.integers(len(RANDOM_FINALS)))]
            else:
                action = orjson.dumps(random_call(specs, rng)).decode()
            self._last[slot] = (turn, action)
            out.append(action)
        return out


def canonical_spec(spec: str) -> str:
    """A policy spec as ``make_policy`` reads it: trimmed, the name or ``openai:``/``hf:`` prefix in lower
    case, the model id as given (hub ids and paths are case-sensitive).

    >>> canonical_spec(" Random "), canonical_spec("OpenAI:Qwen/Qwen3-8B")
    ('random', 'openai:Qwen/Qwen3-8B')
    """
    spec = spec.strip()
    prefix, sep, model = spec.partition(":")
    return f"{prefix.lower()}{sep}{model}" if sep else spec.lower()


def make_policy(
    spec: str, tasks: Iterable[Task], seed: int = 0, chat: Mapping[str, Any] | None = None
) -> Policy:
    """Build a policy from its command-line spec: ``oracle`` | ``null`` | ``random`` | ``openai:MODEL`` |
    ``hf:PATH``.

    Args:
        spec: the policy name; ``openai:MODEL`` asks ``MODEL`` on an OpenAI-compatible server
            (``chat.ChatPolicy``); ``hf:PATH`` runs a hub id or checkpoint in-process (``hf.HFPolicy``).
        tasks: the tasks it will play (the oracle looks its turns up here; skill tasks are expanded).
        seed: the random policy's seed, and the base of a model policy's request or sampling seeds.
        chat: keyword settings of ``ChatPolicy`` or ``HFPolicy`` (``base_url``, ``temperature``, ...).

    Raises:
        ValueError: unknown spec or a bad chat setting (one line, naming the choices).
    """
    name = canonical_spec(spec)
    prefix, _, model = name.partition(":")
    if name == "oracle":
        base = list(tasks)
        return OraclePolicy({t.id: t for t in [*base, *episodes(base)]})
    if name == "null":
        return NullPolicy()
    if name == "random":
        return RandomPolicy(seed)
    if prefix == "openai" and name != prefix:
        from mpb_env.rollouts.chat import ChatPolicy

        return _model_policy(ChatPolicy, model, seed, chat)
    if prefix == "hf" and name != prefix:
        from mpb_env.rollouts.hf import HFPolicy

        return _model_policy(HFPolicy, model, seed, chat)
    raise ValueError(f"unknown policy {spec!r}; choose one of {', '.join(POLICY_NAMES)}")


def _model_policy(cls: Any, model: str, seed: int, chat: Mapping[str, Any] | None) -> Policy:
    """``cls(model, seed=seed, **chat)`` (``model`` from the spec ``prefix:MODEL``); a setting ``cls`` does not take
    is a ``ValueError`` naming the ones it does (not a ``TypeError`` from the call)."""
    settings = dict(chat or {})
    known = set(inspect.signature(cls).parameters) - {"model", "seed"}
    unknown = sorted(set(settings) - known)
    if unknown:
        raise ValueError(
            f"{cls.__name__} has no setting {', '.join(unknown)} (the seed is make_policy's own); "
            f"choose from {', '.join(sorted(known))}"
        )
    return cls(model, seed=seed, **settings)  # type: ignore[no-any-return]
