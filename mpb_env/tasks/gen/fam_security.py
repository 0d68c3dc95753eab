"""Template families over Security & Privacy: screen lock and lock timeout, app locks, biometrics, the
password vault, emergency SOS contacts and alerts, and the privacy dashboard."""

from __future__ import annotations

from datetime import datetime, timedelta

from mpb_env.tasks.build import call, calls, contains, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.helpers import (
    and_list,
    avoiding,
    false_claims,
    merge,
    rubric,
    sentence,
    setting_delta,
    sms_delta,
)
from mpb_env.world.generate import load_world

W = load_world("M").tables
NOW = "2026-05-20T09:00:00"
VAULT_PIN = W["credentials"]["vault"]["pin"]
SCREEN_PIN = W["credentials"]["screen_lock"]["secret"]
TIMEOUTS = (0, 5, 15, 30, 60, 120, 300, 600, 1800)
PERM_WORDS = {"CAMERA": "camera", "MICROPHONE": "microphone", "LOCATION": "location"}
LOCK_PHRASES = {"swipe": "just swipe to unlock", "none": "no lock at all"}
#: App names that are words an answer about permissions may use on its own (never a distractor).
COMMON_NAMES = {"assistant", "camera", "phone", "settings", "messages", "browser", "weather", "maps"}


# --------------------------------------------------------------------------- helpers
def setting_patch(key: str, value: object) -> dict:
    return {"settings": {key: {**W["settings"][key], "value": value}}}


def insecure_patch(kind: str) -> dict:
    """S0 with no secure screen lock (and so no biometrics or app locks depending on it)."""
    return merge(
        setting_patch("security.screen_lock", kind),
        {"credentials": {"screen_lock": {"id": "screen_lock", "secret": None}},
         "biometrics": {b: None for b in W["biometrics"]},
         "app_locks": {a: None for a in W["app_locks"]}},
    )  # fmt: skip


def new_lock_entries(lock_type: str, secret: str) -> list[dict]:
    return [
        setting_delta("security.screen_lock", lock_type),
        {"table": "credentials", "op": "update", "key": "screen_lock", "fields": {"secret": secret}},
    ]


def dashboard(perm: str, hours: int) -> list[dict]:
    """Apps that used ``perm`` in the last ``hours`` (what get_privacy_dashboard lists), newest first."""
    now = datetime.fromisoformat(NOW)
    since = (now - timedelta(hours=hours)).isoformat(timespec="seconds")
    rows = [(a["permission_usage"][perm], a["id"], a) for a in W["apps"].values()
            if since <= (a.get("permission_usage") or {}).get(perm, "") <= NOW]  # fmt: skip
    return [a for _, _, a in sorted(rows, key=lambda r: (r[0], r[1]), reverse=True)]


def other_passwords(*entries: dict) -> list[str]:
    """The passwords a policy reading out the vault would name besides ``entries``': the owner's own
    accounts (the core entries) and every other account under the same usernames."""
    ids = {e["id"] for e in entries}
    users = {e["username"] for e in entries}
    return [e["password"] for e in W["vault_entries"].values()
            if e["id"] not in ids and (e["id"] <= "vault_099" or e["username"] in users)]  # fmt: skip


def timeout_words(seconds: int) -> list[str]:
    if seconds == 0:
        return ["immediately", "0 seconds", "instantly"]
    if seconds < 60:
        return [f"{seconds} seconds", f"{seconds}s", f"{seconds} sec"]
    m = seconds // 60
    return [
        f"{m} minute" if m == 1 else f"{m} minutes",
        f"{seconds} seconds",
        "one minute" if m == 1 else f"{m} min",
    ]


# --------------------------------------------------------------------------- grounding
@family("security.lock_timeout", dimension="basic", category="grounding", bucket="state")
def lock_timeout(ctx: Ctx) -> Draft:
    seconds, when = ctx.pick("sec_lock_timeouts")
    query = ctx.say(
        ["make my phone lock {w} once the screen goes off.", "set the auto-lock to kick in {w}.",
         "I want the screen to lock {w} after it turns off.", "change the lock timeout so the phone locks {w}.",
         "lock the phone {w} when the display sleeps.", "auto-lock {w}, please."],
        w=when,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [setting_delta("security.lock_timeout_s", seconds)]},
        oracle=[
            calls(call("get_security_status")),
            calls(call("set_screen_lock", timeout_seconds=seconds)),
            f"Done — auto-lock is set: the phone locks {when} once the screen is off.",
        ],
    )


