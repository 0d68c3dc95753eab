"""Template families over the AI Assistant's own tools (basic tool use): smart suggestions, the skill list,
the memory list and the status and stopping of running sub-agent hand-offs. Memory writes, skill loading
and delegation are exercised by the memory, skill and sub-agent families."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from mpb_env.tasks.build import call, calls, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.fam_skill import THEME
from mpb_env.tasks.gen.helpers import (
    avoiding,
    base,
    events_between,
    false_claims,
    hhmm_words,
    lookup,
    rubric,
    s0_settings,
    setting_delta,
)
from mpb_env.tasks.gen.pools import ASST_MEMORY_QUERIES

#: Practice languages by the word the user says (speech and interview practice are in English).
PRACTICE_CODES = {"Spanish": "es", "French": "fr", "Japanese": "ja", "Italian": "it", "German": "de"}
PRACTICE_NAMES = {
    "es": "Spanish",
    "fr": "French",
    "ja": "Japanese",
    "it": "Italian",
    "de": "German",
    "en": "English",
}
#: Why the owner no longer needs a watch.
DROP_REASONS = [
    "plans changed",
    "I sorted it out myself",
    "I'll keep an eye on it myself",
    "it doesn't matter anymore",
    "Jordan is handling it",
    "I changed my mind",
    "that's settled now",
    "I don't care about it anymore",
]


# --------------------------------------------------------------------------- shared helpers
def stopped(handoff_id: str) -> dict[str, Any]:
    """Gold delta entry: the hand-off was stopped."""
    return {"table": "handoffs", "op": "update", "key": handoff_id, "fields": {"status": "stopped"}}


def watch(handoff_id: str, spec: tuple[str, str, str], until: str, started: str) -> dict[str, Any]:
    """A condition-watch hand-off record as ``delegate_to_monitor_agent`` writes it."""
    condition, action, _ref = spec
    return {
        "id": handoff_id,
        "route": "monitor",
        "app": None,
        "instruction": f"When {condition}, {action}",
        "context": {"condition": condition, "action": action, "check_every_minutes": 15, "until": until},
        "status": "active",
        "result": f"Watching whether {condition} every 15 min until {until}; will {action} when it holds.",
        "time": started,
    }


def practice(handoff_id: str, spec: tuple[str, str, str], started: str, minutes: int) -> dict[str, Any]:
    """A practice-session hand-off record as ``delegate_to_practice_agent`` writes it."""
    kind, topic, ref = spec
    code = next((c for word, c in PRACTICE_CODES.items() if word in ref), "en")
    ends = (datetime.fromisoformat(started) + timedelta(minutes=minutes)).isoformat()
    lang = PRACTICE_NAMES[code]
    return {
        "id": handoff_id,
        "route": "practice",
        "app": None,
        "instruction": f"{kind.capitalize()} practice: {topic} (intermediate, {lang}, {minutes} min)",
        "context": {"kind": kind, "topic": topic, "level": "intermediate", "language": code, "minutes": minutes,
                    "ends_at": ends},
        "status": "active",
        "result": f"Started a {minutes}-minute intermediate {kind} practice in {lang}: {topic}.",
        "time": started,
    }  # fmt: skip


def _plus(hhmm: str, minutes: int) -> str:
    t = datetime.fromisoformat(f"2026-05-20T{hhmm}:00") + timedelta(minutes=minutes)
    return t.isoformat()


# --------------------------------------------------------------------------- grounding
@family("assistant.brief_next_hours", dimension="basic", category="grounding", bucket="behavior")
def brief_next_hours(ctx: Ctx) -> Draft:
    hours, window = ctx.pick("asst_windows")
    title = ctx.pick("event_titles")
    start = ctx.choice(["09:20", "09:40", "10:15", "10:40"])
    event = {"id": "event_p01", "title": title, "start": f"2026-05-20T{start}:00", "end": _plus(start, 30),
             "location": "", "attendees": [], "reminder_minutes": 10, "calendar": "personal"}  # fmt: skip
    query = ctx.say(
        ["what's coming up in {w}?", "anything I need to know about for {w}?", "give me a quick rundown of {w}.",
         "what needs my attention in {w}?", "brief me on {w}.", "what's on my plate for {w}?",
         "what should I be ready for in {w}?", "run me through {w}, please."],
        w=window,
    )  # fmt: skip
    final = (
        f"Coming up: your Laundry timer ends at 9:30 am, {title} at {hhmm_words(start)}, and the weekly "
        "sync with Sam Carter at 10:00 am. You also have unread messages waiting."
    )
    # Reading out the whole calendar is not a briefing: events of today and tomorrow that start after
    # the window (what get_smart_suggestions leaves out) must not be named.
    until = _plus("09:00", hours * 60)
    later = [e for e in events_between("2026-05-20", "2026-05-21", {"event_p01": event})
             if not "2026-05-20T09:00:00" <= e["start"] <= until]  # fmt: skip
    return Draft(
        query=query,
        s0_patch={"events": {"event_p01": event}},
        gold=avoiding(
            rubric("answer", [title.lower()], ["weekly sync", "sam carter"]),
            [e["title"].lower() for e in later],
            final,
            query,
        ),
        oracle=[calls(call("get_smart_suggestions", hours=hours)), final],
    )


def _memories(args: dict[str, Any]) -> list[dict[str, Any]]:
    """The memories ``list_user_memories(**args)`` returns, newest first."""
    tag = args.get("tag")
    found = [
        m
        for m in base()["memories"].values()
        if (tag is None or tag in m["tags"]) and ("category" not in args or m["category"] == args["category"])
    ]
    return sorted(found, key=lambda m: m["updated_at"], reverse=True)


_MONTHS = {f"{datetime(2026, m, 1):%B}" for m in range(1, 13)}


@family("assistant.memories_about", dimension="basic", category="grounding", bucket="behavior")
def memories_about(ctx: Ctx) -> Draft:
    args, what, groups = ctx.pick("asst_memory_queries")
    found = _memories(args)
    text = " ".join(m["text"] for m in found)
    if not all(any(p in text.lower() for p in g) for g in groups):
        raise Skip("the stored memories do not say what the rubric asks for")
    query = ctx.say(
        ["what do you remember about {what}?", "tell me what you've saved about {what}.",
         "what do you know about {what}? Just list it.", "remind me what you have on file about {what}."],
        what=what,
    )  # fmt: skip
    final = f"Here's what I have saved about {what}: {text}"
    # Reading out every memory is not an answer: what the other questions of the pool look for, when
    # none of their memories is one of these, must not be named (not a word short enough to hide inside
    # other words, like "leo" or "otp").
    ids = {m["id"] for m in found}
    other = [p for a, _w, gs in ASST_MEMORY_QUERIES if not ids & {m["id"] for m in _memories(a)}
             for g in gs for p in g if len(p) > 3 or any(c.isdigit() for c in p)]  # fmt: skip
    # A correct answer may name the weekday of a date it reads out ("Mom's birthday is September 3, a
    # Thursday this year"): those are no distractor.
    weekdays = [f"{datetime.strptime(f'{mon} {day} {year}', '%B %d %Y'):%A}" for year in (2026, 2027)
                for mon, day in re.findall(r"\b([A-Z][a-z]+) (\d{1,2})\b", text) if mon in _MONTHS]  # fmt: skip
    return Draft(
        query=query,
        gold=avoiding(rubric("answer", *groups), other, final, query, *weekdays),
        oracle=[calls(call("list_user_memories", **args)), final],
    )


@family("assistant.skill_for_need", dimension="basic", category="grounding", bucket="behavior")
def skill_for_need(ctx: Ctx) -> Draft:
    need, keywords, skill_id = ctx.pick("asst_skill_needs")
    skill = base()["skills"][skill_id]
    query = ctx.say(
        ["do you have a skill that can help me {need}? Don't run it yet, just tell me.",
         "which of your skills would I use to {need}?",
         "is there a routine you know for when I want to {need}? Just name it.",
         "what skill do you have to {need}?"],
        need=need,
    )  # fmt: skip
    final = f"That's my {skill['name']} skill ({skill_id}): {skill['description']} Want me to run it?"
    # Naming every skill is not an answer: the next best matches of the lookup (filled up to four with the
    # skills of the same theme) must not be named; by name only when the name is more than words of the
    # request or of the right skill's description (a correct answer may say "wind down" the phone).
    hits = [r["id"] for r in lookup("list_skills", query=keywords)]
    theme = sorted(s for s, t in THEME.items() if t == THEME[skill_id])
    near = [s for s in dict.fromkeys([*hits, *theme]) if s != skill_id][:4]
    said = set(re.findall(r"[\w']+", f"{query} {skill['name']} {skill['description']}".lower()))
    names = [n for s in near for n in (base()["skills"][s]["name"].lower(), s.replace("_", " "))
             if not set(re.findall(r"[\w']+", n)) <= said]  # fmt: skip
    return Draft(
        query=query,
        gold=avoiding(
            rubric("answer", [skill["name"].lower(), skill_id, skill_id.replace("_", " ")]),
            [*near, *names],
            final,
            query,
        ),
        oracle=[calls(call("list_skills", query=keywords)), final],
    )


@family("assistant.stop_watch", dimension="basic", category="grounding", bucket="state")
def stop_watch(ctx: Ctx) -> Draft:
    target, other = ctx.pick_many("asst_watches", 2)
    first = ctx.choice([True, False])
    tid, oid = ("handoff_p01", "handoff_p02") if first else ("handoff_p02", "handoff_p01")
    query = ctx.say(
        ["stop watching {ref}.", "you can stop keeping an eye on {ref} now.", "cancel the watch on {ref}.",
         "I don't need you monitoring {ref} anymore — stop it.", "quit tracking {ref}, please.",
         "no more monitoring of {ref}; switch that watch off."],
        ref=target[2],
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch={"handoffs": {
            tid: watch(tid, target, "2026-05-30T23:00:00", "2026-05-18T20:10:00"),
            oid: watch(oid, other, "2026-06-05T23:00:00", "2026-05-19T08:30:00"),
        }},
        gold={"delta": [stopped(tid)]},
        oracle=[
            calls(call("get_handoff_status", route="monitor")),
            hermes(call("stop_handoff", handoff_id=tid)),
            f"Stopped the watch on whether {target[0]}; the other watch keeps running.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- dependency
@family("assistant.low_battery_saver", dimension="basic", category="dependency", bucket="state")
def low_battery_saver(ctx: Ctx) -> Draft:
    level = ctx.pick("asst_low_battery")
    plans = ctx.pick("asst_heading_out")
    query = ctx.say(
        ["{p} — anything I should take care of first? If the battery's getting low, turn on battery saver.",
         "{p}. Check what needs my attention, and switch on battery saver if I'm running low on power.",
         "{p}; what's pending? Also, if my battery is low, put the phone in battery saver.",
         "{p} — give me a heads-up on anything urgent, and turn on battery saver if the battery needs it.",
         "{p}. See if anything needs me soon, and if the phone's low on juice, enable battery saver.",
         "{p}: anything urgent coming up? And in case the battery is nearly dead, turn battery saver on."],
        p=plans,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=s0_settings({"battery.level": level}),
        gold={
            "delta": [setting_delta("battery.power_saving", True), setting_delta("display.dark_mode", True)]
        },
        oracle=[
            calls(call("get_smart_suggestions")),
            calls(call("set_battery_saver", enabled=True)),
            f"Your battery is at {level}%, so I turned on battery saver (it turned the dark theme on). Also coming "
            "up: the Laundry timer ends at 9:30 am and the weekly sync with Sam Carter is at 10:00 am.",
        ],
    )


@family("assistant.practice_if_running", dimension="basic", category="dependency", bucket="state")
def practice_if_running(ctx: Ctx) -> Draft:
    spec = ctx.pick("asst_practice")
    other = ctx.pick("asst_watches")
    minutes = ctx.choice([20, 25, 30, 40])
    ref = spec[2]
    query = ctx.say(
        ["if my {ref} is still running, end it — I have to jump on a call.", "is my {ref} still going? If so, stop it.",
         "stop my {ref} if it hasn't finished yet.", "check whether my {ref} is still on and shut it down if it is.",
         "end my {ref} in case it's still running; something came up.",
         "my {ref} — if it's still active, cancel it."],
        ref=ref,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch={"handoffs": {
            "handoff_p01": watch("handoff_p01", other, "2026-06-01T23:00:00", "2026-05-18T19:00:00"),
            "handoff_p02": practice("handoff_p02", spec, "2026-05-20T08:50:00", minutes),
        }},
        gold={"delta": [stopped("handoff_p02")]},
        oracle=[
            calls(call("get_handoff_status", route="practice")),
            calls(call("stop_handoff", handoff_id="handoff_p02")),
            f"Your {ref} was still running, so I stopped it.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- reference
_POV = {"me": "you", "my": "your", "i'll": "you'll", "i'm": "you're", "i": "you"}


def _as_assistant(action: str) -> str:
    """The user's request as the assistant repeats it: "send me an alert" → "send you an alert"."""
    return re.sub(r"\b(me|my|I'll|I'm|I)\b", lambda m: _POV[m.group(1).casefold()], action)


