"""Episodes as pre-tokenised SFT examples: ``sft_dataset(tokenizer, ...)``.

Each example is one token sequence of an episode's chat rendered by the tokenizer's own chat
template, with ``input_ids``, ``attention_mask`` and ``assistant_masks`` (1 on the tokens the
assistant wrote: the trained ones). TRL's ``SFTTrainer`` (1.16) takes it as is: a dataset with
``input_ids`` is used without re-tokenising, and ``assistant_masks`` becomes its ``labels`` (-100
elsewhere). Pass the same ``max_length`` to ``SFTConfig`` (or a larger one): its default, 1024, would
cut the sequences again.

How the masks are found. The chat is rendered as a model sees it during an episode (as
``HFPolicy`` renders it): at assistant turn t, the messages so far with the tools offered at that turn
(A_t) and the generation prompt. The assistant's text is what the rendering of the chat *with* that
turn adds to the rendering without it (trailing whitespace after its end-of-turn token left out: at
inference generation stops at that token), found by comparing the rendered prefixes as strings, so
no ``{% generation %}`` markers are needed in the template. One tokenisation of the whole sequence
with character offsets then marks each token that starts inside an assistant span. The generation
prompt (``<|im_start|>assistant\\n``), the system prompt, H0 (its assistant messages included: they are
given, not the policy's), the query and every tool result are context only. Turns with a malformed
call (``malformed_turns``) are context only too.

A sequence holds as many consecutive turns as the template renders as extensions of one another.
A new sequence starts (repeating the chat so far as its context) where the rendering of the turns
before changes: when A_t grows mid-episode (a skill loaded, a permission prompt), since the template
lists the tools in the system message, or under a template that renders earlier turns differently
(Qwen3's drops their reasoning). So every trained token sees exactly the prompt it has at inference.

Chats are adapted to the template as ``HFPolicy`` adapts them: a template that renders no ``tools``
gets them listed in the system message; one that refuses ``tool`` messages gets each round of
feedback as one user message; and one that renders no ``tool_calls`` gets each call written in the
assistant's text as a ``<tool_call>{...}</tool_call>`` block (the form the system prompt asks for).

``max_length`` truncates a longer sequence to its first ``max_length`` tokens (masks with it); an
example left without a trained token is dropped (a warning says how many were cut and dropped).
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

from mpb_env.recall import DEFAULT_TOP_N
from mpb_env.rollouts.chat import _block
from mpb_env.rollouts.export import oracle_records, run_records
from mpb_env.rollouts.hf import _feedback_as_user, _reads_tools, _with_tool_listing
from mpb_env.tasks import load_tasks
from mpb_env.tasks.model import RecallMode, Task

__all__ = ["sft_dataset", "sft_examples", "sft_features"]

_PROBE = "probe_tool_zq"


def _renders_tool_calls(tokenizer: Any) -> bool:
    """Whether the chat template writes an assistant message's ``tool_calls`` (a probe call's name
    shows up in the rendering)."""
    call = {"id": "call_1_0", "type": "function", "function": {"name": _PROBE, "arguments": {}}}
    chat = [{"role": "user", "content": "u"}, {"role": "assistant", "content": "", "tool_calls": [call]}]
    try:
        text = tokenizer.apply_chat_template(chat, tokenize=False)
    except Exception:  # a template that refuses the probe cannot be relied on to render calls
        return False
    return isinstance(text, str) and _PROBE in text


def _calls_as_text(message: dict[str, Any]) -> dict[str, Any]:
    """An assistant message with its ``tool_calls`` written into its text as ``<tool_call>`` blocks."""
    blocks = [
        _block({"name": c["function"]["name"], "arguments": c["function"]["arguments"]})
        for c in message["tool_calls"]
    ]
    content = message.get("content") or ""
    return {"role": "assistant", "content": "\n".join([content, *blocks] if content else blocks)}


class _Renderer:
    """Renders chats with one tokenizer's template, adapted as ``HFPolicy`` adapts them."""

    def __init__(self, tokenizer: Any) -> None:
        if not getattr(tokenizer, "chat_template", None):
            raise ValueError("the tokenizer has no chat template")
        if not getattr(tokenizer, "is_fast", False):
            raise ValueError(
                "sft_dataset needs a fast tokenizer (it maps tokens to characters by their offsets)"
            )
        self.tokenizer = tokenizer
        self.reads_tools = _reads_tools(tokenizer)
        self.renders_calls = _renders_tool_calls(tokenizer)

    def chat(self, record: dict[str, Any]) -> list[dict[str, Any]]:
        """The record's messages as this template takes them (feedback as user messages where it
        refuses ``tool`` messages)."""
        messages = [
            _calls_as_text(m)
            if m["role"] == "assistant" and m.get("tool_calls") and not self.renders_calls
            else m
            for m in record["messages"]
        ]
        tools = record["tools"] or None
        try:
            self.render(messages, tools, False)
            return messages
        except Exception as exc:
            merged = _feedback_as_user(messages)
            if merged is None:
                raise ValueError(f"the chat template cannot render {record['task_id']}: {exc}") from exc
            self.render(merged, tools, False)
            return merged

    def render(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None, gen: bool) -> str:
        """The template's text of ``messages`` with ``tools`` (and the generation prompt with ``gen``)."""
        if tools and not self.reads_tools:
            messages, tools = _with_tool_listing(messages, tools), None
        text = self.tokenizer.apply_chat_template(
            messages, tools=tools or None, tokenize=False, add_generation_prompt=gen
        )
        if not isinstance(text, str):
            raise TypeError(f"apply_chat_template returned {type(text).__name__}, not text")
        return text


