"""Calls & Communication: contacts, phone calls, SMS threads, email and the block list.

Tables:
    contacts: ``{contact_id: {"id", "name", "phone", "email", "nickname", "relation", "company",
        "favorite", "birthday", "notes"}}``. ``phone`` is canonical (``"+1 415 555 0101"``; see
        ``canon_phone``), ``email``/``birthday`` may be ``None``, the other text fields may be ``""``.
        Core people are ``contact_001`` .. ``contact_014``; generated ones follow.
    messages: ``{msg_id: {"id", "thread_id", "contact_id", "phone", "direction": "in"|"out", "text",
        "time", "read"}}``. A contact's thread is ``"thread_<contact_id>"``; a number that is not a
        contact has the thread ``"thread_p<digits>"`` and ``contact_id`` ``None``.
    emails: ``{email_id: {"id", "folder": "inbox"|"sent"|"archive"|"spam", "from", "to": [addr],
        "cc": [addr], "subject", "body", "time", "read"}}``.
    call_log: ``{call_id: {"id", "contact_id", "phone", "direction": "in"|"out",
        "status": "answered"|"missed"|"outgoing", "time", "duration_s"}}``.
    active_call: ``{"current": {"id", "contact_id", "phone", "name", "direction", "started"}}`` while a
        call is in progress, empty otherwise (``id`` is the call's ``call_log`` ID).
    blocked_numbers: ``{canonical phone: {"phone", "reason", "time"}}``. As on Android
        (``BlockedNumberContract``), blocking discards the number's *incoming* calls and texts only:
        the user may still call and text it (``start_call``, ``send_message`` and the other domains'
        SMS/MMS senders never refuse a blocked number).

Calls and SMS need the cellular radio (``network.airplane_mode`` off); email needs Wi-Fi, or mobile data
outside airplane mode.
"""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta
from typing import Any, Literal

from mpb_env.errors import AlreadyExists, Conflict, InvalidArguments, NotFound, PreconditionFailed
from mpb_env.tools.runtime import Ok, ok, tool
from mpb_env.world.state import PhoneState, Record, Tables

DOMAIN = "Calls & Communication"
SEED_ORDER = 20

Folder = Literal["inbox", "sent", "archive", "spam"]

MAX_LIMIT = 100
MAX_SMS_CHARS = 1600
_PHONE_CHARS = frozenset("+0123456789 -().")
_RELATION_ALIASES = {
    "mom": "mother",
    "mum": "mother",
    "wife": "spouse",
    "husband": "spouse",
    "partner": "spouse",
    "boss": "manager",
    "assistant": "secretary",
    "doc": "doctor",
    "physician": "doctor",
}


# --------------------------------------------------------------------------- helpers
def canon_phone(raw: str) -> str:
    """The canonical form of a phone number: ``"+1 415 555 0101"`` for NANP, ``"+<digits>"`` otherwise.

    Short codes (3-6 digits, e.g. ``"72975"``) stay bare digits. Raises InvalidArguments on junk.
    """
    text = raw.strip()
    digits = "".join(ch for ch in text if ch.isdigit())
    if not text or not _PHONE_CHARS.issuperset(text) or not 3 <= len(digits) <= 15:
        raise InvalidArguments(f"{raw!r} is not a phone number; use a form like '+1 415 555 0101'")
    if len(digits) == 10 and not text.startswith("+"):
        digits = "1" + digits
    if len(digits) == 11 and digits[0] == "1":
        return f"+1 {digits[1:4]} {digits[4:7]} {digits[7:]}"
    if len(digits) < 7:
        return digits
    return "+" + digits


def _thread_for(contact_id: str | None, phone: str) -> str:
    if contact_id is not None:
        return f"thread_{contact_id}"
    return "thread_p" + "".join(ch for ch in phone if ch.isdigit())


def _contact(s: PhoneState, contact_id: str) -> Record:
    rec = s.get("contacts", contact_id)
    if rec is None:
        raise NotFound(
            f"no contact with id {contact_id!r}; use search_contacts to find the right ID",
            contact_id=contact_id,
        )
    return rec


def _contact_by_phone(s: PhoneState, phone: str, exclude: str | None = None) -> Record | None:
    for rec in s.values("contacts"):
        if rec["phone"] == phone and rec["id"] != exclude:
            return rec
    return None


def _name_of(s: PhoneState, contact_id: str | None) -> str | None:
    if contact_id is None:
        return None
    rec = s.get("contacts", contact_id)
    return None if rec is None else rec["name"]


def _check_limit(limit: int) -> None:
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidArguments(f"limit must be between 1 and {MAX_LIMIT}, got {limit}")


def _check_email(addr: str) -> str:
    addr = addr.strip()
    local, at, domain = addr.partition("@")
    if not at or not local or "." not in domain or " " in addr or domain.startswith("."):
        raise InvalidArguments(f"{addr!r} is not an email address; use a form like 'maya.chen@example.com'")
    return addr


def _check_birthday(value: str) -> str:
    try:
        return date.fromisoformat(value).isoformat()
    except ValueError:
        raise InvalidArguments(f"birthday {value!r} is not an ISO date such as '1990-04-12'") from None


def _require_radio(s: PhoneState, what: str) -> None:
    if s.setting("network.airplane_mode", False):
        raise PreconditionFailed(
            f"cannot {what} while airplane mode is on; turn airplane mode off first",
            setting="network.airplane_mode",
            required=False,
            current=True,
        )


def _phone_arg(s: PhoneState, contact_id: str | None, phone_number: str | None) -> tuple[str, Record | None]:
    """Resolve exactly one of contact_id / phone_number to (canonical phone, contact or None)."""
    if (contact_id is None) == (phone_number is None):
        raise InvalidArguments("give exactly one of contact_id or phone_number")
    if contact_id is not None:
        rec = _contact(s, contact_id)
        return rec["phone"], rec
    assert phone_number is not None
    phone = canon_phone(phone_number)
    return phone, _contact_by_phone(s, phone)


def _with_name(s: PhoneState, rec: Record, cache: dict[str, str | None]) -> dict[str, Any]:
    cid = rec["contact_id"]
    if cid is None:
        return {**rec, "name": None}
    if cid not in cache:
        cache[cid] = _name_of(s, cid)
    return {**rec, "name": cache[cid]}


# --------------------------------------------------------------------------- contacts
#: What ``search_contacts`` compares of a contact, per record object (records are never changed in place,
#: so a record's keys stay valid; the record is held so that its id() is not reused while cached).
_CONTACT_KEYS: dict[int, tuple[Any, ...]] = {}
_CONTACT_KEYS_MAX = 50_000


