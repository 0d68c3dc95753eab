"""A tiny causal LM and tokenizer built on the spot from code, for tests, smoke runs and benchmarks.

``tiny_lm(texts)`` trains a byte-level BPE on the system prompt, ``texts`` and every tool of the catalog
(rendered as ``tools``), gives it a chat template, and makes a small Llama or Qwen2 over it with seeded
random weights; with ``path`` both are saved there like a hub checkpoint, so ``hf:PATH`` and
``from_pretrained(PATH)`` load them. Nothing is downloaded. The same arguments and seed give the same
tokenizer and the same weights.

Needs the ``hf`` extra (torch, transformers).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from transformers import PreTrainedModel, PreTrainedTokenizerFast

EOS, START, END = "<|endoftext|>", "<|im_start|>", "<|im_end|>"
#: A Hermes-style template (as Qwen's): tools as one JSON line each in the system turn, with no preamble,
#: tool results as user turns.
TEMPLATE = (
    "{%- for m in messages -%}"
    "{%- if loop.first and m.role == 'system' -%}"
    "<|im_start|>system\n{{ m.content }}"
    "{%- if tools %}\n<tools>\n{% for t in tools %}{{ t | tojson }}\n{% endfor %}</tools>{% endif -%}"
    "<|im_end|>\n"
    "{%- elif m.role == 'tool' -%}"
    "<|im_start|>user\n<tool_response>\n{{ m.content }}\n</tool_response><|im_end|>\n"
    "{%- else -%}"
    "<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n"
    "{%- endif -%}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt %}<|im_start|>assistant\n{% endif -%}"
)

#: How each catalog tool is written into the tokenizer's corpus: the ``function`` object's JSON (what a
#: chat template's ``tools`` shows), the whole schema's JSON, or the compact one-line form.
ToolText = Literal["function", "schema", "compact"]


def tiny_lm(
    texts: Sequence[str] = (),
    *,
    tools: Sequence[ToolText] = ("function",),
    vocab_size: int = 3000,
    template: str = TEMPLATE,
    eos: Literal["<|endoftext|>", "<|im_end|>"] = EOS,
    arch: Literal["llama", "qwen2"] = "llama",
    hidden_size: int = 16,
    intermediate_size: int = 32,
    layers: int = 1,
    heads: int = 2,
    kv_heads: int | None = None,
    max_positions: int = 32768,
    tie_embeddings: bool = False,
    seed: int = 0,
    path: Path | None = None,
) -> tuple[PreTrainedTokenizerFast, PreTrainedModel]:
    """Build a byte-level BPE tokenizer and a random-weight causal LM over it.

    Args:
        texts: extra training text for the tokenizer (task queries, histories, oracle turns), after
            the system prompt.
        tools: how every catalog tool is added to the corpus, each form in turn (see ``ToolText``).
        vocab_size: the BPE's vocabulary size (special tokens included).
        template: the chat template (default ``TEMPLATE``).
        eos: the end token: ``<|endoftext|>`` (also the pad token) or ``<|im_end|>`` (the end of a
            turn, with ``<|endoftext|>`` as pad).
        arch: ``llama`` (``LlamaForCausalLM``) or ``qwen2`` (``Qwen2ForCausalLM``).
        hidden_size: the model's width.
        intermediate_size: the MLP's width.
        layers: the number of decoder layers.
        heads: the number of attention heads.
        kv_heads: the number of key/value heads (default: ``heads``).
        max_positions: ``max_position_embeddings``.
        tie_embeddings: share the input embedding and the output head.
        seed: ``torch.manual_seed`` before the weights are drawn (it seeds torch's global generator).
        path: if given, the tokenizer and the model are saved there (``save_pretrained``).

    Returns:
        The tokenizer (``<|im_start|>`` and ``<|im_end|>`` are special tokens) and the model, with the
        model's and its generation config's eos and pad ids set to the tokenizer's.
    """
    import orjson
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import (
        LlamaConfig,
        LlamaForCausalLM,
        PreTrainedTokenizerFast,
        Qwen2Config,
        Qwen2ForCausalLM,
    )

    from mpb_env.domains import catalog
    from mpb_env.prompts import SYSTEM_PROMPT, compact_tool

    specs = list(catalog().values())
    render = {
        "function": lambda s: orjson.dumps(s.schema["function"]).decode(),
        "schema": lambda s: orjson.dumps(s.schema).decode(),
        "compact": lambda s: compact_tool(s.schema),
    }
    corpus = [SYSTEM_PROMPT, *texts, *(render[form](s) for form in tools for s in specs)]
    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=[EOS, START, END],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    bpe.train_from_iterator(corpus, trainer)
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=bpe, eos_token=eos, pad_token=EOS, additional_special_tokens=[START, END]
    )
    tokenizer.chat_template = template

    config_cls, model_cls = (
        (LlamaConfig, LlamaForCausalLM) if arch == "llama" else (Qwen2Config, Qwen2ForCausalLM)
    )
    torch.manual_seed(seed)
    config = config_cls(
        vocab_size=len(tokenizer),
        hidden_size=hidden_size,
        intermediate_size=intermediate_size,
        num_hidden_layers=layers,
        num_attention_heads=heads,
        num_key_value_heads=heads if kv_heads is None else kv_heads,
        max_position_embeddings=max_positions,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
        bos_token_id=None,
        tie_word_embeddings=tie_embeddings,
    )
    model = model_cls(config)
    model.generation_config.eos_token_id = tokenizer.eos_token_id
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    if path is not None:
        tokenizer.save_pretrained(path)
        model.save_pretrained(path)
    return tokenizer, model
