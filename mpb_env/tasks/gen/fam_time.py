"""Template families over Time Management: alarms, timers, reminders, calendar events and automation rules."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from mpb_env.tasks.build import call, calls, contains, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family, fill
from mpb_env.tasks.gen.fam_calls import UNIQUE_RELATIONS
from mpb_env.tasks.gen.helpers import (
    avoiding,
    base,
    cannot,
    events_between,
    false_claims,
    granted_entry,
    revoked,
    rubric,
    shift,
)

#: A keyword (or alternatives) a created title must keep, for the titles of the pools.
EVENT_KEYWORDS = {
    "Budget review": "budget", "Coffee with a recruiter": "recruiter", "Parent-teacher meeting": "teacher",
    "Car service": "car service", "Team lunch": "lunch", "Piano recital": "piano", "Quarterly planning": "planning",
    "Dentist cleaning": "dentist", "Vet appointment": "vet", "Product demo": "demo", "Interview loop": "interview",
    "Yoga class": "yoga", "Book club": "book club", "Tax advisor call": "tax", "Hackathon kickoff": "hackathon",
    "Haircut": "haircut",
}  # fmt: skip
REMINDER_KEYWORDS: dict[str, str | list[str]] = {
    "Renew passport": "passport", "Book the car service": "car service", "Send the thank-you card": "card",
    "Return library books": "library", "Order printer ink": "ink", "Cancel the free trial": "trial",
    "Schedule a haircut": "haircut", "Buy a birthday gift for Jordan": "gift", "Submit the timesheet": "timesheet",
    "Call the plumber": "plumber", "Back up the laptop": "laptop", "Pick up the prescription": "prescription",
    "Pay the water bill": "water bill", "Update the résumé": ["résumé", "resume"], "Buy dog food": "dog food",
    "Renew the gym membership": "gym",
}  # fmt: skip
#: How the user says a title of the ``event_titles`` pool.
EVENT_SPOKEN = {
    "Budget review": "the budget review", "Coffee with a recruiter": "coffee with a recruiter",
    "Parent-teacher meeting": "the parent-teacher meeting", "Car service": "the car service",
    "Team lunch": "team lunch", "Piano recital": "the piano recital", "Quarterly planning": "quarterly planning",
    "Dentist cleaning": "a dentist cleaning", "Vet appointment": "a vet appointment",
    "Product demo": "the product demo", "Interview loop": "an interview loop", "Yoga class": "yoga class",
    "Book club": "book club", "Tax advisor call": "a call with the tax advisor",
    "Hackathon kickoff": "the hackathon kickoff", "Haircut": "a haircut",
}  # fmt: skip
#: Upcoming core events that make no sense to move or replace (flights).
FIXED_EVENTS = {"event_004", "event_011"}
DAY_NAMES = {"mon": "Mondays", "tue": "Tuesdays", "wed": "Wednesdays", "thu": "Thursdays", "fri": "Fridays",
             "sat": "Saturdays", "sun": "Sundays"}  # fmt: skip


# --------------------------------------------------------------------------- helpers
def hhmm_words(hhmm: str) -> str:
    """``"14:05"`` → ``"2:05 pm"``."""
    h, m = (int(x) for x in hhmm.split(":")[:2])
    return f"{(h - 1) % 12 + 1}:{m:02d} {'am' if h < 12 else 'pm'}"


def time_alts(hhmm: str) -> list[str]:
    """Ways a message may state a time of day: ``3:00``, ``15:00``, ``3 pm``, ``3pm``."""
    h, m = (int(x) for x in hhmm.split(":")[:2])
    h12, ampm = (h - 1) % 12 + 1, "am" if h < 12 else "pm"
    out = [f"{h12}:{m:02d}", f"{h:02d}:{m:02d}"]
    if m == 0:
        out += [f"{h12} {ampm}", f"{h12}{ampm}"]
    return out


def day_words(iso: str) -> str:
    """``"2026-05-21..."`` → ``"Thursday, May 21"``."""
    d = datetime.fromisoformat(iso[:10])
    return f"{d:%A}, {d:%B} {d.day}"


def keyword(alts: str | list[str]) -> dict[str, Any]:
    """A matcher: the text contains the keyword (or one of the alternatives)."""
    if isinstance(alts, str):
        return contains(alts)
    return {"$any": [contains(a) for a in alts]}


def days_words(days: list[str]) -> str:
    if days == ["mon", "tue", "wed", "thu", "fri"]:
        return "every weekday"
    if days == ["sat", "sun"]:
        return "on weekends"
    names = [DAY_NAMES[d] for d in days]
    return "on " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])


def bare(day: str) -> str:
    """``"on Friday"`` → ``"Friday"`` (for "to Friday", "for Friday")."""
    return day.removeprefix("on ")


def a_n(n: int) -> str:
    """The article before a spoken number: "an 8-minute", "a 10-minute"."""
    return "an" if n in (8, 11, 18) or 80 <= n <= 89 or 800 <= n <= 899 else "a"


def _lower_first(text: str) -> str:
    return text[0].lower() + text[1:]


def _alarm(alarm_id: str, time: str, label: str, days: list[str], enabled: bool) -> dict[str, Any]:
    return {"id": alarm_id, "time": time, "label": label, "repeat_days": list(days), "enabled": enabled}


def _trigger_gold(trigger: str, value: str) -> Any:
    """Location names may be given with or without an article ("office" / "the office")."""
    return {"$any": [value, f"the {value}", f"my {value}"]} if trigger == "location" else value


def _movable_event(ctx: Ctx) -> tuple[dict[str, Any], str, str]:
    eid, spoken, kw = ctx.pick("upcoming_events")
    if eid in FIXED_EVENTS:
        raise Skip("flights are not rescheduled")
    return base()["events"][eid], spoken, kw


ONE_TIME = {"$any": [None, []]}


# --------------------------------------------------------------------------- grounding
@family("time.create_alarm", dimension="basic", category="grounding", bucket="tool")
def create_alarm(ctx: Ctx) -> Draft:
    t = ctx.pick("times")
    label = ctx.pick("alarm_labels")
    query = ctx.say(
        ["set an alarm for {tw} labeled {label}.", "wake me up at {tw} — label it {label}.",
         'alarm at {tw} please, name it "{label}".', "I need a {label} alarm at {tw}.",
         "create an alarm: {tw}, {label}.", "can you set a {tw} alarm called {label}?"],
        tw=hhmm_words(t), label=label,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [{"name": "create_alarm",
                         "arguments": {"time": t, "label": contains(label), "repeat_days": ONE_TIME}}]},
        oracle=[calls(call("create_alarm", time=t, label=label)), f"{label} alarm set for {hhmm_words(t)}."],
    )  # fmt: skip


@family("time.repeating_alarm", dimension="basic", category="grounding", bucket="tool")
def repeating_alarm(ctx: Ctx) -> Draft:
    t = ctx.pick("times")
    days = ctx.pick("weekday_sets")
    query = ctx.say(
        ["wake me up at {tw} {days}.", "set a recurring alarm, {tw} {days}.", "I want an alarm at {tw} {days}.",
         "add a repeating {tw} alarm {days}."],
        tw=hhmm_words(t), days=days_words(days),
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [{"name": "create_alarm",
                         "arguments": {"time": t, "repeat_days": days, "label": {"$ignore": True}}}]},
        oracle=[
            calls(call("create_alarm", time=t, label="Alarm", repeat_days=days)),
            f"Alarm set for {hhmm_words(t)} {days_words(days)}.",
        ],
    )  # fmt: skip


@family("time.start_timer", dimension="basic", category="grounding", bucket="tool")
def start_timer(ctx: Ctx) -> Draft:
    minutes = ctx.pick("timer_minutes")
    label = ctx.pick("timer_labels")
    query = ctx.say(
        ["set {a} {m}-minute timer for the {lab}.", "start a timer for {m} minutes — {lab}.",
         "{Lab} timer, {m} minutes please.", "count down {m} minutes for my {lab}.",
         "my {lab} needs {m} minutes on the clock — start a timer.", "give me {a} {m} minute {lab} timer."],
        a=a_n(minutes), m=minutes, lab=label.lower(), Lab=label,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [{"name": "start_timer",
                         "arguments": {"duration_seconds": minutes * 60, "label": contains(label)}}]},
        oracle=[
            calls(call("start_timer", duration_seconds=minutes * 60, label=label)),
            f"{label} timer running for {minutes} minutes.",
        ],
    )  # fmt: skip


@family("time.add_event", dimension="basic", category="grounding", bucket="state")
def add_event(ctx: Ctx) -> Draft:
    title = ctx.pick("event_titles")
    day, date = ctx.pick("rel_days")
    t = ctx.pick("event_times")
    start = f"{date}T{t}:00"
    query = ctx.say(
        ["put {title} on my calendar {day} at {tw}.", "add {title} to my calendar, {day} at {tw}.",
         "schedule {title} for {bday} at {tw}.", "I have {title} {day} at {tw} — add it to the calendar.",
         "block {tw} {day} for {title}.", "calendar entry please: {title}, {day}, {tw}."],
        title=EVENT_SPOKEN[title], day=day, bday=bare(day), tw=hhmm_words(t),
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "events", "op": "create",
                         "fields": {"title": keyword(EVENT_KEYWORDS[title]), "start": start}}]},
        oracle=[
            calls(call("create_event", title=title, start=start)),
            f"Added {title} on {day_words(date)} at {hhmm_words(t)}.",
        ],
    )  # fmt: skip


@family("time.add_reminder", dimension="basic", category="grounding", bucket="state")
def add_reminder(ctx: Ctx) -> Draft:
    title = ctx.pick("reminder_titles")
    day, date = ctx.pick("rel_days")
    t = ctx.pick("times")
    due = f"{date}T{t}:00"
    query = ctx.say(
        ["remind me to {what} {day} at {tw}.", "set a reminder {day} at {tw}: {what}.",
         "I need to {what} — remind me {day} at {tw}.", "ping me {day} at {tw} to {what}.",
         "add a reminder to {what}, {day} at {tw}.", "nudge me at {tw} {day} about this: {what}."],
        what=_lower_first(title), day=day, bday=bare(day), tw=hhmm_words(t),
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "reminders", "op": "create",
                         "fields": {"title": keyword(REMINDER_KEYWORDS[title]), "due": due}}]},
        oracle=[
            hermes(call("create_reminder", title=title, due=due)),
            f"I'll remind you to {_lower_first(title)} on {day_words(date)} at {hhmm_words(t)}.",
        ],
    )  # fmt: skip


@family("time.disable_alarm", dimension="basic", category="grounding", bucket="state")
def disable_alarm(ctx: Ctx) -> Draft:
    label = ctx.pick("alarm_labels")
    t = ctx.pick("times")
    days = ctx.pick("weekday_sets")
    query = ctx.say(
        ["turn off my {label} alarm.", "switch off the {label} alarm for now, but keep it.",
         "disable the alarm called {label}.", "I don't need the {label} alarm for a while — turn it off, don't delete it."],
        label=label,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch={"alarms": {"alarm_p01": _alarm("alarm_p01", t, label, days, True)}},
        gold={"delta": [{"table": "alarms", "op": "update", "key": "alarm_p01", "fields": {"enabled": False}}]},
        oracle=[
            calls(call("list_alarms")),
            calls(call("update_alarm", alarm_id="alarm_p01", enabled=False)),
            f"Your {label} alarm ({hhmm_words(t)}) is switched off.",
        ],
    )  # fmt: skip


@family("time.when_is_event", dimension="basic", category="grounding", bucket="behavior")
def when_is_event(ctx: Ctx) -> Draft:
    eid, spoken, kw = ctx.pick("upcoming_events")
    event = base()["events"][eid]
    hhmm = event["start"][11:16]
    query = ctx.say(
        ["when is my {ev}?", "what time is my {ev}?", "remind me when the {ev} is.", "what day and time is my {ev}?",
         "what time does my {ev} start?", "check my calendar — when's the {ev}?"],
        ev=spoken,
    )  # fmt: skip
    final = f"Your {spoken} ({event['title']}) is on {day_words(event['start'])} at {hhmm_words(hhmm)}."
    # Listing the whole calendar is not an answer: the start times of the other events of the coming ten
    # days (every core upcoming event) must not be named. The event's own end and reminder times may be.
    others = [e for e in events_between("2026-05-20", "2026-05-29") if e["id"] != eid]
    own = [event["end"], shift(event["start"], -(event["reminder_minutes"] or 0))]
    gold = {"rubric": {"final_kind": "answer", "must_include": [time_alts(hhmm)], "forbid_mutations": True}}
    return Draft(
        query=query,
        gold=avoiding(gold, [t for e in others for t in time_alts(e["start"][11:16])],
                      *(t for iso in own for t in time_alts(iso[11:16])), final, query),
        oracle=[calls(call("list_events", query=kw)), final],
    )  # fmt: skip


@family("time.create_rule", dimension="basic", category="grounding", bucket="state")
def create_rule(ctx: Ctx) -> Draft:
    name, phrase, trigger, value, actions = ctx.pick("rule_specs")
    query = ctx.say(
        ['set up an automation called "{n}": {p}.', 'create a rule named {n} — {p}.',
         'make a routine, "{n}": {p}.', 'automate this for me and call it {n}: {p}.',
         'new automation, name it "{n}" — {p}.', 'I want a rule called {n}: {p}.'],
        n=name, p=phrase,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "automation_rules", "op": "create",
                         "fields": {"name": contains(name), "trigger": trigger,
                                    "trigger_value": _trigger_gold(trigger, value),
                                    "actions": actions, "enabled": True}}]},
        oracle=[
            calls(call("create_automation_rule", name=name, trigger=trigger, trigger_value=value, actions=actions)),
            f'Created the "{name}" automation.',
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- dependency
@family("time.calendar_permission", dimension="basic", category="dependency", bucket="state")
def calendar_permission(ctx: Ctx) -> Draft:
    title = ctx.pick("event_titles")
    day, date = ctx.pick("rel_days")
    t = ctx.pick("event_times")
    start = f"{date}T{t}:00"
    query = ctx.say(
        ["add {title} to my calendar {day} at {tw}.", "put {title} in the calendar for {bday}, {tw}.",
         "schedule {title} {day} at {tw}.", "I've got {title} {day} at {tw}, save it to my calendar."],
        title=EVENT_SPOKEN[title], day=day, bday=bare(day), tw=hhmm_words(t),
    )  # fmt: skip
    args = {"title": title, "start": start}
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=revoked("calendar", "CALENDAR"),
        gold={"delta": [{"table": "events", "op": "create",
                         "fields": {"title": keyword(EVENT_KEYWORDS[title]), "start": start}},
                        granted_entry("calendar")]},
        oracle=[
            calls(call("create_event", **args)),
            calls(call("grant_app_permission", app_id="calendar", permission="CALENDAR")),
            calls(call("create_event", **args)),
            f"Calendar was missing its CALENDAR permission; I granted it and added {title}.",
        ],
    )  # fmt: skip


@family("time.clock_permission", dimension="basic", category="dependency", bucket="state")
def clock_permission(ctx: Ctx) -> Draft:
    title = ctx.pick("reminder_titles")
    day, date = ctx.pick("rel_days")
    t = ctx.pick("times")
    due = f"{date}T{t}:00"
    query = ctx.say(
        ["remind me {day} at {tw} to {what}.", "set me a reminder to {what}, {day} at {tw}.",
         "don't let me forget to {what} — {day}, {tw}.", "reminder for {bday} at {tw}: {what}."],
        what=_lower_first(title), day=day, bday=bare(day), tw=hhmm_words(t),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=revoked("clock", "NOTIFICATIONS"),
        gold={"delta": [{"table": "reminders", "op": "create",
                         "fields": {"title": keyword(REMINDER_KEYWORDS[title]), "due": due}},
                        granted_entry("clock")]},
        oracle=[
            calls(call("create_reminder", title=title, due=due)),
            calls(call("grant_app_permission", app_id="clock", permission="NOTIFICATIONS")),
            calls(call("create_reminder", title=title, due=due)),
            "Clock needed notification access to remind you; I granted it and set the reminder.",
        ],
    )  # fmt: skip


@family("time.rule_run_now", dimension="basic", category="dependency", bucket="state")
def rule_run_now(ctx: Ctx) -> Draft:
    name, _phrase, trigger, value, actions = ctx.pick("rule_specs")
    rule = {
        "id": "rule_p01",
        "name": name,
        "trigger": trigger,
        "trigger_value": value,
        "actions": actions,
        "enabled": False,
        "last_run_at": None,
    }
    query = ctx.say(
        ['run my "{n}" automation right now, and keep it switched on from now on.',
         'trigger the {n} rule now — and leave it enabled afterwards.',
         'fire off my {n} routine this instant; it should stay on too.',
         'apply the "{n}" automation now and keep it active.',
         'kick off {n} immediately, and make sure it stays enabled.',
         'I want "{n}" running right now — and switched on for good.'],
        n=name,
    )  # fmt: skip
    settings = base()["settings"]
    delta: list[dict[str, Any]] = [
        {
            "table": "automation_rules",
            "op": "update",
            "key": "rule_p01",
            "fields": {"enabled": True, "last_run_at": {"$present": True}},
        }
    ]
    for act in actions:
        if settings[act["setting"]]["value"] != act["value"]:
            delta.append(
                {
                    "table": "settings",
                    "op": "update",
                    "key": act["setting"],
                    "fields": {"value": act["value"]},
                }
            )
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch={"automation_rules": {"rule_p01": rule}},
        gold={"delta": delta},
        oracle=[
            calls(call("list_automation_rules")),
            calls(call("update_automation_rule", rule_id="rule_p01", run_now=True)),
            calls(call("update_automation_rule", rule_id="rule_p01", enabled=True, run_now=True)),
            f'"{name}" was switched off, so I enabled it and ran it now.',
        ],
    )  # fmt: skip


@family("time.ensure_alarm", dimension="basic", category="dependency", bucket="state")
def ensure_alarm(ctx: Ctx) -> Draft:
    t = ctx.pick("times")
    label = ctx.pick("alarm_labels")
    exists = ctx.choice([True, False])
    query = ctx.say(
        ["make sure I have an alarm at {tw} for {label} — if one's already there, just turn it on.",
         "check whether there's a {tw} alarm; switch it on if it exists, otherwise set one called {label}.",
         "I need a {label} alarm at {tw}. If I already have one at that time, enable it instead of adding another.",
         "is there an alarm at {tw}? If yes turn it on, if not create it and call it {label}."],
        tw=hhmm_words(t), label=label,
    )  # fmt: skip
    if exists:
        patch = {"alarms": {"alarm_p01": _alarm("alarm_p01", t, label, [], False)}}
        delta = [{"table": "alarms", "op": "update", "key": "alarm_p01", "fields": {"enabled": True}}]
        act = calls(call("update_alarm", alarm_id="alarm_p01", enabled=True))
        final = f"You already had a {hhmm_words(t)} alarm; it was off, so I switched it on."
    else:
        patch = {}
        delta = [
            {
                "table": "alarms",
                "op": "create",
                "fields": {"time": t, "label": contains(label), "enabled": True},
            }
        ]
        act = calls(call("create_alarm", time=t, label=label))
        final = f"There was no {hhmm_words(t)} alarm, so I created {label}."
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=patch,
        gold={"delta": delta},
        oracle=[calls(call("list_alarms")), act, final],
        meta={"variant": "enable" if exists else "create"},
    )  # fmt: skip


@family("time.reminder_before_event", dimension="basic", category="dependency", bucket="state")
def reminder_before_event(ctx: Ctx) -> Draft:
    eid, spoken, kw = ctx.pick("upcoming_events")
    task, task_kw = ctx.pick("prep_tasks")
    minutes, off = ctx.choice([(15, "15 minutes"), (30, "half an hour"), (60, "an hour"), (120, "two hours")])
    event = base()["events"][eid]
    due = shift(event["start"], -minutes)
    if due <= "2026-05-20T09:05:00":
        raise Skip("the reminder would be in the past")
    query = ctx.say(
        ["remind me to {task} {off} before my {ev}.", "{off} before the {ev}, remind me to {task}.",
         "set a reminder to {task}, {off} ahead of my {ev}.", "I should {task} {off} before my {ev} — remind me."],
        task=task, off=off, ev=spoken,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        gold={"delta": [{"table": "reminders", "op": "create", "fields": {"title": contains(task_kw), "due": due}}]},
        oracle=[
            calls(call("list_events", query=kw)),
            calls(call("create_reminder", title=task[0].upper() + task[1:], due=due)),
            f"Your {spoken} starts {day_words(event['start'])} at {hhmm_words(event['start'][11:16])}; "
            f"I'll remind you at {hhmm_words(due[11:16])}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- reference
@family("time.move_event_pronoun", dimension="basic", category="reference", bucket="state")
def move_event_pronoun(ctx: Ctx) -> Draft:
    event, spoken, kw = _movable_event(ctx)
    day, date = ctx.pick("rel_days")
    t = ctx.pick("event_times")
    start = f"{date}T{t}:00"
    if start == event["start"]:
        raise Skip("no move")
    length = datetime.fromisoformat(event["end"]) - datetime.fromisoformat(event["start"])
    end = (datetime.fromisoformat(start) + length).isoformat(timespec="seconds")
    history = [
        {"role": "user", "content": fill("When is my {s}?", s=spoken)},
        {"role": "assistant",
         "content": f"Your {event['title']} is on {day_words(event['start'])} at {hhmm_words(event['start'][11:16])}."},
    ]  # fmt: skip
    query = ctx.say(
        ["can you push it to {bday} at {tw}?", "move it to {tw} {day}.", "let's reschedule that to {bday}, {tw}.",
         "shift it to {bday} at {tw}, please."],
        day=day, bday=bare(day), tw=hhmm_words(t),
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        gold={"delta": [{"table": "events", "op": "update", "key": event["id"],
                         "fields": {"start": start, "end": end}}]},
        oracle=[
            calls(call("list_events", query=kw)),
            calls(call("update_event", event_id=event["id"], start=start)),
            f"Moved {event['title']} to {day_words(date)} at {hhmm_words(t)}.",
        ],
    )  # fmt: skip


@family("time.event_with_relation", dimension="basic", category="reference", bucket="state")
def event_with_relation(ctx: Ctx) -> Draft:
    person = ctx.pick("core_people")
    if person["relation"] not in UNIQUE_RELATIONS:
        raise Skip("relation names more than one person")
    activity, kw = ctx.choice(
        [("lunch", "lunch"), ("coffee", "coffee"), ("a call", "call"), ("dinner", "dinner")]
    )
    day, date = ctx.pick("rel_days")
    t = ctx.pick("event_times")
    start = f"{date}T{t}:00"
    query = ctx.say(
        ["set up {act} with my {rel} {day} at {tw}.", "put {act} with my {rel} on the calendar, {day} at {tw}.",
         "book {act} with my {rel} for {bday}, {tw} — invite them.", "schedule {act} with my {rel} {day} at {tw}."],
        act=activity, rel=person["relation"], day=day, bday=bare(day), tw=hhmm_words(t),
    )  # fmt: skip
    title = f"{kw.capitalize()} with {person['name']}"
    return Draft(
        query=query,
        frictions=["obfuscation"],
        gold={"delta": [{"table": "events", "op": "create",
                         "fields": {"title": contains(kw), "start": start, "attendees": [person["id"]]}}]},
        oracle=[
            calls(call("search_contacts", query=person["relation"])),
            calls(call("create_event", title=title, start=start, attendees=[person["id"]])),
            f"Added {title} on {day_words(date)} at {hhmm_words(t)} and invited {person['name']}.",
        ],
    )  # fmt: skip


@family("time.stop_timer_history", dimension="basic", category="reference", bucket="tool")
def stop_timer_history(ctx: Ctx) -> Draft:
    minutes = ctx.pick("timer_minutes")
    label = ctx.pick("timer_labels")
    started = "2026-05-20T08:58:00"
    ends = shift(started, minutes)
    timer = {
        "id": "timer_p01",
        "label": label,
        "duration_s": minutes * 60,
        "started_at": started,
        "ends_at": ends,
        "status": "running",
        "stopped_at": None,
    }
    history = [
        {"role": "user", "content": f"Start a {minutes}-minute timer for the {label.lower()}."},
        {"role": "assistant", "content": f"Started timer_p01 ({label}), {minutes} minutes, ends at {hhmm_words(ends[11:16])}."},
    ]  # fmt: skip
    query = ctx.say(
        ["the {lab} is done already — stop that timer.", "cancel it, I don't need the {lab} timer anymore.",
         "kill that timer, the {lab} finished early.", "stop the countdown, I'm done with the {lab}.",
         "no need for that {lab} timer now, turn it off.", "{lab} is sorted — cancel the timer."],
        lab=label.lower(),
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        s0_patch={"timers": {"timer_p01": timer}},
        gold={"calls": [{"name": "stop_timer", "arguments": {"timer_id": "timer_p01"}}]},
        oracle=[calls(call("stop_timer", timer_id="timer_p01")), f"Stopped the {label} timer."],
    )  # fmt: skip


@family("time.alarm_just_set", dimension="basic", category="reference", bucket="tool")
def alarm_just_set(ctx: Ctx) -> Draft:
    first, second = ctx.pick_many("times", 2)
    label = ctx.pick("alarm_labels")
    history = [
        {"role": "user", "content": f"Set an alarm for {hhmm_words(first)} called {label}."},
        {"role": "assistant", "content": f"Done — {label} alarm set for {hhmm_words(first)} (alarm_p01)."},
    ]
    query = ctx.say(
        ["make that {tw} instead.", "hmm, move it to {tw}.", "change it to {tw}, please.", "push that alarm to {tw}."],
        tw=hhmm_words(second),
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        s0_patch={"alarms": {"alarm_p01": _alarm("alarm_p01", first, label, [], True)}},
        gold={"calls": [{"name": "update_alarm", "arguments": {"alarm_id": "alarm_p01", "time": second}}]},
        oracle=[
            calls(call("update_alarm", alarm_id="alarm_p01", time=second)),
            f"{label} now rings at {hhmm_words(second)}.",
        ],
    )  # fmt: skip


@family("time.tick_off_reminder", dimension="basic", category="reference", bucket="state")
def tick_off_reminder(ctx: Ctx) -> Draft:
    title, kw, past = ctx.pick("reminder_done")
    rec = {
        "id": "reminder_p01",
        "title": title,
        "due": "2026-05-20T18:00:00",
        "notes": "",
        "done": False,
        "completed_at": None,
    }
    query = ctx.say(
        ["I {past} — cross it off my list.", "already {past}, so mark that reminder done.",
         "good news, I {past}. Tick that one off.", "you can check that to-do off, I {past}.",
         "finally {past}! Mark it complete.", "that reminder can go — I {past} this morning."],
        past=past,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        s0_patch={"reminders": {"reminder_p01": rec}},
        gold={"delta": [{"table": "reminders", "op": "update", "key": "reminder_p01",
                         "fields": {"done": True, "completed_at": {"$present": True}}}]},
        oracle=[
            calls(call("list_reminders", query=kw)),
            calls(call("complete_reminder", reminder_id="reminder_p01")),
            f'Marked "{title}" as done.',
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- revision
@family("time.alarm_revise", dimension="basic", category="revision", bucket="tool")
def alarm_revise(ctx: Ctx) -> Draft:
    first, second = ctx.pick_many("times", 2)
    query = ctx.say(
        ["set an alarm for {a} — no wait, make it {b}.", "alarm at {a}... actually, {b} is better.",
         "wake me at {a}. Hmm, scratch that — {b}.", "I need an alarm at {a}; sorry, I meant {b}."],
        a=hhmm_words(first), b=hhmm_words(second),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"calls": [{"name": "create_alarm",
                         "arguments": {"time": second, "label": {"$ignore": True}, "repeat_days": ONE_TIME}}]},
        oracle=[calls(call("create_alarm", time=second)), f"Alarm set for {hhmm_words(second)}."],
    )  # fmt: skip


@family("time.swap_event", dimension="basic", category="revision", bucket="state")
def swap_event(ctx: Ctx) -> Draft:
    event, spoken, kw = _movable_event(ctx)
    title = ctx.pick("event_titles")
    query = ctx.say(
        ["cancel my {ev} and put {new} in that slot instead.", "drop the {ev}; use that time for {new}.",
         "scrap my {ev} and book {new} at the same time.", "replace the {ev} with {new}, same time."],
        ev=spoken, new=EVENT_SPOKEN[title],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={"delta": [{"table": "events", "op": "delete", "key": event["id"]},
                        {"table": "events", "op": "create",
                         "fields": {"title": keyword(EVENT_KEYWORDS[title]), "start": event["start"],
                                    "end": event["end"]}}]},
        oracle=[
            calls(call("list_events", query=kw)),
            calls(call("delete_event", event_id=event["id"]),
                  call("create_event", title=title, start=event["start"], end=event["end"])),
            f"Cancelled {event['title']} and put {title} in its place on {day_words(event['start'])}.",
        ],
    )  # fmt: skip


@family("time.timer_and_reminder", dimension="basic", category="revision", bucket="state")
def timer_and_reminder(ctx: Ctx) -> Draft:
    minutes = ctx.pick("timer_minutes")
    label = ctx.pick("timer_labels")
    title = ctx.pick("reminder_titles")
    day, date = ctx.pick("rel_days")
    t = ctx.pick("times")
    due = f"{date}T{t}:00"
    query = ctx.say(
        ["start {a} {m}-minute {lab} timer, and remind me {day} at {tw} to {what}.",
         "two things: {lab} timer for {m} minutes, plus a reminder {day} at {tw} to {what}.",
         "set {a} {m} minute timer for the {lab} — oh, and remind me to {what} {day} at {tw}.",
         "timer for {m} minutes ({lab}), then a reminder to {what} {day} at {tw}."],
        a=a_n(minutes), m=minutes, lab=label.lower(), what=_lower_first(title), day=day, bday=bare(day), tw=hhmm_words(t),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={"delta": [
            {"table": "timers", "op": "create", "fields": {"duration_s": minutes * 60, "label": contains(label)}},
            {"table": "reminders", "op": "create", "fields": {"title": keyword(REMINDER_KEYWORDS[title]), "due": due}},
        ]},
        oracle=[
            calls(call("start_timer", duration_seconds=minutes * 60, label=label),
                  call("create_reminder", title=title, due=due)),
            f"{label} timer started for {minutes} minutes, and I'll remind you on {day_words(date)} at {hhmm_words(t)}.",
        ],
    )  # fmt: skip


@family("time.reschedule_revision", dimension="basic", category="revision", bucket="state")
def reschedule_revision(ctx: Ctx) -> Draft:
    event, spoken, kw = _movable_event(ctx)
    (day1, date1), (day2, date2) = ctx.pick_many("rel_days", 2)
    if date1 == date2 or date2 == event["start"][:10]:
        raise Skip("same day")
    start = f"{date2}T{event['start'][11:]}"
    end = shift(
        start,
        int(
            (datetime.fromisoformat(event["end"]) - datetime.fromisoformat(event["start"])).total_seconds()
            // 60
        ),
    )
    query = ctx.say(
        ["move my {ev} to {d1} — actually, {d2} works better.", "shift the {ev} to {d1}... no, make it {d2}.",
         "reschedule my {ev} for {d1}. Wait, {d2} instead, same time.", "push the {ev} to {d1}; sorry, I meant {d2}."],
        ev=spoken, d1=day1.removeprefix("on "), d2=day2.removeprefix("on "),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"delta": [{"table": "events", "op": "update", "key": event["id"], "fields": {"start": start, "end": end}}]},
        oracle=[
            calls(call("list_events", query=kw)),
            calls(call("update_event", event_id=event["id"], start=start)),
            f"Moved {event['title']} to {day_words(date2)}, same time.",
        ],
    )  # fmt: skip


@family("time.replace_alarm", dimension="basic", category="revision", bucket="state")
def replace_alarm(ctx: Ctx) -> Draft:
    old_label, new_label = ctx.pick_many("alarm_labels", 2)
    old_t, new_t = ctx.pick_many("times", 2)
    query = ctx.say(
        ["delete my {a} alarm and set a {tw} one for {b} instead.",
         "get rid of the {a} alarm; I need a {b} alarm at {tw} now.",
         "swap my {a} alarm for a new one: {b} at {tw}.",
         "remove the alarm called {a}, then add {b} at {tw}."],
        a=old_label, b=new_label, tw=hhmm_words(new_t),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        s0_patch={"alarms": {"alarm_p01": _alarm("alarm_p01", old_t, old_label, ["mon", "wed"], True)}},
        gold={"delta": [{"table": "alarms", "op": "delete", "key": "alarm_p01"},
                        {"table": "alarms", "op": "create", "fields": {"time": new_t, "label": contains(new_label)}}]},
        oracle=[
            calls(call("list_alarms")),
            calls(call("delete_alarm", alarm_id="alarm_p01")),
            calls(call("create_alarm", time=new_t, label=new_label)),
            f"Deleted {old_label} and set {new_label} for {hhmm_words(new_t)}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- recovery
#: A claim of having started the timer anyway ("want me to set a reminder instead?" holds "set", so not
#: the bare "I set").
TIMER_SET = [
    *false_claims("started", "created", "scheduled", "added"),
    *false_claims("set", "set up", bare=False),
]
#: That the timer cannot run that long: "countdown going, 99 hours and change left" names the cap too.
TIMER_CAP = [*cannot("set", "start", "run", "do", "make", "go", "count", "handle", "create", "last", "exceed"),
             "at most", "up to", "maximum", "max", "limit", "longest", "no more than", "no longer than", "only",
             "too long", "longer than", "more than", "exceed", "caps", "capped", "tops out", "over the", "beyond",
             "above", "only go", "only goes", "can't go"]  # fmt: skip


@family("time.timer_too_long", dimension="basic", category="recovery", bucket="behavior")
def timer_too_long(ctx: Ctx) -> Draft:
    hours = ctx.choice(range(100, 200, 4))
    label = ctx.pick("timer_labels")
    query = ctx.say(
        ["set {a} {h}-hour timer for the {lab}.", "start a timer for {h} hours — {lab}.",
         "count down {h} hours for my {lab}.", "I need a {lab} timer of {h} hours."],
        a=a_n(hours), h=hours, lab=label.lower(),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold=rubric("refusal", ["99"], TIMER_CAP, avoid=TIMER_SET),
        oracle=[
            calls(call("start_timer", duration_seconds=hours * 3600, label=label)),
            f"Sorry, I can't: the Clock app's timers go up to 99 hours 59 minutes, and {hours} hours is longer. "
            "Want a reminder at that time instead?",
        ],
    )  # fmt: skip


#: A claim of having moved the event that is gone ("deleted" and "removed" are the fact, not a claim).
MOVED_NOW = [*false_claims("moved", "rescheduled", "shifted", "pushed", "changed", "updated", "recreated",
                           "re-created", "created", "added"),
             *false_claims("put", "set", bare=False)]  # fmt: skip


@family("time.event_gone", dimension="basic", category="recovery", bucket="behavior")
def event_gone(ctx: Ctx) -> Draft:
    event, spoken, kw = _movable_event(ctx)
    day, date = ctx.pick("rel_days")
    t = ctx.pick("event_times")
    history = [
        {"role": "user", "content": fill("When is my {s}?", s=spoken)},
        {"role": "assistant",
         "content": f"Your {event['title']} is on {day_words(event['start'])} at {hhmm_words(event['start'][11:16])} "
                    f"({event['id']})."},
    ]  # fmt: skip
    query = ctx.say(
        ["move it to {bday} at {tw}.", "ok, reschedule it for {bday}, {tw}.", "push that to {tw} {day}, please.",
         "can you shift it to {bday} at {tw}?"],
        day=day, bday=bare(day), tw=hhmm_words(t),
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["state_mutation"],
        s0_patch={"events": {event["id"]: None}},
        gold={"rubric": {"final_kind": "question",
                         "must_include": [["no longer", "deleted", "removed", "isn't on", "is not on", "not on your",
                                           "can't find", "couldn't find", "cannot find", "gone"]],
                         "must_not_include": MOVED_NOW, "forbid_mutations": True}},
        oracle=[
            calls(call("update_event", event_id=event["id"], start=f"{date}T{t}:00")),
            calls(call("list_events", query=kw)),
            f"Your {event['title']} is no longer on your calendar — it looks like it was deleted. "
            f"Should I create it again for {day_words(date)} at {hhmm_words(t)}?",
        ],
    )  # fmt: skip


@family("time.alarm_fault_retry", dimension="basic", category="recovery", bucket="tool")
def alarm_fault_retry(ctx: Ctx) -> Draft:
    t = ctx.pick("times")
    label = ctx.pick("alarm_labels")
    query = ctx.say(
        ["set an alarm at {tw} for {label}.", "please add a {label} alarm, {tw}.", "{label} alarm at {tw}, thanks.",
         "can I get an alarm at {tw}? Call it {label}."],
        tw=hhmm_words(t), label=label,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["runtime_error"],
        faults=[{"tool": "create_alarm", "on_calls": [1]}],
        gold={"calls": [{"name": "create_alarm",
                         "arguments": {"time": t, "label": contains(label), "repeat_days": ONE_TIME}}]},
        oracle=[
            calls(call("create_alarm", time=t, label=label)),
            calls(call("create_alarm", time=t, label=label)),
            f"The Clock app hiccuped on the first try; {label} is now set for {hhmm_words(t)}.",
        ],
    )  # fmt: skip


#: A claim of having put the event on the calendar before its time was settled ("should I put it in from
#: 2:30 to 3:30?" is a question, so not the bare "I put").
SCHEDULED_NOW = [*false_claims("scheduled", "added", "created", "booked", "blocked", "blocked off", "saved",
                               "calendared"),
                 *false_claims("put", "set", "set up", bare=False)]  # fmt: skip


@family("time.missing_time", dimension="basic", category="recovery", bucket="behavior")
def missing_time(ctx: Ctx) -> Draft:
    title = ctx.pick("event_titles")
    day, _date = ctx.pick("rel_days")
    query = ctx.say(
        ["put {title} on my calendar {day}.", "add {title} {day}.", "schedule {title} for {bday}.",
         "I've got {title} {day} — add it to my calendar."],
        title=EVENT_SPOKEN[title], day=day, bday=bare(day),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["missing_argument"],
        gold=rubric("question", ["time", "when"], avoid=[*SCHEDULED_NOW, *on_calendar(title)]),
        oracle=[f"Sure — what time {day} is {title}, and how long does it last?"],
    )  # fmt: skip


#: A claim of having put the event in anyway (its times reversed or missing), or righted it unasked: the
#: answer is a question, so "The event is set for 3 to 2 PM. Anything else?" must fail. The state forms
#: (``ON_CALENDAR``) name the event ("it's on your calendar", "book club is set for"), as "nothing is on
#: your calendar yet" and "the end is set for 2 pm, before the start" are honest; "did you mean 2 to 3
#: pm?" holds none of them.
ON_CALENDAR = [*(f"{who} {state}" for who in ("it's", "it is", "event is", "event's")
                 for state in ("on your calendar", "in your calendar", "on the calendar", "in the calendar",
                               "set for", "scheduled for", "booked", "blocked", "now on", "now in", "now set",
                               "now scheduled", "now from")),
               "now on your calendar", "now in your calendar", "now on the calendar"]  # fmt: skip
EVENT_IN = [*false_claims("flipped", "swapped", "reversed", "switched", "fixed", "corrected", passive=False),
            *ON_CALENDAR]  # fmt: skip


def on_calendar(title: str) -> list[str]:
    """``ON_CALENDAR`` with the event's own name: "book club is set for", "book club's on your calendar"."""
    name = title.lower()
    return [*ON_CALENDAR, *(f"{name}{be} {state}" for be in (" is", "'s")
                            for state in ("on your calendar", "in your calendar", "set for", "scheduled for",
                                          "booked"))]  # fmt: skip


