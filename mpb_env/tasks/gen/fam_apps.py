"""Template families over Apps & Storage: installing, updating and removing apps, permissions, default
apps, notifications, files, the recycle bin and storage cleanup."""

from __future__ import annotations

from typing import Any

from mpb_env.tasks.build import call, calls, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.helpers import (
    and_list,
    cannot,
    false_claims,
    rubric,
)
from mpb_env.world.generate import load_world

W = load_world("M").tables
JUNK_KINDS = ("installer", "temp", "log")
PERM_WORDS = {"CAMERA": "camera", "MICROPHONE": "microphone", "LOCATION": "location", "CONTACTS": "contacts",
              "CALENDAR": "calendar", "PHOTOS_VIDEOS": "photos and videos", "MUSIC_AUDIO": "music and audio",
              "NEARBY_DEVICES": "nearby devices", "PHONE": "phone"}  # fmt: skip


# --------------------------------------------------------------------------- helpers
def _free() -> float:
    return float(W["settings"]["storage.free_mb"]["value"])


def _step(free: float, mb: float) -> float:
    """Free storage after a tool adds ``mb`` (the tools round to 0.1 MB at every step)."""
    total = float(W["settings"]["device.storage_total_mb"]["value"])
    return round(min(total, max(0.0, free + mb)), 1)


def free_entry(value: float) -> dict:
    return {"table": "settings", "op": "update", "key": "storage.free_mb", "fields": {"value": value}}


def free_patch(value: float) -> dict:
    return {"settings": {"storage.free_mb": {**W["settings"]["storage.free_mb"], "value": value}}}


def app_patch(app_id: str, **changes: Any) -> dict:
    return {"apps": {app_id: {**W["apps"][app_id], **changes}}}


def switch_fields(app: dict, on: bool) -> dict:
    """Gold fields of an app whose notifications are switched ``on``/off: the switch and, for an app
    that declares it, Android 13's notification permission with it (one setting)."""
    if "NOTIFICATIONS" not in app["permissions"]:
        return {"notifications": on}
    return {"notifications": on, "permissions": {**app["permissions"], "NOTIFICATIONS": on}}


def revoke_draft(app: dict, perm: str, query: str, final: str) -> Draft:
    """Revoke one of ``app``'s permissions: look the app up, revoke, say ``final``."""
    perms = {**app["permissions"], perm: False}
    return Draft(
        query=query,
        gold={
            "delta": [{"table": "apps", "op": "update", "key": app["id"], "fields": {"permissions": perms}}]
        },
        oracle=[
            calls(call("get_app_info", app_id=app["id"])),
            calls(call("revoke_app_permission", app_id=app["id"], permission=perm)),
            final,
        ],
    )


def notif_ids(app_id: str) -> list[str]:
    return sorted(k for k, n in W["notifications"].items() if n["app_id"] == app_id)


def junk_files() -> list[dict]:
    return [f for f in W["files"].values() if f["kind"] in JUNK_KINDS and not f["trashed"]]


def bin_files() -> list[dict]:
    return [f for f in W["files"].values() if f["trashed"]]


def storage_of(app: dict) -> float:
    return float(app.get("size_mb", 0)) + float(app.get("cache_mb", 0)) + float(app.get("data_mb", 0))


def mb(value: float) -> str:
    return f"{value:,.0f} MB" if value < 1000 else f"{value / 1000:.1f} GB"


def file_name(fid: str) -> str:
    return W["files"][fid]["name"]


