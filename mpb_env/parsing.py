"""Reading one assistant turn (the env's action text) as tool calls or a final message.

Accepted forms, which may not be mixed in one turn:

* Hermes / Qwen blocks: ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>``, any number, with
  free text around them (the text is kept as the turn's content).
* A bare JSON call ``{"name": ..., "arguments": ...}``, a JSON list of calls, an OpenAI-style
  ``{"type": "function", "function": {...}}`` or ``{"tool_calls": [...]}`` — the whole turn is JSON, or
  one fenced ```json block holds it.
* ``arguments`` is an object or a JSON string of one (as OpenAI returns it); ``parameters`` is
  accepted as a synonym.
* Anything else is plain text: the final message, which ends the episode.

A malformed call is never an exception: it becomes a ``CallError`` in the parsed list, rendered as an
error observation naming what is wrong, while the well-formed calls of the same turn still run.
Parsing is linear in the text (``str.find`` scans and patterns that cannot backtrack) and bounded by
``mpb_env.limits.Limits``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import orjson

from mpb_env.limits import DEFAULT_LIMITS, LIMIT_EXCEEDED, Limits, too_deep, type_name

_OPEN, _CLOSE = "<tool_call>", "</tool_call>"
#: The blocks ``_blocks`` reads, as a pattern (``rollouts.chat`` strips them with it). Linear: a match
#: starts only at ``<tool_call>`` and runs lazily to the first ``</tool_call>`` or the end.
_BLOCK = re.compile(r"<tool_call>(.*?)(?:</tool_call>|$)", re.S)
_SPACE = re.compile(r"\s*")
# Linear: an attempt at position p reads a quote, a keyword (at most 10 characters), a quote and then the
# whitespace run after it, and only the attempt that ends right before a run reads that run.
_CALL_KEY = re.compile(r"[\"'](name|function|tool_calls)[\"']\s*:")

#: Characters visited by the scans of ``parse_turn`` (finds, strips, JSON loads, the whitespace runs of
#: a fence): each scan adds the span it reads, so a test can check the total grows linearly with the
#: text. An int in a list, not a counter object: it is bumped on every turn that is not a bare call.
VISITED = [0]


def _find(text: str, needle: str, pos: int) -> int:
    at = text.find(needle, pos)
    VISITED[0] += (at + len(needle) if at >= 0 else len(text)) - pos
    return at


def _blocks(text: str) -> tuple[list[str], str]:
    """The bodies of ``<tool_call>`` blocks (a block left open runs to the end) and the text around
    them, in one left-to-right pass of ``str.find``."""
    bodies: list[str] = []
    rest: list[str] = []
    pos = 0
    while True:
        start = _find(text, _OPEN, pos)
        if start < 0:
            rest.append(text[pos:])
            break
        rest.append(text[pos:start])
        begin = start + len(_OPEN)
        end = _find(text, _CLOSE, begin)
        if end < 0:
            bodies.append(text[begin:])
            break
        bodies.append(text[begin:end])
        pos = end + len(_CLOSE)
    return bodies, "".join(rest)


def _fenced(stripped: str) -> str | None:
    """The body of a turn that is one fenced block, ```` ```json\n...\n``` ```` (``json`` optional),
    or None. ``stripped`` has no surrounding whitespace; the opening fence must end its line (spaces
    allowed) and the closing fence ends the text. No backtracking: one whitespace run is scanned."""
    if len(stripped) < 7 or stripped[:3] != "```" or stripped[-3:] != "```":
        return None
    head = 7 if stripped.startswith("json", 3) else 3
    run = _SPACE.match(stripped, head).end()
    VISITED[0] += run - head + 1
    if "\n" not in stripped[head:run] or run > len(stripped) - 3:
        return None
    VISITED[0] += len(stripped) - run
    return stripped[run:-3]


# Plain slotted dataclasses, not frozen ones: a frozen dataclass costs 2.5x as much to build, and a
# turn is parsed on every step. Treat them as read-only.
@dataclass(slots=True)
class ToolCall:
    name: str
    arguments: Any


@dataclass(slots=True)
class CallError:
    message: str
    error_type: str = "ParseError"


@dataclass(slots=True)
class Turn:
    """A parsed assistant turn: ``calls`` empty means ``content`` is the final message."""

    calls: tuple[ToolCall | CallError, ...]
    content: str

    @property
    def is_final(self) -> bool:
        return not self.calls


def _load(text: str) -> tuple[Any, str | None]:
    VISITED[0] += len(text)
    try:
        return orjson.loads(text), None
    except orjson.JSONDecodeError as exc:
        return None, f"invalid JSON ({exc})"


def _one(obj: Any) -> ToolCall | CallError:
    if not isinstance(obj, dict):
        return CallError(f"a tool call must be a JSON object, got {type(obj).__name__}")
    if "function" in obj and isinstance(obj["function"], dict):
        obj = obj["function"]
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        return CallError('a tool call needs a string "name"')
    args = obj.get("arguments", obj.get("parameters", {}))
    if isinstance(args, str):
        if not args.strip():
            args = {}
        else:
            args, err = _load(args)
            if err:
                return CallError(f'"arguments" of {name} is a string of {err}')
    if args is None:
        args = {}
    if not isinstance(args, dict):
        return CallError(f'"arguments" of {name} must be a JSON object, got {type(args).__name__}')
    return ToolCall(name, args)


def _calls_from_json(obj: Any) -> list[ToolCall | CallError] | None:
    """The calls a whole-turn JSON value holds, or None when it is not call-shaped at all."""
    if isinstance(obj, dict) and isinstance(obj.get("tool_calls"), list):
        return [_one(c) for c in obj["tool_calls"]]
    if isinstance(obj, dict) and ("name" in obj or "function" in obj):
        return [_one(obj)]
    if isinstance(obj, list) and any(isinstance(c, dict) and ("name" in c or "function" in c) for c in obj):
        return [_one(c) for c in obj]  # entries that are not calls become CallErrors; the calls still run
    return None


def parse_turn(text: Any, limits: Limits = DEFAULT_LIMITS) -> Turn:
    """Parse one assistant turn; never raises, and costs time linear in ``len(text)``.

    ``limits`` bounds the turn (see ``mpb_env.limits``): a text over ``max_action_chars``, more calls
    than ``max_calls_per_turn`` or arguments nested past ``max_argument_depth`` are ``CallError`` entries
    of type ``LimitExceeded`` naming the limit. A ``str`` subclass is read as the ``str`` it holds (its own
    ``__str__`` is never called); any other type is a ``CallError``.

    >>> parse_turn('{"name": "list_alarms", "arguments": {}}').calls
    (ToolCall(name='list_alarms', arguments={}),)
    >>> parse_turn('Done! Your alarm is set.').is_final
    True
    >>> parse_turn('<tool_call>{"name": "x", "arguments": "{bad"}</tool_call>').calls[0].message[:44]
    '"arguments" of x is a string of invalid JSON'
    >>> parse_turn("x" * 70_000).calls[0].message[:46]
    'the action is 70000 characters, over the limit'
    """
    if type(text) is not str:
        if not issubclass(type(text), str):  # not isinstance: a __class__ property can fake that
            return Turn((CallError(f"the action must be a str, got {type_name(text)}"),), "")
        text = str.__str__(text)  # an exact copy (numpy.str_, a Completion); orjson reads exact str only
    if len(text) > limits.max_action_chars:
        return _over(
            f"the action is {len(text)} characters, over the limit "
            f"max_action_chars={limits.max_action_chars}; nothing in it was run"
        )
    turn = _parse(text)
    calls = turn.calls
    if len(calls) > limits.max_calls_per_turn:
        return _over(
            f"the turn has {len(calls)} tool calls, over the limit "
            f"max_calls_per_turn={limits.max_calls_per_turn}; none of them was run"
        )
    depth = limits.max_argument_depth
    if any(type(c) is ToolCall and too_deep(c.arguments, depth) for c in calls):
        turn.calls = tuple(
            CallError(
                f"the arguments of {c.name} nest deeper than the limit max_argument_depth={depth}",
                LIMIT_EXCEEDED,
            )
            if type(c) is ToolCall and too_deep(c.arguments, depth)
            else c
            for c in calls
        )
    return turn


def _over(message: str) -> Turn:
    return Turn((CallError(message, LIMIT_EXCEEDED),), "")


def _parse(text: str) -> Turn:
    if text[:1] == "{" and text[-1:] == "}":  # fast path: one bare JSON call, the commonest turn
        try:
            obj = orjson.loads(text)
        except orjson.JSONDecodeError:
            obj = None
        if type(obj) is dict and "name" in obj:
            if len(obj) == 2:  # exactly "name" and "arguments", well-typed: nothing else to look at
                name, args = obj["name"], obj.get("arguments")
                if type(name) is str and name and type(args) is dict:
                    return Turn((ToolCall(name, args),), "")
            if "function" not in obj and "tool_calls" not in obj:
                return Turn((_one(obj),), "")  # the same call with a detail to check or report
    VISITED[0] += len(text)
    if _OPEN in text:
        calls: list[ToolCall | CallError] = []
        bodies, rest = _blocks(text)
        for body in bodies:
            obj, err = _load(body.strip())
            if err:
                calls.append(CallError(f"<tool_call> block is {err}"))
            else:
                found = _calls_from_json(obj)
                calls.extend(found if found is not None else [_one(obj)])
        VISITED[0] += len(rest)
        return Turn(tuple(calls), rest.strip())
    VISITED[0] += len(text)
    stripped = text.strip()
    fenced = _fenced(stripped) if stripped[:3] == "```" else None
    candidate = fenced.strip() if fenced is not None else stripped
    if candidate[:1] in "{[":
        obj, err = _load(candidate)
        if err is None:
            found = _calls_from_json(obj)
            if found:
                return Turn(tuple(found), "")
            if found is not None and isinstance(obj, dict) and isinstance(obj.get("content"), str):
                return Turn((), obj["content"].strip())  # {"content": ..., "tool_calls": []}: final message
        else:
            VISITED[0] += len(candidate)
            if candidate[:1] == "{" and _CALL_KEY.search(candidate):
                # It was meant as a call: report the JSON error instead of ending the episode.
                return Turn((CallError(f"tool call is {err}"),), "")
    return Turn((), stripped)
