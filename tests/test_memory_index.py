"""The memory index overlay: the base world's memories indexed once, the task's S0 and the episode's
writes overlaid (``BM25Delta``), must rank and score exactly as an index rebuilt from scratch over the
current memory table; and it must be deterministic."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mpb_env.domains import assistant
from mpb_env.text import BM25, BM25Delta, best_keyed
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import load_world
from mpb_env.world.state import Patch, PhoneState, World

# A small vocabulary with stopwords, plurals and suffixes, so documents share terms, document frequencies
# move with every add and remove, and folding ("meetings" -> "meet") matters.
WORDS = [
    "wake", "waking", "alarm", "alarms", "meeting", "meetings", "mom", "call", "called", "the", "of",
    "sunday", "gym", "coffee", "flight", "flights", "seat", "aisle", "6:30", "7:00", "family", "doctor",
]  # fmt: skip
CATEGORIES = ["people", "family", "routine", "preference", "other"]
QUERIES = [
    "wake up alarm",
    "meetings",
    "call mom on sunday",
    "coffee",
    "flight seat aisle",
    "family doctor 6:30",
    "the gym",
    "pizza",
]

text_st = st.lists(st.sampled_from(WORDS), min_size=1, max_size=9).map(" ".join)


def fresh_ranking(docs: list[tuple[str, str]], query: str, n: int) -> list[tuple[str, float]]:
    """(key, score) of a BM25 index built from scratch over ``docs`` (``(key, text)``)."""
    index = BM25([d for _, d in docs], keys=[k for k, _ in docs])
    return [(docs[i][0], score) for i, score in index.ranked(query, n)]


# --------------------------------------------------------------------------- BM25Delta itself
@st.composite
def corpus_and_delta(draw: st.DrawFn) -> tuple[list[tuple[str, str]], list[int], list[tuple[str, str]]]:
    base = draw(st.lists(text_st, min_size=0, max_size=12))
    docs = [(f"k{i:02d}", t) for i, t in enumerate(base)]
    drop = sorted(draw(st.sets(st.integers(0, len(docs) - 1), max_size=len(docs)))) if docs else []
    # Dropped keys may come back with new text (a replacement); new keys are added.
    back = [(docs[i][0], draw(text_st)) for i in drop if draw(st.booleans())]
    new = [(f"n{i:02d}", t) for i, t in enumerate(draw(st.lists(text_st, max_size=5)))]
    return docs, drop, back + new


@settings(max_examples=300, deadline=None)
@given(corpus_and_delta(), st.sampled_from(QUERIES), st.integers(1, 20))
def test_delta_equals_rebuild(
    case: tuple[list[tuple[str, str]], list[int], list[tuple[str, str]]], query: str, n: int
) -> None:
    docs, drop, add = case
    keys = [k for k, _ in docs]
    base = BM25([d for _, d in docs], keys=keys)
    view = BM25Delta(base, drop, add)
    live = [d for i, d in enumerate(docs) if i not in set(drop)] + add
    assert len(view) == len(live)
    assert view.avgdl == BM25([d for _, d in live]).avgdl
    assert view.ranked(query, n) == fresh_ranking(live, query, n)  # scores compared as exact floats
    # The delta keeps each term's postings once computed: every later query over it reads them.
    for q in (*QUERIES, query):
        assert view.ranked(q, n) == fresh_ranking(live, q, n)


def test_delta_without_changes_reuses_base_weights() -> None:
    docs = [("a", "wake at 6:30"), ("b", "call mom"), ("c", "wake the gym")]
    base = BM25([d for _, d in docs], keys=[k for k, _ in docs])
    view = BM25Delta(base)
    assert view.ranked("wake", 5) == [(docs[i][0], s) for i, s in base.ranked("wake", 5)]
    # A replacement with a text of the same length keeps N and avgdl; only terms it touches change.
    view = BM25Delta(base, [1], [("b", "call dad")])
    live = [docs[0], ("b", "call dad"), docs[2]]
    for q in ("wake", "call", "dad mom"):
        assert view.ranked(q, 5) == fresh_ranking(live, q, 5)


def test_delta_needs_keys() -> None:
    try:
        BM25Delta(BM25(["a b"]))
    except ValueError as exc:
        assert "keyed" in str(exc)
    else:
        raise AssertionError("an unkeyed base was accepted")


# --------------------------------------------------------------------------- the memory tools
def _mem(mem_id: str, text: str, category: str, tags: list[str]) -> dict[str, Any]:
    return {
        "id": mem_id, "text": text, "category": category, "created_at": "2026-01-01T09:00:00",
        "updated_at": "2026-01-01T09:00:00", "tags": tags, "history": [],
    }  # fmt: skip


# Memory texts: random, or one of a few that recur (identical texts in base, patch and writes).
mem_text_st = st.one_of(text_st, st.sampled_from(["wake at 6:30", "call mom", "Gym on Monday"]))
mem_st = st.tuples(mem_text_st, st.sampled_from(CATEGORIES), st.lists(st.sampled_from(WORDS), max_size=2))

# One episode operation: add a memory, replace or remove the memory at a position of the current table,
# or search (searches run after every operation anyway; this one exercises the cache on a repeat).
op_st = st.one_of(
    st.tuples(st.just("add"), mem_st),
    st.tuples(st.just("replace"), st.tuples(st.integers(0, 40), mem_text_st)),
    st.tuples(st.just("remove"), st.integers(0, 40)),
    st.tuples(st.just("search"), st.sampled_from(QUERIES)),
)


def _check_state(s: PhoneState) -> None:
    live = list(s.scan("memories"))
    docs = [(k, assistant._doc(r)) for k, r in live]
    corpus = assistant._corpus(s)
    for q in QUERIES:
        assert corpus.ranked(q, 50) == fresh_ranking(docs, q, 50), q
        fb = execute(s.fork(), "search_user_memory", {"query": q, "top_k": 7})
        want = fresh_ranking(docs, q, 7)
        assert [(r["id"], r["score"]) for r in fb["data"]] == [(k, round(v, 4)) for k, v in want]
    # Identical-text lookup: the first memory in table order with that text.
    first: dict[str, str] = {}
    for k, r in live:
        first.setdefault(assistant._norm(r["text"]), k)
    for text, k in first.items():
        assert corpus.find_text(text.upper()) == k
    assert corpus.find_text("no memory says this") is None


@st.composite
def world_patch_ops(draw: st.DrawFn) -> tuple[World, Patch, list[Any]]:
    base = draw(st.lists(mem_st, min_size=0, max_size=10))
    memories = {f"mem_{i:03d}": _mem(f"mem_{i:03d}", *m) for i, m in enumerate(base)}
    world = World({"memories": memories})
    # The task's S0: some base memories replaced or deleted, some new ones (duplicate texts allowed).
    patch: dict[str, Any] = {}
    for key in memories:
        choice = draw(st.sampled_from(["keep", "keep", "replace", "delete"]))
        if choice == "replace":
            patch[key] = _mem(key, *draw(mem_st))
        elif choice == "delete":
            patch[key] = None
    for i, m in enumerate(draw(st.lists(mem_st, max_size=3))):
        patch[f"mem_p{i}"] = _mem(f"mem_p{i}", *m)
    ops = draw(st.lists(op_st, max_size=8))
    return world, Patch({"memories": patch} if patch else {}), ops


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(world_patch_ops())
def test_overlay_equals_rebuild_over_episode(case: tuple[World, Patch, list[Any]]) -> None:
    """Random S0 patches and add/replace/remove sequences: after every step, every query's full ranking
    (exact scores) and the tool's output equal a from-scratch index over ``scan("memories")``."""
    world, patch, ops = case
    s = PhoneState(world, patch)
    _check_state(s)
    for kind, arg in ops:
        keys = [k for k, _ in s.scan("memories")]
        if kind == "add":
            text, category, tags = arg
            execute(s, "add_user_memory", {"text": text, "category": category, "tags": tags})
        elif kind == "replace" and keys:
            pos, text = arg
            execute(s, "replace_user_memory", {"memory_id": keys[pos % len(keys)], "text": text})
        elif kind == "remove" and keys:
            execute(s, "remove_user_memory", {"memory_id": keys[arg % len(keys)]})
        else:
            execute(s, "search_user_memory", {"query": arg if kind == "search" else "wake"})
        _check_state(s)


