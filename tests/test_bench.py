"""Smoke test of the throughput benchmark: a tiny configuration runs end to end and reports every figure
with the right keys and types. No timing assertions (the machine is shared and noisy)."""

from __future__ import annotations

import numbers
from pathlib import Path

import orjson
import pytest

from mpb_env.rollouts.bench import (
    BenchConfig,
    PointWritePolicy,
    _goals,
    bench_task,
    dumps,
    format_report,
    hotspots,
    run_bench,
    synthetic_plan,
)
from mpb_env.rollouts.cli import main
from mpb_env.tasks import episodes, load_tasks

TINY = BenchConfig(
    sizes=("S",),
    step_world="S",
    repeats=2,
    inner=3,
    copy_repeats=1,
    memory_envs=3,
    step_episodes=1,
    vector_ns=(1, 2),
    vector_steps=16,
    oracle_repeats=1,
    ray=False,
    profile=False,
    quick=True,
)


def _num(x: object) -> bool:
    return isinstance(x, numbers.Real) and not isinstance(x, bool)


@pytest.fixture(scope="module")
def report() -> dict:
    return run_bench(TINY)


def test_report_has_every_section_and_is_json(report: dict) -> None:
    assert set(report) == {
        "meta", "reset", "memory", "step", "vector", "oracle_run", "episodes", "ray", "goals", "notes"
    }  # fmt: skip
    again = orjson.loads(dumps(report))
    assert again["meta"]["quick"] is True and again["meta"]["config"]["sizes"] == ["S"]
    assert report["ray"] == {"skipped": True}
    assert isinstance(report["notes"], list) and all(isinstance(n, str) for n in report["notes"])
    assert "goals" in format_report(report)


def test_reset_figures(report: dict) -> None:
    r = report["reset"]["S"]
    for key in (
        "world_bytes",
        "records",
        "reset_us",
        "fork_us",
        "deepcopy_us",
        "orjson_loads_us",
        "sqlite_clone_us",
        "deepcopy_over_reset",
        "orjson_over_reset",
        "sqlite_over_reset",
        "deepcopy_over_fork",
    ):
        assert _num(r[key]) and r[key] > 0, key
    assert report["reset"]["writes_per_episode"] == 15 and "M" not in report["reset"]


def test_memory_step_vector_and_oracle_figures(report: dict) -> None:
    m = report["memory"]
    assert m["envs"] == 3 and m["turns"] == 15 and m["records_written"] == 15
    assert _num(m["bytes_per_env"]) and _num(m["world_bytes_traced"]) and _num(m["world_over_env"])
    step = report["step"]
    assert _num(step["raw_floor_us"])
    for kind in ("point_write", "read_by_key", "scan", "search"):
        assert {"action", "median_us", "over_floor", "steps_per_s"} <= set(step[kind])
        assert _num(step[kind]["median_us"]) and _num(step[kind]["over_floor"])
    vec = report["vector"]
    for n in ("1", "2"):
        row = vec[n]
        assert row["cycles"] >= 3
        for key in ("ours_us_per_sub_env", "sync_us_per_sub_env", "sync_over_ours"):
            assert _num(row[key]) and row[key] > 0
    o = report["oracle_run"]
    assert "error" not in o
    assert o["episodes"] == len(episodes(load_tasks("bench")))
    assert _num(o["seconds"]) and _num(o["episodes_per_s"]) and o["passed"] == o["episodes"]


def test_real_episode_figures(report: dict) -> None:
    ep = report["episodes"]
    n = len(episodes(load_tasks("bench")))
    for figures in (ep, ep["cold"]):
        assert figures["all"]["episodes"] == n
        assert sum(v["episodes"] for v in figures["by_dimension"].values()) == n
        assert set(figures["by_dimension"]) == {"basic", "memory", "skill", "subagent"}
        for row in (figures["all"], *figures["by_dimension"].values()):
            assert _num(row["median_us"]) and _num(row["p90_us"]) and row["p90_us"] >= row["median_us"] > 0
        ms = figures["memory_search"]
        assert ms["calls"] > 0 and _num(ms["median_us"]) and ms["median_us"] > 0
    assert {"memory_search_us", "episode_p90_us"} <= set(report["goals"])
    assert "real episodes" in format_report(report)


def test_goals_are_judged(report: dict) -> None:
    goals = report["goals"]
    assert {
        "reset_us",
        "memory_bytes_per_env",
        "point_write_step_us",
        "vector_us_per_sub_env",
        "vector_sync_over_ours",
    } <= set(goals)
    assert ("oracle_run_s" in goals) == ("seconds" in report["oracle_run"])
    assert "deepcopy_over_reset_L" not in goals and "ray_efficiency_per_core" not in goals
    for g in goals.values():
        assert isinstance(g["met"], bool) and isinstance(g["target"], str) and _num(g["measured"])


