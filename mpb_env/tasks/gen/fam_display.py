"""Template families over Display & Sound: display settings, volumes and sounds, ringtones, vibration,
Do Not Disturb and power schedules."""

from __future__ import annotations

from typing import Any

from mpb_env.tasks.build import call, calls, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.helpers import (
    base,
    cannot,
    false_claims,
    granted_entry,
    hhmm_words,
    revoked,
    rubric,
    setting_delta,
)

IGN = {"$ignore": True}
KIND_LABEL = {"ringtone": "ringtone", "notification": "notification sound", "alarm": "alarm sound"}
ARTICLE_LABEL = {"ringtone": "a ringtone", "notification": "a notification sound", "alarm": "an alarm sound"}
DAY_NAMES = {"mon": "Mondays", "tue": "Tuesdays", "wed": "Wednesdays", "thu": "Thursdays", "fri": "Fridays",
             "sat": "Saturdays", "sun": "Sundays"}  # fmt: skip
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri"]


def _setting(key: str) -> Any:
    return base()["settings"][key]["value"]


def _changed(key: str, value: Any) -> list[dict[str, Any]]:
    """A settings delta entry for ``key`` unless ``value`` is what the base world already has."""
    return [] if _setting(key) == value else [setting_delta(key, value)]


def _settings_patch(**values: Any) -> dict[str, dict[str, Any]]:
    return {"settings": {k.replace("__", "."): {"value": v} for k, v in values.items()}}


def _days_text(days: list[str]) -> str:
    if days == WEEKDAYS:
        return "weekdays"
    if days == ["sat", "sun"]:
        return "weekends"
    names = [DAY_NAMES[d] for d in days]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _poss(spoken: str) -> str:
    return f"{spoken}'" if spoken.endswith("s") else f"{spoken}'s"


def _name(cid: str) -> str:
    return base()["contacts"][cid]["name"]


def _minus(hhmm: str, minutes: int) -> str:
    h, m = (int(x) for x in hhmm.split(":"))
    total = (h * 60 + m - minutes) % (24 * 60)
    return f"{total // 60:02d}:{total % 60:02d}"


def _contact_ringtone_delta(cid: str, ringtone_id: str) -> dict[str, Any]:
    if cid in base()["contact_ringtones"]:
        return {
            "table": "contact_ringtones",
            "op": "update",
            "key": cid,
            "fields": {"ringtone_id": ringtone_id},
        }
    return {
        "table": "contact_ringtones",
        "op": "create",
        "fields": {"contact_id": cid, "ringtone_id": ringtone_id},
    }


def _exception_names(extra: str | None = None, without: str | None = None) -> str:
    ids = [c for c in base()["dnd_exceptions"] if c != without]
    if extra and extra not in ids:
        ids.append(extra)
    names = [_name(c) for c in ids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# --------------------------------------------------------------------------- grounding
@family("display.screen_timeout", dimension="basic", category="grounding", bucket="state")
def screen_timeout(ctx: Ctx) -> Draft:
    seconds, spoken = ctx.pick("display_timeouts")
    query = ctx.say(
        ["set the screen timeout to {p}.", "keep my screen on for {p} before it goes dark.",
         "make the display turn off after {p} of no activity.",
         "I want the screen to stay awake for {p} when I'm not touching it.",
         "change the screen timeout to {p}, please.", "let the screen sleep after {p}."],
        p=spoken,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [setting_delta("display.screen_timeout_s", seconds)]},
        oracle=[
            calls(call("get_display_settings")),
            calls(call("set_screen_timeout", seconds=seconds)),
            f"The screen now turns off after {spoken} without a touch.",
        ],
    )


@family("display.size_request", dimension="basic", category="grounding", bucket="state")
def size_request(ctx: Ctx) -> Draft:
    what, size, request = ctx.pick("display_size_requests")
    query = ctx.say(
        ["{r}.", "can you {r}?", "please {r}.", "my eyes are tired — {r}.", "hey, {r}.", "I'd like you to {r}."],
        r=request,
    )  # fmt: skip
    tool, key = (
        ("set_font_size", "display.font_size")
        if what == "font"
        else ("set_display_size", "display.display_size")
    )
    label = "Font size" if what == "font" else "Display size"
    return Draft(
        query=query,
        gold={"delta": [setting_delta(key, size)]},
        oracle=[
            calls(call("get_display_settings")),
            calls(call(tool, size=size)),
            f"{label} is now {size} (it was default).",
        ],
    )  # fmt: skip


