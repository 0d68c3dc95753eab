"""The ``mpb`` command line, driven through ``main(argv)`` on hand-made task files."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from mpb_env.domains import DOMAIN_COUNTS, catalog
from mpb_env.rollouts.cli import _warning_line, info_data, main, read_task_file, validate_tasks
from mpb_env.rollouts.runner import tasks_digest
from mpb_env.tasks.model import Task
from mpb_env.validation import allowed_errors
from mpb_env.world.generate import load_world

V = "cli-test-v1"


def call(name: str, **arguments: object) -> str:
    return orjson.dumps({"name": name, "arguments": arguments}).decode()


def _task(id: str, **kw: object) -> Task:
    base: dict = {"id": id, "version": V, "dimension": "basic", "category": "grounding", "bucket": "tool"}
    return Task.model_validate(base | kw)


ALARM = _task(
    "cli-alarm",
    query="Set an alarm for 5:20 called Run.",
    gold={"calls": [{"name": "create_alarm", "arguments": {"time": "05:20", "label": "Run"}}]},
    gold_tools=["create_alarm"],
    oracle=[call("create_alarm", time="05:20", label="Run"), "Your 5:20 alarm 'Run' is set."],
)
FAULT = _task(
    "cli-fault",
    category="recovery",
    query="Remind me to call the bank.",
    faults=[{"tool": "create_reminder"}],
    gold={"calls": [{"name": "create_reminder", "arguments": {"title": "Call the bank"}}]},
    gold_tools=["create_reminder"],
    frictions=["runtime_error"],
    oracle=[call("create_reminder", title="Call the bank")] * 2 + ["Reminder added."],
)
REFUSE = _task(
    "cli-refuse",
    category="recovery",
    bucket="behavior",
    query="Start a 150-hour timer.",
    gold={"rubric": {"final_kind": "refusal", "must_include": [["99:59:59"]], "forbid_mutations": True}},
    gold_tools=["start_timer"],
    frictions=["capability_limit"],
    oracle=[call("start_timer", duration_seconds=540000), "Sorry, timers can't run longer than 99:59:59."],
)
RUNNABLE = [ALARM, FAULT, REFUSE]
# Counted by `info` and shown by `show`, never run.
SKILL = _task(
    "cli-skill",
    dimension="skill",
    category="routine",
    query="Start my evening routine.",
    gold={"calls": []},
    gold_skill="skill_evening",
    oracle=["Done."],
)
MEMORY = _task(
    "cli-memory",
    dimension="memory",
    category="single-record",
    bucket="state",
    query="Book my usual table.",
    gold={"delta": []},
    gold_memory_ids=["mem_001"],
    oracle=["Done."],
)
# Broken tasks `validate` must catch.
WRONG_ORACLE = _task(
    "cli-bad-oracle",
    query="Set an alarm for 5:25.",
    gold={"calls": [{"name": "create_alarm", "arguments": {"time": "05:25"}}]},
    gold_tools=["create_alarm"],
    oracle=["Done, your alarm is set."],
)
UNEXPLAINED = _task(
    "cli-bad-error",
    query="Set an alarm for 5:35.",
    gold={"calls": [{"name": "create_alarm", "arguments": {"time": "05:35"}}]},
    gold_tools=["create_alarm", "delete_alarm"],
    oracle=[call("delete_alarm", alarm_id="alarm_999"), call("create_alarm", time="05:35"), "Alarm set."],
)
NULL_PASSES = _task(
    "cli-bad-null",
    bucket="behavior",
    category="recovery",
    query="Teleport me to Paris.",
    gold={"rubric": {"final_kind": "refusal"}},
    oracle=["Sorry, I can't do that."],
)


def write(path: Path, tasks: list[Task]) -> str:
    path.write_bytes(b"".join(orjson.dumps(t.model_dump(mode="json")) + b"\n" for t in tasks))
    return str(path)


@pytest.fixture
def runnable(tmp_path: Path) -> str:
    return write(tmp_path / "runnable.jsonl", RUNNABLE)


@pytest.fixture
def mixed(tmp_path: Path) -> str:
    return write(tmp_path / "mixed.jsonl", [*RUNNABLE, SKILL, MEMORY])


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict | list:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return orjson.loads(out)


# --------------------------------------------------------------------------- info / tools / show
def test_info_json_shape(capsys, mixed: str) -> None:
    data = run_json(capsys, "info", "--tasks", mixed)
    assert set(data) == {"tools", "tasks"}
    tools, tasks = data["tools"], data["tasks"]
    assert tools["total"] == len(catalog()) == sum(tools["by_domain"].values())
    assert list(tools["by_domain"])[: len(DOMAIN_COUNTS)] == list(DOMAIN_COUNTS)
    assert tasks["total"] == 5 and tasks["episodes"] == 6
    assert tasks["by_dimension"] == {"basic": 3, "skill": 1, "memory": 1}
    assert tasks["by_category"]["basic"] == {"grounding": 1, "recovery": 2}
    assert tasks["by_bucket"] == {"tool": 3, "behavior": 1, "state": 1}
    assert tasks["by_routing"] == {"SOR": 1, "MTSR": 1}
    assert data == info_data([*RUNNABLE, SKILL, MEMORY])


def test_info_text(capsys, mixed: str) -> None:
    code, out, _ = run(capsys, "info", "--tasks", mixed)
    assert code == 0 and "Tools:" in out and "5 tasks, 6 scored episodes" in out and "SOR 1" in out


def test_tools_json_is_the_schemas(capsys) -> None:
    schemas = run_json(capsys, "tools")
    assert [s["function"]["name"] for s in schemas] == sorted(
        catalog(), key=lambda n: (list(DOMAIN_COUNTS).index(catalog()[n].domain), list(catalog()).index(n))
    )
    assert all({"type", "function", "domain", "mutates"} <= set(s) for s in schemas)
    time_tools = run_json(capsys, "tools", "--domain", "time management")
    assert time_tools and {s["domain"] for s in time_tools} == {"Time Management"}


def test_tools_text(capsys) -> None:
    code, out, _ = run(capsys, "tools", "--domain", "Time Management")
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("create_alarm "))
    assert "Time Management" in line and "write" in line


def test_show(capsys, mixed: str) -> None:
    data = run_json(capsys, "show", "cli-fault", "--tasks", mixed)
    assert data["id"] == "cli-fault" and data["oracle"] == FAULT.oracle and data["bucket"] == "tool"
    variant = run_json(capsys, "show", "cli-skill@SOR", "--tasks", mixed)
    assert variant["routing"] == "SOR"
    code, out, _ = run(capsys, "show", "cli-fault", "--tasks", mixed)
    assert (
        code == 0
        and "query: Remind me to call the bank." in out
        and "oracle:" in out
        and "create_reminder" in out
    )


# --------------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["bogus"],
        ["eval", "--resume"],
        ["eval", "--address", "auto", "--tasks", "{runnable}"],
        ["eval", "--transport", "ray", "--tasks", "{runnable}"],
        ["eval", "--ray", "--transport", "pigeon", "--tasks", "{runnable}"],
        ["eval", "--ray", "--transport", "channel", "--tasks", "{runnable}"],
        ["eval", "--policy", "gpt", "--tasks", "{runnable}"],
        ["eval", "--policy", "hf:./no/such/model", "--tasks", "{runnable}"],
        ["eval", "--policy", "null", "--dimension", "planning", "--tasks", "{runnable}"],
        ["eval", "--policy", "null", "--dimension", "memory", "--tasks", "{runnable}"],
        ["eval", "--policy", "null", "--limit", "0", "--tasks", "{runnable}"],
        ["eval", "--policy", "null", "--recall", "magic", "--tasks", "{runnable}"],
        ["eval", "--policy", "random", "--seed", "-1", "--tasks", "{runnable}"],
        ["eval", "--policy", "random", "--seed", "99999999999999999999", "--tasks", "{runnable}"],
        ["eval", "--policy", "null", "--out", "{bad_file}", "--tasks", "{runnable}"],
        ["eval", "--policy", "null", "--tasks", "{bad_now}"],
        ["eval", "--policy", "null", "--tasks", "{dup}"],
        ["eval", "--policy", "null", "--top-n", "99999999999999999999", "--tasks", "{runnable}"],
        ["eval", "--policy", "null", "--max-turns", "2147483648", "--tasks", "{runnable}"],
        ["eval", "--policy", "null", "--out", "", "--tasks", "{runnable}"],
        ["eval", "--policy", "null", "--tasks", ""],
        ["eval", "--policy", "null", "--split", "starter", "--tasks", "{runnable}"],
        ["info", "--split", "bench", "--tasks", "{runnable}"],
        ["validate", "--split", "starter", "--tasks", "{runnable}"],
        ["validate", "--tasks", "{empty}"],
        ["show", "cli-alarn", "--tasks", "{runnable}"],
        ["show", "--tasks", "{runnable}"],
        ["info", "--tasks", "/nonexistent/tasks.jsonl"],
        ["info", "--split", "nope"],
        ["tools", "--domain", "Teleportation"],
        ["validate", "--tasks", "{bad_file}"],
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(
    capsys, tmp_path: Path, runnable: str, argv: list[str]
) -> None:
    bad_file = tmp_path / "bad.jsonl"
    bad_file.write_text('{"id": "x"}\n')
    bad_now = tmp_path / "bad_now.jsonl"
    record = orjson.loads(Path(runnable).read_bytes().splitlines()[0])
    bad_now.write_bytes(orjson.dumps({**record, "now": "not a time"}) + b"\n")
    dup = tmp_path / "dup.jsonl"
    dup.write_bytes(Path(runnable).read_bytes().splitlines()[0] + b"\n" + Path(runnable).read_bytes())
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    argv = [
        a.format(runnable=runnable, bad_file=bad_file, bad_now=bad_now, dup=dup, empty=empty) for a in argv
    ]
    code, out, err = run(capsys, *argv)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mpb: error: "), err
    assert "Traceback" not in err and out == ""


def test_unknown_task_suggests_close_ids(capsys, runnable: str) -> None:
    _, _, err = run(capsys, "show", "cli-alarn", "--tasks", runnable)
    assert "cli-alarm" in err


def test_help_exits_0(capsys) -> None:
    assert main(["--help"]) == 0
    assert "eval" in capsys.readouterr().out


# --------------------------------------------------------------------------- eval
def test_eval_oracle_100_with_note_and_files(capsys, tmp_path: Path, runnable: str) -> None:
    out_dir = tmp_path / "run"
    code, out, err = run(
        capsys,
        "eval",
        "--policy",
        "oracle",
        "--tasks",
        runnable,
        "--world-size",
        "S",
        "--out",
        str(out_dir),
        "--json",
    )
    assert code == 0
    report = orjson.loads(out)
    for key in ("overall", "basic", "subagent", "memory", "skill", "episodes"):
        assert key in report
    assert isinstance(report["episodes"], int) and report["episodes"] == 3
    # The oracle runs under the default settings like any policy (no switch to oracle recall); the
    # report gives the ceiling those settings leave (tests/test_reach.py: one below 100%).
    assert report["run"]["recall"] == "bm25" and report["run"]["tool_search"] is True
    assert report["basic"] == 100.0 and "recall oracle" not in err
    assert report["reach"]["by_dimension"]["basic"]["ceiling"] == 1.0
    assert report["reach"]["by_dimension"]["basic"]["unsolvable"] == []
    assert report["run"]["suite_version"] == V and report["suite_version"] == V
    assert report["run"]["tasks"] == runnable and report["run"]["split"] is None
    assert orjson.loads((out_dir / "report.json").read_bytes()) == report
    lines = (out_dir / "trajectories.jsonl").read_bytes().splitlines()
    assert [orjson.loads(x)["task_id"] for x in lines] == ["cli-alarm", "cli-fault", "cli-refuse"]
    # the report names the version of the tasks it scored: the same ids with another gold differ
    played = read_task_file(Path(runnable))
    assert report["run"]["tasks_sha256"] == tasks_digest(played)
    changed = [played[0], played[1].model_copy(update={"gold": played[2].gold}), played[2]]
    assert tasks_digest(changed) != tasks_digest(played)


def test_eval_null_0_text_table(capsys, runnable: str) -> None:
    code, out, err = run(capsys, "eval", "--policy", "null", "--tasks", runnable, "--world-size", "S")
    assert code == 0 and "recall oracle" not in err
    header, score = out.splitlines()[:2]
    assert "Overall" in header and "Avg output tokens" in header
    assert score.split()[1:3] == ["0.00", "0.00"]


def test_eval_explicit_recall_and_limit(capsys, runnable: str) -> None:
    report = run_json(
        capsys,
        "eval",
        "--policy",
        "oracle",
        "--recall",
        "all",
        "--limit",
        "2",
        "--tasks",
        runnable,
        "--world-size",
        "S",
    )
    assert report["episodes"] == 2 and report["basic"] == 100.0 and report["run"]["recall"] == "all"


def test_eval_is_deterministic(capsys, tmp_path: Path, runnable: str) -> None:
    blobs = []
    for name in ("a", "b"):
        out_dir = tmp_path / name
        code, _, _ = run(
            capsys, "eval", "--policy", "random", "--seed", "5", "--recall", "all", "--tasks", runnable,
            "--world-size", "S", "--out", str(out_dir), "--json",
        )  # fmt: skip
        assert code == 0
        blobs.append(((out_dir / "trajectories.jsonl").read_bytes(), (out_dir / "report.json").read_bytes()))
    assert blobs[0] == blobs[1]


# --------------------------------------------------------------------------- validate
def test_validate_passes_good_tasks(capsys, runnable: str) -> None:
    digest = load_world("S").digest()
    code, out, _ = run(capsys, "validate", "--tasks", runnable, "--world-size", "S")
    assert code == 0 and "3 passed, 0 failed" in out
    result = run_json(capsys, "validate", "--tasks", runnable, "--world-size", "S")
    assert result["episodes"] == 3 and result["failed"] == []
    if result["sensitivity"] is not None:
        assert set(result["sensitivity"]["by_bucket"]) <= {"tool", "state", "behavior"}
    assert load_world("S").digest() == digest


def test_validate_flags_broken_tasks(capsys, tmp_path: Path) -> None:
    path = write(tmp_path / "broken.jsonl", [ALARM, WRONG_ORACLE, UNEXPLAINED, NULL_PASSES])
    code, out, _ = run(capsys, "validate", "--tasks", path, "--world-size", "S")
    assert code == 1 and "cli-bad-oracle" in out and "failed:" in out
    result = validate_tasks([ALARM, WRONG_ORACLE, UNEXPLAINED, NULL_PASSES], world_size="S", progress=False)
    problems = {f["task_id"]: " ".join(f["problems"]) for f in result["failed"]}
    assert "cli-alarm" not in problems
    assert "oracle fails" in problems["cli-bad-oracle"]
    assert "unexplained" in problems["cli-bad-error"] and "NotFound" in problems["cli-bad-error"]
    assert "null policy passes" in problems["cli-bad-null"]


def test_allowed_errors_follow_frictions_and_faults() -> None:
    assert allowed_errors(ALARM) == set()
    assert allowed_errors(FAULT) == {"ServiceUnavailable"}
    assert allowed_errors(REFUSE) == {"InvalidArguments", "CapabilityLimit", "PreconditionFailed"}
    conflict = _task(
        "cli-x",
        query="q",
        frictions=["state_mutation"],
        faults=[{"tool": "create_alarm", "error_type": "Conflict"}],
        gold={"calls": []},
        oracle=["ok"],
    )
    assert allowed_errors(conflict) == {"NotFound", "Conflict"}


def test_an_unreachable_ray_cluster_is_one_line_and_exit_1(capsys, runnable: str, monkeypatch) -> None:
    from mpb_env.rollouts import cli

    def unreachable(*args, **kwargs):  # what ensure_ray raises when ray.init cannot connect
        raise cli.RayUnavailable("cannot connect to the Ray cluster at 10.0.0.9:6379: Failed to connect")

    monkeypatch.setattr(cli, "run", unreachable)
    argv = ["eval", "--ray", "--address", "10.0.0.9:6379", "--policy", "null", "--tasks", runnable]
    code, out, err = run(capsys, *argv)
    assert code == 1 and out == ""
    assert err.strip() == "mpb: error: cannot connect to the Ray cluster at 10.0.0.9:6379: Failed to connect"


def test_the_ray_heartbeat_deadlines_reach_the_run(capsys, runnable: str, monkeypatch) -> None:
    """``--call-deadline`` (an actor call, one batch step) and ``--start-deadline`` (a new actor's
    first answer) set the run's ``Heartbeat``; without them it is ``Heartbeat()``; both need ``--ray``."""
    from mpb_env.rollouts import cli
    from mpb_env.rollouts.runner import Heartbeat

    seen: list[Heartbeat] = []

    def stop(*args, **kwargs):  # records the heartbeat, then stops as an unreachable cluster would
        seen.append(kwargs["heartbeat"])
        raise cli.RayUnavailable("stopped here")

    monkeypatch.setattr(cli, "run", stop)
    base = ["eval", "--ray", "--policy", "null", "--tasks", runnable]
    assert run(capsys, *base)[0] == 1
    assert run(capsys, *base, "--call-deadline", "5", "--start-deadline", "120")[0] == 1
    assert run(capsys, *base, "--call-deadline", "2.5")[0] == 1
    assert seen == [
        Heartbeat(),
        Heartbeat(call_deadline_s=5.0, ping_timeout_s=10.0, start_deadline_s=120.0),
        Heartbeat(call_deadline_s=2.5, ping_timeout_s=10.0, start_deadline_s=300.0),
    ]
    for flag in ("--call-deadline", "--start-deadline"):
        code, out, err = run(capsys, "eval", "--policy", "null", "--tasks", runnable, flag, "5")
        assert (code, out, err.strip()) == (2, "", f"mpb: error: {flag} needs --ray")
        code, out, err = run(capsys, *base, flag, "0")
        assert code == 2 and flag in err and "\n" not in err.strip()
    assert len(seen) == 3


