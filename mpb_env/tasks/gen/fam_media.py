"""Template families over Audio & Entertainment: the library and player, camera, gallery and song recognition."""

from __future__ import annotations

from typing import Any

from mpb_env.tasks.build import any_of, call, calls, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family, fill
from mpb_env.tasks.gen.helpers import (
    base,
    cannot,
    false_claims,
    merge,
    revoked,
    rubric,
    setting_delta,
)

IGN = {"$ignore": True}
#: Saving into the default album: no album argument, or the Camera album by name or ID.
CAMERA_ALBUM = any_of(None, "Camera", "album_camera")
PLAYER_FIELDS = (
    "status", "media_id", "title", "artist", "position_s", "started_at", "queue", "history", "context",
    "shuffle", "repeat", "output", "sleep_timer_id",
)  # fmt: skip
STARTED = "2026-05-20T08:58:30"
#: What keeps a radio station from skipping or seeking: it is a live broadcast, not a queue of tracks.
RADIO_LIVE = ["live", "radio station", "station", "broadcast", "on air", "on the air", "listening to the radio",
              "is radio", "'s radio", "just radio", "radio stream", "streaming radio"]  # fmt: skip
#: ... and that it was not done (declining, or saying there is nothing to skip to). Not "sorry": "Sorry for
#: the wait: the next song is playing" holds it.
RADIO_NO_SKIP = ["can't", "cannot", "can not", "unable", "not able", "not possible", "isn't possible", "impossible",
                 "not supported", "isn't supported", "doesn't support", "don't support", "won't be able",
                 "not an option", "isn't an option",
                 "there's no", "there is no", "there are no", "no next", "no previous", "nothing to skip",
                 "nothing to rewind", "no way to", "not available", "isn't available", "aren't available",
                 "doesn't have", "does not have", "doesn't let", "does not let", "doesn't allow", "does not allow",
                 "not a playlist", "isn't a playlist", "no tracks", "no skipping", "no rewinding", "no seeking"]  # fmt: skip


def _player(**changes: Any) -> dict[str, dict[str, Any]]:
    """An S0 patch of the player: the base player with ``changes`` (title and artist follow the item)."""
    t = base()
    st = {**t["playback"]["current"], **changes}
    mid = st["media_id"]
    item = (t["media"].get(mid) or t["shows"].get(mid)) if mid else None
    st["title"] = None if item is None else item["title"]
    st["artist"] = None if item is None else item.get("artist", item.get("publisher"))
    return {"playback": {"current": st}}


def _playing(media_id: str, **changes: Any) -> dict[str, dict[str, Any]]:
    """An S0 patch: ``media_id`` has been playing for a little while (no queue)."""
    base = {"status": "playing", "media_id": media_id, "position_s": 20, "started_at": STARTED, "queue": [],
            "history": [], "context": None}  # fmt: skip
    return _player(**{**base, **changes})


def player_delta(**fields: Any) -> dict[str, Any]:
    """Gold delta entry: the player changed; only ``fields`` are checked."""
    return {"table": "playback", "op": "update", "key": "current",
            "fields": {**{k: IGN for k in PLAYER_FIELDS}, **fields}}  # fmt: skip


