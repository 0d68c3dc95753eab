"""A policy that runs a causal LM in-process with ``transformers`` (``--policy hf:PATH``): a hub id or a
local checkpoint with a chat template.

Each episode is one chat rendered by the tokenizer's own chat template with the current action set as
``tools`` (so the model sees its tools as it was trained to), and the model's reply text is the action:
chat templates of tool-calling models (Qwen, Hermes, Llama 3.1+, Mistral) teach ``<tool_call>{...}``
blocks or a bare JSON call, both of which the phone parses (the reply is decoded without special tokens,
its ``<tool_call>`` and ``<think>`` tags kept where a tokenizer counts them among those). A reply is kept
in the chat as the model wrote it, a ``<think>`` block included (Qwen3's template splits it off into the
reasoning it shows for the turns after the user's query), and sent to the phone without its reasoning
(after a prompt that ends in a ``<think>`` the template opened, a reply cut off before its ``</think>`` is
all reasoning: an empty final message, as a server's reasoning parser reads it). The phone's feedback goes
back as one ``tool`` message per call, named after the tool (the role those templates render as tool
results). A template that refuses ``tool`` messages (Mistral's wants ids of its own on them, Gemma's only
alternating user and assistant turns) gets each round of feedback as one user message instead, the
observation as the phone wrote it; a template that cannot render the chat either way raises
``PolicyError`` naming the template's complaint. A template that renders no ``tools`` at all (a chat
template without tool support) gets the current tools listed in the system message instead, as the chat
policy's text mode lists them: else the model would be asked to call tools it is never shown. Under
``tool_format="compact"`` (``run(..., tool_format="compact")``; the start info says ``"tool_format":
"compact"``) the env's system message lists the tools one line each, so the template is given no
``tools`` at all, and the tools a skill adds come in the feedback of the call that added them.

A batch is generated together, left-padded (position ids follow the attention mask), in chunks of
``batch_size`` rows. Greedy by default; with ``temperature > 0`` each row samples from a random stream of
its own, seeded from ``seed``, its task id and its turn (``_RowSampler``), so its draws do not depend on
which rows share its chunk, each turn gets draws of its own, and the caller's random state is left as it
was (beam sampling, ``num_beams > 1`` in ``generate_kwargs``, is ``generate``'s own, seeded per chunk).
Two episodes of one task share their draws. The model's ``generation_config`` supplies what is not set
here (``top_k``, ``min_p``, ``repetition_penalty``, its end-of-turn ids, to which the tokenizer's eos is
added), as a server started from the checkpoint does: a ``top_k`` neither sets is none (transformers
5 leaves it unset in a checkpoint's config; 4.x fills in 50 there).

A row's logits in a padded batch are not bit-for-bit those it gets alone (other matrix shapes, other
summation orders), so a near-tie may go the other way in another batch layout, and the trajectory then
differs from there on. With a small random-weight Llama on CPU (whose near-uniform logits make ties far
likelier than a trained model's) the logits were up to about 1e-6 apart in float32 and 1e-2 in bfloat16;
no episode of 16 changed in float32, and in bfloat16 1 to 3 of 16 greedy ones did (none sampled).
``batch_size=1`` generates every row alone: the same trajectories whatever the run's batch size, workers
or executor, at the cost of throughput.

``output_tokens`` are the tokens generated up to the end-of-turn token, that token included (a turn a
``stop_strings`` match ends has none, whether the strings come from ``generate_kwargs`` or the
checkpoint's generation config). An episode whose prompt grows longer than ``max_prompt_tokens`` ends
there (an empty final message, so it fails, with a warning naming it) rather than silently dropping the
start of the conversation; the other rows of its batch are generated as usual. A failed ``generate``
(e.g. out of memory) raises ``PolicyError``: the run stops and ``--resume`` continues it.

Needs ``torch`` and ``transformers`` (``pip install 'mobilepa-gym[hf]'``).
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from mpb_env.rollouts.chat import (
    Completion,
    PolicyError,
    _tool_listing,
    context_overflow,
    feedback_entries,
    opens_reasoning,
    request_seed,
    slot_chats,
    tool_entries,
    without_reasoning,
)
from mpb_env.rollouts.runner import first_line

__all__ = ["HFPolicy"]

#: ``generate`` arguments the policy supplies itself from the chat (not settable by ``generate_kwargs``).
_OWN_INPUTS = frozenset({"input_ids", "attention_mask", "inputs"})
#: Tags the phone and the reasoning split read in a reply: kept where a tokenizer marks them special (as
#: fine-tunes that add them often do), where decoding without special tokens would drop them and turn
#: every call into plain text (vLLM's Hermes parser keeps special tokens for the same reason).
_KEPT_TAGS = ("<tool_call>", "</tool_call>", "<think>", "</think>")
#: Config fields that hold a model's context length, by model family.
_CONTEXT_FIELDS = ("max_position_embeddings", "n_positions", "max_sequence_length", "seq_length")


class HFPolicy:
    """A policy backed by a ``transformers`` causal LM.

    Args:
        model: a hub id or checkpoint directory, or a loaded ``PreTrainedModel`` (put in eval mode
            while it generates, and back in the mode it was in after).
        tokenizer: its tokenizer (default: loaded from ``model`` when that is a path or id).
        device: ``"cpu"``, ``"cuda"``, ``"cuda:1"``, ... (default: CUDA when available for a model
            loaded here; a loaded model stays where it is unless ``device`` is given).
        dtype: the weights' dtype when loading (``"auto"``, ``"bfloat16"``, ``"float32"``, ...).
        max_new_tokens: the most tokens one reply may generate.
        temperature: 0 for greedy decoding (the default), else the sampling temperature.
        top_p: nucleus sampling when sampling.
        seed: the base of each row's sampling seed (with its task id and turn).
        batch_size: rows generated together (1: each alone, bit-for-bit independent of the batch
            layout; see the module docs).
        max_prompt_tokens: the longest prompt accepted (default: the model's context length, less
            ``max_new_tokens``).
        generate_kwargs: extra ``model.generate`` arguments (e.g. a ``logits_processor``); they override
            the settings above (``max_new_tokens``, ``do_sample``, ...).
        trust_remote_code: passed to ``from_pretrained``.

    Raises:
        ValueError: a bad setting, or a model that cannot be loaded (one line).
        ImportError: torch or transformers is missing.
    """

    info_keys = ("messages", "tools", "tool_format")

    def __init__(
        self,
        model: Any,
        *,
        tokenizer: Any = None,
        device: str | None = None,
        dtype: str = "auto",
        max_new_tokens: int = 512,
        temperature: float = 0.0,
        top_p: float | None = None,
        seed: int = 0,
        batch_size: int = 8,
        max_prompt_tokens: int | None = None,
        generate_kwargs: dict[str, Any] | None = None,
        trust_remote_code: bool = False,
    ) -> None:
        if max_new_tokens < 1 or batch_size < 1:
            raise ValueError("max_new_tokens and batch_size must be >= 1")
        if not 0.0 <= temperature <= 2.0:
            raise ValueError(f"temperature must be in [0, 2], got {temperature}")
        if top_p is not None and not 0.0 < top_p <= 1.0:
            raise ValueError(f"top_p must be in (0, 1], got {top_p}")
        prompt_limit_given = max_prompt_tokens is not None
        if max_prompt_tokens is not None and max_prompt_tokens < 1:
            raise ValueError(f"max_prompt_tokens must be >= 1, got {max_prompt_tokens}")
        own = sorted(_OWN_INPUTS.intersection(generate_kwargs or {}))
        if own:
            raise ValueError(
                f"generate_kwargs cannot set {', '.join(own)}: the policy builds them from the chat"
            )
        try:
            import torch
            import transformers
        except ImportError as exc:
            raise ImportError(
                "the hf policy needs torch and transformers: pip install 'mobilepa-gym[hf]'"
            ) from exc
        if device is not None:  # before loading: a typo should not cost a model download
            _check_device(torch, device)
        loaded_here = isinstance(model, str)
        if isinstance(model, str):
            if not model.strip():
                raise ValueError("the hf policy needs a model path or hub id, e.g. hf:Qwen/Qwen3-0.6B")
            name = model
            if model.startswith((".", "/", "~")):
                model = str(Path(model).expanduser())  # from_pretrained would read "~/x" as a hub id
                if not Path(model).is_dir():
                    raise ValueError(f"no model directory {name!r}")
            try:
                if tokenizer is None:
                    tokenizer = transformers.AutoTokenizer.from_pretrained(
                        model, trust_remote_code=trust_remote_code
                    )
            except ImportError:
                raise
            except Exception as exc:  # not found, offline, no tokenizer files
                raise ValueError(f"cannot load model {name!r}: {first_line(exc)}") from None
            _check_template(tokenizer, name)  # before the weights, which may be gigabytes
            try:
                model = transformers.AutoModelForCausalLM.from_pretrained(
                    model, dtype=dtype, trust_remote_code=trust_remote_code
                )
            except ImportError:
                raise
            except Exception as exc:  # not a causal LM, a bad dtype, a broken checkpoint
                raise ValueError(f"cannot load model {name!r}: {first_line(exc)}") from None
        else:
            name = getattr(getattr(model, "config", None), "name_or_path", "") or type(model).__name__
            if tokenizer is None:
                raise ValueError("give the tokenizer of a loaded model")
            _check_template(tokenizer, name)
        if tokenizer.pad_token_id is None:
            if tokenizer.eos_token is None:
                raise ValueError(f"the tokenizer of {name!r} has neither a pad nor an eos token")
            tokenizer.pad_token = tokenizer.eos_token
        if device is None and loaded_here:
            device = "cuda" if torch.cuda.is_available() else "cpu"
        if device is not None:
            try:
                model = model.to(device)
            except Exception as exc:  # e.g. a quantized or device_map-dispatched model
                raise ValueError(f"cannot move the model to {device}: {first_line(exc)}") from None
        self.torch = torch
        self.name = name
        self.model = model  # in eval mode while generating only: a model being trained stays in training
        self.device = str(self.model.device)
        self.tokenizer = tokenizer
        self.max_new_tokens = max_new_tokens
        # as floats: temperature=0 and 0.0 are one setting, and the label must say so on resume
        self.temperature = temperature = float(temperature)
        self.top_p = top_p = None if top_p is None else float(top_p)
        self.seed = seed
        self.batch_size = batch_size
        self.generate_kwargs = dict(generate_kwargs or {})
        context = _context_length(model.config)
        if max_prompt_tokens is None and context is not None:
            max_prompt_tokens = context - max_new_tokens
            if max_prompt_tokens < 1:
                raise ValueError(
                    f"max_new_tokens={max_new_tokens} leaves no room for a prompt in the context of "
                    f"{name!r} ({context} tokens)"
                )
        self.max_prompt_tokens = max_prompt_tokens
        generation_config = getattr(model, "generation_config", None)
        self._stops = frozenset(
            {tokenizer.eos_token_id, tokenizer.pad_token_id}
            | set(_ids(getattr(generation_config, "eos_token_id", None)))
            | set(_ids(self.generate_kwargs.get("eos_token_id")))
        ) - {None}
        self._tags = _special_tags(tokenizer)
        #: What ends a turn besides its end token: the caller's ``stop_strings``, else those of the
        #: generation config ``generate`` uses.
        self._stop_strings = (
            self.generate_kwargs["stop_strings"]
            if "stop_strings" in self.generate_kwargs
            else getattr(self._config(self.generate_kwargs), "stop_strings", None)
        )
        self._reads_tools = _reads_tools(tokenizer)
        weights = str(getattr(model, "dtype", dtype)).removeprefix("torch.")
        # max_prompt_tokens when given (the default follows from the model and max_new_tokens)
        extra = f",max_prompt_tokens={max_prompt_tokens}" if prompt_limit_given else ""
        if self.generate_kwargs:  # callables by their type: a label must not name memory addresses
            described = orjson.dumps(
                self.generate_kwargs, default=lambda v: type(v).__name__, option=orjson.OPT_SORT_KEYS
            )
            extra += f",generate_kwargs={described.decode()}"
        self.label = (
            f"hf:{name}(temperature={temperature},max_new_tokens={max_new_tokens},top_p={top_p},"
            f"seed={seed},dtype={weights}{extra})"
        )
        self._chats: dict[int, dict[str, Any]] = {}

    # ------------------------------------------------------------------ protocol
    def reset(self, slot: int, info: dict[str, Any]) -> None:
        compact = info.get("tool_format") == "compact"  # the tools are listed in the system message
        self._chats[slot] = {
            "messages": [dict(m) for m in info["messages"]],
            "tools": [] if compact else tool_entries(info.get("tools", [])),
            "compact": compact,
            "started": False,
        }

    def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
        rows: list[tuple[dict[str, Any], str]] = []
        known: dict[int, str] = {}  # entries whose turn was already answered (a repeated call)
        for i, (chat, obs, info) in enumerate(
            zip(slot_chats(self._chats, observations, infos), observations, infos, strict=True)
        ):
            turn = info.get("turn")
            if chat["started"] and chat.get("turn", -1) == turn:  # the executor's retry: same turn
                if chat.get("answer") is not None:
                    known[i] = chat["answer"]
                    continue
            else:
                if chat["started"]:
                    chat["messages"] += _feedback(obs)
                chat["started"] = True
                chat["turn"], chat["answer"] = turn, None
                if "tools" in info and not chat["compact"]:
                    chat["tools"] = tool_entries(info["tools"])
            rows.append((chat, f"{info.get('task_id', '')}#{info.get('turn', 0)}"))
        replies: list[str] = []
        for k in range(0, len(rows), self.batch_size):
            chunk = rows[k : k + self.batch_size]
            got = self._generate(chunk)
            for (chat, _key), reply in zip(chunk, got, strict=True):
                chat["answer"] = reply
            replies += got
        new = iter(replies)
        return [known[i] if i in known else next(new) for i in range(len(observations))]

    # ------------------------------------------------------------------ internals
    def _render(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None) -> str:
        prompt = self.tokenizer.apply_chat_template(
            messages, tools=tools, add_generation_prompt=True, tokenize=False
        )
        if not isinstance(prompt, str):
            raise TypeError(f"apply_chat_template returned {type(prompt).__name__}, not the prompt text")
        return prompt

    def _prompt(self, chat: dict[str, Any]) -> str:
        """The chat as the template renders it: feedback as ``tool`` messages, else as user messages;
        the tools in the system message where the template renders no ``tools``."""
        tools = chat["tools"] or None
        messages = chat["messages"]
        if tools and not self._reads_tools:
            messages, tools = _with_tool_listing(messages, tools), None
        try:
            return self._render(messages, tools)
        except Exception as exc:  # a template's raise_exception(...) or a failed expression in it
            error = exc
        merged = _feedback_as_user(messages)
        if merged is not None:
            with contextlib.suppress(Exception):
                return self._render(merged, tools)
        raise PolicyError(
            f"the chat template of {self.name!r} cannot render the conversation: "
            f"{type(error).__name__}: {first_line(error)}"
        ) from error

    def _generate(self, rows: list[tuple[dict[str, Any], str]]) -> list[Completion]:
        tok = self.tokenizer
        texts = [self._prompt(chat) for chat, _ in rows]
        prompts = tok(texts, add_special_tokens=False)["input_ids"]
        opened = [opens_reasoning(text) for text in texts]
        limit = self.max_prompt_tokens
        over = {k for k, ids in enumerate(prompts) if limit is not None and len(ids) > limit}
        if not over:
            return self._generate_rows(rows, prompts, opened)
        # an episode the model can no longer read ends; the others go on
        kept = [k for k in range(len(rows)) if k not in over]
        replies = self._generate_rows(
            [rows[k] for k in kept], [prompts[k] for k in kept], [opened[k] for k in kept]
        )
        done = dict(zip(kept, replies, strict=True))
        for k in over:
            done[k] = context_overflow(
                f"{rows[k][1]}: a prompt of {len(prompts[k])} tokens, max_prompt_tokens={limit}"
            )
        return [done[k] for k in range(len(rows))]

    def _generate_rows(
        self, rows: list[tuple[dict[str, Any], str]], prompts: list[list[int]], opened: list[bool]
    ) -> list[Completion]:
        """``_generate`` of rows whose prompts (token ids) fit; ``opened`` says which prompts end in a
        ``<think>`` the reply continues."""
        if not rows:
            return []
        torch, tok = self.torch, self.tokenizer
        chats = [chat for chat, _ in rows]
        batch = tok.pad({"input_ids": prompts}, padding=True, padding_side="left", return_tensors="pt")
        settings: dict[str, Any] = {
            "max_new_tokens": self.max_new_tokens,
            "pad_token_id": tok.pad_token_id,
            # every id a reply is cut at ends its generation (as servers stop at the tokenizer's eos too),
            # not only the generation config's: else a turn runs on to max_new_tokens past its end
            "eos_token_id": sorted(self._stops),
            "do_sample": False,
        }
        if self.temperature > 0:
            settings.update(do_sample=True, temperature=self.temperature)
            if self.top_p is not None:
                settings["top_p"] = self.top_p
        settings.update(self.generate_kwargs)
        if self._stop_strings and settings.get("tokenizer") is None:
            settings["tokenizer"] = tok  # generate matches stop strings on the decoded text
        seed = None
        beams = settings.get("num_beams") or getattr(self._config(settings), "num_beams", None) or 1
        if settings["do_sample"] and beams == 1:
            self._sample_by_row(settings, [key for _, key in rows])
        elif settings["do_sample"]:  # beam sampling: transformers' own, seeded by the chunk's rows
            seed = request_seed(self.seed, "|".join(key for _, key in rows))
        model, training = self.model, self.model.training
        try:
            with torch.inference_mode(), self._seeded(seed):
                generated = model.eval().generate(
                    input_ids=batch["input_ids"].to(model.device),
                    attention_mask=batch["attention_mask"].to(model.device),
                    **settings,
                )
        except Exception as exc:  # out of memory, a bad generate argument: stop the run, keep what is done
            raise PolicyError(f"generation failed: {type(exc).__name__}: {first_line(exc)}") from exc
        finally:
            model.train(training)
        new = generated[:, batch["input_ids"].shape[1] :].tolist()
        out = []
        for chat, ids, thinking in zip(chats, new, opened, strict=True):
            end = next((j for j, t in enumerate(ids) if t in self._stops), len(ids))
            text = self._decode(ids[:end]).strip()
            chat["messages"].append({"role": "assistant", "content": text})
            out.append(Completion(without_reasoning(text, thinking), end + self._ended_by_token(ids, end)))
        return out

    def _config(self, settings: dict[str, Any]) -> Any:
        """The generation config ``generate`` reads: one given in ``settings``, else the model's."""
        return settings.get("generation_config") or getattr(self.model, "generation_config", None)

    def _sample_by_row(self, settings: dict[str, Any], keys: list[str]) -> None:
        """Turn ``settings`` into greedy ``generate`` settings whose last logits processor samples each
        row itself (``_RowSampler``): ``generate``'s own sampler draws the whole batch from one random
        stream, so a row's tokens would depend on which rows share its batch and in what order. The
        sampling parameters move from ``settings`` into the sampler (greedy ``generate`` would warn about
        them), each from ``settings`` or else the generation config (a given one, else the model's)."""
        config = self._config(settings)
        params = {}
        for name in _SAMPLING:
            value = settings.pop(name, None)
            params[name] = getattr(config, name, None) if value is None else value
        user = settings.get("logits_processor") or []
        sampler = _RowSampler(self.torch, _warpers(params), [request_seed(self.seed, k) for k in keys])
        settings.update(do_sample=False, logits_processor=_processors([*user, sampler]))

    def _decode(self, ids: list[int]) -> str:
        """A reply's text without special tokens, but with the ``_KEPT_TAGS`` the tokenizer counts
        among them."""
        decode, tags = self.tokenizer.decode, self._tags
        if not tags or tags.keys().isdisjoint(ids):
            return decode(ids, skip_special_tokens=True)
        parts, start = [], 0
        for j, token in enumerate(ids):
            if token in tags:
                parts += [decode(ids[start:j], skip_special_tokens=True), tags[token]]
                start = j + 1
        parts.append(decode(ids[start:], skip_special_tokens=True))
        return "".join(parts)

    def _ended_by_token(self, ids: list[int], end: int) -> bool:
        """Whether the model generated the end token at ``end``: not so when generation ran out of
        ``max_new_tokens``, nor when a ``stop_strings`` match ended the row, whose next token is padding
        (which may be the eos token itself)."""
        if end == len(ids):
            return False
        stops = self._stop_strings
        if not stops:
            return True
        written = self.tokenizer.decode(ids[:end], skip_special_tokens=False)
        return not written.endswith(tuple([stops] if isinstance(stops, str) else stops))

    @contextlib.contextmanager
    def _seeded(self, seed: int | None) -> Iterator[None]:
        """Seed the sampler for one chunk, restoring the caller's random state afterwards (a training
        loop in the same process keeps its own dropout and shuffling streams)."""
        if seed is None:
            yield
            return
        torch = self.torch
        cuda = self.model.device.type == "cuda"
        with torch.random.fork_rng(devices=list(range(torch.cuda.device_count())) if cuda else []):
            if self.model.device.type == "cpu":
                torch.default_generator.manual_seed(seed)
            else:
                torch.manual_seed(seed)
            yield