@family("display.dnd_timed", dimension="basic", category="grounding", bucket="tool")
def dnd_timed(ctx: Ctx) -> Draft:
    minutes, spoken = ctx.pick("display_dnd_durations")
    query = ctx.say(
        ["turn on Do Not Disturb {p}.", "silence my notifications {p} with Do Not Disturb.", "DND on {p}, please.",
         "I need no interruptions {p}; switch on Do Not Disturb.", "enable do not disturb {p}.",
         "put the phone on Do Not Disturb {p}."],
        p=spoken,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [{"name": "set_do_not_disturb", "arguments": {"enabled": True, "duration_minutes": minutes}}]},
        oracle=[
            hermes(call("set_do_not_disturb", enabled=True, duration_minutes=minutes)),
            f"Do Not Disturb is on {spoken}; it turns itself off after {minutes} minutes.",
        ],
    )  # fmt: skip


@family("display.sound_by_name", dimension="basic", category="grounding", bucket="tool")
def sound_by_name(ctx: Ctx) -> Draft:
    sound = ctx.pick("display_sounds")
    usage = KIND_LABEL[sound["kind"]]
    query = ctx.say(
        ["change my {u} to {n}.", "use {n} as my {u}.", "set the {u} to {n}, please.", "I want {n} for my {u}.",
         "switch my {u} over to {n}.", "make {n} my {u}."],
        u=usage, n=sound["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [{"name": "set_ringtone", "arguments": {"ringtone_id": sound["id"], "usage": sound["kind"]}}]},
        oracle=[
            calls(call("list_ringtones", kind=sound["kind"], query=sound["name"])),
            calls(call("set_ringtone", ringtone_id=sound["id"], usage=sound["kind"])),
            f"Your {usage} is now {sound['name']}.",
        ],
    )  # fmt: skip


@family("display.dark_mode_schedule", dimension="basic", category="grounding", bucket="state")
def dark_mode_schedule(ctx: Ctx) -> Draft:
    start = ctx.pick("display_evening")
    end = ctx.pick("display_morning")
    query = ctx.say(
        ["turn dark mode on automatically from {s} to {e}.", "schedule dark mode between {s} and {e} every day.",
         "I want dark mode to kick in at {s} and switch off at {e}.", "set dark mode on a custom schedule, {s} to {e}.",
         "have dark mode come on at {s} and go off at {e} each day.", "dark mode on a timer please: {s} until {e}."],
        s=hhmm_words(start), e=hhmm_words(end),
    )  # fmt: skip
    delta = [
        *_changed("display.dark_mode_schedule", "custom"),
        *_changed("display.dark_mode_start", start),
        *_changed("display.dark_mode_end", end),
    ]
    return Draft(
        query=query,
        gold={"delta": delta},
        oracle=[
            calls(call("set_dark_mode", schedule="custom", start=start, end=end)),
            f"Dark mode will now turn on at {hhmm_words(start)} and off at {hhmm_words(end)} every day.",
        ],
    )


@family("display.eye_comfort", dimension="basic", category="grounding", bucket="state")
def eye_comfort(ctx: Ctx) -> Draft:
    strength = ctx.pick("display_strengths")
    query = ctx.say(
        ["turn on the blue light filter at {n}%.", "switch on eye comfort with the strength at {n} percent.",
         "enable night light, {n}% warmth.", "put the eye comfort filter on, {n}% strong.",
         "I need the warmer screen filter — on, at {n}%.", "turn on eye comfort mode and set it to {n}%."],
        n=strength,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [setting_delta("display.eye_comfort", True),
                        setting_delta("display.eye_comfort_strength", strength)]},
        oracle=[
            calls(call("set_eye_comfort", enabled=True, strength=strength)),
            f"Eye comfort is on at {strength}%.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- dependency
@family("display.haptics_need_vibration", dimension="basic", category="dependency", bucket="state")
def haptics_need_vibration(ctx: Ctx) -> Draft:
    level = ctx.pick("display_vibration")
    query = ctx.say(
        ["turn haptic feedback back on and set vibration to {n}%.",
         "I miss the little taps when I type — turn haptics on, vibration strength {n}%.",
         "enable touch haptics again, with vibration at {n} percent.",
         "switch haptic feedback on and put the vibration intensity at {n}%."],
        n=level,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=_settings_patch(sound__vibration_intensity=0, sound__haptics=False),
        gold={"delta": [setting_delta("sound.vibration_intensity", level), setting_delta("sound.haptics", True)]},
        oracle=[
            calls(call("set_haptic_feedback", enabled=True)),
            calls(call("set_vibration_intensity", intensity=level)),
            calls(call("set_haptic_feedback", enabled=True)),
            f"Vibration was switched off, which blocks haptics, so I set vibration to {level}% first and then "
            "turned haptic feedback on.",
        ],
    )  # fmt: skip


@family("display.contact_ringtone_permission", dimension="basic", category="dependency", bucket="state")
def contact_ringtone_permission(ctx: Ctx) -> Draft:
    cid, who, term = ctx.pick("md_people")
    tone = ctx.pick("display_ringtones")
    current = base()["contact_ringtones"].get(cid)
    if current is not None and current["ringtone_id"] == tone["id"]:
        raise Skip("already that ringtone")
    query = ctx.say(
        ["give {who} the {r} ringtone.", "set {r} as {whop} ringtone.", "I want {who} to ring with {r}.",
         "make {whop} calls use the {r} ringtone."],
        who=who, whop=_poss(who), r=tone["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=revoked("contacts", "CONTACTS"),
        gold={"delta": [granted_entry("contacts"), _contact_ringtone_delta(cid, tone["id"])]},
        oracle=[
            calls(call("search_contacts", query=term)),
            calls(call("grant_app_permission", app_id="contacts", permission="CONTACTS")),
            calls(call("search_contacts", query=term), call("list_ringtones", kind="ringtone", query=tone["name"])),
            calls(call("set_contact_ringtone", contact_id=cid, ringtone_id=tone["id"])),
            f"Contacts needed its CONTACTS permission back; I granted it and gave {_name(cid)} the {tone['name']} "
            "ringtone.",
        ],
    )  # fmt: skip


@family("display.refresh_needs_saver_off", dimension="basic", category="dependency", bucket="state")
def refresh_needs_saver_off(ctx: Ctx) -> Draft:
    game = ctx.pick("display_games")
    query = ctx.say(
        ["I'm about to play {g} — set the refresh rate to 120 Hz, and if battery saver is in the way, turn it off.",
         "going to play {g}; bump the screen to 120Hz. Turn off battery saver if you need to.",
         "switch the display to 120 Hz for {g}; it's fine to disable battery saver if that's blocking it.",
         "I want the smoothest screen for {g}: 120 Hz, even if battery saver has to go."],
        g=game,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=_settings_patch(battery__power_saving=True, display__brightness=40),
        gold={"delta": [setting_delta("battery.power_saving", False), setting_delta("display.refresh_rate", 120)]},
        oracle=[
            calls(call("set_refresh_rate", hz=120)),
            calls(call("set_battery_saver", enabled=False)),
            calls(call("set_refresh_rate", hz=120)),
            f"Battery saver was capping the screen, so I turned it off and set 120 Hz. Enjoy {game}!",
        ],
    )  # fmt: skip


@family("display.power_on_before_alarm", dimension="basic", category="dependency", bucket="state")
def power_on_before_alarm(ctx: Ctx) -> Draft:
    off = ctx.pick("display_off_times")
    lead, spoken = ctx.pick("display_lead_minutes")
    alarm = base()["alarms"]["alarm_001"]
    on = _minus(alarm["time"], lead)
    query = ctx.say(
        ["have the phone switch itself off at {off} every night and turn back on every morning {lead} before my "
         "workday alarm.",
         "schedule power off at {off} and power on each morning {lead} ahead of my weekday alarm time.",
         "turn the phone off automatically at {off}, and back on every day {lead} before my work alarm's time.",
         "set a nightly shutdown at {off}; power it back on daily {lead} before my weekday wake-up alarm time."],
        off=hhmm_words(off), lead=spoken,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        gold={"delta": [
            {"table": "power_schedules", "op": "update", "key": "power_off", "fields": {"time": off, "enabled": True}},
            {"table": "power_schedules", "op": "update", "key": "power_on", "fields": {"time": on, "enabled": True}},
        ]},
        oracle=[
            calls(call("list_alarms", enabled_only=True), call("list_power_schedules")),
            calls(call("set_power_schedule", action="power_off", time=off, enabled=True)),
            calls(call("set_power_schedule", action="power_on", time=on, enabled=True)),
            f"Your workday alarm rings at {hhmm_words(alarm['time'])}, so the phone now powers off at {hhmm_words(off)} and "
            f"back on at {hhmm_words(on)} every day.",
        ],
    )  # fmt: skip


@family("display.make_phone_ring", dimension="basic", category="dependency", bucket="state")
def make_phone_ring(ctx: Ctx) -> Draft:
    level = ctx.pick("display_ring_levels")
    cause = ctx.choice(["silent", "vibrate", "dnd"])
    query = ctx.say(
        ["I keep missing calls. Make sure my phone actually rings, with the ringer at {n}%.",
         "make sure calls ring out loud — ringer volume {n}%.",
         "my phone never rings! Fix it so it rings, ring volume {n} percent.",
         "I need to hear calls today: get the phone ringing with the ringer at {n}%."],
        n=level,
    )  # fmt: skip
    if cause == "dnd":
        patch = _settings_patch(dnd__enabled=True)
        fix, fixed = call("set_do_not_disturb", enabled=False), setting_delta("dnd.enabled", False)
        why = "Do Not Disturb was on"
    else:
        patch = _settings_patch(sound__mode=cause)
        fix, fixed = call("set_sound_mode", mode="ring"), setting_delta("sound.mode", "ring")
        why = f"the phone was on {cause}"
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=patch,
        gold={"delta": [fixed, setting_delta("volume.ring", level)]},
        oracle=[
            calls(call("get_sound_settings")),
            calls(fix, call("set_stream_volume", stream="ring", level=level)),
            f"Calls were quiet because {why}; I fixed that and set the ringer to {level}%.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- reference
@family("display.contact_ringtone_relation", dimension="basic", category="reference", bucket="state")
def contact_ringtone_relation(ctx: Ctx) -> Draft:
    cid, who, term = ctx.pick("md_people")
    tone = ctx.pick("display_ringtones")
    current = base()["contact_ringtones"].get(cid)
    if current is not None and current["ringtone_id"] == tone["id"]:
        raise Skip("already that ringtone")
    query = ctx.say(
        ["when {who} calls, I want to hear {r}.", "assign {r} to {who}.", "let {who} have {r} as a personal ringtone.",
         "change {whop} ringtone to {r}.", "{r} should play whenever {who} rings me.", "pick {r} for {whop} calls."],
        who=who, whop=_poss(who), r=tone["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        gold={"delta": [_contact_ringtone_delta(cid, tone["id"])]},
        oracle=[
            calls(call("search_contacts", query=term), call("list_ringtones", kind="ringtone", query=tone["name"])),
            calls(call("set_contact_ringtone", contact_id=cid, ringtone_id=tone["id"])),
            f"{_name(cid)} now rings with {tone['name']}.",
        ],
    )  # fmt: skip


@family("display.dnd_exception_relation", dimension="basic", category="reference", bucket="state")
def dnd_exception_relation(ctx: Ctx) -> Draft:
    cid, who, term = ctx.pick("md_people")
    allow_calls, allow_messages, what = ctx.pick("display_dnd_allow")
    old = base()["dnd_exceptions"].get(cid)
    if old is not None and (old["allow_calls"], old["allow_messages"]) == (allow_calls, allow_messages):
        raise Skip("already an exception like that")
    query = ctx.say(
        ["Do Not Disturb exception for {who}: {w}.", "during Do Not Disturb I still want to get {whop} {w}.",
         "make a Do Not Disturb exception for {who} — {w}.", "even when Do Not Disturb is on, allow {whop} {w}."],
        who=who, whop=_poss(who), w=what,
    )  # fmt: skip
    flags = {"allow_calls": allow_calls, "allow_messages": allow_messages}
    allowed = " and ".join(w for w, on in (("calls", allow_calls), ("messages", allow_messages)) if on)
    if old is None:
        entry = {"table": "dnd_exceptions", "op": "create", "fields": {"contact_id": cid, **flags}}
    else:
        entry = {"table": "dnd_exceptions", "op": "update", "key": cid, "fields": flags}
    return Draft(
        query=query,
        frictions=["obfuscation"],
        gold={"delta": [entry]},
        oracle=[
            calls(call("search_contacts", query=term)),
            calls(call("add_dnd_exception", contact_id=cid, **flags)),
            f"{_name(cid)}'s {allowed} now get through Do Not Disturb.",
        ],
    )  # fmt: skip


@family("display.remove_exception_history", dimension="basic", category="reference", bucket="state")
def remove_exception_history(ctx: Ctx) -> Draft:
    cid, who, term = ctx.pick("md_people")
    known = base()["dnd_exceptions"]
    patch = {}
    if cid not in known:
        rec = {
            "contact_id": cid,
            "allow_calls": True,
            "allow_messages": True,
            "added_at": "2026-03-10T20:00:00",
        }
        patch = {"dnd_exceptions": {cid: rec}}
    query = ctx.say(
        ["take {who} off that list.", "remove {who} from those exceptions.",
         "{who} doesn't need to get through anymore — remove them.", "stop letting {who} break through.",
         "ok, drop {who} from it.", "{who} can go — remove that exception."],
        who=who,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=patch,
        history=[
            {"role": "user", "content": "Who can still reach me when Do Not Disturb is on?"},
            {"role": "assistant", "content": f"Right now {_exception_names(extra=cid)} can break through Do Not "
                                             "Disturb."},
        ],
        gold={"delta": [{"table": "dnd_exceptions", "op": "delete", "key": cid}]},
        oracle=[
            calls(call("search_contacts", query=term)),
            calls(call("remove_dnd_exception", contact_id=cid)),
            f"{_name(cid)} no longer breaks through Do Not Disturb.",
        ],
    )  # fmt: skip


@family("display.history_stream_it", dimension="basic", category="reference", bucket="state")
def history_stream_it(ctx: Ctx) -> Draft:
    stream, spoken = ctx.pick("display_streams")
    level = ctx.pick("display_brightness")
    current = _setting(f"volume.{stream}")
    if level == current:
        raise Skip("no change")
    query = ctx.say(
        ["ok, set it to {n}.", "put it at {n} percent.", "change it to {n}%, please.", "make it {n}.",
         "hmm, let's go with {n}%.", "set that one to {n} then."],
        n=level,
    )  # fmt: skip
    return Draft(
        query=query,
        history=[
            {"role": "user", "content": f"What's my {spoken} volume at?"},
            {"role": "assistant", "content": f"Your {spoken} volume is at {current}%."},
        ],
        gold={"delta": [setting_delta(f"volume.{stream}", level)]},
        oracle=[
            calls(call("set_stream_volume", stream=stream, level=level)),
            f"Your {spoken} volume is now {level}% (it was {current}%).",
        ],
    )


@family("display.history_contact_ringtone_it", dimension="basic", category="reference", bucket="state")
def history_contact_ringtone_it(ctx: Ctx) -> Draft:
    person = ctx.pick("core_people")
    tone = ctx.pick("display_ringtones")
    known = base()["contact_ringtones"].get(person["id"])
    tones = {
        r["id"]: r
        for r in base()["ringtones"].values()
        if r["kind"] == "ringtone" and r["id"] <= "ringtone_006"
    }
    patch = {}
    if known is None:
        old_id = ctx.choice(sorted(i for i in tones if i != tone["id"]))
        patch = {
            "contact_ringtones": {
                person["id"]: {
                    "contact_id": person["id"],
                    "ringtone_id": old_id,
                    "updated_at": "2026-02-14T10:00:00",
                }
            }
        }
    else:
        old_id = known["ringtone_id"]
    if old_id == tone["id"]:
        raise Skip("same ringtone")
    query = ctx.say(
        ["change it to {r}.", "switch it to {r}, please.", "give them {r} instead.", "swap that for {r}.",
         "let's use {r} instead.", "hmm, make it {r}.", "use {r} for them from now on.", "I'd rather have {r}."],
        r=tone["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=patch,
        history=[
            {"role": "user", "content": f"What ringtone does {person['name']} have?"},
            {"role": "assistant", "content": f"{person['name']} rings with {tones[old_id]['name']}."},
        ],
        gold={"delta": [{"table": "contact_ringtones", "op": "update", "key": person["id"],
                         "fields": {"ringtone_id": tone["id"]}}]},
        oracle=[
            calls(call("search_contacts", query=person["name"]),
                  call("list_ringtones", kind="ringtone", query=tone["name"])),
            calls(call("set_contact_ringtone", contact_id=person["id"], ringtone_id=tone["id"])),
            f"{person['name']} now rings with {tone['name']}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- revision
@family("display.revise_brightness", dimension="basic", category="revision", bucket="state")
def revise_brightness(ctx: Ctx) -> Draft:
    first, level = ctx.pick_many("display_brightness", 2)
    query = ctx.say(
        ["set brightness to {a}% — actually, make it {b}%.", "turn the screen brightness to {a}... no wait, {b}.",
         "brightness {a} percent. Hmm, on second thought, {b}.", "change the brightness to {a}% — sorry, I meant {b}%."],
        a=first, b=level,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"delta": [setting_delta("display.brightness", level)]},
        oracle=[calls(call("set_display_brightness", level=level)), f"Brightness is now {level}%."],
    )


@family("display.revise_sound_mode", dimension="basic", category="revision", bucket="state")
def revise_sound_mode(ctx: Ctx) -> Draft:
    context = ctx.pick("display_quiet_contexts")
    first, mode = ctx.choice([("silent", "vibrate"), ("vibrate", "silent")])
    query = ctx.say(
        ["{c}, so put the phone on {a}. Actually no, {b} is better.", "{c} — switch to {a} mode. Wait, make it {b}.",
         "{c}; set the phone to {a}... on second thought, {b}.", "{c}. {A} mode please — no, sorry, {b}."],
        c=context, a=first, A=first.capitalize(), b=mode,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"delta": [setting_delta("sound.mode", mode)]},
        oracle=[calls(call("set_sound_mode", mode=mode)), f"Your phone is on {mode} now."],
    )


@family("display.night_setup", dimension="basic", category="revision", bucket="state")
def night_setup(ctx: Ctx) -> Draft:
    strength = ctx.pick("display_strengths")
    level = ctx.pick("display_brightness")
    query = ctx.say(
        ["getting ready for bed: turn on dark mode, set the blue light filter to {e}%, and brightness to {b}%.",
         "dark mode on, eye comfort at {e} percent, brightness {b} — thanks.",
         "switch to dark mode, turn on the night light at {e}%, and put brightness at {b}%.",
         "I'm reading in bed. Dark mode, eye comfort {e}%, and {b}% brightness, please."],
        e=strength, b=level,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={"delta": [
            setting_delta("display.dark_mode", True), setting_delta("display.eye_comfort", True),
            setting_delta("display.eye_comfort_strength", strength), setting_delta("display.brightness", level),
        ]},
        oracle=[
            calls(call("set_dark_mode", enabled=True), call("set_eye_comfort", enabled=True, strength=strength),
                  call("set_display_brightness", level=level)),
            f"Dark mode is on, eye comfort is at {strength}% and brightness is {level}%. Good night!",
        ],
    )  # fmt: skip


@family("display.dnd_schedule_revise", dimension="basic", category="revision", bucket="state")
def dnd_schedule_revise(ctx: Ctx) -> Draft:
    days = ctx.pick("weekday_sets")
    first, start = ctx.pick_many("display_evening", 2)
    end = ctx.pick("display_morning")
    query = ctx.say(
        ["set up Do Not Disturb on {d} from {a} to {e} — wait, have it start at {s} instead.",
         "schedule quiet hours on {d}, {a} until {e}. Actually, make the start {s}.",
         "DND schedule: {d}, {a} to {e}... no, start it at {s}.",
         "I want Do Not Disturb on {d} from {a} to {e}; sorry, change the start to {s}."],
        d=_days_text(days), a=hhmm_words(first), e=hhmm_words(end), s=hhmm_words(start),
    )  # fmt: skip
    delta = [
        *_changed("dnd.schedule_enabled", True),
        *_changed("dnd.schedule_start", start),
        *_changed("dnd.schedule_end", end),
        *_changed("dnd.schedule_days", days),
    ]
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"delta": delta},
        oracle=[
            calls(call("set_dnd_schedule", enabled=True, start=start, end=end, days=days)),
            f"Do Not Disturb will run {hhmm_words(start)}–{hhmm_words(end)} on {_days_text(days)}.",
        ],
    )


@family("display.continue_notification_sound", dimension="basic", category="revision", bucket="tool")
def continue_notification_sound(ctx: Ctx) -> Draft:
    ringtone = ctx.pick("display_ringtones")
    sound = ctx.pick("display_notif_sounds")
    level = ctx.pick("display_ring_levels")
    notifs = sorted(r["name"] for r in base()["ringtones"].values()
                    if r["kind"] == "notification" and r["id"] <= "ringtone_016" and r["id"] != "ringtone_007")  # fmt: skip
    query = ctx.say(
        ["go with {n}, and set the notification volume to {v}%.", "{n}, please — and make notifications {v}% loud.",
         "let's do {n}. Also put the notification volume at {v}.", "I'll take {n}; notification volume {v} percent too."],
        n=sound["name"], v=level,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        s0_patch=_settings_patch(sound__ringtone=ringtone["id"]),
        history=[
            {"role": "user", "content": f"Change my ringtone to {ringtone['name']}, and then help me pick a new "
                                        "notification sound."},
            {"role": "assistant", "content": f"Done — your ringtone is now {ringtone['name']}. For notifications you "
                                             f"can choose {', '.join(notifs[:-1])} or {notifs[-1]} (Chime is the "
                                             "current one). Which would you like?"},
        ],
        gold={"calls": [
            {"name": "set_ringtone", "arguments": {"ringtone_id": sound["id"], "usage": "notification"}},
            {"name": "set_stream_volume", "arguments": {"stream": "notification", "level": level}},
        ], "any_order": True},
        oracle=[
            calls(call("list_ringtones", kind="notification")),
            calls(call("set_ringtone", ringtone_id=sound["id"], usage="notification")),
            calls(call("set_stream_volume", stream="notification", level=level)),
            f"Notifications now use {sound['name']} at {level}% volume.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- recovery
def _unsupported_reply(tool: str, args: dict[str, Any]) -> str:
    if tool == "set_screen_timeout":
        return (
            "Sorry, I can't set that screen timeout — the options are 15 seconds, 30 seconds, 1 minute, "
            "2 minutes, 5 minutes, 10 minutes or 30 minutes. Want me to use the closest one?"
        )
    if tool == "set_refresh_rate":
        return (
            f"Sorry, the display can't run at {args['hz']} Hz — it supports 60, 90 and 120 Hz. "
            "Should I pick one of those?"
        )
    return ("Sorry, a timed Do Not Disturb can last at most 12 hours. I can turn it on for 12 hours, or leave it "
            "on until you switch it off — which would you like?")  # fmt: skip


#: A claim of having applied the unsupported value anyway ("should I set it to 120 Hz?" is an offer, so
#: not the bare "I set").
VALUE_SET = [*false_claims("changed", "switched", "updated", "turned on", "switched on", "enabled", "bumped",
                           "cranked", "dropped", "raised", "lowered", "increased", "reduced", "applied"),
             *false_claims("set", "put", bare=False)]  # fmt: skip
#: That the value is out of what the setting offers: "it's at 120 from here on" names the limit's number too.
VALUE_LIMIT = [*cannot("set", "run", "go", "use", "do", "last", "keep", "stay", "make", "turn", "choose", "apply",
                       "exceed", "be set", "support", "handle", "crank", "silence", "pick"),
               "not an option", "isn't an option", "not one of", "isn't one of", "not available", "isn't available",
               "only", "at most", "up to", "maximum", "max", "limit", "no more than", "no longer than", "not valid",
               "isn't valid", "options are", "choices are", "available options", "supported", "supports",
               "tops out", "highest", "longest", "closest", "nearest", "doesn't go", "does not go", "doesn't offer",
               "does not offer", "doesn't have", "does not have", "too long", "too high", "longer than",
               "higher than", "more than", "caps", "capped"]  # fmt: skip
#: That the sound is of another kind: "Old Phone (ringtone) plays for it from here on" names both too.
SOUND_LIMIT = [*cannot("use", "be used", "set", "make", "pick", "assign", "be set", "choose", "apply", "be your",
                       "work as", "do that", "switch", "be an", "be a"),
               "only", "not a", "isn't a", "is not a", "not an", "isn't an", "not available", "isn't available",
               "not one of", "isn't one of", "not among", "isn't among", "not in the", "isn't in the", "not on the",
               "isn't on the", "not listed", "isn't listed", "doesn't work", "won't work", "meant for",
               "reserved for", "limited to", "separate", "different list", "different category", "wrong kind",
               "wrong type", "not for", "isn't for", "doesn't show up", "does not show up"]  # fmt: skip


@family("display.unsupported_value", dimension="basic", category="recovery", bucket="behavior", weight=2)
def unsupported_value(ctx: Ctx) -> Draft:
    tool, args, request, musts = ctx.pick("display_unsupported")
    query = ctx.say(["{r}.", "can you {r}?", "please {r}.", "hey, {r}."], r=request)
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold=rubric("any", [m.lower() for m in musts], VALUE_LIMIT, avoid=VALUE_SET),
        oracle=[calls(call(tool, **args)), _unsupported_reply(tool, args)],
    )  # fmt: skip


@family("display.sound_wrong_kind", dimension="basic", category="recovery", bucket="behavior")
def sound_wrong_kind(ctx: Ctx) -> Draft:
    sound = ctx.pick("display_all_sounds")
    usage = ctx.choice(sorted(k for k in KIND_LABEL if k != sound["kind"]))
    options = sorted(
        r["name"] for r in base()["ringtones"].values() if r["kind"] == usage and r["id"] <= "ringtone_016"
    )
    query = ctx.say(
        ["make {n} my {u}.", "set {n} as the {u}.", "use {n} for my {u}.", "I want {n} as my {u}.",
         "switch the {u} to {n}.", "can {n} be my {u}?"],
        n=sound["name"], u=KIND_LABEL[usage],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold=rubric("any", [sound["name"].lower()], [KIND_LABEL[sound["kind"]]], SOUND_LIMIT, avoid=VALUE_SET),
        oracle=[
            calls(call("list_ringtones", query=sound["name"]), call("list_ringtones", kind=usage)),
            f"{sound['name']} is {ARTICLE_LABEL[sound['kind']]}, so it can't be used as your {KIND_LABEL[usage]}. "
            f"The {KIND_LABEL[usage]}s you can pick from are {', '.join(options[:-1])} and {options[-1]} — want "
            "one of those?",
        ],
    )  # fmt: skip


@family("display.dnd_schedule_fault", dimension="basic", category="recovery", bucket="tool")
def dnd_schedule_fault(ctx: Ctx) -> Draft:
    days = ctx.pick("weekday_sets")
    start = ctx.pick("display_evening")
    end = ctx.pick("display_morning")
    query = ctx.say(
        ["turn on a Do Not Disturb schedule for {d}, {s} to {e}.", "quiet hours on {d} from {s} until {e}, please.",
         "schedule DND from {s} to {e} on {d}.", "set Do Not Disturb to come on at {s} and end at {e} on {d}."],
        d=_days_text(days), s=hhmm_words(start), e=hhmm_words(end),
    )  # fmt: skip
    args = {"enabled": True, "start": start, "end": end, "days": days}
    return Draft(
        query=query,
        frictions=["runtime_error"],
        faults=[{"tool": "set_dnd_schedule", "on_calls": [1]}],
        gold={"calls": [{"name": "set_dnd_schedule", "arguments": args}]},
        oracle=[
            calls(call("set_dnd_schedule", **args)),
            calls(call("set_dnd_schedule", **args)),
            f"The first try hit a temporary error; the retry worked — Do Not Disturb runs {hhmm_words(start)}–"
            f"{hhmm_words(end)} on {_days_text(days)}.",
        ],
    )


#: A claim of having let the blocked caller through Do Not Disturb (or unblocked them) unasked. Not the
#: passive: "their number has been on your block list" and "was added to your block list" are the fact.
EXCEPTION_ADDED = [*false_claims("added", "allowed", "unblocked", "whitelisted", "made an exception", "included",
                                 passive=False),
                   *false_claims("let", "set up", bare=False, passive=False)]  # fmt: skip


@family("display.exception_blocked", dimension="basic", category="recovery", bucket="behavior")
def exception_blocked(ctx: Ctx) -> Draft:
    cid, who, term = ctx.pick("md_people")
    person = base()["contacts"][cid]
    query = ctx.say(
        ["make sure {whop} calls get through Do Not Disturb.", "add {who} to my Do Not Disturb exceptions.",
         "{who} should be able to call me even on Do Not Disturb.", "let {who} break through Do Not Disturb."],
        who=who, whop=_poss(who),
    )  # fmt: skip
    block = {"phone": person["phone"], "reason": "blocked by you", "time": "2026-05-11T18:00:00"}
    first = person["name"].replace("Dr. ", "").split()[0]
    return Draft(
        query=query,
        frictions=["contradiction"],
        s0_patch={"blocked_numbers": {person["phone"]: block}},
        # not a bare "block": "Do Not Disturb blocks calls" fits an answer that missed the block
        gold={"rubric": {"final_kind": "question", "forbid_mutations": True,
                         "must_include": [["blocked", "block list", "blocklist", "blocking list", "unblock",
                                           "you block", "you've block", "you have block", "blocking them",
                                           "blocking their", "blocking her", "blocking him"]],
                         "must_not_include": EXCEPTION_ADDED}},
        oracle=[
            calls(call("search_contacts", query=term)),
            calls(call("add_dnd_exception", contact_id=cid)),
            f"{person['name']}'s number ({person['phone']}) is on your blocked list, so their calls can't get "
            f"through Do Not Disturb. Do you want me to unblock {first} first?",
        ],
    )  # fmt: skip


#: A claim of having given them a ringtone unasked ("which one should I set?" holds "I set"; "I've picked a
#: few you might like" is an offer).
RINGTONE_SET = [*false_claims("assigned", "changed", "switched", "updated", "applied"),
                *false_claims("set", bare=False)]  # fmt: skip


@family("display.ringtone_which", dimension="basic", category="recovery", bucket="behavior")
def ringtone_which(ctx: Ctx) -> Draft:
    cid, who, term = ctx.pick("md_people")
    query = ctx.say(
        ["give {who} a special ringtone.", "I want {who} to have their own ringtone.",
         "set a custom ringtone for {who}.", "{who} needs a different ringtone so I know it's them."],
        who=who,
    )  # fmt: skip
    names = sorted(
        r["name"]
        for r in base()["ringtones"].values()
        if r["kind"] == "ringtone" and r["id"] <= "ringtone_016"
    )
    return Draft(
        query=query,
        frictions=["missing_argument"],
        # The question offers the phone's ringtones: a bare "what do you need?" asks nothing of the task.
        gold=rubric("question", names, avoid=RINGTONE_SET),
        oracle=[
            calls(call("search_contacts", query=term), call("list_ringtones", kind="ringtone")),
            f"Which ringtone should {_name(cid)} get? You can choose {', '.join(names[:-1])} or {names[-1]}.",
        ],
    )  # fmt: skip


@family("display.exception_gone", dimension="basic", category="recovery", bucket="behavior")
def exception_gone(ctx: Ctx) -> Draft:
    cid, who, term = ctx.pick("md_people")
    known = base()["dnd_exceptions"]
    patch = {"dnd_exceptions": {cid: None}} if cid in known else {}
    name = _name(cid)
    first = name.replace("Dr. ", "").split()[0]
    rest = [c for c in known if c != cid]
    remaining = " and ".join(_name(c) for c in rest) if rest else "nobody"
    query = ctx.say(
        ["remove {who} from that list.", "take {who} off the Do Not Disturb exceptions.",
         "{who} shouldn't get through anymore — remove them.", "drop {who} from the people who can break through."],
        who=who,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["state_mutation"],
        s0_patch=patch,
        history=[
            {"role": "user", "content": "Who can get through when Do Not Disturb is on?"},
            {"role": "assistant", "content": f"{_exception_names(extra=cid)} can reach you during Do Not Disturb."},
        ],
        gold={"rubric": {"final_kind": "any",
                         # that the removal was done before: "no longer"/"anymore" fit a false "done" too
                         "must_include": [[first.lower(), name.lower()],
                                          ["already", "wasn't on", "isn't on", "was not on", "is not on",
                                           "wasn't in", "isn't in", "not on your", "not in your", "not on the",
                                           "not in the", "isn't one of", "is not one of", "wasn't one of",
                                           "was not one of", "not one of", "not an exception", "isn't an exception",
                                           "not among", "isn't among", "not listed", "isn't listed"]],
                         # nor a claim of having removed them now ("they have been removed before" is none)
                         "must_not_include": false_claims("removed", "dropped", "deleted", passive=False),
                         "forbid_mutations": True}},
        oracle=[
            calls(call("search_contacts", query=term)),
            calls(call("remove_dnd_exception", contact_id=cid)),
            calls(call("get_sound_settings")),
            f"{name} isn't on your Do Not Disturb exceptions anymore — it was already removed, so there's nothing "
            f"to change. Right now {remaining} can break through.",
        ],
    )  # fmt: skip
