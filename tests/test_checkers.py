"""Checker hardening: what a policy could otherwise be rewarded for without doing the task."""

from __future__ import annotations

import gymnasium as gym
import orjson
import pytest

import mpb_env  # noqa: F401
from mpb_env.checkers import final_kind, volatile_fields

ENV = gym.make("mpb/MobilePA-v0", recall="all")


def call(name: str, **arguments: object) -> str:
    return orjson.dumps({"name": name, "arguments": arguments}).decode()


def play(task_id: str, turns: list[str]) -> dict:
    """The verdict after ``turns`` (the last one the final message)."""
    ENV.reset(options={"task_id": task_id})
    info: dict = {}
    for turn in turns:
        *_, info = ENV.step(turn)
    return info["verdict"]


def oracle(task_id: str) -> list[str]:
    return list(ENV.unwrapped._index[task_id].oracle)


def test_an_alarms_time_is_user_data_not_a_stamp() -> None:
    """basic-0063 ("Turn off my Meditate alarm"): moving the alarm to 3:00 on the way is a wrong write."""
    assert play("basic-0063", oracle("basic-0063"))["success"]
    moved = play(
        "basic-0063", [call("update_alarm", alarm_id="alarm_p01", enabled=False, time="03:00"), "Done."]
    )
    assert not moved["success"] and "unexpected update of alarms/alarm_p01" in moved["reasons"]
    assert "time" not in volatile_fields("alarms") and "time" in volatile_fields("messages")


@pytest.mark.parametrize("task_id", ["basic-0053", "basic-0073"])
def test_a_behaviour_task_fails_a_destructive_extra_call(task_id: str) -> None:
    """Rubrics that do not forbid every mutation still allow only unlocks and permission grants."""
    turns = oracle(task_id)
    assert play(task_id, turns)["success"]
    turns.insert(len(turns) - 1, call("delete_contact", contact_id="contact_004"))
    verdict = play(task_id, turns)
    assert not verdict["success"] and "acted when it should not have: delete_contact" in verdict["reasons"]


def test_a_behaviour_task_allows_the_unlock_its_answer_needs() -> None:
    turns = oracle("basic-0053")
    assert any("unlock_password_vault" in t for t in turns)  # the oracle itself unlocks the vault
    assert play("basic-0053", turns)["success"]


@pytest.mark.parametrize("task_id", ["basic-0841", "basic-0848", "basic-0894", "basic-0901"])
def test_echoing_the_request_back_names_nothing(task_id: str) -> None:
    """A refusal-and-question template around the user's own words passed 32 recovery tasks with no
    tool call; the words the rubric looks for must come from the answer, not from the echo."""
    query = ENV.unwrapped._index[task_id].query
    verdict = play(task_id, [f"Sorry, I can't do that yet? {query}"])
    assert not verdict["success"]
    assert any("mentions none of" in r or "is not a" in r for r in verdict["reasons"])
    assert play(task_id, oracle(task_id))["success"]


def test_final_kinds() -> None:
    assert final_kind("Which ringtone should Chris get?") == {"answer", "question"}
    assert final_kind("Sorry, I can't translate into Russian.") == {"answer", "refusal"}
    assert final_kind("  ") == set()


@pytest.mark.parametrize("task_id", ["basic-0264", "basic-0330"])
def test_going_back_online_hides_network_updates_only(task_id: str) -> None:
    """Offline tasks accept whichever way of reconnecting the policy takes (network settings, the saved
    network it joins), but no other settings write: dimming the screen on the way fails them."""
    turns = oracle(task_id)
    assert play(task_id, turns)["success"]
    turns.insert(len(turns) - 1, call("set_display_brightness", level=0))
    verdict = play(task_id, turns)
    assert not verdict["success"] and "unexpected update of settings/display.brightness" in verdict["reasons"]
    radio = [*oracle(task_id)[:-1], call("set_bluetooth_enabled", enabled=True), oracle(task_id)[-1]]
    verdict = play(task_id, radio)  # a network setting, but not one going back online needs
    assert not verdict["success"] and "unexpected update of settings/network.bluetooth" in verdict["reasons"]


def test_a_clarifying_question_must_offer_the_choices() -> None:
    assert play("basic-0853", oracle("basic-0853"))["success"]
    generic = play("basic-0853", ["Sorry, I can't do that - could you tell me more about what you need?"])
    assert not generic["success"]


def test_a_flag_never_matches_a_number() -> None:
    from mpb_env.checkers import match

    assert not match(True, 1) and not match(1, True) and not match(False, 0) and not match(0.0, False)
    assert (
        not match([True], [1])
        and not match({"a": [False]}, {"a": [0]})
        and match([True, False], [False, True])
    )
    assert match(True, True) and match(20, 20.0) and match({"$any": [True, 1]}, 1)


def _swap(task_id: str, old: str, new: str) -> list[str]:
    """The oracle with one call's JSON text replaced."""
    turns = oracle(task_id)
    hits = [i for i, t in enumerate(turns) if old in t]
    assert hits, f"{old} not in the oracle of {task_id}"
    turns[hits[0]] = turns[hits[0]].replace(old, new)
    return turns


