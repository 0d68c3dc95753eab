from __future__ import annotations

from importlib import resources

import pytest

from mpb_env.world.generate import build_tables, digests, load_world
from mpb_env.world.state import World


def test_world_digests_match_the_committed_record() -> None:
    recorded = dict(
        reversed(line.split())
        for line in resources.files("mpb_env.data").joinpath("world.sha256").read_text().splitlines()
    )
    assert digests() == recorded


def test_sizes_scale_bulk_and_keep_core_entities() -> None:
    s, m, big = (World(build_tables(size)) for size in "SML")
    for table in ("contacts", "messages", "events", "memories"):
        assert len(s.tables[table]) < len(m.tables[table]) < len(big.tables[table])
    for table, key in [
        ("contacts", "contact_001"),
        ("events", "event_001"),
        ("memories", "mem_011"),
        ("alarms", "alarm_001"),
    ]:
        assert s.tables[table][key] == m.tables[table][key] == big.tables[table][key]


def test_default_world_has_the_issue_minimums() -> None:
    t = load_world().tables
    assert len(t["contacts"]) >= 200
    assert len(t["messages"]) + len(t["emails"]) >= 2000
    assert len(t["events"]) >= 300
    assert len(t["memories"]) >= 300


def test_unknown_size_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown world size"):
        build_tables("XL")  # type: ignore[arg-type]


def test_loading_a_world_leaves_earlier_cyclic_garbage_collectable() -> None:
    """The world is frozen out of the cyclic GC's sight; garbage merely waiting for a collection at that
    moment must not be frozen with it (automatic collections are held off here, so none frees it first)."""
    import gc
    import weakref

    class Cycle:
        def __init__(self) -> None:
            self.me = self

    enabled = gc.isenabled()
    gc.disable()
    try:
        garbage = Cycle()
        ref = weakref.ref(garbage)
        del garbage
        load_world("S", seed=101)
        gc.collect()
        assert ref() is None
    finally:
        if enabled:
            gc.enable()
