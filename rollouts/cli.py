"""The ``mpb`` command line: catalog and suite statistics, task inspection, validation and evaluation.

::

    mpb info [--json]                      tools per domain; tasks per dimension / category / bucket / routing
    mpb tools [--domain D] [--json]        the catalog (JSON: the OpenAI-style schemas)
    mpb show TASK_ID [--json]              one task (skill variants as <id>@SOR / <id>@MTSR)
    mpb validate [--json]                  every episode: oracle passes with only explained errors, null fails,
                                           corruptions are rejected, fair variants accepted
    mpb eval --policy P [--json] [--out D] rollouts, the Table 3 row and the per-category breakdown
                                           (P: oracle, null, random, openai:MODEL on a chat server,
                                           or hf:PATH, a transformers model run in-process)
                                           (--out D also writes report.md and report.png;
                                           --repeats K: K seeds in D/run-1..K, Table 4 in D/repeats.md)
    mpb compare RUN_A RUN_B [...]          scores side by side, a paired bootstrap per dimension, the
                                           tasks that flipped (--md FILE, --png FILE)
    mpb view RUN_DIR [--out FILE]          a self-contained HTML page of the run's episodes
    mpb export RUN_DIR --out D             a run's episodes as chat-format training data
                                           (--oracle --split S: the oracle's episodes instead)

Every command that reads tasks takes ``--split NAME`` (default ``bench``) or ``--tasks FILE`` (a JSONL
file of task records, e.g. generated training tasks). ``eval`` runs every policy, the oracle included,
under the env's default settings (BM25 top-15 recall, ``search_tools`` offered), under which every
stored task's oracle passes; ``--no-tool-search`` keeps the paper-strict action set, and the report
then states the share of episodes the oracle can still solve (the ceiling). ``validate`` checks
checkers, not recall: it defaults to ``--recall oracle``.

Exit codes: 0 success; 1 a check failed (``validate``) or the suite could not be read; 2 bad
arguments (one ``mpb: error: ...`` line on stderr, no traceback); 130 interrupted (Ctrl-C: one
``mpb: interrupted ...`` line; ``eval --out`` keeps the finished episodes for ``--resume``). An ``eval``
whose policy or env failed some episodes still completes (exit 0): they score 0, the report counts
each outcome, and stderr has one ``mpb: <outcome>: ...`` line per failed outcome, never a traceback;
``--retry-failed`` plays them again. When every episode failed (a wrong key, no server), the exit code is 1.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import io
import os
import sys
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import orjson
from tqdm import tqdm

from mpb_env.domains import DOMAIN_COUNTS, by_domain, catalog
from mpb_env.episode import T_MAX, Episode
from mpb_env.fairness import VARIANTS, fairness
from mpb_env.prompts import TOOL_FORMATS
from mpb_env.reach import reach
from mpb_env.recall import DEFAULT_TOP_N
from mpb_env.rollouts.adversarial import gaming_lines, gaming_table
from mpb_env.rollouts.chat import PolicyError
from mpb_env.rollouts.policies import (
    POLICY_NAMES,
    NullPolicy,
    OraclePolicy,
    RandomPolicy,
    canonical_spec,
    make_policy,
)
from mpb_env.rollouts.report import build_report, failure_lines, format_table, reach_lines
from mpb_env.rollouts.runner import (
    DEFAULT_POLICY_TIMEOUT_S,
    REPORT_FILE,
    TRAJECTORIES_FILE,
    TRANSPORTS,
    Heartbeat,
    RayUnavailable,
    RunConflict,
    Trajectory,
    check_out_dir,
    check_transport,
    first_line,
    play_episode,
    replace_run_file,
    run,
    tasks_digest,
)
from mpb_env.tasks import SPLITS, load_tasks, suite_version
from mpb_env.tasks.model import RecallMode, Task, episodes
from mpb_env.validation import allowed_errors, sensitivity
from mpb_env.world.generate import SCALES, Size, load_world

__all__ = ["info_data", "main", "validate_tasks"]

DIMENSIONS = ("basic", "subagent", "memory", "skill")
RECALL_MODES = ("bm25", "bm25-plain", "oracle", "all")


class UsageError(Exception):
    """Bad arguments: exit code 2."""


class RunError(Exception):
    """The command could not do its job (unreadable suite): exit code 1."""


class Interrupted(Exception):
    """Ctrl-C: exit code 130, the message saying what was kept (as a shell reports a SIGINT death)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse would print usage and exit; we want one line
        raise UsageError(message)


def _one_line(text: object) -> str:
    return "; ".join(part.strip() for part in str(text).splitlines() if part.strip())


def _dump(obj: Any) -> None:
    _write_json(orjson.dumps(obj, option=orjson.OPT_INDENT_2).decode())


def _write_json(text: str) -> None:
    """Print a JSON document as UTF-8, which is what JSON is, whatever the console's encoding: an ASCII
    stdout would fail on a task's non-ASCII text, and a cp1252 one would write a file no JSON reader
    takes as UTF-8."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:  # a text-only stream (e.g. io.StringIO) has no encoding of its own to get wrong
        sys.stdout.write(text + "\n")
        return
    sys.stdout.flush()
    buffer.write(text.encode() + b"\n")
    buffer.flush()


# --------------------------------------------------------------------------- tasks
def read_task_file(path: Path) -> list[Task]:
    """Tasks from a JSONL file of task records (one per line)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read task file {str(path)!r}: {exc.strerror or exc}") from None
    tasks: list[Task] = []
    seen: dict[str, int] = {}
    for n, line in enumerate(raw.splitlines(), 1):
        if not line.strip():
            continue
        try:
            task = Task.model_validate(orjson.loads(line))
        except (orjson.JSONDecodeError, ValueError) as exc:
            raise UsageError(f"{path}:{n}: not a valid task: {_one_line(exc)}") from None
        if task.id in seen:
            raise UsageError(f"{path}:{n}: duplicate task id {task.id!r} (first on line {seen[task.id]})")
        seen[task.id] = n
        tasks.append(task)
    return tasks


