"""Every stored suite and the code that builds it; ``python -m mpb_env.tasks.suites [--rehash] [NAME ...]``
rewrites their JSONL files, checksums and ``versions.json`` entries (a test rebuilds each one and
compares bytes, and another holds each file to its version's entry).

| split           | version            | what                                                         |
|-----------------|--------------------|--------------------------------------------------------------|
| ``bench``       | ``bench-v2``       | the paper's 1,705 tasks, generated (``mpb_env.tasks.gen``)   |
| ``interaction`` | ``interaction-v2`` | withheld-fact tasks + controls for ask_user and UIQ          |
| ``train``       | ``train-s1``       | the default training set: other templates and entities       |
| ``dev``         | ``dev-s1``         | a small held-out draw from the train side, disjoint from train |
| ``starter``     | ``starter-v1``     | 46 hand-written tasks, a quick smoke suite                   |

A version name stands for one file's bytes forever (``versions.json`` keeps every version ever stored,
``CHANGELOG.md`` says what changed): a rebuild that changes a suite under a recorded name is refused;
give the suite a new version name, or pass ``--rehash`` while that version is not yet released.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from mpb_env.tasks.build import write_suite
from mpb_env.tasks.model import Task

DEFAULT_TRAIN_SIZE = 1705
DEFAULT_DEV_SIZE = 170
#: The stored training sets' version names (editions of seed 0's draw; ids start with them).
TRAIN_VERSION = "train-s1"
DEV_VERSION = "dev-s1"


def _starter() -> list[Task]:
    from mpb_env.tasks.starter import build

    return build()


def _bench() -> list[Task]:
    from mpb_env.tasks.gen import build_bench

    return build_bench()


def _interaction() -> list[Task]:
    from mpb_env.tasks.gen import build_interaction

    return build_interaction()


def _train() -> list[Task]:
    from mpb_env.tasks.gen import generate

    return generate("train", DEFAULT_TRAIN_SIZE, seed=0, version=TRAIN_VERSION)


def _dev() -> list[Task]:
    from mpb_env.tasks.gen import generate

    return generate("dev", DEFAULT_DEV_SIZE, seed=0, exclude=[t.query for t in _train()], version=DEV_VERSION)


BUILDERS: dict[str, Callable[[], list[Task]]] = {
    "bench": _bench,
    "interaction": _interaction,
    "train": _train,
    "dev": _dev,
    "starter": _starter,
}


if __name__ == "__main__":
    args = sys.argv[1:]
    rehash = "--rehash" in args
    names = [a for a in args if a != "--rehash"] or list(BUILDERS)
    for name in names:
        tasks = BUILDERS[name]()
        print(f"{name}: {len(tasks)} tasks, sha256 {write_suite(name, tasks, rehash=rehash)}")
