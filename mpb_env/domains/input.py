"""Input & Interaction: screenshots, QR scanning, air gestures, system buttons, always-on display, one-handed
mode and keyboard settings.

Tables:
    qr_codes: ``{qr_id: {"id", "label", "kind": "wifi"|"url"|"payment"|"contact"|"text"|"unknown",
        "payload", "in_view": bool}}``: QR codes around the owner; ``label`` says what the camera sees and
        ``payload`` is the raw encoded text (``WIFI:T:WPA;S:<ssid>;P:<password>;;``, a URL,
        ``PAY:payee=...;amount=...;currency=...;ref=...``, ``MECARD:N:<last>,<first>;TEL:...;EMAIL:...;;`` or
        ``TEXT:...``); an ``unknown`` code is damaged and cannot be read. Only codes ``in_view`` (the task
        sets which) can be scanned. Core ``qr_001``..``qr_008`` (``qr_001`` and ``qr_002`` are in view);
        generated posters ``qr_101``.. are not in view.
    qr_scans: ``{scan_id: {"id", "qr_id", "kind", "time", "decoded": {...}, "saved_network": ssid | None}}``:
        the scan history.
    keyboard_languages: ``{code: {"code", "name", "layout", "added_at"}}``: the keyboard's input languages
        (``en-US`` QWERTY in the base world); at least one, at most five.
    screenshots: only in a world without the ``files`` table (Apps & Storage), where screenshots are kept
        here with the same record shape.

Settings (prefix ``input.``): ``input.nav.mode`` ("gestures" | "three_button"), ``input.nav.swap_buttons``;
``input.side_button.double_press`` ("camera" | "flashlight" | "wallet" | "open_app" | "none"),
``input.side_button.double_press_app`` (app ID or None), ``input.side_button.press_and_hold`` ("assistant" |
"power_menu"); ``input.air_gesture.<gesture>`` bool for each ``AirGesture`` and
``input.air_gestures.sensitivity``; ``input.aod.mode`` ("off" | "tap_to_show" | "scheduled" | "always"),
``input.aod.start`` / ``input.aod.end`` ("HH:MM" while scheduled), ``input.aod.style``, ``input.aod.photo``
(photo ID), ``input.aod.show_notifications``; ``input.one_handed.enabled``, ``input.one_handed.side``;
``input.keyboard.haptics``, ``input.keyboard.key_sound``, ``input.keyboard.autocorrect``,
``input.keyboard.swipe_typing``.

Cross-domain: a screenshot is a record of the ``files`` table (Apps & Storage; folder "Screenshots", kind
"image") whose size comes off ``storage.free_mb``, of the app in the foreground (the running app of ``apps``
used last; finance apps block screenshots); scanning needs the Camera app's CAMERA permission, and a Wi-Fi
code saves its network in ``wifi_networks`` (Network & Connectivity); a payment code names the Wallet's
default card (``wallet_cards``, Travel & Lifestyle) and a contact code an existing contact with the same
number (``contacts``); air gestures need the Camera app's CAMERA permission (front camera); always-on
display "always" is refused while ``battery.power_saving`` (System Settings) is on and the photo style reads
``photos`` (Audio & Entertainment); the side button opens an app of ``apps``; haptic typing needs
``sound.vibration_intensity`` (Display & Sound) above 0.
"""

from __future__ import annotations

import random
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
from mpb_env.tools.formats import clock_hhmm
from mpb_env.tools.runtime import Ok, check_permission, ok, tool
from mpb_env.world.state import PhoneState, Record, Tables

DOMAIN = "Input & Interaction"
SEED_ORDER = 61

AirGesture = Literal["air_scroll", "grab_screenshot", "air_press", "palm_pause"]
Sensitivity = Literal["low", "medium", "high"]
NavMode = Literal["gestures", "three_button"]
SidePress = Literal["double_press", "press_and_hold"]
SideAction = Literal["camera", "flashlight", "wallet", "open_app", "assistant", "power_menu", "none"]
AodMode = Literal["off", "tap_to_show", "scheduled", "always"]
AodStyle = Literal["digital_clock", "analog_clock", "calendar", "photo", "minimal"]
Hand = Literal["left", "right"]
KeyboardLayout = Literal[
    "qwerty",
    "qwertz",
    "azerty",
    "dvorak",
    "colemak",
    "pinyin",
    "handwriting",
    "kana",
    "inscript",
    "dubeolsik",
]
InputSection = Literal["navigation", "side_button", "air_gestures", "aod", "one_handed", "keyboard"]

