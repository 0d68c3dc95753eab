"""Template families over Input & Interaction: screenshots, QR codes, air gestures, navigation and the side
button, one-handed mode, the always-on display and the keyboard."""

from __future__ import annotations

from typing import Any

from mpb_env.domains.input import KEYBOARD_LANGUAGES
from mpb_env.tasks.build import call, calls, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.helpers import (
    app_name,
    base,
    cannot,
    false_claims,
    granted_entry,
    hhmm_words,
    merge,
    revoked,
    rubric,
    s0_settings,
    setting_delta,
)

#: When a task puts an app on screen: later than every app the base world used today.
FOREGROUND_AT = "2026-05-20T08:58:00"
#: The code a task puts in front of the camera (the base world's two in-view codes are moved away).
CODE_ID = "qr_p01"
#: Asking when an always-on display schedule should end (a bare "end" would match "send" or "weekend").
AOD_END_WORDS = ["until", "end time", "ending time", "should it end", "it to end", "when it ends", "it end?",
                 "time to end", "turn off", "turns off", "turn it off", "switch off", "switches off",
                 "switch it off", "go off", "goes off", "shut off", "stop", "how long", "off time", "finish"]  # fmt: skip


# --------------------------------------------------------------------------- shared helpers
def foreground(app_id: str) -> dict[str, dict[str, Any]]:
    """S0 with ``app_id`` open on screen (running and used last)."""
    app = base()["apps"][app_id]
    return {"apps": {app_id: {**app, "running": True, "last_used": FOREGROUND_AT}}}


def in_view(label: str, kind: str, payload: str) -> dict[str, dict[str, Any]]:
    """S0 where the only QR code in front of the camera is ``CODE_ID``."""
    codes = base()["qr_codes"]
    rows: dict[str, Any] = {q: {**codes[q], "in_view": False} for q in ("qr_001", "qr_002")}
    rows[CODE_ID] = {"id": CODE_ID, "label": label, "kind": kind, "payload": payload, "in_view": True}
    return {"qr_codes": rows}


def wifi_payload(ssid: str, password: str) -> str:
    return f"WIFI:T:WPA;S:{ssid};P:{password};;"


def default_layout(code: str) -> str:
    return KEYBOARD_LANGUAGES[code][1][0]


# --------------------------------------------------------------------------- grounding
@family("input.aod_schedule", dimension="basic", category="grounding", bucket="state")
def aod_schedule(ctx: Ctx) -> Draft:
    start, end, spoken = ctx.pick("inp_aod_windows")
    query = ctx.say(
        ["keep the always-on display on from {w}.", "schedule the always-on display for {w} every day.",
         "I want the clock showing on my locked screen from {w} — set that up.",
         "set the always-on display to run only from {w}.", "have the always-on display come on from {w} each day.",
         "put the AOD on a schedule, {w}."],
        w=spoken,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [setting_delta("input.aod.mode", "scheduled"), setting_delta("input.aod.start", start),
                        setting_delta("input.aod.end", end)]},
        oracle=[
            calls(call("get_input_settings", section="aod")),
            hermes(call("set_aod_mode", mode="scheduled", start=start, end=end)),
            f"The always-on display now shows from {hhmm_words(start)} to {hhmm_words(end)} every day.",
        ],
    )  # fmt: skip


@family("input.keyboard_add", dimension="basic", category="grounding", bucket="state")
def keyboard_add(ctx: Ctx) -> Draft:
    code, lang, layout, words = ctx.pick("inp_keyboard_adds")
    query = ctx.say(
        ["add {lang} to my keyboard{lw}.", "I need to type in {lang} — add that keyboard{lw}.",
         "put the {lang} keyboard on my phone{lw}.", "can you set up {lang} as a keyboard language{lw}?",
         "add {lang} as an input language on the keyboard{lw}.", "give me the {lang} keyboard{lw}, please."],
        lang=lang, lw=words,
    )  # fmt: skip
    chosen = layout or default_layout(code)
    args: dict[str, Any] = {"language": code, **({"layout": layout} if layout else {})}
    return Draft(
        query=query,
        gold={"delta": [{"table": "keyboard_languages", "op": "create", "key": code,
                         "fields": {"code": code, "layout": chosen}}]},
        oracle=[
            calls(call("add_keyboard_language", **args)),
            f"Added {KEYBOARD_LANGUAGES[code][0]} ({chosen}) to your keyboard; switch with the globe key.",
        ],
    )  # fmt: skip


