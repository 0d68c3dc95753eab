"""Audio & Entertainment: the media library and player, camera, gallery, screen recording and song recognition.

Tables:
    media: ``{media_id: {"id", "kind": "song"|"episode"|"audiobook", "title", "artist", "album", "genre",
        "year", "duration_s", "liked", "stars": 0..5, "downloaded", "position_s", "show_id",
        "release_date"}}``. ``artist`` is the host of an episode and the author of an audiobook, ``album``
        the show or book series; ``position_s`` is the saved resume point of episodes and audiobooks (0 for
        songs); ``show_id``/``release_date`` are set for episodes only. Core IDs: ``song_001``..``song_030``,
        ``ep_001``..``ep_012``, ``book_001``..``book_003``; generated songs are ``song_101``...
    shows: ``{show_id: {"id", "kind": "podcast"|"radio", "title", "publisher", "genre", "followed",
        "frequency"}}`` (``frequency`` like ``"91.1 FM"`` for radio, ``None`` for podcasts). Core IDs
        ``pod_001``..``pod_005`` and ``radio_001``..``radio_004``.
    playlists: ``{playlist_id: {"id", "name", "media_ids": [media_id], "created_at", "updated_at"}}``;
        names are unique (case-insensitive). Core ``playlist_001``..``playlist_006``; generated ``playlist_101``...
    playback: ``{"current": {"status": "playing"|"paused"|"stopped", "media_id", "title", "artist",
        "position_s", "started_at", "queue": [media_id], "history": [media_id], "context", "shuffle",
        "repeat": "off"|"one"|"all", "output": "speaker" | device_id, "sleep_timer_id"}}`` (the player;
        ``title``/``artist`` mirror the current item for other domains, e.g. casting media). While playing, the live position is
        ``position_s`` plus the simulated seconds since ``started_at``; a running sleep timer (a record of the
        Time Management ``timers`` table) that has ended reads as paused. ``media_id`` may name a radio
        station of ``shows`` (live: no position, no skipping).
    albums: ``{album_id: {"id", "name", "created_at"}}``; ``album_camera`` ("Camera") and ``album_screen``
        ("Screen recordings") are the defaults, ``album_001``..``album_003`` are user albums.
    photos: ``{photo_id: {"id", "name", "time", "kind": "photo"|"video"|"screen_recording", "mode",
        "location", "size_mb", "album", "favorite", "duration_s"}}``; ``album`` is an album ID,
        ``location`` is ``None`` when the Camera app may not read the location, ``duration_s`` is ``None``
        for stills. Core ``photo_001``..``photo_012``; generated ``photo_101``...
    screen_recording: ``{"current": {"started_at", "with_audio"}}`` while the screen is being recorded;
        ``"consent": {"answer": "allow"|"decline"}``, the user's answer to the consent dialog Android shows
        for every capture session (MediaProjection; "Start now" / "Cancel"), a task's S0 sets it and the
        tools never write it; absent, the user allows.
    ambient_audio: ``{"current": {"title", "artist", "album", "year", "genre", "source", "loudness_db"}}``
        when music is playing around the phone (what ``recognize_song`` hears); empty for silence.
    song_recognitions: ``{rec_id: {"id", "time", "title", "artist", "album", "media_id"}}``.

Cross-domain: captures take their size from Apps & Storage's ``storage.free_mb`` (MB, seeded here only if
missing) and need the Camera app's permissions (``camera``, seeded here only if missing); playback volume is
``volume.media`` (0..100); the output reads ``network.bluetooth`` and the ``bluetooth_devices`` table of
Network & Connectivity (a connected headphones/earbuds/speaker/car device); the sleep timer is a record of
Time Management's ``timers``; sharing writes Calls & Communication's ``messages``; playback refuses to start
during an ``active_call``; recognition needs the Assistant app's MICROPHONE and a connection.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
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
from mpb_env.tools.runtime import Ok, check_permission, ok, tool
from mpb_env.world.state import PhoneState, Record, Tables

DOMAIN = "Audio & Entertainment"
#: Reading photos and videos needs READ_MEDIA_IMAGES / READ_MEDIA_VIDEO (PHOTOS_VIDEOS) from Android 13.
GALLERY = ("gallery", "PHOTOS_VIDEOS")
SEED_ORDER = 60

MediaKind = Literal["song", "episode", "audiobook", "podcast", "radio"]
Repeat = Literal["off", "one", "all"]
PhotoMode = Literal["photo", "portrait", "night", "panorama", "selfie"]
VideoMode = Literal["video", "slow_motion", "time_lapse", "cinematic"]
CaptureKind = Literal["photo", "video", "screen_recording"]
Direction = Literal["next", "previous"]

CAMERA = ("camera", "CAMERA")
MAX_LIMIT = 100
MAX_QUEUE = 500
MAX_SLEEP_MIN = 720
MAX_VIDEO_S = 3600
MAX_MMS_MB = 100.0
MIN_RECOGNIZE_DB = 40
SCREEN_MIN_FREE_MB = 100
FREE_MB = 18500.0
PHOTO_MB: dict[str, float] = {"photo": 4.2, "portrait": 5.1, "night": 6.3, "panorama": 14.8, "selfie": 3.1}
VIDEO_MB_PER_S: dict[str, float] = {"video": 2.2, "slow_motion": 5.0, "time_lapse": 0.3, "cinematic": 3.5}
SCREEN_MB_PER_S = 0.6
AUDIO_DEVICE_TYPES = frozenset({"headphones", "earbuds", "headset", "speaker", "car"})
_EMPTY_PLAYER: Record = {
    "status": "stopped",
    "media_id": None,
    "title": None,
    "artist": None,
    "position_s": 0,
    "started_at": None,
    "queue": [],
    "history": [],
    "context": None,
    "shuffle": False,
    "repeat": "off",
    "output": "speaker",
    "sleep_timer_id": None,
}

# --------------------------------------------------------------------------- world
# (title, artist, album, genre, year, duration_s, liked, stars, downloaded)
CORE_SONGS: list[tuple[str, str, str, str, int, int, bool, int, bool]] = [
    ("Golden Hour Drive", "The Marlowe Kites", "Paper Satellites", "indie", 2024, 224, True, 5, True),
    ("Paper Satellites", "The Marlowe Kites", "Paper Satellites", "indie", 2024, 251, False, 0, True),
    ("Harbor Lights", "The Marlowe Kites", "Low Tide Radio", "indie", 2021, 198, False, 0, False),
    ("Home", "Luna Vale", "Glasshouse", "pop", 2025, 187, True, 4, True),
    ("Sugar Static", "Luna Vale", "Glasshouse", "pop", 2025, 203, False, 0, True),
    ("Cartwheels", "Luna Vale", "Glasshouse", "pop", 2025, 176, True, 0, True),
    ("Blue Fog Blues", "Desmond Ray Quartet", "Night Market", "jazz", 2019, 342, True, 5, True),
    ("Night Market", "Desmond Ray Quartet", "Night Market", "jazz", 2019, 298, False, 0, False),
    ("Late Tram", "Desmond Ray Quartet", "Night Market", "jazz", 2019, 315, False, 0, False),
    ("Overpass", "Northbound Static", "Signal Fires", "rock", 2022, 232, True, 0, True),
    ("Signal Fires", "Northbound Static", "Signal Fires", "rock", 2022, 267, False, 0, True),
    ("Redline", "Northbound Static", "Signal Fires", "rock", 2022, 209, False, 0, True),
    ("Pulse Garden", "Ivy Arcade", "Neon Botany", "electronic", 2023, 244, False, 0, True),
    ("Cobalt Rain", "Ivy Arcade", "Neon Botany", "electronic", 2023, 281, False, 0, False),
    ("Lanterns", "Ivy Arcade", "Neon Botany", "electronic", 2023, 236, True, 0, True),
    ("Mar Abierto", "Sol Rivera", "Costa Norte", "latin", 2024, 219, False, 0, True),
    ("Bailando Sola", "Sol Rivera", "Costa Norte", "latin", 2024, 201, False, 0, False),
    ("Home", "Harbor Lights", "Kindling", "folk", 2020, 254, False, 0, True),
    ("Kindling", "Harbor Lights", "Kindling", "folk", 2020, 233, False, 0, True),
    ("Ferry Morning", "Harbor Lights", "Kindling", "folk", 2020, 212, True, 4, True),
    ("Study Loop No. 4", "Kaito Mori", "Quiet Hours", "lo-fi", 2025, 148, False, 0, True),
    ("Window Seat", "Kaito Mori", "Quiet Hours", "lo-fi", 2025, 162, True, 0, True),
    ("Tea at Noon", "Kaito Mori", "Quiet Hours", "lo-fi", 2025, 155, False, 0, True),
    ("Velvet Alibi", "Ruby & The Wolves", "Midnight Service", "soul", 2021, 238, False, 0, True),
    ("Second Chance Diner", "Ruby & The Wolves", "Midnight Service", "soul", 2021, 226, True, 5, True),
    ("Uphill Both Ways", "Atlas Rush", "Mile Markers", "hip-hop", 2023, 195, True, 0, True),
    ("Mile Markers", "Atlas Rush", "Mile Markers", "hip-hop", 2023, 207, False, 0, True),
    ("Sprint Count", "Atlas Rush", "Mile Markers", "hip-hop", 2023, 184, False, 0, True),
    ("Tidepool", "The Marlowe Kites", "Low Tide Radio", "indie", 2021, 241, False, 0, False),
    ("Dance Like Nobody", "Luna Vale", "Glasshouse", "pop", 2025, 192, False, 0, True),
]  # fmt: skip

# (id, kind, title, publisher, genre, followed, frequency)
CORE_SHOWS: list[tuple[str, str, str, str, str, bool, str | None]] = [
    ("pod_001", "podcast", "The Daily Build", "Circuit Media", "technology", True, None),
    ("pod_002", "podcast", "Bay Area Bites", "Fogline Audio", "food", True, None),
    ("pod_003", "podcast", "Parenting Unplugged", "Kite Street Studios", "family", False, None),
    ("pod_004", "podcast", "Market Minute", "Ledger Radio", "business", True, None),
    ("pod_005", "podcast", "History Hour", "Longview Podcasts", "history", False, None),
    ("radio_001", "radio", "Bay Jazz 91.1 FM", "Bay Jazz Public Radio", "jazz", True, "91.1 FM"),
    ("radio_002", "radio", "Pacific News 88.5 FM", "Pacific Public Media", "news", True, "88.5 FM"),
    ("radio_003", "radio", "Golden Gate Classics 102.1 FM", "GGC Broadcasting", "classical", False, "102.1 FM"),
    ("radio_004", "radio", "Mission Beats 97.3 FM", "Mission Radio Group", "hip-hop", False, "97.3 FM"),
]  # fmt: skip

# (id, show_id, title, host, release_date, duration_s, downloaded, position_s)
CORE_EPISODES: list[tuple[str, str, str, str, str, int, bool, int]] = [
    ("ep_001", "pod_001", "Chips, Clouds and the May Outage", "Nadia Brooks", "2026-05-18", 2280, True, 0),
    ("ep_002", "pod_001", "Why Every App Wants an Assistant", "Nadia Brooks", "2026-05-19", 2520, True, 1260),
    ("ep_003", "pod_001", "The Return of the Flip Phone", "Nadia Brooks", "2026-05-20", 2160, False, 0),
    ("ep_004", "pod_002", "The Best Burritos in the Mission", "Marco Ruiz", "2026-05-13", 1980, True, 0),
    ("ep_005", "pod_002", "Sourdough Secrets from Tartine", "Marco Ruiz", "2026-05-20", 2040, False, 0),
    ("ep_006", "pod_002", "Night Markets of Oakland", "Marco Ruiz", "2026-05-06", 1860, True, 1860),
    ("ep_007", "pod_003", "Screen Time Without the Guilt", "Hana Okafor", "2026-05-15", 2700, False, 0),
    ("ep_008", "pod_003", "School Plays and Stage Fright", "Hana Okafor", "2026-05-08", 2460, False, 0),
    ("ep_009", "pod_004", "Rates, Rents and Your Paycheck", "Tom Alvarez", "2026-05-19", 900, True, 0),
    ("ep_010", "pod_004", "What the Jobs Report Means", "Tom Alvarez", "2026-05-12", 840, True, 0),
    ("ep_011", "pod_005", "The Great Quake of 1906", "Ellen Hart", "2026-04-30", 3300, False, 0),
    ("ep_012", "pod_005", "Gold Rush Towns", "Ellen Hart", "2026-05-14", 3120, False, 0),
]  # fmt: skip

# (id, title, author, series, genre, year, duration_s, position_s, liked, stars)
CORE_BOOKS: list[tuple[str, str, str, str, str, int, int, int, bool, int]] = [
    ("book_001", "The Quiet Orbit", "Helena Marsh", "The Orbit Trilogy", "science fiction", 2023, 40320, 15320,
     False, 0),
    ("book_002", "Leading Small Teams", "Daniel Okoye", "", "business", 2022, 21600, 0, False, 0),
    ("book_003", "The Lighthouse Recipe Club", "Greta Lind", "", "fiction", 2024, 29100, 0, True, 4),
]  # fmt: skip

# (id, name, song numbers)
CORE_PLAYLISTS: list[tuple[str, str, list[int]]] = [
    ("playlist_001", "Morning Run", [26, 27, 28, 10, 11, 12, 13, 15]),
    ("playlist_002", "Deep Focus", [21, 22, 23, 13, 14, 15]),
    ("playlist_003", "Dinner Jazz", [7, 8, 9, 24, 25]),
    ("playlist_004", "Road Trip to Tahoe", [1, 2, 4, 10, 16, 20, 29]),
    ("playlist_005", "Emma's Dance Party", [4, 5, 6, 30]),
    ("playlist_006", "Rainy Day", []),
]

CORE_ALBUMS: list[tuple[str, str, str]] = [
    ("album_camera", "Camera", "2025-01-01T00:00:00"),
    ("album_screen", "Screen recordings", "2025-01-01T00:00:00"),
    ("album_001", "Family", "2025-03-02T10:00:00"),
    ("album_002", "Trips", "2025-06-14T09:00:00"),
    ("album_003", "Receipts", "2026-01-08T12:00:00"),
]

# (id, time, kind, mode, location, size_mb, album, favorite, duration_s)
CORE_PHOTOS: list[tuple[str, str, str, str, str | None, float, str, bool, int | None]] = [
    ("photo_001", "2026-05-19T07:45:10", "photo", "selfie", "Equinox SoMa, San Francisco", 3.1, "album_camera",
     False, None),
    ("photo_002", "2026-05-17T16:20:05", "photo", "portrait", "Dolores Park, San Francisco", 5.1, "album_001",
     True, None),
    ("photo_003", "2026-05-17T16:22:40", "video", "video", "Dolores Park, San Francisco", 92.4, "album_001",
     False, 42),
    ("photo_004", "2026-05-18T12:10:30", "photo", "photo", "Northwind Labs, San Francisco", 4.2, "album_camera",
     False, None),
    ("photo_005", "2026-05-19T19:40:00", "photo", "night", "Nopa, San Francisco", 6.3, "album_camera", False,
     None),
    ("photo_006", "2026-05-16T18:05:15", "photo", "panorama", "Golden Gate Bridge, San Francisco", 14.8,
     "album_002", True, None),
    ("photo_007", "2026-05-20T08:05:00", "photo", "photo", "Blue Bottle, San Francisco", 4.2, "album_003", False,
     None),
    ("photo_008", "2026-05-15T20:30:00", "screen_recording", "screen", None, 36.0, "album_screen", False, 60),
    ("photo_009", "2026-05-10T13:15:00", "photo", "portrait", "Sausalito", 5.1, "album_001", True, None),
    ("photo_010", "2026-04-18T11:00:00", "video", "slow_motion", "Lake Tahoe", 150.0, "album_002", False, 30),
    ("photo_011", "2026-05-18T21:00:00", "photo", "photo", "Home, San Francisco", 4.2, "album_001", False, None),
    ("photo_012", "2026-05-19T12:35:00", "photo", "photo", "Tartine Manufactory, San Francisco", 4.2,
     "album_camera", False, None),
]  # fmt: skip

CORE_AMBIENT: Record = {
    "title": "Cobalt Rain",
    "artist": "Ivy Arcade",
    "album": "Neon Botany",
    "year": 2023,
    "genre": "electronic",
    "source": "cafe speakers",
    "loudness_db": 64,
}

CORE_RECOGNITIONS: list[tuple[str, str, str, str, str, str | None]] = [
    ("rec_001", "2026-05-12T18:40:00", "Velvet Alibi", "Ruby & The Wolves", "Midnight Service", "song_024"),
    ("rec_002", "2026-05-16T13:05:00", "Ocean Avenue Waltz", "The Fennel Brothers", "Sunday Set", None),
]

_BULK_ADJ = (  # noqa: SIM905
    "Neon Silver Quiet Broken Golden Electric Hollow Wild Velvet Crimson Lonely Bright Paper Midnight "
    "Static Crystal Northern Slow Burning Hidden"
).split()
_BULK_NOUN = (  # noqa: SIM905
    "Harbor Skyline Letters River Engines Gardens Satellite Canyon Echoes Parade Mirrors Highway Orchard "
    "Lantern Summer Thunder Avenue Signals Meadow Horizon"
).split()
_BULK_ARTISTS = (
    ("Copper Fields", "country"), ("The Night Ferries", "indie"), ("Mira Solace", "pop"),
    ("Jonah Teller", "folk"), ("Pixel Monarch", "electronic"), ("The Overtones", "rock"),
    ("Calla Brooks", "soul"), ("Big Sur Collective", "jazz"), ("DJ Lumen", "electronic"),
    ("Rosa Delgado", "latin"), ("The Paper Tigers", "rock"), ("Nova Kin", "hip-hop"),
    ("Evergreen Quartet", "classical"), ("Sable & Reed", "indie"), ("Tomo Ishii", "lo-fi"),
)  # fmt: skip
_PLAYLIST_NAMES = (
    "Chill Sunday", "Throwbacks", "Cooking Mix", "Late Night Drive", "Gym Power", "Coffee Shop",
    "Rainy Commute", "Party Starters", "Acoustic Evenings", "Work Flow", "Summer 2025", "Sleep Sounds",
)  # fmt: skip
_PHOTO_PLACES = (
    "Home, San Francisco", "Dolores Park, San Francisco", "Northwind Labs, San Francisco", "Ocean Beach",
    "Golden Gate Park, San Francisco", "Ferry Building, San Francisco", "Berkeley", "Oakland", "Half Moon Bay",
    "Muir Woods", "Napa", "Sausalito", None,
)  # fmt: skip
_GEN_PHOTO_START = datetime(2025, 6, 1)
_GEN_PHOTO_SPAN_S = int((datetime(2026, 5, 14) - _GEN_PHOTO_START).total_seconds())


def _capture_name(kind: str, time: str, seq: int) -> str:
    stamp = time.replace("-", "").replace(":", "").replace("T", "_")
    prefix, ext = {"photo": ("IMG", "jpg"), "video": ("VID", "mp4")}.get(kind, ("SCREEN", "mp4"))
    return f"{prefix}_{stamp}_{seq % 100:02d}.{ext}"


def _photo(pid: str, time: str, kind: str, mode: str, loc: str | None, size: float, album: str, fav: bool,
           dur: int | None, seq: int) -> Record:  # fmt: skip
    return {
        "id": pid,
        "name": _capture_name(kind, time, seq),
        "time": time,
        "kind": kind,
        "mode": mode,
        "location": loc,
        "size_mb": size,
        "album": album,
        "favorite": fav,
        "duration_s": dur,
    }


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    """Core library, player, photos and ambient song (the same at every scale) plus generated bulk."""
    media: dict[str, Record] = {}
    for n, (title, artist, album, genre, year, dur, liked, stars, dl) in enumerate(CORE_SONGS, 1):
        mid = f"song_{n:03d}"
        media[mid] = {
            "id": mid, "kind": "song", "title": title, "artist": artist, "album": album, "genre": genre,
            "year": year, "duration_s": dur, "liked": liked, "stars": stars, "downloaded": dl, "position_s": 0,
            "show_id": None, "release_date": None,
        }  # fmt: skip
    shows = {
        sid: {"id": sid, "kind": kind, "title": title, "publisher": pub, "genre": genre, "followed": fol,
              "frequency": freq}
        for sid, kind, title, pub, genre, fol, freq in CORE_SHOWS
    }  # fmt: skip
    for eid, sid, title, host, released, dur, dl, pos in CORE_EPISODES:
        media[eid] = {
            "id": eid, "kind": "episode", "title": title, "artist": host, "album": shows[sid]["title"],
            "genre": shows[sid]["genre"], "year": int(released[:4]), "duration_s": dur, "liked": False,
            "stars": 0, "downloaded": dl, "position_s": pos, "show_id": sid, "release_date": released,
        }  # fmt: skip
    for bid, title, author, series, genre, year, dur, pos, liked, stars in CORE_BOOKS:
        media[bid] = {
            "id": bid, "kind": "audiobook", "title": title, "artist": author, "album": series, "genre": genre,
            "year": year, "duration_s": dur, "liked": liked, "stars": stars, "downloaded": True,
            "position_s": pos, "show_id": None, "release_date": None,
        }  # fmt: skip
    core_titles = {t.casefold() for t, *_ in CORE_SONGS}
    bulk_ids: list[str] = []
    for i in range(round(400 * scale)):
        while True:
            title = f"{rng.choice(_BULK_ADJ)} {rng.choice(_BULK_NOUN)}"
            if title.casefold() not in core_titles:
                break
        artist, genre = rng.choice(_BULK_ARTISTS)
        mid = f"song_{101 + i:03d}"
        bulk_ids.append(mid)
        media[mid] = {
            "id": mid, "kind": "song", "title": title, "artist": artist,
            "album": f"{rng.choice(_BULK_NOUN)} {rng.choice(('Sessions', 'Tapes', 'Vol. 1', 'Vol. 2', 'EP'))}",
            "genre": genre, "year": rng.randint(1998, 2025), "duration_s": rng.randint(140, 330),
            "liked": rng.random() < 0.08, "stars": 0, "downloaded": rng.random() < 0.5, "position_s": 0,
            "show_id": None, "release_date": None,
        }  # fmt: skip
    tables["media"] = media
    tables["shows"] = shows

    created = "2026-03-01T10:00:00"
    playlists: dict[str, Record] = {
        pid: {"id": pid, "name": name, "media_ids": [f"song_{n:03d}" for n in nums], "created_at": created,
              "updated_at": created}
        for pid, name, nums in CORE_PLAYLISTS
    }  # fmt: skip
    if bulk_ids:
        for i in range(round(8 * scale)):
            name = _PLAYLIST_NAMES[i % len(_PLAYLIST_NAMES)]
            if i >= len(_PLAYLIST_NAMES):
                name = f"{name} {i // len(_PLAYLIST_NAMES) + 1}"
            pid = f"playlist_{101 + i:03d}"
            when = f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T20:00:00"
            tracks = rng.sample(bulk_ids, min(len(bulk_ids), rng.randint(5, 25)))
            playlists[pid] = {
                "id": pid,
                "name": name,
                "media_ids": tracks,
                "created_at": when,
                "updated_at": when,
            }
    tables["playlists"] = playlists

    ep = media["ep_002"]
    tables["playback"] = {
        "current": {**_EMPTY_PLAYER, "status": "paused", "media_id": "ep_002", "title": ep["title"],
                  "artist": ep["artist"], "position_s": 1260,
                  "queue": ["ep_009", "ep_001"], "history": [], "context": None}
    }  # fmt: skip

    tables["albums"] = {aid: {"id": aid, "name": name, "created_at": t} for aid, name, t in CORE_ALBUMS}
    photos: dict[str, Record] = {}
    for n, (pid, t, kind, mode, loc, size, album, fav, dur) in enumerate(CORE_PHOTOS):
        photos[pid] = _photo(pid, t, kind, mode, loc, size, album, fav, dur, n)
    gen: list[tuple[str, str, str, str | None, float, str, bool, int | None]] = []
    for _ in range(round(600 * scale)):
        t = (_GEN_PHOTO_START + timedelta(seconds=rng.randrange(_GEN_PHOTO_SPAN_S))).isoformat()
        roll = rng.random()
        loc = rng.choice(_PHOTO_PLACES)
        if roll < 0.85:
            mode = rng.choice(("photo", "photo", "photo", "portrait", "night", "selfie", "panorama"))
            kind, size, dur = "photo", PHOTO_MB[mode], None
        elif roll < 0.98:
            mode = rng.choice(("video", "video", "slow_motion", "time_lapse"))
            dur = rng.randint(5, 120)
            kind, size = "video", round(dur * VIDEO_MB_PER_S[mode], 1)
        else:
            kind, mode, loc, dur = "screen_recording", "screen", None, rng.randint(10, 180)
            size = round(dur * SCREEN_MB_PER_S, 1)
        if kind == "screen_recording":
            album = "album_screen"
        else:
            album = rng.choice(("album_camera",) * 6 + ("album_001", "album_002"))
        gen.append((t, kind, mode, loc, size, album, rng.random() < 0.04, dur))
    gen.sort(key=lambda g: g[0])
    for i, g in enumerate(gen):
        pid = f"photo_{101 + i:03d}"
        photos[pid] = _photo(pid, *g, i)
    tables["photos"] = photos

    tables["screen_recording"] = {}
    tables["ambient_audio"] = {"current": dict(CORE_AMBIENT)}
    tables["song_recognitions"] = {
        rid: {"id": rid, "time": t, "title": title, "artist": artist, "album": album, "media_id": mid}
        for rid, t, title, artist, album, mid in CORE_RECOGNITIONS
    }
    tables["settings"].setdefault("storage.free_mb", {"value": FREE_MB})
    tables["apps"].setdefault(
        "camera",
        {
            "id": "camera",
            "name": "Camera",
            "package": "com.android.camera",
            "category": "photography",
            "permissions": {"CAMERA": True, "MICROPHONE": True, "LOCATION": True, "PHOTOS_VIDEOS": True},
            "size_mb": rng.randint(40, 180),
            "notifications": True,
            "running": False,
            "system": True,
        },
    )


# --------------------------------------------------------------------------- helpers
def _check_limit(limit: int) -> None:
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidArguments(f"limit must be between 1 and {MAX_LIMIT}, got {limit}", field="limit")


def _text(value: str, field: str) -> str:
    value = " ".join(value.split())
    if not value:
        raise InvalidArguments(f"{field} must not be empty", field=field)
    return value


def _online(s: PhoneState) -> bool:
    if s.setting("network.wifi", False):
        return True
    return bool(s.setting("network.mobile_data", False)) and not s.setting("network.airplane_mode", False)


def _require_online(s: PhoneState, what: str) -> None:
    if not _online(s):
        raise PreconditionFailed(
            f"cannot {what} without an internet connection; turn on Wi-Fi or mobile data (airplane mode off)",
            required="network.wifi or network.mobile_data",
        )


def _media(s: PhoneState, media_id: str) -> Record:
    rec = s.get("media", media_id)
    if rec is None:
        if s.get("shows", media_id) is not None:
            raise CapabilityLimit(
                f"{media_id} is a podcast or radio station, not a track; use a song, episode or audiobook ID",
                media_id=media_id,
            )
        raise NotFound(
            f"no song, episode or audiobook with id {media_id!r}; search_media finds IDs", media_id=media_id
        )
    return rec


def _show(s: PhoneState, show_id: str) -> Record:
    rec = s.get("shows", show_id)
    if rec is None:
        raise NotFound(
            f"no podcast or radio station with id {show_id!r}; search_media finds them", show_id=show_id
        )
    return rec


def _playlist(s: PhoneState, playlist_id: str) -> Record:
    rec = s.get("playlists", playlist_id)
    if rec is None:
        raise NotFound(
            f"no playlist with id {playlist_id!r}; list_playlists shows playlist IDs", playlist_id=playlist_id
        )
    return rec


def _playlist_by_name(s: PhoneState, name: str, skip: str | None = None) -> Record | None:
    key = name.casefold()
    for p in s.values("playlists"):
        if p["name"].casefold() == key and p["id"] != skip:
            return p
    return None


def _summary(rec: Record) -> dict[str, Any]:
    """A short view of a track or show for lists and feedback."""
    if "frequency" in rec:
        return {"id": rec["id"], "kind": rec["kind"], "title": rec["title"], "artist": rec["publisher"]}
    return {
        "id": rec["id"],
        "kind": rec["kind"],
        "title": rec["title"],
        "artist": rec["artist"],
        "duration_s": rec["duration_s"],
    }


def _playable(s: PhoneState, media_id: str) -> Record:
    """A track or radio station that can be the current item (podcast shows are not)."""
    rec = s.get("media", media_id) or s.get("shows", media_id)
    if rec is None:
        raise NotFound(
            f"nothing in the library has id {media_id!r}; search_media finds IDs", media_id=media_id
        )
    return rec


def _duration(s: PhoneState, media_id: str | None) -> int | None:
    if media_id is None:
        return None
    rec = s.get("media", media_id)
    return None if rec is None else rec["duration_s"]


def _raw_player(s: PhoneState) -> Record:
    return s.get("playback", "current") or _EMPTY_PLAYER


def _player(s: PhoneState) -> Record:
    """The player state as of now: live position, and paused if a sleep timer has run out."""
    st = _raw_player(s)
    if st["status"] != "playing":
        return st
    now = s.now()
    # A player set playing without a start time (a task's S0) has played from now on.
    started = datetime.fromisoformat(st["started_at"]) if st.get("started_at") else now
    stop, status, timer_id = now, "playing", st.get("sleep_timer_id")
    if timer_id:
        timer = s.get("timers", timer_id)
        if timer is not None and timer["status"] == "running" and timer["ends_at"] <= s.now_iso():
            stop, status, timer_id = max(started, datetime.fromisoformat(timer["ends_at"])), "paused", None
    dur = _duration(s, st["media_id"])
    pos = 0
    if dur is not None:
        pos = min(dur, st["position_s"] + max(0, int((stop - started).total_seconds())))
    started_at = s.now_iso() if status == "playing" else None
    return {**st, "status": status, "position_s": pos, "started_at": started_at, "sleep_timer_id": timer_id}


def _require_loaded(s: PhoneState, st: Record, what: str) -> Record:
    if st["media_id"] is None or st["status"] == "stopped":
        raise PreconditionFailed(
            f"cannot {what}: nothing is loaded in the player; start something with play_media"
        )
    return _playable(s, st["media_id"])


def _no_call(s: PhoneState) -> None:
    call = s.get("active_call", "current")
    if call is not None:
        who = call.get("name") or call.get("phone")
        raise Conflict(
            f"media cannot play during the call with {who}; end the call first", call_id=call.get("id")
        )


def _save_resume(s: PhoneState, st: Record) -> None:
    """Remember where an episode or audiobook was left (finished ones restart from 0)."""
    mid = st.get("media_id")
    rec = s.get("media", mid) if mid else None
    if rec is None or rec["kind"] == "song":
        return
    pos = st["position_s"] if st["position_s"] < rec["duration_s"] - 5 else 0
    if rec["position_s"] != pos:
        s.update("media", mid, position_s=pos)


def _start_pos(rec: Record) -> int:
    return rec["position_s"] if rec.get("kind") in ("episode", "audiobook") else 0


def _shuffled(ids: list[str], salt: str) -> list[str]:
    return sorted(ids, key=lambda m: (zlib.crc32(f"{salt}:{m}".encode()), m))


def _device(s: PhoneState, device_id: str) -> Record | None:
    return s.get("bluetooth_devices", device_id)


def _device_type(rec: Record) -> str | None:
    for key in ("type", "kind", "category"):
        value = rec.get(key)
        if isinstance(value, str):
            return value.lower()
    return None


def _connected(rec: Record) -> bool:
    return rec.get("connected") is True or rec.get("status") == "connected"


def _audio_ok(rec: Record) -> bool:
    kind = _device_type(rec)
    return kind is None or kind in AUDIO_DEVICE_TYPES


def _output(s: PhoneState, st: Record) -> dict[str, Any]:
    """Where sound goes now: the chosen Bluetooth device if it is still connected, else the speaker."""
    out = st.get("output") or "speaker"
    if out != "speaker" and s.setting("network.bluetooth", False):
        dev = _device(s, out)
        if dev is not None and _connected(dev) and _audio_ok(dev):
            return {"id": out, "name": dev.get("name", out), "type": "bluetooth"}
    return {"id": "speaker", "name": "Phone speaker", "type": "speaker"}


def _view(s: PhoneState, st: Record, queue_limit: int = 10) -> dict[str, Any]:
    item = (s.get("media", st["media_id"]) or s.get("shows", st["media_id"])) if st["media_id"] else None
    timer = s.get("timers", st["sleep_timer_id"]) if st.get("sleep_timer_id") else None
    queue = [_summary(r) for m in st["queue"][:queue_limit] if (r := s.get("media", m)) is not None]
    return {
        "status": st["status"] if item is not None else "stopped",
        "item": None if item is None else _summary(item),
        "position_s": None if item is None or "frequency" in item else st["position_s"],
        "queue": queue,
        "queue_length": len(st["queue"]),
        "context": st["context"],
        "shuffle": st["shuffle"],
        "repeat": st["repeat"],
        "output": _output(s, st),
        "volume": s.setting("volume.media"),
        "sleep_timer": None
        if timer is None or timer["status"] != "running"
        else {"timer_id": timer["id"], "ends_at": timer["ends_at"]},
    }


def _put_player(s: PhoneState, st: Record) -> Record:
    item = (s.get("media", st["media_id"]) or s.get("shows", st["media_id"])) if st["media_id"] else None
    title = None if item is None else item["title"]
    artist = None if item is None else item.get("artist", item.get("publisher"))
    if st.get("title") != title or st.get("artist") != artist:
        st = {**st, "title": title, "artist": artist}
    s.put("playback", "current", st)
    return st


def _play_item(s: PhoneState, st: Record, rec: Record, queue: list[str], context: str | None) -> Record:
    """Make ``rec`` the current item and start it; the previous item goes to the history."""
    _save_resume(s, st)
    history = st["history"]
    if st["media_id"] is not None and st["status"] != "stopped":
        history = [*history, st["media_id"]][-50:]
    new = {
        **st,
        "status": "playing",
        "media_id": rec["id"],
        "position_s": _start_pos(rec),
        "started_at": s.now_iso(),
        "queue": queue,
        "history": history,
        "context": context,
    }
    return _put_player(s, new)


def _check_ids(s: PhoneState, media_ids: list[str], what: str) -> list[Record]:
    if not media_ids:
        raise InvalidArguments(f"{what} must list at least one media ID", field=what)
    return [_media(s, m) for m in dict.fromkeys(media_ids)]


def _parse_date(value: str, field: str) -> str:
    try:
        return datetime.fromisoformat(value.strip()).date().isoformat()
    except ValueError:
        raise InvalidArguments(
            f'{field} {value!r} is not an ISO date such as "2026-05-17"', field=field
        ) from None


def _album(s: PhoneState, ref: str) -> Record:
    """An album by ID or (case-insensitive) name."""
    rec = s.get("albums", ref)
    if rec is not None:
        return rec
    key = ref.strip().casefold()
    for a in s.values("albums"):
        if a["name"].casefold() == key:
            return a
    raise NotFound(f"no album {ref!r}; list_photos shows album names, create_album makes one", album=ref)


def _photo_rec(s: PhoneState, photo_id: str) -> Record:
    rec = s.get("photos", photo_id)
    if rec is None:
        raise NotFound(f"no photo or video with id {photo_id!r}; list_photos shows IDs", photo_id=photo_id)
    return rec


def _free_mb(s: PhoneState) -> float:
    return float(s.setting("storage.free_mb", 0.0) or 0.0)


def _reserve(s: PhoneState, size_mb: float, what: str) -> None:
    """Check that ``size_mb`` fits in free storage."""
    free = _free_mb(s)
    if size_mb > free:
        raise PreconditionFailed(
            f"not enough storage to {what}: needs {size_mb:g} MB, {free:g} MB free; free up space first "
            "(e.g. clear app caches or junk files)",
            setting="storage.free_mb",
            required_mb=size_mb,
            free_mb=free,
        )


def _location(s: PhoneState) -> str | None:
    app = s.get("apps", "camera")
    if app is None or not app.get("permissions", {}).get("LOCATION", False):
        return None
    here = s.setting("location.current")
    if isinstance(here, str) and here:
        return here
    owner = s.get("owner", "me")
    return None if owner is None else owner.get("home_city")


def _capture(
    s: PhoneState,
    kind: str,
    mode: str,
    size: float,
    album_id: str,
    duration: int | None,
    location: str | None,
) -> Record:
    _reserve(s, size, f"save this {kind.replace('_', ' ')}")
    pid = s.new_id("photo")
    now = s.now_iso()
    rec = _photo(pid, now, kind, mode, location, size, album_id, False, duration, s.counters["photo"])
    s.put("photos", pid, rec)
    s.set_setting("storage.free_mb", round(max(0.0, _free_mb(s) - size), 1))
    return rec


# --------------------------------------------------------------------------- library
def _match_rank(q: str, words: list[str], title: str, *fields: str) -> int | None:
    """Rank of a search hit: 0 exact title, 1 title prefix, 2 the whole query inside one field, 3 every
    word of the query inside some field (title and artist, say); None when it does not match."""
    title = title.casefold()
    return _rank_keys(q, words, title, "\n".join((title, *fields)).casefold())


def _rank_keys(q: str, words: list[str], title: str, hay: str) -> int | None:
    """``_match_rank`` on a casefolded title and haystack."""
    if title == q:
        return 0
    if title.startswith(q):
        return 1
    if q in hay:
        return 2
    if len(words) > 1 and all(w in hay for w in words):
        return 3
    return None


#: ``(record, casefolded title, casefolded haystack)`` per record object searched (records are never
#: changed in place; the record is held so that its id() is not reused while cached).
_MATCH_KEYS: dict[int, tuple[Any, str, str]] = {}
_MATCH_KEYS_MAX = 50_000


def _match_keys(rec: Record, fields: Callable[[Record], tuple[str, ...]]) -> tuple[Any, str, str]:
    """The cached casefolded title and haystack (title and ``fields(rec)``) of a searched record."""
    keys = _MATCH_KEYS.get(id(rec))
    if keys is None or keys[0] is not rec:
        if len(_MATCH_KEYS) > _MATCH_KEYS_MAX:
            _MATCH_KEYS.clear()
        title = rec["title"].casefold()
        keys = _MATCH_KEYS[id(rec)] = (rec, title, "\n".join((title, *fields(rec))).casefold())
    return keys


def _media_fields(m: Record) -> tuple[str, ...]:
    return m["artist"], m["album"], m["genre"]


def _show_fields(sh: Record) -> tuple[str, ...]:
    return sh["publisher"], sh["genre"], sh["frequency"] or ""


@tool(DOMAIN)
def search_media(
    s: PhoneState,
    query: str | None = None,
    kind: MediaKind | None = None,
    favorites_only: bool = False,
    limit: int = 20,
) -> Ok:
    """Search the music, podcast, audiobook and radio library by title, artist, album or genre.

    Args:
        query: Case-insensitive text matched against title, artist/host/author, album/show and genre,
            e.g. "Luna Vale" or "jazz"; several words match when each is in some field, e.g. a title and
            its artist "Cobalt Rain Ivy Arcade"; everything when omitted.
        kind: Only this kind, e.g. "song"; "podcast" and "radio" list shows and stations, "episode" lists
            podcast episodes.
        favorites_only: Only liked tracks and followed podcasts or stations, e.g. true.
        limit: Maximum number of results (1-100), e.g. 20.

    Returns:
        Matches, best first (exact title, then title prefix, then the whole query inside one field, then
        every word of the query in some field, e.g. "Cobalt Rain Ivy Arcade"): tracks as ``{"id", "kind",
        "title", "artist", "album", "genre", "duration_s", "liked", "stars", "downloaded", "position_s"}``
        and shows as ``{"id", "kind", "title", "publisher", "genre", "followed", "frequency"}``.

    Raises:
        InvalidArguments: the limit is out of range.
    """
    _check_limit(limit)
    words = query.casefold().split() if query else []
    q = " ".join(words)
    hits = s.unwritten_memo(
        "search_media", ("media", "shows"), (q, kind, bool(favorites_only)),
        lambda: _media_hits(s, q, words, kind, favorites_only),
    )  # fmt: skip
    rows = [dict(h[2]) for h in hits[:limit]]
    more = f" (showing {len(rows)})" if len(hits) > len(rows) else ""
    what = f" for {query!r}" if query else ""
    return ok(f"{len(hits)} results{what}{more}", rows)


def _media_hits(
    s: PhoneState, q: str, words: list[str], kind: str | None, favorites_only: bool
) -> list[tuple[int, str, dict[str, Any]]]:
    """Every library item matching ``search_media``'s arguments, best first."""
    hits: list[tuple[int, str, dict[str, Any]]] = []
    if kind in (None, "song", "episode", "audiobook"):
        for m in s.values("media"):
            if (kind is not None and m["kind"] != kind) or (favorites_only and not m["liked"]):
                continue
            rank = 3
            if q:
                _, title, hay = _match_keys(m, _media_fields)
                rank = _rank_keys(q, words, title, hay)
                if rank is None:
                    continue
            row = {k: m[k] for k in ("id", "kind", "title", "artist", "album", "genre", "duration_s", "liked",
                                      "stars", "downloaded", "position_s")}  # fmt: skip
            hits.append((rank, m["id"], row))
    if kind in (None, "podcast", "radio"):
        for sh in s.values("shows"):
            if (kind is not None and sh["kind"] != kind) or (favorites_only and not sh["followed"]):
                continue
            rank = 3
            if q:
                _, title, hay = _match_keys(sh, _show_fields)
                rank = _rank_keys(q, words, title, hay)
                if rank is None:
                    continue
            hits.append((rank, sh["id"], dict(sh)))
    hits.sort(key=lambda h: (h[0], h[1]))
    return hits


