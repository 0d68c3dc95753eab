"""Devices & Cross-device: screen casting, multi-screen collaboration, device migration and the pairing log.

Tables (this module owns and seeds all four):
    cross_devices: ``{device_id: {"id", "name", "kind", "owner": "me" | contact_id | None, "owner_name",
        "paired": bool, "trusted": bool, "nearby": bool, "capabilities": ["cast" | "multiscreen" |
        "files" | "migration"], "data": {category: {"items", "size_mb"}}, "last_connected": str | None}}``.
        ``kind`` is one of tv, monitor, projector, car_display, laptop, tablet, watch, phone; ``data`` is
        what an old phone holds for migration (empty for other kinds). Core devices are
        ``xdev_001``..``xdev_010``; generated nearby displays follow (``xdev_101``..).
    cast_sessions: ``{session_id: {"id", "device_id", "mode": "cast" | "multiscreen", "source": "screen" |
        "media", "media": {"title", "artist"} | None, "status": "active" | "stopped", "started_at",
        "stopped_at", "files_sent": [{"file_id", "name", "size_mb", "time"}]}}``. At most one active
        session per mode.
    migration_jobs: ``{job_id: {"id", "source_device_id", "categories": [category], "items": {category:
        int}, "total_mb", "status": "running" | "completed" | "cancelled", "progress": 0-100,
        "started_at", "ends_at", "ended_at"}}``. A job moves about 2 GB per simulated second (one tool call is one second); a
        ``running`` job whose ``ends_at`` has passed on the simulated clock reads as ``completed``.
    pairing_log: ``{log_id: {"id", "time", "device_id", "device_name", "source": "bluetooth" |
        "cross_device", "event": "pair" | "unpair" | "connect" | "disconnect", "detail"}}``. Every
        pair/unpair/connect/disconnect is recorded here, including the Bluetooth accessory events of the
        Network & Connectivity module (``network.py`` owns ``bluetooth_devices`` and calls
        ``log_pairing_event``).

Cross-domain links: casting and collaboration need Wi-Fi on (``network.wifi``), collaboration and pairing
also need Bluetooth on (``network.bluetooth``); migration needs Wi-Fi; sending files reads the ``files``
table (CapabilityLimit when the phone has none); casting media reads the media player's record
``playback/current`` (``{"title", "artist", "status": "playing" | "paused"}``). ``network.py`` calls
``radio_blockers`` before turning a radio off and ``end_wifi_casts`` when Wi-Fi goes away. A migration
reserves its size from Apps & Storage's ``storage.free_mb`` when it starts (a cancel gives back the part
not copied) and is refused when the data does not fit.
"""

from __future__ import annotations

import math
import random
from datetime import datetime, timedelta
from typing import Any, Literal

from mpb_env.errors import (
    AlreadyExists,
    Ambiguous,
    CapabilityLimit,
    Conflict,
    InvalidArguments,
    NotFound,
    PreconditionFailed,
)
from mpb_env.tools.runtime import Ok, ok, tool
from mpb_env.world.state import PhoneState, Record, Tables

DOMAIN = "Devices & Cross-device"
#: Finding and linking nearby devices (Bluetooth discovery, a Wi-Fi link) is what Android 13's
#: NEARBY_DEVICES group (BLUETOOTH_CONNECT, NEARBY_WIFI_DEVICES) guards; the Assistant acts for the user.
NEARBY = ("assistant", "NEARBY_DEVICES")
SEED_ORDER = 54

DeviceKind = Literal["tv", "monitor", "projector", "car_display", "laptop", "tablet", "watch", "phone"]
CastSource = Literal["screen", "media"]
PairingEvent = Literal["pair", "unpair", "connect", "disconnect"]
MigrationCategory = Literal[
    "contacts", "messages", "call_log", "photos", "videos", "music", "apps", "calendar", "notes"
]

MAX_LIMIT = 100
MAX_NAME = 40
MB_PER_SECOND = 2000
FREE_KEY = "storage.free_mb"  # free storage, owned by Apps & Storage
#: The media player's now-playing record (owned by the Audio & Entertainment domain).
NOW_PLAYING = ("playback", "current")

CAPABILITIES: dict[str, list[str]] = {
    "tv": ["cast"],
    "monitor": ["cast"],
    "projector": ["cast"],
    "car_display": ["cast"],
    "laptop": ["multiscreen", "files"],
    "tablet": ["multiscreen", "files"],
    "watch": [],
    "phone": ["migration"],
}


# --------------------------------------------------------------------------- shared helpers
def log_pairing_event(
    s: PhoneState, device_id: str, device_name: str, source: str, event: str, detail: str = ""
) -> Record:
    """Append one event to ``pairing_log`` (also used by network.py's Bluetooth tools)."""
    lid = s.new_id("plog")
    rec = {
        "id": lid,
        "time": s.now_iso(),
        "device_id": device_id,
        "device_name": device_name,
        "source": source,
        "event": event,
        "detail": detail,
    }
    return s.put("pairing_log", lid, rec)


def _migration_running(s: PhoneState, job: Record) -> bool:
    return job["status"] == "running" and s.now_iso() < job["ends_at"]


