"""The standard system prompt and chat rendering of a task (paper: standardised system prompts,
multi-turn function calling).

``render_messages(task)`` gives the chat an LLM policy starts from: the system prompt (with the
task's candidate skills and simulated clock), the dialogue history H0 and the user query. The tool
schemas of the current action set travel separately (``info["tools"]``), as chat templates expect.
Under ``tool_format="compact"`` the system prompt is ``COMPACT_SYSTEM_PROMPT`` (the same rules in fewer
words, with the call syntax) and the tools are listed after it one line each (``compact_listing``).
"""

from __future__ import annotations

import re
from typing import Any

import orjson

from mpb_env.tasks.model import Task

#: How the system prompt asks for tool calls written as text. A client that passes the tools through a
#: function-calling API swaps it for ``NATIVE_TOOL_CALLS`` (``rollouts.chat``).
TEXT_TOOL_CALLS = """To call tools, answer with one or more blocks
<tool_call>{"name": "<tool name>", "arguments": {...}}</tool_call>
(several blocks run in order)."""
NATIVE_TOOL_CALLS = "Call them by function calling (several calls in one reply run in order)."
SYSTEM_PROMPT = (
    """\
You are the planner of a mobile personal assistant running on the user's phone.
You act only through the tools you are given. """
    + TEXT_TOOL_CALLS
    + """ Each call returns JSON feedback with "status", "error_type", "message"
and "data". Read it before the next step: fix arguments after an error, grant a missing permission,
retry a transient failure, and never repeat a completed action.
When the request is done, or you must ask the user a question, or it cannot be done, reply with a
plain message and no tool call: that message ends the task.
Personal facts and preferences are not in the request: look them up with the memory tools when the
request depends on them, searching for the facts it needs, not the whole memory. Delegate to a
sub-agent only what no structured tool can do.
The current time is {now}."""
)
#: Added on tasks that offer ``ask_user`` (the interaction suite): there, a question does not end the task.
ASK_USER_PROMPT = """
The user can answer questions here: when the request lacks a fact only the user knows, call the
ask_user tool with your question and carry on with the answer (do not end the task to ask). Ask only
when you must: unnecessary questions count against you."""


#: The system prompt under ``tool_format="compact"``: the rules of ``SYSTEM_PROMPT`` in fewer words (the
#: call syntax once, with the tools it introduces, which the listing ``compact_listing`` appends).
COMPACT_SYSTEM_PROMPT = (
    "You plan for a mobile personal assistant on the user's phone. Act only through the tools below, each "
    'called as <tool_call>{"name": "<tool name>", "arguments": {...}}</tool_call> (several run in order). '
    "Read each call's feedback: fix arguments after an error, grant a missing permission, retry a transient "
    "failure, never repeat a completed action. When the request is done, needs a question to the user, or "
    "cannot be done, reply in plain text with no tool call: it ends the task. Personal facts and "
    "preferences are not in the request: search the memory for the ones it needs, not the whole memory. "
    "Delegate to a sub-agent only what no structured tool can do.\nThe current time is {now}."
)

#: What introduces a task's candidate skills (the compact one leaves what a load does to ``load_skill``'s
#: own line in the tool listing).
SKILLS_HEADING = (
    "\nSkills you can load with load_skill (it returns instructions and adds their tools; load only the one "
    "the request needs):\n"
)
COMPACT_SKILLS_HEADING = "\nSkills for load_skill (load only the one the request needs):\n"


def system_prompt(
    task: Task, skills: dict[str, dict[str, Any]] | None = None, tool_format: str = "schema"
) -> str:
    """The system prompt for ``task``; ``skills`` maps candidate skill IDs to their records. Under
    ``tool_format="compact"`` it is ``COMPACT_SYSTEM_PROMPT`` (the tool listing follows it)."""
    base = COMPACT_SYSTEM_PROMPT if tool_format == "compact" else SYSTEM_PROMPT
    text = base.replace("{now}", task.now)
    if task.allow_ask:
        text += ASK_USER_PROMPT
    if task.candidate_skills:
        lines = [
            f"- {sid}: {(skills or {}).get(sid, {}).get('description', '')}".rstrip(": ")
            for sid in task.candidate_skills
        ]
        text += COMPACT_SKILLS_HEADING if tool_format == "compact" else SKILLS_HEADING
        text += "\n".join(lines)
    return text