#: The split read when neither ``--split`` nor ``--tasks`` is given.
DEFAULT_SPLIT = "bench"


def _split(args: argparse.Namespace) -> str | None:
    """The split the command reads (``None`` for a ``--tasks`` file). ``--split`` has no parser default
    so that naming both sources is refused: one of them would be ignored without a word, and a run
    would score other tasks than the command line says."""
    if getattr(args, "tasks", None):
        if args.split is not None:
            raise UsageError("--split and --tasks both name the tasks to read; give one of them")
        return None
    return args.split or DEFAULT_SPLIT


def _tasks(args: argparse.Namespace) -> list[Task]:
    split = _split(args)
    if split is None:
        tasks = read_task_file(args.tasks)
    else:
        try:
            tasks = load_tasks(split)
        except FileNotFoundError:
            raise RunError(
                f"task suite {split!r} is not installed (no {split}.jsonl in mpb_env/data)"
            ) from None
        except ValueError as exc:
            raise RunError(_one_line(exc)) from None
    dimension = getattr(args, "dimension", None)
    return [t for t in tasks if dimension is None or t.dimension == dimension]


def _index(tasks: list[Task]) -> dict[str, Task]:
    return {t.id: t for t in [*tasks, *episodes(tasks)]}


# --------------------------------------------------------------------------- info
def info_data(tasks: list[Task]) -> dict[str, Any]:
    """Catalog and suite statistics (the ``mpb info --json`` document)."""
    counts = {d: 0 for d in DOMAIN_COUNTS} | {d: len(specs) for d, specs in by_domain().items()}
    plan = episodes(tasks)
    by_category: dict[str, Counter[str]] = {}
    for t in tasks:
        by_category.setdefault(t.dimension, Counter())[t.category] += 1
    return {
        "tools": {
            "total": len(catalog()),
            "by_domain": counts,
            "paper": {"total": sum(DOMAIN_COUNTS.values()), "by_domain": dict(DOMAIN_COUNTS)},
        },
        "tasks": {
            "total": len(tasks),
            "versions": sorted({t.version for t in tasks}),
            "by_dimension": dict(Counter(t.dimension for t in tasks)),
            "by_category": {d: dict(c) for d, c in by_category.items()},
            "by_bucket": dict(Counter(t.bucket for t in tasks)),
            "by_routing": dict(Counter(t.routing for t in plan if t.routing is not None)),
            "memory": {
                axis: dict(Counter(t.meta[axis] for t in tasks if t.dimension == "memory" and axis in t.meta))
                for axis in ("turns", "primary", "reasoning", "target", "scenario")
            },
            "interaction": {
                "asking": sum(1 for t in tasks if t.user_facts),
                "controls": sum(1 for t in tasks if t.allow_ask and not t.user_facts),
            },
            "episodes": len(plan),
            # recall@N and the oracle ceiling per dimension under the env's default settings
            "reach": reach(tasks) if plan else None,
        },
    }


def _counts(c: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in c.items()) or "-"


def cmd_info(args: argparse.Namespace) -> int:
    data = info_data(_tasks(args))
    if args.json:
        _dump(data)
        return 0
    tools, tasks = data["tools"], data["tasks"]
    paper = tools["paper"]["by_domain"]
    width = max(len(d) for d in tools["by_domain"])
    lines = [f"Tools: {tools['total']} registered (paper: {tools['paper']['total']})"]
    lines += [f"  {d.ljust(width)}  {n:>3} / {paper.get(d, '-')}" for d, n in tools["by_domain"].items()]
    source = args.tasks or _split(args)
    lines += [
        f"Tasks ({source}): {tasks['total']} tasks, {tasks['episodes']} scored episodes"
        + (f"  [{', '.join(tasks['versions'])}]" if tasks["versions"] else ""),
        f"  by dimension: {_counts(tasks['by_dimension'])}",
        f"  by bucket:    {_counts(tasks['by_bucket'])}",
        f"  by routing:   {_counts(tasks['by_routing'])}",
        "  by category:",
        *(f"    {d}: {_counts(c)}" for d, c in tasks["by_category"].items()),
        *(f"  memory {axis}: {_counts(c)}" for axis, c in tasks["memory"].items() if c),
        *(
            [
                f"  interaction: {tasks['interaction']['asking']} asking, {tasks['interaction']['controls']} controls"
            ]
            if tasks["interaction"]["asking"] or tasks["interaction"]["controls"]
            else []
        ),
        *reach_lines(tasks["reach"]),
    ]
    print("\n".join(lines))
    return 0


# --------------------------------------------------------------------------- tools
def cmd_tools(args: argparse.Namespace) -> int:
    groups = by_domain()
    if args.domain is not None:
        names = {d.casefold(): d for d in [*DOMAIN_COUNTS, *groups]}
        domain = names.get(args.domain.strip().casefold())
        if domain is None:
            raise UsageError(f"unknown domain {args.domain!r}; choose one of: {', '.join(DOMAIN_COUNTS)}")
        groups = {domain: groups.get(domain, [])}
    specs = [s for group in groups.values() for s in group]
    if args.json:
        _dump([s.schema for s in specs])
        return 0
    if not specs:
        print("no tools registered" + (f" in {args.domain}" if args.domain else ""))
        return 0
    name_w = max(len(s.name) for s in specs)
    dom_w = max(len(s.domain) for s in specs)
    for s in specs:
        print(
            f"{s.name.ljust(name_w)}  {s.domain.ljust(dom_w)}  {'write' if s.mutates else 'read '}  {s.description}"
        )
    print(f"{len(specs)} tools")
    return 0


