"""AI Assistant: the assistant's long-term user memory, procedural skills and sub-agent handoffs.

Tables:
    memories: ``{memory_id: {"id", "text", "category", "created_at", "updated_at", "tags": [str],
        "history": [{"text", "updated_at", "replaced_at"}]}}``. Durable facts and preferences about the
        owner. Some core records deliberately conflict (an older and a newer wake-up time); the newer
        ``updated_at`` wins. Searched with BM25 (:mod:`mpb_env.text`).
    skills: ``{skill_id: {"id", "name", "description", "instructions", "tools": [tool names]}}``.
        Procedural know-how: numbered steps naming tools and arguments, plus the tools the skill binds
        (the env adds them to the action set when ``load_skill`` succeeds).
    handoffs: ``{handoff_id: {"id", "route": "gui"|"search", "app", "instruction", "context",
        "status", "result", "time"}}``. One record per delegation to a sub-agent.

A task's patch may add a table ``subagent_results`` keyed by route (``"gui"``, ``"search"``; for the
GUI route ``"gui:<app_id>"`` is tried first) whose records ``{"result", "status"?}`` script what the
simulated sub-agent reports back.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any, Literal

import orjson

from mpb_env.errors import AlreadyExists, InvalidArguments, NotFound
from mpb_env.text import BM25, query_terms
from mpb_env.tools.runtime import Ok, ok, tool
from mpb_env.world.state import TOMBSTONE, PhoneState, Tables

DOMAIN = "AI Assistant"
SEED_ORDER = 40

MemoryCategory = Literal[
    "people",
    "family",
    "routine",
    "preference",
    "health",
    "food",
    "travel",
    "work",
    "study",
    "consent",
    "other",
]

MAX_MEMORY_CHARS = 500
MAX_TAGS = 10
MAX_TOP_K = 50
MAX_INSTRUCTION_CHARS = 2000

# --------------------------------------------------------------------------- world: core memories
# (id, category, created_at, updated_at, tags, text). Stable IDs that tasks refer to.
# fmt: off
CORE_MEMORIES: list[tuple[str, str, str, str, tuple[str, ...], str]] = [
    ("mem_001", "people", "2025-09-02T10:15:00", "2025-09-02T10:15:00", ("secretary", "contact_001"),
     "My secretary is Maya Chen (contact_001); she manages my calendar and meeting follow-ups."),
    ("mem_002", "people", "2025-09-03T18:40:00", "2025-09-03T18:40:00", ("contact_002", "contact_003"),
     "Chris Lee (contact_002) is my colleague at work; Chris Li (contact_003) is my friend from college."),
    ("mem_003", "people", "2025-09-03T18:42:00", "2025-09-03T18:42:00",
     ("manager", "neighbor", "contact_008", "contact_009"),
     "Sam Carter (contact_008) is my manager; Samantha Carter (contact_009) is my next-door neighbor."),
    ("mem_004", "health", "2025-08-21T09:05:00", "2025-08-21T09:05:00", ("doctor", "contact_007"),
     "My family doctor is Dr. Priya Shah (contact_007) at Bayview Family Clinic."),
    ("mem_005", "routine", "2026-01-12T08:05:00", "2026-01-12T08:05:00", ("commute", "focus"),
     "Commute focus routine: silent mode, media volume 20%, and the 'Commute focus' automation on."),
    ("mem_006", "routine", "2025-10-06T08:20:00", "2025-10-06T08:20:00", ("commute",),
     "I commute by BART from 16th St Mission to Embarcadero, leaving home around 8:10 on workdays."),
    ("mem_007", "work", "2025-09-01T09:30:00", "2025-09-01T09:30:00", ("work",),
     "My work hours at Northwind Labs are 9:30 to 18:00, Monday to Friday."),
    ("mem_008", "preference", "2025-10-01T11:00:00", "2026-02-10T14:20:00", ("meetings",),
     "Preferred meeting length is 25 minutes; never schedule meetings longer than 50 minutes."),
    ("mem_009", "preference", "2025-10-01T11:05:00", "2025-10-01T11:05:00", ("meetings", "focus"),
     "No meetings before 10:00 or on Friday afternoons; that is my focus time."),
    ("mem_010", "routine", "2025-11-03T06:45:00", "2025-11-03T06:45:00", ("wake-up", "alarm"),
     "I wake at 6:30 on workdays."),
    ("mem_011", "routine", "2026-04-06T06:10:00", "2026-04-06T06:10:00", ("wake-up", "alarm"),
     "Since April I wake at 6:00 on workdays."),
    ("mem_012", "routine", "2025-11-03T06:46:00", "2025-11-03T06:46:00", ("wake-up", "weekend"),
     "On weekends I wake at 8:00."),
    ("mem_013", "family", "2025-08-30T20:00:00", "2025-08-30T20:00:00", ("birthday", "contact_004"),
     "Jordan's birthday (spouse, contact_004) is June 14."),
    ("mem_014", "family", "2025-08-30T20:01:00", "2026-01-02T09:00:00", ("birthday", "contact_005"),
     "Emma's birthday (daughter, contact_005) is May 27; she turns 9 this year."),
    ("mem_015", "family", "2025-08-30T20:02:00", "2025-08-30T20:02:00", ("birthday", "contact_006"),
     "Mom's birthday (Linda Morgan, contact_006) is September 3."),
    ("mem_016", "family", "2025-09-14T18:30:00", "2025-09-14T18:30:00", ("mom", "call", "contact_006"),
     "Call mom (Linda Morgan, contact_006) every Sunday around 18:00."),
    ("mem_017", "routine", "2025-12-01T07:50:00", "2025-12-01T07:50:00", ("gym", "contact_010"),
     "Gym days are Monday, Wednesday and Friday at 7:00 with Leo Park (contact_010)."),
    ("mem_018", "preference", "2025-09-20T12:00:00", "2025-09-20T12:00:00", ("reminders",),
     "Preferred reminder lead time is 15 minutes before events and 1 day before birthdays."),
    ("mem_019", "food", "2025-08-25T19:10:00", "2025-08-25T19:10:00", ("diet",),
     "I'm pescatarian: no meat, fish and eggs are fine."),
    ("mem_020", "food", "2025-08-25T19:12:00", "2025-08-25T19:12:00", ("diet", "allergy"),
     "Allergic to peanuts; always mention it when booking restaurants or ordering food."),
    ("mem_021", "food", "2025-10-14T08:30:00", "2025-10-14T08:30:00", ("coffee",),
     "Coffee order: oat milk flat white, no sugar."),
    ("mem_022", "travel", "2025-11-18T22:00:00", "2025-11-18T22:00:00", ("flights", "seat"),
     "Travel seat preference: aisle seat near the front; window seat on red-eye flights."),
    ("mem_023", "travel", "2025-11-18T22:02:00", "2025-11-18T22:02:00", ("flights",),
     "Fly United out of SFO when possible and prefer nonstop flights."),
    ("mem_024", "travel", "2025-11-18T22:04:00", "2025-11-18T22:04:00", ("hotel",),
     "Hotel preference: quiet non-smoking room on a high floor."),
    ("mem_025", "study", "2026-01-20T21:35:00", "2026-01-20T21:35:00", ("research", "reading"),
     "Research reading block on Tuesday and Thursday 20:30-21:30: papers on on-device agents."),
    ("mem_026", "study", "2026-02-02T21:50:00", "2026-02-02T21:50:00", ("spanish", "study"),
     "Study routine: 15 minutes of Spanish lessons every weekday at 21:45."),
    ("mem_027", "routine", "2025-10-03T16:45:00", "2025-10-03T16:45:00", ("weekly review",),
     "Weekly review every Friday at 16:30: clear the inbox, review next week's calendar, set priorities."),
    ("mem_028", "routine", "2026-04-06T22:40:00", "2026-04-06T22:40:00", ("bedtime", "dnd"),
     "Bedtime routine: dark mode on, do not disturb from 22:30 to 6:00, check tomorrow's alarm."),
    ("mem_029", "consent", "2026-03-09T10:00:00", "2026-03-09T10:00:00", ("otp", "sms", "consent"),
     "Alex consents to the assistant reading OTP codes from SMS to finish sign-ins."),
    ("mem_030", "consent", "2025-09-05T13:00:00", "2025-09-05T13:00:00", ("location", "privacy"),
     "Never share my location with anyone except Jordan (contact_004)."),
    ("mem_031", "preference", "2025-10-22T20:15:00", "2025-10-22T20:15:00", ("work", "quiet hours"),
     "Don't call or text colleagues after 20:00 unless it's urgent."),
    ("mem_032", "family", "2026-01-05T15:30:00", "2026-01-05T15:30:00", ("school", "contact_005"),
     "Emma's school pickup is at 15:15 on Tuesdays and Thursdays; Jordan covers the other days."),
    ("mem_033", "family", "2025-09-13T10:30:00", "2025-09-13T10:30:00", ("piano", "contact_005"),
     "Emma has piano lessons on Saturdays at 10:00."),
    ("mem_034", "work", "2025-10-08T17:00:00", "2025-10-08T17:00:00",
     ("meetings", "follow-up", "contact_001"),
     "Meeting follow-ups: send notes to attendees within 2 hours and copy Maya Chen."),
    ("mem_035", "work", "2025-09-04T11:30:00", "2025-09-04T11:30:00", ("meetings", "contact_008"),
     "One-on-one with Sam Carter (manager) every Thursday at 11:00."),
    ("mem_036", "preference", "2025-11-03T06:50:00", "2025-11-03T06:50:00", ("alarm",),
     "Preferred alarm sound is 'Sunrise' with gradually increasing volume."),
    ("mem_037", "health", "2025-06-20T16:00:00", "2025-06-20T16:00:00", ("doctor", "contact_007"),
     "Annual checkup with Dr. Priya Shah is usually in June."),
    ("mem_038", "health", "2025-12-10T08:00:00", "2025-12-10T08:00:00", ("vitamins",),
     "Take vitamin D with breakfast every day."),
    ("mem_039", "preference", "2025-08-20T09:00:00", "2025-08-20T09:00:00", ("messages",),
     "Keep replies and messages short; English only."),
    ("mem_040", "other", "2025-09-01T09:40:00", "2025-09-01T09:40:00", ("parking",),
     "I park on level 3 of the Northwind Labs garage."),
    ("mem_041", "food", "2026-02-14T12:00:00", "2026-02-14T12:00:00", ("restaurant", "contact_004"),
     "Date night restaurant: Nopa on Divisadero, table for two at 19:30."),
    ("mem_042", "other", "2025-08-28T09:00:00", "2025-08-28T09:00:00", ("rent",),
     "Pay rent on the 1st of each month."),
]
# fmt: on

#: Earlier versions of core memories that were already replaced once.
CORE_HISTORY: dict[str, list[dict[str, str]]] = {
    "mem_008": [
        {
            "text": "Preferred meeting length is 30 minutes.",
            "updated_at": "2025-10-01T11:00:00",
            "replaced_at": "2026-02-10T14:20:00",
        }
    ],
    "mem_014": [
        {
            "text": "Emma's birthday (daughter, contact_005) is May 27.",
            "updated_at": "2025-08-30T20:01:00",
            "replaced_at": "2026-01-02T09:00:00",
        }
    ],
}

FILLER_PER_SCALE = 260  # ~300 memories at scale 1.0 together with the core ones

_FIRST = ["Nina", "Omar", "Anika", "Tom", "Grace", "Ivan", "Lucia", "Ben", "Hana", "Raj", "Zoe", "Marco"]
_BOOKS = [
    "Project Hail Mary",
    "The Overstory",
    "Sapiens",
    "Klara and the Sun",
    "Dune",
    "Educated",
    "Atomic Habits",
    "The Midnight Library",
    "Piranesi",
    "Thinking, Fast and Slow",
]
_SHOWS = ["Severance", "The Bear", "Slow Horses", "Shogun", "Andor", "Only Murders in the Building"]
_STORES = ["Rainbow Grocery", "Trader Joe's", "Bi-Rite", "Costco", "the farmers market", "Target"]
_ITEMS = [
    "olive oil",
    "paper towels",
    "dish soap",
    "coffee beans",
    "rice",
    "batteries",
    "sparkling water",
    "tortillas",
    "oat milk",
    "trash bags",
    "printer paper",
    "light bulbs",
]
_PLACES = [
    "the hardware store",
    "the post office",
    "the library",
    "the dry cleaner",
    "the pharmacy",
    "the bike shop",
    "the bakery on Valencia",
    "the car wash",
]
_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_PLANTS = ["monstera", "fiddle leaf fig", "basil", "snake plant", "orchid", "pothos"]
_GADGETS = ["laptop", "headphones", "e-reader", "smartwatch", "router", "car"]
_TOPICS = [
    "vector databases",
    "sourdough baking",
    "Kubernetes networking",
    "watercolor painting",
    "home composting",
    "Italian grammar",
    "marathon training",
    "chess openings",
]
_MOVIES = ["Past Lives", "Arrival", "Spirited Away", "Oppenheimer", "Everything Everywhere All at Once"]


def _filler(rng: random.Random) -> tuple[str, str, tuple[str, ...]]:
    kind = rng.randrange(10)
    if kind == 0:
        book = rng.choice(_BOOKS)
        return f"{rng.choice(_FIRST)} recommended the book '{book}'.", "other", ("books",)
    if kind == 1:
        return f"Want to watch '{rng.choice(_SHOWS)}' season {rng.randint(1, 4)}.", "other", ("shows",)
    if kind == 2:
        item, store = rng.choice(_ITEMS), rng.choice(_STORES)
        return f"Buy {item} at {store}; it is cheaper there.", "other", ("shopping",)
    if kind == 3:
        place, day = rng.choice(_PLACES), rng.choice(_DAYS)
        return f"{place.capitalize()} closes at {rng.randint(16, 21)}:00 on {day}s.", "other", ("places",)
    if kind == 4:
        plant = rng.choice(_PLANTS)
        return f"Water the {plant} every {rng.randint(3, 14)} days.", "other", ("plants",)
    if kind == 5:
        gadget = rng.choice(_GADGETS)
        return (
            f"The {gadget} warranty runs until {rng.randint(2026, 2028)}-{rng.randint(1, 12):02d}.",
            "other",
            ("warranty",),
        )
    if kind == 6:
        topic = rng.choice(_TOPICS)
        return f"Curious about {topic}; save articles about it.", "study", ("interests",)
    if kind == 7:
        name = rng.choice(_FIRST)
        return (
            f"{name} from the book club prefers {rng.choice(_BOOKS)} over {rng.choice(_BOOKS)}.",
            "people",
            ("book club",),
        )
    if kind == 8:
        movie = rng.choice(_MOVIES)
        return f"Rated '{movie}' {rng.randint(5, 10)} out of 10.", "other", ("movies",)
    size = rng.choice(["small", "medium", "large"])
    return (
        f"{rng.choice(_FIRST)}'s shirt size is {size}; shoe size {rng.randint(6, 12)}.",
        "people",
        ("sizes",),
    )


def _iso_between(rng: random.Random, start_day: int, span_days: int) -> tuple[str, str]:
    """Two ordered timestamps from day offsets after 2024-06-01 (all before 2026-05-20)."""
    base = datetime(2024, 6, 1, 7, 0, 0)
    created = base + timedelta(days=start_day, minutes=rng.randrange(14 * 60))
    updated = created + timedelta(days=rng.randrange(span_days)) if rng.random() < 0.2 else created
    return created.isoformat(), updated.isoformat()


# --------------------------------------------------------------------------- world: skills
SKILLS: list[dict[str, Any]] = [
    {
        "id": "commute_mode",
        "name": "Commute mode",
        "description": "Switch the phone to the owner's commute focus routine for the ride to work.",
        "instructions": (
            "1. search_user_memory(query='commute focus routine') to confirm the routine (silent mode, media "
            "volume 20%).\n"
            "2. list_automation_rules() and find the 'Commute focus' rule (rule_002).\n"
            "3. update_automation_rule(rule_id='rule_002', enabled=true, run_now=true) to enable it and "
            "apply it now.\n"
            "4. Report what changed."
        ),
        "tools": ["search_user_memory", "list_automation_rules", "update_automation_rule"],
    },
    {
        "id": "meeting_followup",
        "name": "Meeting follow-up",
        "description": "Send notes and action items to a meeting's attendees the way the owner prefers.",
        "instructions": (
            "1. list_events(start_date='<meeting date>', end_date='<meeting date>') to find the meeting, its title and attendees.\n"
            "2. search_user_memory(query='meeting follow-up notes') for the follow-up rule (send within 2 "
            "hours, copy the secretary).\n"
            "3. search_contacts(query='<attendee name>') for each attendee; get_contact(contact_id='...') "
            "when an email address is needed. The secretary is Maya Chen (contact_001).\n"
            "4. send_email(to=['<attendee emails>'], cc=['<secretary email>'], subject='Follow-up: "
            "<meeting title>', body='<notes and action items>').\n"
            "5. create_reminder(title='Check action items from <meeting title>', due='<next workday "
            "10:00>') for open items."
        ),
        "tools": [
            "list_events",
            "search_user_memory",
            "search_contacts",
            "get_contact",
            "send_email",
            "create_reminder",
        ],
    },
    {
        "id": "morning_routine",
        "name": "Morning routine",
        "description": "Check the wake-up alarm against the owner's current habits and brief the day.",
        "instructions": (
            "1. search_user_memory(query='wake up time workdays'); if memories conflict, trust the one with "
            "the latest updated_at.\n"
            "2. list_alarms() to see the existing alarms.\n"
            "3. update_alarm(alarm_id='<workday alarm>', time='<current wake-up time>') if it differs, or "
            "create_alarm(time='<current wake-up time>', label='Workday wake-up', repeat_days=['mon', 'tue', "
            "'wed', 'thu', 'fri']) if there is none.\n"
            "4. list_events(start_date='<today>', end_date='<today>') and list_reminders() to summarise the day."
        ),
        "tools": [
            "search_user_memory",
            "list_alarms",
            "update_alarm",
            "create_alarm",
            "list_events",
            "list_reminders",
        ],
    },
    {
        "id": "focus_mode",
        "name": "Focus mode",
        "description": "Protect a block of deep-work time on the calendar and silence interruptions.",
        "instructions": (
            "1. search_user_memory(query='focus time meetings') for the owner's focus hours and meeting "
            "rules.\n"
            "2. list_events(start_date='<today>', end_date='<today>') to find a free block inside those hours.\n"
            "3. create_event(title='Focus time', start='<ISO start>', end='<ISO end>') to block it.\n"
            "4. list_automation_rules(); if a focus or do-not-disturb rule exists, "
            "update_automation_rule(rule_id='<rule id>', enabled=true, run_now=true), otherwise "
            "create_automation_rule(name='Focus', ...) with the same settings.\n"
            "5. start_timer(duration_seconds=3000, label='Focus') and stop_timer(timer_id='...') if asked to "
            "end early."
        ),
        "tools": [
            "search_user_memory",
            "list_events",
            "create_event",
            "list_automation_rules",
            "update_automation_rule",
            "create_automation_rule",
            "start_timer",
            "stop_timer",
        ],
    },
    {
        "id": "family_checkin",
        "name": "Family check-in",
        "description": "Keep up the owner's family rituals: the weekly call to mom and birthday reminders.",
        "instructions": (
            "1. search_user_memory(query='call mom every Sunday') and search_user_memory(query='family "
            "birthdays').\n"
            "2. search_contacts(query='Linda Morgan') (mom is contact_006).\n"
            "3. start_call(contact_id='contact_006'), then end_call() when done; if the call cannot be made, "
            "send_message(contact_id='contact_006', text='<short check-in>').\n"
            "4. list_call_log(contact_id='contact_006') to confirm the call happened.\n"
            "5. search_user_memory(query='reminder lead time') and create_reminder(title='<name> birthday', "
            "due='<birthday minus lead time>') for each upcoming birthday."
        ),
        "tools": [
            "search_user_memory",
            "search_contacts",
            "start_call",
            "end_call",
            "send_message",
            "list_call_log",
            "create_reminder",
        ],
    },
    {
        "id": "travel_prep",
        "name": "Travel preparation",
        "description": "Prepare a trip using the owner's travel preferences and share the plan.",
        "instructions": (
            "1. search_user_memory(query='travel seat preference'), then 'hotel preference' and 'diet "
            "allergy' for meals.\n"
            "2. list_events(start_date='<departure date>', end_date='<departure date>') to find the trip and any clashes.\n"
            "3. create_event(title='Flight <from>-<to>', start='<ISO>', end='<ISO>') if the flight is not on "
            "the calendar yet.\n"
            "4. create_reminder(title='Check in online', due='<24 hours before departure>').\n"
            "5. create_alarm(time='<leave-for-airport time>', label='Leave for the airport').\n"
            "6. send_message(contact_id='contact_004', text='<itinerary summary>') to share the plan with "
            "Jordan."
        ),
        "tools": [
            "search_user_memory",
            "list_events",
            "create_event",
            "create_reminder",
            "create_alarm",
            "send_message",
        ],
    },
    {
        "id": "bedtime_routine",
        "name": "Bedtime routine",
        "description": "Wind the phone down for the night and make sure tomorrow's alarm is right.",
        "instructions": (
            "1. search_user_memory(query='bedtime routine') for the night settings (dark mode, do not "
            "disturb hours).\n"
            "2. search_user_memory(query='wake up time workdays'); the most recently updated memory wins.\n"
            "3. list_alarms(); update_alarm(alarm_id='<alarm>', enabled=true, time='<wake-up time>') or "
            "create_alarm(time='<wake-up time>', label='Wake up') if none matches.\n"
            "4. list_automation_rules(); update_automation_rule(rule_id='<bedtime rule>', enabled=true, "
            "run_now=true), or create_automation_rule(name='Bedtime', ...) if there is none.\n"
            "5. list_reminders() to mention anything due tomorrow morning."
        ),
        "tools": [
            "search_user_memory",
            "list_alarms",
            "update_alarm",
            "create_alarm",
            "list_automation_rules",
            "update_automation_rule",
            "create_automation_rule",
            "list_reminders",
        ],
    },
    {
        "id": "weekly_review",
        "name": "Weekly review",
        "description": "Run the owner's Friday review: inbox, open reminders and next week's calendar.",
        "instructions": (
            "1. search_user_memory(query='weekly review') for the owner's checklist.\n"
            "2. search_emails(query='unread') and list_messages() to surface anything unanswered.\n"
            "3. list_reminders(); complete_reminder(reminder_id='...') for items that are done.\n"
            "4. list_events(start_date='<next Monday>', end_date='<next Friday>') to review next week.\n"
            "5. create_reminder(title='<priority>', due='<ISO>') for each priority agreed with the owner."
        ),
        "tools": [
            "search_user_memory",
            "search_emails",
            "list_messages",
            "list_reminders",
            "complete_reminder",
            "list_events",
            "create_reminder",
        ],
    },
    {
        "id": "doctor_visit",
        "name": "Doctor visit",
        "description": "Arrange an appointment with the owner's family doctor and remind them in time.",
        "instructions": (
            "1. search_user_memory(query='family doctor') (Dr. Priya Shah, contact_007).\n"
            "2. get_contact(contact_id='contact_007') for the clinic's number.\n"
            "3. start_call(contact_id='contact_007') to book, then end_call().\n"
            "4. create_event(title='Checkup with Dr. Priya Shah', start='<ISO>', end='<ISO>').\n"
            "5. search_user_memory(query='reminder lead time') and create_reminder(title='Doctor "
            "appointment', due='<start minus lead time>')."
        ),
        "tools": [
            "search_user_memory",
            "get_contact",
            "start_call",
            "end_call",
            "create_event",
            "create_reminder",
        ],
    },
    {
        "id": "memory_cleanup",
        "name": "Memory cleanup",
        "description": "Keep the assistant's memory consistent: resolve conflicts and record new facts.",
        "instructions": (
            "1. search_user_memory(query='<topic>', top_k=10) to collect every related memory.\n"
            "2. When two memories conflict, the one with the latest updated_at is current: "
            "replace_user_memory(memory_id='<older id>', text='<corrected text>') or "
            "remove_user_memory(memory_id='<outdated id>').\n"
            "3. add_user_memory(text='<new durable fact>', category='preference') for facts that are not "
            "stored yet; never store one-off details."
        ),
        "tools": ["search_user_memory", "add_user_memory", "replace_user_memory", "remove_user_memory"],
    },
]


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    memories: dict[str, dict[str, Any]] = {}
    for mem_id, category, created, updated, tags, text in CORE_MEMORIES:
        memories[mem_id] = {
            "id": mem_id,
            "text": text,
            "category": category,
            "created_at": created,
            "updated_at": updated,
            "tags": list(tags),
            "history": [dict(h) for h in CORE_HISTORY.get(mem_id, [])],
        }
    seen = {_norm(r["text"]) for r in memories.values()}
    count = round(FILLER_PER_SCALE * scale)
    for i in range(count):
        text, category, tags = _filler(rng)
        tries = 0
        while _norm(text) in seen:
            tries += 1
            text, category, tags = _filler(rng)
            if tries > 20:  # the phrase space is exhausted only at very large scales
                text = f"{text} (note {i + 1})"
        seen.add(_norm(text))
        created, updated = _iso_between(rng, rng.randrange(680), 20)
        mem_id = f"mem_{101 + i:03d}"
        memories[mem_id] = {
            "id": mem_id,
            "text": text,
            "category": category,
            "created_at": created,
            "updated_at": updated,
            "tags": list(tags),
            "history": [],
        }
    tables["memories"] = memories
    tables["skills"] = {
        sk["id"]: {
            "id": sk["id"],
            "name": sk["name"],
            "description": sk["description"],
            "instructions": sk["instructions"],
            "tools": list(sk["tools"]),
        }
        for sk in SKILLS
    }
    tables["handoffs"] = {}


# --------------------------------------------------------------------------- memory index (cached)
def _norm(text: str) -> str:
    """Whitespace- and case-insensitive form used to detect identical memories."""
    return " ".join(text.split()).casefold()


def _doc(rec: dict[str, Any]) -> str:
    """The searchable text of a memory: its text, category and tags."""
    tags = rec.get("tags")
    head = f"{rec['text']} {rec.get('category', '')}"
    return f"{head} {' '.join(tags)}" if tags else head


class _Corpus:
    """The current memories as a BM25 index plus an identical-text lookup (built lazily)."""

    __slots__ = ("base", "patch", "ids", "index", "_by_text", "_texts")

    def __init__(
        self, base: Any, patch: Any, ids: tuple[str, ...], texts: tuple[str, ...], docs: tuple[str, ...]
    ) -> None:
        # Holding ``base`` and ``patch`` keeps their id()s, used in the cache key, from being reused.
        self.base = base
        self.patch = patch
        self.ids = ids
        self._texts = texts
        self.index = BM25(docs, keys=ids)
        self._by_text: dict[str, str] | None = None

    def find_text(self, text: str) -> str | None:
        """The ID of a memory whose text equals ``text`` (ignoring case and spacing), or None."""
        if self._by_text is None:
            by_text: dict[str, str] = {}
            for mem_id, t in zip(self.ids, self._texts, strict=True):
                by_text.setdefault(_norm(t), mem_id)
            self._by_text = by_text
        return self._by_text.get(_norm(text))


_CORPUS_CACHE: dict[tuple[Any, ...], _Corpus] = {}
_CORPUS_CACHE_MAX = 64


def _corpus(s: PhoneState) -> _Corpus:
    """The memory index for ``s``'s current state.

    The base world and a task's patch are never written, so the index over them is built once and shared
    by every env; the episode's own writes (usually none, or a few) are part of the key, so a memory
    added, replaced or removed in the episode is searchable at once. Tokenization is cached per text, so
    a rebuild after a write only tokenizes the new text.
    """
    base = s.world.tables.get("memories")
    patch = s.patch.tables.get("memories")
    writes = s.writes.get("memories")
    overlay = tuple((k, None if r is TOMBSTONE else _doc(r)) for k, r in writes.items()) if writes else ()
    key = (id(base), id(patch), overlay)
    hit = _CORPUS_CACHE.get(key)
    if hit is not None and hit.base is base and hit.patch is patch:
        return hit
    ids: list[str] = []
    texts: list[str] = []
    docs: list[str] = []
    for mem_id, rec in s.scan("memories"):
        ids.append(mem_id)
        texts.append(rec["text"])
        docs.append(_doc(rec))
    corpus = _Corpus(base, patch, tuple(ids), tuple(texts), tuple(docs))
    if len(_CORPUS_CACHE) >= _CORPUS_CACHE_MAX:
        del _CORPUS_CACHE[next(iter(_CORPUS_CACHE))]
    _CORPUS_CACHE[key] = corpus
    return corpus


def _memory(s: PhoneState, memory_id: str) -> dict[str, Any]:
    rec = s.get("memories", memory_id)
    if rec is None:
        raise NotFound(
            f"no memory with id {memory_id!r}; search_user_memory finds memory IDs", memory_id=memory_id
        )
    return rec


def _clean_text(text: str) -> str:
    clean = " ".join(text.split())
    if not clean:
        raise InvalidArguments("text must not be empty")
    if len(clean) > MAX_MEMORY_CHARS:
        raise InvalidArguments(f"text is {len(clean)} characters; a memory holds at most {MAX_MEMORY_CHARS}")
    return clean


# --------------------------------------------------------------------------- memory tools
@tool(DOMAIN)
def search_user_memory(s: PhoneState, query: str, top_k: int = 5) -> Ok:
    """Search the assistant's long-term memory of the user's facts and preferences, best match first.

    Ranking is BM25 over each memory's text, category and tags. When two memories conflict, the one
    with the later ``updated_at`` is the current one.

    Args:
        query: Keywords describing what to recall, e.g. "wake up time on workdays".
        top_k: How many memories to return at most (1-50), e.g. 5.

    Returns:
        A list of ``{"id", "text", "category", "updated_at", "score"}`` records, highest score first
        (ties by ID); empty when nothing matches.

    Raises:
        InvalidArguments: top_k is outside 1-50, or the query has no searchable words.
    """
    if not 1 <= top_k <= MAX_TOP_K:
        raise InvalidArguments(f"top_k must be between 1 and {MAX_TOP_K}, got {top_k}")
    if not query_terms(query):
        raise InvalidArguments(f"query {query!r} has no searchable words; use a few keywords")
    corpus = _corpus(s)
    rows = []
    ids = corpus.ids
    for i, score in corpus.index.ranked(query, top_k):
        rec = s.get("memories", ids[i])
        assert rec is not None
        rows.append(
            {
                "id": rec["id"],
                "text": rec["text"],
                "category": rec.get("category"),
                "updated_at": rec.get("updated_at"),
                "score": round(score, 4),
            }
        )
    if not rows:
        return ok(f"No memories match {query!r}", rows)
    return ok(f"{len(rows)} memories match {query!r}; best: {rows[0]['id']}", rows)


@tool(DOMAIN, mutates=True)
def add_user_memory(s: PhoneState, text: str, category: MemoryCategory, tags: list[str] | None = None) -> Ok:
    """Store a new durable fact or preference about the user in the assistant's memory.

    Args:
        text: The fact in one sentence, e.g. "Prefers window seats on short flights".
        category: The kind of memory, e.g. "preference".
        tags: Optional short labels for the memory, e.g. ["flights", "seat"].

    Returns:
        The stored memory record with its new ID.

    Raises:
        InvalidArguments: the text is empty or longer than 500 characters, or a tag is empty or there are
            more than 10 tags.
        AlreadyExists: a memory with the same text (ignoring case and spacing) is already stored.
    """
    clean = _clean_text(text)
    clean_tags = _clean_tags(tags or [])
    existing = _corpus(s).find_text(clean)
    if existing is not None:
        raise AlreadyExists(f"memory {existing} already says this", memory_id=existing)
    now = s.now_iso()
    mem_id = s.new_id("mem")
    rec = {
        "id": mem_id,
        "text": clean,
        "category": category,
        "created_at": now,
        "updated_at": now,
        "tags": clean_tags,
        "history": [],
    }
    s.put("memories", mem_id, rec)
    return ok(f"Remembered {mem_id}: {clean}", rec)


def _clean_tags(tags: list[str]) -> list[str]:
    if len(tags) > MAX_TAGS:
        raise InvalidArguments(f"at most {MAX_TAGS} tags, got {len(tags)}")
    out: list[str] = []
    for tag in tags:
        clean = " ".join(tag.split()).casefold()
        if not clean:
            raise InvalidArguments("tags must not be empty strings")
        if clean not in out:
            out.append(clean)
    return out


@tool(DOMAIN, mutates=True)
def replace_user_memory(s: PhoneState, memory_id: str, text: str) -> Ok:
    """Replace the text of a stored memory, keeping its ID and recording the previous text in its history.

    Args:
        memory_id: The memory's ID, e.g. "mem_010".
        text: The corrected fact, e.g. "I wake at 6:00 on workdays".

    Returns:
        The updated memory record (``history`` ends with the replaced text).

    Raises:
        NotFound: no memory has this ID.
        InvalidArguments: the text is empty, longer than 500 characters, or identical to the current text.
        AlreadyExists: another memory already has exactly this text.
    """
    old = _memory(s, memory_id)
    clean = _clean_text(text)
    if _norm(clean) == _norm(old["text"]):
        raise InvalidArguments(f"memory {memory_id} already has this text; nothing to replace")
    existing = _corpus(s).find_text(clean)
    if existing is not None and existing != memory_id:
        raise AlreadyExists(
            f"memory {existing} already says this; remove {memory_id} instead if it is outdated",
            memory_id=existing,
        )
    now = s.now_iso()
    history = [
        *old.get("history", []),
        {"text": old["text"], "updated_at": old["updated_at"], "replaced_at": now},
    ]
    new = s.update("memories", memory_id, text=clean, updated_at=now, history=history)
    return ok(f"Updated {memory_id}: {clean}", new)


@tool(DOMAIN, mutates=True)
def remove_user_memory(s: PhoneState, memory_id: str) -> Ok:
    """Delete a memory the user no longer wants the assistant to keep.

    Args:
        memory_id: The memory's ID, e.g. "mem_010".

    Returns:
        The removed memory record.

    Raises:
        NotFound: no memory has this ID.
    """
    _memory(s, memory_id)
    old = s.delete("memories", memory_id)
    return ok(f"Forgot {memory_id}: {old['text']}", old)


# --------------------------------------------------------------------------- skills
@tool(DOMAIN)
def load_skill(s: PhoneState, skill_id: str) -> Ok:
    """Load a skill's step-by-step instructions and the tools it binds into the action set.

    Args:
        skill_id: The skill's ID, e.g. "commute_mode".

    Returns:
        ``{"skill_id", "name", "instructions", "tools": [tool names]}``; the listed tools become callable.

    Raises:
        NotFound: no skill has this ID (``data["available"]`` lists the skill IDs).
    """
    rec = s.get("skills", skill_id)
    if rec is None:
        available = sorted(k for k, _ in s.scan("skills"))
        raise NotFound(
            f"no skill {skill_id!r}; available skills: {', '.join(available)}",
            skill_id=skill_id,
            available=available,
        )
    return ok(
        f"Loaded skill {rec['name']} ({len(rec['tools'])} tools)",
        {
            "skill_id": rec["id"],
            "name": rec["name"],
            "instructions": rec["instructions"],
            "tools": list(rec["tools"]),
        },
    )


# --------------------------------------------------------------------------- sub-agent handoffs
def _check_instruction(instruction: str) -> str:
    clean = " ".join(instruction.split())
    if len(clean.split()) < 3:
        raise InvalidArguments(
            "instruction must be a self-contained request of at least 3 words, "
            "e.g. 'Archive all promo emails'"
        )
    if len(clean) > MAX_INSTRUCTION_CHARS:
        raise InvalidArguments(f"instruction is longer than {MAX_INSTRUCTION_CHARS} characters")
    return clean


def _check_context(context: dict) -> dict:
    try:
        return orjson.loads(orjson.dumps(context))
    except (TypeError, orjson.JSONEncodeError):
        raise InvalidArguments("context must be a JSON object with string keys") from None


def _handoff(s: PhoneState, route: str, app: str | None, instruction: str, context: dict, default: str) -> Ok:
    """Write the handoff record and return the simulated sub-agent's report."""
    scripted = None
    if app is not None:
        scripted = s.get("subagent_results", f"{route}:{app}")
    if scripted is None:
        scripted = s.get("subagent_results", route)
    if scripted is not None:
        result = scripted.get("result", default)
        status = scripted.get("status", "completed")
    else:
        result, status = default, "completed"
    handoff_id = s.new_id("handoff")
    rec = {
        "id": handoff_id,
        "route": route,
        "app": app,
        "instruction": instruction,
        "context": context,
        "status": status,
        "result": result,
        "time": s.now_iso(),
    }
    s.put("handoffs", handoff_id, rec)
    return ok(
        f"{route} sub-agent {status}: {result}" if isinstance(result, str) else f"{route} sub-agent {status}",
        rec,
    )


