"""Security & Privacy: screen lock, app locks, biometrics, the password vault and emergency SOS.

Tables:
    credentials: ``{"screen_lock": {"id", "secret": str | None}, "vault": {"id", "pin"}}``: the secrets
        the tools check; no tool ever returns them.
    biometrics: ``{bio_id: {"id", "kind": "fingerprint" | "face", "label", "enrolled_at"}}``; core
        ``bio_001`` (right thumb). Enrolling needs a secure screen lock (pattern, PIN or password).
    app_locks: ``{app_id: {"app_id", "locked_at"}}``: apps that ask for the screen lock when opened; keys
        are IDs of the ``apps`` table (Apps & Storage), which drops the lock when the app is uninstalled.
    vault_entries: ``{vault_id: {"id", "title", "url", "username", "password", "notes", "updated"}}``; core
        ``vault_001``..``vault_012``, generated ``vault_101``.. .
    emergency_alerts: ``{alert_id: {"id", "time", "text", "contact_ids", "message_ids", "location"}}``.

Settings (prefix ``security.``): ``security.screen_lock`` (none | swipe | pattern | pin | password),
``security.lock_timeout_s`` (seconds after the screen turns off), ``security.vault_unlocked`` (bool) and
``security.emergency_contacts`` (contact IDs of the ``contacts`` table, Calls & Communication). An emergency
alert is sent as SMS records in the ``messages`` table, the shape Calls & Communication uses.
"""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any, Literal

from mpb_env.errors import (
    AlreadyExists,
    Ambiguous,
    CapabilityLimit,
    InvalidArguments,
    NotFound,
    PreconditionFailed,
)
from mpb_env.tools.runtime import Ok, ok, tool
from mpb_env.world.state import PhoneState, Record, Tables

DOMAIN = "Security & Privacy"
SEED_ORDER = 55

LockType = Literal["none", "swipe", "pattern", "pin", "password"]
BiometricKind = Literal["fingerprint", "face"]
SensitivePermission = Literal["LOCATION", "CAMERA", "MICROPHONE"]

SECURE_LOCKS = frozenset({"pattern", "pin", "password"})
LOCK_TIMEOUTS = (0, 5, 15, 30, 60, 120, 300, 600, 1800)
MAX_FINGERPRINTS = 5
MAX_EMERGENCY_CONTACTS = 5
DASHBOARD_HOURS = 168  # the privacy dashboard keeps 7 days of history
#: Apps that cannot be locked: the dialer must stay reachable for emergency calls.
_UNLOCKABLE_APPS = frozenset({"phone"})

SCREEN_LOCK_PIN = "4826"
VAULT_PIN = "1357"

# (id, title, url, username, password, notes, updated)
CORE_VAULT: list[tuple[str, str, str, str, str, str, str]] = [
    ("vault_001", "Google (personal)", "accounts.google.com", "alex.morgan@example.com", "Maple!Harbor42",
     "", "2026-02-14T10:00:00"),
    ("vault_002", "Google (Northwind Labs)", "accounts.google.com", "alex.morgan@northwindlabs.com",
     "Nw-Orbit-7731", "Work account, rotates every 90 days", "2026-04-01T09:00:00"),
    ("vault_003", "Chase", "chase.com", "alexmorgan88", "Tide#Copper19", "Checking and Sapphire card",
     "2025-12-03T18:20:00"),
    ("vault_004", "Netflix", "netflix.com", "alex.morgan@example.com", "Popcorn&Rain55", "Family plan",
     "2025-08-22T21:00:00"),
    ("vault_005", "United MileagePlus", "united.com", "AM4829173", "Jetstream!2026", "Known Traveler Number in notes: KTN 98765432",
     "2026-01-09T08:15:00"),
    ("vault_006", "Home Wi-Fi", "192.168.1.1", "MorganHome-5G", "sunflower-porch-31", "Router admin is on the sticker",
     "2025-06-30T19:00:00"),
    ("vault_007", "Amazon", "amazon.com", "alex.morgan@example.com", "Cardboard+Fox88", "",
     "2025-11-28T12:00:00"),
    ("vault_008", "Northwind VPN", "vpn.northwindlabs.com", "amorgan", "Nw-Tunnel-5529", "",
     "2026-04-01T09:05:00"),
    ("vault_009", "Spotify", "spotify.com", "alex.morgan@example.com", "Vinyl*Morning14", "",
     "2025-05-17T20:00:00"),
    ("vault_010", "Pacific Power", "pacificpower.example.com", "5521-0937", "Kilowatt!Bay23", "Electricity account",
     "2025-03-02T11:00:00"),
    ("vault_011", "Sunset Family Health portal", "sunsetfamilyhealth.com", "alex.morgan@example.com",
     "Checkup#Fog61", "Dr. Priya Shah's clinic", "2025-10-11T16:30:00"),
    ("vault_012", "Lincoln Elementary parent portal", "lincoln-elementary.example.org", "jordan.alex.morgan",
     "Crayon-Bus-908", "Emma's school", "2025-09-02T07:45:00"),
]  # fmt: skip

