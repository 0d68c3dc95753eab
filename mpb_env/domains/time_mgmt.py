"""Time Management: calendar events, alarms, timers, reminders and automation rules.

Tables:
    events: ``{event_id: {"id", "title", "start", "end", "location", "attendees": [contact_id],
        "reminder_minutes": int | None, "calendar": "personal" | "work" | "family", "timezone"}}``;
        ``start``/``end`` are ISO datetimes ``"2026-05-20T10:00:00"`` on the wall clock of the event's
        ``timezone`` (an IANA zone, as Android's ``EVENT_TIMEZONE``): a new event gets the zone it was
        created in (``create_event(timezone=...)``, by default the phone's ``system.timezone``); records
        without the field are in the owner's home zone ``HOME_ZONE``. The tools show and take times in
        the phone's current zone (``system.timezone``): travelling to Tokyo (or setting the zone) moves
        how every event is listed, and a repeating event keeps its wall time in its own zone across
        daylight-saving changes (real zone rules, ``zoneinfo``). Core events
        ``event_001``..``event_015`` lie in 2026-05-18..29; generated bulk (``event_101``..) spreads over
        2026-03..2026-08 but never inside 2026-05-17..31, so the core week reads the same at every size.
        A repeating event (Android's calendar provider keeps an RRULE) carries ``"recurrence": {"freq":
        "daily" | "weekly" | "monthly", "until": "YYYY-MM-DD" | None}`` and ``"exdates": [start, ...]``
        (occurrences taken out of the series); records without them are single events. ``start``/``end``
        are its first occurrence; a monthly series skips months without that day (as RFC 5545 does).
        ``list_events`` shows each occurrence in range with the series' ``id`` and ``occurrence: true``.
        Editing or deleting one occurrence (``occurrence_start``) takes it out of the series
        (``exdates``); an edited one becomes its own event with ``series_id`` and ``original_start``.
    alarms: ``{alarm_id: {"id", "time": "HH:MM", "label", "repeat_days": ["mon", ...], "enabled",
        "snooze_minutes"}}``. As in Android's Clock app, several alarms may share a time of day (each
        rings on its own); an empty ``repeat_days`` is a one-time alarm that rings at the next
        occurrence of its time, a non-empty one repeats on those weekdays. ``snooze_minutes`` (1-30,
        default 10) is how long Snooze silences it; records without the field read as 10.
    timers: ``{timer_id: {"id", "label", "duration_s", "started_at", "ends_at", "status", "stopped_at"}}``
        and, once paused, ``"paused_at"`` and ``"remaining_s"``; ``status`` is ``"running"``,
        ``"paused"`` or ``"stopped"``; a running timer whose ``ends_at`` has passed on the simulated clock
        reads as ``"finished"``. As in Android's Clock, a running timer may be paused (it stops counting
        down: ``ends_at`` is None and ``remaining_s`` holds the time left), resumed (``ends_at`` = now +
        ``remaining_s``) and given an extra minute (``ends_at``, or a paused timer's ``remaining_s``, and
        ``duration_s`` grow by 60 s): ``stop_timer(action=...)``.
    reminders: ``{reminder_id: {"id", "title", "due": str | None, "notes", "done", "completed_at"}}``.
    automation_rules: ``{rule_id: {"id", "name", "trigger", "trigger_value", "actions": [{"setting",
        "value"}], "enabled", "last_run_at"}}``; actions set keys of the ``settings`` table (System
        Settings) and ``update_automation_rule(..., run_now=True)`` applies them at once. A value must
        satisfy the rule its key's domain declares in ``SETTING_CHOICES`` (see ``setting_rules``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from mpb_env.errors import (
    AlreadyExists,
    Ambiguous,
    CapabilityLimit,
    InvalidArguments,
    NotFound,
    PermissionDenied,
    PreconditionFailed,
)
from mpb_env.tools.formats import clock_hhmm
from mpb_env.tools.runtime import Ok, ok, tool
from mpb_env.world.state import TOMBSTONE, Patch, PhoneState, Record, Tables, World

DOMAIN = "Time Management"
SEED_ORDER = 30

Day = Literal["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
CalendarName = Literal["personal", "work", "family"]
Trigger = Literal["time", "location", "app_open", "charging"]
Recurrence = Literal["daily", "weekly", "monthly"]
TimerAction = Literal["stop", "pause", "resume", "add_minute"]

DAYS: tuple[str, ...] = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_DAY_INDEX = {d: i for i, d in enumerate(DAYS)}
CAL = ("calendar", "CALENDAR")
CLOCK = ("clock", "NOTIFICATIONS")
BACKGROUND_LOCATION = ("assistant", "LOCATION")  # the app location-triggered rules run through
MAX_TIMER_S = 359_999  # 99:59:59, the Clock app's limit
MAX_REMINDER_MIN = 10_080  # one week
DEFAULT_SNOOZE = 10  # the Clock app's default snooze length, minutes
MIN_SNOOZE, MAX_SNOOZE = 1, 30  # the Clock app's snooze-length choices span 1-30 minutes
_CLOCK = re.compile(r"^([01][0-9]|2[0-3]):[0-5][0-9]$")
#: The owner's home zone (the base world's ``system.timezone``): events stored without a ``timezone``
#: are in it, and the simulated clock (``PhoneState.now``) reads its wall time.
HOME_ZONE = "America/Los_Angeles"
_ZONE_PAD = timedelta(days=2)  # any two zones' wall clocks differ by less than this


# --------------------------------------------------------------------------- world
def _ev(
    eid: str,
    title: str,
    start: str,
    end: str,
    location: str,
    attendees: list[str],
    reminder: int | None,
    calendar: str,
) -> Record:
    return {
        "id": eid,
        "title": title,
        "start": start,
        "end": end,
        "location": location,
        "attendees": attendees,
        "reminder_minutes": reminder,
        "calendar": calendar,
    }


CORE_EVENTS: list[Record] = [
    _ev("event_001", "Weekly sync with Sam Carter", "2026-05-20T10:00:00", "2026-05-20T10:30:00",
        "Northwind Labs, Room 4B", ["contact_008"], 10, "work"),
    _ev("event_002", "Dentist", "2026-05-21T15:00:00", "2026-05-21T16:00:00",
        "Bay Dental, 450 Sutter St", [], 60, "personal"),
    _ev("event_003", "Emma's school play", "2026-05-22T18:00:00", "2026-05-22T19:30:00",
        "Lincoln Elementary auditorium", ["contact_004", "contact_005"], 30, "family"),
    _ev("event_004", "Flight to New York", "2026-05-26T08:15:00", "2026-05-26T16:45:00",
        "SFO Terminal 3 (UA 1532 to JFK)", [], 120, "work"),
    _ev("event_005", "Lunch with Chris Lee", "2026-05-20T12:30:00", "2026-05-20T13:30:00",
        "Tartine Manufactory", ["contact_002"], 15, "work"),
    _ev("event_006", "Design review", "2026-05-20T15:00:00", "2026-05-20T16:00:00",
        "Northwind Labs, Room 2A", ["contact_002", "contact_008"], 10, "work"),
    _ev("event_007", "Call with Mom", "2026-05-24T17:00:00", "2026-05-24T17:30:00",
        "", ["contact_006"], 10, "family"),
    _ev("event_008", "Gym with Leo", "2026-05-19T07:00:00", "2026-05-19T08:00:00",
        "Equinox SoMa", ["contact_010"], 30, "personal"),
    _ev("event_009", "Check-up with Dr. Shah", "2026-05-29T09:30:00", "2026-05-29T10:00:00",
        "Mission Family Clinic", ["contact_007"], 60, "personal"),
    _ev("event_010", "Client meeting in New York", "2026-05-27T10:00:00", "2026-05-27T11:30:00",
        "Hudson Partners, 55 Water St, New York", ["contact_008"], 30, "work"),
    _ev("event_011", "Flight back to San Francisco", "2026-05-28T17:00:00", "2026-05-28T20:30:00",
        "JFK Terminal 7 (UA 2215 to SFO)", [], 120, "work"),
    _ev("event_012", "Dinner with Jordan", "2026-05-23T19:30:00", "2026-05-23T21:30:00",
        "Nopa, 560 Divisadero St", ["contact_004"], 60, "family"),
    _ev("event_013", "Coffee with Chris Li", "2026-05-21T08:30:00", "2026-05-21T09:15:00",
        "Blue Bottle, Mint Plaza", ["contact_003"], 15, "personal"),
    _ev("event_014", "1:1 with Maya Chen", "2026-05-21T11:00:00", "2026-05-21T11:30:00",
        "Northwind Labs, Alex's office", ["contact_001"], 5, "work"),
    _ev("event_015", "Sprint retro", "2026-05-22T16:00:00", "2026-05-22T17:00:00",
        "Northwind Labs, Room 4B", ["contact_002", "contact_008"], 10, "work"),
]  # fmt: skip

CORE_ALARMS: list[Record] = [
    {"id": "alarm_001", "time": "06:30", "label": "Workday", "repeat_days": ["mon", "tue", "wed", "thu", "fri"],
     "enabled": True},
    {"id": "alarm_002", "time": "07:45", "label": "Weekend", "repeat_days": ["sat", "sun"], "enabled": True},
    {"id": "alarm_003", "time": "05:50", "label": "Gym", "repeat_days": ["tue", "thu"], "enabled": False},
]  # fmt: skip

CORE_TIMERS: list[Record] = [
    {"id": "timer_001", "label": "Laundry", "duration_s": 3600, "started_at": "2026-05-20T08:30:00",
     "ends_at": "2026-05-20T09:30:00", "status": "running", "stopped_at": None},
    {"id": "timer_002", "label": "Tea", "duration_s": 240, "started_at": "2026-05-19T16:00:00",
     "ends_at": "2026-05-19T16:04:00", "status": "stopped", "stopped_at": "2026-05-19T16:04:00"},
]  # fmt: skip

CORE_REMINDERS: list[Record] = [
    {"id": "reminder_001", "title": "Submit expense report", "due": "2026-05-20T17:00:00",
     "notes": "Include the April client dinner receipts", "done": False, "completed_at": None},
    {"id": "reminder_002", "title": "Buy flowers for Emma's play", "due": "2026-05-22T16:00:00",
     "notes": "Sunflowers are her favourite", "done": False, "completed_at": None},
    {"id": "reminder_003", "title": "Pick up dry cleaning", "due": "2026-05-18T18:00:00",
     "notes": "", "done": True, "completed_at": "2026-05-18T17:40:00"},
]  # fmt: skip

CORE_RULES: list[Record] = [
    {"id": "rule_001", "name": "Bedtime", "trigger": "time", "trigger_value": "22:30",
     "actions": [{"setting": "dnd.enabled", "value": True}], "enabled": True, "last_run_at": None},
    {"id": "rule_002", "name": "Commute focus", "trigger": "location", "trigger_value": "car",
     "actions": [{"setting": "sound.mode", "value": "silent"}, {"setting": "volume.media", "value": 20}],
     "enabled": False, "last_run_at": None},
]  # fmt: skip

_BULK_TITLES = (
    "Team standup", "Product roadmap review", "Budget check-in", "Hiring panel", "Customer demo",
    "Architecture deep dive", "Yoga class", "Haircut", "Book club", "Piano lesson for Emma",
    "Soccer practice pickup", "Car service", "Farmers market", "Volunteer shift", "Investor update prep",
    "Security training", "Offsite planning", "Vet appointment", "Parent-teacher meeting", "Board game night",
)  # fmt: skip
_BULK_PLACES = (
    "Northwind Labs, Room 2A", "Northwind Labs, Room 4B", "Zoom", "Google Meet", "Home",
    "Dolores Park", "Ferry Building", "Golden Gate Park", "Mission Yoga", "",
)  # fmt: skip
_BULK_WORK = frozenset({0, 1, 2, 3, 4, 5, 14, 15, 16})
_BULK_FAMILY = frozenset({9, 10, 17, 18, 19})
_CORE_CONTACTS = tuple(f"contact_{i:03d}" for i in range(1, 11))
_BULK_START = datetime(2026, 3, 1)
_BULK_DAYS = 184  # 2026-03-01 .. 2026-08-31
_QUIET_FROM, _QUIET_TO = "2026-05-17", "2026-06-01"  # the core window gets no bulk events


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    events: dict[str, Record] = {e["id"]: dict(e, attendees=list(e["attendees"])) for e in CORE_EVENTS}
    n_bulk = round(285 * scale)
    i = 0
    while i < n_bulk:
        day = _BULK_START + timedelta(days=rng.randrange(_BULK_DAYS))
        start = day.replace(hour=rng.randint(7, 19), minute=rng.choice((0, 15, 30, 45)))
        iso = start.isoformat()
        if _QUIET_FROM <= iso < _QUIET_TO:
            continue
        t = rng.randrange(len(_BULK_TITLES))
        end = start + timedelta(minutes=rng.choice((30, 45, 60, 60, 90)))
        k = rng.choice((0, 0, 1, 1, 2))
        eid = f"event_{101 + i:03d}"
        cal = "work" if t in _BULK_WORK else "family" if t in _BULK_FAMILY else "personal"
        events[eid] = _ev(
            eid,
            _BULK_TITLES[t],
            iso,
            end.isoformat(),
            rng.choice(_BULK_PLACES),
            sorted(rng.sample(_CORE_CONTACTS, k)),
            rng.choice((None, 5, 10, 15, 30)),
            cal,
        )
        i += 1
    tables["events"] = events
    tables["alarms"] = {a["id"]: dict(a, repeat_days=list(a["repeat_days"])) for a in CORE_ALARMS}
    tables["timers"] = {t["id"]: dict(t) for t in CORE_TIMERS}
    tables["reminders"] = {r["id"]: dict(r) for r in CORE_REMINDERS}
    tables["automation_rules"] = {
        r["id"]: dict(r, actions=[dict(a) for a in r["actions"]]) for r in CORE_RULES
    }


# --------------------------------------------------------------------------- helpers
def _parse_dt(value: str, field: str, *, date_ok: bool = False) -> datetime:
    """Parse a local ISO datetime (or, with ``date_ok``, a date meaning midnight)."""
    try:
        dt = datetime.fromisoformat(value)
    except ValueError:
        example = '"2026-05-21T14:00:00"' + (' or "2026-05-21"' if date_ok else "")
        raise InvalidArguments(
            f"{field} {value!r} is not an ISO date/time such as {example}", field=field
        ) from None
    if dt.tzinfo is not None:
        raise InvalidArguments(
            f'{field} must be local time without a UTC offset, e.g. "2026-05-21T14:00:00"', field=field
        )
    if not date_ok and "T" not in value and " " not in value:
        raise InvalidArguments(f'{field} needs a time of day, e.g. "{value}T14:00:00"', field=field)
    return dt.replace(microsecond=0)


def _own(dt: datetime, view: str, zone: str) -> datetime:
    """A time on the phone's clock (zone ``view``) on the clock of an event's ``zone``."""
    return dt if view == zone else datetime.fromisoformat(convert(_iso(dt), view, zone))


def _shift(dt: datetime, delta: timedelta, field: str) -> datetime:
    """``dt + delta``, or InvalidArguments when that leaves the calendar (past year 9999)."""
    try:
        return dt + delta
    except OverflowError:
        raise InvalidArguments(f"{field} {_iso(dt)} is too far in the future", field=field) from None


def _iso(dt: datetime) -> str:
    return dt.isoformat(timespec="seconds")


@lru_cache(maxsize=128)
def _tz(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def device_zone(s: PhoneState) -> str:
    """The zone the phone shows times in (``system.timezone``)."""
    zone = s.setting("system.timezone")
    return zone if isinstance(zone, str) and zone else HOME_ZONE


def event_zone(e: Record) -> str:
    """The zone an event's ``start``/``end`` are written in (Android's ``EVENT_TIMEZONE``)."""
    return e.get("timezone") or HOME_ZONE


def convert(iso: str, src: str, dst: str) -> str:
    """A wall time in zone ``src`` as the wall time of the same instant in zone ``dst`` (DST by the real
    zone rules; a time the clocks skip reads as the offset before the change, as ``zoneinfo`` does).

    >>> convert("2026-05-21T09:00:00", "America/New_York", "America/Los_Angeles")
    '2026-05-21T06:00:00'
    >>> convert("2026-01-21T09:00:00", "America/New_York", "Europe/London")
    '2026-01-21T14:00:00'
    """
    if src == dst:
        return iso
    try:
        t = datetime.fromisoformat(iso).replace(tzinfo=_tz(src)).astimezone(_tz(dst))
    except (OverflowError, ValueError):  # the calendar's first or last day: no room to move
        return iso
    return _iso(t.replace(tzinfo=None))


def instant(e: Record, field: str = "start") -> datetime | None:
    """The UTC instant of an event record's ``start`` (or ``end``), or None when it is not a time."""
    value = e.get(field)
    if not isinstance(value, str):
        return None
    try:
        t = datetime.fromisoformat(value)
        zone = ZoneInfo(event_zone(e)) if t.tzinfo is None else None
    except (ValueError, OSError, ZoneInfoNotFoundError):
        return None
    return (t if zone is None else t.replace(tzinfo=zone)).astimezone(UTC)