@family("assistant.stop_that_watch", dimension="basic", category="reference", bucket="state")
def stop_that_watch(ctx: Ctx) -> Draft:
    target, other = ctx.pick_many("asst_watches", 2)
    reason = ctx.choice(DROP_REASONS)
    condition, action, _ref = target
    history = [
        {"role": "user", "content": f"Keep an eye on whether {condition}, and {action}."},
        {
            "role": "assistant",
            "content": f"I've set up a watch: when {condition}, I'll {_as_assistant(action)}.",
        },
    ]
    query = ctx.say(
        ["never mind, cancel that — {r}.", "{r}, so you can stop that watch.", "actually, drop it; {r}.",
         "{r} — stop watching for that."],
        r=reason,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        s0_patch={"handoffs": {
            "handoff_p01": watch("handoff_p01", other, "2026-06-03T23:00:00", "2026-05-17T10:00:00"),
            "handoff_p02": watch("handoff_p02", target, "2026-05-31T23:00:00", "2026-05-20T08:45:00"),
        }},
        gold={"delta": [stopped("handoff_p02")]},
        oracle=[
            calls(call("get_handoff_status", route="monitor")),
            calls(call("stop_handoff", handoff_id="handoff_p02")),
            f"Okay — I stopped watching whether {condition}.",
        ],
    )  # fmt: skip


