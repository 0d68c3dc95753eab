"""Template families over System Settings: wallpapers, language/region/time zone, the control center, the
home screen, the phone's name and system updates."""

from __future__ import annotations

from typing import Any

from mpb_env.domains.system import DEFAULT_TILES, REGIONS, TILES
from mpb_env.tasks.build import call, calls, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.helpers import (
    app_name,
    base,
    cannot,
    false_claims,
    merge,
    rubric,
    s0_settings,
    setting_delta,
)

ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
SCREEN_WORDS = {"home": "home screen", "lock": "lock screen", "both": "home screen and lock screen"}
PENDING_UPDATE = "update_003"
PENDING_VERSION = "15.3"
PENDING_SIZE_MB = 2150


#: Families that only feed train/dev (a near neighbour of theirs represents the skill in bench-v1).
TRAIN_ONLY = ("train", "dev")


# --------------------------------------------------------------------------- shared helpers
def base_setting(key: str) -> Any:
    rec = base()["settings"].get(key)
    return None if rec is None else rec["value"]


def keep(table: str, *records: dict[str, Any], key: str = "id") -> dict[str, dict[str, Any]]:
    """An S0 patch restating records as they are in the M world, so that a task naming a generated
    entity means the same one at every world size."""
    return {table: {r[key]: dict(r) for r in records}}


def the(name: str) -> str:
    """How a device is named in a sentence: "Emma's Tablet" but "the Bedroom TV"."""
    return name if "'s " in name else f"the {name}"


def names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def running_apps() -> list[str]:
    return [a["id"] for a in base()["apps"].values() if a.get("running")]


def _install_delta(free_after: float | None = None) -> list[dict[str, Any]]:
    """The installed pending update: record, OS version, apps closed by the restart (and free storage)."""
    out: list[dict[str, Any]] = [
        {"table": "system_updates", "op": "update", "key": PENDING_UPDATE,
         "fields": {"status": "installed", "installed_at": {"$ignore": True}, "downloaded_at": {"$ignore": True}}},
        setting_delta("device.os_version", PENDING_VERSION),
    ]  # fmt: skip
    out += [{"table": "apps", "op": "update", "key": a, "fields": {"running": False}} for a in running_apps()]
    if free_after is not None:
        out.append(setting_delta("storage.free_mb", free_after))
    return out


def _downloaded_s0() -> dict[str, dict[str, Any]]:
    """S0 where the pending update is already downloaded (its size taken from free storage)."""
    upd = base()["system_updates"][PENDING_UPDATE]
    free = base_setting("storage.free_mb")
    return merge(
        {
            "system_updates": {
                PENDING_UPDATE: {**upd, "status": "downloaded", "downloaded_at": "2026-05-19T23:10:00"}
            }
        },
        s0_settings({"storage.free_mb": free - PENDING_SIZE_MB}),
    )


def _tiles_without(tile: str) -> dict[str, dict[str, Any]]:
    """S0 with ``tile`` taken out of the control center (if it is there)."""
    return {"control_center": {tile: None}} if tile in DEFAULT_TILES else {}


def _tiles_with(*tiles: str) -> dict[str, dict[str, Any]]:
    """S0 with ``tiles`` added at the end of the control center (those not there by default)."""
    rows: dict[str, Any] = {}
    pos = len(DEFAULT_TILES)
    for t in tiles:
        if t not in DEFAULT_TILES:
            pos += 1
            rows[t] = {"id": t, "label": TILES[t][0], "setting": TILES[t][1], "position": pos}
    return {"control_center": rows} if rows else {}


def _toggle_delta(tile: str, enabled: bool) -> list[dict[str, Any]]:
    """Settings a quick-settings tap changes (from the default state)."""
    out = [setting_delta(TILES[tile][1], enabled)]
    if tile == "battery_saver" and enabled:
        out.append(setting_delta("display.dark_mode", True))  # Android's saver turns the dark theme on
    return out


# --------------------------------------------------------------------------- grounding
@family("system.set_wallpaper", dimension="basic", category="grounding", bucket="tool")
def set_wallpaper(ctx: Ctx) -> Draft:
    wp = ctx.pick("sys_wallpapers")
    screen = ctx.choice(["home", "lock", "both"])
    if wp["id"] in ("wallpaper_001", "wallpaper_002"):
        raise Skip("already in use")
    query = ctx.say(
        ["set {name} as my {where} wallpaper.", "change my {where} wallpaper to {name}.",
         "I want {name} on my {where}.", "use the {name} wallpaper for my {where}.",
         "make {name} my {where} background.", "swap my {where} background for {name}."],
        name=wp["name"], where=SCREEN_WORDS[screen],
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=keep("wallpapers", wp),
        gold={
            "calls": [{"name": "set_wallpaper", "arguments": {"wallpaper_id": wp["id"], "screen": screen}}]
        },
        oracle=[
            calls(call("list_wallpapers", category=wp["category"])),
            hermes(call("set_wallpaper", wallpaper_id=wp["id"], screen=screen)),
            f"{wp['name']} is now your {SCREEN_WORDS[screen]} wallpaper.",
        ],
    )


