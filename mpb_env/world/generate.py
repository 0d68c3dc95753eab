"""The seeded phone-world generator: every domain module's ``seed()`` contributes its tables.

``build_world(size, seed)`` is deterministic: the same size and seed give a byte-identical world
(``World.digest()``), checked against ``mpb_env/data/world.sha256`` by a test. Sizes scale the
bulk tables (messages, events, files, ...) — S ≈ 0.25×, M = 1×, L ≈ 4× — while the hand-written
core entities that tasks refer to are the same in every size.
"""

from __future__ import annotations

import gc
import random
from functools import cache
from typing import Literal

from mpb_env.domains import modules
from mpb_env.world.state import Tables, World

Size = Literal["S", "M", "L"]
SCALES: dict[str, float] = {"S": 0.25, "M": 1.0, "L": 4.0}
OWNER = {
    "name": "Alex Morgan",
    "phone": "+1 415 555 0100",
    "email": "alex.morgan@example.com",
    "home_city": "San Francisco",
    "work": "Northwind Labs",
    "timezone": "America/Los_Angeles",
}


def build_tables(size: Size = "M", seed: int = 0) -> Tables:
    if size not in SCALES:
        raise ValueError(f"unknown world size {size!r}; choose one of {sorted(SCALES)}")
    tables: Tables = {"owner": {"me": dict(OWNER)}}
    for mod in modules():
        fn = getattr(mod, "seed", None)
        if fn is not None:
            # One RNG per domain, so adding records in one domain never shifts another's.
            fn(tables, random.Random(f"{seed}:{mod.__name__}"), SCALES[size])
    return tables


@cache
def load_world(size: Size = "M", seed: int = 0) -> World:
    """The shared base world for ``size`` (built once per process).

    The world is immutable and lives as long as the process, so its ~10^5 records are moved out of the
    cyclic garbage collector's sight (``gc.freeze``): otherwise every full collection rescans them,
    which showed up as 50-70 µs pauses on single env steps with a thousand sub-envs alive. Freezing
    moves every tracked object, so it collects first: cyclic garbage still waiting for a collection
    would be frozen with the world and never freed.
    """
    world = World(build_tables(size, seed), meta={"size": size, "seed": seed})
    gc.collect()
    gc.freeze()
    return world


def digests(seed: int = 0) -> dict[str, str]:
    """The SHA-256 of each world size (what ``mpb_env/data/world.sha256`` records)."""
    return {size: World(build_tables(size, seed)).digest() for size in SCALES}  # type: ignore[arg-type]


if __name__ == "__main__":
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "data" / "world.sha256"
    path.write_text("".join(f"{digest}  {size}\n" for size, digest in digests().items()))
    print(path.read_text(), end="")