def _mmss(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def _poss(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _photo(pid: str, time: str, kind: str, mode: str, location: str, size: float, dur: int | None) -> dict:
    stamp = time.replace("-", "").replace(":", "").replace("T", "_")
    prefix, ext = ("IMG", "jpg") if kind == "photo" else ("VID", "mp4")
    return {"id": pid, "name": f"{prefix}_{stamp}_{int(pid[-2:]):02d}.{ext}", "time": time, "kind": kind,
            "mode": mode, "location": location, "size_mb": size, "album": "album_camera", "favorite": False,
            "duration_s": dur}  # fmt: skip


def _songs_of(artist: str) -> list[dict]:
    return sorted(
        (m for m in base()["media"].values()
         if m["kind"] == "song" and m["artist"] == artist and m["id"] <= "song_030" and m["title"] != "Home"),
        key=lambda m: m["id"],
    )  # fmt: skip


ARTISTS3 = [
    "The Marlowe Kites", "Desmond Ray Quartet", "Northbound Static", "Ivy Arcade", "Kaito Mori",
    "Atlas Rush", "Luna Vale",
]  # fmt: skip


def _newest_episode(show_id: str) -> str | None:
    eps = [m for m in base()["media"].values() if m["show_id"] == show_id]
    return max(eps, key=lambda m: (m["release_date"], m["id"]))["id"] if eps else None


# --------------------------------------------------------------------------- grounding
@family("media.play_song", dimension="basic", category="grounding", bucket="state", weight=2)
def play_song(ctx: Ctx) -> Draft:
    song = ctx.pick("media_songs")
    query = ctx.say(
        ["play {t} by {a}.", "put on {t} by {a}, please.", "I want to hear {t} by {a}.",
         "can you play the song {t} from {a}?", "start {ap} {t}.", "throw on {t} — the {a} one."],
        t=song["title"], a=song["artist"], ap=_poss(song["artist"]),
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [player_delta(media_id=song["id"], status="playing")]},
        oracle=[
            calls(call("search_media", query=song["title"], kind="song")),
            hermes(call("play_media", media_id=song["id"])),
            f"Playing {song['title']} by {song['artist']}.",
        ],
    )


@family("media.play_show", dimension="basic", category="grounding", bucket="tool")
def play_show(ctx: Ctx) -> Draft:
    show_id, spoken, search, kind = ctx.pick("media_show_refs")
    query = ctx.say(
        ["play {x}.", "put on {x}.", "can you start {x}?", "I'd like to listen to {x}.", "let's hear {x}.",
         "turn on {x} for me."],
        x=spoken,
    )  # fmt: skip
    show = base()["shows"][show_id]
    target = show_id if kind == "radio" else any_of(show_id, _newest_episode(show_id))
    return Draft(
        query=query,
        gold={"calls": [{"name": "play_media", "arguments": {"media_id": target}}]},
        oracle=[
            calls(call("search_media", query=search, kind=kind)),
            calls(call("play_media", media_id=show_id)),
            f"Playing {show['title']}.",
        ],
    )


@family("media.resume_listening", dimension="basic", category="grounding", bucket="state")
def resume_listening(ctx: Ctx) -> Draft:
    item = ctx.pick("media_resumables")
    minutes = item["duration_s"] // 60
    pos = ctx.rng.randrange(3, minutes - 3) * 60
    if item["kind"] == "audiobook":
        what = f"my audiobook {item['title']}"
    else:
        show = item["album"] if item["album"].startswith("The ") else f"the {item['album']}"
        what = f"{show} episode “{item['title']}”"
    query = ctx.say(
        ["pick up {w} where I left off.", "resume {w}.", "continue {w} from where I stopped.",
         "keep going with {w}.", "carry on with {w} — same spot as before.", "play {w} from where I paused it."],
        w=what,
    )  # fmt: skip
    patch = merge(
        {"media": {item["id"]: {**item, "position_s": pos}}},
        _player(status="paused", media_id=item["id"], position_s=pos, started_at=None, queue=[], history=[],
                context=None),
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=patch,
        gold={"delta": [player_delta(media_id=item["id"], status="playing", position_s=pos)]},
        oracle=[
            calls(call("get_now_playing")),
            calls(call("resume_playback")),
            f"Resuming {item['title']} at {_mmss(pos)}.",
        ],
    )


@family("media.take_photo", dimension="basic", category="grounding", bucket="tool")
def take_photo(ctx: Ctx) -> Draft:
    mode, shot = ctx.pick("media_shots")
    album_id, clause = ctx.pick("media_shot_albums")
    query = ctx.say(
        ["take {shot}{clause}.", "snap {shot}{clause}, please.", "can you grab {shot}{clause}?",
         "I need {shot}{clause}.", "quick, take {shot}{clause}!", "use the camera to take {shot}{clause}."],
        shot=shot, clause=clause,
    )  # fmt: skip
    args: dict[str, Any] = {"mode": mode}
    if album_id is None:
        album_gold: Any = CAMERA_ALBUM
        where = "Camera"
    else:
        where = base()["albums"][album_id]["name"]
        album_gold = any_of(album_id, where)
        args["album"] = where
    return Draft(
        query=query,
        gold={"calls": [{"name": "take_photo", "arguments": {"mode": mode, "album": album_gold}}]},
        oracle=[calls(call("take_photo", **args)), f"Got it — the {mode} photo is saved in {where}."],
    )


@family("media.record_video", dimension="basic", category="grounding", bucket="tool")
def record_video(ctx: Ctx) -> Draft:
    secs, length = ctx.pick("media_video_lengths")
    mode, what = ctx.pick("media_video_modes")
    subject = ctx.pick("media_video_subjects")
    query = ctx.say(
        ["record a {l} {w} of {s}.", "film {s} — a {l} {w}.", "take a {l} {w} of {s}.",
         "shoot a {l} {w} of {s} for me.", "capture {s} in a {l} {w}.", "grab a {l} {w} of {s}."],
        l=length, w=what, s=subject,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [{"name": "record_video",
                         "arguments": {"duration_s": secs, "mode": mode, "album": CAMERA_ALBUM}}]},
        oracle=[
            calls(call("record_video", duration_s=secs, mode=mode)),
            f"Recorded a {secs}-second {mode.replace('_', ' ')} video of {subject}; it's in your Camera album.",
        ],
    )  # fmt: skip


@family("media.seek_episode", dimension="basic", category="grounding", bucket="state")
def seek_episode(ctx: Ctx) -> Draft:
    phrase, how, value = ctx.pick("media_seeks")
    start = base()["playback"]["current"]["position_s"]
    target = max(0, start + value) if how == "offset" else value
    query = ctx.say(
        ["in this podcast, {p}.", "{p} in the episode I'm listening to.", "{p} on the podcast, please.",
         "can you {p} in this episode?", "podcast controls: {p}.", "for the episode that's paused, {p}."],
        p=phrase,
    )  # fmt: skip
    arg = {"offset_s": value} if how == "offset" else {"position_s": value}
    return Draft(
        query=query,
        gold={"delta": [player_delta(position_s=target)]},
        oracle=[
            calls(call("get_now_playing")),
            calls(call("set_playback_position", **arg)),
            f"The episode is now at {_mmss(target)}.",
        ],
    )


@family("media.album_from_outing", dimension="basic", category="grounding", bucket="tool")
def album_from_outing(ctx: Ctx) -> Draft:
    location, place, search, day, rel = ctx.pick("media_outings")
    name = ctx.pick("media_album_names")
    n = ctx.rng.randint(2, 4)
    photos = {}
    for k in range(n):
        pid = f"photo_9{k + 1:02d}"
        time = f"{day}T{11 + k}:{ctx.rng.randrange(60):02d}:00"
        photos[pid] = _photo(
            pid, time, "photo", ctx.choice(["photo", "photo", "portrait"]), location, 4.2, None
        )
    ids = sorted(photos)
    query = ctx.say(
        ["make an album called {name} with the photos from {place} {rel}.",
         "put the pictures from {place} {rel} into a new album named {name}.",
         "new album please — call it {name} and add the shots from {place} {rel}.",
         "I want an album named {name} with everything I shot around {place} {rel}.",
         "collect the photos from {place} {rel} in a new album called {name}.",
         "can you put my photos from {place} {rel} in a new album called {name}?"],
        name=name, place=place, rel=rel,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch={"photos": photos},
        gold={"calls": [{"name": "create_album", "arguments": {"name": name, "photo_ids": ids}}]},
        oracle=[
            calls(call("list_photos", query=search, date_from=day, date_to=day)),
            calls(call("create_album", name=name, photo_ids=ids)),
            f"Created the album {name} with the {n} photos from {place}.",
        ],
    )


