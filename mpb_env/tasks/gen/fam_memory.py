"""Memory Usage families (paper §3.4.3): implicit, preference-bound requests the assistant can only resolve by
querying the owner's long-term memory before it acts.

Each draw honours ``ctx.want["turns"]``: ``"single"`` gives a self-contained query, ``"multi"`` a dialogue
history H0 (2–4 messages) that the query depends on. Task-specific memories are injected through the S0
patch (``mem_t001`` …), built from pools; conflicting pairs carry an older and a newer ``updated_at`` and the
newer one must win. ``Draft.category`` is the reasoning type (single-record, conflicting-record,
multi-record) and ``Draft.meta`` records turns, primary checker, reasoning, target and scenario.
"""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta
from typing import Any

from mpb_env.domains.travel import _card
from mpb_env.tasks.build import call, calls, contains, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family, fill
from mpb_env.tasks.gen.fam_travel import resolved_refs, word_spans
from mpb_env.tasks.gen.helpers import sms_call
from mpb_env.world.generate import load_world

_WORLD = load_world("M").tables

WORK, FAMILY, TRAVEL, STUDY = "workplace", "family & health", "business travel", "study & research"
SCENARIOS = (WORK, FAMILY, TRAVEL, STUDY)
#: scenario → (roles pool, people pool)
ROLE_SOURCES = {
    WORK: ("mem_roles_work", "mem_work_people"),
    FAMILY: ("mem_roles_family", "mem_home_people"),
    STUDY: ("mem_roles_study", "mem_study_people"),
    TRAVEL: ("mem_roles_travel", "mem_home_people"),
}
SINGLE, CONFLICT, MULTI = "single-record", "conflicting-record", "multi-record"
#: When older and newer memories were last written (all before now, 2026-05-20).
OLD_STAMPS = [
    "2025-06-14T19:20:00", "2025-07-02T08:45:00", "2025-08-19T21:05:00", "2025-09-23T12:30:00",
    "2025-10-11T17:40:00", "2025-11-04T07:55:00", "2025-12-09T20:15:00",
]  # fmt: skip
NEW_STAMPS = [
    "2026-02-03T20:10:00", "2026-03-12T09:25:00", "2026-04-01T18:05:00", "2026-04-22T07:40:00",
    "2026-05-06T21:15:00", "2026-05-15T13:50:00",
]  # fmt: skip
#: Template index offset of multi-turn phrasings (even, so the bench/train parity is kept).
MULTI_OFFSET = 100


def _card_refs(card_id: str) -> dict[str, list[str]]:
    """Every way a booking's ``card`` may name the Wallet card ``card_id`` as the tools resolve it
    (``_card``): its ID, last 4 digits, network or kind, its name or a run of its words."""
    c = _WORLD["wallet_cards"][card_id]
    texts = [c["id"], c["last4"], c["network"], c["kind"], *word_spans(c["name"])]
    return {"$any": resolved_refs(texts, lambda s, text: _card(s, text)["id"] == card_id)}


#: The Wallet card the owner uses for work travel, as an agent may name it.
CORP_CARD = _card_refs("card_002")
MAYA_CC = {"$any": [["contact_001"], ["maya.chen@northwindlabs.com"]]}
#: Times of day the world's alarms already use (one alarm per time).
_TAKEN_ALARM_TIMES = {a["time"] for a in _WORLD["alarms"].values()}
#: Roles whose holder does not change over time (no older/newer pair about them).
FIXED_ROLES = {"cousin", "best friend", "oldest friend", "old roommate"}
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]  # fmt: skip
_NIGHTS = {1: "one night", 2: "two nights", 3: "three nights"}
#: Former favourite hotels per city (for hotels that are not in the world, a plain name).
_OLD_HOTELS = {
    "New York": ["Midtown Loft Hotel", "The Greenwich Arms", "Harborview Hotel Financial District"],
    "Seattle": ["Lake Union Lodge"],
    "Los Angeles": ["the Hotel Figueroa"],
    "Chicago": ["the Palmer House"],
}


# --------------------------------------------------------------------------- helpers
def _cap(text: str) -> str:
    return text[0].upper() + text[1:] if text else text


def _a(phrase: str) -> str:
    """The phrase with its indefinite article: "an architecture review", "a design sync"."""
    return f"{'an' if phrase[0].lower() in 'aeiou' else 'a'} {phrase}"


def _turns(ctx: Ctx) -> str:
    return "multi" if ctx.want.get("turns") == "multi" else "single"


def _dialogue(
    ctx: Ctx, single: list[str], multi: list[tuple[str, ...]], offset: int = 0, **vars: Any
) -> tuple[list[dict[str, str]], str]:
    """(history, query): a single-turn phrasing, or a multi-turn dialogue (H0 turns, then the query).

    Like ``Ctx.say``: the split's share of the phrasings (even indices → bench, odd → train) is used and the
    chosen one is the template; multi-turn templates are numbered from ``MULTI_OFFSET`` and a family with
    several phrasing sets numbers each from its own even ``offset``."""
    multi_turn = _turns(ctx) == "multi"
    options: list[Any] = multi if multi_turn else single
    if len(options) < 2:
        raise ValueError(f"family {ctx.family_id} needs at least 2 phrasings per turn kind")
    share = [i for i in range(len(options)) if i % 2 == ctx.parity]
    index = ctx.rotate(share)
    ctx.template = f"{ctx.family_id}#{offset + index + (MULTI_OFFSET if multi_turn else 0)}"
    if not multi_turn:
        return [], _cap(fill(options[index], **vars))
    *turns, query = options[index]
    history = [
        {"role": "user" if k % 2 == 0 else "assistant", "content": _cap(fill(t, **vars))}
        for k, t in enumerate(turns)
    ]
    return history, _cap(fill(query, **vars))


def _mem(mem_id: str, text: str, category: str, stamp: str, tags: list[str]) -> dict[str, Any]:
    """One memory record as the ``memories`` table stores it."""
    return {"id": mem_id, "text": text, "category": category, "created_at": stamp, "updated_at": stamp,
            "tags": [t.casefold() for t in tags], "history": []}  # fmt: skip


def _month(stamp: str) -> str:
    return _MONTHS[int(stamp[5:7]) - 1]


def _pair(
    ctx: Ctx, old_text: str, new_text: str, category: str, tags: list[str]
) -> tuple[dict[str, dict[str, Any]], str, str]:
    """An older and a newer memory that disagree; ``{month}`` in ``new_text`` is the newer one's month.

    Returns (records, old_id, new_id); which of the two IDs is the newer one varies."""
    old_id, new_id = ctx.choice([("mem_t001", "mem_t002"), ("mem_t002", "mem_t001")])
    old_stamp, new_stamp = ctx.choice(OLD_STAMPS), ctx.choice(NEW_STAMPS)
    recs = {
        old_id: _mem(old_id, old_text, category, old_stamp, tags),
        new_id: _mem(new_id, new_text.format(month=_month(new_stamp)), category, new_stamp, tags),
    }
    return recs, old_id, new_id


def _one(ctx: Ctx, mem_id: str, text: str, category: str, tags: list[str]) -> dict[str, dict[str, Any]]:
    return {mem_id: _mem(mem_id, text, category, ctx.choice(OLD_STAMPS + NEW_STAMPS), tags)}


def kw(*groups: str | tuple[str, ...]) -> dict[str, Any]:
    """Free-text matcher: every group must occur; a tuple group is a set of alternatives."""
    alts = [g if isinstance(g, tuple) else (g,) for g in groups]
    combos = list(itertools.product(*alts))
    if len(combos) == 1:
        return contains(*combos[0])
    return {"$any": [contains(*c) for c in combos]}


def _words(hhmm: str) -> str:
    """ "19:00" → "7 pm", "07:30" → "7:30 am"."""
    h, m = (int(x) for x in hhmm.split(":"))
    suffix = "am" if h < 12 else "pm"
    return f"{(h - 1) % 12 + 1}{f':{m:02d}' if m else ''} {suffix}"


def _clock(hhmm: str) -> tuple[str, ...]:
    """How a text may write the time ``hhmm``: 24-hour or 12-hour forms."""
    h, m = (int(x) for x in hhmm.split(":"))
    h12, ap = (h - 1) % 12 + 1, "am" if h < 12 else "pm"
    forms = [f"{h:02d}:{m:02d}", f"{h}:{m:02d}", f"{h12}:{m:02d} {ap}", f"{h12}:{m:02d}{ap}",
             f"{h12}:{m:02d} {ap[0]}.m."]  # fmt: skip
    if m == 0:
        forms += [f"{h12} {ap}", f"{h12}{ap}", f"{h12} {ap[0]}.m."]
    return tuple(dict.fromkeys(forms))


def _at(day: str, hhmm: str, plus_minutes: int = 0) -> str:
    return (datetime.fromisoformat(f"{day}T{hhmm}:00") + timedelta(minutes=plus_minutes)).isoformat()


def _money(amount: str) -> dict[str, Any]:
    """Matcher for a text stating ``amount`` in any usual form: with or without "$" and the thousands
    comma, and, for whole dollars, with or without the ".00" ("$2,045", "2045", "2,045.00"). Phrases
    match as substrings, so a number that merely contains the amount ("$12,045") would pass too.

    >>> _money("$1,209.55")
    {'$any': [{'$contains': ['1,209.55']}, {'$contains': ['1209.55']}]}
    >>> _money("$2,045.00")
    {'$any': [{'$contains': ['2,045']}, {'$contains': ['2045']}]}
    """
    bare = amount.lstrip("$")
    whole, cents = bare.split(".")
    number = whole if cents == "00" else bare  # "2,045" is in "2,045.00" too
    return {"$any": [contains(n) for n in dict.fromkeys([number, number.replace(",", "")])]}


def _role_people(
    ctx: Ctx, scenario: str, conflicting: bool, roles: str | None = None
) -> tuple[str, dict[str, Any], dict[str, Any] | None]:
    """(role, current holder, former holder or None) for ``scenario``; a role whose holder never changes gets
    no former holder even when ``conflicting`` is asked for."""
    default_roles, people = ROLE_SOURCES[scenario]
    role = ctx.pick(roles or default_roles)
    if conflicting and role not in FIXED_ROLES:
        former, person = ctx.pick_many(people, 2)
        return role, person, former
    return role, ctx.pick(people), None


def _role_memories(
    ctx: Ctx, role: str, person: dict[str, Any], former: dict[str, Any] | None
) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """The memories naming who holds ``role`` (one, or an older and a newer one that disagree)."""
    if former is None:
        return _one(ctx, "mem_t001", f"My {role} is {person['name']}.", "people", [role]), ["mem_t001"]
    recs, old_id, new_id = _pair(
        ctx,
        f"My {role} is {former['name']}.",
        f"As of {{month}}, my {role} is {person['name']}.",
        "people",
        [role],
    )
    return recs, [old_id, new_id]


def _draft(
    ctx: Ctx,
    *,
    bucket: str,
    reasoning: str,
    target: str,
    scenario: str,
    history: list[dict[str, str]],
    query: str,
    gold: dict[str, Any],
    oracle: list[str],
    memories: dict[str, dict[str, Any] | None],
    gold_ids: list[str],
    patch: dict[str, dict[str, Any]] | None = None,
) -> Draft:
    s0: dict[str, dict[str, Any]] = {**(patch or {})}
    if memories:
        s0["memories"] = {**s0.get("memories", {}), **memories}
    return Draft(
        query=query,
        history=history,
        gold=gold,
        oracle=oracle,
        s0_patch=s0,
        gold_memory_ids=sorted(gold_ids),
        category=reasoning,
        meta={
            "turns": _turns(ctx),
            "primary": "api" if bucket == "tool" else "db",
            "reasoning": reasoning,
            "target": target,
            "scenario": scenario,
        },  # fmt: skip
    )