@tool(DOMAIN)
def list_playlists(s: PhoneState, playlist_id: str | None = None) -> Ok:
    """List playlists with their track counts, or the tracks of one playlist.

    Args:
        playlist_id: A playlist's ID to list its tracks in order, e.g. "playlist_001"; all playlists when
            omitted.

    Returns:
        Without an ID, ``{"id", "name", "track_count", "duration_s", "updated_at"}`` per playlist; with one,
        the playlist ``{"id", "name", "tracks": [{"id", "kind", "title", "artist", "duration_s"}]}``.

    Raises:
        NotFound: no playlist has this ID.
    """
    if playlist_id is not None:
        p = _playlist(s, playlist_id)
        tracks = [_summary(r) for m in p["media_ids"] if (r := s.get("media", m)) is not None]
        data = {"id": p["id"], "name": p["name"], "tracks": tracks, "updated_at": p["updated_at"]}
        return ok(f"{p['name']}: {len(tracks)} tracks", data)
    rows = s.unwritten_memo("list_playlists", ("playlists", "media"), None, lambda: _playlist_rows(s))
    return ok(f"{len(rows)} playlists", [dict(r) for r in rows])


def _playlist_rows(s: PhoneState) -> list[dict[str, Any]]:
    """Every playlist with its track count and length (tracks no longer in the library left out)."""
    rows = []
    for p in s.values("playlists"):
        durs = [r["duration_s"] for m in p["media_ids"] if (r := s.get("media", m)) is not None]
        rows.append(
            {
                "id": p["id"],
                "name": p["name"],
                "track_count": len(durs),
                "duration_s": sum(durs),
                "updated_at": p["updated_at"],
            }
        )
    return rows


