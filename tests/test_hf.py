"""The in-process transformers policy (``hf:PATH``) with a tiny model built here (see ``hf_model``).

Scripted to write each task's oracle turns, it must score what the oracle scores: the chat template
got the tools, the replies were decoded into actions the phone runs, and the phone's feedback reached
the next prompt; with a template that refuses tool messages (as Mistral's) the feedback comes back as
user turns. Unscripted (random weights) it must still finish every episode cleanly.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import orjson
import pytest
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

from hf_model import END, STRICT_TEMPLATE, TEMPLATE, build, scripted
from mpb_env.episode import Episode
from mpb_env.prompts import compact_tool
from mpb_env.rollouts.cli import main
from mpb_env.rollouts.hf import HFPolicy
from mpb_env.rollouts.policies import make_policy
from mpb_env.rollouts.runner import run
from mpb_env.tasks import load_tasks
from mpb_env.tasks.model import Task, episodes
from mpb_env.world.generate import load_world

ALL = episodes(load_tasks("bench"))


def _sample() -> list[Task]:
    """Two episodes per dimension with distinct queries (a skill task under each routing)."""
    picked: list[Task] = []
    for dim in ("basic", "subagent", "memory", "skill"):
        pool = [t for t in ALL[::7] if t.dimension == dim and len(t.oracle) <= 4]
        if dim == "skill":
            pool = [next(t for t in pool if t.routing == "SOR"), next(t for t in pool if t.routing == "MTSR")]
        picked += [t for t in pool if t.query not in {p.query for p in picked}][:2]
    return picked


PLAN = _sample()


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    texts = [t.query for t in ALL[:300]] + [turn for t in PLAN for turn in t.oracle]
    return build(tmp_path_factory.mktemp("tiny-lm"), texts)


def _policy(path: Path, **kw: Any) -> HFPolicy:
    return HFPolicy(str(path), device="cpu", max_new_tokens=kw.pop("max_new_tokens", 400), **kw)


def _watch(tokenizer: Any, script: Any) -> tuple[Any, list[str]]:
    """``script`` as a ``prefix_allowed_tokens_fn`` that also keeps each prompt (the first step of a
    reply: the input ends with the assistant header)."""
    prompts: list[str] = []
    header = tokenizer.encode("assistant\n", add_special_tokens=False)

    def watched(row: int, ids: Any) -> list[int]:
        if ids[-len(header) :].tolist() == header:
            prompts.append(tokenizer.decode(ids.tolist()))
        return script(row, ids)

    return watched, prompts


def _tokens(tokenizer: Any, text: str) -> int:
    return len(tokenizer.encode(text, add_special_tokens=False))


def test_scripted_model_scores_like_the_oracle(model_dir: Path) -> None:
    probe = _policy(model_dir)

    def reply(task: Task, turn: int) -> str:
        return task.oracle[turn] if turn < len(task.oracle) else "Done."

    watched, prompts = _watch(probe.tokenizer, scripted(probe.tokenizer, PLAN, reply))
    policy = _policy(model_dir, batch_size=3, generate_kwargs={"prefix_allowed_tokens_fn": watched})
    trajs = run(PLAN, policy, recall="oracle", progress=False, batch_size=4)
    assert [t.task_id for t in trajs if not t.success] == []
    tok = policy.tokenizer
    for t, task in zip(trajs, PLAN, strict=True):  # every generated token counted, the end token too
        assert t.output_tokens == sum(_tokens(tok, o) + 1 for o in task.oracle)
    assert len(prompts) == sum(len(t.turns) for t in trajs)  # one prompt per reply
    assert all("<tools>" in p and '"name":' in p for p in prompts)  # the template listed the tools
    assert any("<tool_response>" in p and '"status":"success"' in p for p in prompts)  # feedback came back


def test_a_loaded_reasoning_model_with_two_end_ids(model_dir: Path) -> None:
    """As Qwen3: the turn ends with <|im_end|>, one of two eos ids of the generation config and not the
    tokenizer's eos; the config asks for sampling (greedy must still be greedy); the tokenizer has no pad
    token; each reply opens with a <think> block, which the phone never sees and the chat keeps. The
    model is passed loaded, and the run's batch of 4 is generated in chunks of 2."""
    tok = AutoTokenizer.from_pretrained(model_dir)
    tok.pad_token = None
    model = AutoModelForCausalLM.from_pretrained(model_dir)
    end = tok.convert_tokens_to_ids(END)
    config = model.generation_config
    config.eos_token_id = [end, tok.eos_token_id]
    config.do_sample, config.temperature, config.top_k = True, 0.6, 20
    thought = "<think>\nI look it up first.\n</think>\n\n"

    def reply(task: Task, turn: int) -> str:
        return thought + (task.oracle[turn] if turn < len(task.oracle) else "Done.")

    watched, prompts = _watch(tok, scripted(tok, PLAN, reply, end=end))
    policy = HFPolicy(
        model,
        tokenizer=tok,
        max_new_tokens=400,
        batch_size=2,
        generate_kwargs={"prefix_allowed_tokens_fn": watched},
    )
    assert policy.device == "cpu" and tok.pad_token_id == tok.eos_token_id
    model.train()  # a model being trained: generation runs in eval mode and hands it back training
    trajs = run(PLAN, policy, recall="oracle", progress=False, batch_size=4)
    assert model.training
    assert [t.task_id for t in trajs if not t.success] == []
    for t, task in zip(trajs, PLAN, strict=True):
        assert [turn["action"] for turn in t.turns] == list(task.oracle)  # sent without the reasoning
        assert t.output_tokens == sum(_tokens(tok, thought + o) + 1 for o in task.oracle)
    assert any(p.count(thought.strip()) >= 2 for p in prompts)  # earlier replies kept their reasoning


