"""The files a run's results are read in: ``report.md`` (tables) and ``report.png`` (a figure).

``mpb eval --out DIR`` writes both beside ``report.json`` (``write_report_files``):

* ``report.md``: the Table 3 row (Overall, Basic, Sub-agent, Memory, Skills with 95% intervals, average
  steps and output tokens), then the per-category, per-bucket, per-routing and per-outcome breakdowns,
  the gate failures, the tool-error rate by error type, and the suite version and settings.
* ``report.png``: per-dimension scores with their 95% intervals, and the per-category success rates.
  Drawn with matplotlib's Agg canvas (no display needed); skipped with a warning when matplotlib is not
  installed (it comes with the ``train`` and ``dev`` extras).

``run_details(trajectories)`` holds what ``report.json`` does not: ``by_outcome`` (episodes per
outcome: ``ok``, ``policy_error``, ``policy_timeout``, ``env_error``, ``budget``; a trajectory written
before outcomes were recorded is ``ok``), ``invalid_rewards`` (trajectories whose ``reward_valid`` is
false), ``gates`` (per gate: episodes checked, failed, and failed although the primary check passed)
and ``tool_errors`` (calls, errors, and errors per type).
"""

from __future__ import annotations

import io
import warnings
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mpb_env.rollouts.runner import replace_run_file
from mpb_env.scoring import DIMENSIONS

__all__ = [
    "LABELS",
    "REPORT_MD",
    "REPORT_PNG",
    "field",
    "report_markdown",
    "run_details",
    "write_report_files",
    "write_report_png",
]

REPORT_MD = "report.md"
REPORT_PNG = "report.png"
LABELS = {
    "overall": "Overall",
    "basic": "Basic",
    "subagent": "Sub-agent",
    "memory": "Memory",
    "skill": "Skills",
}
#: The outcomes in the order they are listed (any other value a run recorded follows them).
OUTCOMES = ("ok", "policy_error", "policy_timeout", "env_error", "budget")


def field(traj: Any, name: str, default: Any) -> Any:
    """``traj``'s ``name``, from a ``Trajectory`` or its raw dict alike; ``default`` when it has none
    (a field a later version added, read from an older run)."""
    if isinstance(traj, dict):
        return traj.get(name, default)
    return getattr(traj, name, default)


def run_details(trajectories: Iterable[Any]) -> dict[str, Any]:
    """Outcomes, gate failures and tool errors of a run's trajectories (see the module docs)."""
    outcomes: dict[str, list[bool]] = {}
    gates: dict[str, dict[str, int]] = {}
    errors: Counter[str] = Counter()
    calls = invalid = 0
    for t in trajectories:
        outcome = field(t, "outcome", "ok") or "ok"
        outcomes.setdefault(str(outcome), []).append(bool(field(t, "success", False)))
        if field(t, "reward_valid", True) is False:
            invalid += 1
        verdict = field(t, "verdict", {}) or {}
        for gate, passed in (verdict.get("gates") or {}).items():
            g = gates.setdefault(gate, {"checked": 0, "failed": 0, "failed_primary_passed": 0})
            g["checked"] += 1
            if not passed:
                g["failed"] += 1
                g["failed_primary_passed"] += bool(verdict.get("primary"))
        calls += int(field(t, "steps", 0) or 0)
        errors.update(field(t, "error_types", []) or [])
    order = [o for o in OUTCOMES if o in outcomes] + sorted(o for o in outcomes if o not in OUTCOMES)
    total = sum(errors.values())
    return {
        "by_outcome": {o: {"episodes": len(outcomes[o]), "successes": sum(outcomes[o])} for o in order},
        "invalid_rewards": invalid,
        "gates": dict(sorted(gates.items())),
        "tool_errors": {
            "calls": calls,
            "errors": total,
            "rate": round(100.0 * total / calls, 2) if calls else None,
            "by_type": dict(sorted(errors.items(), key=lambda kv: (-kv[1], kv[0]))),
        },
    }


