"""Small builders shared by the ``fam_*`` template families: base-world lookups, S0 patches, gold delta
entries, rubrics and the words a final message uses. Calls themselves come from ``mpb_env.tasks.build``.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from mpb_env.checkers import has_phrase, norm_text
from mpb_env.tasks.build import call, contains
from mpb_env.tasks.gen.core import Ctx
from mpb_env.world.generate import load_world


# --------------------------------------------------------------------------- the base world
def base() -> dict[str, Any]:
    """The tables of the base world every S0 patch starts from (size M)."""
    return load_world("M").tables


def events_between(
    first_day: str, last_day: str, patch: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The calendar's events starting on ``first_day`` through ``last_day`` (ISO dates, inclusive),
    soonest first: the base world's, with ``patch`` rows (an S0 ``events`` table) added or replaced."""
    rows = {**base()["events"], **(patch or {})}
    hits = [e for e in rows.values() if e and first_day <= e["start"][:10] <= last_day]
    return sorted(hits, key=lambda e: (e["start"], e["id"]))


def lookup(
    tool: str, s0_patch: dict[str, Any] | None = None, now: str = "2026-05-20T09:00:00", **args: Any
) -> Any:
    """What a read-only tool returns on the base world (with ``s0_patch``) at ``now``: the candidates
    a policy sees while looking something up."""
    from mpb_env.tools.runtime import call_tool
    from mpb_env.world.state import Patch, PhoneState

    fb = call_tool(PhoneState(load_world("M"), Patch(s0_patch), now), tool, args)
    if fb["status"] != "success":
        raise ValueError(f"{tool}({args}) failed: {fb['message']}")
    return fb["data"]


def app_name(app_id: str) -> str:
    return base()["apps"][app_id]["name"]


