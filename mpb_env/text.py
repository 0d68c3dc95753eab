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
    fold = _folded
    return [fold(tok) for tok in _WORD.findall(text.casefold()) if tok not in STOPWORDS]


#: ``_fold`` memoised per word: a vocabulary repeats, and a lookup is cheaper than the suffix tests.
_folded = lru_cache(maxsize=1 << 16)(_fold)


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
    return list(_query_terms(query))


@lru_cache(maxsize=1 << 12)
def _query_terms(query: str) -> tuple[str, ...]:
    """:func:`query_terms` as a tuple, cached per query string (searches repeat their queries)."""
    return tuple(dict.fromkeys(tokenize(query)))


def _by_score_then_key(item: tuple[str, float]) -> tuple[float, str]:
    return -item[1], item[0]


def best_keyed(scores: dict[str, float], n: int) -> list[tuple[str, float]]:
    """The ``n`` best ``(key, score)`` pairs of ``scores``, best first, ties by key: the order
    ``heapq.nsmallest(n, scores, key=lambda k: (-scores[k], k))`` gives. Only the pairs scoring at least
    the ``n``-th best score (found by a sort of the bare floats) are ordered by ``(-score, key)``, so a
    query matching hundreds of documents sorts a handful of tuples, not hundreds.

    >>> best_keyed({"b": 1.0, "a": 1.0, "c": 2.0, "d": 0.5}, 2)
    [('c', 2.0), ('a', 1.0)]
    """
    if len(scores) > n:
        floor = sorted(scores.values(), reverse=True)[n - 1]
        items = [kv for kv in scores.items() if kv[1] >= floor]
    else:
        items = list(scores.items())
    items.sort(key=_by_score_then_key)
    return items[:n]


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

    __slots__ = ("n", "avgdl", "keys", "k1", "b", "total", "df", "_postings", "_parsed", "_tf")

    def __init__(
        self, docs: Sequence[str], keys: Sequence[str] | None = None, *, k1: float = 1.2, b: float = 0.75
    ) -> None:
        if keys is not None and len(keys) != len(docs):
            raise ValueError(f"got {len(keys)} keys for {len(docs)} documents")
        parsed = [doc_terms(d) for d in docs]
        self.n = n = len(parsed)
        self.avgdl = avgdl = (sum(p[0] for p in parsed) / n) if n else 0.0
        self.keys: tuple[str, ...] | None = tuple(keys) if keys is not None else None
        self.k1, self.b = k1, b
        self.total = sum(p[0] for p in parsed)
        self._parsed = parsed
        self._tf: dict[str, tuple[tuple[int, int], ...]] | None = None
        self.df = df = {}
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
        for term in _query_terms(query):
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

    def term_counts(self) -> dict[str, tuple[tuple[int, int], ...]]:
        """``{term: ((document index, count), ...)}``: the raw postings :class:`BM25Delta` re-weights
        (built on first use)."""
        if self._tf is None:
            tf: dict[str, list[tuple[int, int]]] = {t: [] for t in self.df}
            for i, (_, terms) in enumerate(self._parsed):
                for term, count in terms:
                    tf[term].append((i, count))
            self._tf = {t: tuple(p) for t, p in tf.items()}
        return self._tf

    def doc_length(self, i: int) -> int:
        return self._parsed[i][0]

    def doc_term_list(self, i: int) -> tuple[tuple[str, int], ...]:
        return self._parsed[i][1]


#: Terms whose re-weighted postings one :class:`BM25Delta` keeps (further ones are computed each time).
DELTA_TERMS_MAX = 512


