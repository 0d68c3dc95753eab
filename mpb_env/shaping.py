"""Opt-in shaped reward: the checker's partial credit, baseline-corrected against doing nothing.

**Not the official score.** The env's reward, ``Verdict.success`` and every report stay the gated binary
verdict (DESIGN §10-§11); nothing in the package uses these functions unless a trainer asks for them.

Why a baseline: ``Verdict.partial`` counts checks passed, and many checks pass when the agent does
nothing. On the ``train`` suite the null policy (one final message, ``"I can't help with that."``)
earns a mean ``partial["primary"]`` of 0.93 on basic behaviour tasks, 0.84 on skill behaviour tasks and
0.47 on sub-agent tasks (0.0 on tool and state tasks), so raw partial credit would pay a model for
refusing. ``shaped_reward`` pays only for progress beyond that floor:

* ``raw(v)`` = the mean of ``v.partial``'s values: the primary checker's fraction and each applicable
  gate (0 or 1), weighted equally.
* ``b`` = ``raw`` of the null policy's verdict on the same task (``null_baseline``: replayed once per
  task and cached on it; it calls no tool, so it is the same under every recall, top-N and turn limit).
* success → ``1.0``; failure → ``FAIL_WEIGHT · clip((raw − b) / (1 − b), −1, 1)``, so a failed episode
  earns in ``[−FAIL_WEIGHT, FAIL_WEIGHT]`` = ``[−0.5, 0.5]``: 0 for earning what doing nothing earns,
  below 0 for doing harm the checker sees (an unrelated write, an unexpected record change), and always
  less than any success. Where the floor leaves no headroom (``b ≥ 1``) a failure earns
  ``clip(raw − b, −FAIL_WEIGHT, 0)``.

A failure can still reach the ``FAIL_WEIGHT`` ceiling without being right (Bucket 1: every gold call
made and then an extra one; see ``Verdict``): the cap below success is what keeps such a trajectory from
paying like a success. ``reward_components`` lays out the official reward and every part separately.
"""

from __future__ import annotations

from typing import Any

from mpb_env.checkers import Verdict
from mpb_env.tasks.model import Task

__all__ = [
    "FAIL_WEIGHT",
    "NULL_ACTION",
    "SHAPED_RANGE",
    "null_baseline",
    "raw_partial",
    "reward_components",
    "shaped_reward",
]

#: The null policy's one turn (``mpb_env.rollouts.policies.NULL_MESSAGE``; a test keeps them equal).
NULL_ACTION = "I can't help with that."
#: The most (and, negated, the least) a failed episode can earn.
FAIL_WEIGHT = 0.5
#: The range ``shaped_reward`` returns.
SHAPED_RANGE = (-FAIL_WEIGHT, 1.0)


def raw_partial(verdict: Verdict) -> float:
    """The mean of ``verdict.partial`` (primary fraction and gates, equally weighted); 1.0 on success
    and 0.0 for a verdict without partial credit.

    >>> raw_partial(Verdict(success=False, primary=False, partial={"primary": 0.5, "memory": 1.0}))
    0.75
    """
    if verdict.success:
        return 1.0
    values = list(verdict.partial.values())
    return sum(values) / len(values) if values else 0.0


def null_baseline(task: Task) -> float:
    """``raw_partial`` of the null policy's verdict on ``task``: replayed once, cached on the task."""

    def build() -> float:
        from mpb_env.validation import replay  # the checker's caller; imported late to keep this light

        verdict = replay(task, [NULL_ACTION]).verdict
        assert verdict is not None
        return raw_partial(verdict)

    return task.derived("shaping.null_baseline", build)  # type: ignore[no-any-return]


def _shaped(raw: float, base: float) -> float:
    """The failure branch of ``shaped_reward`` (``raw`` and ``base`` in [0, 1]).

    >>> _shaped(0.5, 0.0), _shaped(0.9, 0.9), _shaped(0.0, 0.5), _shaped(0.95, 0.9)
    (0.25, 0.0, -0.5, 0.25)
    """
    headroom = 1.0 - base
    if headroom <= 0.0:
        return max(-FAIL_WEIGHT, min(0.0, raw - base))
    return round(FAIL_WEIGHT * max(-1.0, min(1.0, (raw - base) / headroom)), 12)


def shaped_reward(verdict: Verdict | dict[str, Any], task: Task) -> float:
    """The baseline-corrected shaped reward of one finished episode (non-official; module docs).

    Args:
        verdict: the episode's verdict (a ``Verdict`` or its ``model_dump()``, e.g. ``info["verdict"]``).
        task: the task it was played on (a skill task's ``@SOR`` / ``@MTSR`` variant or the base task).

    Returns:
        1.0 on success; else a value in ``[-FAIL_WEIGHT, FAIL_WEIGHT]``, 0 for no more than the null policy.
    """
    v = verdict if isinstance(verdict, Verdict) else Verdict.model_validate(verdict)
    if v.success:
        return 1.0
    return _shaped(raw_partial(v), null_baseline(task))


def reward_components(verdict: Verdict | dict[str, Any], task: Task) -> dict[str, float]:
    """Every part of the reward, for logging or multi-objective training.

    Keys: ``success`` (the official reward, 0/1), ``primary`` (the primary checker, 0/1),
    ``primary_partial`` (its fraction of checks passed, ``partial["primary"]``), ``gate_memory`` and
    ``gate_skill`` (0/1, present only when the task has that gate), ``raw_partial``, ``null_baseline``
    and ``shaped`` (``shaped_reward``).
    """
    v = verdict if isinstance(verdict, Verdict) else Verdict.model_validate(verdict)
    out: dict[str, float] = {
        "success": float(v.success),
        "primary": float(v.primary),
        "primary_partial": float(v.partial.get("primary", float(v.primary))),
    }
    for gate, ok in v.gates.items():
        out[f"gate_{gate}"] = float(ok)
    out["raw_partial"] = raw_partial(v)
    out["null_baseline"] = null_baseline(task)
    out["shaped"] = shaped_reward(v, task)
    return out