CORE_BIOMETRICS: list[Record] = [
    {"id": "bio_001", "kind": "fingerprint", "label": "Right thumb", "enrolled_at": "2025-10-01T09:20:00"},
]
CORE_APP_LOCKS: list[Record] = [
    {"app_id": "bank", "locked_at": "2025-11-02T10:30:00"},
    {"app_id": "venmo", "locked_at": "2025-11-02T10:31:00"},
]

SECURITY_SETTINGS: dict[str, object] = {
    "security.screen_lock": "pin",
    "security.lock_timeout_s": 30,
    "security.vault_unlocked": False,
    "security.emergency_contacts": ["contact_004", "contact_006"],
}

_SITES = (
    "Dropbox", "Slack", "Zoom", "LinkedIn", "Airbnb", "Uber", "Lyft", "DoorDash", "Venmo", "PayPal", "eBay",
    "Etsy", "Target", "Costco", "Walgreens", "Instacart", "Strava", "Duolingo", "Kindle", "Hulu", "YouTube",
    "Twitter", "Reddit", "GitHub", "Notion", "Trello", "Evernote", "Medium", "NYTimes", "Yelp", "OpenTable",
    "Expedia", "Marriott", "Hertz", "Patagonia", "REI", "Nike", "Adobe", "Canva", "Figma",
)  # fmt: skip
_WORDS = ("Cedar", "Lantern", "River", "Quartz", "Meadow", "Falcon", "Ember", "Harbor", "Willow", "Comet")
_SYMBOLS = "!#$%&*+-"


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    """Screen lock, biometrics, app locks and vault core entries, plus generated vault entries."""
    settings = tables.setdefault("settings", {})
    for key, value in SECURITY_SETTINGS.items():
        settings.setdefault(key, {"value": list(value) if isinstance(value, list) else value})
    tables["credentials"] = {
        "screen_lock": {"id": "screen_lock", "secret": SCREEN_LOCK_PIN},
        "vault": {"id": "vault", "pin": VAULT_PIN},
    }
    tables["biometrics"] = {b["id"]: dict(b) for b in CORE_BIOMETRICS}
    apps = tables.get("apps", {})
    tables["app_locks"] = {r["app_id"]: dict(r) for r in CORE_APP_LOCKS if not apps or r["app_id"] in apps}
    entries: dict[str, Record] = {}
    for vid, title, url, user, password, notes, updated in CORE_VAULT:
        entries[vid] = {
            "id": vid,
            "title": title,
            "url": url,
            "username": user,
            "password": password,
            "notes": notes,
            "updated": updated,
        }
    sites = list(_SITES)
    rng.shuffle(sites)
    for i in range(min(len(sites), round(40 * scale))):
        site = sites[i]
        vid = f"vault_{101 + i:03d}"
        entries[vid] = {
            "id": vid,
            "title": site,
            "url": f"{site.lower()}.com",
            "username": rng.choice(("alex.morgan@example.com", "alexmorgan88", "amorgan")),
            "password": f"{rng.choice(_WORDS)}{rng.choice(_SYMBOLS)}{rng.choice(_WORDS)}{rng.randint(10, 99)}",
            "notes": "",
            "updated": f"202{rng.randint(4, 6)}-{rng.randint(1, 4):02d}-{rng.randint(1, 28):02d}T12:00:00",
        }
    tables["vault_entries"] = entries
    tables["emergency_alerts"] = {}