@family("security.lock_app", dimension="basic", category="grounding", bucket="state")
def lock_app(ctx: Ctx) -> Draft:
    app = ctx.pick("sec_lockable_apps")
    query = ctx.say(
        ["lock {name} behind my PIN.", "make {name} ask for my PIN when it opens.", "put an app lock on {name}.",
         "I don't want anyone opening {name} without unlocking — lock it.", "add {name} to my locked apps.",
         "protect {name} with the screen lock."],
        name=app["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "app_locks", "op": "create", "fields": {"app_id": app["id"]}}]},
        oracle=[
            hermes(call("set_app_lock", app_id=app["id"], locked=True)),
            f"{app['name']} now asks for your screen lock when it opens.",
        ],
    )


@family("security.add_fingerprint", dimension="basic", category="grounding", bucket="state")
def add_fingerprint(ctx: Ctx) -> Draft:
    label, keys = ctx.pick("sec_fingers")
    query = ctx.say(
        ["add my {l} as a fingerprint.", "register another fingerprint — my {l}.",
         "set up fingerprint unlock with my {l} too.", "enrol my {l} for unlocking the phone.",
         "I want to unlock with my {l} as well; add it.", "save my {l} fingerprint."],
        l=label.lower(),
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "biometrics", "op": "create",
                         "fields": {"kind": "fingerprint", "label": contains(*keys)}}]},
        oracle=[
            calls(call("get_security_status")),
            calls(call("add_biometric", kind="fingerprint", label=label)),
            f"Your {label.lower()} is enrolled.",
        ],
    )  # fmt: skip


@family("security.vault_lookup", dimension="basic", category="grounding", bucket="behavior")
def vault_lookup(ctx: Ctx) -> Draft:
    entry = ctx.pick("sec_vault_items")
    query = ctx.say(
        ["what's my {t} password? The vault PIN is {pin}.", "I need the password for {t} — vault code is {pin}.",
         "look up my {t} login; the PIN for the password vault is {pin}.",
         "unlock the vault ({pin}) and tell me my {t} password.",
         "what password did I save for {t}? Vault PIN: {pin}.", "pull up my {t} password, the vault PIN's {pin}."],
        t=entry["title"], pin=VAULT_PIN,
    )  # fmt: skip
    final = f"Your {entry['title']} password is {entry['password']} (username {entry['username']})."
    gold = {"rubric": {"final_kind": "answer", "must_include": [[entry["password"]]]}}
    return Draft(
        query=query,
        gold=avoiding(gold, other_passwords(entry), final, query),
        oracle=[
            calls(call("unlock_password_vault", pin=VAULT_PIN)),
            calls(call("get_vault_password", query=entry["title"])),
            final,
        ],
    )


# --------------------------------------------------------------------------- dependency
@family("security.face_needs_lock", dimension="basic", category="dependency", bucket="state")
def face_needs_lock(ctx: Ctx) -> Draft:
    lock_type, secret, said = ctx.pick("sec_new_secrets")
    before = ctx.choice(["swipe", "none"])
    query = ctx.say(
        ["set up face unlock. If it needs a screen lock, use {s}.",
         "I want to unlock with my face — if a lock is required, set {s}.",
         "turn on face unlock; you can use {s} for the backup lock.",
         "add my face for unlocking. Set {s} if you need to.",
         "enable face recognition for unlocking — {s} can be the screen lock if one's needed.",
         "let me unlock the phone by looking at it. If that requires a lock, go with {s}."],
        s=said,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=insecure_patch(before),
        gold={"delta": [*new_lock_entries(lock_type, secret),
                        {"table": "biometrics", "op": "create", "fields": {"kind": "face"}}]},
        oracle=[
            calls(call("get_security_status")),
            calls(call("add_biometric", kind="face")),
            calls(call("set_screen_lock", lock_type=lock_type, new_secret=secret)),
            calls(call("add_biometric", kind="face")),
            f"Face unlock needs a secure screen lock, so I set the {lock_type} you gave me and enrolled your face.",
        ],
    )  # fmt: skip


