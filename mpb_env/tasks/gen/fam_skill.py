"""Template families of the Skill Usage dimension (paper §3.4.4): one or more per skill.

A skill task asks for a composite routine. Its oracle loads the gold skill first, then follows the
skill's instructions with the tools the skill binds (plus ``search_user_memory``), then closes with a
final message. Every task is run under Skill-Only Routing (only ``load_skill`` and the memory search are
offered until the skill is loaded) and under Mixed routing, so an oracle never calls a tool outside
the gold skill's bound set. The category is the skill's theme.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any

from mpb_env.domains.assistant import SKILLS
from mpb_env.domains.input import KEYBOARD_LANGUAGES
from mpb_env.tasks.build import call, calls, contains, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.fam_security import other_passwords
from mpb_env.tasks.gen.fam_travel import here_origin, place_refs
from mpb_env.tasks.gen.helpers import (
    avoiding,
    base,
    events_between,
    hhmm_words,
    lookup,
    merge,
    s0_settings,
    sentence,
    setting_delta,
    shift,
    sms_call,
)

IGN = {"$ignore": True}
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri"]
ALL_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
#: The apps the secure_phone skill locks (its step 4): "the usual money apps".
SECURE_PHONE_LOCKS = ["bank", "wallet", "venmo"]

#: Each skill's theme: the task category, and the pool its distractor skills are drawn from first.
THEME: dict[str, str] = {
    "commute_mode": "routine",
    "morning_routine": "routine",
    "bedtime_routine": "routine",
    "quiet_nights": "routine",
    "wind_down": "routine",
    "meeting_followup": "productivity",
    "focus_mode": "productivity",
    "weekly_review": "productivity",
    "meeting_mode": "productivity",
    "daily_briefing": "productivity",
    "read_later": "productivity",
    "presentation_mode": "productivity",
    "laptop_handoff": "productivity",
    "family_checkin": "communication",
    "save_contact_card": "communication",
    "hotspot_share": "communication",
    "emergency_help": "communication",
    "doctor_visit": "health",
    "workout_mode": "health",
    "eye_care": "health",
    "easy_view": "health",
    "travel_prep": "travel",
    "airport_mode": "travel",
    "trip_abroad": "travel",
    "flight_watch": "travel",
    "driving_mode": "travel",
    "movie_night": "media",
    "song_capture": "media",
    "podcast_catchup": "media",
    "party_speaker": "media",
    "headphones_setup": "media",
    "photo_touchup": "media",
    "photo_backup": "media",
    "privacy_checkup": "privacy",
    "secure_phone": "privacy",
    "secure_sign_in": "privacy",
    "kid_mode": "privacy",
    "memory_cleanup": "privacy",
    "memory_review": "privacy",
    "battery_rescue": "device",
    "new_phone_setup": "device",
    "storage_cleanup": "device",
    "software_update": "device",
    "home_screen_tidy": "device",
    "quick_access_setup": "device",
    "one_handed_setup": "device",
    "always_on_setup": "device",
    "ringtone_personalize": "device",
    "notification_detox": "device",
    "join_wifi_qr": "device",
    "data_saver": "device",
    "pay_by_qr": "productivity",
    "screen_explainer": "productivity",
    "language_practice": "learning",
    "interview_prep": "learning",
}
SKILL_IDS = [sk["id"] for sk in SKILLS]
BOUND = {sk["id"]: set(sk["tools"]) for sk in SKILLS}


# --------------------------------------------------------------------------- shared helpers
def skill_family(skill_id: str, bucket: str, suffix: str = "") -> Any:
    """Register a skill family: id ``skill.<skill>[.<suffix>]``, category = the skill's theme."""
    fid = f"skill.{skill_id}" + (f".{suffix}" if suffix else "")
    return family(fid, dimension="skill", category=THEME[skill_id], bucket=bucket)  # type: ignore[arg-type]


def candidates(ctx: Ctx, gold: str) -> list[str]:
    """The gold skill and 3-5 plausible distractors (same theme first), shuffled."""
    same = [s for s in SKILL_IDS if s != gold and THEME.get(s) == THEME[gold]]
    other = [s for s in SKILL_IDS if s != gold and THEME.get(s) != THEME[gold]]
    k = ctx.rng.choice([3, 4, 5])
    picked = ctx.rng.sample(same, min(len(same), k - 1))
    picked += ctx.rng.sample(other, k - len(picked))
    out = [gold, *picked]
    ctx.rng.shuffle(out)
    return out


def check_bound(skill_id: str, oracle: list[str]) -> None:
    """Fail loudly when an oracle uses a tool the skill does not bind (it would fail under SOR)."""
    from mpb_env.tasks.build import oracle_tools

    extra = set(oracle_tools(oracle)) - BOUND[skill_id] - {"load_skill", "search_user_memory"}
    if extra:
        raise AssertionError(f"skill {skill_id}: oracle uses unbound tools {sorted(extra)}")


def skill_draft(
    ctx: Ctx,
    skill_id: str,
    query: str,
    steps: list[str],
    final: str,
    gold: dict[str, Any],
    **extra: Any,
) -> Draft:
    """A skill task: load the skill, run ``steps`` (oracle turns), close with ``final``."""
    oracle = [calls(call("load_skill", skill_id=skill_id)), *steps, final]
    check_bound(skill_id, oracle)
    return Draft(
        query=query,
        gold=gold,
        oracle=oracle,
        gold_skill=skill_id,
        candidate_skills=candidates(ctx, skill_id),
        **extra,
    )


def short_time(hhmm: str) -> str:
    """``"06:15"`` → ``"6:15"`` (as a memory states it)."""
    h, m = (int(x) for x in hhmm.split(":"))
    return f"{h}:{m:02d}"


def next_workday(day: str) -> str:
    d = date.fromisoformat(day) + timedelta(days=1)
    while d.weekday() >= 5:
        d += timedelta(days=1)
    return d.isoformat()


def day_words(day: str) -> str:
    """``"2026-06-08"`` → ``"Monday, June 8"``."""
    d = date.fromisoformat(day)
    return f"{d.strftime('%A')}, {d.strftime('%B')} {d.day}"


def possessive(name: str) -> str:
    """``"Maps"`` → ``"Maps'"``, ``"Slack"`` → ``"Slack's"``."""
    return name + ("'" if name.endswith("s") else "'s")


def contact(cid: str) -> dict[str, Any]:
    return base()["contacts"][cid]


def any_contains(*alternatives: str) -> dict[str, Any]:
    """Free text that contains one of ``alternatives``."""
    return {"$any": [contains(a) for a in alternatives]}


def patched_memory(mem_id: str, text: str) -> dict[str, dict[str, Any]]:
    """An S0 patch replacing a memory's text (same ID and timestamps)."""
    return {"memories": {mem_id: {**base()["memories"][mem_id], "text": text}}}


# --------------------------------------------------------------------------- routine
@skill_family("commute_mode", "state")
def commute_mode(ctx: Ctx) -> Draft:
    vol = ctx.pick("sk_commute_volumes")
    query = ctx.say(
        [
            "turn on commute mode, and from now on make its media volume {v}%.",
            "start my commute routine — and change it so the media volume is {v}% from now on.",
            "switch on my commute setup, but permanently set its media volume to {v} percent.",
            "I'm heading to work: commute mode please, and update it to use {v}% media volume going forward.",
            "commute mode on. Also, the media volume in it should be {v}% from now on.",
            "run my commute focus routine, with the media level changed to {v}% for good.",
        ],
        v=vol,
    )
    actions = [{"setting": "sound.mode", "value": "silent"}, {"setting": "volume.media", "value": vol}]
    return skill_draft(
        ctx,
        "commute_mode",
        query,
        [
            calls(call("search_user_memory", query="commute focus routine")),
            calls(call("list_automation_rules")),
            calls(
                call(
                    "update_automation_rule", rule_id="rule_002", enabled=True, actions=actions, run_now=True
                )
            ),
        ],
        f"Commute focus is on: silent mode, and its media volume is now {vol}% (applied right away).",
        gold={
            "delta": [
                {
                    "table": "automation_rules",
                    "op": "update",
                    "key": "rule_002",
                    "fields": {"enabled": True, "actions": actions, "last_run_at": IGN},
                },
                setting_delta("sound.mode", "silent"),
                setting_delta("volume.media", vol),
            ]
        },
        gold_memory_ids=["mem_005"],  # the commute routine (silent mode, 'Commute focus' on)
    )


@skill_family("morning_routine", "state")
def morning_routine(ctx: Ctx) -> Draft:
    opener = ctx.pick("sk_morning_openers")
    wake = ctx.pick("sk_wake_times")
    missing = ctx.choice([False, False, True])
    query = ctx.say(
        [
            "{o} Run my morning routine.",
            "{o} Can you do the morning check on my alarm and my day?",
            "{o} Do the usual morning routine for me.",
            "{o} Morning routine, please — make sure my alarm is right.",
            "{o} Go through my morning routine.",
            "{o} Please run the morning check.",
        ],
        o=opener,
    )
    s0 = {}
    if wake != "06:00":
        s0 = patched_memory("mem_011", f"Since April I wake at {short_time(wake)} on workdays.")
    if missing:
        s0 = merge(s0, {"alarms": {"alarm_001": None}})
        fix = calls(call("create_alarm", time=wake, label="Workday wake-up", repeat_days=WEEKDAYS))
        delta = [{"table": "alarms", "op": "create", "fields": {"time": wake, "repeat_days": WEEKDAYS}}]
        said = f"You had no workday alarm, so I set one for {hhmm_words(wake)} on weekdays"
    else:
        fix = calls(call("update_alarm", alarm_id="alarm_001", time=wake))
        delta = [{"table": "alarms", "op": "update", "key": "alarm_001", "fields": {"time": wake}}]
        said = f"Your workday alarm now matches your {hhmm_words(wake)} wake-up time"
    return skill_draft(
        ctx,
        "morning_routine",
        query,
        [
            calls(call("search_user_memory", query="wake up time workdays")),
            calls(call("list_alarms")),
            fix,
            calls(
                call("list_events", start_date="2026-05-20", end_date="2026-05-20"), call("list_reminders")
            ),
        ],
        f"{said}. Today: weekly sync with Sam at 10, lunch with Chris Lee at 12:30, the design review at 3, "
        "and the expense report is due at 5.",
        gold={"delta": delta},
        s0_patch=s0,
        gold_memory_ids=["mem_011"],  # the current wake-up time (not the outdated mem_010)
        now="2026-05-20T07:30:00",
    )


@skill_family("bedtime_routine", "state")
def bedtime_routine(ctx: Ctx) -> Draft:
    opener = ctx.pick("sk_night_openers")
    wake = ctx.pick("sk_wake_times")
    rule_off = ctx.choice([False, True])
    query = ctx.say(
        [
            "{o} Get the phone ready for bed.",
            "{o} Run my bedtime routine.",
            "{o} Do the bedtime setup, please.",
            "{o} Put the phone in night mode the way I like it and check tomorrow's alarm.",
            "{o} Bedtime routine, please.",
            "{o} Wind the phone down for the night.",
        ],
        o=opener,
    )
    s0 = (
        patched_memory("mem_011", f"Since April I wake at {short_time(wake)} on workdays.")
        if wake != "06:00"
        else {}
    )
    rule = {"last_run_at": IGN}
    if rule_off:
        s0 = merge(
            s0,
            {"automation_rules": {"rule_001": {**base()["automation_rules"]["rule_001"], "enabled": False}}},
        )
        rule["enabled"] = True
    return skill_draft(
        ctx,
        "bedtime_routine",
        query,
        [
            calls(
                call("search_user_memory", query="bedtime routine"),
                call("search_user_memory", query="wake up time workdays"),
            ),
            calls(call("list_alarms")),
            calls(call("update_alarm", alarm_id="alarm_001", time=wake, enabled=True)),
            calls(call("list_automation_rules")),
            calls(call("update_automation_rule", rule_id="rule_001", enabled=True, run_now=True)),
            calls(call("list_reminders")),
        ],
        f"Do not disturb is on via your Bedtime rule, and tomorrow's alarm is set for {hhmm_words(wake)}.",
        gold={
            "delta": [
                {"table": "alarms", "op": "update", "key": "alarm_001", "fields": {"time": wake}},
                {"table": "automation_rules", "op": "update", "key": "rule_001", "fields": rule},
                setting_delta("dnd.enabled", True),
            ]
        },
        s0_patch=s0,
        gold_memory_ids=["mem_011", "mem_028"],  # wake-up time; the bedtime routine (do not disturb)
        now="2026-05-20T22:10:00",
    )


# --------------------------------------------------------------------------- productivity
@skill_family("meeting_followup", "state")
def meeting_followup(ctx: Ctx) -> Draft:
    ev = ctx.pick("sk_followup_events")
    notes, key = ctx.pick("sk_followup_notes")
    query = ctx.say(
        [
            "I just got out of {t}. Do the usual follow-up — action items: {n}.",
            "{t} just ended; send the follow-up the way I like it. Main action item: {n}.",
            "follow up on {t} for me. The takeaway was that {n}.",
            "please handle the follow-up for {t} — {n}.",
            "send out the notes from {t}: {n}.",
            "can you do my meeting follow-up for {t}? Action item: {n}.",
        ],
        t=f'"{ev["title"]}"',
        n=notes,
    )
    day = ev["start"][:10]
    people = ev["attendees"]
    emails = [contact(c)["email"] for c in people]
    due = f"{next_workday(day)}T10:00:00"
    lookups = [call("search_contacts", query=contact(c)["name"]) for c in people]
    return skill_draft(
        ctx,
        "meeting_followup",
        query,
        [
            calls(call("list_events", start_date=day, end_date=day)),
            calls(call("search_user_memory", query="meeting follow-up notes")),
            calls(*lookups),
            hermes(
                call(
                    "send_email",
                    to=people,
                    cc=["contact_001"],
                    subject=f"Follow-up: {ev['title']}",
                    body=f"Hi all,\n\nThanks for {ev['title']}. Action items: {sentence(notes)}\n\nAlex",
                )
            ),
            calls(call("create_reminder", title=f"Check action items from {ev['title']}", due=due)),
        ],
        f"Sent the follow-up for {ev['title']} to {', '.join(contact(c)['name'] for c in people)} with Maya "
        "in "
        f"copy, and set a reminder to check the action items on {day_words(due[:10])} at 10.",
        gold={
            "delta": [
                {
                    "table": "emails",
                    "op": "create",
                    "fields": {
                        "folder": "sent",
                        "to": emails,
                        "cc": [contact("contact_001")["email"]],
                        "subject": contains(ev["title"]),
                        "body": contains(key),
                    },
                },
                {
                    "table": "reminders",
                    "op": "create",
                    "fields": {"title": contains(ev["title"]), "due": due},
                },
            ]
        },
        gold_memory_ids=["mem_034"],  # the follow-up rule: copy Maya Chen
        now=shift(ev["end"], 15),
    )


def _overlaps(day: str, start: str, end: str) -> bool:
    a, b = f"{day}T{start}:00", f"{day}T{end}:00"
    return any(e["start"] < b and a < e["end"] for e in base()["events"].values())


@skill_family("focus_mode", "state")
def focus_mode(ctx: Ctx) -> Draft:
    day_said, day = ctx.pick("sk_weekdays")
    start, end = ctx.pick("sk_focus_blocks")
    if _overlaps(day, start, end):
        raise Skip("the block overlaps an event")
    query = ctx.say(
        [
            "protect some deep-work time {d} from {a} to {b}.",
            "block focus time {d}, {a} to {b}, please.",
            "I need a focus block {d} between {a} and {b} — set it up.",
            "put {a}–{b} {d} on hold for heads-down work.",
            "carve out focus time {d} from {a} until {b}.",
            "reserve {d} {a} to {b} for deep work.",
        ],
        d=day_said,
        a=hhmm_words(start),
        b=hhmm_words(end),
    )
    s, e = f"{day}T{start}:00", f"{day}T{end}:00"
    return skill_draft(
        ctx,
        "focus_mode",
        query,
        [
            calls(call("search_user_memory", query="focus time meetings")),
            calls(call("list_events", start_date=day, end_date=day)),
            calls(call("create_event", title="Focus time", start=s, end=e)),
        ],
        f"Your calendar is free then, so I blocked Focus time on {day_words(day)}, {hhmm_words(start)}–"
        f"{hhmm_words(end)}.",
        gold={
            "delta": [
                {
                    "table": "events",
                    "op": "create",
                    "fields": {"title": contains("focus"), "start": s, "end": e},
                }
            ]
        },
    )


@skill_family("weekly_review", "state")
def weekly_review(ctx: Ctx) -> Draft:
    (title, done), (prio, key) = ctx.pick("sk_done_items"), ctx.pick("sk_priorities")
    slot_said, slot = ctx.pick("sk_next_week_slots")
    query = ctx.say(
        [
            "weekly review time. I {done} already, and next week's top priority is to {p} — remind me {s}.",
            "let's do my Friday review: I {done}, so tick that off. Priority for next week: {p}, reminder "
            "{s}.",
            "run my weekly review. Mark it done that I {done}; then set a reminder {s} to {p}.",
            "Friday review, please — I {done}. Next week I need to {p}; remind me {s}.",
            "time for the weekly wrap-up: I {done}. Add a reminder for {s} to {p}.",
            "weekly review: I {done}, and the big thing next week is to {p}. Remind me {s}.",
        ],
        done=done,
        p=prio,
        s=slot_said,
    )
    rem = {"id": "reminder_p01", "title": title, "due": "2026-05-21T18:00:00", "notes": "", "done": False,
           "completed_at": None}  # fmt: skip
    return skill_draft(
        ctx,
        "weekly_review",
        query,
        [
            calls(call("search_user_memory", query="weekly review")),
            calls(call("list_reminders")),
            calls(call("complete_reminder", reminder_id="reminder_p01")),
            calls(call("list_events", start_date="2026-05-25", end_date="2026-05-29")),
            calls(call("create_reminder", title=sentence(prio)[:-1], due=slot)),
        ],
        f"Marked “{title}” as done and set a reminder for {slot_said} to {prio}.",
        gold={
            "delta": [
                {
                    "table": "reminders",
                    "op": "update",
                    "key": "reminder_p01",
                    "fields": {"done": True, "completed_at": IGN},
                },
                {"table": "reminders", "op": "create", "fields": {"title": contains(key), "due": slot}},
            ]
        },
        s0_patch={"reminders": {"reminder_p01": rem}},
        now="2026-05-22T16:30:00",
    )


# --------------------------------------------------------------------------- communication & health
@skill_family("family_checkin", "tool")
def family_checkin(ctx: Ctx) -> Draft:
    body, keys = ctx.pick("sk_mom_notes")
    query = ctx.say(
        [
            "do my family check-in with Mom by text this week: {b}.",
            "weekly check-in with my mom — text her that {b}.",
            "time for the family check-in. Message Mom: {b}.",
            "check in with Mom for me by SMS and say {b}.",
            "send my mother the weekly check-in text: {b}.",
            "family check-in: let Mom know {b}.",
        ],
        b=body,
    )
    return skill_draft(
        ctx,
        "family_checkin",
        query,
        [
            calls(call("search_user_memory", query="call mom every Sunday")),
            calls(call("search_contacts", query="Linda Morgan")),
            calls(call("send_message", contact_id="contact_006", text=sentence(body))),
        ],
        "Texted your mom, Linda Morgan, for this week's check-in.",
        gold={"calls": [sms_call("contact_006", keys)]},
    )