AIR_GESTURES: dict[str, str] = {
    "air_scroll": "wave a hand up or down to scroll",
    "grab_screenshot": "close a hand into a fist to take a screenshot",
    "air_press": "press a palm toward the screen to answer a call",
    "palm_pause": "hold up a palm to pause or resume media",
}
#: Actions each side-button press can be mapped to.
SIDE_ACTIONS: dict[str, tuple[str, ...]] = {
    "double_press": ("camera", "flashlight", "wallet", "open_app", "none"),
    "press_and_hold": ("assistant", "power_menu"),
}
#: Keyboard languages: BCP 47 code -> (name, offered layouts; the first is the default).
KEYBOARD_LANGUAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "en-US": ("English (US)", ("qwerty", "dvorak", "colemak")),
    "en-GB": ("English (UK)", ("qwerty", "dvorak", "colemak")),
    "es-ES": ("Spanish (Spain)", ("qwerty",)),
    "es-MX": ("Spanish (Mexico)", ("qwerty",)),
    "fr-FR": ("French (France)", ("azerty", "qwerty")),
    "de-DE": ("German", ("qwertz", "qwerty")),
    "it-IT": ("Italian", ("qwerty",)),
    "pt-BR": ("Portuguese (Brazil)", ("qwerty",)),
    "ja-JP": ("Japanese", ("kana", "qwerty")),
    "zh-CN": ("Chinese (Simplified)", ("pinyin", "handwriting")),
    "ko-KR": ("Korean", ("dubeolsik", "qwerty")),
    "hi-IN": ("Hindi", ("inscript", "qwerty")),
}
MAX_KEYBOARD_LANGUAGES = 5
MAX_SCROLL_PAGES = 10
SCREENSHOT_MB = 1.6  # one screen
SCROLL_PAGE_MB = 1.1  # each extra page of a scrolling screenshot
#: App categories whose screens block screenshots, and those with nothing to scroll.
_SECURE_CATEGORIES = frozenset({"finance"})
_UNSCROLLABLE_CATEGORIES = frozenset({"navigation", "photography", "game"})

DEFAULT_SETTINGS: dict[str, Any] = {
    "input.nav.mode": "gestures",
    "input.nav.swap_buttons": False,
    "input.side_button.double_press": "camera",
    "input.side_button.double_press_app": None,
    "input.side_button.press_and_hold": "assistant",
    "input.air_gesture.air_scroll": False,
    "input.air_gesture.grab_screenshot": True,
    "input.air_gesture.air_press": False,
    "input.air_gesture.palm_pause": False,
    "input.air_gestures.sensitivity": "medium",
    "input.aod.mode": "tap_to_show",
    "input.aod.start": None,
    "input.aod.end": None,
    "input.aod.style": "digital_clock",
    "input.aod.photo": None,
    "input.aod.show_notifications": True,
    "input.one_handed.enabled": False,
    "input.one_handed.side": "right",
    "input.keyboard.haptics": True,
    "input.keyboard.key_sound": False,
    "input.keyboard.autocorrect": True,
    "input.keyboard.swipe_typing": True,
}

# --------------------------------------------------------------------------- world
# (id, label, kind, payload, in_view)
CORE_QR: list[tuple[str, str, str, str, bool]] = [
    ("qr_001", "Wi-Fi sticker on the Ritual Coffee counter", "wifi",
     "WIFI:T:WPA;S:Ritual Coffee Guest;P:pourover2026;;", True),
    ("qr_002", "Menu code on the table tent at Ritual Coffee", "url", "https://ritualcoffee.example/menu", True),
    ("qr_003", "Parking meter 4127 on Valencia St", "payment",
     "PAY:payee=SFMTA Parking;amount=3.50;currency=USD;ref=METER-4127", False),
    ("qr_004", "Guest Wi-Fi card on the fridge at home", "wifi",
     "WIFI:T:WPA;S:MorganHome-Guest;P:welcome-guests;;", False),
    ("qr_005", "Business card of Sofia Rivera", "contact",
     "MECARD:N:Rivera,Sofia;TEL:+1 415 555 0188;EMAIL:sofia.rivera@hudsonpartners.example;;", False),
    ("qr_006", "Scratched sticker on a lamp post", "unknown", "", False),
    ("qr_007", "Ticket for Emma's school play", "text", "TEXT:Lincoln Elementary spring play - Row F, seat 12",
     False),
    ("qr_008", "Flyer promising a free phone", "url", "http://free-phone-prize.example/claim", False),
]  # fmt: skip
_POSTER_PLACES = ("bus shelter", "cafe window", "museum entrance", "gym lobby", "bookstore", "food truck")
_POSTER_SITES = ("concert", "menu", "survey", "coupon", "tour", "app")


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    """Core QR codes and keyboard, plus generated posters; settings under ``input.``."""
    settings = tables.setdefault("settings", {})
    for key, value in DEFAULT_SETTINGS.items():
        settings.setdefault(key, {"value": value})
    codes: dict[str, Record] = {
        qid: {"id": qid, "label": label, "kind": kind, "payload": payload, "in_view": in_view}
        for qid, label, kind, payload, in_view in CORE_QR
    }
    for i in range(round(20 * scale)):
        place, site = rng.choice(_POSTER_PLACES), rng.choice(_POSTER_SITES)
        qid = f"qr_{101 + i:03d}"
        codes[qid] = {
            "id": qid,
            "label": f"Poster at a {place}",
            "kind": "url",
            "payload": f"https://{site}{rng.randint(10, 999)}.example/{rng.choice(('go', 'info', 'deal'))}",
            "in_view": False,
        }
    tables["qr_codes"] = codes
    tables["qr_scans"] = {}
    tables["keyboard_languages"] = {
        "en-US": {
            "code": "en-US",
            "name": "English (US)",
            "layout": "qwerty",
            "added_at": "2025-01-04T10:00:00",
        }
    }


# --------------------------------------------------------------------------- helpers
def _get(s: PhoneState, key: str) -> Any:
    return s.setting(key, DEFAULT_SETTINGS[key])


def _has_table(s: PhoneState, table: str) -> bool:
    return table in s.world.tables or table in s.patch.tables or table in s.writes


