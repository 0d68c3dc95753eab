"""Text spaces for the env: any unicode string in, any unicode string out.

gymnasium's ``spaces.Text`` defaults to an ``[A-Za-z0-9]`` charset and ``min_length=1``; chat text
needs neither restriction, so ``AnyText.contains`` accepts every ``str``. ``ToolCallText.sample()``
draws a valid random tool call (JSON) from a tool list, which is what ``check_env`` and the random
policy step with.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import orjson
from gymnasium import spaces
from gymnasium.error import CustomSpaceError
from gymnasium.vector.utils import batch_space, concatenate, create_empty_array, create_shared_memory, iterate

from mpb_env.tools.runtime import ToolSpec

#: Plausible string values for random calls: real IDs and formats from the phone world.
STRING_POOL = (
    "contact_001",
    "contact_003",
    "contact_009",
    "event_001",
    "alarm_001",
    "rule_001",
    "reminder_001",
    "mem_001",
    "messages",
    "calendar",
    "07:30",
    "22:00",
    "2026-05-21",
    "2026-05-21T10:00:00",
    "2026-05-21T11:00:00",
    "Chris",
    "Sam",
    "hello",
    "meeting notes",
    "+1 415 555 0199",
)


class AnyText(spaces.Text):
    """A text space whose members are all Python strings, of any length.

    ``max_length`` bounds only ``sample()`` (gymnasium's ``Text`` draws lengths up to it; the default
    keeps a sample of a thousand sub-envs' observations quick): the env's
    observations have no bound (a turn may hold any number of calls), nor do the actions it accepts.

    Not for shared memory: gymnasium stores a ``Text`` there as indices into its charset (this space has
    none) and reads it back once, at construction. ``AsyncVectorEnv`` over these envs therefore needs
    ``shared_memory=False`` (``gym.make_vec(..., vectorization_mode="async",
    vector_kwargs={"shared_memory": False})``); with the default it stops with gymnasium's error saying so.
    """

    def __init__(self, max_length: int = 4096, seed: int | np.random.Generator | None = None) -> None:
        super().__init__(max_length=max_length, min_length=0, seed=seed)

    def contains(self, x: Any) -> bool:
        return isinstance(x, str)

    def __repr__(self) -> str:
        return f"AnyText(max_length={self.max_length})"


@create_shared_memory.register(AnyText)
def _no_shared_memory(space: AnyText, n: int = 1, ctx: Any = None) -> Any:
    raise CustomSpaceError(
        f"{space!r} holds arbitrary text, which gymnasium cannot keep in shared memory; "
        "pass shared_memory=False to AsyncVectorEnv (vector_kwargs={'shared_memory': False} in make_vec)"
    )


class TextBatch(spaces.Space[np.ndarray]):
    """A batch of ``n`` texts as a 1-D ``np.ndarray(dtype=object)``: the vector env's spaces, and what
    gymnasium's ``batch_space`` makes of an ``AnyText`` (so ``SyncVectorEnv``, ``AsyncVectorEnv`` and the
    vector wrappers batch these texts the same way). ``sample()`` draws from the single space."""

    def __init__(self, single: AnyText, n: int, seed: int | np.random.Generator | None = None) -> None:
        self.single = single
        self.n = n
        super().__init__(shape=(n,), dtype=object, seed=seed)

    def sample(self, mask: Any = None, probability: Any = None) -> np.ndarray:
        out = np.empty(self.n, dtype=object)
        out[:] = [self.single.sample() for _ in range(self.n)]
        return out

    def contains(self, x: Any) -> bool:
        return isinstance(x, np.ndarray) and x.shape == (self.n,) and all(self.single.contains(v) for v in x)

    def seed(self, seed: int | None = None) -> int:
        """Seed the batch and, with the same seed, the single space ``sample()`` draws from."""
        used = super().seed(seed)
        self.single.seed(used)
        return used

    def __repr__(self) -> str:
        return f"TextBatch({self.single!r}, {self.n})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TextBatch) and other.n == self.n and type(other.single) is type(self.single)

    __hash__ = None  # type: ignore[assignment]


@batch_space.register(AnyText)
def _batch_text(space: AnyText, n: int = 1) -> TextBatch:
    return TextBatch(space, n)


@create_empty_array.register(AnyText)
def _empty_texts(space: AnyText, n: int = 1, fn: Any = None) -> np.ndarray:
    return np.full(n, "", dtype=object)


@concatenate.register(AnyText)
def _concatenate_texts(space: AnyText, items: Any, out: np.ndarray) -> np.ndarray:
    out[:] = list(items)
    return out


@iterate.register(TextBatch)
def _iterate_texts(space: TextBatch, items: Any) -> Any:
    return iter(items)


def _value(schema: dict[str, Any], rng: np.random.Generator) -> Any:
    if "enum" in schema:
        return schema["enum"][int(rng.integers(len(schema["enum"])))]
    kind = schema.get("type")
    if kind == "integer":
        return int(rng.integers(0, 120))
    if kind == "number":
        return float(np.round(rng.uniform(0, 100), 1))
    if kind == "boolean":
        return bool(rng.integers(2))
    if kind == "array":
        return [_value(schema.get("items", {"type": "string"}), rng) for _ in range(int(rng.integers(0, 3)))]
    if kind == "object":
        return {}
    return STRING_POOL[int(rng.integers(len(STRING_POOL)))]


def random_call(specs: Sequence[ToolSpec], rng: np.random.Generator) -> dict[str, Any]:
    """A schema-valid random call ``{"name", "arguments"}`` to one of ``specs``."""
    spec = specs[int(rng.integers(len(specs)))]
    params = spec.schema["function"]["parameters"]
    required = set(params.get("required", []))
    args = {
        k: _value(v, rng)
        for k, v in params.get("properties", {}).items()
        if k in required or rng.random() < 0.3
    }
    return {"name": spec.name, "arguments": args}


class ToolCallText(AnyText):
    """The action space: any text; ``sample()`` is a random valid tool call over ``specs``."""

    def __init__(self, specs: Sequence[ToolSpec], seed: int | np.random.Generator | None = None) -> None:
        super().__init__(seed=seed)
        self.specs = list(specs)

    def sample(self, mask: Any = None, probability: Any = None) -> str:
        return orjson.dumps(random_call(self.specs, self.np_random)).decode()