# --------------------------------------------------------------------------- show
def find_task(tasks: list[Task], task_id: str) -> Task:
    """The task or skill variant with this id; UsageError (with close matches) when there is none."""
    index = _index(tasks)
    task = index.get(task_id)
    if task is None:
        close = difflib.get_close_matches(task_id, list(index), n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise UsageError(f"unknown task id {task_id!r}{hint}")
    return task


def _show_text(t: Task) -> str:
    def js(obj: Any) -> str:
        return orjson.dumps(obj).decode()

    lines = [
        f"{t.id}  ({t.version})",
        f"dimension: {t.dimension}   category: {t.category}   bucket: {t.bucket}   routing: {t.routing or '-'}",
        f"now: {t.now}   recall: {t.recall or 'run setting'}   frictions: {', '.join(t.frictions) or '-'}",
        f"query: {t.query}",
    ]
    if t.history:
        lines += ["history:", *(f"  {m.role}: {m.content}" for m in t.history)]
    if t.s0_patch:
        lines.append(
            "s0 patch: " + ", ".join(f"{table} ({len(rows)} records)" for table, rows in t.s0_patch.items())
        )
    lines += [f"fault: {f.tool} on calls {f.on_calls} -> {f.error_type}" for f in t.faults]
    if t.candidate_skills:
        lines.append(f"candidate skills: {', '.join(t.candidate_skills)}")
    lines.append(f"gold tools: {', '.join(t.gold_tools) or '-'}")
    if t.gold_memory_ids:
        lines.append(f"gold memory ids: {', '.join(t.gold_memory_ids)}")
    if t.gold_skill:
        lines.append(f"gold skill: {t.gold_skill}")
    gold = t.gold.model_dump(exclude_none=True, exclude_defaults=True)
    lines += ["gold:", *(f"  {k}: {js(v)}" for k, v in gold.items())]
    lines += ["oracle:", *(f"  {i}. {turn}" for i, turn in enumerate(t.oracle, 1))]
    return "\n".join(lines)


def cmd_show(args: argparse.Namespace) -> int:
    task = find_task(_tasks(args), args.task_id)
    if args.json:
        _dump(task.model_dump(mode="json"))
    else:
        print(_show_text(task))
    return 0


# --------------------------------------------------------------------------- validate
def _check_oracle(task: Task, traj: Trajectory) -> list[str]:
    problems: list[str] = []
    if traj.error is not None:
        problems.append(f"oracle episode ended with {traj.outcome}: {traj.error}")
    if not traj.success:
        reasons = "; ".join(traj.verdict.get("reasons", [])) or "verdict is a failure"
        problems.append(f"oracle fails: {reasons}")
    if traj.truncated:
        problems.append(f"oracle was truncated after {len(traj.turns)} turns")
    elif len(traj.turns) != len(task.oracle):
        problems.append(f"oracle ended after {len(traj.turns)} of its {len(task.oracle)} turns")
    unexplained = sorted(set(traj.error_types) - allowed_errors(task))
    if unexplained:
        why = ", ".join(task.frictions) or "none"
        problems.append(f"oracle hit unexplained error(s) {', '.join(unexplained)} (frictions: {why})")
    return problems


#: A suite a random policy can solve more often than this (percent) has checkers that are too lax.
MAX_RANDOM_RATE = 1.0


def validate_tasks(
    tasks: list[Task],
    *,
    recall: RecallMode = "oracle",
    top_n: int = DEFAULT_TOP_N,
    max_turns: int = T_MAX,
    world_size: Size = "M",
    progress: bool = True,
    tool_search: bool = True,
) -> dict[str, Any]:
    """Check every episode: the oracle passes with only explained tool errors, the null policy fails,
    every corruption of the oracle is rejected (kill rate per bucket), every fair variant of it is
    accepted (``mpb_env.fairness``: acceptance rate per variant and bucket), and a random policy (seed 0)
    solves at most ``MAX_RANDOM_RATE`` percent of the episodes; ``gaming``: each gaming policy's pass
    rate per bucket (``mpb_env.rollouts.adversarial.gaming_table``), at most ``MAX_GAMING_RATE`` each."""
    plan = episodes(tasks)
    failed: list[dict[str, Any]] = []
    if not plan:
        return {"episodes": 0, "passed": 0, "failed": failed, "sensitivity": None, "fairness": None}
    world = load_world(world_size)
    oracle, null, rnd = OraclePolicy(_index(tasks)), NullPolicy(), RandomPolicy(0)
    episode = Episode(world, plan[0], recall, top_n, max_turns, tool_search)
    random_wins = 0
    kills: dict[str, list[int]] = {}
    survivors: list[dict[str, str]] = []
    fair: dict[tuple[str, str], list[int]] = {}
    rejected: list[dict[str, str]] = []
    for task in tqdm(plan, unit="ep", disable=not progress or not sys.stderr.isatty(), leave=False):
        try:
            problems = _check_oracle(task, play_episode(episode, task, oracle))
            if play_episode(episode, task, null).success:
                problems.append("the null policy passes")
            random_wins += play_episode(episode, task, rnd).success
        except Exception as exc:  # a crashing tool body is a finding, not a reason to stop validating
            problems = [f"run raised {type(exc).__name__}: {_one_line(exc)}"]
        try:
            for name, killed in sensitivity(task):
                counts = kills.setdefault(task.bucket, [0, 0])
                counts[0] += 1
                counts[1] += bool(killed)
                if not killed:
                    survivors.append({"task_id": task.id, "corruption": str(name)})
                    problems.append(f"the checker accepts the corruption {name!r}")
        except Exception as exc:
            problems.append(f"sensitivity raised {type(exc).__name__}: {_one_line(exc)}")
        problems += _fair_check(task, fair, rejected)
        if problems:
            failed.append({"task_id": task.id, "problems": problems})
    sens = {
        "by_bucket": {
            b: {"corruptions": n, "killed": k, "kill_rate": round(100.0 * k / n, 2) if n else None}
            for b, (n, k) in sorted(kills.items())
        },
        "survivors": survivors,
    }
    rate = round(100.0 * random_wins / len(plan), 2)
    return {
        "episodes": len(plan),
        "passed": len(plan) - len(failed),
        "failed": failed,
        "sensitivity": sens,
        "fairness": _fair_summary(plan, fair, rejected),
        "random": {"successes": random_wins, "rate": rate, "ok": rate <= MAX_RANDOM_RATE},
        "gaming": gaming_table(tasks, recall=recall, world_size=world_size),
    }


def _fair_check(
    task: Task, fair: dict[tuple[str, str], list[int]], rejected: list[dict[str, str]]
) -> list[str]:
    """Run ``task``'s fair variants, tally them per (variant, bucket); the problems of the rejected."""
    problems: list[str] = []
    try:
        for name, accepted in fairness(task):
            counts = fair.setdefault((name, task.bucket), [0, 0])
            counts[0] += 1
            counts[1] += bool(accepted)
            if not accepted:
                rejected.append({"task_id": task.id, "variant": name})
                problems.append(f"the checker rejects the fair variant {name!r}")
    except Exception as exc:
        problems.append(f"fairness raised {type(exc).__name__}: {_one_line(exc)}")
    return problems


def _fair_summary(
    plan: list[Task], fair: dict[tuple[str, str], list[int]], rejected: list[dict[str, str]]
) -> dict[str, Any]:
    """The false-negative table: per suite version, variant and bucket, how many fair variants the
    checkers accept (a fair variant rejected is a false negative)."""
    by_variant = {
        v: {
            b: {"variants": n, "accepted": k, "acceptance": round(100.0 * k / n, 2)}
            for (name, b), (n, k) in sorted(fair.items())
            if name == v
        }
        for v in VARIANTS
    }
    return {"suites": sorted({t.version for t in plan}), "by_variant": by_variant, "rejected": rejected}


def _fair_lines(summary: dict[str, Any]) -> list[str]:
    buckets = ("tool", "state", "behavior")
    lines = [
        f"fairness on {', '.join(summary['suites'])} (fair variants the checker accepts, per variant and bucket):",
        f"  {'variant':<18}" + "".join(f"{b:>20}" for b in buckets),
    ]
    for variant, cells in summary["by_variant"].items():
        row = [
            f"{c['acceptance']:.1f}% ({c['accepted']}/{c['variants']})" if (c := cells.get(b)) else "-"
            for b in buckets
        ]
        lines.append(f"  {variant:<18}" + "".join(f"{r:>20}" for r in row))
    if summary["rejected"]:
        shown = ", ".join(f"{r['task_id']}:{r['variant']}" for r in summary["rejected"][:10])
        more = len(summary["rejected"]) - 10
        lines.append(f"  rejected fair variants: {shown}" + (f" (+{more} more)" if more > 0 else ""))
    return lines


def cmd_validate(args: argparse.Namespace) -> int:
    tasks = _tasks(args)
    if not episodes(tasks):
        raise UsageError("no episodes selected (check --dimension / the task source)")
    result = validate_tasks(
        tasks,
        recall=args.recall,
        top_n=args.top_n,
        max_turns=args.max_turns,
        world_size=args.world_size,
        progress=not args.no_progress,
        tool_search=not args.no_tool_search,
    )
    if args.json:
        _dump(result)
    else:
        lines = [
            f"validated {result['episodes']} episodes: {result['passed']} passed, {len(result['failed'])} failed"
        ]
        sens = result["sensitivity"]
        if sens is None:
            lines.append("sensitivity: skipped (mpb_env.validation.sensitivity is not available)")
        else:
            lines.append("sensitivity (corruptions the checker kills, per bucket):")
            for bucket, st in sens["by_bucket"].items():
                rate = "-" if st["kill_rate"] is None else f"{st['kill_rate']:.1f}%"
                lines.append(f"  {bucket:<9} {rate:>7}  ({st['killed']}/{st['corruptions']})")
            if sens["survivors"]:
                shown = ", ".join(f"{s['task_id']}:{s['corruption']}" for s in sens["survivors"][:10])
                more = len(sens["survivors"]) - 10
                lines.append(f"  surviving corruptions: {shown}" + (f" (+{more} more)" if more > 0 else ""))
        lines += _fair_lines(result["fairness"])
        r = result["random"]
        lines.append(
            f"random policy (seed 0): {r['successes']} of {result['episodes']} solved ({r['rate']}%), "
            f"{'within' if r['ok'] else 'ABOVE'} the {MAX_RANDOM_RATE}% bound"
        )
        lines += gaming_lines(result["gaming"])
        if result["failed"]:
            lines.append("failed:")
            lines += [f"  {f['task_id']}: {'; '.join(f['problems'])}" for f in result["failed"]]
        print("\n".join(lines))
    gamed = not all(r["ok"] for r in result["gaming"].values())
    return 1 if result["failed"] or not result["random"]["ok"] or gamed else 0


# --------------------------------------------------------------------------- eval
#: The model flags, their defaults, and the policies (spec prefixes) each applies to.
_MODEL_FLAGS: dict[str, tuple[Any, tuple[str, ...]]] = {
    "base_url": (None, ("openai:",)),
    "temperature": (0.0, ("openai:", "hf:")),
    "max_tokens": (1024, ("openai:", "hf:")),
    "concurrency": (16, ("openai:",)),
    "tool_calls": ("native", ("openai:",)),
    "device": (None, ("hf:",)),
}


def _chat_settings(args: argparse.Namespace) -> dict[str, Any] | None:
    """The model policy's settings from the model flags, for ``--policy openai:MODEL`` or ``hf:PATH``
    (else ``None``); a flag given to a policy it does not apply to is refused."""
    spec = args.policy.strip().lower()
    kind = next((p for p in ("openai:", "hf:") if spec.startswith(p)), None)
    given = {k: getattr(args, k) for k in _MODEL_FLAGS}
    wrong = [k for k, (default, kinds) in _MODEL_FLAGS.items() if given[k] != default and kind not in kinds]
    if wrong:
        flags = ", ".join("--" + k.replace("_", "-") for k in wrong)
        where = " or ".join(f"{p}..." for p in dict.fromkeys(q for k in wrong for q in _MODEL_FLAGS[k][1]))
        raise UsageError(f"{flags} {'apply' if len(wrong) > 1 else 'applies'} only to --policy {where}")
    if kind is None:
        return None
    settings = {k: v for k, v in given.items() if kind in _MODEL_FLAGS[k][1]}
    if kind == "hf:":  # rows generated together: the episodes stepped together
        settings["max_new_tokens"] = settings.pop("max_tokens")
        settings["batch_size"] = args.batch_size
    return settings


def cmd_eval(args: argparse.Namespace) -> int:
    if args.repeats is not None:
        return _eval_repeats(args)
    out = args.out
    if (args.resume or args.retry_failed) and out is None:
        raise UsageError("--resume needs --out DIR (the run to continue)")
    if args.address and not args.ray:
        raise UsageError("--address needs --ray")
    for flag, value in (("--call-deadline", args.call_deadline), ("--start-deadline", args.start_deadline)):
        if value is not None and not args.ray:
            raise UsageError(f"{flag} needs --ray")
    defaults = Heartbeat()
    heartbeat = Heartbeat(
        call_deadline_s=args.call_deadline or defaults.call_deadline_s,
        ping_timeout_s=defaults.ping_timeout_s,
        start_deadline_s=args.start_deadline or defaults.start_deadline_s,
    )
    try:
        check_transport(args.transport)  # "channel" was removed: one line saying so
    except ValueError as exc:
        raise UsageError(f"--transport: {exc}") from None
    if args.transport != "auto" and not args.ray:
        raise UsageError("--transport needs --ray")
    _split(args)  # both task sources named: refused before a model is loaded
    chat = _chat_settings(args)
    # The tasks and --out are checked before the policy is built: a model policy loads its weights
    # then, and a typo in a path should not cost that wait (reading a whole suite takes a blink).
    tasks = _tasks(args)
    plan = episodes(tasks)
    if args.limit is not None:
        plan = plan[: args.limit]
    if not plan:
        raise UsageError("no episodes selected (check --dimension / --limit / the task source)")
    if out is not None:
        try:
            check_out_dir(out)
        except RunConflict as exc:
            raise UsageError(str(exc)) from None
    try:  # the oracle looks its turns up in the plan; the others ignore it
        policy = make_policy(args.policy, plan, args.seed, chat)
    except (ValueError, ImportError) as exc:
        raise UsageError(_one_line(exc)) from None
    recall = args.recall
    try:
        trajectories = run(
            plan,
            policy,
            seed=args.seed,
            recall=recall,
            top_n=args.top_n,
            max_turns=args.max_turns,
            world_size=args.world_size,
            out=out,
            progress=not args.no_progress,
            executor="ray" if args.ray else "local",
            workers=args.workers or (2 if args.ray else 1),
            batch_size=args.batch_size,
            address=args.address,
            resume=args.resume or args.retry_failed,
            transport=args.transport,
            tool_search=not args.no_tool_search,
            tool_format=args.tool_format,
            policy_timeout=args.policy_timeout,
            retry_failed=args.retry_failed,
            heartbeat=heartbeat,
        )
    except RayUnavailable as exc:
        raise RunError(str(exc)) from None
    except PolicyError as exc:
        kept = f"; the finished episodes are in {out}: continue with --resume" if out is not None else ""
        raise RunError(f"{_one_line(exc)}{kept}") from None
    except RunConflict as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        if out is None:  # nothing was being written: a connection or device the policy used failed
            raise RunError(f"the run stopped: {type(exc).__name__}: {first_line(exc)}") from None
        raise RunError(f"cannot write the run to {out}: {exc}") from None
    except KeyboardInterrupt:
        kept = f"; the finished episodes are in {out}: continue with --resume" if out is not None else ""
        raise Interrupted(f"interrupted{kept}") from None
    report = build_report(
        trajectories,
        plan,
        settings={
            "recall": recall,
            "top_n": args.top_n,
            "tool_search": not args.no_tool_search,
            "world_size": args.world_size,
        },
    )
    report["run"] = {
        "policy": canonical_spec(args.policy),
        "tasks": str(args.tasks) if args.tasks else None,
        "split": _split(args),
        "dimension": args.dimension,
        "limit": args.limit,
        "recall": recall,
        "top_n": args.top_n,
        "tool_search": not args.no_tool_search,
        "tool_format": args.tool_format,
        "suite_version": suite_version(plan),
        "max_turns": args.max_turns,
        "seed": args.seed,
        "world_size": args.world_size,
        "executor": "ray" if args.ray else "local",
        "tasks_sha256": tasks_digest(plan),  # which version of the tasks (golds) was scored
    }
    if out is not None:
        try:  # atomic, and never through a symlink planted in the run directory
            replace_run_file(out / REPORT_FILE, orjson.dumps(report, option=orjson.OPT_INDENT_2) + b"\n")
        except RunConflict as exc:
            raise RunError(str(exc)) from None
        except OSError as exc:
            raise RunError(f"cannot write {out / REPORT_FILE}: {exc.strerror or exc}") from None
        from mpb_env.rollouts.report_files import write_report_files

        try:
            files = [p.name for p in write_report_files(out, report, trajectories)]
        except RunConflict as exc:
            raise RunError(str(exc)) from None
        except OSError as exc:
            raise RunError(f"cannot write the report files in {out}: {first_line(exc)}") from None
        print(
            f"wrote {out / REPORT_FILE}, {', '.join(files)} and {out / TRAJECTORIES_FILE}", file=sys.stderr
        )
    if args.json:
        _dump(report)
    else:
        print(format_table(report))
    for line in failure_lines(report):  # the run completed; its failed episodes, one line per outcome
        print(f"mpb: {line}", file=sys.stderr)
    # every episode failed (a wrong key, no server): the run completed but measured nothing
    return 1 if trajectories and all(not t.reward_valid for t in trajectories) else 0


def _eval_repeats(args: argparse.Namespace) -> int:
    """``eval --repeats K``: K runs with seeds seed..seed+K-1 in ``--out``/run-i, then Table 4."""
    from mpb_env.rollouts.repeats import format_stability, run_dir, stability, write_stability

    k, out = args.repeats, args.out
    if out is None:
        raise UsageError("--repeats needs --out DIR (run i is stored in DIR/run-i)")
    if args.seed + k - 1 > SEED_MAX:
        raise UsageError(f"--seed {args.seed} with --repeats {k} passes the largest seed, 2**63 - 1")
    dirs = [run_dir(out, i) for i in range(1, k + 1)]
    for d in dirs:  # every conflict is found before the first run, not after it
        try:
            check_out_dir(d)
        except RunConflict as exc:
            raise UsageError(str(exc)) from None
        if not args.resume and (d / TRAJECTORIES_FILE).is_file() and (d / TRAJECTORIES_FILE).stat().st_size:
            raise UsageError(
                f"{d} already holds a run; continue the runs with --resume or choose another --out"
            )
    reports, seeds = [], []
    for i, d in enumerate(dirs):
        seed = args.seed + i
        sub = argparse.Namespace(**{**vars(args), "repeats": None, "seed": seed, "out": d, "json": False})
        print(f"run {i + 1} of {k} (seed {seed}) in {d}", file=sys.stderr)
        with contextlib.redirect_stdout(io.StringIO()) if args.json else contextlib.nullcontext():
            if not args.json:
                print(f"== run {i + 1} (seed {seed})")
            cmd_eval(sub)
            if not args.json:
                print()
        reports.append(orjson.loads((d / "report.json").read_bytes()))
        seeds.append(seed)
    table = stability(reports, seeds)
    settings = {k_: v for k_, v in reports[0].get("run", {}).items() if k_ != "seed"}
    try:
        written = write_stability(out, table, {**settings, "seeds": seeds})
    except OSError as exc:
        raise RunError(f"cannot write the repeats table in {out}: {first_line(exc)}") from None
    print(f"wrote {', '.join(str(p) for p in written)}", file=sys.stderr)
    if args.json:
        _dump({**table, "settings": settings})
    else:
        print(f"Run-to-run stability over {k} runs (%; Std. is the sample standard deviation):")
        print(format_stability(table))
    return 0


# --------------------------------------------------------------------------- compare, view
def cmd_compare(args: argparse.Namespace) -> int:
    """Runs side by side with a paired bootstrap (``mpb_env.rollouts.compare``)."""
    from mpb_env.rollouts.compare import CompareError, compare_runs, format_compare, write_compare_md

    try:
        result = compare_runs(args.runs, n_boot=args.n_boot, seed=args.seed)
    except CompareError as exc:
        raise UsageError(str(exc)) from None
    try:
        if args.md is not None:
            write_compare_md(result, args.md)
            print(f"wrote {args.md}", file=sys.stderr)
        if args.png is not None:
            from mpb_env.rollouts.compare import write_compare_png

            write_compare_png(result, args.png)
            print(f"wrote {args.png}", file=sys.stderr)
    except OSError as exc:
        raise RunError(f"cannot write the comparison: {first_line(exc)}") from None
    if args.json:
        _dump(result)
    else:
        print(format_compare(result))
    return 0


def cmd_view(args: argparse.Namespace) -> int:
    """A run as one self-contained HTML page (``mpb_env.rollouts.view``)."""
    from mpb_env.rollouts.view import ViewError, write_view

    out = args.out if args.out is not None else args.run_dir / "view.html"
    try:
        n = write_view(args.run_dir, out)
    except ViewError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise RunError(f"cannot write {out}: {first_line(exc)}") from None
    print(f"wrote {out} ({n} episodes)", file=sys.stderr)
    return 0


# --------------------------------------------------------------------------- export
def cmd_export(args: argparse.Namespace) -> int:
    """Episodes as chat-format training data (``mpb_env.rollouts.export``): a run's, or the oracle's."""
    from mpb_env.rollouts.export import ExportError, export

    if args.oracle == (args.run_dir is not None):
        raise UsageError("give RUN_DIR (a directory of mpb eval --out), or --oracle with --split or --tasks")
    if args.oracle and args.split is None and args.tasks is None:
        raise UsageError("--oracle needs the tasks to play: --split S (e.g. train) or --tasks FILE")
    if args.recall is not None and not args.oracle:
        raise UsageError("--recall applies only to --oracle (a run is replayed with its own settings)")
    tasks = _tasks(args) if args.split is not None or args.tasks is not None else None
    try:
        done = export(
            args.out,
            run_dir=args.run_dir,
            tasks=tasks,
            only_success=args.only_success,
            recall=args.recall or "bm25",
            source=str(args.tasks) if args.tasks else f"split {args.split}",
        )
    except ExportError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise RunError(f"cannot write the export to {args.out}: {first_line(exc)}") from None
    print(
        f"wrote {done['episodes']} episodes ({done['successes']} successful) to {args.out}", file=sys.stderr
    )
    return 0


# --------------------------------------------------------------------------- bench
def cmd_bench(args: argparse.Namespace) -> int:
    """The quick throughput benchmark (``benchmarks/throughput.py --quick``): a table, or JSON."""
    from mpb_env.rollouts.bench import config_for, dumps, format_report, progress_logger, run_bench

    report = run_bench(config_for(quick=True, ray=not args.no_ray), progress_logger(sys.stderr.isatty()))
    if args.json:
        _write_json(dumps(report))
    else:
        print(format_report(report))
    return 0


# --------------------------------------------------------------------------- parser
#: Counts (episodes, tools, turns, workers, slots) beyond this are typos, and JSON cannot hold them all.
COUNT_MAX = 2**31 - 1
#: Seeds are recorded in JSON and seed numpy generators: a non-negative 63-bit integer.
SEED_MAX = 2**63 - 1


def _between(kind: type, low: float, high: float, high_text: str) -> Any:
    """An argparse type: a number of ``kind`` (``int`` or ``float``) from ``low`` to ``high``
    (``high_text`` names it in the error)."""
    noun = "an integer" if kind is int else "a number"

    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected {noun} from {low:g} to {high_text}, got {text!r}")
        return value

    return parse


_positive = _between(int, 1, COUNT_MAX, str(COUNT_MAX))
_seed = _between(int, 0, SEED_MAX, "2**63 - 1")


def _path(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a path, got an empty string")
    return Path(text)


def _task_source(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--split", default=None, choices=sorted(SPLITS), help=f"task suite (default: {DEFAULT_SPLIT})"
    )
    p.add_argument(
        "--tasks", type=_path, default=None, metavar="FILE", help="a JSONL file of tasks instead of a split"
    )


def _episode_options(p: argparse.ArgumentParser, recall_default: str) -> None:
    p.add_argument("--dimension", choices=DIMENSIONS, default=None, help="only tasks of this dimension")
    p.add_argument(
        "--recall",
        choices=RECALL_MODES,
        default=recall_default,
        help=f"tool recall for A0 (default: {recall_default})",
    )
    p.add_argument(
        "--no-tool-search",
        action="store_true",
        help="do not offer search_tools (the paper-strict action set; some tasks become unsolvable)",
    )
    p.add_argument("--top-n", type=_positive, default=DEFAULT_TOP_N, help="N for recall (default: 15)")
    p.add_argument("--max-turns", type=_positive, default=T_MAX, help="T_max (default: 15)")
    p.add_argument("--world-size", choices=sorted(SCALES), default="M", help="base world size (default: M)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print JSON")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="mpb", description="MobilePA-Bench sandbox: catalog, tasks, validation, evaluation."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("info", help="catalog and task-suite statistics")
    _task_source(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_info)

    p = sub.add_parser("tools", help="list the tool catalog")
    p.add_argument("--domain", default=None, help='only this domain, e.g. "Time Management"')
    p.add_argument("--json", action="store_true", help="print the tool schemas as JSON")
    p.set_defaults(func=cmd_tools)

    p = sub.add_parser("show", help="show one task")
    p.add_argument("task_id", help="task id, e.g. basic-apps.clear_cache-001 (skill variants: <id>@SOR, <id>@MTSR)")
    _task_source(p)
    p.add_argument("--json", action="store_true", help="print the task record as JSON")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("validate", help="oracle passes and null fails on every episode")
    _task_source(p)
    _episode_options(p, recall_default="oracle")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("eval", help="run a policy and report scores")
    p.add_argument(
        "--policy",
        default="oracle",
        help=f"one of: {', '.join(POLICY_NAMES)} (default: oracle, the suite's self-check)",
    )
    _task_source(p)
    _episode_options(p, recall_default="bm25")
    p.add_argument(
        "--tool-format",
        choices=TOOL_FORMATS,
        default="schema",
        help="schema: JSON schemas (a model policy's tools); compact: one line per tool in the system "
        "message, no schemas sent (default: schema)",
    )
    p.add_argument(
        "--seed", type=_seed, default=0, help="seed of the random policy and of chat requests (default: 0)"
    )
    chat = p.add_argument_group("models (--policy openai:MODEL or hf:PATH)")
    chat.add_argument(
        "--base-url",
        default=None,
        help="the server's API root, e.g. http://127.0.0.1:8000/v1 (default: $OPENAI_BASE_URL, else "
        "OpenAI's); the key is read from $OPENAI_API_KEY",
    )
    chat.add_argument(
        "--temperature", type=_between(float, 0.0, 2.0, "2"), default=0.0, help="0 is greedy (default: 0)"
    )
    chat.add_argument("--max-tokens", type=_positive, default=1024, help="per reply (default: 1024)")
    chat.add_argument(
        "--concurrency", type=_positive, default=16, help="openai: requests in flight (default: 16)"
    )
    chat.add_argument(
        "--device", default=None, help="hf: cpu, cuda, cuda:1, ... (default: cuda if available)"
    )
    chat.add_argument(
        "--tool-calls",
        choices=("native", "text"),
        default="native",
        help="native: tools and tool_calls of the API; text: <tool_call> blocks in the reply, for "
        "servers without a tool parser (default: native)",
    )
    p.add_argument("--limit", type=_positive, default=None, help="only the first N episodes")
    p.add_argument(
        "--out", type=_path, default=None, metavar="DIR", help="write report.json and trajectories.jsonl here"
    )
    p.add_argument(
        "--resume", action="store_true", help="continue the run in --out: skip episodes already there"
    )
    p.add_argument(
        "--retry-failed",
        action="store_true",
        help="resume the run in --out and play again its episodes that failed (policy_error, "
        "policy_timeout, env_error), keeping the others",
    )
    p.add_argument(
        "--policy-timeout",
        type=_between(float, 0.001, 1e9, "1e9"),
        default=DEFAULT_POLICY_TIMEOUT_S,
        metavar="S",
        help=f"seconds one policy call (a batch) may take; its episodes then end with policy_timeout "
        f"(default: {DEFAULT_POLICY_TIMEOUT_S:g})",
    )
    p.add_argument(
        "--repeats",
        type=_positive,
        default=None,
        metavar="K",
        help="K runs with seeds seed..seed+K-1 in --out/run-1..K, then mean/std/range per dimension",
    )
    p.add_argument("--ray", action="store_true", help="run on Ray actors (a local instance unless --address)")
    p.add_argument("--address", default=None, help="Ray cluster address, e.g. auto or ray://head:10001")
    p.add_argument(
        "--call-deadline",
        type=_between(float, 0.001, 1e9, "1e9"),
        default=None,
        metavar="S",
        help="--ray: seconds an actor call (one batch step) may be outstanding before the actor is "
        "pinged; one that then does not answer within "
        f"{Heartbeat().ping_timeout_s:g} s is replaced (default: {Heartbeat().call_deadline_s:g})",
    )
    p.add_argument(
        "--start-deadline",
        type=_between(float, 0.001, 1e9, "1e9"),
        default=None,
        metavar="S",
        help="--ray: seconds a new actor may take to give its first answer before an unanswered ping "
        f"has it replaced (default: {Heartbeat().start_deadline_s:g})",
    )
    p.add_argument(
        "--workers", type=_positive, default=None, help="shards / Ray actors (default: 1, or 2 with --ray)"
    )
    p.add_argument("--batch-size", type=_positive, default=64, help="episodes stepped together per shard")
    p.add_argument(
        "--transport",
        metavar="{" + ",".join(TRANSPORTS) + "}",
        default="auto",
        help="how the driver steps Ray actors: both are Ray actor calls (auto, the default, and ray; "
        "channel was removed)",
    )
    p.set_defaults(func=cmd_eval)

    p = sub.add_parser("compare", help="runs side by side, with a paired bootstrap per dimension")
    p.add_argument("runs", nargs="+", type=_path, metavar="RUN_DIR", help="run directories; the first is A")
    p.add_argument(
        "--md", type=_path, default=None, metavar="FILE", help="also write the comparison as markdown"
    )
    p.add_argument("--png", type=_path, default=None, metavar="FILE", help="also draw it as a PNG")
    p.add_argument("--n-boot", type=_positive, default=10_000, help="bootstrap resamples (default: 10000)")
    p.add_argument("--seed", type=_seed, default=0, help="seed of the bootstrap (default: 0)")
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    p.set_defaults(func=cmd_compare)

    p = sub.add_parser("view", help="a run's episodes as one self-contained HTML page")
    p.add_argument("run_dir", type=_path, metavar="RUN_DIR", help="a run directory (mpb eval --out)")
    p.add_argument(
        "--out", type=_path, default=None, metavar="FILE", help="the HTML file (default: RUN_DIR/view.html)"
    )
    p.set_defaults(func=cmd_view)

    p = sub.add_parser("export", help="a run's episodes (or the oracle's) as chat-format training data")
    p.add_argument("run_dir", nargs="?", type=_path, default=None, help="a run directory (mpb eval --out)")
    p.add_argument("--out", type=_path, required=True, metavar="DIR", help="a new directory for the export")
    p.add_argument("--only-success", action="store_true", help="only episodes the checker passed")
    p.add_argument("--oracle", action="store_true", help="export the oracle's episodes over --split/--tasks")
    p.add_argument(
        "--recall", choices=RECALL_MODES, default=None, help="--oracle: tool recall (default: bm25, the env default)"
    )
    p.add_argument(
        "--split",
        default=None,
        choices=sorted(SPLITS),
        help="--oracle: the tasks to play; with RUN_DIR: where its tasks are (default: its report's)",
    )
    p.add_argument("--tasks", type=_path, default=None, metavar="FILE", help="a JSONL file of tasks instead")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("bench", help="the quick throughput benchmark (~15 s)")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--no-ray", action="store_true", help="skip the Ray section")
    p.set_defaults(func=cmd_bench)
    return parser


def _warning_line(message: Warning | str, category: type[Warning], *_: Any, **__: Any) -> str:
    """A warning as ``mpb`` prints it: one line, without the source location (e.g. an episode a model
    could not finish because its conversation outgrew the context)."""
    return f"mpb: warning: {_one_line(message)}\n"


def main(argv: list[str] | None = None) -> int:
    """Run ``mpb`` with ``argv`` (default: the process arguments) and return the exit code."""
    parser = build_parser()
    shown = warnings.formatwarning
    warnings.formatwarning = _warning_line
    # Text a console cannot show (a task's em dash on an ASCII or cp1252 stdout) is escaped, not fatal.
    errors = getattr(sys.stdout, "errors", None)
    tolerant = errors == "strict" and hasattr(sys.stdout, "reconfigure")
    if tolerant:
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            raise UsageError(
                "choose a command: info, tools, show, validate, eval, compare, view, export, bench (see mpb -h)"
            )
        return int(args.func(args))
    except UsageError as exc:
        print(f"mpb: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except RunError as exc:
        print(f"mpb: error: {_one_line(exc)}", file=sys.stderr)
        return 1
    except Interrupted as exc:
        print(f"mpb: {_one_line(exc)}", file=sys.stderr)
        return 130
    except KeyboardInterrupt:  # Ctrl-C: the user knows why it stopped; no traceback
        print("mpb: interrupted", file=sys.stderr)
        return 130
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except BrokenPipeError:  # the reader stopped early (| head): end quietly, as a process SIGPIPE ends
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing more can be written; don't fail again at exit
        return 141
    finally:
        warnings.formatwarning = shown
        if tolerant:
            with contextlib.suppress(ValueError, OSError):  # closed, or its reader went away
                sys.stdout.reconfigure(errors=errors)


if __name__ == "__main__":
    raise SystemExit(main())
