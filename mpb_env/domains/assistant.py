"""AI Assistant: long-term user memory, procedural skills, sub-agent hand-offs and smart suggestions.

Tables:
    memories: ``{memory_id: {"id", "text", "category", "created_at", "updated_at", "tags": [str],
        "history": [{"text", "updated_at", "replaced_at"}]}}``. Durable facts and preferences about the
        owner. Some core records deliberately conflict (an older and a newer wake-up time); the newer
        ``updated_at`` wins. Searched with BM25 (:mod:`mpb_env.text`).
    skills: ``{skill_id: {"id", "name", "description", "instructions", "tools": [tool names]}}``.
        Procedural know-how: numbered steps naming tools and arguments, plus the tools the skill binds
        (the env adds them to the action set when ``load_skill`` succeeds). Skills span every domain of
        the catalog; a test checks that each bound tool exists and each ``tool(arg=...)`` in the
        instructions names a real argument.
    handoffs: ``{handoff_id: {"id", "route", "app", "instruction", "context", "status", "result",
        "time"}}``. One record per delegation to a sub-agent; ``route`` is gui, search, image, visual_qa,
        monitor or practice. ``app`` is the operated app (GUI route, else None); route-specific facts
        (the edited photo, the watched condition, the practice topic...) are added to ``context``.
        ``status`` is ``completed`` (or what the task scripts) for one-shot routes; a condition watch
        (monitor) and a practice session stay ``active`` until their ``context["until"]`` /
        ``context["ends_at"]`` passes on the simulated clock or ``stop_handoff`` sets ``stopped``.

A task's patch may add a table ``subagent_results`` keyed by route whose records ``{"result", "status"?}``
script what the simulated sub-agent reports back; ``"<route>:<key>"`` is tried first, where the key is the
app (gui), the source photo (image), the target ID or ``screen`` (visual_qa) or the kind (practice).

Cross-domain: the GUI route checks the ``apps`` table; image and visual QA read ``photos`` (Audio &
Entertainment) and image ``files`` (Apps & Storage), and the screen's foreground app from ``apps``; the
practice route needs the Assistant app's MICROPHONE permission; smart suggestions read ``events``,
``reminders`` and ``timers`` (Time Management), ``messages`` and ``contacts`` (Calls & Communication),
the apps' permissions and the ``battery.*`` settings.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, Literal, NamedTuple

import orjson

from mpb_env.errors import (
    AlreadyExists,
    CapabilityLimit,
    Conflict,
    InvalidArguments,
    NotFound,
    PreconditionFailed,
)
from mpb_env.text import BM25, BM25Delta, query_terms
from mpb_env.tools.runtime import Ok, ok, tool
from mpb_env.world.state import TOMBSTONE, PhoneState, Record, Tables

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
    {
        "id": "movie_night",
        "name": "Movie night",
        "description": "Dim the phone, hold interruptions and put a film on the living-room TV.",
        "instructions": (
            "1. set_display_brightness(level=20) to dim the screen.\n"
            "2. set_do_not_disturb(enabled=true, duration_minutes=180, allow_calls_from='favorites') so only "
            "favourites ring through.\n"
            "3. list_cross_devices(kind='tv', paired_only=true) to find the TV (the Living Room TV is "
            "xdev_001); if it is not paired yet, set_bluetooth_enabled(enabled=true) (pairing discovers it "
            "over Bluetooth) and pair_cross_device(device_id='<tv id>').\n"
            "4. delegate_to_gui_agent(app='netflix', instruction='Play <title> from the start', "
            "context={'title': '<title>'}) to start the film.\n"
            "5. start_cast_session(device_id='<tv id>', source='screen') to show it on the TV.\n"
            "6. stop_cast_session(session_id='<session id>') when the film ends."
        ),
        "tools": [
            "set_display_brightness",
            "set_do_not_disturb",
            "list_cross_devices",
            "set_bluetooth_enabled",
            "pair_cross_device",
            "delegate_to_gui_agent",
            "start_cast_session",
            "stop_cast_session",
        ],
    },
    {
        "id": "airport_mode",
        "name": "Airport mode",
        "description": "Get through the airport: flight status, the ride there, terminal Wi-Fi and flight mode.",
        "instructions": (
            "1. list_events(query='Flight') to find the flight on the calendar (event_004 is UA 1532 SFO-JFK on "
            "2026-05-26) and list_travel_bookings(kind='flight', upcoming_only=true) for its booking.\n"
            "2. get_transit_status(booking_id='<booking id>') for the terminal, gate and any delay.\n"
            "3. start_navigation(event_id='<flight event id>', mode='transit') to get to the airport.\n"
            "4. connect_wifi_network(ssid='SFO Free WiFi') at the terminal if it is in range.\n"
            "5. When boarding: set_airplane_mode(enabled=true), then set_wifi_enabled(enabled=true) only if the "
            "plane has Wi-Fi.\n"
            "6. set_battery_saver(enabled=true) for a long flight."
        ),
        "tools": [
            "list_events",
            "list_travel_bookings",
            "get_transit_status",
            "start_navigation",
            "connect_wifi_network",
            "set_airplane_mode",
            "set_wifi_enabled",
            "set_battery_saver",
        ],
    },
    {
        "id": "meeting_mode",
        "name": "Meeting mode",
        "description": "Silence the phone for the length of a meeting and bring the sound back after it.",
        "instructions": (
            "1. list_events(start_date='<today>', end_date='<today>') to find the meeting and its end time.\n"
            "2. set_sound_mode(mode='vibrate').\n"
            "3. set_do_not_disturb(enabled=true, duration_minutes=<meeting length>, "
            "allow_calls_from='favorites', repeat_callers=true).\n"
            "4. set_aod_mode(mode='off') so the screen stays dark on the table.\n"
            "5. After the meeting: set_sound_mode(mode='ring') and set_do_not_disturb(enabled=false)."
        ),
        "tools": ["list_events", "set_sound_mode", "set_do_not_disturb", "set_aod_mode"],
    },
    {
        "id": "battery_rescue",
        "name": "Battery rescue",
        "description": "Stretch a low battery until the owner can charge: saver on, screen and apps trimmed.",
        "instructions": (
            "1. get_about_phone() for the battery level and whether it is charging.\n"
            "2. set_battery_saver(enabled=true) (it also turns the dark theme on).\n"
            "3. set_display_brightness(level=30, auto_brightness=false), set_refresh_rate(hz=60) and "
            "set_screen_timeout(seconds=30).\n"
            "4. set_aod_mode(mode='off') and set_air_gesture(gesture='air_scroll', enabled=false).\n"
            "5. get_app_usage(period='today') and close_app(app_id='<heavy app>', force=true) for apps running "
            "in the background."
        ),
        "tools": [
            "get_about_phone",
            "set_battery_saver",
            "set_display_brightness",
            "set_refresh_rate",
            "set_screen_timeout",
            "set_aod_mode",
            "set_air_gesture",
            "get_app_usage",
            "close_app",
        ],
    },
    {
        "id": "new_phone_setup",
        "name": "New phone setup",
        "description": "Move the owner's data from the old phone and secure and personalise the new one.",
        "instructions": (
            "1. list_cross_devices(kind='phone') to find the old phone (Alex's Old Phone is xdev_009); "
            "pair_cross_device(device_id='<old phone id>') if needed.\n"
            "2. get_storage_usage() to make sure the data fits.\n"
            "3. start_device_migration(source_device_id='<old phone id>', categories=['contacts', 'messages', "
            "'photos', 'calendar']) and follow it with get_device_migration(job_id='<job id>').\n"
            "4. set_screen_lock(lock_type='pin', new_secret='<new PIN>') and add_biometric(kind='fingerprint', "
            "label='Right thumb').\n"
            "5. add_keyboard_language(language='<second language>') and set_navigation_mode(mode='gestures') to "
            "match the old phone."
        ),
        "tools": [
            "list_cross_devices",
            "pair_cross_device",
            "get_storage_usage",
            "start_device_migration",
            "get_device_migration",
            "set_screen_lock",
            "add_biometric",
            "add_keyboard_language",
            "set_navigation_mode",
        ],
    },
    {
        "id": "privacy_checkup",
        "name": "Privacy checkup",
        "description": "Review which apps used location, camera and microphone and tighten permissions.",
        "instructions": (
            "1. get_privacy_dashboard(hours=24) to see which apps used location, camera or microphone.\n"
            "2. get_privacy_dashboard(permission='LOCATION', hours=168) for the whole week's location access.\n"
            "3. list_apps() and get_app_info(app_id='<app>') for each surprising app; "
            "revoke_app_permission(app_id='<app>', permission='LOCATION') where it is not needed.\n"
            "4. search_user_memory(query='share location privacy'): location is shared only with Jordan.\n"
            "5. get_security_status() and set_app_lock(app_id='bank', locked=true) for finance apps."
        ),
        "tools": [
            "get_privacy_dashboard",
            "list_apps",
            "get_app_info",
            "revoke_app_permission",
            "search_user_memory",
            "get_security_status",
            "set_app_lock",
        ],
    },
    {
        "id": "photo_backup",
        "name": "Photo backup",
        "description": "Collect recent photos and screenshots and back them up over Wi-Fi to the laptop and cloud.",
        "instructions": (
            "1. get_network_status(): back up on Wi-Fi only; connect_wifi_network(ssid='MorganHome') at home.\n"
            "2. list_photos(date_from='<start date>', date_to='<end date>') for the photos to keep.\n"
            "3. create_album(name='Backup <month>', photo_ids=['<photo ids>']) to group them.\n"
            "4. list_files(folder='Screenshots') for screenshots worth keeping, then "
            "send_files_to_device(device_id='xdev_003', file_ids=['<file ids>']) to copy them to the laptop.\n"
            "5. delegate_to_gui_agent(app='gallery', instruction='Back up the album Backup <month> to the "
            "cloud', context={'album': '<album id>'}) for the cloud upload.\n"
            "6. get_storage_usage() to report the space photos take."
        ),
        "tools": [
            "get_network_status",
            "connect_wifi_network",
            "list_photos",
            "create_album",
            "list_files",
            "send_files_to_device",
            "delegate_to_gui_agent",
            "get_storage_usage",
        ],
    },
    {
        "id": "storage_cleanup",
        "name": "Storage cleanup",
        "description": "Free up space: junk, the recycle bin, big files, app caches and unused apps.",
        "instructions": (
            "1. get_storage_usage(top_n=5) to see what fills the phone.\n"
            "2. clear_junk_files(include_app_caches=false), then clear_recycle_bin().\n"
            "3. list_files(sort_by='size', limit=10) and delete_file(file_id='<file id>') for large files the "
            "owner no longer needs (ask first).\n"
            "4. clear_app_cache(app_id='<app with a big cache>').\n"
            "5. get_app_usage(period='week') and uninstall_app(app_id='<unused app>') for apps not opened this "
            "week, if the owner agrees."
        ),
        "tools": [
            "get_storage_usage",
            "clear_junk_files",
            "clear_recycle_bin",
            "list_files",
            "delete_file",
            "clear_app_cache",
            "get_app_usage",
            "uninstall_app",
        ],
    },
    {
        "id": "driving_mode",
        "name": "Driving mode",
        "description": "Connect to the car, hold interruptions, start directions and music for the drive.",
        "instructions": (
            "1. set_bluetooth_enabled(enabled=true) and connect_bluetooth_device(device_id='bt_003') for the "
            "Honda CR-V.\n"
            "2. set_do_not_disturb(enabled=true, allow_calls_from='favorites').\n"
            "3. start_navigation(destination='<destination>', mode='drive'), or "
            "start_navigation(event_id='<event id>', mode='drive') for a calendar event.\n"
            "4. play_media(playlist_id='playlist_004') for the road, or resume_playback() to continue.\n"
            "5. send_message(contact_id='<contact id>', text='Driving, will reply later') to anyone waiting for "
            "a reply."
        ),
        "tools": [
            "set_bluetooth_enabled",
            "connect_bluetooth_device",
            "set_do_not_disturb",
            "start_navigation",
            "play_media",
            "resume_playback",
            "send_message",
        ],
    },
    {
        "id": "workout_mode",
        "name": "Workout mode",
        "description": "Earbuds in, workout playlist on, a session timer and no interruptions.",
        "instructions": (
            "1. search_user_memory(query='gym days Leo') for the workout routine.\n"
            "2. set_bluetooth_enabled(enabled=true) and connect_bluetooth_device(device_id='bt_002') for the "
            "Pixel Buds Pro.\n"
            "3. play_media(playlist_id='playlist_001') ('Morning Run') and set_playback_mode(shuffle=true).\n"
            "4. start_timer(duration_seconds=2700, label='Workout').\n"
            "5. set_do_not_disturb(enabled=true, duration_minutes=60)."
        ),
        "tools": [
            "search_user_memory",
            "set_bluetooth_enabled",
            "connect_bluetooth_device",
            "play_media",
            "set_playback_mode",
            "start_timer",
            "set_do_not_disturb",
        ],
    },
    {
        "id": "wind_down",
        "name": "Wind down",
        "description": "Calm audio with a sleep timer and a warm, dim screen before sleep.",
        "instructions": (
            "1. set_eye_comfort(enabled=true, strength=70) and set_display_brightness(level=15).\n"
            "2. play_media(query='<calm music or podcast>'), then set_playback_volume(level=25).\n"
            "3. start_sleep_timer(minutes=30) so playback stops on its own.\n"
            "4. set_aod_mode(mode='off') for a dark bedroom."
        ),
        "tools": [
            "set_eye_comfort",
            "set_display_brightness",
            "play_media",
            "set_playback_volume",
            "start_sleep_timer",
            "set_aod_mode",
        ],
    },
    {
        "id": "eye_care",
        "name": "Eye care",
        "description": "Easier-on-the-eyes evenings: eye comfort and dark theme at sunset, larger text, breaks.",
        "instructions": (
            "1. get_display_settings() to see the current setup.\n"
            "2. set_eye_comfort(schedule='sunset_to_sunrise', strength=60).\n"
            "3. set_dark_mode(schedule='sunset_to_sunrise').\n"
            "4. set_font_size(size='large') if text is hard to read.\n"
            "5. start_timer(duration_seconds=1200, label='Eye break') for a 20-20-20 break."
        ),
        "tools": ["get_display_settings", "set_eye_comfort", "set_dark_mode", "set_font_size", "start_timer"],
    },
    {
        "id": "easy_view",
        "name": "Easy view",
        "description": "Make the phone easier to see and feel: big text and display, firm feedback.",
        "instructions": (
            "1. set_font_size(size='largest') and set_display_size(size='large').\n"
            "2. set_display_brightness(auto_brightness=true).\n"
            "3. set_vibration_intensity(intensity=80) so taps are easy to feel.\n"
            "4. set_keyboard_settings(haptic_typing=true, key_sound=true) for clear typing feedback."
        ),
        "tools": [
            "set_font_size",
            "set_display_size",
            "set_display_brightness",
            "set_vibration_intensity",
            "set_keyboard_settings",
        ],
    },
    {
        "id": "one_handed_setup",
        "name": "One-handed setup",
        "description": "Make the phone usable with one hand: gestures, one-handed mode, quick launch, air scroll.",
        "instructions": (
            "1. get_input_settings(section='navigation').\n"
            "2. set_navigation_mode(mode='gestures') if the phone uses three buttons (one-handed mode needs "
            "gestures).\n"
            "3. set_one_handed_mode(enabled=true, side='right'), or side='left' for a left-handed owner.\n"
            "4. set_side_button_action(press='double_press', action='open_app', app_id='<favourite app>') for "
            "a quick launch.\n"
            "5. set_air_gesture(gesture='air_scroll', enabled=true) to scroll without touching."
        ),
        "tools": [
            "get_input_settings",
            "set_navigation_mode",
            "set_one_handed_mode",
            "set_side_button_action",
            "set_air_gesture",
        ],
    },
    {
        "id": "join_wifi_qr",
        "name": "Join Wi-Fi from a QR code",
        "description": "Scan a Wi-Fi QR code, join the network and confirm the connection.",
        "instructions": (
            "1. scan_qr_code(); when several codes are in view, scan_qr_code(code_id='<Wi-Fi code id>') with "
            "the one whose label or kind is Wi-Fi. The scan saves the network and its password.\n"
            "2. set_wifi_enabled(enabled=true) if Wi-Fi is off.\n"
            "3. connect_wifi_network(ssid='<ssid from the code>').\n"
            "4. get_network_status() to confirm."
        ),
        "tools": ["scan_qr_code", "set_wifi_enabled", "connect_wifi_network", "get_network_status"],
    },
    {
        "id": "hotspot_share",
        "name": "Share the connection",
        "description": "Turn on the hotspot for someone and send them its name and password.",
        "instructions": (
            "1. get_network_status(); the hotspot needs mobile data and no airplane mode: "
            "set_mobile_data_enabled(enabled=true).\n"
            "2. set_hotspot(enabled=true, ssid='<name>', password='<8+ characters>').\n"
            "3. send_message(contact_id='<contact id>', text='Hotspot <name>, password <password>').\n"
            "4. get_app_data_usage(sort_by='mobile') later to check data; set_hotspot(enabled=false) when done."
        ),
        "tools": [
            "get_network_status",
            "set_mobile_data_enabled",
            "set_hotspot",
            "send_message",
            "get_app_data_usage",
        ],
    },
    {
        "id": "secure_phone",
        "name": "Secure the phone",
        "description": "Set a proper screen lock, fingerprint, app locks and emergency contacts.",
        "instructions": (
            "1. get_security_status().\n"
            "2. set_screen_lock(lock_type='pin', new_secret='<PIN>', current_secret='<old secret, if any>', "
            "timeout_seconds=30).\n"
            "3. add_biometric(kind='fingerprint', label='<finger>').\n"
            "4. set_app_lock(app_id='bank', locked=true), and the same for 'wallet' and 'venmo'.\n"
            "5. set_emergency_contacts(contact_ids=['contact_004', 'contact_006'])."
        ),
        "tools": [
            "get_security_status",
            "set_screen_lock",
            "add_biometric",
            "set_app_lock",
            "set_emergency_contacts",
        ],
    },
    {
        "id": "emergency_help",
        "name": "Emergency help",
        "description": "Alert the emergency contacts with the location, call for help and keep the phone alive.",
        "instructions": (
            "1. send_emergency_alert(message='<what happened>', include_location=true) to the emergency "
            "contacts.\n"
            "2. start_call(contact_id='contact_004') to reach Jordan, or start_call(phone_number='911') for "
            "emergency services.\n"
            "3. set_do_not_disturb(enabled=false) so replies ring through.\n"
            "4. set_battery_saver(enabled=true) to keep the phone alive."
        ),
        "tools": ["send_emergency_alert", "start_call", "set_do_not_disturb", "set_battery_saver"],
    },
    {
        "id": "song_capture",
        "name": "Save a song you hear",
        "description": "Identify the music playing nearby, like it and add it to a playlist.",
        "instructions": (
            "1. recognize_song() while the music plays (it needs the Assistant's microphone).\n"
            "2. search_media(query='<title> <artist>', kind='song') to find it in the library.\n"
            "3. rate_media(media_id='<media id>', liked=true).\n"
            "4. list_playlists() and update_playlist(playlist_id='<playlist id>', add_media_ids=['<media id>']), "
            "or create_playlist(name='Discovered', media_ids=['<media id>'])."
        ),
        "tools": [
            "recognize_song",
            "search_media",
            "rate_media",
            "list_playlists",
            "update_playlist",
            "create_playlist",
        ],
    },
    {
        "id": "podcast_catchup",
        "name": "Podcast catch-up",
        "description": "Follow shows, resume the newest episodes and queue the rest.",
        "instructions": (
            "1. search_media(kind='podcast') for shows; follow_show(show_id='<show id>') for new favourites.\n"
            "2. search_media(query='<show title>', kind='episode') for the newest episodes.\n"
            "3. play_media(media_id='<episode id>') (episodes resume where they stopped); "
            "set_playback_position(offset_s=30) to skip an intro.\n"
            "4. add_to_queue(media_ids=['<next episode ids>'])."
        ),
        "tools": ["search_media", "follow_show", "play_media", "set_playback_position", "add_to_queue"],
    },
    {
        "id": "party_speaker",
        "name": "Party speaker",
        "description": "Play a playlist on a Bluetooth speaker, shuffled, on repeat and loud enough.",
        "instructions": (
            "1. set_bluetooth_enabled(enabled=true) and list_bluetooth_devices(include_nearby=true).\n"
            "2. connect_bluetooth_device(device_id='bt_004') (JBL Flip 6), or "
            "pair_bluetooth_device(device_id='<speaker id>') first for a new speaker.\n"
            "3. play_media(playlist_id='<playlist id>') and set_playback_output(output='bt_004').\n"
            "4. set_playback_mode(shuffle=true, repeat='all') and set_playback_volume(level=70)."
        ),
        "tools": [
            "set_bluetooth_enabled",
            "list_bluetooth_devices",
            "connect_bluetooth_device",
            "pair_bluetooth_device",
            "play_media",
            "set_playback_output",
            "set_playback_mode",
            "set_playback_volume",
        ],
    },
    {
        "id": "presentation_mode",
        "name": "Presentation mode",
        "description": "Present from the phone on a projector without the screen sleeping or calls popping up.",
        "instructions": (
            "1. list_cross_devices(kind='projector') (Northwind Conference Room B is xdev_008); if it is "
            "not paired, set_bluetooth_enabled(enabled=true) (pairing discovers it over Bluetooth) and "
            "pair_cross_device(device_id='<projector id>').\n"
            "2. set_do_not_disturb(enabled=true, duration_minutes=60, allow_calls_from='none').\n"
            "3. set_screen_timeout(seconds=600) so the screen does not sleep mid-talk.\n"
            "4. start_cast_session(device_id='<projector id>', source='screen').\n"
            "5. stop_cast_session() afterwards and set_do_not_disturb(enabled=false)."
        ),
        "tools": [
            "list_cross_devices",
            "set_bluetooth_enabled",
            "pair_cross_device",
            "set_do_not_disturb",
            "set_screen_timeout",
            "start_cast_session",
            "stop_cast_session",
        ],
    },
    {
        "id": "laptop_handoff",
        "name": "Continue on the laptop",
        "description": "Link the phone to the laptop screen and send it the files the owner needs.",
        "instructions": (
            "1. set_wifi_enabled(enabled=true) and set_bluetooth_enabled(enabled=true): collaboration needs "
            "both.\n"
            "2. start_multiscreen_session(device_id='xdev_003') for Alex's MacBook Pro.\n"
            "3. list_files(query='<name>') and send_files_to_device(device_id='xdev_003', "
            "file_ids=['<file ids>']).\n"
            "4. list_cast_sessions(active_only=true); stop_cast_session(session_id='<session id>') when done."
        ),
        "tools": [
            "set_wifi_enabled",
            "set_bluetooth_enabled",
            "start_multiscreen_session",
            "list_files",
            "send_files_to_device",
            "list_cast_sessions",
            "stop_cast_session",
        ],
    },
    {
        "id": "notification_detox",
        "name": "Notification detox",
        "description": "Find the noisiest apps, mute the ones the owner does not need and clear the shade.",
        "instructions": (
            "1. list_app_notifications(limit=50) to see which apps are noisy.\n"
            "2. get_app_usage(period='week') for the apps used least.\n"
            "3. disable_app_notifications(app_id='<noisy app>') for apps the owner does not need alerts from.\n"
            "4. clear_app_notifications() to clear the shade.\n"
            "5. set_aod_style(style='minimal', show_notifications=false) for a calm locked screen."
        ),
        "tools": [
            "list_app_notifications",
            "get_app_usage",
            "disable_app_notifications",
            "clear_app_notifications",
            "set_aod_style",
        ],
    },
    {
        "id": "software_update",
        "name": "Update everything",
        "description": "Install the system update and app updates safely (charged, on Wi-Fi).",
        "instructions": (
            "1. get_about_phone(): the battery must be above 30% or charging; get_network_status() for Wi-Fi.\n"
            "2. check_system_update(), then download_system_update(update_id='<update id>') and "
            "install_system_update(update_id='<update id>').\n"
            "3. get_app_info(app_id='<app>') shows whether an app has an update; update_app(app_id='<app>')."
        ),
        "tools": [
            "get_about_phone",
            "get_network_status",
            "check_system_update",
            "download_system_update",
            "install_system_update",
            "get_app_info",
            "update_app",
        ],
    },
    {
        "id": "home_screen_tidy",
        "name": "Tidy the home screen",
        "description": "Group apps into folders, drop unused icons and pick a calm wallpaper.",
        "instructions": (
            "1. list_home_screen() to see pages and icon IDs.\n"
            "2. create_home_screen_folder(name='Travel', app_ids=['uber', 'lyft', 'airline', 'airbnb']).\n"
            "3. remove_home_screen_icon(item_id='<icon id>') for unused apps; "
            "move_home_screen_icon(item_id='<icon id>', page=1) for favourites.\n"
            "4. list_wallpapers(category='minimal') and set_wallpaper(wallpaper_id='<id>', screen='home')."
        ),
        "tools": [
            "list_home_screen",
            "create_home_screen_folder",
            "remove_home_screen_icon",
            "move_home_screen_icon",
            "list_wallpapers",
            "set_wallpaper",
        ],
    },
    {
        "id": "quick_access_setup",
        "name": "Quick access setup",
        "description": "Arrange the control-center tiles and the side-button shortcut around daily habits.",
        "instructions": (
            "1. list_control_center_tiles(include_available=true).\n"
            "2. add_control_center_tile(tile='nfc', position=3) and move_control_center_tile(tile='dnd', "
            "position=1); remove_control_center_tile(tile='auto_rotate') if it is not used.\n"
            "3. set_side_button_action(press='double_press', action='flashlight') or action='wallet' for quick "
            "payments."
        ),
        "tools": [
            "list_control_center_tiles",
            "add_control_center_tile",
            "move_control_center_tile",
            "remove_control_center_tile",
            "set_side_button_action",
        ],
    },
    {
        "id": "save_contact_card",
        "name": "Save a business card",
        "description": "Scan a contact QR code and save or update the person in Contacts.",
        "instructions": (
            "1. scan_qr_code(code_id='<card code id>') gives the name, phone, email and existing_contact_id.\n"
            "2. If existing_contact_id is set, update_contact(contact_id='<contact id>', email='<email>'); "
            "otherwise add_contact(name='<name>', phone='<phone>', email='<email>', company='<company>', "
            "notes='Met at <place>').\n"
            "3. send_message(contact_id='<contact id>', text='Nice to meet you! - Alex')."
        ),
        "tools": ["scan_qr_code", "update_contact", "add_contact", "send_message"],
    },
    {
        "id": "pay_by_qr",
        "name": "Pay with a QR code",
        "description": "Read a payment QR code, confirm the amount and pay with the Wallet's card.",
        "instructions": (
            "1. scan_qr_code(code_id='<payment code id>') for the payee, amount and the default card.\n"
            "2. Confirm the amount and payee with the owner before paying.\n"
            "3. delegate_to_gui_agent(app='wallet', instruction='Pay <amount> to <payee> for <reference>', "
            "context={'card_id': '<card id>'}); if the merchant scans the phone instead, "
            "create_payment_code(card='<card id>', code_format='qr').\n"
            "4. create_reminder(title='Parking ends', due='<ISO time>') when paying a parking meter."
        ),
        "tools": ["scan_qr_code", "delegate_to_gui_agent", "create_payment_code", "create_reminder"],
    },
    {
        "id": "screen_explainer",
        "name": "Explain what's on screen",
        "description": "Capture the screen, ask the visual QA sub-agent about it and keep or share the answer.",
        "instructions": (
            "1. take_screenshot(), or take_screenshot(scroll_pages=3) for a long page.\n"
            "2. delegate_to_visual_qa_agent(question='<the owner question>', context={}, "
            "target_id='<screenshot file id>'); without target_id it looks at the live screen.\n"
            "3. send_message(contact_id='<contact id>', text='<answer summary>') or "
            "create_note(title='<topic>', body='<answer>') to keep it."
        ),
        "tools": ["take_screenshot", "delegate_to_visual_qa_agent", "send_message", "create_note"],
    },
    {
        "id": "flight_watch",
        "name": "Flight watch",
        "description": "Keep an eye on an upcoming flight and tell family automatically when it is delayed.",
        "instructions": (
            "1. list_events(query='Flight') and list_travel_bookings(kind='flight', upcoming_only=true) for the "
            "flight and its booking.\n"
            "2. get_transit_status(booking_id='<booking id>') for the current delay.\n"
            "3. delegate_to_monitor_agent(condition='flight <number> <origin>-<destination> is delayed', "
            "action='text Jordan the new departure time', context={'contact_id': 'contact_004'}, "
            "until='<departure ISO time>').\n"
            "4. get_handoff_status(route='monitor') to confirm the watch; stop_handoff(handoff_id='<id>') once "
            "landed."
        ),
        "tools": [
            "list_events",
            "list_travel_bookings",
            "get_transit_status",
            "delegate_to_monitor_agent",
            "get_handoff_status",
            "stop_handoff",
        ],
    },
    {
        "id": "language_practice",
        "name": "Language practice",
        "description": "Run the owner's spoken Spanish practice and keep the study habit going.",
        "instructions": (
            "1. search_user_memory(query='Spanish study routine') (15 minutes every weekday at 21:45).\n"
            "2. delegate_to_practice_agent(kind='language', topic='<scenario>', context={}, level='beginner', "
            "language='Spanish', minutes=15).\n"
            "3. add_keyboard_language(language='es-ES') so replies can be typed in Spanish.\n"
            "4. translate_text(text='<phrase>', target_language='es') for words the owner asks about.\n"
            "5. create_reminder(title='Spanish practice', due='<next weekday 21:45>')."
        ),
        "tools": [
            "search_user_memory",
            "delegate_to_practice_agent",
            "add_keyboard_language",
            "translate_text",
            "create_reminder",
        ],
    },
    {
        "id": "interview_prep",
        "name": "Interview preparation",
        "description": "Research likely questions, rehearse a mock interview and block the date.",
        "instructions": (
            "1. delegate_to_search_agent(instruction='Find common interview questions for <role> at <company>', "
            "context={'role': '<role>', 'company': '<company>'}).\n"
            "2. delegate_to_practice_agent(kind='interview', topic='<role> at <company>', context={'role': "
            "'<role>'}, level='advanced', minutes=30).\n"
            "3. create_event(title='Interview: <company>', start='<ISO start>', end='<ISO end>', "
            "calendar='personal').\n"
            "4. create_note(title='Interview prep: <company>', body='<questions and answers>')."
        ),
        "tools": ["delegate_to_search_agent", "delegate_to_practice_agent", "create_event", "create_note"],
    },
    {
        "id": "photo_touchup",
        "name": "Photo touch-up",
        "description": "Find a photo, have the image sub-agent edit it, then share or display it.",
        "instructions": (
            "1. list_photos(query='<place or date>') to find the photo.\n"
            "2. delegate_to_image_agent(instruction='<the edit>', context={}, source_photo_id='<photo id>').\n"
            "3. share_photo(photo_id='<photo id>', contact_id='<contact id>', caption='<caption>').\n"
            "4. set_aod_style(style='photo', photo_id='<photo id>') if the owner wants it on the always-on "
            "display."
        ),
        "tools": ["list_photos", "delegate_to_image_agent", "share_photo", "set_aod_style"],
    },
    {
        "id": "always_on_setup",
        "name": "Always-on display setup",
        "description": "Set when and how the always-on display shows the time, calendar and notifications.",
        "instructions": (
            "1. get_input_settings(section='aod').\n"
            "2. get_about_phone(): battery saver blocks the 'always' mode; set_battery_saver(enabled=false) only "
            "if the owner agrees.\n"
            "3. set_aod_mode(mode='scheduled', start='07:00', end='23:00'), or mode='always'.\n"
            "4. set_aod_style(style='calendar', show_notifications=true)."
        ),
        "tools": [
            "get_input_settings",
            "get_about_phone",
            "set_battery_saver",
            "set_aod_mode",
            "set_aod_style",
        ],
    },
    {
        "id": "trip_abroad",
        "name": "Trip abroad",
        "description": "Prepare the phone for a trip abroad: time zone, keyboard, roaming, conversions.",
        "instructions": (
            "1. set_time_zone(automatic=true).\n"
            "2. add_keyboard_language(language='<local language code>').\n"
            "3. set_mobile_data_enabled(enabled=false) to avoid roaming, and "
            "connect_wifi_network(ssid='<hotel Wi-Fi>') at the hotel.\n"
            "4. convert_units(value=<amount>, from_unit='<unit>', to_unit='<unit>') and "
            "translate_text(text='<phrase>', target_language='<language>') on the way."
        ),
        "tools": [
            "set_time_zone",
            "add_keyboard_language",
            "set_mobile_data_enabled",
            "connect_wifi_network",
            "convert_units",
            "translate_text",
        ],
    },
    {
        "id": "daily_briefing",
        "name": "Daily briefing",
        "description": "Brief the owner on today: suggestions, weather, calendar, reminders, unread messages.",
        "instructions": (
            "1. get_smart_suggestions(hours=12) for what needs attention today.\n"
            "2. get_weather_forecast(city='San Francisco').\n"
            "3. list_events(start_date='<today>', end_date='<today>') and list_reminders().\n"
            "4. list_messages(unread_only=true) for unread texts.\n"
            "5. search_emails(folder='inbox', unread_only=true) for unread mail."
        ),
        "tools": [
            "get_smart_suggestions",
            "get_weather_forecast",
            "list_events",
            "list_reminders",
            "list_messages",
            "search_emails",
        ],
    },
    {
        "id": "quiet_nights",
        "name": "Quiet nights",
        "description": "Schedule do not disturb and dark theme for the night while family can still get through.",
        "instructions": (
            "1. search_user_memory(query='bedtime do not disturb') for the owner's night hours.\n"
            "2. set_dnd_schedule(enabled=true, start='22:30', end='06:00', days=['mon', 'tue', 'wed', 'thu', "
            "'fri', 'sat', 'sun']).\n"
            "3. add_dnd_exception(contact_id='contact_004') and add_dnd_exception(contact_id='contact_005') so "
            "family gets through.\n"
            "4. set_dark_mode(schedule='custom', start='22:00', end='07:00')."
        ),
        "tools": ["search_user_memory", "set_dnd_schedule", "add_dnd_exception", "set_dark_mode"],
    },
    {
        "id": "ringtone_personalize",
        "name": "Personal ringtones",
        "description": "Pick a ringtone, give family a distinct tone and set ring volume and vibration.",
        "instructions": (
            "1. list_ringtones(kind='ringtone').\n"
            "2. set_ringtone(ringtone_id='<id>', usage='ringtone').\n"
            "3. set_contact_ringtone(contact_id='contact_004', ringtone_id='<id>') for a distinct family tone.\n"
            "4. set_stream_volume(stream='ring', level=80) and set_vibration_intensity(intensity=70)."
        ),
        "tools": [
            "list_ringtones",
            "set_ringtone",
            "set_contact_ringtone",
            "set_stream_volume",
            "set_vibration_intensity",
        ],
    },
    {
        "id": "data_saver",
        "name": "Data saver",
        "description": "Cut mobile data use near the end of the billing cycle.",
        "instructions": (
            "1. get_app_data_usage(sort_by='mobile', limit=5) for the biggest users.\n"
            "2. close_app(app_id='<top app>', force=true) to stop background streaming.\n"
            "3. set_hotspot(enabled=false).\n"
            "4. list_wifi_networks(saved_only=true) and connect_wifi_network(ssid='<known network>') when one "
            "is in range.\n"
            "5. create_reminder(title='Check data usage', due='<date before the cycle ends>')."
        ),
        "tools": [
            "get_app_data_usage",
            "close_app",
            "set_hotspot",
            "list_wifi_networks",
            "connect_wifi_network",
            "create_reminder",
        ],
    },
    {
        "id": "headphones_setup",
        "name": "Headphones setup",
        "description": "Pair and connect headphones, route audio to them and control playback hands-free.",
        "instructions": (
            "1. set_bluetooth_enabled(enabled=true) and list_bluetooth_devices(include_nearby=true).\n"
            "2. pair_bluetooth_device(device_id='<device id>') for new ones, then "
            "connect_bluetooth_device(device_id='<device id>').\n"
            "3. set_playback_output(output='<device id>') and set_playback_volume(level=50).\n"
            "4. set_air_gesture(gesture='palm_pause', enabled=true) to pause without touching the phone."
        ),
        "tools": [
            "set_bluetooth_enabled",
            "list_bluetooth_devices",
            "pair_bluetooth_device",
            "connect_bluetooth_device",
            "set_playback_output",
            "set_playback_volume",
            "set_air_gesture",
        ],
    },
    {
        "id": "kid_mode",
        "name": "Kid mode",
        "description": "Hand the phone to Emma safely: private apps locked, quiet, time-limited.",
        "instructions": (
            "1. set_app_lock(app_id='<app>', locked=true) for mail, messages, bank and wallet.\n"
            "2. set_do_not_disturb(enabled=true, allow_calls_from='favorites').\n"
            "3. set_stream_volume(stream='media', level=40).\n"
            "4. start_timer(duration_seconds=1800, label='Emma screen time').\n"
            "5. play_media(playlist_id='playlist_005') for Emma's Dance Party."
        ),
        "tools": ["set_app_lock", "set_do_not_disturb", "set_stream_volume", "start_timer", "play_media"],
    },
    {
        "id": "memory_review",
        "name": "Memory review",
        "description": "Walk through what the assistant remembers by category and fix what is outdated.",
        "instructions": (
            "1. list_user_memories(category='<category>', limit=50) to review what is stored.\n"
            "2. search_user_memory(query='<topic>') to find entries that conflict; the latest updated_at wins.\n"
            "3. replace_user_memory(memory_id='<id>', text='<corrected text>') or "
            "remove_user_memory(memory_id='<id>').\n"
            "4. list_skills(query='<task>') to find the skills that rely on the updated preference."
        ),
        "tools": [
            "list_user_memories",
            "search_user_memory",
            "replace_user_memory",
            "remove_user_memory",
            "list_skills",
        ],
    },
    {
        "id": "secure_sign_in",
        "name": "Secure sign-in",
        "description": "Fetch a saved password from the vault and the one-time code from SMS to finish a sign-in.",
        "instructions": (
            "1. unlock_password_vault(pin='<vault PIN from the owner>').\n"
            "2. get_vault_password(query='<site or app>').\n"
            "3. search_user_memory(query='OTP codes SMS consent'): reading one-time codes is allowed.\n"
            "4. list_messages(query='code', unread_only=true) for the one-time code."
        ),
        "tools": ["unlock_password_vault", "get_vault_password", "search_user_memory", "list_messages"],
    },
    {
        "id": "read_later",
        "name": "Read later",
        "description": "Save a web page for later with a bookmark and a note, and share it if asked.",
        "instructions": (
            "1. open_browser_url(url='<url>').\n"
            "2. add_browser_bookmark(url='<url>', title='<title>', folder='Read later').\n"
            "3. create_note(title='<title>', body='<url> and a short summary').\n"
            "4. share_note(note_id='<note id>', contact_id='<contact id>') when the owner wants to share it."
        ),
        "tools": ["open_browser_url", "add_browser_bookmark", "create_note", "share_note"],
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


def _fields(rec: dict[str, Any]) -> tuple[Any, ...]:
    """What of a memory the index depends on: its text, category and tags."""
    return rec["text"], rec.get("category"), tuple(rec.get("tags") or ())


class _BaseIndex:
    """The base world's memories indexed once: BM25, each ID's position, and normalised text → the
    positions holding it (in base order)."""

    __slots__ = ("table", "index", "pos", "by_text")

    def __init__(self, table: dict[str, Any]) -> None:
        self.table = table  # held so that its id(), the cache key, is not reused
        ids = tuple(table)
        self.index = BM25([_doc(r) for r in table.values()], keys=ids)
        self.pos = {k: i for i, k in enumerate(ids)}
        by_text: dict[str, list[int]] = {}
        for i, rec in enumerate(table.values()):
            by_text.setdefault(_norm(rec["text"]), []).append(i)
        self.by_text = {t: tuple(p) for t, p in by_text.items()}


class _Corpus:
    """The current memories: the base index with the task's S0 and the episode's writes overlaid.

    Search results equal those of a BM25 index rebuilt over the current table (``BM25Delta`` adjusts
    the corpus statistics by the overlay), and ``find_text`` returns what a scan in table order would
    find first.
    """

    __slots__ = ("base", "patch", "overlay", "index", "_base")

    def __init__(self, base_index: _BaseIndex, patch: Any, overlay: dict[str, Any]) -> None:
        # Holding ``patch`` keeps its id(), used in the cache key, from being reused.
        self._base = base_index
        self.base = base_index.table
        self.patch = patch
        self.overlay = overlay
        pos = base_index.pos
        drop = [pos[k] for k in overlay if k in pos]
        add = [(k, _doc(r)) for k, r in overlay.items() if r is not TOMBSTONE]
        self.index = BM25Delta(base_index.index, drop, add)

    def ranked(self, query: str, n: int) -> list[tuple[str, float]]:
        """The best ``n`` ``(memory ID, score)`` pairs, best first, ties by ID."""
        return self.index.ranked(query, n)

    def find_text(self, text: str) -> str | None:
        """The ID of a memory whose text equals ``text`` (ignoring case and spacing), or None; the first
        in table order (base order, then memories added by the task or episode) when several do."""
        want = _norm(text)
        overlay, base_ids = self.overlay, self._base.index.keys
        assert base_ids is not None
        first: int | None = None
        for i in self._base.by_text.get(want, ()):
            if base_ids[i] not in overlay:
                first = i
                break
        pos = self._base.pos
        added: str | None = None  # the first match among memories the base does not hold
        for key, rec in overlay.items():
            if rec is TOMBSTONE or _norm(rec["text"]) != want:
                continue
            i = pos.get(key)
            if i is None:
                if added is None:
                    added = key
            elif first is None or i < first:
                first = i
        return added if first is None else base_ids[first]


_BASE_INDEX: dict[int, _BaseIndex] = {}
_BASE_INDEX_MAX = 8
_CORPUS_CACHE: dict[tuple[Any, ...], _Corpus] = {}
_CORPUS_CACHE_MAX = 64


def _base_index(table: dict[str, Any]) -> _BaseIndex:
    """The index of a base world's memories, built once per world (a few worlds per process)."""
    hit = _BASE_INDEX.get(id(table))
    if hit is None or hit.table is not table:
        if len(_BASE_INDEX) >= _BASE_INDEX_MAX:
            del _BASE_INDEX[next(iter(_BASE_INDEX))]
        hit = _BASE_INDEX[id(table)] = _BaseIndex(table)
    return hit


