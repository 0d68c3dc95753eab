"""The admissible-action env (``mpb/MobilePA-Admissible-v0``): K proposed turns, one of them the oracle's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import mpb_env
from mpb_env.envs.admissible import AdmissibleEnv, canonical, tokens
from mpb_env.parsing import parse_turn

ROOT = Path(__file__).resolve().parents[1]
SPLITS = ("starter", "dev")


def _calls(text: str) -> list[tuple[str, dict]]:
    return [(c.name, c.arguments) for c in parse_turn(text).calls]


def _play(env: AdmissibleEnv, task_id: str, seed: int, pick: str) -> tuple[float, list[dict], list[str]]:
    """One episode choosing the oracle's candidate (``pick="oracle"``) or a distractor (``"wrong"``) every
    turn; returns the reward, the infos and the oracle turns proposed (checked as they are proposed)."""
    obs, info = env.reset(seed=seed, options={"task_id": task_id})
    oracle = env.task.oracle
    pointer, infos, proposed = 0, [info], []
    rng = np.random.default_rng(seed)
    while True:
        expected = canonical(oracle[pointer])
        assert info["candidates"].count(expected) == 1, (task_id, pointer)
        assert info["candidates"][info["oracle_index"]] == expected
        assert _calls(expected) == _calls(oracle[pointer])  # the canonical text means the same turn
        assert env.observation_space.contains(obs)
        proposed.append(expected)
        wrong = [i for i in range(env.k) if i != info["oracle_index"]]
        action = info["oracle_index"] if pick == "oracle" else int(rng.choice(wrong))
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        assert info["choice_correct"] is (pick == "oracle")
        infos.append(info)
        if pick == "oracle":
            pointer += 1
        if terminated or truncated:
            return reward, infos, proposed


@pytest.mark.parametrize("split", SPLITS)
def test_choosing_the_oracle_every_turn_solves_every_task(split: str) -> None:
    env = AdmissibleEnv(split=split)
    for i, task_id in enumerate(env.task_ids):
        reward, infos, proposed = _play(env, task_id, seed=i, pick="oracle")
        assert reward == 1.0 and infos[-1]["verdict"]["success"], task_id
        assert len(proposed) == len(env.task.oracle) and infos[-1]["choice_accuracy"] == 1.0


@pytest.mark.parametrize("split", SPLITS)
def test_choosing_distractors_every_turn_solves_nothing(split: str) -> None:
    env = AdmissibleEnv(split=split)
    for i, task_id in enumerate(env.task_ids):
        for seed in (i, 1000 + i):
            reward, infos, _ = _play(env, task_id, seed=seed, pick="wrong")
            assert reward == 0.0, (task_id, seed)
            assert infos[-1]["choice_accuracy"] == 0.0


def test_a_final_distractor_is_never_one_the_checker_accepts_now() -> None:
    """Every final message offered as a distractor fails if played at once (it is tried on a fork)."""
    env = AdmissibleEnv(split="dev")
    for i, task_id in enumerate(env.task_ids[:60]):
        _, info = env.reset(seed=i, options={"task_id": task_id})
        finals = [j for j, c in enumerate(info["candidates"]) if j != info["oracle_index"] and not _calls(c)]
        assert finals, task_id
        for j in finals:
            env.reset(seed=i, options={"task_id": task_id})
            _, reward, terminated, _, _ = env.step(j)
            assert terminated and reward == 0.0, (task_id, info["candidates"][j])


def test_distractors_are_the_three_kinds() -> None:
    """At a tool-call turn the distractors hold the same tool with other arguments, another tool, and a
    final message; none of them is the oracle's turn."""
    env = AdmissibleEnv(split="dev")
    kinds = {"args": 0, "tool": 0, "final": 0}
    for i, task_id in enumerate(env.task_ids):
        _, info = env.reset(seed=i, options={"task_id": task_id})
        oracle = info["candidates"][info["oracle_index"]]
        names = {n for n, _ in _calls(oracle)}
        if not names:
            continue
        for j, cand in enumerate(info["candidates"]):
            if j == info["oracle_index"]:
                continue
            calls = _calls(cand)
            assert cand != oracle
            if not calls:
                kinds["final"] += 1
            elif {n for n, _ in calls} == names:
                assert calls != _calls(oracle)
                kinds["args"] += 1
            else:
                kinds["tool"] += 1
    assert min(kinds.values()) > 100, kinds


