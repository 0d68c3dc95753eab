"""Network & Connectivity: Wi-Fi, Bluetooth accessories, mobile data, hotspot, NFC and airplane mode.

Tables (this module owns and seeds the first three):
    wifi_networks: ``{ssid: {"ssid", "security": "open" | "wep" | "wpa2" | "wpa3" | "wpa2-enterprise",
        "signal": 0-100, "in_range": bool, "band", "saved": bool, "auto_join": bool, "password": str | None,
        "last_connected": str | None}}``. ``password`` is the network's real key (never shown by a tool);
        ``saved`` means the phone knows it. Core networks are hand-written (``MorganHome`` is joined);
        generated neighbours' networks and old saved hotspots follow.
    bluetooth_devices: ``{device_id: {"id", "name", "kind", "paired", "connected", "in_range",
        "battery": int | None, "last_connected": str | None}}``; ``kind`` is headphones, earbuds,
        speaker, car, keyboard, mouse, fitness_band, game_controller or tv. Core devices are
        ``bt_001``..``bt_008``; generated unpaired ones nearby follow (``bt_101``..). Only one audio
        device (headphones, earbuds, speaker, car) is connected at a time.
    data_usage: ``{app_id: {"app_id", "mobile_mb", "wifi_mb"}}`` for the current billing cycle; apps of
        the ``apps`` table (Apps & Storage) without a row used no data.
    settings (System Settings) keys used: ``network.wifi``, ``network.bluetooth``, ``network.mobile_data``,
        ``network.airplane_mode`` (defaults from system.py; calls.py reads them) plus, added here,
        ``network.wifi_connected`` (ssid or None), ``network.hotspot``, ``network.hotspot_ssid``,
        ``network.hotspot_password``, ``network.nfc_payment_app`` (an app ID of category "finance"),
        ``network.data_cycle_start`` and ``network.data_warning_mb``. NFC on/off is System Settings'
        ``device.nfc`` (the same key its control-center tile switches).

Rules: a radio's flags are read through its switch: a saved ``network.wifi_connected`` or a device's
``connected`` flag counts only while Wi-Fi / Bluetooth is on. As on Android, airplane mode turns the
cellular radio (calls, SMS, mobile data), Wi-Fi, Bluetooth and the hotspot off; Wi-Fi and Bluetooth may be
turned back on by hand while it is on. Entering it remembers which of Wi-Fi and Bluetooth were on
(the ``restore`` field of the ``network.airplane_mode`` settings record, a list, empty when absent;
a bookkeeping field, see ``world.stamps``); leaving it turns those back on (Wi-Fi rejoins
the best saved network), except a radio the user switched off during airplane mode, and keeps a radio the
user switched on during it. The hotspot is not restored. The hotspot needs mobile data and no airplane mode. Turning a radio off is
refused (Conflict) while a multi-screen session or a running device migration (Devices & Cross-device)
depends on it; casts simply end when Wi-Fi goes. These switch rules live once, in ``switch_wifi``,
``switch_bluetooth`` and ``switch_airplane_mode``, which System Settings' control-center tiles call too.
Every Bluetooth pair/unpair/connect/disconnect is written to the ``pairing_log`` table owned by
``devices.py`` (via ``log_pairing_event``); this module writes no other table of that module except by
calling ``end_wifi_casts``.
"""

from __future__ import annotations

import random
from typing import Any, Literal

from mpb_env.domains.devices import end_wifi_casts, log_pairing_event, radio_blockers
from mpb_env.errors import (
    AlreadyExists,
    Ambiguous,
    CapabilityLimit,
    Conflict,
    InvalidArguments,
    NotFound,
    PreconditionFailed,
)
from mpb_env.tools.runtime import Ok, ok, tool
from mpb_env.world.state import PhoneState, Record, Tables

DOMAIN = "Network & Connectivity"
#: Pairing and connecting Bluetooth devices needs BLUETOOTH_CONNECT (Android 13's NEARBY_DEVICES group).
NEARBY = ("assistant", "NEARBY_DEVICES")
SEED_ORDER = 52

UsageSort = Literal["mobile", "wifi", "total"]

AUDIO_KINDS = frozenset({"headphones", "earbuds", "speaker", "car"})
PAYMENT_CATEGORY = "finance"
NFC_KEY = "device.nfc"  # owned by System Settings (its NFC tile); read and written here
AIRPLANE_KEY = "network.airplane_mode"
MAX_LIMIT = 100
_BLOCKER_LABELS = {"multiscreen": "multi-screen session", "migration": "device migration"}

NETWORK_SETTINGS: dict[str, object] = {
    "network.wifi_connected": "MorganHome",
    "network.hotspot": False,
    "network.hotspot_ssid": "Alex's Phone",
    "network.hotspot_password": "harbor-lights-26",
    "network.nfc_payment_app": "wallet",
    "network.data_cycle_start": "2026-05-01",
    "network.data_warning_mb": 15000,
}

#: Value rules of this domain's settings keys, which automation rules (Time Management) are checked
#: against; the rule forms are described in time_mgmt.py. The joined network is the phone's own state.
SETTING_CHOICES: dict[str, Any] = {
    **{
        f"network.{r}": {"type": "bool"}
        for r in ("wifi", "bluetooth", "mobile_data", "airplane_mode", "hotspot")
    },
    "network.wifi_connected": {"read_only": True},
    "network.hotspot_ssid": {"type": "text", "min": 1, "max": 32},
    "network.hotspot_password": {
        "type": "text",
        "pattern": "[ -~]{8,63}",
        "hint": "8-63 printable ASCII characters",
    },
    "network.nfc_payment_app": {
        "type": "text",
        "table": "apps",
        "where": {"category": PAYMENT_CATEGORY},
        "nullable": True,
    },
    "network.data_cycle_start": {"type": "date"},
    "network.data_warning_mb": {"type": "int", "min": 0, "nullable": True},
}


