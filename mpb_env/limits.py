"""Bounds on what one turn may cost: action size, calls per turn, observation size, argument nesting.

``step()`` reads model output it cannot trust, so every cost it pays is bounded by a ``Limits`` value
(``Episode(..., limits=Limits(...))``, ``MobilePAEnv(..., limits=...)``):

* ``max_action_chars`` — an action (the assistant turn's text) longer than this is not parsed;
* ``max_calls_per_turn`` — a turn with more tool calls than this runs none of them;
* ``max_argument_depth`` — a call whose arguments nest deeper than this (the arguments object itself
  is depth 1) is refused before validation, so no validator, ``repr`` or tool body recurses on it;
* ``max_observation_bytes`` — an observation (UTF-8 JSON) longer than this is cut, with a marker that
  names the limit.

An action over a limit is an error observation naming the limit (``error_type`` ``"LimitExceeded"``)
and costs the turn, as malformed text does. The defaults fit T_max = 15 turns of a real model:
64K characters (about 16K tokens) per turn, 32 calls, 256 KB of feedback, arguments 32 deep (the
catalog's deepest argument schema is 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

LIMIT_EXCEEDED = "LimitExceeded"


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-turn bounds; each must be a positive int."""

    max_action_chars: int = 65_536
    max_calls_per_turn: int = 32
    max_observation_bytes: int = 262_144
    max_argument_depth: int = 32

    def __post_init__(self) -> None:
        for name in ("max_action_chars", "max_calls_per_turn", "max_observation_bytes", "max_argument_depth"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise ValueError(f"Limits.{name} must be a positive int, got {value!r}")
        if self.max_argument_depth > 200:
            raise ValueError("Limits.max_argument_depth must be at most 200 (orjson writes 255 levels)")
        if self.max_observation_bytes < 256:
            raise ValueError("Limits.max_observation_bytes must be at least 256 (room for the marker)")


DEFAULT_LIMITS = Limits()

_CONTAINERS = (dict, list, tuple)


def too_deep(value: Any, limit: int) -> bool:
    """Whether ``value`` nests dicts/lists/tuples more than ``limit`` deep (a container is depth 1).

    Iterative (an explicit stack, no recursion) and early-exiting: it visits each container at most
    once and stops at the first one past ``limit``, so it is linear in the size of ``value`` whatever
    its shape.

    >>> too_deep({"a": [1, {"b": 2}]}, 3), too_deep({"a": [1, {"b": 2}]}, 2)
    (False, True)
    """
    if type(value) not in _CONTAINERS:
        return False
    stack: list[tuple[Any, int]] = [(value, 1)]
    pop, push = stack.pop, stack.append
    while stack:
        node, depth = pop()
        if depth > limit:
            return True
        children = node.values() if isinstance(node, dict) else node
        for child in children:
            if isinstance(child, _CONTAINERS):
                push((child, depth + 1))
    return False


def type_name(value: Any) -> str:
    """``type(value).__name__``, or ``"object"`` when a hostile metaclass makes even that raise."""
    try:
        name = _TYPE_NAME.__get__(type(value))  # type's own descriptor: a metaclass cannot override it
    except Exception:
        return "object"
    return name if type(name) is str else "object"


_TYPE_NAME = type.__dict__["__name__"]


def cut_entry(entry: dict[str, Any], raw: bytes, room: int, limits: Limits) -> str:
    """One observation entry cut to about ``room`` UTF-8 bytes: its name, status and error type, its
    message (at most 1,000 characters) followed by a marker naming ``max_observation_bytes``, and as
    ``data`` the longest prefix of the data's JSON text that fits. An entry never shrinks below that
    skeleton, so an observation may pass the limit by a few hundred bytes per call cut."""
    marker = f" [truncated: the observation is over max_observation_bytes={limits.max_observation_bytes}]"
    name = entry.get("name")
    message = entry.get("message")
    message = message[:1000] if type(message) is str else ""
    out = {
        "name": name[:64] if type(name) is str else None,
        "status": entry.get("status"),
        "error_type": entry.get("error_type"),
        "message": message + marker,
        "data": None,
    }
    skeleton = orjson.dumps(out)
    spare = room - len(skeleton) - 2  # the two quotes around a data string
    if spare <= 0 or entry.get("data") is None:
        return skeleton.decode()
    try:
        text = orjson.dumps(entry["data"]).decode()
    except orjson.JSONEncodeError:
        return skeleton.decode()
    cut = text[:spare]
    for _ in range(32):  # each pass drops at least the overshoot; escaping makes a few passes needed
        out["data"] = cut
        dumped = orjson.dumps(out)
        over = len(dumped) - room
        if over <= 0 or not cut:
            return dumped.decode()
        cut = cut[: max(0, len(cut) - over)]
    out["data"] = None
    return skeleton.decode()