def test_an_os_error_without_out_is_not_called_a_write_error(capsys, runnable: str, monkeypatch) -> None:
    from mpb_env.rollouts import cli

    def reset(*args, **kwargs):  # e.g. a policy's connection to its server dropped
        raise ConnectionResetError(104, "Connection reset by peer")

    monkeypatch.setattr(cli, "run", reset)
    code, out, err = run(capsys, "eval", "--policy", "null", "--tasks", runnable)
    assert code == 1 and out == ""
    assert err.strip() == "mpb: error: the run stopped: ConnectionResetError: Connection reset by peer"


def test_eval_refuses_to_overwrite_a_run_and_resumes_only_the_same_one(
    capsys, tmp_path: Path, runnable: str
) -> None:
    out = tmp_path / "run"
    common = ["eval", "--policy", "random", "--seed", "3", "--tasks", runnable, "--world-size", "S", "--json"]
    assert run(capsys, *common, "--out", str(out))[0] == 0
    before = (out / "trajectories.jsonl").read_bytes()
    for argv in ([*common, "--out", str(out)], [*common, "--seed", "4", "--out", str(out), "--resume"]):
        code, stdout, err = run(capsys, *argv)
        assert code == 2 and stdout == "" and len(err.strip().splitlines()) == 1 and "mpb: error: " in err
    assert (out / "trajectories.jsonl").read_bytes() == before
    assert run(capsys, *common, "--out", str(out), "--resume")[0] == 0
    assert (out / "trajectories.jsonl").read_bytes() == before


