"""Regression tests for reported catalog bugs: one test per bug, each failing on the code before its fix."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from mpb_env.domains import modules
from mpb_env.domains.travel import CITIES, WEATHER_CITIES
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import load_world
from mpb_env.world.state import PhoneState

WORLD = load_world()
DIGEST = WORLD.digest()


def fresh() -> PhoneState:
    return PhoneState(WORLD)


def call(s: PhoneState, name: str, args: dict[str, Any], allowed: set[str] | None = None) -> dict[str, Any]:
    fb = execute(s, name, args, allowed)
    assert fb["status"] == "success", (name, args, fb)
    return fb


# --------------------------------------------------------------------------- 1. search_media, several words
def test_search_media_matches_words_spread_over_fields() -> None:
    s = fresh()
    fb = call(s, "search_media", {"query": "Cobalt Rain Ivy Arcade", "kind": "song"})
    assert [r["id"] for r in fb["data"]] == ["song_014"]
    assert [r["id"] for r in call(s, "search_media", {"query": "ivy  ARCADE cobalt"})["data"]] == ["song_014"]
    assert call(s, "search_media", {"query": "Cobalt Rain Luna Vale"})["data"] == []  # every word must occur
    # Queries that matched before keep their hits and order (exact title, title prefix, one field), and
    # word-only matches come after them.
    for query in ("Cobalt Rain", "jazz", "Luna Vale", "the", "rain ivy", "morning show"):
        before = _single_field_hits(s, query)
        after = [r["id"] for r in call(s, "search_media", {"query": query, "limit": 100})["data"]]
        assert after[: len(before)] == before, query
        assert query.count(" ") or after == before, query


def _single_field_hits(s: PhoneState, query: str) -> list[str]:
    """search_media's ranking for a query found whole in one field (its behaviour before the fix)."""
    q = " ".join(query.casefold().split())
    hits = []
    for rec, fields in [
        *((m, (m["artist"], m["album"], m["genre"])) for m in s.values("media")),
        *((sh, (sh["publisher"], sh["genre"], sh["frequency"] or "")) for sh in s.values("shows")),
    ]:
        title = rec["title"].casefold()
        if title == q:
            hits.append((0, rec["id"]))
        elif title.startswith(q):
            hits.append((1, rec["id"]))
        elif q in "\n".join((title, *fields)).casefold():
            hits.append((2, rec["id"]))
    return [i for _, i in sorted(hits)][:100]


# --------------------------------------------------------------------------- 2. radio tiles = network tools
def _bt_on(s: PhoneState) -> None:
    call(s, "set_bluetooth_enabled", {"enabled": True})


def _headphones(s: PhoneState) -> None:
    _bt_on(s)
    call(s, "connect_bluetooth_device", {"device_id": "bt_001"})


def _casting(s: PhoneState) -> None:
    call(s, "start_cast_session", {"device_id": "xdev_001", "source": "screen"})


def _multiscreen(s: PhoneState) -> None:
    _bt_on(s)
    call(s, "start_multiscreen_session", {"device_id": "xdev_003"})


def _airplane(s: PhoneState) -> None:
    call(s, "set_airplane_mode", {"enabled": True})


def _on_call(s: PhoneState) -> None:
    s.put("active_call", "current", {"id": "call_x", "contact_id": "contact_006", "phone": "+1 415 555 0106",
                                     "name": "Linda Morgan", "direction": "out", "started": "2026-05-20T08:59:00"})  # fmt: skip


_TOOL_OF_TILE = {
    "wifi": "set_wifi_enabled",
    "bluetooth": "set_bluetooth_enabled",
    "airplane_mode": "set_airplane_mode",
}
_SETUPS: list[Callable[[PhoneState], None] | None] = [
    None,
    _bt_on,
    _headphones,
    _casting,
    _multiscreen,
    _airplane,
    _on_call,
]