def _contact_keys(rec: Record) -> tuple[Any, ...]:
    """``(rec, name, nickname, relation, " name ", haystack, phone digits)``, lower-cased."""
    name = rec["name"].lower()
    nick = (rec.get("nickname") or "").lower()
    rel = (rec.get("relation") or "").lower()
    hay = f"{name}\n{nick}\n{rel}\n{(rec.get('company') or '').lower()}\n{(rec.get('email') or '').lower()}"
    digits = "".join(ch for ch in rec["phone"] if ch.isdigit())
    return rec, name, nick, rel, f" {name} ", hay, digits


@tool(DOMAIN, permission=("contacts", "CONTACTS"))
def search_contacts(s: PhoneState, query: str, limit: int = 10) -> Ok:
    """Search contacts by name, nickname, relation, company, email or phone number; lists every match.

    Use this to disambiguate a person: it never picks one for you, it returns all candidates, best first
    (exact name, then a whole name word or nickname, then a name prefix, then a relation such as "mom" or
    "manager", then any substring of name, nickname, relation, company, email or phone).

    Args:
        query: Text to look for, e.g. "Chris", "manager", "Northwind" or "555 0102".
        limit: Maximum number of contacts to return (1-100), e.g. 10.

    Returns:
        A list of contact records (id, name, phone, email, nickname, relation, company, favorite,
        birthday, notes); empty when nothing matches.

    Raises:
        InvalidArguments: the query is empty or the limit is out of range.
        PermissionDenied: the Contacts app lacks the CONTACTS permission.
    """
    q = " ".join(query.lower().split())
    if not q:
        raise InvalidArguments("query must not be empty")
    _check_limit(limit)
    hits = s.unwritten_memo("search_contacts", ("contacts",), q, lambda: _contact_hits(s, q))
    rows = [dict(h[4]) for h in hits[:limit]]
    if not rows:
        return ok(f"No contacts match {query!r}", rows)
    more = f" (showing {len(rows)} of {len(hits)})" if len(hits) > len(rows) else ""
    return ok(f"{len(hits)} contacts match {query!r}{more}", rows)


def _contact_hits(s: PhoneState, q: str) -> list[tuple[int, bool, str, str, Record]]:
    """Every contact matching the normalised query ``q``, best first (see ``search_contacts``)."""
    alias = _RELATION_ALIASES.get(q)
    qdigits = ""
    if _PHONE_CHARS.issuperset(q):
        qdigits = "".join(ch for ch in q if ch.isdigit())
        if len(qdigits) < 3:
            qdigits = ""
    tokens = q.split() if " " in q else None
    word_start = " " + q
    word_in = f" {q} "
    hits: list[tuple[int, bool, str, str, Record]] = []
    cache = _CONTACT_KEYS
    if len(cache) > _CONTACT_KEYS_MAX:
        cache.clear()
    for rec in s.values("contacts"):
        keys = cache.get(id(rec))
        if keys is None or keys[0] is not rec:
            keys = cache[id(rec)] = _contact_keys(rec)
        _, name, nick, rel, padded, hay, digits = keys
        if name == q:
            rank = 0
        elif nick == q or word_in in padded:
            rank = 1
        elif name.startswith(q) or word_start in name:
            rank = 2
        elif rel in (q, alias) or nick.startswith(q):
            rank = 3
        elif q in hay or (qdigits and qdigits in digits) or (tokens and all(t in hay for t in tokens)):
            rank = 4
        else:
            continue
        hits.append((rank, not rec.get("favorite"), rec["name"], rec["id"], rec))
    hits.sort(key=lambda h: h[:4])
    return hits


@tool(DOMAIN, permission=("contacts", "CONTACTS"))
def get_contact(s: PhoneState, contact_id: str) -> Ok:
    """Get one contact's full record by ID.

    Args:
        contact_id: The contact's ID, e.g. "contact_001".

    Returns:
        The contact record (id, name, phone, email, nickname, relation, company, favorite, birthday,
        notes) plus whether its number is blocked.

    Raises:
        NotFound: no contact has this ID.
        PermissionDenied: the Contacts app lacks the CONTACTS permission.
    """
    rec = _contact(s, contact_id)
    return ok(rec["name"], {**rec, "blocked": s.has("blocked_numbers", rec["phone"])})


@tool(DOMAIN, mutates=True, permission=("contacts", "CONTACTS"))
def add_contact(
    s: PhoneState,
    name: str,
    phone: str,
    email: str | None = None,
    nickname: str = "",
    relation: str = "",
    company: str = "",
    favorite: bool = False,
    birthday: str | None = None,
    notes: str = "",
) -> Ok:
    """Save a new contact.

    Args:
        name: Full name, e.g. "Nina Patel".
        phone: Phone number, e.g. "+1 415 555 0123" or "415-555-0123".
        email: Email address, e.g. "nina.patel@example.com"; none when omitted.
        nickname: Short name or alias, e.g. "Nini".
        relation: How the owner knows them, e.g. "friend", "plumber" or "colleague".
        company: Employer or business, e.g. "Northwind Labs".
        favorite: Star the contact (favorites ring through Do Not Disturb), e.g. true.
        birthday: Birthday as an ISO date, e.g. "1990-04-12".
        notes: Free-text notes, e.g. "Met at the design conference".

    Returns:
        The new contact record with its ID.

    Raises:
        InvalidArguments: the name is empty, or the phone, email or birthday is malformed.
        AlreadyExists: a contact already has this phone number.
        PermissionDenied: the Contacts app lacks the CONTACTS permission.
    """
    name = " ".join(name.split())
    if not name:
        raise InvalidArguments("name must not be empty")
    canon = canon_phone(phone)
    mail = _check_email(email) if email is not None and email.strip() else None
    bday = _check_birthday(birthday) if birthday else None
    dup = _contact_by_phone(s, canon)
    if dup is not None:
        raise AlreadyExists(
            f"{canon} is already saved as {dup['name']} ({dup['id']}); use update_contact to change it",
            contact_id=dup["id"],
            name=dup["name"],
        )
    cid = s.new_id("contact")
    rec = {
        "id": cid,
        "name": name,
        "phone": canon,
        "email": mail,
        "nickname": nickname.strip(),
        "relation": relation.strip(),
        "company": company.strip(),
        "favorite": favorite,
        "birthday": bday,
        "notes": notes.strip(),
    }
    s.put("contacts", cid, rec)
    return ok(f"Saved {name} as {cid}", rec)


