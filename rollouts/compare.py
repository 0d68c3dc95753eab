"""Two or more runs side by side, and whether their scores really differ.

``compare_runs([A, B, ...])`` reads run directories (``mpb eval --out``: ``trajectories.jsonl`` and
``run.json``; ``report.json`` for the policy's name when present) and compares every run with the first
one, A, over the episodes they all played: the same *episode keys* (the episode's id: a task id, with ``@SOR`` /
``@MTSR`` for a skill episode; ``#k`` for the k-th repeat of an episode in the plan).

* Scores per run over those episodes (per dimension and Overall, weighted as the paper does) with
  their 95% intervals (``mpb_env.scoring.report``), average steps and output tokens.
* Per run B and dimension, a **paired bootstrap**: tasks are drawn with replacement (a skill task's SOR
  and MTSR episodes as one unit, as ``mpb_env.scoring`` does), and B - A is scored on each draw from the
  *same* tasks, so the noise both runs share cancels out. Reported: the observed difference, its 95%
  interval, ``p_b_better`` (the share of draws where B scores higher) and ``p_a_better``, and a verdict:
  ``"no difference"`` when no episode of the dimension changed outcome (every draw gives 0),
  ``"significant: B better"`` / ``"significant: A better"`` when the interval excludes 0, else
  ``"not significant"``. Overall re-weights the dimensions' draws. Seeded (``seed``; one generator per
  dimension): the same runs give the same numbers.
* The episodes that flipped: ``fail_to_pass`` (B passed where A failed) and ``pass_to_fail``.

Runs are only compared when they scored the same thing: the same suite version, the same settings
(recall, N, T_max, world, ``search_tools``; the seed may differ) and, for every shared episode, the same
task (``run.json``'s digests); otherwise ``CompareError`` says which, in one line.
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from mpb_env.rollouts.report_files import LABELS, _figure, _table
from mpb_env.rollouts.runner import MANIFEST_FILE, TRAJECTORIES_FILE
from mpb_env.scoring import DIMENSIONS, WEIGHTS, report, task_of

__all__ = [
    "CompareError",
    "compare_runs",
    "compare_markdown",
    "format_compare",
    "write_compare_md",
    "write_compare_png",
]

#: Hex digits of each episode's task digest in ``run.json`` (as the runner writes it).
_DIGEST = 12
#: Resampled rows drawn at a time (bounds memory: rows x tasks indices).
_CHUNK = 1000
#: Flipped episodes listed in the terminal per direction (the markdown lists them all).
SHOW_FLIPS = 10
KEYS = ("overall", *DIMENSIONS)


class CompareError(ValueError):
    """The runs cannot be compared (not run directories, other settings or suite versions, nothing in
    common). The message is one line."""


def _read_json(path: Path) -> Any:
    try:
        return orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError) as exc:
        raise CompareError(f"cannot read {path}: {exc}") from None


def episode_keys(records: list[dict[str, Any]]) -> list[str]:
    """Each trajectory's episode key, in order: its ``task_id`` (a skill episode's is ``<id>@SOR`` or
    ``<id>@MTSR``; ``@routing`` is added to one that lacks it), and ``#k`` for the k-th occurrence
    (k >= 2) of the same episode in the run.

    >>> episode_keys([{"task_id": "a"}, {"task_id": "s@SOR", "routing": "SOR"}, {"task_id": "a"}])
    ['a', 's@SOR', 'a#2']
    """
    seen: dict[str, int] = {}
    out = []
    for r in records:
        base, routing = str(r["task_id"]), r.get("routing")
        if routing and not base.endswith(f"@{routing}"):
            base += f"@{routing}"
        seen[base] = seen.get(base, 0) + 1
        out.append(base if seen[base] == 1 else f"{base}#{seen[base]}")
    return out


def load_run(path: Path) -> dict[str, Any]:
    """A run directory's trajectories (raw dicts, in plan order), manifest and report (``{}`` if none)."""
    path = Path(path)
    if not path.is_dir():
        raise CompareError(f"{path} is not a run directory")
    traj_path, man_path = path / TRAJECTORIES_FILE, path / MANIFEST_FILE
    if not traj_path.is_file() or not man_path.is_file():
        raise CompareError(
            f"{path} holds no run (it needs {TRAJECTORIES_FILE} and {MANIFEST_FILE}: mpb eval --out)"
        )
    manifest = _read_json(man_path)
    if not isinstance(manifest, dict) or not isinstance(manifest.get("settings"), dict):
        raise CompareError(f"{man_path} is not a run manifest")
    rep_path = path / "report.json"
    rep = _read_json(rep_path) if rep_path.is_file() else {}
    data = traj_path.read_bytes()
    data = data[: data.rfind(b"\n") + 1]  # an interrupted run's partial last line is not an episode
    records = []
    for n, line in enumerate(data.splitlines(), 1):
        if line.strip():
            try:
                rec = orjson.loads(line)
            except orjson.JSONDecodeError:
                raise CompareError(f"{traj_path}:{n} is not a trajectory record") from None
            if not isinstance(rec, dict) or "task_id" not in rec or "dimension" not in rec:
                raise CompareError(f"{traj_path}:{n} is not a trajectory record")
            records.append(rec)
    keys = episode_keys(records)
    digests = manifest.get("tasks") if isinstance(manifest.get("tasks"), str) else ""
    return {
        "path": path,
        "manifest": manifest,
        "report": rep if isinstance(rep, dict) else {},
        "records": dict(zip(keys, records, strict=True)),
        "digests": {k: digests[n * _DIGEST : (n + 1) * _DIGEST] for n, k in enumerate(keys)},
    }