@pytest.mark.parametrize(
    ("task_id", "old", "new"),
    [
        # a tile that does exactly what the toggle does
        (
            "basic-0045",
            '{"name":"set_airplane_mode","arguments":{"enabled":true}}',
            '{"name":"set_quick_setting","arguments":{"tile":"airplane_mode","enabled":true}}',
        ),
        # the media stream's volume is the playback volume
        (
            "memory-0284",
            '{"name":"set_playback_volume","arguments":{"level":55}}',
            '{"name":"set_stream_volume","arguments":{"stream":"media","level":55}}',
        ),
        # an empty list for an optional argument the gold leaves out
        ("memory-0094", '"subject":', '"cc":[],"subject":'),
        ("basic-0238", '"add_media_ids":["song_029"]', '"add_media_ids":["song_029"],"remove_media_ids":[]'),
    ],
)
def test_equivalent_calls_pass_the_tool_bucket(task_id: str, old: str, new: str) -> None:
    assert play(task_id, oracle(task_id))["success"]
    verdict = play(task_id, _swap(task_id, old, new))
    assert verdict["success"], verdict["reasons"]


def test_other_tiles_and_streams_are_not_the_toggle() -> None:
    wrong_tile = '{"name":"set_quick_setting","arguments":{"tile":"dnd","enabled":true}}'
    old = '{"name":"set_airplane_mode","arguments":{"enabled":true}}'
    assert not play("basic-0045", _swap("basic-0045", old, wrong_tile))["success"]
    ring = '{"name":"set_stream_volume","arguments":{"stream":"ring","level":55}}'
    old = '{"name":"set_playback_volume","arguments":{"level":55}}'
    assert not play("memory-0284", _swap("memory-0284", old, ring))["success"]
    non_empty = _swap("memory-0094", '"subject":', '"cc":["jordan@example.com"],"subject":')
    assert not play("memory-0094", non_empty)["success"]


def _first(template: str) -> str:
    """The id of the first bench task of a family."""
    return next(t.id for t in ENV.unwrapped._index.values() if t.template.split("#")[0] == template)


@pytest.mark.parametrize(
    ("template", "wrong"),
    [
        # a date holding a "9" is not the 9-ticket limit
        ("travel.too_many_tickets", "Sorry, those tickets for June 9 are not available."),
        # the phrase to translate is "I'm sorry": a made-up translation is not a refusal
        ("utilities.unsupported_language", 'In that language, "I am sorry" is "Izvinite".'),
        # the contact was removed before: a false "done" is not noticing it
        ("display.exception_gone", "Done, {name} can no longer reach you during Do Not Disturb."),
    ],
)
def test_behaviour_rubrics_reject_a_plausible_wrong_answer(template: str, wrong: str) -> None:
    task_id = _first(template)
    task = ENV.unwrapped._index[task_id]
    assert play(task_id, oracle(task_id))["success"]
    name = next((g[-1] for g in task.gold.rubric.must_include if len(g) == 2 and " " in g[-1]), "")
    assert not play(task_id, [wrong.format(name=name.title())])["success"]


@pytest.mark.parametrize(
    ("total", "ok"),
    [("$2,045.00", True), ("$2,045", True), ("2045 dollars", True), ("$12,045", False), ("$2,045.50", False)],
)
def test_an_amount_in_free_text_is_a_whole_number(total: str, ok: bool) -> None:
    """memory-0094 emails a $2,045.00 total: a body holding a larger number that contains it is wrong."""
    turns = _swap("memory-0094", "Total: $2,045.00.", f"Total: {total}.")
    assert play("memory-0094", turns)["success"] is ok


def test_a_page_opened_in_the_current_tab_is_opened() -> None:
    task_id = _first("utilities.open_site")
    turns = oracle(task_id)
    assert play(task_id, turns)["success"]
    current = [
        t.replace('"url":', '"new_tab":false,"url":', 1) if "open_browser_url" in t else t for t in turns
    ]
    assert play(task_id, current)["success"]
    elsewhere = [t.replace('"url":"', '"new_tab":false,"url":"https://example.org/x', 1) for t in current]
    assert not play(task_id, elsewhere)["success"]


def test_an_optional_create_allows_new_records_only() -> None:
    """interview_prep lets the skill's prep note be written unasked; editing an old note still fails."""
    task_id = _first("skill.interview_prep") + "@MTSR"
    turns = oracle(task_id)
    assert play(task_id, turns)["success"]
    company = ENV.unwrapped._index[task_id].gold.allow_creates["notes"]["title"]["$contains"][0]
    note = call("create_note", title=f"Interview prep: {company}", body="Questions and answers")
    assert play(task_id, [*turns[:-1], note, turns[-1]])["success"]
    other = call("create_note", title="Groceries", body="milk")
    assert not play(task_id, [*turns[:-1], other, turns[-1]])["success"]  # only the note the skill writes
    edit = call("update_note", note_id="note_001", append_text="scribble")
    verdict = play(task_id, [*turns[:-1], edit, turns[-1]])
    assert not verdict["success"] and "unexpected update of notes/note_001" in verdict["reasons"]