@tool(DOMAIN, mutates=True, permission=("contacts", "CONTACTS"))
def update_contact(
    s: PhoneState,
    contact_id: str,
    name: str | None = None,
    phone: str | None = None,
    email: str | None = None,
    nickname: str | None = None,
    relation: str | None = None,
    company: str | None = None,
    favorite: bool | None = None,
    birthday: str | None = None,
    notes: str | None = None,
) -> Ok:
    """Change some fields of a contact; fields left out stay as they are.

    Args:
        contact_id: The contact's ID, e.g. "contact_002".
        name: New full name, e.g. "Christopher Lee".
        phone: New phone number, e.g. "+1 415 555 0199".
        email: New email address, e.g. "chris@example.com"; "" removes it.
        nickname: New nickname, e.g. "CL"; "" removes it.
        relation: New relation, e.g. "colleague"; "" removes it.
        company: New company, e.g. "Northwind Labs"; "" removes it.
        favorite: Star (true) or unstar (false) the contact, e.g. true.
        birthday: New birthday as an ISO date, e.g. "1988-11-03"; "" removes it.
        notes: New notes (replaces the old ones), e.g. "Prefers texts"; "" removes them.

    Returns:
        The updated contact record and the names of the fields that changed.

    Raises:
        NotFound: no contact has this ID.
        InvalidArguments: no field was given, the name is empty, or the phone, email or birthday is
            malformed.
        AlreadyExists: another contact already has the new phone number.
        PermissionDenied: the Contacts app lacks the CONTACTS permission.
    """
    old = _contact(s, contact_id)
    changes: dict[str, Any] = {}
    if name is not None:
        name = " ".join(name.split())
        if not name:
            raise InvalidArguments("name must not be empty")
        changes["name"] = name
    if phone is not None:
        canon = canon_phone(phone)
        dup = _contact_by_phone(s, canon, exclude=contact_id)
        if dup is not None:
            raise AlreadyExists(
                f"{canon} is already saved as {dup['name']} ({dup['id']})",
                contact_id=dup["id"],
                name=dup["name"],
            )
        changes["phone"] = canon
    if email is not None:
        changes["email"] = _check_email(email) if email.strip() else None
    if birthday is not None:
        changes["birthday"] = _check_birthday(birthday) if birthday.strip() else None
    for key, value in (
        ("nickname", nickname),
        ("relation", relation),
        ("company", company),
        ("notes", notes),
    ):
        if value is not None:
            changes[key] = value.strip()
    if favorite is not None:
        changes["favorite"] = favorite
    if not changes:
        raise InvalidArguments("give at least one field to change")
    changed = [k for k, v in changes.items() if old.get(k) != v]
    rec = s.update("contacts", contact_id, **changes) if changed else old
    what = ", ".join(changed) if changed else "nothing changed"
    return ok(f"Updated {rec['name']} ({what})", {"contact": rec, "changed": changed})


@tool(DOMAIN, mutates=True, permission=("contacts", "CONTACTS"))
def delete_contact(s: PhoneState, contact_id: str) -> Ok:
    """Delete a contact; its message and call history stay, shown under the bare number.

    Args:
        contact_id: The contact's ID, e.g. "contact_009".

    Returns:
        The deleted contact record.

    Raises:
        NotFound: no contact has this ID.
        PermissionDenied: the Contacts app lacks the CONTACTS permission.
    """
    rec = _contact(s, contact_id)
    s.delete("contacts", contact_id)
    return ok(f"Deleted contact {rec['name']} ({contact_id})", rec)


# --------------------------------------------------------------------------- calls
@tool(DOMAIN, mutates=True, permission=("phone", "PHONE"))
def start_call(s: PhoneState, contact_id: str | None = None, phone_number: str | None = None) -> Ok:
    """Place a phone call to a contact or a number; it stays active until end_call.

    Args:
        contact_id: The contact to call, e.g. "contact_004"; give this or phone_number.
        phone_number: A number to dial, e.g. "+1 415 555 0199"; give this or contact_id.

    Returns:
        The active call: id (its call-log ID), contact_id, phone, name, direction and start time.

    Raises:
        InvalidArguments: neither or both of contact_id and phone_number were given, or the number is
            malformed.
        NotFound: no contact has this ID.
        PreconditionFailed: airplane mode is on.
        Conflict: another call is already active (end it first).
        PermissionDenied: the Phone app lacks the PHONE permission.
    """
    phone, rec = _phone_arg(s, contact_id, phone_number)
    _require_radio(s, "place a call")
    current = s.get("active_call", "current")
    if current is not None:
        who = current.get("name") or current["phone"]
        raise Conflict(f"a call with {who} is already active; end it with end_call first", call=current)
    now = s.now_iso()
    call_id = s.new_id("call")
    cid = rec["id"] if rec is not None else None
    s.put(
        "call_log",
        call_id,
        {
            "id": call_id,
            "contact_id": cid,
            "phone": phone,
            "direction": "out",
            "status": "outgoing",
            "time": now,
            "duration_s": 0,
        },
    )
    name = rec["name"] if rec is not None else None
    active = {
        "id": call_id,
        "contact_id": cid,
        "phone": phone,
        "name": name,
        "direction": "out",
        "started": now,
    }
    s.put("active_call", "current", active)
    return ok(f"Calling {name or phone}", active)


@tool(DOMAIN, mutates=True)
def end_call(s: PhoneState) -> Ok:
    """Hang up the active call and record its duration in the call log.

    Returns:
        The finished call: id, contact_id, phone, name and duration_s.

    Raises:
        PreconditionFailed: no call is active.
    """
    current = s.get("active_call", "current")
    if current is None:
        raise PreconditionFailed("there is no active call to end")
    duration = max(0, int((s.now() - datetime.fromisoformat(current["started"])).total_seconds()))
    if s.has("call_log", current["id"]):
        s.update("call_log", current["id"], duration_s=duration)
    s.delete("active_call", "current")
    data = {
        "id": current["id"],
        "contact_id": current["contact_id"],
        "phone": current["phone"],
        "name": current.get("name"),
        "duration_s": duration,
    }
    return ok(f"Call with {current.get('name') or current['phone']} ended after {duration}s", data)


@tool(DOMAIN, permission=("phone", "PHONE"))
def list_call_log(
    s: PhoneState, contact_id: str | None = None, missed_only: bool = False, limit: int = 20
) -> Ok:
    """List recent calls, newest first.

    Args:
        contact_id: Only calls with this contact, e.g. "contact_006"; all calls when omitted.
        missed_only: Only missed incoming calls, e.g. true.
        limit: Maximum number of calls to return (1-100), e.g. 20.

    Returns:
        A list of call records (id, contact_id, name, phone, direction, status, time, duration_s).

    Raises:
        InvalidArguments: the limit is out of range.
        NotFound: no contact has this ID.
        PermissionDenied: the Phone app lacks the PHONE permission.
    """
    _check_limit(limit)
    if contact_id is not None:
        _contact(s, contact_id)
    rows = [
        c
        for c in s.values("call_log")
        if (contact_id is None or c["contact_id"] == contact_id)
        and (not missed_only or c["status"] == "missed")
    ]
    rows.sort(key=lambda c: (c["time"], c["id"]), reverse=True)
    cache: dict[str, str | None] = {}
    out = [_with_name(s, c, cache) for c in rows[:limit]]
    kind = "missed calls" if missed_only else "calls"
    return ok(f"{len(rows)} {kind}" + (f" (showing {len(out)})" if len(out) < len(rows) else ""), out)


