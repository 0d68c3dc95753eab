"""Token-faithful rollouts for RL trainers: episodes played with a generation backend and returned as
the token ids a trainer computes its loss on (``rollout_tokens``; TRL's GRPO first).

Trainers need tokens, not text. ``rollout_tokens(task_ids, tokenizer=..., backend=...)`` plays one
episode per entry of ``task_ids`` (duplicates are a GRPO group: G copies of one task with identical S0)
on the package's vector env and returns a ``TokenEpisode`` per entry, in order:

* ``prompt_ids``: the turn-0 prompt, the tokenizer's chat template applied to the start messages
  (system prompt, history H0, query) with ``add_generation_prompt=True``.
* ``completion_ids``: every model token exactly as the backend generated it, and after each model
  turn the env's feedback as the chat template renders it, turn after turn. ``env_mask`` marks each
  token: 1 for a model token (trained on), 0 for an env or template token (feedback, the template's
  turn headers, the end-of-turn token of a turn the model did not end itself). ``logprobs`` holds the
  sampling logprob of each model token (0.0 at env tokens).
* ``reward`` (the env's gated terminal reward), ``verdict``, ``outcome``, ``truncated``, ``turns`` and
  ``messages`` (the chat as played, for logging and SFT).

**The chat is never re-tokenised.** The prompt of turn k+1 is the prompt of turn k, the tokens the
model generated and the feedback's tokens. The feedback (one ``tool`` message per call, as
``rollouts.hf`` sends it; one user message for a template that refuses ``tool`` messages) is rendered
once as the template's suffix: the template's rendering of the chat with the assistant turn and its
feedback (``add_generation_prompt=True``) less the text the model has already seen and written. That
needs a *prefix-preserving* template: the longer rendering must start with the shorter one, and the
template must reproduce the reply as generated (the reply's end-of-turn token is normalised: a model
that ends its turn with ``<|endoftext|>`` where the template writes ``<|im_end|>`` keeps its own token,
and the template's stands for it). A template that rewrites earlier turns — DeepSeek-R1's drops every
earlier ``<think>`` block, Qwen3's drops those before the last user query, which within one episode
is none, since every assistant turn follows it — is refused with a ``ValueError`` naming what differs,
before any episode is returned (training on a sequence the model never saw is silently wrong). A turn
the model did not end (it ran out of ``max_turn_tokens``) gets the template's end-of-turn token as an
env token. A reply with a ``<think>…</think>`` block stays whole in ``completion_ids``; the env gets it
without the reasoning (``chat.without_reasoning``).

**Tools** (``tool_format``): ``"compact"`` (default here) lists the tools one line each in the system
message and announces tools added mid-episode (a loaded skill's) in the feedback of the call that added
them (``new_tools``, see ``MobilePAEnv``); ``"schema"`` passes A_0's schemas to the template as ``tools=``
for every turn of the episode (re-rendering another tool list would change the system turn, i.e. the
prefix) and announces added tools as their JSON schemas in ``new_tools`` of the turn's last feedback
entry. Either way the listing is append-only, so a server's prefix cache keeps hitting.

**Budget**: an episode ends when its prompt plus completion reaches ``max_episode_tokens`` (each turn
may generate ``min(max_turn_tokens, remaining)`` tokens; feedback that would not fit is not appended):
``truncated=True``, ``outcome="budget"``, reward 0, and the verdict the env gives an episode ended where
it stands (``Episode.end``, as at T_max; the reward stays 0 even where that verdict passes, e.g. a state
task whose writes were done before its final message was cut: a cut episode is not paid). A first prompt that leaves no room is a ``ValueError`` before
anything is generated. T_max (``max_turns``) truncation is the env's own: ``outcome="budget"`` too
(out of turns), truncated, the env's reward (the checker's verdict as it stands).
``outcome="env_error"``: the env failed (a bug; the episode ends with reward 0); ``"policy_error"``:
the backend returned an impossible row (more tokens than allowed, or logprobs of another length).
Outcomes and ``reward_valid`` are the ones of every executor (``mpb_env.outcomes``): an episode whose
``reward_valid`` is ``False`` should be left out of the loss, not trained on as a 0.

**Determinism**: every row's seed comes from ``seed``, its task id, its index among the copies of its
task and its turn (``row_seed``), so the G copies of a task sample differently and a row's draws do not
depend on the other rows; same seeds, tasks and backend state give identical ``TokenEpisode``s.

Backends (``GenerationBackend``): ``HFBackend`` (in-process ``transformers`` generate) and
``VLLMServerBackend`` (a vLLM server through TRL's ``VLLMClient``). Any object with the ``generate``
method works (tests replay oracles through a scripted one).
"""

