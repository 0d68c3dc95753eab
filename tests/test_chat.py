"""The OpenAI-compatible chat policy against a local chat server over real HTTP.

A scripted "model" that answers with each task's oracle turns must score what the oracle scores, in
either tool-call mode; the requests must be what an OpenAI-compatible server expects (tool results
paired with their call ids, the action set as ``tools``; the fake server refuses, with a 400, what
OpenAI, vLLM, SGLang or Ollama would refuse); bad replies must end as error observations or a final
message, never an exception, and server failures as one clean error that keeps the finished episodes;
requests in flight stay within ``concurrency``, and a failed batch leaves none behind.
"""

from __future__ import annotations

import asyncio
import hashlib
import pickle
import random
import re
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import orjson
import pytest

from chat_server import REPLY_TOKENS, FakeChatServer, completion, oracle_model, protocol_errors
from mpb_env.episode import Episode
from mpb_env.parsing import parse_turn
from mpb_env.prompts import NATIVE_TOOL_CALLS, TEXT_TOOL_CALLS, compact_tool
from mpb_env.rollouts.chat import ChatPolicy, Completion, PolicyError, request_seed
from mpb_env.rollouts.cli import main
from mpb_env.rollouts.policies import make_policy
from mpb_env.rollouts.runner import read_trajectories, run
from mpb_env.tasks import load_tasks
from mpb_env.tasks.model import episodes
from mpb_env.world.generate import load_world

# Every dimension, bucket and routing of bench (every 45th episode) and interaction tasks (ask_user).
PLAN = episodes(load_tasks("bench"))[::45] + episodes(load_tasks("interaction"))[::25]


def _policy(url: str, **kw: Any) -> ChatPolicy:
    return ChatPolicy("scripted", base_url=url, api_key="test", max_retries=0, **kw)


@pytest.mark.parametrize("mode", ["native", "text"])
def test_scripted_oracle_scores_like_the_oracle(mode: str) -> None:
    assert {t.dimension for t in PLAN} == {"basic", "subagent", "memory", "skill"}
    assert {t.routing for t in PLAN} >= {"SOR", "MTSR"} and any(t.allow_ask for t in PLAN)
    with FakeChatServer(oracle_model(PLAN, native=mode == "native")) as server:
        trajs = run(PLAN, _policy(server.url, tool_calls=mode), recall="oracle", progress=False, batch_size=8)
        requests = server.requests
    failed = [t.task_id for t in trajs if not t.success]
    assert not failed, failed
    for t in trajs:  # the server's token counts, not words
        assert t.output_tokens == REPLY_TOKENS * len(t.turns)
    if mode == "native":
        assert all("tools" in r for r in requests)
        assert not any("<tools>" in r["messages"][0]["content"] for r in requests)
        # a loaded skill's tools are offered when they become callable
        offered: dict[int, set[str]] = {}
        grew = False
        for r in requests:
            names = {t["function"]["name"] for t in r["tools"]}
            grew |= names > offered.setdefault(r["seed"], names)
        assert grew
    else:
        assert not any("tools" in r for r in requests)
        assert all("<tools>" in r["messages"][0]["content"] for r in requests)
        # a loaded skill's tools are listed when they become callable
        assert any(
            "New tools you can call now" in m["content"]
            for r in requests
            for m in r["messages"]
            if m["role"] == "user"
        )


@pytest.mark.parametrize("mode", ["native", "text"])
def test_under_the_compact_format_the_tools_ride_in_the_system_message(mode: str) -> None:
    """``tool_format="compact"``: no request has ``tools`` and no schema listing is added, in either mode;
    the system message is the env's, compact lines and call syntax included, and a loaded skill's tools
    come back in the feedback the model reads."""
    with FakeChatServer(oracle_model(PLAN, native=False)) as server:
        trajs = run(PLAN, _policy(server.url, tool_calls=mode), recall="oracle", progress=False, batch_size=8,
                    tool_format="compact")  # fmt: skip
        requests = server.requests
    failed = [t.task_id for t in trajs if not t.success]
    assert not failed, failed
    world = load_world("M")
    for task in PLAN:
        start = Episode(world, task, "oracle", tool_format="compact").start_info()
        mine = [r for r in requests if r["seed"] == request_seed(0, task.id)]
        assert mine and mine[0]["messages"] == start["messages"]  # as the env wrote them, nothing added
        assert all(compact_tool(s) in start["messages"][0]["content"] for s in start["tools"])
    assert not any("tools" in r or "<tools>" in r["messages"][0]["content"] for r in requests)
    assert all(TEXT_TOOL_CALLS not in r["messages"][0]["content"] for r in requests)
    assert all(r["messages"][0]["content"].count("<tool_call>") == 1 for r in requests)
    said = [m["content"] for r in requests for m in r["messages"] if m["role"] == "user"]
    assert any('"new_tools":' in c for c in said) and not any("New tools you can call now" in c for c in said)


