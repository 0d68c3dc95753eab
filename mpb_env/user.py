"""The simulated user behind ``ask_user`` (interaction tasks; MobileWorld's agent-user interaction).

Deterministic and rule-based, no LLM: the user holds only the task's withheld facts. A question that
mentions one of a fact's keywords as whole words ("day" is not in "today", "who" not in "whole") gets
that fact's answer (the first matching fact, in task order); any other question gets a fixed refusal,
and so does one about the present moment or the assistant itself ("What time is it?", "Who are
you?"), whatever it contains. Rule-based, so a question naming a fact's cue words generically ("Who is
it, and when?") can still be answered; a question that names none learns nothing.
``ask_user`` is not a phone tool (it is not in the 212-tool catalog): the episode offers it only on
tasks with ``allow_ask``, and counts every call for the UIQ metric.
"""

from __future__ import annotations

import re
from typing import Any

from mpb_env.checkers import norm_text
from mpb_env.tasks.model import Task
from mpb_env.tools.runtime import feedback

ASK_USER = "ask_user"
NO_ANSWER = "Sorry, I'm not sure what you mean — ask me about what you need for this request."

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


_PHRASES: dict[str, re.Pattern[str]] = {}
#: Questions about the present moment or the assistant and user themselves: never about a withheld fact.
_OFF_TOPIC = re.compile(
    r"\b(what time is it|what's the time now|what is the time now|how late is it|(what's|what is) the date|"
    r"today's date|date today|what day is (it|today)|who am i|your (full )?name|my name|"
    r"when are you (free|available)|who is the (president|prime minister|ceo))\b"
    r"|\b(who are you|who is this|who's this)(?=\s*[?.!]|\s*$)"
)


def _mentions(text: str, phrase: str) -> bool:
    """Does normalised ``text`` hold ``phrase`` as whole words?

    >>> _mentions("what's the weather today?", "day"), _mentions("which day works?", "day")
    (False, True)
    """
    pattern = _PHRASES.get(phrase)
    if pattern is None:
        pattern = _PHRASES[phrase] = re.compile(rf"(?<!\w){re.escape(phrase)}(?!\w)")
    return pattern.search(text) is not None


def answer(task: Task, question: Any) -> dict[str, Any]:
    """The feedback for ``ask_user(question)``."""
    if not isinstance(question, str) or not question.strip():
        return feedback("error", "ask_user needs a question", None, "InvalidArguments")
    text = norm_text(question)
    reply = NO_ANSWER
    if not _OFF_TOPIC.search(text):
        reply = next(
            (f.answer for f in task.user_facts if any(_mentions(text, norm_text(k)) for k in f.keywords)),
            NO_ANSWER,
        )
    return feedback("success", reply, {"answer": reply})
