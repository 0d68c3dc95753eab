"""Interaction families (MobileWorld-style): the key fact is withheld and only the simulated user has
it, so the planner must ``ask_user``; control families are fully specified, where asking is wasted.

They feed the separate ``interaction`` suite (and the train split), never bench-v1.

Asking is the only path: nothing on the phone holds a withheld fact (the friend's group and the
happenings an alarm is set before are named by no contact, message, memory, event or note), and a
digit in the request is no cue: asking tasks may carry numbers ("20 minutes before the plumber comes",
"the 6 am rowing crew", "I'm free after 4:10 pm") and controls may have none ("text Kenji Reyes that
…", "an alarm for twenty to six in the morning").

The user answers a question only if it names what is withheld (``mpb_env.user.answer`` matches these
keyword phrases as whole words): "What time should it ring?", "Which day?", "Who's your friend?" get
the fact; a fishing question ("Anything else — which one, and when?", "Who are you?", "Which app should
I use?") gets the refusal.
"""

from __future__ import annotations

import zlib
from datetime import date
from typing import Any

from mpb_env.tasks.build import call, calls, contains
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.helpers import base, hhmm_words, sentence, sms_call

ASK = ("interaction", "train")

# --------------------------------------------------------------------------- what a question must name
#: "when" with what it asks about ("when should it ring", "when's the plumber coming"); a bare "when"
#: ("… which one, and when?") names nothing.
_WHEN = ("when should", "when do", "when does", "when would", "when will", "when is", "when's", "when are",
         "when exactly", "when to", "by when", "for when")  # fmt: skip
#: a time of day
_CLOCK = ("what time", "which time", "what's the time", "the time for", "the time of", "the time you", "a time you",
          "exact time", "time should", "time would", "time do you", "time works", "what hour", "which hour",
          "o'clock", "how early", "how late", "specific time", "specify the time", "particular time",
          "time in mind", "arrival time", "start time", "when the")  # fmt: skip
#: an alarm's setting
_ALARM = ("set it to", "set it for", "set to", "set for", "go off", "goes off", "ring", "wake you", "wake up",
          "wake-up", "alarm time", "alarm for")  # fmt: skip
#: a day (not "how's the day going")
_DAY = ("which day", "what day", "day and time", "day should", "day would", "day do you", "day works", "date", "due",
        "how soon", "remind you", "reminder for", "deadline", "particular day")  # fmt: skip
#: a person (not "who are you", "which app", "your name")
_WHO = ("who is", "who's", "who should", "who do you", "who did you", "who was", "who exactly", "who it is",
        "who that is", "who are they", "who are you texting", "who are you messaging", "who are you writing",
        "whom", "which friend", "what friend", "which pal", "which person", "what person", "the person",
        "that person", "this person", "which contact", "what contact", "their name", "his name", "her name",
        "friend's name", "person's name", "pal's name", "full name", "name of your", "name of the person",
        "name of the friend", "name of that", "name of this", "referring to", "talking about", "contact name",
        "who you mean", "who you're")  # fmt: skip

ALARM_TIME_KEYWORDS = [*_WHEN, *_CLOCK, *_ALARM]
REMINDER_KEYWORDS = [*_WHEN, *_CLOCK, *_DAY]
PERSON_KEYWORDS = list(_WHO)

#: Where the user knows a friend from. Nothing on the phone (contacts, messages, memories, events, notes,
#: emails) names any of these words, so a search finds no candidate; three carry a number.
FRIEND_GROUPS = (
    "from the pottery workshop",
    "from the choir",
    "from salsa",
    "I met at pub trivia",
    "from the knitting circle",
    "from the hiking meetup",
    "from the 6 am rowing crew",
    "from the 5k swim squad",
    "I met on the 3-day sailing course",
)
#: Relations a user calls "my friend" or "my pal" (not colleagues or clients).
_FRIENDLY = ("friend", "acquaintance", "classmate", "")


def friend_group(contact_id: str) -> str:
    """The one group a contact is the friend from, in every task of every split."""
    return FRIEND_GROUPS[zlib.crc32(contact_id.encode()) % len(FRIEND_GROUPS)]


