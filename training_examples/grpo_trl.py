"""GRPO on mobilepa-gym's ``train`` tasks with TRL's ``GRPOTrainer`` and a multi-turn ``rollout_func``.

What it does, top to bottom: parse the arguments, load (or, with ``--smoke``, build) a model and its
tokenizer, make a dataset with one row per task whose prompt *is* the task id, and train with
``GRPOTrainer(..., rollout_func=...)``. TRL repeats each prompt ``num_generations`` times in a row, so each
group is G copies of one task with an identical S0; ``rollout_func`` plays them through
``mpb_env.rollouts.tokens.rollout_tokens`` (token-faithful multi-turn episodes, env tokens masked out
with ``env_mask``) and hands back the verdict as the reward. Every ``eval_every`` steps the current model
plays ``dev`` tasks through the package's own ``mpb_env.rollouts.run`` and ``build_report``.

The reward is the official gated binary verdict (1.0 / 0.0) unless ``--reward shaped`` asks for
``mpb_env.shaping.shaped_reward`` — non-official, baseline-corrected partial credit, logged next to the
binary success, which stays what the dev evaluation scores.

Groups whose rewards are all equal carry no GRPO signal (their advantages are 0). They are counted and
logged (``mpb/uniform_groups``); with ``--drop-uniform-groups`` (the default) their ``env_mask`` is zeroed
as well, so they leave the loss and its token normaliser altogether (and the KL term when ``beta > 0``);
TRL offers no per-group drop of its own. When every group of a batch is uniform nothing is dropped (the
policy-gradient term is 0 anyway).

Run it:

    python training_examples/grpo_trl.py --smoke          # a tiny local model, 2 steps on CPU
    python training_examples/grpo_trl.py --model PATH     # any local checkpoint with a chat template

On GPUs, with TRL's vLLM server (two GPUs: one serves, one trains; ``pip install 'trl[vllm]'``):

    CUDA_VISIBLE_DEVICES=0 trl vllm-serve --model Qwen/Qwen3-1.7B --max-model-len 16384 &
    CUDA_VISIBLE_DEVICES=1 python training_examples/grpo_trl.py --model Qwen/Qwen3-1.7B --use-vllm \\
        --num-generations 8 --groups-per-step 8 --micro-batch-size 8 --max-steps 300 \\
        --curriculum --eval-every 50 --output-dir runs/grpo-qwen3-1.7b

ESTIMATES, not measurements (nothing here has run on a GPU): for Qwen3-1.7B in bf16 the training GPU
holds about 14 GB of weights, gradients and AdamW states (1.7 B parameters x 8 bytes) plus the
activations of one micro-batch of 8 episodes of up to 8k tokens with gradient checkpointing, roughly
30-40 GB in all (an 80 GB A100/H100 fits it; a 40 GB one wants ``--micro-batch-size 4``); the vLLM GPU
holds the weights and its KV cache in 90% of its memory. One step (64 episodes of up to 15 turns, 8
micro-batches) should take on the order of 1-3 minutes, so 300 steps about 5-15 hours, each dev
evaluation (64 tasks, greedy, in-process on the training GPU) several minutes more. Qwen3-0.6B needs
about a third of the memory and roughly half the time.

Arguments are the ``Args`` fields below (``--help`` lists them). Sections marked "safe to change" can
be edited freely; the others hold the contract between TRL and the env.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import tempfile
import time
import typing
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal


# ============================================================================ arguments (safe to change)
@dataclass
class Args:
    model: str = ""
    """A local checkpoint directory (with a chat template) or a hub id; built locally with --smoke."""
    smoke: bool = False
    """Build a tiny model and tokenizer on the spot and run 2 GRPO steps on CPU (what CI runs)."""
    output_dir: str = "runs/grpo"
    """Where the trainer writes checkpoints and logs."""
    split: str = "train"
    """The task split to train on (``train``; never ``bench``)."""
    dimension: str = ""
    """Train on one dimension only: basic, subagent, memory or skill (empty: all)."""
    limit_tasks: int = 0
    """Use only the first N tasks of the split (0: all)."""
    num_generations: int = 8
    """G, episodes per group (one task, G samples)."""
    groups_per_step: int = 4
    """Groups (tasks) per optimisation step; a step trains on G x this many episodes."""
    micro_batch_size: int = 8
    """Episodes per forward/backward pass (gradients accumulate over G x groups_per_step / this); memory."""
    max_steps: int = 200
    """Optimisation steps."""
    learning_rate: float = 1e-6
    """AdamW learning rate."""
    beta: float = 0.0
    """KL coefficient against the reference model (0: no reference model is loaded)."""
    loss_type: str = "dapo"
    """TRL's loss aggregation: dapo, grpo, dr_grpo, bnpo, ..."""
    temperature: float = 1.0
    """Sampling temperature of the rollouts."""
    top_p: float = 1.0
    """Nucleus sampling of the rollouts."""
    max_turns: int = 15
    """T_max, assistant turns per episode."""
    max_turn_tokens: int = 512
    """The most tokens the model may generate in one turn."""
    max_episode_tokens: int = 8192
    """The token budget of a whole episode, prompt included; enforced on what reaches the loss."""
    recall: Literal["bm25", "oracle", "all"] = "bm25"
    """How A0 is recalled: bm25 (the benchmark's default), oracle (gold tools guaranteed) or all."""
    top_n: int = 15
    """N, the tools recalled into A0."""
    tool_format: Literal["schema", "compact"] = "schema"
    """schema: tools= of the chat template; compact: one line per tool in the system message (shorter
    prompts). The dev evaluation (HFPolicy through run()) shows the tools the same way."""
    reward: Literal["binary", "shaped"] = "binary"
    """binary: the official verdict; shaped: mpb_env.shaping.shaped_reward (non-official)."""
    drop_uniform_groups: bool = True
    """Zero the loss mask of groups whose rewards are all equal (they are counted either way)."""
    curriculum: bool = False
    """Draw each group's task with mpb_env.rollouts.curriculum.Curriculum instead of the dataset order."""
    eval_every: int = 50
    """Evaluate on dev every N steps (0: never)."""
    eval_limit: int = 64
    """Dev tasks per evaluation, spread over the dimensions (0: all 172)."""
    eval_max_new_tokens: int = 512
    """Tokens per turn in the dev evaluation (greedy)."""
    use_vllm: bool = False
    """Generate rollouts on a TRL vLLM server (``trl vllm-serve``) instead of in-process."""
    vllm_host: str = "127.0.0.1"
    """Host of the vLLM server."""
    vllm_port: int = 8000
    """Port of the vLLM server."""
    gradient_checkpointing: bool = True
    """Trade compute for activation memory (on GPU)."""
    bf16: bool = True
    """Train in bfloat16 on GPU (always off on CPU)."""
    seed: int = 0
    """Seed of the trainer, the rollouts and the curriculum."""