def test_point_write_policy_plays_fourteen_writes_then_finishes() -> None:
    task = bench_task("S")
    plan = synthetic_plan(task, 3)
    assert [t.id for t in plan] == [f"{task.id}#00000", f"{task.id}#00001", f"{task.id}#00002"]
    assert all(t.query == task.query for t in plan)
    policy = PointWritePolicy()
    policy.reset(0, {})
    turns = [policy.act(["obs"], [{"slot": 0}])[0] for _ in range(15)]
    assert all('"update_alarm"' in t for t in turns[:14]) and turns[14] == "Done."
    assert policy.first_act_ns is not None


def test_hotspots_names_the_busy_function() -> None:
    def busy() -> int:
        return sum(i * i for i in range(20_000))

    text = hotspots(busy)
    assert text.startswith("own time: ") and "cumulative: " in text and "%" in text


def test_mpb_bench_parser_and_flags() -> None:
    from mpb_env.rollouts.cli import build_parser

    args = build_parser().parse_args(["bench", "--json", "--no-ray"])
    assert args.json and args.no_ray and args.func.__name__ == "cmd_bench"
    assert main(["bench", "--bogus"]) == 2


def test_throughput_script_parses_its_flags() -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "throughput.py"
    spec = importlib.util.spec_from_file_location("throughput", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with pytest.raises(SystemExit) as exc:
        module.main(["--help"])
    assert exc.value.code == 0


def _ray_row(actors: int, batch: int, eff: float, **extra: object) -> dict:
    return {
        "actors": actors,
        "batch": batch,
        "transport": "ray",
        "episodes": 1024,
        "ray_steps_per_s": 1,
        "in_process_steps_per_s": 1,
        "efficiency_per_core": eff,
        "steady_efficiency_per_core": eff + 0.1,
        "ray_startup_s": 0.01,
        **extra,
    }


def test_the_ray_goal_reads_the_policy_rows_and_reports_all_infos_beside(report: dict) -> None:
    """Ray goal rows: batch >= 256 over Ray actor calls with the policy's info keys; the rows handed
    every key are a second reading, and a row from before the field existed counts as one."""
    rows = [
        _ray_row(2, 64, 0.2, infos="policy"),  # below the goal's batch: not read
        _ray_row(2, 256, 0.6, infos="policy"),
        _ray_row(1, 256, 0.8, infos="policy"),
        _ray_row(2, 256, 0.45, infos="all"),
        _ray_row(2, 256, 0.3, transport="channel", infos="policy"),  # an old report's removed transport
        _ray_row(2, 256, 0.55),  # an old report's row: every key was handed then
    ]
    fake = {**report, "ray": {"recall": "oracle", "steps_per_episode": 15, "runs": rows}}
    fake["goals"] = _goals(fake)
    g = fake["goals"]["ray_efficiency_per_core"]
    assert (g["measured"], g["met"]) == (0.6, True)
    assert (g["measured_all_infos"], g["met_all_infos"]) == (0.45, False)
    text = format_report(fake)
    assert "ray_efficiency_per_core: 0.6" in text and "all infos: 0.45 (MISS)" in text
    assert text.count("infos all") == 2 and text.count("infos policy") == 4


def _instructions_module():  # type: ignore[no-untyped-def]
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "instructions.py"
    spec = importlib.util.spec_from_file_location("instructions", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_instruction_counts_are_summed_per_episode_from_callgrind_dumps(tmp_path: Path) -> None:
    ir = _instructions_module()
    dumps = [
        ("start", 7),  # the start-up before the warm pass: not an episode
        ("0|basic|end", 100),
        ("1|memory|before-search", 30),
        ("1|memory|search", 40),
        ("1|memory|end", 50),
        ("2|memory|before-search", 5),
        ("2|memory|search", 60),
        ("2|memory|end", 10),
    ]
    # dump files as callgrind names them, read back in dump order (cg.out.10 after cg.out.9)
    for i, (label, total) in enumerate(dumps, start=1):
        body = f"desc: Trigger: Client Request: {label}\nsummary: {total}\n\ntotals: {total}\n"
        (tmp_path / f"cg.out.{i + 5}").write_text(body)
    (tmp_path / "cg.out").write_text("desc: Trigger: Program termination\ntotals: 3\n")
    assert ir._dumps(tmp_path) == dumps
    got = ir.summarise(dumps)
    # episodes of 100, 120 and 75: the inclusive p90 lies 0.8 of the way from 100 to 120
    assert got["all"] == {"episodes": 3, "median_ir": 100, "p90_ir": 116}
    assert got["by_dimension"]["memory"]["episodes"] == 2
    assert got["memory_search"] == {"calls": 2, "median_ir": 50}
    assert "memory search: median 50 over 2 calls" in ir.format_report({"world": "M", **got})
    with pytest.raises(SystemExit) as exc:
        ir.main(["--limit", "0"])
    assert exc.value.code == 2
