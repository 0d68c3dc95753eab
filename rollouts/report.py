"""Run reports: the paper's Table 3 row with 95% intervals, plus per-category breakdowns.

``build_report(trajectories, expected_tasks)`` scores against the *expected* episodes (full
denominator: an episode without a trajectory counts as a failure) with ``mpb_env.scoring.report``.
Top-level keys: ``overall``, ``basic``, ``subagent``, ``memory``, ``skill`` (percent; ``None`` for a
dimension with no episodes in the selection), ``episodes`` (expected episodes), ``completed``
(trajectories scored), ``outcomes`` (episodes per outcome, ``mpb_env.outcomes``: a failed episode
scores 0 and is counted here; ``missing`` for expected episodes without a trajectory) and
``failures`` (per failed outcome, its episodes' count and the most common reason), ``ci95``, ``counts``, ``avg_steps``, ``avg_output_tokens``, ``by_category``
(``{dimension: {category: stats}}`` plus ``"bucket": {bucket: stats}``) and ``by_routing``
(``{"SOR": stats, "MTSR": stats}`` over skill episodes), where stats are
``{"episodes", "successes", "rate"}`` with ``rate`` in percent; ``suite_version`` (the tasks' version
name). Given the run's ``settings``, ``reach`` holds per dimension the gold-tool ``recall_at_n`` and the
oracle ``ceiling`` under them (``mpb_env.reach``: the share of episodes any policy can solve there).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from mpb_env.outcomes import FAILED, OUTCOMES
from mpb_env.reach import reach
from mpb_env.recall import DEFAULT_TOP_N
from mpb_env.rollouts.runner import Trajectory
from mpb_env.scoring import DIMENSIONS, report, uiq
from mpb_env.tasks import suite_version
from mpb_env.tasks.model import BASIC_CATEGORIES, Task, episodes

__all__ = ["build_report", "failure_lines", "format_table"]

_LABELS = {
    "overall": "Overall",
    "basic": "Basic",
    "subagent": "Sub-agent",
    "memory": "Memory",
    "skill": "Skills",
}


def _stats(outcomes: list[bool]) -> dict[str, Any]:
    n, k = len(outcomes), sum(outcomes)
    return {"episodes": n, "successes": k, "rate": round(100.0 * k / n, 2) if n else None}


def _mean(values: list[int]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


def build_report(
    trajectories: Iterable[Trajectory],
    expected_tasks: Iterable[Task],
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Scores of a run over the expected episodes (skill tasks are expanded into SOR and MTSR).

    Args:
        trajectories: the run's trajectories (one per episode; unknown task ids are ignored).
        expected_tasks: the tasks the run was meant to cover: the denominator.
        settings: the run's ``recall``, ``top_n``, ``tool_search`` and ``world_size``: adds ``reach``
            (recall@N and the oracle ceiling per dimension under them).
    """
    plan = episodes(list(expected_tasks))
    matched = _match(plan, trajectories)
    trajs = [t for t in matched if t is not None]
    outcomes = [t is not None and t.success for t in matched]
    scores = report([(t.id, t.dimension) for t in plan], outcomes)

    # Basic categories are listed up front so the breakdown keeps the paper's order.
    groups: dict[str, dict[str, list[bool]]] = {
        d: {c: [] for c in (BASIC_CATEGORIES if d == "basic" else ())} for d in DIMENSIONS
    }
    groups["bucket"] = {"tool": [], "state": [], "behavior": []}
    routing: dict[str, list[bool]] = {"SOR": [], "MTSR": []}
    for t, ok in zip(plan, outcomes, strict=True):
        groups.setdefault(t.dimension, {}).setdefault(t.category, []).append(ok)
        groups["bucket"][t.bucket].append(ok)
        if t.routing is not None:
            routing.setdefault(t.routing, []).append(ok)
    by_category = {
        g: {c: _stats(v) for c, v in cats.items() if v} for g, cats in groups.items() if any(cats.values())
    }
    return {
        "overall": scores["overall"],
        **{d: scores[d] for d in DIMENSIONS},
        "episodes": len(plan),
        "completed": len(trajs),
        **_outcomes(matched),
        "ci95": scores["ci95"],
        "counts": scores["counts"],
        "avg_steps": _mean([t.steps for t in trajs]),
        "avg_output_tokens": _mean([t.output_tokens for t in trajs]),
        "by_category": by_category,
        "by_routing": {r: _stats(v) for r, v in routing.items() if v},
        "suite_version": suite_version(plan),
        **_interaction(plan, matched),
        **_reach(plan, settings),
    }


