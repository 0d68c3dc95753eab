"""Hostile actions against ``Episode.step`` on every split: does anything raise, run long or write the
shared world or the tasks?

::

    python benchmarks/fuzz.py            # 10^6 actions over bench, train, dev, interaction and starter
    python benchmarks/fuzz.py --quick    # 20,000 actions (a few seconds)
    python benchmarks/fuzz.py --actions 200000 --seed 3 --budget-ms 50

Prints one JSON object: ``actions`` tried, ``exceptions`` raised out of ``step()`` (goal 0; the first
few in ``exception_samples``), ``over_budget`` steps that took more than ``--budget-ms`` of process
time (goal 0; the slowest in ``slowest``), the steps per family of action, and the SHA-256 of the base
world and of each split's tasks before and after (``world_unchanged``/``tasks_unchanged``, goal true).

A step's time is its process time less the cyclic garbage collector's pauses inside it: a full
collection walks the whole heap (the base world, every split's tasks, the caches), 45-90 ms here once
the heap is grown, whichever step it lands in, so it says nothing about the step's own work.
``over_budget_with_gc`` counts the steps over budget with those pauses left in, and ``gc`` gives the
collections per generation and the longest pause, so neither is hidden.

The actions mix well-formed calls of offered tools with wrong, missing and extra arguments, unknown
tools, arguments nested up to 1,100 deep (past orjson's own bound), many calls per turn, fences,
``<tool_call>`` debris, unicode, strings up to 200K characters (past ``max_action_chars``), a ``str``
subclass whose ``__str__`` raises and objects of other types. Half the episodes are offered the whole
catalog, so deep arguments reach tools that take free-form dicts (``delegate_to_gui_agent(context=)``).
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import random
import sys
import time
from collections import Counter
from typing import Any

import orjson

from mpb_env.domains import catalog
from mpb_env.envs.single import select_episodes
from mpb_env.episode import Episode
from mpb_env.tasks import SPLITS
from mpb_env.world.generate import load_world

WORDS = ["alarm", "06:30", "Gmail", "contact_012", "é", "😀", "\u202e", "\x00", "null", "{", "<tool_call>"]


class Hostile(str):
    """A ``str`` subclass whose ``__str__`` and ``__repr__`` raise."""

    def __str__(self) -> str:
        raise RuntimeError("hostile __str__")

    def __repr__(self) -> str:
        raise RuntimeError("hostile __repr__")


class Opaque:
    """Not a str at all, and unprintable."""

    def __str__(self) -> str:
        raise RuntimeError("opaque __str__")

    __repr__ = __str__


def deep(rng: random.Random, depth: int) -> str:
    opener, closer = rng.choice([('{"k":', "}"), ("[", "]"), ('{"a":[', "]}")])
    return opener * depth + "1" + closer * depth


def value(rng: random.Random, kind: str | None) -> Any:
    """A value of the schema type ``kind`` most of the time, of another type otherwise."""
    if rng.random() < 0.25:
        kind = rng.choice(["string", "integer", "boolean", "array", "object", "number", None])
    if kind == "string":
        return rng.choice(WORDS) * rng.choice([1, 1, 2, 50])
    if kind == "integer":
        return rng.choice([0, 1, -1, 7, 2**40, 10**18])
    if kind == "number":
        return rng.choice([0.5, -1e308, 3.0])
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "array":
        return [value(rng, "string") for _ in range(rng.randint(0, 3))]
    if kind == "object":
        return {rng.choice(WORDS): value(rng, "string") for _ in range(rng.randint(0, 3))}
    return None


class Actions:
    """A seeded stream of hostile actions for one episode's offered tools."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.props = {
            name: spec.schema["function"]["parameters"]["properties"] for name, spec in catalog().items()
        }
        self.names = list(self.props)

    def call(self, tools: tuple[str, ...]) -> str:
        rng = self.rng
        name = rng.choice(tools) if rng.random() < 0.85 else rng.choice([*self.names, "", "nope", "😀" * 3])
        props = self.props.get(name, {})
        args = {k: value(rng, p.get("type")) for k, p in props.items() if rng.random() < 0.85}
        if rng.random() < 0.1:
            args[rng.choice(WORDS)] = 1
        body = orjson.dumps({"name": name, "arguments": args}).decode()
        if rng.random() < 0.15:  # arguments nested past the depth limit, in a free-form field
            d = rng.choice([31, 32, 33, 100, 1000, 1100])
            body = body[:-2] + ("," if args else "") + f'"context":{deep(rng, d)}}}}}'
        return body

    def next(self, tools: tuple[str, ...]) -> tuple[str, Any]:
        """(family, action)."""
        rng = self.rng
        r = rng.random()
        if r < 0.40:
            return "call", self.call(tools)
        if r < 0.52:
            n = rng.choice([1, 2, 5, 32, 33, 200])
            sep = rng.choice(["", "\n", " thinking… "])
            return "blocks", sep.join(f"<tool_call>{self.call(tools)}</tool_call>" for _ in range(n))
        if r < 0.58:
            calls = ",".join(self.call(tools) for _ in range(rng.choice([1, 3, 40])))
            shape = rng.choice(["[{}]", '{{"tool_calls":[{}]}}', "```json\n[{}]\n```"])
            return "json-list", shape.format(calls)
        if r < 0.62:
            return "string-args", orjson.dumps(
                {"name": rng.choice(tools), "arguments": self.call(tools)}
            ).decode()
        if r < 0.68:
            return "deep", rng.choice(["", '{"name":"x","arguments":', "<tool_call>"]) + deep(
                rng, rng.choice([10, 500, 1023, 1025, 5000])
            )
        if r < 0.75:
            n = rng.choice([100, 10_000, 40_000, 70_000])
            piece = rng.choice(["\n", " \n", "```", "<tool_call>", '"name"', "{", "[", "é", "\x00"])
            shape = rng.choice(["```\n{}x", "```json{}`", "{}", '{{"name"{}:', "<tool_call>{}"])
            return "adversarial", shape.format(piece * (n // len(piece)))
        if r < 0.79:
            n = rng.choice([65_536, 65_537, 200_000])
            return "huge", '{"name":"' + rng.choice(tools) + '","arguments":{"text":"' + "x" * n + '"}}'
        if r < 0.85:
            return "unicode", "".join(chr(rng.randint(0, 0x10FFFF)) for _ in range(rng.randint(1, 60)))
        if r < 0.91:
            kind = rng.choice(["hostile", "hostile", "none", "int", "bytes", "list", "dict", "opaque"])
            obj: Any = {
                "hostile": lambda: Hostile(self.call(tools)),
                "none": lambda: None,
                "int": lambda: 7,
                "bytes": lambda: self.call(tools).encode(),
                "list": lambda: [self.call(tools)],
                "dict": lambda: {"name": rng.choice(tools), "arguments": {}},
                "opaque": Opaque,
            }[kind]()
            return f"type:{kind}", obj
        if r < 0.97:
            debris = ["<tool_call>", "</tool_call>", "```", "{", "}", '"name":', "[", "]", "\n", "json"]
            return "debris", "".join(rng.choice(debris) for _ in range(rng.randint(1, 40)))
        return "final", rng.choice(["Done.", "Your alarm is set.", "", "  \n  ", '{"content": "done"}'])


def shown(action: Any) -> str:
    """The start of an action for a report, without calling its own ``__repr__``."""
    if isinstance(action, (str, bytes)) and type(action) in (str, bytes, Hostile):
        return (str.__repr__(action) if isinstance(action, str) else bytes.__repr__(action))[:300]
    return f"<{type(action).__name__}>"


class GcPauses:
    """A ``gc.callbacks`` hook: process time spent in collections, in all and per generation."""

    def __init__(self, clock: Any) -> None:
        self.clock = clock
        self.total = 0.0
        self.started = 0.0
        self.count = Counter[int]()
        self.longest = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.started = self.clock()
            return
        pause = self.clock() - self.started
        self.total += pause
        self.count[info["generation"]] += 1
        self.longest = max(self.longest, pause)

    def report(self) -> dict[str, Any]:
        return {
            "collections": {str(g): n for g, n in sorted(self.count.items())},
            "cpu_s": round(self.total, 2),
            "longest_ms": round(self.longest * 1000, 1),
        }


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def tasks_digest(index: dict[str, Any]) -> str:
    return digest(orjson.dumps([index[k].model_dump(mode="json") for k in sorted(index)]))


def run(total: int, seed: int, budget_ms: float) -> dict[str, Any]:
    world = load_world("M")
    all_tools = tuple(catalog())
    world_before = world.digest()
    gen = Actions(seed)
    rng = random.Random(seed + 1)
    budget = budget_ms / 1000.0
    families: Counter[str] = Counter()
    exceptions: Counter[str] = Counter()
    samples: list[dict[str, Any]] = []
    slowest: list[tuple[float, str]] = []
    over = 0
    actions = 0
    episodes = 0
    splits: dict[str, Any] = {}
    clock = time.process_time
    pauses = GcPauses(clock)
    gc.callbacks.append(pauses)
    over_gross = 0
    per_split = total // len(SPLITS)
    for split in SPLITS:
        index, ids = select_episodes(split, None, None, None)
        before = tasks_digest(index)
        ep = Episode(world, index[ids[0]], "bm25")
        done = True
        n = 0
        started = clock()
        while n < per_split:
            if done:
                ep.restart(index[rng.choice(ids)])
                if rng.random() < 0.5:
                    ep.set_tools(list(all_tools))
                episodes += 1
                done = False
            family, action = gen.next(ep.tools)
            t0, gc0 = clock(), pauses.total
            try:
                out = ep.step(action)
            except Exception as exc:  # what the fuzz looks for: nothing may get here
                out = None
                key = f"{type(exc).__name__}: {str(exc)[:120]}"
                exceptions[key] += 1
                if len(samples) < 5:
                    samples.append({"family": family, "error": key, "action": shown(action)})
                done = True
            gross = clock() - t0
            dt = gross - (pauses.total - gc0)
            n += 1
            families[family] += 1
            over += dt > budget
            over_gross += gross > budget
            if len(slowest) < 5 or dt > slowest[-1][0]:
                slowest = sorted([*slowest, (dt, f"{split}:{family}")], reverse=True)[:5]
            if out is not None:
                done = out[2] or out[3]
        actions += n
        splits[split] = {
            "actions": n,
            "cpu_s": round(clock() - started, 1),
            "tasks_unchanged": tasks_digest(index) == before,
            "tasks_sha256": before,
        }
    gc.callbacks.remove(pauses)
    world_after = world.digest()
    return {
        "actions": actions,
        "episodes": episodes,
        "exceptions": sum(exceptions.values()),
        "exception_kinds": dict(exceptions),
        "exception_samples": samples,
        "budget_ms": budget_ms,
        "over_budget": over,
        "over_budget_with_gc": over_gross,
        "gc": pauses.report(),
        "slowest": [{"ms": round(dt * 1000, 2), "where": where} for dt, where in slowest],
        "world_unchanged": world_after == world_before,
        "world_sha256": world_before,
        "tasks_unchanged": all(s["tasks_unchanged"] for s in splits.values()),
        "splits": splits,
        "families": dict(sorted(families.items())),
        "seed": seed,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=1_000_000, help="actions in all (default 10^6)")
    parser.add_argument("--quick", action="store_true", help="20,000 actions")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget-ms", type=float, default=50.0, help="CPU budget per step")
    args = parser.parse_args(argv)
    total = 20_000 if args.quick else args.actions
    report = run(total, args.seed, args.budget_ms)
    sys.stdout.write(orjson.dumps(report, option=orjson.OPT_INDENT_2).decode() + "\n")
    ok = report["exceptions"] == 0 and report["over_budget"] == 0
    return 0 if ok and report["world_unchanged"] and report["tasks_unchanged"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