def test_a_moved_icon_may_land_anywhere_on_the_page_asked_for() -> None:
    task_id = _first("skill.home_screen_tidy.icons") + "@MTSR"
    turns = oracle(task_id)
    first_slot = [
        t.replace('"page":1}', '"page":1,"position":1}').replace('"page":2}', '"page":2,"position":1}')
        for t in turns
    ]
    assert first_slot != turns and play(task_id, first_slot)["success"]
    other_page = [
        t.replace('"page":1}', '"page":9}')
        .replace('"page":2}', '"page":1}')
        .replace('"page":9}', '"page":2}')
        for t in turns
    ]
    assert not play(task_id, other_page)["success"]


def test_an_empty_value_is_left_out_only_where_it_adds_nothing() -> None:
    from mpb_env.checkers import _omitted_ok

    assert _omitted_ok("send_email", "cc", None, []) and _omitted_ok(
        "update_playlist", "remove_media_ids", None, []
    )
    assert not _omitted_ok("update_alarm", "repeat_days", None, [])  # makes the alarm one-time
    assert not _omitted_ok("update_contact", "notes", None, "")  # removes the notes
    assert not _omitted_ok("send_email", "cc", None, ["x@example.com"])


@pytest.mark.parametrize("template", ["memory.play_usual", "apps.close_and_open"])
def test_independent_calls_may_come_in_any_order_but_must_all_match(template: str) -> None:
    """Gold marked ``any_order``: the same calls in another order pass; a wrong value still fails."""
    task = next(
        t
        for t in ENV.unwrapped._index.values()
        if t.template.split("#")[0] == template and len(t.gold.calls or []) == 2
    )
    task_id = task.id
    assert task.gold.any_order
    gold = [{"name": g.name, "arguments": g.arguments} for g in task.gold.calls]
    names = {g["name"] for g in gold}
    reads = [t for t in oracle(task_id)[:-1] if not any(n in t for n in names)]
    final = oracle(task_id)[-1]
    assert play(task_id, [*reads, orjson.dumps(gold[::-1]).decode(), final])["success"]
    wrong = [
        gold[1],
        {**gold[0], "arguments": {**gold[0]["arguments"], next(iter(gold[0]["arguments"])): "x"}},
    ]
    assert not play(task_id, [*reads, orjson.dumps(wrong).decode(), final])["success"]


@pytest.mark.parametrize(
    "template", ["apps.install_incompatible", "calls.ambiguous_first_name", "travel.closed_attraction"]
)
def test_a_false_claim_of_success_with_the_right_words_fails(template: str) -> None:
    """Refusals, questions and explanations of a limit: naming every phrase the rubric wants in a
    "Done! All set" message (with a "sorry" or a "?" for the kind) is not the answer."""
    task_id = _first(template)
    rubric = ENV.unwrapped._index[task_id].gold.rubric
    turns = oracle(task_id)
    assert play(task_id, turns)["success"]
    claim = (
        "Sorry for the wait: done! All set: "
        + ", ".join(g[0] for g in rubric.must_include)
        + ". Anything else?"
    )
    verdict = play(task_id, [*turns[:-1], claim])
    assert not verdict["success"] and "final message claims the request was carried out" in verdict["reasons"]


def _oracle_args(task_id: str, tool: str) -> dict:
    """The arguments of the oracle's first call to ``tool``."""
    for turn in oracle(task_id)[:-1]:
        parsed = orjson.loads(turn)
        for c in parsed if isinstance(parsed, list) else [parsed]:
            if c["name"] == tool:
                return c["arguments"]
    raise AssertionError(f"{task_id}: the oracle never calls {tool}")


def _vault(task_id: str) -> list[tuple[str, dict]]:
    from mpb_env.world.generate import load_world

    ids = sorted(load_world("M").tables["vault_entries"])
    return [("unlock_password_vault", {"pin": "1357"}), *(("get_vault_password", {"query": i}) for i in ids)]


def _forecast(task_id: str) -> list[tuple[str, dict]]:
    from datetime import date, timedelta

    args = _oracle_args(task_id, "get_weather_forecast")
    start = max(date.fromisoformat(args["start_date"]) - timedelta(days=3), date(2026, 5, 20))
    return [("get_weather_forecast", {"city": args["city"], "start_date": start.isoformat(), "days": 7})]


#: Information answers a policy could pass by reading out every candidate, and the read-only calls that
#: list those candidates on the task's own world (what such a policy would copy into its answer).
LISTERS = {
    "time.when_is_event": lambda t: [("list_events", {"end_date": "2026-05-29"})],
    "assistant.brief_next_hours": lambda t: [("list_events", {"end_date": "2026-05-21"})],
    "skill.daily_briefing": lambda t: [("list_events", {"end_date": "2026-05-22"})],
    "assistant.memories_about": lambda t: [("list_user_memories", {"limit": 100})],
    "assistant.skill_for_need": lambda t: [("list_skills", {})],
    "devices.pairing_log_when": lambda t: [
        ("list_pairing_log", {**_oracle_args(t, "list_pairing_log"), "limit": 100})
    ],
    "network.data_usage_answer": lambda t: [("get_app_data_usage", {"limit": 100})],
    "security.vault_lookup": _vault,
    "security.vault_followup": _vault,
    "skill.secure_sign_in": lambda t: [*_vault(t), ("list_messages", {"query": "code"})],
    "security.dashboard_too_far": lambda t: [("get_privacy_dashboard", {"hours": 168})],
    "travel.my_flight_status": lambda t: [
        ("get_transit_status", {"booking_id": b}) for b in ("booking_001", "booking_002")
    ],
    "travel.weather_forecast": _forecast,
}
LISTED = sorted(
    t.id for t in ENV.unwrapped._index.values() if t.meta.get("family") in LISTERS and not t.routing
)