def _alarm_gold(time: str, label: str) -> dict[str, Any]:
    """An alarm at ``time`` whose label holds ``label``."""
    return {"calls": [{"name": "create_alarm", "arguments": {"time": time, "label": contains(label)}}]}


def _reminder_gold(title: str, due: str) -> dict[str, Any]:
    """A new reminder titled ``title``, due at ``due``."""
    return {
        "delta": [{"table": "reminders", "op": "create", "fields": {"title": contains(title), "due": due}}]
    }


def _ask(question: str) -> str:
    return calls(call("ask_user", question=question))


def _minus(hhmm: str, minutes: int) -> str:
    h, m = (int(x) for x in hhmm.split(":"))
    total = h * 60 + m - minutes
    return f"{total // 60:02d}:{total % 60:02d}"


def _day_words(iso: str) -> str:
    """``"2026-06-03"`` → ``"June 3"``."""
    d = date.fromisoformat(iso)
    return f"{d:%B} {d.day}"


_HOURS = ("twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven")
_PAST = {5: "five past", 10: "ten past", 15: "quarter past", 20: "twenty past", 25: "twenty-five past",
         30: "half past", 35: "twenty-five to", 40: "twenty to", 45: "quarter to", 50: "ten to", 55: "five to"}  # fmt: skip
_PARTS_OF_DAY = ((12, "in the morning"), (17, "in the afternoon"), (21, "in the evening"), (24, "at night"))


def clock_words(hhmm: str) -> str:
    """A time of day as said aloud, no digits: ``"05:40"`` → ``"twenty to six in the morning"``."""
    h, m = (int(x) for x in hhmm.split(":"))
    part = next(words for until, words in _PARTS_OF_DAY if h < until)
    if m == 0:
        return f"{_HOURS[h % 12]} o'clock {part}"
    return f"{_PAST[m]} {_HOURS[(h + (m > 30)) % 12]} {part}"


def _free_alarm_time(hhmm: str) -> None:
    """Only one alarm may exist per time of day: skip a draw that lands on one of the base world's."""
    if any(a["time"] == hhmm for a in base()["alarms"].values()):
        raise Skip(f"an alarm already rings at {hhmm}")


# --------------------------------------------------------------------------- asking families
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
        gold=_alarm_gold(time, label),
        oracle=[
            _ask(f"What time should the {label} alarm ring?"),
            calls(call("create_alarm", time=time, label=label)),
            f"Your {label} alarm is set for {hhmm_words(time)}.",
        ],
        user_facts=[{"keywords": ALARM_TIME_KEYWORDS, "answer": f"Make it {hhmm_words(time)}."}],
    )


@family("interaction.alarm_before", dimension="basic", category="grounding", bucket="tool", splits=ASK)
def alarm_before(ctx: Ctx) -> Draft:
    """A number in the request, but not the fact: when the thing it counts back from happens."""
    said, agent_side = ctx.pick("ix_happenings")
    lead = ctx.pick("ix_lead_minutes")
    at = ctx.pick("times")
    time = _minus(at, lead)
    _free_alarm_time(time)
    query = ctx.say(
        ["set an alarm {n} minutes before {what} tomorrow.", "I need an alarm {n} minutes before {what} tomorrow.",
         "give me an alarm {n} minutes before {what} tomorrow.", "alarm please, {n} minutes before {what} tomorrow."],
        n=lead, what=said,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["missing_argument"],
        meta={"interaction": True},
        gold={"calls": [{"name": "create_alarm", "arguments": {"time": time, "label": {"$ignore": True}}}]},
        oracle=[
            _ask(f"What time tomorrow? I need to know when {agent_side} to count back {lead} minutes."),
            calls(call("create_alarm", time=time, label=sentence(said)[:-1])),
            f"Your alarm is set for {hhmm_words(time)}, {lead} minutes before {agent_side}.",
        ],
        user_facts=[{"keywords": ALARM_TIME_KEYWORDS, "answer": sentence(f"{said} at {hhmm_words(at)}")}],
    )