def _outcomes(matched: list[Trajectory | None]) -> dict[str, Any]:
    """``outcomes``: episodes per outcome (every outcome listed, in order; ``missing`` when some
    expected episode has no trajectory) and ``failures``: per failed outcome that occurred, its count,
    its most common reason and the first episode that had it."""
    counts = dict.fromkeys(OUTCOMES, 0)
    reasons: dict[str, dict[str, list[str]]] = {}
    for t in matched:
        if t is None:
            counts["missing"] = counts.get("missing", 0) + 1
            continue
        counts[t.outcome] = counts.get(t.outcome, 0) + 1
        if t.outcome in FAILED:
            reasons.setdefault(t.outcome, {}).setdefault(t.error or "", []).append(t.task_id)
    failures = {}
    for outcome in OUTCOMES:
        if outcome in reasons:
            by_reason = reasons[outcome]
            reason = max(by_reason, key=lambda r: len(by_reason[r]))  # the first of the most common
            failures[outcome] = {
                "episodes": counts[outcome],
                "reason": reason,
                "reason_episodes": len(by_reason[reason]),
                "first": by_reason[reason][0],
            }
    return {"outcomes": counts, "failures": failures}


def failure_lines(rep: dict[str, Any]) -> list[str]:
    """One line per failed outcome of a report: how many episodes, the most common reason and where it
    first happened (what ``mpb eval`` prints instead of a traceback)."""
    lines = []
    for outcome, f in rep.get("failures", {}).items():
        others = f["episodes"] - f["reason_episodes"]
        more = f" (+{others} with other reasons)" if others else ""
        lines.append(
            f"{outcome}: {f['episodes']} episode{'s' if f['episodes'] != 1 else ''} scored 0, e.g. "
            f"{f['first']}: {f['reason'] or 'no reason given'}{more}"
        )
    return lines


def _reach(plan: list[Task], settings: dict[str, Any] | None) -> dict[str, Any]:
    if settings is None or not plan:
        return {}
    got = reach(
        plan,
        settings.get("recall", "bm25"),
        settings.get("top_n", DEFAULT_TOP_N),
        settings.get("tool_search", True),
        settings.get("world_size", "M"),
    )
    return {"reach": got}


def _match(plan: list[Task], trajectories: Iterable[Trajectory]) -> list[Trajectory | None]:
    """The trajectory of each planned episode, in plan order: the k-th trajectory of a task id goes to
    the k-th episode of that id (a plan may hold an episode more than once); ``None`` where none ran.
    Trajectories of ids outside the plan are ignored."""
    expected_ids = {t.id for t in plan}
    queues: dict[str, deque[Trajectory]] = {}
    for t in trajectories:
        if t.task_id in expected_ids:
            queues.setdefault(t.task_id, deque()).append(t)
    return [queues[t.id].popleft() if queues.get(t.id) else None for t in plan]


def _interaction(plan: list[Task], matched: list[Trajectory | None]) -> dict[str, Any]:
    """MobileWorld's interaction metrics, when the run offered ``ask_user``: interaction success rate,
    average queries per interaction task, and UIQ (see ``mpb_env.scoring.uiq``)."""
    offered = [(task, traj) for task, traj in zip(plan, matched, strict=True) if task.allow_ask]
    if not offered:
        return {}
    rows = [
        (traj.success, traj.user_queries) if traj is not None else (False, 0)
        for task, traj in offered
        if task.user_facts
    ]
    spurious = sum(
        1 for task, traj in offered if not task.user_facts and traj is not None and traj.user_queries > 0
    )
    return {
        "interaction": {
            "tasks": len(rows),
            "control_tasks": len(offered) - len(rows),
            "success_rate": _stats([ok for ok, _ in rows])["rate"] if rows else None,
            "avg_queries": _mean([c for _, c in rows]),
            "spurious_askers": spurious,
            "uiq": uiq(rows, spurious),
        }
    }


