"""Input & Interaction domain: every tool's success and error paths, world seeding and cross-domain rules."""

from __future__ import annotations

from typing import Any, NamedTuple

import domain_harness
from domain_harness import BASE_DIGEST, NOW, Check, DomainTests, Setup, steps
from domain_harness import fresh as harness_fresh
from mpb_env.domains import by_domain
from mpb_env.domains import input as inp
from mpb_env.tools.runtime import REGISTRY, execute
from mpb_env.world.generate import build_tables, load_world
from mpb_env.world.state import Patch, PhoneState

WORLD = load_world()
TOOLS = {spec.name for spec in by_domain()["Input & Interaction"]}
READS = {"get_input_settings"}

Call = tuple[str, dict[str, Any]]


class Case(NamedTuple):
    name: str
    args: dict[str, Any]
    expect: Check | str  # a check of the success, or the expected error type
    setup: tuple[Call, ...] = ()
    patch: dict[str, dict[str, Any]] | None = None


def fresh(patch: dict[str, dict[str, Any]] | None = None, now: str = NOW) -> PhoneState:
    return harness_fresh(Patch(patch) if patch else None, now)


def setting(s: PhoneState, key: str) -> Any:
    return s.setting(key)


def app_with(app_id: str, **changes: Any) -> dict[str, Any]:
    return {**WORLD.tables["apps"][app_id], **changes}


def perms_without(app_id: str, perm: str) -> dict[str, Any]:
    app = WORLD.tables["apps"][app_id]
    return {**app, "permissions": {**app["permissions"], perm: False}}


def qr_view(*in_view: str) -> dict[str, dict[str, Any]]:
    """A patch putting exactly these core QR codes in front of the camera."""
    return {
        "qr_codes": {
            k: {**r, "in_view": k in in_view}
            for k, r in WORLD.tables["qr_codes"].items()
            if r["in_view"] or k in in_view
        }
    }


def settings_patch(**values: Any) -> dict[str, dict[str, Any]]:
    return {"settings": {k.replace("__", "."): {"value": v} for k, v in values.items()}}


# --------------------------------------------------------------------------- success checks
def _settings_all(s: PhoneState, fb: dict[str, Any]) -> None:
    data = fb["data"]
    assert list(data) == ["navigation", "side_button", "air_gestures", "aod", "one_handed", "keyboard"]
    assert data["navigation"] == {"mode": "gestures", "swap_buttons": False}
    assert data["keyboard"]["languages"] == [{"code": "en-US", "name": "English (US)", "layout": "qwerty"}]
    assert data["air_gestures"]["grab_screenshot"] is True and data["aod"]["mode"] == "tap_to_show"
    assert s.writes == {}


def _settings_aod(s: PhoneState, fb: dict[str, Any]) -> None:
    assert list(fb["data"]) == ["aod"] and fb["data"]["aod"]["style"] == "digital_clock"