def _search(query: str, top_k: int = 5) -> dict[str, Any]:
    return (
        call("search_user_memory", query=query, top_k=top_k)
        if top_k != 5
        else call("search_user_memory", query=query)
    )


def _fact_category(fact: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The oracle's category for a memory about ``fact`` and the gold matcher of acceptable ones."""
    cats = [*fact["cats"], "other"] if "other" not in fact["cats"] else list(fact["cats"])
    assert "people" not in cats  # a perturbed category ("people") must be rejected
    return cats[0], {"$any": cats}


def _person_category(role_scenario: str, fact_cats: list[str]) -> tuple[str, dict[str, Any]]:
    """Category of a memory about a person: "people"; the scenario's and the fact's own categories (e.g. "health"
    for an allergy) fit too (a perturbed "family" must be rejected)."""
    extra = {WORK: "work", STUDY: "study", TRAVEL: "travel", FAMILY: "health"}[role_scenario]
    cats = list(dict.fromkeys(["people", extra, *fact_cats, "other"]))
    assert "family" not in cats
    return "people", {"$any": cats}


# =========================================================================== API-primary (tool bucket)
@family("memory.text_role", dimension="memory", category=SINGLE, bucket="tool")
def text_role(ctx: Ctx) -> Draft:
    scenario = ctx.choice(SCENARIOS)
    role, person, former = _role_people(ctx, scenario, ctx.choice([False, True]))
    reasoning = CONFLICT if former else SINGLE
    body, keys = ctx.pick("sms_bodies")
    mems, ids = _role_memories(ctx, role, person, former)
    history, query = _dialogue(
        ctx,
        ["text my {role} that {body}.", "let my {role} know {body} — a text is fine.",
         "send my {role} a message: {body}.", "can you message my {role} and say {body}?",
         "shoot my {role} a quick text: {body}.", "SMS my {role} — {body}."],
        [("I want to send a quick note: \"{body}\".", "Sure — who's it for?", "My {role}. Send it as a text."),
         ("Draft this for me: \"{body}\".", "Here it is: \"{Body}.\" Who should get it?", "Text it to my {role}."),
         ("Can you help me send a message? It says: {body}.", "Of course. Who's the recipient?",
          "My {role} — by SMS, please."),
         ("Message text: \"{Body}.\"", "Got it. Who should I send that to?", "Send it to my {role}."),
         ("I need to get this out: {body}.", "Okay — to whom?", "My {role}, as a text message."),
         ("Can you send a text for me?", "Sure. What should it say?", "\"{Body}.\"", "Got it. And who's it for?",
          "My {role}.")],
        role=role, body=body, Body=_cap(body),
    )  # fmt: skip
    text = _cap(body) + "."
    return _draft(
        ctx, bucket="tool", reasoning=reasoning, target="phone_action", scenario=scenario,
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"calls": [sms_call(person["id"], keys)]},
        oracle=[
            calls(_search(role)),
            calls(call("search_contacts", query=person["name"])),
            hermes(call("send_message", contact_id=person["id"], text=text)),
            f"Texted {person['name']}, your {role}" + (" (your newest note about it)." if former else "."),
        ],
    )  # fmt: skip


@family("memory.med_alarm", dimension="memory", category=SINGLE, bucket="tool")
def med_alarm(ctx: Ctx) -> Draft:
    med, key = ctx.pick("mem_meds")
    days_words, days = ctx.pick("mem_day_sets")
    reasoning = ctx.choice([SINGLE, CONFLICT, MULTI])
    searches = [_search(f"{med} time")]
    if reasoning == SINGLE:
        time = ctx.pick("times")
        mems = _one(ctx, "mem_t001", f"I take my {med} at {time} every day.", "health", ["medication", key])
        ids = ["mem_t001"]
    elif reasoning == MULTI:
        time = ctx.pick("times")
        h = int(time[:2])
        meal = "breakfast" if h < 11 else "lunch" if h < 15 else "my afternoon snack" if h < 18 else "dinner"
        mems = {
            **_one(ctx, "mem_t001", f"I take my {med} with {meal}.", "health", ["medication", key]),
            **_one(ctx, "mem_t002", f"I have {meal} at {time} every day.", "routine", ["meals"]),
        }  # fmt: skip
        ids = ["mem_t001", "mem_t002"]
        searches.append(_search(f"{meal.removeprefix('my ')} time every day"))
    else:
        old, time = ctx.pick_many("times", 2)
        mems, old_id, new_id = _pair(
            ctx, f"I take my {med} at {old} every day.", f"Dr. Shah moved my {med} to {time} in {{month}}.",
            "health", ["medication", key],
        )  # fmt: skip
        ids = [old_id, new_id]
    history, query = _dialogue(
        ctx,
        ["set an alarm for my {med} on {days}, at the time I usually take it.",
         "I keep forgetting my {med}. Add an alarm for {days} at my usual time.",
         "alarm for the {med}, please — {days}, same time I always take it.",
         "can you make an alarm for my {med} on {days}? Use my normal time.",
         "I need an alarm on {days} for my {med}, at the usual hour."],
        [("I picked up a refill of my {med} today.", "Good, you're stocked up. Anything else?",
          "Set an alarm for taking it on {days}, at my usual time."),
         ("Dr. Shah wants me to stay on the {med} for three more months.",
          "Got it — sounds like it stays part of your routine.", "Right. Add an alarm for it on {days}, the usual time."),
         ("I've been skipping doses of my {med} lately.", "An alarm could help keep you on track.",
          "Good idea — {days}, at the time I normally take it."),
         ("I'm still on that {med}, by the way.", "Thanks for letting me know. Anything I can set up?",
          "An alarm for it on {days}, at my usual time."),
         ("Started a new bottle of my {med}.", "Want help sticking to the schedule?",
          "Yes, alarm on {days} at the usual time I take it."),
         ("The pharmacist said not to miss any {med} doses.", "Should I set an alarm?", "Please — {days}, same time as always.")],
        med=med, days=days_words,
    )  # fmt: skip
    label = f"Take {med}"
    return _draft(
        ctx, bucket="tool", reasoning=reasoning, target="phone_action", scenario=FAMILY,
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"calls": [{"name": "create_alarm",
                         "arguments": {"time": time, "label": contains(key), "repeat_days": days}}]},
        oracle=[
            calls(*searches),
            calls(call("list_alarms")),
            hermes(call("create_alarm", time=time, label=label, repeat_days=days)),
            f"Your {med} alarm rings at {_words(time)} on {days_words}.",
        ],
    )  # fmt: skip


@family("memory.book_flight", dimension="memory", category=MULTI, bucket="tool")
def book_flight(ctx: Ctx) -> Draft:
    f = ctx.pick("mem_core_flights")
    purpose = ctx.pick("mem_purposes")
    variant = ctx.choice(["card", "window", "window+card"])
    seat = "aisle" if variant == "card" else "window"
    if not f["seats"][seat]:
        raise Skip(f"{f['id']} has no free {seat} seat")
    with_card = "card" in variant
    mems: dict[str, dict[str, Any]] = {}
    ids = ["mem_022"]  # core: aisle seat near the front
    if with_card:
        mems.update(_one(ctx, "mem_t001", "Work trips go on my Northwind Labs corporate Amex card.", "travel",
                         ["card", "work travel"]))  # fmt: skip
        ids.append("mem_t001")
    if seat == "window":
        stamp = ctx.choice(NEW_STAMPS)
        mems["mem_t002"] = _mem("mem_t002", f"Since my shoulder surgery in {_month(stamp)} I want a window seat on every flight.",
                                "travel", stamp, ["flights", "seat"])  # fmt: skip
        ids.append("mem_t002")
    city = {"SEA": "Seattle", "LAX": "LA", "JFK": "New York"}
    trip = f"to {city[f['destination']]}" if f["origin"] == "SFO" else f"back from {city[f['origin']]}"
    day = "next Wednesday" if f["depart"].startswith("2026-05-27") else f"June {int(f['depart'][8:10])}"
    time = _words(f["depart"][11:16])
    history, query = _dialogue(
        ctx,
        ["book the {time} {airline} flight {trip} on {day} for {purpose} — you know how I like to sit.",
         "I'm taking the {time} {airline} flight {trip} on {day} for {purpose}. Book it the usual way.",
         "grab me a seat on the {time} {airline} flight {trip}, {day}; it's for {purpose}.",
         "please book {airline}'s {time} flight {trip} on {day} — {purpose}. Usual preferences.",
         "put me on the {airline} {time} departure {trip} on {day} for {purpose}, set up how I like it."],
        [("I have to fly {trip} on {day}.", "I can help with that. Any particular flight?",
          "The {time} {airline} one — book it for {purpose}, with my usual preferences."),
         ("Looks like I'm going {trip} on {day}.", "Want me to book something?",
          "Yes, the {time} on {airline}. It's for {purpose}, so set it up the way I always do."),
         ("My {day} plans changed: I'm flying {trip}.", "Okay! Should I book a flight?",
          "Please — the {time} {airline} flight, for {purpose}. You know how I fly."),
         ("Is there a flight {trip} on {day}?", "There should be a few options that day.",
          "Book the {time} {airline} for me — it's for {purpose}. Usual preferences."),
         ("I'm going {trip} on {day}.", "Do you want me to find a flight?", "Yes. It's for {purpose}.",
          "Any preference on the departure?", "The {time} {airline} one. Book it how I like it.")],
        time=time, airline=f["airline"], trip=trip, day=day, purpose=purpose,
    )  # fmt: skip
    # Without the card memory nothing says how to pay: any card the booking goes through with will do
    # (the default one when omitted), as in the other flight families.
    args: dict[str, Any] = {"flight_id": f["id"], "seat_type": seat, "card": {"$ignore": True}}
    oracle_args: dict[str, Any] = {"flight_id": f["id"], "seat_type": seat}
    if with_card:
        args["card"] = CORP_CARD
        oracle_args["card"] = "card_002"
    searches = [_search("flight seat preference")]
    if with_card:
        searches.append(_search("card for work trips"))
    return _draft(
        ctx, bucket="tool", reasoning=CONFLICT if seat == "window" else MULTI, target="phone_action",
        scenario=TRAVEL, history=history, query=query, memories=mems, gold_ids=ids,
        gold={"calls": [{"name": "book_flight", "arguments": args}]},
        oracle=[
            calls(*searches),
            calls(call("search_flights", origin=f["origin"], destination=f["destination"], date=f["depart"][:10])),
            hermes(call("book_flight", **oracle_args)),
            f"Booked {f['flight_number']} {trip} on {day}: {seat} seat"
            + (", paid with your corporate Amex." if with_card else "."),
        ],
    )  # fmt: skip