# --------------------------------------------------------------------------- messages
@tool(DOMAIN, mutates=True, permission=("messages", "SMS"))
def send_message(s: PhoneState, contact_id: str, text: str) -> Ok:
    """Send an SMS to a contact; it is appended to that contact's thread (a blocked number can still be texted).

    Args:
        contact_id: The recipient's contact ID, e.g. "contact_004".
        text: The message body, e.g. "Running 10 minutes late".

    Returns:
        The stored outgoing message (id, thread_id, contact_id, phone, direction, text, time, read).

    Raises:
        InvalidArguments: the text is empty or longer than 1600 characters.
        NotFound: no contact has this ID.
        PreconditionFailed: airplane mode is on.
        PermissionDenied: the Messages app lacks the SMS permission.
    """
    body = text.strip()
    if not body:
        raise InvalidArguments("text must not be empty")
    if len(body) > MAX_SMS_CHARS:
        raise InvalidArguments(f"text is {len(body)} characters; an SMS holds at most {MAX_SMS_CHARS}")
    rec = _contact(s, contact_id)
    _require_radio(s, "send an SMS")
    mid = s.new_id("msg")
    msg = {
        "id": mid,
        "thread_id": _thread_for(contact_id, rec["phone"]),
        "contact_id": contact_id,
        "phone": rec["phone"],
        "direction": "out",
        "text": body,
        "time": s.now_iso(),
        "read": True,
    }
    s.put("messages", mid, msg)
    return ok(f"Sent SMS to {rec['name']}", msg)


@tool(DOMAIN, permission=("messages", "SMS"))
def list_messages(
    s: PhoneState,
    contact_id: str | None = None,
    thread_id: str | None = None,
    unread_only: bool = False,
    query: str | None = None,
    limit: int = 20,
) -> Ok:
    """List SMS messages, newest first, optionally filtered by contact, thread, unread state or text.

    Args:
        contact_id: Only messages with this contact, e.g. "contact_001".
        thread_id: Only messages in this thread, e.g. "thread_contact_001" or "thread_p12135550177".
        unread_only: Only unread incoming messages, e.g. true.
        query: Only messages whose text contains this (case-insensitive), e.g. "lunch".
        limit: Maximum number of messages to return (1-100), e.g. 20.

    Returns:
        A list of messages (id, thread_id, contact_id, name, phone, direction, text, time, read).

    Raises:
        InvalidArguments: the limit is out of range.
        NotFound: no contact has this ID, or no message is in this thread.
        PermissionDenied: the Messages app lacks the SMS permission.
    """
    _check_limit(limit)
    if contact_id is not None:
        _contact(s, contact_id)
    q = query.lower().strip() if query else ""
    key = (contact_id, thread_id, unread_only, q)
    thread_seen, rows = s.unwritten_memo("list_messages", ("messages",), key, lambda: _message_rows(s, *key))
    if not thread_seen:
        raise NotFound(f"no messages in thread {thread_id!r}", thread_id=thread_id)
    cache: dict[str, str | None] = {}
    out = [_with_name(s, m, cache) for m in rows[:limit]]
    kind = "unread messages" if unread_only else "messages"
    return ok(f"{len(rows)} {kind}" + (f" (showing {len(out)})" if len(out) < len(rows) else ""), out)


def _message_rows(
    s: PhoneState, contact_id: str | None, thread_id: str | None, unread_only: bool, q: str
) -> tuple[bool, list[Record]]:
    """Whether the thread has any message (True when none is named), and every message
    ``list_messages`` lists for these filters, newest first."""
    thread_seen = thread_id is None
    rows: list[Record] = []
    for m in s.values("messages"):
        if thread_id is not None:
            if m["thread_id"] != thread_id:
                continue
            thread_seen = True
        if (
            (contact_id is not None and m["contact_id"] != contact_id)
            or (unread_only and m["read"])
            or (q and q not in m["text"].lower())
        ):
            continue
        rows.append(m)
    rows.sort(key=lambda m: (m["time"], m["id"]), reverse=True)
    return thread_seen, rows


@tool(DOMAIN, mutates=True, permission=("messages", "SMS"))
def delete_message(s: PhoneState, message_id: str) -> Ok:
    """Delete one SMS message.

    Args:
        message_id: The message's ID, e.g. "msg_0003".

    Returns:
        The deleted message.

    Raises:
        NotFound: no message has this ID.
        PermissionDenied: the Messages app lacks the SMS permission.
    """
    msg = s.get("messages", message_id)
    if msg is None:
        raise NotFound(
            f"no message with id {message_id!r}; list_messages shows message IDs", message_id=message_id
        )
    s.delete("messages", message_id)
    return ok(f"Deleted message {message_id}", msg)


# --------------------------------------------------------------------------- email
def _recipients(s: PhoneState, refs: list[str]) -> list[str]:
    out: list[str] = []
    for ref in refs:
        ref = ref.strip()
        if s.has("contacts", ref) or (ref.startswith("contact_") and "@" not in ref):
            rec = _contact(s, ref)
            if not rec.get("email"):
                raise PreconditionFailed(
                    f"{rec['name']} ({ref}) has no email address; add one with update_contact",
                    contact_id=ref,
                )
            addr = rec["email"]
        else:
            addr = _check_email(ref)
        if addr.lower() not in (a.lower() for a in out):
            out.append(addr)
    return out


@tool(DOMAIN, mutates=True, permission=("mail", "CONTACTS"))
def send_email(s: PhoneState, to: list[str], subject: str, body: str, cc: list[str] | None = None) -> Ok:
    """Send an email; recipients may be addresses or contact IDs (resolved to the contact's email).

    Args:
        to: Recipients, e.g. ["contact_008", "ops@northwindlabs.com"].
        subject: Subject line, e.g. "Q2 numbers".
        body: Message text, e.g. "Hi Sam, the Q2 numbers are attached."
        cc: Copy recipients, e.g. ["contact_001"]; none when omitted.

    Returns:
        The stored email in the sent folder (id, folder, from, to, cc, subject, body, time, read).

    Raises:
        InvalidArguments: no recipient, an address is malformed, or both subject and body are empty.
        NotFound: a contact ID does not exist.
        PreconditionFailed: a contact has no email address, or the phone is offline (no Wi-Fi and no
            mobile data).
        PermissionDenied: the Mail app lacks the CONTACTS permission.
    """
    if not to:
        raise InvalidArguments("to must list at least one recipient")
    if not subject.strip() and not body.strip():
        raise InvalidArguments("an email needs a subject or a body")
    to_addrs = _recipients(s, to)
    cc_addrs = [a for a in _recipients(s, cc or []) if a.lower() not in {t.lower() for t in to_addrs}]
    airplane = s.setting("network.airplane_mode", False)
    if not (s.setting("network.wifi", False) or (s.setting("network.mobile_data", False) and not airplane)):
        raise PreconditionFailed("the phone is offline; turn on Wi-Fi or mobile data to send email")
    owner = s.get("owner", "me")
    eid = s.new_id("email")
    mail = {
        "id": eid,
        "folder": "sent",
        "from": owner["email"] if owner else "me",
        "to": to_addrs,
        "cc": cc_addrs,
        "subject": subject.strip(),
        "body": body,
        "time": s.now_iso(),
        "read": True,
    }
    s.put("emails", eid, mail)
    return ok(f"Sent email {subject.strip()!r} to {', '.join(to_addrs)}", mail)


