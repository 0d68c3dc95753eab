"""Throughput and memory of the sandbox: reset, memory, env steps, vector envs, the oracle run and Ray.

::

    python benchmarks/throughput.py            # the full benchmark as a table (< 5 minutes on 2 cores)
    python benchmarks/throughput.py --json     # one JSON object on stdout
    python benchmarks/throughput.py --quick    # ~30 s: S and M worlds, N up to 64, Ray at batch 64
    python benchmarks/throughput.py --quick --no-ray

The measuring code is ``mpb_env.rollouts.bench`` (shared with ``mpb bench``, which runs ``--quick``);
``benchmarks/README.md`` explains every figure.
"""

from __future__ import annotations

import argparse
import sys

from mpb_env.rollouts.bench import config_for, dumps, format_report, progress_logger, run_bench


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--quick", action="store_true", help="the ~30-second version")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray section")
    parser.add_argument("--no-profile", action="store_true", help="no cProfile notes for missed goals")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)
    cfg = config_for(quick=args.quick, ray=not args.no_ray, profile=not args.no_profile)
    report = run_bench(cfg, progress_logger(not args.quiet))
    sys.stdout.write((dumps(report) if args.json else format_report(report)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
