"""Network & Connectivity: every tool's success and error paths, cross-domain effects and the seeded world."""

from __future__ import annotations

from typing import Any

from domain_harness import Check, DomainTests, Hook, Setup, call, fresh, get_or_list, steps
from mpb_env.domains import network as net
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import build_tables, load_world
from mpb_env.world.state import Patch, PhoneState

DOMAIN = "Network & Connectivity"


def settings(**values: Any) -> Hook:
    def hook(s: PhoneState) -> None:
        for key, value in values.items():
            s.set_setting("network." + key, value)

    return hook


def bt_update(device_id: str, **changes: Any) -> Hook:
    def hook(s: PhoneState) -> None:
        s.update("bluetooth_devices", device_id, **changes)

    return hook


BT_ON = ("set_bluetooth_enabled", {"enabled": True})
WIFI_OFF = ("set_wifi_enabled", {"enabled": False})
bt_on = steps(BT_ON)
headphones_on = steps(BT_ON, ("connect_bluetooth_device", {"device_id": "bt_001"}))
hotspot_on = steps(("set_hotspot", {"enabled": True}))
airplane = steps(("set_airplane_mode", {"enabled": True}))
multiscreen = steps(BT_ON, ("start_multiscreen_session", {"device_id": "xdev_003"}))
migrating = steps(("start_device_migration", {"source_device_id": "xdev_009", "categories": ["contacts"]}))
in_call = steps(("start_call", {"contact_id": "contact_004"}))


def speaker_gone(s: PhoneState) -> None:
    bt_on(s)
    bt_update("bt_006", in_range=False)(s)


def log_events(s: PhoneState) -> list[tuple[str, str]]:
    rows = s.delta().get("pairing_log", {}).values()
    return [(r["after"]["device_id"], r["after"]["event"]) for r in rows]