def _foreground(s: PhoneState) -> Record | None:
    """The app on screen: the running app used last (None on the home screen)."""
    best = None
    for app in s.values("apps"):
        if app.get("running") and (
            best is None or (app.get("last_used") or "") > (best.get("last_used") or "")
        ):
            best = app
    return best


def _hhmm(value: str, field: str) -> str:
    hhmm = clock_hhmm(value)
    if hhmm is None:
        raise InvalidArguments(f'{field} {value!r} is not a 24-hour time "HH:MM", e.g. "22:00"', field=field)
    return hhmm


def _keyboard_code(language: str) -> str:
    ref = " ".join(language.split())
    by_lower = {c.casefold(): c for c in KEYBOARD_LANGUAGES}
    code = by_lower.get(ref.casefold().replace("_", "-"))
    if code:
        return code
    named = [c for c, (name, _) in KEYBOARD_LANGUAGES.items() if name.casefold() == ref.casefold()]
    if not named:
        named = [
            c for c, (name, _) in KEYBOARD_LANGUAGES.items() if name.casefold().startswith(ref.casefold())
        ]
    if len(named) == 1:
        return named[0]
    if len(named) > 1:
        raise Ambiguous(
            f"{language!r} matches several keyboards: {', '.join(named)}; use a code",
            candidates=[{"code": c, "name": KEYBOARD_LANGUAGES[c][0]} for c in named],
        )
    raise CapabilityLimit(
        f"the keyboard has no {language!r} language; offered: {', '.join(KEYBOARD_LANGUAGES)}",
        supported=list(KEYBOARD_LANGUAGES),
    )


def _keyboard(s: PhoneState) -> list[Record]:
    return sorted(s.values("keyboard_languages"), key=lambda r: (r.get("added_at") or "", r["code"]))


def _section(s: PhoneState, section: str) -> dict[str, Any]:
    if section == "navigation":
        return {"mode": _get(s, "input.nav.mode"), "swap_buttons": _get(s, "input.nav.swap_buttons")}
    if section == "side_button":
        return {
            "double_press": _get(s, "input.side_button.double_press"),
            "double_press_app": _get(s, "input.side_button.double_press_app"),
            "press_and_hold": _get(s, "input.side_button.press_and_hold"),
        }
    if section == "air_gestures":
        return {
            **{g: _get(s, f"input.air_gesture.{g}") for g in AIR_GESTURES},
            "sensitivity": _get(s, "input.air_gestures.sensitivity"),
        }
    if section == "aod":
        return {
            "mode": _get(s, "input.aod.mode"),
            "start": _get(s, "input.aod.start"),
            "end": _get(s, "input.aod.end"),
            "style": _get(s, "input.aod.style"),
            "photo": _get(s, "input.aod.photo"),
            "show_notifications": _get(s, "input.aod.show_notifications"),
        }
    if section == "one_handed":
        return {"enabled": _get(s, "input.one_handed.enabled"), "side": _get(s, "input.one_handed.side")}
    return {
        "languages": [{"code": r["code"], "name": r["name"], "layout": r["layout"]} for r in _keyboard(s)],
        "haptics": _get(s, "input.keyboard.haptics"),
        "key_sound": _get(s, "input.keyboard.key_sound"),
        "autocorrect": _get(s, "input.keyboard.autocorrect"),
        "swipe_typing": _get(s, "input.keyboard.swipe_typing"),
    }


_SECTIONS: tuple[str, ...] = ("navigation", "side_button", "air_gestures", "aod", "one_handed", "keyboard")


# --------------------------------------------------------------------------- read
@tool(DOMAIN)
def get_input_settings(s: PhoneState, section: InputSection | None = None) -> Ok:
    """Show the input and interaction settings: navigation, side button, air gestures, always-on display,
    one-handed mode and keyboard.

    Args:
        section: Only this group of settings, e.g. "aod"; every group when omitted.

    Returns:
        ``{section: {...}}`` for the requested groups, e.g. ``{"aod": {"mode", "start", "end", "style",
        "photo", "show_notifications"}}``; ``keyboard`` includes ``languages`` ``[{"code", "name",
        "layout"}]``.

    Raises:
        InvalidArguments: the section is not one of the six groups.
    """
    names = _SECTIONS if section is None else (section,)
    data = {name: _section(s, name) for name in names}
    return ok(f"Input settings: {', '.join(names)}", data)


