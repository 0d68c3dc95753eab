"""The tool retrievers behind recall (R_N) and ``search_tools``: which catalog tools fit a request.

Two rankers, both pure and deterministic (equal text → equal ranking on every run; ties go to catalog
order):

* ``"bm25"`` (the default): Okapi BM25 from ``bm25s`` over an enriched document per tool — its name's
  words (three times), description, argument names and docs, domain, the domain's everyday
  vocabulary (``DOMAIN_VOCABULARY``) and what people say for the tool
  (``mpb_env.tool_phrases.TOOL_PHRASES``, twice) — against the request with the phone-vocabulary
  expansions of its words and phrases (``PHONE_VOCABULARY``). The ranking is then completed with what
  a ranked tool depends on, each right after it:

  - per ``<entity>_id`` argument, the best-matching read-only tool that lists, searches or checks that
    entity (``send_message(contact_id)`` brings ``search_contacts``: the model must look the ID up);
  - for a writing tool, the best-matching argument-free getter of its domain (``set_aod_mode`` brings
    ``get_input_settings``);
  - for a writing tool, the read-only ``get_*`` tool that takes one of its ``*_id`` arguments
    (``enable_app_notifications(app_id)`` brings ``get_app_info``: the record is checked first);
  - the switches its documented ``PreconditionFailed`` names (``start_call`` fails while airplane
    mode is on: ``set_airplane_mode``), and ``grant_app_permission`` when it needs an app's runtime
    permission.

  All four relations are read off the catalog (schemas, docs, permission specs), never written per
  tool. Two sub-agents get a place early (merged in turns with the ranking): the GUI sub-agent when
  the request names a well-known app (``THIRD_PARTY_APPS``), and the best-matching sub-agent when it
  scores at least ``AGENT_SHARE`` of the best tool; and the tool whose purpose in the intent table
  (``INTENT_PHRASES``: each sub-agent entry tool and memory edit) best matches the request, when it
  scores at least ``INTENT_MIN`` there. When the skill loader is offered, the tools of the
  library skill that best matches the request lead the ranking.
* ``"bm25-plain"``: the earlier hand-written BM25 (``mpb_env.text.BM25``) over name, description,
  domain and argument docs with a smaller vocabulary, and no providers; kept so runs can compare.

Nothing here sees a task's gold: the rankers read the catalog, the skill library and the request
text only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any, Literal

import numpy as np

from mpb_env.domains import catalog
from mpb_env.text import BM25, tokenize
from mpb_env.tool_phrases import INTENT_PHRASES, THIRD_PARTY_APPS, TOOL_PHRASES
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
        # a screenshot is an image file the visual sub-agent can read
        "screenshot": "file image visual",
        # airlines and rail lines name trips
        "united": "flight",
        "delta": "flight",
        "alaska": "flight",
        "american": "flight",
        "jetblue": "flight",
        "southwest": "flight",
        "airline": "flight",
        "amtrak": "train",
        "rail": "train",
        # units and currencies are converted
        "gallon": "convert unit",
        "liter": "convert unit",
        "litre": "convert unit",
        "mile": "convert unit",
        "kilometer": "convert unit",
        "km": "convert unit",
        "feet": "convert unit",
        "foot": "convert unit",
        "inch": "convert unit",
        "pound": "convert unit",
        "kilogram": "convert unit",
        "kg": "convert unit",
        "ounce": "convert unit",
        "celsius": "convert unit",
        "fahrenheit": "convert unit",
        "dollar": "convert currency",
        "euro": "convert currency",
        "yen": "convert currency",
        "peso": "convert currency",
        "currency": "convert",
        # languages are translated (or typed, or set)
        "translation": "translate",
        "french": "language",
        "spanish": "language",
        "german": "language",
        "italian": "language",
        "japanese": "language",
        "chinese": "language",
        "mandarin": "language",
        "korean": "language",
        "portuguese": "language",
        "dutch": "language",
        "english": "language",
        "mail": "email",
        # airline codes name flights
        "ua": "flight",
        "aa": "flight",
        "dl": "flight",
        "wn": "flight",
        "b6": "flight",
        "ba": "flight",
        "lh": "flight",
        "af": "flight",
        "ac": "flight",
        "nh": "flight",
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


@cache
def _object_words() -> frozenset[str]:
    """The folded words catalog tool names have after the verb (``set_hotspot`` → ``hotspot``)."""
    return frozenset(w for name in catalog() for w in tokenize(" ".join(name.split("_")[1:])))


def tool_document(spec: ToolSpec) -> str:
    """What the default BM25 indexes for a tool: ``plain_document`` with the name's words twice more
    (three times in all), the domain's everyday vocabulary and, twice, what people say for the tool
    (``TOOL_PHRASES``). The vocabulary leaves out the words that name another tool's object: "hotspot"
    in every network tool's document would make it a common word, and "Get the hotspot running ...
    from my laptop" would rank the laptop tools above ``set_hotspot``."""
    words = spec.name.replace("_", " ")
    own = set(tokenize(words))
    objects = _object_words()
    vocab = " ".join(
        w for w in tokenize(DOMAIN_VOCABULARY.get(spec.domain, "")) if w not in objects or w in own
    )
    phrases = TOOL_PHRASES.get(spec.name, "")
    return f"{words} {words} {plain_document(spec)} {vocab} {phrases} {phrases}"


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


