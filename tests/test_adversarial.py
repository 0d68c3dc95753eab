"""Gaming policies stay below the bound, and each checker rule that stops one rejects the cheap answer
while the natural correct answer, in several styles, still passes."""

from __future__ import annotations

from collections.abc import Mapping

import orjson
import pytest

from mpb_env.checkers import MAX_SPARE_ASKS, match, repeated_calls
from mpb_env.episode import task_patch
from mpb_env.rollouts.adversarial import (
    BUCKETS,
    GAMING_POLICIES,
    MAX_GAMING_RATE,
    gaming_lines,
    gaming_names,
    gaming_table,
    make_gaming_policy,
)
from mpb_env.rollouts.policies import OraclePolicy
from mpb_env.tasks import load_tasks, task_index
from mpb_env.tasks.model import Task
from mpb_env.tools.runtime import call_tool
from mpb_env.validation import replay
from mpb_env.world.generate import load_world
from mpb_env.world.state import PhoneState

BENCH = task_index("bench")


def _call(name: str, **arguments: object) -> str:
    return orjson.dumps({"name": name, "arguments": arguments}).decode()


def _passes(task_id: str, actions: list[str]) -> bool:
    return bool(replay(BENCH[task_id], actions).verdict.success)  # type: ignore[union-attr]


def test_the_registry_has_every_attack() -> None:
    assert {
        "keyword-stuffing",
        "negation",
        "catch-all",
        "dump",
        "no-lookup",
        "memory-sweep",
        "load-every-skill",
        "ask-every-time",
        "repeat-every-call",
        "random",
    } <= set(GAMING_POLICIES)
    tasks = load_tasks("starter")
    for name in gaming_names():
        assert make_gaming_policy(name, tasks, seed=3).label  # every one builds from (index, seed)


@pytest.mark.parametrize("split", ["starter", "interaction"])
def test_no_gaming_policy_passes_more_than_the_bound(split: str) -> None:
    names = gaming_names()
    table = gaming_table(load_tasks(split), names)
    for name in names:
        for bucket in BUCKETS:
            rate = table[name][bucket]["rate"]
            assert rate is None or rate <= MAX_GAMING_RATE, (split, name, bucket, table[name]["passed_ids"])
        assert table[name]["ok"]
    applied = sum(table[n]["overall"]["episodes"] for n in names)
    assert applied > 100  # the attacks ran: the bound is not met by applying to nothing
    assert any("keyword-stuffing" in line for line in gaming_lines(table))


class _Replay(OraclePolicy):
    """A "gaming" policy that is the oracle itself: it passes everything, so the table must flag it."""

    name = "replay-oracle"

    def __init__(self, index: Mapping[str, Task], seed: int = 0) -> None:
        super().__init__(index)

    def applies(self, task: Task) -> bool:
        return True


def test_the_table_flags_a_policy_above_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """A policy that passes is reported above the bound, so ``mpb validate`` fails on it."""
    monkeypatch.setitem(GAMING_POLICIES, "replay-oracle", _Replay)
    table = gaming_table(load_tasks("starter"), ["replay-oracle"])
    assert table["replay-oracle"]["overall"]["passed"] > 0 and not table["replay-oracle"]["ok"]
    assert any(line.strip().startswith("replay-oracle") and "ABOVE:" in line for line in gaming_lines(table))


# --------------------------------------------------------------------------- free text ($text)
_TRAFFIC = BENCH["basic-0025"].gold.calls[0].arguments["text"]  # type: ignore[index]


@pytest.mark.parametrize(
    "text",
    [
        "I'm stuck in traffic on the bridge.",
        "Stuck in traffic on the bridge, sorry!",
        "Hey, I'm stuck in traffic on the bridge — be there soon",
        "stuck in TRAFFIC on the Bridge",
    ],
)
def test_a_dictated_message_in_its_own_words_passes(text: str) -> None:
    assert match(_TRAFFIC, text)


@pytest.mark.parametrize(
    "text",
    [
        "traffic",  # one keyword of it
        "bridge julian message quinn stuck traffic",  # the request as a bag of words
        "NOT stuck in traffic on the bridge (wrong)",  # denied
        "I'm not stuck in traffic on the bridge.",
        "Message Julian Quinn: I'm stuck in traffic on the bridge.",  # the request pasted in
        "I'm stuck in traffic on the bridge. " * 4,  # stuffed
    ],
)
def test_a_cheap_message_fails(text: str) -> None:
    assert not match(_TRAFFIC, text)


@pytest.mark.parametrize(
    "title", ["Buy flowers", "Reminder: buy flowers", "buy FLOWERS!", "Buy flowers today"]
)
def test_a_title_may_name_what_it_is(title: str) -> None:
    gold = BENCH["basic-0260"].gold.delta[0].fields["title"]  # type: ignore[index]
    assert match(gold, title)
    assert not match(gold, "flowers")  # the request fixes "buy" too
    assert not match(gold, "ahead buy chris coffee flowers hour li reminder set")