# --------------------------------------------------------------------------- screenshots and QR codes
@tool(DOMAIN, mutates=True)
def take_screenshot(s: PhoneState, scroll_pages: int = 1) -> Ok:
    """Capture the screen (the app in the foreground) as an image in the Screenshots folder.

    Args:
        scroll_pages: 1 for a normal screenshot, or 2-10 for a long (scrolling) screenshot that captures
            that many screens of the page, e.g. 3.

    Returns:
        ``{"file": {"id", "name", "folder", "kind", "size_mb", "modified", "trashed", "trashed_at"}, "app":
        app ID | "home", "pages", "free_mb"}``.

    Raises:
        InvalidArguments: scroll_pages is below 1.
        CapabilityLimit: more than 10 pages; the screen is secure (a finance app blocks screenshots); or a
            scrolling screenshot of the home screen or of a map, camera or game screen, which cannot scroll.
        PreconditionFailed: there is not enough free storage for the image.
    """
    if scroll_pages < 1:
        raise InvalidArguments(f"scroll_pages must be at least 1, got {scroll_pages}")
    if scroll_pages > MAX_SCROLL_PAGES:
        raise CapabilityLimit(
            f"a scrolling screenshot captures at most {MAX_SCROLL_PAGES} screens, not {scroll_pages}",
            supported=[1, MAX_SCROLL_PAGES],
        )
    app = _foreground(s)
    label = app["name"] if app else "the home screen"
    if app is not None and app.get("category") in _SECURE_CATEGORIES:
        raise CapabilityLimit(
            f"{label} does not allow screenshots of its screens (secure content)", app_id=app["id"]
        )
    if scroll_pages > 1 and (app is None or app.get("category") in _UNSCROLLABLE_CATEGORIES):
        raise CapabilityLimit(
            f"{label} cannot scroll, so only a normal screenshot is possible (scroll_pages=1)",
            app_id=app["id"] if app else None,
        )
    size = round(SCREENSHOT_MB + SCROLL_PAGE_MB * (scroll_pages - 1), 1)
    free_rec = s.get("settings", "storage.free_mb")
    free = None if free_rec is None else float(free_rec["value"])
    if free is not None and free < size:
        raise PreconditionFailed(
            f"storage is full ({free:g} MB free, the screenshot needs {size:g} MB); free up space first",
            free_mb=free,
            needed_mb=size,
        )
    table = "files" if _has_table(s, "files") else "screenshots"
    now = s.now_iso()
    stem = f"Screenshot_{now[:10].replace('-', '')}_{now[11:].replace(':', '')}"
    names = {f["name"] for f in s.values(table) if f.get("folder") == "Screenshots" and not f.get("trashed")}
    name, n = f"{stem}.png", 1
    while name in names:
        name, n = f"{stem}_{n}.png", n + 1
    file_id = s.new_id("file")
    rec = {
        "id": file_id,
        "name": name,
        "folder": "Screenshots",
        "kind": "image",
        "size_mb": size,
        "modified": now,
        "trashed": False,
        "trashed_at": None,
    }
    s.put(table, file_id, rec)
    if free is not None:
        free = round(free - size, 1)
        s.set_setting("storage.free_mb", free)
    what = f"a {scroll_pages}-screen scrolling screenshot" if scroll_pages > 1 else "a screenshot"
    data = {"file": rec, "app": app["id"] if app else "home", "pages": scroll_pages, "free_mb": free}
    return ok(f"Took {what} of {label}: {name} ({size:g} MB)", data)


def _fields(body: str) -> dict[str, str]:
    """Split ``K:v;K:v;;`` (Wi-Fi and MECARD codes; ``\\`` escapes ``;:,\\``) into a dict."""
    out: dict[str, str] = {}
    key, buf, esc, in_value = "", [], False, False
    for ch in body:
        if esc:
            buf.append(ch)
            esc = False
        elif ch == "\\":
            esc = True
        elif ch == ":" and not in_value:
            key, buf, in_value = "".join(buf), [], True
        elif ch == ";":
            if key:
                out.setdefault(key.upper(), "".join(buf))
            key, buf, in_value = "", [], False
        else:
            buf.append(ch)
    if key:
        out.setdefault(key.upper(), "".join(buf))
    return out


_WIFI_SECURITY = {
    "WPA": "wpa2",
    "WPA2": "wpa2",
    "SAE": "wpa3",
    "WPA3": "wpa3",
    "WEP": "wep",
    "NOPASS": "open",
    "": "open",
}


def _decode(code: Record) -> dict[str, Any]:
    kind, payload = code.get("kind"), code.get("payload") or ""
    unreadable = CapabilityLimit(
        f"the QR code '{code['label']}' is damaged or not a QR code; it cannot be read", qr_id=code["id"]
    )
    if kind == "wifi" and payload.upper().startswith("WIFI:"):
        f = _fields(payload[5:])
        ssid = f.get("S", "")
        security = _WIFI_SECURITY.get(f.get("T", "").upper())
        if not ssid or security is None:
            raise unreadable
        return {
            "ssid": ssid,
            "security": security,
            "password": f.get("P") or None,
            "hidden": f.get("H") == "true",
        }
    if kind == "url" and payload.startswith(("http://", "https://")):
        domain = payload.split("://", 1)[1].split("/", 1)[0]
        return {"url": payload, "domain": domain, "secure": payload.startswith("https://")}
    if kind == "payment" and payload.upper().startswith("PAY:"):
        parts = dict(p.split("=", 1) for p in payload[4:].split(";") if "=" in p)
        try:
            amount = round(float(parts["amount"]), 2)
        except (KeyError, ValueError):
            raise unreadable from None
        return {
            "payee": parts.get("payee", ""),
            "amount": amount,
            "currency": parts.get("currency", "USD"),
            "reference": parts.get("ref"),
        }
    if kind == "contact" and payload.upper().startswith("MECARD:"):
        f = _fields(payload[7:])
        last, _, first = f.get("N", "").partition(",")
        name = f"{first} {last}".strip()
        if not name:
            raise unreadable
        return {"name": name, "phone": f.get("TEL"), "email": f.get("EMAIL")}
    if kind == "text" and payload.upper().startswith("TEXT:"):
        return {"text": payload[5:]}
    raise unreadable


