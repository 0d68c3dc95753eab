"""Reach: the env's search_tools, the default retriever, oracles that are solvable under the default
settings, the recall@N / ceiling figures, and the frozen suite versions."""

from __future__ import annotations

import hashlib

import orjson
import pytest

from mpb_env.domains import DOMAIN_COUNTS, by_domain, catalog
from mpb_env.episode import Episode, initial_tools
from mpb_env.reach import reach
from mpb_env.recall import ALWAYS_AVAILABLE, rank, recall
from mpb_env.retrieval import ranked, search
from mpb_env.tasks import SPLITS, load_tasks, suite_bytes, versions
from mpb_env.tasks.build import (
    DATA,
    RELEASED_VERSIONS,
    VersionConflict,
    call,
    calls,
    reachable_oracle,
    record_version,
    task,
)
from mpb_env.text import BM25
from mpb_env.tool_search import MAX_QUERY_CHARS, SEARCH_TOOLS
from mpb_env.world.generate import load_world

WORLD = load_world("M")


def _alarm_task(**kw: object):
    base: dict = {
        "id": "reach-alarm",
        "version": "reach-test",
        "dimension": "basic",
        "category": "grounding",
        "bucket": "tool",
        "query": "Set an alarm for 5:20 called Run.",
        "gold": {"calls": [{"name": "create_alarm", "arguments": {"time": "05:20", "label": "Run"}}]},
        "oracle": [calls(call("create_alarm", time="05:20", label="Run")), "Your 5:20 alarm is set."],
    }
    return task(**(base | kw))


def _step(ep: Episode, name: str, **arguments: object) -> list[dict]:
    obs, *_ = ep.step(calls(call(name, **arguments)))
    return orjson.loads(obs)


# --------------------------------------------------------------------------- search_tools in the env
def test_search_tools_is_not_a_catalog_tool() -> None:
    assert SEARCH_TOOLS not in catalog() and len(catalog()) == 212
    assert {d: len(s) for d, s in by_domain().items()} == DOMAIN_COUNTS


def test_search_tools_is_offered_beside_the_memory_search_unless_turned_off() -> None:
    t = load_tasks("bench", "basic")[0]
    on, off = initial_tools(t, "bm25", 15), initial_tools(t, "bm25", 15, tool_search=False)
    assert SEARCH_TOOLS in on and set(ALWAYS_AVAILABLE) <= set(on)
    assert SEARCH_TOOLS not in off and set(on) - set(off) == {SEARCH_TOOLS}
    skill = load_tasks("bench", "skill")[0]
    assert SEARCH_TOOLS not in initial_tools(skill.with_routing("SOR"), "bm25", 15)  # skills only
    assert SEARCH_TOOLS in initial_tools(skill.with_routing("MTSR"), "bm25", 15)
    assert SEARCH_TOOLS not in initial_tools(t, "all", 15)  # nothing left to find


def test_found_tools_are_callable_from_the_next_turn_and_nothing_is_written() -> None:
    t = _alarm_task()
    ep = Episode(WORLD, t)
    assert "set_wallpaper" not in ep.allowed
    # Searching and calling in one turn: the call is refused (A_t is fixed for the turn).
    obs, _, _, _, info = ep.step(
        calls(call(SEARCH_TOOLS, query="set_wallpaper"), call("set_wallpaper", wallpaper_id="wallpaper_004"))
    )
    first, second = orjson.loads(obs)
    assert first["status"] == "success" and first["data"]["tools"][0]["name"] == "set_wallpaper"
    assert {"name", "description", "parameters"} <= set(first["data"]["tools"][0])
    assert second["error_type"] == "UnknownTool"
    assert "set_wallpaper" in {s["function"]["name"] for s in info["tools"]}  # A_{t+1} in the info
    assert ep.state.log == [] and not ep.state.delta()  # read-only: no log entry, no write
    [fb] = _step(ep, "set_wallpaper", wallpaper_id="wallpaper_004")
    assert fb["error_type"] != "UnknownTool"


def test_search_results_are_deterministic_new_tools_only_and_k_long() -> None:
    t = _alarm_task()
    a, b = Episode(WORLD, t), Episode(WORLD, t)
    fa, fb = (
        _step(a, SEARCH_TOOLS, query="bluetooth headphones"),
        _step(b, SEARCH_TOOLS, query="bluetooth headphones"),
    )
    assert fa == fb
    names = [x["name"] for x in fa[0]["data"]["tools"]]
    assert len(names) == 5 and not set(names) & set(initial_tools(t, "bm25", 15))
    again = _step(a, SEARCH_TOOLS, query="bluetooth headphones")[0]["data"]["tools"]
    assert not {x["name"] for x in again} & set(names)  # already offered: the next best come back
    assert len(search("bluetooth", 3)) == 3
    small = Episode(WORLD, t, search_k=2)
    assert len(_step(small, SEARCH_TOOLS, query="bluetooth")[0]["data"]["tools"]) == 2


