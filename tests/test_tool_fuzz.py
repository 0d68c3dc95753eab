"""Adversarial, schema-valid calls of every tool, and regression tests for the inputs they turned up.

Arguments are drawn with a fixed seed from each tool's JSON schema and docstring examples: empty,
blank and very long strings, emoji, non-ASCII digits, dates and times that look right but are not
("2026-02-30", "25:61", "24:00", the calendar's last day), boundary and huge integers, extreme floats,
IDs that do not exist or are of the wrong kind, duplicated and empty lists. Each call runs on a fresh
state and on states that already hold writes; it must not end in an internal error, must raise only
error types the tool documents, must leave no writes behind when it fails, and must return data
that orjson can serialise (finite numbers only).
"""

from __future__ import annotations

import math
import random
import re
import zlib
from functools import cache
from typing import Any

import orjson
import pytest

from mpb_env.domains import catalog
from mpb_env.tools.runtime import INTERNAL_ERROR, ToolSpec, execute
from mpb_env.world.generate import load_world
from mpb_env.world.state import PhoneState

WORLD = load_world("S")
TOOLS: dict[str, ToolSpec] = dict(catalog())
CALLS_PER_TOOL = 480
KEYS: dict[str, list[str]] = {t: list(rows) for t, rows in WORLD.tables.items() if rows}
ALL_KEYS: list[str] = [k for keys in KEYS.values() for k in keys]
FIELD_TEXT: list[str] = sorted(
    {
        v
        for rows in WORLD.tables.values()
        for rec in list(rows.values())[:20]
        if isinstance(rec, dict)
        for v in rec.values()
        if isinstance(v, str) and len(v) < 60
    }
)
ODD_TEXT: list[str] = [
    "",
    " ",
    "\t\n",
    "\u00a0",
    "\u200b",
    "x" * 5000,
    "😀",
    "🎉 party 🎉",
    "Ünïcödé",
    "İ",
    "ß",
    "a\x00b",
    "null",
    "-1",
    "0",
    "1e308",
    "NaN",
    "²A",
    "١٤A",
    "１４A",
    "¹²³⁴",
    "١٢٣٤",
    "2026-02-30",
    "2026-13-01",
    "0000-00-00",
    "0001-01-01",
    "9999-12-31",
    "9999-12-31T23:59:59",
    "2026-05-20T25:00:00",
    "2026-05-20T24:00:00",
    "2026-05-20T10:00:00+05:00",
    "2026-05-20T10:00:00Z",
    "20260520T100000",
    "2026-W21-3",
    "2026-05-20\n",
    "25:61",
    "24:00",
    "23:60",
    "-01:00",
    "١٢:٣٠",
    "１２:３０",
    "07:00\n",
    "7am",
    "+1 415 555 0101",
    "+",
    "a@b",
    "@",
    "https://",
    "[",
    "https://[::1",
    "javascript:alert(1)",
    "a.com:99999",
    "../../etc/passwd",
    "%s",
    "{0}",
    "(",
    "*",
    "\\",
    "a.*",
    "(" * 300,
    "9**9**9",
    "1/0",
    "contact_999",
    "CONTACT_001",
    " contact_001",
    "msg_9999",
    "current",
]
INTS: list[int] = [
    0,
    1,
    -1,
    2,
    7,
    23,
    24,
    59,
    60,
    100,
    101,
    1440,
    86400,
    2**31,
    2**63 - 1,
    2**63,
    -(2**63),
    10**30,
]
FLOATS: list[float] = [0.0, -0.0, 1.0, -1.0, 0.5, 5e-324, 1e308, -1e308, 1.7976931348623157e308, -459.67]
SETTINGS: list[str] = list(WORLD.tables["settings"])
QUOTED = re.compile(r'"([^"]*)"')
NUMBER = re.compile(r"(?<![\w.])(-?\d+)(?![\w.])")


def rng_for(*parts: object) -> random.Random:
    """A generator seeded from ``parts`` (stable across processes, unlike ``hash``)."""
    return random.Random(zlib.crc32(repr(parts).encode()))


def examples(schema: dict[str, Any]) -> tuple[list[str], list[int]]:
    """The quoted and the integer examples of an argument's description."""
    text = schema.get("description", "")
    after = text.split("e.g.", 1)[1] if "e.g." in text else ""
    return QUOTED.findall(text), [int(n) for n in NUMBER.findall(after)]


