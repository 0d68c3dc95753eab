"""Continuing a run in ``out``: what is kept, what is refused, and that the result equals one run."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from mpb_env.rollouts.policies import NullPolicy, RandomPolicy
from mpb_env.rollouts.runner import (
    LOCK_FILE,
    MANIFEST_FILE,
    TIMINGS_FILE,
    TRAJECTORIES_FILE,
    RunConflict,
    run,
)
from mpb_env.tasks import load_tasks
from mpb_env.tasks.model import episodes

TASKS = load_tasks("starter")
KW = {"seed": 4, "world_size": "S", "progress": False, "batch_size": 3}


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    out = tmp_path_factory.mktemp("whole")
    run(TASKS, RandomPolicy(4), out=out, **KW)
    return (out / TRAJECTORIES_FILE).read_bytes()


def _interrupted(tmp_path: Path, keep: bytes, timing_lines: int) -> Path:
    """A run directory as an interruption leaves it: the manifest, the first bytes of the trajectories
    and the first timing lines (written just before each trajectory line)."""
    out = tmp_path / "run"
    run(TASKS, RandomPolicy(4), out=out, **KW)
    (out / TRAJECTORIES_FILE).write_bytes(keep)
    timings = (out / TIMINGS_FILE).read_bytes().splitlines(keepends=True)
    (out / TIMINGS_FILE).write_bytes(b"".join(timings[:timing_lines]))
    return out


@pytest.mark.parametrize("cut", ["lines", "half_line", "no_newline", "empty"])
def test_resume_after_an_interruption_gives_the_uninterrupted_file(
    tmp_path: Path, whole: bytes, cut: str
) -> None:
    lines = whole.splitlines(keepends=True)
    keep = {
        "lines": b"".join(lines[:5]),
        "half_line": b"".join(lines[:5]) + lines[5][: len(lines[5]) // 2],
        "no_newline": b"".join(lines[:5]) + lines[5].rstrip(b"\n"),
        "empty": b"",
    }[cut]
    out = _interrupted(tmp_path, keep, timing_lines=0 if cut == "empty" else 6)
    trajs = run(TASKS, RandomPolicy(4), out=out, resume=True, **KW)
    assert (out / TRAJECTORIES_FILE).read_bytes() == whole
    assert len(trajs) == len(episodes(TASKS)) == len((out / TIMINGS_FILE).read_bytes().splitlines())


def test_resume_extends_a_shorter_plan(tmp_path: Path, whole: bytes) -> None:
    out = tmp_path / "run"
    run(TASKS[:3], RandomPolicy(4), out=out, **KW)
    run(TASKS, RandomPolicy(4), out=out, resume=True, **KW)
    assert (out / TRAJECTORIES_FILE).read_bytes() == whole


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": 5}, "seed=4"),
        ({"world_size": "M"}, "world_size='S'"),
        ({"recall": "all"}, "recall='bm25'"),
        ({"policy": NullPolicy()}, "policy='random(seed=4)'"),
        ({"tasks": TASKS[::-1]}, "line 1 of trajectories.jsonl"),
        (  # the same ids, one task's content changed (e.g. a suite's golds in another package version)
            {
                "tasks": [
                    TASKS[0],
                    TASKS[1].model_copy(update={"query": TASKS[1].query + " thanks"}),
                    *TASKS[2:],
                ]
            },
            f"task {TASKS[1].id} (episode 2) changed since it was played",
        ),
    ],
)
def test_resume_refuses_another_run(tmp_path: Path, change: dict, message: str) -> None:
    out = tmp_path / "run"
    run(TASKS[:3], RandomPolicy(4), out=out, **KW)
    before = (out / TRAJECTORIES_FILE).read_bytes()
    kw = {**KW, **{k: v for k, v in change.items() if k not in ("policy", "tasks")}}
    with pytest.raises(RunConflict, match=message.replace("(", r"\(").replace(")", r"\)")):
        run(change.get("tasks", TASKS), change.get("policy", RandomPolicy(4)), out=out, resume=True, **kw)
    assert (out / TRAJECTORIES_FILE).read_bytes() == before


def test_a_fresh_run_never_overwrites_a_run(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(TASKS[:2], RandomPolicy(4), out=out, **KW)
    before = (out / TRAJECTORIES_FILE).read_bytes()
    with pytest.raises(RunConflict, match="already holds a run"):
        run(TASKS, RandomPolicy(4), out=out, **KW)
    assert (out / TRAJECTORIES_FILE).read_bytes() == before and (out / MANIFEST_FILE).exists()
    with pytest.raises(RunConflict, match="is a file"):
        run(TASKS, RandomPolicy(4), out=out / TRAJECTORIES_FILE, **KW)


def test_a_damaged_record_is_named(tmp_path: Path, whole: bytes) -> None:
    lines = whole.splitlines(keepends=True)
    out = _interrupted(tmp_path, lines[0] + b'{"task_id": 3}\n' + lines[2], timing_lines=3)
    with pytest.raises(RunConflict, match=f"{TRAJECTORIES_FILE}:2 is not a trajectory record"):
        run(TASKS, RandomPolicy(4), out=out, resume=True, **KW)


def test_a_record_of_another_kind_is_not_taken_for_a_finished_episode(tmp_path: Path, whole: bytes) -> None:
    """Most ``Trajectory`` fields have defaults: a line with the four required ones and nothing else
    (no turns, verdict or reward) used to be kept as a finished, failed episode."""
    lines = whole.splitlines(keepends=True)
    first = orjson.loads(lines[1])
    bare = {k: first[k] for k in ("task_id", "dimension", "category", "bucket", "seed")}
    out = _interrupted(tmp_path, lines[0] + orjson.dumps(bare) + b"\n" + lines[2], timing_lines=3)
    with pytest.raises(RunConflict, match=f"{TRAJECTORIES_FILE}:2 is not a trajectory record .*no reward"):
        run(TASKS, RandomPolicy(4), out=out, resume=True, **KW)


@pytest.mark.parametrize("timings", ["short", "deleted", "middle"])
def test_timing_lines_stay_one_per_episode_when_the_file_lost_some(
    tmp_path: Path, whole: bytes, timings: str
) -> None:
    """A timings file cut or deleted by hand: the resumed run fills the missing lines without times,
    so line n of timings.jsonl is still episode n's."""
    out = _interrupted(
        tmp_path, b"".join(whole.splitlines(keepends=True)[:5]), timing_lines=2 if timings == "short" else 5
    )
    if timings == "deleted":
        (out / TIMINGS_FILE).unlink()
    if timings == "middle":  # the third line cut out by hand
        lines = (out / TIMINGS_FILE).read_bytes().splitlines(keepends=True)
        (out / TIMINGS_FILE).write_bytes(b"".join(lines[:2] + lines[3:]))
    run(TASKS, RandomPolicy(4), out=out, resume=True, **KW)
    ids = [orjson.loads(line)["task_id"] for line in whole.splitlines()]
    timed = [orjson.loads(line) for line in (out / TIMINGS_FILE).read_bytes().splitlines()]
    assert [t["task_id"] for t in timed] == ids
    untimed = {"short": [2, 3, 4], "deleted": [0, 1, 2, 3, 4], "middle": [2]}[timings]
    assert [n for n, t in enumerate(timed) if "env_s" not in t] == untimed