def radio_blockers(s: PhoneState, radio: str) -> list[dict[str, Any]]:
    """Live links that depend on ``radio`` ("wifi" or "bluetooth") and would break if it went off.

    A multi-screen session needs both radios; a running migration needs Wi-Fi. Casts are not listed:
    they simply end when Wi-Fi goes away (see ``end_wifi_casts``).
    """
    out: list[dict[str, Any]] = []
    for sess in s.values("cast_sessions"):
        if sess["status"] == "active" and sess["mode"] == "multiscreen":
            out.append(
                {
                    "kind": "multiscreen",
                    "id": sess["id"],
                    "device_id": sess["device_id"],
                    "remedy": "stop_cast_session",
                }
            )
    if radio == "wifi":
        for job in s.values("migration_jobs"):
            if _migration_running(s, job):
                out.append(
                    {
                        "kind": "migration",
                        "id": job["id"],
                        "device_id": job["source_device_id"],
                        "remedy": "cancel_device_migration",
                    }
                )
    return out


def end_wifi_casts(s: PhoneState) -> list[str]:
    """Stop every active cast (they ride on Wi-Fi); returns the stopped session IDs."""
    stopped = [x for x in s.values("cast_sessions") if x["status"] == "active" and x["mode"] == "cast"]
    for sess in stopped:
        _stop(s, sess, "Wi-Fi turned off")
    return [x["id"] for x in stopped]


def _stop(s: PhoneState, sess: Record, why: str) -> Record:
    rec = s.update("cast_sessions", sess["id"], status="stopped", stopped_at=s.now_iso())
    dev = s.get("cross_devices", sess["device_id"])
    name = dev["name"] if dev else sess["device_id"]
    log_pairing_event(
        s, sess["device_id"], name, "cross_device", "disconnect", f"{sess['mode']} ended: {why}"
    )
    return rec


def _device(s: PhoneState, device_id: str) -> Record:
    rec = s.get("cross_devices", device_id)
    if rec is None:
        raise NotFound(
            f"no device with id {device_id!r}; list_cross_devices shows the known ones", device_id=device_id
        )
    return rec


def _check_limit(limit: int) -> None:
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidArguments(f"limit must be between 1 and {MAX_LIMIT}, got {limit}", field="limit")


def _require(s: PhoneState, key: str, label: str, what: str) -> None:
    if not s.setting(key, False):
        raise PreconditionFailed(
            f"{what} needs {label} on; turn it on first", setting=key, required=True, current=False
        )


def _require_wifi(s: PhoneState, what: str) -> None:
    _require(s, "network.wifi", "Wi-Fi", what)


def _require_capability(dev: Record, cap: str, hint: str) -> None:
    if cap not in dev["capabilities"]:
        raise CapabilityLimit(
            f"{dev['name']} ({dev['kind']}) cannot do {cap}; {hint}",
            device_id=dev["id"],
            capabilities=dev["capabilities"],
        )


def _require_paired_nearby(dev: Record, what: str) -> None:
    if not dev["paired"]:
        raise PreconditionFailed(
            f"{dev['name']} is not paired; pair it with pair_cross_device before {what}",
            device_id=dev["id"],
            remedy="pair_cross_device",
        )
    if not dev["nearby"]:
        raise PreconditionFailed(
            f"{dev['name']} is not nearby (out of range or switched off)", device_id=dev["id"]
        )


def _active(s: PhoneState, mode: str) -> Record | None:
    for sess in s.values("cast_sessions"):
        if sess["status"] == "active" and sess["mode"] == mode:
            return sess
    return None


def _has_table(s: PhoneState, table: str) -> bool:
    return table in s.world.tables or table in s.patch.tables or table in s.writes


def _size_mb(f: Record) -> float | None:
    if isinstance(f.get("size_mb"), int | float):
        return f["size_mb"]
    if isinstance(f.get("size_kb"), int | float):
        return round(f["size_kb"] / 1024, 3)
    if isinstance(f.get("size_bytes"), int | float):
        return round(f["size_bytes"] / 1_048_576, 3)
    return None


def _job_view(s: PhoneState, job: Record) -> dict[str, Any]:
    if job["status"] != "running":
        done = job["status"] == "completed"
        progress = 100 if done else job.get("progress", 0)
        return {**job, "progress": progress}
    t0, t1 = datetime.fromisoformat(job["started_at"]), datetime.fromisoformat(job["ends_at"])
    now = s.now()
    if now >= t1:
        return {**job, "status": "completed", "ended_at": job["ends_at"], "progress": 100}
    pct = int(100 * (now - t0).total_seconds() / max(1.0, (t1 - t0).total_seconds()))
    return {**job, "progress": max(0, min(99, pct))}