# ------------------------------------------------------------------------ success checks
def check_status(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert d["wifi"] == {"enabled": True, "connected_ssid": "MorganHome", "signal": 92}
    assert d["online"] is True and d["airplane_mode"] is False
    assert d["bluetooth"] == {"enabled": False, "connected_devices": []}
    assert d["nfc"] == {"enabled": True, "payment_app": "wallet"}
    assert s.delta() == {}


def check_status_bt(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [d["id"] for d in fb["data"]["bluetooth"]["connected_devices"]] == ["bt_001"]


def check_airplane_on(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.airplane_mode") is True
    assert s.setting("network.wifi") is False and s.setting("network.wifi_connected") is None
    assert s.setting("network.bluetooth") is False
    assert s.get("bluetooth_devices", "bt_001")["connected"] is False
    assert ("bt_001", "disconnect") in log_events(s)
    assert set(fb["data"]["turned_off"]) >= {"wifi", "bluetooth", "bt_001", "mobile_data"}
    assert fb["data"]["online"] is False and fb["data"]["mobile_data"]["active"] is False


def check_airplane_hotspot(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.hotspot") is False and "hotspot" in fb["data"]["turned_off"]


def check_airplane_off(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.airplane_mode") is False
    assert fb["data"]["mobile_data"]["active"] is True
    assert s.setting("network.wifi") is True  # restored: it was on before airplane mode


def check_wifi_off(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.wifi") is False and s.setting("network.wifi_connected") is None
    assert fb["data"]["wifi"]["connected_ssid"] is None


def check_wifi_on(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["joined"] == "MorganHome"
    assert s.setting("network.wifi_connected") == "MorganHome"
    assert s.get("wifi_networks", "MorganHome")["last_connected"] == "2026-05-20T09:00:00"


def check_wifi_noop(s: PhoneState, fb: dict[str, Any]) -> None:
    assert "already" in fb["message"] and s.delta() == {}


def check_scan(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]
    assert rows[0]["ssid"] == "MorganHome" and rows[0]["connected"] is True
    assert all(r["in_range"] and "password" not in r for r in rows)
    signals = [r["signal"] for r in rows[1:]]
    assert signals == sorted(signals, reverse=True)
    guest = next(r for r in rows if r["ssid"] == "MorganHome-Guest")
    assert guest["needs_password"] is True


def check_saved(s: PhoneState, fb: dict[str, Any]) -> None:
    names = {r["ssid"] for r in fb["data"]}
    assert {"MorganHome", "Northwind-Corp", "Blue Bottle Coffee"} <= names
    assert "CarterFamily" not in names and all(r["saved"] for r in fb["data"])


def check_join_guest(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.wifi_connected") == "MorganHome-Guest"
    rec = s.get("wifi_networks", "MorganHome-Guest")
    assert rec["saved"] is True and "password" not in fb["data"]["network"]


def check_join_open(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.wifi_connected") == "xfinitywifi"
    assert fb["data"]["status"]["wifi"]["connected_ssid"] == "xfinitywifi"


def check_join_casefold(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["network"]["ssid"] == "CarterFamily"


def check_mobile_off(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.mobile_data") is False
    assert s.setting("network.hotspot") is False and "hotspot stopped" in fb["message"]


def check_mobile_on(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.mobile_data") is True and fb["data"]["mobile_data"]["active"] is True


def check_usage(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert [r["app_id"] for r in d["apps"][:3]] == ["spotify", "browser", "maps"]
    mobiles = [r["mobile_mb"] for r in d["apps"]]
    assert mobiles == sorted(mobiles, reverse=True) and len(d["apps"]) == 5
    assert d["cycle_start"] == "2026-05-01" and d["over_warning"] is False
    assert d["total_mobile_mb"] >= sum(mobiles)


def check_usage_app(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["apps"] == [
        {"app_id": "assistant", "name": "Assistant", "mobile_mb": 420, "wifi_mb": 1350, "total_mb": 1770}
    ]


def check_hotspot(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.hotspot") is True
    assert s.setting("network.hotspot_password") == "blue-ferry-88"
    assert fb["data"]["changed"] == ["ssid", "password", "enabled"]
    assert fb["data"]["ssid"] == "Alex's Hotspot"


def check_nfc_off(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("device.nfc") is False and fb["data"]["enabled"] is False


def check_nfc_app(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.nfc_payment_app") == "wallet" and s.setting("device.nfc") is True


def check_bt_on(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.bluetooth") is True and fb["data"]["bluetooth"]["enabled"] is True


def check_bt_off(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.bluetooth") is False and fb["data"]["disconnected"] == ["bt_001"]
    assert s.get("bluetooth_devices", "bt_001")["connected"] is False


def check_list_paired(s: PhoneState, fb: dict[str, Any]) -> None:
    ids = [d["id"] for d in fb["data"]]
    assert set(ids) == {"bt_001", "bt_002", "bt_003", "bt_004", "bt_007", "bt_008"}
    assert all(d["battery"] is None for d in fb["data"])  # nothing connected


def check_list_nearby(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]
    assert rows[0]["id"] == "bt_001" and rows[0]["connected"] is True and rows[0]["battery"] == 80
    ids = {d["id"] for d in rows}
    assert {"bt_005", "bt_006"} <= ids
    assert all(d["paired"] or d["in_range"] for d in rows)


def check_pair(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("bluetooth_devices", "bt_005")
    assert rec["paired"] is True and rec["connected"] is True
    assert log_events(s) == [("bt_005", "pair"), ("bt_005", "connect")]


def check_pair_audio(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["disconnected"] == ["bt_001"]
    assert s.get("bluetooth_devices", "bt_001")["connected"] is False


def check_connect_handover(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["device"]["connected"] is True and fb["data"]["disconnected"] == ["bt_002"]
    assert s.get("bluetooth_devices", "bt_002")["connected"] is False


def check_connect_keyboard(s: PhoneState, fb: dict[str, Any]) -> None:
    # A keyboard is not an audio device: the headphones stay connected.
    assert fb["data"]["disconnected"] == []
    assert s.get("bluetooth_devices", "bt_001")["connected"] is True


def check_disconnect(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("bluetooth_devices", "bt_001")
    assert rec["connected"] is False and rec["paired"] is True
    assert log_events(s)[-1] == ("bt_001", "disconnect")


def check_forget(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("bluetooth_devices", "bt_001")
    assert rec["paired"] is False and rec["connected"] is False
    assert log_events(s)[-2:] == [("bt_001", "disconnect"), ("bt_001", "unpair")]


SUCCESS: list[tuple[str, str, dict[str, Any], Setup, Check]] = [
    ("status", "get_network_status", {}, None, check_status),
    ("status-bt", "get_network_status", {}, headphones_on, check_status_bt),
    ("airplane-on", "set_airplane_mode", {"enabled": True}, headphones_on, check_airplane_on),
    ("airplane-hotspot", "set_airplane_mode", {"enabled": True}, hotspot_on, check_airplane_hotspot),
    ("airplane-off", "set_airplane_mode", {"enabled": False}, airplane, check_airplane_off),
    ("wifi-off", "set_wifi_enabled", {"enabled": False}, None, check_wifi_off),
    ("wifi-on", "set_wifi_enabled", {"enabled": True}, settings(wifi=False, wifi_connected=None), check_wifi_on),
    ("wifi-noop", "set_wifi_enabled", {"enabled": True}, None, check_wifi_noop),
    ("scan", "list_wifi_networks", {}, None, check_scan),
    ("saved", "list_wifi_networks", {"saved_only": True, "limit": 100}, settings(wifi=False), check_saved),
    ("join-guest", "connect_wifi_network", {"ssid": "MorganHome-Guest", "password": "welcome-guests"}, None, check_join_guest),
    ("join-open", "connect_wifi_network", {"ssid": "xfinitywifi"}, None, check_join_open),
    ("join-casefold", "connect_wifi_network", {"ssid": "carterfamily", "password": "sunflower42"}, None, check_join_casefold),
    ("mobile-off", "set_mobile_data_enabled", {"enabled": False}, hotspot_on, check_mobile_off),
    ("mobile-on", "set_mobile_data_enabled", {"enabled": True}, settings(mobile_data=False), check_mobile_on),
    ("usage", "get_app_data_usage", {"limit": 5}, None, check_usage),
    ("usage-app", "get_app_data_usage", {"app_id": "assistant"}, None, check_usage_app),
    ("hotspot", "set_hotspot", {"enabled": True, "ssid": " Alex's Hotspot ", "password": "blue-ferry-88"}, None, check_hotspot),
    ("nfc-off", "set_nfc_enabled", {"enabled": False}, None, check_nfc_off),
    ("nfc-app", "set_nfc_enabled", {"enabled": True, "payment_app_id": "wallet"}, None, check_nfc_app),
    ("bt-on", "set_bluetooth_enabled", {"enabled": True}, None, check_bt_on),
    ("bt-off", "set_bluetooth_enabled", {"enabled": False}, headphones_on, check_bt_off),
    ("bt-list", "list_bluetooth_devices", {}, None, check_list_paired),
    ("bt-nearby", "list_bluetooth_devices", {"include_nearby": True}, headphones_on, check_list_nearby),
    ("pair", "pair_bluetooth_device", {"device_id": "bt_005"}, bt_on, check_pair),
    ("pair-audio", "pair_bluetooth_device", {"device_id": "bt_006"}, headphones_on, check_pair_audio),
    ("connect", "connect_bluetooth_device", {"device_id": "bt_001"},
     steps(BT_ON, ("connect_bluetooth_device", {"device_id": "bt_002"})), check_connect_handover),
    ("connect-keyboard", "connect_bluetooth_device", {"device_id": "bt_005"},
     steps(BT_ON, ("connect_bluetooth_device", {"device_id": "bt_001"}), ("pair_bluetooth_device", {"device_id": "bt_005"}),
           ("disconnect_bluetooth_device", {"device_id": "bt_005"})), check_connect_keyboard),
    ("disconnect", "disconnect_bluetooth_device", {"device_id": "bt_001"}, headphones_on, check_disconnect),
    ("forget", "disconnect_bluetooth_device", {"device_id": "bt_001", "forget": True}, headphones_on, check_forget),
]  # fmt: skip

ERRORS: list[tuple[str, str, dict[str, Any], Setup, str]] = [
    ("status-arg", "get_network_status", {"verbose": True}, None, "InvalidArguments"),
    ("airplane-call", "set_airplane_mode", {"enabled": True}, in_call, "Conflict"),
    ("airplane-multiscreen", "set_airplane_mode", {"enabled": True}, multiscreen, "Conflict"),
    ("airplane-type", "set_airplane_mode", {"enabled": "yes"}, None, "InvalidArguments"),
    ("wifi-off-migration", "set_wifi_enabled", {"enabled": False}, migrating, "Conflict"),
    ("wifi-off-multiscreen", "set_wifi_enabled", {"enabled": False}, multiscreen, "Conflict"),
    ("scan-off", "list_wifi_networks", {}, settings(wifi=False), "PreconditionFailed"),
    ("scan-limit", "list_wifi_networks", {"limit": 0}, None, "InvalidArguments"),
    ("join-off", "connect_wifi_network", {"ssid": "xfinitywifi"}, settings(wifi=False), "PreconditionFailed"),
    ("join-unknown", "connect_wifi_network", {"ssid": "Nope"}, None, "NotFound"),
    ("join-no-password", "connect_wifi_network", {"ssid": "CarterFamily"}, None, "PreconditionFailed"),
    ("join-wrong-password", "connect_wifi_network", {"ssid": "CarterFamily", "password": "tulip"}, None, "InvalidArguments"),
    ("join-out-of-range", "connect_wifi_network", {"ssid": "Northwind-Guest"}, None, "PreconditionFailed"),
    ("join-enterprise", "connect_wifi_network", {"ssid": "Corp-Secure"}, None, "CapabilityLimit"),
    ("join-ambiguous", "connect_wifi_network", {"ssid": "cafe"}, None, "Ambiguous"),
    ("mobile-airplane", "set_mobile_data_enabled", {"enabled": True}, airplane, "PreconditionFailed"),
    ("usage-unknown", "get_app_data_usage", {"app_id": "nope"}, None, "NotFound"),
    ("usage-limit", "get_app_data_usage", {"limit": 0}, None, "InvalidArguments"),
    ("usage-sort", "get_app_data_usage", {"sort_by": "cost"}, None, "InvalidArguments"),
    ("hotspot-no-data", "set_hotspot", {"enabled": True}, settings(mobile_data=False), "PreconditionFailed"),
    ("hotspot-airplane", "set_hotspot", {"enabled": True}, airplane, "PreconditionFailed"),
    ("hotspot-password", "set_hotspot", {"password": "short"}, None, "InvalidArguments"),
    ("hotspot-nothing", "set_hotspot", {}, None, "InvalidArguments"),
    ("nfc-unknown-app", "set_nfc_enabled", {"enabled": True, "payment_app_id": "nope"}, None, "NotFound"),
    ("nfc-not-payment", "set_nfc_enabled", {"enabled": True, "payment_app_id": "clock"}, None, "CapabilityLimit"),
    ("bt-off-multiscreen", "set_bluetooth_enabled", {"enabled": False}, multiscreen, "Conflict"),
    ("bt-scan-off", "list_bluetooth_devices", {"include_nearby": True}, None, "PreconditionFailed"),
    ("pair-bt-off", "pair_bluetooth_device", {"device_id": "bt_005"}, None, "PreconditionFailed"),
    ("pair-again", "pair_bluetooth_device", {"device_id": "bt_001"}, bt_on, "AlreadyExists"),
    ("pair-unknown", "pair_bluetooth_device", {"device_id": "bt_999"}, bt_on, "NotFound"),
    ("pair-far", "pair_bluetooth_device", {"device_id": "bt_006"}, speaker_gone, "PreconditionFailed"),
    ("connect-bt-off", "connect_bluetooth_device", {"device_id": "bt_001"}, None, "PreconditionFailed"),
    ("connect-unpaired", "connect_bluetooth_device", {"device_id": "bt_005"}, bt_on, "PreconditionFailed"),
    ("connect-far", "connect_bluetooth_device", {"device_id": "bt_003"}, bt_on, "PreconditionFailed"),
    ("connect-unknown", "connect_bluetooth_device", {"device_id": "bt_999"}, bt_on, "NotFound"),
    ("disconnect-idle", "disconnect_bluetooth_device", {"device_id": "bt_001"}, bt_on, "PreconditionFailed"),
    ("forget-unpaired", "disconnect_bluetooth_device", {"device_id": "bt_005", "forget": True}, None, "PreconditionFailed"),
    ("disconnect-unknown", "disconnect_bluetooth_device", {"device_id": "bt_999"}, None, "NotFound"),
]  # fmt: skip

# Extra networks for the enterprise and ambiguity cases (a task's S0 would add them the same way).
_NET = {
    "signal": 50,
    "in_range": True,
    "band": "5 GHz",
    "saved": False,
    "auto_join": True,
    "last_connected": None,
}
PATCH = Patch(
    {
        "wifi_networks": {
            "Corp-Secure": {"ssid": "Corp-Secure", "security": "wpa2-enterprise", "password": None, **_NET},
            "Cafe": {"ssid": "Cafe", "security": "open", "password": None, **_NET},
            "CAFE": {"ssid": "CAFE", "security": "open", "password": None, **_NET},
        }
    }
)


CASES = DomainTests(DOMAIN, SUCCESS, ERRORS, count=14, patch=PATCH, is_read=get_or_list)
test_success, test_error, test_every_tool_is_covered_and_base_world_unwritten, test_tool_contract = (
    CASES.tests()
)


# ------------------------------------------------------------------------ cross-domain flows
def test_airplane_mode_blocks_sms_and_email_until_wifi_returns() -> None:
    s = fresh()
    call(s, "set_airplane_mode", {"enabled": True})
    sms = execute(s, "send_message", {"contact_id": "contact_004", "text": "Boarding now"})
    assert sms["error_type"] == "PreconditionFailed"
    mail = {"to": ["contact_001"], "subject": "Offline", "body": "Back tomorrow"}
    assert execute(s, "send_email", mail)["error_type"] == "PreconditionFailed"
    assert execute(s, "set_mobile_data_enabled", {"enabled": True})["error_type"] == "PreconditionFailed"
    # In-flight Wi-Fi: Wi-Fi may be turned back on by hand; email works, SMS still needs cellular.
    assert call(s, "set_wifi_enabled", {"enabled": True})["data"]["joined"] == "MorganHome"
    call(s, "send_email", mail)
    assert execute(s, "send_message", {"contact_id": "contact_004", "text": "x"})["status"] == "error"


def test_wifi_off_ends_cast_on_the_tv() -> None:
    s = fresh()
    sid = call(s, "start_cast_session", {"device_id": "xdev_001"})["data"]["id"]
    fb = call(s, "set_wifi_enabled", {"enabled": False})
    assert fb["data"]["stopped_casts"] == [sid]
    sess = s.get("cast_sessions", sid)
    assert sess["status"] == "stopped" and sess["stopped_at"] == "2026-05-20T09:00:01"
    assert log_events(s) == [("xdev_001", "connect"), ("xdev_001", "disconnect")]


def test_data_usage_follows_the_installed_apps() -> None:
    s = fresh(Patch({"apps": {"spotify": None}}))
    rows = call(s, "get_app_data_usage", {"limit": 100})["data"]["apps"]
    assert "spotify" not in {r["app_id"] for r in rows}
    assert len(rows) == min(100, s.count("apps"))
    # An app without a usage row (e.g. installed in this episode) used no data.
    s2 = fresh(
        Patch({"apps": {"newapp": {**load_world().tables["apps"]["clock"], "id": "newapp", "name": "New"}}})
    )
    row = call(s2, "get_app_data_usage", {"app_id": "newapp"})["data"]["apps"][0]
    assert row["mobile_mb"] == row["wifi_mb"] == 0


def test_control_center_style_switches_are_respected() -> None:
    # Another domain may flip the Bluetooth switch alone: the device's flag only counts while it is on.
    s = fresh()
    call(s, "set_bluetooth_enabled", {"enabled": True})
    call(s, "connect_bluetooth_device", {"device_id": "bt_001"})
    s.set_setting("network.bluetooth", False)
    rows = call(s, "list_bluetooth_devices", {})["data"]
    assert next(r for r in rows if r["id"] == "bt_001")["connected"] is False
    assert (
        execute(s, "disconnect_bluetooth_device", {"device_id": "bt_001"})["error_type"]
        == "PreconditionFailed"
    )
    s.set_setting("network.wifi", False)
    assert call(s, "get_network_status", {})["data"]["wifi"]["connected_ssid"] is None


# ------------------------------------------------------------------------ world
def test_core_world() -> None:
    t = load_world().tables
    assert t["settings"]["network.wifi_connected"]["value"] == "MorganHome"
    assert t["settings"]["network.hotspot"]["value"] is False
    home = t["wifi_networks"]["MorganHome"]
    assert home["saved"] and home["in_range"] and home["security"] == "wpa2"
    assert [d for d in t["bluetooth_devices"].values() if d["connected"]] == []
    assert {d["kind"] for d in t["bluetooth_devices"].values()} >= {
        "headphones",
        "car",
        "speaker",
        "keyboard",
    }
    assert t["apps"]["wallet"]["category"] == "finance"
    assert all(a in t["data_usage"] for a, _, _ in net.CORE_USAGE)


def test_core_identical_across_scales_and_deterministic() -> None:
    small, medium = build_tables("S"), build_tables("M")
    for ssid, *_ in net.CORE_WIFI:
        assert small["wifi_networks"][ssid] == medium["wifi_networks"][ssid]
    for did, *_ in net.CORE_BT:
        assert small["bluetooth_devices"][did] == medium["bluetooth_devices"][did]
    assert len(small["wifi_networks"]) < len(medium["wifi_networks"])
    assert build_tables("M", seed=3)["wifi_networks"] == build_tables("M", seed=3)["wifi_networks"]



# ------------------------------------------------------------------------ Android's airplane mode
def test_leaving_airplane_mode_restores_the_radios_that_were_on() -> None:
    s = fresh()
    assert s.setting("network.wifi") is True
    call(s, "set_bluetooth_enabled", {"enabled": True})
    on = call(s, "set_airplane_mode", {"enabled": True})["data"]
    assert not on["wifi"]["enabled"] and not on["bluetooth"]["enabled"]
    assert {"wifi", "bluetooth"} <= set(on["turned_off"])
    off = call(s, "set_airplane_mode", {"enabled": False})["data"]
    assert off["restored"] == ["wifi", "bluetooth"]
    assert off["wifi"]["enabled"] and off["wifi"]["connected_ssid"] == "MorganHome"
    assert off["bluetooth"]["enabled"] and off["mobile_data"]["active"]


def test_a_radio_left_off_before_airplane_mode_stays_off_after_it() -> None:
    s = fresh()
    call(s, "set_bluetooth_enabled", {"enabled": False})
    call(s, "set_airplane_mode", {"enabled": True})
    off = call(s, "set_airplane_mode", {"enabled": False})["data"]
    assert off["restored"] == ["wifi"] and not off["bluetooth"]["enabled"]


def test_choices_made_during_airplane_mode_are_kept() -> None:
    s = fresh()
    call(s, "set_bluetooth_enabled", {"enabled": False})
    call(s, "set_airplane_mode", {"enabled": True})
    call(s, "set_bluetooth_enabled", {"enabled": True})  # turned on by hand in the air: stays on
    call(s, "set_wifi_enabled", {"enabled": True})
    call(s, "set_wifi_enabled", {"enabled": False})  # switched off by hand: not restored
    off = call(s, "set_airplane_mode", {"enabled": False})["data"]
    assert off["restored"] == []
    assert off["bluetooth"]["enabled"] and not off["wifi"]["enabled"]


def test_quick_setting_and_automation_rule_restore_like_the_toggle() -> None:
    s = fresh()
    call(s, "set_quick_setting", {"tile": "airplane_mode", "enabled": True})
    call(s, "set_quick_setting", {"tile": "airplane_mode", "enabled": False})
    assert s.setting("network.wifi") is True and s.setting("network.wifi_connected") == "MorganHome"
    rule = call(
        s,
        "create_automation_rule",
        {"name": "Flight", "trigger": "time", "trigger_value": "22:00",
         "actions": [{"setting": "network.airplane_mode", "value": True}]},
    )["data"]
    rid = rule["id"] if "id" in rule else rule["rule"]["id"]
    call(s, "update_automation_rule", {"rule_id": rid, "run_now": True})
    assert s.setting("network.wifi") is False and s.setting("network.wifi_connected") is None
    call(s, "set_airplane_mode", {"enabled": False})
    assert s.setting("network.wifi") is True


def test_app_data_usage_follows_writes() -> None:
    """The usage rows are kept per task patch until the episode writes apps or data_usage: an app's
    use written between two calls shows in the second, and another episode sees the unwritten rows."""
    s = fresh()
    before = call(s, "get_app_data_usage", {"limit": 3})["data"]
    top = before["apps"][0]
    s.put("data_usage", "assistant", {"mobile_mb": top["mobile_mb"] + 1000, "wifi_mb": 0})
    after = call(s, "get_app_data_usage", {"limit": 3})["data"]
    assert after["apps"][0]["app_id"] == "assistant" and after["total_mobile_mb"] > before["total_mobile_mb"]
    assert call(fresh(), "get_app_data_usage", {"limit": 3})["data"] == before