from __future__ import annotations

import time
import warnings
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson

from mpb_env.outcomes import Outcome, reward_valid
from mpb_env.prompts import TOOL_FORMATS
from mpb_env.rollouts.chat import opens_reasoning, request_seed, tool_entries, without_reasoning
from mpb_env.rollouts.hf import _feedback, _reads_tools, _RowSampler, _warpers, _with_tool_listing

__all__ = [
    "GenerationBackend",
    "HFBackend",
    "TokenEpisode",
    "VLLMServerBackend",
    "rollout_tokens",
    "row_seed",
    "trl_rollout_output",
]


@dataclass
class TokenEpisode:
    """One episode as a trainer reads it (see the module docs).

    ``completion_ids``, ``env_mask`` and ``logprobs`` have one entry per completion token; ``messages``
    is the chat as played (the start messages, then each reply as generated and its feedback)."""

    task_id: str
    prompt_ids: list[int]
    completion_ids: list[int]
    env_mask: list[int]
    logprobs: list[float]
    reward: float
    verdict: dict[str, Any] | None
    outcome: Outcome  # "ok" | "budget" | "policy_error" | "env_error" (mpb_env.outcomes)
    truncated: bool
    turns: int
    messages: list[dict[str, Any]] = field(default_factory=list)

    @property
    def reward_valid(self) -> bool:
        """Whether ``reward`` means anything (``ok`` and ``budget``; see ``mpb_env.outcomes``)."""
        return reward_valid(self.outcome)


class GenerationBackend(Protocol):
    """What ``rollout_tokens`` generates with: for each prompt (token ids), at most ``max_new_tokens[i]``
    new tokens drawn with seed ``seeds[i]``; per row, the generated ids (the end-of-turn token included
    when the model produced it) and the sampling logprob of each."""

    def generate(
        self, prompts: list[list[int]], max_new_tokens: list[int], seeds: list[int]
    ) -> list[tuple[list[int], list[float]]]: ...


def row_seed(seed: int, task_id: str, copy: int, turn: int) -> int:
    """The sampling seed of one row: from the run's ``seed``, the task, the row's index among the copies
    of its task in ``task_ids`` and the turn (a non-negative 31-bit int)."""
    return request_seed(seed, f"{task_id}#{copy}#{turn}")


def trl_rollout_output(episodes: list[TokenEpisode]) -> dict[str, list[Any]]:
    """Episodes as the dict a TRL ``GRPOTrainer(rollout_func=...)`` returns: ``prompt_ids``,
    ``completion_ids``, ``logprobs`` and ``env_mask`` (which TRL multiplies into its loss mask), plus
    ``env_reward``, ``outcome``, ``reward_valid``, ``task_id`` and ``turns``, which TRL hands its reward functions as
    keyword arguments (``def reward(completions, env_reward, **kw): return env_reward``)."""
    return {
        "prompt_ids": [e.prompt_ids for e in episodes],
        "completion_ids": [e.completion_ids for e in episodes],
        "logprobs": [e.logprobs for e in episodes],
        "env_mask": [e.env_mask for e in episodes],
        "env_reward": [e.reward for e in episodes],
        "outcome": [e.outcome for e in episodes],
        "reward_valid": [e.reward_valid for e in episodes],
        "task_id": [e.task_id for e in episodes],
        "turns": [e.turns for e in episodes],
    }


# ---------------------------------------------------------------------------------------- backends
class _Picker(_RowSampler):
    """The last logits processor of ``HFBackend``'s generate: picks each row's next token (sampled from
    the row's own stream, as ``_RowSampler`` does, or the argmax when greedy), records its logprob under
    the warped distribution (temperature, top-k, top-p applied; the plain softmax when greedy) and
    leaves only that token possible, so greedy decoding takes it."""

    def __init__(self, torch: Any, warpers: list[Any], seeds: list[int], sample: bool) -> None:
        super().__init__(torch, warpers, seeds)
        self.sample = sample
        self.steps: list[Any] = []  # one (batch,) tensor of logprobs per generated position

    def __call__(self, input_ids: Any, scores: Any) -> Any:
        torch = self.torch
        warped = scores
        for warp in self.warpers:
            warped = warp(input_ids, warped)
        logp = torch.log_softmax(warped.float(), dim=-1)
        if self.sample:
            out = super().__call__(input_ids, scores)
            picks = out.argmax(dim=-1, keepdim=True)
        else:
            picks = scores.argmax(dim=-1, keepdim=True)
            out = torch.full_like(scores, float("-inf")).scatter_(1, picks, 0.0)
        self.steps.append(logp.gather(1, picks).squeeze(1).cpu())
        return out


