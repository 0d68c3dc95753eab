"""The simulated user behind ``ask_user`` (interaction tasks; MobileWorld's agent-user interaction).

Deterministic and rule-based, no LLM: the user holds only the task's withheld facts. A question that
mentions one of a fact's keywords gets that fact's answer (the first matching fact, in task order);
any other question gets a fixed non-answer, so asking cannot leak anything the task did not withhold.
``ask_user`` is not a phone tool (it is not in the 212-tool catalog): the episode offers it only on
tasks with ``allow_ask``, and counts every call for the UIQ metric.
"""

from __future__ import annotations

from typing import Any

from mpb_env.checkers import norm_text
from mpb_env.tasks.model import Task

ASK_USER = "ask_user"
NO_ANSWER = "I don't have anything to add — please go ahead with what I told you."

ASK_USER_SCHEMA: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": ASK_USER,
        "description": "Ask the user a clarifying question when the request lacks a fact only they know.",
        "parameters": {
            "type": "object",
            "properties": {
                "question": {
                    "type": "string",
                    "description": 'The question, e.g. "Which time should the alarm be?"',
                }
            },
            "required": ["question"],
            "additionalProperties": False,
        },
    },
    "domain": "User",
    "mutates": False,
}


def answer(task: Task, question: Any) -> dict[str, Any]:
    """The feedback for ``ask_user(question)``."""
    if not isinstance(question, str) or not question.strip():
        return {
            "status": "error",
            "error_type": "InvalidArguments",
            "message": "ask_user needs a question",
            "data": None,
        }
    text = norm_text(question)
    for fact in task.user_facts:
        if any(norm_text(k) in text for k in fact.keywords):
            return {
                "status": "success",
                "error_type": None,
                "message": fact.answer,
                "data": {"answer": fact.answer},
            }
    return {"status": "success", "error_type": None, "message": NO_ANSWER, "data": {"answer": NO_ANSWER}}