@family("input.side_button_app", dimension="basic", category="grounding", bucket="state")
def side_button_app(ctx: Ctx) -> Draft:
    app = ctx.pick("inp_side_apps")
    name = app_name(app)
    query = ctx.say(
        ["make a double press of the side button open {app}.", "I want to launch {app} by double-pressing the power button.",
         "set the side button shortcut so two quick presses open {app}.",
         "change the double-click on the side key to open {app}.",
         "double-pressing the power key should open {app} — set that up.", "map the side button double press to {app}."],
        app=name,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [setting_delta("input.side_button.double_press", "open_app"),
                        setting_delta("input.side_button.double_press_app", app)]},
        oracle=[
            calls(call("get_input_settings", section="side_button")),
            calls(call("set_side_button_action", press="double_press", action="open_app", app_id=app)),
            f"Done — double-press the side button to open {name}.",
        ],
    )  # fmt: skip


@family("input.air_gesture_on", dimension="basic", category="grounding", bucket="tool")
def air_gesture_on(ctx: Ctx) -> Draft:
    gesture, want, short = ctx.pick("inp_gestures")
    sens = ctx.choice([None, None, "high", "low"])
    extra = {None: "", "high": " and make the gestures more sensitive",
             "low": " — and make them less sensitive so they don't go off by accident"}[sens]  # fmt: skip
    query = ctx.say(
        ["I want to {want}{s}.", "turn on the gesture that lets me {want}{s}.", "set up my phone so I can {want}{s}.",
         "enable the air gesture to {want}{s}."],
        want=want, s=extra,
    )  # fmt: skip
    args: dict[str, Any] = {"gesture": gesture, "enabled": True, **({"sensitivity": sens} if sens else {})}
    return Draft(
        query=query,
        gold={"calls": [{"name": "set_air_gesture", "arguments": args}]},
        oracle=[
            calls(call("get_input_settings", section="air_gestures")),
            calls(call("set_air_gesture", **args)),
            f"{short.capitalize()} is on" + (f", with {sens} sensitivity." if sens else "."),
        ],
    )


@family("input.long_screenshot", dimension="basic", category="grounding", bucket="tool")
def long_screenshot(ctx: Ctx) -> Draft:
    app, what = ctx.pick("inp_scroll_apps")
    pages, spoken = ctx.pick("inp_pages")
    query = ctx.say(
        ["take a scrolling screenshot of {what}, {p}.", "grab a long screenshot of {what} — {p}.",
         "screenshot {what} as one long image covering {p}.", "capture {what} with a scroll capture of {p}.",
         "I need a long screenshot of {what}: {p}.", "do a scrolling capture of {what}, {p} long."],
        what=what, p=spoken,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=foreground(app),
        gold={"calls": [{"name": "take_screenshot", "arguments": {"scroll_pages": pages}}]},
        oracle=[
            hermes(call("take_screenshot", scroll_pages=pages)),
            f"Saved a {pages}-screen scrolling screenshot of {app_name(app)} in Screenshots.",
        ],
    )