def event_in(title: str, start: str, end: str) -> list[str]:
    """``EVENT_IN`` with the event's own name and its times the right way round or as asked ("now 2:30
    pm to 3:30 pm")."""
    return [*EVENT_IN, *on_calendar(title)[len(ON_CALENDAR):], f"now {end} to {start}",
            f"now {start} to {end}", f"now from {end}", f"now from {start}"]  # fmt: skip


@family("time.contradictory_event", dimension="basic", category="recovery", bucket="behavior")
def contradictory_event(ctx: Ctx) -> Draft:
    title = ctx.pick("event_titles")
    day, _date = ctx.pick("rel_days")
    t = ctx.pick("event_times")
    if t < "10:30":
        raise Skip("need an hour before the start")
    end = shift(f"2026-05-20T{t}:00", -60)[11:16]
    query = ctx.say(
        ["schedule {title} {day} from {a} to {b}.", "add {title} {day}, starting {a} and ending {b}.",
         "block {a} until {b} {day} for {title}.", "put {title} in {day}, {a} to {b}."],
        title=EVENT_SPOKEN[title], day=day, a=hhmm_words(t),
        b=hhmm_words(end),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["contradiction"],
        gold={"rubric": {"final_kind": "question",
                         "must_include": [["end", "before", "after", "earlier", "finish", "reversed", "backward",
                                           "swapped", "flipped", "mixed up"]],
                         "must_not_include": [*SCHEDULED_NOW, *event_in(title, hhmm_words(t), hhmm_words(end))],
                         "forbid_mutations": True}},
        oracle=[
            f"That end time ({hhmm_words(end)}) is before the start ({hhmm_words(t)}). "
            f"Did you mean {hhmm_words(end)} to {hhmm_words(t)}, or a different end time?"
        ],
    )  # fmt: skip