def _field_docs(cls: type) -> dict[str, str]:
    """Each field's docstring (the string literal after it), read from this file, for ``--help``."""
    import ast

    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__).body
    docs = {}
    for node, after in zip(body, body[1:], strict=False):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
        ):
            docs[node.target.id] = str(after.value.value)  # type: ignore[union-attr]
    return docs


def parse_args(argv: list[str] | None = None) -> Args:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    hints, docs = typing.get_type_hints(Args, globals()), _field_docs(Args)
    for f in dataclasses.fields(Args):
        flag, kind = "--" + f.name.replace("_", "-"), hints[f.name]
        if kind is bool:
            parser.add_argument(
                flag, action=argparse.BooleanOptionalAction, default=f.default, help=docs[f.name]
            )
        elif typing.get_origin(kind) is Literal:
            parser.add_argument(flag, choices=typing.get_args(kind), default=f.default, help=docs[f.name])
        else:
            parser.add_argument(flag, type=kind, default=f.default, help=docs[f.name])
    args = Args(**vars(parser.parse_args(argv)))
    if args.smoke:  # tiny everything: two steps of two groups of two short episodes
        args.num_generations, args.groups_per_step, args.max_steps = 2, 2, 2
        args.max_turns, args.max_turn_tokens, args.limit_tasks = 2, 8, 8
        args.eval_every, args.eval_limit, args.eval_max_new_tokens = 2, 2, 8
        args.gradient_checkpointing, args.learning_rate, args.top_n = False, 1e-4, 5
        args.micro_batch_size, args.tool_format = 2, "compact"  # short prompts: a fast smoke
    return args


