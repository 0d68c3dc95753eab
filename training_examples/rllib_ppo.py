"""RLlib PPO (new API stack) on MobilePA-Bench's admissible-action env: a small numeric policy picks one of
K proposed assistant turns per step.

    python training_examples/rllib_ppo.py            # the full run: 15 minutes of training, 2 CPUs
    python training_examples/rllib_ppo.py --smoke    # two iterations, under a minute (CI runs it)

What this is for. ``mpb/MobilePA-Admissible-v0`` (``mpb_env.envs.admissible``) proposes K candidate
turns at every step (the oracle's next turn among distractors: its tools with wrong arguments, other
offered tools, other tasks' final messages) as hashed-token vectors, and steps the chosen text in the
real phone sandbox; the reward is the real gated checker's. This is the route for *macro-action
policies* (choosing among proposed tool calls, as text-game RL chooses among valid commands) and for
*env-side scale-out* (RLlib's env runners: ``--env-runners N`` on a Ray cluster). It is **not** the
route for fine-tuning a language model: RLlib has no encoder or action distribution for text, so an LLM
policy trains with TRL (``training_examples/grpo_trl.py``) on token-faithful rollouts instead.

What the script does, top to bottom: wraps the env in ``Memory`` (what the agent has seen and played
so far in the episode, from its observations and actions only), builds PPO with a custom
``TorchRLModule`` (``CandidateScorer``: a shared MLP scores each candidate against the query, the last
and all earlier feedback and the agent's played turns, plus a linear term on overlap scalars; a softmax
over the K scores is the policy; the value is a network of its own), trains on the ``train`` split for
``--minutes`` (or ``--iterations``), evaluates greedily on every ``dev`` episode (per-turn choice
accuracy against 1/K, episode success against a uniformly random choice over the same candidates),
saves a learning curve PNG and prints a JSON summary as its last line.

Measured on 2 December 2026 on the v2 suites (``train-s1``, ``dev-s1``) with
``python training_examples/rllib_ppo.py`` (the defaults, seed 0, K = 8), on 2 cores shared with other
jobs (load average 12-18): 15 minutes, 58 iterations, 59,735 env steps; the weights of iteration 55
were kept (picked on a train slice). On all 192 dev episodes the greedy policy chose the oracle's turn
on 38.6% of its turns (3.09 times 1/K = 12.5%) and solved 41.1% of the episodes; a uniformly random
choice over the same candidates scored 13.2% per turn and solved 2.3% (each episode played 5 times).
The dev slice rose to about 0.38 within 20k steps and stayed between 0.35 and 0.40; the train slice
was still rising (0.45) when time ran out. The previous module (last feedback only, the value head on
the scorer's detached features) kept 24.0% (1.9 times) after 401,664 steps on an idle machine; on the
v1 suites it had reached 40.1% (3.2 times). Alone, the fraction of a candidate's buckets found in the
query or any feedback so far picks the oracle's turn on 58% of dev turns along the oracle's path, so
the features carry more than PPO extracts in 15 minutes. The kept policy is weakest on ``search_tools``
turns (18% right, against 33% of other calls and 80% of final messages), whose query names a tool that
is not offered yet.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import inspect
import json
import os
import time
from dataclasses import dataclass
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from gymnasium import spaces
from torch import nn


@dataclass
class Args:
    # ---- run length and outputs (safe to change)
    minutes: float = 15.0
    """wall-clock training budget in minutes (training stops after the first iteration past it)"""
    iterations: int = 0
    """stop after this many PPO iterations instead (0: use --minutes)"""
    smoke: bool = False
    """two tiny iterations and a short evaluation, for CI (under a minute on CPU)"""
    eval_every: int = 5
    """evaluate on a slice of dev every this many iterations for the learning curve"""
    eval_curve_episodes: int = 64
    """dev episodes per learning-curve point (the final evaluation plays every dev episode)"""
    random_repeats: int = 5
    """times the uniformly random baseline plays each dev episode (its success is rare: average it)"""
    out: str = "runs/rllib_ppo"
    """directory for the learning-curve PNG, summary.json and the trained module's weights (module.pt)"""
    no_select: bool = False
    """evaluate the last weights instead of the ones with the best greedy choice accuracy on a fixed
    slice of train episodes (twice --eval-curve-episodes), checked at every curve point. The selection
    reads training tasks only: dev is read for the curve and the final evaluation. A run without it
    peaked at 0.43 dev choice accuracy at 36k env steps and ended at 0.26 after 141k"""
    seed: int = 0
    """seeds RLlib, torch and the envs' task draws and distractors"""

    # ---- the env (changing these changes the problem)
    k: int = 8
    """candidate turns per step (1/K is the random policy's per-turn accuracy)"""
    dim: int = 512
    """hash buckets per token vector"""
    slack: int = 2
    """turns allowed beyond the oracle's length before truncation"""
    train_split: str = "train"
    """task split to train on"""
    eval_split: str = "dev"
    """held-out task split to evaluate on"""

    no_memory: bool = False
    """leave out the ``Memory`` wrapper (what the agent has seen and done so far in the episode)"""

    # ---- the model
    hidden: int = 64
    """width of the per-candidate MLP"""
    gain: float = 30.0
    """fixed factor on the linear term over the scalar features (Adam moves each weight by about the
    learning rate per step: the gain lets that term reach decisive logits within a few hundred steps)"""
    value: str = "separate"
    """the value function: "separate" (its own network) or "shared" (a head on the scorer's pooled
    hidden vectors, detached)"""

    # ---- PPO (safe to tune)
    lr: float = 1e-3
    """Adam learning rate at the start"""
    lr_end: float = 0.0
    """if > 0, the learning rate falls linearly to this at --lr-steps env steps and stays there (0: constant
    --lr; an annealed run, 1e-3 to 1e-4 over 140k steps, learned no better than the constant one)"""
    lr_steps: int = 140_000
    """env steps over which the learning rate falls from --lr to --lr-end"""
    gamma: float = 0.99
    """discount"""
    lam: float = 0.95
    """GAE lambda"""
    clip: float = 0.2
    """PPO clip parameter"""
    entropy: float = 0.01
    """entropy bonus coefficient"""
    vf_coeff: float = 0.5
    """value loss coefficient"""
    batch: int = 1024
    """env steps per PPO iteration (train_batch_size_per_learner)"""
    minibatch: int = 256
    """SGD minibatch size"""
    epochs: int = 6
    """SGD passes over each batch"""
    envs_per_runner: int = 16
    """sub-envs each env runner steps together (one batched forward pass per step)"""
    env_runners: int = 0
    """remote env runners (0: sample in the driver, fastest on one small machine; N on a cluster)"""
    num_cpus: int = 2
    """CPUs Ray may use on this machine"""
    torch_threads: int = 1
    """torch intra-op threads (1: on a small shared machine a second thread made a forward pass 50x slower)"""