#: Sampling parameters ``_RowSampler`` applies, as ``generate`` would, in its order.
_SAMPLING = ("temperature", "top_k", "top_p", "min_p", "typical_p", "epsilon_cutoff", "eta_cutoff")


def _warpers(params: dict[str, Any]) -> list[Any]:
    """The logits warpers of the sampling parameters that are set (in ``generate``'s order). No
    library default fills in an unset one (``generate`` would apply ``top_k=50``): the checkpoint's
    generation config and the policy's settings decide, as for a server started from the checkpoint."""
    from transformers import generation as g

    warpers: list[Any] = []
    temperature, top_k, top_p = params["temperature"], params["top_k"], params["top_p"]
    min_p, typical_p = params["min_p"], params["typical_p"]
    epsilon, eta = params["epsilon_cutoff"], params["eta_cutoff"]
    if temperature is not None and temperature != 1.0:
        warpers.append(g.TemperatureLogitsWarper(temperature))
    if top_k is not None and top_k > 0:
        warpers.append(g.TopKLogitsWarper(top_k=top_k))
    if top_p is not None and top_p < 1.0:
        warpers.append(g.TopPLogitsWarper(top_p=top_p))
    if min_p is not None and min_p > 0.0:
        warpers.append(g.MinPLogitsWarper(min_p=min_p))
    if typical_p is not None and typical_p < 1.0:
        warpers.append(g.TypicalLogitsWarper(mass=typical_p))
    if epsilon is not None and 0.0 < epsilon < 1.0:
        warpers.append(g.EpsilonLogitsWarper(epsilon=epsilon))
    if eta is not None and 0.0 < eta < 1.0:
        warpers.append(g.EtaLogitsWarper(epsilon=eta))
    return warpers


