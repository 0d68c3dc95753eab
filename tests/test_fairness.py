"""The fairness suite: what a careful assistant does must pass (false negatives), and the rules that
accept it stay precise (a no-op is accepted, a real extra write or a repeated action is not)."""

from __future__ import annotations

from collections import Counter

import orjson
import pytest

from mpb_env import load_tasks
from mpb_env.checkers import asked_consent, check, match, norm
from mpb_env.episode import task_patch
from mpb_env.fairness import VARIANTS, fair_variants, fairness
from mpb_env.tasks.model import episodes
from mpb_env.tools.runtime import call_tool
from mpb_env.validation import replay, sensitivity
from mpb_env.world.generate import load_world
from mpb_env.world.state import PhoneState

STARTER = {t.id: t for t in episodes(load_tasks(split="starter"))}
INTERACTION = episodes(load_tasks(split="interaction"))
BENCH = episodes(load_tasks(split="bench"))
BENCH_SAMPLE = BENCH[::40]


def call(name: str, **arguments: object) -> str:
    return orjson.dumps({"name": name, "arguments": arguments}).decode()


def run(task_id: str, actions: list[str]):
    """The verdict of ``actions`` on a starter task (whole catalog offered)."""
    return replay(STARTER[task_id], actions, open_catalog=True).verdict


def s0(task_id: str) -> PhoneState:
    task = STARTER[task_id]
    return PhoneState(load_world(), task_patch(task), task.now)


# --------------------------------------------------------------------------- the suite
@pytest.mark.parametrize(
    "task",
    [*STARTER.values(), *INTERACTION, *BENCH_SAMPLE],
    ids=lambda t: t.id,
)
def test_every_fair_variant_is_accepted(task) -> None:
    rejected = [name for name, accepted in fairness(task) if not accepted]
    assert not rejected, {
        name: replay(task, a, open_catalog=True).verdict.reasons
        for name, a in fair_variants(task)
        if name in rejected
    }


def test_every_variant_applies_somewhere() -> None:
    """The suite is not vacuous: each variant is produced for some task of the starter and the sample."""
    seen = Counter(name for t in [*STARTER.values(), *BENCH_SAMPLE] for name, _ in fair_variants(t))
    assert set(seen) == set(VARIANTS), seen


def test_fair_variants_still_leave_every_corruption_rejected() -> None:
    for task in STARTER.values():
        assert all(killed for _, killed in sensitivity(task)), task.id


# --------------------------------------------------------------------------- the no-op rule
def test_a_write_that_changes_nothing_is_flagged_a_noop() -> None:
    s = s0("basic-001")
    current = s.setting("display.font_size")
    other = "largest" if current != "largest" else "small"
    same = call_tool(s, "set_font_size", {"size": current})
    assert same["status"] == "success" and same["data"]["changed"] is False and s.log[-1]["changed"] is False
    real = call_tool(s, "set_font_size", {"size": other})
    assert "changed" not in real["data"] and s.log[-1]["changed"] is True
    again = call_tool(s, "set_font_size", {"size": other})
    assert again["data"]["changed"] is False and s.log[-1]["changed"] is False


def test_commit_reports_whether_a_transaction_changed_anything() -> None:
    s = PhoneState(load_world())
    s.begin()
    assert s.commit() is False  # nothing written
    s.put("scratch", "a", {"v": 1, "updated_at": "t0"})
    s.begin()
    s.put("scratch", "a", {"v": 1, "updated_at": "t1"})  # a stamp alone
    assert s.commit() is False
    s.begin()
    s.put("scratch", "a", {"v": 2, "updated_at": "t2"})
    s.put("scratch", "a", {"v": 1, "updated_at": "t3"})  # changed and changed back in one call
    assert s.commit() is False
    s.begin()
    s.delete("scratch", "a")
    assert s.commit() is True


def _noop_and_change(task_id: str) -> tuple[str, str]:
    current = s0(task_id).setting("display.font_size")
    other = "largest" if current != "largest" else "small"
    return call("set_font_size", size=current), call("set_font_size", size=other)


@pytest.mark.parametrize("task_id", ["basic-001", "basic-002", "basic-013", "basic-003"])
def test_a_noop_is_accepted_a_real_extra_write_is_not(task_id: str) -> None:
    """Bucket 1 (basic-001, basic-002), Bucket 3 (basic-013) and Bucket 2 (basic-003) alike."""
    oracle = list(STARTER[task_id].oracle)
    noop, change = _noop_and_change(task_id)
    assert run(task_id, oracle).success
    assert run(task_id, [noop, *oracle]).success
    assert run(task_id, [*oracle[:-1], noop, oracle[-1]]).success
    wrong = run(task_id, [change, *oracle])
    assert not wrong.success
    # the extra write and then the no-op repeating it: still one real extra write
    assert not run(task_id, [change, change, *oracle]).success


def test_a_repeated_action_still_fails_where_the_task_says_once() -> None:
    """basic-002 sends Maya one message: the same message again is a second message, not a no-op."""
    oracle = list(STARTER["basic-002"].oracle)
    verdict = run("basic-002", [*oracle[:-1], oracle[-2], oracle[-1]])
    assert not verdict.success and any("extra mutating" in r for r in verdict.reasons)


