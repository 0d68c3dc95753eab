"""Run-to-run stability: K runs of one evaluation with seeds ``seed, seed+1, ...`` (the paper's Table 4).

``mpb eval --repeats K --out DIR`` stores run ``i`` in ``DIR/run-i`` (each a complete run directory,
resumable on its own with ``--resume``), then ``stability(reports)`` gives per dimension and Overall the
mean, the sample standard deviation (``None`` for a single run) and the range (max - min) of the runs'
scores, written as ``DIR/repeats.json`` and ``DIR/repeats.md``.
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

import orjson

from mpb_env.rollouts.report_files import LABELS
from mpb_env.rollouts.runner import replace_run_file
from mpb_env.scoring import DIMENSIONS

__all__ = ["REPEATS_JSON", "REPEATS_MD", "format_stability", "run_dir", "stability", "write_stability"]

REPEATS_JSON = "repeats.json"
REPEATS_MD = "repeats.md"
#: The columns of Table 4 (its order: the dimensions, then Overall), then the run's costs.
COLUMNS = (*DIMENSIONS, "overall", "avg_steps", "avg_output_tokens")
_HEADER = {**LABELS, "avg_steps": "Avg steps", "avg_output_tokens": "Avg output tokens"}


def run_dir(out: Path, i: int) -> Path:
    """The directory of run ``i`` (from 1) of a repeated evaluation in ``out``."""
    return Path(out) / f"run-{i}"


def stability(reports: list[dict[str, Any]], seeds: list[int]) -> dict[str, Any]:
    """Table 4 of ``reports`` (one ``report.json`` per run, in order; ``seeds`` their seeds).

    Returns ``{"runs": [{"run", "seed", <column>: score}], "mean", "std", "range"}``, each of the last
    three ``{column: value}`` (``None`` where a run has no score for the column; ``std`` is the sample
    standard deviation, ``None`` with fewer than two runs).
    """
    runs = [
        {"run": i, "seed": s, **{c: rep.get(c) for c in COLUMNS}}
        for i, (rep, s) in enumerate(zip(reports, seeds, strict=True), 1)
    ]
    mean: dict[str, float | None] = {}
    std: dict[str, float | None] = {}
    spread: dict[str, float | None] = {}
    for c in COLUMNS:
        values = [float(r[c]) for r in runs if r[c] is not None]
        full = len(values) == len(runs) and values
        mean[c] = round(statistics.fmean(values), 2) if full else None
        std[c] = round(statistics.stdev(values), 2) if full and len(values) > 1 else None
        spread[c] = round(max(values) - min(values), 2) if full else None
    return {"runs": runs, "mean": mean, "std": std, "range": spread}


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _rows(table: dict[str, Any]) -> list[list[str]]:
    rows = [[f"{r['run']} (seed {r['seed']})", *(_num(r[c]) for c in COLUMNS)] for r in table["runs"]]
    for name, key in (("Mean", "mean"), ("Std.", "std"), ("Range", "range")):
        rows.append([name, *(_num(table[key][c]) for c in COLUMNS)])
    return rows


def format_stability(table: dict[str, Any]) -> str:
    """Table 4 as aligned text (a row per run, then mean, std and range)."""
    header = ["Run", *(_HEADER[c] for c in COLUMNS)]
    rows = [header, *_rows(table)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    return "\n".join(
        "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in rows
    )


def stability_markdown(table: dict[str, Any], settings: dict[str, Any]) -> str:
    """``repeats.md``: Table 4 and the settings every run shared."""
    header = ["Run", *(_HEADER[c] for c in COLUMNS)]
    lines = [
        f"# Run-to-run stability over {len(table['runs'])} runs",
        "",
        "Scores in %. Std. is the sample standard deviation, Range the maximum minus the minimum.",
        "",
        "| " + " | ".join(header) + " |",
        "|" + "|".join([" --- "] + [" ---: "] * len(COLUMNS)) + "|",
        *("| " + " | ".join(r) + " |" for r in _rows(table)),
        "",
        "## Settings",
        "",
        "| setting | value |",
        "| --- | ---: |",
        *(f"| {k} | `{v}` |" for k, v in settings.items() if v is not None and k != "seed"),
    ]
    return "\n".join(lines) + "\n"


def write_stability(out: Path, table: dict[str, Any], settings: dict[str, Any]) -> list[Path]:
    """Write ``out/repeats.json`` (the table and the shared settings) and ``out/repeats.md``."""
    out = Path(out)
    js, md = out / REPEATS_JSON, out / REPEATS_MD
    replace_run_file(js, orjson.dumps({**table, "settings": settings}, option=orjson.OPT_INDENT_2) + b"\n")
    replace_run_file(md, stability_markdown(table, settings).encode())
    return [js, md]