def _segments(
    renderer: _Renderer, record: dict[str, Any]
) -> list[tuple[str, list[tuple[int, int]], list[int]]]:
    """The record's sequences: ``(text, assistant character spans, the turns they hold)``."""
    messages = renderer.chat(record)
    schemas = {t["function"]["name"]: t for t in record["tools"]}
    start = record["prompt_messages"]
    turns = [k for k in range(start, len(messages)) if messages[k]["role"] == "assistant"]
    malformed = set(record.get("malformed_turns", ()))
    out: list[tuple[str, list[tuple[int, int]], list[int]]] = []
    text: str | None = None
    for t, k in enumerate(turns):
        names = record["turn_tools"][t] if t < len(record["turn_tools"]) else record["turn_tools"][-1]
        tools = [schemas[n] for n in names]
        before = renderer.render(messages[:k], tools, True)
        after = renderer.render(messages[: k + 1], tools, False)
        if not after.startswith(before):
            raise ValueError(
                f"{record['task_id']}: the chat template renders turn {t + 1} so that the prompt before it "
                "is not a prefix of the chat with it; its tokens cannot be told apart"
            )
        end = max(len(before), len(after.rstrip()))
        if text is None or not before.startswith(text):
            out.append((after, [], []))  # the turns before are rendered otherwise now: a new sequence
        else:
            out[-1] = (after, out[-1][1], out[-1][2])
        if t not in malformed:
            out[-1][1].append((len(before), end))
            out[-1][2].append(t)
        text = after
    return [seg for seg in out if seg[1]]