@pytest.mark.parametrize(
    "arguments, message",
    [
        ({}, "needs a query"),
        ({"query": "   "}, "needs a query"),
        ({"query": 7}, "needs a query"),
        ({"query": "alarm", "k": 3}, "takes only a query"),
        ({"query": "x" * (MAX_QUERY_CHARS + 1)}, "characters"),
    ],
)
def test_bad_search_arguments_are_error_feedback(arguments: dict, message: str) -> None:
    ep = Episode(WORLD, _alarm_task())
    before = ep.tools
    [fb] = _step(ep, SEARCH_TOOLS, **arguments)
    assert fb["status"] == "error" and fb["error_type"] == "InvalidArguments" and message in fb["message"]
    assert ep.tools == before


def test_without_tool_search_the_call_is_refused() -> None:
    ep = Episode(WORLD, _alarm_task(), tool_search=False)
    [fb] = _step(ep, SEARCH_TOOLS, query="wallpaper")
    assert fb["error_type"] == "UnknownTool"


def test_every_catalog_tool_is_found_by_its_name_words() -> None:
    for name in catalog():
        assert search(name.replace("_", " "), 1) == [name]


def test_both_envs_take_the_option() -> None:
    from mpb_env.envs import MobilePAEnv, MobilePAVectorEnv

    _, info = MobilePAEnv(split="starter", tool_search=False).reset(seed=0)
    assert SEARCH_TOOLS not in {s["function"]["name"] for s in info["tools"]}
    assert info["recall"]["tool_search"] is False
    basic = load_tasks("starter", "basic")[0].id
    for flag in (True, False):
        vec = MobilePAVectorEnv(num_envs=2, split="starter", tool_search=flag)
        _, infos = vec.reset(options={"task_ids": [basic, basic]})
        assert [SEARCH_TOOLS in {s["function"]["name"] for s in tools} for tools in infos["tools"]] == [
            flag
        ] * 2


# --------------------------------------------------------------------------- the retriever
def test_retrievers_are_deterministic_and_the_plain_one_is_the_old_bm25() -> None:
    text = "Text Jordan that I'm running late"
    assert rank(text, 15) == rank(text, 15) == list(ranked(text, 15))
    from mpb_env.retrieval import PLAIN_VOCABULARY, expand_query, plain_document

    old = BM25([plain_document(s) for s in catalog().values()])
    names = list(catalog())
    assert rank(text, 15, "bm25-plain") == [
        names[i] for i in old.top(expand_query(text, PLAIN_VOCABULARY), 15)
    ]


def test_recall_sees_only_the_request() -> None:
    """Equal text, equal history → equal recall, whatever the gold (no gold leakage)."""
    a = _alarm_task()
    b = _alarm_task(
        gold={"calls": [{"name": "set_wallpaper", "arguments": {}}]},
        oracle=[calls(call("set_wallpaper", wallpaper_id="wallpaper_004")), "Done."],
    )
    assert recall(a, "bm25") == recall(b, "bm25") and recall(a, "bm25-plain") == recall(b, "bm25-plain")
    assert len(recall(a, "bm25")) == 15 and not set(recall(a, "bm25")) & set(ALWAYS_AVAILABLE)


# --------------------------------------------------------------------------- oracles under defaults
def test_an_oracle_gets_a_search_turn_for_a_tool_the_recall_misses() -> None:
    oracle = [calls(call("set_wallpaper", wallpaper_id="wallpaper_004")), "Done."]
    t = _alarm_task(
        query="Change what I see behind my app icons.",
        gold={"calls": [{"name": "set_wallpaper", "arguments": {"wallpaper_id": "wallpaper_004"}}]},
        oracle=oracle,
    )
    assert "set_wallpaper" not in recall(t, "bm25")
    assert t.oracle[1:] == oracle and t.gold_tools == ["set_wallpaper"]
    assert orjson.loads(t.oracle[0]) == call(SEARCH_TOOLS, query="set wallpaper")
    assert reachable_oracle(t) == t.oracle  # idempotent: the search is already there


def test_an_oracle_whose_tools_are_recalled_is_unchanged() -> None:
    t = _alarm_task()
    assert "create_alarm" in recall(t, "bm25") and SEARCH_TOOLS not in "".join(t.oracle)


@pytest.mark.parametrize("split", ["bench", "interaction", "train", "dev", "starter"])
def test_every_stored_episode_is_solvable_under_the_default_settings(split: str) -> None:
    got = reach(load_tasks(split))
    assert got["settings"] == {"recall": "bm25", "top_n": 15, "tool_search": True}
    for dim, row in got["by_dimension"].items():
        assert row["ceiling"] == 1.0 and row["unsolvable"] == [], dim
        assert 0.0 < row["recall_at_n"] <= 1.0


def test_the_paper_strict_setting_reports_its_ceiling() -> None:
    strict = reach(load_tasks("bench"), tool_search=False)["by_dimension"]
    assert strict["basic"]["ceiling"] < 1.0 and strict["basic"]["unsolvable"]
    assert strict["skill"]["ceiling"] == 1.0  # skills bring their tools