@family("input.scan_link_open", dimension="basic", category="grounding", bucket="tool")
def scan_link_open(ctx: Ctx) -> Draft:
    label, url, ref = ctx.pick("inp_link_codes")
    query = ctx.say(
        ["scan the QR code on {ref} and open the link.", "point the camera at the QR code on {ref} and take me to the site.",
         "read the code on {ref} and open whatever page it links to.", "open the link from the QR code on {ref}.",
         "scan {ref} — there's a QR code — and open it in the browser.", "what's behind the QR code on {ref}? Open it."],
        ref=ref,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=in_view(label, "url", url),
        gold={"calls": [{"name": "scan_qr_code", "arguments": {"code_id": {"$any": [None, CODE_ID]}}},
                        {"name": "open_browser_url", "arguments": {"url": url, "new_tab": {"$ignore": True}}}]},
        oracle=[
            calls(call("scan_qr_code")),
            calls(call("open_browser_url", url=url)),
            f"The code links to {url}; it's open in the browser.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- dependency
@family("input.one_handed_needs_gestures", dimension="basic", category="dependency", bucket="state")
def one_handed_needs_gestures(ctx: Ctx) -> Draft:
    side = ctx.choice(["left", "right"])
    busy = ctx.pick("inp_one_hand_contexts")
    query = ctx.say(
        ["turn on one-handed mode with the screen on the {side} — {busy}.",
         "{busy}; set up one-handed mode, {side} side.",
         "I need one-handed mode on, shrunk to the {side}, since {busy}.",
         "enable one-handed mode ({side}-handed), {busy}."],
        side=side, busy=busy,
    )  # fmt: skip
    delta = [setting_delta("input.nav.mode", "gestures"), setting_delta("input.one_handed.enabled", True)]
    if side == "left":
        delta.append(setting_delta("input.one_handed.side", "left"))
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=s0_settings({"input.nav.mode": "three_button"}),
        gold={"delta": delta},
        oracle=[
            calls(call("set_one_handed_mode", enabled=True, side=side)),
            calls(call("set_navigation_mode", mode="gestures")),
            calls(call("set_one_handed_mode", enabled=True, side=side)),
            f"One-handed mode needs gesture navigation, so I switched from the three buttons to gestures and "
            f"turned it on ({side} side). Swipe down on the bottom edge to shrink the screen.",
        ],
    )


@family("input.air_gesture_permission", dimension="basic", category="dependency", bucket="state")
def air_gesture_permission(ctx: Ctx) -> Draft:
    gesture, want, short = ctx.pick("inp_gestures")
    query = ctx.say(
        ["I'd love to {want} — can you switch that on?", "switch on the touch-free gesture to {want}.",
         "help me {want}.", "is there a way to {want}? Turn it on."],
        want=want,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=revoked("camera", "CAMERA"),
        gold={"delta": [setting_delta(f"input.air_gesture.{gesture}", True), granted_entry("camera")]},
        oracle=[
            calls(call("set_air_gesture", gesture=gesture, enabled=True)),
            calls(call("grant_app_permission", app_id="camera", permission="CAMERA")),
            calls(call("set_air_gesture", gesture=gesture, enabled=True)),
            f"Air gestures watch through the front camera, which had lost its camera permission; I granted it "
            f"and turned on {short}.",
        ],
    )


@family("input.screenshot_free_space", dimension="basic", category="dependency", bucket="tool")
def screenshot_free_space(ctx: Ctx) -> Draft:
    app, what = ctx.pick("inp_scroll_apps")
    method = ctx.choice(["bin", "junk"])
    free = ctx.choice([0.3, 0.5, 0.8, 1.2])
    fix = {"bin": "empty the recycle bin", "junk": "clear out the junk files"}[method]
    query = ctx.say(
        ["screenshot {what}. If storage is too full, {fix} first.",
         "take a screenshot of {what} — if there's no room, {fix} to make space.",
         "grab a screenshot of {what}; {fix} if the phone says it's out of space.",
         "capture {what} for me, and if space runs out, {fix}."],
        what=what, fix=fix,
    )  # fmt: skip
    cleanup = call("clear_recycle_bin") if method == "bin" else call("clear_junk_files")
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=merge(foreground(app), s0_settings({"storage.free_mb": free})),
        gold={"calls": [{"name": cleanup["name"], "arguments": {}},
                        {"name": "take_screenshot", "arguments": {"scroll_pages": 1}}]},
        oracle=[
            calls(call("take_screenshot")),
            calls(cleanup),
            calls(call("take_screenshot")),
            f"Storage was full ({free:g} MB free), so I {'emptied the recycle bin' if method == 'bin' else 'cleared the junk files'}"
            f" and then saved the screenshot of {app_name(app)}.",
        ],
    )  # fmt: skip


@family("input.haptic_typing_vibration", dimension="basic", category="dependency", bucket="state")
def haptic_typing_vibration(ctx: Ctx) -> Draft:
    level = ctx.pick("display_vibration")
    if not level:
        raise Skip("vibration must end up above 0")
    query = ctx.say(
        ["turn keyboard vibration back on. If the phone's vibration is off, set it to {n}%.",
         "I want to feel the keys buzz when I type again; put vibration at {n} percent if that's needed.",
         "switch on haptic typing — and if vibration strength is the problem, raise it to {n}.",
         "bring back the typing vibration; bump vibration intensity to {n}% if you have to."],
        n=level,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=s0_settings({"sound.vibration_intensity": 0, "input.keyboard.haptics": False}),
        gold={
            "delta": [
                setting_delta("sound.vibration_intensity", level),
                setting_delta("input.keyboard.haptics", True),
            ]
        },
        oracle=[
            calls(call("set_keyboard_settings", haptic_typing=True)),
            calls(call("set_vibration_intensity", intensity=level)),
            calls(call("set_keyboard_settings", haptic_typing=True)),
            f"Vibration was at 0%, so I raised it to {level}% and turned haptic typing back on.",
        ],
    )


