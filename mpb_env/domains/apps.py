"""Apps & Storage: installed apps, the app store, notifications, usage stats, files and storage cleanup.

Tables:
    apps: ``{app_id: {"id", "name", "package", "category", "permissions": {PERM: bool}, "size_mb",
        "notifications": bool, "running": bool, "background": bool, "system": bool, "cache_mb", "data_mb",
        "version", "installed_at", "last_used": str | None, "roles": [DefaultRole], "usage": {"today_min",
        "week_min", "launches_today", "launches_week"}, "permission_usage": {PERM: last access ISO},
        "permission_modes": {PERM: mode}}}``. ``permission_modes`` (optional) follows Android 11+'s
        permission dialog: a granted permission is "allow" (absent; for LOCATION "Allow all the time"),
        "while_using" or "only_this_time" (LOCATION, CAMERA and MICROPHONE only; a one-time grant lapses
        to "ask_every_time" when the app is closed); a withheld one is "ask_every_time" (the app asks on
        each use) or denied (absent).
        As on Android 13+, the ``NOTIFICATIONS`` permission (``POST_NOTIFICATIONS``) and the
        ``notifications`` switch are one setting: granting or revoking the one, or switching the other,
        writes both (revoking dismisses the app's notifications, as switching them off does).
        ``PERM`` is one of ``Permission``, Android 13's groups: ``PHOTOS_VIDEOS`` (``READ_MEDIA_IMAGES``,
        ``READ_MEDIA_VIDEO``) and ``MUSIC_AUDIO`` (``READ_MEDIA_AUDIO``) replace the old ``STORAGE``, and
        ``NEARBY_DEVICES`` (``BLUETOOTH_CONNECT``, ``NEARBY_WIFI_DEVICES``) guards reaching nearby devices.
        Calls may name a permission as Android does (``ANDROID_NAMES``); it is validated, logged and
        stored as the group.
        Other domains' tools act *through* an app and name the permission they need
        (``@tool(..., permission=("messages", "SMS"))``); a task's S0 may revoke one to inject a
        PermissionDenied block, which ``grant_app_permission`` resolves. Records written by a task patch or
        by another domain may carry only the first eight fields: every tool reads the rest with defaults.
        ``system`` apps (the seven ``SYSTEM_APPS`` plus camera, gallery, browser, maps, files, app_store,
        and notes, which Utilities & Productivity adds) cannot be uninstalled.
    store_apps: ``{app_id: {"id", "name", "package", "category", "developer", "size_mb", "version", "rating",
        "permissions": [PERM], "roles": [DefaultRole], "compatible": bool, "incompatible_reason"}}``: the
        app store catalogue; an installed app keeps its store ID, and a store ``version`` newer than the
        installed one is an available update.
    default_apps: ``{role: {"role", "app_id"}}``: the default app for each role (browser, sms, ...).
    notifications: ``{notif_id: {"id", "app_id", "title", "text", "time"}}``: the notification shade.
    files: ``{file_id: {"id", "name", "folder", "kind", "size_mb", "modified", "trashed": bool,
        "trashed_at": str | None}}``. ``folder`` is one of ``Folder``; ``kind`` is document, image, audio,
        video, archive, or one of the junk kinds installer, temp, log. Trashed files sit in the recycle bin
        and still use storage until it is emptied. Photos are the ``photos`` table (Media), read here only
        to report storage.

Settings: ``storage.free_mb`` (MB; System Settings' ``device.storage_total_mb`` is the capacity).
Installing or updating takes free space; clearing caches, junk, the recycle bin or uninstalling gives it
back. Installing and updating need a connection (Wi-Fi, or mobile data outside airplane mode).
"""

from __future__ import annotations

import random
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator

from mpb_env.errors import (
    AlreadyExists,
    CapabilityLimit,
    Conflict,
    InvalidArguments,
    NotFound,
    PreconditionFailed,
)
from mpb_env.tools.runtime import Ok, ok, tool
from mpb_env.world.state import PhoneState, Record, Tables

DOMAIN = "Apps & Storage"
SEED_ORDER = 10

Permission = Literal[
    "CONTACTS",
    "PHONE",
    "SMS",
    "CALENDAR",
    "LOCATION",
    "CAMERA",
    "MICROPHONE",
    "PHOTOS_VIDEOS",
    "MUSIC_AUDIO",
    "NEARBY_DEVICES",
    "NOTIFICATIONS",
]
#: Android's own names for each group: the manifest permissions (``android.permission.X``) and the
#: platform's group names (``android.permission-group.X``) where they differ from the sandbox's.
ANDROID_NAMES: dict[str, tuple[str, ...]] = {
    "CONTACTS": ("READ_CONTACTS", "WRITE_CONTACTS", "GET_ACCOUNTS"),
    "PHONE": ("CALL_PHONE", "READ_PHONE_STATE", "READ_PHONE_NUMBERS", "ANSWER_PHONE_CALLS", "READ_CALL_LOG",
              "WRITE_CALL_LOG", "CALL_LOG"),
    "SMS": ("SEND_SMS", "READ_SMS", "RECEIVE_SMS", "RECEIVE_MMS"),
    "CALENDAR": ("READ_CALENDAR", "WRITE_CALENDAR"),
    "LOCATION": ("ACCESS_FINE_LOCATION", "ACCESS_COARSE_LOCATION", "ACCESS_BACKGROUND_LOCATION"),
    "CAMERA": (),
    "MICROPHONE": ("RECORD_AUDIO",),
    "PHOTOS_VIDEOS": ("READ_MEDIA_IMAGES", "READ_MEDIA_VIDEO", "READ_MEDIA_VISUAL_USER_SELECTED",
                      "READ_MEDIA_VISUAL", "PHOTOS_AND_VIDEOS"),
    "MUSIC_AUDIO": ("READ_MEDIA_AUDIO", "READ_MEDIA_AURAL", "MUSIC_AND_AUDIO"),
    "NEARBY_DEVICES": ("NEARBY_WIFI_DEVICES", "BLUETOOTH_CONNECT", "BLUETOOTH_SCAN", "BLUETOOTH_ADVERTISE",
                       "UWB_RANGING"),
    "NOTIFICATIONS": ("POST_NOTIFICATIONS",),
}  # fmt: skip
_GROUP_OF: dict[str, str] = {alias: g for g, names in ANDROID_NAMES.items() for alias in (g, *names)}
#: Android 13 split external storage into the media permissions; the old names no longer name one.
_SPLIT_STORAGE = frozenset({"STORAGE", "READ_EXTERNAL_STORAGE", "WRITE_EXTERNAL_STORAGE"})


def permission_group(value: object) -> object:
    """The sandbox's group name for an Android spelling of a permission (anything else unchanged, for
    the ``Permission`` literal to refuse); the pre-13 storage permission is refused by name.

    >>> permission_group("android.permission.READ_MEDIA_IMAGES"), permission_group("post_notifications")
    ('PHOTOS_VIDEOS', 'NOTIFICATIONS')
    >>> permission_group("NEARBY_WIFI_DEVICES"), permission_group("camera"), permission_group(3)
    ('NEARBY_DEVICES', 'CAMERA', 3)
    """
    if not isinstance(value, str):
        return value
    key = "_".join(value.strip().upper().replace("-", " ").split())
    for prefix in ("ANDROID.PERMISSION_GROUP.", "ANDROID.PERMISSION."):
        key = key.removeprefix(prefix)
    if key in _SPLIT_STORAGE:
        raise ValueError(
            "Android 13 split storage into the media permissions: name PHOTOS_VIDEOS (READ_MEDIA_IMAGES, "
            "READ_MEDIA_VIDEO) for photos and videos or MUSIC_AUDIO (READ_MEDIA_AUDIO) for audio files"
        )
    return _GROUP_OF.get(key, value)


#: A permission as a call names it: the group, or Android's spelling of it (normalised to the group
#: before the call is validated and logged, so checkers compare one name).
PermissionName = Annotated[Permission, BeforeValidator(permission_group)]
#: How a permission is granted (Android 11+ permission dialog and the app's permission settings).
GrantMode = Literal["allow", "while_using", "only_this_time", "ask_every_time"]
#: The permissions Android grants "while using the app" / "only this time" (the others: Allow / Don't allow).
WHILE_IN_USE = frozenset({"LOCATION", "CAMERA", "MICROPHONE"})
DefaultRole = Literal["browser", "sms", "phone", "email", "maps", "music", "camera", "gallery", "assistant"]
Folder = Literal["Documents", "Downloads", "Screenshots", "Recordings", "Music", "Movies"]
FileSort = Literal["modified", "name", "size"]
UsagePeriod = Literal["today", "week"]

# The system apps every other domain acts through: (id, name, package, category, permissions).
SYSTEM_APPS: list[tuple[str, str, str, str, tuple[str, ...]]] = [
    ("phone", "Phone", "com.android.dialer", "communication", ("PHONE", "CONTACTS")),
    ("messages", "Messages", "com.android.messaging", "communication", ("SMS", "CONTACTS")),
    ("contacts", "Contacts", "com.android.contacts", "communication", ("CONTACTS",)),
    ("mail", "Mail", "com.android.email", "communication", ("CONTACTS", "PHOTOS_VIDEOS")),
    ("calendar", "Calendar", "com.android.calendar", "productivity", ("CALENDAR", "CONTACTS")),
    ("clock", "Clock", "com.android.deskclock", "productivity", ("NOTIFICATIONS",)),
    (
        "assistant",
        "Assistant",
        "com.mobilepa.assistant",
        "productivity",
        ("MICROPHONE", "CONTACTS", "LOCATION", "NEARBY_DEVICES"),
    ),
]

MAX_LIMIT = 100
JUNK_KINDS = frozenset({"installer", "temp", "log"})
#: Notifications of these apps cannot be turned off (incoming calls must always ring through).
_LOCKED_NOTIFICATIONS = frozenset({"phone"})

# Roles each core app can fill (records carry "roles"; this covers records patched without it).
APP_ROLES: dict[str, tuple[str, ...]] = {
    "phone": ("phone",),
    "messages": ("sms",),
    "mail": ("email",),
    "assistant": ("assistant",),
    "camera": ("camera",),
    "gallery": ("gallery",),
    "browser": ("browser",),
    "maps": ("maps",),
    "chrome": ("browser",),
    "firefox": ("browser",),
    "outlook": ("email",),
    "spotify": ("music",),
    "waze": ("maps",),
    "signal": ("sms",),
    "pandora": ("music",),
    "citymapper": ("maps",),
}
# The system app a role falls back to when its default app is uninstalled.
_ROLE_FALLBACK: dict[str, str] = {
    "browser": "browser",
    "sms": "messages",
    "phone": "phone",
    "email": "mail",
    "maps": "maps",
    "camera": "camera",
    "gallery": "gallery",
    "assistant": "assistant",
}
_DEFAULTS: dict[str, str] = {**_ROLE_FALLBACK, "music": "spotify"}

