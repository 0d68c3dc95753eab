"""Source of the ``starter`` split (version ``starter-v1``, formerly ``bench-v0``): hand-annotated tasks.

Tasks cover all four dimensions, all three buckets, both gates, the five Basic categories and the
injected frictions (permission block, dependency order, ambiguity, runtime fault, state mutation,
missing argument, contradiction, capability limit, intent revision, multi-intent). Every task has an
oracle; ``python -m mpb_env.tasks.suites starter`` rewrites ``mpb_env/data/starter.jsonl`` and its
checksum, and a test rebuilds it and compares bytes. Every task is written out by hand (no template),
which makes it a quick smoke suite beside the generated ``bench`` split.

The clock of every task is Wednesday 2026-05-20 09:00 unless a task says otherwise.
"""

from __future__ import annotations

from mpb_env.tasks.build import any_of, call, calls, contains, hermes, task
from mpb_env.tasks.gen.helpers import false_claims
from mpb_env.tasks.model import Task

V = "starter-v1"
IGN = {"$ignore": True}
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri"]


def _msg(contact_id: str, *phrases: str) -> dict:
    """A gold delta entry: one outgoing SMS to ``contact_id`` containing ``phrases``."""
    return {
        "table": "messages",
        "op": "create",
        "fields": {"contact_id": contact_id, "direction": "out", "text": contains(*phrases)},
    }