# --------------------------------------------------------------------------- devices
@tool(DOMAIN)
def list_cross_devices(s: PhoneState, kind: DeviceKind | None = None, paired_only: bool = False) -> Ok:
    """List the TVs, laptops, tablets, watches, car displays and phones the phone can link with.

    Args:
        kind: Only devices of this kind, e.g. "tv"; every kind when omitted.
        paired_only: Only devices already paired with the phone, e.g. true.

    Returns:
        Device records (id, name, kind, owner, owner_name, paired, trusted, nearby, capabilities,
        last_connected) plus ``active_session_id`` (the live cast or multi-screen session, or null).

    Raises:
        InvalidArguments: kind is not one of the known device kinds.
    """
    live = {x["device_id"]: x["id"] for x in s.values("cast_sessions") if x["status"] == "active"}
    rows = []
    for d in s.values("cross_devices"):
        if (kind is not None and d["kind"] != kind) or (paired_only and not d["paired"]):
            continue
        row = {k: v for k, v in d.items() if k != "data"}
        row["active_session_id"] = live.get(d["id"])
        rows.append(row)
    rows.sort(key=lambda r: (not r["paired"], not r["nearby"], r["id"]))
    return ok(f"{len(rows)} devices", rows)


@tool(DOMAIN, mutates=True, permission=NEARBY)
def pair_cross_device(s: PhoneState, device_id: str) -> Ok:
    """Pair the phone with a nearby TV, laptop, tablet, watch, car display or phone.

    Discovery runs over Bluetooth and the link over Wi-Fi, so both must be on. A new pairing is not
    trusted; trust it with update_cross_device to allow multi-screen collaboration.

    Args:
        device_id: The device's ID, e.g. "xdev_010".

    Returns:
        The paired device record.

    Raises:
        NotFound: no device has this ID.
        AlreadyExists: the device is already paired.
        PreconditionFailed: Wi-Fi or Bluetooth is off, or the device is not nearby.
        PermissionDenied: the Assistant lacks NEARBY_DEVICES (BLUETOOTH_CONNECT, NEARBY_WIFI_DEVICES).
    """
    dev = _device(s, device_id)
    if dev["paired"]:
        raise AlreadyExists(f"{dev['name']} is already paired", device_id=device_id)
    _require(s, "network.bluetooth", "Bluetooth", "pairing a device")
    _require_wifi(s, "pairing a device")
    if not dev["nearby"]:
        raise PreconditionFailed(
            f"{dev['name']} is not nearby (out of range or switched off)", device_id=device_id
        )
    rec = s.update("cross_devices", device_id, paired=True, trusted=False)
    log_pairing_event(s, device_id, dev["name"], "cross_device", "pair")
    return ok(f"Paired with {dev['name']}", {k: v for k, v in rec.items() if k != "data"})


@tool(DOMAIN, mutates=True)
def unpair_cross_device(s: PhoneState, device_id: str) -> Ok:
    """Unpair (forget) a linked device; a live cast or multi-screen session with it ends first.

    Args:
        device_id: The device's ID, e.g. "xdev_008".

    Returns:
        The device record after unpairing and the IDs of the sessions that were stopped.

    Raises:
        NotFound: no device has this ID.
        PreconditionFailed: the device is not paired.
    """
    dev = _device(s, device_id)
    if not dev["paired"]:
        raise PreconditionFailed(f"{dev['name']} is not paired", device_id=device_id)
    stopped = []
    for sess in list(s.values("cast_sessions")):
        if sess["status"] == "active" and sess["device_id"] == device_id:
            _stop(s, sess, "device unpaired")
            stopped.append(sess["id"])
    rec = s.update("cross_devices", device_id, paired=False, trusted=False)
    log_pairing_event(s, device_id, dev["name"], "cross_device", "unpair")
    row = {k: v for k, v in rec.items() if k != "data"}
    return ok(f"Unpaired {dev['name']}", {"device": row, "stopped_sessions": stopped})


@tool(DOMAIN, mutates=True)
def update_cross_device(
    s: PhoneState, device_id: str, name: str | None = None, trusted: bool | None = None
) -> Ok:
    """Rename a linked device or mark it trusted (trusted devices may mirror the screen and receive files).

    Args:
        device_id: The device's ID, e.g. "xdev_004".
        name: A new display name (1-40 characters), e.g. "Kitchen TV".
        trusted: Trust (true) or distrust (false) the device, e.g. true.

    Returns:
        The updated device record and the names of the fields that changed.

    Raises:
        NotFound: no device has this ID.
        InvalidArguments: no field was given, or the name is empty or too long.
        PreconditionFailed: trusting a device that is not paired.
    """
    dev = _device(s, device_id)
    changes: dict[str, Any] = {}
    if name is not None:
        clean = " ".join(name.split())
        if not 1 <= len(clean) <= MAX_NAME:
            raise InvalidArguments(f"name must be 1-{MAX_NAME} characters, got {name!r}", field="name")
        changes["name"] = clean
    if trusted is not None:
        if trusted and not dev["paired"]:
            raise PreconditionFailed(
                f"{dev['name']} must be paired before it can be trusted; use pair_cross_device",
                device_id=device_id,
                remedy="pair_cross_device",
            )
        changes["trusted"] = trusted
    if not changes:
        raise InvalidArguments("give at least one of name or trusted")
    changed = [k for k, v in changes.items() if dev.get(k) != v]
    rec = s.update("cross_devices", device_id, **changes) if changed else dev
    row = {k: v for k, v in rec.items() if k != "data"}
    return ok(
        f"Updated {rec['name']} ({', '.join(changed) or 'nothing changed'})",
        {"device": row, "changed": changed},
    )


