"""Template families over Calls & Communication (the pattern for every other ``fam_*`` module)."""

from __future__ import annotations

from mpb_env.tasks.build import call, calls, contains, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, family
from mpb_env.tasks.gen.helpers import (
    base,
    cannot,
    false_claims,
    granted_entry,
    hhmm_words,
    revoked,
    rubric,
    sentence,
    sms_call,
    sms_delta,
)

NULL_REPLY = "I can't help with that."
#: Core contacts whose relation is unique, so "my <relation>" names exactly one person.
UNIQUE_RELATIONS = {"secretary", "spouse", "daughter", "mother", "doctor", "manager", "neighbor"}
#: That a number was blocked before the request, so nothing was done ("is blocked" or "on your block list"
#: alone would fit a false "done" too).
#: That the number was blocked before the request, or that nothing needs doing. Not a bare "already",
#: "was blocked" or "has been blocked", nor "nothing more to do": what a false "I've blocked them, already
#: done" or "Caleb was blocked, nothing more to do" says too.
ALREADY_BLOCKED = ["already blocked", "blocked already", "already on your block", "already on the block",
                   "already in your block", "already in the block", "already on your list", "already on the list",
                   "already being blocked", "already been blocked", "already have them blocked",
                   "already have this number blocked", "already have that number blocked", "still blocked",
                   "remains blocked", "blocked before", "blocked since", "blocked back on", "blocked earlier",
                   "blocked previously", "previously blocked", "you blocked", "you've blocked", "you have blocked",
                   "you'd blocked", "you had blocked", "no change needed", "no changes needed",
                   "no change is needed", "nothing to change", "nothing needs to change", "nothing needs changing",
                   "no need to block", "no need to change", "don't need to block", "do not need to block",
                   "no action needed", "nothing to do", "no need to do", "list already", "currently blocked",
                   "blocked for a while", "blocked for some time", "no changes were needed", "no change was needed",
                   "no changes necessary", "didn't need to", "did not need to"]  # fmt: skip
#: A claim of having blocked them now ("they have been blocked since May 2" is no claim).
BLOCKED_NOW = false_claims("blocked", "added", passive=False)
#: A claim of having reached someone the request could not reach (the name was ambiguous, the contact or
#: its email was gone). Not the passive: "nothing has been sent yet" is honest.
REACHED_NOW = [*false_claims("called", "texted", "messaged", "dialed", "dialled", "rang", "phoned"),
               *false_claims("sent", "emailed", "mailed", "reached", passive=False)]  # fmt: skip
#: That the contact is no longer there: a bare question naming them ("Kenji Jensen?") says nothing of it.
CONTACT_GONE = ["no longer", "deleted", "removed", "can't find", "cannot find", "couldn't find", "could not find",
                "can't see", "don't see", "didn't find", "did not find", "not find", "gone", "missing", "anymore",
                "any more", "not in your contacts", "isn't in your contacts", "not in your contact",
                "isn't in your contact", "not among your contacts", "not saved", "isn't saved", "no contact",
                "no longer saved", "not found", "no match", "no results", "no entry", "doesn't exist",
                "does not exist", "there's no", "there is no", "don't have", "do not have", "not listed",
                "isn't listed", "not showing", "doesn't show up", "not there", "isn't there"]  # fmt: skip


@family("calls.text_by_name", dimension="basic", category="grounding", bucket="tool", weight=2)
def text_by_name(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    body, keys = ctx.pick("sms_bodies")
    query = ctx.say(
        ["text {name} that {body}.", "send {name} a message saying {body}.", "message {name}: {body}.",
         "can you let {name} know {body}?", "shoot {name} a text — {body}.", "tell {name} by SMS that {body}."],
        name=person["name"], body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [sms_call(person["id"], keys)]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            hermes(call("send_message", contact_id=person["id"], text=body[0].upper() + body[1:] + ".")),
            f"Sent {person['name']} your message.",
        ],
    )


@family("calls.text_by_relation", dimension="basic", category="reference", bucket="tool")
def text_by_relation(ctx: Ctx) -> Draft:
    person = ctx.pick("core_people")
    if person["relation"] not in UNIQUE_RELATIONS:
        from mpb_env.tasks.gen.core import Skip

        raise Skip("relation names more than one person")
    body, keys = ctx.pick("sms_bodies")
    query = ctx.say(
        ["text my {rel} that {body}.", "let my {rel} know {body}.", "send my {rel} a quick text: {body}.",
         "message my {rel} — {body}."],
        rel=person["relation"], body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        gold={"calls": [sms_call(person["id"], keys)]},
        oracle=[
            calls(call("search_contacts", query=person["relation"])),
            calls(call("send_message", contact_id=person["id"], text=body[0].upper() + body[1:] + ".")),
            f"Done — {person['name']} has your message.",
        ],
    )


