"""The memory and skill gates: sweeps fail, targeted retrieval passes, and so does a careful assistant
whose memory search is phrased differently from the oracle's."""

from __future__ import annotations

from typing import Any, get_args

import orjson
import pytest
from task_ids import task_id_of

from mpb_env.domains.assistant import MemoryCategory
from mpb_env.gates import MEMORY_PULL_LIMIT, MEMORY_TOP_RANK, category_words, memory_gate, skill_gate
from mpb_env.parsing import ToolCall, parse_turn
from mpb_env.rollouts.adversarial import gaming_table
from mpb_env.tasks import load_tasks, task_index
from mpb_env.tasks.model import Task, episodes
from mpb_env.validation import replay

# Fixture tasks by family and entities (tests/task_ids.py), not by place in the suite.
MEM_DND_EXCEPTION = task_id_of("memory.dnd_exception", turns="single", mem_roles_work="mentor")
MORNING_ROUTINE = task_id_of("skill.morning_routine", sk_morning_openers="Just woke up.")
FOOD_ORDER = task_id_of(
    "subagent.gui.food_order", query="Can you", sa_food="cloud_eats|Cloud Eats|Tacolicious|two shrimp tacos"
)
USUAL_SPANISH = task_id_of(
    "subagent.practice.usual_spanish",
    sk_practice_topics="shopping at a market",
    sk_night_openers="I'm turning in.",
)
MEM_EMERGENCY_CONTACT = task_id_of("memory.emergency_contact", turns="single", mem_home_people="contact_021")
MEM_REMOVE_OUTDATED = task_id_of("memory.remove_outdated", turns="single", mem_facts="lab_meeting")
MEM_BOOK_FLIGHT = task_id_of(
    "memory.book_flight", turns="single", query="launch —", mem_purposes="the product launch"
)
MEM_TEXT_ROLE = task_id_of("memory.text_role", turns="single", mem_roles_family="landlord")
MEM_FORGET_FACT_DB = task_id_of("memory.forget_fact_db", turns="single", mem_facts="oncall")
MEM_REPLACE_FACT_DB = task_id_of(
    "memory.replace_fact_db", turns="single", query="my reading", mem_facts="reading_group"
)
COMMUTE_MODE = task_id_of("skill.commute_mode", sk_commute_volumes="5")
DOCTOR_VISIT = task_id_of("skill.doctor_visit", sk_weekdays="tomorrow")

SEARCH = "search_user_memory"
CATEGORIES = list(get_args(MemoryCategory))


def _turn(calls: list[tuple[str, dict[str, Any]]]) -> str:
    return orjson.dumps([{"name": n, "arguments": a} for n, a in calls]).decode()


def _search(query: str, top_k: int = 5) -> str:
    return _turn([(SEARCH, {"query": query, "top_k": top_k})])


def _oracle_with_searches(task: Task, rewrite: Any) -> list[str]:
    """The oracle's turns with each memory search replaced by ``rewrite(arguments)`` (a list of new
    search argument dicts; empty drops the search)."""
    out: list[str] = []
    for text in task.oracle:
        turn = parse_turn(text)
        if not turn.calls:
            out.append(text)
            continue
        calls: list[tuple[str, dict[str, Any]]] = []
        for c in turn.calls:
            assert isinstance(c, ToolCall)
            if c.name == SEARCH:
                calls += [(SEARCH, a) for a in rewrite(c.arguments)]
            else:
                calls.append((c.name, c.arguments))
        if calls:
            out.append(_turn(calls))
    return out


def _verdict(task: Task, turns: list[str]) -> Any:
    return replay(task, turns, open_catalog=True).verdict


def _gated(split: str) -> list[Task]:
    return [t for t in episodes(load_tasks(split)) if t.gold_memory_ids]


# --------------------------------------------------------------------------- sweeps fail
@pytest.mark.parametrize("split", ["bench", "dev"])
def test_gaming_policies_stay_under_one_percent(split: str) -> None:
    """memory-sweep (every category and a dozen generic queries, 50 results each, then the oracle) and
    load-every-skill (every candidate skill, then the oracle) no longer pass the gates."""
    table = gaming_table(load_tasks(split), ["memory-sweep", "load-every-skill"])
    for name, rates in table.items():
        assert rates["overall"]["episodes"] > 0, name
        assert rates["overall"]["rate"] <= 1.0, (name, rates["passed_ids"])


