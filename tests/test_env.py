from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import gymnasium as gym
import orjson
import pytest
from gymnasium.utils.env_checker import check_env

import mpb_env
from mpb_env.domains import catalog
from mpb_env.envs import MobilePAEnv
from mpb_env.limits import Limits
from mpb_env.tasks import load_tasks


@pytest.fixture
def env() -> MobilePAEnv:
    return gym.make("mpb/MobilePA-v0", split="starter").unwrapped  # type: ignore[return-value]


def test_check_env_passes_raw_and_wrapped() -> None:
    # A raw env has no spec to rebuild it in other render modes; the wrapped one below checks rendering.
    check_env(MobilePAEnv(split="starter"), skip_render_check=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gym.make("mpb/MobilePA-v0"))


def test_readme_one_liner_prints_the_first_query() -> None:
    code = (
        "import mpb_env, gymnasium as gym; e=gym.make('mpb/MobilePA-v0'); "
        "print(e.reset(options={'task_id': e.unwrapped.task_ids[0]})[0])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == load_tasks()[0].query


def test_reset_gives_query_messages_and_tools(env: MobilePAEnv) -> None:
    task = load_tasks("starter")[1]
    obs, info = env.reset(options={"task_id": task.id})
    assert obs == task.query
    assert [m["role"] for m in info["messages"]] == ["system", "user"]
    assert info["messages"][-1]["content"] == task.query
    names = [t["function"]["name"] for t in info["tools"]]
    assert len(names) >= 15 and info["recall"]["tools"] == names and "search_user_memory" in names
    assert 0.0 <= info["recall"]["gold_recall"] <= 1.0


def test_seeded_reset_is_deterministic(env: MobilePAEnv) -> None:
    a = [env.reset(seed=s)[0] for s in range(5)]
    b = [env.reset(seed=s)[0] for s in range(5)]
    assert a == b and len(set(a)) > 1


def test_full_oracle_episode_through_gym(env: MobilePAEnv) -> None:
    task = next(t for t in load_tasks("starter") if t.id == "basic-007")  # permission block, then recovery
    env.reset(options={"task_id": task.id})
    rewards = []
    for action in task.oracle:
        obs, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
    assert terminated and not truncated and rewards[-1] == 1.0 and sum(rewards[:-1]) == 0.0
    assert info["verdict"]["success"] is True


@pytest.mark.parametrize(
    "action, expected",
    [
        ('{"name": "create_alarm", "arguments": ', "ParseError"),
        ('<tool_call>{"name": "create_alarm"</tool_call>', "ParseError"),
        ('{"name": "no_such_tool", "arguments": {}}', "UnknownTool"),
        ('{"name": "create_alarm", "arguments": {"time": 630}}', "InvalidArguments"),
        ('{"name": "create_alarm", "arguments": "[1, 2]"}', "ParseError"),
        ('{"name": "create_alarm", "arguments": {"time": "06:30", "bogus": 1}}', "InvalidArguments"),
    ],
)
def test_malformed_actions_are_error_observations(env: MobilePAEnv, action: str, expected: str) -> None:
    env.reset(options={"task_id": "basic-001"})
    obs, reward, terminated, truncated, info = env.step(action)
    (fb,) = orjson.loads(obs)
    assert fb["status"] == "error" and fb["error_type"] == expected and fb["message"]
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert env.episode.turns == 1 and env.episode.state.delta() == {}


def test_non_string_action_does_not_raise(env: MobilePAEnv) -> None:
    env.reset(options={"task_id": "basic-001"})
    obs, *_ = env.step(None)  # type: ignore[arg-type]
    assert orjson.loads(obs)[0]["error_type"] == "ParseError"


def test_truncation_after_max_turns_is_checked() -> None:
    env = MobilePAEnv(split="starter", max_turns=3)
    env.reset(options={"task_id": "basic-001"})
    call = '{"name": "list_alarms", "arguments": {}}'
    results = [env.step(call) for _ in range(3)]
    assert [r[3] for r in results] == [False, False, True]
    assert results[-1][4]["verdict"]["success"] is False
    obs, reward, terminated, *_ = env.step(call)
    assert terminated and reward == 0.0 and orjson.loads(obs)[0]["error_type"] == "EpisodeOver"


def test_skill_only_routing_starts_with_the_loader_and_expands(env: MobilePAEnv) -> None:
    _, info = env.reset(options={"task_id": "skill-001@SOR"})
    assert [t["function"]["name"] for t in info["tools"]] == ["search_user_memory", "load_skill"]
    assert "commute_mode" in info["messages"][0]["content"]
    obs, *_ = env.step(
        '{"name": "update_automation_rule", "arguments": {"rule_id": "rule_002", "enabled": true}}'
    )
    assert orjson.loads(obs)[0]["error_type"] == "UnknownTool"
    obs, _, _, _, info = env.step('{"name": "load_skill", "arguments": {"skill_id": "commute_mode"}}')
    assert "update_automation_rule" in [t["function"]["name"] for t in info["tools"]]
    _, info2 = env.reset(options={"task_id": "skill-001@MTSR"})
    assert len(info2["tools"]) > 1


@pytest.mark.parametrize("mode", ["oracle", "all"])
def test_recall_modes(mode: str) -> None:
    env = MobilePAEnv(split="starter", recall=mode)  # type: ignore[arg-type]
    for task in load_tasks("starter")[:15]:
        _, info = env.reset(options={"task_id": task.id})
        names = {t["function"]["name"] for t in info["tools"]}
        assert set(task.gold_tools) <= names
        if mode == "all":
            assert names == set(catalog())


def test_bad_constructor_arguments_are_clear() -> None:
    with pytest.raises(ValueError, match="unknown task ids"):
        MobilePAEnv(split="starter", task_ids=["nope"])
    with pytest.raises(ValueError, match="unknown split"):
        MobilePAEnv(split="nope")
    env = MobilePAEnv(split="starter")
    with pytest.raises(ValueError, match="unknown task_id"):
        env.reset(options={"task_id": "nope"})


def test_random_rollouts_are_byte_identical_for_a_seed() -> None:
    def run(seed: int) -> list[str]:
        env = MobilePAEnv(split="starter")
        env.action_space.seed(seed)
        obs, _ = env.reset(seed=seed)
        out = [obs]
        for _ in range(10):
            obs, _, terminated, truncated, _ = env.step(env.action_space.sample())
            out.append(obs)
            if terminated or truncated:
                break
        return out

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_ansi_render_and_dimension_filter() -> None:
    env = MobilePAEnv(split="starter", dimension="memory", render_mode="ansi")
    assert all(i.startswith("memory-") for i in env.task_ids)
    env.reset(seed=0)
    env.step("Hello.")
    assert "assistant: Hello." in env.render()
    assert mpb_env.ENV_ID == "mpb/MobilePA-v0"


def test_readme_quick_start_runs_as_written() -> None:
    """The README's first Python block, verbatim: the alarm is set and the final message scores 1.0."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    code = readme.split("```python\n", 1)[1].split("```", 1)[0]
    scope: dict = {}
    exec(compile(code, "README.md", "exec"), scope)  # noqa: S102 - our own documentation
    assert scope["reward"] == 1.0 and scope["info"]["verdict"]["success"]
    assert len(scope["obs"]) == 8 and len(set(scope["obs"])) == 1


def test_observations_and_actions_of_any_length_are_in_their_spaces() -> None:
    """The spaces accept every str (DESIGN §4): a turn with thousands of calls gives an observation past
    the spaces' ``max_length`` (which only bounds ``sample()``), and that observation, like an action of
    that length, is still a member (with ``limits`` raised to allow such a turn)."""
    big = Limits(max_action_chars=10**6, max_calls_per_turn=5000, max_observation_bytes=10**8)
    env = MobilePAEnv(split="starter", limits=big)
    env.reset(options={"task_id": "basic-001"})
    action = '<tool_call>{"name": "list_alarms", "arguments": {}}</tool_call>' * 3000
    obs, *_ = env.step(action)
    assert len(orjson.loads(obs)) == 3000
    assert len(obs) > env.observation_space.max_length
    assert env.observation_space.contains(obs)
    assert env.action_space.contains("x" * (env.action_space.max_length + 1))
    assert not env.observation_space.contains(b"x") and not env.action_space.contains(None)


def test_task_ids_in_a_single_envs_reset_is_a_clear_error() -> None:
    """``task_ids`` pins the sub-envs of the vector env; Sync/AsyncVectorEnv hand every single env the
    same options, where it used to be ignored (random tasks instead of the pinned ones)."""
    sync = gym.make_vec("mpb/MobilePA-v0", num_envs=2, vectorization_mode="sync", split="starter")
    with pytest.raises(ValueError, match="task_ids pins the sub-envs of the vector env"):
        sync.reset(options={"task_ids": ["basic-001", "basic-002"]})
    obs, _ = sync.reset(options={"task_id": "basic-001"})
    assert len(set(obs)) == 1


def test_explicit_tasks_play_skill_tasks_as_both_routings() -> None:
    """``tasks=`` gives the episodes a split gives: a skill task as ``@SOR`` and ``@MTSR``."""
    starter = load_tasks("starter")
    skill = next(t for t in starter if t.dimension == "skill")
    by_split = MobilePAEnv(split="starter")
    by_tasks = MobilePAEnv(tasks=starter)
    assert by_tasks.task_ids == by_split.task_ids
    assert {f"{skill.id}@SOR", f"{skill.id}@MTSR"} <= set(by_tasks.task_ids)
    _, info = by_tasks.reset(options={"task_id": f"{skill.id}@SOR"})
    assert [t["function"]["name"] for t in info["tools"]] == [
        t["function"]["name"] for t in by_split.reset(options={"task_id": f"{skill.id}@SOR"})[1]["tools"]
    ]


def test_task_ids_none_in_a_single_envs_reset_pins_nothing() -> None:
    """``{"task_ids": None}`` pins nothing in the vector env; a single env (inside ``SyncVectorEnv``, which
    copies the options) draws as without it instead of refusing the reset."""
    env = MobilePAEnv(split="starter")
    a, _ = env.reset(seed=3, options={"task_ids": None})
    b, _ = env.reset(seed=3)
    assert a == b
    sync = gym.make_vec("mpb/MobilePA-v0", num_envs=2, vectorization_mode="sync", split="starter")
    obs, _ = sync.reset(options={"task_id": "basic-001", "task_ids": None})
    assert list(obs) == [load_tasks("starter")[0].query] * 2


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"split": "starter", "task_ids": "basic-001"}, "task_ids must be a list of task ids"),
        ({"tasks": load_tasks("starter")[0]}, "tasks must be a list of Task objects"),
        ({"split": "starter", "dimension": "memroy"}, "unknown dimension 'memroy'"),
        ({"split": "starter", "dimension": "memory", "task_ids": ["basic-001"]}, "not of dimension 'memory'"),
    ],
)
def test_selection_arguments_of_the_wrong_shape_are_clear_errors(kwargs: dict, message: str) -> None:
    """A lone id used to be read character by character ("unknown task ids: ['b', 'a', ...]"), a lone
    task field by field, a misspelt dimension gave an empty selection and an id of another dimension
    was played under ``dimension``. Both envs share the selection."""
    with pytest.raises(ValueError, match=message):
        MobilePAEnv(**kwargs)
    with pytest.raises(ValueError, match=message):
        gym.make_vec("mpb/MobilePA-v0", num_envs=2, **kwargs)


def test_dimension_narrows_explicit_tasks_too() -> None:
    """``dimension`` keeps only that dimension's tasks whether they come from a split or from ``tasks=``
    (it used to be ignored with ``tasks=``, and the env drew from every dimension)."""
    starter = load_tasks("starter")
    by_split = MobilePAEnv(split="starter", dimension="memory")
    by_tasks = MobilePAEnv(tasks=starter, dimension="memory")
    assert by_tasks.task_ids == by_split.task_ids and all(i.startswith("memory-") for i in by_tasks.task_ids)
    skills = MobilePAEnv(tasks=starter, dimension="skill").task_ids
    assert skills and all(i.endswith(("@SOR", "@MTSR")) for i in skills)
    drawn = {by_tasks.reset(seed=s)[1]["dimension"] for s in range(20)}
    assert drawn == {"memory"}


def test_explicit_tasks_know_the_same_ids_as_a_split() -> None:
    """A split's env plays a skill task by its base id as well as by its ``@SOR``/``@MTSR`` variants;
    the same tasks passed as ``tasks=`` used to know only the variants."""
    starter = load_tasks("starter")
    skill = next(t for t in starter if t.dimension == "skill")
    for env in (MobilePAEnv(split="starter"), MobilePAEnv(tasks=starter)):
        for task_id in (skill.id, f"{skill.id}@SOR", f"{skill.id}@MTSR"):
            assert env.reset(options={"task_id": task_id})[1]["task_id"] == task_id


def test_a_refused_reset_leaves_the_rng_as_it_was() -> None:
    """The options are checked before the seed is applied, as in the vector env: a reset refused for an
    unknown id no longer reseeds the env, so the next unpinned reset draws what it would have."""
    env, twin = MobilePAEnv(split="starter"), MobilePAEnv(split="starter")
    env.reset(seed=1), twin.reset(seed=1)
    with pytest.raises(ValueError, match="unknown task_id"):
        env.reset(seed=99, options={"task_id": "no-such-task"})
    assert [env.reset()[1]["task_id"] for _ in range(5)] == [twin.reset()[1]["task_id"] for _ in range(5)]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"recall": "Oracle"}, "unknown recall mode 'Oracle'"),
        ({"top_n": -1}, "top_n must be a non-negative int"),
        ({"max_turns": 0}, "max_turns must be a positive int"),
        ({"max_turns": 2.5}, "max_turns must be a positive int"),
    ],
)
def test_bad_episode_settings_are_clear_errors(kwargs: dict, message: str) -> None:
    """A misspelt recall mode used to run as BM25 (with the misspelling in every info) and T_max = 0
    truncated every episode at its first call; both envs refuse them at construction, as gymnasium's
    ``TimeLimit`` refuses ``max_episode_steps=0``."""
    with pytest.raises(ValueError, match=message):
        MobilePAEnv(split="starter", **kwargs)
    with pytest.raises(ValueError, match=message):
        gym.make_vec("mpb/MobilePA-v0", num_envs=2, split="starter", **kwargs)
    with pytest.raises(ValueError, match="max_episode_steps must be a positive int"):
        gym.make_vec("mpb/MobilePA-v0", num_envs=2, split="starter", max_episode_steps=0)