def basic() -> list[Task]:
    B = {"version": V, "dimension": "basic"}
    return [
        # ---------------------------------------------------------------- grounding
        task(
            **B,
            id="basic-001",
            category="grounding",
            bucket="tool",
            query="Set an alarm for 6:15 tomorrow morning and call it Airport run.",
            gold={
                "calls": [
                    {"name": "create_alarm", "arguments": {"time": "06:15", "label": contains("airport run")}}
                ]
            },
            oracle=[
                calls(call("create_alarm", time="06:15", label="Airport run")),
                "Your 6:15 alarm 'Airport run' is set.",
            ],
        ),
        task(
            **B,
            id="basic-002",
            category="grounding",
            bucket="tool",
            query="Text Maya Chen that I'm running about 10 minutes late.",
            gold={
                "calls": [
                    {
                        "name": "send_message",
                        "arguments": {"contact_id": "contact_001", "text": contains("10 minutes", "late")},
                    }
                ]
            },
            oracle=[
                hermes(call("search_contacts", query="Maya Chen"), thought="Find Maya's contact first."),
                hermes(
                    call(
                        "send_message", contact_id="contact_001", text="Running about 10 minutes late, sorry!"
                    )
                ),
                "I've let Maya know you're about 10 minutes late.",
            ],
        ),
        task(
            **B,
            id="basic-003",
            category="grounding",
            bucket="state",
            query="Put a dentist follow-up on my calendar for June 3rd at 4pm, half an hour.",
            gold={
                "delta": [
                    {
                        "table": "events",
                        "op": "create",
                        "fields": {
                            "title": contains("dentist"),
                            "start": "2026-06-03T16:00:00",
                            "end": "2026-06-03T16:30:00",
                        },
                    }
                ]
            },
            oracle=[
                calls(
                    call(
                        "create_event",
                        title="Dentist follow-up",
                        start="2026-06-03T16:00:00",
                        end="2026-06-03T16:30:00",
                    )
                ),
                "Added 'Dentist follow-up' on June 3 from 4:00 to 4:30 PM.",
            ],
        ),
        task(
            **B,
            id="basic-004",
            category="grounding",
            bucket="tool",
            query="Start a 25-minute timer for my focus session.",
            gold={"calls": [{"name": "start_timer", "arguments": {"duration_seconds": 1500, "label": IGN}}]},
            oracle=[
                calls(call("start_timer", duration_seconds=1500, label="Focus session")),
                "A 25-minute timer is running.",
            ],
        ),
        task(
            **B,
            id="basic-005",
            category="grounding",
            bucket="tool",
            frictions=["obfuscation"],
            query="Email my manager with the subject 'Q2 roadmap' and tell him the draft is ready for review.",
            gold={
                "calls": [
                    {
                        "name": "send_email",
                        "arguments": {
                            "to": any_of(["contact_008"], ["sam.carter@northwindlabs.com"]),
                            "subject": contains("q2 roadmap"),
                            "body": contains("draft", "ready"),
                            "cc": any_of(None, []),
                        },
                    }
                ]
            },
            oracle=[
                calls(call("search_contacts", query="manager")),
                calls(
                    call(
                        "send_email",
                        to=["sam.carter@northwindlabs.com"],
                        subject="Q2 roadmap",
                        body="Hi Sam, the Q2 roadmap draft is ready for review. Best, Alex",
                    )
                ),
                "Sent Sam Carter the 'Q2 roadmap' email.",
            ],
        ),
        task(
            **B,
            id="basic-006",
            category="grounding",
            bucket="state",
            query="Block +1 415 555 0199, that number keeps calling me with spam.",
            gold={
                "delta": [
                    {"table": "blocked_numbers", "op": "create", "fields": {"phone": "+1 415 555 0199"}}
                ]
            },
            oracle=[
                calls(call("block_number", phone_number="+1 415 555 0199", reason="spam calls")),
                "Blocked +1 415 555 0199.",
            ],
        ),
        # ---------------------------------------------------------------- dependency
        task(
            **B,
            id="basic-007",
            category="dependency",
            bucket="state",
            frictions=["permission"],
            query="Text Jordan that dinner is at 7:30 tonight.",
            s0_patch={
                "apps": {
                    "messages": {
                        "id": "messages",
                        "name": "Messages",
                        "package": "com.android.messaging",
                        "category": "communication",
                        "permissions": {"SMS": False, "CONTACTS": True},
                        "size_mb": 38,
                        "notifications": True,
                        "running": False,
                    }
                }
            },
            gold={
                "delta": [
                    _msg("contact_004", "7:30"),
                    {
                        "table": "apps",
                        "op": "update",
                        "key": "messages",
                        "fields": {"permissions": {"SMS": True, "CONTACTS": True}},
                    },
                ]
            },
            oracle=[
                calls(call("send_message", contact_id="contact_004", text="Dinner is at 7:30 tonight.")),
                calls(call("grant_app_permission", app_id="messages", permission="SMS")),
                calls(call("send_message", contact_id="contact_004", text="Dinner is at 7:30 tonight.")),
                "Messages needed the SMS permission; I granted it and told Jordan dinner is at 7:30.",
            ],
        ),
        task(
            **B,
            id="basic-008",
            category="dependency",
            bucket="tool",
            frictions=["dependency"],
            query="Move my Workday alarm to 6:45, then add a one-off 6:30 alarm called Early standup.",
            gold={
                "calls": [
                    {"name": "update_alarm", "arguments": {"alarm_id": "alarm_001", "time": "06:45"}},
                    {
                        "name": "create_alarm",
                        "arguments": {"time": "06:30", "label": contains("early standup")},
                    },
                ]
            },
            oracle=[
                calls(call("list_alarms")),
                calls(call("update_alarm", alarm_id="alarm_001", time="06:45")),
                calls(call("create_alarm", time="06:30", label="Early standup")),
                "Workday alarm moved to 6:45 and a one-off 6:30 'Early standup' alarm added.",
            ],
        ),
        task(
            **B,
            id="basic-009",
            category="dependency",
            bucket="tool",
            query="If my dentist appointment is on Thursday, remind me Wednesday at 8pm to confirm it.",
            gold={
                "calls": [
                    {
                        "name": "create_reminder",
                        "arguments": {
                            "title": contains("dentist"),
                            "due": "2026-05-20T20:00:00",
                            "notes": IGN,
                        },
                    }
                ]
            },
            oracle=[
                calls(call("list_events", query="dentist")),
                calls(
                    call("create_reminder", title="Confirm dentist appointment", due="2026-05-20T20:00:00")
                ),
                "Your dentist appointment is Thursday at 3 PM, so I set a reminder tonight at 8 PM to confirm it.",
            ],
        ),
        task(
            **B,
            id="basic-010",
            category="dependency",
            bucket="state",
            frictions=["permission"],
            query="Add 'Pick up Emma' to my calendar at 3:30pm this Friday for 30 minutes.",
            s0_patch={
                "apps": {
                    "calendar": {
                        "id": "calendar",
                        "name": "Calendar",
                        "package": "com.android.calendar",
                        "category": "productivity",
                        "permissions": {"CALENDAR": False, "CONTACTS": True},
                        "size_mb": 120,
                        "notifications": True,
                        "running": False,
                    }
                }
            },
            gold={
                "delta": [
                    {
                        "table": "events",
                        "op": "create",
                        "fields": {
                            "title": contains("pick up emma"),
                            "start": "2026-05-22T15:30:00",
                            "end": "2026-05-22T16:00:00",
                        },
                    },
                    {
                        "table": "apps",
                        "op": "update",
                        "key": "calendar",
                        "fields": {"permissions": {"CALENDAR": True, "CONTACTS": True}},
                    },
                ]
            },
            oracle=[
                calls(
                    call(
                        "create_event",
                        title="Pick up Emma",
                        start="2026-05-22T15:30:00",
                        end="2026-05-22T16:00:00",
                    )
                ),
                calls(call("grant_app_permission", app_id="calendar", permission="CALENDAR")),
                calls(
                    call(
                        "create_event",
                        title="Pick up Emma",
                        start="2026-05-22T15:30:00",
                        end="2026-05-22T16:00:00",
                    )
                ),
                "Calendar access was off; I turned it on and added 'Pick up Emma' on Friday 3:30–4:00 PM.",
            ],
        ),
        task(
            **B,
            id="basic-011",
            category="dependency",
            bucket="state",
            query="Cancel the design review this afternoon, then text Chris Lee that the 3pm slot is free.",
            gold={
                "delta": [{"table": "events", "op": "delete", "key": "event_006"}, _msg("contact_002", "3")]
            },
            oracle=[
                calls(
                    call("list_events", start_date="2026-05-20", end_date="2026-05-20", query="design review")
                ),
                calls(call("delete_event", event_id="event_006")),
                calls(
                    call(
                        "send_message",
                        contact_id="contact_002",
                        text="The 3pm design review is cancelled, so the slot is free.",
                    )
                ),
                "Design review cancelled and Chris Lee told the 3 PM slot is free.",
            ],
        ),
        # ---------------------------------------------------------------- reference
        task(
            **B,
            id="basic-012",
            category="reference",
            bucket="state",
            history=[
                {"role": "user", "content": "When's my lunch with Chris Lee?"},
                {
                    "role": "assistant",
                    "content": "Your lunch with Chris Lee is today at 12:30 at Tartine Manufactory.",
                },
            ],
            query="Push it back half an hour and keep the same length.",
            gold={
                "delta": [
                    {
                        "table": "events",
                        "op": "update",
                        "key": "event_005",
                        "fields": {"start": "2026-05-20T13:00:00", "end": "2026-05-20T14:00:00"},
                    }
                ]
            },
            oracle=[
                calls(call("list_events", query="Chris Lee")),
                calls(
                    call(
                        "update_event",
                        event_id="event_005",
                        start="2026-05-20T13:00:00",
                        end="2026-05-20T14:00:00",
                    )
                ),
                "Lunch with Chris Lee now starts at 1:00 PM and ends at 2:00 PM.",
            ],
        ),
        task(
            **B,
            id="basic-013",
            category="reference",
            bucket="behavior",
            frictions=["ambiguity"],
            query="Text Chris that I'll bring the board game on Thursday.",
            gold={
                "rubric": {
                    "final_kind": "question",
                    "must_include": [["chris lee"], ["chris li"]],
                    "forbid_mutations": True,
                }
            },
            oracle=[
                calls(call("search_contacts", query="Chris")),
                "I found two contacts named Chris: Chris Lee (colleague) and Chris Li (friend). Which one should I text?",
            ],
        ),
        task(
            **B,
            id="basic-014",
            category="reference",
            bucket="tool",
            frictions=["obfuscation"],
            query="Tell Sam from next door that her package arrived at my place.",
            gold={
                "calls": [
                    {
                        "name": "send_message",
                        "arguments": {"contact_id": "contact_009", "text": contains("package")},
                    }
                ]
            },
            oracle=[
                calls(call("search_contacts", query="Sam")),
                calls(
                    call(
                        "send_message",
                        contact_id="contact_009",
                        text="Hi Samantha, your package arrived at my place.",
                    )
                ),
                "Told Samantha Carter, your neighbor, that her package is at your place.",
            ],
        ),
        task(
            **B,
            id="basic-015",
            category="reference",
            bucket="state",
            query="What's my next meeting today? Set its alert to 5 minutes before instead.",
            gold={
                "delta": [
                    {"table": "events", "op": "update", "key": "event_001", "fields": {"reminder_minutes": 5}}
                ]
            },
            oracle=[
                calls(call("list_events", start_date="2026-05-20", end_date="2026-05-20")),
                calls(call("update_event", event_id="event_001", reminder_minutes=5)),
                "Your next meeting is the weekly sync with Sam Carter at 10:00; its alert is now 5 minutes before.",
            ],
        ),
        task(
            **B,
            id="basic-016",
            category="reference",
            bucket="tool",
            history=[
                {"role": "user", "content": "Who texted me last night?"},
                {
                    "role": "assistant",
                    "content": "Your mom, Linda Morgan, texted at 6:30 PM asking you to call about Sunday lunch.",
                },
            ],
            query="Call her back now.",
            gold={
                "calls": [
                    {"name": "start_call", "arguments": {"contact_id": "contact_006", "phone_number": None}}
                ]
            },
            oracle=[calls(call("start_call", contact_id="contact_006")), "Calling Linda Morgan now."],
        ),
        task(
            **B,
            id="basic-017",
            category="reference",
            bucket="state",
            query="Add Chris Lee to tomorrow's 1:1 with Maya.",
            gold={
                "delta": [
                    {
                        "table": "events",
                        "op": "update",
                        "key": "event_014",
                        "fields": {"attendees": ["contact_001", "contact_002"]},
                    }
                ]
            },
            oracle=[
                calls(call("list_events", start_date="2026-05-21", end_date="2026-05-21", query="Maya")),
                calls(call("update_event", event_id="event_014", attendees=["contact_001", "contact_002"])),
                "Chris Lee is now invited to tomorrow's 1:1 with Maya Chen.",
            ],
        ),
        # ---------------------------------------------------------------- revision
        task(
            **B,
            id="basic-018",
            category="revision",
            bucket="tool",
            frictions=["intent_revision"],
            query="Set an alarm for 5:45 — actually no, make it 6 o'clock, labelled Run.",
            gold={
                "calls": [{"name": "create_alarm", "arguments": {"time": "06:00", "label": contains("run")}}]
            },
            oracle=[calls(call("create_alarm", time="06:00", label="Run")), "Alarm 'Run' set for 6:00."],
        ),
        task(
            **B,
            id="basic-019",
            category="revision",
            bucket="state",
            frictions=["intent_revision"],
            history=[
                {"role": "user", "content": "Block 45 minutes for deep work tomorrow at 9."},
                {"role": "assistant", "content": "Done: 'Deep work' is on your calendar tomorrow 9:00–9:45."},
            ],
            s0_patch={
                "events": {
                    "event_h01": {
                        "id": "event_h01",
                        "title": "Deep work",
                        "start": "2026-05-21T09:00:00",
                        "end": "2026-05-21T09:45:00",
                        "location": "",
                        "attendees": [],
                        "reminder_minutes": 15,
                        "calendar": "work",
                    }
                }
            },
            query="Actually make it 2pm instead, and a full hour.",
            gold={
                "delta": [
                    {
                        "table": "events",
                        "op": "update",
                        "key": "event_h01",
                        "fields": {"start": "2026-05-21T14:00:00", "end": "2026-05-21T15:00:00"},
                    }
                ]
            },
            oracle=[
                calls(call("list_events", start_date="2026-05-21", end_date="2026-05-21", query="deep work")),
                calls(
                    call(
                        "update_event",
                        event_id="event_h01",
                        start="2026-05-21T14:00:00",
                        end="2026-05-21T15:00:00",
                    )
                ),
                "Deep work moved to tomorrow 2:00–3:00 PM.",
            ],
        ),
        task(
            **B,
            id="basic-020",
            category="revision",
            bucket="state",
            frictions=["multi_intent"],
            query="Mark the expense report reminder done, and remind me to file my travel receipts next Monday.",
            gold={
                "delta": [
                    {
                        "table": "reminders",
                        "op": "update",
                        "key": "reminder_001",
                        "fields": {"done": True, "completed_at": IGN},
                    },
                    {
                        "table": "reminders",
                        "op": "create",
                        "fields": {"title": contains("travel receipts"), "due": contains("2026-05-25")},
                    },
                ]
            },
            oracle=[
                calls(call("list_reminders")),
                calls(
                    call("complete_reminder", reminder_id="reminder_001"),
                    call("create_reminder", title="File travel receipts", due="2026-05-25"),
                ),
                "Expense report reminder completed; you'll be reminded Monday to file your travel receipts.",
            ],
        ),
        task(
            **B,
            id="basic-021",
            category="revision",
            bucket="tool",
            frictions=["intent_revision"],
            query="Text Leo that gym is at 6 tomorrow — wait, no, send that to Chris Li instead.",
            gold={
                "calls": [
                    {
                        "name": "send_message",
                        "arguments": {"contact_id": "contact_003", "text": contains("gym", "6")},
                    }
                ]
            },
            oracle=[
                calls(call("search_contacts", query="Chris Li")),
                calls(call("send_message", contact_id="contact_003", text="Gym is at 6 tomorrow.")),
                "Sent Chris Li: 'Gym is at 6 tomorrow.'",
            ],
        ),
        task(
            **B,
            id="basic-022",
            category="revision",
            bucket="state",
            frictions=["multi_intent"],
            query="Turn off my weekend alarm and switch the gym alarm back on.",
            gold={
                "delta": [
                    {"table": "alarms", "op": "update", "key": "alarm_002", "fields": {"enabled": False}},
                    {"table": "alarms", "op": "update", "key": "alarm_003", "fields": {"enabled": True}},
                ]
            },
            oracle=[
                calls(call("list_alarms")),
                hermes(
                    call("update_alarm", alarm_id="alarm_002", enabled=False),
                    call("update_alarm", alarm_id="alarm_003", enabled=True),
                ),
                "Weekend alarm off, Gym alarm back on.",
            ],
        ),
        # ---------------------------------------------------------------- recovery
        task(
            **B,
            id="basic-023",
            category="recovery",
            bucket="behavior",
            frictions=["capability_limit"],
            query="Set a timer for 150 hours.",
            gold={
                "rubric": {
                    "final_kind": "refusal",
                    "must_include": [["99", "maximum", "max", "longest", "limit"]],
                    "forbid_mutations": True,
                }
            },
            oracle=[
                calls(call("start_timer", duration_seconds=540000, label="Timer")),
                "Sorry, I can't set a 150-hour timer: the longest timer is 99 hours 59 minutes. Want a reminder instead?",
            ],
        ),
        task(
            **B,
            id="basic-024",
            category="recovery",
            bucket="behavior",
            frictions=["contradiction"],
            query="Schedule a call with Mom on Saturday from 3pm to 2pm.",
            gold={
                "rubric": {
                    "final_kind": "question",
                    "must_include": [
                        [
                            "before",
                            "earlier",
                            "after",
                            "end",
                            "reversed",
                            "backward",
                            "swapped",
                            "flipped",
                            "mixed up",
                        ]
                    ],
                    "forbid_mutations": True,
                }
            },
            oracle=["That slot ends (2 PM) before it starts (3 PM). Did you mean 2 to 3 PM, or 3 to 4 PM?"],
        ),
        task(
            **B,
            id="basic-025",
            category="recovery",
            bucket="behavior",
            frictions=["missing_argument"],
            query="Set an alarm for me.",
            gold={
                "rubric": {
                    "final_kind": "question",
                    "must_include": [["what time", "which time", "when"]],
                    "forbid_mutations": True,
                }
            },
            oracle=["Sure, what time should the alarm go off?"],
        ),
        task(
            **B,
            id="basic-026",
            category="recovery",
            bucket="tool",
            frictions=["runtime_error"],
            faults=[{"tool": "send_message", "on_calls": [1]}],
            query="Send Emma a text saying good luck at rehearsal today!",
            gold={
                "calls": [
                    {
                        "name": "send_message",
                        "arguments": {"contact_id": "contact_005", "text": contains("good luck")},
                    }
                ]
            },
            oracle=[
                calls(call("send_message", contact_id="contact_005", text="Good luck at rehearsal today!")),
                calls(call("send_message", contact_id="contact_005", text="Good luck at rehearsal today!")),
                "Messages hiccuped once; on retry the text to Emma went through.",
            ],
        ),
        task(
            **B,
            id="basic-027",
            category="recovery",
            bucket="behavior",
            frictions=["state_mutation"],
            query="Tick off the dry cleaning reminder.",
            gold={
                "rubric": {
                    "final_kind": "answer",
                    "must_include": [
                        [
                            "already marked",
                            "already done",
                            "already complete",
                            "already ticked",
                            "already checked",
                            "nothing to tick",
                            "was completed",
                            "was marked",
                            "already been",
                            "completed already",
                            "complete already",
                            "done already",
                            "marked already",
                            "ticked off already",
                            "checked off already",
                            "had been completed",
                            "had been marked",
                            "completed on",
                            "completed at",
                            "completed earlier",
                            "completed before",
                        ]
                    ],
                    # "it has been completed already" is no claim: the passive only of the ticking
                    "must_not_include": [
                        *false_claims("ticked off", "ticked", "checked off"),
                        *false_claims("marked", "completed", passive=False),
                    ],
                    "forbid_mutations": True,
                }
            },  # fmt: skip
            oracle=[
                calls(call("list_reminders", include_completed=True, query="dry cleaning")),
                "The 'Pick up dry cleaning' reminder is already marked done, so there's nothing to tick off.",
            ],
        ),
        task(
            **B,
            id="basic-028",
            category="recovery",
            bucket="state",
            frictions=["runtime_error"],
            faults=[{"tool": "create_reminder", "on_calls": [1, 2]}],
            query="Remind me to submit the travel booking form by Friday 5pm.",
            gold={
                "delta": [
                    {
                        "table": "reminders",
                        "op": "create",
                        "fields": {"title": contains("travel booking form"), "due": "2026-05-22T17:00:00"},
                    }
                ]
            },
            oracle=[
                calls(call("create_reminder", title="Submit travel booking form", due="2026-05-22T17:00:00")),
                calls(call("create_reminder", title="Submit travel booking form", due="2026-05-22T17:00:00")),
                calls(call("create_reminder", title="Submit travel booking form", due="2026-05-22T17:00:00")),
                "After two transient failures the reminder is set for Friday 5 PM.",
            ],
        ),
    ]


