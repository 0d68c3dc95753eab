"""The gated checkers: one primary checker per bucket, memory and skill gates, and a ``Verdict``.

Success = every applicable gate ∧ the task's fixed primary checker (paper §3.3, eqs. 7–11):

* Bucket 1 (``tool``): the successful *mutating* calls of the trajectory equal ``gold.calls`` in order
  (in any order when ``gold.any_order`` marks them independent) — names, and arguments after
  normalisation (every argument the call ended up with, defaults included, must match the gold value
  or, when gold omits it, the tool's default). Read-only calls and calls that failed (which never have
  side effects) are ignored; an extra mutating call fails.
* Bucket 2 (``state``): D_T − D_0 (the env's write layer) equals ``gold.delta`` under value
  normalisation; any unrelated or destructive write fails.
* Bucket 3 (``behavior``): the rubric's route and handoff slots, the final message's kind and content
  (what it states came back from a call of the episode, one answer, no raw tool output), and
  optionally no other mutation.
* Every bucket: no action done twice (``repeated_calls``), no consent asked again after the user
  declined it (``asked_again_after_decline``) and no more than ``MAX_SPARE_ASKS`` questions to the
  user beyond the facts it holds back. Free text is judged by ``$text`` matchers (``says``):
  the dictated words, in order, nothing denied, nothing stuffed.
* Memory gate: gold memory IDs ⊆ IDs returned by ``search_user_memory`` in the trajectory, each by a
  search about it (top 3, sharing a word with it), and at most 15 memories pulled in all
  (:mod:`mpb_env.gates`).
* Skill gate: the gold skill was loaded with ``load_skill``, and no other skill.
* What a careful assistant does passes (``mpb_env.fairness`` tests it): a no-op write (``is_noop``:
  the runtime logs ``changed: false``) is no extra or forbidden call in any bucket; a record named by
  one of its fields instead of its id is the same record (``_named_by_field``); and stopping to ask the
  user's consent to grant a permission the task's friction blocks is a valid end (``asked_consent``).

``Verdict.partial`` is a shaped, non-official vector for reward shaping; the official score is always
the gated binary ``success``.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from mpb_env.domains import catalog
from mpb_env.gates import MEMORY_SEARCH, SKILL_LOADER, memory_gate, skill_gate, skills_loaded  # noqa: F401
from mpb_env.parsing import ToolCall, parse_turn
from mpb_env.tasks.model import DeltaEntry, Rubric, Task
from mpb_env.tools.formats import clock_hhmm
from mpb_env.world.stamps import (  # noqa: F401 (the stamp sets are re-exported: their old home)
    TABLE_STAMPS,
    USER_DATA_FIELDS,
    VOLATILE_FIELDS,
    volatile_fields,
)
from mpb_env.world.state import PhoneState

#: Questions an episode may ask the user beyond one per withheld fact (a needless one costs UIQ only).
MAX_SPARE_ASKS = 1
#: Calls that only lift a lock or grant a permission on the way to an answer: a behaviour task may
#: make them unless its rubric forbids every mutation; any other mutating call fails it.
ENABLING_TOOLS = frozenset({"grant_app_permission", "unlock_password_vault"})


class Verdict(BaseModel):
    """The checker's result. ``success`` (= ``primary`` ∧ every gate) is the official reward and score.

    ``partial`` is shaped, non-official partial credit (``mpb_env.shaping`` baseline-corrects it):

    * ``"primary"`` ∈ [0, 1], the primary checker's fraction. Bucket 1 (``tool``): gold calls matched
      in order up to the first mismatch, over the gold calls (with ``gold.any_order``, the size of the
      best one-to-one matching over the gold calls); an extra mutating call fails the task but does not
      lower this fraction. Bucket 2 (``state``): gold delta entries matched over (gold entries +
      unexpected record changes: those no ignore or allow list of the gold excuses, stamp-only updates
      aside), so an unrelated write lowers it. Bucket 3 (``behavior``): rubric
      checks passed over checks made — the route (when the rubric names routes), the hand-off payload
      (only once routed), no other action, the final message's kind (and, unless an answer is wanted,
      no claim of having done it), each ``must_include`` group and each ``must_not_include`` phrase.
      Doing nothing passes several of these: see ``mpb_env.shaping``.
    * ``"memory"``, ``"skill"``: 1.0 / 0.0 for each gate the task has (absent otherwise), as in ``gates``.
    """

    success: bool
    primary: bool
    gates: dict[str, bool] = {}
    reasons: list[str] = []
    partial: dict[str, float] = {}


# --------------------------------------------------------------------------- normalisation
_TEMPORAL = re.compile(r"^\d{4}-\d{2}-\d{2}([Tt ]\d{1,2}:\d{2}(:\d{2})?)?$|^\d{1,2}:\d{2}(:\d{2})?$")


#: A 12-hour time of day ("7:30 am", "12:05 p.m."): ``norm`` reads it as the 24-hour time it is.
_TWELVE_HOUR = re.compile(r"^[0-9]{1,2}:[0-9]{2} ?[ap]\.? ?m$")


def norm_text(text: str) -> str:
    """Free text for phrase matching: case-folded, whitespace collapsed, curly quotes straightened."""
    return " ".join(text.replace("’", "'").split()).casefold()


#: gold phrase -> ``norm_text(phrase)``: the same phrases come back every episode (at most
#: ``_NORMED_PHRASES_MAX`` are kept).
_NORMED_PHRASES: dict[str, str] = {}
_NORMED_PHRASES_MAX = 1 << 14


def _phrase(phrase: str) -> str:
    """``norm_text`` of a gold phrase (a matcher's or a rubric's), kept in ``_NORMED_PHRASES``."""
    text = _NORMED_PHRASES.get(phrase)
    if text is None:
        text = norm_text(phrase)
        if type(phrase) is str and len(_NORMED_PHRASES) < _NORMED_PHRASES_MAX:
            _NORMED_PHRASES[phrase] = text
    return text


#: What a word is made of where a phrase's edge is checked: digits and the letters of scripts that
#: write words apart (Latin, Greek, Cyrillic). A CJK character is no word edge: "请结账" is in "服务员请结账",
#: and "wi-fi密码是多少" in "请问wi-fi密码是多少".
_LETTERS = (
    "A-Za-z\u00aa\u00b5\u00ba\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0370-\u03ff\u0400-\u052f\u1e00-\u1fff"
)
_WORD_CHARS = "0-9" + _LETTERS
_IS_LETTER = re.compile(f"[{_LETTERS}]").fullmatch
#: A phrase's last word when it is short: one to three letters, not the end of a longer word ("can't",
#: "check-in", "3rd").
_SHORT_END = re.compile(f"(?<![{_WORD_CHARS}'’-])[{_LETTERS}]{{1,3}}$")
_NOT_AFTER_WORD = f"(?<![{_WORD_CHARS}])"
_NOT_BEFORE_WORD = f"(?![{_WORD_CHARS}])"
#: phrase -> the pattern that finds it with its edges checked, or None when a substring test is enough
_EDGES: dict[str, re.Pattern[str] | None] = {}


def _edges(phrase: str) -> re.Pattern[str] | None:
    first, last = phrase[:1], phrase[-1:]
    if first.isdigit():
        # not glued to a digit before it ("2,045" in "12,045", "5:00" in "05:00", which is 5 am: gold
        # phrase lists spell out the padded forms they accept)
        head = r"(?<![\d])(?<![\d][.,])"
    elif first and _IS_LETTER(first):
        head = _NOT_AFTER_WORD  # a word starts there: "au" is not in "because"
    else:
        head = ""
    short = _SHORT_END.search(phrase)
    if last.isdigit():
        # a decimal: trailing zeros are the same ("4.5" in "$4.50"); a whole number: no more digits, nor
        # cents other than zeros ("2,045" in "2,045.00"); a bare number is a count, not an ordinal ("7"
        # is not in "the 7th"; a date is: "may 19" is in "may 19th")
        decimal = re.search(r"\d\.\d+$", phrase)
        tail = r"0*(?!\d)" if decimal else r"(?!\d)(?!,\d)(?!\.(?!0+(?!\d))\d)"
        if not decimal and phrase.replace(",", "").isdigit():
            tail += r"(?!(?:st|nd|rd|th)\b)"
    elif short and (len(short.group()) <= 2 or short.start() == 0):
        # a short word is whole, but for a plural: "au" is not in "august", nor "car" in "card"; "-es"
        # only after a hissing end ("bus" in "buses", not "do" in "does")
        plural = "(?:es)?" if re.search(r"(?:s|x|z|ch|sh)$", phrase) else "s?"
        tail = plural + _NOT_BEFORE_WORD
    else:
        tail = ""  # a stem: "cancel" is in "cancelled", "40 min" in "40 minutes", "charg" in "charger"
    return re.compile(head + re.escape(phrase) + tail) if head or tail else None


def has_phrase(text: str, phrase: str) -> bool:
    """Does normalised ``text`` contain normalised ``phrase``? A phrase that starts with a letter
    starts a word: "au" is not in "because", nor "end" in "weekend". At its end a phrase may be a
    stem ("deliver" is in "delivered", "40 min" in "40 minutes"), except a short word: one of at most
    two letters ending the phrase ("au", "is on", "10 am"), or a phrase that is a single word of three
    letters ("car", "sam"), is whole but for a plural ("car" is in "cars", not in "card"). A number at
    either end of the phrase is a whole number there: "2,045" is not in "$12,045" nor in "2,045.50"
    (but is in "2,045.00"), "9" is not in "19", nor "7" in "the 7th".

    >>> has_phrase("total: $2,045.00.", "2,045"), has_phrase("total: $12,045", "2,045")
    (True, False)
    >>> has_phrase("that's 2,045.50", "2,045"), has_phrase("limited to 9 tickets", "9"), has_phrase("19 tickets", "9")
    (False, True, False)
    >>> has_phrase("pay $4.50 to sfmta", "4.5"), has_phrase("pay $4.55", "4.5")
    (True, False)
    >>> has_phrase("there are 7 continents", "7"), has_phrase("on the 7th", "7"), has_phrase("7gb", "7")
    (True, False, True)
    >>> has_phrase("you paired it on may 19th", "may 19")
    True
    >>> has_phrase("leaves at 05:00", "5:00"), has_phrase("see dr. shah at 30 past", "dr. shah at 3")
    (False, False)
    >>> has_phrase("it's au, from aurum.", "au"), has_phrase("because it's gold", "au"), has_phrase("in august", "au")
    (True, False, False)
    >>> has_phrase("when should it end?", "end"), has_phrase("see you this weekend", "end")
    (True, False)
    >>> has_phrase("it was delivered", "deliver"), has_phrase("delayed by 40 minutes", "40 min")
    (True, True)
    >>> has_phrase("your car is out of range", "car"), has_phrase("both cars", "car"), has_phrase("take care", "car")
    (True, True, False)
    >>> has_phrase("two buses", "bus"), has_phrase("what does it do", "what do")
    (True, False)
    >>> has_phrase("it is only on", "is on"), has_phrase("请问wi-fi密码是多少?", "wi-fi密码是多少")
    (False, True)
    """
    if phrase not in text:
        return False
    try:
        pattern = _EDGES[phrase]
    except KeyError:
        pattern = _EDGES[phrase] = _edges(phrase)
    return pattern is None or _search(pattern, text, phrase, 0) is not None


def _search(pattern: re.Pattern[str], text: str, phrase: str, start: int) -> re.Match[str] | None:
    """``pattern.search(text, start)`` for ``phrase``'s edge pattern (``_edges``): a match starts where
    the phrase does, so only those places are tried (a scan for a pattern that opens with a look-behind
    tries every position)."""
    at = text.find(phrase, start)
    while at >= 0:
        m = pattern.match(text, at)
        if m is not None:
            return m
        at = text.find(phrase, at + 1)
    return None


#: Types whose equal values are equal after ``norm`` too (not containers: ``[True] == [1]``).
_SCALARS = frozenset({str, int, float, bool, type(None)})


class _Flag(tuple[bool]):
    """A normalised bool: equal only to the same flag (``True == 1.0`` in Python)."""

    __slots__ = ()

    def __new__(cls, value: bool) -> _Flag:
        return super().__new__(cls, (value,))

    def __repr__(self) -> str:
        return f"flag({self[0]})"


def norm(value: Any) -> Any:
    """Canonical form for comparison.

    >>> norm("  Train delayed,  arrive 8:00 PM. ")
    'train delayed, arrive 8:00 pm'
    >>> norm("7:05") == norm("07:05:00"), norm(3) == norm(3.0), norm(["b", "A"]) == norm(["a", "B"])
    (True, True, True)
    >>> norm([True]) == norm([1]), norm({"a": False}) == norm({"a": 0})  # a flag is not a number
    (False, False)
    >>> norm("7:30 AM") == norm("07:30"), norm("2026-05-21T14:00") == norm("2026-05-21T14:00:00")
    (True, True)
    """
    cls = type(value)
    if cls is str:
        text = _NORMED_TEXT.get(value)
        return _norm_str(value) if text is None else text
    if cls is dict:
        return {k: norm(v) for k, v in value.items()}
    if isinstance(value, bool):
        return _TRUE if value else _FALSE
    if value is None:
        return value
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        return _norm_str(value, keep=False)
    if isinstance(value, dict):
        return {k: norm(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        items = [norm(v) for v in value]
        if all(isinstance(v, str | float | _Flag) or v is None for v in items):
            return sorted(items, key=repr)
        return items
    return value


_TRUE, _FALSE = _Flag(True), _Flag(False)
#: text -> ``norm(text)``: the same strings (gold values, tool arguments, record fields) come back in
#: every episode; at most ``_NORMED_TEXT_MAX`` are kept.
_NORMED_TEXT: dict[str, str] = {}
_NORMED_TEXT_MAX = 1 << 16
#: The longest string the normal-form caches keep: the phone's values and golds are short, and a
#: policy's long free text (a message body up to the action limit) would only fill them.
KEEP_CHARS = 256


def _norm_str(value: str, keep: bool = True) -> str:
    """``norm`` of a string (kept in ``_NORMED_TEXT`` when ``keep``)."""
    text = " ".join(value.split()).casefold().rstrip(".!。")
    if _TWELVE_HOUR.search(text):
        text = clock_hhmm(text) or text
    if _TEMPORAL.match(text):
        try:
            if ":" in text and "-" not in text:
                h, m, *sec = text.split(":")
                text = f"{int(h):02d}:{int(m):02d}:{int(sec[0]) if sec else 0:02d}"
            else:
                text = datetime.fromisoformat(text).isoformat()
        except ValueError:
            pass
    if keep and len(value) <= KEEP_CHARS and len(_NORMED_TEXT) < _NORMED_TEXT_MAX:
        _NORMED_TEXT[value] = text
    return text


#: Words that deny or dispute what a text says: one its reference lacks, an accepted text lacks too
#: (``$text``'s ``deny``; a behaviour rubric's ``must_not_include``).
DENIALS = ("not", "never", "no longer", "wrong", "incorrect")
#: Number words a dictated word may be written as, either way ("ten minutes" is "10 minutes").
_NUMBER_WORDS = dict(
    zip(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "fifteen",
            "twenty",
            "thirty",
        ],
        ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "15", "20", "30"],
        strict=True,
    )
)
_NUMBER_WORDS |= {v: k for k, v in _NUMBER_WORDS.items()}


#: A word: a number with its separators and ordinal ending ("2.5", "10,117.14", "8:35", "24th"), or
#: letters and digits with inner apostrophes and hyphens ("i'm", "thank-you").
_TOKEN = re.compile(r"\d+(?:[.,:]\d+)*(?:st|nd|rd|th)?(?:['’-][^\W_]+)*|[^\W_]+(?:['’-][^\W_]+)*")
#: How many words of the request around a free text (``frame``) the text may carry.
MAX_FRAME_WORDS = 1


def tokens(text: str) -> list[str]:
    """The words of ``text``, normalised as free text is compared (``norm_text``)."""
    return _TOKEN.findall(norm_text(text))


#: Where a sentence or clause ends: what a "not" before it denies does not reach past (a comma does
#: not stop it: "NOT the forecast, sunny and 61°F" denies it all).
_CLAUSE_END = re.compile(r"[.;:!?()\n—–]|\bbut\b")
_NOT = re.compile(r"\b(not|never|no longer)\b")


def affirms(text: str, phrase: str) -> bool:
    """Does normalised ``text`` state ``phrase`` somewhere without a "not", "never" or "no longer"
    before it in its sentence (since a colon, a dash or a "but")? A phrase that itself denies ("not delayed") is stated as it stands.

    >>> affirms("mail has used 310 mb.", "310"), affirms("not mail has used 310 mb", "310")
    (True, False)
    >>> affirms("it's not 320 mb but 310 mb", "310"), affirms("not running it yet. it's 310 mb", "310")
    (True, True)
    >>> affirms("not the forecast, sunny and 61°f", "61"), affirms("not much: 310 mb", "310")
    (False, True)
    """
    if _NOT.search(phrase):
        return has_phrase(text, phrase)
    start = 0
    while True:
        end = _find(text, phrase, start)
        if end < 0:
            return False
        head = text[: end - len(phrase)]
        clause = _CLAUSE_END.split(head)[-1]
        if not _NOT.search(clause):
            return True
        start = end


def _find(text: str, phrase: str, start: int = 0) -> int:
    """The end of the first occurrence of ``phrase`` in ``text`` at or after ``start`` (``has_phrase``'s
    edges), or -1."""
    if not has_phrase(text, phrase):
        return -1
    pattern = _EDGES[phrase]
    if pattern is None:
        at = text.find(phrase, start)
        return -1 if at < 0 else at + len(phrase)
    m = _search(pattern, text, phrase, start)
    return m.end() if m else -1


def says(spec: dict[str, Any], actual: Any) -> bool:
    """The ``$text`` matcher: free text that carries what the request fixes and does not contradict it.

    ``spec``: ``contains`` — phrases that must all occur (as ``$contains``); ``words`` — the words the
    user dictated (taken from the request), which must occur in this order, each as a stem or as its
    number word ("10" for "ten"), though one of four or more may be missing;
    ``deny`` — words of ``DENIALS`` the reference lacks, which this text must lack too ("not",
    "wrong"); ``max_words`` — at most this many words (no dump of
    the request); ``frame`` — the request's words around the text ("remind", "calendar", the recipient),
    of which the text may carry at most ``MAX_FRAME_WORDS``; ``verbs`` — the request's verbs
    ("text", "remind") the reference lacks, of which it may carry none. A structured value (a hand-off context)
    is read as the text of its values.

    >>> spec = {"contains": ["traffic"], "words": ["stuck", "traffic", "bridge"], "deny": ["not", "wrong"]}
    >>> says(spec, "Stuck in traffic on the bridge, sorry!"), says(spec, "traffic")
    (True, False)
    >>> says(spec, "bridge stuck traffic"), says(spec, "NOT stuck in traffic on the bridge (wrong)")
    (False, False)
    >>> says({"contains": [], "words": ["running", "ten", "minutes", "late"]}, "Running 10 min late!")
    True
    """
    if isinstance(actual, dict | list):  # a structured value (a hand-off context): its values' text
        leaves: list[str] = []
        _leaves(actual, leaves)
        actual = " | ".join(leaves)
    text = norm_text(actual if isinstance(actual, str) else str(actual))
    for p in spec.get("contains", ()):
        if not has_phrase(text, _phrase(str(p))):
            return False
    for w in spec.get("deny", ()):
        if w in text and has_phrase(text, w):
            return False
    if "max_words" in spec or "frame" in spec:
        words_in = _TOKEN.findall(text)  # ``tokens``: the text is normalised already
        if len(words_in) > spec.get("max_words", len(words_in)):
            return False
        seen = set(words_in)
        if len(seen.intersection(spec.get("frame", ()))) > MAX_FRAME_WORDS:
            return False
        if not seen.isdisjoint(spec.get("verbs", ())):
            return False
    words = [_phrase(str(w)) for w in spec.get("words", ())]
    if not words:
        return True
    spellings = {w: _spellings(text, w) for w in words}
    present = [w for w in words if spellings[w]]
    if len(words) - len(present) > (1 if len(words) >= 4 else 0):
        return False
    # the words present must come in order: the most of them placed in order (a subsequence), each
    # after the one before it: ends[k] is the earliest end in the text of k words so placed
    words = present
    ends: list[int | None] = [0] + [None] * len(words)
    for w in words:
        found = spellings[w]
        for k in range(len(words) - 1, -1, -1):
            start = ends[k]
            if start is None:
                continue
            end = _end_from(text, found, start)
            if end >= 0 and (ends[k + 1] is None or end < ends[k + 1]):  # type: ignore[operator]
                ends[k + 1] = end
    return ends[len(words)] is not None


def _spellings(text: str, word: str) -> list[tuple[str, re.Pattern[str] | None]]:
    """The spellings of a dictated word (itself, its number word) that ``text`` has (``has_phrase``),
    each with its edge pattern: what ``_end_from`` looks for."""
    out = []
    for phrase in (word, _NUMBER_WORDS.get(word)):
        if phrase is not None and has_phrase(text, phrase):
            out.append((phrase, _EDGES[phrase]))
    return out


def _end_from(text: str, spellings: list[tuple[str, re.Pattern[str] | None]], start: int) -> int:
    """The earliest end at or after ``start`` of a dictated word written as one of its ``_spellings``
    in ``text`` (``_find``'s edges), or -1."""
    best = -1
    for phrase, pattern in spellings:
        if pattern is None:
            at = text.find(phrase, start)
            end = -1 if at < 0 else at + len(phrase)
        else:
            m = _search(pattern, text, phrase, start)
            end = m.end() if m else -1
        if end >= 0 and (best < 0 or end < best):
            best = end
    return best


#: The matcher operators ``match`` reads in a one-key gold dict.
_OPS = frozenset({"$contains", "$text", "$any", "$present", "$ignore"})


def _is_matcher(gold: Any) -> bool:
    return isinstance(gold, dict) and len(gold) == 1 and next(iter(gold)) in _OPS


def _identical(a: Any, b: Any) -> bool:
    """Are ``a`` and ``b`` the same JSON-like value, type for type (so ``norm`` makes them equal)? A float
    equals only a float of the same sign (``norm`` sorts by ``repr``, which tells ``-0.0`` from ``0.0``).

    >>> _identical([{"a": 1}], [{"a": 1}]), _identical([1], [1.0]), _identical([True], [1]), _identical(0.0, -0.0)
    (True, False, False, False)
    """
    cls = type(a)
    if cls is not type(b):
        return False
    if cls is dict:
        return a.keys() == b.keys() and all(_identical(v, b[k]) for k, v in a.items())
    if cls is list or cls is tuple:
        return len(a) == len(b) and all(_identical(x, y) for x, y in zip(a, b, strict=True))
    if cls is float:
        return repr(a) == repr(b)
    return cls in _SCALARS and a == b


def match(gold: Any, actual: Any) -> bool:
    """Does ``actual`` satisfy the gold value or matcher?

    Matchers: ``{"$contains": [...]}`` (every phrase occurs in the text), ``{"$text": {...}}`` (free text
    that carries the dictated words and denies nothing: ``says``), ``{"$any": [...]}`` (equals
    one of), ``{"$present": true}`` (non-empty), ``{"$ignore": true}`` (anything).

    >>> match({"$contains": ["train", "8"]}, "Train is late, home by 8")
    True
    >>> match("07:30", "7:30"), match(20, 20.0), match({"$any": ["ring", "vibrate"]}, "silent")
    (True, True, False)
    >>> match(True, 1), match(0, False), match(True, True)  # a flag is not a number
    (False, False, True)
    """
    if type(gold) is type(actual) and type(gold) in _SCALARS and gold == actual:  # equal: skip the work
        return True
    if isinstance(gold, dict) and len(gold) == 1:
        op, arg = next(iter(gold.items()))
        if op == "$contains":
            text = norm_text(actual if isinstance(actual, str) else str(actual))
            return all(has_phrase(text, _phrase(str(p))) for p in arg)
        if op == "$text":
            return says(arg, actual)
        if op == "$any":
            if type(actual) is not list:
                return any(match(g, actual) for g in arg)
            # a list (a home screen's items) against whole alternatives: one the same as it settles it;
            # else it is normalised once for them all (``match`` of a list that is no matcher: ``norm``)
            if any(g == actual and _identical(g, actual) for g in arg):  # ``==`` first: it runs in C
                return True
            b = norm(actual)
            return any(match(g, actual) if _is_matcher(g) else norm(g) == b for g in arg)
        if op == "$present":
            return actual not in (None, "", [], {}) if arg else actual in (None, "", [], {})
        if op == "$ignore":
            return True
    if isinstance(gold, dict) and isinstance(actual, dict):
        return gold.keys() == actual.keys() and all(match(gold[k], actual[k]) for k in gold)
    if gold == actual and _identical(gold, actual):  # the same value, so the same normal form
        return True
    a, b = norm(gold), norm(actual)
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    return a == b


# --------------------------------------------------------------------------- trajectory facts
def _leaves(value: Any, out: list[str]) -> None:
    """Append the strings and numbers (not flags) inside ``value`` to ``out`` as text, depth first."""
    if isinstance(value, dict):
        items: Any = value.values()
    elif isinstance(value, list):
        items = value
    else:
        if isinstance(value, str | int | float) and not isinstance(value, bool):
            out.append(str(value))
        return
    append = out.append
    stack = [iter(items)]  # the containers being walked, innermost last (no call per container)
    while stack:
        for v in stack[-1]:
            cls = type(v)
            if cls is str:
                append(v)
            elif cls is dict:
                stack.append(iter(v.values()))
                break
            elif cls is list:
                stack.append(iter(v))
                break
            elif cls is int or cls is float:
                append(str(v))
            elif v is not None and cls is not bool:
                _leaves(v, out)  # any other type (a subclass): as the top of a walk
        else:
            stack.pop()


#: A JSON object in a final message: tool output pasted instead of an answer.
_RAW_OUTPUT = re.compile(r'[{\[]\s*"[^"\n]{1,60}"\s*:')


#: Errors that tell nothing about the phone's data: a call so refused looked nothing up.
UNINFORMATIVE_ERRORS = frozenset({"InvalidArguments", "UnknownTool", "ParseError", "InternalError"})


def read_domains(state: PhoneState) -> set[str]:
    """The catalog domains where the episode looked something up: read (non-mutating) calls that
    succeeded or were refused for what the phone holds or can do ("the forecast reaches June 5 at
    most"), memory searches and skill loads aside (they have gates of their own)."""
    known = catalog()
    return {
        known[e["tool"]].domain
        for e in state.log
        if not e["mutates"]
        and e["tool"] in known
        and e["tool"] not in (MEMORY_SEARCH, SKILL_LOADER)
        and (e["status"] == "success" or e["error_type"] not in UNINFORMATIVE_ERRORS)
    }


def evidence_text(state: PhoneState) -> str:
    """Everything successful calls of the episode returned (the strings and numbers of their data),
    normalised as final messages are (``norm_text``), one value per line."""
    out: list[str] = []
    for e in state.log:
        if e["status"] == "success":
            _leaves(e["data"], out)
    # norm_text of the values joined, built from each value's own (kept: the phone's data recurs):
    # norm_text works word by word, so only the spaces around a value with no words need mending
    normed = list(map(_NORMED_VALUES.get, out))
    if None in normed:
        for i, value in enumerate(normed):
            if value is None:
                normed[i] = value = norm_text(out[i])
                if len(out[i]) <= KEEP_CHARS and len(_NORMED_VALUES) < _NORMED_VALUES_MAX:
                    _NORMED_VALUES[out[i]] = value
    text = " \u2016 ".join(normed)  # type: ignore[arg-type]
    return text.replace("  ", " ").strip(" ") if "" in normed else text


#: a value in tool data -> its ``norm_text`` (at most ``_NORMED_VALUES_MAX`` kept)
_NORMED_VALUES: dict[str, str] = {}
_NORMED_VALUES_MAX = 1 << 16


#: Tools each successful call of which does something anew (sends, books, creates, hands off): the
#: same call twice in an episode does it twice. (Setting a value again is a no-op; a failed call did
#: nothing, so retrying it is fine.)
REDO_PREFIXES = ("add_", "book_", "create_", "delegate_to_", "send_", "share_")
REDO_TOOLS = frozenset(
    {
        "start_call",
        "start_timer",
        "take_photo",
        "take_screenshot",
        "record_video",
        "add_to_queue",
        "skip_track",
    }
)


def repeated_calls(state: PhoneState) -> list[str]:
    """Tools of ``REDO_PREFIXES``/``REDO_TOOLS`` called successfully twice with the same arguments."""
    done = [
        e
        for e in state.log
        if e["status"] == "success"
        and ((name := e["tool"]) in REDO_TOOLS or name.startswith(REDO_PREFIXES))
        and not is_noop(e)  # it changed nothing, so it did not do the action again
    ]
    calls = Counter(e["tool"] for e in done)
    seen: set[tuple[str, str]] = set()
    out: list[str] = []
    for e in done:
        name = e["tool"]
        if calls[name] < 2:
            continue  # its only call: it repeats nothing (its arguments need no normalising)
        key = (name, repr(norm(e["arguments"])))
        if key in seen:
            out.append(name)
        seen.add(key)
    return out


def asked_again_after_decline(state: PhoneState) -> list[str]:
    """Tools that put a consent question to the user (their data says ``consent: {"asked": true}``,
    as ``start_screen_recording``'s dialog does) again after the user declined one: a declined consent
    is an answer to pass on to the user, not to wear down by asking again."""
    declined: set[str] = set()
    out: list[str] = []
    for e in state.log:
        data = e["data"]
        consent = data.get("consent") if e["status"] == "success" and isinstance(data, dict) else None
        if not isinstance(consent, dict) or consent.get("asked") is not True:
            continue
        if e["tool"] in declined:
            out.append(e["tool"])
        if consent.get("answer") == "decline":
            declined.add(e["tool"])
    return out


def effective_calls(state: PhoneState) -> list[dict[str, Any]]:
    """The calls Bucket 1 compares: successful mutating calls (failed calls never have side effects)."""
    return [e for e in state.log if e["mutates"] and e["status"] == "success"]


# --------------------------------------------------------------------------- primary checkers
#: Tools the catalog documents as doing exactly what another does, with how their arguments map:
#: Bucket 1 compares such a call as the call it stands for (either side, gold or actual).
_TILE_TOOLS = {
    "wifi": "set_wifi_enabled",
    "bluetooth": "set_bluetooth_enabled",
    "airplane_mode": "set_airplane_mode",
}
_ALIASED = frozenset({"set_quick_setting", "set_stream_volume"})  # the tools canonical_call may rename


def canonical_call(tool: str, arguments: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The call Bucket 1 compares: a quick-settings tile that does exactly what a toggle tool does is
    that tool; the media stream's volume is the playback volume.

    >>> canonical_call("set_quick_setting", {"tile": "wifi", "enabled": True})
    ('set_wifi_enabled', {'enabled': True})
    >>> canonical_call("set_stream_volume", {"stream": "media", "level": 30})
    ('set_playback_volume', {'level': 30})
    """
    if tool not in _ALIASED:
        return tool, arguments
    if tool == "set_quick_setting" and arguments.get("tile") in _TILE_TOOLS:
        return _TILE_TOOLS[arguments["tile"]], {"enabled": arguments.get("enabled")}
    if tool == "set_stream_volume" and arguments.get("stream") == "media":
        return "set_playback_volume", {"level": arguments.get("level")}
    return tool, arguments


_EMPTY = (None, "", [], {})


#: Arguments whose empty value adds nothing, like leaving them out: those of calls that make something
#: new, and lists of things to add or remove. (Elsewhere an empty value may clear a field: an alarm's
#: ``repeat_days=[]`` makes it one-time.)
_NEW_RECORD_TOOLS = ("create_", "send_", "add_", "book_", "schedule_")
_EMPTY_ADDS_NOTHING = frozenset(
    {("update_playlist", "add_media_ids"), ("update_playlist", "remove_media_ids")}
)


def _omitted_ok(tool: str, key: str, default: Any, value: Any) -> bool:
    """An argument the gold leaves out must have its default; an empty value (``[]``, ``""``, ``{}``)
    counts as leaving out one whose default is ``None`` where it adds nothing (``_EMPTY_ADDS_NOTHING``)."""
    if match(default, value):
        return True
    if default is not None or not any(value == e and type(value) is type(e) for e in _EMPTY):
        return False
    return tool.startswith(_NEW_RECORD_TOOLS) or (tool, key) in _EMPTY_ADDS_NOTHING


def _wrong_arguments(name: str, gold: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """The arguments of a call to ``name`` that do not match the gold call's."""
    spec = catalog().get(name)
    defaults = spec.defaults if spec else {}
    return [
        k
        for k in got.keys() | gold.keys()
        if not (
            match(gold[k], got.get(k)) if k in gold else _omitted_ok(name, k, defaults.get(k), got.get(k))
        )
    ]


def _calls_in_any_order(
    gold: list[tuple[str, dict[str, Any]]], calls: list[dict[str, Any]], state: PhoneState
) -> tuple[bool, list[str], float]:
    """Bucket 1 for independent calls (``gold.any_order``): every gold call matched by its own actual
    call, in whatever order, and no other mutating call (a no-op left over is none: ``is_noop``)."""
    actual = [canonical_call(e["tool"], e["arguments"]) for e in calls]
    fits = [
        [
            j
            for j, (tool, got) in enumerate(actual)
            if tool == name and not _mismatched(name, args, got, calls[j], state)
        ]
        for name, args in gold
    ]
    owner: dict[int, int] = {}  # actual call -> the gold call it stands for (a bipartite matching)

    def place(i: int, seen: set[int]) -> bool:
        for j in fits[i]:
            if j not in seen:
                seen.add(j)
                if j not in owner or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    matched = sum(place(i, set()) for i in range(len(gold)))
    placed = set(owner.values())
    reasons = [f"missing call: {name} {args}" for i, (name, args) in enumerate(gold) if i not in placed]
    extra = [calls[j]["tool"] for j in range(len(calls)) if j not in owner and not is_noop(calls[j])]
    if extra:
        reasons.append(f"extra mutating call(s): {', '.join(extra)}")
    return not reasons, reasons, matched / max(len(gold), 1)


def check_calls(task: Task, state: PhoneState) -> tuple[bool, list[str], float]:
    gold = [canonical_call(g.name, g.arguments) for g in task.gold.calls or []]
    calls = effective_calls(state)
    if task.gold.any_order:
        return _calls_in_any_order(gold, calls, state)
    calls = without_spare_noops(gold, calls, state)
    reasons: list[str] = []
    matched = 0
    for i, (name, arguments) in enumerate(gold):
        if i >= len(calls):
            reasons.append(f"missing call #{i + 1}: {name}")
            break
        tool, got = canonical_call(calls[i]["tool"], calls[i]["arguments"])
        if tool != name:
            reasons.append(f"call #{i + 1}: expected {name}, got {calls[i]['tool']}")
            break
        bad = _mismatched(name, arguments, got, calls[i], state)
        if bad:
            reasons.append(f"call #{i + 1} {name}: wrong {', '.join(sorted(bad))}")
            break
        matched += 1
    if len(calls) > len(gold) and matched == len(gold):
        extra = ", ".join(e["tool"] for e in calls[len(gold) :])
        reasons.append(f"extra mutating call(s): {extra}")
    ok = not reasons
    return ok, reasons, matched / max(len(gold), 1)


def _field_matches(gold: Any, record: dict[str, Any], field: str) -> bool:
    """``match`` on one field of a changed record; ``{"$instant": "2026-05-21T13:00:00+00:00"}`` is met
    by a time of day that names that instant on the clock of the record's own ``timezone`` (a calendar
    event booked for 9 am New York time, or for 6 am on a phone set to Los Angeles time, is the same)."""
    if isinstance(gold, dict) and len(gold) == 1 and "$instant" in gold:
        # at call time: importing a domain module by name first would change the catalog's order
        from mpb_env.domains.time_mgmt import instant

        want = datetime.fromisoformat(gold["$instant"])
        return instant(record, field) == want
    return match(gold, record.get(field))


def _entry_matches(entry: DeltaEntry, change: dict[str, Any]) -> bool:
    op = change["op"]
    if op != entry.op and not (entry.op == "upsert" and op in ("create", "update")):
        return False
    if op == "delete":
        return True
    after = change["after"]
    if not all(_field_matches(v, after, k) for k, v in entry.fields.items()):
        return False
    if op == "update":
        # Every changed field must be one the gold names (or bookkeeping).
        volatile = volatile_fields(entry.table)
        return all(k in entry.fields or k in volatile for k in change["changed"])
    return True


def check_delta(task: Task, state: PhoneState) -> tuple[bool, list[str], float]:
    gold = task.gold.delta or []
    ignore = set(task.gold.ignore_tables)
    delta = {t: dict(rows) for t, rows in state.delta().items() if t not in ignore}
    for table, keys in task.gold.ignore_updates.items():
        rows = delta.get(table, {})
        for key in [k for k, c in rows.items() if c["op"] == "update" and k in keys]:
            del rows[key]
    reasons: list[str] = []
    matched = 0
    for entry in gold:
        rows = delta.get(entry.table, {})
        if entry.key is not None:
            change = rows.get(entry.key)
            if change is not None and _entry_matches(entry, change):
                del rows[entry.key]
                matched += 1
            elif change is None:
                reasons.append(f"{entry.table}/{entry.key}: expected {entry.op}, record unchanged")
            else:
                reasons.append(
                    f"{entry.table}/{entry.key}: {change['op']} does not match the expected {entry.op} {entry.fields}"
                )
        else:
            key = next((k for k, c in rows.items() if _entry_matches(entry, c)), None)
            if key is None:
                reasons.append(f"{entry.table}: no new record with {entry.fields}")
            else:
                del rows[key]
                matched += 1
    optional = task.gold.allow_creates
    unexpected = 0
    for table, rows in delta.items():
        stamps = volatile_fields(table)
        for key, change in rows.items():
            if change["op"] == "update" and change["changed"].keys() <= stamps:
                continue  # an update of stamps alone (that no gold entry asked for) changed nothing
            fields = optional.get(table)
            if (
                fields is not None
                and change["op"] == "create"
                and all(match(v, change["after"].get(k)) for k, v in fields.items())
            ):
                continue
            unexpected += 1
            reasons.append(f"unexpected {change['op']} of {table}/{key}")
    total = len(gold) + unexpected
    return not reasons, reasons, matched / max(total, 1)


_REFUSAL = re.compile(
    r"\b(can't|cannot|can not|couldn't|could not|unable|not able|not possible|isn't possible|not supported|"
    r"isn't supported|doesn't support|don't support|won't be able|impossible|no way to|not available|"
    r"isn't available|aren't available|unavailable|not allowed|isn't allowed|doesn't allow|doesn't let|"
    r"won't let|sorry)\b"
)


#: A final message that says the request was carried out ("Done!", "All set", "… successfully", "I did
#: it", "I've handled it", "Your request is complete", "You're good to go"): never a refusal, a clarifying
#: question or the explanation of a limit, whatever "sorry" or "?" it holds.
_CLAIMS_DONE = re.compile(
    r"(?:^|[.!?:;—–]\s*)(done|all set|finished|completed)\b|\b(all set|successfully|taken care of|took care of)\b"
    r"|\b(it's|it is|that's|that is|all|now) done\b"
    r"|\bi( did|'ve done| have done) (it|that|this)(?= for you|[.!,;:]|$)"
    r"|\bi('ve| have)? handled (it|that|this|everything)\b|\ball handled\b"
    r"|\b(request|task|everything|it|that|this)('s| is| has been) (now )?(complete|completed|finished)\b"
    r"|\b(you're|you are|it's|it is|that's|that is|we're|all) (all )?good to go\b"
    r"|\b(it's|it is|that's|that is|everything's|everything is|all) (all )?sorted\b"
)
#: Words of which every match of ``_CLAIMS_DONE`` has one.
_CLAIM_WORDS = (
    "done",
    "all set",
    "finish",
    "complete",
    "successfully",
    "care of",
    "did",
    "handled",
    "good to go",
    "sorted",
)
#: What makes a claim above a condition, not a claim, when it comes earlier in the same sentence: "once
#: it's done", "as soon as the call ends you're good to go", "if that works, it's all sorted".
_CONDITION = re.compile(r"\b(once|when|whenever|after|until|till|if|as soon as|before)\b")


def claims_done(text: str) -> bool:
    """Whether a normalised final message says the request was carried out (``_CLAIMS_DONE`` outside a
    condition of its own sentence).

    >>> claims_done("done! anything else?"), claims_done("once it's done, i'll tell you. ok?")
    (True, False)
    """
    if not any(w in text for w in _CLAIM_WORDS):
        return False  # none of the words every claim has: no need to run the pattern
    for m in _CLAIMS_DONE.finditer(text):
        sentence = re.split(r"[.!?;:()]", text[: m.start()])[-1]
        if not _CONDITION.search(sentence):
            return True
    return False


def _without_query(text: str, query: str) -> str:
    """The final message with any verbatim copy of the user's request taken out (case and spacing
    aside): echoing the request back names everything the rubric looks for without saying anything."""
    q = " ".join(query.split())
    if len(q) < 12 or q.casefold() not in " ".join(text.split()).casefold():
        return text
    return re.sub(r"\s+".join(re.escape(w) for w in q.split()), " ", text, flags=re.IGNORECASE)


def final_kind(text: str) -> set[str]:
    """The kinds a final message counts as: ``question``, ``refusal``, ``answer`` (non-empty)."""
    kinds = set()
    low = text.casefold().replace("’", "'")
    if text.strip():
        kinds.add("answer")
    if "?" in text:
        kinds.add("question")
    if _REFUSAL.search(low):
        kinds.add("refusal")
    return kinds


def _mentions(text: str, group: list[str]) -> bool:
    """Does normalised ``text`` have one of a rubric group's phrases (``has_phrase``)?"""
    for p in group:
        phrase = _NORMED_PHRASES.get(p) or _phrase(p)
        if phrase in text and has_phrase(text, phrase):
            return True
    return False


def check_behavior(task: Task, state: PhoneState, final: str | None) -> tuple[bool, list[str], float]:
    rubric: Rubric = task.gold.rubric or Rubric()
    reasons: list[str] = []
    checks = 0
    passed = 0
    effective = effective_calls(state)
    if rubric.routes:
        checks += 1
        routed = [e for e in effective if e["tool"] in rubric.routes]
        if not routed:
            reasons.append(f"no successful hand-off to {' or '.join(rubric.routes)}")
        else:
            passed += 1
            if rubric.handoff:
                checks += 1
                if any(
                    all(match(v, e["arguments"].get(k)) for k, v in rubric.handoff.items()) for e in routed
                ):
                    passed += 1
                else:
                    reasons.append(f"hand-off payload incomplete: expected {rubric.handoff}")
    checks += 1
    allowed = set(rubric.routes) if rubric.forbid_mutations else ENABLING_TOOLS.union(rubric.routes)
    others = [e["tool"] for e in effective if e["tool"] not in allowed and not is_noop(e)]
    if others:
        reasons.append(f"acted when it should not have: {', '.join(others)}")
    else:
        passed += 1
    text = _without_query(final or "", task.query)
    checks += 1
    low = norm_text(text)
    if rubric.final_kind != "any" and rubric.final_kind not in final_kind(text):
        reasons.append(f"final message is not a {rubric.final_kind}")
    elif rubric.final_kind != "answer" and claims_done(low):
        # refusals, questions and "any" (a limit or obstacle the message must explain): never "done"
        reasons.append("final message claims the request was carried out")
    else:
        passed += 1
    evidence = None  # built when a group first needs it
    for i, group in enumerate(rubric.must_include):
        checks += 1
        if not _mentions(low, group):
            reasons.append(f"final message mentions none of {group}")
        elif rubric.affirm and not any(affirms(low, _phrase(p)) for p in group):
            reasons.append(f"final message denies {group} instead of stating it")
        elif i in rubric.evidence and not _mentions(
            evidence if evidence is not None else (evidence := evidence_text(state)), group
        ):
            reasons.append(f"final message states {group} without a call of this episode returning it")
        else:
            passed += 1
    if rubric.max_words is not None:
        checks += 1
        if len(_TOKEN.findall(low)) > rubric.max_words:  # ``tokens``: ``low`` is normalised already
            reasons.append(f"final message is longer than {rubric.max_words} words: one answer, not a dump")
        elif _RAW_OUTPUT.search(text):
            reasons.append("final message quotes raw tool output instead of answering")
        else:
            passed += 1
    if rubric.read_domains:
        checks += 1
        looked_up = read_domains(state)
        unread = [d for d in rubric.read_domains if d not in looked_up]
        if unread:
            reasons.append(
                f"final message rests on no look-up: no successful read call in {', '.join(unread)}"
            )
        else:
            passed += 1
    checks += len(rubric.must_not_include)
    for phrase in rubric.must_not_include:
        said = _NORMED_PHRASES.get(phrase) or _phrase(phrase)
        if said in low and has_phrase(low, said):  # ``in`` first: most are absent
            reasons.append(f"final message must not mention {phrase!r}")
        else:
            passed += 1
    return not reasons, reasons, passed / max(checks, 1)


# --------------------------------------------------------------------------- fairness
# What a careful assistant may do that changes nothing a checker compares: a write that sets something
# to the value it already had, the gold's record named by one of its fields instead of its id, and
# stopping to ask the user's consent before granting a permission the task's friction blocks.


def is_noop(entry: dict[str, Any]) -> bool:
    """A successful mutating call that changed nothing but bookkeeping stamps (the runtime logs it
    ``changed: false``): it set something to the value it already had. Entries without the flag (from
    older logs) count as changes."""
    return entry.get("changed") is False


def without_spare_noops(
    gold: list[tuple[str, dict[str, Any]]], calls: list[dict[str, Any]], state: PhoneState
) -> list[dict[str, Any]]:
    """The calls Bucket 1 aligns in order with ``gold``: every call, but for no-ops (``is_noop``) that
    do not stand for the gold call due next. A no-op changed nothing, so it is no extra side effect;
    a repeat that did the action again (a second message) changed something and stays: it still fails
    a task that asks for it once."""
    out: list[dict[str, Any]] = []
    for e in calls:
        if len(out) < len(gold):
            name, args = gold[len(out)]
            tool, got = canonical_call(e["tool"], e["arguments"])
            if tool == name and not _mismatched(name, args, got, e, state):
                out.append(e)
                continue
        if not is_noop(e):
            out.append(e)
    return out


def _record(state: PhoneState, key: str) -> dict[str, Any] | None:
    """The live record with this key in any table (IDs carry their table's prefix: one at most)."""
    tables = dict.fromkeys([*state.world.tables, *state.patch.tables, *state.writes])
    return next((r for t in tables if (r := state.get(t, key)) is not None), None)


def _named_by_field(
    name: str, gold: dict[str, Any], got: dict[str, Any], entry: dict[str, Any], state: PhoneState
) -> set[str]:
    """The arguments that differ only because the call names the gold's record by one of its fields
    instead of its id (``start_call`` with the contact's number instead of ``contact_id``, ``play_media``
    with the title instead of ``media_id``); empty when it does not.

    That is: the gold gives one ``*_id`` argument (an id, or ids under ``$any``) the call leaves out;
    every other argument that differs
    is a string the gold leaves empty and equals a field of that record; and the
    call's result names the record's id — the tool resolved the name to the same record."""
    ids = [k for k, v in gold.items() if k.endswith("_id") and _id_values(v) and got.get(k) in _EMPTY]
    if len(ids) != 1:
        return set()
    defaults = catalog()[name].defaults if name in catalog() else {}
    extra = {
        k: got[k]
        for k in _wrong_arguments(name, gold, got)
        if k != ids[0] and gold.get(k, defaults.get(k)) is None and got.get(k) is not None
    }
    if not extra or len(extra) != len(_wrong_arguments(name, gold, got)) - 1:
        return set()
    if not all(isinstance(v, str) for v in extra.values()):
        return set()
    for key in _id_values(gold[ids[0]]):
        fields = {norm(v) for v in (_record(state, key) or {}).values() if isinstance(v, str)}
        if all(norm(v) in fields for v in extra.values()) and _names_key(entry["data"], key):
            return {ids[0], *extra}
    return set()


def _id_values(gold: Any) -> list[str]:
    """The record ids a gold argument accepts: the id, or the ids of an ``$any`` matcher."""
    if isinstance(gold, str):
        return [gold]
    if isinstance(gold, dict) and list(gold) == ["$any"] and isinstance(gold["$any"], list):
        return [v for v in gold["$any"] if isinstance(v, str)]
    return []


def _names_key(data: Any, key: str, depth: int = 4) -> bool:
    """Does a tool result hold the string ``key`` as a value (depth-bounded)?"""
    if data == key:
        return True
    if depth and isinstance(data, dict):
        return any(_names_key(v, key, depth - 1) for v in data.values())
    if depth and isinstance(data, list):
        return any(_names_key(v, key, depth - 1) for v in data)
    return False


def _mismatched(
    name: str, gold: dict[str, Any], got: dict[str, Any], entry: dict[str, Any], state: PhoneState
) -> list[str]:
    """``_wrong_arguments``, but for a record named by one of its fields instead of its id."""
    bad = _wrong_arguments(name, gold, got)
    if bad:
        same = _named_by_field(name, gold, got, entry, state)
        if same:
            bad = [k for k in bad if k not in same]
    return bad


#: The reasons ``check_delta`` gives for a gold change not made yet (any other is a change made wrong).
_NOT_YET = "record unchanged"
_NO_NEW_RECORD = ": no new record with "
#: A consent question names what it asks to do.
_CONSENT_WORDS = ("grant", "allow", "permission", "access", "enable", "turn on", "give")


def _gold_grants(task: Task) -> set[tuple[str, str]]:
    """The ``(app_id, permission)`` grants the task's gold (or, for a behaviour task, its oracle) makes."""
    out: set[tuple[str, str]] = set()
    for call in task.gold.calls or []:
        if call.name == "grant_app_permission":
            out.add((str(call.arguments.get("app_id")), str(call.arguments.get("permission"))))
    for entry in task.gold.delta or []:
        perms = entry.fields.get("permissions") if entry.table == "apps" and entry.key else None
        if isinstance(perms, dict):
            out.update((entry.key, p) for p, v in perms.items() if v is True)  # type: ignore[misc]
    if task.bucket == "behavior":
        for text in task.oracle:
            for call in parse_turn(text).calls:
                if isinstance(call, ToolCall) and call.name == "grant_app_permission":
                    args = call.arguments if isinstance(call.arguments, dict) else {}
                    out.add((str(args.get("app_id")), str(args.get("permission"))))
    return out


def _consistent_so_far(task: Task, state: PhoneState) -> bool:
    """Has the episode done nothing the task rejects, whatever it has still to do? Bucket 1: its calls
    are a start of the gold's (any of them, for ``any_order``); Bucket 2: every change is one the gold
    asks for; Bucket 3: no mutation its rubric forbids."""
    calls = effective_calls(state)
    if task.bucket == "tool":
        gold = [canonical_call(g.name, g.arguments) for g in task.gold.calls or []]
        if task.gold.any_order:
            spare = [e for e in calls if not is_noop(e)]
            return len(spare) <= len(gold) and all(
                any(
                    canonical_call(e["tool"], e["arguments"])[0] == n
                    and not _mismatched(n, a, canonical_call(e["tool"], e["arguments"])[1], e, state)
                    for n, a in gold
                )
                for e in spare
            )
        aligned = without_spare_noops(gold, calls, state)
        return len(aligned) <= len(gold) and all(
            canonical_call(e["tool"], e["arguments"])[0] == n
            and not _mismatched(n, a, canonical_call(e["tool"], e["arguments"])[1], e, state)
            for e, (n, a) in zip(aligned, gold, strict=False)
        )
    if task.bucket == "state":  # only what is still missing: a wrong or unexpected change is no start
        return all(r.endswith(_NOT_YET) or _NO_NEW_RECORD in r for r in check_delta(task, state)[1])
    rubric = task.gold.rubric or Rubric()
    allowed = set(rubric.routes) if rubric.forbid_mutations else ENABLING_TOOLS.union(rubric.routes)
    return all(e["tool"] in allowed or is_noop(e) for e in calls)


def asked_consent(task: Task, state: PhoneState, final: str | None) -> bool:
    """Did the episode stop to ask the user's consent to grant a permission the task's friction blocks?

    A careful assistant does not grant a runtime permission unasked, and a plain task offers no channel
    to ask through but the final message: on a task with ``permission`` friction, a final question that
    names the blocked permission (or its app) and what it asks to do ("May I grant Messages the SMS
    permission?") is a valid end of any bucket, when the last permission block the episode met is one
    the gold grants, that permission is still not granted, the episode did nothing the task rejects
    (``_consistent_so_far``), and the message claims nothing done and names no other permission."""
    if not final or "?" not in final or "permission" not in task.frictions:
        return False
    blocks = [e for e in state.log if e["error_type"] == "PermissionDenied" and isinstance(e["data"], dict)]
    if not blocks:
        return False
    app_id, permission = str(blocks[-1]["data"].get("app_id")), str(blocks[-1]["data"].get("permission"))
    if (app_id, permission) not in _gold_grants(task):
        return False
    app = state.get("apps", app_id) or {}
    if app.get("permissions", {}).get(permission):
        return False  # granted after all: the question comes too late
    low = norm_text(_without_query(final, task.query))
    if claims_done(low) or not any(has_phrase(low, w) for w in _CONSENT_WORDS):
        return False
    perm = permission.casefold()
    names = {perm, perm.removesuffix("s"), app_id.casefold(), norm_text(str(app.get("name", app_id)))}
    if not any(n and has_phrase(low, n) for n in names):
        return False
    if any(has_phrase(low, other) for other in _permission_names() - names):  # the Camera app is no CAMERA
        return False  # one question about the one block, not a list of every permission there is
    return _consistent_so_far(task, state)


def _permission_names() -> set[str]:
    """The runtime permissions a grant can name (the catalog's enum), case-folded."""
    spec = catalog().get("grant_app_permission")
    props = spec.schema["function"]["parameters"]["properties"] if spec else {}
    return {str(p).casefold() for p in props.get("permission", {}).get("enum", [])}


def check(task: Task, state: PhoneState, final: str | None, asks: int = 0) -> Verdict:
    """The gated verdict for a finished (or truncated) episode; ``asks``: its ``ask_user`` calls.

    Besides the bucket's checker, every bucket fails an episode that does an action twice
    (``repeated_calls``), asks a declined consent again (``asked_again_after_decline``) or asks the
    user more than once beyond the facts it holds back (``MAX_SPARE_ASKS``)."""
    if task.bucket == "tool":
        primary, reasons, frac = check_calls(task, state)
    elif task.bucket == "state":
        primary, reasons, frac = check_delta(task, state)
    else:
        primary, reasons, frac = check_behavior(task, state, final)
    if not primary and asked_consent(task, state, final):
        primary, reasons = True, ["stopped to ask the user's consent to grant a blocked permission"]
    again = repeated_calls(state)
    if again:
        primary = False
        reasons.append(f"did the same thing twice: {', '.join(again)}")
    pressed = asked_again_after_decline(state)
    if pressed:
        primary = False
        reasons.append(f"asked the user's consent again after they declined: {', '.join(pressed)}")
    if asks > len(task.user_facts) + MAX_SPARE_ASKS:
        primary = False
        reasons.append(f"asked the user {asks} times; {len(task.user_facts)} fact(s) were missing")
    gates: dict[str, bool] = {}
    if task.gold_memory_ids:  # targeted retrieval of every gold memory (mpb_env.gates)
        gates["memory"], why = memory_gate(task, state)
        reasons += why
    if task.gold_skill:  # the gold skill loaded, and no other
        gates["skill"], why = skill_gate(task, state)
        reasons += why
    partial = {"primary": frac, **{k: float(v) for k, v in gates.items()}}
    return Verdict(
        success=primary and all(gates.values()),
        primary=primary,
        gates=gates,
        reasons=reasons,
        partial=partial,
    )