# --------------------------------------------------------------------------- helpers
def _connected_ssid(s: PhoneState) -> str | None:
    return s.setting("network.wifi_connected") if s.setting("network.wifi", False) else None


def _wifi_row(rec: Record, connected: str | None) -> dict[str, Any]:
    row = {k: v for k, v in rec.items() if k != "password"}
    row["connected"] = rec["ssid"] == connected
    row["needs_password"] = rec["security"] != "open" and not rec["saved"]
    return row


def _network(s: PhoneState, ssid: str) -> Record:
    rec = s.get("wifi_networks", ssid)
    if rec is not None:
        return rec
    want = ssid.strip().casefold()
    hits = [r for r in s.values("wifi_networks") if r["ssid"].casefold() == want]
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1:
        raise Ambiguous(
            f"several networks are named like {ssid!r}; give the exact SSID",
            candidates=[{"ssid": r["ssid"], "security": r["security"]} for r in hits],
        )
    raise NotFound(f"no Wi-Fi network named {ssid!r}; list_wifi_networks shows the ones in range", ssid=ssid)


def _bt(s: PhoneState, device_id: str) -> Record:
    rec = s.get("bluetooth_devices", device_id)
    if rec is None:
        raise NotFound(
            f"no Bluetooth device with id {device_id!r}; list_bluetooth_devices(include_nearby=true) "
            "shows paired and nearby ones",
            device_id=device_id,
        )
    return rec


def _bt_on(s: PhoneState) -> bool:
    return bool(s.setting("network.bluetooth", False))


def _bt_row(rec: Record, bt_on: bool) -> dict[str, Any]:
    live = rec["connected"] and bt_on
    return {**rec, "connected": live, "battery": rec["battery"] if live else None}


def _require_on(s: PhoneState, key: str, label: str, what: str) -> None:
    if not s.setting(key, False):
        raise PreconditionFailed(
            f"{what} needs {label} on; turn it on first", setting=key, required=True, current=False
        )


def _refuse_blockers(s: PhoneState, radios: tuple[str, ...], what: str) -> None:
    seen: dict[str, dict[str, Any]] = {}
    for radio in radios:
        for b in radio_blockers(s, radio):
            seen.setdefault(b["id"], b)
    if seen:
        first = next(iter(seen.values()))
        raise Conflict(
            f"cannot {what}: the {_BLOCKER_LABELS.get(first['kind'], first['kind'])} {first['id']} depends on "
            f"it; end it with {first['remedy']} first",
            blockers=list(seen.values()),
        )


def _disconnect(s: PhoneState, rec: Record, why: str = "") -> Record:
    new = s.update("bluetooth_devices", rec["id"], connected=False, last_connected=s.now_iso())
    log_pairing_event(s, rec["id"], rec["name"], "bluetooth", "disconnect", why)
    return new


def _drop_bluetooth(s: PhoneState, why: str) -> list[str]:
    live = [d for d in s.values("bluetooth_devices") if d["connected"]]
    for d in live:
        _disconnect(s, d, why)
    return [d["id"] for d in live]


def _connect(s: PhoneState, rec: Record) -> tuple[Record, list[str]]:
    """Connect a paired device; a new audio device takes over from the connected one."""
    moved: list[str] = []
    if rec["kind"] in AUDIO_KINDS:
        others = [
            d
            for d in s.values("bluetooth_devices")
            if d["connected"] and d["kind"] in AUDIO_KINDS and d["id"] != rec["id"]
        ]
        for d in others:
            _disconnect(s, d, f"audio moved to {rec['name']}")
            moved.append(d["id"])
    new = s.update("bluetooth_devices", rec["id"], connected=True, last_connected=s.now_iso())
    log_pairing_event(s, rec["id"], rec["name"], "bluetooth", "connect")
    return new, moved


def _stop_hotspot(s: PhoneState) -> bool:
    if s.setting("network.hotspot", False):
        s.set_setting("network.hotspot", False)
        return True
    return False


def _go_offline_wifi(s: PhoneState) -> list[str]:
    s.set_setting("network.wifi", False)
    s.set_setting("network.wifi_connected", None)
    return end_wifi_casts(s)


def _restore_list(s: PhoneState) -> list[str]:
    """The radios leaving airplane mode turns back on."""
    rec = s.get("settings", AIRPLANE_KEY)
    return list((rec or {}).get("restore") or [])


def _set_airplane(s: PhoneState, enabled: bool, restore: list[str]) -> None:
    old = s.get("settings", AIRPLANE_KEY) or {}
    rec = {**old, "value": enabled}
    if restore or "restore" in old:
        rec["restore"] = restore
    s.put("settings", AIRPLANE_KEY, rec)


def _forget_restore(s: PhoneState, radio: str) -> None:
    """A radio switched off by hand in airplane mode stays off when airplane mode ends (Android keeps
    the user's last choice)."""
    restore = _restore_list(s)
    if radio in restore:
        _set_airplane(s, bool(s.setting(AIRPLANE_KEY, False)), [r for r in restore if r != radio])


