"""Copy-on-write phone state: base world → task patch (S0) → per-env write layer.

* ``World`` is the base phone: ``{table: {key: record}}``, loaded once and never written.
* ``Patch`` is a task's S0 on top of it (records replaced, ``None`` = deleted), shared by every env
  of that task and never written after construction.
* ``PhoneState`` is one env's view: it owns only a write layer (``{table: {key: record | TOMBSTONE}}``),
  an operation log, per-env ID counters and a simulated clock. Reads fall through write → patch →
  base. ``reset()`` drops the write layer (O(1) in the world's size), ``fork()`` copies only it, and
  ``delta()`` — D_T − D_0 — is computed from it alone.

Records are plain dicts and are treated as immutable once stored: a write stores a *new* dict
(``update`` builds ``{**old, **changes}``), so layers can share records safely. Tool code that needs
to change a nested list builds a new list.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Iterator, Mapping
from datetime import datetime, timedelta
from typing import Any, TypeVar

import orjson

from mpb_env.world.stamps import same_record

Record = dict[str, Any]
Tables = dict[str, dict[str, Record]]
T = TypeVar("T")
#: Keys ``PhoneState.unwritten_memo`` keeps per name and patch (further ones are computed each time).
UNWRITTEN_MEMO_MAX = 256


class _Tombstone:
    __slots__ = ()

    def __repr__(self) -> str:
        return "TOMBSTONE"

    def __reduce__(self) -> str:
        return "TOMBSTONE"  # unpickles as this module's one instance: layers compare it with ``is``


TOMBSTONE: Any = _Tombstone()
_ISO: dict[tuple[datetime, int], str] = {}
_MISSING: Any = object()


_NO_ROWS: dict[str, Any] = {}


def _overlaid(base: dict[str, Record], overlay: dict[str, Any]) -> Iterator[tuple[str, Record]]:
    """``base``'s live rows with ``overlay`` (records or ``TOMBSTONE``) over them: base order first,
    then the overlay's new keys in its order."""
    for key, rec in base.items():
        over = overlay.get(key, _MISSING)
        if over is _MISSING:
            yield key, rec
        elif over is not TOMBSTONE:
            yield key, over
    for key, rec in overlay.items():
        if rec is not TOMBSTONE and key not in base:
            yield key, rec


def _d0_rows(base: dict[str, Record], patch: dict[str, Any]) -> tuple[Any, ...]:
    items = tuple(_overlaid(base, patch))
    return items, tuple(rec for _, rec in items)


class World:
    """The base phone world; never written after construction."""

    __slots__ = ("tables", "meta", "_digest")

    def __init__(self, tables: Tables, meta: Mapping[str, Any] | None = None) -> None:
        self.tables = tables
        self.meta = dict(meta or {})
        self._digest: str | None = None

    def digest(self) -> str:
        """SHA-256 of the canonical JSON of all tables (tests use it to prove the base is unwritten)."""
        return hashlib.sha256(orjson.dumps(self.tables, option=orjson.OPT_SORT_KEYS)).hexdigest()

    def size_bytes(self) -> int:
        return len(orjson.dumps(self.tables))