@skill_family("doctor_visit", "state")
def doctor_visit(ctx: Ctx) -> Draft:
    day_said, day = ctx.pick("sk_weekdays")
    at = ctx.pick("sk_appt_times")
    mins, dur_said = ctx.pick("sk_durations")
    query = ctx.say(
        [
            "put a checkup with my doctor on the calendar {d} at {t} for {l}, and remind me the way I like.",
            "I got an appointment with my family doctor {d} at {t}, {l} long — add it and set my usual "
            "reminder.",
            "schedule my doctor's checkup {d}, {t}, {l}; remind me ahead like always.",
            "book the doctor visit into my calendar: {d} at {t}, lasting {l}, with my normal reminder.",
            "add a check-up with my GP {d} at {t} ({l}) and a reminder before it.",
            "my doctor can see me {d} at {t} for {l}. Calendar it and remind me as usual.",
        ],
        d=day_said,
        t=hhmm_words(at),
        l=dur_said,
    )
    start = f"{day}T{at}:00"
    end = shift(start, mins)
    remind = shift(start, -15)
    return skill_draft(
        ctx,
        "doctor_visit",
        query,
        [
            calls(call("search_user_memory", query="family doctor")),
            calls(call("create_event", title="Checkup with Dr. Priya Shah", start=start, end=end)),
            calls(call("search_user_memory", query="reminder lead time")),
            calls(call("create_reminder", title="Doctor appointment", due=remind)),
        ],
        f"Checkup with Dr. Priya Shah is on {day_words(day)} at {hhmm_words(at)}; you'll be reminded 15 "
        "minutes "
        "before.",
        gold={
            "delta": [
                {
                    "table": "events",
                    "op": "create",
                    "fields": {
                        "title": any_contains("shah", "checkup", "check-up", "doctor"),
                        "start": start,
                        "end": end,
                    },
                },
                {
                    "table": "reminders",
                    "op": "create",
                    "fields": {
                        "title": any_contains("doctor", "checkup", "check-up", "shah", "appointment"),
                        "due": remind,
                    },
                },
            ]
        },
        gold_memory_ids=["mem_018"],  # the reminder lead time (15 minutes before events)
    )


# --------------------------------------------------------------------------- travel
@skill_family("travel_prep", "state")
def travel_prep(ctx: Ctx) -> Draft:
    city, flight = ctx.pick("sk_flights")
    day_said, day = ctx.pick("sk_trip_days")
    dep = ctx.pick("sk_departures")
    leave = (datetime.fromisoformat(f"{day}T{dep}:00") - timedelta(hours=2)).strftime("%H:%M")
    query = ctx.say(
        [
            "prep my trip: I fly {f} to {c} {d} at {t}. Calendar it, remind me to check in, alarm to leave "
            "at {l}, and send Jordan the plan.",
            "I'm flying to {c} {d} on {f}, departing {t}. Please do the travel prep — I'll leave home at "
            "{l}.",
            "get me ready for {c}: flight {f} {d} at {t}. Usual prep, and wake me with an alarm at {l} to "
            "leave.",
            "travel prep for my {c} trip — {f} leaves {d} at {t}; I want to head out at {l}.",
            "new trip: {f} to {c}, {d}, {t} departure. Set everything up and tell Jordan; leaving at {l}.",
            "please prepare my {c} trip. Flight {f} {d}, takes off at {t}, and I leave for the airport at "
            "{l}.",
        ],
        f=flight,
        c=city,
        d=day_said,
        t=hhmm_words(dep),
        l=hhmm_words(leave),
    )
    start = f"{day}T{dep}:00"
    return skill_draft(
        ctx,
        "travel_prep",
        query,
        [
            calls(call("search_user_memory", query="travel seat preference")),
            calls(call("list_events", start_date=day, end_date=day)),
            calls(
                call(
                    "create_event", title=f"Flight SFO-{city} ({flight})", start=start, end=shift(start, 180)
                )
            ),
            calls(call("create_reminder", title="Check in online", due=shift(start, -24 * 60))),
            calls(call("create_alarm", time=leave, label="Leave for the airport")),
            calls(
                call(
                    "send_message",
                    contact_id="contact_004",
                    text=f"Trip plan: {flight} to {city} on {day_words(day)} at {hhmm_words(dep)}.",
                )
            ),
        ],
        "All set: the flight is on your calendar, a check-in reminder fires 24 hours before, an alarm "
        "rings at "
        f"{hhmm_words(leave)}, and Jordan has the plan.",
        gold={
            "delta": [
                {"table": "events", "op": "create", "fields": {"start": start}},
                {
                    "table": "reminders",
                    "op": "create",
                    "fields": {"title": any_contains("check in", "check-in"), "due": shift(start, -24 * 60)},
                },
                {"table": "alarms", "op": "create", "fields": {"time": leave}},
                {
                    "table": "messages",
                    "op": "create",
                    "fields": {
                        "contact_id": "contact_004",
                        "direction": "out",
                        "text": contains(flight.split()[1]),
                    },
                },
            ]
        },
    )


# --------------------------------------------------------------------------- privacy & memory
@skill_family("memory_cleanup", "state")
def memory_cleanup(ctx: Ctx) -> Draft:
    mem_id, said, keys = ctx.pick("sk_memory_fixes")
    query = ctx.say(
        [
            "update your memory: {s}.",
            "{s} — please fix what you remember about that.",
            "memory cleanup: {s}, so correct the old note.",
            "heads up, {s}. Keep your memory consistent.",
            "correct what you know about me: {s}.",
            "your notes are out of date — {s}.",
        ],
        s=said,
    )
    old = base()["memories"][mem_id]["text"]
    words = [w for w in old.replace(",", " ").replace(".", " ").split() if len(w) > 4][:4]
    return skill_draft(
        ctx,
        "memory_cleanup",
        query,
        [
            calls(call("search_user_memory", query=" ".join(words), top_k=10)),
            calls(call("replace_user_memory", memory_id=mem_id, text=sentence(said))),
        ],
        f"Updated the memory: {sentence(said)}",
        gold={
            "delta": [
                {"table": "memories", "op": "update", "key": mem_id, "fields": {"text": contains(*keys)}}
            ]
        },
    )


# --------------------------------------------------------------------------- media
def playback_fields(**must: Any) -> dict[str, Any]:
    """Gold fields of a ``playback/current`` update: ``must`` checked, every other field ignored."""
    out = {k: IGN for k in base()["playback"]["current"]}
    out.update(must)
    return out


def movie_night_plan(film: str, tv: dict[str, Any]) -> tuple[list[Any], dict[str, Any], dict[str, Any]]:
    """A movie night's oracle steps, S0 patch and gold: dim the screen, Do Not Disturb for favourites,
    find the TV (pairing it first, with Bluetooth on in S0, when it is not paired), have the GUI
    sub-agent play ``film`` on Netflix and cast the screen to ``tv``."""
    steps = [
        calls(call("set_display_brightness", level=20)),
        calls(call("set_do_not_disturb", enabled=True, duration_minutes=180, allow_calls_from="favorites")),
        calls(call("list_cross_devices", kind="tv")),
    ]
    device_fields: dict[str, Any] = {"last_connected": IGN}
    s0: dict[str, Any] = {}
    if not tv["paired"]:
        s0 = s0_settings({"network.bluetooth": True})
        steps.append(calls(call("pair_cross_device", device_id=tv["id"])))
        device_fields["paired"] = True
    steps += [
        calls(
            call(
                "delegate_to_gui_agent",
                app="netflix",
                instruction=f"Play {film} from the start",
                context={"title": film},
            )
        ),
        calls(call("start_cast_session", device_id=tv["id"], source="screen")),
    ]
    return steps, s0, movie_night_gold(film, tv, device_fields)


def movie_night_gold(film: str, tv: dict[str, Any], device_fields: dict[str, Any]) -> dict[str, Any]:
    """The state a movie night leaves: screen dimmed, Do Not Disturb for favourites, the GUI sub-agent
    asked to play ``film`` and the screen cast to ``tv`` (paired on the way when it was not)."""
    return {
        "delta": [
            setting_delta("display.brightness", 20),
            setting_delta("dnd.enabled", True),
            {
                "table": "settings",
                "op": "update",
                "key": "dnd.until",
                "fields": {"value": {"$present": True}},
            },
            {
                "table": "handoffs",
                "op": "create",
                "fields": {"route": "gui", "app": "netflix", "instruction": contains(film)},
            },
            {
                "table": "cast_sessions",
                "op": "create",
                "fields": {"device_id": tv["id"], "source": "screen"},
            },
            {"table": "cross_devices", "op": "update", "key": tv["id"], "fields": device_fields},
        ],
        "ignore_tables": ["pairing_log"],
    }


@skill_family("movie_night", "state")
def movie_night(ctx: Ctx) -> Draft:
    film = ctx.pick("sk_films")
    tv = ctx.pick("sk_tvs")
    query = ctx.say(
        [
            "movie night! Put {f} on the {tv}.",
            "set up movie night — we're watching {f} on the {tv}.",
            "let's do a movie night with {f}, on the {tv} please.",
            "movie night mode: {f}, {tv}.",
            "get {f} going on the {tv} for movie night.",
            "we want to watch {f} on the {tv} tonight — movie night setup.",
        ],
        f=film,
        tv=tv["name"],
    )
    steps, s0, gold = movie_night_plan(film, tv)
    return skill_draft(
        ctx,
        "movie_night",
        query,
        steps,
        f"Movie night is set: screen dimmed, only favourites can ring, and {film} is playing on the "
        f"{tv['name']}.",
        gold=gold,
        s0_patch=s0,
        now="2026-05-20T20:00:00",
    )


@skill_family("photo_backup", "state")
def photo_backup(ctx: Ctx) -> Draft:
    name, first, last, said = ctx.pick("sk_photo_ranges")
    if name == "April backup":
        raise Skip("too many photos for one request")
    query = ctx.say(
        [
            'back up my photos {r} (just photos, no videos) into an album called "{n}" and push it to the '
            "cloud.",
            'collect the photos {r} — photos only — in a new album "{n}" and back it up.',
            'photo backup: put the pictures {r} (skip the videos) into "{n}" and upload that album to the '
            "cloud.",
            'make an album "{n}" with my photos {r}, no videos, then back it up to the cloud.',
            'please back up the still photos {r}: album "{n}", then cloud backup.',
            'gather the photos I took {r} (not the videos) into "{n}" and back them up online.',
        ],
        r=said,
        n=name,
    )
    ids = sorted(
        p["id"] for p in base()["photos"].values() if first <= p["time"][:10] <= last and p["kind"] == "photo"
    )
    return skill_draft(
        ctx,
        "photo_backup",
        query,
        [
            calls(call("get_network_status")),
            calls(call("list_photos", kind="photo", date_from=first, date_to=last, limit=50)),
            calls(call("create_album", name=name, photo_ids=ids)),
            calls(
                call(
                    "delegate_to_gui_agent",
                    app="gallery",
                    instruction=f"Back up the album {name} to the cloud",
                    context={"album": "album_n001"},
                )
            ),
        ],
        f'Put {len(ids)} photos into the album "{name}" and the Gallery sub-agent backed it up to the cloud '
        "over "
        "Wi-Fi.",
        gold={
            "delta": [
                {"table": "albums", "op": "create", "fields": {"name": name}},
                *({"table": "photos", "op": "update", "key": p, "fields": {"album": IGN}} for p in ids),
                {
                    "table": "handoffs",
                    "op": "create",
                    "fields": {"route": "gui", "app": "gallery", "instruction": contains(name)},
                },
            ]
        },
    )


# --------------------------------------------------------------------------- travel
@skill_family("airport_mode", "tool")
def airport_mode(ctx: Ctx) -> Draft:
    opener = ctx.pick("sk_airport_openers")
    said, mode = ctx.pick("sk_airport_modes")
    query = ctx.say(
        [
            "{o} Get me to the airport for my New York flight — {m}.",
            "{o} Airport mode: directions to my flight, {m}.",
            "{o} Navigate me to SFO for the flight on my calendar; {m}.",
            "{o} Start directions for my flight — {m}.",
            "{o} Take me to the airport for the New York trip, {m}.",
            "{o} Help me get to my flight. {m}.",
        ],
        o=opener,
        m=said,
    )
    return skill_draft(
        ctx,
        "airport_mode",
        query,
        [
            calls(
                call("list_events", query="Flight"),
                call("list_travel_bookings", kind="flight", upcoming_only=True),
            ),
            calls(call("get_transit_status", booking_id="booking_001")),
            calls(call("start_navigation", event_id="event_004", mode=mode)),
        ],
        f"Directions to SFO are running ({mode}). UA 1532 is on time from terminal 3, gate F12.",
        gold={
            "calls": [
                {
                    "name": "start_navigation",
                    "arguments": {
                        # The flight's event, or SFO (event_004's place) by any name the tool resolves.
                        "event_id": {"$any": ["event_004", None]},
                        "destination": {"$any": [None, *place_refs("place_002")["$any"]]},
                        "mode": mode,
                        # From where the phone is (home), named or not.
                        "origin": here_origin(),
                    },
                }
            ]
        },
        now="2026-05-26T05:30:00",
    )


@skill_family("driving_mode", "state")
def driving_mode(ctx: Ctx) -> Draft:
    dest, key = ctx.pick("sk_destinations")
    music = ctx.choice(["playlist", "resume"])
    query = ctx.say(
        [
            "driving to {d} now — {m}. Driving mode please.",
            "I'm getting in the car to {d}; set up driving mode and {m}.",
            "car mode: heading to {d}, and {m}.",
            "start driving mode, destination {d}; {m}.",
            "driving mode on — I'm going to {d}. Also {m}.",
            "off to {d} in the Honda. Driving setup, and {m}.",
        ],
        d=dest,
        m="play the road trip playlist" if music == "playlist" else "pick up my podcast where I left off",
    )
    s0 = {"bluetooth_devices": {"bt_003": {**base()["bluetooth_devices"]["bt_003"], "in_range": True}}}
    place = next(p for p in base()["places"].values() if key in p["name"].casefold())
    play = call("play_media", playlist_id="playlist_004") if music == "playlist" else call("resume_playback")
    return skill_draft(
        ctx,
        "driving_mode",
        query,
        [
            calls(call("set_bluetooth_enabled", enabled=True)),
            calls(call("connect_bluetooth_device", device_id="bt_003")),
            calls(call("set_do_not_disturb", enabled=True, allow_calls_from="favorites")),
            calls(call("start_navigation", destination=place["name"], mode="drive")),
            calls(play),
        ],
        f"Connected to the Honda, Do Not Disturb is on, directions to {place['name']} are running and the "
        "audio is "
        "playing.",
        gold={
            "delta": [
                setting_delta("network.bluetooth", True),
                setting_delta("dnd.enabled", True),
                {
                    "table": "bluetooth_devices",
                    "op": "update",
                    "key": "bt_003",
                    "fields": {"connected": True, "last_connected": IGN},
                },
                {
                    "table": "navigation",
                    "op": "create",
                    "fields": {
                        "mode": "drive",
                        "destination": {"id": place["id"], "name": IGN, "address": IGN},
                    },
                },
                {
                    "table": "playback",
                    "op": "update",
                    "key": "current",
                    "fields": playback_fields(
                        status="playing",
                        **({"context": "playlist_004"} if music == "playlist" else {"media_id": IGN}),
                    ),
                },
            ],
            "ignore_tables": ["pairing_log"],
        },
        s0_patch=s0,
    )


# --------------------------------------------------------------------------- health
@skill_family("workout_mode", "state")
def workout_mode(ctx: Ctx) -> Draft:
    minutes = ctx.pick("sk_workout_minutes")
    playlist, said = ctx.pick("sk_workout_playlists")
    query = ctx.say(
        [
            "workout mode — {n} minutes today, with {p} on shuffle.",
            "gym time: {n}-minute session, shuffle {p}.",
            "start workout mode for {n} minutes and shuffle {p}.",
            "set me up for a {n} minute workout; {p}, shuffled.",
            "workout time! {n} minutes, and put {p} on shuffle.",
            "I'm training for {n} minutes — workout mode with {p} shuffled.",
        ],
        n=minutes,
        p=said,
    )
    return skill_draft(
        ctx,
        "workout_mode",
        query,
        [
            calls(call("search_user_memory", query="gym days Leo")),
            calls(call("set_bluetooth_enabled", enabled=True)),
            calls(call("connect_bluetooth_device", device_id="bt_002")),
            calls(call("play_media", playlist_id=playlist)),
            calls(call("set_playback_mode", shuffle=True)),
            calls(call("start_timer", duration_seconds=minutes * 60, label="Workout")),
            calls(call("set_do_not_disturb", enabled=True, duration_minutes=60)),
        ],
        f"Pixel Buds connected, {said} is shuffling, a {minutes}-minute workout timer is running and Do Not "
        "Disturb "
        "is on.",
        gold={
            "delta": [
                setting_delta("network.bluetooth", True),
                setting_delta("dnd.enabled", True),
                {
                    "table": "settings",
                    "op": "update",
                    "key": "dnd.until",
                    "fields": {"value": {"$present": True}},
                },
                {
                    "table": "bluetooth_devices",
                    "op": "update",
                    "key": "bt_002",
                    "fields": {"connected": True, "last_connected": IGN},
                },
                {
                    "table": "playback",
                    "op": "update",
                    "key": "current",
                    "fields": playback_fields(status="playing", context=playlist, shuffle=True),
                },
                {
                    "table": "timers",
                    "op": "create",
                    "fields": {"duration_s": minutes * 60, "status": "running"},
                },
            ],
            "ignore_tables": ["pairing_log"],
        },
        now="2026-05-20T07:00:00",
    )


# --------------------------------------------------------------------------- productivity
@skill_family("meeting_mode", "state")
def meeting_mode(ctx: Ctx) -> Draft:
    title, minutes = ctx.pick("sk_meetings")
    at = ctx.pick("sk_appt_times")
    start = f"2026-05-21T{at}:00"
    now = shift(start, -5)
    query = ctx.say(
        [
            "I'm walking into {t} — meeting mode, please.",
            "meeting mode for {t}.",
            "{t} starts in five: silence me for it.",
            "put the phone in meeting mode for {t}.",
            "going into {t} now. Do the meeting-mode thing.",
            "meeting mode on for {t}, thanks.",
        ],
        t=f"the {title.lower()}",
    )
    ev = {
        "id": "event_p01",
        "title": title,
        "start": start,
        "end": shift(start, minutes),
        "location": "Northwind Labs",
        "attendees": [],
        "reminder_minutes": 10,
        "calendar": "work",
    }
    return skill_draft(
        ctx,
        "meeting_mode",
        query,
        [
            calls(call("list_events", start_date="2026-05-21", end_date="2026-05-21")),
            calls(call("set_sound_mode", mode="vibrate")),
            calls(
                call(
                    "set_do_not_disturb",
                    enabled=True,
                    duration_minutes=minutes,
                    allow_calls_from="favorites",
                    repeat_callers=True,
                )
            ),
            calls(call("set_aod_mode", mode="off")),
        ],
        f"Meeting mode is on for {title}: vibrate, Do Not Disturb for the meeting ({minutes} minutes; "
        "favourites and "
        "repeat callers still ring) and the always-on display is off.",
        gold={
            "delta": [
                setting_delta("sound.mode", "vibrate"),
                setting_delta("dnd.enabled", True),
                {
                    "table": "settings",
                    "op": "update",
                    "key": "dnd.until",
                    "fields": {"value": any_contains(shift(now, minutes)[:16], ev["end"][:16])},
                },
                setting_delta("input.aod.mode", "off"),
            ]
        },
        s0_patch={"events": {"event_p01": ev}},
        now=now,
    )