# --------------------------------------------------------------------------- helpers
def _lock_type(s: PhoneState) -> str:
    return str(s.setting("security.screen_lock", "none"))


def _require_secure_lock(s: PhoneState, what: str) -> None:
    current = _lock_type(s)
    if current not in SECURE_LOCKS:
        raise PreconditionFailed(
            f"{what} needs a secure screen lock (pattern, PIN or password) first; the screen lock is "
            f"{current!r}: set one with set_screen_lock",
            setting="security.screen_lock",
            current=current,
            remedy="set_screen_lock",
        )


def _check_secret(lock_type: str, secret: str | None) -> str:
    if secret is None or not secret.strip():
        raise InvalidArguments(f"a {lock_type} lock needs new_secret, e.g. '5831' for a PIN")
    secret = secret.strip()
    if lock_type == "pin" and not (secret.isascii() and secret.isdigit() and 4 <= len(secret) <= 16):
        raise InvalidArguments("a PIN must be 4 to 16 digits")
    if lock_type == "pattern" and not (
        secret.isascii()
        and secret.isdigit()
        and "0" not in secret
        and 4 <= len(secret) <= 9
        and len(set(secret)) == len(secret)
    ):
        raise InvalidArguments(
            "a pattern is 4 to 9 distinct dots of the 3x3 grid, written as digits 1-9, e.g. '14789'"
        )
    if lock_type == "password" and not (4 <= len(secret) <= 16 and any(ch.isalpha() for ch in secret)):
        raise InvalidArguments("a password must be 4 to 16 characters with at least one letter")
    return secret


def _app(s: PhoneState, app_id: str) -> Record:
    app = s.get("apps", app_id)
    if app is None:
        raise NotFound(
            f"no installed app with id {app_id!r}; list_apps shows the installed ones", app_id=app_id
        )
    return app


def _person(s: PhoneState, cid: str) -> dict[str, Any]:
    rec = s.get("contacts", cid)
    if rec is None:
        return {"id": cid, "name": None, "phone": None, "missing": True}
    return {"id": cid, "name": rec["name"], "phone": rec["phone"]}


def _vault_row(e: Record, with_password: bool) -> dict[str, Any]:
    row = {"id": e["id"], "title": e["title"], "url": e["url"], "username": e["username"]}
    if with_password:
        row.update(password=e["password"], notes=e.get("notes", ""), updated=e.get("updated"))
    return row


# --------------------------------------------------------------------------- tools
@tool(DOMAIN)
def get_security_status(s: PhoneState, include_vault_titles: bool = False) -> Ok:
    """Get the security overview: screen lock, biometrics, app locks, vault state and emergency contacts.

    Args:
        include_vault_titles: Also list the password vault's entry titles (the vault must be unlocked),
            e.g. true.

    Returns:
        ``{"screen_lock", "lock_timeout_s", "biometrics": [...], "app_locks": [{"app_id", "name"}],
        "vault": {"unlocked", "entries", "titles"?}, "emergency_contacts": [{"id", "name", "phone"}]}``.
        Secrets are never shown.

    Raises:
        PreconditionFailed: vault titles were asked for while the vault is locked.
    """
    unlocked = bool(s.setting("security.vault_unlocked", False))
    if include_vault_titles and not unlocked:
        raise PreconditionFailed(
            "the password vault is locked; unlock it with unlock_password_vault first",
            remedy="unlock_password_vault",
        )
    locks = []
    for app_id, rec in s.scan("app_locks"):
        app = s.get("apps", app_id)
        locks.append(
            {"app_id": app_id, "name": app["name"] if app else app_id, "locked_at": rec["locked_at"]}
        )
    vault: dict[str, Any] = {"unlocked": unlocked, "entries": s.count("vault_entries")}
    if include_vault_titles:
        vault["titles"] = [_vault_row(e, False) for e in s.values("vault_entries")]
    data = {
        "screen_lock": _lock_type(s),
        "lock_timeout_s": s.setting("security.lock_timeout_s", 30),
        "biometrics": list(s.values("biometrics")),
        "app_locks": locks,
        "vault": vault,
        "emergency_contacts": [_person(s, c) for c in s.setting("security.emergency_contacts", [])],
    }
    return ok(
        f"Screen lock: {data['screen_lock']}, {len(data['biometrics'])} biometrics, {len(locks)} app locks",
        data,
    )


