"""Rollouts: policies, the local executor and reports, on a small hand-made task list."""

from __future__ import annotations

import re

import orjson
import pytest

from mpb_env.rollouts.chat import ChatPolicy
from mpb_env.rollouts.policies import NullPolicy, OraclePolicy, Policy, RandomPolicy, make_policy
from mpb_env.rollouts.report import build_report, format_table
from mpb_env.rollouts.runner import (
    TIMINGS_FILE,
    TRAJECTORIES_FILE,
    Shard,
    Trajectory,
    drive,
    read_trajectories,
    run_local,
)
from mpb_env.tasks import load_tasks
from mpb_env.tasks.model import Task, episodes
from mpb_env.world.generate import load_world

V = "rollouts-test-v1"


def call(name: str, **arguments: object) -> str:
    return orjson.dumps({"name": name, "arguments": arguments}).decode()


def _clock_without_notifications() -> dict:
    clock = load_world("S").tables["apps"]["clock"]
    return {**clock, "permissions": {**clock["permissions"], "NOTIFICATIONS": False}}


def make_tasks() -> list[Task]:
    """Four runnable basic tasks, one per kind of check the runner must get right."""
    alarm = Task(
        id="ro-alarm",
        version=V,
        dimension="basic",
        category="grounding",
        bucket="tool",
        query="Set an alarm for 5:40 called Ferry.",
        gold={"calls": [{"name": "create_alarm", "arguments": {"time": "05:40", "label": "Ferry"}}]},
        gold_tools=["create_alarm"],
        oracle=[call("create_alarm", time="05:40", label="Ferry"), "Your 5:40 alarm 'Ferry' is set."],
    )
    perm = Task(
        id="ro-perm",
        version=V,
        dimension="basic",
        category="recovery",
        bucket="state",
        query="Remind me to buy milk.",
        s0_patch={"apps": {"clock": _clock_without_notifications()}},
        gold={
            "delta": [
                {
                    "table": "apps",
                    "op": "update",
                    "key": "clock",
                    "fields": {"permissions": {"NOTIFICATIONS": True}},
                },
                {"table": "reminders", "op": "create", "fields": {"title": "Buy milk"}},
            ]
        },
        gold_tools=["create_reminder", "grant_app_permission"],
        frictions=["permission"],
        oracle=[
            call("create_reminder", title="Buy milk"),
            call("grant_app_permission", app_id="clock", permission="NOTIFICATIONS"),
            call("create_reminder", title="Buy milk"),
            "I turned on Clock notifications and added the reminder to buy milk.",
        ],
    )
    fault = Task(
        id="ro-fault",
        version=V,
        dimension="basic",
        category="recovery",
        bucket="tool",
        query="Wake me at 4:50.",
        faults=[{"tool": "create_alarm"}],
        gold={"calls": [{"name": "create_alarm", "arguments": {"time": "04:50"}}]},
        gold_tools=["create_alarm"],
        frictions=["runtime_error"],
        oracle=[
            call("create_alarm", time="04:50"),
            call("create_alarm", time="04:50"),
            "Alarm set for 4:50.",
        ],
    )
    refuse = Task(
        id="ro-refuse",
        version=V,
        dimension="basic",
        category="recovery",
        bucket="behavior",
        query="Start a timer for 200 hours.",
        gold={"rubric": {"final_kind": "refusal", "must_include": [["99:59:59"]], "forbid_mutations": True}},
        gold_tools=["start_timer"],
        frictions=["capability_limit"],
        oracle=[
            call("start_timer", duration_seconds=720000),
            "Sorry, I can't: the Clock app's timers run at most 99:59:59.",
        ],
    )
    return [alarm, perm, fault, refuse]


TASKS = make_tasks()


def _skill_task() -> Task:
    return Task(
        id="ro-skill",
        version=V,
        dimension="skill",
        category="routine",
        bucket="tool",
        query="Run my morning routine.",
        gold={"calls": []},
        gold_skill="skill_morning",
        oracle=["Done."],
    )


# --------------------------------------------------------------------------- policies
def test_builtins_satisfy_the_protocol() -> None:
    for policy in (OraclePolicy({}), NullPolicy(), RandomPolicy(0)):
        assert isinstance(policy, Policy)