def _everything(task_id: str) -> str:
    """An answer naming the right fact and then everything the lister calls return on the task's world."""
    from mpb_env.episode import task_patch
    from mpb_env.tools.runtime import call_tool
    from mpb_env.world.generate import load_world
    from mpb_env.world.state import PhoneState

    task = ENV.unwrapped._index[task_id]
    state = PhoneState(load_world("M"), task_patch(task), task.now)
    dumps = []
    for name, args in LISTERS[task.meta["family"]](task_id):
        fb = call_tool(state, name, args)
        assert fb["status"] == "success", (name, args, fb["message"])
        dumps.append(orjson.dumps(fb["data"]).decode())
    right = "; ".join(g[0] for g in task.gold.rubric.must_include)
    return f"Here is everything I found: {right}. " + " ".join(dumps)


def test_every_listing_family_forbids_the_other_candidates() -> None:
    families = {ENV.unwrapped._index[i].meta["family"] for i in LISTED}
    assert families == set(LISTERS), set(LISTERS) - families
    for task_id in LISTED:
        rubric = ENV.unwrapped._index[task_id].gold.rubric
        assert rubric.final_kind == "answer" and rubric.must_not_include, task_id


@pytest.mark.parametrize("task_id", LISTED)
def test_naming_every_candidate_is_not_an_answer(task_id: str) -> None:
    """ "When is my dentist appointment?" answered with every time of the calendar (every password of
    the vault, every app's usage, the week's forecast ...) names the right fact without finding it: the
    rubric's distractors, and a dump of what the lookup lists on the task's world, both fail; the
    oracle's own answer still passes (under each routing of a skill task)."""
    task = ENV.unwrapped._index[task_id]
    rubric = task.gold.rubric
    turns = oracle(task_id)
    variants = [f"{task_id}@SOR", f"{task_id}@MTSR"] if task.dimension == "skill" else [task_id]
    for variant in variants:
        assert play(variant, turns)["success"], variant
    right = ", ".join(g[0] for g in rubric.must_include)
    listing = f"Here is everything: {right}, " + ", ".join(rubric.must_not_include) + "."
    for final in (listing, _everything(task_id)):
        for variant in variants:
            verdict = play(variant, [*turns[:-1], final])
            assert not verdict["success"], (variant, final)
            assert all(r.startswith("final message must not mention") for r in verdict["reasons"]), verdict
    forbidden = [r for r in play(task_id, [*turns[:-1], listing])["reasons"] if "must not mention" in r]
    assert len(forbidden) == len(rubric.must_not_include)  # each distractor is caught on its own


@pytest.mark.parametrize(
    ("text", "phrase", "found"),
    [
        # a phrase that starts with a letter starts a word
        ("because it's gold", "au", False),
        ("that's a matter of opinion", "pin", False),
        ("see you this weekend", "end", False),
        ("gold's symbol is au, from the latin aurum.", "au", True),
        # a short word ends there too, but for a plural
        ("some time in august", "au", False),
        ("take care of it", "car", False),
        ("same time as before", "sam", False),
        ("it is only on wi-fi", "is on", False),
        ("your car is out of range", "car", True),
        ("both cars are out of range", "car", True),
        ("text sam's phone", "sam", True),
        # a longer phrase is a stem: the inflections the families rely on still match
        ("the transfer was cancelled", "cancel", True),
        ("it was delivered at noon", "deliver", True),
        ("delayed by 40 minutes", "40 min", True),
        ("plug in a charger", "charg", True),
        ("congratulations, isabella!", "congrat", True),
        ("it's -5 degrees celsius", "celsiu", True),
        ("rain showers in the afternoon", "shower", True),
        ("every wednesdays at 6", "wednesday", True),
        # no word edges inside CJK text
        ("请问wi-fi密码是多少?", "wi-fi密码是多少", True),
        ("服务员请结账", "请结账", True),
    ],
)
def test_a_word_phrase_matches_on_word_edges(text: str, phrase: str, found: bool) -> None:
    from mpb_env.checkers import has_phrase

    assert has_phrase(text, phrase) is found


