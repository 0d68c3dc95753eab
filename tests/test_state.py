"""Copy-on-write PhoneState: envs sharing one world and patch never see each other's writes.

The property test runs random operation sequences over several envs and compares each env, after
every operation, with a reference model: a deep copy of the materialised S0 tables with the same
operations applied. The plain tests pin down reset, deterministic IDs and the simulated clock.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mpb_env.tools.runtime import execute
from mpb_env.world.generate import load_world
from mpb_env.world.state import TOMBSTONE, Patch, PhoneState, World

Tables = dict[str, dict[str, dict[str, Any]]]

BASE_TABLES = ("a", "b", "c")
PATCH_TABLES = ("a", "b", "p")  # "p" exists only in the patch
TABLES = (*BASE_TABLES, "p", "n")  # "n" exists only once an env writes it
KEYS = ("k0", "k1", "k2", "k3", "k4")
PREFIXES = ("evt", "msg")
MAX_ENVS = 6

# Small value ranges, so writes that restore a record's S0 value (which delta() must hide) are common.
records = st.builds(lambda v, tag: {"v": v, "tag": tag}, st.integers(0, 2), st.sampled_from(["x", "y"]))
changes = st.dictionaries(st.sampled_from(["v", "w"]), st.integers(0, 2), min_size=1)
tables_st = st.sampled_from(TABLES)
keys_st = st.sampled_from(KEYS)
env_st = st.integers(0, MAX_ENVS - 1)

base_st = st.fixed_dictionaries(
    {t: st.dictionaries(keys_st, records, max_size=4) for t in BASE_TABLES[:-1]} | {"c": st.just({})}
)
patch_st = st.dictionaries(
    st.sampled_from(PATCH_TABLES), st.dictionaries(keys_st, st.none() | records, max_size=4), max_size=3
)
ops_st = st.lists(
    st.one_of(
        st.tuples(st.just("put"), env_st, tables_st, keys_st, records),
        st.tuples(st.just("update"), env_st, tables_st, keys_st, changes),
        st.tuples(st.just("delete"), env_st, tables_st, keys_st),
        st.tuples(st.just("new_id"), env_st, st.sampled_from(PREFIXES)),
        *(st.tuples(st.just(kind), env_st) for kind in ("reset", "fork", "begin", "commit", "rollback")),
    ),
    min_size=5,
    max_size=40,
)


class Model:
    """The reference for one env: plain tables, ID counters and the snapshot of an open transaction."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.counters: dict[str, int] = {}
        self.txn: tuple[Tables, dict[str, int]] | None = None

    def copy(self) -> Model:
        other = Model(copy.deepcopy(self.tables))
        other.counters = dict(self.counters)
        return other


def materialised_s0(base: Tables, patch: dict[str, dict[str, Any]]) -> Tables:
    out = copy.deepcopy(base)
    for table, rows in patch.items():
        target = out.setdefault(table, {})
        for key, rec in rows.items():
            if rec is None:
                target.pop(key, None)
            else:
                target[key] = copy.deepcopy(rec)
    return out


def non_empty(tables: Tables) -> Tables:
    return {t: rows for t, rows in tables.items() if rows}


def reference_delta(s0: Tables, now: Tables) -> dict[str, dict[str, tuple[str, Any, Any]]]:
    out: dict[str, dict[str, tuple[str, Any, Any]]] = {}
    for table in s0.keys() | now.keys():
        before, after = s0.get(table, {}), now.get(table, {})
        for key in before.keys() | after.keys():
            if key not in after:
                entry = ("delete", before[key], None)
            elif key not in before:
                entry = ("create", None, after[key])
            elif before[key] != after[key]:
                entry = ("update", before[key], after[key])
            else:
                continue
            out.setdefault(table, {})[key] = entry
    return out


def scan_order(env: PhoneState, table: str) -> list[str]:
    """The documented order of ``scan``: base order, then keys new to the base in patch-then-write order."""
    base = env.world.tables.get(table, {})
    overlay = {**env.patch.tables.get(table, {}), **env.writes.get(table, {})}
    return [k for k in base if env.has(table, k)] + [k for k in overlay if k not in base and env.has(table, k)]


def check(env: PhoneState, model: Model, s0: Tables) -> None:
    for table in TABLES:
        want = model.tables.get(table, {})
        keys = [k for k, _ in env.scan(table)]
        assert len(keys) == len(set(keys)), f"scan({table}) repeats a key: {keys}"
        assert dict(env.scan(table)) == want
        assert list(env.values(table)) == [rec for _, rec in env.scan(table)]
        assert keys == scan_order(env, table)
        assert env.count(table) == len(want)
        for key in KEYS:
            assert env.get(table, key) == want.get(key)
            assert env.has(table, key) == (key in want)
    assert non_empty(env.materialize()) == non_empty(model.tables)
    assert env.counters == model.counters
    got = {
        t: {k: (e["op"], e["before"], e["after"]) for k, e in rows.items()} for t, rows in env.delta().items()
    }
    assert got == reference_delta(s0, model.tables)
    for rows in env.delta().values():
        for entry in rows.values():
            if entry["op"] == "create":
                assert entry["changed"] == entry["after"]
            elif entry["op"] == "update":
                before, after = entry["before"], entry["after"]
                assert entry["changed"] == {
                    f: after.get(f) for f in before.keys() | after.keys() if before.get(f) != after.get(f)
                }