def _corpus(s: PhoneState) -> _Corpus:
    """The memory index for ``s``'s current state.

    The base world's memories are indexed once per process and the task's patch and the episode's own
    writes (usually a handful of records) are overlaid on it, so a memory added, replaced or removed in
    the episode is searchable at once and a search never rebuilds the index. The overlay of the patch
    alone is kept on the patch (shared by every episode of the task); overlays with the episode's
    writes are cached by (base, patch, writes).
    """
    base = s.world.tables.get("memories") or {}
    patch = s.patch.tables.get("memories")
    writes = s.writes.get("memories")
    if not writes:
        overlay = dict(patch or {})
        return s.d0_derived("memory_index", ("memories",), lambda: _Corpus(_base_index(base), patch, overlay))
    # Each written memory's own fields (not its joined search text, which two memories can share).
    over = tuple((k, None if r is TOMBSTONE else _fields(r)) for k, r in writes.items())
    key = (id(base), id(patch), over)
    hit = _CORPUS_CACHE.get(key)
    if hit is not None and hit.base is base and hit.patch is patch:
        return hit
    corpus = _Corpus(_base_index(base), patch, {**patch, **writes} if patch else dict(writes))
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
    rows = []
    for mem_id, score in _corpus(s).ranked(query, top_k):
        rec = s.get("memories", mem_id)
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


