"""The fairness suite: trajectories a careful assistant might take that every checker must accept.

``corruptions`` (``mpb_env.validation``) proves a checker can fail; ``fair_variants(task)`` proves it
does not fail what it should pass. Each variant is derived from the task's oracle, generically from the
tool catalog and the task's S0, and is produced only where it applies:

* ``noop-write``: a mutating call that sets something to the value it already has (enabling a switch
  that is on), prepended to the first turn. Found by trying every mutating tool whose required arguments
  are all booleans or enums (preferring the domains the oracle writes to) against S0 and keeping the
  first whose successful call leaves the state as it was but for bookkeeping stamps.
* ``idempotent-retry``: the oracle's last mutating call whose identical re-issue is a no-op, repeated
  right after it (a retry after an unclear result). A call whose repeat does the action again (a second
  message, a second booking) is no such variant: doing it twice is wrong where the task says once; nor
  is one that put a consent dialog to the user (``start_screen_recording``): a repeat asks them again.
* ``equivalent-path``: one of the oracle's mutating calls made another way the catalog offers, checked to
  have the same effect on the state at that point: a tool that stands for another
  (``checkers.canonical_call``: the Wi-Fi quick-settings tile for ``set_wifi_enabled``), or a record
  named by one of its fields instead of its id where the tool takes either (``start_call`` with the
  contact's number instead of ``contact_id``).
* ``consent-first``: on tasks whose friction is a permission block the user did not ask to lift, the
  oracle up to the block, then a final message that asks the user's consent to grant the permission.
  A plain (non-interaction) task has no other channel to ask through, and granting a runtime permission
  unasked is what a careful assistant does not do; stopping there to ask is a valid end of every
  bucket (``checkers.asked_consent``). Interaction tasks (``ask_user``) hold no permission friction.
* ``argument-format``: every argument of the oracle's mutating calls written another reasonable way:
  a 24-hour time in 12-hour form ("07:30" → "7:30 AM"), an ISO date-time without its seconds, the
  trailing full stop of a sentence added or dropped, an event booked in a named zone as the same instant
  in UTC ("9 am New York time" as 13:00 UTC), a permission by Android's manifest name
  (``android.permission.READ_MEDIA_IMAGES`` for ``PHOTOS_VIDEOS``).
* ``read-before-write``: read-only calls of the domains the oracle works in, made first (looking before
  acting).

``fairness(task)`` replays each with the whole catalog offered (as ``sensitivity`` does): each must be
accepted.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from mpb_env.checkers import _ALIASED, MEMORY_SEARCH, SKILL_LOADER, canonical_call, norm_text
from mpb_env.domains import catalog
from mpb_env.domains.apps import ANDROID_NAMES
from mpb_env.tasks.model import Task
from mpb_env.tools.runtime import call_tool
from mpb_env.validation import _render, _turns, replay
from mpb_env.world.stamps import volatile_fields
from mpb_env.world.state import PhoneState

VARIANTS = (
    "noop-write",
    "idempotent-retry",
    "equivalent-path",
    "consent-first",
    "argument-format",
    "read-before-write",
)
Turns = list[list[dict[str, Any]] | str]
#: Combinations of a setter's finite arguments tried at most (the largest tool has 22).
_MAX_COMBOS = 32
#: Read-only calls ``read-before-write`` makes first.
_READS = 2
_NOT_READS = frozenset({MEMORY_SEARCH, SKILL_LOADER, "search_tools"})


# --------------------------------------------------------------------------- effects
def effect(state: PhoneState) -> dict[tuple[str, str], Any]:
    """D_T − D_0 without bookkeeping stamps: ``{(table, key): record | None}``; equal effects mean the
    same state as far as any checker can tell."""
    out: dict[tuple[str, str], Any] = {}
    for table, rows in state.delta().items():
        stamps = volatile_fields(table)
        for key, change in rows.items():
            if change["op"] == "update" and change["changed"].keys() <= stamps:
                continue
            after = change["after"]
            out[table, key] = None if after is None else {k: v for k, v in after.items() if k not in stamps}
    return out


def _succeeds_with(
    state: PhoneState, name: str, arguments: dict[str, Any]
) -> dict[tuple[str, str], Any] | None:
    """The effect after ``name(arguments)`` on a fork of ``state``, or ``None`` when the call fails."""
    fork = state.fork()
    if call_tool(fork, name, arguments)["status"] != "success":
        return None
    return effect(fork)


def _is_noop(state: PhoneState, name: str, arguments: dict[str, Any]) -> bool:
    after = _succeeds_with(state, name, arguments)
    return after is not None and after == effect(state)


# --------------------------------------------------------------------------- trajectory helpers
def _copy(turns: Turns) -> Turns:
    return [list(t) if isinstance(t, list) else t for t in turns]


def _calls(turns: Turns) -> list[tuple[int, int, dict[str, Any]]]:
    """Every call of the oracle with its position ``(turn, index, call)``."""
    return [(ti, ci, c) for ti, t in enumerate(turns) if isinstance(t, list) for ci, c in enumerate(t)]


def _state_before(task: Task, turns: Turns, ti: int, ci: int) -> PhoneState:
    """The state the oracle's call ``(ti, ci)`` runs on."""
    prefix = [*turns[:ti], turns[ti][:ci]]  # type: ignore[index]
    return replay(task, _render(prefix), open_catalog=True).state