# --------------------------------------------------------------------------- dependency
@family("media.album_photos_permission", dimension="basic", category="dependency", bucket="tool")
def album_photos_permission(ctx: Ctx) -> Draft:
    """Gallery lost Android 13's photos-and-videos permission (READ_MEDIA_IMAGES / READ_MEDIA_VIDEO):
    the album needs PHOTOS_VIDEOS back, not the music-and-audio half of the old storage permission."""
    location, place, search, day, rel = ctx.pick("media_outings")
    name = ctx.pick("media_album_names")
    n = ctx.rng.randint(2, 3)
    photos = {}
    for k in range(n):
        pid = f"photo_9{k + 1:02d}"
        time = f"{day}T{14 + k}:{ctx.rng.randrange(60):02d}:00"
        photos[pid] = _photo(pid, time, "photo", "photo", location, 4.2, None)
    ids = sorted(photos)
    query = ctx.say(
        ["gather my {place} photos from {rel} into an album named {name}.",
         "start a {name} album with what I photographed at {place} {rel}.",
         "file the {place} pictures from {rel} under a new album, {name}.",
         "album time: {name}, holding my {place} shots from {rel}.",
         "I'd like the {place} photos I took {rel} grouped as a new album called {name}.",
         "group the snaps from {place} {rel} into an album titled {name}."],
        name=name, place=place, rel=rel,
    )  # fmt: skip
    look = call("list_photos", query=search, date_from=day, date_to=day)
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=merge({"photos": photos}, revoked("gallery", "PHOTOS_VIDEOS")),
        gold={"calls": [
            {"name": "grant_app_permission", "arguments": {"app_id": "gallery", "permission": "PHOTOS_VIDEOS"}},
            {"name": "create_album", "arguments": {"name": name, "photo_ids": ids}},
        ]},
        oracle=[
            calls(look),
            calls(call("grant_app_permission", app_id="gallery", permission="PHOTOS_VIDEOS")),
            calls(look),
            calls(call("create_album", name=name, photo_ids=ids)),
            f"Gallery was missing its photos and videos permission; I granted it and created the album {name} "
            f"with the {n} photos from {place}.",
        ],
    )  # fmt: skip


