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
