"""The tool retrievers behind recall (R_N) and ``search_tools``: which catalog tools fit a request.

Two rankers, both pure and deterministic (equal text → equal ranking on every run; ties go to catalog
order):

* ``"bm25"`` (the default): Okapi BM25 from ``bm25s`` over an enriched document per tool — its name's
  words (three times), description, argument names and docs, domain and the domain's everyday
  vocabulary (``DOMAIN_VOCABULARY``) — against the request with the phone-vocabulary expansions of its
  words and phrases (``PHONE_VOCABULARY``). The ranking is then completed with the look-ups a ranked
  tool depends on: a tool that takes an ``<entity>_id`` argument is followed by the best-matching
  read-only tool that lists or searches that entity (``send_message(contact_id)`` brings
  ``search_contacts``: the model must look the ID up first), and a writing tool by the best-matching
  argument-free getter of its domain (``set_aod_mode`` brings ``get_input_settings``). Both relations
  are read off the schemas, never written per tool.
* ``"bm25-plain"``: the earlier hand-written BM25 (``mpb_env.text.BM25``) over name, description,
  domain and argument docs with a smaller vocabulary, and no providers; kept so runs can compare.

Nothing here sees a task's gold: the rankers read the catalog and the request text only.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Literal

import numpy as np

from mpb_env.domains import catalog
from mpb_env.text import BM25, tokenize
from mpb_env.tools.runtime import ToolSpec

Retriever = Literal["bm25", "bm25-plain"]
RETRIEVERS: tuple[str, ...] = ("bm25", "bm25-plain")

#: Everyday phone vocabulary → the words tool docs use (query expansion; generic, never per task).
PHONE_VOCABULARY: dict[str, str] = {
    "text": "sms message",
    "message": "sms",
    "tell": "sms message",
    "wake": "alarm",
    "remind": "reminder",
    "meeting": "event calendar",
    "appointment": "event calendar",
    "schedule": "event calendar",
    "call": "phone",
    "ring": "call phone",
    "email": "mail",
    "remember": "memory add",
    "forget": "memory remove",
    "song": "music",
    "tune": "music",
    "photo": "camera picture",
    "picture": "photo camera",
    "wifi": "wlan network",
    "internet": "network data",
    "translate": "translation language",
    "weather": "forecast",
    "flight": "flights airline",
}

#: The plain retriever's vocabulary (as it was): the default one extends it.
PLAIN_VOCABULARY: dict[str, str] = dict(PHONE_VOCABULARY)

PHONE_VOCABULARY.update(
    {
        # people: relations and roles are contacts
        "mom": "contact",
        "mother": "contact",
        "mum": "contact",
        "dad": "contact",
        "father": "contact",
        "wife": "contact",
        "husband": "contact",
        "spouse": "contact",
        "partner": "contact",
        "sister": "contact",
        "brother": "contact",
        "son": "contact",
        "daughter": "contact",
        "neighbor": "contact",
        "neighbour": "contact",
        "boss": "contact",
        "manager": "contact",
        "friend": "contact",
        "colleague": "contact",
        "coworker": "contact",
        "landlord": "contact",
        "doctor": "contact",
        "grandma": "contact",
        "grandpa": "contact",
        "aunt": "contact",
        "uncle": "contact",
        "cousin": "contact",
        "roommate": "contact",
        "teammate": "contact",
        # memory: what the user told the assistant before
        "usual": "memory",
        "always": "memory",
        "prefer": "memory preference",
        "favorite": "memory",
        "favourite": "memory",
        "saved": "memory",
        "know": "memory",
        "habit": "memory",
        "usually": "memory",
        "normal": "memory",
        "keep mind": "memory add",
        "note later": "memory add",
        "no longer": "memory replace",
        "wrong": "memory replace",
        "moved": "replace update",
        "changed": "replace update",
        "fix": "replace update",
        # media
        "show": "media",
        "episode": "media",
        "podcast": "media",
        "album": "media",
        "playlist": "media",
        "queue": "media",
        "track": "media music",
        "movie": "media video",
        "listen": "play music",
        # time
        "tomorrow": "event",
        "monday": "event",
        "tuesday": "event",
        "wednesday": "event",
        "thursday": "event",
        "friday": "event",
        "saturday": "event",
        "sunday": "event",
        "free": "event calendar",
        "busy": "event calendar",
        "countdown": "timer",
        # apps
        "install": "store app",
        "download": "store app",
        "uninstall": "app",
        "notification": "app",
        "storage": "file",
        "space": "storage file",
        "document": "file",
        "pdf": "file",
        # sub-agents
        "website": "gui agent app screen",
        "receipt": "gui agent app",
        "setting": "gui",
        "look": "search agent",
        "find": "search",
        "recommend": "search agent",
        "idea": "search agent",
        "gift": "search agent",
        "present": "search agent",
        "restaurant": "search agent",
        "spot": "search agent",
        "draw": "image agent",
        "edit": "image agent",
        "generate": "image agent",
        "image": "photo picture",
        "identify": "visual qa agent",
        "keep an eye": "monitor agent",
        "keep tabs": "monitor agent handoff",
        "watching": "handoff monitor",
        "watch": "handoff monitor",
        "moment": "monitor agent",
        "drop": "monitor agent",
        "watch for": "monitor agent",
        "practice": "practice agent",
        "quiz": "practice agent",
        "drill": "practice agent",
        "rehearse": "practice agent",
        # devices and network
        "tablet": "device cross",
        "laptop": "device cross",
        "tv": "cast device",
        "headphone": "bluetooth",
        "earbud": "bluetooth",
        "speaker": "bluetooth",
        "car": "bluetooth",
        "plan": "data usage",
        "cellular": "mobile data",
        "roaming": "mobile data",
        # other
        "list": "note",
        "stored": "memory",
        "start": "play",
        "pay": "payment code",
        "qr": "code scan",
        "meter": "payment",
        "note": "note",
        "password": "vault",
        "lock": "lock",
        "screen": "display",
    }
)

#: Each domain's everyday words, added to every tool document of the domain (requests rarely use the
#: catalog's own words: "my show", "the meeting", "Mom").
DOMAIN_VOCABULARY: dict[str, str] = {
    "Audio & Entertainment": "song music track album artist podcast show episode video movie listen watch "
    "camera photo picture gallery",
    "Apps & Storage": "app application install store notification file storage space download",
    "Display & Sound": "screen display brightness volume sound ringtone loud quiet silent mute vibrate",
    "System Settings": "phone settings system home screen wallpaper language update battery",
    "Time Management": "calendar meeting appointment schedule event alarm wake reminder remind timer "
    "tomorrow today week morning evening",
    "AI Assistant": "assistant remember memory usual preference saved agent delegate handoff skill",
    "Calls & Communication": "contact person people friend family mom dad call phone text sms message "
    "email number",
    "Network & Connectivity": "wifi internet network data cellular mobile bluetooth hotspot airplane",
    "Travel & Lifestyle": "trip travel flight hotel train ticket booking weather forecast navigation "
    "directions transit pay payment",
    "Devices & Cross-device": "device tablet laptop watch tv cast screen mirror pair transfer",
    "Input & Interaction": "keyboard input gesture button screenshot qr scan display always-on",
    "Utilities & Productivity": "browser web page bookmark calculate convert translate note question",
    "Security & Privacy": "security privacy lock password fingerprint face emergency vault",
}


@cache
def _folded() -> tuple[dict[str, str], dict[str, str]]:
    """``PHONE_VOCABULARY`` keyed by folded words (as ``tokenize`` gives them): one-word entries and
    phrases."""
    words: dict[str, str] = {}
    phrases: dict[str, str] = {}
    for key, value in PHONE_VOCABULARY.items():
        toks = tokenize(key)
        if len(toks) == 1:
            words[toks[0]] = f"{words.get(toks[0], '')} {value}".strip()
        elif toks:
            phrases[" ".join(toks)] = value
    return words, phrases


def _args(spec: ToolSpec) -> dict[str, dict[str, object]]:
    return spec.schema["function"]["parameters"].get("properties", {})


def plain_document(spec: ToolSpec) -> str:
    """What the plain BM25 indexes for a tool: its name's words, description, domain, argument docs."""
    args = " ".join(f"{k.replace('_', ' ')} {v.get('description', '')}" for k, v in _args(spec).items())
    return f"{spec.name.replace('_', ' ')} {spec.description} {spec.domain} {args}"