def test_same_seed_same_episode_and_other_seeds_differ() -> None:
    def run(seed: int) -> list:
        env = AdmissibleEnv(split="dev")
        obs, info = env.reset(seed=seed)
        out = [info["task_id"], info["candidates"], obs]
        rng = np.random.default_rng(7)
        for _ in range(30):
            obs, reward, terminated, truncated, info = env.step(int(rng.integers(env.k)))
            out += [info["candidates"], obs, reward]
            if terminated or truncated:
                obs, info = env.reset()
                out += [info["task_id"], info["candidates"], obs]
        return out

    def same(a: list, b: list) -> bool:
        if len(a) != len(b):
            return False
        for x, y in zip(a, b, strict=True):
            if isinstance(x, dict):
                if x.keys() != y.keys() or not all(np.array_equal(x[k], y[k]) for k in x):
                    return False
            elif x != y:
                return False
        return True

    assert same(run(3), run(3))
    assert not same(run(3), run(4))


def test_reset_without_options_draws_tasks_of_the_split() -> None:
    env = AdmissibleEnv(split="dev")
    drawn = {env.reset(seed=s)[1]["task_id"] for s in range(40)}
    assert drawn <= set(env.task_ids) and len(drawn) > 20


def test_a_wrong_pick_proposes_the_same_oracle_turn_again() -> None:
    env = AdmissibleEnv(split="dev")
    _, info = env.reset(seed=0, options={"task_id": env.task_ids[0]})
    first = info["candidates"][info["oracle_index"]]
    wrong = next(
        j for j, c in enumerate(info["candidates"]) if j != info["oracle_index"] and _calls(c)
    )  # a tool call: the episode goes on
    _, _, terminated, _, info = env.step(wrong)
    assert not terminated and info["choice_correct"] is False
    assert info["candidates"][info["oracle_index"]] == first


def test_observations_are_hashed_tokens_of_query_feedback_and_candidates() -> None:
    env = AdmissibleEnv(split="dev", k=4, dim=64)
    obs, info = env.reset(seed=1)
    assert env.observation_space["candidates"].shape == (4, 64) and env.action_space == gym.spaces.Discrete(4)
    assert obs["feedback"].sum() == 0 and obs["query"].sum() > 0 and obs["turn"][0] == 1.0
    assert all(row.sum() > 0 for row in obs["candidates"])
    assert len(info["candidates"]) == 4 and len(set(info["candidates"])) == 4
    obs, *_ = env.step(info["oracle_index"])
    assert obs["turn"][1] == 1.0
    assert tokens("open_app Spotify") == ["open_app", "open", "app", "spotify"]


def test_invalid_actions_and_settings_are_refused() -> None:
    env = AdmissibleEnv(split="starter", k=3)
    env.reset(seed=0)
    for bad in (3, -1, 1.5, "0", True):
        with pytest.raises(ValueError, match="candidate index"):
            env.step(bad)
    env.step(np.int64(0))
    with pytest.raises(ValueError, match="k must be"):
        AdmissibleEnv(split="starter", k=1)
    with pytest.raises(ValueError, match="unknown task_id"):
        env.reset(options={"task_id": "nope"})


def test_check_env_passes_raw_and_registered() -> None:
    check_env(AdmissibleEnv(split="starter"), skip_render_check=True)
    env = gym.make(mpb_env.ADMISSIBLE_ENV_ID, split="starter")
    assert isinstance(env.unwrapped, AdmissibleEnv)
    check_env(env.unwrapped, skip_render_check=True)


def test_rllib_ppo_example_smoke(tmp_path: Path) -> None:
    """CI runs the example's --smoke mode: two PPO iterations, a dev evaluation, the PNG and a summary."""
    proc = subprocess.run(
        [sys.executable, str(ROOT / "training_examples" / "rllib_ppo.py"), "--smoke", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    assert summary["iterations"] == 2 and summary["env_steps"] > 0 and summary["k"] == 8
    for side in ("dev", "random"):
        assert 0.0 <= summary[side]["choice_accuracy"] <= 1.0 and summary[side]["turns"] > 0
    assert (tmp_path / "learning_curve.png").stat().st_size > 1000
    assert json.loads((tmp_path / "summary.json").read_text())["curve"]


def test_docstring_examples() -> None:
    import doctest

    import mpb_env.envs.admissible as module

    result = doctest.testmod(module)
    assert result.attempted >= 2 and result.failed == 0
