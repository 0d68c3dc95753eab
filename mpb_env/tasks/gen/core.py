"""The seeded task generator's building blocks: template families, split-disjoint phrasings and
entity pools, and the draft → task step.

A **family** is a function that writes one task draft from a ``Ctx``::

    @family("calls.text_contact", dimension="basic", category="grounding", bucket="tool")
    def text_contact(ctx: Ctx) -> Draft:
        person = ctx.pick("core_people")             # an entity, from this split's half of the pool
        body = ctx.pick("sms_bodies")
        return Draft(
            query=ctx.say(["Text {name} that {body}.", "Send {name} a message: {body}"], ...),
            gold=..., oracle=[...],
        )

* ``ctx.say(phrasings, **vars)`` picks one phrasing — the **template** — from the split's share (the
  family's successive tasks take the share in turn, ``Ctx.rotate``), formatted by ``fill``:
  bench (and the interaction suite) get the even-indexed phrasings of a family, train and dev the odd
  ones (so a family needs ≥ 2); the chosen template id is ``<family>#<index>``. Dev is a held-out draw
  from the train distribution: its queries never occur in train.
* ``ctx.pick(pool)`` draws an entity from the split's half of a named pool (bench: even indices,
  train and dev: odd); every pick is recorded, so a task's *entity combination* is known.
* ``ctx.want`` carries what the generator needs from this draw (e.g. ``{"turns": "multi"}`` for a
  memory task that must come with a dialogue history H0).
* ``ctx.rng`` is the family's seeded RNG for anything else (never the global ``random``). It is seeded
  by (seed, split, stream, draw), where the stream is the family id (``<id>@multi`` for a memory
  family's multi-turn draws): a family's draws never depend on another family's.
* A family raises ``Skip`` when a draw is unusable (e.g. a clash it cannot resolve); the generator
  draws again.

Queries, templates and entity combinations of bench and train are therefore disjoint by
construction; ``tests/test_generator.py`` proves it on the generated data.
"""

from __future__ import annotations

import random
import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mpb_env.tasks.model import Bucket, Dimension

SPLIT_PARITY = {"bench": 0, "interaction": 0, "train": 1, "dev": 1}


class Skip(Exception):
    """The family cannot build a task from this draw; draw again."""


@dataclass
class Draft:
    """What a family writes; the generator adds id, version, dimension, category, bucket, template."""

    query: str
    gold: dict[str, Any]
    oracle: list[str]
    history: list[dict[str, str]] = field(default_factory=list)
    s0_patch: dict[str, dict[str, Any]] = field(default_factory=dict)
    faults: list[dict[str, Any]] = field(default_factory=list)
    frictions: list[str] = field(default_factory=list)
    gold_memory_ids: list[str] = field(default_factory=list)
    gold_skill: str | None = None
    candidate_skills: list[str] = field(default_factory=list)
    now: str = "2026-05-20T09:00:00"
    meta: dict[str, Any] = field(default_factory=dict)
    user_facts: list[dict[str, Any]] = field(default_factory=list)  # withheld facts (interaction tasks)
    allow_ask: bool | None = None  # offer ask_user; default: when the task withholds facts
    category: str | None = None  # overrides the family's category (e.g. memory reasoning type)
    bucket: Bucket | None = None  # overrides the family's bucket


@dataclass(frozen=True)
class Family:
    id: str
    dimension: Dimension
    category: str
    bucket: Bucket
    fn: Callable[[Ctx], Draft]
    splits: tuple[str, ...]
    weight: int


FAMILIES: dict[str, Family] = {}


def family(
    id: str,
    *,
    dimension: Dimension,
    category: str,
    bucket: Bucket,
    splits: Sequence[str] = ("bench", "train", "dev"),
    weight: int = 1,
) -> Callable[[Callable[[Ctx], Draft]], Callable[[Ctx], Draft]]:
    """Register a template family. ``weight`` > 1 lets a rich family fill more of its category."""

    def wrap(fn: Callable[[Ctx], Draft]) -> Callable[[Ctx], Draft]:
        if id in FAMILIES:
            raise ValueError(f"duplicate family {id!r}")
        FAMILIES[id] = Family(id, dimension, category, bucket, fn, tuple(splits), weight)
        return fn

    return wrap