def subagent() -> list[Task]:
    S = {"version": V, "dimension": "subagent", "bucket": "behavior"}
    return [
        task(
            **S,
            id="subagent-001",
            category="search",
            query="Find some good places to eat near the train station.",
            gold={
                "rubric": {
                    "routes": ["delegate_to_search_agent"],
                    "handoff": {"instruction": contains("train station")},
                }
            },
            oracle=[
                calls(
                    call(
                        "delegate_to_search_agent",
                        instruction="Find well-rated restaurants near the train station",
                        context={"location": "train station", "city": "San Francisco"},
                    )
                ),
                "Here are a few good options near the station. Do any of these work for you?",
            ],
        ),
        task(
            **S,
            id="subagent-002",
            category="gui",
            query="Change my email signature in the Mail app to 'Alex Morgan, Northwind Labs'.",
            gold={
                "rubric": {
                    "routes": ["delegate_to_gui_agent"],
                    "handoff": {
                        "app": "mail",
                        "instruction": contains("signature", "alex morgan, northwind labs"),
                    },
                }
            },
            oracle=[
                calls(
                    call(
                        "delegate_to_gui_agent",
                        app="mail",
                        instruction="Open settings and set the email signature to 'Alex Morgan, Northwind Labs'",
                        context={"signature": "Alex Morgan, Northwind Labs"},
                    )
                ),
                "Your Mail signature is now 'Alex Morgan, Northwind Labs'.",
            ],
        ),
        task(
            **S,
            id="subagent-003",
            category="search",
            query="Look up what time the Warriors game starts tonight.",
            gold={
                "rubric": {
                    "routes": ["delegate_to_search_agent"],
                    "handoff": {"instruction": contains("warriors")},
                }
            },
            oracle=[
                calls(
                    call(
                        "delegate_to_search_agent",
                        instruction="Find tonight's Golden State Warriors game start time",
                        context={"date": "2026-05-20"},
                    )
                ),
                "Tonight's Warriors game tips off at the time the search returned.",
            ],
        ),
        task(
            **S,
            id="subagent-004",
            category="gui",
            query="Turn on the auto-reply feature inside the Messages app settings.",
            gold={
                "rubric": {
                    "routes": ["delegate_to_gui_agent"],
                    "handoff": {"app": "messages", "instruction": contains("auto-reply")},
                }
            },
            oracle=[
                calls(
                    call(
                        "delegate_to_gui_agent",
                        app="messages",
                        instruction="Open Messages settings and switch on auto-reply",
                        context={"feature": "auto-reply"},
                    )
                ),
                "Auto-reply is switched on in Messages.",
            ],
        ),
    ]