@family("security.app_lock_needs_lock", dimension="basic", category="dependency", bucket="state")
def app_lock_needs_lock(ctx: Ctx) -> Draft:
    app = ctx.pick("sec_lockable_apps")
    lock_type, secret, said = ctx.pick("sec_new_secrets")
    before = ctx.choice(["swipe", "none"])
    query = ctx.say(
        ["lock {name} with an app lock. If the phone needs a screen lock first, set {s}.",
         "put {name} behind a lock — use {s} for the screen lock if there isn't one.",
         "I want {name} locked. Set {s} as my screen lock if that's required.",
         "app-lock {name}; if a secure screen lock is missing, go with {s}."],
        name=app["name"], s=said,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=insecure_patch(before),
        gold={"delta": [*new_lock_entries(lock_type, secret),
                        {"table": "app_locks", "op": "create", "fields": {"app_id": app["id"]}}]},
        oracle=[
            calls(call("set_app_lock", app_id=app["id"], locked=True)),
            calls(call("set_screen_lock", lock_type=lock_type, new_secret=secret)),
            calls(call("set_app_lock", app_id=app["id"], locked=True)),
            f"App locks need a secure screen lock, so I set your new {lock_type} first; {app['name']} is locked now.",
        ],
    )  # fmt: skip


@family("security.sos_add_contact_first", dimension="basic", category="dependency", bucket="tool")
def sos_add_contact_first(ctx: Ctx) -> Draft:
    cid, who, q = ctx.pick("sec_sos_people")
    msg, keys = ctx.pick("sec_sos_messages")
    query = ctx.say(
        ["send an SOS to my emergency contacts: {m}. If none are set up, add {who} first.",
         "emergency alert — {m}. If I don't have emergency contacts yet, make {who} one.",
         "fire off an SOS saying {m}; if there's nobody to alert, set {who} as my emergency contact first.",
         "SOS: {m}. No emergency contacts? Then add {who} and send it."],
        m=msg, who=who,
    )  # fmt: skip
    text = sentence(msg)
    person = W["contacts"][cid]
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=setting_patch("security.emergency_contacts", []),
        gold={"calls": [
            {"name": "set_emergency_contacts", "arguments": {"contact_ids": [cid]}},
            {"name": "send_emergency_alert", "arguments": {"message": contains(*keys)}},
        ]},
        oracle=[
            calls(call("send_emergency_alert", message=text)),
            calls(call("search_contacts", query=q)),
            calls(call("set_emergency_contacts", contact_ids=[cid])),
            calls(call("send_emergency_alert", message=text)),
            f"You had no emergency contacts, so I added {person['name']} and sent the SOS.",
        ],
    )  # fmt: skip


@family("security.sos_permission", dimension="basic", category="dependency", bucket="state")
def sos_permission(ctx: Ctx) -> Draft:
    msg, keys = ctx.pick("sec_sos_messages")
    query = ctx.say(
        ["send an emergency alert: {m}.", "SOS to my emergency contacts — {m}.", "trigger an SOS: {m}.",
         "alert my emergency contacts: {m}.", "I need help — send the SOS: {m}.",
         "emergency alert to my people, please: {m}."],
        m=msg,
    )  # fmt: skip
    text = sentence(msg)
    messages = W["apps"]["messages"]
    perms = messages["permissions"]
    people = W["settings"]["security.emergency_contacts"]["value"]
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch={"apps": {"messages": {**messages, "permissions": {**perms, "SMS": False}}}},
        gold={"delta": [
            *(sms_delta(cid, keys) for cid in people),
            {"table": "emergency_alerts", "op": "create", "fields": {"text": contains(*keys)}},
            {"table": "apps", "op": "update", "key": "messages", "fields": {"permissions": {**perms}}},
        ]},
        oracle=[
            calls(call("send_emergency_alert", message=text)),
            calls(call("grant_app_permission", app_id="messages", permission="SMS")),
            calls(call("send_emergency_alert", message=text)),
            "Messages was missing the SMS permission; I granted it and sent the SOS to your emergency contacts.",
        ],
    )  # fmt: skip


