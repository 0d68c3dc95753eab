"""A run as one static HTML page: ``mpb view RUN_DIR [--out FILE]``.

The page is self-contained (inline CSS and JavaScript; no server, no network, no CDN), rendered from
the Jinja2 template ``templates/view.html.j2`` of this package with autoescaping on. It holds:

* the run's Table 3 row (from ``report.json`` when present) and its settings;
* a table of every episode (key, dimension, category, bucket, routing, outcome, verdict, steps, tool
  errors, output tokens) with filters on dimension, category, bucket, outcome and verdict, and a search
  on the episode key;
* per episode, shown on demand: the whole transcript. The conversation history H0 and the user's query
  (from the run's task suite, when it can be found), then each assistant turn: its text, each tool call
  with its arguments and its feedback (``ask_user`` answers shown as the user's), the tools the turn
  added to A_t (recorded as ``tools_added`` since that was recorded), and the final message; then the
  verdict: success, the primary check, each gate, the reasons and the partial credit.

The episodes are embedded once as JSON in a ``<script type="application/json">`` block, with ``<``,
``>`` and ``&`` written as ``\\u003c``, ``\\u003e``, ``\\u0026`` so no text a model wrote (``</script>``,
``<!--``) can end the block; the transcript is built with ``document.createElement`` and ``textContent``
only, so a reply holding HTML or a ``<script>`` shows as the text it is. One page holds a full bench run
(1,905 episodes): the table is plain rows, and a transcript is built only when opened.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import orjson

from mpb_env.parsing import CallError, parse_turn
from mpb_env.rollouts.compare import episode_keys
from mpb_env.rollouts.report_files import LABELS, field
from mpb_env.rollouts.runner import MANIFEST_FILE, TRAJECTORIES_FILE, task_digest
from mpb_env.scoring import DIMENSIONS
from mpb_env.tasks.model import Task

__all__ = ["ViewError", "episode_view", "render_view", "script_json", "write_view"]

TEMPLATE = "view.html.j2"
_DIGEST = 12
#: Run keys the page's header leaves out (shown elsewhere, or a digest nobody reads).
_NOT_SHOWN = frozenset({"policy", "suite_version", "tasks_sha256"})
#: Where ``mpb view`` writes by default, inside the run directory.
VIEW_FILE = "view.html"


class ViewError(ValueError):
    """The directory holds no readable run. The message is one line."""


def script_json(data: Any) -> Any:
    """``data`` as JSON safe inside a ``<script type="application/json">`` element: ``<``, ``>`` and
    ``&`` are escaped as JSON ``\\u`` sequences (``JSON.parse`` reads them back), so the element's text
    cannot hold ``</script>`` or ``<!--``. Returned as ``Markup``: it must not be HTML-escaped again,
    which a script element would not undo.

    >>> str(script_json({"a": "</script><b>&"}))
    '{"a":"\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e\\\\u0026"}'
    """
    from markupsafe import Markup

    text = orjson.dumps(data).decode()
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def _entries(observation: str) -> list[Any] | None:
    if not observation:
        return []
    try:
        got = orjson.loads(observation)
    except orjson.JSONDecodeError:
        return None
    return got if isinstance(got, list) else None


def _call_view(call: Any, entry: Any) -> dict[str, Any]:
    if isinstance(call, CallError):
        view: dict[str, Any] = {"name": None, "arguments": None, "error": call.message}
    else:
        view = {
            "name": call.name,
            "arguments": orjson.dumps(call.arguments, option=orjson.OPT_INDENT_2).decode(),
        }
    if isinstance(entry, dict):
        view["status"] = entry.get("status")
        view["error_type"] = entry.get("error_type")
        view["feedback"] = orjson.dumps(entry, option=orjson.OPT_INDENT_2).decode()
        if view["name"] is None and isinstance(entry.get("name"), str):
            view["name"] = entry["name"]
    return view


def _turn_view(n: int, turn: dict[str, Any]) -> dict[str, Any]:
    action = str(turn.get("action", ""))
    observation = str(turn.get("observation", ""))
    parsed = parse_turn(action)
    out: dict[str, Any] = {"n": n, "text": parsed.content if parsed.calls else action}
    if not parsed.calls:
        out["final"] = True
    entries = _entries(observation)
    if parsed.calls:
        if entries is None:  # feedback that is not the JSON list the env writes: show it as it is
            out["calls"] = [_call_view(c, None) for c in parsed.calls]
            out["observation"] = observation
        else:
            pad = [None] * max(0, len(parsed.calls) - len(entries))
            out["calls"] = [_call_view(c, e) for c, e in zip(parsed.calls, [*entries, *pad], strict=False)]
        if any(isinstance(c, CallError) for c in parsed.calls):
            out["raw"] = action  # a malformed call: what the policy wrote
    elif observation:
        out["observation"] = observation
    if turn.get("tools_added"):
        out["tools_added"] = [str(t) for t in turn["tools_added"]]
    return out


def episode_view(key: str, rec: dict[str, Any], task: Task | None) -> dict[str, Any]:
    """One episode as the page's JavaScript reads it: its labels, the transcript and the verdict."""
    verdict = rec.get("verdict") or {}
    return {
        "key": key,
        "task_id": rec.get("task_id"),
        "dimension": rec.get("dimension"),
        "category": rec.get("category"),
        "bucket": rec.get("bucket"),
        "routing": rec.get("routing"),
        "outcome": field(rec, "outcome", "ok") or "ok",
        "reward_valid": field(rec, "reward_valid", True),
        "success": bool(rec.get("success")),
        "reward": rec.get("reward"),
        "steps": rec.get("steps", 0),
        "tool_errors": rec.get("tool_errors", 0),
        "output_tokens": rec.get("output_tokens", 0),
        "user_queries": rec.get("user_queries", 0),
        "truncated": bool(rec.get("truncated")),
        "gold_recall": rec.get("gold_recall"),
        "recall": rec.get("recall"),
        "seed": rec.get("seed"),
        "query": task.query if task is not None else None,
        "history": [{"role": m.role, "content": m.content} for m in task.history] if task is not None else [],
        "turns": [_turn_view(n, t) for n, t in enumerate(rec.get("turns") or [], 1)],
        "verdict": {
            "success": verdict.get("success"),
            "primary": verdict.get("primary"),
            "gates": verdict.get("gates") or {},
            "reasons": verdict.get("reasons") or [],
            "partial": verdict.get("partial") or {},
        },
    }