@family("memory.study_timer", dimension="memory", category=SINGLE, bucket="tool")
def study_timer(ctx: Ctx) -> Draft:
    (subject, _skw), (other, _okw) = ctx.pick_many("mem_subjects", 2)
    label = ctx.pick("mem_timer_labels")
    reasoning = ctx.choice([SINGLE, CONFLICT, MULTI])
    minutes, other_minutes = ctx.pick_many("mem_minutes", 2)
    if reasoning == MULTI:
        mems = {
            **_one(ctx, "mem_t001", f"My focus blocks are {other_minutes} minutes long.", "study", ["focus", "study"]),
            **_one(ctx, "mem_t002", f"For {subject} I always do a double focus block.", "study", ["focus", subject]),
        }  # fmt: skip
        ids = ["mem_t001", "mem_t002"]
        minutes = 2 * other_minutes
    elif reasoning == SINGLE:
        mems = {
            **_one(ctx, "mem_t001", f"For {subject} I study in {minutes}-minute focus blocks.", "study", ["focus", "study"]),
            **_one(ctx, "mem_t002", f"For {other} I study in {other_minutes}-minute focus blocks.", "study", ["focus", "study"]),
        }  # fmt: skip
        ids = ["mem_t001"]
    else:
        mems, old_id, new_id = _pair(
            ctx, f"My {subject} focus blocks are {other_minutes} minutes.",
            f"Switched my {subject} focus blocks to {minutes} minutes in {{month}} — they work better.",
            "study", ["focus", "study"],
        )  # fmt: skip
        ids = [old_id, new_id]
    history, query = _dialogue(
        ctx,
        ["start {a_subject} focus timer called {label} — my usual length.",
         "time my {subject} block, label it {label}, usual duration.",
         "kick off a timer for {subject} ({label}), same length as always.",
         "I'm sitting down to {subject}: start my usual block timer and name it {label}.",
         "focus timer for {subject}, please — usual length, call it {label}."],
        [("I've got {a_subject} quiz on Monday.", "Want to set up some focused study time?",
          "Yes, start my usual focus timer for it and call it {label}."),
         ("Time to get back to {subject}.", "Good luck! Need anything?",
          "Start a focus timer, my usual length for that, labeled {label}."),
         ("I'm behind on {subject}.", "Let's fix that. Want a focus block?", "Yes — usual length, timer name {label}."),
         ("Okay, {subject} time.", "Ready when you are.",
          "Start the timer — same length I always use for it — and label it {label}."),
         ("Let's do some {subject}.", "Great! Want a focus timer?", "Yes, my usual block length, named {label}."),
         ("I should really study {subject} now.", "Shall I start your focus block?", "Please — usual length, label {label}.")],
        subject=subject, a_subject=_a(subject), label=label,
    )  # fmt: skip
    return _draft(
        ctx, bucket="tool", reasoning=reasoning, target="phone_action", scenario=STUDY,
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"calls": [{"name": "start_timer",
                         "arguments": {"duration_seconds": minutes * 60, "label": contains(label.casefold())}}]},
        oracle=[
            calls(_search(f"{subject} focus blocks")),
            hermes(call("start_timer", duration_seconds=minutes * 60, label=f"{subject} - {label}")),
            f"Started a {minutes}-minute {subject} timer ({label}).",
        ],
    )  # fmt: skip


@family("memory.expense_email", dimension="memory", category=SINGLE, bucket="tool")
def expense_email(ctx: Ctx) -> Draft:
    trip, trip_kw = ctx.pick("mem_trips")
    amount = ctx.pick("mem_amounts")
    reasoning = ctx.choice([SINGLE, CONFLICT, MULTI])
    rule = "Receipts from work trips go to {addr}, with the trip name in the subject."
    if reasoning == CONFLICT:
        old, addr = ctx.pick_many("mem_expense_addresses", 2)
        mems, old_id, new_id = _pair(
            ctx, rule.format(addr=old), f"Finance switched the expense inbox to {addr} in {{month}}.", "work",
            ["expenses", "receipts"],
        )  # fmt: skip
        ids = [old_id, new_id]
    else:
        addr = ctx.pick("mem_expense_addresses")
        mems = _one(ctx, "mem_t001", rule.format(addr=addr), "work", ["expenses", "receipts"])
        ids = ["mem_t001"]
    if reasoning == MULTI:
        mems.update(
            _one(ctx, "mem_t002", "Always cc Maya Chen on expense reports.", "work", ["expenses", "cc"])
        )
        ids.append("mem_t002")
    history, query = _dialogue(
        ctx,
        ["email my receipts from {trip} to expenses — total was {amount}.",
         "send the {trip} receipts to the expense inbox; it came to {amount}.",
         "file my expenses for {trip} by email. Total: {amount}.",
         "can you email expenses about {trip}? The receipts add up to {amount}.",
         "expense email for {trip}, please — {amount} in total."],
        [("Finally back from {trip}.", "Welcome back! Anything to wrap up?",
          "Yes — email my receipts to expenses the usual way. Total was {amount}."),
         ("I just added up my receipts from {trip}.", "How much did it come to?",
          "{amount}. Send it to expenses like I always do."),
         ("{trip} is done, thank goodness.", "Glad it went well. Need anything?",
          "File the expense email for it — {amount} total."),
         ("What's left from {trip}?", "Probably just the expense report.",
          "Right. Email it in the usual way — the receipts total {amount}."),
         ("I have a pile of receipts from {trip}.", "Want me to send them in?", "Yes, to expenses as usual; {amount} altogether."),
         ("Expense report time for {trip}.", "How much was it?", "{amount}. Email it the way I always do."),
         ("Ugh, expenses.", "From which trip?", "{trip}.", "Want me to send them in?", "Yes — {amount} total, the usual way.")],
        trip=trip, amount=amount,
    )  # fmt: skip
    subject = f"Expenses: {trip.removeprefix('the ').removeprefix('last week')}".strip()
    body = f"Hi, attached are my receipts from {trip}. Total: {amount}."
    args: dict[str, Any] = {
        "to": {"$any": [[addr]]},
        "subject": contains(trip_kw),
        "body": _money(amount),
    }
    oracle_args: dict[str, Any] = {"to": [addr], "subject": subject, "body": body}
    if reasoning == MULTI:
        args["cc"] = MAYA_CC
        oracle_args["cc"] = ["contact_001"]
    return _draft(
        ctx, bucket="tool", reasoning=reasoning, target="phone_action", scenario=ctx.choice([TRAVEL, WORK]),
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"calls": [{"name": "send_email", "arguments": args}]},
        oracle=[
            calls(_search("expense receipts email")),
            hermes(call("send_email", **oracle_args)),
            f"Sent the receipts from {trip} ({amount}) to {addr}" + (", cc Maya." if reasoning == MULTI else "."),
        ],
    )  # fmt: skip


@family("memory.replace_fact", dimension="memory", category=SINGLE, bucket="tool", weight=2)
def replace_fact(ctx: Ctx) -> Draft:
    fact = ctx.pick("mem_facts")
    mems = _one(ctx, "mem_t001", fact["old"], fact["cats"][0], [fact["key"]])
    history, query = _dialogue(
        ctx,
        ["{change} — update what you have saved.", "heads up, {change}. Fix that in your memory.",
         "{change}, so please correct your notes on my {topic}.",
         "update your memory: {change}.", "just so you know, {change} — change what you remember."],
        [("{change}.", "Thanks for the update! Should I put anything on your calendar?",
          "No — just correct what you've got saved about my {topic}."),
         ("Guess what: {change}.", "Oh, good to know.", "Can you update your memory of my {topic} with that?"),
         ("FYI, {change}.", "Noted! Anything you want me to do with that?",
          "Yes, fix the old info on my {topic} you have stored."),
         ("Small change on my end: {change}.", "Got it.", "Please update what you know about my {topic} accordingly."),
         ("Can I tell you something that changed?", "Of course.", "{change}.", "Thanks! Anything to do with it?",
          "Yes, update your saved {topic} info.")],
        change=fact["change"], topic=fact["topic"],
    )  # fmt: skip
    return _draft(
        ctx, bucket="tool", reasoning=SINGLE, target="replace", scenario=fact["scenario"],
        history=history, query=query, memories=mems, gold_ids=["mem_t001"],
        gold={"calls": [{"name": "replace_user_memory",
                         "arguments": {"memory_id": "mem_t001", "text": kw(*fact["keys"])}}]},
        oracle=[
            calls(_search(fact["search"])),
            hermes(call("replace_user_memory", memory_id="mem_t001", text=fact["new"])),
            f"Updated: {fact['new']}",
        ],
    )  # fmt: skip


@family("memory.remove_outdated", dimension="memory", category=CONFLICT, bucket="tool", weight=2)
def remove_outdated(ctx: Ctx) -> Draft:
    fact = ctx.pick("mem_facts")
    reasoning = ctx.choice([CONFLICT, CONFLICT, SINGLE])
    if reasoning == CONFLICT:
        mems, target_id, new_id = _pair(ctx, fact["old"], fact["new"], fact["cats"][0], [fact["key"]])
        ids = [target_id, new_id]
        history, query = _dialogue(
            ctx,
            ["you've got two different notes about my {topic}. Drop the outdated one.",
             "clean up your memory of my {topic} — delete whichever note is stale.",
             "there are conflicting memories about my {topic}; remove the old one.",
             "please get rid of the out-of-date memory about my {topic}.",
             "two saved facts about my {topic} disagree — forget the older one."],
            [("{change}.", "Good to know!",
              "You probably still have the old version of my {topic} saved too — remove the stale one."),
             ("Do you remember my {topic}?", "I have a couple of notes on that.",
              "One of them is outdated. Delete the older note about my {topic}."),
             ("Heads up: {change}.", "Thanks, noted.",
              "So get rid of whatever outdated memory you still keep about my {topic}."),
             ("I think your info on my {topic} is inconsistent.", "I can check — want me to tidy it up?",
              "Yes, remove the old {topic} note and keep the current one.")],
            change=fact["change"], topic=fact["topic"],
        )  # fmt: skip
        final = f"Removed the outdated note about your {fact['topic']}; kept: {fact['new']}"
    else:
        mems = _one(ctx, "mem_t001", fact["old"], fact["cats"][0], [fact["key"]])
        target_id, ids = "mem_t001", ["mem_t001"]
        history, query = _dialogue(
            ctx,
            ["forget what you know about my {topic}.", "please delete the memory about my {topic}.",
             "I don't want you storing my {topic} anymore — remove it.",
             "erase your note on my {topic}.", "stop remembering my {topic}, please."],
            [("What do you know about my {topic}?", "I have a note saved about it.",
              "I'd rather you didn't keep that. Delete the {topic} memory."),
             ("I'm cleaning up what you store about me.", "Sure — anything specific?",
              "Yes, forget my {topic}."),
             ("Privacy check: do you keep anything about my {topic}?", "I have one saved memory about it.",
              "Remove that {topic} memory, please."),
             ("My {topic} info isn't something you need.", "Understood. Want me to forget it?",
              "Yes, delete the {topic} note.")],
            topic=fact["topic"],
        )  # fmt: skip
        final = f"Deleted the saved note about your {fact['topic']}."
    return _draft(
        ctx, bucket="tool", reasoning=reasoning, target="remove", scenario=fact["scenario"],
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"calls": [{"name": "remove_user_memory", "arguments": {"memory_id": target_id}}]},
        oracle=[calls(_search(fact["search"])), hermes(call("remove_user_memory", memory_id=target_id)), final],
    )  # fmt: skip


