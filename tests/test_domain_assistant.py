"""AI Assistant domain: user memory (BM25 search), skills and sub-agent handoffs."""

from __future__ import annotations

import doctest
import inspect
import re
from typing import Any

import mpb_env.text
from domain_harness import BASE_DIGEST, Check, DomainTests, by_tool, fresh, ids
from mpb_env.domains import assistant, by_domain, catalog, modules
from mpb_env.text import BM25, tokenize
from mpb_env.tools.runtime import REGISTRY, execute
from mpb_env.world.generate import build_tables, load_world
from mpb_env.world.state import Patch, PhoneState

modules()

MY_TOOLS = {
    "search_user_memory",
    "add_user_memory",
    "replace_user_memory",
    "remove_user_memory",
    "list_user_memories",
    "load_skill",
    "list_skills",
    "delegate_to_gui_agent",
    "delegate_to_search_agent",
    "delegate_to_image_agent",
    "delegate_to_visual_qa_agent",
    "delegate_to_monitor_agent",
    "delegate_to_practice_agent",
    "get_handoff_status",
    "stop_handoff",
    "get_smart_suggestions",
}
READS = {"search_user_memory", "list_user_memories", "load_skill", "list_skills", "get_handoff_status",
         "get_smart_suggestions"}  # fmt: skip
HANDOFF_FIELDS = {"id", "route", "app", "instruction", "context", "status", "result", "time"}
WATCH = "When flight UA 1532 SFO-JFK is delayed, text Jordan the new departure time"


def _handoff_rec(
    hid: str, route: str, status: str, instruction: str, context: dict[str, Any]
) -> dict[str, Any]:
    return {"id": hid, "route": route, "app": None, "instruction": instruction, "context": context,
            "status": status, "result": "earlier report", "time": "2026-05-19T20:00:00"}  # fmt: skip


#: Earlier hand-offs some cases refer to: an active watch, a finished search, a watch past its end.
CASE_PATCH = Patch(
    {
        "handoffs": {
            "handoff_001": _handoff_rec(
                "handoff_001", "monitor", "active", WATCH,
                {"condition": "flight UA 1532 SFO-JFK is delayed", "action": "text Jordan the new departure time",
                 "check_every_minutes": 15, "until": "2026-05-26T08:15:00"},
            ),
            "handoff_002": _handoff_rec("handoff_002", "search", "completed", "Find ramen near the office", {}),
            "handoff_003": _handoff_rec(
                "handoff_003", "monitor", "active", "When it rains in San Francisco, remind me to take an umbrella",
                {"until": "2026-05-20T08:00:00"},
            ),
        }
    }
)  # fmt: skip


# --------------------------------------------------------------------------- success cases
def _search_secretary(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb)[0] == "mem_001"
    assert set(fb["data"][0]) == {"id", "text", "category", "updated_at", "score"}
    assert "Maya Chen" in fb["data"][0]["text"] and fb["data"][0]["score"] > 0


def _search_wake(s: PhoneState, fb: dict[str, Any]) -> None:
    got = ids(fb)
    assert {"mem_010", "mem_011"} <= set(got) and len(got) <= 3
    scores = [r["score"] for r in fb["data"]]
    assert scores == sorted(scores, reverse=True)