@family("assistant.search_result", dimension="basic", category="reference", bucket="behavior")
def search_result(ctx: Ctx) -> Draft:
    instruction, result, ref, keys = ctx.pick("asst_searches")
    rec = {"id": "handoff_p01", "route": "search", "app": None, "instruction": instruction, "context": {},
           "status": "completed", "result": result, "time": "2026-05-20T08:52:00"}  # fmt: skip
    history = [
        {"role": "user", "content": f"{instruction}."},
        {"role": "assistant", "content": "I've asked the search agent to look that up; I'll report back."},
    ]
    query = ctx.say(
        ["did the search on {ref} come back?", "so, what did you find out about {ref}?", "any news on {ref}?",
         "what's the answer on {ref}?", "is the lookup on {ref} done yet?", "what did the search say about {ref}?"],
        ref=ref,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        s0_patch={"handoffs": {"handoff_p01": rec}},
        gold=rubric("answer", keys),
        oracle=[calls(call("get_handoff_status", route="search")), f"The search is done: {result}"],
    )


@family("assistant.stop_timer_history", dimension="basic", category="reference", bucket="tool")
def stop_timer_history(ctx: Ctx) -> Draft:
    label = ctx.pick("timer_labels")
    minutes = ctx.pick("timer_minutes")
    if minutes < 6 or minutes > 120:
        raise Skip("the timer must still be running and end within the suggestion window")
    started = "2026-05-20T08:55:00"
    ends = (datetime.fromisoformat(started) + timedelta(minutes=minutes)).isoformat()
    timer = {"id": "timer_p01", "label": label, "duration_s": minutes * 60, "started_at": started, "ends_at": ends,
             "status": "running", "stopped_at": None}  # fmt: skip
    history = [
        {"role": "user", "content": f"Start a {minutes}-minute timer for the {label.lower()}."},
        {
            "role": "assistant",
            "content": f"Your {label} timer is running; it ends at {hhmm_words(ends[11:16])}.",
        },
    ]
    query = ctx.say(
        ["stop the {l} timer, I'm done early.", "I'm finished with the {l} already — cancel that timer.",
         "turn off the {l} timer I just set.", "kill that {l} timer, no need anymore."],
        l=label.lower(),
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        s0_patch={"timers": {"timer_p01": timer}},
        gold={"calls": [{"name": "stop_timer", "arguments": {"timer_id": "timer_p01"}}]},
        oracle=[
            calls(call("get_smart_suggestions")),
            calls(call("stop_timer", timer_id="timer_p01")),
            f"Stopped your {label} timer; the Laundry timer is still running.",
        ],
    )