@family("memory.add_fact", dimension="memory", category=SINGLE, bucket="tool", weight=2)
def add_fact(ctx: Ctx) -> Draft:
    fact = ctx.pick("mem_facts")
    new = fact["new"].rstrip(".")
    statement = new if new.startswith(("I ", "Emma")) else new[0].lower() + new[1:]
    category, cat_gold = _fact_category(fact)
    history, query = _dialogue(
        ctx,
        ["remember that {statement}.", "please save this for later: {statement}.",
         "keep in mind that {statement}.", "add to your memory: {statement}.",
         "note this about me — {statement}."],
        [("{change}.", "Good to know!", "Save that about my {topic} so you remember it next time."),
         ("Quick update: {change}.", "Thanks for telling me.", "Store it — I want you to remember my {topic}."),
         ("So, {change}.", "Okay! Want me to do anything with that?", "Just remember it, it's my {topic} now."),
         ("By the way, {change}.", "Noted.", "Make that a permanent memory about my {topic}.")],
        statement=statement, change=fact["change"], topic=fact["topic"],
    )  # fmt: skip
    return _draft(
        ctx, bucket="tool", reasoning=SINGLE, target="add", scenario=fact["scenario"],
        history=history, query=query, memories={}, gold_ids=[],
        gold={"calls": [{"name": "add_user_memory",
                         "arguments": {"text": kw(*fact["keys"]), "category": cat_gold, "tags": {"$ignore": True}}}]},
        oracle=[
            calls(_search(fact["search"]), call("list_user_memories", category=category)),
            hermes(call("add_user_memory", text=fact["new"], category=category, tags=[fact["key"]])),
            f"I'll remember that: {fact['new']}",
        ],
    )  # fmt: skip


@family("memory.practice_session", dimension="memory", category=MULTI, bucket="tool")
def practice_session(ctx: Ctx) -> Draft:
    language, why = ctx.pick("mem_languages")
    topic = ctx.pick("mem_practice_topics")
    minutes = ctx.pick("mem_practice_minutes")
    reasoning = ctx.choice([MULTI, CONFLICT])
    length = _one(ctx, "mem_t003", f"I like my speaking practice sessions to last {minutes} minutes.", "preference",
                  ["practice"])  # fmt: skip
    if reasoning == MULTI:
        level = ctx.choice(["beginner", "advanced"])
        mems = {**_one(ctx, "mem_t001", f"I'm learning {language} {why}; my level is {level}.", "study",
                       ["language", language]), **length}  # fmt: skip
        ids = ["mem_t001", "mem_t003"]
    else:
        level = "intermediate"
        recs, old_id, new_id = _pair(
            ctx, f"I'm learning {language} {why}; my level is beginner.",
            f"Passed my {language} placement test in {{month}} — my level is intermediate now.", "study",
            ["language", language],
        )  # fmt: skip
        mems = {**recs, **length}
        ids = [old_id, new_id, "mem_t003"]
    history, query = _dialogue(
        ctx,
        ["let's do {a_language} speaking practice on {topic}.", "start {a_language} conversation session about {topic} for me.",
         "I want to practice my {language} — {topic}, please.", "set up {language} practice: {topic}.",
         "run {a_language} speaking drill with me about {topic}."],
        [("My {language} is getting rusty.", "Want to do a practice session?",
          "Yes — let's work on {topic}, my usual length and level."),
         ("I have a trip coming up where I'll need my {language}.", "A speaking session could help. Interested?",
          "Sure, set one up on {topic}."),
         ("Can you help me with {language}?", "Of course! What do you want to practice?",
          "{topic} — speaking practice, the usual setup."),
         ("I've been slacking on {language}.", "Let's get back into it. What topic?", "Let's do {topic}."),
         ("I want to speak better {language}.", "A conversation drill could help. On what?", "On {topic}, my usual setup."),
         ("Feel like practicing some {language}?", "Always! Pick a scenario.", "{topic}, please.")],
        language=language, a_language=_a(language), topic=topic,
    )  # fmt: skip
    code = {"Spanish": "es", "French": "fr", "German": "de", "Italian": "it", "Portuguese": "pt", "Japanese": "ja",
            "Korean": "ko", "Mandarin Chinese": "zh"}[language]  # fmt: skip
    lang_gold = {"$any": list(dict.fromkeys([language, code, language.split()[-1]]))}
    return _draft(
        ctx, bucket="tool", reasoning=reasoning, target="phone_action", scenario=STUDY,
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"calls": [{"name": "delegate_to_practice_agent",
                         "arguments": {"kind": "language", "topic": {"$ignore": True}, "context": {"$ignore": True},
                                       "level": level, "language": lang_gold, "minutes": minutes}}]},
        oracle=[
            calls(_search(f"{language} level practice sessions")),
            hermes(call("delegate_to_practice_agent", kind="language", topic=topic,
                        context={"learner": "Alex Morgan", "goal": why}, level=level, language=language,
                        minutes=minutes)),
            f"Started a {minutes}-minute {level} {language} session on {topic}.",
        ],
    )  # fmt: skip


@family("memory.play_usual", dimension="memory", category=SINGLE, bucket="tool")
def play_usual(ctx: Ctx) -> Draft:
    activity, scenario, pid = ctx.pick("mem_activities")
    name = _WORLD["playlists"][pid]["name"]
    reasoning = ctx.choice([SINGLE, CONFLICT])
    if reasoning == SINGLE:
        mems = _one(ctx, "mem_t001", f"For {activity} I always put on the '{name}' playlist.", "preference",
                    ["music", "playlist"])  # fmt: skip
        ids = ["mem_t001"]
    else:
        others = [p["name"] for k, p in _WORLD["playlists"].items() if k <= "playlist_005" and k != pid]
        mems, old_id, new_id = _pair(
            ctx, f"For {activity} I always put on the '{ctx.choice(others)}' playlist.",
            f"Since {{month}}, for {activity} I play the '{name}' playlist instead.", "preference", ["music", "playlist"],
        )  # fmt: skip
        ids = [old_id, new_id]
    level = ctx.pick("mem_levels")
    history, query = _dialogue(
        ctx,
        ["I'm starting {activity} — put on my usual playlist.", "play what I usually listen to for {activity}.",
         "time for {activity}; start my usual music.", "queue up my playlist for {activity}, please.",
         "music for {activity}, the one I always use.",
         "put on the playlist I always play for {activity}."],
        [("About to start {activity}.", "Sounds good! Need anything?",
          "Yeah — play my usual playlist for it and set the volume to {level} percent."),
         ("Okay — {activity}, here I go.", "Want some music?", "Please: my usual one for that, at {level}% volume."),
         ("I'm settling in for {activity}.", "Anything to get you in the zone?",
          "Put on the playlist I always use for it, volume {level}."),
         ("Time for {activity}.", "Enjoy!", "Play my usual music for that — and make the volume {level}%."),
         ("Starting {activity} in a minute.", "Want your usual soundtrack?", "Yes, at {level} percent volume."),
         ("Let's get going with {activity}.", "Need some music?", "Put on what I always play for that, volume at {level}.")],
        activity=activity, level=level,
    )  # fmt: skip
    gold = [{"name": "play_media", "arguments": {"playlist_id": pid}}]
    acts = [hermes(call("play_media", playlist_id=pid))]
    if _turns(ctx) == "multi":
        gold.append({"name": "set_playback_volume", "arguments": {"level": level}})
        acts.append(calls(call("set_playback_volume", level=level)))
    return _draft(
        ctx, bucket="tool", reasoning=reasoning, target="phone_action", scenario=scenario,
        history=history, query=query, memories=mems, gold_ids=ids, gold={"calls": gold, "any_order": True},
        oracle=[calls(_search(f"{activity} playlist music")), calls(call("list_playlists")), *acts,
                f"Playing '{name}'."],
    )  # fmt: skip


@family("memory.dnd_exception", dimension="memory", category=SINGLE, bucket="tool")
def dnd_exception(ctx: Ctx) -> Draft:
    scenario = ctx.choice([FAMILY, WORK, WORK, TRAVEL])
    variant = ctx.choice(["one", "one", "two"])
    if variant == "two":
        roles_pool, people_pool = ROLE_SOURCES[scenario]
        roles, people = ctx.pick_many(roles_pool, 2), ctx.pick_many(people_pool, 2)
        mems = {f"mem_t00{i + 1}": _mem(f"mem_t00{i + 1}", f"My {r} is {p['name']}.", "people", ctx.choice(OLD_STAMPS), [r])
                for i, (r, p) in enumerate(zip(roles, people, strict=True))}  # fmt: skip
        ids, reasoning, role = sorted(mems), MULTI, f"{roles[0]} and my {roles[1]}"
    else:
        role, person, former = _role_people(ctx, scenario, ctx.choice([False, True]))
        reasoning = CONFLICT if former else SINGLE
        mems, ids = _role_memories(ctx, role, person, former)
        roles, people = [role], [person]
    history, query = _dialogue(
        ctx,
        ["make sure my {role} can reach me even when Do Not Disturb is on.", "let my {role} break through Do Not Disturb.",
         "add my {role} to the Do Not Disturb exceptions.",
         "I don't want to miss my {role} during Do Not Disturb — let them through.",
         "my {role} should always get through DND."],
        [("I'm going to be on Do Not Disturb a lot this week.", "Okay. Want anyone to be able to get through?",
          "Yes, my {role}."),
         ("DND keeps hiding important stuff from me.", "You can add exceptions for specific people.",
          "Then add my {role}."),
         ("Who can reach me on Do Not Disturb right now?", "Jordan and Emma are on your exception list.",
          "Add my {role} too."),
         ("I need to be reachable by more people when my phone is silenced.", "Sure — who should it be?",
          "My {role}."),
         ("I'm turning Do Not Disturb on for most of tomorrow.", "Got it. Should anyone still reach you?",
          "Hmm, let me think.", "Take your time.", "Okay: my {role}. Let them through.")],
        role=role,
    )  # fmt: skip
    return _draft(
        ctx, bucket="tool", reasoning=reasoning, target="phone_action", scenario=scenario,
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"calls": [{"name": "add_dnd_exception", "arguments": {"contact_id": p["id"]}} for p in people],
              "any_order": True},
        oracle=[
            calls(*(_search(r) for r in roles)),
            calls(*(call("search_contacts", query=p["name"]) for p in people)),
            hermes(*(call("add_dnd_exception", contact_id=p["id"]) for p in people)),
            " ".join(f"{p['name']} (your {r}) can now reach you during Do Not Disturb." for r, p in zip(roles, people, strict=True)),
        ],
    )  # fmt: skip


