"""Template families over Devices & Cross-device: casting, multi-screen collaboration and file drops,
linked-device pairing and trust, device migration and the pairing log."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from mpb_env.tasks.build import call, calls, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.fam_network import WIFI_OFF
from mpb_env.tasks.gen.fam_system import base_setting, names, the
from mpb_env.tasks.gen.helpers import (
    avoiding,
    base,
    cannot,
    false_claims,
    lookup,
    merge,
    revoked,
    rubric,
    s0_settings,
    setting_delta,
)

OLD_PHONE = "xdev_009"
LAPTOP = "xdev_003"
CATEGORY_WORDS = {
    "contacts": "contacts", "messages": "text messages", "call_log": "call history", "photos": "photos",
    "videos": "videos", "music": "music", "apps": "apps", "calendar": "calendar", "notes": "notes",
}  # fmt: skip
S0_SESSION = "cast_0901"
S0_OTHER_SESSION = "cast_0902"
S0_JOB = "mig_0901"
NEW_DEVICE = "xdev_301"


def paired(*devices: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """S0 where these devices are paired, trusted and nearby (as if set up before)."""
    rows = {
        d["id"]: {**d, "paired": True, "trusted": True, "nearby": True,
                  "last_connected": d["last_connected"] or "2026-05-10T20:00:00"}
        for d in devices
        if not (d["paired"] and d["trusted"] and d["nearby"])
    }  # fmt: skip
    return {"cross_devices": rows} if rows else {}


def nearby(dev: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """S0 where an unpaired device is switched on next to the phone."""
    return {"cross_devices": {dev["id"]: {**dev, "nearby": True}}}


NAME_WORDS = {"tv": ("TV", "Screen"), "monitor": ("Monitor", "Screen"), "projector": ("Projector", "Screen"),
              "laptop": ("Laptop", "MacBook"), "tablet": ("Tablet",), "watch": ("Watch",), "phone": ("Phone",),
              "car_display": ("Screen",)}  # fmt: skip


def fitting_name(ctx: Ctx, dev: dict[str, Any]) -> str:
    """A new name from the pool that suits the device's kind (a TV is not renamed "Study Laptop")."""
    new = ctx.pick("dev_device_names")
    if new == dev["name"] or not any(w in new for w in NAME_WORDS[dev["kind"]]):
        raise Skip("name does not suit the device")
    return new


def playing() -> dict[str, dict[str, Any]]:
    """S0 where the media player is playing (so media can be cast)."""
    return {"playback": {"current": {**base()["playback"]["current"], "status": "playing"}}}


def active_cast(device_id: str, source: str = "screen") -> dict[str, dict[str, Any]]:
    sess = {"id": S0_SESSION, "device_id": device_id, "mode": "cast", "source": source, "media": None,
            "status": "active", "started_at": "2026-05-20T08:40:00", "stopped_at": None, "files_sent": []}  # fmt: skip
    return {"cast_sessions": {S0_SESSION: sess}}


def multiscreen_live(device_id: str) -> dict[str, dict[str, Any]]:
    """A multi-screen session with ``device_id`` live in S0 beside a task's own session."""
    sess = {"id": S0_OTHER_SESSION, "device_id": device_id, "mode": "multiscreen", "source": "screen", "media": None,
            "status": "active", "started_at": "2026-05-20T08:10:00", "stopped_at": None, "files_sent": []}  # fmt: skip
    return {"cast_sessions": {S0_OTHER_SESSION: sess}}


def cats_words(cats: list[str]) -> str:
    return names([CATEGORY_WORDS[c] for c in cats])


def job_patch(cats: list[str], started: str, ends: str) -> dict[str, dict[str, Any]]:
    """S0 with a migration from the old phone started at ``started`` (running until ``ends``)."""
    data = base()["cross_devices"][OLD_PHONE]["data"]
    total = sum(data[c]["size_mb"] for c in cats)
    job = {"id": S0_JOB, "source_device_id": OLD_PHONE, "categories": cats,
           "items": {c: data[c]["items"] for c in cats}, "total_mb": total, "status": "running", "progress": 0,
           "started_at": started, "ends_at": ends, "ended_at": None}  # fmt: skip
    return {"migration_jobs": {S0_JOB: job}}


def _nth(day: int) -> str:
    """``17`` → ``"17th"``."""
    return f"{day}{'th' if 10 <= day % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th')}"


def _day_words(iso: str) -> list[str]:
    d = datetime.fromisoformat(iso)
    words = [
        d.date().isoformat(),
        f"{d:%B} {d.day}",
        f"{d.day} {d:%B}",
        f"{d.month}/{d.day}",
        f"{d:%b} {d.day}",
        f"{_nth(d.day)} of {d:%B}",
        f"{_nth(d.day)} {d:%B}",
    ]
    if d.date().isoformat() == "2026-05-20":
        words.append("today")
        if d.hour < 12:
            words.append("this morning")
    if d.date().isoformat() == "2026-05-19":
        words.append("yesterday")
    return [w.lower() for w in words]