def parse_args() -> Args:
    """``Args`` from the command line; each field's docstring is its ``--help`` text."""
    try:
        body = ast.parse(inspect.getsource(Args)).body[0].body  # type: ignore[attr-defined]
    except (OSError, TypeError):  # no source (e.g. run under a profiler): no help texts
        body = []
    docs = {
        a.target.id: b.value.value
        for a, b in zip(body, body[1:], strict=False)
        if isinstance(a, ast.AnnAssign) and isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant)
    }
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for f in dataclasses.fields(Args):
        flag = "--" + f.name.replace("_", "-")
        if f.type in ("bool", bool):
            parser.add_argument(flag, action="store_true", help=docs.get(f.name))
        else:
            kind = {"int": int, "float": float, "str": str}[str(f.type)]
            parser.add_argument(flag, type=kind, default=f.default, help=f"{docs.get(f.name)} ({f.default})")
    args = Args(**vars(parser.parse_args()))
    if args.smoke:
        args.iterations, args.batch, args.minibatch, args.epochs = 2, 256, 128, 2
        args.eval_every, args.eval_curve_episodes, args.random_repeats = 1, 16, 1
    return args


# ---------------------------------------------------------------------------------------------------
# The env. RLlib builds each sub-env through this creator, registered with Ray's env registry so remote
# env runners find it too (one SyncVectorEnv per env runner). It passes no reset options, so the env
# draws its tasks from its seeded RNG.
ENV_NAME = "mpb-admissible"


def env_config(args: Args) -> dict[str, Any]:
    """The creator's config for the training split."""
    return {
        "split": args.train_split,
        "k": args.k,
        "dim": args.dim,
        "slack": args.slack,
        "memory": not args.no_memory,
    }


def make_env(config: dict[str, Any]) -> Any:
    from mpb_env.envs.admissible import AdmissibleEnv

    env = AdmissibleEnv(**{k: v for k, v in dict(config).items() if k in ("split", "k", "dim", "slack")})
    return Memory(env) if config.get("memory", True) else env