@tool(DOMAIN, mutates=True)
def set_screen_lock(
    s: PhoneState,
    lock_type: LockType | None = None,
    new_secret: str | None = None,
    current_secret: str | None = None,
    timeout_seconds: int | None = None,
) -> Ok:
    """Change the screen lock type and secret, and/or how soon the phone locks after the screen goes off.

    Args:
        lock_type: The new lock, e.g. "pin"; unchanged when omitted.
        new_secret: The new PIN, pattern (dots 1-9) or password for a secure lock type, e.g. "5831".
        current_secret: The current PIN, pattern or password; needed to change a secure lock, e.g. "4826".
        timeout_seconds: Lock this many seconds after the screen turns off (0, 5, 15, 30, 60, 120, 300,
            600 or 1800), e.g. 60.

    Returns:
        ``{"screen_lock", "lock_timeout_s", "changed": [field]}``.

    Raises:
        InvalidArguments: nothing to change, the new secret is missing or malformed, a secret was given for
            an insecure lock type, or the current secret is wrong.
        PreconditionFailed: the current lock is secure and current_secret was not given, or the lock would
            become insecure while fingerprints, face unlock or app locks depend on it.
        CapabilityLimit: the timeout is not one the phone offers.
    """
    if lock_type is None and timeout_seconds is None:
        raise InvalidArguments("give lock_type and/or timeout_seconds")
    if lock_type is None and new_secret is not None:
        raise InvalidArguments("new_secret needs lock_type, e.g. lock_type='pin'")
    if timeout_seconds is not None and timeout_seconds not in LOCK_TIMEOUTS:
        raise CapabilityLimit(
            f"the lock timeout can be {', '.join(map(str, LOCK_TIMEOUTS))} seconds, not {timeout_seconds}",
            allowed=list(LOCK_TIMEOUTS),
        )
    changed: list[str] = []
    current = _lock_type(s)
    if lock_type is not None:
        if lock_type in SECURE_LOCKS:
            secret: str | None = _check_secret(lock_type, new_secret)
        elif new_secret is not None:
            raise InvalidArguments(f"a {lock_type!r} lock has no secret; leave new_secret out")
        else:
            secret = None
        if current in SECURE_LOCKS:
            if current_secret is None:
                raise PreconditionFailed(
                    f"changing the screen lock needs the current {current}; pass current_secret",
                    current=current,
                )
            cred = s.get("credentials", "screen_lock") or {}
            if current_secret.strip() != cred.get("secret"):
                raise InvalidArguments(f"current_secret is not the phone's current {current}")
        if lock_type not in SECURE_LOCKS:
            bios = [b["label"] or b["kind"] for b in s.values("biometrics")]
            locked = [k for k, _ in s.scan("app_locks")]
            if bios or locked:
                raise PreconditionFailed(
                    f"a {lock_type!r} screen lock cannot protect biometrics or app locks; remove them first "
                    f"(biometrics: {', '.join(bios) or 'none'}; app locks: {', '.join(locked) or 'none'})",
                    biometrics=bios,
                    app_locks=locked,
                )
        s.put("credentials", "screen_lock", {"id": "screen_lock", "secret": secret})
        if lock_type != current:
            s.set_setting("security.screen_lock", lock_type)
            changed.append("screen_lock")
        if secret is not None:
            changed.append("secret")
    if timeout_seconds is not None and timeout_seconds != s.setting("security.lock_timeout_s"):
        s.set_setting("security.lock_timeout_s", timeout_seconds)
        changed.append("lock_timeout_s")
    data = {
        "screen_lock": _lock_type(s),
        "lock_timeout_s": s.setting("security.lock_timeout_s", 30),
        "changed": changed,
    }
    return ok(f"Screen lock is {data['screen_lock']}, locking after {data['lock_timeout_s']}s", data)