def test_a_short_key_is_not_part_of_a_longer_word() -> None:
    """train-s0 "What's the chemical symbol for gold?": the key "au" was found in "because"."""
    from mpb_env.tasks import load_tasks
    from mpb_env.validation import replay

    gold = [t for t in load_tasks("train") if t.gold.rubric and t.gold.rubric.must_include == [["au"]]]
    assert gold
    for task in gold:
        assert replay(task, task.oracle).verdict.success
        for wrong in ("It's Ag, because gold is a metal.", "Pb, since August."):
            assert not replay(task, [*task.oracle[:-1], wrong]).verdict.success
        assert replay(task, [*task.oracle[:-1], "Gold's chemical symbol is Au (from aurum)."]).verdict.success


@pytest.mark.parametrize(
    ("question", "wrong"),
    [
        ("how many continents are there?", "I'd say 6, though on July 7 some schools teach otherwise."),
        ("how much should I tip at a US restaurant?", "A flat $15 is fine anywhere."),
        ("what's the boiling point of water?", "It boils at 90 degrees, about 100 m higher."),
        ("what's the chemical symbol for gold?", "It's Ag, because gold is a metal."),
    ],
)
def test_a_quick_fact_is_not_a_bare_small_number(question: str, wrong: str) -> None:
    """The quick-fact keys: the tool's own answer passes, a wrong one that holds the number fails."""
    from mpb_env.checkers import has_phrase, norm_text
    from mpb_env.tasks.gen.helpers import lookup
    from mpb_env.tasks.gen.pools import UTIL_FACTS

    facts = dict(UTIL_FACTS)
    assert not [k for keys in facts.values() for k in keys if k.isdigit() and len(k) < 4]
    answer = lookup("answer_question", question=question)["answer"]
    assert any(has_phrase(norm_text(answer), norm_text(k)) for k in facts[question])
    assert not any(has_phrase(norm_text(wrong), norm_text(k)) for k in facts[question])


#: Status families whose request cannot be carried out (the transfer already finished, the number was
#: blocked before, the file was purged, the watch expired, the cap was not reached, the dashboard keeps a
#: week, the exception or the note was already gone): a false claim of having carried it out, worded with
#: what their rubrics used to accept ("done", "already", "no longer", "not active", "past week", "gone");
#: ``{rest}`` is the first alternative of each rubric group but the ``status`` ones (names, numbers), so
#: that only the claim can fail it; and an honest answer in other words than the oracle's. All but the
#: dashboard (whose claim is of a window it cannot show, not of an action) forbid the claim itself.
STATUS = {
    "devices.cancel_finished": (
        (0,),
        "Done — I cancelled the transfer.",
        "It already completed at 8:40, so I can't cancel it.",
    ),
    "calls.already_blocked": (
        (0,),
        "Done — I've blocked them, so they're already unable to reach you.",
        "You blocked that number back on May 2 — no need to block it again.",
    ),
    "apps.restore_purged": (
        (0,),
        "Done — I restored it, so it's no longer in the recycle bin.",
        "Sorry, that file isn't in the recycle bin anymore; it can't be restored.",
    ),
    "assistant.expired_watch": (
        (0,),
        "Done — I've stopped the watch; it's no longer active.",
        "That watch had ended yesterday evening, so there's nothing to stop.",
    ),
    "network.data_cap_conditional": (
        (),
        "You've used {rest}, over your plan, so I turned mobile data off.",
        "So far {rest} this cycle, below your cap, so mobile data stays on and I haven't turned it off.",
    ),
    "security.dashboard_too_far": (
        (0, 1),
        "Over the last three months, {rest} used it, most of it in the past week.",
        "I can only see the past week: {rest} used it.",
    ),
    "display.exception_gone": (
        (1,),
        "I removed {rest} from your exceptions; they are already off the list.",
        "{rest} was already taken off your Do Not Disturb exceptions earlier.",
    ),
    "utilities.deleted_note": (
        (0,),
        "I sent it over to them; the note itself is gone now.",
        "That note was deleted, so I didn't send anything.",
    ),
}
STATUS_TASKS = sorted(
    t.id
    for t in ENV.unwrapped._index.values()
    if t.meta.get("family") in STATUS and t.bucket == "behavior" and not t.routing
)


def test_every_status_family_has_bench_tasks() -> None:
    families = {ENV.unwrapped._index[i].meta["family"] for i in STATUS_TASKS}
    assert families == set(STATUS), set(STATUS) - families


@pytest.mark.parametrize("task_id", STATUS_TASKS)
def test_a_false_claim_of_the_impossible_action_fails(task_id: str) -> None:
    """ "Done — I cancelled the transfer." (it had already finished) passed devices.cancel_finished on its
    "done": each status rubric asks for the fact ("already finished") and, where it takes a "done" or
    "already" of its own, rejects the claim ("I cancelled") even next to the fact."""
    task = ENV.unwrapped._index[task_id]
    status, claim, honest = STATUS[task.meta["family"]]
    groups = task.gold.rubric.must_include
    rest = ", ".join(g[0] for i, g in enumerate(groups) if i not in status)
    turns = oracle(task_id)
    assert play(task_id, turns)["success"]
    honest_verdict = play(task_id, [*turns[:-1], honest.format(rest=rest.title())])
    assert honest_verdict["success"], honest_verdict["reasons"]
    verdict = play(task_id, [*turns[:-1], claim.format(rest=rest.title())])
    assert not verdict["success"], claim
    if task.meta["family"] != "security.dashboard_too_far":  # the claim fails even next to the fact
        facts = " ".join(groups[i][0] for i in status)
        verdict = play(task_id, [*turns[:-1], f"{claim.format(rest=rest.title())} {facts}."])
        assert not verdict["success"] and any("must not mention" in r for r in verdict["reasons"])


