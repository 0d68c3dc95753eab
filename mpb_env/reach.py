"""How much of a suite a setting leaves reachable: gold-tool recall@N and the oracle ceiling.

``reach(tasks, recall, top_n, tool_search)`` gives, per dimension:

* ``recall_at_n``: the mean share of a task's gold tools in A_0 as the env offers it (the recalled
  top-N plus the memory search and skill loader; ``info["recall"]["gold_recall"]``), over the episodes
  that name gold tools; Skill-Only Routing episodes, which recall nothing by design, are left out;
* ``ceiling``: the share of episodes whose oracle trajectory succeeds under the setting, i.e. the best
  score any policy can reach there (1.0 under the defaults; lower with ``tool_search=False``, where a
  gold tool outside A_0 that nothing offers later cannot be called), with ``unsolvable`` listing the
  episodes it cannot solve.
"""

from __future__ import annotations

from typing import Any

from mpb_env.episode import DEFAULT_TOP_N, initial_tools
from mpb_env.recall import gold_recall
from mpb_env.tasks.model import Dimension, RecallMode, Task, episodes

DIMENSIONS: tuple[Dimension, ...] = ("basic", "subagent", "memory", "skill")


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 4) if values else None


def reach(
    tasks: list[Task],
    recall_mode: RecallMode = "bm25",
    top_n: int = DEFAULT_TOP_N,
    tool_search: bool = True,
    world_size: str = "M",
) -> dict[str, Any]:
    """Per-dimension recall@N and oracle ceiling of ``tasks`` (skill tasks as both routing variants)
    under one setting; ``{"settings": {...}, "by_dimension": {dim: {...}}}``."""
    from mpb_env.validation import replay

    rows: dict[str, dict[str, list[Any]]] = {}
    for t in episodes(list(tasks)):
        row = rows.setdefault(t.dimension, {"a0": [], "ok": [], "bad": []})
        mode = t.recall or recall_mode
        a0 = gold_recall(t, list(initial_tools(t, mode, top_n, tool_search)))
        if a0 is not None and t.routing != "SOR":
            row["a0"].append(a0)
        ep = replay(t, t.oracle, recall=recall_mode, world_size=world_size, tool_search=tool_search)
        ok = bool(ep.verdict and ep.verdict.success)
        row["ok"].append(ok)
        if not ok:
            row["bad"].append(t.id)
    return {
        "settings": {"recall": recall_mode, "top_n": top_n, "tool_search": tool_search},
        "by_dimension": {
            d: {
                "episodes": len(rows[d]["ok"]),
                "recall_at_n": _mean(rows[d]["a0"]),
                "ceiling": _mean([float(x) for x in rows[d]["ok"]]),
                "unsolvable": rows[d]["bad"],
            }
            for d in DIMENSIONS
            if d in rows
        },
    }