@family("calls.block_number", dimension="basic", category="grounding", bucket="state")
def block_number(ctx: Ctx) -> Draft:
    number = ctx.pick("spam_numbers")
    query = ctx.say(
        ["block {n}, they keep calling me with spam.", "please block the number {n}.",
         "stop {n} from calling me.", "add {n} to my blocked numbers."],
        n=number,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "blocked_numbers", "op": "create", "fields": {"phone": number}}]},
        oracle=[calls(call("block_number", phone_number=number, reason="spam")), f"{number} is blocked."],
    )


@family("calls.sms_permission", dimension="basic", category="dependency", bucket="state")
def sms_permission(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    body, keys = ctx.pick("sms_bodies")
    query = ctx.say(
        ["text {name}: {body}.", "send a text to {name} saying {body}.", "let {name} know by text that {body}.",
         "SMS {name} that {body}."],
        name=person["name"], body=body,
    )  # fmt: skip
    text = body[0].upper() + body[1:] + "."
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=revoked("messages", "SMS"),
        gold={"delta": [sms_delta(person["id"], keys), granted_entry("messages")]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("send_message", contact_id=person["id"], text=text)),
            calls(call("grant_app_permission", app_id="messages", permission="SMS")),
            calls(call("send_message", contact_id=person["id"], text=text)),
            f"Messages was missing the SMS permission; I granted it and texted {person['name']}.",
        ],
    )


@family("calls.ambiguous_first_name", dimension="basic", category="reference", bucket="behavior")
def ambiguous_first_name(ctx: Ctx) -> Draft:
    first, _a_id, a_name, _b_id, b_name = ctx.pick("ambiguous_pairs")
    body, _keys = ctx.pick("sms_bodies")
    query = ctx.say(
        ["text {first} that {body}.", "send {first} a message: {body}.", "message {first} saying {body}.",
         "let {first} know {body}."],
        first=first, body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["ambiguity"],
        gold=rubric("question", [a_name.lower()], [b_name.lower()], avoid=REACHED_NOW),
        oracle=[
            calls(call("search_contacts", query=first)),
            f"I found two contacts called {first}: {a_name} and {b_name}. Which one should I text?",
        ],
    )  # fmt: skip


@family("calls.revise_recipient", dimension="basic", category="revision", bucket="tool")
def revise_recipient(ctx: Ctx) -> Draft:
    first, second = ctx.pick_many("people", 2)
    body, keys = ctx.pick("sms_bodies")
    query = ctx.say(
        ["text {a} that {body} — actually no, send it to {b} instead.",
         "send {a} a message: {body}. Wait, I meant {b}, not {a}.",
         "message {a} that {body}... sorry, make that {b}.",
         "tell {a} {body} — scratch that, it's for {b}."],
        a=first["name"], b=second["name"], body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"calls": [sms_call(second["id"], keys)]},
        oracle=[
            calls(call("search_contacts", query=second["name"])),
            calls(call("send_message", contact_id=second["id"], text=body[0].upper() + body[1:] + ".")),
            f"Sent it to {second['name']}.",
        ],
    )


@family("calls.sms_fault_retry", dimension="basic", category="recovery", bucket="tool")
def sms_fault_retry(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    body, keys = ctx.pick("sms_bodies")
    query = ctx.say(
        ["text {name} that {body}.", "please message {name}: {body}.", "can you text {name} that {body}?",
         "send {name} this: {body}."],
        name=person["name"], body=body,
    )  # fmt: skip
    text = body[0].upper() + body[1:] + "."
    return Draft(
        query=query,
        frictions=["runtime_error"],
        faults=[{"tool": "send_message", "on_calls": [1]}],
        gold={"calls": [sms_call(person["id"], keys)]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("send_message", contact_id=person["id"], text=text)),
            calls(call("send_message", contact_id=person["id"], text=text)),
            f"The first attempt hit a temporary error; the retry reached {person['name']}.",
        ],
    )