@family("media.recognize_then_add", dimension="basic", category="dependency", bucket="tool")
def recognize_then_add(ctx: Ctx) -> Draft:
    song = ctx.pick("media_songs")
    playlist = ctx.pick("media_playlists")
    where, source = ctx.pick("media_sources")
    if song["id"] in playlist["media_ids"]:
        raise Skip("the song is already in the playlist")
    heard = {"title": song["title"], "artist": song["artist"], "album": song["album"], "year": song["year"],
             "genre": song["genre"], "source": source, "loudness_db": 62}  # fmt: skip
    query = ctx.say(
        ["what's this song playing {w}? Add it to my {p} playlist.",
         "identify the song {w} and put it on {p}.",
         "there's a great song {w} — figure out what it is and save it to my {p} playlist.",
         "name that tune {w}, then add it to {p}.",
         "listen to the song {w} and add it to the {p} playlist.",
         "what song is this {w}? Stick it in {p} for me."],
        w=where, p=playlist["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch={"ambient_audio": {"current": heard}},
        gold={"calls": [
            {"name": "recognize_song", "arguments": {}},
            {"name": "update_playlist", "arguments": {"playlist_id": playlist["id"], "add_media_ids": [song["id"]]}},
        ]},
        oracle=[
            calls(call("recognize_song")),
            calls(call("list_playlists")),
            calls(call("update_playlist", playlist_id=playlist["id"], add_media_ids=[song["id"]])),
            f"That's {song['title']} by {song['artist']} — I added it to {playlist['name']}.",
        ],
    )  # fmt: skip


@family("media.play_on_bluetooth", dimension="basic", category="dependency", bucket="state")
def play_on_bluetooth(ctx: Ctx) -> Draft:
    song = ctx.pick("media_songs")
    dev_id, spoken = ctx.pick("media_bt_audio")
    dev = base()["bluetooth_devices"][dev_id]
    patch = {} if dev["in_range"] else {"bluetooth_devices": {dev_id: {**dev, "in_range": True}}}
    query = ctx.say(
        ["play {t} on my {d}.", "I want to hear {t} through my {d}.", "put {t} on my {d}.",
         "play {t} by {a} through my {d}, please.", "get {t} going on my {d}.", "can you play {t} over my {d}?"],
        t=song["title"], a=song["artist"], d=spoken,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=patch,
        gold={"delta": [
            setting_delta("network.bluetooth", True),
            {"table": "bluetooth_devices", "op": "update", "key": dev_id,
             "fields": {"connected": True, "last_connected": IGN}},
            {"table": "pairing_log", "op": "create", "fields": {"device_id": dev_id, "event": "connect"}},
            player_delta(media_id=song["id"], status="playing", output=dev_id),
        ]},
        oracle=[
            calls(call("search_media", query=song["title"], kind="song")),
            calls(call("set_playback_output", output=dev_id)),
            calls(call("list_bluetooth_devices")),
            calls(call("set_bluetooth_enabled", enabled=True)),
            calls(call("connect_bluetooth_device", device_id=dev_id)),
            calls(call("set_playback_output", output=dev_id)),
            calls(call("play_media", media_id=song["id"])),
            f"Bluetooth was off, so I turned it on, connected your {dev['name']} and started {song['title']} on it.",
        ],
    )  # fmt: skip


@family("media.video_mic_permission", dimension="basic", category="dependency", bucket="tool")
def video_mic_permission(ctx: Ctx) -> Draft:
    secs, length = ctx.pick("media_video_lengths")
    mode, what = ctx.pick("media_video_modes")
    subject = ctx.pick("media_video_subjects")
    query = ctx.say(
        ["film {s} for me: a {l} {w}.", "record {s} — {l} {w}, please.", "get a {l} {w} of {s} on camera.",
         "I want a {l} {w} of {s}.", "start a {l} {w} of {s}.", "make a {l} {w} of {s}."],
        l=length, w=what, s=subject,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=revoked("camera", "MICROPHONE"),
        gold={"calls": [
            {"name": "grant_app_permission", "arguments": {"app_id": "camera", "permission": "MICROPHONE"}},
            {"name": "record_video", "arguments": {"duration_s": secs, "mode": mode, "album": CAMERA_ALBUM}},
        ]},
        oracle=[
            calls(call("record_video", duration_s=secs, mode=mode)),
            calls(call("grant_app_permission", app_id="camera", permission="MICROPHONE")),
            calls(call("record_video", duration_s=secs, mode=mode)),
            f"The Camera app couldn't use the microphone, so I granted that permission and recorded the "
            f"{secs}-second video of {subject}.",
        ],
    )  # fmt: skip


@family("media.screen_record_storage", dimension="basic", category="dependency", bucket="tool")
def screen_record_storage(ctx: Ctx) -> Draft:
    task = ctx.pick("media_screen_tasks")
    _cid, who, _term = ctx.pick("md_people")
    audio, clause = ctx.choice(
        [(True, " with sound"), (False, ""), (True, " with the mic on"), (False, " (no audio)")]
    )
    free = float(ctx.rng.randrange(35, 95))
    query = ctx.say(
        ["start a screen recording{c} — I want to show {who} how to {task}.",
         "record my screen{c} so {who} can see how to {task}.",
         "I need to show {who} how to {task}; start recording the screen{c}.",
         "begin a screen recording{c}, it's for {who}, about how to {task}."],
        c=clause, who=who, task=task,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch={"settings": {"storage.free_mb": {"value": free}}},
        gold={"calls": [
            {"name": "clear_junk_files", "arguments": {"include_app_caches": IGN}},
            {"name": "start_screen_recording", "arguments": {"with_audio": audio}},
        ]},
        oracle=[
            calls(call("start_screen_recording", with_audio=audio)),
            calls(call("clear_junk_files")),
            calls(call("start_screen_recording", with_audio=audio)),
            f"Storage was too low ({free:g} MB free), so I cleared junk files first; the screen recording is "
            "running now — tell me when to stop.",
        ],
    )  # fmt: skip


@family("media.stop_recording_share", dimension="basic", category="dependency", bucket="tool")
def stop_recording_share(ctx: Ctx) -> Draft:
    cid, who, term = ctx.pick("md_people")
    started = f"2026-05-20T08:58:{ctx.rng.randrange(0, 50):02d}"
    query = ctx.say(
        ["stop the screen recording and send it to {who}.", "ok, I'm done — end the screen recording and text it to {who}.",
         "finish recording my screen and share the video with {who}.", "stop recording and message the recording to {who}.",
         "wrap up the screen recording, then send it to {who}.", "end the screen capture and share it with {who} by text."],
        who=who,
    )  # fmt: skip
    name = base()["contacts"][cid]["name"]
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch={"screen_recording": {"current": {"started_at": started, "with_audio": ctx.choice([True, False])}}},
        gold={"calls": [
            {"name": "stop_screen_recording", "arguments": {}},
            {"name": "share_photo", "arguments": {"photo_id": "photo_n001", "contact_id": cid, "caption": IGN}},
        ]},
        oracle=[
            calls(call("stop_screen_recording")),
            calls(call("search_contacts", query=term)),
            calls(call("share_photo", photo_id="photo_n001", contact_id=cid, caption="Here's the screen recording.")),
            f"Stopped the recording and sent it to {name}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- reference
@family("media.rate_current_add", dimension="basic", category="reference", bucket="state")
def rate_current_add(ctx: Ctx) -> Draft:
    song = ctx.pick("media_songs")
    playlist = ctx.pick("media_playlists")
    field, value, rate = ctx.pick("media_ratings")
    if song["id"] in playlist["media_ids"] or song[field] == value:
        raise Skip("nothing to change")
    query = ctx.say(
        ["I love what's playing — {r} and add it to my {p} playlist.",
         "{R} — the song that's on now — and stick it in {p}.",
         "this song is great. {R}, and add it to {p} too.",
         "can you {r} and put this track on my {p} playlist?"],
        r=rate, R=_cap(rate), p=playlist["name"],
    )  # fmt: skip
    rate_args = {"liked": True} if field == "liked" else {"stars": value}
    return Draft(
        query=query,
        frictions=["obfuscation"],
        s0_patch=_playing(song["id"]),
        gold={"delta": [
            {"table": "media", "op": "update", "key": song["id"], "fields": {field: value}},
            {"table": "playlists", "op": "update", "key": playlist["id"],
             "fields": {"media_ids": [*playlist["media_ids"], song["id"]]}},
        ]},
        oracle=[
            calls(call("get_now_playing")),
            calls(call("list_playlists")),
            calls(call("rate_media", media_id=song["id"], **rate_args),
                  call("update_playlist", playlist_id=playlist["id"], add_media_ids=[song["id"]])),
            f"Done — {song['title']} by {song['artist']} is rated and added to {playlist['name']}.",
        ],
    )  # fmt: skip


@family("media.history_queue_ordinals", dimension="basic", category="reference", bucket="tool")
def history_queue_ordinals(ctx: Ctx) -> Draft:
    picks, phrase = ctx.pick("media_ordinals")
    artist = ctx.choice(ARTISTS3)
    songs = _songs_of(artist)[:3]
    play_next, where = ctx.choice([(True, " to play next"), (False, ""), (False, " at the end"),
                                   (True, " right after this one")])  # fmt: skip
    ids = [songs[i]["id"] for i in picks]
    query = ctx.say(
        ["queue up {o}{w}.", "add {o} to my queue{w}.", "put {o} in the queue{w}.", "line up {o}{w}, please."],
        o=phrase, w=where,
    )  # fmt: skip
    titles = ", ".join(s["title"] for s in songs[:2]) + f" and {songs[2]['title']}"
    return Draft(
        query=query,
        history=[
            {"role": "user", "content": f"What do I have by {artist}?"},
            {"role": "assistant", "content": f"You have a few {artist} songs in your library: {titles}."},
        ],
        gold={"calls": [{"name": "add_to_queue", "arguments": {"media_ids": ids, "play_next": play_next}}]},
        oracle=[
            calls(call("search_media", query=artist, kind="song")),
            calls(call("add_to_queue", media_ids=ids, play_next=play_next)),
            f"Queued {', '.join(base()['media'][i]['title'] for i in ids)}.",
        ],
    )


@family("media.share_photo_person", dimension="basic", category="reference", bucket="tool", weight=2)
def share_photo_person(ctx: Ctx) -> Draft:
    photo_id, desc, args = ctx.pick("media_photo_refs")
    cid, who, term = ctx.pick("md_people")
    query = ctx.say(
        ["send {who} {d}.", "text {d} to {who}.", "share {d} with {who}.", "can you message {who} {d}?",
         "shoot {d} over to {who}.", "forward {d} to {who} by text."],
        who=who, d=desc,
    )  # fmt: skip
    name = base()["contacts"][cid]["name"]
    return Draft(
        query=query,
        frictions=["obfuscation"],
        gold={"calls": [{"name": "share_photo",
                         "arguments": {"photo_id": photo_id, "contact_id": cid, "caption": IGN}}]},
        oracle=[
            calls(call("list_photos", **args)),
            calls(call("search_contacts", query=term)),
            hermes(call("share_photo", photo_id=photo_id, contact_id=cid)),
            f"Sent it to {name}.",
        ],
    )  # fmt: skip


@family("media.follow_current_show", dimension="basic", category="reference", bucket="state")
def follow_current_show(ctx: Ctx) -> Draft:
    ep = ctx.pick("media_episodes")
    field, value, rate = ctx.pick("media_ratings")
    show = base()["shows"][ep["show_id"]]
    patch = _player(status="paused", media_id=ep["id"], position_s=ep["position_s"], started_at=None, queue=[],
                    history=[], context=None)  # fmt: skip
    if show["followed"]:
        patch = merge(patch, {"shows": {show["id"]: {**show, "followed": False}}})
    query = ctx.say(
        ["I'm enjoying this podcast — follow the show and {r}.", "subscribe to the podcast I'm listening to, and {r}.",
         "follow this show, and {r} — this episode, I mean.", "can you follow whatever podcast this is and {r}?",
         "this episode is good: {r}, and subscribe to the show.", "follow the podcast that's on, then {r}.",
         "please {r} and follow the show it's from.", "I like this one. {R}, and follow the podcast."],
        r=rate, R=_cap(rate),
    )  # fmt: skip
    rate_args = {"liked": True} if field == "liked" else {"stars": value}
    return Draft(
        query=query,
        frictions=["obfuscation"],
        s0_patch=patch,
        gold={"delta": [
            {"table": "shows", "op": "update", "key": show["id"], "fields": {"followed": True}},
            {"table": "media", "op": "update", "key": ep["id"], "fields": {field: value}},
        ]},
        oracle=[
            calls(call("get_now_playing")),
            calls(call("search_media", query=ep["title"], kind="episode")),
            calls(call("search_media", query=show["title"], kind="podcast")),
            calls(call("follow_show", show_id=show["id"]), call("rate_media", media_id=ep["id"], **rate_args)),
            f"You're now following {show['title']}, and “{ep['title']}” is rated.",
        ],
    )  # fmt: skip


@family("media.skip_to_track", dimension="basic", category="reference", bucket="state")
def skip_to_track(ctx: Ctx) -> Draft:
    playlist = ctx.pick("media_playlists")
    tracks = playlist["media_ids"]
    if len(tracks) < 3:
        raise Skip("too short")
    k = ctx.rng.randint(1, min(4, len(tracks) - 1))
    media = base()["media"]
    first, target = media[tracks[0]], media[tracks[k]]
    query = ctx.say(
        ["skip ahead to {t}.", "jump to {t} in this playlist.", "go straight to {t}.", "skip to {t}, please.",
         "I want {t} now — skip to it.", "fast-forward the playlist to {t}."],
        t=target["title"],
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=_player(status="playing", media_id=tracks[0], position_s=0, started_at="2026-05-20T08:59:00",
                         queue=tracks[1:], history=[], context=playlist["id"]),
        history=[
            {"role": "user", "content": fill("Play my {p} playlist.", p=playlist["name"])},
            {"role": "assistant", "content": f"Playing {playlist['name']}, starting with {first['title']} by "
                                             f"{first['artist']}."},
        ],
        gold={"delta": [player_delta(media_id=target["id"], queue=tracks[k + 1:], status="playing")]},
        oracle=[
            calls(call("get_now_playing")),
            calls(call("skip_track", count=k)),
            f"Skipped ahead — {target['title']} is playing now.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- revision
@family("media.revise_playlist_target", dimension="basic", category="revision", bucket="tool")
def revise_playlist_target(ctx: Ctx) -> Draft:
    song = ctx.pick("media_songs")
    first, second = ctx.pick_many("media_playlists", 2)
    if song["id"] in second["media_ids"]:
        raise Skip("already there")
    query = ctx.say(
        ["add {t} to {a} — actually no, put it in {b} instead.", "put {t} on my {a} playlist... wait, I meant {b}.",
         "add {t} by {ar} to {a}. Sorry, make that {b}.", "save {t} to {a} — scratch that, {b}."],
        t=song["title"], ar=song["artist"], a=first["name"], b=second["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"calls": [{"name": "update_playlist",
                         "arguments": {"playlist_id": second["id"], "add_media_ids": [song["id"]]}}]},
        oracle=[
            calls(call("search_media", query=song["title"], kind="song"), call("list_playlists")),
            calls(call("update_playlist", playlist_id=second["id"], add_media_ids=[song["id"]])),
            f"Added {song['title']} to {second['name']}.",
        ],
    )  # fmt: skip


MODE_SPECS = [
    (True, "all", "shuffled and on repeat"), (True, "off", "on shuffle"),
    (False, "all", "in order, looping the whole thing"), (True, "all", "on shuffle, and loop it when it ends"),
]  # fmt: skip


@family("media.shuffle_repeat_playlist", dimension="basic", category="revision", bucket="state")
def shuffle_repeat_playlist(ctx: Ctx) -> Draft:
    playlist = ctx.pick("media_playlists")
    if not playlist["media_ids"]:
        raise Skip("empty playlist")
    shuffle, repeat, spec = ctx.choice(MODE_SPECS)
    query = ctx.say(
        ["play my {p} playlist {s}.", "put on {p} {s}, please.", "start {p} {s}.", "I want {p}, {s}."],
        p=playlist["name"], s=spec,
    )  # fmt: skip
    mode = {"shuffle": True} if shuffle else {}
    if repeat != "off":
        mode["repeat"] = repeat
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={
            "delta": [player_delta(context=playlist["id"], status="playing", shuffle=shuffle, repeat=repeat)]
        },
        oracle=[
            calls(call("list_playlists")),
            calls(call("set_playback_mode", **mode)),
            calls(call("play_media", playlist_id=playlist["id"])),
            f"Playing {playlist['name']} {spec}.",
        ],
    )


@family("media.revise_sleep_timer", dimension="basic", category="revision", bucket="tool")
def revise_sleep_timer(ctx: Ctx) -> Draft:
    (_a, first), (minutes, second) = ctx.pick_many("media_sleep", 2)
    song = ctx.pick("media_songs")
    query = ctx.say(
        ["set a sleep timer for {a} — actually, make it {b}.", "stop the music in {a}... no wait, {b}.",
         "turn the music off after {a}. Hmm, let's say {b} instead.", "sleep timer, {a}. Sorry — {b}."],
        a=first, b=second,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        s0_patch=_playing(song["id"]),
        gold={"calls": [{"name": "start_sleep_timer", "arguments": {"minutes": minutes}}]},
        oracle=[calls(call("start_sleep_timer", minutes=minutes)), f"The music will stop in {second}."],
    )


@family("media.continue_new_playlist", dimension="basic", category="revision", bucket="tool")
def continue_new_playlist(ctx: Ctx) -> Draft:
    name = ctx.pick("media_playlist_names")
    s1, s2, s3 = ctx.pick_many("media_songs", 3)
    pid = "playlist_901"
    record = {"id": pid, "name": name, "media_ids": [s1["id"], s2["id"]], "created_at": "2026-05-20T08:52:00",
              "updated_at": "2026-05-20T08:52:00"}  # fmt: skip
    query = ctx.say(
        ["yes, add {t} too.", "sure — throw in {t} by {a}.", "oh, and {t} as well.", "yeah, also put {t} on it.",
         "one more: {t}.", "add {ap} {t} to it, please."],
        t=s3["title"], a=s3["artist"], ap=_poss(s3["artist"]),
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch={"playlists": {pid: record}},
        history=[
            {"role": "user", "content": f"Make a playlist called {name} with {s1['title']} and {s2['title']}."},
            {"role": "assistant", "content": f"Done — {name} is ready with {s1['title']} and {s2['title']}. "
                                             "Want to add anything else?"},
        ],
        gold={"calls": [{"name": "update_playlist", "arguments": {"playlist_id": pid, "add_media_ids": [s3["id"]]}}]},
        oracle=[
            calls(call("search_media", query=s3["title"], kind="song"), call("list_playlists")),
            calls(call("update_playlist", playlist_id=pid, add_media_ids=[s3["id"]])),
            f"Added {s3['title']} to {name}.",
        ],
    )  # fmt: skip


@family("media.create_and_play", dimension="basic", category="revision", bucket="tool")
def create_and_play(ctx: Ctx) -> Draft:
    name = ctx.pick("media_playlist_names")
    s1, s2 = ctx.pick_many("media_songs", 2)
    query = ctx.say(
        ["make a playlist called {n} with {a} and {b}, then play it.",
         "create {n} — {a} and {b} — and start playing it.",
         "new playlist: {n}, with {a} and {b}. Put it on right away.",
         "build a {n} playlist from {a} and {b} and play it."],
        n=name, a=s1["title"], b=s2["title"],
    )  # fmt: skip
    ids = [s1["id"], s2["id"]]
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={"calls": [
            {"name": "create_playlist", "arguments": {"name": name, "media_ids": ids}},
            {"name": "play_media", "arguments": {"playlist_id": "playlist_n001"}},
        ]},
        oracle=[
            calls(call("search_media", query=s1["title"], kind="song"),
                  call("search_media", query=s2["title"], kind="song")),
            calls(call("create_playlist", name=name, media_ids=ids)),
            calls(call("play_media", playlist_id="playlist_n001")),
            f"Created {name} and started playing it with {s1['title']}.",
        ],
    )  # fmt: skip