def _suite(run: dict[str, Any]) -> Any:
    return run["manifest"].get("suite_version") or run["report"].get("suite_version")


def _check_comparable(runs: list[dict[str, Any]]) -> list[str]:
    """The shared episode keys, in A's order; ``CompareError`` when the runs scored different things."""
    a = runs[0]
    settings_a = {k: v for k, v in a["manifest"]["settings"].items() if k != "seed"}
    for b in runs[1:]:
        names = f"{a['path']} and {b['path']}"
        if _suite(a) != _suite(b):
            raise CompareError(
                f"cannot compare {names}: they scored different suite versions ({_suite(a)} vs {_suite(b)})"
            )
        settings_b = {k: v for k, v in b["manifest"]["settings"].items() if k != "seed"}
        diff = sorted(
            k for k in settings_a.keys() | settings_b.keys() if settings_a.get(k) != settings_b.get(k)
        )
        if diff:
            was = ", ".join(f"{k}={settings_a.get(k)!r} vs {settings_b.get(k)!r}" for k in diff)
            raise CompareError(f"cannot compare {names}: they ran with different settings ({was})")
    common = [k for k in a["records"] if all(k in r["records"] for r in runs[1:])]
    if not common:
        raise CompareError(f"cannot compare {a['path']} and {runs[1]['path']}: they share no episode")
    for b in runs[1:]:
        for k in common:
            da, db = a["digests"].get(k, ""), b["digests"].get(k, "")
            if da and db and da != db:
                raise CompareError(
                    f"cannot compare {a['path']} and {b['path']}: episode {k} was another task in each "
                    "(different versions of the suite)"
                )
    return common


def _task_units(keys: list[str]) -> np.ndarray:
    """Each key's resampling unit (its task: a skill task's SOR and MTSR episodes, and the repeats of an
    episode, are one unit), as indices in first-seen order."""
    index: dict[str, int] = {}
    return np.fromiter(
        (index.setdefault(task_of(k.split("#", 1)[0]), len(index)) for k in keys), int, len(keys)
    )


