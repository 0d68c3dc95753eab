"""Security & Privacy: every tool's success and error paths, lock dependencies, cross-domain links and the world."""

from __future__ import annotations

from typing import Any

from domain_harness import Check, DomainTests, Setup, airplane, call, fresh
from mpb_env.domains import security as sec
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import build_tables, load_world
from mpb_env.world.state import PhoneState

DOMAIN = "Security & Privacy"


def no_lock(s: PhoneState) -> None:
    """A phone with only a swipe lock: no biometrics, no app locks."""
    s.set_setting("security.screen_lock", "swipe")
    s.put("credentials", "screen_lock", {"id": "screen_lock", "secret": None})
    for key in [k for k, _ in s.scan("biometrics")]:
        s.delete("biometrics", key)
    for key in [k for k, _ in s.scan("app_locks")]:
        s.delete("app_locks", key)


def vault_open(s: PhoneState) -> None:
    call(s, "unlock_password_vault", {"pin": sec.VAULT_PIN})


def face_enrolled(s: PhoneState) -> None:
    call(s, "add_biometric", {"kind": "face"})


def five_fingers(s: PhoneState) -> None:
    for i in range(4):
        call(s, "add_biometric", {"kind": "fingerprint", "label": f"Finger {i}"})


def no_sms(s: PhoneState) -> None:
    app = s.get("apps", "messages")
    s.update("apps", "messages", permissions={**app["permissions"], "SMS": False})


def no_sos_contacts(s: PhoneState) -> None:
    s.set_setting("security.emergency_contacts", [])