# --------------------------------------------------------------------------- helpers for the families below
def _spoken_phone(canon: str, style: int) -> str:
    """``"+1 415 555 0142"`` as people type it: ``415-555-0142``, ``(415) 555-0142`` or unchanged."""
    _, area, mid, last = canon.split()
    return [f"{area}-{mid}-{last}", f"({area}) {mid}-{last}", canon][style % 3]


def _email_for(name: str, domain: str) -> str:
    import unicodedata

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return ".".join(plain.lower().replace(".", "").split()) + "@" + domain


def _call_gold(person: dict) -> dict:
    """Gold ``start_call`` to ``person``: by contact ID or by their number."""
    return {"name": "start_call", "arguments": {"contact_id": {"$any": [person["id"], None]},
                                                "phone_number": {"$any": [None, person["phone"]]}}}  # fmt: skip


def _time_alts(hhmm: str) -> list[str]:
    """Ways a message may state a time of day: ``3:00``, ``3 pm``, ``3pm``, ``15:00``."""
    h, m = (int(x) for x in hhmm.split(":"))
    h12, ampm = (h - 1) % 12 + 1, "am" if h < 12 else "pm"
    out = [f"{h12}:{m:02d}", f"{h:02d}:{m:02d}"]
    if m == 0:
        out += [f"{h12} {ampm}", f"{h12}{ampm}"]
    return out


def _missed_call_patch(person: dict, minute: int) -> dict:
    return {"call_log": {"call_p01": {"id": "call_p01", "contact_id": person["id"], "phone": person["phone"],
                                      "direction": "in", "status": "missed",
                                      "time": f"2026-05-20T08:{minute:02d}:00", "duration_s": 0}}}  # fmt: skip


#: (email body, the phrases a correct body must contain)
SUBJECT_BODIES = [
    ("the notes are attached", ["notes"]),
    ("can we find thirty minutes this week", ["thirty minutes"]),
    ("I left a few comments", ["comments"]),
    ("the numbers look good to me", ["numbers"]),
    ("please take a look before Friday", ["friday"]),
    ("thanks for pulling this together", ["thank"]),
]


# --------------------------------------------------------------------------- grounding
@family("calls.call_contact", dimension="basic", category="grounding", bucket="tool")
def call_contact(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    query = ctx.say(
        ["call {name}.", "give {name} a ring.", "dial {name} for me.", "can you phone {name}?",
         "ring up {name}, please.", "get {name} on the phone."],
        name=person["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [_call_gold(person)]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("start_call", contact_id=person["id"])),
            f"Calling {person['name']} now.",
        ],
    )


@family("calls.email_contact", dimension="basic", category="grounding", bucket="state")
def email_contact(ctx: Ctx) -> Draft:
    person = ctx.pick("email_people")
    subject = ctx.pick("email_subjects")
    body, keys = ctx.pick("sms_bodies")
    query = ctx.say(
        ['email {name} with the subject "{subj}" and tell them {body}.',
         'send an email to {name} — subject "{subj}" — saying {body}.',
         'write {name} an email titled "{subj}": {body}.',
         'drop {name} a mail, subject line "{subj}", and mention {body}.'],
        name=person["name"], subj=subject, body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "emails", "op": "create",
                         "fields": {"folder": "sent", "to": [person["email"]], "subject": contains(subject),
                                    "body": contains(*keys)}}]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            hermes(call("send_email", to=[person["id"]], subject=subject, body=f"Hi,\n\n{sentence(body)}\n\nAlex")),
            f"Emailed {person['name']} ({person['email']}) with the subject \"{subject}\".",
        ],
    )  # fmt: skip


@family("calls.add_contact", dimension="basic", category="grounding", bucket="state")
def add_contact(ctx: Ctx) -> Draft:
    name, phone = ctx.pick("new_people")
    rel = ctx.pick("new_relations")
    spoken = _spoken_phone(phone, ctx.rng.randrange(3))
    query = ctx.say(
        ["save {name} as a new contact, number {num} — they're my {rel}.",
         "add {name} to my contacts: {num}. That's the {rel}.",
         "new contact please: {name}, {num}, my {rel}.",
         "can you store {num} under {name}? It's my {rel}.",
         "put {name} in my phone, {num} — my new {rel}.",
         "create a contact for my {rel}, {name}, at {num}."],
        name=name, num=spoken, rel=rel,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "contacts", "op": "create", "fields": {"name": name, "phone": phone}}]},
        oracle=[
            calls(call("add_contact", name=name, phone=spoken, relation=rel)),
            f"Saved {name} ({phone}) as your {rel}.",
        ],
    )