def fail(message: str) -> typing.NoReturn:
    """One clear line and exit status 2 (a usage error)."""
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)


# ============================================================================ the smoke model (safe to change)
def build_tiny_model(path: Path) -> Path:
    """A byte-level BPE tokenizer trained on the system prompt and every tool schema, with a
    Hermes/Qwen-style chat template, and a one-layer Qwen2 with seeded random weights, saved to ``path``
    like a hub checkpoint (nothing is downloaded)."""
    from mpb_env.rollouts.tiny import END, tiny_lm

    tiny_lm(
        tools=("schema",), vocab_size=2000, eos=END, arch="qwen2", kv_heads=1, max_positions=65536, path=path
    )
    return path


# ============================================================================ model and tokenizer
def check_model(name: str) -> str:
    """``--model`` as ``from_pretrained`` takes it: a path (``./x``, ``/x``, ``~/x`` or one that exists)
    must be a directory, else one line and exit 2 — before torch is even imported; anything else is a
    hub id."""
    if not name:
        fail("give --model PATH (a checkpoint directory or hub id), or --smoke")
    path = Path(name).expanduser()
    if name.startswith((".", "/", "~")) or path.exists():
        if not path.is_dir():
            fail(f"no model directory {name!r}")
        return str(path)
    return name


def load_model(name: str, dtype: Any) -> tuple[Any, Any]:
    """The checkpoint's model and tokenizer; a failed load is one line, exit 2."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    try:
        tokenizer = AutoTokenizer.from_pretrained(name)
        model = AutoModelForCausalLM.from_pretrained(name, dtype=dtype)
    except Exception as exc:  # offline hub id, no tokenizer files, not a causal LM
        fail(
            f"cannot load model {name!r}: {str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__}"
        )
    if not getattr(tokenizer, "chat_template", None):
        fail(f"the tokenizer of {name!r} has no chat template")
    if tokenizer.pad_token_id is None:
        tokenizer.pad_token = tokenizer.eos_token
    return model, tokenizer


# ============================================================================ tasks and the dataset
def train_tasks(args: Args) -> list[Any]:
    """The episodes to train on: skill tasks as their SOR and MTSR variants (each a task of its own)."""
    from mpb_env import load_tasks
    from mpb_env.tasks.model import episodes

    tasks = episodes(load_tasks(split=args.split, dimension=args.dimension or None))  # type: ignore[arg-type]
    return tasks[: args.limit_tasks] if args.limit_tasks else tasks


def dev_subset(limit: int) -> list[Any]:
    """``limit`` dev tasks taken round-robin over the dimensions (all of them for 0)."""
    from mpb_env import load_tasks

    dev = load_tasks(split="dev")
    if not limit:
        return dev
    by_dim: dict[str, list[Any]] = defaultdict(list)
    for t in dev:
        by_dim[t.dimension].append(t)
    out: list[Any] = []
    while len(out) < min(limit, len(dev)):
        for dim in list(by_dim):
            if by_dim[dim] and len(out) < limit:
                out.append(by_dim[dim].pop(0))
    return out


# rollout_func sees only the prompts, never other dataset columns, so the prompt is the task id itself
# (a skill task's SOR and MTSR variants have identical chat messages: only the id tells them apart).
def make_dataset(tasks: list[Any]) -> Any:
    from datasets import Dataset

    return Dataset.from_dict({"prompt": [t.id for t in tasks]})


# ============================================================================ the rollout function
def make_backend(args: Args, tokenizer: Any, trainer: Any) -> Any:
    """The rollouts' generation backend: TRL's vLLM client with ``--use-vllm``, else the trained model."""
    from mpb_env.rollouts.tokens import HFBackend, VLLMServerBackend

    if args.use_vllm:  # the client TRL made (and keeps in sync with the trained weights)
        client = trainer.vllm_generation.vllm_client
        return VLLMServerBackend(client, temperature=args.temperature, top_p=args.top_p)
    model = trainer.accelerator.unwrap_model(trainer.model)  # the bare model under DDP and the like
    return HFBackend(model, tokenizer, temperature=args.temperature, top_p=args.top_p)


class ProbeBackend:
    """Scripted replies for the preflight: a memory search on the first turn, then an empty final
    message, each ended by the tokenizer's end-of-turn token (so feedback is rendered once)."""

    def __init__(self, tokenizer: Any) -> None:
        self.stop_ids = [tokenizer.eos_token_id]
        call = '<tool_call>{"name": "search_user_memory", "arguments": {"query": "preferences"}}</tool_call>'
        self.replies = [tokenizer.encode(call, add_special_tokens=False), []]
        self.turn = 0

    def generate(self, prompts: list[Any], max_new_tokens: list[int], seeds: list[int]) -> list[Any]:
        reply = self.replies[min(self.turn, len(self.replies) - 1)]
        self.turn += 1
        return [([*reply, *self.stop_ids][:n], [0.0] * min(n, len(reply) + 1)) for n in max_new_tokens]