def test_requests_follow_the_chat_completions_protocol() -> None:
    plan = [t for t in PLAN if len(t.oracle) >= 3][:6]
    with FakeChatServer(oracle_model(plan, seed=3)) as server:
        run(
            plan, _policy(server.url, temperature=0.5, max_tokens=77, seed=3), recall="oracle", progress=False
        )
        requests = server.requests
    world = load_world("M")
    for task in plan:
        mine = [r for r in requests if r["seed"] == request_seed(3, task.id)]
        assert len(mine) == len(task.oracle)
        start = Episode(world, task, "oracle").start_info()
        first = mine[0]
        assert first["model"] == "scripted" and first["temperature"] == 0.5 and first["max_tokens"] == 77
        system, *rest = start["messages"]
        assert TEXT_TOOL_CALLS in system["content"]  # natively, function calls are asked for instead
        native = system["content"].replace(TEXT_TOOL_CALLS, NATIVE_TOOL_CALLS)
        assert first["messages"] == [{"role": "system", "content": native}, *rest]
        assert first["tools"] == [{"type": "function", "function": s["function"]} for s in start["tools"]]
        # every request extends the previous conversation, and each tool result answers a call id
        for before, after in zip(mine, mine[1:], strict=False):
            assert after["messages"][: len(before["messages"])] == before["messages"]
        ids: list[str] = []
        for m in mine[-1]["messages"]:
            if m["role"] == "assistant":
                assert not ids, "results missing for calls " + str(ids)
                ids = [c["id"] for c in m.get("tool_calls", [])]
            elif m["role"] == "tool":
                assert m["tool_call_id"] == ids.pop(0)
                assert orjson.loads(m["content"])["status"] in ("success", "error")


def _one_reply(message: dict[str, Any]) -> Any:
    def respond(body: dict[str, Any]) -> dict[str, Any]:
        if any(m["role"] == "assistant" for m in body["messages"]):
            return {"role": "assistant", "content": "I could not do it."}
        return message

    return respond


def test_malformed_arguments_are_an_error_observation_paired_with_the_call() -> None:
    task = PLAN[0]
    bad = {
        "role": "assistant",
        "content": "Let me check.",
        "tool_calls": [
            {"id": "a", "type": "function", "function": {"name": "list_alarms", "arguments": "{not json"}},
            {"id": "b", "type": "function", "function": {"name": "no_such_tool", "arguments": "{}"}},
        ],
    }
    with FakeChatServer(_one_reply(bad)) as server:
        (traj,) = run([task], _policy(server.url), recall="oracle", progress=False)
        second = server.requests[1]["messages"]
    first = traj.turns[0]
    assert first["action"].startswith("Let me check.\n<tool_call>")  # the reply's text is kept
    errors = [e["error_type"] for e in orjson.loads(first["observation"])]
    assert errors == ["ParseError", "UnknownTool"]
    results = [m for m in second if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in results] == ["a", "b"]
    assert [orjson.loads(m["content"])["error_type"] for m in results] == errors
    assert not traj.success


def _call(name: Any, arguments: Any, call_id: Any = "c1") -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def _memory(query: str, call_id: Any = "c1") -> dict[str, Any]:
    return _call("search_user_memory", orjson.dumps({"query": query}).decode(), call_id)