# --------------------------------------------------------------------------- casting and collaboration
@tool(DOMAIN, mutates=True, permission=NEARBY)
def start_cast_session(s: PhoneState, device_id: str, source: CastSource = "screen") -> Ok:
    """Cast the phone screen, or the media that is playing now, to a paired TV, monitor, projector or car display.

    Args:
        device_id: The display's ID, e.g. "xdev_001".
        source: "screen" mirrors the whole screen; "media" sends the currently playing song or video,
            e.g. "media".

    Returns:
        The new cast session record.

    Raises:
        NotFound: no device has this ID.
        CapabilityLimit: the device cannot show a cast (a watch, a laptop or a phone).
        PreconditionFailed: Wi-Fi is off, the display is not paired or not nearby, or source is "media"
            and nothing is playing.
        Conflict: a cast is already running (stop it with stop_cast_session first).
        PermissionDenied: the Assistant lacks NEARBY_DEVICES (BLUETOOTH_CONNECT, NEARBY_WIFI_DEVICES).
    """
    dev = _device(s, device_id)
    _require_capability(dev, "cast", "laptops and tablets use start_multiscreen_session")
    _require_wifi(s, "casting")
    _require_paired_nearby(dev, "casting to it")
    live = _active(s, "cast")
    if live is not None:
        other = s.get("cross_devices", live["device_id"])
        raise Conflict(
            f"already casting to {other['name'] if other else live['device_id']} ({live['id']}); "
            "stop it with stop_cast_session first",
            session_id=live["id"],
            remedy="stop_cast_session",
        )
    media = None
    if source == "media":
        now = s.get(*NOW_PLAYING)
        if now is None or now.get("status") != "playing":
            raise PreconditionFailed("nothing is playing; start playback before casting media")
        media = {"title": now.get("title", ""), "artist": now.get("artist", "")}
    sid = s.new_id("cast")
    rec = {
        "id": sid,
        "device_id": device_id,
        "mode": "cast",
        "source": source,
        "media": media,
        "status": "active",
        "started_at": s.now_iso(),
        "stopped_at": None,
        "files_sent": [],
    }
    s.put("cast_sessions", sid, rec)
    s.update("cross_devices", device_id, last_connected=rec["started_at"])
    what = f"'{media['title']}'" if media else "the screen"
    log_pairing_event(s, device_id, dev["name"], "cross_device", "connect", f"cast {source}")
    return ok(f"Casting {what} to {dev['name']} ({sid})", rec)


@tool(DOMAIN, mutates=True, permission=NEARBY)
def start_multiscreen_session(s: PhoneState, device_id: str) -> Ok:
    """Start multi-screen collaboration: mirror the phone in a window on a trusted laptop or tablet.

    While the session is live, files can be dragged to the device with send_files_to_device.

    Args:
        device_id: The laptop's or tablet's ID, e.g. "xdev_003".

    Returns:
        The new multi-screen session record.

    Raises:
        NotFound: no device has this ID.
        CapabilityLimit: the device is not a laptop or tablet.
        PreconditionFailed: Wi-Fi or Bluetooth is off, or the device is not paired, not trusted or not
            nearby.
        Conflict: a multi-screen session is already running.
        PermissionDenied: the Assistant lacks NEARBY_DEVICES (BLUETOOTH_CONNECT, NEARBY_WIFI_DEVICES).
    """
    dev = _device(s, device_id)
    _require_capability(dev, "multiscreen", "TVs and displays use start_cast_session")
    _require_wifi(s, "multi-screen collaboration")
    _require(s, "network.bluetooth", "Bluetooth", "multi-screen collaboration")
    _require_paired_nearby(dev, "collaborating with it")
    if not dev["trusted"]:
        raise PreconditionFailed(
            f"{dev['name']} is not trusted; trust it with update_cross_device(trusted=true) first",
            device_id=device_id,
            remedy="update_cross_device",
        )
    live = _active(s, "multiscreen")
    if live is not None:
        raise Conflict(
            f"a multi-screen session is already running ({live['id']}); stop it with stop_cast_session first",
            session_id=live["id"],
            remedy="stop_cast_session",
        )
    sid = s.new_id("cast")
    rec = {
        "id": sid,
        "device_id": device_id,
        "mode": "multiscreen",
        "source": "screen",
        "media": None,
        "status": "active",
        "started_at": s.now_iso(),
        "stopped_at": None,
        "files_sent": [],
    }
    s.put("cast_sessions", sid, rec)
    s.update("cross_devices", device_id, last_connected=rec["started_at"])
    log_pairing_event(s, device_id, dev["name"], "cross_device", "connect", "multiscreen")
    return ok(f"Multi-screen collaboration with {dev['name']} started ({sid})", rec)


