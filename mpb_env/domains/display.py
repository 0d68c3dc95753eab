"""Display & Sound: brightness, dark mode, eye comfort, text and display size, screen timeout, refresh rate,
per-stream volumes, sound mode, ringtones, vibration and haptics, Do Not Disturb and power schedules.

Tables:
    settings (System Settings) — this domain reads and writes these keys (``{key: {"value": v}}``):
        ``display.brightness`` 0..100, ``display.auto_brightness`` bool, ``display.dark_mode`` bool,
        ``display.dark_mode_schedule`` / ``display.eye_comfort_schedule`` ∈ {"off", "sunset_to_sunrise",
        "custom"} with ``*_start`` / ``*_end`` "HH:MM", ``display.eye_comfort`` bool,
        ``display.eye_comfort_strength`` 0..100, ``display.font_size`` ∈ FONT_SIZES,
        ``display.display_size`` ∈ DISPLAY_SIZES, ``display.screen_timeout_s`` ∈ SCREEN_TIMEOUTS,
        ``display.refresh_rate`` ∈ {60, 90, 120}; ``volume.{media,ring,alarm,call,notification}`` 0..100;
        ``sound.mode`` ∈ {"ring", "vibrate", "silent"} (a plain write, exactly as automation rules do);
        ``sound.ringtone`` / ``sound.notification_sound`` / ``sound.alarm_sound`` (ringtone IDs);
        ``sound.vibration_intensity`` 0..100 (0 = vibration off), ``sound.haptics`` bool;
        ``dnd.enabled`` bool, ``dnd.until`` ISO datetime or None (a timed DND), ``dnd.allow_calls_from``
        ∈ {"everyone", "contacts", "favorites", "none"}, ``dnd.repeat_callers`` bool,
        ``dnd.schedule_enabled`` bool, ``dnd.schedule_start`` / ``dnd.schedule_end`` "HH:MM",
        ``dnd.schedule_days`` [weekday]. ``battery.power_saving`` is read (120 Hz is refused while it is on).
    ringtones: ``{ringtone_id: {"id", "name", "kind": "ringtone"|"notification"|"alarm", "duration_s",
        "source": "system"|"downloaded"}}``. Core sounds ``ringtone_001``..``ringtone_016``; generated ones
        from ``ringtone_101``. A sound can only be used for its own kind (the phone's pickers list by kind).
    contact_ringtones: ``{contact_id: {"contact_id", "ringtone_id", "updated_at"}}`` — per-contact ringtones
        over the ``contacts`` table (Calls & Communication).
    dnd_exceptions: ``{contact_id: {"contact_id", "allow_calls", "allow_messages", "added_at"}}`` — people
        who break through Do Not Disturb; blocked numbers (``blocked_numbers``) cannot be added.
    power_schedules: ``{"power_on" | "power_off": {"id", "action", "time": "HH:MM", "repeat_days", "enabled"}}``;
        alarms (Time Management) that fall while the phone is scheduled off are reported, since they
        would not ring.

Out-of-range policy: a value outside its numeric range (a percentage outside 0..100, a non-positive
duration) is InvalidArguments; a well-formed value the hardware does not offer (144 Hz, a 45-minute
screen timeout, a 13-hour DND, muting the in-call volume) is CapabilityLimit with ``supported`` data.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any, Literal

from mpb_env.errors import (
    AlreadyExists,
    CapabilityLimit,
    Conflict,
    InvalidArguments,
    NotFound,
    PreconditionFailed,
)
from mpb_env.tools.formats import clock_hhmm
from mpb_env.tools.runtime import Ok, ok, tool
from mpb_env.world.state import PhoneState, Record, Tables

DOMAIN = "Display & Sound"
SEED_ORDER = 50

Day = Literal["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
Schedule = Literal["off", "sunset_to_sunrise", "custom"]
FontSize = Literal["small", "default", "large", "largest"]
DisplaySize = Literal["small", "default", "large", "larger", "largest"]
Stream = Literal["media", "ring", "alarm", "call", "notification"]
SoundMode = Literal["ring", "vibrate", "silent"]
SoundKind = Literal["ringtone", "notification", "alarm"]
CallFilter = Literal["everyone", "contacts", "favorites", "none"]
PowerAction = Literal["power_on", "power_off"]

DAYS: tuple[str, ...] = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_DAY_INDEX = {d: i for i, d in enumerate(DAYS)}
REFRESH_RATES: tuple[int, ...] = (60, 90, 120)
SCREEN_TIMEOUTS: tuple[int, ...] = (15, 30, 60, 120, 300, 600, 1800)
MAX_DND_MINUTES = 720  # the quick-settings dialog offers up to 12 hours; longer means "until turned off"
MIN_CALL_VOLUME = 1  # the in-call stream cannot be muted
SUNSET, SUNRISE = "20:15", "05:55"  # San Francisco, late May (used by "sunset_to_sunrise" schedules)
_SOUND_SETTING = {
    "ringtone": "sound.ringtone",
    "notification": "sound.notification_sound",
    "alarm": "sound.alarm_sound",
}
_KIND_LABEL = {"ringtone": "a ringtone", "notification": "a notification sound", "alarm": "an alarm sound"}
CONTACTS = ("contacts", "CONTACTS")

# Keys this domain adds next to System Settings' DEFAULT_SETTINGS (existing keys are left as they are).
SETTINGS: dict[str, Any] = {
    "display.dark_mode_schedule": "off",
    "display.dark_mode_start": "22:00",
    "display.dark_mode_end": "07:00",
    "display.eye_comfort": False,
    "display.eye_comfort_strength": 50,
    "display.eye_comfort_schedule": "off",
    "display.eye_comfort_start": "21:00",
    "display.eye_comfort_end": "07:00",
    "display.font_size": "default",
    "display.display_size": "default",
    "display.screen_timeout_s": 60,
    "display.refresh_rate": 60,
    "volume.call": 70,
    "volume.notification": 60,
    "sound.ringtone": "ringtone_001",
    "sound.notification_sound": "ringtone_007",
    "sound.alarm_sound": "ringtone_011",
    "sound.vibration_intensity": 60,
    "sound.haptics": True,
    "dnd.until": None,
    "dnd.repeat_callers": True,
    "dnd.schedule_enabled": False,
    "dnd.schedule_start": "23:00",
    "dnd.schedule_end": "07:00",
    "dnd.schedule_days": list(DAYS),
}

# (id, name, kind, duration_s)
CORE_RINGTONES: list[tuple[str, str, str, int]] = [
    ("ringtone_001", "Over the Horizon", "ringtone", 28),
    ("ringtone_002", "Marimba", "ringtone", 22),
    ("ringtone_003", "Opening", "ringtone", 25),
    ("ringtone_004", "Crystal Bells", "ringtone", 24),
    ("ringtone_005", "Old Phone", "ringtone", 18),
    ("ringtone_006", "Summer Breeze", "ringtone", 30),
    ("ringtone_007", "Chime", "notification", 2),
    ("ringtone_008", "Pop", "notification", 1),
    ("ringtone_009", "Ding", "notification", 1),
    ("ringtone_010", "Whistle", "notification", 2),
    ("ringtone_011", "Classic Alarm", "alarm", 30),
    ("ringtone_012", "Sunrise", "alarm", 45),
    ("ringtone_013", "Morning Birds", "alarm", 40),
    ("ringtone_014", "Radar", "alarm", 20),
    ("ringtone_015", "Marimba Wake", "alarm", 35),
    ("ringtone_016", "Soft Bell", "notification", 2),
]

CORE_CONTACT_RINGTONES: list[tuple[str, str]] = [
    ("contact_004", "ringtone_006"),
    ("contact_006", "ringtone_005"),
]
# (contact_id, allow_calls, allow_messages, added_at)
CORE_DND_EXCEPTIONS: list[tuple[str, bool, bool, str]] = [
    ("contact_004", True, True, "2025-11-02T21:10:00"),
    ("contact_005", True, False, "2025-11-02T21:11:00"),
]
CORE_POWER_SCHEDULES: list[Record] = [
    {"id": "power_on", "action": "power_on", "time": "06:00", "repeat_days": list(DAYS), "enabled": False},
    {"id": "power_off", "action": "power_off", "time": "23:30", "repeat_days": list(DAYS), "enabled": False},
]

_GEN_ADJ = ("Silver", "Quiet", "Bright", "Gentle", "Electric", "Ocean", "Velvet", "Golden", "Lunar", "Amber",
            "Neon", "Crisp", "Rolling", "Distant", "Happy", "Urban")  # fmt: skip
_GEN_NOUN = ("Echo", "Pulse", "Ripple", "Spark", "Drift", "Glow", "Bloom", "Tide", "Breeze", "Beat", "Chord",
             "Wave", "Flute", "Bell", "Signal", "Loop")  # fmt: skip


# --------------------------------------------------------------------------- world
def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    settings = tables.setdefault("settings", {})
    for key, value in SETTINGS.items():
        settings.setdefault(key, {"value": list(value) if isinstance(value, list) else value})
    ringtones: dict[str, Record] = {
        rid: {"id": rid, "name": name, "kind": kind, "duration_s": dur, "source": "system"}
        for rid, name, kind, dur in CORE_RINGTONES
    }
    names = {r["name"] for r in ringtones.values()}
    n_gen = round(20 * scale)
    for i in range(n_gen):
        while True:
            name = f"{rng.choice(_GEN_ADJ)} {rng.choice(_GEN_NOUN)}"
            if name not in names:
                break
        names.add(name)
        kind = rng.choice(("ringtone", "ringtone", "notification", "alarm"))
        dur = rng.randint(1, 3) if kind == "notification" else rng.randint(15, 45)
        rid = f"ringtone_{101 + i:03d}"
        ringtones[rid] = {
            "id": rid,
            "name": name,
            "kind": kind,
            "duration_s": dur,
            "source": rng.choice(("system", "downloaded")),
        }
    tables["ringtones"] = ringtones
    tables["contact_ringtones"] = {
        cid: {"contact_id": cid, "ringtone_id": rid, "updated_at": "2025-12-20T19:00:00"}
        for cid, rid in CORE_CONTACT_RINGTONES
    }
    tables["dnd_exceptions"] = {
        cid: {"contact_id": cid, "allow_calls": calls, "allow_messages": msgs, "added_at": at}
        for cid, calls, msgs, at in CORE_DND_EXCEPTIONS
    }
    tables["power_schedules"] = {
        p["id"]: dict(p, repeat_days=list(p["repeat_days"])) for p in CORE_POWER_SCHEDULES
    }


# --------------------------------------------------------------------------- helpers
def _hhmm(value: str, field: str) -> str:
    hhmm = clock_hhmm(value)
    if hhmm is None:
        raise InvalidArguments(f'{field} {value!r} is not a 24-hour time "HH:MM", e.g. "22:30"', field=field)
    return hhmm


def _pct(value: int, field: str) -> int:
    if not 0 <= value <= 100:
        raise InvalidArguments(f"{field} is a percentage 0..100, got {value}", field=field)
    return value


def _days(days: list[str]) -> list[str]:
    return sorted(set(days), key=_DAY_INDEX.__getitem__)


def _in_window(now: datetime, start: str, end: str, days: list[str] | None = None) -> bool:
    """Whether ``now`` lies in the daily window [start, end) (overnight when end <= start).

    ``days`` are the weekdays a window may *start* on (None = every day).
    """
    t = now.strftime("%H:%M")
    today = DAYS[now.weekday()]
    if start < end:
        return start <= t < end and (days is None or today in days)
    if t >= start:
        return days is None or today in days
    if t < end:
        return days is None or DAYS[(now.weekday() - 1) % 7] in days
    return False


def _contact(s: PhoneState, contact_id: str) -> Record:
    rec = s.get("contacts", contact_id)
    if rec is None:
        raise NotFound(
            f"no contact with id {contact_id!r}; use search_contacts to find the right ID",
            contact_id=contact_id,
        )
    return rec


def _ringtone(s: PhoneState, ringtone_id: str, kind: str) -> Record:
    rec = s.get("ringtones", ringtone_id)
    if rec is None:
        raise NotFound(
            f"no sound with id {ringtone_id!r}; list_ringtones(kind={kind!r}) shows them",
            ringtone_id=ringtone_id,
        )
    if rec["kind"] != kind:
        raise InvalidArguments(
            f"{ringtone_id} {rec['name']!r} is {_KIND_LABEL[rec['kind']]}, not {_KIND_LABEL[kind]}; "
            f"list_ringtones(kind={kind!r}) shows those",
            ringtone_id=ringtone_id,
            kind=rec["kind"],
        )
    return rec


def _sound_name(s: PhoneState, ringtone_id: str | None) -> str | None:
    rec = s.get("ringtones", ringtone_id) if ringtone_id else None
    return None if rec is None else rec["name"]


def _name_of(s: PhoneState, contact_id: str) -> str | None:
    rec = s.get("contacts", contact_id)
    return None if rec is None else rec["name"]


def _scheduled_window(s: PhoneState, prefix: str) -> tuple[str, str] | None:
    mode = s.setting(f"display.{prefix}_schedule", "off")
    if mode == "sunset_to_sunrise":
        return SUNSET, SUNRISE
    if mode == "custom":
        return s.setting(f"display.{prefix}_start"), s.setting(f"display.{prefix}_end")
    return None


def _dark_mode(s: PhoneState) -> dict[str, Any]:
    window = _scheduled_window(s, "dark_mode")
    enabled = bool(s.setting("display.dark_mode", False))
    return {
        "enabled": enabled,
        "schedule": s.setting("display.dark_mode_schedule", "off"),
        "window": list(window) if window else None,
        "active_now": enabled or (window is not None and _in_window(s.now(), *window)),
    }


def _eye_comfort(s: PhoneState) -> dict[str, Any]:
    window = _scheduled_window(s, "eye_comfort")
    enabled = bool(s.setting("display.eye_comfort", False))
    return {
        "enabled": enabled,
        "strength": s.setting("display.eye_comfort_strength"),
        "schedule": s.setting("display.eye_comfort_schedule", "off"),
        "window": list(window) if window else None,
        "active_now": enabled or (window is not None and _in_window(s.now(), *window)),
    }


def _dnd(s: PhoneState) -> dict[str, Any]:
    now = s.now()
    until = s.setting("dnd.until")
    manual = bool(s.setting("dnd.enabled", False)) and (until is None or s.now_iso() < until)
    sched_on = bool(s.setting("dnd.schedule_enabled", False))
    start, end = s.setting("dnd.schedule_start"), s.setting("dnd.schedule_end")
    days = list(s.setting("dnd.schedule_days") or [])
    exceptions = [{**e, "name": _name_of(s, e["contact_id"])} for e in s.values("dnd_exceptions")]
    return {
        "enabled": bool(s.setting("dnd.enabled", False)),
        "until": until,
        "active_now": manual or (sched_on and _in_window(now, start, end, days)),
        "allow_calls_from": s.setting("dnd.allow_calls_from"),
        "repeat_callers": s.setting("dnd.repeat_callers"),
        "schedule": {"enabled": sched_on, "start": start, "end": end, "days": days},
        "exceptions": exceptions,
    }


def _set(s: PhoneState, key: str, value: Any, applied: dict[str, Any]) -> None:
    applied[key] = value
    s.set_setting(key, value)


def _schedule_changes(
    s: PhoneState, prefix: str, schedule: str | None, start: str | None, end: str | None
) -> dict[str, Any]:
    """Validate a dark-mode / eye-comfort schedule change; returns the settings to write."""
    out: dict[str, Any] = {}
    mode = schedule if schedule is not None else s.setting(f"display.{prefix}_schedule", "off")
    if (start is not None or end is not None) and mode != "custom":
        raise InvalidArguments(
            f'start/end only apply to schedule="custom" (the schedule is {mode!r})', field="schedule"
        )
    if schedule is not None:
        out[f"display.{prefix}_schedule"] = schedule
    if start is not None:
        out[f"display.{prefix}_start"] = _hhmm(start, "start")
    if end is not None:
        out[f"display.{prefix}_end"] = _hhmm(end, "end")
    if mode == "custom":
        t0 = out.get(f"display.{prefix}_start", s.setting(f"display.{prefix}_start"))
        t1 = out.get(f"display.{prefix}_end", s.setting(f"display.{prefix}_end"))
        if t0 == t1:
            raise InvalidArguments(f"start and end are both {t0}; the window would be empty", field="end")
    return out


# --------------------------------------------------------------------------- display
@tool(DOMAIN)
def get_display_settings(s: PhoneState) -> Ok:
    """Read the display settings: brightness, dark mode, eye comfort, text/display size, timeout, refresh rate.

    Returns:
        ``{"brightness", "auto_brightness", "dark_mode": {"enabled", "schedule", "window", "active_now"},
        "eye_comfort": {"enabled", "strength", "schedule", "window", "active_now"}, "font_size",
        "display_size", "screen_timeout_s", "refresh_rate", "refresh_rate_effective", "power_saving"}``;
        ``refresh_rate_effective`` is capped at 60 Hz while battery saver is on.

    Raises:
        InvalidArguments: an unexpected argument was passed.
    """
    saving = bool(s.setting("battery.power_saving", False))
    rate = s.setting("display.refresh_rate")
    data = {
        "brightness": s.setting("display.brightness"),
        "auto_brightness": s.setting("display.auto_brightness"),
        "dark_mode": _dark_mode(s),
        "eye_comfort": _eye_comfort(s),
        "font_size": s.setting("display.font_size"),
        "display_size": s.setting("display.display_size"),
        "screen_timeout_s": s.setting("display.screen_timeout_s"),
        "refresh_rate": rate,
        "refresh_rate_effective": min(rate, 60) if saving else rate,
        "power_saving": saving,
    }
    return ok(
        f"Brightness {data['brightness']}% ({'auto' if data['auto_brightness'] else 'manual'}), dark mode "
        f"{'on' if data['dark_mode']['active_now'] else 'off'}, {rate} Hz",
        data,
    )


@tool(DOMAIN, mutates=True)
def set_display_brightness(
    s: PhoneState, level: int | None = None, auto_brightness: bool | None = None
) -> Ok:
    """Set the screen brightness level and/or switch adaptive (auto) brightness on or off.

    Args:
        level: Brightness in percent 0..100, e.g. 40.
        auto_brightness: Turn adaptive brightness on (true) or off (false), e.g. false.

    Returns:
        ``{"brightness", "auto_brightness", "before": {"brightness", "auto_brightness"}}``.

    Raises:
        InvalidArguments: neither field was given, or level is outside 0..100.
    """
    if level is None and auto_brightness is None:
        raise InvalidArguments("give level and/or auto_brightness")
    before = {
        "brightness": s.setting("display.brightness"),
        "auto_brightness": s.setting("display.auto_brightness"),
    }
    if level is not None:
        s.set_setting("display.brightness", _pct(level, "level"))
    if auto_brightness is not None:
        s.set_setting("display.auto_brightness", auto_brightness)
    data = {
        "brightness": s.setting("display.brightness"),
        "auto_brightness": s.setting("display.auto_brightness"),
        "before": before,
    }
    return ok(
        f"Brightness {data['brightness']}%, auto brightness {'on' if data['auto_brightness'] else 'off'}",
        data,
    )


@tool(DOMAIN, mutates=True)
def set_dark_mode(
    s: PhoneState,
    enabled: bool | None = None,
    schedule: Schedule | None = None,
    start: str | None = None,
    end: str | None = None,
) -> Ok:
    """Turn dark mode on or off and/or set its schedule (off, sunset to sunrise, or custom hours).

    Args:
        enabled: Dark mode on (true) or off (false) right now, e.g. true.
        schedule: When it turns on by itself, e.g. "custom"; "sunset_to_sunrise" uses local sunset
            (about 20:15) to sunrise (about 05:55); "off" means manual only.
        start: Custom schedule start, 24-hour, e.g. "22:00" (only with a custom schedule).
        end: Custom schedule end, 24-hour, e.g. "07:00" (only with a custom schedule).

    Returns:
        ``{"enabled", "schedule", "window", "active_now", "changed": {setting: value}}``.

    Raises:
        InvalidArguments: nothing was given, a time is not "HH:MM", start/end were given without a custom
            schedule, or start equals end.
    """
    if enabled is None and schedule is None and start is None and end is None:
        raise InvalidArguments("give enabled, schedule, start or end")
    changes = _schedule_changes(s, "dark_mode", schedule, start, end)
    if enabled is not None:
        changes["display.dark_mode"] = enabled
    for key, value in changes.items():
        s.set_setting(key, value)
    data = {**_dark_mode(s), "changed": changes}
    return ok(f"Dark mode {'on' if data['active_now'] else 'off'} (schedule {data['schedule']})", data)


@tool(DOMAIN, mutates=True)
def set_eye_comfort(
    s: PhoneState,
    enabled: bool | None = None,
    strength: int | None = None,
    schedule: Schedule | None = None,
    start: str | None = None,
    end: str | None = None,
) -> Ok:
    """Configure the eye comfort (blue-light / night light) filter: on/off, strength and schedule.

    Args:
        enabled: Filter on (true) or off (false) right now, e.g. true.
        strength: Warmth of the filter in percent 0..100, e.g. 70.
        schedule: When it turns on by itself, e.g. "sunset_to_sunrise"; "custom" uses start/end;
            "off" means manual only.
        start: Custom schedule start, 24-hour, e.g. "21:00" (only with a custom schedule).
        end: Custom schedule end, 24-hour, e.g. "06:30" (only with a custom schedule).

    Returns:
        ``{"enabled", "strength", "schedule", "window", "active_now", "changed": {setting: value}}``.

    Raises:
        InvalidArguments: nothing was given, strength is outside 0..100, a time is not "HH:MM",
            start/end were given without a custom schedule, or start equals end.
    """
    if all(v is None for v in (enabled, strength, schedule, start, end)):
        raise InvalidArguments("give enabled, strength, schedule, start or end")
    changes = _schedule_changes(s, "eye_comfort", schedule, start, end)
    if strength is not None:
        changes["display.eye_comfort_strength"] = _pct(strength, "strength")
    if enabled is not None:
        changes["display.eye_comfort"] = enabled
    for key, value in changes.items():
        s.set_setting(key, value)
    data = {**_eye_comfort(s), "changed": changes}
    return ok(
        f"Eye comfort {'on' if data['active_now'] else 'off'} at {data['strength']}% (schedule {data['schedule']})",
        data,
    )


@tool(DOMAIN, mutates=True)
def set_font_size(s: PhoneState, size: FontSize) -> Ok:
    """Set the system font (text) size step.

    Args:
        size: The font size step, e.g. "large".

    Returns:
        ``{"font_size", "before"}``.

    Raises:
        InvalidArguments: size is not one of small, default, large, largest.
    """
    before = s.setting("display.font_size")
    s.set_setting("display.font_size", size)
    return ok(f"Font size {size} (was {before})", {"font_size": size, "before": before})


@tool(DOMAIN, mutates=True)
def set_display_size(s: PhoneState, size: DisplaySize) -> Ok:
    """Set the display size (zoom of everything on screen) step.

    Args:
        size: The display size step, e.g. "larger".

    Returns:
        ``{"display_size", "before"}``.

    Raises:
        InvalidArguments: size is not one of small, default, large, larger, largest.
    """
    before = s.setting("display.display_size")
    s.set_setting("display.display_size", size)
    return ok(f"Display size {size} (was {before})", {"display_size": size, "before": before})


@tool(DOMAIN, mutates=True)
def set_screen_timeout(s: PhoneState, seconds: int) -> Ok:
    """Set how long the screen stays on without a touch before it turns off.

    Args:
        seconds: The timeout in seconds, one of 15, 30, 60, 120, 300, 600 or 1800, e.g. 120 for 2 minutes.

    Returns:
        ``{"screen_timeout_s", "before"}``.

    Raises:
        InvalidArguments: seconds is not positive.
        CapabilityLimit: the phone does not offer this timeout; ``supported`` lists the ones it does.
    """
    if seconds <= 0:
        raise InvalidArguments(f"seconds must be positive, got {seconds}", field="seconds")
    if seconds not in SCREEN_TIMEOUTS:
        raise CapabilityLimit(
            f"a {seconds} s screen timeout is not offered; choose one of {list(SCREEN_TIMEOUTS)} seconds",
            supported=list(SCREEN_TIMEOUTS),
        )
    before = s.setting("display.screen_timeout_s")
    s.set_setting("display.screen_timeout_s", seconds)
    return ok(f"Screen timeout {seconds} s (was {before} s)", {"screen_timeout_s": seconds, "before": before})


@tool(DOMAIN, mutates=True)
def set_refresh_rate(s: PhoneState, hz: int) -> Ok:
    """Set the screen refresh rate (motion smoothness).

    Args:
        hz: Refresh rate in Hz, one of 60, 90 or 120, e.g. 120.

    Returns:
        ``{"refresh_rate", "before"}``.

    Raises:
        CapabilityLimit: the panel does not support this rate; ``supported`` lists 60, 90 and 120.
        PreconditionFailed: 120 Hz was asked for while battery saver (battery.power_saving) is on.
    """
    if hz not in REFRESH_RATES:
        raise CapabilityLimit(
            f"the display supports {', '.join(map(str, REFRESH_RATES))} Hz, not {hz} Hz",
            supported=list(REFRESH_RATES),
        )
    if hz == 120 and s.setting("battery.power_saving", False):
        raise PreconditionFailed(
            "120 Hz is unavailable while battery saver is on; turn battery saver off first, or use 60/90 Hz",
            setting="battery.power_saving",
            required=False,
            current=True,
        )
    before = s.setting("display.refresh_rate")
    s.set_setting("display.refresh_rate", hz)
    return ok(f"Refresh rate {hz} Hz (was {before} Hz)", {"refresh_rate": hz, "before": before})


# --------------------------------------------------------------------------- sound
@tool(DOMAIN)
def get_sound_settings(s: PhoneState) -> Ok:
    """Read the sound settings: sound mode, per-stream volumes, sounds, vibration, haptics and Do Not Disturb.

    Returns:
        ``{"mode", "volumes": {stream: level}, "ringtone", "notification_sound", "alarm_sound" (each
        ``{"id", "name"}``), "contact_ringtones": [{"contact_id", "name", "ringtone_id", "ringtone_name"}],
        "vibration_intensity", "haptics", "dnd": {"enabled", "until", "active_now", "allow_calls_from",
        "repeat_callers", "schedule": {"enabled", "start", "end", "days"}, "exceptions": [...]}}``.

    Raises:
        InvalidArguments: an unexpected argument was passed.
    """
    sounds = {
        usage: {"id": (rid := s.setting(key)), "name": _sound_name(s, rid)}
        for usage, key in _SOUND_SETTING.items()
    }
    data = {
        "mode": s.setting("sound.mode"),
        "volumes": {
            st: s.setting(f"volume.{st}") for st in ("media", "ring", "alarm", "call", "notification")
        },
        "ringtone": sounds["ringtone"],
        "notification_sound": sounds["notification"],
        "alarm_sound": sounds["alarm"],
        "contact_ringtones": [
            {**r, "name": _name_of(s, r["contact_id"]), "ringtone_name": _sound_name(s, r["ringtone_id"])}
            for r in s.values("contact_ringtones")
        ],
        "vibration_intensity": s.setting("sound.vibration_intensity"),
        "haptics": s.setting("sound.haptics"),
        "dnd": _dnd(s),
    }
    return ok(
        f"Sound mode {data['mode']}, ring {data['volumes']['ring']}%, media {data['volumes']['media']}%, "
        f"Do Not Disturb {'active' if data['dnd']['active_now'] else 'off'}",
        data,
    )


@tool(DOMAIN, mutates=True)
def set_stream_volume(s: PhoneState, stream: Stream, level: int) -> Ok:
    """Set the volume of one audio stream (media, ring, alarm, call or notification).

    Args:
        stream: Which volume to change, e.g. "media".
        level: Volume in percent 0..100, e.g. 30.

    Returns:
        ``{"stream", "level", "before", "sound_mode"}`` plus a ``note`` when the sound mode keeps a ring or
        notification stream quiet anyway.

    Raises:
        InvalidArguments: level is outside 0..100.
        CapabilityLimit: the call (in-call) volume cannot be set below 1.
    """
    _pct(level, "level")
    if stream == "call" and level < MIN_CALL_VOLUME:
        raise CapabilityLimit(
            f"the in-call volume cannot be muted; the minimum is {MIN_CALL_VOLUME}",
            supported=[MIN_CALL_VOLUME, 100],
        )
    key = f"volume.{stream}"
    before = s.setting(key)
    s.set_setting(key, level)
    mode = s.setting("sound.mode")
    data: dict[str, Any] = {"stream": stream, "level": level, "before": before, "sound_mode": mode}
    if stream in ("ring", "notification") and mode != "ring":
        data["note"] = (
            f"sound mode is {mode}, so {stream} sounds stay quiet until set_sound_mode(mode='ring')"
        )
    return ok(f"{stream.capitalize()} volume {level}% (was {before}%)", data)


@tool(DOMAIN, mutates=True)
def set_sound_mode(s: PhoneState, mode: SoundMode) -> Ok:
    """Switch the phone between ring, vibrate and silent mode.

    Args:
        mode: The sound mode, e.g. "vibrate".

    Returns:
        ``{"mode", "before", "dnd_active"}``.

    Raises:
        InvalidArguments: mode is not one of ring, vibrate, silent.
    """
    before = s.setting("sound.mode")
    s.set_setting("sound.mode", mode)
    dnd = _dnd(s)["active_now"]
    return ok(f"Sound mode {mode} (was {before})", {"mode": mode, "before": before, "dnd_active": dnd})


@tool(DOMAIN)
def list_ringtones(s: PhoneState, kind: SoundKind | None = None, query: str | None = None) -> Ok:
    """List the available ringtones, notification sounds and alarm sounds, marking the ones in use.

    Args:
        kind: Only sounds of this kind, e.g. "alarm"; all kinds when omitted.
        query: Case-insensitive text in the sound's name, e.g. "marimba".

    Returns:
        Sound records ``{"id", "name", "kind", "duration_s", "source", "in_use": bool}``, by kind then name.

    Raises:
        InvalidArguments: query is blank or kind is not ringtone, notification or alarm.
    """
    needle = None
    if query is not None:
        needle = query.strip().casefold()
        if not needle:
            raise InvalidArguments("query must not be blank; omit it to list every sound", field="query")
    in_use = {s.setting(key) for key in _SOUND_SETTING.values()}
    rows = [
        {**r, "in_use": r["id"] in in_use}
        for r in s.values("ringtones")
        if (kind is None or r["kind"] == kind) and (needle is None or needle in r["name"].casefold())
    ]
    rows.sort(key=lambda r: (r["kind"], r["name"]))
    return ok(f"{len(rows)} sounds", rows)


@tool(DOMAIN, mutates=True)
def set_ringtone(s: PhoneState, ringtone_id: str, usage: SoundKind = "ringtone") -> Ok:
    """Choose the default ringtone, notification sound or alarm sound.

    Args:
        ringtone_id: The sound's ID from list_ringtones, e.g. "ringtone_012".
        usage: Which default to change, e.g. "alarm"; the sound must be of this kind.

    Returns:
        ``{"usage", "id", "name", "before": {"id", "name"}}``.

    Raises:
        NotFound: no sound has this ID.
        InvalidArguments: the sound is of another kind (e.g. a notification sound as a ringtone).
    """
    rec = _ringtone(s, ringtone_id, usage)
    key = _SOUND_SETTING[usage]
    old = s.setting(key)
    s.set_setting(key, ringtone_id)
    before = {"id": old, "name": _sound_name(s, old)}
    return ok(
        f"{usage.capitalize()} sound is now {rec['name']!r} (was {before['name']!r})",
        {"usage": usage, "id": ringtone_id, "name": rec["name"], "before": before},
    )


@tool(DOMAIN, mutates=True, permission=CONTACTS)
def set_contact_ringtone(s: PhoneState, contact_id: str, ringtone_id: str | None = None) -> Ok:
    """Give a contact their own ringtone, or clear it so they use the default ringtone.

    Args:
        contact_id: The contact's ID, e.g. "contact_004".
        ringtone_id: A ringtone's ID from list_ringtones(kind="ringtone"), e.g. "ringtone_004"; omit or
            null to go back to the default ringtone.

    Returns:
        ``{"contact_id", "name", "ringtone_id", "ringtone_name", "before"}`` (``ringtone_id`` null = default).

    Raises:
        NotFound: no contact or no sound has this ID.
        InvalidArguments: the sound is not a ringtone (e.g. an alarm sound).
        PermissionDenied: the Contacts app lacks the CONTACTS permission.
    """
    person = _contact(s, contact_id)
    old = s.get("contact_ringtones", contact_id)
    before = None if old is None else old["ringtone_id"]
    if ringtone_id is None:
        if old is not None:
            s.delete("contact_ringtones", contact_id)
        name = None
    else:
        name = _ringtone(s, ringtone_id, "ringtone")["name"]
        s.put(
            "contact_ringtones",
            contact_id,
            {"contact_id": contact_id, "ringtone_id": ringtone_id, "updated_at": s.now_iso()},
        )
    shown = name or f"the default ({_sound_name(s, s.setting('sound.ringtone'))})"
    return ok(
        f"{person['name']} now rings with {shown}",
        {
            "contact_id": contact_id,
            "name": person["name"],
            "ringtone_id": ringtone_id,
            "ringtone_name": name,
            "before": before,
        },
    )


@tool(DOMAIN, mutates=True)
def set_vibration_intensity(s: PhoneState, intensity: int) -> Ok:
    """Set the vibration intensity for calls and notifications (0 turns vibration off).

    Args:
        intensity: Strength in percent 0..100, e.g. 80; 0 switches vibration off.

    Returns:
        ``{"vibration_intensity", "before", "sound_mode"}`` plus a ``note`` when vibrate mode would now be
        silent.

    Raises:
        InvalidArguments: intensity is outside 0..100.
    """
    before = s.setting("sound.vibration_intensity")
    s.set_setting("sound.vibration_intensity", _pct(intensity, "intensity"))
    mode = s.setting("sound.mode")
    data: dict[str, Any] = {"vibration_intensity": intensity, "before": before, "sound_mode": mode}
    if intensity == 0 and mode == "vibrate":
        data["note"] = "the phone is in vibrate mode, so calls and notifications will now make no signal"
    return ok(f"Vibration intensity {intensity}% (was {before}%)", data)


@tool(DOMAIN, mutates=True)
def set_haptic_feedback(s: PhoneState, enabled: bool) -> Ok:
    """Turn touch haptics (vibration on taps and key presses) on or off.

    Args:
        enabled: Haptics on (true) or off (false), e.g. true.

    Returns:
        ``{"haptics", "before"}``.

    Raises:
        PreconditionFailed: haptics were turned on while vibration is off (intensity 0); raise it with
            set_vibration_intensity first.
    """
    if enabled and not s.setting("sound.vibration_intensity", 0):
        raise PreconditionFailed(
            "vibration is off (intensity 0); set_vibration_intensity above 0 before turning on haptics",
            setting="sound.vibration_intensity",
            current=0,
        )
    before = s.setting("sound.haptics")
    s.set_setting("sound.haptics", enabled)
    return ok(f"Haptic feedback {'on' if enabled else 'off'}", {"haptics": enabled, "before": before})


# --------------------------------------------------------------------------- do not disturb
@tool(DOMAIN, mutates=True)
def set_do_not_disturb(
    s: PhoneState,
    enabled: bool,
    duration_minutes: int | None = None,
    allow_calls_from: CallFilter | None = None,
    repeat_callers: bool | None = None,
) -> Ok:
    """Turn Do Not Disturb on (optionally for a while) or off, and choose whose calls get through.

    Args:
        enabled: Do Not Disturb on (true) or off (false), e.g. true.
        duration_minutes: Turn it off by itself after this many minutes (1..720), e.g. 60; omit to keep it
            on until turned off. Only with enabled=true.
        allow_calls_from: Whose calls ring through, e.g. "favorites".
        repeat_callers: Let a second call from the same number within 15 minutes ring, e.g. true.

    Returns:
        The Do Not Disturb state ``{"enabled", "until", "active_now", "allow_calls_from", "repeat_callers",
        "schedule", "exceptions"}``.

    Raises:
        InvalidArguments: duration_minutes was given with enabled=false or is not positive.
        CapabilityLimit: duration_minutes exceeds 720 (12 hours); omit it to stay on until turned off.
    """
    until = None
    if duration_minutes is not None:
        if not enabled:
            raise InvalidArguments("duration_minutes only applies when turning Do Not Disturb on")
        if duration_minutes <= 0:
            raise InvalidArguments(f"duration_minutes must be positive, got {duration_minutes}")
        if duration_minutes > MAX_DND_MINUTES:
            raise CapabilityLimit(
                f"timed Do Not Disturb lasts at most {MAX_DND_MINUTES} minutes (12 hours); omit "
                "duration_minutes to keep it on until turned off",
                supported=[1, MAX_DND_MINUTES],
            )
        until = (s.now() + timedelta(minutes=duration_minutes)).isoformat(timespec="seconds")
    s.set_setting("dnd.enabled", enabled)
    s.set_setting("dnd.until", until)
    if allow_calls_from is not None:
        s.set_setting("dnd.allow_calls_from", allow_calls_from)
    if repeat_callers is not None:
        s.set_setting("dnd.repeat_callers", repeat_callers)
    data = _dnd(s)
    when = f" until {until}" if until else ""
    return ok(
        f"Do Not Disturb {'on' if enabled else 'off'}{when}; calls allowed from {data['allow_calls_from']}",
        data,
    )


@tool(DOMAIN, mutates=True)
def set_dnd_schedule(
    s: PhoneState,
    enabled: bool,
    start: str | None = None,
    end: str | None = None,
    days: list[Day] | None = None,
) -> Ok:
    """Turn the recurring Do Not Disturb schedule on or off and set its hours and days.

    Args:
        enabled: The schedule on (true) or off (false), e.g. true.
        start: Daily start, 24-hour, e.g. "22:30".
        end: Daily end, 24-hour, e.g. "06:00" (earlier than start means it ends the next morning).
        days: Weekdays the quiet period starts on, e.g. ["mon", "tue", "wed", "thu", "fri"].

    Returns:
        ``{"enabled", "start", "end", "days", "active_now"}``.

    Raises:
        InvalidArguments: a time is not "HH:MM", start equals end, or the schedule is enabled with no days.
    """
    t0 = _hhmm(start, "start") if start is not None else s.setting("dnd.schedule_start")
    t1 = _hhmm(end, "end") if end is not None else s.setting("dnd.schedule_end")
    if t0 == t1:
        raise InvalidArguments(f"start and end are both {t0}; the quiet period would be empty", field="end")
    chosen = _days(days) if days is not None else list(s.setting("dnd.schedule_days") or [])
    if enabled and not chosen:
        raise InvalidArguments("an enabled schedule needs at least one day", field="days")
    s.set_setting("dnd.schedule_enabled", enabled)
    s.set_setting("dnd.schedule_start", t0)
    s.set_setting("dnd.schedule_end", t1)
    s.set_setting("dnd.schedule_days", chosen)
    dnd = _dnd(s)
    data = {**dnd["schedule"], "active_now": dnd["active_now"]}
    return ok(f"Do Not Disturb schedule {'on' if enabled else 'off'}: {t0}-{t1} on {', '.join(chosen)}", data)


@tool(DOMAIN, mutates=True)
def add_dnd_exception(
    s: PhoneState, contact_id: str, allow_calls: bool = True, allow_messages: bool = True
) -> Ok:
    """Let a contact's calls and/or messages break through Do Not Disturb (or change what they may do).

    Args:
        contact_id: The contact's ID, e.g. "contact_006".
        allow_calls: Their calls ring during Do Not Disturb, e.g. true.
        allow_messages: Their messages notify during Do Not Disturb, e.g. false.

    Returns:
        ``{"exception": {"contact_id", "allow_calls", "allow_messages", "added_at"}, "name", "updated": bool}``
        (``updated`` is true when an existing exception's permissions changed).

    Raises:
        NotFound: no contact has this ID.
        InvalidArguments: both allow_calls and allow_messages are false (use remove_dnd_exception).
        AlreadyExists: the contact is already an exception with exactly these permissions.
        Conflict: the contact's number is blocked; unblock_number first.
    """
    person = _contact(s, contact_id)
    if not allow_calls and not allow_messages:
        raise InvalidArguments("allow at least calls or messages; remove_dnd_exception removes the exception")
    if s.has("blocked_numbers", person.get("phone", "")):
        raise Conflict(
            f"{person['name']}'s number {person['phone']} is blocked, so it cannot ring through Do Not Disturb; "
            "unblock_number first",
            contact_id=contact_id,
            phone=person["phone"],
        )
    old = s.get("dnd_exceptions", contact_id)
    if old is not None and (old["allow_calls"], old["allow_messages"]) == (allow_calls, allow_messages):
        raise AlreadyExists(
            f"{person['name']} is already a Do Not Disturb exception with these permissions", exception=old
        )
    rec = {
        "contact_id": contact_id,
        "allow_calls": allow_calls,
        "allow_messages": allow_messages,
        "added_at": s.now_iso() if old is None else old["added_at"],
    }
    s.put("dnd_exceptions", contact_id, rec)
    what = " and ".join(w for w, on in (("calls", allow_calls), ("messages", allow_messages)) if on)
    return ok(
        f"{person['name']}'s {what} now break through Do Not Disturb",
        {"exception": rec, "name": person["name"], "updated": old is not None},
    )


@tool(DOMAIN, mutates=True)
def remove_dnd_exception(s: PhoneState, contact_id: str) -> Ok:
    """Stop a contact from breaking through Do Not Disturb.

    Args:
        contact_id: The contact's ID, e.g. "contact_005".

    Returns:
        The removed exception ``{"contact_id", "allow_calls", "allow_messages", "added_at"}`` plus ``name``.

    Raises:
        NotFound: the contact is not a Do Not Disturb exception.
    """
    if not s.has("dnd_exceptions", contact_id):
        raise NotFound(
            f"{contact_id} is not a Do Not Disturb exception; get_sound_settings lists them",
            contact_id=contact_id,
        )
    rec = s.delete("dnd_exceptions", contact_id)
    name = _name_of(s, contact_id)
    return ok(f"{name or contact_id} no longer breaks through Do Not Disturb", {**rec, "name": name})


# --------------------------------------------------------------------------- power schedules
def _alarms_while_off(s: PhoneState) -> list[dict[str, Any]]:
    """Enabled alarms whose time of day falls while the phone is scheduled to be off."""
    off, on = s.get("power_schedules", "power_off"), s.get("power_schedules", "power_on")
    if off is None or not off["enabled"]:
        return []
    start = off["time"]
    end = on["time"] if on is not None and on["enabled"] else None
    out = []
    for a in s.values("alarms"):
        if not a.get("enabled"):
            continue
        t = a["time"]
        inside = True if end is None else (start <= t < end if start < end else t >= start or t < end)
        if inside:
            out.append({"id": a["id"], "time": t, "label": a.get("label", "")})
    out.sort(key=lambda a: a["time"])
    return out


@tool(DOMAIN)
def list_power_schedules(s: PhoneState) -> Ok:
    """List the scheduled power-on and power-off times, and alarms that would not ring while the phone is off.

    Returns:
        ``{"schedules": [{"id", "action", "time", "repeat_days", "enabled"}], "alarms_while_off":
        [{"id", "time", "label"}]}``.

    Raises:
        InvalidArguments: an unexpected argument was passed.
    """
    rows = [dict(p) for p in s.values("power_schedules")]
    rows.sort(key=lambda p: p["id"])
    missed = _alarms_while_off(s)
    on = [f"{p['action']} {p['time']}" for p in rows if p["enabled"]]
    return ok(
        f"Power schedules: {', '.join(on) or 'none enabled'}", {"schedules": rows, "alarms_while_off": missed}
    )


@tool(DOMAIN, mutates=True)
def set_power_schedule(
    s: PhoneState,
    action: PowerAction,
    time: str | None = None,
    repeat_days: list[Day] | None = None,
    enabled: bool | None = None,
) -> Ok:
    """Set the scheduled power-on or power-off time, its days, or switch it on or off.

    Args:
        action: Which schedule to change, e.g. "power_off".
        time: The 24-hour time, e.g. "23:00".
        repeat_days: The full list of weekdays it applies on, e.g. ["mon", "tue", "wed", "thu", "fri"].
        enabled: Switch the schedule on (true) or off (false), e.g. true.

    Returns:
        ``{"schedule": <the updated record>, "alarms_while_off": [{"id", "time", "label"}]}`` —
        enabled alarms (Time Management) that would not ring while the phone is scheduled off.

    Raises:
        InvalidArguments: nothing was given, the time is not "HH:MM", or an enabled schedule has no days.
        NotFound: the schedule record is missing from this phone.
        Conflict: power-on and power-off would both be enabled at the same time of day.
    """
    if time is None and repeat_days is None and enabled is None:
        raise InvalidArguments("give time, repeat_days or enabled", action=action)
    old = s.get("power_schedules", action)
    if old is None:
        raise NotFound(f"this phone has no {action} schedule", action=action)
    changes: dict[str, Any] = {}
    if time is not None:
        changes["time"] = _hhmm(time, "time")
    if repeat_days is not None:
        changes["repeat_days"] = _days(repeat_days)
    if enabled is not None:
        changes["enabled"] = enabled
    rec = {**old, **changes}
    if rec["enabled"] and not rec["repeat_days"]:
        raise InvalidArguments("an enabled power schedule needs at least one day", field="repeat_days")
    other = s.get("power_schedules", "power_on" if action == "power_off" else "power_off")
    if rec["enabled"] and other is not None and other["enabled"] and other["time"] == rec["time"]:
        raise Conflict(
            f"the {other['action']} schedule is already at {other['time']}; power on and off need different times",
            other=other,
        )
    rec = s.update("power_schedules", action, **changes)
    missed = _alarms_while_off(s)
    note = f"; alarms that will not ring: {', '.join(a['time'] for a in missed)}" if missed else ""
    return ok(
        f"{action.replace('_', ' ').capitalize()} at {rec['time']} on {', '.join(rec['repeat_days']) or 'no days'} "
        f"{'enabled' if rec['enabled'] else 'disabled'}{note}",
        {"schedule": rec, "alarms_while_off": missed},
    )
