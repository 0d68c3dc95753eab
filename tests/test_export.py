"""Runs as training data: ``mpb export`` (replayed, checked chat records), ``sft_dataset`` (tokens and
assistant masks) and the SFT example's smoke run."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import datasets
import orjson
import pytest
from transformers import AutoTokenizer

from hf_model import STRICT_TEMPLATE, TEMPLATE, build
from mpb_env.parsing import ToolCall, parse_turn
from mpb_env.rollouts.cli import main
from mpb_env.rollouts.export import ExportError, read_export, run_records
from mpb_env.rollouts.policies import OraclePolicy
from mpb_env.rollouts.runner import read_trajectories, run
from mpb_env.rollouts.sft import sft_dataset
from mpb_env.tasks import load_tasks, task_index

ROOT = Path(__file__).resolve().parents[1]


def _example(name: str) -> Any:
    """A training example's module, loaded from its file (the examples are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(
        f"example_{name}", ROOT / "training_examples" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass reads its module's namespace while it is built
    spec.loader.exec_module(module)
    return module


#: A Qwen2.5-style template that renders ``tools`` and ``tool_calls`` (``hf_model.TEMPLATE`` renders
#: neither calls nor ids: the text fallback): the one the SFT example's ``--smoke`` tokenizer gets.
TOOL_TEMPLATE = _example("sft_oracle").SMOKE_TEMPLATE


def _eval(out: Path, *extra: str) -> None:
    assert main(["eval", "--split", "starter", "--out", str(out), "--no-progress", *extra]) == 0