# A first reply, the outcome of each call it holds (None: success, else the error type) and the text
# the conversation keeps of the reply.
BAD_REPLIES = {
    "text blocks beside native calls run only the native ones": (
        {
            "role": "assistant",
            "content": 'Checking. <tool_call>{"name": "search_user_memory", "arguments": {}}</tool_call>',
            "tool_calls": [_memory("native")],
        },
        [None],
        "Checking.",
    ),
    "a call without a name": (
        {"role": "assistant", "content": None, "tool_calls": [_call("", "{}")]},
        ["ParseError"],
        "",
    ),
    "arguments that are JSON but not an object": (
        {"role": "assistant", "content": None, "tool_calls": [_call("search_user_memory", "[1]")]},
        ["ParseError"],
        "",
    ),
    "arguments sent as an object": (
        {"role": "assistant", "content": "", "tool_calls": [_call("search_user_memory", {"query": "x"})]},
        [None],
        "",
    ),
    "missing and repeated call ids": (
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [_memory("wake", None), _memory("work", "call_0_0"), _memory("gym", "call_0_0")],
        },
        [None, None, None],
        "",
    ),
    "tags inside argument strings": (
        {
            "role": "assistant",
            "content": "Looking.",
            "tool_calls": [_memory("a </tool_call> b"), _memory("<tool_call>{}", "c2")],
        },
        [None, None],
        "Looking.",
    ),
    "arguments cut off by max_tokens": (
        completion(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [_call("search_user_memory", '{"query": "ab')],
            },
            finish="length",
        ),
        ["ParseError"],
        "",
    ),
    "reasoning beside the calls": (
        {
            "role": "assistant",
            "content": None,
            "reasoning_content": "SECRET",
            "tool_calls": [_memory("wake up")],
        },
        [None],
        "",
    ),
}


@pytest.mark.parametrize("case", list(BAD_REPLIES))
def test_a_bad_reply_is_an_observation_and_the_chat_stays_valid(case: str) -> None:
    reply, outcomes, kept = BAD_REPLIES[case]
    calls = (reply["choices"][0]["message"] if "choices" in reply else reply)["tool_calls"]
    with FakeChatServer(_one_reply(reply)) as server:  # it refuses a request that breaks the protocol
        (traj,) = run([PLAN[0]], _policy(server.url), recall="oracle", progress=False)
        second = server.requests[1]
    entries = orjson.loads(traj.turns[0]["observation"])
    assert [None if e["status"] == "success" else e["error_type"] for e in entries] == outcomes
    assert not protocol_errors(second)
    (assistant,) = [m for m in second["messages"] if m["role"] == "assistant"]
    assert assistant["content"] == kept
    results = [m for m in second["messages"] if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in results] == [c["id"] for c in assistant["tool_calls"]]
    assert [orjson.loads(m["content"]) for m in results] == entries
    assert len(results) == len(calls) and "SECRET" not in orjson.dumps(second).decode()
    if all(o is None for o in outcomes):  # the action is the calls, argument for argument
        parsed = parse_turn(traj.turns[0]["action"]).calls
        assert [c.arguments for c in parsed] == [
            orjson.loads(c["function"]["arguments"]) for c in assistant["tool_calls"]
        ]


@pytest.mark.parametrize(
    ("reply", "action"),
    [
        ({"role": "assistant", "content": None}, ""),
        (
            {
                "role": "assistant",
                "content": [{"type": "text", "text": "All "}, {"type": "text", "text": "done."}],
            },
            "All done.",
        ),
        (
            {
                "role": "assistant",
                "content": '<think>Maybe <tool_call>{"name": "search_user_memory", "arguments": {}}</tool_call>'
                "</think>\n\nI cleared it.",
            },
            "I cleared it.",
        ),
        (
            {"role": "assistant", "content": "so I will answer.</think>Cleared.", "reasoning_content": "x"},
            "Cleared.",
        ),
        (completion({"role": "assistant", "content": "<think>Let me see, the"}, finish="length"), ""),
    ],
    ids=["empty", "content parts", "think block", "think closed only", "cut off while thinking"],
)
def test_replies_without_calls_are_the_final_message(reply: dict[str, Any], action: str) -> None:
    with FakeChatServer(_one_reply(reply)) as server:
        (traj,) = run([PLAN[0]], _policy(server.url), recall="oracle", progress=False)
    assert [t["action"] for t in traj.turns] == [action] and traj.verdict and not traj.success


