from __future__ import annotations

import copy
import gc
import pickle

import gymnasium as gym
import numpy as np
import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mpb_env  # noqa: F401
from mpb_env.envs import MobilePAVectorEnv
from mpb_env.tasks import load_tasks

ALARM = "basic-001"
SET = '{"name": "create_alarm", "arguments": {"time": "06:15", "label": "Airport run"}}'
LOOK = '{"name": "list_alarms", "arguments": {}}'


def arr(*items: str) -> np.ndarray:
    out = np.empty(len(items), dtype=object)
    out[:] = items
    return out


def test_make_vec_uses_the_vector_entry_point_and_max_episode_steps() -> None:
    v = gym.make_vec("mpb/MobilePA-v0", num_envs=3, max_episode_steps=4, split="starter")
    assert isinstance(v, MobilePAVectorEnv) and v.num_envs == 3
    assert all(ep.max_turns == 4 for ep in v.episodes)
    assert v.metadata["autoreset_mode"] == gym.vector.AutoresetMode.NEXT_STEP


def test_observations_are_object_arrays_of_str_and_in_space() -> None:
    v = MobilePAVectorEnv(split="starter", num_envs=2)
    obs, infos = v.reset(seed=0)
    assert obs.dtype == object and obs.shape == (2,) and all(isinstance(o, str) for o in obs)
    assert v.observation_space.contains(obs) and v.action_space.contains(v.action_space.sample())
    assert infos["_task_id"].all() and infos["task_id"].dtype == object


def test_grpo_group_and_next_step_autoreset() -> None:
    v = MobilePAVectorEnv(split="starter", num_envs=3)
    obs, _ = v.reset(options={"task_id": ALARM})
    assert len(set(obs)) == 1 and [t.id for t in v.tasks] == [ALARM] * 3
    # Sub-env 0 solves it, 1 sets a wrong alarm, 2 keeps going.
    obs, r, te, tr, info = v.step(arr(SET, SET.replace("06:15", "06:20"), SET))
    assert not te.any() and (r == 0).all() and info["_turn"].all()
    obs, r, te, tr, info = v.step(arr("Done.", "Done.", '{"name": "list_alarms", "arguments": {}}'))
    assert te.tolist() == [True, True, False] and r.tolist() == [1.0, 0.0, 0.0]
    assert info["_verdict"].tolist() == [True, True, False]
    assert info["verdict"]["success"][:2].tolist() == [True, False]
    # NEXT_STEP: the ended sub-envs reset now (their actions are ignored), the running one steps.
    obs, r, te, tr, info = v.step(arr("ignored", "ignored", "Done."))
    assert obs[0] == obs[1] == load_tasks("starter")[0].query and r.tolist() == [0.0, 0.0, 1.0]
    assert info["_messages"].tolist() == [True, True, True] and info["_tools"].tolist() == [True, True, False]
    assert v.episodes[0].turns == 0 and v.episodes[0].state.writes == {}


def test_task_ids_pin_each_sub_env() -> None:
    ids = ["basic-001", "memory-001", "skill-001@SOR"]
    v = MobilePAVectorEnv(split="starter", num_envs=3)
    v.reset(options={"task_ids": ids})
    assert [t.id for t in v.tasks] == ids
    with pytest.raises(ValueError, match="entries for 3"):
        v.reset(options={"task_ids": ids[:2]})
    with pytest.raises(ValueError, match="unknown task ids"):
        v.reset(options={"task_ids": ["x", "y", "z"]})


def test_unpinned_draws_are_seeded() -> None:
    a = MobilePAVectorEnv(split="starter", num_envs=8)
    b = MobilePAVectorEnv(split="starter", num_envs=8)
    assert a.reset(seed=7)[0].tolist() == b.reset(seed=7)[0].tolist()