# --------------------------------------------------------------------------- world
# System apps' details: (cache_mb, data_mb, version, last_used, (today_min, week_min, launches today/week),
# permission_usage).
_SYSTEM_DETAILS: dict[str, tuple[int, int, str, str, tuple[int, int, int, int], dict[str, str]]] = {
    "phone": (12, 40, "15.0.2", "2026-05-19T19:04:00", (0, 38, 0, 11), {}),
    "messages": (85, 310, "15.0.4", "2026-05-20T08:56:00", (6, 74, 4, 52), {}),
    "contacts": (8, 25, "15.0.1", "2026-05-19T11:14:00", (0, 6, 0, 5), {}),
    "mail": (210, 640, "15.1.0", "2026-05-20T08:07:00", (9, 96, 3, 30), {}),
    "calendar": (30, 55, "15.0.3", "2026-05-20T07:58:00", (2, 21, 2, 19), {}),
    "clock": (3, 6, "15.0.0", "2026-05-20T08:30:00", (1, 8, 1, 12), {}),
    "assistant": (120, 260, "3.4.0", "2026-05-20T08:58:00", (4, 40, 3, 27), {"MICROPHONE": "2026-05-20T08:58:00"}),
}  # fmt: skip

# Pre-installed system apps beyond SYSTEM_APPS and the hand-written third-party apps:
# (id, name, package, category, permissions ("-X" = requested but denied), size_mb, cache_mb, data_mb,
#  version, last_used, notifications, running, background, usage, permission_usage).
_AppRow = tuple[str, str, str, str, str, int, int, int, str, str | None, bool, bool, bool,
                tuple[int, int, int, int], dict[str, str]]  # fmt: skip
PREINSTALLED: list[_AppRow] = [
    ("camera", "Camera", "com.android.camera", "photography", "CAMERA MICROPHONE LOCATION PHOTOS_VIDEOS", 95, 140, 20,
     "15.0.6", "2026-05-19T20:14:00", True, False, False, (0, 12, 0, 9),
     {"CAMERA": "2026-05-19T20:14:00", "LOCATION": "2026-05-19T20:14:00"}),
    ("gallery", "Gallery", "com.android.gallery3d", "photography", "PHOTOS_VIDEOS", 70, 390, 45,
     "15.0.5", "2026-05-20T08:12:00", True, False, False, (3, 30, 2, 17), {}),
    ("browser", "Browser", "com.android.browser", "internet", "LOCATION PHOTOS_VIDEOS -CAMERA -MICROPHONE", 160, 520, 90,
     "124.0.1", "2026-05-18T21:40:00", True, False, False, (0, 18, 0, 6), {"LOCATION": "2026-05-18T21:41:00"}),
    ("maps", "Maps", "com.google.android.apps.maps", "navigation", "LOCATION MICROPHONE NOTIFICATIONS", 240, 610, 380,
     "11.128.0", "2026-05-20T08:40:00", True, True, False, (12, 95, 2, 14), {"LOCATION": "2026-05-20T08:41:00"}),
    ("files", "Files", "com.android.documentsui", "tools", "PHOTOS_VIDEOS MUSIC_AUDIO NOTIFICATIONS", 25, 30, 8,
     "15.0.2", "2026-05-17T10:02:00", True, False, False, (0, 4, 0, 2), {}),
    ("app_store", "App Store", "com.android.vending", "tools", "NOTIFICATIONS", 110, 260, 60,
     "41.2.19", "2026-05-16T19:30:00", True, False, False, (0, 9, 0, 3), {}),
]  # fmt: skip
THIRD_PARTY: list[_AppRow] = [
    ("spotify", "Spotify", "com.spotify.music", "music", "MUSIC_AUDIO NOTIFICATIONS -MICROPHONE -NEARBY_DEVICES", 180, 1450, 2100,
     "8.9.42", "2026-05-20T08:10:00", True, True, True, (35, 410, 3, 24), {}),
    ("whatsapp", "WhatsApp", "com.whatsapp", "communication",
     "CONTACTS CAMERA MICROPHONE PHOTOS_VIDEOS MUSIC_AUDIO NOTIFICATIONS LOCATION", 120, 640, 3200,
     "2.26.9", "2026-05-20T08:12:00", True, False, True, (22, 190, 9, 71),
     {"CAMERA": "2026-05-19T20:10:00", "MICROPHONE": "2026-05-19T20:10:00", "LOCATION": "2026-05-16T13:00:00"}),
    ("uber", "Uber", "com.ubercab", "travel", "LOCATION PHONE NOTIFICATIONS", 310, 210, 95,
     "4.512.1", "2026-05-19T22:25:00", True, False, False, (0, 14, 0, 3), {"LOCATION": "2026-05-19T22:30:00"}),
    ("lyft", "Lyft", "me.lyft.android", "travel", "-LOCATION NOTIFICATIONS", 160, 60, 40,
     "14.3.0", "2026-04-28T18:02:00", True, False, False, (0, 0, 0, 0), {}),
    ("airline", "United Airlines", "com.united.mobile", "travel", "LOCATION NOTIFICATIONS CAMERA", 140, 85, 60,
     "5.18.0", "2026-05-19T10:05:00", True, False, False, (0, 6, 0, 2), {"LOCATION": "2026-05-19T10:05:00"}),
    ("airbnb", "Airbnb", "com.airbnb.android", "travel", "LOCATION NOTIFICATIONS", 190, 240, 70,
     "24.18.1", "2026-05-02T21:15:00", True, False, False, (0, 0, 0, 0), {}),
    ("wallet", "Wallet", "com.google.android.apps.walletnfcrel", "finance", "CAMERA LOCATION NOTIFICATIONS",
     85, 40, 30, "26.4.1", "2026-05-20T07:48:00", True, False, False, (1, 6, 1, 9), {}),
    ("chrome", "Chrome", "com.android.chrome", "internet", "LOCATION PHOTOS_VIDEOS CAMERA MICROPHONE NOTIFICATIONS",
     280, 890, 340, "125.0.6422", "2026-05-20T08:25:00", True, True, False, (18, 160, 5, 44),
     {"LOCATION": "2026-05-20T08:26:00"}),
    ("firefox", "Firefox", "org.mozilla.firefox", "internet", "PHOTOS_VIDEOS", 230, 120, 60,
     "126.0", "2026-03-30T12:00:00", True, False, False, (0, 0, 0, 0), {}),
    ("outlook", "Outlook", "com.microsoft.office.outlook", "productivity", "CONTACTS CALENDAR NOTIFICATIONS",
     250, 310, 420, "4.2418.0", "2026-05-19T17:30:00", True, False, False, (0, 25, 0, 8), {}),
    ("slack", "Slack", "com.Slack", "productivity", "CAMERA MICROPHONE PHOTOS_VIDEOS NOTIFICATIONS", 210, 380, 260,
     "24.05.10", "2026-05-20T08:48:00", True, False, True, (8, 120, 4, 38), {"MICROPHONE": "2026-05-18T15:02:00"}),
    ("zoom", "Zoom", "us.zoom.videomeetings", "productivity", "CAMERA MICROPHONE NOTIFICATIONS", 200, 95, 80,
     "6.0.11", "2026-05-18T15:00:00", True, False, False, (0, 55, 0, 2),
     {"CAMERA": "2026-05-18T15:00:00", "MICROPHONE": "2026-05-18T15:55:00"}),
    ("instagram", "Instagram", "com.instagram.android", "social",
     "CAMERA -MICROPHONE PHOTOS_VIDEOS NOTIFICATIONS -LOCATION", 320, 980, 410,
     "331.0.0", "2026-05-20T07:55:00", True, False, False, (14, 150, 3, 27), {"CAMERA": "2026-05-20T07:55:00"}),
    ("snapchat", "Snapchat", "com.snapchat.android", "social", "CAMERA MICROPHONE PHOTOS_VIDEOS NOTIFICATIONS -LOCATION",
     390, 1820, 520, "34.6.3", "2026-05-19T23:10:00", True, False, False, (0, 240, 0, 19),
     {"MICROPHONE": "2026-05-19T23:05:00"}),
    ("youtube", "YouTube", "com.google.android.youtube", "entertainment", "NOTIFICATIONS -MICROPHONE NEARBY_DEVICES",
     260, 760, 900, "19.20.34", "2026-05-19T21:30:00", True, False, False, (0, 130, 0, 11), {}),
    ("netflix", "Netflix", "com.netflix.mediaclient", "entertainment", "NEARBY_DEVICES", 110, 150, 2400,
     "8.115.0", "2026-05-17T22:00:00", False, False, False, (0, 95, 0, 2), {}),
    ("amazon", "Amazon Shopping", "com.amazon.mShop.android.shopping", "shopping", "CAMERA NOTIFICATIONS -LOCATION",
     230, 340, 120, "26.9.2", "2026-05-18T20:50:00", True, False, False, (0, 22, 0, 5), {}),
    ("doordash", "DoorDash", "com.dd.doordash", "food", "LOCATION NOTIFICATIONS", 180, 150, 50,
     "15.160.5", "2026-05-19T18:40:00", True, False, False, (0, 12, 0, 3), {"LOCATION": "2026-05-19T18:41:00"}),
    ("venmo", "Venmo", "com.venmo", "finance", "CONTACTS CAMERA NOTIFICATIONS", 120, 45, 25,
     "10.38.0", "2026-05-16T13:20:00", True, False, False, (0, 3, 0, 1), {}),
    ("bank", "Chase", "com.chase.sig.android", "finance", "CAMERA LOCATION NOTIFICATIONS", 150, 70, 35,
     "5.12.0", "2026-05-19T15:30:00", True, False, False, (0, 7, 0, 4), {"LOCATION": "2026-05-19T15:30:00"}),
    ("strava", "Strava", "com.strava", "health", "LOCATION NOTIFICATIONS", 140, 110, 160,
     "372.10", "2026-05-19T08:05:00", True, False, True, (0, 75, 0, 4), {"LOCATION": "2026-05-19T08:05:00"}),
    ("duolingo", "Duolingo", "com.duolingo", "education", "NOTIFICATIONS -MICROPHONE", 130, 95, 60,
     "5.152.4", "2026-05-19T21:50:00", True, False, False, (0, 35, 0, 6), {}),
    ("kindle", "Kindle", "com.amazon.kindle", "books", "NOTIFICATIONS", 120, 60, 850,
     "8.97.0", "2026-05-18T22:30:00", True, False, False, (0, 140, 0, 5), {}),
    ("waze", "Waze", "com.waze", "navigation", "LOCATION MICROPHONE NOTIFICATIONS", 150, 130, 90,
     "4.104.0", "2026-05-10T17:45:00", True, False, False, (0, 0, 0, 0), {"LOCATION": "2026-05-10T18:30:00"}),
    ("signal", "Signal", "org.thoughtcrime.securesms", "communication",
     "CONTACTS SMS CAMERA MICROPHONE NOTIFICATIONS", 140, 90, 310,
     "7.8.1", "2026-05-15T09:12:00", True, False, False, (0, 4, 0, 2), {}),
    ("notion", "Notion", "notion.id", "productivity", "PHOTOS_VIDEOS NOTIFICATIONS", 150, 260, 140,
     "0.6.2410", "2026-05-19T16:10:00", True, False, False, (0, 48, 0, 9), {}),
    ("dropbox", "Dropbox", "com.dropbox.android", "productivity", "PHOTOS_VIDEOS CAMERA NOTIFICATIONS", 170, 230, 180,
     "392.2.2", "2026-05-11T10:00:00", True, False, False, (0, 0, 0, 0), {}),
    ("weather", "Weather", "com.weather.Weather", "weather", "LOCATION NOTIFICATIONS", 90, 75, 20,
     "10.71.0", "2026-05-20T06:00:00", True, False, True, (1, 9, 1, 8), {"LOCATION": "2026-05-20T06:00:00"}),
    ("candy_crush", "Candy Crush Saga", "com.king.candycrushsaga", "games", "LOCATION NOTIFICATIONS",
     280, 420, 190, "1.278.0", "2026-05-19T22:40:00", True, False, False, (0, 85, 0, 12),
     {"LOCATION": "2026-05-20T03:12:00"}),
    ("linkedin", "LinkedIn", "com.linkedin.android", "social", "CAMERA NOTIFICATIONS", 170, 210, 90,
     "4.1.950", "2026-05-14T12:30:00", False, False, False, (0, 10, 0, 3), {}),
]  # fmt: skip