def _processors(processors: list[Any]) -> Any:
    from transformers import LogitsProcessorList

    return LogitsProcessorList(processors)


class _RowSampler:
    """The last logits processor of a sampled ``generate``: warps each row's scores, draws its next
    token from the row's own random stream (one ``torch.Generator`` per row, seeded from the policy's
    seed and the row's task and turn), and leaves only that token possible, so greedy decoding takes
    it. A row's draws depend on nothing but its own scores, not on the other rows of its batch.

    The draw is the Gumbel-max one: the token of the highest warped score plus Gumbel noise, one noise
    value per token and step. It is as likely as a draw from the softmax, and far less sensitive to the
    last bits of the scores than inverting the cumulative distribution, where a shift of the early
    tokens' mass moves the pick across the vocabulary: a row's scores differ by up to about 1e-2 between
    batch layouts in bfloat16 (see the module docs), and only a near-tie of the two best noisy scores
    can then change the token."""

    def __init__(self, torch: Any, warpers: list[Any], seeds: list[int]) -> None:
        self.torch = torch
        self.warpers = warpers
        self.seeds = seeds
        self.generators: list[Any] | None = None

    def _generator(self, device: Any, seed: int) -> Any:
        """A generator on ``device`` (noise made where the scores are), on the CPU where the device
        has none of its own."""
        try:
            return self.torch.Generator(device=device).manual_seed(seed)
        except RuntimeError:
            return self.torch.Generator().manual_seed(seed)

    def __call__(self, input_ids: Any, scores: Any) -> Any:
        torch = self.torch
        if scores.shape[0] != len(self.seeds):  # e.g. num_return_sequences > 1 in generate_kwargs
            raise RuntimeError(f"{scores.shape[0]} rows of scores for {len(self.seeds)} samplers")
        if self.generators is None:
            self.generators = [self._generator(scores.device, s) for s in self.seeds]
        warped = scores
        for warp in self.warpers:
            warped = warp(input_ids, warped)
        vocab = scores.shape[-1]
        uniform = torch.stack([torch.rand(vocab, generator=g, device=g.device) for g in self.generators]).to(
            scores.device
        )
        gumbel = -torch.log(-torch.log(uniform))  # a uniform 0 is noise -inf: that token is never drawn
        picks = (warped.float() + gumbel).argmax(dim=-1, keepdim=True)
        # a row with nothing possible (every score -inf): its best score, as greedy decoding would take
        possible = (warped > float("-inf")).any(dim=-1, keepdim=True)
        picks = torch.where(possible, picks, scores.argmax(dim=-1, keepdim=True))
        out = torch.full_like(scores, float("-inf"))
        return out.scatter_(1, picks, 0.0)