class Ctx:
    """One draw of a family for one split: seeded RNG, split-filtered phrasings and entity pools."""

    def __init__(
        self,
        split: str,
        family_id: str,
        draw: int,
        seed: int,
        pools: dict[str, Sequence[Any]],
        stream: str | None = None,
        nth: int | None = None,
    ) -> None:
        self.split = split
        self.parity = SPLIT_PARITY[split]
        self.family_id = family_id
        key = f"{seed}:{split}:{stream or family_id}:{draw}".encode()
        self.rng = random.Random(zlib.crc32(key) ^ (seed << 32))
        #: Which task of its stream this draw is for (the phrasings rotate over it); default: ``draw``.
        self.nth = draw if nth is None else nth
        self._start = zlib.crc32(f"{seed}:{split}:{stream or family_id}".encode())
        self.pools = pools
        self.template: str | None = None
        self.entities: list[tuple[str, str]] = []
        self.want: dict[str, Any] = {}

    def say(self, phrasings: Sequence[str], **vars: Any) -> str:
        """Format one phrasing of this split's share (the template) with ``vars``."""
        if len(phrasings) < 2:
            raise ValueError(f"family {self.family_id} needs at least 2 phrasings (one per split side)")
        share = [i for i in range(len(phrasings)) if i % 2 == self.parity]
        index = self.rotate(share)
        self.template = f"{self.family_id}#{index}"
        return fill(phrasings[index], **vars)

    def rotate(self, share: Sequence[int]) -> int:
        """The phrasing index of this draw: a family's successive tasks take ``share`` in turn (from a
        seeded start), so they read differently; it never touches ``rng``, so adding or editing
        phrasings moves no entity."""
        return share[(self.nth + self._start) % len(share)]

    def pick(self, pool: str) -> Any:
        """An entity from this split's half of ``pool`` (recorded in the task's entity combination)."""
        items = self.pools[pool]
        share = [items[i] for i in range(len(items)) if i % 2 == self.parity] or list(items)
        value = self.rng.choice(share)
        self.entities.append((pool, _entity_key(value)))
        return value

    def pick_many(self, pool: str, k: int) -> list[Any]:
        """``k`` distinct entities from this split's half of ``pool``."""
        items = self.pools[pool]
        share = [items[i] for i in range(len(items)) if i % 2 == self.parity] or list(items)
        if k > len(share):
            raise Skip(f"pool {pool} has fewer than {k} entries")
        values = self.rng.sample(share, k)
        self.entities.extend((pool, _entity_key(v)) for v in values)
        return values

    def choice(self, options: Sequence[Any]) -> Any:
        """A free choice that is not an entity (e.g. which of two equivalent tools the oracle uses)."""
        return self.rng.choice(list(options))


_NAMED = re.compile(r"[A-Z][a-z]+'s\b")
_DETERMINED = re.compile(r"(?:[Tt]he|[Mm]y|[Aa]n?)\s")
_DETERMINER = r"\b(?:[Mm]y|[Yy]our|[Tt]he|[Oo]ur|[Aa]n?)\s+"
_OPENS = r"(?:^|(?<![.])[.]\s+|[!?]\s+)"


def fill(template: str, **vars: Any) -> str:
    """``template.format(**vars)`` with the grammar rules a slot needs, then a capital first letter:

    * a slot whose value starts with a name's possessive ("Emma's swim class") or a determiner ("the
      Denver workshop") takes no determiner: ``my {topic}`` and ``the {topic}`` read "Emma's swim
      class"; ``a {label}`` before a vowel reads "an Airport run";
    * a slot that opens a sentence starts with a capital ("? {question}" → "? What ...").
    """
    for k, v in vars.items():
        if not isinstance(v, str) or not v:
            continue
        slot = re.escape("{" + k + "}")
        if _NAMED.match(v) or _DETERMINED.match(v):
            template = re.sub(_DETERMINER + f"(?={slot})", "", template)
        elif v[0] in "aeioAEIO":
            template = re.sub(rf"\b([Aa])\s+(?={slot})", r"\1n ", template)
        if v[0].islower() and re.search(_OPENS + slot, template):
            cap = f"__cap_{k}__"
            template = re.sub(f"({_OPENS}){slot}", r"\g<1>{" + cap + "}", template)
            vars = {**vars, cap: v[0].upper() + v[1:]}
    text = template.format(**vars)
    return text[0].upper() + text[1:] if text else text


def _entity_key(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("id") or value.get("key") or sorted(value.items()))
    if isinstance(value, tuple | list):
        return "|".join(_entity_key(v) for v in value)
    return str(value)