@tool(DOMAIN, mutates=True)
def set_app_lock(s: PhoneState, app_id: str, locked: bool) -> Ok:
    """Lock an app behind the screen lock (or remove its lock), e.g. a banking app.

    Args:
        app_id: The installed app's ID, e.g. "wallet".
        locked: true to require the screen lock when the app opens, false to remove it, e.g. true.

    Returns:
        ``{"app_id", "name", "locked", "changed"}``.

    Raises:
        NotFound: no installed app has this ID.
        CapabilityLimit: the app cannot be locked (the Phone app must stay reachable for emergencies).
        PreconditionFailed: locking needs a secure screen lock, and there is none.
    """
    app = _app(s, app_id)
    was = s.has("app_locks", app_id)
    if locked:
        if app_id in _UNLOCKABLE_APPS:
            raise CapabilityLimit(
                f"{app['name']} cannot be locked; it must stay reachable for emergency calls"
            )
        _require_secure_lock(s, "App lock")
        if not was:
            s.put("app_locks", app_id, {"app_id": app_id, "locked_at": s.now_iso()})
    elif was:
        s.delete("app_locks", app_id)
    data = {"app_id": app_id, "name": app["name"], "locked": locked, "changed": was != locked}
    return ok(f"{app['name']} is {'locked' if locked else 'not locked'}", data)


@tool(DOMAIN, mutates=True)
def add_biometric(s: PhoneState, kind: BiometricKind, label: str = "") -> Ok:
    """Enrol a fingerprint or face for unlocking; it needs a secure screen lock as the backup.

    Args:
        kind: "fingerprint" or "face", e.g. "face".
        label: A name for it, e.g. "Left index finger"; a default name when empty.

    Returns:
        The new biometric record (id, kind, label, enrolled_at).

    Raises:
        PreconditionFailed: there is no secure screen lock (set a pattern, PIN or password first).
        AlreadyExists: a face is already enrolled, or a fingerprint already has this label.
        CapabilityLimit: the phone already holds five fingerprints.
    """
    _require_secure_lock(s, "Face unlock" if kind == "face" else "Fingerprint unlock")
    mine = [b for b in s.values("biometrics") if b["kind"] == kind]
    name = " ".join(label.split())
    if kind == "face":
        if mine:
            raise AlreadyExists("a face is already enrolled; remove it with remove_biometric to re-enrol",
                                biometric_id=mine[0]["id"])  # fmt: skip
        name = name or "Face"
    else:
        if len(mine) >= MAX_FINGERPRINTS:
            raise CapabilityLimit(
                f"the phone holds at most {MAX_FINGERPRINTS} fingerprints; remove one first"
            )
        name = name or f"Fingerprint {len(mine) + 1}"
        dup = next((b for b in mine if b["label"].lower() == name.lower()), None)
        if dup is not None:
            raise AlreadyExists(f"a fingerprint is already called {name!r}", biometric_id=dup["id"])
    bid = s.new_id("bio")
    rec = {"id": bid, "kind": kind, "label": name, "enrolled_at": s.now_iso()}
    s.put("biometrics", bid, rec)
    return ok(f"Enrolled {kind} {name!r}", rec)


@tool(DOMAIN, mutates=True)
def remove_biometric(s: PhoneState, biometric_id: str) -> Ok:
    """Delete an enrolled fingerprint or face.

    Args:
        biometric_id: The biometric's ID (see get_security_status), e.g. "bio_001".

    Returns:
        The removed biometric record.

    Raises:
        NotFound: no biometric has this ID.
    """
    rec = s.get("biometrics", biometric_id)
    if rec is None:
        raise NotFound(
            f"no enrolled biometric with id {biometric_id!r}; get_security_status lists them",
            biometric_id=biometric_id,
        )
    s.delete("biometrics", biometric_id)
    return ok(f"Removed {rec['kind']} {rec['label']!r}", rec)