@tool(DOMAIN)
def search_emails(
    s: PhoneState,
    query: str | None = None,
    folder: Folder | None = None,
    unread_only: bool = False,
    limit: int = 20,
) -> Ok:
    """Search emails, newest first, by text in the subject, body, sender or recipients.

    Args:
        query: Text to look for (case-insensitive), e.g. "itinerary" or "maya.chen"; all emails when omitted.
        folder: Only this folder, e.g. "inbox"; every folder except spam when omitted.
        unread_only: Only unread emails, e.g. true.
        limit: Maximum number of emails to return (1-100), e.g. 20.

    Returns:
        A list of emails (id, folder, from, to, cc, subject, body, time, read).

    Raises:
        InvalidArguments: the limit is out of range.
    """
    _check_limit(limit)
    q = query.lower().strip() if query else ""
    rows = s.unwritten_memo("search_emails", ("emails",), (q, folder, unread_only),
                            lambda: _email_rows(s, q, folder, unread_only))  # fmt: skip
    out = rows[:limit]
    return ok(f"{len(rows)} emails" + (f" (showing {len(out)})" if len(out) < len(rows) else ""), out)


def _email_rows(s: PhoneState, q: str, folder: str | None, unread_only: bool) -> list[Record]:
    """Every email ``search_emails`` finds for these filters, newest first."""
    rows: list[Record] = []
    for e in s.values("emails"):
        if (folder is None and e["folder"] == "spam") or (folder is not None and e["folder"] != folder):
            continue
        if unread_only and e["read"]:
            continue
        if q and not (
            q in e["subject"].lower()
            or q in e["from"].lower()
            or q in e["body"].lower()
            or q in "\n".join(e["to"]).lower()
            or (e["cc"] and q in "\n".join(e["cc"]).lower())
        ):
            continue
        rows.append(e)
    rows.sort(key=lambda e: (e["time"], e["id"]), reverse=True)
    return rows


# --------------------------------------------------------------------------- block list
@tool(DOMAIN, mutates=True, permission=("phone", "PHONE"))
def block_number(
    s: PhoneState, phone_number: str | None = None, contact_id: str | None = None, reason: str = ""
) -> Ok:
    """Block a number so its calls and texts are intercepted (e.g. harassment or spam).

    Args:
        phone_number: The number to block, e.g. "+1 213 555 0177"; give this or contact_id.
        contact_id: Block this contact's number, e.g. "contact_009"; give this or phone_number.
        reason: Why it is blocked, e.g. "harassment".

    Returns:
        The block-list entry (phone, reason, time) with the contact's ID and name when the number is saved.

    Raises:
        InvalidArguments: neither or both of phone_number and contact_id were given, or the number is
            malformed.
        NotFound: no contact has this ID.
        AlreadyExists: the number is already blocked.
        PermissionDenied: the Phone app lacks the PHONE permission.
    """
    phone, rec = _phone_arg(s, contact_id, phone_number)
    existing = s.get("blocked_numbers", phone)
    if existing is not None:
        raise AlreadyExists(f"{phone} is already blocked (since {existing['time']})", phone=phone)
    entry = {"phone": phone, "reason": reason.strip(), "time": s.now_iso()}
    s.put("blocked_numbers", phone, entry)
    who = f"{rec['name']} ({phone})" if rec is not None else phone
    return ok(
        f"Blocked {who}",
        {**entry, "contact_id": rec["id"] if rec else None, "name": rec["name"] if rec else None},
    )


@tool(DOMAIN, mutates=True, permission=("phone", "PHONE"))
def unblock_number(s: PhoneState, phone_number: str | None = None, contact_id: str | None = None) -> Ok:
    """Remove a number from the block list.

    Args:
        phone_number: The blocked number, e.g. "+1 888 555 0199"; give this or contact_id.
        contact_id: Unblock this contact's number, e.g. "contact_009"; give this or phone_number.

    Returns:
        The removed block-list entry (phone, reason, time).

    Raises:
        InvalidArguments: neither or both of phone_number and contact_id were given, or the number is
            malformed.
        NotFound: no contact has this ID, or the number is not blocked.
        PermissionDenied: the Phone app lacks the PHONE permission.
    """
    phone, _ = _phone_arg(s, contact_id, phone_number)
    if not s.has("blocked_numbers", phone):
        raise NotFound(f"{phone} is not blocked", phone=phone)
    entry = s.delete("blocked_numbers", phone)
    return ok(f"Unblocked {phone}", entry)