@tool(DOMAIN, mutates=True)
def create_playlist(s: PhoneState, name: str, media_ids: list[str] | None = None) -> Ok:
    """Create a playlist, optionally with tracks.

    Args:
        name: The new playlist's name, e.g. "Sunday Chill".
        media_ids: Songs or episodes to put in it, in order, e.g. ["song_004", "song_020"]; empty when
            omitted.

    Returns:
        The new playlist record (id, name, media_ids, created_at, updated_at).

    Raises:
        InvalidArguments: the name is empty.
        AlreadyExists: a playlist already has this name.
        NotFound: a media ID does not exist.
        CapabilityLimit: an ID names a podcast or radio station (add its episodes instead).
    """
    name = _text(name, "name")
    dup = _playlist_by_name(s, name)
    if dup is not None:
        raise AlreadyExists(
            f"a playlist named {dup['name']!r} already exists ({dup['id']}); use update_playlist to change it",
            playlist_id=dup["id"],
        )
    tracks = [r["id"] for r in _check_ids(s, media_ids, "media_ids")] if media_ids else []
    now = s.now_iso()
    pid = s.new_id("playlist")
    rec = {"id": pid, "name": name, "media_ids": tracks, "created_at": now, "updated_at": now}
    s.put("playlists", pid, rec)
    return ok(f"Created playlist {name!r} ({pid}) with {len(tracks)} tracks", rec)