@family("memory.birthday_reminder", dimension="memory", category=MULTI, bucket="tool")
def birthday_reminder(ctx: Ctx) -> Draft:
    scenario = ctx.choice([FAMILY, FAMILY, WORK])
    role, person, _ = _role_people(ctx, scenario, False)
    words, day = ctx.pick("mem_birthdays")
    gift, gift_kw = ctx.pick("mem_gifts")
    cat = "family" if scenario == FAMILY else "people"
    mems = _one(
        ctx, "mem_t001", f"My {role} {person['name']}'s birthday is {words}.", cat, ["birthday", role]
    )
    ids = ["mem_t001", "mem_018"]  # core: 1 day before birthdays
    reasoning = ctx.choice([MULTI, CONFLICT])
    lead = 1
    if reasoning == CONFLICT:
        lead = ctx.choice([2, 3, 4, 5, 7])
        stamp = ctx.choice(NEW_STAMPS)
        mems["mem_t002"] = _mem("mem_t002", f"Birthday reminders should come {lead} days ahead now, so gifts can ship.",
                                "preference", stamp, ["reminders", "birthday"])  # fmt: skip
        ids.append("mem_t002")
    due = (datetime.fromisoformat(day) - timedelta(days=lead)).date().isoformat()
    # The contact card must not contradict the memory: keep its birth year, take the remembered month and day.
    born = person.get("birthday")
    patch = {"contacts": {person["id"]: {**person, "birthday": born[:4] + day[4:]}}} if born else None
    history, query = _dialogue(
        ctx,
        ["remind me to buy {gift} for my {role}'s birthday — usual lead time.",
         "set a reminder to get {gift} before my {role}'s birthday, as early as I usually like.",
         "I want to give my {role} {gift} for their birthday; remind me with my usual heads-up.",
         "add a reminder: {gift} for my {role}'s birthday, the usual number of days before.",
         "don't let me forget {gift} for my {role}'s birthday — remind me the way I like."],
        [("My {role} has a birthday coming up.", "Nice! Want help preparing?",
          "Yes — remind me to buy {gift} for it, with my usual lead time."),
         ("I never know what to get my {role}.", "Any ideas for their birthday this year?",
          "{gift}, I think. Set a reminder to buy it, the usual days ahead."),
         ("Emma wants to make a card for my {role}.", "That's sweet — for their birthday?",
          "Yes. And remind me to pick up {gift} for it, with my normal heads-up."),
         ("When's my {role}'s birthday again?", "I can look that up for you.",
          "Please — and set a reminder to get {gift}, with my usual lead time."),
         ("I want to surprise my {role} this year.", "Fun! For their birthday?",
          "Exactly. Remind me to order {gift}, my usual days ahead."),
         ("My {role}'s birthday always sneaks up on me.", "Want a reminder this time?",
          "Yes, to get {gift} — with my usual heads-up.")],
        role=role, gift=gift,
    )  # fmt: skip
    first = person["name"].split()[0]
    return _draft(
        ctx, bucket="tool", reasoning=reasoning, target="phone_action", scenario=scenario,
        history=history, query=query, memories=mems, gold_ids=ids, patch=patch,
        gold={"calls": [{"name": "create_reminder", "arguments": {"title": contains(gift_kw), "due": contains(due)}}]},
        oracle=[
            calls(_search(f"{role} birthday"), _search("birthday reminder lead time")),
            hermes(call("create_reminder", title=f"Buy {gift} for {first}'s birthday", due=f"{due}T09:00:00")),
            f"{first}'s birthday is {words}; I'll remind you on {due} to get {gift}.",
        ],
    )  # fmt: skip


# =========================================================================== DB-primary (state bucket)
@family("memory.meeting_event", dimension="memory", category=SINGLE, bucket="state")
def meeting_event(ctx: Ctx) -> Draft:
    scenario = ctx.choice([WORK, STUDY])
    meeting = ctx.pick("mem_meetings" if scenario == WORK else "mem_study_meetings")
    day_words, day = ctx.pick("mem_days")
    time_words, time = ctx.pick("mem_hours")
    if time < "10:00" or (datetime.fromisoformat(day).weekday() == 4 and time >= "12:00"):
        raise Skip("mem_009 keeps meetings out of mornings before 10:00 and Friday afternoons")
    reasoning = ctx.choice([SINGLE, CONFLICT, MULTI])
    if reasoning == CONFLICT:
        old_min, minutes = ctx.pick_many("mem_meeting_minutes", 2)  # ≤ 50: mem_008 caps every meeting
        old_room, room = ctx.pick_many("mem_rooms", 2)
        mems, old_id, new_id = _pair(
            ctx, f"{meeting}s run {old_min} minutes in {old_room}.",
            f"Since {{month}}, {meeting.lower()}s run {minutes} minutes in {room}.", "work", ["meetings"],
        )  # fmt: skip
        ids = [old_id, new_id]
    else:
        minutes, room = ctx.pick("mem_meeting_minutes"), ctx.pick("mem_rooms")  # ≤ 50, as mem_008 asks
        mems = _one(ctx, "mem_t001", f"{meeting}s run {minutes} minutes in {room}.", "work", ["meetings"])
        ids = ["mem_t001"]
    guest = None
    if reasoning == MULTI:
        guest = ctx.pick("mem_work_people" if scenario == WORK else "mem_study_people")
        mems.update(_one(ctx, "mem_t002", f"Always invite {guest['name']} to {meeting.lower()}s.", "work",
                         ["meetings", "invite"]))  # fmt: skip
        ids.append("mem_t002")
    history, query = _dialogue(
        ctx,
        ["put {a_meeting} on my calendar {day} at {time}.", "schedule {a_meeting} for {day} at {time}, set up the usual way.",
         "book {a_meeting} {day}, {time} — usual length and room.", "add {a_meeting} at {time} {day}.",
         "set up {a_meeting} {day} at {time} like the others."],
        [("I need to set up another {meeting}; the last one got cancelled.", "Want me to schedule it?",
          "Yes — {day} at {time}, usual setup."),
         ("We should do {a_meeting} soon.", "When works for you?", "{Day} at {time}. Set it up like the others."),
         ("Can you handle the next {meeting} for me?", "Sure — when should it be?",
          "{Day}, {time}. You know the usual length and room."),
         ("I've been asked to run {a_meeting}.", "Happy to schedule it. What time?", "{Day} at {time}, same format as always."),
         ("The team wants {a_meeting} before the end of the month.", "Okay — do you have a time in mind?",
          "I'm thinking {day}.", "What time works?", "{time}. Set it up the usual way.")],
        meeting=meeting.lower(), a_meeting=_a(meeting.lower()), day=day_words, Day=_cap(day_words), time=time_words,
    )  # fmt: skip
    start, end = _at(day, time), _at(day, time, minutes)
    fields: dict[str, Any] = {"title": contains(meeting.lower()), "start": start, "end": end,
                              "location": contains(room.removeprefix("the ").removesuffix(" room"))}  # fmt: skip
    args: dict[str, Any] = {"title": meeting, "start": start, "end": end, "location": room}
    if guest is not None:
        fields["attendees"] = [guest["id"]]
        args["attendees"] = [guest["id"]]
    reads = [calls(_search(f"{meeting} meetings length room"))]
    if guest is not None:
        reads.append(calls(call("search_contacts", query=guest["name"])))
    return _draft(
        ctx, bucket="state", reasoning=reasoning, target="phone_action", scenario=scenario,
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"delta": [{"table": "events", "op": "create", "fields": fields}]},
        oracle=[
            *reads,
            calls(call("list_events", start_date=day, end_date=day)),
            hermes(call("create_event", **args)),
            f"{meeting} is on {day} {_words(time)}–{end[11:16]} in {room}.",
        ],
    )  # fmt: skip


@family("memory.email_role", dimension="memory", category=SINGLE, bucket="state")
def email_role(ctx: Ctx) -> Draft:
    scenario = ctx.choice([WORK, STUDY])
    reasoning = ctx.choice([SINGLE, CONFLICT])
    roles, people = {
        WORK: ("mem_roles_work", "mem_emailable_work"),
        STUDY: ("mem_roles_study", "mem_emailable_study"),
    }[scenario]
    role = ctx.pick(roles)
    if reasoning == CONFLICT:
        former, person = ctx.pick_many(people, 2)
    else:
        former, person = None, ctx.pick(people)
    mems, ids = _role_memories(ctx, role, person, former)
    subject = ctx.pick("email_subjects")
    body, keys = ctx.pick("sms_bodies")
    history, query = _dialogue(
        ctx,
        ["email my {role} — subject '{subject}' — and say {body}.", "send my {role} an email titled '{subject}' that says {body}.",
         "write to my {role}: subject {subject}, message: {body}.", "drop my {role} an email about '{subject}' — {body}.",
         "email my {role} with the subject {subject}; tell them {body}."],
        [("I'm wrapping up the {subject} today.", "Nice. Should I send it to anyone?",
          "Email my {role} with that as the subject and say {body}."),
         ("Subject line for an email: {subject}.", "Got it. What should it say, and who's it for?",
          "Tell my {role} {body}."),
         ("I owe someone an update titled '{subject}'.", "Who should get it?", "My {role}. Email them — {body}."),
         ("Draft an email called '{subject}'.", "Sure, what's the message?", "Just that {body}. Send it to my {role}.")],
        role=role, subject=subject, body=body,
    )  # fmt: skip
    return _draft(
        ctx, bucket="state", reasoning=reasoning, target="phone_action", scenario=scenario,
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"delta": [{"table": "emails", "op": "create",
                         "fields": {"folder": "sent", "to": [person["email"]], "subject": contains(subject.casefold()),
                                    "body": contains(*keys)}}]},
        oracle=[
            calls(_search(role)),
            calls(call("search_contacts", query=person["name"])),
            hermes(call("send_email", to=[person["id"]], subject=subject, body=_cap(body) + ".")),
            f"Emailed {person['name']}, your {role}.",
        ],
    )  # fmt: skip


@family("memory.book_hotel", dimension="memory", category=MULTI, bucket="state")
def book_hotel(ctx: Ctx) -> Draft:
    hotel = ctx.pick("mem_core_hotels")
    purpose = ctx.pick("mem_purposes")
    day_words, day = ctx.pick("mem_days")
    nights = ctx.choice([1, 2, 3])
    city = hotel["city"]
    rooms = [k for k, r in hotel["rooms"].items() if r["quiet"] and r["high_floor"] and r["count"] > 0]
    pref = f"When I'm in {city} for work I stay at {hotel['name']}."
    reasoning = ctx.choice([MULTI, MULTI, CONFLICT])
    if reasoning == CONFLICT:
        old = ctx.choice([h for h in _OLD_HOTELS[city] if h != hotel["name"]])
        recs, old_id, new_id = _pair(
            ctx, f"When I'm in {city} for work I stay at {old}.",
            f"Switched hotels in {{month}}: in {city} I now stay at {hotel['name']}.", "travel", ["hotel", city],
        )  # fmt: skip
        mems, ids = recs, [old_id, new_id, "mem_024"]
    else:
        mems, ids = _one(ctx, "mem_t001", pref, "travel", ["hotel", city]), ["mem_t001", "mem_024"]
    with_card = ctx.choice([True, False])
    if with_card:
        mems.update(_one(ctx, "mem_t003", "Work hotels go on my Northwind Labs corporate Amex card.", "travel",
                         ["card", "hotel"]))  # fmt: skip
        ids.append("mem_t003")
    check_out = (datetime.fromisoformat(day) + timedelta(days=nights)).date().isoformat()
    history, query = _dialogue(
        ctx,
        ["book my usual hotel in {city} from {day} for {stay} — it's for {purpose}.",
         "I need a hotel in {city} for {purpose}: {stay} starting {day}. The usual, please.",
         "reserve my regular place in {city}, {stay} from {day}, for {purpose}.",
         "get me a room in {city} for {purpose}, checking in {day} for {stay} — you know what I like.",
         "hotel for {purpose} in {city}: arrive {day}, {stay}. Book it how I like it."],
        [("I'm headed to {city} {day}.", "Nice! Do you need anything booked?",
          "Yes, book my usual hotel there for {stay} — it's for {purpose}."),
         ("Looks like I'll be in {city} from {day}.", "Want me to sort out a place to stay?",
          "Please. {stay}, for {purpose} — the usual."),
         ("{purpose} is in {city} this time, starting {day}.", "Should I book your hotel?",
          "Yes, my regular one, {stay}."),
         ("I land in {city} {day}.", "Do you have a hotel yet?", "Not yet — book my usual, {stay}, for {purpose}."),
         ("Next trip: {city}, for {purpose}.", "When do you arrive?", "{Day}.", "And how long are you staying?",
          "{Stay}. Book my usual hotel.")],
        city=city, day=day_words, Day=_cap(day_words), stay=_NIGHTS[nights], Stay=_cap(_NIGHTS[nights]), purpose=purpose,
    )  # fmt: skip
    fields: dict[str, Any] = {
        "kind": "hotel", "item_id": hotel["id"], "start": f"{day}T15:00:00", "end": f"{check_out}T11:00:00",
        "details": {"room_type": {"$any": rooms}, "nights": nights, "confirmation": {"$ignore": True}},
    }  # fmt: skip
    args: dict[str, Any] = {
        "hotel_id": hotel["id"],
        "room_type": rooms[0],
        "check_in": day,
        "check_out": check_out,
    }
    if with_card:
        fields["card_id"] = "card_002"
        args["card"] = "card_002"
    searches = [_search(f"hotel {city}"), _search("hotel room preference")]
    if with_card:
        searches.append(_search("card for work hotels"))
    return _draft(
        ctx, bucket="state", reasoning=reasoning, target="phone_action", scenario=TRAVEL,
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"delta": [{"table": "bookings", "op": "create", "fields": fields}]},
        oracle=[
            calls(*searches),
            calls(call("search_hotels", city=city, check_in=day, check_out=check_out, quiet_room=True, high_floor=True)),
            hermes(call("book_hotel", **args)),
            f"Booked a {rooms[0].replace('_', ' ')} at {hotel['name']}, {day} to {check_out}.",
        ],
    )  # fmt: skip