@family("media.pause_and_volume", dimension="basic", category="revision", bucket="state")
def pause_and_volume(ctx: Ctx) -> Draft:
    song = ctx.pick("media_songs")
    level = ctx.pick("media_volumes")
    query = ctx.say(
        ["pause the music and set the volume to {v}.", "hold on, pause this and put the volume at {v} percent.",
         "pause playback, and change the media volume to {v}.", "pause this for a sec, and set the volume to {v}%."],
        v=level,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        s0_patch=_playing(song["id"]),
        gold={"delta": [player_delta(status="paused", media_id=song["id"]), setting_delta("volume.media", level)]},
        oracle=[
            calls(call("pause_playback"), call("set_playback_volume", level=level)),
            f"Paused {song['title']} and set the media volume to {level}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- recovery
#: A claim of having set the timer for the asked length anyway ("should I set it for 12 hours?" is an
#: offer, so not the bare "I set").
SLEEP_TIMER_SET = [*false_claims("set", "set up", bare=False),
                   *false_claims("started", "scheduled", "created", "added")]  # fmt: skip


@family("media.sleep_timer_too_long", dimension="basic", category="recovery", bucket="behavior")
def sleep_timer_too_long(ctx: Ctx) -> Draft:
    minutes, spoken = ctx.pick("media_sleep_too_long")
    query = ctx.say(
        ["set a sleep timer for {p}.", "stop the music automatically in {p}.", "turn my audiobook off after {p}.",
         "sleep timer: {p}, please.", "pause playback in {p}.", "keep playing for {p}, then stop."],
        p=spoken,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold=rubric("any", ["12 hours", "720", "twelve hours"], TIMER_CAP, avoid=SLEEP_TIMER_SET),
        oracle=[
            calls(call("start_sleep_timer", minutes=minutes)),
            f"Sorry, the sleep timer can run for at most 12 hours (720 minutes), so I can't set it for {spoken}. "
            "Want me to set it for 12 hours instead?",
        ],
    )  # fmt: skip


#: That the sleep timer cannot run that long: "it runs 12 hours plus 3 more" names the maximum too.
TIMER_CAP = [*cannot("set", "run", "go", "start", "do", "last", "make", "keep", "stop", "pause", "turn", "schedule"),
             "at most", "up to", "maximum", "max", "limit", "longest", "no more than", "no longer than", "only",
             "too long", "exceed", "caps", "capped", "tops out", "longer than", "more than", "beyond", "over the"]  # fmt: skip


#: A claim of having sent the video anyway. Not the passive: "nothing has been sent" is honest.
SHARED_NOW = false_claims("sent", "shared", "texted", "messaged", "attached", "forwarded", passive=False)
#: That the video is over the message limit: "squeezed under 100 MB, it's on its way" names the limit too.
TOO_BIG = [*cannot("send", "share", "attach", "text", "message", "forward", "do that", "go through", "fit"),
           "too big", "too large", "too long", "too heavy", "exceed", "over the", "more than", "above the",
           "bigger than", "larger than", "at most", "limit", "max", "up to", "won't fit", "doesn't fit",
           "only", "won't go through", "over 100", "no more than", "above 100", "capped", "caps", "cap of",
           "nothing has been sent", "nothing was sent", "not sent", "haven't sent", "didn't send", "did not send",
           "hasn't been sent", "wasn't sent"]  # fmt: skip


@family("media.share_too_large", dimension="basic", category="recovery", bucket="behavior")
def share_too_large(ctx: Ctx) -> Draft:
    location, place, search, day, rel = ctx.pick("media_outings")
    cid, who, term = ctx.pick("md_people")
    dur = ctx.rng.randrange(60, 150)
    size = round(dur * 2.2, 1)
    pid = "photo_951"
    video = _photo(pid, f"{day}T15:{ctx.rng.randrange(60):02d}:00", "video", "video", location, size, dur)
    query = ctx.say(
        ["text {who} the video from {place} {rel}.", "send the video I shot at {place} {rel} to {who}.",
         "message {who} the video I took at {place} {rel}.", "can you send {who} that video from {place} {rel}?"],
        who=who, place=place, rel=rel,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        s0_patch={"photos": {pid: video}},
        gold=rubric("any", ["100 mb", "100mb", "100 megabytes"], TOO_BIG, avoid=SHARED_NOW),
        oracle=[
            calls(call("list_photos", query=search, kind="video", date_from=day, date_to=day)),
            calls(call("search_contacts", query=term)),
            calls(call("share_photo", photo_id=pid, contact_id=cid)),
            f"I can't send it by message: the {place} video is {size:g} MB and messages carry at most 100 MB. "
            "I could send a shorter clip instead if you record one.",
        ],
    )  # fmt: skip


@family("media.play_fault_retry", dimension="basic", category="recovery", bucket="tool")
def play_fault_retry(ctx: Ctx) -> Draft:
    song = ctx.pick("media_songs")
    query = ctx.say(
        ["play {t}, the song by {a}.", "I'd love to hear {t} by {a} right now.", "{t} by {a}, please — play it.",
         "could you play {ap} song {t}?", "music time: {t} by {a}.", "let's listen to {t} from {a}."],
        t=song["title"], a=song["artist"], ap=_poss(song["artist"]),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["runtime_error"],
        faults=[{"tool": "play_media", "on_calls": [1]}],
        gold={"calls": [{"name": "play_media", "arguments": {"media_id": song["id"]}}]},
        oracle=[
            calls(call("search_media", query=song["title"], kind="song")),
            calls(call("play_media", media_id=song["id"])),
            calls(call("play_media", media_id=song["id"])),
            f"The player hiccuped on the first try; {song['title']} is playing now.",
        ],
    )


#: A claim of having skipped or sought on the live station anyway.
SKIPPED_NOW = false_claims("skipped", "rewound", "fast-forwarded", "jumped", "moved it", "gone back", "went back",
                           "restarted", "started it over", "played the next", "played the previous")  # fmt: skip


@family("media.radio_no_skip", dimension="basic", category="recovery", bucket="behavior")
def radio_no_skip(ctx: Ctx) -> Draft:
    station = ctx.pick("media_stations")
    request, tool, args = ctx.pick("media_radio_requests")
    query = ctx.say(
        ["{r}.", "can you {r}?", "{r} — this one's boring.", "ugh, {r}.", "please {r}.", "hey, {r} for me."],
        r=request,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        s0_patch=_playing(station["id"], position_s=0, started_at="2026-05-20T08:40:00"),
        # declining may take the form of a question ("... want one of your playlists instead?")
        gold=rubric("any", RADIO_LIVE, RADIO_NO_SKIP, avoid=SKIPPED_NOW),
        oracle=[
            calls(call("get_now_playing")),
            calls(call(tool, **args)),
            f"Sorry, you're listening to {station['title']}, which is live radio, so I can't skip or seek. "
            "I can switch to one of your playlists if you like.",
        ],
    )


#: That the playlist is no longer there: a bare question naming it ("Morning Run?") says nothing of it.
PLAYLIST_GONE = ["no longer", "deleted", "removed", "can't find", "cannot find", "couldn't find", "could not find",
                 "can't see", "don't see", "didn't find", "did not find", "not find", "gone", "missing", "anymore",
                 "any more", "doesn't exist", "does not exist", "isn't there", "not there", "not in your",
                 "isn't in your", "there's no", "there is no", "no playlist", "not found", "no match",
                 "not listed", "isn't listed", "not showing", "doesn't show up", "don't have", "do not have"]  # fmt: skip
#: A claim of having added the song (to the playlist that is gone, or to a new one: creating it is asked
#: first). "Deleted" or "removed" is the fact, so not among them.
ADDED_NOW = [*false_claims("added", "included", "saved", "created", "queued", "thrown"),
             *false_claims("put", bare=False)]  # fmt: skip


@family("media.playlist_deleted", dimension="basic", category="recovery", bucket="behavior")
def playlist_deleted(ctx: Ctx) -> Draft:
    playlist = ctx.pick("media_playlists")
    song = ctx.pick("media_songs")
    if song["id"] in playlist["media_ids"]:
        raise Skip("already in it")
    media = base()["media"]
    tracks = [media[m]["title"] for m in playlist["media_ids"]]
    if tracks:
        said = f"{playlist['name']} has {len(tracks)} songs, starting with {tracks[0]} and {tracks[1]}."
    else:
        said = f"{playlist['name']} is empty right now."
    query = ctx.say(
        ["add {t} to it.", "put {t} by {a} on there too.", "ok, add {t} to that playlist.",
         "throw {t} on it as well."],
        t=song["title"], a=song["artist"],
    )  # fmt: skip
    name = playlist["name"]
    return Draft(
        query=query,
        frictions=["state_mutation"],
        s0_patch={"playlists": {playlist["id"]: None}},
        history=[
            {"role": "user", "content": fill("What's on my {p} playlist?", p=name)},
            {"role": "assistant", "content": said},
        ],
        gold=rubric("question", [name.lower()], PLAYLIST_GONE, avoid=ADDED_NOW),
        oracle=[
            calls(call("list_playlists"), call("search_media", query=song["title"], kind="song")),
            f"I can't find your {name} playlist anymore — it looks like it was deleted. Should I create a new "
            f"{name} playlist with {song['title']}?",
        ],
    )  # fmt: skip


#: A claim of having recorded it already (of a length the user never gave).
RECORDED_NOW = false_claims("recorded", "filmed", "captured", "taken", "shot", "started recording",
                            "started filming", "started the recording")  # fmt: skip


@family("media.video_no_length", dimension="basic", category="recovery", bucket="behavior")
def video_no_length(ctx: Ctx) -> Draft:
    _mode, what = ctx.pick("media_video_modes")
    subject = ctx.pick("media_video_subjects")
    query = ctx.say(
        ["record a {w} of {s}.", "take a {w} of {s} for me.", "shoot a {w} of {s}.", "get a {w} of {s}, please."],
        w=what, s=subject,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["missing_argument"],
        gold=rubric("question", ["how long", "length", "duration"], avoid=RECORDED_NOW),
        oracle=[f"Sure — how long should the {what} of {subject} be? Give me a length in seconds or minutes "
                "(up to an hour)."],
    )  # fmt: skip