def _row_limits(torch: Any, start: int, limits: list[int]) -> Any:
    """A stopping criterion that ends each row at its own ``max_new_tokens``."""
    from transformers import StoppingCriteria

    class RowLimits(StoppingCriteria):
        def __init__(self) -> None:
            self.limits = torch.tensor(limits)

        def __call__(self, input_ids: Any, scores: Any, **kwargs: Any) -> Any:
            return (input_ids.shape[1] - start) >= self.limits.to(input_ids.device)

    return RowLimits()


class HFBackend:
    """In-process ``transformers`` generation: ``HFBackend(model, tokenizer, temperature=1.0, top_p=1.0,
    top_k=None)``.

    Rows are generated together, left-padded (``batch_size`` rows at a time; default all), each up to
    its own ``max_new_tokens`` and stopping at an end id (``stop_ids``, default the tokenizer's eos and
    the model's ``generation_config.eos_token_id``s). ``temperature=0`` is greedy. Sampling draws each
    row from a random stream of its own seeded by its seed (``rollouts.hf._RowSampler``: the draws do not
    depend on the other rows, and the caller's random state is untouched). Only the settings given here
    shape the distribution (none of the checkpoint's ``generation_config``: no repetition penalty, minimum
    length or suppressed tokens it may set; its eos ids only, as stop ids), and ``logprobs`` are those of
    that distribution: log-softmax of the logits after temperature, top-k and top-p; after greedy
    decoding, of the plain logits. The model is put in eval mode while it generates and back after.
    """

    def __init__(
        self,
        model: Any,
        tokenizer: Any,
        temperature: float = 1.0,
        top_p: float = 1.0,
        top_k: int | None = None,
        *,
        batch_size: int | None = None,
        stop_ids: list[int] | None = None,
    ) -> None:
        import torch

        if temperature < 0:
            raise ValueError(f"temperature must be >= 0, got {temperature}")
        if not 0.0 < top_p <= 1.0:
            raise ValueError(f"top_p must be in (0, 1], got {top_p}")
        if batch_size is not None and batch_size < 1:
            raise ValueError(f"batch_size must be >= 1, got {batch_size}")
        self.torch = torch
        self.model = model
        self.tokenizer = tokenizer
        self.temperature = float(temperature)
        self.top_p = float(top_p)
        self.top_k = top_k
        self.batch_size = batch_size
        if stop_ids is None:
            config = getattr(model, "generation_config", None)
            stop_ids = [tokenizer.eos_token_id, *_ids(getattr(config, "eos_token_id", None))]
        self.stop_ids = sorted({i for i in stop_ids if i is not None})
        if not self.stop_ids:
            raise ValueError("no end-of-turn token: the tokenizer has no eos and no stop_ids were given")
        pad = tokenizer.pad_token_id
        self.pad_id = self.stop_ids[0] if pad is None else pad

    def generate(
        self, prompts: list[list[int]], max_new_tokens: list[int], seeds: list[int]
    ) -> list[tuple[list[int], list[float]]]:
        if not len(prompts) == len(max_new_tokens) == len(seeds):
            raise ValueError("prompts, max_new_tokens and seeds must have one entry per row")
        size = self.batch_size or max(len(prompts), 1)
        out: list[tuple[list[int], list[float]]] = []
        for k in range(0, len(prompts), size):
            out += self._generate(prompts[k : k + size], max_new_tokens[k : k + size], seeds[k : k + size])
        return out

    def _generate(
        self, prompts: list[list[int]], limits: list[int], seeds: list[int]
    ) -> list[tuple[list[int], list[float]]]:
        from transformers import GenerationConfig, LogitsProcessorList, StoppingCriteriaList

        torch, model = self.torch, self.model
        width = max(len(p) for p in prompts)
        ids = torch.tensor([[self.pad_id] * (width - len(p)) + p for p in prompts], dtype=torch.long)
        mask = torch.tensor([[0] * (width - len(p)) + [1] * len(p) for p in prompts], dtype=torch.long)
        sample = self.temperature > 0
        params = dict.fromkeys(
            ("temperature", "top_k", "top_p", "min_p", "typical_p", "epsilon_cutoff", "eta_cutoff")
        )
        if sample:
            params.update(temperature=self.temperature, top_k=self.top_k, top_p=self.top_p)
        picker = _Picker(torch, _warpers(params), seeds, sample)
        config = GenerationConfig(
            max_new_tokens=max(limits),
            do_sample=False,
            eos_token_id=self.stop_ids,
            pad_token_id=self.pad_id,
        )
        # generate fills every setting left unset from the model's generation config (a checkpoint's
        # repetition_penalty, min_new_tokens, suppress_tokens, stop_strings...), which would change the
        # distribution the logprobs are read from: it reads this clean one instead while it runs
        training, own_config = model.training, getattr(model, "generation_config", None)
        model.generation_config = config
        try:
            with torch.inference_mode():
                generated = model.eval().generate(
                    input_ids=ids.to(model.device),
                    attention_mask=mask.to(model.device),
                    generation_config=config,
                    logits_processor=LogitsProcessorList([picker]),
                    stopping_criteria=StoppingCriteriaList([_row_limits(torch, width, limits)]),
                )
        finally:
            model.train(training)
            model.generation_config = own_config
        new = generated[:, width:].tolist()
        steps = torch.stack(picker.steps, dim=1).tolist() if picker.steps else [[] for _ in prompts]
        stops = set(self.stop_ids)
        out = []
        for row, lps, limit in zip(new, steps, limits, strict=True):
            row = row[:limit]
            end = next((j + 1 for j, t in enumerate(row) if t in stops), len(row))
            out.append((row[:end], [float(x) for x in lps[:end]]))
        return out