# --------------------------------------------------------------------------- radio switches
# The rules of the three radio switches live here once: the tools below and System Settings'
# control-center tiles (set_quick_setting) both call these, so a tile tap behaves exactly like the tool.
def switch_airplane_mode(s: PhoneState, enabled: bool) -> list[str] | None:
    """Switch airplane mode; None if it already was so, else the radios and links cut (``[]`` when off).

    Raises Conflict when turning it on during a call, a multi-screen session or a running migration.
    """
    if bool(s.setting("network.airplane_mode", False)) == enabled:
        return None
    cut: list[str] = []
    if not enabled:
        restore = _restore_list(s)
        _set_airplane(s, False, [])
        if "wifi" in restore:
            switch_wifi(s, True)
        if "bluetooth" in restore:
            switch_bluetooth(s, True)
        return cut
    call = s.get("active_call", "current")
    if call is not None:
        raise Conflict(
            f"a call with {call.get('name') or call.get('phone')} is in progress; end it with end_call first",
            call_id=call.get("id"),
            remedy="end_call",
        )
    radios = tuple(r for r in ("wifi", "bluetooth") if s.setting(f"network.{r}", False))
    _refuse_blockers(s, radios, "turn on airplane mode")
    _set_airplane(s, True, list(radios))
    if s.setting("network.wifi", False):
        cut += ["wifi", *_go_offline_wifi(s)]
    if s.setting("network.bluetooth", False):
        cut += ["bluetooth", *_drop_bluetooth(s, "airplane mode")]
        s.set_setting("network.bluetooth", False)
    if _stop_hotspot(s):
        cut.append("hotspot")
    if s.setting("network.mobile_data", False):
        cut.append("mobile_data")
    return cut


def switch_wifi(s: PhoneState, enabled: bool) -> dict[str, Any] | None:
    """Switch Wi-Fi; None if it already was so, else ``{"joined", "stopped_casts"}``.

    On joins the strongest saved auto-join network in range; off forgets the connection and ends casts.
    Raises Conflict when turning it off while a multi-screen session or a running migration uses it.
    """
    if bool(s.setting("network.wifi", False)) == enabled:
        return None
    if not enabled:
        _refuse_blockers(s, ("wifi",), "turn Wi-Fi off")
        _forget_restore(s, "wifi")
        return {"joined": None, "stopped_casts": _go_offline_wifi(s)}
    s.set_setting("network.wifi", True)
    best = None
    for n in s.values("wifi_networks"):
        if n["saved"] and n["auto_join"] and n["in_range"] and (best is None or n["signal"] > best["signal"]):
            best = n
    joined = None
    if best is not None:
        joined = best["ssid"]
        s.set_setting("network.wifi_connected", joined)
        s.update("wifi_networks", joined, last_connected=s.now_iso())
    else:
        s.set_setting("network.wifi_connected", None)
    return {"joined": joined, "stopped_casts": []}


def switch_bluetooth(s: PhoneState, enabled: bool) -> list[str] | None:
    """Switch Bluetooth; None if it already was so, else the IDs of the devices it disconnected.

    Raises Conflict when turning it off while a multi-screen session uses it.
    """
    if bool(s.setting("network.bluetooth", False)) == enabled:
        return None
    dropped: list[str] = []
    if not enabled:
        _refuse_blockers(s, ("bluetooth",), "turn Bluetooth off")
        _forget_restore(s, "bluetooth")
        dropped = _drop_bluetooth(s, "Bluetooth turned off")
    s.set_setting("network.bluetooth", enabled)
    return dropped


def _status(s: PhoneState) -> dict[str, Any]:
    airplane = bool(s.setting("network.airplane_mode", False))
    ssid = _connected_ssid(s)
    net = s.get("wifi_networks", ssid) if ssid else None
    mobile = bool(s.setting("network.mobile_data", False))
    bt_on = bool(s.setting("network.bluetooth", False))
    live = [
        {"id": d["id"], "name": d["name"], "kind": d["kind"]}
        for d in s.values("bluetooth_devices")
        if d["connected"]
    ]
    return {
        "airplane_mode": airplane,
        "wifi": {
            "enabled": bool(s.setting("network.wifi", False)),
            "connected_ssid": ssid,
            "signal": net["signal"] if net else None,
        },
        "mobile_data": {"enabled": mobile, "active": mobile and not airplane},
        "bluetooth": {"enabled": bt_on, "connected_devices": live if bt_on else []},
        "hotspot": {
            "enabled": bool(s.setting("network.hotspot", False)),
            "ssid": s.setting("network.hotspot_ssid"),
        },
        "nfc": {
            "enabled": bool(s.setting(NFC_KEY, False)),
            "payment_app": s.setting("network.nfc_payment_app"),
        },
        "online": ssid is not None or (mobile and not airplane),
    }


# --------------------------------------------------------------------------- overview and airplane mode
@tool(DOMAIN)
def get_network_status(s: PhoneState) -> Ok:
    """Get the phone's connectivity at a glance: airplane mode, Wi-Fi, mobile data, Bluetooth, hotspot and NFC.

    Returns:
        ``{"airplane_mode", "wifi": {"enabled", "connected_ssid", "signal"}, "mobile_data": {"enabled",
        "active"}, "bluetooth": {"enabled", "connected_devices"}, "hotspot": {"enabled", "ssid"},
        "nfc": {"enabled", "payment_app"}, "online"}``.

    Raises:
        InvalidArguments: any argument is given (this tool takes none).
    """
    st = _status(s)
    where = f"Wi-Fi {st['wifi']['connected_ssid']}" if st["wifi"]["connected_ssid"] else "no Wi-Fi"
    return ok(
        f"{'Online' if st['online'] else 'Offline'} ({where}; airplane mode {'on' if st['airplane_mode'] else 'off'})",
        st,
    )