@family("input.wifi_qr_join", dimension="basic", category="dependency", bucket="state")
def wifi_qr_join(ctx: Ctx) -> Draft:
    label, ssid, password, place = ctx.pick("inp_wifi_codes")
    query = ctx.say(
        ["scan the Wi-Fi code at {place} and connect me.", "get me on the Wi-Fi here at {place} — there's a QR code for it.",
         "join the network from the QR code at {place}.", "I'm at {place}; use the Wi-Fi QR code to hook me up.",
         "connect to the Wi-Fi at {place} using its QR code.", "there's a Wi-Fi QR code at {place} — scan it and join."],
        place=place,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=in_view(label, "wifi", wifi_payload(ssid, password)),
        gold={"delta": [
            {"table": "qr_scans", "op": "create", "fields": {"qr_id": CODE_ID, "kind": "wifi", "saved_network": ssid}},
            {"table": "wifi_networks", "op": "create", "key": ssid,
             "fields": {"ssid": ssid, "saved": True, "password": password}},
            setting_delta("network.wifi_connected", ssid),
        ]},
        oracle=[
            calls(call("scan_qr_code")),
            calls(call("connect_wifi_network", ssid=ssid)),
            f"Scanned the code and joined {ssid}; it's saved, so you'll reconnect automatically.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- reference
@family("input.save_scanned_card", dimension="basic", category="reference", bucket="state")
def save_scanned_card(ctx: Ctx) -> Draft:
    first, last, phone, email, company = ctx.pick("inp_cards")
    place = ctx.pick("inp_card_places")
    name = f"{first} {last}"
    payload = f"MECARD:N:{last},{first};TEL:{phone};EMAIL:{email};;"
    scan = {"id": "scan_p01", "qr_id": CODE_ID, "kind": "contact", "time": "2026-05-20T08:56:00",
            "decoded": {"name": name, "phone": phone, "email": email, "existing_contact_id": None},
            "saved_network": None}  # fmt: skip
    history = [
        {"role": "user", "content": f"Scan the business card {place}."},
        {"role": "assistant", "content": f"That's {name} from {company}: {phone}, {email}."},
    ]
    query = ctx.say(
        ["save them to my contacts.", "add that person to my contacts.", "great, make a contact for them.",
         "put them in my address book, with the email too."],
    )  # fmt: skip
    query = query[:-1] + f" — the {company} card."
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        s0_patch=merge(in_view(f"Business card of {name}", "contact", payload), {"qr_scans": {"scan_p01": scan}}),
        gold={"delta": [{"table": "contacts", "op": "create", "fields": {"name": name, "phone": phone, "email": email}}]},
        oracle=[
            calls(call("add_contact", name=name, phone=phone, email=email, company=company)),
            f"Saved {name} ({company}) with {phone} and {email}.",
        ],
    )  # fmt: skip


@family("input.gesture_back_off", dimension="basic", category="reference", bucket="state")
def gesture_back_off(ctx: Ctx) -> Draft:
    gesture, want, short = ctx.pick("inp_gestures")
    complaint = ctx.pick("inp_gesture_complaints")
    history = [
        {"role": "user", "content": f"Turn on {short}."},
        {"role": "assistant", "content": f"Done — {short} is on, so you can {want.replace('my ', 'your ')}."},
    ]
    query = ctx.say(
        ["{c} — turn it back off.", "{c}. Switch that gesture off again.", "ugh, {c}; disable it.",
         "{c}, so undo that and turn it off."],
        c=complaint,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        s0_patch=s0_settings({f"input.air_gesture.{gesture}": True}),
        gold={"delta": [setting_delta(f"input.air_gesture.{gesture}", False)]},
        oracle=[
            calls(call("get_input_settings", section="air_gestures")),
            calls(call("set_air_gesture", gesture=gesture, enabled=False)),
            f"{short.capitalize()} is off again.",
        ],
    )


@family("input.remove_trip_keyboard", dimension="basic", category="reference", bucket="state")
def remove_trip_keyboard(ctx: Ctx) -> Draft:
    code, name, layout, trip = ctx.pick("inp_trip_keyboards")
    rec = {
        "code": code,
        "name": KEYBOARD_LANGUAGES[code][0],
        "layout": layout,
        "added_at": "2026-05-02T10:00:00",
    }
    history = [
        {"role": "user", "content": f"Add {name} to my keyboard for the {trip} trip."},
        {"role": "assistant", "content": f"Done — {name} ({layout}) is on your keyboard now."},
    ]
    query = ctx.say(
        ["I'm back from {trip}, so remove that keyboard again.",
         "the {trip} trip is over — you can delete that keyboard language now.",
         "home from {trip}! Take that extra keyboard off.",
         "don't need that keyboard anymore since {trip} is done; remove it."],
        trip=trip,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        s0_patch={"keyboard_languages": {code: rec}},
        gold={"delta": [{"table": "keyboard_languages", "op": "delete", "key": code}]},
        oracle=[
            calls(call("get_input_settings", section="keyboard")),
            calls(call("remove_keyboard_language", language=code)),
            f"Removed {KEYBOARD_LANGUAGES[code][0]} from your keyboard; English (US) is left.",
        ],
    )


@family("input.aod_photo_ref", dimension="basic", category="reference", bucket="state")
def aod_photo_ref(ctx: Ctx) -> Draft:
    photo_id, ref, args = ctx.pick("media_photo_refs")
    if base()["photos"][photo_id]["kind"] != "photo":
        raise Skip("the always-on display shows still photos only")
    query = ctx.say(
        ["put {ref} on my always-on display.", "use {ref} as the always-on display picture.",
         "show {ref} on the always-on screen.", "make {ref} my AOD photo.",
         "I want {ref} on the always-on display when the phone's locked.",
         "set the always-on display to show {ref}."],
        ref=ref,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        gold={
            "delta": [setting_delta("input.aod.style", "photo"), setting_delta("input.aod.photo", photo_id)]
        },
        oracle=[
            calls(call("list_photos", **args)),
            calls(call("set_aod_style", style="photo", photo_id=photo_id)),
            f"The always-on display now shows {ref}.",
        ],
    )


# --------------------------------------------------------------------------- revision
@family("input.aod_time_revision", dimension="basic", category="revision", bucket="state")
def aod_time_revision(ctx: Ctx) -> Draft:
    start, _end, spoken = ctx.pick("inp_aod_windows")
    new_end, new_spoken = ctx.pick("inp_aod_new_ends")
    if new_end == start:
        raise Skip("start and end must differ")
    query = ctx.say(
        ["schedule the always-on display for {w} — actually, keep it on until {ne} instead.",
         "set the AOD to {w}. Hmm, no, make it run until {ne}.",
         "always-on display from {w}... wait, change the end to {ne}.",
         "put the always-on display on a {w} schedule — scratch the end time, make it {ne}."],
        w=spoken, ne=new_spoken,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"delta": [setting_delta("input.aod.mode", "scheduled"), setting_delta("input.aod.start", start),
                        setting_delta("input.aod.end", new_end)]},
        oracle=[
            calls(call("set_aod_mode", mode="scheduled", start=start, end=new_end)),
            f"The always-on display runs from {hhmm_words(start)} until {hhmm_words(new_end)}.",
        ],
    )  # fmt: skip