def _vllm_client_class() -> Any:
    """TRL's ``VLLMClient`` (``trl.generation.vllm_client`` in TRL 1.x, ``trl.extras.vllm_client``
    before)."""
    try:
        from trl.generation.vllm_client import VLLMClient
    except ImportError:
        from trl.extras.vllm_client import VLLMClient  # type: ignore[no-redef]
    return VLLMClient


class VLLMServerBackend:
    """Generation on a vLLM server (``trl vllm-serve`` or ``vllm serve``) through TRL's ``VLLMClient``:
    ``VLLMServerBackend(client)``, or ``VLLMServerBackend(base_url="http://host:8000")`` /
    ``VLLMServerBackend(host=..., port=...)`` to build the client (TRL's client needs ``vllm`` installed).

    Each row is one ``client.generate([prompt_ids], max_tokens=..., logprobs=0,
    generation_kwargs={"seed": ...})`` request (at most ``max_concurrency`` in flight; the server batches
    them): one request per row because a row's token limit and seed are its own, and a single request's
    seed would give the G copies of a task identical samples. The returned ids include the end-of-turn
    token when the model produced it (vLLM keeps it in ``token_ids``) and ``logprobs`` are the server's
    logprob of each sampled token: start the server with ``--logprobs-mode processed_logprobs`` for the
    logprobs after temperature and top-k/top-p (the distribution sampled from), as TRL's docs do.
    ``stop_ids``: the ids the server ends turns at, when they are not the tokenizer's eos and the
    template's end-of-turn token (``rollout_tokens`` reads them to recognise an ended turn).

    Weight sync (``client.init_communicator`` / ``update_model_params``, NCCL between trainer and server)
    is the trainer's business and is not exercised by this package's tests: they run the client against a
    local HTTP server that speaks ``/health``, ``/v1/models`` and ``/v1/completions`` only.
    """

    def __init__(
        self,
        client: Any = None,
        *,
        base_url: str | None = None,
        host: str = "0.0.0.0",
        port: int = 8000,
        connection_timeout: float = 0.0,
        temperature: float = 1.0,
        top_p: float = 1.0,
        top_k: int | None = None,
        min_p: float = 0.0,
        max_concurrency: int = 64,
        stop_ids: list[int] | None = None,
        generation_kwargs: dict[str, Any] | None = None,
    ) -> None:
        if client is None:
            client = _vllm_client_class()(
                base_url=base_url, host=host, server_port=port, connection_timeout=connection_timeout
            )
        elif base_url is not None:
            raise ValueError("give a client or a base_url, not both")
        if max_concurrency < 1:
            raise ValueError(f"max_concurrency must be >= 1, got {max_concurrency}")
        self.client = client
        self.temperature = float(temperature)
        self.top_p = float(top_p)
        self.top_k = top_k
        self.min_p = float(min_p)
        self.max_concurrency = max_concurrency
        self.stop_ids = None if stop_ids is None else sorted(stop_ids)
        self.generation_kwargs = dict(generation_kwargs or {})

    def _one(self, prompt: list[int], limit: int, seed: int) -> tuple[list[int], list[float]]:
        result = self.client.generate(
            [prompt],
            n=1,
            temperature=self.temperature,
            top_p=self.top_p,
            top_k=self.top_k or 0,
            min_p=self.min_p,
            max_tokens=limit,
            logprobs=0,
            generation_kwargs={**self.generation_kwargs, "seed": seed},
        )
        ids = list(result["completion_ids"][0])
        if result.get("logprobs") is None:
            raise RuntimeError("the vLLM server returned no logprobs")
        lps, tops = result["logprobs"][0], result["logprob_token_ids"][0]
        # entries are sorted by probability: take the sampled token's own
        picked = [
            float(lp[top.index(t)]) if t in top else float("nan")
            for t, lp, top in zip(ids, lps, tops, strict=True)
        ]
        return ids, picked

    def generate(
        self, prompts: list[list[int]], max_new_tokens: list[int], seeds: list[int]
    ) -> list[tuple[list[int], list[float]]]:
        if not len(prompts) == len(max_new_tokens) == len(seeds):
            raise ValueError("prompts, max_new_tokens and seeds must have one entry per row")
        if not prompts:
            return []
        with ThreadPoolExecutor(max_workers=min(self.max_concurrency, len(prompts))) as pool:
            return list(pool.map(self._one, prompts, max_new_tokens, seeds))