@tool(DOMAIN, mutates=True)
def set_airplane_mode(s: PhoneState, enabled: bool) -> Ok:
    """Turn airplane mode on (cellular, Wi-Fi, Bluetooth and hotspot go off) or off (the radios come back).

    Leaving airplane mode brings back cellular and whichever of Wi-Fi and Bluetooth were on before it
    (unless switched off since); Wi-Fi and Bluetooth may be turned on again while it is on
    (set_wifi_enabled, set_bluetooth_enabled), e.g. for in-flight Wi-Fi.

    Args:
        enabled: true to turn airplane mode on, false to turn it off, e.g. true.

    Returns:
        The network status after the change, ``turned_off`` (radios and links that were cut) and
        ``restored`` (radios turned back on when leaving airplane mode).

    Raises:
        Conflict: turning it on during a phone call, a multi-screen session or a running device
            migration.
    """
    restore = [] if enabled else _restore_list(s)
    cut = switch_airplane_mode(s, enabled)
    if cut is None:
        return ok(
            f"Airplane mode is already {'on' if enabled else 'off'}",
            {**_status(s), "turned_off": [], "restored": []},
        )
    back = [r for r in restore if s.setting(f"network.{r}", False)]
    note = f"; turned back on {', '.join(back)}" if back else ""
    return ok(
        f"Airplane mode {'on' if enabled else 'off'}{note}", {**_status(s), "turned_off": cut, "restored": back}
    )


# --------------------------------------------------------------------------- Wi-Fi
@tool(DOMAIN, mutates=True)
def set_wifi_enabled(s: PhoneState, enabled: bool) -> Ok:
    """Turn Wi-Fi on (it joins the strongest saved network in range) or off (casts to TVs end).

    Args:
        enabled: true to turn Wi-Fi on, false to turn it off, e.g. true.

    Returns:
        The network status after the change; ``joined`` is the SSID joined automatically, if any.

    Raises:
        Conflict: turning Wi-Fi off while a multi-screen session or a running device migration uses it.
    """
    effect = switch_wifi(s, enabled)
    if effect is None:
        return ok(f"Wi-Fi is already {'on' if enabled else 'off'}", {**_status(s), "joined": None})
    if not enabled:
        stopped = effect["stopped_casts"]
        note = f"; ended casts {', '.join(stopped)}" if stopped else ""
        return ok(f"Wi-Fi off{note}", {**_status(s), "joined": None, "stopped_casts": stopped})
    joined = effect["joined"]
    return ok(
        f"Wi-Fi on{f', joined {joined}' if joined else ', no saved network in range'}",
        {**_status(s), "joined": joined},
    )


@tool(DOMAIN)
def list_wifi_networks(s: PhoneState, saved_only: bool = False, limit: int = 30) -> Ok:
    """List Wi-Fi networks in range (strongest first), or every saved network.

    Args:
        saved_only: true lists the saved networks (in range or not, works with Wi-Fi off); false scans
            the networks in range, e.g. false.
        limit: Maximum number of networks returned (1-100), e.g. 20.

    Returns:
        Network records (ssid, security, signal, in_range, band, saved, auto_join, last_connected) plus
        ``connected`` and ``needs_password``; passwords are never shown.

    Raises:
        InvalidArguments: limit is outside 1..100.
        PreconditionFailed: scanning (saved_only false) while Wi-Fi is off.
    """
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidArguments(f"limit must be between 1 and {MAX_LIMIT}, got {limit}", field="limit")
    if not saved_only:
        _require_on(s, "network.wifi", "Wi-Fi", "scanning for networks")
    connected = _connected_ssid(s)
    rows = [n for n in s.values("wifi_networks") if (n["saved"] if saved_only else n["in_range"])]
    rows.sort(key=lambda n: (n["ssid"] != connected, not n["in_range"], -n["signal"], n["ssid"]))
    shown = [_wifi_row(n, connected) for n in rows[:limit]]
    more = f" (showing {limit})" if len(rows) > limit else ""
    return ok(f"{len(rows)} {'saved' if saved_only else 'networks in range'}{more}", shown)


@tool(DOMAIN, mutates=True)
def connect_wifi_network(s: PhoneState, ssid: str, password: str | None = None) -> Ok:
    """Join a Wi-Fi network in range; a secured network the phone has not saved needs its password.

    The network is saved after a successful join, so it is joined automatically later.

    Args:
        ssid: The network's name, e.g. "MorganHome-Guest".
        password: The network's password, e.g. "welcome-guests"; not needed for open or saved networks.

    Returns:
        The joined network (without its password) and the network status.

    Raises:
        NotFound: no network has this name.
        Ambiguous: several networks differ only in letter case from this name.
        PreconditionFailed: Wi-Fi is off, the network is out of range, or it is secured, not saved and no
            password was given.
        InvalidArguments: the password is wrong.
        CapabilityLimit: an enterprise network the phone has no saved credentials for.
    """
    _require_on(s, "network.wifi", "Wi-Fi", "joining a network")
    net = _network(s, ssid)
    name = net["ssid"]
    if not net["in_range"]:
        raise PreconditionFailed(f"{name} is not in range", ssid=name)
    if _connected_ssid(s) == name:
        return ok(f"Already connected to {name}", {"network": _wifi_row(net, name), "status": _status(s)})
    if net["security"] == "wpa2-enterprise" and not net["saved"]:
        raise CapabilityLimit(
            f"{name} is an enterprise network; it needs a certificate profile from its admin"
        )
    if net["security"] != "open" and net["security"] != "wpa2-enterprise":
        if password is None and not net["saved"]:
            raise PreconditionFailed(
                f"{name} is secured ({net['security']}); give its password",
                ssid=name,
                security=net["security"],
            )
        if password is not None and password != net["password"]:
            raise InvalidArguments(f"wrong password for {name}", field="password", ssid=name)
    rec = s.update("wifi_networks", name, saved=True, last_connected=s.now_iso())
    s.set_setting("network.wifi_connected", name)
    return ok(f"Connected to {name}", {"network": _wifi_row(rec, name), "status": _status(s)})


