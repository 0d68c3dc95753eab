"""The simulated user behind ``ask_user`` (interaction tasks; MobileWorld's agent-user interaction).

Deterministic and rule-based, no LLM: the user holds only the task's withheld facts. A question that
mentions one of a fact's keywords as whole words ("day" is not in "today", "who" not in "whole") gets
that fact's answer (the first matching fact, in task order); any other question gets a fixed refusal,
and so does one about the present moment or the assistant itself ("What time is it?", "Do you know
what time it is?", "Who are you?"), whatever it contains; "What time is it for?" and "What day is it
due?" ask about the request and are answered. A question longer than a person reads through
(``MAX_QUESTION_WORDS`` words, ``MAX_QUESTION_CHARS`` characters) or one that strings together more
than ``MAX_CUES`` of a fact's cue phrases (a keyword list, not a question) gets ``TOO_LONG`` and no
fact. Rule-based, so a question naming a fact's cue words generically ("Who is it, and when?") can
still be answered; a question that names none learns nothing.
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
TOO_LONG = "That's a lot to take in — what do you need to know? Ask me one short question."
#: Past these a question is not read: the user asks for one short question instead.
MAX_QUESTION_CHARS = 800
MAX_QUESTION_WORDS = 100
#: More distinct cue phrases of one fact than this is a keyword list; a plain question names a few.
MAX_CUES = 10

ASK_USER_SCHEMA: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": ASK_USER,
        "description": (
            "Ask the user one short clarifying question when the request lacks a fact only they know."
        ),
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
#: The end of a question about the present moment: "What time is it?", "... right now?", but not
#: "What time is it for?" or "What day is it due?", which ask about the request.
_NOW_END = r"(?=(\s+((right )?now|today|at the moment|currently|there|here))?\s*([?.!,;:]|$))"
#: Questions about the present moment or the assistant and user themselves: never about a withheld fact.
_OFF_TOPIC = re.compile(
    r"\b(what time is it|what time it is|(what's|what is) the time|how late is it|what date is (it|today)|"
    r"(what's|what is) (the |today's )?date|the date today|today's date|what day is (it|today)|"
    r"what day it is|(tell me|know) the (time|date)|who am i)"
    + _NOW_END
    + r"|\b(your (full )?name|my name|when are you (free|available)|who is the (president|prime minister|ceo))\b"
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


def answer_call(task: Task, arguments: dict[str, Any]) -> dict[str, Any]:
    """The feedback for an ``ask_user`` call: its schema takes ``question`` and nothing else, and an
    extra argument is refused, as every phone tool's strict schema refuses one."""
    extra = sorted(set(arguments) - {"question"})
    if extra:
        return feedback(
            "error", f"ask_user takes only a question, not {', '.join(extra)}", None, "InvalidArguments"
        )
    return answer(task, arguments.get("question"))


def answer(task: Task, question: Any) -> dict[str, Any]:
    """The feedback for ``ask_user(question)``."""
    if not isinstance(question, str) or not question.strip():
        return feedback("error", "ask_user needs a question", None, "InvalidArguments")
    if len(question) > MAX_QUESTION_CHARS:
        return feedback("success", TOO_LONG, {"answer": TOO_LONG})
    text = norm_text(question)
    if len(text.split()) > MAX_QUESTION_WORDS:
        return feedback("success", TOO_LONG, {"answer": TOO_LONG})
    cues = [sum(_mentions(text, norm_text(k)) for k in fact.keywords) for fact in task.user_facts]
    if any(n > MAX_CUES for n in cues):
        reply = TOO_LONG
    elif _OFF_TOPIC.search(text):
        reply = NO_ANSWER
    else:
        reply = next((f.answer for f, n in zip(task.user_facts, cues, strict=True) if n), NO_ANSWER)
    return feedback("success", reply, {"answer": reply})