@family("system.set_language", dimension="basic", category="grounding", bucket="state", splits=TRAIN_ONLY)
def set_language(ctx: Ctx) -> Draft:
    lang, code = ctx.pick("sys_languages")
    reason = ctx.pick("sys_language_reasons")
    query = ctx.say(
        ["switch my phone's language to {lang}.", "change the system language to {lang} {reason}.",
         "set the phone to {lang}, {reason}.", "I'd like my whole phone in {lang}.",
         "make {lang} the display language {reason}.", "put the phone's menus in {lang} {reason}."],
        lang=lang, reason=reason,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [setting_delta("system.language", code)]},
        oracle=[calls(call("set_system_language", language=code)), f"Your phone is now in {lang}."],
    )


@family("system.set_region", dimension="basic", category="grounding", bucket="state")
def set_region(ctx: Ctx) -> Draft:
    country, code = ctx.pick("sys_regions")
    _, fmt, h24 = REGIONS[code]
    delta = [setting_delta("system.region", code)]
    if fmt != base_setting("system.date_format"):
        delta.append(setting_delta("system.date_format", fmt))
    if h24 != base_setting("system.time_24h"):
        delta.append(setting_delta("system.time_24h", h24))
    query = ctx.say(
        ["set my phone's region to {c}.", "I've moved to {c} — switch the phone's region format over.",
         "change the regional format to {c}.", "use the region settings for {c} on my phone.",
         "make the phone's region {c}, with its usual date and time formats.",
         "switch the region setting to {c}."],
        c=country,
    )  # fmt: skip
    clock = "24-hour" if h24 else "12-hour"
    return Draft(
        query=query,
        gold={"delta": delta},
        oracle=[
            calls(call("set_region_format", region=code)),
            f"Region set to {REGIONS[code][0]}: dates as {fmt}, {clock} clock.",
        ],
    )


@family("system.rename_phone", dimension="basic", category="grounding", bucket="state")
def rename_phone(ctx: Ctx) -> Draft:
    name = ctx.pick("sys_phone_names")
    query = ctx.say(
        ["rename my phone to {n}.", 'change the device name to "{n}".', "call my phone {n} from now on.",
         "I want other devices to see my phone as {n}.", "set the phone's name to {n}.",
         "give my phone the name {n}."],
        n=name,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [setting_delta("device.name", name)]},
        oracle=[calls(call("rename_phone", name=name)), f"Your phone is now called {name}."],
    )


@family("system.make_folder", dimension="basic", category="grounding", bucket="tool")
def make_folder(ctx: Ctx) -> Draft:
    folder, app_ids = ctx.pick("sys_new_folders")
    label = names([app_name(a) for a in app_ids])
    query = ctx.say(
        ["put {apps} into a new home screen folder called {f}.", "group {apps} in a folder named {f}.",
         "make a folder called {f} with {apps} in it.", "can you create a {f} folder holding {apps}?",
         "I want {apps} together in one folder — call it {f}.", "new folder on my home screen: {f}, with {apps}."],
        apps=label, f=folder,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [{"name": "create_home_screen_folder",
                         "arguments": {"name": folder, "app_ids": app_ids, "page": {"$ignore": True}}}]},
        oracle=[
            calls(call("list_home_screen")),
            calls(call("create_home_screen_folder", name=folder, app_ids=app_ids)),
            f"Made a {folder} folder with {label}.",
        ],
    )  # fmt: skip


#: Section -> (how the user names it, settings someone changed and the values they left).
_RESET_SECTIONS: dict[str, tuple[str, list[tuple[str, list[Any]]]]] = {
    "sound": ("sound", [("sound.mode", ["vibrate", "silent"])]),
    "volume": ("volume", [("volume.media", [10, 15, 20, 95]), ("volume.ring", [20, 30, 100])]),
    "display": ("display", [("display.dark_mode", [True]), ("display.brightness", [15, 25, 90, 100])]),
    "wallpaper": ("wallpaper", [("wallpaper.home", ["wallpaper_104", "wallpaper_110", "wallpaper_116"]),
                                ("wallpaper.lock", ["wallpaper_003", "wallpaper_106", "wallpaper_121"])]),
    "dnd": ("Do Not Disturb", [("dnd.enabled", [True]), ("dnd.allow_calls_from", ["contacts", "nobody"])]),
}  # fmt: skip


