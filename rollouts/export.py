"""Runs as training data: each episode of a run directory (``mpb eval --out DIR``), or the oracle over a
task list, as one chat-format record.

A trajectory line stores each turn's action and observation, not the chat around them: the system
prompt, the tool schemas offered at each turn or the calls as structured ``tool_calls``. So every
episode is *replayed*: its recorded actions are stepped through an ``Episode`` of the same task (found
by the digest ``run.json`` recorded for it) with the run's recall, N, T_max, tool format and world, and
the replay must give back every recorded observation and the recorded verdict (the env is
deterministic). A replay that does not (the suite or the package changed since the run) is refused
with ``ExportError``, never exported as something the run did not see.

A record (one per episode, in plan order):

* ``messages``: the chat as a model reads it. The first ``prompt_messages`` are the given ones
  (system prompt, history H0, the user's query); then, per turn, the assistant message and one
  ``tool`` message per call (``tool_call_id``, ``name``, ``content``: the call's feedback JSON), and the
  final assistant message. An assistant turn's calls are OpenAI-style ``tool_calls`` (``{"id",
  "type": "function", "function": {"name", "arguments"}}``) with ``arguments`` as an object, as chat
  templates take them (``json.dumps`` it for the OpenAI API); its ``content`` is the text around them.
  A turn with a malformed call keeps the action as written as its ``content`` and has no
  ``tool_calls`` (it cannot be written as structured calls); its number is in ``malformed_turns``.
* ``tools``: every tool schema offered in the episode (``{"type": "function", "function": ...}``), in
  the order offered: A_0, then what loading a skill or a permission prompt added. ``turn_tools[t]``
  names the tools offered at assistant turn ``t`` (A_t, a prefix of ``tools``, since A_t only grows).
* ``actions``: the action texts as the policy wrote them; ``task_id``, ``dimension``, ``category``,
  ``bucket``, ``routing``, ``seed``, ``recall`` (the mode A_0 was recalled with), ``policy`` (the run's
  policy label), ``reward``, ``success``, ``truncated`` and ``verdict`` (the checker's, as recorded).

``write_export(records, out)`` writes ``out/episodes.jsonl`` (one orjson line per record),
``out/dataset`` (a ``datasets.Dataset``, ``save_to_disk``; ``datasets.load_from_disk`` reads it back
with the same values: messages, tools and verdicts are ``Json`` features, so their dicts keep exactly
their own keys) and ``out/export.json`` (counts and where the episodes came from). It writes to a
temporary directory beside ``out`` and renames it: on any error nothing is left at ``out``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
from filelock import FileLock, Timeout

from mpb_env.episode import T_MAX, Episode
from mpb_env.parsing import CallError, parse_turn
from mpb_env.recall import DEFAULT_TOP_N
from mpb_env.rollouts.chat import tool_entries
from mpb_env.rollouts.runner import (
    LOCK_FILE,
    MANIFEST_FILE,
    TRAJECTORIES_FILE,
    Trajectory,
    _parse_trajectories,
    first_line,
    task_digest,
)
from mpb_env.tasks import SPLITS, load_tasks
from mpb_env.tasks.model import RecallMode, Task, episodes
from mpb_env.world.generate import Size, load_world

__all__ = [
    "DATASET_DIR",
    "EPISODES_FILE",
    "ExportError",
    "SUMMARY_FILE",
    "check_out",
    "export",
    "oracle_records",
    "read_export",
    "replay",
    "record_features",
    "run_records",
    "to_dataset",
    "write_export",
]

EPISODES_FILE = "episodes.jsonl"
DATASET_DIR = "dataset"
SUMMARY_FILE = "export.json"
#: Hex digits of each episode's task digest in ``run.json`` (``runner._TASK_DIGEST``).
_DIGEST = 12


class ExportError(ValueError):
    """The episodes cannot be exported: no run at the path, a run this package cannot replay as it
    was played, or an ``out`` that already holds something. The message is one line."""


# --------------------------------------------------------------------------- replay
def replay(episode: Episode, task: Task, actions: list[str]) -> tuple[dict[str, Any], list[str]]:
    """Play ``actions`` on ``task`` from its start and return the record (without the run's fields:
    ``seed``, ``policy``) and the observation of each turn played. Stops where the episode ends, so
    actions past its end are not played (the caller compares the turn counts)."""
    episode.restart(task)
    info = episode.start_info()
    messages: list[dict[str, Any]] = info["messages"]
    tools = tool_entries(info["tools"])
    offered = [t["function"]["name"] for t in tools]
    record: dict[str, Any] = {
        "task_id": task.id,
        "dimension": task.dimension,
        "category": task.category,
        "bucket": task.bucket,
        "routing": task.routing,
        "recall": info["recall"]["mode"],
        "prompt_messages": len(messages),
    }
    turn_tools: list[list[str]] = []
    malformed: list[int] = []
    observations: list[str] = []
    played: list[str] = []
    reward, truncated = 0.0, False
    for turn, action in enumerate(actions):
        turn_tools.append(list(offered))
        played.append(action)
        obs, reward, terminated, truncated, step = episode.step(action)
        observations.append(obs)
        assistant, *results = step["messages"]
        if any(type(c) is CallError for c in parse_turn(action).calls):
            malformed.append(turn)
            messages.append({"role": "assistant", "content": action})
            messages += [{"role": "tool", "name": m["name"], "content": m["content"]} for m in results]
        elif "tool_calls" in assistant:
            calls = [{**c, "function": dict(c["function"])} for c in assistant["tool_calls"]]
            messages.append({"role": "assistant", "content": assistant["content"], "tool_calls": calls})
            messages += [
                {"role": "tool", "tool_call_id": c["id"], "name": m["name"], "content": m["content"]}
                for c, m in zip(calls, results, strict=True)
            ]
        else:  # the final message
            messages.append({"role": "assistant", "content": assistant["content"]})
        if "tools" in step:  # A_t grew (a skill was loaded, a permission prompt offered its remedy)
            grown = tool_entries(step["tools"])
            known = set(offered)
            tools += [t for t in grown if t["function"]["name"] not in known]
            offered = [t["function"]["name"] for t in grown]
        if terminated or truncated:
            break
    verdict = episode.verdict.model_dump() if episode.verdict is not None else {}
    record.update(
        messages=messages,
        tools=tools,
        turn_tools=turn_tools,
        actions=played,
        malformed_turns=malformed,
        reward=float(reward),
        success=bool(verdict.get("success", False)),
        truncated=bool(truncated),
        verdict=verdict,
    )
    return record, observations


def oracle_records(
    tasks: list[Task],
    *,
    recall: RecallMode = "bm25",
    top_n: int = DEFAULT_TOP_N,
    max_turns: int = T_MAX,
    world_size: Size = "M",
    only_success: bool = False,
    tool_search: bool = True,
) -> list[dict[str, Any]]:
    """The oracle's episode of every task (skill tasks under SOR and MTSR), as records.

    Under the env's defaults (``recall="bm25"`` with ``search_tools``) every stored oracle succeeds;
    under other settings (``tool_search=False``, ``recall="bm25-plain"``) an oracle whose tool was not
    offered fails, and ``only_success`` keeps the episodes it solved."""
    plan = episodes(list(tasks))
    if not plan:
        return []
    episode = Episode(load_world(world_size), plan[0], recall, top_n, max_turns, tool_search)
    out = []
    for task in plan:
        record, _ = replay(episode, task, list(task.oracle))
        if record["success"] or not only_success:
            out.append({**record, "seed": 0, "policy": "oracle"})
    return out


# --------------------------------------------------------------------------- run directories
def _read_json(path: Path) -> Any:
    try:
        return orjson.loads(path.read_bytes())
    except orjson.JSONDecodeError as exc:
        raise ExportError(f"cannot read {path}: {first_line(exc)}") from None
    except OSError as exc:
        raise ExportError(f"cannot read {path}: {first_line(exc)}") from None


@contextlib.contextmanager
def _not_being_written(run_dir: Path) -> Iterator[None]:
    """Refuse a run still in progress (its ``run.lock`` held): its last episodes are not there yet."""
    lock_path = run_dir / LOCK_FILE
    if not lock_path.exists():
        yield
        return
    lock = FileLock(lock_path, fallback_to_soft=False)
    try:
        lock.acquire(blocking=False)
    except Timeout:
        raise ExportError(
            f"a run is still writing to {run_dir} (it holds {LOCK_FILE}); wait for it to end"
        ) from None
    except OSError:  # a read-only copy of a run, a file system without locks: nothing can be writing
        yield
        return
    try:
        yield
    finally:
        lock.release()


def _run_trajectories(run_dir: Path) -> tuple[list[Trajectory], dict[str, Any], dict[str, Any]]:
    """The finished episodes of the run in ``run_dir``, its ``run.json`` and its ``report.json`` (``{}``
    when absent: a run written by ``run(out=...)`` has none)."""
    if not run_dir.exists():
        raise ExportError(f"no run directory {run_dir}")
    if not run_dir.is_dir():
        raise ExportError(f"{run_dir} is a file, not a run directory")
    traj_path, man_path = run_dir / TRAJECTORIES_FILE, run_dir / MANIFEST_FILE
    if not traj_path.is_file():
        raise ExportError(
            f"{run_dir} holds no run (no {TRAJECTORIES_FILE}); write one with mpb eval --out DIR"
        )
    if not man_path.is_file():
        raise ExportError(f"{run_dir} has no {MANIFEST_FILE}, so the run's settings cannot be known")
    manifest = _read_json(man_path)
    if not isinstance(manifest, dict) or not isinstance(manifest.get("settings"), dict):
        raise ExportError(f"{man_path} is not a run manifest")
    report_path = run_dir / "report.json"
    report = _read_json(report_path) if report_path.is_file() else {}
    data = traj_path.read_bytes()
    data = data[: data.rfind(b"\n") + 1]  # an interrupted run's partial last line is not an episode
    try:
        trajectories = _parse_trajectories(data, traj_path)
    except ValueError as exc:
        raise ExportError(str(exc)) from None
    return trajectories, manifest, report if isinstance(report, dict) else {}


def _sources(report: dict[str, Any], tasks: list[Task] | None) -> tuple[str, list[Task]]:
    """Where the run's tasks are looked up (a description for errors, and the episodes): ``tasks`` when
    given, else the split or task file ``report.json`` names, else every installed split."""
    if tasks is not None:
        return "the given tasks", episodes(list(tasks))
    run = report.get("run") if isinstance(report.get("run"), dict) else {}
    if run.get("tasks"):
        path = Path(str(run["tasks"]))
        try:
            raw = path.read_bytes()
        except OSError:
            raise ExportError(
                f"the run read its tasks from {path}, which cannot be read from here: name them with --tasks FILE"
            ) from None
        try:
            found = [Task.model_validate(orjson.loads(line)) for line in raw.splitlines() if line.strip()]
        except ValueError as exc:
            raise ExportError(f"{path} is not a task file: {first_line(exc)}") from None
        return str(path), episodes(found)
    split = run.get("split")
    names = [split] if isinstance(split, str) and split in SPLITS else sorted(SPLITS)
    found = []
    for name in names:
        with contextlib.suppress(FileNotFoundError):
            found += episodes(load_tasks(name))
    return ("split " + names[0]) if len(names) == 1 else "the installed splits", found


def run_records(
    run_dir: str | Path, *, tasks: list[Task] | None = None, only_success: bool = False
) -> list[dict[str, Any]]:
    """The episodes of the run in ``run_dir`` as records, replayed and checked (see the module docs).

    Args:
        run_dir: a directory written by ``mpb eval --out`` or ``run(..., out=...)``.
        tasks: where to find the run's tasks (default: the split or task file its ``report.json``
            names, else every installed split); each episode's task is the one whose digest
            ``run.json`` recorded.
        only_success: keep only the episodes the checker passed (rejection sampling).

    Episodes that failed (``reward_valid`` false: ``policy_error``, ``policy_timeout``, ``env_error``)
    are left out: they have no verdict and stopped where no model turn was recorded.

    Raises:
        ExportError: no run there, a run still being written, a task that is not found or changed since
            the run, or a replay that does not give back the recorded observations and verdict.
    """
    run_dir = Path(run_dir)
    with _not_being_written(run_dir):
        trajectories, manifest, report = _run_trajectories(run_dir)
    settings = manifest["settings"]
    digests = manifest.get("tasks") if isinstance(manifest.get("tasks"), str) else ""
    where, candidates = _sources(report, tasks)
    by_digest = {task_digest(t)[:_DIGEST]: t for t in candidates}
    by_id: dict[str, Task] = {}
    for t in candidates:
        by_id.setdefault(t.id, t)
    try:
        world = load_world(settings.get("world_size", "M"))
    except (KeyError, ValueError) as exc:
        raise ExportError(f"{run_dir / MANIFEST_FILE}: {first_line(exc)}") from None
    episode: Episode | None = None
    policy = str(manifest.get("policy", ""))
    out = []
    for n, traj in enumerate(trajectories):
        if not traj.reward_valid:  # a policy or env failure: no verdict to train on, nothing to replay
            continue
        digest = digests[n * _DIGEST : (n + 1) * _DIGEST]
        task = by_digest.get(digest) if len(digest) == _DIGEST else by_id.get(traj.task_id)
        if task is None or task.id != traj.task_id:
            known = traj.task_id in by_id
            raise ExportError(
                f"episode {n + 1} ({traj.task_id}): "
                + (
                    "its task has changed since the run (another version of the suite or the package); "
                    "export the run with the version that played it"
                    if known
                    else f"no such task in {where}; name the run's tasks with --split or --tasks"
                )
            )
        if episode is None:
            episode = Episode(
                world,
                task,
                settings.get("recall", "bm25"),
                settings.get("top_n", DEFAULT_TOP_N),
                settings.get("max_turns", T_MAX),
                # a run.json without the setting predates search_tools: its env had none
                bool(settings.get("tool_search", False)),
                tool_format=settings.get("tool_format", "schema"),  # the prompt and feedback it saw
            )
        actions = [turn.get("action", "") for turn in traj.turns]
        record, observations = replay(episode, task, actions)
        problem = _difference(traj, record, observations)
        if problem:
            raise ExportError(
                f"replaying episode {n + 1} ({traj.task_id}) does not reproduce the run: {problem} "
                "(the suite or the package changed since the run?)"
            )
        if record["success"] or not only_success:
            out.append({**record, "seed": traj.seed, "policy": policy})
    return out


def _difference(traj: Trajectory, record: dict[str, Any], observations: list[str]) -> str | None:
    """What the replay does not give back of the recorded episode (``None``: it gives back all)."""
    if len(observations) != len(traj.turns):
        return f"it ends after {len(observations)} turns, the run after {len(traj.turns)}"
    for t, (obs, turn) in enumerate(zip(observations, traj.turns, strict=True), 1):
        if obs != turn.get("observation"):
            return f"turn {t}'s feedback differs"
    verdict = orjson.loads(orjson.dumps(record["verdict"]))
    if verdict != traj.verdict or record["reward"] != traj.reward:
        return f"the verdict differs (recorded success={traj.success}, replayed success={record['success']})"
    return None


# --------------------------------------------------------------------------- writing
def record_features() -> Any:
    """The ``datasets.Features`` of a record (``Json`` for messages, tools and verdicts: their dicts
    keep exactly their own keys, where Arrow structs would give every one the keys of all)."""
    from datasets import Features, Json, List, Value

    return Features(
        {
            "task_id": Value("string"),
            "dimension": Value("string"),
            "category": Value("string"),
            "bucket": Value("string"),
            "routing": Value("string"),
            "recall": Value("string"),
            "seed": Value("int64"),
            "policy": Value("string"),
            "prompt_messages": Value("int32"),
            "messages": List(Json()),
            "tools": List(Json()),
            "turn_tools": List(List(Value("string"))),
            "actions": List(Value("string")),
            "malformed_turns": List(Value("int32")),
            "reward": Value("float64"),
            "success": Value("bool"),
            "truncated": Value("bool"),
            "verdict": Json(),
        }
    )


def to_dataset(records: list[dict[str, Any]]) -> Any:
    """The records as a ``datasets.Dataset`` (columns in ``record_features`` order)."""
    from datasets import Dataset

    features = record_features()
    columns = {name: [r[name] for r in records] for name in features}
    return Dataset.from_dict(columns, features=features)


@contextlib.contextmanager
def _quiet_datasets() -> Iterator[None]:
    """No ``datasets`` progress bars while the export writes (one status line is the CLI's output)."""
    from datasets.utils import logging as ds_logging

    shown = ds_logging.is_progress_bar_enabled()
    ds_logging.disable_progress_bar()
    try:
        yield
    finally:
        if shown:
            ds_logging.enable_progress_bar()


def check_out(out: str | Path) -> None:
    """Refuse an ``out`` that is a file or a directory with something in it (``ExportError``)."""
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise ExportError(f"{out} already exists and is not empty; export to a new directory")


def write_export(
    records: list[dict[str, Any]], out: str | Path, summary: dict[str, Any] | None = None
) -> Path:
    """Write ``records`` to ``out`` (``episodes.jsonl``, ``dataset/``, ``export.json``) whole or not at
    all: ``out`` must not exist or be an empty directory.

    Raises:
        ExportError: ``out`` is a file or a directory with something in it.
        OSError: writing failed (nothing is left at ``out``).
    """
    out = Path(out)
    check_out(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent))
    try:
        with (tmp / EPISODES_FILE).open("wb") as fh:
            for record in records:
                fh.write(orjson.dumps(record) + b"\n")
        with _quiet_datasets():
            to_dataset(records).save_to_disk(str(tmp / DATASET_DIR))
        info = {
            "episodes": len(records),
            "successes": sum(1 for r in records if r["success"]),
            **(summary or {}),
        }
        (tmp / SUMMARY_FILE).write_bytes(orjson.dumps(info, option=orjson.OPT_INDENT_2) + b"\n")
        if out.exists():
            out.rmdir()  # empty (checked above): rename needs the name free on every platform
        os.replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out