# --------------------------------------------------------------------------- device
@skill_family("battery_rescue", "state")
def battery_rescue(ctx: Ctx) -> Draft:
    level = ctx.pick("sk_battery_levels")
    until = ctx.pick("sk_battery_until")
    app = ctx.choice(["spotify", "chrome", "maps"])
    names = {"spotify": "Spotify", "chrome": "Chrome", "maps": "Maps"}
    fast = ctx.choice([False, True])  # a 120 Hz screen the rescue brings down to 60 Hz
    query = ctx.say(
        [
            "battery's at {l}% and it has to last until {u}. Rescue it — you can kill {a} too.",
            "I'm on {l}% and need the phone until {u}; stretch the battery, and force-close {a}.",
            "help, {l}% left and no charger until {u}. Do the battery rescue and shut {a}.",
            "{l} percent battery... make it last till {u}. Close {a} as well.",
            "low battery ({l}%) — I need it until {u}. Battery rescue please, including stopping {a}.",
            "stretch my battery until {u}, it's at {l}%. Feel free to force stop {a}.",
        ],
        l=level,
        u=until,
        a=names[app],
    )
    return skill_draft(
        ctx,
        "battery_rescue",
        query,
        [
            calls(call("get_about_phone")),
            calls(call("set_battery_saver", enabled=True)),
            calls(
                call("set_display_brightness", level=30, auto_brightness=False),
                call("set_refresh_rate", hz=60),
                call("set_screen_timeout", seconds=30),
            ),
            calls(call("set_aod_mode", mode="off")),
            calls(call("get_app_usage", period="today")),
            calls(call("close_app", app_id=app, force=True)),
        ],
        "Battery Saver is on, brightness 30%, a 30-second screen timeout, always-on display off, and "
        f"{names[app]} is "
        "stopped.",
        gold={
            "delta": [
                setting_delta("battery.power_saving", True),
                setting_delta("display.dark_mode", True),
                setting_delta("display.brightness", 30),
                setting_delta("display.auto_brightness", False),
                setting_delta("display.screen_timeout_s", 30),
                setting_delta("input.aod.mode", "off"),
                {
                    "table": "apps",
                    "op": "update",
                    "key": app,
                    "fields": {"running": False, "background": IGN},
                },
                *([setting_delta("display.refresh_rate", 60)] if fast else []),
            ]
        },
        s0_patch=s0_settings({"battery.level": level, **({"display.refresh_rate": 120} if fast else {})}),
    )


@skill_family("new_phone_setup", "state")
def new_phone_setup(ctx: Ctx) -> Draft:
    cats = ctx.pick("dev_migration_sets")
    lang, code = ctx.pick("sk_keyboards")
    words = {
        "call_log": "call history",
        "calendar": "calendar",
        "contacts": "contacts",
        "messages": "messages",
        "notes": "notes",
        "music": "music",
    }
    listed = [words[c] for c in cats]
    what = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
    query = ctx.say(
        [
            "new phone setup: bring over my {w} from the old phone, and add the {l} keyboard I had there.",
            "move my {w} from my old phone to this one, plus the {l} keyboard.",
            "set up this new phone — migrate the {w} from the old one and add a {l} keyboard.",
            "transfer {w} from my old phone and put the {l} keyboard back.",
            "copy my {w} over from the old handset; I also need the {l} keyboard.",
            "finish my new phone setup: {w} from the old phone, and a {l} keyboard.",
        ],
        w=what,
        l=lang,
    )
    return skill_draft(
        ctx,
        "new_phone_setup",
        query,
        [
            calls(call("list_cross_devices", kind="phone")),
            calls(call("get_storage_usage")),
            calls(call("start_device_migration", source_device_id="xdev_009", categories=cats)),
            calls(call("get_device_migration", job_id="mig_n001")),
            calls(call("add_keyboard_language", language=code)),
        ],
        f"Migration of your {what} from Alex's Old Phone is running, and the {lang} keyboard is added.",
        gold={
            "delta": [
                {
                    "table": "migration_jobs",
                    "op": "create",
                    "fields": {"source_device_id": "xdev_009", "categories": cats},
                },
                {"table": "settings", "op": "update", "key": "storage.free_mb", "fields": {"value": IGN}},
                {
                    "table": "cross_devices",
                    "op": "update",
                    "key": "xdev_009",
                    "fields": {"last_connected": IGN},
                },
                {"table": "keyboard_languages", "op": "create", "fields": {"code": code}},
            ]
        },
    )


@skill_family("storage_cleanup", "state")
def storage_cleanup(ctx: Ctx) -> Draft:
    file_id, file_said = ctx.pick("sk_deletable_files")
    app, app_said = ctx.pick("sk_cache_apps")
    query = ctx.say(
        [
            "my phone is full. Do a storage cleanup — also clear {ap} cache and delete {f} for good.",
            "free up space: the usual cleanup, plus wipe {ap} cache and permanently delete {f}.",
            "storage cleanup please. You can clear the {a} cache, and get rid of {f} permanently.",
            "I'm out of storage. Clean up junk and the bin, clear {ap} cache, and delete {f} permanently.",
            "run a cleanup: junk, recycle bin, {a} cache — and permanently remove {f}.",
            "make some room on my phone; besides the usual, clear {ap} cache and permanently delete {f}.",
        ],
        a=app_said,
        ap=possessive(app_said),
        f=file_said,
    )
    files = base()["files"]
    junk = [f for f, r in files.items() if r["kind"] in ("installer", "temp", "log") and not r["trashed"]]
    trashed = [f for f, r in files.items() if r["trashed"]]
    return skill_draft(
        ctx,
        "storage_cleanup",
        query,
        [
            calls(call("get_storage_usage", top_n=5)),
            calls(call("clear_junk_files", include_app_caches=False)),
            calls(call("clear_recycle_bin")),
            calls(call("list_files", sort_by="size", limit=10)),
            calls(call("delete_file", file_id=file_id, permanent=True)),
            calls(call("clear_app_cache", app_id=app)),
        ],
        f"Cleared the junk files and the recycle bin, permanently deleted {files[file_id]['name']} and "
        "emptied "
        f"{possessive(app_said)} cache.",
        gold={
            "delta": [
                *({"table": "files", "op": "delete", "key": f} for f in [*junk, *trashed, file_id]),
                {"table": "apps", "op": "update", "key": app, "fields": {"cache_mb": 0}},
                {"table": "settings", "op": "update", "key": "storage.free_mb", "fields": {"value": IGN}},
            ]
        },
    )


# --------------------------------------------------------------------------- privacy
@skill_family("privacy_checkup", "state")
def privacy_checkup(ctx: Ctx) -> Draft:
    app_said, app, perm, perm_said = ctx.pick("sk_privacy")
    query = ctx.say(
        [
            "privacy checkup: who used my {p} this week? And take {p} access away from {a}.",
            "do a privacy review of {p} use over the last week, then revoke it for {a}.",
            "which apps touched my {p} lately? {a} shouldn't have it — remove that.",
            "run a privacy check on {p} access for the past 7 days and cut off {a}.",
            "I'm worried about {p} tracking. Check the last week and revoke {ap} access.",
            "privacy checkup please — and {a} loses its {p} permission.",
        ],
        p=perm_said,
        a=app_said,
        ap=possessive(app_said),
    )
    perms = {**base()["apps"][app]["permissions"], perm: False}
    return skill_draft(
        ctx,
        "privacy_checkup",
        query,
        [
            calls(call("get_privacy_dashboard", permission=perm, hours=168)),
            calls(call("revoke_app_permission", app_id=app, permission=perm)),
        ],
        f"Here is the last week's {perm_said} access; {app_said} no longer has the {perm} permission.",
        gold={"delta": [{"table": "apps", "op": "update", "key": app, "fields": {"permissions": perms}}]},
    )


@skill_family("wind_down", "state")
def wind_down(ctx: Ctx) -> Draft:
    said, q, kind, ref = ctx.pick("sk_calm")
    minutes = ctx.pick("sk_sleep_minutes")
    query = ctx.say(
        [
            "wind down time: play {w} and stop it after {m} minutes.",
            "help me wind down — {w}, off in {m} minutes.",
            "I'm going to fall asleep to {w}. Wind-down mode, {m}-minute sleep timer.",
            "put on {w} for {m} minutes and make the phone sleepy.",
            "wind down with {w}; cut it off after {m} minutes.",
            "calm me down for bed: {w}, and stop playback in {m} minutes.",
        ],
        w=said,
        m=minutes,
    )
    what = {"context": ref} if kind == "playlist" else {"media_id": ref}
    return skill_draft(
        ctx,
        "wind_down",
        query,
        [
            calls(
                call("set_eye_comfort", enabled=True, strength=70), call("set_display_brightness", level=15)
            ),
            calls(call("play_media", query=q)),
            calls(call("set_playback_volume", level=25)),
            calls(call("start_sleep_timer", minutes=minutes)),
            calls(call("set_aod_mode", mode="off")),
        ],
        f"Eye comfort is on, the screen is dim, {q} is playing at 25% and will stop in {minutes} minutes; "
        "the "
        "always-on display is off.",
        gold={
            "delta": [
                setting_delta("display.eye_comfort", True),
                setting_delta("display.eye_comfort_strength", 70),
                setting_delta("display.brightness", 15),
                setting_delta("volume.media", 25),
                setting_delta("input.aod.mode", "off"),
                {
                    "table": "playback",
                    "op": "update",
                    "key": "current",
                    "fields": playback_fields(status="playing", **what),
                },
                {
                    "table": "timers",
                    "op": "create",
                    "fields": {"duration_s": minutes * 60, "status": "running"},
                },
            ]
        },
        now="2026-05-20T22:30:00",
    )


@skill_family("eye_care", "state")
def eye_care(ctx: Ctx) -> Draft:
    strength = ctx.pick("sk_eye_strengths")
    brk = ctx.pick("sk_break_minutes")
    query = ctx.say(
        [
            "my eyes are killing me in the evenings. Eye care setup: eye comfort from sunset at {s}%, dark "
            "theme at sunset too, larger text, and a {b}-minute break timer now.",
            "set up eye care — sunset-to-sunrise eye comfort at {s} percent strength, dark mode on the same "
            "schedule, large font, then start a {b} minute eye-break timer.",
            "easier on the eyes please: eye comfort at sunset ({s}%), dark theme at sunset, bigger text, "
            "{b}-minute break timer.",
            "do the eye care routine with {s}% eye comfort; include the large text and a {b}-minute break.",
            "eye strain again. Sunset eye comfort at {s}%, sunset dark mode, large text, and time a "
            "{b}-minute break.",
            "please protect my eyes: eye comfort {s}% from sunset, dark theme at sunset, font large, and a "
            "break timer of {b} minutes.",
        ],
        s=strength,
        b=brk,
    )
    return skill_draft(
        ctx,
        "eye_care",
        query,
        [
            calls(call("get_display_settings")),
            calls(call("set_eye_comfort", schedule="sunset_to_sunrise", strength=strength)),
            calls(call("set_dark_mode", schedule="sunset_to_sunrise")),
            calls(call("set_font_size", size="large")),
            calls(call("start_timer", duration_seconds=brk * 60, label="Eye break")),
        ],
        f"Eye comfort ({strength}%) and dark theme now follow sunset to sunrise, text is large, and a "
        f"{brk}-minute "
        "break timer is running.",
        gold={
            "delta": [
                setting_delta("display.eye_comfort_schedule", "sunset_to_sunrise"),
                setting_delta("display.eye_comfort_strength", strength),
                setting_delta("display.dark_mode_schedule", "sunset_to_sunrise"),
                setting_delta("display.font_size", "large"),
                {"table": "timers", "op": "create", "fields": {"duration_s": brk * 60, "status": "running"}},
            ]
        },
        now="2026-05-20T18:30:00",
    )


@skill_family("easy_view", "state")
def easy_view(ctx: Ctx) -> Draft:
    who = ctx.pick("sk_easy_people")
    vib = ctx.pick("sk_vibration")
    query = ctx.say(
        [
            "make the phone easy to see and use for {p}: everything big, and vibration at {v}%.",
            "easy view setup for {p} please — and put vibration intensity at {v}.",
            "{p} struggles with small text. Make it easier, and set the vibration to {v}%.",
            "set this phone up for {p}: biggest text and display, firm feedback, vibration {v}%.",
            "turn on the easy-view setup for {p}, with a {v}% vibration.",
            "can you make everything larger and easier to feel for {p}? Vibration at {v} percent.",
        ],
        p=who,
        v=vib,
    )
    return skill_draft(
        ctx,
        "easy_view",
        query,
        [
            calls(call("set_font_size", size="largest"), call("set_display_size", size="large")),
            calls(call("set_display_brightness", auto_brightness=True)),
            calls(call("set_vibration_intensity", intensity=vib)),
            calls(call("set_keyboard_settings", haptic_typing=True, key_sound=True)),
        ],
        f"Largest text, large display size, adaptive brightness, {vib}% vibration and typing sounds and "
        "haptics are on.",
        gold={
            "delta": [
                setting_delta("display.font_size", "largest"),
                setting_delta("display.display_size", "large"),
                setting_delta("sound.vibration_intensity", vib),
                setting_delta("input.keyboard.key_sound", True),
            ]
        },
    )


@skill_family("one_handed_setup", "state")
def one_handed_setup(ctx: Ctx) -> Draft:
    side, said = ctx.pick("sk_hands")
    app, app_said = ctx.pick("sk_quick_apps")
    buttons = ctx.choice([False, True])
    query = ctx.say(
        [
            "set the phone up for one-handed use — {h}. Double-pressing the side button should open {a}.",
            "one-handed setup please; {h}. And make a double press open {a}.",
            "{h}, so make the phone one-hand friendly, with {a} on a side-button double press.",
            "I need to use my phone with one hand ({h}). Also: double press launches {a}.",
            "one-handed mode setup — {h} — plus quick launch of {a} from the side button.",
            "make this phone usable single-handed; {h}. Side button double press → {a}.",
        ],
        h=said,
        a=app_said,
    )
    steps = [calls(call("get_input_settings", section="navigation"))]
    delta = [
        setting_delta("input.one_handed.enabled", True),
        setting_delta("input.side_button.double_press", "open_app"),
        setting_delta("input.side_button.double_press_app", app),
        setting_delta("input.air_gesture.air_scroll", True),
    ]
    s0: dict[str, Any] = {}
    if buttons:
        s0 = s0_settings({"input.nav.mode": "three_button"})
        steps.append(calls(call("set_navigation_mode", mode="gestures")))
        delta.append(setting_delta("input.nav.mode", "gestures"))
    if side == "left":
        delta.append(setting_delta("input.one_handed.side", "left"))
    steps += [
        calls(call("set_one_handed_mode", enabled=True, side=side)),
        calls(call("set_side_button_action", press="double_press", action="open_app", app_id=app)),
        calls(call("set_air_gesture", gesture="air_scroll", enabled=True)),
    ]
    return skill_draft(
        ctx,
        "one_handed_setup",
        query,
        steps,
        f"One-handed mode is on ({side} side){', with gesture navigation' if buttons else ''}; a "
        "side-button double "
        f"press opens {app_said} and air scroll is on.",
        gold={"delta": delta},
        s0_patch=s0,
    )


# --------------------------------------------------------------------------- connectivity
def _off_view(*codes: str) -> dict[str, Any]:
    return {c: {**base()["qr_codes"][c], "in_view": False} for c in codes}


@skill_family("join_wifi_qr", "state")
def join_wifi_qr(ctx: Ctx) -> Draft:
    label, ssid, pw = ctx.pick("sk_wifi_codes")
    crowded = ctx.choice([False, True])
    query = ctx.say(
        [
            "I'm pointing the camera at the {l}. Get me on that Wi-Fi.",
            "join the Wi-Fi from the QR code — it's the {l}.",
            "scan the {l} and connect me.",
            "there's a QR code for the Wi-Fi here ({l}); hook me up.",
            "connect to the network on the {l}, please.",
            "get me online using the {l} QR code.",
        ],
        l=label if label.startswith("Wi-Fi") else label[0].lower() + label[1:],
    )
    code = {
        "id": "qr_p01",
        "label": label,
        "kind": "wifi",
        "payload": f"WIFI:T:WPA;S:{ssid};P:{pw};;",
        "in_view": True,
    }
    qr = {"qr_p01": code} if crowded else {"qr_p01": code, **_off_view("qr_001", "qr_002")}
    steps = [calls(call("scan_qr_code"))]
    if crowded:
        steps.append(calls(call("scan_qr_code", code_id="qr_p01")))
    steps += [calls(call("connect_wifi_network", ssid=ssid)), calls(call("get_network_status"))]
    return skill_draft(
        ctx,
        "join_wifi_qr",
        query,
        steps,
        f"Scanned the code and joined {ssid}; you're online.",
        gold={
            "delta": [
                {"table": "qr_scans", "op": "create", "fields": {"qr_id": "qr_p01"}},
                {"table": "wifi_networks", "op": "create", "fields": {"ssid": ssid, "saved": True}},
                setting_delta("network.wifi_connected", ssid),
            ]
        },
        s0_patch={"qr_codes": qr},
        frictions=["ambiguity"] if crowded else [],
    )


