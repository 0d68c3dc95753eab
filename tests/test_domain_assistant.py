"""AI Assistant domain: user memory (BM25 search), skills and sub-agent handoffs."""

from __future__ import annotations

import doctest
from collections.abc import Callable
from typing import Any

import pytest

import mpb_env.text
from mpb_env.domains import assistant, by_domain, modules
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
    "load_skill",
    "delegate_to_gui_agent",
    "delegate_to_search_agent",
}

#: The only tools skills may bind (other domains' tools plus this domain's memory tools).
BINDABLE = {
    "search_contacts", "get_contact", "add_contact", "update_contact", "delete_contact", "start_call",
    "end_call", "list_call_log", "send_message", "list_messages", "delete_message", "send_email",
    "search_emails", "block_number", "unblock_number", "list_events", "create_event", "update_event",
    "delete_event", "list_alarms", "create_alarm", "update_alarm", "delete_alarm", "start_timer",
    "stop_timer", "create_reminder", "complete_reminder", "list_reminders", "create_automation_rule",
    "update_automation_rule", "list_automation_rules", "list_apps", "grant_app_permission",
    "search_user_memory", "add_user_memory", "replace_user_memory", "remove_user_memory",
}  # fmt: skip

BASE_DIGEST = load_world().digest()


def fresh(patch: Patch | None = None) -> PhoneState:
    return PhoneState(load_world()) if patch is None else PhoneState(load_world(), patch)


def ids(fb: dict[str, Any]) -> list[str]:
    return [r["id"] for r in fb["data"]]


# --------------------------------------------------------------------------- success cases
Check = Callable[[PhoneState, dict[str, Any]], None]


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
]


@pytest.mark.parametrize(
    ("name", "args", "check"), SUCCESS, ids=[f"{c[0]}-{i}" for i, c in enumerate(SUCCESS)]
)
def test_success(name: str, args: dict[str, Any], check: Check) -> None:
    s = fresh()
    fb = execute(s, name, args)
    assert fb["status"] == "success", fb
    check(s, fb)


@pytest.mark.parametrize(
    ("name", "args", "error_type"), ERRORS, ids=[f"{c[0]}-{i}" for i, c in enumerate(ERRORS)]
)
def test_error(name: str, args: dict[str, Any], error_type: str) -> None:
    s = fresh()
    fb = execute(s, name, args)
    assert fb["status"] == "error" and fb["error_type"] == error_type, fb
    assert s.delta() == {}


def test_every_tool_has_cases_and_base_world_is_untouched() -> None:
    assert {c[0] for c in SUCCESS} == MY_TOOLS == {c[0] for c in ERRORS}
    assert {spec.name for spec in by_domain()["AI Assistant"]} >= MY_TOOLS
    s = fresh()
    for name, args, _ in SUCCESS:
        assert execute(s, name, args)["status"] == "success", name
    for name, args, _ in ERRORS:
        execute(s, name, args)
    assert s.delta()
    assert load_world().digest() == BASE_DIGEST


def test_tool_flags_and_contract() -> None:
    reads = {"search_user_memory", "load_skill"}
    for name in MY_TOOLS:
        spec = REGISTRY[name]
        assert spec.domain == assistant.DOMAIN
        assert spec.mutates == (name not in reads), name
        assert spec.raises, name
        for prop in spec.schema["function"]["parameters"]["properties"].values():
            assert "e.g." in prop["description"]


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
    assert len(skills) >= 8
    assert {
        "meeting_followup", "morning_routine", "focus_mode", "family_checkin", "travel_prep",
        "bedtime_routine", "weekly_review", "commute_mode",
    } <= set(skills)  # fmt: skip
    for sk in skills.values():
        assert sk["tools"] and set(sk["tools"]) <= BINDABLE, sk["id"]
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
