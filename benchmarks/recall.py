"""Tool recall and reach: gold-tool recall@N per dimension for both retrievers, and the oracle ceiling.

::

    python benchmarks/recall.py                   # bench, train and dev; one JSON object on stdout
    python benchmarks/recall.py --splits bench    # one split
    python benchmarks/recall.py --n 10            # another N

Per split, retriever (``bm25``: the default, bm25s over enriched tool documents; ``bm25-plain``: the
earlier hand-written BM25) and dimension:

* ``recall_at_n``: the mean share of a task's gold tools in A_0 as the env offers it (the recalled
  top-N plus the memory search and, on skill tasks, the skill loader); skill tasks under Mixed
  Tool-Skill Routing (Skill-Only Routing recalls nothing by design);
* ``ranked_recall_at_n``: the same for the gold tools the retriever has to find (not the memory
  search, skill loader or ``ask_user``, which the env offers anyway) among the recalled top-N alone;
* ``ceiling`` / ``ceiling_strict``: the share of episodes whose oracle succeeds with ``search_tools``
  offered (the default) / without it (the paper-strict action set);
* ``us_per_query``: the median time to rank one request (a ratio between the two retrievers is what
  to read; absolute figures depend on the machine).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

import orjson

from mpb_env.checkers import SKILL_LOADER
from mpb_env.episode import initial_tools
from mpb_env.reach import DIMENSIONS, reach
from mpb_env.recall import ALWAYS_AVAILABLE, gold_recall, recall, task_text
from mpb_env.retrieval import RETRIEVERS, ranked
from mpb_env.tasks import load_tasks
from mpb_env.user import ASK_USER

OFFERED = frozenset({*ALWAYS_AVAILABLE, SKILL_LOADER, ASK_USER})


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 4) if values else None


def measure(split: str, retriever: str, n: int) -> dict[str, Any]:
    tasks = load_tasks(split)
    rows: dict[str, dict[str, list[float]]] = {d: {"a0": [], "ranked": []} for d in DIMENSIONS}
    for t in tasks:
        v = t.with_routing("MTSR") if t.dimension == "skill" and t.routing is None else t
        a0 = gold_recall(v, list(initial_tools(v, retriever, n)))  # type: ignore[arg-type]
        if a0 is None:
            continue
        rows[t.dimension]["a0"].append(a0)
        need = [g for g in t.gold_tools if g not in OFFERED]
        if need:
            got = set(recall(v, retriever, n))  # type: ignore[arg-type]
            rows[t.dimension]["ranked"].append(sum(g in got for g in need) / len(need))
    strict = reach(tasks, retriever, n, tool_search=False)["by_dimension"]  # type: ignore[arg-type]
    default = reach(tasks, retriever, n, tool_search=True)["by_dimension"]  # type: ignore[arg-type]
    texts = [task_text(t, retriever) for t in tasks[:300]]  # type: ignore[arg-type]
    ranked.cache_clear()
    times = []
    for text in texts:
        t0 = time.perf_counter()
        ranked(text, n, retriever)  # type: ignore[arg-type]
        times.append(time.perf_counter() - t0)
    return {
        "by_dimension": {
            d: {
                "tasks": len(rows[d]["a0"]),
                "recall_at_n": _mean(rows[d]["a0"]),
                "ranked_recall_at_n": _mean(rows[d]["ranked"]),
                "ceiling": default[d]["ceiling"] if d in default else None,
                "ceiling_strict": strict[d]["ceiling"] if d in strict else None,
            }
            for d in DIMENSIONS
            if rows[d]["a0"] or d in default
        },
        "us_per_query": round(1e6 * statistics.median(times), 1) if times else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--splits", nargs="+", default=["bench", "train", "dev"], help="suites to measure")
    parser.add_argument("--n", type=int, default=15, help="N of recall@N (default: 15)")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {"n": args.n, "splits": {}}
    for split in args.splits:
        out["splits"][split] = {r: measure(split, r, args.n) for r in RETRIEVERS}
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