def test_a_number_word_may_be_written_as_digits() -> None:
    late = BENCH["basic-0221"].gold.delta[0].fields["text"]  # type: ignore[index]
    assert match(late, "Running about 10 minutes late!")
    assert match(late, "I'm running ten min late")  # one of four dictated words may go
    assert not match(late, "late")


def test_the_oracle_passes_with_its_own_text_and_fails_with_one_keyword() -> None:
    oracle = BENCH["basic-0025"].oracle
    assert _passes("basic-0025", oracle)
    cheap = _call("send_message", contact_id="contact_055", text="traffic")
    assert not _passes("basic-0025", [oracle[0], cheap, oracle[-1]])


# --------------------------------------------------------------------------- behaviour answers
def test_an_answer_needs_the_look_up_that_reveals_it() -> None:
    """ "Mail used 310 MB" without reading the usage fails; after the read, in several styles, passes."""
    read = BENCH["basic-0052"].oracle[0]
    for final in (
        "Mail has used 310 MB of mobile data this cycle.",
        "310 MB so far (since May 1).",
        "About **310 MB** of mobile data went to Mail.",
    ):
        assert _passes("basic-0052", [read, final]), final
        verdict = replay(BENCH["basic-0052"], [final]).verdict
        assert not verdict.success and any("look-up" in r or "without a call" in r for r in verdict.reasons)  # type: ignore[union-attr]


def test_raw_tool_output_is_no_answer() -> None:
    task = BENCH["basic-0083"]
    state = PhoneState(load_world("M"), task_patch(task), task.now)
    fb = call_tool(state, "get_weather_forecast", {"city": "San Francisco", "start_date": "2026-05-30"})
    dump = "Here is what I found: " + orjson.dumps(fb).decode()
    verdict = replay(task, [task.oracle[0], dump]).verdict
    assert not verdict.success and any("raw tool output" in r for r in verdict.reasons)  # type: ignore[union-attr]
    assert _passes("basic-0083", [task.oracle[0], "Sunny in San Francisco on May 30, high 61°F."])


def test_a_negated_answer_fails_and_a_plain_one_passes() -> None:
    task = BENCH["basic-0052"]
    assert not _passes("basic-0052", [task.oracle[0], f"NOT {task.oracle[-1]} (wrong)"])
    assert not _passes("basic-0052", [task.oracle[0], f"NOT {task.oracle[-1]}"])
    assert not _passes("basic-0052", [task.oracle[0], "Mail has not used 310 MB of mobile data."])
    assert _passes("basic-0052", [task.oracle[0], "Not much: Mail is at 310 MB of mobile data."])
    assert _passes("basic-0052", [task.oracle[0], "It's 310 MB — not much."])  # "not" alone is fine


# --------------------------------------------------------------------------- doing things twice, asking
def test_sending_twice_fails_but_a_retry_after_a_failure_passes() -> None:
    oracle = BENCH["basic-0025"].oracle
    assert not _passes("basic-0025", [oracle[0], oracle[1], oracle[1], oracle[-1]])
    # the alarm fails once (an injected fault) and is set on the retry: one alarm, one success
    assert _passes("basic-0883", BENCH["basic-0883"].oracle)


def test_setting_a_value_again_is_no_repeat() -> None:
    task = BENCH["basic-0025"]
    state = PhoneState(load_world("M"), task_patch(task), task.now)
    for _ in range(2):
        assert call_tool(state, "set_wifi_enabled", {"enabled": True})["status"] == "success"
    assert repeated_calls(state) == []
    for _ in range(2):
        call_tool(state, "send_message", {"contact_id": "contact_055", "text": "hi"})
    assert repeated_calls(state) == ["send_message"]


def test_asking_is_bounded_where_nothing_was_missing() -> None:
    inter = task_index("interaction")
    control = inter["interaction-control-0001"]
    ask = _call("ask_user", question="What time should the alarm ring?")
    spare = [ask] * MAX_SPARE_ASKS
    assert replay(control, [*spare, *control.oracle]).verdict.success  # type: ignore[union-attr]
    verdict = replay(control, [*spare, ask, *control.oracle]).verdict
    assert not verdict.success and any("asked the user" in r for r in verdict.reasons)  # type: ignore[union-attr]
    needed = inter["interaction-0001"]
    assert replay(needed, needed.oracle).verdict.success  # type: ignore[union-attr]
    too_many = [needed.oracle[0]] * (len(needed.user_facts) + MAX_SPARE_ASKS + 1) + needed.oracle[1:]
    assert not replay(needed, too_many).verdict.success  # type: ignore[union-attr]