@tool(DOMAIN, mutates=True)
def update_playlist(
    s: PhoneState,
    playlist_id: str,
    add_media_ids: list[str] | None = None,
    remove_media_ids: list[str] | None = None,
    name: str | None = None,
) -> Ok:
    """Add tracks to, remove tracks from, or rename a playlist.

    Args:
        playlist_id: The playlist's ID, e.g. "playlist_001".
        add_media_ids: Tracks to append at the end, e.g. ["song_014"]; tracks already in it are skipped.
        remove_media_ids: Tracks to take out, e.g. ["song_012"].
        name: A new name, e.g. "Morning Run 2026".

    Returns:
        The updated playlist plus ``added``, ``removed`` and ``already_in`` (media IDs).

    Raises:
        NotFound: no playlist has this ID, a media ID to add does not exist, or a track to remove is not
            in the playlist.
        InvalidArguments: nothing to change was given, or the new name is empty.
        AlreadyExists: another playlist already has the new name.
        CapabilityLimit: an ID to add names a podcast or radio station.
    """
    p = _playlist(s, playlist_id)
    if not add_media_ids and not remove_media_ids and name is None:
        raise InvalidArguments("give tracks to add or remove, or a new name")
    changes: dict[str, Any] = {}
    if name is not None:
        name = _text(name, "name")
        dup = _playlist_by_name(s, name, skip=playlist_id)
        if dup is not None:
            raise AlreadyExists(
                f"a playlist named {dup['name']!r} already exists ({dup['id']})", playlist_id=dup["id"]
            )
        changes["name"] = name
    tracks = list(p["media_ids"])
    removed: list[str] = []
    for m in dict.fromkeys(remove_media_ids or []):
        if m not in tracks:
            raise NotFound(f"{m} is not in playlist {p['name']!r}", media_id=m, playlist_id=playlist_id)
        tracks.remove(m)
        removed.append(m)
    added: list[str] = []
    already: list[str] = []
    for rec in _check_ids(s, add_media_ids, "add_media_ids") if add_media_ids else []:
        if rec["id"] in tracks:
            already.append(rec["id"])
        else:
            tracks.append(rec["id"])
            added.append(rec["id"])
    if added or removed:
        changes["media_ids"] = tracks
    if changes:
        p = s.update("playlists", playlist_id, **changes, updated_at=s.now_iso())
    data = {**p, "added": added, "removed": removed, "already_in": already}
    return ok(f"Updated {p['name']!r}: +{len(added)} -{len(removed)} tracks", data)