# --------------------------------------------------------------------------- world
# (id, name, phone, email, nickname, relation, company, favorite, birthday, notes)
CORE_CONTACTS: list[tuple[str, str, str, str | None, str, str, str, bool, str | None, str]] = [
    ("contact_001", "Maya Chen", "+1 415 555 0101", "maya.chen@northwindlabs.com", "", "secretary",
     "Northwind Labs", True, "1991-03-14", "Manages Alex's calendar and travel"),
    ("contact_002", "Chris Lee", "+1 415 555 0102", "chris.lee@northwindlabs.com", "", "colleague",
     "Northwind Labs", False, None, "Backend team lead"),
    ("contact_003", "Chris Li", "+1 415 555 0103", "chrisli88@example.com", "", "friend",
     "", False, "1985-10-02", "College roommate at Berkeley"),
    ("contact_004", "Jordan Morgan", "+1 415 555 0104", "jordan.morgan@example.com", "Jo", "spouse",
     "", True, "1984-06-14", ""),
    ("contact_005", "Emma Morgan", "+1 415 555 0105", "emma.morgan@example.com", "Em", "daughter",
     "", True, "2017-05-27", ""),
    ("contact_006", "Linda Morgan", "+1 415 555 0106", "linda.morgan@example.net", "Mom", "mother",
     "", True, "1956-09-03", ""),
    ("contact_007", "Dr. Priya Shah", "+1 415 555 0107", "frontdesk@sunsetfamilyhealth.com", "", "doctor",
     "Sunset Family Health", False, None, "Family doctor"),
    ("contact_008", "Sam Carter", "+1 415 555 0108", "sam.carter@northwindlabs.com", "", "manager",
     "Northwind Labs", False, None, "Weekly 1:1 on Thursdays"),
    ("contact_009", "Samantha Carter", "+1 415 555 0109", "sam.carter.home@example.com", "Sam", "neighbor",
     "", False, None, "Next door, unit 4B"),
    ("contact_010", "Leo Park", "+1 415 555 0110", None, "", "friend",
     "", False, None, "Gym buddy"),
    ("contact_011", "Alex Rivera", "+1 415 555 0111", "alex.rivera@northwindlabs.com", "", "colleague",
     "Northwind Labs", False, None, "Product designer"),
    ("contact_012", "Alexis Rivera", "+1 510 555 0112", "alexis@riveradesignstudio.com", "Lexi", "contractor",
     "Rivera Design Studio", False, None, "Kitchen remodel contractor"),
    ("contact_013", "Priya Sharma", "+1 415 555 0113", "priya.sharma@example.com", "", "yoga instructor",
     "", False, None, ""),
    ("contact_014", "Pacific Courier", "+1 844 555 0142", "support@pacificcourier.com", "", "service",
     "Pacific Courier", False, None, "Package deliveries"),
]  # fmt: skip

HARASSER = "+1 213 555 0177"
SHORT_CODE = "72975"

# (contact_id or None, phone for unknown numbers, direction, text, time, read)
CORE_MESSAGES: list[tuple[str | None, str | None, str, str, str, bool]] = [
    ("contact_001", None, "in", "Hi Alex, the Q2 planning deck is in the shared drive. Sam wants to review it on Thursday.",
     "2026-05-18T16:40:00", True),
    ("contact_001", None, "out", "Thanks Maya, I'll go through it tonight.", "2026-05-18T16:52:00", True),
    ("contact_001", None, "in", "Reminder: your 1:1 with Sam tomorrow moved to Conference Room B.",
     "2026-05-19T17:05:00", True),
    ("contact_001", None, "in", "Good morning! The vendor call with Acme Robotics is confirmed for 2 PM today.",
     "2026-05-20T08:12:00", False),
    ("contact_001", None, "in", "Also, can you approve the travel request for the Seattle trip before noon?",
     "2026-05-20T08:31:00", False),
    ("contact_004", None, "in", "Can you pick up Emma from soccer practice Thursday at 5:30?",
     "2026-05-18T19:20:00", True),
    ("contact_004", None, "out", "Yes, I'll get her.", "2026-05-18T19:24:00", True),
    ("contact_004", None, "in", "Don't forget our anniversary dinner Saturday, 7pm at Nopa.",
     "2026-05-19T12:02:00", True),
    ("contact_004", None, "in", "We're out of milk and coffee beans, can you grab some on the way home?",
     "2026-05-20T07:45:00", False),
    ("contact_002", None, "in", "Code review for the billing service is up, PR #482.", "2026-05-19T10:15:00", True),
    ("contact_002", None, "out", "On it, will finish by end of day.", "2026-05-19T10:30:00", True),
    ("contact_002", None, "in", "Are we still on for lunch at 12:30? The ramen place on Valencia?",
     "2026-05-20T08:50:00", False),
    ("contact_003", None, "in", "Alex! The college reunion is June 13 in Berkeley, are you coming?",
     "2026-05-17T21:10:00", True),
    ("contact_003", None, "out", "Wouldn't miss it!", "2026-05-17T21:40:00", True),
    ("contact_005", None, "in", "Can I go to Mia's sleepover on Friday? Her mom says it's ok.",
     "2026-05-19T15:45:00", True),
    ("contact_005", None, "out", "Let me check with Jordan first.", "2026-05-19T15:50:00", True),
    ("contact_006", None, "in", "Call me when you get a chance, it's about Sunday lunch.",
     "2026-05-19T18:30:00", False),
    ("contact_007", None, "in",
     "Sunset Family Health: reminder of your annual checkup on Tue May 26 at 9:30 AM. Reply C to confirm.",
     "2026-05-18T11:00:00", False),
    ("contact_008", None, "in", "Can you send me the Q2 numbers before our 1:1?", "2026-05-19T20:05:00", True),
    ("contact_009", None, "in", "Hi neighbor! A package of yours was left at my door, I'll keep it until you're home.",
     "2026-05-18T09:30:00", True),
    ("contact_009", None, "out", "Thank you so much! I'll swing by tonight.", "2026-05-18T09:41:00", True),
    ("contact_010", None, "in", "Gym at 6 tomorrow? Leg day.", "2026-05-20T06:15:00", False),
    ("contact_014", None, "in", "Pacific Courier: your package from Northwind Supply arrives today between 1 and 5 PM.",
     "2026-05-20T07:02:00", False),
    (None, HARASSER, "in", "You owe us money. Pay now or else.", "2026-05-19T22:14:00", False),
    (None, HARASSER, "in", "We know where you live. Answer your phone.", "2026-05-20T01:03:00", False),
    (None, SHORT_CODE, "in", "Your Northwind sign-in code is 482913. It expires in 10 minutes.",
     "2026-05-20T08:55:00", False),
]  # fmt: skip

