"""Audio & Entertainment: every tool's success and error paths, cross-domain links and the seeded world."""

from __future__ import annotations

from typing import Any

import pytest

from domain_harness import Check, DomainTests, Setup, call, fresh, offline, revoke, setting
from mpb_env.domains import media as media_mod
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import build_tables, load_world
from mpb_env.world.state import PhoneState

DOMAIN = "Audio & Entertainment"


def player(s: PhoneState) -> dict[str, Any]:
    rec = s.get("playback", "current")
    assert rec is not None
    return rec


# ------------------------------------------------------------------------ setups
def play_run(s: PhoneState) -> None:
    call(s, "play_media", {"playlist_id": "playlist_001"})


def play_radio(s: PhoneState) -> None:
    call(s, "play_media", {"media_id": "radio_001"})


def stopped(s: PhoneState) -> None:
    s.put("playback", "current", dict(media_mod._EMPTY_PLAYER))


def in_call(s: PhoneState) -> None:
    s.put("active_call", "current", {"id": "call_x", "contact_id": "contact_004", "phone": "+1 415 555 0104",
                                     "name": "Jordan Morgan", "direction": "out", "started": "2026-05-20T08:59:00"})  # fmt: skip


def bt_on(s: PhoneState) -> None:
    s.set_setting("network.bluetooth", True)


def bt_connected(s: PhoneState) -> None:
    bt_on(s)
    s.update("bluetooth_devices", "bt_001", connected=True)


def recording(s: PhoneState) -> None:
    call(s, "start_screen_recording", {})


def no_ambient(s: PhoneState) -> None:
    s.delete("ambient_audio", "current")


def quiet_ambient(s: PhoneState) -> None:
    s.update("ambient_audio", "current", loudness_db=25)


# ------------------------------------------------------------------------ success checks
def check_search_artist(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]
    assert {r["id"] for r in rows} == {"song_004", "song_005", "song_006", "song_030"}
    assert all(r["kind"] == "song" for r in rows)
    assert s.delta() == {}