def test_duplicate_texts_refused_like_a_scan() -> None:
    """add_user_memory refuses a text a memory already holds, naming the first one in table order, also
    when that memory came from the patch or replaced a base record."""
    world = World({"memories": {"mem_001": _mem("mem_001", "Gym on Monday", "routine", [])}})
    patch = Patch({"memories": {"mem_001": _mem("mem_001", "Coffee at 7", "food", []),
                                "mem_p1": _mem("mem_p1", "Gym on Monday", "routine", [])}})  # fmt: skip
    s = PhoneState(world, patch)
    fb = execute(s, "add_user_memory", {"text": "gym ON monday", "category": "routine"})
    assert fb["status"] == "error" and fb["data"]["memory_id"] == "mem_p1"
    fb = execute(s, "add_user_memory", {"text": "coffee at 7", "category": "food"})
    assert fb["data"]["memory_id"] == "mem_001"
    execute(s, "remove_user_memory", {"memory_id": "mem_001"})
    assert execute(s, "add_user_memory", {"text": "coffee at 7", "category": "food"})["status"] == "success"


def test_search_is_deterministic_across_cache_states() -> None:
    """The same episode gives the same results with warm caches, cold caches and on a fork."""
    world = load_world()
    patch = Patch({"memories": {"mem_010": None, "mem_p1": _mem("mem_p1", "I wake at 5:45", "routine", [])}})

    def episode() -> list[Any]:
        s = PhoneState(world, patch)
        out = [execute(s, "search_user_memory", {"query": "wake up time workdays"})["data"]]
        execute(s, "add_user_memory", {"text": "On holidays I wake at 9:00", "category": "routine"})
        out.append(execute(s, "search_user_memory", {"query": "wake up time", "top_k": 10})["data"])
        out.append(execute(s.fork(), "search_user_memory", {"query": "wake holidays"})["data"])
        return out

    first = episode()
    assert first == episode()
    assistant._CORPUS_CACHE.clear()
    assistant._BASE_INDEX.clear()
    assert first == episode()
    found = [r["id"] for r in first[0]]
    assert "mem_p1" in found and "mem_010" not in found  # the patch's memory is searchable, its deletion not


