"""Instructions per real episode, counted by callgrind: the machine-independent twin of the throughput
benchmark's real-episode row.

::

    python benchmarks/instructions.py            # the table; about 15 minutes (valgrind, gcc)
    python benchmarks/instructions.py --json     # one JSON object on stdout

Wall-clock figures on a shared machine move with its load and with the day (this one has run the same
code 2.5-3x slower on one day than on another); an instruction count does not. This script plays the
bench split as ``throughput.py``'s ``episodes`` section does (every episode's oracle turns stepped
through ``Episode`` on the M world, the restart and the start info included, the split played once
cold and then warm) under ``valgrind --tool=callgrind``, with instrumentation off until the warm pass.
It then dumps callgrind's counters after every episode and around every ``search_user_memory`` step
of a memory episode, and reports instructions (``Ir``) per episode (median and p90, over the split and
per dimension) and per memory search (median).

The counts repeat run to run to within a few thousandths (the child runs with ``PYTHONHASHSEED=0``; what
is left is address-dependent hashing). They are not time: a cache miss costs no instruction. Read them
as ratios between two versions of the code, or against a version whose wall time on a given machine is
known (benchmarks/README.md).

The dumps are requested through callgrind's client-request macros from a small C shim built here with
gcc against ``<valgrind/callgrind.h>`` (shipped with Debian's valgrind) and loaded with ctypes.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import orjson

SHIM = """#include <valgrind/callgrind.h>
void mark(const char *label) { CALLGRIND_DUMP_STATS_AT(label); }
void start(void) { CALLGRIND_START_INSTRUMENTATION; }
void stop(void) { CALLGRIND_STOP_INSTRUMENTATION; }
"""
#: The label of the dump that ends the uninstrumented part (its count is the start-up, discarded).
START = "start"


def _child(shim: str, limit: int | None) -> None:
    """Under callgrind: play the bench split cold and warm, then once more with a dump per episode."""
    from mpb_env.episode import Episode
    from mpb_env.rollouts.bench import _episodes, _is_memory_search, _play_episodes
    from mpb_env.tasks import load_tasks
    from mpb_env.world.generate import load_world

    cg = ctypes.CDLL(shim)
    plan = _episodes(load_tasks("bench"))
    _play_episodes(plan)  # cold: each task's A_0, start info and memory overlay built
    _play_episodes(plan)  # warm, as the timed pass of throughput.py sees the split
    env = Episode(load_world("M"), plan[0], recall_mode="oracle")
    if limit is not None:
        plan = plan[:limit]
    cg.start()
    cg.mark(START.encode())
    # _play_episodes' loop with the dumps between its steps; kept here (not a hook in bench.py) so that
    # the script also counts checkouts older than itself, such as the reference in the README
    for k, task in enumerate(plan):
        env.restart(task)
        env.start_info()
        for action in task.oracle:
            search = task.dimension == "memory" and _is_memory_search(action)
            if search:
                cg.mark(f"{k}|{task.dimension}|before-search".encode())
            _obs, _r, terminated, truncated, _info = env.step(action)
            if search:
                cg.mark(f"{k}|{task.dimension}|search".encode())
            if terminated or truncated:
                break
        cg.mark(f"{k}|{task.dimension}|end".encode())
    cg.stop()


def _dumps(folder: Path) -> list[tuple[str, int]]:
    """``(label, Ir)`` of every callgrind dump in ``folder``, in dump order."""
    out: list[tuple[int, str, int]] = []
    for path in folder.glob("cg.out.*"):
        label, total = None, None
        with path.open() as fh:
            for line in fh:
                if line.startswith("desc: Trigger: Client Request: "):
                    label = line.split("Client Request: ", 1)[1].strip()
                elif line.startswith("totals:"):
                    total = int(line.split()[1])
                    break
        if label is not None and total is not None:
            out.append((int(path.suffix[1:]), label, total))
    return [(label, total) for _, label, total in sorted(out)]


def _stats(values: list[int]) -> dict[str, Any]:
    p90 = statistics.quantiles(values, n=10, method="inclusive")[8] if len(values) > 1 else values[0]
    return {"episodes": len(values), "median_ir": int(statistics.median(values)), "p90_ir": int(p90)}


def summarise(dumps: list[tuple[str, int]]) -> dict[str, Any]:
    """Instructions per episode (all, per dimension) and per memory search from the dumps."""
    per_episode: dict[int, int] = {}
    dimension: dict[int, str] = {}
    searches: list[int] = []
    for label, total in dumps:
        if label == START:
            continue
        k, dim, part = label.split("|")
        per_episode[int(k)] = per_episode.get(int(k), 0) + total
        dimension[int(k)] = dim
        if part == "search":
            searches.append(total)
    costs = [per_episode[k] for k in sorted(per_episode)]
    dims = sorted(set(dimension.values()))
    return {
        "all": _stats(costs),
        "by_dimension": {
            d: _stats([per_episode[k] for k in sorted(per_episode) if dimension[k] == d]) for d in dims
        },
        "memory_search": {
            "calls": len(searches),
            "median_ir": int(statistics.median(searches)) if searches else None,
        },
    }


def measure(limit: int | None = None) -> dict[str, Any]:
    for tool in ("valgrind", "gcc"):
        if shutil.which(tool) is None:
            raise SystemExit(f"instructions.py needs {tool} (Debian: apt-get install valgrind gcc)")
    with tempfile.TemporaryDirectory(prefix="mpb-ir-") as tmp:
        folder = Path(tmp)
        (folder / "shim.c").write_text(SHIM)
        build = subprocess.run(
            ["gcc", "-O1", "-shared", "-fPIC", "-o", str(folder / "shim.so"), str(folder / "shim.c")],
            capture_output=True,
            text=True,
        )
        if build.returncode != 0:
            raise SystemExit(f"building the callgrind shim failed: {build.stderr.strip()}")
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--instr-atstart=no",
                f"--callgrind-out-file={folder / 'cg.out'}",
                sys.executable,  # a venv's own, so the child imports what this process does
                __file__,
                "--child",
                str(folder / "shim.so"),
                *([] if limit is None else ["--limit", str(limit)]),
            ],
            env={**os.environ, "PYTHONHASHSEED": "0"},
            capture_output=True,
            text=True,
        )
        if run.returncode != 0:
            raise SystemExit(f"the run under callgrind failed:\n{run.stderr[-2000:]}")
        result = summarise(_dumps(folder))
    return {"split": "bench", "world": "M", "pass": "warm", "limit": limit, **result}


def format_report(r: dict[str, Any]) -> str:
    a, ms = r["all"], r["memory_search"]
    lines = [
        f"instructions per real episode (callgrind Ir; bench, oracle turns, world {r['world']}, warm pass)",
        f"  all        {a['episodes']:5d} episodes  median {a['median_ir']:>11,}  p90 {a['p90_ir']:>11,}",
    ]
    for dim, s in r["by_dimension"].items():
        lines.append(
            f"  {dim:9s}  {s['episodes']:5d} episodes  median {s['median_ir']:>11,}  p90 {s['p90_ir']:>11,}"
        )
    if ms["calls"]:
        lines.append(f"  memory search: median {ms['median_ir']:,} over {ms['calls']} calls")
    else:
        lines.append("  memory search: no memory episode among those played")
    return "\n".join(lines)


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {n}")
    return n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    ap.add_argument(
        "--limit", type=_positive, help="only the first N episodes (a quick look; no p90 to quote)"
    )
    ap.add_argument("--child", metavar="SHIM", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        _child(args.child, args.limit)
        return 0
    result = measure(args.limit)
    print(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode() if args.json else format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