def apply(op: tuple[Any, ...], envs: list[PhoneState], models: list[Model], s0: Tables) -> None:
    kind, i = op[0], op[1] % len(envs)
    if kind in ("commit", "rollback"):
        # End one of the open transactions (rollback outside one has its own test below).
        open_txns = [j for j, m in enumerate(models) if m.txn is not None]
        if not open_txns:
            return
        i = open_txns[op[1] % len(open_txns)]
    env, model = envs[i], models[i]
    if kind == "put":
        _, _, table, key, rec = op
        env.put(table, key, dict(rec))
        model.tables.setdefault(table, {})[key] = copy.deepcopy(rec)
    elif kind == "update":
        _, _, table, key, delta = op
        old = model.tables.get(table, {}).get(key)
        if old is None:
            with pytest.raises(KeyError):
                env.update(table, key, **delta)
        else:
            assert env.update(table, key, **delta) == {**old, **delta}
            model.tables[table][key] = {**old, **delta}
    elif kind == "delete":
        _, _, table, key = op
        old = model.tables.get(table, {}).get(key)
        if old is None:
            with pytest.raises(KeyError):
                env.delete(table, key)
        else:
            assert env.delete(table, key) == old
            del model.tables[table][key]
    elif kind == "new_id":
        prefix = op[2]
        n = model.counters.get(prefix, 0) + 1
        model.counters[prefix] = n
        assert env.new_id(prefix) == f"{prefix}_n{n:03d}"
    elif kind == "reset":
        env.reset()
        models[i] = Model(copy.deepcopy(s0))
    elif kind == "fork":
        if len(envs) < MAX_ENVS:
            envs.append(env.fork())
            models.append(model.copy())
    elif kind == "begin":
        env.begin()
        model.txn = (copy.deepcopy(model.tables), dict(model.counters))
    elif kind == "commit":
        env.commit()
        model.txn = None
    elif kind == "rollback":
        assert model.txn is not None
        env.rollback()
        model.tables, model.counters = model.txn
        model.txn = None


@settings(max_examples=500, deadline=None)
@given(base=base_st, patch=patch_st, ops=ops_st)
def test_copy_on_write_isolation(base: Tables, patch: dict[str, dict[str, Any]], ops: list[tuple]) -> None:
    world = World(copy.deepcopy(base))
    shared = Patch(copy.deepcopy(patch))
    digest = world.digest()
    s0 = materialised_s0(base, patch)
    envs = [PhoneState(world, shared) for _ in range(3)]
    models = [Model(copy.deepcopy(s0)) for _ in envs]
    for env, model in zip(envs, models, strict=True):
        check(env, model, s0)
    for op in ops:
        apply(op, envs, models, s0)
        for env, model in zip(envs, models, strict=True):
            check(env, model, s0)
    assert world.digest() == digest
    assert world.tables == base
    assert {
        t: {k: None if r is TOMBSTONE else r for k, r in rows.items()} for t, rows in shared.tables.items()
    } == (patch)


# ------------------------------------------------------------------------------------------ reset
def test_reset_drops_writes_and_reads_fall_back_to_s0() -> None:
    world = load_world()
    digest = world.digest()
    patched = {**world.tables["apps"]["messages"], "running": True}
    s = PhoneState(world, Patch({"apps": {"messages": patched}}))
    for perm in ("CAMERA", "LOCATION", "PHOTOS_VIDEOS"):
        assert (
            execute(s, "grant_app_permission", {"app_id": "messages", "permission": perm})["status"]
            == "success"
        )
    for i in range(1000):
        s.put("scratch", f"row_{i}", {"i": i})
    s.delete("apps", "phone")
    s.new_id("evt")
    s.reset()
    assert s.writes == {} and s.log == [] and s.counters == {} and s.ticks == 0
    assert s.delta() == {}
    # Reads fall through to the very same records: nothing was copied.
    assert s.get("apps", "messages") is patched
    assert s.get("apps", "phone") is world.tables["apps"]["phone"]
    assert s.get("scratch", "row_0") is None
    assert world.digest() == digest


def test_reset_can_switch_patch_and_clock() -> None:
    world = load_world()
    s = PhoneState(world, Patch({"apps": {"phone": None}}))
    assert s.get("apps", "phone") is None
    s.reset(patch=Patch(), now="2026-06-01T08:00:00")
    assert s.get("apps", "phone") is world.tables["apps"]["phone"]
    assert s.now_iso() == "2026-06-01T08:00:00"


