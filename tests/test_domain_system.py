"""System Settings: every tool's success and error paths, cross-domain effects and the seeded world."""

from __future__ import annotations

from typing import Any

from domain_harness import Check, DomainTests, Hook, Setup, by_tool, call, chain, delta, fresh
from mpb_env.domains import system as sysmod
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import build_tables, load_world
from mpb_env.world.state import PhoneState

DOMAIN = "System Settings"
WORLD = load_world()


def changed_settings(s: PhoneState) -> dict[str, Any]:
    return {k: v["after"]["value"] for k, v in delta(s, "settings").items()}


def tile_order(s: PhoneState) -> list[str]:
    return [t["id"] for t in sorted(s.values("control_center"), key=lambda t: t["position"])]


def page_items(s: PhoneState, page_id: str = "page_1") -> list[str]:
    rec = s.get("home_screen", page_id)
    assert rec is not None
    return [i["app_id"] if i["type"] == "app" else i["id"] for i in rec["items"]]


# ------------------------------------------------------------------------ setups
def settings(**values: Any) -> Hook:
    def hook(s: PhoneState) -> None:
        for key, value in values.items():
            s.set_setting(key.replace("__", "."), value)

    return hook


def install(*app_ids: str) -> Hook:
    """Install extra apps (records shaped like Apps & Storage's)."""

    def hook(s: PhoneState) -> None:
        for app_id in app_ids:
            s.put(
                "apps",
                app_id,
                {
                    "id": app_id,
                    "name": app_id.replace("_", " ").title(),
                    "package": f"com.example.{app_id}",
                    "category": "travel",
                    "permissions": {"LOCATION": True},
                    "size_mb": 50,
                    "notifications": True,
                    "running": False,
                },
            )

    return hook


BASE_FREE = WORLD.tables["settings"]["storage.free_mb"]["value"]
PAGE_1 = ["phone", "messages", "camera", "gallery", "maps", "chrome", "calendar", "clock", "assistant", "weather",
          "folder_001", "folder_002"]  # fmt: skip
PAGE_2 = ["spotify", "youtube", "netflix", "whatsapp", "instagram", "kindle", "strava", "folder_003"]


def full_page_1(s: PhoneState) -> None:
    page = s.get("home_screen", "page_1")
    assert page is not None
    fillers = [f"filler_{i:02d}" for i in range(sysmod.MAX_PAGE_ITEMS - len(page["items"]))]
    install(*fillers)(s)
    s.put(
        "home_screen",
        "page_1",
        {**page, "items": page["items"] + [{"type": "app", "app_id": a} for a in fillers]},
    )


def five_pages(s: PhoneState) -> None:
    for n in range(3, 6):
        s.put("home_screen", f"page_{n}", {"id": f"page_{n}", "index": n, "items": []})


def all_tiles(s: PhoneState) -> None:
    call(s, "add_control_center_tile", {"tile": "mobile_data"})
    call(s, "add_control_center_tile", {"tile": "nfc"})


def downloaded(s: PhoneState) -> None:
    call(s, "download_system_update", {})


def on_a_call(s: PhoneState) -> None:
    s.put("active_call", "current", {"id": "call_n900", "contact_id": "contact_006", "phone": "+1 415 555 0106",
                                     "name": "Linda Morgan", "direction": "out", "started": "2026-05-20T08:59:00"})  # fmt: skip


def uninstall(*app_ids: str) -> Hook:
    def hook(s: PhoneState) -> None:
        for a in app_ids:
            s.delete("apps", a)

    return hook


def running(*app_ids: str) -> Hook:
    def hook(s: PhoneState) -> None:
        for a in app_ids:
            s.update("apps", a, running=True)

    return hook


# ------------------------------------------------------------------------ success checks
def c_tiles(s: PhoneState, fb: dict[str, Any]) -> None:
    tiles = fb["data"]["tiles"]
    assert [t["id"] for t in tiles] == list(sysmod.DEFAULT_TILES)
    assert [t["position"] for t in tiles] == list(range(1, 9))
    on = {t["id"]: t["on"] for t in tiles}
    assert on["wifi"] is True and on["bluetooth"] is False and on["auto_rotate"] is True
    assert fb["data"]["available"] == []


