"""System Settings: the settings tree every domain reads, plus control center, device, layout and updates.

Tables:
    settings: ``{key: {"value": ...}}`` with dotted keys, e.g. ``"dnd.enabled"``, ``"sound.mode"``.
        Read with ``PhoneState.setting(key)`` and write with ``PhoneState.set_setting(key, value)``;
        automation rules (Time Management) and skills toggle these across domains. This domain adds
        ``device.*`` (name, model, OS version, storage size, flashlight, auto-rotate, NFC),
        ``battery.*`` readings (level, charging, health, capacity, cycles), ``system.region``,
        ``system.date_format``, ``system.time_24h``, ``system.auto_timezone`` and ``wallpaper.home`` /
        ``wallpaper.lock``. Free storage is ``storage.free_mb`` (``DEFAULT_FREE_MB`` while unset).
    control_center: ``{tile_id: {"id", "label", "setting", "position"}}`` — the quick-settings tiles
        shown in the control center, ``position`` 1..n; each tile switches one boolean setting
        (``TILES``), e.g. ``"wifi"`` → ``network.wifi``.
    home_screen: ``{page_id: {"id", "index", "items": [item]}}``; pages are ordered by ``index`` (1..n)
        and an item is ``{"type": "app", "app_id"}`` or ``{"type": "folder", "id", "name",
        "app_ids": [app_id]}``. App IDs refer to the ``apps`` table (Apps & Storage); icons of apps that
        are no longer installed are not shown and are dropped when their page is next written.
    wallpapers: ``{wallpaper_id: {"id", "name", "category", "live"}}``; the ones in use are the
        settings ``wallpaper.home`` and ``wallpaper.lock``. Core ``wallpaper_001``..``006``, generated
        ``wallpaper_101``.. .
    system_updates: ``{update_id: {"id", "version", "title", "size_mb", "released",
        "status": "available" | "downloaded" | "installed", "downloaded_at", "installed_at"}}``; the
        running version is the setting ``device.os_version``. ``update_003`` (15.3) is available.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any, Literal, get_args

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

DOMAIN = "System Settings"
SEED_ORDER = 0

DEFAULT_SETTINGS: dict[str, object] = {
    "dnd.enabled": False,
    "dnd.allow_calls_from": "favorites",
    "sound.mode": "ring",
    "volume.media": 60,
    "volume.ring": 80,
    "volume.alarm": 70,
    "display.brightness": 70,
    "display.dark_mode": False,
    "display.auto_brightness": True,
    "network.wifi": True,
    "network.bluetooth": False,
    "network.mobile_data": True,
    "network.airplane_mode": False,
    "system.language": "en-US",
    "system.timezone": "America/Los_Angeles",
    "battery.power_saving": False,
}

#: Settings this domain adds on top of DEFAULT_SETTINGS (its own prefixes).
EXTRA_SETTINGS: dict[str, object] = {
    "device.name": "Alex's Phone",
    "device.model": "Nova 8 Pro",
    "device.os_version": "15.2",
    "device.storage_total_mb": 128_000,
    "device.flashlight": False,
    "device.auto_rotate": True,
    "device.nfc": True,
    "battery.level": 58,
    "battery.charging": False,
    "battery.health": "good",
    "battery.capacity_pct": 92,
    "battery.cycle_count": 318,
    "system.region": "US",
    "system.date_format": "MM/DD/YYYY",
    "system.time_24h": False,
    "system.auto_timezone": True,
    "wallpaper.home": "wallpaper_001",
    "wallpaper.lock": "wallpaper_002",
}

DEFAULT_FREE_MB = 41_250
SAVER_KEY = "battery.power_saving"
DARK_KEY = "display.dark_mode"
MIN_INSTALL_BATTERY = 30
MIN_FLASHLIGHT_BATTERY = 5
MAX_DEVICE_NAME = 32
MAX_TILES = 10
MAX_PAGES = 5
MAX_PAGE_ITEMS = 20
MAX_FOLDER_APPS = 16

Tile = Literal[
    "wifi",
    "bluetooth",
    "mobile_data",
    "airplane_mode",
    "dnd",
    "dark_mode",
    "flashlight",
    "battery_saver",
    "auto_rotate",
    "auto_brightness",
    "nfc",
]
#: Every quick-settings tile the phone offers: id -> (label, boolean setting it switches).
TILES: dict[str, tuple[str, str]] = {
    "wifi": ("Wi-Fi", "network.wifi"),
    "bluetooth": ("Bluetooth", "network.bluetooth"),
    "mobile_data": ("Mobile data", "network.mobile_data"),
    "airplane_mode": ("Airplane mode", "network.airplane_mode"),
    "dnd": ("Do Not Disturb", "dnd.enabled"),
    "dark_mode": ("Dark theme", "display.dark_mode"),
    "flashlight": ("Flashlight", "device.flashlight"),
    "battery_saver": ("Battery Saver", "battery.power_saving"),
    "auto_rotate": ("Auto-rotate", "device.auto_rotate"),
    "auto_brightness": ("Adaptive brightness", "display.auto_brightness"),
    "nfc": ("NFC", "device.nfc"),
}
DEFAULT_TILES: tuple[str, ...] = (
    "wifi",
    "bluetooth",
    "dnd",
    "flashlight",
    "airplane_mode",
    "dark_mode",
    "battery_saver",
    "auto_rotate",
)

WallpaperCategory = Literal["nature", "city", "abstract", "minimal", "space"]
Screen = Literal["home", "lock", "both"]
DateFormat = Literal["MM/DD/YYYY", "DD/MM/YYYY", "YYYY-MM-DD", "DD.MM.YYYY"]
Section = Literal[
    "display", "sound", "volume", "dnd", "network", "system", "battery", "wallpaper", "control_center"
]

#: Supported system languages: BCP 47 code -> display name.
LANGUAGES: dict[str, str] = {
    "en-US": "English (United States)",
    "en-GB": "English (United Kingdom)",
    "es-ES": "Spanish (Spain)",
    "es-MX": "Spanish (Mexico)",
    "fr-FR": "French (France)",
    "fr-CA": "French (Canada)",
    "de-DE": "German (Germany)",
    "it-IT": "Italian (Italy)",
    "pt-BR": "Portuguese (Brazil)",
    "nl-NL": "Dutch (Netherlands)",
    "ja-JP": "Japanese (Japan)",
    "ko-KR": "Korean (South Korea)",
    "zh-CN": "Chinese (Simplified)",
    "zh-TW": "Chinese (Traditional)",
    "hi-IN": "Hindi (India)",
}
_LANG_BY_KEY: dict[str, str] = {
    **{c.casefold(): c for c in LANGUAGES},
    **{n.casefold(): c for c, n in LANGUAGES.items()},
}

#: Supported regions: ISO 3166 code -> (name, default date format, default 24-hour clock).
REGIONS: dict[str, tuple[str, str, bool]] = {
    "US": ("United States", "MM/DD/YYYY", False),
    "CA": ("Canada", "YYYY-MM-DD", False),
    "MX": ("Mexico", "DD/MM/YYYY", False),
    "BR": ("Brazil", "DD/MM/YYYY", True),
    "GB": ("United Kingdom", "DD/MM/YYYY", True),
    "FR": ("France", "DD/MM/YYYY", True),
    "DE": ("Germany", "DD.MM.YYYY", True),
    "ES": ("Spain", "DD/MM/YYYY", True),
    "IT": ("Italy", "DD/MM/YYYY", True),
    "NL": ("Netherlands", "DD/MM/YYYY", True),
    "IN": ("India", "DD/MM/YYYY", False),
    "JP": ("Japan", "YYYY-MM-DD", True),
    "KR": ("South Korea", "YYYY-MM-DD", False),
    "CN": ("China", "YYYY-MM-DD", True),
    "AU": ("Australia", "DD/MM/YYYY", False),
}

#: Selectable time zones: IANA name -> city names and aliases that also select it.
TIMEZONES: dict[str, tuple[str, ...]] = {
    "America/Los_Angeles": ("Los Angeles", "San Francisco", "Seattle", "Pacific Time"),
    "America/Denver": ("Denver", "Mountain Time"),
    "America/Phoenix": ("Phoenix",),
    "America/Chicago": ("Chicago", "Central Time"),
    "America/New_York": ("New York", "Boston", "Miami", "Eastern Time"),
    "America/Anchorage": ("Anchorage",),
    "Pacific/Honolulu": ("Honolulu",),
    "America/Toronto": ("Toronto",),
    "America/Mexico_City": ("Mexico City",),
    "America/Sao_Paulo": ("Sao Paulo",),
    "Europe/London": ("London",),
    "Europe/Paris": ("Paris",),
    "Europe/Berlin": ("Berlin",),
    "Europe/Madrid": ("Madrid",),
    "Asia/Kolkata": ("Kolkata", "Mumbai", "New Delhi"),
    "Asia/Singapore": ("Singapore",),
    "Asia/Shanghai": ("Shanghai", "Beijing"),
    "Asia/Seoul": ("Seoul",),
    "Asia/Tokyo": ("Tokyo",),
    "Australia/Sydney": ("Sydney",),
    "UTC": ("Coordinated Universal Time", "GMT"),
}
_TZ_BY_KEY: dict[str, str] = {
    name.casefold(): tz
    for tz, aliases in TIMEZONES.items()
    for name in (tz, tz.rsplit("/", 1)[-1].replace("_", " "), *aliases)
}

#: Hardware readings that restore_default_settings never touches.
_READINGS = frozenset(
    {"battery.level", "battery.charging", "battery.health", "battery.capacity_pct", "battery.cycle_count"}
)
_FACTORY: dict[str, object] = {**DEFAULT_SETTINGS, **EXTRA_SETTINGS}

#: Value rules of this domain's settings keys, which automation rules (Time Management) are checked
#: against; the rule forms are described in time_mgmt.py. Readings are maintained by the phone itself.
SETTING_CHOICES: dict[str, Any] = {
    **{
        key: {"type": "bool"}
        for key in (
            "battery.power_saving",
            "device.flashlight",
            "device.auto_rotate",
            "device.nfc",
            "system.time_24h",
            "system.auto_timezone",
        )
    },
    **{
        key: {"read_only": True}
        for key in (
            *sorted(_READINGS),
            "device.model",
            "device.os_version",
            "device.storage_total_mb",
            "storage.free_mb",
        )
    },
    "device.name": {"type": "text", "min": 1, "max": MAX_DEVICE_NAME},
    "system.language": tuple(LANGUAGES),
    "system.region": tuple(REGIONS),
    "system.date_format": get_args(DateFormat),
    "system.timezone": tuple(TIMEZONES),
    "wallpaper.home": {"type": "text", "table": "wallpapers"},
    "wallpaper.lock": {"type": "text", "table": "wallpapers", "where": {"live": False}},
}


def setting_choices() -> dict[str, Any]:
    """Value rules of the settings keys Display & Sound, Input & Interaction, Security & Privacy and
    Travel & Lifestyle add to this domain's settings table, built from those modules' own constants.

    Built at call time (Time Management collects it next to every module's ``SETTING_CHOICES``), so that
    importing this module registers no other domain's tools.
    """
    from mpb_env.domains import display, security
    from mpb_env.domains import input as inputs

    def booleans(defaults: dict[str, Any]) -> dict[str, Any]:
        return {k: {"type": "bool"} for k, v in defaults.items() if isinstance(v, bool)}

    percent = {"type": "int", "min": 0, "max": 100}
    clock = {"type": "time"}
    return {
        # Display & Sound
        **booleans(display.SETTINGS),
        **{key: {"type": "bool"} for key in ("display.auto_brightness", "display.dark_mode", "dnd.enabled")},
        "display.brightness": percent,
        "display.eye_comfort_strength": percent,
        "display.dark_mode_schedule": get_args(display.Schedule),
        "display.eye_comfort_schedule": get_args(display.Schedule),
        **{
            f"display.{what}_{end}": clock
            for what in ("dark_mode", "eye_comfort")
            for end in ("start", "end")
        },
        "display.font_size": get_args(display.FontSize),
        "display.display_size": get_args(display.DisplaySize),
        "display.screen_timeout_s": display.SCREEN_TIMEOUTS,
        "display.refresh_rate": display.REFRESH_RATES,
        **{
            f"volume.{stream}": {
                "type": "int",
                "min": display.MIN_CALL_VOLUME if stream == "call" else 0,
                "max": 100,
            }
            for stream in get_args(display.Stream)
        },
        "sound.mode": get_args(display.SoundMode),
        **{
            key: {"type": "text", "table": "ringtones", "where": {"kind": kind}}
            for kind, key in display._SOUND_SETTING.items()
        },
        "sound.vibration_intensity": percent,
        "dnd.until": {"type": "datetime", "nullable": True},
        "dnd.allow_calls_from": get_args(display.CallFilter),
        "dnd.schedule_start": clock,
        "dnd.schedule_end": clock,
        "dnd.schedule_days": {"type": "list", "items": display.DAYS},
        # Input & Interaction
        **booleans(inputs.DEFAULT_SETTINGS),
        "input.nav.mode": get_args(inputs.NavMode),
        **{f"input.side_button.{press}": actions for press, actions in inputs.SIDE_ACTIONS.items()},
        "input.side_button.double_press_app": {"type": "text", "table": "apps", "nullable": True},
        "input.air_gestures.sensitivity": get_args(inputs.Sensitivity),
        "input.aod.mode": get_args(inputs.AodMode),
        "input.aod.start": {"type": "time", "nullable": True},
        "input.aod.end": {"type": "time", "nullable": True},
        "input.aod.style": get_args(inputs.AodStyle),
        "input.aod.photo": {"type": "text", "table": "photos", "nullable": True},
        "input.one_handed.side": get_args(inputs.Hand),
        # Security & Privacy: the lock and the vault change only through their own checks
        "security.screen_lock": {"read_only": True},
        "security.vault_unlocked": {"read_only": True},
        "security.lock_timeout_s": security.LOCK_TIMEOUTS,
        "security.emergency_contacts": {
            "type": "list",
            "table": "contacts",
            "max": security.MAX_EMERGENCY_CONTACTS,
        },
        # Travel & Lifestyle: where the phone is is a reading
        "travel.current_place": {"read_only": True},
        "travel.temperature_unit": ("F", "C"),
    }


# --------------------------------------------------------------------------- world
def _wp(wid: str, name: str, category: str, live: bool = False) -> Record:
    return {"id": wid, "name": name, "category": category, "live": live}


CORE_WALLPAPERS: list[Record] = [
    _wp("wallpaper_001", "Golden Gate Fog", "city"),
    _wp("wallpaper_002", "Ocean Blue", "nature"),
    _wp("wallpaper_003", "Midnight Gradient", "abstract"),
    _wp("wallpaper_004", "Redwood Trail", "nature"),
    _wp("wallpaper_005", "Aurora Live", "space", live=True),
    _wp("wallpaper_006", "Paper White", "minimal"),
]


def _upd(
    uid: str, version: str, title: str, size: int, released: str, status: str, installed_at: str | None
) -> Record:
    return {
        "id": uid,
        "version": version,
        "title": title,
        "size_mb": size,
        "released": released,
        "status": status,
        "downloaded_at": installed_at,
        "installed_at": installed_at,
    }


CORE_UPDATES: list[Record] = [
    _upd("update_001", "15.1", "Nova OS 15.1 with March security patch", 1420, "2026-03-09", "installed",
         "2026-03-10T23:12:00"),
    _upd("update_002", "15.2", "Nova OS 15.2 with April security patch", 1680, "2026-04-13", "installed",
         "2026-04-14T22:40:00"),
    _upd("update_003", "15.3", "Nova OS 15.3: new lock-screen widgets and May security patch", 2150,
         "2026-05-12", "available", None),
]  # fmt: skip

CORE_TILES: list[Record] = [
    {"id": t, "label": TILES[t][0], "setting": TILES[t][1], "position": i}
    for i, t in enumerate(DEFAULT_TILES, start=1)
]


def _apps(*ids: str) -> list[dict[str, Any]]:
    return [{"type": "app", "app_id": a} for a in ids]


def _folder(fid: str, name: str, *ids: str) -> dict[str, Any]:
    return {"type": "folder", "id": fid, "name": name, "app_ids": list(ids)}


# App IDs are Apps & Storage's hand-written apps (stable at every size).
CORE_HOME: list[Record] = [
    {
        "id": "page_1",
        "index": 1,
        "items": [
            *_apps(
                "phone", "messages", "camera", "gallery", "maps", "chrome", "calendar", "clock", "assistant"
            ),
            *_apps("weather"),
            _folder("folder_001", "Work", "mail", "slack", "zoom", "outlook"),
            _folder("folder_002", "Travel", "uber", "lyft", "airline", "airbnb"),
        ],
    },
    {
        "id": "page_2",
        "index": 2,
        "items": [
            *_apps("spotify", "youtube", "netflix", "whatsapp", "instagram", "kindle", "strava"),
            _folder("folder_003", "Money", "wallet", "venmo", "bank"),
        ],
    },
]

_WP_ADJ = ("Misty", "Golden", "Quiet", "Electric", "Frosted", "Coastal", "Velvet", "Amber", "Silver",
           "Crimson", "Emerald", "Lunar")  # fmt: skip
_WP_NOUNS = {
    "Ridge": "nature", "Harbor": "city", "Bloom": "nature", "Dunes": "nature", "Skyline": "city",
    "Waves": "nature", "Lines": "minimal", "Prism": "abstract", "Grid": "minimal", "Nebula": "space",
    "Orbit": "space", "Swirl": "abstract",
}  # fmt: skip


def _copy_item(item: dict[str, Any]) -> dict[str, Any]:
    return {**item, "app_ids": list(item["app_ids"])} if "app_ids" in item else dict(item)


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    settings = {k: {"value": v} for k, v in DEFAULT_SETTINGS.items()}
    for key, value in EXTRA_SETTINGS.items():
        settings.setdefault(key, {"value": value})
    tables["settings"] = settings
    tables["control_center"] = {t["id"]: dict(t) for t in CORE_TILES}
    tables["home_screen"] = {p["id"]: {**p, "items": [_copy_item(i) for i in p["items"]]} for p in CORE_HOME}

    wallpapers = {w["id"]: dict(w) for w in CORE_WALLPAPERS}
    combos = [(a, n) for a in _WP_ADJ for n in _WP_NOUNS]
    for i, (adj, noun) in enumerate(rng.sample(combos, min(len(combos), round(24 * scale)))):
        wid = f"wallpaper_{101 + i:03d}"
        wallpapers[wid] = _wp(wid, f"{adj} {noun}", _WP_NOUNS[noun], live=rng.random() < 0.125)
    tables["wallpapers"] = wallpapers

    updates: dict[str, Record] = {}
    n_old = round(10 * scale)
    first = date(2026, 2, 9)
    for k in range(n_old):  # older monthly patches, oldest first: 14.1, 14.2, ...
        released = first - timedelta(days=30 * (n_old - 1 - k))
        uid = f"update_{101 + k:03d}"
        size = rng.randrange(300, 1400, 10)
        stamp = f"{(released + timedelta(days=rng.randint(1, 6))).isoformat()}T{rng.randint(20, 23)}:00:00"
        updates[uid] = _upd(uid, f"14.{k + 1}", f"Nova OS 14.{k + 1} security patch", size,
                            released.isoformat(), "installed", stamp)  # fmt: skip
    for u in CORE_UPDATES:
        updates[u["id"]] = dict(u)
    tables["system_updates"] = updates


# --------------------------------------------------------------------------- helpers
def _set(s: PhoneState, key: str, value: Any, changes: list[dict[str, Any]]) -> None:
    """Write a setting if it differs and record ``{"setting", "before", "after"}``."""
    before = s.setting(key)
    if before != value:
        old = s.get("settings", key) or {}
        # A reset forgets the radios airplane mode would have turned back on (network.py's ``restore``).
        s.put("settings", key, {**{k: v for k, v in old.items() if k != "restore"}, "value": value})
        changes.append({"setting": key, "before": before, "after": value})


def _text(value: str, field: str) -> str:
    value = value.strip()
    if not value:
        raise InvalidArguments(f"{field} must not be empty", field=field)
    return value


def _check_saver_allowed(s: PhoneState) -> None:
    if s.setting("battery.charging", False):
        raise PreconditionFailed(
            "Battery Saver cannot be turned on while the phone is charging; unplug it first",
            setting="battery.charging",
            required=False,
            current=True,
        )


def _apply_saver(s: PhoneState, enabled: bool, changes: list[dict[str, Any]]) -> None:
    """Switch Battery Saver as Android does: on turns the dark theme on (remembered in the setting's
    bookkeeping ``restore`` field), off turns it back off if Battery Saver turned it on. Brightness is
    left alone (AOSP's saver policy does not adjust it); the 60 Hz cap and the always-on display refusal
    live in Display & Accessibility and Input & Interaction."""
    rec = s.get("settings", SAVER_KEY) or {}
    restore = list(rec.get("restore") or [])
    _set(s, SAVER_KEY, enabled, changes)
    if enabled:
        if not s.setting(DARK_KEY, False):
            _set(s, DARK_KEY, True, changes)
            restore = [*dict.fromkeys([*restore, "dark_mode"])]
        if restore:
            s.put("settings", SAVER_KEY, {**(s.get("settings", SAVER_KEY) or {}), "restore": restore})
    elif "dark_mode" in restore:
        _set(s, DARK_KEY, False, changes)


def _online(s: PhoneState) -> bool:
    airplane = s.setting("network.airplane_mode", False)
    return bool(
        s.setting("network.wifi", False) or (s.setting("network.mobile_data", False) and not airplane)
    )


def _free_mb(s: PhoneState) -> float:
    return s.setting("storage.free_mb", DEFAULT_FREE_MB)


def _mb(value: float) -> float | int:
    return round(value, 1) if isinstance(value, float) else value


# ----- control center
def _tiles(s: PhoneState) -> list[Record]:
    return sorted(s.values("control_center"), key=lambda t: (t["position"], t["id"]))


def _renumber(s: PhoneState, order: list[str]) -> None:
    for i, tid in enumerate(order, start=1):
        rec = s.get("control_center", tid)
        if rec is None:
            label, key = TILES[tid]
            s.put("control_center", tid, {"id": tid, "label": label, "setting": key, "position": i})
        elif rec["position"] != i:
            s.update("control_center", tid, position=i)


#: Tiles whose switch is a radio of Network & Connectivity, and the settings their tap may change (the
#: order ``changes`` reports them in).
_RADIO_TILES = frozenset({"wifi", "bluetooth", "airplane_mode"})
_RADIO_KEYS = (
    "network.airplane_mode",
    "network.wifi",
    "network.wifi_connected",
    "network.bluetooth",
    "network.hotspot",
)


def _switch_radio(s: PhoneState, tile: str, enabled: bool, changes: list[dict[str, Any]]) -> None:
    """Tap a radio tile through Network & Connectivity's own switch (its rules, errors and side effects)."""
    from mpb_env.domains import network  # at call time, so importing this module registers no other tools

    switch = {
        "wifi": network.switch_wifi,
        "bluetooth": network.switch_bluetooth,
        "airplane_mode": network.switch_airplane_mode,
    }[tile]
    before = [s.setting(k) for k in _RADIO_KEYS]
    switch(s, enabled)
    for k, old in zip(_RADIO_KEYS, before, strict=True):
        new = s.setting(k)
        if new != old:
            changes.append({"setting": k, "before": old, "after": new})


def _tile_row(s: PhoneState, tid: str, position: int | None) -> dict[str, Any]:
    label, key = TILES.get(tid, (tid, f"device.{tid}"))
    row: dict[str, Any] = {"id": tid, "label": label, "setting": key, "on": bool(s.setting(key, False))}
    if position is not None:
        row["position"] = position
    return row


def _panel_tile(s: PhoneState, tile: str) -> Record:
    rec = s.get("control_center", tile)
    if rec is None:
        raise NotFound(
            f"the {TILES[tile][0]} tile is not in the control center; list_control_center_tiles shows it",
            tile=tile,
        )
    return rec


# ----- home screen
def _pages(s: PhoneState) -> list[Record]:
    return sorted(s.values("home_screen"), key=lambda p: (p["index"], p["id"]))


def _live_items(s: PhoneState, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The items whose apps are still installed; a folder left with one app becomes that app's icon."""
    out: list[dict[str, Any]] = []
    for item in items:
        if item["type"] == "app":
            if s.get("apps", item["app_id"]) is not None:
                out.append(item)
            continue
        apps = [a for a in item["app_ids"] if s.get("apps", a) is not None]
        if len(apps) == len(item["app_ids"]):
            out.append(item)
        elif len(apps) == 1:
            out.append({"type": "app", "app_id": apps[0]})
        elif apps:
            out.append({**item, "app_ids": apps})
    return out


class _Layout:
    """A working copy of the home screen; ``commit`` writes only the pages that changed."""

    def __init__(self, s: PhoneState) -> None:
        self.s = s
        self.pages = _pages(s)
        self.items = {p["id"]: _live_items(s, p["items"]) for p in self.pages}
        self.new_pages: list[str] = []

    def find(self, item_id: str) -> tuple[str, int, int | None] | None:
        """(page_id, index on page, index inside folder or None) of an app or folder icon."""
        for p in self.pages:
            for i, item in enumerate(self.items[p["id"]]):
                kind = item["type"]
                if kind == "app":
                    if item["app_id"] == item_id:
                        return p["id"], i, None
                elif kind == "folder":
                    if item["id"] == item_id:
                        return p["id"], i, None
                    if item_id in item["app_ids"]:
                        return p["id"], i, item["app_ids"].index(item_id)
        return None

    def page_index(self, page_id: str) -> int:
        return next(n for n, p in enumerate(self.pages, start=1) if p["id"] == page_id)

    def take(self, where: tuple[str, int, int | None]) -> dict[str, Any]:
        """Remove an icon (an app leaves its folder; a folder of one app dissolves) and return it."""
        pid, i, j = where
        items = self.items[pid]
        if j is None:
            return items.pop(i)
        folder = items[i]
        app_id = folder["app_ids"][j]
        rest = [a for a in folder["app_ids"] if a != app_id]
        items[i] = {"type": "app", "app_id": rest[0]} if len(rest) == 1 else {**folder, "app_ids": rest}
        return {"type": "app", "app_id": app_id}

    def target(self, page: int | None) -> str:
        """The page ID for a 1-based page number (``len + 1`` opens a new page); None = first with room."""
        n = len(self.pages)
        if page is None:
            for p in self.pages:
                if len(self.items[p["id"]]) < MAX_PAGE_ITEMS:
                    return p["id"]
            page = n + 1
        if page == n + 1:
            if n >= MAX_PAGES:
                raise CapabilityLimit(
                    f"the home screen already has the maximum of {MAX_PAGES} pages", max_pages=MAX_PAGES
                )
            pid = self.s.new_id("page")
            self.pages.append({"id": pid, "index": n + 1, "items": []})
            self.items[pid] = []
            self.new_pages.append(pid)
            return pid
        if not 1 <= page <= n:
            raise InvalidArguments(
                f"page must be between 1 and {n + 1} (the next new page), got {page}", field="page"
            )
        pid = self.pages[page - 1]["id"]
        if len(self.items[pid]) >= MAX_PAGE_ITEMS:
            raise CapabilityLimit(
                f"home screen page {page} is full ({MAX_PAGE_ITEMS} icons); pick another page",
                page=page,
                max_items=MAX_PAGE_ITEMS,
            )
        return pid

    def commit(self) -> None:
        for p in self.pages:
            pid = p["id"]
            if pid in self.new_pages:
                self.s.put("home_screen", pid, {"id": pid, "index": p["index"], "items": self.items[pid]})
            elif self.items[pid] != p["items"]:
                self.s.update("home_screen", pid, items=self.items[pid])


def _app(s: PhoneState, app_id: str) -> Record:
    app = s.get("apps", app_id)
    if app is None:
        raise NotFound(
            f"no installed app with id {app_id!r}; list_apps shows the installed ones", app_id=app_id
        )
    return app


def _app_name(s: PhoneState, app_id: str) -> str:
    app = s.get("apps", app_id)
    return app["name"] if app is not None else app_id


# ----- locale
def _language(text: str) -> str:
    raw = _text(text, "language")
    key = raw.replace("_", "-").casefold()
    code = _LANG_BY_KEY.get(key)
    if code is not None:
        return code
    matches = [
        c
        for c, name in LANGUAGES.items()
        if c.split("-")[0].casefold() == key or name.split(" (")[0].casefold() == key
    ]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise Ambiguous(
            f"{raw!r} matches {len(matches)} languages; pass one of the codes",
            candidates=[{"id": c, "name": LANGUAGES[c]} for c in matches],
        )
    raise CapabilityLimit(
        f"{raw!r} is not a supported system language",
        supported=[{"id": c, "name": n} for c, n in LANGUAGES.items()],
    )


# ----- updates
def _update(s: PhoneState, update_id: str | None, want: str) -> Record:
    """The named update, or the pending one (not installed) when ``update_id`` is None."""
    if update_id is not None:
        rec = s.get("system_updates", update_id)
        if rec is None:
            raise NotFound(
                f"no system update with id {update_id!r}; check_system_update shows the pending one",
                update_id=update_id,
            )
        return rec
    pending = [u for u in s.values("system_updates") if u["status"] != "installed"]
    if not pending:
        raise NotFound(f"there is no system update to {want}; the phone is up to date")
    return max(pending, key=lambda u: (u["released"], u["id"]))


# --------------------------------------------------------------------------- control center
@tool(DOMAIN)
def list_control_center_tiles(s: PhoneState, include_available: bool = False) -> Ok:
    """List the quick-settings tiles in the control center in order, with whether each is on.

    Args:
        include_available: Also list the tiles that could be added but are not in the control center,
            e.g. true.

    Returns:
        ``{"tiles": [{"id", "label", "setting", "on", "position"}], "available": [{"id", "label",
        "setting", "on"}]}``; ``available`` is empty unless include_available is true.

    Raises:
        InvalidArguments: include_available is not a boolean.
    """
    tiles = [_tile_row(s, t["id"], t["position"]) for t in _tiles(s)]
    shown = {t["id"] for t in tiles}
    available = [_tile_row(s, t, None) for t in TILES if t not in shown] if include_available else []
    return ok(f"{len(tiles)} tiles in the control center", {"tiles": tiles, "available": available})


@tool(DOMAIN, mutates=True)
def add_control_center_tile(s: PhoneState, tile: Tile, position: int | None = None) -> Ok:
    """Add a quick-settings tile to the control center.

    Args:
        tile: The tile to add, e.g. "mobile_data".
        position: 1-based slot to insert it at, e.g. 1; at the end when omitted.

    Returns:
        The control center's tiles in order after the change.

    Raises:
        AlreadyExists: the tile is already in the control center.
        CapabilityLimit: the control center already holds the maximum of 10 tiles.
        InvalidArguments: position is outside 1..(number of tiles + 1).
    """
    order = [t["id"] for t in _tiles(s)]
    if tile in order:
        raise AlreadyExists(
            f"the {TILES[tile][0]} tile is already in the control center at position {order.index(tile) + 1}",
            tile=tile,
        )
    if len(order) >= MAX_TILES:
        raise CapabilityLimit(
            f"the control center is full ({MAX_TILES} tiles); remove one with remove_control_center_tile",
            max_tiles=MAX_TILES,
        )
    pos = len(order) + 1 if position is None else position
    if not 1 <= pos <= len(order) + 1:
        raise InvalidArguments(
            f"position must be between 1 and {len(order) + 1}, got {position}", field="position"
        )
    order.insert(pos - 1, tile)
    _renumber(s, order)
    rows = [_tile_row(s, t, i) for i, t in enumerate(order, start=1)]
    return ok(f"Added the {TILES[tile][0]} tile at position {pos}", rows)


@tool(DOMAIN, mutates=True)
def remove_control_center_tile(s: PhoneState, tile: Tile) -> Ok:
    """Remove a quick-settings tile from the control center (the setting itself keeps its value).

    Args:
        tile: The tile to remove, e.g. "flashlight".

    Returns:
        The control center's tiles in order after the change.

    Raises:
        NotFound: the tile is not in the control center.
    """
    _panel_tile(s, tile)
    order = [t["id"] for t in _tiles(s) if t["id"] != tile]
    s.delete("control_center", tile)
    _renumber(s, order)
    rows = [_tile_row(s, t, i) for i, t in enumerate(order, start=1)]
    return ok(f"Removed the {TILES[tile][0]} tile", rows)


@tool(DOMAIN, mutates=True)
def move_control_center_tile(s: PhoneState, tile: Tile, position: int) -> Ok:
    """Move a quick-settings tile to another position in the control center.

    Args:
        tile: The tile to move, e.g. "dark_mode".
        position: Its new 1-based position, e.g. 1 for the first slot.

    Returns:
        The control center's tiles in order after the change.

    Raises:
        NotFound: the tile is not in the control center.
        InvalidArguments: position is outside 1..(number of tiles).
    """
    _panel_tile(s, tile)
    order = [t["id"] for t in _tiles(s)]
    if not 1 <= position <= len(order):
        raise InvalidArguments(
            f"position must be between 1 and {len(order)}, got {position}", field="position"
        )
    order.remove(tile)
    order.insert(position - 1, tile)
    _renumber(s, order)
    rows = [_tile_row(s, t, i) for i, t in enumerate(order, start=1)]
    return ok(f"Moved the {TILES[tile][0]} tile to position {position}", rows)


@tool(DOMAIN, mutates=True)
def set_quick_setting(s: PhoneState, tile: Tile, enabled: bool) -> Ok:
    """Switch a quick setting on or off by tapping its tile in the control center.

    The Wi-Fi, Bluetooth and airplane mode tiles do exactly what set_wifi_enabled, set_bluetooth_enabled
    and set_airplane_mode do: Wi-Fi on rejoins the strongest saved network, Wi-Fi off ends casts,
    Bluetooth off disconnects its devices, and airplane mode on turns Wi-Fi, Bluetooth and the hotspot off
    (they may be turned back on by hand; turning it off brings back those that were on). Turning Battery
    Saver on turns the dark theme on (off again with it); a tap on Do Not Disturb clears any DND end time.

    Args:
        tile: The tile to tap, e.g. "wifi", "dnd", "flashlight" or "airplane_mode".
        enabled: true to switch it on, false to switch it off, e.g. true.

    Returns:
        ``{"tile", "setting", "on", "changes": [{"setting", "before", "after"}]}`` listing every
        setting the tap changed (empty if it was already in that state).

    Raises:
        PreconditionFailed: the tile is not in the control center (add it with add_control_center_tile),
            mobile data is switched on during airplane mode, Battery Saver is switched on while
            charging, or the flashlight is switched on with the battery at 5% or less.
        Conflict: airplane mode is switched on during a phone call, or Wi-Fi, Bluetooth or airplane mode
            would cut a radio that a multi-screen session or a running device migration depends on.
    """
    label, key = TILES[tile]
    if s.get("control_center", tile) is None:
        raise PreconditionFailed(
            f"the {label} tile is not in the control center; add it with add_control_center_tile first",
            tile=tile,
            remedy="add_control_center_tile",
        )
    if enabled and tile == "mobile_data" and s.setting("network.airplane_mode", False):
        raise PreconditionFailed(
            "mobile data cannot be turned on while airplane mode is on; turn airplane mode off first",
            setting="network.airplane_mode",
            required=False,
            current=True,
        )
    if enabled and tile == "flashlight" and s.setting("battery.level", 100) <= MIN_FLASHLIGHT_BATTERY:
        raise PreconditionFailed(
            f"the battery is too low for the flashlight ({s.setting('battery.level')}%); charge the phone",
            setting="battery.level",
            required=f"> {MIN_FLASHLIGHT_BATTERY}",
            current=s.setting("battery.level"),
        )
    changes: list[dict[str, Any]] = []
    if tile in _RADIO_TILES:
        _switch_radio(s, tile, enabled, changes)
    elif tile == "battery_saver":
        if enabled:
            _check_saver_allowed(s)
        _apply_saver(s, enabled, changes)
    else:
        _set(s, key, enabled, changes)
        if tile == "dnd" and s.setting("dnd.until") is not None:
            _set(s, "dnd.until", None, changes)  # a tap makes DND indefinite (on) or ends a timed one (off)
    state = "on" if enabled else "off"
    note = "" if changes else f" (it was already {state})"
    return ok(f"{label} is {state}{note}", {"tile": tile, "setting": key, "on": enabled, "changes": changes})


# --------------------------------------------------------------------------- device and battery
@tool(DOMAIN)
def get_about_phone(s: PhoneState) -> Ok:
    """Get the phone's About page: name, model, OS version, storage, battery, language, region and time zone.

    Returns:
        ``{"name", "model", "os_version", "installed_apps", "storage": {"total_mb", "free_mb",
        "used_mb"}, "battery": {"level", "charging", "health", "capacity_pct", "cycle_count",
        "power_saving"}, "locale": {"language", "language_name", "region", "date_format", "time_24h",
        "timezone", "auto_timezone"}}``.

    Raises:
        InvalidArguments: an argument was passed (this tool takes none).
    """
    total = s.setting("device.storage_total_mb", 0)
    free = _free_mb(s)
    lang = s.setting("system.language")
    data = {
        "name": s.setting("device.name"),
        "model": s.setting("device.model"),
        "os_version": s.setting("device.os_version"),
        "installed_apps": s.count("apps"),
        "storage": {"total_mb": total, "free_mb": free, "used_mb": _mb(max(0, total - free))},
        "battery": {
            "level": s.setting("battery.level"),
            "charging": s.setting("battery.charging"),
            "health": s.setting("battery.health"),
            "capacity_pct": s.setting("battery.capacity_pct"),
            "cycle_count": s.setting("battery.cycle_count"),
            "power_saving": s.setting("battery.power_saving"),
        },
        "locale": {
            "language": lang,
            "language_name": LANGUAGES.get(lang, lang),
            "region": s.setting("system.region"),
            "date_format": s.setting("system.date_format"),
            "time_24h": s.setting("system.time_24h"),
            "timezone": s.setting("system.timezone"),
            "auto_timezone": s.setting("system.auto_timezone"),
        },
    }
    b = data["battery"]
    return ok(
        f"{data['name']} ({data['model']}, OS {data['os_version']}): battery {b['level']}%, "
        f"{free} MB free of {total} MB",
        data,
    )


@tool(DOMAIN, mutates=True)
def set_battery_saver(s: PhoneState, enabled: bool) -> Ok:
    """Turn Battery Saver on or off; on turns the dark theme on, off turns it back off if the saver did.

    As on Android, Battery Saver also caps the refresh rate at 60 Hz and stops the always-on display
    from staying on all day; it cannot be turned on while the phone charges.

    Args:
        enabled: true to turn Battery Saver on, false to turn it off, e.g. true.

    Returns:
        ``{"power_saving", "battery_level", "changes": [{"setting", "before", "after"}]}``.

    Raises:
        PreconditionFailed: Battery Saver is turned on while the phone is charging.
    """
    if enabled:
        _check_saver_allowed(s)
    changes: list[dict[str, Any]] = []
    _apply_saver(s, enabled, changes)
    state = "on" if enabled else "off"
    note = "" if changes else f" (it was already {state})"
    return ok(
        f"Battery Saver is {state}{note}",
        {"power_saving": enabled, "battery_level": s.setting("battery.level"), "changes": changes},
    )


@tool(DOMAIN, mutates=True)
def rename_phone(s: PhoneState, name: str) -> Ok:
    """Rename the phone (the name other devices see over Bluetooth, hotspot and casting).

    Args:
        name: The new device name, e.g. "Alex's Nova".

    Returns:
        ``{"before", "after"}``: the old and new names.

    Raises:
        InvalidArguments: the name is empty or spans several lines.
        CapabilityLimit: the name is longer than 32 characters.
    """
    new = _text(name, "name")
    if "\n" in new or "\r" in new:
        raise InvalidArguments("the device name must be a single line", field="name")
    if len(new) > MAX_DEVICE_NAME:
        raise CapabilityLimit(
            f"device names are at most {MAX_DEVICE_NAME} characters, got {len(new)}",
            max_length=MAX_DEVICE_NAME,
        )
    before = s.setting("device.name")
    if before != new:
        s.set_setting("device.name", new)
    return ok(f"The phone is now named {new!r}", {"before": before, "after": new})


# --------------------------------------------------------------------------- home screen
@tool(DOMAIN)
def list_home_screen(s: PhoneState) -> Ok:
    """List the home screen pages with their app icons and folders in order.

    Returns:
        Pages ``[{"page", "id", "items": [...]}]`` where an item is ``{"position", "type": "app",
        "app_id", "name"}`` or ``{"position", "type": "folder", "id", "name", "apps": [{"app_id",
        "name"}]}``.

    Raises:
        InvalidArguments: an argument was passed (this tool takes none).
    """
    out = []
    n_icons = 0
    for n, p in enumerate(_pages(s), start=1):
        items = []
        for pos, item in enumerate(_live_items(s, p["items"]), start=1):
            if item["type"] == "app":
                items.append({"position": pos, "type": "app", "app_id": item["app_id"],
                              "name": _app_name(s, item["app_id"])})  # fmt: skip
            else:
                apps = [{"app_id": a, "name": _app_name(s, a)} for a in item["app_ids"]]
                items.append({"position": pos, "type": "folder", "id": item["id"], "name": item["name"],
                              "apps": apps})  # fmt: skip
            n_icons += 1
        out.append({"page": n, "id": p["id"], "items": items})
    return ok(f"{len(out)} home screen pages, {n_icons} icons", out)


@tool(DOMAIN, mutates=True)
def add_home_screen_icon(s: PhoneState, app_id: str, page: int | None = None) -> Ok:
    """Put an installed app's icon on the home screen, at the end of a page.

    Args:
        app_id: The installed app's ID, e.g. "mail".
        page: 1-based page number, e.g. 2; the page after the last one opens a new page; when omitted
            the first page with room.

    Returns:
        ``{"app_id", "page", "position"}`` of the new icon.

    Raises:
        NotFound: no installed app has this ID.
        AlreadyExists: the app already has an icon on the home screen (on a page or in a folder).
        InvalidArguments: page is outside 1..(number of pages + 1).
        CapabilityLimit: the page is full (20 icons) or the home screen already has 5 pages.
    """
    app = _app(s, app_id)
    layout = _Layout(s)
    where = layout.find(app_id)
    if where is not None:
        item = layout.items[where[0]][where[1]]
        inside = f" in the folder {item['name']!r}" if item["type"] == "folder" else ""
        raise AlreadyExists(
            f"{app['name']} is already on home screen page {layout.page_index(where[0])}{inside}",
            app_id=app_id,
            page=layout.page_index(where[0]),
        )
    pid = layout.target(page)
    layout.items[pid].append({"type": "app", "app_id": app_id})
    layout.commit()
    data = {"app_id": app_id, "page": layout.page_index(pid), "position": len(layout.items[pid])}
    return ok(f"Added {app['name']} to home screen page {data['page']}", data)


@tool(DOMAIN, mutates=True)
def remove_home_screen_icon(s: PhoneState, item_id: str) -> Ok:
    """Remove an app icon or a whole folder from the home screen; the apps stay installed.

    Args:
        item_id: An app ID, e.g. "clock", or a folder ID, e.g. "folder_001". An app inside a folder
            leaves the folder; a folder left with one app turns back into that app's icon.

    Returns:
        ``{"removed", "page"}``: the removed icon and the page number it was on.

    Raises:
        NotFound: no icon or folder with this ID is on the home screen.
    """
    layout = _Layout(s)
    where = layout.find(item_id)
    if where is None:
        raise NotFound(
            f"{item_id!r} is not on the home screen; list_home_screen shows the icons", item_id=item_id
        )
    removed = layout.take(where)
    layout.commit()
    page = layout.page_index(where[0])
    label = removed["name"] if removed["type"] == "folder" else _app_name(s, item_id)
    return ok(f"Removed {label} from home screen page {page}", {"removed": removed, "page": page})


@tool(DOMAIN, mutates=True)
def move_home_screen_icon(s: PhoneState, item_id: str, page: int, position: int | None = None) -> Ok:
    """Move an app icon or a folder to a page and position of the home screen.

    Args:
        item_id: An app ID, e.g. "messages", or a folder ID, e.g. "folder_001"; an app inside a folder
            is taken out of it.
        page: 1-based target page, e.g. 2; the page after the last one opens a new page.
        position: 1-based slot on that page, e.g. 1; at the end when omitted.

    Returns:
        ``{"item_id", "page", "position"}`` where the icon now is.

    Raises:
        NotFound: no icon or folder with this ID is on the home screen.
        InvalidArguments: page or position is out of range.
        CapabilityLimit: the target page is full (20 icons) or the home screen already has 5 pages.
    """
    layout = _Layout(s)
    where = layout.find(item_id)
    if where is None:
        raise NotFound(
            f"{item_id!r} is not on the home screen; add it with add_home_screen_icon", item_id=item_id
        )
    item = layout.take(where)
    pid = layout.target(page)
    items = layout.items[pid]
    pos = len(items) + 1 if position is None else position
    if not 1 <= pos <= len(items) + 1:
        raise InvalidArguments(
            f"position must be between 1 and {len(items) + 1} on page {page}, got {position}",
            field="position",
        )
    items.insert(pos - 1, item)
    layout.commit()
    return ok(
        f"Moved {item_id} to home screen page {page}, position {pos}",
        {"item_id": item_id, "page": layout.page_index(pid), "position": pos},
    )


@tool(DOMAIN, mutates=True)
def create_home_screen_folder(s: PhoneState, name: str, app_ids: list[str], page: int | None = None) -> Ok:
    """Group installed apps into a new home screen folder (their icons move into it).

    Args:
        name: The folder's name, e.g. "Travel".
        app_ids: At least two installed app IDs, e.g. ["phone", "messages"].
        page: 1-based page to put the folder on, e.g. 2; when omitted the folder takes the place of the
            first listed app's icon, or goes to the first page with room.

    Returns:
        ``{"folder": {"id", "name", "app_ids"}, "page", "position"}``.

    Raises:
        InvalidArguments: the name is empty, fewer than two distinct apps were given, or page is out of range.
        NotFound: an app ID is not an installed app.
        AlreadyExists: a folder with this name already exists.
        CapabilityLimit: more than 16 apps, the target page is full or the home screen has 5 pages.
    """
    label = _text(name, "name")
    apps = list(dict.fromkeys(app_ids))
    if len(apps) < 2:
        raise InvalidArguments("a folder needs at least two different apps", field="app_ids")
    if len(apps) > MAX_FOLDER_APPS:
        raise CapabilityLimit(f"a folder holds at most {MAX_FOLDER_APPS} apps", max_apps=MAX_FOLDER_APPS)
    for a in apps:
        _app(s, a)
    layout = _Layout(s)
    for p in layout.pages:
        for item in layout.items[p["id"]]:
            if item["type"] == "folder" and item["name"].casefold() == label.casefold():
                raise AlreadyExists(
                    f"a folder named {item['name']!r} ({item['id']}) already exists", folder_id=item["id"]
                )
    slot: dict[str, Any] = {"type": "slot"}
    anchor = layout.find(apps[0]) if page is None else None
    if anchor is not None and anchor[2] is None:
        layout.items[anchor[0]][anchor[1]] = slot
    for a in apps:
        where = layout.find(a)
        if where is not None:
            layout.take(where)
    folder = {"type": "folder", "id": "", "name": label, "app_ids": apps}
    placed = next(
        ((pid, i) for pid, items in layout.items.items() for i, it in enumerate(items) if it is slot), None
    )
    if placed is not None:
        pid, i = placed
    else:
        pid = layout.target(page)
        i = len(layout.items[pid])
        layout.items[pid].append(folder)
    folder["id"] = s.new_id("folder")
    layout.items[pid][i] = folder
    layout.commit()
    data = {
        "folder": {"id": folder["id"], "name": label, "app_ids": apps},
        "page": layout.page_index(pid),
        "position": i + 1,
    }
    return ok(f"Created folder {label!r} ({folder['id']}) with {len(apps)} apps on page {data['page']}", data)


# --------------------------------------------------------------------------- wallpaper
@tool(DOMAIN)
def list_wallpapers(s: PhoneState, category: WallpaperCategory | None = None) -> Ok:
    """List the available wallpapers and which screens use them.

    Args:
        category: Only wallpapers of this category, e.g. "nature"; all when omitted.

    Returns:
        Wallpaper records ``{"id", "name", "category", "live", "in_use": ["home" | "lock"]}``.

    Raises:
        InvalidArguments: category is not one of the listed categories.
    """
    home, lock = s.setting("wallpaper.home"), s.setting("wallpaper.lock")
    rows = [
        {**w, "in_use": [n for n, cur in (("home", home), ("lock", lock)) if cur == w["id"]]}
        for w in s.values("wallpapers")
        if category is None or w["category"] == category
    ]
    return ok(f"{len(rows)} wallpapers", rows)


@tool(DOMAIN, mutates=True)
def set_wallpaper(s: PhoneState, wallpaper_id: str, screen: Screen = "both") -> Ok:
    """Set the wallpaper of the home screen, the lock screen or both.

    Args:
        wallpaper_id: The wallpaper's ID, e.g. "wallpaper_004".
        screen: Which screen gets it, e.g. "lock".

    Returns:
        ``{"wallpaper", "changes": [{"setting", "before", "after"}]}``.

    Raises:
        NotFound: no wallpaper has this ID.
        CapabilityLimit: a live wallpaper was set for the lock screen alone.
        PreconditionFailed: a live wallpaper was chosen while Battery Saver is on.
    """
    wp = s.get("wallpapers", wallpaper_id)
    if wp is None:
        raise NotFound(
            f"no wallpaper with id {wallpaper_id!r}; list_wallpapers shows them", wallpaper_id=wallpaper_id
        )
    if wp["live"]:
        if screen == "lock":
            raise CapabilityLimit(
                f"{wp['name']} is a live wallpaper; live wallpapers go on the home screen (or both), not "
                "the lock screen alone"
            )
        if s.setting("battery.power_saving", False):
            raise PreconditionFailed(
                f"{wp['name']} is a live wallpaper and live wallpapers are off while Battery Saver is on",
                setting="battery.power_saving",
                required=False,
                current=True,
            )
    changes: list[dict[str, Any]] = []
    for scr in ("home", "lock"):
        if screen in (scr, "both"):
            _set(s, f"wallpaper.{scr}", wallpaper_id, changes)
    where = "home and lock screens" if screen == "both" else f"{screen} screen"
    return ok(f"{wp['name']} is now the {where} wallpaper", {"wallpaper": wp, "changes": changes})


# --------------------------------------------------------------------------- language, region, time zone
@tool(DOMAIN, mutates=True)
def set_system_language(s: PhoneState, language: str) -> Ok:
    """Change the phone's display language.

    Args:
        language: A language code or name, e.g. "es-MX", "fr-FR" or "Japanese".

    Returns:
        ``{"before", "after", "name"}``: old and new language codes and the new language's name.

    Raises:
        InvalidArguments: language is empty.
        Ambiguous: the name matches several supported variants (e.g. "Spanish"); data lists candidates.
        CapabilityLimit: the language is not supported on this phone.
    """
    code = _language(language)
    before = s.setting("system.language")
    if before != code:
        s.set_setting("system.language", code)
    return ok(f"System language is {LANGUAGES[code]} ({code})", {"before": before, "after": code,
                                                                  "name": LANGUAGES[code]})  # fmt: skip


@tool(DOMAIN, mutates=True)
def set_region_format(
    s: PhoneState,
    region: str | None = None,
    date_format: DateFormat | None = None,
    use_24_hour: bool | None = None,
) -> Ok:
    """Set the region and the date and clock formats; a new region brings its own formats unless given.

    Args:
        region: Two-letter region code, e.g. "GB".
        date_format: How dates are written, e.g. "DD/MM/YYYY".
        use_24_hour: true for a 24-hour clock ("17:30"), false for 12-hour ("5:30 PM"), e.g. true.

    Returns:
        ``{"region", "region_name", "date_format", "time_24h", "changes": [{"setting", "before", "after"}]}``.

    Raises:
        InvalidArguments: nothing was given, or region is not a two-letter code.
        CapabilityLimit: the region is not supported.
    """
    if region is None and date_format is None and use_24_hour is None:
        raise InvalidArguments("give region, date_format or use_24_hour")
    changes: list[dict[str, Any]] = []
    fmt, h24 = date_format, use_24_hour
    if region is not None:
        code = region.strip().upper()
        if len(code) != 2 or not code.isalpha():
            raise InvalidArguments(f'region must be a two-letter code such as "US" or "GB", got {region!r}')
        if code not in REGIONS:
            raise CapabilityLimit(
                f"region {code!r} is not supported",
                supported=[{"id": c, "name": r[0]} for c, r in REGIONS.items()],
            )
        _, default_fmt, default_h24 = REGIONS[code]
        fmt = default_fmt if fmt is None else fmt
        h24 = default_h24 if h24 is None else h24
        _set(s, "system.region", code, changes)
    if fmt is not None:
        _set(s, "system.date_format", fmt, changes)
    if h24 is not None:
        _set(s, "system.time_24h", h24, changes)
    cur = s.setting("system.region")
    data = {
        "region": cur,
        "region_name": REGIONS.get(cur, (cur,))[0],
        "date_format": s.setting("system.date_format"),
        "time_24h": s.setting("system.time_24h"),
        "changes": changes,
    }
    clock = "24-hour" if data["time_24h"] else "12-hour"
    return ok(f"Region {data['region_name']}, dates {data['date_format']}, {clock} clock", data)


@tool(DOMAIN, mutates=True)
def set_time_zone(s: PhoneState, timezone: str | None = None, automatic: bool | None = None) -> Ok:
    """Set the phone's time zone by name or city, or switch automatic (network) time zone on or off.

    Args:
        timezone: An IANA zone or a city, e.g. "America/New_York" or "Tokyo"; picking one turns the
            automatic time zone off.
        automatic: true to follow the network time zone (the phone's home zone), false to keep the
            current zone fixed, e.g. true.

    Returns:
        ``{"timezone", "auto_timezone", "changes": [{"setting", "before", "after"}]}``.

    Raises:
        InvalidArguments: neither argument was given, or timezone was combined with automatic=true.
        NotFound: no selectable time zone matches the name.
    """
    if timezone is None and automatic is None:
        raise InvalidArguments("give timezone or automatic")
    if timezone is not None and automatic:
        raise InvalidArguments("a chosen timezone cannot be combined with automatic=true", field="automatic")
    changes: list[dict[str, Any]] = []
    if timezone is not None:
        key = _text(timezone, "timezone").casefold()
        zone = _TZ_BY_KEY.get(key) or _TZ_BY_KEY.get(key.replace("_", " "))
        if zone is None:
            raise NotFound(
                f'no selectable time zone matches {timezone!r}; use an IANA name such as "America/New_York"',
                timezone=timezone,
            )
        _set(s, "system.timezone", zone, changes)
        _set(s, "system.auto_timezone", False, changes)
    elif automatic:
        owner = s.get("owner", "me") or {}
        _set(s, "system.auto_timezone", True, changes)
        _set(s, "system.timezone", owner.get("timezone", DEFAULT_SETTINGS["system.timezone"]), changes)
    else:
        _set(s, "system.auto_timezone", False, changes)
    tz, auto = s.setting("system.timezone"), s.setting("system.auto_timezone")
    return ok(
        f"Time zone {tz} ({'automatic' if auto else 'set manually'})",
        {"timezone": tz, "auto_timezone": auto, "changes": changes},
    )


# --------------------------------------------------------------------------- system updates
@tool(DOMAIN)
def check_system_update(s: PhoneState) -> Ok:
    """Check online for a system software update.

    Returns:
        ``{"current_version", "update": <the pending update record or null>, "last_installed":
        <the most recent installed update record or null>}``.

    Raises:
        PreconditionFailed: the phone is offline (no Wi-Fi, and no mobile data outside airplane mode).
    """
    if not _online(s):
        raise PreconditionFailed("the phone is offline; turn on Wi-Fi or mobile data to check for updates")
    pending: Record | None = None
    last: Record | None = None
    for u in s.values("system_updates"):
        if u["status"] == "installed":
            if last is None or (u["installed_at"] or "") > (last["installed_at"] or ""):
                last = u
        elif pending is None or (u["released"], u["id"]) > (pending["released"], pending["id"]):
            pending = u
    current = s.setting("device.os_version")
    if pending is None:
        msg = f"The phone is up to date (version {current})"
    else:
        msg = f"Update {pending['version']} ({pending['size_mb']} MB) is {pending['status']}: {pending['title']}"
    return ok(msg, {"current_version": current, "update": pending, "last_installed": last})


@tool(DOMAIN, mutates=True)
def download_system_update(s: PhoneState, update_id: str | None = None, use_mobile_data: bool = False) -> Ok:
    """Download a system update over Wi-Fi (or mobile data if allowed), using free storage.

    Args:
        update_id: The update's ID, e.g. "update_003"; the pending update when omitted.
        use_mobile_data: Allow the download over mobile data instead of Wi-Fi, e.g. true.

    Returns:
        ``{"update": <the update record>, "free_mb": <free storage after the download>}``.

    Raises:
        NotFound: no update has this ID, or no update is pending.
        AlreadyExists: the update is already downloaded or installed.
        PreconditionFailed: Wi-Fi is off (or, with use_mobile_data, mobile data is off or airplane mode
            is on), or there is not enough free storage for the package.
    """
    upd = _update(s, update_id, "download")
    if upd["status"] != "available":
        raise AlreadyExists(
            f"update {upd['version']} is already {upd['status']}", update_id=upd["id"], status=upd["status"]
        )
    if use_mobile_data:
        if s.setting("network.airplane_mode", False) or not s.setting("network.mobile_data", False):
            raise PreconditionFailed(
                "downloading over mobile data needs mobile data on and airplane mode off",
                setting="network.mobile_data",
                required=True,
            )
    elif not s.setting("network.wifi", False):
        raise PreconditionFailed(
            "system updates download over Wi-Fi; turn Wi-Fi on or pass use_mobile_data=true",
            setting="network.wifi",
            required=True,
            current=False,
        )
    free = _free_mb(s)
    if free < upd["size_mb"]:
        raise PreconditionFailed(
            f"not enough storage: update {upd['version']} needs {upd['size_mb']} MB but only {free} MB is free",
            setting="storage.free_mb",
            required=upd["size_mb"],
            current=free,
        )
    rec = s.update("system_updates", upd["id"], status="downloaded", downloaded_at=s.now_iso())
    left = _mb(free - upd["size_mb"])
    s.set_setting("storage.free_mb", left)
    return ok(
        f"Downloaded update {rec['version']} ({rec['size_mb']} MB); install it with install_system_update",
        {"update": rec, "free_mb": left},
    )


@tool(DOMAIN, mutates=True)
def install_system_update(s: PhoneState, update_id: str | None = None) -> Ok:
    """Install a downloaded system update; the phone restarts, closing running apps.

    Args:
        update_id: The update's ID, e.g. "update_003"; the pending update when omitted.

    Returns:
        ``{"update": <the update record>, "os_version", "closed_apps": [app_id]}``.

    Raises:
        NotFound: no update has this ID, or no update is pending.
        AlreadyExists: the update is already installed.
        PreconditionFailed: the update is not downloaded yet, or the battery is below 30% and the phone
            is not charging.
        Conflict: a phone call is in progress (the restart would drop it).
    """
    upd = _update(s, update_id, "install")
    if upd["status"] == "installed":
        raise AlreadyExists(f"update {upd['version']} is already installed", update_id=upd["id"])
    if upd["status"] != "downloaded":
        raise PreconditionFailed(
            f"update {upd['version']} is not downloaded yet; run download_system_update first",
            update_id=upd["id"],
            remedy="download_system_update",
        )
    level = s.setting("battery.level", 100)
    if level < MIN_INSTALL_BATTERY and not s.setting("battery.charging", False):
        raise PreconditionFailed(
            f"the battery is at {level}%; installing needs at least {MIN_INSTALL_BATTERY}% or a charger",
            setting="battery.level",
            required=MIN_INSTALL_BATTERY,
            current=level,
        )
    call = s.get("active_call", "current")
    if call is not None:
        raise Conflict(
            f"a call with {call.get('name') or call.get('phone')} is in progress; end it before the restart",
            call_id=call.get("id"),
        )
    now = s.now_iso()
    rec = s.update("system_updates", upd["id"], status="installed", installed_at=now)
    s.set_setting("device.os_version", upd["version"])
    s.set_setting("storage.free_mb", _mb(_free_mb(s) + upd["size_mb"]))  # the package is deleted
    closed = [a["id"] for a in s.values("apps") if a.get("running")]
    for app_id in closed:
        s.update("apps", app_id, running=False)
    return ok(
        f"Installed update {upd['version']} and restarted",
        {"update": rec, "os_version": upd["version"], "closed_apps": closed},
    )


# --------------------------------------------------------------------------- reset
@tool(DOMAIN, mutates=True)
def restore_default_settings(s: PhoneState, section: Section) -> Ok:
    """Restore one section of the settings (or the control center layout) to the phone's defaults.

    Args:
        section: The section to reset, e.g. "display", "network" or "control_center". Battery readings
            (level, health, charging) are never reset; Battery Saver keeps the dark theme on.

    Returns:
        ``{"section", "changes": [{"setting", "before", "after"}]}``; for "control_center",
        ``{"section", "tiles": [tile ids in order], "changes": [...]}``.

    Raises:
        InvalidArguments: section is not one of the listed sections.
    """
    changes: list[dict[str, Any]] = []
    if section == "control_center":
        before = [t["id"] for t in _tiles(s)]
        for tid in before:
            if tid not in DEFAULT_TILES:
                s.delete("control_center", tid)
        _renumber(s, list(DEFAULT_TILES))
        if before != list(DEFAULT_TILES):
            changes.append({"setting": "control_center", "before": before, "after": list(DEFAULT_TILES)})
        return ok(
            "Control center restored to the default tiles",
            {"section": section, "tiles": list(DEFAULT_TILES), "changes": changes},
        )
    prefix = section + "."
    base = s.world.tables.get("settings", {})
    keys = [k for k, _ in s.scan("settings") if k.startswith(prefix) and k not in _READINGS]
    for key in keys:
        if key in _FACTORY:
            _set(s, key, _FACTORY[key], changes)
        elif key in base:
            _set(s, key, base[key]["value"], changes)
    if section == "display" and s.setting("battery.power_saving", False):
        _apply_saver(s, True, changes)
    return ok(f"Restored {len(changes)} {section} settings to their defaults", {"section": section,
                                                                                 "changes": changes})  # fmt: skip