@family("system.reset_section", dimension="basic", category="grounding", bucket="state")
def reset_section(ctx: Ctx) -> Draft:
    section = ctx.choice(sorted(_RESET_SECTIONS))
    said, changed = _RESET_SECTIONS[section]
    who = ctx.pick("core_people")
    values = {k: ctx.choice(opts) for k, opts in changed}
    query = ctx.say(
        ["{who} was playing with my {sec} settings — reset them to the defaults.",
         "put my {sec} settings back to factory defaults; {who} changed a bunch of them.",
         "restore the default {sec} settings, {who} messed them up.",
         "after {who} borrowed my phone the {sec} settings are all off. Reset that section.",
         "reset the {sec} section of my settings to default — {who} fiddled with it.",
         "{who} changed my {sec} settings. Can you restore the defaults?"],
        who=who["name"].removeprefix("Dr. ").split()[0], sec=said,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=s0_settings(values),
        gold={"delta": [setting_delta(k, base_setting(k)) for k in values]},
        oracle=[
            calls(call("restore_default_settings", section=section)),
            f"Your {said} settings are back to their defaults.",
        ],
    )


# --------------------------------------------------------------------------- dependency
@family("system.update_full", dimension="basic", category="dependency", bucket="state")
def update_full(ctx: Ctx) -> Draft:
    occ = ctx.pick("sys_update_occasions")
    query = ctx.say(
        ["update my phone to the latest software {occ}.", "install the pending system update {occ}.",
         "get the phone on the newest OS version {occ}.",
         "there's a system update waiting — get it installed {occ}.",
         "please bring the phone's software up to date {occ}.",
         "make sure the phone is running the latest Nova OS {occ}."],
        occ=occ,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        gold={"delta": _install_delta()},
        oracle=[
            calls(call("check_system_update")),
            calls(call("install_system_update", update_id=PENDING_UPDATE)),
            calls(call("download_system_update", update_id=PENDING_UPDATE)),
            calls(call("install_system_update", update_id=PENDING_UPDATE)),
            f"Downloaded and installed Nova OS {PENDING_VERSION}; the phone restarted and is up to date.",
        ],
    )


@family("system.tile_then_toggle", dimension="basic", category="dependency", bucket="tool")
def tile_then_toggle(ctx: Ctx) -> Draft:
    tile, label, on, off = ctx.pick("sys_tiles")
    enabled = ctx.choice([True, False])
    key = TILES[tile][1]
    act = on if enabled else off
    query = ctx.say(
        ["{act} using the quick-settings tile.", "from the control center, {act}.",
         "tap the {label} tile for me: {act}.", "{act} — do it with the quick-settings toggle.",
         "hit the {label} toggle in quick settings to {act}.", "I want to {act} from the control center."],
        act=act, label=label,
    )  # fmt: skip
    patch = merge(_tiles_without(tile), s0_settings({key: not enabled}))
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=patch,
        gold={"calls": [
            {"name": "add_control_center_tile", "arguments": {"tile": tile, "position": {"$ignore": True}}},
            {"name": "set_quick_setting", "arguments": {"tile": tile, "enabled": enabled}},
        ]},
        oracle=[
            calls(call("set_quick_setting", tile=tile, enabled=enabled)),
            calls(call("list_control_center_tiles", include_available=True)),
            calls(call("add_control_center_tile", tile=tile)),
            calls(call("set_quick_setting", tile=tile, enabled=enabled)),
            f"The {TILES[tile][0]} tile wasn't in your control center, so I added it and switched it "
            f"{'on' if enabled else 'off'}.",
        ],
    )  # fmt: skip


@family("system.live_wallpaper_saver", dimension="basic", category="dependency", bucket="state")
def live_wallpaper_saver(ctx: Ctx) -> Draft:
    wp = ctx.pick("sys_live_wallpapers")
    screen = ctx.choice(["home", "both"])
    query = ctx.say(
        ["set {name} as my {where} wallpaper — turn off Battery Saver if it's in the way.",
         "I want the live wallpaper {name} on my {where}; switch Battery Saver off if you have to.",
         "put {name} on my {where}, even if Battery Saver has to go off.",
         "use {name} for my {where} wallpaper, and kill Battery Saver if it blocks it.",
         "make {name} my {where} wallpaper. If Battery Saver stops that, turn it off.",
         "I'd like {name} as the {where} background — Battery Saver can go if needed."],
        name=wp["name"], where=SCREEN_WORDS[screen],
    )  # fmt: skip
    delta = [setting_delta("battery.power_saving", False), setting_delta("wallpaper.home", wp["id"])]
    if screen == "both":
        delta.append(setting_delta("wallpaper.lock", wp["id"]))
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=merge(
            keep("wallpapers", wp), s0_settings({"battery.power_saving": True, "display.brightness": 40})
        ),
        gold={"delta": delta},
        oracle=[
            calls(call("list_wallpapers", category=wp["category"])),
            calls(call("set_wallpaper", wallpaper_id=wp["id"], screen=screen)),
            calls(call("set_battery_saver", enabled=False)),
            calls(call("set_wallpaper", wallpaper_id=wp["id"], screen=screen)),
            f"Live wallpapers are off under Battery Saver, so I turned Battery Saver off and set {wp['name']}.",
        ],
    )