def _zone_arg(name: str) -> str:
    """An IANA zone, or a city or zone name the phone's time-zone picker knows, as an IANA name."""
    from mpb_env.domains.system import _TZ_BY_KEY  # at call time: the domain package imports this module

    key = _text(name, "timezone")
    hit = _TZ_BY_KEY.get(key.casefold()) or _TZ_BY_KEY.get(key.casefold().replace("_", " "))
    if hit is None:
        folded = key.casefold().removesuffix(" time").strip()
        hit = _TZ_BY_KEY.get(folded)
    if hit is not None:
        return hit
    if key not in _iana_zones():
        raise InvalidArguments(
            f'timezone {name[:60]!r} is not a time zone; use an IANA name such as "America/New_York" or a city',
            field="timezone",
        )
    return key


@lru_cache(maxsize=1)
def _iana_zones() -> frozenset[str]:
    """Every IANA zone name ``zoneinfo`` knows (from the system's zone data or the ``tzdata`` package)."""
    return frozenset(available_timezones())


def _hhmm(value: str, field: str = "time") -> str:
    hhmm = clock_hhmm(value)
    if hhmm is None:
        raise InvalidArguments(f'{field} {value!r} is not a 24-hour time "HH:MM", e.g. "07:30"', field=field)
    return hhmm


def _text(value: str, field: str) -> str:
    value = value.strip()
    if not value:
        raise InvalidArguments(f"{field} must not be empty", field=field)
    return value


def _event(s: PhoneState, event_id: str) -> Record:
    rec = s.get("events", event_id)
    if rec is None:
        raise NotFound(f"no event with id {event_id!r}; list_events shows event IDs", event_id=event_id)
    return rec