@pytest.mark.parametrize(
    "body",
    [{"choices": []}, {"choices": None}, {"choices": [{"index": 0, "finish_reason": "stop"}]}],
    ids=["no choices", "null choices", "no message"],
)
def test_a_response_without_a_reply_is_a_policy_error(body: dict[str, Any]) -> None:
    with FakeChatServer(lambda _body: body) as server:
        (traj,) = run([PLAN[0]], _policy(server.url), recall="oracle", progress=False)
    assert traj.outcome == "policy_error" and not traj.reward_valid
    assert (
        traj.error is not None
        and traj.error.startswith("PolicyError: the server at")
        and "no reply" in traj.error
    )


def test_feedback_that_does_not_pair_with_the_calls_goes_back_as_text() -> None:
    task = PLAN[0]
    info = {**Episode(load_world("M"), task, "oracle").start_info(), "slot": 0}
    two = {"role": "assistant", "content": None, "tool_calls": [_memory("wake"), _memory("work", "c2")]}
    with FakeChatServer(_one_reply(two)) as server:
        policy = _policy(server.url)
        policy.reset(0, info)
        (action,) = asyncio.run(policy.act([task.query], [info]))  # each act on a loop of its own
        one = '[{"name":"search_user_memory","status":"success","error_type":null,"message":"","data":[]}]'
        (final,) = asyncio.run(policy.act([one], [{"task_id": task.id, "turn": 1, "slot": 0}]))
        second = server.requests[1]["messages"]
    assert final == "I could not do it." and not protocol_errors(server.requests[1])
    assert second[-2:] == [{"role": "assistant", "content": action}, {"role": "user", "content": one}]


def test_text_mode_without_a_system_message_still_lists_the_tools() -> None:
    task = PLAN[0]
    start = Episode(load_world("M"), task, "oracle").start_info()
    info = {**start, "messages": start["messages"][1:], "slot": 0}
    with FakeChatServer(_one_reply({"role": "assistant", "content": "Done."})) as server:
        policy = _policy(server.url, tool_calls="text")
        policy.reset(0, info)
        asyncio.run(policy.act([task.query], [info]))
        (request,) = server.requests
    assert request["messages"][0]["role"] == "system" and "<tools>" in request["messages"][0]["content"]
    assert request["messages"][1:] == info["messages"]


def test_concurrency_bounds_the_requests_in_flight() -> None:
    plan = PLAN[:8]
    with FakeChatServer(oracle_model(plan), delay=0.05) as server:
        trajs = run(plan, _policy(server.url, concurrency=3), recall="oracle", progress=False, batch_size=8)
    assert all(t.success for t in trajs) and server.max_in_flight == 3


def test_a_failed_request_fails_its_slot_alone() -> None:
    plan = PLAN[:4]
    healthy = oracle_model(plan)

    def respond(body: dict[str, Any]) -> Any:
        if body["seed"] == request_seed(0, plan[0].id):
            return 400, {"error": {"message": "the model does not exist"}}
        time.sleep(0.5)
        return healthy(body)

    world = load_world("M")
    infos = [{**Episode(world, t, "oracle").start_info(), "slot": i} for i, t in enumerate(plan)]
    loop = asyncio.new_event_loop()
    with FakeChatServer(respond) as server:
        policy = _policy(server.url)
        for i, info in enumerate(infos):
            policy.reset(i, info)
        replies = loop.run_until_complete(policy.act([t.query for t in plan], infos))
        assert not asyncio.all_tasks(loop)
        # the executor's retry of that slot asks again; the answered slots are not asked twice
        asked = len(server.requests)
        again = loop.run_until_complete(policy.act([t.query for t in plan[1:]], infos[1:]))
        assert len(server.requests) == asked and again == replies[1:]
    loop.close()
    assert isinstance(replies[0], PolicyError) and "the model does not exist" in str(replies[0])
    assert all(isinstance(r, str) and parse_turn(r).calls for r in replies[1:])  # the others' first calls


def test_a_run_inside_a_running_event_loop() -> None:
    plan = PLAN[:3]

    async def main(url: str) -> list[Any]:
        return run(plan, _policy(url), recall="oracle", progress=False)

    with FakeChatServer(oracle_model(plan)) as server:
        trajs = asyncio.run(main(server.url))
    assert [t.task_id for t in trajs] == [t.id for t in plan] and all(t.success for t in trajs)


