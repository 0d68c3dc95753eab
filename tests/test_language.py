"""The suites' language: no task twice in other words, no near-duplicate queries, no template seams; the
checks themselves catch hand-written bad cases; and the generator is additive (a new family changes no
other family's tasks)."""

from __future__ import annotations

import pytest

from mpb_env.tasks import load_tasks
from mpb_env.tasks.build import suite_jsonl
from mpb_env.tasks.gen import BENCH_SEED, build_suite, load_families, task_id
from mpb_env.tasks.gen.core import FAMILIES, Family, fill
from mpb_env.tasks.language import (
    NEAR_DUPLICATE,
    NearDuplicates,
    SeamDetector,
    near_duplicate_pairs,
    same_task_groups,
    seams,
    similarity,
)

GENERATED = ("bench", "interaction", "train", "dev")


@pytest.mark.parametrize("split", GENERATED)
def test_no_suite_holds_the_same_task_twice(split: str) -> None:
    assert same_task_groups(load_tasks(split)) == []


@pytest.mark.parametrize("split", GENERATED)
def test_no_suite_holds_near_duplicate_queries(split: str) -> None:
    assert near_duplicate_pairs(load_tasks(split)) == []


@pytest.mark.parametrize("split", GENERATED)
def test_no_suite_shows_a_template_seam(split: str) -> None:
    assert seams(load_tasks(split)) == []


# --- the checks catch what they are for ------------------------------------------------------------

BAD = {
    "possessive on a name": "Forget what you know about my Emma's swim class.",
    "article before a name": "Add it to the Emma's Dance Party playlist.",
    "doubled word": "Send the the Denver receipts to the expense inbox.",
    "a an": "Set a an alarm for six.",
    "a before a vowel": "Add a Airport run alarm.",
    "an before a consonant": "Book an table for two.",
    "capital after a comma": "Open the notes, Then delete the oldest one.",
    "lower-case sentence start": "Can you look at my screen? what did the team decide?",
    "spacing": "Turn on  Wi-Fi , please.",
    "doubled punctuation": "Text Maya that I'm late.,",
    "unfilled slot": "Call {name} back.",
}
GOOD = [
    "Call Emma back and tell her I'm on my way.",
    "Play Emma's Dance Party playlist.",
    "Set the phone to silent... on second thought, vibrate.",
    "Turn Do Not Disturb on, Do Not Disturb off, then tell me the time.",
    "Book an hour at the gym and a one-way ticket; my talk on on-device agents.",
    "Night night. Turn everything off, please.",
    "Dr. Haddad at Noe Pediatrics is Emma's new pediatrician.",
]


@pytest.mark.parametrize("kind", sorted(BAD))
def test_the_seam_detector_flags_each_kind(kind: str) -> None:
    found = SeamDetector(names=["Emma", "Maya"])(BAD[kind])
    assert kind in {k for k, _ in found}, found


@pytest.mark.parametrize("text", GOOD)
def test_the_seam_detector_passes_clean_text(text: str) -> None:
    assert SeamDetector(names=["Emma", "Maya"])(text) == []


def test_the_detector_knows_the_pools_names() -> None:
    assert SeamDetector()("Remind my Emma's teacher.") != []


def test_same_task_reworded_is_a_group_and_other_entities_are_not() -> None:
    a, b = [t for t in load_tasks("bench") if t.meta["family"] == "apps.clear_cache"][:2]
    reworded = a.model_copy(update={"id": "x", "query": "Free up the space that app's cache takes."})
    assert same_task_groups([a, b, reworded]) == [[a.id, "x"]]
    assert same_task_groups([a, b]) == []  # another app is another task