@family("input.keyboard_switch", dimension="basic", category="revision", bucket="state")
def keyboard_switch(ctx: Ctx) -> Draft:
    first, second = ctx.pick_many("inp_keyboard_adds", 2)
    if first[0] == second[0]:
        raise Skip("same language")
    code, lang, layout, words = second
    query = ctx.say(
        ["add {a} to my keyboard — no wait, make that {b}.", "put the {a} keyboard on... sorry, I meant {b}.",
         "I need the {a} keyboard. Actually, scratch that: {b}.", "add {a} as a keyboard language — hmm, no, {b} instead."],
        a=first[1], b=lang + words,
    )  # fmt: skip
    chosen = layout or default_layout(code)
    args: dict[str, Any] = {"language": code, **({"layout": layout} if layout else {})}
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"delta": [{"table": "keyboard_languages", "op": "create", "key": code,
                         "fields": {"code": code, "layout": chosen}}]},
        oracle=[
            hermes(call("add_keyboard_language", **args)),
            f"Added {KEYBOARD_LANGUAGES[code][0]} ({chosen}) — not {first[1]}.",
        ],
    )  # fmt: skip


@family("input.multi_settings", dimension="basic", category="revision", bucket="state")
def multi_settings(ctx: Ctx) -> Draft:
    a, b = ctx.pick_many("inp_atoms", 2)
    if a["group"] == b["group"]:
        raise Skip("the two changes clash or share a tool")
    query = ctx.say(
        ["{a}, and {b}.", "two things: {a}, then {b}.", "could you {a}? Also {b}.", "{a} and also {b}, please.",
         "a couple of changes — {a}; and {b}.", "please {a}, plus {b}."],
        a=a["say"], b=b["say"],
    )  # fmt: skip
    delta = [setting_delta(k, v) for atom in (a, b) for k, v in atom["settings"].items()]
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={"delta": delta},
        oracle=[
            calls(call(a["call"][0], **a["call"][1])),
            calls(call(b["call"][0], **b["call"][1])),
            f"Done — I made both changes ({a['say']}; {b['say']}).",
        ],
    )


