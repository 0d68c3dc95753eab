"""The validated task record (one JSONL line of a suite).

A task is (query q, initial state S0, dialogue history H0, candidate actions A0) plus its gold target
for exactly one bucket. Gold answers are structured data, never code strings:

* ``bucket="tool"``: ``gold.calls`` — the mutating calls in order, arguments compared after
  normalisation; a value may be a *matcher* (see ``mpb_env.checkers.match``) such as
  ``{"$contains": ["train", "8 pm"]}`` for free text, or the ``$text`` matcher suites build from it
  (``mpb_env.tasks.freetext``: the dictated words, in order, nothing denied or stuffed).
* ``bucket="state"``: ``gold.delta`` — the expected D_T − D_0, one entry per created, updated or
  deleted record; nothing else may change.
* ``bucket="behavior"``: ``gold.rubric`` — sub-agent route and handoff slots, and the kind and content
  of the final message.

Gates: ``gold_memory_ids`` (⊆ IDs returned by ``search_user_memory``) and ``gold_skill`` (loaded).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

Dimension = Literal["basic", "subagent", "memory", "skill"]
Bucket = Literal["tool", "state", "behavior"]
Routing = Literal["SOR", "MTSR"]
RecallMode = Literal["bm25", "bm25-plain", "oracle", "all"]

BASIC_CATEGORIES = (
    "grounding",  # tool & parameter grounding
    "dependency",  # conditional & dependency planning
    "reference",  # reference & state tracking
    "revision",  # intent revision & task management
    "recovery",  # boundary detection & error recovery
)
FRICTIONS = (
    "obfuscation",
    "permission",
    "missing_argument",
    "ambiguity",
    "dependency",
    "state_mutation",
    "runtime_error",
    "contradiction",
    "capability_limit",
    "intent_revision",
    "multi_intent",
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Message(_Strict):
    role: Literal["user", "assistant", "tool", "system"]
    content: str


class Fault(_Strict):
    """An injected runtime fault: the ``on_calls``-th calls of ``tool`` fail with ``error_type``."""

    tool: str
    on_calls: list[int] = [1]
    error_type: Literal["ServiceUnavailable", "Conflict", "PreconditionFailed"] = "ServiceUnavailable"
    message: str = "The service is temporarily unavailable. Please retry."


class GoldCall(_Strict):
    name: str
    arguments: dict[str, Any] = {}


class DeltaEntry(_Strict):
    """One expected record change. ``create`` matches any new record whose fields match ``fields``;
    ``upsert`` matches that or an update of any record (or of ``key``) that leaves it with ``fields``
    and changes nothing else (e.g. a page opened in a new tab or in the current one)."""

    table: str
    op: Literal["create", "update", "delete", "upsert"]
    key: str | None = None
    fields: dict[str, Any] = {}

    @model_validator(mode="after")
    def _key_needed(self) -> DeltaEntry:
        if self.op in ("update", "delete") and not self.key:
            raise ValueError(f"{self.op} entries need a key")
        return self


class Rubric(_Strict):
    """Bucket 3: observable behaviour.

    ``routes``: acceptable sub-agent entry tools (one must be called successfully); ``handoff``: slot →
    value or matcher over that call's arguments; ``final_kind``: what the closing message must be;
    ``must_include``: groups of alternatives, each group must have one present in the final message;
    ``must_not_include``: phrases that must be absent; ``forbid_mutations``: no successful mutating call
    other than the route (e.g. ask before acting); without it, only the route and calls that lift a
    lock or grant a permission (``checkers.ENABLING_TOOLS``). The final message is judged without any
    verbatim copy of the query in it.

    What the final message states must rest on the episode and be one answer: ``evidence`` — indices
    of ``must_include`` groups the user did not say, one of whose phrases must also occur in the data
    of a successful call of the episode (the look-up that reveals it); ``max_words`` — at most this many
    words (no dump of every result); ``read_domains`` — domains in each of which the episode must have
    made a successful read call (where the oracle looked the answer up: an answer needs its look-up).
    ``affirm`` — the reference answer denies nothing: a ``must_include`` phrase counts only where it
    is stated, not after a "not" in its clause (``checkers.affirms``). A final that quotes raw tool
    output (a JSON object) fails too.
    """

    routes: list[str] = []
    handoff: dict[str, Any] = {}
    final_kind: Literal["question", "answer", "refusal", "any"] = "any"
    must_include: list[list[str]] = []
    must_not_include: list[str] = []
    forbid_mutations: bool = False
    evidence: list[int] = []
    max_words: int | None = None
    read_domains: list[str] = []
    affirm: bool = False


class UserFact(_Strict):
    """A fact the simulated user holds back until asked: ``ask_user`` questions that mention any of
    ``keywords`` get ``answer``; anything else gets a polite non-answer (MobileWorld-style)."""

    keywords: list[str] = Field(min_length=1)
    answer: str


class Gold(_Strict):
    """What a task's checker compares against. ``ignore_tables``: tables whose changes are all
    bookkeeping (e.g. a pairing log); ``ignore_updates``: table → record keys whose *updates* are (e.g.
    the radio settings when any of several ways of going back online is right); creating or deleting
    records there still counts, as do updates of other keys; ``allow_creates``: table → the fields a
    new record beyond the gold must match to be optional (the note a skill's step may write unasked);
    any other new record, and changing or deleting an existing one, still fails the task. (An update
    that changes only bookkeeping stamps is no change at all.)"""

    calls: list[GoldCall] | None = None
    delta: list[DeltaEntry] | None = None
    rubric: Rubric | None = None
    ignore_tables: list[str] = []
    ignore_updates: dict[str, list[str]] = {}
    allow_creates: dict[str, dict[str, Any]] = {}
    #: Bucket 1 with independent calls (two DND exceptions, play then set the volume): the gold calls
    #: may come in any order; each still needs its own matching call and nothing else may mutate.
    any_order: bool = False


class Task(_Strict):
    id: str
    version: str
    dimension: Dimension
    category: str
    bucket: Bucket
    routing: Routing | None = None
    query: str
    history: list[Message] = []
    now: str = "2026-05-20T09:00:00"
    s0_patch: dict[str, dict[str, dict[str, Any] | None]] = {}
    faults: list[Fault] = []
    recall: RecallMode | None = None
    candidate_skills: list[str] = []
    #: Interaction tasks: ``ask_user`` is offered and the simulated user holds these facts back.
    #: ``ask_user`` with no facts (a control task) still answers — the question was just unnecessary.
    user_facts: list[UserFact] = []
    allow_ask: bool = False
    gold: Gold
    gold_tools: list[str] = []
    gold_memory_ids: list[str] = []
    gold_skill: str | None = None
    oracle: list[str] = Field(min_length=1)
    frictions: list[str] = []
    template: str = ""
    meta: dict[str, Any] = {}
    #: Derived per-task values (the S0 patch layer, recalled tool sets), built once and shared by every
    #: env of this task object.
    _derived: dict[Any, Any] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> Task:
        needed = {"tool": self.gold.calls, "state": self.gold.delta, "behavior": self.gold.rubric}[
            self.bucket
        ]
        if needed is None:
            raise ValueError(f"task {self.id}: bucket {self.bucket!r} needs its gold target")
        if self.dimension == "basic" and self.category not in BASIC_CATEGORIES:
            raise ValueError(f"task {self.id}: basic category must be one of {BASIC_CATEGORIES}")
        if self.dimension == "skill" and not self.gold_skill:
            raise ValueError(f"task {self.id}: skill tasks need gold_skill")
        unknown = set(self.frictions) - set(FRICTIONS)
        if unknown:
            raise ValueError(f"task {self.id}: unknown frictions {sorted(unknown)}")
        try:
            datetime.fromisoformat(self.now)
        except ValueError:
            raise ValueError(
                f"task {self.id}: now must be an ISO 8601 date-time such as 2026-05-20T09:00:00, got {self.now!r}"
            ) from None
        return self

    def __getstate__(self) -> dict[Any, Any]:
        """Pickled without the derived values: a copy (e.g. sent to a Ray actor) builds its own."""
        state = super().__getstate__()
        private = state.get("__pydantic_private__")
        if private:
            state["__pydantic_private__"] = {**private, "_derived": {}}
        return state

    def with_routing(self, routing: Routing) -> Task:
        """The scored variant of a skill task under one routing mode (id ``<id>@<routing>``)."""
        variant = self.model_copy(update={"id": f"{self.id}@{routing}", "routing": routing})
        # The variants share S0; what depends on routing (the recalled tools) is derived anew.
        variant._derived = {"patch": self._derived["patch"]} if "patch" in self._derived else {}
        return variant

    def derived(self, key: Any, build: Any) -> Any:
        """A value derived from this task, built by ``build()`` on first use and cached on the task."""
        cache = self.__pydantic_private__["_derived"]  # direct: pydantic's __getattr__ is slow
        value = cache.get(key)
        if value is None:
            value = cache[key] = build()
        return value

    def patch_tables(self) -> dict[str, dict[str, dict[str, Any] | None]]:
        """S0 as a patch: the task's own patch plus its faults as the ``faults`` table."""
        tables = dict(self.s0_patch)
        if self.faults:
            tables["faults"] = {f.tool: f.model_dump() for f in self.faults}
        return tables


def episodes(tasks: list[Task]) -> list[Task]:
    """Expand a suite into scored episodes: skill tasks once under SOR and once under MTSR."""
    out: list[Task] = []
    for t in tasks:
        if t.dimension == "skill" and t.routing is None:
            out.extend((t.with_routing("SOR"), t.with_routing("MTSR")))
        else:
            out.append(t)
    return out