@tool(DOMAIN, mutates=True)
def stop_cast_session(s: PhoneState, session_id: str | None = None) -> Ok:
    """Stop a live cast or multi-screen session.

    Args:
        session_id: The session's ID, e.g. "cast_n001"; when omitted, the only live session is stopped.

    Returns:
        The stopped session record.

    Raises:
        NotFound: no session has this ID.
        PreconditionFailed: the session has already ended, or nothing is live.
        Ambiguous: session_id was omitted and both a cast and a multi-screen session are live.
    """
    if session_id is None:
        live = [x for x in s.values("cast_sessions") if x["status"] == "active"]
        if not live:
            raise PreconditionFailed("no cast or multi-screen session is running")
        if len(live) > 1:
            raise Ambiguous(
                "several sessions are live; give session_id",
                candidates=[{"id": x["id"], "mode": x["mode"], "device_id": x["device_id"]} for x in live],
            )
        sess = live[0]
    else:
        found = s.get("cast_sessions", session_id)
        if found is None:
            raise NotFound(
                f"no session with id {session_id!r}; see list_cast_sessions", session_id=session_id
            )
        if found["status"] != "active":
            raise PreconditionFailed(f"session {session_id} already ended at {found['stopped_at']}")
        sess = found
    rec = _stop(s, sess, "stopped by user")
    return ok(f"Stopped {rec['mode']} session {rec['id']}", rec)


@tool(DOMAIN)
def list_cast_sessions(s: PhoneState, active_only: bool = False, limit: int = 20) -> Ok:
    """List cast and multi-screen sessions, newest first.

    Args:
        active_only: Only live sessions, e.g. true.
        limit: Maximum number of sessions returned (1-100), e.g. 10.

    Returns:
        Session records (id, device_id, mode, source, media, status, started_at, stopped_at, files_sent)
        plus ``device_name``.

    Raises:
        InvalidArguments: limit is outside 1..100.
    """
    _check_limit(limit)
    rows = [x for x in s.values("cast_sessions") if not active_only or x["status"] == "active"]
    rows.sort(key=lambda x: (x["started_at"], x["id"]), reverse=True)
    out = []
    for x in rows[:limit]:
        dev = s.get("cross_devices", x["device_id"])
        out.append({**x, "device_name": dev["name"] if dev else None})
    return ok(f"{len(rows)} sessions", out)


@tool(DOMAIN, mutates=True)
def send_files_to_device(s: PhoneState, device_id: str, file_ids: list[str]) -> Ok:
    """Drag files from the phone to a laptop or tablet during a live multi-screen session.

    Args:
        device_id: The laptop's or tablet's ID, e.g. "xdev_003".
        file_ids: IDs of files in the phone's storage, e.g. ["file_001", "file_002"].

    Returns:
        The files sent (file_id, name, size_mb, time) and the session ID.

    Raises:
        NotFound: no device has this ID, or a file ID is not in the phone's storage.
        InvalidArguments: file_ids is empty or repeats an ID.
        CapabilityLimit: the device cannot receive files, or the phone has no file storage.
        PreconditionFailed: no multi-screen session with this device is live, or a file is in the
            recycle bin.
    """
    dev = _device(s, device_id)
    _require_capability(dev, "files", "only laptops and tablets receive files")
    if not file_ids:
        raise InvalidArguments("file_ids must name at least one file", field="file_ids")
    if len(set(file_ids)) != len(file_ids):
        raise InvalidArguments("file_ids repeats an ID", field="file_ids")
    sess = _active(s, "multiscreen")
    if sess is None or sess["device_id"] != device_id:
        raise PreconditionFailed(
            f"no multi-screen session with {dev['name']} is live; start one with start_multiscreen_session",
            device_id=device_id,
            remedy="start_multiscreen_session",
        )
    if not _has_table(s, "files"):
        raise CapabilityLimit("this phone has no file storage to send from")
    files = [(fid, s.get("files", fid)) for fid in file_ids]
    missing = [fid for fid, f in files if f is None]
    if missing:
        raise NotFound(f"no file with id {', '.join(missing)}", file_ids=missing)
    trashed = [fid for fid, f in files if f is not None and f.get("trashed")]
    if trashed:
        raise PreconditionFailed(
            f"{', '.join(trashed)} is in the recycle bin; restore it first", file_ids=trashed
        )
    now = s.now_iso()
    sent = [
        {"file_id": fid, "name": f.get("name") or f.get("path") or fid, "size_mb": _size_mb(f), "time": now}
        for fid, f in files
        if f is not None
    ]
    s.update("cast_sessions", sess["id"], files_sent=[*sess["files_sent"], *sent])
    return ok(f"Sent {len(sent)} files to {dev['name']}", {"session_id": sess["id"], "files": sent})