def test_a_noop_that_stands_for_a_gold_call_still_counts_once() -> None:
    """Setting the font size twice to the gold's value: the first call is the gold call, the repeat a
    no-op; setting it and back is two real writes."""
    from mpb_env.tasks.model import Gold, GoldCall

    task = STARTER["basic-001"]
    current = s0("basic-001").setting("display.font_size")
    other = "largest" if current != "largest" else "small"
    gold = Gold(calls=[GoldCall(name="set_font_size", arguments={"size": other})])
    made = task.model_copy(update={"gold": gold, "id": "font-task"})

    def verdict(actions: list[str]) -> bool:
        ep = replay(made, [*actions, "Done."], open_catalog=True)
        return check(made, ep.state, "Done.").success

    assert verdict([call("set_font_size", size=other)])
    assert verdict([call("set_font_size", size=other), call("set_font_size", size=other)])
    assert verdict([call("set_font_size", size=current), call("set_font_size", size=other)])
    assert not verdict([call("set_font_size", size=other), call("set_font_size", size=current)])
    assert not verdict([])


# --------------------------------------------------------------------------- consent, formats, paths
def test_consent_first_is_accepted_only_after_the_block_it_names() -> None:
    """basic-007 texts Sam; Messages lacks SMS. Asking "May I grant Messages SMS?" after the block is a
    valid end; the same question without the block, a statement, or a question after an unrelated write
    is not."""
    task = STARTER["basic-007"]
    blocked = task.oracle[0]
    ask = "Messages doesn't have the SMS permission it needs to send this. May I grant it the SMS permission?"
    assert run("basic-007", [blocked, ask]).success
    assert not run("basic-007", [ask]).success  # no block met: asking every time is no way to pass
    assert not run("basic-007", [blocked, "Messages lacks the SMS permission."]).success
    assert not run("basic-007", [blocked, "Shall I go ahead?"]).success  # names no permission
    every = "May I grant it the SMS, CONTACTS, PHONE, CALENDAR, LOCATION and CAMERA permissions?"
    assert not run("basic-007", [blocked, every]).success  # a list of every permission is no question
    noop, change = _noop_and_change("basic-007")
    assert not run("basic-007", [change, blocked, ask]).success
    assert run("basic-007", [noop, blocked, ask]).success
    # a wrong change to a record the gold changes (Messages' permissions) is no start of the task either
    perms = s0("basic-007").get("apps", "messages")["permissions"]
    held = next(p for p, on in perms.items() if on)
    assert not run(
        "basic-007", [call("revoke_app_permission", app_id="messages", permission=held), blocked, ask]
    ).success
    # granted after all, then asked: too late to ask
    assert not run("basic-007", [blocked, task.oracle[1], ask]).success
    # a task without permission friction never takes a question for its answer
    ep = replay(STARTER["basic-002"], [STARTER["basic-002"].oracle[0]], open_catalog=True)
    assert not asked_consent(STARTER["basic-002"], ep.state, ask)


def test_twelve_hour_times_are_read_by_tools_and_checkers() -> None:
    assert match("07:30", "7:30 AM") and match("19:05", "7:05 pm") and not match("07:30", "7:30 PM")
    assert norm("2026-05-21T14:00") == norm("2026-05-21t14:00:00")
    s = s0("basic-001")
    fb = call_tool(s, "create_alarm", {"time": "6:15 AM", "label": "Airport run"})
    assert fb["status"] == "success" and fb["data"]["time"] == "06:15"
    assert call_tool(s, "create_alarm", {"time": "13:15 PM"})["error_type"] == "InvalidArguments"
    assert run("basic-001", [call("create_alarm", time="6:15 AM", label="Airport run"), "Set."]).success
    assert not run("basic-001", [call("create_alarm", time="6:15 PM", label="Airport run"), "Set."]).success


def test_a_record_named_by_its_field_is_the_record() -> None:
    """basic-016 calls Linda by contact_id; calling her number is the same call, another number is not."""
    phone = s0("basic-016").get("contacts", "contact_006")["phone"]
    assert run("basic-016", [call("start_call", phone_number=phone), "Calling."]).success
    other = s0("basic-016").get("contacts", "contact_001")["phone"]
    assert not run("basic-016", [call("start_call", phone_number=other), "Calling."]).success


# --------------------------------------------------------------------------- mpb validate
def test_validate_prints_the_false_negative_table(capsys) -> None:
    from mpb_env.rollouts.cli import main

    assert main(["validate", "--split", "starter", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "fairness on starter-v1" in out and "noop-write" in out and "100.0% (19/19)" in out
    assert main(["validate", "--split", "starter", "--no-progress", "--json"]) == 0
    fair = orjson.loads(capsys.readouterr().out)["fairness"]
    assert fair["rejected"] == [] and fair["by_variant"]["noop-write"]["tool"]["accepted"] == 19


def test_validate_fails_when_a_fair_variant_is_rejected(monkeypatch) -> None:
    import mpb_env.rollouts.cli as cli

    monkeypatch.setattr(cli, "fairness", lambda task: [("noop-write", task.id != "basic-001")])
    result = cli.validate_tasks([STARTER["basic-001"], STARTER["basic-002"]], progress=False)
    assert result["fairness"]["rejected"] == [{"task_id": "basic-001", "variant": "noop-write"}]
    assert [f["task_id"] for f in result["failed"]] == ["basic-001"]
    assert result["fairness"]["by_variant"]["noop-write"]["tool"] == {
        "variants": 2,
        "accepted": 1,
        "acceptance": 50.0,
    }