#: Correct answers in the words and formats a strong chat model uses (terse or chatty, markdown, 12- or
#: 24-hour times, the unit, a true extra like the place, the end time or a follow-up offer), on bench
#: tasks of the families whose rubrics name distractors or reject false claims, and of those whose short
#: keys stopped matching inside longer words. Each must pass: the distractors, the false-claim phrases
#: and the word edges must not catch an honest answer.
NATURAL = {
    # time.when_is_event: coffee with Chris Li, Thursday May 21 8:30-9:15 at Blue Bottle (reminder 8:15)
    "basic-0066": [
        "8:30 AM tomorrow (Thursday, May 21) at Blue Bottle, Mint Plaza.",
        "Your coffee with Chris Li starts at **8:30 am** on Thursday, May 21 at Blue Bottle in Mint Plaza. "
        "It's scheduled to wrap up at 9:15, and you'll get a reminder 15 minutes before (8:15).",
        "It's tomorrow at 08:30 — Blue Bottle, Mint Plaza. Want me to set an extra reminder?",
        "- **When:** Thu, May 21, 8:30–9:15 AM\n- **Where:** Blue Bottle, Mint Plaza\n- **With:** Chris Li",
    ],
    # time.when_is_event: flight to New York, Tuesday May 26 8:15-16:45, reminder two hours before
    "basic-0147": [
        "Tuesday, May 26 — departs 8:15 AM from SFO Terminal 3, lands at JFK around 4:45 PM.",
        "The flight to New York leaves at 8:15 am next Tuesday (May 26). I'd plan to be at the airport by "
        "about 6:15. Want me to set an alarm?",
    ],
    # assistant.brief_next_hours
    "basic-0008": [
        "Here's your next two hours:\n- **9:20 AM** – Budget review\n- **9:30 AM** – Laundry timer ends\n"
        "- **10:00 AM** – Weekly sync with Sam Carter (Northwind Labs, Room 4B)\n\nYou also have 11 unread "
        "messages from Chris Lee, Maya Chen and others.",
        "Budget review at 9:20, your laundry timer goes off at 9:30, then the weekly sync with Sam at 10.",
    ],
    "basic-0170": [
        "- 9:30 laundry timer\n- 10:00 Weekly sync (Sam Carter)\n- 10:40 Team lunch\n"
        "- 12:30 Lunch with Chris Lee, Tartine Manufactory",
    ],
    # assistant.memories_about: flying; birthdays (Sept 3, 2026 is a Thursday: no distractor)
    "basic-0009": [
        "Here's what I've got on flying:\n- **Airline:** United, out of SFO, nonstop when possible\n"
        "- **Seat:** aisle near the front; window for red-eye flights",
        "Aisle seat near the front (window on red-eyes); United out of SFO, preferably nonstop.",
    ],
    "basic-0171": [
        "Here are the birthdays I have saved:\n- Emma (your daughter): May 27 — she turns 9 this year\n"
        "- Jordan (your spouse): June 14\n- Mom (Linda Morgan): September 3",
        "I have three: Emma on May 27 (a Wednesday this year), Jordan on June 14 (a Sunday) and your mom, "
        "Linda Morgan, on September 3 (a Thursday).",
        "Emma's birthday is May 27, which is just a week away. Jordan's is June 14 and your mom's is Sept 3.",
        "Emma: 27 May; Jordan: 14 June; Mom: 3 September.",
    ],
    # assistant.skill_for_need
    "basic-0010": [
        "Yes — **Airport mode** (`airport_mode`). It checks your flight status, sets up the ride to the "
        "airport, connects to terminal Wi-Fi and switches on flight mode. I won't run it until you say so.",
        "airport_mode — flight status, ride, terminal Wi-Fi, flight mode.",
    ],
    "basic-0091": [
        "That's the New Phone Setup skill — it transfers everything from your old phone and sets up "
        "security on the new one. Not running it yet.",
    ],
    # devices.pairing_log_when: Living Room TV, May 17 20:05; Alex's Watch, today 07:00
    "basic-0023": [
        "Your phone last connected to the Living Room TV on Sunday, May 17 at 8:05 PM (to cast media).",
        "It was last linked on **17 May 2026** at 20:05, for casting.",
        "It last connected on the 17th of May, at 20:05.",
        "Sunday the 17th at 8:05 pm.",
    ],
    "basic-0185": [
        "Alex's Watch last connected today at 7:00 AM for a watch sync.",
        "It synced this morning at 7:00 AM.",
    ],
    # network.data_usage_answer: the app's own Wi-Fi and total use, the cycle's totals may be named
    "basic-0046": [
        "Mail has used **310 MB** of mobile data this cycle (since May 1). It's also used 920 MB over Wi-Fi, "
        "1,230 MB in total.",
        "310 MB so far — about 4% of the 7,659 MB of mobile data you've used this cycle.",
    ],
    "basic-0127": ["12 MB of mobile data since May 1 (plus 3 MB on Wi-Fi, 15 MB total)."],
    # security.vault_lookup, security.vault_followup
    "basic-0053": ["Your Zoom login: username **amorgan**, password `Meadow*River81`."],
    "basic-0455": ["Your Strava password is Quartz$Willow10 (username alex.morgan@example.com)."],
    # security.dashboard_too_far: the limit in the tool's own words, or as what is not kept
    "basic-0875": [
        "The privacy dashboard keeps 168 hours (7 days) of history, so here's the past week: Instagram, "
        "Camera, WhatsApp and Zoom used your camera.",
        "Heads up: camera access history older than 7 days isn't kept. In the past week: Instagram, Camera, "
        "WhatsApp, and Zoom.",
        "Three months is beyond what the privacy dashboard stores — it holds the last 7 days. In that window, "
        "Instagram, the Camera app, WhatsApp and Zoom accessed your camera.",
        "I can only see the last week of camera access, not three months. Instagram, Camera, WhatsApp and "
        "Zoom used it.",
    ],
    # skill.daily_briefing, skill.secure_sign_in (both routings)
    "skill-0008": [
        "Sunny, 68°F. Meetings: weekly sync 10:00, lunch with Chris Lee 12:30, design review 15:00, team "
        "trivia 17:30. Expense report due 17:00. 11 unread texts, 3 unread emails.",
        "After your weekly sync with Sam at 10 and lunch with Chris Lee at 12:30, you've got the design review "
        "at 3 and Team Trivia at 5:30. Submit your expense report by 5 pm; Maya wants the Seattle travel "
        "request approved before noon, and you still need flowers for Emma's play by Friday.",
    ],
    "skill-0063": [
        "Password: Checkup#Fog61. SMS code: 415990 — use it quickly, it expires in 10 minutes.",
        "Your Sunset Family Health password is Checkup#Fog61, and the verification code is 415 990.",
    ],
    # travel.weather_forecast: decades and Celsius of the day's own temperatures
    "basic-0073": [
        "Saturday, May 30 in San Francisco looks sunny with a high of 61°F (16°C) and a low of 48°F, 0% "
        "chance of rain. Winds around 17 mph, so bring a light jacket.",
        "Looks like a clear day: highs in the low 60s (61°F), dropping to 48°F overnight.",
    ],
    "basic-0154": [
        "Showery and mild: high of 65, low in the mid-50s, 75% chance of rain.",
        "Expect showers in Boston on May 27, with temperatures between 55 and 65°F (about 13–18°C).",
    ],
    # travel.my_flight_status: the delay as the new departure time
    "basic-0465": [
        "It's delayed by 40 min. Gate **E12**, Terminal 3.",
        "Your flight to New York (UA 1532) is delayed: new departure 8:55 AM instead of 8:15 AM. Gate E12 in "
        "Terminal 3.",
    ],
    "basic-0577": [
        "UA 2215 is delayed — it now leaves at 17:55 instead of 17:00. Gate C19.",
        "Nearly an hour behind schedule: departure moved from 5:00 PM to 5:55 PM, gate C19.",
    ],
    # devices.cancel_finished
    "basic-0846": [
        "Too late to call it off, I'm afraid — the migration already completed at 8:40 AM. All 5,130 "
        "messages and 960 call log entries are on this phone now.",
        "It's too late — the transfer wrapped up at 8:40, before you asked.",
        "The transfer is already 100% complete, so cancelling isn't possible.",
        "That one's done. The transfer completed about 20 minutes ago, at 8:40.",
    ],
    # calls.already_blocked
    "basic-0840": [
        "Caleb Hayes is already blocked, so there's nothing to do — his calls and texts won't reach you.",
        "He's on your block list already, so no changes were needed.",
        "Caleb Hayes is currently blocked — you won't get calls or messages from him. Want me to unblock him "
        "instead?",
    ],
    # apps.restore_purged: "unless it's backed up" is no claim of "it's back"
    "basic-0836": [
        "Sorry — brochure_714.zip isn't in the recycle bin or anywhere in your files, so it looks like it was "
        "permanently deleted. Unless it's backed up somewhere else (like cloud storage or email), it can't be "
        "recovered.",
        "Unfortunately I can't restore it: the recycle bin is empty and the file isn't in any folder.",
        "Your recycle bin is currently empty, so brochure_714.zip can't be brought back. Do you have a backup?",
    ],
    # assistant.expired_watch
    "basic-0838": [
        "No need — that watch already expired yesterday at 8 PM, so I'm not tracking the Kindle deal anymore.",
        "The Kindle deal watch isn't running: it stopped automatically yesterday at 8:00 PM when it reached "
        "its end time.",
    ],
    # network.data_cap_conditional: "7.7GB", two decimals, "nothing is turned off"
    "basic-0307": [
        "You're at 7,659 MB (about 7.7 GB) of mobile data this cycle — under your 15 GB plan, so I've left "
        "mobile data on.",
        "You've used ~7.7GB of your 15 GB, so mobile data stays on.",
        "**Usage this cycle:** 7.66 GB of 15 GB. Mobile data is still on.",
        "You've used 7.5 GB (7,659 MB) this cycle, which is under 15 GB, so nothing is turned off.",
    ],
    # display.exception_gone: "isn't one of" is not "isn't on"
    "basic-0852": [
        "Linda Morgan isn't one of your Do Not Disturb exceptions — only Jordan and Emma are, so there's "
        "nothing to remove.",
        "Linda's not an exception anymore. Heads up though: DND lets calls from favorites through and she's a "
        "favorite, so her calls can still ring — want me to change that?",
    ],
    # utilities.deleted_note
    "basic-0897": [
        "Hmm, the grocery note isn't in your notes anymore, so I haven't sent anything. Want me to send Chris "
        "Li the list I read out earlier?",
        'The "Grocery list" note seems to have been removed since we looked at it. I can text Chris Li: '
        '"Milk, eggs, bananas, coffee beans" — shall I?',
        "I searched your notes but there's no grocery note now, so nothing was sent to Chris Li. Want me to "
        "type the items into a text instead?",
    ],
    # utilities.quick_fact
    "basic-0078": ["The Mona Lisa was painted by **Leonardo da Vinci**, in the early 1500s."],
    "basic-0159": ["There's a 3-hour difference — New York is ahead of San Francisco."],
    # short keys that stopped matching inside longer words: "incompatible", "unreachable", "passcode",
    # "recharge", "older", and phrasings without "end"/"before"
    "basic-0835": [
        "Sorry, VR Arcade is incompatible with this phone — it needs a depth sensor and Android 16."
    ],
    "basic-1013": ["Sorry, I can't connect to Marriott_Guest — it's saved but unreachable from here."],
    "basic-0873": ["I can't connect to your Honda CR-V right now — it may be powered off or too far away."],
    "basic-0878": ["That vault passcode (1537) didn't work. Could you double-check it?"],
    "basic-0881": [
        "I can't install it yet — the battery is at 29% and it needs at least 30%. Could you recharge?"
    ],
    "basic-0884": ["Those times look reversed — 3:30 pm to 2:30 pm. Did you mean 2:30 to 3:30 pm?"],
    "basic-0860": [
        "That QR code is out of date — the password it contains doesn't work for the network anymore. Could "
        "you ask the staff for the current one?",
        "The QR code has an older password for MissionVet-Guest, so I can't connect. Can you get the new one?",
    ],
}


