"""Tool recall R_N(q, H0; G): the candidate tools an episode starts with (paper eq. 3).

* ``"bm25"`` (default): the top-N tools by BM25 over each tool's name, description and domain, against
  the query and the user turns of the history.
* ``"oracle"``: the same ranking, with every gold tool guaranteed a place (an upper bound that
  separates recall errors from planning errors).
* ``"all"``: the whole catalog.

``gold_recall`` is the fraction of the task's gold tools in the recalled set (recall@N).
"""

from __future__ import annotations

from functools import cache, lru_cache

from mpb_env.domains import catalog
from mpb_env.tasks.model import RecallMode, Task
from mpb_env.text import BM25, tokenize
from mpb_env.tools.runtime import ToolSpec

DEFAULT_TOP_N = 15
#: Offered in every A_0 whatever the recall: the planner's standard memory interface (paper §3.2.2);
#: the system prompt tells the model to consult memory, so it must be able to.
ALWAYS_AVAILABLE = ("search_user_memory",)


def recall_document(spec: ToolSpec) -> str:
    """What BM25 indexes for a tool: its name's words, description, domain, and argument docs."""
    props = spec.schema["function"]["parameters"].get("properties", {})
    args = " ".join(f"{k.replace('_', ' ')} {v.get('description', '')}" for k, v in props.items())
    return f"{spec.name.replace('_', ' ')} {spec.description} {spec.domain} {args}"


@cache
def _index() -> tuple[tuple[str, ...], BM25]:
    specs = list(catalog().values())
    names = tuple(s.name for s in specs)
    docs = [recall_document(s) for s in specs]
    return names, BM25(docs)


#: Everyday phone vocabulary → the words tool docs use (query expansion for BM25; kept small and generic).
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


def task_text(task: Task) -> str:
    return " ".join([*(m.content for m in task.history if m.role == "user"), task.query])


def recall_query(text: str) -> str:
    """The BM25 query for a request: its words without bare numbers (times and counts match every
    tool's examples), plus the phone-vocabulary expansions of those words.

    >>> recall_query("Text Jordan at 7:30")
    'text jordan sms message'
    """
    words = [w for w in tokenize(text) if not w.isdigit()]
    return " ".join([*words, *(x for w in words for x in PHONE_VOCABULARY.get(w, "").split())])


def rank(text: str, n: int) -> list[str]:
    """The ``n`` best-matching tool names for ``text``, best first; when fewer than ``n`` tools match at
    all, the rest are filled in catalog order, so R_N always offers N tools."""
    return list(_ranked(text, n))


@lru_cache(maxsize=65_536)
def _ranked(text: str, n: int) -> tuple[str, ...]:
    """``rank`` remembered per process (the index never changes): a task's copies, its skill variants
    and, on a pooled Ray actor, the same task sent again in a later run rank its text once."""
    names, index = _index()
    hits = index.top(recall_query(text), n)
    if len(hits) < n:
        seen = set(hits)
        hits += [i for i in range(len(names)) if i not in seen][: n - len(hits)]
    return tuple(names[i] for i in hits)


def recall(task: Task, mode: RecallMode = "bm25", n: int = DEFAULT_TOP_N) -> list[str]:
    """The recalled tool names for ``task`` (without skill loaders and ``ALWAYS_AVAILABLE``, which the
    env adds)."""
    if mode == "all":
        return list(catalog())
    ranked = rank(task_text(task), n)
    if mode == "oracle":
        gold = [g for g in task.gold_tools if g in catalog()]
        keep = [t for t in ranked if t not in gold][: max(n - len(gold), 0)]
        ranked = gold + keep
    return ranked


def gold_recall(task: Task, recalled: list[str]) -> float | None:
    """recall@N of the task's gold tools; ``None`` when the task names none."""
    if not task.gold_tools:
        return None
    have = set(recalled)
    return sum(g in have for g in task.gold_tools) / len(task.gold_tools)