def test_a_category_sweep_within_the_pull_limit_fails() -> None:
    """A sweep that stays under the pull limit (each category's best match, 11 records) instead of the
    oracle's searches: a query naming a category is about no memory, so the gate stays shut."""
    tasks = _gated("bench")
    sweep = [_search(c, top_k=1) for c in CATEGORIES]
    assert len(CATEGORIES) <= MEMORY_PULL_LIMIT
    passed = [t.id for t in tasks if _verdict(t, [*sweep, *_oracle_with_searches(t, lambda a: [])]).success]
    assert len(passed) <= 0.01 * len(tasks), passed


def test_the_oracle_searches_after_a_broad_sweep_do_not_help() -> None:
    """The oracle's own targeted searches pass; the same searches after pulling everything fail."""
    task = task_index("bench")[MEM_DND_EXCEPTION]  # "My mentor should always get through DND."
    assert _verdict(task, list(task.oracle)).success
    sweep = _turn([(SEARCH, {"query": q, "top_k": 50}) for q in ("people", "family", "work")])
    verdict = _verdict(task, [sweep, *task.oracle])
    assert not verdict.success and not verdict.gates["memory"]
    assert any("more than" in r for r in verdict.reasons)


def test_a_broad_query_that_returns_the_gold_low_fails() -> None:
    """Returned, and sharing a word with it, but far down a broad query's list: not targeted. The same
    pull with the gold memory near the top passes."""
    task = task_index("bench")[
        f"{MORNING_ROUTINE}@SOR"
    ]  # morning routine: the workday wake-up time (mem_011)
    broad = {"query": "workdays meetings work hours commute", "top_k": 12}
    ep = replay(task, _oracle_with_searches(task, lambda a: [broad]), open_catalog=True)
    rows = [
        r["id"] for e in ep.state.log if e["tool"] == SEARCH and e["status"] == "success" for r in e["data"]
    ]
    assert task.gold_memory_ids[0] in rows[MEMORY_TOP_RANK:] and len(set(rows)) <= MEMORY_PULL_LIMIT
    assert not ep.verdict.success and not ep.verdict.gates["memory"]
    assert any("never ranked in the top" in r for r in ep.verdict.reasons)
    assert _verdict(
        task, _oracle_with_searches(task, lambda a: [broad, {"query": "wake up workdays"}])
    ).success


def test_a_query_naming_only_a_category_is_about_nothing() -> None:
    """mem_020 ("... when booking restaurants or ordering food.", category food) ranks first for the
    query "food", a word of its text, but "food" names a category: a sweep's query, not a search about
    the allergy. A word beside it that says what is wanted makes it one."""
    task = task_index("bench")[FOOD_ORDER]
    assert "food" in category_words() and task.gold_memory_ids == ["mem_020"]
    ep = replay(
        task, _oracle_with_searches(task, lambda a: [{"query": "food", "top_k": 1}]), open_catalog=True
    )
    assert [r["id"] for r in ep.state.log[0]["data"]] == ["mem_020"]
    assert not ep.verdict.gates["memory"]
    assert _verdict(
        task, _oracle_with_searches(task, lambda a: [{"query": "food I avoid", "top_k": 1}])
    ).success


# --------------------------------------------------------------------------- targeted retrieval passes
def test_every_oracle_passes_the_new_gates() -> None:
    for split in ("bench", "train", "dev"):
        for t in [t for t in episodes(load_tasks(split)) if t.gold_memory_ids or t.gold_skill]:
            v = _verdict(t, list(t.oracle))
            assert v.success, (t.id, v.reasons)