def test_a_run_that_never_finished_an_episode_is_replaced(tmp_path: Path, whole: bytes) -> None:
    out = tmp_path / "run"
    out.mkdir()
    (out / MANIFEST_FILE).write_text('{"settings": {"seed": 99}, "policy": "other"}')
    (out / TRAJECTORIES_FILE).write_bytes(b"")  # it failed before its first episode ended
    run(TASKS, RandomPolicy(4), out=out, **KW)
    assert (out / TRAJECTORIES_FILE).read_bytes() == whole


def test_a_changed_task_not_yet_played_does_not_stop_the_resume(tmp_path: Path, whole: bytes) -> None:
    """Only the finished episodes' tasks must be unchanged; a run recorded before the manifest held task
    digests resumes as before, and the manifest then records this plan's."""
    import orjson

    out = _interrupted(tmp_path, b"".join(whole.splitlines(keepends=True)[:2]), 2)
    manifest = orjson.loads((out / MANIFEST_FILE).read_bytes())
    del manifest["tasks"]
    (out / MANIFEST_FILE).write_bytes(orjson.dumps(manifest))
    run(TASKS, RandomPolicy(4), out=out, resume=True, **KW)
    assert (out / TRAJECTORIES_FILE).read_bytes() == whole
    assert len(orjson.loads((out / MANIFEST_FILE).read_bytes())["tasks"]) == 12 * len(episodes(TASKS))

    out = _interrupted(tmp_path / "again", b"".join(whole.splitlines(keepends=True)[:2]), 2)
    later = [*TASKS[:5], TASKS[5].model_copy(update={"query": TASKS[5].query + " thanks"}), *TASKS[6:]]
    run(later, RandomPolicy(4), out=out, resume=True, **KW)