class Memory(gym.Wrapper):
    """Adds what the agent has already seen and done in the episode to the observation, computed from
    its observations and its own actions only (never from ``info``'s ``oracle_index``):

    * ``seen``: every tool feedback of the episode so far, OR-ed (``feedback`` is only the last one; an id
      a look-up returned two turns ago is in ``seen``), ``(dim,)``;
    * ``done``: the candidate rows the agent has played so far, OR-ed, ``(dim,)``;
    * ``repeat``: per candidate, 1 if it is (bucket for bucket) a turn the agent has already played, ``(k,)``.
    """

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        k, dim = env.observation_space["candidates"].shape
        box = lambda *shape: spaces.Box(0.0, 1.0, shape, np.float32)  # noqa: E731
        self.observation_space = spaces.Dict(
            {**env.observation_space.spaces, "seen": box(dim), "done": box(dim), "repeat": box(k)}
        )
        self._seen = np.zeros(dim, np.float32)
        self._played: list[np.ndarray] = []
        self._last: dict[str, np.ndarray] = {}

    def _augment(self, obs: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        np.maximum(self._seen, obs["feedback"], out=self._seen)
        done = np.max(self._played, axis=0) if self._played else np.zeros_like(self._seen)
        played = np.stack(self._played) if self._played else np.zeros((0, self._seen.size), np.float32)
        repeat = (np.abs(obs["candidates"][:, None, :] - played[None]).sum(-1) == 0).any(-1)
        self._last = obs
        return {**obs, "seen": self._seen.copy(), "done": done, "repeat": repeat.astype(np.float32)}

    def reset(self, **kwargs: Any) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self._seen = np.zeros_like(obs["feedback"])
        self._played = []
        return self._augment(obs), info

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)  # validates the action first
        self._played.append(self._last["candidates"][int(action)].copy())
        return self._augment(obs), reward, terminated, truncated, info


# ---------------------------------------------------------------------------------------------------
# The policy: a TorchRLModule with ValueFunctionAPI (what PPO needs on the new API stack). Safe to change
# the architecture; keep the outputs: ACTION_DIST_INPUTS = logits over the K candidates, values of shape (B,).
from ray.rllib.core.columns import Columns  # noqa: E402
from ray.rllib.core.rl_module.apis import ValueFunctionAPI  # noqa: E402
from ray.rllib.core.rl_module.torch import TorchRLModule  # noqa: E402


