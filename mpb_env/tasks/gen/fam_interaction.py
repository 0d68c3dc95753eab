"""Interaction families (MobileWorld-style): the key fact is withheld and only the simulated user has
it, so the planner must ``ask_user``; control families are fully specified, where asking is wasted.

They feed the separate ``interaction`` suite (and the train split), never bench-v1.
"""

from __future__ import annotations

from mpb_env.tasks.build import call, calls, contains
from mpb_env.tasks.gen.core import Ctx, Draft, family
from mpb_env.tasks.gen.helpers import hhmm_words, sms_call

ASK = ("interaction", "train")


def _ask(question: str) -> str:
    return calls(call("ask_user", question=question))


@family("interaction.alarm_time", dimension="basic", category="grounding", bucket="tool", splits=ASK)
def alarm_time(ctx: Ctx) -> Draft:
    label = ctx.pick("alarm_labels")
    time = ctx.pick("times")
    query = ctx.say(
        ["set an alarm called {label} for tomorrow.", "I need an alarm for {label}, can you set one?",
         "add a {label} alarm.", "wake me up for {label}."],
        label=label,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["missing_argument"],
        meta={"interaction": True},
        gold={"calls": [{"name": "create_alarm", "arguments": {"time": time, "label": contains(label)}}]},
        oracle=[
            _ask(f"What time should the {label} alarm ring?"),
            calls(call("create_alarm", time=time, label=label)),
            f"Your {label} alarm is set for {hhmm_words(time)}.",
        ],
        user_facts=[{"keywords": ["time", "when", "what hour"], "answer": f"Make it {hhmm_words(time)}."}],
    )


@family("interaction.text_which_person", dimension="basic", category="reference", bucket="tool", splits=ASK)
def text_which_person(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    body, keys = ctx.pick("sms_bodies")
    where = ctx.choice(
        ["from the climbing gym", "I met at the conference", "from the book club", "from the office party"]
    )
    query = ctx.say(
        ["text my friend {where} that {body}.", "message that person {where}: {body}.",
         "send the friend {where} a note saying {body}.", "let my pal {where} know {body}."],
        where=where, body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["missing_argument"],
        meta={"interaction": True},
        gold={"calls": [sms_call(person["id"], keys)]},
        oracle=[
            _ask(f"Who is your friend {where}? I need their name."),
            calls(call("search_contacts", query=person["name"])),
            calls(call("send_message", contact_id=person["id"], text=body[0].upper() + body[1:] + ".")),
            f"Sent {person['name']} your message.",
        ],
        user_facts=[{"keywords": ["who", "which", "name", "friend"], "answer": f"That's {person['name']}."}],
    )


@family("interaction.reminder_when", dimension="basic", category="grounding", bucket="state", splits=ASK)
def reminder_when(ctx: Ctx) -> Draft:
    title = ctx.pick("reminder_titles")
    day = ctx.pick("future_days")
    time = ctx.pick("times")
    query = ctx.say(
        ["remind me to {t}.", "I have to {t} — set a reminder.", "don't let me forget to {t}.",
         "put a reminder in for me: {t}."],
        t=title[0].lower() + title[1:],
    )  # fmt: skip
    due = f"{day}T{time}:00"
    return Draft(
        query=query,
        frictions=["missing_argument"],
        meta={"interaction": True},
        gold={
            "delta": [
                {"table": "reminders", "op": "create", "fields": {"title": contains(title), "due": due}}
            ]
        },
        oracle=[
            _ask("When should I remind you — which day and time?"),
            calls(call("create_reminder", title=title, due=due)),
            f"I'll remind you on {day} at {hhmm_words(time)}.",
        ],
        user_facts=[
            {"keywords": ["when", "time", "day", "date"], "answer": f"On {day} at {hhmm_words(time)}."}
        ],
    )


@family("interaction.control_alarm", dimension="basic", category="grounding", bucket="tool", splits=ASK)
def control_alarm(ctx: Ctx) -> Draft:
    label = ctx.pick("alarm_labels")
    time = ctx.pick("times")
    query = ctx.say(
        ["set an alarm for {t} called {label}.", "alarm at {t} please, label it {label}.",
         "wake me at {t} — call the alarm {label}.", "add an alarm, {t}, named {label}."],
        t=hhmm_words(time), label=label,
    )  # fmt: skip
    return Draft(
        query=query,
        meta={"interaction": False},
        allow_ask=True,
        gold={"calls": [{"name": "create_alarm", "arguments": {"time": time, "label": contains(label)}}]},
        oracle=[
            calls(call("create_alarm", time=time, label=label)),
            f"{label} is set for {hhmm_words(time)}.",
        ],
    )