@tool(DOMAIN, mutates=True)
def rate_media(s: PhoneState, media_id: str, liked: bool | None = None, stars: int | None = None) -> Ok:
    """Like or unlike a song, episode or audiobook, or give it a 1-5 star rating.

    Args:
        media_id: The track's ID, e.g. "song_014".
        liked: true to like (heart) it, false to unlike it, e.g. true.
        stars: A rating from 1 to 5, or 0 to clear it, e.g. 4.

    Returns:
        The track's ``{"id", "title", "artist", "liked", "stars"}`` after the change.

    Raises:
        InvalidArguments: neither liked nor stars was given, or stars is outside 0-5.
        CapabilityLimit: the ID names a podcast or radio station.
        NotFound: no track has this ID.
    """
    if liked is None and stars is None:
        raise InvalidArguments("give liked, stars or both")
    if stars is not None and not 0 <= stars <= 5:
        raise InvalidArguments(f"ratings go from 1 to 5 stars (0 clears), got {stars}", field="stars")
    rec = _media(s, media_id)
    changes: dict[str, Any] = {}
    if liked is not None and rec["liked"] != liked:
        changes["liked"] = liked
    if stars is not None and rec["stars"] != stars:
        changes["stars"] = stars
    if changes:
        rec = s.update("media", media_id, **changes)
    data = {k: rec[k] for k in ("id", "title", "artist", "liked", "stars")}
    return ok(f"{rec['title']}: liked={rec['liked']}, stars={rec['stars']}", data)


@tool(DOMAIN, mutates=True)
def follow_show(s: PhoneState, show_id: str, follow: bool = True) -> Ok:
    """Follow (subscribe to) or unfollow a podcast or radio station.

    Args:
        show_id: The podcast's or station's ID, e.g. "pod_003" or "radio_003".
        follow: true to follow, false to unfollow, e.g. true.

    Returns:
        The show record with its new ``followed`` flag, and ``new_episodes`` for podcasts (the latest
        three episodes).

    Raises:
        NotFound: no podcast or radio station has this ID.
        AlreadyExists: the show is already followed.
        Conflict: unfollowing a show that is not followed.
    """
    rec = _show(s, show_id)
    if follow and rec["followed"]:
        raise AlreadyExists(f"you already follow {rec['title']}", show_id=show_id)
    if not follow and not rec["followed"]:
        raise Conflict(f"you do not follow {rec['title']}", show_id=show_id)
    rec = s.update("shows", show_id, followed=follow)
    data: dict[str, Any] = dict(rec)
    if rec["kind"] == "podcast":
        eps = sorted(
            (m for m in s.values("media") if m["show_id"] == show_id),
            key=lambda m: m["release_date"],
            reverse=True,
        )
        data["new_episodes"] = [{**_summary(m), "release_date": m["release_date"]} for m in eps[:3]]
    verb = "Following" if follow else "Unfollowed"
    return ok(f"{verb} {rec['title']}", data)


# --------------------------------------------------------------------------- player
@tool(DOMAIN)
def get_now_playing(s: PhoneState, queue_limit: int = 10) -> Ok:
    """Get the player: what is playing or paused, the position, the up-next queue, modes, output and volume.

    Args:
        queue_limit: How many upcoming queue entries to include (1-100), e.g. 10.

    Returns:
        ``{"status": "playing"|"paused"|"stopped", "item": {"id", "kind", "title", "artist", "duration_s"}
        | None, "position_s", "queue", "queue_length", "context", "shuffle", "repeat", "output": {"id",
        "name", "type"}, "volume", "sleep_timer": {"timer_id", "ends_at"} | None}``.

    Raises:
        InvalidArguments: queue_limit is out of range.
    """
    _check_limit(queue_limit)
    view = _view(s, _player(s), queue_limit)
    item = view["item"]
    msg = "Nothing is playing" if item is None else f"{view['status'].capitalize()}: {item['title']}"
    return ok(msg, view)


