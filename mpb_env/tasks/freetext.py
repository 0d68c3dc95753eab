"""Free-text golds that hold what the request fixes: ``$contains`` matchers become ``$text`` ones.

A gold phrase list names what a message, title or note must mention, but often just one keyword of it
("traffic" for "I'm stuck in traffic on the bridge"): a text of that one word passed, and so did the
gold text negated. ``harden`` rewrites each ``$contains`` matcher of a task's gold (call arguments,
delta fields, hand-off slots) whose text the oracle writes into a ``$text`` matcher
(``mpb_env.checkers.says``): the same phrases, plus the words of the oracle's text that the user
dictated (they occur in the request, its history or a fact the user gives when asked), in the
oracle's order, and whether the oracle's text denies anything (if not, no accepted text may).
"""

from __future__ import annotations

import re
from typing import Any

from mpb_env.checkers import DENIALS, has_phrase, match, norm_text, tokens
from mpb_env.parsing import ToolCall, parse_turn
from mpb_env.tasks.model import Task

_FUNCTION = (
    "a an the and or but to of for in on at by with from as so about into over after before up out off "
    "i i'm i'll i've i'd me my mine you you're your yours we we're us our he she they them his her their "
    "it it's its this that these those there here is are was were be been being has have had "
    "do does did will would can could should shall may might must just please also very really "
    "ok okay hi hey oh yes"
)
#: Verbs of the request around the dictated text ("send", "remind"): a text need not repeat them.
_VERBS = (
    "send sending sent text texting message messaging tell telling let know say saying said ask asking "
    + ("remind reminder add put set create make note save remember write email")
)
#: Words of time: a title or message may add the day or hour the request gives.
_TIME = (
    "am pm today tomorrow tonight morning afternoon evening night noon midnight next week weekend "
    "minute minutes min hour hours day days o'clock monday tuesday wednesday thursday friday saturday "
    "sunday january february march april may june july august september october november december"
)
#: The request's verbs a text may not carry (its nouns may: "Reminder: buy flowers" is a fine title).
_VERB_SET = frozenset(_VERBS.split(" ")) - {"reminder", "note", "message", "email"}
#: Words too common to carry content, and the request's own verbs: never dictated.
_SKIP = frozenset(f"{_FUNCTION} {_VERBS}".split(" "))
#: Words a text may carry beyond the reference's without stuffing the request into it.
_FREE = frozenset(f"{_FUNCTION} {_TIME}".split(" "))
#: Any denial in a reference text: where it has none, no accepted text may say "not" (``denials``).
_DENIES = re.compile(
    r"n't\b|\b(not|no|never|none|nothing|nobody|neither|nor|without|wrong|incorrect|unable|cannot|no longer)\b"
)


def dictated_words(value: str, source: str) -> list[str]:
    """The content words of ``value`` that the user said in ``source``, in ``value``'s order, once each."""
    said = set(tokens(source))
    words = [w for w in tokens(value) if w in said and w not in _SKIP and (len(w) > 1 or w.isdigit())]
    return list(dict.fromkeys(words))


#: Words that dispute a text, which no accepted text adds to its reference.
DISPUTES = ("wrong", "incorrect")


def denials(reference: str) -> list[str]:
    """The words of ``DENIALS`` that ``reference`` lacks: all of them when it denies nothing at all
    (not even "can't" or "no"), else just the words that dispute a text ("wrong", "incorrect")."""
    text = norm_text(reference)
    words = DENIALS if not _DENIES.search(text) else DISPUTES
    return [w for w in words if not has_phrase(text, w)]


def frame_words(value: str, source: str) -> list[str]:
    """The words of the request around the text (``source``'s words that ``value`` lacks, but for
    function words and words of time), sorted: a text that carries more than ``MAX_FRAME_WORDS`` of them
    has the request stuffed into it."""
    have = set(tokens(value))
    return sorted(
        {w for w in tokens(source) if w not in have and w not in _FREE and not any(c.isdigit() for c in w)}
    )


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def oracle_calls(task: Task) -> list[ToolCall]:
    """The oracle's calls, in order."""
    return [c for turn in task.oracle for c in parse_turn(turn).calls if isinstance(c, ToolCall)]


def _source(task: Task) -> str:
    said = [task.query, *(m.content for m in task.history if m.role == "user")]
    said += [f.answer for f in task.user_facts]
    return "\n".join(said)


def _args_of(calls: list[ToolCall], key: str, names: set[str] | None = None) -> list[str]:
    """The oracle's texts for argument ``key`` (of calls to ``names``, when given); a structured value
    is the text of its values, as ``$text`` reads it."""
    out = []
    for c in calls:
        value = c.arguments.get(key)
        if (names is None or c.name in names) and value is not None:
            out.append(value if isinstance(value, str) else " | ".join(_strings(value)))
    return [t for t in out if t]


def _rewrite(value: Any, refs: list[str], source: str, exact: bool = True) -> Any:
    """``value`` with each ``$contains`` matcher that one of ``refs`` (the oracle's texts for this slot)
    satisfies made a ``$text`` matcher of that text; bounded in length and frame words only when
    ``exact``: the slot holds the oracle's text as written (not, say, a record a tool built from it)."""
    if isinstance(value, dict):
        if value.keys() == {"$contains"} and isinstance(value["$contains"], list):
            ref = next((t for t in refs if match(value, t)), None)
            if ref is None:
                return value
            spec: dict[str, Any] = {"contains": value["$contains"], "words": dictated_words(ref, source)}
            if exact:
                frame = frame_words(ref, source)
                verbs = [w for w in frame if w in _VERB_SET]
                spec |= {"frame": [w for w in frame if w not in verbs], "max_words": 2 * len(tokens(ref)) + 3}
                if verbs:
                    spec["verbs"] = verbs
            spec["deny"] = denials(ref)
            return {"$text": spec}
        if value.keys() == {"$any"} and isinstance(value["$any"], list):
            options = value["$any"]
            hardened = [_rewrite(v, refs, source, exact) for v in options]
            spec = next((h["$text"] for h in hardened if isinstance(h, dict) and "$text" in h), None)
            if spec is not None:  # other phrasings ("third" for "3rd") get the same bounds
                bounds = {k: v for k, v in spec.items() if k not in ("contains", "words")}
                hardened = [
                    {"$text": {"contains": h["$contains"], "words": [], **bounds}}
                    if isinstance(h, dict) and h.keys() == {"$contains"}
                    else h
                    for h in hardened
                ]
            return {"$any": hardened}
    return value