def _entities(arg: str, doc: str) -> list[str]:
    """The entities an argument holds IDs of, in folded words: the one an ``*_id`` argument names, or
    those its doc's examples show (``to``: "e.g. ["contact_008", ...]" → ``contact``)."""
    if arg.endswith("_id") or arg.endswith("_ids"):
        return tokenize(_noun(arg))[:1]
    return list(dict.fromkeys(w for m in re.findall(r"\b([a-z]+)_\d{3}\b", doc) for w in tokenize(m)))


@cache
def providers() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Tool → for each entity its arguments hold IDs of (``_entities``), the read-only tools that list,
    search or check it (the look-ups it depends on), in catalog order: ``play_media`` →
    ``((search_media,), (list_playlists,))`` for its ``media_id`` and ``playlist_id``. An entity no
    such tool has falls back to the read-only tools whose description names it (``stop_timer``'s
    ``timer_id``: ``get_smart_suggestions``, which lists "timers about to ring")."""
    specs = catalog()
    described = {n: set(tokenize(o.description)) for n, o in specs.items() if not o.mutates}
    out: dict[str, tuple[tuple[str, ...], ...]] = {}
    for name, spec in specs.items():
        per: list[tuple[str, ...]] = []
        for arg, doc in _args(spec).items():
            for noun in _entities(arg, str(doc.get("description", ""))):
                found = tuple(
                    other
                    for other in described
                    if other != name
                    and other.split("_")[0] in ("list", "search", "check")
                    and noun in tokenize(" ".join(other.split("_")[1:]))
                ) or tuple(o for o in described if o != name and noun in described[o])
                if found and found not in per:
                    per.append(found)
        if per:
            out[name] = tuple(per)
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


@cache
def record_getters() -> dict[str, tuple[str, ...]]:
    """Writing tool → the read-only ``get_*`` tools that take one of its ``*_id`` arguments (the record
    the change is checked against first: ``enable_app_notifications(app_id)`` → ``get_app_info``), in
    catalog order."""
    specs = catalog()
    out: dict[str, tuple[str, ...]] = {}
    for name, spec in specs.items():
        ids = {a for a in _args(spec) if a.endswith("_id")}
        if not spec.mutates or not ids:
            continue
        found = tuple(
            other
            for other, o in specs.items()
            if other.startswith("get_")
            and not o.mutates
            and ids & set(o.schema["function"]["parameters"].get("required", []))
        )
        if found:
            out[name] = found
    return out


def _raises(spec: ToolSpec, error: str) -> str:
    """The ``Raises:`` entry for ``error`` in the tool's docstring (when it fails so), or ``""``."""
    doc = spec.fn.__doc__ or ""
    if "Raises:" not in doc:
        return ""
    out: list[str] = []
    for line in doc.split("Raises:", 1)[1].splitlines():
        text = line.strip()
        if text.startswith(f"{error}:"):
            out.append(text)
        elif out and text and not re.match(r"^[A-Z]\w+:", text):
            out.append(text)  # the entry goes on
        elif out:
            break
    return " ".join(out)