# --------------------------------------------------------------------------- mobile data, hotspot, NFC
@tool(DOMAIN, mutates=True)
def set_mobile_data_enabled(s: PhoneState, enabled: bool) -> Ok:
    """Turn mobile (cellular) data on or off; turning it off also stops the hotspot.

    Args:
        enabled: true to turn mobile data on, false to turn it off, e.g. false.

    Returns:
        The network status after the change.

    Raises:
        PreconditionFailed: turning mobile data on while airplane mode is on.
    """
    if enabled and s.setting("network.airplane_mode", False):
        raise PreconditionFailed(
            "mobile data cannot work in airplane mode; turn airplane mode off first",
            setting="network.airplane_mode",
            required=False,
            current=True,
        )
    stopped = False
    if not enabled:
        stopped = _stop_hotspot(s)
    s.set_setting("network.mobile_data", enabled)
    note = "; hotspot stopped" if stopped else ""
    return ok(f"Mobile data {'on' if enabled else 'off'}{note}", _status(s))


@tool(DOMAIN)
def get_app_data_usage(
    s: PhoneState, app_id: str | None = None, sort_by: UsageSort = "mobile", limit: int = 10
) -> Ok:
    """Get this billing cycle's data usage per installed app, heaviest first.

    Args:
        app_id: Only this app, e.g. "assistant"; every installed app when omitted.
        sort_by: Rank by "mobile", "wifi" or "total" megabytes, e.g. "mobile".
        limit: Maximum number of apps returned (1-100), e.g. 5.

    Returns:
        ``{"cycle_start", "warning_mb", "total_mobile_mb", "total_wifi_mb", "over_warning", "apps":
        [{"app_id", "name", "mobile_mb", "wifi_mb", "total_mb"}]}``.

    Raises:
        NotFound: app_id is not an installed app.
        InvalidArguments: limit is outside 1..100.
    """
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidArguments(f"limit must be between 1 and {MAX_LIMIT}, got {limit}", field="limit")
    if app_id is not None and s.get("apps", app_id) is None:
        raise NotFound(
            f"no installed app with id {app_id!r}; list_apps shows the installed ones", app_id=app_id
        )
    rows, tot_m, tot_w = s.unwritten_memo(
        "app_data_usage", ("apps", "data_usage"), sort_by, lambda: _data_usage_rows(s, sort_by)
    )
    if app_id is not None:
        rows = [r for r in rows if r["app_id"] == app_id]
    warning = s.setting("network.data_warning_mb")
    data = {
        "cycle_start": s.setting("network.data_cycle_start"),
        "warning_mb": warning,
        "total_mobile_mb": tot_m,
        "total_wifi_mb": tot_w,
        "over_warning": warning is not None and tot_m >= warning,
        "apps": [dict(r) for r in rows[:limit]],
    }
    return ok(f"{tot_m} MB mobile, {tot_w} MB Wi-Fi since {data['cycle_start']}", data)


def _data_usage_rows(s: PhoneState, sort_by: str) -> tuple[list[dict[str, Any]], Any, Any]:
    """Every installed app's data use this cycle, sorted by ``sort_by`` (largest first), and the
    mobile and Wi-Fi totals."""
    rows = []
    for app in s.values("apps"):
        use = s.get("data_usage", app["id"]) or {}
        m, w = use.get("mobile_mb", 0), use.get("wifi_mb", 0)
        rows.append(
            {"app_id": app["id"], "name": app["name"], "mobile_mb": m, "wifi_mb": w, "total_mb": m + w}
        )
    tot_m = sum(r["mobile_mb"] for r in rows)
    tot_w = sum(r["wifi_mb"] for r in rows)
    key = f"{sort_by}_mb"
    rows.sort(key=lambda r: (-r[key], r["app_id"]))
    return rows, tot_m, tot_w


@tool(DOMAIN, mutates=True)
def set_hotspot(
    s: PhoneState, enabled: bool | None = None, ssid: str | None = None, password: str | None = None
) -> Ok:
    """Turn the personal hotspot on or off and/or change its network name and password.

    Args:
        enabled: true to share mobile data over Wi-Fi, false to stop, e.g. true; unchanged when omitted.
        ssid: The hotspot's network name (1-32 characters), e.g. "Alex's Phone".
        password: The hotspot's WPA2 password (8-63 printable ASCII characters), e.g. "blue-ferry-88".

    Returns:
        ``{"enabled", "ssid", "password", "changed": [fields]}``.

    Raises:
        InvalidArguments: nothing to change was given, or the name or password is invalid.
        PreconditionFailed: turning it on while airplane mode is on or mobile data is off.
    """
    if enabled is None and ssid is None and password is None:
        raise InvalidArguments("give at least one of enabled, ssid or password")
    changes: dict[str, Any] = {}
    if ssid is not None:
        name = ssid.strip()
        if not 1 <= len(name) <= 32:
            raise InvalidArguments(f"hotspot name must be 1-32 characters, got {ssid!r}", field="ssid")
        changes["network.hotspot_ssid"] = name
    if password is not None:
        if not 8 <= len(password) <= 63 or not all(" " <= ch <= "~" for ch in password):
            raise InvalidArguments(
                "hotspot password must be 8-63 printable ASCII characters", field="password"
            )
        changes["network.hotspot_password"] = password
    if enabled:
        if s.setting("network.airplane_mode", False):
            raise PreconditionFailed(
                "the hotspot cannot run in airplane mode; turn airplane mode off first",
                setting="network.airplane_mode",
                required=False,
                current=True,
            )
        _require_on(s, "network.mobile_data", "mobile data", "the hotspot")
    if enabled is not None:
        changes["network.hotspot"] = enabled
    changed = []
    for key, value in changes.items():
        if s.setting(key) != value:
            s.set_setting(key, value)
            changed.append(key.removeprefix("network.hotspot_") if key != "network.hotspot" else "enabled")
    data = {
        "enabled": bool(s.setting("network.hotspot", False)),
        "ssid": s.setting("network.hotspot_ssid"),
        "password": s.setting("network.hotspot_password"),
        "changed": changed,
    }
    return ok(f"Hotspot {'on' if data['enabled'] else 'off'} ({data['ssid']})", data)


