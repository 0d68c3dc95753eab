"""``run(..., tool_format=...)`` and ``mpb eval --tool-format``: what the policy is handed, what the run
records, and that a resume keeps the format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from mpb_env.prompts import COMPACT_HEADING, compact_tool
from mpb_env.rollouts.cli import main
from mpb_env.rollouts.export import run_records
from mpb_env.rollouts.policies import make_policy
from mpb_env.rollouts.runner import MANIFEST_FILE, TRAJECTORIES_FILE, RunConflict, read_trajectories, run
from mpb_env.tasks import load_tasks
from mpb_env.tasks.model import Task, episodes

BENCH = episodes(load_tasks("bench"))
#: A few bench episodes, one of each dimension and both routings (skill loads add tools mid-episode).
PLAN = [
    *(next(t for t in BENCH if t.dimension == d) for d in ("basic", "subagent", "memory")),
    next(t for t in BENCH if t.routing == "SOR"),
    next(t for t in BENCH if t.routing == "MTSR"),
]
KW: dict[str, Any] = {"progress": False, "batch_size": 2}  # the world the bench oracles pass on


class Watching:
    """The oracle, reading what a model policy reads, and keeping every info it is handed."""

    info_keys = ("messages", "tools", "tool_format")
    label = "oracle"

    def __init__(self, tasks: list[Task]) -> None:
        self.inner = make_policy("oracle", tasks)
        self.starts: list[dict[str, Any]] = []

    def reset(self, slot: int, info: dict[str, Any]) -> None:
        self.starts.append(info)
        self.inner.reset(slot, info)

    def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        return self.inner.act(observations, infos)


def test_the_oracle_passes_under_the_compact_format_and_the_run_records_it(tmp_path: Path) -> None:
    policy = Watching(PLAN)
    trajs = run(PLAN, policy, tool_format="compact", out=tmp_path / "run", **KW)
    assert [t.task_id for t in trajs if not t.success] == []
    manifest = orjson.loads((tmp_path / "run" / MANIFEST_FILE).read_bytes())
    assert manifest["settings"]["tool_format"] == "compact"
    assert len(policy.starts) == len(PLAN)
    for info in policy.starts:  # the policy is told, and the system message lists every offered tool
        system = info["messages"][0]["content"]
        assert info["tool_format"] == "compact" and COMPACT_HEADING in system
        assert all(compact_tool(s) in system.split("\n") for s in info["tools"])
    # a loaded skill's tools are announced in the feedback of the call that added them
    assert any('"new_tools":' in turn["observation"] for t in trajs for turn in t.turns)

    plain = Watching(PLAN)
    run(PLAN, plain, **KW)  # the default: no key, no listing
    assert not any("tool_format" in i or COMPACT_HEADING in i["messages"][0]["content"] for i in plain.starts)


@pytest.mark.parametrize(("first", "then"), [("compact", "schema"), ("schema", "compact")])
def test_a_run_resumes_only_with_its_tool_format(tmp_path: Path, first: str, then: str) -> None:
    out = tmp_path / "run"
    run(PLAN[:2], make_policy("oracle", PLAN), tool_format=first, out=out, **KW)
    with pytest.raises(RunConflict, match=f"tool_format='{first}'.*tool_format='{then}'"):
        run(PLAN, make_policy("oracle", PLAN), tool_format=then, out=out, resume=True, **KW)
    assert len(run(PLAN, make_policy("oracle", PLAN), tool_format=first, out=out, resume=True, **KW)) == 5


def test_a_run_recorded_before_the_format_was_resumes_as_schema(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(PLAN[:2], make_policy("oracle", PLAN), out=out, **KW)
    manifest = orjson.loads((out / MANIFEST_FILE).read_bytes())
    del manifest["settings"]["tool_format"]
    (out / MANIFEST_FILE).write_bytes(orjson.dumps(manifest))
    with pytest.raises(RunConflict, match="tool_format='schema'"):
        run(PLAN, make_policy("oracle", PLAN), tool_format="compact", out=out, resume=True, **KW)
    assert len(run(PLAN, make_policy("oracle", PLAN), out=out, resume=True, **KW)) == 5


def test_an_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tool_format 'xml'"):
        run(PLAN, make_policy("oracle", PLAN), tool_format="xml", **KW)


def test_cli_eval_takes_the_format_and_reports_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r"
    args = ["eval", "--limit", "3", "--no-progress", "--json", "--out", str(out)]
    assert main([*args, "--tool-format", "compact"]) == 0
    report = orjson.loads(capsys.readouterr().out)
    assert report["run"]["tool_format"] == "compact" and report["episodes"] == 3
    assert all(t.success for t in read_trajectories(out / TRAJECTORIES_FILE))
    assert orjson.loads((out / MANIFEST_FILE).read_bytes())["settings"]["tool_format"] == "compact"
    assert main([*args, "--resume"]) == 2  # the default format is another run's
    assert "tool_format='compact'" in capsys.readouterr().err


def test_a_compact_run_exports_as_it_was_played(tmp_path: Path) -> None:
    """The replay runs under the run's format: the records hold the compact system message, and the
    skill loads' feedback (``new_tools``) is given back as recorded."""
    out = tmp_path / "run"
    run(PLAN, make_policy("oracle", PLAN), tool_format="compact", out=out, **KW)
    records = run_records(out, tasks=PLAN)
    assert len(records) == len(PLAN) and all(r["success"] for r in records)
    assert all(COMPACT_HEADING in r["messages"][0]["content"] for r in records)
    assert any('"new_tools":' in m["content"] for r in records for m in r["messages"] if m["role"] == "tool")
