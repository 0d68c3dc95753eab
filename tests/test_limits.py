"""The per-turn limits (DESIGN §12): every limit is an error observation naming it, nothing over
model-supplied structure recurses without a bound, parsing and fault counting do linear work, and
``step()`` returns a well-formed 5-tuple for any action whatever its shape or type."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mpb_env import parsing
from mpb_env.domains import catalog
from mpb_env.envs import MobilePAEnv
from mpb_env.episode import Episode
from mpb_env.limits import DEFAULT_LIMITS, LIMIT_EXCEEDED, Limits, too_deep
from mpb_env.parsing import parse_turn
from mpb_env.tasks import task_index
from mpb_env.tools.runtime import call_tool
from mpb_env.world.generate import load_world
from mpb_env.world.state import Patch, PhoneState

TASK = "basic-001"
GUI = "delegate_to_gui_agent"


def episode(limits: Limits = DEFAULT_LIMITS) -> Episode:
    ep = Episode(load_world("M"), task_index("starter")[TASK], "bm25", limits=limits)
    ep.set_tools(list(catalog()))
    return ep


def nested(depth: int) -> dict[str, Any]:
    """A dict ``depth`` levels deep, built without recursion."""
    inner: dict[str, Any] = {"k": 1}
    for _ in range(depth - 1):
        inner = {"k": inner}
    return inner


def nested_json(depth: int) -> str:
    """The JSON text of ``nested(depth)`` (orjson writes at most 255 levels)."""
    return '{"k":' * (depth - 1) + '{"k":1}' + "}" * (depth - 1)


def entries(obs: str) -> list[dict[str, Any]]:
    out = orjson.loads(obs)
    assert isinstance(out, list)
    return out


def test_limits_are_validated() -> None:
    assert Limits(65_536, 32, 262_144, 32) == DEFAULT_LIMITS
    bad_ones = {"max_action_chars": 0}, {"max_calls_per_turn": -1}, {"max_argument_depth": 2.5}
    for bad in (*bad_ones, {"max_argument_depth": 256}, {"max_observation_bytes": 100}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            Limits(**bad)  # type: ignore[arg-type]


def test_an_action_over_max_action_chars_is_an_error_that_costs_the_turn() -> None:
    ep = episode(Limits(max_action_chars=100))
    obs, reward, terminated, truncated, info = ep.step("x" * 101)
    [entry] = entries(obs)
    assert entry["error_type"] == LIMIT_EXCEEDED and "max_action_chars=100" in entry["message"]
    assert (reward, terminated, truncated, ep.turns, ep.done) == (0.0, False, False, 1, False)
    assert ep.state.log == []
    # At the limit, plain text is still the final message.
    assert ep.step("y" * 100)[2] is True
    default = episode()
    [entry] = entries(default.step("z" * 65_537)[0])
    assert "max_action_chars=65536" in entry["message"]


def test_more_calls_than_max_calls_per_turn_run_none() -> None:
    call = '<tool_call>{"name": "list_alarms", "arguments": {}}</tool_call>'
    ep = episode()
    [entry] = entries(ep.step(call * 33)[0])
    assert entry["error_type"] == LIMIT_EXCEEDED and "max_calls_per_turn=32" in entry["message"]
    assert ep.state.log == [] and ep.turns == 1
    assert len(entries(ep.step(call * 32)[0])) == 32 and len(ep.state.log) == 32


def test_an_observation_over_max_observation_bytes_is_cut_with_a_marker() -> None:
    call = '{"name": "list_skills", "arguments": {}}'
    full = episode().step(call)[0]
    assert len(full.encode()) > 4000  # the tool's feedback is long enough to be cut below
    ep = episode(Limits(max_observation_bytes=4000))
    obs, _, _, _, info = ep.step(f"<tool_call>{call}</tool_call>" * 3)
    assert len(obs.encode()) <= 4000 + 3 * 400  # the limit, plus a skeleton per call cut
    got = entries(obs)
    assert len(got) == 3 and all(e["name"] == "list_skills" for e in got)
    assert all("max_observation_bytes=4000" in e["message"] for e in got)
    data = orjson.dumps(entries(full)[0]["data"]).decode()
    assert isinstance(got[0]["data"], str) and len(got[0]["data"]) > 3000 and data.startswith(got[0]["data"])
    assert [m["content"] for m in info["messages"][1:]] == [orjson.dumps(e).decode() for e in got]
    assert ep.state.log[0]["data"] is not None  # the op log keeps the data; only the observation is cut


def test_deep_arguments_are_refused_before_validation() -> None:
    ep = episode()
    for depth in (33, 1000):  # orjson reads up to 1,024 levels
        args = f'{{"app": "Gmail", "instruction": "x", "context": {nested_json(depth)}}}'
        [entry] = entries(ep.step(f'{{"name": "{GUI}", "arguments": {args}}}')[0])
        assert entry["error_type"] == LIMIT_EXCEEDED and "max_argument_depth=32" in entry["message"]
    # 10,000 levels are past orjson's own bound: a JSON error, not a crash.
    deep = "[" * 10_000 + "]" * 10_000
    [entry] = entries(ep.step(f'{{"name": "{GUI}", "arguments": {{"app": "a", "context": {deep}}}}}')[0])
    assert entry["status"] == "error" and entry["error_type"] == "ParseError"
    # The same as a JSON string of arguments, and as <tool_call> blocks.
    string = orjson.dumps(f'{{"context": {nested_json(900)}}}').decode()
    [entry] = entries(ep.step(f'<tool_call>{{"name": "{GUI}", "arguments": {string}}}</tool_call>')[0])
    assert entry["error_type"] == LIMIT_EXCEEDED
    assert ep.state.log == []


def test_call_tool_bounds_depth_for_python_callers() -> None:
    """10,000 levels built in Python (past any parser) and a cycle reach no recursion."""
    s = PhoneState(load_world("M"), Patch({}))
    cyclic: dict[str, Any] = {}
    cyclic["self"] = cyclic
    for arguments in ({"app": "Gmail", "instruction": "x", "context": nested(10_000)}, {"context": cyclic}):
        fb = call_tool(s, GUI, arguments)
        assert fb["error_type"] == "InvalidArguments" and "max_argument_depth=32" in fb["message"]
    assert [e["arguments"] for e in s.log] == [{}, {}]
    assert too_deep(nested(10_000), 9_999) and not too_deep(nested(10_000), 10_000)


def test_a_shallow_context_still_runs() -> None:
    ep = episode()
    args = {"app": "Gmail", "instruction": "Archive the newsletter", "context": nested(20)}
    [entry] = entries(ep.step(orjson.dumps({"name": GUI, "arguments": args}).decode())[0])
    assert entry["error_type"] != LIMIT_EXCEEDED


class Hostile(str):
    def __str__(self) -> str:
        raise RuntimeError("no")

    def __repr__(self) -> str:
        raise RuntimeError("no")


class Meta(type):
    @property
    def __name__(cls) -> str:  # type: ignore[override]
        raise RuntimeError("no")


class Faker(metaclass=Meta):
    @property  # type: ignore[misc]
    def __class__(self) -> type:  # isinstance(Faker(), str) is True
        return str

    def __str__(self) -> str:
        raise RuntimeError("no")


def test_str_subclasses_and_other_types_are_read_safely() -> None:
    ep = episode()
    obs, *_ = ep.step(Hostile('{"name": "list_alarms", "arguments": {}}'))
    assert entries(obs)[0]["status"] == "success"
    assert isinstance(Faker(), str)
    for action in (Faker(), b"{}", None, 3, ["list_alarms"], {"name": "list_alarms"}):
        [entry] = entries(ep.step(action)[0])
        assert entry["error_type"] == "ParseError" and "must be a str" in entry["message"]
    assert ep.turns == 7 and len(ep.state.log) == 1


def test_huge_inputs_stay_error_observations() -> None:
    ep = episode(Limits(max_action_chars=3_000_000, max_observation_bytes=300_000))
    actions = [
        "<tool_call>" * 200_000,
        '<tool_call>{"name": "' + "a" * 1_000_000 + '"}</tool_call>',
        '{"name": "list_alarms", "arguments": {"x": "' + "é" * 1_000_000 + '"}}',
        "```json\n" + "\n" * 1_000_000 + '{"name": ```',
        '{"name"' + " " * 1_000_000 + ":",
    ]
    for action in actions:
        obs, _, terminated, _, _ = ep.step(action)
        assert not terminated and len(obs.encode()) <= 300_000 + 400
        assert all(e["status"] == "error" for e in entries(obs))


def visited(text: str) -> int:
    before = parsing.VISITED[0]
    parse_turn(text, Limits(max_action_chars=10**8))
    return parsing.VISITED[0] - before


# Families of input that made the old patterns backtrack, or that a rescan per block would make quadratic.
ADVERSARIAL = {
    "fence of newlines": lambda n: "```\n" + "\n" * n + "x",
    "fence of spaced lines": lambda n: "```json" + " \n" * n + "`",
    "open blocks": lambda n: "<tool_call>" * n,
    "unclosed block": lambda n: "<tool_call>" + "x" * n,
    "closed empty blocks": lambda n: "<tool_call></tool_call>" * n,
    "call keys": lambda n: '{"name"' + ' "name"  ' * n,
    "quoted whitespace": lambda n: '{"' + '"name"' + " " * n,
    "brackets": lambda n: "[" * n,
    "fence markers": lambda n: "```\n" + "```" * n + "x",
}


@pytest.mark.parametrize("family", list(ADVERSARIAL))
def test_parsing_work_is_linear(family: str) -> None:
    """1 MB of adversarial text: the characters the scans visit grow linearly (n → 2n doubles them)."""
    make = ADVERSARIAL[family]
    n = 1_000_000 // max(1, len(make(1)))
    small, large = visited(make(n)), visited(make(2 * n))
    assert small <= 8 * len(make(n))
    assert large <= 2 * small + 64


def test_fences_read_as_before() -> None:
    call = '{"name": "list_alarms", "arguments": {}}'
    for text in (f"```json\n{call}\n```", f"```\n{call}```", f"  ```json  \n\n{call}\n```  "):
        assert parse_turn(text).calls == (parsing.ToolCall("list_alarms", {}),)
    for text in (f"```json{call}```", f"```python\n{call}\n```", "```\n```", "```"):
        assert parse_turn(text).is_final
    assert parse_turn("hi <tool_call>" + call + "</tool_call> there <tool_call>{").content == "hi  there"


class CountingLog(list):
    """A log that counts the entries read through slices (how the fault tally reads it)."""

    read = 0

    def __getitem__(self, key: Any) -> Any:
        got = super().__getitem__(key)
        if isinstance(key, slice):
            CountingLog.read += len(got)
        return got


def test_fault_counting_is_linear_and_exact() -> None:
    patch = Patch({"faults": {"list_alarms": {"on_calls": [2, 5], "error_type": "ServiceUnavailable"}}})
    s = PhoneState(load_world("M"), patch)
    s.log = CountingLog()
    CountingLog.read = 0
    statuses = [call_tool(s, "list_alarms", {})["status"] for _ in range(6000)]
    assert [i + 1 for i, x in enumerate(statuses) if x == "error"] == [2, 5]
    assert CountingLog.read <= 6000  # each entry read once, not once per later call
    fork = s.fork()  # a fork counts its own copy of the log
    assert call_tool(fork, "list_alarms", {})["status"] == "success"
    s.reset()
    assert [call_tool(s, "list_alarms", {})["status"] for _ in range(2)] == ["success", "error"]


# ----------------------------------------------------------------------------- any action shape
NAMES = [*list(catalog())[:20], GUI, "ask_user", "load_skill", "", "nope"]
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30,
)


@st.composite
def deep_json(draw: st.DrawFn) -> str:
    depth = draw(st.integers(1, 1100))
    opener = draw(st.sampled_from(['{"k":', "["]))
    closer = "}" if opener[0] == "{" else "]"
    return opener * depth + "1" + closer * depth


@st.composite
def call_text(draw: st.DrawFn) -> str:
    name = orjson.dumps(draw(st.sampled_from(NAMES) | st.text(max_size=10))).decode()
    args = draw(json_values.map(lambda v: orjson.dumps(v).decode()) | deep_json())
    if draw(st.booleans()):
        args = f'{{"context": {args}, "app": {orjson.dumps(draw(st.text(max_size=5))).decode()}}}'
    body = f'{{"name": {name}, "arguments": {args}}}'
    wrap = draw(st.sampled_from(["bare", "block", "fence", "list", "openai", "string"]))
    if wrap == "block":
        return f"<tool_call>{body}</tool_call>" * draw(st.integers(1, 40))
    if wrap == "fence":
        return f"```json\n{body}\n```"
    if wrap == "list":
        return f"[{','.join([body] * draw(st.integers(1, 40)))}]"
    if wrap == "openai":
        return f'{{"tool_calls": [{{"type": "function", "function": {body}}}]}}'
    if wrap == "string":
        return f'{{"name": {name}, "arguments": {orjson.dumps(args).decode()}}}'
    return body


pieces = st.sampled_from(["<tool_call>", "</tool_call>", "```", "```json\n", "{", "}", "[", "]", '"', "\n"])
actions = st.one_of(
    call_text(),
    st.text(max_size=200),
    st.lists(pieces | st.text(max_size=5), max_size=60).map("".join),
    deep_json(),
    st.tuples(
        st.sampled_from(["x", "\n", " ", "<tool_call>", "é", "\U0001f600"]), st.integers(0, 70_000)
    ).map(lambda p: p[0] * p[1]),
    st.builds(Hostile, call_text()),
    st.none() | st.integers() | st.binary(max_size=10) | st.lists(st.text(max_size=3), max_size=3),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(turns=st.lists(actions, min_size=1, max_size=4))
def test_step_returns_a_well_formed_tuple_for_any_action(turns: list[Any]) -> None:
    ep = episode()
    for action in turns:
        if ep.done:
            break
        out = ep.step(action)
        assert isinstance(out, tuple) and len(out) == 5
        obs, reward, terminated, truncated, info = out
        assert type(obs) is str and type(reward) is float
        assert type(terminated) is bool and type(truncated) is bool and type(info) is dict
        assert info["task_id"] == TASK
        if not terminated:
            assert len(obs.encode()) <= DEFAULT_LIMITS.max_observation_bytes + 32 * 400
            assert all(set(e) == {"name", "status", "error_type", "message", "data"} for e in entries(obs))
        else:
            assert obs == "" and "verdict" in info


def test_env_takes_limits() -> None:
    env = MobilePAEnv(split="starter", limits=Limits(max_calls_per_turn=1))
    env.reset(options={"task_id": TASK})
    obs, *_ = env.step('[{"name": "list_alarms"}, {"name": "list_alarms"}]')
    assert "max_calls_per_turn=1" in entries(obs)[0]["message"]