@tool(DOMAIN, mutates=True)
def set_nfc_enabled(s: PhoneState, enabled: bool, payment_app_id: str | None = None) -> Ok:
    """Turn NFC (tap to pay, tap to pair) on or off and optionally choose the default tap-to-pay app.

    Args:
        enabled: true to turn NFC on, false to turn it off, e.g. true.
        payment_app_id: An installed payment app to use for tap to pay, e.g. "wallet".

    Returns:
        ``{"enabled", "payment_app"}`` after the change.

    Raises:
        NotFound: payment_app_id is not an installed app.
        CapabilityLimit: the app cannot make contactless payments (it is not a finance app).
    """
    if payment_app_id is not None:
        app = s.get("apps", payment_app_id)
        if app is None:
            raise NotFound(
                f"no installed app with id {payment_app_id!r}; list_apps shows the installed ones",
                app_id=payment_app_id,
            )
        if app.get("category") != PAYMENT_CATEGORY:
            raise CapabilityLimit(f"{app['name']} cannot make contactless payments", app_id=payment_app_id)
        s.set_setting("network.nfc_payment_app", payment_app_id)
    s.set_setting(NFC_KEY, enabled)
    data = {"enabled": enabled, "payment_app": s.setting("network.nfc_payment_app")}
    return ok(f"NFC {'on' if enabled else 'off'} (tap to pay: {data['payment_app']})", data)


# --------------------------------------------------------------------------- Bluetooth
@tool(DOMAIN, mutates=True)
def set_bluetooth_enabled(s: PhoneState, enabled: bool) -> Ok:
    """Turn Bluetooth on or off; turning it off disconnects every Bluetooth device.

    Args:
        enabled: true to turn Bluetooth on, false to turn it off, e.g. true.

    Returns:
        The network status after the change and ``disconnected`` (device IDs).

    Raises:
        Conflict: turning Bluetooth off while a multi-screen session uses it.
    """
    dropped = switch_bluetooth(s, enabled)
    if dropped is None:
        return ok(f"Bluetooth is already {'on' if enabled else 'off'}", {**_status(s), "disconnected": []})
    return ok(f"Bluetooth {'on' if enabled else 'off'}", {**_status(s), "disconnected": dropped})


@tool(DOMAIN)
def list_bluetooth_devices(s: PhoneState, include_nearby: bool = False) -> Ok:
    """List paired Bluetooth devices (headphones, car, speaker, keyboard...) and optionally unpaired ones nearby.

    Args:
        include_nearby: Also scan for unpaired devices in pairing range (needs Bluetooth on), e.g. true.

    Returns:
        Device records (id, name, kind, paired, connected, in_range, battery, last_connected); battery is
        known only for connected devices.

    Raises:
        PreconditionFailed: include_nearby is true while Bluetooth is off.
    """
    if include_nearby:
        _require_on(s, "network.bluetooth", "Bluetooth", "scanning for nearby devices")
    bt_on = _bt_on(s)
    rows = [
        _bt_row(d, bt_on)
        for d in s.values("bluetooth_devices")
        if d["paired"] or (include_nearby and d["in_range"])
    ]
    rows.sort(key=lambda d: (not d["connected"], not d["paired"], d["name"].casefold(), d["id"]))
    return ok(f"{len(rows)} Bluetooth devices", rows)


@tool(DOMAIN, mutates=True, permission=NEARBY)
def pair_bluetooth_device(s: PhoneState, device_id: str) -> Ok:
    """Pair with a nearby Bluetooth device and connect to it.

    Args:
        device_id: The device's ID from list_bluetooth_devices, e.g. "bt_005".

    Returns:
        The paired device and ``disconnected`` (audio devices that handed over to it).

    Raises:
        NotFound: no Bluetooth device has this ID.
        AlreadyExists: the device is already paired.
        PreconditionFailed: Bluetooth is off, or the device is not in range.
        PermissionDenied: the Assistant lacks NEARBY_DEVICES (BLUETOOTH_CONNECT).
    """
    dev = _bt(s, device_id)
    if dev["paired"]:
        raise AlreadyExists(
            f"{dev['name']} is already paired; use connect_bluetooth_device", device_id=device_id
        )
    _require_on(s, "network.bluetooth", "Bluetooth", "pairing")
    if not dev["in_range"]:
        raise PreconditionFailed(f"{dev['name']} is not in range or not in pairing mode", device_id=device_id)
    paired = s.update("bluetooth_devices", device_id, paired=True)
    log_pairing_event(s, device_id, dev["name"], "bluetooth", "pair")
    rec, moved = _connect(s, paired)
    return ok(f"Paired and connected {dev['name']}", {"device": _bt_row(rec, True), "disconnected": moved})