# --------------------------------------------------------------------------- revision
@family("assistant.stop_watch_switch", dimension="basic", category="revision", bucket="state")
def stop_watch_switch(ctx: Ctx) -> Draft:
    first, second = ctx.pick_many("asst_watches", 2)
    query = ctx.say(
        ["stop watching {a} — actually no, keep that one; stop watching {b} instead.",
         "cancel the watch on {a}... wait, wrong one. Cancel the watch on {b}.",
         "stop monitoring {a}. Hmm, scratch that — it's {b} I don't need tracked anymore.",
         "turn off the watch on {a} — no, sorry, I meant {b}."],
        a=first[2], b=second[2],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        s0_patch={"handoffs": {
            "handoff_p01": watch("handoff_p01", first, "2026-06-02T23:00:00", "2026-05-18T09:00:00"),
            "handoff_p02": watch("handoff_p02", second, "2026-05-29T23:00:00", "2026-05-19T17:30:00"),
        }},
        gold={"delta": [stopped("handoff_p02")]},
        oracle=[
            calls(call("get_handoff_status", route="monitor")),
            calls(call("stop_handoff", handoff_id="handoff_p02")),
            f"Stopped the watch on whether {second[0]}; the one on {first[2]} keeps running.",
        ],
    )  # fmt: skip