# ---------------------------------------------------------------------------------------- rollouts
class _Row:
    """One episode being played: its chat, its token streams and the template text seen so far."""

    __slots__ = (
        "index",
        "task_id",
        "copy",
        "episode",
        "messages",
        "tools",
        "shown",
        "seen",
        "prompt",
        "completion",
        "mask",
        "logprobs",
        "result",
        "feedback_as_user",
        "opened",
    )

    def __init__(self, index: int, task_id: str, copy: int, episode: Any) -> None:
        self.index = index
        self.task_id = task_id
        self.copy = copy
        self.episode = episode
        self.messages: list[dict[str, Any]] = []
        self.tools: list[dict[str, Any]] | None = None  # the template's tools= (schema format)
        self.shown: set[str] = set()  # tool names the model has been shown
        self.seen = ""  # the template's text of everything so far: the next prompt's text
        self.prompt: list[int] = []
        self.completion: list[int] = []
        self.mask: list[int] = []
        self.logprobs: list[float] = []
        self.result: TokenEpisode | None = None
        self.feedback_as_user = False  # the template refuses tool messages: feedback as user turns
        self.opened = False  # the prompt ends inside a <think> the template opened

    def total(self) -> int:
        return len(self.prompt) + len(self.completion)


class _Template:
    """The tokenizer's chat template as ``rollout_tokens`` uses it: renders, tokenises, and knows the
    end-of-turn tokens."""

    def __init__(self, tokenizer: Any, stop_ids: list[int] | None) -> None:
        if not getattr(tokenizer, "chat_template", None):
            raise ValueError("the tokenizer has no chat template")
        self.tokenizer = tokenizer
        self.special = set(getattr(tokenizer, "all_special_ids", ()) or ())
        ends = set(stop_ids or ()) | {tokenizer.eos_token_id, self._end_of_turn()}
        self.ends = {i for i in ends if i is not None}
        self.special |= self.ends
        self.end_texts = {i: self.decode([i]) for i in self.ends}
        self.reads_tools = _reads_tools(tokenizer)

    def _end_of_turn(self) -> int | None:
        """The special token the template ends an assistant turn with (``<|im_end|>``, ``<|eot_id|>``),
        found by rendering a probe chat; ``None`` when no probe renders or none follows the reply."""
        probe = "Probe reply 7f3a"
        for chat in (
            [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}],
            [{"role": "user", "content": "u"}],
        ):
            try:
                text = self.render([*chat, {"role": "assistant", "content": probe}], None, gen=False)
            except Exception:  # a template's raise_exception(...): try the next probe
                continue
            at = text.rfind(probe)
            first = self.encode(text[at + len(probe) :])[:1] if at >= 0 else []
            return first[0] if first and first[0] in self.special else None
        return None

    def render(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None, gen: bool) -> str:
        text = self.tokenizer.apply_chat_template(
            messages, tools=tools, add_generation_prompt=gen, tokenize=False
        )
        if not isinstance(text, str):
            raise TypeError(f"apply_chat_template returned {type(text).__name__}, not text")
        return text

    def encode(self, text: str) -> list[int]:
        return list(self.tokenizer(text, add_special_tokens=False)["input_ids"])

    def decode(self, ids: list[int]) -> str:
        # no clean-up of spaces: the text must be the tokens' own, as the template then writes it
        return str(self.tokenizer.decode(ids, skip_special_tokens=False, clean_up_tokenization_spaces=False))