def _tokenise(tokenizer: Any, text: str, spans: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """Token ids of ``text`` and their mask: 1 for each token starting inside one of ``spans``."""
    enc = tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
    ids, offsets = enc["input_ids"], enc["offset_mapping"]
    mask, j = [], 0
    for s, _e in offsets:
        while j < len(spans) and s >= spans[j][1]:
            j += 1
        mask.append(int(j < len(spans) and spans[j][0] <= s))
    return list(ids), mask


def sft_examples(
    tokenizer: Any, records: list[dict[str, Any]], max_length: int | None = None
) -> list[dict[str, Any]]:
    """The SFT examples of export ``records`` (see the module docs), as plain dicts."""
    renderer = _Renderer(tokenizer)
    out, cut, dropped = [], 0, 0
    for record in records:
        for index, (text, spans, held) in enumerate(_segments(renderer, record)):
            ids, mask = _tokenise(tokenizer, text, spans)
            if max_length is not None and len(ids) > max_length:
                cut += 1
                ids, mask = ids[:max_length], mask[:max_length]
                if not any(mask):
                    dropped += 1
                    continue
            out.append(
                {
                    "input_ids": ids,
                    "attention_mask": [1] * len(ids),
                    "assistant_masks": mask,
                    "task_id": record["task_id"],
                    "dimension": record["dimension"],
                    "category": record["category"],
                    "bucket": record["bucket"],
                    "success": record["success"],
                    "reward": record["reward"],
                    "segment": index,
                    "turns": held,
                }
            )
    if cut:
        warnings.warn(
            f"{cut} sequences were longer than max_length={max_length} and were cut"
            + (f"; {dropped} of them kept no assistant token and were dropped" if dropped else ""),
            stacklevel=2,
        )
    return out


def sft_features() -> Any:
    """The ``datasets.Features`` of ``sft_dataset``'s columns."""
    from datasets import Features, List, Value

    return Features(
        {
            "input_ids": List(Value("int32")),
            "attention_mask": List(Value("int8")),
            "assistant_masks": List(Value("int8")),
            "task_id": Value("string"),
            "dimension": Value("string"),
            "category": Value("string"),
            "bucket": Value("string"),
            "success": Value("bool"),
            "reward": Value("float64"),
            "segment": Value("int32"),
            "turns": List(Value("int32")),
        }
    )


def sft_dataset(
    tokenizer: Any,
    split: str | None = None,
    *,
    run_dir: str | Path | None = None,
    tasks: list[Task] | None = None,
    records: list[dict[str, Any]] | None = None,
    only_success: bool = True,
    max_length: int | None = None,
    limit: int | None = None,
    recall: RecallMode = "bm25",
    top_n: int = DEFAULT_TOP_N,
) -> Any:
    """A ``datasets.Dataset`` of pre-tokenised SFT examples (``input_ids``, ``attention_mask``,
    ``assistant_masks``, and the episode's ``task_id``, ``dimension``, ``category``, ``bucket``,
    ``success``, ``reward``, ``segment``, ``turns``) that TRL's ``SFTTrainer`` trains on as is.

    Args:
        tokenizer: a fast tokenizer with a chat template (the model's own).
        split: the oracle's episodes over this split (default ``"train"`` when no other source is
            given; under the env's default recall, as ``mpb eval --policy oracle`` plays them).
        run_dir: instead, the episodes of a run directory (``mpb eval --out``), replayed and checked
            (``export.run_records``).
        tasks: instead, the oracle's episodes over these tasks (with ``run_dir``: where its tasks are).
        records: instead, export records (e.g. ``export.read_export(DIR)``).
        only_success: keep only episodes the checker passed (rejection-sampling SFT).
        max_length: cut longer sequences to this many tokens (pass it to ``SFTConfig`` too).
        limit: only the first ``limit`` episodes (after the success filter).
        recall, top_n: the oracle's A_0 (``export.oracle_records``); a run is replayed with its own.

    Raises:
        ValueError: more than one source, a tokenizer without a chat template or not fast, or a
            template whose renderings cannot be told apart (see the module docs).
        export.ExportError: a run directory that cannot be exported.
    """
    from datasets import Dataset

    given = [
        name for name, v in (("split", split), ("run_dir", run_dir), ("records", records)) if v is not None
    ]
    if tasks is not None and run_dir is None:
        given.append("tasks")
    if len(given) > 1:
        raise ValueError(f"give one source of episodes, not {' and '.join(given)}")
    if records is None:
        if run_dir is not None:
            records = run_records(run_dir, tasks=tasks, only_success=only_success)
        else:
            records = oracle_records(
                tasks if tasks is not None else load_tasks(split or "train"),
                recall=recall,
                top_n=top_n,
                only_success=only_success,
            )
    elif only_success:
        records = [r for r in records if r["success"]]
    if limit is not None:
        records = records[:limit]
    examples = sft_examples(tokenizer, records, max_length)
    features = sft_features()
    return Dataset.from_dict({name: [e[name] for e in examples] for name in features}, features=features)