# --------------------------------------------------------------------------- migration
@tool(DOMAIN, mutates=True)
def start_device_migration(s: PhoneState, source_device_id: str, categories: list[MigrationCategory]) -> Ok:
    """Start copying data from an old phone to this one over Wi-Fi (device migration).

    Args:
        source_device_id: The old phone's ID, e.g. "xdev_009".
        categories: What to copy, e.g. ["photos", "contacts"].

    Returns:
        The new migration job (items per category, total_mb, started_at, ends_at, progress).

    Raises:
        NotFound: no device has this ID.
        InvalidArguments: categories is empty or repeats a category.
        CapabilityLimit: the device is not a phone, so there is nothing to migrate from.
        PreconditionFailed: Wi-Fi is off, the old phone is not paired or not nearby, or there is not
            enough free storage for the data (``storage.free_mb``).
        Conflict: another migration is still running.
    """
    dev = _device(s, source_device_id)
    if not categories:
        raise InvalidArguments("categories must name at least one kind of data", field="categories")
    if len(set(categories)) != len(categories):
        raise InvalidArguments("categories repeats a category", field="categories")
    _require_capability(dev, "migration", "only an old phone can be migrated from")
    _require_wifi(s, "device migration")
    _require_paired_nearby(dev, "migrating from it")
    for job in s.values("migration_jobs"):
        if _migration_running(s, job):
            raise Conflict(
                f"migration {job['id']} is still running; wait for it or cancel_device_migration",
                job_id=job["id"],
                remedy="cancel_device_migration",
            )
    data = dev.get("data", {})
    items = {c: data.get(c, {}).get("items", 0) for c in categories}
    total = sum(data.get(c, {}).get("size_mb", 0) for c in categories)
    free = float(s.setting(FREE_KEY, 0.0))
    if total > free:
        raise PreconditionFailed(
            f"not enough free storage: the data needs {total} MB and {free:g} MB are free; free up space "
            "or pick fewer categories",
            setting=FREE_KEY,
            needed_mb=total,
            free_mb=free,
        )
    start = s.now()
    secs = max(2, math.ceil(total / MB_PER_SECOND))
    jid = s.new_id("mig")
    rec = {
        "id": jid,
        "source_device_id": source_device_id,
        "categories": list(categories),
        "items": items,
        "total_mb": total,
        "status": "running",
        "progress": 0,
        "started_at": start.isoformat(timespec="seconds"),
        "ends_at": (start + timedelta(seconds=secs)).isoformat(timespec="seconds"),
        "ended_at": None,
    }
    s.put("migration_jobs", jid, rec)
    s.set_setting(FREE_KEY, round(free - total, 1))
    s.update("cross_devices", source_device_id, last_connected=rec["started_at"])
    return ok(
        f"Migrating {', '.join(categories)} from {dev['name']} ({jid}, about {secs} s)", _job_view(s, rec)
    )


@tool(DOMAIN)
def get_device_migration(s: PhoneState, job_id: str | None = None) -> Ok:
    """Get a device migration job's status and progress.

    Args:
        job_id: The job's ID, e.g. "mig_n001"; the most recent job when omitted.

    Returns:
        The job record with its current ``status`` and ``progress`` (0-100).

    Raises:
        NotFound: no job has this ID, or there has never been a migration.
    """
    if job_id is None:
        jobs = sorted(s.values("migration_jobs"), key=lambda j: (j["started_at"], j["id"]))
        if not jobs:
            raise NotFound("there has been no device migration yet")
        job = jobs[-1]
    else:
        found = s.get("migration_jobs", job_id)
        if found is None:
            raise NotFound(f"no migration job with id {job_id!r}", job_id=job_id)
        job = found
    view = _job_view(s, job)
    return ok(f"Migration {view['id']}: {view['status']} ({view['progress']}%)", view)


@tool(DOMAIN, mutates=True)
def cancel_device_migration(s: PhoneState, job_id: str) -> Ok:
    """Cancel a running device migration; data already copied stays.

    Args:
        job_id: The job's ID, e.g. "mig_n001".

    Returns:
        The cancelled job with the progress it had reached, and ``freed_mb`` (storage given back for the
        data that was not copied).

    Raises:
        NotFound: no job has this ID.
        PreconditionFailed: the job has already completed or been cancelled.
    """
    job = s.get("migration_jobs", job_id)
    if job is None:
        raise NotFound(f"no migration job with id {job_id!r}", job_id=job_id)
    view = _job_view(s, job)
    if view["status"] != "running":
        raise PreconditionFailed(f"migration {job_id} is already {view['status']}", status=view["status"])
    rec = s.update(
        "migration_jobs", job_id, status="cancelled", ended_at=s.now_iso(), progress=view["progress"]
    )
    refund = round(job["total_mb"] * (100 - view["progress"]) / 100, 1)
    s.set_setting(FREE_KEY, round(float(s.setting(FREE_KEY, 0.0)) + refund, 1))
    return ok(f"Cancelled migration {job_id} at {view['progress']}%", {**rec, "freed_mb": refund})


# --------------------------------------------------------------------------- pairing log
@tool(DOMAIN)
def list_pairing_log(
    s: PhoneState, device_id: str | None = None, event: PairingEvent | None = None, limit: int = 20
) -> Ok:
    """List pairing and connection events (Bluetooth accessories and linked devices), newest first.

    Args:
        device_id: Only events of this device, e.g. "bt_001" or "xdev_001".
        event: Only this kind of event, e.g. "pair".
        limit: Maximum number of events returned (1-100), e.g. 20.

    Returns:
        Log records (id, time, device_id, device_name, source, event, detail).

    Raises:
        InvalidArguments: limit is outside 1..100 or event is not a known event kind.
        NotFound: device_id names no known device and has no events.
    """
    _check_limit(limit)
    rows = [
        r
        for r in s.values("pairing_log")
        if (device_id is None or r["device_id"] == device_id) and (event is None or r["event"] == event)
    ]
    if (
        device_id is not None
        and not rows
        and not s.has("cross_devices", device_id)
        and not s.has("bluetooth_devices", device_id)
    ):
        raise NotFound(f"no device with id {device_id!r}", device_id=device_id)
    rows.sort(key=lambda r: (r["time"], r["id"]), reverse=True)
    more = f" (showing {limit})" if len(rows) > limit else ""
    return ok(f"{len(rows)} events{more}", rows[:limit])