def _digits(phone: str | None) -> str:
    return "".join(ch for ch in phone or "" if ch.isdigit())[-10:]


def _contact_with_digits(s: PhoneState, want: str) -> str | None:
    """The first saved contact whose number ends in the same (up to) ten digits as ``want``."""
    return next((c["id"] for c in s.values("contacts") if want and _digits(c.get("phone")) == want), None)


@tool(DOMAIN, mutates=True, permission=("camera", "CAMERA"))
def scan_qr_code(s: PhoneState, code_id: str | None = None) -> Ok:
    """Scan a QR code in front of the camera and decode it; a Wi-Fi code also saves its network.

    Args:
        code_id: Which code in view to scan, e.g. "qr_001"; may be omitted when only one code is in view.

    Returns:
        ``{"scan_id", "qr_id", "kind", "label", "decoded", "saved_network"}``. ``decoded`` is, by kind:
        wifi ``{"ssid", "security", "password", "hidden"}`` (the network is then saved for auto-join, so
        ``connect_wifi_network`` needs no password), url ``{"url", "domain", "secure"}``, payment
        ``{"payee", "amount", "currency", "reference", "default_card_id"}``, contact ``{"name", "phone",
        "email", "existing_contact_id"}``, text ``{"text"}``.

    Raises:
        PermissionDenied: the Camera app lacks the CAMERA permission.
        NotFound: no QR code has this ID.
        PreconditionFailed: the code is not in view, or no code is in view at all.
        Ambiguous: several codes are in view and no code_id was given (``data["candidates"]``).
        CapabilityLimit: the code is damaged or not a QR code.
        Conflict: a Wi-Fi code's password does not match the network the phone already knows by that name.
    """
    if code_id is not None:
        code = s.get("qr_codes", code_id)
        if code is None:
            raise NotFound(f"no QR code with id {code_id!r}", code_id=code_id)
        if not code.get("in_view"):
            raise PreconditionFailed(
                f"'{code['label']}' is not in front of the camera; point the camera at it first",
                code_id=code_id,
            )
    else:
        in_view = s.unwritten_memo(
            "qr_in_view", ("qr_codes",), None, lambda: [c for c in s.values("qr_codes") if c.get("in_view")]
        )
        if not in_view:
            raise PreconditionFailed("no QR code is in front of the camera")
        if len(in_view) > 1:
            raise Ambiguous(
                f"{len(in_view)} QR codes are in view; pick one with code_id",
                candidates=[{"id": c["id"], "label": c["label"], "kind": c["kind"]} for c in in_view],
            )
        code = in_view[0]
    decoded = _decode(code)
    saved = None
    if code["kind"] == "wifi" and _has_table(s, "wifi_networks"):
        ssid = decoded["ssid"]
        net = s.get("wifi_networks", ssid)
        if net is not None:
            real = net.get("password")
            if net.get("security") != "open" and real is not None and real != decoded["password"]:
                raise Conflict(
                    f"the password in this code does not match the network {ssid}; the code is outdated",
                    ssid=ssid,
                )
            s.update("wifi_networks", ssid, saved=True, auto_join=True, password=decoded["password"] or real)
        else:
            s.put(
                "wifi_networks",
                ssid,
                {
                    "ssid": ssid,
                    "security": decoded["security"],
                    "signal": 70,
                    "in_range": True,
                    "band": "2.4 GHz",
                    "saved": True,
                    "auto_join": True,
                    "password": decoded["password"],
                    "last_connected": None,
                },
            )
        saved = ssid
    elif code["kind"] == "payment":
        default = next((c["id"] for c in s.values("wallet_cards") if c.get("default")), None)
        decoded = {**decoded, "default_card_id": default}
    elif code["kind"] == "contact":
        want = _digits(decoded["phone"])
        match = s.unwritten_memo("qr_contact_match", ("contacts",), want, lambda: _contact_with_digits(s, want))
        decoded = {**decoded, "existing_contact_id": match}
    scan_id = s.new_id("scan")
    s.put(
        "qr_scans",
        scan_id,
        {"id": scan_id, "qr_id": code["id"], "kind": code["kind"], "time": s.now_iso(), "decoded": decoded,
         "saved_network": saved},
    )  # fmt: skip
    data = {
        "scan_id": scan_id,
        "qr_id": code["id"],
        "kind": code["kind"],
        "label": code["label"],
        "decoded": decoded,
        "saved_network": saved,
    }
    if saved:
        msg = f"Scanned a Wi-Fi code: saved network {saved}"
    elif code["kind"] == "url":
        msg = f"Scanned a link: {decoded['url']}" + ("" if decoded["secure"] else " (not secure)")
    elif code["kind"] == "payment":
        msg = f"Scanned a payment code: {decoded['amount']:.2f} {decoded['currency']} to {decoded['payee']}"
    elif code["kind"] == "contact":
        msg = f"Scanned a contact card: {decoded['name']}"
    else:
        msg = f"Scanned a {code['kind']} code"
    return ok(msg, data)