@skill_family("hotspot_share", "state")
def hotspot_share(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    name = ctx.pick("net_hotspot_names")
    pw = ctx.pick("net_hotspot_passwords")
    data_off = ctx.choice([False, True])
    first = person["name"].split()[0]
    query = ctx.say(
        [
            'share my connection with {p}: hotspot named "{n}", password {w}, and text {f} the details.',
            'turn on the hotspot for {p} — call it "{n}" with password {w} — and send {f} the login.',
            '{p} needs internet. Start a hotspot "{n}" (password {w}) and message {f} how to join.',
            'hotspot for {p} please: name "{n}", password {w}; text {f} the info.',
            'set up my hotspot as "{n}" / {w} and let {p} know by text.',
            'can you share my data with {p}? Hotspot "{n}", password {w}, then SMS {f} the details.',
        ],
        p=person["name"],
        f=first,
        n=name,
        w=pw,
    )
    steps = [calls(call("get_network_status"))]
    delta = [setting_delta("network.hotspot", True), setting_delta("network.hotspot_ssid", name),
             setting_delta("network.hotspot_password", pw),
             {"table": "messages", "op": "create",
              "fields": {"contact_id": person["id"], "direction": "out", "text": contains(pw)}}]  # fmt: skip
    if data_off:
        steps.append(calls(call("set_mobile_data_enabled", enabled=True)))
        delta.append(setting_delta("network.mobile_data", True))
    steps += [
        calls(call("set_hotspot", enabled=True, ssid=name, password=pw)),
        calls(call("send_message", contact_id=person["id"], text=f"Hotspot {name}, password {pw}")),
    ]
    return skill_draft(
        ctx,
        "hotspot_share",
        query,
        steps,
        f"The hotspot {name} is on{' (mobile data was off, so I turned it on)' if data_off else ''}, and "
        f"{person['name']} has the name and password.",
        gold={"delta": delta},
        s0_patch=s0_settings({"network.mobile_data": False}) if data_off else {},
    )


# --------------------------------------------------------------------------- security
@skill_family("secure_phone", "state")
def secure_phone(ctx: Ctx) -> Draft:
    pin = ctx.pick("sk_new_pins")
    finger = ctx.pick("sk_fingers")
    app, app_said = ctx.pick("sk_lock_apps")
    if app in SECURE_PHONE_LOCKS:
        raise Skip("already one of the skill's own app locks")
    query = ctx.say(
        [
            "secure my phone: change the PIN from 4826 to {p}, enroll my {f} fingerprint, and lock {a} as "
            "well as the usual money apps.",
            "lock things down — new PIN {p} (old one is 4826), add a fingerprint for my {f}, and put a lock "
            "on {a} on top of the usual money-app locks.",
            "phone security pass please. Current PIN 4826, new PIN {p}; fingerprint: {f}; app locks for {a} "
            "plus the usual money apps.",
            "I want the phone safer: PIN {p} instead of 4826, my {f} as a fingerprint, and {a} locked along "
            "with the usual money apps.",
            "harden my phone — swap PIN 4826 for {p}, register the {f}, lock {a} and the usual money apps.",
            "security setup: my PIN is 4826 now, make it {p}; add {f} fingerprint; lock {a} too, plus the "
            "usual money apps.",
        ],
        p=pin,
        f=finger.lower(),
        a=app_said,
    )
    # The skill's step 4 locks the money apps (bank and venmo already are: nothing changes for them);
    # the requested app is locked last.
    locks = [*SECURE_PHONE_LOCKS, app]
    return skill_draft(
        ctx,
        "secure_phone",
        query,
        [
            calls(call("get_security_status")),
            calls(
                call(
                    "set_screen_lock",
                    lock_type="pin",
                    new_secret=pin,
                    current_secret="4826",
                    timeout_seconds=30,
                )
            ),
            calls(call("add_biometric", kind="fingerprint", label=finger)),
            calls(*(call("set_app_lock", app_id=a, locked=True) for a in locks)),
        ],
        f"Your PIN is now {pin}, the {finger.lower()} fingerprint is enrolled, and {app_said}, Chase, "
        "Wallet and Venmo are locked.",
        gold={
            "delta": [
                {"table": "credentials", "op": "update", "key": "screen_lock", "fields": {"secret": pin}},
                {
                    "table": "biometrics",
                    "op": "create",
                    "fields": {"kind": "fingerprint", "label": contains(finger)},
                },
                *(
                    {"table": "app_locks", "op": "create", "fields": {"app_id": a}}
                    for a in locks
                    if a not in base()["app_locks"]
                ),
            ]
        },
    )


@skill_family("emergency_help", "state")
def emergency_help(ctx: Ctx) -> Draft:
    what, key, who = ctx.pick("sk_emergencies")
    query = ctx.say(
        [
            "help — {w}. Alert my emergency contacts with my location and call {c}.",
            "emergency: {w}! Send the SOS with my location and get {c} on the phone.",
            "{w}. Please do the emergency routine and call {c}.",
            "I need help, {w}. Alert my people with where I am, then call {c}.",
            "SOS — {w}. Notify my emergency contacts and phone {c}.",
            "{w}! Emergency alert with location, and ring {c}.",
        ],
        w=what,
        c="Jordan" if who == "jordan" else "911",
    )
    dial = (
        call("start_call", contact_id="contact_004")
        if who == "jordan"
        else call("start_call", phone_number="911")
    )
    target = {"contact_id": "contact_004"} if who == "jordan" else {"phone": "911"}
    return skill_draft(
        ctx,
        "emergency_help",
        query,
        [
            calls(call("send_emergency_alert", message=sentence(what), include_location=True)),
            calls(dial),
            calls(call("set_do_not_disturb", enabled=False)),
            calls(call("set_battery_saver", enabled=True)),
        ],
        "Your emergency contacts have an SOS with your location, I'm calling "
        f"{'Jordan' if who == 'jordan' else '911'}"
        ", and Battery Saver is on to keep the phone alive.",
        gold={
            "delta": [
                {
                    "table": "emergency_alerts",
                    "op": "create",
                    "fields": {"text": contains(key), "location": {"$present": True}},
                },
                {
                    "table": "messages",
                    "op": "create",
                    "fields": {"contact_id": "contact_004", "text": contains(key)},
                },
                {
                    "table": "messages",
                    "op": "create",
                    "fields": {"contact_id": "contact_006", "text": contains(key)},
                },
                {"table": "call_log", "op": "create", "fields": {"direction": "out", **target}},
                {"table": "active_call", "op": "create", "fields": target},
                setting_delta("battery.power_saving", True),
                setting_delta("display.dark_mode", True),
            ]
        },
    )


# --------------------------------------------------------------------------- media
@skill_family("song_capture", "state")
def song_capture(ctx: Ctx) -> Draft:
    song_id = ctx.pick("sk_heard_songs")
    playlist, plname = ctx.pick("sk_song_playlists")
    tracks = base()["playlists"][playlist]["media_ids"]
    if song_id in tracks:
        raise Skip("already in the playlist")
    song = base()["media"][song_id]
    query = ctx.say(
        [
            "what's this song playing right now? Like it and add it to {p}.",
            "I love this track — save it to {p}.",
            "identify the music that's on and put it in my {p} playlist (and like it).",
            "what song is this? Add it to {p} and give it a like.",
            "catch this song for me: like it, into {p}.",
            "name that tune and drop it into {p}, liked.",
        ],
        p=plname,
    )
    ambient = {**base()["ambient_audio"]["current"], "title": song["title"], "artist": song["artist"],
               "album": song["album"], "year": song["year"], "genre": song["genre"]}  # fmt: skip
    return skill_draft(
        ctx,
        "song_capture",
        query,
        [
            calls(call("recognize_song")),
            calls(call("search_media", query=song["title"], kind="song")),
            calls(call("rate_media", media_id=song_id, liked=True)),
            calls(call("list_playlists")),
            calls(call("update_playlist", playlist_id=playlist, add_media_ids=[song_id])),
        ],
        f"That's {song['title']} by {song['artist']} — liked and added to {plname}.",
        gold={
            "delta": [
                {"table": "song_recognitions", "op": "create", "fields": {"media_id": song_id}},
                {"table": "media", "op": "update", "key": song_id, "fields": {"liked": True}},
                {
                    "table": "playlists",
                    "op": "update",
                    "key": playlist,
                    "fields": {"media_ids": [*tracks, song_id]},
                },
            ]
        },
        s0_patch={"ambient_audio": {"current": ambient}},
    )


def _episodes(show_id: str) -> list[dict[str, Any]]:
    eps = [m for m in base()["media"].values() if m.get("show_id") == show_id]
    return sorted(eps, key=lambda m: (m.get("release_date") or "", m["id"]), reverse=True)


@skill_family("podcast_catchup", "state")
def podcast_catchup(ctx: Ctx) -> Draft:
    show = ctx.pick("sk_podcasts")
    skip = ctx.pick("sk_skip_seconds")
    newest, older = _episodes(show["id"])[:2]
    query = ctx.say(
        [
            "catch me up on {s}: follow it if I'm not already, play the newest episode skipping the first "
            "{k} seconds, and queue the one before.",
            "podcast catch-up for {s} — newest episode (skip {k}s of intro), follow the show, queue the "
            "previous episode.",
            "I'm behind on {s}. Make sure I follow it, start the latest episode {k} seconds in, and line up "
            "the one before.",
            "play the latest {s} episode from {k} seconds, then the previous one; and follow the show.",
            "{s} catch-up please: follow, newest episode past the first {k} seconds, older one queued.",
            "get me up to date with {s} — newest ep, jump ahead {k} seconds, queue the episode before it, "
            "follow the show.",
        ],
        s=show["title"],
        k=skip,
    )
    steps = [calls(call("search_media", query=show["title"], kind="podcast"))]
    delta: list[dict[str, Any]] = []
    if not show["followed"]:
        steps.append(calls(call("follow_show", show_id=show["id"])))
        delta.append({"table": "shows", "op": "update", "key": show["id"], "fields": {"followed": True}})
    steps += [
        calls(call("search_media", query=show["title"], kind="episode")),
        calls(call("play_media", media_id=newest["id"])),
        calls(call("set_playback_position", offset_s=skip)),
        calls(call("add_to_queue", media_ids=[older["id"]])),
    ]
    pos = newest["position_s"] + skip
    delta += [
        {
            "table": "playback",
            "op": "update",
            "key": "current",
            "fields": playback_fields(
                media_id=newest["id"],
                status="playing",
                queue=[older["id"]],
                position_s={"$any": [pos + d for d in range(0, 30)]},
            ),
        },
    ]
    return skill_draft(
        ctx,
        "podcast_catchup",
        query,
        steps,
        f"Playing “{newest['title']}” from {show['title']} {skip} seconds in, with “{older['title']}” up next"
        f"{'; you now follow the show' if not show['followed'] else ''}.",
        gold={"delta": delta},
    )


@skill_family("party_speaker", "state")
def party_speaker(ctx: Ctx) -> Draft:
    playlist, plname = ctx.pick("sk_party_playlists")
    vol = ctx.pick("sk_party_volumes")
    speaker, said = ctx.pick("sk_speakers")
    query = ctx.say(
        [
            "party time! Play {p} on {s}, shuffled and on repeat, volume {v}.",
            "put {p} on {s} for the party — shuffle, repeat all, {v}% volume.",
            "party speaker mode: {s}, playlist {p}, shuffle and repeat, at {v} percent.",
            "get {p} going through {s}; shuffle it, loop it, volume {v}.",
            "we're having people over: {p} on {s}, shuffled, repeating, {v}% loud.",
            "blast {p} on {s} — shuffle + repeat, volume at {v}.",
        ],
        p=plname,
        s=said,
        v=vol,
    )
    steps = [
        calls(
            call("set_bluetooth_enabled", enabled=True), call("list_bluetooth_devices", include_nearby=True)
        )
    ]
    device = {"connected": True, "last_connected": IGN}
    if speaker == "bt_006":
        steps.append(calls(call("pair_bluetooth_device", device_id=speaker)))
        device["paired"] = True
    steps += [
        calls(call("connect_bluetooth_device", device_id=speaker)),
        calls(call("play_media", playlist_id=playlist)),
        calls(call("set_playback_output", output=speaker)),
        calls(call("set_playback_mode", shuffle=True, repeat="all")),
        calls(call("set_playback_volume", level=vol)),
    ]
    return skill_draft(
        ctx,
        "party_speaker",
        query,
        steps,
        f"{plname} is playing on the speaker, shuffled and on repeat, at {vol}%.",
        gold={
            "delta": [
                setting_delta("network.bluetooth", True),
                setting_delta("volume.media", vol),
                {"table": "bluetooth_devices", "op": "update", "key": speaker, "fields": device},
                {
                    "table": "playback",
                    "op": "update",
                    "key": "current",
                    "fields": playback_fields(
                        context=playlist, status="playing", shuffle=True, repeat="all", output=speaker
                    ),
                },
            ],
            "ignore_tables": ["pairing_log"],
        },
        now="2026-05-23T19:00:00",
    )


@skill_family("presentation_mode", "state")
def presentation_mode(ctx: Ctx) -> Draft:
    proj = ctx.pick("sk_projectors")
    talk = ctx.pick("sk_talks")
    minutes = ctx.pick("sk_talk_minutes")
    query = ctx.say(
        [
            "I'm presenting {t} on the {d} for {m} minutes — presentation mode please.",
            "presentation mode: {t}, {m} minutes, on the {d}.",
            "set me up to present {t} on the {d}; it runs {m} minutes.",
            "get the phone ready to present {t} through the {d} for {m} minutes.",
            "I'm about to give {t} ({m} min) on the {d}. Presentation setup, please.",
            "present {t} on the {d} — block interruptions for {m} minutes.",
        ],
        t=talk,
        d={"xdev_008": "Conference Room B projector", "xdev_104": "Epson projector here"}[proj["id"]],
        m=minutes,
    )
    steps = [calls(call("list_cross_devices", kind="projector"))]
    device: dict[str, Any] = {"last_connected": IGN}
    s0: dict[str, Any] = {}
    if proj["paired"]:
        s0 = {"cross_devices": {proj["id"]: {**proj, "nearby": True}}}
    else:
        s0 = s0_settings({"network.bluetooth": True})
        steps.append(calls(call("pair_cross_device", device_id=proj["id"])))
        device["paired"] = True
    steps += [
        calls(call("set_do_not_disturb", enabled=True, duration_minutes=minutes, allow_calls_from="none")),
        calls(call("set_screen_timeout", seconds=600)),
        calls(call("start_cast_session", device_id=proj["id"], source="screen")),
    ]
    now = "2026-05-21T13:00:00"
    return skill_draft(
        ctx,
        "presentation_mode",
        query,
        steps,
        f"Casting to the {proj['name']}; Do Not Disturb blocks every call for {minutes} minutes and the "
        "screen stays "
        "on for 10 minutes between touches.",
        gold={
            "delta": [
                setting_delta("dnd.enabled", True),
                setting_delta("dnd.allow_calls_from", "none"),
                {
                    "table": "settings",
                    "op": "update",
                    "key": "dnd.until",
                    "fields": {"value": contains(shift(now, minutes)[:16])},
                },
                setting_delta("display.screen_timeout_s", 600),
                {
                    "table": "cast_sessions",
                    "op": "create",
                    "fields": {"device_id": proj["id"], "source": "screen"},
                },
                {"table": "cross_devices", "op": "update", "key": proj["id"], "fields": device},
            ],
            "ignore_tables": ["pairing_log"],
        },
        s0_patch=s0,
        now=now,
    )


# --------------------------------------------------------------------------- devices & files
@skill_family("laptop_handoff", "state")
def laptop_handoff(ctx: Ctx) -> Draft:
    (f1, s1), (f2, s2) = ctx.pick_many("sk_laptop_files", 2)
    query = ctx.say(
        [
            "I'm switching to my laptop. Link it up and send over {a} and {b}.",
            "continue on the MacBook: start the phone-laptop link and send {a} plus {b}.",
            "send {a} and {b} to my laptop — set up the multi-screen thing first.",
            "hook my phone up to my MacBook and push {a} and {b} across.",
            "laptop handoff please, with {a} and {b}.",
            "get {a} and {b} onto my MacBook via the phone link.",
        ],
        a=s1,
        b=s2,
    )
    files = base()["files"]
    return skill_draft(
        ctx,
        "laptop_handoff",
        query,
        [
            calls(call("set_wifi_enabled", enabled=True), call("set_bluetooth_enabled", enabled=True)),
            calls(call("start_multiscreen_session", device_id="xdev_003")),
            calls(
                call("list_files", query=files[f1]["name"].split("_")[0]),
                call("list_files", query=files[f2]["name"].split("_")[0]),
            ),
            calls(call("send_files_to_device", device_id="xdev_003", file_ids=[f1, f2])),
        ],
        f"Your phone is linked to Alex's MacBook Pro and {files[f1]['name']} and {files[f2]['name']} are on "
        "it.",
        gold={
            "delta": [
                setting_delta("network.bluetooth", True),
                {
                    "table": "cast_sessions",
                    "op": "create",
                    "fields": {
                        "device_id": "xdev_003",
                        "mode": "multiscreen",
                        "files_sent": {"$contains": [files[f1]["name"], files[f2]["name"]]},
                    },
                },
                {
                    "table": "cross_devices",
                    "op": "update",
                    "key": "xdev_003",
                    "fields": {"last_connected": IGN},
                },
            ],
            "ignore_tables": ["pairing_log"],
        },
    )


@skill_family("notification_detox", "state")
def notification_detox(ctx: Ctx) -> Draft:
    (a1, n1), (a2, n2) = ctx.pick_many("sk_noisy_apps", 2)
    query = ctx.say(
        [
            "notification detox: mute {a} and {b}, clear everything, and keep the lock screen calm.",
            "too many pings. Turn off notifications from {a} and {b}, wipe the shade, calm always-on screen.",
            "I need a notification detox — silence {a} and {b} for good and clear all the rest.",
            "stop {a} and {b} from notifying me, clear my notifications and make the locked screen minimal.",
            "do the detox thing: {a} and {b} muted, shade cleared, minimal AOD without notifications.",
            "kill notifications from {a} and {b}, then clean up the shade and the always-on display.",
        ],
        a=n1,
        b=n2,
    )
    delta: list[dict[str, Any]] = [
        {"table": "notifications", "op": "delete", "key": k} for k in base()["notifications"]
    ]
    delta += [
        {"table": "apps", "op": "update", "key": a, "fields": {"notifications": False}} for a in (a1, a2)
    ]
    delta += [
        setting_delta("input.aod.style", "minimal"),
        setting_delta("input.aod.show_notifications", False),
    ]
    return skill_draft(
        ctx,
        "notification_detox",
        query,
        [
            calls(call("list_app_notifications", limit=50)),
            calls(call("get_app_usage", period="week")),
            calls(call("disable_app_notifications", app_id=a1), call("disable_app_notifications", app_id=a2)),
            calls(call("clear_app_notifications")),
            calls(call("set_aod_style", style="minimal", show_notifications=False)),
        ],
        f"{n1} and {n2} can no longer notify you, the shade is clear and the always-on display is minimal "
        "without "
        "notifications.",
        gold={"delta": delta},
    )


@skill_family("software_update", "state")
def software_update(ctx: Ctx) -> Draft:
    occasion = ctx.pick("sys_update_occasions")
    app, app_said = ctx.pick("sk_update_apps")
    query = ctx.say(
        [
            "update everything {o}: the system update and {a} too.",
            "install the pending phone update {o}, and update {a}.",
            "{o}, please run the updates — system software plus {a}.",
            "get the phone and {a} up to date {o}.",
            "do the software update {o}; {a} needs updating as well.",
            "can you install the OS update {o} and then the {a} update?",
        ],
        o=occasion,
        a=app_said,
    )
    store = base()["store_apps"][app]
    running = [a for a, r in base()["apps"].items() if r.get("running")]
    return skill_draft(
        ctx,
        "software_update",
        query,
        [
            calls(call("get_about_phone"), call("get_network_status")),
            calls(call("check_system_update")),
            calls(call("download_system_update", update_id="update_003")),
            calls(call("install_system_update", update_id="update_003")),
            calls(call("get_app_info", app_id=app)),
            calls(call("update_app", app_id=app)),
        ],
        f"Nova OS 15.3 is installed and {app_said} is updated to {store['version']}.",
        gold={
            "delta": [
                {
                    "table": "system_updates",
                    "op": "update",
                    "key": "update_003",
                    "fields": {"status": "installed", "installed_at": IGN, "downloaded_at": IGN},
                },
                setting_delta("device.os_version", "15.3"),
                *(
                    {"table": "apps", "op": "update", "key": a, "fields": {"running": False}}
                    for a in running
                    if a != app
                ),
                {
                    "table": "apps",
                    "op": "update",
                    "key": app,
                    "fields": {
                        "version": store["version"],
                        "size_mb": IGN,
                        **({"running": False} if app in running else {}),
                    },
                },
                {"table": "settings", "op": "update", "key": "storage.free_mb", "fields": {"value": IGN}},
            ]
        },
    )


def _folder_after(name: str, app_ids: list[str], at_end: bool) -> dict[str, list[dict[str, Any]]]:
    """The home screen pages after ``create_home_screen_folder(name, app_ids)`` (the first episode
    folder, ``folder_n001``): the folder takes the first app's place, or with ``at_end`` (the call
    names that app's page) goes after that page's last icon; the other apps' icons leave their pages."""
    pages = {p["id"]: [dict(i) for i in p["items"]] for p in base()["home_screen"].values()}
    icons = {i["app_id"]: pid for pid, items in pages.items() for i in items if i["type"] == "app"}
    if any(a not in icons for a in app_ids):
        raise Skip("an app is not a home screen icon of its own")
    folder = {"type": "folder", "id": "folder_n001", "name": name, "app_ids": app_ids}
    for items in pages.values():
        items[:] = [
            folder if i.get("app_id") == app_ids[0] else i
            for i in items
            if not (i["type"] == "app" and i["app_id"] in app_ids[1:])
        ]
    if at_end:
        page = pages[icons[app_ids[0]]]
        page.remove(folder)
        page.append(folder)
    return pages


@skill_family("home_screen_tidy", "state")
def home_screen_tidy(ctx: Ctx) -> Draft:
    folder, apps = ctx.pick("sys_new_folders")
    wall = ctx.pick("sys_wallpapers")
    names = [base()["apps"][a]["name"] for a in apps]
    listed = ", ".join(names[:-1]) + " and " + names[-1]
    query = ctx.say(
        [
            'tidy my home screen: put {a} in a folder called "{f}" and use {w} as the home wallpaper.',
            'home screen cleanup — folder "{f}" with {a}, and the {w} wallpaper on the home screen.',
            'group {a} into a new folder, "{f}", then switch the home screen wallpaper to {w}.',
            'make a folder named "{f}" for {a} and set {w} as my home screen background.',
            'declutter the home screen please: {a} go into "{f}", wallpaper {w}.',
            'I want a folder called "{f}" holding {a}, plus {w} behind my home screen icons.',
        ],
        a=listed,
        f=folder,
        w=wall["name"],
    )
    if base()["settings"]["wallpaper.home"]["value"] == wall["id"]:
        raise Skip("already the wallpaper")
    # The folder in the first app's place (as the skill calls it), or at the end of that app's page
    # when the call names the page; every other icon stays where it is.
    in_place, at_end = _folder_after(folder, apps, False), _folder_after(folder, apps, True)
    pages = []
    for pid, items in in_place.items():
        if items != base()["home_screen"][pid]["items"]:
            pages.append((pid, items if items == at_end[pid] else {"$any": [items, at_end[pid]]}))
    return skill_draft(
        ctx,
        "home_screen_tidy",
        query,
        [
            calls(call("list_home_screen")),
            calls(call("create_home_screen_folder", name=folder, app_ids=apps)),
            calls(call("list_wallpapers", category=wall["category"])),
            calls(call("set_wallpaper", wallpaper_id=wall["id"], screen="home")),
        ],
        f'{listed} are in the new "{folder}" folder and {wall["name"]} is your home screen wallpaper.',
        gold={
            "delta": [
                *(
                    {"table": "home_screen", "op": "update", "key": pid, "fields": {"items": items}}
                    for pid, items in pages
                ),
                setting_delta("wallpaper.home", wall["id"]),
            ]
        },
    )


@skill_family("quick_access_setup", "state")
def quick_access_setup(ctx: Ctx) -> Draft:
    tile, tile_said = ctx.pick("sk_new_tiles")
    pos = ctx.pick("sk_tile_positions")
    press, action, action_said = ctx.pick("sk_side_actions")
    query = ctx.say(
        [
            "add {t} to my quick settings at spot {p}; also, {a}.",
            "quick access setup: {t} tile in position {p}, and {a}.",
            "put {t} at position {p} in the control center. Also {a}.",
            "I want {t} in the control center at position {p}; plus, {a}.",
            "control center: add {t} as tile number {p}. And {a}.",
            "set up quick access — {t} at slot {p}, and {a}.",
        ],
        t=tile_said,
        p=pos,
        a=action_said,
    )
    shifted = [k for k, r in base()["control_center"].items() if r["position"] >= pos]
    return skill_draft(
        ctx,
        "quick_access_setup",
        query,
        [
            calls(call("list_control_center_tiles", include_available=True)),
            calls(call("add_control_center_tile", tile=tile, position=pos)),
            calls(call("set_side_button_action", press=press, action=action)),
        ],
        f"The {tile_said.removeprefix('the ')} tile sits at position {pos}, and the side button is updated.",
        gold={
            "delta": [
                {"table": "control_center", "op": "create", "fields": {"id": tile, "position": pos}},
                *(
                    {
                        "table": "control_center",
                        "op": "update",
                        "key": k,
                        "fields": {"position": base()["control_center"][k]["position"] + 1},
                    }
                    for k in shifted
                ),
                setting_delta(f"input.side_button.{press}", action),
            ]
        },
    )


# --------------------------------------------------------------------------- scanning and paying
@skill_family("save_contact_card", "state")
def save_contact_card(ctx: Ctx) -> Draft:
    name, phone, email, company, place = ctx.pick("sk_cards")
    query = ctx.say(
        [
            "I just met {n} at {p} — scan their card QR and save them, then send a nice-to-meet-you text.",
            "save the business card I'm holding up ({n}, from {p}) to my contacts and text them hello.",
            "scan {n}'s card and add them; we met at {p}. Send a quick nice-to-meet-you.",
            "add {n} from the QR on their card — met at {p} — and message them.",
            "business card time: {n}, met at {p}. Save it and text a hello.",
            "please scan the contact code from {n} (we met at {p}), store it and send a greeting.",
        ],
        n=name,
        p=place,
    )
    last, first = name.split()[-1], " ".join(name.split()[:-1])
    code = {"id": "qr_p02", "label": f"Business card of {name}", "kind": "contact",
            "payload": f"MECARD:N:{last},{first};TEL:{phone};EMAIL:{email};;", "in_view": True}  # fmt: skip
    return skill_draft(
        ctx,
        "save_contact_card",
        query,
        [
            calls(call("scan_qr_code", code_id="qr_p02")),
            calls(
                call(
                    "add_contact",
                    name=name,
                    phone=phone,
                    email=email,
                    company=company,
                    notes=f"Met at {place}",
                )
            ),
            calls(call("send_message", contact_id="contact_n001", text="Nice to meet you! - Alex")),
        ],
        f"Saved {name} ({company}) to your contacts and sent a nice-to-meet-you text.",
        gold={
            "delta": [
                {"table": "qr_scans", "op": "create", "fields": {"qr_id": "qr_p02"}},
                {
                    "table": "contacts",
                    "op": "create",
                    "fields": {
                        "name": name,
                        "phone": phone,
                        "email": email,
                        "notes": contains(place.split()[-1]),
                    },
                },
                {
                    "table": "messages",
                    "op": "create",
                    "fields": {
                        "contact_id": "contact_n001",
                        "direction": "out",
                        "text": any_contains("meet", "hello", "great", "nice"),
                    },
                },
            ]
        },
        s0_patch={"qr_codes": {"qr_p02": code, **_off_view("qr_001", "qr_002")}},
    )


@skill_family("pay_by_qr", "state")
def pay_by_qr(ctx: Ctx) -> Draft:
    label, payee, amount, ref, minutes = ctx.pick("sk_payments")
    money = f"${amount:.2f}"
    remind = ""
    if minutes:
        end = shift("2026-05-20T09:00:00", minutes)
        remind = f" Remind me at {hhmm_words(shift(end, -10)[11:16])} before it runs out."
    query = ctx.say(
        [
            "pay the {l} with my card — it should be {m} to {p}.{r}",
            "scan the {l} QR and pay {p} the {m}.{r}",
            "I'm at the {l}; pay the {m} to {p} through Wallet.{r}",
            "pay {p} {m} using the QR code on the {l}.{r}",
            "use the {l} code to pay {m} to {p}, please.{r}",
            "QR payment: {l}, {m} for {p}. Go ahead.{r}",
        ],
        l=label[0].lower() + label[1:],
        m=money,
        p=payee,
        r=remind,
    )
    code = {"id": "qr_p03", "label": label, "kind": "payment", "in_view": True,
            "payload": f"PAY:payee={payee};amount={amount:.2f};currency=USD;ref={ref}"}  # fmt: skip
    steps = [
        calls(call("scan_qr_code", code_id="qr_p03")),
        calls(
            call(
                "delegate_to_gui_agent",
                app="wallet",
                instruction=f"Pay {money} to {payee} for {ref}",
                context={"card_id": "card_001", "payee": payee, "amount": amount},
            )
        ),
    ]
    delta: list[dict[str, Any]] = [
        {"table": "qr_scans", "op": "create", "fields": {"qr_id": "qr_p03"}},
        {
            "table": "handoffs",
            "op": "create",
            "fields": {
                "route": "gui",
                "app": "wallet",
                "instruction": contains(f"{amount:.2f}".rstrip("0").rstrip("."), payee),
            },
        },
    ]
    if minutes:
        due = shift(shift("2026-05-20T09:00:00", minutes), -10)
        steps.append(calls(call("create_reminder", title="Parking ends", due=due)))
        delta.append(
            {
                "table": "reminders",
                "op": "create",
                "fields": {"title": any_contains("park", "meter"), "due": due},
            }
        )
    return skill_draft(
        ctx,
        "pay_by_qr",
        query,
        steps,
        f"Paid {money} to {payee} with your Chase Sapphire "
        f"Visa{' and set a reminder before the meter runs out' if minutes else ''}.",
        gold={"delta": delta},
        s0_patch={"qr_codes": {"qr_p03": code, **_off_view("qr_001", "qr_002")}},
    )


@skill_family("screen_explainer", "state")
def screen_explainer(ctx: Ctx) -> Draft:
    question, answer, key, title, qkey = ctx.pick("sk_screen_questions")
    query = ctx.say(
        [
            '{q}? Figure it out from my screen and save the answer in a note called "{t}".',
            'look at my screen: {q}? Keep the answer as a note titled "{t}".',
            'can you check what\'s on screen — {q} — and jot the answer in a note called "{t}"?',
            '{q}? Take a screenshot, work it out, and note it down under "{t}".',
            'explain what I\'m seeing: {q}? Put the answer in a note named "{t}".',
            'help me read this screen — {q}? Save it to Notes as "{t}".',
        ],
        q=question,
        t=title,
    )
    return skill_draft(
        ctx,
        "screen_explainer",
        query,
        [
            calls(call("take_screenshot")),
            calls(
                call(
                    "delegate_to_visual_qa_agent",
                    question=sentence(question)[:-1] + "?",
                    context={},
                    target_id="file_n001",
                )
            ),
            calls(call("create_note", title=title, body=answer)),
        ],
        f'{answer} I saved it in the note "{title}".',
        gold={
            "delta": [
                {"table": "files", "op": "create", "fields": {"folder": "Screenshots", "kind": "image"}},
                {"table": "settings", "op": "update", "key": "storage.free_mb", "fields": {"value": IGN}},
                {
                    "table": "handoffs",
                    "op": "create",
                    "fields": {"route": "visual_qa", "instruction": contains(qkey)},
                },
                {
                    "table": "notes",
                    "op": "create",
                    "fields": {"title": contains(title), "body": contains(key)},
                },
            ]
        },
        s0_patch={"subagent_results": {"visual_qa": {"result": answer, "status": "completed"}}},
    )


# --------------------------------------------------------------------------- travel & learning
@skill_family("flight_watch", "state")
def flight_watch(ctx: Ctx) -> Draft:
    booking = ctx.pick("sk_flight_bookings")
    cid, who = ctx.pick("sk_notify")
    number = booking["title"].split(" ")[0] + " " + booking["title"].split(" ")[1]
    route = booking["title"].split(" ")[2].replace("→", "-")
    query = ctx.say(
        [
            "keep an eye on my {f} flight and text {w} automatically if it's delayed.",
            "watch flight {f} for delays; if it slips, message {w} the new time.",
            "flight watch for {f}, please — {w} should get a text if it's late.",
            "monitor my {f} flight until departure and let {w} know by text about any delay.",
            "can you track {f} and tell {w} if it gets delayed?",
            "set up a delay alert on {f} that texts {w}.",
        ],
        f=number,
        w=who,
    )
    name = contact(cid)["name"].split()[0] if cid != "contact_007" else "Dr. Shah"
    return skill_draft(
        ctx,
        "flight_watch",
        query,
        [
            calls(
                call("list_events", query="Flight"),
                call("list_travel_bookings", kind="flight", upcoming_only=True),
            ),
            calls(call("get_transit_status", booking_id=booking["id"])),
            calls(
                call(
                    "delegate_to_monitor_agent",
                    condition=f"flight {number} {route} is delayed",
                    action=f"text {name} the new departure time",
                    context={"contact_id": cid, "flight": number},
                    until=booking["start"],
                )
            ),
            calls(call("get_handoff_status", route="monitor")),
        ],
        f"{number} is on time right now; I'm watching it until departure and will text {name} if it's "
        "delayed.",
        gold={
            "delta": [
                {
                    "table": "handoffs",
                    "op": "create",
                    "fields": {
                        "route": "monitor",
                        "status": "active",
                        "instruction": contains(number.split()[1], "delay", name.lower()),
                        "context": contains(cid),
                    },
                }
            ]
        },
    )


@skill_family("language_practice", "state")
def language_practice(ctx: Ctx) -> Draft:
    topic, key = ctx.pick("sk_practice_topics")
    level, level_said = ctx.pick("sk_levels")
    minutes = ctx.pick("sk_practice_minutes")
    query = ctx.say(
        [
            "let's do my Spanish practice: {t}, {m} minutes. I'm {l}.",
            "Spanish speaking practice now — {m} minutes on {t}; I'm {l}.",
            "practice Spanish with me for {m} minutes: {t}. I'm {l}.",
            "I want to rehearse {t} in Spanish for {m} minutes — I'm {l}.",
            "start my Spanish session — topic {t}, {m} min. I'm {l}.",
            "time for Spanish: {m} minutes of {t}; I'm {l}.",
        ],
        t=topic,
        m=minutes,
        l=level_said,
    )
    return skill_draft(
        ctx,
        "language_practice",
        query,
        [
            calls(call("search_user_memory", query="Spanish study routine")),
            calls(
                call(
                    "delegate_to_practice_agent",
                    kind="language",
                    topic=topic,
                    context={},
                    level=level,
                    language="Spanish",
                    minutes=minutes,
                )
            ),
        ],
        f"Your {minutes}-minute {level} Spanish session on {topic} has started.",
        gold={
            "delta": [
                {
                    "table": "handoffs",
                    "op": "create",
                    "fields": {
                        "route": "practice",
                        "instruction": contains("language practice", key, level, "spanish", f"{minutes} min"),
                    },
                }
            ],
            # The skill also adds a Spanish keyboard and a practice reminder; the request asks for
            # neither, so either may be done or not (nothing else new).
            "allow_creates": {
                "keyboard_languages": {"code": {"$any": ["es-ES", "es-MX", "es-US"]}},
                "reminders": {"title": contains("spanish")},
            },
        },
        now="2026-05-20T21:45:00",
    )


@skill_family("interview_prep", "state")
def interview_prep(ctx: Ctx) -> Draft:
    role, company = ctx.pick("sk_roles")
    day_said, day = ctx.pick("sk_weekdays")
    at = ctx.pick("sk_appt_times")
    query = ctx.say(
        [
            "I have an interview for {r} at {c} {d} at {t}. Prep me: likely questions, a mock interview, "
            "and block it.",
            "interview prep — {r} role at {c}, {d} {t}. Research questions, rehearse with me, calendar it "
            "(1 hour).",
            "help me get ready for my {c} interview ({r}) {d} at {t}: questions, practice run, calendar "
            "block.",
            "{c} interview for {r} is {d} at {t}. Do the full prep and put an hour on my calendar.",
            "prepare me for the {r} interview at {c} — it's {d}, {t}. Mock interview included, and block "
            "the hour.",
            "get me interview-ready: {r} at {c}, {d} {t}; look up questions, run a mock, add it to my "
            "calendar.",
        ],
        r=role,
        c=company,
        d=day_said,
        t=hhmm_words(at),
    )
    start = f"{day}T{at}:00"
    return skill_draft(
        ctx,
        "interview_prep",
        query,
        [
            calls(
                call(
                    "delegate_to_search_agent",
                    instruction=f"Find common interview questions for {role} at {company}",
                    context={"role": role, "company": company},
                )
            ),
            calls(
                call(
                    "delegate_to_practice_agent",
                    kind="interview",
                    topic=f"{role} at {company}",
                    context={"role": role},
                    level="advanced",
                    minutes=30,
                )
            ),
            calls(call("create_event", title=f"Interview: {company}", start=start, end=shift(start, 60))),
        ],
        f"Likely questions are in, a 30-minute mock interview is running, and the {company} interview is on "
        "your "
        f"calendar for {day_words(day)} at {hhmm_words(at)}.",
        gold={
            "delta": [
                {
                    "table": "handoffs",
                    "op": "create",
                    "fields": {"route": "search", "instruction": contains(company, "interview")},
                },
                {
                    "table": "handoffs",
                    "op": "create",
                    "fields": {"route": "practice", "instruction": contains("interview", company)},
                },
                {
                    "table": "events",
                    "op": "create",
                    "fields": {"title": contains(company), "start": start, "end": shift(start, 60)},
                },
            ],
            # The skill's step 4 writes the questions into a prep note; the request does not ask for
            # one, so the note may be written or not.
            "allow_creates": {"notes": {"title": contains(company)}},
        },
    )


@skill_family("photo_touchup", "state")
def photo_touchup(ctx: Ctx) -> Draft:
    photo, said, q = ctx.pick("sk_touchup_photos")
    edit, key = ctx.pick("sk_edits")
    person = ctx.pick("core_people")
    if person["id"] in ("contact_007", "contact_008"):
        raise Skip("not someone you send holiday photos to")
    first = person["name"].split()[0]
    query = ctx.say(
        [
            "touch up {p}: {e}, then send it to {n}.",
            "edit {p} so that you {e}, and share it with {n}.",
            "can you {e} on {p}? Send the result to {n}.",
            "photo fix: {p} — {e} — and text it to {n}.",
            "please {e} in {p} and send it over to {n}.",
            "{e} on {p}, then share with {n}.",
        ],
        p=said,
        e=edit,
        n=first,
    )
    return skill_draft(
        ctx,
        "photo_touchup",
        query,
        [
            calls(call("list_photos", query=q)),
            calls(
                call(
                    "delegate_to_image_agent",
                    instruction=sentence(edit)[:-1],
                    context={},
                    source_photo_id=photo,
                )
            ),
            calls(call("share_photo", photo_id=photo, contact_id=person["id"], caption="Touched up for you")),
        ],
        f"The image sub-agent applied the edit to {said}, and I sent it to {person['name']}.",
        gold={
            "delta": [
                {
                    "table": "handoffs",
                    "op": "create",
                    "fields": {"route": "image", "instruction": contains(key), "context": contains(photo)},
                },
                {
                    "table": "messages",
                    "op": "create",
                    "fields": {
                        "contact_id": person["id"],
                        "direction": "out",
                        "text": contains(base()["photos"][photo]["name"]),
                    },
                },
            ]
        },
    )


# --------------------------------------------------------------------------- display & sound
@skill_family("always_on_setup", "state")
def always_on_setup(ctx: Ctx) -> Draft:
    start, end = ctx.pick("sk_aod_windows")
    style, style_said = ctx.pick("sk_aod_styles")
    query = ctx.say(
        [
            "set up the always-on display: show {s} from {a} to {b}, with notifications.",
            "I want the always-on screen on a schedule, {a} to {b}, showing {s}.",
            "always-on display from {a} until {b} please — style: {s}.",
            "make the AOD come on at {a} and go off at {b}, and show {s} on it.",
            "configure always-on: {a}–{b}, {s}, notifications visible.",
            "put {s} on the always-on display between {a} and {b}.",
        ],
        s=style_said,
        a=hhmm_words(start),
        b=hhmm_words(end),
    )
    return skill_draft(
        ctx,
        "always_on_setup",
        query,
        [
            calls(call("get_input_settings", section="aod")),
            calls(call("get_about_phone")),
            calls(call("set_aod_mode", mode="scheduled", start=start, end=end)),
            calls(call("set_aod_style", style=style, show_notifications=True)),
        ],
        f"The always-on display now runs from {hhmm_words(start)} to {hhmm_words(end)} showing "
        f"{style_said}, with "
        "notifications.",
        gold={
            "delta": [
                setting_delta("input.aod.mode", "scheduled"),
                setting_delta("input.aod.start", start),
                setting_delta("input.aod.end", end),
                setting_delta("input.aod.style", style),
            ]
        },
    )


@skill_family("quiet_nights", "state")
def quiet_nights(ctx: Ctx) -> Draft:
    start, end = ctx.pick("sk_dnd_windows")
    cid, who = ctx.pick("sk_night_people")
    query = ctx.say(
        [
            "quiet nights please: Do Not Disturb every night from {a} to {b}, dark theme on the same hours, "
            "but {p} can still reach me.",
            "schedule nightly Do Not Disturb {a}–{b} and a dark theme for the same window; let {p} through.",
            "set up my quiet nights — {a} to {b} every day, dark mode too, exception for {p}.",
            "I want the phone silent every night between {a} and {b} (dark theme as well), except for {p}.",
            "night schedule: DND and dark theme from {a} until {b}, all week; {p} should always get through.",
            "every night {a} to {b}: no disturbances, dark theme, but allow {p}.",
        ],
        a=hhmm_words(start),
        b=hhmm_words(end),
        p=who,
    )
    delta = [
        setting_delta("dnd.schedule_enabled", True),
        setting_delta("display.dark_mode_schedule", "custom"),
        {"table": "dnd_exceptions", "op": "create", "fields": {"contact_id": cid, "allow_calls": True}},
    ]
    for key, value, old in (
        ("dnd.schedule_start", start, "23:00"),
        ("dnd.schedule_end", end, "07:00"),
        ("display.dark_mode_start", start, "22:00"),
        ("display.dark_mode_end", end, "07:00"),
    ):
        if value != old:
            delta.append(setting_delta(key, value))
    return skill_draft(
        ctx,
        "quiet_nights",
        query,
        [
            calls(call("search_user_memory", query="bedtime do not disturb")),
            calls(call("set_dnd_schedule", enabled=True, start=start, end=end, days=ALL_DAYS)),
            calls(call("add_dnd_exception", contact_id=cid)),
            calls(call("set_dark_mode", schedule="custom", start=start, end=end)),
        ],
        f"Do Not Disturb and the dark theme now run every night {hhmm_words(start)}–{hhmm_words(end)}, and "
        f"{who} can "
        "still reach you.",
        gold={
            "delta": delta,
            # The skill's step 3 also lets the family (Jordan, Emma) through; for an exception that
            # already exists with fewer permissions (Emma: calls only) that is an update, and the
            # request leaves it open.
            "ignore_updates": {"dnd_exceptions": _widened_exceptions(["contact_004", "contact_005"], cid)},
        },
    )


def _widened_exceptions(family: list[str], asked: str) -> list[str]:
    """The existing DND exceptions among ``family`` (not ``asked``) that ``add_dnd_exception`` with
    its defaults (calls and messages) would widen."""
    old = base()["dnd_exceptions"]
    return [
        c
        for c in family
        if c != asked and c in old and not (old[c]["allow_calls"] and old[c]["allow_messages"])
    ]


@skill_family("ringtone_personalize", "state")
def ringtone_personalize(ctx: Ctx) -> Draft:
    (r1, n1), (r2, n2) = ctx.pick_many("sk_ringtones", 2)
    cid, who = ctx.pick("sk_ring_people")
    vol = ctx.pick("sk_ring_volumes")
    old = base()["contact_ringtones"].get(cid)
    if r1 == "ringtone_001" or (old and old["ringtone_id"] == r2) or vol == 80:
        raise Skip("nothing would change")
    query = ctx.say(
        [
            "make {a} my ringtone, give {p} their own tone ({b}), and set the ring volume to {v}%.",
            "personalize my ringtones: {a} for everyone, {b} for {p}, ringer at {v} percent.",
            "ringtone time — default {a}, {p} gets {b}, ring volume {v}.",
            "switch my ringtone to {a}; when {p} calls it should play {b}. Ring volume {v}%.",
            "set {a} as the ringtone and {b} as {p}'s tone, and put ring volume at {v}.",
            "I want {a} as my ringtone, {b} just for {p}, and the ringer at {v}%.",
        ],
        a=n1,
        b=n2,
        p=who,
        v=vol,
    )
    entry = (
        {"table": "contact_ringtones", "op": "update", "key": cid, "fields": {"ringtone_id": r2}}
        if old
        else {"table": "contact_ringtones", "op": "create", "fields": {"contact_id": cid, "ringtone_id": r2}}
    )
    return skill_draft(
        ctx,
        "ringtone_personalize",
        query,
        [
            calls(call("list_ringtones", kind="ringtone")),
            calls(call("set_ringtone", ringtone_id=r1, usage="ringtone")),
            calls(call("set_contact_ringtone", contact_id=cid, ringtone_id=r2)),
            calls(call("set_stream_volume", stream="ring", level=vol)),
        ],
        f"{n1} is your ringtone, {who} rings with {n2}, and the ring volume is {vol}%.",
        gold={
            "delta": [setting_delta("sound.ringtone", r1), entry, setting_delta("volume.ring", vol)],
            # The skill's step 4 also sets the vibration strength (70), which the request leaves open.
            "ignore_updates": {"settings": ["sound.vibration_intensity"]},
        },
    )


# --------------------------------------------------------------------------- connectivity & media
@skill_family("data_saver", "state")
def data_saver(ctx: Ctx) -> Draft:
    slot_said, slot = ctx.pick("sk_next_week_slots")
    offline = ctx.choice([False, True])
    query = ctx.say(
        [
            "I'm almost out of mobile data. Data saver mode please, and remind me to check my usage {s}.",
            "cut my data use — my plan is nearly used up. Also a reminder {s} to check usage.",
            "save data: my cycle's almost over and I'm near the cap. Remind me {s} to look at usage again.",
            "help me not blow my data limit this month, and set a reminder for {s} to check it.",
            "data saver, now. And remind me {s} to check how much data I've used.",
            "I'm close to my data cap; do the data-saving routine and remind me {s}.",
        ],
        s=slot_said,
    )
    steps = [calls(call("get_app_data_usage", sort_by="mobile", limit=5)),
             calls(call("close_app", app_id="spotify", force=True)),
             calls(call("set_hotspot", enabled=False))]  # fmt: skip
    delta: list[dict[str, Any]] = [
        {"table": "apps", "op": "update", "key": "spotify", "fields": {"running": False, "background": IGN}},
        setting_delta("network.hotspot", False),
        {"table": "reminders", "op": "create", "fields": {"title": contains("data"), "due": slot}},
    ]
    s0 = s0_settings({"network.hotspot": True})
    if offline:
        s0 = s0_settings({"network.hotspot": True, "network.wifi_connected": None})
        steps += [
            calls(call("list_wifi_networks", saved_only=True)),
            calls(call("connect_wifi_network", ssid="MorganHome")),
        ]
        delta += [
            setting_delta("network.wifi_connected", "MorganHome"),
            {
                "table": "wifi_networks",
                "op": "update",
                "key": "MorganHome",
                "fields": {"last_connected": IGN},
            },
        ]
    steps.append(calls(call("create_reminder", title="Check data usage", due=slot)))
    return skill_draft(
        ctx,
        "data_saver",
        query,
        steps,
        "Spotify (your biggest mobile-data user) is stopped, the hotspot is "
        f"off{', you are on MorganHome Wi-Fi' if offline else ''}, "
        f"and I'll remind you {slot_said} to check usage.",
        gold={"delta": delta},
        s0_patch=s0,
    )


@skill_family("headphones_setup", "state")
def headphones_setup(ctx: Ctx) -> Draft:
    dev, said = ctx.pick("sk_headphones")
    vol = ctx.pick("sk_headphone_volumes")
    new = not base()["bluetooth_devices"][dev]["paired"]
    query = ctx.say(
        [
            "set up {d}: connect them, send my audio there at {v}% and let me pause with my palm.",
            "headphones setup for {d} — audio output to them, volume {v}, palm-to-pause on.",
            "get {d} working with the phone, route the sound to them at {v} percent, and turn on palm pause.",
            "connect {d}, make them the audio output at {v}%, and enable the palm gesture to pause.",
            "I want to listen on {d}. Hook them up, {v}% volume, palm pause please.",
            "pair up {d} and play through them at {v}%; also the raise-your-palm pause.",
        ],
        d=said,
        v=vol,
    )
    steps = [
        calls(
            call("set_bluetooth_enabled", enabled=True), call("list_bluetooth_devices", include_nearby=True)
        )
    ]
    device = {"connected": True, "last_connected": IGN}
    if new:
        steps.append(calls(call("pair_bluetooth_device", device_id=dev)))
        device["paired"] = True
    steps += [
        calls(call("connect_bluetooth_device", device_id=dev)),
        calls(call("set_playback_output", output=dev)),
        calls(call("set_playback_volume", level=vol)),
        calls(call("set_air_gesture", gesture="palm_pause", enabled=True)),
    ]
    return skill_draft(
        ctx,
        "headphones_setup",
        query,
        steps,
        f"{base()['bluetooth_devices'][dev]['name']} {'are paired and ' if new else 'are '}connected, audio "
        "plays there "
        f"at {vol}%, and palm pause is on.",
        gold={
            "delta": [
                setting_delta("network.bluetooth", True),
                setting_delta("volume.media", vol),
                setting_delta("input.air_gesture.palm_pause", True),
                {"table": "bluetooth_devices", "op": "update", "key": dev, "fields": device},
                {"table": "playback", "op": "update", "key": "current", "fields": {"output": dev}},
            ],
            "ignore_tables": ["pairing_log"],
        },
    )


@skill_family("kid_mode", "state")
def kid_mode(ctx: Ctx) -> Draft:
    (a1, n1), (a2, n2) = ctx.pick_many("sk_kid_lock_apps", 2)
    minutes = ctx.pick("sk_kid_minutes")
    query = ctx.say(
        [
            "Emma's borrowing my phone for {m} minutes. Kid mode — this time lock just {a} and {b}, not the "
            "usual list, and put on her dance playlist.",
            "kid mode for Emma, {m} minutes: lock up just {a} and {b} (skip the usual lock list) and play her "
            "music.",
            "hand-off to Emma for {m} minutes — lock {a} and {b} instead of the usual kid-mode list, quiet "
            "the phone, start her playlist.",
            "set up kid mode ({m} min), but lock just {a} and {b} rather than the usual list; Emma's Dance "
            "Party on.",
            "Emma gets the phone for {m} minutes. Lock {a} and {b} instead of the usual kid-mode list, and "
            "do the rest of kid mode.",
            "kid mode please: {m}-minute limit, lock {a} plus {b} instead of the usual list, and play "
            "Emma's playlist.",
        ],
        m=minutes,
        a=n1,
        b=n2,
    )
    return skill_draft(
        ctx,
        "kid_mode",
        query,
        [
            calls(call("set_app_lock", app_id=a1, locked=True), call("set_app_lock", app_id=a2, locked=True)),
            calls(call("set_do_not_disturb", enabled=True, allow_calls_from="favorites")),
            calls(call("set_stream_volume", stream="media", level=40)),
            calls(call("start_timer", duration_seconds=minutes * 60, label="Emma screen time")),
            calls(call("play_media", playlist_id="playlist_005")),
        ],
        f"{n1} and {n2} are locked, Do Not Disturb is on, media volume is 40%, a {minutes}-minute timer is "
        "running and "
        "Emma's Dance Party is playing.",
        gold={
            "delta": [
                {"table": "app_locks", "op": "create", "fields": {"app_id": a1}},
                {"table": "app_locks", "op": "create", "fields": {"app_id": a2}},
                setting_delta("dnd.enabled", True),
                setting_delta("volume.media", 40),
                {
                    "table": "timers",
                    "op": "create",
                    "fields": {"duration_s": minutes * 60, "status": "running"},
                },
                {
                    "table": "playback",
                    "op": "update",
                    "key": "current",
                    "fields": playback_fields(context="playlist_005", status="playing"),
                },
            ]
        },
        now="2026-05-23T15:00:00",
    )


# --------------------------------------------------------------------------- assistant memory
@skill_family("memory_review", "state")
def memory_review(ctx: Ctx) -> Draft:
    cat, mem_id, said = ctx.pick("sk_memory_deletes")
    query = ctx.say(
        [
            "go through what you remember in my {c} memories and forget {m}.",
            "memory review: look at the {c} category and delete {m}.",
            "review my {c} memories with me — {m} is outdated, remove it.",
            "let's clean up the {c} memories. Drop {m}.",
            "show me what you keep under {c}, and get rid of {m}.",
            "I'd like a memory review of {c}; please forget {m}.",
        ],
        c=cat,
        m=said,
    )
    return skill_draft(
        ctx,
        "memory_review",
        query,
        [
            calls(call("list_user_memories", category=cat, limit=50)),
            calls(call("remove_user_memory", memory_id=mem_id)),
        ],
        f"Removed the memory about {said} (“{base()['memories'][mem_id]['text']}”).",
        gold={"delta": [{"table": "memories", "op": "delete", "key": mem_id}]},
    )


@skill_family("read_later", "state")
def read_later(ctx: Ctx) -> Draft:
    url, said = ctx.pick("sk_read_later")
    person = ctx.pick("core_people")
    first = person["name"].split()[0] if person["id"] != "contact_007" else "Dr. Shah"
    page = base()["web_pages"][url]
    query = ctx.say(
        [
            "save {p} for later and share it with {n}.",
            "read-later: bookmark {p}, make a note, send it to {n}.",
            "I don't have time now — keep {p} for later and pass it to {n}.",
            "put {p} in my read-later pile and share the note with {n}.",
            "stash {p} to read later; also send it along to {n}.",
            "bookmark {p} for later reading and share it with {n}.",
        ],
        p=said,
        n=first,
    )
    title = page["title"].split(" | ")[0].split(" - ")[0]
    return skill_draft(
        ctx,
        "read_later",
        query,
        [
            calls(call("open_browser_url", url=url)),
            calls(call("add_browser_bookmark", url=url, title=title, folder="Read later")),
            calls(call("create_note", title=title, body=f"{url}\n{page['summary']}")),
            calls(call("share_note", note_id="note_n001", contact_id=person["id"])),
        ],
        f"Bookmarked {title} under Read later, saved a note with the link and shared it with "
        f"{person['name']}.",
        gold={
            "delta": [
                {
                    "table": "browser_tabs",
                    "op": "upsert",  # a new tab, or the current one reused
                    "fields": {"url": url, "title": {"$ignore": True}, "last_used": {"$ignore": True}},
                },
                {"table": "browser_history", "op": "create", "fields": {"url": url}},
                {"table": "bookmarks", "op": "create", "fields": {"url": url, "folder": "Read later"}},
                {
                    "table": "notes",
                    "op": "create",
                    "fields": {
                        "body": contains(url.split("//")[1].split("/")[0]),
                        "shared_with": [person["id"]],
                    },
                },
                {
                    "table": "messages",
                    "op": "create",
                    "fields": {"contact_id": person["id"], "direction": "out"},
                },
            ]
        },
    )


# --------------------------------------------------------------------------- travel abroad
@skill_family("trip_abroad", "state")
def trip_abroad(ctx: Ctx) -> Draft:
    city, lang, code, phrase = ctx.pick("sk_abroad")
    query = ctx.say(
        [
            "I just landed in {c}. Set the phone up for the trip: local time automatically, a {l} keyboard, "
            'no roaming data — and how do I say "{p}"',
            "trip abroad mode, I'm in {c}: automatic time zone, add {l} typing, mobile data off. Also "
            'translate "{p}"',
            "get my phone ready for {c} — time zone on automatic, {l} keyboard, turn off mobile data to "
            'avoid roaming. How would I say "{p}" there?',
            'in {c} now! Auto time zone, {l} keyboard, mobile data off please; and what\'s "{p}" in {l}?',
            "prep the phone for {c}: set the clock automatically, I need a {l} keyboard, no mobile data. "
            'Translate "{p}" for me.',
            "arrived in {c}. Make the time zone automatic, add the {l} keyboard, kill mobile data, and tell "
            'me how to say "{p}".',
        ],
        c=city,
        l=lang,
        p=phrase,
    )
    variants = sorted(c for c in KEYBOARD_LANGUAGES if c.split("-")[0] == code.split("-")[0])
    keyboard = variants[0] if len(variants) == 1 else {"$any": variants}
    return skill_draft(
        ctx,
        "trip_abroad",
        query,
        [
            calls(call("set_time_zone", automatic=True)),
            calls(call("add_keyboard_language", language=code)),
            calls(call("set_mobile_data_enabled", enabled=False)),
            calls(call("translate_text", text=phrase, target_language=code.split("-")[0])),
        ],
        f"Time zone is automatic, the {lang} keyboard is added and mobile data is off. The translation of "
        f"“{phrase}” "
        "is above.",
        gold={
            "delta": [
                setting_delta("system.auto_timezone", True),
                # "a Spanish keyboard": any variant of the language the keyboard offers (es-MX, es-ES).
                {"table": "keyboard_languages", "op": "create", "fields": {"code": keyboard}},
                setting_delta("network.mobile_data", False),
            ]
        },
        s0_patch=s0_settings({"system.auto_timezone": False}),
    )


# ------------------------------------------------------------------- read-only routines (answer checked)
@skill_family("daily_briefing", "behavior")
def daily_briefing(ctx: Ctx) -> Draft:
    opener = ctx.pick("sk_brief_openers")
    title, at = ctx.pick("sk_today_events")
    query = ctx.say(
        [
            "{o} Give me my daily briefing.",
            "{o} What does my day look like? Full briefing, please.",
            "{o} Brief me on today — calendar, weather, anything unread.",
            "{o} Run my daily briefing.",
            "{o} What's on for today?",
            "{o} Daily rundown, please.",
        ],
        o=opener,
    )
    ev = {
        "id": "event_p01",
        "title": title,
        "start": f"2026-05-20T{at}:00",
        "end": shift(f"2026-05-20T{at}:00", 45),
        "location": "",
        "attendees": [],
        "reminder_minutes": 10,
        "calendar": "personal",
    }
    final = (
        "Today: weekly sync with Sam at 10:00, lunch with Chris Lee at 12:30, the design review at 15:00 "
        f"and {title} "
        f"at {hhmm_words(at)}. The expense report reminder is due at 5 pm. Check the forecast above for San "
        "Francisco, and you have a few unread messages and emails."
    )
    # Reading out the whole calendar is not a briefing on today: the events of the next two days must
    # not be named.
    return skill_draft(
        ctx,
        "daily_briefing",
        query,
        [
            calls(call("get_smart_suggestions", hours=12)),
            calls(call("get_weather_forecast", city="San Francisco")),
            calls(
                call("list_events", start_date="2026-05-20", end_date="2026-05-20"), call("list_reminders")
            ),
            calls(call("list_messages", unread_only=True)),
            calls(call("search_emails", folder="inbox", unread_only=True)),
        ],
        final,
        gold=avoiding(
            {
                "rubric": {
                    "final_kind": "answer",
                    "must_include": [[title.lower()], ["expense"]],
                    "forbid_mutations": True,
                }
            },
            [e["title"].lower() for e in events_between("2026-05-21", "2026-05-22")],
            final,
            query,
        ),
        s0_patch={"events": {"event_p01": ev}},
        now="2026-05-20T08:00:00",
    )


@skill_family("secure_sign_in", "behavior")
def secure_sign_in(ctx: Ctx) -> Draft:
    service, vault_q, password, code = ctx.pick("sk_sign_ins")
    query = ctx.say(
        [
            "help me sign in to {s}: my vault PIN is 1357. I need the password and the code they just "
            "texted me.",
            "I'm logging into {s}. Vault PIN 1357 — grab the password and the one-time code from my texts.",
            "sign-in help for {s}, please. Unlock the vault with 1357 and find me the SMS code too.",
            "what's my {s} password and the verification code I just got? Vault PIN is 1357.",
            "finish my {s} login: password from the vault (PIN 1357) and the texted code.",
            "{s} is asking for my password and a code. PIN for the vault: 1357.",
        ],
        s=service,
    )
    otp = {
        "id": "msg_p01",
        "thread_id": "thread_p01",
        "contact_id": None,
        "phone": "+1 888 555 0142",
        "direction": "in",
        "text": f"Your {vault_q} verification code is {code}. It expires in 10 minutes.",
        "time": "2026-05-20T08:59:00",
        "read": False,
    }
    final = f"Your {service} password is {password} and the code they texted is {code}."
    # Reading out the vault or every texted code is not an answer: the other accounts' passwords and the
    # other codes the message search lists must not be named.
    entry = next(e for e in base()["vault_entries"].values() if e["password"] == password)
    listed = lookup("list_messages", {"messages": {"msg_p01": otp}}, query="code", unread_only=True)
    codes = [c for m in listed if m["id"] != "msg_p01" for c in re.findall(r"\b\d{6}\b", m["text"])]
    # a code as read out in two halves ("415 990") is the same code
    codes += [f"{c[:3]}{sep}{c[3:]}" for c in codes for sep in (" ", "-")]
    return skill_draft(
        ctx,
        "secure_sign_in",
        query,
        [
            calls(call("unlock_password_vault", pin="1357")),
            calls(call("get_vault_password", query=vault_q)),
            calls(call("search_user_memory", query="OTP codes SMS consent")),
            calls(call("list_messages", query="code", unread_only=True)),
        ],
        final,
        gold=avoiding(
            {
                "rubric": {
                    "final_kind": "answer",
                    "must_include": [
                        [password.lower()],
                        [code, f"{code[:3]} {code[3:]}", f"{code[:3]}-{code[3:]}"],
                    ],
                }
            },
            [*other_passwords(entry), *codes],
            final,
            query,
        ),
        s0_patch={"messages": {"msg_p01": otp}},
    )


# ================================================================ second families: more of each skill's tools
@skill_family("family_checkin", "tool", "call_mom")
def family_checkin_call(ctx: Ctx) -> Draft:
    moment = ctx.pick("sk_free_moments")
    query = ctx.say(
        [
            "{m} — did I already call Mom this week? If not, let's do the family check-in call now.",
            "{m}. Family check-in: call Mom unless I've talked to her since Sunday.",
            "{m}, so check whether I've called my mother lately and ring her if I haven't.",
            "{m}. Time for the weekly call with Mom — check the call log first.",
            "{m}; have I spoken to Mom this week? If not, call her.",
            "{m} — do the family check-in and get Mom on the phone if I'm overdue.",
        ],
        m=moment,
    )
    return skill_draft(
        ctx,
        "family_checkin",
        query,
        [
            calls(call("search_user_memory", query="call mom every Sunday")),
            calls(call("search_contacts", query="Linda Morgan")),
            calls(call("list_call_log", contact_id="contact_006")),
            calls(call("start_call", contact_id="contact_006")),
        ],
        "Your last call with Mom was a missed call on Tuesday, so I'm calling her now.",
        gold={
            "calls": [
                {
                    "name": "start_call",
                    "arguments": {
                        "contact_id": {"$any": ["contact_006", None]},
                        "phone_number": {"$any": [None, "+1 415 555 0106"]},
                    },
                }
            ]
        },
        # the weekly rule (call Mom every Sunday around 18:00) when the query leaves the period to memory
        gold_memory_ids=["mem_016"] if "lately" in query or "overdue" in query else [],
        now="2026-05-24T18:00:00",
    )


@skill_family("doctor_visit", "state", "call_clinic")
def doctor_visit_call(ctx: Ctx) -> Draft:
    day_said, day = ctx.pick("sk_weekdays")
    at = ctx.pick("sk_appt_times")
    mins, dur_said = ctx.pick("sk_durations")
    query = ctx.say(
        [
            "call my doctor's office to book a checkup {d} at {t} ({l}), then put it on my calendar with my "
            "usual reminder.",
            "ring the clinic for a check-up slot {d} at {t}; once it's booked, calendar it ({l}) and remind "
            "me like always.",
            "phone Dr. Shah's office — I want a checkup {d} at {t}, {l}. Then calendar plus the usual "
            "reminder.",
            "book my doctor visit by phone for {d} at {t}, {l} long, and add it with a reminder.",
            "give my family doctor's office a call to confirm {d} at {t}, then add the appointment ({l}) to "
            "my calendar with my usual reminder.",
            "doctor visit: call the clinic, book {d} {t}, {l}; calendar and reminder as usual.",
        ],
        d=day_said,
        t=hhmm_words(at),
        l=dur_said,
    )
    start = f"{day}T{at}:00"
    remind = shift(start, -15)
    return skill_draft(
        ctx,
        "doctor_visit",
        query,
        [
            calls(call("search_user_memory", query="family doctor")),
            calls(call("get_contact", contact_id="contact_007")),
            calls(call("start_call", contact_id="contact_007")),
            calls(call("end_call")),
            calls(
                call("create_event", title="Checkup with Dr. Priya Shah", start=start, end=shift(start, mins))
            ),
            calls(call("search_user_memory", query="reminder lead time")),
            calls(call("create_reminder", title="Doctor appointment", due=remind)),
        ],
        f"I called Dr. Shah's office; the checkup is on your calendar for {day_words(day)} at "
        f"{hhmm_words(at)} with a "
        "reminder 15 minutes before.",
        gold={
            "delta": [
                {
                    "table": "call_log",
                    "op": "create",
                    "fields": {"contact_id": "contact_007", "direction": "out"},
                },
                {
                    "table": "events",
                    "op": "create",
                    "fields": {
                        "title": any_contains("shah", "checkup", "check-up", "doctor"),
                        "start": start,
                        "end": shift(start, mins),
                    },
                },
                {
                    "table": "reminders",
                    "op": "create",
                    "fields": {
                        "title": any_contains("doctor", "checkup", "check-up", "shah", "appointment"),
                        "due": remind,
                    },
                },
            ]
        },
        # the family doctor (unless the query names Dr. Shah) and the reminder lead time
        gold_memory_ids=["mem_018"] if "Shah" in query else ["mem_004", "mem_018"],
    )


@skill_family("bedtime_routine", "state", "rebuild_rule")
def bedtime_rule(ctx: Ctx) -> Draft:
    opener = ctx.pick("sk_night_openers")
    at = ctx.pick("sk_bedtimes")
    query = ctx.say(
        [
            "{o} My bedtime automation seems to be gone — set it up again the way my bedtime routine says.",
            "{o} The Bedtime rule disappeared. Recreate it from my bedtime routine.",
            "{o} Can you rebuild my bedtime automation? Use what you know about my routine.",
            "{o} I deleted my bedtime rule by accident; please make a new one that matches my routine.",
            "{o} There's no bedtime automation anymore — bring it back, same as my routine.",
            "{o} Set up the nightly Do Not Disturb automation from my bedtime routine again.",
        ],
        o=opener,
    )
    text = f"Bedtime routine: dark mode on, do not disturb from {at} to 6:00, check tomorrow's alarm."
    dnd = {"setting": "dnd.enabled", "value": True}
    dark = {"setting": "display.dark_mode", "value": True}
    return skill_draft(
        ctx,
        "bedtime_routine",
        query,
        [
            calls(call("search_user_memory", query="bedtime routine")),
            calls(call("list_automation_rules")),
            calls(
                call(
                    "create_automation_rule", name="Bedtime", trigger="time", trigger_value=at, actions=[dnd]
                )
            ),
        ],
        f"Recreated the Bedtime automation: Do Not Disturb comes on every night at {hhmm_words(at)}.",
        gold={
            "delta": [
                {
                    "table": "automation_rules",
                    "op": "create",
                    "fields": {
                        "name": any_contains("bedtime", "bed", "night", "sleep"),
                        "trigger": "time",
                        "trigger_value": at,
                        "enabled": True,
                        "actions": {"$any": [[dnd], [dnd, dark], [dark, dnd]]},
                    },
                }
            ]
        },
        s0_patch=merge(patched_memory("mem_028", text), {"automation_rules": {"rule_001": None}}),
        gold_memory_ids=["mem_028"],  # the bedtime routine's do-not-disturb start time
        now="2026-05-20T21:00:00",
    )


@skill_family("focus_mode", "tool", "stop_early")
def focus_stop_early(ctx: Ctx) -> Draft:
    early = ctx.pick("sk_early_minutes")
    query = ctx.say(
        [
            "I finished my deep work {n} minutes early — stop the focus timer.",
            "Focus session's done ({n} min early). End the timer.",
            "Kill my focus timer, I wrapped up {n} minutes early.",
            "Stop focus mode's timer — I'm done {n} minutes ahead of schedule.",
            "End the focus block timer please; finished {n} minutes early.",
            "I'm out of focus mode {n} minutes early, stop that timer.",
        ],
        n=early,
    )
    now = "2026-05-20T11:00:00"
    timer = {"id": "timer_p01", "label": "Focus", "duration_s": 3000, "started_at": shift(now, early - 50),
             "ends_at": shift(now, early), "status": "running", "stopped_at": None}  # fmt: skip
    laundry = {**base()["timers"]["timer_001"], "ends_at": shift(now, 20), "started_at": shift(now, -40)}
    return skill_draft(
        ctx,
        "focus_mode",
        query,
        [calls(call("stop_timer", timer_id="timer_p01"))],
        f"Stopped your Focus timer {early} minutes early; the Laundry timer is still running.",
        gold={"calls": [{"name": "stop_timer", "arguments": {"timer_id": "timer_p01"}}]},
        s0_patch={"timers": {"timer_p01": timer, "timer_001": laundry}},
        now=now,
    )


@skill_family("memory_cleanup", "tool", "remember_fact")
def memory_add_fact(ctx: Ctx) -> Draft:
    fact, key = ctx.pick("sk_new_facts")
    query = ctx.say(
        [
            "remember that {f}.",
            "please keep this in memory: {f}.",
            "note for the future — {f}.",
            "add to what you know about me: {f}.",
            "don't forget: {f}.",
            "save this fact: {f}.",
        ],
        f=fact,
    )
    return skill_draft(
        ctx,
        "memory_cleanup",
        query,
        [
            calls(call("search_user_memory", query=fact, top_k=10)),
            calls(call("add_user_memory", text=sentence(fact), category="other")),
        ],
        f"Got it — I'll remember that {fact}.",
        gold={
            "calls": [
                {
                    "name": "add_user_memory",
                    "arguments": {"text": contains(key), "category": IGN, "tags": IGN},
                }
            ]
        },
    )


@skill_family("memory_review", "state", "meeting_length")
def memory_review_meeting(ctx: Ctx) -> Draft:
    n = ctx.pick("sk_meeting_lengths")
    query = ctx.say(
        [
            "my preferred meeting length is {n} minutes now. Update your memory and tell me which skills "
            "rely on it.",
            "review my preferences: meetings should be {n} minutes by default now. Which of your skills use "
            "that?",
            "change my default meeting length to {n} minutes in what you remember, and list the skills "
            "affected.",
            "I've switched to {n}-minute meetings. Fix the stored preference and show me the skills that "
            "depend on it.",
            "update the meeting-length preference to {n} minutes; which routines would that change?",
            "memory review: meetings are {n} minutes for me now — correct it and tell me what skills use it.",
        ],
        n=n,
    )
    return skill_draft(
        ctx,
        "memory_review",
        query,
        [
            calls(call("list_user_memories", category="preference", limit=50)),
            calls(call("search_user_memory", query="preferred meeting length")),
            calls(
                call(
                    "replace_user_memory",
                    memory_id="mem_008",
                    text=f"Preferred meeting length is {n} minutes; never schedule meetings longer than 50 "
                    "minutes.",
                )
            ),
            calls(call("list_skills", query="meeting")),
        ],
        f"Updated: your preferred meeting length is now {n} minutes. The Meeting mode and Meeting follow-up "
        "skills "
        "work with your meetings.",
        gold={
            "delta": [
                {
                    "table": "memories",
                    "op": "update",
                    "key": "mem_008",
                    "fields": {"text": contains(f"{n} min")},
                }
            ]
        },
    )


@skill_family("trip_abroad", "state", "hotel")
def trip_abroad_hotel(ctx: Ctx) -> Draft:
    city, ssid, cur, cur_said = ctx.pick("sk_hotels_abroad")
    amount = ctx.pick("sk_foreign_amounts")
    query = ctx.say(
        [
            "I'm at the hotel in {c}. Get me on the {w} Wi-Fi, switch off mobile data, and how much is {a} "
            "{m} in US dollars?",
            "hotel in {c}: connect to {w}, mobile data off to avoid roaming, and convert {a} {m} to USD.",
            "just checked into my hotel in {c}. Join {w}, kill mobile data, and tell me what {a} {m} is in US dollars.",
            "{c} hotel setup please — Wi-Fi {w}, no mobile data; also {a} {m} in US dollars?",
            "connect me to the hotel Wi-Fi ({w}) here in {c}, turn off roaming data, and convert {a} {m} "
            "for me.",
            "at my {c} hotel: {w} Wi-Fi on, mobile data off, and what's {a} {m} in US dollars?",
        ],
        c=city,
        w=ssid,
        a=amount,
        m=cur_said,
    )
    net = base()["wifi_networks"][ssid]
    return skill_draft(
        ctx,
        "trip_abroad",
        query,
        [
            calls(call("connect_wifi_network", ssid=ssid)),
            calls(call("set_mobile_data_enabled", enabled=False)),
            calls(call("convert_units", value=float(amount), from_unit=cur, to_unit="USD")),
        ],
        f"You're on {ssid}, mobile data is off, and {amount} {cur_said} is the dollar amount shown above.",
        gold={
            "delta": [
                setting_delta("network.wifi_connected", ssid),
                setting_delta("network.mobile_data", False),
                {"table": "wifi_networks", "op": "update", "key": ssid, "fields": {"last_connected": IGN}},
            ]
        },
        s0_patch={
            "wifi_networks": {
                ssid: {**net, "in_range": True, "signal": 80},
                "MorganHome": {**base()["wifi_networks"]["MorganHome"], "in_range": False},
            }
        },
    )


@skill_family("secure_phone", "state", "emergency_contacts")
def secure_emergency_contacts(ctx: Ctx) -> Draft:
    (c1, s1), (c2, s2) = ctx.pick_many("sk_emergency_people", 2)
    if {c1, c2} == {"contact_004", "contact_006"} or c1 == c2:
        raise Skip("no change")
    app, app_said = ctx.pick("sk_lock_apps")
    query = ctx.say(
        [
            "make {a} and {b} my emergency contacts, and lock {p} while you're at it.",
            "security check: emergency contacts should be {a} and {b}; also put a lock on {p}.",
            "update my emergency contacts to {a} plus {b}, then lock {p}.",
            "I want {a} and {b} as the people alerted in an emergency. And lock {p}.",
            "set {a} and {b} as emergency contacts and app-lock {p}.",
            "secure the phone a bit: emergency contacts {a} and {b}, {p} locked.",
        ],
        a=s1,
        b=s2,
        p=app_said,
    )
    return skill_draft(
        ctx,
        "secure_phone",
        query,
        [
            calls(call("get_security_status")),
            calls(call("set_emergency_contacts", contact_ids=[c1, c2])),
            calls(call("set_app_lock", app_id=app, locked=True)),
        ],
        f"Your emergency contacts are now {s1} and {s2}, and {app_said} is locked.",
        gold={
            "delta": [
                setting_delta("security.emergency_contacts", [c1, c2]),
                {"table": "app_locks", "op": "create", "fields": {"app_id": app}},
            ]
        },
    )


@skill_family("privacy_checkup", "state", "finance_locks")
def privacy_finance_locks(ctx: Ctx) -> Draft:
    reason = ctx.pick("sk_lock_reasons")
    query = ctx.say(
        [
            "{r}, so lock every finance app on my phone.",
            "privacy checkup: {r} — make sure all my money apps are locked.",
            "lock all the banking and budget apps; {r}.",
            "{r}. Put an app lock on each finance app I have.",
            "every finance app should be locked — {r}.",
            "please lock my payment and finance apps, {r}.",
        ],
        r=reason,
    )
    apps = [a for a, r in base()["apps"].items() if r.get("category") == "finance"]
    todo = [a for a in apps if a not in base()["app_locks"]]
    return skill_draft(
        ctx,
        "privacy_checkup",
        query,
        [
            calls(call("get_security_status")),
            calls(call("list_apps", category="finance")),
            calls(*(call("set_app_lock", app_id=a, locked=True) for a in todo)),
        ],
        f"All {len(apps)} finance apps are locked now (Chase and Venmo already were).",
        gold={"delta": [{"table": "app_locks", "op": "create", "fields": {"app_id": a}} for a in todo]},
    )


def _active_cast(sid: str, device: str, mode: str, started: str) -> dict[str, Any]:
    return {
        "id": sid,
        "device_id": device,
        "mode": mode,
        "source": "screen",
        "media": None,
        "status": "active",
        "started_at": started,
        "stopped_at": None,
        "files_sent": [],
    }


@skill_family("movie_night", "state", "wrap_up")
def movie_night_wrap_up(ctx: Ctx) -> Draft:
    film = ctx.pick("sk_films")
    level = ctx.pick("sk_brightness")
    query = ctx.say(
        [
            "{f} is over. Stop casting, turn Do Not Disturb off and put the brightness back to {b}%.",
            "movie night's done — end the TV cast, DND off, brightness {b}.",
            "we finished {f}; wrap up movie night: stop the cast, calls back on, screen at {b}%.",
            "end movie night please: no more casting, Do Not Disturb off, brightness to {b} percent.",
            "credits are rolling on {f}. Stop the TV cast, let calls through again, brightness {b}%.",
            "that's it for {f}. Disconnect from the TV, switch DND off and set brightness to {b}.",
        ],
        f=film,
        b=level,
    )
    now = "2026-05-20T22:40:00"
    s0 = merge(
        s0_settings({"dnd.enabled": True, "dnd.until": "2026-05-20T23:00:00", "display.brightness": 20}),
        {"cast_sessions": {"cast_p01": _active_cast("cast_p01", "xdev_001", "cast", "2026-05-20T20:05:00")}},
    )
    return skill_draft(
        ctx,
        "movie_night",
        query,
        [
            calls(call("stop_cast_session", session_id="cast_p01")),
            calls(call("set_do_not_disturb", enabled=False)),
            calls(call("set_display_brightness", level=level)),
        ],
        "Casting to the Living Room TV has stopped, Do Not Disturb is off and brightness is back to "
        f"{level}%.",
        gold={
            "delta": [
                {
                    "table": "cast_sessions",
                    "op": "update",
                    "key": "cast_p01",
                    "fields": {"status": "stopped", "stopped_at": IGN},
                },
                setting_delta("dnd.enabled", False),
                {"table": "settings", "op": "update", "key": "dnd.until", "fields": {"value": None}},
                setting_delta("display.brightness", level),
            ],
            "ignore_tables": ["pairing_log"],
        },
        s0_patch=s0,
        now=now,
    )


@skill_family("laptop_handoff", "state", "finish")
def laptop_handoff_finish(ctx: Ctx) -> Draft:
    file_id, said = ctx.pick("sk_laptop_files")
    query = ctx.say(
        [
            "send {f} to my laptop too, then end the phone-laptop link — leave the TV cast alone.",
            "one more: push {f} to the MacBook, and then disconnect the laptop session (not the TV).",
            "before I close the laptop, send it {f} and stop the multi-screen session; the TV stays on.",
            "get {f} onto my MacBook and then end the laptop link. Don't touch the TV.",
            "last file for the laptop is {f}; after that, close the laptop session but keep casting to the "
            "TV.",
            "send {f} over to the MacBook, then stop collaborating with it (keep the TV going).",
        ],
        f=said,
    )
    s0 = {
        "cast_sessions": {
            "cast_p01": _active_cast("cast_p01", "xdev_003", "multiscreen", "2026-05-20T08:30:00"),
            "cast_p02": _active_cast("cast_p02", "xdev_002", "cast", "2026-05-20T08:40:00"),
        }
    }
    files = base()["files"]
    return skill_draft(
        ctx,
        "laptop_handoff",
        query,
        [
            calls(call("list_cast_sessions", active_only=True)),
            calls(call("list_files", query=files[file_id]["name"].split("_")[0])),
            calls(call("send_files_to_device", device_id="xdev_003", file_ids=[file_id])),
            calls(call("stop_cast_session", session_id="cast_p01")),
        ],
        f"Sent {files[file_id]['name']} to your MacBook and ended the laptop session; the Bedroom TV cast "
        "is still on.",
        gold={
            "delta": [
                {
                    "table": "cast_sessions",
                    "op": "update",
                    "key": "cast_p01",
                    "fields": {
                        "status": "stopped",
                        "stopped_at": IGN,
                        "files_sent": {"$contains": [files[file_id]["name"]]},
                    },
                }
            ],
            "ignore_tables": ["pairing_log"],
        },
        s0_patch=s0,
    )


def _home_after(remove: str, move: str) -> dict[str, list[dict[str, Any]]]:
    """The home screen pages after removing app ``remove`` and moving ``move`` to the other page."""
    pages = {p["id"]: [dict(i) for i in p["items"]] for p in base()["home_screen"].values()}
    src = next(pid for pid, items in pages.items() if {"type": "app", "app_id": move} in items)
    for items in pages.values():
        items[:] = [i for i in items if not (i["type"] == "app" and i.get("app_id") in (remove, move))]
    dst = "page_1" if src == "page_2" else "page_2"
    pages[dst].append({"type": "app", "app_id": move})
    return pages


@skill_family("home_screen_tidy", "state", "icons")
def home_screen_icons(ctx: Ctx) -> Draft:
    app, app_said = ctx.pick("sk_home_remove")
    move, move_said = ctx.pick("sk_home_move")
    src = next(
        p["index"] for p in base()["home_screen"].values() if {"type": "app", "app_id": move} in p["items"]
    )
    dst = 1 if src == 2 else 2
    query = ctx.say(
        [
            "tidy up the home screen: take {a} off it, and move {m} to page {p}.",
            "I never tap {a} — remove its icon. Also put {m} on page {p}.",
            "home screen cleanup: drop the {a} icon and shift {m} over to page {p}.",
            "remove {a} from my home screen (don't uninstall) and move {m} to the {w} page.",
            "get rid of the {a} shortcut and bring {m} to page {p}.",
            "declutter: {a} off the home screen, {m} onto page {p}.",
        ],
        a=app_said,
        m=move_said,
        p=dst,
        w="first" if dst == 1 else "second",
    )
    after = _home_after(app, move)
    changed = [pid for pid, items in after.items() if items != base()["home_screen"][pid]["items"]]
    # The user names the page, not the slot: the moved icon may land anywhere on it.
    moved = {"type": "app", "app_id": move}
    rest = {pid: [x for x in items if x != moved] for pid, items in after.items()}
    anywhere = {
        pid: {"$any": [rest[pid][:i] + [moved] + rest[pid][i:] for i in range(len(rest[pid]) + 1)]}
        for pid, items in after.items()
        if moved in items
    }
    return skill_draft(
        ctx,
        "home_screen_tidy",
        query,
        [
            calls(call("list_home_screen")),
            calls(call("remove_home_screen_icon", item_id=app)),
            calls(call("move_home_screen_icon", item_id=move, page=dst)),
        ],
        f"{app_said} is off the home screen (still installed) and {move_said} is now on page {dst}.",
        gold={
            "delta": [
                {
                    "table": "home_screen",
                    "op": "update",
                    "key": pid,
                    "fields": {"items": anywhere.get(pid, after[pid])},
                }
                for pid in changed
            ]
        },
    )


@skill_family("quick_access_setup", "state", "rearrange")
def quick_access_rearrange(ctx: Ctx) -> Draft:
    (tile, said), (drop, drop_said) = ctx.pick_many("sk_cc_tiles", 2)
    pos = ctx.pick("sk_tile_positions")
    tiles = sorted(base()["control_center"].values(), key=lambda r: r["position"])
    # "at number p" is the final panel: the dropped tile is gone, the others close up, the tile sits at p.
    kept = [r["id"] for r in tiles if r["id"] != drop]
    order = [t for t in kept if t != tile]
    if pos > len(kept) or kept.index(tile) == pos - 1:
        raise Skip("no such slot once the tile is removed, or already there")
    order.insert(pos - 1, tile)
    query = ctx.say(
        [
            "rearrange my quick settings: move {t} to spot {p} and remove the {d} tile.",
            "control center cleanup — {t} goes to position {p}, and {d} comes out.",
            "put the {t} tile at position {p} and get rid of {d}.",
            "I never use the {d} toggle; remove it. Also move {t} to slot {p}.",
            "quick access tweak: {t} at number {p}, {d} gone.",
            "move {t} up to position {p} in the control center and delete the {d} tile.",
        ],
        t=said,
        p=pos,
        d=drop_said,
    )
    final = {tid: i + 1 for i, tid in enumerate(order)}
    delta: list[dict[str, Any]] = [{"table": "control_center", "op": "delete", "key": drop}]
    delta += [{"table": "control_center", "op": "update", "key": tid, "fields": {"position": p}}
              for tid, p in final.items() if base()["control_center"][tid]["position"] != p]  # fmt: skip
    return skill_draft(
        ctx,
        "quick_access_setup",
        query,
        [
            calls(call("list_control_center_tiles")),
            calls(call("remove_control_center_tile", tile=drop)),
            calls(call("move_control_center_tile", tile=tile, position=pos)),
        ],
        f"The {said} tile is at position {pos} and the {drop_said} tile is gone.",
        gold={"delta": delta},
    )


@skill_family("storage_cleanup", "state", "uninstall")
def storage_uninstall(ctx: Ctx) -> Draft:
    app, said = ctx.pick("sk_uninstall")
    cache_app, cache_said = ctx.pick("sk_cache_apps")
    query = ctx.say(
        [
            "I need space. Uninstall {a} — I haven't opened it in ages — and clear {cp} cache.",
            "storage cleanup: get rid of {a} completely and empty the {c} cache.",
            "free some room by removing {a} and clearing {cp} cache.",
            "delete the {a} app, I never use it, then clear the cache for {c}.",
            "uninstall {a} and wipe {cp} cached data — my phone is full.",
            "make space: {a} goes, and {c} gets its cache cleared.",
        ],
        a=said,
        c=cache_said,
        cp=possessive(cache_said),
    )
    notes = [k for k, n in base()["notifications"].items() if n["app_id"] == app]
    return skill_draft(
        ctx,
        "storage_cleanup",
        query,
        [
            calls(call("get_storage_usage", top_n=5)),
            calls(call("get_app_usage", period="week")),
            calls(call("uninstall_app", app_id=app)),
            calls(call("clear_app_cache", app_id=cache_app)),
        ],
        f"Uninstalled {said} and cleared {cache_said}'s cache.",
        gold={
            "delta": [
                {"table": "apps", "op": "delete", "key": app},
                *({"table": "notifications", "op": "delete", "key": k} for k in notes),
                {"table": "apps", "op": "update", "key": cache_app, "fields": {"cache_mb": 0}},
                {"table": "settings", "op": "update", "key": "storage.free_mb", "fields": {"value": IGN}},
            ]
        },
    )


@skill_family("airport_mode", "state", "boarding")
def airport_boarding(ctx: Ctx) -> Draft:
    opener = ctx.pick("sk_boarding_openers")
    wifi = ctx.choice([False, True])
    saver = ctx.choice([False, True])
    extra = {(False, False): "", (True, False): " The plane has Wi-Fi, so keep that on.",
             (False, True): " It's a long flight, so save battery too.",
             (True, True): " There's in-flight Wi-Fi, and it's a long flight."}[(wifi, saver)]  # fmt: skip
    query = ctx.say(
        [
            "{o} We're boarding — switch the phone to flight mode.{e}",
            "{o} Boarding now: airplane mode please.{e}",
            "{o} They just called my group. Put the phone in airplane mode.{e}",
            "{o} Airport mode, boarding step — flight mode on.{e}",
            "{o} I'm on the plane; time for airplane mode.{e}",
            "{o} Doors are closing soon. Flight mode, please.{e}",
        ],
        o=opener,
        e=extra,
    )
    steps = [calls(call("set_airplane_mode", enabled=True))]
    delta: list[dict[str, Any]] = [setting_delta("network.airplane_mode", True)]
    delta.append(setting_delta("network.wifi_connected", None))
    if wifi:
        steps.append(calls(call("set_wifi_enabled", enabled=True)))
    else:
        delta.append(setting_delta("network.wifi", False))
    if saver:
        steps.append(calls(call("set_battery_saver", enabled=True)))
        delta += [setting_delta("battery.power_saving", True), setting_delta("display.dark_mode", True)]
    s0 = merge(
        s0_settings({"network.wifi_connected": "SFO Free WiFi"}),
        {
            "wifi_networks": {
                "SFO Free WiFi": {**base()["wifi_networks"]["SFO Free WiFi"], "in_range": True, "signal": 75},
                "MorganHome": {**base()["wifi_networks"]["MorganHome"], "in_range": False},
            }
        },
    )
    return skill_draft(
        ctx,
        "airport_mode",
        query,
        steps,
        "Airplane mode is on"
        + (", Wi-Fi is back on for the in-flight network" if wifi else "")
        + (", and Battery Saver is on" if saver else "")
        + ". Have a good flight!",
        gold={"delta": delta},
        s0_patch=s0,
        now="2026-05-26T07:40:00",
    )


@skill_family("flight_watch", "state", "stop")
def flight_watch_stop(ctx: Ctx) -> Draft:
    booking = ctx.pick("sk_flight_bookings")
    product, price, store = ctx.pick("sa_price_watch")
    number = " ".join(booking["title"].split()[:2])
    query = ctx.say(
        [
            "landed! Stop watching my {f} flight, but keep the price watch on {p}.",
            "I'm off the plane — end the delay watch on {f}; the {p} price alert stays.",
            "we made it; stop monitoring {f} now, but keep the price watch on {p}.",
            "{f} has landed, so turn off that flight watch. Leave my {p} price watch running.",
            "no need to track {f} anymore, I'm here. Keep watching {p} though.",
            "cancel the {f} delay alert — flight's done. The {p} price alert should keep going.",
        ],
        f=number,
        p=product,
    )
    now = shift(booking["end"], 20)
    watch = {"id": "handoff_p01", "route": "monitor", "app": None,
             "instruction": f"When flight {number} is delayed, text Jordan the new departure time",
             "context": {"contact_id": "contact_004", "condition": f"flight {number} is delayed",
                         "action": "text Jordan the new departure time", "check_every_minutes": 15,
                         "until": shift(booking["end"], 120)},
             "status": "active", "result": f"Watching {number}", "time": "2026-05-20T09:00:00"}  # fmt: skip
    other = {
        "id": "handoff_p02",
        "route": "monitor",
        "app": None,
        "instruction": f"When the price of {product} at {store} is below ${price}, notify me",
        "context": {
            "condition": f"the price of {product} at {store} is below ${price}",
            "action": "notify me",
            "check_every_minutes": 60,
            "until": None,
        },
        "status": "active",
        "result": "Watching the price",
        "time": "2026-05-19T12:00:00",
    }
    return skill_draft(
        ctx,
        "flight_watch",
        query,
        [
            calls(call("get_handoff_status", route="monitor")),
            calls(call("stop_handoff", handoff_id="handoff_p01")),
        ],
        f"Stopped the {number} delay watch; your price watch on {product} keeps running.",
        gold={
            "delta": [
                {"table": "handoffs", "op": "update", "key": "handoff_p01", "fields": {"status": "stopped"}}
            ]
        },
        s0_patch={"handoffs": {"handoff_p01": watch, "handoff_p02": other}},
        now=now,
    )


@skill_family("song_capture", "state", "new_playlist")
def song_capture_new_playlist(ctx: Ctx) -> Draft:
    song_id = ctx.pick("sk_heard_songs")
    name = ctx.pick("sk_new_playlists")
    song = base()["media"][song_id]
    query = ctx.say(
        [
            'what song is this? Like it and start a new playlist called "{p}" with it.',
            'save the song that\'s playing into a brand-new playlist, "{p}" — and like it.',
            'identify this tune, give it a like, and make a "{p}" playlist for it.',
            'catch this song: like it and put it in a new playlist named "{p}".',
            'new playlist "{p}" starting with whatever song is playing right now (liked, please).',
            'I love this one — what is it? Create "{p}" with it and like it.',
        ],
        p=name,
    )
    ambient = {**base()["ambient_audio"]["current"], "title": song["title"], "artist": song["artist"],
               "album": song["album"], "year": song["year"], "genre": song["genre"]}  # fmt: skip
    return skill_draft(
        ctx,
        "song_capture",
        query,
        [
            calls(call("recognize_song")),
            calls(call("rate_media", media_id=song_id, liked=True)),
            calls(call("list_playlists")),
            calls(call("create_playlist", name=name, media_ids=[song_id])),
        ],
        f'That\'s {song["title"]} by {song["artist"]}: liked, and it starts your new playlist "{name}".',
        gold={
            "delta": [
                {"table": "song_recognitions", "op": "create", "fields": {"media_id": song_id}},
                {"table": "media", "op": "update", "key": song_id, "fields": {"liked": True}},
                {"table": "playlists", "op": "create", "fields": {"name": name, "media_ids": [song_id]}},
            ]
        },
        s0_patch={"ambient_audio": {"current": ambient}},
    )


@skill_family("save_contact_card", "state", "update_existing")
def save_contact_update(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    domain = ctx.pick("sk_email_domains")
    email = ".".join(person["name"].casefold().replace("'", "").split()) + "@" + domain
    if person.get("email") == email:
        raise Skip("same email")
    query = ctx.say(
        [
            "scan {n}'s new business card — they're already in my contacts, just update what changed. No "
            "need to text.",
            "{n} gave me a card with new details; scan it and update their contact (don't message them).",
            "update {n} from the QR on their card; I already have them saved. Skip the hello text.",
            "I think {n}'s email changed — scan the card they handed me and fix the contact. No text needed.",
            "scan this card from {n} and refresh their existing contact entry; don't send anything.",
            "{n}'s card has their new email. Scan it and update my contacts, no message.",
        ],
        n=person["name"],
    )
    parts = person["name"].split()
    code = {"id": "qr_p02", "label": f"Business card of {person['name']}", "kind": "contact",
            "payload": f"MECARD:N:{parts[-1]},{' '.join(parts[:-1])};TEL:{person['phone']};EMAIL:{email};;",
            "in_view": True}  # fmt: skip
    return skill_draft(
        ctx,
        "save_contact_card",
        query,
        [
            calls(call("scan_qr_code", code_id="qr_p02")),
            calls(call("update_contact", contact_id=person["id"], email=email)),
        ],
        f"{person['name']} was already saved; I updated their email to {email}.",
        gold={
            "delta": [
                {"table": "qr_scans", "op": "create", "fields": {"qr_id": "qr_p02"}},
                {"table": "contacts", "op": "update", "key": person["id"], "fields": {"email": email}},
            ]
        },
        s0_patch={"qr_codes": {"qr_p02": code, **_off_view("qr_001", "qr_002")}},
    )


@skill_family("pay_by_qr", "state", "show_code")
def pay_show_code(ctx: Ctx) -> Draft:
    where = ctx.pick("sk_merchants")
    card, said = ctx.pick("sk_pay_cards")
    fmt = ctx.choice(["qr", "barcode"])
    query = ctx.say(
        [
            "I'm at {w} and they want to scan my phone — show a {f} payment code for {c}.",
            "pull up a {f} code for {c}, the cashier at {w} will scan it.",
            "pay at {w}: show me a {f} code with {c}.",
            "{w} scans phones — give me a {f} payment code on {c}.",
            "I need a {f} to pay at {w}; use {c}.",
            "show a payment {f} for {c}; I'm at {w}.",
        ],
        w=where,
        c=said,
        f="QR" if fmt == "qr" else "barcode",
    )
    return skill_draft(
        ctx,
        "pay_by_qr",
        query,
        [calls(call("create_payment_code", card=card, code_format=fmt))],
        f"Your {'QR' if fmt == 'qr' else 'barcode'} payment code is on screen for the next 60 seconds.",
        gold={
            "delta": [{"table": "payment_codes", "op": "create", "fields": {"card_id": card, "format": fmt}}]
        },
    )
