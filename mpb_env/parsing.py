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
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import orjson

_BLOCK = re.compile(r"<tool_call>(.*?)(?:</tool_call>|$)", re.S)
_FENCE = re.compile(r"^\s*```(?:json)?\s*\n(.*?)\n?```\s*$", re.S)


# Plain slotted dataclasses, not frozen ones: a frozen dataclass costs 2.5x as much to build, and a
# turn is parsed on every step. Treat them as read-only.
@dataclass(slots=True)
class ToolCall:
    name: str
    arguments: Any


@dataclass(slots=True)
class CallError:
    message: str


@dataclass(slots=True)
class Turn:
    """A parsed assistant turn: ``calls`` empty means ``content`` is the final message."""

    calls: tuple[ToolCall | CallError, ...]
    content: str

    @property
    def is_final(self) -> bool:
        return not self.calls


def _load(text: str) -> tuple[Any, str | None]:
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


def parse_turn(text: Any) -> Turn:
    """Parse one assistant turn.

    >>> parse_turn('{"name": "list_alarms", "arguments": {}}').calls
    (ToolCall(name='list_alarms', arguments={}),)
    >>> parse_turn('Done! Your alarm is set.').is_final
    True
    >>> parse_turn('<tool_call>{"name": "x", "arguments": "{bad"}</tool_call>').calls[0].message[:44]
    '"arguments" of x is a string of invalid JSON'
    """
    if not isinstance(text, str):
        return Turn((CallError(f"the action must be a str, got {type(text).__name__}"),), "")
    if type(text) is not str:  # a subclass (numpy.str_, a Completion): orjson reads exact str only
        text = str(text)
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
    if "<tool_call>" in text:
        calls: list[ToolCall | CallError] = []
        for body in _BLOCK.findall(text):
            obj, err = _load(body.strip())
            if err:
                calls.append(CallError(f"<tool_call> block is {err}"))
            else:
                found = _calls_from_json(obj)
                calls.extend(found if found is not None else [_one(obj)])
        content = _BLOCK.sub("", text).strip()
        return Turn(tuple(calls), content)
    stripped = text.strip()
    fenced = _FENCE.match(stripped) if stripped[:3] == "```" else None
    candidate = fenced.group(1).strip() if fenced else stripped
    if candidate[:1] in "{[":
        obj, err = _load(candidate)
        if err is None:
            found = _calls_from_json(obj)
            if found:
                return Turn(tuple(found), "")
            if found is not None and isinstance(obj, dict) and isinstance(obj.get("content"), str):
                return Turn((), obj["content"].strip())  # {"content": ..., "tool_calls": []}: final message
        elif candidate[:1] == "{" and re.search(r"[\"'](name|function|tool_calls)[\"']\s*:", candidate):
            # It was meant as a call: report the JSON error instead of ending the episode.
            return Turn((CallError(f"tool call is {err}"),), "")
    return Turn((), stripped)