# --------------------------------------------------------------------------- gestures and buttons
@tool(DOMAIN, mutates=True)
def set_air_gesture(
    s: PhoneState, gesture: AirGesture, enabled: bool | None = None, sensitivity: Sensitivity | None = None
) -> Ok:
    """Turn an air (touch-free) gesture on or off, and set how sensitive air gestures are.

    Gestures: air_scroll (wave up/down to scroll), grab_screenshot (close a fist to take a screenshot),
    air_press (press a palm toward the screen to answer a call), palm_pause (hold up a palm to pause media).

    Args:
        gesture: The gesture, e.g. "air_scroll".
        enabled: Turn it on (true) or off (false), e.g. true.
        sensitivity: How easily hand movements are detected, for every air gesture, e.g. "high".

    Returns:
        The ``air_gestures`` settings ``{gesture: bool, ..., "sensitivity"}`` after the change.

    Raises:
        InvalidArguments: neither enabled nor sensitivity is given.
        PermissionDenied: turning a gesture on needs the Camera app's CAMERA permission (front camera).
    """
    if enabled is None and sensitivity is None:
        raise InvalidArguments("give enabled and/or sensitivity")
    if enabled:
        check_permission(s, "camera", "CAMERA")
    if enabled is not None:
        s.set_setting(f"input.air_gesture.{gesture}", enabled)
    if sensitivity is not None:
        s.set_setting("input.air_gestures.sensitivity", sensitivity)
    data = _section(s, "air_gestures")
    parts = []
    if enabled is not None:
        parts.append(f"{gesture} {'on' if enabled else 'off'} ({AIR_GESTURES[gesture]})")
    if sensitivity is not None:
        parts.append(f"sensitivity {sensitivity}")
    return ok(f"Air gestures: {', '.join(parts)}", data)


@tool(DOMAIN, mutates=True)
def set_navigation_mode(s: PhoneState, mode: NavMode, swap_buttons: bool | None = None) -> Ok:
    """Choose system navigation: full-screen gestures or the three-button bar (Back, Home, Recents).

    Switching to three buttons turns one-handed mode off, since it is started by a gesture.

    Args:
        mode: The navigation style, e.g. "gestures".
        swap_buttons: With three buttons, put Back on the right and Recents on the left, e.g. true.

    Returns:
        ``{"mode", "swap_buttons", "one_handed_turned_off": bool}``.

    Raises:
        CapabilityLimit: swap_buttons is set with gesture navigation (there are no buttons to swap).
    """
    if swap_buttons is not None and mode == "gestures":
        raise CapabilityLimit("gesture navigation has no buttons to swap; use mode='three_button'")
    s.set_setting("input.nav.mode", mode)
    if swap_buttons is not None:
        s.set_setting("input.nav.swap_buttons", swap_buttons)
    turned_off = mode == "three_button" and bool(_get(s, "input.one_handed.enabled"))
    if turned_off:
        s.set_setting("input.one_handed.enabled", False)
    data = {
        "mode": mode,
        "swap_buttons": _get(s, "input.nav.swap_buttons"),
        "one_handed_turned_off": turned_off,
    }
    label = "gesture navigation" if mode == "gestures" else "three-button navigation"
    return ok(f"Switched to {label}" + ("; one-handed mode was turned off" if turned_off else ""), data)


@tool(DOMAIN, mutates=True)
def set_side_button_action(
    s: PhoneState, press: SidePress, action: SideAction, app_id: str | None = None
) -> Ok:
    """Remap the side (power) button: what a double press or a press-and-hold does.

    A double press can open the camera, toggle the flashlight, open the wallet, open any installed app
    (``action="open_app"`` with ``app_id``) or do nothing; press-and-hold calls the assistant or shows the
    power menu.

    Args:
        press: Which press to remap, e.g. "double_press".
        action: What it does, e.g. "open_app".
        app_id: The app to open with action "open_app", e.g. "spotify".

    Returns:
        The ``side_button`` settings ``{"double_press", "double_press_app", "press_and_hold"}``.

    Raises:
        CapabilityLimit: the action is not offered for this press.
        InvalidArguments: open_app without app_id, or app_id with another action.
        NotFound: no installed app has this ID.
        PreconditionFailed: the wallet action needs the Wallet app installed.
    """
    if action not in SIDE_ACTIONS[press]:
        raise CapabilityLimit(
            f"a {press.replace('_', ' ')} can be mapped to {', '.join(SIDE_ACTIONS[press])}, not {action}",
            supported=list(SIDE_ACTIONS[press]),
        )
    if action == "open_app" and app_id is None:
        raise InvalidArguments("action 'open_app' needs app_id, e.g. app_id='spotify'")
    if action != "open_app" and app_id is not None:
        raise InvalidArguments(f"app_id is only used with action 'open_app', not {action!r}")
    label = action.replace("_", " ")
    if app_id is not None:
        app = s.get("apps", app_id)
        if app is None:
            raise NotFound(f"no installed app with id {app_id!r}; list_apps shows app IDs", app_id=app_id)
        label = f"open {app['name']}"
    if action == "wallet" and s.get("apps", "wallet") is None:
        raise PreconditionFailed("the Wallet app is not installed; install it first", app_id="wallet")
    if press == "double_press":
        s.set_setting("input.side_button.double_press", action)
        s.set_setting("input.side_button.double_press_app", app_id)
    else:
        s.set_setting("input.side_button.press_and_hold", action)
    return ok(f"Side button {press.replace('_', ' ')}: {label}", _section(s, "side_button"))


