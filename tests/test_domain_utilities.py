"""Utilities & Productivity: every tool's success and error paths, cross-domain links and the seeded world."""

from __future__ import annotations

from typing import Any

from domain_harness import Check, DomainTests, Setup, airplane, by_tool, call, delta, fresh, ids, revoke
from mpb_env.domains import by_domain
from mpb_env.domains import utilities as ut
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import build_tables
from mpb_env.world.state import PhoneState

DOMAIN = "Utilities & Productivity"
TOOLS = [spec.name for spec in by_domain()[DOMAIN]]


def offline(s: PhoneState) -> None:
    s.set_setting("network.wifi", False)
    s.set_setting("network.airplane_mode", True)


def long_note(s: PhoneState) -> None:
    call(s, "update_note", {"note_id": "note_002", "body": "x" * 1700})


def result(expected: Any) -> Check:
    def check(s: PhoneState, fb: dict[str, Any]) -> None:
        assert fb["data"]["result"] == expected, fb

    return check


# ------------------------------------------------------------------------ success checks
def c_open_new(s: PhoneState, fb: dict[str, Any]) -> None:
    tab = s.get("browser_tabs", "tab_n001")
    assert tab["url"] == "https://www.moma.org" and tab["title"] == "MoMA | The Museum of Modern Art"
    hist = s.get("browser_history", "hist_n001")
    assert (hist["url"], hist["time"]) == ("https://www.moma.org", "2026-05-20T09:00:00")
    assert fb["data"]["page"]["summary"].startswith("11 W 53rd St")


def c_open_same_tab(s: PhoneState, fb: dict[str, Any]) -> None:
    assert delta(s, "browser_tabs")["tab_002"]["changed"] == {
        "url": "https://example.org/menu", "title": "example.org", "last_used": "2026-05-20T09:00:00",
    }  # fmt: skip
    assert fb["data"]["page"]["summary"] is None and "tab_n001" not in delta(s, "browser_tabs")


