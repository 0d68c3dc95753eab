"""The compound long-horizon tasks (the paper's Figure 1) in bench: each needs memory, a skill, tools of
two or more domains and a sub-agent hand-off, and depends on its memory (skipping the search fails)."""

from __future__ import annotations

from mpb_env.domains import catalog
from mpb_env.tasks import load_tasks
from mpb_env.tasks.build import oracle_tools
from mpb_env.tasks.gen.fam_compound import MEMORY_ID
from mpb_env.validation import replay

ASSISTANT = "AI Assistant"  # the domain of the memory search, load_skill and the hand-offs
COMPOUND = [t for t in load_tasks("bench") if str(t.meta.get("family", "")).startswith("skill.compound_")]


def test_bench_holds_at_least_ten_compound_tasks_within_the_skill_quota() -> None:
    bench = load_tasks("bench")
    assert len(bench) == 1705
    assert len([t for t in bench if t.dimension == "skill"]) == 200
    assert len(COMPOUND) >= 10
    assert {t.dimension for t in COMPOUND} == {"skill"}
    assert len({t.meta["family"] for t in COMPOUND}) >= 3


def test_each_compound_oracle_uses_memory_a_skill_a_hand_off_and_two_tool_domains() -> None:
    spec = catalog()
    for t in COMPOUND:
        tools = oracle_tools(t.oracle)
        assert "search_user_memory" in tools, t.id
        assert "load_skill" in tools and t.gold_skill in t.candidate_skills, t.id
        assert any(n.startswith("delegate_to_") for n in tools), t.id
        domains = {spec[n].domain for n in tools} - {ASSISTANT}
        assert len(domains) >= 2, (t.id, domains)
        assert t.gold_memory_ids == [MEMORY_ID] and MEMORY_ID in t.s0_patch.get("memories", {}), t.id


def test_a_compound_task_fails_without_its_memory_search() -> None:
    for t in COMPOUND:
        assert replay(t, t.oracle, recall="bm25").verdict.success, t.id
        skipped = [turn for turn in t.oracle if "search_user_memory" not in turn]
        ep = replay(t, skipped, recall="bm25")
        assert not ep.verdict.success, t.id
        assert any("memory gate" in r for r in ep.verdict.reasons), (t.id, ep.verdict.reasons)
