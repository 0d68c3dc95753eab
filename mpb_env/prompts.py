"""The standard system prompt and chat rendering of a task (paper: standardised system prompts,
multi-turn function calling).

``render_messages(task)`` gives the chat an LLM policy starts from: the system prompt (with the
task's candidate skills and simulated clock), the dialogue history H0 and the user query. The tool
schemas of the current action set travel separately (``info["tools"]``), as chat templates expect.
"""

from __future__ import annotations

from typing import Any

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


def system_prompt(task: Task, skills: dict[str, dict[str, Any]] | None = None) -> str:
    """The system prompt for ``task``; ``skills`` maps candidate skill IDs to their records."""
    text = SYSTEM_PROMPT.replace("{now}", task.now)
    if task.allow_ask:
        text += ASK_USER_PROMPT
    if task.candidate_skills:
        lines = [
            f"- {sid}: {(skills or {}).get(sid, {}).get('description', '')}".rstrip(": ")
            for sid in task.candidate_skills
        ]
        text += (
            "\nSkills you can load with load_skill (it returns instructions and adds their tools; load only "
            "the one the request needs):\n"
        )
        text += "\n".join(lines)
    return text


def render_messages(task: Task, skills: dict[str, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The chat messages an episode of ``task`` starts from: system, history H0, user query."""
    return [
        {"role": "system", "content": system_prompt(task, skills)},
        *({"role": m.role, "content": m.content} for m in task.history),
        {"role": "user", "content": task.query},
    ]
