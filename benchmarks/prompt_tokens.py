"""Turn-0 prompt tokens under both tool formats, and token-faithful rollout throughput.

Prompt tokens: every episode of the bench split is reset under ``tool_format="schema"`` (A_0's JSON
schemas passed to the chat template as ``tools``) and ``"compact"`` (one line per tool in the system
message), rendered by a Hermes-style chat template (tools as one JSON line each in the system turn, as
Qwen's template writes them) and tokenised; medians over the split and their ratio. No tokenizer is
downloaded: a byte-level BPE (vocabulary 8,000) is trained here on the task texts, the system prompt and
both renderings of every tool, so neither format is favoured by what the tokenizer has seen.

Rollouts: ``rollout_tokens`` with a random-weight one-layer Llama over that tokenizer (``HFBackend``,
sampling at temperature 1; replies rarely call a tool, so episodes are short), and with a backend that
replays the tasks' oracles token by token (every turn of every episode runs, so the rollout layer's own
cost shows: env steps, template renders and tokenisation). Reported: episodes and generated tokens per
second, and the share of wall time spent in the env, the template and generation.

    python benchmarks/prompt_tokens.py [--json] [--quick]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from mpb_env.rollouts import tiny
from mpb_env.rollouts.tiny import END, START, tiny_lm

#: A Hermes-style template (``tiny.TEMPLATE``, the tests' ``hf_model.TEMPLATE``): tools as JSON in the
#: system turn with no preamble (Qwen's adds ~90 tokens of instructions around them, which would only
#: favour compact), tool results as user turns. The tools' loop differs: the chat template's
#: ``trim_blocks`` eats the newline after ``{% for %}``, so here the tools' JSON objects stand with no
#: newline between them (every figure so far is measured with this one).
TEMPLATE = tiny.TEMPLATE.replace(
    "<tools>\n{% for t in tools %}{{ t | tojson }}\n{% endfor %}</tools>",
    "<tools>{% for t in tools %}\n{{ t | tojson }}{% endfor %}\n</tools>",
)


def build_tiny(vocab: int = 8000) -> tuple[Any, Any]:
    """The BPE tokenizer (with ``TEMPLATE``) and the one-layer Llama of the rollouts."""
    from mpb_env.tasks import load_tasks

    texts = [
        *(t.query for split in ("bench", "train") for t in load_tasks(split)),
        *(m.content for t in load_tasks("bench") for m in t.history),
    ]
    return tiny_lm(texts, tools=("function", "compact"), vocab_size=vocab, template=TEMPLATE,
                   hidden_size=64,
                   intermediate_size=128, heads=4)  # fmt: skip


def prompt_tokens(tok: Any, step: int) -> dict[str, Any]:
    import gymnasium as gym

    from mpb_env.rollouts.chat import tool_entries
    from mpb_env.tasks import load_tasks
    from mpb_env.tasks.model import episodes

    plan = episodes(load_tasks("bench"))[::step]
    counts: dict[str, list[int]] = {}
    for fmt in ("schema", "compact"):
        env = gym.make("mpb/MobilePA-v0", split="bench", tool_format=fmt)
        counts[fmt] = []
        for task in plan:
            _, info = env.reset(options={"task_id": task.id})
            tools = tool_entries(info["tools"]) if fmt == "schema" else None
            text = tok.apply_chat_template(
                info["messages"], tools=tools, add_generation_prompt=True, tokenize=False
            )
            counts[fmt].append(len(tok(text, add_special_tokens=False)["input_ids"]))
    schema, compact = statistics.median(counts["schema"]), statistics.median(counts["compact"])
    per_episode = [c / s for c, s in zip(counts["compact"], counts["schema"], strict=True)]
    return {
        "episodes": len(plan),
        "schema_median": schema,
        "compact_median": compact,
        "compact_over_schema": round(compact / schema, 4),
        "median_of_ratios": round(statistics.median(per_episode), 4),
        "max_ratio": round(max(per_episode), 4),
    }


class OracleReplay:
    """A backend that writes each episode's oracle turn token by token (logprobs 0)."""

    def __init__(self, tok: Any, tasks: list[Any]) -> None:
        self.tok, self.by_query = tok, {t.query: t for t in tasks}
        self.stop_ids = [tok.eos_token_id]

    def generate(self, prompts: list[list[int]], limits: list[int], seeds: list[int]) -> list[Any]:
        out = []
        for prompt, limit in zip(prompts, limits, strict=True):
            text = self.tok.decode(prompt)
            task = next(t for q, t in self.by_query.items() if f"{START}user\n{q}{END}" in text)
            turn = text.count(f"{START}assistant\n") - 1 - sum(m.role == "assistant" for m in task.history)
            reply = task.oracle[turn] if turn < len(task.oracle) else "Done."
            ids = (self.tok.encode(reply, add_special_tokens=False) + [self.tok.eos_token_id])[:limit]
            out.append((ids, [0.0] * len(ids)))
        return out