@family("system.update_if_space", dimension="basic", category="dependency", bucket="state")
def update_if_space(ctx: Ctx) -> Draft:
    occ = ctx.pick("sys_update_occasions")
    free = ctx.choice([600, 950, 1240, 1500, 1880, 2010, 2400, 3100, 4620, 5200, 8800, 12400])
    query = ctx.say(
        ["download the system update {occ} if there's room for it; if not, tell me how much space I need to free.",
         "if the new system update fits in my free storage, download it {occ} (don't install). Otherwise tell "
         "me how much I'm short.",
         "check whether I have enough space for the software update; if so, download it {occ}, if not, say how "
         "many MB I'm missing.",
         "{occ}: grab the system update if it fits, otherwise let me know how much storage to clear.",
         "only if there's enough free space, download the pending update {occ}; else tell me the shortfall.",
         "see if the OS update fits on the phone — download it {occ} if yes, and tell me how much space is "
         "missing if no."],
        occ=occ,
    )  # fmt: skip
    s0 = s0_settings({"storage.free_mb": free})
    reads = [calls(call("check_system_update")), calls(call("get_about_phone"))]
    if free >= PENDING_SIZE_MB:
        return Draft(
            query=query,
            frictions=["dependency"],
            s0_patch=s0,
            gold={"delta": [
                {"table": "system_updates", "op": "update", "key": PENDING_UPDATE,
                 "fields": {"status": "downloaded", "downloaded_at": {"$ignore": True}}},
                setting_delta("storage.free_mb", free - PENDING_SIZE_MB),
            ]},
            oracle=[
                *reads,
                calls(call("download_system_update", update_id=PENDING_UPDATE)),
                f"It fits: I downloaded Nova OS {PENDING_VERSION} ({PENDING_SIZE_MB} MB); it's ready to install.",
            ],
        )  # fmt: skip
    short = PENDING_SIZE_MB - free
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=s0,
        bucket="behavior",
        gold=rubric("answer", [str(short), f"{short:,}"]),
        oracle=[
            *reads,
            f"The update needs {PENDING_SIZE_MB} MB but only {free} MB is free, so I didn't download it. "
            f"You need to free up {short} MB more.",
        ],
    )


# --------------------------------------------------------------------------- reference
@family("system.wallpaper_from_list", dimension="basic", category="reference", bucket="tool")
def wallpaper_from_list(ctx: Ctx) -> Draft:
    wp = ctx.pick("sys_wallpapers")
    screen = ctx.choice(["home", "lock", "both"])
    listed = [w for w in base()["wallpapers"].values() if w["category"] == wp["category"]][:6]
    if wp not in listed or len(listed) < 2 or wp["id"] in ("wallpaper_001", "wallpaper_002"):
        raise Skip("not in the shown list")
    ordinal = ORDINALS[listed.index(wp)]
    if wp == listed[-1] and ctx.choice([True, False]):
        ordinal = "last"
    shown = names([w["name"] for w in listed])
    history = [
        {"role": "user", "content": f"What {wp['category']} wallpapers do I have?"},
        {"role": "assistant", "content": f"You have {len(listed)} {wp['category']} wallpapers: {shown}."},
    ]
    query = ctx.say(
        ["set the {o} one as my {where} wallpaper.", "use the {o} one you mentioned for my {where}.",
         "ok, put the {o} one on my {where}.", "let's go with the {o} one — {where}, please.",
         "the {o} one looks nice; make it my {where} wallpaper.", "I'll take the {o} one for the {where}."],
        o=ordinal, where=SCREEN_WORDS[screen],
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        s0_patch=keep("wallpapers", *listed),
        gold={
            "calls": [{"name": "set_wallpaper", "arguments": {"wallpaper_id": wp["id"], "screen": screen}}]
        },
        oracle=[
            calls(call("list_wallpapers", category=wp["category"])),
            calls(call("set_wallpaper", wallpaper_id=wp["id"], screen=screen)),
            f"{wp['name']} is now your {SCREEN_WORDS[screen]} wallpaper.",
        ],
    )


