"""Devices & Cross-device: every tool's success and error paths, cross-domain effects and the seeded world."""

from __future__ import annotations

from typing import Any

from domain_harness import Check, DomainTests, Setup, call, get_or_list, setting, steps
from domain_harness import fresh as harness_fresh
from mpb_env.domains import devices as dev
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import build_tables, load_world
from mpb_env.world.state import Patch, PhoneState, World

DOMAIN = "Devices & Cross-device"

# Files to drag (one in the recycle bin) and a playing song; a task's S0 would add them the same way.
_FILE = {"folder": "Documents", "kind": "document", "modified": "2026-05-19T10:00:00", "trashed_at": None}
PATCH = Patch(
    {
        "files": {
            "file_t01": {"id": "file_t01", "name": "Q2_deck.pdf", "size_mb": 4.5, "trashed": False, **_FILE},
            "file_t02": {"id": "file_t02", "name": "notes.txt", "size_mb": 0.1, "trashed": False, **_FILE},
            "file_t03": {"id": "file_t03", "name": "old.doc", "size_mb": 1.0, "trashed": True, **_FILE},
        }
    }
)
PLAYING = {"title": "Blue in Green", "artist": "Miles Davis", "status": "playing"}


def fresh() -> PhoneState:
    return harness_fresh(PATCH)


def playing(s: PhoneState) -> None:
    s.put(*dev.NOW_PLAYING, dict(PLAYING))


def no_migrations(s: PhoneState) -> None:
    s.delete("migration_jobs", "mig_001")


BT_ON = ("set_bluetooth_enabled", {"enabled": True})
CAST_TV = ("start_cast_session", {"device_id": "xdev_001"})
MULTI = ("start_multiscreen_session", {"device_id": "xdev_003"})
MIGRATE = ("start_device_migration", {"source_device_id": "xdev_009", "categories": ["contacts", "messages"]})
bt_on = steps(BT_ON)
casting = steps(CAST_TV)
collaborating = steps(BT_ON, MULTI)
both_live = steps(BT_ON, MULTI, CAST_TV)
migrating = steps(MIGRATE)
wifi_off = setting("network.wifi", False)


def log_events(s: PhoneState) -> list[tuple[str, str]]:
    rows = s.delta().get("pairing_log", {}).values()
    return [(r["after"]["device_id"], r["after"]["event"]) for r in rows]


# ------------------------------------------------------------------------ success checks
def check_list_tvs(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]
    assert [r["id"] for r in rows[:2]] == ["xdev_001", "xdev_002"]
    assert "xdev_007" in {r["id"] for r in rows}
    assert all(r["kind"] == "tv" and "data" not in r for r in rows)
    assert rows[0]["active_session_id"] is None


def check_list_paired(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]
    assert all(r["paired"] for r in rows) and "xdev_007" not in {r["id"] for r in rows}
    tv = next(r for r in rows if r["id"] == "xdev_001")
    assert tv["active_session_id"] == "cast_n001"


