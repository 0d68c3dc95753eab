"""Display & Sound domain: every tool's success and error paths, cross-domain rules and the seeded world."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain_harness import Check, DomainTests, Setup, call, fresh, get_or_list, revoke
from mpb_env.domains import display as disp
from mpb_env.domains.system import DEFAULT_SETTINGS
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import build_tables
from mpb_env.world.state import PhoneState

DOMAIN = "Display & Sound"


def changed(s: PhoneState) -> dict[str, Any]:
    """The settings this episode changed, as ``{key: new value}``."""
    return {k: e["after"]["value"] for k, e in s.delta().get("settings", {}).items()}


# ------------------------------------------------------------------------ setups
def power_saving(s: PhoneState) -> None:
    s.set_setting("battery.power_saving", True)


def saving_at_120(s: PhoneState) -> None:
    s.set_setting("display.refresh_rate", 120)
    s.set_setting("battery.power_saving", True)


def silent(s: PhoneState) -> None:
    s.set_setting("sound.mode", "silent")


def vibrate(s: PhoneState) -> None:
    s.set_setting("sound.mode", "vibrate")


def no_vibration(s: PhoneState) -> None:
    s.set_setting("sound.vibration_intensity", 0)


def block_samantha(s: PhoneState) -> None:
    call(s, "block_number", {"contact_id": "contact_009"})


revoke_contacts = revoke("contacts", "CONTACTS")


def power_on_at_six(s: PhoneState) -> None:
    s.update("power_schedules", "power_on", enabled=True)


def power_on_at_seven(s: PhoneState) -> None:
    s.update("power_schedules", "power_on", enabled=True, time="07:00")


def no_power_on(s: PhoneState) -> None:
    s.delete("power_schedules", "power_on")


# ------------------------------------------------------------------------ success checks
def check_display(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert (d["brightness"], d["auto_brightness"], d["refresh_rate"], d["refresh_rate_effective"]) == (
        70,
        True,
        60,
        60,
    )
    assert d["dark_mode"] == {"enabled": False, "schedule": "off", "window": None, "active_now": False}
    assert (d["font_size"], d["display_size"], d["screen_timeout_s"]) == ("default", "default", 60)
    assert d["eye_comfort"]["strength"] == 50 and d["power_saving"] is False


def check_display_saving(s: PhoneState, fb: dict[str, Any]) -> None:
    # Battery saver (another domain's setting) caps the effective rate at 60 Hz.
    assert (fb["data"]["refresh_rate"], fb["data"]["refresh_rate_effective"]) == (120, 60)


def check_brightness(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {"display.brightness": 40, "display.auto_brightness": False}
    assert fb["data"]["before"] == {"brightness": 70, "auto_brightness": True}


def check_brightness_level_only(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {"display.brightness": 0}


def check_dark_on(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {"display.dark_mode": True} and fb["data"]["active_now"] is True


def check_dark_custom(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {
        "display.dark_mode_schedule": "custom",
        "display.dark_mode_start": "21:00",
        "display.dark_mode_end": "06:30",
    }
    assert fb["data"]["window"] == ["21:00", "06:30"] and fb["data"]["active_now"] is False


def check_eye(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {
        "display.eye_comfort": True,
        "display.eye_comfort_strength": 80,
        "display.eye_comfort_schedule": "sunset_to_sunrise",
    }
    assert fb["data"]["window"] == [disp.SUNSET, disp.SUNRISE]


def check_font(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {"display.font_size": "large"} and fb["data"]["before"] == "default"


def check_display_size(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {"display.display_size": "larger"}


def check_timeout(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {"display.screen_timeout_s": 120} and fb["data"]["before"] == 60


def check_refresh_120(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {"display.refresh_rate": 120}


def check_refresh_90_saving(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("display.refresh_rate") == 90


def check_sound(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert d["mode"] == "ring"
    assert d["volumes"] == {"media": 60, "ring": 80, "alarm": 70, "call": 70, "notification": 60}
    assert d["ringtone"] == {"id": "ringtone_001", "name": "Over the Horizon"}
    assert d["alarm_sound"] == {"id": "ringtone_011", "name": "Classic Alarm"}
    assert [(r["name"], r["ringtone_name"]) for r in d["contact_ringtones"]] == [
        ("Jordan Morgan", "Summer Breeze"),
        ("Linda Morgan", "Old Phone"),
    ]
    dnd = d["dnd"]
    assert (dnd["enabled"], dnd["active_now"], dnd["allow_calls_from"]) == (False, False, "favorites")
    assert [e["name"] for e in dnd["exceptions"]] == ["Jordan Morgan", "Emma Morgan"]
    assert dnd["schedule"] == {"enabled": False, "start": "23:00", "end": "07:00", "days": list(disp.DAYS)}


def check_volume_call(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {"volume.call": 40} and "note" not in fb["data"]


def check_volume_ring_silent(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("volume.ring") == 50 and "silent" in fb["data"]["note"]
    assert s.setting("sound.mode") == "silent"  # a volume change does not switch the mode


def check_sound_mode(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {"sound.mode": "silent"} and fb["data"]["before"] == "ring"


def check_ringtones_alarm(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]
    assert rows and all(r["kind"] == "alarm" for r in rows)
    assert [r["name"] for r in rows] == sorted(r["name"] for r in rows)
    in_use = [r["id"] for r in rows if r["in_use"]]
    assert in_use == ["ringtone_011"] and "ringtone_012" in {r["id"] for r in rows}


def check_ringtones_query(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [r["id"] for r in fb["data"]] == ["ringtone_015", "ringtone_002"]


def check_set_ringtone(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {"sound.alarm_sound": "ringtone_012"}
    assert fb["data"]["before"] == {"id": "ringtone_011", "name": "Classic Alarm"}


def check_contact_ringtone(s: PhoneState, fb: dict[str, Any]) -> None:
    entry = s.delta()["contact_ringtones"]["contact_003"]
    assert entry["op"] == "create" and entry["after"]["ringtone_id"] == "ringtone_004"
    assert fb["data"]["name"] == "Chris Li" and fb["data"]["before"] is None


def check_contact_ringtone_clear(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("contact_ringtones", "contact_004") is None
    assert fb["data"]["before"] == "ringtone_006" and fb["data"]["ringtone_id"] is None


def check_vibration(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("sound.vibration_intensity") == 0 and "vibrate mode" in fb["data"]["note"]


def check_haptics(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {"sound.haptics": False}


def check_dnd_timed(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {
        "dnd.enabled": True,
        "dnd.until": "2026-05-20T10:30:00",
        "dnd.allow_calls_from": "contacts",
    }
    assert fb["data"]["active_now"] is True


def check_dnd_off(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("dnd.enabled") is False and s.setting("dnd.until") is None
    assert changed(s) == {"dnd.repeat_callers": False}


def check_dnd_schedule(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed(s) == {
        "dnd.schedule_enabled": True,
        "dnd.schedule_start": "22:30",
        "dnd.schedule_end": "06:00",
        "dnd.schedule_days": ["mon", "tue", "wed", "thu", "fri"],
    }
    assert fb["data"]["active_now"] is False


def check_add_exception(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("dnd_exceptions", "contact_006")
    assert rec == {"contact_id": "contact_006", "allow_calls": True, "allow_messages": False,
                   "added_at": "2026-05-20T09:00:00"}  # fmt: skip
    assert fb["data"]["updated"] is False and fb["data"]["name"] == "Linda Morgan"


def check_update_exception(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.delta()["dnd_exceptions"]["contact_005"]["changed"] == {"allow_messages": True}
    assert fb["data"]["updated"] is True


def check_remove_exception(s: PhoneState, fb: dict[str, Any]) -> None:
    assert (
        s.delta()["dnd_exceptions"]["contact_005"]["op"] == "delete" and fb["data"]["name"] == "Emma Morgan"
    )


def check_power_list(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [(p["id"], p["time"], p["enabled"]) for p in fb["data"]["schedules"]] == [
        ("power_off", "23:30", False),
        ("power_on", "06:00", False),
    ]
    assert fb["data"]["alarms_while_off"] == []


def check_power_list_alarms(s: PhoneState, fb: dict[str, Any]) -> None:
    # Off 23:30 .. on 07:00: the 06:30 workday alarm (Time Management) would not ring.
    assert [a["id"] for a in fb["data"]["alarms_while_off"]] == ["alarm_001"]


def check_power_off(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.delta()["power_schedules"]["power_off"]["changed"] == {"time": "23:00", "enabled": True}
    # No power-on scheduled: the phone stays off, so every enabled alarm is missed.
    assert [a["id"] for a in fb["data"]["alarms_while_off"]] == ["alarm_001", "alarm_002"]


def check_power_on_days(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("power_schedules", "power_on")["repeat_days"] == ["mon", "wed", "fri"]
    assert fb["data"]["alarms_while_off"] == []


WEEKDAYS = ["fri", "mon", "tue", "wed", "thu"]
SUCCESS: list[tuple[str, str, dict[str, Any], Setup, Check]] = [
    ("display", "get_display_settings", {}, None, check_display),
    ("display-saving", "get_display_settings", {}, saving_at_120, check_display_saving),
    ("brightness", "set_display_brightness", {"level": 40, "auto_brightness": False}, None, check_brightness),
    ("brightness-level", "set_display_brightness", {"level": 0}, None, check_brightness_level_only),
    ("dark-on", "set_dark_mode", {"enabled": True}, None, check_dark_on),
    ("dark-custom", "set_dark_mode", {"schedule": "custom", "start": "21:00", "end": "6:30"}, None, check_dark_custom),
    ("eye", "set_eye_comfort", {"enabled": True, "strength": 80, "schedule": "sunset_to_sunrise"}, None, check_eye),
    ("font", "set_font_size", {"size": "large"}, None, check_font),
    ("display-size", "set_display_size", {"size": "larger"}, None, check_display_size),
    ("timeout", "set_screen_timeout", {"seconds": 120}, None, check_timeout),
    ("refresh-120", "set_refresh_rate", {"hz": 120}, None, check_refresh_120),
    ("refresh-90-saving", "set_refresh_rate", {"hz": 90}, power_saving, check_refresh_90_saving),
    ("sound", "get_sound_settings", {}, None, check_sound),
    ("volume-call", "set_stream_volume", {"stream": "call", "level": 40}, None, check_volume_call),
    ("volume-ring-silent", "set_stream_volume", {"stream": "ring", "level": 50}, silent, check_volume_ring_silent),
    ("sound-mode", "set_sound_mode", {"mode": "silent"}, None, check_sound_mode),
    ("ringtones-alarm", "list_ringtones", {"kind": "alarm"}, None, check_ringtones_alarm),
    ("ringtones-query", "list_ringtones", {"query": " MARIMBA"}, None, check_ringtones_query),
    ("set-ringtone", "set_ringtone", {"ringtone_id": "ringtone_012", "usage": "alarm"}, None, check_set_ringtone),
    ("contact-ringtone", "set_contact_ringtone", {"contact_id": "contact_003", "ringtone_id": "ringtone_004"}, None,
     check_contact_ringtone),
    ("contact-ringtone-clear", "set_contact_ringtone", {"contact_id": "contact_004"}, None,
     check_contact_ringtone_clear),
    ("vibration", "set_vibration_intensity", {"intensity": 0}, vibrate, check_vibration),
    ("haptics", "set_haptic_feedback", {"enabled": False}, None, check_haptics),
    ("dnd-timed", "set_do_not_disturb", {"enabled": True, "duration_minutes": 90, "allow_calls_from": "contacts"},
     None, check_dnd_timed),
    ("dnd-off", "set_do_not_disturb", {"enabled": False, "repeat_callers": False}, None, check_dnd_off),
    ("dnd-schedule", "set_dnd_schedule", {"enabled": True, "start": "22:30", "end": "6:00", "days": WEEKDAYS}, None,
     check_dnd_schedule),
    ("add-exception", "add_dnd_exception", {"contact_id": "contact_006", "allow_messages": False}, None,
     check_add_exception),
    ("update-exception", "add_dnd_exception", {"contact_id": "contact_005"}, None, check_update_exception),
    ("remove-exception", "remove_dnd_exception", {"contact_id": "contact_005"}, None, check_remove_exception),
    ("power-list", "list_power_schedules", {}, None, check_power_list),
    ("power-list-alarms", "list_power_schedules", {}, lambda s: (power_on_at_seven(s),
     s.update("power_schedules", "power_off", enabled=True)), check_power_list_alarms),
    ("power-off", "set_power_schedule", {"action": "power_off", "time": "23:00", "enabled": True}, None,
     check_power_off),
    ("power-on-days", "set_power_schedule", {"action": "power_on", "repeat_days": ["fri", "mon", "wed"]}, None,
     check_power_on_days),
]  # fmt: skip

ERRORS: list[tuple[str, str, dict[str, Any], Setup, str]] = [
    ("display-extra", "get_display_settings", {"verbose": True}, None, "InvalidArguments"),
    ("brightness-none", "set_display_brightness", {}, None, "InvalidArguments"),
    ("brightness-range", "set_display_brightness", {"level": 101}, None, "InvalidArguments"),
    ("brightness-type", "set_display_brightness", {"level": "50%"}, None, "InvalidArguments"),
    ("dark-none", "set_dark_mode", {}, None, "InvalidArguments"),
    ("dark-start-no-custom", "set_dark_mode", {"start": "21:00"}, None, "InvalidArguments"),
    ("dark-empty-window", "set_dark_mode", {"schedule": "custom", "start": "22:00", "end": "22:00"}, None,
     "InvalidArguments"),
    ("dark-bad-time", "set_dark_mode", {"schedule": "custom", "start": "25:00"}, None, "InvalidArguments"),
    ("eye-strength", "set_eye_comfort", {"strength": -1}, None, "InvalidArguments"),
    ("eye-schedule", "set_eye_comfort", {"schedule": "always"}, None, "InvalidArguments"),
    ("font", "set_font_size", {"size": "huge"}, None, "InvalidArguments"),
    ("display-size", "set_display_size", {"size": "tiny"}, None, "InvalidArguments"),
    ("timeout-unsupported", "set_screen_timeout", {"seconds": 2700}, None, "CapabilityLimit"),
    ("timeout-zero", "set_screen_timeout", {"seconds": 0}, None, "InvalidArguments"),
    ("refresh-144", "set_refresh_rate", {"hz": 144}, None, "CapabilityLimit"),
    ("refresh-120-saving", "set_refresh_rate", {"hz": 120}, power_saving, "PreconditionFailed"),
    ("sound-extra", "get_sound_settings", {"stream": "ring"}, None, "InvalidArguments"),
    ("volume-call-mute", "set_stream_volume", {"stream": "call", "level": 0}, None, "CapabilityLimit"),
    ("volume-range", "set_stream_volume", {"stream": "media", "level": 120}, None, "InvalidArguments"),
    ("volume-stream", "set_stream_volume", {"stream": "system", "level": 5}, None, "InvalidArguments"),
    ("sound-mode", "set_sound_mode", {"mode": "loud"}, None, "InvalidArguments"),
    ("ringtones-blank", "list_ringtones", {"query": "  "}, None, "InvalidArguments"),
    ("ringtones-kind", "list_ringtones", {"kind": "ring"}, None, "InvalidArguments"),
    ("ringtone-missing", "set_ringtone", {"ringtone_id": "ringtone_999"}, None, "NotFound"),
    ("ringtone-kind", "set_ringtone", {"ringtone_id": "ringtone_008"}, None, "InvalidArguments"),
    ("contact-ringtone-contact", "set_contact_ringtone", {"contact_id": "contact_999", "ringtone_id": "ringtone_002"},
     None, "NotFound"),
    ("contact-ringtone-kind", "set_contact_ringtone", {"contact_id": "contact_003", "ringtone_id": "ringtone_012"},
     None, "InvalidArguments"),
    ("contact-ringtone-perm", "set_contact_ringtone", {"contact_id": "contact_003", "ringtone_id": "ringtone_002"},
     revoke_contacts, "PermissionDenied"),
    ("vibration-range", "set_vibration_intensity", {"intensity": 101}, None, "InvalidArguments"),
    ("haptics-no-vibration", "set_haptic_feedback", {"enabled": True}, no_vibration, "PreconditionFailed"),
    ("dnd-too-long", "set_do_not_disturb", {"enabled": True, "duration_minutes": 800}, None, "CapabilityLimit"),
    ("dnd-off-duration", "set_do_not_disturb", {"enabled": False, "duration_minutes": 30}, None, "InvalidArguments"),
    ("dnd-zero", "set_do_not_disturb", {"enabled": True, "duration_minutes": 0}, None, "InvalidArguments"),
    ("dnd-filter", "set_do_not_disturb", {"enabled": True, "allow_calls_from": "vips"}, None, "InvalidArguments"),
    ("schedule-empty", "set_dnd_schedule", {"enabled": True, "start": "22:00", "end": "22:00"}, None,
     "InvalidArguments"),
    ("schedule-no-days", "set_dnd_schedule", {"enabled": True, "days": []}, None, "InvalidArguments"),
    ("schedule-bad-time", "set_dnd_schedule", {"enabled": True, "start": "10pm"}, None, "InvalidArguments"),
    ("exception-missing", "add_dnd_exception", {"contact_id": "contact_999"}, None, "NotFound"),
    ("exception-dup", "add_dnd_exception", {"contact_id": "contact_004"}, None, "AlreadyExists"),
    ("exception-blocked", "add_dnd_exception", {"contact_id": "contact_009"}, block_samantha, "Conflict"),
    ("exception-nothing", "add_dnd_exception", {"contact_id": "contact_006", "allow_calls": False,
     "allow_messages": False}, None, "InvalidArguments"),
    ("remove-missing", "remove_dnd_exception", {"contact_id": "contact_010"}, None, "NotFound"),
    ("power-list-extra", "list_power_schedules", {"action": "power_on"}, None, "InvalidArguments"),
    ("power-nothing", "set_power_schedule", {"action": "power_off"}, None, "InvalidArguments"),
    ("power-clash", "set_power_schedule", {"action": "power_off", "time": "06:00", "enabled": True}, power_on_at_six,
     "Conflict"),
    ("power-no-days", "set_power_schedule", {"action": "power_on", "enabled": True, "repeat_days": []}, None,
     "InvalidArguments"),
    ("power-bad-time", "set_power_schedule", {"action": "power_on", "time": "7am"}, None, "InvalidArguments"),
    ("power-missing", "set_power_schedule", {"action": "power_on", "enabled": True}, no_power_on, "NotFound"),
]  # fmt: skip


CASES = DomainTests(
    DOMAIN, SUCCESS, ERRORS, count=22, is_read=get_or_list, verbs={"get", "list", "set", "add", "remove"}
)
test_success, test_error, test_every_tool_is_covered_and_base_world_unwritten, test_tool_contract = (
    CASES.tests()
)


# ------------------------------------------------------------------------ cross-domain and flows
def test_refresh_rate_follows_battery_saver() -> None:
    s = fresh()
    power_saving(s)  # battery.power_saving belongs to another domain
    fb = execute(s, "set_refresh_rate", {"hz": 120})
    assert fb["error_type"] == "PreconditionFailed" and fb["data"]["setting"] == "battery.power_saving"
    s.set_setting("battery.power_saving", False)
    call(s, "set_refresh_rate", {"hz": 120})
    assert call(s, "get_display_settings", {})["data"]["refresh_rate_effective"] == 120


def test_dnd_exceptions_read_contacts_and_block_list() -> None:
    s = fresh()
    call(s, "add_contact", {"name": "Nina Patel", "phone": "+1 415 555 0123"})
    call(s, "add_dnd_exception", {"contact_id": "contact_n001", "allow_messages": False})
    names = [e["name"] for e in call(s, "get_sound_settings", {})["data"]["dnd"]["exceptions"]]
    assert names == ["Jordan Morgan", "Emma Morgan", "Nina Patel"]
    block_samantha(s)
    assert execute(s, "add_dnd_exception", {"contact_id": "contact_009"})["error_type"] == "Conflict"
    call(s, "unblock_number", {"phone_number": "+1 415 555 0109"})
    call(s, "add_dnd_exception", {"contact_id": "contact_009"})
    assert s.has("dnd_exceptions", "contact_009")


def test_automation_rule_and_sound_tools_share_settings() -> None:
    s = fresh()
    call(s, "update_automation_rule", {"rule_id": "rule_002", "enabled": True, "run_now": True})
    d = call(s, "get_sound_settings", {})["data"]
    assert d["mode"] == "silent" and d["volumes"]["media"] == 20
    call(s, "set_sound_mode", {"mode": "ring"})
    assert s.setting("sound.mode") == "ring"
    # New keys are real settings: automation rules can target them.
    fb = call(s, "create_automation_rule", {"name": "Night screen", "trigger": "time", "trigger_value": "21:00",
              "actions": [{"setting": "display.eye_comfort", "value": True},
                          {"setting": "volume.notification", "value": 10}]})  # fmt: skip
    call(s, "update_automation_rule", {"rule_id": fb["data"]["id"], "run_now": True})
    assert s.setting("display.eye_comfort") is True and s.setting("volume.notification") == 10


def test_timed_dnd_expires_on_the_simulated_clock() -> None:
    s = fresh()
    call(s, "set_do_not_disturb", {"enabled": True, "duration_minutes": 1})
    for _ in range(58):
        call(s, "get_display_settings", {})
    assert call(s, "get_sound_settings", {})["data"]["dnd"]["active_now"] is True  # 09:00:59
    dnd = call(s, "get_sound_settings", {})["data"]["dnd"]  # 09:01:00
    assert (dnd["enabled"], dnd["until"], dnd["active_now"]) == (True, "2026-05-20T09:01:00", False)


def test_schedules_are_active_in_their_window() -> None:
    night = fresh(now="2026-05-20T23:30:00")  # the seeded DND schedule is 23:00-07:00 but disabled
    assert call(night, "get_sound_settings", {})["data"]["dnd"]["active_now"] is False
    call(night, "set_dnd_schedule", {"enabled": True})
    assert call(night, "get_sound_settings", {})["data"]["dnd"]["active_now"] is True
    call(night, "set_dark_mode", {"schedule": "sunset_to_sunrise"})
    d = call(night, "get_display_settings", {})["data"]
    assert d["dark_mode"]["active_now"] is True and d["dark_mode"]["enabled"] is False
    # A window that starts on Tuesday night still covers early Wednesday, not early Thursday.
    wed = datetime(2026, 5, 20, 2, 0)
    assert disp._in_window(wed, "22:30", "06:00", ["tue"]) is True
    assert disp._in_window(wed, "22:30", "06:00", ["wed"]) is False
    assert disp._in_window(wed, "01:00", "03:00", ["wed"]) is True


def test_contact_ringtone_needs_contacts_permission_and_shows_in_settings() -> None:
    s = fresh()
    revoke_contacts(s)
    fb = execute(s, "set_contact_ringtone", {"contact_id": "contact_008", "ringtone_id": "ringtone_003"})
    assert fb["error_type"] == "PermissionDenied" and fb["data"]["remedy"] == "grant_app_permission"
    call(s, "grant_app_permission", {"app_id": "contacts", "permission": "CONTACTS"})
    call(s, "set_contact_ringtone", {"contact_id": "contact_008", "ringtone_id": "ringtone_003"})
    rows = call(s, "get_sound_settings", {})["data"]["contact_ringtones"]
    assert ("Sam Carter", "Opening") in {(r["name"], r["ringtone_name"]) for r in rows}


def test_power_schedule_flow_reports_missed_alarms() -> None:
    s = fresh()
    call(s, "set_power_schedule", {"action": "power_on", "time": "07:00", "enabled": True})
    fb = call(s, "set_power_schedule", {"action": "power_off", "time": "23:00", "enabled": True})
    assert [a["time"] for a in fb["data"]["alarms_while_off"]] == ["06:30"]
    call(s, "update_alarm", {"alarm_id": "alarm_001", "time": "07:15"})  # Time Management
    assert call(s, "list_power_schedules", {})["data"]["alarms_while_off"] == []
    assert (
        execute(s, "set_power_schedule", {"action": "power_on", "time": "23:00"})["error_type"] == "Conflict"
    )


# ------------------------------------------------------------------------ world
def test_world_core_is_size_independent_and_keeps_existing_settings() -> None:
    small, medium, large = (build_tables(size) for size in ("S", "M", "L"))
    assert len(small["ringtones"]) < len(medium["ringtones"]) < len(large["ringtones"])
    for t in (small, medium, large):
        for rid, name, kind, _ in disp.CORE_RINGTONES:
            assert (t["ringtones"][rid]["name"], t["ringtones"][rid]["kind"]) == (name, kind)
        for key, value in DEFAULT_SETTINGS.items():
            assert t["settings"][key] == {"value": value}
        for key in disp.SETTINGS:
            assert key in t["settings"]
    for table in ("contact_ringtones", "dnd_exceptions", "power_schedules"):
        assert small[table] == medium[table] == large[table]
    assert build_tables("M")["ringtones"] == medium["ringtones"]
    names = [r["name"] for r in large["ringtones"].values()]
    assert len(names) == len(set(names))
    for key in ("sound.ringtone", "sound.notification_sound", "sound.alarm_sound"):
        assert medium["settings"][key]["value"] in medium["ringtones"]
    for cid in list(medium["contact_ringtones"]) + list(medium["dnd_exceptions"]):
        assert cid in medium["contacts"]