_SKILL_INDEX: dict[tuple[str, ...], BM25] = {}


@tool(DOMAIN)
def list_skills(s: PhoneState, query: str | None = None) -> Ok:
    """List the skills the assistant can load, with what each one is for and the tools it binds.

    Args:
        query: Keywords to rank skills by (name, description and ID), e.g. "battery"; every skill, by ID,
            when omitted.

    Returns:
        A list of ``{"id", "name", "description", "tools"}`` records: all skills sorted by ID, or with a
        query only the matching ones, best match first.

    Raises:
        InvalidArguments: the query has no searchable words.
    """
    rows = [
        {"id": rec["id"], "name": rec["name"], "description": rec["description"], "tools": list(rec["tools"])}
        for rec in s.values("skills")
    ]
    rows.sort(key=lambda r: r["id"])
    if query is None:
        return ok(f"{len(rows)} skills available", rows)
    if not query_terms(query):
        raise InvalidArguments(f"query {query!r} has no searchable words; use a few keywords")
    docs = tuple(f"{r['name']} {r['description']} {r['id'].replace('_', ' ')}" for r in rows)
    index = _SKILL_INDEX.get(docs)
    if index is None:
        if len(_SKILL_INDEX) >= 8:
            _SKILL_INDEX.clear()
        index = _SKILL_INDEX[docs] = BM25(docs, keys=[r["id"] for r in rows])
    hits = [rows[i] for i in index.top(query, len(rows))]
    if not hits:
        return ok(f"No skills match {query!r}", hits)
    return ok(f"{len(hits)} skills match {query!r}; best: {hits[0]['id']}", hits)