@pytest.mark.parametrize(
    ("spec", "kind"), [("oracle", OraclePolicy), ("null", NullPolicy), ("Random", RandomPolicy)]
)
def test_make_policy(spec: str, kind: type) -> None:
    assert isinstance(make_policy(spec, TASKS, seed=3), kind)


def test_make_policy_builds_a_chat_policy_keeping_the_model_name() -> None:
    policy = make_policy(" OpenAI:Qwen/Qwen3-8B ", TASKS, seed=3, chat={"base_url": "http://127.0.0.1:9/v1"})
    assert isinstance(policy, ChatPolicy) and policy.model == "Qwen/Qwen3-8B" and policy.seed == 3


@pytest.mark.parametrize(
    ("spec", "named"),
    [("gpt", "oracle"), ("", "oracle"), ("openai:", "model name"), ("hf:/models/x", "no model directory")],
)
def test_make_policy_rejects_unknown_specs_in_one_line(spec: str, named: str) -> None:
    with pytest.raises(ValueError) as err:
        make_policy(spec, TASKS)
    assert "\n" not in str(err.value) and named in str(err.value)


def test_oracle_policy_replays_turns_per_slot() -> None:
    index = {t.id: t for t in TASKS}
    policy = OraclePolicy(index)
    policy.reset(0, {"task_id": "ro-alarm"})
    policy.reset(1, {"task_id": "ro-perm"})
    first = policy.act(["q0", "q1"], [{}, {}])
    assert first == [index["ro-alarm"].oracle[0], index["ro-perm"].oracle[0]]
    # Entries may name their slot explicitly (a partial batch); the turn picks the oracle's turn, so a
    # repeated call (the executor's retry of a failed batch) repeats it.
    assert policy.act(["o"], [{"slot": 1, "turn": 1}]) == [index["ro-perm"].oracle[1]]
    assert policy.act(["o"], [{"slot": 1, "turn": 1}]) == [index["ro-perm"].oracle[1]]
    with pytest.raises(KeyError):
        policy.reset(0, {"task_id": "missing"})


def test_oracle_policy_expands_skill_variants() -> None:
    policy = make_policy("oracle", [_skill_task()])
    policy.reset(0, {"task_id": "ro-skill@MTSR"})
    assert policy.act(["q"], [{}]) == ["Done."]


def test_random_policy_is_deterministic_and_follows_the_action_set() -> None:
    tools = [{"type": "function", "function": {"name": "list_alarms"}}]
    a, b = RandomPolicy(7), RandomPolicy(7)
    for p in (a, b):
        p.reset(0, {"task_id": "ro-alarm", "tools": tools})
    seq_a = [a.act(["o"], [{"turn": t}])[0] for t in range(30)]
    seq_b = [b.act(["o"], [{"turn": t}])[0] for t in range(30)]
    assert a.act(["o"], [{"turn": 29}]) == [seq_a[-1]]  # a repeated call (a retry) repeats the turn
    assert seq_a == seq_b
    calls = [orjson.loads(x) for x in seq_a if x.startswith("{")]
    assert calls and {c["name"] for c in calls} == {"list_alarms"}
    # A step info that carries "tools" replaces the action set.
    new = [{"type": "function", "function": {"name": "list_reminders"}}]
    later = [a.act(["o"], [{"tools": new, "turn": 30 + t}])[0] for t in range(30)]
    assert {orjson.loads(x)["name"] for x in later if x.startswith("{")} == {"list_reminders"}


def test_random_policy_without_tools_ends_the_episode() -> None:
    p = RandomPolicy(0)
    p.reset(0, {"task_id": "x", "tools": []})
    assert not p.act(["o"], [{}])[0].startswith("{")


# --------------------------------------------------------------------------- runner
def test_oracle_scores_100_and_null_0() -> None:
    oracle = run_local(TASKS, make_policy("oracle", TASKS), recall="oracle", world_size="S", progress=False)
    assert [t.task_id for t in oracle] == [t.id for t in TASKS]
    assert all(t.success and t.reward == 1.0 for t in oracle), [t.verdict for t in oracle]
    null = run_local(TASKS, NullPolicy(), world_size="S", progress=False)
    assert not any(t.success for t in null)
    assert all(t.steps == 0 and len(t.turns) == 1 for t in null)
    rep = build_report(oracle, TASKS)
    assert rep["basic"] == 100.0 and rep["episodes"] == 4
    assert build_report(null, TASKS)["basic"] == 0.0