def test_radio_tiles_apply_the_network_rules() -> None:
    # The reported repro: the Wi-Fi tile must refuse like set_wifi_enabled during a multi-screen session.
    s = fresh()
    _multiscreen(s)
    for tile in ("wifi", "bluetooth", "airplane_mode"):
        enabled = tile == "airplane_mode"
        assert execute(s, "set_quick_setting", {"tile": tile, "enabled": enabled})["error_type"] == "Conflict"
    # Every tile tap leaves exactly the state its Network & Connectivity tool leaves.
    for setup in _SETUPS:
        for tile, tool in _TOOL_OF_TILE.items():
            for enabled in (True, False):
                by_tile, by_tool = fresh(), fresh()
                for st in (by_tile, by_tool):
                    if setup is not None:
                        setup(st)
                fb_tile = execute(by_tile, "set_quick_setting", {"tile": tile, "enabled": enabled})
                fb_tool = execute(by_tool, tool, {"enabled": enabled})
                where = (setup and setup.__name__, tile, enabled)
                assert fb_tile["error_type"] == fb_tool["error_type"], where
                assert by_tile.delta() == by_tool.delta(), where
    # The tile reports every setting its tap changed.
    s = fresh()
    _headphones(s)
    before = dict(s.scan("settings"))
    fb = call(s, "set_quick_setting", {"tile": "airplane_mode", "enabled": True})
    after = dict(s.scan("settings"))
    assert {c["setting"]: c["after"] for c in fb["data"]["changes"]} == {
        k: after[k]["value"] for k in after if after[k] != before.get(k)
    } == {"network.airplane_mode": True, "network.wifi": False, "network.wifi_connected": None,
          "network.bluetooth": False}  # fmt: skip
    # Concretely: Wi-Fi off by tile ends casts and forgets the network; Bluetooth off logs the drop.
    s = fresh()
    _casting(s)
    call(s, "set_quick_setting", {"tile": "wifi", "enabled": False})
    assert s.setting("network.wifi_connected") is None
    assert all(c["status"] != "active" for c in s.values("cast_sessions"))
    s = fresh()
    _headphones(s)
    call(s, "set_quick_setting", {"tile": "bluetooth", "enabled": False})
    assert s.get("bluetooth_devices", "bt_001")["connected"] is False
    assert any(e["device_id"] == "bt_001" and e["event"] == "disconnect" for e in s.values("pairing_log"))


# --------------------------------------------------------------------------- 3. Notes is built in
def test_notes_is_a_system_app() -> None:
    assert WORLD.tables["apps"]["notes"]["system"] is True
    s = fresh()
    fb = execute(s, "uninstall_app", {"app_id": "notes"})
    assert fb["error_type"] == "CapabilityLimit" and s.get("apps", "notes") is not None


# --------------------------------------------------------------------------- 4. rule actions obey declared rules
_BAD: list[tuple[str, Any]] = [
    ("display.refresh_rate", 75),
    ("display.refresh_rate", 90.0),
    ("display.font_size", "huge"),
    ("display.display_size", "tiny"),
    ("display.screen_timeout_s", 45),
    ("dnd.schedule_days", ["mon", "funday"]),
    ("dnd.schedule_days", "mon"),
    ("dnd.schedule_days", ["mon", "mon"]),
    ("dnd.until", "tomorrow"),
    ("dnd.until", 5),
    ("dnd.schedule_start", "7:00"),
    ("volume.call", 0),
    ("volume.media", 101),
    ("sound.ringtone", "ringtone_007"),  # a notification sound, not a ringtone
    ("system.language", "xx-XX"),
    ("wallpaper.lock", "wallpaper_005"),  # live wallpapers are not allowed on the lock screen alone
    ("input.aod.mode", "sometimes"),
    ("security.lock_timeout_s", 7),
    ("security.screen_lock", "none"),  # changes only with the credential check
    ("battery.level", 100),  # a reading
    ("network.wifi_connected", "xfinitywifi"),
    ("network.hotspot_password", "short"),
    ("travel.temperature_unit", "K"),
]
_GOOD: list[tuple[str, Any]] = [
    ("display.refresh_rate", 120),
    ("display.font_size", "largest"),
    ("dnd.schedule_days", ["sat", "sun"]),
    ("dnd.until", None),
    ("dnd.until", "2026-05-20T23:00:00"),
    ("sound.mode", "vibrate"),
    ("volume.media", 20),
    ("input.aod.start", "07:00"),
    ("security.emergency_contacts", ["contact_004"]),
]