def same_kind(example: str) -> list[str]:
    """Keys of the tables whose keys look like ``example`` (e.g. every contact ID for "contact_012")."""
    prefix = example.split("_")[0] + "_" if "_" in example else None
    return [
        k
        for table, keys in KEYS.items()
        if example in WORLD.tables[table] or (prefix and keys[0].startswith(prefix))
        for k in keys
    ]


def mutate(text: str, rng: random.Random) -> str:
    ops = (
        lambda x: x + " ",
        lambda x: x.upper(),
        lambda x: x * 2,
        lambda x: x[: len(x) // 2],
        lambda x: re.sub(r"\d", "9", x),
        lambda x: re.sub(r"\d", "١", x),
        lambda x: re.sub(r"\d", "²", x),
        lambda x: x + "\n",
        lambda x: x + "😀",
        lambda x: x.replace(":", ""),
    )
    return rng.choice(ops)(text)


def gen_string(schema: dict[str, Any], rng: random.Random, made: list[str]) -> str:
    if "enum" in schema:
        return rng.choice(schema["enum"])
    quoted, _ = examples(schema)
    r = rng.random()
    if quoted and r < 0.2:
        return rng.choice(quoted)
    if quoted and r < 0.3:
        return mutate(rng.choice(quoted), rng)
    if quoted and r < 0.45:
        keys = [k for q in quoted for k in same_kind(q)]
        if keys:
            return rng.choice(keys)
    if r < 0.55:
        return rng.choice(ALL_KEYS)  # most often an ID of the wrong kind
    if made and r < 0.6:
        return rng.choice(made)
    if r < 0.7:
        return rng.choice(FIELD_TEXT)
    return rng.choice(ODD_TEXT)


def gen_object(rng: random.Random, depth: int = 0) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for _ in range(rng.choice([0, 1, 2, 4])):
        key = rng.choice(["summary", "contact_id", "url", "text", "", "😀", "a" * 200, "date", "details"])
        if depth < 2 and rng.random() < 0.2:
            out[key] = gen_object(rng, depth + 1)
        else:
            out[key] = rng.choice(
                [None, True, 0, -1, 2**63 - 1, 1.5, "", "x" * 3000, [], rng.choice(ALL_KEYS)]
            )
    return out


def gen_action(rng: random.Random) -> dict[str, Any]:
    action: dict[str, Any] = {
        "setting": rng.choice([*SETTINGS, "no.such_setting", ""]),
        "value": rng.choice(
            [True, False, None, 0, -5, 50, 101, 2**63, "x", "", "١٢:٣٠", "07:00\n", [], {}, 1.5]
        ),
    }
    if rng.random() < 0.1:
        del action[rng.choice(["setting", "value"])]
    return action


def gen_value(schema: dict[str, Any], rng: random.Random, made: list[str]) -> Any:
    if schema.get("nullable") and rng.random() < 0.25:
        return None
    kind = schema["type"]
    if kind == "string":
        return gen_string(schema, rng, made)
    if kind == "integer":
        _, numbers = examples(schema)
        if numbers and rng.random() < 0.3:
            return rng.choice(numbers) + rng.choice([0, 1, -1, 1000])
        return rng.choice(INTS)
    if kind == "number":
        return rng.choice(FLOATS)
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "object":
        return gen_object(rng)
    assert kind == "array", schema
    items = {**schema.get("items", {}), "description": schema.get("description", "")}
    n = rng.choice([0, 1, 1, 2, 3, 40])
    out = [
        gen_action(rng) if items.get("type") == "object" else gen_value(items, rng, made) for _ in range(n)
    ]
    return out + out[:1] if rng.random() < 0.3 else out  # sometimes a duplicated entry


def gen_call(spec: ToolSpec, rng: random.Random, made: list[str]) -> dict[str, Any]:
    parameters = spec.schema["function"]["parameters"]
    return {
        arg: gen_value(schema, rng, made)
        for arg, schema in parameters["properties"].items()
        if arg in parameters["required"] or rng.random() < 0.6
    }


#: Writes that put the phone in states the tools branch on (radios, an active call, playback, casting).
SETUP: list[tuple[str, dict[str, Any]]] = [
    ("set_bluetooth_enabled", {"enabled": True}),
    ("connect_bluetooth_device", {"device_id": "bt_001"}),
    ("play_media", {"media_id": "song_001"}),
    ("start_cast_session", {"device_id": "xdev_001", "source": "media"}),
    ("start_call", {"contact_id": "contact_001"}),
    ("create_event", {"title": "Sync", "start": "2026-05-21T10:00:00", "attendees": ["contact_002"]}),
    ("add_contact", {"name": "Nina Patel", "phone": "+1 415 555 0199"}),
    ("create_alarm", {"time": "06:45", "repeat_days": ["mon"]}),
    ("start_timer", {"duration_seconds": 600, "label": "Tea"}),
    ("take_photo", {"mode": "photo"}),
    ("start_screen_recording", {}),
    ("unlock_password_vault", {"pin": "4826"}),
    ("delete_file", {"file_id": "file_001"}),
    ("set_airplane_mode", {"enabled": True}),
]


@cache
def warm_states() -> tuple[PhoneState, ...]:
    """States that already hold writes: the setup above (or a prefix of it), then a seeded random walk."""
    states = []
    for i in range(4):
        s = PhoneState(WORLD)
        for name, args in SETUP[: len(SETUP) - 3 * i]:
            execute(s, name, args)
        rng = rng_for("warm", i)
        for _ in range(120):
            name = rng.choice(list(TOOLS))
            execute(s, name, gen_call(TOOLS[name], rng, []))
        states.append(s)
    return tuple(states)


def no_writes(s: PhoneState) -> bool:
    return all(not rows for rows in s.writes.values())


def snapshot(s: PhoneState) -> bytes:
    """The write layer and ID counters, deeply (a failed call must not even change a record in place)."""
    return orjson.dumps([s.writes, s.counters], default=repr)


def finite(value: Any) -> bool:
    """No NaN or infinity anywhere (orjson writes them as null, silently)."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(finite(v) for v in value.values())
    if isinstance(value, list | tuple):
        return all(finite(v) for v in value)
    return True


def check(s: PhoneState, spec: ToolSpec, args: dict[str, Any]) -> dict[str, Any]:
    """Run one call and assert the runtime's guarantees hold for it; returns the feedback."""
    before = snapshot(s)
    fb = execute(s, spec.name, args)
    where = (spec.name, args, fb["error_type"], fb["message"][:300])
    assert isinstance(fb["message"], str) and fb["message"], where
    orjson.dumps(fb["data"])
    assert finite(fb["data"]), where
    if fb["status"] == "error":
        assert fb["error_type"] != INTERNAL_ERROR, where
        from_validation = fb["error_type"] == "InvalidArguments" and fb["message"].startswith(
            "invalid arguments for"
        )
        assert from_validation or fb["error_type"] in spec.raises, ("undocumented error", *where)
        assert snapshot(s) == before, ("a failed call left writes", *where)
    else:
        if not spec.mutates:
            assert snapshot(s) == before, ("a read wrote", *where)
        orjson.dumps(s.delta())
    return fb


@pytest.mark.parametrize("name", list(TOOLS))
def test_adversarial_calls(name: str) -> None:
    spec = TOOLS[name]
    rng = rng_for("fuzz", name)
    warm = warm_states()
    for i in range(CALLS_PER_TOOL):
        if i % 2 == 0:
            s, made = PhoneState(WORLD), []
        else:
            s = warm[i // 2 % len(warm)].fork()
            made = [k for rows in s.writes.values() for k in rows]
        fb = check(s, spec, gen_call(spec, rng, made))
        if fb["status"] == "success" and spec.mutates and i % 4 == 0:  # then a call that reads the result
            other = TOOLS[rng.choice(list(TOOLS))]
            check(s, other, gen_call(other, rng, made))


def test_base_world_unchanged() -> None:
    before = WORLD.digest()
    for name in ("list_events", "create_event", "convert_units", "book_flight", "create_alarm"):
        rng = rng_for("digest", name)
        for _ in range(30):
            execute(PhoneState(WORLD), name, gen_call(TOOLS[name], rng, []))
    for s in warm_states():
        s.fork()
    assert WORLD.digest() == before


def walk(seed: object, steps: int) -> list[tuple[str, dict[str, Any]]]:
    """A seeded sequence of calls over every tool (adversarial arguments, many of them writes)."""
    rng = rng_for("walk", seed)
    names = sorted(TOOLS)
    return [(name, gen_call(TOOLS[name], rng, [])) for name in (rng.choice(names) for _ in range(steps))]


def replay(s: PhoneState, calls: list[tuple[str, dict[str, Any]]]) -> list[bytes]:
    return [orjson.dumps(execute(s, name, args), default=repr) for name, args in calls]


@pytest.mark.parametrize("seed", range(4))
def test_states_on_one_world_see_only_their_own_writes(seed: int) -> None:
    """Copy-on-write isolation over every tool, not only point writes: a state's feedback and final
    writes are the same whether it runs alone, or beside a sibling on the same world and a fork of its
    own taken mid-walk, each making other writes between its calls; the fork continues as a state
    that replayed the first half would. The shared world is never changed."""
    digest = WORLD.digest()
    mine, theirs, branch = walk((seed, "mine"), 600), walk((seed, "theirs"), 600), walk((seed, "branch"), 300)
    alone = PhoneState(WORLD)
    expected = replay(alone, mine)
    state, sibling = PhoneState(WORLD), PhoneState(WORLD)
    got, fork, forked = [], None, []
    for k, call in enumerate(mine):
        if k == 300:
            fork = state.fork()
        got += replay(state, [call])
        replay(sibling, [theirs[k]])
        if fork is not None:
            forked += replay(fork, [branch[k - 300]])
    assert got == expected
    assert snapshot(state) == snapshot(alone)
    reference = PhoneState(WORLD)
    replay(reference, mine[:300])
    assert forked == replay(reference, branch) and snapshot(fork) == snapshot(reference)
    assert WORLD.digest() == digest


# --------------------------------------------------------------------------- regressions
def run(name: str, args: dict[str, Any], s: PhoneState | None = None) -> dict[str, Any]:
    s = s or PhoneState(WORLD)
    fb = check(s, TOOLS[name], args)
    if fb["status"] == "error":
        assert no_writes(s)
    return fb


def refused(name: str, args: dict[str, Any], error_type: str = "InvalidArguments") -> dict[str, Any]:
    fb = run(name, args)
    assert fb["status"] == "error" and fb["error_type"] == error_type, (name, args, fb)
    return fb


@pytest.mark.parametrize("tool", ["open_browser_url", "add_browser_bookmark"])
@pytest.mark.parametrize("url", ["[", "https://x]", "https://[::1", "a.com:99999", "a.com:0", "a.com:٨٠"])
def test_browser_url_that_urlsplit_rejects_is_invalid(tool: str, url: str) -> None:
    """An unbalanced IPv6 bracket made ``urlsplit`` raise ValueError (an internal error); a port outside
    1..65535 or written in non-ASCII digits was accepted."""
    fb = refused(tool, {"url": url})
    assert fb["data"] == {"field": "url"}


@pytest.mark.parametrize("tool", ["open_browser_url", "add_browser_bookmark"])
def test_browser_url_with_port_still_works(tool: str) -> None:
    fb = run(tool, {"url": "intranet.example.com:8080/wiki"})
    assert fb["status"] == "success", fb
    url = fb["data"]["tab"]["url"] if tool == "open_browser_url" else fb["data"]["url"]
    assert url == "https://intranet.example.com:8080/wiki"


@pytest.mark.parametrize(
    ("value", "from_unit", "to_unit"),
    [
        (1.7976931348623157e308, "CAD", "JPY"),
        (1e308, "USD", "KRW"),
        (1.7e308, "EUR", "USD"),
        (1e308, "mi", "mm"),
        (1.7976931348623157e308, "m", "m"),
    ],
)
def test_convert_units_overflow_is_a_capability_limit(value: float, from_unit: str, to_unit: str) -> None:
    """A conversion past the float range crashed (``int(inf)``) for zero-decimal currencies and returned
    an infinite result (serialised as null) otherwise; rounding the largest float to ten digits did too."""
    args = {"value": value, "from_unit": from_unit, "to_unit": to_unit}
    assert "too large" in refused("convert_units", args, "CapabilityLimit")["message"]


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_convert_units_non_finite_value_is_invalid(value: float) -> None:
    fb = refused("convert_units", {"value": value, "from_unit": "km", "to_unit": "mi"})
    assert fb["data"] == {"field": "value"}


def test_convert_units_large_finite_values_still_convert() -> None:
    fb = run("convert_units", {"value": 1e308, "from_unit": "F", "to_unit": "C"})
    assert fb["status"] == "success" and math.isfinite(fb["data"]["result"])
    fb = run("convert_units", {"value": 1e300, "from_unit": "JPY", "to_unit": "USD"})
    assert fb["status"] == "success" and fb["data"]["result"] > 0
    assert (
        run("convert_units", {"value": 26.2, "from_unit": "mi", "to_unit": "km"})["data"]["result"]
        == 42.1648128
    )


def test_list_events_up_to_the_calendar_last_day() -> None:
    """``end_date="9999-12-31"`` (a whole day) overflowed when moved to the next midnight."""
    s = PhoneState(WORLD)
    unbounded = run("list_events", {"start_date": "2026-01-01", "limit": 500}, s)
    fb = run("list_events", {"start_date": "2026-01-01", "end_date": "9999-12-31", "limit": 500}, s)
    assert fb["status"] == "success" and fb["data"] == unbounded["data"] != []
    assert run("list_events", {"start_date": "9999-12-31", "end_date": "9999-12-31"}, s)["data"] == []
    assert run("list_events", {"end_date": "9999-12-31T23:59:59"}, s)["status"] == "success"
    day = run("list_events", {"start_date": "2026-05-21", "end_date": "2026-05-21"}, s)["data"]
    assert day and all(e["start"] < "2026-05-22" and e["end"] > "2026-05-21" for e in day)


def test_event_that_would_end_after_year_9999_is_refused() -> None:
    """A start within an hour of the calendar's end overflowed computing the default end (create) or the
    kept duration (update)."""
    fb = refused("create_event", {"title": "Far", "start": "9999-12-31T23:59:59"})
    assert fb["data"] == {"field": "start"} and "too far in the future" in fb["message"]
    refused("update_event", {"event_id": "event_002", "start": "9999-12-31T23:59:59"})
    fb = run("create_event", {"title": "Late", "start": "9999-12-31T22:00:00"})
    assert fb["status"] == "success" and fb["data"]["event"]["end"] == "9999-12-31T23:00:00"


@pytest.mark.parametrize("seat", ["²A", "¹²B", "١٤A", "１４A"])
def test_book_flight_seat_needs_ascii_digits(seat: str) -> None:
    """``"²A"`` passed ``str.isdigit`` and then crashed in ``int``; Arabic-Indic and full-width rows were
    taken for seat codes that never match."""
    fb = refused("book_flight", {"flight_id": "flight_004", "seat": seat})
    assert fb["data"] == {"field": "seat"}


@pytest.mark.parametrize("text", ["١٢:٣٠", "１２:３０", "0٦:00"])
@pytest.mark.parametrize(
    ("tool", "args", "arg"),
    [
        ("create_alarm", {}, "time"),
        ("update_alarm", {"alarm_id": "alarm_001"}, "time"),
        ("set_dnd_schedule", {"enabled": True, "end": "07:00"}, "start"),
        ("set_dnd_schedule", {"enabled": True, "start": "22:00"}, "end"),
        ("set_power_schedule", {"action": "power_on"}, "time"),
        ("set_dark_mode", {"schedule": "custom", "end": "07:00"}, "start"),
        ("set_eye_comfort", {"schedule": "custom", "end": "07:00"}, "start"),
        ("set_aod_mode", {"mode": "scheduled", "end": "07:00"}, "start"),
        (
            "create_automation_rule",
            {"name": "Wake", "trigger": "time", "actions": [{"setting": "dnd.enabled", "value": False}]},
            "trigger_value",
        ),
    ],
)
def test_clock_times_need_ascii_digits(tool: str, args: dict[str, Any], arg: str, text: str) -> None:
    """``\\d`` matched any Unicode digit, so "١٢:٣٠" was stored half-converted as "12:٣٠"."""
    fb = refused(tool, {**args, arg: text})
    assert fb["data"] == {"field": arg}
    assert run(tool, {**args, arg: "6:40"})["status"] == "success"


@pytest.mark.parametrize("value", ["1٣:00", "13:00\n", "２２:３０"])
def test_automation_time_action_needs_a_plain_clock_time(value: str) -> None:
    """A time-valued setting in a rule's actions took non-ASCII digits and a trailing newline."""
    actions = [{"setting": "dnd.schedule_start", "value": value}]
    refused("create_automation_rule", {"name": "Quiet", "trigger": "time", "trigger_value": "21:00",
                                       "actions": actions})  # fmt: skip
    actions = [{"setting": "dnd.schedule_start", "value": "13:00"}]
    fb = run("create_automation_rule", {"name": "Quiet", "trigger": "time", "trigger_value": "21:00",
                                        "actions": actions})  # fmt: skip
    assert fb["status"] == "success", fb


@pytest.mark.parametrize(("lock_type", "secret"), [("pin", "١٢٣٤"), ("pin", "²²²²"), ("pattern", "¹²³⁴")])
def test_screen_lock_secret_needs_ascii_digits(lock_type: str, secret: str) -> None:
    """A PIN or pattern of superscript or Arabic-Indic digits, which no lock screen can enter, was set."""
    refused("set_screen_lock", {"lock_type": lock_type, "new_secret": secret, "current_secret": "4826"})
    ok_secret = "5831" if lock_type == "pin" else "14789"
    args = {"lock_type": lock_type, "new_secret": ok_secret, "current_secret": "4826"}
    assert run("set_screen_lock", args)["status"] == "success"