# --------------------------------------------------------------------------- world
_OLD_PHONE_DATA: dict[str, dict[str, int]] = {
    "contacts": {"items": 412, "size_mb": 3},
    "messages": {"items": 5130, "size_mb": 180},
    "call_log": {"items": 960, "size_mb": 1},
    "photos": {"items": 3240, "size_mb": 9800},
    "videos": {"items": 214, "size_mb": 14200},
    "music": {"items": 620, "size_mb": 3100},
    "apps": {"items": 38, "size_mb": 4100},
    "calendar": {"items": 730, "size_mb": 2},
    "notes": {"items": 96, "size_mb": 5},
}

# (id, name, kind, owner, owner_name, paired, trusted, nearby, last_connected)
CORE_DEVICES: list[tuple[str, str, str, str | None, str, bool, bool, bool, str | None]] = [
    ("xdev_001", "Living Room TV", "tv", "me", "Alex Morgan", True, True, True, "2026-05-17T20:05:00"),
    ("xdev_002", "Bedroom TV", "tv", "me", "Alex Morgan", True, True, True, "2026-05-09T21:30:00"),
    ("xdev_003", "Alex's MacBook Pro", "laptop", "me", "Alex Morgan", True, True, True, "2026-05-19T14:00:00"),
    ("xdev_004", "Alex's Tablet", "tablet", "me", "Alex Morgan", True, False, True, "2026-04-28T19:12:00"),
    ("xdev_005", "Alex's Watch", "watch", "me", "Alex Morgan", True, True, True, "2026-05-20T07:00:00"),
    ("xdev_006", "Honda CR-V Display", "car_display", "me", "Alex Morgan", True, True, False, "2026-05-19T18:05:00"),
    ("xdev_007", "Chris Li's TV", "tv", "contact_003", "Chris Li", False, False, False, None),
    ("xdev_008", "Northwind Conference Room B", "projector", None, "Northwind Labs", True, False, False,
     "2026-05-14T10:00:00"),
    ("xdev_009", "Alex's Old Phone", "phone", "me", "Alex Morgan", True, True, True, "2025-11-02T10:00:00"),
    ("xdev_010", "Emma's Tablet", "tablet", "contact_005", "Emma Morgan", False, False, True, None),
]  # fmt: skip

# (id, device_id, mode, source, media, started_at, stopped_at)
CORE_SESSIONS: list[tuple[str, str, str, str, dict[str, str] | None, str, str]] = [
    ("cast_0001", "xdev_001", "cast", "media", {"title": "Planet Ocean", "artist": "Nature Docs"},
     "2026-05-17T20:05:00", "2026-05-17T21:40:00"),
    ("cast_0002", "xdev_003", "multiscreen", "screen", None, "2026-05-19T14:00:00", "2026-05-19T15:10:00"),
    ("cast_0003", "xdev_008", "cast", "screen", None, "2026-05-14T10:00:00", "2026-05-14T10:55:00"),
    ("cast_0004", "xdev_006", "cast", "screen", None, "2026-05-19T17:35:00", "2026-05-19T18:05:00"),
]  # fmt: skip

# (time, device_id, device_name, source, event, detail)
CORE_LOG: list[tuple[str, str, str, str, str, str]] = [
    ("2026-05-20T07:00:00", "xdev_005", "Alex's Watch", "cross_device", "connect", "watch sync"),
    ("2026-05-19T18:40:00", "bt_003", "Honda CR-V", "bluetooth", "disconnect", ""),
    ("2026-05-19T18:05:00", "xdev_006", "Honda CR-V Display", "cross_device", "disconnect", "cast ended"),
    ("2026-05-19T17:35:00", "xdev_006", "Honda CR-V Display", "cross_device", "connect", "cast screen"),
    ("2026-05-19T17:34:00", "bt_003", "Honda CR-V", "bluetooth", "connect", ""),
    ("2026-05-19T15:10:00", "xdev_003", "Alex's MacBook Pro", "cross_device", "disconnect", "multiscreen ended"),
    ("2026-05-19T14:00:00", "xdev_003", "Alex's MacBook Pro", "cross_device", "connect", "multiscreen"),
    ("2026-05-19T08:55:00", "bt_001", "Sony WH-1000XM5", "bluetooth", "disconnect", ""),
    ("2026-05-19T08:10:00", "bt_001", "Sony WH-1000XM5", "bluetooth", "connect", ""),
    ("2026-05-17T21:40:00", "xdev_001", "Living Room TV", "cross_device", "disconnect", "cast ended"),
    ("2026-05-17T20:05:00", "xdev_001", "Living Room TV", "cross_device", "connect", "cast media"),
    ("2026-05-12T12:30:00", "bt_007", "Fitbit Charge 6", "bluetooth", "pair", ""),
    ("2026-05-03T16:20:00", "bt_090", "Galaxy Buds Live", "bluetooth", "unpair", "device no longer used"),
]  # fmt: skip