def c_tiles_available(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [t["id"] for t in fb["data"]["available"]] == ["mobile_data", "auto_brightness", "nfc"]
    assert fb["data"]["available"][0] == {"id": "mobile_data", "label": "Mobile data",
                                          "setting": "network.mobile_data", "on": True}  # fmt: skip


def c_tiles_reflect_settings(s: PhoneState, fb: dict[str, Any]) -> None:
    on = {t["id"]: t["on"] for t in fb["data"]["tiles"]}
    assert on["dnd"] is True and on["dark_mode"] is True


def c_add_tile_first(s: PhoneState, fb: dict[str, Any]) -> None:
    assert tile_order(s) == ["mobile_data", *sysmod.DEFAULT_TILES]
    d = delta(s, "control_center")
    assert d["mobile_data"]["op"] == "create" and d["wifi"]["changed"] == {"position": 2}
    assert [t["id"] for t in fb["data"]][:2] == ["mobile_data", "wifi"]


def c_add_tile_end(s: PhoneState, fb: dict[str, Any]) -> None:
    assert tile_order(s) == [*sysmod.DEFAULT_TILES, "nfc"]
    assert set(delta(s, "control_center")) == {"nfc"}
    assert s.get("control_center", "nfc") == {
        "id": "nfc",
        "label": "NFC",
        "setting": "device.nfc",
        "position": 9,
    }


def c_remove_tile(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("control_center", "flashlight") is None
    assert tile_order(s) == [
        "wifi",
        "bluetooth",
        "dnd",
        "airplane_mode",
        "dark_mode",
        "battery_saver",
        "auto_rotate",
    ]
    assert s.get("control_center", "airplane_mode")["position"] == 4
    assert "settings" not in s.delta()


def c_move_tile(s: PhoneState, fb: dict[str, Any]) -> None:
    assert tile_order(s)[:3] == ["dark_mode", "wifi", "bluetooth"]
    assert s.get("control_center", "auto_rotate")["position"] == 8
    assert "auto_rotate" not in delta(s, "control_center")


def c_qs_bluetooth(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed_settings(s) == {"network.bluetooth": True}
    assert fb["data"]["changes"] == [{"setting": "network.bluetooth", "before": False, "after": True}]


def c_qs_airplane(s: PhoneState, fb: dict[str, Any]) -> None:
    # Airplane mode drops the Wi-Fi connection too, exactly as set_airplane_mode does.
    assert changed_settings(s) == {
        "network.airplane_mode": True,
        "network.wifi": False,
        "network.wifi_connected": None,
    }
    assert s.setting("network.bluetooth") is False and s.setting("network.mobile_data") is True


def c_qs_airplane_again(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["changes"] == [] and s.setting("network.wifi") is True  # Wi-Fi turned back on by hand


def c_qs_airplane_radios(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.bluetooth") is False and s.setting("network.hotspot") is False
    assert [c["setting"] for c in fb["data"]["changes"]] == [
        "network.airplane_mode",
        "network.wifi",
        "network.wifi_connected",
        "network.bluetooth",
        "network.hotspot",
    ]


def c_qs_saver(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed_settings(s) == {"battery.power_saving": True, "display.dark_mode": True}


def c_qs_noop(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["changes"] == [] and s.delta() == {}
    assert "already on" in fb["message"]


def c_qs_dnd(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed_settings(s) == {"dnd.enabled": True}


def c_qs_dnd_off_timed(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("dnd.enabled") is False and s.setting("dnd.until") is None


def c_qs_flashlight(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("device.flashlight") is True and fb["data"]["setting"] == "device.flashlight"


def c_about(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert (d["name"], d["model"], d["os_version"]) == ("Alex's Phone", "Nova 8 Pro", "15.2")
    assert d["storage"] == {"total_mb": 128_000, "free_mb": BASE_FREE, "used_mb": 128_000 - BASE_FREE}
    assert d["battery"]["level"] == 58 and d["battery"]["health"] == "good"
    assert d["battery"]["power_saving"] is False
    assert d["locale"]["language_name"] == "English (United States)"
    assert d["locale"]["timezone"] == "America/Los_Angeles" and d["locale"]["time_24h"] is False
    assert d["installed_apps"] == len(WORLD.tables["apps"])


def c_about_storage(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["storage"]["free_mb"] == 5_000 and fb["data"]["storage"]["used_mb"] == 123_000
    assert fb["data"]["installed_apps"] == len(WORLD.tables["apps"]) + 1


def c_saver_on(s: PhoneState, fb: dict[str, Any]) -> None:
    # Android's Battery Saver turns the dark theme on and leaves brightness alone.
    assert changed_settings(s) == {"battery.power_saving": True, "display.dark_mode": True}
    assert fb["data"]["battery_level"] == 58


def c_saver_on_dim(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("display.brightness") == 30 and s.setting("battery.power_saving") is True
    assert fb["data"]["changes"] == [
        {"setting": "battery.power_saving", "before": False, "after": True},
        {"setting": "display.dark_mode", "before": False, "after": True},
    ]


def c_saver_off(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("battery.power_saving") is False and "battery.power_saving" not in delta(s, "settings")


def c_rename(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed_settings(s) == {"device.name": "Alex's Nova"}
    assert fb["data"] == {"before": "Alex's Phone", "after": "Alex's Nova"}


def c_home(s: PhoneState, fb: dict[str, Any]) -> None:
    p1, p2 = fb["data"]
    assert (p1["page"], p1["id"], p2["page"], p2["id"]) == (1, "page_1", 2, "page_2")
    assert [i.get("app_id", i.get("id")) for i in p1["items"]] == PAGE_1
    assert [i.get("app_id", i.get("id")) for i in p2["items"]] == PAGE_2
    work = p1["items"][10]
    assert work["name"] == "Work" and work["position"] == 11
    assert [a["name"] for a in work["apps"]] == ["Mail", "Slack", "Zoom", "Outlook"]
    assert p1["items"][0] == {"position": 1, "type": "app", "app_id": "phone", "name": "Phone"}


def c_home_hides_uninstalled(s: PhoneState, fb: dict[str, Any]) -> None:
    p1, p2 = fb["data"]
    assert "clock" not in [i.get("app_id") for i in p1["items"]] and p1["items"][-1]["position"] == 11
    assert p2["items"][-1] == {"position": 8, "type": "app", "app_id": "wallet", "name": "Wallet"}


def c_add_icon(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"] == {"app_id": "contacts", "page": 1, "position": 13}
    assert page_items(s) == [*PAGE_1, "contacts"] and set(delta(s, "home_screen")) == {"page_1"}


def c_add_icon_new_page(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"] == {"app_id": "contacts", "page": 3, "position": 1}
    assert s.get("home_screen", "page_n001") == {"id": "page_n001", "index": 3,
                                                 "items": [{"type": "app", "app_id": "contacts"}]}  # fmt: skip


def c_add_icon_overflow(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"] == {"app_id": "contacts", "page": 2, "position": 9}
    assert page_items(s, "page_2") == [*PAGE_2, "contacts"]


def c_remove_icon(s: PhoneState, fb: dict[str, Any]) -> None:
    assert page_items(s) == [a for a in PAGE_1 if a != "clock"]
    assert s.get("apps", "clock") is not None  # the app stays installed
    assert fb["data"] == {"removed": {"type": "app", "app_id": "clock"}, "page": 1}


def c_remove_from_folder(s: PhoneState, fb: dict[str, Any]) -> None:
    assert page_items(s) == PAGE_1
    assert s.get("home_screen", "page_1")["items"][10]["app_ids"] == ["mail", "slack", "outlook"]


def c_remove_dissolves_folder(s: PhoneState, fb: dict[str, Any]) -> None:
    assert page_items(s, "page_2") == [*PAGE_2[:-1], "wallet"]


def c_remove_folder(s: PhoneState, fb: dict[str, Any]) -> None:
    assert page_items(s) == PAGE_1[:-1]
    assert fb["data"]["removed"]["name"] == "Travel" and s.get("apps", "uber") is not None


def c_move_icon(s: PhoneState, fb: dict[str, Any]) -> None:
    assert page_items(s) == ["assistant", *(a for a in PAGE_1 if a != "assistant")]
    assert fb["data"] == {"item_id": "assistant", "page": 1, "position": 1}


def c_move_out_of_folder(s: PhoneState, fb: dict[str, Any]) -> None:
    assert page_items(s) == PAGE_1
    assert s.get("home_screen", "page_1")["items"][11]["app_ids"] == ["lyft", "airline", "airbnb"]
    assert page_items(s, "page_2") == [*PAGE_2, "uber"]
    assert fb["data"] == {"item_id": "uber", "page": 2, "position": 9}


def c_move_folder(s: PhoneState, fb: dict[str, Any]) -> None:
    assert page_items(s)[:3] == ["phone", "folder_003", "messages"] and len(page_items(s)) == 13
    assert page_items(s, "page_2") == PAGE_2[:-1]


def c_move_new_page(s: PhoneState, fb: dict[str, Any]) -> None:
    assert page_items(s, "page_n001") == ["weather"] and fb["data"]["page"] == 3


def c_folder(s: PhoneState, fb: dict[str, Any]) -> None:
    assert page_items(s) == ["folder_n001", *PAGE_1[2:]]
    assert s.get("home_screen", "page_1")["items"][0] == {
        "type": "folder", "id": "folder_n001", "name": "Talk", "app_ids": ["phone", "messages"]
    }  # fmt: skip
    assert fb["data"]["page"] == 1 and fb["data"]["position"] == 1


def c_folder_from_folder(s: PhoneState, fb: dict[str, Any]) -> None:
    # mail leaves the Work folder; clock leaves page 1; the new folder goes to the first page with room.
    assert page_items(s) == [*(a for a in PAGE_1 if a != "clock"), "folder_n001"]
    assert s.get("home_screen", "page_1")["items"][9]["app_ids"] == ["slack", "zoom", "outlook"]
    assert fb["data"]["folder"] == {"id": "folder_n001", "name": "Daily", "app_ids": ["mail", "clock"]}


def c_folder_on_page(s: PhoneState, fb: dict[str, Any]) -> None:
    assert page_items(s) == PAGE_1[2:]
    assert page_items(s, "page_n001") == ["folder_n001"]
    assert fb["data"]["page"] == 3


def c_folder_not_on_home(s: PhoneState, fb: dict[str, Any]) -> None:
    assert page_items(s) == [*PAGE_1[1:], "folder_n001"]
    assert fb["data"]["folder"]["app_ids"] == ["contacts", "phone"]


def c_wallpapers(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = {w["id"]: w for w in fb["data"]}
    assert len(rows) == len(WORLD.tables["wallpapers"])
    assert rows["wallpaper_001"]["in_use"] == ["home"] and rows["wallpaper_002"]["in_use"] == ["lock"]
    assert rows["wallpaper_003"]["in_use"] == []


def c_wallpapers_space(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"] and all(w["category"] == "space" for w in fb["data"])
    assert "wallpaper_005" in [w["id"] for w in fb["data"]]


def c_wallpaper_lock(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed_settings(s) == {"wallpaper.lock": "wallpaper_004"}


def c_wallpaper_both(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed_settings(s) == {"wallpaper.home": "wallpaper_005", "wallpaper.lock": "wallpaper_005"}
    assert fb["data"]["wallpaper"]["live"] is True


def lang(code: str) -> Check:
    def check(s: PhoneState, fb: dict[str, Any]) -> None:
        assert changed_settings(s) == {"system.language": code}
        assert fb["data"]["after"] == code and fb["data"]["before"] == "en-US"

    return check


def c_region_gb(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed_settings(s) == {
        "system.region": "GB",
        "system.date_format": "DD/MM/YYYY",
        "system.time_24h": True,
    }
    assert fb["data"]["region_name"] == "United Kingdom"


def c_region_de_12h(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed_settings(s) == {"system.region": "DE", "system.date_format": "DD.MM.YYYY"}


def c_region_24h(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed_settings(s) == {"system.time_24h": True}


def c_tz_ny(s: PhoneState, fb: dict[str, Any]) -> None:
    assert changed_settings(s) == {"system.timezone": "America/New_York", "system.auto_timezone": False}


def c_tz_tokyo(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("system.timezone") == "Asia/Tokyo"


def c_tz_auto(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("system.timezone") == "America/Los_Angeles" and s.setting("system.auto_timezone") is True
    assert delta(s, "settings") == {}  # back to the base values


def c_check_update(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert d["current_version"] == "15.2" and d["update"]["id"] == "update_003"
    assert d["update"]["status"] == "available" and d["last_installed"]["id"] == "update_002"


def c_check_update_downloaded(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["update"]["status"] == "downloaded"


def c_download(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("system_updates", "update_003")
    assert rec["status"] == "downloaded" and rec["downloaded_at"] == "2026-05-20T09:00:00"
    assert changed_settings(s) == {"storage.free_mb": BASE_FREE - 2150}
    assert fb["data"]["free_mb"] == BASE_FREE - 2150


def c_download_mobile(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("system_updates", "update_003")["status"] == "downloaded"
    assert s.setting("storage.free_mb") == 2_850


def c_install(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("system_updates", "update_003")["status"] == "installed"
    assert s.setting("device.os_version") == "15.3"
    assert s.setting("storage.free_mb") == BASE_FREE
    was_running = [a for a, rec in WORLD.tables["apps"].items() if rec.get("running")]
    assert sorted(fb["data"]["closed_apps"]) == sorted({"assistant", *was_running})
    assert not any(a.get("running") for a in s.values("apps"))
    # Apps running in the base world show as closed; assistant ran and was closed again: no net change.
    assert {k: v["changed"] for k, v in delta(s, "apps").items()} == {
        a: {"running": False} for a in was_running
    }


def c_install_charging(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["os_version"] == "15.3"


def c_restore_display(s: PhoneState, fb: dict[str, Any]) -> None:
    assert delta(s, "settings") == {}
    assert {c["setting"] for c in fb["data"]["changes"]} == {"display.brightness", "display.dark_mode"}


def c_restore_network(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.airplane_mode") is False and s.setting("network.wifi") is True
    assert s.setting("battery.level") == 12  # a reading, never reset
    assert "network.airplane_mode" not in delta(s, "settings")


def c_restore_tiles(s: PhoneState, fb: dict[str, Any]) -> None:
    assert tile_order(s) == list(sysmod.DEFAULT_TILES) and delta(s, "control_center") == {}
    assert fb["data"]["tiles"] == list(sysmod.DEFAULT_TILES)


def c_restore_display_saver(s: PhoneState, fb: dict[str, Any]) -> None:
    base = WORLD.tables["settings"]["display.brightness"]["value"]
    assert s.setting("display.brightness") == base and s.setting("display.dark_mode") is True  # saver keeps it


def c_restore_system(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("system.language") == "en-US" and s.setting("system.region") == "US"
    assert delta(s, "settings") == {}


SUCCESS: list[tuple[str, dict[str, Any], Setup, Check]] = [
    ("list_control_center_tiles", {}, None, c_tiles),
    ("list_control_center_tiles", {"include_available": True}, None, c_tiles_available),
    ("list_control_center_tiles", {}, settings(dnd__enabled=True, display__dark_mode=True), c_tiles_reflect_settings),
    ("add_control_center_tile", {"tile": "mobile_data", "position": 1}, None, c_add_tile_first),
    ("add_control_center_tile", {"tile": "nfc"}, None, c_add_tile_end),
    ("remove_control_center_tile", {"tile": "flashlight"}, None, c_remove_tile),
    ("move_control_center_tile", {"tile": "dark_mode", "position": 1}, None, c_move_tile),
    ("set_quick_setting", {"tile": "bluetooth", "enabled": True}, None, c_qs_bluetooth),
    ("set_quick_setting", {"tile": "airplane_mode", "enabled": True}, None, c_qs_airplane),
    ("set_quick_setting", {"tile": "airplane_mode", "enabled": True},
     settings(network__bluetooth=True, network__hotspot=True), c_qs_airplane_radios),
    ("set_quick_setting", {"tile": "airplane_mode", "enabled": True}, settings(network__airplane_mode=True),
     c_qs_airplane_again),
    ("set_quick_setting", {"tile": "battery_saver", "enabled": True}, None, c_qs_saver),
    ("set_quick_setting", {"tile": "wifi", "enabled": True}, None, c_qs_noop),
    ("set_quick_setting", {"tile": "dnd", "enabled": True}, None, c_qs_dnd),
    ("set_quick_setting", {"tile": "dnd", "enabled": False},
     settings(dnd__enabled=True, dnd__until="2026-05-20T11:00:00"), c_qs_dnd_off_timed),
    ("set_quick_setting", {"tile": "flashlight", "enabled": True}, None, c_qs_flashlight),
    ("get_about_phone", {}, None, c_about),
    ("get_about_phone", {}, chain(settings(storage__free_mb=5_000), install("trail_maps")), c_about_storage),
    ("set_battery_saver", {"enabled": True}, None, c_saver_on),
    ("set_battery_saver", {"enabled": True}, settings(display__brightness=30), c_saver_on_dim),
    ("set_battery_saver", {"enabled": False}, settings(battery__power_saving=True), c_saver_off),
    ("rename_phone", {"name": "  Alex's Nova "}, None, c_rename),
    ("list_home_screen", {}, None, c_home),
    ("list_home_screen", {}, uninstall("clock", "venmo", "bank"), c_home_hides_uninstalled),
    ("add_home_screen_icon", {"app_id": "contacts"}, None, c_add_icon),
    ("add_home_screen_icon", {"app_id": "contacts", "page": 3}, None, c_add_icon_new_page),
    ("add_home_screen_icon", {"app_id": "contacts"}, full_page_1, c_add_icon_overflow),
    ("remove_home_screen_icon", {"item_id": "clock"}, None, c_remove_icon),
    ("remove_home_screen_icon", {"item_id": "zoom"}, None, c_remove_from_folder),
    ("remove_home_screen_icon", {"item_id": "venmo"},
     lambda s: call(s, "remove_home_screen_icon", {"item_id": "bank"}) and None, c_remove_dissolves_folder),
    ("remove_home_screen_icon", {"item_id": "folder_002"}, None, c_remove_folder),
    ("move_home_screen_icon", {"item_id": "assistant", "page": 1, "position": 1}, None, c_move_icon),
    ("move_home_screen_icon", {"item_id": "uber", "page": 2}, None, c_move_out_of_folder),
    ("move_home_screen_icon", {"item_id": "folder_003", "page": 1, "position": 2}, None, c_move_folder),
    ("move_home_screen_icon", {"item_id": "weather", "page": 3}, None, c_move_new_page),
    ("create_home_screen_folder", {"name": " Talk ", "app_ids": ["phone", "messages", "phone"]}, None, c_folder),
    ("create_home_screen_folder", {"name": "Daily", "app_ids": ["mail", "clock"]}, None, c_folder_from_folder),
    ("create_home_screen_folder", {"name": "Calls", "app_ids": ["phone", "messages"], "page": 3}, None,
     c_folder_on_page),
    ("create_home_screen_folder", {"name": "People", "app_ids": ["contacts", "phone"]}, None, c_folder_not_on_home),
    ("list_wallpapers", {}, None, c_wallpapers),
    ("list_wallpapers", {"category": "space"}, None, c_wallpapers_space),
    ("set_wallpaper", {"wallpaper_id": "wallpaper_004", "screen": "lock"}, None, c_wallpaper_lock),
    ("set_wallpaper", {"wallpaper_id": "wallpaper_005"}, None, c_wallpaper_both),
    ("set_system_language", {"language": "es-MX"}, None, lang("es-MX")),
    ("set_system_language", {"language": "Japanese"}, None, lang("ja-JP")),
    ("set_system_language", {"language": "fr_ca"}, None, lang("fr-CA")),
    ("set_system_language", {"language": "de"}, None, lang("de-DE")),
    ("set_system_language", {"language": "Spanish (Spain)"}, None, lang("es-ES")),
    ("set_region_format", {"region": "gb"}, None, c_region_gb),
    ("set_region_format", {"region": "DE", "use_24_hour": False}, None, c_region_de_12h),
    ("set_region_format", {"use_24_hour": True}, None, c_region_24h),
    ("set_time_zone", {"timezone": "New York"}, None, c_tz_ny),
    ("set_time_zone", {"timezone": "asia/tokyo"}, None, c_tz_tokyo),
    ("set_time_zone", {"automatic": True}, settings(system__timezone="Asia/Tokyo", system__auto_timezone=False),
     c_tz_auto),
    ("check_system_update", {}, None, c_check_update),
    ("check_system_update", {}, settings(network__wifi=False), c_check_update),
    ("check_system_update", {}, downloaded, c_check_update_downloaded),
    ("download_system_update", {}, None, c_download),
    ("download_system_update", {"update_id": "update_003", "use_mobile_data": True},
     settings(network__wifi=False, storage__free_mb=5_000), c_download_mobile),
    ("install_system_update", {"update_id": "update_003"}, chain(downloaded, running("assistant")), c_install),
    ("install_system_update", {}, chain(downloaded, settings(battery__level=12, battery__charging=True)),
     c_install_charging),
    ("restore_default_settings", {"section": "display"}, settings(display__brightness=20, display__dark_mode=True),
     c_restore_display),
    ("restore_default_settings", {"section": "network"},
     chain(lambda s: call(s, "set_quick_setting", {"tile": "airplane_mode", "enabled": True}) and None,
          settings(battery__level=12)), c_restore_network),
    ("restore_default_settings", {"section": "control_center"},
     chain(lambda s: call(s, "add_control_center_tile", {"tile": "nfc", "position": 1}) and None,
          lambda s: call(s, "remove_control_center_tile", {"tile": "wifi"}) and None), c_restore_tiles),
    ("restore_default_settings", {"section": "display"}, settings(battery__power_saving=True, display__dark_mode=True),
     c_restore_display_saver),
    ("restore_default_settings", {"section": "system"}, settings(system__language="ja-JP", system__region="JP"),
     c_restore_system),
]  # fmt: skip

ERRORS: list[tuple[str, dict[str, Any], Setup, str]] = [
    ("list_control_center_tiles", {"include_available": "yes"}, None, "InvalidArguments"),
    ("add_control_center_tile", {"tile": "wifi"}, None, "AlreadyExists"),
    ("add_control_center_tile", {"tile": "nfc", "position": 12}, None, "InvalidArguments"),
    ("add_control_center_tile", {"tile": "nfc", "position": 0}, None, "InvalidArguments"),
    ("add_control_center_tile", {"tile": "auto_brightness"}, all_tiles, "CapabilityLimit"),
    ("add_control_center_tile", {"tile": "hotspot"}, None, "InvalidArguments"),
    ("remove_control_center_tile", {"tile": "nfc"}, None, "NotFound"),
    ("move_control_center_tile", {"tile": "nfc", "position": 1}, None, "NotFound"),
    ("move_control_center_tile", {"tile": "wifi", "position": 9}, None, "InvalidArguments"),
    ("move_control_center_tile", {"tile": "wifi", "position": 0}, None, "InvalidArguments"),
    ("set_quick_setting", {"tile": "nfc", "enabled": True}, None, "PreconditionFailed"),
    ("set_quick_setting", {"tile": "mobile_data", "enabled": True},
     chain(lambda s: call(s, "add_control_center_tile", {"tile": "mobile_data"}) and None,
          settings(network__airplane_mode=True, network__mobile_data=False)), "PreconditionFailed"),
    ("set_quick_setting", {"tile": "battery_saver", "enabled": True}, settings(battery__charging=True),
     "PreconditionFailed"),
    ("set_quick_setting", {"tile": "flashlight", "enabled": True}, settings(battery__level=4), "PreconditionFailed"),
    ("set_quick_setting", {"tile": "wifi"}, None, "InvalidArguments"),
    ("set_quick_setting", {"tile": "airplane_mode", "enabled": True}, on_a_call, "Conflict"),
    ("get_about_phone", {"verbose": True}, None, "InvalidArguments"),
    ("set_battery_saver", {"enabled": True}, settings(battery__charging=True), "PreconditionFailed"),
    ("set_battery_saver", {"enabled": "on"}, None, "InvalidArguments"),
    ("rename_phone", {"name": "   "}, None, "InvalidArguments"),
    ("rename_phone", {"name": "x" * 33}, None, "CapabilityLimit"),
    ("rename_phone", {"name": "Alex\nPhone"}, None, "InvalidArguments"),
    ("list_home_screen", {"page": 1}, None, "InvalidArguments"),
    ("add_home_screen_icon", {"app_id": "not_an_app"}, None, "NotFound"),
    ("add_home_screen_icon", {"app_id": "mail"}, None, "AlreadyExists"),
    ("add_home_screen_icon", {"app_id": "phone"}, None, "AlreadyExists"),
    ("add_home_screen_icon", {"app_id": "contacts", "page": 4}, None, "InvalidArguments"),
    ("add_home_screen_icon", {"app_id": "contacts", "page": 0}, None, "InvalidArguments"),
    ("add_home_screen_icon", {"app_id": "contacts", "page": 1}, full_page_1, "CapabilityLimit"),
    ("add_home_screen_icon", {"app_id": "contacts", "page": 6}, five_pages, "CapabilityLimit"),
    ("remove_home_screen_icon", {"item_id": "contacts"}, None, "NotFound"),
    ("remove_home_screen_icon", {"item_id": "folder_404"}, None, "NotFound"),
    ("move_home_screen_icon", {"item_id": "contacts", "page": 1}, None, "NotFound"),
    ("move_home_screen_icon", {"item_id": "clock", "page": 4}, None, "InvalidArguments"),
    ("move_home_screen_icon", {"item_id": "clock", "page": 1, "position": 13}, None, "InvalidArguments"),
    ("move_home_screen_icon", {"item_id": "clock", "page": 2, "position": 10}, None, "InvalidArguments"),
    ("move_home_screen_icon", {"item_id": "mail", "page": 1}, full_page_1, "CapabilityLimit"),
    ("move_home_screen_icon", {"item_id": "mail", "page": 6}, five_pages, "CapabilityLimit"),
    ("create_home_screen_folder", {"name": "", "app_ids": ["phone", "messages"]}, None, "InvalidArguments"),
    ("create_home_screen_folder", {"name": "Solo", "app_ids": ["phone", "phone"]}, None, "InvalidArguments"),
    ("create_home_screen_folder", {"name": "X", "app_ids": ["phone", "not_an_app"]}, None, "NotFound"),
    ("create_home_screen_folder", {"name": "work", "app_ids": ["phone", "clock"]}, None, "AlreadyExists"),
    ("create_home_screen_folder", {"name": "Big", "app_ids": [f"app_{i}" for i in range(17)]}, None,
     "CapabilityLimit"),
    ("create_home_screen_folder", {"name": "Far", "app_ids": ["phone", "clock"], "page": 4}, None,
     "InvalidArguments"),
    ("list_wallpapers", {"category": "cars"}, None, "InvalidArguments"),
    ("set_wallpaper", {"wallpaper_id": "wallpaper_404"}, None, "NotFound"),
    ("set_wallpaper", {"wallpaper_id": "wallpaper_005", "screen": "lock"}, None, "CapabilityLimit"),
    ("set_wallpaper", {"wallpaper_id": "wallpaper_005"}, settings(battery__power_saving=True), "PreconditionFailed"),
    ("set_wallpaper", {"wallpaper_id": "wallpaper_003", "screen": "desk"}, None, "InvalidArguments"),
    ("set_system_language", {"language": "Spanish"}, None, "Ambiguous"),
    ("set_system_language", {"language": "en"}, None, "Ambiguous"),
    ("set_system_language", {"language": "Klingon"}, None, "CapabilityLimit"),
    ("set_system_language", {"language": "sw-KE"}, None, "CapabilityLimit"),
    ("set_system_language", {"language": " "}, None, "InvalidArguments"),
    ("set_region_format", {}, None, "InvalidArguments"),
    ("set_region_format", {"region": "USA"}, None, "InvalidArguments"),
    ("set_region_format", {"region": "ZZ"}, None, "CapabilityLimit"),
    ("set_region_format", {"date_format": "D/M/Y"}, None, "InvalidArguments"),
    ("set_time_zone", {}, None, "InvalidArguments"),
    ("set_time_zone", {"timezone": "Atlantis"}, None, "NotFound"),
    ("set_time_zone", {"timezone": "Tokyo", "automatic": True}, None, "InvalidArguments"),
    ("check_system_update", {}, settings(network__wifi=False, network__mobile_data=False), "PreconditionFailed"),
    ("check_system_update", {}, settings(network__wifi=False, network__airplane_mode=True), "PreconditionFailed"),
    ("download_system_update", {}, settings(network__wifi=False), "PreconditionFailed"),
    ("download_system_update", {"use_mobile_data": True}, settings(network__airplane_mode=True), "PreconditionFailed"),
    ("download_system_update", {}, settings(storage__free_mb=1_000), "PreconditionFailed"),
    ("download_system_update", {"update_id": "update_404"}, None, "NotFound"),
    ("download_system_update", {"update_id": "update_002"}, None, "AlreadyExists"),
    ("download_system_update", {}, downloaded, "AlreadyExists"),
    ("download_system_update", {}, lambda s: s.update("system_updates", "update_003", status="installed") and None,
     "NotFound"),
    ("install_system_update", {}, None, "PreconditionFailed"),
    ("install_system_update", {}, chain(downloaded, settings(battery__level=20)), "PreconditionFailed"),
    ("install_system_update", {}, chain(downloaded, on_a_call), "Conflict"),
    ("install_system_update", {"update_id": "update_001"}, None, "AlreadyExists"),
    ("install_system_update", {"update_id": "update_404"}, None, "NotFound"),
    ("restore_default_settings", {"section": "everything"}, None, "InvalidArguments"),
]  # fmt: skip


CASES = DomainTests(
    DOMAIN, by_tool(SUCCESS, "tool args setup expect"), by_tool(ERRORS, "tool args setup expect"), count=22
)
test_success, test_error, test_twenty_two_tools_all_covered_and_base_world_unwritten, test_tool_contract = (
    CASES.tests()
)


# ------------------------------------------------------------------------ cross-domain and flows
def test_quick_settings_drive_other_domains() -> None:
    s = fresh()
    # Airplane mode from the control center blocks SMS (Calls & Communication reads the same key).
    call(s, "set_quick_setting", {"tile": "airplane_mode", "enabled": True})
    fb = execute(s, "send_message", {"contact_id": "contact_001", "text": "Landing soon"})
    assert fb["error_type"] == "PreconditionFailed"
    # Wi-Fi back on (allowed in airplane mode) still lets the update check through.
    call(s, "set_quick_setting", {"tile": "wifi", "enabled": True})
    assert call(s, "check_system_update", {})["data"]["update"]["id"] == "update_003"
    # Battery Saver turns the dark theme on (Display & Sound's key) and off again with it.
    call(s, "set_battery_saver", {"enabled": True})
    assert s.setting("display.dark_mode") is True
    call(s, "set_battery_saver", {"enabled": False})
    assert s.setting("display.dark_mode") is False
    # DND via the tile is the same key the automation rules write.
    call(s, "set_quick_setting", {"tile": "dnd", "enabled": True})
    assert s.setting("dnd.enabled") is True
    assert [
        c["on"] for c in call(s, "list_control_center_tiles", {})["data"]["tiles"] if c["id"] == "dnd"
    ] == [True]


def test_home_screen_follows_the_apps_table() -> None:
    s = fresh()
    install("trail_maps", "surf_report")(s)
    fb = call(s, "create_home_screen_folder", {"name": "Outdoors", "app_ids": ["trail_maps", "surf_report"]})
    assert fb["data"]["page"] == 1 and fb["data"]["position"] == 13
    assert execute(s, "add_home_screen_icon", {"app_id": "trail_maps"})["error_type"] == "AlreadyExists"
    # Uninstalling (Apps & Storage) hides the icon: the folder of one app reads as that app's icon.
    s.delete("apps", "surf_report")
    items = call(s, "list_home_screen", {})["data"][0]["items"]
    assert items[-1] == {"position": 13, "type": "app", "app_id": "trail_maps", "name": "Trail Maps"}
    call(s, "move_home_screen_icon", {"item_id": "trail_maps", "page": 2, "position": 1})
    assert page_items(s)[-1] == "folder_002" and page_items(s, "page_2")[0] == "trail_maps"
    assert execute(s, "add_home_screen_icon", {"app_id": "surf_report"})["error_type"] == "NotFound"


def test_update_flow_end_to_end() -> None:
    s = fresh()
    s.set_setting("battery.level", 25)
    call(s, "download_system_update", {})
    assert execute(s, "install_system_update", {})["error_type"] == "PreconditionFailed"
    s.set_setting("battery.charging", True)
    call(s, "start_call", {"contact_id": "contact_004"})
    assert execute(s, "install_system_update", {})["error_type"] == "Conflict"
    call(s, "end_call", {})
    call(s, "install_system_update", {})
    fb = call(s, "check_system_update", {})
    assert fb["data"]["update"] is None and fb["data"]["current_version"] == "15.3"
    assert fb["data"]["last_installed"]["id"] == "update_003"
    assert call(s, "get_about_phone", {})["data"]["os_version"] == "15.3"
    assert execute(s, "download_system_update", {})["error_type"] == "NotFound"


def test_ambiguous_language_lists_candidates_and_locale_shows_in_about() -> None:
    s = fresh()
    fb = execute(s, "set_system_language", {"language": "spanish"})
    assert [c["id"] for c in fb["data"]["candidates"]] == ["es-ES", "es-MX"]
    call(s, "set_system_language", {"language": fb["data"]["candidates"][1]["id"]})
    call(s, "set_time_zone", {"timezone": "Eastern Time"})
    locale = call(s, "get_about_phone", {})["data"]["locale"]
    assert (locale["language"], locale["language_name"]) == ("es-MX", "Spanish (Mexico)")
    assert (locale["timezone"], locale["auto_timezone"]) == ("America/New_York", False)


# ------------------------------------------------------------------------ world
def test_world_core_is_size_independent_and_deterministic() -> None:
    small, medium, large = (build_tables(size) for size in ("S", "M", "L"))
    for table in ("control_center", "home_screen"):
        assert small[table] == medium[table] == large[table]
    for key in ("wallpaper_001", "wallpaper_005"):
        assert small["wallpapers"][key] == large["wallpapers"][key]
    assert small["system_updates"]["update_003"] == large["system_updates"]["update_003"]
    assert len(small["wallpapers"]) < len(medium["wallpapers"]) < len(large["wallpapers"])
    assert len(small["system_updates"]) < len(medium["system_updates"]) < len(large["system_updates"])
    assert build_tables("M") == medium
    for key, value in {**sysmod.DEFAULT_SETTINGS, **sysmod.EXTRA_SETTINGS}.items():
        assert medium["settings"][key] == {"value": value}
    assert [u for u in medium["system_updates"].values() if u["status"] != "installed"] == [
        medium["system_updates"]["update_003"]
    ]
    # Home screen apps and tile settings point at real records.
    for page in medium["home_screen"].values():
        for item in page["items"]:
            for app_id in item.get("app_ids", [item.get("app_id")]):
                assert app_id in medium["apps"]
    for tile in medium["control_center"].values():
        assert isinstance(medium["settings"][tile["setting"]]["value"], bool)
    for key in ("wallpaper.home", "wallpaper.lock"):
        assert medium["settings"][key]["value"] in medium["wallpapers"]



def test_battery_saver_leaves_a_dark_theme_the_user_chose() -> None:
    s = fresh()
    call(s, "set_dark_mode", {"enabled": True})
    call(s, "set_battery_saver", {"enabled": True})
    call(s, "set_battery_saver", {"enabled": False})
    assert s.setting("display.dark_mode") is True  # the saver did not turn it on, so it does not turn it off