@tool(DOMAIN, mutates=True)
def unlock_password_vault(s: PhoneState, pin: str) -> Ok:
    """Unlock the password vault with its PIN so saved passwords can be read.

    Args:
        pin: The vault PIN the owner gave, e.g. "1357".

    Returns:
        ``{"unlocked": true, "entries": int}``.

    Raises:
        InvalidArguments: the PIN is wrong.
    """
    cred = s.get("credentials", "vault") or {}
    if pin.strip() != cred.get("pin"):
        raise InvalidArguments("incorrect vault PIN; ask the owner for the right one")
    if not s.setting("security.vault_unlocked", False):
        s.set_setting("security.vault_unlocked", True)
    n = s.count("vault_entries")
    return ok(f"Password vault unlocked ({n} entries)", {"unlocked": True, "entries": n})


@tool(DOMAIN)
def get_vault_password(s: PhoneState, query: str) -> Ok:
    """Read a saved password from the unlocked vault by entry ID, site name, URL or username.

    Args:
        query: The entry ID or text to match, e.g. "Netflix", "chase.com" or "vault_004".

    Returns:
        The entry: id, title, url, username, password, notes, updated.

    Raises:
        InvalidArguments: the query is empty.
        PreconditionFailed: the vault is locked (unlock it with unlock_password_vault).
        NotFound: no entry matches.
        Ambiguous: several entries match; ``candidates`` lists them (id, title, url, username).
    """
    q = " ".join(query.lower().split())
    if not q:
        raise InvalidArguments("query must not be empty")
    if not s.setting("security.vault_unlocked", False):
        raise PreconditionFailed(
            "the password vault is locked; unlock it with unlock_password_vault first",
            remedy="unlock_password_vault",
        )
    entry = s.get("vault_entries", query.strip())
    if entry is None:
        exact = []
        partial = []
        for e in s.values("vault_entries"):
            title = e["title"].lower()
            if q in (title, e["url"].lower()):
                exact.append(e)
            elif q in title or q in e["url"].lower() or q in e["username"].lower():
                partial.append(e)
        hits = exact or partial
        if not hits:
            raise NotFound(f"no vault entry matches {query!r}", query=query)
        if len(hits) > 1:
            raise Ambiguous(
                f"{len(hits)} vault entries match {query!r}; ask which one, then pass its ID",
                candidates=[_vault_row(e, False) for e in hits],
            )
        entry = hits[0]
    return ok(f"Password for {entry['title']}", _vault_row(entry, True))


@tool(DOMAIN, mutates=True)
def set_emergency_contacts(s: PhoneState, contact_ids: list[str]) -> Ok:
    """Replace the emergency SOS contacts (an empty list removes them all).

    Args:
        contact_ids: The contacts to alert in an emergency, in order, e.g. ["contact_004", "contact_006"].

    Returns:
        ``{"emergency_contacts": [{"id", "name", "phone"}], "previous": [contact_id]}``.

    Raises:
        InvalidArguments: a contact ID is repeated.
        NotFound: a contact ID does not exist.
        CapabilityLimit: more than five contacts.
    """
    if len(set(contact_ids)) != len(contact_ids):
        raise InvalidArguments("contact_ids repeats a contact")
    if len(contact_ids) > MAX_EMERGENCY_CONTACTS:
        raise CapabilityLimit(f"at most {MAX_EMERGENCY_CONTACTS} emergency contacts are allowed")
    people = []
    for cid in contact_ids:
        rec = s.get("contacts", cid)
        if rec is None:
            raise NotFound(
                f"no contact with id {cid!r}; use search_contacts to find the right ID", contact_id=cid
            )
        people.append({"id": cid, "name": rec["name"], "phone": rec["phone"]})
    previous = list(s.setting("security.emergency_contacts", []))
    s.set_setting("security.emergency_contacts", list(contact_ids))
    names = ", ".join(p["name"] for p in people) or "nobody"
    return ok(f"Emergency contacts: {names}", {"emergency_contacts": people, "previous": previous})