@family("memory.study_session", dimension="memory", category=SINGLE, bucket="state")
def study_session(ctx: Ctx) -> Draft:
    subject, skw = ctx.pick("mem_subjects")
    day_words, day = ctx.pick("mem_days")
    minutes = ctx.pick("mem_minutes")
    reasoning = ctx.choice([SINGLE, CONFLICT, MULTI])
    if reasoning == CONFLICT:
        (old_place, _), (place, pkw) = ctx.pick_many("mem_study_places", 2)
        old_time, time = ctx.pick_many("times", 2)
        mems, old_id, new_id = _pair(
            ctx, f"I study {subject} at {old_place}, {minutes}-minute sessions starting at {old_time}.",
            f"Since {{month}} my {subject} sessions are at {place}, starting at {time} ({minutes} minutes).",
            "study", ["study", skw],
        )  # fmt: skip
        ids = [old_id, new_id]
    else:
        place, pkw = ctx.pick("mem_study_places")
        time = ctx.pick("times")
        if reasoning == SINGLE:
            mems = _one(ctx, "mem_t001", f"I study {subject} at {place}: {minutes}-minute sessions starting at {time}.",
                        "study", ["study", skw])  # fmt: skip
            ids = ["mem_t001"]
        else:
            mems = {
                **_one(ctx, "mem_t001", f"I study {subject} at {place}, starting at {time}.", "study", ["study", skw]),
                **_one(ctx, "mem_t002", f"All my study sessions last {minutes} minutes.", "study", ["study", "sessions"]),
            }  # fmt: skip
            ids = ["mem_t001", "mem_t002"]
    history, query = _dialogue(
        ctx,
        ["add {a_subject} study session {day} to my calendar.", "block time for {subject} {day} — usual time and place.",
         "put my {subject} session on the calendar for {day}.", "schedule {subject} study for {day}, set up like always.",
         "calendar {a_subject} session {day}, the usual way."],
        [("My {subject} exam is in two weeks.", "Want to plan some study time?",
          "Yes — put a session on my calendar {day}, usual time and place."),
         ("I really need to catch up on {subject}.", "Should I block some time?", "Please — {day}, the way I normally do it."),
         ("{subject} is killing me this term.", "Want a dedicated session?", "Yes, {day}. Usual setup."),
         ("I skipped {subject} this week.", "Want to make it up?", "Schedule a session {day}, my usual time and spot."),
         ("{subject} homework is piling up.", "Want to set aside time for it?", "Yes, a session {day} — usual place and time."),
         ("I want to get ahead in {subject}.", "Should I put a study session on the calendar?", "Do it for {day}, set up like always.")],
        subject=subject, a_subject=_a(subject), day=day_words,
    )  # fmt: skip
    start, end = _at(day, time), _at(day, time, minutes)
    searches = [_search(f"{subject} study sessions")]
    if reasoning == MULTI:
        searches.append(_search("study session length minutes"))
    return _draft(
        ctx, bucket="state", reasoning=reasoning, target="phone_action", scenario=STUDY,
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"delta": [{"table": "events", "op": "create",
                         "fields": {"title": contains(skw), "start": start, "end": end, "location": contains(pkw)}}]},
        oracle=[
            calls(*searches),
            calls(call("list_events", start_date=day, end_date=day)),
            hermes(call("create_event", title=f"{_cap(subject)} study session", start=start, end=end, location=place)),
            f"{_cap(subject)} session on {day}, {_words(time)}–{end[11:16]} at {place}.",
        ],
    )  # fmt: skip


@family("memory.sound_routine", dimension="memory", category=SINGLE, bucket="state")
def sound_routine(ctx: Ctx) -> Draft:
    spot, scenario = ctx.pick("mem_sound_spots")
    stream, level = ctx.pick("mem_stream_levels")
    mode = ctx.choice(["vibrate", "silent"])
    reasoning = ctx.choice([SINGLE, CONFLICT, MULTI])
    tags = ["sound", "routine"]
    if reasoning == SINGLE:
        mems = _one(ctx, "mem_t001", f"When I'm {spot}, I put the phone on {mode} and the {stream} volume at {level}%.",
                    "routine", tags)  # fmt: skip
        ids = ["mem_t001"]
    elif reasoning == CONFLICT:
        old_mode = "silent" if mode == "vibrate" else "vibrate"
        mems, old_id, new_id = _pair(
            ctx, f"When I'm {spot}, I put the phone on {old_mode}.",
            f"New rule since {{month}} for when I'm {spot}: {mode} mode and the {stream} volume at {level}%.",
            "routine", tags,
        )  # fmt: skip
        ids = [old_id, new_id]
    else:
        mems = {
            **_one(ctx, "mem_t001", f"When I'm {spot}, the phone goes on {mode}.", "routine", tags),
            **_one(ctx, "mem_t002", f"Whenever the phone is on {mode}, I keep the {stream} volume at {level}%.",
                   "preference", ["sound", "volume"]),
        }  # fmt: skip
        ids = ["mem_t001", "mem_t002"]
    bright = ctx.pick("mem_levels")
    history, query = _dialogue(
        ctx,
        ["I'm {spot} now — set my phone up the usual way.", "set the phone up for being {spot}, like I always do.",
         "I'll be {spot} for a while. Do my usual phone settings.", "switch my phone to how I like it {spot}.",
         "apply my usual sound settings for being {spot}.",
         "heads up, I'm {spot} — adjust the phone like I usually want."],
        [("I'll be {spot} for the next two hours.", "Got it. Anything to adjust on the phone?",
          "Yes — the usual setup for that, and drop the brightness to {bright} percent."),
         ("Just got here — I'm {spot}.", "Okay! Need anything?",
          "Set the phone the way I like it there, and screen brightness to {bright}%."),
         ("I'm about to be {spot} all afternoon.", "Want your usual phone setup for that?",
          "Yes please, and turn the brightness down to {bright}."),
         ("Reminder to self: I'm {spot} until lunch.", "Noted. Should I change any settings?",
          "Do my usual routine for that, plus brightness at {bright} percent."),
         ("I'm {spot} for the rest of the morning.", "Should I adjust your phone?",
          "Yes, my usual sound setup there — and set the brightness to {bright}%."),
         ("Next few hours I'm {spot}.", "Anything I can do?", "Set the phone up like always for that, with brightness {bright}.")],
        spot=spot, bright=bright,
    )  # fmt: skip
    delta = [
        {"table": "settings", "op": "update", "key": "sound.mode", "fields": {"value": mode}},
        {"table": "settings", "op": "update", "key": f"volume.{stream}", "fields": {"value": level}},
    ]
    acts = [calls(call("set_sound_mode", mode=mode), call("set_stream_volume", stream=stream, level=level))]
    if _turns(ctx) == "multi":
        delta.append(
            {"table": "settings", "op": "update", "key": "display.brightness", "fields": {"value": bright}}
        )
        acts.append(hermes(call("set_display_brightness", level=bright)))
    searches = [_search(f"{spot} phone mode volume", 10)]
    if reasoning == MULTI:
        searches.append(_search(f"volume when phone on {mode}"))
    return _draft(
        ctx, bucket="state", reasoning=reasoning, target="phone_action", scenario=scenario,
        history=history, query=query, memories=mems, gold_ids=ids, gold={"delta": delta},
        oracle=[calls(*searches), *acts, f"Phone is on {mode} with the {stream} volume at {level}%."],
    )  # fmt: skip


@family("memory.replace_fact_db", dimension="memory", category=SINGLE, bucket="state", weight=2)
def replace_fact_db(ctx: Ctx) -> Draft:
    fact = ctx.pick("mem_facts")
    mems = _one(ctx, "mem_t001", fact["old"], fact["cats"][0], [fact["key"]])
    history, query = _dialogue(
        ctx,
        ["your info on my {topic} is stale: {change}. Please correct it.",
         "correction for your memory — {change}.",
         "the {topic} detail you have saved is wrong now; {change}.",
         "can you rewrite your note on my {topic}? {change}.",
         "{change}; update the saved {topic} info."],
        [("What do you have on my {topic}?", "I have a note saved about it.",
          "That's outdated — {change}. Rewrite it."),
         ("Things changed: {change}.", "Thanks for the heads-up.", "Please update your saved {topic} note to match."),
         ("Do you still think the old thing about my {topic}?", "I can check what I have saved.",
          "It changed — {change}. Fix the memory."),
         ("{change}.", "Oh, that's new!", "Yes, so overwrite the {topic} memory with it.")],
        change=fact["change"], topic=fact["topic"],
    )  # fmt: skip
    return _draft(
        ctx, bucket="state", reasoning=SINGLE, target="replace", scenario=fact["scenario"],
        history=history, query=query, memories=mems, gold_ids=["mem_t001"],
        gold={"delta": [{"table": "memories", "op": "update", "key": "mem_t001", "fields": {"text": kw(*fact["keys"])}}]},
        oracle=[
            calls(_search(fact["search"])),
            hermes(call("replace_user_memory", memory_id="mem_t001", text=fact["new"])),
            f"Corrected your {fact['topic']}: {fact['new']}",
        ],
    )  # fmt: skip