@tool(DOMAIN, mutates=True)
def set_one_handed_mode(s: PhoneState, enabled: bool, side: Hand | None = None) -> Ok:
    """Turn one-handed mode (swipe down on the bottom edge to shrink the screen) on or off.

    Args:
        enabled: On (true) or off (false), e.g. true.
        side: Which side the shrunken screen sits on, e.g. "left".

    Returns:
        The ``one_handed`` settings ``{"enabled", "side"}``.

    Raises:
        PreconditionFailed: turning it on needs gesture navigation (set_navigation_mode).
    """
    if enabled and _get(s, "input.nav.mode") != "gestures":
        raise PreconditionFailed(
            "one-handed mode is started by a gesture; switch to gesture navigation first",
            setting="input.nav.mode",
            required="gestures",
            current=_get(s, "input.nav.mode"),
        )
    s.set_setting("input.one_handed.enabled", enabled)
    if side is not None:
        s.set_setting("input.one_handed.side", side)
    data = _section(s, "one_handed")
    return ok(f"One-handed mode {'on' if enabled else 'off'} ({data['side']} side)", data)


# --------------------------------------------------------------------------- always-on display
@tool(DOMAIN, mutates=True)
def set_aod_mode(s: PhoneState, mode: AodMode, start: str | None = None, end: str | None = None) -> Ok:
    """Set when the always-on display shows the clock on the locked screen.

    Modes: off, tap_to_show (for 10 seconds after a tap), scheduled (between start and end), always.

    Args:
        mode: The always-on display mode, e.g. "scheduled".
        start: With mode "scheduled", the daily start time "HH:MM", e.g. "07:00".
        end: With mode "scheduled", the daily end time "HH:MM", e.g. "23:00".

    Returns:
        The ``aod`` settings ``{"mode", "start", "end", "style", "photo", "show_notifications"}``.

    Raises:
        InvalidArguments: scheduled without both times, a time that is not "HH:MM", equal start and end, or
            times given with another mode.
        PreconditionFailed: mode "always" while battery saver is on.
    """
    if mode == "scheduled":
        if start is None or end is None:
            raise InvalidArguments(
                "a scheduled always-on display needs start and end, e.g. '07:00' and '23:00'"
            )
        a, b = _hhmm(start, "start"), _hhmm(end, "end")
        if a == b:
            raise InvalidArguments("start and end must differ; use mode='always' for all day")
    elif start is not None or end is not None:
        raise InvalidArguments(f"start and end are only used with mode 'scheduled', not {mode!r}")
    else:
        a = b = None
    if mode == "always" and s.setting("battery.power_saving", False):
        raise PreconditionFailed(
            "the always-on display cannot stay on all day while battery saver is on; turn battery saver "
            "off or use tap_to_show",
            setting="battery.power_saving",
            required=False,
            current=True,
        )
    s.set_setting("input.aod.mode", mode)
    s.set_setting("input.aod.start", a)
    s.set_setting("input.aod.end", b)
    when = f" from {a} to {b}" if a else ""
    return ok(f"Always-on display: {mode.replace('_', ' ')}{when}", _section(s, "aod"))


@tool(DOMAIN, mutates=True)
def set_aod_style(
    s: PhoneState, style: AodStyle, photo_id: str | None = None, show_notifications: bool | None = None
) -> Ok:
    """Choose what the always-on display shows: a clock style, the calendar, or one of the owner's photos.

    Args:
        style: The look, e.g. "analog_clock".
        photo_id: With style "photo", the Gallery photo to show, e.g. "photo_009".
        show_notifications: Also show notification icons, e.g. false.

    Returns:
        The ``aod`` settings ``{"mode", "start", "end", "style", "photo", "show_notifications"}``.

    Raises:
        InvalidArguments: style "photo" without photo_id, or photo_id with another style.
        NotFound: no photo has this ID.
        CapabilityLimit: the photo is a video or screen recording.
    """
    if style == "photo" and photo_id is None:
        raise InvalidArguments("style 'photo' needs photo_id, e.g. photo_id='photo_009'")
    if style != "photo" and photo_id is not None:
        raise InvalidArguments(f"photo_id is only used with style 'photo', not {style!r}")
    if photo_id is not None:
        photo = s.get("photos", photo_id)
        if photo is None:
            raise NotFound(f"no photo with id {photo_id!r}; list_photos shows photo IDs", photo_id=photo_id)
        if photo.get("kind", "photo") != "photo":
            raise CapabilityLimit(
                f"{photo_id} is a {photo.get('kind')}; the always-on display shows still photos only",
                photo_id=photo_id,
            )
    s.set_setting("input.aod.style", style)
    s.set_setting("input.aod.photo", photo_id)
    if show_notifications is not None:
        s.set_setting("input.aod.show_notifications", show_notifications)
    data = _section(s, "aod")
    note = "" if data["mode"] != "off" else " (the always-on display is off; set_aod_mode turns it on)"
    return ok(f"Always-on display style: {style.replace('_', ' ')}{note}", data)