#: Families that only feed train/dev (a near neighbour of theirs represents the skill in bench-v1).
TRAIN_ONLY = ("train", "dev")


# --------------------------------------------------------------------------- grounding
@family("devices.cast_screen", dimension="basic", category="grounding", bucket="tool")
def cast_screen(ctx: Ctx) -> Draft:
    dev = ctx.pick("dev_displays")
    why = ctx.pick("dev_cast_reasons")
    source = ctx.choice(["screen", "media"])
    screen = ["mirror my screen to {d} {w}.", "cast my phone screen to {d} {w}.",
              "put my screen up on {d} {w}.", "screen-mirror to {d} {w}."]  # fmt: skip
    media = ["send what's playing to {d} {w}.", "cast the video that's playing to {d} {w}.",
             "play what I'm watching on {d} {w}.", "cast the current media to {d} {w}."]  # fmt: skip
    query = ctx.say(screen if source == "screen" else media, d=the(dev["name"]), w=why)
    return Draft(
        query=query,
        s0_patch=merge(paired(dev), playing() if source == "media" else {}),
        gold={"calls": [{"name": "start_cast_session", "arguments": {"device_id": dev["id"], "source": source}}]},
        oracle=[
            calls(call("list_cross_devices", kind=dev["kind"])),
            hermes(call("start_cast_session", device_id=dev["id"], source=source)),
            f"Casting {'your screen' if source == 'screen' else 'what is playing'} to {dev['name']}.",
        ],
    )  # fmt: skip


@family("devices.cast_nearby_permission", dimension="basic", category="dependency", bucket="tool")
def cast_nearby_permission(ctx: Ctx) -> Draft:
    """Casting reaches a nearby display, which Android 13 guards with NEARBY_DEVICES
    (NEARBY_WIFI_DEVICES, BLUETOOTH_CONNECT): the Assistant lost it and needs it back first."""
    dev = ctx.pick("dev_displays")
    why = ctx.pick("dev_cast_reasons")
    query = ctx.say(
        ["show my phone's screen on {d} {w}.", "get my screen onto {d} {w}.",
         "throw my display up on {d} {w}.", "mirror the phone onto {d} {w}, please.",
         "I want my screen shown on {d} {w}.", "could you project my screen to {d} {w}?"],
        d=the(dev["name"]), w=why,
    )  # fmt: skip
    cast = call("start_cast_session", device_id=dev["id"], source="screen")
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=merge(paired(dev), revoked("assistant", "NEARBY_DEVICES")),
        gold={"calls": [
            {"name": "grant_app_permission", "arguments": {"app_id": "assistant", "permission": "NEARBY_DEVICES"}},
            {"name": "start_cast_session", "arguments": {"device_id": dev["id"], "source": "screen"}},
        ]},
        oracle=[
            calls(call("list_cross_devices", kind=dev["kind"])),
            calls(cast),
            calls(call("grant_app_permission", app_id="assistant", permission="NEARBY_DEVICES")),
            hermes(cast),
            f"I needed the nearby devices permission to reach {dev['name']}; I granted it and your screen is "
            "casting now.",
        ],
    )  # fmt: skip


@family("devices.rename_device", dimension="basic", category="grounding", bucket="state")
def rename_device(ctx: Ctx) -> Draft:
    dev = ctx.pick("dev_own_devices")
    new = fitting_name(ctx, dev)
    query = ctx.say(
        ["rename {d} to {n}.", "change the name of {d} to {n}.", "call {d} \"{n}\" from now on.",
         "I want {d} to show up as {n}.", "give {d} the name {n}.", "relabel {d} as {n}."],
        d=the(dev["name"]), n=new,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={
            "delta": [{"table": "cross_devices", "op": "update", "key": dev["id"], "fields": {"name": new}}]
        },
        oracle=[
            calls(call("list_cross_devices")),
            calls(call("update_cross_device", device_id=dev["id"], name=new)),
            f"{dev['name']} is now called {new}.",
        ],
    )