@tool(DOMAIN, mutates=True, permission=NEARBY)
def connect_bluetooth_device(s: PhoneState, device_id: str) -> Ok:
    """Connect a paired Bluetooth device; a new audio device takes over from the connected one.

    Args:
        device_id: The device's ID, e.g. "bt_001".

    Returns:
        The connected device and ``disconnected`` (audio devices that handed over to it).

    Raises:
        NotFound: no Bluetooth device has this ID.
        PreconditionFailed: Bluetooth is off, the device is not paired, or it is not in range.
        PermissionDenied: the Assistant lacks NEARBY_DEVICES (BLUETOOTH_CONNECT).
    """
    dev = _bt(s, device_id)
    _require_on(s, "network.bluetooth", "Bluetooth", "connecting a device")
    if not dev["paired"]:
        raise PreconditionFailed(
            f"{dev['name']} is not paired; pair it with pair_bluetooth_device first",
            device_id=device_id,
            remedy="pair_bluetooth_device",
        )
    if not dev["in_range"]:
        raise PreconditionFailed(
            f"{dev['name']} is not in range (switched off or too far)", device_id=device_id
        )
    if dev["connected"]:
        return ok(f"{dev['name']} is already connected", {"device": _bt_row(dev, True), "disconnected": []})
    rec, moved = _connect(s, dev)
    return ok(f"Connected {dev['name']}", {"device": _bt_row(rec, True), "disconnected": moved})


@tool(DOMAIN, mutates=True)
def disconnect_bluetooth_device(s: PhoneState, device_id: str, forget: bool = False) -> Ok:
    """Disconnect a Bluetooth device, or forget (unpair) it.

    Args:
        device_id: The device's ID, e.g. "bt_001".
        forget: true also unpairs the device so it must be paired again before next use, e.g. false.

    Returns:
        The device record after the change.

    Raises:
        NotFound: no Bluetooth device has this ID.
        PreconditionFailed: the device is not connected (or, with forget, not paired).
    """
    dev = _bt(s, device_id)
    bt_on = _bt_on(s)
    if forget:
        if not dev["paired"]:
            raise PreconditionFailed(f"{dev['name']} is not paired", device_id=device_id)
        if dev["connected"] and bt_on:
            _disconnect(s, dev, "forgotten")
        rec = s.update("bluetooth_devices", device_id, paired=False, connected=False)
        log_pairing_event(s, device_id, dev["name"], "bluetooth", "unpair")
        return ok(f"Forgot {dev['name']}", _bt_row(rec, bt_on))
    if not (dev["connected"] and bt_on):
        raise PreconditionFailed(f"{dev['name']} is not connected", device_id=device_id)
    rec = _disconnect(s, dev)
    return ok(f"Disconnected {dev['name']}", _bt_row(rec, bt_on))


# --------------------------------------------------------------------------- world
# (ssid, security, signal, in_range, band, saved, auto_join, password, last_connected)
CORE_WIFI: list[tuple[str, str, int, bool, str, bool, bool, str | None, str | None]] = [
    ("MorganHome", "wpa2", 92, True, "5 GHz", True, True, "harbor-lights-42", "2026-05-20T06:30:00"),
    ("MorganHome-Guest", "wpa2", 88, True, "2.4 GHz", False, True, "welcome-guests", None),
    ("CarterFamily", "wpa2", 41, True, "2.4 GHz", False, True, "sunflower42", None),
    ("xfinitywifi", "open", 35, True, "2.4 GHz", False, True, None, None),
    ("Northwind-Corp", "wpa2-enterprise", 0, False, "5 GHz", True, True, None, "2026-05-19T17:20:00"),
    ("Northwind-Guest", "wpa2", 0, False, "5 GHz", True, False, "northwind-visitor", "2026-03-11T09:05:00"),
    ("Blue Bottle Coffee", "open", 0, False, "2.4 GHz", True, True, None, "2026-05-15T08:10:00"),
    ("SFO Free WiFi", "open", 0, False, "5 GHz", True, False, None, "2026-04-22T06:40:00"),
]  # fmt: skip

# (id, name, kind, paired, in_range, battery, last_connected)
CORE_BT: list[tuple[str, str, str, bool, bool, int | None, str | None]] = [
    ("bt_001", "Sony WH-1000XM5", "headphones", True, True, 80, "2026-05-19T08:55:00"),
    ("bt_002", "Pixel Buds Pro", "earbuds", True, True, 35, "2026-05-12T07:40:00"),
    ("bt_003", "Honda CR-V", "car", True, False, None, "2026-05-19T18:40:00"),
    ("bt_004", "JBL Flip 6", "speaker", True, True, 60, "2026-05-16T19:30:00"),
    ("bt_005", "Logitech K380 Keyboard", "keyboard", False, True, 90, None),
    ("bt_006", "Jordan's Beats Pill", "speaker", False, True, 70, None),
    ("bt_007", "Fitbit Charge 6", "fitness_band", True, True, 55, "2026-05-19T22:00:00"),
    ("bt_008", "Bose SoundLink Mini", "speaker", True, False, 40, "2026-04-30T12:15:00"),
]

# Data used this cycle (app_id, mobile_mb, wifi_mb): the system apps, Wallet and well-known apps of Apps &
# Storage (rows of apps that are not installed are ignored). Spotify is the top mobile-data user.
CORE_USAGE: list[tuple[str, int, int]] = [
    ("spotify", 2150, 3400),
    ("browser", 820, 2300),
    ("maps", 640, 120),
    ("whatsapp", 380, 900),
    ("phone", 12, 3),
    ("messages", 85, 40),
    ("contacts", 1, 2),
    ("mail", 310, 920),
    ("calendar", 14, 22),
    ("clock", 0, 1),
    ("assistant", 420, 1350),
    ("wallet", 18, 6),
]