@family("memory.forget_fact_db", dimension="memory", category=CONFLICT, bucket="state", weight=2)
def forget_fact_db(ctx: Ctx) -> Draft:
    fact = ctx.pick("mem_facts")
    reasoning = ctx.choice([CONFLICT, SINGLE])
    if reasoning == CONFLICT:
        mems, target_id, new_id = _pair(ctx, fact["old"], fact["new"], fact["cats"][0], [fact["key"]])
        ids = [target_id, new_id]
        history, query = _dialogue(
            ctx,
            ["my {topic} is saved twice and the notes disagree — delete the stale one.",
             "tidy up your memory on my {topic}: keep the current note, remove the old.",
             "remove the outdated {topic} memory, please.",
             "one of your {topic} notes is old; get rid of it.",
             "you have an old and a new note about my {topic} — delete the old one."],
            [("{change}, remember?", "I think I have that saved.",
              "Then the older {topic} note is wrong — delete it."),
             ("Your memory about my {topic} is a mess.", "Want me to clean it up?",
              "Yes — drop whichever {topic} note is outdated."),
             ("Which {topic} info do you have?", "There are two notes about it.", "Keep the newest; delete the other {topic} one."),
             ("I updated you on my {topic} a while ago.", "I should have the newer note.",
              "Right, so remove the old {topic} note.")],
            change=fact["change"], topic=fact["topic"],
        )  # fmt: skip
    else:
        mems = _one(ctx, "mem_t001", fact["old"], fact["cats"][0], [fact["key"]])
        target_id, ids = "mem_t001", ["mem_t001"]
        history, query = _dialogue(
            ctx,
            ["delete whatever you saved about my {topic}.", "I want my {topic} out of your memory.",
             "please forget my {topic} entirely.", "wipe the {topic} note you have on me.",
             "remove my {topic} from what you remember."],
            [("Why do you know about my {topic}?", "You asked me to remember it a while back.",
              "Well, I don't want that anymore — forget my {topic}."),
             ("Let's declutter your memory.", "Sure, where should I start?", "Delete the note on my {topic}."),
             ("Do you have my {topic} saved?", "Yes, there's a memory about it.", "Please remove the {topic} one."),
             ("I'm reviewing what you keep about me.", "Happy to help. Anything to remove?", "The {topic} note. Delete it.")],
            topic=fact["topic"],
        )  # fmt: skip
    return _draft(
        ctx, bucket="state", reasoning=reasoning, target="remove", scenario=fact["scenario"],
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"delta": [{"table": "memories", "op": "delete", "key": target_id}]},
        oracle=[
            calls(_search(fact["search"])),
            hermes(call("remove_user_memory", memory_id=target_id)),
            f"Removed the {'outdated ' if reasoning == CONFLICT else ''}note about your {fact['topic']}.",
        ],
    )  # fmt: skip


@family("memory.add_person_fact", dimension="memory", category=SINGLE, bucket="state", weight=2)
def add_person_fact(ctx: Ctx) -> Draft:
    scenario = ctx.choice(SCENARIOS)
    role, person, former = _role_people(ctx, scenario, ctx.choice([False, False, True]))
    if role in FIXED_ROLES:
        raise Skip(f"a {role} is family or close to it; the memory category is ambiguous")
    reasoning = CONFLICT if former else SINGLE
    mems, ids = _role_memories(ctx, role, person, former)
    fact, they_fact, keys, fact_cats = ctx.pick("mem_person_facts")
    category, cat_gold = _person_category(scenario, fact_cats)
    history, query = _dialogue(
        ctx,
        ["remember that my {role} {fact}.", "save this: my {role} {fact}.", "note for later — my {role} {fact}.",
         "keep in mind that my {role} {fact}.", "add to your memory that my {role} {fact}."],
        [("Had lunch with my {role} today.", "How did it go?", "Good! Oh, and remember that they {they}."),
         ("Learned something about my {role} today.", "Oh? What's that?", "They {they}. Save it."),
         ("Talked to my {role} this morning.", "Anything worth remembering?", "Yes — they {they}."),
         ("Quick one about my {role}.", "Go ahead.", "They {they}. Keep that in your memory."),
         ("Met up with my {role} yesterday.", "Nice! Anything new?", "Turns out they {they}. Remember that."),
         ("About my {role}...", "Yes?", "They {they} — save it for next time.")],
        role=role, fact=fact, they=they_fact,
    )  # fmt: skip
    first = person["name"].split()[0]
    text = f"{person['name']} (my {role}) {fact}."
    return _draft(
        ctx, bucket="state", reasoning=reasoning, target="add", scenario=scenario,
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"delta": [{"table": "memories", "op": "create",
                         "fields": {"text": kw(first.casefold(), *keys), "category": cat_gold}}]},
        oracle=[
            calls(_search(role)),
            hermes(call("add_user_memory", text=text, category=category, tags=[role, first])),
            f"Saved: {text}",
        ],
    )  # fmt: skip


@family("memory.alarm_schedule", dimension="memory", category=CONFLICT, bucket="state")
def alarm_schedule(ctx: Ctx) -> Draft:
    label, scenario = ctx.pick("mem_alarm_labels")
    old, time = ctx.pick_many("times", 2)
    _, days = ctx.pick("mem_day_sets")
    reasoning = ctx.choice([CONFLICT, CONFLICT, SINGLE, MULTI])
    lbl = label.lower()
    tags = ["alarm", lbl]
    if reasoning == MULTI:
        lead = ctx.choice([10, 15, 20, 30, 45])
        starts = _at("2026-05-20", time, lead)[11:16]
        time = _at("2026-05-20", starts, -lead)[11:16]
        if time in _TAKEN_ALARM_TIMES or time == old:
            raise Skip("the alarm time is taken")
        mems = {
            **_one(ctx, "mem_t001", f"{label} time is {starts}.", "routine", [lbl]),
            **_one(ctx, "mem_t002", f"My {lbl} alarm should ring {lead} minutes before {lbl} time.", "routine", tags),
        }  # fmt: skip
        ids = ["mem_t001", "mem_t002"]
    elif reasoning == CONFLICT:
        mems, old_id, new_id = _pair(
            ctx, f"My {lbl} alarm should ring at {old}.", f"Changed my {lbl} time to {time} in {{month}}; the alarm should follow.",
            "routine", tags,
        )  # fmt: skip
        ids = [old_id, new_id]
    else:
        mems = _one(ctx, "mem_t001", f"My {lbl} alarm should ring at {time}.", "routine", tags)
        ids = ["mem_t001"]
    alarm = {"id": "alarm_t01", "time": old, "label": label, "repeat_days": days, "enabled": True}
    history, query = _dialogue(
        ctx,
        ["make sure my {lbl} alarm matches my current schedule.", "is my {lbl} alarm at the right time? Fix it if not.",
         "sync my {lbl} alarm with what I told you.", "update the {lbl} alarm to my current time for it.",
         "check my {lbl} alarm against my routine and correct it.",
         "my {lbl} alarm might be outdated — set it to the time I currently need."],
        [("My schedule shifted a bit recently.", "Anything I should adjust?", "Yes — fix my {lbl} alarm to match."),
         ("My alarms are a mess.", "Which one needs fixing?", "The {lbl} one — set it to my current time for that."),
         ("I nearly missed things this morning.", "Sorry! Is one of your alarms off?",
          "Probably the {lbl} alarm. Set it to what my routine says now."),
         ("Remember I told you my routine changed?", "I can look up what you told me.",
          "Do that and adjust the {lbl} alarm."),
         ("I think one of my alarms is outdated.", "Which one?", "The {lbl} alarm — match it to my current schedule."),
         ("My {lbl} time isn't what it used to be.", "Should the alarm change too?", "Yes, set the {lbl} alarm to the current time.")],
        lbl=lbl,
    )  # fmt: skip
    return _draft(
        ctx, bucket="state", reasoning=reasoning, target="phone_action", scenario=scenario,
        history=history, query=query, memories=mems, gold_ids=ids, patch={"alarms": {"alarm_t01": alarm}},
        gold={"delta": [{"table": "alarms", "op": "update", "key": "alarm_t01", "fields": {"time": time}}]},
        oracle=[
            calls(_search(f"{lbl} alarm time")),
            calls(call("list_alarms")),
            hermes(call("update_alarm", alarm_id="alarm_t01", time=time)),
            f"Your {lbl} alarm now rings at {_words(time)}.",
        ],
    )  # fmt: skip


@family("memory.note_folder", dimension="memory", category=SINGLE, bucket="state")
def note_folder(ctx: Ctx) -> Draft:
    kind, folder, scenario, topics = ctx.pick("mem_note_kinds")
    topic, tkw = ctx.choice(topics)
    reasoning = ctx.choice([SINGLE, CONFLICT, MULTI])
    tags = ["notes", "folder"]
    if reasoning == CONFLICT:
        old_folder = folder
        folder = f"{folder} 2026"
        mems, old_id, new_id = _pair(
            ctx, f"I keep my {kind} in the '{old_folder}' notes folder.",
            f"Since {{month}} my {kind} go in the '{folder}' notes folder.", "preference", tags,
        )  # fmt: skip
        ids = [old_id, new_id]
    else:
        mems = _one(ctx, "mem_t001", f"I keep my {kind} in the '{folder}' notes folder.", "preference", tags)
        ids = ["mem_t001"]
    pinned = reasoning == MULTI
    if pinned:
        mems.update(
            _one(ctx, "mem_t002", f"I pin every new note in '{folder}'.", "preference", ["notes", "pin"])
        )
        ids.append("mem_t002")
    history, query = _dialogue(
        ctx,
        ["start a new note for {topic} and file it where I keep my {kind}.",
         "make a note about {topic} in my usual folder for {kind}.", "new note: {topic}. Put it with my other {kind}.",
         "create a note on {topic} — it goes with my {kind}.", "open a fresh note for {topic}, filed like my {kind}."],
        [("I just finished going through {topic}.", "Anything you want to capture?",
          "Yes, start a note for it with my other {kind}."),
         ("I need to jot some things down about {topic}.", "Want a new note?", "Yes — file it where my {kind} go."),
         ("{topic} gave me a lot to think about.", "Should I start a note?", "Please, in the folder I use for {kind}."),
         ("Thinking about {topic}.", "Want to write it up?", "Make a note for it, in my usual {kind} spot."),
         ("I have thoughts on {topic}.", "Want to capture them?", "Yes — new note, in the folder for my {kind}."),
         ("Can you help me start writing about {topic}?", "Sure — a new note?", "Yes, filed with my {kind}."),
         ("I want to write something up.", "About what?", "{topic}.", "Should I start a note?",
          "Yes, where my {kind} go.")],
        topic=topic, kind=kind,
    )  # fmt: skip
    title = f"Notes on {topic.removeprefix('the ')}"
    fields: dict[str, Any] = {"title": contains(tkw), "folder": folder}
    args: dict[str, Any] = {"title": _cap(title), "folder": folder}
    if pinned:
        fields["pinned"] = True
        args["pinned"] = True
    return _draft(
        ctx, bucket="state", reasoning=reasoning, target="phone_action", scenario=scenario,
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"delta": [{"table": "notes", "op": "create", "fields": fields}]},
        oracle=[
            calls(_search(f"{kind} notes folder")),
            hermes(call("create_note", **args)),
            f"Created '{_cap(title)}' in {folder}" + (" and pinned it." if pinned else "."),
        ],
    )  # fmt: skip


def _trip_booking(fid: str, bid: str) -> dict[str, Any]:
    f = _WORLD["flights"][fid]
    seat_type = "aisle" if f["seats"]["aisle"] else "window"
    return {"id": bid, "kind": "flight", "item_id": fid, "title": f"{f['flight_number']} {f['origin']}→{f['destination']}",
            "city": {"SEA": "Seattle", "LAX": "Los Angeles"}[f["destination"]], "start": f["depart"], "end": f["arrive"],
            "details": {"seat": f["seats"][seat_type][0], "seat_type": seat_type, "confirmation": "TQ7M4R"},
            "quantity": 1, "amount_usd": f["price_usd"], "card_id": "card_002", "status": "confirmed",
            "event_id": None, "created_at": "2026-05-14T10:05:00", "cancelled_at": None}  # fmt: skip