def _mutating(turns: Turns) -> list[tuple[int, int, dict[str, Any]]]:
    specs = catalog()
    return [(ti, ci, c) for ti, ci, c in _calls(turns) if c["name"] in specs and specs[c["name"]].mutates]


def _first_call_turn(turns: Turns) -> Turns:
    """The oracle with its first call turn guaranteed (a turn before a lone final message)."""
    out = _copy(turns)
    if not any(isinstance(t, list) for t in out):
        out.insert(0, [])
    return out


def _prepend(turns: Turns, calls: list[dict[str, Any]]) -> Turns:
    out = _first_call_turn(turns)
    i = next(i for i, t in enumerate(out) if isinstance(t, list))
    out[i] = [*calls, *out[i]]  # type: ignore[misc]
    return out


def _domains(task: Task, turns: Turns) -> list[str]:
    """The domains the oracle works in, writes first, in order of appearance."""
    specs = catalog()
    names = [c["name"] for _, _, c in _mutating(turns)] + [c["name"] for _, _, c in _calls(turns)]
    names += task.gold_tools
    return list(dict.fromkeys(specs[n].domain for n in names if n in specs))


def _fault_tools(task: Task) -> set[str]:
    """Tools with an injected fault: an extra call would meet it (faults count calls per tool)."""
    return {f.tool for f in task.faults}


# --------------------------------------------------------------------------- variants
def _finite_setters() -> list[tuple[str, dict[str, Any]]]:
    """Every call of a mutating tool whose required arguments are all booleans or enums (optional
    arguments left out), in catalog order."""
    out: list[tuple[str, dict[str, Any]]] = []
    for name, spec in catalog().items():
        params = spec.schema["function"]["parameters"]
        required = params.get("required", [])
        if not spec.mutates or not required:
            continue
        domains: list[list[Any]] = []
        for arg in required:
            prop = params["properties"][arg]
            if "enum" in prop:
                domains.append(list(prop["enum"]))
            elif prop.get("type") == "boolean":
                domains.append([True, False])
            else:
                break
        else:
            for combo in itertools.islice(itertools.product(*domains), _MAX_COMBOS):
                out.append((name, dict(zip(required, combo, strict=True))))
    return out


def noop_write(task: Task, turns: Turns) -> Turns | None:
    s0 = replay(task, [], open_catalog=True).state
    specs = catalog()
    rank = {d: i for i, d in enumerate(_domains(task, turns))}
    skip = _fault_tools(task)
    candidates = sorted(
        (c for c in _finite_setters() if c[0] not in skip),
        key=lambda c: rank.get(specs[c[0]].domain, len(rank)),
    )
    for name, arguments in candidates:
        if _is_noop(s0, name, arguments):
            return _prepend(turns, [{"name": name, "arguments": arguments}])
    return None


def idempotent_retry(task: Task, turns: Turns) -> Turns | None:
    skip = _fault_tools(task)
    for ti, ci, call in reversed(_mutating(turns)):
        if call["name"] in skip:
            continue
        after = _state_before(task, turns, ti, ci + 1)
        last = after.log[-1] if after.log else None
        if not last or last["tool"] != call["name"] or last["status"] != "success":
            continue
        if isinstance(last["data"], dict) and isinstance(last["data"].get("consent"), dict):
            continue  # it put a consent dialog to the user: a repeat asks them again, no silent retry
        if _is_noop(after, call["name"], call["arguments"]):
            out = _copy(turns)
            out[ti].insert(ci + 1, {"name": call["name"], "arguments": dict(call["arguments"])})  # type: ignore[union-attr]
            return out
    return None