def test_a_template_without_tool_messages_gets_the_feedback_as_user_turns(model_dir: Path) -> None:
    tok = AutoTokenizer.from_pretrained(model_dir)
    tok.chat_template = STRICT_TEMPLATE  # as Mistral's: tool results need call ids, roles alternate
    model = AutoModelForCausalLM.from_pretrained(model_dir)
    plan = PLAN[:4]
    watched, prompts = _watch(tok, scripted(tok, plan))
    policy = HFPolicy(
        model, tokenizer=tok, max_new_tokens=400, generate_kwargs={"prefix_allowed_tokens_fn": watched}
    )
    trajs = run(plan, policy, recall="oracle", progress=False)
    assert [t.task_id for t in trajs if not t.success] == []
    assert any('<|im_start|>user\n[{"name":' in p and '"status":"success"' in p for p in prompts)
    assert not any("<tool_response>" in p for p in prompts)


def test_a_template_that_cannot_render_the_chat_fails_the_episode(model_dir: Path) -> None:
    tok = AutoTokenizer.from_pretrained(model_dir)
    tok.chat_template = "{{ raise_exception('System role not supported') }}"
    policy = HFPolicy(AutoModelForCausalLM.from_pretrained(model_dir), tokenizer=tok)
    (traj,) = run(PLAN[:1], policy, progress=False)
    assert traj.outcome == "policy_error"
    assert "cannot render the conversation: TemplateError: System role not" in (traj.error or "")