def test_patch_overlay_is_kept_on_the_patch_and_not_pickled() -> None:
    """A task's S0 overlay is built once per patch and world, shared by its episodes, and a pickled
    patch (e.g. sent to a Ray actor with its task) carries the tables only."""
    import pickle

    world = load_world()
    patch = Patch({"memories": {"mem_p1": _mem("mem_p1", "Dentist is Dr. Ortiz", "health", ["dentist"])}})
    a, b = PhoneState(world, patch), PhoneState(world, patch)
    assert assistant._corpus(a) is assistant._corpus(b)
    got = execute(a, "search_user_memory", {"query": "dentist"})["data"]
    assert got[0]["id"] == "mem_p1"
    copy = pickle.loads(pickle.dumps(patch))
    assert copy.tables == patch.tables and copy._derived == {} and patch._derived
    assert execute(PhoneState(world, copy), "search_user_memory", {"query": "dentist"})["data"] == got
    # A write gives the episode its own overlay; the patch's stays as it was.
    execute(b, "add_user_memory", {"text": "Dentist checkups every 6 months", "category": "health"})
    assert assistant._corpus(b) is not assistant._corpus(a)
    assert len(execute(b, "search_user_memory", {"query": "dentist"})["data"]) == 2
    assert execute(a, "search_user_memory", {"query": "dentist"})["data"] == got


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(st.text("abcdef", min_size=1, max_size=3), st.sampled_from([0.5, 1.0, 2.0, 3.25]), max_size=30),
    st.integers(1, 12),
)
def test_best_keyed_orders_as_a_full_sort_by_score_then_key(scores: dict[str, float], n: int) -> None:
    # few distinct scores: most cut-offs fall inside a tie
    assert best_keyed(scores, n) == sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:n]