@family("security.remove_screen_lock", dimension="basic", category="dependency", bucket="state")
def remove_screen_lock(ctx: Ctx) -> Draft:
    pin = ctx.pick("sec_new_pins")
    apps = ctx.pick_many("sec_lockable_apps", ctx.choice([1, 2]))
    face = ctx.choice([True, False])
    target = ctx.choice(["swipe", "none"])
    bios = dict(W["biometrics"])
    if face:
        bios["bio_002"] = {
            "id": "bio_002",
            "kind": "face",
            "label": "Face",
            "enrolled_at": "2026-01-05T08:00:00",
        }
    patch = {
        "credentials": {"screen_lock": {"id": "screen_lock", "secret": pin}},
        "biometrics": {k: v for k, v in bios.items() if k not in W["biometrics"]},
        "app_locks": {**{a: None for a in W["app_locks"]},
                      **{a["id"]: {"app_id": a["id"], "locked_at": "2026-03-01T10:00:00"} for a in apps}},
    }  # fmt: skip
    query = ctx.say(
        ["take the PIN off my phone — I want {t}. The current PIN is {pin}; remove anything that depends on it.",
         "I'm done with the PIN lock, switch to {t}. It's {pin} right now, and clear out whatever needs the PIN.",
         "drop my screen lock to {t} (PIN is {pin}); get rid of anything in the way.",
         "switch the screen lock to {t}. My PIN's {pin}, and I'm fine losing fingerprints and app locks."],
        t=LOCK_PHRASES[target], pin=pin,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=patch,
        gold={"delta": [
            *({"table": "biometrics", "op": "delete", "key": b} for b in bios),
            *({"table": "app_locks", "op": "delete", "key": a["id"]} for a in apps),
            setting_delta("security.screen_lock", target),
            {"table": "credentials", "op": "update", "key": "screen_lock", "fields": {"secret": None}},
        ]},
        oracle=[
            calls(call("get_security_status")),
            calls(*(call("remove_biometric", biometric_id=b) for b in bios),
                  *(call("set_app_lock", app_id=a["id"], locked=False) for a in apps)),
            calls(call("set_screen_lock", lock_type=target, current_secret=pin)),
            f"I removed {'your fingerprint and face unlock' if face else 'your fingerprint'} and the app lock on "
            f"{and_list([a['name'] for a in apps])}, then switched the screen lock to {target}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- reference
@family("security.emergency_add", dimension="basic", category="reference", bucket="state")
def emergency_add(ctx: Ctx) -> Draft:
    people = ctx.pick_many("sec_sos_people", ctx.choice([1, 2]))
    ids = [p[0] for p in people]
    if len(set(ids)) != len(ids):
        raise Skip("the same person twice")
    current = list(W["settings"]["security.emergency_contacts"]["value"])
    query = ctx.say(
        ["add {who} to my emergency contacts.", "make {who} an emergency contact too.",
         "I want {who} on my SOS list as well.", "put {who} in my emergency contacts, and keep the others."],
        who=and_list([p[1] for p in people]),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        gold={"delta": [setting_delta("security.emergency_contacts", current + ids)]},
        oracle=[
            calls(call("get_security_status")),
            calls(*(call("search_contacts", query=p[2]) for p in people)),
            calls(call("set_emergency_contacts", contact_ids=current + ids)),
            f"Added {and_list([W['contacts'][c]['name'] for c in ids])}; your emergency contacts now also include "
            f"{and_list([W['contacts'][c]['name'] for c in current])}.",
        ],
    )


@family("security.vault_followup", dimension="basic", category="reference", bucket="behavior")
def vault_followup(ctx: Ctx) -> Draft:
    first, second = ctx.pick_many("sec_vault_items", 2)
    query = ctx.say(
        ["and the one for {b}?", "what about {b}?", "great — now {b}'s too, please.", "same thing for {b}."],
        b=second["title"],
    )  # fmt: skip
    final = f"Your {second['title']} password is {second['password']}."
    return Draft(
        query=query,
        s0_patch=setting_patch("security.vault_unlocked", True),
        history=[
            {"role": "user", "content": f"What's my {first['title']} password? The vault PIN is {VAULT_PIN}."},
            {"role": "assistant", "content": f"Your {first['title']} password is {first['password']}."},
        ],
        gold=avoiding({"rubric": {"final_kind": "answer", "must_include": [[second["password"]]],
                                  "must_not_include": [first["password"]]}},
                      other_passwords(first, second), final, query),
        oracle=[calls(call("get_vault_password", query=second["title"])), final],
    )  # fmt: skip


@family("security.dashboard_revoke", dimension="basic", category="reference", bucket="state")
def dashboard_revoke(ctx: Ctx) -> Draft:
    perm, hours, window = ctx.pick("sec_dashboard_windows")
    used = dashboard(perm, hours)
    if len(used) < 2:
        raise Skip("too few apps to single one out")
    keep = ctx.choice(used)
    drop = [a for a in used if a["id"] != keep["id"] and a["permissions"].get(perm)]
    word = PERM_WORDS[perm]
    query = ctx.say(
        ["which apps used my {w} {win}? Take {w} access away from all of them except {keep}.",
         "check who's been using the {w} {win} and revoke it for everyone but {keep}.",
         "show me the apps that accessed my {w} {win}, then block all of them apart from {keep}.",
         "{keep} can keep it, but any other app that used my {w} {win} loses the {w} permission."],
        w=word, win=window, keep=keep["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [
            {"table": "apps", "op": "update", "key": a["id"], "fields": {"permissions": {**a["permissions"], perm: False}}}
            for a in drop
        ]},
        oracle=[
            calls(call("get_privacy_dashboard", permission=perm, hours=hours)),
            calls(*(call("revoke_app_permission", app_id=a["id"], permission=perm) for a in drop)),
            f"{and_list([a['name'] for a in used])} used your {word}; I revoked it from everyone except {keep['name']}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- revision
@family("security.revise_timeout", dimension="basic", category="revision", bucket="state")
def revise_timeout(ctx: Ctx) -> Draft:
    (_s1, first), (seconds, second) = ctx.pick_many("sec_lock_timeouts", 2)
    query = ctx.say(
        ["set the auto-lock to kick in {a} — no, actually {b}.", "make the phone lock {a}... no wait, {b}.",
         "lock the screen {a} once it's off — sorry, make that {b}.", "auto-lock {a}; actually {b} is better.",
         "change the lock timeout so it locks {a}. Hmm, no — {b}.", "lock it {a}. Wait, {b} instead."],
        a=first, b=second,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"delta": [setting_delta("security.lock_timeout_s", seconds)]},
        oracle=[
            calls(call("set_screen_lock", timeout_seconds=seconds)),
            f"OK — the phone locks {second} now.",
        ],
    )


@family("security.revise_pin", dimension="basic", category="revision", bucket="tool")
def revise_pin(ctx: Ctx) -> Draft:
    first, second = ctx.pick_many("sec_new_pins", 2)
    query = ctx.say(
        ["change my PIN to {a} — wait, make it {b} instead. The current one is {cur}.",
         "new PIN: {a}. Actually no, {b}. Old PIN is {cur}.",
         "set my lock screen PIN to {a}... sorry, {b}. Current PIN {cur}.",
         "update the phone PIN from {cur} to {a} — hmm, no, {b}."],
        a=first, b=second, cur=SCREEN_PIN,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"calls": [{"name": "set_screen_lock",
                         "arguments": {"lock_type": "pin", "new_secret": second, "current_secret": SCREEN_PIN}}]},
        oracle=[
            calls(call("set_screen_lock", lock_type="pin", new_secret=second, current_secret=SCREEN_PIN)),
            f"Your PIN is now {second}.",
        ],
    )  # fmt: skip


@family("security.multi_lock_apps", dimension="basic", category="revision", bucket="state")
def multi_lock_apps(ctx: Ctx) -> Draft:
    first, second = ctx.pick_many("sec_lockable_apps", 2)
    unlock = W["apps"][ctx.choice(sorted(W["app_locks"]))]
    query = ctx.say(
        ["lock {a} and {b}, and take the lock off {c}.", "put app locks on {a} and {b}; {c} doesn't need one anymore.",
         "I want {a} and {b} locked, and {c} unlocked.", "lock up {a} and {b} — and remove {c}'s lock."],
        a=first["name"], b=second["name"], c=unlock["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={"delta": [
            {"table": "app_locks", "op": "create", "fields": {"app_id": first["id"]}},
            {"table": "app_locks", "op": "create", "fields": {"app_id": second["id"]}},
            {"table": "app_locks", "op": "delete", "key": unlock["id"]},
        ]},
        oracle=[
            calls(call("set_app_lock", app_id=first["id"], locked=True),
                  call("set_app_lock", app_id=second["id"], locked=True),
                  call("set_app_lock", app_id=unlock["id"], locked=False)),
            f"{first['name']} and {second['name']} are locked, and {unlock['name']} no longer is.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- recovery
#: A claim of having got into the vault with the wrong PIN (and so of an answer it cannot have).
VAULT_OPENED = false_claims("unlocked", "opened", "accessed", "got into", "retrieved", "pulled up")


@family("security.wrong_vault_pin", dimension="basic", category="recovery", bucket="behavior")
def wrong_vault_pin(ctx: Ctx) -> Draft:
    entry = ctx.pick("sec_vault_items")
    wrong = ctx.pick("sec_wrong_vault_pins")
    query = ctx.say(
        ["what's my {t} password? Vault PIN is {p}.", "look up the {t} password — use {p} for the vault.",
         "I need my {t} login; the vault code is {p}.", "unlock the vault with {p} and get my {t} password."],
        t=entry["title"], p=wrong,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["missing_argument"],
        gold=rubric("question", ["pin", "code", "passcode"], avoid=[entry["password"], *VAULT_OPENED]),
        oracle=[
            calls(call("unlock_password_vault", pin=wrong)),
            f"The PIN {wrong} didn't unlock your password vault. Could you double-check it and tell me the right one?",
        ],
    )  # fmt: skip


#: A claim of having set a timeout the phone does not offer, or one of the neighbours unasked ("which
#: should I set?" holds "I set").
TIMEOUT_SET = [*false_claims("changed", "switched", "updated", "rounded", "went with", "gone with", "applied"),
               *false_claims("set", bare=False)]  # fmt: skip


def timeout_now(near: list[int]) -> list[str]:
    """A claim that the lock timeout is now one of the ``near`` options the user did not choose, as the
    state it left ("it's set to 5 minutes", "auto-lock is now 5 minutes", "it locks after 5 minutes now"):
    the answer is a question, so "It's set to 5 minutes. Anything else?" must fail here. "Do you want me
    to set it to 5 minutes instead?" holds none of them. For the timeout the phone already has, "it's set
    to 30 seconds" and "it's 30 seconds now" are true, so only the "now" forms go for it.

    >>> timeout_now([15, 30])[:4]
    ['is now 15 seconds', "'s now 15 seconds", 'is set to 15 seconds', "'s set to 15 seconds"]
    >>> [p for p in timeout_now([15, 30]) if "30 seconds" in p]
    ['is now 30 seconds', "'s now 30 seconds"]
    """
    out = []
    for t in near:
        for w in timeout_words(t):
            out += [f"is now {w}", f"'s now {w}"]
            if t != W["settings"]["security.lock_timeout_s"]["value"]:
                out += [f"is set to {w}", f"'s set to {w}", f"is {w} now", f"locks after {w} now",
                        f"will lock after {w}"]  # fmt: skip
    return [*dict.fromkeys(out), "now set to", "will now lock", "now locks after", "now lock after"]


@family("security.timeout_unsupported", dimension="basic", category="recovery", bucket="behavior")
def timeout_unsupported(ctx: Ctx) -> Draft:
    seconds, said = ctx.pick("sec_bad_timeouts")
    lower = max(t for t in TIMEOUTS if t < seconds)
    upper = min((t for t in TIMEOUTS if t > seconds), default=None)
    near = [lower] + ([upper] if upper is not None else [])
    query = ctx.say(
        ["make my phone lock {p} after the screen goes off.", "set auto-lock to {p}.",
         "lock the screen {p} after it turns off.", "I want a {p} lock timeout.",
         "can the phone auto-lock after {p}? Set that.", "change the screen lock timeout to {p}."],
        p=said,
    )  # fmt: skip
    options = " or ".join(timeout_words(t)[0] for t in near)
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold={"rubric": {"final_kind": "question", "forbid_mutations": True,
                         "must_include": [[w for t in near for w in timeout_words(t)]],
                         "must_not_include": [*TIMEOUT_SET, *timeout_now(near)]}},
        oracle=[
            calls(call("set_screen_lock", timeout_seconds=seconds)),
            f"The phone can't lock after exactly {said}; the closest options are {options}. Which would you like?",
        ],
    )  # fmt: skip


#: That the dashboard cannot look back as far as asked. A list of the week's apps with "past week" in it
#: is also what a false "Over the last three months: ... (most in the past week)" says.
WINDOW_LIMIT = ["only keeps", "only goes back", "only go back", "only covers", "only shows", "only show", "only has",
                "only holds", "only stores", "only tracks", "only records", "only reaches", "only see", "only look",
                "only check", "only the last", "only the past", "only 7", "only seven", "only a week", "only one week",
                "only last", "only past", "can only", "just the last", "just the past", "just 7", "just seven",
                "just a week", "just one week", "keeps 7", "keeps seven", "keeps a week", "keeps one week",
                "covers 7", "covers seven", "covers a week", "covers one week", "goes back 7", "goes back seven",
                "goes back a week", "goes back one week", "kept for", "stored for", "retains", "retained", "7-day",
                "seven-day", "one-week", "limited to", "limit", "at most", "maximum", "can't", "cannot", "can not",
                "unable", "not able", "not possible", "isn't possible", "no further back", "not further back",
                "nothing older", "no older", "doesn't go", "does not go", "don't go", "doesn't keep", "does not keep",
                "don't keep", "doesn't cover", "does not cover", "doesn't have", "does not have", "don't have",
                "no data", "no record", "no history", "not available", "isn't available", "aren't available",
                "unavailable",
                # what the dashboard holds, in the tool's own words ("keeps 168 hours (7 days) of history")
                *(f"{verb} {span}" for verb in ("keeps", "holds", "stores", "covers", "shows", "records", "tracks")
                  for span in ("168", "the last", "the past")),
                "holds 7", "holds seven", "holds a week", "holds one week", "stores 7", "stores seven",
                "stores a week", "stores one week", "168-hour", "168 hours of", "window is 7", "window is seven",
                "window is a week", "window of 7", "window of seven", "window of a week", "older than",
                "isn't kept", "aren't kept", "not kept", "isn't stored", "aren't stored", "not stored", "beyond",
                "couldn't", "could not", "wasn't able", "weren't able", "too far back", "that far back",
                "so far back"]  # fmt: skip


@family("security.dashboard_too_far", dimension="basic", category="recovery", bucket="behavior")
def dashboard_too_far(ctx: Ctx) -> Draft:
    hours, said = ctx.pick("sec_too_far")
    perm = ctx.choice(["CAMERA", "MICROPHONE"])
    word = PERM_WORDS[perm]
    used = dashboard(perm, 168)
    query = ctx.say(
        ["which apps used my {w} {p}?", "show me every app that accessed the {w} {p}.",
         "has anything used my {w} {p}? List them.", "what's been using my {w} {p}?"],
        w=word, p=said,
    )  # fmt: skip
    names = [a["name"] for a in used]
    final = (f"The privacy dashboard only keeps the last 7 days, so I can't look back further. In the past week, "
             f"{and_list(names)} used your {word}.")  # fmt: skip
    # Naming every app is not an answer: the apps that used the other sensor (camera or microphone) in
    # that week but not this one must not be named (but not an app called like a word the answer may use).
    other = {"CAMERA": "MICROPHONE", "MICROPHONE": "CAMERA"}[perm]
    near = [
        a["name"].lower()
        for a in dashboard(other, 168)
        if a not in used and a["name"].lower() not in COMMON_NAMES
    ]
    gold = {
        "rubric": {
            "final_kind": "answer",
            "forbid_mutations": True,
            "must_include": [
                [
                    "7 days",
                    "seven days",
                    "a week",
                    "one week",
                    "168",
                    "past week",
                    "last week",
                    "7 day",
                    "7-day",
                    "seven-day",
                    "one-week",
                    "this week",
                ],
                WINDOW_LIMIT,
                *([n.lower()] for n in names),
            ],
        }
    }
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold=avoiding(gold, near, final, query, *PERM_WORDS.values()),
        oracle=[
            calls(call("get_privacy_dashboard", permission=perm, hours=hours)),
            calls(call("get_privacy_dashboard", permission=perm, hours=168)),
            final,
        ],
    )  # fmt: skip


@family("security.sos_fault_retry", dimension="basic", category="recovery", bucket="tool")
def sos_fault_retry(ctx: Ctx) -> Draft:
    msg, keys = ctx.pick("sec_sos_messages")
    query = ctx.say(
        ["send an SOS: {m}.", "emergency! {m} — alert my emergency contacts.",
         "SOS to my emergency contacts please, {m}.", "hit the emergency alert: {m}.",
         "get an SOS out to my emergency contacts: {m}.", "please send my emergency contacts an SOS — {m}."],
        m=msg,
    )  # fmt: skip
    text = sentence(msg)
    return Draft(
        query=query,
        frictions=["runtime_error"],
        faults=[{"tool": "send_emergency_alert", "on_calls": [1]}],
        gold={"calls": [{"name": "send_emergency_alert", "arguments": {"message": contains(*keys)}}]},
        oracle=[
            calls(call("send_emergency_alert", message=text)),
            calls(call("send_emergency_alert", message=text)),
            "The first attempt failed with a temporary error; the retry went through and your emergency contacts "
            "have the SOS.",
        ],
    )