@pytest.fixture(scope="module")
def oracle_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The oracle over the starter split without ``search_tools`` (the paper-strict action set): 51 of 52
    episodes pass (a gold tool outside the top 15 fails the other), skill loads widen A_t."""
    out = tmp_path_factory.mktemp("runs") / "oracle-strict"
    _eval(out, "--policy", "oracle", "--no-tool-search")
    return out


@pytest.fixture(scope="module")
def random_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("runs") / "random"
    _eval(out, "--policy", "random")
    return out


@pytest.fixture(scope="module")
def tokenizer(tmp_path_factory: pytest.TempPathFactory) -> Any:
    path = build(tmp_path_factory.mktemp("tok") / "tiny", [t.query for t in load_tasks("starter")])
    return AutoTokenizer.from_pretrained(path)


def _error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mpb: error: "), err
    return err[0]


# --------------------------------------------------------------------------- export
def test_export_replays_the_run_into_chat_records(oracle_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "export"
    assert main(["export", str(oracle_run), "--out", str(out)]) == 0
    records = read_export(out)
    trajectories = read_trajectories(oracle_run / "trajectories.jsonl")
    assert [r["task_id"] for r in records] == [t.task_id for t in trajectories]
    assert sum(r["success"] for r in records) == 51 and len(records) == 52
    index = task_index("starter")
    for rec, traj in zip(records, trajectories, strict=True):
        assert rec["verdict"] == traj.verdict and rec["reward"] == traj.reward
        assert rec["actions"] == [t["action"] for t in traj.turns]
        task, msgs = index[rec["task_id"]], rec["messages"]
        prompt = msgs[: rec["prompt_messages"]]
        assert prompt[0]["role"] == "system" and prompt[-1] == {"role": "user", "content": task.query}
        assert len(prompt) == 2 + len(task.history)
        names = [t["function"]["name"] for t in rec["tools"]]
        assert len(names) == len(set(names)) and len(rec["turn_tools"]) == len(traj.turns)
        assert "search_tools" not in names  # replayed with the run's own settings: no tool search
        rest = msgs[rec["prompt_messages"] :]
        for t, turn in enumerate(traj.turns):
            assert rec["turn_tools"][t] == names[: len(rec["turn_tools"][t])]  # A_t: a prefix, growing
            assistant = rest.pop(0)
            assert assistant["role"] == "assistant"
            if not turn["observation"]:  # the final message
                assert assistant == {"role": "assistant", "content": turn["action"]}
                continue
            calls = assistant["tool_calls"]
            parsed = [c for c in parse_turn(turn["action"]).calls if isinstance(c, ToolCall)]
            assert [(c["function"]["name"], c["function"]["arguments"]) for c in calls] == [
                (c.name, c.arguments) for c in parsed
            ]
            results = [rest.pop(0) for _ in calls]
            assert [m["tool_call_id"] for m in results] == [c["id"] for c in calls]
            assert all(m["role"] == "tool" for m in results)
            assert orjson.loads(turn["observation"]) == [orjson.loads(m["content"]) for m in results]
        assert rest == []
    grown = {r["task_id"] for r in records if len(r["turn_tools"][-1]) > len(r["turn_tools"][0])}
    by_id = {r["task_id"]: r for r in records}
    # The recall completes create_event with grant_app_permission: the permission prompt adds nothing.
    assert "basic-010" not in grown and "grant_app_permission" in by_id["basic-010"]["turn_tools"][0]
    assert any(tid.startswith("skill-") for tid in grown)  # load_skill added the skill's tools
    summary = orjson.loads((out / "export.json").read_bytes())
    assert summary["episodes"] == 52 and summary["successes"] == 51 and summary["only_success"] is False


def test_dataset_round_trip_and_only_success(oracle_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "ok"
    assert main(["export", str(oracle_run), "--out", str(out), "--only-success"]) == 0
    records = read_export(out)
    assert len(records) == 51 and all(r["success"] for r in records)
    ds = datasets.load_from_disk(str(out / "dataset"))
    assert ds.num_rows == 51
    assert [ds[i] for i in range(ds.num_rows)] == records  # every value back as written
    full = tmp_path / "full"
    assert main(["export", str(oracle_run), "--out", str(full)]) == 0
    kept = datasets.load_from_disk(str(full / "dataset")).filter(lambda r: r["success"])
    assert kept["task_id"] == [r["task_id"] for r in records]


def test_export_of_a_random_run_and_the_oracle_over_a_split(random_run: Path, tmp_path: Path) -> None:
    records = run_records(random_run)
    assert len(records) == 52 and not any(r["success"] for r in records)
    assert run_records(random_run, only_success=True) == []
    out = tmp_path / "oracle"
    assert main(["export", "--oracle", "--split", "starter", "--out", str(out)]) == 0
    oracle = read_export(out)
    assert len(oracle) == 52 and all(r["success"] and r["policy"] == "oracle" for r in oracle)


def test_malformed_turns_are_kept_as_written(tmp_path: Path) -> None:
    task = task_index("starter")["basic-001"]
    bad = '<tool_call>{"name": "create_alarm", "arguments": {bad}</tool_call>'

    class Stumbling(OraclePolicy):
        """A malformed call first (the start info has no turn), then the oracle's turns."""

        label = "stumbling"

        def act(self, observations: list[str], infos: list[dict[str, Any]]) -> list[str]:
            if "turn" not in infos[0]:
                return [bad]
            return super().act(observations, [{**i, "turn": i["turn"] - 1} for i in infos])  # one late

    out = tmp_path / "run"
    run([task], Stumbling({task.id: task}), recall="oracle", out=out, progress=False)
    (record,) = run_records(out)
    assert record["success"] and record["malformed_turns"] == [0]
    first = record["messages"][record["prompt_messages"]]
    assert first == {"role": "assistant", "content": bad}
    error = record["messages"][record["prompt_messages"] + 1]
    assert error["role"] == "tool" and "tool_call_id" not in error
    assert orjson.loads(error["content"])["error_type"] == "ParseError"


