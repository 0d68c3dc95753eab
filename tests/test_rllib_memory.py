"""The RLlib example's ``Memory`` wrapper and ``CandidateScorer`` (training_examples/rllib_ppo.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
import torch

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "training_examples"))
import rllib_ppo  # noqa: E402


def _env(memory: bool = True):  # noqa: ANN202
    return rllib_ppo.make_env({"split": "starter", "k": 8, "dim": 512, "slack": 2, "memory": memory})


def test_memory_accumulates_feedback_and_played_turns() -> None:
    env = _env()
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert not obs["seen"].any() and not obs["done"].any() and not obs["repeat"].any()
    feedbacks, played = [], []
    for _ in range(3):
        # a call that is not the oracle's: the episode goes on, with tool feedback, and the same oracle turn
        calls = [i for i, t in enumerate(info["candidates"]) if t[0] in "{[" and i != info["oracle_index"]]
        action = calls[0]
        played.append(obs["candidates"][action].copy())
        obs, _, terminated, truncated, info = env.step(action)
        feedbacks.append(obs["feedback"])
        assert env.observation_space.contains(obs)
        np.testing.assert_array_equal(obs["seen"], np.max(feedbacks, axis=0))
        np.testing.assert_array_equal(obs["done"], np.max(played, axis=0))
        same = [any(np.array_equal(row, p) for p in played) for row in obs["candidates"]]
        np.testing.assert_array_equal(obs["repeat"], np.array(same, np.float32))
        assert obs["feedback"].any() and not (terminated or truncated)
    assert obs["seen"].sum() > obs["feedback"].sum()  # earlier feedback is kept beside the last one


def test_memory_starts_afresh_and_rejects_bad_actions() -> None:
    env = _env()
    obs, _ = env.reset(seed=1)
    env.step(0)
    obs, _ = env.reset(seed=1)
    assert not obs["seen"].any() and not obs["done"].any()
    with pytest.raises(ValueError, match="candidate index"):
        env.step(8)


@pytest.mark.parametrize(("memory", "value"), [(True, "separate"), (True, "shared"), (False, "separate")])
def test_scorer_gives_k_logits_and_one_value(memory: bool, value: str) -> None:
    from ray.rllib.core.columns import Columns

    env = _env(memory)
    module = rllib_ppo.CandidateScorer(
        observation_space=env.observation_space,
        action_space=env.action_space,
        model_config={"hidden": 16, "value": value},
    )
    obs = [env.reset(seed=s)[0] for s in range(3)]
    batch = {Columns.OBS: {k: torch.from_numpy(np.stack([o[k] for o in obs])) for k in obs[0]}}
    out = module.forward_train(batch)
    logits = out[Columns.ACTION_DIST_INPUTS]
    assert logits.shape == (3, 8) and torch.all(logits == 0)  # uniform over candidates at the start
    values = module.compute_values(batch, out[Columns.EMBEDDINGS])
    assert values.shape == (3,)
    torch.testing.assert_close(values, module.compute_values(batch))