@family("system.timezone_trip", dimension="basic", category="reference", bucket="state")
def timezone_trip(ctx: Ctx) -> Draft:
    city, zone = ctx.pick("sys_timezones")
    flight = f"{ctx.choice(['UA', 'AA', 'DL', 'AS', 'BA', 'LH', 'NH', 'AF'])} {ctx.rng.randint(100, 1999)}"
    history = [
        {"role": "user", "content": f"I'm on {flight} to {city} tomorrow for the Northwind offsite."},
        {
            "role": "assistant",
            "content": f"Got it — safe travels to {city}! Let me know if you need anything.",
        },
    ]
    query = ctx.say(
        ["just got off {f}. Set my phone to the local time zone.", "landed after {f} — switch my time zone to "
         "where I am now.", "{f} is on the ground! Change the clock to the local time zone there.",
         "ok, off {f} now; put the phone on this city's time.", "I've arrived on {f} — set the time zone for "
         "this place.", "{f} landed. Make the phone use the time zone of the city I flew to."],
        f=flight,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        gold={
            "delta": [setting_delta("system.timezone", zone), setting_delta("system.auto_timezone", False)]
        },
        oracle=[calls(call("set_time_zone", timezone=city)), f"Your phone is on {city} time ({zone}) now."],
    )


@family("system.folder_app_move", dimension="basic", category="reference", bucket="tool")
def folder_app_move(ctx: Ctx) -> Draft:
    app_id, _name, folder_id, folder = ctx.pick("sys_folder_apps")
    page = ctx.choice([1, 2])
    items = next(
        i["app_ids"] for p in base()["home_screen"].values() for i in p["items"] if i.get("id") == folder_id
    )
    ordinal = ORDINALS[items.index(app_id)]
    history = [
        {"role": "user", "content": f"What's in my {folder} folder?"},
        {"role": "assistant", "content": f"Your {folder} folder has {names([app_name(a) for a in items])}."},
    ]
    query = ctx.say(
        ["pull the {o} one out of that folder and put it on page {p}.",
         "move the {o} app from that folder onto home screen page {p}.",
         "take the {o} one out and drop it on page {p} of the home screen.",
         "the {o} one — move it out of the folder to page {p}.",
         "get the {o} app out of there and onto page {p}.", "I want the {o} one on page {p}, not in the folder."],
        o=ordinal, p=page,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        gold={"calls": [{"name": "move_home_screen_icon",
                         "arguments": {"item_id": app_id, "page": page, "position": {"$ignore": True}}}]},
        oracle=[
            calls(call("list_home_screen")),
            calls(call("move_home_screen_icon", item_id=app_id, page=page)),
            f"Moved {app_name(app_id)} out of {folder} to page {page}.",
        ],
    )  # fmt: skip


@family("system.rename_back", dimension="basic", category="reference", bucket="state", splits=TRAIN_ONLY)
def rename_back(ctx: Ctx) -> Draft:
    old, new = ctx.pick_many("sys_phone_names", 2)
    history = [
        {"role": "user", "content": f"Rename my phone to {new}."},
        {"role": "assistant", "content": f"Done — your phone is now called {new} (it used to be {old})."},
    ]
    query = ctx.say(
        ["{new} looks weird in the Bluetooth list. Change it back to what it was.",
         "on second thought, go back to the phone's previous name instead of {new}.",
         "undo that rename — I don't like {new}.", "revert the phone's name; {new} isn't working for me.",
         "hmm, {new} was a mistake. Put the old name back.", "rename it back to before, not {new}."],
        new=new,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        s0_patch=s0_settings({"device.name": new}),
        gold={"delta": [setting_delta("device.name", old)]},
        oracle=[calls(call("rename_phone", name=old)), f"Your phone is called {old} again."],
    )


# --------------------------------------------------------------------------- revision
@family("system.language_revise", dimension="basic", category="revision", bucket="state")
def language_revise(ctx: Ctx) -> Draft:
    (a, _), (b, code) = ctx.pick_many("sys_languages", 2)
    query = ctx.say(
        ["switch the phone to {a} — no wait, make it {b}.", "change the language to {a}... actually, {b} instead.",
         "set the system language to {a}. Sorry, I meant {b}.", "put the phone in {a} — scratch that, {b}.",
         "make it {a}. Hmm, no — {b}, please.", "language to {a}, or actually {b}; {b} is better."],
        a=a, b=b,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"delta": [setting_delta("system.language", code)]},
        oracle=[calls(call("set_system_language", language=code)), f"Your phone is in {b} now."],
    )


