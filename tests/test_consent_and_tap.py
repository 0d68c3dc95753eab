"""Screen-recording consent (asked for every session, a decline passed on, never pressed) and tap to pay
(NFC on and Wallet as the default payment app): the tools, the checker, and the bench families."""

from __future__ import annotations

from functools import partial

import gymnasium as gym
import orjson
import pytest
import task_ids
from task_ids import _by_family

import mpb_env  # noqa: F401
from domain_harness import call, fresh
from mpb_env.fairness import fair_variants, fairness
from mpb_env.tools.runtime import execute
from mpb_env.world.state import PhoneState
from rollouts.adversarial import CATCH_ALL

CONSENT_FAMILIES = ("media.screen_record_declined", "media.restart_recording_consent")
TAP_FAMILIES = ("travel.tap_to_pay_nfc_off", "travel.tap_to_pay_no_app")
ENV = gym.make("mpb/MobilePA-v0", recall="all")


def declining(s: PhoneState) -> PhoneState:
    s.put("screen_recording", "consent", {"answer": "decline"})
    s.commit()
    return s


# --------------------------------------------------------------------------- the tools
def test_every_session_asks_consent_and_an_allow_starts_it() -> None:
    s = fresh()
    for _ in range(2):  # the first session's consent does not carry over to the second
        fb = call(s, "start_screen_recording", {"with_audio": True})
        assert fb["data"]["consent"] == {"asked": True, "answer": "allow"}
        assert s.get("screen_recording", "current") is not None
        call(s, "stop_screen_recording")


def test_a_declined_consent_starts_nothing() -> None:
    s = declining(fresh())
    before = orjson.dumps(s.delta())
    fb = execute(s, "start_screen_recording", {"with_audio": False})
    assert fb["status"] == "success" and fb["data"]["started"] is False
    assert fb["data"]["consent"] == {"asked": True, "answer": "decline"} and "declined" in fb["message"]
    assert s.get("screen_recording", "current") is None and orjson.dumps(s.delta()) == before
    assert execute(s, "stop_screen_recording", {})["error_type"] == "PreconditionFailed"


def test_a_full_phone_refuses_before_the_dialog() -> None:
    s = fresh()
    s.set_setting("storage.free_mb", 50.0)
    fb = execute(s, "start_screen_recording", {})
    assert fb["error_type"] == "PreconditionFailed" and fb["data"] and "consent" not in fb["data"]


@pytest.mark.parametrize(
    ("nfc", "app", "missing"),
    [(False, "wallet", ["nfc"]), (True, None, ["payment_app"]), (True, "venmo", ["payment_app"]),
     (False, None, ["nfc", "payment_app"])],
)  # fmt: skip
def test_tap_to_pay_names_what_is_missing(nfc: bool, app: str | None, missing: list[str]) -> None:
    s = fresh()
    s.set_setting("device.nfc", nfc)
    s.set_setting("network.nfc_payment_app", app)
    fb = execute(s, "create_payment_code", {"card": "4242", "code_format": "tap"})
    assert fb["error_type"] == "PreconditionFailed" and fb["data"]["missing"] == missing
    assert "set_nfc_enabled" in fb["message"] and not s.delta().get("payment_codes")
    assert execute(s, "create_payment_code", {"card": "4242"})["status"] == "success"  # a QR needs no NFC
    call(s, "set_nfc_enabled", {"enabled": True, "payment_app_id": "wallet"})
    rec = call(s, "create_payment_code", {"card": "4242", "code_format": "tap"})["data"]
    assert rec["format"] == "tap" and rec["card_id"] == "card_001"


def test_tap_to_pay_works_on_the_base_phone() -> None:
    s = fresh()
    assert call(s, "create_payment_code", {"code_format": "tap"})["data"]["format"] == "tap"


# --------------------------------------------------------------------------- the checker
def _tasks(families: tuple[str, ...]) -> list[str]:
    return [t.id for f in families for t in _by_family("bench").get(f, [])]