def c_bookmark(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("bookmarks", "bm_n001") == {
        "id": "bm_n001", "url": "https://www.moma.org", "title": "MoMA | The Museum of Modern Art",
        "folder": "Travel", "created_at": "2026-05-20T09:00:00",
    }  # fmt: skip


def c_bookmark_titled(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["title"] == "Hudson Partners" and fb["data"]["url"] == "https://www.hudsonpartners.com"


def c_history(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]
    assert rows[0]["id"] == "hist_008" and all("united" in r["url"] for r in rows)
    times = [r["time"] for r in rows]
    assert times == sorted(times, reverse=True)


def c_bookmarks(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["bm_004", "bm_002", "bm_001", "bm_003"]


def c_tabs(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["tab_002"]


def c_translate(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert (d["translation"], d["source_language"], d["target_language"]) == ("Où est la gare ?", "en", "fr")


def c_translate_detect(s: PhoneState, fb: dict[str, Any]) -> None:
    # Source detected as Spanish; the target defaults to the phone's language (en-US).
    d = fb["data"]
    assert (d["translation"], d["source_language"], d["target_language"]) == (
        "How much does this cost?",
        "es",
        "en",
    )


def c_translate_ja(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["translation"] == "ありがとうございます" and fb["data"]["source_language"] == "fr"


def c_answer(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["answer"] == "Canberra." and fb["data"]["kb_id"] == "kb_001"


def c_answer_tz(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["kb_id"] == "kb_019"


def c_create_note(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("notes", "note_n001")
    assert (rec["title"], rec["folder"], rec["pinned"], rec["body"]) == (
        "Packing list - Seattle", "Travel", True, "Rain jacket\nCharger",
    )  # fmt: skip
    assert rec["created_at"] == rec["updated_at"] == "2026-05-20T09:00:00"


def c_update_append(s: PhoneState, fb: dict[str, Any]) -> None:
    changed = delta(s, "notes")["note_001"]["changed"]
    assert (
        changed["body"].endswith("Running shoes\nPhone charger")
        and changed["updated_at"] == "2026-05-20T09:00:00"
    )
    assert fb["data"]["changed"] == ["body"]


def c_update_move(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("notes", "note_004")
    assert (rec["title"], rec["folder"], rec["pinned"]) == ("Groceries", "Family", False)


def c_search_notes(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["note_001"]


def c_search_notes_pinned(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["note_001", "note_004"]  # both pinned, most recently edited first


def c_share(s: PhoneState, fb: dict[str, Any]) -> None:
    msg = s.get("messages", "msg_n001")
    assert msg["thread_id"] == "thread_contact_004" and msg["direction"] == "out"
    assert msg["phone"] == "+1 415 555 0104" and msg["text"].startswith("Packing list - New York\nLaptop")
    assert s.get("notes", "note_001")["shared_with"] == ["contact_004"]


def c_share_again(s: PhoneState, fb: dict[str, Any]) -> None:
    assert "notes" not in s.delta() and set(delta(s, "messages")) == {"msg_n001"}  # already shared with Sam


SUCCESS: list[tuple[str, dict[str, Any], Check]] = [
    ("open_browser_url", {"url": "moma.org"}, c_open_new),
    ("open_browser_url", {"url": "https://Example.org/menu/", "new_tab": False}, c_open_same_tab),
    ("add_browser_bookmark", {"url": "https://moma.org/", "folder": " Travel "}, c_bookmark),
    ("add_browser_bookmark", {"url": "www.hudsonpartners.com", "title": "Hudson Partners"}, c_bookmark_titled),
    ("search_browser_history", {"query": "UNITED", "limit": 100}, c_history),
    ("search_browser_history", {"source": "bookmarks"}, c_bookmarks),
    ("search_browser_history", {"source": "tabs", "query": "trips"}, c_tabs),
    ("calculate_expression", {"expression": "(128.40 + 23.15) * 1.18"}, result(178.829)),
    ("calculate_expression", {"expression": "2^10 / 4 - -1"}, result(257)),
    ("calculate_expression", {"expression": "84 * 15%"}, result(12.6)),
    ("calculate_expression", {"expression": "17 % 5 + 0.1 + 0.2"}, result(2.3)),
    ("calculate_expression", {"expression": "-2^2 + 2^-1 + 2^3^2"}, result(508.5)),
    ("calculate_expression", {"expression": "3 ÷ 4 × (2 ** 3)"}, result(6)),
    ("convert_units", {"value": 26.2, "from_unit": "miles", "to_unit": "km"}, result(42.1648128)),
    ("convert_units", {"value": 98.6, "from_unit": "°F", "to_unit": "celsius"}, result(37)),
    ("convert_units", {"value": 2.0, "from_unit": "cups", "to_unit": "ml"}, result(473.176473)),
    ("convert_units", {"value": 100, "from_unit": "EUR", "to_unit": "usd"}, result(108.0)),
    ("convert_units", {"value": 250.0, "from_unit": "dollars", "to_unit": "yen"}, result(37879)),
    ("translate_text", {"text": "where is the train station", "target_language": "French"}, c_translate),
    ("translate_text", {"text": "¿Cuánto cuesta esto?"}, c_translate_detect),
    ("translate_text", {"text": "Merci !", "target_language": "ja", "source_language": "fr"}, c_translate_ja),
    ("answer_question", {"question": "What is the capital of Australia?"}, c_answer),
    ("answer_question", {"question": "time difference between SF and New York?"}, c_answer_tz),
    ("create_note", {"title": "Packing list - Seattle", "body": "Rain jacket\nCharger", "folder": "Travel",
     "pinned": True}, c_create_note),
    ("update_note", {"note_id": "note_001", "append_text": " Phone charger "}, c_update_append),
    ("update_note", {"note_id": "note_004", "title": "Groceries", "folder": "Family", "pinned": False},
     c_update_move),
    ("search_notes", {"query": "PASSPORT"}, c_search_notes),
    ("search_notes", {"pinned_only": True}, c_search_notes_pinned),
    ("share_note", {"note_id": "note_001", "contact_id": "contact_004"}, c_share),
    ("share_note", {"note_id": "note_003", "contact_id": "contact_008"}, c_share_again),
]  # fmt: skip

ERRORS: list[tuple[str, dict[str, Any], str, Setup]] = [
    ("open_browser_url", {"url": "not a url"}, "InvalidArguments", None),
    ("open_browser_url", {"url": "https://nohost"}, "InvalidArguments", None),
    ("open_browser_url", {"url": "ftp://files.example.org"}, "CapabilityLimit", None),
    ("open_browser_url", {"url": "mailto:maya@example.com"}, "CapabilityLimit", None),
    ("open_browser_url", {"url": "https://www.moma.org"}, "PreconditionFailed", offline),
    ("add_browser_bookmark", {"url": "https://www.united.com/"}, "AlreadyExists", None),
    ("add_browser_bookmark", {"url": "file:///sdcard/a.html"}, "CapabilityLimit", None),
    ("add_browser_bookmark", {"url": "https://moma.org", "folder": "  "}, "InvalidArguments", None),
    ("add_browser_bookmark", {"url": "https://moma.org", "title": ""}, "InvalidArguments", None),
    ("search_browser_history", {"limit": 0}, "InvalidArguments", None),
    ("search_browser_history", {"source": "downloads"}, "InvalidArguments", None),
    ("calculate_expression", {"expression": "1/0"}, "InvalidArguments", None),
    ("calculate_expression", {"expression": "5 % (2 - 2)"}, "InvalidArguments", None),
    ("calculate_expression", {"expression": "2(3)"}, "InvalidArguments", None),
    ("calculate_expression", {"expression": "import os"}, "InvalidArguments", None),
    ("calculate_expression", {"expression": "((1 + 2)"}, "InvalidArguments", None),
    ("calculate_expression", {"expression": "   "}, "InvalidArguments", None),
    ("calculate_expression", {"expression": "3 +"}, "InvalidArguments", None),
    ("calculate_expression", {"expression": "(-8) ^ 0.5"}, "InvalidArguments", None),
    ("calculate_expression", {"expression": "10 ^ 5000"}, "CapabilityLimit", None),
    ("calculate_expression", {"expression": "999999 ^ 999"}, "CapabilityLimit", None),
    ("convert_units", {"value": 5, "from_unit": "kg", "to_unit": "km"}, "InvalidArguments", None),
    ("convert_units", {"value": 5, "from_unit": "EUR", "to_unit": "kg"}, "InvalidArguments", None),
    ("convert_units", {"value": -5, "from_unit": "EUR", "to_unit": "USD"}, "InvalidArguments", None),
    ("convert_units", {"value": -500, "from_unit": "C", "to_unit": "F"}, "InvalidArguments", None),
    ("convert_units", {"value": 1, "from_unit": "parsec", "to_unit": "m"}, "CapabilityLimit", None),
    ("convert_units", {"value": 1, "from_unit": "USD", "to_unit": "BTC"}, "CapabilityLimit", None),
    ("translate_text", {"text": "I need a taxi to the hotel", "target_language": "es"}, "CapabilityLimit", None),
    ("translate_text", {"text": "Hello", "target_language": "Korean"}, "CapabilityLimit", None),
    ("translate_text", {"text": "Hello", "target_language": "Klingon"}, "CapabilityLimit", None),
    ("translate_text", {"text": "Gracias", "target_language": "fr", "source_language": "de"}, "CapabilityLimit",
     None),
    ("translate_text", {"text": "Gracias", "target_language": "es"}, "InvalidArguments", None),
    ("translate_text", {"text": " ", "target_language": "es"}, "InvalidArguments", None),
    ("answer_question", {"question": "Who won the 2026 World Cup?"}, "NotFound", None),
    ("answer_question", {"question": "largest ocean and largest planet?"}, "Ambiguous", None),
    ("answer_question", {"question": "?!"}, "InvalidArguments", None),
    ("create_note", {"title": "grocery LIST"}, "AlreadyExists", None),
    ("create_note", {"title": "  "}, "InvalidArguments", None),
    ("create_note", {"title": "x" * 121}, "InvalidArguments", None),
    ("update_note", {"note_id": "note_999"}, "NotFound", None),
    ("update_note", {"note_id": "note_001"}, "InvalidArguments", None),
    ("update_note", {"note_id": "note_001", "body": "a", "append_text": "b"}, "InvalidArguments", None),
    ("update_note", {"note_id": "note_005", "title": "Grocery list"}, "AlreadyExists", None),
    ("update_note", {"note_id": "note_001", "append_text": " "}, "InvalidArguments", None),
    ("search_notes", {"limit": 500}, "InvalidArguments", None),
    ("share_note", {"note_id": "note_999", "contact_id": "contact_004"}, "NotFound", None),
    ("share_note", {"note_id": "note_001", "contact_id": "contact_999"}, "NotFound", None),
    ("share_note", {"note_id": "note_001", "contact_id": "contact_004"}, "PreconditionFailed", airplane),
    ("share_note", {"note_id": "note_002", "contact_id": "contact_004"}, "CapabilityLimit", long_note),
    ("share_note", {"note_id": "note_001", "contact_id": "contact_004"}, "PermissionDenied", revoke("messages", "SMS")),
]  # fmt: skip


def test_eleven_tools() -> None:
    assert sorted(TOOLS) == sorted(
        ["open_browser_url", "add_browser_bookmark", "search_browser_history", "calculate_expression",
         "convert_units", "translate_text", "answer_question", "create_note", "update_note", "search_notes",
         "share_note"]
    )  # fmt: skip
    assert {c[0] for c in SUCCESS} == set(TOOLS) == {c[0] for c in ERRORS}


CASES = DomainTests(DOMAIN, by_tool(SUCCESS), by_tool(ERRORS, "tool args expect setup"), count=11)
test_success, test_error, test_all_cases_leave_base_world_unwritten, _ = CASES.tests()


# ------------------------------------------------------------------------ cross-domain and scenarios
def test_shared_note_lands_in_the_messages_thread() -> None:
    """share_note writes a Calls & Communication SMS that list_messages reads back."""
    s = fresh()
    call(s, "update_note", {"note_id": "note_001", "append_text": "Phone charger"})
    call(s, "share_note", {"note_id": "note_001", "contact_id": "contact_001"})
    msgs = call(s, "list_messages", {"contact_id": "contact_001", "limit": 1})["data"]
    assert msgs[0]["id"] == "msg_n001" and msgs[0]["text"].endswith("Running shoes\nPhone charger")
    assert msgs[0]["name"] == "Maya Chen"


def test_browser_session_and_calculator_setting() -> None:
    s = fresh()
    call(s, "open_browser_url", {"url": "amtrak.com"})
    call(s, "open_browser_url", {"url": "https://www.bart.gov/schedules", "new_tab": False})
    tabs = call(s, "search_browser_history", {"source": "tabs"})["data"]
    assert [t["id"] for t in tabs] == ["tab_n001", "tab_002", "tab_001"] and tabs[0][
        "title"
    ] == "BART Schedules"
    assert [h["id"] for h in call(s, "search_browser_history", {"limit": 2})["data"]] == [
        "hist_n002",
        "hist_n001",
    ]
    call(s, "add_browser_bookmark", {"url": "https://www.amtrak.com"})
    assert execute(s, "add_browser_bookmark", {"url": "amtrak.com"})["error_type"] == "AlreadyExists"
    s.set_setting("utilities.calculator_decimals", 2)
    assert call(s, "calculate_expression", {"expression": "10 / 3"})["data"]["result"] == 3.33


def test_note_title_uniqueness_is_per_folder() -> None:
    s = fresh()
    call(s, "create_note", {"title": "Grocery list", "folder": "Family"})
    fb = execute(s, "update_note", {"note_id": "note_n001", "folder": "Notes"})
    assert fb["error_type"] == "AlreadyExists" and fb["data"]["note_id"] == "note_004"
    assert call(s, "update_note", {"note_id": "note_n001", "pinned": False})["data"]["changed"] == []


def test_world_core_is_size_independent_and_phrasebook_is_unambiguous() -> None:
    small, medium, large = (build_tables(size) for size in ("S", "M", "L"))
    for table in ("web_pages", "bookmarks", "browser_tabs", "unit_conversions", "currency_rates", "phrasebook",
                  "knowledge"):  # fmt: skip
        assert small[table] == medium[table] == large[table]
    for table, keys in (
        ("notes", [n["id"] for n in ut.CORE_NOTES]),
        ("browser_history", ["hist_001", "hist_008"]),
    ):
        assert [small[table][k] for k in keys] == [large[table][k] for k in keys]
        assert len(small[table]) < len(medium[table]) < len(large[table])
    assert all(h["time"] < "2026-05-17" for k, h in large["browser_history"].items() if k >= "hist_101")
    owner: dict[str, str] = {}
    for p in medium["phrasebook"].values():
        assert set(p["text"]) == set(ut.LANGUAGES)
        for key in p["keys"].values():
            assert owner.setdefault(key, p["id"]) == p["id"], key
    assert {"browser", "notes"} <= set(medium["apps"])
    assert medium["settings"]["utilities.calculator_decimals"] == {"value": 10}