def test_fork_branches_mid_episode() -> None:
    v = MobilePAVectorEnv(split="starter", num_envs=2)
    v.reset(options={"task_id": ALARM})
    v.step(arr(SET, '{"name": "list_alarms", "arguments": {}}'))
    v.fork(0, 1)
    assert v.episodes[1].turns == 1 and v.episodes[1].state.delta() == v.episodes[0].state.delta()
    # The branches diverge without touching each other.
    v.step(arr('{"name": "delete_alarm", "arguments": {"alarm_id": "alarm_001"}}', "Done."))
    assert "alarm_001" not in [k for k, _ in v.episodes[0].state.scan("alarms")]
    assert "alarm_001" in [k for k, _ in v.episodes[1].state.scan("alarms")]
    assert v.episodes[1].verdict.success
    with pytest.raises(IndexError):
        v.fork(0, 5)


def test_malformed_actions_never_raise_in_the_vector_env() -> None:
    v = MobilePAVectorEnv(split="starter", num_envs=3)
    v.reset(seed=1)
    obs, *_ = v.step(arr('{"name": "x", bad', '{"name": 3}', '<tool_call>{"name": "nope"}</tool_call>'))
    assert [orjson.loads(o)[0]["status"] for o in obs] == ["error", "error", "error"]
    with pytest.raises(ValueError, match="expected 3 actions"):
        v.step(arr("a"))


CALLS = [  # mutating calls over a few tables; some fail (permissions, missing ids) by design
    '{"name": "create_alarm", "arguments": {"time": "05:05", "label": "x"}}',
    '{"name": "delete_alarm", "arguments": {"alarm_id": "alarm_001"}}',
    '{"name": "update_alarm", "arguments": {"alarm_id": "alarm_002", "enabled": false}}',
    '{"name": "add_user_memory", "arguments": {"text": "I like tea", "category": "food"}}',
    '{"name": "remove_user_memory", "arguments": {"memory_id": "mem_001"}}',
    '{"name": "send_message", "arguments": {"contact_id": "contact_004", "text": "hi"}}',
]


TABLES = ("alarms", "memories", "messages", "apps")


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["step", "step", "fork"]), st.integers(0, 3), st.integers(0, 3), st.integers(0, 5)
        ),
        max_size=25,
    )
)
def test_isolation_across_sub_envs_and_forks(ops) -> None:
    """Each sub-env's view equals a deep-copied reference that saw only that sub-env's own writes."""
    v = MobilePAVectorEnv(split="starter", num_envs=4, max_turns=100, world_size="S")
    v.reset(options={"task_id": "basic-022"})
    for ep in v.episodes:
        ep.set_tools([*ep.tools, "create_alarm", "delete_alarm", "add_user_memory"])
    digest = v.world.digest()

    def view(k: int) -> dict:
        return {t: dict(v.episodes[k].state.scan(t)) for t in TABLES}

    refs = [copy.deepcopy(view(i)) for i in range(4)]
    for op, i, j, c in ops:
        if op == "fork":
            v.fork(i, j)
            refs[j] = copy.deepcopy(refs[i])
        else:
            before = copy.deepcopy(refs[i])
            v.episodes[i].step(CALLS[c])
            refs[i] = copy.deepcopy(view(i))
            # A step changes at most the table its tool writes.
            assert sum(refs[i][t] != before[t] for t in TABLES) <= 1
        for k in range(4):
            assert view(k) == refs[k]
            assert set(v.episodes[k].state.writes) <= set(TABLES)
    assert v.world.digest() == digest


def _same_layout(a: dict, b: dict) -> None:
    assert list(a) == list(b)
    for k in a:
        if isinstance(a[k], dict):
            _same_layout(a[k], b[k])
        else:
            assert a[k].dtype == b[k].dtype and list(a[k]) == list(b[k]), k