@tool(DOMAIN)
def list_user_memories(
    s: PhoneState, category: MemoryCategory | None = None, tag: str | None = None, limit: int = 20
) -> Ok:
    """List stored memories, most recently updated first, optionally of one category or with one tag.

    Args:
        category: Only memories of this kind, e.g. "family"; every category when omitted.
        tag: Only memories carrying this tag (case-insensitive), e.g. "birthday".
        limit: How many memories to return at most (1-100), e.g. 20.

    Returns:
        ``{"total": int, "memories": [{"id", "text", "category", "tags", "updated_at"}]}``: ``total`` counts
        every match, ``memories`` holds the first ``limit`` (newest ``updated_at`` first, ties by ID).

    Raises:
        InvalidArguments: limit is outside 1-100, or the tag is empty.
    """
    if not 1 <= limit <= 100:
        raise InvalidArguments(f"limit must be between 1 and 100, got {limit}")
    want_tag = None
    if tag is not None:
        want_tag = " ".join(tag.split()).casefold()
        if not want_tag:
            raise InvalidArguments("tag must not be empty; omit it to list every memory")
    hits = [
        rec
        for rec in s.values("memories")
        if (category is None or rec.get("category") == category)
        and (want_tag is None or want_tag in rec.get("tags", ()))
    ]
    hits.sort(key=lambda r: r["id"])
    hits.sort(key=lambda r: r.get("updated_at") or "", reverse=True)
    rows = [
        {
            "id": r["id"],
            "text": r["text"],
            "category": r.get("category"),
            "tags": list(r.get("tags", ())),
            "updated_at": r.get("updated_at"),
        }
        for r in hits[:limit]
    ]
    what = " ".join(x for x in (category, f"tagged {want_tag!r}" if want_tag else None) if x)
    label = f"{len(hits)} {what} memories".replace("  ", " ") if what else f"{len(hits)} memories"
    shown = f" (showing {len(rows)})" if len(rows) < len(hits) else ""
    return ok(f"{label}{shown}", {"total": len(hits), "memories": rows})