@family("devices.pairing_log_when", dimension="basic", category="grounding", bucket="behavior")
def pairing_log_when(ctx: Ctx) -> Draft:
    dev = ctx.pick("dev_log_devices")
    times = [
        r["time"]
        for r in base()["pairing_log"].values()
        if r["device_id"] == dev["id"] and r["event"] == "connect"
    ]
    last = max(times)
    rec = base()["bluetooth_devices"].get(dev["id"]) or base()["cross_devices"][dev["id"]]
    # The device list's own last_connected may name another day than the log; either reading is fair.
    days = _day_words(last) + (_day_words(rec["last_connected"]) if rec.get("last_connected") else [])
    listed = lookup("list_pairing_log", device_id=dev["id"], event="connect", limit=5)
    nth = _nth(datetime.fromisoformat(last).day)
    if not any(_nth(datetime.fromisoformat(r["time"]).day) == nth for r in listed if r["time"] != last):
        days.append(f"the {nth}")  # "Sunday the 17th", when no other connection listed fell on a 17th
    query = ctx.say(
        ["when did I last connect {d}?", "what's the last time {d} was connected to my phone?",
         "check the pairing history: when was {d} last connected?", "how long since {d} last connected? Give me the date.",
         "on what day did my phone last link up with {d}?", "look up when {d} last connected.",
         "when was the last time {d} hooked up to my phone?", "what date did {d} last connect?"],
        d=the(dev["name"]),
    )  # fmt: skip
    day = datetime.fromisoformat(last)
    final = f"{dev['name']} last connected on {day:%B} {day.day} at {day:%H:%M}."
    # Reading out the whole log is not an answer: the days of the earlier connections the lookup lists
    # must not be named (the day it disconnected after the last one may be).
    after = [w for r in base()["pairing_log"].values() if r["device_id"] == dev["id"] and r["time"] >= last
             for w in _day_words(r["time"])]  # fmt: skip
    return Draft(
        query=query,
        gold=avoiding(rubric("answer", list(dict.fromkeys(days))),
                      [w for r in listed if r["time"] != last for w in _day_words(r["time"])
                       if w not in ("today", "yesterday", "this morning")], final, query, *after),
        oracle=[calls(call("list_pairing_log", device_id=dev["id"], event="connect", limit=5)), final],
    )  # fmt: skip


@family("devices.migration_start", dimension="basic", category="grounding", bucket="tool")
def migration_start(ctx: Ctx) -> Draft:
    cats = ctx.pick("dev_migration_sets")
    words = cats_words(cats)
    query = ctx.say(
        ["copy my {c} over from my old phone.", "transfer the {c} from the old phone to this one.",
         "bring my {c} across from my previous phone.", "migrate {c} from my old phone.",
         "pull the {c} off my old phone onto this one.", "I need my {c} from the old phone moved here."],
        c=words,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [{"name": "start_device_migration",
                         "arguments": {"source_device_id": OLD_PHONE, "categories": cats}}]},
        oracle=[
            calls(call("list_cross_devices", kind="phone")),
            calls(call("start_device_migration", source_device_id=OLD_PHONE, categories=cats)),
            f"Started copying your {words} from your old phone.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- dependency
@family("devices.cast_needs_wifi", dimension="basic", category="dependency", bucket="tool")
def cast_needs_wifi(ctx: Ctx) -> Draft:
    dev = ctx.pick("dev_displays")
    why = ctx.pick("dev_cast_reasons")
    query = ctx.say(
        ["cast my screen to {d} {w}.", "mirror the phone onto {d} {w}.", "put my screen on {d} {w}.",
         "start screen casting to {d} {w}.", "show my phone's screen on {d} {w}.",
         "I want my screen on {d} {w}."],
        d=the(dev["name"]), w=why,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=merge(paired(dev), s0_settings(WIFI_OFF)),
        gold={"calls": [
            {"name": "set_wifi_enabled", "arguments": {"enabled": True}},
            {"name": "start_cast_session", "arguments": {"device_id": dev["id"], "source": "screen"}},
        ]},
        oracle=[
            calls(call("start_cast_session", device_id=dev["id"], source="screen")),
            calls(call("set_wifi_enabled", enabled=True)),
            calls(call("start_cast_session", device_id=dev["id"], source="screen")),
            f"Casting needs Wi-Fi, which was off; I turned it on and started casting to {dev['name']}.",
        ],
    )  # fmt: skip


@family("devices.multiscreen_trust", dimension="basic", category="dependency", bucket="state")
def multiscreen_trust(ctx: Ctx) -> Draft:
    dev = ctx.pick("dev_collab_devices")
    why = ctx.pick("dev_collab_reasons")
    rec = {**dev, "owner": "me", "owner_name": "Alex Morgan", "paired": True, "trusted": False,
           "last_connected": dev["last_connected"] or "2026-05-02T18:00:00"}  # fmt: skip
    query = ctx.say(
        ["start multi-screen collaboration with {d} {w}.", "open my phone in a window on {d} {w}.",
         "link my phone to {d} for multi-screen {w}.", "mirror the phone onto {d} in collaboration mode {w}.",
         "set up multi-screen with {d} {w}.", "I want my phone on the screen of {d} {w} — start collaboration."],
        d=the(dev["name"]), w=why,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch={"cross_devices": {dev["id"]: rec}},
        gold={"delta": [
            setting_delta("network.bluetooth", True),
            {"table": "cross_devices", "op": "update", "key": dev["id"],
             "fields": {"trusted": True, "last_connected": {"$ignore": True}}},
            {"table": "cast_sessions", "op": "create",
             "fields": {"device_id": dev["id"], "mode": "multiscreen", "status": "active"}},
            {"table": "pairing_log", "op": "create", "fields": {"device_id": dev["id"], "event": "connect"}},
        ]},
        oracle=[
            calls(call("start_multiscreen_session", device_id=dev["id"])),
            calls(call("set_bluetooth_enabled", enabled=True)),
            calls(call("start_multiscreen_session", device_id=dev["id"])),
            calls(call("update_cross_device", device_id=dev["id"], trusted=True)),
            calls(call("start_multiscreen_session", device_id=dev["id"])),
            f"Turned Bluetooth on, trusted {dev['name']} and started multi-screen collaboration.",
        ],
    )  # fmt: skip


@family("devices.pair_needs_bt", dimension="basic", category="dependency", bucket="tool", splits=TRAIN_ONLY)
def pair_needs_bt(ctx: Ctx) -> Draft:
    dev = ctx.pick("dev_unpaired")
    query = ctx.say(
        ["pair my phone with {d}.", "link {d} to my phone.", "set up a connection with {d} — pair them.",
         "add {d} as a linked device.", "pair up with {d}, it's right here.", "connect the phone to {d} for the "
         "first time."],
        d=the(dev["name"]),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=nearby(dev),
        gold={"calls": [
            {"name": "set_bluetooth_enabled", "arguments": {"enabled": True}},
            {"name": "pair_cross_device", "arguments": {"device_id": dev["id"]}},
        ]},
        oracle=[
            calls(call("list_cross_devices", kind=dev["kind"])),
            calls(call("pair_cross_device", device_id=dev["id"])),
            calls(call("set_bluetooth_enabled", enabled=True)),
            calls(call("pair_cross_device", device_id=dev["id"])),
            f"Pairing needs Bluetooth, so I turned it on and paired {dev['name']}.",
        ],
    )  # fmt: skip


@family("devices.send_files_chain", dimension="basic", category="dependency", bucket="tool")
def send_files_chain(ctx: Ctx) -> Draft:
    f = ctx.pick("dev_files")
    query = ctx.say(
        ["send {f} to my MacBook.", "get {f} onto my laptop.", "drop {f} over to my MacBook Pro.",
         "I need {f} on my laptop — send it over.", "move a copy of {f} to the MacBook.",
         "can you push {f} across to my laptop?"],
        f=f["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        gold={"calls": [
            {"name": "set_bluetooth_enabled", "arguments": {"enabled": True}},
            {"name": "start_multiscreen_session", "arguments": {"device_id": LAPTOP}},
            {"name": "send_files_to_device", "arguments": {"device_id": LAPTOP, "file_ids": [f["id"]]}},
        ]},
        oracle=[
            calls(call("send_files_to_device", device_id=LAPTOP, file_ids=[f["id"]])),
            calls(call("start_multiscreen_session", device_id=LAPTOP)),
            calls(call("set_bluetooth_enabled", enabled=True)),
            calls(call("start_multiscreen_session", device_id=LAPTOP)),
            calls(call("send_files_to_device", device_id=LAPTOP, file_ids=[f["id"]])),
            f"Started multi-screen with your MacBook (Bluetooth had to go on) and sent {f['name']}.",
        ],
    )  # fmt: skip