def rollouts(tok: Any, model: Any, quick: bool) -> dict[str, Any]:
    from mpb_env.rollouts.tokens import HFBackend, rollout_tokens
    from mpb_env.tasks import load_tasks
    from mpb_env.tasks.model import episodes

    out: dict[str, Any] = {}
    plan = [t for t in episodes(load_tasks("bench"))[::37]]
    plan = list({t.query: t for t in plan}.values())[: 16 if quick else 48]
    groups = plan[: 4 if quick else 8]
    cases = {
        "tiny_model": (HFBackend(model, tok, temperature=1.0), [t.id for t in groups for _ in range(4)], 64),
        "oracle_replay": (OracleReplay(tok, plan), [t.id for t in plan], 512),
    }
    for name, (backend, ids, turn_tokens) in cases.items():
        for fmt in ("compact", "schema"):
            rollout_tokens(ids[:2], tokenizer=tok, backend=backend, split="bench", recall="oracle",
                           tool_format=fmt, max_turn_tokens=8, max_episode_tokens=32768)  # fmt: skip
            timings: dict[str, float] = {}
            started = time.perf_counter()
            eps = rollout_tokens(ids, tokenizer=tok, backend=backend, split="bench", recall="oracle",
                                 tool_format=fmt, max_turn_tokens=turn_tokens, max_episode_tokens=32768,
                                 timings=timings)  # fmt: skip
            wall = time.perf_counter() - started
            generated = sum(sum(e.env_mask) for e in eps)
            turns = sum(e.turns for e in eps)
            out[f"{name}.{fmt}"] = {
                "episodes": len(eps),
                "turns": turns,
                "generated_tokens": generated,
                "reward_mean": round(sum(e.reward for e in eps) / len(eps), 3),
                "wall_s": round(wall, 3),
                "episodes_per_s": round(len(eps) / wall, 2),
                "generated_tokens_per_s": round(generated / wall, 1),
                "env_share": round(timings["env"] / timings["total"], 4),
                "template_share": round(timings["template"] / timings["total"], 4),
                "generate_share": round(timings["generate"] / timings["total"], 4),
                "layer_ms_per_turn": round(1000 * (timings["env"] + timings["template"]) / max(turns, 1), 3),
            }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--quick", action="store_true", help="every 8th bench episode, fewer rollouts")
    args = parser.parse_args(argv)
    tok, model = build_tiny()
    report = {
        "tokenizer": {"kind": "byte-level BPE trained here", "vocab": len(tok)},
        "prompt_tokens": prompt_tokens(tok, 8 if args.quick else 1),
        "rollouts": rollouts(tok, model, args.quick),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    p = report["prompt_tokens"]
    print(f"turn-0 prompt tokens over {p['episodes']} bench episodes (tokenizer: {len(tok)} BPE tokens)")
    print(f"  schema median  {p['schema_median']:>8}")
    print(f"  compact median {p['compact_median']:>8}")
    print(f"  compact / schema {p['compact_over_schema']:.3f} (median of per-episode ratios "
          f"{p['median_of_ratios']:.3f}, max {p['max_ratio']:.3f})")  # fmt: skip
    print("rollout_tokens")
    for name, r in report["rollouts"].items():
        print(f"  {name:<22} {r['episodes']:>3} episodes {r['turns']:>4} turns  {r['episodes_per_s']:>7} ep/s  "
              f"{r['generated_tokens_per_s']:>8} gen tok/s  env {r['env_share']:.1%}  template "
              f"{r['template_share']:.1%}  generate {r['generate_share']:.1%}  "
              f"layer {r['layer_ms_per_turn']} ms/turn")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
