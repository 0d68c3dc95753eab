"""A policy backed by an OpenAI-compatible chat-completions server: OpenAI itself, or vLLM, SGLang,
Ollama, LM Studio, llama.cpp — anything serving ``POST {base_url}/chat/completions``.

``ChatPolicy(model, base_url=...)`` keeps one chat per slot: the episode's start messages (system prompt,
history, query), then each assistant reply and the env's feedback to it. Each ``act`` sends one request
per batch entry, concurrently (at most ``concurrency`` in flight), through the official ``openai``
client (``pip install 'mobilepa-gym[llm]'``), which retries connection errors, 429s and 5xx with backoff.

Two ways to call tools (``tool_calls``):

* ``"native"`` (default): the system prompt asks for function calls (``prompts.NATIVE_TOOL_CALLS`` in place
  of the text-block instructions), the current action set A_t goes in the request's ``tools``; the server's parsed
  ``tool_calls`` become the env action, one env call per tool call and in order (their ``arguments``
  strings are passed through as the model wrote them, so a malformed one is the env's error
  observation, not an exception), and the env's feedback comes back as one ``tool`` message per call,
  under the call's id. When a reply has tool calls, ``<tool_call>`` blocks left in its text are not run
  (the server's parser already read the reply). A reply without tool calls is read as text, as in
  ``"text"`` mode.
* ``"text"``: no ``tools`` field (servers started without a tool parser reject it). The tool schemas are
  listed in the system message, as chat templates do, and the reply's text is the action: the system
  prompt already asks for ``<tool_call>{...}</tool_call>`` blocks. Feedback comes back as a user message.
  When a loaded skill widens A_t, the new schemas follow in the next message either way.

Under ``tool_format="compact"`` (``run(..., tool_format="compact")``; the start info says
``"tool_format": "compact"``) the env's system message already lists the tools one line each and asks for
``<tool_call>`` blocks, so in either mode the request has no ``tools`` field and nothing is added to the
messages: the reply's text is the action, as in ``"text"`` mode, and the tools a skill adds are announced
in the feedback of the call that added them (``new_tools``).

The conversation sent back is one every OpenAI-compatible server accepts: an assistant message with tool
calls and no text has ``content`` ``""`` (not ``null``, which some servers refuse), each call an id of its
own and
``arguments`` that are a JSON object (vLLM, SGLang and Ollama parse them: a malformed one is sent back as
``"{}"``, and the tool message says what was wrong). Reasoning is not part of the action: a server's
``reasoning_content`` is neither returned nor sent back, and a reply that starts with a ``<think>...</think>``
block (a reasoning model served without a reasoning parser) is read without it.

Every reply is returned as a ``Completion``: the action text with the server's count of generated tokens,
which the trajectory's ``output_tokens`` sums (instead of counting words). The request seed is derived
from ``seed`` and the task id, so a trajectory does not depend on the slot or the batch it ran in.

Nothing the model writes raises. A conversation the server refuses as longer than the model's context
ends its episode there (an empty final message, so the episode fails, with a warning naming it) and the
run goes on: replaying it could never succeed. A request that still fails otherwise after the client's
retries (or a response without a reply in it) raises ``PolicyError``, which stops the run (the batch's other requests are
cancelled): the episodes already finished stay in ``--out`` and ``--resume`` continues from there (a
server outage is not scored as the agent's failure).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import warnings
import zlib
from collections.abc import Mapping
from typing import Any, TypeVar
from urllib.parse import urlsplit

import orjson

from mpb_env.parsing import _BLOCK
from mpb_env.prompts import NATIVE_TOOL_CALLS, TEXT_TOOL_CALLS
from mpb_env.rollouts.runner import utf8_safe

__all__ = [
    "ChatPolicy",
    "Completion",
    "PolicyError",
    "TOOL_CALL_MODES",
    "context_overflow",
    "opens_reasoning",
    "request_seed",
    "without_reasoning",
]

TOOL_CALL_MODES = ("native", "text")
#: The key ``ChatPolicy`` reads when no ``api_key`` is given; local servers accept any key.
API_KEY_ENV = "OPENAI_API_KEY"
BASE_URL_ENV = "OPENAI_BASE_URL"
_BLOCK_OPEN = "<tool_call>"
_THINK, _THINK_END = "<think>", "</think>"
C = TypeVar("C")


class PolicyError(RuntimeError):
    """A policy could not produce its actions (e.g. the model server failed after its retries)."""


class Completion(str):
    """An action text that knows how many tokens the model generated for it (``output_tokens``,
    ``None`` when the server did not say). It is a ``str`` everywhere else."""

    output_tokens: int | None

    def __new__(cls, text: str, output_tokens: int | None = None) -> Completion:
        self = super().__new__(cls, text)
        self.output_tokens = output_tokens
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (Ray, multiprocessing) with its count
        return Completion, (str(self), self.output_tokens)


#: How servers refuse a conversation longer than the model's context: OpenAI, vLLM and SGLang ("maximum
#: context length"), Ollama ("context length"), llama.cpp ("exceeds the available context size"), and a
#: "prompt is too long"; not OpenAI's "array too long" or "string too long", which name one field of
#: the request (e.g. more than 128 ``tools``) that no episode can get past.
_TOO_LONG = re.compile(
    r"context[ _-]?length|maximum context|context window|context size|(?:prompt|input) (?:is )?too long"
    r"|longer than the (?:model|max)|exceeds? the (?:model|max)",
    re.I,
)


#: The model's context size as an overflow message states it (OpenAI, vLLM, SGLang, llama.cpp).
_CONTEXT_SIZE = re.compile(
    r"maximum context length (?:is |of )?(\d+)|available context size \((\d+) tokens?\)", re.I
)


def context_size(message: str) -> int | None:
    """The context size in tokens an overflow message names, or ``None`` when it names none.

    >>> context_size("This model's maximum context length is 4096 tokens. However, ...")
    4096
    >>> context_size("request (5210 tokens) exceeds the available context size (4096 tokens)")
    4096
    """
    found = _CONTEXT_SIZE.search(message)
    return int(found.group(1) or found.group(2)) if found else None


def context_overflow(detail: str) -> Completion:
    """The reply of an episode whose conversation no longer fits the model's context: an empty final
    message, so the episode ends there and fails (as a conversation the model cannot read would), the
    run goes on, and a warning names it."""
    warnings.warn(
        f"the conversation no longer fits the model's context; the episode ends: {detail}", stacklevel=3
    )
    return Completion("", 0)


def request_seed(seed: int, task_id: str) -> int:
    """The ``seed`` of every request in an episode of ``task_id`` (a non-negative 31-bit int)."""
    return (seed * 1_000_003 + zlib.crc32(task_id.encode())) % 2**31


def feedback_entries(obs: str) -> list[Any] | None:
    """The feedback entries of an observation (one per call of the turn), or ``None`` when it is not
    a non-empty JSON list of them."""
    try:
        entries = orjson.loads(obs)
    except orjson.JSONDecodeError:
        return None
    return entries if isinstance(entries, list) and entries else None


def tool_entries(schemas: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The env's tool schemas as chat APIs and chat templates take ``tools`` (without the env's own
    ``domain`` and ``mutates`` keys)."""
    return [{"type": "function", "function": s["function"]} for s in schemas]