def test_trajectory_counts() -> None:
    perm = TASKS[1]
    (traj,) = run_local(
        [perm], make_policy("oracle", [perm]), recall="oracle", world_size="S", progress=False
    )
    assert traj.steps == 3 and traj.tool_errors == 1 and traj.error_types == ["PermissionDenied"]
    # system + query, then (assistant + tool) x 3, then the final assistant message
    assert traj.messages == 2 + 2 * 3 + 1
    assert traj.output_tokens == sum(len(a.split()) for a in perm.oracle)
    assert traj.turns[-1] == {"action": perm.oracle[-1], "observation": ""}
    assert traj.recall == "oracle" and traj.gold_recall == 1.0 and not traj.truncated
    assert set(traj.timings) == {"env_s", "policy_s"}


def test_truncation_is_checked() -> None:
    looping = TASKS[0].model_copy(update={"id": "ro-loop", "oracle": [call("list_alarms")] * 5})
    (traj,) = run_local(
        [looping],
        make_policy("oracle", [looping]),
        recall="oracle",
        max_turns=3,
        world_size="S",
        progress=False,
    )
    assert traj.truncated and len(traj.turns) == 3 and not traj.success and traj.verdict["reasons"]


def test_runs_are_byte_identical_and_leave_the_world_unwritten(tmp_path) -> None:
    digest = load_world("S").digest()
    paths = []
    for run in ("a", "b"):
        out = tmp_path / run
        trajs = run_local(
            TASKS * 2, RandomPolicy(11), seed=11, recall="all", world_size="S", out=out, progress=False
        )
        assert len(trajs) == 8
        paths.append(out / TRAJECTORIES_FILE)
        assert (out / TIMINGS_FILE).exists()
    assert paths[0].read_bytes() == paths[1].read_bytes()
    assert b"env_s" not in paths[0].read_bytes()
    loaded = read_trajectories(paths[0])
    assert [t.model_dump(exclude={"timings"}) for t in loaded] == [
        t.model_dump(exclude={"timings"}) for t in trajs
    ]
    oracle_out = tmp_path / "oracle"
    run_local(
        TASKS, make_policy("oracle", TASKS), recall="oracle", world_size="S", out=oracle_out, progress=False
    )
    assert load_world("S").digest() == digest


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("recall", ["bm25", "all"])
def test_random_policy_runs_without_raising(seed: int, recall: str) -> None:
    trajs = run_local(TASKS, RandomPolicy(seed), seed=seed, recall=recall, world_size="S", progress=False)
    assert len(trajs) == len(TASKS)
    for t in trajs:
        assert 1 <= len(t.turns) <= 15 and t.tool_errors <= t.steps
        assert isinstance(t.verdict["success"], bool)


def test_empty_task_list() -> None:
    assert run_local([], NullPolicy(), progress=False) == []


# --------------------------------------------------------------------------- report
def _traj(task: Task, success: bool, steps: int = 2, tokens: int = 10) -> Trajectory:
    return Trajectory(
        task_id=task.id,
        dimension=task.dimension,
        category=task.category,
        bucket=task.bucket,
        routing=task.routing,
        steps=steps,
        output_tokens=tokens,
        success=success,
    )


def test_report_keys_breakdowns_and_full_denominator() -> None:
    skill = _skill_task()
    tasks = [*TASKS, skill]
    plan = episodes(tasks)
    assert [t.id for t in plan][-2:] == ["ro-skill@SOR", "ro-skill@MTSR"]
    # Alarm and the SOR skill episode succeed; ro-refuse has no trajectory at all (counts as a failure).
    trajs = [_traj(t, t.id in {"ro-alarm", "ro-skill@SOR"}) for t in plan if t.id != "ro-refuse"]
    rep = build_report(trajs, tasks)
    for key in ("overall", "basic", "subagent", "memory", "skill", "episodes", "ci95", "counts"):
        assert key in rep
    assert isinstance(rep["episodes"], int) and rep["episodes"] == 6 and rep["completed"] == 5
    assert rep["basic"] == 25.0 and rep["skill"] == 50.0 and rep["memory"] is None
    assert rep["overall"] == pytest.approx(0.5 * 25 + 0.2 * 50)
    assert rep["avg_steps"] == 2.0 and rep["avg_output_tokens"] == 10.0
    assert rep["by_category"]["basic"]["recovery"] == {"episodes": 3, "successes": 0, "rate": 0.0}
    assert rep["by_category"]["bucket"]["tool"]["episodes"] == 4
    assert rep["by_routing"] == {
        "SOR": {"episodes": 1, "successes": 1, "rate": 100.0},
        "MTSR": {"episodes": 1, "successes": 0, "rate": 0.0},
    }
    text = format_table(rep)
    for label in ("Overall", "Basic", "Sub-agent", "Memory", "Skills", "Avg steps", "Avg output tokens"):
        assert label in text
    assert "[" in text and "basic/recovery" in text and "routing/SOR" in text
    header, score = text.splitlines()[:2]
    assert len(header) == len(score)
    assert "this selection has no Sub-agent, Memory episodes (they count 0)" in text  # a partial Overall