@pytest.mark.parametrize(
    "case",
    [
        "missing",
        "no-run",
        "not-empty",
        "no-source",
        "oracle-without-tasks",
        "changed-task",
        "changed-feedback",
    ],
)
def test_bad_input_is_one_error_line_and_nothing_written(
    case: str, oracle_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    source = oracle_run
    if case == "missing":
        source = tmp_path / "nowhere"
    elif case == "no-run":
        source = tmp_path / "empty"
        source.mkdir()
    elif case == "not-empty":
        out.mkdir()
        (out / "keep.txt").write_text("mine")
    elif case in ("changed-task", "changed-feedback"):
        source = tmp_path / "copy"
        source.mkdir()
        for name in ("run.json", "report.json", "trajectories.jsonl"):
            (source / name).write_bytes((oracle_run / name).read_bytes())
        if case == "changed-task":  # another version of the suite under the same ids
            manifest = orjson.loads((source / "run.json").read_bytes())
            manifest["tasks"] = "0" * 12 + manifest["tasks"][12:]
            (source / "run.json").write_bytes(orjson.dumps(manifest))
        else:
            lines = (source / "trajectories.jsonl").read_bytes().splitlines()
            first = orjson.loads(lines[0])
            first["turns"][0]["observation"] = first["turns"][0]["observation"].replace("success", "error", 1)
            (source / "trajectories.jsonl").write_bytes(b"\n".join([orjson.dumps(first), *lines[1:]]) + b"\n")
    argv = {
        "no-source": ["export", "--out", str(out)],
        "oracle-without-tasks": ["export", "--oracle", "--out", str(out)],
    }.get(case, ["export", str(source), "--out", str(out)])
    before = sorted(p.name for p in tmp_path.iterdir())
    assert main(argv) == 2
    line = _error_line(capsys)
    expected = {
        "missing": "no run directory",
        "no-run": "holds no run",
        "not-empty": "already exists and is not empty",
        "no-source": "give RUN_DIR",
        "oracle-without-tasks": "--oracle needs the tasks",
        "changed-task": "basic-001): its task has changed since the run",
        "changed-feedback": "does not reproduce the run: turn 1's feedback differs",
    }[case]
    assert expected in line
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no export, no temporary directory
    if case == "not-empty":
        assert [p.name for p in out.iterdir()] == ["keep.txt"]


def test_run_records_refuses_a_run_still_being_written(oracle_run: Path, tmp_path: Path) -> None:
    from filelock import FileLock

    copy = tmp_path / "live"
    copy.mkdir()
    for name in ("run.json", "trajectories.jsonl"):
        (copy / name).write_bytes((oracle_run / name).read_bytes())
    with FileLock(copy / "run.lock"), pytest.raises(ExportError, match="still writing"):
        run_records(copy)
    assert len(run_records(copy)) == 52  # no report.json: the task is found by its digest in any split


# --------------------------------------------------------------------------- sft_dataset
def _masked_runs(ids: list[int], mask: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for i, (token, m) in enumerate(zip(ids, mask, strict=True)):
        if m:
            if i == 0 or not mask[i - 1]:
                runs.append([])
            runs[-1].append(token)
    return runs


def _expected_turn(message: dict[str, Any]) -> str:
    """What TOOL_TEMPLATE writes for an assistant message (``tojson`` is ``json.dumps``, unescaped)."""
    calls = []
    for c in message.get("tool_calls", []):
        arguments = json.dumps(c["function"]["arguments"], ensure_ascii=False)
        calls.append(
            f'<tool_call>\n{{"name": "{c["function"]["name"]}", "arguments": {arguments}}}\n</tool_call>'
        )
    parts = [message["content"]] if message["content"] else []
    return "\n".join(parts + calls) + "<|im_end|>"


def test_masks_cover_exactly_the_assistant_turns(oracle_run: Path, tokenizer: Any) -> None:
    tokenizer.chat_template = TOOL_TEMPLATE
    records = run_records(oracle_run, only_success=True)
    ds = sft_dataset(tokenizer, run_dir=oracle_run)
    assert set(ds.column_names) >= {"input_ids", "attention_mask", "assistant_masks"}
    by_task: dict[str, list[dict[str, Any]]] = {}
    for row in ds:
        assert len(row["input_ids"]) == len(row["attention_mask"]) == len(row["assistant_masks"])
        assert set(row["attention_mask"]) == {1}
        by_task.setdefault(row["task_id"], []).append(row)
    assert list(by_task) == [r["task_id"] for r in records]
    for rec in records:
        rows = by_task[rec["task_id"]]
        turns = [m for m in rec["messages"][rec["prompt_messages"] :] if m["role"] == "assistant"]
        decoded = [
            tokenizer.decode(run)
            for row in rows
            for run in _masked_runs(row["input_ids"], row["assistant_masks"])
        ]
        assert decoded == [_expected_turn(m) for m in turns], rec["task_id"]
        assert [t for row in rows for t in row["turns"]] == list(range(len(turns)))
        if len(set(map(len, rec["turn_tools"]))) == 1:  # one action set: one sequence, the whole chat
            assert len(rows) == 1
            whole = tokenizer.apply_chat_template(rec["messages"], tools=rec["tools"], tokenize=False)
            assert tokenizer.decode(rows[0]["input_ids"]) == whole
    # A_t grew at turn 2 (load_skill added the skill's tools): a second sequence whose system turn
    # lists them.
    first, second = by_task["skill-003@MTSR"]
    assert (first["turns"], second["turns"]) == ([0], [1, 2, 3, 4, 5, 6])
    assert "create_automation_rule" in tokenizer.decode(second["input_ids"]).split("<|im_end|>")[0]
    assert "create_automation_rule" not in tokenizer.decode(first["input_ids"]).split("<|im_end|>")[0]


@pytest.mark.parametrize("template", ["plain", "strict"])
def test_a_template_without_tool_calls_gets_them_as_text(
    oracle_run: Path, tokenizer: Any, template: str
) -> None:
    # Both render content only; the strict one (Mistral's checks) also refuses tool messages, so the
    # feedback of each turn goes as one user message, as HFPolicy sends it.
    tokenizer.chat_template = TEMPLATE if template == "plain" else STRICT_TEMPLATE
    records = run_records(oracle_run, only_success=True)[:10]
    ds = sft_dataset(tokenizer, records=records)
    for rec in records:
        turns = [m for m in rec["messages"][rec["prompt_messages"] :] if m["role"] == "assistant"]
        runs = [
            tokenizer.decode(run)
            for row in ds
            if row["task_id"] == rec["task_id"]
            for run in _masked_runs(row["input_ids"], row["assistant_masks"])
        ]
        assert len(runs) == len(turns) and all(r.endswith("<|im_end|>") for r in runs)
        for text, message in zip(runs, turns, strict=True):
            parsed = parse_turn(text.removesuffix("<|im_end|>"))
            calls = [(c.name, c.arguments) for c in parsed.calls]
            assert calls == [
                (c["function"]["name"], c["function"]["arguments"]) for c in message.get("tool_calls", [])
            ]
            if not calls:
                assert parsed.content == message["content"]
    text = tokenizer.decode(ds[0]["input_ids"])
    assert ("<|im_start|>user\n[{" in text) == (template == "strict")


def test_a_template_that_rewrites_earlier_turns_gets_a_sequence_per_turn(
    oracle_run: Path, tokenizer: Any
) -> None:
    # As Qwen3's drops the reasoning of earlier turns: here only the last assistant turn has a think block.
    last = "'<|im_start|>assistant\\n' + ('<think></think>' if loop.last else '') + m.content"
    tokenizer.chat_template = TOOL_TEMPLATE.replace("'<|im_start|>assistant\\n' + m.content", last)
    (record,) = [r for r in run_records(oracle_run) if r["task_id"] == "basic-002"]
    turns = [m for m in record["messages"][record["prompt_messages"] :] if m["role"] == "assistant"]
    assert len(turns) >= 2
    ds = sft_dataset(tokenizer, records=[record])
    assert ds["turns"] == [[t] for t in range(len(turns))]
    for row, message in zip(ds, turns, strict=True):
        runs = _masked_runs(row["input_ids"], row["assistant_masks"])
        assert [tokenizer.decode(r) for r in runs] == ["<think></think>" + _expected_turn(message)]


def test_malformed_turns_and_max_length(oracle_run: Path, tokenizer: Any) -> None:
    tokenizer.chat_template = TOOL_TEMPLATE
    (record,) = [r for r in run_records(oracle_run) if r["task_id"] == "basic-001"]
    whole = sft_dataset(tokenizer, records=[record])
    assert whole["turns"] == [[0, 1]]
    skipped = sft_dataset(tokenizer, records=[{**record, "malformed_turns": [0]}])
    assert skipped["turns"] == [[1]] and skipped["input_ids"] == whole["input_ids"]
    runs = _masked_runs(skipped["input_ids"][0], skipped["assistant_masks"][0])
    assert [tokenizer.decode(r) for r in runs] == [record["messages"][-1]["content"] + "<|im_end|>"]
    n = len(whole["input_ids"][0])
    cut_at = n - 3
    with pytest.warns(UserWarning, match="were cut"):
        cut = sft_dataset(tokenizer, records=[record], max_length=cut_at)
    assert (
        len(cut["input_ids"][0]) == cut_at
        and cut["assistant_masks"][0] == whole["assistant_masks"][0][:cut_at]
    )
    with pytest.warns(UserWarning, match="dropped"):
        assert sft_dataset(tokenizer, records=[record], max_length=10).num_rows == 0
    with pytest.raises(ValueError, match="one source"):
        sft_dataset(tokenizer, "train", run_dir=oracle_run)


def test_trl_sft_trainer_takes_the_dataset_as_is(oracle_run: Path, tokenizer: Any, tmp_path: Path) -> None:
    from transformers import AutoModelForCausalLM
    from trl import SFTConfig, SFTTrainer

    tokenizer.chat_template = TOOL_TEMPLATE
    ds = sft_dataset(tokenizer, run_dir=oracle_run, limit=3)
    config = SFTConfig(
        output_dir=str(tmp_path),
        max_length=None,
        use_cpu=True,
        bf16=False,
        report_to="none",
        disable_tqdm=True,
        activation_checkpointing=False,
    )
    model = AutoModelForCausalLM.from_pretrained(tokenizer.name_or_path)
    trainer = SFTTrainer(model=model, args=config, train_dataset=ds, processing_class=tokenizer)
    prepared = trainer.train_dataset
    assert prepared.num_rows == ds.num_rows == 3
    for row, source in zip(prepared, ds, strict=True):  # not re-tokenised; labels from the mask
        assert row["input_ids"] == source["input_ids"]
        masked = zip(source["input_ids"], source["assistant_masks"], strict=True)
        assert row["labels"] == [t if m else -100 for t, m in masked]


# --------------------------------------------------------------------------- the example
def test_sft_example_smoke(tmp_path: Path) -> None:
    out = tmp_path / "sft"
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "training_examples" / "sft_oracle.py"),
            "--smoke",
            "--output-dir",
            str(out),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    losses = [float(m.group(2)) for m in re.finditer(r"^step (\d+) loss (\d+\.\d+)$", proc.stdout, re.M)]
    assert len(losses) == 4 and all(0 < x < 20 for x in losses)
    assert (out / "config.json").is_file() and (out / "tokenizer.json").is_file()


def test_sft_example_refuses_a_missing_model(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-model"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "training_examples" / "sft_oracle.py"), "--model", str(missing)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [f"sft_oracle.py: error: no model directory {str(missing)!r}"]
    assert proc.stdout == ""