def check_pair(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("cross_devices", "xdev_010")
    assert rec["paired"] is True and rec["trusted"] is False
    assert log_events(s) == [("xdev_010", "pair")]


def check_unpair(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["stopped_sessions"] == ["cast_n001"]
    assert s.get("cast_sessions", "cast_n001")["status"] == "stopped"
    rec = s.get("cross_devices", "xdev_001")
    assert rec["paired"] is False and rec["trusted"] is False
    assert log_events(s)[-2:] == [("xdev_001", "disconnect"), ("xdev_001", "unpair")]


def check_trust(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["changed"] == ["trusted"]
    assert s.delta()["cross_devices"]["xdev_004"]["changed"] == {"trusted": True}


def check_rename(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("cross_devices", "xdev_002")["name"] == "Kids Room TV"


def check_cast_screen(s: PhoneState, fb: dict[str, Any]) -> None:
    sess = s.get("cast_sessions", fb["data"]["id"])
    assert sess["mode"] == "cast" and sess["source"] == "screen" and sess["status"] == "active"
    assert s.get("cross_devices", "xdev_001")["last_connected"] == "2026-05-20T09:00:00"
    assert log_events(s) == [("xdev_001", "connect")]


def check_cast_media(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["media"] == {"title": "Blue in Green", "artist": "Miles Davis"}
    assert "'Blue in Green'" in fb["message"]


def check_multiscreen(s: PhoneState, fb: dict[str, Any]) -> None:
    sess = s.get("cast_sessions", fb["data"]["id"])
    assert sess["mode"] == "multiscreen" and sess["device_id"] == "xdev_003" and sess["status"] == "active"


def check_stop(s: PhoneState, fb: dict[str, Any]) -> None:
    sess = s.get("cast_sessions", "cast_n001")
    assert sess["status"] == "stopped" and sess["stopped_at"] == "2026-05-20T09:00:01"


def check_stop_by_id(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("cast_sessions", "cast_n001")["status"] == "stopped"
    assert s.get("cast_sessions", "cast_n002")["status"] == "active"


def check_list_sessions(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]
    starts = [r["started_at"] for r in rows]
    assert starts == sorted(starts, reverse=True) and len(rows) == 5
    assert [r["id"] for r in rows[:2]] == ["cast_0004", "cast_0002"]
    assert rows[1]["device_name"] == "Alex's MacBook Pro" and rows[1]["mode"] == "multiscreen"


def check_list_active(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [r["id"] for r in fb["data"]] == ["cast_n001"]


def check_send_files(s: PhoneState, fb: dict[str, Any]) -> None:
    sent = fb["data"]["files"]
    assert [(f["file_id"], f["name"], f["size_mb"]) for f in sent] == [
        ("file_t01", "Q2_deck.pdf", 4.5),
        ("file_t02", "notes.txt", 0.1),
    ]
    assert [f["file_id"] for f in s.get("cast_sessions", "cast_n001")["files_sent"]] == [
        "file_t01",
        "file_t02",
    ]


def check_migration(s: PhoneState, fb: dict[str, Any]) -> None:
    job = s.get("migration_jobs", "mig_n001")
    assert job["items"] == {"contacts": 412, "messages": 5130} and job["total_mb"] == 183
    assert job["status"] == "running" and fb["data"]["progress"] == 0
    assert s.setting("storage.free_mb") == 1000 - 183


def check_migration_latest(s: PhoneState, fb: dict[str, Any]) -> None:
    assert (
        fb["data"]["id"] == "mig_001"
        and fb["data"]["status"] == "completed"
        and fb["data"]["progress"] == 100
    )


def check_migration_running(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["id"] == "mig_n001" and fb["data"]["status"] == "running"
    assert 0 < fb["data"]["progress"] < 100


def check_cancel(s: PhoneState, fb: dict[str, Any]) -> None:
    job = s.get("migration_jobs", "mig_n001")
    assert job["status"] == "cancelled" and job["progress"] == 50
    assert fb["data"]["freed_mb"] == 91.5
    assert s.setting("storage.free_mb") == round(1000 - 183 + 91.5, 1)


def check_log_device(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]
    assert rows and all(r["device_id"] == "bt_001" for r in rows)
    assert rows[0]["time"] == "2026-05-19T08:55:00" and rows[0]["event"] == "disconnect"


def check_log_pair(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]
    assert rows[0]["device_id"] == "bt_005" and rows[0]["source"] == "bluetooth"
    assert all(r["event"] == "pair" for r in rows)


def free_1000(s: PhoneState) -> None:
    s.set_setting("storage.free_mb", 1000.0)


def migrating_small(s: PhoneState) -> None:
    free_1000(s)
    migrating(s)


SUCCESS: list[tuple[str, str, dict[str, Any], Setup, Check]] = [
    ("list-tvs", "list_cross_devices", {"kind": "tv"}, None, check_list_tvs),
    ("list-paired", "list_cross_devices", {"paired_only": True}, casting, check_list_paired),
    ("pair", "pair_cross_device", {"device_id": "xdev_010"}, bt_on, check_pair),
    ("unpair", "unpair_cross_device", {"device_id": "xdev_001"}, casting, check_unpair),
    ("trust", "update_cross_device", {"device_id": "xdev_004", "trusted": True}, None, check_trust),
    ("rename", "update_cross_device", {"device_id": "xdev_002", "name": "  Kids  Room TV "}, None, check_rename),
    ("cast-screen", "start_cast_session", {"device_id": "xdev_001"}, None, check_cast_screen),
    ("cast-media", "start_cast_session", {"device_id": "xdev_002", "source": "media"}, playing, check_cast_media),
    ("multiscreen", "start_multiscreen_session", {"device_id": "xdev_003"}, bt_on, check_multiscreen),
    ("stop", "stop_cast_session", {}, casting, check_stop),
    ("stop-id", "stop_cast_session", {"session_id": "cast_n001"}, both_live, check_stop_by_id),
    ("list-sessions", "list_cast_sessions", {"limit": 5}, None, check_list_sessions),
    ("list-active", "list_cast_sessions", {"active_only": True}, casting, check_list_active),
    ("send-files", "send_files_to_device", {"device_id": "xdev_003", "file_ids": ["file_t01", "file_t02"]},
     collaborating, check_send_files),
    ("migrate", "start_device_migration", MIGRATE[1], free_1000, check_migration),
    ("migration-latest", "get_device_migration", {}, None, check_migration_latest),
    ("migration-running", "get_device_migration", {"job_id": "mig_n001"}, migrating, check_migration_running),
    ("cancel", "cancel_device_migration", {"job_id": "mig_n001"}, migrating_small, check_cancel),
    ("log-device", "list_pairing_log", {"device_id": "bt_001"}, None, check_log_device),
    ("log-pair", "list_pairing_log", {"event": "pair"}, steps(BT_ON, ("pair_bluetooth_device", {"device_id": "bt_005"})),
     check_log_pair),
]  # fmt: skip

ERRORS: list[tuple[str, str, dict[str, Any], Setup, str]] = [
    ("list-kind", "list_cross_devices", {"kind": "fridge"}, None, "InvalidArguments"),
    ("pair-again", "pair_cross_device", {"device_id": "xdev_001"}, None, "AlreadyExists"),
    ("pair-bt-off", "pair_cross_device", {"device_id": "xdev_010"}, None, "PreconditionFailed"),
    ("pair-wifi-off", "pair_cross_device", {"device_id": "xdev_010"}, steps(BT_ON, ("set_wifi_enabled", {"enabled": False})),
     "PreconditionFailed"),
    ("pair-far", "pair_cross_device", {"device_id": "xdev_007"}, bt_on, "PreconditionFailed"),
    ("pair-unknown", "pair_cross_device", {"device_id": "xdev_999"}, None, "NotFound"),
    ("unpair-unpaired", "unpair_cross_device", {"device_id": "xdev_007"}, None, "PreconditionFailed"),
    ("unpair-unknown", "unpair_cross_device", {"device_id": "xdev_999"}, None, "NotFound"),
    ("update-nothing", "update_cross_device", {"device_id": "xdev_004"}, None, "InvalidArguments"),
    ("update-long", "update_cross_device", {"device_id": "xdev_004", "name": "x" * 41}, None, "InvalidArguments"),
    ("trust-unpaired", "update_cross_device", {"device_id": "xdev_010", "trusted": True}, None, "PreconditionFailed"),
    ("update-unknown", "update_cross_device", {"device_id": "xdev_999", "name": "TV"}, None, "NotFound"),
    ("cast-watch", "start_cast_session", {"device_id": "xdev_005"}, None, "CapabilityLimit"),
    ("cast-laptop", "start_cast_session", {"device_id": "xdev_003"}, None, "CapabilityLimit"),
    ("cast-wifi-off", "start_cast_session", {"device_id": "xdev_001"}, wifi_off, "PreconditionFailed"),
    ("cast-unpaired", "start_cast_session", {"device_id": "xdev_007"}, None, "PreconditionFailed"),
    ("cast-far", "start_cast_session", {"device_id": "xdev_006"}, None, "PreconditionFailed"),
    ("cast-busy", "start_cast_session", {"device_id": "xdev_002"}, casting, "Conflict"),
    ("cast-nothing-playing", "start_cast_session", {"device_id": "xdev_001", "source": "media"}, None, "PreconditionFailed"),
    ("cast-unknown", "start_cast_session", {"device_id": "xdev_999"}, None, "NotFound"),
    ("multi-bt-off", "start_multiscreen_session", {"device_id": "xdev_003"}, None, "PreconditionFailed"),
    ("multi-untrusted", "start_multiscreen_session", {"device_id": "xdev_004"}, bt_on, "PreconditionFailed"),
    ("multi-tv", "start_multiscreen_session", {"device_id": "xdev_001"}, bt_on, "CapabilityLimit"),
    ("multi-busy", "start_multiscreen_session", {"device_id": "xdev_003"}, collaborating, "Conflict"),
    ("multi-unknown", "start_multiscreen_session", {"device_id": "xdev_999"}, None, "NotFound"),
    ("stop-idle", "stop_cast_session", {}, None, "PreconditionFailed"),
    ("stop-ended", "stop_cast_session", {"session_id": "cast_0001"}, None, "PreconditionFailed"),
    ("stop-unknown", "stop_cast_session", {"session_id": "cast_x"}, None, "NotFound"),
    ("stop-ambiguous", "stop_cast_session", {}, both_live, "Ambiguous"),
    ("list-limit", "list_cast_sessions", {"limit": 0}, None, "InvalidArguments"),
    ("send-no-session", "send_files_to_device", {"device_id": "xdev_003", "file_ids": ["file_t01"]}, None,
     "PreconditionFailed"),
    ("send-unknown-file", "send_files_to_device", {"device_id": "xdev_003", "file_ids": ["file_zzz"]}, collaborating,
     "NotFound"),
    ("send-trashed", "send_files_to_device", {"device_id": "xdev_003", "file_ids": ["file_t03"]}, collaborating,
     "PreconditionFailed"),
    ("send-empty", "send_files_to_device", {"device_id": "xdev_003", "file_ids": []}, collaborating, "InvalidArguments"),
    ("send-tv", "send_files_to_device", {"device_id": "xdev_001", "file_ids": ["file_t01"]}, None, "CapabilityLimit"),
    ("send-unknown-device", "send_files_to_device", {"device_id": "xdev_999", "file_ids": ["file_t01"]}, None,
     "NotFound"),
    ("migrate-wifi-off", "start_device_migration", MIGRATE[1], wifi_off, "PreconditionFailed"),
    ("migrate-tv", "start_device_migration", {"source_device_id": "xdev_001", "categories": ["photos"]}, None,
     "CapabilityLimit"),
    ("migrate-storage", "start_device_migration", {"source_device_id": "xdev_009", "categories": ["photos", "videos"]},
     free_1000, "PreconditionFailed"),
    ("migrate-busy", "start_device_migration", MIGRATE[1], migrating, "Conflict"),
    ("migrate-empty", "start_device_migration", {"source_device_id": "xdev_009", "categories": []}, None,
     "InvalidArguments"),
    ("migrate-category", "start_device_migration", {"source_device_id": "xdev_009", "categories": ["passwords"]}, None,
     "InvalidArguments"),
    ("migrate-unknown", "start_device_migration", {"source_device_id": "xdev_999", "categories": ["notes"]}, None,
     "NotFound"),
    ("job-unknown", "get_device_migration", {"job_id": "mig_x"}, None, "NotFound"),
    ("job-none", "get_device_migration", {}, no_migrations, "NotFound"),
    ("cancel-done", "cancel_device_migration", {"job_id": "mig_001"}, None, "PreconditionFailed"),
    ("cancel-unknown", "cancel_device_migration", {"job_id": "mig_x"}, None, "NotFound"),
    ("log-limit", "list_pairing_log", {"limit": 101}, None, "InvalidArguments"),
    ("log-unknown", "list_pairing_log", {"device_id": "xdev_999"}, None, "NotFound"),
]  # fmt: skip


CASES = DomainTests(DOMAIN, SUCCESS, ERRORS, count=13, patch=PATCH, is_read=get_or_list)
test_success, test_error, test_every_tool_is_covered_and_base_world_unwritten, test_tool_contract = (
    CASES.tests()
)


# ------------------------------------------------------------------------ cross-domain flows
def test_migration_completes_on_the_simulated_clock_and_uses_storage() -> None:
    s = fresh()
    free = s.setting("storage.free_mb")
    job = call(s, *MIGRATE)["data"]
    assert job["ends_at"] == "2026-05-20T09:00:02"
    assert s.setting("storage.free_mb") == round(free - 183, 1)
    # Wi-Fi (Network & Connectivity) cannot go off under a running migration.
    assert execute(s, "set_wifi_enabled", {"enabled": False})["error_type"] == "Conflict"
    view = call(s, "get_device_migration", {})["data"]
    assert view["status"] == "completed" and view["progress"] == 100
    call(s, "set_wifi_enabled", {"enabled": False})
    assert execute(s, *MIGRATE)["error_type"] == "PreconditionFailed"


def test_multiscreen_needs_bluetooth_and_trust_then_sends_real_files() -> None:
    s = fresh()
    fb = execute(s, "start_multiscreen_session", {"device_id": "xdev_004"})
    assert fb["error_type"] == "PreconditionFailed" and fb["data"]["setting"] == "network.bluetooth"
    call(s, "set_bluetooth_enabled", {"enabled": True})
    assert (
        execute(s, "start_multiscreen_session", {"device_id": "xdev_004"})["data"]["remedy"]
        == "update_cross_device"
    )
    call(s, "update_cross_device", {"device_id": "xdev_004", "trusted": True})
    sid = call(s, "start_multiscreen_session", {"device_id": "xdev_004"})["data"]["id"]
    call(s, "send_files_to_device", {"device_id": "xdev_004", "file_ids": ["file_t01"]})
    assert execute(s, "set_bluetooth_enabled", {"enabled": False})["error_type"] == "Conflict"
    call(s, "stop_cast_session", {"session_id": sid})
    call(s, "set_bluetooth_enabled", {"enabled": False})


def test_send_files_without_file_storage_is_a_capability_limit() -> None:
    tables = {t: rows for t, rows in load_world().tables.items() if t != "files"}
    s = PhoneState(World(tables))
    call(s, "set_bluetooth_enabled", {"enabled": True})
    call(s, "start_multiscreen_session", {"device_id": "xdev_003"})
    fb = execute(s, "send_files_to_device", {"device_id": "xdev_003", "file_ids": ["file_001"]})
    assert fb["error_type"] == "CapabilityLimit"


def test_bluetooth_tools_write_the_pairing_log() -> None:
    s = fresh()
    call(s, "set_bluetooth_enabled", {"enabled": True})
    call(s, "pair_bluetooth_device", {"device_id": "bt_005"})
    call(s, "disconnect_bluetooth_device", {"device_id": "bt_005", "forget": True})
    rows = call(s, "list_pairing_log", {"device_id": "bt_005"})["data"]
    assert [r["event"] for r in rows] == ["unpair", "disconnect", "connect", "pair"]
    assert all(r["source"] == "bluetooth" and r["device_name"] == "Logitech K380 Keyboard" for r in rows)


# ------------------------------------------------------------------------ world
def test_core_world() -> None:
    t = load_world().tables
    d = t["cross_devices"]
    assert d["xdev_001"]["paired"] and d["xdev_001"]["trusted"] and d["xdev_001"]["kind"] == "tv"
    assert d["xdev_007"]["owner"] == "contact_003" and not d["xdev_007"]["paired"]
    assert d["xdev_009"]["kind"] == "phone" and d["xdev_009"]["data"]["photos"]["items"] == 3240
    assert all(x["status"] == "stopped" for x in t["cast_sessions"].values())
    assert t["migration_jobs"]["mig_001"]["status"] == "completed"
    times = [r["time"] for r in t["pairing_log"].values()]
    assert max(times) == "2026-05-20T07:00:00" and len(times) > 100
    # Generated log entries refer to real Bluetooth accessories and linked devices.
    ids = set(d) | set(t["bluetooth_devices"]) | {"bt_090"}
    assert {r["device_id"] for r in t["pairing_log"].values()} <= ids


def test_core_identical_across_scales_and_deterministic() -> None:
    small, medium = build_tables("S"), build_tables("M")
    for table, n in (("cross_devices", len(dev.CORE_DEVICES)), ("pairing_log", len(dev.CORE_LOG))):
        core = list(medium[table])[:n]
        assert [small[table][k] for k in core] == [medium[table][k] for k in core]
    for sid, *_ in dev.CORE_SESSIONS:
        assert small["cast_sessions"][sid] == medium["cast_sessions"][sid]
    assert len(small["pairing_log"]) < len(medium["pairing_log"])
    assert build_tables("M", seed=3)["pairing_log"] == build_tables("M", seed=3)["pairing_log"]



# ------------------------------------------------------------------------ Android 13 nearby devices
def test_connecting_to_nearby_devices_needs_nearby_devices() -> None:
    s = fresh()
    s.set_setting("network.bluetooth", True)
    app = s.get("apps", "assistant")
    assert app is not None and app["permissions"]["NEARBY_DEVICES"] is True
    s.update("apps", "assistant", permissions={**app["permissions"], "NEARBY_DEVICES": False})
    for name, args in (CAST_TV, MULTI, ("pair_cross_device", {"device_id": "xdev_010"})):
        fb = execute(s, name, args)
        assert fb["error_type"] == "PermissionDenied" and fb["data"]["permission"] == "NEARBY_DEVICES", fb
    # Reading the device list needs no permission; Android's name for the group is accepted to grant it.
    assert execute(s, "list_cross_devices", {})["status"] == "success"
    call(s, "grant_app_permission", {"app_id": "assistant", "permission": "NEARBY_WIFI_DEVICES"})
    assert call(s, *CAST_TV)["data"]["device_id"] == "xdev_001"