def test_step_infos_equal_single_env_infos_folded_by_gymnasium() -> None:
    """Every kind of vector step (all sub-envs plain, some ending, some resetting, tools changing)
    gives exactly the info gymnasium's ``_add_info`` builds from the single envs' infos."""
    ids = ["basic-001", "memory-001", "skill-001@SOR"]
    v = MobilePAVectorEnv(split="starter", num_envs=3, max_episode_steps=3)
    v.reset(options={"task_ids": ids})
    singles = [gym.make("mpb/MobilePA-v0", split="starter", max_turns=3).unwrapped for _ in ids]
    for env, task_id in zip(singles, ids, strict=True):
        env.reset(options={"task_id": task_id})
    load = '{"name": "load_skill", "arguments": {"skill_id": "commute_mode"}}'
    rounds = [(SET, SET, SET), (SET, "Done.", load), (SET, SET, SET), (SET, SET, SET)]
    for actions in rounds:
        _, _, _, _, ours = v.step(arr(*actions))
        reference: dict = {}
        for i, (env, action) in enumerate(zip(singles, actions, strict=True)):
            if env.episode.done:  # NEXT_STEP autoreset: the single env resets instead of stepping
                _, info = env.reset(options={"task_id": ids[i]})
            else:
                *_, info = env.step(action)
            reference = v._add_info(reference, info, i)
        _same_layout(ours, reference)


@pytest.mark.parametrize("task_id", ["basic-001", "memory-001", "skill-001@SOR"])
def test_one_sub_env_steps_exactly_as_the_single_env(task_id: str) -> None:
    """N = 1 (its own fast path in mid-episode): every output of every step, through a final message,
    a truncation, a skill load and the autoresets after them, is the single env's, batched."""
    v = MobilePAVectorEnv(split="starter", num_envs=1, max_episode_steps=3)
    v.reset(options={"task_id": task_id})
    single = gym.make("mpb/MobilePA-v0", split="starter", max_turns=3).unwrapped
    single.reset(options={"task_id": task_id})
    load = '{"name": "load_skill", "arguments": {"skill_id": "commute_mode"}}'
    for action in [SET, "Done.", SET, load, SET, SET, "{bad", SET]:
        obs, reward, terminated, truncated, info = v.step(arr(action))
        if single.episode.done:  # NEXT_STEP autoreset
            o, i = single.reset(options={"task_id": task_id})
            r, te, tr = 0.0, False, False
        else:
            o, r, te, tr, i = single.step(action)
        assert obs.dtype == object and obs.tolist() == [o]
        assert reward.dtype == np.float64 and reward.tolist() == [r]
        assert terminated.dtype == bool and terminated.tolist() == [te]
        assert truncated.dtype == bool and truncated.tolist() == [tr]
        _same_layout(info, v._add_info({}, i, 0))


def test_info_layout_matches_gymnasiums_add_info() -> None:
    v = MobilePAVectorEnv(split="starter", num_envs=3)
    _, start = v.reset(options={"task_ids": ["basic-001", "memory-001", "skill-001@SOR"]})
    _, _, _, _, stepped = v.step(
        arr(SET, "Done.", '{"name": "load_skill", "arguments": {"skill_id": "commute_mode"}}')
    )
    for i, ep in enumerate(v.episodes):
        assert start["task_id"][i] == ep.task.id
    reference: dict = {}
    infos = [ep.start_info() for ep in v.episodes]
    for i, info in enumerate(infos):
        reference = v._add_info(reference, info, i)
    ours = v._batch(list(enumerate(infos)))
    _same_layout(ours, reference)
    assert stepped["_verdict"].tolist() == [False, True, False] and stepped["_tools"].tolist() == [
        False,
        False,
        True,
    ]


@pytest.mark.parametrize("n", [2, 64])
def test_step_leaves_the_cyclic_gc_as_it_found_it(n: int) -> None:
    v = MobilePAVectorEnv(split="starter", num_envs=n)
    v.reset(options={"task_id": ALARM})
    assert gc.isenabled()
    v.step(arr(*[SET] * n))
    assert gc.isenabled()
    with pytest.raises(ValueError, match=f"expected {n} actions"):
        v.step(arr(SET))
    assert gc.isenabled()
    gc.disable()
    try:
        v.step(arr(*[SET] * n))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_spaces_and_tool_specs_pickle_by_name() -> None:
    env = gym.make("mpb/MobilePA-v0", split="starter").unwrapped
    space = pickle.loads(pickle.dumps(env.action_space))
    assert [s.name for s in space.specs] == [s.name for s in env.action_space.specs]
    assert all(a is b for a, b in zip(space.specs, env.action_space.specs, strict=True))  # the registry's own
    assert orjson.loads(space.sample())["name"] in {s.name for s in space.specs}