def test_extra_body_is_sent_and_named_in_the_label() -> None:
    plan = PLAN[:1]
    with FakeChatServer(oracle_model(plan)) as server:
        policy = _policy(server.url, extra_body={"top_k": 5})
        run(plan, policy, recall="oracle", progress=False)
    assert all(r["top_k"] == 5 for r in server.requests)
    assert 'extra_body={"top_k":5}' in policy.label and "extra_body" not in _policy(server.url).label


def test_the_fake_server_refuses_what_real_servers_refuse() -> None:
    call = _memory("x")
    ok = {
        "model": "m",
        "tools": [{"type": "function", "function": {"name": "f", "description": "", "parameters": {}}}],
        "messages": [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "c1", "content": "{}"},
        ],
    }
    assert protocol_errors(ok) == []
    user, assistant, result = ok["messages"]
    bad_args = {**assistant, "tool_calls": [_call("f", "{not json")]}
    for broken in [
        {**ok, "tools": [{**ok["tools"][0], "domain": "clock"}]},
        {**ok, "tools": [{"type": "function", "function": {"name": "f", "mutates": True}}]},
        {**ok, "messages": [user, assistant, {"role": "user", "content": "[]"}]},  # results missing
        {**ok, "messages": [user, assistant]},
        {**ok, "messages": [user, bad_args, result]},
        {**ok, "messages": [user, {**assistant, "reasoning_content": "x"}, result]},
        {**ok, "messages": [user, {**assistant, "tool_calls": [call, call]}, result, result]},
        {**ok, "messages": [user, {"role": "assistant", "content": None}]},
        {**ok, "messages": [user, result]},
    ]:
        assert protocol_errors(broken), broken


def test_server_failure_fails_its_episodes_and_retry_failed_finishes_them(tmp_path: Path) -> None:
    plan = PLAN[:6]
    healthy = oracle_model(plan)
    calls = {"n": 0}

    def failing(body: dict[str, Any]) -> Any:
        calls["n"] += 1
        return healthy(body) if calls["n"] <= 9 else (400, {"error": {"message": "the model does not exist"}})

    out = tmp_path / "run"
    with FakeChatServer(failing) as server:
        first = run(plan, _policy(server.url), recall="oracle", progress=False, batch_size=2, out=out)
    kept = read_trajectories(out / "trajectories.jsonl")
    assert [t.task_id for t in kept] == [t.id for t in plan]  # the run completed
    failed = [t for t in first if t.outcome == "policy_error"]
    assert 0 < len(failed) < len(plan) and all("the model does not exist" in (t.error or "") for t in failed)
    with FakeChatServer(healthy) as server:
        trajs = run(
            plan,
            _policy(server.url),
            recall="oracle",
            progress=False,
            batch_size=2,
            out=out,
            retry_failed=True,
        )
        assert len(server.requests) == sum(
            len(t.turns) for t in trajs if t.task_id in {f.task_id for f in failed}
        )
    assert [t.task_id for t in trajs] == [t.id for t in plan] and all(t.success for t in trajs)
    assert [t.task_id for t in read_trajectories(out / "trajectories.jsonl")] == [t.id for t in plan]


def test_same_seed_same_server_same_trajectories() -> None:
    plan = PLAN[:8]
    lines, sent = [], []
    for _ in range(2):
        with FakeChatServer(oracle_model(plan)) as server:
            trajs = run(
                plan, _policy(server.url, concurrency=3), recall="oracle", progress=False, batch_size=4
            )
        lines.append([t.model_dump(exclude={"timings"}) for t in trajs])
        sent.append(sorted(orjson.dumps(r, option=orjson.OPT_SORT_KEYS) for r in server.requests))
    assert lines[0] == lines[1] and sent[0] == sent[1]  # the same requests, whatever order they came in