def test_async_policies_are_awaited_by_the_executor() -> None:
    import asyncio

    class AsyncOracle:
        def __init__(self) -> None:
            self.inner = make_policy("oracle", TASKS)
            self.calls = 0

        def reset(self, slot: int, info: dict) -> None:
            self.inner.reset(slot, info)

        async def act(self, observations: list[str], infos: list[dict]) -> list[str]:
            self.calls += 1
            await asyncio.sleep(0)
            return self.inner.act(observations, infos)

    policy = AsyncOracle()
    trajs = run_local(TASKS, policy, recall="oracle", world_size="S", progress=False)
    sync = run_local(TASKS, make_policy("oracle", TASKS), recall="oracle", world_size="S", progress=False)
    assert policy.calls > 0 and [t.line() for t in trajs] == [t.line() for t in sync]
    assert all(t.success for t in trajs)


def test_async_policies_work_inside_a_running_event_loop() -> None:
    """From a notebook or an ``async`` program the caller's loop is running: act is awaited elsewhere."""
    import asyncio

    class AsyncNull:
        label = "null"

        def reset(self, slot: int, info: dict) -> None:
            return None

        async def act(self, observations: list[str], infos: list[dict]) -> list[str]:
            await asyncio.sleep(0)
            return ["Done."] * len(observations)

    async def main() -> list[Trajectory]:
        return run_local(TASKS, AsyncNull(), world_size="S", progress=False)

    trajs = asyncio.run(main())
    assert [t.line() for t in trajs] == [
        t.line() for t in run_local(TASKS, NullPolicy("Done."), world_size="S", progress=False)
    ]


@pytest.mark.parametrize(
    ("reply", "error"),
    [
        (["Done."], None),  # wrong for the batch of 4, right for each slot alone: the retry plays them
        (["Done."] * 9, r"ValueError: policy\.act returned 9 actions for 1 observations"),
        ("Done.", r"TypeError: policy\.act must return a list of 1 actions, got str"),
        (None, r"TypeError: policy\.act must return a list of 1 actions, got NoneType"),
    ],
)
def test_a_policy_returning_the_wrong_number_of_actions_fails_its_episodes_with_a_clear_reason(
    reply: object, error: str | None
) -> None:
    class Broken:
        def reset(self, slot: int, info: dict) -> None:
            return None

        def act(self, observations: list[str], infos: list[dict]) -> object:
            return reply

    trajs = run_local(TASKS, Broken(), world_size="S", progress=False)
    assert [t.task_id for t in trajs] == [t.id for t in TASKS]  # the run completes, every episode once
    if error is None:
        assert {t.outcome for t in trajs} == {"ok"} and all(t.turns[0]["action"] == "Done." for t in trajs)
    else:
        assert {t.outcome for t in trajs} == {"policy_error"} and not any(t.reward_valid for t in trajs)
        assert all(re.fullmatch(error, t.error or "") for t in trajs)


def test_report_counts_each_copy_of_a_repeated_episode() -> None:
    alarm = TASKS[0]
    rep = build_report([_traj(alarm, True), _traj(alarm, False)], [alarm, alarm])
    assert rep["episodes"] == 2 and rep["completed"] == 2
    assert rep["counts"]["basic"] == {"episodes": 2, "successes": 1} and rep["basic"] == 50.0
    rep = build_report([_traj(alarm, True)], [alarm, alarm])  # the second copy never ran: a failure
    assert rep["counts"]["basic"] == {"episodes": 2, "successes": 1} and rep["completed"] == 1