def _shot(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = fb["data"]["file"]
    assert rec == s.get("files", rec["id"]) and rec["id"] == "file_n001"
    assert rec == {"id": "file_n001", "name": "Screenshot_20260520_090000.png", "folder": "Screenshots",
                   "kind": "image", "size_mb": 1.6, "modified": "2026-05-20T09:00:00", "trashed": False,
                   "trashed_at": None}  # fmt: skip
    assert fb["data"]["app"] == "maps" and fb["data"]["pages"] == 1
    before = WORLD.tables["settings"]["storage.free_mb"]["value"]
    assert setting(s, "storage.free_mb") == fb["data"]["free_mb"] == round(before - 1.6, 1)


def _shot_scroll(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["app"] == "chrome" and fb["data"]["pages"] == 4
    assert fb["data"]["file"]["size_mb"] == round(1.6 + 3 * 1.1, 1)
    assert s.delta()["files"][fb["data"]["file"]["id"]]["op"] == "create"


def _scan_wifi_new(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["decoded"] == {"ssid": "Ritual Coffee Guest", "security": "wpa2", "password": "pourover2026",
                                     "hidden": False}  # fmt: skip
    net = s.get("wifi_networks", "Ritual Coffee Guest")
    assert net is not None and net["saved"] and net["password"] == "pourover2026" and net["in_range"]
    scan = s.get("qr_scans", fb["data"]["scan_id"])
    assert scan is not None and scan["qr_id"] == "qr_001" and scan["saved_network"] == "Ritual Coffee Guest"


def _scan_wifi_known(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["qr_id"] == "qr_004" and fb["data"]["saved_network"] == "MorganHome-Guest"
    assert s.delta()["wifi_networks"]["MorganHome-Guest"]["changed"] == {"saved": True}


def _scan_url(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["decoded"] == {"url": "https://ritualcoffee.example/menu", "domain": "ritualcoffee.example",
                                     "secure": True}  # fmt: skip
    assert fb["data"]["saved_network"] is None and "wifi_networks" not in s.delta()


def _scan_payment(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["decoded"] == {"payee": "SFMTA Parking", "amount": 3.5, "currency": "USD",
                                     "reference": "METER-4127", "default_card_id": "card_001"}  # fmt: skip


def _scan_contact(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["decoded"] == {"name": "Sofia Rivera", "phone": "+1 415 555 0188",
                                     "email": "sofia.rivera@hudsonpartners.example", "existing_contact_id": None}  # fmt: skip


def _scan_insecure(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["decoded"]["secure"] is False and "not secure" in fb["message"]


def _gesture_on(s: PhoneState, fb: dict[str, Any]) -> None:
    assert setting(s, "input.air_gesture.palm_pause") is True
    assert setting(s, "input.air_gestures.sensitivity") == "high"
    assert fb["data"]["palm_pause"] is True and fb["data"]["sensitivity"] == "high"


def _gesture_off(s: PhoneState, fb: dict[str, Any]) -> None:
    assert setting(s, "input.air_gesture.grab_screenshot") is False
    assert set(s.delta()["settings"]) == {"input.air_gesture.grab_screenshot"}


def _nav_buttons(s: PhoneState, fb: dict[str, Any]) -> None:
    assert setting(s, "input.nav.mode") == "three_button" and setting(s, "input.nav.swap_buttons") is True
    assert fb["data"]["one_handed_turned_off"] is False


def _nav_drops_one_handed(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["one_handed_turned_off"] is True and setting(s, "input.one_handed.enabled") is False


def _side_app(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"] == {
        "double_press": "open_app",
        "double_press_app": "spotify",
        "press_and_hold": "assistant",
    }
    assert "Spotify" in fb["message"]


def _side_hold(s: PhoneState, fb: dict[str, Any]) -> None:
    assert setting(s, "input.side_button.press_and_hold") == "power_menu"
    assert setting(s, "input.side_button.double_press") == "camera"


def _one_handed(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"] == {"enabled": True, "side": "left"}
    assert setting(s, "input.one_handed.enabled") is True


def _aod_sched(s: PhoneState, fb: dict[str, Any]) -> None:
    assert (fb["data"]["mode"], fb["data"]["start"], fb["data"]["end"]) == ("scheduled", "07:00", "23:30")
    assert setting(s, "input.aod.start") == "07:00"


def _aod_always(s: PhoneState, fb: dict[str, Any]) -> None:
    assert setting(s, "input.aod.mode") == "always" and setting(s, "input.aod.start") is None


def _aod_photo(s: PhoneState, fb: dict[str, Any]) -> None:
    assert (fb["data"]["style"], fb["data"]["photo"], fb["data"]["show_notifications"]) == (
        "photo",
        "photo_009",
        False,
    )


def _aod_clock(s: PhoneState, fb: dict[str, Any]) -> None:
    assert setting(s, "input.aod.style") == "analog_clock" and setting(s, "input.aod.photo") is None
    assert "always-on display is off" in fb["message"]


def _kb_add(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["added"] == {"code": "de-DE", "name": "German", "layout": "qwertz"}
    assert [r["code"] for r in fb["data"]["languages"]] == ["en-US", "de-DE"]
    assert s.get("keyboard_languages", "de-DE")["added_at"] == "2026-05-20T09:00:00"


def _kb_layout(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("keyboard_languages", "en-US")["layout"] == "dvorak"
    assert s.delta()["keyboard_languages"]["en-US"]["changed"] == {"layout": "dvorak"}


def _kb_remove(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["removed"]["code"] == "fr-FR" and s.get("keyboard_languages", "fr-FR") is None
    assert [r["code"] for r in fb["data"]["languages"]] == ["en-US"]


def _kb_settings(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["haptics"] is False and fb["data"]["swipe_typing"] is False
    assert set(s.delta()["settings"]) == {"input.keyboard.haptics", "input.keyboard.swipe_typing"}


OPEN_CHROME: tuple[Call, ...] = (("open_app", {"app_id": "chrome"}),)

SUCCESS: list[Case] = [
    Case("get_input_settings", {}, _settings_all),
    Case("get_input_settings", {"section": "aod"}, _settings_aod),
    Case("take_screenshot", {}, _shot),
    Case("take_screenshot", {"scroll_pages": 4}, _shot_scroll, OPEN_CHROME),
    Case("scan_qr_code", {"code_id": "qr_001"}, _scan_wifi_new),
    Case("scan_qr_code", {}, _scan_wifi_known, patch=qr_view("qr_004")),
    Case("scan_qr_code", {"code_id": "qr_002"}, _scan_url),
    Case("scan_qr_code", {"code_id": "qr_003"}, _scan_payment, patch=qr_view("qr_003")),
    Case("scan_qr_code", {"code_id": "qr_005"}, _scan_contact, patch=qr_view("qr_005")),
    Case("scan_qr_code", {"code_id": "qr_008"}, _scan_insecure, patch=qr_view("qr_008")),
    Case("set_air_gesture", {"gesture": "palm_pause", "enabled": True, "sensitivity": "high"}, _gesture_on),
    Case("set_air_gesture", {"gesture": "grab_screenshot", "enabled": False}, _gesture_off),
    Case("set_navigation_mode", {"mode": "three_button", "swap_buttons": True}, _nav_buttons),
    Case(
        "set_navigation_mode",
        {"mode": "three_button"},
        _nav_drops_one_handed,
        (("set_one_handed_mode", {"enabled": True}),),
    ),  # fmt: skip
    Case(
        "set_side_button_action",
        {"press": "double_press", "action": "open_app", "app_id": "spotify"},
        _side_app,
    ),
    Case("set_side_button_action", {"press": "press_and_hold", "action": "power_menu"}, _side_hold),
    Case("set_one_handed_mode", {"enabled": True, "side": "left"}, _one_handed),
    Case("set_aod_mode", {"mode": "scheduled", "start": "7:00", "end": "23:30"}, _aod_sched),
    Case(
        "set_aod_mode",
        {"mode": "always"},
        _aod_always,
        (("set_aod_mode", {"mode": "scheduled", "start": "07:00", "end": "22:00"}),),
    ),  # fmt: skip
    Case(
        "set_aod_style", {"style": "photo", "photo_id": "photo_009", "show_notifications": False}, _aod_photo
    ),
    Case("set_aod_style", {"style": "analog_clock"}, _aod_clock, (("set_aod_mode", {"mode": "off"}),)),
    Case("add_keyboard_language", {"language": "German", "layout": "qwertz"}, _kb_add),
    Case("add_keyboard_language", {"language": "en-us", "layout": "dvorak"}, _kb_layout),
    Case(
        "remove_keyboard_language",
        {"language": "French (France)"},
        _kb_remove,
        (("add_keyboard_language", {"language": "fr-FR"}),),
    ),  # fmt: skip
    Case("set_keyboard_settings", {"haptic_typing": False, "swipe_typing": False}, _kb_settings),
]

FIVE_KEYBOARDS = {
    "keyboard_languages": {
        c: {"code": c, "name": inp.KEYBOARD_LANGUAGES[c][0], "layout": inp.KEYBOARD_LANGUAGES[c][1][0],
            "added_at": f"2025-0{i + 1}-01T10:00:00"}
        for i, c in enumerate(("en-US", "es-ES", "fr-FR", "de-DE", "it-IT"))
    }
}  # fmt: skip
TWO_ENGLISH = {
    "keyboard_languages": {
        "en-GB": {
            "code": "en-GB",
            "name": "English (UK)",
            "layout": "qwerty",
            "added_at": "2025-02-01T10:00:00",
        }
    }
}
SECURE_FOREGROUND = {"apps": {"bank": app_with("bank", running=True, last_used="2026-05-20T08:59:00")}}
OLD_GUEST_CODE = {
    "qr_codes": {
        "qr_004": {**WORLD.tables["qr_codes"]["qr_004"], "in_view": True,
                   "payload": "WIFI:T:WPA;S:MorganHome-Guest;P:old-password;;"}
    }
}  # fmt: skip

ERRORS: list[Case] = [
    Case("get_input_settings", {"section": "mouse"}, "InvalidArguments"),
    Case("take_screenshot", {"scroll_pages": 0}, "InvalidArguments"),
    Case("take_screenshot", {"scroll_pages": 11}, "CapabilityLimit", OPEN_CHROME),
    Case("take_screenshot", {"scroll_pages": 3}, "CapabilityLimit"),  # Maps is on screen: nothing to scroll
    Case("take_screenshot", {}, "CapabilityLimit", patch=SECURE_FOREGROUND),
    Case("take_screenshot", {}, "PreconditionFailed", patch=settings_patch(storage__free_mb=1.0)),
    Case("scan_qr_code", {}, "Ambiguous"),
    Case("scan_qr_code", {"code_id": "qr_999"}, "NotFound"),
    Case("scan_qr_code", {"code_id": "qr_003"}, "PreconditionFailed"),
    Case("scan_qr_code", {}, "PreconditionFailed", patch=qr_view()),
    Case("scan_qr_code", {"code_id": "qr_006"}, "CapabilityLimit", patch=qr_view("qr_006")),
    Case(
        "scan_qr_code",
        {"code_id": "qr_001"},
        "PermissionDenied",
        patch={"apps": {"camera": perms_without("camera", "CAMERA")}},
    ),
    Case("scan_qr_code", {"code_id": "qr_004"}, "Conflict", patch=OLD_GUEST_CODE),
    Case("set_air_gesture", {"gesture": "air_scroll"}, "InvalidArguments"),
    Case("set_air_gesture", {"gesture": "wink", "enabled": True}, "InvalidArguments"),
    Case(
        "set_air_gesture",
        {"gesture": "air_scroll", "enabled": True},
        "PermissionDenied",
        patch={"apps": {"camera": perms_without("camera", "CAMERA")}},
    ),  # fmt: skip
    Case("set_navigation_mode", {"mode": "gestures", "swap_buttons": True}, "CapabilityLimit"),
    Case("set_navigation_mode", {"mode": "two_button"}, "InvalidArguments"),
    Case("set_side_button_action", {"press": "press_and_hold", "action": "camera"}, "CapabilityLimit"),
    Case("set_side_button_action", {"press": "double_press", "action": "open_app"}, "InvalidArguments"),
    Case(
        "set_side_button_action",
        {"press": "double_press", "action": "camera", "app_id": "spotify"},
        "InvalidArguments",
    ),  # fmt: skip
    Case(
        "set_side_button_action",
        {"press": "double_press", "action": "open_app", "app_id": "myspace"},
        "NotFound",
    ),
    Case(
        "set_side_button_action",
        {"press": "double_press", "action": "wallet"},
        "PreconditionFailed",
        patch={"apps": {"wallet": None}},
    ),  # fmt: skip
    Case(
        "set_one_handed_mode",
        {"enabled": True},
        "PreconditionFailed",
        patch=settings_patch(input__nav__mode="three_button"),
    ),  # fmt: skip
    Case("set_aod_mode", {"mode": "scheduled", "start": "07:00"}, "InvalidArguments"),
    Case("set_aod_mode", {"mode": "scheduled", "start": "25:00", "end": "23:00"}, "InvalidArguments"),
    Case("set_aod_mode", {"mode": "scheduled", "start": "07:00", "end": "7:00"}, "InvalidArguments"),
    Case("set_aod_mode", {"mode": "off", "start": "07:00"}, "InvalidArguments"),
    Case(
        "set_aod_mode",
        {"mode": "always"},
        "PreconditionFailed",
        patch=settings_patch(battery__power_saving=True),
    ),
    Case("set_aod_style", {"style": "photo"}, "InvalidArguments"),
    Case("set_aod_style", {"style": "analog_clock", "photo_id": "photo_009"}, "InvalidArguments"),
    Case("set_aod_style", {"style": "photo", "photo_id": "photo_999"}, "NotFound"),
    Case("set_aod_style", {"style": "photo", "photo_id": "photo_003"}, "CapabilityLimit"),
    Case("add_keyboard_language", {"language": "Klingon"}, "CapabilityLimit"),
    Case("add_keyboard_language", {"language": "Spanish"}, "Ambiguous"),
    Case("add_keyboard_language", {"language": "en-US"}, "AlreadyExists"),
    Case("add_keyboard_language", {"language": "fr-FR", "layout": "qwertz"}, "CapabilityLimit"),
    Case("add_keyboard_language", {"language": "ja-JP"}, "CapabilityLimit", patch=FIVE_KEYBOARDS),
    Case("remove_keyboard_language", {"language": "en-US"}, "PreconditionFailed"),
    Case("remove_keyboard_language", {"language": "de-DE"}, "NotFound"),
    Case("remove_keyboard_language", {"language": "Elvish"}, "NotFound"),
    Case("remove_keyboard_language", {"language": "English"}, "Ambiguous", patch=TWO_ENGLISH),
    Case("set_keyboard_settings", {}, "InvalidArguments"),
    Case(
        "set_keyboard_settings",
        {"haptic_typing": True},
        "PreconditionFailed",
        patch=settings_patch(sound__vibration_intensity=0),
    ),  # fmt: skip
]


def run_setup(calls: tuple[Call, ...]) -> Setup:
    """Run the setup calls (each must succeed), then restart the clock: the case's call runs at 09:00:00."""
    if not calls:
        return None
    run = steps(*calls)

    def hook(s: PhoneState) -> None:
        run(s)
        s.ticks = 0

    return hook


def harness_cases(cases: list[Case]) -> list[domain_harness.Case]:
    return [
        domain_harness.Case(
            f"{c.name}-{i}", c.name, c.args, run_setup(c.setup), c.expect, Patch(c.patch) if c.patch else None
        )
        for i, c in enumerate(cases)
    ]


CASES = DomainTests(
    "Input & Interaction", harness_cases(SUCCESS), harness_cases(ERRORS), count=12, is_read=READS.__contains__
)
test_success, test_error, _, _ = CASES.tests()


def test_every_tool_has_cases_and_base_world_is_untouched() -> None:
    assert {c.name for c in SUCCESS} == TOOLS == {c.name for c in ERRORS}
    CASES.check_all()
    # All the cases in one episode too.
    s = fresh()
    for case in SUCCESS:
        if case.patch is None:
            for name, args in case.setup:
                execute(s, name, args)
            execute(s, case.name, case.args)  # earlier cases may change the outcome; only writes matter here
    for case in ERRORS:
        execute(s, case.name, case.args)
    assert s.delta()
    assert load_world().digest() == BASE_DIGEST


def test_tool_flags() -> None:
    CASES.check_contract()
    assert REGISTRY["scan_qr_code"].permission == ("camera", "CAMERA")


# --------------------------------------------------------------------------- cross-domain
def test_screenshot_lands_in_files_and_storage() -> None:
    s = fresh()
    execute(s, "open_app", {"app_id": "chrome"})
    shot = execute(s, "take_screenshot", {"scroll_pages": 2})["data"]["file"]
    listed = execute(s, "list_files", {"folder": "Screenshots", "limit": 3})["data"]
    assert listed[0]["id"] == shot["id"] and listed[0]["name"] == shot["name"]
    free = execute(s, "get_storage_usage", {})["data"]["free_mb"]
    assert free == setting(s, "storage.free_mb")
    assert execute(s, "delete_file", {"file_id": shot["id"], "permanent": True})["status"] == "success"
    # Two screenshots in one second get distinct names.
    s2 = fresh()
    a = execute(s2, "take_screenshot", {})["data"]["file"]
    s2.ticks -= 1
    b = execute(s2, "take_screenshot", {})["data"]["file"]
    assert a["name"] != b["name"] and b["name"].endswith("_1.png")


def test_wifi_qr_saves_the_network_so_joining_needs_no_password() -> None:
    s = fresh(qr_view("qr_004"))
    fb = execute(s, "connect_wifi_network", {"ssid": "MorganHome-Guest"})
    assert fb["error_type"] == "PreconditionFailed"  # secured, not saved, no password
    assert execute(s, "scan_qr_code", {"code_id": "qr_004"})["status"] == "success"
    fb = execute(s, "connect_wifi_network", {"ssid": "MorganHome-Guest"})
    assert fb["status"] == "success", fb
    assert setting(s, "network.wifi_connected") == "MorganHome-Guest"
    # A café network the phone never saw becomes joinable straight from its code.
    assert execute(s, "scan_qr_code", {"code_id": "qr_001"})["status"] == "error"  # not in view in this patch
    s = fresh()
    execute(s, "scan_qr_code", {"code_id": "qr_001"})
    saved = execute(s, "list_wifi_networks", {"saved_only": True})["data"]
    assert "Ritual Coffee Guest" in [r["ssid"] for r in saved]
    assert execute(s, "connect_wifi_network", {"ssid": "Ritual Coffee Guest"})["status"] == "success"


def test_contact_code_finds_an_existing_contact() -> None:
    code = {**WORLD.tables["qr_codes"]["qr_005"], "in_view": True,
            "payload": "MECARD:N:Lee,Chris;TEL:(415) 555-0102;EMAIL:chris.lee@northwind.example;;"}  # fmt: skip
    s = fresh({"qr_codes": {"qr_005": code}})
    decoded = execute(s, "scan_qr_code", {"code_id": "qr_005"})["data"]["decoded"]
    assert decoded["name"] == "Chris Lee" and decoded["existing_contact_id"] == "contact_002"


def test_battery_saver_blocks_always_on_display() -> None:
    s = fresh()
    assert execute(s, "set_battery_saver", {"enabled": True})["status"] == "success"
    fb = execute(s, "set_aod_mode", {"mode": "always"})
    assert fb["error_type"] == "PreconditionFailed" and fb["data"]["setting"] == "battery.power_saving"
    assert execute(s, "set_aod_mode", {"mode": "tap_to_show"})["status"] == "success"
    execute(s, "set_battery_saver", {"enabled": False})
    assert execute(s, "set_aod_mode", {"mode": "always"})["status"] == "success"


def test_vibration_and_camera_permission_gate_input_features() -> None:
    s = fresh()
    execute(s, "set_vibration_intensity", {"intensity": 0})
    assert execute(s, "set_keyboard_settings", {"haptic_typing": True})["error_type"] == "PreconditionFailed"
    execute(s, "set_vibration_intensity", {"intensity": 40})
    assert execute(s, "set_keyboard_settings", {"haptic_typing": True})["status"] == "success"
    execute(s, "revoke_app_permission", {"app_id": "camera", "permission": "CAMERA"})
    assert (
        execute(s, "set_air_gesture", {"gesture": "air_press", "enabled": True})["error_type"]
        == "PermissionDenied"
    )
    assert (
        execute(s, "set_air_gesture", {"gesture": "grab_screenshot", "enabled": False})["status"] == "success"
    )
    assert execute(s, "scan_qr_code", {"code_id": "qr_001"})["error_type"] == "PermissionDenied"


def test_aod_shows_a_photo_just_taken_and_side_button_opens_installed_apps() -> None:
    s = fresh()
    photo = execute(s, "take_photo", {})
    assert photo["status"] == "success", photo
    pid = photo["data"]["id"]
    assert execute(s, "set_aod_style", {"style": "photo", "photo_id": pid})["status"] == "success"
    assert setting(s, "input.aod.photo") == pid
    assert execute(s, "set_side_button_action", {"press": "double_press", "action": "open_app",
                                                 "app_id": "strava"})["status"] == "success"  # fmt: skip
    assert execute(s, "uninstall_app", {"app_id": "strava"})["status"] == "success"
    fb = execute(
        s, "set_side_button_action", {"press": "double_press", "action": "open_app", "app_id": "strava"}
    )
    assert fb["error_type"] == "NotFound"


# --------------------------------------------------------------------------- world
def test_world_core_entities() -> None:
    t = WORLD.tables
    codes = t["qr_codes"]
    assert [k for k, r in codes.items() if r["in_view"]] == ["qr_001", "qr_002"]
    assert {f"qr_{i:03d}" for i in range(1, 9)} <= set(codes)
    assert {r["kind"] for r in codes.values()} == {"wifi", "url", "payment", "contact", "text", "unknown"}
    assert t["qr_scans"] == {}
    assert t["keyboard_languages"] == {
        "en-US": {
            "code": "en-US",
            "name": "English (US)",
            "layout": "qwerty",
            "added_at": "2025-01-04T10:00:00",
        }
    }
    for key, value in inp.DEFAULT_SETTINGS.items():
        assert t["settings"][key] == {"value": value}, key
    assert (
        "Ritual Coffee Guest" not in t["wifi_networks"]
        and not t["wifi_networks"]["MorganHome-Guest"]["saved"]
    )


def test_world_scales_keep_core_ids() -> None:
    small, large = build_tables("S"), build_tables("L")
    assert len(small["qr_codes"]) < len(WORLD.tables["qr_codes"]) < len(large["qr_codes"])
    for qid in ("qr_001", "qr_004", "qr_008"):
        assert small["qr_codes"][qid] == large["qr_codes"][qid] == WORLD.tables["qr_codes"][qid]


def test_contact_code_match_follows_writes() -> None:
    """The contact a code's number matches is kept per task patch until the episode writes contacts:
    deleting the match between two scans shows, and another episode of the patch still finds it."""
    code = {**WORLD.tables["qr_codes"]["qr_005"], "in_view": True,
            "payload": "MECARD:N:Lee,Chris;TEL:(415) 555-0102;EMAIL:chris.lee@northwind.example;;"}  # fmt: skip
    patch = Patch({"qr_codes": {"qr_005": code}})
    s = harness_fresh(patch)
    assert execute(s, "scan_qr_code", {"code_id": "qr_005"})["data"]["decoded"]["existing_contact_id"] == "contact_002"
    assert execute(s, "delete_contact", {"contact_id": "contact_002"})["status"] == "success"
    assert execute(s, "scan_qr_code", {"code_id": "qr_005"})["data"]["decoded"]["existing_contact_id"] is None
    other = harness_fresh(patch)
    assert execute(other, "scan_qr_code", {"code_id": "qr_005"})["data"]["decoded"]["existing_contact_id"] == "contact_002"


def test_codes_in_view_follow_writes() -> None:
    """The codes in view are kept per task patch until the episode writes qr_codes: a second code
    brought into view between two scans makes the second ambiguous, and another episode still scans."""
    codes = {k: {**c, "in_view": k == "qr_005"} for k, c in WORLD.tables["qr_codes"].items()}
    patch = Patch({"qr_codes": codes})
    s = harness_fresh(patch)
    assert execute(s, "scan_qr_code", {})["data"]["qr_id"] == "qr_005"
    s.put("qr_codes", "qr_004", {**WORLD.tables["qr_codes"]["qr_004"], "in_view": True})
    assert execute(s, "scan_qr_code", {})["error_type"] == "Ambiguous"
    assert execute(harness_fresh(patch), "scan_qr_code", {})["data"]["qr_id"] == "qr_005"