# Store versions newer than the installed ones (updates available): id -> (version, size_mb).
_UPDATES: dict[str, tuple[str, int]] = {
    "spotify": ("8.9.50", 186),
    "whatsapp": ("2.26.11", 124),
    "uber": ("4.515.0", 318),
    "airline": ("5.19.2", 146),
    "instagram": ("333.1.0", 329),
    "slack": ("24.05.20", 212),
    "maps": ("11.130.1", 248),
}
_DEVELOPERS: dict[str, str] = {
    "camera": "Android", "gallery": "Android", "browser": "Android", "files": "Android",
    "maps": "Google", "app_store": "Android", "chrome": "Google", "youtube": "Google", "wallet": "Google",
    "outlook": "Microsoft", "amazon": "Amazon", "kindle": "Amazon", "airline": "United Airlines",
}  # fmt: skip
_RATINGS: dict[str, float] = {"spotify": 4.4, "whatsapp": 4.3, "uber": 4.6, "airline": 4.7, "snapchat": 4.2}

# Store-only apps: (id, name, package, category, developer, size_mb, version, rating, permissions, compatible,
# incompatible_reason).
STORE_ONLY: list[tuple[str, str, str, str, str, int, str, float, str, bool, str | None]] = [
    ("tiktok", "TikTok", "com.zhiliaoapp.musically", "social", "TikTok Pte. Ltd.", 390, "34.6.3", 4.2,
     "CAMERA MICROPHONE PHOTOS_VIDEOS NOTIFICATIONS", True, None),
    ("telegram", "Telegram", "org.telegram.messenger", "communication", "Telegram FZ-LLC", 95, "10.13.0", 4.4,
     "CONTACTS CAMERA MICROPHONE NOTIFICATIONS", True, None),
    ("pandora", "Pandora", "com.pandora.android", "music", "Pandora Media", 110, "2405.1", 4.3,
     "MUSIC_AUDIO NOTIFICATIONS", True, None),
    ("citymapper", "Citymapper", "com.citymapper.app.release", "navigation", "Citymapper", 85, "11.22", 4.6,
     "LOCATION NOTIFICATIONS", True, None),
    ("opentable", "OpenTable", "com.opentable", "food", "OpenTable", 75, "24.19.0", 4.8,
     "LOCATION CALENDAR NOTIFICATIONS", True, None),
    ("headspace", "Headspace", "com.getsomeheadspace.android", "health", "Headspace", 130, "4.230.0", 4.7,
     "NOTIFICATIONS", True, None),
    ("expedia", "Expedia", "com.expedia.bookings", "travel", "Expedia", 160, "2024.20", 4.7,
     "LOCATION CALENDAR NOTIFICATIONS", True, None),
    ("lime", "Lime", "com.limebike", "travel", "Neutron Holdings", 120, "3.190.0", 4.6,
     "LOCATION CAMERA NOTIFICATIONS", True, None),
    ("marriott", "Marriott Bonvoy", "com.marriott.mrt", "travel", "Marriott International", 140, "10.58.0", 4.7,
     "LOCATION NOTIFICATIONS", True, None),
    ("teams", "Microsoft Teams", "com.microsoft.teams", "productivity", "Microsoft", 260, "1416.1.0", 4.5,
     "CAMERA MICROPHONE CONTACTS CALENDAR NOTIFICATIONS", True, None),
    ("galaxy_raiders", "Galaxy Raiders", "com.nebula.galaxyraiders", "games", "Nebula Games", 5200, "3.2.0", 4.5,
     "NOTIFICATIONS MICROPHONE", True, None),
    ("vr_arcade", "VR Arcade", "com.immersive.vrarcade", "games", "Immersive Labs", 1800, "2.0.1", 4.1,
     "CAMERA PHOTOS_VIDEOS", False, "needs a depth sensor and Android 16; this phone has neither"),
    ("car_link", "CarLink Pro", "com.autolink.carlinkpro", "tools", "AutoLink", 60, "1.4.0", 3.8,
     "LOCATION PHONE", False, "works only with 2018-2021 AutoLink head units and tablets, not phones"),
]  # fmt: skip

# (id, app_id, title, text, time)
CORE_NOTIFICATIONS: list[tuple[str, str, str, str, str]] = [
    ("notif_001", "messages", "Leo Park", "Gym at 6 tomorrow? Leg day.", "2026-05-20T06:15:00"),
    ("notif_002", "messages", "Pacific Courier",
     "Your package from Northwind Supply arrives today between 1 and 5 PM.", "2026-05-20T07:02:00"),
    ("notif_003", "mail", "Maya Chen", "Seattle trip itinerary", "2026-05-20T08:05:00"),
    ("notif_004", "calendar", "Today", "Weekly sync with Sam Carter at 10:00, and 3 more events", "2026-05-20T07:00:00"),
    ("notif_005", "clock", "Laundry", "Timer running, ends at 9:30", "2026-05-20T08:30:00"),
    ("notif_006", "whatsapp", "Family", "Jordan: Don't forget Emma's play on Friday!", "2026-05-20T08:12:00"),
    ("notif_007", "whatsapp", "Chris Li", "Reunion planning call on Sunday?", "2026-05-19T21:05:00"),
    ("notif_008", "uber", "Uber", "20% off your next 3 rides this week", "2026-05-20T07:30:00"),
    ("notif_009", "doordash", "DoorDash", "Hungry? $0 delivery fee on orders over $15 today", "2026-05-19T17:00:00"),
    ("notif_010", "doordash", "DoorDash", "Your order from Tartine was delivered", "2026-05-19T19:45:00"),
    ("notif_011", "airline", "United Airlines",
     "Your trip to New York (UA 1532, May 26) is coming up: add your Known Traveler Number", "2026-05-19T10:00:00"),
    ("notif_012", "bank", "Chase", "A $245.10 purchase at Bay Sports was approved", "2026-05-19T15:22:00"),
    ("notif_013", "spotify", "Spotify", "New for you: your Discover Weekly is ready", "2026-05-18T05:00:00"),
    ("notif_014", "instagram", "Instagram", "chrisli88 and 12 others liked your post", "2026-05-20T08:30:00"),
    ("notif_015", "slack", "#design-review", "Chris Lee: slides for today's review are up", "2026-05-20T08:48:00"),
    ("notif_016", "weather", "Weather", "Light rain expected in San Francisco after 3 PM", "2026-05-20T06:00:00"),
    ("notif_017", "wallet", "Wallet", "Your Clipper card balance is low ($4.50)", "2026-05-19T18:10:00"),
    ("notif_018", "files", "Storage almost full", "Only 3.7 GB left. Free up space with cleanup.", "2026-05-20T07:00:00"),
    ("notif_019", "app_store", "Updates available", "App updates are ready to install", "2026-05-19T03:00:00"),
    ("notif_020", "candy_crush", "Candy Crush Saga", "Your lives are full! Come back and play", "2026-05-19T12:00:00"),
    ("notif_021", "snapchat", "Snapchat", "You have 9 new friend requests", "2026-05-19T23:30:00"),
    ("notif_022", "duolingo", "Duolingo", "Keep your 41-day streak alive!", "2026-05-19T20:00:00"),
]  # fmt: skip