def test_a_run_without_its_manifest_is_not_resumed(tmp_path: Path) -> None:
    """Finished episodes without ``run.json`` cannot be checked against this run's settings and policy:
    continuing them with other ones would mix two runs in one file."""
    out = tmp_path / "run"
    run(TASKS[:3], RandomPolicy(4), out=out, **KW)
    (out / MANIFEST_FILE).unlink()
    before = (out / TRAJECTORIES_FILE).read_bytes()
    for policy, kw in [(NullPolicy(), KW), (RandomPolicy(4), {**KW, "max_turns": 2})]:
        with pytest.raises(RunConflict, match=f"no {MANIFEST_FILE}"):
            run(TASKS, policy, out=out, resume=True, **kw)
    assert (out / TRAJECTORIES_FILE).read_bytes() == before and not (out / MANIFEST_FILE).exists()


def test_a_manifest_write_cut_short_keeps_the_run_resumable(
    tmp_path: Path, whole: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A resume records its plan in ``run.json`` again; a write of it that stops halfway (a full disk,
    a kill) leaves the previous manifest whole, so the run can still be continued."""
    out = _interrupted(tmp_path, b"".join(whole.splitlines(keepends=True)[:4]), 4)
    manifest = (out / MANIFEST_FILE).read_bytes()
    write_bytes = Path.write_bytes

    def half_then_full_disk(self: Path, data: bytes) -> int:
        if self.name.startswith(MANIFEST_FILE):
            write_bytes(self, data[: len(data) // 2])
            raise OSError(28, "No space left on device", str(self))
        return write_bytes(self, data)

    monkeypatch.setattr(Path, "write_bytes", half_then_full_disk)
    with pytest.raises(RunConflict, match="No space left on device"):
        run(TASKS, RandomPolicy(4), out=out, resume=True, **KW)
    monkeypatch.undo()
    assert (out / MANIFEST_FILE).read_bytes() == manifest
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [LOCK_FILE, MANIFEST_FILE, TRAJECTORIES_FILE, TIMINGS_FILE]
    )
    run(TASKS, RandomPolicy(4), out=out, resume=True, **KW)
    assert (out / TRAJECTORIES_FILE).read_bytes() == whole


def test_resume_without_out_is_refused() -> None:
    """``resume=True`` names a run to continue; without ``out`` there is none, and silently playing
    everything again (writing nothing) is not what was asked."""
    with pytest.raises(ValueError, match="resume needs out"):
        run(TASKS[:1], RandomPolicy(4), resume=True, **KW)


class _SecondRun(NullPolicy):
    """A null policy that, mid-run, starts another run (``resume`` or not) on the same directory."""

    def __init__(self, out: Path) -> None:
        super().__init__()
        self.out = out
        self.refusals: list[str] = []

    def act(self, observations: list[str], infos: list[dict]) -> list[str]:
        if not self.refusals:
            for resume in (False, True):
                try:
                    run(TASKS[:2], NullPolicy(), out=self.out, resume=resume, **KW)
                except RunConflict as exc:
                    self.refusals.append(str(exc))
        return super().act(observations, infos)


def test_a_second_run_on_a_directory_in_use_is_refused_and_the_first_is_untouched(
    tmp_path: Path,
) -> None:
    out, alone = tmp_path / "run", tmp_path / "alone"
    policy = _SecondRun(out)
    run(TASKS, policy, out=out, **KW)
    assert len(policy.refusals) == 2 and all("another run is writing to" in m for m in policy.refusals)
    run(TASKS, NullPolicy(), out=alone, **KW)
    assert (out / TRAJECTORIES_FILE).read_bytes() == (alone / TRAJECTORIES_FILE).read_bytes()
    run(TASKS, NullPolicy(), out=out, resume=True, **KW)  # the lock went with the run that held it


@pytest.mark.parametrize("name", [TRAJECTORIES_FILE, TIMINGS_FILE, MANIFEST_FILE, LOCK_FILE])
def test_a_directory_where_a_run_file_goes_is_named(tmp_path: Path, name: str) -> None:
    """It was reported as a directory that "already holds a run" (or as an OS error mid-run)."""
    (tmp_path / "run" / name).mkdir(parents=True)
    for resume in (False, True):
        with pytest.raises(RunConflict, match=f"{name} is a directory; the run writes a file there"):
            run(TASKS[:1], NullPolicy(), out=tmp_path / "run", resume=resume, **KW)