def _read_run(run_dir: Path) -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any]]:
    if not run_dir.is_dir():
        raise ViewError(f"{run_dir} is not a run directory")
    traj_path = run_dir / TRAJECTORIES_FILE
    if not traj_path.is_file():
        raise ViewError(f"{run_dir} holds no run (no {TRAJECTORIES_FILE}); write one with mpb eval --out DIR")
    docs = []
    for name in (MANIFEST_FILE, "report.json"):
        path = run_dir / name
        try:
            doc = orjson.loads(path.read_bytes()) if path.is_file() else {}
        except orjson.JSONDecodeError:
            raise ViewError(f"cannot read {path}: it is not JSON") from None
        docs.append(doc if isinstance(doc, dict) else {})
    data = traj_path.read_bytes()
    data = data[: data.rfind(b"\n") + 1]  # a run still being written: its complete lines
    records = []
    for n, line in enumerate(data.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = orjson.loads(line)
        except orjson.JSONDecodeError:
            raise ViewError(f"{traj_path}:{n} is not a trajectory record") from None
        if not isinstance(rec, dict) or "task_id" not in rec:
            raise ViewError(f"{traj_path}:{n} is not a trajectory record")
        records.append(rec)
    return records, docs[0], docs[1]


def _tasks(
    records: list[dict[str, Any]], manifest: dict[str, Any], report: dict[str, Any]
) -> list[Task | None]:
    """Each episode's task, found in the split or task file the report names (by the digest ``run.json``
    recorded, else by id); ``None`` where it cannot be found: the page then shows no query."""
    from mpb_env.rollouts.export import ExportError, _sources

    try:
        _, candidates = _sources(report, None)
    except ExportError:
        return [None] * len(records)
    by_digest = {task_digest(t)[:_DIGEST]: t for t in candidates}
    by_id: dict[str, Task] = {}
    for t in candidates:
        by_id.setdefault(t.id, t)
    digests = manifest.get("tasks") if isinstance(manifest.get("tasks"), str) else ""
    out: list[Task | None] = []
    for n, rec in enumerate(records):
        digest = digests[n * _DIGEST : (n + 1) * _DIGEST]
        task = by_digest.get(digest) if len(digest) == _DIGEST else by_id.get(rec["task_id"])
        out.append(task if task is not None and task.id == rec["task_id"] else None)
    return out


def _environment() -> Any:
    from jinja2 import Environment, PackageLoader, select_autoescape

    return Environment(
        loader=PackageLoader("mpb_env.rollouts", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_view(run_dir: Path, title: str | None = None) -> tuple[str, int]:
    """The page of the run in ``run_dir`` and its number of episodes.

    Raises:
        ViewError: no run there, or a record that cannot be read.
    """
    run_dir = Path(run_dir)
    records, manifest, report = _read_run(run_dir)
    keys = episode_keys(records)
    tasks = _tasks(records, manifest, report)
    episodes = [episode_view(k, r, t) for k, r, t in zip(keys, records, tasks, strict=True)]
    run = report.get("run") if isinstance(report.get("run"), dict) else {}
    merged = {**(manifest.get("settings") or {}), **{k: v for k, v in run.items() if v is not None}}
    settings = {k: v for k, v in merged.items() if k not in _NOT_SHOWN}
    facets = {
        name: sorted({str(e[name]) for e in episodes if e[name] is not None}, key=_facet_order(name))
        for name in ("dimension", "category", "bucket", "outcome")
    }
    scores = None
    if "overall" in report:
        ci = report.get("ci95") or {}
        scores = [
            {"label": LABELS[k], "score": report.get(k), "ci": ci.get(k)} for k in ("overall", *DIMENSIONS)
        ]
    policy = run.get("policy") or manifest.get("policy") or "run"
    html = (
        _environment()
        .get_template(TEMPLATE)
        .render(
            title=title or f"{policy}: {run_dir.name}",
            policy=policy,
            run_dir=str(run_dir),
            suite_version=manifest.get("suite_version") or report.get("suite_version"),
            settings=settings,
            scores=scores,
            report=report,
            episodes=episodes,
            facets=facets,
            passed=sum(e["success"] for e in episodes),
            data=script_json(episodes),
        )
    )
    return html, len(episodes)


def _facet_order(name: str) -> Any:
    order = {
        "dimension": list(DIMENSIONS),
        "bucket": ["tool", "state", "behavior"],
        "outcome": ["ok", "policy_error", "policy_timeout", "env_error", "budget"],
    }.get(name, [])
    return lambda v: (order.index(v) if v in order else len(order), v)


def write_view(run_dir: Path, out: Path | None = None) -> int:
    """Write the page of the run in ``run_dir`` to ``out`` (default ``RUN_DIR/view.html``); returns the
    number of episodes. Written to a temporary file and renamed, so a reader never sees half a page."""
    run_dir = Path(run_dir)
    out = Path(out) if out is not None else run_dir / VIEW_FILE
    html, n = render_view(run_dir)
    tmp = out.with_name(out.name + ".tmp")
    try:
        tmp.write_text(html, encoding="utf-8")
        tmp.replace(out)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
    return n