def check_search_followed(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [r["id"] for r in fb["data"]] == ["pod_001", "pod_002", "pod_004"]


def check_search_exact_first(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"][0]["id"] == "song_008" and fb["data"][0]["title"] == "Night Market"
    assert "radio_001" not in [r["id"] for r in fb["data"]]


def check_list_playlists(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = {r["id"]: r for r in fb["data"]}
    assert rows["playlist_001"]["name"] == "Morning Run" and rows["playlist_001"]["track_count"] == 8
    assert rows["playlist_006"]["track_count"] == 0


def check_playlist_tracks(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [t["id"] for t in fb["data"]["tracks"]] == [
        "song_007",
        "song_008",
        "song_009",
        "song_024",
        "song_025",
    ]


def check_create_playlist(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("playlists", fb["data"]["id"])
    assert rec is not None and rec["name"] == "Sunday Chill" and rec["media_ids"] == ["song_020", "song_004"]
    assert s.delta()["playlists"][rec["id"]]["op"] == "create"


def check_update_playlist(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("playlists", "playlist_001")
    assert rec is not None and rec["name"] == "Morning Run 2026"
    assert rec["media_ids"][-1] == "song_014" and "song_012" not in rec["media_ids"]
    assert fb["data"]["added"] == ["song_014"] and fb["data"]["already_in"] == ["song_026"]


def check_rate(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("media", "song_014")
    assert rec is not None and rec["liked"] is True and rec["stars"] == 4
    assert set(s.delta()["media"]["song_014"]["changed"]) == {"liked", "stars"}


def check_follow(s: PhoneState, fb: dict[str, Any]) -> None:
    show = s.get("shows", "pod_003")
    assert show is not None and show["followed"] is True
    assert [e["id"] for e in fb["data"]["new_episodes"]] == ["ep_007", "ep_008"]


def check_unfollow_radio(s: PhoneState, fb: dict[str, Any]) -> None:
    show = s.get("shows", "radio_002")
    assert show is not None and show["followed"] is False


def check_now_playing(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert d["status"] == "paused" and d["item"]["id"] == "ep_002" and d["position_s"] == 1260
    assert [q["id"] for q in d["queue"]] == ["ep_009"] and d["queue_length"] == 2
    assert d["output"]["id"] == "speaker" and d["volume"] == 60
    assert s.delta() == {}


def check_play_playlist(s: PhoneState, fb: dict[str, Any]) -> None:
    st = player(s)
    assert st["status"] == "playing" and st["media_id"] == "song_026" and st["context"] == "playlist_001"
    assert st["queue"] == ["song_027", "song_028", "song_010", "song_011", "song_012", "song_013", "song_015"]
    assert st["history"] == ["ep_002"] and st["title"] == "Uphill Both Ways"


def check_play_podcast(s: PhoneState, fb: dict[str, Any]) -> None:
    assert (
        player(s)["media_id"] == "ep_005" and fb["data"]["item"]["title"] == "Sourdough Secrets from Tartine"
    )


def check_play_artist(s: PhoneState, fb: dict[str, Any]) -> None:
    st = player(s)
    assert st["media_id"] == "song_004" and st["queue"] == ["song_005", "song_006", "song_030"]
    assert st["context"] == "artist:Luna Vale"


def check_play_partial(s: PhoneState, fb: dict[str, Any]) -> None:
    assert player(s)["media_id"] == "song_007"


def check_play_audiobook(s: PhoneState, fb: dict[str, Any]) -> None:
    assert player(s)["position_s"] == 15320 and fb["data"]["position_s"] == 15320


def check_pause(s: PhoneState, fb: dict[str, Any]) -> None:
    st = player(s)
    assert st["status"] == "paused" and st["media_id"] == "song_026" and st["started_at"] is None
    assert st["position_s"] == 1


def check_resume(s: PhoneState, fb: dict[str, Any]) -> None:
    st = player(s)
    assert st["status"] == "playing" and st["media_id"] == "ep_002" and st["position_s"] == 1260


def check_skip_next(s: PhoneState, fb: dict[str, Any]) -> None:
    st = player(s)
    assert st["media_id"] == "song_028" and st["history"][-2:] == ["song_026", "song_027"]
    assert st["queue"][0] == "song_010"


def check_skip_prev(s: PhoneState, fb: dict[str, Any]) -> None:
    st = player(s)
    assert st["media_id"] == "ep_002" and st["queue"][0] == "song_026"
    assert st["position_s"] == 1260  # the episode resumes where it was left


def check_seek(s: PhoneState, fb: dict[str, Any]) -> None:
    assert player(s)["position_s"] == 600 and fb["data"]["position_s"] == 600


def check_seek_offset(s: PhoneState, fb: dict[str, Any]) -> None:
    assert player(s)["position_s"] == 1230


def check_mode(s: PhoneState, fb: dict[str, Any]) -> None:
    st = player(s)
    assert st["shuffle"] is True and st["repeat"] == "all"
    assert sorted(st["queue"]) == sorted(["song_027", "song_028", "song_010", "song_011", "song_012", "song_013",
                                          "song_015"])  # fmt: skip


def check_queue(s: PhoneState, fb: dict[str, Any]) -> None:
    assert player(s)["queue"] == ["song_007", "song_025", "ep_009", "ep_001"]
    assert fb["data"]["queue_length"] == 4


def check_output_bt(s: PhoneState, fb: dict[str, Any]) -> None:
    assert player(s)["output"] == "bt_001"
    assert fb["data"]["output"] == {"id": "bt_001", "name": "Sony WH-1000XM5", "type": "bluetooth"}


def check_output_speaker(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["output"]["id"] == "speaker" and s.delta() == {}


def check_volume(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("volume.media") == 35 and fb["data"]["previous"] == 60


def check_sleep(s: PhoneState, fb: dict[str, Any]) -> None:
    timer = s.get("timers", fb["data"]["id"])
    assert timer is not None and timer["status"] == "running" and timer["duration_s"] == 1800
    assert timer["ends_at"] == "2026-05-20T09:30:00" and player(s)["sleep_timer_id"] == timer["id"]


def check_photo(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("photos", fb["data"]["id"])
    assert rec is not None and rec["kind"] == "photo" and rec["mode"] == "portrait"
    assert rec["album"] == "album_001" and rec["location"] == "San Francisco" and rec["size_mb"] == 5.1
    base = load_world().tables["settings"]["storage.free_mb"]["value"]
    assert s.setting("storage.free_mb") == pytest.approx(base - 5.1)


def check_video(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("photos", fb["data"]["id"])
    assert rec is not None and rec["kind"] == "video" and rec["duration_s"] == 30 and rec["size_mb"] == 150.0
    assert rec["album"] == "album_002"


def check_screen_start(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("screen_recording", "current")
    assert rec is not None and rec["with_audio"] is True and rec["started_at"] == "2026-05-20T09:00:00"


def check_screen_stop(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("screen_recording", "current") is None
    rec = s.get("photos", fb["data"]["id"])
    assert rec is not None and rec["kind"] == "screen_recording" and rec["album"] == "album_screen"
    assert rec["duration_s"] == 1 and rec["mode"] == "screen"


def check_list_photos(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [p["id"] for p in fb["data"]] == ["photo_011", "photo_003", "photo_002"]
    assert all(p["album_name"] == "Family" for p in fb["data"])


def check_list_videos(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [p["id"] for p in fb["data"]] == ["photo_003"]


def check_album(s: PhoneState, fb: dict[str, Any]) -> None:
    aid = fb["data"]["id"]
    assert s.get("albums", aid)["name"] == "Emma's school play"  # type: ignore[index]
    assert s.get("photos", "photo_002")["album"] == aid  # type: ignore[index]
    assert s.get("photos", "photo_003")["album"] == aid  # type: ignore[index]


def check_share(s: PhoneState, fb: dict[str, Any]) -> None:
    msg = s.get("messages", fb["data"]["id"])
    assert msg is not None and msg["thread_id"] == "thread_contact_006" and msg["direction"] == "out"
    assert msg["text"] == "Emma at the park! [photo: IMG_20260517_162005_01.jpg]"
    shape = next(iter(load_world().tables["messages"].values()))
    assert set(msg) == set(shape)


def check_recognize(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert (d["title"], d["artist"], d["media_id"]) == ("Cobalt Rain", "Ivy Arcade", "song_014")
    assert s.get("song_recognitions", d["id"])["media_id"] == "song_014"  # type: ignore[index]


SUCCESS: list[tuple[str, str, dict[str, Any], Setup, Check]] = [
    ("search-artist", "search_media", {"query": "luna vale", "kind": "song"}, None, check_search_artist),
    ("search-followed", "search_media", {"kind": "podcast", "favorites_only": True}, None, check_search_followed),
    ("search-exact", "search_media", {"query": "Night Market", "kind": "song"}, None, check_search_exact_first),
    ("playlists", "list_playlists", {}, None, check_list_playlists),
    ("playlist-tracks", "list_playlists", {"playlist_id": "playlist_003"}, None, check_playlist_tracks),
    ("create-playlist", "create_playlist", {"name": "Sunday Chill", "media_ids": ["song_020", "song_004", "song_020"]},
     None, check_create_playlist),
    ("update-playlist", "update_playlist", {"playlist_id": "playlist_001", "add_media_ids": ["song_014", "song_026"],
     "remove_media_ids": ["song_012"], "name": "Morning Run 2026"}, None, check_update_playlist),
    ("rate", "rate_media", {"media_id": "song_014", "liked": True, "stars": 4}, None, check_rate),
    ("follow", "follow_show", {"show_id": "pod_003"}, None, check_follow),
    ("unfollow-radio", "follow_show", {"show_id": "radio_002", "follow": False}, None, check_unfollow_radio),
    ("now-playing", "get_now_playing", {"queue_limit": 1}, None, check_now_playing),
    ("play-playlist", "play_media", {"playlist_id": "playlist_001"}, None, check_play_playlist),
    ("play-podcast", "play_media", {"media_id": "pod_002"}, None, check_play_podcast),
    ("play-artist", "play_media", {"query": "Luna Vale"}, None, check_play_artist),
    ("play-partial", "play_media", {"query": "blue fog"}, None, check_play_partial),
    ("play-audiobook", "play_media", {"media_id": "book_001"}, None, check_play_audiobook),
    ("pause", "pause_playback", {}, play_run, check_pause),
    ("resume", "resume_playback", {}, None, check_resume),
    ("skip-next", "skip_track", {"count": 2}, play_run, check_skip_next),
    ("skip-prev", "skip_track", {"direction": "previous"}, play_run, check_skip_prev),
    ("seek", "set_playback_position", {"position_s": 600}, None, check_seek),
    ("seek-offset", "set_playback_position", {"offset_s": -30}, None, check_seek_offset),
    ("mode", "set_playback_mode", {"shuffle": True, "repeat": "all"}, play_run, check_mode),
    ("queue", "add_to_queue", {"media_ids": ["song_007", "song_025"], "play_next": True}, None, check_queue),
    ("output-bt", "set_playback_output", {"output": "bt_001"}, bt_connected, check_output_bt),
    ("output-speaker", "set_playback_output", {"output": "speaker"}, None, check_output_speaker),
    ("volume", "set_playback_volume", {"level": 35}, None, check_volume),
    ("sleep", "start_sleep_timer", {"minutes": 30}, None, check_sleep),
    ("photo", "take_photo", {"mode": "portrait", "album": "family"}, None, check_photo),
    ("video", "record_video", {"duration_s": 30, "mode": "slow_motion", "album": "album_002"}, None, check_video),
    ("screen-start", "start_screen_recording", {"with_audio": True}, None, check_screen_start),
    ("screen-stop", "stop_screen_recording", {}, recording, check_screen_stop),
    ("list-photos", "list_photos", {"album": "Family", "date_from": "2026-05-17", "date_to": "2026-05-18"}, None,
     check_list_photos),
    ("list-videos", "list_photos", {"kind": "video", "query": "dolores", "date_from": "2026-05-01"}, None, check_list_videos),
    ("album", "create_album", {"name": "Emma's school play", "photo_ids": ["photo_002", "photo_003"]}, None,
     check_album),
    ("share", "share_photo", {"photo_id": "photo_002", "contact_id": "contact_006", "caption": "Emma at the park!"},
     None, check_share),
    ("recognize", "recognize_song", {}, None, check_recognize),
]  # fmt: skip

ERRORS: list[tuple[str, str, dict[str, Any], Setup, str]] = [
    ("search-limit", "search_media", {"limit": 0}, None, "InvalidArguments"),
    ("playlist-missing", "list_playlists", {"playlist_id": "playlist_999"}, None, "NotFound"),
    ("create-dup", "create_playlist", {"name": "morning run"}, None, "AlreadyExists"),
    ("create-missing-track", "create_playlist", {"name": "X", "media_ids": ["song_999"]}, None, "NotFound"),
    ("create-show", "create_playlist", {"name": "X", "media_ids": ["pod_001"]}, None, "CapabilityLimit"),
    ("create-empty-name", "create_playlist", {"name": "  "}, None, "InvalidArguments"),
    ("update-nothing", "update_playlist", {"playlist_id": "playlist_001"}, None, "InvalidArguments"),
    ("update-remove-absent", "update_playlist", {"playlist_id": "playlist_001", "remove_media_ids": ["song_001"]},
     None, "NotFound"),
    ("update-rename-dup", "update_playlist", {"playlist_id": "playlist_001", "name": "Deep Focus"}, None,
     "AlreadyExists"),
    ("update-missing", "update_playlist", {"playlist_id": "playlist_999", "name": "X"}, None, "NotFound"),
    ("rate-nothing", "rate_media", {"media_id": "song_001"}, None, "InvalidArguments"),
    ("rate-stars", "rate_media", {"media_id": "song_001", "stars": 7}, None, "InvalidArguments"),
    ("rate-radio", "rate_media", {"media_id": "radio_001", "liked": True}, None, "CapabilityLimit"),
    ("rate-missing", "rate_media", {"media_id": "song_999", "liked": True}, None, "NotFound"),
    ("follow-again", "follow_show", {"show_id": "pod_001"}, None, "AlreadyExists"),
    ("unfollow-not", "follow_show", {"show_id": "pod_003", "follow": False}, None, "Conflict"),
    ("follow-missing", "follow_show", {"show_id": "pod_999"}, None, "NotFound"),
    ("now-limit", "get_now_playing", {"queue_limit": 0}, None, "InvalidArguments"),
    ("play-none", "play_media", {}, None, "InvalidArguments"),
    ("play-two", "play_media", {"media_id": "song_001", "playlist_id": "playlist_001"}, None, "InvalidArguments"),
    ("play-ambiguous", "play_media", {"query": "Home"}, None, "Ambiguous"),
    ("play-nomatch", "play_media", {"query": "Zebulon Polka"}, None, "NotFound"),
    ("play-missing", "play_media", {"media_id": "song_999"}, None, "NotFound"),
    ("play-empty-playlist", "play_media", {"playlist_id": "playlist_006"}, None, "PreconditionFailed"),
    ("play-radio-offline", "play_media", {"media_id": "radio_001"}, offline, "PreconditionFailed"),
    ("play-stream-offline", "play_media", {"media_id": "song_003"}, offline, "PreconditionFailed"),
    ("play-in-call", "play_media", {"media_id": "song_001"}, in_call, "Conflict"),
    ("pause-paused", "pause_playback", {}, None, "PreconditionFailed"),
    ("resume-playing", "resume_playback", {}, play_run, "Conflict"),
    ("resume-stopped", "resume_playback", {}, stopped, "PreconditionFailed"),
    ("resume-in-call", "resume_playback", {}, in_call, "Conflict"),
    ("skip-radio", "skip_track", {}, play_radio, "CapabilityLimit"),
    ("skip-no-prev", "skip_track", {"direction": "previous"}, None, "PreconditionFailed"),
    ("skip-end", "skip_track", {"count": 3}, None, "PreconditionFailed"),
    ("skip-count", "skip_track", {"count": 0}, None, "InvalidArguments"),
    ("seek-both", "set_playback_position", {"position_s": 1, "offset_s": 1}, None, "InvalidArguments"),
    ("seek-negative", "set_playback_position", {"position_s": -5}, None, "InvalidArguments"),
    ("seek-past-end", "set_playback_position", {"position_s": 9999}, None, "CapabilityLimit"),
    ("seek-radio", "set_playback_position", {"position_s": 10}, play_radio, "CapabilityLimit"),
    ("seek-stopped", "set_playback_position", {"position_s": 10}, stopped, "PreconditionFailed"),
    ("mode-nothing", "set_playback_mode", {}, None, "InvalidArguments"),
    ("queue-empty", "add_to_queue", {"media_ids": []}, None, "InvalidArguments"),
    ("queue-missing", "add_to_queue", {"media_ids": ["song_001", "song_999"]}, None, "NotFound"),
    ("queue-show", "add_to_queue", {"media_ids": ["radio_001"]}, None, "CapabilityLimit"),
    ("output-bt-off", "set_playback_output", {"output": "bt_001"}, None, "PreconditionFailed"),
    ("output-not-connected", "set_playback_output", {"output": "bt_004"}, bt_on, "PreconditionFailed"),
    ("output-keyboard", "set_playback_output", {"output": "bt_005"}, bt_on, "CapabilityLimit"),
    ("output-missing", "set_playback_output", {"output": "bt_999"}, bt_on, "NotFound"),
    ("volume-range", "set_playback_volume", {"level": 101}, None, "InvalidArguments"),
    ("sleep-zero", "start_sleep_timer", {"minutes": 0}, None, "InvalidArguments"),
    ("sleep-long", "start_sleep_timer", {"minutes": 721}, None, "CapabilityLimit"),
    ("sleep-stopped", "start_sleep_timer", {"minutes": 10}, stopped, "PreconditionFailed"),
    ("photo-perm", "take_photo", {}, revoke("camera", "CAMERA"), "PermissionDenied"),
    ("photo-full", "take_photo", {}, setting("storage.free_mb", 2.0), "PreconditionFailed"),
    ("photo-album", "take_photo", {"album": "Nope"}, None, "NotFound"),
    ("video-long", "record_video", {"duration_s": 3601}, None, "CapabilityLimit"),
    ("video-zero", "record_video", {"duration_s": 0}, None, "InvalidArguments"),
    ("video-mic", "record_video", {"duration_s": 10}, revoke("camera", "MICROPHONE"), "PermissionDenied"),
    ("video-full", "record_video", {"duration_s": 600}, setting("storage.free_mb", 500.0), "PreconditionFailed"),
    ("screen-twice", "start_screen_recording", {}, recording, "Conflict"),
    ("screen-full", "start_screen_recording", {}, setting("storage.free_mb", 50.0), "PreconditionFailed"),
    ("screen-stop-idle", "stop_screen_recording", {}, None, "PreconditionFailed"),
    ("photos-date", "list_photos", {"date_from": "May 3"}, None, "InvalidArguments"),
    ("photos-range", "list_photos", {"date_from": "2026-05-10", "date_to": "2026-05-01"}, None, "InvalidArguments"),
    ("photos-album", "list_photos", {"album": "Nope"}, None, "NotFound"),
    ("album-dup", "create_album", {"name": "family"}, None, "AlreadyExists"),
    ("album-photo", "create_album", {"name": "X", "photo_ids": ["photo_999"]}, None, "NotFound"),
    ("album-name", "create_album", {"name": ""}, None, "InvalidArguments"),
    ("share-big", "share_photo", {"photo_id": "photo_010", "contact_id": "contact_006"}, None, "CapabilityLimit"),
    ("share-airplane", "share_photo", {"photo_id": "photo_002", "contact_id": "contact_006"},
     setting("network.airplane_mode", True), "PreconditionFailed"),
    ("share-perm", "share_photo", {"photo_id": "photo_002", "contact_id": "contact_006"}, revoke("messages", "SMS"),
     "PermissionDenied"),
    ("share-contact", "share_photo", {"photo_id": "photo_002", "contact_id": "contact_999"}, None, "NotFound"),
    ("recognize-silence", "recognize_song", {}, no_ambient, "CapabilityLimit"),
    ("recognize-quiet", "recognize_song", {}, quiet_ambient, "CapabilityLimit"),
    ("recognize-offline", "recognize_song", {}, offline, "PreconditionFailed"),
    ("recognize-perm", "recognize_song", {}, revoke("assistant", "MICROPHONE"), "PermissionDenied"),
]  # fmt: skip


CASES = DomainTests(DOMAIN, SUCCESS, ERRORS, count=25)
test_success, test_error, test_every_tool_is_covered_and_base_world_unwritten, test_tool_contract = (
    CASES.tests()
)


# ------------------------------------------------------------------------ flows
def test_position_advances_with_the_clock_and_resume_point_is_saved() -> None:
    s = fresh()
    call(s, "resume_playback")  # 09:00:00, ep_002 at 1260 s
    s.ticks += 100
    assert call(s, "get_now_playing")["data"]["position_s"] == 1361
    call(s, "play_media", {"media_id": "song_001"})
    assert s.get("media", "ep_002")["position_s"] == 1362  # type: ignore[index]
    call(s, "play_media", {"media_id": "ep_002"})
    assert player(s)["position_s"] == 1362


def test_repeat_all_restarts_the_playlist() -> None:
    s = fresh()
    call(s, "play_media", {"playlist_id": "playlist_005"})
    call(s, "set_playback_mode", {"repeat": "all"})
    call(s, "skip_track", {"count": 3})
    assert player(s)["media_id"] == "song_030"
    call(s, "skip_track")
    assert player(s)["media_id"] == "song_004" and player(s)["queue"] == ["song_005", "song_006", "song_030"]


def test_shuffle_off_restores_playlist_order() -> None:
    s = fresh()
    call(s, "set_playback_mode", {"shuffle": True})
    call(s, "play_media", {"playlist_id": "playlist_001"})
    tracks = [player(s)["media_id"], *player(s)["queue"]]
    assert sorted(tracks) == sorted(s.get("playlists", "playlist_001")["media_ids"])  # type: ignore[index]
    call(s, "set_playback_mode", {"shuffle": False})
    order = s.get("playlists", "playlist_001")["media_ids"]  # type: ignore[index]
    assert player(s)["queue"] == [m for m in order if m in player(s)["queue"]]


def test_ambiguous_query_lists_candidates() -> None:
    s = fresh()
    fb = execute(s, "play_media", {"query": "home"})
    assert fb["error_type"] == "Ambiguous"
    assert {(c["id"], c["artist"]) for c in fb["data"]["candidates"]} == {
        ("song_004", "Luna Vale"),
        ("song_018", "Harbor Lights"),
    }


def test_recognize_then_like_and_add_to_playlist() -> None:
    s = fresh()
    mid = call(s, "recognize_song")["data"]["media_id"]
    call(s, "rate_media", {"media_id": mid, "liked": True})
    call(s, "update_playlist", {"playlist_id": "playlist_002", "add_media_ids": [mid]})
    assert s.get("playlists", "playlist_002")["media_ids"].count(mid) == 1  # type: ignore[index]
    s.put("ambient_audio", "current", {**media_mod.CORE_AMBIENT, "title": "Unknown Tune", "artist": "Nobody"})
    assert call(s, "recognize_song")["data"]["media_id"] is None


def test_storage_runs_out() -> None:
    s = fresh()
    s.set_setting("storage.free_mb", 10.0)
    call(s, "take_photo", {"mode": "night"})  # 6.3 MB
    assert s.setting("storage.free_mb") == pytest.approx(3.7)
    fb = execute(s, "take_photo", {"mode": "photo"})  # 4.2 MB does not fit
    assert fb["error_type"] == "PreconditionFailed" and fb["data"]["free_mb"] == pytest.approx(3.7)
    call(s, "take_photo", {"mode": "selfie"})  # 3.1 MB does
    assert s.setting("storage.free_mb") == pytest.approx(0.6)


def test_photo_without_location_permission_has_no_location() -> None:
    s = fresh()
    revoke("camera", "LOCATION")(s)
    assert call(s, "take_photo")["data"]["location"] is None


# ------------------------------------------------------------------------ cross-domain
def test_shared_photo_appears_in_the_messages_thread() -> None:
    s = fresh()
    mid = call(s, "share_photo", {"photo_id": "photo_009", "contact_id": "contact_006"})["data"]["id"]
    newest = call(s, "list_messages", {"contact_id": "contact_006", "limit": 1})["data"][0]
    assert newest["id"] == mid and "IMG_20260510_131500" in newest["text"]


def test_sleep_timer_pauses_playback_and_stop_timer_cancels_it() -> None:
    s = fresh()
    call(s, "play_media", {"media_id": "book_001"})
    tid = call(s, "start_sleep_timer", {"minutes": 1})["data"]["id"]
    s.ticks += 120
    now = call(s, "get_now_playing")["data"]
    assert now["status"] == "paused" and now["sleep_timer"] is None
    assert now["position_s"] == 15320 + 61  # started a second into playback, paused when it ran out
    s2 = fresh()
    call(s2, "play_media", {"media_id": "book_001"})
    tid = call(s2, "start_sleep_timer", {"minutes": 1})["data"]["id"]
    call(s2, "stop_timer", {"timer_id": tid})
    s2.ticks += 120
    assert call(s2, "get_now_playing")["data"]["status"] == "playing"


def test_new_sleep_timer_replaces_the_old_one() -> None:
    s = fresh()
    first = call(s, "start_sleep_timer", {"minutes": 10})["data"]["id"]
    second = call(s, "start_sleep_timer", {"minutes": 20})["data"]
    assert second["replaced_timer_id"] == first
    assert s.get("timers", first)["status"] == "stopped"  # type: ignore[index]


def test_bluetooth_output_follows_the_radio() -> None:
    s = fresh()
    call(s, "set_bluetooth_enabled", {"enabled": True})
    call(s, "connect_bluetooth_device", {"device_id": "bt_001"})
    call(s, "set_playback_output", {"output": "bt_001"})
    assert call(s, "get_now_playing")["data"]["output"]["name"] == "Sony WH-1000XM5"
    call(s, "set_bluetooth_enabled", {"enabled": False})
    assert call(s, "get_now_playing")["data"]["output"]["id"] == "speaker"


def test_volume_is_the_system_media_volume() -> None:
    s = fresh()
    call(s, "set_playback_volume", {"level": 0})
    assert s.setting("volume.media") == 0
    assert "media volume is 0" in call(s, "play_media", {"media_id": "song_001"})["message"]


def test_playback_record_mirrors_title_for_other_domains() -> None:
    s = fresh()
    call(s, "play_media", {"media_id": "radio_001"})
    rec = player(s)
    assert (rec["status"], rec["title"], rec["artist"]) == (
        "playing",
        "Bay Jazz 91.1 FM",
        "Bay Jazz Public Radio",
    )
    assert call(s, "get_now_playing")["data"]["position_s"] is None


# ------------------------------------------------------------------------ world
def test_core_world() -> None:
    t = load_world().tables
    assert t["media"]["song_014"]["title"] == "Cobalt Rain"
    assert t["ambient_audio"]["current"]["title"] == "Cobalt Rain"
    assert t["playback"]["current"]["media_id"] == "ep_002"
    assert {p["name"] for p in t["playlists"].values()} >= {"Morning Run", "Deep Focus", "Rainy Day"}
    assert t["apps"]["camera"]["permissions"]["CAMERA"] is True
    assert isinstance(t["settings"]["storage.free_mb"]["value"], int | float)
    assert len(t["photos"]) >= 500 and len(t["media"]) >= 400
    assert t["screen_recording"] == {}
    for p in t["photos"].values():
        assert p["album"] in t["albums"]
    for pl in t["playlists"].values():
        assert all(m in t["media"] for m in pl["media_ids"])


def test_core_identical_across_scales_and_deterministic() -> None:
    small, medium = build_tables("S"), build_tables("M")
    for table in ("media", "shows", "playlists", "photos", "albums"):
        core = [k for k in medium[table] if not k.split("_")[-1].isdigit() or int(k.split("_")[-1]) < 100]
        assert [small[table][k] for k in core] == [medium[table][k] for k in core], table
    assert small["playback"] == medium["playback"] and small["ambient_audio"] == medium["ambient_audio"]
    assert len(small["photos"]) < len(medium["photos"]) and len(small["media"]) < len(medium["media"])
    assert build_tables("M", seed=3)["media"] == build_tables("M", seed=3)["media"]



def test_a_player_playing_without_a_start_time_has_played_from_now() -> None:
    """A task may set the player playing in S0 without ``started_at`` (devices.cast_screen tasks do):
    the playback tools read it instead of failing with an internal error."""
    s = PhoneState(load_world("S"))
    s.put(
        "playback", "current", {**s.get("playback", "current"), "status": "playing", "media_id": "song_026"}
    )
    for name in ("get_now_playing", "pause_playback"):
        fb = execute(s, name, {})
        assert fb["status"] == "success", fb
    assert s.get("playback", "current")["status"] == "paused"


# ------------------------------------------------------------------------ Android 13 media permissions
def test_gallery_reads_photos_with_photos_videos_not_music_audio() -> None:
    s = fresh()
    revoke("gallery", "PHOTOS_VIDEOS")(s)
    for name, args in (("list_photos", {}), ("create_album", {"name": "Picnic", "photo_ids": ["photo_002"]})):
        fb = execute(s, name, args)
        assert fb["error_type"] == "PermissionDenied" and fb["data"]["permission"] == "PHOTOS_VIDEOS", fb
    # The audio half of the old storage permission does not let Gallery read photos.
    call(s, "grant_app_permission", {"app_id": "gallery", "permission": "READ_MEDIA_AUDIO"})
    assert execute(s, "list_photos", {})["error_type"] == "PermissionDenied"
    call(s, "grant_app_permission", {"app_id": "gallery", "permission": "android.permission.READ_MEDIA_IMAGES"})
    assert call(s, "list_photos", {})["data"]
    assert call(s, "create_album", {"name": "Picnic", "photo_ids": ["photo_002"]})["data"]["moved"] == ["photo_002"]


def test_search_media_repeats_follow_writes() -> None:
    """A repeated search gives fresh copies of the same rows; a rating written in the episode shows in
    the next search, and another episode still sees the unwritten library."""
    s = fresh()
    args = {"query": "luna vale", "kind": "song"}
    first = call(s, "search_media", args)["data"]
    assert first
    first[0]["liked"] = "changed"
    again = call(s, "search_media", args)["data"]
    assert [r["id"] for r in again] == [r["id"] for r in first] and again[0]["liked"] != "changed"
    target = again[0]
    call(s, "rate_media", {"media_id": target["id"], "liked": not target["liked"]})
    after = {r["id"]: r for r in call(s, "search_media", args)["data"]}
    assert after[target["id"]]["liked"] is (not target["liked"])
    other = {r["id"]: r for r in call(fresh(), "search_media", args)["data"]}
    assert other[target["id"]]["liked"] is target["liked"]


def test_list_photos_repeats_follow_writes() -> None:
    """A repeated listing is kept per task patch until the episode writes the gallery: a photo taken
    between two listings shows in the second, and another episode still sees the unwritten gallery."""
    s = fresh()
    first = call(s, "list_photos", {"limit": 100})["data"]
    assert call(s, "list_photos", {"limit": 100})["data"] == first
    taken = call(s, "take_photo")["data"]
    after = call(s, "list_photos", {"limit": 100})["data"]
    assert taken["id"] in [p["id"] for p in after] and taken["id"] not in [p["id"] for p in first]
    assert call(fresh(), "list_photos", {"limit": 100})["data"] == first


def test_play_media_query_follows_writes() -> None:
    """Library matches are kept per task patch until the episode writes the library: a playlist named
    like a track between two plays makes the name ambiguous, and another episode still plays it."""
    s = fresh()
    titles = [m["title"] for m in s.values("media")] + [r["title"] for r in s.values("shows")]
    song = next(m for m in s.values("media") if m["kind"] == "song" and titles.count(m["title"]) == 1
                and not any(m["title"].casefold() in t.casefold() for t in titles if t != m["title"]))  # fmt: skip
    assert call(s, "play_media", {"query": song["title"]})["data"]["item"]["id"] == song["id"]
    call(s, "create_playlist", {"name": song["title"]})
    fb = execute(s, "play_media", {"query": song["title"]})
    assert fb["error_type"] == "Ambiguous" and song["id"] in [c["id"] for c in fb["data"]["candidates"]]
    assert call(fresh(), "play_media", {"query": song["title"]})["data"]["item"]["id"] == song["id"]


def test_list_playlists_follows_writes() -> None:
    """The playlist rows are kept per task patch until the episode writes playlists or media: a
    playlist created between two listings shows in the second; another episode does not see it."""
    s = fresh()
    before = call(s, "list_playlists")["data"]
    made = call(s, "create_playlist", {"name": "Road trip"})["data"]
    after = call(s, "list_playlists")["data"]
    assert [r["id"] for r in after] == [r["id"] for r in before] + [made["id"]]
    assert call(fresh(), "list_playlists")["data"] == before