def render_messages(
    task: Task, skills: dict[str, dict[str, Any]] | None = None, tool_format: str = "schema"
) -> list[dict[str, Any]]:
    """The chat messages an episode of ``task`` starts from: system, history H0, user query."""
    return [
        {"role": "system", "content": system_prompt(task, skills, tool_format)},
        *({"role": m.role, "content": m.content} for m in task.history),
        {"role": "user", "content": task.query},
    ]


#: How tools are shown to the model: ``"schema"`` (the OpenAI-style JSON schemas, passed to a chat
#: template as ``tools``) or ``"compact"`` (one line per tool, listed in the chat itself).
TOOL_FORMATS = ("schema", "compact")
#: The heading of the compact tool listing in the system message.
COMPACT_HEADING = "Tools (arg? is optional):"
_TYPE_MARKS = {"integer": "int", "number": "num", "boolean": "bool", "object": "{}"}


def _compact_arg(name: str, spec: dict[str, Any], required: bool) -> str:
    """One argument of a compact signature: ``name`` (a string), ``name?`` (optional), then its type
    when not a string (``n: int``, ``ids: [str]``) or its allowed values (``mode: a|b|c``)."""
    out = name if required else f"{name}?"
    if "enum" in spec:
        return f"{out}: {'|'.join(str(v) for v in spec['enum'])}"
    kind = spec.get("type", "string")
    if kind == "array":
        items = spec.get("items", {})
        inner = "|".join(str(v) for v in items["enum"]) if "enum" in items else items.get("type", "any")
        return f"{out}: [{_TYPE_MARKS.get(inner, 'str' if inner == 'string' else inner)}]"
    mark = _TYPE_MARKS.get(kind)
    return f"{out}: {mark}" if mark else out


#: Where a tool description's first sentence ends (a full stop before a capital; "e.g. x" goes on).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"])")


def summary(description: str) -> str:
    """The first sentence of a tool description (its docstring's summary line), without its full stop.

    >>> summary("Close an app (e.g. music). It stops. More here.")
    'Close an app (e.g. music)'
    """
    return _SENTENCE_END.split(description.strip(), maxsplit=1)[0].removesuffix(".")


def compact_tool(schema: dict[str, Any]) -> str:
    """One tool as a compact line: ``name(arg, arg?): summary``, with each argument's type when it is not
    a string and the allowed values of an enum; the description's first sentence only (``summary``: the
    later ones, and the argument docs with their examples, are in the JSON schema).

    >>> compact_tool({"type": "function", "function": {"name": "set_mode", "description": "Set it.",
    ...     "parameters": {"properties": {"mode": {"type": "string", "enum": ["on", "off"]},
    ...     "level": {"type": "integer"}, "note": {"type": "string"}}, "required": ["mode"]}}})
    'set_mode(mode: on|off, level?: int, note?): Set it'
    """
    fn = schema.get("function", schema)
    params = fn.get("parameters") or {}
    required = set(params.get("required") or ())
    args = ", ".join(
        _compact_arg(name, spec, name in required) for name, spec in (params.get("properties") or {}).items()
    )
    description = summary(fn.get("description") or "")
    return f"{fn['name']}({args}): {description}" if description else f"{fn['name']}({args})"


def render_tools(schemas: list[dict[str, Any]], fmt: str = "schema") -> str:
    """The tools as text: ``"compact"``, one ``compact_tool`` line each; ``"schema"``, one JSON schema
    (the ``function`` part) per line. The order is the order given: callers keep it append-only, so a
    server's prefix cache keeps hitting as tools are added."""
    if fmt == "compact":
        return "\n".join(compact_tool(s) for s in schemas)
    if fmt == "schema":
        return "\n".join(orjson.dumps(s.get("function", s)).decode() for s in schemas)
    raise ValueError(f"unknown tool format {fmt!r}; expected one of {list(TOOL_FORMATS)}")


def compact_listing(schemas: list[dict[str, Any]]) -> str:
    """The compact tool listing the system message ends with (``tool_format="compact"``)."""
    return f"{COMPACT_HEADING}\n{render_tools(schemas, 'compact')}"