class BM25Delta:
    """A keyed :class:`BM25` with some documents dropped and others added, ranked exactly as a
    :class:`BM25` rebuilt from scratch over the resulting documents would rank them.

    BM25's corpus statistics move with the corpus: the document count N, the average length and each
    term's document frequency. They are carried over from ``base`` and adjusted by the delta (integers,
    so exactly), and every weight is computed with the same expression and the same operand order as
    :class:`BM25`'s constructor, so equal statistics give bit-identical floats. A term whose statistics
    the delta leaves unchanged (N, the total length and its document frequency all equal) reuses
    ``base``'s precomputed weights. A query costs the postings of its terms plus the added documents.

    Documents are identified by key, not position: ``base`` must be keyed and every key, base and
    added, must be unique among the live documents. Ties break by key, as in :class:`BM25` (whose
    position fallback never applies when keys are unique), so the ranking does not depend on where
    an added or replaced document would sit in a rebuilt index.

    Args:
        base: the shared index (never changed).
        drop: positions in ``base`` of documents that are no longer live (removed or replaced).
        add: ``(key, text)`` of the documents added (a replaced document comes back here under its key).

    >>> base = BM25(["I wake at 6:30", "Call mom", "Since April I wake at 6:00"], keys=["m1", "m2", "m3"])
    >>> view = BM25Delta(base, drop=[0], add=[("m1", "I wake at 7:00 on workdays"), ("m9", "wake the dog")])
    >>> fresh = BM25(["Call mom", "Since April I wake at 6:00", "I wake at 7:00 on workdays", "wake the dog"],
    ...              keys=["m2", "m3", "m1", "m9"])
    >>> view.ranked("wake workdays", 3) == [(fresh.keys[i], s) for i, s in fresh.ranked("wake workdays", 3)]
    True
    """

    __slots__ = (
        "base",
        "n",
        "total",
        "avgdl",
        "_drop",
        "_added",
        "_added_terms",
        "_ddf",
        "_base_keys",
        "_same_shape",
        "_weights",
    )

    def __init__(self, base: BM25, drop: Sequence[int] = (), add: Sequence[tuple[str, str]] = ()) -> None:
        if base.keys is None:
            raise ValueError("BM25Delta needs a keyed base index")
        self.base = base
        self._base_keys = base.keys
        self._drop = frozenset(drop)
        ddf: dict[str, int] = {}
        total = base.total
        for i in self._drop:
            total -= base.doc_length(i)
            for term, _count in base.doc_term_list(i):
                ddf[term] = ddf.get(term, 0) - 1
        added: list[tuple[str, int, dict[str, int]]] = []
        for key, text in add:
            length, terms = doc_terms(text)
            total += length
            added.append((key, length, dict(terms)))
            for term, _count in terms:
                ddf[term] = ddf.get(term, 0) + 1
        self._added = tuple(added)
        self._added_terms = frozenset(t for _, _, counts in added for t in counts)
        self._ddf = {t: d for t, d in ddf.items() if d}
        self.n = n = base.n - len(self._drop) + len(added)
        self.total = total
        self.avgdl = (total / n) if n else 0.0
        self._same_shape = n == base.n and total == base.total
        self._weights: dict[str, tuple[tuple[str, float], ...]] = {}

    def __len__(self) -> int:
        return self.n

    def postings(self, term: str) -> tuple[tuple[str, float], ...]:
        """``((key, weight), ...)`` of ``term`` over the live documents (base order, then the added
        ones), computed on first use and kept: the delta is shared by every episode of a task, whose
        searches repeat their words. At most ``DELTA_TERMS_MAX`` terms are kept."""
        hit = self._weights.get(term)
        if hit is None:
            hit = self._postings(term)
            if len(self._weights) < DELTA_TERMS_MAX:
                self._weights[term] = hit
        return hit

    def _postings(self, term: str) -> tuple[tuple[str, float], ...]:
        base, keys, drop = self.base, self._base_keys, self._drop
        delta = self._ddf.get(term, 0)
        d = base.df.get(term, 0) + delta
        if d <= 0:
            return ()
        n, avgdl = self.n, self.avgdl
        k1, b = base.k1, base.b
        k1p = k1 + 1.0
        out: list[tuple[str, float]] = []
        if self._same_shape and not delta:  # N, avgdl and df as in base: its weights are exact
            out = [(keys[i], w) for i, w in base._postings[term] if i not in drop]
        else:
            idf = math.log(1.0 + (n - d + 0.5) / (d + 0.5))
            lengths = base._parsed
            for i, count in base.term_counts().get(term, ()):
                if i in drop:
                    continue
                length = lengths[i][0]
                norm = k1 * (1.0 - b + b * length / avgdl) if avgdl else k1
                out.append((keys[i], idf * count * k1p / (count + norm)))
        if term in self._added_terms:
            idf = math.log(1.0 + (n - d + 0.5) / (d + 0.5))
            for k, length, counts in self._added:
                count = counts.get(term)
                if count is not None:
                    norm = k1 * (1.0 - b + b * length / avgdl) if avgdl else k1
                    out.append((k, idf * count * k1p / (count + norm)))
        return tuple(out)

    def _accumulate(self, query: str) -> dict[str, float]:
        terms = _query_terms(query)
        if len(terms) == 1:
            return dict(self.postings(terms[0]))  # each key once per term
        acc: dict[str, float] = {}
        get = acc.get
        for term in terms:
            for k, w in self.postings(term):
                acc[k] = get(k, 0.0) + w
        return acc

    def ranked(self, query: str, n: int) -> list[tuple[str, float]]:
        """The best ``n`` ``(key, score)`` pairs with a positive score, best first, ties by key."""
        acc = self._accumulate(query)
        if not acc or n <= 0:
            return []
        return best_keyed(acc, n)