@family("interaction.text_which_person", dimension="basic", category="reference", bucket="tool", splits=ASK)
def text_which_person(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    if person["relation"] not in _FRIENDLY:
        raise Skip(f"{person['id']} is a {person['relation']}, not a friend")
    if ctx.choice([False, False, True]):  # a clock time in the message, which is not what is missing
        said = hhmm_words(ctx.pick("times"))
        body = ctx.choice(["I'll be there at {}", "I can meet you at {}", "I'm free after {}"]).format(said)
        keys = [said.split()[0]]
    else:
        body, keys = ctx.pick("sms_bodies")
    where = friend_group(person["id"])
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
            _ask(f"Who is your friend {where.replace('I met', 'you met')}? I need their name."),
            calls(call("search_contacts", query=person["name"])),
            calls(call("send_message", contact_id=person["id"], text=sentence(body))),
            f"Sent {person['name']} your message.",
        ],
        user_facts=[{"keywords": PERSON_KEYWORDS, "answer": f"That's {person['name']}."}],
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
        gold=_reminder_gold(title, due),
        oracle=[
            _ask("When should I remind you — which day and time?"),
            calls(call("create_reminder", title=title, due=due)),
            f"I'll remind you on {day} at {hhmm_words(time)}.",
        ],
        user_facts=[{"keywords": REMINDER_KEYWORDS, "answer": f"On {day} at {hhmm_words(time)}."}],
    )


# --------------------------------------------------------------------------- controls (asking is wasted)
@family("interaction.control_alarm", dimension="basic", category="grounding", bucket="tool", splits=ASK)
def control_alarm(ctx: Ctx) -> Draft:
    label = ctx.pick("alarm_labels")
    time = ctx.pick("times")
    said = ctx.choice([hhmm_words, clock_words])(time)  # "7:35 am" or "twenty-five to eight in the morning"
    query = ctx.say(
        ["set an alarm for {t} called {label}.", "alarm at {t} please, label it {label}.",
         "wake me at {t} — call the alarm {label}.", "add an alarm, {t}, named {label}."],
        t=said, label=label,
    )  # fmt: skip
    return Draft(
        query=query,
        meta={"interaction": False},
        allow_ask=True,
        gold=_alarm_gold(time, label),
        oracle=[
            calls(call("create_alarm", time=time, label=label)),
            f"{label} is set for {hhmm_words(time)}.",
        ],
    )


@family("interaction.control_reminder", dimension="basic", category="grounding", bucket="state", splits=ASK)
def control_reminder(ctx: Ctx) -> Draft:
    title = ctx.pick("reminder_titles")
    day = ctx.pick("future_days")
    time = ctx.pick("times")
    due = f"{day}T{time}:00"
    query = ctx.say(
        ["remind me on {d} at {h} to {t}.", "set a reminder for {d}, {h}: {t}.",
         "put in a reminder to {t} on {d} at {h}.", "I need a reminder at {h} on {d} to {t}."],
        d=_day_words(day), h=hhmm_words(time), t=title[0].lower() + title[1:],
    )  # fmt: skip
    return Draft(
        query=query,
        meta={"interaction": False},
        allow_ask=True,
        gold=_reminder_gold(title, due),
        oracle=[
            calls(call("create_reminder", title=title, due=due)),
            f"I'll remind you on {_day_words(day)} at {hhmm_words(time)}.",
        ],
    )


@family("interaction.control_text", dimension="basic", category="reference", bucket="tool", splits=ASK)
def control_text(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    body, keys = ctx.pick("sms_bodies")
    query = ctx.say(
        ["text {name} that {body}.", "send {name} a message: {body}.", "message {name}: {body}.",
         "let {name} know {body}."],
        name=person["name"], body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        meta={"interaction": False},
        allow_ask=True,
        gold={"calls": [sms_call(person["id"], keys)]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("send_message", contact_id=person["id"], text=sentence(body))),
            f"Sent {person['name']} your message.",
        ],
    )