def _num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _ci(value: list[float] | None) -> str:
    return "-" if value is None else f"[{value[0]:.2f}, {value[1]:.2f}]"


def format_table(rep: dict[str, Any]) -> str:
    """The Table 3 row (scores with ``[lo, hi]`` 95% intervals, average steps and output tokens), the
    interaction metrics when the run offered ``ask_user``, then the per-category, per-bucket and
    per-routing breakdown."""
    keys = ("overall", *DIMENSIONS)
    header = ["", *(_LABELS[k] for k in keys), "Avg steps", "Avg output tokens"]
    score = [
        "score",
        *(_num(rep.get(k)) for k in keys),
        _num(rep.get("avg_steps")),
        _num(rep.get("avg_output_tokens")),
    ]
    ci = ["95% CI", *(_ci(rep.get("ci95", {}).get(k)) for k in keys), "", ""]
    rows = [header, score, ci]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [
        "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in rows
    ]
    lines = [line.rstrip() for line in lines]
    lines.append(f"episodes: {rep.get('episodes', 0)} expected, {rep.get('completed', 0)} completed")
    counts = rep.get("outcomes")
    if counts:
        lines.append("outcomes: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    absent = [_LABELS[d] for d in DIMENSIONS if d in rep and rep[d] is None]
    if absent:  # a partial selection: say so, so its Overall is not read as a full-suite score
        lines.append(
            f"note: Overall weights all four dimensions and this selection has no {', '.join(absent)} "
            "episodes (they count 0)"
        )
    inter = rep.get("interaction")
    if inter:
        lines.append(
            f"interaction: UIQ {_num(inter['uiq'])}, success {_num(inter['success_rate'])}% over "
            f"{inter['tasks']} tasks, {_num(inter['avg_queries'])} queries per task, "
            f"{inter['spurious_askers']} of {inter['control_tasks']} control tasks asked anyway"
        )

    lines += reach_lines(rep.get("reach"))

    breakdown: list[tuple[str, dict[str, Any]]] = []
    for group, cats in rep.get("by_category", {}).items():
        breakdown.extend((f"{group}/{cat}", st) for cat, st in cats.items())
    breakdown.extend((f"routing/{r}", st) for r, st in rep.get("by_routing", {}).items())
    if breakdown:
        width = max(len(name) for name, _ in breakdown)
        lines += ["", "Breakdown (success % / successes / episodes):"]
        for name, st in breakdown:
            lines.append(
                f"  {name.ljust(width)}  {_num(st['rate']):>6}  {st['successes']:>5} / {st['episodes']}"
            )
    return "\n".join(lines)


def reach_lines(got: dict[str, Any] | None) -> list[str]:
    """``reach`` as text: recall@N and the oracle ceiling per dimension, and a note when the ceiling is
    below 100% (the setting leaves some episodes unsolvable: e.g. ``--no-tool-search``)."""
    if not got:
        return []
    st, rows = got["settings"], got["by_dimension"]
    n = st["top_n"]
    cells = [
        f"{_LABELS[d]} {_num(r['recall_at_n'])} / {_num(100.0 * r['ceiling'] if r['ceiling'] is not None else None, 1)}%"
        for d, r in rows.items()
    ]
    search = "on" if st["tool_search"] else "off"
    lines = [
        f"reach (recall {st['recall']}, N={n}, search_tools {search}): recall@{n} / oracle ceiling: "
        + ", ".join(cells)
    ]
    total = sum(r["episodes"] for r in rows.values())
    bad = sum(len(r["unsolvable"]) for r in rows.values())
    if bad:
        lines.append(
            f"note: under these settings the oracle solves {total - bad} of {total} episodes "
            f"({100.0 * (total - bad) / total:.1f}%, the ceiling): {bad} need a tool nothing offers"
        )
    return lines