_ROUTERS = ("NETGEAR", "TP-Link_", "ATT", "Linksys", "HOME-", "Verizon_", "ASUS_", "eero-", "Google-Wifi-")
_OLD_SPOTS = (
    "Peet's Guest",
    "Hilton Honors",
    "Marriott_Guest",
    "Public Library",
    "Equinox Members",
    "Airbnb",
    "Sightglass Coffee",
    "Caltrain WiFi",
    "Philz Coffee",
    "OAK Airport",
)
_BT_NEARBY = (
    ("Galaxy Buds2", "earbuds"),
    ("LE-Bose QC45", "headphones"),
    ("JBL Charge 5", "speaker"),
    ("[TV] Samsung 7 Series", "tv"),
    ("MX Master 3", "mouse"),
    ("Xbox Wireless Controller", "game_controller"),
    ("Sonos Roam", "speaker"),
    ("Garmin Venu", "fitness_band"),
)
_HEAVY_CATEGORIES = {
    "music": 4.0,
    "entertainment": 5.0,
    "social": 3.0,
    "navigation": 2.0,
    "games": 2.0,
    "news": 1.5,
    "communication": 1.5,
}
_WORDS = ("maple", "river", "cobalt", "sunny", "orbit", "pepper", "lotus", "canyon")


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    """Core networks, accessories and usage (identical at every scale) plus generated neighbours."""
    settings = tables.setdefault("settings", {})
    for key, value in NETWORK_SETTINGS.items():
        settings.setdefault(key, {"value": value})
    settings.setdefault(NFC_KEY, {"value": True})  # System Settings seeds it first; kept for safety
    apps = tables.setdefault("apps", {})
    apps.setdefault(
        "wallet",
        {
            "id": "wallet",
            "name": "Wallet",
            "package": "com.mobilepa.wallet",
            "category": PAYMENT_CATEGORY,
            "permissions": {"NOTIFICATIONS": True, "LOCATION": False},
            "size_mb": 64,
            "notifications": True,
            "running": False,
        },
    )

    wifi: dict[str, Record] = {}
    for ssid, sec, signal, in_range, band, saved, auto, pw, last in CORE_WIFI:
        wifi[ssid] = {
            "ssid": ssid,
            "security": sec,
            "signal": signal,
            "in_range": in_range,
            "band": band,
            "saved": saved,
            "auto_join": auto,
            "password": pw,
            "last_connected": last,
        }
    for _ in range(round(16 * scale)):
        while True:
            ssid = f"{rng.choice(_ROUTERS)}{rng.randrange(16**4):04X}"
            if ssid not in wifi:
                break
        sec = rng.choice(("wpa2", "wpa2", "wpa2", "wpa3", "open", "wep"))
        wifi[ssid] = {
            "ssid": ssid,
            "security": sec,
            "signal": rng.randint(5, 65),
            "in_range": True,
            "band": rng.choice(("2.4 GHz", "5 GHz")),
            "saved": False,
            "auto_join": True,
            "password": None if sec == "open" else f"{rng.choice(_WORDS)}{rng.randint(1000, 9999)}",
            "last_connected": None,
        }
    for i in range(round(12 * scale)):
        ssid = f"{_OLD_SPOTS[i % len(_OLD_SPOTS)]}{'' if i < len(_OLD_SPOTS) else f' {i // len(_OLD_SPOTS) + 1}'}"
        sec = rng.choice(("open", "open", "wpa2"))
        day = f"2026-0{rng.randint(1, 4)}-{rng.randint(1, 28):02d}T{rng.randint(7, 21):02d}:{rng.randint(0, 59):02d}:00"
        wifi[ssid] = {
            "ssid": ssid,
            "security": sec,
            "signal": 0,
            "in_range": False,
            "band": rng.choice(("2.4 GHz", "5 GHz")),
            "saved": True,
            "auto_join": rng.random() < 0.5,
            "password": None if sec == "open" else f"{rng.choice(_WORDS)}{rng.randint(1000, 9999)}",
            "last_connected": day,
        }
    tables["wifi_networks"] = wifi

    bt: dict[str, Record] = {}
    for did, name, kind, paired, in_range, battery, last in CORE_BT:
        bt[did] = {
            "id": did,
            "name": name,
            "kind": kind,
            "paired": paired,
            "connected": False,
            "in_range": in_range,
            "battery": battery,
            "last_connected": last,
        }
    for i in range(round(8 * scale)):
        base, kind = rng.choice(_BT_NEARBY)
        did = f"bt_{101 + i:03d}"
        bt[did] = {
            "id": did,
            "name": f"{base} ({rng.randrange(16**2):02X}{i})",
            "kind": kind,
            "paired": False,
            "connected": False,
            "in_range": rng.random() < 0.7,
            "battery": rng.choice((None, rng.randint(10, 100))),
            "last_connected": None,
        }
    tables["bluetooth_devices"] = bt

    usage: dict[str, Record] = {a: {"app_id": a, "mobile_mb": m, "wifi_mb": w} for a, m, w in CORE_USAGE}
    for app_id in sorted(apps):
        if app_id in usage or rng.random() < 0.3:
            continue
        weight = _HEAVY_CATEGORIES.get(apps[app_id].get("category", ""), 1.0)
        mobile = min(600, round(rng.expovariate(1 / 40) * weight))
        wifi_mb = round(rng.expovariate(1 / 150) * weight)
        usage[app_id] = {"app_id": app_id, "mobile_mb": mobile, "wifi_mb": wifi_mb}
    tables["data_usage"] = usage