def preflight(args: Args, tokenizer: Any, tasks: list[Any]) -> None:
    """Before anything is trained or written: the chat template renders a tool round without
    rewriting what came before (``rollout_tokens`` refuses one that does), and the first task's
    turn-0 prompt fits ``--max-episode-tokens``; each problem is one error line (exit 2)."""
    from mpb_env.rollouts.tokens import rollout_tokens

    try:
        rollout_tokens(
            [tasks[0].id],
            tokenizer=tokenizer,
            backend=ProbeBackend(tokenizer),
            tasks=tasks,
            max_episode_tokens=args.max_episode_tokens,
            max_turn_tokens=args.max_turn_tokens,
            max_turns=args.max_turns,
            tool_format=args.tool_format,
            recall=args.recall,
            top_n=args.top_n,
        )
    except ValueError as exc:
        fail(str(exc).splitlines()[0])


def make_rollout_func(
    args: Args,
    tasks: list[Any],
    tokenizer: Any,
    curriculum: Any,
    log: dict[str, list[float]],
    backend_for: Any = make_backend,
) -> Any:
    """TRL's ``rollout_func``: one group of G episodes of one task per G prompts (module docs);
    ``backend_for(args, tokenizer, trainer)`` gives the generation backend of a step."""
    from mpb_env.rollouts.tokens import rollout_tokens
    from mpb_env.shaping import shaped_reward

    index = {t.id: t for t in tasks}
    G = args.num_generations

    def rollout_func(prompts: list[Any], trainer: Any) -> dict[str, list[Any]]:
        ids = [str(p).strip() for p in prompts]
        if len(ids) % G or any(ids[i] != ids[i - i % G] for i in range(len(ids))):
            raise RuntimeError("expected each prompt repeated num_generations times in a row")
        if curriculum is not None:  # it picks each group's task; the dataset row only sets the count
            ids = [tid for tid in curriculum.sample(len(ids) // G) for _ in range(G)]
        backend = backend_for(args, tokenizer, trainer)
        timings: dict[str, float] = {}
        eps = rollout_tokens(
            ids,
            tokenizer=tokenizer,
            backend=backend,
            tasks=tasks,  # the same list every step: rollout_tokens reuses its vector env
            max_episode_tokens=args.max_episode_tokens,
            max_turn_tokens=args.max_turn_tokens,
            max_turns=args.max_turns,
            tool_format=args.tool_format,
            recall=args.recall,
            seed=args.seed + trainer.state.global_step,  # new draws every step
            timings=timings,
            top_n=args.top_n,
        )
        if [e.task_id for e in eps] != ids:
            raise RuntimeError("rollout_tokens returned other episodes than asked for")
        wall = timings.get("total", 0.0)
        # The env's reward is the gated verdict, and 0 for an episode that did not end "ok" (the budget ran
        # out, or something broke) whatever its verdict says; the shaped reward pays such an episode 0 too.
        success = [1.0 if e.reward >= 1.0 else 0.0 for e in eps]
        if args.reward == "shaped":
            rewards = [
                shaped_reward(e.verdict, index[e.task_id]) if e.verdict and e.outcome == "ok" else 0.0
                for e in eps
            ]
        else:
            rewards = success
        masks = [list(e.env_mask) for e in eps]
        completions = [list(e.completion_ids) for e in eps]
        logprobs = [list(e.logprobs) for e in eps]
        # The budget: TRL does not apply max_completion_length to rollout_func output. rollout_tokens ends an
        # episode at max_episode_tokens (outcome "budget", reward 0: it stays in the loss, as a long failure);
        # should one still be over, it is cut to fit and leaves the loss (its reward is of tokens now gone).
        # An episode the env or the backend broke (outcome env_error / policy_error) leaves the loss too.
        over = broken = 0
        for i, e in enumerate(eps):
            room = max(1, args.max_episode_tokens - len(e.prompt_ids))
            if len(completions[i]) > room:
                over += 1
                completions[i], logprobs[i], masks[i] = completions[i][:room], logprobs[i][:room], [0] * room
            if e.outcome in ("env_error", "policy_error"):
                broken += 1
                masks[i] = [0] * len(masks[i])
        # Uniform groups: counted always, their loss mask zeroed when asked (module docs).
        groups = [range(g, g + G) for g in range(0, len(eps), G)]
        uniform = [g for g in groups if max(rewards[i] for i in g) - min(rewards[i] for i in g) <= 1e-9]
        if args.drop_uniform_groups and len(uniform) < len(groups):
            for g in uniform:
                for i in g:
                    masks[i] = [0] * len(masks[i])
        if curriculum is not None:
            for g in groups:
                curriculum.update(ids[g.start], [rewards[i] for i in g])
        # What the step logs: success per dimension, uniform groups, env share of the rollout wall time.
        metrics: dict[str, float] = {
            "mpb/uniform_groups": float(len(uniform)),
            "mpb/groups": float(len(groups)),
            "mpb/success": sum(success) / len(success),
            "mpb/budget_ended": float(sum(e.outcome == "budget" for e in eps)),
            "mpb/over_budget": float(over),
            "mpb/broken": float(broken),
            # the sandbox's own steps (parse, tools, checker) over the rollout's wall time ...
            "mpb/env_share": timings.get("env", 0.0) / wall if wall > 0 else 0.0,
            # ... and everything but the model's generate calls: env, chat-template rendering, tokenising
            "mpb/non_generate_share": max(0.0, wall - timings.get("generate", 0.0)) / wall
            if wall > 0
            else 0.0,
            "mpb/rollout_seconds": wall,
            "mpb/generate_seconds": timings.get("generate", 0.0),
            "mpb/env_seconds": timings.get("env", 0.0),
            "mpb/template_seconds": timings.get("template", 0.0),
        }
        by_dim: dict[str, list[float]] = defaultdict(list)
        for e, ok in zip(eps, success, strict=True):
            by_dim[index[e.task_id].dimension].append(ok)
        for dim, oks in by_dim.items():
            metrics[f"mpb/success/{dim}"] = sum(oks) / len(oks)
        for k, v in metrics.items():
            log[k].append(v)
        return {
            "prompt_ids": [list(e.prompt_ids) for e in eps],
            "completion_ids": completions,
            "logprobs": logprobs,
            "env_mask": masks,
            "env_reward": rewards,  # reaches the reward function as a keyword argument
            "env_success": success,
            "mpb_metrics": [metrics] * len(eps),
        }

    return rollout_func


# ============================================================================ the reward (safe to change)
def env_reward(
    prompts: list[Any], completions: list[Any], env_reward: list[float], **kwargs: Any
) -> list[float]:
    """The episode's reward as the env judged it (binary verdict or shaped, per --reward); also logs the
    rollout's metrics through TRL's ``log_metric`` hook."""
    log_metric = kwargs.get("log_metric")
    if log_metric is not None and kwargs.get("mpb_metrics"):
        for name, value in kwargs["mpb_metrics"][0].items():
            log_metric(name, value)
    return [float(r) for r in env_reward]


# ============================================================================ main
def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not args.smoke:
        args.model = check_model(args.model)
    if args.use_vllm:
        import importlib.util

        if importlib.util.find_spec("vllm") is None:
            fail("--use-vllm needs vllm on the training side too: pip install 'trl[vllm]'")

    import os

    os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")
    import torch
    from transformers import TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    from mpb_env.rollouts import HFPolicy, build_report, run
    from mpb_env.rollouts.curriculum import Curriculum

    cpu = not torch.cuda.is_available()
    tmp = None
    if args.smoke:
        tmp = tempfile.TemporaryDirectory(prefix="grpo-smoke-")
        args.model = str(build_tiny_model(Path(tmp.name) / "tiny"))
        args.output_dir = str(Path(tmp.name) / "out")
    model, tokenizer = load_model(args.model, "auto" if not cpu else torch.float32)

    episodes_per_step = args.num_generations * args.groups_per_step
    if args.micro_batch_size < 1 or episodes_per_step % args.micro_batch_size:
        fail(f"--micro-batch-size must divide num_generations x groups_per_step = {episodes_per_step}")
    tasks = train_tasks(args)
    if not tasks:
        fail(f"no {args.split} tasks for dimension {args.dimension!r}")
    preflight(args, tokenizer, tasks)
    curriculum = None
    if args.curriculum:
        curriculum = Curriculum(
            tasks,
            group_size=args.num_generations,
            seed=args.seed,
            recall=args.recall,
            top_n=args.top_n,
            max_turns=args.max_turns,
            ramp_steps=max(1, args.max_steps // 2),
        )
        print(f"curriculum: {curriculum.stats()}")
    log: dict[str, list[float]] = defaultdict(list)
    dev = dev_subset(args.eval_limit) if args.eval_every else []

    # ---------------------------------------------------------------- trainer settings (safe to change)
    config = GRPOConfig(
        output_dir=args.output_dir,
        # one generation of G x groups_per_step episodes per optimiser step, trained in micro-batches
        per_device_train_batch_size=args.micro_batch_size,
        gradient_accumulation_steps=episodes_per_step // args.micro_batch_size,
        num_generations=args.num_generations,
        max_completion_length=args.max_episode_tokens,
        max_steps=args.max_steps,
        learning_rate=args.learning_rate,
        beta=args.beta,
        loss_type=args.loss_type,
        temperature=args.temperature,
        top_p=args.top_p,
        logging_steps=1,
        save_strategy="no" if args.smoke else "steps",
        save_steps=max(1, args.max_steps // 4),
        report_to="none",
        seed=args.seed,
        use_cpu=cpu,
        bf16=args.bf16 and not cpu,
        activation_checkpointing=args.gradient_checkpointing and not cpu,
        use_vllm=args.use_vllm,
        vllm_mode="server",
        vllm_server_host=args.vllm_host,
        vllm_server_port=args.vllm_port,
        disable_tqdm=True,
        shuffle_dataset=True,
    )

    # ---------------------------------------------------------------- callbacks: printing and dev evaluation
    class Progress(TrainerCallback):
        """One line per step: loss, reward, success, uniform groups, env share of the rollout time."""

        def on_log(
            self, targs: Any, state: Any, control: Any, logs: dict[str, Any] | None = None, **kw: Any
        ) -> None:
            if not logs or "loss" not in logs:
                return
            share = log["mpb/env_share"][-1] if log["mpb/env_share"] else float("nan")
            print(
                f"step {state.global_step} loss={logs['loss']:.6f} reward={logs.get('reward', float('nan')):.4f} "
                f"success={log['mpb/success'][-1]:.3f} uniform_groups={int(log['mpb/uniform_groups'][-1])}"
                f"/{int(log['mpb/groups'][-1])} env_share={100 * share:.2f}%",
                flush=True,
            )

    class DevEval(TrainerCallback):
        """Every ``eval_every`` steps: the current model on dev, greedy, scored by ``build_report``."""

        def on_step_end(self, targs: Any, state: Any, control: Any, model: Any = None, **kw: Any) -> None:
            if not dev or state.global_step % args.eval_every:
                return
            policy = HFPolicy(
                model, tokenizer=tokenizer, max_new_tokens=args.eval_max_new_tokens, batch_size=8
            )
            trajs = run(
                dev,
                policy,
                recall=args.recall,
                top_n=args.top_n,
                max_turns=args.max_turns,
                tool_format=args.tool_format,  # the prompts the model trains on
                progress=False,
            )
            rep = build_report(trajs, dev)
            dims = " ".join(
                f"{d}={'-' if rep[d] is None else f'{rep[d]:.1f}'}"
                for d in ("basic", "subagent", "memory", "skill")
            )
            print(
                f"dev step {state.global_step} episodes={rep['episodes']} overall={rep['overall']:.2f} {dims}",
                flush=True,
            )

    class SaveCurriculum(TrainerCallback):
        """Next to each checkpoint: the curriculum's state (``Curriculum.load_state_dict`` resumes it)."""

        def on_save(self, targs: Any, state: Any, control: Any, **kw: Any) -> None:
            if curriculum is not None:
                folder = Path(targs.output_dir) / f"checkpoint-{state.global_step}"
                folder.mkdir(parents=True, exist_ok=True)
                (folder / "curriculum.json").write_text(json.dumps(curriculum.state_dict()))

    trainer = GRPOTrainer(
        model=model,
        reward_funcs=[env_reward],
        args=config,
        train_dataset=make_dataset(tasks),
        processing_class=tokenizer,
        rollout_func=make_rollout_func(args, tasks, tokenizer, curriculum, log),
        callbacks=[Progress(), DevEval(), SaveCurriculum()],
    )
    start = time.perf_counter()
    trainer.train()
    seconds = time.perf_counter() - start
    # The first rollout builds the vector env (once per run): the steady state is the later steps'.
    shares, other = log["mpb/env_share"], log["mpb/non_generate_share"]
    later, later_other = shares[1:] or shares, other[1:] or other
    print(
        f"done: {args.max_steps} steps in {seconds:.1f}s; env share of rollout wall time "
        f"{100 * sum(later) / max(1, len(later)):.2f}% (mean after step 1; step 1, which builds the env: "
        f"{100 * shares[0]:.2f}%; all but generation, chat template and tokenising included: "
        f"{100 * sum(later_other) / max(1, len(later_other)):.2f}%); reward={args.reward}"
        + ("" if args.reward == "binary" else " (non-official shaped reward)"),
        flush=True,
    )
    if curriculum is not None:
        print(f"curriculum: {curriculum.stats()}")
    if not args.smoke:
        trainer.save_model(args.output_dir)
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
