"""How an episode ended: one typed ``outcome`` for every episode, wherever it was played.

Every trajectory (``rollouts.runner.Trajectory``), token episode (``rollouts.tokens.TokenEpisode``) and
final env info (single and vector env) names its outcome and whether its reward means anything:

=================  ==============  ===============================================================
outcome            reward_valid    when
=================  ==============  ===============================================================
``ok``             True            the model ended the episode with its final message
``budget``         True            it ran out of turns (T_max) or of tokens (a trainer's budget); the
                                   reward is the checker's verdict on the state as it stands (a token
                                   budget pays 0): a real score of a policy that did not finish
``policy_error``   False           the policy raised, returned the wrong number of actions, or its
                                   ``reset`` raised; the episode stopped there
``policy_timeout`` False           the policy call (``act`` or ``reset``) did not return within the
                                   run's ``policy_timeout``
``env_error``      False           the env itself failed (a bug in a tool, the checker, the parser)
=================  ==============  ===============================================================

An episode whose reward is not valid scores 0 in a report (the full denominator: a failed episode is
a failed prediction) and should not be trained on; its ``error`` holds a one-line reason (the first
line of the exception, never a traceback). Records written before outcomes existed read as ``ok``.
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = ["FAILED", "OUTCOMES", "Outcome", "error_reason", "reward_valid"]

Outcome = Literal["ok", "budget", "policy_error", "policy_timeout", "env_error"]
#: Every outcome, in report order.
OUTCOMES: tuple[str, ...] = get_args(Outcome)
#: The outcomes of an episode that stopped on a failure (its reward is not valid).
FAILED = frozenset({"policy_error", "policy_timeout", "env_error"})
#: The longest ``error`` reason kept.
MAX_REASON = 200


def reward_valid(outcome: str) -> bool:
    """Whether an episode of ``outcome`` has a meaningful reward (``ok`` and ``budget``).

    >>> reward_valid("ok"), reward_valid("budget"), reward_valid("policy_timeout")
    (True, True, False)
    """
    return outcome not in FAILED


def error_reason(exc: BaseException) -> str:
    """``Type: first line of the message`` of an exception, at most ``MAX_REASON`` characters.

    >>> error_reason(ValueError("bad reply\\nTraceback (most recent call last): ..."))
    'ValueError: bad reply'
    """
    text = str(exc).strip()
    first = text.splitlines()[0].strip() if text else ""
    reason = f"{type(exc).__name__}: {first}" if first else type(exc).__name__
    return reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 3] + "..."