def read_export(path: str | Path) -> list[dict[str, Any]]:
    """The records of an export directory's ``episodes.jsonl`` (or of that file itself)."""
    path = Path(path)
    if path.is_dir():
        path = path / EPISODES_FILE
    return [orjson.loads(line) for line in path.read_bytes().splitlines() if line.strip()]


def export(
    out: str | Path,
    *,
    run_dir: str | Path | None = None,
    tasks: list[Task] | None = None,
    only_success: bool = False,
    recall: RecallMode = "bm25",
    source: str | None = None,
) -> dict[str, Any]:
    """Export the run in ``run_dir`` (``tasks``: where its tasks are), or without one the oracle over
    ``tasks`` under ``recall``, to ``out`` (``write_export``); returns what ``export.json`` records.
    ``source`` names the tasks in that summary (e.g. ``"split train"``)."""
    check_out(out)  # before the replays, which take a while over a large run
    if run_dir is not None:
        records = run_records(run_dir, tasks=tasks, only_success=only_success)
        summary: dict[str, Any] = {"source": str(run_dir)}
    elif tasks is not None:
        records = oracle_records(tasks, recall=recall, only_success=only_success)
        summary = {"source": f"oracle over {source or 'the given tasks'}", "recall": recall}
    else:
        raise ExportError("give a run directory, or tasks for the oracle to play")
    summary["only_success"] = only_success
    write_export(records, out, summary)
    return {"episodes": len(records), "successes": sum(1 for r in records if r["success"]), **summary}