def _rule(s: PhoneState, key: str, value: Any) -> dict[str, Any]:
    args = {"name": f"Rule {key}={value!r}", "trigger": "time", "trigger_value": "22:00",
            "actions": [{"setting": key, "value": value}]}  # fmt: skip
    return execute(s, "create_automation_rule", args)


def test_rule_actions_follow_the_settings_rules_domains_declare() -> None:
    s = fresh()
    for key, value in _BAD:
        assert _rule(s, key, value)["error_type"] == "InvalidArguments", (key, value)
    for key, value in _GOOD:
        fb = _rule(s, key, value)
        assert fb["status"] == "success", (key, value, fb)
        assert fb["data"]["actions"] == [{"setting": key, "value": value}]
    rid = call(s, "create_automation_rule", {"name": "Weekend quiet", "trigger": "time", "trigger_value": "23:00",
                                              "actions": [{"setting": "dnd.schedule_days", "value": ["sat", "sun"]}]})  # fmt: skip
    call(s, "update_automation_rule", {"rule_id": rid["data"]["id"], "run_now": True})
    assert s.setting("dnd.schedule_days") == ["sat", "sun"]
    from mpb_env.domains.time_mgmt import setting_problem, setting_rules

    # One source of truth: every settings key is declared by exactly one domain module (a duplicate raises
    # while collecting), and every value of the base world satisfies its own key's rule.
    rules = setting_rules()
    assert set(rules) == set(WORLD.tables["settings"])
    declaring = [
        m.__name__ for m in modules() if hasattr(m, "SETTING_CHOICES") or hasattr(m, "setting_choices")
    ]
    assert "mpb_env.domains.time_mgmt" not in declaring
    for key, rec in WORLD.tables["settings"].items():
        rule = rules[key]
        if not (isinstance(rule, dict) and rule.get("read_only")):
            assert setting_problem(s, key, rec["value"]) is None, key


# --------------------------------------------------------------------------- 5. skills are executable as bound
_CALL = re.compile(r"\b([a-z]+(?:_[a-z0-9]+)+)\(")


@pytest.mark.parametrize("skill_id", ["movie_night", "presentation_mode"])
def test_pairing_skills_bind_bluetooth(skill_id: str) -> None:
    skill = WORLD.tables["skills"][skill_id]
    assert "set_bluetooth_enabled" in skill["tools"]
    steps = _CALL.findall(skill["instructions"])
    assert steps.index("set_bluetooth_enabled") < steps.index("pair_cross_device")
    # Under skill-only routing (only the bound tools) an unpaired device can now be paired from Bluetooth off.
    s = fresh()
    allowed = set(skill["tools"])
    device = {"movie_night": "xdev_103", "presentation_mode": "xdev_104"}[skill_id]
    assert (
        execute(s, "pair_cross_device", {"device_id": device}, allowed)["error_type"] == "PreconditionFailed"
    )
    call(s, "set_bluetooth_enabled", {"enabled": True}, allowed)
    call(s, "pair_cross_device", {"device_id": device}, allowed)


def test_trip_abroad_asks_no_forecast_the_weather_table_lacks() -> None:
    skill = WORLD.tables["skills"]["trip_abroad"]
    covered = {CITIES[c][0] for c in WEATHER_CITIES}
    for m in re.finditer(r"get_weather_forecast\(city='([^']*)'", skill["instructions"]):
        assert m.group(1) in covered, m.group(1)
    assert ("get_weather_forecast" in skill["tools"]) == ("get_weather_forecast(" in skill["instructions"])
    assert "weather" not in skill["description"] or "get_weather_forecast" in skill["tools"]


def test_base_world_is_unwritten() -> None:
    assert load_world().digest() == DIGEST == WORLD.digest()
