"""SFT warm-up before GRPO: supervised fine-tuning on the oracle's trajectories over the `train` split
(or on the successful episodes of a run), with TRL's SFTTrainer.

The episodes become pre-tokenised examples (`mpb_env.rollouts.sft.sft_dataset`): each chat is rendered
by the model's own chat template with the tools offered at each turn, and only the assistant's tokens
(its tool calls and final message, with its end-of-turn token) are trained; the system prompt, the
query and the phone's feedback are context. The trained model and tokenizer are saved to
`--output-dir`, where the GRPO example starts from:

    pip install -e ".[train]"
    # one GPU (e.g. 24 GB for a 0.6B model at 8k tokens):
    python training_examples/sft_oracle.py --model Qwen/Qwen3-0.6B --output-dir runs/sft-qwen3-0.6b \\
        --max-length 8192 --batch-size 1 --grad-accum 16 --learning-rate 1e-5 --epochs 1 --bf16
    python training_examples/grpo_trl.py --model runs/sft-qwen3-0.6b

    # rejection sampling: a run of the model itself, then SFT on its successful episodes
    mpb eval --policy hf:runs/sft-qwen3-0.6b --split train --temperature 0.7 --out runs/samples
    python training_examples/sft_oracle.py --model runs/sft-qwen3-0.6b --run-dir runs/samples \\
        --output-dir runs/sft-rs --bf16

    # smoke test (CPU, well under a minute): a tiny Qwen2 and tokenizer built here, a few steps
    python training_examples/sft_oracle.py --smoke

Training on the oracle teaches the format and the tool-use patterns of the suite's golds; it is a
warm start for RL, not the end: the bench split stays held out (train and bench share no template,
phrasing or entity combination).
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import sys
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Args:
    model: str | None = None
    """a checkpoint directory or a hub id (e.g. Qwen/Qwen3-0.6B); required unless --smoke"""
    smoke: bool = False
    """build a tiny Qwen2 model and tokenizer here and train a few steps on the CPU"""
    split: str = "train"
    """the split whose oracle episodes are trained on (never bench: it is the held-out test)"""
    run_dir: str | None = None
    """instead of the oracle: a run directory (mpb eval --out DIR) whose successful episodes are trained on"""
    output_dir: str = "runs/sft-oracle"
    """where the trained model and tokenizer are saved (the GRPO example's --model)"""
    limit: int | None = None
    """only the first N episodes (default: all; --smoke: 4)"""
    top_n: int = 15
    """N of the oracle's tool recall (A_0: the top N tools, the gold ones guaranteed; --smoke: 4)"""
    max_length: int | None = 8192
    """sequences are cut to this many tokens, 0 for no limit (the tool schemas are most of a prompt)"""
    epochs: float = 1.0
    """passes over the data"""
    max_steps: int = -1
    """stop after this many optimiser steps (-1: run the epochs; --smoke: 4)"""
    learning_rate: float = 1e-5
    """AdamW learning rate"""
    batch_size: int = 1
    """sequences per device per step"""
    grad_accum: int = 8
    """gradient accumulation steps (effective batch: batch_size x grad_accum x devices)"""
    bf16: bool = False
    """train in bfloat16 (GPU); the CPU trains in float32"""
    no_activation_checkpointing: bool = False
    """keep activations instead of recomputing them in the backward pass (faster, far more memory)"""
    seed: int = 0
    """seed of the data order and of the tiny model's weights"""


def parse_args(argv: list[str] | None = None) -> Args:
    """`Args` from the command line; each field's docstring is its --help."""
    docs: dict[str, str] = {}
    body = ast.parse(Path(__file__).read_text()).body
    fields = next(n for n in body if isinstance(n, ast.ClassDef) and n.name == "Args").body
    for node, nxt in zip(fields, fields[1:], strict=False):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(nxt, ast.Expr)
            and isinstance(nxt.value, ast.Constant)
        ):
            docs[node.target.id] = str(nxt.value.value)  # type: ignore[union-attr]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for f in dataclasses.fields(Args):
        flag = "--" + f.name.replace("_", "-")
        if f.type == "bool":
            parser.add_argument(flag, action="store_true", help=docs.get(f.name))
        else:
            kind = {"int": int, "int | None": int, "float": float}.get(str(f.type), str)
            parser.add_argument(flag, type=kind, default=f.default, help=docs.get(f.name))
    return Args(**vars(parser.parse_args(argv)))