def _search_none(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"] == []


def _add(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("memories", fb["data"]["id"])
    assert rec is not None and rec["text"] == "Prefers window seats on short flights"
    assert rec["category"] == "travel" and rec["tags"] == ["flights", "seat"] and rec["history"] == []
    assert rec["created_at"] == rec["updated_at"] == "2026-05-20T09:00:00"
    assert s.delta()["memories"][rec["id"]]["op"] == "create"


def _replace(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("memories", "mem_010")
    assert rec is not None and rec["text"] == "I wake at 6:00 on workdays."
    assert rec["history"][-1]["text"] == "I wake at 6:30 on workdays."
    assert rec["history"][-1]["updated_at"] == "2025-11-03T06:45:00"
    assert rec["updated_at"] == rec["history"][-1]["replaced_at"] == "2026-05-20T09:00:00"
    assert set(s.delta()["memories"]["mem_010"]["changed"]) == {"text", "updated_at", "history"}


def _replace_keeps_history(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("memories", "mem_008")
    assert rec is not None and [h["text"] for h in rec["history"]] == [
        "Preferred meeting length is 30 minutes.",
        "Preferred meeting length is 25 minutes; never schedule meetings longer than 50 minutes.",
    ]


def _remove(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("memories", "mem_042") is None
    assert fb["data"]["id"] == "mem_042"
    assert s.delta()["memories"]["mem_042"]["op"] == "delete"


def _skill(s: PhoneState, fb: dict[str, Any]) -> None:
    data = fb["data"]
    assert set(data) == {"skill_id", "name", "instructions", "tools"}
    assert data["skill_id"] == "commute_mode"
    assert "update_automation_rule" in data["tools"] and "rule_002" in data["instructions"]
    assert s.writes == {}


def _gui(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("handoffs", fb["data"]["id"])
    assert rec is not None and rec == fb["data"]
    assert rec["route"] == "gui" and rec["app"] == "mail" and rec["status"] == "completed"
    assert rec["instruction"] == "Archive all promotional emails from last week"
    assert rec["context"] == {"sender": "deals@shop.example"}
    assert "Archive all promotional emails" in rec["result"] and rec["time"] == "2026-05-20T09:00:00"


def _search_agent(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("handoffs", fb["data"]["id"])
    assert rec is not None and rec["route"] == "search" and rec["app"] is None
    assert "vegetarian restaurants" in rec["result"]
    assert s.delta()["handoffs"][rec["id"]]["op"] == "create"


def _list_skills(s: PhoneState, fb: dict[str, Any]) -> None:
    got = ids(fb)
    assert got == sorted(got) and len(got) == s.count("skills") >= 40
    assert set(fb["data"][0]) == {"id", "name", "description", "tools"}
    assert {"commute_mode", "movie_night", "battery_rescue", "flight_watch"} <= set(got)


def _list_skills_query(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb)[0] == "battery_rescue" and "set_battery_saver" in fb["data"][0]["tools"]
    assert len(fb["data"]) < s.count("skills")


def _list_memories_family(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["total"] == 6
    assert [r["id"] for r in fb["data"]["memories"]] == ["mem_032", "mem_014", "mem_016"]
    assert set(fb["data"]["memories"][0]) == {"id", "text", "category", "tags", "updated_at"}


def _list_memories_tag(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [r["id"] for r in fb["data"]["memories"]] == ["mem_014", "mem_015", "mem_013"]


def _image_edit(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("handoffs", fb["data"]["id"])
    assert rec is not None and set(rec) == HANDOFF_FIELDS and rec["route"] == "image"
    assert rec["context"] == {"style": "watercolor", "source_photo_id": "photo_006"}
    assert rec["status"] == "completed" and rec["result"].startswith("Edited IMG_20260516")


def _image_new(s: PhoneState, fb: dict[str, Any]) -> None:
    assert (
        fb["data"]["context"] == {} and fb["data"]["result"] == "Generated a new image: Draw a cat astronaut"
    )


def _vqa_screen(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("handoffs", fb["data"]["id"])
    assert (
        rec is not None and rec["route"] == "visual_qa" and rec["instruction"] == "What route is shown here?"
    )
    assert rec["context"] == {"target": "screen", "target_id": None, "screen_app": "maps"}


def _vqa_screenshot(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["context"] == {"currency": "USD", "target": "screenshot", "target_id": "file_012"}
    assert "Screenshot_20260520_081210.png" in fb["data"]["result"]


def _monitor(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("handoffs", fb["data"]["id"])
    assert rec is not None and set(rec) == HANDOFF_FIELDS
    assert rec["route"] == "monitor" and rec["status"] == "active"
    assert rec["instruction"] == "When Emma's school play is moved, text Jordan the new time"
    assert rec["context"] == {
        "event_id": "event_003",
        "condition": "Emma's school play is moved",
        "action": "text Jordan the new time",
        "check_every_minutes": 60,
        "until": "2026-05-22T18:00:00",
    }


def _practice(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("handoffs", fb["data"]["id"])
    assert rec is not None and rec["route"] == "practice" and rec["status"] == "active"
    assert (
        rec["instruction"] == "Language practice: ordering food at a restaurant (beginner, Spanish, 20 min)"
    )
    assert rec["context"]["language"] == "es" and rec["context"]["ends_at"] == "2026-05-20T09:20:00"


def _status_one(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["id"] == "handoff_001" and fb["data"]["status"] == "active" and s.writes == {}


def _status_list(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["total"] == 2
    assert [(r["id"], r["status"]) for r in fb["data"]["handoffs"]] == [
        ("handoff_003", "expired"),
        ("handoff_001", "active"),
    ]


def _stop(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("handoffs", "handoff_001")["status"] == "stopped"
    assert s.delta()["handoffs"]["handoff_001"]["changed"] == {"status": "stopped"}


def _suggest(s: PhoneState, fb: dict[str, Any]) -> None:
    data = fb["data"]
    assert data["now"] == "2026-05-20T09:00:00" and data["until"] == "2026-05-20T13:00:00"
    assert [(x["kind"], x["ref"]) for x in data["suggestions"]] == [
        ("timer_ending", "timer_001"),
        ("upcoming_event", "event_001"),
        ("upcoming_event", "event_005"),
        ("unread_messages", None),
    ]
    assert data["suggestions"][3]["text"].startswith("11 unread messages from ")
    assert data["skipped"] == [] and s.writes == {}


SUCCESS: list[tuple[str, dict[str, Any], Check]] = [
    ("search_user_memory", {"query": "who is my secretary"}, _search_secretary),
    ("search_user_memory", {"query": "wake up time workdays", "top_k": 3}, _search_wake),
    ("search_user_memory", {"query": "quantum chromodynamics"}, _search_none),
    (
        "add_user_memory",
        {"text": "Prefers window seats on short flights", "category": "travel", "tags": ["Flights", "seat"]},
        _add,
    ),
    ("replace_user_memory", {"memory_id": "mem_010", "text": "I wake at 6:00 on workdays."}, _replace),
    (
        "replace_user_memory",
        {"memory_id": "mem_008", "text": "Meetings should be 20 minutes."},
        _replace_keeps_history,
    ),
    ("remove_user_memory", {"memory_id": "mem_042"}, _remove),
    ("load_skill", {"skill_id": "commute_mode"}, _skill),
    (
        "delegate_to_gui_agent",
        {
            "app": "mail",
            "instruction": "Archive all promotional emails from last week",
            "context": {"sender": "deals@shop.example"},
        },
        _gui,
    ),
    (
        "delegate_to_search_agent",
        {"instruction": "Find vegetarian restaurants near Embarcadero", "context": {"city": "San Francisco"}},
        _search_agent,
    ),
    ("list_skills", {}, _list_skills),
    ("list_skills", {"query": "battery low"}, _list_skills_query),
    ("list_user_memories", {"category": "family", "limit": 3}, _list_memories_family),
    ("list_user_memories", {"tag": " Birthday "}, _list_memories_tag),
    (
        "delegate_to_image_agent",
        {
            "instruction": "Turn it into a watercolor",
            "context": {"style": "watercolor"},
            "source_photo_id": "photo_006",
        },
        _image_edit,
    ),
    ("delegate_to_image_agent", {"instruction": "Draw a cat astronaut", "context": {}}, _image_new),
    ("delegate_to_visual_qa_agent", {"question": "What route is shown here?", "context": {}}, _vqa_screen),
    (
        "delegate_to_visual_qa_agent",
        {"question": "What is the total amount?", "context": {"currency": "USD"}, "target_id": "file_012"},
        _vqa_screenshot,
    ),
    (
        "delegate_to_monitor_agent",
        {
            "condition": "Emma's school play is moved",
            "action": "text  Jordan the new time",
            "context": {"event_id": "event_003"},
            "check_every_minutes": 60,
            "until": "2026-05-22T18:00:00",
        },
        _monitor,
    ),
    (
        "delegate_to_practice_agent",
        {
            "kind": "language",
            "topic": "ordering food at a restaurant",
            "context": {},
            "level": "beginner",
            "language": "spanish",
            "minutes": 20,
        },
        _practice,
    ),
    ("get_handoff_status", {"handoff_id": "handoff_001"}, _status_one),
    ("get_handoff_status", {"route": "monitor"}, _status_list),
    ("stop_handoff", {"handoff_id": "handoff_001"}, _stop),
    ("get_smart_suggestions", {"hours": 4}, _suggest),
]

ERRORS: list[tuple[str, dict[str, Any], str]] = [
    ("search_user_memory", {"query": "the of and"}, "InvalidArguments"),
    ("search_user_memory", {"query": "wake", "top_k": 0}, "InvalidArguments"),
    ("search_user_memory", {"query": "wake", "top_k": "5"}, "InvalidArguments"),
    ("add_user_memory", {"text": "I wake at 6:30 on workdays.", "category": "routine"}, "AlreadyExists"),
    ("add_user_memory", {"text": "  i WAKE at 6:30   on workdays. ", "category": "routine"}, "AlreadyExists"),
    ("add_user_memory", {"text": "   ", "category": "other"}, "InvalidArguments"),
    ("add_user_memory", {"text": "x" * 501, "category": "other"}, "InvalidArguments"),
    ("add_user_memory", {"text": "Likes tea", "category": "hobby"}, "InvalidArguments"),
    ("add_user_memory", {"text": "Likes tea", "category": "food", "tags": [" "]}, "InvalidArguments"),
    ("replace_user_memory", {"memory_id": "mem_999", "text": "Anything new"}, "NotFound"),
    (
        "replace_user_memory",
        {"memory_id": "mem_010", "text": "I wake at 6:30 on workdays."},
        "InvalidArguments",
    ),
    (
        "replace_user_memory",
        {"memory_id": "mem_010", "text": "Since April I wake at 6:00 on workdays."},
        "AlreadyExists",
    ),
    ("remove_user_memory", {"memory_id": "mem_999"}, "NotFound"),
    ("load_skill", {"skill_id": "make_coffee"}, "NotFound"),
    (
        "delegate_to_gui_agent",
        {"app": "tiktok", "instruction": "Post my latest photo", "context": {}},
        "NotFound",
    ),
    (
        "delegate_to_gui_agent",
        {"app": "mail", "instruction": "archive emails", "context": {}},
        "InvalidArguments",
    ),
    ("delegate_to_gui_agent", {"app": "mail", "instruction": "", "context": {}}, "InvalidArguments"),
    ("delegate_to_search_agent", {"instruction": "ramen?", "context": {}}, "InvalidArguments"),
    ("delegate_to_search_agent", {"instruction": "Find ramen nearby", "context": "SF"}, "InvalidArguments"),
    ("list_skills", {"query": "the of"}, "InvalidArguments"),
    ("list_user_memories", {"limit": 0}, "InvalidArguments"),
    ("list_user_memories", {"tag": "  "}, "InvalidArguments"),
    ("list_user_memories", {"category": "hobby"}, "InvalidArguments"),
    ("delegate_to_image_agent", {"instruction": "cat", "context": {}}, "InvalidArguments"),
    (
        "delegate_to_image_agent",
        {"instruction": "Brighten the sky", "context": {}, "source_photo_id": "photo_999"},
        "NotFound",
    ),
    (
        "delegate_to_image_agent",
        {"instruction": "Brighten the sky", "context": {}, "source_photo_id": "photo_003"},
        "CapabilityLimit",
    ),
    (
        "delegate_to_image_agent",
        {"instruction": "Edit this screenshot please", "context": {}, "source_photo_id": "file_012"},
        "NotFound",
    ),
    ("delegate_to_visual_qa_agent", {"question": "What?", "context": {}}, "InvalidArguments"),
    (
        "delegate_to_visual_qa_agent",
        {"question": "What is this?", "context": [], "target_id": None},
        "InvalidArguments",
    ),
    (
        "delegate_to_visual_qa_agent",
        {"question": "What is this?", "context": {}, "target_id": "file_999"},
        "NotFound",
    ),
    (
        "delegate_to_visual_qa_agent",
        {"question": "What is this?", "context": {}, "target_id": "file_022"},
        "PreconditionFailed",
    ),
    (
        "delegate_to_visual_qa_agent",
        {"question": "What is this?", "context": {}, "target_id": "file_001"},
        "CapabilityLimit",
    ),
    (
        "delegate_to_visual_qa_agent",
        {"question": "What is this?", "context": {}, "target_id": "photo_003"},
        "CapabilityLimit",
    ),
    (
        "delegate_to_monitor_agent",
        {"condition": "flight is delayed", "action": "text", "context": {}},
        "InvalidArguments",
    ),
    (
        "delegate_to_monitor_agent",
        {"condition": "delayed", "action": "text Jordan", "context": {}},
        "InvalidArguments",
    ),
    (
        "delegate_to_monitor_agent",
        {
            "condition": "flight is delayed",
            "action": "text Jordan",
            "context": {},
            "until": "2026-05-19T08:00:00",
        },
        "InvalidArguments",
    ),
    (
        "delegate_to_monitor_agent",
        {"condition": "flight is delayed", "action": "text Jordan", "context": {}, "until": "next week"},
        "InvalidArguments",
    ),
    (
        "delegate_to_monitor_agent",
        {"condition": "flight is delayed", "action": "text Jordan", "context": {}, "check_every_minutes": 0},
        "InvalidArguments",
    ),
    (
        "delegate_to_monitor_agent",
        {
            "condition": "flight UA 1532 SFO-JFK is  delayed",
            "action": "text Jordan the new departure time",
            "context": {},
        },
        "AlreadyExists",
    ),
    (
        "delegate_to_practice_agent",
        {"kind": "language", "topic": "travel", "context": {}},
        "InvalidArguments",
    ),
    ("delegate_to_practice_agent", {"kind": "speech", "topic": " ", "context": {}}, "InvalidArguments"),
    (
        "delegate_to_practice_agent",
        {"kind": "interview", "topic": "system design", "context": {}, "minutes": 90},
        "CapabilityLimit",
    ),
    (
        "delegate_to_practice_agent",
        {"kind": "language", "topic": "travel", "context": {}, "language": "Klingon"},
        "CapabilityLimit",
    ),
    (
        "delegate_to_practice_agent",
        {"kind": "speech", "topic": "wedding toast", "context": {}, "level": "expert"},
        "InvalidArguments",
    ),
    ("get_handoff_status", {"handoff_id": "handoff_999"}, "NotFound"),
    ("get_handoff_status", {"route": "practice"}, "NotFound"),
    ("get_handoff_status", {"route": "telepathy"}, "InvalidArguments"),
    ("stop_handoff", {"handoff_id": "handoff_999"}, "NotFound"),
    ("stop_handoff", {"handoff_id": "handoff_002"}, "PreconditionFailed"),
    ("stop_handoff", {"handoff_id": "handoff_003"}, "PreconditionFailed"),
    ("get_smart_suggestions", {"hours": 0}, "InvalidArguments"),
    ("get_smart_suggestions", {"hours": 49}, "InvalidArguments"),
    ("get_smart_suggestions", {"limit": 51}, "InvalidArguments"),
]


CASES = DomainTests(
    assistant.DOMAIN,
    by_tool(SUCCESS, numbered=True),
    by_tool(ERRORS, numbered=True),
    count=16,
    patch=CASE_PATCH,
    is_read=READS.__contains__,
)
test_success, test_error, _, test_tool_flags_and_contract = CASES.tests()


def test_every_tool_has_cases_and_base_world_is_untouched() -> None:
    assert {spec.name for spec in by_domain()["AI Assistant"]} == MY_TOOLS == {c[0] for c in SUCCESS}
    CASES.check_all()
    # All the cases in one episode too.
    s = fresh(CASE_PATCH)
    for name, args, _ in SUCCESS:
        assert execute(s, name, args)["status"] == "success", name
    for name, args, _ in ERRORS:
        execute(s, name, args)
    assert s.delta()
    assert load_world().digest() == BASE_DIGEST


# --------------------------------------------------------------------------- search semantics
def test_search_sees_episode_writes_at_once() -> None:
    s = fresh()
    fb = execute(s, "add_user_memory", {"text": "Kayaking at Aquatic Park on Sundays", "category": "routine"})
    new_id = fb["data"]["id"]
    assert ids(execute(s, "search_user_memory", {"query": "kayaking"})) == [new_id]
    execute(s, "replace_user_memory", {"memory_id": new_id, "text": "Paddleboarding at Aquatic Park"})
    assert ids(execute(s, "search_user_memory", {"query": "kayaking"})) == []
    assert ids(execute(s, "search_user_memory", {"query": "paddleboarding"})) == [new_id]
    execute(s, "remove_user_memory", {"memory_id": "mem_001"})
    assert "mem_001" not in ids(execute(s, "search_user_memory", {"query": "secretary Maya Chen"}))
    other = fresh()  # a second env over the same world must not see the first one's writes
    assert ids(execute(other, "search_user_memory", {"query": "secretary"}))[0] == "mem_001"
    assert ids(execute(other, "search_user_memory", {"query": "paddleboarding"})) == []
    s.reset()
    assert ids(execute(s, "search_user_memory", {"query": "secretary"}))[0] == "mem_001"


def test_search_respects_task_patch_and_fork() -> None:
    patch = Patch(
        {
            "memories": {
                "mem_010": None,
                "mem_900": {
                    "id": "mem_900",
                    "text": "Since May I wake at 5:30 on workdays.",
                    "category": "routine",
                    "created_at": "2026-05-01T06:00:00",
                    "updated_at": "2026-05-01T06:00:00",
                    "tags": [],
                    "history": [],
                },
            }
        }
    )
    s = fresh(patch)
    got = ids(execute(s, "search_user_memory", {"query": "wake workdays"}))
    assert "mem_010" not in got and {"mem_011", "mem_900"} <= set(got)
    branch = s.fork()
    execute(branch, "remove_user_memory", {"memory_id": "mem_900"})
    assert "mem_900" not in ids(execute(branch, "search_user_memory", {"query": "wake workdays"}))
    assert "mem_900" in ids(execute(s, "search_user_memory", {"query": "wake workdays"}))


def test_search_is_deterministic_and_tags_are_searchable() -> None:
    a, b = fresh(), fresh()
    for q in ("family birthdays", "diet", "commute focus routine", "call mom every Sunday"):
        assert execute(a, "search_user_memory", {"query": q}) == execute(
            b, "search_user_memory", {"query": q}
        )
    assert ids(execute(a, "search_user_memory", {"query": "diet"}))[:2] == ["mem_019", "mem_020"]
    assert ids(execute(a, "search_user_memory", {"query": "family birthdays", "top_k": 3})) == [
        "mem_013",
        "mem_015",
        "mem_014",
    ]
    assert ids(execute(a, "search_user_memory", {"query": "commute focus routine"}))[0] == "mem_005"
    assert ids(execute(a, "search_user_memory", {"query": "OTP codes from SMS"}))[0] == "mem_029"


def test_bm25_ties_break_by_key_and_doctests() -> None:
    idx = BM25(["same words here", "same words here", "other"], keys=["mem_b", "mem_a", "mem_c"])
    assert idx.top("words", 5) == [1, 0]
    assert idx.scores("nothing") == [0.0, 0.0, 0.0]
    assert tokenize("Birthdays, FAMILIES & focus!") == ["birthday", "family", "focus"]
    result = doctest.testmod(mpb_env.text)
    assert result.attempted > 0 and result.failed == 0


# --------------------------------------------------------------------------- handoffs
def test_handoff_uses_scripted_subagent_results() -> None:
    patch = Patch(
        {
            "subagent_results": {
                "gui": {"result": "Archived 12 emails"},
                "gui:calendar": {"result": "Calendar sub-agent could not find the event", "status": "failed"},
                "search": {"result": "Greens Restaurant, Fort Mason, open until 21:30"},
            }
        }
    )
    s = fresh(patch)
    ctx = {"when": "tonight"}
    fb = execute(
        s, "delegate_to_gui_agent", {"app": "mail", "instruction": "Archive the promo emails", "context": ctx}
    )
    assert fb["data"]["result"] == "Archived 12 emails" and fb["data"]["status"] == "completed"
    fb = execute(
        s,
        "delegate_to_gui_agent",
        {"app": "calendar", "instruction": "Open the team offsite", "context": ctx},
    )
    assert fb["data"]["status"] == "failed"
    fb = execute(
        s, "delegate_to_search_agent", {"instruction": "Find vegetarian dinner spots", "context": ctx}
    )
    assert fb["data"]["result"].startswith("Greens Restaurant")
    assert [h["id"] for h in s.values("handoffs")] == ["handoff_n001", "handoff_n002", "handoff_n003"]
    ctx["when"] = "tomorrow"  # the stored context is a copy
    assert s.get("handoffs", "handoff_n001")["context"] == {"when": "tonight"}


# --------------------------------------------------------------------------- world
def test_world_core_records() -> None:
    tables = load_world().tables
    mem = tables["memories"]
    assert 250 <= len(mem) <= 350
    assert "Maya Chen" in mem["mem_001"]["text"] and "contact_001" in mem["mem_001"]["text"]
    assert "Dr. Priya Shah" in mem["mem_004"]["text"]
    assert mem["mem_010"]["updated_at"] < mem["mem_011"]["updated_at"]
    assert "OTP" in mem["mem_029"]["text"] and mem["mem_029"]["category"] == "consent"
    assert all(r["updated_at"] < "2026-05-20" and r["created_at"] <= r["updated_at"] for r in mem.values())
    assert len({" ".join(r["text"].split()).casefold() for r in mem.values()}) == len(mem)
    skills = tables["skills"]
    assert len(skills) >= 40
    assert {
        "meeting_followup", "morning_routine", "focus_mode", "family_checkin", "travel_prep",
        "bedtime_routine", "weekly_review", "commute_mode",
    } <= set(skills)  # fmt: skip
    for sk in skills.values():
        assert sk["tools"] and set(sk["tools"]) <= set(catalog()), sk["id"]
        assert sk["instructions"].startswith("1. ")
        for t in sk["tools"]:
            assert t in sk["instructions"], (sk["id"], t)
    assert tables["handoffs"] == {}


def test_world_scales_keep_core_ids() -> None:
    small, large = build_tables("S")["memories"], build_tables("L")["memories"]
    assert len(small) < len(load_world().tables["memories"]) < len(large)
    for mem_id in ("mem_001", "mem_010", "mem_011", "mem_029", "mem_042"):
        assert small[mem_id] == large[mem_id] == load_world().tables["memories"][mem_id]
    assert build_tables("M")["memories"] == load_world().tables["memories"]


# --------------------------------------------------------------------------- more sub-agent routes
DELEGATES = {
    "delegate_to_gui_agent": ({"app": "mail", "instruction": "Archive the promo emails"}, "gui"),
    "delegate_to_search_agent": ({"instruction": "Find ramen near the office"}, "search"),
    "delegate_to_image_agent": (
        {"instruction": "Make the sky bluer", "source_photo_id": "photo_006"},
        "image",
    ),
    "delegate_to_visual_qa_agent": ({"question": "What does the sign say?"}, "visual_qa"),
    "delegate_to_monitor_agent": ({"condition": "the dentist moves my slot", "action": "tell me"}, "monitor"),
    "delegate_to_practice_agent": ({"kind": "interview", "topic": "system design"}, "practice"),
}


def test_every_route_shares_one_handoff_path_and_shape() -> None:
    s = fresh()
    for name, (args, route) in DELEGATES.items():
        assert "_delegate(" in inspect.getsource(REGISTRY[name].fn), name
        fb = execute(s, name, {**args, "context": {"k": "v"}})
        assert fb["status"] == "success", fb
        rec = s.get("handoffs", fb["data"]["id"])
        assert rec == fb["data"] and set(rec) == HANDOFF_FIELDS and rec["route"] == route
        assert rec["context"]["k"] == "v" and rec["time"] == s.log[-1]["time"]
        assert rec["status"] == ("active" if route in ("monitor", "practice") else "completed")
    assert [h["id"] for h in s.values("handoffs")] == [f"handoff_n{i:03d}" for i in range(1, 7)]
    other = fresh()  # deterministic: the same calls give the same records
    for name, (args, _) in DELEGATES.items():
        execute(other, name, {**args, "context": {"k": "v"}})
    assert list(other.values("handoffs")) == list(s.values("handoffs"))


def test_new_routes_use_scripted_results() -> None:
    patch = Patch(
        {
            "subagent_results": {
                "image:photo_006": {"result": "Removed 3 tourists from the bridge photo"},
                "image": {"result": "A generic image"},
                "visual_qa:screen": {"result": "The map shows a 12-minute walk to Embarcadero"},
                "visual_qa:file_012": {"result": "The receipt total is $42.10"},
                "monitor": {
                    "result": "Flight UA 1532 is delayed 45 minutes; texted Jordan",
                    "status": "completed",
                },
                "practice:interview": {
                    "result": "Mock interview done: 4/5 on clarity",
                    "status": "completed",
                },
            }
        }
    )
    s = fresh(patch)
    run = lambda name, args: execute(s, name, {**args, "context": {}})["data"]  # noqa: E731
    assert run("delegate_to_image_agent", DELEGATES["delegate_to_image_agent"][0])["result"].startswith(
        "Removed"
    )
    assert run("delegate_to_image_agent", {"instruction": "Draw a red fox"})["result"] == "A generic image"
    assert run("delegate_to_visual_qa_agent", {"question": "How far is the walk?"})["result"].startswith(
        "The map"
    )
    qa = run("delegate_to_visual_qa_agent", {"question": "What is the total?", "target_id": "file_012"})
    assert qa["result"] == "The receipt total is $42.10"
    watch = run(
        "delegate_to_monitor_agent", {"condition": "flight UA 1532 is delayed", "action": "text Jordan"}
    )
    assert watch["status"] == "completed" and "texted Jordan" in watch["result"]
    session = run("delegate_to_practice_agent", {"kind": "interview", "topic": "system design"})
    assert session["status"] == "completed"
    # A finished session does not block the next one.
    assert (
        run("delegate_to_practice_agent", {"kind": "speech", "topic": "wedding toast"})["status"] == "active"
    )


def test_lasting_handoffs_end_on_the_clock_and_can_be_stopped() -> None:
    s = fresh()
    practice = execute(
        s,
        "delegate_to_practice_agent",
        {"kind": "speech", "topic": "best man toast", "context": {}, "minutes": 5},
    )["data"]
    fb = execute(s, "delegate_to_practice_agent", {"kind": "interview", "topic": "behavioral", "context": {}})
    assert fb["error_type"] == "Conflict" and fb["data"]["handoff_id"] == practice["id"]
    watch = execute(
        s,
        "delegate_to_monitor_agent",
        {"condition": "it starts raining downtown", "action": "remind me about the umbrella", "context": {},
         "until": "2026-05-20T09:10:00"},
    )["data"]  # fmt: skip
    assert watch["context"]["until"] == "2026-05-20T09:10:00"
    s.ticks += 600  # ten simulated minutes later
    assert execute(s, "get_handoff_status", {"handoff_id": practice["id"]})["data"]["status"] == "completed"
    assert execute(s, "get_handoff_status", {"handoff_id": watch["id"]})["data"]["status"] == "expired"
    assert s.get("handoffs", watch["id"])["status"] == "active"  # the stored record is not rewritten
    assert execute(s, "stop_handoff", {"handoff_id": watch["id"]})["error_type"] == "PreconditionFailed"
    fresh_session = execute(
        s, "delegate_to_practice_agent", {"kind": "interview", "topic": "behavioral", "context": {}}
    )
    assert fresh_session["status"] == "success"
    assert (
        execute(s, "stop_handoff", {"handoff_id": fresh_session["data"]["id"]})["data"]["status"] == "stopped"
    )
    listed = execute(s, "get_handoff_status", {})["data"]
    assert listed["total"] == 3 and listed["handoffs"][0]["status"] == "stopped"


def test_monitor_limit_and_practice_permission() -> None:
    many = {
        f"handoff_{i:03d}": _handoff_rec(
            f"handoff_{i:03d}", "monitor", "active", f"When signal {i} fires, ping me", {}
        )
        for i in range(1, 21)
    }
    s = fresh(Patch({"handoffs": many}))
    fb = execute(
        s,
        "delegate_to_monitor_agent",
        {"condition": "the bus is late", "action": "text Jordan", "context": {}},
    )
    assert fb["error_type"] == "CapabilityLimit" and len(fb["data"]["active"]) == 20
    assert execute(s, "stop_handoff", {"handoff_id": "handoff_005"})["status"] == "success"
    fb = execute(
        s,
        "delegate_to_monitor_agent",
        {"condition": "the bus is late", "action": "text Jordan", "context": {}},
    )
    assert fb["status"] == "success"
    base = load_world().tables["apps"]["assistant"]
    no_mic = {**base, "permissions": {**base["permissions"], "MICROPHONE": False}}
    s = fresh(Patch({"apps": {"assistant": no_mic}}))
    fb = execute(s, "delegate_to_practice_agent", {"kind": "speech", "topic": "toast", "context": {}})
    assert fb["error_type"] == "PermissionDenied" and fb["data"]["permission"] == "MICROPHONE"
    assert (
        execute(s, "grant_app_permission", {"app_id": "assistant", "permission": "MICROPHONE"})["status"]
        == "success"
    )
    assert (
        execute(s, "delegate_to_practice_agent", {"kind": "speech", "topic": "toast", "context": {}})[
            "status"
        ]
        == "success"
    )


# --------------------------------------------------------------------------- smart perception (cross-domain)
def test_smart_suggestions_follow_other_domains_state() -> None:
    world = load_world().tables
    cal = world["apps"]["calendar"]
    patch = Patch(
        {
            "apps": {"calendar": {**cal, "permissions": {**cal["permissions"], "CALENDAR": False}}},
            "settings": {"battery.level": {"value": 12}},
        }
    )
    s = PhoneState(load_world(), patch, now="2026-05-20T16:30:00")
    data = execute(s, "get_smart_suggestions", {"hours": 2})["data"]
    kinds = [x["kind"] for x in data["suggestions"]]
    assert kinds[0] == "low_battery" and data["suggestions"][0]["tool"] == "set_battery_saver"
    assert "upcoming_event" not in kinds and data["skipped"] == ["calendar: the Calendar app lacks CALENDAR"]
    assert ("reminder_due", "reminder_001") in [(x["kind"], x["ref"]) for x in data["suggestions"]]
    # Acting in other domains changes the suggestions.
    assert execute(s, "set_battery_saver", {"enabled": True})["status"] == "success"
    assert execute(s, "complete_reminder", {"reminder_id": "reminder_001"})["status"] == "success"
    execute(s, "grant_app_permission", {"app_id": "calendar", "permission": "CALENDAR"})
    execute(
        s,
        "create_event",
        {"title": "Pick up Emma", "start": "2026-05-20T17:30:00", "end": "2026-05-20T18:00:00"},
    )
    data = execute(s, "get_smart_suggestions", {"hours": 2})["data"]
    pairs = [(x["kind"], x["ref"]) for x in data["suggestions"]]
    assert ("low_battery", "battery.level") not in pairs and ("reminder_due", "reminder_001") not in pairs
    assert ("upcoming_event", "event_n001") in pairs and data["skipped"] == []
    later = PhoneState(load_world(), now="2026-05-20T18:00:00")
    first = execute(later, "get_smart_suggestions", {"hours": 1})["data"]["suggestions"][0]
    assert (first["kind"], first["ref"]) == ("overdue_reminder", "reminder_001")


def test_visual_qa_reads_a_fresh_screenshot_and_the_foreground_app() -> None:
    s = fresh()
    assert execute(s, "open_app", {"app_id": "chrome"})["status"] == "success"
    shot = execute(s, "take_screenshot", {})["data"]["file"]
    fb = execute(s, "delegate_to_visual_qa_agent", {"question": "What is this page about?", "context": {},
                                                    "target_id": shot["id"]})  # fmt: skip
    assert fb["data"]["context"] == {"target": "screenshot", "target_id": shot["id"]}
    fb = execute(s, "delegate_to_visual_qa_agent", {"question": "What is on screen now?", "context": {}})
    assert fb["data"]["context"]["screen_app"] == "chrome"
    execute(s, "delete_file", {"file_id": shot["id"]})
    fb = execute(s, "delegate_to_visual_qa_agent", {"question": "What is this page about?", "context": {},
                                                    "target_id": shot["id"]})  # fmt: skip
    assert fb["error_type"] == "PreconditionFailed"


# --------------------------------------------------------------------------- skills reference real tools
_CALL = re.compile(r"\b([a-z]+(?:_[a-z0-9]+)+)\(")
_QUOTED = re.compile(r"(?<=[=\[(,{:\s])'[^']*'")
_KWARG = re.compile(r"(?:^|[,(\s{])(\w+)=")
_LITERAL = re.compile(r"(\w+)='([^'<]*)'")


def skill_calls(text: str) -> list[tuple[str, str]]:
    """Every ``tool(...)`` in a skill's instructions as ``(tool, argument text)`` (quote- and nesting-aware)."""
    out = []
    for m in _CALL.finditer(text):
        j, depth, quoted = m.end(), 1, False
        while j < len(text) and depth:
            ch = text[j]
            if quoted:
                quoted = ch != "'"
            elif ch == "'" and text[j - 1] in "=[(,{: ":
                quoted = True
            elif ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
            j += 1
        out.append((m.group(1), text[m.end() : j - 1]))
    return out


def test_skill_call_parser() -> None:
    text = "1. a_b(x=1, y='p, q=r', z={'k': 'v'}) then c_d() and e_f(w=['m', 'n'])."
    calls = skill_calls(text)
    assert [c[0] for c in calls] == ["a_b", "c_d", "e_f"]
    assert _KWARG.findall(_QUOTED.sub("''", calls[0][1])) == ["x", "y", "z"]
    assert _KWARG.findall(_QUOTED.sub("''", calls[2][1])) == ["w"]


def test_skills_bind_real_tools_with_real_arguments() -> None:
    tools = catalog()
    skills = load_world().tables["skills"]
    assert len(skills) >= 40 and all(k == sk["id"] for k, sk in skills.items())
    assert len({sk["name"] for sk in skills.values()}) == len(skills)
    domains = set()
    for sk in skills.values():
        assert set(sk) == {"id", "name", "description", "instructions", "tools"}
        assert sk["description"].endswith(".") and sk["instructions"].startswith("1. ")
        unknown = [t for t in sk["tools"] if t not in tools]
        assert not unknown, (sk["id"], unknown)
        assert len(set(sk["tools"])) == len(sk["tools"]), sk["id"]
        called = set()
        for name, inner in skill_calls(sk["instructions"]):
            assert name in tools, (sk["id"], f"{name}() is not a tool")
            called.add(name)
            props = tools[name].schema["function"]["parameters"]["properties"]
            for arg in _KWARG.findall(_QUOTED.sub("''", inner)):
                assert arg in props, (sk["id"], f"{name}() has no argument {arg!r}; it has {sorted(props)}")
            for arg, value in _LITERAL.findall(inner):
                enum = props.get(arg, {}).get("enum")
                assert not enum or value in enum, (sk["id"], name, arg, value, enum)
        assert called == set(sk["tools"]), (sk["id"], called ^ set(sk["tools"]))
        domains |= {tools[t].domain for t in sk["tools"]}
    assert len(domains) >= 10, domains


def test_skill_ids_in_assistant_and_input_domains_load() -> None:
    s = fresh()
    for skill_id in ("movie_night", "airport_mode", "meeting_mode", "battery_rescue", "new_phone_setup",
                     "privacy_checkup", "photo_backup", "flight_watch", "join_wifi_qr"):  # fmt: skip
        fb = execute(s, "load_skill", {"skill_id": skill_id})
        assert fb["status"] == "success" and fb["data"]["tools"], skill_id
    assert s.writes == {}


def test_the_memory_index_of_one_env_never_serves_another() -> None:
    """Two envs whose written memories join into the same search text ("Drinks tea" / food / [work] and
    "Drinks tea food" / work) share no cached index: the second may still add "Drinks tea"."""
    world = load_world("S")
    first, second = PhoneState(world), PhoneState(world)
    execute(first, "add_user_memory", {"text": "Drinks tea", "category": "food", "tags": ["work"]})
    execute(first, "search_user_memory", {"query": "tea"})
    execute(second, "add_user_memory", {"text": "Drinks tea food", "category": "work"})
    execute(second, "search_user_memory", {"query": "tea"})
    again = execute(second, "add_user_memory", {"text": "Drinks tea", "category": "food"})
    assert again["status"] == "success", again


def test_smart_suggestions_follow_writes() -> None:
    """The event and unread-text sources are kept per task patch until the episode writes their
    tables: an event created and a text deleted between two calls show in the second, and another
    episode still sees the unwritten phone."""
    s = fresh()
    before = execute(s, "get_smart_suggestions", {"hours": 4})["data"]["suggestions"]
    made = execute(s, "create_event", {"title": "Standup", "start": "2026-05-20T11:00:00"})["data"]["event"]
    unread = next(m for m in s.values("messages") if m["direction"] == "in" and not m["read"])
    assert execute(s, "delete_message", {"message_id": unread["id"]})["status"] == "success"
    after = execute(s, "get_smart_suggestions", {"hours": 4})["data"]["suggestions"]
    assert made["id"] in [x["ref"] for x in after] and made["id"] not in [x["ref"] for x in before]
    assert [x["text"][:19] for x in after if x["kind"] == "unread_messages"] == ["10 unread messages "]
    again = execute(fresh(), "get_smart_suggestions", {"hours": 4})["data"]["suggestions"]
    assert [(x["kind"], x["ref"], x["text"]) for x in again] == [(x["kind"], x["ref"], x["text"]) for x in before]