def test_async_vector_env_runs_the_same_episodes_without_shared_memory() -> None:
    """``AsyncVectorEnv`` (one process per sub-env) gives what the vector env gives; with shared memory,
    which cannot hold text, it stops at construction with gymnasium's error naming the fix."""
    with pytest.raises(ValueError, match="shared_memory=False"):
        gym.make_vec("mpb/MobilePA-v0", num_envs=2, vectorization_mode="async", split="starter")
    kw = {"split": "starter", "max_turns": 2}
    ours = gym.make_vec("mpb/MobilePA-v0", num_envs=2, **kw)
    other = gym.make_vec(
        "mpb/MobilePA-v0",
        num_envs=2,
        vectorization_mode="async",
        vector_kwargs={"shared_memory": False},
        **kw,
    )
    try:
        a, _ = ours.reset(options={"task_id": ALARM})
        b, _ = other.reset(options={"task_id": ALARM})
        assert list(a) == list(b)
        # Sub-env 0 ends with a final message, sub-env 1 is truncated at T_max and checked as it stands
        # (a look, not a second create_alarm: a second alarm at one time is a second alarm on Android).
        for actions in [(SET, SET), ("Done.", LOOK)]:
            a_out, b_out = ours.step(arr(*actions)), other.step(arr(*actions))
            assert list(a_out[0]) == list(b_out[0])
            for x, y in zip(a_out[1:4], b_out[1:4], strict=True):
                assert x.tolist() == y.tolist()
        assert a_out[1].tolist() == [1.0, 1.0] and a_out[3].tolist() == [False, True]
        assert (
            a_out[4]["verdict"]["success"].tolist() == b_out[4]["verdict"]["success"].tolist() == [True, True]
        )
    finally:
        other.close()


def test_changing_an_infos_tool_schemas_reaches_no_other_info_nor_the_catalog() -> None:
    from mpb_env.domains import catalog

    v = MobilePAVectorEnv(split="starter", num_envs=2)
    _, infos = v.reset(options={"task_id": ALARM})
    name = infos["tools"][0][0]["function"]["name"]
    reference = orjson.dumps(catalog()[name].schema)
    mine = infos["tools"][0][0]
    mine["function"]["strict"] = True  # what OpenAI's strict mode asks for
    mine["function"]["parameters"]["required"] = []
    del mine["domain"]
    other = infos["tools"][1][0]
    assert "strict" not in other["function"] and "domain" in other
    assert (
        other["function"]["parameters"]["required"]
        == orjson.loads(reference)["function"]["parameters"]["required"]
    )
    _, again = v.reset(options={"task_id": ALARM})
    assert "strict" not in again["tools"][0][0]["function"] and "domain" in again["tools"][0][0]
    assert orjson.dumps(catalog()[name].schema) == reference


def test_seed_lists_are_checked_and_seed_the_draws() -> None:
    v = MobilePAVectorEnv(split="starter", num_envs=3)

    def draw(seed: object) -> list[str]:
        v.reset(seed=seed)
        return [t.id for t in v.tasks]

    assert draw([1, 2, 3]) == draw([1, 2, 3]) != draw([1, 2, 4])
    assert draw(7) == draw(7)
    for bad, message in (
        ([1, 2], "2 entries for 3"),
        ([None, 5, 5], "non-negative ints"),
        ([1, -2, 3], "non-negative"),
    ):
        before = [t.id for t in v.tasks]
        with pytest.raises(ValueError, match=message):
            v.reset(seed=bad)
        assert [t.id for t in v.tasks] == before  # a refused reset changes nothing


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"task_ids": ALARM}, "must be a list of task id strings"),
        ({"task_ids": [[ALARM], ALARM, ALARM]}, "must be task id strings"),
        ({"task_ids": [ALARM, ALARM]}, "2 entries for 3"),
        ({"task_ids": [ALARM, ALARM, "nope"]}, "unknown task ids"),
        ({"task_id": ALARM, "task_ids": [ALARM] * 3}, "not both"),
        ({"task_id": 3}, "must be a task id string"),
    ],
)
def test_bad_reset_options_are_clear_errors(options: dict, message: str) -> None:
    v = MobilePAVectorEnv(split="starter", num_envs=3)
    with pytest.raises(ValueError, match=message):
        v.reset(options=options)
    with pytest.raises(ValueError, match="must be a task id string"):
        gym.make("mpb/MobilePA-v0", split="starter").reset(options={"task_id": [ALARM]})
    v.reset(options={"task_id": None})  # like the single env: no pin, a drawn task
    assert all(isinstance(t.id, str) for t in v.tasks)