@tool(DOMAIN, mutates=True)
def play_media(
    s: PhoneState, media_id: str | None = None, playlist_id: str | None = None, query: str | None = None
) -> Ok:
    """Start playing a song, episode, audiobook, radio station, podcast or playlist (replaces the queue).

    Episodes and audiobooks resume where they were left; a podcast ID plays its newest episode; a query
    that equals an artist's name plays all of that artist's songs.

    Args:
        media_id: A song, episode, audiobook, podcast or radio station ID, e.g. "song_004" or "radio_001".
        playlist_id: A playlist to play from the top (shuffled if shuffle is on), e.g. "playlist_001".
        query: Free text naming one title, artist or playlist, e.g. "Blue Fog Blues"; give exactly one of
            media_id, playlist_id or query.

    Returns:
        The player state after starting (as get_now_playing).

    Raises:
        InvalidArguments: not exactly one of media_id, playlist_id and query was given.
        NotFound: the ID does not exist or nothing matches the query.
        Ambiguous: the query matches several titles or playlists; ``candidates`` lists them.
        PreconditionFailed: the playlist is empty, or the item needs the internet (radio, or a track that
            is not downloaded) and the phone is offline.
        Conflict: a phone call is in progress.
    """
    if sum(x is not None for x in (media_id, playlist_id, query)) != 1:
        raise InvalidArguments("give exactly one of media_id, playlist_id or query")
    st = _player(s)
    context: str | None = None
    queue: list[str] = []
    if query is not None:
        q = " ".join(query.casefold().split())
        if not q:
            raise InvalidArguments("query must not be empty", field="query")
        artist_songs, exact, partial = s.unwritten_memo(
            "play_media_query", ("media", "shows", "playlists"), q, lambda: _library_matches(s, q)
        )
        found = exact or partial
        if artist_songs and not exact:
            media_id, context, queue = artist_songs[0], f"artist:{query.strip()}", artist_songs[1:]
        elif not found:
            raise NotFound(f"nothing in the library matches {query!r}; try search_media", query=query)
        elif len(found) > 1:
            raise Ambiguous(
                f"{len(found)} items match {query!r}; pass media_id or playlist_id",
                candidates=[dict(c) for c in found[:10]],
            )
        elif found[0]["kind"] == "playlist":
            playlist_id = found[0]["id"]
        else:
            media_id = found[0]["id"]
    if playlist_id is not None:
        p = _playlist(s, playlist_id)
        tracks = [m for m in p["media_ids"] if s.get("media", m) is not None]
        if not tracks:
            raise PreconditionFailed(f"playlist {p['name']!r} is empty; add tracks with update_playlist")
        if st["shuffle"]:
            tracks = _shuffled(tracks, f"{playlist_id}:{s.now_iso()}")
        media_id, queue, context = tracks[0], tracks[1:], playlist_id
    assert media_id is not None
    rec = _playable(s, media_id)
    if rec.get("kind") == "podcast":
        eps = [m for m in s.values("media") if m["show_id"] == media_id]
        if not eps:
            raise PreconditionFailed(f"{rec['title']} has no episodes yet")
        rec = max(eps, key=lambda m: (m["release_date"], m["id"]))
        context = media_id
    if rec["kind"] == "radio" or not rec.get("downloaded", False):
        _require_online(s, f"stream {rec['title']}")
    _no_call(s)
    new = _play_item(s, st, rec, queue, context)
    view = _view(s, new)
    note = " (media volume is 0)" if not view["volume"] else ""
    return ok(f"Playing {rec['title']} on {view['output']['name']}{note}", view)


def _library_matches(
    s: PhoneState, q: str
) -> tuple[list[str], list[dict[str, Any]], list[dict[str, Any]]]:
    """For ``play_media``'s normalised query ``q``: the IDs of the songs by an artist named ``q``
    (sorted), and the summaries of the tracks, shows and playlists titled ``q`` and of those whose
    title contains it."""
    artist_songs = sorted(
        m["id"] for m in s.values("media") if m["kind"] == "song" and m["artist"].casefold() == q
    )
    exact: list[dict[str, Any]] = []
    partial: list[dict[str, Any]] = []
    for rec in (*s.values("media"), *s.values("shows")):
        title = rec["title"].casefold()
        if title == q:
            exact.append(_summary(rec))
        elif q in title:
            partial.append(_summary(rec))
    for p in s.values("playlists"):
        name = p["name"].casefold()
        row = {"id": p["id"], "kind": "playlist", "title": p["name"], "artist": None}
        (exact if name == q else partial if q in name else []).append(row)
    return artist_songs, exact, partial


@tool(DOMAIN, mutates=True)
def pause_playback(s: PhoneState) -> Ok:
    """Pause what is playing, keeping the position.

    Returns:
        The player state after pausing (as get_now_playing).

    Raises:
        PreconditionFailed: nothing is playing (already paused or stopped).
    """
    st = _player(s)
    if st["status"] != "playing":
        raise PreconditionFailed(f"nothing is playing (the player is {st['status']})", status=st["status"])
    new = _put_player(s, {**st, "status": "paused", "started_at": None})
    _save_resume(s, new)
    view = _view(s, new)
    return ok(f"Paused {view['item']['title'] if view['item'] else ''} at {new['position_s']} s", view)


@tool(DOMAIN, mutates=True)
def resume_playback(s: PhoneState) -> Ok:
    """Resume the paused item from where it stopped.

    Returns:
        The player state after resuming (as get_now_playing).

    Raises:
        PreconditionFailed: nothing is loaded in the player, or the item needs the internet and the phone
            is offline.
        Conflict: it is already playing, or a phone call is in progress.
        NotFound: the paused item is no longer in the library.
    """
    st = _player(s)
    rec = _require_loaded(s, st, "resume")
    if st["status"] == "playing":
        raise Conflict(f"{rec['title']} is already playing")
    if rec["kind"] == "radio" or not rec.get("downloaded", False):
        _require_online(s, f"stream {rec['title']}")
    _no_call(s)
    new = _put_player(s, {**st, "status": "playing", "started_at": s.now_iso()})
    view = _view(s, new)
    return ok(f"Resumed {rec['title']} at {new['position_s']} s on {view['output']['name']}", view)


@tool(DOMAIN, mutates=True)
def skip_track(s: PhoneState, direction: Direction = "next", count: int = 1) -> Ok:
    """Skip to the next track in the queue or back to the previous one.

    With repeat "all", skipping past the end of a playlist starts it again.

    Args:
        direction: "next" or "previous", e.g. "next".
        count: How many tracks to skip (1-50), e.g. 2.

    Returns:
        The player state after skipping (as get_now_playing).

    Raises:
        InvalidArguments: count is out of range.
        PreconditionFailed: nothing is loaded, or there are not enough tracks in that direction.
        CapabilityLimit: live radio cannot be skipped.
    """
    if not 1 <= count <= 50:
        raise InvalidArguments(f"count must be between 1 and 50, got {count}", field="count")
    st = _player(s)
    rec = _require_loaded(s, st, "skip")
    if rec["kind"] == "radio":
        raise CapabilityLimit(f"{rec['title']} is live radio; it cannot be skipped")
    queue, history, current = list(st["queue"]), list(st["history"]), st["media_id"]
    for _ in range(count):
        if direction == "next":
            if not queue and st["repeat"] == "all" and st["context"] and s.get("playlists", st["context"]):
                queue = [m for m in s.get("playlists", st["context"])["media_ids"] if s.has("media", m)]
                if st["shuffle"]:
                    queue = _shuffled(queue, f"{st['context']}:{s.now_iso()}")
            if not queue:
                raise PreconditionFailed("there is no next track; the queue is empty", queue_length=0)
            history.append(current)
            current = queue.pop(0)
        else:
            if not history:
                raise PreconditionFailed("there is no previous track", history_length=0)
            queue.insert(0, current)
            current = history.pop()
    _save_resume(s, st)
    target = _playable(s, current)
    new = {
        **st,
        "media_id": current,
        "position_s": _start_pos(target),
        "started_at": s.now_iso() if st["status"] == "playing" else None,
        "queue": queue,
        "history": history[-50:],
    }
    view = _view(s, _put_player(s, new))
    return ok(f"Skipped to {target['title']}", view)


@tool(DOMAIN, mutates=True)
def set_playback_position(s: PhoneState, position_s: int | None = None, offset_s: int | None = None) -> Ok:
    """Seek within the current track: to an absolute position or by an offset (e.g. skip ahead 30 s).

    Args:
        position_s: The position to jump to, in seconds from the start, e.g. 90.
        offset_s: Seconds to move from the current position, negative to go back, e.g. 30 or -15; give
            exactly one of position_s and offset_s.

    Returns:
        The player state after seeking (as get_now_playing).

    Raises:
        InvalidArguments: not exactly one of position_s and offset_s was given, or position_s is negative.
        PreconditionFailed: nothing is loaded in the player.
        CapabilityLimit: the position is past the end of the track, or the item is live radio.
    """
    if (position_s is None) == (offset_s is None):
        raise InvalidArguments("give exactly one of position_s or offset_s")
    if position_s is not None and position_s < 0:
        raise InvalidArguments(f"position_s must not be negative, got {position_s}", field="position_s")
    st = _player(s)
    rec = _require_loaded(s, st, "seek")
    if rec["kind"] == "radio":
        raise CapabilityLimit(f"{rec['title']} is live radio; it has no position to seek to")
    target = position_s if position_s is not None else max(0, st["position_s"] + (offset_s or 0))
    if target > rec["duration_s"]:
        raise CapabilityLimit(
            f"{rec['title']} is only {rec['duration_s']} s long; cannot seek to {target} s",
            duration_s=rec["duration_s"],
        )
    started = s.now_iso() if st["status"] == "playing" else None
    new = _put_player(s, {**st, "position_s": target, "started_at": started})
    return ok(f"{rec['title']} at {target} s", _view(s, new))


