"""Apps & Storage: every tool's success and error paths, storage bookkeeping, cross-domain links and the world."""

from __future__ import annotations

from typing import Any

from domain_harness import Check, DomainTests, Setup, call, fresh, offline
from mpb_env.domains import apps as apps_mod
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import build_tables, load_world
from mpb_env.world.state import Patch, PhoneState

DOMAIN = "Apps & Storage"


def free(s: PhoneState) -> float:
    return float(s.setting("storage.free_mb"))


def low_storage(s: PhoneState) -> None:
    s.set_setting("storage.free_mb", 2)


def junk_cleared(s: PhoneState) -> None:
    call(s, "clear_junk_files")


def bin_emptied(s: PhoneState) -> None:
    call(s, "clear_recycle_bin")


# ------------------------------------------------------------------------ success checks
def check_list_all(s: PhoneState, fb: dict[str, Any]) -> None:
    ids = {a["id"] for a in fb["data"]}
    assert len(ids) >= 80 and {a[0] for a in apps_mod.SYSTEM_APPS} <= ids
    assert {"spotify", "maps", "camera", "gallery", "wallet", "browser", "whatsapp", "uber", "airline"} <= ids
    assert s.delta() == {}


def check_list_travel(s: PhoneState, fb: dict[str, Any]) -> None:
    ids = [a["id"] for a in fb["data"]]
    assert {"uber", "lyft", "airline", "airbnb"} <= set(ids)
    assert all(a["category"] == "travel" for a in fb["data"])