@family("system.add_tile_revise", dimension="basic", category="revision", bucket="tool", splits=TRAIN_ONLY)
def add_tile_revise(ctx: Ctx) -> Draft:
    tile, label, _on, _off = ctx.pick("sys_tiles")
    first, second = ctx.rng.sample(range(1, 8), 2)
    query = ctx.say(
        ["add the {label} tile to my control center at spot {a} — actually, make it spot {b}.",
         "put {label} in quick settings, position {a}. Wait, no: position {b}.",
         "I want a {label} tile in the control center in slot {a}... sorry, slot {b}.",
         "add {label} to the quick settings panel as tile {a} — hmm, {b} is better.",
         "drop a {label} toggle into my control center at position {a}; no, change that to {b}.",
         "control center: add {label} at {a}. Actually put it at {b}."],
        label=label, a=first, b=second,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        s0_patch=_tiles_without(tile),
        gold={
            "calls": [{"name": "add_control_center_tile", "arguments": {"tile": tile, "position": second}}]
        },
        oracle=[
            calls(call("list_control_center_tiles", include_available=True)),
            calls(call("add_control_center_tile", tile=tile, position=second)),
            f"Added the {TILES[tile][0]} tile at position {second}.",
        ],
    )


@family("system.tile_remove_revise", dimension="basic", category="revision", bucket="tool")
def tile_remove_revise(ctx: Ctx) -> Draft:
    (a, la, _, _), (b, lb, _, _) = ctx.pick_many("sys_tiles", 2)
    query = ctx.say(
        ["remove the {a} tile from my control center — actually no, keep it and remove {b} instead.",
         "take {a} out of quick settings. Wait, leave {a}; take out {b}.",
         "get rid of the {a} toggle in the control center... sorry, I meant the {b} one.",
         "delete the {a} tile — hmm, no, the {b} tile is the one I never use.",
         "remove {a} from quick settings; on second thought, remove {b} and keep {a}.",
         "clear the {a} tile out of my control center. No wait — {b}, not {a}."],
        a=la, b=lb,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        s0_patch=_tiles_with(a, b),
        gold={"calls": [{"name": "remove_control_center_tile", "arguments": {"tile": b}}]},
        oracle=[
            calls(call("list_control_center_tiles")),
            calls(call("remove_control_center_tile", tile=b)),
            f"Removed the {TILES[b][0]} tile; {TILES[a][0]} stays.",
        ],
    )


@family("system.home_multi", dimension="basic", category="revision", bucket="tool")
def home_multi(ctx: Ctx) -> Draft:
    gone = ctx.pick("sys_home_apps")
    new = ctx.pick("sys_offscreen_apps")
    page = ctx.choice([1, 2])
    remove = {"name": "remove_home_screen_icon", "arguments": {"item_id": gone["id"]}}
    add = {"name": "add_home_screen_icon", "arguments": {"app_id": new["id"], "page": page}}
    phrasings = [
        ("take {x} off my home screen and put {y} on page {p}.", [remove, add]),
        ("add {y} to home screen page {p}, and remove the {x} icon.", [add, remove]),
        ("remove the {x} icon from my home screen (keep the app), then add {y} to page {p}.", [remove, add]),
        ("put {y} on page {p} of my home screen; also drop {x} from it.", [add, remove]),
        ("two home screen changes: {x} goes away, and {y} goes onto page {p}.", [remove, add]),
        ("I want {y} on page {p}. Oh, and get {x} off the home screen.", [add, remove]),
    ]
    query = ctx.say([p for p, _ in phrasings], x=gone["name"], y=new["name"], p=page)
    order = phrasings[int(ctx.template.rsplit("#", 1)[1])][1]  # type: ignore[union-attr]
    steps = [calls(call(c["name"], **c["arguments"])) for c in order]
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={"calls": order, "any_order": True},
        oracle=[
            calls(call("list_home_screen")),
            *steps,
            f"Removed {gone['name']} from the home screen and added {new['name']} to page {page}.",
        ],
    )


@family("system.install_continue", dimension="basic", category="revision", bucket="state")
def install_continue(ctx: Ctx) -> Draft:
    occ = ctx.pick("sys_update_occasions")
    history = [
        {"role": "user", "content": "Download the system update, but don't install it yet."},
        {"role": "assistant", "content": f"Downloaded Nova OS {PENDING_VERSION} ({PENDING_SIZE_MB} MB). "
                                         "Want me to install it later? The phone will restart."},
    ]  # fmt: skip
    query = ctx.say(
        ["ok, go ahead and install it {occ}.", "let's finish that update {occ}.", "install the one you downloaded "
         "{occ}, please.", "carry on with the update and install it {occ}.", "sure — do the install {occ}.",
         "the update you grabbed earlier: install it {occ}."],
        occ=occ,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        s0_patch=_downloaded_s0(),
        gold={"delta": _install_delta(free_after=base_setting("storage.free_mb"))},
        oracle=[
            calls(call("check_system_update")),
            calls(call("install_system_update", update_id=PENDING_UPDATE)),
            f"Installed Nova OS {PENDING_VERSION}; the phone restarted on the new version.",
        ],
    )