#: Upcoming flights from SFO: (city, local departure, booking to inject or None for the core booking_001).
_TRIPS = [
    ("New York", _WORLD["bookings"]["booking_001"]["start"], None),
    ("Seattle", _WORLD["flights"]["flight_010"]["depart"], _trip_booking("flight_010", "booking_t01")),
    ("Los Angeles", _WORLD["flights"]["flight_014"]["depart"], _trip_booking("flight_014", "booking_t01")),
]


@family("memory.trip_prep", dimension="memory", category=SINGLE, bucket="state")
def trip_prep(ctx: Ctx) -> Draft:
    city, depart, booking = ctx.choice(_TRIPS)
    task, tkw = ctx.pick("mem_prep_tasks")
    reasoning = ctx.choice([SINGLE, CONFLICT, *([MULTI] if _turns(ctx) == "single" else [])])
    tags = ["flights", "reminders"]
    searches = [_search("trip-prep reminders before flights")]
    if reasoning == SINGLE:
        lead = ctx.pick("mem_lead_hours")
        mems = _one(
            ctx, "mem_t001", f"I want trip-prep reminders {lead} hours before every flight.", "travel", tags
        )
        ids = ["mem_t001"]
    elif reasoning == MULTI:
        lead = ctx.pick("mem_lead_hours")
        mems = {
            **_one(ctx, "mem_t001", f"Trip-prep reminders go {lead} hours before departure.", "travel", tags),
            **_one(ctx, "mem_t002", f"Before every flight I need to {task}.", "travel", ["flights", "checklist"]),
        }  # fmt: skip
        ids = ["mem_t001", "mem_t002"]
        searches.append(_search("before every flight I need to"))
    else:
        old, lead = ctx.pick_many("mem_lead_hours", 2)
        mems, old_id, new_id = _pair(
            ctx, f"I want trip-prep reminders {old} hours before every flight.",
            f"Since {{month}}, trip-prep reminders should come {lead} hours before a flight.", "travel", tags,
        )  # fmt: skip
        ids = [old_id, new_id]
    due = (datetime.fromisoformat(depart) - timedelta(hours=lead)).isoformat()
    when = (
        f"{datetime.fromisoformat(depart).strftime('%A, %B')} {int(depart[8:10])} at {_words(depart[11:16])}"
    )
    if reasoning == MULTI:  # the task itself is remembered too (single-turn only)
        history, query = _dialogue(
            ctx,
            ["set up my usual pre-flight reminder for the {city} trip.",
             "add the reminder I always want before a flight — this time for {city}.",
             "do my standard pre-flight reminder for the {city} flight.",
             "make my usual reminder before flying to {city}."],
            [("-", "-", "-"), ("-", "-", "-")],
            offset=50, city=city,
        )  # fmt: skip
    else:
        history, query = _dialogue(
            ctx,
            ["remind me to {task} before my {city} flight, with my usual lead time.",
             "set a reminder to {task} ahead of the {city} flight — the usual number of hours before.",
             "before I fly to {city}, I need to {task}. Remind me like I usually want.",
             "add a pre-flight reminder to {task} for the {city} trip.",
             "for my {city} flight: remind me to {task}, usual timing."],
            [("I'm flying to {city} soon.", "Yes — your flight is on {when}.",
              "Right. Set a reminder to {task} beforehand, my usual lead time."),
             ("When do I fly out to {city}?", "Your flight leaves {when}.", "OK, remind me to {task} before it — usual lead time."),
             ("Is the {city} flight still on?", "Yes, it leaves {when}.", "Good. Remind me to {task} the usual number of hours before."),
             ("Trip to {city} coming up.", "Your flight departs {when}.", "Then add a reminder to {task}, with my usual lead."),
             ("What time is my {city} flight?", "It departs {when}.", "Okay — I'll need to {task}. Remind me with my usual lead time."),
             ("Remind me when I leave for {city}?", "Your flight is {when}.",
              "Thanks. Set a pre-flight reminder to {task}, the usual number of hours ahead.")],
            city=city, task=task, when=when,
        )  # fmt: skip
    return _draft(
        ctx, bucket="state", reasoning=reasoning, target="phone_action", scenario=TRAVEL,
        history=history, query=query, memories=mems, gold_ids=ids,
        patch={"bookings": {"booking_t01": booking}} if booking else None,
        gold={"delta": [{"table": "reminders", "op": "create", "fields": {"title": kw(tkw), "due": due}}]},
        oracle=[
            calls(*searches),
            calls(call("list_travel_bookings", kind="flight", upcoming_only=True)),
            hermes(call("create_reminder", title=_cap(task), due=due)),
            f"I'll remind you to {task} {lead} hours before your {city} flight ({due[:16].replace('T', ' ')}).",
        ],
    )  # fmt: skip


@family("memory.emergency_contact", dimension="memory", category=SINGLE, bucket="state")
def emergency_contact(ctx: Ctx) -> Draft:
    variant = ctx.choice(["one", "one", "two"])
    if variant == "two":
        roles = ctx.pick_many("mem_roles_emergency", 2)
        people = ctx.pick_many("mem_home_people", 2)
        mems = {f"mem_t00{i + 1}": _mem(f"mem_t00{i + 1}", f"My {r} is {p['name']}.", "people", ctx.choice(OLD_STAMPS), [r])
                for i, (r, p) in enumerate(zip(roles, people, strict=True))}  # fmt: skip
        ids, reasoning, role = sorted(mems), MULTI, f"{roles[0]} and my {roles[1]}"
        searches = [_search(r) for r in roles]
    else:
        role, person, former = _role_people(ctx, FAMILY, variant == "one" and ctx.choice([False, True]),
                                            roles="mem_roles_emergency")  # fmt: skip
        reasoning = CONFLICT if former else SINGLE
        mems, ids = _role_memories(ctx, role, person, former)
        roles, people, searches = [role], [person], [_search(role)]
    current = _WORLD["settings"]["security.emergency_contacts"]["value"]
    history, query = _dialogue(
        ctx,
        ["add my {role} to my emergency contacts.", "put my {role} on the emergency contact list.",
         "I want my {role} listed among my emergency contacts.", "include my {role} in my emergency contacts, please.",
         "my emergency contacts should also include my {role}."],
        [("I've been thinking about who should be called if something happens to me.",
          "Good idea to review that. Want to change your emergency contacts?", "Yes, add my {role}."),
         ("Who are my emergency contacts right now?", "Jordan and your mom, Linda.", "Add my {role} to that list."),
         ("Jordan's traveling a lot next month.", "Want a backup emergency contact while Jordan's away?", "Yes — my {role}."),
         ("My emergency contacts feel a bit thin.", "You have Jordan and Linda. Want to add someone?", "Add my {role}."),
         ("I'm updating my safety settings today.", "Sure — anything about your emergency contacts?",
          "Yes, add my {role} to them."),
         ("If I'm ever in an accident, Jordan might not pick up.", "Want to add another emergency contact?",
          "Yes — add my {role}."),
         ("Can you check my emergency contacts?", "You have Jordan and Linda.", "Should it stay like that?",
          "Happy to change it. Anyone to add?", "Yes, include my {role}.")],
        role=role,
    )  # fmt: skip
    new = [*current, *(p["id"] for p in people)]
    names = " and ".join(f"{p['name']} (your {r})" for r, p in zip(roles, people, strict=True))
    return _draft(
        ctx, bucket="state", reasoning=reasoning, target="phone_action", scenario=FAMILY,
        history=history, query=query, memories=mems, gold_ids=ids,
        gold={"delta": [{"table": "settings", "op": "update", "key": "security.emergency_contacts",
                         "fields": {"value": new}}]},
        oracle=[
            calls(*searches),
            calls(*(call("search_contacts", query=p["name"]) for p in people)),
            calls(call("get_security_status")),
            hermes(call("set_emergency_contacts", contact_ids=new)),
            f"Added {names} to your emergency contacts, with Jordan and Linda.",
        ],
    )  # fmt: skip


@family("memory.quiet_hours", dimension="memory", category=SINGLE, bucket="state")
def quiet_hours(ctx: Ctx) -> Draft:
    scenario = ctx.choice([WORK, STUDY, FAMILY])
    block = ctx.choice({WORK: ["deep-work block", "focus time"], STUDY: ["study block", "writing block"],
                        FAMILY: ["family time", "meditation block"]}[scenario])  # fmt: skip
    who, who_id = ctx.pick("mem_reach")
    reasoning = ctx.choice([SINGLE, CONFLICT])
    tags = ["focus", "do not disturb"]
    if reasoning == SINGLE:
        start, end, days_words, days = ctx.pick("mem_quiet_blocks")
        mems = _one(ctx, "mem_t001", f"My {block} is {start}-{end} on {days_words}; no interruptions then.",
                    "routine", tags)  # fmt: skip
        ids = ["mem_t001"]
    else:
        (o_start, o_end, o_words, _), (start, end, days_words, days) = ctx.pick_many("mem_quiet_blocks", 2)
        mems, old_id, new_id = _pair(
            ctx, f"My {block} is {o_start}-{o_end} on {o_words}; no interruptions then.",
            f"Moved my {block} in {{month}}: now {start}-{end} on {days_words}.", "routine", tags,
        )  # fmt: skip
        ids = [old_id, new_id]
    history, query = _dialogue(
        ctx,
        ["set my Do Not Disturb schedule to cover my {block}, and let {who} through.",
         "put Do Not Disturb on a schedule for my {block} — {who} can still reach me.",
         "silence my phone during my {block} every week, except for {who}.",
         "schedule DND around my {block}; {who} should still get through.",
         "make Do Not Disturb run automatically during my {block}, with {who} as an exception."],
        [("I keep getting interrupted during my {block}.", "Want me to silence the phone during it?",
          "Yes, schedule Do Not Disturb for it, but let {who} through."),
         ("My {block} has been useless lately with all the pings.", "I could set a recurring Do Not Disturb.",
          "Do it — just make sure {who} can still reach me."),
         ("I need real quiet during my {block}.", "A Do Not Disturb schedule would help. Should I set one?",
          "Yes. {who} is the only exception."),
         ("Notifications are killing my {block}.", "Want an automatic Do Not Disturb for it?",
          "Please — and keep {who} able to get through."),
         ("Can you protect my {block} from interruptions?", "I can put Do Not Disturb on a weekly schedule.",
          "Great, do that. Let {who} reach me though."),
         ("I get nothing done in my {block} anymore.", "Would a scheduled Do Not Disturb help?",
          "Yes, set it up for those hours, with {who} as the exception.")],
        block=block, who=who,
    )  # fmt: skip
    delta = [
        {"table": "settings", "op": "update", "key": k, "fields": {"value": v}}
        for k, v in (("dnd.schedule_enabled", True), ("dnd.schedule_start", start), ("dnd.schedule_end", end),
                     ("dnd.schedule_days", days))
    ]  # fmt: skip
    delta.append({"table": "dnd_exceptions", "op": "create", "fields": {"contact_id": who_id}})
    return _draft(
        ctx, bucket="state", reasoning=reasoning, target="phone_action", scenario=scenario,
        history=history, query=query, memories=mems, gold_ids=ids, gold={"delta": delta},
        oracle=[
            calls(_search(f"{block} hours")),
            calls(call("set_dnd_schedule", enabled=True, start=start, end=end, days=days)),
            hermes(call("add_dnd_exception", contact_id=who_id)),
            f"Do Not Disturb now runs {start}-{end} on {days_words}; {who} can still reach you.",
        ],
    )  # fmt: skip