def _num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _ci(value: list[float] | None) -> str:
    return "-" if value is None else f"[{value[0]:.2f}, {value[1]:.2f}]"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    """A markdown table; every column but the first right-aligned."""

    def cells(row: list[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in row) + " |"

    align = "|" + "|".join([" --- "] + [" ---: "] * (len(header) - 1)) + "|"
    return [cells(header), align, *(cells(r) for r in rows), ""]


def _rate_rows(stats: dict[str, dict[str, Any]]) -> list[list[str]]:
    return [
        [name, _num(st.get("rate")), str(st["successes"]), str(st["episodes"])] for name, st in stats.items()
    ]


def score_table(rep: dict[str, Any]) -> list[str]:
    """The Table 3 row as markdown: scores, their 95% intervals, average steps and output tokens."""
    keys = ("overall", *DIMENSIONS)
    header = ["", *(LABELS[k] for k in keys), "Avg steps", "Avg output tokens"]
    ci = rep.get("ci95") or {}
    rows = [
        [
            "score",
            *(_num(rep.get(k)) for k in keys),
            _num(rep.get("avg_steps")),
            _num(rep.get("avg_output_tokens")),
        ],
        ["95% CI", *(_ci(ci.get(k)) for k in keys), "", ""],
    ]
    return _table(header, rows)


def report_markdown(rep: dict[str, Any], details: dict[str, Any]) -> str:
    """``report.md``: ``rep`` is the run's ``report.json`` (``build_report`` plus ``run``), ``details``
    its ``run_details``."""
    run = rep.get("run") or {}
    title = f"# Evaluation: {run['policy']}" if run.get("policy") else "# Evaluation"
    lines = [title, ""]
    lines.append(
        f"Suite `{rep.get('suite_version', '?')}`, {rep.get('episodes', 0)} episodes expected, "
        f"{rep.get('completed', 0)} completed."
    )
    lines += ["", "## Scores (Table 3 row, %)", ""]
    lines += score_table(rep)
    absent = [LABELS[d] for d in DIMENSIONS if d in rep and rep[d] is None]
    if absent:
        lines += [
            f"Overall weights all four dimensions; this selection has no {', '.join(absent)} "
            "episodes (they count 0).",
            "",
        ]
    inter = rep.get("interaction")
    if inter:
        lines += [
            f"Interaction: UIQ {_num(inter['uiq'])}, success {_num(inter['success_rate'])}% over "
            f"{inter['tasks']} tasks, {_num(inter['avg_queries'])} queries per task, "
            f"{inter['spurious_askers']} of {inter['control_tasks']} control tasks asked anyway.",
            "",
        ]
    reach = rep.get("reach")
    if reach:
        st = reach["settings"]
        lines += [f"## Reach (recall {st['recall']}, N={st['top_n']})", ""]
        lines += _table(
            ["dimension", f"recall@{st['top_n']}", "oracle ceiling %", "unsolvable"],
            [
                [
                    LABELS.get(d, d),
                    _num(r.get("recall_at_n")),
                    _num(100.0 * r["ceiling"] if r.get("ceiling") is not None else None, 1),
                    str(len(r.get("unsolvable", ()))),
                ]
                for d, r in reach["by_dimension"].items()
            ],
        )
    by_cat = rep.get("by_category") or {}
    lines += ["## By category", ""]
    for dim in DIMENSIONS:
        if by_cat.get(dim):
            lines += [f"### {LABELS[dim]}", ""]
            lines += _table(["category", "success %", "successes", "episodes"], _rate_rows(by_cat[dim]))
    if by_cat.get("bucket"):
        lines += ["## By bucket", ""]
        lines += _table(["bucket", "success %", "successes", "episodes"], _rate_rows(by_cat["bucket"]))
    if rep.get("by_routing"):
        lines += ["## By routing (skill episodes)", ""]
        lines += _table(["routing", "success %", "successes", "episodes"], _rate_rows(rep["by_routing"]))

    lines += ["## By outcome", ""]
    outcome_rows = [[o, str(st["episodes"]), str(st["successes"])] for o, st in details["by_outcome"].items()]
    missing = int(rep.get("episodes", 0)) - int(rep.get("completed", 0))
    if missing > 0:
        outcome_rows.append(["not run (counted as failures)", str(missing), "0"])
    lines += _table(["outcome", "episodes", "successes"], outcome_rows)
    if details.get("invalid_rewards"):
        lines += [f"{details['invalid_rewards']} episodes have no valid reward (`reward_valid` false).", ""]

    lines += ["## Gate failures", ""]
    if details["gates"]:
        lines += _table(
            ["gate", "episodes gated", "failed", "failed with the primary check passed"],
            [
                [g, str(st["checked"]), str(st["failed"]), str(st["failed_primary_passed"])]
                for g, st in details["gates"].items()
            ],
        )
    else:
        lines += ["No episode of this run has a gate.", ""]

    te = details["tool_errors"]
    lines += ["## Tool errors", ""]
    lines += [f"{te['errors']} errors in {te['calls']} tool calls ({_num(te['rate'])} per 100 calls).", ""]
    if te["by_type"]:
        lines += _table(
            ["error type", "errors", "per 100 calls", "share of errors %"],
            [
                [
                    kind,
                    str(n),
                    _num(100.0 * n / te["calls"] if te["calls"] else None),
                    _num(100.0 * n / te["errors"]),
                ]
                for kind, n in te["by_type"].items()
            ],
        )

    lines += ["## Settings", ""]
    shown = {k: v for k, v in run.items() if v is not None} or {"suite_version": rep.get("suite_version")}
    lines += _table(["setting", "value"], [[k, f"`{v}`"] for k, v in shown.items()])
    return "\n".join(lines).rstrip() + "\n"


def _figure(width: float, height: float) -> Any:
    """A matplotlib figure on the Agg canvas (no display, no pyplot state)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100)
    FigureCanvasAgg(fig)
    return fig


def _score_bars(ax: Any, rep: dict[str, Any], title: str) -> None:
    keys = ("overall", *DIMENSIONS)
    ci = rep.get("ci95") or {}
    values = [rep.get(k) or 0.0 for k in keys]
    lo = [max(v - (ci.get(k) or [v, v])[0], 0.0) for k, v in zip(keys, values, strict=True)]
    hi = [max((ci.get(k) or [v, v])[1] - v, 0.0) for k, v in zip(keys, values, strict=True)]
    colors = ["#444444", "#4c72b0", "#55a868", "#c44e52", "#8172b2"]
    ax.bar(range(len(keys)), values, yerr=[lo, hi], capsize=4, color=colors)
    for i, (k, v) in enumerate(zip(keys, values, strict=True)):
        ax.text(i, v + hi[i] + 1, "n/a" if rep.get(k) is None else f"{v:.1f}", ha="center", fontsize=8)
    ax.set_xticks(range(len(keys)), [LABELS[k] for k in keys])
    ax.set_ylim(0, 105)
    ax.set_ylabel("success % (95% interval)")
    ax.set_title(title, fontsize=10)


def write_report_png(rep: dict[str, Any], path: Path) -> bool:
    """Draw ``report.png`` at ``path``; ``False`` (and a warning) when matplotlib is not installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        warnings.warn(
            f"{path.name} not written: matplotlib is not installed (pip install matplotlib)", stacklevel=2
        )
        return False
    by_cat = rep.get("by_category") or {}
    cats = [
        (f"{LABELS.get(d, d)} / {c}", st)
        for d in (*DIMENSIONS, "bucket")
        for c, st in by_cat.get(d, {}).items()
    ]
    cats += [(f"Skills / {r}", st) for r, st in (rep.get("by_routing") or {}).items()]
    fig = _figure(13, max(4.5, 0.28 * len(cats) + 1.2))
    left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.3]})
    run = rep.get("run") or {}
    _score_bars(left, rep, f"{run.get('policy', 'run')} on {rep.get('suite_version', '?')}")
    names = [n for n, _ in cats][::-1]
    rates = [st.get("rate") or 0.0 for _, st in cats][::-1]
    right.barh(range(len(names)), rates, color="#4c72b0")
    right.set_yticks(range(len(names)), names, fontsize=7)
    for i, (r, (_, st)) in enumerate(zip(rates, cats[::-1], strict=True)):
        right.text(r + 1, i, f"{st['successes']}/{st['episodes']}", va="center", fontsize=6)
    right.set_xlim(0, 110)
    right.set_xlabel("success %")
    right.set_title("by category, bucket and routing", fontsize=10)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    replace_run_file(Path(path), buf.getvalue())  # atomic, never through a planted link
    return True


def write_report_files(out: Path, rep: dict[str, Any], trajectories: Iterable[Any]) -> list[Path]:
    """Write ``out/report.md`` and ``out/report.png`` (when matplotlib is there); returns the paths
    written."""
    out = Path(out)
    md = out / REPORT_MD
    replace_run_file(md, report_markdown(rep, run_details(trajectories)).encode())
    written = [md]
    if write_report_png(rep, out / REPORT_PNG):
        written.append(out / REPORT_PNG)
    return written