@tool(DOMAIN, mutates=True)
def set_playback_mode(s: PhoneState, shuffle: bool | None = None, repeat: Repeat | None = None) -> Ok:
    """Turn shuffle on or off and choose the repeat mode; turning shuffle on reorders the up-next queue.

    Args:
        shuffle: true to shuffle, false to play in order, e.g. true.
        repeat: "off", "one" (repeat the current track) or "all" (repeat the playlist), e.g. "all".

    Returns:
        The player state after the change (as get_now_playing).

    Raises:
        InvalidArguments: neither shuffle nor repeat was given.
    """
    if shuffle is None and repeat is None:
        raise InvalidArguments("give shuffle, repeat or both")
    st = _player(s)
    new = dict(st)
    if repeat is not None:
        new["repeat"] = repeat
    if shuffle is not None and shuffle != st["shuffle"]:
        new["shuffle"] = shuffle
        if shuffle:
            new["queue"] = _shuffled(st["queue"], f"{st['context']}:{s.now_iso()}")
        elif st["context"] and (p := s.get("playlists", st["context"])) is not None:
            pending = set(st["queue"])
            ordered = [m for m in p["media_ids"] if m in pending]
            new["queue"] = ordered + [m for m in st["queue"] if m not in set(ordered)]
    if new != st:
        _put_player(s, new)
    return ok(f"Shuffle {'on' if new['shuffle'] else 'off'}, repeat {new['repeat']}", _view(s, new))


@tool(DOMAIN, mutates=True)
def add_to_queue(s: PhoneState, media_ids: list[str], play_next: bool = False) -> Ok:
    """Add tracks to the player's up-next queue, at the end or to play next.

    Args:
        media_ids: Songs, episodes or audiobooks to queue, in order, e.g. ["song_007", "song_025"].
        play_next: Put them right after the current item instead of at the end, e.g. true.

    Returns:
        The player state after queueing (as get_now_playing).

    Raises:
        InvalidArguments: media_ids is empty.
        NotFound: a media ID does not exist.
        CapabilityLimit: an ID names a podcast or radio station, or the queue would exceed 500 tracks.
    """
    recs = _check_ids(s, media_ids, "media_ids")
    st = _player(s)
    ids = [r["id"] for r in recs]
    if len(st["queue"]) + len(ids) > MAX_QUEUE:
        raise CapabilityLimit(f"the queue holds at most {MAX_QUEUE} tracks", queue_length=len(st["queue"]))
    queue = ids + list(st["queue"]) if play_next else list(st["queue"]) + ids
    new = _put_player(s, {**st, "queue": queue})
    where = "to play next" if play_next else "at the end of the queue"
    return ok(f"Queued {len(ids)} tracks {where}", _view(s, new))


@tool(DOMAIN, mutates=True)
def set_playback_output(s: PhoneState, output: str) -> Ok:
    """Send media audio to the phone speaker or to a connected Bluetooth audio device.

    Args:
        output: "speaker", or the ID of a connected Bluetooth headphone, speaker or car device,
            e.g. "speaker".

    Returns:
        The player state with the new ``output`` (as get_now_playing).

    Raises:
        PreconditionFailed: Bluetooth is off, or the device is paired but not connected.
        NotFound: no Bluetooth device has this ID.
        CapabilityLimit: the device cannot play audio (e.g. a watch or keyboard).
    """
    target = output.strip()
    st = _player(s)
    if target.casefold() in ("speaker", "phone", "phone speaker"):
        target = "speaker"
    else:
        if not s.setting("network.bluetooth", False):
            raise PreconditionFailed(
                "Bluetooth is off; turn it on and connect the device first",
                setting="network.bluetooth",
                required=True,
                current=False,
            )
        dev = _device(s, target)
        if dev is None:
            raise NotFound(
                f'no Bluetooth device with id {target!r}; use "speaker" or a paired device ID', output=output
            )
        name = dev.get("name", target)
        if not _audio_ok(dev):
            raise CapabilityLimit(f"{name} is a {_device_type(dev)}, not an audio device", device_id=target)
        if not _connected(dev):
            raise PreconditionFailed(f"{name} is not connected; connect it first", device_id=target)
    new = _put_player(s, {**st, "output": target}) if st.get("output") != target else st
    view = _view(s, new)
    return ok(f"Media audio now plays on {view['output']['name']}", view)


@tool(DOMAIN, mutates=True)
def set_playback_volume(s: PhoneState, level: int) -> Ok:
    """Set the media volume (the ``volume.media`` setting used by music, podcasts and videos).

    Args:
        level: Volume from 0 (mute) to 100, e.g. 35.

    Returns:
        ``{"setting": "volume.media", "previous", "value", "output"}``.

    Raises:
        InvalidArguments: the level is outside 0-100.
    """
    if not 0 <= level <= 100:
        raise InvalidArguments(f"the media volume goes from 0 to 100, got {level}", field="level")
    previous = s.setting("volume.media")
    if previous != level:
        s.set_setting("volume.media", level)
    out = _output(s, _player(s))
    data = {"setting": "volume.media", "previous": previous, "value": level, "output": out}
    return ok(f"Media volume {previous} → {level} ({out['name']})", data)


@tool(DOMAIN, mutates=True)
def start_sleep_timer(s: PhoneState, minutes: int) -> Ok:
    """Pause playback automatically after some minutes (a Clock timer; stop_timer cancels it).

    Starting a new sleep timer stops the previous one.

    Args:
        minutes: Minutes until playback pauses (1-720), e.g. 30.

    Returns:
        The timer record (id, label, duration_s, started_at, ends_at, status, stopped_at) and what will
        pause.

    Raises:
        InvalidArguments: minutes is below 1.
        CapabilityLimit: minutes is above 720 (12 hours).
        PreconditionFailed: nothing is loaded in the player.
    """
    if minutes < 1:
        raise InvalidArguments(f"minutes must be at least 1, got {minutes}", field="minutes")
    if minutes > MAX_SLEEP_MIN:
        raise CapabilityLimit(f"the sleep timer runs at most {MAX_SLEEP_MIN} minutes, got {minutes}")
    st = _player(s)
    rec = _require_loaded(s, st, "set a sleep timer")
    now = s.now()
    old_id = st.get("sleep_timer_id")
    old = s.get("timers", old_id) if old_id else None
    if old is not None and old["status"] == "running" and old["ends_at"] > s.now_iso():
        s.update("timers", old_id, status="stopped", stopped_at=s.now_iso())
    timer = {
        "id": s.new_id("timer"),
        "label": "Sleep timer",
        "duration_s": minutes * 60,
        "started_at": now.isoformat(timespec="seconds"),
        "ends_at": (now + timedelta(minutes=minutes)).isoformat(timespec="seconds"),
        "status": "running",
        "stopped_at": None,
    }
    s.put("timers", timer["id"], timer)
    _put_player(s, {**st, "sleep_timer_id": timer["id"]})
    return ok(
        f"Playback pauses at {timer['ends_at']} (timer {timer['id']})",
        {**timer, "item": _summary(rec), "replaced_timer_id": old_id if old is not None else None},
    )


# --------------------------------------------------------------------------- camera and gallery
@tool(DOMAIN, mutates=True, permission=CAMERA)
def take_photo(s: PhoneState, mode: PhotoMode = "photo", album: str | None = None) -> Ok:
    """Take a photo with the camera; it is saved to the gallery and uses storage.

    The photo is tagged with the current location when the Camera app has the LOCATION permission.

    Args:
        mode: Camera mode, e.g. "portrait"; "selfie" uses the front camera.
        album: Album name or ID to save into, e.g. "Family"; the "Camera" album when omitted.

    Returns:
        The new photo record (id, name, time, kind, mode, location, size_mb, album, favorite, duration_s)
        and ``free_mb`` left.

    Raises:
        PermissionDenied: the Camera app lacks the CAMERA permission.
        NotFound: no album has this name or ID.
        PreconditionFailed: there is not enough free storage.
    """
    album_id = _album(s, album)["id"] if album is not None else "album_camera"
    rec = _capture(s, "photo", mode, PHOTO_MB[mode], album_id, None, _location(s))
    return ok(f"Saved {mode} photo {rec['id']} ({rec['name']})", {**rec, "free_mb": _free_mb(s)})


@tool(DOMAIN, mutates=True, permission=CAMERA)
def record_video(s: PhoneState, duration_s: int, mode: VideoMode = "video", album: str | None = None) -> Ok:
    """Record a video of a given length with the camera; it is saved to the gallery and uses storage.

    Args:
        duration_s: Length of the recording in seconds (1-3600), e.g. 30.
        mode: Video mode, e.g. "slow_motion".
        album: Album name or ID to save into, e.g. "Trips"; the "Camera" album when omitted.

    Returns:
        The new video record (id, name, time, kind, mode, location, size_mb, album, favorite, duration_s)
        and ``free_mb`` left.

    Raises:
        InvalidArguments: duration_s is below 1.
        CapabilityLimit: duration_s is above 3600 (one hour).
        PermissionDenied: the Camera app lacks the CAMERA or the MICROPHONE permission.
        NotFound: no album has this name or ID.
        PreconditionFailed: there is not enough free storage for the video.
    """
    if duration_s < 1:
        raise InvalidArguments(f"duration_s must be at least 1, got {duration_s}", field="duration_s")
    if duration_s > MAX_VIDEO_S:
        raise CapabilityLimit(f"videos are limited to {MAX_VIDEO_S} s, got {duration_s}")
    check_permission(s, "camera", "MICROPHONE")
    album_id = _album(s, album)["id"] if album is not None else "album_camera"
    size = round(duration_s * VIDEO_MB_PER_S[mode], 1)
    rec = _capture(s, "video", mode, size, album_id, duration_s, _location(s))
    return ok(
        f"Saved {duration_s} s video {rec['id']} ({mode}, {rec['size_mb']} MB)",
        {**rec, "free_mb": _free_mb(s)},
    )