def _feedback(obs: str) -> list[dict[str, Any]]:
    """The phone's observation as chat messages: one ``tool`` message per feedback entry (named after
    its tool where it has one), or one user message when it is not a list of entries."""
    entries = feedback_entries(obs)
    if entries is None:
        return [{"role": "user", "content": obs}]
    messages = []
    for entry in entries:
        message = {"role": "tool", "content": orjson.dumps(entry).decode()}
        name = entry.get("name") if isinstance(entry, dict) else None
        if isinstance(name, str) and name:
            message["name"] = name
        messages.append(message)
    return messages


def _feedback_as_user(messages: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """``messages`` with each run of ``tool`` messages as one user message holding the observation it
    came from, or ``None`` when there are none."""
    if not any(m.get("role") == "tool" for m in messages):
        return None
    out: list[dict[str, Any]] = []
    for is_tool, group in itertools.groupby(messages, key=lambda m: m.get("role") == "tool"):
        if is_tool:
            out.append({"role": "user", "content": f"[{','.join(m['content'] for m in group)}]"})
        else:
            out += group
    return out


def _reads_tools(tokenizer: Any) -> bool:
    """Whether the chat template renders ``tools`` (a probe chat comes out otherwise with one than
    without); a template that cannot render the probe is taken to read them."""
    tool = {"type": "function", "function": {"name": "probe_tool", "description": "", "parameters": {}}}
    for messages in (
        [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}],
        [{"role": "user", "content": "u"}],
    ):
        try:
            plain, listed = (
                tokenizer.apply_chat_template(
                    messages, tools=tools, add_generation_prompt=True, tokenize=False
                )
                for tools in (None, [tool])
            )
        except Exception:  # a template's raise_exception(...): try the next probe
            continue
        return bool(plain != listed)
    return True


