"""Template families over the phone's Android semantics (``docs/android.md``): several alarms at one time
and snooze lengths, airplane mode restoring the radios, texting and calling a blocked number, repeating
calendar events (one occurrence or the series) and their time zones, pausing and extending timers,
Android 11+ permission grants (while using the app, only this time, all the time for background location),
the consent every screen-recording session asks (MediaProjection) and tap to pay's NFC and payment app.

Each family's id keeps its domain's prefix; every rule of ``docs/android.md`` is exercised by at least two
of these (or of the domain modules') families.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from mpb_env.tasks.build import call, calls, contains
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.fam_time import (
    EVENT_KEYWORDS,
    EVENT_SPOKEN,
    _alarm,
    _trigger_gold,
    day_words,
    hhmm_words,
    keyword,
    time_alts,
)
from mpb_env.tasks.gen.helpers import (
    base,
    cannot,
    false_claims,
    rubric,
    sentence,
    setting_delta,
    shift,
    sms_delta,
)

SNOOZE_CHOICES = (5, 15, 20, 3, 30, 25)
_UNIT = {"daily": "day", "weekly": "week", "monthly": "month"}
_STEP = {"daily": timedelta(days=1), "weekly": timedelta(weeks=1)}


def _snooze(ctx: Ctx) -> int:
    """A snooze length other than the Clock app's default of 10 minutes (this split's half)."""
    share = [n for i, n in enumerate(SNOOZE_CHOICES) if i % 2 == ctx.parity]
    return ctx.choice(share)


# --------------------------------------------------------------------------- alarms
@family("time.alarm_same_time", dimension="basic", category="grounding", bucket="state")
def alarm_same_time(ctx: Ctx) -> Draft:
    t = ctx.pick("times")
    old_label, new_label = ctx.pick_many("alarm_labels", 2)
    query = ctx.say(
        ["set another alarm at {tw} called {b} — keep my {a} alarm at that time too.",
         "add a second {tw} alarm labeled {b}; the {a} one stays.",
         "I need a {b} alarm at {tw} as well, next to the {a} alarm I already have then.",
         "make one more alarm for {tw} named {b}, and don't touch {a}."],
        tw=hhmm_words(t), a=old_label, b=new_label,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch={"alarms": {"alarm_p01": _alarm("alarm_p01", t, old_label, [], True)}},
        gold={"delta": [{"table": "alarms", "op": "create",
                         "fields": {"time": t, "label": contains(new_label), "enabled": True}}]},
        oracle=[
            calls(call("create_alarm", time=t, label=new_label)),
            f"Set {new_label} for {hhmm_words(t)}; your {old_label} alarm at that time is still there.",
        ],
    )  # fmt: skip


@family("time.alarm_onto_taken_time", dimension="basic", category="revision", bucket="state")
def alarm_onto_taken_time(ctx: Ctx) -> Draft:
    a, b = ctx.pick_many("alarm_labels", 2)
    t_a, t_b, t_mid = ctx.pick_many("times", 3)
    query = ctx.say(
        ["move my {a} alarm to {mw}... actually no, make it {bw}, the same time as {b}.",
         "change the {a} alarm to {mw} — wait, {bw} instead, like my {b} alarm.",
         "set {a} to ring at {mw}; hmm, better {bw}, together with {b}.",
         "push my {a} alarm to {mw}. On second thought, {bw} — same as the {b} one."],
        a=a, b=b, mw=hhmm_words(t_mid), bw=hhmm_words(t_b),
    )  # fmt: skip
    patch = {"alarms": {"alarm_p01": _alarm("alarm_p01", t_a, a, [], True),
                        "alarm_p02": _alarm("alarm_p02", t_b, b, [], True)}}  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        s0_patch=patch,
        gold={"delta": [{"table": "alarms", "op": "update", "key": "alarm_p01", "fields": {"time": t_b}}]},
        oracle=[
            calls(call("list_alarms")),
            calls(call("update_alarm", alarm_id="alarm_p01", time=t_b)),
            f"Your {a} alarm now rings at {hhmm_words(t_b)}, alongside {b}.",
        ],
    )  # fmt: skip


@family("time.alarm_snooze", dimension="basic", category="grounding", bucket="tool")
def alarm_snooze(ctx: Ctx) -> Draft:
    t = ctx.pick("times")
    label = ctx.pick("alarm_labels")
    n = _snooze(ctx)
    query = ctx.say(
        ["set a {tw} alarm called {label} with a {n}-minute snooze.",
         "alarm at {tw} for {label}, and make snooze {n} minutes.",
         "wake me at {tw} ({label}); snoozing should give me {n} minutes.",
         "create a {label} alarm for {tw} — snooze length {n} minutes."],
        tw=hhmm_words(t), label=label, n=n,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [{"name": "create_alarm",
                         "arguments": {"time": t, "label": contains(label), "snooze_minutes": n,
                                       "repeat_days": {"$any": [None, []]}}}]},
        oracle=[
            calls(call("create_alarm", time=t, label=label, snooze_minutes=n)),
            f"{label} alarm set for {hhmm_words(t)} with a {n}-minute snooze.",
        ],
    )  # fmt: skip


@family("time.change_snooze", dimension="basic", category="reference", bucket="state")
def change_snooze(ctx: Ctx) -> Draft:
    t = ctx.pick("times")
    label = ctx.pick("alarm_labels")
    n = _snooze(ctx)
    query = ctx.say(
        ["the snooze on my {label} alarm is too short — make it {n} minutes.",
         "change my {label} alarm so snooze lasts {n} minutes.",
         "when I hit snooze on {label}, give me {n} minutes.",
         "set the {label} alarm's snooze to {n} minutes."],
        label=label, n=n,
    )  # fmt: skip
    alarm = {**_alarm("alarm_p01", t, label, ["mon", "tue", "wed", "thu", "fri"], True), "snooze_minutes": 10}
    return Draft(
        query=query,
        s0_patch={"alarms": {"alarm_p01": alarm}},
        gold={"delta": [{"table": "alarms", "op": "update", "key": "alarm_p01", "fields": {"snooze_minutes": n}}]},
        oracle=[
            calls(call("list_alarms")),
            calls(call("update_alarm", alarm_id="alarm_p01", snooze_minutes=n)),
            f"Snooze on {label} is now {n} minutes.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- airplane mode
def _in_flight(restore: list[str]) -> dict[str, Any]:
    """An S0 in airplane mode entered with ``restore`` on (Wi-Fi and Bluetooth now off)."""
    settings = base()["settings"]
    rows = {
        "network.airplane_mode": {**settings["network.airplane_mode"], "value": True, "restore": restore},
        "network.wifi": {**settings["network.wifi"], "value": False},
        "network.bluetooth": {**settings["network.bluetooth"], "value": False},
    }
    if "network.wifi_connected" in settings:
        rows["network.wifi_connected"] = {**settings["network.wifi_connected"], "value": None}
    else:
        rows["network.wifi_connected"] = {"value": None}
    return {"settings": rows}


def _setting_entry(key: str, value: Any) -> dict[str, Any]:
    return {"table": "settings", "op": "update", "key": key, "fields": {"value": value}}


@family("network.landing_restore", dimension="basic", category="grounding", bucket="state")
def landing_restore(ctx: Ctx) -> Draft:
    query = ctx.say(
        ["we've landed — turn airplane mode off.", "flight's over, switch off airplane mode please.",
         "take the phone out of airplane mode, I'm off the plane.", "airplane mode off, we just touched down.",
         "I'm through the gate now, so airplane mode can go off.", "done flying — disable airplane mode.",
         "we're at the terminal; switch airplane mode off.", "landed safely! Turn off flight mode."],
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=_in_flight(["wifi", "bluetooth"]),
        gold={"delta": [_setting_entry("network.airplane_mode", False), _setting_entry("network.wifi", True),
                        _setting_entry("network.wifi_connected", "MorganHome"),
                        _setting_entry("network.bluetooth", True)]},
        oracle=[
            calls(call("set_airplane_mode", enabled=False)),
            "Airplane mode is off; cellular, Wi-Fi (MorganHome) and Bluetooth are back on as before the flight.",
        ],
    )  # fmt: skip


@family("network.landing_keep_bt_off", dimension="basic", category="revision", bucket="state")
def landing_keep_bt_off(ctx: Ctx) -> Draft:
    query = ctx.say(
        ["turn off airplane mode. Oh, but I don't want Bluetooth on afterwards.",
         "switch airplane mode off — actually keep Bluetooth off though.",
         "get me out of airplane mode; on second thought, leave Bluetooth off.",
         "airplane mode off please, and Bluetooth should stay off after that.",
         "leave airplane mode — hmm, and keep Bluetooth switched off.",
         "turn flight mode off; I'd rather not have Bluetooth back though.",
         "disable airplane mode, but Bluetooth stays off, please.",
         "out of airplane mode, please — Bluetooth off though."],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        s0_patch=_in_flight(["wifi", "bluetooth"]),
        gold={"delta": [_setting_entry("network.airplane_mode", False), _setting_entry("network.wifi", True),
                        _setting_entry("network.wifi_connected", "MorganHome")]},
        oracle=[
            calls(call("set_airplane_mode", enabled=False)),
            calls(call("set_bluetooth_enabled", enabled=False)),
            "Airplane mode is off and Wi-Fi is back; Bluetooth came back on with it, so I turned it off again.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- blocked numbers
def _blocked(person: dict[str, Any]) -> dict[str, Any]:
    return {"blocked_numbers": {person["phone"]: {"phone": person["phone"], "reason": "",
                                                  "time": "2026-04-30T19:05:00"}}}  # fmt: skip


@family("calls.text_blocked_keep", dimension="basic", category="grounding", bucket="state")
def text_blocked_keep(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    body, keys = ctx.pick("sms_bodies")
    query = ctx.say(
        ["text {name} that {body}. They're on my block list and should stay there.",
         "I blocked {name}, and they stay blocked, but send them this: {body}.",
         "send {name} a message saying {body} — don't unblock them.",
         "message {name}: {body}. Keep their number blocked."],
        name=person["name"], body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=_blocked(person),
        gold={"delta": [sms_delta(person["id"], keys)]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("send_message", contact_id=person["id"], text=sentence(body))),
            f"Sent {person['name']} your message; their number is still blocked.",
        ],
    )  # fmt: skip


@family("calls.call_blocked", dimension="basic", category="grounding", bucket="tool")
def call_blocked(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    query = ctx.say(
        ["call {name} — yes, I blocked them, but leave the block on.",
         "I need to ring {name}; keep them on the block list.",
         "phone {name} for me without unblocking them.",
         "dial {name}. They stay blocked."],
        name=person["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=_blocked(person),
        gold={"calls": [{"name": "start_call",
                         "arguments": {"contact_id": {"$any": [person["id"], None]},
                                       "phone_number": {"$any": [None, person["phone"]]}}}]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("start_call", contact_id=person["id"])),
            f"Calling {person['name']}; their number stays blocked.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- repeating events
def _until_words(iso_day: str) -> str:
    d = datetime.fromisoformat(iso_day)
    return f"{d:%B} {d.day}"


@family("time.repeating_event", dimension="basic", category="grounding", bucket="state")
def repeating_event(ctx: Ctx) -> Draft:
    title = ctx.pick("event_titles")
    day, date = ctx.pick("rel_days")
    t = ctx.pick("event_times")
    freq = ctx.choice(["daily", "weekly", "monthly"])
    if freq == "monthly" and int(date[8:]) > 28:
        raise Skip("a monthly series on the 29th-31st skips months")
    weeks = {"daily": 2, "weekly": 6, "monthly": 20}[freq]
    until = (datetime.fromisoformat(date) + timedelta(weeks=weeks)).date().isoformat()
    start = f"{date}T{t}:00"
    query = ctx.say(
        ["add {title} to my calendar {day} at {tw}, repeating every {unit} until {until}.",
         "schedule {title} starting {day} at {tw}; it repeats every {unit} through {until}.",
         "put {title} in the calendar {day}, {tw}, and have it recur each {unit} until {until}.",
         "{title} begins {day} at {tw} and happens every {unit} up to {until} — add the series."],
        title=EVENT_SPOKEN[title], day=day, tw=hhmm_words(t), unit=_UNIT[freq], until=_until_words(until),
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "events", "op": "create",
                         "fields": {"title": keyword(EVENT_KEYWORDS[title]), "start": start,
                                    "recurrence": {"freq": freq, "until": until}}}]},
        oracle=[
            calls(call("create_event", title=title, start=start, recurrence=freq, repeat_until=until)),
            f"Added {title} from {day_words(start)} at {hhmm_words(t)}, every {_UNIT[freq]} until "
            f"{_until_words(until)}.",
        ],
    )  # fmt: skip


def _series(ctx: Ctx) -> tuple[str, dict[str, Any], str, str]:
    """A weekly S0 series (``event_p01``) and the start of its second occurrence."""
    title = ctx.pick("event_titles")
    _day, date = ctx.pick("rel_days")
    t = ctx.pick("event_times")
    start = datetime.fromisoformat(f"{date}T{t}:00")
    end = (start + timedelta(hours=1)).isoformat()
    rec = {"id": "event_p01", "title": title, "start": start.isoformat(), "end": end, "location": "",
           "attendees": [], "reminder_minutes": 15, "calendar": "personal",
           "recurrence": {"freq": "weekly", "until": None}, "exdates": []}  # fmt: skip
    second = (start + _STEP["weekly"]).isoformat()
    return title, rec, second, t


@family("time.skip_one_occurrence", dimension="basic", category="reference", bucket="state")
def skip_one_occurrence(ctx: Ctx) -> Draft:
    title, rec, second, _t = _series(ctx)
    when = day_words(second)
    query = ctx.say(
        ["cancel only the {when} {title}; the rest of the weekly series stays.",
         "I'll skip {title} on {when} — delete just that one, not the others.",
         "remove the {when} occurrence of my weekly {title}, keep every other week.",
         "take {when} out of my {title} series; the other weeks are fine."],
        title=EVENT_SPOKEN[title].removeprefix("the ").removeprefix("a ").removeprefix("an "), when=when,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch={"events": {"event_p01": rec}},
        gold={"delta": [{"table": "events", "op": "update", "key": "event_p01", "fields": {"exdates": [second]}}]},
        oracle=[
            calls(call("list_events", start_date=second[:10], end_date=second[:10])),
            calls(call("delete_event", event_id="event_p01", occurrence_start=second)),
            f"Cancelled only the {when} {title}; the other weeks stay on your calendar.",
        ],
    )  # fmt: skip


@family("time.move_one_occurrence", dimension="basic", category="revision", bucket="state")
def move_one_occurrence(ctx: Ctx) -> Draft:
    title, rec, second, t = _series(ctx)
    new_t = ctx.pick("event_times")
    if new_t == t:
        raise Skip("the same time")
    when = day_words(second)
    new_start = f"{second[:10]}T{new_t}:00"
    query = ctx.say(
        ["move my {title} series to {nw}... no wait, only the {when} one; the others stay at {tw}.",
         "shift {title} to {nw} — actually just on {when}, not every week.",
         "change {title} to {nw}. Hmm, only for {when}; leave the rest of the series.",
         "put {title} at {nw} — sorry, I mean only the {when} occurrence."],
        title=title, nw=hhmm_words(new_t), tw=hhmm_words(t), when=when,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        s0_patch={"events": {"event_p01": rec}},
        gold={"delta": [
            {"table": "events", "op": "update", "key": "event_p01", "fields": {"exdates": [second]}},
            {"table": "events", "op": "create",
             "fields": {"start": new_start, "series_id": "event_p01", "original_start": second}},
        ]},
        oracle=[
            calls(call("list_events", start_date=second[:10], end_date=second[:10])),
            calls(call("update_event", event_id="event_p01", occurrence_start=second, start=new_start)),
            f"Moved only the {when} {title} to {hhmm_words(new_t)}; the other weeks stay at {hhmm_words(t)}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- permission grants
def _with_mode(app_id: str, permission: str, granted: bool, mode: str) -> dict[str, Any]:
    app = base()["apps"][app_id]
    return {"apps": {app_id: {**app, "permissions": {**app["permissions"], permission: granted},
                              "permission_modes": {permission: mode}}}}  # fmt: skip


@family("media.camera_only_this_time", dimension="basic", category="dependency", bucket="tool")
def camera_only_this_time(ctx: Ctx) -> Draft:
    mode = ctx.choice(["portrait", "night", "panorama", "selfie"][ctx.parity :: 2])
    query = ctx.say(
        ["take a {m} photo. The camera asks every time; allow it just this once.",
         "snap a {m} picture — give the camera access only this time, it should keep asking.",
         "I want a {m} shot; let the Camera app in for this one photo only.",
         "take one {m} photo, granting the camera a one-time permission (keep 'ask every time')."],
        m=mode,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=_with_mode("camera", "CAMERA", False, "ask_every_time"),
        gold={"calls": [
            {"name": "grant_app_permission",
             "arguments": {"app_id": "camera", "permission": "CAMERA", "mode": "only_this_time"}},
            {"name": "take_photo", "arguments": {"mode": mode, "album": {"$ignore": True}}},
        ]},
        oracle=[
            calls(call("take_photo", mode=mode)),
            calls(call("grant_app_permission", app_id="camera", permission="CAMERA", mode="only_this_time")),
            calls(call("take_photo", mode=mode)),
            f"Granted the camera access only this time and took the {mode} photo; it will ask again next time.",
        ],
    )  # fmt: skip


#: (rule name, what the user asks for, the place, the actions): location rules for this family only.
LOCATION_RULES = [
    ("Library hush", "when I get to the library, put the phone on silent", "library",
     [{"setting": "sound.mode", "value": "silent"}]),
    ("Airport saver", "when I arrive at the airport, turn on battery saver", "airport",
     [{"setting": "battery.power_saving", "value": True}]),
    ("Clinic quiet", "when I reach the clinic, turn on Do Not Disturb", "clinic",
     [{"setting": "dnd.enabled", "value": True}]),
    ("Cinema silent", "when I get to the cinema, switch the ringer to silent", "cinema",
     [{"setting": "sound.mode", "value": "silent"}]),
    ("Office vibrate", "when I arrive at the office, set the phone to vibrate", "office",
     [{"setting": "sound.mode", "value": "vibrate"}]),
    ("Gym volume", "when I get to the gym, set the media volume to 90", "gym",
     [{"setting": "volume.media", "value": 90}]),
    ("Home dark", "when I get home, turn on dark mode", "home",
     [{"setting": "display.dark_mode", "value": True}]),
    ("Church quiet", "when I arrive at church, turn on Do Not Disturb", "church",
     [{"setting": "dnd.enabled", "value": True}]),
]  # fmt: skip


@family("time.location_rule_background", dimension="basic", category="dependency", bucket="state")
def location_rule_background(ctx: Ctx) -> Draft:
    name, phrase, value, actions = ctx.choice(LOCATION_RULES[ctx.parity :: 2])
    query = ctx.say(
        ['make an automation called "{n}": {p}. Allow whatever location access it needs.',
         'set up a rule named {n} — {p}; grant the location permission it needs.',
         'create the "{n}" routine: {p}. You may give the Assistant the location access for it.',
         'new automation "{n}": {p} (allow the location access that takes).'],
        n=name, p=phrase,
    )  # fmt: skip
    rule = {"name": name, "trigger": "location", "trigger_value": value, "actions": actions}
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=_with_mode("assistant", "LOCATION", True, "while_using"),
        gold={"delta": [
            {"table": "automation_rules", "op": "create",
             "fields": {"name": contains(name), "trigger": "location",
                        "trigger_value": _trigger_gold("location", value), "enabled": True}},
            {"table": "apps", "op": "update", "key": "assistant", "fields": {"permission_modes": {}}},
        ]},
        oracle=[
            calls(call("create_automation_rule", **rule)),
            calls(call("grant_app_permission", app_id="assistant", permission="LOCATION", mode="allow")),
            calls(call("create_automation_rule", **rule)),
            f'A location rule runs in the background, so I let the Assistant use location all the time and '
            f'created "{name}".',
        ],
    )  # fmt: skip


@family("apps.location_while_using", dimension="basic", category="grounding", bucket="state")
def location_while_using(ctx: Ctx) -> Draft:
    app_id = ctx.choice(["maps", "browser", "camera"])
    name = base()["apps"][app_id]["name"]
    query = ctx.say(
        ["let {a} use my location only while I'm using the app.",
         "{a} should get location access just while it's open.",
         "change {a}'s location permission to 'only while using the app'.",
         "limit {a} to location while in use — no background access."],
        a=name,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "apps", "op": "update", "key": app_id,
                         "fields": {"permission_modes": {"LOCATION": "while_using"}}}]},
        oracle=[
            calls(call("grant_app_permission", app_id=app_id, permission="LOCATION", mode="while_using")),
            f"{name} can now use your location only while you're using it.",
        ],
    )  # fmt: skip


@family("apps.permission_ask_every_time", dimension="basic", category="grounding", bucket="state")
def permission_ask_every_time(ctx: Ctx) -> Draft:
    app_id, perm, what = ctx.choice(
        [("assistant", "MICROPHONE", "microphone"), ("camera", "LOCATION", "location"),
         ("maps", "LOCATION", "location"), ("camera", "MICROPHONE", "microphone"),
         ("browser", "LOCATION", "location"), ("assistant", "LOCATION", "location")]
    )  # fmt: skip
    app = base()["apps"][app_id]
    if not app["permissions"].get(perm):
        raise Skip("not granted in the base world")
    query = ctx.say(
        ["make {a} ask me every time before it uses the {w}.", "set {a}'s {w} permission to 'ask every time'.",
         "I want {a} to request {w} access each time, not keep it.", "{a} should ask every time for the {w}."],
        a=app["name"], w=what,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "apps", "op": "update", "key": app_id,
                         "fields": {"permissions": {**app["permissions"], perm: False},
                                    "permission_modes": {perm: "ask_every_time"}}}]},
        oracle=[
            calls(call("grant_app_permission", app_id=app_id, permission=perm, mode="ask_every_time")),
            f"{app['name']} will now ask every time before using the {what}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- notifications (Android 13+)
#: Apps that declare the notification permission and hold it in the base world.
NOTIFYING_APPS = ["slack", "whatsapp", "instagram", "spotify", "zoom", "doordash", "strava", "duolingo",
                  "uber", "snapchat", "outlook", "venmo"]  # fmt: skip


def _notifying_app(ctx: Ctx) -> dict[str, Any]:
    app = base()["apps"][ctx.choice(NOTIFYING_APPS[ctx.parity :: 2])]
    if not (app["notifications"] and app["permissions"].get("NOTIFICATIONS")):
        raise Skip("not a notifying app in the base world")
    return app


@family("apps.notifications_allow", dimension="basic", category="grounding", bucket="state")
def notifications_allow(ctx: Ctx) -> Draft:
    app = _notifying_app(ctx)
    muted = {**app, "notifications": False, "permissions": {**app["permissions"], "NOTIFICATIONS": False}}
    query = ctx.say(
        ["let {a} send me notifications again.", "allow notifications from {a} once more.",
         "{a} should be able to notify me again — turn that back on.", "give {a} back its notification permission."],
        a=app["name"],
    )  # fmt: skip
    via = ctx.choice([call("enable_app_notifications", app_id=app["id"]),
                      call("grant_app_permission", app_id=app["id"], permission="NOTIFICATIONS")])  # fmt: skip
    return Draft(
        query=query,
        s0_patch={"apps": {app["id"]: muted}},
        gold={"delta": [{"table": "apps", "op": "update", "key": app["id"],
                         "fields": {"notifications": True, "permissions": {**app["permissions"]}}}]},
        oracle=[calls(via), f"{app['name']} can send you notifications again."],
    )  # fmt: skip


@family("apps.notifications_deny", dimension="basic", category="grounding", bucket="state")
def notifications_deny(ctx: Ctx) -> Draft:
    app = _notifying_app(ctx)
    query = ctx.say(
        ["stop {a} from posting notifications.", "revoke {a}'s permission to send notifications.",
         "I don't want any notifications from {a} anymore.", "don't allow {a} to notify me."],
        a=app["name"],
    )  # fmt: skip
    via = ctx.choice([call("disable_app_notifications", app_id=app["id"]),
                      call("revoke_app_permission", app_id=app["id"], permission="NOTIFICATIONS")])  # fmt: skip
    shown = [k for k, n in base()["notifications"].items() if n["app_id"] == app["id"]]
    return Draft(
        query=query,
        gold={"delta": [
            {"table": "apps", "op": "update", "key": app["id"],
             "fields": {"notifications": False, "permissions": {**app["permissions"], "NOTIFICATIONS": False}}},
            *({"table": "notifications", "op": "delete", "key": k} for k in shown),
        ]},
        oracle=[calls(via), f"{app['name']} can no longer send you notifications."],
    )  # fmt: skip


# --------------------------------------------------------------------------- calendar time zones
HOME = "America/Los_Angeles"  # the base world's zone (``time_mgmt.HOME_ZONE``)
#: (how the user names the zone, IANA zone): never the home zone (America/Los_Angeles), so an event
#: booked on the phone's own clock instead of the named one is off by hours.
ZONE_CITIES = [
    ("New York", "America/New_York"), ("London", "Europe/London"), ("Chicago", "America/Chicago"),
    ("Tokyo", "Asia/Tokyo"), ("Paris", "Europe/Paris"), ("Sydney", "Australia/Sydney"),
    ("Berlin", "Europe/Berlin"), ("Singapore", "Asia/Singapore"), ("Denver", "America/Denver"),
    ("Seoul", "Asia/Seoul"), ("Kolkata", "Asia/Kolkata"), ("Toronto", "America/Toronto"),
]  # fmt: skip


def _convert(wall: str, src: str, dst: str) -> str:
    """``time_mgmt.convert``, imported at call time (importing a domain module by name before the
    catalog is built would change the catalog's order)."""
    from mpb_env.domains.time_mgmt import convert

    return convert(wall, src, dst)


def _utc(wall: str, zone: str) -> str:
    """The UTC instant of a wall time on ``zone``'s clock, as the ``$instant`` matcher takes it."""
    return datetime.fromisoformat(wall).replace(tzinfo=ZoneInfo(zone)).astimezone(UTC).isoformat()


@family("time.event_in_zone", dimension="basic", category="grounding", bucket="state")
def event_in_zone(ctx: Ctx) -> Draft:
    title = ctx.pick("event_titles")
    day, date = ctx.pick("rel_days")
    t = ctx.pick("event_times")
    city, zone = ctx.choice(ZONE_CITIES[ctx.parity :: 2])
    start = f"{date}T{t}:00"
    query = ctx.say(
        ["put {title} in my calendar {day} at {tw} {city} time.",
         "book {title} {day}, {tw} — that's {city} time, not mine.",
         "{title} is {day} at {tw} in {city} time; add it to the calendar.",
         "schedule {title} for {day} at {tw} {city} time, please."],
        title=EVENT_SPOKEN[title], day=day, tw=hhmm_words(t), city=city,
    )  # fmt: skip
    shown = _convert(start, zone, HOME)
    return Draft(
        query=query,
        gold={"delta": [{"table": "events", "op": "create",
                         "fields": {"title": keyword(EVENT_KEYWORDS[title]), "start": {"$instant": _utc(start, zone)}}}]},
        oracle=[
            calls(call("create_event", title=title, start=start, timezone=zone)),
            f"Added {title} {day_words(start)} at {hhmm_words(t)} {city} time — {hhmm_words(shown[11:16])} on "
            f"{day_words(shown)} here.",
        ],
    )  # fmt: skip


@family("time.travel_event_time", dimension="basic", category="reference", bucket="behavior")
def travel_event_time(ctx: Ctx) -> Draft:
    title = ctx.pick("event_titles")
    day, date = ctx.pick("rel_days")
    t = ctx.pick("event_times")
    (src_city, src), (dst_city, dst) = ctx.rng.sample(ZONE_CITIES[ctx.parity :: 2], 2)
    start = f"{date}T{t}:00"
    here = _convert(start, src, dst)
    if set(time_alts(here[11:16])) & set(time_alts(t)):
        raise Skip("the same wall time in both zones")
    rec = {"id": "event_p01", "title": title, "start": start, "end": shift(start, 60), "location": "",
           "attendees": [], "reminder_minutes": 15, "calendar": "work", "timezone": src}  # fmt: skip
    settings = base()["settings"]
    patch = {
        "events": {"event_p01": rec},
        "settings": {"system.timezone": {**settings["system.timezone"], "value": dst},
                     "system.auto_timezone": {**settings["system.auto_timezone"], "value": False}},
    }  # fmt: skip
    query = ctx.say(
        ["I just landed in {dst} and my phone is on {dst} time now. What time is {title} {day} for me here?",
         "the phone switched to {dst} time. When does {title} {day} start, in local time?",
         "I'm in {dst} now (phone on local time) — what time is my {title} {day} here?",
         "now that the phone shows {dst} time, at what local time is {title} {day}?"],
        dst=dst_city, title=EVENT_SPOKEN[title], day=day,
    )  # fmt: skip
    final = f"{title} is at {hhmm_words(here[11:16])} {dst_city} time, on {day_words(here)}."
    gold = {"rubric": {"final_kind": "answer", "must_include": [time_alts(here[11:16])], "evidence": [0],
                       "max_words": 40, "read_domains": ["Time Management"], "forbid_mutations": True}}  # fmt: skip
    return Draft(
        query=query,
        s0_patch=patch,
        gold=gold,
        oracle=[calls(call("list_events", start_date=here[:10], end_date=here[:10])), final],
    )  # fmt: skip


# --------------------------------------------------------------------------- timers: pause and +1 min
def _running_timer(ctx: Ctx) -> tuple[str, int, dict[str, Any], list[dict[str, str]]]:
    """A running S0 timer ``timer_p01`` started two minutes before now, and the history that started it."""
    minutes = ctx.pick("timer_minutes")
    label = ctx.pick("timer_labels")
    started = "2026-05-20T08:58:00"
    ends = shift(started, minutes)
    timer = {"id": "timer_p01", "label": label, "duration_s": minutes * 60, "started_at": started,
             "ends_at": ends, "status": "running", "stopped_at": None}  # fmt: skip
    history = [
        {"role": "user", "content": f"Start a {minutes}-minute timer for the {label.lower()}."},
        {"role": "assistant", "content": f"Started timer_p01 ({label}), {minutes} minutes, ends at {hhmm_words(ends[11:16])}."},
    ]  # fmt: skip
    if minutes <= 3:
        raise Skip("it would ring within a few calls")
    return label, minutes, timer, history


@family("time.pause_timer", dimension="basic", category="reference", bucket="state")
def pause_timer(ctx: Ctx) -> Draft:
    label, _minutes, timer, history = _running_timer(ctx)
    query = ctx.say(
        ["hold on — pause the {lab} timer, don't cancel it.", "pause that {lab} timer for a moment.",
         "freeze the {lab} countdown; I'll pick it up again later.", "put the {lab} timer on pause, keep the time left.",
         "can you pause my {lab} timer? I still need it.", "pause the {lab} countdown, I'll resume it in a bit."],
        lab=label.lower(),
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        s0_patch={"timers": {"timer_p01": timer}},
        gold={"delta": [{"table": "timers", "op": "update", "key": "timer_p01",
                         "fields": {"status": "paused", "ends_at": None, "paused_at": {"$present": True},
                                    "remaining_s": {"$present": True}}}]},
        oracle=[calls(call("stop_timer", timer_id="timer_p01", action="pause")),
                f"Paused the {label} timer; it keeps its remaining time until you resume it."],
    )  # fmt: skip


@family("time.add_timer_minute", dimension="basic", category="reference", bucket="state")
def add_timer_minute(ctx: Ctx) -> Draft:
    label, minutes, timer, history = _running_timer(ctx)
    query = ctx.say(
        ["add a minute to the {lab} timer.", "give the {lab} timer one more minute.",
         "the {lab} needs a bit longer — plus one minute on that timer.", "extend my {lab} timer by a minute.",
         "one extra minute on the {lab} countdown, please.", "+1 minute on the {lab} timer."],
        lab=label.lower(),
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        s0_patch={"timers": {"timer_p01": timer}},
        gold={"delta": [{"table": "timers", "op": "update", "key": "timer_p01",
                         "fields": {"ends_at": shift(timer["ends_at"], 1), "duration_s": minutes * 60 + 60}}]},
        oracle=[calls(call("stop_timer", timer_id="timer_p01", action="add_minute")),
                f"Added a minute: the {label} timer now ends at {hhmm_words(shift(timer['ends_at'], 1)[11:16])}."],
    )  # fmt: skip


# --------------------------------------------------------------------------- screen-recording consent
#: That the user turned the consent dialog down (the evidence: the call's ``consent.answer``).
DECLINED = ["declined", "decline", "didn't allow", "did not allow", "didn't give", "did not give", "said no",
            "turned down", "tapped cancel", "cancelled the", "canceled the", "refused", "no consent",
            "without your consent", "didn't consent", "did not consent", "didn't agree", "did not agree"]  # fmt: skip
#: That nothing is being recorded.
NOT_RECORDING = [*cannot("start", "record", "begin"), "didn't start", "did not start", "hasn't started",
                 "has not started", "wasn't started", "not started", "isn't recording", "is not recording",
                 "not recording", "no recording", "nothing is being recorded", "nothing was recorded",
                 "isn't running", "is not running", "not running", "didn't begin", "did not begin"]  # fmt: skip
#: A claim that the recording runs anyway.
RECORDING_NOW = [*false_claims("started", "begun", passive=False), "is recording now", "now recording",
                 "recording now", "recording is running", "recording has started", "recording started",
                 "is being recorded"]  # fmt: skip


@family("media.screen_record_declined", dimension="basic", category="recovery", bucket="behavior")
def screen_record_declined(ctx: Ctx) -> Draft:
    task = ctx.pick("media_screen_tasks")
    _cid, who, _term = ctx.pick("md_people")
    audio, clause = ctx.choice(
        [(True, " with sound"), (False, ""), (True, " with the mic on"), (False, " without audio")]
    )
    query = ctx.say(
        ["record my screen{c} so I can show {who} how to {task}.",
         "start a screen recording{c}; it's to show {who} how to {task}.",
         "I want to capture my screen{c} — {who} needs to see how to {task}.",
         "begin recording the screen{c} for {who}, about how to {task}."],
        c=clause, who=who, task=task,
    )  # fmt: skip
    gold = rubric("any", DECLINED, NOT_RECORDING, avoid=RECORDING_NOW)
    gold["rubric"]["evidence"] = [0]
    return Draft(
        query=query,
        frictions=["runtime_error"],
        s0_patch={"screen_recording": {"consent": {"answer": "decline"}}},
        gold=gold,
        oracle=[
            calls(call("start_screen_recording", with_audio=audio)),
            "You declined the screen-recording prompt, so the recording did not start. Tell me when you "
            "want to try again and allow it on the prompt.",
        ],
    )  # fmt: skip


@family("media.restart_recording_consent", dimension="basic", category="dependency", bucket="tool")
def restart_recording_consent(ctx: Ctx) -> Draft:
    """A running recording without sound, restarted with sound: the new session asks consent again
    (the running one's is not reused), and the user's answer this time is drawn."""
    started = f"2026-05-20T08:5{ctx.rng.randrange(0, 8)}:{ctx.rng.randrange(0, 60):02d}"
    answer = ("decline", "allow")[ctx.nth % 2]  # both answers in every split, a decline first
    _cid, who, _term = ctx.pick("md_people")
    sound = ctx.choice(["with sound", "with the mic on", "with audio", "recording my voice"])
    query = ctx.say(
        ["stop this screen recording and start a new one {s} — {who} should hear me explain.",
         "the screen recording for {who} has no audio; end it and record again {s}.",
         "restart the screen recording, this time {s}, so {who} can follow; keep the one so far.",
         "finish the current screen recording and begin another one {s} for {who}.",
         "{who} won't get it without my voice: save this screen recording and start one {s}.",
         "end the silent screen recording and make a new one {s} to send {who} later."],
        s=sound, who=who,
    )  # fmt: skip
    final = (
        "I saved the recording so far and started a new one with sound; you allowed it on the prompt."
        if answer == "allow"
        else "I saved the recording so far, but you declined the prompt for the new one, so nothing is being "
        "recorded now."
    )
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch={"screen_recording": {"current": {"started_at": started, "with_audio": False},
                                       "consent": {"answer": answer}}},
        gold={"calls": [
            {"name": "stop_screen_recording", "arguments": {}},
            {"name": "start_screen_recording", "arguments": {"with_audio": True}},
        ]},
        oracle=[
            calls(call("stop_screen_recording")),
            calls(call("start_screen_recording", with_audio=True)),
            final,
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- tap to pay
def _tap_code(cid: str) -> dict[str, Any]:
    return {"table": "payment_codes", "op": "create", "fields": {"card_id": cid, "format": "tap"}}


def _setting(key: str, value: Any) -> dict[str, Any]:
    return {key: {**base()["settings"][key], "value": value}}


@family("travel.tap_to_pay_nfc_off", dimension="basic", category="dependency", bucket="state")
def tap_to_pay_nfc_off(ctx: Ctx) -> Draft:
    from mpb_env.tasks.gen.fam_travel import PAY_REF

    ref, cid = ctx.pick("tu_pay_cards")
    query = ctx.say(
        ["I'm at the register — get {card} ready so I can tap my phone to pay.",
         "tap to pay with {card}, please; the reader is right here.",
         "set me up to pay with {card} by tapping the phone on the terminal.",
         "I want to pay contactless with {card} — make the phone ready to tap."],
        card=ref,
    )  # fmt: skip
    pay = call("create_payment_code", card=PAY_REF[cid], code_format="tap")
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch={"settings": _setting("device.nfc", False)},
        gold={"delta": [setting_delta("device.nfc", True), _tap_code(cid)]},
        oracle=[
            calls(pay),
            calls(call("set_nfc_enabled", enabled=True)),
            calls(pay),
            "NFC was off, so I turned it on; hold the phone to the reader within 60 seconds to pay.",
        ],
    )  # fmt: skip


@family("travel.tap_to_pay_no_app", dimension="basic", category="dependency", bucket="state")
def tap_to_pay_no_app(ctx: Ctx) -> Draft:
    """No default tap-to-pay app (the last one was uninstalled), NFC on or off as drawn."""
    from mpb_env.tasks.gen.fam_travel import PAY_REF

    ref, cid = ctx.pick("tu_pay_cards")
    nfc = ctx.choice([True, False])
    query = ctx.say(
        ["let me tap my phone to pay with {card} at the checkout.",
         "pay by tapping with {card}; I'm at the till.",
         "get {card} ready for a contactless tap at the counter.",
         "I'd like to tap and pay with {card} now."],
        card=ref,
    )  # fmt: skip
    pay = call("create_payment_code", card=PAY_REF[cid], code_format="tap")
    settings = {**_setting("network.nfc_payment_app", None), **_setting("device.nfc", nfc)}
    delta = [setting_delta("network.nfc_payment_app", "wallet")]
    if not nfc:
        delta.append(setting_delta("device.nfc", True))
    what = "Wallet wasn't the default tap-to-pay app" + ("" if nfc else " and NFC was off")
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch={"settings": settings},
        gold={"delta": [*delta, _tap_code(cid)]},
        oracle=[
            calls(pay),
            calls(call("set_nfc_enabled", enabled=True, payment_app_id="wallet")),
            calls(pay),
            f"{what}, so I set it up; hold the phone to the reader within 60 seconds to pay.",
        ],
    )  # fmt: skip
