"""ask_user and the simulated user (interaction tasks), and the UIQ report."""

from __future__ import annotations

import orjson
import pytest

from mpb_env.envs import MobilePAEnv
from mpb_env.rollouts.policies import make_policy
from mpb_env.rollouts.report import build_report
from mpb_env.rollouts.runner import run
from mpb_env.tasks import load_tasks
from mpb_env.tasks.build import call, calls, contains, task
from mpb_env.tasks.model import Task
from mpb_env.user import ASK_USER, MAX_CUES, MAX_QUESTION_WORDS, NO_ANSWER, TOO_LONG, answer

ASKING = task(
    id="ask-001",
    version="test",
    dimension="basic",
    category="grounding",
    bucket="tool",
    query="Set an alarm called Yoga for tomorrow.",
    frictions=["missing_argument"],
    user_facts=[{"keywords": ["time", "when"], "answer": "Make it 6:40 am."}],
    allow_ask=True,
    gold={"calls": [{"name": "create_alarm", "arguments": {"time": "06:40", "label": contains("yoga")}}]},
    oracle=[
        calls(call("ask_user", question="What time should it ring?")),
        calls(call("create_alarm", time="06:40", label="Yoga")),
        "Yoga alarm set for 6:40.",
    ],
)
CONTROL = task(
    id="ask-002",
    version="test",
    dimension="basic",
    category="grounding",
    bucket="tool",
    query="Set an alarm for 6:50 am called Stretch.",
    allow_ask=True,
    gold={"calls": [{"name": "create_alarm", "arguments": {"time": "06:50", "label": contains("stretch")}}]},
    oracle=[calls(call("create_alarm", time="06:50", label="Stretch")), "Stretch is set for 6:50."],
)


def test_ask_user_is_offered_only_on_interaction_tasks() -> None:
    env = MobilePAEnv(tasks=[ASKING, CONTROL], recall="oracle")
    _, info = env.reset(options={"task_id": "ask-001"})
    assert ASK_USER in [t["function"]["name"] for t in info["tools"]]
    plain = MobilePAEnv(dimension="basic")
    _, info = plain.reset(seed=0)
    assert ASK_USER not in [t["function"]["name"] for t in info["tools"]]
    obs, *_ = plain.step('{"name": "ask_user", "arguments": {"question": "What time?"}}')
    assert orjson.loads(obs)[0]["error_type"] == "UnknownTool"


def test_the_simulated_user_answers_only_what_it_withholds() -> None:
    env = MobilePAEnv(tasks=[ASKING], recall="oracle")
    env.reset(options={"task_id": "ask-001"})
    obs, *_ = env.step('{"name": "ask_user", "arguments": {"question": "Which label?"}}')
    assert orjson.loads(obs)[0]["message"] == NO_ANSWER
    obs, *_ = env.step('{"name": "ask_user", "arguments": {"question": "When should it ring?"}}')
    assert orjson.loads(obs)[0]["message"] == "Make it 6:40 am."
    obs, *_ = env.step('{"name": "ask_user", "arguments": {}}')
    assert orjson.loads(obs)[0]["error_type"] == "InvalidArguments"
    assert env.episode.asks == 3 and env.episode.state.log == []


def test_uiq_rewards_efficient_asking_and_counts_spurious_askers() -> None:
    tasks = [ASKING, CONTROL]
    oracle = run(tasks, make_policy("oracle", tasks), recall="oracle", progress=False)
    rep = build_report(oracle, tasks)["interaction"]
    assert rep == {
        "tasks": 1,
        "control_tasks": 1,
        "success_rate": 100.0,
        "avg_queries": 1.0,
        "spurious_askers": 0,
        "uiq": 100.0,
    }
    null = run(tasks, make_policy("null", tasks), progress=False)
    assert build_report(null, tasks)["interaction"]["uiq"] == 0.0


def test_keywords_are_whole_words_so_off_topic_questions_learn_nothing() -> None:
    from mpb_env.tasks.model import UserFact
    from mpb_env.user import answer

    dated = ASKING.model_copy(update={"user_facts": [UserFact(keywords=["day", "who"], answer="Tuesday.")]})
    assert answer(dated, "Which day should it be?")["message"] == "Tuesday."
    for fishing in ("What's the weather like today?", "Should I update it?", "Is that the whole request?"):
        assert answer(dated, fishing)["message"] == NO_ANSWER, fishing


def test_the_prompt_says_how_to_ask_only_where_asking_is_offered() -> None:
    from mpb_env.prompts import system_prompt

    assert "call the\nask_user tool" in system_prompt(ASKING) and "ask_user" not in system_prompt(
        ASKING.model_copy(update={"allow_ask": False})
    )


def test_the_random_policy_can_ask_where_asking_is_offered() -> None:
    from mpb_env.tasks import load_tasks

    tasks = load_tasks("interaction")
    trajs = run(tasks, make_policy("random", tasks, seed=0), world_size="M", progress=False)
    assert sum(t.user_queries for t in trajs) > 0