@pytest.mark.parametrize(
    ("task_id", "final"), [(t, m) for t, msgs in NATURAL.items() for m in msgs], ids=lambda v: v[:40]
)
def test_a_natural_correct_answer_passes(task_id: str, final: str) -> None:
    task = ENV.unwrapped._index[task_id]
    variants = [f"{task_id}@SOR", f"{task_id}@MTSR"] if task.dimension == "skill" else [task_id]
    for variant in variants:
        verdict = play(variant, [*oracle(variant)[:-1], final])
        assert verdict["success"], (variant, verdict["reasons"])


@pytest.mark.parametrize(
    ("split", "task_id", "final"),
    [
        (
            "starter",
            "basic-027",
            "That reminder has already been completed (on May 18), so nothing's left to do.",
        ),
        ("starter", "basic-027", "The dry cleaning reminder has been completed already, so I left it as is."),
        ("starter", "basic-027", "It's already been marked complete."),
        ("starter", "basic-024", "Those times are reversed — 3 PM to 2 PM. Did you mean 2 to 3 PM?"),
        (
            "train",
            "train-s0-basic-0333",
            "Good news: it's already saved in your Travel folder. I left it there.",
        ),
        ("train", "train-s0-basic-0333", "No changes made — united.com is already in your Travel bookmarks."),
    ],
)
def test_a_natural_correct_answer_passes_off_bench(split: str, task_id: str, final: str) -> None:
    from mpb_env.tasks import load_tasks
    from mpb_env.validation import replay

    task = next(t for t in load_tasks(split) if t.id == task_id)
    verdict = replay(task, [*task.oracle[:-1], final]).verdict
    assert verdict.success, verdict.reasons


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "how many continents are there?",
            "There are **7** continents: Africa, Antarctica, Asia, Australia, ...",
        ),
        ("how many continents are there?", "The answer is 7."),
        ("how much should I tip at a US restaurant?", "About 18–20% is standard these days."),
        ("what's the boiling point of water?", "At sea level, 100 ℃ (212 ℉)."),
        ("what's the time difference between San Francisco and New York?", "3 hrs: New York is ahead."),
        ("what's the chemical symbol for gold?", "**Au** (from the Latin *aurum*)."),
        ("how tall is Mount Everest?", "8,848.86 m (29,031.7 ft)."),
    ],
)
def test_a_natural_quick_fact_passes(question: str, answer: str) -> None:
    from mpb_env.checkers import has_phrase, norm_text
    from mpb_env.tasks.gen.pools import UTIL_FACTS

    assert any(has_phrase(norm_text(answer), norm_text(k)) for k in dict(UTIL_FACTS)[question])
