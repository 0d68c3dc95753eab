"""Reading results: ``report.md`` / ``report.png``, ``mpb compare`` and ``mpb eval --repeats``."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import orjson
import pytest

from mpb_env.rollouts.cli import main
from mpb_env.rollouts.compare import compare_runs, episode_keys, paired_bootstrap
from mpb_env.rollouts.repeats import stability
from mpb_env.rollouts.report_files import report_markdown, run_details
from mpb_env.tasks import load_tasks

PER_DIMENSION = 8


@pytest.fixture(scope="module")
def task_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The first bench tasks of each dimension (skill tasks play twice: SOR and MTSR)."""
    tasks = load_tasks("bench")
    picked = [
        t
        for d in ("basic", "subagent", "memory", "skill")
        for t in [t for t in tasks if t.dimension == d][:PER_DIMENSION]
    ]
    path = tmp_path_factory.mktemp("tasks") / "tasks.jsonl"
    path.write_text("".join(t.model_dump_json() + "\n" for t in picked))
    return path


def _eval(tasks: Path, out: Path, *extra: str) -> None:
    assert main(["eval", "--tasks", str(tasks), "--out", str(out), "--no-progress", *extra]) == 0


@pytest.fixture(scope="module")
def runs(task_file: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("runs")
    out = {name: root / name for name in ("random", "random_again", "oracle", "random_top10")}
    _eval(task_file, out["random"], "--policy", "random", "--seed", "3")
    _eval(task_file, out["random_again"], "--policy", "random", "--seed", "3")
    _eval(task_file, out["oracle"], "--policy", "oracle")
    _eval(task_file, out["random_top10"], "--policy", "random", "--top-n", "10")
    return out


# --------------------------------------------------------------------------- report files
def test_eval_out_writes_report_md_and_png(runs: dict[str, Path]) -> None:
    run = runs["random"]
    md = (run / "report.md").read_text()
    rep = orjson.loads((run / "report.json").read_bytes())
    for heading in (
        "## Scores (Table 3 row, %)",
        "### Basic",
        "### Skills",
        "## By bucket",
        "## By routing",
        "## By outcome",
        "## Gate failures",
        "## Tool errors",
        "## Settings",
    ):
        assert heading in md, heading
    # The Table 3 row carries the report's own numbers and intervals.
    row = next(line for line in md.splitlines() if line.startswith("| score |"))
    assert f"| {rep['overall']:.2f} |" in row and f"| {rep['avg_steps']:.2f} |" in row
    ci = rep["ci95"]["basic"]
    assert f"[{ci[0]:.2f}, {ci[1]:.2f}]" in md
    assert f"Suite `{rep['suite_version']}`" in md and "| seed | `3` |" in md
    # Every episode ran to its end: "ok" (a final message) or "budget" (T_max), matching report.json's
    # counts and adding up to the completed episodes; memory and skill tasks are gated.
    counts = {o: n for o, n in rep["outcomes"].items() if o in ("ok", "budget") and n}
    assert counts and sum(counts.values()) == rep["completed"]
    for o, n in counts.items():
        assert f"| {o} | {n} |" in md
    assert "| memory |" in md and "| skill |" in md
    png = (run / "report.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000


def test_report_md_tool_error_rates_add_up(runs: dict[str, Path]) -> None:
    lines = [orjson.loads(x) for x in (runs["random"] / "trajectories.jsonl").read_bytes().splitlines()]
    details = run_details(lines)
    te = details["tool_errors"]
    assert te["calls"] == sum(x["steps"] for x in lines) > 0
    assert te["errors"] == sum(x["tool_errors"] for x in lines) == sum(te["by_type"].values()) > 0
    md = (runs["random"] / "report.md").read_text()
    assert f"{te['errors']} errors in {te['calls']} tool calls" in md
    top, n = next(iter(te["by_type"].items()))
    assert f"| {top} | {n} | {100 * n / te['calls']:.2f} |" in md


def test_run_details_reads_outcomes_with_a_default() -> None:
    """Trajectories from before ``outcome`` / ``reward_valid`` existed count as ``ok`` and valid."""
    old = {
        "success": True,
        "steps": 2,
        "error_types": [],
        "verdict": {"primary": True, "gates": {"memory": True}},
    }
    new = {
        "success": False,
        "steps": 3,
        "error_types": ["NotFound", "NotFound"],
        "outcome": "policy_timeout",
        "reward_valid": False,
        "verdict": {"primary": True, "gates": {"memory": False}},
    }
    details = run_details([old, new, {**new, "outcome": "budget", "verdict": {}}])
    assert details["by_outcome"] == {
        "ok": {"episodes": 1, "successes": 1},
        "policy_timeout": {"episodes": 1, "successes": 0},
        "budget": {"episodes": 1, "successes": 0},
    }
    assert details["invalid_rewards"] == 2
    assert details["gates"] == {"memory": {"checked": 2, "failed": 1, "failed_primary_passed": 1}}
    assert details["tool_errors"]["by_type"] == {"NotFound": 4} and details["tool_errors"]["calls"] == 8
    md = report_markdown({"episodes": 4, "completed": 3}, details)
    assert "| policy_timeout | 1 | 0 |" in md and "| not run (counted as failures) | 1 | 0 |" in md
    assert "2 episodes have no valid reward" in md


# --------------------------------------------------------------------------- compare
def test_compare_two_runs_of_one_seed_say_no_difference(
    runs: dict[str, Path], capsys, tmp_path: Path
) -> None:
    md, png = tmp_path / "c.md", tmp_path / "c.png"
    args = ["compare", str(runs["random"]), str(runs["random_again"]), "--md", str(md), "--png", str(png)]
    assert main(args) == 0
    out = capsys.readouterr().out
    verdicts = [line for line in out.splitlines() if line.split()[:1] in (["Overall"], ["Basic"], ["Skills"])]
    assert len(verdicts) == 3 and all(line.endswith("no difference") for line in verdicts)
    assert "significant" not in out
    assert "flipped: none (every episode has the same outcome in both runs)" in out
    result = compare_runs([runs["random"], runs["random_again"]])
    pair = result["pairs"][0]
    assert pair["fail_to_pass"] == [] and pair["pass_to_fail"] == []
    for st in pair["dimensions"].values():
        assert st["delta"] == 0 and st["ci95"] == [0, 0] and st["p_b_better"] == 0 and st["changed"] == 0
    assert "## B vs A (paired bootstrap)" in md.read_text()
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_compare_oracle_against_random_is_significant(runs: dict[str, Path], capsys, tmp_path: Path) -> None:
    md = tmp_path / "c.md"
    assert main(["compare", str(runs["random"]), str(runs["oracle"]), "--md", str(md)]) == 0
    out = capsys.readouterr().out
    assert "significant: B better" in out
    result = compare_runs([runs["random"], runs["oracle"]])
    pair = result["pairs"][0]
    for key in ("overall", "basic", "subagent", "memory", "skill"):
        st = pair["dimensions"][key]
        assert st["verdict"] == "significant: B better", key
        assert st["ci95"][0] > 0 and st["p_b_better"] == 1.0 and st["p_a_better"] == 0.0
    assert result["runs"][1]["scores"]["overall"] == 100.0
    # Every episode the random run failed flipped; none the other way (the oracle passes them all).
    random_lines = [
        orjson.loads(x) for x in (runs["random"] / "trajectories.jsonl").read_bytes().splitlines()
    ]
    failed = [k for k, x in zip(episode_keys(random_lines), random_lines, strict=True) if not x["success"]]
    assert pair["fail_to_pass"] == failed and pair["pass_to_fail"] == []
    text = md.read_text()
    assert f"### fail → pass ({len(failed)})" in text and all(f"`{k}`" in text for k in failed)
    # The swapped order says A is better, with the mirrored difference.
    swapped = compare_runs([runs["oracle"], runs["random"]])["pairs"][0]["dimensions"]["overall"]
    assert (
        swapped["verdict"] == "significant: A better"
        and swapped["delta"] == -pair["dimensions"]["overall"]["delta"]
    )


def test_compare_is_seeded_and_deterministic(runs: dict[str, Path]) -> None:
    paths = [runs["random"], runs["oracle"], runs["random_again"]]
    first = compare_runs(paths, n_boot=3000, seed=5)
    assert first == compare_runs(paths, n_boot=3000, seed=5)
    assert [p["b"] for p in first["pairs"]] == ["B", "C"]  # every run against A


def test_compare_refuses_runs_of_other_settings_or_suites(
    runs: dict[str, Path], capsys, tmp_path: Path
) -> None:
    assert main(["compare", str(runs["random"]), str(runs["random_top10"])]) == 2
    err = capsys.readouterr().err.strip()
    assert (
        err.count("\n") == 0
        and "different settings (top_n=15 vs 10)" in err
        and err.startswith("mpb: error:")
    )
    other = tmp_path / "other-suite"
    shutil.copytree(runs["random_again"], other)
    manifest = orjson.loads((other / "run.json").read_bytes())
    manifest["suite_version"] = "bench-v0"
    (other / "run.json").write_bytes(orjson.dumps(manifest))
    assert main(["compare", str(runs["random"]), str(other)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "different suite versions" in err
    assert main(["compare", str(runs["random"])]) == 2
    assert "two or more run directories" in capsys.readouterr().err


def test_compare_refuses_an_episode_that_was_another_task(
    runs: dict[str, Path], capsys, tmp_path: Path
) -> None:
    changed = tmp_path / "changed"
    shutil.copytree(runs["random_again"], changed)
    manifest = orjson.loads((changed / "run.json").read_bytes())
    manifest["tasks"] = "0" * 12 + manifest["tasks"][12:]  # the first episode's task digest
    (changed / "run.json").write_bytes(orjson.dumps(manifest))
    assert main(["compare", str(runs["random"]), str(changed)]) == 2
    assert "was another task in each" in capsys.readouterr().err


def test_paired_bootstrap_resamples_tasks_not_episodes() -> None:
    keys = ["s1@SOR", "s1@MTSR", "s2@SOR", "s2@MTSR", "b1", "b1#2"]
    a = np.array([0, 0, 1, 1, 0, 0], dtype=float)
    b = np.array([1, 1, 1, 1, 1, 1], dtype=float)
    draws = paired_bootstrap(keys, a, b, 2000, np.random.default_rng(0))
    # Three units of two episodes each: every draw's difference is a multiple of 1/3 of 100 points,
    # and the s2 unit alone (no change) gives 0.
    thirds = np.round(draws / (100 / 3), 6)
    assert np.all(thirds == np.round(thirds)) and draws.min() == 0 and draws.max() == 100
    assert np.all(paired_bootstrap(keys, a, a, 100, np.random.default_rng(0)) == 0)


# --------------------------------------------------------------------------- repeats
def test_eval_repeats_writes_table_4_and_resumes(task_file: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "rep"
    argv = ["eval", "--policy", "random", "--tasks", str(task_file), "--repeats", "3", "--seed", "7"]
    assert main([*argv, "--out", str(out), "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "Run-to-run stability over 3 runs" in text and "Std." in text and "Range" in text
    reports = [orjson.loads((out / f"run-{i}" / "report.json").read_bytes()) for i in (1, 2, 3)]
    assert [r["run"]["seed"] for r in reports] == [7, 8, 9]
    assert all((out / f"run-{i}" / "report.md").is_file() for i in (1, 2, 3))
    table = orjson.loads((out / "repeats.json").read_bytes())
    assert table["runs"][1]["seed"] == 8 and table["settings"]["seeds"] == [7, 8, 9]
    basic = [r["basic"] for r in reports]
    assert table["mean"]["basic"] == round(float(np.mean(basic)), 2)
    assert table["std"]["basic"] == round(float(np.std(basic, ddof=1)), 2)
    assert table["range"]["basic"] == round(max(basic) - min(basic), 2)
    assert table == stability(reports, [7, 8, 9]) | {"settings": table["settings"]}
    md = (out / "repeats.md").read_text()
    assert "| Std. |" in md and "| Range |" in md and "| 2 (seed 8) |" in md
    before = (out / "repeats.json").read_bytes()

    # Without --resume the runs are kept: refused before anything runs.
    assert main([*argv, "--out", str(out), "--no-progress"]) == 2
    assert "already holds a run" in capsys.readouterr().err
    # An interrupted second run is continued by --resume alone, to the same table.
    traj = out / "run-2" / "trajectories.jsonl"
    lines = traj.read_bytes().splitlines(keepends=True)
    traj.write_bytes(b"".join(lines[: len(lines) // 2]))
    assert main([*argv, "--out", str(out), "--no-progress", "--resume"]) == 0
    assert (out / "repeats.json").read_bytes() == before
    assert len(traj.read_bytes().splitlines()) == len(lines)


def test_eval_repeats_needs_out(task_file: Path, capsys) -> None:
    assert main(["eval", "--policy", "random", "--tasks", str(task_file), "--repeats", "2"]) == 2
    assert "--repeats needs --out" in capsys.readouterr().err