@family("input.gesture_switch", dimension="basic", category="revision", bucket="tool")
def gesture_switch(ctx: Ctx) -> Draft:
    first, second = ctx.pick_many("inp_gestures", 2)
    if first[0] == second[0]:
        raise Skip("same gesture")
    query = ctx.say(
        ["turn on the gesture to {a} — no wait, I meant the one to {b}.",
         "I want to {a}... actually no, set it up so I can {b} instead.",
         "enable the air gesture that lets me {a}. Sorry, scratch that: the one to {b}.",
         "switch on {short} — hmm, no, I want to {b}."],
        a=first[1], b=second[1], short=first[2],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"calls": [{"name": "set_air_gesture", "arguments": {"gesture": second[0], "enabled": True}}]},
        oracle=[
            calls(call("set_air_gesture", gesture=second[0], enabled=True)),
            f"Turned on {second[2]} only; {first[2]} stays off.",
        ],
    )


@family("input.back_to_gestures", dimension="basic", category="revision", bucket="tool")
def back_to_gestures(ctx: Ctx) -> Draft:
    side = ctx.choice(["left", "right"])
    busy = ctx.pick("inp_one_hand_contexts")
    history = [
        {"role": "user", "content": "Switch me to the three-button navigation."},
        {
            "role": "assistant",
            "content": "Done — you're on three-button navigation now (Back, Home, Recents).",
        },
    ]
    query = ctx.say(
        ["ugh, I miss swiping — go back to gestures, and turn on one-handed mode on the {side}; {busy}.",
         "switch back to gestures, then set up one-handed mode ({side} side) because {busy}.",
         "never mind the buttons; gestures again please, plus one-handed mode on the {side} — {busy}.",
         "undo that and put gesture navigation back. {busy}, so I also want one-handed mode, {side}-side."],
        side=side, busy=busy,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["intent_revision"],
        s0_patch=s0_settings({"input.nav.mode": "three_button"}),
        gold={"calls": [{"name": "set_navigation_mode", "arguments": {"mode": "gestures"}},
                        {"name": "set_one_handed_mode", "arguments": {"enabled": True, "side": side}}]},
        oracle=[
            calls(call("set_navigation_mode", mode="gestures")),
            calls(call("set_one_handed_mode", enabled=True, side=side)),
            f"Back on gesture navigation, and one-handed mode is on ({side} side).",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- recovery
#: A claim of having taken the blocked screenshot anyway.
SCREENSHOT_TAKEN = false_claims("taken", "took", "captured", "saved", "grabbed", "snapped", "screenshotted")
#: That the app stops the screenshot: "the Venmo screenshot (secure page) is in your gallery" names both.
SHOT_BLOCKED = [*cannot("take", "capture", "screenshot", "grab", "snap", "save", "get", "do that", "make"),
                "blocks", "blocked", "blocking", "doesn't allow", "does not allow", "not allowed", "isn't allowed",
                "disallow", "prevents", "prevented", "won't let", "doesn't let", "does not let", "disabled",
                "restricts", "restricted", "forbids", "protected", "protects", "stops", "doesn't permit",
                "does not permit", "turns off screenshots", "turned off screenshots", "no screenshots",
                "screenshots are off", "black screen", "blank"]  # fmt: skip


@family("input.screenshot_secure", dimension="basic", category="recovery", bucket="behavior")
def screenshot_secure(ctx: Ctx) -> Draft:
    app = ctx.pick("inp_secure_apps")
    reason = ctx.pick("inp_shot_reasons")
    name = app_name(app)
    query = ctx.say(
        ["screenshot this screen {r}.", "take a screenshot of what's on my screen {r}.",
         "grab a screenshot of this {r}.", "snap the screen {r}.", "save a screenshot of this page {r}.",
         "capture what I'm looking at {r}."],
        r=reason,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        s0_patch=foreground(app),
        gold=rubric(
            "refusal",
            [name.lower()],
            ["secure", "security", "block", "doesn't allow", "does not allow"],
            SHOT_BLOCKED,
            avoid=SCREENSHOT_TAKEN,
        ),
        oracle=[
            calls(call("take_screenshot")),
            f"Sorry, I can't take that screenshot: {name} blocks screenshots of its screens for security. "
            "You could note the details down or use the app's own export or share option instead.",
        ],
    )


#: A claim of having read the damaged code ("I scanned it, but it's damaged" is honest: scanning is what
#: found that out).
QR_DECODED = false_claims("decoded", "deciphered", "made out", "opened the link", "followed the link")
#: That the code could not be read: "the damaged code points to …" names the damage too.
QR_UNREAD = [*cannot("read", "scan", "decode", "make out", "open", "get", "tell", "see", "do that", "make sense",
                     "pick", "recognize", "recognise", "be read", "be scanned", "be decoded"),
             "unreadable", "not readable", "isn't readable", "too damaged", "too worn", "too torn", "illegible",
             "no luck", "didn't work", "did not work", "failed", "fails", "not recognized", "isn't recognized",
             "wasn't recognized", "doesn't scan", "won't scan", "wouldn't scan", "didn't scan", "didn't read",
             "did not read", "wouldn't read", "won't read", "nothing came", "got nothing", "no data",
             "no result", "not decodable", "undecodable"]  # fmt: skip


@family("input.qr_damaged", dimension="basic", category="recovery", bucket="behavior")
def qr_damaged(ctx: Ctx) -> Draft:
    label, ref = ctx.pick("inp_damaged_codes")
    query = ctx.say(
        ["scan the QR code on {ref}.", "what does the QR code on {ref} say?", "read the code on {ref} for me.",
         "can you scan the QR on {ref}?", "decode the QR code on {ref}, please.", "check what the code on {ref} links to."],
        ref=ref,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        s0_patch=in_view(label, "unknown", ""),
        gold=rubric(
            "refusal",
            [
                "damaged",
                "unreadable",
                "can't be read",
                "cannot be read",
                "can't read",
                "couldn't read",
                "could not read",
            ],
            QR_UNREAD,
            avoid=QR_DECODED,
        ),  # fmt: skip
        oracle=[
            calls(call("scan_qr_code")),
            f"Sorry, I can't read the QR code on {ref} — it's damaged, so the camera can't decode it. "
            "If there's a printed link or another copy of the code, I can use that.",
        ],
    )


@family("input.screenshot_fault", dimension="basic", category="recovery", bucket="tool")
def screenshot_fault(ctx: Ctx) -> Draft:
    app, what = ctx.pick("inp_scroll_apps")
    reason = ctx.pick("inp_shot_reasons")
    query = ctx.say(
        ["take a screenshot of {what} {r}.", "screenshot {what} {r}.", "grab a screenshot of {what} {r}, please.",
         "capture {what} {r}.", "save a picture of {what} on screen {r}.", "snap {what} {r}."],
        what=what, r=reason,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["runtime_error"],
        faults=[{"tool": "take_screenshot", "on_calls": [1]}],
        s0_patch=foreground(app),
        gold={"calls": [{"name": "take_screenshot", "arguments": {"scroll_pages": 1}}]},
        oracle=[
            calls(call("take_screenshot")),
            calls(call("take_screenshot")),
            f"The first try hit a temporary error; the retry saved the screenshot of {app_name(app)}.",
        ],
    )


#: A claim of having added one of the two Spanish variants before the user chose.
KEYBOARD_ADDED = [*false_claims("added", "installed", "enabled", "turned on", "switched", "included",
                                "downloaded"),
                  *false_claims("set up", "put", bare=False)]  # fmt: skip


@family("input.keyboard_spanish_ambiguous", dimension="basic", category="recovery", bucket="behavior")
def keyboard_spanish_ambiguous(ctx: Ctx) -> Draft:
    reason = ctx.pick("inp_spanish_reasons")
    query = ctx.say(
        ["add Spanish to my keyboard {r}.", "I need a Spanish keyboard {r}.", "put Spanish on the keyboard {r}.",
         "set up a Spanish keyboard {r}.", "can you add a Spanish input language {r}?", "give me Spanish typing {r}."],
        r=reason,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["ambiguity"],
        gold=rubric("question", ["spain"], ["mexico"], avoid=KEYBOARD_ADDED),
        oracle=[
            calls(call("add_keyboard_language", language="Spanish")),
            "The keyboard has two Spanish variants: Spanish (Spain) and Spanish (Mexico). Which one should I add?",
        ],
    )


#: A claim of having got onto the network that the code's old password cannot join, as an act or as the
#: state it left ("you're connected", "you're on the Wi-Fi"): a question passes the kind, so "... but
#: you're connected. Anything else?" must fail here. "You're not connected", "I can connect once you have
#: the new password" and "you're still on mobile data" hold none of them.
WIFI_JOINED = [*false_claims("connected", "joined", "logged in", "logged you in", "got you on", "gotten you on",
                             "signed in", "hooked you up"),
               "you're now online", "you are now online", "you're online", "you are online", "you're connected",
               "you are connected", "you're now connected", "you are now connected", "is now connected",
               "phone is connected", "phone's connected", "you're on the wi-fi", "you're on their wi-fi",
               "you're on wi-fi", "you are on the wi-fi", "you're on the network", "you're on their network",
               "you're now on the wi-fi", "you're now on their wi-fi"]  # fmt: skip


@family("input.qr_outdated_wifi", dimension="basic", category="recovery", bucket="behavior")
def qr_outdated_wifi(ctx: Ctx) -> Draft:
    label, ssid, password, place = ctx.pick("inp_wifi_codes")
    net = {"ssid": ssid, "security": "wpa2", "signal": 74, "in_range": True, "band": "5 GHz", "saved": False,
           "auto_join": False, "password": f"{password}-v2", "last_connected": None}  # fmt: skip
    query = ctx.say(
        ["use the QR code at {place} to get me on their Wi-Fi.", "hook me up to the Wi-Fi at {place} with the QR code.",
         "scan the network code at {place} so I'm online.", "I'm at {place} — get me on their Wi-Fi from the QR code."],
        place=place,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["state_mutation"],
        s0_patch=merge(in_view(label, "wifi", wifi_payload(ssid, password)), {"wifi_networks": {ssid: net}}),
        gold=rubric("question", ["outdated", "doesn't match", "does not match", "old", "changed", "no longer", "older",
                                 "out of date", "out-of-date", "stale", "expired", "not current", "isn't current",
                                 "wrong", "incorrect", "doesn't work", "does not work"],
                    avoid=[*WIFI_JOINED, *(f"{who} {ssid}" for who in ("you're on", "you are on", "you're now on"))]),
        oracle=[
            calls(call("scan_qr_code")),
            f"That QR code is outdated: its password no longer matches the {ssid} network, so I couldn't connect. "
            "Could you ask the staff for the current password?",
        ],
    )  # fmt: skip


#: A claim of having set the schedule up without its end ("should I set it to end at 6 am?" is a question).
AOD_SCHEDULED = [*false_claims("scheduled", "turned on", "switched on", "enabled", "created", "added", "saved",
                               "configured", "updated"),
                 *false_claims("set", "set up", bare=False)]  # fmt: skip


@family("input.aod_missing_end", dimension="basic", category="recovery", bucket="behavior")
def aod_missing_end(ctx: Ctx) -> Draft:
    start, _end, _spoken = ctx.pick("inp_aod_windows")
    query = ctx.say(
        ["schedule the always-on display to start at {t} every day.", "have the always-on display switch on at {t}.",
         "I want the AOD to come on at {t} daily — set up the schedule.",
         "set a schedule for the always-on display beginning at {t}."],
        t=hhmm_words(start),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["missing_argument"],
        gold=rubric("question", AOD_END_WORDS, avoid=AOD_SCHEDULED),
        oracle=[
            calls(call("get_input_settings", section="aod")),
            f"A scheduled always-on display needs an end time too. It would start at {hhmm_words(start)} — until "
            "what time should it stay on?",
        ],
    )