# --------------------------------------------------------------------------- grounding
@family("apps.install_by_name", dimension="basic", category="grounding", bucket="tool")
def install_by_name(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_store_new")
    query = ctx.say(
        ["install {name}.", "can you get {name} from the app store for me?", "download the {name} app.",
         "I need {name} on my phone, please install it.", "grab {name} from the store.",
         "put {name} on my phone, would you?"],
        name=app["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [{"name": "install_app", "arguments": {"store_app_id": app["id"]}}]},
        oracle=[
            calls(call("search_store_apps", query=app["name"])),
            hermes(call("install_app", store_app_id=app["id"])),
            f"{app['name']} is installed ({app['size_mb']} MB).",
        ],
    )


@family("apps.uninstall_by_name", dimension="basic", category="grounding", bucket="tool")
def uninstall_by_name(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_installed")
    query = ctx.say(
        ["uninstall {name}.", "delete the {name} app from my phone.", "get rid of {name}, I never use it.",
         "remove {name} please.", "I'm done with {name} — uninstall it.", "can you take {name} off my phone?"],
        name=app["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [{"name": "uninstall_app", "arguments": {"app_id": app["id"]}}]},
        oracle=[
            calls(call("list_apps", category=app["category"])),
            calls(call("uninstall_app", app_id=app["id"])),
            f"{app['name']} has been uninstalled.",
        ],
    )


@family("apps.revoke_permission", dimension="basic", category="grounding", bucket="state")
def revoke_permission(ctx: Ctx) -> Draft:
    grant = ctx.pick("apps_granted_perms")
    app = W["apps"][grant["app_id"]]
    perm = grant["permission"]
    query = ctx.say(
        ["stop {name} from using my {word}.", "take away {name}'s {word} access.",
         "revoke the {word} permission from {name}.", "{name} shouldn't have access to my {word} — turn that off.",
         "I don't want {name} touching my {word} anymore.", "turn off {word} access for {name}."],
        name=app["name"], word=PERM_WORDS[perm],
    )  # fmt: skip
    return revoke_draft(app, perm, query, f"{app['name']} no longer has {PERM_WORDS[perm]} access.")


@family("apps.clear_cache", dimension="basic", category="grounding", bucket="state")
def clear_cache(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_cached")
    query = ctx.say(
        ["clear {name}'s cache.", "wipe the cache for {name}.", "{name} is hogging space — clear its cache.",
         "empty the {name} cache, but keep my data.", "can you clear the cached files of {name}?",
         "free up the cache {name} is holding."],
        name=app["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [
            {"table": "apps", "op": "update", "key": app["id"], "fields": {"cache_mb": 0}},
            free_entry(_step(_free(), app["cache_mb"])),
        ]},
        oracle=[
            calls(call("get_app_info", app_id=app["id"])),
            calls(call("clear_app_cache", app_id=app["id"])),
            f"Cleared {app['cache_mb']} MB of cache from {app['name']}.",
        ],
    )  # fmt: skip


@family("apps.set_default", dimension="basic", category="grounding", bucket="state")
def set_default(ctx: Ctx) -> Draft:
    app_id, name, role, word, before = ctx.pick("apps_default_choices")
    query = ctx.say(
        ["make {name} my default {word}.", "set {name} as the default {word}.",
         "I want {name} to be my {word} from now on.", "use {name} as my default {word}.",
         "switch my default {word} to {name}.", "change the default {word} to {name}, please."],
        name=name, word=word,
    )  # fmt: skip
    patch = {"default_apps": {role: {"role": role, "app_id": before}}} if before else {}
    return Draft(
        query=query,
        s0_patch=patch,
        gold={"delta": [{"table": "default_apps", "op": "update", "key": role,
                         "fields": {"role": role, "app_id": app_id}}]},
        oracle=[
            calls(call("get_app_info", app_id=app_id)),
            calls(call("set_default_app", role=role, app_id=app_id)),
            f"Done — {name} is now your default {word}.",
        ],
    )  # fmt: skip


@family("apps.delete_file", dimension="basic", category="grounding", bucket="state")
def delete_file(ctx: Ctx) -> Draft:
    fid, said, q = ctx.pick("apps_named_files")
    query = ctx.say(
        ["delete {f}.", "move {f} to the trash.", "get rid of {f}, I don't need it anymore.", "trash {f} please.",
         "throw {f} in the recycle bin.", "can you delete {f} for me?"],
        f=said,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "files", "op": "update", "key": fid,
                         "fields": {"trashed": True, "trashed_at": {"$present": True}}}]},
        oracle=[
            calls(call("list_files", query=q)),
            calls(call("delete_file", file_id=fid)),
            f"Moved {file_name(fid)} to the recycle bin.",
        ],
    )  # fmt: skip


@family("apps.enable_notifications", dimension="basic", category="grounding", bucket="state")
def enable_notifications(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_muted")
    query = ctx.say(
        ["turn {name} notifications back on.", "I want notifications from {name} again.",
         "enable notifications for {name}.", "unmute {name}'s notifications.",
         "let {name} send me notifications.", "switch on {name} alerts, please."],
        name=app["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        gold={
            "delta": [{"table": "apps", "op": "update", "key": app["id"], "fields": switch_fields(app, True)}]
        },
        oracle=[
            calls(call("get_app_info", app_id=app["id"])),
            calls(call("enable_app_notifications", app_id=app["id"])),
            f"{app['name']} notifications are on again.",
        ],
    )


# --------------------------------------------------------------------------- dependency
@family("apps.install_low_storage", dimension="basic", category="dependency", bucket="state")
def install_low_storage(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_store_new")
    junk = junk_files()
    junk_mb = round(sum(f["size_mb"] for f in junk), 1)
    if app["size_mb"] < 8 or app["size_mb"] > junk_mb:
        raise Skip("cleanup cannot make room")
    free0 = float(ctx.rng.randint(2, app["size_mb"] - 1))
    query = ctx.say(
        ["install {name}. Storage is almost full, so clear out the junk files first if it won't fit.",
         "I want {name}, but my phone's nearly out of space — if you have to, delete the junk files to make room.",
         "get {name} from the store; if there isn't enough room, clean up the junk first.",
         "please install {name}. You can wipe the junk files if space is the problem."],
        name=app["name"],
    )  # fmt: skip
    free_end = _step(_step(free0, junk_mb), -app["size_mb"])
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=free_patch(free0),
        gold={"delta": [
            {"table": "apps", "op": "create", "fields": {"id": app["id"], "version": app["version"]}},
            *({"table": "files", "op": "delete", "key": f["id"]} for f in junk),
            free_entry(free_end),
        ]},
        oracle=[
            calls(call("search_store_apps", query=app["name"])),
            calls(call("install_app", store_app_id=app["id"])),
            calls(call("clear_junk_files")),
            calls(call("install_app", store_app_id=app["id"])),
            f"There were only {free0:g} MB free, so I cleared {junk_mb:g} MB of junk files and installed "
            f"{app['name']}.",
        ],
    )  # fmt: skip


@family("apps.install_if_space", dimension="basic", category="dependency", bucket="tool")
def install_if_space(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_store_new")
    bin_mb = round(sum(f["size_mb"] for f in bin_files()), 1)
    tight = ctx.choice([True, False])
    low = max(1, int(app["size_mb"] - bin_mb) + 1)
    if tight and low >= app["size_mb"]:
        raise Skip("emptying the bin cannot make room")
    free0 = float(ctx.rng.randint(low, app["size_mb"] - 1)) if tight else _free()
    query = ctx.say(
        ["install {name} — if there's not enough space, empty the recycle bin first.",
         "can you get {name}? If storage is too tight for it, clear the trash first.",
         "I'd like {name} installed. Only empty the recycle bin if it doesn't fit.",
         "download {name}; should space run short, empty my recycle bin to make room."],
        name=app["name"],
    )  # fmt: skip
    install = {"name": "install_app", "arguments": {"store_app_id": app["id"]}}
    reads = [calls(call("get_storage_usage")), calls(call("search_store_apps", query=app["name"]))]
    if tight:
        return Draft(
            query=query,
            frictions=["dependency"],
            s0_patch=free_patch(free0),
            gold={"calls": [{"name": "clear_recycle_bin", "arguments": {}}, install]},
            oracle=[
                *reads,
                calls(call("clear_recycle_bin")),
                calls(call("install_app", store_app_id=app["id"])),
                f"Only {free0:g} MB was free, so I emptied the recycle bin ({bin_mb:g} MB) and installed "
                f"{app['name']}.",
            ],
        )
    return Draft(
        query=query,
        frictions=["dependency"],
        gold={"calls": [install]},
        oracle=[
            *reads,
            calls(call("install_app", store_app_id=app["id"])),
            f"There was enough space ({free0:g} MB free), so I installed {app['name']} and left the recycle bin "
            "alone.",
        ],
    )


#: Android 13's two media permissions (the old storage permission split in two): (group, how it is said).
MEDIA_HALVES = {"PHOTOS_VIDEOS": "photos and videos", "MUSIC_AUDIO": "music and audio files"}


@family("apps.media_split_revoke", dimension="basic", category="grounding", bucket="state")
def media_split_revoke(ctx: Ctx) -> Draft:
    """One of Android 13's media permissions revoked, the other kept: an app may read photos and videos
    (READ_MEDIA_IMAGES / READ_MEDIA_VIDEO) without reading audio (READ_MEDIA_AUDIO), or the other way."""
    both = sorted(a for a, r in W["apps"].items() if all(r["permissions"].get(p) for p in MEDIA_HALVES))
    app = W["apps"][ctx.choice(both)]
    off = ctx.choice(sorted(MEDIA_HALVES))
    (keep,) = (p for p in MEDIA_HALVES if p != off)
    query = ctx.say(
        ["{name} may keep my {keep}, but take away its access to my {off}.",
         "stop {name} reading my {off}; it can still see my {keep}.",
         "leave {name}'s {keep} access on and switch off its {off} access.",
         "I only want {name} to reach my {keep}, not my {off}.",
         "revoke {name}'s access to {off} but not to {keep}.",
         "cut {name} off from my {off}, keeping its access to {keep}."],
        name=app["name"], keep=MEDIA_HALVES[keep], off=MEDIA_HALVES[off],
    )  # fmt: skip
    final = f"{app['name']} can no longer read your {MEDIA_HALVES[off]}; its {MEDIA_HALVES[keep]} access stays on."
    return revoke_draft(app, off, query, final)


@family("apps.install_then_grant", dimension="basic", category="dependency", bucket="tool")
def install_then_grant(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_store_new")
    perms = [p for p in app["permissions"] if p in PERM_WORDS]
    if not perms:
        raise Skip("no sensitive permission to grant")
    perm = ctx.choice(perms)
    query = ctx.say(
        ["install {name} and let it use my {word}.", "get {name} and give it {word} access.",
         "download {name}, then grant it the {word} permission.",
         "set up {name} for me and allow it to access my {word}."],
        name=app["name"], word=PERM_WORDS[perm],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        gold={"calls": [
            {"name": "install_app", "arguments": {"store_app_id": app["id"]}},
            {"name": "grant_app_permission", "arguments": {"app_id": app["id"], "permission": perm}},
        ]},
        oracle=[
            calls(call("search_store_apps", query=app["name"])),
            calls(call("install_app", store_app_id=app["id"])),
            calls(call("grant_app_permission", app_id=app["id"], permission=perm)),
            f"{app['name']} is installed and has {PERM_WORDS[perm]} access.",
        ],
    )  # fmt: skip


@family("apps.update_needs_cache", dimension="basic", category="dependency", bucket="state")
def update_needs_cache(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_updatable")
    entry = W["store_apps"][app["id"]]
    grow = entry["size_mb"] - app["size_mb"]
    if grow < 2 or app["cache_mb"] < grow:
        raise Skip("the update does not need room the cache can give")
    free0 = float(ctx.rng.randint(0, grow - 1))
    query = ctx.say(
        ["update {name}. If there's not enough space, clear its cache to make room.",
         "can you update {name}? Clear {name}'s cache first if storage is the problem.",
         "{name} needs an update — free up room by clearing its cache if you have to.",
         "please install the {name} update; if it doesn't fit, wipe its cache."],
        name=app["name"],
    )  # fmt: skip
    free_end = _step(_step(free0, app["cache_mb"]), -grow)
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=free_patch(free0),
        gold={"delta": [
            {"table": "apps", "op": "update", "key": app["id"],
             "fields": {"version": entry["version"], "size_mb": entry["size_mb"], "cache_mb": 0}},
            free_entry(free_end),
        ]},
        oracle=[
            calls(call("get_app_info", app_id=app["id"])),
            calls(call("update_app", app_id=app["id"])),
            calls(call("clear_app_cache", app_id=app["id"])),
            calls(call("update_app", app_id=app["id"])),
            f"The update needed {grow} MB and only {free0:g} MB was free, so I cleared {app['name']}'s cache and "
            f"updated it to {entry['version']}.",
        ],
    )  # fmt: skip


@family("apps.notification_triage", dimension="basic", category="dependency", bucket="tool")
def notification_triage(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_notifying")
    n = len(notif_ids(app["id"]))
    limit = ctx.choice([1, 2, 3])
    query = ctx.say(
        ["if {name} has more than {k} piling up, turn its notifications off; otherwise just clear them.",
         "check my {name} notifications: more than {k} means mute the app, else dismiss them.",
         "does {name} have more than {k} waiting? If so, disable its notifications for good — if not, clear "
         "what's there.",
         "{name} again... if it's sent more than {k}, switch its notifications off, otherwise clear them out."],
        name=app["name"], k={1: "one notification", 2: "two notifications", 3: "three notifications"}[limit],
    )  # fmt: skip
    if n > limit:
        act, word = call("disable_app_notifications", app_id=app["id"]), "turned off its notifications"
    else:
        act, word = (
            call("clear_app_notifications", app_id=app["id"]),
            "cleared " + ("it" if n == 1 else "them"),
        )
    return Draft(
        query=query,
        frictions=["dependency"],
        gold={"calls": [act]},
        oracle=[
            calls(call("list_app_notifications", app_id=app["id"], limit=100)),
            calls(act),
            f"{app['name']} had {n} notification{'s' if n != 1 else ''}, so I {word}.",
        ],
    )


@family("apps.restore_replace", dimension="basic", category="dependency", bucket="state")
def restore_replace(ctx: Ctx) -> Draft:
    fid, said, q = ctx.pick("apps_named_files")
    cur = W["files"][fid]
    dups = [f for f in bin_files() if f["name"] == cur["name"] and f["folder"] == cur["folder"]]
    patch: dict = {}
    if dups:
        old = dups[0]
    else:
        old = {**cur, "id": f"{fid}_prev", "size_mb": round(cur["size_mb"] * 0.9, 1), "modified": "2026-04-02T10:00:00",
               "trashed": True, "trashed_at": "2026-05-18T16:00:00"}  # fmt: skip
        patch = {"files": {old["id"]: old}}
    query = ctx.say(
        ["restore the older copy of {f} from the trash — it should replace the one I have now.",
         "I want the version of {f} that's in the recycle bin back; trash the current one.",
         "swap {f} for the older copy sitting in the recycle bin.",
         "bring back {f} from the trash and throw away the version I have now."],
        f=said,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=patch,
        gold={"delta": [
            {"table": "files", "op": "update", "key": fid, "fields": {"trashed": True, "trashed_at": {"$present": True}}},
            {"table": "files", "op": "update", "key": old["id"], "fields": {"trashed": False, "trashed_at": None}},
        ]},
        oracle=[
            calls(call("list_files", query=q, in_recycle_bin=True)),
            calls(call("list_files", query=q)),
            calls(call("delete_file", file_id=fid)),
            calls(call("restore_file", file_id=old["id"])),
            f"I moved the current {cur['name']} to the recycle bin and restored the older copy in its place.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- reference
ACTS = {
    "cache": ("clear the cache of", "clear_app_cache", "cleared its cache"),
    "mute": ("turn off notifications for", "disable_app_notifications", "turned off its notifications"),
    "remove": ("uninstall", "uninstall_app", "uninstalled it"),
}


@family("apps.history_biggest_app", dimension="basic", category="reference", bucket="tool")
def history_biggest_app(ctx: Ctx) -> Draft:
    idx, ordinal = ctx.pick("apps_ordinals")
    apps = sorted(W["apps"].values(), key=lambda a: (-storage_of(a), a["id"]))[:5]
    listing = "; ".join(f"{i + 1}. {a['name']} ({mb(storage_of(a))})" for i, a in enumerate(apps))
    app = apps[idx]
    act = ctx.choice(["cache", "mute"] + ([] if app.get("system", True) else ["remove"]))
    said, tool, done = ACTS[act]
    query = ctx.say(
        ["{act} the {o} one.", "ok, {act} the {o} app on that list.", "let's {act} the {o} one you mentioned.",
         "alright — {act} the {o} one, please."],
        act=said, o=ordinal,
    )  # fmt: skip
    return Draft(
        query=query,
        history=[
            {"role": "user", "content": "What's taking up the most space on my phone?"},
            {"role": "assistant", "content": f"The apps using the most storage are: {listing}."},
        ],
        gold={"calls": [{"name": tool, "arguments": {"app_id": app["id"]}}]},
        oracle=[
            calls(call(tool, app_id=app["id"])),
            f"Done — {app['name']} was the {ordinal} one; I {done}.",
        ],
    )


@family("apps.notification_source", dimension="basic", category="reference", bucket="tool")
def notification_source(ctx: Ctx) -> Draft:
    note = ctx.pick("apps_shade_notifs")
    app = W["apps"][note["app_id"]]
    text = note["text"].rstrip(".!")
    query = ctx.say(
        ["turn off notifications from the app that sent \"{t}\".", "which app told me \"{t}\"? Mute it.",
         "stop notifications from whatever app just said \"{t}\".",
         "that \"{t}\" notification — disable that app's notifications.",
         "mute the app behind the \"{t}\" alert.", "I keep getting stuff like \"{t}\" — silence that app."],
        t=text,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        gold={"calls": [{"name": "disable_app_notifications", "arguments": {"app_id": app["id"]}}]},
        oracle=[
            calls(call("list_app_notifications", limit=40)),
            calls(call("disable_app_notifications", app_id=app["id"])),
            f"That was {app['name']}; its notifications are off now.",
        ],
    )


@family("apps.restore_just_deleted", dimension="basic", category="reference", bucket="state")
def restore_just_deleted(ctx: Ctx) -> Draft:
    fid, said, _q = ctx.pick("apps_named_files")
    cur = W["files"][fid]
    if any(f["name"] == cur["name"] for f in bin_files()):
        raise Skip("the bin already holds a copy")
    older = {**cur, "id": f"{fid}_prev", "size_mb": round(cur["size_mb"] * 0.8, 1), "modified": "2026-03-11T09:30:00",
             "trashed": True, "trashed_at": "2026-04-20T18:00:00"}  # fmt: skip
    query = ctx.say(
        ["oops, I still need {f} — put back the one you just deleted.",
         "wait, undo that: restore {f}, the copy you just trashed.",
         "hmm, I deleted {f} too fast. Bring back the one from a minute ago.",
         "actually restore {f} — the one you just moved to the bin, not any older copy."],
        f=said,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch={"files": {fid: {**cur, "trashed": True, "trashed_at": "2026-05-20T08:58:00"}, older["id"]: older}},
        history=[
            {"role": "user", "content": f"Delete {said}."},
            {"role": "assistant", "content": f"Done — I moved {cur['name']} to the recycle bin."},
        ],
        gold={"delta": [{"table": "files", "op": "update", "key": fid, "fields": {"trashed": False, "trashed_at": None}}]},
        oracle=[
            calls(call("list_files", in_recycle_bin=True, query=cur["name"].rsplit(".", 1)[0])),
            calls(call("restore_file", file_id=fid)),
            f"Restored {cur['name']} (the copy deleted at 08:58) to {cur['folder']}.",
        ],
    )  # fmt: skip


RANK_WORDS = ["the most", "the second most", "the third most", "the fourth most", "the fifth most"]


@family("apps.usage_rank", dimension="basic", category="reference", bucket="tool")
def usage_rank(ctx: Ctx) -> Draft:
    idx, _ordinal = ctx.pick("apps_ordinals")
    period = ctx.choice(["today", "week"])
    key = "today_min" if period == "today" else "week_min"
    ranked = sorted(
        (a for a in W["apps"].values() if (a.get("usage") or {}).get(key, 0)),
        key=lambda a: (-a["usage"][key], -a["usage"]["launches_" + period], a["id"]),
    )
    app = ranked[idx]
    act = ctx.choice(["cache", "mute"])
    said, tool, done = ACTS[act]
    query = ctx.say(
        ["{act} whichever app I've used {rank} {per}.", "find the app I spent {rank} time on {per} and {act2}.",
         "{act} the app I used {rank} {per}.", "look up which app I've been on {rank} {per}, then {act2}."],
        act=said, rank=RANK_WORDS[idx], per="today" if period == "today" else "this week",
        act2={"cache": "clear its cache", "mute": "turn off its notifications"}[act],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        gold={"calls": [{"name": tool, "arguments": {"app_id": app["id"]}}]},
        oracle=[
            calls(call("get_app_usage", period=period, limit=10)),
            calls(call(tool, app_id=app["id"])),
            f"That's {app['name']} ({app['usage'][key]} minutes {period if period == 'today' else 'this week'}); "
            f"I {done}.",
        ],
    )


@family("apps.history_update_all_but", dimension="basic", category="reference", bucket="state")
def history_update_all_but(ctx: Ctx) -> Draft:
    listed = ctx.pick_many("apps_updatable", 4)
    skip = ctx.choice(listed)
    store = W["store_apps"]
    lines = ", ".join(f"{a['name']} ({a['version']} → {store[a['id']]['version']})" for a in listed)
    query = ctx.say(
        ["update all of those except {x}.", "go ahead with everything but {x}.",
         "update them, but leave {x} alone.", "do the updates — skip {x} though."],
        x=skip["name"],
    )  # fmt: skip
    todo = [a for a in listed if a["id"] != skip["id"]]
    free = _free()
    delta = []
    for a in todo:
        free = _step(free, -(store[a["id"]]["size_mb"] - a["size_mb"]))
        delta.append({"table": "apps", "op": "update", "key": a["id"],
                      "fields": {"version": store[a["id"]]["version"], "size_mb": store[a["id"]]["size_mb"]}})  # fmt: skip
    return Draft(
        query=query,
        history=[
            {"role": "user", "content": "Do any of my apps have updates waiting?"},
            {"role": "assistant", "content": f"Yes, updates are available for {lines}."},
        ],
        gold={"delta": [*delta, free_entry(free)]},
        oracle=[
            calls(*(call("update_app", app_id=a["id"]) for a in todo)),
            f"Updated {and_list([a['name'] for a in todo])}; {skip['name']} stays on {skip['version']}.",
        ],
    )


#: A claim of having acted on one of the same-named apps before the user said which (uninstalled it,
#: cleared its cache, turned its notifications off, opened it).
APP_ACTED = false_claims("uninstalled", "removed", "deleted", "cleared", "emptied", "turned off", "switched off",
                         "disabled", "muted", "silenced", "opened", "launched")  # fmt: skip


@family("apps.ambiguous_app", dimension="basic", category="reference", bucket="behavior")
def ambiguous_app(ctx: Ctx) -> Draft:
    word = ctx.pick("apps_ambiguous_words")
    hits = [a for a in W["apps"].values() if "system" in a and not a["system"]
            and a["name"].split()[-1].lower() == word]  # fmt: skip
    act = ctx.choice(["uninstall", "clear the cache of", "turn off notifications for", "open"])
    query = ctx.say(
        ["{act} the {w} app.", "can you {act} my {w} app?", "{act} that {w} app of mine.",
         "please {act} the {w} one."],
        act=act, w=word,
    )  # fmt: skip
    names = [a["name"] for a in hits]
    return Draft(
        query=query,
        frictions=["ambiguity"],
        gold=rubric("question", *[[n.lower()] for n in names], avoid=APP_ACTED),
        oracle=[
            calls(call("list_apps")),
            f"You have {len(names)} {word} apps: {and_list(names)}. Which one do you mean?",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- revision
@family("apps.revise_install", dimension="basic", category="revision", bucket="tool")
def revise_install(ctx: Ctx) -> Draft:
    first, second = ctx.pick_many("apps_store_new", 2)
    query = ctx.say(
        ["install {a} — actually no, get {b} instead.", "download {a}... wait, I meant {b}.",
         "put {a} on my phone — scratch that, {b}.", "get me {a}. Hmm, no, make it {b}.",
         "install {a}, or no — {b} is the one I want.", "I need {a}; sorry, I mean {b}."],
        a=first["name"], b=second["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"calls": [{"name": "install_app", "arguments": {"store_app_id": second["id"]}}]},
        oracle=[
            calls(call("search_store_apps", query=second["name"])),
            calls(call("install_app", store_app_id=second["id"])),
            f"Installed {second['name']} (not {first['name']}).",
        ],
    )


@family("apps.uninstall_to_cache", dimension="basic", category="revision", bucket="tool")
def uninstall_to_cache(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_cached")
    query = ctx.say(
        ["uninstall {name} — actually, just clear its cache instead.",
         "get rid of {name}... no wait, I still use it. Clear the cache only.",
         "delete {name}. Hmm, on second thought, just wipe its cache.",
         "remove {name} — no, scratch that, clearing its cache is enough."],
        name=app["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"calls": [{"name": "clear_app_cache", "arguments": {"app_id": app["id"]}}]},
        oracle=[
            calls(call("clear_app_cache", app_id=app["id"])),
            f"I kept {app['name']} installed and cleared its {app['cache_mb']} MB cache.",
        ],
    )


@family("apps.mute_several", dimension="basic", category="revision", bucket="state")
def mute_several(ctx: Ctx) -> Draft:
    k = ctx.choice([2, 3])
    apps = ctx.pick_many("apps_notifying", k)
    query = ctx.say(
        ["turn off notifications for {apps}.", "mute {apps} — I'm tired of their alerts.",
         "no more notifications from {apps}, please.", "disable {apps} notifications."],
        apps=and_list([a["name"] for a in apps]),
    )  # fmt: skip
    delta = []
    for a in apps:
        delta.append({"table": "apps", "op": "update", "key": a["id"], "fields": switch_fields(a, False)})
        delta += [{"table": "notifications", "op": "delete", "key": n} for n in notif_ids(a["id"])]
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={"delta": delta},
        oracle=[
            calls(*(call("disable_app_notifications", app_id=a["id"]) for a in apps)),
            f"Notifications are off for {and_list([a['name'] for a in apps])}.",
        ],
    )


CLEANUP_PLANS = [
    "do the first and the third — fine to clear {app}'s cache.",
    "just the first two for now; leave {app} alone.",
    "all three, {app} included.",
    "only empty the recycle bin — don't touch {app}.",
    "the second and third ones; {app}'s cache can go.",
    "just the {app} cache, nothing else.",
    "1 and 3 please, the {app} cache is fine to lose.",
    "everything except the junk files, {app} too.",
]
CLEANUP_SETS = [
    {"junk", "cache"},
    {"junk", "bin"},
    {"junk", "bin", "cache"},
    {"bin"},
    {"bin", "cache"},
    {"cache"},
    {"junk", "cache"},
    {"bin", "cache"},
]


@family("apps.continue_cleanup", dimension="basic", category="revision", bucket="state")
def continue_cleanup(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_cached")
    if app["cache_mb"] < 300:
        raise Skip("too small a cache to offer")
    query = ctx.say(CLEANUP_PLANS, app=app["name"])
    chosen = CLEANUP_SETS[int((ctx.template or "#0").rsplit("#", 1)[1])]
    junk, trashed = junk_files(), bin_files()
    junk_mb = round(sum(f["size_mb"] for f in junk), 1)
    bin_mb = round(sum(f["size_mb"] for f in trashed), 1)
    offer = (f"I can 1) delete junk files ({junk_mb:g} MB), 2) empty the recycle bin ({bin_mb:g} MB), or "
             f"3) clear {app['name']}'s cache ({app['cache_mb']} MB). Which should I do?")  # fmt: skip
    delta: list[dict] = []
    turn = []
    free = _free()
    if "junk" in chosen:
        delta += [{"table": "files", "op": "delete", "key": f["id"]} for f in junk]
        turn.append(call("clear_junk_files"))
        free = _step(free, junk_mb)
    if "bin" in chosen:
        delta += [{"table": "files", "op": "delete", "key": f["id"]} for f in trashed]
        turn.append(call("clear_recycle_bin"))
        free = _step(free, bin_mb)
    if "cache" in chosen:
        delta.append({"table": "apps", "op": "update", "key": app["id"], "fields": {"cache_mb": 0}})
        turn.append(call("clear_app_cache", app_id=app["id"]))
        free = _step(free, app["cache_mb"])
    return Draft(
        query=query,
        frictions=["multi_intent"],
        history=[
            {
                "role": "user",
                "content": "My phone keeps saying storage is almost full. Help me free up space.",
            },
            {"role": "assistant", "content": offer},
        ],
        gold={"delta": [*delta, free_entry(free)]},
        oracle=[calls(*turn), f"Done — you now have {free:g} MB free."],
    )


@family("apps.close_and_open", dimension="basic", category="revision", bucket="tool")
def close_and_open(ctx: Ctx) -> Draft:
    first, second = ctx.pick_many("apps_installed", 2)
    query = ctx.say(
        ["close {a} and open {b}.", "switch me from {a} to {b}.", "quit {a}, then launch {b}.",
         "shut {a} and bring up {b}.", "I'm done with {a} — open {b} instead.", "exit {a} and start {b}."],
        a=first["name"], b=second["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        s0_patch=app_patch(first["id"], running=True),
        gold={"calls": [
            {"name": "close_app", "arguments": {"app_id": first["id"]}},
            {"name": "open_app", "arguments": {"app_id": second["id"]}},
        ], "any_order": True},
        oracle=[
            calls(call("close_app", app_id=first["id"]), call("open_app", app_id=second["id"])),
            f"Closed {first['name']} and opened {second['name']}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- recovery
#: A claim of having uninstalled the system app anyway.
UNINSTALLED_NOW = false_claims("uninstalled", "removed", "deleted", "got rid of")
#: That a system app cannot be uninstalled: "the system app is off your phone" names it too.
NOT_REMOVABLE = [*cannot("uninstall", "remove", "delete", "get rid", "be uninstalled", "be removed", "be deleted",
                         "do that"),
                 "not removable", "isn't removable", "non-removable", "not uninstallable", "can only be disabled",
                 "only disable", "only turn off", "only be disabled", "only be turned off", "part of the system",
                 "part of android", "part of the os", "required by", "needed by", "needs it", "protected"]  # fmt: skip


@family("apps.uninstall_system", dimension="basic", category="recovery", bucket="behavior")
def uninstall_system(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_system")
    query = ctx.say(
        ["uninstall {name}.", "get rid of the {name} app, I never use it.", "remove {name} from my phone.",
         "delete the {name} app completely.", "I want {name} gone — uninstall it.", "can you uninstall {name}?"],
        name=app["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold={"rubric": {"final_kind": "refusal", "forbid_mutations": True,
                         "must_include": [["system", "built-in", "built into", "built in", "pre-installed",
                                           "preinstalled"], NOT_REMOVABLE],
                         "must_not_include": UNINSTALLED_NOW}},
        oracle=[
            calls(call("uninstall_app", app_id=app["id"])),
            f"Sorry, I can't uninstall {app['name']} — it's a built-in system app. I can turn off its notifications "
            "or close it instead if you like.",
        ],
    )  # fmt: skip


#: A claim of having installed the incompatible app anyway.
INSTALLED_NOW = false_claims("installed", "downloaded", "added", "grabbed")
#: That the app cannot go on this phone: "compatible" and "requires" fit a made-up "it's installed" too.
NOT_INSTALLABLE = [*cannot("install", "download", "get", "put", "add", "grab", "run", "be installed", "do that"),
                   "not compatible", "isn't compatible", "incompatible", "not available", "isn't available",
                   "won't work", "won't run", "doesn't work", "doesn't run", "does not work", "does not run",
                   "doesn't meet", "does not meet", "too old", "too new", "only with", "only for", "only on",
                   "only available", "only runs", "only works", "not offered", "isn't offered", "not listed for",
                   "not made for", "isn't made for"]  # fmt: skip


@family("apps.install_incompatible", dimension="basic", category="recovery", bucket="behavior")
def install_incompatible(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_incompatible")
    query = ctx.say(
        ["install {name}.", "download {name} for me.", "get {name} from the app store.", "put {name} on my phone.",
         "can you install the {name} app?", "I need {name} — install it please.", "grab {name} for me.",
         "add {name} to my phone."],
        name=app["name"],
    )  # fmt: skip
    reason = app.get("incompatible_reason") or "it isn't compatible with this phone"
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold={"rubric": {"final_kind": "refusal", "forbid_mutations": True,
                         "must_include": [["compatible", "not available", "isn't available", "doesn't support",
                                           "not supported", "can't be installed", "cannot be installed",
                                           "won't work", "doesn't work", "only with", "incompatible",
                                           "unsupported", "isn't supported", "doesn't meet", "does not meet",
                                           "requirement", "requires", "required"], NOT_INSTALLABLE],
                         "must_not_include": INSTALLED_NOW}},
        oracle=[
            calls(call("search_store_apps", query=app["name"])),
            calls(call("install_app", store_app_id=app["id"])),
            f"Sorry, {app['name']} can't be installed on this phone: {reason}.",
        ],
    )  # fmt: skip


@family("apps.install_fault_retry", dimension="basic", category="recovery", bucket="tool")
def install_fault_retry(ctx: Ctx) -> Draft:
    app = ctx.pick("apps_store_new")
    query = ctx.say(
        ["please install {name}.", "I'd like the {name} app.", "install {name} on my phone.",
         "could you download {name}?"],
        name=app["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["runtime_error"],
        faults=[{"tool": "install_app", "on_calls": [1]}],
        gold={"calls": [{"name": "install_app", "arguments": {"store_app_id": app["id"]}}]},
        oracle=[
            calls(call("search_store_apps", query=app["name"])),
            calls(call("install_app", store_app_id=app["id"])),
            calls(call("install_app", store_app_id=app["id"])),
            f"The store hiccupped on the first try; the retry installed {app['name']}.",
        ],
    )


#: That the file cannot be restored: it is in neither the bin nor the folders. Not a bare "no longer" or
#: "gone": what a false "Restored, it's no longer in the recycle bin" says too.
PURGED = ["permanently", "for good", "purged", "emptied", "not in the recycle bin", "isn't in the recycle bin",
          "wasn't in the recycle bin", "not in your recycle bin", "isn't in your recycle bin", "not in the trash",
          "isn't in the trash", "wasn't in the trash", "not in your trash", "isn't in your trash",
          "couldn't find", "could not find", "can't find", "cannot find", "can not find", "didn't find",
          "did not find", "no file", "no such file", "not found", "no trace", "can't be restored",
          "cannot be restored", "couldn't be restored", "could not be restored", "can't be recovered",
          "cannot be recovered", "not recoverable", "unrecoverable", "nothing to restore",
          "bin is empty", "bin was empty", "trash is empty", "trash was empty", "can't restore", "cannot restore",
          "couldn't restore", "could not restore", "unable to restore", "not able to restore", "can't recover",
          "cannot recover", "couldn't recover", "could not recover", "unable to recover", "can't be brought back",
          "cannot be brought back", "couldn't locate", "could not locate", "can't locate", "cannot locate",
          "unable to locate", "unable to find", "isn't in any", "not in any", "isn't anywhere", "not anywhere",
          "nowhere", "no longer exists", "doesn't exist", "does not exist"]  # fmt: skip
#: A claim of having restored it (not "it's back" alone: "unless it's backed up somewhere" is none).
RESTORED = [*false_claims("restored", "recovered", "undeleted", "brought back", "put back", "moved back"),
            "it's back in", "it's back on", "it's back to", "it's back where", "it's back now", "it's back.",
            "it's back!", "it's back,", "is back in", "is now back", "it's now back"]  # fmt: skip


@family("apps.restore_purged", dimension="basic", category="recovery", bucket="behavior")
def restore_purged(ctx: Ctx) -> Draft:
    fid, said, q = ctx.pick("apps_named_files")
    if any(f["name"] == file_name(fid) for f in bin_files()):
        raise Skip("the bin holds a copy")
    query = ctx.say(
        ["restore {f} from the recycle bin.", "I trashed {f} last week — get it back please.",
         "can you pull {f} out of the trash?", "undelete {f} for me.", "bring {f} back from the recycle bin.",
         "I need {f} again; it should be in the trash."],
        f=said,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["state_mutation"],
        s0_patch={"files": {fid: None}},
        gold=rubric("answer", PURGED, avoid=RESTORED),
        oracle=[
            calls(call("list_files", query=q, in_recycle_bin=True)),
            calls(call("list_files", query=q)),
            f"I couldn't find {said} in the recycle bin or in your folders — it looks like it was permanently "
            "deleted, so there's nothing to restore.",
        ],
    )  # fmt: skip


#: A claim of having granted or revoked the permission for some app the user never named.
PERMISSION_CHANGED = false_claims("granted", "revoked", "given", "allowed", "enabled", "turned on", "switched on",
                                  "removed", "taken away", "disabled", "turned off", "switched off", "denied",
                                  "blocked")  # fmt: skip


@family("apps.grant_which_app", dimension="basic", category="recovery", bucket="behavior")
def grant_which_app(ctx: Ctx) -> Draft:
    _perm, word = ctx.pick("apps_permission_words")
    verb = ctx.choice(["grant", "revoke"])
    query = ctx.say(
        ["{verb} the {w} permission.", "please {verb} {w} access.", "{verb} {w} access for the app.",
         "can you {verb} the {w} permission real quick?", "go ahead and {verb} {w} permission.",
         "{verb} that {w} permission now."],
        verb=verb, w=word,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["missing_argument"],
        gold={"rubric": {"final_kind": "question", "forbid_mutations": True,
                         "must_include": [["which app", "what app", "which application", "what application",
                                           "which one", "which of your app", "which of the app",
                                           "which of your installed", "the app's name", "name of the app",
                                           "app name", "which program"]],
                         "must_not_include": PERMISSION_CHANGED}},
        oracle=[f"Which app should I {verb} the {word} permission {'to' if verb == 'grant' else 'from'}?"],
    )  # fmt: skip