def fail(message: str) -> None:
    """One error line and exit code 2 (bad arguments)."""
    print(f"sft_oracle.py: error: {message}", file=sys.stderr)
    raise SystemExit(2)


# A Qwen2.5-style chat template (what --smoke's tokenizer gets): tools listed in the system turn,
# calls as <tool_call> blocks, tool results as user turns. A real checkpoint brings its own.
SMOKE_TEMPLATE = (
    "{%- if tools %}{{ '<|im_start|>system\\n' }}"
    "{%- if messages[0].role == 'system' %}{{ messages[0].content + '\\n\\n' }}{% endif %}"
    "{{- '# Tools\\n<tools>' }}{% for t in tools %}{{ '\\n' }}{{ t | tojson }}{% endfor %}"
    "{{- '\\n</tools><|im_end|>\\n' }}"
    "{%- elif messages[0].role == 'system' %}{{ '<|im_start|>system\\n' + messages[0].content + '<|im_end|>\\n' }}"
    "{%- endif %}"
    "{%- for m in messages %}"
    "{%- if m.role == 'assistant' %}{{ '<|im_start|>assistant\\n' + m.content }}"
    "{%- for c in m.tool_calls or [] %}{% if m.content or not loop.first %}{{ '\\n' }}{% endif %}"
    '{{- \'<tool_call>\\n{"name": "\' + c.function.name + \'", "arguments": \' }}'
    "{{- c.function.arguments | tojson }}{{ '}\\n</tool_call>' }}"
    "{%- endfor %}{{ '<|im_end|>\\n' }}"
    "{%- elif m.role == 'tool' %}"
    "{{- '<|im_start|>user\\n<tool_response>\\n' + m.content + '\\n</tool_response><|im_end|>\\n' }}"
    "{%- elif not (m.role == 'system' and loop.first) %}"
    "{{- '<|im_start|>' + m.role + '\\n' + m.content + '<|im_end|>\\n' }}"
    "{%- endif %}"
    "{%- endfor %}"
    "{%- if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)


def tiny_model(path: Path, texts: list[str], seed: int) -> None:
    """A byte-level BPE trained on the system prompt, every tool schema and `texts`, and a two-layer
    Qwen2 over it, saved to `path` (nothing is downloaded)."""
    from mpb_env.rollouts.tiny import END, tiny_lm

    tiny_lm(
        texts,
        tools=("schema",),
        vocab_size=4000,
        template=SMOKE_TEMPLATE,
        eos=END,
        arch="qwen2",
        hidden_size=32,
        intermediate_size=64,
        layers=2,
        kv_heads=1,
        tie_embeddings=True,
        seed=seed,
        path=path,
    )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    t0 = time.perf_counter()

    # ---------------------------------------------------------------- 1. arguments (checked before any work)
    if args.smoke:
        args.limit = args.limit or 4
        args.top_n = 4  # short prompts: the tool schemas are most of a sequence
        args.max_steps = 4 if args.max_steps < 0 else args.max_steps
        args.max_length = None  # the tiny tokenizer's sequences are a few thousand tokens: keep them whole
        args.batch_size, args.grad_accum, args.learning_rate = 1, 1, 1e-3
        args.no_activation_checkpointing = True
    elif args.model is None:
        fail("give --model PATH (a checkpoint directory or hub id), or --smoke")
    # a path (./x, /x, ~/x, or runs/x where runs/ is here), not a hub id such as Qwen/Qwen3-0.6B
    if args.model is not None and (
        args.model.startswith((".", "/", "~")) or ("/" in args.model and Path(args.model).parent.is_dir())
    ):
        args.model = str(Path(args.model).expanduser())
        if not Path(args.model).is_dir():
            fail(f"no model directory {args.model!r}")
    args.max_length = args.max_length or None
    if args.split == "bench" and args.run_dir is None:
        fail("bench is the held-out test split: train on --split train (or dev)")
    if args.run_dir is not None and not Path(args.run_dir).is_dir():
        fail(f"no run directory {args.run_dir!r}")

    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer, TrainerCallback
    from trl import SFTConfig, SFTTrainer

    import mpb_env
    from mpb_env.rollouts.export import ExportError
    from mpb_env.rollouts.sft import sft_dataset

    # ---------------------------------------------------------------- 2. model and tokenizer (safe to change)
    if args.smoke:
        # A tiny model gains nothing from threads, and on a shared CPU they contend: 0.5 s a step with
        # one thread, 5-8 s with the default number, measured on a loaded 2-core machine.
        torch.set_num_threads(1)
    if args.smoke and args.model is None:
        args.model = str(Path(args.output_dir) / "tiny-init")
        tasks = mpb_env.load_tasks(args.split)[: 4 * args.limit]
        texts = [t.query for t in tasks] + [turn for t in tasks for turn in t.oracle]
        tiny_model(Path(args.model), texts, args.seed)
    try:
        tokenizer = AutoTokenizer.from_pretrained(args.model)
        dtype = torch.bfloat16 if args.bf16 else torch.float32
        model = AutoModelForCausalLM.from_pretrained(args.model, dtype=dtype)
    except (OSError, ValueError) as exc:  # not found (a hub id offline), not a causal LM, no tokenizer
        fail(f"cannot load model {args.model!r}: {str(exc).strip().splitlines()[0]}")
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    use_cpu = args.smoke or not torch.cuda.is_available()

    # ---------------------------------------------------------------- 3. data: episodes -> tokens and masks
    # only_success keeps the episodes the checker passed (all of the oracle's under oracle recall).
    try:
        source = {"run_dir": args.run_dir} if args.run_dir else {"split": args.split, "top_n": args.top_n}
        data = sft_dataset(
            tokenizer, **source, only_success=True, max_length=args.max_length, limit=args.limit
        )
    except (ExportError, ValueError) as exc:
        fail(str(exc))
    trained = sum(sum(m) for m in data["assistant_masks"])
    total = sum(len(ids) for ids in data["input_ids"])
    print(
        f"data: {data.num_rows} sequences from {len(set(data['task_id']))} episodes, {total} tokens, "
        f"{trained} trained ({100 * trained / max(total, 1):.1f}%)",
        flush=True,
    )

    # ---------------------------------------------------------------- 4. training (hyperparameters: safe to change)
    class PrintLoss(TrainerCallback):
        def on_log(self, _args, state, _control, logs=None, **_):
            if logs and "loss" in logs:
                print(f"step {state.global_step} loss {logs['loss']:.4f}", flush=True)

    config = SFTConfig(
        output_dir=args.output_dir,
        max_length=args.max_length,  # sft_dataset already cut to it; TRL's default (1024) would cut again
        num_train_epochs=args.epochs,
        max_steps=args.max_steps,
        learning_rate=args.learning_rate,
        per_device_train_batch_size=args.batch_size,
        gradient_accumulation_steps=args.grad_accum,
        activation_checkpointing=not args.no_activation_checkpointing,  # TRL's default: on
        bf16=args.bf16 and not use_cpu,
        use_cpu=use_cpu,
        logging_steps=1,
        save_strategy="no",
        report_to="none",
        seed=args.seed,
        disable_tqdm=True,
    )
    trainer = SFTTrainer(
        model=model, args=config, train_dataset=data, processing_class=tokenizer, callbacks=[PrintLoss()]
    )
    trainer.train()

    # ---------------------------------------------------------------- 5. save (the GRPO example's --model)
    trainer.save_model(args.output_dir)
    tokenizer.save_pretrained(args.output_dir)
    print(f"saved to {args.output_dir} ({time.perf_counter() - t0:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