def test_questions_about_the_present_or_the_assistant_get_nothing() -> None:
    """On the interaction suite: no fact leaks to "What time is it?"-style questions, natural questions
    about the missing fact are answered."""
    from mpb_env.tasks import load_tasks
    from mpb_env.user import answer

    asking = [t for t in load_tasks("interaction") if t.user_facts]
    for q in (
        "What time is it?",
        "Who are you?",
        "What's your name?",
        "What's the date today?",
        "Who is this?",
    ):
        assert all(answer(t, q)["message"] == NO_ANSWER for t in asking), q
    people = [t for t in asking if "text" in t.template]
    assert people and all(answer(t, "Who are you referring to?")["message"] != NO_ANSWER for t in people)
    timed = [t for t in asking if t not in people]
    assert timed and all(
        answer(t, "Do you have a specific time in mind?")["message"] != NO_ANSWER for t in timed
    )


#: The interaction tasks that withhold a fact, and the question each one's oracle asks.
WITHHOLDING = [t for t in load_tasks("interaction") if t.user_facts]


def _oracle_question(t: Task) -> str:
    return orjson.loads(t.oracle[0])["arguments"]["question"]


@pytest.mark.parametrize("t", WITHHOLDING, ids=[t.id for t in WITHHOLDING])
def test_present_moment_questions_are_read_to_the_end_of_the_clause(t: Task) -> None:
    """ "What time is it?" in any wording learns nothing; "What time is it for?" asks about the request."""
    for q in (
        "What's the time?",
        "Do you know what time it is?",
        "What's the time right now?",
        "What date is it today?",
        "Can you tell me the date?",
        "What day is it?",
    ):
        assert answer(t, q)["message"] == NO_ANSWER, q
    fact = t.user_facts[0].answer
    if "text" in t.template:
        asked = ("Who is it for?", "Who am I messaging — which friend?")
    elif "reminder" in t.template:
        asked = ("What day is it due?", "What time is it for?", "Is the due date today?")
    else:
        asked = ("What time is it supposed to ring?", "What time is it for?")
    for q in asked:
        assert answer(t, q)["message"] == fact, q


@pytest.mark.parametrize("t", WITHHOLDING, ids=[t.id for t in WITHHOLDING])
def test_keyword_lists_and_walls_of_text_get_no_fact(t: Task) -> None:
    keywords = t.user_facts[0].keywords
    assert len(keywords) > MAX_CUES
    honest = _oracle_question(t)
    for q in (
        " ".join(keywords),  # the fact's own cue list
        ", ".join(keywords[: MAX_CUES + 1]) + "?",  # a short one, still a list
        f"{honest} " + "please " * MAX_QUESTION_WORDS,  # a real question buried in padding
        "what time who is which day " * 200_000,  # megabytes: answered at once, nothing scanned
    ):
        assert answer(t, q)["message"] == TOO_LONG, q[:80]
    assert answer(t, honest)["message"] == t.user_facts[0].answer


def test_a_keyword_dump_costs_a_query_instead_of_scoring_as_a_good_question() -> None:
    """An agent that opens with every cue phrase of the suite learns nothing from it: the fact takes a
    second, real question, and UIQ counts both."""
    cues = " ".join(sorted({k for t in WITHHOLDING for f in t.user_facts for k in f.keywords}))
    env = MobilePAEnv(split="interaction", recall="oracle")
    for t in WITHHOLDING:
        env.reset(options={"task_id": t.id})
        obs, *_ = env.step(orjson.dumps({"name": ASK_USER, "arguments": {"question": cues}}).decode())
        assert orjson.loads(obs)[0]["message"] == TOO_LONG
        obs, *_ = env.step(t.oracle[0])
        assert orjson.loads(obs)[0]["message"] == t.user_facts[0].answer
        assert env.episode.asks == 2


def test_an_ask_with_arguments_beyond_the_question_is_refused_like_any_strict_tool() -> None:
    """The ``ask_user`` schema allows ``question`` alone (``additionalProperties: false``); extra
    arguments were ignored, where every phone tool refuses them."""
    env = MobilePAEnv(tasks=[ASKING], recall="oracle")
    env.reset(options={"task_id": ASKING.id})
    ask = {"name": ASK_USER, "arguments": {"question": "What time should it ring?", "urgent": True}}
    (entry,) = orjson.loads(env.step(orjson.dumps(ask).decode())[0])
    assert entry["status"] == "error" and entry["error_type"] == "InvalidArguments"
    assert "not urgent" in entry["message"] and env.episode.asks == 1
    del ask["arguments"]["urgent"]
    (entry,) = orjson.loads(env.step(orjson.dumps(ask).decode())[0])
    assert entry["status"] == "success" and entry["message"] == "Make it 6:40 am."
