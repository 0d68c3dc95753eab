"""Fixture tasks by what they are, not where they sit: ``task_id_of(family, **entities)``.

A generated task's id names its family and its place in that family's draw stream; a test that needs
one particular task (a given alarm, a given contact) names its family and the entities it was drawn
with (``meta["entities"]``, ``pool=value``; a value matches the whole entity key, its first
``|``-separated part, or one quoted item of a record's key such as a city in a forecast), so the fixture survives any regeneration that still draws that task.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mpb_env.tasks import load_tasks
from mpb_env.tasks.model import Task


@cache
def _by_family(split: str) -> dict[str, list[Task]]:
    out: dict[str, list[Task]] = {}
    for t in load_tasks(split):
        out.setdefault(str(t.meta.get("family")), []).append(t)
    return out


def _matches(task: Task, entities: dict[str, str], exact: bool = False) -> bool:
    have: dict[str, set[str]] = {}
    for e in task.meta.get("entities", []):
        pool, _, value = str(e).partition("=")
        have.setdefault(pool, set()).update({value} if exact else {value, value.split("|")[0]})
    return all(
        str(v) in have.get(pool, set())
        or (not exact and any(f"'{v}'" in key for key in have.get(pool, set())))
        for pool, v in entities.items()
    )


def task_of(
    family: str, split: str = "bench", turns: str | None = None, query: str = "", **entities: str
) -> Task:
    """The one task of ``split`` from ``family`` drawn with ``entities`` (and, for memory, ``turns``; a
    ``query`` substring tells apart two draws of the same entities). Whole entity keys are tried
    before their parts, so ``apps`` names the ``apps`` draw even where ``apps|contacts`` is another."""
    fam = [
        t
        for t in _by_family(split).get(family, [])
        if (turns is None or t.meta.get("turns") == turns) and query in t.query
    ]
    tasks = [t for t in fam if _matches(t, entities, exact=True)]
    if len(tasks) != 1:
        tasks = [t for t in fam if _matches(t, entities)]
    if len(tasks) != 1:
        seen = [t.meta.get("entities") for t in _by_family(split).get(family, [])]
        raise LookupError(
            f"{len(tasks)} tasks of {family} in {split} match {entities} (turns={turns}); it has {seen}"
        )
    return tasks[0]


def task_id_of(
    family: str, split: str = "bench", turns: str | None = None, query: str = "", **entities: str
) -> str:
    """The id of ``task_of(family, split, turns, query, **entities)``."""
    return task_of(family, split, turns, query, **entities).id


def play(env: Any, task_id: str, turns: list[str]) -> dict[str, Any]:
    """The verdict after playing ``turns`` (the last one the final message) on task ``task_id``."""
    env.reset(options={"task_id": task_id})
    info: dict[str, Any] = {}
    for turn in turns:
        *_, info = env.step(turn)
    return info["verdict"]


def oracle(env: Any, task_id: str) -> list[str]:
    """The stored oracle's turns of ``task_id`` (as ``env`` holds the task)."""
    return list(env.unwrapped._index[task_id].oracle)
