"""A tiny causal LM and tokenizer built on the spot (``mpb_env.rollouts.tiny.tiny_lm``: nothing is
downloaded), saved like a hub checkpoint so ``hf:PATH`` loads it, and a script that makes it speak:
``scripted(...)`` is a ``prefix_allowed_tokens_fn`` that allows, at each step, only the next token of
the episode's oracle turn.
The model's weights are random; the script stands in for training, so what is tested is everything
around the forward pass (chat template with tools, batching with left padding, decoding, token counts,
feeding the phone's replies back)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

from mpb_env.rollouts.tiny import END, START, TEMPLATE, tiny_lm
from mpb_env.tasks.model import Task

#: ``TEMPLATE`` with the checks of Mistral's: user and assistant turns alternate after the system
#: prompt, and a tool result needs the id of its call (which a text reply has none of).
STRICT_TEMPLATE = (
    "{%- for m in messages -%}"
    "{%- if m.role == 'tool' and m.tool_call_id is not defined -%}"
    "{{ raise_exception('Tool call IDs should be alphanumeric strings with length 9!') }}"
    "{%- elif m.role != 'system' and (m.role == 'user') != (loop.index0 % 2 == 1) -%}"
    "{{ raise_exception('Conversation roles must alternate user/assistant/user/assistant/...') }}"
    "{%- endif -%}"
    "{%- endfor -%}" + TEMPLATE
)


def build(path: Path, texts: list[str]) -> Path:
    """Train a byte-level BPE on ``texts`` (plus the prompt and every tool schema), make a one-layer
    Llama over it with seeded random weights, and save both to ``path``."""
    tiny_lm(texts, path=path)
    return path


def scripted(
    tokenizer: Any,
    episodes: list[Task],
    reply: Callable[[Task, int], str] | None = None,
    end: int | None = None,
) -> Callable[[int, torch.Tensor], list[int]]:
    """A ``prefix_allowed_tokens_fn`` that makes the model write ``reply(task, turn)`` (default: the
    task's oracle turn) and then ``end`` (default: the eos token): the episode is found by its query in
    the prompt, the turn by the assistant turns after H0."""
    by_query = {t.query: t for t in episodes}
    assert len(by_query) == len(episodes), "the scripted episodes need distinct queries"
    start = tokenizer.convert_tokens_to_ids(START)
    header = tokenizer.encode("assistant\n", add_special_tokens=False)
    eos = tokenizer.eos_token_id if end is None else end
    plans: dict[tuple[int, ...], list[int]] = {}

    def allowed(_row: int, ids: torch.Tensor) -> list[int]:
        row = ids.tolist()
        at = len(row) - 1 - row[::-1].index(start)  # the generation prompt's <|im_start|>
        prompt = tuple(row[: at + 1 + len(header)])
        target = plans.get(prompt)
        if target is None:
            text = tokenizer.decode(list(prompt), skip_special_tokens=False)
            task = next(t for q, t in by_query.items() if f"{START}user\n{q}{END}" in text)
            turn = (
                text.count(f"{START}assistant\n") - 1 - sum(1 for m in task.history if m.role == "assistant")
            )
            words = (
                reply(task, turn) if reply else (task.oracle[turn] if turn < len(task.oracle) else "Done.")
            )
            target = plans[prompt] = tokenizer.encode(words, add_special_tokens=False) + [eos]
        step = len(row) - len(prompt)
        return [target[step] if step < len(target) else eos]

    return allowed