class Patch:
    """A task's initial-state layer S0: ``{table: {key: record | None}}`` (``None`` deletes)."""

    __slots__ = ("tables", "_derived")

    def __init__(self, tables: Mapping[str, Mapping[str, Record | None]] | None = None) -> None:
        self.tables: dict[str, dict[str, Any]] = {
            t: {k: (TOMBSTONE if r is None else r) for k, r in rows.items()}
            for t, rows in (tables or {}).items()
        }
        self._derived: dict[Any, Any] = {}

    def derived(self, key: Any, build: Any) -> Any:
        """A value derived from this patch (e.g. a search index over it), built by ``build()`` on first
        use and kept as long as the patch; the patch is never written, so it stays valid."""
        value = self._derived.get(key)
        if value is None:
            value = self._derived[key] = build()
        return value

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the derived values: a copy builds its own."""
        return {"tables": self.tables}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.tables = state["tables"]
        self._derived = {}


EMPTY_PATCH = Patch()


class PhoneState:
    """One env's state S_t = <D_t, O_t> over a shared world and patch.

    Args:
        world: the shared base world.
        patch: the task's S0 layer (shared, read-only).
        now: the simulated clock's start, ISO 8601 (the task sets it).
    """

    __slots__ = (
        "world",
        "patch",
        "writes",
        "log",
        "counters",
        "start",
        "ticks",
        "_journal",
        "_saved_counters",
        "fault_tally",
    )

    def __init__(self, world: World, patch: Patch = EMPTY_PATCH, now: str = "2026-05-20T09:00:00") -> None:
        self.world = world
        self.patch = patch
        self.start = datetime.fromisoformat(now)
        self.writes: dict[str, dict[str, Any]] = {}
        self.log: list[dict[str, Any]] = []
        self.counters: dict[str, int] = {}
        self.ticks = 0
        self._journal: list[tuple[str, str, Any]] | None = None
        self._saved_counters: dict[str, int] = {}
        #: The runtime's running count of calls per tool over ``log`` (see ``tools.runtime._attempts``).
        self.fault_tally: tuple[list[dict[str, Any]], int, dict[str, int]] | None = None

    # ----------------------------------------------------------------- lifecycle
    def reset(self, patch: Patch | None = None, now: str | None = None) -> None:
        """Drop every write: back to S0 in O(1)."""
        if patch is not None:
            self.patch = patch
        if now is not None:
            self.start = datetime.fromisoformat(now)
        self.writes = {}
        self.log = []
        self.counters = {}
        self.ticks = 0
        self._journal = None

    def fork(self) -> PhoneState:
        """A branch that shares world and patch and copies only this env's writes."""
        other = PhoneState.__new__(PhoneState)
        other.world = self.world
        other.patch = self.patch
        other.start = self.start
        other.writes = {t: dict(rows) for t, rows in self.writes.items()}
        other.log = list(self.log)
        other.counters = self.counters  # never written in place (see new_id): safe to share
        other.ticks = self.ticks
        other._journal = None
        other._saved_counters = {}
        other.fault_tally = None
        return other

    # ----------------------------------------------------------------- reads
    def _below(self, table: str, key: str) -> Any:
        """The D_0 value of a record (patch over base), or ``_MISSING``."""
        rows = self.patch.tables.get(table)
        if rows is not None:
            rec = rows.get(key, _MISSING)
            if rec is not _MISSING:
                return _MISSING if rec is TOMBSTONE else rec
        base = self.world.tables.get(table)
        return _MISSING if base is None else base.get(key, _MISSING)

    def get(self, table: str, key: str) -> Record | None:
        """The current record, or ``None``. Treat the result as read-only."""
        rows = self.writes.get(table)
        if rows is not None:
            rec = rows.get(key, _MISSING)
            if rec is not _MISSING:
                return None if rec is TOMBSTONE else rec
        rec = self._below(table, key)
        return None if rec is _MISSING else rec

    def has(self, table: str, key: str) -> bool:
        return self.get(table, key) is not None

    def scan(self, table: str) -> Iterator[tuple[str, Record]]:
        """Every live ``(key, record)`` of a table: base order first, then new keys in write order."""
        base = self.world.tables.get(table, _NO_ROWS)
        writes = self.writes.get(table)
        patch = self.patch.tables.get(table)
        if writes:
            return _overlaid(base, {**patch, **writes} if patch else writes)
        if not patch:
            return iter(base.items())
        return iter(self._d0(table, base, patch)[0])

    def values(self, table: str) -> Iterator[Record]:
        """Every live record of a table, in ``scan`` order."""
        base = self.world.tables.get(table, _NO_ROWS)
        writes = self.writes.get(table)
        patch = self.patch.tables.get(table)
        if writes:
            return (rec for _, rec in _overlaid(base, {**patch, **writes} if patch else writes))
        if not patch:
            return iter(base.values())
        return iter(self._d0(table, base, patch)[1])

    def _d0(self, table: str, base: dict[str, Record], patch: dict[str, Any]) -> tuple[Any, ...]:
        """A table's live D_0 rows (patch over base) as ``(items, values)`` tuples: an unwritten table
        is then iterated at C speed. Only tables a task's S0 touches get one, and those are small."""
        return self.d0_derived(f"rows:{table}", (table,), lambda: _d0_rows(base, patch))

    def d0_derived(self, name: str, tables: tuple[str, ...], build: Callable[[], T]) -> T:
        """``build()``, a value derived from the D_0 of ``tables`` (the base world's tables under the
        task's patch, whatever this state has written since), built once and kept on the patch under
        ``name``. Keyed by the base tables' identity (a patch may serve several worlds) and holding
        them, so the ids stay unique."""
        base = tuple(self.world.tables.get(t) for t in tables)
        _held, value = self.patch.derived((name, *map(id, base)), lambda: (base, build()))
        return value

    def unwritten_memo(self, name: str, tables: tuple[str, ...], key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, kept on the task's patch under ``(name, key)`` while this state has written
        none of ``tables``: a read over them then depends only on the base world, the patch and its
        arguments (``key``), so a task played again does not redo it. Once the episode writes one of
        them, ``compute()`` runs every time. At most ``UNWRITTEN_MEMO_MAX`` keys are kept per name and
        patch; the caller must not mutate what it gets back."""
        if any(self.writes.get(t) for t in tables):
            return compute()
        memo: dict[Hashable, Any] = self.d0_derived(name, tables, dict)
        value = memo.get(key, _MISSING)
        if value is _MISSING:
            value = compute()
            if len(memo) < UNWRITTEN_MEMO_MAX:
                memo[key] = value
        return value

    def count(self, table: str) -> int:
        if not self.writes.get(table) and not self.patch.tables.get(table):
            return len(self.world.tables.get(table, _NO_ROWS))
        return sum(1 for _ in self.scan(table))

    def setting(self, key: str, default: Any = None) -> Any:
        """Shorthand for the ``settings`` table, whose records are ``{"value": ...}``."""
        rec = self.get("settings", key)
        return default if rec is None else rec["value"]

    # ----------------------------------------------------------------- writes
    def _write(self, table: str, key: str, value: Any) -> None:
        rows = self.writes.get(table)
        if rows is None:
            rows = self.writes[table] = {}
        if self._journal is not None:
            self._journal.append((table, key, rows.get(key, _MISSING)))
        rows[key] = value

    def put(self, table: str, key: str, record: Record) -> Record:
        """Create or replace a record (the dict is stored as given; do not mutate it afterwards)."""
        self._write(table, key, record)
        return record

    def update(self, table: str, key: str, **changes: Any) -> Record:
        """Replace a record by a copy with ``changes`` applied; raises KeyError if it does not exist."""
        old = self.get(table, key)
        if old is None:
            raise KeyError(f"{table}/{key}")
        new = {**old, **changes}
        self._write(table, key, new)
        return new

    def delete(self, table: str, key: str) -> Record:
        """Delete a record (a tombstone in the write layer); raises KeyError if it does not exist."""
        old = self.get(table, key)
        if old is None:
            raise KeyError(f"{table}/{key}")
        self._write(table, key, TOMBSTONE)
        return old

    def set_setting(self, key: str, value: Any) -> None:
        old = self.get("settings", key)
        self.put("settings", key, {**(old or {}), "value": value})

    # ----------------------------------------------------------------- transactions
    def begin(self) -> None:
        """Start journalling writes so a failed tool call can be rolled back."""
        self._journal = []
        self._saved_counters = self.counters  # new_id replaces the dict, so this is a snapshot

    def commit(self) -> bool:
        """End the transaction; returns whether it changed anything: ``False`` for a *no-op*, whose
        every write left its record as it was but for bookkeeping stamps (``stamps.same_record``)."""
        journal, self._journal = self._journal, None
        if not journal:
            return False
        if len(journal) == 1:  # the common point write
            return self._changed(*journal[0])
        seen: set[tuple[str, str]] = set()
        for table, key, prev in journal:  # a record's first entry holds its value before the call
            if (table, key) not in seen:
                seen.add((table, key))
                if self._changed(table, key, prev):
                    return True
        return False

    def _changed(self, table: str, key: str, prev: Any) -> bool:
        """Is the record now different from ``prev`` (its write-layer value before the transaction,
        ``_MISSING`` when the layer had none) but for stamps?"""
        if prev is _MISSING:
            prev = self._below(table, key)
        after = self.writes[table][key]
        if after is prev:
            return False
        before = None if prev is _MISSING or prev is TOMBSTONE else prev
        return not same_record(table, before, None if after is TOMBSTONE else after)

    def rollback(self) -> None:
        """Undo every write since ``begin()``; counters roll back too (IDs stay deterministic)."""
        if self._journal is None:  # no open transaction: nothing to undo
            return
        journal, self._journal = self._journal, None
        self.counters = self._saved_counters
        for table, key, prev in reversed(journal):
            rows = self.writes[table]
            if prev is _MISSING:
                del rows[key]
            else:
                rows[key] = prev

    # ----------------------------------------------------------------- ids and clock
    def new_id(self, prefix: str) -> str:
        """A fresh deterministic ID such as ``contact_n001`` (``n`` marks it as made in this episode)."""
        n = self.counters.get(prefix, 0) + 1
        self.counters = {**self.counters, prefix: n}  # a new dict: begin() and fork() share the old one
        return f"{prefix}_n{n:03d}"

    def now(self) -> datetime:
        """The simulated clock: the task's start plus one second per executed tool call."""
        return self.start + timedelta(seconds=self.ticks)

    def now_iso(self) -> str:
        """``now()`` as ISO 8601 seconds; memoised per (start, tick), since every logged call asks."""
        key = (self.start, self.ticks)
        text = _ISO.get(key)
        if text is None:
            if len(_ISO) > 200_000:
                _ISO.clear()
            text = _ISO[key] = self.now().isoformat(timespec="seconds")
        return text

    def tick(self) -> None:
        self.ticks += 1

    # ----------------------------------------------------------------- delta
    def delta(self) -> dict[str, dict[str, dict[str, Any]]]:
        """D_T − D_0 from the write layer alone.

        Returns ``{table: {key: {"op": "create"|"update"|"delete", "before", "after", "changed"}}}``;
        writes that left a record equal to its D_0 value do not appear.
        """
        out: dict[str, dict[str, dict[str, Any]]] = {}
        for table, rows in self.writes.items():
            for key, new in rows.items():
                old = self._below(table, key)
                if new is TOMBSTONE:
                    if old is _MISSING:
                        continue
                    entry = {"op": "delete", "before": old, "after": None, "changed": {}}
                elif old is _MISSING:
                    entry = {"op": "create", "before": None, "after": new, "changed": dict(new)}
                else:
                    fields = [*new, *(f for f in old if f not in new)]  # record order, not set order
                    changed = {f: new.get(f) for f in fields if new.get(f) != old.get(f)}
                    if not changed:
                        continue
                    entry = {"op": "update", "before": old, "after": new, "changed": changed}
                out.setdefault(table, {})[key] = entry
        return out

    def materialize(self) -> Tables:
        """The full current tables as plain dicts (for tests and debugging; scans everything)."""
        names = list(self.world.tables) + [
            t for t in (*self.patch.tables, *self.writes) if t not in self.world.tables
        ]
        return {t: dict(self.scan(t)) for t in dict.fromkeys(names)}