def _with_tool_listing(messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``messages`` with ``tools`` listed at the end of the system message (one put first where there
    is none), as tool-calling templates list them: for a template that renders no ``tools``."""
    listing = _tool_listing(tools, "The tools you can call:")
    if messages and messages[0].get("role") == "system":
        first = messages[0]
        return [{**first, "content": f"{first.get('content') or ''}\n\n{listing}"}, *messages[1:]]
    return [{"role": "system", "content": listing}, *messages]


def _check_device(torch: Any, device: str) -> None:
    """Refuse a device that does not parse or is not there (one line, before anything is loaded)."""
    try:
        parsed = torch.device(device)
    except (RuntimeError, TypeError) as exc:
        raise ValueError(f"bad device {device!r}: {first_line(exc)}") from None
    if parsed.type == "cuda":
        count = torch.cuda.device_count() if torch.cuda.is_available() else 0
        if count == 0 or (parsed.index is not None and parsed.index >= count):
            raise ValueError(f"device {device!r} is not available ({count} CUDA devices)")


def _special_tags(tokenizer: Any) -> dict[int, str]:
    """The ids of the ``_KEPT_TAGS`` that are single tokens decoding without special tokens drops."""
    tags = {}
    for tag in _KEPT_TAGS:
        ids = tokenizer.encode(tag, add_special_tokens=False)
        if len(ids) == 1 and not tokenizer.decode(ids, skip_special_tokens=True):
            tags[ids[0]] = tag
    return tags


def _check_template(tokenizer: Any, name: str) -> None:
    if not getattr(tokenizer, "chat_template", None):
        raise ValueError(f"the tokenizer of {name!r} has no chat template")


def _context_length(config: Any) -> int | None:
    """The model's context length from its (text) config, ``None`` when it does not say."""
    text = config.get_text_config() if hasattr(config, "get_text_config") else config
    for field in _CONTEXT_FIELDS:
        value = getattr(text, field, None)
        if isinstance(value, int) and value > 0:
            return value
    return None


def _ids(value: Any) -> list[int]:
    """One token id or a list of them (as ``eos_token_id`` may be) as a list."""
    if value is None:
        return []
    return [value] if isinstance(value, int) else list(value)