def test_near_duplicates_are_the_same_words_up_to_numbers() -> None:
    assert (
        similarity(
            "Pause playback, and change the media volume to 90.",
            "Pause playback and change the media volume to 25",
        )
        == 1.0
    )
    assert similarity("Text Maya that I'm late.", "Set an alarm for seven.") == 0.0
    assert (
        similarity(
            "Send my neighbor a quick text: the train is delayed by twenty minutes.",
            "Send my secretary a quick text: the train is delayed by twenty minutes.",
        )
        >= NEAR_DUPLICATE
    )
    assert similarity("Turn Wi-Fi off.", "Turn Bluetooth off.") < NEAR_DUPLICATE
    index = NearDuplicates()
    index.add("Block +1 206 555 0126, they keep calling me with spam.")
    assert index.match("Block +1 305 555 0188, they keep calling me with spam.") is not None
    assert index.match("Unblock the number that keeps calling me.") is None


def test_fill_drops_a_determiner_before_a_name_and_capitalises_a_sentence() -> None:
    assert fill("forget my {t}.", t="Emma's swim class") == "Forget Emma's swim class."
    assert fill("send the {t} receipts", t="the Denver workshop") == "Send the Denver workshop receipts"
    assert fill("add a {t} alarm.", t="Airport run") == "Add an Airport run alarm."
    assert fill("look at my screen? {q}", q="what is that?") == "Look at my screen? What is that?"
    assert fill("so... {q}", q="maybe not") == "So... maybe not"


# --- ids and additivity ----------------------------------------------------------------------------


def test_ids_name_the_family_and_its_draw() -> None:
    fams = load_families()
    assert task_id(fams["apps.clear_cache"], 2) == "basic-apps.clear_cache-002"
    assert task_id(fams["memory.add_fact"], 4, "multi") == "memory-add_fact-multi-004"
    ids = {t.id for t in load_tasks("bench")}
    assert "basic-apps.clear_cache-001" in ids and all(
        i.split("-")[0] in {"basic", "subagent", "memory", "skill"} for i in ids
    )


def _alias(src: str, new_id: str, weight: int) -> Family:
    """A dummy family: another family's code under a new id (so its own seeded stream)."""
    f = FAMILIES[src]
    return Family(new_id, f.dimension, f.category, f.bucket, f.fn, f.splits, weight)


def test_adding_a_family_changes_no_other_familys_tasks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A family registered first in id order, heavy enough to take a share of its group's quota: every
    other family keeps a run of its own tasks (a prefix of what it had, or more), each with the same id
    and the same bytes; groups the dummy is not in are untouched."""
    load_families()
    before = build_suite("bench", BENCH_SEED, "bench-v2", scale=0.15)
    dummies = [_alias("apps.clear_cache", "aaa.dummy", 4), _alias("memory.add_fact", "memory.aaa_dummy", 3)]
    for d in dummies:
        monkeypatch.setitem(FAMILIES, d.id, d)
    after = build_suite("bench", BENCH_SEED, "bench-v2", scale=0.15)
    assert len(after) == len(before)
    new = [t for t in after if t.meta["family"] in {d.id for d in dummies}]
    assert new and {t.id.rsplit("-", 1)[0] for t in new} == {
        "basic-aaa.dummy",
        "memory-aaa_dummy-single",
        "memory-aaa_dummy-multi",
    }
    old_by_id = {t.id: t for t in before}
    new_by_id = {t.id: t for t in after}
    shorter = 0
    for fam in {t.meta["family"] for t in before}:
        olds = [t.id for t in before if t.meta["family"] == fam]
        news = [t.id for t in after if t.meta["family"] == fam]
        for stream in {i.rsplit("-", 1)[0] for i in olds + news}:
            o = [i for i in olds if i.rsplit("-", 1)[0] == stream]
            n = [i for i in news if i.rsplit("-", 1)[0] == stream]
            short, long = sorted((o, n), key=len)
            assert long[: len(short)] == short, (stream, o, n)  # one run is the front of the other
            shorter += len(n) < len(o)
        for i in set(olds) & set(news):
            assert suite_jsonl([old_by_id[i]]) == suite_jsonl([new_by_id[i]]), i
    assert shorter > 0  # the dummies did take quota from other families
    untouched = [t for t in before if t.dimension in ("subagent", "skill")]
    assert suite_jsonl(untouched) == suite_jsonl([t for t in after if t.dimension in ("subagent", "skill")])