# (id, name, folder, kind, size_mb, modified, trashed_at)
CORE_FILES: list[tuple[str, str, str, str, float, str, str | None]] = [
    ("file_001", "Q2_revenue_report.xlsx", "Documents", "document", 2.4, "2026-05-19T17:40:00", None),
    ("file_002", "Kitchen_remodel_quote.pdf", "Downloads", "document", 1.1, "2026-05-19T14:35:00", None),
    ("file_003", "Emma_summer_camp_forms.pdf", "Documents", "document", 3.2, "2026-05-18T20:15:00", None),
    ("file_004", "Passport_scan.pdf", "Documents", "document", 4.8, "2026-02-10T09:00:00", None),
    ("file_005", "Flight_confirmation_UA1532.pdf", "Downloads", "document", 0.6, "2026-05-12T10:10:00", None),
    ("file_006", "Hotel_confirmation_New_York.pdf", "Downloads", "document", 0.4, "2026-05-15T12:00:00", None),
    ("file_007", "Northwind_employee_handbook.pdf", "Downloads", "document", 12.5, "2026-03-02T09:30:00", None),
    ("file_008", "Resume_Alex_Morgan.docx", "Documents", "document", 0.3, "2026-01-20T21:00:00", None),
    ("file_009", "Tax_return_2025.pdf", "Documents", "document", 6.2, "2026-04-10T19:20:00", None),
    ("file_010", "Lease_agreement.pdf", "Documents", "document", 2.9, "2025-09-01T11:00:00", None),
    ("file_011", "Screenshot_20260519_201455.png", "Screenshots", "image", 1.8, "2026-05-19T20:14:55", None),
    ("file_012", "Screenshot_20260520_081210.png", "Screenshots", "image", 2.1, "2026-05-20T08:12:10", None),
    ("file_013", "Design_review_notes.m4a", "Recordings", "audio", 14.6, "2026-05-13T15:40:00", None),
    ("file_014", "galaxy_raiders_old.apk", "Downloads", "installer", 980.0, "2026-03-20T18:00:00", None),
    ("file_015", "zoom_installer.apk", "Downloads", "installer", 110.5, "2026-02-11T08:45:00", None),
    ("file_016", "Northwind_demo_video.mp4.crdownload", "Downloads", "temp", 240.0, "2026-05-08T16:20:00", None),
    ("file_017", "app_debug_2026-05-02.log", "Downloads", "log", 18.3, "2026-05-02T10:00:00", None),
    ("file_018", "Northwind_podcast_ep42.mp3", "Music", "audio", 58.0, "2026-05-11T07:30:00", None),
    ("file_019", "Emma_dance_recital.mp4", "Movies", "video", 420.0, "2026-04-26T18:30:00", None),
    ("file_020", "Old_vacation_video_2024.mp4", "Movies", "video", 850.0, "2024-08-14T12:00:00",
     "2026-05-10T21:00:00"),
    ("file_021", "Draft_presentation_v1.pptx", "Documents", "document", 45.0, "2026-04-30T17:00:00",
     "2026-05-14T09:10:00"),
    ("file_022", "Screenshot_20260501_113000.png", "Screenshots", "image", 1.7, "2026-05-01T11:30:00",
     "2026-05-12T08:00:00"),
    ("file_023", "Kitchen_remodel_quote.pdf", "Downloads", "document", 1.0, "2026-05-02T10:20:00",
     "2026-05-19T14:40:00"),
    ("file_024", "Concert_recording.m4a", "Recordings", "audio", 310.0, "2026-04-18T22:00:00",
     "2026-05-02T09:00:00"),
]  # fmt: skip

TOTAL_MB = 128_000.0  # fallback for the System setting device.storage_total_mb
FREE_MB = 3800

_GEN_PREFIX = (  # noqa: SIM905
    "Pixel Zen Swift Bright Pocket Daily Smart Tiny Happy Cloud Quick Fresh Lucky Urban Nova Royal Simple "
    "Magic Blue Golden"
).split()
_GEN_SUFFIX: dict[str, tuple[str, ...]] = {
    "games": ("Quest", "Blast", "Puzzle", "Racer", "Kingdom", "Solitaire"),
    "productivity": ("Notes", "Tasks", "Scanner", "Docs", "Planner"),
    "finance": ("Budget", "Wallet", "Invest", "Expenses"),
    "health": ("Fit", "Steps", "Sleep", "Yoga", "Water"),
    "shopping": ("Deals", "Market", "Coupons"),
    "travel": ("Trips", "Hotels", "Transit"),
    "news": ("News", "Headlines", "Digest"),
    "education": ("Math", "Words", "Flashcards"),
    "photography": ("Camera", "Editor", "Collage", "Filters"),
    "tools": ("Flashlight", "Cleaner", "QR Reader", "VPN", "Compass"),
    "food": ("Recipes", "Eats", "Grocery"),
    "music": ("Radio", "Tuner", "Beats"),
}
_GEN_PERMS: dict[str, tuple[str, ...]] = {
    "games": ("NOTIFICATIONS", "NEARBY_DEVICES"),
    "productivity": ("PHOTOS_VIDEOS", "CAMERA", "NOTIFICATIONS"),
    "finance": ("CAMERA", "NOTIFICATIONS"),
    "health": ("LOCATION", "NOTIFICATIONS"),
    "shopping": ("LOCATION", "CAMERA", "NOTIFICATIONS"),
    "travel": ("LOCATION", "NOTIFICATIONS"),
    "news": ("NOTIFICATIONS",),
    "education": ("MICROPHONE", "NOTIFICATIONS"),
    "photography": ("CAMERA", "PHOTOS_VIDEOS"),
    "tools": ("CAMERA", "LOCATION", "NEARBY_DEVICES"),
    "food": ("LOCATION", "NOTIFICATIONS"),
    "music": ("MICROPHONE", "MUSIC_AUDIO", "NOTIFICATIONS"),
}
_GEN_NOTES = (
    "New features are waiting for you",
    "Don't miss today's deals",
    "You have a new message",
    "Your weekly summary is ready",
    "Limited offer: 50% off Premium",
    "We miss you! Come back for a reward",
    "Reminder: finish setting up your account",
)
_GEN_DOCS = ("Invoice", "Receipt", "Meeting_notes", "Statement", "Contract", "Itinerary", "Report", "Slides")
_GEN_DOC_EXT = (".pdf", ".pdf", ".docx", ".xlsx", ".pptx")
_GEN_DL = ("brochure", "menu", "ticket", "manual", "wallpaper", "photos", "setup")


def _perm_dict(spec: str) -> dict[str, bool]:
    return {p.lstrip("-"): not p.startswith("-") for p in spec.split()}


def _app_record(
    app_id: str,
    name: str,
    package: str,
    category: str,
    permissions: dict[str, bool],
    size_mb: int,
    *,
    system: bool,
    cache_mb: int,
    data_mb: int,
    version: str,
    last_used: str | None,
    notifications: bool = True,
    running: bool = False,
    background: bool = False,
    usage: tuple[int, int, int, int] = (0, 0, 0, 0),
    permission_usage: dict[str, str] | None = None,
    installed_at: str = "2025-11-02T10:00:00",
    roles: list[str] | None = None,
) -> Record:
    if "NOTIFICATIONS" in permissions:  # Android 13+: the app's notification switch is POST_NOTIFICATIONS
        permissions = {**permissions, "NOTIFICATIONS": notifications}
    return {
        "id": app_id,
        "name": name,
        "package": package,
        "category": category,
        "permissions": permissions,
        "size_mb": size_mb,
        "notifications": notifications,
        "running": running,
        "background": background,
        "system": system,
        "cache_mb": cache_mb,
        "data_mb": data_mb,
        "version": version,
        "installed_at": installed_at,
        "last_used": last_used,
        "roles": list(APP_ROLES.get(app_id, ())) if roles is None else roles,
        "usage": {
            "today_min": usage[0],
            "week_min": usage[1],
            "launches_today": usage[2],
            "launches_week": usage[3],
        },
        "permission_usage": dict(permission_usage or {}),
    }