def test_fork_is_isolated_from_its_parent() -> None:
    world = load_world()
    parent = PhoneState(world)
    parent.put("scratch", "a", {"v": 1})
    child = parent.fork()
    child.put("scratch", "a", {"v": 2})
    child.delete("apps", "phone")
    parent.put("scratch", "b", {"v": 3})
    assert parent.get("scratch", "a") == {"v": 1} and parent.get("apps", "phone") is not None
    assert child.get("scratch", "a") == {"v": 2} and child.get("scratch", "b") is None
    assert child.get("apps", "phone") is None


# ------------------------------------------------------------------------------------------ IDs
def test_new_id_is_deterministic() -> None:
    a, b = PhoneState(load_world()), PhoneState(load_world())
    seq = ["evt", "evt", "msg", "evt", "msg"]
    ids = [a.new_id(p) for p in seq]
    assert ids == ["evt_n001", "evt_n002", "msg_n001", "evt_n003", "msg_n002"]
    assert [b.new_id(p) for p in seq] == ids
    fork = a.fork()
    assert fork.new_id("evt") == a.new_id("evt") == "evt_n004"
    a.reset()
    assert a.new_id("evt") == "evt_n001"


def test_new_id_rolls_back_with_rollback() -> None:
    s = PhoneState(load_world())
    assert s.new_id("evt") == "evt_n001"
    s.begin()
    assert s.new_id("evt") == "evt_n002"
    assert s.new_id("msg") == "msg_n001"
    s.rollback()
    assert s.counters == {"evt": 1}
    assert s.new_id("evt") == "evt_n002"
    s.begin()
    s.new_id("evt")
    s.commit()
    assert s.new_id("evt") == "evt_n004"


def test_rollback_outside_a_transaction_is_a_no_op() -> None:
    s = PhoneState(load_world())
    s.begin()
    s.commit()
    s.put("scratch", "a", {"v": 1})
    assert s.new_id("evt") == "evt_n001"
    s.rollback()
    assert s.get("scratch", "a") == {"v": 1}
    assert s.new_id("evt") == "evt_n002", "a rewound counter hands out the same ID twice"


# ------------------------------------------------------------------------------------------ clock
def test_simulated_clock_ticks_once_per_logged_call() -> None:
    s = PhoneState(load_world())
    assert s.now_iso() == "2026-05-20T09:00:00"
    assert execute(s, "list_apps", {})["status"] == "success"
    assert s.now_iso() == "2026-05-20T09:00:01"
    assert s.log[-1]["time"] == "2026-05-20T09:00:00"
    assert execute(s, "list_apps", {"category": 5})["error_type"] == "InvalidArguments"
    assert s.now_iso() == "2026-05-20T09:00:02"
    assert execute(s, "no_such_tool", {})["error_type"] == "UnknownTool"
    assert s.now_iso() == "2026-05-20T09:00:02", "an unknown tool is not logged and does not tick"
    fork = s.fork()
    s.tick()
    assert fork.now_iso() == "2026-05-20T09:00:02"
    assert s.now_iso() == "2026-05-20T09:00:03"
    s.reset()
    assert s.now_iso() == "2026-05-20T09:00:00"
    assert PhoneState(load_world(), now="2026-12-31T23:59:59").now_iso() == "2026-12-31T23:59:59"


def test_delta_lists_changed_fields_in_record_order() -> None:
    """Not in set order, which follows PYTHONHASHSEED: a serialised delta is byte-identical across runs."""
    s = PhoneState(World({"t": {"k": {"a": 1, "b": 1, "c": 1, "d": 1}}}))
    s.update("t", "k", d=2, b=2, e=2)
    s.put("t", "k", {key: v for key, v in s.get("t", "k").items() if key != "a"})
    assert list(s.delta()["t"]["k"]["changed"]) == ["b", "d", "e", "a"]


def test_the_op_log_keeps_copies_of_what_the_caller_still_holds() -> None:
    """A caller changing its own arguments afterwards (e.g. in the chat messages of an info) must not
    rewrite the log the checkers read, nor a record the tool stored."""
    s = PhoneState(load_world("S"))
    context = {"cities": ["Tokyo"]}
    args = {"instruction": "find flights to Tokyo", "context": context}
    assert execute(s, "delegate_to_search_agent", args)["status"] == "success"
    bad = {"bogus": 1}
    assert execute(s, "set_stream_volume", bad)["error_type"] == "InvalidArguments"
    context["cities"].append("Osaka")
    bad["bogus"] = 2
    assert s.log[-2]["arguments"]["context"] == {"cities": ["Tokyo"]}
    assert s.log[-1]["arguments"] == {"bogus": 1}
    assert "Osaka" not in repr(s.writes)