def _switch_noun(spec: ToolSpec) -> str:
    """What an on/off switch turns on, in folded words (``set_wifi_enabled`` → ``"wi fi"``), read off
    its ``enabled`` argument's doc ("true to turn Wi-Fi on"); ``""`` for a tool that is no such switch."""
    doc = str(_args(spec).get("enabled", {}).get("description", ""))
    m = re.match(r"true to turn (.+?) on\b", doc)
    return " ".join(tokenize(m.group(1))) if m else ""


@cache
def enablers() -> dict[str, tuple[str, ...]]:
    """Tool → the switches its documented ``PreconditionFailed`` names (``start_call`` fails while
    "airplane mode is on": ``set_airplane_mode``), then ``grant_app_permission`` for a tool that needs
    an app's runtime permission. Read off the catalog's docs and specs, never written per tool."""
    specs = catalog()
    switches = {name: noun for name, spec in specs.items() if (noun := _switch_noun(spec))}
    out: dict[str, tuple[str, ...]] = {}
    for name, spec in specs.items():
        failure = f" {' '.join(tokenize(_raises(spec, 'PreconditionFailed')))} "
        found = [s for s, noun in switches.items() if s != name and f" {noun} " in failure]
        if spec.permission and "grant_app_permission" in specs:
            found.append("grant_app_permission")
        if found:
            out[name] = tuple(found)
    return out


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


#: How many of a writing tool's ``record_getters`` follow it in the ranking.
GETTERS = 1  # 1 and 2 give the same train recall


#: The skill loader (``mpb_env.gates.SKILL_LOADER``): when it is offered, so are the skills.
SKILL_LOADER = "load_skill"
#: The sub-agent that works inside an app's screens.
GUI_AGENT = "delegate_to_gui_agent"


#: The best-matching sub-agent (``delegate_to_*``: what no tool covers goes to one) gets a place when
#: it scores at least this share of the best tool (0.3 chosen on train among 0.2-0.7).
AGENT_SHARE = 0.3


@cache
def _agents() -> tuple[str, ...]:
    return tuple(t for t in catalog() if t.startswith("delegate_to_"))


@cache
def _skill_index():  # type: ignore[no-untyped-def]
    import bm25s

    from mpb_env.domains.assistant import SKILLS

    index = bm25s.BM25(k1=1.5, b=0.75)
    docs = [f"{s['id'].replace('_', ' ')} {s['name']} {s['name']} {s['description']}" for s in SKILLS]
    index.index([tokenize(d) or ["_"] for d in docs], show_progress=False)
    return index, SKILLS


#: The best-matching intent (``INTENT_PHRASES``) gets a place when it scores at least this (BM25 over
#: the intent table; 1.5 chosen on train among 0.5-3).
INTENT_MIN = 1.5
#: How many of the best-matching intents may get a place.
INTENT_PLACES = 1


@cache
def _intent_index() -> tuple[dict[str, np.ndarray], tuple[str, ...]]:
    """The intent table's BM25 (``bm25s``, k1 = 1.2) as one weight vector per word over the table's
    tools: a query's scores are the sum of its words' vectors, as ``get_scores`` adds them, without
    its per-call cost on a table this small."""
    import bm25s

    names = tuple(t for t in INTENT_PHRASES if t in catalog())
    index = bm25s.BM25(k1=1.2, b=0.75)
    index.index([tokenize(INTENT_PHRASES[t]) or ["_"] for t in names], show_progress=False)
    weights = {w: index.get_scores([w]).astype(np.float64) for w in index.vocab_dict if w}
    return weights, names


def intents(text: str) -> list[tuple[str, float]]:
    """The intent-table tools (``INTENT_PHRASES``: sub-agent entry tools and memory edits) whose purpose
    matches ``text``, with their scores, best first, ties in table order."""
    weights, names = _intent_index()
    rows = [weights[t] for t in dict.fromkeys(tokenize(text)) if t in weights]
    if not rows:
        return []
    s = np.sum(rows, axis=0)
    return [(names[i], float(s[i])) for i in _order(s)]


def matching_skills(text: str) -> list[dict[str, Any]]:
    """The skills of the assistant's library (``SKILLS``: the same for every task) whose ID, name or
    description match ``text``, best first, ties in library order."""
    index, skills = _skill_index()
    query = [t for t in dict.fromkeys(tokenize(expand_query(text))) if t in index.vocab_dict]
    if not query:
        return []
    return [skills[i] for i in _order(index.get_scores(query).astype(np.float64))]