@tool(DOMAIN, mutates=True)
def start_screen_recording(s: PhoneState, with_audio: bool = False) -> Ok:
    """Start recording the screen; Android first asks the user's consent for this session (an earlier
    session's consent is not reused). If the user declines, nothing is recorded: tell them, don't retry.
    stop_screen_recording saves the video to the gallery.

    Args:
        with_audio: Also record the microphone, e.g. true.

    Returns:
        ``{"started_at", "with_audio", "free_mb", "consent": {"asked": true, "answer": "allow"}}``; when
        the user declines, ``{"started": false, "consent": {"asked": true, "answer": "decline"}}``.

    Raises:
        Conflict: the screen is already being recorded.
        PreconditionFailed: less than 100 MB of storage is free.
    """
    current = s.get("screen_recording", "current")
    if current is not None:
        raise Conflict(f"the screen is already being recorded since {current['started_at']}", **current)
    free = _free_mb(s)
    if free < SCREEN_MIN_FREE_MB:
        raise PreconditionFailed(
            f"screen recording needs at least {SCREEN_MIN_FREE_MB} MB free, {free:g} MB free",
            setting="storage.free_mb",
            free_mb=free,
        )
    answer = (s.get("screen_recording", "consent") or {}).get("answer", "allow")
    consent = {"asked": True, "answer": answer}
    if answer != "allow":
        return ok(
            "Asked the user's consent to record the screen: they declined, so the recording did not start",
            {"started": False, "consent": consent},
        )
    rec = {"started_at": s.now_iso(), "with_audio": with_audio}
    s.put("screen_recording", "current", rec)
    return ok(
        "The user allowed recording; screen recording started", {**rec, "free_mb": free, "consent": consent}
    )


@tool(DOMAIN, mutates=True)
def stop_screen_recording(s: PhoneState) -> Ok:
    """Stop the screen recording and save it to the "Screen recordings" album.

    Returns:
        The saved recording (id, name, time, kind "screen_recording", mode, location, size_mb, album,
        favorite, duration_s) and ``free_mb`` left.

    Raises:
        PreconditionFailed: no screen recording is running.
    """
    current = s.get("screen_recording", "current")
    if current is None:
        raise PreconditionFailed("no screen recording is running; start one with start_screen_recording")
    duration = max(1, int((s.now() - datetime.fromisoformat(current["started_at"])).total_seconds()))
    size = max(0.1, min(round(duration * SCREEN_MB_PER_S, 1), _free_mb(s)))
    mode = "screen_audio" if current["with_audio"] else "screen"
    s.delete("screen_recording", "current")
    rec = _capture(s, "screen_recording", mode, size, "album_screen", duration, None)
    return ok(f"Saved screen recording {rec['id']} ({duration} s)", {**rec, "free_mb": _free_mb(s)})


@tool(DOMAIN, permission=GALLERY)
def list_photos(
    s: PhoneState,
    kind: CaptureKind | None = None,
    album: str | None = None,
    date_from: str | None = None,
    date_to: str | None = None,
    query: str | None = None,
    favorites_only: bool = False,
    limit: int = 20,
) -> Ok:
    """List or search photos, videos and screen recordings in the gallery, newest first.

    Args:
        kind: Only this kind, e.g. "video".
        album: Only this album, by name or ID, e.g. "Family".
        date_from: Earliest day to include, e.g. "2026-05-17".
        date_to: Last day to include, e.g. "2026-05-19".
        query: Case-insensitive text matched against location, file name and mode, e.g. "Dolores Park".
        favorites_only: Only favorites, e.g. true.
        limit: Maximum number of items (1-100), e.g. 20.

    Returns:
        Photo records (id, name, time, kind, mode, location, size_mb, album, favorite, duration_s) with
        ``album_name``; the message says how many match and lists the album names.

    Raises:
        InvalidArguments: a date is malformed, the range is empty or the limit is out of range.
        NotFound: no album has this name or ID.
        PermissionDenied: the Gallery app lacks PHOTOS_VIDEOS (READ_MEDIA_IMAGES, READ_MEDIA_VIDEO).
    """
    _check_limit(limit)
    lo = _parse_date(date_from, "date_from") if date_from else ""
    hi = _parse_date(date_to, "date_to") + "T99" if date_to else ""
    if lo and hi and hi < lo:
        raise InvalidArguments(f"date_to {date_to!r} is before date_from {date_from!r}", field="date_to")
    album_id = _album(s, album)["id"] if album is not None else None
    q = query.strip().casefold() if query else ""
    key = (kind, album_id, favorites_only, lo, hi, q)
    rows = s.unwritten_memo("list_photos", ("photos",), key, lambda: _photo_rows(s, *key))
    names = {a["id"]: a["name"] for a in s.values("albums")}
    out = [{**p, "album_name": names.get(p["album"])} for p in rows[:limit]]
    more = f" (showing {len(out)})" if len(out) < len(rows) else ""
    return ok(f"{len(rows)} items{more}; albums: {', '.join(names.values())}", out)


def _photo_rows(
    s: PhoneState, kind: str | None, album_id: str | None, favorites_only: bool, lo: str, hi: str, q: str
) -> list[Record]:
    """Every gallery item ``list_photos`` lists for these filters, newest first."""
    rows = [
        p
        for p in s.values("photos")
        if (kind is None or p["kind"] == kind)
        and (album_id is None or p["album"] == album_id)
        and (not favorites_only or p["favorite"])
        and (not lo or p["time"] >= lo)
        and (not hi or p["time"] <= hi)
        and (not q or q in f"{p['location'] or ''}\n{p['name']}\n{p['mode']}".casefold())
    ]
    rows.sort(key=lambda p: (p["time"], p["id"]), reverse=True)
    return rows


@tool(DOMAIN, mutates=True, permission=GALLERY)
def create_album(s: PhoneState, name: str, photo_ids: list[str] | None = None) -> Ok:
    """Create a gallery album and move photos or videos into it.

    Args:
        name: The album's name, e.g. "Emma's school play".
        photo_ids: Photos or videos to move into the new album, e.g. ["photo_002", "photo_003"].

    Returns:
        The album ``{"id", "name", "created_at"}`` and ``moved``, the photo IDs moved into it.

    Raises:
        InvalidArguments: the name is empty.
        AlreadyExists: an album already has this name.
        NotFound: a photo ID does not exist.
        PermissionDenied: the Gallery app lacks PHOTOS_VIDEOS (READ_MEDIA_IMAGES, READ_MEDIA_VIDEO).
    """
    name = _text(name, "name")
    key = name.casefold()
    for a in s.values("albums"):
        if a["name"].casefold() == key:
            raise AlreadyExists(f"an album named {a['name']!r} already exists ({a['id']})", album_id=a["id"])
    ids = list(dict.fromkeys(photo_ids or []))
    for pid in ids:
        _photo_rec(s, pid)
    aid = s.new_id("album")
    rec = {"id": aid, "name": name, "created_at": s.now_iso()}
    s.put("albums", aid, rec)
    for pid in ids:
        s.update("photos", pid, album=aid)
    return ok(f"Created album {name!r} ({aid}) with {len(ids)} items", {**rec, "moved": ids})


@tool(DOMAIN, mutates=True, permission=("messages", "SMS"))
def share_photo(s: PhoneState, photo_id: str, contact_id: str, caption: str = "") -> Ok:
    """Send a photo or video to a contact as a message (MMS) in their Messages thread.

    Args:
        photo_id: The photo or video to send, e.g. "photo_002".
        contact_id: The recipient's contact ID, e.g. "contact_006".
        caption: Text to send with it, e.g. "Emma at the park!".

    Returns:
        The stored outgoing message (id, thread_id, contact_id, phone, direction, text, time, read); the
        text names the attached file.

    Raises:
        NotFound: no photo or no contact has this ID.
        CapabilityLimit: the file is larger than the 100 MB message limit.
        PreconditionFailed: airplane mode is on (a blocked number can still be texted).
        PermissionDenied: the Messages app lacks the SMS permission.
    """
    photo = _photo_rec(s, photo_id)
    contact = s.get("contacts", contact_id)
    if contact is None:
        raise NotFound(f"no contact with id {contact_id!r}; search_contacts finds IDs", contact_id=contact_id)
    if photo["size_mb"] > MAX_MMS_MB:
        raise CapabilityLimit(
            f"{photo['name']} is {photo['size_mb']} MB; messages carry at most {MAX_MMS_MB:.0f} MB",
            size_mb=photo["size_mb"],
        )
    phone = contact["phone"]
    if s.setting("network.airplane_mode", False):
        raise PreconditionFailed(
            "cannot send a message while airplane mode is on; turn airplane mode off first",
            setting="network.airplane_mode",
            required=False,
            current=True,
        )
    body = " ".join(caption.split())
    attach = f"[{photo['kind'].replace('_', ' ')}: {photo['name']}]"
    mid = s.new_id("msg")
    msg = {
        "id": mid,
        "thread_id": f"thread_{contact_id}",
        "contact_id": contact_id,
        "phone": phone,
        "direction": "out",
        "text": f"{body} {attach}" if body else attach,
        "time": s.now_iso(),
        "read": True,
    }
    s.put("messages", mid, msg)
    return ok(f"Sent {photo['name']} to {contact['name']}", msg)


# --------------------------------------------------------------------------- recognition
@tool(DOMAIN, mutates=True, permission=("assistant", "MICROPHONE"))
def recognize_song(s: PhoneState) -> Ok:
    """Identify the song playing around the phone by listening through the microphone.

    The result is saved in the recognition history; ``media_id`` is set when the song is in the library
    (so it can be liked, queued or added to a playlist).

    Returns:
        ``{"id", "time", "title", "artist", "album", "media_id", "year", "genre"}``.

    Raises:
        PermissionDenied: the Assistant app lacks the MICROPHONE permission.
        PreconditionFailed: the phone is offline.
        CapabilityLimit: no music can be heard, or it is too quiet to identify.
    """
    _require_online(s, "identify a song")
    heard = s.get("ambient_audio", "current")
    if heard is None:
        raise CapabilityLimit("no music can be heard right now; nothing to identify")
    if heard.get("loudness_db", 0) < MIN_RECOGNIZE_DB:
        raise CapabilityLimit("the music is too quiet to identify; move closer to the source and try again")
    title, artist = heard["title"].casefold(), heard["artist"].casefold()
    media_id = next(
        (
            m["id"]
            for m in s.values("media")
            if m["kind"] == "song" and m["title"].casefold() == title and m["artist"].casefold() == artist
        ),
        None,
    )
    rid = s.new_id("rec")
    rec = {
        "id": rid,
        "time": s.now_iso(),
        "title": heard["title"],
        "artist": heard["artist"],
        "album": heard.get("album"),
        "media_id": media_id,
    }
    s.put("song_recognitions", rid, rec)
    where = f" (in your library as {media_id})" if media_id else ""
    return ok(
        f"That's {heard['title']} by {heard['artist']}{where}",
        {**rec, "year": heard.get("year"), "genre": heard.get("genre")},
    )
