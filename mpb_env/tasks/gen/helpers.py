"""Small builders shared by the ``fam_*`` template families: base-world lookups, S0 patches, gold delta
entries, rubrics and the words a final message uses. Calls themselves come from ``mpb_env.tasks.build``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from mpb_env.tasks.build import call, contains
from mpb_env.tasks.gen.core import Ctx
from mpb_env.world.generate import load_world


# --------------------------------------------------------------------------- the base world
def base() -> dict[str, Any]:
    """The tables of the base world every S0 patch starts from (size M)."""
    return load_world("M").tables


def app_name(app_id: str) -> str:
    return base()["apps"][app_id]["name"]


# --------------------------------------------------------------------------- S0 patches
def merge(*patches: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Several S0 patches as one (later rows of the same table and key win)."""
    out: dict[str, dict[str, Any]] = {}
    for p in patches:
        for table, rows in p.items():
            out.setdefault(table, {}).update(rows)
    return out


def s0_settings(values: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """An S0 patch giving settings new values (each row otherwise as in the base world)."""
    return {"settings": {k: {**(base()["settings"].get(k) or {}), "value": v} for k, v in values.items()}}


def revoked(app_id: str, permission: str) -> dict[str, dict[str, Any]]:
    """An S0 patch revoking ``permission`` from ``app_id`` (a permission block)."""
    app = base()["apps"][app_id]
    return {"apps": {app_id: {**app, "permissions": {**app["permissions"], permission: False}}}}


def offline(ctx: Ctx) -> tuple[dict[str, Any], dict[str, Any], str]:
    """An offline S0 (airplane mode, or Wi-Fi and mobile data off), the call that fixes it, and its story."""
    if ctx.choice(["airplane", "radios"]) == "airplane":
        patch = {"network.airplane_mode": {"value": True}, "network.wifi": {"value": False},
                 "network.wifi_connected": {"value": None}}  # fmt: skip
        return {"settings": patch}, call("set_airplane_mode", enabled=False), "airplane mode was on"
    patch = {"network.wifi": {"value": False}, "network.wifi_connected": {"value": None},
             "network.mobile_data": {"value": False}}  # fmt: skip
    return {"settings": patch}, call("set_wifi_enabled", enabled=True), "Wi-Fi and mobile data were off"


#: What going back online may update besides the task's own gold, whichever fix ``offline`` needs: the
#: radio settings (joining the saved network only stamps it, which is bookkeeping; nothing is created).
RECONNECT_UPDATES = {
    "settings": ["network.wifi", "network.wifi_connected", "network.mobile_data", "network.airplane_mode"]
}


# --------------------------------------------------------------------------- gold
def setting_delta(key: str, value: Any) -> dict[str, Any]:
    """Gold delta entry: setting ``key`` now has ``value``."""
    return {"table": "settings", "op": "update", "key": key, "fields": {"value": value}}


def granted_entry(app_id: str) -> dict[str, Any]:
    """Gold delta entry: ``app_id`` has its base-world permissions back."""
    perms = base()["apps"][app_id]["permissions"]
    return {"table": "apps", "op": "update", "key": app_id, "fields": {"permissions": {**perms}}}


def sms_delta(contact_id: str, keywords: list[str]) -> dict[str, Any]:
    """Gold delta entry: one outgoing SMS to ``contact_id`` containing ``keywords``."""
    return {"table": "messages", "op": "create",
            "fields": {"contact_id": contact_id, "direction": "out", "text": contains(*keywords)}}  # fmt: skip


def sms_call(contact_id: str, keywords: list[str]) -> dict[str, Any]:
    """Gold call: ``send_message`` to ``contact_id`` with a text containing ``keywords``."""
    return call("send_message", contact_id=contact_id, text=contains(*keywords))


def rubric(kind: str, *groups: list[str], forbid: bool = True) -> dict[str, Any]:
    """Gold for a behaviour task: the final message's kind and phrase groups (one of each must occur)."""
    return {
        "rubric": {"final_kind": kind, "must_include": [list(g) for g in groups], "forbid_mutations": forbid}
    }


# --------------------------------------------------------------------------- words and times
def hhmm_words(hhmm: str) -> str:
    """``"14:05"`` → ``"2:05 pm"``."""
    h, m = (int(x) for x in hhmm.split(":"))
    return f"{(h - 1) % 12 + 1}:{m:02d} {'am' if h < 12 else 'pm'}"


def shift(iso: str, minutes: int) -> str:
    """An ISO datetime moved by ``minutes``."""
    return (datetime.fromisoformat(iso) + timedelta(minutes=minutes)).isoformat(timespec="seconds")


def and_list(names: list[str]) -> str:
    """``["a", "b", "c"]`` → ``"a, b and c"``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def sentence(text: str) -> str:
    """A clause as a sentence: capitalised first letter and a full stop."""
    return text[0].upper() + text[1:] + "."