def slot_chats(chats: Mapping[int, C], observations: list[str], infos: list[dict[str, Any]]) -> list[C]:
    """The chat of each batch entry's slot (``infos[i]["slot"]``, else ``i``), in batch order.

    Raises:
        PolicyError: a slot acts before its ``reset``.
    """
    out = []
    for i in range(len(observations)):
        slot = int(infos[i].get("slot", i))
        chat = chats.get(slot)
        if chat is None:
            raise PolicyError(f"slot {slot} acted before reset()")
        out.append(chat)
    return out


def _tool_listing(schemas: list[dict[str, Any]], heading: str) -> str:
    lines = "\n".join(orjson.dumps(s["function"]).decode() for s in schemas)
    return f"{heading}\n<tools>\n{lines}\n</tools>"


class _Chat:
    """One slot's conversation."""

    __slots__ = (
        "messages", "tools", "names", "calls", "reply", "action", "seed", "started", "task_id", "compact",
        "turn", "answered",
    )  # fmt: skip

    def __init__(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]],
        seed: int,
        task_id: str = "",
        compact: bool = False,
    ) -> None:
        self.task_id = task_id
        self.compact = compact  # the tools are listed in the system message: no schemas are sent
        self.messages = messages
        self.tools = tools
        self.names = [s["function"]["name"] for s in tools]
        self.calls: list[dict[str, Any]] | None = None  # the last reply's tool calls (native mode)
        self.reply: dict[str, Any] | None = None  # the last reply's assistant message
        self.action = ""  # the last reply's action text
        self.seed = seed
        self.started = False  # the first act's observation is the query, already in messages
        self.turn: Any = -1  # the turn (info["turn"]) last absorbed, and whether it was answered
        self.answered = False


