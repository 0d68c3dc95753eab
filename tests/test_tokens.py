"""Token-faithful rollouts (``mpb_env.rollouts.tokens``) with a tiny local model and tokenizer (see
``hf_model``) and scripted backends that "generate" given replies token by token.

Faithfulness is checked as the equality a trainer relies on: decoding ``prompt_ids + completion_ids``
gives the chat template's own rendering of the episode's ``messages`` (every generated end-of-turn
token read as the template's), with the model's tokens exactly as generated and every other token
masked out. Two templates: a Hermes one (``hf_model.TEMPLATE``) and a Qwen3-style one that drops the
``<think>`` block of every assistant turn before the last user query; within an episode every assistant
turn follows that query (the feedback is ``tool`` messages), so it keeps them all, and the test asserts
it does.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import gymnasium as gym
import pytest
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer
from vllm_server import FakeVLLM

from hf_model import END, STRICT_TEMPLATE, TEMPLATE, build
from mpb_env.checkers import SKILL_LOADER
from mpb_env.prompts import COMPACT_SYSTEM_PROMPT, SYSTEM_PROMPT, compact_tool, render_tools
from mpb_env.rollouts.tokens import (
    HFBackend,
    TokenEpisode,
    VLLMServerBackend,
    rollout_tokens,
    row_seed,
    trl_rollout_output,
)
from mpb_env.tasks import load_tasks
from mpb_env.tasks.model import Task, episodes

ALL = episodes(load_tasks("bench"))

#: A Qwen3-style template: tool results as <tool_response> blocks of one user turn, and an assistant
#: turn before the last real user message loses its <think> block.
QWEN3_STYLE = (
    "{%- set ns = namespace(last=-1) -%}"
    "{%- for m in messages -%}{%- if m.role == 'user' -%}{%- set ns.last = loop.index0 -%}{%- endif -%}"
    "{%- endfor -%}"
    "{%- for m in messages -%}"
    "{%- if m.role == 'system' -%}"
    "<|im_start|>system\n{{ m.content }}"
    "{%- if tools %}\n\n# Tools\n<tools>{% for t in tools %}\n{{ t | tojson }}{% endfor %}\n</tools>{% endif -%}"
    "<|im_end|>\n"
    "{%- elif m.role == 'assistant' -%}"
    "{%- set content = m.content -%}"
    "{%- if loop.index0 < ns.last and '</think>' in content -%}"
    "{%- set content = content.split('</think>')[-1].lstrip('\n') -%}"
    "{%- endif -%}"
    "<|im_start|>assistant\n{{ content }}<|im_end|>\n"
    "{%- elif m.role == 'tool' -%}"
    "{%- if loop.first or messages[loop.index0 - 1].role != 'tool' %}<|im_start|>user{% endif -%}"
    "\n<tool_response>\n{{ m.content }}\n</tool_response>"
    "{%- if loop.last or messages[loop.index0 + 1].role != 'tool' %}<|im_end|>\n{% endif -%}"
    "{%- else -%}"
    "<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n"
    "{%- endif -%}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt %}<|im_start|>assistant\n{% endif -%}"
)
#: DeepSeek-R1's habit: every earlier assistant turn loses its <think> block (not prefix-preserving).
R1_STYLE = QWEN3_STYLE.replace("loop.index0 < ns.last and '</think>' in content", "'</think>' in content")
#: A template that numbers the turns in its system message: every new turn rewrites the first one.
COUNTING = TEMPLATE.replace("{{ m.content }}", "{{ m.content }} ({{ messages | length }} messages)", 1)
THOUGHT = "<think>\nFirst I check what the request needs.\n</think>\n\n"


def _plan() -> list[Task]:
    """Bench episodes with distinct queries from every dimension, skill variants included (their
    loaders add tools mid-episode), some with several calls in a turn."""
    picked: list[Task] = []
    queries: set[str] = set()
    for task in ALL[::23]:
        if task.query not in queries and len(task.oracle) <= 6:
            picked.append(task)
            queries.add(task.query)
    picked = picked[:54]
    for task in [t for t in ALL if t.dimension == "skill"][::7]:
        if task.query not in queries and len(picked) < 60:
            picked.append(task)
            queries.add(task.query)
    return picked


PLAN = _plan()


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    texts = [t.query for t in ALL[:300]] + [turn for t in PLAN for turn in t.oracle] + [THOUGHT]
    return build(tmp_path_factory.mktemp("tiny-lm"), texts)


@pytest.fixture()
def tok(model_dir: Path) -> Any:
    return AutoTokenizer.from_pretrained(model_dir)


@pytest.fixture(scope="module")
def model(model_dir: Path) -> Any:
    return AutoModelForCausalLM.from_pretrained(model_dir)


class Scripted:
    """A backend that writes ``reply(task, turn)`` (default: the oracle's turn) and then ``end``; the
    episode is found by its query in the prompt, the turn by the assistant turns after H0. Its logprobs
    are -0.5 per token, so where they land shows where the model's tokens are."""

    def __init__(self, tokenizer: Any, tasks: list[Task], reply: Any = None, end: int | None = None) -> None:
        self.tokenizer = tokenizer
        self.by_query = {t.query: t for t in tasks}
        self.reply = reply or (lambda task, turn: task.oracle[turn] if turn < len(task.oracle) else "Done.")
        self.end = tokenizer.eos_token_id if end is None else end
        self.stop_ids = sorted({tokenizer.eos_token_id, tokenizer.convert_tokens_to_ids(END)})
        self.calls = 0
        self.written: dict[str, list[list[int]]] = {}  # task id -> each reply's tokens, in order

    def generate(
        self, prompts: list[list[int]], max_new_tokens: list[int], seeds: list[int]
    ) -> list[tuple[list[int], list[float]]]:
        self.calls += 1
        out = []
        for prompt, limit in zip(prompts, max_new_tokens, strict=True):
            text = self.tokenizer.decode(prompt)
            task = next(t for q, t in self.by_query.items() if f"<|im_start|>user\n{q}<|im_end|>" in text)
            turn = (
                text.count("<|im_start|>assistant\n") - 1 - sum(m.role == "assistant" for m in task.history)
            )
            ids = self.tokenizer.encode(self.reply(task, turn), add_special_tokens=False) + [self.end]
            ids = ids[:limit]
            self.written.setdefault(task.id, []).append(ids)
            out.append((ids, [-0.5] * len(ids)))
        return out


def _segments(ep: TokenEpisode) -> list[list[int]]:
    """The runs of model tokens (mask 1) of an episode, in order."""
    runs: list[list[int]] = []
    previous = 0
    for token, m in zip(ep.completion_ids, ep.env_mask, strict=True):
        if m == 1:
            if previous == 0:
                runs.append([])
            runs[-1].append(token)
        previous = m
    return runs


def _normalised(tok: Any, ep: TokenEpisode) -> str:
    """The episode's tokens decoded, each model-generated end token read as the template's <|im_end|>
    (the one normalisation ``rollout_tokens`` allows)."""
    end = tok.convert_tokens_to_ids(END)
    ids = [
        end if m == 1 and t == tok.eos_token_id else t
        for t, m in zip(ep.completion_ids, ep.env_mask, strict=True)
    ]
    return str(tok.decode(ep.prompt_ids + ids, skip_special_tokens=False))


def _check_faithful(
    tok: Any, ep: TokenEpisode, task: Task, written: list[list[int]], tools: Any = None
) -> None:
    n = len(ep.completion_ids)
    assert len(ep.env_mask) == n and len(ep.logprobs) == n
    assert set(ep.env_mask) <= {0, 1}
    assert all((lp != 0.0) == (m == 1) for lp, m in zip(ep.logprobs, ep.env_mask, strict=True))
    assert _segments(ep) == written  # every generated token, exactly, in order; nothing else unmasked
    start = ep.messages[: len(task.history) + 2]  # system prompt, H0, query
    assert start[-1] == {"role": "user", "content": task.query}
    assert tok.decode(ep.prompt_ids) == tok.apply_chat_template(
        start, tools=tools, add_generation_prompt=True, tokenize=False
    )
    played = ep.messages
    if ep.truncated:  # T_max: the last turn's feedback is in the chat, not in the tokens
        last = max(i for i, m in enumerate(played) if m["role"] == "assistant")
        played = played[: last + 1]
    rendered = tok.apply_chat_template(played, tools=tools, add_generation_prompt=False, tokenize=False)
    # the template ends the last turn with <|im_end|> (the model's own end token, normalised; the
    # template's when the model's last reply was cut before it) and may add a newline: no tokens of the
    # episode, which ends with the model's last token
    ended = ep.completion_ids[-1] in (tok.eos_token_id, tok.convert_tokens_to_ids(END))
    tails = ("", "\n") if ended else (END, END + "\n")
    assert rendered in [_normalised(tok, ep) + tail for tail in tails]


@pytest.mark.parametrize("template", ["hermes", "qwen3"])
@pytest.mark.parametrize("tool_format", ["compact", "schema"])
def test_oracle_replays_are_token_faithful(tok: Any, template: str, tool_format: str) -> None:
    qwen = template == "qwen3"
    tok.chat_template = QWEN3_STYLE if qwen else TEMPLATE
    thought = THOUGHT if qwen else ""

    def reply(task: Task, turn: int) -> str:
        return thought + (task.oracle[turn] if turn < len(task.oracle) else "Done.")

    # the Qwen3-style model ends its turns with <|im_end|>, the Hermes one with <|endoftext|>, which the
    # template writes as <|im_end|>
    script = Scripted(tok, PLAN, reply, end=tok.convert_tokens_to_ids(END) if qwen else None)
    eps = rollout_tokens(
        [t.id for t in PLAN], tokenizer=tok, backend=script, split="bench", tool_format=tool_format,
        max_episode_tokens=60_000, recall="oracle",
    )  # fmt: skip
    assert [e.task_id for e in eps] == [t.id for t in PLAN]
    assert [e.task_id for e in eps if e.reward != 1.0] == []  # the env got every call, without reasoning
    assert {e.outcome for e in eps} == {"ok"} and not any(e.truncated for e in eps)
    assert [e.turns for e in eps] == [len(t.oracle) for t in PLAN]
    for ep, task in zip(eps, PLAN, strict=True):
        tools = None
        if tool_format == "schema":
            env = gym.make("mpb/MobilePA-v0", split="bench", recall="oracle")
            first = env.reset(options={"task_id": task.id})[1]
            tools = [{"type": "function", "function": s["function"]} for s in first["tools"]]
        _check_faithful(tok, ep, task, script.written[task.id], tools)
        text = tok.decode(ep.prompt_ids + ep.completion_ids)
        if qwen:  # the template kept every turn's reasoning: all of them follow the last user query
            assert text.count(THOUGHT.strip()) == ep.turns
    # under Skill-Only Routing the loader adds the skill's tools mid-episode, and the feedback of the
    # load announces them in the chat
    loaded = [e for e, t in zip(eps, PLAN, strict=True) if t.routing == "SOR"]
    assert loaded and all('"new_tools":[' in tok.decode(e.completion_ids) for e in loaded)


def test_a_template_that_refuses_tool_messages_gets_the_feedback_as_user_turns(tok: Any) -> None:
    tok.chat_template = STRICT_TEMPLATE  # as Mistral's: tool results need call ids, roles alternate
    plan = PLAN[:8]
    script = Scripted(tok, plan)
    eps = rollout_tokens(
        [t.id for t in plan],
        tokenizer=tok,
        backend=script,
        split="bench",
        tool_format="compact",
        recall="oracle",
    )
    assert [e.reward for e in eps] == [1.0] * len(plan)
    for ep, task in zip(eps, plan, strict=True):
        _check_faithful(tok, ep, task, script.written[task.id])
        assert not any(m["role"] == "tool" for m in ep.messages)


@pytest.mark.parametrize(
    ("template", "problem"),
    [(R1_STYLE, "does not reproduce the reply"), (COUNTING, "rewrites the earlier conversation")],
)
def test_a_template_that_is_not_prefix_preserving_is_refused(tok: Any, template: str, problem: str) -> None:
    tok.chat_template = template
    task = next(t for t in PLAN if len(t.oracle) >= 2)
    script = Scripted(tok, [task], lambda task, turn: THOUGHT + task.oracle[turn])
    with pytest.raises(ValueError, match=f"not prefix-preserving: .*{problem}"):
        rollout_tokens([task.id], tokenizer=tok, backend=script, split="bench")


def test_the_episode_budget_cuts_and_flags(tok: Any) -> None:
    tok.chat_template = TEMPLATE
    task = next(t for t in PLAN if len(t.oracle) >= 3)
    full = rollout_tokens(
        [task.id], tokenizer=tok, backend=Scripted(tok, [task]), split="bench", recall="oracle"
    )[0]
    assert full.outcome == "ok" and full.reward == 1.0
    total = len(full.prompt_ids) + len(full.completion_ids)
    first_reply = len(_segments(full)[0])
    # a budget that ends inside the first reply, one inside the last feedback, one a token short
    for budget in (len(full.prompt_ids) + first_reply // 2, total - len(_segments(full)[-1]) - 2, total - 1):
        ep = rollout_tokens(
            [task.id],
            tokenizer=tok,
            backend=Scripted(tok, [task]),
            split="bench",
            max_episode_tokens=budget,
            recall="oracle",
        )[0]
        assert ep.outcome == "budget" and ep.truncated and ep.reward == 0.0
        # the verdict of the episode ended where it stands (a state task may already pass): reward 0 anyway
        assert ep.verdict is not None and "success" in ep.verdict
        if budget < len(full.prompt_ids) + first_reply:  # cut in the first reply: the env saw nothing
            assert (
                ep.turns == 0
                and ep.verdict["success"] is False
                and _segments(ep)[0] == _segments(full)[0][: budget - len(full.prompt_ids)]
            )
        assert len(ep.prompt_ids) + len(ep.completion_ids) <= budget
        assert ep.completion_ids == full.completion_ids[: len(ep.completion_ids)]  # a prefix of the full run
    out = trl_rollout_output([full, ep])  # what a TRL rollout_func returns
    assert out["completion_ids"] == [full.completion_ids, ep.completion_ids]
    assert out["env_mask"][1] == ep.env_mask and out["env_reward"] == [1.0, 0.0]
    assert out["outcome"] == ["ok", "budget"] and out["logprobs"][0] == full.logprobs
    exact = rollout_tokens(
        [task.id],
        tokenizer=tok,
        backend=Scripted(tok, [task]),
        split="bench",
        max_episode_tokens=total,
        recall="oracle",
    )[0]
    assert exact == full  # an episode that just fits is not cut


def test_a_turn_cut_by_max_turn_tokens_gets_the_templates_end_token_as_env_token(tok: Any) -> None:
    """Every reply runs on past its oracle call and is cut by ``max_turn_tokens``: no end token was
    generated, so the template's <|im_end|> follows it as an env token (mask 0), and the episode goes on."""
    tok.chat_template = TEMPLATE
    plan = [t for t in PLAN if len(t.oracle) >= 3][:4]
    tail = " and then some more words" * 20

    def reply(task: Task, turn: int) -> str:
        return (task.oracle[turn] if turn < len(task.oracle) else "Done.") + tail

    limit = max(len(tok.encode(turn, add_special_tokens=False)) for t in plan for turn in t.oracle) + 4
    script = Scripted(tok, plan, reply)
    eps = rollout_tokens(
        [t.id for t in plan],
        tokenizer=tok,
        backend=script,
        split="bench",
        recall="oracle",
        max_turn_tokens=limit,
    )
    end = tok.convert_tokens_to_ids(END)
    for ep, task in zip(eps, plan, strict=True):
        assert ep.outcome == "ok" and ep.turns >= 2
        assert all(len(w) == limit and w[-1] != tok.eos_token_id for w in script.written[task.id])
        _check_faithful(tok, ep, task, script.written[task.id])
        after = [
            j + 1 for j in range(len(ep.env_mask) - 1) if ep.env_mask[j] == 1 and ep.env_mask[j + 1] == 0
        ]
        assert after and all(ep.completion_ids[j] == end for j in after)  # the template's end token, masked


def test_a_budget_below_the_first_prompt_is_refused_before_generating(tok: Any) -> None:
    tok.chat_template = TEMPLATE
    script = Scripted(tok, PLAN[:3])
    with pytest.raises(ValueError, match="max_episode_tokens=200 leaves no room to generate"):
        rollout_tokens(
            [t.id for t in PLAN[:3]], tokenizer=tok, backend=script, split="bench", max_episode_tokens=200
        )
    assert script.calls == 0


def _same(got: list[TokenEpisode], expected: list[TokenEpisode]) -> None:
    """Equal episodes, but for logprobs within float noise: a row's logits in a padded batch differ from
    those it gets alone by about 1e-6."""
    assert [dataclasses.replace(e, logprobs=[]) for e in got] == [
        dataclasses.replace(e, logprobs=[]) for e in expected
    ]
    for a, b in zip(got, expected, strict=True):
        assert a.logprobs == pytest.approx(b.logprobs, abs=1e-5)


def _recomputed(model: Any, ep: TokenEpisode, temperature: float, top_k: int | None) -> list[float]:
    """Each model token's logprob from one forward pass over the whole episode (same warping)."""
    ids = torch.tensor([ep.prompt_ids + ep.completion_ids])
    with torch.no_grad():
        logits = model(ids).logits[0].float()
    out = []
    start = len(ep.prompt_ids)
    for j, (token, m) in enumerate(zip(ep.completion_ids, ep.env_mask, strict=True)):
        if m == 0:
            continue
        row = logits[start + j - 1]
        if temperature > 0:
            row = row / temperature
            if top_k:
                kth = torch.topk(row, top_k).values[-1]
                row = torch.where(row < kth, torch.tensor(float("-inf")), row)
        out.append(float(torch.log_softmax(row, -1)[token]))
    return out


class FirstTurnScripted:
    """Turn 0 from the oracle (so episodes go on past it), then the model: its later turns come after
    env tokens, which is where a misaligned position would show."""

    def __init__(self, script: Scripted, backend: HFBackend) -> None:
        self.script, self.backend, self.rounds = script, backend, 0
        self.stop_ids = backend.stop_ids

    def generate(self, prompts: Any, max_new_tokens: Any, seeds: Any) -> Any:
        self.rounds += 1
        source = self.script if self.rounds == 1 else self.backend
        return source.generate(prompts, max_new_tokens, seeds)


@pytest.mark.parametrize(("temperature", "top_k"), [(0.0, None), (0.8, 40), (1.0, None)])
def test_logprobs_are_the_models_own(tok: Any, model: Any, temperature: float, top_k: int | None) -> None:
    tok.chat_template = TEMPLATE
    plan = [t for t in PLAN if len(t.oracle) >= 2][:4]
    ids = [plan[0].id, *[t.id for t in plan], plan[0].id]  # prompts of different lengths, and a group
    backend = HFBackend(model, tok, temperature=temperature, top_k=top_k)
    mixed = FirstTurnScripted(Scripted(tok, plan), backend)
    eps = rollout_tokens(ids, tokenizer=tok, backend=mixed, split="bench", max_turn_tokens=24, max_turns=3)
    later = 0
    for ep in eps:
        assert len(ep.env_mask) == len(ep.completion_ids) == len(ep.logprobs)
        mine = [lp for lp, m in zip(ep.logprobs, ep.env_mask, strict=True) if m == 1]
        again = _recomputed(model, ep, temperature, top_k)
        first = len(_segments(ep)[0])  # the scripted turn: logprobs -0.5, not the model's
        assert mine[:first] == [-0.5] * first
        assert mine[first:] == pytest.approx(again[first:], abs=1e-4)
        later += len(mine) - first
    assert later > 0
    if temperature == 1.0:  # the copies of one task sample differently
        assert eps[0].completion_ids != eps[-1].completion_ids
    if temperature == 0.0:
        assert eps[0].completion_ids == eps[-1].completion_ids


def test_a_greedy_model_picks_the_argmax_whatever_its_generation_config(tok: Any, model_dir: Path) -> None:
    """The checkpoint's generation config asks for a repetition penalty, a minimum length and sampling:
    none of it reaches generation (the logprobs would not be those of the tokens' distribution)."""
    tok.chat_template = TEMPLATE
    model = AutoModelForCausalLM.from_pretrained(model_dir)
    config = model.generation_config
    config.repetition_penalty, config.min_new_tokens, config.do_sample, config.top_k = 3.0, 40, True, 5
    ep = rollout_tokens(
        [PLAN[0].id], tokenizer=tok, backend=HFBackend(model, tok, temperature=0.0), split="bench",
        max_turn_tokens=16,
    )[0]  # fmt: skip
    assert model.generation_config is config and config.repetition_penalty == 3.0  # handed back
    ids = torch.tensor([ep.prompt_ids + ep.completion_ids])
    with torch.no_grad():
        logits = model(ids).logits[0]
    start = len(ep.prompt_ids)
    reply = _segments(ep)[0]
    assert reply == [int(logits[start + j - 1].argmax()) for j in range(len(reply))]
    assert len(reply) == 16 or reply[-1] == tok.eos_token_id


def test_two_runs_are_identical_and_the_seed_matters(tok: Any, model: Any) -> None:
    tok.chat_template = TEMPLATE
    ids = [PLAN[1].id] * 3 + [PLAN[2].id]

    def play(seed: int, batch_size: int | None = None) -> list[TokenEpisode]:
        backend = HFBackend(model, tok, temperature=1.0, batch_size=batch_size)
        return rollout_tokens(
            ids, tokenizer=tok, backend=backend, split="bench", max_turn_tokens=20, seed=seed
        )

    torch.manual_seed(3)
    expected = torch.rand(3)
    torch.manual_seed(3)
    first = play(1)
    assert torch.equal(torch.rand(3), expected)  # the caller's random state is left alone
    assert play(1) == first
    _same(play(1, batch_size=1), first)  # a row's draws do not depend on its batch
    assert play(2) != first
    assert len({tuple(e.completion_ids) for e in first[:3]}) == 3  # a group's copies differ
    assert row_seed(1, PLAN[1].id, 0, 0) != row_seed(1, PLAN[1].id, 1, 0) != row_seed(1, PLAN[1].id, 0, 1)


def test_vllm_server_backend_matches_the_in_process_one(
    tok: Any, model: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TRL's own ``VLLMClient`` against a local server that answers like vLLM with the same tiny model:
    the episodes equal those of ``HFBackend`` with the same settings, one request per row with its seed."""
    import trl.generation.vllm_client as client_module

    monkeypatch.setattr(client_module, "is_vllm_available", lambda *a, **k: True)  # vllm is not installed
    tok.chat_template = TEMPLATE
    plan = [t for t in PLAN if len(t.oracle) >= 2][:3]
    ids = [plan[0].id, plan[0].id, plan[1].id, plan[2].id]
    settings = {"tokenizer": tok, "split": "bench", "max_turn_tokens": 12, "max_turns": 3, "seed": 5}
    local = HFBackend(model, tok, temperature=0.9, top_k=30)
    expected = rollout_tokens(ids, backend=FirstTurnScripted(Scripted(tok, plan), local), **settings)
    with FakeVLLM(model, tok) as server:
        remote = VLLMServerBackend(base_url=server.url, temperature=0.9, top_k=30)
        got = rollout_tokens(ids, backend=FirstTurnScripted(Scripted(tok, plan), remote), **settings)
    _same(got, expected)
    assert server.requests and all(len(r["prompt"]) == 1 for r in server.requests)  # one row per request
    assert {r["seed"] for r in server.requests} == {
        row_seed(5, i, c, 1) for i, c in [(ids[0], 0), (ids[1], 1), (ids[2], 0), (ids[3], 0)]
    }
    assert all(
        r["max_tokens"] <= 12 and r["logprobs"] == 0 and r["temperature"] == 0.9 for r in server.requests
    )


# ------------------------------------------------------------------------------ compact tool rendering
def test_compact_lines_mark_optional_arguments_types_and_enums() -> None:
    schema = {
        "type": "function",
        "function": {
            "name": "send_thing",
            "description": "Send a thing.",
            "parameters": {
                "type": "object",
                "properties": {
                    "to": {"type": "array", "items": {"type": "string"}},
                    "mode": {"type": "string", "enum": ["fast", "slow"]},
                    "count": {"type": "integer"},
                    "note": {"type": "string"},
                },
                "required": ["to", "mode"],
            },
        },
    }
    assert compact_tool(schema) == "send_thing(to: [str], mode: fast|slow, count?: int, note?): Send a thing"
    assert render_tools([schema, schema], "compact").count("\n") == 1
    assert render_tools([schema], "schema").startswith('{"name":"send_thing"')
    with pytest.raises(ValueError, match="unknown tool format"):
        render_tools([schema], "yaml")


def test_compact_envs_list_the_tools_and_announce_added_ones_in_order() -> None:
    task = next(t for t in ALL if t.id.endswith("@SOR"))
    env = gym.make("mpb/MobilePA-v0", split="bench", tool_format="compact")
    _, info = env.reset(options={"task_id": task.id})
    system = info["messages"][0]["content"]
    lines = system.split("\n")
    assert [compact_tool(s) for s in info["tools"]] == lines[len(lines) - len(info["tools"]) :]
    plain = gym.make("mpb/MobilePA-v0", split="bench").reset(options={"task_id": task.id})[1]
    assert plain["tools"] == info["tools"]  # the same schemas ride in the info under both formats
    assert system.startswith(COMPACT_SYSTEM_PROMPT.split("{now}")[0])  # the shorter rules, then the tools
    assert plain["messages"][0]["content"].startswith(SYSTEM_PROMPT.split("{now}")[0])
    assert plain["messages"][1:] == info["messages"][1:]  # history and query alike
    obs, _, _, _, step = env.step(task.oracle[0])
    assert SKILL_LOADER in task.oracle[0] and "tools" in step
    before = [s["function"]["name"] for s in info["tools"]]
    after = [s["function"]["name"] for s in step["tools"]]
    assert after[: len(before)] == before  # append-only
    entry = next(m for m in step["messages"] if m["role"] == "tool")
    announced = re.findall(r'"new_tools":\[(.*?)\]', entry["content"])
    assert announced and all(f'"{compact_tool(s)}"'.replace('"', "") in announced[0].replace('"', "")
                             for s in step["tools"][len(before):])  # fmt: skip
    with pytest.raises(ValueError, match="unknown tool_format"):
        gym.make("mpb/MobilePA-v0", tool_format="xml")


def test_compact_system_messages_state_the_syntax_once_and_every_argument() -> None:
    """Under compact the system message still names every offered tool, each argument (``arg?`` when
    optional) and every enum value, and gives the call syntax exactly once."""
    env = gym.make("mpb/MobilePA-v0", split="bench", tool_format="compact")
    for task in ALL[::97]:
        info = env.reset(options={"task_id": task.id})[1]
        system = info["messages"][0]["content"]
        assert system.count("<tool_call>") == 1 and system.count('"arguments"') == 1
        lines = system.split("\n")
        for schema in info["tools"]:
            fn = schema["function"]
            line = next(x for x in lines if x.startswith(f"{fn['name']}("))
            required = set(fn["parameters"].get("required", ()))
            for arg, spec in fn["parameters"].get("properties", {}).items():
                assert re.search(rf"[(, ]{arg}{'' if arg in required else '[?]'}[:,)]", line), (arg, line)
                assert all(str(v) in line for v in spec.get("enum", ())), (arg, line)


def test_compact_prompts_are_far_shorter(tok: Any) -> None:
    tok.chat_template = TEMPLATE
    script = Scripted(tok, PLAN[:10], lambda task, turn: "Done.")
    ids = [t.id for t in PLAN[:10]]
    kw = {"tokenizer": tok, "backend": script, "split": "bench", "max_episode_tokens": 60_000}
    compact = rollout_tokens(ids, tool_format="compact", **kw)
    schema = rollout_tokens(ids, tool_format="schema", **kw)
    ratios = [len(c.prompt_ids) / len(s.prompt_ids) for c, s in zip(compact, schema, strict=True)]
    assert max(ratios) < 0.5