@family("system.toggle_and_move", dimension="basic", category="revision", bucket="state")
def toggle_and_move(ctx: Ctx) -> Draft:
    tile, label, on, off = ctx.pick("sys_tiles")
    if tile not in DEFAULT_TILES:
        raise Skip("tile not in the control center")
    enabled = not base_setting(TILES[tile][1])
    act = on if enabled else off
    order = list(DEFAULT_TILES)
    pos = ctx.choice([p for p in range(1, len(order) + 1) if p != order.index(tile) + 1])
    order.remove(tile)
    order.insert(pos - 1, tile)
    moved = [
        {"table": "control_center", "op": "update", "key": t, "fields": {"position": i}}
        for i, t in enumerate(order, start=1)
        if DEFAULT_TILES.index(t) + 1 != i
    ]
    query = ctx.say(
        ["{act} and move that tile to position {p} in the control center.",
         "{act}, then put its tile in slot {p} of quick settings.",
         "two things: {act}, and move the {label} tile to spot {p}.",
         "can you {act}? Also shift the {label} tile to position {p}.",
         "{act} — and while you're there, the {label} tile should sit at position {p}.",
         "please {act} and reorder my control center so {label} is tile number {p}."],
        act=act, label=label, p=pos,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={"delta": [*_toggle_delta(tile, enabled), *moved]},
        oracle=[
            calls(call("set_quick_setting", tile=tile, enabled=enabled)),
            calls(call("move_control_center_tile", tile=tile, position=pos)),
            f"{TILES[tile][0]} is {'on' if enabled else 'off'} and its tile is at position {pos}.",
        ],
    )


# --------------------------------------------------------------------------- recovery
#: A claim of having put the live wallpaper on the lock screen (or on both, unasked); "want me to set it on
#: both?" holds "set".
WALLPAPER_SET = [
    *false_claims("applied", "changed", "switched", "updated"),
    *false_claims("set", "put", bare=False),
]
#: That a live wallpaper cannot go on the lock screen alone: "it's live on your lock screen and home screen"
#: names both screens too.
LOCK_ALONE = [*cannot("set", "put", "use", "go", "be used", "be set", "apply", "do that", "place", "make", "be on",
                      "run"),
              "only", "not available", "isn't available", "doesn't work", "don't work", "won't work",
              "does not work", "do not work", "not on the lock screen", "not for the lock screen",
              "isn't for the lock screen", "aren't for the lock screen", "lock screen alone", "alone",
              "by itself", "on its own", "not just the lock", "not only the lock", "need to be on",
              "needs to be on", "has to be on", "have to be on", "must be on", "must go on", "requires",
              "limited to"]  # fmt: skip


@family("system.live_lock_refuse", dimension="basic", category="recovery", bucket="behavior")
def live_lock_refuse(ctx: Ctx) -> Draft:
    wp = ctx.pick("sys_live_wallpapers")
    when = ctx.choice(["", " please", " for tonight", " right now", " this week", " for a change"])
    query = ctx.say(
        ["set {name} as my lock screen wallpaper{w}.", "put the {name} live wallpaper on my lock screen only{w}.",
         "I want {name} on the lock screen{w} — not the home screen.", "lock screen wallpaper: {name}{w}.",
         "change just my lock screen to {name}{w}.", "use {name} for the lock screen alone{w}.",
         "make {name} my lock screen background{w}.", "only the lock screen should get {name}{w}."],
        name=wp["name"], w=when,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        s0_patch=keep("wallpapers", wp),
        gold=rubric(
            "refusal",
            [wp["name"].lower()],
            ["lock screen"],
            ["home screen", "both"],
            LOCK_ALONE,
            avoid=WALLPAPER_SET,
        ),
        oracle=[
            calls(call("list_wallpapers", category=wp["category"])),
            calls(call("set_wallpaper", wallpaper_id=wp["id"], screen="lock")),
            f"Sorry, {wp['name']} is a live wallpaper and those can't go on the lock screen alone — only on "
            "the home screen or both screens. Want me to set it on both?",
        ],
    )


#: A claim of having installed (or started installing) the update on a low battery anyway.
UPDATE_INSTALLED = [*false_claims("installed", "started", "begun", "kicked off", "applied", "updated"),
                    "now installing", "is installing", "installing now"]  # fmt: skip
#: That the battery is too low to install: "the update is going even at 30% (charge later)" names 30%
#: and charging too.
BATTERY_LOW = [*cannot("install", "start", "update", "run", "do that", "begin", "apply", "finish", "go ahead",
                       "proceed"),
               "too low", "not enough", "isn't enough", "below", "under", "less than", "at least", "minimum",
               "low battery", "battery is low", "battery's low", "only at", "only has", "only", "needs",
               "need to", "needs to", "has to", "have to", "must", "requires", "required", "won't install",
               "doesn't allow", "until", "once", "first"]  # fmt: skip