# --------------------------------------------------------------------------- sub-agent handoffs
Route = Literal["gui", "search", "image", "visual_qa", "monitor", "practice"]
PracticeKind = Literal["language", "speech", "interview"]
PracticeLevel = Literal["beginner", "intermediate", "advanced"]

#: Routes whose hand-off keeps running after the call (a watch, a live session) until it ends or is stopped.
_LASTING = frozenset({"monitor", "practice"})
MAX_ACTIVE_MONITORS = 20
MIN_PRACTICE_MIN, MAX_PRACTICE_MIN = 5, 60
MAX_MONITOR_INTERVAL_MIN = 1440
#: Languages the practice sub-agent can tutor: code -> name (names and codes are both accepted).
PRACTICE_LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Spanish",
    "fr": "French",
    "de": "German",
    "it": "Italian",
    "pt": "Portuguese",
    "ja": "Japanese",
    "ko": "Korean",
    "zh": "Mandarin Chinese",
}
_LANGUAGE_BY_NAME = {name.casefold(): code for code, name in PRACTICE_LANGUAGES.items()} | {
    "chinese": "zh",
    "mandarin": "zh",
}


class _Plan(NamedTuple):
    """What a route's own checks decided about a hand-off before the shared helper records it."""

    default: str  # the sub-agent's report when the task scripts none
    app: str | None = None  # the app the sub-agent operates (GUI route)
    key: str | None = None  # scripted results are looked up under "<route>:<key>" before "<route>"
    instruction: str | None = None  # the stored instruction, when the route composes it from its arguments
    details: dict[str, Any] | None = None  # route facts added to the stored context