def test_gymnasiums_vectorizations_and_wrappers_batch_texts_like_the_vector_env() -> None:
    from gymnasium.wrappers.vector import VectorizeTransformObservation

    ours = gym.make_vec("mpb/MobilePA-v0", num_envs=2, split="starter")
    sync = gym.make_vec("mpb/MobilePA-v0", num_envs=2, split="starter", vectorization_mode="sync")
    assert sync.observation_space == ours.observation_space and sync.action_space == ours.action_space
    a, _ = ours.reset(options={"task_id": ALARM})
    b, _ = sync.reset(options={"task_id": ALARM})
    assert a.dtype == b.dtype == object and list(a) == list(b)
    actions = sync.action_space.sample()
    assert isinstance(actions, np.ndarray) and actions.shape == (2,)
    assert [list(x) for x in ours.step(actions)[:4]] == [list(x) for x in sync.step(actions)[:4]]
    upper = VectorizeTransformObservation(
        ours,
        wrapper=gym.wrappers.TransformObservation,
        func=str.upper,
        observation_space=ours.single_observation_space,
    )
    obs, _ = upper.reset(options={"task_id": ALARM})
    assert obs[0] == a[0].upper()
    space = ours.action_space
    assert isinstance(space.seed(3), int)
    first = space.sample()
    space.seed(3)
    assert list(space.sample()) == list(first)


def test_building_a_vector_env_leaves_earlier_cyclic_garbage_collectable() -> None:
    """The constructor moves its long-lived episodes out of the cyclic GC's sight; garbage that was
    merely waiting for a collection at that moment (here a cycle holding a large buffer) must not be
    moved with them, or no later collection ever frees it."""
    import weakref

    class Cycle:
        def __init__(self) -> None:
            self.me = self
            self.payload = bytearray(1 << 20)

    MobilePAVectorEnv(split="starter", num_envs=2)  # the world is loaded: the next build allocates little
    for _ in range(2):
        garbage = Cycle()
        ref = weakref.ref(garbage)
        del garbage
        MobilePAVectorEnv(split="starter", num_envs=2)
        gc.collect()
        assert ref() is None


@pytest.mark.parametrize("n", [1, 5])
def test_one_string_is_not_a_batch_of_actions(n: int) -> None:
    """A bare string has a length, but its characters are not n actions: stepping with one is a clear
    error that changes nothing, even when its length happens to be n."""
    v = MobilePAVectorEnv(split="starter", num_envs=n)
    v.reset(options={"task_id": ALARM})
    for actions in ("Done."[:n], b"Done."[:n]):
        with pytest.raises(ValueError, match="one text per sub-env"):
            v.step(actions)
    assert all(ep.turns == 0 and not ep.done for ep in v.episodes)


def test_explicit_tasks_play_skill_tasks_as_both_routings() -> None:
    starter = load_tasks("starter")
    skill = next(t for t in starter if t.dimension == "skill")
    v = MobilePAVectorEnv(num_envs=2, tasks=starter)
    assert v.task_ids == MobilePAVectorEnv(num_envs=2, split="starter").task_ids
    obs, info = v.reset(options={"task_ids": [f"{skill.id}@SOR", f"{skill.id}@MTSR"]})
    assert [t.routing for t in v.tasks] == ["SOR", "MTSR"] and obs[0] == obs[1] == skill.query


