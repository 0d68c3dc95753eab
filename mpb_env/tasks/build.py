"""Writing suites: helpers to declare tasks compactly, and the JSONL + checksum writer.

A suite module declares tasks with ``task(...)``; oracle turns are written with ``calls(...)``
(JSON list form) or ``hermes(...)`` (``<tool_call>`` blocks), so both action formats are exercised.
``write_suite(name, tasks)`` writes ``mpb_env/data/<name>.jsonl`` and ``<name>.sha256``; a test
rebuilds every suite and compares bytes, so the committed data never drifts from its source.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import orjson

from mpb_env.parsing import ToolCall, parse_turn
from mpb_env.tasks.model import Task

DATA = Path(__file__).resolve().parent.parent / "data"


def call(tool: str, /, **arguments: Any) -> dict[str, Any]:
    """One tool call; positional-only ``tool`` so that an argument may itself be called ``name``.

    >>> call("add_contact", name="Ivy", phone="+1 415 555 0175")
    {'name': 'add_contact', 'arguments': {'name': 'Ivy', 'phone': '+1 415 555 0175'}}
    """
    return {"name": tool, "arguments": arguments}


def calls(*cs: dict[str, Any]) -> str:
    """One oracle turn as a bare JSON call (one) or a JSON list (several)."""
    return orjson.dumps(cs[0] if len(cs) == 1 else list(cs)).decode()


def hermes(*cs: dict[str, Any], thought: str = "") -> str:
    """One oracle turn as Hermes/Qwen ``<tool_call>`` blocks, optionally after a thought."""
    blocks = "\n".join(f"<tool_call>{orjson.dumps(c).decode()}</tool_call>" for c in cs)
    return f"{thought}\n{blocks}" if thought else blocks


def contains(*phrases: str) -> dict[str, list[str]]:
    """A gold matcher for free text: every phrase must occur (case- and space-insensitive)."""
    return {"$contains": list(phrases)}


def any_of(*values: Any) -> dict[str, list[Any]]:
    return {"$any": list(values)}


def oracle_tools(oracle: list[str]) -> list[str]:
    """The distinct tool names an oracle calls, in first-use order (the task's gold tools)."""
    names: list[str] = []
    for text in oracle:
        for c in parse_turn(text).calls:
            if isinstance(c, ToolCall) and c.name not in names:
                names.append(c.name)
    return names


def task(**fields: Any) -> Task:
    """Build a validated task; ``gold_tools`` defaults to the tools its oracle calls. Free-text matchers
    of the gold are hardened (``mpb_env.tasks.freetext.harden``)."""
    from mpb_env.tasks.freetext import harden

    fields.setdefault("gold_tools", oracle_tools(fields["oracle"]))
    return harden(Task.model_validate(fields))


def suite_jsonl(tasks: list[Task]) -> bytes:
    ids = [t.id for t in tasks]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        raise ValueError(f"duplicate task ids: {sorted(dup)}")
    queries = [t.query for t in tasks]
    if len(set(queries)) != len(queries):
        raise ValueError("two tasks share a query string")
    return b"".join(
        orjson.dumps(t.model_dump(mode="json"), option=orjson.OPT_SORT_KEYS) + b"\n" for t in tasks
    )


def write_suite(name: str, tasks: list[Task], data_dir: Path = DATA) -> str:
    """Write ``<name>.jsonl`` and its checksum; returns the SHA-256."""
    raw = suite_jsonl(tasks)
    digest = hashlib.sha256(raw).hexdigest()
    (data_dir / f"{name}.jsonl").write_bytes(raw)
    (data_dir / f"{name}.sha256").write_text(f"{digest}  {name}.jsonl\n")
    return digest