def check_grant(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("apps", "lyft")["permissions"]["LOCATION"] is True
    assert set(s.delta()["apps"]["lyft"]["changed"]) == {"permissions"}


def check_revoke(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("apps", "candy_crush")["permissions"] == {"LOCATION": False, "NOTIFICATIONS": True}


def check_info(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert d["name"] == "Spotify" and d["version"] == "8.9.42" and d["update_available"] == "8.9.50"
    assert d["total_storage_mb"] == 180 + 1450 + 2100 and d["default_for"] == ["music"]
    assert d["notification_count"] >= 1 and d["app_locked"] is False and d["system"] is False


def check_info_locked(s: PhoneState, fb: dict[str, Any]) -> None:
    # The app lock lives in the Security & Privacy table app_locks.
    assert fb["data"]["app_locked"] is True and fb["data"]["name"] == "Chase"


def check_open(s: PhoneState, fb: dict[str, Any]) -> None:
    app = s.get("apps", "maps")
    assert app["running"] is True and app["last_used"] == "2026-05-20T09:00:00"
    assert app["usage"]["launches_today"] == 3 and fb["data"]["launches_today"] == 3


def check_close(s: PhoneState, fb: dict[str, Any]) -> None:
    app = s.get("apps", "spotify")
    assert app["running"] is False and app["background"] is True


def check_force_stop(s: PhoneState, fb: dict[str, Any]) -> None:
    app = s.get("apps", "whatsapp")
    assert app["running"] is False and app["background"] is False
    assert fb["message"].startswith("Force-stopped")


def check_store_search(s: PhoneState, fb: dict[str, Any]) -> None:
    top = fb["data"][0]
    assert top["id"] == "telegram" and top["installed"] is False and top["compatible"] is True
    assert s.delta() == {}


def check_store_installed(s: PhoneState, fb: dict[str, Any]) -> None:
    top = fb["data"][0]
    assert top["id"] == "spotify" and top["installed"] is True and top["update_available"] is True


def check_install(s: PhoneState, fb: dict[str, Any]) -> None:
    app = s.get("apps", "telegram")
    assert app is not None and app["version"] == "10.13.0" and app["system"] is False
    assert not any(app["permissions"].values())  # a fresh install has no runtime permissions
    assert free(s) == 3800 - 95 == fb["data"]["free_mb"]
    assert s.delta()["apps"]["telegram"]["op"] == "create"


def check_uninstall(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("apps", "spotify") is None
    assert fb["data"]["freed_mb"] == 3730 and free(s) == 3800 + 3730
    assert not any(n["app_id"] == "spotify" for n in s.values("notifications"))
    assert s.get("default_apps", "music") is None and fb["data"]["roles_reset"] == {"music": None}


def check_uninstall_locked(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("app_locks", "bank") is None
    assert s.delta()["app_locks"]["bank"]["op"] == "delete"


def check_uninstall_wallet(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("network.nfc_payment_app") is None


def check_update(s: PhoneState, fb: dict[str, Any]) -> None:
    app = s.get("apps", "spotify")
    assert app["version"] == "8.9.50" and app["size_mb"] == 186
    assert fb["data"]["updated"] is True and fb["data"]["from_version"] == "8.9.42"
    assert free(s) == 3800 - 6


def check_up_to_date(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["updated"] is False and s.delta() == {}


def check_default(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("default_apps", "browser") == {"role": "browser", "app_id": "chrome"}
    assert fb["data"]["previous_app_id"] == "browser"


def check_usage_week(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [a["app_id"] for a in fb["data"]["apps"]] == ["spotify", "snapchat", "whatsapp"]
    assert fb["data"]["apps"][0]["minutes"] == 410 and fb["data"]["total_minutes"] >= 410


def check_usage_app(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["apps"] == [
        {"app_id": "maps", "name": "Maps", "minutes": 12, "launches": 2, "last_used": "2026-05-20T08:40:00"}
    ]


def check_notifs_app(s: PhoneState, fb: dict[str, Any]) -> None:
    ids = [n["id"] for n in fb["data"]]
    assert ids[:2] == ["notif_006", "notif_007"] and fb["data"][0]["app_name"] == "WhatsApp"
    assert all(n["app_id"] == "whatsapp" for n in fb["data"])


def check_notifs_all(s: PhoneState, fb: dict[str, Any]) -> None:
    times = [n["time"] for n in fb["data"]]
    assert len(times) == 5 and times == sorted(times, reverse=True) and fb["data"][0]["id"] == "notif_015"


def check_clear_notifs_app(s: PhoneState, fb: dict[str, Any]) -> None:
    assert {"notif_009", "notif_010"} <= set(fb["data"]["ids"])
    assert not any(n["app_id"] == "doordash" for n in s.values("notifications"))
    assert s.get("apps", "doordash")["notifications"] is True  # dismissing does not turn them off


def check_clear_one(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"] == {"cleared": 1, "ids": ["notif_008"]} and not s.has("notifications", "notif_008")


def check_clear_all(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.count("notifications") == 0 and fb["data"]["cleared"] >= 22


def check_enable(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("apps", "linkedin")["notifications"] is True and fb["data"]["changed"] is True


def check_disable(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("apps", "doordash")["notifications"] is False
    assert fb["data"]["dismissed"] >= 2 and not s.has("notifications", "notif_010")


def check_storage(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert d["free_mb"] == 3800 and d["total_mb"] == s.setting("device.storage_total_mb", 128_000)
    assert d["recycle_bin_mb"] == 1207.7 and d["junk_mb"] == 1348.8
    assert [a["app_id"] for a in d["largest_apps"]] == ["whatsapp", "spotify", "snapchat"]
    photos = sum(p.get("size_mb", 0) for p in s.values("photos"))  # Audio & Entertainment's photos
    assert d["photos_mb"] == round(photos, 1)
    assert d["used_mb"] == d["total_mb"] - d["free_mb"]


def check_clear_cache(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("apps", "snapchat")["cache_mb"] == 0 and fb["data"]["freed_mb"] == 1820
    assert free(s) == 3800 + 1820


def check_clear_junk(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["deleted_files"] == ["file_014", "file_015", "file_016", "file_017"]
    assert not s.has("files", "file_014") and s.has("files", "file_001")
    assert (
        fb["data"]["freed_mb"] == 1348.8 and free(s) == 3800 + 1348.8 and fb["data"]["caches_cleared"] == []
    )


def check_clear_junk_caches(s: PhoneState, fb: dict[str, Any]) -> None:
    assert all(a.get("cache_mb", 0) == 0 for a in s.values("apps"))
    assert "snapchat" in fb["data"]["caches_cleared"] and fb["data"]["freed_mb"] > 1820 + 1450


def check_clear_bin(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["deleted_files"] == ["file_020", "file_021", "file_022", "file_023", "file_024"]
    assert free(s) == 3800 + 1207.7
    assert not any(f["trashed"] for f in s.values("files"))


def check_files_query(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [f["id"] for f in fb["data"]] == ["file_002"]  # the older copy is in the recycle bin


def check_files_bin(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [f["id"] for f in fb["data"]] == ["file_020", "file_024", "file_021", "file_022", "file_023"]


def check_delete_file(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("files", "file_019")
    assert rec["trashed"] is True and rec["trashed_at"] == "2026-05-20T09:00:00" and free(s) == 3800


def check_delete_permanent(s: PhoneState, fb: dict[str, Any]) -> None:
    assert not s.has("files", "file_014") and free(s) == 3800 + 980 and fb["data"]["deleted"] is True


def check_restore(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("files", "file_021")
    assert rec["trashed"] is False and rec["trashed_at"] is None and fb["data"]["folder"] == "Documents"


SUCCESS: list[tuple[str, str, dict[str, Any], Setup, Check]] = [
    ("list-all", "list_apps", {}, None, check_list_all),
    ("list-travel", "list_apps", {"category": "travel"}, None, check_list_travel),
    ("grant", "grant_app_permission", {"app_id": "lyft", "permission": "LOCATION"}, None, check_grant),
    ("revoke", "revoke_app_permission", {"app_id": "candy_crush", "permission": "LOCATION"}, None, check_revoke),
    ("info", "get_app_info", {"app_id": "spotify"}, None, check_info),
    ("info-locked", "get_app_info", {"app_id": "bank"}, None, check_info_locked),
    ("open", "open_app", {"app_id": "maps"}, None, check_open),
    ("close", "close_app", {"app_id": "spotify"}, None, check_close),
    ("force-stop", "close_app", {"app_id": "whatsapp", "force": True}, None, check_force_stop),
    ("store", "search_store_apps", {"query": "Telegram"}, None, check_store_search),
    ("store-installed", "search_store_apps", {"query": "spotify"}, None, check_store_installed),
    ("install", "install_app", {"store_app_id": "telegram"}, None, check_install),
    ("uninstall", "uninstall_app", {"app_id": "spotify"}, None, check_uninstall),
    ("uninstall-locked", "uninstall_app", {"app_id": "bank"}, None, check_uninstall_locked),
    ("uninstall-wallet", "uninstall_app", {"app_id": "wallet"}, None, check_uninstall_wallet),
    ("update", "update_app", {"app_id": "spotify"}, None, check_update),
    ("update-noop", "update_app", {"app_id": "lyft"}, None, check_up_to_date),
    ("default", "set_default_app", {"role": "browser", "app_id": "chrome"}, None, check_default),
    ("usage-week", "get_app_usage", {"period": "week", "limit": 3}, None, check_usage_week),
    ("usage-app", "get_app_usage", {"app_id": "maps"}, None, check_usage_app),
    ("notifs-app", "list_app_notifications", {"app_id": "whatsapp"}, None, check_notifs_app),
    ("notifs-all", "list_app_notifications", {"limit": 5}, None, check_notifs_all),
    ("clear-app", "clear_app_notifications", {"app_id": "doordash"}, None, check_clear_notifs_app),
    ("clear-one", "clear_app_notifications", {"notification_id": "notif_008"}, None, check_clear_one),
    ("clear-all", "clear_app_notifications", {}, None, check_clear_all),
    ("enable", "enable_app_notifications", {"app_id": "linkedin"}, None, check_enable),
    ("disable", "disable_app_notifications", {"app_id": "doordash"}, None, check_disable),
    ("storage", "get_storage_usage", {"top_n": 3}, None, check_storage),
    ("cache", "clear_app_cache", {"app_id": "snapchat"}, None, check_clear_cache),
    ("junk", "clear_junk_files", {}, None, check_clear_junk),
    ("junk-caches", "clear_junk_files", {"include_app_caches": True}, None, check_clear_junk_caches),
    ("bin", "clear_recycle_bin", {}, None, check_clear_bin),
    ("files-query", "list_files", {"folder": "Downloads", "query": "QUOTE"}, None, check_files_query),
    ("files-bin", "list_files", {"in_recycle_bin": True, "sort_by": "size"}, None, check_files_bin),
    ("delete-file", "delete_file", {"file_id": "file_019"}, None, check_delete_file),
    ("delete-permanent", "delete_file", {"file_id": "file_014", "permanent": True}, None, check_delete_permanent),
    ("restore", "restore_file", {"file_id": "file_021"}, None, check_restore),
]  # fmt: skip

ERRORS: list[tuple[str, str, dict[str, Any], Setup, str]] = [
    ("list-category", "list_apps", {"category": "spaceships"}, None, "InvalidArguments"),
    ("grant-missing", "grant_app_permission", {"app_id": "nope", "permission": "SMS"}, None, "NotFound"),
    ("revoke-missing", "revoke_app_permission", {"app_id": "nope", "permission": "SMS"}, None, "NotFound"),
    ("info-missing", "get_app_info", {"app_id": "telegram"}, None, "NotFound"),
    ("open-missing", "open_app", {"app_id": "telegram"}, None, "NotFound"),
    ("close-idle", "close_app", {"app_id": "lyft"}, None, "PreconditionFailed"),
    ("close-background", "close_app", {"app_id": "whatsapp"}, None, "PreconditionFailed"),
    ("store-empty", "search_store_apps", {"query": "  "}, None, "InvalidArguments"),
    ("store-offline", "search_store_apps", {"query": "telegram"}, offline, "PreconditionFailed"),
    ("install-storage", "install_app", {"store_app_id": "galaxy_raiders"}, None, "PreconditionFailed"),
    ("install-incompatible", "install_app", {"store_app_id": "vr_arcade"}, None, "CapabilityLimit"),
    ("install-dup", "install_app", {"store_app_id": "spotify"}, None, "AlreadyExists"),
    ("install-missing", "install_app", {"store_app_id": "nope"}, None, "NotFound"),
    ("install-offline", "install_app", {"store_app_id": "telegram"}, offline, "PreconditionFailed"),
    ("uninstall-system", "uninstall_app", {"app_id": "phone"}, None, "CapabilityLimit"),
    ("uninstall-camera", "uninstall_app", {"app_id": "camera"}, None, "CapabilityLimit"),
    ("uninstall-missing", "uninstall_app", {"app_id": "nope"}, None, "NotFound"),
    ("update-system", "update_app", {"app_id": "phone"}, None, "CapabilityLimit"),
    ("update-missing", "update_app", {"app_id": "nope"}, None, "NotFound"),
    ("update-offline", "update_app", {"app_id": "spotify"}, offline, "PreconditionFailed"),
    ("update-storage", "update_app", {"app_id": "spotify"}, low_storage, "PreconditionFailed"),
    ("default-role", "set_default_app", {"role": "browser", "app_id": "candy_crush"}, None, "CapabilityLimit"),
    ("default-missing", "set_default_app", {"role": "music", "app_id": "pandora"}, None, "NotFound"),
    ("usage-limit", "get_app_usage", {"limit": 0}, None, "InvalidArguments"),
    ("usage-missing", "get_app_usage", {"app_id": "nope"}, None, "NotFound"),
    ("notifs-missing", "list_app_notifications", {"app_id": "nope"}, None, "NotFound"),
    ("notifs-limit", "list_app_notifications", {"limit": 101}, None, "InvalidArguments"),
    ("clear-both", "clear_app_notifications", {"app_id": "uber", "notification_id": "notif_008"}, None,
     "InvalidArguments"),
    ("clear-missing", "clear_app_notifications", {"notification_id": "notif_999"}, None, "NotFound"),
    ("enable-missing", "enable_app_notifications", {"app_id": "nope"}, None, "NotFound"),
    ("disable-phone", "disable_app_notifications", {"app_id": "phone"}, None, "CapabilityLimit"),
    ("disable-missing", "disable_app_notifications", {"app_id": "nope"}, None, "NotFound"),
    ("storage-top", "get_storage_usage", {"top_n": 0}, None, "InvalidArguments"),
    ("cache-missing", "clear_app_cache", {"app_id": "nope"}, None, "NotFound"),
    ("junk-none", "clear_junk_files", {}, junk_cleared, "PreconditionFailed"),
    ("bin-empty", "clear_recycle_bin", {}, bin_emptied, "PreconditionFailed"),
    ("files-limit", "list_files", {"limit": 0}, None, "InvalidArguments"),
    ("delete-missing", "delete_file", {"file_id": "file_999"}, None, "NotFound"),
    ("delete-trashed", "delete_file", {"file_id": "file_020"}, None, "Conflict"),
    ("restore-live", "restore_file", {"file_id": "file_001"}, None, "PreconditionFailed"),
    ("restore-clash", "restore_file", {"file_id": "file_023"}, None, "Conflict"),
    ("restore-missing", "restore_file", {"file_id": "file_999"}, None, "NotFound"),
]  # fmt: skip


CASES = DomainTests(DOMAIN, SUCCESS, ERRORS, count=23)
test_success, test_error, test_every_tool_is_covered_and_base_world_unwritten, test_tool_contract = (
    CASES.tests()
)


# ------------------------------------------------------------------------ multi-step flows
def test_install_needs_space_then_cleanup_frees_it() -> None:
    s = fresh()
    fb = execute(s, "install_app", {"store_app_id": "galaxy_raiders"})
    assert fb["error_type"] == "PreconditionFailed" and fb["data"] == {"required_mb": 5200, "free_mb": 3800.0}
    call(s, "clear_recycle_bin")
    assert execute(s, "install_app", {"store_app_id": "galaxy_raiders"})["error_type"] == "PreconditionFailed"
    call(s, "clear_app_cache", {"app_id": "snapchat"})
    before = free(s)
    app = call(s, "install_app", {"store_app_id": "galaxy_raiders"})["data"]["app"]
    assert app["permissions"] == {"NOTIFICATIONS": False, "MICROPHONE": False}
    assert free(s) == round(before - 5200, 1)
    call(s, "grant_app_permission", {"app_id": "galaxy_raiders", "permission": "MICROPHONE"})
    call(s, "open_app", {"app_id": "galaxy_raiders"})
    usage = call(s, "get_app_usage", {"app_id": "galaxy_raiders"})["data"]["apps"][0]
    assert usage["launches"] == 1
    # Uninstalling gives every MB back.
    call(s, "uninstall_app", {"app_id": "galaxy_raiders"})
    assert free(s) == before


def test_default_app_falls_back_when_uninstalled() -> None:
    s = fresh()
    call(s, "set_default_app", {"role": "browser", "app_id": "chrome"})
    fb = call(s, "uninstall_app", {"app_id": "chrome"})
    assert fb["data"]["roles_reset"] == {"browser": "browser"}
    assert s.get("default_apps", "browser")["app_id"] == "browser"


def test_trash_restore_round_trip_keeps_storage() -> None:
    s = fresh()
    call(s, "delete_file", {"file_id": "file_002"})
    assert [f["id"] for f in call(s, "list_files", {"query": "kitchen", "in_recycle_bin": True})["data"]] == [
        "file_002",
        "file_023",
    ]
    # file_002 is out of the way now, so the older copy can come back; then file_002 cannot.
    call(s, "restore_file", {"file_id": "file_023"})
    assert execute(s, "restore_file", {"file_id": "file_002"})["error_type"] == "Conflict"
    call(s, "delete_file", {"file_id": "file_002", "permanent": True})
    assert free(s) == 3800 + 1.1


def test_tools_accept_minimal_app_records() -> None:
    """Task patches (and other domains) may store apps with only the original eight fields."""
    minimal = {
        "id": "spotify",
        "name": "Spotify",
        "package": "com.spotify.music",
        "category": "music",
        "permissions": {"MUSIC_AUDIO": True},
        "size_mb": 180,
        "notifications": True,
        "running": False,
    }
    s = fresh(Patch({"apps": {"spotify": minimal}}))
    info = call(s, "get_app_info", {"app_id": "spotify"})["data"]
    assert info["cache_mb"] == 0 and info["total_storage_mb"] == 180 and info["roles"] == ["music"]
    call(s, "open_app", {"app_id": "spotify"})
    call(s, "clear_app_cache", {"app_id": "spotify"})
    call(s, "get_app_usage", {"period": "week"})
    call(s, "get_storage_usage", {})
    call(s, "update_app", {"app_id": "spotify"})
    call(s, "uninstall_app", {"app_id": "spotify"})
    assert free(s) == 3800 - 6 + 186  # the update grew it by 6 MB, uninstalling frees all 186


def test_cross_domain_network_and_security_state() -> None:
    # Installing reads the network settings (System/Network), and Wi-Fi alone works in airplane mode.
    s = fresh()
    s.set_setting("network.airplane_mode", True)
    s.set_setting("network.wifi", False)
    fb = execute(s, "install_app", {"store_app_id": "telegram"})
    assert fb["error_type"] == "PreconditionFailed" and fb["data"]["airplane_mode"] is True
    s.set_setting("network.wifi", True)
    call(s, "install_app", {"store_app_id": "telegram"})
    # Uninstalling a locked app drops its Security & Privacy app lock.
    assert s.has("app_locks", "venmo")
    call(s, "uninstall_app", {"app_id": "venmo"})
    assert not s.has("app_locks", "venmo")
    status = call(s, "get_security_status")["data"]
    assert [a["app_id"] for a in status["app_locks"]] == ["bank"]


# ------------------------------------------------------------------------ world
def test_world_core() -> None:
    t = load_world().tables
    apps = t["apps"]
    assert len(apps) >= 80
    for app_id in (
        "phone",
        "messages",
        "contacts",
        "mail",
        "calendar",
        "clock",
        "assistant",
        "camera",
        "maps",
    ):
        assert apps[app_id]["system"] is True
    for app in apps.values():
        assert {
            "id",
            "name",
            "package",
            "category",
            "permissions",
            "size_mb",
            "notifications",
            "running",
        } <= set(app)
    assert t["settings"]["storage.free_mb"]["value"] == 3800
    assert t["default_apps"]["browser"]["app_id"] == "browser"
    assert sum(1 for f in t["files"].values() if f["trashed"]) == 5
    assert all(n["app_id"] in apps for n in t["notifications"].values())
    assert t["store_apps"]["vr_arcade"]["compatible"] is False
    # The permissions the other domains act through are granted in the base world.
    for app_id, _, _, _, perms in apps_mod.SYSTEM_APPS:
        assert all(apps[app_id]["permissions"][p] for p in perms)


def test_core_identical_across_scales_and_deterministic() -> None:
    small, medium, large = build_tables("S"), build_tables("M"), build_tables("L")
    core_apps = [a[0] for a in apps_mod.SYSTEM_APPS + apps_mod.PREINSTALLED + apps_mod.THIRD_PARTY]
    for table, keys in (
        ("apps", core_apps),
        ("files", [f[0] for f in apps_mod.CORE_FILES]),
        ("notifications", [n[0] for n in apps_mod.CORE_NOTIFICATIONS]),
        ("store_apps", [s[0] for s in apps_mod.STORE_ONLY]),
    ):
        assert (
            [small[table][k] for k in keys]
            == [medium[table][k] for k in keys]
            == [large[table][k] for k in keys]
        )
    assert len(small["apps"]) < len(medium["apps"]) < len(large["apps"])
    assert len(small["files"]) < len(medium["files"]) < len(large["files"])
    assert build_tables("M", seed=5)["apps"] == build_tables("M", seed=5)["apps"]



# --------------------------------------------------------------------------- Android 11+ permission modes
def _grant(s: PhoneState, app_id: str, perm: str, mode: str) -> dict[str, Any]:
    return execute(s, "grant_app_permission", {"app_id": app_id, "permission": perm, "mode": mode})


def test_only_this_time_lapses_when_the_app_is_closed() -> None:
    s = fresh()
    assert _grant(s, "camera", "CAMERA", "ask_every_time")["status"] == "success"
    denied = execute(s, "take_photo", {})
    assert denied["error_type"] == "PermissionDenied" and "only_this_time" in denied["message"]
    fb = _grant(s, "camera", "CAMERA", "only_this_time")
    assert fb["data"]["permission_modes"] == {"CAMERA": "only_this_time"}
    assert execute(s, "take_photo", {})["status"] == "success"
    assert execute(s, "take_photo", {})["status"] == "success"  # the grant lasts while the app is open
    execute(s, "open_app", {"app_id": "camera"})
    closed = execute(s, "close_app", {"app_id": "camera"})
    assert closed["data"]["lapsed_permissions"] == ["CAMERA"]
    assert execute(s, "take_photo", {})["error_type"] == "PermissionDenied"
    assert s.get("apps", "camera")["permission_modes"] == {"CAMERA": "ask_every_time"}


def test_while_using_is_not_enough_for_a_background_location_rule() -> None:
    s = fresh()
    _grant(s, "assistant", "LOCATION", "while_using")
    rule = {"name": "Home lights", "trigger": "location", "trigger_value": "home",
            "actions": [{"setting": "dnd.enabled", "value": False}]}  # fmt: skip
    fb = execute(s, "create_automation_rule", rule)
    assert fb["error_type"] == "PermissionDenied" and "all the time" in fb["message"]
    assert execute(s, "create_automation_rule", {**rule, "enabled": False})["status"] == "success"
    _grant(s, "assistant", "LOCATION", "allow")
    assert s.get("apps", "assistant")["permission_modes"] == {}
    assert execute(s, "create_automation_rule", {**rule, "name": "Home 2"})["status"] == "success"


def test_revoking_and_modes_android_does_not_offer() -> None:
    s = fresh()
    fb = _grant(s, "messages", "SMS", "while_using")
    assert fb["error_type"] == "InvalidArguments"  # SMS is Allow / Don't allow only
    _grant(s, "maps", "LOCATION", "while_using")
    execute(s, "revoke_app_permission", {"app_id": "maps", "permission": "LOCATION"})
    app = s.get("apps", "maps")
    assert app["permissions"]["LOCATION"] is False and "LOCATION" not in app["permission_modes"]


# --------------------------------------------------------------------------- Android 13 notifications
def test_notification_permission_and_switch_are_one_setting() -> None:
    s = fresh()
    assert s.get("apps", "slack")["permissions"]["NOTIFICATIONS"] is True
    shown = [n for n in s.values("notifications") if n["app_id"] == "slack"]
    execute(s, "revoke_app_permission", {"app_id": "slack", "permission": "NOTIFICATIONS"})
    app = s.get("apps", "slack")
    assert app["notifications"] is False and app["permissions"]["NOTIFICATIONS"] is False
    assert shown and not [n for n in s.values("notifications") if n["app_id"] == "slack"]
    fb = execute(s, "enable_app_notifications", {"app_id": "slack"})
    assert fb["data"]["changed"] is True
    app = s.get("apps", "slack")
    assert app["notifications"] is True and app["permissions"]["NOTIFICATIONS"] is True
    execute(s, "disable_app_notifications", {"app_id": "slack"})
    assert s.get("apps", "slack")["permissions"]["NOTIFICATIONS"] is False
    execute(s, "grant_app_permission", {"app_id": "slack", "permission": "NOTIFICATIONS"})
    assert s.get("apps", "slack")["notifications"] is True


def test_an_app_without_the_permission_keeps_the_switch_alone() -> None:
    s = fresh()
    assert "NOTIFICATIONS" not in s.get("apps", "netflix")["permissions"]
    execute(s, "enable_app_notifications", {"app_id": "netflix"})
    app = s.get("apps", "netflix")
    assert app["notifications"] is True and "NOTIFICATIONS" not in app["permissions"]


# ------------------------------------------------------------------------ Android 13 permission names
def test_android_permission_names_are_logged_as_the_group() -> None:
    s = fresh(Patch({"apps": {"gallery": {**load_world().tables["apps"]["gallery"], "permissions": {}}}}))
    for spelling, group in [
        ("READ_MEDIA_IMAGES", "PHOTOS_VIDEOS"),
        ("android.permission.READ_MEDIA_VIDEO", "PHOTOS_VIDEOS"),
        ("android.permission.READ_MEDIA_AUDIO", "MUSIC_AUDIO"),
        ("post_notifications", "NOTIFICATIONS"),
        ("NEARBY_WIFI_DEVICES", "NEARBY_DEVICES"),
        ("android.permission.BLUETOOTH_CONNECT", "NEARBY_DEVICES"),
        ("android.permission-group.READ_MEDIA_AURAL", "MUSIC_AUDIO"),
    ]:
        fb = execute(s, "grant_app_permission", {"app_id": "gallery", "permission": spelling})
        assert fb["status"] == "success", fb
        assert s.log[-1]["arguments"]["permission"] == group
        assert fb["data"]["permissions"][group] is True and spelling not in fb["data"]["permissions"]
    execute(s, "revoke_app_permission", {"app_id": "gallery", "permission": "READ_MEDIA_IMAGES"})
    assert s.log[-1]["arguments"] == {"app_id": "gallery", "permission": "PHOTOS_VIDEOS"}
    assert s.get("apps", "gallery")["permissions"] == {
        "PHOTOS_VIDEOS": False,
        "MUSIC_AUDIO": True,
        "NOTIFICATIONS": True,
        "NEARBY_DEVICES": True,
    }


def test_storage_is_refused_naming_the_media_permissions() -> None:
    s = fresh()
    for tool in ("grant_app_permission", "revoke_app_permission"):
        for spelling in ("STORAGE", "storage", "android.permission.READ_EXTERNAL_STORAGE"):
            fb = execute(s, tool, {"app_id": "files", "permission": spelling})
            assert fb["error_type"] == "InvalidArguments", fb
            assert "PHOTOS_VIDEOS" in fb["message"] and "MUSIC_AUDIO" in fb["message"]
            assert "READ_MEDIA_IMAGES" in fb["message"] and "READ_MEDIA_AUDIO" in fb["message"]
    assert execute(s, "grant_app_permission", {"app_id": "files", "permission": "FLASHLIGHT"})[
        "error_type"
    ] == "InvalidArguments"
    assert s.delta() == {}


def test_no_app_holds_the_pre_android_13_storage_permission() -> None:
    tables = load_world().tables
    assert not [a for a, r in tables["apps"].items() if "STORAGE" in r["permissions"]]
    assert not [a for a, r in tables["store_apps"].items() if "STORAGE" in r["permissions"]]
    files = tables["apps"]["files"]["permissions"]
    assert files["PHOTOS_VIDEOS"] and files["MUSIC_AUDIO"]


def test_every_notification_switch_is_the_notifications_permission() -> None:
    for size in ("S", "M", "L"):
        apps = load_world(size).tables["apps"]
        declared = [r for r in apps.values() if "NOTIFICATIONS" in r["permissions"]]
        assert len(declared) >= 20
        assert [r["id"] for r in declared if r["notifications"] != r["permissions"]["NOTIFICATIONS"]] == []


def test_storage_usage_follows_writes() -> None:
    """The per-table sums are kept per task patch until the episode writes the table: clearing an app's
    cache or a junk file between two calls shows in the second, and another episode sees neither."""
    s = fresh()
    before = call(s, "get_storage_usage", {"top_n": 20})["data"]
    app = max(before["largest_apps"], key=lambda a: a["cache_mb"])
    call(s, "clear_app_cache", {"app_id": app["app_id"]})
    call(s, "clear_junk_files")
    after = call(s, "get_storage_usage", {"top_n": 20})["data"]
    assert after["app_cache_mb"] < before["app_cache_mb"] and after["junk_mb"] < before["junk_mb"]
    assert call(fresh(), "get_storage_usage", {"top_n": 20})["data"] == before