def test_cli_eval_with_a_chat_model(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plan = episodes(load_tasks("bench"))[:3]
    with FakeChatServer(oracle_model(plan, seed=5)) as server:
        code = main(
            ["eval", "--policy", "openai:scripted", "--base-url", server.url, "--limit", "3", "--seed", "5"]
            + ["--recall", "oracle", "--json", "--no-progress", "--out", str(tmp_path / "r")]
        )
    assert code == 0
    report = orjson.loads(capsys.readouterr().out)
    assert report["episodes"] == 3 and report["run"]["policy"] == "openai:scripted"
    run_json = orjson.loads((tmp_path / "r" / "run.json").read_bytes())
    assert "openai:scripted(temperature=0.0" in orjson.dumps(run_json).decode()


def test_cli_chat_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    def refuse(body: dict[str, Any]) -> Any:
        return 401, {"error": {"message": "bad key"}}

    with FakeChatServer(refuse) as server:
        code = main(
            ["eval", "--policy", "openai:m", "--base-url", server.url, "--limit", "1", "--no-progress"]
        )
    err = capsys.readouterr().err.strip()  # every episode failed: nothing was measured, exit 1
    assert code == 1 and err.count("\n") == 0 and "bad key" in err and err.startswith("mpb: policy_error"), (
        err
    )
    assert main(["eval", "--policy", "random", "--temperature", "0.7", "--limit", "1"]) == 2
    assert "--temperature applies only to --policy openai:" in capsys.readouterr().err
    assert main(["eval", "--policy", "openai:m", "--temperature", "9"]) == 2
    assert main(["eval", "--policy", "openai:"]) == 2
    assert "model name" in capsys.readouterr().err


@pytest.mark.parametrize(
    "kw",
    [{"tool_calls": "json"}, {"temperature": -1.0}, {"max_tokens": 0}, {"concurrency": 0}, {"top_p": 0.0}],
)
def test_bad_settings_are_value_errors(kw: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        make_policy("openai:m", [], chat=kw)


def test_completion_keeps_its_count_and_parses_like_str() -> None:
    text = '{"name": "list_alarms", "arguments": {}}'
    c = Completion(text, 12)
    again = pickle.loads(pickle.dumps(c))
    assert again == text and again.output_tokens == 12
    assert parse_turn(c) == parse_turn(text) == parse_turn(np.str_(text))
    assert not parse_turn(c).is_final


def test_a_lone_surrogate_in_a_reply_does_not_break_the_next_request(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server may escape half a surrogate pair ("\\ud83d"): the reply is still an action, and the chat
    sent back is UTF-8 (the client failed to encode it, stopping the run on every resume)."""
    import json

    import chat_server

    wire = type(
        "Wire",
        (),
        {"loads": staticmethod(orjson.loads), "dumps": staticmethod(lambda p: json.dumps(p).encode())},
    )
    monkeypatch.setattr(chat_server, "orjson", wire)  # the fake server writes ASCII escapes, as JSON allows
    reply = {
        "role": "assistant",
        "content": "Checking \ud83d",
        "tool_calls": [_memory("wake"), _call("x\ud800", "{}", "c2")],
    }
    with FakeChatServer(_one_reply(reply)) as server:
        (traj,) = run([PLAN[0]], _policy(server.url), recall="oracle", progress=False)
        second = server.requests[1]
    assert [t["action"] for t in traj.turns][1] == "I could not do it."
    (assistant,) = [m for m in second["messages"] if m["role"] == "assistant"]
    assert assistant["content"] == "Checking ?"
    assert [c["function"]["name"] for c in assistant["tool_calls"]] == ["search_user_memory", "x?"]


def test_the_same_settings_written_as_int_or_float_resume(tmp_path: Path) -> None:
    plan = PLAN[:2]
    with FakeChatServer(oracle_model(plan)) as server:
        run(
            plan[:1],
            _policy(server.url, temperature=0, top_p=1),
            recall="oracle",
            progress=False,
            out=tmp_path,
        )
        trajs = run(
            plan, _policy(server.url, top_p=1.0), recall="oracle", progress=False, out=tmp_path, resume=True
        )
    assert [t.task_id for t in trajs] == [t.id for t in plan]
    assert _policy("http://h/v1", temperature=1).label == _policy("http://h/v1", temperature=1.0).label


@pytest.mark.parametrize(
    "url", ["localhost:8000/v1", "127.0.0.1:8000", "ftp://h/v1", "http://[bad", "http://h:port/v1", "/v1"]
)
def test_a_base_url_that_cannot_work_is_a_usage_error(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="http\\(s\\) URL"):
        make_policy("openai:m", [], chat={"base_url": url})
    assert main(["eval", "--policy", "openai:m", "--base-url", url, "--limit", "1", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mpb: error: base_url must be") and err.count("\n") == 1
    make_policy("openai:m", [], chat={"base_url": "https://api.example.com:8443/v1"})  # a good one passes


def test_a_misnamed_setting_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="no setting max_new_tokens.*choose from .*max_tokens"):
        make_policy("openai:m", [], chat={"max_new_tokens": 5})
    with pytest.raises(ValueError, match="no setting seed"):
        make_policy("openai:m", [], chat={"seed": 5})


#: How servers refuse a conversation that no longer fits the model's context (vLLM's names both limit
#: fields, though neither is the problem).
OVERFLOWS = {
    "openai": "This model's maximum context length is 4096 tokens. However, you requested 5210 tokens.",
    "vllm": "'max_tokens' or 'max_completion_tokens' is too large: 1024. This model's maximum context length "
    "is 4096 tokens and your request has 3500 input tokens (1024 > 4096 - 3500).",
    "sglang": "Requested token count exceeds the model's maximum context length of 4096 tokens. You "
    "requested a total of 5210 tokens: 4186 tokens from the input messages and 1024 tokens for the completion.",
    "ollama": "the input length exceeds the context length",
    "llama.cpp": "request (5210 tokens) exceeds the available context size (4096 tokens), try increasing it",
}


@pytest.mark.parametrize("server_name", list(OVERFLOWS))
def test_a_conversation_the_server_finds_too_long_ends_its_episode_and_the_run_goes_on(
    server_name: str,
) -> None:
    plan = [t for t in PLAN if len(t.oracle) >= 2][:4]
    healthy = oracle_model(plan)
    long_one = request_seed(0, plan[1].id)

    def respond(body: dict[str, Any]) -> Any:
        if body["seed"] == long_one and any(m["role"] == "assistant" for m in body["messages"][-3:]):
            return 400, {"error": {"message": OVERFLOWS[server_name], "code": "context_length_exceeded"}}
        return healthy(body)

    with FakeChatServer(respond) as server, pytest.warns(UserWarning, match="no longer fits") as caught:
        trajs = run(plan, _policy(server.url), recall="oracle", progress=False, batch_size=2)
        requests = server.requests
    assert len(caught) == 1 and plan[1].id in str(caught[0].message)
    ended = trajs[1]
    assert ended.turns[-1]["action"] == "" and len(ended.turns) == 2 and not ended.success
    assert all(t.success for k, t in enumerate(trajs) if k != 1)
    assert len(requests) == sum(len(t.turns) for t in trajs)  # the refused one was not asked again
    assert all("max_tokens" in r and "max_completion_tokens" not in r for r in requests)
    assert "first request" not in str(caught[0].message)  # it outgrew the context on its second turn


def test_a_first_request_too_long_names_the_token_limit_setting() -> None:
    """vLLM refuses every request whose max_tokens leaves no room for the prompt: the episodes end at
    their first request, and each warning points at --max-tokens rather than at the conversation."""
    plan = PLAN[:2]

    def respond(body: dict[str, Any]) -> Any:
        return 400, {"error": {"message": OVERFLOWS["vllm"], "code": "context_length_exceeded"}}

    with FakeChatServer(respond) as server, pytest.warns(UserWarning, match="first request") as caught:
        trajs = run(plan, _policy(server.url), recall="oracle", progress=False)
    assert len(caught) == 2 and all("--max-tokens" in str(w.message) for w in caught)
    assert all(t.turns[-1]["action"] == "" and not t.success for t in trajs)


@pytest.mark.parametrize("server_name", ["openai", "sglang", "llama.cpp"])
def test_a_token_limit_that_fills_the_whole_context_fails_every_episode_naming_it(server_name: str) -> None:
    """A max_tokens at or above the context size the refusal names leaves no room for any prompt: each
    episode fails at once with a reason naming the setting, instead of an empty final message."""
    plan = PLAN[:3]
    healthy = oracle_model(plan)

    def respond(body: dict[str, Any]) -> Any:
        if body["max_tokens"] >= 4096:
            return 400, {"error": {"message": OVERFLOWS[server_name], "code": "context_length_exceeded"}}
        return healthy(body)

    with FakeChatServer(respond) as server:
        trajs = run(plan, _policy(server.url, max_tokens=4096), recall="oracle", progress=False)
        assert {t.outcome for t in trajs} == {"policy_error"}
        assert all(
            re.search(r"max_tokens \(--max-tokens\) 4096 leaves no room.* 4096 tokens", t.error or "")
            for t in trajs
        )
        assert all(
            t.success
            for t in run(plan, _policy(server.url, max_tokens=4095), recall="oracle", progress=False)
        )


def test_a_request_field_the_server_finds_too_long_fails_the_episodes_naming_it() -> None:
    """OpenAI takes at most 128 tools: each episode of a run with more (``--recall all``) fails naming
    it (``policy_error``), rather than as one whose conversation outgrew the model."""

    def respond(body: dict[str, Any]) -> Any:
        message = (
            "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array "
            f"with length {len(body['tools'])} instead."
        )
        return 400, {"error": {"message": message, "param": "tools", "code": "array_above_max_length"}}

    with FakeChatServer(respond) as server:
        trajs = run(PLAN[:2], _policy(server.url), recall="all", progress=False)
    assert {t.outcome for t in trajs} == {"policy_error"} and all(
        "array too long" in (t.error or "") for t in trajs
    )


def test_a_server_that_wants_max_completion_tokens_gets_it() -> None:
    plan = PLAN[:3]
    healthy = oracle_model(plan)
    refusal = (
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens'."
    )

    def respond(body: dict[str, Any]) -> Any:
        if "max_tokens" in body:
            return 400, {"error": {"message": refusal, "param": "max_tokens"}}
        return healthy(body)

    with FakeChatServer(respond) as server:
        trajs = run(plan, _policy(server.url, max_tokens=321), recall="oracle", progress=False)
        requests = server.requests
    assert all(t.success for t in trajs)
    assert "max_tokens" in requests[0]  # asked once with the common name, then with the one it names
    assert all(r["max_completion_tokens"] == 321 and "max_tokens" not in r for r in requests[-5:])


def test_no_server_at_the_url_says_so() -> None:
    (traj,) = run(PLAN[:1], _policy("http://127.0.0.1:9/v1"), recall="oracle", progress=False)
    assert traj.outcome == "policy_error" and "is a server listening there?" in (traj.error or "")


def test_trajectories_do_not_depend_on_the_batch_layout_or_the_order_replies_arrive_in() -> None:
    """A "model" whose reply is a function of the whole request (messages, tools, seed), answering after
    random delays: every batch size, worker count and concurrency, and a policy reused for a second
    run, send the same requests and get the same trajectories."""
    plan = PLAN[:10]
    jitter, lock = random.Random(0), threading.Lock()

    def respond(body: dict[str, Any]) -> Any:
        with lock:
            pause = jitter.random() * 0.02
        time.sleep(pause)
        h = hashlib.sha256(orjson.dumps(body, option=orjson.OPT_SORT_KEYS)).digest()
        tools = [t["function"]["name"] for t in body.get("tools", [])]
        if tools and h[0] % 4 and sum(m["role"] == "assistant" for m in body["messages"]) < 3:
            call = _call(tools[h[1] % len(tools)], "{}")
            return {"role": "assistant", "content": None, "tool_calls": [call]}
        return {"role": "assistant", "content": f"reply {h.hex()[:8]}"}

    seen = []
    for batch_size, workers, concurrency in [(1, 1, 16), (10, 1, 3), (3, 2, 1)]:
        with FakeChatServer(respond) as server:
            policy = _policy(server.url, concurrency=concurrency, temperature=0.7)
            for _ in range(2):
                trajs = run(plan, policy, progress=False, batch_size=batch_size, workers=workers)
                seen.append([t.line() for t in trajs])
    assert all(lines == seen[0] for lines in seen)
    assert sum(len(t.turns) for t in trajs) > len(plan)  # calls were made and answered