def _field(obj: Any, key: str) -> Any:
    """``obj.key`` or ``obj[key]`` (the client builds responses without validating them, so a part of an
    unexpected shape may be a plain dict), ``None`` when absent."""
    return obj.get(key) if isinstance(obj, dict) else getattr(obj, key, None)


def _text(content: Any) -> str:
    """A message's ``content`` as text: a string, the text parts of a list of parts, or ``""``."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(t for t in (_field(p, "text") for p in content) if isinstance(t, str))
    return ""


def without_reasoning(text: str, opened: bool = False) -> str:
    """``text`` without a leading ``<think>...</think>`` block, or everything up to a ``</think>`` whose
    ``<think>`` the chat template wrote into the prompt; a reply cut off while thinking is ``""``. With
    ``opened`` (the prompt ends in that ``<think>``, as a caller that rendered it knows) a reply without
    ``</think>`` is all reasoning, as a server's reasoning parser reads it."""
    end = text.find(_THINK_END)
    if end >= 0:
        return text[end + len(_THINK_END) :].lstrip()
    return "" if opened or text.lstrip().startswith(_THINK) else text


def opens_reasoning(prompt: str) -> bool:
    """Whether a rendered prompt ends inside a ``<think>`` block the template opened for the reply (as
    QwQ's, DeepSeek-R1's and Qwen3 thinking models' templates do)."""
    return prompt.rstrip().endswith(_THINK)


def _without_blocks(text: str) -> str:
    """``text`` without ``<tool_call>`` blocks (an unclosed one runs to the end, as the env reads it)."""
    while _BLOCK_OPEN in text:
        text = _BLOCK.sub("", text)
    return text.strip()


def _block(call: dict[str, Any]) -> str:
    """One call as a ``<tool_call>`` block the env reads back as exactly one call (or one error): ``<``
    only occurs inside JSON strings, where ``\\u003c`` is the same character, so no tag the model wrote
    into a string can end the block early."""
    try:
        body = orjson.dumps(call).decode()
    except orjson.JSONEncodeError:  # a lone surrogate: still one block, which the env reports as malformed
        body = json.dumps(call, ensure_ascii=False)
    return "<tool_call>" + body.replace("<", "\\u003c") + "</tool_call>"


def _arguments(value: Any) -> str:
    """A tool call's ``arguments`` as a string (what the env reads): as written when a string, JSON when
    a server sent an object, ``"{}"`` when missing."""
    if isinstance(value, str):
        return value
    if value is None:
        return "{}"
    try:
        return orjson.dumps(value, default=str).decode()
    except orjson.JSONEncodeError:  # e.g. an integer beyond 64 bits
        return json.dumps(value, default=str)


def _check_base_url(base_url: str) -> None:
    """Refuse an API root the client could only fail to connect to, after its retries (one line)."""
    try:
        parts = urlsplit(base_url)
        parts.port  # noqa: B018  (raises on a port that is not a number)
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(
            f"base_url must be an http(s) URL such as http://127.0.0.1:8000/v1, got {base_url!r}"
        )


def _object_or_empty(arguments: str) -> str:
    """``arguments`` for the conversation: as written when it is a JSON object, else ``"{}"`` (servers
    parse the arguments of earlier calls and refuse the request when they are not an object)."""
    try:
        parsed = orjson.loads(arguments)
    except orjson.JSONDecodeError:
        return "{}"
    return arguments if isinstance(parsed, dict) else "{}"