def tool_document(spec: ToolSpec) -> str:
    """What the default BM25 indexes for a tool: ``plain_document`` with the name's words twice more
    (three times in all) and the domain's everyday vocabulary."""
    words = spec.name.replace("_", " ")
    vocab = DOMAIN_VOCABULARY.get(spec.domain, "")
    return f"{words} {words} {plain_document(spec)} {vocab}"


def expand_query(text: str, vocabulary: dict[str, str] = PHONE_VOCABULARY) -> str:
    """A request as a BM25 query: its words without bare numbers (times and counts match every tool's
    examples), plus the vocabulary expansions of its words and phrases.

    >>> expand_query("Text Jordan at 7:30", PLAIN_VOCABULARY)
    'text jordan sms message'
    """
    words = [w for w in tokenize(text) if not w.isdigit()]
    if vocabulary is not PHONE_VOCABULARY:
        return " ".join([*words, *(x for w in words for x in vocabulary.get(w, "").split())])
    single, phrases = _folded()
    extra = [x for w in words for x in single.get(w, "").split()]
    joined = f" {' '.join(words)} "
    extra += [x for p, v in phrases.items() if f" {p} " in joined for x in v.split()]
    return " ".join([*words, *extra])


@cache
def _names() -> tuple[str, ...]:
    return tuple(catalog())


