"""Language checks over a suite's tasks: the same task reworded, near-duplicate queries, template seams.

Three measures, each stated so that a suite can be held to zero of them (``tests/test_language.py``
holds bench to it; the generator's drawer rejects a draw that fails the first two within its family):

* **Same task** (:func:`task_key`, :func:`same_task_groups`): two tasks are the same task reworded
  when they have the same family (``meta["family"]``), the same turns (with or without a dialogue
  history H0), the same entity combination (``meta["entities"]`` as a multiset) and the same
  normalised gold (``gold.calls``, ``gold.delta`` and ``gold.rubric`` as canonical JSON, plus
  ``gold_memory_ids`` and ``gold_skill``), whatever their queries say. A group is ≥ 2 such tasks.
* **Near-duplicate** (:func:`near_duplicate_pairs`): the word-bigram Jaccard similarity of two
  queries after :func:`normalise` (lower-cased, every run of digits masked as ``#``, punctuation
  dropped), with the query's first and last words padded so a one-word change at an end counts. Two
  queries are near-duplicates at ``similarity >= NEAR_DUPLICATE`` (0.75): a sentence of ten words
  shares at most 7 of its 9 bigrams with another (one word changed inside costs 2) and stays below.
  Identical normalised queries (a number changed and nothing else) score 1.0.
* **Seams** (:func:`seams`): marks a template leaves when a slot is filled with the wrong kind of
  phrase: a possessive stacked on a name (``my Emma's``), an article before a person's name
  (``the Emma``), a doubled word (``the the``), ``a an``/``a`` before a vowel letter, a capital after
  a comma (``, Then``), a lower-case start of a sentence, doubled or stray spacing and punctuation,
  an unfilled ``{slot}`` or a ``None``. Each is a regular expression with no nested repetition, so a
  scan is linear in the text.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from mpb_env.tasks.model import Task

#: Word-bigram Jaccard at or above which two queries are near-duplicates.
NEAR_DUPLICATE = 0.75


# --- same task -------------------------------------------------------------------------------------


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def gold_key(task: Task) -> str:
    """The task's gold target as canonical JSON (what the checker compares, not how it was asked)."""
    g = task.gold
    return _canonical(
        {
            "calls": None if g.calls is None else [c.model_dump(mode="json") for c in g.calls],
            "delta": None if g.delta is None else [d.model_dump(mode="json") for d in g.delta],
            "rubric": None if g.rubric is None else g.rubric.model_dump(mode="json"),
            "memory": sorted(task.gold_memory_ids),
            "skill": task.gold_skill,
        }
    )


def task_key(task: Task) -> tuple[str, bool, tuple[str, ...], str]:
    """(family, has a history H0, sorted entities, gold key): equal keys are the same task reworded."""
    meta = task.meta or {}
    family = str(meta.get("family") or task.template.split("#")[0])
    entities = tuple(sorted(str(e) for e in meta.get("entities", [])))
    return family, bool(task.history), entities, gold_key(task)


def same_task_groups(tasks: Iterable[Task]) -> list[list[str]]:
    """Ids of tasks that are the same task reworded (groups of ≥ 2, in suite order)."""
    groups: dict[tuple[str, bool, tuple[str, ...], str], list[str]] = defaultdict(list)
    for t in tasks:
        groups[task_key(t)].append(t.id)
    return [ids for ids in groups.values() if len(ids) > 1]


# --- near-duplicates -------------------------------------------------------------------------------

_WORD = re.compile(r"[a-z#]+(?:'[a-z]+)?")
_DIGITS = re.compile(r"\d+")


def normalise(query: str) -> list[str]:
    """The query's words, lower-cased, each run of digits masked as ``#``, punctuation dropped."""
    return _WORD.findall(_DIGITS.sub("#", query.casefold()))


def bigrams(query: str) -> frozenset[tuple[str, str]]:
    """The word bigrams of the normalised query, with ``^`` and ``$`` padding its ends."""
    words = ["^", *normalise(query), "$"]
    return frozenset(zip(words, words[1:], strict=False))


def similarity(a: str, b: str) -> float:
    """Word-bigram Jaccard similarity of two queries (1.0: the same words up to numbers)."""
    x, y = bigrams(a), bigrams(b)
    return len(x & y) / len(x | y) if x or y else 1.0


def _jaccard(x: frozenset[Any], y: frozenset[Any]) -> float:
    return len(x & y) / len(x | y) if x or y else 1.0


class NearDuplicates:
    """An index of queries that answers "is this a near-duplicate of one already added?".

    Candidates are the queries that share a bigram with the new one (an inverted index), so a check
    costs the size of that overlap, not of the whole index."""

    def __init__(self, threshold: float = NEAR_DUPLICATE) -> None:
        self.threshold = threshold
        self._grams: list[frozenset[tuple[str, str]]] = []
        self._queries: list[str] = []
        self._index: dict[tuple[str, str], list[int]] = defaultdict(list)

    def match(self, query: str) -> str | None:
        """An added query at least ``threshold`` similar to ``query`` (None if there is none)."""
        grams = bigrams(query)
        seen: set[int] = set()
        for g in grams:
            for i in self._index.get(g, ()):
                if i not in seen:
                    seen.add(i)
                    if _jaccard(grams, self._grams[i]) >= self.threshold:
                        return self._queries[i]
        return None

    def add(self, query: str) -> None:
        grams = bigrams(query)
        i = len(self._grams)
        self._grams.append(grams)
        self._queries.append(query)
        for g in grams:
            self._index[g].append(i)