def _store_record(app: Record, version: str, size_mb: int, rating: float, developer: str) -> Record:
    return {
        "id": app["id"],
        "name": app["name"],
        "package": app["package"],
        "category": app["category"],
        "developer": developer,
        "size_mb": size_mb,
        "version": version,
        "rating": rating,
        "permissions": sorted(app["permissions"]),
        "roles": list(app["roles"]),
        "compatible": True,
        "incompatible_reason": None,
    }


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    """Core apps, store, notifications and files (identical at every scale) plus generated bulk."""
    apps: dict[str, Record] = {}
    for app_id, name, package, category, perms in SYSTEM_APPS:
        size = rng.randint(20, 400)
        cache, data, version, last_used, usage, perm_usage = _SYSTEM_DETAILS[app_id]
        apps[app_id] = _app_record(
            app_id, name, package, category, {p: True for p in perms}, size, system=True, cache_mb=cache,
            data_mb=data, version=version, last_used=last_used, usage=usage, permission_usage=perm_usage,
            installed_at="2025-10-01T09:00:00",
        )  # fmt: skip
    for rows, system in ((PREINSTALLED, True), (THIRD_PARTY, False)):
        for (app_id, name, package, category, perms, size, cache, data, version, last_used, notif, running,
             background, usage, perm_usage) in rows:  # fmt: skip
            apps[app_id] = _app_record(
                app_id, name, package, category, _perm_dict(perms), size, system=system, cache_mb=cache,
                data_mb=data, version=version, last_used=last_used, notifications=notif, running=running,
                background=background, usage=usage, permission_usage=perm_usage,
                installed_at="2025-10-01T09:00:00" if system else "2025-11-02T10:00:00",
            )  # fmt: skip

    store: dict[str, Record] = {}
    for app_id, app in apps.items():
        if app_id in _SYSTEM_DETAILS or app_id in ("files", "app_store"):
            continue  # platform components update with the system
        version, size = _UPDATES.get(app_id, (app["version"], app["size_mb"]))
        developer = _DEVELOPERS.get(app_id, app["name"])
        store[app_id] = _store_record(app, version, size, _RATINGS.get(app_id, 4.5), developer)
    for sid, name, package, category, dev, size, version, rating, perms, compatible, reason in STORE_ONLY:
        store[sid] = {
            "id": sid,
            "name": name,
            "package": package,
            "category": category,
            "developer": dev,
            "size_mb": size,
            "version": version,
            "rating": rating,
            "permissions": perms.split(),
            "roles": list(APP_ROLES.get(sid, ())),
            "compatible": compatible,
            "incompatible_reason": reason,
        }

    # Generated apps: installed ones, then store-only ones.
    used = {a["name"] for a in apps.values()} | {r["name"] for r in store.values()}
    categories = list(_GEN_SUFFIX)
    n_installed = round(40 * scale)
    n_store = round(40 * scale)
    for i in range(n_installed + n_store):
        while True:
            category = rng.choice(categories)
            name = f"{rng.choice(_GEN_PREFIX)} {rng.choice(_GEN_SUFFIX[category])}"
            if name not in used:
                break
        used.add(name)
        app_id = name.lower().replace(" ", "_")
        package = f"com.{app_id.replace('_', '')}.app"
        perms = {p: rng.random() < 0.7 for p in _GEN_PERMS[category]}
        size = rng.randint(15, 260) if category != "games" else rng.randint(150, 1400)
        version = f"{rng.randint(1, 12)}.{rng.randint(0, 30)}.{rng.randint(0, 9)}"
        rating = round(rng.uniform(3.2, 4.9), 1)
        if i < n_installed:
            day = rng.randint(1, 19)
            hour, minute = rng.randint(7, 22), rng.choice(("05", "20", "45"))
            last_used = f"2026-{rng.choice(('03', '04', '05'))}-{day:02d}T{hour:02d}:{minute}:00"
            week = rng.choice((0, 0, 0, 5, 12, 30, 60))
            perm_usage = {}
            if perms.get("LOCATION") and rng.random() < 0.4:
                perm_usage["LOCATION"] = (
                    f"2026-05-{rng.randint(10, 19):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00"
                )
            app = _app_record(
                app_id, name, package, category, perms, size, system=False,
                cache_mb=rng.randint(0, 300), data_mb=rng.randint(1, 200), version=version, last_used=last_used,
                notifications=rng.random() < 0.8, usage=(0, week, 0, week // 5), permission_usage=perm_usage,
                installed_at=f"2026-{rng.randint(1, 4):02d}-{rng.randint(1, 28):02d}T12:00:00", roles=[],
            )  # fmt: skip
            apps[app_id] = app
            newer = rng.random() < 0.2
            store_version = f"{version}.{rng.randint(1, 9)}" if newer else version
            store_size = size + (rng.randint(1, 20) if newer else 0)
            store[app_id] = _store_record(app, store_version, store_size, rating, f"{name} Ltd")
        else:
            store[app_id] = {
                "id": app_id,
                "name": name,
                "package": package,
                "category": category,
                "developer": f"{name} Ltd",
                "size_mb": size,
                "version": version,
                "rating": rating,
                "permissions": sorted(perms),
                "roles": [],
                "compatible": rng.random() < 0.9,
                "incompatible_reason": None,
            }
            if not store[app_id]["compatible"]:
                store[app_id] = {**store[app_id], "incompatible_reason": "not available for this phone model"}
    tables["apps"] = apps
    tables["store_apps"] = store
    tables["default_apps"] = {role: {"role": role, "app_id": app_id} for role, app_id in _DEFAULTS.items()}

    # Notifications.
    notes: dict[str, Record] = {
        nid: {"id": nid, "app_id": app_id, "title": title, "text": text, "time": t}
        for nid, app_id, title, text, t in CORE_NOTIFICATIONS
    }
    noisy = [a for a in apps.values() if not a["system"] and a["notifications"]]
    gen_notes = []
    for _ in range(round(60 * scale)):
        app = rng.choice(noisy)
        t = f"2026-05-{rng.randint(11, 17):02d}T{rng.randint(7, 22):02d}:{rng.randint(0, 59):02d}:00"
        gen_notes.append((app["id"], app["name"], rng.choice(_GEN_NOTES), t))
    gen_notes.sort(key=lambda n: n[3])
    for i, (app_id, title, text, t) in enumerate(gen_notes):
        nid = f"notif_{101 + i:03d}"
        notes[nid] = {"id": nid, "app_id": app_id, "title": title, "text": text, "time": t}
    tables["notifications"] = notes

    # Files.
    files: dict[str, Record] = {}
    taken: set[tuple[str, str]] = set()
    for fid, name, folder, kind, size, modified, trashed_at in CORE_FILES:
        files[fid] = {
            "id": fid,
            "name": name,
            "folder": folder,
            "kind": kind,
            "size_mb": size,
            "modified": modified,
            "trashed": trashed_at is not None,
            "trashed_at": trashed_at,
        }
        if trashed_at is None:
            taken.add((folder, name))
    gen_files: list[Record] = []
    for _ in range(round(120 * scale)):
        while True:
            month, day = rng.randint(1, 5), rng.randint(1, 28)
            if month == 5:
                day = min(day, 16)
            clock = f"{rng.randint(7, 22):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"
            stamp = f"2026-{month:02d}-{day:02d}T{clock}"
            roll = rng.random()
            if roll < 0.35:
                folder, kind, size = "Screenshots", "image", round(rng.uniform(0.8, 3.5), 1)
                name = f"Screenshot_{stamp[:10].replace('-', '')}_{stamp[11:].replace(':', '')}.png"
            elif roll < 0.65:
                folder, kind, size = "Documents", "document", round(rng.uniform(0.1, 9.0), 1)
                name = f"{rng.choice(_GEN_DOCS)}_{rng.randint(100, 9999)}{rng.choice(_GEN_DOC_EXT)}"
            elif roll < 0.9:
                folder, kind = "Downloads", rng.choice(("document", "image", "archive"))
                ext = {"document": ".pdf", "image": ".jpg", "archive": ".zip"}[kind]
                size = round(rng.uniform(0.2, 60.0), 1)
                name = f"{rng.choice(_GEN_DL)}_{rng.randint(1, 999)}{ext}"
            elif roll < 0.95:
                folder, kind, size = "Recordings", "audio", round(rng.uniform(1.0, 40.0), 1)
                name = f"Voice_memo_{stamp[:10].replace('-', '')}_{rng.randint(1, 99)}.m4a"
            else:  # generated files are never junk: the cleanup totals are the same at every scale
                folder, kind, size = "Movies", "video", round(rng.uniform(20.0, 400.0), 1)
                name = f"VID_{stamp[:10].replace('-', '')}_{stamp[11:].replace(':', '')}.mp4"
            if (folder, name) not in taken:
                break
        taken.add((folder, name))
        gen_files.append(
            {"name": name, "folder": folder, "kind": kind, "size_mb": size, "modified": stamp,
             "trashed": False, "trashed_at": None}
        )  # fmt: skip
    gen_files.sort(key=lambda f: f["modified"])
    for i, f in enumerate(gen_files):
        fid = f"file_{101 + i:03d}"
        files[fid] = {"id": fid, **f}
    tables["files"] = files

    tables.setdefault("settings", {}).setdefault("storage.free_mb", {"value": FREE_MB})


# --------------------------------------------------------------------------- helpers
def _app(s: PhoneState, app_id: str) -> dict:
    app = s.get("apps", app_id)
    if app is None:
        raise NotFound(
            f"no installed app with id {app_id!r}; list_apps shows the installed ones", app_id=app_id
        )
    return app


def _is_system(app: Record) -> bool:
    return bool(app.get("system", app["id"] in _SYSTEM_DETAILS))


def _roles(app: Record) -> list[str]:
    roles = app.get("roles")
    return list(roles) if roles is not None else list(APP_ROLES.get(app["id"], ()))


def _usage(app: Record) -> dict[str, int]:
    return app.get("usage") or {"today_min": 0, "week_min": 0, "launches_today": 0, "launches_week": 0}


def _free(s: PhoneState) -> float:
    return float(s.setting("storage.free_mb", 0.0))


def _add_free(s: PhoneState, mb: float) -> float:
    total = float(s.setting("device.storage_total_mb", TOTAL_MB))
    free = round(min(total, max(0.0, _free(s) + mb)), 1)
    s.set_setting("storage.free_mb", free)
    return free


def _require_online(s: PhoneState, what: str) -> None:
    airplane = s.setting("network.airplane_mode", False)
    if not (s.setting("network.wifi", False) or (s.setting("network.mobile_data", False) and not airplane)):
        raise PreconditionFailed(
            f"cannot {what} while the phone is offline; turn on Wi-Fi or mobile data first",
            wifi=s.setting("network.wifi", False),
            mobile_data=s.setting("network.mobile_data", False),
            airplane_mode=airplane,
        )


def _check_limit(limit: int) -> None:
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidArguments(f"limit must be between 1 and {MAX_LIMIT}, got {limit}")


def _storage_of(app: Record) -> float:
    return float(app.get("size_mb", 0)) + float(app.get("cache_mb", 0)) + float(app.get("data_mb", 0))


def _update_of(s: PhoneState, app: Record) -> Record | None:
    """The store record when it offers a newer version than the installed one."""
    entry = s.get("store_apps", app["id"])
    if entry is None or entry["version"] == app.get("version"):
        return None
    return entry


def _file(s: PhoneState, file_id: str) -> Record:
    rec = s.get("files", file_id)
    if rec is None:
        raise NotFound(f"no file with id {file_id!r}; list_files shows file IDs", file_id=file_id)
    return rec


def _file_row(f: Record) -> dict[str, Any]:
    return {
        "id": f["id"],
        "name": f["name"],
        "folder": f["folder"],
        "kind": f.get("kind", "document"),
        "size_mb": f.get("size_mb", 0.0),
        "modified": f.get("modified"),
        "trashed": f.get("trashed", False),
        "trashed_at": f.get("trashed_at"),
    }


def _drop_notifications(s: PhoneState, app_id: str) -> int:
    gone = [k for k, n in s.scan("notifications") if n["app_id"] == app_id]
    for key in gone:
        s.delete("notifications", key)
    return len(gone)


# --------------------------------------------------------------------------- apps and permissions
@tool(DOMAIN)
def list_apps(s: PhoneState, category: str | None = None) -> Ok:
    """List installed apps with their IDs, names and granted permissions.

    Args:
        category: Only apps of this category, e.g. "communication"; all apps when omitted.

    Returns:
        A list of ``{"id", "name", "category", "permissions"}`` records.

    Raises:
        InvalidArguments: no installed app has this category (the message lists the categories).
    """
    rows = [
        {"id": a["id"], "name": a["name"], "category": a["category"], "permissions": a["permissions"]}
        for a in s.values("apps")
        if category is None or a["category"] == category
    ]
    if category is not None and not rows:
        known = sorted({a["category"] for a in s.values("apps")})
        raise InvalidArguments(
            f"no installed app has category {category!r}; categories: {', '.join(known)}", categories=known
        )
    return ok(f"{len(rows)} apps", rows)


def _set_permission(s: PhoneState, app_id: str, permission: str, granted: bool, mode: str = "allow") -> Ok:
    app = _app(s, app_id)
    perms = {**app["permissions"], permission: granted}
    modes = {k: v for k, v in (app.get("permission_modes") or {}).items() if k != permission}
    if mode != "allow" and granted or mode == "ask_every_time":
        modes[permission] = mode
    changes: dict[str, Any] = {"permissions": perms}
    if modes or "permission_modes" in app:
        changes["permission_modes"] = modes
    if permission == "NOTIFICATIONS":  # the notification switch is the same thing on Android 13+
        changes["notifications"] = granted
    s.update("apps", app_id, **changes)
    if permission == "NOTIFICATIONS" and not granted:
        _drop_notifications(s, app_id)
    if mode == "ask_every_time":
        text = f"{app['name']} will ask every time for {permission}"
    elif granted:
        how = {"while_using": " while using the app", "only_this_time": " only this time"}.get(mode, "")
        text = f"Granted {permission} to {app['name']}{how}"
    else:
        text = f"Revoked {permission} from {app['name']}"
    return ok(text, {"app_id": app_id, "permissions": perms, "permission_modes": modes})


def _notification_changes(app: Record, on: bool) -> dict[str, Any]:
    """The app-record changes that switch its notifications ``on``/off. Android 13's notification
    permission (``POST_NOTIFICATIONS``, here ``NOTIFICATIONS``) *is* the app's notification switch:
    both flags move together (an app that never declared the permission has the switch alone)."""
    changes: dict[str, Any] = {}
    if bool(app.get("notifications", False)) != on:
        changes["notifications"] = on
    perms = app.get("permissions", {})
    if "NOTIFICATIONS" in perms and bool(perms["NOTIFICATIONS"]) != on:
        changes["permissions"] = {**perms, "NOTIFICATIONS": on}
    return changes


def permission_mode(app: Record | None, permission: str) -> str:
    """How an app holds a permission: "allow", "while_using", "only_this_time", "ask_every_time" or "deny"."""
    if app is None:
        return "deny"
    mode = (app.get("permission_modes") or {}).get(permission)
    if app.get("permissions", {}).get(permission, False):
        return mode if mode in ("while_using", "only_this_time") else "allow"
    return "ask_every_time" if mode == "ask_every_time" else "deny"


def lapse_one_time(s: PhoneState, app_id: str) -> list[str]:
    """An app closed: its "only this time" grants lapse back to "ask every time" (Android revokes a
    one-time permission once the app leaves the foreground); returns the permissions that lapsed."""
    app = s.get("apps", app_id)
    modes = dict((app or {}).get("permission_modes") or {})
    gone = [p for p, m in modes.items() if m == "only_this_time"]
    if app is None or not gone:
        return []
    perms = {**app["permissions"], **{p: False for p in gone}}
    s.update(
        "apps", app_id, permissions=perms, permission_modes={**modes, **{p: "ask_every_time" for p in gone}}
    )
    return gone


@tool(DOMAIN, mutates=True)
def grant_app_permission(
    s: PhoneState, app_id: str, permission: PermissionName, mode: GrantMode = "allow"
) -> Ok:
    """Grant an installed app a runtime permission (resolves a PermissionDenied block), as Android's dialog does.

    Args:
        app_id: The app's ID, e.g. "messages".
        permission: The runtime permission to grant, e.g. "SMS"; Android's names are accepted too, e.g.
            "READ_MEDIA_IMAGES" (PHOTOS_VIDEOS) or "android.permission.POST_NOTIFICATIONS" (NOTIFICATIONS).
        mode: How to grant it, e.g. "while_using". "allow" (for LOCATION: "Allow all the time", which
            background features such as location-triggered automation rules need); for LOCATION, CAMERA
            and MICROPHONE only: "while_using" ("Allow only while using the app"), "only_this_time" (a
            one-time grant that lapses when the app is closed) or "ask_every_time" (store the choice
            "Ask every time": not granted now, the app asks on each use).

    Returns:
        The app's ``permissions`` and ``permission_modes`` after the change.

    Raises:
        NotFound: no installed app has this ID.
        InvalidArguments: a mode other than "allow" for a permission Android grants only as Allow /
            Don't allow (every one but LOCATION, CAMERA and MICROPHONE), or STORAGE (Android 13 split it
            into PHOTOS_VIDEOS and MUSIC_AUDIO).
    """
    if mode != "allow" and permission not in WHILE_IN_USE:
        raise InvalidArguments(
            f'Android offers only Allow or Don\'t allow for {permission}; use mode "allow"',
            field="mode",
            permission=permission,
        )
    return _set_permission(s, app_id, permission, mode != "ask_every_time", mode)


@tool(DOMAIN, mutates=True)
def revoke_app_permission(s: PhoneState, app_id: str, permission: PermissionName) -> Ok:
    """Revoke a runtime permission from an installed app.

    Args:
        app_id: The app's ID, e.g. "assistant".
        permission: The runtime permission to revoke, e.g. "LOCATION"; Android's names are accepted too,
            e.g. "NEARBY_WIFI_DEVICES" (NEARBY_DEVICES).

    Returns:
        The app's permissions after the change.

    Raises:
        NotFound: no installed app has this ID.
        InvalidArguments: STORAGE (Android 13 split it into PHOTOS_VIDEOS and MUSIC_AUDIO).
    """
    return _set_permission(s, app_id, permission, False, "deny")


@tool(DOMAIN)
def get_app_info(s: PhoneState, app_id: str) -> Ok:
    """Get an installed app's details: version, storage, permissions, notifications, usage and roles.

    Args:
        app_id: The app's ID, e.g. "spotify".

    Returns:
        The app record plus ``total_storage_mb``, ``default_for`` (roles it is the default app of),
        ``notification_count``, ``app_locked`` and ``update_available`` (the newer version or null).

    Raises:
        NotFound: no installed app has this ID.
    """
    app = _app(s, app_id)
    update = _update_of(s, app)
    data = {
        **app,
        "system": _is_system(app),
        "cache_mb": app.get("cache_mb", 0),
        "data_mb": app.get("data_mb", 0),
        "roles": _roles(app),
        "usage": _usage(app),
        "total_storage_mb": round(_storage_of(app), 1),
        "default_for": [r["role"] for r in s.values("default_apps") if r["app_id"] == app_id],
        "notification_count": sum(1 for n in s.values("notifications") if n["app_id"] == app_id),
        "app_locked": s.has("app_locks", app_id),
        "update_available": update["version"] if update else None,
    }
    return ok(f"{app['name']} {app.get('version', '')}".strip(), data)


# --------------------------------------------------------------------------- lifecycle
@tool(DOMAIN, mutates=True)
def open_app(s: PhoneState, app_id: str) -> Ok:
    """Open (launch) an installed app; it counts as a launch in the usage stats.

    Args:
        app_id: The app's ID, e.g. "maps".

    Returns:
        ``{"app_id", "name", "running", "last_used", "launches_today"}``.

    Raises:
        NotFound: no installed app has this ID.
    """
    app = _app(s, app_id)
    usage = _usage(app)
    usage = {
        **usage,
        "launches_today": usage.get("launches_today", 0) + 1,
        "launches_week": usage.get("launches_week", 0) + 1,
    }
    now = s.now_iso()
    s.update("apps", app_id, running=True, last_used=now, usage=usage)
    data = {
        "app_id": app_id,
        "name": app["name"],
        "running": True,
        "last_used": now,
        "launches_today": usage["launches_today"],
    }
    return ok(f"Opened {app['name']}", data)


@tool(DOMAIN, mutates=True)
def close_app(s: PhoneState, app_id: str, force: bool = False) -> Ok:
    """Close an app, or force-stop it (also ends its background services, e.g. music playback).

    Args:
        app_id: The app's ID, e.g. "spotify".
        force: Force-stop: also stop background activity, e.g. true.

    Returns:
        ``{"app_id", "name", "running", "background", "lapsed_permissions"}`` after the change; its
        "only this time" permission grants lapse (back to "ask every time"), as on Android.

    Raises:
        NotFound: no installed app has this ID.
        PreconditionFailed: the app is not running (nor, with force, running in the background).
    """
    app = _app(s, app_id)
    running, background = app.get("running", False), app.get("background", False)
    if not running and not (force and background):
        hint = "; use force=true to stop its background activity" if background else ""
        raise PreconditionFailed(f"{app['name']} is not running{hint}", app_id=app_id, background=background)
    changes: dict[str, Any] = {"running": False}
    if force:
        changes["background"] = False
    rec = s.update("apps", app_id, **changes)
    lapsed = lapse_one_time(s, app_id)
    data = {
        "app_id": app_id,
        "name": app["name"],
        "running": False,
        "background": rec.get("background", False),
        "lapsed_permissions": lapsed,
    }
    return ok(f"{'Force-stopped' if force else 'Closed'} {app['name']}", data)


@tool(DOMAIN)
def search_store_apps(s: PhoneState, query: str, category: str | None = None, limit: int = 10) -> Ok:
    """Search the app store catalogue by name, developer or category.

    Args:
        query: Text to look for, e.g. "telegram" or "hotel".
        category: Only apps of this store category, e.g. "travel".
        limit: Maximum number of results (1-100), e.g. 10.

    Returns:
        Store entries (id, name, category, developer, size_mb, version, rating, compatible,
        incompatible_reason) plus ``installed`` and ``update_available``; name matches first.

    Raises:
        InvalidArguments: the query is empty or the limit is out of range.
        PreconditionFailed: the phone is offline (no Wi-Fi and no mobile data).
    """
    q = " ".join(query.lower().split())
    if not q:
        raise InvalidArguments("query must not be empty")
    _check_limit(limit)
    _require_online(s, "browse the app store")
    hits: list[tuple[int, str, Record]] = []
    for rec in s.values("store_apps"):
        if category is not None and rec["category"] != category:
            continue
        name = rec["name"].lower()
        if name == q or rec["id"] == q:
            rank = 0
        elif name.startswith(q) or f" {q}" in f" {name}":
            rank = 1
        elif q in name or q in rec["developer"].lower() or q in rec["category"]:
            rank = 2
        else:
            continue
        hits.append((rank, rec["name"], rec))
    hits.sort(key=lambda h: h[:2])
    rows = []
    for _, _, rec in hits[:limit]:
        installed = s.get("apps", rec["id"])
        rows.append(
            {
                "id": rec["id"],
                "name": rec["name"],
                "category": rec["category"],
                "developer": rec["developer"],
                "size_mb": rec["size_mb"],
                "version": rec["version"],
                "rating": rec["rating"],
                "compatible": rec["compatible"],
                "incompatible_reason": rec.get("incompatible_reason"),
                "installed": installed is not None,
                "update_available": installed is not None and installed.get("version") != rec["version"],
            }
        )
    return ok(f"{len(hits)} store apps match {query!r}", rows)


@tool(DOMAIN, mutates=True)
def install_app(s: PhoneState, store_app_id: str) -> Ok:
    """Install an app from the app store; it starts with no runtime permissions granted.

    Args:
        store_app_id: The app's store ID (from search_store_apps), e.g. "telegram".

    Returns:
        The new installed app record and the free storage left (``free_mb``).

    Raises:
        NotFound: the app store has no app with this ID.
        AlreadyExists: the app is already installed.
        CapabilityLimit: the app is not compatible with this phone.
        PreconditionFailed: the phone is offline, or there is not enough free storage (free some with
            clear_app_cache, clear_junk_files or clear_recycle_bin).
    """
    entry = s.get("store_apps", store_app_id)
    if entry is None:
        raise NotFound(
            f"the app store has no app with id {store_app_id!r}; use search_store_apps",
            store_app_id=store_app_id,
        )
    if s.has("apps", store_app_id):
        raise AlreadyExists(f"{entry['name']} is already installed", app_id=store_app_id)
    if not entry["compatible"]:
        raise CapabilityLimit(
            f"{entry['name']} cannot be installed: {entry.get('incompatible_reason') or 'incompatible'}",
            app_id=store_app_id,
        )
    _require_online(s, "download apps")
    free = _free(s)
    if entry["size_mb"] > free:
        raise PreconditionFailed(
            f"not enough storage to install {entry['name']}: needs {entry['size_mb']} MB, "
            f"{free:g} MB free; free up space first",
            required_mb=entry["size_mb"],
            free_mb=free,
        )
    now = s.now_iso()
    rec = _app_record(
        entry["id"], entry["name"], entry["package"], entry["category"],
        {p: False for p in entry["permissions"]}, entry["size_mb"], system=False, cache_mb=0, data_mb=0,
        version=entry["version"], last_used=None, installed_at=now, roles=list(entry.get("roles", [])),
        notifications="NOTIFICATIONS" not in entry["permissions"],  # POST_NOTIFICATIONS starts ungranted
    )  # fmt: skip
    s.put("apps", entry["id"], rec)
    left = _add_free(s, -entry["size_mb"])
    return ok(
        f"Installed {entry['name']} ({entry['size_mb']} MB); {left:g} MB free", {"app": rec, "free_mb": left}
    )


@tool(DOMAIN, mutates=True)
def uninstall_app(s: PhoneState, app_id: str) -> Ok:
    """Uninstall an app with its data, cache, notifications, app lock and default-app and tap-to-pay roles.

    Args:
        app_id: The app's ID, e.g. "candy_crush".

    Returns:
        ``{"app_id", "name", "freed_mb", "free_mb", "roles_reset": {role: new default or null}}``.

    Raises:
        NotFound: no installed app has this ID.
        CapabilityLimit: the app is a system app, which cannot be uninstalled.
    """
    app = _app(s, app_id)
    if _is_system(app):
        raise CapabilityLimit(
            f"{app['name']} is a system app and cannot be uninstalled; you can close it or turn off its "
            "notifications instead",
            app_id=app_id,
        )
    freed = round(_storage_of(app), 1)
    s.delete("apps", app_id)
    _drop_notifications(s, app_id)
    if s.has("app_locks", app_id):
        s.delete("app_locks", app_id)
    reset: dict[str, str | None] = {}
    for role, rec in list(s.scan("default_apps")):
        if rec["app_id"] != app_id:
            continue
        fallback = _ROLE_FALLBACK.get(role)
        if fallback is not None and s.has("apps", fallback):
            s.put("default_apps", role, {"role": role, "app_id": fallback})
        else:
            fallback = None
            s.delete("default_apps", role)
        reset[role] = fallback
    if s.setting("network.nfc_payment_app") == app_id:
        s.set_setting("network.nfc_payment_app", None)  # tap to pay loses its app
    left = _add_free(s, freed)
    data = {"app_id": app_id, "name": app["name"], "freed_mb": freed, "free_mb": left, "roles_reset": reset}
    return ok(f"Uninstalled {app['name']}, freeing {freed:g} MB", data)


@tool(DOMAIN, mutates=True)
def update_app(s: PhoneState, app_id: str) -> Ok:
    """Update an installed app to the latest version in the app store (no change when up to date).

    Args:
        app_id: The app's ID, e.g. "spotify".

    Returns:
        ``{"app_id", "updated": bool, "from_version", "version", "free_mb"}``.

    Raises:
        NotFound: no installed app has this ID.
        CapabilityLimit: the app is a built-in component that only updates with the system.
        PreconditionFailed: an update is available but the phone is offline or lacks the free storage
            it needs.
    """
    app = _app(s, app_id)
    if not s.has("store_apps", app_id):
        raise CapabilityLimit(
            f"{app['name']} is not from the app store; it is updated only with system updates", app_id=app_id
        )
    entry = _update_of(s, app)
    old_version = app.get("version")
    if entry is None:
        data = {"app_id": app_id, "updated": False, "from_version": old_version, "version": old_version,
                "free_mb": _free(s)}  # fmt: skip
        return ok(f"{app['name']} is already up to date ({old_version})", data)
    _require_online(s, "update apps")
    grow = entry["size_mb"] - app.get("size_mb", 0)
    free = _free(s)
    if grow > free:
        raise PreconditionFailed(
            f"not enough storage to update {app['name']}: needs {grow} MB more, {free:g} MB free",
            required_mb=grow,
            free_mb=free,
        )
    s.update("apps", app_id, version=entry["version"], size_mb=entry["size_mb"])
    left = _add_free(s, -grow)
    data = {"app_id": app_id, "updated": True, "from_version": old_version, "version": entry["version"],
            "free_mb": left}  # fmt: skip
    return ok(f"Updated {app['name']} from {old_version} to {entry['version']}", data)


@tool(DOMAIN, mutates=True)
def set_default_app(s: PhoneState, role: DefaultRole, app_id: str) -> Ok:
    """Make an installed app the default for a role, e.g. the default browser or SMS app.

    Args:
        role: The role, e.g. "browser".
        app_id: The app to use for it, e.g. "chrome".

    Returns:
        ``{"role", "app_id", "previous_app_id"}``.

    Raises:
        NotFound: no installed app has this ID.
        CapabilityLimit: the app cannot fill this role (e.g. a game as the browser).
    """
    app = _app(s, app_id)
    roles = _roles(app)
    if role not in roles:
        raise CapabilityLimit(
            f"{app['name']} cannot be the default {role} app (it can be: {', '.join(roles) or 'nothing'})",
            app_id=app_id,
            role=role,
        )
    prev = s.get("default_apps", role)
    s.put("default_apps", role, {"role": role, "app_id": app_id})
    data = {"role": role, "app_id": app_id, "previous_app_id": prev["app_id"] if prev else None}
    return ok(f"{app['name']} is now the default {role} app", data)


@tool(DOMAIN)
def get_app_usage(
    s: PhoneState, period: UsagePeriod = "today", app_id: str | None = None, limit: int = 10
) -> Ok:
    """Get screen-time usage stats: minutes and launches per app, most used first.

    Args:
        period: "today" or "week" (the last 7 days), e.g. "week".
        app_id: Only this app, e.g. "snapchat"; the top apps when omitted.
        limit: Maximum number of apps to list (1-100), e.g. 10.

    Returns:
        ``{"period", "total_minutes", "apps": [{"app_id", "name", "minutes", "launches", "last_used"}]}``.

    Raises:
        NotFound: no installed app has this ID.
        InvalidArguments: the limit is out of range.
    """
    _check_limit(limit)
    if app_id is not None:
        _app(s, app_id)
    mkey, lkey = ("today_min", "launches_today") if period == "today" else ("week_min", "launches_week")
    rows = []
    total = 0
    for a in s.values("apps"):
        u = _usage(a)
        minutes = u.get(mkey, 0)
        total += minutes
        if app_id is not None and a["id"] != app_id:
            continue
        if app_id is None and minutes == 0 and u.get(lkey, 0) == 0:
            continue
        rows.append(
            {"app_id": a["id"], "name": a["name"], "minutes": minutes, "launches": u.get(lkey, 0),
             "last_used": a.get("last_used")}
        )  # fmt: skip
    rows.sort(key=lambda r: (-r["minutes"], -r["launches"], r["app_id"]))
    data = {"period": period, "total_minutes": total, "apps": rows[:limit]}
    return ok(f"Screen time {period}: {total} minutes", data)


# --------------------------------------------------------------------------- notifications
@tool(DOMAIN)
def list_app_notifications(s: PhoneState, app_id: str | None = None, limit: int = 20) -> Ok:
    """List notifications in the notification shade, newest first.

    Args:
        app_id: Only this app's notifications, e.g. "whatsapp".
        limit: Maximum number to return (1-100), e.g. 20.

    Returns:
        Notifications (id, app_id, app_name, title, text, time).

    Raises:
        NotFound: no installed app has this ID.
        InvalidArguments: the limit is out of range.
    """
    _check_limit(limit)
    if app_id is not None:
        _app(s, app_id)
    rows = [n for n in s.values("notifications") if app_id is None or n["app_id"] == app_id]
    rows.sort(key=lambda n: (n["time"], n["id"]), reverse=True)
    names: dict[str, str] = {}
    out = []
    for n in rows[:limit]:
        if n["app_id"] not in names:
            app = s.get("apps", n["app_id"])
            names[n["app_id"]] = app["name"] if app else n["app_id"]
        out.append({**n, "app_name": names[n["app_id"]]})
    return ok(f"{len(rows)} notifications" + (f" (showing {len(out)})" if len(out) < len(rows) else ""), out)


@tool(DOMAIN, mutates=True)
def clear_app_notifications(
    s: PhoneState, app_id: str | None = None, notification_id: str | None = None
) -> Ok:
    """Dismiss notifications: one by ID, all of one app, or every notification when neither is given.

    Args:
        app_id: Dismiss all of this app's notifications, e.g. "doordash".
        notification_id: Dismiss just this notification, e.g. "notif_008".

    Returns:
        ``{"cleared": int, "ids": [notif_id]}``.

    Raises:
        InvalidArguments: both app_id and notification_id were given.
        NotFound: no installed app or no notification has this ID.
    """
    if app_id is not None and notification_id is not None:
        raise InvalidArguments("give app_id or notification_id, not both")
    if notification_id is not None:
        if not s.has("notifications", notification_id):
            raise NotFound(
                f"no notification with id {notification_id!r}; list_app_notifications shows them",
                notification_id=notification_id,
            )
        ids = [notification_id]
    else:
        if app_id is not None:
            _app(s, app_id)
        ids = [k for k, n in s.scan("notifications") if app_id is None or n["app_id"] == app_id]
    for key in ids:
        s.delete("notifications", key)
    return ok(f"Cleared {len(ids)} notifications", {"cleared": len(ids), "ids": ids})


@tool(DOMAIN, mutates=True)
def enable_app_notifications(s: PhoneState, app_id: str) -> Ok:
    """Turn an app's notifications on (on Android 13+ this grants its NOTIFICATIONS permission too).

    Args:
        app_id: The app's ID, e.g. "linkedin".

    Returns:
        ``{"app_id", "notifications": true, "changed": bool}``.

    Raises:
        NotFound: no installed app has this ID.
    """
    app = _app(s, app_id)
    changes = _notification_changes(app, True)
    changed = bool(changes)
    if changed:
        s.update("apps", app_id, **changes)
    return ok(
        f"Notifications on for {app['name']}", {"app_id": app_id, "notifications": True, "changed": changed}
    )


@tool(DOMAIN, mutates=True)
def disable_app_notifications(s: PhoneState, app_id: str) -> Ok:
    """Turn an app's notifications off (revoking its NOTIFICATIONS permission); current ones are dismissed.

    Args:
        app_id: The app's ID, e.g. "doordash".

    Returns:
        ``{"app_id", "notifications": false, "changed": bool, "dismissed": int}``.

    Raises:
        NotFound: no installed app has this ID.
        CapabilityLimit: the app's notifications cannot be turned off (the Phone app's incoming calls).
    """
    app = _app(s, app_id)
    if app_id in _LOCKED_NOTIFICATIONS:
        raise CapabilityLimit(f"{app['name']} notifications cannot be turned off", app_id=app_id)
    changes = _notification_changes(app, False)
    changed = bool(changes)
    if changed:
        s.update("apps", app_id, **changes)
    dismissed = _drop_notifications(s, app_id)
    data = {"app_id": app_id, "notifications": False, "changed": changed, "dismissed": dismissed}
    return ok(f"Notifications off for {app['name']}", data)


# --------------------------------------------------------------------------- storage and files
@tool(DOMAIN)
def get_storage_usage(s: PhoneState, top_n: int = 5) -> Ok:
    """Get storage usage: free space, a breakdown by category and the apps using the most space.

    Args:
        top_n: How many of the largest apps to list (1-20), e.g. 5.

    Returns:
        ``{"total_mb", "free_mb", "used_mb", "apps_mb", "app_cache_mb", "files_mb": {folder: MB},
        "photos_mb", "recycle_bin_mb", "junk_mb", "other_mb" (system files and the rest),
        "largest_apps": [{"app_id", "name", "total_mb", "cache_mb"}]}``.

    Raises:
        InvalidArguments: top_n is out of range.
    """
    if not 1 <= top_n <= 20:
        raise InvalidArguments(f"top_n must be between 1 and 20, got {top_n}")
    total = float(s.setting("device.storage_total_mb", TOTAL_MB))
    free = _free(s)
    apps_mb, cache_mb, sized = s.unwritten_memo("storage_apps", ("apps",), None, lambda: _app_storage(s))
    folders, bin_mb, junk_mb = s.unwritten_memo("storage_files", ("files",), None, lambda: _file_storage(s))
    photos_mb = s.unwritten_memo(
        "storage_photos", ("photos",), None, lambda: sum(float(p.get("size_mb", 0) or 0) for p in s.values("photos"))
    )  # fmt: skip
    used = total - free
    accounted = apps_mb + cache_mb + sum(folders.values()) + bin_mb + photos_mb
    data = {
        "total_mb": total,
        "free_mb": free,
        "used_mb": round(used, 1),
        "apps_mb": round(apps_mb, 1),
        "app_cache_mb": round(cache_mb, 1),
        "files_mb": {k: round(v, 1) for k, v in sorted(folders.items())},
        "photos_mb": round(photos_mb, 1),
        "recycle_bin_mb": round(bin_mb, 1),
        "junk_mb": round(junk_mb, 1),
        "other_mb": round(max(0.0, used - accounted), 1),
        "largest_apps": [
            {"app_id": i, "name": a["name"], "total_mb": round(t, 1), "cache_mb": a.get("cache_mb", 0)}
            for t, i, a in sized[:top_n]
        ],
    }
    return ok(f"{free:g} MB free of {total:g} MB", data)


def _app_storage(s: PhoneState) -> tuple[float, float, list[tuple[float, str, Record]]]:
    """The installed apps' MB (size and data), their cache MB, and ``(total MB, id, app)`` for each
    app, largest first."""
    apps_mb = cache_mb = 0.0
    sized: list[tuple[float, str, Record]] = []
    for a in s.values("apps"):
        c = float(a.get("cache_mb", 0))
        cache_mb += c
        apps_mb += float(a.get("size_mb", 0)) + float(a.get("data_mb", 0))
        sized.append((_storage_of(a), a["id"], a))
    sized.sort(key=lambda t: (-t[0], t[1]))
    return apps_mb, cache_mb, sized


def _file_storage(s: PhoneState) -> tuple[dict[str, float], float, float]:
    """MB of the files outside the recycle bin per folder, MB in the bin, and MB of junk files."""
    folders: dict[str, float] = {}
    bin_mb = junk_mb = 0.0
    for f in s.values("files"):
        size = float(f.get("size_mb", 0))
        if f.get("trashed"):
            bin_mb += size
            continue
        folders[f["folder"]] = folders.get(f["folder"], 0.0) + size
        if f.get("kind") in JUNK_KINDS:
            junk_mb += size
    return folders, bin_mb, junk_mb


@tool(DOMAIN, mutates=True)
def clear_app_cache(s: PhoneState, app_id: str) -> Ok:
    """Clear one app's cache (its data and sign-in stay); the space becomes free storage.

    Args:
        app_id: The app's ID, e.g. "snapchat".

    Returns:
        ``{"app_id", "freed_mb", "free_mb"}``.

    Raises:
        NotFound: no installed app has this ID.
    """
    app = _app(s, app_id)
    freed = float(app.get("cache_mb", 0))
    if freed:
        s.update("apps", app_id, cache_mb=0)
    left = _add_free(s, freed) if freed else _free(s)
    return ok(
        f"Cleared {freed:g} MB of {app['name']} cache", {"app_id": app_id, "freed_mb": freed, "free_mb": left}
    )


@tool(DOMAIN, mutates=True)
def clear_junk_files(s: PhoneState, include_app_caches: bool = False) -> Ok:
    """Delete junk files (leftover installers, partial downloads, logs), optionally every app's cache too.

    Args:
        include_app_caches: Also clear the cache of every installed app, e.g. true.

    Returns:
        ``{"deleted_files": [file_id], "caches_cleared": [app_id], "freed_mb", "free_mb"}``.

    Raises:
        PreconditionFailed: there is nothing to clean up.
    """
    junk = [f for f in s.values("files") if f.get("kind") in JUNK_KINDS and not f.get("trashed")]
    cached = [a for a in s.values("apps") if a.get("cache_mb", 0)] if include_app_caches else []
    if not junk and not cached:
        raise PreconditionFailed("there are no junk files to clean up" + ("" if include_app_caches else
                                 "; include_app_caches=true also clears app caches"))  # fmt: skip
    freed = 0.0
    for f in junk:
        freed += float(f.get("size_mb", 0))
        s.delete("files", f["id"])
    for a in cached:
        freed += float(a["cache_mb"])
        s.update("apps", a["id"], cache_mb=0)
    freed = round(freed, 1)
    left = _add_free(s, freed)
    data = {"deleted_files": [f["id"] for f in junk], "caches_cleared": [a["id"] for a in cached],
            "freed_mb": freed, "free_mb": left}  # fmt: skip
    return ok(f"Cleaned up {freed:g} MB", data)


@tool(DOMAIN, mutates=True)
def clear_recycle_bin(s: PhoneState) -> Ok:
    """Empty the recycle bin: permanently delete every trashed file and free its space.

    Returns:
        ``{"deleted_files": [file_id], "freed_mb", "free_mb"}``.

    Raises:
        PreconditionFailed: the recycle bin is already empty.
    """
    trashed = [f for f in s.values("files") if f.get("trashed")]
    if not trashed:
        raise PreconditionFailed("the recycle bin is already empty")
    freed = round(sum(float(f.get("size_mb", 0)) for f in trashed), 1)
    for f in trashed:
        s.delete("files", f["id"])
    left = _add_free(s, freed)
    data = {"deleted_files": [f["id"] for f in trashed], "freed_mb": freed, "free_mb": left}
    return ok(f"Emptied the recycle bin ({len(trashed)} files, {freed:g} MB)", data)


@tool(DOMAIN)
def list_files(
    s: PhoneState,
    folder: Folder | None = None,
    query: str | None = None,
    in_recycle_bin: bool = False,
    sort_by: FileSort = "modified",
    limit: int = 20,
) -> Ok:
    """List files in the phone's storage (or in the recycle bin), newest or largest first.

    Args:
        folder: Only this folder, e.g. "Downloads".
        query: Only files whose name contains this (case-insensitive), e.g. "quote".
        in_recycle_bin: List the recycle bin instead of the folders, e.g. true.
        sort_by: "modified" (newest first), "size" (largest first) or "name" (A-Z), e.g. "size".
        limit: Maximum number of files to return (1-100), e.g. 20.

    Returns:
        Files (id, name, folder, kind, size_mb, modified, trashed, trashed_at).

    Raises:
        InvalidArguments: the limit is out of range.
    """
    _check_limit(limit)
    q = query.lower().strip() if query else ""
    rows = [
        f
        for f in s.values("files")
        if bool(f.get("trashed")) == in_recycle_bin
        and (folder is None or f["folder"] == folder)
        and (not q or q in f["name"].lower())
    ]
    if sort_by == "name":
        rows.sort(key=lambda f: (f["name"].lower(), f["id"]))
    elif sort_by == "size":
        rows.sort(key=lambda f: (-float(f.get("size_mb", 0)), f["id"]))
    else:
        rows.sort(key=lambda f: (f.get("modified") or "", f["id"]), reverse=True)
    out = [_file_row(f) for f in rows[:limit]]
    where = "in the recycle bin" if in_recycle_bin else (f"in {folder}" if folder else "")
    return ok(
        f"{len(rows)} files {where}".strip() + (f" (showing {len(out)})" if len(out) < len(rows) else ""), out
    )


@tool(DOMAIN, mutates=True)
def delete_file(s: PhoneState, file_id: str, permanent: bool = False) -> Ok:
    """Delete a file: move it to the recycle bin, or delete it permanently and free its space.

    Args:
        file_id: The file's ID, e.g. "file_014".
        permanent: Skip the recycle bin (also works on a file already in the bin), e.g. true.

    Returns:
        The file record after the change, plus ``freed_mb`` and ``free_mb``.

    Raises:
        NotFound: no file has this ID.
        Conflict: the file is already in the recycle bin (use permanent=true or clear_recycle_bin).
    """
    f = _file(s, file_id)
    if f.get("trashed") and not permanent:
        raise Conflict(
            f"{f['name']} is already in the recycle bin; delete it with permanent=true or clear_recycle_bin",
            file_id=file_id,
        )
    if permanent:
        s.delete("files", file_id)
        freed = float(f.get("size_mb", 0))
        left = _add_free(s, freed)
        data = {**_file_row(f), "deleted": True, "freed_mb": freed, "free_mb": left}
        return ok(f"Permanently deleted {f['name']} ({freed:g} MB freed)", data)
    rec = s.update("files", file_id, trashed=True, trashed_at=s.now_iso())
    data = {**_file_row(rec), "deleted": False, "freed_mb": 0.0, "free_mb": _free(s)}
    return ok(f"Moved {f['name']} to the recycle bin", data)


@tool(DOMAIN, mutates=True)
def restore_file(s: PhoneState, file_id: str) -> Ok:
    """Restore a file from the recycle bin to its folder.

    Args:
        file_id: The trashed file's ID, e.g. "file_021".

    Returns:
        The restored file record.

    Raises:
        NotFound: no file has this ID.
        PreconditionFailed: the file is not in the recycle bin.
        Conflict: its folder already holds a file with the same name.
    """
    f = _file(s, file_id)
    if not f.get("trashed"):
        raise PreconditionFailed(f"{f['name']} is not in the recycle bin", file_id=file_id)
    for other in s.values("files"):
        if other["name"] == f["name"] and other["folder"] == f["folder"] and not other.get("trashed"):
            raise Conflict(
                f"{f['folder']} already has a file named {f['name']} ({other['id']}); delete or keep it",
                file_id=file_id,
                existing_id=other["id"],
            )
    rec = s.update("files", file_id, trashed=False, trashed_at=None)
    return ok(f"Restored {f['name']} to {f['folder']}", _file_row(rec))
