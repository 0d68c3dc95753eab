"""parse_turn: every accepted call form, plain-text final messages, CallErrors, and fuzzing.

A turn is either tool calls (well-formed ``ToolCall``s and ``CallError``s naming what is wrong) or a
final message; whatever the model writes, parse_turn returns a Turn and never raises.
"""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mpb_env.parsing import CallError, ToolCall, Turn, parse_turn

ALARM = ToolCall("create_alarm", {"time": "07:30", "label": "Gym"})
LIST = ToolCall("list_alarms", {})
ALARM_JSON = '{"name": "create_alarm", "arguments": {"time": "07:30", "label": "Gym"}}'
LIST_JSON = '{"name": "list_alarms", "arguments": {}}'


def dumps(value: Any) -> str:
    return orjson.dumps(value).decode()


@pytest.mark.parametrize(
    ("text", "calls"),
    [
        pytest.param(ALARM_JSON, [ALARM], id="json_call"),
        pytest.param(f"  \n{LIST_JSON}\n ", [LIST], id="json_call_with_whitespace"),
        pytest.param(
            dumps({"name": "create_alarm", "arguments": dumps(ALARM.arguments)}),
            [ALARM],
            id="arguments_as_string",
        ),
        pytest.param('{"name": "list_alarms", "arguments": ""}', [LIST], id="arguments_empty_string"),
        pytest.param('{"name": "list_alarms", "arguments": null}', [LIST], id="arguments_null"),
        pytest.param('{"name": "list_alarms"}', [LIST], id="arguments_missing"),
        pytest.param(
            '{"name": "create_alarm", "parameters": {"time": "07:30", "label": "Gym"}}',
            [ALARM],
            id="parameters",
        ),
        pytest.param(f"[{ALARM_JSON}, {LIST_JSON}]", [ALARM, LIST], id="list_of_calls"),
        pytest.param(
            dumps(
                {
                    "type": "function",
                    "function": {"name": "create_alarm", "arguments": dumps(ALARM.arguments)},
                }
            ),
            [ALARM],
            id="openai_function",
        ),
        pytest.param(
            dumps(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_1",
                            "type": "function",
                            "function": {"name": "list_alarms", "arguments": "{}"},
                        },
                        {
                            "id": "call_2",
                            "type": "function",
                            "function": {"name": "create_alarm", "arguments": dumps(ALARM.arguments)},
                        },
                    ],
                }
            ),
            [LIST, ALARM],
            id="openai_tool_calls",
        ),
        pytest.param(f"```json\n{ALARM_JSON}\n```", [ALARM], id="fenced_json"),
        pytest.param(f"```\n[{LIST_JSON}, {ALARM_JSON}]\n```", [LIST, ALARM], id="fenced_untagged_list"),
    ],
)
def test_json_forms(text: str, calls: list[ToolCall]) -> None:
    turn = parse_turn(text)
    assert turn.calls == tuple(calls)
    assert turn.content == ""
    assert not turn.is_final


def test_hermes_blocks_with_text_around() -> None:
    text = f"Let me check your alarms first.\n<tool_call>\n{LIST_JSON}\n</tool_call>\n<tool_call>{ALARM_JSON}</tool_call>\nOne moment."
    turn = parse_turn(text)
    assert turn.calls == (LIST, ALARM)
    assert turn.content.startswith("Let me check your alarms first.")
    assert turn.content.endswith("One moment.")
    assert "tool_call" not in turn.content and "{" not in turn.content


def test_hermes_unclosed_last_block() -> None:
    turn = parse_turn(f"<tool_call>{LIST_JSON}</tool_call> and then <tool_call>{ALARM_JSON}\n")
    assert turn.calls == (LIST, ALARM)
    assert turn.content == "and then"


def test_hermes_block_holding_other_forms() -> None:
    openai = dumps({"type": "function", "function": {"name": "list_alarms", "arguments": "{}"}})
    turn = parse_turn(f"<tool_call>[{ALARM_JSON}]</tool_call><tool_call>{openai}</tool_call>")
    assert turn.calls == (ALARM, LIST)


def test_hermes_bad_block_does_not_drop_good_ones() -> None:
    turn = parse_turn(f'<tool_call>{LIST_JSON}</tool_call><tool_call>{{"name": "x", </tool_call>')
    assert turn.calls[0] == LIST
    assert isinstance(turn.calls[1], CallError)
    assert "<tool_call> block is invalid JSON" in turn.calls[1].message