def paired_bootstrap(
    keys: list[str], a: np.ndarray, b: np.ndarray, n_boot: int, rng: np.random.Generator
) -> np.ndarray:
    """``n_boot`` resampled differences B - A (percentage points) of one dimension: tasks drawn with
    replacement, each with all its episodes, both runs scored on the same draw."""
    units = _task_units(keys)
    m = int(units.max()) + 1
    ta = np.bincount(units, weights=a, minlength=m)
    tb = np.bincount(units, weights=b, minlength=m)
    tn = np.bincount(units, minlength=m).astype(float)
    out = np.empty(n_boot)
    for start in range(0, n_boot, _CHUNK):
        rows = min(_CHUNK, n_boot - start)
        idx = rng.integers(0, m, size=(rows, m))
        out[start : start + rows] = 100.0 * (tb[idx].sum(1) - ta[idx].sum(1)) / tn[idx].sum(1)
    return out


def _verdict(flips: int, lo: float, hi: float) -> str:
    if flips == 0:
        return "no difference"
    if lo > 0:
        return "significant: B better"
    if hi < 0:
        return "significant: A better"
    return "not significant"


def _pair(
    common: list[str], dims: dict[str, str], a: dict[str, bool], b: dict[str, bool], n_boot: int, seed: int
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    draws: dict[str, np.ndarray] = {}
    flips_all = 0
    for k, d in enumerate(DIMENSIONS):
        keys = [key for key in common if dims[key] == d]
        if not keys:
            out[d] = None
            draws[d] = np.zeros(n_boot)
            continue
        va = np.array([a[key] for key in keys], dtype=float)
        vb = np.array([b[key] for key in keys], dtype=float)
        draws[d] = paired_bootstrap(keys, va, vb, n_boot, np.random.default_rng([seed, k]))
        flips = int((va != vb).sum())
        flips_all += flips
        out[d] = _stat(100.0 * va.mean(), 100.0 * vb.mean(), draws[d], flips)
    sa = sum(WEIGHTS[d] * (out[d]["a"] if out[d] else 0.0) for d in DIMENSIONS)
    sb = sum(WEIGHTS[d] * (out[d]["b"] if out[d] else 0.0) for d in DIMENSIONS)
    out["overall"] = _stat(sa, sb, sum(WEIGHTS[d] * draws[d] for d in DIMENSIONS), flips_all)
    return {k: out[k] for k in KEYS}


def _stat(a: float, b: float, draws: np.ndarray, flips: int) -> dict[str, Any]:
    lo, hi = (float(x) for x in np.percentile(draws, [2.5, 97.5]))
    return {
        "a": round(a, 2),
        "b": round(b, 2),
        "delta": round(b - a, 2),
        "ci95": [round(lo, 2), round(hi, 2)],
        "p_b_better": round(float((draws > 0).mean()), 4),
        "p_a_better": round(float((draws < 0).mean()), 4),
        "changed": flips,
        "verdict": _verdict(flips, round(lo, 6), round(hi, 6)),
    }


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


def compare_runs(paths: list[Path], *, n_boot: int = 10_000, seed: int = 0) -> dict[str, Any]:
    """Compare the runs in ``paths`` with the first (see the module docs); a JSON-ready dict.

    Raises:
        CompareError: fewer than two runs, a directory that holds no run, runs of different suite
            versions, settings or tasks, or runs without an episode in common.
    """
    if len(paths) < 2:
        raise CompareError("compare needs two or more run directories (the first is the baseline, A)")
    if len(paths) > len(string.ascii_uppercase):
        raise CompareError(f"compare takes at most {len(string.ascii_uppercase)} runs")
    runs = [load_run(Path(p)) for p in paths]
    common = _check_comparable(runs)
    a_records = runs[0]["records"]
    dims = {k: str(a_records[k]["dimension"]) for k in common}
    outcomes = [{k: bool(r["records"][k].get("success", False)) for k in common} for r in runs]
    expected = [(k.split("#", 1)[0], dims[k]) for k in common]
    summaries = []
    for label, r, oc in zip(string.ascii_uppercase, runs, outcomes, strict=False):
        sc = report(expected, [oc[k] for k in common])
        recs = [r["records"][k] for k in common]
        run_info = r["report"].get("run") or {}
        summaries.append(
            {
                "label": label,
                "path": str(r["path"]),
                "policy": run_info.get("policy") or r["manifest"].get("policy"),
                "seed": r["manifest"]["settings"].get("seed"),
                "episodes": len(r["records"]),
                "scores": {k: sc[k] for k in KEYS},
                "ci95": sc["ci95"],
                "avg_steps": _mean([float(x.get("steps", 0)) for x in recs]),
                "avg_output_tokens": _mean([float(x.get("output_tokens", 0)) for x in recs]),
            }
        )
    pairs = []
    for i in range(1, len(runs)):
        a, b = outcomes[0], outcomes[i]
        pairs.append(
            {
                "a": "A",
                "b": summaries[i]["label"],
                "dimensions": _pair(common, dims, a, b, n_boot, seed),
                "fail_to_pass": [k for k in common if b[k] and not a[k]],
                "pass_to_fail": [k for k in common if a[k] and not b[k]],
            }
        )
    settings = {k: v for k, v in runs[0]["manifest"]["settings"].items() if k != "seed"}
    return {
        "runs": summaries,
        "episodes": len(common),
        "suite_version": _suite(runs[0]),
        "settings": settings,
        "n_boot": n_boot,
        "seed": seed,
        "pairs": pairs,
    }


def _num(v: float | None, signed: bool = False) -> str:
    if v is None:
        return "-"
    return f"{v:+.2f}" if signed else f"{v:.2f}"


def _score_rows(result: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    header = ["run", *(LABELS[k] for k in KEYS), "Avg steps", "Avg output tokens"]
    rows = []
    for r in result["runs"]:
        rows.append(
            [
                f"{r['label']}: {r['policy']}",
                *(_num(r["scores"][k]) for k in KEYS),
                _num(r["avg_steps"]),
                _num(r["avg_output_tokens"]),
            ]
        )
    return header, rows


def _pair_rows(pair: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    b = pair["b"]
    header = ["", f"{b} - A", "95% CI", f"P({b} > A)", f"P(A > {b})", "episodes changed", "verdict"]
    rows = []
    for k in KEYS:
        st = pair["dimensions"][k]
        if st is None:
            rows.append([LABELS[k], "-", "-", "-", "-", "0", "no episodes"])
            continue
        rows.append(
            [
                LABELS[k],
                _num(st["delta"], signed=True),
                f"[{st['ci95'][0]:+.2f}, {st['ci95'][1]:+.2f}]",
                f"{st['p_b_better']:.4f}",
                f"{st['p_a_better']:.4f}",
                str(st["changed"]),
                st["verdict"].replace("B better", f"{b} better"),
            ]
        )
    return header, rows


def _aligned(header: list[str], rows: list[list[str]]) -> list[str]:
    """Text columns: the first (and a last ``verdict`` one) left-aligned, the numbers right-aligned."""
    table = [header, *rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    left = {0, len(header) - 1} if header[-1] == "verdict" else {0}
    return [
        "  ".join(
            c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in table
    ]


def _intro(result: dict[str, Any]) -> list[str]:
    st = ", ".join(f"{k} {v}" for k, v in result["settings"].items())
    lines = [
        f"{r['label']}: {r['path']} ({r['policy']}, seed {r['seed']}, {r['episodes']} episodes)"
        for r in result["runs"]
    ]
    lines.append(
        f"{result['episodes']} episodes in common; suite {result['suite_version']}; {st}; paired bootstrap "
        f"over tasks, {result['n_boot']} draws, seed {result['seed']}"
    )
    return lines


def format_compare(result: dict[str, Any]) -> str:
    """The comparison as text: the runs' scores side by side, then per run B the paired differences
    and the episodes that flipped (the first ``SHOW_FLIPS`` of each direction)."""
    lines = _intro(result) + [""]
    lines += _aligned(*_score_rows(result))
    for pair in result["pairs"]:
        b = pair["b"]
        lines += ["", f"{b} vs A:"]
        lines += _aligned(*_pair_rows(pair))
        f2p, p2f = pair["fail_to_pass"], pair["pass_to_fail"]
        if not f2p and not p2f:
            lines.append("flipped: none (every episode has the same outcome in both runs)")
        else:
            lines.append(f"flipped: {len(f2p)} fail -> pass, {len(p2f)} pass -> fail")
            for name, keys in ((f"fail -> pass ({b} passed)", f2p), (f"pass -> fail ({b} failed)", p2f)):
                if keys:
                    more = f" ... and {len(keys) - SHOW_FLIPS} more" if len(keys) > SHOW_FLIPS else ""
                    lines.append(f"  {name}: {', '.join(keys[:SHOW_FLIPS])}{more}")
    return "\n".join(lines)


def compare_markdown(result: dict[str, Any]) -> str:
    """The comparison as markdown, with every flipped episode listed."""
    lines = ["# Comparison", ""] + [f"- {line}" for line in _intro(result)] + ["", "## Scores (%)", ""]
    lines += _table(*_score_rows(result))
    for pair in result["pairs"]:
        b = pair["b"]
        lines += [f"## {b} vs A (paired bootstrap)", ""]
        lines += _table(*_pair_rows(pair))
        for name, keys in (("fail → pass", pair["fail_to_pass"]), ("pass → fail", pair["pass_to_fail"])):
            lines += [f"### {name} ({len(keys)})", ""]
            lines += [", ".join(f"`{k}`" for k in keys) if keys else "none", ""]
    return "\n".join(lines).rstrip() + "\n"


def write_compare_md(result: dict[str, Any], path: Path) -> None:
    Path(path).write_text(compare_markdown(result), encoding="utf-8")


def write_compare_png(result: dict[str, Any], path: Path) -> None:
    """Scores per run with their 95% intervals, and each B - A with its paired 95% interval."""
    fig = _figure(13, 4.8)
    left, right = fig.subplots(1, 2)
    n = len(result["runs"])
    width = 0.8 / n
    for j, r in enumerate(result["runs"]):
        vals = [r["scores"][k] or 0.0 for k in KEYS]
        ci = [r["ci95"].get(k) or [v, v] for k, v in zip(KEYS, vals, strict=True)]
        err = [
            [max(v - c[0], 0) for v, c in zip(vals, ci, strict=True)],
            [max(c[1] - v, 0) for v, c in zip(vals, ci, strict=True)],
        ]
        xs = [i - 0.4 + width * (j + 0.5) for i in range(len(KEYS))]
        left.bar(xs, vals, width, yerr=err, capsize=3, label=f"{r['label']}: {r['policy']}")
    left.set_xticks(range(len(KEYS)), [LABELS[k] for k in KEYS])
    left.set_ylim(0, 105)
    left.set_ylabel("success % (95% interval)")
    left.legend(fontsize=8)
    left.set_title("scores over the shared episodes", fontsize=10)
    m = len(result["pairs"])
    for j, pair in enumerate(result["pairs"]):
        xs, ys, lo, hi = [], [], [], []
        for i, k in enumerate(KEYS):
            st = pair["dimensions"][k]
            if st is None:
                continue
            xs.append(i - 0.3 + 0.6 * (j + 0.5) / m)
            ys.append(st["delta"])
            lo.append(max(st["delta"] - st["ci95"][0], 0))
            hi.append(max(st["ci95"][1] - st["delta"], 0))
        right.errorbar(xs, ys, yerr=[lo, hi], fmt="o", capsize=4, label=f"{pair['b']} - A")
    right.axhline(0, color="#888888", linewidth=1)
    right.set_xticks(range(len(KEYS)), [LABELS[k] for k in KEYS])
    right.set_ylabel("difference, points (paired 95% interval)")
    right.legend(fontsize=8)
    right.set_title("paired differences", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, format="png", metadata={"Software": None})