def _check_instruction(
    instruction: str,
    field: str = "instruction",
    min_words: int = 3,
    example: str = "Archive all promo emails",
) -> str:
    clean = " ".join(instruction.split())
    if len(clean.split()) < min_words:
        what = (
            "a self-contained request"
            if field == "instruction"
            else f"a{'n' * (field[0] in 'aeiou')} {field}"
        )
        raise InvalidArguments(
            f"{field} must be {what} of at least {min_words} word{'s' if min_words > 1 else ''}, "
            f"e.g. '{example}'"
        )
    if len(clean) > MAX_INSTRUCTION_CHARS:
        raise InvalidArguments(f"{field} is longer than {MAX_INSTRUCTION_CHARS} characters")
    return clean


def _check_context(context: dict) -> dict:
    try:
        return orjson.loads(orjson.dumps(context))
    except (TypeError, orjson.JSONEncodeError):
        raise InvalidArguments("context must be a JSON object with string keys") from None


def _delegate(
    s: PhoneState,
    route: str,
    text: str,
    context: dict,
    plan: Callable[[str], _Plan],
    *,
    field: str = "instruction",
    min_words: int = 3,
    example: str = "Archive all promo emails",
) -> Ok:
    """The one hand-off path of every route: validate, record and report.

    Checks ``text`` (the instruction, or the route's main field), runs the route's own checks (``plan``,
    which raises on a bad reference), checks the context, then writes the ``handoffs`` record with the
    simulated sub-agent's report: the task's scripted ``subagent_results`` record under
    ``"<route>:<plan.key>"`` or ``"<route>"``, or else the plan's deterministic default.
    """
    clean = _check_instruction(text, field, min_words, example)
    p = plan(clean)
    ctx = _check_context(context)
    if p.details:
        ctx = {**ctx, **p.details}
    scripted = s.get("subagent_results", f"{route}:{p.key}") if p.key is not None else None
    if scripted is None:
        scripted = s.get("subagent_results", route)
    status = "active" if route in _LASTING else "completed"
    result: Any = p.default
    if scripted is not None:
        result = scripted.get("result", p.default)
        status = scripted.get("status", status)
    handoff_id = s.new_id("handoff")
    rec = {
        "id": handoff_id,
        "route": route,
        "app": p.app,
        "instruction": p.instruction or clean,
        "context": ctx,
        "status": status,
        "result": result,
        "time": s.now_iso(),
    }
    s.put("handoffs", handoff_id, rec)
    return ok(
        f"{route} sub-agent {status}: {result}" if isinstance(result, str) else f"{route} sub-agent {status}",
        rec,
    )


def _handoff_status(s: PhoneState, rec: dict[str, Any]) -> str:
    """A hand-off's status on the simulated clock: a lasting one reads as ended once its time is up."""
    status = rec.get("status", "completed")
    if status != "active":
        return status
    ends = (rec.get("context") or {}).get("until" if rec.get("route") == "monitor" else "ends_at")
    if isinstance(ends, str) and ends <= s.now_iso():
        return "expired" if rec.get("route") == "monitor" else "completed"
    return status


def _active(s: PhoneState, route: str) -> list[dict[str, Any]]:
    return [r for r in s.values("handoffs") if r.get("route") == route and _handoff_status(s, r) == "active"]


def _foreground(s: PhoneState) -> dict[str, Any] | None:
    """The app on screen: the running app used last (None on the home screen)."""
    best = None
    for app in s.values("apps"):
        if app.get("running") and (
            best is None or (app.get("last_used") or "") > (best.get("last_used") or "")
        ):
            best = app
    return best