@family("assistant.reminder_and_timer", dimension="basic", category="revision", bucket="state")
def reminder_and_timer(ctx: Ctx) -> Draft:
    title, keyword, done = ctx.pick("reminder_done")
    label = ctx.pick("timer_labels")
    reminder = {"id": "reminder_p01", "title": title, "due": "2026-05-19T18:00:00", "notes": "", "done": False,
                "completed_at": None}  # fmt: skip
    timer = {"id": "timer_p01", "label": label, "duration_s": 1200, "started_at": "2026-05-20T08:50:00",
             "ends_at": "2026-05-20T09:10:00", "status": "running", "stopped_at": None}  # fmt: skip
    query = ctx.say(
        ["I {done}, so check that reminder off — and stop the {l} timer too.",
         "two things: mark the reminder about {kw} done, I {done}; then stop my {l} timer.",
         "stop the {l} timer, and since I {done}, tick off that reminder.",
         "clear up my to-dos: I {done}, so mark it done — and kill the {l} timer."],
        done=done, kw=keyword, l=label.lower(),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        s0_patch={"reminders": {"reminder_p01": reminder}, "timers": {"timer_p01": timer}},
        gold={"delta": [
            {"table": "reminders", "op": "update", "key": "reminder_p01",
             "fields": {"done": True, "completed_at": {"$ignore": True}}},
            {"table": "timers", "op": "update", "key": "timer_p01",
             "fields": {"status": "stopped", "stopped_at": {"$ignore": True}}},
        ]},
        oracle=[
            calls(call("get_smart_suggestions")),
            calls(call("complete_reminder", reminder_id="reminder_p01"), call("stop_timer", timer_id="timer_p01")),
            f"Marked \"{title}\" as done and stopped the {label} timer.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- recovery
#: That the watch had ended before the request. Not "no longer active" or "not active": what a false
#: "Stopped it, it's no longer active" says too.
WATCH_EXPIRED = ["expired", "already ended", "already over", "already stopped", "already finished",
                 "already inactive", "already not active", "already no longer", "ended yesterday", "ended on",
                 "ended at", "had ended", "had stopped", "had finished", "was already", "wasn't active",
                 "was not active", "was inactive", "was no longer", "wasn't running", "was not running", "ran out",
                 "timed out", "lapsed", "nothing to stop", "nothing to end", "nothing to turn off",
                 "nothing to shut", "nothing to cancel", "already not", "stopped yesterday", "finished yesterday",
                 "stopped automatically", "ended automatically", "stopped on its own", "on its own",
                 "reached its end"]  # fmt: skip
#: A claim of having stopped it.
WATCH_STOPPED = false_claims("stopped", "ended", "cancelled", "canceled", "turned off", "shut down", "shut off",
                             "removed", "deleted", "disabled")  # fmt: skip


@family("assistant.expired_watch", dimension="basic", category="recovery", bucket="behavior")
def expired_watch(ctx: Ctx) -> Draft:
    spec = ctx.pick("asst_watches")
    query = ctx.say(
        ["please end the watch on {ref}.", "turn off monitoring for {ref}.", "quit keeping tabs on {ref} for me.",
         "I'm done with watching {ref} — stop it.", "stop the monitoring of {ref}, thanks.",
         "can you shut down the watch for {ref}?"],
        ref=spec[2],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["state_mutation"],
        s0_patch={"handoffs": {"handoff_p01": watch("handoff_p01", spec, "2026-05-19T20:00:00", "2026-05-16T12:00:00")}},
        gold=rubric("answer", WATCH_EXPIRED, avoid=WATCH_STOPPED),
        oracle=[
            calls(call("get_handoff_status", route="monitor")),
            f"That watch already expired yesterday at 8:00 pm, so nothing is being monitored about {spec[2]} anymore "
            "— there's nothing to stop. Want me to set up a new one?",
        ],
    )  # fmt: skip


@family("assistant.stop_handoff_fault", dimension="basic", category="recovery", bucket="tool")
def stop_handoff_fault(ctx: Ctx) -> Draft:
    spec = ctx.pick("asst_watches")
    query = ctx.say(
        ["I no longer need the watch on {ref}; stop it.", "shut off the monitoring on {ref}.",
         "end the watch on {ref} now.", "stop keeping tabs on {ref}."],
        ref=spec[2],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["runtime_error"],
        faults=[{"tool": "stop_handoff", "on_calls": [1]}],
        s0_patch={"handoffs": {"handoff_p01": watch("handoff_p01", spec, "2026-06-04T23:00:00", "2026-05-19T07:40:00")}},
        gold={"calls": [{"name": "stop_handoff", "arguments": {"handoff_id": "handoff_p01"}}]},
        oracle=[
            calls(call("get_handoff_status", route="monitor")),
            calls(call("stop_handoff", handoff_id="handoff_p01")),
            calls(call("stop_handoff", handoff_id="handoff_p01")),
            f"The first attempt hit a temporary error; on retry the watch on {spec[2]} stopped.",
        ],
    )  # fmt: skip