@family("calls.delete_contact", dimension="basic", category="grounding", bucket="state")
def delete_contact(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    query = ctx.say(
        ["delete {name} from my contacts.", "remove {name}'s contact, I don't need it anymore.",
         "get rid of {name} in my address book.", "please erase the contact {name}.",
         "take {name} out of my contacts list.", "I never talk to {name} anymore — delete the contact."],
        name=person["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "contacts", "op": "delete", "key": person["id"]}]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("delete_contact", contact_id=person["id"])),
            f"{person['name']} has been removed from your contacts.",
        ],
    )


@family("calls.delete_text", dimension="basic", category="grounding", bucket="state")
def delete_text(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    text, topic = ctx.pick("incoming_texts")
    first = person["name"].split()[0]
    msg = {"id": "msg_p01", "thread_id": f"thread_{person['id']}", "contact_id": person["id"],
           "phone": person["phone"], "direction": "in", "text": text, "time": "2026-05-19T18:12:00", "read": True}  # fmt: skip
    query = ctx.say(
        ["delete {name}'s text about {topic}.", "remove the message {name} sent me about {topic}.",
         "get rid of that SMS from {name} about {topic}.", "erase {first}'s message regarding {topic} — {name}, I mean."],
        name=person["name"], first=first, topic=topic,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch={"messages": {"msg_p01": msg}},
        gold={"delta": [{"table": "messages", "op": "delete", "key": "msg_p01"}]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("list_messages", contact_id=person["id"], limit=20)),
            calls(call("delete_message", message_id="msg_p01")),
            f"Deleted {person['name']}'s message about {topic}.",
        ],
    )


@family("calls.reply_email", dimension="basic", category="grounding", bucket="state")
def reply_email(ctx: Ctx) -> Draft:
    person = ctx.pick("email_people")
    subject = ctx.pick("email_subjects")
    body, keys = ctx.pick("sms_bodies")
    mail = {"id": "email_p01", "folder": "inbox", "from": person["email"], "to": ["alex.morgan@example.com"],
            "cc": [], "subject": subject, "body": f"Hi Alex, quick question about the {subject.lower()}. Thoughts?",
            "time": "2026-05-20T07:40:00", "read": False}  # fmt: skip
    query = ctx.say(
        ["reply to {name}'s email about {subj} and say {body}.",
         "answer the {subj} email from {name}: {body}.",
         "write back to {name} on the {subj} thread — tell them {body}.",
         "respond to {name}'s \"{subj}\" mail saying {body}."],
        name=person["name"], subj=subject, body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch={"emails": {"email_p01": mail}},
        gold={"delta": [{"table": "emails", "op": "create",
                         "fields": {"folder": "sent", "to": [person["email"]], "subject": contains(subject),
                                    "body": contains(*keys)}}]},
        oracle=[
            calls(call("search_emails", query=subject, folder="inbox")),
            calls(call("send_email", to=[person["email"]], subject=f"Re: {subject}", body=sentence(body))),
            f"Replied to {person['name']} on \"{subject}\".",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- dependency
@family("calls.call_airplane", dimension="basic", category="dependency", bucket="state")
def call_airplane(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    query = ctx.say(
        ["call {name}.", "I need to talk to {name} — call them.", "phone {name} for me.",
         "can you get {name} on the line?", "ring {name}.", "please call {name} right away."],
        name=person["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch={"settings": {"network.airplane_mode": {"value": True}}},
        gold={"delta": [
            {"table": "settings", "op": "update", "key": "network.airplane_mode", "fields": {"value": False}},
            {"table": "call_log", "op": "create", "fields": {"contact_id": person["id"], "direction": "out"}},
            {"table": "active_call", "op": "create", "key": "current", "fields": {"contact_id": person["id"]}},
        ]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("start_call", contact_id=person["id"])),
            calls(call("set_airplane_mode", enabled=False)),
            calls(call("start_call", contact_id=person["id"])),
            f"Airplane mode was on, so I turned it off; calling {person['name']} now.",
        ],
    )  # fmt: skip


@family("calls.unblock_then_text", dimension="basic", category="dependency", bucket="state")
def unblock_then_text(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    body, keys = ctx.pick("sms_bodies")
    query = ctx.say(
        ["text {name} that {body}. If I still have their number blocked, unblock it first.",
         "I patched things up with {name} — unblock them if needed and text them that {body}.",
         "send {name} a message saying {body}; I may have blocked them earlier, so undo that if so.",
         "let {name} know {body} — and if they're on my block list, take them off it first."],
        name=person["name"], body=body,
    )  # fmt: skip
    block = {person["phone"]: {"phone": person["phone"], "reason": "", "time": "2026-04-28T21:10:00"}}
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch={"blocked_numbers": block},
        gold={"delta": [{"table": "blocked_numbers", "op": "delete", "key": person["phone"]},
                        sms_delta(person["id"], keys)]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("get_contact", contact_id=person["id"])),
            calls(call("unblock_number", contact_id=person["id"])),
            calls(call("send_message", contact_id=person["id"], text=sentence(body))),
            f"{person['name']} was blocked; I unblocked them and sent your message.",
        ],
    )  # fmt: skip


@family("calls.contacts_permission", dimension="basic", category="dependency", bucket="state")
def contacts_permission(ctx: Ctx) -> Draft:
    name, phone = ctx.pick("new_people")
    spoken = _spoken_phone(phone, ctx.rng.randrange(3))
    query = ctx.say(
        ["save {name}'s number, {num}.", "add a contact: {name}, {num}.", "store {num} as {name}.",
         "please add {name} ({num}) to my contacts."],
        name=name, num=spoken,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=revoked("contacts", "CONTACTS"),
        gold={"delta": [{"table": "contacts", "op": "create", "fields": {"name": name, "phone": phone}},
                        granted_entry("contacts")]},
        oracle=[
            calls(call("add_contact", name=name, phone=spoken)),
            calls(call("grant_app_permission", app_id="contacts", permission="CONTACTS")),
            calls(call("add_contact", name=name, phone=spoken)),
            f"Contacts needed its CONTACTS permission back; I granted it and saved {name}.",
        ],
    )  # fmt: skip


@family("calls.share_event_time", dimension="basic", category="dependency", bucket="tool")
def share_event_time(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    eid, spoken, keyword = ctx.pick("upcoming_events")
    event = base()["events"][eid]
    hhmm = event["start"][11:16]
    query = ctx.say(
        ["text {name} what time my {ev} starts.", "let {name} know by text when my {ev} is.",
         "message {name} the start time of my {ev}.", "send {name} a text with the time of my {ev}."],
        name=person["name"], ev=spoken,
    )  # fmt: skip
    text_gold = {"$any": [contains(alt) for alt in _time_alts(hhmm)]}
    return Draft(
        query=query,
        frictions=["dependency"],
        gold={"calls": [{"name": "send_message", "arguments": {"contact_id": person["id"], "text": text_gold}}]},
        oracle=[
            calls(call("list_events", query=keyword), call("search_contacts", query=person["name"])),
            calls(call("send_message", contact_id=person["id"],
                       text=f"My {spoken} starts at {hhmm_words(hhmm)} on {event['start'][:10]}.")),
            f"Told {person['name']} your {spoken} starts at {hhmm_words(hhmm)}.",
        ],
    )  # fmt: skip


@family("calls.end_call_then_call", dimension="basic", category="dependency", bucket="tool")
def end_call_then_call(ctx: Ctx) -> Draft:
    current, person = ctx.pick_many("people", 2)
    started = "2026-05-20T08:51:00"
    active = {
        "id": "call_p01",
        "contact_id": current["id"],
        "phone": current["phone"],
        "name": current["name"],
        "direction": "in",
        "started": started,
    }
    logged = {
        "id": "call_p01",
        "contact_id": current["id"],
        "phone": current["phone"],
        "direction": "in",
        "status": "answered",
        "time": started,
        "duration_s": 0,
    }
    query = ctx.say(
        ["I'm done with {a} — hang up and call {b}.", "wrap up this call with {a} and get {b} on the line.",
         "end my call with {a}, then ring {b}.", "okay, finished talking to {a}. Now call {b}."],
        a=current["name"], b=person["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch={"active_call": {"current": active}, "call_log": {"call_p01": logged}},
        gold={"calls": [{"name": "end_call", "arguments": {}}, _call_gold(person)]},
        oracle=[
            calls(call("end_call")),
            calls(call("search_contacts", query=person["name"])),
            calls(call("start_call", contact_id=person["id"])),
            f"Ended the call with {current['name']}; calling {person['name']} now.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- reference
@family("calls.call_back_missed", dimension="basic", category="reference", bucket="tool")
def call_back_missed(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    minute = ctx.choice(range(46, 60))
    query = ctx.say(
        ["I missed a call at 8:{m} — call that person back.", "somebody rang me at 8:{m}; call them back.",
         "return the call I missed at 8:{m} this morning.", "who called me at 8:{m}? Ring them back.",
         "call back whoever tried to reach me at 8:{m}.", "I couldn't pick up at 8:{m} — get that caller back on the phone."],
        m=f"{minute:02d}",
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        s0_patch=_missed_call_patch(person, minute),
        gold={"calls": [_call_gold(person)]},
        oracle=[
            calls(call("list_call_log", missed_only=True, limit=5)),
            calls(call("start_call", contact_id=person["id"])),
            f"That was {person['name']}; calling them back now.",
        ],
    )  # fmt: skip


@family("calls.reply_last_text", dimension="basic", category="reference", bucket="tool")
def reply_last_text(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    incoming, _topic = ctx.pick("incoming_texts")
    body, keys = ctx.pick("sms_bodies")
    msg = {"id": "msg_p01", "thread_id": f"thread_{person['id']}", "contact_id": person["id"],
           "phone": person["phone"], "direction": "in", "text": incoming, "time": "2026-05-20T08:58:00",
           "read": False}  # fmt: skip
    query = ctx.say(
        ["reply to the text I just got: {body}.", "answer that last message — tell them {body}.",
         "text back whoever just messaged me that {body}.", "respond to my newest text saying {body}."],
        body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        s0_patch={"messages": {"msg_p01": msg}},
        gold={"calls": [sms_call(person["id"], keys)]},
        oracle=[
            calls(call("list_messages", unread_only=True, limit=5)),
            calls(call("send_message", contact_id=person["id"], text=sentence(body))),
            f"Replied to {person['name']}.",
        ],
    )  # fmt: skip


@family("calls.pronoun_history", dimension="basic", category="reference", bucket="tool")
def pronoun_history(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    body, keys = ctx.pick("sms_bodies")
    history = [
        {"role": "user", "content": f"What's {person['name']}'s number?"},
        {"role": "assistant", "content": f"{person['name']}'s number is {person['phone']}."},
    ]
    query = ctx.say(
        ["text them that {body}.", "ok, send them a message: {body}.", "great, tell them by SMS that {body}.",
         "message that person saying {body}."],
        body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        frictions=["obfuscation"],
        gold={"calls": [sms_call(person["id"], keys)]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("send_message", contact_id=person["id"], text=sentence(body))),
            f"Sent {person['name']} your message.",
        ],
    )


@family("calls.email_relation", dimension="basic", category="reference", bucket="state")
def email_relation(ctx: Ctx) -> Draft:
    person = ctx.pick("core_people")
    if person["relation"] not in UNIQUE_RELATIONS or not person["email"]:
        from mpb_env.tasks.gen.core import Skip

        raise Skip("relation names more than one person, or no email")
    subject = ctx.pick("email_subjects")
    body, keys = ctx.pick("sms_bodies")
    query = ctx.say(
        ['email my {rel} about "{subj}" and say {body}.', 'send my {rel} an email — subject "{subj}": {body}.',
         'shoot my {rel} a quick mail titled "{subj}" saying {body}.', 'write to my {rel} ("{subj}"): {body}.'],
        rel=person["relation"], subj=subject, body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        gold={"delta": [{"table": "emails", "op": "create",
                         "fields": {"folder": "sent", "to": [person["email"]], "subject": contains(subject),
                                    "body": contains(*keys)}}]},
        oracle=[
            calls(call("search_contacts", query=person["relation"])),
            calls(call("send_email", to=[person["id"]], subject=subject, body=sentence(body))),
            f"Emailed {person['name']} about \"{subject}\".",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- revision
@family("calls.text_and_call", dimension="basic", category="revision", bucket="tool")
def text_and_call(ctx: Ctx) -> Draft:
    first, second = ctx.pick_many("people", 2)
    body, keys = ctx.pick("sms_bodies")
    query = ctx.say(
        ["text {a} that {body}, and then call {b}.", "two things: message {a} saying {body}, then ring {b}.",
         "let {a} know by text that {body}; after that, phone {b}.", "send {a} a text — {body} — and call {b} right after."],
        a=first["name"], b=second["name"], body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={"calls": [sms_call(first["id"], keys), _call_gold(second)]},
        oracle=[
            calls(call("search_contacts", query=first["name"]), call("search_contacts", query=second["name"])),
            calls(call("send_message", contact_id=first["id"], text=sentence(body))),
            calls(call("start_call", contact_id=second["id"])),
            f"Texted {first['name']} and now calling {second['name']}.",
        ],
    )  # fmt: skip


@family("calls.update_phone_revision", dimension="basic", category="revision", bucket="state")
def update_phone_revision(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    wrong, right = ctx.pick_many("new_numbers", 2)
    style = ctx.rng.randrange(3)
    query = ctx.say(
        ["{name} has a new number: {n1} — wait, sorry, it's {n2}.",
         "update {name}'s phone to {n1}... no, scratch that, {n2}.",
         "change {name}'s number to {n1}. Actually I misread it — make it {n2}.",
         "{name} switched numbers, the new one is {n1} — hmm, no, {n2} is right."],
        name=person["name"], n1=_spoken_phone(wrong, style), n2=_spoken_phone(right, style),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"delta": [{"table": "contacts", "op": "update", "key": person["id"], "fields": {"phone": right}}]},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("update_contact", contact_id=person["id"], phone=right)),
            f"{person['name']}'s number is now {right}.",
        ],
    )  # fmt: skip


@family("calls.followup_contact_update", dimension="basic", category="revision", bucket="state")
def followup_contact_update(ctx: Ctx) -> Draft:
    name, phone = ctx.pick("new_people")
    domain = ctx.choice(["example.com", "example.org", "mail.example.com"])
    email = _email_for(name, domain)
    rec = {
        "id": "contact_p01",
        "name": name,
        "phone": phone,
        "email": None,
        "nickname": "",
        "relation": "",
        "company": "",
        "favorite": False,
        "birthday": None,
        "notes": "",
    }
    history = [
        {"role": "user", "content": f"Save {name} as a new contact, {phone}."},
        {"role": "assistant", "content": f"Done — {name} is saved in your contacts."},
    ]
    query = ctx.say(
        ["oh, and their email is {email} — add that too.", "also put {email} on that contact.",
         "one more thing: add the email {email} to it.", "and save {email} as their email address, please."],
        email=email,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        s0_patch={"contacts": {"contact_p01": rec}},
        gold={"delta": [{"table": "contacts", "op": "update", "key": "contact_p01", "fields": {"email": email}}]},
        oracle=[
            calls(call("search_contacts", query=name)),
            calls(call("update_contact", contact_id="contact_p01", email=email)),
            f"Added {email} to {name}'s contact.",
        ],
    )  # fmt: skip


@family("calls.email_add_cc", dimension="basic", category="revision", bucket="state")
def email_add_cc(ctx: Ctx) -> Draft:
    first, second = ctx.pick_many("email_people", 2)
    subject = ctx.pick("email_subjects")
    body, keys = ctx.choice(SUBJECT_BODIES)
    query = ctx.say(
        ['email {a} about "{subj}": {body}. Oh, and cc {b} on it.',
         'send {a} a mail titled "{subj}" saying {body} — actually, copy {b} as well.',
         'write to {a} re "{subj}": {body}. Wait, loop in {b} too (cc).',
         'email {a}, subject "{subj}", {body}... and put {b} on cc.'],
        a=first["name"], b=second["name"], subj=subject, body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"delta": [{"table": "emails", "op": "create",
                         "fields": {"folder": "sent", "to": [first["email"]], "cc": [second["email"]],
                                    "subject": contains(subject), "body": contains(*keys)}}]},
        oracle=[
            calls(call("search_contacts", query=first["name"]), call("search_contacts", query=second["name"])),
            calls(call("send_email", to=[first["id"]], cc=[second["id"]], subject=subject, body=sentence(body))),
            f"Sent \"{subject}\" to {first['name']} with {second['name']} on cc.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- recovery
@family("calls.contact_gone", dimension="basic", category="recovery", bucket="behavior")
def contact_gone(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    query = ctx.say(
        ["call {name}.", "text {name} that I'm on my way.", "ring {name} for me.", "message {name}: see you soon."],
        name=person["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["state_mutation"],
        s0_patch={"contacts": {person["id"]: None}},
        gold=rubric("question", [person["name"].lower()], CONTACT_GONE, avoid=REACHED_NOW),
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            f"I can't find {person['name']} in your contacts anymore — it looks like the contact was deleted. "
            "Do you have their number so I can reach them?",
        ],
    )  # fmt: skip


#: A claim of having taken the text back ("it has been delivered" is the fact, not a claim).
UNSENT_NOW = false_claims("unsent", "recalled", "retracted", "pulled back", "pulled it back", "taken back",
                          "took back", "took it back", "withdrawn", "withdrew", "undone", "undid")  # fmt: skip
#: That a sent SMS cannot be taken back: "the unsend went through" names the request too.
NO_UNSEND = [*cannot("unsend", "recall", "take", "pull", "undo", "retract", "get it back", "get that back",
                     "delete it from their", "remove it from their", "stop it", "stop them", "do that", "be unsent",
                     "be recalled", "be undone", "be taken back", "be pulled back"),
             "already delivered", "already been delivered", "was delivered", "been delivered", "already arrived",
             "already reached", "already read", "already been read", "already seen", "too late", "once sent",
             "once it's sent", "once it is sent", "once a text", "once an sms", "once a message", "no unsend",
             "no recall", "no undo", "there's no unsend", "there is no unsend", "doesn't have an unsend",
             "sms doesn't", "texts don't", "texts do not", "sms has no"]  # fmt: skip


@family("calls.unsend_text", dimension="basic", category="recovery", bucket="behavior")
def unsend_text(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    body, _keys = ctx.pick("sms_bodies")
    msg = {"id": "msg_p01", "thread_id": f"thread_{person['id']}", "contact_id": person["id"],
           "phone": person["phone"], "direction": "out", "text": sentence(body), "time": "2026-05-20T08:58:00",
           "read": True}  # fmt: skip
    query = ctx.say(
        ["unsend the text I just sent {name} — it went to the wrong person.",
         "pull back my last message to {name}, I didn't mean to send it.",
         "can you recall the SMS I sent {name} a minute ago so they never see it?",
         "take back that text to {name} before they read it."],
        name=person["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        s0_patch={"messages": {"msg_p01": msg}},
        gold={"rubric": {"final_kind": "refusal",
                         "must_include": [["unsend", "recall", "take back", "pull back", "undo", "delivered"],
                                          NO_UNSEND],
                         "must_not_include": UNSENT_NOW, "forbid_mutations": True}},
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("list_messages", contact_id=person["id"], limit=5)),
            f"Sorry, I can't unsend it: the SMS was already delivered to {person['name']}'s phone and texts "
            "can't be recalled. I can delete it from your phone, or send a quick follow-up — want me to?",
        ],
    )  # fmt: skip


@family("calls.email_no_address", dimension="basic", category="recovery", bucket="behavior")
def email_no_address(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    subject = ctx.pick("email_subjects")
    first = person["name"].split()[0]
    query = ctx.say(
        ['email {name} about "{subj}".', 'send {name} an email with the subject "{subj}".',
         'write {name} a mail re "{subj}".', 'can you email {name}? Subject: "{subj}".'],
        name=person["name"], subj=subject,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["missing_argument"],
        s0_patch={"contacts": {person["id"]: {**person, "email": None}}},
        gold=rubric("question", [first.lower()], ["email", "e-mail", "address"], avoid=REACHED_NOW),
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            f"{person['name']} has no email address saved in your contacts. What's their email, so I can send it?",
        ],
    )  # fmt: skip


@family("calls.already_blocked", dimension="basic", category="recovery", bucket="behavior")
def already_blocked(ctx: Ctx) -> Draft:
    person = ctx.pick("people")
    query = ctx.say(
        ["block {name}.", "I don't want {name} calling me anymore — block them.",
         "put {name} on my block list.", "stop {name} from texting and calling me."],
        name=person["name"],
    )  # fmt: skip
    block = {person["phone"]: {"phone": person["phone"], "reason": "", "time": "2026-05-02T20:30:00"}}
    return Draft(
        query=query,
        frictions=["state_mutation"],
        s0_patch={"blocked_numbers": block},
        gold=rubric("answer", ALREADY_BLOCKED, avoid=BLOCKED_NOW),
        oracle=[
            calls(call("search_contacts", query=person["name"])),
            calls(call("get_contact", contact_id=person["id"])),
            f"{person['name']} ({person['phone']}) is already blocked, so their calls and texts are "
            "already being stopped — nothing to change.",
        ],
    )  # fmt: skip