def test_random_weights_finish_every_episode_the_same_way_twice(model_dir: Path) -> None:
    plan = PLAN[:4]
    runs = [
        [
            t.model_dump(exclude={"timings"})
            for t in run(plan, _policy(model_dir, max_new_tokens=12), progress=False, max_turns=3)
        ]
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert all(t["turns"] and t["output_tokens"] <= 12 * len(t["turns"]) for t in runs[0])


def test_sampling_is_seeded_and_leaves_the_callers_random_state(model_dir: Path) -> None:
    plan = PLAN[:2]

    def play(seed: int) -> list[list[str]]:
        pol = _policy(model_dir, max_new_tokens=10, temperature=1.0, seed=seed)
        return [[turn["action"] for turn in t.turns] for t in run(plan, pol, progress=False, max_turns=2)]

    torch.manual_seed(7)
    expected = torch.rand(4)
    torch.manual_seed(7)
    first = play(1)
    assert torch.equal(torch.rand(4), expected)
    assert play(1) == first
    assert play(2) != first


def test_generate_kwargs_override_the_settings(model_dir: Path) -> None:
    policy = _policy(model_dir, max_new_tokens=50, generate_kwargs={"max_new_tokens": 3, "do_sample": False})
    assert 'generate_kwargs={"do_sample":false,"max_new_tokens":3}' in policy.label
    trajs = run(PLAN[:2], policy, progress=False, max_turns=2)
    assert all(0 < t.output_tokens <= 3 * len(t.turns) for t in trajs)


def test_an_episode_outgrowing_the_context_ends_and_the_rest_go_on(model_dir: Path) -> None:
    probe = _policy(model_dir)
    # Episodes that need two calls or more: one ended after its first call cannot have succeeded yet.
    plan = [t for t in PLAN if len(t.oracle) >= 3][:4]
    script = scripted(probe.tokenizer, plan)
    header = probe.tokenizer.encode("assistant\n", add_special_tokens=False)
    sizes: list[int] = []

    def measured(row: int, ids: Any) -> list[int]:
        if ids[-len(header) :].tolist() == header:  # a reply's first step: the prompt alone
            sizes.append(len(ids))
        return script(row, ids)

    run(plan, _policy(model_dir, generate_kwargs={"prefix_allowed_tokens_fn": measured}), recall="oracle",
        progress=False, batch_size=4, max_turns=1)  # fmt: skip
    # Every first prompt fits; the longest episode's second prompt (its first plus a turn) does not.
    policy = _policy(
        model_dir, max_prompt_tokens=max(sizes), generate_kwargs={"prefix_allowed_tokens_fn": script}
    )
    with pytest.warns(UserWarning, match="no longer fits the model's context") as caught:
        trajs = run(plan, policy, recall="oracle", progress=False, batch_size=4)
    ended = [t for t in trajs if t.turns[-1]["action"] == ""]
    assert ended and len(caught) == len(ended)  # one warning per episode that outgrew the context
    assert all(not t.success and t.turns[0]["action"] for t in ended)  # it acted before it outgrew it
    assert [t.task_id for t in trajs] == [t.id for t in plan]  # the run went on to the end


def test_cli_eval_with_a_local_model(model_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["eval", "--policy", f"hf:{model_dir}", "--limit", "2", "--max-tokens", "8", "--device", "cpu"]
    assert main([*argv, "--json", "--no-progress", "--max-turns", "2"]) == 0
    report = orjson.loads(capsys.readouterr().out)
    assert report["episodes"] == 2 and report["run"]["policy"] == f"hf:{model_dir}"


@pytest.mark.parametrize(
    ("spec", "kw", "message"),
    [
        ("hf:", {}, "model path or hub id"),
        ("hf:./no/such/dir", {}, "no model directory"),
        ("hf:x", {"max_new_tokens": 0}, ">= 1"),
        ("hf:x", {"temperature": 3.0}, "temperature"),
        ("hf:x", {"max_prompt_tokens": 0}, "max_prompt_tokens"),
        ("hf:x", {"generate_kwargs": {"input_ids": [1]}}, "cannot set input_ids"),
        ("hf:x", {"device": "cude"}, "bad device 'cude'"),
        ("hf:x", {"device": "cuda:99"}, "not available"),
    ],
)
def test_bad_settings_are_value_errors(spec: str, kw: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_policy(spec, [], chat=kw)


def test_a_directory_without_a_model_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot load model") as err:
        HFPolicy(str(tmp_path))
    assert "\n" not in str(err.value)


def test_a_home_relative_path_loads(model_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(model_dir.parent))
    policy = HFPolicy(f"~/{model_dir.name}", device="cpu")
    assert policy.label.startswith(f"hf:~/{model_dir.name}(")


def test_the_label_reads_int_and_float_settings_alike(model_dir: Path) -> None:
    # a run started with temperature=1 and resumed with 1.0 has the same settings
    a, b = _policy(model_dir, temperature=1, top_p=1), _policy(model_dir, temperature=1.0, top_p=1.0)
    assert a.label == b.label and "temperature=1.0" in a.label


def test_the_label_names_a_prompt_limit_given_to_the_policy(model_dir: Path) -> None:
    """``max_prompt_tokens`` decides which episodes end early: a run resumed with another value is
    another run, so the label (which a resume checks) names it when it is given."""
    default, limited = _policy(model_dir), _policy(model_dir, max_prompt_tokens=512)
    assert "max_prompt_tokens" not in default.label and "max_prompt_tokens=512" in limited.label
    assert _policy(model_dir, max_prompt_tokens=513).label != limited.label


def test_a_turn_a_stop_string_ends_counts_no_end_token(model_dir: Path) -> None:
    """With ``stop_strings``, a call turn stops as its ``</tool_call>`` is written: the padding after it
    (the eos token in this tokenizer) was not generated and is not counted; the final message, which
    the model ends with the eos token, counts it. The oracle's turns are the calls and final message."""
    probe = _policy(model_dir)
    tasks = PLAN[:3]

    def reply(task: Task, turn: int) -> str:
        last = turn == len(task.oracle) - 1
        return task.oracle[turn] if last else f"<tool_call>{task.oracle[turn]}</tool_call>"

    kwargs = {
        "prefix_allowed_tokens_fn": scripted(probe.tokenizer, tasks, reply),
        "stop_strings": ["</tool_call>"],
        "tokenizer": probe.tokenizer,
    }
    policy = _policy(model_dir, batch_size=3, generate_kwargs=kwargs)
    trajs = run(tasks, policy, recall="oracle", progress=False, batch_size=3)
    tok = policy.tokenizer
    for t, task in zip(trajs, tasks, strict=True):
        calls = [f"<tool_call>{o}</tool_call>" for o in task.oracle[:-1]]
        assert t.success and len(t.turns) == len(task.oracle)
        assert t.output_tokens == sum(_tokens(tok, c) for c in calls) + _tokens(tok, task.oracle[-1]) + 1


def test_a_reply_cut_off_inside_the_templates_think_block_is_no_final_message(model_dir: Path) -> None:
    """As QwQ's and Qwen3 thinking models' templates: the generation prompt opens ``<think>``, so a reply
    holds only its close. A reply that runs out of tokens before it is all reasoning (an empty final
    message, as a server's reasoning parser reads it), not an answer; a closed one acts after it."""
    tok = AutoTokenizer.from_pretrained(model_dir)
    tok.chat_template = TEMPLATE.replace("<|im_start|>assistant\n{%", "<|im_start|>assistant\n<think>\n{%")
    model = AutoModelForCausalLM.from_pretrained(model_dir)
    tasks = PLAN[:2]
    thought = "<think>\n" + "I look it up first. " * 20

    def reply(task: Task, turn: int) -> str:
        closed = task is tasks[1]
        return thought + (f"\n</think>\n\n{task.oracle[turn]}" if closed else "")

    script = scripted(tok, tasks, reply)

    def play(task: Task, max_new_tokens: int) -> Any:
        kwargs = {"prefix_allowed_tokens_fn": script}
        policy = HFPolicy(model, tokenizer=tok, max_new_tokens=max_new_tokens, generate_kwargs=kwargs)
        return run([task], policy, recall="oracle", progress=False)[0]

    cut, whole = play(tasks[0], 12), play(tasks[1], 400)
    assert [t["action"] for t in cut.turns] == [""] and cut.output_tokens == 12
    assert whole.success and [t["action"] for t in whole.turns] == list(tasks[1].oracle)


def test_a_turn_ends_at_the_tokenizers_eos_too(model_dir: Path) -> None:
    """A chat fine-tune whose tokenizer ends a turn with <|im_end|> while its generation config names only
    <|endoftext|>: generation stops at the turn's end (as a server does), not after max_new_tokens."""
    tok = AutoTokenizer.from_pretrained(model_dir)
    tok.eos_token = END
    model = AutoModelForCausalLM.from_pretrained(model_dir)
    assert model.generation_config.eos_token_id != tok.eos_token_id
    script = scripted(tok, PLAN[:2], end=tok.eos_token_id)
    steps: list[int] = []

    def counted(row: int, ids: Any) -> list[int]:
        steps.append(row)
        return script(row, ids)

    policy = HFPolicy(
        model, tokenizer=tok, max_new_tokens=300, generate_kwargs={"prefix_allowed_tokens_fn": counted}
    )
    trajs = run(PLAN[:2], policy, recall="oracle", progress=False, batch_size=1)
    assert all(t.success for t in trajs)
    generated = sum(t.output_tokens for t in trajs)  # each turn's tokens, its end included
    assert len(steps) == generated


def test_tool_call_and_think_tags_the_tokenizer_marks_special_stay_in_the_reply(model_dir: Path) -> None:
    """A fine-tune that added <tool_call> and <think> as special tokens: the reply keeps those tags (else
    "Let me check. {call}" would be read as the final message), and loses the other special tokens."""
    tok = AutoTokenizer.from_pretrained(model_dir)
    tok.add_tokens(["<tool_call>", "</tool_call>", "<think>", "</think>"], special_tokens=True)
    model = AutoModelForCausalLM.from_pretrained(model_dir)
    model.resize_token_embeddings(len(tok), mean_resizing=False)
    tasks = PLAN[:3]

    def reply(task: Task, turn: int) -> str:
        said = task.oracle[turn] if turn < len(task.oracle) else "Done."
        call = turn < len(task.oracle) - 1
        return "<think>\nchecking\n</think>\n\n" + (
            f"Let me check.\n<tool_call>{said}</tool_call>" if call else said
        )

    kwargs = {"prefix_allowed_tokens_fn": scripted(tok, tasks, reply)}
    policy = HFPolicy(model, tokenizer=tok, max_new_tokens=300, generate_kwargs=kwargs)
    trajs = run(tasks, policy, recall="oracle", progress=False)
    assert all(t.success for t in trajs)
    for t, task in zip(trajs, tasks, strict=True):
        calls = [f"Let me check.\n<tool_call>{o}</tool_call>" for o in task.oracle[:-1]]
        assert [turn["action"] for turn in t.turns] == [*calls, task.oracle[-1]]


def test_a_sampled_episode_does_not_depend_on_the_rows_it_is_generated_with(model_dir: Path) -> None:
    """Each row samples from a stream of its own, seeded from the policy's seed, its task and its turn:
    the same run played in other batch layouts (chunks of the policy, batch size and workers of the run)
    samples the same tokens, where one seed shared by the rows of a chunk made every episode's draws
    depend on which others were generated with it."""

    def play(chunk: int, batch_size: int, workers: int, seed: int = 3) -> list[list[str]]:
        pol = _policy(model_dir, max_new_tokens=10, temperature=1.0, seed=seed, batch_size=chunk)
        trajs = run(PLAN, pol, progress=False, max_turns=3, batch_size=batch_size, workers=workers)
        return [[turn["action"] for turn in t.turns] for t in trajs]

    alone = play(1, 1, 1)
    assert all(a != b for a, b in zip(alone, play(1, 1, 1, seed=4), strict=True))  # each one sampled
    for layout in [(8, 8, 1), (3, 3, 1), (2, 8, 2), (8, 3, 2)]:
        assert play(*layout) == alone, layout


def test_sampling_applies_the_top_k_of_the_settings_or_the_generation_config(model_dir: Path) -> None:
    """The rows' own sampler warps the scores as ``generate`` would: ``top_k=1`` from ``generate_kwargs``
    or from the checkpoint's generation config is greedy decoding, whatever the temperature."""
    plan = PLAN[:3]

    def play(policy: HFPolicy) -> list[list[str]]:
        return [[turn["action"] for turn in t.turns] for t in run(plan, policy, progress=False, max_turns=2)]

    greedy = play(_policy(model_dir, max_new_tokens=10, batch_size=3))
    top_1 = {"top_k": 1}
    assert play(_policy(model_dir, max_new_tokens=10, temperature=1.5, generate_kwargs=top_1)) == greedy
    assert play(_policy(model_dir, max_new_tokens=10, temperature=1.5)) != greedy
    model = AutoModelForCausalLM.from_pretrained(model_dir)
    model.generation_config.top_k = 1
    tok = AutoTokenizer.from_pretrained(model_dir)
    assert play(HFPolicy(model, tokenizer=tok, max_new_tokens=10, temperature=1.5)) == greedy


def test_a_template_that_ignores_tools_gets_them_in_the_system_message(model_dir: Path) -> None:
    """A chat template without tool support renders ``tools`` nowhere: the model would be asked to call
    tools it was never shown. The current action set is listed in the system message instead (as the
    chat policy's text mode does), and a loaded skill's tools appear there once they are offered."""
    tok = AutoTokenizer.from_pretrained(model_dir)
    tok.chat_template = TEMPLATE.replace(
        "{%- if tools %}\n<tools>\n{% for t in tools %}{{ t | tojson }}\n{% endfor %}</tools>{% endif -%}", ""
    )
    assert tok.chat_template != TEMPLATE
    plan = [t for t in PLAN if t.dimension == "skill"]
    watched, prompts = _watch(tok, scripted(tok, plan))
    policy = HFPolicy(
        AutoModelForCausalLM.from_pretrained(model_dir),
        tokenizer=tok,
        max_new_tokens=400,
        generate_kwargs={"prefix_allowed_tokens_fn": watched},
    )
    trajs = run(plan, policy, recall="oracle", progress=False)
    assert all(t.success for t in trajs)
    assert all(p.count("<tools>") == 1 and '"name":"load_skill"' in p for p in prompts)
    listed = [p.split("<tools>")[1].split("</tools>")[0].count('{"name":') for p in prompts]
    assert max(listed) > min(listed)  # a loaded skill's tools came in


def test_under_the_compact_format_the_prompt_holds_the_tool_lines_and_no_schemas(model_dir: Path) -> None:
    """``tool_format="compact"``: the template is given no ``tools`` (its ``<tools>`` block stays out),
    the prompt holds the env's one-line listing, and a loaded skill's tools reach the model in the
    feedback of the call that added them."""
    plan = [t for t in PLAN if t.dimension in ("basic", "skill")]
    probe = _policy(model_dir)
    watched, prompts = _watch(probe.tokenizer, scripted(probe.tokenizer, plan))
    policy = _policy(model_dir, batch_size=2, generate_kwargs={"prefix_allowed_tokens_fn": watched})
    given: list[Any] = []
    render = policy.tokenizer.apply_chat_template

    def spy(messages: Any, tools: Any = None, **kw: Any) -> Any:
        given.append(tools)
        return render(messages, tools=tools, **kw)

    policy.tokenizer.apply_chat_template = spy
    trajs = run(plan, policy, recall="oracle", progress=False, batch_size=4, tool_format="compact")
    assert [t.task_id for t in trajs if not t.success] == []
    assert given and all(tools is None for tools in given)
    assert len(prompts) == sum(len(t.turns) for t in trajs)
    assert not any("<tools>" in p or '"parameters"' in p.split("<|im_end|>")[0] for p in prompts)
    world = load_world("M")
    for task in plan:
        start = Episode(world, task, "oracle", tool_format="compact").start_info()
        lines = [compact_tool(s) for s in start["tools"]]
        mine = [p for p in prompts if f"{task.query}<|im_end|>" in p]
        assert mine and all(all(line in p for line in lines) for p in mine)
    assert any('"new_tools":' in p for p in prompts)  # a skill's tools, announced in its feedback


@pytest.mark.parametrize("given", [False, True])
def test_stop_strings_of_the_generation_config_stop_turns_and_count_alike_in_any_batch(
    model_dir: Path, given: bool
) -> None:
    """A checkpoint whose generation config names ``stop_strings``: ``generate`` needs the tokenizer for
    them (without it every turn failed), and a turn they end counts no end token, alone or batched (the
    padding after it in a batch was counted as one). The same for a config given in ``generate_kwargs``."""
    tok = AutoTokenizer.from_pretrained(model_dir)
    tasks = PLAN[:3]

    def reply(task: Task, turn: int) -> str:
        last = turn == len(task.oracle) - 1
        return task.oracle[turn] if last else f"<tool_call>{task.oracle[turn]}</tool_call>"

    def play(batch_size: int) -> list[int]:
        model = AutoModelForCausalLM.from_pretrained(model_dir)
        kwargs: dict = {"prefix_allowed_tokens_fn": scripted(tok, tasks, reply)}
        if given:
            kwargs["generation_config"] = copy.deepcopy(model.generation_config)
            kwargs["generation_config"].stop_strings = ["</tool_call>"]
        else:
            model.generation_config.stop_strings = ["</tool_call>"]
        policy = HFPolicy(model, tokenizer=tok, max_new_tokens=400, generate_kwargs=kwargs)
        trajs = run(tasks, policy, recall="oracle", progress=False, batch_size=batch_size)
        assert all(t.success for t in trajs)
        return [t.output_tokens for t in trajs]

    expected = [
        sum(_tokens(tok, f"<tool_call>{o}</tool_call>") for o in task.oracle[:-1])
        + _tokens(tok, task.oracle[-1])
        + 1
        for task in tasks
    ]
    assert play(1) == play(3) == expected


def test_the_row_sampler_draws_from_the_softmax_and_shrugs_off_rounding() -> None:
    """Each row's draw follows the softmax of its scores, depends only on its own seed, and survives the
    rounding differences a row's scores get in another batch layout (~1e-2 in bfloat16): near-uniform
    scores over a vocabulary move an inverse-CDF draw across many tokens, the Gumbel-max draw rarely."""
    from mpb_env.rollouts.hf import _RowSampler

    rows = 3000
    ids = torch.zeros(rows, 1, dtype=torch.long)
    scores = torch.log(torch.tensor([[1.0, 2.0, 3.0, 0.0]])).repeat(rows, 1)
    picks = _RowSampler(torch, [], list(range(rows)))(ids, scores).argmax(dim=-1)
    freq = torch.bincount(picks, minlength=4).double() / rows
    assert torch.allclose(freq, torch.tensor([1 / 6, 2 / 6, 3 / 6, 0.0], dtype=torch.float64), atol=0.03)
    alone = _RowSampler(torch, [], [7])(ids[:1], scores[:1])
    assert torch.equal(_RowSampler(torch, [], [5, 7])(ids[:2], scores[:2])[1:], alone)

    gen = torch.Generator().manual_seed(0)
    flat = torch.randn(200, 3000, generator=gen) * 0.1
    nudged = flat + (torch.rand(flat.shape, generator=gen) - 0.5) * 2e-2
    seeds = list(range(200))
    a = _RowSampler(torch, [], seeds)(ids[:200], flat).argmax(dim=-1)
    b = _RowSampler(torch, [], seeds)(ids[:200], nudged).argmax(dim=-1)
    assert (a != b).sum() <= 5  # an inverse-CDF draw changes for 15 of these 200 rows


def test_tiny_lm_is_the_same_for_a_seed_and_other_for_another() -> None:
    """``tiny_lm`` builds from code alone: the same arguments and seed give the same tokenizer and
    weights, another seed other weights over the same tokenizer; trained on the tools' schemas, the
    tokenizer writes one in far fewer tokens than one trained without them."""
    from mpb_env.domains import catalog
    from mpb_env.rollouts.tiny import tiny_lm

    def built(seed: int, **kw: Any) -> tuple[Any, dict[str, torch.Tensor]]:
        tok, model = tiny_lm(["Set an alarm for 7:30."], vocab_size=2000, seed=seed, **kw)
        return tok, model.state_dict()

    (tok_a, a), (tok_b, b), (tok_c, c) = built(3), built(3), built(4)
    assert (
        tok_a.backend_tokenizer.to_str()
        == tok_b.backend_tokenizer.to_str()
        == tok_c.backend_tokenizer.to_str()
    )
    assert a.keys() == b.keys() == c.keys()
    assert all(torch.equal(a[k], b[k]) for k in a)
    assert not all(torch.equal(a[k], c[k]) for k in a)
    schema = orjson.dumps(next(iter(catalog().values())).schema["function"]).decode()
    blind, _ = built(3, tools=())
    assert 2 * len(tok_a.encode(schema)) < len(blind.encode(schema))