def _image(s: PhoneState, ref: str, what: str) -> tuple[str, dict[str, Any]]:
    """Resolve a still image by ID: a ``photos`` record (Gallery) or an image in ``files``."""
    photo = s.get("photos", ref)
    if photo is not None:
        if photo.get("kind", "photo") != "photo":
            raise CapabilityLimit(
                f"{ref} is a {photo.get('kind')}; the {what} sub-agent works on still photos and screenshots",
                photo_id=ref,
                kind=photo.get("kind"),
            )
        return "photo", photo
    f = s.get("files", ref)
    if f is not None:
        if f.get("kind") != "image":
            raise CapabilityLimit(
                f"{f['name']} is a {f.get('kind')} file, not an image", file_id=ref, kind=f.get("kind")
            )
        if f.get("trashed"):
            raise PreconditionFailed(
                f"{f['name']} is in the recycle bin; restore it with restore_file first", file_id=ref
            )
        return "screenshot" if f.get("folder") == "Screenshots" else "image", f
    raise NotFound(
        f"no photo or image file with id {ref!r}; list_photos or list_files shows IDs", target_id=ref
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

    def plan(clean: str) -> _Plan:
        app_rec = s.get("apps", app)
        if app_rec is None:
            installed = sorted(k for k, _ in s.scan("apps"))
            raise NotFound(
                f"no installed app with id {app!r}; installed apps: {', '.join(installed)}",
                app=app,
                available=installed,
            )
        return _Plan(f"Done in {app_rec['name']}: {clean}", app=app, key=app)

    return _delegate(s, "gui", instruction, context, plan)


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

    def plan(clean: str) -> _Plan:
        return _Plan(f"Search summary for '{clean}': no further details are available offline.")

    return _delegate(s, "search", instruction, context, plan)


@tool(DOMAIN, mutates=True)
def delegate_to_image_agent(
    s: PhoneState, instruction: str, context: dict, source_photo_id: str | None = None
) -> Ok:
    """Hand AI image generation, or the AI editing of one of the owner's photos, to the image sub-agent.

    The sub-agent is simulated like the other routes: its report is scripted by the task (under
    ``"image:<source_photo_id>"`` or ``"image"``), or else a deterministic summary of the instruction.

    Args:
        instruction: What to create or change, at least 3 words, e.g. "Remove the people in the background".
        context: Facts the sub-agent needs, e.g. {"style": "watercolor", "aspect": "9:16"}.
        source_photo_id: The photo to edit, from the Gallery, e.g. "photo_006"; omit to generate a new
            image from the instruction.

    Returns:
        The handoff record ``{"id", "route": "image", "app": None, "instruction", "context", "status",
        "result", "time"}``; ``context["source_photo_id"]`` names the edited photo.

    Raises:
        InvalidArguments: the instruction is empty, shorter than 3 words or too long, or the context is not
            JSON.
        NotFound: no photo has this ID.
        CapabilityLimit: the source is a video or screen recording, not a still photo.
    """

    def plan(clean: str) -> _Plan:
        if source_photo_id is None:
            return _Plan(f"Generated a new image: {clean}")
        photo = s.get("photos", source_photo_id)
        if photo is None:
            raise NotFound(
                f"no photo with id {source_photo_id!r}; list_photos shows photo IDs",
                source_photo_id=source_photo_id,
            )
        _image(s, source_photo_id, "image")
        return _Plan(
            f"Edited {photo.get('name', source_photo_id)}: {clean}",
            key=source_photo_id,
            details={"source_photo_id": source_photo_id},
        )

    return _delegate(s, "image", instruction, context, plan, example="Turn this photo into a watercolor")


@tool(DOMAIN, mutates=True)
def delegate_to_visual_qa_agent(
    s: PhoneState, question: str, context: dict, target_id: str | None = None
) -> Ok:
    """Ask the visual question-answering sub-agent about a photo, a screenshot or what is on screen now.

    The sub-agent is simulated like the other routes: its answer is scripted by the task (under
    ``"visual_qa:<target_id>"``, ``"visual_qa:screen"`` or ``"visual_qa"``), or else a deterministic note.

    Args:
        question: The question about the image, at least 3 words, e.g. "What is the total on this receipt?".
        context: Facts the sub-agent needs, e.g. {"currency": "USD"}.
        target_id: A photo ID (Gallery) or an image file ID (e.g. a screenshot), e.g. "file_012"; omit to
            ask about the current screen.

    Returns:
        The handoff record ``{"id", "route": "visual_qa", "app": None, "instruction", "context", "status",
        "result", "time"}``; ``context`` gains ``target`` ("photo", "screenshot", "image" or "screen"),
        ``target_id`` and, for the screen, ``screen_app`` (the app in the foreground, or "home").

    Raises:
        InvalidArguments: the question is empty, shorter than 3 words or too long, or the context is not
            JSON.
        NotFound: no photo or file has this ID.
        CapabilityLimit: the target is a video, a recording or a non-image file.
        PreconditionFailed: the target image is in the recycle bin.
    """

    def plan(clean: str) -> _Plan:
        if target_id is None:
            app = _foreground(s)
            screen_app = app["id"] if app else "home"
            label = f"the {app['name']} screen" if app else "the home screen"
            return _Plan(
                f"Looked at {label} for '{clean}': no further details are available offline.",
                key="screen",
                details={"target": "screen", "target_id": None, "screen_app": screen_app},
            )
        kind, rec = _image(s, target_id, "visual QA")
        return _Plan(
            f"Looked at {rec.get('name', target_id)} for '{clean}': no further details are available offline.",
            key=target_id,
            details={"target": kind, "target_id": target_id},
        )

    return _delegate(
        s, "visual_qa", question, context, plan, field="question", example="What does this sign say?"
    )


@tool(DOMAIN, mutates=True)
def delegate_to_monitor_agent(
    s: PhoneState,
    condition: str,
    action: str,
    context: dict,
    check_every_minutes: int = 15,
    until: str | None = None,
) -> Ok:
    """Start the condition-monitoring sub-agent: watch for a condition and take an action when it holds.

    The watch stays ``active`` until ``until`` passes (then it reads ``expired``) or ``stop_handoff``
    stops it. A task may script the sub-agent's report under ``"monitor"``.

    Args:
        condition: What to watch for, at least 3 words, e.g. "flight UA 1532 SFO-JFK is delayed".
        action: What to do once it holds, at least 2 words, e.g. "text Jordan the new departure time".
        context: Facts the sub-agent needs, e.g. {"flight": "UA 1532", "contact_id": "contact_004"}.
        check_every_minutes: How often to check (1-1440 minutes), e.g. 15.
        until: When to give up watching, a local ISO datetime after now, e.g. "2026-05-26T08:15:00".

    Returns:
        The handoff record ``{"id", "route": "monitor", "app": None, "instruction": "When <condition>,
        <action>", "context", "status": "active", "result", "time"}``; ``context`` gains ``condition``,
        ``action``, ``check_every_minutes`` and ``until``.

    Raises:
        InvalidArguments: the condition or action is too short or too long, the interval is outside 1-1440,
            until is not an ISO datetime after now, or the context is not JSON.
        AlreadyExists: an active watch already has the same condition and action.
        CapabilityLimit: 20 watches are already active.
    """

    def plan(clean: str) -> _Plan:
        act = _check_instruction(action, "action", 2, "text Jordan")
        if not 1 <= check_every_minutes <= MAX_MONITOR_INTERVAL_MIN:
            raise InvalidArguments(
                f"check_every_minutes must be between 1 and {MAX_MONITOR_INTERVAL_MIN}, got {check_every_minutes}"
            )
        end = None
        if until is not None:
            try:
                when = datetime.fromisoformat(until)
            except ValueError:
                raise InvalidArguments(
                    f'until {until!r} is not an ISO datetime such as "2026-05-26T08:15:00"'
                ) from None
            if when.tzinfo is not None or "T" not in until:
                raise InvalidArguments('until must be a local date and time, e.g. "2026-05-26T08:15:00"')
            end = when.isoformat(timespec="seconds")
            if end <= s.now_iso():
                raise InvalidArguments(f"until {end} is not in the future (now is {s.now_iso()})")
        instruction = f"When {clean}, {act}"
        active = _active(s, "monitor")
        for rec in active:
            if _norm(rec["instruction"]) == _norm(instruction):
                raise AlreadyExists(
                    f"handoff {rec['id']} already watches this; stop_handoff it first to change it",
                    handoff_id=rec["id"],
                )
        if len(active) >= MAX_ACTIVE_MONITORS:
            raise CapabilityLimit(
                f"{len(active)} watches are already active (the limit is {MAX_ACTIVE_MONITORS}); stop one first",
                active=[r["id"] for r in active],
            )
        horizon = f" until {end}" if end else ""
        return _Plan(
            f"Watching whether {clean} every {check_every_minutes} min{horizon}; will {act} when it holds.",
            instruction=instruction,
            details={
                "condition": clean,
                "action": act,
                "check_every_minutes": check_every_minutes,
                "until": end,
            },
        )

    return _delegate(
        s, "monitor", condition, context, plan, field="condition", example="flight UA 1532 is delayed"
    )


@tool(DOMAIN, mutates=True, permission=("assistant", "MICROPHONE"))
def delegate_to_practice_agent(
    s: PhoneState,
    kind: PracticeKind,
    topic: str,
    context: dict,
    level: PracticeLevel = "intermediate",
    language: str | None = None,
    minutes: int = 15,
) -> Ok:
    """Start a spoken practice session with the interactive-practice sub-agent (language, speech, interview).

    Only one session runs at a time; it stays ``active`` for ``minutes`` on the simulated clock (then reads
    ``completed``) or until ``stop_handoff``. A task may script the report under ``"practice:<kind>"``.

    Args:
        kind: What to practise, e.g. "language".
        topic: The scenario or subject, e.g. "ordering food at a restaurant".
        context: Facts the sub-agent needs, e.g. {"role": "senior ML engineer", "company": "Northwind Labs"}.
        level: The learner's level, e.g. "beginner".
        language: The language to speak, by name or code, e.g. "Spanish"; required for language practice,
            English when omitted otherwise.
        minutes: Session length (5-60 minutes), e.g. 15.

    Returns:
        The handoff record ``{"id", "route": "practice", "app": None, "instruction", "context", "status":
        "active", "result", "time"}``; ``context`` gains ``kind``, ``topic``, ``level``, ``language``,
        ``minutes`` and ``ends_at``.

    Raises:
        PermissionDenied: the Assistant app lacks the MICROPHONE permission.
        InvalidArguments: the topic is empty or too long, language practice names no language, minutes is
            not positive, or the context is not JSON.
        CapabilityLimit: the language is not offered, or minutes is outside 5-60.
        Conflict: another practice session is still active.
    """

    def plan(clean: str) -> _Plan:
        if minutes <= 0:
            raise InvalidArguments(f"minutes must be positive, got {minutes}")
        if not MIN_PRACTICE_MIN <= minutes <= MAX_PRACTICE_MIN:
            raise CapabilityLimit(
                f"practice sessions last {MIN_PRACTICE_MIN}-{MAX_PRACTICE_MIN} minutes, not {minutes}",
                supported=[MIN_PRACTICE_MIN, MAX_PRACTICE_MIN],
            )
        if language is None:
            if kind == "language":
                raise InvalidArguments("language practice needs a language, e.g. language='Spanish'")
            code = "en"
        else:
            ref = " ".join(language.split()).casefold()
            code = ref if ref in PRACTICE_LANGUAGES else _LANGUAGE_BY_NAME.get(ref, "")
            if not code:
                raise CapabilityLimit(
                    f"no practice in {language!r}; offered: {', '.join(PRACTICE_LANGUAGES.values())}",
                    supported=sorted(PRACTICE_LANGUAGES),
                )
        running = _active(s, "practice")
        if running:
            raise Conflict(
                f"practice session {running[0]['id']} is still active; stop_handoff it first",
                handoff_id=running[0]["id"],
            )
        name = PRACTICE_LANGUAGES[code]
        ends = (s.now() + timedelta(minutes=minutes)).isoformat(timespec="seconds")
        return _Plan(
            f"Started a {minutes}-minute {level} {kind} practice in {name}: {clean}.",
            key=kind,
            instruction=f"{kind.capitalize()} practice: {clean} ({level}, {name}, {minutes} min)",
            details={
                "kind": kind,
                "topic": clean,
                "level": level,
                "language": code,
                "minutes": minutes,
                "ends_at": ends,
            },
        )

    return _delegate(s, "practice", topic, context, plan, field="topic", min_words=1, example="job interview")


@tool(DOMAIN)
def get_handoff_status(s: PhoneState, handoff_id: str | None = None, route: Route | None = None) -> Ok:
    """Check on sub-agent hand-offs: one by ID, or the latest ones (optionally of one route), newest first.

    Args:
        handoff_id: The hand-off's ID, e.g. "handoff_n001"; omit to list recent hand-offs.
        route: Only hand-offs of this route when listing, e.g. "monitor".

    Returns:
        One handoff record (with ``handoff_id``), or ``{"total", "handoffs": [record]}`` (at most 20,
        newest first). ``status`` is read on the simulated clock: a watch past its ``until`` is
        ``expired`` and a practice session past its end is ``completed``.

    Raises:
        NotFound: no hand-off has this ID, or there are no hand-offs (of this route) yet.
    """
    if handoff_id is not None:
        rec = s.get("handoffs", handoff_id)
        if rec is None:
            raise NotFound(
                f"no hand-off with id {handoff_id!r}; call get_handoff_status without an ID to list them",
                handoff_id=handoff_id,
            )
        status = _handoff_status(s, rec)
        return ok(f"Hand-off {handoff_id} ({rec['route']}) is {status}", {**rec, "status": status})
    recs = [r for r in s.values("handoffs") if route is None or r.get("route") == route]
    if not recs:
        raise NotFound(f"there are no {route + ' ' if route else ''}hand-offs yet", route=route)
    recs.sort(key=lambda r: (r.get("time") or "", r["id"]), reverse=True)
    rows = [{**r, "status": _handoff_status(s, r)} for r in recs[:20]]
    return ok(
        f"{len(recs)} hand-offs; latest {rows[0]['id']} is {rows[0]['status']}",
        {"total": len(recs), "handoffs": rows},
    )


@tool(DOMAIN, mutates=True)
def stop_handoff(s: PhoneState, handoff_id: str) -> Ok:
    """Stop a hand-off that is still running: an active condition watch or practice session.

    Args:
        handoff_id: The hand-off's ID, e.g. "handoff_n001".

    Returns:
        The handoff record with ``status`` "stopped".

    Raises:
        NotFound: no hand-off has this ID.
        PreconditionFailed: the hand-off is not active (finished, expired, failed or already stopped).
    """
    rec = s.get("handoffs", handoff_id)
    if rec is None:
        raise NotFound(f"no hand-off with id {handoff_id!r}", handoff_id=handoff_id)
    status = _handoff_status(s, rec)
    if status != "active":
        raise PreconditionFailed(
            f"hand-off {handoff_id} ({rec['route']}) is {status}, not active; nothing to stop",
            handoff_id=handoff_id,
            status=status,
        )
    new = s.update("handoffs", handoff_id, status="stopped")
    return ok(f"Stopped {rec['route']} hand-off {handoff_id}", new)


# --------------------------------------------------------------------------- smart perception
MAX_SUGGEST_HOURS = 48
LOW_BATTERY = 20
_ONLINE_PLACES = ("zoom", "google meet", "teams", "webex")


@tool(DOMAIN)
def get_smart_suggestions(s: PhoneState, hours: int = 3, limit: int = 10) -> Ok:
    """Suggest what needs the owner's attention soon, computed from the phone's current state.

    Looks at calendar events starting within the next ``hours``, reminders overdue or due by then, unread
    text messages, timers about to ring and a low battery. A source whose app lacks its permission
    (Calendar: CALENDAR, Messages: SMS) is skipped and named in ``skipped``.

    Args:
        hours: How far ahead to look (1-48 hours), e.g. 3.
        limit: How many suggestions to return at most (1-50), e.g. 10.

    Returns:
        ``{"now", "until", "suggestions": [{"kind", "text", "time", "ref", "tool"}], "skipped": [str]}``;
        ``kind`` is upcoming_event, overdue_reminder, reminder_due, unread_messages, timer_ending or
        low_battery, ``ref`` the record it is about and ``tool`` the tool that acts on it. Ordered by
        urgency (overdue first, then by time).

    Raises:
        InvalidArguments: hours is outside 1-48 or limit outside 1-50.
    """
    if not 1 <= hours <= MAX_SUGGEST_HOURS:
        raise InvalidArguments(f"hours must be between 1 and {MAX_SUGGEST_HOURS}, got {hours}")
    if not 1 <= limit <= MAX_TOP_K:
        raise InvalidArguments(f"limit must be between 1 and {MAX_TOP_K}, got {limit}")
    now = s.now_iso()
    until = (s.now() + timedelta(hours=hours)).isoformat(timespec="seconds")
    out: list[tuple[int, str, dict[str, Any]]] = []
    skipped: list[str] = []

    def allowed(app_id: str, perm: str) -> bool:
        app = s.get("apps", app_id)
        if app is None or not app.get("permissions", {}).get(perm, False):
            skipped.append(f"{app_id}: the {app['name'] if app else app_id} app lacks {perm}")
            return False
        return True

    if allowed("calendar", "CALENDAR"):
        from mpb_env.domains.time_mgmt import convert, device_zone, event_zone  # a sibling domain

        view = device_zone(s)
        starts, by_start = s.unwritten_memo("suggest_events", ("events",), None, lambda: _events_by_start(s))
        for _at, start, ev in sorted(by_start[bisect_left(starts, now) : bisect_right(starts, until)]):
            own = ev.get("start") or ""
            where = ev.get("location") or ""
            text = f"{ev['title']} at {convert(own, event_zone(ev), view)[11:16]}"
            if where:
                online = any(p in where.casefold() for p in _ONLINE_PLACES)
                text += f" ({'online, ' if online else ''}{where})"
            out.append(
                (1, start, {"kind": "upcoming_event", "text": text, "time": start, "ref": ev["id"],
                            "tool": "list_events"})
            )  # fmt: skip
    for rem in s.values("reminders"):
        due = rem.get("due")
        if rem.get("done") or not due or due > until:
            continue
        overdue = due < now
        kind = "overdue_reminder" if overdue else "reminder_due"
        text = f"{rem['title']} ({'overdue since' if overdue else 'due'} {due[5:10]} {due[11:16]})"
        out.append((0 if overdue else 1, due, {"kind": kind, "text": text, "time": due, "ref": rem["id"],
                                                "tool": "complete_reminder"}))  # fmt: skip
    if allowed("messages", "SMS"):
        unread = s.unwritten_memo("suggest_unread", ("messages", "contacts"), None, lambda: _unread_suggestion(s))
        if unread is not None:
            out.append((unread[0], unread[1], dict(unread[2])))
    for t in s.values("timers"):
        ends = t.get("ends_at") or ""
        if t.get("status") == "running" and now <= ends <= until:
            out.append((1, ends, {"kind": "timer_ending", "text": f"{t.get('label', 'Timer')} timer ends at "
                                  f"{ends[11:16]}", "time": ends, "ref": t["id"], "tool": "stop_timer"}))  # fmt: skip
    level = s.setting("battery.level")
    if (
        isinstance(level, int)
        and level <= LOW_BATTERY
        and not s.setting("battery.charging", False)
        and not s.setting("battery.power_saving", False)
    ):
        out.append((0, now, {"kind": "low_battery", "text": f"Battery at {level}%: turn on battery saver",
                             "time": now, "ref": "battery.level", "tool": "set_battery_saver"}))  # fmt: skip
    out.sort(key=lambda x: (x[0], x[1], x[2]["ref"] or ""))
    rows = [x[2] for x in out[:limit]]
    data = {"now": now, "until": until, "suggestions": rows, "skipped": skipped}
    if not rows:
        return ok(f"Nothing needs attention in the next {hours} h", data)
    return ok(f"{len(rows)} suggestions for the next {hours} h; first: {rows[0]['text']}", data)


def _events_by_start(s: PhoneState) -> tuple[list[str], list[tuple[int, str, Record]]]:
    """Each event's start on the simulated clock's zone ("" when it has none) with its scan position,
    sorted by that start (and position); and the starts alone, for bisecting."""
    from mpb_env.domains.time_mgmt import HOME_ZONE, convert, event_zone  # a sibling domain

    rows = []
    for at, ev in enumerate(s.values("events")):
        own = ev.get("start") or ""
        rows.append((at, convert(own, event_zone(ev), HOME_ZONE) if own else "", ev))
    rows.sort(key=lambda r: (r[1], r[0]))
    return [r[1] for r in rows], rows


def _unread_suggestion(s: PhoneState) -> tuple[int, str, dict[str, Any]] | None:
    """The ``unread_messages`` suggestion (unread incoming texts by sender, latest sender first), or
    None when nothing is unread."""
    unread: dict[str, list[dict[str, Any]]] = {}
    for m in s.values("messages"):
        if m.get("direction") == "in" and not m.get("read"):
            unread.setdefault(m.get("contact_id") or m.get("phone") or "unknown", []).append(m)
    if not unread:
        return None
    names = []
    for who in sorted(unread, key=lambda w: max(m["time"] for m in unread[w]), reverse=True):
        contact = s.get("contacts", who)
        names.append(contact["name"] if contact else who)
    total = sum(len(v) for v in unread.values())
    latest = max(m["time"] for v in unread.values() for m in v)
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return (2, latest, {"kind": "unread_messages", "text": f"{total} unread messages from {shown}",
                        "time": latest, "ref": None, "tool": "list_messages"})  # fmt: skip