# --------------------------------------------------------------------------- keyboard
@tool(DOMAIN, mutates=True)
def add_keyboard_language(s: PhoneState, language: str, layout: KeyboardLayout | None = None) -> Ok:
    """Add an input language to the keyboard, or change the layout of one already added.

    Args:
        language: The language, by code or name, e.g. "es-ES" or "German".
        layout: The key layout, e.g. "qwertz"; the language's usual layout when omitted.

    Returns:
        ``{"added": {"code", "name", "layout"}, "languages": [{"code", "name", "layout"}]}``.

    Raises:
        CapabilityLimit: the keyboard does not offer the language or this layout for it, or five
            languages are already added.
        Ambiguous: the name matches several languages (e.g. "Spanish"); ``data["candidates"]`` lists them.
        AlreadyExists: the language is already added with this layout.
    """
    code = _keyboard_code(language)
    name, layouts = KEYBOARD_LANGUAGES[code]
    chosen = layout or layouts[0]
    if chosen not in layouts:
        raise CapabilityLimit(
            f"{name} offers the layouts {', '.join(layouts)}, not {chosen}", supported=list(layouts)
        )
    old = s.get("keyboard_languages", code)
    if old is not None:
        if old["layout"] == chosen:
            raise AlreadyExists(f"{name} ({chosen}) is already on the keyboard", code=code)
        rec = s.update("keyboard_languages", code, layout=chosen)
        msg = f"Changed the {name} keyboard layout to {chosen}"
    else:
        count = sum(1 for _ in s.scan("keyboard_languages"))
        if count >= MAX_KEYBOARD_LANGUAGES:
            raise CapabilityLimit(
                f"the keyboard holds at most {MAX_KEYBOARD_LANGUAGES} languages; remove one first",
                languages=[r["code"] for r in _keyboard(s)],
            )
        rec = s.put(
            "keyboard_languages",
            code,
            {"code": code, "name": name, "layout": chosen, "added_at": s.now_iso()},
        )
        msg = f"Added {name} ({chosen}) to the keyboard"
    added = {"code": code, "name": name, "layout": rec["layout"]}
    return ok(msg, {"added": added, "languages": _section(s, "keyboard")["languages"]})


@tool(DOMAIN, mutates=True)
def remove_keyboard_language(s: PhoneState, language: str) -> Ok:
    """Remove an input language from the keyboard.

    Args:
        language: The language, by code or name, e.g. "fr-FR" or "French (France)".

    Returns:
        ``{"removed": {"code", "name", "layout"}, "languages": [{"code", "name", "layout"}]}``.

    Raises:
        NotFound: the language is not on the keyboard.
        Ambiguous: the name matches several added languages.
        PreconditionFailed: it is the keyboard's only language.
    """
    try:
        code = _keyboard_code(language)
    except CapabilityLimit:
        code = language
    except Ambiguous as err:
        added = [c for c in err.data["candidates"] if s.get("keyboard_languages", c["code"])]
        if len(added) != 1:
            if len(added) > 1:
                raise Ambiguous(err.message, candidates=added) from None
            raise NotFound(f"no {language!r} language is on the keyboard", language=language) from None
        code = added[0]["code"]
    rec = s.get("keyboard_languages", code)
    if rec is None:
        on = [r["code"] for r in _keyboard(s)]
        raise NotFound(f"{language!r} is not on the keyboard; it has {', '.join(on)}", languages=on)
    if sum(1 for _ in s.scan("keyboard_languages")) <= 1:
        raise PreconditionFailed(
            f"{rec['name']} is the keyboard's only language; add another first", code=code
        )
    s.delete("keyboard_languages", code)
    removed = {"code": code, "name": rec["name"], "layout": rec["layout"]}
    return ok(
        f"Removed {rec['name']} from the keyboard",
        {"removed": removed, "languages": _section(s, "keyboard")["languages"]},
    )


@tool(DOMAIN, mutates=True)
def set_keyboard_settings(
    s: PhoneState,
    haptic_typing: bool | None = None,
    key_sound: bool | None = None,
    autocorrect: bool | None = None,
    swipe_typing: bool | None = None,
) -> Ok:
    """Change how the keyboard behaves: vibration on key press, key sounds, autocorrect and swipe typing.

    Args:
        haptic_typing: Vibrate on each key press, e.g. true.
        key_sound: Click on each key press, e.g. false.
        autocorrect: Correct misspelled words while typing, e.g. true.
        swipe_typing: Type by sliding across letters, e.g. true.

    Returns:
        The ``keyboard`` settings ``{"languages", "haptics", "key_sound", "autocorrect", "swipe_typing"}``.

    Raises:
        InvalidArguments: no setting is given.
        PreconditionFailed: haptic typing needs the vibration intensity above 0 (set_vibration_intensity).
    """
    changes = {
        "input.keyboard.haptics": haptic_typing,
        "input.keyboard.key_sound": key_sound,
        "input.keyboard.autocorrect": autocorrect,
        "input.keyboard.swipe_typing": swipe_typing,
    }
    changes = {k: v for k, v in changes.items() if v is not None}
    if not changes:
        raise InvalidArguments("give at least one of haptic_typing, key_sound, autocorrect, swipe_typing")
    if haptic_typing and not s.setting("sound.vibration_intensity", 60):
        raise PreconditionFailed(
            "vibration is off (intensity 0), so haptic typing cannot be felt; raise it with "
            "set_vibration_intensity first",
            setting="sound.vibration_intensity",
            current=0,
        )
    for key, value in changes.items():
        s.set_setting(key, value)
    done = ", ".join(f"{k.rsplit('.', 1)[1]} {'on' if v else 'off'}" for k, v in changes.items())
    return ok(f"Keyboard: {done}", _section(s, "keyboard"))