def _aliases(name: str, arguments: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Calls of another tool that ``canonical_call`` takes for this one."""
    target = canonical_call(name, arguments)
    out: list[tuple[str, dict[str, Any]]] = []
    if target[0] != name:
        out.append(target)
    specs = catalog()
    for alias in sorted(_ALIASED - {name}):
        props = specs[alias].schema["function"]["parameters"]["properties"]
        enums = {k: p["enum"] for k, p in props.items() if "enum" in p}
        fixed = {k: v for k, v in target[1].items() if k in props}
        for combo in itertools.product(*enums.values()):
            cand = {**fixed, **dict(zip(enums, combo, strict=True))}
            if canonical_call(alias, cand) == target:
                out.append((alias, cand))
    return out


def _by_field(state: PhoneState, name: str, arguments: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The call with a record's ``*_id`` argument replaced by one of its fields, for each optional
    string argument of the tool the call leaves out."""
    props = catalog()[name].schema["function"]["parameters"]["properties"]
    spare = [
        k for k, p in props.items() if p.get("type") == "string" and k not in arguments and "enum" not in p
    ]
    spare = [k for k in spare if not k.endswith("_id")]
    out: list[tuple[str, dict[str, Any]]] = []
    for arg, value in arguments.items():
        if not (arg.endswith("_id") and isinstance(value, str)):
            continue
        tables = dict.fromkeys([*state.world.tables, *state.patch.tables, *state.writes])
        record = next((r for t in tables if (r := state.get(t, value)) is not None), None)
        if record is None:
            continue
        rest = {k: v for k, v in arguments.items() if k != arg}
        fields = [v for k, v in record.items() if isinstance(v, str) and v.strip() and k != "id"]
        out += [(name, {**rest, p: v}) for p in spare for v in fields]
    return out


def equivalent_path(task: Task, turns: Turns) -> Turns | None:
    skip = _fault_tools(task)
    for ti, ci, call in _mutating(turns):
        if call["name"] in skip:
            continue
        before = _state_before(task, turns, ti, ci)
        want = _succeeds_with(before, call["name"], call["arguments"])
        if want is None:
            continue
        for name, arguments in [*_aliases(call["name"], call["arguments"]), *_by_field(before, **call)]:
            if name in skip or (name, arguments) == (call["name"], call["arguments"]):
                continue
            if _succeeds_with(before, name, arguments) == want:
                out = _copy(turns)
                out[ti][ci] = {"name": name, "arguments": arguments}  # type: ignore[index]
                return out
    return None


#: What a request says when it asks for the permission itself ("... then grant it location access").
_ASKS_FOR_GRANT = re.compile(r"\b(grant|permission|allow|access)\b")


def consent_first(task: Task, turns: Turns) -> Turns | None:
    if "permission" not in task.frictions or _ASKS_FOR_GRANT.search(norm_text(task.query)):
        return None
    ep = replay(task, task.oracle, open_catalog=True)
    blocked = next((e for e in ep.state.log if e["error_type"] == "PermissionDenied"), None)
    if blocked is None or not isinstance(blocked["data"], dict):
        return None
    app_id, permission = blocked["data"].get("app_id"), blocked["data"].get("permission")
    # the oracle up to and including the blocked call (the log numbers catalog calls only)
    logged = [(ti, ci) for ti, ci, c in _calls(turns) if c["name"] in catalog()]
    if blocked["seq"] >= len(logged):
        return None
    ti, ci = logged[blocked["seq"]]
    prefix = [*_copy(turns[:ti]), list(turns[ti][: ci + 1])]  # type: ignore[index]
    app = ep.state.get("apps", app_id) or {}
    label = app.get("name", app_id)
    ask = (
        f"{label} doesn't have the {permission.lower()} permission it needs for this. "
        f"May I grant {label} the {permission.lower()} permission?"
    )
    return [*prefix, ask]


_HHMM = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")
_ISO_SECONDS = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$")


def reformat(value: Any) -> Any:
    """Another reasonable way to write ``value`` (or ``value`` itself).

    >>> reformat("07:30"), reformat("19:05"), reformat("2026-05-21T14:00:00")
    ('7:30 AM', '7:05 PM', '2026-05-21T14:00')
    >>> reformat("Running about ten minutes late."), reformat("Running about ten minutes late")
    ('Running about ten minutes late', 'Running about ten minutes late.')
    """
    if not isinstance(value, str):
        return value
    m = _HHMM.match(value)
    if m:
        h, minute = int(m.group(1)), m.group(2)
        return f"{(h - 1) % 12 + 1}:{minute} {'AM' if h < 12 else 'PM'}"
    if _ISO_SECONDS.match(value):
        return value[:-3]
    if _is_sentence(value) and value[-1:].isalnum():
        return value + "."
    if _is_sentence(value) and value.endswith(".") and value[-2:-1].isalnum():
        return value[:-1]
    return value


def _is_sentence(text: str) -> bool:
    """Free text, not a name: at least four words, two of them longer lower-case ones ("running",
    "about"; not the "of" of "California Academy of Sciences").

    >>> _is_sentence("Running about ten minutes late"), _is_sentence("California Academy of Sciences")
    (True, False)
    """
    words = text.split()
    return len(words) >= 4 and sum(w[:1].islower() and len(w) > 3 for w in words) >= 2


def in_utc(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """An event booked in a named zone written as the same instant in UTC (its times moved, the zone
    "UTC"): another way to say the same time.

    >>> in_utc("create_event", {"start": "2026-05-21T09:00:00", "timezone": "America/New_York"})
    {'start': '2026-05-21T13:00:00', 'timezone': 'UTC'}
    """
    zone = arguments.get("timezone")
    if name != "create_event" or not isinstance(zone, str) or zone == "UTC":
        return arguments
    from mpb_env.domains.time_mgmt import convert  # at call time: keeps the catalog's import order

    out = dict(arguments, timezone="UTC")
    for key in ("start", "end"):
        if isinstance(arguments.get(key), str):
            out[key] = convert(arguments[key], zone, "UTC")
    return out


def android_spelling(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """A permission named as Android's manifest does (``android.permission.X``, the first permission
    of the group) instead of by its group: the name a developer would write.

    >>> android_spelling("grant_app_permission", {"app_id": "gallery", "permission": "PHOTOS_VIDEOS"})
    {'app_id': 'gallery', 'permission': 'android.permission.READ_MEDIA_IMAGES'}
    >>> android_spelling("revoke_app_permission", {"app_id": "maps", "permission": "CAMERA"})
    {'app_id': 'maps', 'permission': 'android.permission.CAMERA'}
    """
    permission = arguments.get("permission")
    if name not in ("grant_app_permission", "revoke_app_permission") or not isinstance(permission, str):
        return arguments
    names = ANDROID_NAMES.get(permission)
    if names is None:
        return arguments
    return dict(arguments, permission=f"android.permission.{names[0] if names else permission}")


def argument_format(task: Task, turns: Turns) -> Turns | None:
    out = _copy(turns)
    changed = False
    for ti, ci, call in _mutating(turns):
        arguments = android_spelling(call["name"], in_utc(call["name"], call["arguments"]))
        arguments = {k: reformat(v) for k, v in arguments.items()}
        if arguments != call["arguments"]:
            out[ti][ci] = {"name": call["name"], "arguments": arguments}  # type: ignore[index]
            changed = True
    return out if changed else None


def read_before_write(task: Task, turns: Turns) -> Turns | None:
    s0 = replay(task, [], open_catalog=True).state
    skip = _fault_tools(task) | _NOT_READS
    reads: list[dict[str, Any]] = []
    for domain in _domains(task, turns):
        for name, spec in catalog().items():
            if spec.domain != domain or spec.mutates or name in skip:
                continue
            if spec.schema["function"]["parameters"].get("required"):
                continue
            if call_tool(s0.fork(), name, {})["status"] == "success":
                reads.append({"name": name, "arguments": {}})
                if len(reads) == _READS:
                    return _prepend(turns, reads)
    return _prepend(turns, reads) if reads else None


_BUILDERS = {
    "noop-write": noop_write,
    "idempotent-retry": idempotent_retry,
    "equivalent-path": equivalent_path,
    "consent-first": consent_first,
    "argument-format": argument_format,
    "read-before-write": read_before_write,
}


def fair_variants(task: Task) -> list[tuple[str, list[str]]]:
    """The trajectories a careful assistant might take on ``task`` that must pass, as
    ``(variant, actions)``; only the variants that apply to the task."""
    turns = _turns(task)
    out: list[tuple[str, list[str]]] = []
    for name in VARIANTS:
        variant = _BUILDERS[name](task, turns)
        if variant is not None:
            out.append((name, _render(variant)))
    return out


def fairness(task: Task) -> list[tuple[str, bool]]:
    """Run every fair variant with the whole catalog available; ``accepted`` = the verdict is success."""
    return [
        (name, replay(task, actions, open_catalog=True).verdict.success)  # type: ignore[union-attr]
        for name, actions in fair_variants(task)
    ]