@pytest.mark.parametrize("damage", ["manifest_not_a_dict", "manifest_is_a_dir", "report_is_a_dir"])
def test_a_damaged_run_directory_is_one_line(capsys, tmp_path: Path, runnable: str, damage: str) -> None:
    out = tmp_path / "run"
    out.mkdir()
    if damage == "manifest_not_a_dict":
        (out / "run.json").write_text("[1]")
    elif damage == "manifest_is_a_dir":
        (out / "run.json").mkdir()
    else:
        (out / "report.json").mkdir()
    resume = [] if damage == "report_is_a_dir" else ["--resume"]
    code, stdout, err = run(
        capsys, "eval", "--policy", "null", "--tasks", runnable, "--out", str(out), *resume
    )
    assert code in (1, 2) and stdout == "" and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mpb: error: "), err


def test_a_closed_pipe_ends_quietly() -> None:
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "mpb_env.rollouts.cli", "tools"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(10)
    proc.stdout.close()  # like `| head -c 10`
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) in (0, 141) and "Traceback" not in err and "BrokenPipe" not in err


def test_eval_text_shows_interaction_metrics(capsys) -> None:
    code, out, _ = run(
        capsys, "eval", "--split", "interaction", "--limit", "20", "--world-size", "S", "--no-progress"
    )
    assert code == 0 and "interaction: UIQ" in out
    report = run_json(capsys, "eval", "--split", "interaction", "--limit", "2", "--world-size", "S")
    assert report["run"]["split"] == "interaction" and report["run"]["tasks"] is None


