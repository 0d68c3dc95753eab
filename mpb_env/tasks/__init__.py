"""Task suites: validated JSONL under ``mpb_env/data`` with a SHA-256 checksum per file.

``load_tasks(split="bench")`` returns the suite's tasks (skill tasks once each; ``episodes()`` expands
them into their SOR and MTSR variants). Files are read with ``importlib.resources`` and cached.
"""

from __future__ import annotations

import gc
import hashlib
from functools import cache
from importlib import resources

import orjson

from mpb_env.tasks.model import Dimension, Task, episodes

#: split name → data file stem (see ``mpb_env.tasks.suites`` for what each holds and how it is built).
SPLITS: dict[str, str] = {
    "bench": "bench",
    "interaction": "interaction",
    "train": "train",
    "dev": "dev",
    "starter": "starter",
}

__all__ = [
    "SPLITS",
    "Task",
    "episodes",
    "load_tasks",
    "suite_bytes",
    "suite_version",
    "task_index",
    "versions",
]


def suite_bytes(split: str) -> bytes:
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; available: {', '.join(SPLITS)}")
    return resources.files("mpb_env.data").joinpath(f"{SPLITS[split]}.jsonl").read_bytes()


@cache
def _load(split: str) -> tuple[Task, ...]:
    raw = suite_bytes(split)
    expected = resources.files("mpb_env.data").joinpath(f"{SPLITS[split]}.sha256").read_text().split()[0]
    actual = hashlib.sha256(raw).hexdigest()
    if actual != expected:
        raise ValueError(f"suite {split!r} checksum mismatch: file {actual}, recorded {expected}")
    tasks = tuple(Task.model_validate(orjson.loads(line)) for line in raw.splitlines() if line.strip())
    gc.freeze()  # long-lived and immutable: keep them out of the cyclic GC's scans (see load_world)
    return tasks


def load_tasks(split: str = "bench", dimension: Dimension | None = None) -> list[Task]:
    """The tasks of ``split``, optionally only one dimension (``basic|subagent|memory|skill``)."""
    tasks = _load(split)
    return [t for t in tasks if dimension is None or t.dimension == dimension]


@cache
def task_index(split: str = "bench") -> dict[str, Task]:
    """Every episode of a split by id, skill variants (``<id>@SOR``, ``<id>@MTSR``) included."""
    base = list(_load(split))
    return {t.id: t for t in [*base, *episodes(base)]}


def versions() -> dict[str, str]:
    """``mpb_env/data/versions.json``: every suite version ever stored → the SHA-256 of its JSONL. A
    version name stands for one file's bytes forever: a changed suite gets a new name (see
    ``CHANGELOG.md``), and a test holds the stored suites to their entries."""
    raw = resources.files("mpb_env.data").joinpath("versions.json").read_bytes()
    return dict(orjson.loads(raw))


def suite_version(tasks: list[Task]) -> str | None:
    """The version name of a list of tasks (``bench-v2``): one name, several joined by ``+`` (a mixed
    task file), or ``None`` for no tasks."""
    names = sorted({t.version for t in tasks})
    return "+".join(names) if names else None
