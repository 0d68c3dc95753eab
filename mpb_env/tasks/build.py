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
from mpb_env.tool_search import SEARCH_TOOLS

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
    """The distinct tool names an oracle calls, in first-use order (the task's gold tools); the env's
    ``search_tools`` is never one."""
    names: list[str] = []
    for text in oracle:
        for c in parse_turn(text).calls:
            if isinstance(c, ToolCall) and c.name not in names and c.name != SEARCH_TOOLS:
                names.append(c.name)
    return names


def reachable_oracle(t: Task) -> list[str]:
    """``t``'s oracle as it plays under the env's default settings (BM25 top-N recall, ``search_tools``
    offered): before each turn that calls a catalog tool the action set A_t does not hold yet, a
    ``search_tools`` turn that finds it (one call per missing tool, the query its name's words). A_t is
    tracked by playing the oracle, so skill loads and the tools an error offers count. Oracles that
    need no search, and episodes without ``search_tools`` (Skill-Only Routing), come back unchanged."""
    from mpb_env.domains import catalog
    from mpb_env.episode import Episode
    from mpb_env.world.generate import load_world

    known = catalog()
    ep = Episode(load_world("M"), t, max_turns=len(t.oracle) * 2 + 1)
    out: list[str] = []
    for text in t.oracle:
        turn = parse_turn(text)
        missing = list(
            dict.fromkeys(
                c.name
                for c in turn.calls
                if isinstance(c, ToolCall) and c.name in known and c.name not in ep.allowed
            )
        )
        if missing and SEARCH_TOOLS in ep.allowed and not ep.done:
            search = calls(*(call(SEARCH_TOOLS, query=name.replace("_", " ")) for name in missing))
            ep.step(search)
            out.append(search)
        if not ep.done:
            ep.step(text)
        out.append(text)
    return out


def task(**fields: Any) -> Task:
    """Build a validated task; ``gold_tools`` defaults to the tools its oracle calls. Free-text matchers
    of the gold are hardened (``mpb_env.tasks.freetext.harden``), and the oracle gets the
    ``search_tools`` turns it needs under the default settings (``reachable_oracle``): the one place
    every stored task's oracle is finalised."""
    from mpb_env.tasks.freetext import harden

    fields.setdefault("gold_tools", oracle_tools(fields["oracle"]))
    t = harden(Task.model_validate(fields))
    oracle = reachable_oracle(t)
    return t if oracle == t.oracle else t.model_copy(update={"oracle": oracle})


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


class VersionConflict(ValueError):
    """A suite's bytes changed under a version name that already stands for other bytes."""


#: Versions published with scores against them: their bytes are frozen, ``--rehash`` included (a test
#: holds each to its recorded SHA-256). A version not listed here may still be rebuilt in place.
RELEASED_VERSIONS: frozenset[str] = frozenset({
    "bench-v0", "bench-v1", "dev-s0", "interaction-v1", "train-s0",
    "bench-v2", "dev-s1", "interaction-v2", "starter-v1", "train-s1",
})  # fmt: skip


def record_version(version: str, digest: str, data_dir: Path = DATA, rehash: bool = False) -> None:
    """Enter ``version → digest`` in ``versions.json``. A name already recorded with another hash is
    refused (a changed suite needs a new version name) unless ``rehash``, which is only for a version
    not yet released (e.g. rebuilding a new version after its golds moved again); a released one
    (``RELEASED_VERSIONS``) is refused even then."""
    path = data_dir / "versions.json"
    known: dict[str, str] = orjson.loads(path.read_bytes()) if path.exists() else {}
    if known.get(version, digest) != digest and version in RELEASED_VERSIONS:
        raise VersionConflict(
            f"{version} is released with sha256 {known[version][:12]}…, these bytes hash to {digest[:12]}…: "
            "a released suite is frozen; give the changed suite a new version name (and a CHANGELOG.md entry)"
        )
    if known.get(version, digest) != digest and not rehash:
        raise VersionConflict(
            f"{version} is recorded with sha256 {known[version][:12]}…, these bytes hash to {digest[:12]}…: "
            "a changed suite needs a new version name (and a CHANGELOG.md entry); for a version not yet "
            "released, rebuild with --rehash"
        )
    known[version] = digest
    path.write_bytes(orjson.dumps(known, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n")


def write_suite(name: str, tasks: list[Task], data_dir: Path = DATA, rehash: bool = False) -> str:
    """Write ``<name>.jsonl``, its checksum and its ``versions.json`` entry (``record_version``);
    returns the SHA-256. Every task of a suite carries the same version name."""
    names = {t.version for t in tasks}
    if len(names) != 1:
        raise ValueError(f"suite {name} mixes versions {sorted(names)}; one suite is one version")
    raw = suite_jsonl(tasks)
    digest = hashlib.sha256(raw).hexdigest()
    record_version(names.pop(), digest, data_dir, rehash)
    (data_dir / f"{name}.jsonl").write_bytes(raw)
    (data_dir / f"{name}.sha256").write_text(f"{digest}  {name}.jsonl\n")
    return digest