def test_the_report_names_the_policy_as_it_was_read(capsys) -> None:
    """``--policy " Random"`` runs the random policy; the report said ``" Random"``."""
    report = run_json(capsys, "eval", "--policy", " Random", "--split", "starter", "--limit", "2")
    assert report["run"]["policy"] == "random"


def test_eval_flag_errors_come_before_the_policy_is_built(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A model policy loads its weights when built: a flag mistake is refused before that, not after."""
    from mpb_env.rollouts import cli

    def loads_a_model(*args: object, **kwargs: object) -> None:
        raise AssertionError("the policy was built")

    monkeypatch.setattr(cli, "make_policy", loads_a_model)
    for argv, message in [
        (["--resume"], "--resume needs --out"),
        (["--address", "auto"], "--address needs --ray"),
        (["--transport", "ray"], "--transport needs --ray"),
        (["--ray", "--transport", "channel"], "--transport: transport 'channel' was removed: "),
        (["--split", "starter", "--tasks", "t.jsonl"], "--split and --tasks both name"),
    ]:
        assert main(["eval", "--policy", "hf:some/model", *argv]) == 2
        assert message in capsys.readouterr().err


def test_task_and_out_errors_come_before_the_policy_is_built(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, runnable: str
) -> None:
    """A model policy loads its weights when built: a task source that cannot be read, a selection with
    no episodes or an --out that is a file are refused before that, not after minutes of loading."""
    from mpb_env.rollouts import cli

    def loads_a_model(*args: object, **kwargs: object) -> None:
        raise AssertionError("the policy was built")

    monkeypatch.setattr(cli, "make_policy", loads_a_model)
    a_file = tmp_path / "a_file"
    a_file.write_text("x")
    for argv, message in [
        (["--tasks", str(tmp_path / "missing.jsonl")], "cannot read task file"),
        (["--tasks", runnable, "--dimension", "memory"], "no episodes selected"),
        (["--tasks", runnable, "--out", str(a_file)], "is a file, not a directory"),
    ]:
        assert main(["eval", "--policy", "hf:some/model", "--world-size", "S", *argv]) == 2
        assert message in capsys.readouterr().err


def test_warnings_print_as_one_mpb_line() -> None:
    line = _warning_line(
        UserWarning("the conversation no longer fits\nthe model's context"), UserWarning, "x.py", 3
    )
    assert line == "mpb: warning: the conversation no longer fits; the model's context\n"


#: Runs ``mpb`` with a random policy that is interrupted (Ctrl-C) when it is asked for its Nth batch.
_INTERRUPTED_MPB = """
import sys
from mpb_env.rollouts import cli
from mpb_env.rollouts.policies import RandomPolicy

class Interrupted(RandomPolicy):
    calls = 0

    def act(self, observations, infos):
        Interrupted.calls += 1
        if Interrupted.calls == int(sys.argv[1]):
            raise KeyboardInterrupt
        return super().act(observations, infos)

cli.make_policy = lambda spec, tasks, seed, chat: Interrupted(seed)
sys.exit(cli.main(sys.argv[2:]))
"""


def test_ctrl_c_is_one_line_exit_130_and_the_run_resumes(capsys, tmp_path: Path) -> None:
    import subprocess
    import sys

    common = ["eval", "--policy", "random", "--split", "starter", "--world-size", "S", "--batch-size", "2"]
    common += ["--no-progress", "--json"]
    whole = tmp_path / "whole"
    code, whole_report, _ = run(capsys, *common, "--out", str(whole))
    assert code == 0
    out = tmp_path / "run"
    proc = subprocess.run(
        # interrupted after the first episode (15 random steps on this suite) has finished, long before the last
        [sys.executable, "-c", _INTERRUPTED_MPB, "20", *common, "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 130 and proc.stdout == "", proc.stderr
    assert proc.stderr.splitlines() == [
        f"mpb: interrupted; the finished episodes are in {out}: continue with --resume"
    ]
    kept = (out / "trajectories.jsonl").read_bytes()
    assert kept and kept != (whole / "trajectories.jsonl").read_bytes()
    code, stdout, _ = run(capsys, *common, "--out", str(out), "--resume")
    assert code == 0 and orjson.loads(stdout)["overall"] == orjson.loads(whole_report)["overall"]
    assert (out / "trajectories.jsonl").read_bytes() == (whole / "trajectories.jsonl").read_bytes()


def test_ctrl_c_without_out_is_one_line_exit_130(tmp_path: Path, runnable: str) -> None:
    import subprocess
    import sys

    argv = ["eval", "--policy", "random", "--tasks", runnable, "--world-size", "S", "--no-progress"]
    proc = subprocess.run(
        [sys.executable, "-c", _INTERRUPTED_MPB, "1", *argv], capture_output=True, text=True, timeout=300
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (130, "", "mpb: interrupted\n")


def _closed_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.parametrize("address", ["closed", "ray://closed", "garbage", "http://127.0.0.1:8265"])
def test_a_wrong_ray_address_is_one_line_and_exit_1_at_once(runnable: str, address: str) -> None:
    """Ray itself retries an unreachable head for minutes and refuses a malformed address with a
    ValueError: both are one error line (in a fresh process: Ray must not be initialised yet)."""
    import subprocess
    import sys

    address = address.replace("closed", f"127.0.0.1:{_closed_port()}")
    argv = ["eval", "--ray", "--address", address, "--policy", "null", "--tasks", runnable, "--no-progress"]
    proc = subprocess.run(
        [sys.executable, "-m", "mpb_env.rollouts.cli", *argv], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 1 and proc.stdout == "", proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("mpb: ") or "Traceback" in line]
    assert len(errors) == 1 and errors[0].startswith(
        f"mpb: error: cannot connect to the Ray cluster at {address}: "
    )


def test_non_ascii_text_on_an_ascii_console(tmp_path: Path) -> None:
    """JSON goes out as UTF-8 whatever the console's encoding; text the console cannot show is escaped."""
    import os
    import subprocess
    import sys

    cafe = ALARM.model_copy(update={"id": "cli-café", "query": "Set an alarm for 5:20 — called Run ☕."})
    tasks = write(tmp_path / "tâches.jsonl", [cafe])
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}

    def mpb(*argv: str) -> subprocess.CompletedProcess[bytes]:
        cmd = [sys.executable, "-m", "mpb_env.rollouts.cli", *argv, "--tasks", tasks]
        return subprocess.run(cmd, capture_output=True, env=env, timeout=120)

    shown = mpb("show", "cli-café", "--json")
    assert shown.returncode == 0, shown.stderr.decode()
    assert orjson.loads(shown.stdout)["query"] == cafe.query
    report = mpb("eval", "--policy", "oracle", "--world-size", "S", "--no-progress", "--json")
    assert report.returncode == 0, report.stderr.decode()
    assert orjson.loads(report.stdout)["run"]["tasks"] == tasks
    text = mpb("show", "cli-café")
    assert text.returncode == 0 and b"Traceback" not in text.stderr, text.stderr.decode()
    assert b"query: Set an alarm for 5:20 \\u2014 called Run \\u2615." in text.stdout