def _field(value: Any, key: str, calls: list[ToolCall], texts: list[str], source: str, bounded: bool) -> Any:
    """A delta field: against the oracle's argument of the same name (the record holds it as written),
    else against any of its texts (a tool may have built the field from it: not bounded)."""
    same = _args_of(calls, key)
    return _rewrite(value, same, source, bounded) if same else _rewrite(value, texts, source, exact=False)


def _slots(gold: dict[str, Any], calls: list[ToolCall], source: str, bounded: bool = True) -> dict[str, Any]:
    """The gold's call arguments, delta fields and hand-off slots with their free text hardened, each
    against the oracle's text for that slot: the same argument of the same tool, the same argument
    name (a delta field), or the argument of a route call; bounded in length and frame words where
    ``bounded``."""
    texts = [s for c in calls for s in _strings(c.arguments)]
    out: dict[str, Any] = {}
    if gold.get("calls"):
        out["calls"] = [
            {
                **g,
                "arguments": {
                    k: _rewrite(v, _args_of(calls, k, {g["name"]}), source, bounded)
                    for k, v in g["arguments"].items()
                },
            }
            for g in gold["calls"]
        ]
    if gold.get("delta"):
        out["delta"] = [
            {**e, "fields": {k: _field(v, k, calls, texts, source, bounded) for k, v in e["fields"].items()}}
            for e in gold["delta"]
        ]
    rubric = gold.get("rubric")
    if rubric and rubric.get("handoff"):
        routes = set(rubric.get("routes", []))
        handoff = {
            k: _rewrite(v, _args_of(calls, k, routes), source, bounded) for k, v in rubric["handoff"].items()
        }
        out["rubric"] = {**rubric, "handoff": handoff}
    return out


def _final(task: Task) -> str:
    turn = parse_turn(task.oracle[-1])
    return "" if turn.calls else turn.content


def answer_bounds(task: Task) -> dict[str, Any]:
    """The rubric fields that tie a behaviour task's final message to its episode: ``evidence`` (the
    ``must_include`` groups the user did not say and the oracle's calls returned), ``max_words`` (three
    times the oracle's answer and 25 words more), ``read_domains`` (where the oracle's read calls looked
    something up: ``checkers.read_domains``) and
    ``must_not_include`` with the ``DISPUTES`` the oracle's answer lacks and ``affirm`` (an answer
    whose oracle denies nothing)."""
    from mpb_env.checkers import evidence_text, read_domains
    from mpb_env.validation import replay

    rubric = task.gold.rubric
    final = _final(task)
    if rubric is None or not final:
        return {}
    said = norm_text(_source(task))
    state = replay(task, task.oracle).state
    evidence = evidence_text(state) if rubric.must_include else ""
    looked = read_domains(state)
    groups = [
        i
        for i, group in enumerate(rubric.must_include)
        if any(has_phrase(evidence, norm_text(p)) for p in group)
        and not any(has_phrase(said, norm_text(p)) for p in group)
    ]
    # An answer may well say "not" where the reference does not ("Not running it yet"): only the words
    # that dispute it are banned ...
    # The words that dispute it, in an answer (a refusal or a question may well say "the password is
    # incorrect").
    disputes = DISPUTES if rubric.final_kind == "answer" else ()
    banned = [w for w in disputes if not has_phrase(norm_text(final), w) and w not in rubric.must_not_include]
    return {
        "evidence": groups,
        "max_words": 3 * len(tokens(final)) + 25,
        "read_domains": sorted(looked),
        "must_not_include": [*rubric.must_not_include, *banned],
        "affirm": rubric.final_kind == "answer" and not _DENIES.search(norm_text(final)),
    }


def _oracle_passes(task: Task) -> bool:
    from mpb_env.validation import replay

    variants = [task] if task.dimension != "skill" else [task.with_routing("SOR"), task.with_routing("MTSR")]
    return all(replay(v, v.oracle).verdict.success for v in variants)  # type: ignore[union-attr]


def harden(task: Task) -> Task:
    """``task`` with each ``$contains`` matcher of its gold that an oracle text satisfies as a ``$text``
    matcher (see the module docstring), and a behaviour rubric's ``answer_bounds``; unchanged when
    there is nothing to harden. The oracle passes the result: where a tool stores a text otherwise than
    the oracle wrote it, that text is not bounded in length, and a task whose oracle would still fail
    keeps its gold as it was."""
    calls = oracle_calls(task)
    gold = task.gold.model_dump()
    for bounded in (True, False):
        new = _slots(gold, calls, _source(task), bounded)
        if task.bucket == "behavior" and gold["rubric"] is not None:
            new["rubric"] = {**new.get("rubric", gold["rubric"]), **answer_bounds(task)}
        if all(new[k] == gold[k] for k in new):
            return task
        hardened = Task.model_validate({**task.model_dump(), "gold": {**gold, **new}})
        if not calls or _oracle_passes(hardened):
            return hardened
    return task