@cache
def _plain_index() -> BM25:
    return BM25([plain_document(s) for s in catalog().values()])


@cache
def _index():  # type: ignore[no-untyped-def]
    import bm25s

    # k1 = 3 (term counts saturate late: a tool's own name words weigh): chosen on the train split.
    index = bm25s.BM25(k1=3.0, b=0.75)
    index.index([tokenize(tool_document(s)) or ["_"] for s in catalog().values()], show_progress=False)
    return index


def _noun(arg: str) -> str:
    """The entity an ID argument names: ``contact_id`` → ``contact``, ``add_media_ids`` → ``media``."""
    return arg.rsplit("_id", 1)[0].split("_")[-1]


@cache
def providers() -> dict[str, tuple[str, ...]]:
    """Tool → the read-only tools that list or search the entities its ``*_id`` arguments name (the
    look-ups it depends on), in catalog order."""
    specs = catalog()
    out: dict[str, tuple[str, ...]] = {}
    for name, spec in specs.items():
        found: list[str] = []
        for arg in _args(spec):
            if not (arg.endswith("_id") or arg.endswith("_ids")):
                continue
            noun = tokenize(_noun(arg))
            for other, o in specs.items():
                verb, *rest = other.split("_")
                if (
                    other != name
                    and not o.mutates
                    and verb in ("list", "search")
                    and noun
                    and noun[0] in tokenize(" ".join(rest))
                    and other not in found
                ):
                    found.append(other)
        if found:
            out[name] = tuple(found)
    return out


@cache
def domain_getters() -> dict[str, tuple[str, ...]]:
    """Domain → its read-only ``get_*`` tools that need no argument (the settings or status a change
    in the domain is checked against), in catalog order."""
    out: dict[str, list[str]] = {}
    for name, spec in catalog().items():
        required = spec.schema["function"]["parameters"].get("required", [])
        if name.startswith("get_") and not spec.mutates and not required:
            out.setdefault(spec.domain, []).append(name)
    return {d: tuple(v) for d, v in out.items()}


def scores(text: str, retriever: Retriever = "bm25") -> np.ndarray:
    """Every catalog tool's score for ``text`` (catalog order)."""
    if retriever == "bm25-plain":
        return np.asarray(_plain_index().scores(expand_query(text, PLAIN_VOCABULARY)), dtype=np.float64)
    query = list(dict.fromkeys(tokenize(expand_query(text))))
    index = _index()
    known = [t for t in query if t in index.vocab_dict]
    if not known:
        return np.zeros(len(_names()))
    return index.get_scores(known).astype(np.float64)


def _order(s: np.ndarray) -> list[int]:
    """Indices with a positive score, best first, ties in catalog order."""
    idx = np.flatnonzero(s > 0)
    return [int(i) for i in idx[np.lexsort((idx, -s[idx]))]]


@lru_cache(maxsize=65_536)
def ranked(
    text: str, n: int, retriever: Retriever = "bm25", offered: tuple[str, ...] = ()
) -> tuple[str, ...]:
    """The ``n`` best tool names for ``text``, best first (fewer when fewer tools match at all). Tools
    in ``offered`` (what the action set holds anyway, e.g. the memory search) take no place."""
    names = _names()
    s = scores(text, retriever)
    order = [names[i] for i in _order(s)]
    if retriever == "bm25-plain":
        return tuple(order[:n])
    skip = set(offered)
    order = [t for t in order if t not in skip]
    score = dict(zip(names, s.tolist(), strict=True))
    prov, getters = providers(), domain_getters()
    specs = catalog()
    out: dict[str, None] = {}
    for name in order:
        if len(out) >= n:
            break
        out[name] = None
        extra = sorted((p for p in prov.get(name, ()) if p not in skip), key=lambda p: -score[p])[:1]
        if specs[name].mutates:
            extra += sorted(getters.get(specs[name].domain, ()), key=lambda p: -score[p])[:1]
        for p in extra:
            if len(out) < n:
                out[p] = None
    return tuple(out)


def search(query: str, k: int, exclude: Sequence[str] = (), retriever: Retriever = "bm25") -> list[str]:
    """``search_tools``: the ``k`` best tools for ``query`` that are not in ``exclude``. A query that is
    a tool's name (``set_alarm`` or ``set alarm``) ranks that tool first."""
    key = query.strip().casefold().replace(" ", "_")
    skip = set(exclude)
    first = [key] if key in catalog() and key not in skip else []
    rest = [t for t in ranked(query, len(_names()), retriever) if t not in skip and t not in first]
    return [*first, *rest][:k]
