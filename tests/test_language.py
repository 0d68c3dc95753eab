"""The language checks catch what they are for: the same task reworded, near-duplicate queries and
template seams, on hand-written cases."""

from __future__ import annotations

import pytest

from mpb_env.tasks import load_tasks
from mpb_env.tasks.language import (
    NEAR_DUPLICATE,
    NearDuplicates,
    SeamDetector,
    same_task_groups,
    similarity,
)

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