class CandidateScorer(TorchRLModule, ValueFunctionAPI):
    """Scores each of the K candidate rows with one shared MLP; the K scores are the categorical logits.

    Per candidate c (a multi-hot row), with the context rows x in (query q, last feedback f and, from
    ``Memory``, all feedback so far s and the agent's own played turns d): the MLP reads c and every
    c⊙x (which buckets the candidate shares with each context), the overlap counts c·x (raw and per
    candidate token), the candidate's buckets found in neither the query nor any feedback, its size,
    whether it repeats a played turn, and the turn's one-hot; a linear term on the same scalars, times a
    fixed ``gain``, is added to the MLP's score. The scorer sees each candidate against the context only,
    never against the other candidates. The value is a separate network (``value="separate"``, the
    default: an MLP over q, f, s, d, the turn and the mean and max of its own per-candidate encoder's
    outputs; no weight shared with the scorer) or ``"shared"``: a head over the scorer's pooled hidden
    vectors, detached.
    """

    def setup(self) -> None:
        spaces_ = self.observation_space.spaces
        self.k, self.dim = spaces_["candidates"].shape
        self.memory = "seen" in spaces_
        turns = spaces_["turn"].shape[0]
        hidden = int(self.model_config.get("hidden", 64))
        self.shared_value = self.model_config.get("value", "separate") == "shared"
        contexts = 4 if self.memory else 2
        self.n_scalars = 2 * contexts + 3 + (1 if self.memory else 0)
        width = (1 + contexts) * self.dim + self.n_scalars + turns
        self.body = nn.Sequential(nn.Linear(width, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.score = nn.Linear(hidden, 1)
        self.skip = nn.Linear(self.n_scalars, 1, bias=False)
        self.gain = float(self.model_config.get("gain", 30.0))
        for layer in (self.score, self.skip):  # uniform over candidates at the start
            nn.init.zeros_(layer.weight)
            if layer.bias is not None:
                nn.init.zeros_(layer.bias)
        if self.shared_value:
            self.value = nn.Sequential(nn.Linear(2 * hidden + turns, hidden), nn.ReLU(), nn.Linear(hidden, 1))
        else:
            self.value_cand = nn.Sequential(nn.Linear(width, hidden), nn.ReLU())
            self.value = nn.Sequential(
                nn.Linear(contexts * self.dim + turns + 2 * hidden, hidden),
                nn.ReLU(),
                nn.Linear(hidden, hidden),
                nn.ReLU(),
                nn.Linear(hidden, 1),
            )

    def _inputs(self, obs: dict[str, torch.Tensor]) -> torch.Tensor:
        c, turn = obs["candidates"], obs["turn"]
        names = ("query", "feedback", "seen", "done") if self.memory else ("query", "feedback")
        ctx = [obs[n].unsqueeze(-2) for n in names]  # (B, 1, D) against (B, K, D)
        shared = [c * x for x in ctx]
        size = c.sum(-1, keepdim=True)
        counts = [m.sum(-1, keepdim=True) for m in shared]
        scalars = [n / 4 for n in counts] + [n / size.clamp(min=1) for n in counts]
        known = ctx[0] if not self.memory else torch.maximum(ctx[0], ctx[2])
        unknown = (c * (1 - torch.maximum(known, ctx[1]))).sum(-1, keepdim=True)
        scalars += [unknown / 4, unknown / size.clamp(min=1), size / 16]
        if self.memory:
            scalars.append(obs["repeat"].unsqueeze(-1))
        turns = turn.unsqueeze(-2).expand(*c.shape[:-1], turn.shape[-1])
        return torch.cat([c, *shared, *scalars, turns], -1)

    def _scores(self, batch: dict[str, Any]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        x = self._inputs(batch[Columns.OBS])
        h = self.body(x)
        start = x.shape[-1] - self.n_scalars - batch[Columns.OBS]["turn"].shape[-1]
        scalars = x[..., start : start + self.n_scalars]
        scores = self.score(h).squeeze(-1) + self.gain * self.skip(scalars).squeeze(-1)
        return scores, h, x

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {Columns.ACTION_DIST_INPUTS: self._scores(batch)[0]}

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        scores, h, x = self._scores(batch)
        return {Columns.ACTION_DIST_INPUTS: scores, Columns.EMBEDDINGS: (h, x)}

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> torch.Tensor:
        obs = batch[Columns.OBS]
        if embeddings is None:
            x = self._inputs(obs)
            h = self.body(x) if self.shared_value else None
        else:
            h, x = embeddings
        turn = obs["turn"]
        if self.shared_value:
            h = h.detach()
            return self.value(torch.cat([h.mean(-2), h.amax(-2), turn], -1)).squeeze(-1)
        names = ("query", "feedback", "seen", "done") if self.memory else ("query", "feedback")
        v = self.value_cand(x)
        return self.value(torch.cat([*(obs[n] for n in names), turn, v.mean(-2), v.amax(-2)], -1)).squeeze(-1)


# ---------------------------------------------------------------------------------------------------
# Per-turn choice accuracy from the env's infos, logged as an env-runner metric each iteration.
def on_episode_end(*, episode: Any, metrics_logger: Any, **kwargs: Any) -> None:
    for info in episode.get_infos()[1:]:  # per turn; the reset info has no choice
        metrics_logger.log_value("choice_accuracy", float(info["choice_correct"]), reduce="mean", window=2000)


# ---------------------------------------------------------------------------------------------------
# Evaluation, in-process: every episode of the eval split played in lock-step, one batched forward pass
# per step. ``policy`` maps a batch of observations to actions.
_EVAL_ENVS: dict[str, list[Any]] = {}


def evaluate(
    args: Args, policy: Any, task_ids: list[str] | None = None, repeats: int = 1, split: str | None = None
) -> dict[str, float]:
    split = split or args.eval_split
    envs = _EVAL_ENVS.setdefault(split, [])  # built once per split and reused: each reset starts afresh
    config = {**env_config(args), "split": split}
    if not envs:
        envs.append(make_env(config))
    ids = [t for t in (task_ids or envs[0].unwrapped.task_ids) for _ in range(repeats)]
    while len(envs) < min(len(ids), 256):
        envs.append(make_env(config))
    correct = turns = 0
    success: list[float] = [0.0] * len(ids)
    for first in range(0, len(ids), len(envs)):  # episodes `first ...` on envs 0, 1, ...
        chunk = ids[first : first + len(envs)]
        obs = [
            envs[j].reset(seed=args.seed + 10_000 + first + j, options={"task_id": t})[0]
            for j, t in enumerate(chunk)
        ]
        live = list(range(len(chunk)))
        while live:
            batch = {key: np.stack([obs[j][key] for j in live]) for key in obs[live[0]]}
            still = []
            for j, a in zip(live, policy(batch), strict=True):
                obs[j], r, term, trunc, info = envs[j].step(int(a))
                correct += info["choice_correct"]
                turns += 1
                if term or trunc:
                    success[first + j] = r
                else:
                    still.append(j)
            live = still
    return {
        "choice_accuracy": correct / max(turns, 1),
        "success": float(np.mean(success)),
        "episodes": len(ids),
        "turns": turns,
    }


def greedy(module: Any) -> Any:
    """The trained module as a batch policy: the highest-scoring candidate."""

    def act(batch: dict[str, np.ndarray]) -> np.ndarray:
        with torch.no_grad():
            out = module.forward_inference({Columns.OBS: {k: torch.from_numpy(v) for k, v in batch.items()}})
        return out[Columns.ACTION_DIST_INPUTS].argmax(-1).numpy()

    return act


def uniform(seed: int) -> Any:
    """The baseline: a uniformly random candidate."""
    rng = np.random.default_rng(seed)
    return lambda batch: rng.integers(batch["candidates"].shape[1], size=len(batch["candidates"]))


# ---------------------------------------------------------------------------------------------------
def plot(
    args: Args,
    curve: list[dict[str, float]],
    baseline: dict[str, float],
    png: str,
    selected: int | None = None,
) -> None:
    """The learning curve: train choice accuracy and success per iteration, dev points, random's levels
    and, if given, the iteration whose weights were kept."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.6), dpi=100)
    steps = [p["env_steps"] for p in curve]
    ax.plot(
        steps,
        [p["train_choice_accuracy"] for p in curve],
        label=f"train choice accuracy ({args.train_split})",
    )
    ax.plot(steps, [p["train_return"] for p in curve], label="train episode success (sampled)")
    dev_pts = [p for p in curve if "dev_choice_accuracy" in p]
    ax.plot(
        [p["env_steps"] for p in dev_pts],
        [p["dev_choice_accuracy"] for p in dev_pts],
        "o-",
        label=f"{args.eval_split} choice accuracy (greedy, {args.eval_curve_episodes} episodes)",
    )
    ax.plot(
        [p["env_steps"] for p in dev_pts],
        [p["dev_success"] for p in dev_pts],
        "s-",
        label=f"{args.eval_split} success (greedy, {args.eval_curve_episodes} episodes)",
    )
    ax.axhline(
        1 / args.k, color="gray", ls="--", lw=1, label=f"random choice accuracy 1/K = {1 / args.k:.3f}"
    )
    rand = baseline["success"]
    ax.axhline(
        rand, color="tab:red", ls=":", lw=1, label=f"{args.eval_split} success, random choice = {rand:.3f}"
    )
    if selected is not None:
        at = curve[selected - 1]["env_steps"]
        ax.axvline(at, color="black", ls="-.", lw=0.8, label=f"weights kept (iteration {selected})")
    ax.set_xlabel("env steps")
    ax.set_ylim(0, 1)
    ax.set_title(f"RLlib PPO on mpb/MobilePA-Admissible-v0 (K={args.k})", fontsize=10)
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    fig.savefig(png)
    plt.close(fig)


# ---------------------------------------------------------------------------------------------------
def main() -> None:
    args = parse_args()
    os.makedirs(args.out, exist_ok=True)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.torch_threads)

    import ray
    from ray import tune
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    from mpb_env.envs.admissible import AdmissibleEnv

    ray.init(num_cpus=args.num_cpus, include_dashboard=False, log_to_driver=False, configure_logging=False)
    tune.register_env(ENV_NAME, make_env)
    config = (
        PPOConfig()
        .environment(ENV_NAME, env_config=env_config(args))
        .env_runners(
            num_env_runners=args.env_runners,
            num_envs_per_env_runner=args.envs_per_runner,
            rollout_fragment_length="auto",
        )
        .learners(num_learners=0)
        .training(
            lr=[[0, args.lr], [args.lr_steps, args.lr_end]] if args.lr_end > 0 else args.lr,
            gamma=args.gamma,
            lambda_=args.lam,
            clip_param=args.clip,
            entropy_coeff=args.entropy,
            vf_loss_coeff=args.vf_coeff,
            train_batch_size_per_learner=args.batch,
            minibatch_size=args.minibatch,
            num_epochs=args.epochs,
        )
        .rl_module(
            rl_module_spec=RLModuleSpec(
                module_class=CandidateScorer,
                model_config={"hidden": args.hidden, "value": args.value, "gain": args.gain},
            )
        )
        .callbacks(on_episode_end=on_episode_end)
        .debugging(seed=args.seed)
    )
    algo = config.build_algo()

    # -------- train: one PPO iteration per loop, a dev point every eval_every iterations
    dev_ids = AdmissibleEnv(split=args.eval_split).task_ids
    curve_ids = [
        dev_ids[i]
        for i in np.random.default_rng(args.seed).permutation(len(dev_ids))[: args.eval_curve_episodes]
    ]
    train_ids = AdmissibleEnv(split=args.train_split).task_ids
    select_ids = [
        train_ids[i]
        for i in np.random.default_rng(args.seed + 1).permutation(len(train_ids))[
            : 2 * args.eval_curve_episodes
        ]
    ]
    best: tuple[float, int, dict[str, Any]] | None = None
    curve: list[dict[str, float]] = []
    start = time.perf_counter()
    it = 0
    while True:
        it += 1
        result = algo.train()
        runners = result.get("env_runners", {})
        point = {
            "iteration": it,
            "seconds": time.perf_counter() - start,
            "env_steps": float(runners.get("num_env_steps_sampled_lifetime", 0)),
            "train_return": float(runners.get("episode_return_mean", float("nan"))),
            "train_choice_accuracy": float(runners.get("choice_accuracy", float("nan"))),
        }
        learner = result.get("learners", {}).get("default_policy", {})
        for key in ("entropy", "mean_kl_loss", "curr_kl_coeff", "vf_loss", "default_optimizer_learning_rate"):
            if key in learner:
                point[key] = float(learner[key])
        timers = result.get("timers", {})
        for key in ("env_runner_sampling_timer", "learner_update_timer"):
            if isinstance(timers.get(key), (int, float)):
                point[key] = float(timers[key])
        if it % args.eval_every == 0:
            dev = evaluate(args, greedy(algo.get_module()), curve_ids)
            point.update(dev_choice_accuracy=dev["choice_accuracy"], dev_success=dev["success"])
            if not args.no_select:
                module = algo.get_module()
                seen = evaluate(args, greedy(module), select_ids, split=args.train_split)["choice_accuracy"]
                point["select_choice_accuracy"] = seen
                if best is None or seen > best[0]:
                    best = (seen, it, {k: v.detach().clone() for k, v in module.state_dict().items()})
        curve.append(point)
        print(json.dumps(point), flush=True)
        if (args.iterations and it >= args.iterations) or (
            not args.iterations and point["seconds"] >= 60 * args.minutes
        ):
            break
    train_seconds = time.perf_counter() - start

    # -------- evaluate on every dev episode: the trained policy and the random baseline
    eval_ids = curve_ids if args.smoke else None
    if best is not None:
        algo.get_module().load_state_dict(best[2])
    trained = evaluate(args, greedy(algo.get_module()), eval_ids)
    torch.save(algo.get_module().state_dict(), os.path.join(args.out, "module.pt"))
    baseline = evaluate(args, uniform(args.seed), eval_ids, repeats=args.random_repeats)
    algo.stop()
    ray.shutdown()

    # -------- the learning curve
    png = os.path.join(args.out, "learning_curve.png")
    plot(args, curve, baseline, png, best[1] if best is not None else None)

    summary = {
        "k": args.k,
        "random_choice_accuracy": 1 / args.k,
        "train_seconds": round(train_seconds, 1),
        "iterations": it,
        "env_steps": int(curve[-1]["env_steps"]),
        "dev": {k: round(v, 4) if isinstance(v, float) else v for k, v in trained.items()},
        "random": {k: round(v, 4) if isinstance(v, float) else v for k, v in baseline.items()},
        "choice_accuracy_over_random": round(trained["choice_accuracy"] * args.k, 2),
        "png": png,
        "selected_iteration": best[1] if best is not None else it,
    }
    with open(os.path.join(args.out, "summary.json"), "w") as fh:
        json.dump({**summary, "args": dataclasses.asdict(args), "curve": curve}, fh, indent=1)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