def memory() -> list[Task]:
    M = {"version": V, "dimension": "memory"}
    return [
        task(
            **M,
            id="memory-001",
            category="single-record",
            bucket="tool",
            gold_memory_ids=["mem_001"],
            meta={
                "turns": "single",
                "primary": "api",
                "reasoning": "single-record",
                "target": "phone_action",
                "scenario": "workplace",
            },
            query="Message my secretary: train delayed, I'll arrive at 8:00 PM.",
            gold={
                "calls": [
                    {
                        "name": "send_message",
                        "arguments": {"contact_id": "contact_001", "text": contains("train", "8")},
                    }
                ]
            },
            oracle=[
                calls(call("search_user_memory", query="my secretary")),
                calls(call("send_message", contact_id="contact_001", text="Train delayed, arrive 8:00 PM.")),
                "Told Maya: train delayed, arriving 8:00 PM.",
            ],
        ),
        task(
            **M,
            id="memory-002",
            category="conflicting-record",
            bucket="state",
            gold_memory_ids=["mem_011"],
            meta={
                "turns": "single",
                "primary": "db",
                "reasoning": "conflicting-record",
                "target": "phone_action",
                "scenario": "workplace",
            },
            query="Make my workday alarm match the time I actually get up now.",
            gold={
                "delta": [
                    {"table": "alarms", "op": "update", "key": "alarm_001", "fields": {"time": "06:00"}}
                ]
            },
            oracle=[
                calls(call("search_user_memory", query="wake up time workdays")),
                calls(call("list_alarms")),
                calls(call("update_alarm", alarm_id="alarm_001", time="06:00")),
                "Your newer memory says you wake at 6:00 on workdays, so the Workday alarm is now 6:00.",
            ],
        ),
        task(
            **M,
            id="memory-003",
            category="multi-record",
            bucket="state",
            gold_memory_ids=["mem_017", "mem_010"],
            meta={
                "turns": "multi",
                "primary": "db",
                "reasoning": "multi-record",
                "target": "phone_action",
                "scenario": "family & health",
            },
            history=[
                {"role": "user", "content": "I want to stop rushing in the mornings."},
                {
                    "role": "assistant",
                    "content": "Happy to help. Should I adjust your alarms around your routines?",
                },
            ],
            query="Yes: add an alarm 45 minutes before my gym sessions, on my gym days.",
            gold={
                "delta": [
                    {
                        "table": "alarms",
                        "op": "create",
                        "fields": {"time": "06:15", "repeat_days": ["mon", "wed", "fri"]},
                    }
                ]
            },
            oracle=[
                calls(call("search_user_memory", query="gym days")),
                calls(call("search_user_memory", query="wake on workdays")),
                calls(call("create_alarm", time="06:15", label="Gym", repeat_days=["mon", "wed", "fri"])),
                "Added a 6:15 alarm on Monday, Wednesday and Friday, 45 minutes before your 7:00 gym sessions.",
            ],
        ),
        task(
            **M,
            id="memory-004",
            category="add",
            bucket="tool",
            meta={
                "turns": "single",
                "primary": "api",
                "reasoning": "single-record",
                "target": "add",
                "scenario": "family & health",
            },
            query="Remember that Emma's new piano teacher is Ms. Alvarez.",
            gold={
                "calls": [
                    {
                        "name": "add_user_memory",
                        "arguments": {"text": contains("piano", "alvarez"), "category": IGN},
                    }
                ]
            },
            oracle=[
                calls(
                    call("add_user_memory", text="Emma's piano teacher is Ms. Alvarez.", category="family")
                ),
                "Got it, I'll remember Emma's piano teacher is Ms. Alvarez.",
            ],
        ),
        task(
            **M,
            id="memory-005",
            category="replace",
            bucket="tool",
            gold_memory_ids=["mem_017"],
            meta={
                "turns": "single",
                "primary": "api",
                "reasoning": "single-record",
                "target": "replace",
                "scenario": "family & health",
            },
            query="My gym days changed: it's Tuesdays and Thursdays now, same time with Leo. Update what you know.",
            gold={
                "calls": [
                    {
                        "name": "replace_user_memory",
                        "arguments": {"memory_id": "mem_017", "text": contains("tuesday", "thursday")},
                    }
                ]
            },
            oracle=[
                calls(call("search_user_memory", query="gym days")),
                calls(
                    call(
                        "replace_user_memory",
                        memory_id="mem_017",
                        text="Gym days are Tuesday and Thursday at 7:00 with Leo Park (contact_010).",
                    )
                ),
                "Updated: gym is now Tuesdays and Thursdays at 7:00 with Leo.",
            ],
        ),
        task(
            **M,
            id="memory-006",
            category="remove",
            bucket="state",
            gold_memory_ids=["mem_010"],
            meta={
                "turns": "single",
                "primary": "db",
                "reasoning": "conflicting-record",
                "target": "remove",
                "scenario": "workplace",
            },
            query="Forget the old wake-up time you have from last year, it's out of date.",
            gold={"delta": [{"table": "memories", "op": "delete", "key": "mem_010"}]},
            oracle=[
                calls(call("search_user_memory", query="wake up time workdays")),
                calls(call("remove_user_memory", memory_id="mem_010")),
                "Removed the outdated 6:30 wake-up memory; the 6:00 one stays.",
            ],
        ),
        task(
            **M,
            id="memory-007",
            category="single-record",
            bucket="behavior",
            gold_memory_ids=["mem_022"],
            meta={
                "turns": "single",
                "primary": "api",
                "reasoning": "single-record",
                "target": "phone_action",
                "scenario": "business travel",
            },
            query="Which seat do I usually like on flights?",
            gold={"rubric": {"final_kind": "answer", "must_include": [["aisle"]], "forbid_mutations": True}},
            oracle=[
                calls(call("search_user_memory", query="travel seat preference flights")),
                "You prefer an aisle seat near the front, and a window seat on red-eye flights.",
            ],
        ),
        task(
            **M,
            id="memory-008",
            category="single-record",
            bucket="tool",
            gold_memory_ids=["mem_016"],
            meta={
                "turns": "multi",
                "primary": "api",
                "reasoning": "single-record",
                "target": "phone_action",
                "scenario": "family & health",
            },
            history=[
                {"role": "user", "content": "I keep forgetting my family calls."},
                {"role": "assistant", "content": "I can set reminders based on what you've told me before."},
            ],
            query="Set a reminder for my usual call with Mom this Sunday.",
            gold={
                "calls": [
                    {
                        "name": "create_reminder",
                        "arguments": {"title": contains("mom"), "due": "2026-05-24T18:00:00", "notes": IGN},
                    }
                ]
            },
            oracle=[
                calls(call("search_user_memory", query="call mom every Sunday")),
                calls(call("create_reminder", title="Call Mom", due="2026-05-24T18:00:00")),
                "You'll be reminded to call Mom on Sunday at 6 PM.",
            ],
        ),
    ]


