"""Runs as training data: ``mpb export`` (replayed, checked chat records)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import datasets
import orjson
import pytest

from mpb_env.parsing import ToolCall, parse_turn
from mpb_env.rollouts.cli import main
from mpb_env.rollouts.export import ExportError, read_export, run_records
from mpb_env.rollouts.policies import OraclePolicy
from mpb_env.rollouts.runner import read_trajectories, run
from mpb_env.tasks import task_index


def _eval(out: Path, *extra: str) -> None:
    assert main(["eval", "--split", "starter", "--out", str(out), "--no-progress", *extra]) == 0


@pytest.fixture(scope="module")
def oracle_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The oracle over the starter split under BM25 recall: 47 of 52 episodes pass (a gold tool
    outside the top 15 fails the others), skill loads and permission prompts widen A_t."""
    out = tmp_path_factory.mktemp("runs") / "oracle-bm25"
    _eval(out, "--policy", "oracle", "--recall", "bm25")
    return out


@pytest.fixture(scope="module")
def random_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("runs") / "random"
    _eval(out, "--policy", "random")
    return out


def _error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mpb: error: "), err
    return err[0]


# --------------------------------------------------------------------------- export
def test_export_replays_the_run_into_chat_records(oracle_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "export"
    assert main(["export", str(oracle_run), "--out", str(out)]) == 0
    records = read_export(out)
    trajectories = read_trajectories(oracle_run / "trajectories.jsonl")
    assert [r["task_id"] for r in records] == [t.task_id for t in trajectories]
    assert sum(r["success"] for r in records) == 47 and len(records) == 52
    index = task_index("starter")
    for rec, traj in zip(records, trajectories, strict=True):
        assert rec["verdict"] == traj.verdict and rec["reward"] == traj.reward
        assert rec["actions"] == [t["action"] for t in traj.turns]
        task, msgs = index[rec["task_id"]], rec["messages"]
        prompt = msgs[: rec["prompt_messages"]]
        assert prompt[0]["role"] == "system" and prompt[-1] == {"role": "user", "content": task.query}
        assert len(prompt) == 2 + len(task.history)
        names = [t["function"]["name"] for t in rec["tools"]]
        assert len(names) == len(set(names)) and len(rec["turn_tools"]) == len(traj.turns)
        rest = msgs[rec["prompt_messages"] :]
        for t, turn in enumerate(traj.turns):
            assert rec["turn_tools"][t] == names[: len(rec["turn_tools"][t])]  # A_t: a prefix, growing
            assistant = rest.pop(0)
            assert assistant["role"] == "assistant"
            if not turn["observation"]:  # the final message
                assert assistant == {"role": "assistant", "content": turn["action"]}
                continue
            calls = assistant["tool_calls"]
            parsed = [c for c in parse_turn(turn["action"]).calls if isinstance(c, ToolCall)]
            assert [(c["function"]["name"], c["function"]["arguments"]) for c in calls] == [
                (c.name, c.arguments) for c in parsed
            ]
            results = [rest.pop(0) for _ in calls]
            assert [m["tool_call_id"] for m in results] == [c["id"] for c in calls]
            assert all(m["role"] == "tool" for m in results)
            assert orjson.loads(turn["observation"]) == [orjson.loads(m["content"]) for m in results]
        assert rest == []
    grown = {r["task_id"] for r in records if len(r["turn_tools"][-1]) > len(r["turn_tools"][0])}
    assert "basic-010" in grown  # the permission prompt offered grant_app_permission
    assert any(tid.startswith("skill-") for tid in grown)  # load_skill added the skill's tools
    summary = orjson.loads((out / "export.json").read_bytes())
    assert summary["episodes"] == 52 and summary["successes"] == 47 and summary["only_success"] is False


def test_dataset_round_trip_and_only_success(oracle_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "ok"
    assert main(["export", str(oracle_run), "--out", str(out), "--only-success"]) == 0
    records = read_export(out)
    assert len(records) == 47 and all(r["success"] for r in records)
    ds = datasets.load_from_disk(str(out / "dataset"))
    assert ds.num_rows == 47
    assert [ds[i] for i in range(ds.num_rows)] == records  # every value back as written
    full = tmp_path / "full"
    assert main(["export", str(oracle_run), "--out", str(full)]) == 0
    kept = datasets.load_from_disk(str(full / "dataset")).filter(lambda r: r["success"])
    assert kept["task_id"] == [r["task_id"] for r in records]


def test_export_of_a_random_run_and_the_oracle_over_a_split(random_run: Path, tmp_path: Path) -> None:
    records = run_records(random_run)
    assert len(records) == 52 and not any(r["success"] for r in records)
    assert run_records(random_run, only_success=True) == []
    out = tmp_path / "oracle"
    assert main(["export", "--oracle", "--split", "starter", "--out", str(out)]) == 0
    oracle = read_export(out)
    assert len(oracle) == 52 and all(r["success"] and r["policy"] == "oracle" for r in oracle)


def test_malformed_turns_are_kept_as_written(tmp_path: Path) -> None:
    task = task_index("starter")["basic-001"]
    bad = '<tool_call>{"name": "create_alarm", "arguments": {bad}</tool_call>'

    class Stumbling(OraclePolicy):
        """A malformed call first (the start info has no turn), then the oracle's turns."""

        label = "stumbling"

        def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
            return [bad] if "turn" not in infos[0] else super().act(observations, infos)

    out = tmp_path / "run"
    run([task], Stumbling({task.id: task}), recall="oracle", out=out, progress=False)
    (record,) = run_records(out)
    assert record["success"] and record["malformed_turns"] == [0]
    first = record["messages"][record["prompt_messages"]]
    assert first == {"role": "assistant", "content": bad}
    error = record["messages"][record["prompt_messages"] + 1]
    assert error["role"] == "tool" and "tool_call_id" not in error
    assert orjson.loads(error["content"])["error_type"] == "ParseError"


@pytest.mark.parametrize(
    "case",
    [
        "missing",
        "no-run",
        "not-empty",
        "no-source",
        "oracle-without-tasks",
        "changed-task",
        "changed-feedback",
    ],
)
def test_bad_input_is_one_error_line_and_nothing_written(
    case: str, oracle_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    source = oracle_run
    if case == "missing":
        source = tmp_path / "nowhere"
    elif case == "no-run":
        source = tmp_path / "empty"
        source.mkdir()
    elif case == "not-empty":
        out.mkdir()
        (out / "keep.txt").write_text("mine")
    elif case in ("changed-task", "changed-feedback"):
        source = tmp_path / "copy"
        source.mkdir()
        for name in ("run.json", "report.json", "trajectories.jsonl"):
            (source / name).write_bytes((oracle_run / name).read_bytes())
        if case == "changed-task":  # another version of the suite under the same ids
            manifest = orjson.loads((source / "run.json").read_bytes())
            manifest["tasks"] = "0" * 12 + manifest["tasks"][12:]
            (source / "run.json").write_bytes(orjson.dumps(manifest))
        else:
            lines = (source / "trajectories.jsonl").read_bytes().splitlines()
            first = orjson.loads(lines[0])
            first["turns"][0]["observation"] = first["turns"][0]["observation"].replace("success", "error", 1)
            (source / "trajectories.jsonl").write_bytes(b"\n".join([orjson.dumps(first), *lines[1:]]) + b"\n")
    argv = {
        "no-source": ["export", "--out", str(out)],
        "oracle-without-tasks": ["export", "--oracle", "--out", str(out)],
    }.get(case, ["export", str(source), "--out", str(out)])
    before = sorted(p.name for p in tmp_path.iterdir())
    assert main(argv) == 2
    line = _error_line(capsys)
    expected = {
        "missing": "no run directory",
        "no-run": "holds no run",
        "not-empty": "already exists and is not empty",
        "no-source": "give RUN_DIR",
        "oracle-without-tasks": "--oracle needs the tasks",
        "changed-task": "basic-001): its task has changed since the run",
        "changed-feedback": "does not reproduce the run: turn 1's feedback differs",
    }[case]
    assert expected in line
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no export, no temporary directory
    if case == "not-empty":
        assert [p.name for p in out.iterdir()] == ["keep.txt"]


def test_run_records_refuses_a_run_still_being_written(oracle_run: Path, tmp_path: Path) -> None:
    from filelock import FileLock

    copy = tmp_path / "live"
    copy.mkdir()
    for name in ("run.json", "trajectories.jsonl"):
        (copy / name).write_bytes((oracle_run / name).read_bytes())
    with FileLock(copy / "run.lock"), pytest.raises(ExportError, match="still writing"):
        run_records(copy)
    assert len(run_records(copy)) == 52  # no report.json: the task is found by its digest in any split
