"""Small, fast, deterministic lexical retrieval: a tokenizer and Okapi BM25.

Used by the AI Assistant's memory search and reusable wherever free text is ranked (e.g. tool recall
over tool descriptions). Everything here is pure and deterministic: equal inputs give equal scores and
equal rankings on every run, and ties are broken by a caller-supplied key (or the document index).

Tokenizing a document is cached per distinct string (:func:`doc_terms`), so rebuilding an index over a
corpus that mostly repeats known texts only pays for the new ones.
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Sequence
from functools import lru_cache

#: Words too common to carry meaning in short personal notes and queries.
# fmt: off
STOPWORDS: frozenset[str] = frozenset({
    "a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "for", "with", "by", "from", "as",
    "is", "are", "was", "were", "be", "been", "am", "i", "me", "my", "we", "our", "you", "your", "it", "its",
    "this", "that", "these", "those", "do", "does", "did", "what", "which", "who", "whom", "when", "where",
    "how",
})
# fmt: on

_WORD = re.compile(r"[^\W_]+")


def _fold(tok: str) -> str:
    """Light plural and suffix folding so "birthdays" matches "birthday", "reminder" and "reminding"
    match "remind" (applied to documents and queries alike).

    >>> [_fold(w) for w in ["birthdays", "reminder", "meetings", "called", "timer", "status"]]
    ['birthday', 'remind', 'meet', 'call', 'timer', 'status']
    """
    if len(tok) > 4 and tok.endswith("ies"):
        tok = tok[:-3] + "y"
    elif len(tok) > 3 and tok[-1] == "s" and tok[-2] not in "siu":
        tok = tok[:-1]
    if len(tok) > 5 and tok.endswith("ing"):
        return tok[:-3]
    if len(tok) > 5 and tok.endswith("er"):
        return tok[:-2]
    if len(tok) > 4 and tok.endswith("ed"):
        return tok[:-2]
    return tok


def tokenize(text: str) -> list[str]:
    """Casefold, split on non-alphanumerics, drop stopwords and fold simple plurals.

    >>> tokenize("Call Mom every Sunday, at 18:00!")
    ['call', 'mom', 'every', 'sunday', '18', '00']
    >>> tokenize("The birthdays of the families; focus class")
    ['birthday', 'family', 'focus', 'class']
    >>> tokenize("  ")
    []
    """
    return [_fold(tok) for tok in _WORD.findall(text.casefold()) if tok not in STOPWORDS]


@lru_cache(maxsize=1 << 16)
def doc_terms(text: str) -> tuple[int, tuple[tuple[str, int], ...]]:
    """``(length, ((term, count), ...))`` of a document, cached per string; terms in first-seen order.

    >>> doc_terms("wake up, wake up")
    (4, (('wake', 2), ('up', 2)))
    """
    counts: dict[str, int] = {}
    toks = tokenize(text)
    for tok in toks:
        counts[tok] = counts.get(tok, 0) + 1
    return len(toks), tuple(counts.items())


def query_terms(query: str) -> list[str]:
    """The distinct terms of a query, in first-seen order (a repeated query word counts once).

    >>> query_terms("wake wake time")
    ['wake', 'time']
    """
    return list(dict.fromkeys(tokenize(query)))


class BM25:
    """An Okapi BM25 index over a fixed list of documents.

    Per-term, per-document weights are precomputed at construction, so a query costs one pass over the
    postings of its terms. IDF is the non-negative ``log(1 + (N - df + 0.5) / (df + 0.5))``.

    Args:
        docs: the document texts; results refer to them by position.
        keys: optional tie-break keys, one per document (e.g. record IDs); ties fall back to the position.
        k1: term-frequency saturation.
        b: length normalisation.

    >>> idx = BM25(["I wake at 6:30 on workdays", "Call mom every Sunday", "Since April I wake at 6:00"])
    >>> idx.top("when do I wake up", 5)
    [0, 2]
    >>> idx.top("April wake-up time", 1)
    [2]
    >>> idx.top("pizza", 3)
    []
    >>> [round(x, 3) for x in idx.scores("mom")]
    [0.0, 1.013, 0.0]
    >>> BM25(["b c", "a c"], keys=["z", "y"]).top("c", 2)
    [1, 0]
    """

    __slots__ = ("n", "avgdl", "keys", "_postings")

    def __init__(
        self, docs: Sequence[str], keys: Sequence[str] | None = None, *, k1: float = 1.2, b: float = 0.75
    ) -> None:
        if keys is not None and len(keys) != len(docs):
            raise ValueError(f"got {len(keys)} keys for {len(docs)} documents")
        parsed = [doc_terms(d) for d in docs]
        self.n = n = len(parsed)
        self.avgdl = avgdl = (sum(p[0] for p in parsed) / n) if n else 0.0
        self.keys: tuple[str, ...] | None = tuple(keys) if keys is not None else None
        df: dict[str, int] = {}
        for _, terms in parsed:
            for term, _count in terms:
                df[term] = df.get(term, 0) + 1
        idf = {t: math.log(1.0 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}
        postings: dict[str, list[tuple[int, float]]] = {t: [] for t in df}
        k1p = k1 + 1.0
        for i, (length, terms) in enumerate(parsed):
            norm = k1 * (1.0 - b + b * length / avgdl) if avgdl else k1
            for term, count in terms:
                postings[term].append((i, idf[term] * count * k1p / (count + norm)))
        self._postings: dict[str, tuple[tuple[int, float], ...]] = {t: tuple(p) for t, p in postings.items()}

    def __len__(self) -> int:
        return self.n

    def _accumulate(self, query: str) -> dict[int, float]:
        acc: dict[int, float] = {}
        get = self._postings.get
        for term in query_terms(query):
            for i, w in get(term, ()):
                acc[i] = acc.get(i, 0.0) + w
        return acc

    def scores(self, query: str) -> list[float]:
        """The BM25 score of every document for ``query`` (0.0 where no term matches)."""
        out = [0.0] * self.n
        for i, score in self._accumulate(query).items():
            out[i] = score
        return out

    def ranked(self, query: str, n: int) -> list[tuple[int, float]]:
        """The best ``n`` ``(index, score)`` pairs with a positive score, best first, ties by key."""
        acc = self._accumulate(query)
        if not acc or n <= 0:
            return []
        keys = self.keys
        if keys is None:
            best = heapq.nsmallest(n, acc, key=lambda i: (-acc[i], i))
        else:
            best = heapq.nsmallest(n, acc, key=lambda i: (-acc[i], keys[i], i))
        return [(i, acc[i]) for i in best]

    def top(self, query: str, n: int) -> list[int]:
        """The indices of the best ``n`` documents with a positive score, best first, ties by key."""
        return [i for i, _ in self.ranked(query, n)]
