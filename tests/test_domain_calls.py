"""Calls & Communication: every tool's success and error paths, and the seeded world."""

from __future__ import annotations

from typing import Any

import pytest

from domain_harness import Check, DomainTests, Setup, airplane, call, fresh, offline, revoke
from mpb_env.domains import calls as calls_mod
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import build_tables, load_world
from mpb_env.world.state import PhoneState

DOMAIN = "Calls & Communication"


def block_samantha(s: PhoneState) -> None:
    call(s, "block_number", {"contact_id": "contact_009"})


def calling(s: PhoneState) -> None:
    call(s, "start_call", {"contact_id": "contact_006"})


# ------------------------------------------------------------------------ success checks
def check_search_chris(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [c["id"] for c in fb["data"]] == ["contact_002", "contact_003"]
    assert s.delta() == {}


def check_search_relation(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [c["id"] for c in fb["data"]] == ["contact_006"]


def check_search_phone(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"][0]["id"] == "contact_008"


def check_search_none(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"] == []


def check_get(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["name"] == "Maya Chen" and fb["data"]["relation"] == "secretary"
    assert fb["data"]["blocked"] is False


def check_add(s: PhoneState, fb: dict[str, Any]) -> None:
    cid = fb["data"]["id"]
    rec = s.get("contacts", cid)
    assert rec is not None and rec["phone"] == "+1 415 555 0123" and rec["birthday"] == "1990-04-12"
    assert s.delta()["contacts"][cid]["op"] == "create"


def check_update(s: PhoneState, fb: dict[str, Any]) -> None:
    d = s.delta()["contacts"]["contact_002"]
    assert d["op"] == "update" and set(d["changed"]) == {"nickname", "favorite"}
    rec = s.get("contacts", "contact_002")
    assert rec is not None and rec["name"] == "Chris Lee" and rec["favorite"] is True


def check_delete_contact(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("contacts", "contact_009") is None
    assert s.delta()["contacts"]["contact_009"]["op"] == "delete"


def check_start_call(s: PhoneState, fb: dict[str, Any]) -> None:
    active = s.get("active_call", "current")
    assert active is not None and active["contact_id"] == "contact_004"
    log = s.get("call_log", active["id"])
    assert log is not None and log["status"] == "outgoing" and log["phone"] == "+1 415 555 0104"


def check_start_call_number(s: PhoneState, fb: dict[str, Any]) -> None:
    # A saved number is recognised as its contact.
    assert fb["data"]["contact_id"] == "contact_001" and fb["data"]["name"] == "Maya Chen"


def check_end_call(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("active_call", "current") is None
    log = s.get("call_log", fb["data"]["id"])
    assert log is not None and log["duration_s"] == fb["data"]["duration_s"] > 0


def check_call_log_missed(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]
    assert len(rows) == 5 and all(c["status"] == "missed" for c in rows)
    assert [c["contact_id"] for c in rows[:2]] == ["contact_008", "contact_007"]
    assert rows[0]["name"] == "Sam Carter"


def check_call_log_contact(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [c["status"] for c in fb["data"]] == ["missed"]


def check_send_message(s: PhoneState, fb: dict[str, Any]) -> None:
    mid = fb["data"]["id"]
    msg = s.get("messages", mid)
    assert msg is not None and msg["thread_id"] == "thread_contact_004" and msg["direction"] == "out"
    assert msg["text"] == "Running 10 minutes late"
    newest = call(s, "list_messages", {"contact_id": "contact_004", "limit": 1})["data"][0]
    assert newest["id"] == mid


def check_unread(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]
    assert rows and all(not m["read"] for m in rows)
    assert [m["time"] for m in rows] == sorted((m["time"] for m in rows), reverse=True)
    assert {"contact_001", "contact_004", "contact_002"} <= {m["contact_id"] for m in rows}


def check_thread(s: PhoneState, fb: dict[str, Any]) -> None:
    assert len(fb["data"]) == 2 and all(m["contact_id"] is None for m in fb["data"])


def check_msg_query(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [m["contact_id"] for m in fb["data"]] == ["contact_002"]


def check_delete_message(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("messages", "msg_0001") is None
    assert s.delta()["messages"]["msg_0001"]["op"] == "delete"


def check_send_email(s: PhoneState, fb: dict[str, Any]) -> None:
    mail = s.get("emails", fb["data"]["id"])
    assert mail is not None and mail["folder"] == "sent"
    assert mail["to"] == ["sam.carter@northwindlabs.com", "ops@northwindlabs.com"]
    assert mail["cc"] == ["maya.chen@northwindlabs.com"]
    assert mail["from"] == "alex.morgan@example.com"


def check_search_emails(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"][0]["subject"] == "Seattle trip itinerary"
    assert all(e["folder"] != "spam" for e in fb["data"])


def check_spam(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"] and all(e["folder"] == "spam" for e in fb["data"])


def check_block(s: PhoneState, fb: dict[str, Any]) -> None:
    entry = s.get("blocked_numbers", "+1 213 555 0177")
    assert entry is not None and entry["reason"] == "harassment"


def check_block_contact(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.has("blocked_numbers", "+1 415 555 0109")
    assert call(s, "get_contact", {"contact_id": "contact_009"})["data"]["blocked"] is True


def check_unblock(s: PhoneState, fb: dict[str, Any]) -> None:
    assert not s.has("blocked_numbers", "+1 888 555 0199")
    assert s.delta()["blocked_numbers"]["+1 888 555 0199"]["op"] == "delete"


SUCCESS: list[tuple[str, str, dict[str, Any], Setup, Check]] = [
    ("search-ambiguous", "search_contacts", {"query": "Chris"}, None, check_search_chris),
    ("search-relation", "search_contacts", {"query": "mom"}, None, check_search_relation),
    ("search-phone", "search_contacts", {"query": "(415) 555-0108"}, None, check_search_phone),
    ("search-none", "search_contacts", {"query": "Zebulon"}, None, check_search_none),
    ("get", "get_contact", {"contact_id": "contact_001"}, None, check_get),
    (
        "add",
        "add_contact",
        {"name": "Nina Patel", "phone": "415-555-0123", "relation": "plumber", "birthday": "1990-04-12"},
        None,
        check_add,
    ),
    (
        "update",
        "update_contact",
        {"contact_id": "contact_002", "nickname": "CL", "favorite": True},
        None,
        check_update,
    ),
    ("delete-contact", "delete_contact", {"contact_id": "contact_009"}, None, check_delete_contact),
    ("call-contact", "start_call", {"contact_id": "contact_004"}, None, check_start_call),
    ("call-number", "start_call", {"phone_number": "+1 (415) 555-0101"}, None, check_start_call_number),
    ("end-call", "end_call", {}, calling, check_end_call),
    ("log-missed", "list_call_log", {"missed_only": True, "limit": 5}, None, check_call_log_missed),
    ("log-contact", "list_call_log", {"contact_id": "contact_006"}, None, check_call_log_contact),
    (
        "sms",
        "send_message",
        {"contact_id": "contact_004", "text": "Running 10 minutes late"},
        None,
        check_send_message,
    ),
    ("unread", "list_messages", {"unread_only": True}, None, check_unread),
    ("thread", "list_messages", {"thread_id": "thread_p12135550177"}, None, check_thread),
    ("msg-query", "list_messages", {"query": "RAMEN"}, None, check_msg_query),
    ("delete-msg", "delete_message", {"message_id": "msg_0001"}, None, check_delete_message),
    (
        "email",
        "send_email",
        {
            "to": ["contact_008", "ops@northwindlabs.com", "sam.carter@northwindlabs.com"],
            "subject": "Q2 numbers",
            "body": "Attached.",
            "cc": ["contact_001", "contact_008"],
        },
        None,
        check_send_email,
    ),
    ("email-search", "search_emails", {"query": "seattle", "folder": "inbox"}, None, check_search_emails),
    ("email-spam", "search_emails", {"folder": "spam", "unread_only": True}, None, check_spam),
    ("block", "block_number", {"phone_number": "(213) 555-0177", "reason": "harassment"}, None, check_block),
    ("block-contact", "block_number", {"contact_id": "contact_009"}, None, check_block_contact),
    ("unblock", "unblock_number", {"phone_number": "888-555-0199"}, None, check_unblock),
]

ERRORS: list[tuple[str, str, dict[str, Any], Setup, str]] = [
    ("search-empty", "search_contacts", {"query": "  "}, None, "InvalidArguments"),
    ("search-perm", "search_contacts", {"query": "Chris"}, revoke("contacts", "CONTACTS"), "PermissionDenied"),
    ("get-missing", "get_contact", {"contact_id": "contact_999"}, None, "NotFound"),
    ("add-dup", "add_contact", {"name": "Maya 2", "phone": "4155550101"}, None, "AlreadyExists"),
    ("add-bad-phone", "add_contact", {"name": "X", "phone": "call me"}, None, "InvalidArguments"),
    ("add-bad-bday", "add_contact", {"name": "X", "phone": "4155550999", "birthday": "May 3"}, None, "InvalidArguments"),
    ("update-nothing", "update_contact", {"contact_id": "contact_002"}, None, "InvalidArguments"),
    ("update-dup-phone", "update_contact", {"contact_id": "contact_002", "phone": "+1 415 555 0103"}, None, "AlreadyExists"),
    ("update-missing", "update_contact", {"contact_id": "contact_999", "nickname": "x"}, None, "NotFound"),
    ("delete-missing", "delete_contact", {"contact_id": "contact_999"}, None, "NotFound"),
    ("call-airplane", "start_call", {"contact_id": "contact_004"}, airplane, "PreconditionFailed"),
    ("call-busy", "start_call", {"contact_id": "contact_004"}, calling, "Conflict"),
    ("call-both", "start_call", {"contact_id": "contact_004", "phone_number": "4155550104"}, None, "InvalidArguments"),
    ("call-perm", "start_call", {"contact_id": "contact_004"}, revoke("phone", "PHONE"), "PermissionDenied"),
    ("end-idle", "end_call", {}, None, "PreconditionFailed"),
    ("log-limit", "list_call_log", {"limit": 0}, None, "InvalidArguments"),
    ("log-missing", "list_call_log", {"contact_id": "contact_999"}, None, "NotFound"),
    ("sms-perm", "send_message", {"contact_id": "contact_004", "text": "hi"}, revoke("messages", "SMS"), "PermissionDenied"),
    ("sms-empty", "send_message", {"contact_id": "contact_004", "text": " "}, None, "InvalidArguments"),
    ("sms-airplane", "send_message", {"contact_id": "contact_004", "text": "hi"}, airplane, "PreconditionFailed"),
    ("list-thread", "list_messages", {"thread_id": "thread_nope"}, None, "NotFound"),
    ("list-limit", "list_messages", {"limit": 500}, None, "InvalidArguments"),
    ("delete-msg-missing", "delete_message", {"message_id": "msg_x"}, None, "NotFound"),
    ("email-no-addr", "send_email", {"to": ["contact_010"], "subject": "Hi", "body": ""}, None, "PreconditionFailed"),
    ("email-bad-addr", "send_email", {"to": ["bob@"], "subject": "Hi", "body": "x"}, None, "InvalidArguments"),
    ("email-unknown", "send_email", {"to": ["contact_999"], "subject": "Hi", "body": "x"}, None, "NotFound"),
    ("email-offline", "send_email", {"to": ["contact_001"], "subject": "Hi", "body": "x"}, offline, "PreconditionFailed"),
    ("email-folder", "search_emails", {"folder": "drafts"}, None, "InvalidArguments"),
    ("email-limit", "search_emails", {"limit": 0}, None, "InvalidArguments"),
    ("block-again", "block_number", {"phone_number": "+1 888 555 0199"}, None, "AlreadyExists"),
    ("block-neither", "block_number", {"reason": "spam"}, None, "InvalidArguments"),
    ("unblock-missing", "unblock_number", {"phone_number": "+1 415 555 0102"}, None, "NotFound"),
]  # fmt: skip


CASES = DomainTests(DOMAIN, SUCCESS, ERRORS, count=15)
test_success, test_error, test_every_tool_is_covered_and_base_world_unwritten, test_tool_contract = (
    CASES.tests()
)


# ------------------------------------------------------------------------ multi-step flows
def test_call_flow_and_duration() -> None:
    s = fresh()
    started = call(s, "start_call", {"phone_number": "+1 650 555 0000"})["data"]
    assert started["contact_id"] is None and started["name"] is None
    call(s, "list_call_log", {"limit": 1})
    ended = call(s, "end_call", {})["data"]
    assert ended["duration_s"] == 2
    top = call(s, "list_call_log", {"limit": 1})["data"][0]
    assert top["id"] == started["id"] and top["duration_s"] == 2 and top["status"] == "outgoing"


def test_add_then_message_then_delete_contact() -> None:
    s = fresh()
    cid = call(s, "add_contact", {"name": "Nina Patel", "phone": "+1 415 555 0123"})["data"]["id"]
    assert cid == "contact_n001"
    call(s, "send_message", {"contact_id": cid, "text": "Hi Nina"})
    found = call(s, "search_contacts", {"query": "nina"})["data"]
    assert [c["id"] for c in found] == [cid]
    call(s, "delete_contact", {"contact_id": cid})
    msgs = call(s, "list_messages", {"thread_id": f"thread_{cid}"})["data"]
    assert msgs[0]["name"] is None and msgs[0]["phone"] == "+1 415 555 0123"


def test_update_contact_clears_and_validates() -> None:
    s = fresh()
    fb = call(s, "update_contact", {"contact_id": "contact_004", "email": "", "phone": "(415) 555-0144"})
    assert fb["data"]["contact"]["email"] is None and fb["data"]["contact"]["phone"] == "+1 415 555 0144"
    assert set(fb["data"]["changed"]) == {"email", "phone"}


def test_search_orders_exact_words_first() -> None:
    s = fresh()
    assert [c["id"] for c in call(s, "search_contacts", {"query": "Sam"})["data"]] == [
        "contact_008",
        "contact_009",
    ]
    assert [c["id"] for c in call(s, "search_contacts", {"query": "alex"})["data"]] == [
        "contact_011",
        "contact_012",
    ]
    assert call(s, "search_contacts", {"query": "boss"})["data"][0]["id"] == "contact_008"


def test_search_contacts_repeats_follow_patch_and_writes() -> None:
    """A repeated query gives fresh copies of the same hits; a task's patch and an episode's own
    contact writes change what a later search finds."""
    from mpb_env.world.state import Patch

    patch = Patch({"contacts": {"contact_002": None}})
    s = fresh(patch)
    first = call(s, "search_contacts", {"query": "Chris"})["data"]
    assert [c["id"] for c in first] == ["contact_003"]
    first[0]["name"] = "changed"
    again = call(s, "search_contacts", {"query": "chris", "limit": 1})["data"]
    assert [c["id"] for c in again] == ["contact_003"] and again[0]["name"] != "changed"
    cid = call(s, "add_contact", {"name": "Chris Ng", "phone": "+1 415 555 0177"})["data"]["id"]
    assert [c["id"] for c in call(s, "search_contacts", {"query": "Chris"})["data"]] == ["contact_003", cid]
    other = fresh(patch)
    assert [c["id"] for c in call(other, "search_contacts", {"query": "Chris"})["data"]] == ["contact_003"]
    assert [c["id"] for c in call(fresh(), "search_contacts", {"query": "Chris"})["data"]] == [
        "contact_002",
        "contact_003",
    ]


@pytest.mark.parametrize(
    ("raw", "canon"),
    [
        ("415-555-0101", "+1 415 555 0101"),
        ("+14155550101", "+1 415 555 0101"),
        ("+44 20 7946 0958", "+442079460958"),
    ],
)
def test_canon_phone(raw: str, canon: str) -> None:
    assert calls_mod.canon_phone(raw) == canon


# ------------------------------------------------------------------------ world
def test_core_world() -> None:
    tables = load_world().tables
    contacts = tables["contacts"]
    expected = {
        "contact_001": ("Maya Chen", "secretary", "+1 415 555 0101"),
        "contact_002": ("Chris Lee", "colleague", "+1 415 555 0102"),
        "contact_003": ("Chris Li", "friend", "+1 415 555 0103"),
        "contact_004": ("Jordan Morgan", "spouse", "+1 415 555 0104"),
        "contact_005": ("Emma Morgan", "daughter", "+1 415 555 0105"),
        "contact_006": ("Linda Morgan", "mother", "+1 415 555 0106"),
        "contact_007": ("Dr. Priya Shah", "doctor", "+1 415 555 0107"),
        "contact_008": ("Sam Carter", "manager", "+1 415 555 0108"),
        "contact_009": ("Samantha Carter", "neighbor", "+1 415 555 0109"),
        "contact_010": ("Leo Park", "friend", "+1 415 555 0110"),
    }
    for cid, (name, rel, phone) in expected.items():
        rec = contacts[cid]
        assert (rec["name"], rec["relation"], rec["phone"]) == (name, rel, phone)
    assert 190 <= len(contacts) <= 210
    assert 1800 <= len(tables["messages"]) + len(tables["emails"]) <= 2300
    assert len({c["phone"] for c in contacts.values()}) == len(contacts)
    assert tables["active_call"] == {}
    assert len(tables["blocked_numbers"]) == 2


def test_core_identical_across_scales_and_deterministic() -> None:
    small, medium = build_tables("S"), build_tables("M")
    cores = (
        ("contacts", calls_mod.CORE_CONTACTS),
        ("messages", calls_mod.CORE_MESSAGES),
        ("emails", calls_mod.CORE_EMAILS),
        ("call_log", calls_mod.CORE_CALLS),
    )
    for table, rows in cores:
        n = len(rows)
        core = list(medium[table])[:n]
        assert [small[table][k] for k in core] == [medium[table][k] for k in core]
    assert small["blocked_numbers"] == medium["blocked_numbers"]
    assert len(small["contacts"]) < len(medium["contacts"])
    assert build_tables("M", seed=3)["contacts"] == build_tables("M", seed=3)["contacts"]



# --------------------------------------------------------------------------- Android's call blocking
def test_a_blocked_number_can_still_be_called_and_texted() -> None:
    """BlockedNumberContract: only calls and texts *from* a blocked number are discarded."""
    for tool, args in [
        ("send_message", {"contact_id": "contact_009", "text": "hi"}),
        ("start_call", {"contact_id": "contact_009"}),
        ("start_call", {"phone_number": "+1 415 555 0109"}),
    ]:
        s = fresh()
        block_samantha(s)
        fb = execute(s, tool, args)
        assert fb["status"] == "success", (tool, fb)
        assert s.has("blocked_numbers", "+1 415 555 0109")  # still blocked afterwards


def test_every_outgoing_text_path_treats_a_blocked_number_alike() -> None:
    s = fresh()
    block_samantha(s)
    note = min(s.values("notes"), key=lambda n: len(n["body"]))
    photo = min((p for p in s.values("photos") if not p.get("trashed")), key=lambda p: p["size_mb"])
    for tool, args in [
        ("share_note", {"note_id": note["id"], "contact_id": "contact_009"}),
        ("share_photo", {"photo_id": photo["id"], "contact_id": "contact_009"}),
    ]:
        fb = execute(s, tool, args)
        assert fb["status"] == "success", (tool, fb)


def test_list_messages_and_search_emails_follow_writes() -> None:
    """Both listings are kept per task patch until the episode writes their table: a text or email sent
    between two calls shows in the second, and another episode still sees the unwritten tables."""
    s = fresh()
    texts = call(s, "list_messages", {"contact_id": "contact_001"})
    mails = call(s, "search_emails", {"folder": "sent"})
    assert call(s, "list_messages", {"contact_id": "contact_001"}) == texts
    sent = call(s, "send_message", {"contact_id": "contact_001", "text": "On my way"})["data"]
    assert call(s, "list_messages", {"contact_id": "contact_001"})["data"][0]["id"] == sent["id"]
    mail = call(s, "send_email", {"to": ["contact_001"], "subject": "Notes", "body": "Attached."})["data"]
    assert call(s, "search_emails", {"folder": "sent"})["data"][0]["id"] == mail["id"]
    other = fresh()
    assert call(other, "list_messages", {"contact_id": "contact_001"})["message"] == texts["message"]
    assert call(other, "search_emails", {"folder": "sent"})["message"] == mails["message"]