@tool(DOMAIN, mutates=True)
def delegate_to_gui_agent(s: PhoneState, app: str, instruction: str, context: dict) -> Ok:
    """Hand a task that needs an app's screens (no tool covers it) to the GUI sub-agent and get its report.

    The sub-agent is simulated: the benchmark measures the routing decision and the quality of the
    handoff (right app, self-contained instruction, needed context), not the sub-agent's own policy.
    Its report is scripted by the task, or else a deterministic summary of the instruction.

    Args:
        app: The installed app to operate, by app ID, e.g. "mail".
        instruction: A self-contained request of at least 3 words, e.g. "Archive all promotional emails
            from last week".
        context: Facts the sub-agent needs, e.g. {"sender": "deals@shop.example", "before": "2026-05-20"}.

    Returns:
        The handoff record ``{"id", "route": "gui", "app", "instruction", "context", "status", "result",
        "time"}`` with the sub-agent's report in ``result``.

    Raises:
        InvalidArguments: the instruction is empty, shorter than 3 words or too long, or the context is not
            JSON.
        NotFound: no installed app has this ID.
    """
    clean = _check_instruction(instruction)
    app_rec = s.get("apps", app)
    if app_rec is None:
        installed = sorted(k for k, _ in s.scan("apps"))
        raise NotFound(
            f"no installed app with id {app!r}; installed apps: {', '.join(installed)}",
            app=app,
            available=installed,
        )
    ctx = _check_context(context)
    default = f"Done in {app_rec['name']}: {clean}"
    return _handoff(s, "gui", app, clean, ctx, default)


@tool(DOMAIN, mutates=True)
def delegate_to_search_agent(s: PhoneState, instruction: str, context: dict) -> Ok:
    """Hand an open-ended information need (look up or find facts on the web) to the search sub-agent.

    The sub-agent is simulated: the benchmark measures the routing decision and the quality of the
    handoff (self-contained instruction, needed context), not the sub-agent's own policy. Its report is
    scripted by the task, or else a deterministic summary of the instruction.

    Args:
        instruction: A self-contained question of at least 3 words, e.g. "Find vegetarian restaurants near
            Embarcadero open after 21:00".
        context: Facts the sub-agent needs, e.g. {"city": "San Francisco", "allergies": ["peanuts"]}.

    Returns:
        The handoff record ``{"id", "route": "search", "app": None, "instruction", "context", "status",
        "result", "time"}`` with the sub-agent's report in ``result``.

    Raises:
        InvalidArguments: the instruction is empty, shorter than 3 words or too long, or the context is not
            JSON.
    """
    clean = _check_instruction(instruction)
    ctx = _check_context(context)
    default = f"Search summary for '{clean}': no further details are available offline."
    return _handoff(s, "search", None, clean, ctx, default)