def _mismatch(expected: str, got: str) -> str:
    """Where two texts part, shown briefly."""
    at = next(
        (i for i, (a, b) in enumerate(zip(expected, got, strict=False)) if a != b),
        min(len(expected), len(got)),
    )
    return f"at character {at}: expected {expected[at : at + 60]!r}, the template wrote {got[at : at + 60]!r}"


def _suffix(template: _Template, row: _Row, reply: str, ended_by: int | None, rendered: str) -> str:
    """The text the template adds after the reply in ``rendered`` (the chat with the reply and, unless
    it is the last turn, its feedback): checks that ``rendered`` continues what the model saw and wrote,
    normalising the end-of-turn token the reply ended with.

    Raises:
        ValueError: the template is not prefix-preserving (it rewrote earlier text, or does not write the
            reply as generated).
    """
    if not rendered.startswith(row.seen):
        raise ValueError(
            f"the chat template is not prefix-preserving: rendering {row.task_id!r} after turn "
            f"{row.episode.turns} rewrites the earlier conversation ({_mismatch(row.seen, rendered)}); "
            "a template that drops or rewrites earlier turns (e.g. old <think> blocks) cannot be used "
            "for token-faithful rollouts"
        )
    rest = rendered[len(row.seen) :]
    if not rest.startswith(reply):
        raise ValueError(
            f"the chat template is not prefix-preserving: it does not reproduce the reply of "
            f"{row.task_id!r} at turn {row.episode.turns} as generated ({_mismatch(reply, rest)})"
        )
    rest = rest[len(reply) :]
    if ended_by is not None:
        own = template.end_texts.get(ended_by) or template.decode([ended_by])
        if rest.startswith(own):
            return rest[len(own) :]
        first = template.encode(rest)[:1]
        if not first or first[0] not in template.special:
            raise ValueError(
                f"the chat template writes no end-of-turn token after the reply of {row.task_id!r} "
                f"(the model ended it with {own!r}; the template goes on with {rest[:40]!r})"
            )
        return rest[len(template.decode(first)) :]  # the template's end token: the model's stands for it
    return rest


def _feedback_messages(obs: str, row: _Row) -> list[dict[str, Any]]:
    if row.feedback_as_user:
        return [{"role": "user", "content": obs}]
    return _feedback(obs)


