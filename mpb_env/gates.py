"""The memory and skill gates (paper eqs. 7 and 10), made to reward targeted use, not sweeps.

* **Memory gate**: every gold memory was *found by a search about it*, and the episode's searches pulled
  a bounded number of records.

  - Bounded: the successful ``search_user_memory`` calls of the episode return at most
    ``MEMORY_PULL_LIMIT`` distinct memories together. Sweeping memory with broad queries (every
    category, ``top_k=50``) pulls far more; the oracles of every suite pull at most 10.
  - About it: some search returned the gold memory within its top ``MEMORY_TOP_RANK`` results *and*
    its query shares a content word with the memory: a word of the memory's text or of its tags, as
    the tokenizer of the search folds them (``mpb_env.text.tokenize``). The memory's category does not
    count: a query that names only a category (``"family"``, ``"routine"``) matches every memory of that
    category through its category field and is not about any one of them. The text is the one the
    search returned (a memory replaced later in the episode is judged by what it said then).

  Any phrasing passes that a careful assistant would use: a query with a word of the fact it needs
  ("what time do I wake up", "wake-up alarm", "Emma's birthday"), ranked high enough by BM25.
* **Skill gate**: the gold skill was loaded with ``load_skill``, and no other: loading a skill the request
  does not need (another candidate, or any other skill) fails the gate. Loading the gold skill again is
  harmless; failed loads (an unknown ID) do not count.
"""

from __future__ import annotations

from functools import cache
from typing import Any, get_args

from mpb_env.tasks.model import Task
from mpb_env.text import doc_terms, query_terms, tokenize
from mpb_env.world.state import TOMBSTONE, PhoneState

MEMORY_SEARCH = "search_user_memory"
SKILL_LOADER = "load_skill"
#: The most distinct memories an episode's searches may return together (the oracles pull at most 10).
MEMORY_PULL_LIMIT = 15
#: A gold memory counts as found by a search when it ranks this high in it (1 = first).
MEMORY_TOP_RANK = 3


def _searches(state: PhoneState) -> list[dict[str, Any]]:
    return [e for e in state.log if e["tool"] == MEMORY_SEARCH and e["status"] == "success"]


def _rows(entry: dict[str, Any]) -> list[dict[str, Any]]:
    data = entry["data"]
    rows = data.get("results", data.get("records", [])) if isinstance(data, dict) else data
    return [r for r in rows or [] if isinstance(r, dict) and "id" in r]


def memory_ids_pulled(state: PhoneState) -> set[str]:
    """IDs of every memory record returned by a successful memory search (M̂_T, eq. 7)."""
    return {r["id"] for e in _searches(state) for r in _rows(e)}


def _tags(state: PhoneState, memory_id: str) -> list[str]:
    """The memory's tags: now, or before the episode when it was removed (tags never change)."""
    rec = state.get("memories", memory_id)
    if rec is None:
        patch = state.patch.tables.get("memories") or {}
        rec = patch.get(memory_id)
        if rec is None:
            rec = (state.world.tables.get("memories") or {}).get(memory_id)
        if rec is TOMBSTONE:
            rec = None
    tags = rec.get("tags") if isinstance(rec, dict) else None
    return [t for t in tags or [] if isinstance(t, str)]


def content_words(text: str, tags: list[str]) -> set[str]:
    """The searchable words of a memory that say what it is about: its text's and its tags' terms.

    >>> sorted(content_words("I wake at 6:30 on workdays.", ["wake-up"]))
    ['30', '6', 'up', 'wake', 'workday']
    """
    words = {t for t, _ in doc_terms(text)[1]}  # tokenized once per distinct text (cached)
    for tag in tags:
        words.update(t for t, _ in doc_terms(tag)[1])
    return words


#: ``(text, tags)`` -> ``content_words``: the same memories come back in every episode (at most
#: ``_CONTENT_WORDS_MAX`` kept).
_CONTENT_WORDS: dict[tuple[str, tuple[str, ...]], frozenset[str]] = {}
_CONTENT_WORDS_MAX = 1 << 14


def _content_words(text: str, tags: tuple[str, ...]) -> frozenset[str]:
    words = _CONTENT_WORDS.get((text, tags))
    if words is None:
        words = frozenset(content_words(text, list(tags)))
        if len(_CONTENT_WORDS) < _CONTENT_WORDS_MAX:
            _CONTENT_WORDS[text, tags] = words
    return words


@cache
def category_words() -> frozenset[str]:
    """The memory categories' words as the search tokenizes them (``"people"``, ``"routine"``...): a
    query made only of them names kinds of memory, not a fact. Read from the Assistant domain when first
    needed (importing a domain here would change the order the catalog registers its tools in)."""
    from mpb_env.domains.assistant import MemoryCategory

    return frozenset(w for c in get_args(MemoryCategory) for w in tokenize(c))


def found_by_targeted_search(state: PhoneState) -> set[str]:
    """Memories some successful search returned in its top ``MEMORY_TOP_RANK`` with a query that shares
    a content word (text or tags, not category) with the memory as returned."""
    found: set[str] = set()
    for e in _searches(state):
        query = e["arguments"].get("query")
        terms = set(query_terms(query)) if isinstance(query, str) else set()
        if terms <= category_words():  # no words, or only category names: a sweep of kinds, about nothing
            continue
        for row in _rows(e)[:MEMORY_TOP_RANK]:
            if row["id"] in found:
                continue
            text = row.get("text") if isinstance(row.get("text"), str) else ""
            if not terms.isdisjoint(_content_words(text, tuple(_tags(state, row["id"])))):
                found.add(row["id"])
    return found


def memory_gate(task: Task, state: PhoneState) -> tuple[bool, list[str]]:
    """``(passed, reasons)`` of the memory gate for ``task``'s gold memories (see the module docstring)."""
    gold = set(task.gold_memory_ids)
    reasons: list[str] = []
    pulled = memory_ids_pulled(state)
    if len(pulled) > MEMORY_PULL_LIMIT:
        reasons.append(
            f"memory gate: searches pulled {len(pulled)} memories, more than {MEMORY_PULL_LIMIT} "
            "(search for the facts the request needs, not everything)"
        )
    missing = gold - pulled
    if missing:
        reasons.append(f"memory gate: never retrieved {sorted(missing)}")
    untargeted = (gold & pulled) - found_by_targeted_search(state)
    if untargeted:
        reasons.append(
            f"memory gate: {sorted(untargeted)} never ranked in the top {MEMORY_TOP_RANK} of a search "
            "sharing a word with it"
        )
    return not reasons, reasons


def skills_loaded(state: PhoneState) -> list[str]:
    """Skills loaded successfully, in order (K̂_T, eq. 10)."""
    return [e["arguments"]["skill_id"] for e in state.log if e["tool"] == SKILL_LOADER and e["status"] == "success"]


def skill_gate(task: Task, state: PhoneState) -> tuple[bool, list[str]]:
    """``(passed, reasons)`` of the skill gate: the gold skill loaded, and no other."""
    loaded = skills_loaded(state)
    reasons: list[str] = []
    if task.gold_skill not in loaded:
        reasons.append(f"skill gate: {task.gold_skill!r} was not loaded")
    extra = sorted(set(loaded) - {task.gold_skill})
    if extra:
        reasons.append(f"skill gate: loaded {extra}, which the request does not need")
    return not reasons, reasons