class ChatPolicy:
    """A policy that asks a chat model served over the OpenAI chat-completions API.

    Args:
        model: the model name the server knows, e.g. ``"Qwen/Qwen3-8B"`` or ``"gpt-4o-mini"``.
        base_url: the API root, e.g. ``"http://127.0.0.1:8000/v1"``; default ``$OPENAI_BASE_URL``, else
            OpenAI's.
        api_key: default ``$OPENAI_API_KEY``, else ``"EMPTY"`` (what local servers accept).
        temperature: sampling temperature (default 0.0: greedy, for evaluation).
        max_tokens: the most tokens one reply may generate.
        top_p: nucleus sampling; omitted from requests when ``None``.
        seed: the base of each request's ``seed`` (combined with the task id).
        concurrency: requests in flight at once within a batch.
        tool_calls: ``"native"`` or ``"text"`` (see the module docs).
        timeout: seconds per request.
        max_retries: the client's retries per request (connection errors, 408, 409, 429, 5xx).
        extra_body: extra JSON fields for every request (server-specific sampling options).
        client: an ``openai.AsyncOpenAI`` to use instead of building one (then ``base_url``, ``api_key``,
            ``timeout`` and ``max_retries`` are the client's).

    Raises:
        ValueError: a bad setting (one line naming it).
        ImportError: the ``openai`` package is missing (install the ``llm`` extra).
    """

    info_keys = ("messages", "tools", "tool_format")

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        temperature: float = 0.0,
        max_tokens: int = 1024,
        top_p: float | None = None,
        seed: int = 0,
        concurrency: int = 16,
        tool_calls: str = "native",
        timeout: float = 120.0,
        max_retries: int = 3,
        extra_body: dict[str, Any] | None = None,
        client: Any = None,
    ) -> None:
        if not isinstance(model, str) or not model.strip():
            raise ValueError("the chat policy needs a model name, e.g. openai:Qwen/Qwen3-8B")
        if tool_calls not in TOOL_CALL_MODES:
            raise ValueError(f"tool_calls must be one of {', '.join(TOOL_CALL_MODES)}, got {tool_calls!r}")
        if not 0.0 <= temperature <= 2.0:
            raise ValueError(f"temperature must be in [0, 2], got {temperature}")
        if max_tokens < 1 or concurrency < 1 or max_retries < 0 or timeout <= 0:
            raise ValueError("max_tokens and concurrency must be >= 1, max_retries >= 0, timeout > 0")
        if top_p is not None and not 0.0 < top_p <= 1.0:
            raise ValueError(f"top_p must be in (0, 1], got {top_p}")
        base_url = base_url or os.environ.get(BASE_URL_ENV) or None
        if client is None:
            if base_url is not None:
                _check_base_url(base_url)
            try:
                import openai  # noqa: F401  (fail here, not at the first request)
            except ImportError as exc:
                raise ImportError(
                    "the chat policy needs the openai package: pip install 'mobilepa-gym[llm]'"
                ) from exc
        # as floats: temperature=0 and 0.0 are one setting, and the label must say so on resume
        temperature = float(temperature)
        top_p = None if top_p is None else float(top_p)
        self.model = model
        self.base_url = base_url
        self.api_key = api_key or os.environ.get(API_KEY_ENV) or "EMPTY"
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.top_p = top_p
        self.seed = seed
        self.concurrency = concurrency
        self.tool_calls = tool_calls
        self.timeout = timeout
        self.max_retries = max_retries
        self.extra_body = dict(extra_body or {})
        # extra_body shapes the replies too, so a run resumed with other extra fields is refused
        extra = orjson.dumps(self.extra_body, default=str, option=orjson.OPT_SORT_KEYS).decode()
        self.label = (
            f"openai:{model}(temperature={temperature},max_tokens={max_tokens},top_p={top_p},"
            f"seed={seed},tool_calls={tool_calls}{f',extra_body={extra}' if self.extra_body else ''})"
        )
        self._given_client = client
        self._clients: dict[int, tuple[asyncio.AbstractEventLoop, Any]] = {}
        self._chats: dict[int, _Chat] = {}
        #: The request field of the reply's token limit: ``max_tokens``, which every server knows, until
        #: a server refuses it and names ``max_completion_tokens`` (OpenAI's o-series and gpt-5 models).
        self._limit_field = "max_tokens"

    # ------------------------------------------------------------------ protocol
    def reset(self, slot: int, info: dict[str, Any]) -> None:
        messages = [dict(m) for m in info["messages"]]
        tools = list(info.get("tools", []))
        # compact: the system message lists the tools and asks for <tool_call> blocks already
        compact = info.get("tool_format") == "compact"
        system = messages[0].get("role") == "system" if messages else False
        if self.tool_calls == "native" and not compact and system:
            text = _text(messages[0].get("content"))  # ask for function calls, not text blocks
            messages[0]["content"] = text.replace(TEXT_TOOL_CALLS, NATIVE_TOOL_CALLS)
        if self.tool_calls == "text" and not compact:
            listing = _tool_listing(tools, "The tools you can call:")
            if system:
                messages[0]["content"] = f"{_text(messages[0].get('content'))}\n\n{listing}"
            else:
                messages.insert(0, {"role": "system", "content": listing})
        task_id = str(info.get("task_id", ""))
        self._chats[slot] = _Chat(messages, tools, request_seed(self.seed, task_id), task_id, compact)

    async def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str | Exception]:
        """One reply per entry; a request that fails (after the client's retries) is its entry's
        ``PolicyError``, in its place, which ends that episode alone (``runner.call_policy``). A
        repeated call for a slot's turn (the executor's retry) neither absorbs the feedback again nor
        asks again once that turn was answered."""
        chats = slot_chats(self._chats, observations, infos)
        for chat, obs, info in zip(chats, observations, infos, strict=True):
            turn = info.get("turn")
            if not (chat.started and chat.turn == turn):
                self._absorb(chat, obs, info)
                chat.turn, chat.answered = turn, False
        client = self._client()
        gate = asyncio.Semaphore(self.concurrency)

        async def one(chat: _Chat) -> str:
            if chat.answered:
                return chat.action
            async with gate:
                reply = await self._reply(client, chat)
            chat.answered = True
            return reply

        requests = [asyncio.ensure_future(one(c)) for c in chats]
        try:
            replies = await asyncio.gather(*requests, return_exceptions=True)
        except BaseException:  # we were cancelled (a timeout, an interrupt): no request outlives the batch
            for r in requests:
                r.cancel()
            await asyncio.gather(*requests, return_exceptions=True)
            raise
        for r in replies:
            if isinstance(r, BaseException) and not isinstance(r, Exception):
                raise r  # a request cancelled from outside: the batch's, not one slot's
        return list(replies)

    # ------------------------------------------------------------------ internals
    def _client(self) -> Any:
        """One ``AsyncOpenAI`` per event loop (its connection pool belongs to the loop that opened it);
        the clients of closed loops are let go."""
        if self._given_client is not None:
            return self._given_client
        loop = asyncio.get_running_loop()
        held = self._clients.get(id(loop))
        if held is None or held[0] is not loop:
            from openai import AsyncOpenAI

            client = AsyncOpenAI(
                api_key=self.api_key,
                base_url=self.base_url,
                timeout=self.timeout,
                max_retries=self.max_retries,
            )
            self._clients = {k: v for k, v in self._clients.items() if not v[0].is_closed()}
            held = self._clients[id(loop)] = (loop, client)
        return held[1]

    def _absorb(self, chat: _Chat, obs: str, info: dict[str, Any]) -> None:
        """Append the env's feedback to the last reply, and any newly offered tools."""
        if chat.started:
            entries = feedback_entries(obs) if chat.calls is not None else None
            if entries is not None and chat.calls is not None and len(entries) == len(chat.calls):
                for call, entry in zip(chat.calls, entries, strict=True):
                    content = orjson.dumps(entry).decode()
                    chat.messages.append({"role": "tool", "tool_call_id": call["id"], "content": content})
            else:  # text-mode calls (or feedback that does not pair up with the calls): one user turn
                if chat.calls is not None and chat.reply is not None:
                    # Every tool call needs its tool message: the reply goes back as the text it was.
                    chat.reply.pop("tool_calls", None)
                    chat.reply["content"] = utf8_safe(str(chat.action))
                chat.messages.append({"role": "user", "content": obs})
        chat.started = True
        tools = info.get("tools")
        if tools is not None:
            names = [s["function"]["name"] for s in tools]
            if names != chat.names:
                new = [s for s in tools if s["function"]["name"] not in chat.names]
                chat.tools, chat.names = list(tools), names
                if new and self.tool_calls == "text" and not chat.compact:
                    note = _tool_listing(new, "New tools you can call now:")
                    last = chat.messages[-1]
                    if last["role"] == "user":
                        last["content"] += "\n\n" + note
                    else:
                        chat.messages.append({"role": "user", "content": note})

    async def _reply(self, client: Any, chat: _Chat) -> Completion:
        request: dict[str, Any] = {
            "model": self.model,
            "messages": chat.messages,
            "temperature": self.temperature,
            self._limit_field: self.max_tokens,
            "seed": chat.seed,
        }
        if self.top_p is not None:
            request["top_p"] = self.top_p
        if self.tool_calls == "native" and chat.tools and not chat.compact:
            request["tools"] = tool_entries(chat.tools)
        if self.extra_body:
            request["extra_body"] = self.extra_body
        where = getattr(client, "base_url", self.base_url)
        try:
            response = await client.chat.completions.create(**request)
        except Exception as exc:  # after the client's own retries: stop the run, keep what is done
            status = getattr(exc, "status_code", None)
            # first: vLLM's overflow ("'max_tokens' or 'max_completion_tokens' is too large") names both
            if status in (400, 413) and _TOO_LONG.search(str(exc)):
                size = context_size(str(exc))
                if size is not None and self.max_tokens >= size:  # no prompt fits: every request fails
                    raise PolicyError(
                        f"max_tokens (--max-tokens) {self.max_tokens} leaves no room for a prompt in the "
                        f"model's context of {size} tokens at {where}; lower it"
                    ) from exc
                # before any reply the conversation is the task alone: every episode may share its fate
                first = " (its first request: is --max-tokens more than the model's context leaves?)"
                hint = first if chat.reply is None else ""
                return context_overflow(f"{chat.task_id}{hint}: {utf8_safe(str(exc))[:200]}")
            if status == 400 and "max_tokens" in request and "max_completion_tokens" in str(exc):
                self._limit_field = "max_completion_tokens"  # OpenAI's reasoning models know only this name
                return await self._reply(client, chat)  # (requests already out when it was learnt, too)
            hint = " (is a server listening there?)" if type(exc).__name__ == "APIConnectionError" else ""
            raise PolicyError(f"chat request to {where} failed{hint}: {type(exc).__name__}: {exc}") from exc
        choices = _field(response, "choices")
        message = _field(choices[0], "message") if isinstance(choices, list) and choices else None
        if message is None:
            raise PolicyError(f"the server at {where} returned no reply (no choices or no message)")
        # the reply goes back to the server in the chat: a lone surrogate in it would fail every later request
        content = without_reasoning(utf8_safe(_text(_field(message, "content"))))
        tokens = _field(_field(response, "usage"), "completion_tokens")
        calls = self._calls(_field(message, "tool_calls"), chat)
        assistant: dict[str, Any] = {"role": "assistant", "content": content}
        chat.messages.append(assistant)
        chat.reply = assistant
        chat.calls = None
        if not calls:
            chat.action = Completion(content, tokens if isinstance(tokens, int) else None)
            return chat.action
        content = assistant["content"] = _without_blocks(content)
        assistant["tool_calls"] = [
            {**c, "function": {**c["function"], "arguments": _object_or_empty(c["function"]["arguments"])}}
            for c in calls
        ]
        chat.calls = calls
        blocks = "".join(
            _block({"name": c["function"]["name"], "arguments": c["function"]["arguments"]}) for c in calls
        )
        text = f"{content}\n{blocks}" if content else blocks
        chat.action = Completion(text, tokens if isinstance(tokens, int) else None)
        return chat.action

    @staticmethod
    def _calls(tool_calls: Any, chat: _Chat) -> list[dict[str, Any]]:
        """The reply's function calls as the conversation holds them: a string ``name`` (``""`` when
        the server gave none), ``arguments`` as ``_arguments`` reads them, and an id unique in the
        reply (the server's, or ``call_<turn>_<k>`` where it left none or repeated one)."""
        if not isinstance(tool_calls, list):
            return []
        turn = sum(1 for m in chat.messages if m["role"] == "assistant")
        calls: list[dict[str, Any]] = []
        given = {i for i in (_field(tc, "id") for tc in tool_calls) if isinstance(i, str)}
        for k, tc in enumerate(tool_calls):
            fn = _field(tc, "function")
            if fn is None:  # a non-function tool call: nothing the phone can run
                continue
            name = _field(fn, "name")
            call_id = _field(tc, "id")
            if not isinstance(call_id, str) or not call_id or any(c["id"] == call_id for c in calls):
                call_id, n = f"call_{turn}_{k}", 0
                while call_id in given or any(c["id"] == call_id for c in calls):
                    n += 1
                    call_id = f"call_{turn}_{k}_{n}"
            calls.append(
                {
                    "id": call_id,
                    "type": "function",
                    "function": {
                        "name": utf8_safe(name) if isinstance(name, str) else "",
                        "arguments": _arguments(_field(fn, "arguments")),
                    },
                }
            )
        return calls