def _announce(messages: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``messages`` with ``new`` tool schemas announced in the last feedback entry (schema format)."""
    out = [dict(m) for m in messages]
    last = out[-1]
    try:
        entry = orjson.loads(last["content"])
    except orjson.JSONDecodeError:
        entry = None
    functions = [s["function"] for s in new]
    if isinstance(entry, dict):
        last["content"] = orjson.dumps({**entry, "new_tools": functions}).decode()
    else:  # a user message holding the whole observation: announce after it
        last["content"] = f"{last['content']}\nNew tools: " + orjson.dumps(functions).decode()
    return out


_ENVS: dict[tuple[Any, ...], Any] = {}
_MAX_ENVS = 4


def _vector_env(num_envs: int, split: str, tasks: list[Any] | None, settings: dict[str, Any]) -> Any:
    """A vector env for these settings, built once and reused (building one freezes every live object
    out of the cyclic GC, see ``MobilePAVectorEnv``: a trainer calling ``rollout_tokens`` every step must
    not pay, nor freeze, that each time). The cache holds the env, and so its tasks: their ids in the key
    stay theirs."""
    from mpb_env.envs.vector import MobilePAVectorEnv

    key = (
        num_envs,
        split if tasks is None else None,
        None if tasks is None else tuple(id(t) for t in tasks),
        orjson.dumps(settings, option=orjson.OPT_SORT_KEYS, default=str),
    )
    env = _ENVS.get(key)
    if env is None:
        env = MobilePAVectorEnv(num_envs=num_envs, split=split, tasks=tasks, **settings)
        if len(_ENVS) >= _MAX_ENVS:
            _ENVS.pop(next(iter(_ENVS)))
        _ENVS[key] = env
    return env


def rollout_tokens(
    task_ids: list[str],
    *,
    tokenizer: Any,
    backend: GenerationBackend,
    split: str = "train",
    tasks: list[Any] | None = None,
    max_episode_tokens: int = 4096,
    max_turn_tokens: int = 512,
    max_turns: int = 15,
    tool_format: str = "compact",
    recall: str = "bm25",
    seed: int = 0,
    timings: dict[str, float] | None = None,
    **env_kwargs: Any,
) -> list[TokenEpisode]:
    """Play one episode per entry of ``task_ids`` (in order; duplicates are a GRPO group) with
    ``backend`` and return them as token streams (see the module docs for every rule).

    Args:
        task_ids: the episodes' task ids (skill variants as ``<id>@SOR`` / ``<id>@MTSR``).
        tokenizer: the policy's tokenizer, with its chat template.
        backend: a ``GenerationBackend`` (``HFBackend``, ``VLLMServerBackend``, ...).
        split: the suite the ids come from; ``tasks``: explicit ``Task`` objects instead.
        max_episode_tokens: the most prompt + completion tokens of an episode.
        max_turn_tokens: the most tokens one reply may generate.
        max_turns: T_max, the env's turn limit.
        tool_format: ``"compact"`` or ``"schema"`` (how the tools are shown).
        recall: the env's recall mode.
        seed: the base of every row's sampling seed (``row_seed``).
        timings: a dict to fill with seconds spent (``generate``, ``env``, ``template``, ``total``).
        **env_kwargs: further ``MobilePAVectorEnv`` arguments (``top_n``, ``world_size``, ...).

    Calls with the same settings and number of episodes reuse one vector env (built on the first call):
    do not run two such calls at once from different threads.

    Raises:
        ValueError: bad settings, an unknown task id, a first prompt that does not fit
            ``max_episode_tokens``, or a chat template that is not prefix-preserving.
    """
    started = time.perf_counter()
    spent = {"generate": 0.0, "env": 0.0, "template": 0.0}
    task_ids = list(task_ids)
    if not task_ids:
        return []
    if tool_format not in TOOL_FORMATS:
        raise ValueError(f"unknown tool_format {tool_format!r}; expected one of {list(TOOL_FORMATS)}")
    if max_turn_tokens < 1 or max_episode_tokens < 1:
        raise ValueError("max_turn_tokens and max_episode_tokens must be >= 1")
    template = _Template(tokenizer, getattr(backend, "stop_ids", None))
    t0 = time.perf_counter()
    env = _vector_env(
        len(task_ids),
        split,
        tasks,
        {"recall": recall, "max_turns": max_turns, "tool_format": tool_format, **env_kwargs},
    )
    _, infos = env.reset(seed=seed, options={"task_ids": task_ids})
    spent["env"] += time.perf_counter() - t0

    copies: dict[str, int] = {}
    rows: list[_Row] = []
    t0 = time.perf_counter()
    for i, task_id in enumerate(task_ids):
        row = _Row(i, task_id, copies.get(task_id, 0), env.episodes[i])
        copies[task_id] = row.copy + 1
        messages = [dict(m) for m in infos["messages"][i]]
        schemas = tool_entries(infos["tools"][i])
        if tool_format == "schema":
            if template.reads_tools:
                row.tools = schemas
            else:  # a template without tool support: list them in the system message
                messages = _with_tool_listing(messages, schemas)
        row.shown = {s["function"]["name"] for s in schemas}
        row.messages = messages
        row.seen = template.render(messages, row.tools, gen=True)
        row.prompt = template.encode(row.seen)
        row.opened = opens_reasoning(row.seen)
        rows.append(row)
    too_long = [r for r in rows if r.total() >= max_episode_tokens]
    if too_long:
        worst = max(too_long, key=_Row.total)
        raise ValueError(
            f"max_episode_tokens={max_episode_tokens} leaves no room to generate: the first prompt of "
            f"{worst.task_id!r} is {worst.total()} tokens ({len(too_long)} of {len(rows)} episodes)"
        )
    spent["template"] += time.perf_counter() - t0

    running = rows
    turn = 0
    while running:
        limits = [min(max_turn_tokens, max_episode_tokens - r.total()) for r in running]
        seeds = [row_seed(seed, r.task_id, r.copy, turn) for r in running]
        t0 = time.perf_counter()
        generated = backend.generate([r.prompt + r.completion for r in running], limits, seeds)
        spent["generate"] += time.perf_counter() - t0
        if len(generated) != len(running):
            raise ValueError(f"the backend returned {len(generated)} rows for {len(running)} prompts")
        still: list[_Row] = []
        for row, (ids, lps), limit in zip(running, generated, limits, strict=True):
            ids, lps = list(ids), [float(x) for x in lps]
            if len(ids) > limit or len(lps) != len(ids):
                _finish(row, "policy_error", verdict=None)
                continue
            if _play(row, ids, lps, limit, max_episode_tokens, template, tool_format, spent):
                still.append(row)
        running = still
        turn += 1
    if timings is not None:
        timings.update(spent, total=time.perf_counter() - started)
    return [r.result for r in rows if r.result is not None]


def _finish(
    row: _Row, outcome: Outcome, *, verdict: dict[str, Any] | None, reward: float = 0.0, truncated: bool = False
) -> None:
    row.result = TokenEpisode(
        task_id=row.task_id,
        prompt_ids=row.prompt,
        completion_ids=row.completion,
        env_mask=row.mask,
        logprobs=row.logprobs,
        reward=float(reward),
        verdict=verdict,
        outcome=outcome,
        truncated=truncated,
        turns=row.episode.turns,
        messages=row.messages,
    )


def _budget(row: _Row) -> None:
    _finish(row, "budget", verdict=row.episode.end().model_dump(), truncated=True)


def _play(
    row: _Row,
    ids: list[int],
    lps: list[float],
    limit: int,
    budget: int,
    template: _Template,
    tool_format: str,
    spent: dict[str, float],
) -> bool:
    """Append one generated turn to ``row``, step its env and append the feedback; whether it goes on."""
    ended_by = ids[-1] if ids and ids[-1] in template.ends else None
    body = ids[:-1] if ended_by is not None else ids
    row.completion += ids
    row.mask += [1] * len(ids)
    row.logprobs += lps
    t0 = time.perf_counter()
    reply = template.decode(body)
    assistant = {"role": "assistant", "content": reply}
    row.messages.append(assistant)
    spent["template"] += time.perf_counter() - t0
    if ended_by is None and len(ids) >= limit and row.total() >= budget:
        _budget(row)  # cut by the episode budget: the env never sees the partial reply
        return False
    t0 = time.perf_counter()
    try:
        obs, reward, terminated, truncated, info = row.episode.step(without_reasoning(reply, row.opened))
    except Exception as exc:  # step() never raises on model output: this is a bug, recorded per episode
        spent["env"] += time.perf_counter() - t0
        warnings.warn(f"the env failed on {row.task_id!r}: {type(exc).__name__}: {exc}", stacklevel=3)
        _finish(row, "env_error", verdict=None)
        return False
    spent["env"] += time.perf_counter() - t0
    t0 = time.perf_counter()
    try:
        if terminated or truncated:
            # check that the template writes the last reply as generated (its suffix is not appended); a
            # template that refuses a chat ending in a reply is not checked here
            try:
                last = template.render(row.messages, row.tools, gen=False)
            except Exception:
                last = None
            if last is not None:
                _suffix(template, row, reply, ended_by, last)
            if truncated:  # T_max: the feedback of the last turn is in the chat, not in the tokens
                row.messages += _feedback_messages(obs, row)
            outcome = info.get("outcome", "budget" if truncated else "ok")
            if outcome == "env_error":  # the env's own failure (Episode.play): no verdict
                _finish(row, "env_error", verdict=None)
                return False
            _finish(row, outcome, verdict=info.get("verdict"), reward=reward, truncated=bool(truncated))
            return False
        feedback = _feedback_messages(obs, row)
        if "tools" in info:  # A_t grew
            new = [s for s in tool_entries(info["tools"]) if s["function"]["name"] not in row.shown]
            row.shown |= {s["function"]["name"] for s in new}
            if new and tool_format == "schema":
                feedback = _announce(feedback, new)
        chat = [*row.messages, *feedback]
        try:
            rendered = template.render(chat, row.tools, gen=True)
        except Exception:
            if row.feedback_as_user or feedback[0].get("role") != "tool":
                raise
            row.feedback_as_user = True  # e.g. Mistral's or Gemma's template: feedback as a user turn
            feedback = _feedback_messages(obs, row)
            chat = [*row.messages, *feedback]
            rendered = template.render(chat, row.tools, gen=True)
        suffix = _suffix(template, row, reply, ended_by, rendered)
        suffix_ids = template.encode(suffix)
        row.messages = chat
        if row.total() + len(suffix_ids) >= budget:  # no room for the feedback and a reply to it
            _budget(row)
            return False
        row.completion += suffix_ids
        row.mask += [0] * len(suffix_ids)
        row.logprobs += [0.0] * len(suffix_ids)
        row.seen = rendered
        row.opened = opens_reasoning(rendered)
        return True
    finally:
        spent["template"] += time.perf_counter() - t0


def _ids(value: Any) -> list[int]:
    if value is None:
        return []
    return [value] if isinstance(value, int) else list(value)