# (folder, from, to, cc, subject, body, time, read)
OWNER_EMAIL = "alex.morgan@example.com"
CORE_EMAILS: list[tuple[str, str, list[str], list[str], str, str, str, bool]] = [
    ("inbox", "maya.chen@northwindlabs.com", [OWNER_EMAIL], [], "Seattle trip itinerary",
     "Hi Alex,\n\nYour trip is booked: SkyBridge Air flight SB 331 departs SFO Tue May 26 at 7:10 AM and lands "
     "in Seattle at 9:25 AM. Hotel: Harbor View Inn, 2 nights. Please approve the travel request before noon.\n\nMaya",
     "2026-05-20T08:05:00", False),
    ("inbox", "sam.carter@northwindlabs.com", [OWNER_EMAIL], ["maya.chen@northwindlabs.com"], "Q2 numbers for our 1:1",
     "Alex, please bring the Q2 revenue and churn numbers to our 1:1 on Thursday at 10:00. Thanks, Sam",
     "2026-05-19T18:00:00", True),
    ("inbox", "jordan.morgan@example.com", [OWNER_EMAIL], [], "Summer camp forms for Emma",
     "The camp forms are due Friday. I filled in most of it, can you sign the medical page?",
     "2026-05-18T20:10:00", True),
    ("inbox", "billing@pacificpower.example.com", [OWNER_EMAIL], [], "Your May electricity bill",
     "Your bill of $84.20 for account 5521-0937 is due on June 2, 2026.", "2026-05-19T06:00:00", False),
    ("inbox", "frontdesk@sunsetfamilyhealth.com", [OWNER_EMAIL], [], "Appointment confirmation",
     "Dr. Priya Shah will see you on Tuesday May 26 at 9:30 AM. Please arrive 10 minutes early.",
     "2026-05-18T11:02:00", True),
    ("inbox", "chrisli88@example.com", [OWNER_EMAIL], [], "Reunion photos",
     "Found these old photos from sophomore year, bring stories to the reunion on June 13!",
     "2026-05-17T22:00:00", True),
    ("inbox", "alexis@riveradesignstudio.com", [OWNER_EMAIL], [], "Kitchen remodel quote",
     "Hi Alex, attached is the revised quote: $18,400, work starts June 8. Let me know if that works. Alexis",
     "2026-05-19T14:30:00", False),
    ("sent", OWNER_EMAIL, ["chris.lee@northwindlabs.com"], [], "Re: billing service review",
     "Left my comments on PR #482, mostly small things. Approving once the retry logic is fixed.",
     "2026-05-19T16:45:00", True),
    ("archive", "news@northwindlabs.com", [OWNER_EMAIL], [], "Northwind all-hands recap",
     "Slides and recording from the May all-hands are on the intranet.", "2026-05-12T17:00:00", True),
    ("spam", "prize@win-now.example.com", [OWNER_EMAIL], [], "You've won a $1000 gift card!!!",
     "Click here to claim your prize before it expires.", "2026-05-19T03:12:00", False),
]  # fmt: skip

# (contact_id or None, phone for unknown numbers, direction, status, time, duration_s)
CORE_CALLS: list[tuple[str | None, str | None, str, str, str, int]] = [
    ("contact_003", None, "in", "answered", "2026-05-18T13:05:00", 600),
    ("contact_001", None, "out", "outgoing", "2026-05-19T11:15:00", 95),
    ("contact_010", None, "in", "answered", "2026-05-17T18:20:00", 120),
    ("contact_006", None, "in", "missed", "2026-05-19T18:28:00", 0),
    ("contact_004", None, "in", "answered", "2026-05-19T19:00:00", 240),
    (None, HARASSER, "in", "missed", "2026-05-19T22:10:00", 0),
    (None, HARASSER, "in", "missed", "2026-05-20T00:55:00", 0),
    (None, HARASSER, "in", "missed", "2026-05-20T06:30:00", 0),
    ("contact_007", None, "in", "missed", "2026-05-20T08:20:00", 0),
    ("contact_008", None, "in", "missed", "2026-05-20T08:45:00", 0),
]

CORE_BLOCKED: list[tuple[str, str, str]] = [
    ("+1 888 555 0199", "spam: car warranty robocalls", "2026-04-02T10:15:00"),
    ("+1 646 555 0123", "scam: fake bank alerts", "2026-05-06T19:40:00"),
]

_FIRST = (  # noqa: SIM905
    "Olivia Noah Ava Ethan Sofia Lucas Isabella Mason Hazel Logan Harper Elijah Amelia Aiden Ella Caleb Grace "
    "Nathan Chloe Ryan Zoe Owen Nora Isaac Lily Gabriel Hannah Julian Aria Diego Fatima Kenji Aisha Mateo Ingrid "
    "Rahul Yuki Omar Tessa Victor"
).split()
_LAST = (  # noqa: SIM905
    "Anderson Brooks Castillo Diaz Evans Fischer Garcia Hughes Ibrahim Jensen Kowalski Lopez Martinez Nguyen "
    "Okafor Patel Quinn Romero Silva Tanaka Underwood Vasquez Walsh Xu Young Zimmerman Bennett Foster Hayes Kim "
    "Moreau Novak Ortiz Reyes Schmidt Torres Wagner Yamada Abbott Dubois"
).split()
_GEN_RELATIONS = ("friend", "friend", "colleague", "acquaintance", "client", "classmate", "")
_GEN_COMPANIES = ("Northwind Labs", "Contoso", "Fabrikam", "Globex", "Initech", "Umbrella Health", "")
_MAIL_DOMAINS = ("example.com", "example.org", "example.net", "mail.example.com")
_AREAS = ("415", "510", "650", "408", "628")
_PLACES = ("Blue Bottle", "the office", "Dolores Park", "the gym", "Tartine", "the station")
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_SMS = (
    "Running 10 minutes late, sorry!",
    "Sounds good!",
    "See you at {place} at {hour}?",
    "Did you catch the game last night?",
    "Thanks for dinner, it was great",
    "Can you send me that link again?",
    "Happy birthday! Hope it's a good one",
    "Are you free this weekend?",
    "Call me when you can",
    "Just landed",
    "On my way",
    "Let's grab coffee next week",
    "Got it, thanks",
    "How was the trip?",
    "Can we move it to {day}?",
    "Meeting at {place} instead",
    "Did you get my email?",
    "Ha, that's hilarious",
    "I'll bring snacks",
    "Lunch on {day}?",
)
_TOPICS = (
    "roadmap",
    "budget review",
    "offsite",
    "hiring plan",
    "Q3 goals",
    "design sync",
    "launch checklist",
)
_NEWSLETTERS = (
    ("news@citytimes.example.com", "Your morning briefing", "Top stories for today in San Francisco."),
    ("deals@shopnow.example.com", "Weekend sale: 30% off", "Our biggest sale of the season ends Sunday."),
    (
        "orders@shopnow.example.com",
        "Your order has shipped",
        "Order #{n} is on its way and arrives in 3 days.",
    ),
    ("receipts@cafe.example.com", "Your receipt", "Thanks for your purchase of ${amount}."),
    ("digest@devforum.example.com", "Weekly digest", "Here are the most popular threads this week."),
)
_SPAM = (
    (
        "promo@lucky-draw.example.com",
        "Claim your reward now",
        "You have been selected for an exclusive reward.",
    ),
    ("alert@secure-bank-verify.example.com", "Account suspended", "Verify your account details immediately."),
)

_GEN_START = datetime(2026, 1, 5)
_GEN_SPAN_S = int((datetime(2026, 5, 15) - _GEN_START).total_seconds())