@family("devices.cast_switch_conflict", dimension="basic", category="dependency", bucket="tool")
def cast_switch_conflict(ctx: Ctx) -> Draft:
    a, b = ctx.pick_many("dev_displays", 2)
    query = ctx.say(
        ["move the cast from {a} over to {b}.", "I'm casting to {a}; switch it to {b}.",
         "stop showing my screen on {a} and put it on {b}.", "swap the cast over to {b} — end the "
         "one on {a}.", "{a} cast should be on {b} now.", "take my screen off {a} and cast it to "
         "{b}."],
        a=the(a["name"]), b=the(b["name"]),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=merge(paired(a, b), active_cast(a["id"])),
        gold={"calls": [
            {"name": "stop_cast_session", "arguments": {"session_id": {"$any": [S0_SESSION, None]}}},
            {"name": "start_cast_session", "arguments": {"device_id": b["id"], "source": "screen"}},
        ]},
        oracle=[
            calls(call("list_cast_sessions", active_only=True)),
            calls(call("stop_cast_session", session_id=S0_SESSION)),
            calls(call("start_cast_session", device_id=b["id"], source="screen")),
            f"Stopped the cast on {a['name']} and started casting your screen to {b['name']}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- reference
@family("devices.relation_device_pair", dimension="basic", category="reference", bucket="tool")
def relation_device_pair(ctx: Ctx) -> Draft:
    rel, cid, owner, kind, dname = ctx.pick("dev_relation_devices")
    existing = next((d for d in base()["cross_devices"].values() if d["name"] == dname), None)
    dev_id = existing["id"] if existing else NEW_DEVICE
    caps = {"tv": ["cast"], "monitor": ["cast"], "projector": ["cast"], "laptop": ["multiscreen", "files"],
            "tablet": ["multiscreen", "files"]}[kind]  # fmt: skip
    patch = s0_settings({"network.bluetooth": True})
    if existing is None:
        rec = {"id": NEW_DEVICE, "name": dname, "kind": kind, "owner": cid, "owner_name": owner, "paired": False,
               "trusted": False, "nearby": True, "capabilities": caps, "data": {}, "last_connected": None}  # fmt: skip
        patch = merge(patch, {"cross_devices": {NEW_DEVICE: rec}})
    query = ctx.say(
        ["pair with my {r}'s {k}.", "link my phone to my {r}'s {k} — it's right here.",
         "set up my {r}'s {k} with my phone.", "pair the {k} that belongs to my {r}.",
         "connect my phone to my {r}'s {k} for the first time.", "my {r}'s {k} is next to me; pair it."],
        r=rel, k=kind.replace("tv", "TV"),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        s0_patch=patch,
        gold={"calls": [{"name": "pair_cross_device", "arguments": {"device_id": dev_id}}]},
        oracle=[
            calls(call("search_contacts", query=rel)),
            calls(call("list_cross_devices", kind=kind)),
            calls(call("pair_cross_device", device_id=dev_id)),
            f"Paired with {dname} ({owner}'s {kind}).",
        ],
    )


@family(
    "devices.stop_cast_history", dimension="basic", category="reference", bucket="tool", splits=TRAIN_ONLY
)
def stop_cast_history(ctx: Ctx) -> Draft:
    dev = ctx.pick("dev_displays")
    why = ctx.pick("dev_cast_reasons")
    person = ctx.pick("core_people")
    first = person["name"].removeprefix("Dr. ").split()[0]
    history = [
        {"role": "user", "content": f"Cast my screen to {the(dev['name'])} {why}."},
        {"role": "assistant", "content": f"Casting your screen to {dev['name']} now."},
    ]
    query = ctx.say(
        ["{p} just left — stop it.", "ok we're done, {p} went home. Stop that.", "{p} has seen it; end the cast.",
         "turn that off now, {p} is gone.", "{p} left, so you can stop casting.", "that's enough, {p} headed out — "
         "stop it."],
        p=first,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        # A multi-screen session with the laptop is live too: "it" is the cast the history started, so
        # the session must be named (stopping "the only live one" is ambiguous, and a blind stop fails).
        s0_patch=merge(paired(dev), active_cast(dev["id"]), multiscreen_live(LAPTOP)),
        gold={"calls": [{"name": "stop_cast_session", "arguments": {"session_id": S0_SESSION}}]},
        oracle=[
            calls(call("list_cast_sessions", active_only=True)),
            calls(call("stop_cast_session", session_id=S0_SESSION)),
            f"Stopped casting to {dev['name']}.",
        ],
    )  # fmt: skip


@family("devices.cancel_migration_history", dimension="basic", category="reference", bucket="tool")
def cancel_migration_history(ctx: Ctx) -> Draft:
    cats = ctx.pick("dev_migration_big")
    words = cats_words(cats)
    history = [
        {"role": "user", "content": f"Start copying my {words} from my old phone."},
        {
            "role": "assistant",
            "content": f"Started the transfer of your {words} ({S0_JOB}); it'll take a while.",
        },
    ]
    query = ctx.say(
        ["actually, cancel that {c} transfer — I need the Wi-Fi for a video call.", "stop copying the {c}, I "
         "changed my mind.", "call off that migration of my {c}.", "cancel the {c} transfer you started.",
         "halt that copy of the {c} from the old phone, please.", "never mind the {c} — cancel it."],
        c=words,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        s0_patch=job_patch(cats, "2026-05-20T08:58:00", "2026-05-20T10:30:00"),
        gold={"calls": [{"name": "cancel_device_migration", "arguments": {"job_id": S0_JOB}}]},
        oracle=[
            calls(call("get_device_migration")),
            calls(call("cancel_device_migration", job_id=S0_JOB)),
            f"Cancelled the {words} transfer; whatever was already copied stays.",
        ],
    )


@family("devices.trust_recent_pair", dimension="basic", category="reference", bucket="state")
def trust_recent_pair(ctx: Ctx) -> Draft:
    dev = ctx.pick("dev_unpaired")
    new = fitting_name(ctx, dev)
    when = "2026-05-19T19:42:00"
    rec = {**dev, "paired": True, "trusted": False, "nearby": True, "last_connected": when}
    log = {"id": "plog_9001", "time": when, "device_id": dev["id"], "device_name": dev["name"],
           "source": "cross_device", "event": "pair", "detail": ""}  # fmt: skip
    query = ctx.say(
        ["the device I paired yesterday evening — trust it and rename it {n}.",
         "whatever I paired last night: mark it trusted and call it {n}.",
         "find the thing I paired with yesterday, rename it to {n} and trust it.",
         "trust the device I linked yesterday and name it {n}.",
         "yesterday I paired something new; make it trusted and change its name to {n}.",
         "rename yesterday's newly paired device to {n} and trust it."],
        n=new,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        s0_patch={"cross_devices": {dev["id"]: rec}, "pairing_log": {"plog_9001": log}},
        gold={"delta": [{"table": "cross_devices", "op": "update", "key": dev["id"],
                         "fields": {"name": new, "trusted": True}}]},
        oracle=[
            calls(call("list_pairing_log", event="pair", limit=5)),
            calls(call("update_cross_device", device_id=dev["id"], name=new, trusted=True)),
            f"{dev['name']} (paired yesterday) is now trusted and called {new}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- revision
@family("devices.cast_target_revise", dimension="basic", category="revision", bucket="tool")
def cast_target_revise(ctx: Ctx) -> Draft:
    a, b = ctx.pick_many("dev_displays", 2)
    query = ctx.say(
        ["cast my screen to {a} — no, {b}.", "mirror to {a}... actually, make it {b}.",
         "put my screen on {a}. Wait, I meant {b}.", "screen-cast to {a}; sorry, to {b} instead.",
         "cast to {a} — hmm, no, use {b}.", "show my screen on {a}, or rather {b}."],
        a=the(a["name"]), b=the(b["name"]),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        s0_patch=paired(a, b),
        gold={"calls": [{"name": "start_cast_session", "arguments": {"device_id": b["id"], "source": "screen"}}]},
        oracle=[
            calls(call("list_cross_devices", kind=b["kind"])),
            calls(call("start_cast_session", device_id=b["id"], source="screen")),
            f"Casting your screen to {b['name']}.",
        ],
    )  # fmt: skip


@family("devices.migration_revise", dimension="basic", category="revision", bucket="tool")
def migration_revise(ctx: Ctx) -> Draft:
    cats = ctx.pick("dev_migration_sets")
    extra = ctx.choice([c for c in ("photos", "videos", "apps") if c not in cats])
    words = cats_words([*cats, extra])
    query = ctx.say(
        ["copy my {c} from my old phone — actually skip the {x}.",
         "transfer {c} from the old phone. Hmm, leave out the {x}, they're too big.",
         "bring over my {c} from the previous phone... no wait, not the {x}.",
         "migrate {c} off the old phone, minus the {x} — forget those.",
         "move {c} over from my old phone. On second thought, drop the {x}.",
         "pull {c} from the old phone, except the {x} after all."],
        c=words, x=CATEGORY_WORDS[extra],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"calls": [{"name": "start_device_migration",
                         "arguments": {"source_device_id": OLD_PHONE, "categories": cats}}]},
        oracle=[
            calls(call("list_cross_devices", kind="phone")),
            calls(call("start_device_migration", source_device_id=OLD_PHONE, categories=cats)),
            f"Copying your {cats_words(cats)} from the old phone (no {CATEGORY_WORDS[extra]}).",
        ],
    )  # fmt: skip


@family("devices.unpair_and_rename", dimension="basic", category="revision", bucket="state")
def unpair_and_rename(ctx: Ctx) -> Draft:
    gone, kept = ctx.pick_many("dev_own_devices", 2)
    new = fitting_name(ctx, kept)
    query = ctx.say(
        ["unpair {g} and rename {k} to {n}.", "two things: forget {g}, and call {k} {n}.",
         "remove {g} from my linked devices; also rename {k} to {n}.",
         "I'm getting rid of {g} — unpair it. And {k} should be named {n}.",
         "forget {g}, then change the name of {k} to {n}.", "unlink {g} and relabel {k} as {n}."],
        g=the(gone["name"]), k=the(kept["name"]), n=new,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={"delta": [
            {"table": "cross_devices", "op": "update", "key": gone["id"], "fields": {"paired": False, "trusted": False}},
            {"table": "pairing_log", "op": "create", "fields": {"device_id": gone["id"], "event": "unpair"}},
            {"table": "cross_devices", "op": "update", "key": kept["id"], "fields": {"name": new}},
        ]},
        oracle=[
            calls(call("list_cross_devices", paired_only=True)),
            calls(call("unpair_cross_device", device_id=gone["id"])),
            calls(call("update_cross_device", device_id=kept["id"], name=new)),
            f"Unpaired {gone['name']} and renamed {kept['name']} to {new}.",
        ],
    )  # fmt: skip


@family(
    "devices.cast_media_instead", dimension="basic", category="revision", bucket="tool", splits=TRAIN_ONLY
)
def cast_media_instead(ctx: Ctx) -> Draft:
    dev = ctx.pick("dev_displays")
    why = ctx.pick("dev_cast_reasons")
    query = ctx.say(
        ["mirror my screen to {d} {w} — actually, just send what's playing instead.",
         "cast my whole screen to {d}... no, only the video that's playing, {w}.",
         "put my screen on {d} {w}. Hmm, make it just the media that's playing.",
         "screen-mirror to {d}, or rather just cast the current video {w}.",
         "cast my screen to {d} {w}; wait, only the thing that's playing.",
         "share my screen on {d} — scratch that, send the playing media {w}."],
        d=the(dev["name"]), w=why,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        s0_patch=merge(paired(dev), playing()),
        gold={"calls": [{"name": "start_cast_session", "arguments": {"device_id": dev["id"], "source": "media"}}]},
        oracle=[
            calls(call("start_cast_session", device_id=dev["id"], source="media")),
            f"Casting what's playing to {dev['name']}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- recovery
#: A claim of having started the cast ("cast" is its own present: "should I cast to the bedroom one?").
#: Not the passive: "both TVs have been connected before" is honest.
CAST_NOW = [*false_claims("mirrored", "connected", "started casting", "started mirroring", "started the cast",
                          "started screen", "started a cast", "started a screen", "thrown", "threw", passive=False),
            *false_claims("cast", "put your screen", "put the screen", bare=False, passive=False),
            "now casting", "now mirroring", "now showing", "is casting", "is mirroring", "are casting",
            "are mirroring", "you're casting", "you're mirroring", "screen is now on"]  # fmt: skip
#: That the device cannot take a cast: "your screen is up on Alex's Watch" names the device too.
CAST_REFUSED = [*cannot("cast", "receive", "mirror", "show", "display", "project", "put", "do that", "start",
                        "share", "be used", "screen-cast", "stream", "send", "act as", "work as", "take"),
                "not a display", "isn't a display", "no display", "not a screen", "isn't a screen", "no screen",
                "doesn't have a screen", "does not have a screen", "doesn't have a display", "not castable",
                "isn't castable", "not a cast", "isn't a cast", "not a tv", "isn't a tv", "not compatible",
                "isn't compatible", "incompatible", "only", "doesn't work", "won't work", "not available",
                "isn't available", "not a receiver", "isn't a receiver"]  # fmt: skip


def _kind_names(kind: str) -> list[str]:
    """How a refusal may name a device by its kind: "tv", "watch"; another phone as "a phone"."""
    return ["a phone", "another phone", "old phone"] if kind == "phone" else [kind]


@family("devices.cast_unsupported", dimension="basic", category="recovery", bucket="behavior")
def cast_unsupported(ctx: Ctx) -> Draft:
    dev = ctx.pick("dev_noncast_devices")
    why = ctx.pick("dev_cast_reasons")
    query = ctx.say(
        ["cast my screen to {d} {w}.", "mirror my phone onto {d} {w}.", "start a screen cast to {d} {w}.",
         "put my screen up on {d} {w}.", "screen-cast to {d} {w}.", "I want to cast to {d} {w}."],
        d=the(dev["name"]), w=why,
    )  # fmt: skip
    hint = (
        " I can start multi-screen collaboration with it instead."
        if "multiscreen" in dev["capabilities"]
        else ""
    )
    return Draft(
        query=query,
        frictions=["capability_limit"],
        # the device, by name or kind; "phone" alone is no name for it: every refusal here is on a phone
        gold=rubric(
            "refusal", [dev["name"].lower(), *_kind_names(dev["kind"])], CAST_REFUSED, avoid=CAST_NOW
        ),
        oracle=[
            calls(call("start_cast_session", device_id=dev["id"])),
            f"Sorry, {dev['name']} can't receive a screen cast — it's a {dev['kind']}, not a display.{hint}",
        ],
    )


#: A claim of having started or finished the transfer that does not fit.
MIGRATED_NOW = false_claims("copied", "transferred", "migrated", "moved", "brought over", "brought them over",
                            "started the transfer", "started transferring", "started copying", "started the migration",
                            "started migrating", "started moving", "kicked off")  # fmt: skip
#: That the data does not fit: "all 14,380 MB are in this phone's storage" names the size and storage too.
NO_ROOM = [*cannot("start", "transfer", "copy", "move", "migrate", "bring", "fit", "do that", "begin"),
           "not enough", "isn't enough", "don't have enough", "doesn't have enough", "do not have enough",
           "does not have enough", "too little", "too big", "too large", "too much", "won't fit", "wouldn't fit",
           "doesn't fit", "don't fit", "does not fit", "do not fit", "insufficient", "exceed", "more than",
           "short", "only", "out of space", "out of storage", "free up", "freeing up", "make room", "make space",
           "run out", "less than", "lacks", "not have room", "no room"]  # fmt: skip


@family("devices.migration_no_space", dimension="basic", category="recovery", bucket="behavior")
def migration_no_space(ctx: Ctx) -> Draft:
    cats = ctx.pick("dev_migration_big")
    words = cats_words(cats)
    data = base()["cross_devices"][OLD_PHONE]["data"]
    total = sum(data[c]["size_mb"] for c in cats)
    free = base_setting("storage.free_mb")
    query = ctx.say(
        ["copy my {c} from my old phone.", "transfer the {c} from the old phone to this one.",
         "bring my {c} over from my previous phone.", "migrate the {c} off my old phone.",
         "move all the {c} from my old phone here.", "I want my {c} from the old phone on this one."],
        c=words,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold=rubric("refusal", [str(total), f"{total:,}", f"{total / 1000:.1f} gb", f"{total / 1024:.1f} gb"],
                    ["storage", "space"], NO_ROOM, avoid=MIGRATED_NOW),
        oracle=[
            calls(call("start_device_migration", source_device_id=OLD_PHONE, categories=cats)),
            f"I can't start that transfer: the {words} need {total} MB but only {free} MB of storage is free. "
            "Free up some space or pick fewer categories.",
        ],
    )  # fmt: skip


@family("devices.cast_fault", dimension="basic", category="recovery", bucket="tool")
def cast_fault(ctx: Ctx) -> Draft:
    dev = ctx.pick("dev_displays")
    why = ctx.pick("dev_cast_reasons")
    query = ctx.say(
        ["cast my screen to {d} {w}.", "mirror my phone to {d} {w}.", "put the phone screen on {d} {w}.",
         "start casting to {d} {w}.", "get my screen onto {d} {w}.", "screen-mirror to {d} {w}."],
        d=the(dev["name"]), w=why,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["runtime_error"],
        s0_patch=paired(dev),
        faults=[{"tool": "start_cast_session", "on_calls": [1]}],
        gold={"calls": [{"name": "start_cast_session", "arguments": {"device_id": dev["id"], "source": "screen"}}]},
        oracle=[
            calls(call("start_cast_session", device_id=dev["id"], source="screen")),
            calls(call("start_cast_session", device_id=dev["id"], source="screen")),
            f"The first try hit a temporary error; the retry worked and you're casting to {dev['name']}.",
        ],
    )  # fmt: skip


#: That the transfer had finished before the request (a bare "done" or "complete" is also what a false
#: "Done, cancelled" or "cancellation complete" says).
MIGRATION_FINISHED = [
    "already finished", "already completed", "already complete", "already done", "already over",
    "already ended", "already wrapped up", "finished already", "completed already", "complete already",
    "done already", "finished at", "completed at", "finished earlier", "completed earlier",
    "finished this morning", "completed this morning", "finished before", "completed before",
    "has finished", "had finished", "has completed", "had completed", "was finished", "was completed",
    "was complete", "was done", "is finished", "has been completed", "had been completed",
    "nothing to cancel", "nothing left to cancel", "nothing to stop", "nothing to abort", "nothing to halt",
    "nothing to call off", "no transfer to cancel",
    # the transfer or migration itself as the subject, its end time, "100%", "too late"
    "transfer finished", "transfer completed", "transfer is complete", "transfer is done", "transfer is finished",
    "migration finished", "migration completed", "migration is complete", "migration is done",
    "migration is finished", "copy finished", "copy completed", "copy is complete", "wrapped up at",
    "wrapped up before", "wrapped up earlier", "wrapped up this morning", "ended at", "ended before",
    "done at", "finished about", "completed about", "finished around", "completed around", "100% complete",
    "100% done", "100% finished", "it's too late", "too late to",
]  # fmt: skip

#: A claim of having cancelled it.
MIGRATION_STOPPED = false_claims("cancelled", "canceled", "stopped", "aborted", "halted")


@family("devices.cancel_finished", dimension="basic", category="recovery", bucket="behavior")
def cancel_finished(ctx: Ctx) -> Draft:
    cats = ctx.pick("dev_migration_sets")
    words = cats_words(cats)
    history = [
        {"role": "user", "content": f"Copy my {words} from my old phone."},
        {"role": "assistant", "content": f"Started copying your {words} ({S0_JOB})."},
    ]
    query = ctx.say(
        ["cancel that transfer from the old phone.", "stop copying the {c}, please.", "call off the {c} migration.",
         "abort the copy of my {c}.", "never mind, cancel the {c} transfer.", "halt the migration of my {c}."],
        c=words,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["state_mutation"],
        s0_patch=job_patch(cats, "2026-05-20T08:40:00", "2026-05-20T08:40:04"),
        gold=rubric("answer", MIGRATION_FINISHED, avoid=MIGRATION_STOPPED),
        oracle=[
            calls(call("get_device_migration")),
            f"There's nothing to cancel: the transfer of your {words} already finished at 8:40 this morning.",
        ],
    )


@family("devices.ambiguous_tv", dimension="basic", category="recovery", bucket="behavior")
def ambiguous_tv(ctx: Ctx) -> Draft:
    why = ctx.pick("dev_cast_reasons")
    person = ctx.pick("core_people")
    first = person["name"].removeprefix("Dr. ").split()[0]
    query = ctx.say(
        ["cast my screen to the TV {w}.", "{p} is here — mirror my phone on the TV {w}.",
         "put my screen on the TV {w}.", "screen-mirror to the TV, {p} wants to see, {w}.",
         "can you cast to the TV {w}?", "throw my screen up on the TV for {p} {w}."],
        w=why, p=first,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["ambiguity"],
        gold=rubric("question", ["living room"], ["bedroom"], avoid=CAST_NOW),
        oracle=[
            calls(call("list_cross_devices", kind="tv", paired_only=True)),
            "You have two TVs paired and nearby — the Living Room TV and the Bedroom TV. Which one should I cast to?",
        ],
    )
