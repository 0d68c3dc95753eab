"""The training examples run as written: ``--smoke`` end to end in a subprocess, bad input as one line."""

from __future__ import annotations

import dataclasses
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GRPO = ROOT / "training_examples" / "grpo_trl.py"
STEP = re.compile(
    r"^step (\d+) loss=(\S+) reward=(\S+) success=(\S+) uniform_groups=(\d+)/(\d+) env_share=(\S+)%$"
)


def _run(*argv: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(GRPO), *argv], capture_output=True, text=True, timeout=timeout, cwd=ROOT
    )


def test_grpo_smoke_trains_two_steps_and_evaluates_on_dev() -> None:
    done = _run("--smoke")
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    steps = [m.groups() for m in map(STEP.match, lines) if m]
    assert [int(s[0]) for s in steps] == [1, 2], done.stdout[-3000:]
    for _, loss, reward, success, uniform, groups, share in steps:
        assert math.isfinite(float(loss)) and 0.0 <= float(reward) <= 1.0 and 0.0 <= float(success) <= 1.0
        assert int(groups) == 2 and 0 <= int(uniform) <= 2 and 0.0 <= float(share) <= 100.0
    assert any(re.match(r"^dev step 2 episodes=2 overall=\d+\.\d\d ", line) for line in lines)
    assert any(
        re.match(r"^done: 2 steps in .*env share of rollout wall time \d+\.\d\d%", line) for line in lines
    )


def test_grpo_a_missing_checkpoint_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = _run("--model", str(tmp_path / "no-such-checkpoint"), timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"error: no model directory '{tmp_path / 'no-such-checkpoint'}'"
    ]
    assert done.stdout == ""


def _error_lines(done: subprocess.CompletedProcess[str]) -> list[str]:
    """The stderr lines that are not library warnings or progress bars."""
    return [line for line in done.stderr.splitlines() if line.startswith("error:")]


def test_grpo_a_budget_below_the_first_prompt_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = _run("--smoke", "--max-episode-tokens", "50", timeout=120)
    assert done.returncode == 2, done.stderr[-2000:]
    (line,) = _error_lines(done)
    assert "max_episode_tokens=50 leaves no room" in line and "first prompt" in line
    assert not any(STEP.match(x) for x in done.stdout.splitlines())  # nothing was trained


def test_grpo_a_template_that_rewrites_the_chat_is_refused_before_training(tmp_path: Path) -> None:
    """A checkpoint whose chat template renders the message count up front rewrites the start of
    the chat every turn: the preflight refuses it with one line, and nothing is written."""
    from transformers import AutoTokenizer

    model = _grpo_module().build_tiny_model(tmp_path / "tiny")
    tokenizer = AutoTokenizer.from_pretrained(model)
    tokenizer.chat_template = "{{ messages | length }} " + tokenizer.chat_template
    tokenizer.save_pretrained(model)
    out = tmp_path / "out"
    done = _run("--model", str(model), "--output-dir", str(out), timeout=180)
    assert done.returncode == 2, done.stderr[-2000:]
    (line,) = _error_lines(done)
    assert "prefix" in line, line
    assert not out.exists() or not any(out.iterdir())


# ------------------------------------------------------------------ the GRPO rollout function, scripted
def _grpo_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("grpo_trl_example", GRPO)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve the module of Args
    spec.loader.exec_module(module)
    return module


class _Scripted:
    """A generation backend that writes the oracle's turns for the even copies of a task and the null
    policy's message for the odd ones (and for every copy of a task in ``refuse``): a mixed group per
    task, or a uniform all-fail one."""

    def __init__(self, tokenizer, tasks, refuse: set[str]) -> None:
        self.tok, self.refuse, self.calls = tokenizer, refuse, 0
        self.by_query = {t.query: t for t in tasks}
        self.end = tokenizer.convert_tokens_to_ids("<|im_end|>")

    def generate(self, prompts, max_new_tokens, seeds):
        turn, self.calls = self.calls, self.calls + 1
        out = []
        for j, ids in enumerate(prompts):
            text = self.tok.decode(ids)
            task = next(t for q, t in self.by_query.items() if q in text)
            null = task.id in self.refuse or (turn == 0 and j % 2 == 1)
            words = "I can't help with that." if null else task.oracle[turn]
            row = self.tok.encode(words, add_special_tokens=False) + [self.end]
            out.append((row, [-0.5] * len(row)))
        return out


def test_grpo_rollout_func_rewards_masks_and_drops_uniform_groups(tmp_path: Path) -> None:
    from collections import defaultdict
    from types import SimpleNamespace

    from transformers import AutoTokenizer

    from mpb_env.rollouts.curriculum import Curriculum

    g = _grpo_module()
    g.build_tiny_model(tmp_path / "tiny")
    tok = AutoTokenizer.from_pretrained(tmp_path / "tiny")
    args = g.parse_args(["--num-generations", "2", "--recall", "oracle", "--max-turn-tokens", "256"])
    tasks = [t for t in g.train_tasks(args) if t.dimension == "basic" and 2 <= len(t.oracle) <= 3][:3]
    trainer = SimpleNamespace(state=SimpleNamespace(global_step=0), model=None)
    prompts = [t.id for t in tasks for _ in range(2)]

    def play(args, curriculum=None):
        log = defaultdict(list)
        fn = g.make_rollout_func(
            args, tasks, tok, curriculum, log, backend_for=lambda *_: _Scripted(tok, tasks, {tasks[2].id})
        )
        return fn(prompts, trainer), log

    out, log = play(args)
    assert out["env_reward"] == [1.0, 0.0, 1.0, 0.0, 0.0, 0.0]  # two mixed groups, one all-fail
    assert out["env_success"] == out["env_reward"]
    assert len(out["prompt_ids"]) == len(out["completion_ids"]) == len(out["env_mask"]) == 6
    for ids, mask, lps in zip(out["completion_ids"], out["env_mask"], out["logprobs"], strict=True):
        assert len(ids) == len(mask) == len(lps)
    assert all(any(m) for m in out["env_mask"][:4]) and not any(out["env_mask"][4] + out["env_mask"][5])
    assert 0 in out["env_mask"][0]  # the oracle copy saw feedback: env tokens are masked out
    assert log["mpb/uniform_groups"] == [1.0] and log["mpb/groups"] == [3.0]
    assert log["mpb/success"] == [pytest.approx(2 / 6)] and log["mpb/success/basic"] == [pytest.approx(2 / 6)]
    assert 0.0 <= log["mpb/env_share"][0] <= 1.0
    assert out["mpb_metrics"][0]["mpb/uniform_groups"] == 1.0

    kept, _ = play(dataclasses.replace(args, drop_uniform_groups=False))
    assert any(kept["env_mask"][4]) and any(kept["env_mask"][5])  # counted, not dropped

    shaped, _ = play(dataclasses.replace(args, reward="shaped"))
    assert shaped["env_reward"][::2][:2] == [1.0, 1.0] and shaped["env_reward"][1] == 0.0
    assert shaped["env_success"] == out["env_success"]  # the official success stays binary

    cur = Curriculum(tasks, group_size=2, recall="oracle", schedule="none")
    play(args, cur)  # the curriculum draws the groups' tasks and hears their rewards
    assert cur.totals["groups"] == 3