#: A careful assistant's own phrasing of each search, about the same fact as the oracle's query.
FAIR = [
    (f"{MORNING_ROUTINE}@SOR", {"wake up time workdays": "what time do I get up on workdays"}),
    (USUAL_SPANISH, {"language study routine practice": "Spanish lessons"}),
    (FOOD_ORDER, {"diet allergy food": "food allergies"}),
    (MEM_EMERGENCY_CONTACT, {"cousin": "who is my cousin"}),
    (MEM_DND_EXCEPTION, {"mentor": "my mentor's name"}),
    (MEM_REMOVE_OUTDATED, {"lab meeting": "when is the lab meeting"}),
    (MEM_BOOK_FLIGHT, {"flight seat preference": "preferred seat on flights"}),
    (MEM_TEXT_ROLE, {"landlord": "landlord name"}),
    (MEM_FORGET_FACT_DB, {"on-call week": "which week am I on call"}),
    (MEM_REPLACE_FACT_DB, {"reading group meets": "reading group schedule"}),
    (f"{COMMUTE_MODE}@SOR", {"commute focus routine": "commute settings"}),
    (f"{DOCTOR_VISIT}@SOR", {"family doctor": "my doctor", "reminder lead time": "how early reminders"}),
]


@pytest.mark.parametrize(("task_id", "phrasing"), FAIR, ids=[t for t, _ in FAIR])
def test_a_search_phrased_differently_but_about_the_fact_passes(
    task_id: str, phrasing: dict[str, str]
) -> None:
    task = task_index("bench")[task_id]
    seen: list[str] = []

    def rewrite(args: dict[str, Any]) -> list[dict[str, Any]]:
        seen.append(args["query"])
        return [{**args, "query": phrasing[args["query"]]}]

    turns = _oracle_with_searches(task, rewrite)
    assert seen and set(seen) <= set(phrasing)  # every oracle search was rephrased
    verdict = _verdict(task, turns)
    assert verdict.success, verdict.reasons


def test_several_careful_searches_pass() -> None:
    """Looking a fact up twice, a wider net first (top 10), stays within the pull limit and passes."""
    task = task_index("bench")[MEM_REMOVE_OUTDATED]  # conflicting lab meeting memories
    turns = _oracle_with_searches(
        task, lambda a: [{"query": "lab meeting schedule", "top_k": 10}, {"query": "lab meeting"}]
    )
    assert _verdict(task, turns).success


# --------------------------------------------------------------------------- the skill gate
def _skill_task() -> Task:
    return next(t for t in episodes(load_tasks("bench")) if t.gold_skill and len(t.candidate_skills) > 1)


def test_loading_a_skill_the_request_does_not_need_fails() -> None:
    task = _skill_task()
    other = next(s for s in task.candidate_skills if s != task.gold_skill)
    assert _verdict(task, list(task.oracle)).success
    extra = _verdict(task, [_turn([("load_skill", {"skill_id": other})]), *task.oracle])
    assert not extra.success and not extra.gates["skill"]
    assert any(other in r and "does not need" in r for r in extra.reasons)
    # Loading every candidate fails too; reloading the gold one, or a failed load, does not.
    every = _turn([("load_skill", {"skill_id": s}) for s in task.candidate_skills])
    assert not _verdict(task, [every, *task.oracle]).gates["skill"]
    again = _turn([("load_skill", {"skill_id": task.gold_skill})])
    assert _verdict(task, [again, *task.oracle]).success
    unknown = _turn([("load_skill", {"skill_id": "no_such_skill"})])
    assert _verdict(task, [unknown, *task.oracle]).success


def test_the_gate_functions_report_why() -> None:
    task = _skill_task()
    ep = replay(task, ["Done."], open_catalog=True)
    ok, reasons = skill_gate(task, ep.state)
    assert not ok and reasons == [f"skill gate: {task.gold_skill!r} was not loaded"]
    mem = task_index("bench")[MEM_DND_EXCEPTION]
    ep = replay(mem, ["Done."], open_catalog=True)
    ok, reasons = memory_gate(mem, ep.state)
    assert not ok and reasons == [f"memory gate: never retrieved {sorted(mem.gold_memory_ids)}"]


def test_content_words_kept_per_text_and_tags() -> None:
    from mpb_env.gates import _content_words, content_words

    assert _content_words("I wake at 6:30.", ("wake-up",)) == frozenset(content_words("I wake at 6:30.", ["wake-up"]))
    assert _content_words("I wake at 6:30.", ("gym",)) == frozenset(content_words("I wake at 6:30.", ["gym"]))
    assert "gym" in _content_words("I wake at 6:30.", ("gym",)) and "gym" not in _content_words("I wake at 6:30.", ())
