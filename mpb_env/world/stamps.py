"""Bookkeeping fields: the parts of a record that tools stamp on every write.

A change to these alone is no change at all: the state checker ignores it, and a write that changed
nothing else is a *no-op* (``PhoneState.commit`` reports it, the runtime flags the call
``changed: false``). The world layer owns the notion because both the runtime and the checkers use it.
"""

from __future__ import annotations

from typing import Any

#: Record fields that tools stamp on every write; never part of a gold delta ...
VOLATILE_FIELDS = frozenset({"created_at", "updated_at", "time", "history"})
#: ... except in the tables where the field is the user's own data (an alarm's time is not a stamp) ...
USER_DATA_FIELDS: dict[str, frozenset[str]] = {
    "alarms": frozenset({"time"}),
    "power_schedules": frozenset({"time"}),
}
#: ... and the stamps some tables have besides (joining a saved network stamps when it was last used;
#: airplane mode's settings record notes which radios to turn back on when it ends).
TABLE_STAMPS: dict[str, frozenset[str]] = {
    "wifi_networks": frozenset({"last_connected"}),
    "settings": frozenset({"restore"}),
}


_VOLATILE: dict[str, frozenset[str]] = {}  # table -> its stamps, built once (every write asks)
_MISSING: Any = object()


def volatile_fields(table: str) -> frozenset[str]:
    """The bookkeeping fields of ``table``'s records that an update may change unannounced.

    >>> sorted(volatile_fields("alarms")), "last_connected" in volatile_fields("wifi_networks")
    (['created_at', 'history', 'updated_at'], True)
    """
    out = _VOLATILE.get(table)
    if out is None:
        extra, user = TABLE_STAMPS.get(table, frozenset()), USER_DATA_FIELDS.get(table, frozenset())
        out = _VOLATILE[table] = (VOLATILE_FIELDS | extra) - user
    return out


def same_record(table: str, before: dict[str, Any] | None, after: dict[str, Any] | None) -> bool:
    """Are two versions of a record (``None``: absent) the same but for bookkeeping stamps?

    >>> same_record("settings", {"value": True, "updated_at": "a"}, {"value": True, "updated_at": "b"})
    True
    >>> same_record("alarms", {"time": "07:00"}, {"time": "07:30"}), same_record("t", None, {"v": 1})
    (False, False)
    """
    if before is None or after is None:
        return before is after
    if before is after or before == after:
        return True
    stamps = volatile_fields(table)
    for k, v in after.items():
        if k not in stamps and before.get(k, _MISSING) != v:
            return False
    return all(k in after or k in stamps for k in before)
