"""A local OpenAI-compatible chat server for tests: ``POST /v1/chat/completions`` answered by a Python
function, over real HTTP (so the ``openai`` client, its retries and its parsing are exercised as they
are against vLLM or OpenAI).

``respond(body)`` gets the request's JSON and returns the reply's ``message`` dict, a whole response
body (a dict with ``choices``, sent as it is: finish reasons, missing usage, malformed responses), or
``(status, payload)`` to send an error. Every request body is kept in ``requests``; a request that
breaks a rule some real server enforces (``protocol_errors``) is answered with a 400 naming the rules,
as that server would, so a policy that sends one fails its test. ``delay`` holds every reply that many
seconds, and ``max_in_flight`` is the most requests the server was answering at once.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import orjson

from mpb_env.parsing import CallError, parse_turn
from mpb_env.rollouts.chat import request_seed
from mpb_env.tasks.model import Task

#: ``usage.completion_tokens`` of every reply the fake server sends.
REPLY_TOKENS = 7

Respond = Callable[[dict[str, Any]], "dict[str, Any] | tuple[int, dict[str, Any]]"]

#: The keys each role's message may carry (OpenAI refuses others; DeepSeek refuses ``reasoning_content``
#: sent back).
_MESSAGE_KEYS = {
    "system": {"role", "content", "name"},
    "developer": {"role", "content", "name"},
    "user": {"role", "content", "name"},
    "assistant": {"role", "content", "name", "tool_calls", "refusal"},
    "tool": {"role", "content", "tool_call_id"},
}
_TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")


def protocol_errors(body: dict[str, Any]) -> list[str]:
    """What a real server would refuse in a chat-completions request (empty: nothing).

    The rules, each enforced by at least one of OpenAI, vLLM, SGLang and Ollama: ``tools`` entries are
    ``{"type": "function", "function": {name, description, parameters, strict}}`` with a plain name;
    each message has its role's keys only and string content (an assistant's may be ``null`` only
    beside tool calls); a tool call has a non-empty id unique in its message, type ``function``, a
    string name and ``arguments`` that are a JSON object in a string (vLLM and SGLang parse them for
    the chat template, Ollama into a map); and every tool call is answered by one ``tool`` message,
    right after its assistant message, under its id, with no ``tool`` message anywhere else."""
    errors: list[str] = []
    if not isinstance(body.get("model"), str) or not isinstance(body.get("messages"), list):
        return ["a request needs a model and a list of messages"]
    for i, tool in enumerate(body.get("tools") or []):
        fn = tool.get("function") if isinstance(tool, dict) else None
        if set(tool) != {"type", "function"} or tool["type"] != "function" or not isinstance(fn, dict):
            errors.append(f"tools[{i}] must be exactly type 'function' and a function")
        elif not set(fn) <= {"name", "description", "parameters", "strict"}:
            errors.append(f"tools[{i}].function has unknown keys {sorted(set(fn) - {'name'})}")
        elif not isinstance(fn.get("name"), str) or not _TOOL_NAME.match(fn["name"]):
            errors.append(f"tools[{i}].function.name is not a valid name")
    pending: set[str] = set()  # the ids of the last assistant's tool calls still unanswered
    for i, m in enumerate(body["messages"]):
        where = f"messages[{i}]"
        role = m.get("role") if isinstance(m, dict) else None
        if role not in _MESSAGE_KEYS:
            errors.append(f"{where} has no known role")
            continue
        if not set(m) <= _MESSAGE_KEYS[role]:
            errors.append(f"{where} ({role}) has unknown keys {sorted(set(m) - _MESSAGE_KEYS[role])}")
        content, calls = m.get("content"), m.get("tool_calls")
        if not isinstance(content, str) and not (role == "assistant" and content is None and calls):
            errors.append(f"{where}.content must be a string")
        if role == "tool":
            if m.get("tool_call_id") not in pending:
                errors.append(f"{where} answers no pending tool call ({m.get('tool_call_id')!r})")
            pending.discard(m.get("tool_call_id"))
            continue
        if pending:
            errors.append(f"{where} follows tool calls without results: {sorted(pending)}")
            pending = set()
        if role == "assistant" and calls is not None:
            errors.extend(_call_errors(where, calls))
            pending = {c["id"] for c in calls if isinstance(c, dict) and isinstance(c.get("id"), str)}
    if pending:
        errors.append(f"the conversation ends with tool calls without results: {sorted(pending)}")
    return errors


def _call_errors(where: str, calls: Any) -> list[str]:
    if not isinstance(calls, list) or not calls:
        return [f"{where}.tool_calls must be a non-empty list"]
    errors, ids = [], []
    for k, c in enumerate(calls):
        here = f"{where}.tool_calls[{k}]"
        fn = c.get("function") if isinstance(c, dict) else None
        if set(c) != {"id", "type", "function"} or c["type"] != "function" or not isinstance(fn, dict):
            errors.append(f"{here} must be exactly an id, type 'function' and a function")
            continue
        if not isinstance(c["id"], str) or not c["id"] or c["id"] in ids:
            errors.append(f"{here}.id must be a non-empty string unique in the message")
        ids.append(c["id"])
        if set(fn) != {"name", "arguments"} or not isinstance(fn["name"], str):
            errors.append(f"{here}.function must be a string name and arguments")
            continue
        try:
            args = json.loads(fn["arguments"]) if isinstance(fn["arguments"], str) else None
        except ValueError:
            args = None
        if not isinstance(args, dict):
            errors.append(f"{here}.function.arguments must be a JSON object in a string")
    return errors


class FakeChatServer:
    def __init__(self, respond: Respond, delay: float = 0.0) -> None:
        self.respond = respond
        self.delay = delay
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self.in_flight = self.max_in_flight = 0
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output clean
                return None

            def do_POST(self) -> None:  # noqa: N802 (the http.server name)
                body = orjson.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                if self.path.rstrip("/") != "/v1/chat/completions":
                    return self._send(404, {"error": {"message": f"no route {self.path}"}})
                with server.lock:
                    server.requests.append(body)
                    server.in_flight += 1
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                self.counted = True
                try:
                    self._answer(body)
                finally:
                    self._done()

            def _done(self) -> None:
                """The request stops counting as in flight: before its reply is written, so a client that
                sends the next request on reading it is never seen overlapping this one."""
                if getattr(self, "counted", False):
                    self.counted = False
                    with server.lock:
                        server.in_flight -= 1

            def _answer(self, body: dict[str, Any]) -> None:
                time.sleep(server.delay)
                errors = protocol_errors(body)
                if errors:
                    return self._send(400, {"error": {"message": "; ".join(errors)}})
                try:
                    out = server.respond(body)
                except Exception as exc:  # a broken script: a 500 naming it, not a dropped connection
                    return self._send(500, {"error": {"message": f"{type(exc).__name__}: {exc}"}})
                if isinstance(out, tuple):
                    return self._send(*out)
                if "choices" in out:
                    return self._send(200, out)
                finish = "tool_calls" if out.get("tool_calls") else "stop"
                self._send(200, completion(out, body["model"], finish, len(server.requests)))

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = orjson.dumps(payload)
                self._done()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up: a cancelled request
                    return

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> FakeChatServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def completion(message: dict[str, Any], model: str = "m", finish: str = "stop", n: int = 1) -> dict[str, Any]:
    """A whole chat-completion response body holding ``message``."""
    return {
        "id": f"chatcmpl-{n}",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": 1, "completion_tokens": REPLY_TOKENS, "total_tokens": 8},
    }


def oracle_model(episodes: list[Task], seed: int = 0, native: bool = True) -> Respond:
    """A "model" that answers each request with the next oracle turn of its episode: the episode is
    the one whose request seed this is, the turn the number of its assistant messages after H0. Natively,
    tool calls come back as ``tool_calls`` with JSON-string arguments; in text mode, as the oracle's
    own action text."""
    by_seed = {request_seed(seed, t.id): t for t in episodes}
    assert len(by_seed) == len(episodes), "two episodes share a request seed"

    def respond(body: dict[str, Any]) -> dict[str, Any]:
        task = by_seed[body["seed"]]
        said = sum(1 for m in body["messages"] if m["role"] == "assistant")
        turn = said - sum(1 for m in task.history if m.role == "assistant")  # H0 holds earlier replies
        text = task.oracle[turn] if turn < len(task.oracle) else "Done."
        if not native:
            return {"role": "assistant", "content": text}
        parsed = parse_turn(text)
        if not parsed.calls:
            return {"role": "assistant", "content": parsed.content}
        calls = [
            {
                "id": f"call_{turn}_{k}",
                "type": "function",
                "function": {"name": c.name, "arguments": orjson.dumps(c.arguments).decode()},
            }
            for k, c in enumerate(parsed.calls)
            if not isinstance(c, CallError)
        ]
        return {"role": "assistant", "content": parsed.content or None, "tool_calls": calls}

    return respond