# --------------------------------------------------------------------------- S0 patches
def merge(*patches: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Several S0 patches as one (later rows of the same table and key win)."""
    out: dict[str, dict[str, Any]] = {}
    for p in patches:
        for table, rows in p.items():
            out.setdefault(table, {}).update(rows)
    return out


def s0_settings(values: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """An S0 patch giving settings new values (each row otherwise as in the base world)."""
    return {"settings": {k: {**(base()["settings"].get(k) or {}), "value": v} for k, v in values.items()}}


def revoked(app_id: str, permission: str) -> dict[str, dict[str, Any]]:
    """An S0 patch revoking ``permission`` from ``app_id`` (a permission block)."""
    app = base()["apps"][app_id]
    return {"apps": {app_id: {**app, "permissions": {**app["permissions"], permission: False}}}}


def offline(ctx: Ctx) -> tuple[dict[str, Any], dict[str, Any], str]:
    """An offline S0 (airplane mode, or Wi-Fi and mobile data off), the call that fixes it, and its story."""
    if ctx.choice(["airplane", "radios"]) == "airplane":
        patch = {"network.airplane_mode": {"value": True}, "network.wifi": {"value": False},
                 "network.wifi_connected": {"value": None}}  # fmt: skip
        return {"settings": patch}, call("set_airplane_mode", enabled=False), "airplane mode was on"
    patch = {"network.wifi": {"value": False}, "network.wifi_connected": {"value": None},
             "network.mobile_data": {"value": False}}  # fmt: skip
    return {"settings": patch}, call("set_wifi_enabled", enabled=True), "Wi-Fi and mobile data were off"


#: What going back online may update besides the task's own gold, whichever fix ``offline`` needs: the
#: radio settings (joining the saved network only stamps it, which is bookkeeping; nothing is created).
RECONNECT_UPDATES = {
    "settings": ["network.wifi", "network.wifi_connected", "network.mobile_data", "network.airplane_mode"]
}


# --------------------------------------------------------------------------- gold
def setting_delta(key: str, value: Any) -> dict[str, Any]:
    """Gold delta entry: setting ``key`` now has ``value``."""
    return {"table": "settings", "op": "update", "key": key, "fields": {"value": value}}


def granted_entry(app_id: str) -> dict[str, Any]:
    """Gold delta entry: ``app_id`` has its base-world permissions back."""
    perms = base()["apps"][app_id]["permissions"]
    return {"table": "apps", "op": "update", "key": app_id, "fields": {"permissions": {**perms}}}


def sms_delta(contact_id: str, keywords: list[str]) -> dict[str, Any]:
    """Gold delta entry: one outgoing SMS to ``contact_id`` containing ``keywords``."""
    return {"table": "messages", "op": "create",
            "fields": {"contact_id": contact_id, "direction": "out", "text": contains(*keywords)}}  # fmt: skip


def sms_call(contact_id: str, keywords: list[str]) -> dict[str, Any]:
    """Gold call: ``send_message`` to ``contact_id`` with a text containing ``keywords``."""
    return call("send_message", contact_id=contact_id, text=contains(*keywords))


def rubric(kind: str, *groups: list[str], forbid: bool = True, avoid: Iterable[str] = ()) -> dict[str, Any]:
    """Gold for a behaviour task: the final message's kind and phrase groups (one of each must occur),
    and the phrases it must ``avoid``."""
    out: dict[str, Any] = {"final_kind": kind, "must_include": [list(g) for g in groups]}
    if avoid:
        out["must_not_include"] = list(avoid)
    return {"rubric": {**out, "forbid_mutations": forbid}}


def distractors(phrases: Iterable[str], keep: Iterable[str]) -> list[str]:
    """``must_not_include`` phrases for an information answer: the same kind of fact about the *other*
    candidates a lookup shows (other events' times, other apps' numbers, ...), so that listing every
    candidate does not pass. Any phrase that a text in ``keep`` (the rubric's alternatives, the oracle's
    final message, the query, other words a correct answer may use) contains, or that contains one of
    them, is left out, as the checker matches them (``has_phrase``: whole numbers, words from their
    start); so are duplicates."""
    kept = [norm_text(k) for k in keep if norm_text(k)]
    out: list[str] = []
    seen: set[str] = set()
    for p in phrases:
        n = norm_text(p)
        if not n or n in seen or any(has_phrase(k, n) or has_phrase(n, k) for k in kept):
            continue
        seen.add(n)
        out.append(p)
    return out


def alternatives(gold: dict[str, Any]) -> list[str]:
    """Every phrase of a gold rubric's ``must_include`` groups."""
    return [p for group in gold["rubric"]["must_include"] for p in group]


def avoiding(gold: dict[str, Any], phrases: Iterable[str], *keep: str) -> dict[str, Any]:
    """``gold`` whose rubric also forbids ``phrases`` (through ``distractors``, keeping the rubric's own
    alternatives and ``keep``); an existing ``must_not_include`` list is extended."""
    rubric = gold["rubric"]
    found = distractors(phrases, [*alternatives(gold), *keep])
    before = list(rubric.get("must_not_include", []))
    listed = {norm_text(b) for b in before}
    extra = [p for p in found if norm_text(p) not in listed]
    return {**gold, "rubric": {**rubric, "must_not_include": before + extra}} if extra or before else gold


def false_claims(*done: str, passive: bool = True, bare: bool = True) -> list[str]:
    """``must_not_include`` phrases for a status answer whose action could not be taken (the transfer
    had already finished, the number was blocked before): the ways a message claims to have taken it
    anyway, for each past participle in ``done`` — "I cancelled", "I've already cancelled", "I just
    cancelled", "it's now cancelled", "successfully cancelled", "I went ahead and cancelled" and, with
    ``passive``, "it has been cancelled" (leave that out where an honest message says so of the past:
    "they have been blocked since May 2", "the reminder has been completed already"). Negations ("I
    haven't cancelled", "it hasn't been cancelled", "nothing to cancel") and what the user did ("you
    cancelled") hold none of them; "nothing has been cancelled" holds the passive one. Without ``bare``,
    not "I set", "I already set" nor "I just set": for a participle that is also the present ("set",
    "put"), an offer or a question holds them ("should I set it to 12 hours?", "can I just put it on
    Friday?").

    >>> false_claims("stopped", passive=False)[:4]
    ['i stopped', "i've stopped", 'i have stopped', 'i already stopped']
    >>> false_claims("set", passive=False, bare=False)[:4]
    ["i've set", 'i have set', "i've already set", 'now set']
    """
    forms = [
        "i {}",
        "i've {}",
        "i have {}",
        "i already {}",
        "i've already {}",
        "now {}",
        "successfully {}",
        "i just {}",
        "i've just {}",
        "went ahead and {}",
        "gone ahead and {}",
    ]
    if not bare:
        forms = [f for f in forms if f not in ("i {}", "i already {}", "i just {}")]
    if passive:
        forms += ["has been {}", "have been {}"]
    return [f.format(d) for d in done for f in forms]


#: Words that state a limit whatever the request ("that unit isn't supported", "it's not possible"). A
#: rubric of phrases that only name the thing the limit is about lets a made-up result through once a
#: "sorry" makes the message count as a refusal ("Sorry for the wait: 7 pecks is 61.7 liters.").
LIMIT_STATED = ["not supported", "isn't supported", "is not supported", "aren't supported", "doesn't support",
                "does not support", "don't support", "do not support", "unsupported", "not possible",
                "isn't possible", "impossible", "no way to", "unable to", "not able to", "won't be able",
                "doesn't allow", "does not allow", "doesn't let", "does not let", "won't let", "not allowed",
                "isn't allowed"]  # fmt: skip


def cannot(*verbs: str) -> list[str]:
    """A must_include group stating that the request cannot be done: for each of ``verbs``, "can't …",
    "cannot …", "couldn't …", "won't …", "unable to …" and the like, then ``LIMIT_STATED``.

    >>> cannot("convert")[:4]
    ["can't convert", 'cannot convert', 'can not convert', "couldn't convert"]
    >>> from mpb_env.checkers import has_phrase
    >>> any(has_phrase("sorry, i'm unable to convert pecks.", p) for p in cannot("convert"))
    True
    """
    forms = ["can't {}", "cannot {}", "can not {}", "couldn't {}", "could not {}", "won't {}", "will not {}",
             "unable to {}", "not able to {}", "no way to {}"]  # fmt: skip
    out = [f.format(v) for v in verbs for f in forms]
    return out + [p for p in LIMIT_STATED if p not in out]


# --------------------------------------------------------------------------- words and times
def hhmm_words(hhmm: str) -> str:
    """``"14:05"`` → ``"2:05 pm"``."""
    h, m = (int(x) for x in hhmm.split(":"))
    return f"{(h - 1) % 12 + 1}:{m:02d} {'am' if h < 12 else 'pm'}"


def shift(iso: str, minutes: int) -> str:
    """An ISO datetime moved by ``minutes``."""
    return (datetime.fromisoformat(iso) + timedelta(minutes=minutes)).isoformat(timespec="seconds")


def and_list(names: list[str]) -> str:
    """``["a", "b", "c"]`` → ``"a, b and c"``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def sentence(text: str) -> str:
    """A clause as a sentence: capitalised first letter and a full stop."""
    return text[0].upper() + text[1:] + "."