def _gen_time(rng: random.Random) -> str:
    return (_GEN_START + timedelta(seconds=rng.randrange(_GEN_SPAN_S))).isoformat(timespec="seconds")


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    """Core people, threads, mail and calls (identical at every scale) plus generated, older bulk."""
    contacts: dict[str, Record] = {}
    for cid, name, phone, email, nick, rel, company, fav, bday, notes in CORE_CONTACTS:
        contacts[cid] = {
            "id": cid,
            "name": name,
            "phone": phone,
            "email": email,
            "nickname": nick,
            "relation": rel,
            "company": company,
            "favorite": fav,
            "birthday": bday,
            "notes": notes,
        }
    used_phones = {c["phone"] for c in contacts.values()} | {b[0] for b in CORE_BLOCKED} | {HARASSER}
    used_names = {c["name"] for c in contacts.values()}
    n_gen = round(186 * scale)
    gen_ids: list[str] = []
    for i in range(n_gen):
        while True:
            first, last = rng.choice(_FIRST), rng.choice(_LAST)
            if f"{first} {last}" not in used_names:
                break
        while True:
            phone = f"+1 {rng.choice(_AREAS)} 555 {rng.randint(1000, 9999)}"
            if phone not in used_phones:
                break
        name = f"{first} {last}"
        used_names.add(name)
        used_phones.add(phone)
        rel = rng.choice(_GEN_RELATIONS)
        company = "Northwind Labs" if rel == "colleague" else rng.choice(_GEN_COMPANIES)
        if rng.random() < 0.8:
            domain = "northwindlabs.com" if company == "Northwind Labs" else rng.choice(_MAIL_DOMAINS)
            email: str | None = f"{first}.{last}@{domain}".lower()
        else:
            email = None
        cid = f"contact_{len(CORE_CONTACTS) + i + 1:03d}"
        gen_ids.append(cid)
        contacts[cid] = {
            "id": cid,
            "name": name,
            "phone": phone,
            "email": email,
            "nickname": "",
            "relation": rel,
            "company": company,
            "favorite": rng.random() < 0.05,
            "birthday": f"{rng.randint(1960, 2002)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
            if rng.random() < 0.3
            else None,
            "notes": "",
        }
    tables["contacts"] = contacts

    # Messages: core first (stable IDs), then generated history, all older than the core window.
    msg_rows: list[Record] = []
    for cid, phone, direction, text, time, read in CORE_MESSAGES:
        num = contacts[cid]["phone"] if cid is not None else phone
        assert num is not None
        msg_rows.append(
            {
                "thread_id": _thread_for(cid, num),
                "contact_id": cid,
                "phone": num,
                "direction": direction,
                "text": text,
                "time": time,
                "read": read,
            }
        )
    gen_msgs: list[Record] = []
    if gen_ids:
        for _ in range(round(1200 * scale)):
            cid = rng.choice(gen_ids)
            text = rng.choice(_SMS).format(
                place=rng.choice(_PLACES),
                hour=f"{rng.randint(8, 20)}:{rng.choice(('00', '30'))}",
                day=rng.choice(_DAYS),
            )
            gen_msgs.append(
                {
                    "thread_id": f"thread_{cid}",
                    "contact_id": cid,
                    "phone": contacts[cid]["phone"],
                    "direction": rng.choice(("in", "out")),
                    "text": text,
                    "time": _gen_time(rng),
                    "read": True,
                }
            )
        gen_msgs.sort(key=lambda m: m["time"])
    messages: dict[str, Record] = {}
    for n, m in enumerate(msg_rows + gen_msgs, 1):
        mid = f"msg_{n:04d}"
        messages[mid] = {"id": mid, **m}
    tables["messages"] = messages

    # Emails.
    mail_rows: list[Record] = [
        {"folder": f, "from": fr, "to": to, "cc": cc, "subject": subj, "body": body, "time": t, "read": r}
        for f, fr, to, cc, subj, body, t, r in CORE_EMAILS
    ]
    with_mail = [cid for cid in gen_ids if contacts[cid]["email"]]
    gen_mail: list[Record] = []
    for _ in range(round(800 * scale)):
        roll = rng.random()
        topic = rng.choice(_TOPICS)
        if roll < 0.1:
            sender, subj, body = rng.choice(_SPAM)
            row = {"folder": "spam", "from": sender, "to": [OWNER_EMAIL], "subject": subj, "body": body}
        elif roll < 0.45 or not with_mail:
            sender, subj, body = rng.choice(_NEWSLETTERS)
            body = body.format(
                n=rng.randint(10000, 99999), amount=f"{rng.randint(3, 60)}.{rng.randint(0, 99):02d}"
            )
            folder = "archive" if rng.random() < 0.4 else "inbox"
            row = {"folder": folder, "from": sender, "to": [OWNER_EMAIL], "subject": subj, "body": body}
        elif roll < 0.6:
            addr = contacts[rng.choice(with_mail)]["email"]
            subj = f"Re: {topic}"
            body = f"Following up on the {topic}. Let me know what you think."
            row = {"folder": "sent", "from": OWNER_EMAIL, "to": [addr], "subject": subj, "body": body}
        else:
            addr = contacts[rng.choice(with_mail)]["email"]
            subj = rng.choice(
                (f"Meeting notes: {topic}", f"Invitation: {topic}", f"Question about the {topic}")
            )
            body = f"Hi Alex, sharing a quick note about the {topic}. Talk soon."
            folder = "archive" if rng.random() < 0.3 else "inbox"
            row = {"folder": folder, "from": addr, "to": [OWNER_EMAIL], "subject": subj, "body": body}
        gen_mail.append({**row, "cc": [], "time": _gen_time(rng), "read": True})
    gen_mail.sort(key=lambda e: e["time"])
    emails: dict[str, Record] = {}
    for n, e in enumerate(mail_rows + gen_mail, 1):
        eid = f"email_{n:04d}"
        emails[eid] = {"id": eid, **e}
    tables["emails"] = emails

    # Call log.
    call_rows: list[Record] = []
    for cid, phone, direction, status, time, dur in CORE_CALLS:
        num = contacts[cid]["phone"] if cid is not None else phone
        call_rows.append(
            {
                "contact_id": cid,
                "phone": num,
                "direction": direction,
                "status": status,
                "time": time,
                "duration_s": dur,
            }
        )
    gen_calls: list[Record] = []
    if gen_ids:
        for _ in range(round(150 * scale)):
            cid = rng.choice(gen_ids)
            roll = rng.random()
            direction, status = (
                ("out", "outgoing") if roll < 0.4 else ("in", "missed" if roll < 0.55 else "answered")
            )
            gen_calls.append(
                {
                    "contact_id": cid,
                    "phone": contacts[cid]["phone"],
                    "direction": direction,
                    "status": status,
                    "time": _gen_time(rng),
                    "duration_s": 0 if status == "missed" else rng.randint(15, 1800),
                }
            )
        gen_calls.sort(key=lambda c: c["time"])
    calls: dict[str, Record] = {}
    for n, c in enumerate(call_rows + gen_calls, 1):
        call_id = f"call_{n:04d}"
        calls[call_id] = {"id": call_id, **c}
    tables["call_log"] = calls

    tables["active_call"] = {}
    tables["blocked_numbers"] = {p: {"phone": p, "reason": r, "time": t} for p, r, t in CORE_BLOCKED}