def skill() -> list[Task]:
    K = {"version": V, "dimension": "skill"}
    cands = ["commute_mode", "bedtime_routine", "morning_routine", "focus_mode"]
    return [
        task(
            **K,
            id="skill-001",
            category="routine",
            bucket="state",
            gold_skill="commute_mode",
            candidate_skills=cands,
            query="Switch on my commute setup.",
            gold={
                "delta": [
                    {
                        "table": "automation_rules",
                        "op": "update",
                        "key": "rule_002",
                        "fields": {"enabled": True, "last_run_at": IGN},
                    },
                    {"table": "settings", "op": "update", "key": "sound.mode", "fields": {"value": "silent"}},
                    {"table": "settings", "op": "update", "key": "volume.media", "fields": {"value": 20}},
                ]
            },
            oracle=[
                calls(call("load_skill", skill_id="commute_mode")),
                calls(call("search_user_memory", query="commute focus routine")),
                calls(call("update_automation_rule", rule_id="rule_002", enabled=True, run_now=True)),
                "Commute focus is on: silent mode and media volume 20%.",
            ],
        ),
        task(
            **K,
            id="skill-002",
            category="routine",
            bucket="state",
            gold_skill="morning_routine",
            candidate_skills=cands,
            query="Run my morning routine check on the alarms.",
            gold={
                "delta": [
                    {"table": "alarms", "op": "update", "key": "alarm_001", "fields": {"time": "06:00"}}
                ]
            },
            oracle=[
                calls(call("load_skill", skill_id="morning_routine")),
                calls(call("search_user_memory", query="wake up time workdays")),
                calls(call("list_alarms")),
                calls(call("update_alarm", alarm_id="alarm_001", time="06:00")),
                "Your workday alarm now matches your 6:00 wake-up time.",
            ],
        ),
        task(
            **K,
            id="skill-003",
            category="routine",
            bucket="state",
            gold_skill="bedtime_routine",
            candidate_skills=cands,
            query="Get the phone ready for bed.",
            gold={
                "delta": [
                    {"table": "alarms", "op": "update", "key": "alarm_001", "fields": {"time": "06:00"}},
                    {
                        "table": "automation_rules",
                        "op": "update",
                        "key": "rule_001",
                        "fields": {"last_run_at": IGN},
                    },
                    {"table": "settings", "op": "update", "key": "dnd.enabled", "fields": {"value": True}},
                ]
            },
            oracle=[
                calls(call("load_skill", skill_id="bedtime_routine")),
                calls(
                    call("search_user_memory", query="bedtime routine"),
                    call("search_user_memory", query="wake up time workdays"),
                ),
                calls(call("list_alarms")),
                calls(call("update_alarm", alarm_id="alarm_001", time="06:00", enabled=True)),
                calls(call("list_automation_rules")),
                calls(call("update_automation_rule", rule_id="rule_001", enabled=True, run_now=True)),
                "Do not disturb is on and tomorrow's alarm is set for 6:00.",
            ],
        ),
        task(
            **K,
            id="skill-004",
            category="family",
            bucket="tool",
            gold_skill="family_checkin",
            candidate_skills=["family_checkin", "doctor_visit", "travel_prep"],
            query="Do my family check-in: give Mom a call.",
            gold={
                "calls": [
                    {"name": "start_call", "arguments": {"contact_id": "contact_006", "phone_number": None}}
                ]
            },
            oracle=[
                calls(call("load_skill", skill_id="family_checkin")),
                calls(call("search_user_memory", query="call mom every Sunday")),
                calls(call("start_call", contact_id="contact_006")),
                "Calling your mom, Linda Morgan, now.",
            ],
        ),
        task(
            **K,
            id="skill-005",
            category="health",
            bucket="state",
            gold_skill="doctor_visit",
            candidate_skills=["family_checkin", "doctor_visit", "travel_prep"],
            query="Put a checkup with my doctor on the calendar for June 10 at 9am, one hour.",
            gold={
                "delta": [
                    {
                        "table": "events",
                        "op": "create",
                        "fields": {
                            "title": contains("checkup"),
                            "start": "2026-06-10T09:00:00",
                            "end": "2026-06-10T10:00:00",
                        },
                    }
                ]
            },
            oracle=[
                calls(call("load_skill", skill_id="doctor_visit")),
                calls(call("search_user_memory", query="family doctor")),
                calls(
                    call(
                        "create_event",
                        title="Checkup with Dr. Priya Shah",
                        start="2026-06-10T09:00:00",
                        end="2026-06-10T10:00:00",
                    )
                ),
                "Checkup with Dr. Priya Shah is on your calendar for June 10, 9–10 AM.",
            ],
        ),
        task(
            **K,
            id="skill-006",
            category="focus",
            bucket="tool",
            gold_skill="focus_mode",
            candidate_skills=cands,
            query="Start a 50-minute focus timer the way my focus mode does it.",
            gold={"calls": [{"name": "start_timer", "arguments": {"duration_seconds": 3000, "label": IGN}}]},
            oracle=[
                calls(call("load_skill", skill_id="focus_mode")),
                calls(call("start_timer", duration_seconds=3000, label="Focus")),
                "A 50-minute focus timer is running.",
            ],
        ),
    ]


def build() -> list[Task]:
    return [*basic(), *subagent(), *memory(), *skill()]