@tool(DOMAIN, mutates=True, permission=("messages", "SMS"))
def send_emergency_alert(s: PhoneState, message: str = "", include_location: bool = True) -> Ok:
    """Send an emergency SOS text to every emergency contact.

    Args:
        message: Extra words to add to the alert, e.g. "Car accident on I-280, I'm OK but need a ride".
        include_location: Add the phone's last known location (the ``location.current`` setting, else the
            owner's home city), e.g. true.

    Returns:
        The alert record (id, time, text, contact_ids, message_ids, location) and the contacts skipped
        because they no longer exist.

    Raises:
        PreconditionFailed: no emergency contacts are set (or none of them exists any more), or airplane
            mode is on.
        PermissionDenied: the Messages app lacks the SMS permission.
    """
    ids = list(s.setting("security.emergency_contacts", []))
    people = [(cid, s.get("contacts", cid)) for cid in ids]
    live = [(cid, rec) for cid, rec in people if rec is not None]
    skipped = [cid for cid, rec in people if rec is None]
    if not live:
        raise PreconditionFailed(
            "no emergency contacts are set; add them with set_emergency_contacts",
            remedy="set_emergency_contacts",
            skipped=skipped,
        )
    if s.setting("network.airplane_mode", False):
        raise PreconditionFailed(
            "cannot send SOS texts while airplane mode is on; turn airplane mode off first",
            setting="network.airplane_mode",
            required=False,
            current=True,
        )
    owner = s.get("owner", "me") or {}
    who = owner.get("name", "the phone's owner")
    here = s.setting("location.current")
    place = here if isinstance(here, str) and here else owner.get("home_city", "unknown")
    location = f"last known location: {place}" if include_location else None
    parts = [f"SOS: {who} needs help."]
    if message.strip():
        parts.append(message.strip())
    if location:
        parts.append(location[0].upper() + location[1:] + ".")
    text = " ".join(parts)
    now = s.now_iso()
    msg_ids = []
    for cid, rec in live:
        mid = s.new_id("msg")
        s.put(
            "messages",
            mid,
            {
                "id": mid,
                "thread_id": f"thread_{cid}",
                "contact_id": cid,
                "phone": rec["phone"],
                "direction": "out",
                "text": text,
                "time": now,
                "read": True,
            },
        )
        msg_ids.append(mid)
    aid = s.new_id("alert")
    alert = {
        "id": aid,
        "time": now,
        "text": text,
        "contact_ids": [cid for cid, _ in live],
        "message_ids": msg_ids,
        "location": location,
    }
    s.put("emergency_alerts", aid, alert)
    names = ", ".join(rec["name"] for _, rec in live)
    return ok(f"Emergency alert sent to {names}", {**alert, "skipped": skipped})


@tool(DOMAIN)
def get_privacy_dashboard(
    s: PhoneState, permission: SensitivePermission | None = None, hours: int = 24
) -> Ok:
    """Show which apps used location, camera or microphone recently, newest first.

    Args:
        permission: Only this permission, e.g. "LOCATION"; all three when omitted.
        hours: How far back to look, 1-168 hours (the dashboard keeps 7 days), e.g. 24.

    Returns:
        ``{"since", "accesses": [{"app_id", "name", "permission", "last_access", "granted"}],
        "by_permission": {PERM: count}}``.

    Raises:
        InvalidArguments: hours is below 1.
        CapabilityLimit: hours is beyond the 7 days the dashboard keeps.
    """
    if hours < 1:
        raise InvalidArguments(f"hours must be at least 1, got {hours}")
    if hours > DASHBOARD_HOURS:
        raise CapabilityLimit(f"the privacy dashboard keeps {DASHBOARD_HOURS} hours (7 days) of history")
    now = s.now()
    since = (now - timedelta(hours=hours)).isoformat(timespec="seconds")
    until = now.isoformat(timespec="seconds")
    perms = (permission,) if permission else ("LOCATION", "CAMERA", "MICROPHONE")
    rows = []
    for app in s.values("apps"):
        usage = app.get("permission_usage") or {}
        for perm in perms:
            t = usage.get(perm)
            if t and since <= t <= until:
                granted = bool(app.get("permissions", {}).get(perm, False))
                rows.append({"app_id": app["id"], "name": app["name"], "permission": perm, "last_access": t,
                             "granted": granted})  # fmt: skip
    rows.sort(key=lambda r: (r["last_access"], r["app_id"]), reverse=True)
    counts = {p: sum(1 for r in rows if r["permission"] == p) for p in perms}
    data = {"since": since, "accesses": rows, "by_permission": counts}
    return ok(f"{len(rows)} sensitive accesses in the last {hours}h", data)