def near_duplicate_pairs(
    tasks: Sequence[Task], threshold: float = NEAR_DUPLICATE
) -> list[tuple[str, str, float]]:
    """(id, id, similarity) of every pair of tasks whose queries are near-duplicates."""
    grams = [bigrams(t.query) for t in tasks]
    index: dict[tuple[str, str], list[int]] = defaultdict(list)
    out: list[tuple[str, str, float]] = []
    for j, gj in enumerate(grams):
        candidates = {i for g in gj for i in index.get(g, ())}
        for i in sorted(candidates):
            s = _jaccard(grams[i], gj)
            if s >= threshold:
                out.append((tasks[i].id, tasks[j].id, round(s, 3)))
        for g in gj:
            index[g].append(j)
    return out


# --- seams -----------------------------------------------------------------------------------------

_POSSESSIVES = r"(?:my|your|his|her|our|their)"
#: Words a template starts a phrase with; capitalised after a comma they are a seam (``, Then``).
_STARTERS = (
    "the a an and then also please can could would will set turn send text call add remove delete "
    "open play check make create book find show tell remind move change put start stop cancel get "
    "give let use switch it this that my what when where which who how is are do does"
)
_SEAM_PATTERNS: tuple[tuple[str, str], ...] = (
    ("unfilled slot", r"\{[a-z_]*\}|\bNone\b"),
    ("doubled word", r"\b([A-Za-z]+)\s+\1\b(?!-)|\b(?:The|A|An|My)\s+(?:the|a|an|my)\b"),
    ("a an", r"\b[Aa]\s+an?\b|\b[Aa]n\s+an?\b"),
    ("a before a vowel", r"\b[Aa]\s+(?!one\b|one-|once\b)[aeioAEIO]"),
    (
        "an before a consonant",
        r"\b[Aa]n\s+(?!hour|honest|heir|SMS|MB|HDMI|NFC|LED|FM|MP|SD|SIM)[b-df-hj-np-tv-z]",
    ),
    (
        "capital after a comma",
        r",\s+(?:" + "|".join(w.capitalize() for w in _STARTERS.split()) + r")\b(?!\s+[A-Z])",
    ),
    ("lower-case sentence start", r"(?:^|(?<![.])[.]\s+|[!?]\s+)[a-z]"),
    ("spacing", r"  |\s[,.;:!?](?!\d)|^\s|\s$"),
    ("doubled punctuation", r"[,;:]\s*[,.;:]|(?<![.])[.][.](?![.])|[.!?],|\?\?|!!"),
)
_COMPILED = tuple((name, re.compile(p)) for name, p in _SEAM_PATTERNS)


def _name_patterns(names: Iterable[str]) -> list[tuple[str, re.Pattern[str]]]:
    alts = "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True) if n)
    if not alts:
        return []
    return [
        ("possessive on a name", re.compile(rf"\b{_POSSESSIVES}\s+(?:{alts})'s?\b", re.IGNORECASE)),
        ("article before a name", re.compile(rf"\b(?:[Aa]n?|[Tt]he)\s+(?:{alts})\b(?!\s+[A-Z])")),
    ]


def person_names() -> list[str]:
    """First names of the people in the generator's pools (what an article or possessive must not take)."""
    from mpb_env.tasks.gen import pools

    names: set[str] = set()
    for key, items in pools.POOLS.items():
        if "people" not in key and "contact" not in key:
            continue
        for item in items:
            value = item.get("name") if isinstance(item, dict) else item if isinstance(item, str) else None
            if isinstance(value, str) and value[:1].isupper():
                names.add(value.split()[0])
    return sorted(names)


class SeamDetector:
    """Finds template seams in a text; ``names``: people's names (default: the pools' first names)."""

    def __init__(self, names: Iterable[str] | None = None) -> None:
        self.patterns = [*_COMPILED, *_name_patterns(person_names() if names is None else names)]

    def __call__(self, text: str) -> list[tuple[str, str]]:
        """(seam kind, matched text) of every seam in ``text``."""
        return [(name, m.group(0)) for name, p in self.patterns for m in p.finditer(text)]


def seams(tasks: Iterable[Task], detector: SeamDetector | None = None) -> list[tuple[str, str, str]]:
    """(task id, seam kind, matched text) over every task's query and its dialogue history's user turns."""
    detect = detector or SeamDetector()
    out: list[tuple[str, str, str]] = []
    for t in tasks:
        texts = [t.query, *(m.content for m in t.history if m.role == "user")]
        for text in texts:
            out += [(t.id, kind, found) for kind, found in detect(text)]
    return out
