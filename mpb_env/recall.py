"""Tool recall R_N(q, H0; G): the candidate tools an episode starts with (paper eq. 3).

* ``"bm25"`` (default): the top-N tools by BM25 (``bm25s``) over each tool's name, description,
  argument docs, domain, domain vocabulary and everyday phrases, against the query and the user and
  assistant turns of the history, completed with what the ranked tools depend on (look-ups, switches,
  the permission grant, the changed record's getter), a place for the sub-agent the request points
  to and for the best match of the intent table (sub-agents and memory edits) and, when skills are
  offered, the best-matching library skill's tools (``mpb_env.retrieval``).
* ``"bm25-plain"``: the earlier hand-written BM25 over name, description, domain and argument docs
  (kept for comparison: ``benchmarks/recall.py``).
* ``"oracle"``: the same ranking, with every gold tool guaranteed a place (an upper bound that
  separates recall errors from planning errors).
* ``"all"``: the whole catalog.

``gold_recall`` is the fraction of the task's gold tools in the recalled set (recall@N).
"""

from __future__ import annotations

from functools import lru_cache

from mpb_env import retrieval
from mpb_env.checkers import SKILL_LOADER
from mpb_env.domains import catalog
from mpb_env.retrieval import Retriever
from mpb_env.tasks.model import RecallMode, Task

DEFAULT_TOP_N = 15
#: Offered in every A_0 whatever the recall: the planner's standard memory interface (paper §3.2.2);
#: the system prompt tells the model to consult memory, so it must be able to. (``search_tools``, the
#: env's own tool search, is offered beside it unless the env runs with ``tool_search=False``.)
ALWAYS_AVAILABLE = ("search_user_memory",)


def task_text(task: Task, retriever: Retriever = "bm25-plain") -> str:
    """The text recall ranks for ``task``: the query after the history's turns — the user's turns for
    the plain retriever, the user's and the assistant's for the default one (an assistant's offer,
    "Want me to set a reminder?", names what the user's "Yes" agrees to)."""
    roles = ("user",) if retriever == "bm25-plain" else ("user", "assistant")
    return " ".join([*(m.content for m in task.history if m.role in roles), task.query])


def rank(text: str, n: int, retriever: Retriever = "bm25", offered: tuple[str, ...] = ()) -> list[str]:
    """The ``n`` best-matching tool names for ``text``, best first; when fewer than ``n`` tools match at
    all, the rest are filled in catalog order, so R_N always offers N tools. Under the default retriever
    the tools in ``offered`` (in A_0 anyway) take none of the N places."""
    return list(_ranked(text, n, retriever, offered))


@lru_cache(maxsize=65_536)
def _ranked(text: str, n: int, retriever: Retriever, offered: tuple[str, ...]) -> tuple[str, ...]:
    """``rank`` remembered per process (the index never changes): a task's copies, its skill variants
    and, on a pooled Ray actor, the same task sent again in a later run rank its text once."""
    hits = list(retrieval.ranked(text, n, retriever, offered))
    if len(hits) < n:
        seen = set(hits) | (set(offered) if retriever == "bm25" else set())
        hits += [t for t in catalog() if t not in seen][: n - len(hits)]
    return tuple(hits)


def recall(task: Task, mode: RecallMode = "bm25", n: int = DEFAULT_TOP_N) -> list[str]:
    """The recalled tool names for ``task`` (without skill loaders and ``ALWAYS_AVAILABLE``, which the
    env adds)."""
    if mode == "all":
        return list(catalog())
    if mode == "bm25-plain":
        ranked = rank(task_text(task, "bm25-plain"), n, "bm25-plain")
    else:  # the memory search and the skill loader are offered anyway: N other tools
        loader = (SKILL_LOADER,) if task.candidate_skills or task.routing else ()
        ranked = rank(task_text(task, "bm25"), n, "bm25", (*ALWAYS_AVAILABLE, *loader))
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