@pytest.mark.parametrize(
    "text",
    [
        "Done! Your alarm is set for 07:30.",
        "Use {curly} braces",
        "{curly} braces come first here",
        "{not json, but mentions name: yes}",
        '{"answer": 42}',
        "[1, 2, 3]",
        "[]",
        '```json\n{"answer": 42}\n```',
        'I\'ll call it like this: {"name": "list_alarms"} if you agree.',
    ],
)
def test_plain_text_is_the_final_message(text: str) -> None:
    turn = parse_turn(text)
    assert turn.is_final
    assert turn.calls == ()
    assert turn.content == text.strip()


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_empty_turn_is_an_empty_final_message(text: str) -> None:
    assert parse_turn(text) == Turn((), "")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        pytest.param('{"name": "list_alarms", "arguments": {', "invalid JSON", id="unterminated"),
        pytest.param("{'name': 'list_alarms', 'arguments': {}}", "invalid JSON", id="single_quotes"),
        pytest.param('{"name": "list_alarms", "arguments": {},}', "invalid JSON", id="trailing_comma"),
        pytest.param('{"tool_calls": [ {"function": ', "invalid JSON", id="tool_calls_cut_off"),
        pytest.param(
            '{"name": "create_alarm", "arguments": "{time: 07:30}"}',
            '"arguments" of create_alarm',
            id="bad_arguments_string",
        ),
        pytest.param(
            '{"name": "create_alarm", "arguments": [1, 2]}',
            "must be a JSON object, got list",
            id="arguments_list",
        ),
        pytest.param(
            '{"name": "create_alarm", "arguments": 5}', "must be a JSON object, got int", id="arguments_int"
        ),
        pytest.param(
            '{"name": "create_alarm", "arguments": "[1]"}',
            "must be a JSON object, got list",
            id="arguments_string_of_list",
        ),
        pytest.param(
            '{"name": "create_alarm", "arguments": true}',
            "must be a JSON object, got bool",
            id="arguments_bool",
        ),
        pytest.param('{"name": 5, "arguments": {}}', 'needs a string "name"', id="name_int"),
        pytest.param('{"name": "", "arguments": {}}', 'needs a string "name"', id="name_empty"),
        pytest.param('{"function": {"arguments": {}}}', 'needs a string "name"', id="function_without_name"),
        pytest.param('{"tool_calls": [5]}', "must be a JSON object, got int", id="tool_calls_item_int"),
    ],
)
def test_malformed_call_is_a_call_error(text: str, problem: str) -> None:
    turn = parse_turn(text)
    assert len(turn.calls) == 1, turn
    assert isinstance(turn.calls[0], CallError)
    assert problem in turn.calls[0].message, turn.calls[0].message
    assert not turn.is_final


def test_one_bad_call_in_tool_calls_keeps_the_good_ones() -> None:
    turn = parse_turn(
        dumps({"tool_calls": [{"function": {"name": "list_alarms"}}, {"function": {"name": 3}}]})
    )
    assert turn.calls[0] == LIST
    assert isinstance(turn.calls[1], CallError)


def test_one_bad_item_in_a_list_of_calls_keeps_the_good_ones() -> None:
    turn = parse_turn(f"[{LIST_JSON}, 5]")
    assert turn.calls[0] == LIST
    assert isinstance(turn.calls[1], CallError)


def test_empty_tool_calls_keeps_the_final_message() -> None:
    turn = parse_turn(dumps({"role": "assistant", "content": "All done.", "tool_calls": []}))
    assert turn.is_final
    assert "All done." in turn.content


@pytest.mark.parametrize("action", [None, 5, 1.5, b"{}", {"name": "list_alarms"}, ["list_alarms"]])
def test_non_str_action_is_a_call_error(action: Any) -> None:
    turn = parse_turn(action)
    assert len(turn.calls) == 1 and isinstance(turn.calls[0], CallError)
    assert "must be a str" in turn.calls[0].message
    assert not turn.is_final


# ------------------------------------------------------------------------------------------ fuzzing
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
call_keys = st.sampled_from(["name", "arguments", "parameters", "function", "type", "tool_calls"])
call_shaped = st.dictionaries(
    call_keys, json_values | st.dictionaries(call_keys, json_values, max_size=3), max_size=4
)


def assert_well_formed(turn: Any) -> None:
    assert isinstance(turn, Turn)
    assert isinstance(turn.content, str)
    for call in turn.calls:
        assert isinstance(call, ToolCall | CallError)
        if isinstance(call, ToolCall):
            assert isinstance(call.name, str) and call.name
            assert isinstance(call.arguments, dict)
        else:
            assert isinstance(call.message, str) and call.message


@settings(max_examples=300, deadline=None)
@given(st.text() | st.text(alphabet=st.sampled_from('{}[]":,<>/`\n json_toolcalnme')))
def test_fuzz_text_never_raises(text: str) -> None:
    turn = parse_turn(text)
    assert_well_formed(turn)
    if turn.is_final and "<tool_call>" not in text and "tool_calls" not in text:
        assert turn.content == text.strip()


@settings(max_examples=300, deadline=None)
@given(
    value=json_values | call_shaped | st.lists(call_shaped, max_size=3),
    wrap=st.sampled_from(["raw", "json", "hermes", "fence", "tool_calls", "cut"]),
)
def test_fuzz_json_values_never_raise(value: Any, wrap: str) -> None:
    text = dumps(value)
    action: Any = {
        "raw": value,
        "json": text,
        "hermes": f"Sure.\n<tool_call>{text}</tool_call>",
        "fence": f"```json\n{text}\n```",
        "tool_calls": dumps({"tool_calls": value}),
        "cut": text[: len(text) // 2],
    }[wrap]
    assert_well_formed(parse_turn(action))


@settings(max_examples=200, deadline=None)
@given(
    name=st.text(min_size=1, max_size=20),
    arguments=st.dictionaries(st.text(max_size=8), json_values, max_size=4),
    form=st.sampled_from(["bare", "string_args", "openai", "hermes", "fence"]),
)
def test_fuzz_any_call_round_trips(name: str, arguments: dict[str, Any], form: str) -> None:
    assume("</tool_call>" not in dumps([name, arguments]))
    call = {"name": name, "arguments": arguments}
    text = {
        "bare": dumps(call),
        "string_args": dumps({"name": name, "arguments": dumps(arguments)}),
        "openai": dumps({"type": "function", "function": {"name": name, "arguments": dumps(arguments)}}),
        "hermes": f"<tool_call>{dumps(call)}</tool_call>",
        "fence": f"```json\n{dumps(call)}\n```",
    }[form]
    assert parse_turn(text).calls == (ToolCall(name, arguments),)