# ------------------------------------------------------------------------ success checks
def check_status(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert d["screen_lock"] == "pin" and d["lock_timeout_s"] == 30
    assert [b["id"] for b in d["biometrics"]] == ["bio_001"]
    assert [(a["app_id"], a["name"]) for a in d["app_locks"]] == [("bank", "Chase"), ("venmo", "Venmo")]
    assert d["vault"]["unlocked"] is False and "titles" not in d["vault"]
    assert [c["name"] for c in d["emergency_contacts"]] == ["Jordan Morgan", "Linda Morgan"]
    assert sec.SCREEN_LOCK_PIN not in str(d) and s.delta() == {}


def check_status_titles(s: PhoneState, fb: dict[str, Any]) -> None:
    titles = fb["data"]["vault"]["titles"]
    assert titles[0]["title"] == "Google (personal)" and all("password" not in t for t in titles)


def check_lock_pin(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("credentials", "screen_lock")["secret"] == "5831"
    assert fb["data"] == {"screen_lock": "pin", "lock_timeout_s": 30, "changed": ["secret"]}


def check_lock_password(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("security.screen_lock") == "password" and s.setting("security.lock_timeout_s") == 60
    assert fb["data"]["changed"] == ["screen_lock", "secret", "lock_timeout_s"]


def check_timeout_only(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("security.lock_timeout_s") == 300 and set(s.delta()["settings"]) == {
        "security.lock_timeout_s"
    }


def check_lock_swipe(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("security.screen_lock") == "none"


def check_app_lock(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("app_locks", "wallet") == {"app_id": "wallet", "locked_at": "2026-05-20T09:00:00"}
    assert fb["data"]["changed"] is True and fb["data"]["name"] == "Wallet"


def check_app_unlock(s: PhoneState, fb: dict[str, Any]) -> None:
    assert not s.has("app_locks", "bank") and s.delta()["app_locks"]["bank"]["op"] == "delete"


def check_face(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("biometrics", fb["data"]["id"])
    assert rec == {"id": "bio_n001", "kind": "face", "label": "Face", "enrolled_at": "2026-05-20T09:00:00"}


def check_finger(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["label"] == "Left index" and s.count("biometrics") == 2


def check_remove_bio(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.count("biometrics") == 0 and fb["data"]["label"] == "Right thumb"


def check_vault_unlock(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("security.vault_unlocked") is True and fb["data"]["entries"] == s.count("vault_entries")


def check_password(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["id"] == "vault_004" and fb["data"]["password"] == "Popcorn&Rain55"


def check_password_url(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["id"] == "vault_003" and fb["data"]["username"] == "alexmorgan88"


def check_password_id(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["title"] == "Google (Northwind Labs)" and fb["data"]["password"] == "Nw-Orbit-7731"


def check_sos_contacts(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("security.emergency_contacts") == ["contact_004", "contact_007"]
    assert [p["name"] for p in fb["data"]["emergency_contacts"]] == ["Jordan Morgan", "Dr. Priya Shah"]
    assert fb["data"]["previous"] == ["contact_004", "contact_006"]


def check_sos_clear(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("security.emergency_contacts") == []


def check_alert(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert d["contact_ids"] == ["contact_004", "contact_006"] and d["skipped"] == []
    assert "Car accident" in d["text"] and "San Francisco" in d["text"]
    for mid, cid in zip(d["message_ids"], d["contact_ids"], strict=True):
        msg = s.get("messages", mid)
        assert msg["contact_id"] == cid and msg["thread_id"] == f"thread_{cid}" and msg["direction"] == "out"
        assert msg["text"] == d["text"] and msg["phone"] == s.get("contacts", cid)["phone"]
    assert s.get("emergency_alerts", d["id"])["message_ids"] == d["message_ids"]


def check_alert_no_location(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["location"] is None and "location" not in fb["data"]["text"]


def check_dashboard(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]["accesses"]
    assert rows[0]["app_id"] == "maps" and all(r["permission"] == "LOCATION" for r in rows)
    assert "candy_crush" in [r["app_id"] for r in rows]
    assert [r["last_access"] for r in rows] == sorted((r["last_access"] for r in rows), reverse=True)


def check_dashboard_week(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["by_permission"]["MICROPHONE"] >= 4  # Slack and Zoom calls earlier in the week
    apps = {r["app_id"] for r in fb["data"]["accesses"]}
    assert {"zoom", "slack", "assistant", "whatsapp"} <= apps


SUCCESS: list[tuple[str, str, dict[str, Any], Setup, Check]] = [
    ("status", "get_security_status", {}, None, check_status),
    ("status-titles", "get_security_status", {"include_vault_titles": True}, vault_open, check_status_titles),
    ("pin", "set_screen_lock", {"lock_type": "pin", "new_secret": "5831", "current_secret": "4826"}, None,
     check_lock_pin),
    ("password", "set_screen_lock", {"lock_type": "password", "new_secret": "Fog2026", "current_secret": "4826",
                                     "timeout_seconds": 60}, None, check_lock_password),
    ("timeout", "set_screen_lock", {"timeout_seconds": 300}, None, check_timeout_only),
    ("none", "set_screen_lock", {"lock_type": "none"}, no_lock, check_lock_swipe),
    ("app-lock", "set_app_lock", {"app_id": "wallet", "locked": True}, None, check_app_lock),
    ("app-unlock", "set_app_lock", {"app_id": "bank", "locked": False}, None, check_app_unlock),
    ("face", "add_biometric", {"kind": "face"}, None, check_face),
    ("finger", "add_biometric", {"kind": "fingerprint", "label": "Left  index"}, None, check_finger),
    ("remove-bio", "remove_biometric", {"biometric_id": "bio_001"}, None, check_remove_bio),
    ("vault", "unlock_password_vault", {"pin": "1357"}, None, check_vault_unlock),
    ("password-title", "get_vault_password", {"query": "netflix"}, vault_open, check_password),
    ("password-url", "get_vault_password", {"query": "CHASE.com"}, vault_open, check_password_url),
    ("password-id", "get_vault_password", {"query": "vault_002"}, vault_open, check_password_id),
    ("sos", "set_emergency_contacts", {"contact_ids": ["contact_004", "contact_007"]}, None, check_sos_contacts),
    ("sos-clear", "set_emergency_contacts", {"contact_ids": []}, None, check_sos_clear),
    ("alert", "send_emergency_alert", {"message": "Car accident on I-280"}, None, check_alert),
    ("alert-noloc", "send_emergency_alert", {"include_location": False}, None, check_alert_no_location),
    ("dashboard", "get_privacy_dashboard", {"permission": "LOCATION", "hours": 12}, None, check_dashboard),
    ("dashboard-week", "get_privacy_dashboard", {"hours": 168}, None, check_dashboard_week),
]  # fmt: skip

ERRORS: list[tuple[str, str, dict[str, Any], Setup, str]] = [
    ("status-locked-vault", "get_security_status", {"include_vault_titles": True}, None, "PreconditionFailed"),
    ("lock-nothing", "set_screen_lock", {}, None, "InvalidArguments"),
    ("lock-no-current", "set_screen_lock", {"lock_type": "pin", "new_secret": "5831"}, None, "PreconditionFailed"),
    ("lock-wrong-current", "set_screen_lock", {"lock_type": "pin", "new_secret": "5831", "current_secret": "0000"},
     None, "InvalidArguments"),
    ("lock-bad-pin", "set_screen_lock", {"lock_type": "pin", "new_secret": "12a4", "current_secret": "4826"}, None,
     "InvalidArguments"),
    ("lock-bad-pattern", "set_screen_lock", {"lock_type": "pattern", "new_secret": "1123"}, no_lock,
     "InvalidArguments"),
    ("lock-timeout", "set_screen_lock", {"timeout_seconds": 45}, None, "CapabilityLimit"),
    ("lock-remove-with-bio", "set_screen_lock", {"lock_type": "swipe", "current_secret": "4826"}, None,
     "PreconditionFailed"),
    ("app-lock-missing", "set_app_lock", {"app_id": "telegram", "locked": True}, None, "NotFound"),
    ("app-lock-phone", "set_app_lock", {"app_id": "phone", "locked": True}, None, "CapabilityLimit"),
    ("app-lock-no-screen-lock", "set_app_lock", {"app_id": "wallet", "locked": True}, no_lock, "PreconditionFailed"),
    ("face-no-lock", "add_biometric", {"kind": "face"}, no_lock, "PreconditionFailed"),
    ("face-twice", "add_biometric", {"kind": "face"}, face_enrolled, "AlreadyExists"),
    ("finger-dup", "add_biometric", {"kind": "fingerprint", "label": "right THUMB"}, None, "AlreadyExists"),
    ("finger-full", "add_biometric", {"kind": "fingerprint"}, five_fingers, "CapabilityLimit"),
    ("remove-bio-missing", "remove_biometric", {"biometric_id": "bio_999"}, None, "NotFound"),
    ("vault-wrong", "unlock_password_vault", {"pin": "4826"}, None, "InvalidArguments"),
    ("password-locked", "get_vault_password", {"query": "netflix"}, None, "PreconditionFailed"),
    ("password-ambiguous", "get_vault_password", {"query": "google"}, vault_open, "Ambiguous"),
    ("password-missing", "get_vault_password", {"query": "myspace"}, vault_open, "NotFound"),
    ("password-empty", "get_vault_password", {"query": " "}, vault_open, "InvalidArguments"),
    ("sos-missing", "set_emergency_contacts", {"contact_ids": ["contact_004", "contact_999"]}, None, "NotFound"),
    ("sos-dup", "set_emergency_contacts", {"contact_ids": ["contact_004", "contact_004"]}, None, "InvalidArguments"),
    ("sos-many", "set_emergency_contacts", {"contact_ids": [f"contact_00{i}" for i in range(1, 7)]}, None,
     "CapabilityLimit"),
    ("alert-none", "send_emergency_alert", {}, no_sos_contacts, "PreconditionFailed"),
    ("alert-airplane", "send_emergency_alert", {}, airplane, "PreconditionFailed"),
    ("alert-perm", "send_emergency_alert", {}, no_sms, "PermissionDenied"),
    ("dashboard-hours", "get_privacy_dashboard", {"hours": 0}, None, "InvalidArguments"),
    ("dashboard-history", "get_privacy_dashboard", {"hours": 200}, None, "CapabilityLimit"),
]  # fmt: skip


CASES = DomainTests(DOMAIN, SUCCESS, ERRORS, count=10)
test_success, test_error, test_every_tool_is_covered_and_base_world_unwritten, test_tool_contract = (
    CASES.tests()
)


# ------------------------------------------------------------------------ multi-step flows
def test_face_unlock_needs_a_screen_lock_first() -> None:
    s = fresh()
    no_lock(s)
    fb = execute(s, "add_biometric", {"kind": "face"})
    assert fb["error_type"] == "PreconditionFailed" and fb["data"]["remedy"] == "set_screen_lock"
    call(s, "set_screen_lock", {"lock_type": "pin", "new_secret": "2580"})
    call(s, "add_biometric", {"kind": "face"})
    # Now the PIN protects the face: it cannot be dropped, and changing it needs the new PIN.
    fb = execute(s, "set_screen_lock", {"lock_type": "swipe", "current_secret": "2580"})
    assert fb["error_type"] == "PreconditionFailed" and fb["data"]["biometrics"] == ["Face"]
    assert (
        execute(s, "set_screen_lock", {"lock_type": "pin", "new_secret": "1111", "current_secret": "4826"})[
            "error_type"
        ]
        == "InvalidArguments"
    )
    call(s, "set_screen_lock", {"lock_type": "pattern", "new_secret": "14789", "current_secret": "2580"})
    assert call(s, "get_security_status")["data"]["screen_lock"] == "pattern"


def test_vault_unlock_then_disambiguate() -> None:
    s = fresh()
    assert execute(s, "get_vault_password", {"query": "google"})["error_type"] == "PreconditionFailed"
    call(s, "unlock_password_vault", {"pin": "1357"})
    fb = execute(s, "get_vault_password", {"query": "google"})
    assert [c["id"] for c in fb["data"]["candidates"]] == ["vault_001", "vault_002"]
    assert all("password" not in c for c in fb["data"]["candidates"])
    assert call(s, "get_vault_password", {"query": "vault_001"})["data"]["password"] == "Maple!Harbor42"


def test_cross_domain_contacts_messages_and_apps() -> None:
    s = fresh()
    # Emergency contacts are contacts (Calls & Communication); the alert lands in their SMS threads.
    call(s, "set_emergency_contacts", {"contact_ids": ["contact_001", "contact_004"]})
    alert = call(s, "send_emergency_alert", {"message": "Fell on the stairs"})["data"]
    for cid in ("contact_001", "contact_004"):
        newest = call(s, "list_messages", {"contact_id": cid, "limit": 1})["data"][0]
        assert newest["id"] in alert["message_ids"] and "Fell on the stairs" in newest["text"]
    # A deleted contact is skipped, not fatal.
    call(s, "delete_contact", {"contact_id": "contact_001"})
    again = call(s, "send_emergency_alert", {})["data"]
    assert again["skipped"] == ["contact_001"] and again["contact_ids"] == ["contact_004"]
    # App locks refer to installed apps (Apps & Storage) and follow revoked permissions in the dashboard.
    call(s, "set_app_lock", {"app_id": "whatsapp", "locked": True})
    assert call(s, "get_app_info", {"app_id": "whatsapp"})["data"]["app_locked"] is True
    call(s, "revoke_app_permission", {"app_id": "candy_crush", "permission": "LOCATION"})
    rows = call(s, "get_privacy_dashboard", {"permission": "LOCATION"})["data"]["accesses"]
    assert next(r for r in rows if r["app_id"] == "candy_crush")["granted"] is False
    call(s, "uninstall_app", {"app_id": "whatsapp"})
    assert execute(s, "set_app_lock", {"app_id": "whatsapp", "locked": True})["error_type"] == "NotFound"


# ------------------------------------------------------------------------ world
def test_world_core() -> None:
    t = load_world().tables
    assert t["settings"]["security.screen_lock"]["value"] == "pin"
    assert t["settings"]["security.emergency_contacts"]["value"] == ["contact_004", "contact_006"]
    assert set(t["app_locks"]) == {"bank", "venmo"} and all(a in t["apps"] for a in t["app_locks"])
    assert t["biometrics"]["bio_001"]["kind"] == "fingerprint"
    assert t["vault_entries"]["vault_004"]["title"] == "Netflix" and len(t["vault_entries"]) >= 40
    assert t["emergency_alerts"] == {}
    assert all(c in t["contacts"] for c in t["settings"]["security.emergency_contacts"]["value"])


def test_core_identical_across_scales_and_deterministic() -> None:
    small, medium = build_tables("S"), build_tables("M")
    core = [v[0] for v in sec.CORE_VAULT]
    assert [small["vault_entries"][k] for k in core] == [medium["vault_entries"][k] for k in core]
    for table in ("credentials", "biometrics", "app_locks"):
        assert small[table] == medium[table]
    assert len(small["vault_entries"]) < len(medium["vault_entries"])
    assert build_tables("M", seed=2)["vault_entries"] == build_tables("M", seed=2)["vault_entries"]