_GEN_DISPLAYS = (
    ("Samsung Q60 TV", "tv"),
    ("LG webOS TV", "tv"),
    ("Roku Ultra", "tv"),
    ("Fire TV Stick", "tv"),
    ("Chromecast", "tv"),
    ("Sony Bravia", "tv"),
    ("Dell Monitor", "monitor"),
    ("Epson Projector", "projector"),
    ("Surface Laptop", "laptop"),
    ("Galaxy Tab", "tablet"),
)
_GEN_TAGS = ("A1", "B7", "C3", "D9", "E2", "F5", "G8", "H4", "J6", "K1", "L3", "M7")

_GEN_START = datetime(2026, 1, 5)
_GEN_SPAN_S = int((datetime(2026, 5, 15) - _GEN_START).total_seconds())


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    """Core linked devices, sessions and log (identical at every scale) plus generated older bulk."""
    devices: dict[str, Record] = {}
    for did, name, kind, owner, owner_name, paired, trusted, nearby, last in CORE_DEVICES:
        devices[did] = {
            "id": did,
            "name": name,
            "kind": kind,
            "owner": owner,
            "owner_name": owner_name,
            "paired": paired,
            "trusted": trusted,
            "nearby": nearby,
            "capabilities": list(CAPABILITIES[kind]),
            "data": {k: dict(v) for k, v in _OLD_PHONE_DATA.items()} if kind == "phone" else {},
            "last_connected": last,
        }
    for i in range(round(8 * scale)):
        base, kind = rng.choice(_GEN_DISPLAYS)
        did = f"xdev_{101 + i:03d}"
        devices[did] = {
            "id": did,
            "name": f"{base} ({rng.choice(_GEN_TAGS)}{i})",
            "kind": kind,
            "owner": None,
            "owner_name": "",
            "paired": False,
            "trusted": False,
            "nearby": rng.random() < 0.5,
            "capabilities": list(CAPABILITIES[kind]),
            "data": {},
            "last_connected": None,
        }
    tables["cross_devices"] = devices

    sessions: dict[str, Record] = {}
    for sid, did, mode, source, media, t0, t1 in CORE_SESSIONS:
        sessions[sid] = {
            "id": sid,
            "device_id": did,
            "mode": mode,
            "source": source,
            "media": dict(media) if media else None,
            "status": "stopped",
            "started_at": t0,
            "stopped_at": t1,
            "files_sent": [],
        }
    own_displays = ["xdev_001", "xdev_002", "xdev_006"]
    gen_sessions = []
    for _ in range(round(24 * scale)):
        start = _GEN_START + timedelta(seconds=rng.randrange(_GEN_SPAN_S))
        multi = rng.random() < 0.25
        did = rng.choice(("xdev_003", "xdev_004")) if multi else rng.choice(own_displays)
        gen_sessions.append(
            {
                "device_id": did,
                "mode": "multiscreen" if multi else "cast",
                "source": "screen" if multi or rng.random() < 0.5 else "media",
                "media": None,
                "status": "stopped",
                "started_at": start.isoformat(timespec="seconds"),
                "stopped_at": (start + timedelta(minutes=rng.randint(5, 150))).isoformat(timespec="seconds"),
                "files_sent": [],
            }
        )
    gen_sessions.sort(key=lambda x: x["started_at"])
    for n, x in enumerate(gen_sessions, len(CORE_SESSIONS) + 1):
        sid = f"cast_{n:04d}"
        sessions[sid] = {"id": sid, **x}
    tables["cast_sessions"] = sessions

    tables["migration_jobs"] = {
        "mig_001": {
            "id": "mig_001",
            "source_device_id": "xdev_009",
            "categories": ["contacts", "apps", "messages"],
            "items": {"contacts": 398, "apps": 35, "messages": 4870},
            "total_mb": 4270,
            "status": "completed",
            "progress": 100,
            "started_at": "2025-11-02T10:00:00",
            "ends_at": "2025-11-02T10:00:03",
            "ended_at": "2025-11-02T10:00:03",
        }
    }

    log: dict[str, Record] = {}
    for n, (t, did, name, src, event, detail) in enumerate(CORE_LOG, 1):
        lid = f"plog_{n:04d}"
        log[lid] = {
            "id": lid,
            "time": t,
            "device_id": did,
            "device_name": name,
            "source": src,
            "event": event,
            "detail": detail,
        }
    linked: list[tuple[str, str, str]] = [
        (d["id"], d["name"], "bluetooth") for d in tables.get("bluetooth_devices", {}).values() if d["paired"]
    ]
    linked += [(d["id"], d["name"], "cross_device") for d in devices.values() if d["paired"]]
    gen_log = []
    for _ in range(round(90 * scale) if linked else 0):
        did, name, src = rng.choice(linked)
        t = _GEN_START + timedelta(seconds=rng.randrange(_GEN_SPAN_S))
        gen_log.append((t.isoformat(timespec="seconds"), did, name, src, "connect"))
        t2 = t + timedelta(minutes=rng.randint(3, 240))
        gen_log.append((t2.isoformat(timespec="seconds"), did, name, src, "disconnect"))
    gen_log.sort()
    for n, (t, did, name, src, event) in enumerate(gen_log, len(CORE_LOG) + 1):
        lid = f"plog_{n:04d}"
        log[lid] = {
            "id": lid,
            "time": t,
            "device_id": did,
            "device_name": name,
            "source": src,
            "event": event,
            "detail": "",
        }
    tables["pairing_log"] = log