def _dependencies(name: str, score: dict[str, float], skip: set[str]) -> list[str]:
    """What follows ``name`` in the ranking: per ``*_id`` argument the best-scoring provider, for a
    writing tool the best-scoring getter of its domain and its record's getter (``checkers``), and its
    enablers (``enablers``)."""
    spec = catalog()[name]
    extra = [
        min(left, key=lambda p: -score[p])
        for group in providers().get(name, ())
        if (left := [p for p in group if p not in skip])
    ]
    if spec.mutates:
        getters = domain_getters().get(spec.domain, ())
        extra += sorted(getters, key=lambda p: -score[p])[:1]
        extra += [p for p in record_getters().get(name, ())[:GETTERS] if p not in skip]
    extra += [p for p in enablers().get(name, ()) if p not in skip]
    return extra


@lru_cache(maxsize=65_536)
def ranked(
    text: str, n: int, retriever: Retriever = "bm25", offered: tuple[str, ...] = ()
) -> tuple[str, ...]:
    """The ``n`` best tool names for ``text``, best first (fewer when fewer tools match at all). Tools
    in ``offered`` (what the action set holds anyway, e.g. the memory search) take no place.

    The default retriever takes, in turns, the next tool of the BM25 ranking and of each extra list:
    the GUI sub-agent when ``text`` names a well-known app, the best-matching sub-agent when it scores
    at least ``AGENT_SHARE`` of the best tool, the best-matching intent (``intents``) when it scores at
    least ``INTENT_MIN``. When the skill loader is offered, the tools the
    best-matching library skill binds lead the BM25 ranking (the planner may run the skill's steps
    without loading it). Each taken tool brings its dependencies (``_dependencies``) right after it;
    the skill's own tools bring none (the skill lists what it needs)."""
    names = _names()
    s = scores(text, retriever)
    if retriever == "bm25-plain":
        return tuple(names[i] for i in _order(s)[:n])
    skip = set(offered)
    score = dict(zip(names, s.tolist(), strict=True))
    bound: list[str] = []
    if SKILL_LOADER in skip:
        skills = matching_skills(text)[:1]
        bound = list(dict.fromkeys(t for sk in skills for t in sk["tools"] if t not in skip and t in score))
    lists = [[*bound, *(names[i] for i in _order(s) if names[i] not in skip)]]
    if GUI_AGENT in score and GUI_AGENT not in skip and any(w in THIRD_PARTY_APPS for w in tokenize(text)):
        lists.append([GUI_AGENT])
    agents = [t for t in _agents() if t not in skip and score[t] > 0]
    best = max(agents, key=lambda t: score[t], default=None)  # ties: catalog order
    if best is not None and [best] not in lists and score[best] >= AGENT_SHARE * max(score.values()):
        lists.append([best])
    for tool, value in intents(text)[:INTENT_PLACES]:
        if tool not in skip and [tool] not in lists and value >= INTENT_MIN:
            lists.append([tool])
    out: dict[str, None] = {}
    expanded: set[str] = set(bound)

    def take(name: str) -> None:
        out[name] = None
        if name not in expanded:
            expanded.add(name)
            for p in _dependencies(name, score, skip):
                if len(out) < n:
                    out.setdefault(p, None)

    cursors = [0] * len(lists)
    while len(out) < n and any(c < len(lst) for c, lst in zip(cursors, lists, strict=True)):
        for i, lst in enumerate(lists):
            while cursors[i] < len(lst) and lst[cursors[i]] in out:
                take(lst[cursors[i]])  # in already as a dependency: its own dependencies follow it
                cursors[i] += 1
            if cursors[i] < len(lst) and len(out) < n:
                take(lst[cursors[i]])
                cursors[i] += 1
    return tuple(out)


def search(query: str, k: int, exclude: Sequence[str] = (), retriever: Retriever = "bm25") -> list[str]:
    """``search_tools``: the ``k`` best tools for ``query`` that are not in ``exclude``. A query that is
    a tool's name (``set_alarm`` or ``set alarm``) ranks that tool first."""
    key = query.strip().casefold().replace(" ", "_")
    skip = set(exclude)
    first = [key] if key in catalog() and key not in skip else []
    rest = [t for t in ranked(query, len(_names()), retriever) if t not in skip and t not in first]
    return [*first, *rest][:k]