@family("system.install_low_battery", dimension="basic", category="recovery", bucket="behavior")
def install_low_battery(ctx: Ctx) -> Draft:
    occ = ctx.pick("sys_update_occasions")
    level = ctx.choice(list(range(8, 30)))
    query = ctx.say(
        ["install the system update I downloaded {occ}.", "finish installing the OS update {occ}.",
         "go ahead with the software update install {occ}.", "run the pending system update install {occ}.",
         "please install the downloaded Nova OS update {occ}.", "install the phone update {occ}, it's ready."],
        occ=occ,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        s0_patch=merge(_downloaded_s0(), s0_settings({"battery.level": level, "battery.charging": False})),
        gold=rubric(
            "refusal",
            ["30%", "30 %", "30 percent"],
            ["charg", "plug", "recharg"],
            BATTERY_LOW,
            avoid=UPDATE_INSTALLED,
        ),
        oracle=[
            calls(call("check_system_update")),
            calls(call("install_system_update", update_id=PENDING_UPDATE)),
            f"I can't install it yet: the battery is at {level}% and installing needs at least 30% or a "
            "charger. Plug the phone in and I'll install it.",
        ],
    )


#: A claim of having changed the system language (to a variant the user never chose, or to one the phone
#: lacks); "should I set it to Traditional?" holds "I set".
LANGUAGE_SET = [
    *false_claims("switched", "changed", "updated", "applied"),
    *false_claims("set", "put", bare=False),
]


@family("system.ambiguous_language", dimension="basic", category="recovery", bucket="behavior")
def ambiguous_language(ctx: Ctx) -> Draft:
    lang, a, b = ctx.pick("sys_ambiguous_languages")
    reason = ctx.pick("sys_language_reasons")
    query = ctx.say(
        ["switch my phone to {lang} {reason}.", "change the system language to {lang} {reason}.",
         "set the phone in {lang}, {reason}.", "put my phone's language on {lang} {reason}.",
         "{lang} for the phone's language, please — {reason}.", "can you make the phone {lang}? It's {reason}."],
        lang=lang, reason=reason,
    )  # fmt: skip
    s0 = s0_settings({"system.language": "ja-JP"}) if lang == "English" else {}
    return Draft(
        query=query,
        frictions=["ambiguity"],
        s0_patch=s0,
        gold=rubric("question", a, b, avoid=LANGUAGE_SET),
        oracle=[
            calls(call("set_system_language", language=lang)),
            f"The phone has two {lang} options: {a[0].title()} or {b[0].title()}. Which one do you want?",
        ],
    )


@family(
    "system.unsupported_language",
    dimension="basic",
    category="recovery",
    bucket="behavior",
    splits=TRAIN_ONLY,
)
def unsupported_language(ctx: Ctx) -> Draft:
    lang = ctx.pick("sys_unsupported_languages")
    reason = ctx.pick("sys_language_reasons")
    query = ctx.say(
        ["switch my phone to {lang} {reason}.", "change the system language to {lang} {reason}.",
         "set the phone's language to {lang}, {reason}.", "I need the phone in {lang} {reason}.",
         "make {lang} the display language {reason}.", "put the phone in {lang} — {reason}."],
        lang=lang, reason=reason,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold=rubric("refusal", [lang.lower()], avoid=LANGUAGE_SET),
        oracle=[
            calls(call("set_system_language", language=lang)),
            f"Sorry, {lang} isn't available as a system language on this phone, so I left it unchanged.",
        ],
    )


@family("system.download_fault", dimension="basic", category="recovery", bucket="tool")
def download_fault(ctx: Ctx) -> Draft:
    occ = ctx.pick("sys_update_occasions")
    query = ctx.say(
        ["download the system update {occ}, but don't install it yet.",
         "grab the new OS update {occ} — just download, no install.",
         "pre-download the software update {occ}; I'll install it later.",
         "get the pending update downloaded {occ}, without installing.",
         "download Nova OS's latest update {occ} and leave it ready to install.",
         "fetch the system update {occ}; hold off on installing."],
        occ=occ,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["runtime_error"],
        faults=[{"tool": "download_system_update", "on_calls": [1]}],
        gold={"calls": [{"name": "download_system_update",
                         "arguments": {"update_id": {"$any": [PENDING_UPDATE, None]}}}]},
        oracle=[
            calls(call("check_system_update")),
            calls(call("download_system_update", update_id=PENDING_UPDATE)),
            calls(call("download_system_update", update_id=PENDING_UPDATE)),
            f"The first try hit a temporary error; the retry downloaded Nova OS {PENDING_VERSION}. "
            "It's ready whenever you want to install it.",
        ],
    )  # fmt: skip