def _attendees(s: PhoneState, ids: list[str]) -> list[str]:
    out = list(dict.fromkeys(ids))
    missing = [c for c in out if s.get("contacts", c) is None]
    if missing:
        raise NotFound(
            f"no contact with id {missing[0]!r}; search_contacts finds contact IDs", contact_ids=missing
        )
    return out


def _reminder_minutes(value: int | None) -> int | None:
    if value is not None and not 0 <= value <= MAX_REMINDER_MIN:
        raise InvalidArguments(f"reminder_minutes must be between 0 and {MAX_REMINDER_MIN}, got {value}")
    return value


def _next_start(first: datetime, freq: str, n: int) -> datetime | None:
    """The ``n``-th repeat of ``first`` (0 is ``first``), or None for a month without that day."""
    if freq == "daily":
        return first + timedelta(days=n)
    if freq == "weekly":
        return first + timedelta(weeks=n)
    months = first.month - 1 + n
    try:
        return first.replace(year=first.year + months // 12, month=months % 12 + 1)
    except ValueError:  # e.g. the 31st in a 30-day month: skipped
        return None


def _occurrences(e: Record, lo: str, hi: str | None, view: str = HOME_ZONE) -> list[Record]:
    """The occurrences of event ``e`` that overlap ``[lo, hi)`` (``hi`` None: the next 400 days), with
    ``lo``, ``hi`` and the rows' ``start``/``end`` on zone ``view``'s clock. A series repeats on its own
    zone's clock; rows moved to another zone keep their own times as ``zone_start``/``zone_end``."""
    zone = event_zone(e)
    if zone == view:
        return _occurrences_in(e, lo, hi)
    try:
        zlo = _iso(datetime.fromisoformat(lo) - _ZONE_PAD)
        zhi = None if hi is None else _iso(datetime.fromisoformat(hi) + _ZONE_PAD)
    except OverflowError:
        zlo, zhi = lo, hi
    out: list[Record] = []
    for o in _occurrences_in(e, zlo, zhi):
        start, end = convert(o["start"], zone, view), convert(o["end"], zone, view)
        if end > lo and (hi is None or start < hi):
            out.append({**o, "start": start, "end": end, "zone_start": o["start"], "zone_end": o["end"]})
    return out


def _occurrences_in(e: Record, lo: str, hi: str | None) -> list[Record]:
    """``_occurrences`` on the event's own zone's clock."""
    rule = e.get("recurrence")
    if not rule:
        return [e] if e["end"] > lo and (hi is None or e["start"] < hi) else []
    first, last = datetime.fromisoformat(e["start"]), datetime.fromisoformat(e["end"])
    length = last - first
    stop = hi or _iso(datetime.fromisoformat(lo) + timedelta(days=400))
    until = rule.get("until")
    skip = set(e.get("exdates") or [])
    out: list[Record] = []
    n = _first_reaching(first, length, rule["freq"], lo)
    while n < 5000:
        t0 = _next_start(first, rule["freq"], n)
        n += 1
        if t0 is None:
            continue
        start = _iso(t0)
        if start >= stop or (until is not None and start[:10] > until):
            break
        end = _iso(t0 + length)
        if end > lo and start not in skip:
            out.append({**e, "start": start, "end": end, "occurrence": True})
    return out


def _first_reaching(first: datetime, length: timedelta, freq: str, lo: str) -> int:
    """A repeat index no later than the first repeat of a series (starting ``first``, each ``length``
    long) that ends after ``lo``: every earlier repeat ends at least a day before ``lo``, so
    ``_occurrences_in`` may start there and list the same rows. 0 when ``lo`` is not a canonical
    timestamp (it is then compared as written) or the arithmetic leaves the calendar."""
    try:
        at = datetime.fromisoformat(lo)
        if _iso(at) != lo or at.tzinfo is not None or first.tzinfo is not None:
            return 0
        target = at - length - timedelta(days=1)  # a repeat starting by then ends a day before ``lo``
    except (OverflowError, ValueError):
        return 0
    if target < first:
        return 0
    if freq == "daily":
        return (target - first) // timedelta(days=1) + 1
    if freq == "weekly":
        return (target - first) // timedelta(weeks=1) + 1
    # monthly: repeats in months before the target's start before it (one more month kept for safety)
    return max(0, (target.year - first.year) * 12 + target.month - first.month - 1)


def _recurrence(freq: str, until: str | None, start: str) -> dict[str, Any]:
    if until is not None:
        day = _parse_dt(until, "repeat_until", date_ok=True).date().isoformat()
        if day < start[:10]:
            raise InvalidArguments(f"repeat_until {day} is before the first occurrence {start[:10]}",
                                   field="repeat_until")  # fmt: skip
        until = day
    return {"freq": freq, "until": until}


def _occurrence(s: PhoneState, e: Record, start: str) -> Record:
    """The occurrence of repeating event ``e`` that starts at ``start`` (on the phone's clock), on the
    event's own zone's clock."""
    if not e.get("recurrence"):
        raise InvalidArguments(
            f"{e['id']} does not repeat; omit occurrence_start to change it", field="occurrence_start"
        )
    at = _iso(_parse_dt(start, "occurrence_start"))
    own = convert(at, device_zone(s), event_zone(e))
    t = datetime.fromisoformat(own)
    hits = [o for o in _occurrences_in(e, own, _iso(_shift(t, timedelta(seconds=1), "occurrence_start")))
            if o["start"] == own]  # fmt: skip
    if not hits:
        raise NotFound(
            f"{e['id']} has no occurrence starting {at}; list_events shows its occurrences",
            event_id=e["id"],
            occurrence_start=at,
        )
    return hits[0]


def _overlaps(s: PhoneState, start: str, end: str, skip: str | None = None) -> list[dict[str, str]]:
    """Occurrences overlapping ``[start, end)``, all on the phone's clock."""
    view = device_zone(s)
    return [
        {"id": o["id"], "title": o["title"], "start": o["start"], "end": o["end"]}
        for e in _candidates(s, start, end)
        if e["id"] != skip
        for o in _occurrences(e, start, end, view)
    ]


_SPAN_PAD = _ZONE_PAD + timedelta(days=1)
_OPEN_SPAN = ("", "~")  # compares below and above every timestamp: always a candidate
_SPAN_DAYS = 60  # a longer span is not filed under each of its days but looked at on every call


def _canonical(iso: str) -> bool:
    """Whether ``iso`` is a timestamp as ``_iso`` writes it (then string order is time order)."""
    try:
        return len(iso) == 19 and _iso(datetime.fromisoformat(iso)) == iso
    except (TypeError, ValueError):
        return False


def _span(e: Record) -> tuple[str, str]:
    """Bounds ``(lo, hi)`` with every occurrence of ``e`` on any zone's clock inside ``(lo, hi)``, so
    ``_occurrences(e, a, b, view)`` is empty unless ``lo < b`` and ``hi > a`` (padded by more than any
    two zones differ, and a day); ``_OPEN_SPAN`` for a series without end or an odd record."""
    try:
        start, end = e["start"], e["end"]
        if not (_canonical(start) and _canonical(end)):
            return _OPEN_SPAN
        first, last = datetime.fromisoformat(start), datetime.fromisoformat(end)
        rule = e.get("recurrence")
        if rule:
            until = rule.get("until")
            if until is None:
                return _OPEN_SPAN
            day = datetime.fromisoformat(until)
            if len(until) != 10 or day.date().isoformat() != until:
                return _OPEN_SPAN
            # the last repeat starts on ``until`` at the latest and lasts as long as the first
            last = day + timedelta(days=1) + max(last - first, timedelta(0))
        return _iso(first - _SPAN_PAD), _iso(last + _SPAN_PAD)
    except (AttributeError, KeyError, TypeError, ValueError, OverflowError):
        return _OPEN_SPAN


class _Spans:
    """The task's events before any write (base under patch, in ``PhoneState.scan`` order), each with
    its ``_span``; the rows whose span covers each day (``wide``: spans over ``_SPAN_DAYS`` days, always
    looked at); and the scan position of every base and patch key."""

    __slots__ = ("rows", "pos", "end", "days", "wide")

    def __init__(self, world: World, patch: Patch) -> None:
        base = world.tables.get("events") or {}
        self.pos = {k: i for i, k in enumerate(base)}
        for k in patch.tables.get("events") or ():
            self.pos.setdefault(k, len(self.pos))
        self.end = len(self.pos)  # keys new in the episode come after every base and patch key
        self.rows = [(k, e, *_span(e)) for k, e in PhoneState(world, patch).scan("events")]
        self.days: dict[str, list[int]] = {}
        self.wide: list[int] = []
        for i, (_k, _e, lo, hi) in enumerate(self.rows):
            first = date.fromisoformat(lo[:10]) if lo else date.min
            n = (date.fromisoformat(hi[:10]) - first).days if hi != "~" else _SPAN_DAYS + 1
            if n > _SPAN_DAYS:
                self.wide.append(i)
                continue
            for d in range(n + 1):
                self.days.setdefault((first + timedelta(days=d)).isoformat(), []).append(i)

    def meeting(self, lo: str, hi: str) -> list[int]:
        """The rows (in order) whose span meets ``(lo, hi)``, two canonical timestamps."""
        first = date.fromisoformat(lo[:10])
        n = (date.fromisoformat(hi[:10]) - first).days
        rows = self.rows
        if 0 <= n <= _SPAN_DAYS:
            found = set(self.wide)
            for d in range(n + 1):
                found.update(self.days.get((first + timedelta(days=d)).isoformat(), ()))
            look: Iterable[int] = sorted(found)
        else:
            look = range(len(rows))
        return [i for i in look if rows[i][2] < hi and rows[i][3] > lo]


def _candidates(s: PhoneState, lo: str, hi: str) -> list[Record]:
    """The events ``s.values("events")`` yields, in its order, less some that cannot overlap
    ``[lo, hi)`` on any zone's clock: every event the episode wrote, and each other one whose
    ``_span`` meets the range (the spans are kept per task patch)."""
    if not (_canonical(lo) and _canonical(hi)):
        return list(s.values("events"))
    spans = s.d0_derived("event_spans", ("events",), lambda: _Spans(s.world, s.patch))
    writes = s.writes.get("events")
    rows = spans.rows
    if not writes:
        return [rows[i][1] for i in spans.meeting(lo, hi)]
    pos = spans.pos
    hits = [(pos[k], e) for k, e, _a, _b in map(rows.__getitem__, spans.meeting(lo, hi)) if k not in writes]
    new = spans.end
    for k, rec in writes.items():
        if rec is not TOMBSTONE:
            at = pos.get(k)
            if at is None:
                at, new = new, new + 1
            hits.append((at, rec))
    hits.sort(key=_first)
    return [e for _at, e in hits]


def _first(row: tuple[int, Record]) -> int:
    return row[0]


def _days(days: list[str]) -> list[str]:
    return sorted(set(days), key=_DAY_INDEX.__getitem__)


def _alarm(s: PhoneState, alarm_id: str) -> Record:
    rec = s.get("alarms", alarm_id)
    if rec is None:
        raise NotFound(f"no alarm with id {alarm_id!r}; list_alarms shows alarm IDs", alarm_id=alarm_id)
    return rec


def _snooze(value: int) -> int:
    if not MIN_SNOOZE <= value <= MAX_SNOOZE:
        raise InvalidArguments(
            f"snooze_minutes must be {MIN_SNOOZE}-{MAX_SNOOZE}, got {value}", field="snooze_minutes"
        )
    return value


def _alarm_row(a: Record) -> Record:
    """An alarm as the tools show it: ``snooze_minutes`` defaults to the Clock app's 10 minutes."""
    return a if "snooze_minutes" in a else {**a, "snooze_minutes": DEFAULT_SNOOZE}


def _same_time(s: PhoneState, time: str, skip: str | None = None) -> list[str]:
    """IDs of other alarms set for ``time`` (allowed, as on Android: reported, not refused)."""
    return [a["id"] for a in s.values("alarms") if a["time"] == time and a["id"] != skip]


def _timer_status(s: PhoneState, rec: Record) -> str:
    """``running``, ``paused``, ``stopped`` or ``finished`` (a running timer past its ``ends_at``)."""
    if rec["status"] == "running" and s.now_iso() >= rec["ends_at"]:
        return "finished"
    return rec["status"]


def _remaining(s: PhoneState, rec: Record) -> int:
    """Seconds a running or paused timer has left on the simulated clock."""
    if rec["status"] == "paused":
        return int(rec.get("remaining_s") or 0)
    return max(0, int((datetime.fromisoformat(rec["ends_at"]) - s.now()).total_seconds()))


def _rule(s: PhoneState, rule_id: str) -> Record:
    rec = s.get("automation_rules", rule_id)
    if rec is None:
        raise NotFound(
            f"no automation rule with id {rule_id!r}; list_automation_rules shows rule IDs", rule_id=rule_id
        )
    return rec


def _background_location(s: PhoneState) -> None:
    """A location trigger watches the phone's position in the background, through the Assistant: on
    Android that needs LOCATION "Allow all the time"; "while using the app" or a one-time grant is not
    enough."""
    app = s.get("apps", BACKGROUND_LOCATION[0]) or {}
    mode = (app.get("permission_modes") or {}).get("LOCATION")
    if not app.get("permissions", {}).get("LOCATION", False) or mode in ("while_using", "only_this_time"):
        held = "only while the app is in use" if mode in ("while_using", "only_this_time") else "not at all"
        raise PermissionDenied(
            f"a location trigger runs in the background and needs the Assistant's LOCATION permission "
            f'"all the time" (it holds it {held}); grant it with grant_app_permission, mode "allow"',
            app_id=BACKGROUND_LOCATION[0],
            permission="LOCATION",
            remedy="grant_app_permission",
        )


def _trigger_value(s: PhoneState, trigger: str, value: str) -> str:
    if trigger == "time":
        return _hhmm(value, "trigger_value")
    if trigger == "charging":
        v = value.strip().lower() or "connected"
        if v not in ("connected", "disconnected"):
            raise InvalidArguments(
                'a charging trigger_value is "connected" or "disconnected"', field="trigger_value"
            )
        return v
    v = _text(value, "trigger_value")
    if trigger == "app_open" and s.get("apps", v) is None:
        raise NotFound(f"no installed app with id {v!r}; list_apps shows app IDs", app_id=v)
    return v if trigger == "app_open" else v.lower()


# --------------------------------------------------------------------------- settings rules may write
# Automation actions are checked against the value rules the domain modules declare for the settings keys
# they own: a module-level ``SETTING_CHOICES`` dict (and/or a ``setting_choices()`` function returning one,
# when building it has to import other domain modules) maps a key to either
#   * a tuple of the allowed values (a closed set: a value must equal one of them and have its type), or
#   * a dict ``{"type": "bool" | "int" | "number" | "text" | "time" | "date" | "datetime" | "list", ...}``
#     with optional "min" / "max" (a number's range, a text's or list's length), "items" (the closed set
#     a list's items come from), "table" (the value, or each list item, must be a key of that table),
#     "where" ({field: value} the referenced record must have), "pattern" (a regex a text must match,
#     described to the planner by "hint"),
#     "nullable" (None is allowed) and "read_only" (the phone maintains the key; rules cannot write it).
# "time" is "HH:MM" (24-hour), "date" an ISO date and "datetime" an ISO date and time to the second, all in
# their canonical form since settings compare them as strings. Keys nobody declares keep the type of their
# current value.
_SETTING_RULES: dict[str, Any] = {}
_TYPE_NAMES = {
    "bool": "a boolean",
    "int": "a whole number",
    "number": "a number",
    "text": "a string",
    "time": 'a 24-hour time "HH:MM", e.g. "22:30"',
    "date": 'an ISO date, e.g. "2026-05-21"',
    "datetime": 'an ISO date and time, e.g. "2026-05-20T23:00:00"',
    "list": "a list",
}


def setting_rules() -> dict[str, Any]:
    """Every domain module's declared settings rules by key, collected once; a key declared twice is a bug."""
    if not _SETTING_RULES:
        from mpb_env.domains import modules  # at call time: the domain package imports this module

        owner: dict[str, str] = {}
        for mod in modules():
            declared = dict(getattr(mod, "SETTING_CHOICES", {}))
            build = getattr(mod, "setting_choices", None)
            for key, rule in [*declared.items(), *(build() if build is not None else {}).items()]:
                if key in owner:
                    raise RuntimeError(f"settings key {key!r} is declared by {owner[key]} and {mod.__name__}")
                owner[key] = mod.__name__
                _SETTING_RULES[key] = rule
    return _SETTING_RULES


def _same(a: Any, b: Any) -> bool:
    return a == b and type(a) is type(b)


def _bounds(size: float, rule: dict[str, Any], unit: str) -> str | None:
    """Why ``size`` (a number, or a text's or list's length) is outside the rule's min..max, or None."""
    lo, hi = rule.get("min"), rule.get("max")
    if (lo is None or size >= lo) and (hi is None or size <= hi):
        return None
    if hi is None:
        return f"takes at least {lo}{unit}"
    return f"takes at most {hi}{unit}" if lo is None else f"takes {lo} to {hi}{unit}"


def _scalar_problem(s: PhoneState, value: Any, rule: dict[str, Any]) -> str | None:
    """Why ``value`` breaks a scalar (or list item) rule, or None."""
    kind = rule["type"]
    if kind == "bool":
        ok_type = isinstance(value, bool)
    elif kind == "int":
        ok_type = isinstance(value, int) and not isinstance(value, bool)
    elif kind == "number":
        ok_type = isinstance(value, int | float) and not isinstance(value, bool)
    else:
        ok_type = isinstance(value, str)
    if not ok_type:
        return f"takes {_TYPE_NAMES[kind]}"
    if kind == "time" and not _CLOCK.fullmatch(value):
        return f"takes {_TYPE_NAMES[kind]}"
    if kind in ("date", "datetime"):
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            return f"takes {_TYPE_NAMES[kind]}"
        canonical = parsed.date().isoformat() if kind == "date" else parsed.isoformat(timespec="seconds")
        if canonical != value:
            return f"takes {_TYPE_NAMES[kind]}"
    if kind in ("int", "number"):
        if (why := _bounds(value, rule, "")) is not None:
            return why
    elif kind == "text":
        if (why := _bounds(len(value), rule, " characters")) is not None:
            return why
        pattern = rule.get("pattern")
        if pattern is not None and re.fullmatch(pattern, value) is None:
            return f"takes {rule.get('hint', f'text matching {pattern!r}')}"
    table = rule.get("table")
    if table is not None:
        rec = s.get(table, value)
        if rec is None:
            return f"takes an ID from the {table} table and {value!r} is not one"
        for field, want in rule.get("where", {}).items():
            if rec.get(field) != want:
                return (
                    f"takes an ID from the {table} table whose {field} is {want!r}, and {value!r} is not one"
                )
    return None


def setting_problem(s: PhoneState, key: str, value: Any) -> str | None:
    """Why writing ``value`` to settings key ``key`` would be invalid (a sentence fragment), or None.

    Uses the key's declared rule (``setting_rules``); an undeclared key must keep its current value's type.
    """
    rule = setting_rules().get(key)
    if rule is None:
        current = s.setting(key)
        if not isinstance(value, bool | int | float | str):
            return "takes a boolean, number or string"
        numeric = isinstance(current, int | float) and not isinstance(current, bool)
        if current is not None and (
            (isinstance(current, bool) and not isinstance(value, bool))
            or (numeric and (isinstance(value, bool) or not isinstance(value, int | float)))
            or (isinstance(current, str) and not isinstance(value, str))
        ):
            return (
                f"takes {'a boolean' if isinstance(current, bool) else 'a number' if numeric else 'a string'}"
            )
        return None
    if isinstance(rule, tuple):
        return None if any(_same(value, c) for c in rule) else f"must be one of {list(rule)}"
    if rule.get("read_only"):
        return "is maintained by the phone itself and cannot be set by a rule"
    if value is None:
        return None if rule.get("nullable") else f"takes {_TYPE_NAMES[rule['type']]}, not null"
    if rule["type"] != "list":
        return _scalar_problem(s, value, rule)
    if not isinstance(value, list):
        return "takes a list"
    if (why := _bounds(len(value), rule, " items")) is not None:
        return why
    items = rule.get("items")
    ref = (
        {"type": "text", "table": rule["table"], "where": rule.get("where", {})} if "table" in rule else None
    )
    for item in value:
        if items is not None and not any(_same(item, c) for c in items):
            return f"takes a list of items from {list(items)}"
        if ref is not None and (why := _scalar_problem(s, item, ref)) is not None:
            return why
    if any(value.count(item) > 1 for item in value):
        return "takes a list without repeats"
    return None


def _actions(s: PhoneState, actions: list[dict]) -> list[dict[str, Any]]:
    if not actions:
        raise InvalidArguments('actions must list at least one {"setting": key, "value": v}', field="actions")
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, act in enumerate(actions):
        if set(act) != {"setting", "value"} or not isinstance(act["setting"], str):
            raise InvalidArguments(
                f'actions[{i}] must be exactly {{"setting": key, "value": v}}, got {act!r}', field="actions"
            )
        key, value = act["setting"], act["value"]
        if key in seen:
            raise InvalidArguments(f"actions set {key!r} twice", field="actions")
        seen.add(key)
        if s.get("settings", key) is None:
            raise NotFound(
                f'no setting {key!r}; settings keys look like "dnd.enabled" or "volume.media"', setting=key
            )
        problem = setting_problem(s, key, value)
        if problem is not None:
            raise InvalidArguments(f"{key!r} {problem}; got {value!r}", field="actions", setting=key)
        out.append({"setting": key, "value": list(value) if isinstance(value, list) else value})
    return out


def _apply_setting(s: PhoneState, key: str, value: Any) -> None:
    """Set one rule action; the radio keys go through Network & Connectivity's switches and Battery Saver
    through System Settings', so a rule that turns airplane mode on cuts the radios (and remembers them)
    and one that turns the saver on turns the dark theme on, exactly as the toggles do."""
    # at call time: importing this module registers no other domain's tools
    from mpb_env.domains import network, system

    switch = {
        "network.wifi": network.switch_wifi,
        "network.bluetooth": network.switch_bluetooth,
        "network.airplane_mode": network.switch_airplane_mode,
        "battery.power_saving": lambda s, on: system._apply_saver(s, on, []),
    }.get(key)
    if switch is not None and isinstance(value, bool):
        switch(s, value)
    else:
        s.set_setting(key, value)


# --------------------------------------------------------------------------- calendar
@tool(DOMAIN, permission=CAL)
def list_events(
    s: PhoneState,
    start_date: str | None = None,
    end_date: str | None = None,
    query: str | None = None,
    attendee_id: str | None = None,
    limit: int = 50,
) -> Ok:
    """List calendar events (meetings, appointments) in a date range, soonest first, optionally filtered by text or attendee.

    Args:
        start_date: Earliest day or moment to include (on the phone's clock, in its current time zone),
            e.g. "2026-05-21" or "2026-05-21T12:00:00"; defaults to the start of today, so pass an
            earlier date to see past events.
        end_date: Last day to include (a date includes that whole day) or an exclusive moment,
            e.g. "2026-05-22"; no upper bound when omitted.
        query: Case-insensitive text matched against title, location and attendee names, e.g. "dentist".
        attendee_id: Only events this contact attends, e.g. "contact_008".
        limit: Maximum number of events returned, e.g. 20.

    Returns:
        Event records (``id``, ``title``, ``start``, ``end``, ``location``, ``attendees``,
        ``reminder_minutes``, ``calendar``, ``timezone``) plus ``attendee_names``, that overlap the
        range; ``start``/``end`` are shown in the phone's time zone (``shown_in``); an event of another
        zone (``timezone``) also has its own times as ``zone_start``/``zone_end``. Each occurrence of a
        repeating event is its own row with the series' ``id``, its own ``start``/``end``,
        ``recurrence`` and ``occurrence: true``.

    Raises:
        InvalidArguments: a date is malformed, the range is empty or limit is below 1.
        PermissionDenied: the Calendar app lacks the CALENDAR permission.
    """
    if limit < 1:
        raise InvalidArguments(f"limit must be at least 1, got {limit}", field="limit")
    view = device_zone(s)
    if start_date is None:
        lo = convert(s.now_iso(), HOME_ZONE, view)[:10] + "T00:00:00"
    else:
        lo = _iso(_parse_dt(start_date, "start_date", date_ok=True))
    hi = None
    if end_date is not None:
        dt = _parse_dt(end_date, "end_date", date_ok=True)
        whole_day = "T" not in end_date and " " not in end_date
        if not (whole_day and dt.date() == date.max):  # the calendar's last day: no upper bound
            hi = _iso(dt + timedelta(days=1) if whole_day else dt)
            if hi <= lo:
                raise InvalidArguments(f"end_date {end_date!r} is not after start {lo}", field="end_date")
    needle = query.strip().casefold() if query else ""
    rows = s.unwritten_memo(
        "list_events", ("events", "contacts"), (lo, hi, view, needle, attendee_id),
        lambda: _event_rows(s, lo, hi, view, needle, attendee_id),
    )  # fmt: skip
    shown = [
        {**e, "timezone": event_zone(e), "shown_in": view,
         "attendee_names": [_contact_name(s, c) for c in e["attendees"]]}
        for e in rows[:limit]
    ]  # fmt: skip
    more = f" (showing the first {limit})" if len(rows) > limit else ""
    return ok(f"{len(rows)} events{more}", shown)


def _event_rows(
    s: PhoneState, lo: str, hi: str | None, view: str, needle: str, attendee_id: str | None
) -> list[Record]:
    """Every occurrence ``list_events`` lists for these arguments, soonest first."""
    rows = []
    for e in (o for ev in s.values("events") for o in _occurrences(ev, lo, hi, view)):
        if attendee_id is not None and attendee_id not in e["attendees"]:
            continue
        if (
            needle
            and needle not in f"{e['title']}\n{e['location']}".casefold()
            and not any(needle in _contact_name(s, c).casefold() for c in e["attendees"])
        ):
            continue
        rows.append(e)
    rows.sort(key=lambda e: (e["start"], e["id"]))
    return rows


def _contact_name(s: PhoneState, contact_id: str) -> str:
    rec = s.get("contacts", contact_id)
    return rec.get("name", contact_id) if rec is not None else contact_id


@tool(DOMAIN, mutates=True, permission=CAL)
def create_event(
    s: PhoneState,
    title: str,
    start: str,
    end: str | None = None,
    location: str = "",
    attendees: list[str] | None = None,
    reminder_minutes: int | None = 15,
    calendar: CalendarName = "personal",
    recurrence: Recurrence | None = None,
    repeat_until: str | None = None,
    timezone: str | None = None,
) -> Ok:
    """Create a calendar event, once or repeating, optionally in a named time zone; overlaps are reported, not refused.

    Args:
        title: The event's title, e.g. "Project kickoff".
        start: Start time on the clock of ``timezone`` (the phone's own zone when omitted),
            e.g. "2026-05-21T14:00:00".
        end: End time after start, in the same zone, e.g. "2026-05-21T15:00:00"; one hour after start
            when omitted.
        location: Where it happens, e.g. "Northwind Labs, Room 4B".
        attendees: Contact IDs to invite, e.g. ["contact_008", "contact_002"].
        reminder_minutes: Minutes before start to notify, e.g. 30; null for no reminder.
        calendar: The calendar to put it in, e.g. "work".
        recurrence: Repeat the event every day, week (same weekday) or month (same day of the month)
            from ``start``, e.g. "weekly"; omitted for a one-off event.
        repeat_until: Last day the series may occur on (inclusive), e.g. "2026-07-31"; it repeats
            without end when omitted. Only with ``recurrence``.
        timezone: The time zone start and end are given in and the event keeps (it repeats on that
            zone's clock), an IANA name or a city, e.g. "America/New_York" for "9 am New York time";
            omitted: the phone's current zone.

    Returns:
        ``{"event": <the new event record, with its timezone>, "overlaps": [{id, title, start, end},
        ...]}`` (overlaps with the first occurrence, on the phone's clock) plus ``shown_in`` and
        ``start_shown``/``end_shown`` (the event's times on the phone's clock).

    Raises:
        InvalidArguments: the title is empty, a time is malformed or out of range, end is not after
            start, reminder_minutes is outside 0..10080, repeat_until is malformed, before start or
            given without recurrence, or timezone is not a time zone.
        NotFound: an attendee ID is not a saved contact.
        PermissionDenied: the Calendar app lacks the CALENDAR permission.
    """
    title = _text(title, "title")
    view = device_zone(s)
    zone = view if timezone is None else _zone_arg(timezone)
    t0 = _parse_dt(start, "start")
    t1 = _shift(t0, timedelta(hours=1), "start") if end is None else _parse_dt(end, "end")
    if t1 <= t0:
        raise InvalidArguments(f"end {_iso(t1)} must be after start {_iso(t0)}", field="end")
    people = _attendees(s, attendees or [])
    lead = _reminder_minutes(reminder_minutes)
    rec = _ev(s.new_id("event"), title, _iso(t0), _iso(t1), location.strip(), people, lead, calendar)
    rec["timezone"] = zone
    if recurrence is not None:
        rec = {**rec, "recurrence": _recurrence(recurrence, repeat_until, rec["start"]), "exdates": []}
    elif repeat_until is not None:
        raise InvalidArguments("repeat_until needs recurrence", field="repeat_until")
    shown = convert(rec["start"], zone, view), convert(rec["end"], zone, view)
    clashes = _overlaps(s, *shown)
    s.put("events", rec["id"], rec)
    note = f"; overlaps {', '.join(c['id'] for c in clashes)}" if clashes else ""
    there = f" {zone} ({shown[0]}–{shown[1]} on this phone's {view} clock)" if zone != view else ""
    return ok(
        f"Created {rec['id']} {title!r} {rec['start']}–{rec['end']}{there}{note}",
        {"event": rec, "overlaps": clashes, "shown_in": view, "start_shown": shown[0], "end_shown": shown[1]},
    )


@tool(DOMAIN, mutates=True, permission=CAL)
def update_event(
    s: PhoneState,
    event_id: str,
    title: str | None = None,
    start: str | None = None,
    end: str | None = None,
    location: str | None = None,
    attendees: list[str] | None = None,
    reminder_minutes: int | None = None,
    calendar: CalendarName | None = None,
    occurrence_start: str | None = None,
    recurrence: Recurrence | None = None,
    repeat_until: str | None = None,
) -> Ok:
    """Change only the given fields of a calendar event; moving the start alone keeps the duration.

    For a repeating event it changes the whole series, or with ``occurrence_start`` one occurrence.

    Args:
        event_id: The event's ID, e.g. "event_002".
        title: New title, e.g. "Dentist (cleaning)".
        start: New start on the phone's clock (its current time zone, as list_events shows times),
            e.g. "2026-05-21T16:00:00"; without ``end`` the event keeps its length. The event keeps its
            own time zone.
        end: New end on the phone's clock, e.g. "2026-05-21T17:00:00".
        location: New location, e.g. "Zoom".
        attendees: The full new list of attendee contact IDs (replaces the old list), e.g. ["contact_008"].
        reminder_minutes: New reminder lead time in minutes, e.g. 60.
        calendar: Move it to this calendar, e.g. "family".
        occurrence_start: For a repeating event, change only the occurrence starting then (as
            list_events shows it), e.g. "2026-06-03T09:00:00": it leaves the series and becomes its own
            event; omit to change the whole series (moving the series' start moves every occurrence).
        recurrence: Make the event (or series) repeat daily, weekly or monthly from its start, e.g. "weekly".
        repeat_until: New last day of the series (inclusive), e.g. "2026-06-30"; ends a repeating series
            early.

    Returns:
        ``{"event": <the updated record>, "overlaps": [...], "changed": [field names]}``; with
        ``occurrence_start`` also ``series_id`` (the series it left).

    Raises:
        NotFound: no event has this ID, an attendee ID is not a saved contact, or the series has no
            occurrence at occurrence_start.
        InvalidArguments: no field was given, a time is malformed or out of range, end is not after start,
            the title is empty, reminder_minutes is outside 0..10080, occurrence_start was given for a
            single event or with recurrence/repeat_until, or repeat_until is malformed or without a
            series.
        PermissionDenied: the Calendar app lacks the CALENDAR permission.
    """
    old = _event(s, event_id)
    series = None
    if occurrence_start is not None:
        series, old = old, _occurrence(s, old, occurrence_start)
        if recurrence is not None or repeat_until is not None:
            raise InvalidArguments("one occurrence cannot repeat; omit occurrence_start to change the series",
                                   field="occurrence_start")  # fmt: skip
    changes: dict[str, Any] = {}
    if recurrence is not None or repeat_until is not None:
        freq = recurrence or (old.get("recurrence") or {}).get("freq")
        if freq is None:
            raise InvalidArguments(
                "repeat_until needs a repeating event (give recurrence)", field="repeat_until"
            )
        until = repeat_until if repeat_until is not None else (old.get("recurrence") or {}).get("until")
        changes["recurrence"] = _recurrence(freq, until, old["start"])
        if "exdates" not in old:
            changes["exdates"] = []
    if title is not None:
        changes["title"] = _text(title, "title")
    view, zone = device_zone(s), event_zone(old)
    if start is not None or end is not None:
        o0, o1 = datetime.fromisoformat(old["start"]), datetime.fromisoformat(old["end"])
        t0 = o0 if start is None else _own(_parse_dt(start, "start"), view, zone)
        t1 = _shift(t0, o1 - o0, "start") if end is None else _own(_parse_dt(end, "end"), view, zone)
        if t1 <= t0:
            raise InvalidArguments(f"end {_iso(t1)} must be after start {_iso(t0)}", field="end")
        changes["start"], changes["end"] = _iso(t0), _iso(t1)
    if location is not None:
        changes["location"] = location.strip()
    if attendees is not None:
        changes["attendees"] = _attendees(s, attendees)
    if reminder_minutes is not None:
        changes["reminder_minutes"] = _reminder_minutes(reminder_minutes)
    if calendar is not None:
        changes["calendar"] = calendar
    if not changes:
        raise InvalidArguments("give at least one field to change", event_id=event_id)
    changed = [k for k, v in changes.items() if old.get(k) != v]
    if series is not None:
        s.update("events", event_id, exdates=[*series.get("exdates", []), old["start"]])
        rec = {
            k: v for k, v in {**old, **changes}.items() if k not in ("recurrence", "exdates", "occurrence")
        }
        rec = {**rec, "id": s.new_id("event"), "series_id": event_id, "original_start": old["start"]}
        s.put("events", rec["id"], rec)
        clashes = _overlaps(
            s, convert(rec["start"], zone, view), convert(rec["end"], zone, view), skip=rec["id"]
        )
        note = f"; overlaps {', '.join(c['id'] for c in clashes)}" if clashes else ""
        return ok(
            f"Changed the {old['start']} occurrence of {event_id} ({', '.join(changed) or 'no changes'}): now "
            f"{rec['id']}{note}",
            {"event": rec, "overlaps": clashes, "changed": changed, "series_id": event_id},
        )
    rec = s.update("events", event_id, **changes)
    clashes = _overlaps(s, convert(rec["start"], zone, view), convert(rec["end"], zone, view), skip=event_id)
    note = f"; overlaps {', '.join(c['id'] for c in clashes)}" if clashes else ""
    return ok(
        f"Updated {event_id} ({', '.join(changed) or 'no changes'}){note}",
        {"event": rec, "overlaps": clashes, "changed": changed},
    )


@tool(DOMAIN, mutates=True, permission=CAL)
def delete_event(s: PhoneState, event_id: str, occurrence_start: str | None = None) -> Ok:
    """Delete a calendar event (a repeating one with all its occurrences), or one occurrence of a series.

    Args:
        event_id: The event's ID, e.g. "event_003".
        occurrence_start: For a repeating event, delete only the occurrence starting then (as
            list_events shows it), e.g. "2026-06-03T09:00:00"; omit to delete the whole series.

    Returns:
        The deleted event record (with ``occurrence_start``: that occurrence; the series stays).

    Raises:
        NotFound: no event has this ID, or the series has no occurrence at occurrence_start.
        InvalidArguments: occurrence_start was given for a single event or is malformed.
        PermissionDenied: the Calendar app lacks the CALENDAR permission.
    """
    series = _event(s, event_id)
    if occurrence_start is not None:
        occ = _occurrence(s, series, occurrence_start)
        s.update("events", event_id, exdates=[*series.get("exdates", []), occ["start"]])
        return ok(f"Deleted the {occ['start']} occurrence of {event_id} {occ['title']!r}", occ)
    rec = s.delete("events", series["id"])
    return ok(f"Deleted {event_id} {rec['title']!r} ({rec['start']})", rec)


# --------------------------------------------------------------------------- alarms
@tool(DOMAIN)
def list_alarms(s: PhoneState, enabled_only: bool = False, day: Day | None = None) -> Ok:
    """List alarms sorted by time of day.

    Args:
        enabled_only: Only alarms that are switched on, e.g. true.
        day: Only alarms that repeat on this weekday, e.g. "sat".

    Returns:
        Alarm records ``{"id", "time", "label", "repeat_days", "enabled", "snooze_minutes"}``; an empty
        ``repeat_days`` means a one-time alarm. Several alarms may share a time.
    """
    rows = sorted(
        (
            _alarm_row(a)
            for a in s.values("alarms")
            if (not enabled_only or a["enabled"]) and (day is None or day in a["repeat_days"])
        ),
        key=lambda a: (a["time"], a["id"]),
    )
    return ok(f"{len(rows)} alarms", rows)


@tool(DOMAIN, mutates=True, permission=CLOCK)
def create_alarm(
    s: PhoneState,
    time: str,
    label: str = "Alarm",
    repeat_days: list[Day] | None = None,
    enabled: bool = True,
    snooze_minutes: int = DEFAULT_SNOOZE,
) -> Ok:
    """Set a new alarm; several alarms may share a time of day, as in Android's Clock app.

    Args:
        time: 24-hour time of day, e.g. "06:00".
        label: A short name shown when it rings, e.g. "Early flight".
        repeat_days: Weekdays it repeats on, e.g. ["mon", "wed", "fri"]; empty or omitted for a one-time
            alarm that rings once, at the next occurrence of ``time``.
        enabled: Whether it is switched on, e.g. true.
        snooze_minutes: How many minutes Snooze silences it (1-30), e.g. 5; the Clock app's default is 10.

    Returns:
        The new alarm record plus ``same_time`` (IDs of other alarms already set for this time).

    Raises:
        InvalidArguments: the time is not "HH:MM", the label is empty or snooze_minutes is outside 1..30.
        PermissionDenied: the Clock app lacks the NOTIFICATIONS permission.
    """
    hhmm = _hhmm(time)
    label = _text(label, "label")
    snooze = _snooze(snooze_minutes)
    others = _same_time(s, hhmm)
    rec = {
        "id": s.new_id("alarm"),
        "time": hhmm,
        "label": label,
        "repeat_days": _days(repeat_days or []),
        "enabled": enabled,
        "snooze_minutes": snooze,
    }
    s.put("alarms", rec["id"], rec)
    note = f"; also set for {hhmm}: {', '.join(others)}" if others else ""
    return ok(f"Alarm {rec['id']} set for {hhmm} ({label}){note}", {**rec, "same_time": others})


@tool(DOMAIN, mutates=True, permission=CLOCK)
def update_alarm(
    s: PhoneState,
    alarm_id: str,
    time: str | None = None,
    label: str | None = None,
    repeat_days: list[Day] | None = None,
    enabled: bool | None = None,
    snooze_minutes: int | None = None,
) -> Ok:
    """Change an alarm's time, label, repeat days, snooze or on/off state (only the given fields).

    Args:
        alarm_id: The alarm's ID, e.g. "alarm_001".
        time: New 24-hour time, e.g. "06:00"; another alarm may already use it.
        label: New label, e.g. "Workday".
        repeat_days: The full new list of weekdays, e.g. ["mon", "tue", "wed", "thu", "fri"]; [] makes it one-time.
        enabled: Switch it on (true) or off (false), e.g. false.
        snooze_minutes: How many minutes Snooze silences it from now on (1-30), e.g. 15.

    Returns:
        The updated alarm record; when ``time`` is given, plus ``same_time`` (IDs of other alarms
        set for that time).

    Raises:
        NotFound: no alarm has this ID.
        InvalidArguments: no field was given, the time is not "HH:MM", the label is empty or
            snooze_minutes is outside 1..30.
        PermissionDenied: the Clock app lacks the NOTIFICATIONS permission.
    """
    _alarm(s, alarm_id)
    changes: dict[str, Any] = {}
    if time is not None:
        changes["time"] = _hhmm(time)
    if label is not None:
        changes["label"] = _text(label, "label")
    if repeat_days is not None:
        changes["repeat_days"] = _days(repeat_days)
    if enabled is not None:
        changes["enabled"] = enabled
    if snooze_minutes is not None:
        changes["snooze_minutes"] = _snooze(snooze_minutes)
    if not changes:
        raise InvalidArguments("give at least one field to change", alarm_id=alarm_id)
    rec = _alarm_row(s.update("alarms", alarm_id, **changes))
    if time is not None:  # only a new time can meet other alarms: a switch or label change scans nothing
        rec = {**rec, "same_time": _same_time(s, rec["time"], skip=alarm_id)}
    return ok(f"Alarm {alarm_id} now {rec['time']} ({rec['label']}, {'on' if rec['enabled'] else 'off'})", rec)


@tool(DOMAIN, mutates=True)
def delete_alarm(s: PhoneState, alarm_id: str) -> Ok:
    """Delete an alarm.

    Args:
        alarm_id: The alarm's ID, e.g. "alarm_003".

    Returns:
        The deleted alarm record.

    Raises:
        NotFound: no alarm has this ID.
    """
    rec = s.delete("alarms", _alarm(s, alarm_id)["id"])
    return ok(f"Deleted alarm {alarm_id} ({rec['time']} {rec['label']})", rec)


# --------------------------------------------------------------------------- timers
@tool(DOMAIN, mutates=True, permission=CLOCK)
def start_timer(s: PhoneState, duration_seconds: int, label: str = "Timer") -> Ok:
    """Start a countdown timer now on the phone's clock.

    Args:
        duration_seconds: Length of the countdown in seconds, e.g. 600 for ten minutes.
        label: A short name, e.g. "Pasta".

    Returns:
        The new timer record with ``started_at`` and ``ends_at``.

    Raises:
        InvalidArguments: duration_seconds is not positive or the label is empty.
        CapabilityLimit: the duration exceeds the Clock app's 99:59:59 maximum.
        PermissionDenied: the Clock app lacks the NOTIFICATIONS permission.
    """
    if duration_seconds <= 0:
        raise InvalidArguments(
            f"duration_seconds must be positive, got {duration_seconds}", field="duration_seconds"
        )
    if duration_seconds > MAX_TIMER_S:
        raise CapabilityLimit(f"timers run at most 99:59:59 ({MAX_TIMER_S} s), got {duration_seconds} s")
    label = _text(label, "label")
    now = s.now()
    rec = {
        "id": s.new_id("timer"),
        "label": label,
        "duration_s": duration_seconds,
        "started_at": _iso(now),
        "ends_at": _iso(now + timedelta(seconds=duration_seconds)),
        "status": "running",
        "stopped_at": None,
    }
    s.put("timers", rec["id"], rec)
    return ok(f"Timer {rec['id']} ({label}) running until {rec['ends_at']}", rec)


@tool(DOMAIN, mutates=True)
def stop_timer(s: PhoneState, timer_id: str | None = None, action: TimerAction = "stop") -> Ok:
    """Stop, pause, resume or add a minute to a timer; without an ID, acts on the only timer it applies to.

    Args:
        timer_id: The timer's ID, e.g. "timer_001"; omit to act on the single running timer (the single
            paused one for "resume").
        action: "stop" ends the timer for good (the default); "pause" freezes its countdown (it keeps its
            remaining time); "resume" starts a paused timer counting down again; "add_minute" gives a
            running or paused timer one more minute (the Clock app's "+1:00"), e.g. "pause".

    Returns:
        The timer record plus ``remaining_s``, the seconds left; ``unchanged`` is true when the timer
        already was as asked (pausing a paused timer, resuming a running one).

    Raises:
        NotFound: no timer has this ID, or no timer the action applies to when the ID is omitted.
        Ambiguous: the ID is omitted and several timers qualify; ``candidates`` lists them.
        PreconditionFailed: the timer was already stopped or has finished (start a new one), or a
            stop of a timer already stopped.
        CapabilityLimit: an extra minute would take it past the Clock app's 99:59:59.
    """
    want = "paused" if action == "resume" else "running"
    if timer_id is None:
        pool = [t for t in s.values("timers") if _timer_status(s, t) == want]
        if action in ("stop", "add_minute"):
            pool += [t for t in s.values("timers") if _timer_status(s, t) == "paused"]
        if not pool:
            raise NotFound(f"no timer is {want}")
        if len(pool) > 1:
            raise Ambiguous(
                f"{len(pool)} timers are {want if action != 'stop' else 'running or paused'}; pass timer_id",
                candidates=[{"id": t["id"], "label": t["label"], "status": _timer_status(s, t),
                             "ends_at": t["ends_at"]} for t in pool],
            )  # fmt: skip
        rec = pool[0]
    else:
        rec = s.get("timers", timer_id)
        if rec is None:
            raise NotFound(f"no timer with id {timer_id!r}", timer_id=timer_id)
    status = _timer_status(s, rec)
    if status in ("stopped", "finished"):
        when = rec["stopped_at"] if status == "stopped" else rec["ends_at"]
        raise PreconditionFailed(
            f"timer {rec['id']} is already {status} (at {when}); start_timer starts a new one", status=status
        )
    now = s.now()
    left = _remaining(s, rec)
    name = f"timer {rec['id']} ({rec['label']})"
    if action == "stop":
        new = s.update("timers", rec["id"], status="stopped", stopped_at=_iso(now))
        return ok(f"Stopped {name} with {left} s left", {**new, "remaining_s": left})
    if (action == "pause" and status == "paused") or (action == "resume" and status == "running"):
        return ok(
            f"Timer {rec['id']} ({rec['label']}) is already {status}",
            {**rec, "remaining_s": left, "unchanged": True},
        )
    if action == "pause":
        new = s.update(
            "timers", rec["id"], status="paused", ends_at=None, paused_at=_iso(now), remaining_s=left
        )
        return ok(f"Paused {name} with {left} s left", new)
    if action == "resume":
        ends = _iso(now + timedelta(seconds=left))
        new = s.update("timers", rec["id"], status="running", ends_at=ends, paused_at=None, remaining_s=None)
        return ok(f"Resumed {name}: {left} s left, ends {ends}", {**new, "remaining_s": left})
    if left + 60 > MAX_TIMER_S:
        raise CapabilityLimit(f"timers run at most 99:59:59 ({MAX_TIMER_S} s); {name} has {left} s left")
    duration = rec["duration_s"] + 60
    if status == "paused":
        new = s.update("timers", rec["id"], duration_s=duration, remaining_s=left + 60)
    else:
        ends = _iso(datetime.fromisoformat(rec["ends_at"]) + timedelta(seconds=60))
        new = s.update("timers", rec["id"], duration_s=duration, ends_at=ends)
    return ok(f"Added a minute to {name}: {left + 60} s left", {**new, "remaining_s": left + 60})


# --------------------------------------------------------------------------- reminders
@tool(DOMAIN, mutates=True, permission=CLOCK)
def create_reminder(s: PhoneState, title: str, due: str | None = None, notes: str = "") -> Ok:
    """Create a to-do reminder, optionally due at a date or time.

    Args:
        title: What to be reminded of, e.g. "Book flights for June".
        due: When it is due, e.g. "2026-05-22T09:00:00" or "2026-05-22" (a day means 09:00 that day);
            omit for no due time.
        notes: Extra detail, e.g. "Window seat, aisle if none".

    Returns:
        The new reminder record.

    Raises:
        InvalidArguments: the title is empty or due is malformed.
        PermissionDenied: the Clock app lacks the NOTIFICATIONS permission.
    """
    title = _text(title, "title")
    when = None
    if due is not None:
        dt = _parse_dt(due, "due", date_ok=True)
        if "T" not in due and " " not in due:
            dt = dt.replace(hour=9)
        when = _iso(dt)
    rec = {
        "id": s.new_id("reminder"),
        "title": title,
        "due": when,
        "notes": notes.strip(),
        "done": False,
        "completed_at": None,
    }
    s.put("reminders", rec["id"], rec)
    return ok(f"Reminder {rec['id']} {title!r}" + (f" due {when}" if when else ""), rec)


@tool(DOMAIN, mutates=True)
def complete_reminder(s: PhoneState, reminder_id: str) -> Ok:
    """Mark a reminder as done.

    Args:
        reminder_id: The reminder's ID, e.g. "reminder_001".

    Returns:
        The updated reminder record with ``done`` true and ``completed_at``.

    Raises:
        NotFound: no reminder has this ID.
        PreconditionFailed: the reminder is already done.
    """
    rec = s.get("reminders", reminder_id)
    if rec is None:
        raise NotFound(
            f"no reminder with id {reminder_id!r}; list_reminders shows IDs", reminder_id=reminder_id
        )
    if rec["done"]:
        raise PreconditionFailed(f"reminder {reminder_id} was already completed at {rec['completed_at']}")
    new = s.update("reminders", reminder_id, done=True, completed_at=s.now_iso())
    return ok(f"Completed {reminder_id} {rec['title']!r}", new)


@tool(DOMAIN)
def list_reminders(s: PhoneState, include_completed: bool = False, query: str | None = None) -> Ok:
    """List reminders, earliest due first (undated last).

    Args:
        include_completed: Also list reminders already done, e.g. true.
        query: Case-insensitive text matched against title and notes, e.g. "expense".

    Returns:
        Reminder records ``{"id", "title", "due", "notes", "done", "completed_at"}``.
    """
    needle = query.strip().casefold() if query else ""
    rows = [
        r
        for r in s.values("reminders")
        if (include_completed or not r["done"])
        and (not needle or needle in f"{r['title']}\n{r['notes']}".casefold())
    ]
    rows.sort(key=lambda r: (r["due"] is None, r["due"] or "", r["id"]))
    return ok(f"{len(rows)} reminders", rows)


# --------------------------------------------------------------------------- automation rules
@tool(DOMAIN, mutates=True)
def create_automation_rule(
    s: PhoneState,
    name: str,
    trigger: Trigger,
    trigger_value: str,
    actions: list[dict],
    enabled: bool = True,
) -> Ok:
    """Create an automation rule that sets phone settings when its trigger fires.

    Args:
        name: A unique rule name, e.g. "Focus at work".
        trigger: What fires it, e.g. "location".
        trigger_value: The trigger's parameter: "HH:MM" for time (e.g. "22:30"), a place for location
            (e.g. "office"), an installed app ID for app_open (e.g. "mail"), "connected" or
            "disconnected" for charging.
        actions: Settings to apply, each {"setting": key, "value": v}, e.g.
            [{"setting": "dnd.enabled", "value": true}, {"setting": "volume.media", "value": 20}].
        enabled: Whether the rule is active, e.g. true.

    Returns:
        The new rule record.

    Raises:
        InvalidArguments: the name is empty, the trigger value is malformed, or an action is malformed,
            repeats a setting, has a value the setting does not allow (wrong type, out of range, not one
            of its choices) or sets a reading the phone maintains itself (battery level, joined Wi-Fi...).
        NotFound: an action names an unknown setting, or an app_open trigger names an app not installed.
        AlreadyExists: a rule with this name already exists.
        PermissionDenied: an enabled location rule while the Assistant holds LOCATION only while in use
            (or not at all): a location trigger runs in the background and needs "Allow all the time".
    """
    name = _text(name, "name")
    folded = name.casefold()
    for r in s.values("automation_rules"):
        if r["name"].casefold() == folded:
            raise AlreadyExists(f"rule {r['id']} is already named {r['name']!r}", rule_id=r["id"])
    value = _trigger_value(s, trigger, trigger_value)
    if trigger == "location" and enabled:
        _background_location(s)
    acts = _actions(s, actions)
    rec = {
        "id": s.new_id("rule"),
        "name": name,
        "trigger": trigger,
        "trigger_value": value,
        "actions": acts,
        "enabled": enabled,
        "last_run_at": None,
    }
    s.put("automation_rules", rec["id"], rec)
    return ok(f"Created rule {rec['id']} {name!r} ({trigger} {value}, {len(acts)} actions)", rec)


@tool(DOMAIN, mutates=True)
def update_automation_rule(
    s: PhoneState,
    rule_id: str,
    enabled: bool | None = None,
    trigger: Trigger | None = None,
    trigger_value: str | None = None,
    actions: list[dict] | None = None,
    run_now: bool = False,
) -> Ok:
    """Enable/disable, re-trigger or re-define an automation rule, and optionally run it right now.

    Args:
        rule_id: The rule's ID, e.g. "rule_002".
        enabled: Switch the rule on (true) or off (false), e.g. true.
        trigger: New trigger kind, e.g. "time".
        trigger_value: New trigger parameter, e.g. "21:45" (checked against the new or current trigger).
        actions: The full new list of actions, e.g. [{"setting": "sound.mode", "value": "vibrate"}].
        run_now: Apply the rule's actions to the settings immediately (after this update), e.g. true;
            the rule must be enabled.

    Returns:
        ``{"rule": <the updated record>, "applied": [{"setting", "before", "after"}]}`` (``applied`` is
        empty unless run_now).

    Raises:
        NotFound: no rule has this ID, an action names an unknown setting, or an app_open trigger names
            an app not installed.
        InvalidArguments: nothing to do, or the trigger value or an action is malformed or sets a value
            the setting does not allow.
        PreconditionFailed: run_now was asked for a rule that is disabled (pass enabled=true as well).
        PermissionDenied: enabling a location rule (or switching a rule to a location trigger) while the
            Assistant lacks LOCATION "Allow all the time".
    """
    old = _rule(s, rule_id)
    changes: dict[str, Any] = {}
    if enabled is not None:
        changes["enabled"] = enabled
    if trigger is not None or trigger_value is not None:
        kind = trigger or old["trigger"]
        changes["trigger"] = kind
        changes["trigger_value"] = _trigger_value(
            s, kind, old["trigger_value"] if trigger_value is None else trigger_value
        )
    if actions is not None:
        changes["actions"] = _actions(s, actions)
    if not changes and not run_now:
        raise InvalidArguments("give a field to change or run_now=true", rule_id=rule_id)
    rule = {**old, **changes}
    if rule["trigger"] == "location" and rule["enabled"] and ("enabled" in changes or "trigger" in changes):
        _background_location(s)
    applied: list[dict[str, Any]] = []
    if run_now:
        if not rule["enabled"]:
            raise PreconditionFailed(
                f"rule {rule_id} ({old['name']!r}) is disabled; pass enabled=true to enable and run it",
                rule_id=rule_id,
            )
        _actions(s, rule["actions"])  # settings may have changed since the rule was saved
        for act in rule["actions"]:
            before = s.setting(act["setting"])
            _apply_setting(s, act["setting"], act["value"])
            applied.append({"setting": act["setting"], "before": before, "after": act["value"]})
        changes["last_run_at"] = s.now_iso()
    rec = s.update("automation_rules", rule_id, **changes) if changes else old
    pairs = ", ".join(f"{a['setting']}={a['after']!r}" for a in applied)
    ran = f"; applied {pairs}" if run_now else ""
    return ok(
        f"Rule {rule_id} {old['name']!r} {'enabled' if rec['enabled'] else 'disabled'}{ran}",
        {"rule": rec, "applied": applied},
    )


@tool(DOMAIN)
def list_automation_rules(s: PhoneState, enabled_only: bool = False) -> Ok:
    """List automation rules with their triggers and the settings they apply.

    Args:
        enabled_only: Only rules that are switched on, e.g. false.

    Returns:
        Rule records ``{"id", "name", "trigger", "trigger_value", "actions", "enabled", "last_run_at"}``.
    """
    rows = [r for r in s.values("automation_rules") if not enabled_only or r["enabled"]]
    return ok(f"{len(rows)} automation rules", rows)