# --------------------------------------------------------------------------- frozen versions
#: Released versions and their hashes: a version name stands for these bytes forever.
RELEASED = {
    "bench-v0": "6b6d5a503b93de74d3f131b8fcdecf2795fc187b14824c06f76924afecf3807a",
    "bench-v1": "46b797bd2327ae6ff23fa2cc7341f667130df4e7cc2cac2049da04f52c1e54e2",
    "bench-v2": "80f94717964c7edb5da2a939523e8ec5013b0170b8cfae474ae9dc260bfcb186",
    "dev-s0": "3b3dc987f3241c804d7a9c6d6ea4ead0c759d38eeafe7d338df918598fc8fdf2",
    "dev-s1": "8f21fe0e0dd954d5787eb1b703297953319fb40e4fa96b8c7f285c3f50bc71bb",
    "interaction-v1": "4eb934f0290d18b0598f464bf3bcaa62a1cd71990456c5ac11c127ea5870abe3",
    "interaction-v2": "eebeb15ff2f79d76137dbe2882046695e8e8d2b8345055d0079bb8b25024600c",
    "starter-v1": "824eac753999c59e6524ed68acc211a89422d0aa9d4e823d6e6d219f98daad1f",
    "train-s0": "14e25995a23314320b3fc8ce0db093f9dddce2155287f62e90c8bb67901bd549",
    "train-s1": "67b5411b09fa9ced7de6bb7edf65af5330f643d113a9bfc1eddb8e45a8e17ca0",
}


@pytest.mark.parametrize("split", sorted(SPLITS))
def test_a_stored_suite_matches_its_version_entry(split: str) -> None:
    """Changing a suite's bytes without a new version name fails here."""
    raw = suite_bytes(split)
    names = {orjson.loads(line)["version"] for line in raw.splitlines()}
    assert len(names) == 1
    assert versions()[names.pop()] == hashlib.sha256(raw).hexdigest()


def test_every_released_version_keeps_its_hash_and_names_are_unique() -> None:
    known = versions()
    assert {k: known.get(k) for k in RELEASED} == RELEASED
    assert len(set(known.values())) == len(known)  # one hash, one name


def test_rehashing_a_recorded_version_is_refused(tmp_path) -> None:
    record_version("x-v1", "a" * 64, tmp_path)
    record_version("x-v1", "a" * 64, tmp_path)  # the same bytes again: fine
    with pytest.raises(VersionConflict, match="new version name"):
        record_version("x-v1", "b" * 64, tmp_path)
    record_version("x-v2", "b" * 64, tmp_path)
    record_version("x-v2", "c" * 64, tmp_path, rehash=True)  # a version not yet released
    assert orjson.loads((tmp_path / "versions.json").read_bytes()) == {"x-v1": "a" * 64, "x-v2": "c" * 64}


def test_a_released_version_is_frozen_even_under_rehash(tmp_path) -> None:
    """``--rehash`` rebuilds a version in place only while it is unreleased: every stored version is
    released, and rebuilding one with other bytes is refused, naming the way out."""
    assert set(RELEASED) == RELEASED_VERSIONS == set(orjson.loads((DATA / "versions.json").read_bytes()))
    record_version("bench-v2", RELEASED["bench-v2"], tmp_path)
    with pytest.raises(VersionConflict, match="released .* new version name"):
        record_version("bench-v2", "d" * 64, tmp_path, rehash=True)
    record_version("bench-v2", RELEASED["bench-v2"], tmp_path, rehash=True)  # the same bytes: fine


# --------------------------------------------------------------------------- info and reports
def test_info_and_the_strict_eval_report_state_recall_and_ceiling(capsys, tmp_path) -> None:
    from mpb_env.rollouts.cli import main

    t = _alarm_task(
        id="reach-wallpaper",
        query="Change what I see behind my app icons.",
        gold={"calls": [{"name": "set_wallpaper", "arguments": {"wallpaper_id": "wallpaper_004"}}]},
        oracle=[calls(call("set_wallpaper", wallpaper_id="wallpaper_004")), "Done."],
    )
    path = tmp_path / "tasks.jsonl"
    path.write_bytes(orjson.dumps(t.model_dump(mode="json")) + b"\n")
    assert main(["info", "--tasks", str(path), "--json"]) == 0
    row = orjson.loads(capsys.readouterr().out)["tasks"]["reach"]["by_dimension"]["basic"]
    assert row == {"episodes": 1, "recall_at_n": 0.0, "ceiling": 1.0, "unsolvable": []}
    assert main(["info", "--tasks", str(path)]) == 0
    assert "recall@15 / oracle ceiling: Basic 0.00 / 100.0%" in capsys.readouterr().out
    # Without search_tools the oracle cannot reach set_wallpaper: the report says so.
    assert main(["eval", "--tasks", str(path), "--no-tool-search", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "search_tools off" in out and "the oracle solves 0 of 1 episodes (0.0%, the ceiling)" in out
    assert main(["eval", "--tasks", str(path), "--no-progress", "--json"]) == 0
    rep = orjson.loads(capsys.readouterr().out)
    assert rep["basic"] == 100.0 and rep["reach"]["by_dimension"]["basic"]["ceiling"] == 1.0
    assert rep["run"]["suite_version"] == "reach-test" and rep["run"]["tool_search"] is True