def test_reset_mask_resets_only_the_masked_sub_envs_as_sync_does() -> None:
    """gymnasium's partial reset (``options={"reset_mask": mask}``): the masked sub-envs start again, the
    others keep their episodes and last observations, and the info holds only the masked ones' infos,
    as ``SyncVectorEnv`` over the single envs gives them. Resetting every sub-env instead threw away
    the episodes in flight."""
    ours = gym.make_vec("mpb/MobilePA-v0", num_envs=3, split="starter")
    sync = gym.make_vec("mpb/MobilePA-v0", num_envs=3, split="starter", vectorization_mode="sync")
    for env in (ours, sync):
        env.reset(options={"task_id": ALARM})
    first = [ours.step(arr(SET, "Done.", SET)), sync.step(arr(SET, "Done.", SET))]
    assert list(first[0][0]) == list(first[1][0])
    options = {"task_id": ALARM, "reset_mask": np.array([False, True, False])}
    (obs, info), (sync_obs, sync_info) = ours.reset(options=dict(options)), sync.reset(options=dict(options))
    query = load_tasks("starter")[0].query
    assert list(obs) == list(sync_obs) == [first[0][0][0], query, first[0][0][2]]
    _same_layout(info, sync_info)
    assert info["_task_id"].tolist() == [False, True, False]
    assert [ep.turns for ep in ours.episodes] == [1, 0, 1]
    # The unmasked sub-envs finish their episodes; the reset one plays its first turn.
    ours_out, sync_out = ours.step(arr("Done.", SET, "Done.")), sync.step(arr("Done.", SET, "Done."))
    assert [list(x) for x in ours_out[:4]] == [list(x) for x in sync_out[:4]]
    assert ours_out[1].tolist() == [1.0, 0.0, 1.0] and ours_out[2].tolist() == [True, False, True]
    # The caller's options stay whole: vector wrappers read the mask after the env.
    kept = {"reset_mask": np.array([True, False, False])}
    ours.reset(options=kept)
    assert "reset_mask" in kept


@pytest.mark.parametrize(
    ("mask", "message"),
    [
        ([1, 0, 0], "bool array of shape"),
        (np.array([True, False]), r"shape \(3,\)"),
        (np.zeros(3, dtype=bool), "no sub-env"),
    ],
)
def test_bad_reset_masks_are_clear_errors_that_change_nothing(mask: object, message: str) -> None:
    v = MobilePAVectorEnv(split="starter", num_envs=3)
    v.reset(options={"task_id": ALARM})
    v.step(arr(SET, SET, SET))
    with pytest.raises(ValueError, match=message):
        v.reset(options={"reset_mask": mask})
    assert [ep.turns for ep in v.episodes] == [1, 1, 1]


def test_a_partial_reset_after_a_fork_returns_the_branchs_observation() -> None:
    """A forked sub-env stands where its source stands, so that is the observation a partial reset
    returns for it; the observations returned before the fork are left as they were."""
    v = MobilePAVectorEnv(split="starter", num_envs=3)
    v.reset(options={"task_id": ALARM})
    obs, *_ = v.step(arr(SET, '{"name": "list_alarms", "arguments": {}}', SET))
    before = list(obs)
    v.fork(0, 1)
    again, _ = v.reset(options={"reset_mask": np.array([False, False, True])})
    assert again[1] == again[0] == obs[0] and list(obs) == before and obs[1] != obs[0]


def test_rllib_env_runners_build_the_vector_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """README: RLlib's env runners build their envs with ``gym.make_vec``, so
    ``gym_env_vectorize_mode="vector_entry_point"`` gives them this vector env (its default models cannot
    read text, so the runner's module is left out here: a text policy brings its own)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.env.single_agent_env_runner import SingleAgentEnvRunner

    monkeypatch.setattr(SingleAgentEnvRunner, "make_module", lambda self: None)
    config = (
        PPOConfig()
        .environment("mpb/MobilePA-v0", env_config={"split": "starter"})
        .env_runners(num_envs_per_env_runner=3, gym_env_vectorize_mode="vector_entry_point")
    )
    runner = SingleAgentEnvRunner(config=config)
    assert isinstance(runner.env.unwrapped, MobilePAVectorEnv) and runner.env.num_envs == 3
    obs, _ = runner.env.reset(seed=0)
    assert obs.dtype == object and all(isinstance(o, str) and o for o in obs)