def test_an_action_that_is_not_utf8_is_recorded_not_fatal(tmp_path) -> None:
    class Surrogate(NullPolicy):
        def act(self, observations: list[str], infos: list[dict]) -> list[str]:
            return ["Done \udcff"] * len(observations)

    trajs = run_local(TASKS, Surrogate(), world_size="S", out=tmp_path / "run", progress=False)
    lines = read_trajectories(tmp_path / "run" / TRAJECTORIES_FILE)
    assert len(lines) == len(trajs) == len(TASKS) and lines[0].turns[0]["action"] == "Done ?"


class KeyRecorder:
    """The oracle, handed only ``info_keys``; it records the keys of every info it is given."""

    def __init__(self, info_keys: tuple[str, ...] | None) -> None:
        self.inner = make_policy("oracle", TASKS)
        self.info_keys = info_keys
        self.reset_with: set[frozenset[str]] = set()  # reset's infos (the slot is an argument)
        self.started: set[frozenset[str]] = set()  # act's infos before an episode's first step
        self.stepped: set[frozenset[str]] = set()

    def reset(self, slot: int, info: dict) -> None:
        self.reset_with.add(frozenset(info))
        self.inner.reset(slot, info)

    def act(self, observations: list[str], infos: list[dict]) -> list[str]:
        for info in infos:
            (self.stepped if "turn" in info else self.started).add(frozenset(info))
        return self.inner.act(observations, infos)


def test_a_policy_is_handed_only_the_info_keys_it_names() -> None:
    full = run_local(TASKS, make_policy("oracle", TASKS), recall="oracle", world_size="S", progress=False)
    lean = KeyRecorder(())
    assert [t.line() for t in run_local(TASKS, lean, recall="oracle", world_size="S", progress=False)] == [
        t.line() for t in full
    ]  # what the policy is handed changes nothing in the trajectories
    assert lean.reset_with == {frozenset({"task_id"})}
    assert lean.started == {frozenset({"task_id", "slot"})}
    assert lean.stepped == {frozenset({"task_id", "turn", "slot"})}

    skills = [t for t in load_tasks("starter") if t.dimension == "skill"][:2]  # their oracles load skills
    tools = KeyRecorder(("tools", "messages"))
    tools.inner = make_policy("oracle", skills)
    run_local(skills, tools, world_size="S", progress=False)
    assert tools.started == {frozenset({"task_id", "tools", "messages", "slot"})}
    assert frozenset({"task_id", "turn", "messages", "slot"}) in tools.stepped
    assert frozenset({"task_id", "turn", "messages", "tools", "slot"}) in tools.stepped  # A_t grew

    every = KeyRecorder(None)
    run_local(TASKS, every, recall="oracle", world_size="S", progress=False)
    assert frozenset({"task_id", "dimension", "messages", "tools", "recall", "slot"}) in every.started


@pytest.mark.parametrize(
    "keys", [5, "tools", ["tools", 3], [["tools"]], (k for k in ["tools"]), iter(["tools"])]
)
def test_bad_info_keys_are_a_clear_error_before_the_run_starts(tmp_path, keys: object) -> None:
    policy = KeyRecorder(None)
    policy.info_keys = keys  # type: ignore[assignment]
    with pytest.raises(TypeError, match="info_keys must be None or a collection of str"):
        run_local(TASKS, policy, world_size="S", progress=False, out=tmp_path / "run")
    assert not (tmp_path / "run").exists()


def test_a_shard_keeps_task_id_and_turn_whatever_keys_it_is_given() -> None:
    """Starts are told from steps by the lack of a turn: a shard given keys without it still resets
    the policy once per episode."""
    shard = Shard(list(enumerate(TASKS)), 2, recall="oracle", world_size="S", info_keys=frozenset())
    policy = KeyRecorder(())
    resets = []
    policy.reset = lambda slot, info: (resets.append(slot), policy.inner.reset(slot, info))  # type: ignore[method-assign]
    done: list = []
    running, _ = shard.start()
    drive(policy, {0: running}, 2, lambda requests, shares: {0: shard.step(requests[0])}, done.extend)
    assert len(resets) == len(TASKS) and all(t.success for _, t in done)