play = partial(task_ids.play, ENV)
oracle = partial(task_ids.oracle, ENV)


def test_each_family_draws_bench_tasks() -> None:
    for fam in CONSENT_FAMILIES + TAP_FAMILIES:
        assert len(_by_family("bench").get(fam, [])) >= 2, fam


@pytest.mark.parametrize("task_id", _tasks(CONSENT_FAMILIES + TAP_FAMILIES))
def test_the_oracle_passes_and_doing_nothing_or_a_catch_all_fails(task_id: str) -> None:
    assert play(task_id, oracle(task_id))["success"]
    assert not play(task_id, ["Done."])["success"]
    assert not play(task_id, [CATCH_ALL])["success"]


DECLINED = [
    t for t in _tasks(CONSENT_FAMILIES)
    if ENV.unwrapped._index[t].s0_patch["screen_recording"]["consent"]["answer"] == "decline"
]  # fmt: skip


def test_bench_holds_declines_of_both_consent_families() -> None:
    assert {ENV.unwrapped._index[t].meta["family"] for t in DECLINED} == set(CONSENT_FAMILIES)


@pytest.mark.parametrize("task_id", DECLINED)
def test_asking_consent_again_after_a_decline_fails(task_id: str) -> None:
    turns = oracle(task_id)
    start = next(t for t in turns if "start_screen_recording" in t and "search_tools" not in t)
    pressed = [*turns[:-1], start, start, turns[-1]]
    verdict = play(task_id, pressed)
    assert not verdict["success"]
    assert any("consent again after they declined" in r for r in verdict["reasons"])


@pytest.mark.parametrize("task_id", _tasks(("media.screen_record_declined",)))
def test_a_decline_must_be_seen_and_passed_on(task_id: str) -> None:
    final = oracle(task_id)[-1]
    assert not play(task_id, [final])["success"]  # no dialog was shown: the decline is made up
    start = next(t for t in oracle(task_id) if "start_screen_recording" in t and "search_tools" not in t)
    assert not play(task_id, [start, "The screen recording started; say when to stop."])["success"]
    # a careful wording of its own passes
    assert play(
        task_id, [start, "You didn't allow the recording on the consent prompt, so I couldn't start it."]
    )["success"]


@pytest.mark.parametrize("task_id", _tasks(("media.restart_recording_consent",)))
def test_a_restart_asks_for_the_new_session(task_id: str) -> None:
    stop = orjson.dumps({"name": "stop_screen_recording", "arguments": {}}).decode()
    assert not play(task_id, [stop, "Saved it."])["success"]  # the new session was never asked for


@pytest.mark.parametrize("task_id", _tasks(TAP_FAMILIES))
def test_tap_needs_the_fix_and_the_tap(task_id: str) -> None:
    turns = [t for t in oracle(task_id) if "search_tools" not in t]
    pay = orjson.loads(turns[0])
    qr = orjson.dumps({**pay, "arguments": {**pay["arguments"], "code_format": "qr"}}).decode()
    assert not play(task_id, [qr, "Here's your code."])["success"]  # a QR code is not a tap
    assert not play(task_id, [*turns[1:3], turns[2], turns[-1]])["success"]  # two codes: paid twice
    # turning on NFC and setting Wallet in one call first, without the failed try, passes too
    fix = orjson.dumps(
        {"name": "set_nfc_enabled", "arguments": {"enabled": True, "payment_app_id": "wallet"}}
    )
    assert play(task_id, [fix.decode(), turns[2], "Ready to tap."])["success"]


@pytest.mark.parametrize("task_id", _tasks(("media.screen_record_declined",)))
def test_no_fair_variant_asks_a_declined_consent_again(task_id: str) -> None:
    """A repeat of the declined start changes nothing in the state but asks the user again: the
    fairness suite offers it as no idempotent retry, and every variant it does offer passes."""
    task = ENV.unwrapped._index[task_id]
    variants = dict(fair_variants(task))
    assert "idempotent-retry" not in variants and variants
    assert all(ok for _name, ok in fairness(task))
