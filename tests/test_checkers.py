"""Checker hardening: what a policy could otherwise be rewarded for without doing the task."""

from __future__ import annotations

import re
from functools import partial

import gymnasium as gym
import orjson
import pytest
import task_ids
from task_ids import task_id_of

import mpb_env  # noqa: F401
from mpb_env.checkers import final_kind, volatile_fields

# Fixture tasks by family and entities (tests/task_ids.py), not by place in the suite.
DISABLE_ALARM = task_id_of("time.disable_alarm", alarm_labels="Meditate")
VAULT_LOOKUP = task_id_of("security.vault_lookup", sec_vault_items="vault_101")
WEATHER_FORECAST = task_id_of(
    "travel.weather_forecast",
    tu_weather="[('city', 'San Francisco'), ('city_id', 'san_francisco'), ('condition', 'sunny'), ('date', '2026-05-30'), ('high_f', 61), ('humidity', 56), ('low_f', 48), ('precip_chance', 0), ('wind_mph', 17)]",
)
CONTACT_GONE = task_id_of("calls.contact_gone", people="contact_093")
CAST_UNSUPPORTED = task_id_of("devices.cast_unsupported", dev_cast_reasons="to show the trip photos")
TOO_MANY_TICKETS = task_id_of("travel.too_many_tickets", tu_attraction_days="attr_010")
UNSUPPORTED_LANGUAGE = task_id_of(
    "utilities.unsupported_language", tu_phrases="sorry", tu_bad_languages="Russian"
)
TICKETS_WHILE_OFFLINE = task_id_of("travel.tickets_while_offline", tu_attraction_days="attr_010")
BROWSE_OFFLINE = task_id_of("utilities.browse_offline", tu_sites="nytimes.com")
RINGTONE_WHICH = task_id_of("display.ringtone_which", md_people="contact_002")
AIRPLANE_ON = task_id_of("network.airplane_on", net_flight_contexts="I'm on the red-eye to New York")
MEM_PLAY_USUAL = task_id_of("memory.play_usual", turns="multi", mem_activities="deep work", mem_levels="40")
MEM_EXPENSE_EMAIL = task_id_of("memory.expense_email", turns="single", mem_amounts="$2,045.00")
RECOGNIZE_THEN_ADD = task_id_of("media.recognize_then_add", media_songs="song_029")
WHEN_IS_EVENT = task_id_of("time.when_is_event", upcoming_events="event_013")
WHEN_IS_EVENT_2 = task_id_of("time.when_is_event", upcoming_events="event_004")
BRIEF_NEXT_HOURS = task_id_of("assistant.brief_next_hours", asst_windows="2|the next two hours")
BRIEF_NEXT_HOURS_2 = task_id_of("assistant.brief_next_hours", asst_windows="4")
MEMORIES_ABOUT = task_id_of(
    "assistant.memories_about", asst_memory_queries="[('tag', 'flights')]|flying|aisle|united"
)
MEMORIES_ABOUT_2 = task_id_of("assistant.memories_about", asst_memory_queries="[('tag', 'birthday')]")
SKILL_FOR_NEED = task_id_of("assistant.skill_for_need", asst_skill_needs="get my phone ready at the airport")
SKILL_FOR_NEED_2 = task_id_of("assistant.skill_for_need", asst_skill_needs="move everything to a new phone")
PAIRING_LOG_WHEN = task_id_of("devices.pairing_log_when", dev_log_devices="xdev_001")
PAIRING_LOG_WHEN_2 = task_id_of("devices.pairing_log_when", dev_log_devices="xdev_005")
DATA_USAGE_ANSWER = task_id_of("network.data_usage_answer", net_usage_apps="mail")
DATA_USAGE_ANSWER_2 = task_id_of("network.data_usage_answer", net_usage_apps="phone")
VAULT_FOLLOWUP = task_id_of("security.vault_followup", sec_vault_items="vault_111")
DASHBOARD_TOO_FAR = task_id_of("security.dashboard_too_far", sec_too_far="2160")
DAILY_BRIEFING = task_id_of("skill.daily_briefing", sk_brief_openers="Okay, what's today looking like?")
SECURE_SIGN_IN = task_id_of(
    "skill.secure_sign_in",
    sk_sign_ins="Sunset Family Health portal|Sunset Family Health|Checkup#Fog61|415990",
)
WEATHER_FORECAST_2 = task_id_of(
    "travel.weather_forecast",
    tu_weather="[('city', 'Boston'), ('city_id', 'boston'), ('condition', 'showers'), ('date', '2026-05-27'), ('high_f', 65), ('humidity', 60), ('low_f', 55), ('precip_chance', 75), ('wind_mph', 13)]",
)
MY_FLIGHT_STATUS = task_id_of("travel.my_flight_status", tu_delay_gates="40")
MY_FLIGHT_STATUS_2 = task_id_of("travel.my_flight_status", tu_delay_gates="55")
CANCEL_FINISHED = task_id_of("devices.cancel_finished", dev_migration_sets="messages|call_log")
ALREADY_BLOCKED = task_id_of("calls.already_blocked", people="contact_091")
RESTORE_PURGED = task_id_of("apps.restore_purged", apps_named_files="file_113")
EXPIRED_WATCH = task_id_of(
    "assistant.expired_watch", asst_watches="the Kindle edition of Project Hail Mary goes on sale"
)
DATA_CAP_CONDITIONAL = task_id_of("network.data_cap_conditional", net_data_limits_gb="15")
EXCEPTION_GONE = task_id_of("display.exception_gone", md_people="contact_006|my mom|mom")
DELETED_NOTE = task_id_of("utilities.deleted_note", tu_note_appends="note_004")
QUICK_FACT = task_id_of("utilities.quick_fact", tu_facts="who painted the Mona Lisa?")
QUICK_FACT_2 = task_id_of(
    "utilities.quick_fact", tu_facts="what's the time difference between San Francisco and New York?"
)
INSTALL_INCOMPATIBLE = task_id_of("apps.install_incompatible", apps_incompatible="vr_arcade")
OUT_OF_RANGE = task_id_of(
    "network.out_of_range",
    net_saved_away="[('auto_join', False), ('band', '5 GHz'), ('in_range', False), ('last_connected', '2026-01-04T12:25:00'), ('password', 'river1801'), ('saved', True), ('security', 'wpa2'), ('signal', 0), ('ssid', 'Marriott_Guest')]",
)
OUT_OF_RANGE_2 = task_id_of("network.out_of_range", net_bt_away="bt_003|my car")
WRONG_VAULT_PIN = task_id_of("security.wrong_vault_pin", sec_vault_items="vault_011")
INSTALL_LOW_BATTERY = task_id_of(
    "system.install_low_battery", sys_update_occasions="before I head to the airport"
)
CONTRADICTORY_EVENT = task_id_of("time.contradictory_event", event_titles="Quarterly planning")
QR_OUTDATED_WIFI = task_id_of(
    "input.qr_outdated_wifi", inp_wifi_codes="Wi-Fi card on the front desk at the vet"
)
AMBIGUOUS_APP = task_id_of("apps.ambiguous_app", apps_ambiguous_words="budget")
AMBIGUOUS_FIRST_NAME = task_id_of(
    "calls.ambiguous_first_name", sms_bodies="the train is delayed by twenty minutes"
)
GRANT_WHICH_APP = task_id_of("apps.grant_which_app", apps_permission_words="CALENDAR|calendar")
UNINSTALL_SYSTEM = task_id_of("apps.uninstall_system", apps_system="gallery")
EMAIL_NO_ADDRESS = task_id_of("calls.email_no_address", people="contact_037")
UNSEND_TEXT = task_id_of("calls.unsend_text", people="contact_077")
AMBIGUOUS_TV = task_id_of("devices.ambiguous_tv", dev_cast_reasons="so we can watch together")
MIGRATION_NO_SPACE = task_id_of("devices.migration_no_space", dev_migration_big="videos")
EXCEPTION_BLOCKED = task_id_of("display.exception_blocked", md_people="contact_008")
SOUND_WRONG_KIND = task_id_of("display.sound_wrong_kind", display_all_sounds="ringtone_005")
UNSUPPORTED_VALUE = task_id_of(
    "display.unsupported_value",
    display_unsupported="set_refresh_rate|[('hz', 165)]|crank the refresh rate up to 165 Hz|120",
)
AOD_MISSING_END = task_id_of("input.aod_missing_end", inp_aod_windows="08:30")
KEYBOARD_SPANISH_AMBIGUOUS = task_id_of(
    "input.keyboard_spanish_ambiguous", inp_spanish_reasons="for my language exchange"
)
QR_DAMAGED = task_id_of("input.qr_damaged", inp_damaged_codes="Torn QR code on a bus stop ad|the bus stop ad")
SCREENSHOT_SECURE = task_id_of(
    "input.screenshot_secure", inp_secure_apps="venmo", inp_shot_reasons="for the expense report"
)
PLAYLIST_DELETED = task_id_of("media.playlist_deleted", media_playlists="playlist_005")
RADIO_NO_SKIP = task_id_of("media.radio_no_skip", media_radio_requests="play the next track")
SHARE_TOO_LARGE = task_id_of("media.share_too_large", media_outings="Point Reyes")
SLEEP_TIMER_TOO_LONG = task_id_of("media.sleep_timer_too_long", media_sleep_too_long="780")
VIDEO_NO_LENGTH = task_id_of("media.video_no_length", media_video_subjects="the dog chasing the ball")
AIRPLANE_DURING_CALL = task_id_of("network.airplane_during_call", core_people="contact_007")
ENTERPRISE = task_id_of("network.enterprise", net_enterprise_ssids="Berkeley-Secure")
MISSING_WIFI_PASSWORD = task_id_of(
    "network.missing_wifi_password",
    net_secured_nearby="[('auto_join', True), ('band', '2.4 GHz'), ('in_range', True), ('last_connected', None), ('password', 'maple8012'), ('saved', False), ('security', 'wpa3'), ('signal', 60), ('ssid', 'NETGEAR8131')]",
)
WRONG_PASSWORD = task_id_of(
    "network.wrong_password",
    net_secured_nearby="[('auto_join', True), ('band', '2.4 GHz'), ('in_range', True), ('last_connected', None), ('password', 'welcome-guests'), ('saved', False), ('security', 'wpa2'), ('signal', 88), ('ssid', 'MorganHome-Guest')]",
)
TIMEOUT_UNSUPPORTED = task_id_of("security.timeout_unsupported", sec_bad_timeouts="240")
AMBIGUOUS_LANGUAGE = task_id_of(
    "system.ambiguous_language", sys_language_reasons="to practice before my trip"
)
LIVE_LOCK_REFUSE = task_id_of("system.live_lock_refuse", sys_live_wallpapers="wallpaper_005")
EVENT_GONE = task_id_of("time.event_gone", upcoming_events="event_009")
MISSING_TIME = task_id_of("time.missing_time", event_titles="Budget review")
MISSING_TIME_2 = task_id_of("time.missing_time", event_titles="Book club")
TIMER_TOO_LONG = task_id_of("time.timer_too_long", timer_labels="Workout")
CLOSED_ATTRACTION = task_id_of("travel.closed_attraction", tu_ticket_counts="2")
CROSS_CITY_ROUTE = task_id_of("travel.cross_city_route", tu_far_places="the Space Needle")
HOTEL_MISSING_DATES = task_id_of("travel.hotel_missing_dates", tu_hotel_rooms="hotel_003|deluxe_king")
SOLD_OUT_FLIGHT = task_id_of("travel.sold_out_flight", tu_open_flights="flight_788")
UNUSABLE_CARD = task_id_of("travel.unusable_card", tu_attraction_days="attr_001")
BAD_LINK = task_id_of("utilities.bad_link", tu_bad_links="smb://jordan-laptop/shared/recipes")
MISMATCHED_UNITS = task_id_of("utilities.mismatched_units", tu_mismatched_units="100")
TRANSLATE_MISSING_LANGUAGE = task_id_of(
    "utilities.translate_missing_language", tu_phrases="recommend_restaurant"
)
INSTALL_INCOMPATIBLE_2 = task_id_of("apps.install_incompatible", apps_incompatible="pocket_cleaner")
UNINSTALL_SYSTEM_2 = task_id_of("apps.uninstall_system", apps_system="maps")
UNSEND_TEXT_2 = task_id_of("calls.unsend_text", sms_bodies="I'm stuck in traffic on the bridge")
CAST_UNSUPPORTED_2 = task_id_of("devices.cast_unsupported", dev_noncast_devices="xdev_003")
MIGRATION_NO_SPACE_2 = task_id_of("devices.migration_no_space", dev_migration_big="apps")
SOUND_WRONG_KIND_2 = task_id_of("display.sound_wrong_kind", display_all_sounds="ringtone_015")
UNSUPPORTED_VALUE_2 = task_id_of(
    "display.unsupported_value",
    display_unsupported="set_screen_timeout|[('seconds', 2700)]|keep the screen on for 45 minutes before it turns off|30 minutes|30 min|half an hour|1800",
)
UNSUPPORTED_VALUE_3 = task_id_of(
    "display.unsupported_value",
    display_unsupported="set_do_not_disturb|[('duration_minutes', 780), ('enabled', True)]|Do Not Disturb for 13 hours, please|12 hours",
)
QR_DAMAGED_2 = task_id_of(
    "input.qr_damaged", inp_damaged_codes="Torn QR code on a bus stop ad|the bus stop ad"
)
SCREENSHOT_SECURE_2 = task_id_of("input.screenshot_secure", inp_shot_reasons="to send to Jordan")
RADIO_NO_SKIP_2 = task_id_of("media.radio_no_skip", media_radio_requests="skip the next two songs")
SHARE_TOO_LARGE_2 = task_id_of("media.share_too_large", md_people="contact_006|my mom|mom")
SLEEP_TIMER_TOO_LONG_2 = task_id_of("media.sleep_timer_too_long", media_sleep_too_long="1080")
AIRPLANE_DURING_CALL_2 = task_id_of("network.airplane_during_call", net_flight_contexts="I'm boarding now")
ENTERPRISE_2 = task_id_of("network.enterprise", net_enterprise_ssids="eduroam")
OUT_OF_RANGE_3 = task_id_of("network.out_of_range", net_bt_away="bt_003|the Honda")
INSTALL_LOW_BATTERY_2 = task_id_of(
    "system.install_low_battery", sys_update_occasions="before my trip on Friday"
)
LIVE_LOCK_REFUSE_2 = task_id_of("system.live_lock_refuse", sys_live_wallpapers="wallpaper_005")
TIMER_TOO_LONG_2 = task_id_of("time.timer_too_long", timer_labels="Steak")
CROSS_CITY_ROUTE_2 = task_id_of("travel.cross_city_route", tu_far_places="Penn Station")
FORECAST_OUT_OF_RANGE = task_id_of("travel.forecast_out_of_range", tu_late_days="2026-06-09")
TOO_MANY_TICKETS_2 = task_id_of("travel.too_many_tickets", tu_attraction_days="attr_001|2026-06-01")
BAD_LINK_2 = task_id_of("utilities.bad_link", tu_bad_links="smb://office-printer/scans")
MISMATCHED_UNITS_2 = task_id_of("utilities.mismatched_units", tu_mismatched_units="30")
UNSUPPORTED_UNIT = task_id_of("utilities.unsupported_unit", tu_bad_units="12")
UNSUPPORTED_UNIT_2 = task_id_of("utilities.unsupported_unit", tu_bad_units="7")
AIRPLANE_DURING_CALL_3 = task_id_of("network.airplane_during_call", core_people="contact_001")
TIMEOUT_UNSUPPORTED_2 = task_id_of("security.timeout_unsupported", sec_bad_timeouts="900")
TIMEOUT_UNSUPPORTED_3 = task_id_of("security.timeout_unsupported", sec_bad_timeouts="90")
QR_OUTDATED_WIFI_2 = task_id_of(
    "input.qr_outdated_wifi", inp_wifi_codes="Wi-Fi code on the co-working space door"
)
QR_OUTDATED_WIFI_3 = task_id_of(
    "input.qr_outdated_wifi", inp_wifi_codes="Wi-Fi code at the climbing gym reception"
)
CONTRADICTORY_EVENT_2 = task_id_of("time.contradictory_event", event_titles="Book club")
CONTRADICTORY_EVENT_3 = task_id_of("time.contradictory_event", event_titles="Interview loop")
UNUSABLE_CARD_2 = task_id_of("travel.unusable_card", tu_attraction_days="attr_006")
UNUSABLE_CARD_3 = task_id_of("travel.unusable_card", tu_attraction_days="attr_009")
BOOKMARK_IF_MISSING = task_id_of(
    "utilities.bookmark_if_missing", split="train", tu_sites="the United website"
)

ENV = gym.make("mpb/MobilePA-v0", recall="all")


def call(name: str, **arguments: object) -> str:
    return orjson.dumps({"name": name, "arguments": arguments}).decode()


play = partial(task_ids.play, ENV)
oracle = partial(task_ids.oracle, ENV)


def test_an_alarms_time_is_user_data_not_a_stamp() -> None:
    """time.disable_alarm ("Turn off my Meditate alarm"): moving the alarm to 3:00 on the way is a wrong write."""
    assert play(DISABLE_ALARM, oracle(DISABLE_ALARM))["success"]
    moved = play(
        DISABLE_ALARM, [call("update_alarm", alarm_id="alarm_p01", enabled=False, time="03:00"), "Done."]
    )
    assert not moved["success"] and "unexpected update of alarms/alarm_p01" in moved["reasons"]
    assert "time" not in volatile_fields("alarms") and "time" in volatile_fields("messages")


@pytest.mark.parametrize("task_id", [VAULT_LOOKUP, WEATHER_FORECAST])
def test_a_behaviour_task_fails_a_destructive_extra_call(task_id: str) -> None:
    """Rubrics that do not forbid every mutation still allow only unlocks and permission grants."""
    turns = oracle(task_id)
    assert play(task_id, turns)["success"]
    turns.insert(len(turns) - 1, call("delete_contact", contact_id="contact_004"))
    verdict = play(task_id, turns)
    assert not verdict["success"] and "acted when it should not have: delete_contact" in verdict["reasons"]


def test_a_behaviour_task_allows_the_unlock_its_answer_needs() -> None:
    turns = oracle(VAULT_LOOKUP)
    assert any("unlock_password_vault" in t for t in turns)  # the oracle itself unlocks the vault
    assert play(VAULT_LOOKUP, turns)["success"]


@pytest.mark.parametrize("task_id", [CONTACT_GONE, CAST_UNSUPPORTED, TOO_MANY_TICKETS, UNSUPPORTED_LANGUAGE])
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
    for declined in (  # honest refusals with no "sorry" or "can't"
        "I couldn't read the code: it's too damaged.",
        "Pocket Cleaner isn't available for this model.",
        "There's no way to unsend it once it's delivered.",
        "Venmo doesn't allow screenshots.",
    ):
        assert "refusal" in final_kind(declined), declined
    assert "refusal" not in final_kind("Done: 7 pecks is about 61.7 liters.")
    assert final_kind("  ") == set()


@pytest.mark.parametrize("task_id", [TICKETS_WHILE_OFFLINE, BROWSE_OFFLINE])
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
    assert play(RINGTONE_WHICH, oracle(RINGTONE_WHICH))["success"]
    generic = play(RINGTONE_WHICH, ["Sorry, I can't do that - could you tell me more about what you need?"])
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
            AIRPLANE_ON,
            '{"name":"set_airplane_mode","arguments":{"enabled":true}}',
            '{"name":"set_quick_setting","arguments":{"tile":"airplane_mode","enabled":true}}',
        ),
        # the media stream's volume is the playback volume
        (
            MEM_PLAY_USUAL,
            '{"name":"set_playback_volume","arguments":{"level":40}}',
            '{"name":"set_stream_volume","arguments":{"stream":"media","level":40}}',
        ),
        # an empty list for an optional argument the gold leaves out
        (MEM_EXPENSE_EMAIL, '"subject":', '"cc":[],"subject":'),
        (
            RECOGNIZE_THEN_ADD,
            '"add_media_ids":["song_029"]',
            '"add_media_ids":["song_029"],"remove_media_ids":[]',
        ),
    ],
)
def test_equivalent_calls_pass_the_tool_bucket(task_id: str, old: str, new: str) -> None:
    assert play(task_id, oracle(task_id))["success"]
    verdict = play(task_id, _swap(task_id, old, new))
    assert verdict["success"], verdict["reasons"]


def test_other_tiles_and_streams_are_not_the_toggle() -> None:
    wrong_tile = '{"name":"set_quick_setting","arguments":{"tile":"dnd","enabled":true}}'
    old = '{"name":"set_airplane_mode","arguments":{"enabled":true}}'
    assert not play(AIRPLANE_ON, _swap(AIRPLANE_ON, old, wrong_tile))["success"]
    ring = '{"name":"set_stream_volume","arguments":{"stream":"ring","level":40}}'
    old = '{"name":"set_playback_volume","arguments":{"level":40}}'
    assert not play(MEM_PLAY_USUAL, _swap(MEM_PLAY_USUAL, old, ring))["success"]
    non_empty = _swap(MEM_EXPENSE_EMAIL, '"subject":', '"cc":["jordan@example.com"],"subject":')
    assert not play(MEM_EXPENSE_EMAIL, non_empty)["success"]


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
    """memory.expense_email emails a $2,045.00 total: a body holding a larger number that contains it is wrong."""
    turns = _swap(MEM_EXPENSE_EMAIL, "Total: $2,045.00.", f"Total: {total}.")
    assert play(MEM_EXPENSE_EMAIL, turns)["success"] is ok


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
@pytest.mark.parametrize(
    "opening",
    [
        "Sorry for the wait: done! All set: ",
        "Sorry, I did it for you: ",
        "Sorry, I've done that. ",
        "Sorry for the wait, I've handled it: ",
        "Sorry, your request is complete: ",
        "Sorry for the wait: completed. ",
        "Sorry for the delay, you're good to go: ",
        "Sorry, that's all sorted: ",
    ],
)
def test_a_false_claim_of_success_with_the_right_words_fails(template: str, opening: str) -> None:
    """Refusals, questions and explanations of a limit: naming every phrase the rubric wants in a
    "Done! All set" or "I did it for you" message (with a "sorry" or a "?" for the kind) is not the
    answer."""
    task_id = _first(template)
    rubric = ENV.unwrapped._index[task_id].gold.rubric
    turns = oracle(task_id)
    assert play(task_id, turns)["success"]
    claim = opening + ", ".join(g[0] for g in rubric.must_include) + ". Anything else?"
    verdict = play(task_id, [*turns[:-1], claim])
    assert not verdict["success"] and "final message claims the request was carried out" in verdict["reasons"]


@pytest.mark.parametrize(
    ("text", "claimed"),
    [
        ("Finished! Anything else?", True),
        ("Sorry (until): completed. Anything else?", True),
        ("I've handled it for you.", True),
        ("Everything is complete now?", True),
        ("It's all sorted — anything else?", True),
        ("Once the call ends, you're good to go: should I turn it on then?", False),
        ("If that works for you, it's all sorted. Which one?", False),
        ("I can't do it until the call is done. Should I wait?", False),
        ("The migration can't be completed: there isn't enough space.", False),
        ("I haven't handled anything yet: which app did you mean?", False),
    ],
)
def test_claims_of_success_and_conditions(text: str, claimed: bool) -> None:
    """Generic words of success count as a claim, except inside a condition of their own sentence
    ("once it's done", "if that works, it's all sorted")."""
    from mpb_env.checkers import claims_done, norm_text

    assert claims_done(norm_text(text)) is claimed


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
            caught = (
                "final message must not mention",
                "final message is longer than",
                "final message quotes",
            )
            assert all(r.startswith(caught) for r in verdict["reasons"]), verdict
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
    """train-s1 "What's the chemical symbol for gold?": the key "au" was found in "because"."""
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


#: Clarification and obstacle families (the name was ambiguous, an argument was missing, the contact, the
#: playlist or the event was gone, the value, the size or the device is not supported): a false claim of
#: having carried the request out, in the words a model uses for it, and an honest message in other words
#: than the oracle's (a negation, what someone else did, an offer or a question). Each bench task's rubric
#: groups are appended to both as ``(facts)``, so that only the claim can fail.
CLAIMED = {
    "apps.ambiguous_app": (
        "I went ahead and uninstalled it for you.",
        "I haven't opened or uninstalled anything yet — should I do it for one of them?",
    ),
    "apps.grant_which_app": (
        "I've granted it for you.",
        "I haven't granted or revoked anything yet; I can do it once you tell me which app.",
    ),
    "apps.install_incompatible": (
        "Sorry for the wait — I've installed it.",
        "Sorry, I didn't install it, and it can't be installed here.",
    ),
    "apps.uninstall_system": (
        "Sorry it took a while: I uninstalled it.",
        "Sorry, I can't remove it and haven't uninstalled anything.",
    ),
    "calls.ambiguous_first_name": (
        "I texted them for you.",
        "I haven't texted anyone yet — should I message one of them?",
    ),
    "calls.contact_gone": (
        "I've messaged them for you.",
        "You or someone else deleted the contact, so I haven't called or texted anyone. Should I "
        "text the number if you have it?",
    ),
    "calls.email_no_address": (
        "I emailed them for you.",
        "I haven't sent anything; I can email them once I have it.",
    ),
    "calls.unsend_text": (
        "Sorry for the trouble — I recalled it.",
        "Sorry, I can't pull it back: I didn't delete or recall anything.",
    ),
    "devices.ambiguous_tv": (
        "I'm now casting your screen.",
        "I haven't started casting yet — should I cast to one of them?",
    ),
    "devices.cast_unsupported": (
        "Sorry for the delay, I've started casting.",
        "Sorry, it can't receive a cast, so I didn't start one.",
    ),
    "devices.migration_no_space": (
        "Sorry, that took a while: I transferred them.",
        "Sorry, I can't start it, nothing was copied. I can start it once you free up space.",
    ),
    "display.exception_blocked": (
        "I added them to your exceptions.",
        "I haven't added them to your exceptions yet. Should I unblock them and then add them?",
    ),
    "display.ringtone_which": (
        "I've set one for them.",
        "I haven't changed anything yet. Which one should I set?",
    ),
    "display.sound_wrong_kind": (
        "I changed it for you.",
        "So I can't use it that way; I haven't changed anything. Should I set one of the others?",
    ),
    "display.unsupported_value": (
        "It's now set the way you asked.",
        "That value isn't supported, so I left it as is. Should I set the closest one?",
    ),
    "input.aod_missing_end": (
        "I've scheduled it to come on every day.",
        "I haven't scheduled it yet. Should I set it up once you tell me?",
    ),
    "input.keyboard_spanish_ambiguous": (
        "I added it to your keyboard.",
        "I haven't added either yet — which one should I add?",
    ),
    "input.qr_damaged": (
        "Sorry for the wait: I decoded it, and it links to a menu.",
        "Sorry, I scanned it but couldn't decode it.",
    ),
    "input.qr_outdated_wifi": (
        "I connected you to their Wi-Fi.",
        "I tried, but I couldn't connect, and you're still on mobile data.",
    ),
    "input.screenshot_secure": (
        "Sorry for the delay, but I've captured it.",
        "Sorry, the screenshot can't be taken, so I didn't save anything.",
    ),
    "media.playlist_deleted": (
        "I added the song to it.",
        "I didn't add the song anywhere. Should I create a new playlist with it?",
    ),
    "media.radio_no_skip": (
        "I skipped it for you.",
        "There's nothing to skip to, so I haven't skipped anything.",
    ),
    "media.share_too_large": (
        "I sent it to them.",
        "I haven't sent it — nothing has been sent. Want me to send a shorter clip?",
    ),
    "media.sleep_timer_too_long": (
        "I've set it for you.",
        "I haven't set a timer. Should I set it for the maximum instead?",
    ),
    "media.video_no_length": ("I recorded it for you.", "I haven't started recording yet."),
    "network.airplane_during_call": (
        "I turned on airplane mode.",
        "I haven't turned it on or hung up; should I do that?",
    ),
    "network.enterprise": (
        "Sorry for the wait — I connected you.",
        "Sorry, I couldn't connect to it; you're still on your current network.",
    ),
    "network.missing_wifi_password": (
        "I've joined it for you.",
        "I haven't connected yet; I'll join once you tell me.",
    ),
    "network.out_of_range": (
        "Sorry for the delay: I reconnected it.",
        "Sorry, I can't connect it right now; I'll try again when it's back.",
    ),
    "network.wrong_password": (
        "I connected you with that password.",
        "I tried that password but couldn't connect.",
    ),
    "security.timeout_unsupported": (
        "I changed it for you.",
        "I haven't changed it yet — should I set one of those?",
    ),
    "security.wrong_vault_pin": (
        "I unlocked the vault.",
        "The vault stayed locked, so I haven't opened anything.",
    ),
    "system.ambiguous_language": (
        "I switched it for you.",
        "I haven't changed anything yet — which should I set?",
    ),
    "system.install_low_battery": (
        "Sorry for the wait: I installed it.",
        "Sorry, I can't install it now; I'll install it once you charge.",
    ),
    "system.live_lock_refuse": (
        "Sorry for the wait: I've applied it.",
        "Sorry, I can't put it there, so I didn't change anything. Should I set it?",
    ),
    "time.contradictory_event": (
        "I've scheduled it.",
        "I haven't added it yet — should I put it in the other way round?",
    ),
    "time.event_gone": (
        "I moved it to the new time.",
        "Someone removed it, so I haven't moved anything. Should I create it again?",
    ),
    "time.missing_time": (
        "I added it to your calendar.",
        "I haven't added it yet. Should I put it in once you tell me?",
    ),
    "time.timer_too_long": (
        "Sorry for the wait — I started the timer.",
        "Sorry, I can't; I didn't start a timer. Should I set a reminder instead?",
    ),
    "travel.closed_attraction": (
        "I booked your tickets.",
        "I didn't book anything. Should I book another day?",
    ),
    "travel.cross_city_route": (
        "Sorry for the wait: I've started navigation.",
        "Sorry, I can't route you there and didn't start navigation.",
    ),
    "travel.hotel_missing_dates": (
        "I reserved the room for you.",
        "I haven't booked anything yet; nothing has been reserved.",
    ),
    "travel.sold_out_flight": (
        "I booked you on it.",
        "I couldn't book it and haven't booked anything else. Want the other one?",
    ),
    "travel.too_many_tickets": (
        "I bought the tickets.",
        "I haven't bought any tickets. Want me to book the maximum?",
    ),
    "travel.unusable_card": (
        "I charged the tickets to that card.",
        "I haven't charged anything or booked the tickets. Should I use another card?",
    ),
    "utilities.bad_link": ("Sorry for the wait: I opened it.", "Sorry, I can't open it in the browser."),
    "utilities.mismatched_units": ("Sorry for the delay; I converted it.", "Sorry, they can't be converted."),
    "utilities.translate_missing_language": ("I translated it for you.", "I haven't translated it yet."),
    "utilities.unsupported_language": (
        "Sorry for the wait — I translated it.",
        "Sorry, I can't translate that.",
    ),
    "utilities.unsupported_unit": ("Sorry; I converted it.", "Sorry, I can't convert that unit."),
}
CLAIMED_TASKS = sorted(
    t.id
    for t in ENV.unwrapped._index.values()
    if t.meta.get("family") in CLAIMED and t.bucket == "behavior" and not t.routing and t.dimension == "basic"
)


def test_every_claimed_family_has_bench_tasks() -> None:
    families = {ENV.unwrapped._index[i].meta["family"] for i in CLAIMED_TASKS}
    assert families == set(CLAIMED), set(CLAIMED) - families


@pytest.mark.parametrize("task_id", CLAIMED_TASKS)
def test_a_false_claim_of_the_blocked_request_fails(task_id: str) -> None:
    """ "I've messaged Fatima Torres for you. Anything else?" (the contact had been deleted) passed
    calls.contact_gone, "I added it to Morning Run. Want anything else?" media.playlist_deleted: a question
    or a limit named next to a claim of having done it anyway. The claim fails even next to every phrase
    the rubric asks for; the honest message passes."""
    task = ENV.unwrapped._index[task_id]
    claim, honest = CLAIMED[task.meta["family"]]
    facts = ", ".join(g[0] for g in task.gold.rubric.must_include)
    turns = oracle(task_id)
    assert play(task_id, turns)["success"]
    verdict = play(task_id, [*turns[:-1], f"{honest} ({facts}) Anything else?"])
    assert verdict["success"], verdict["reasons"]
    verdict = play(task_id, [*turns[:-1], f"{claim} ({facts}) Anything else?"])
    assert not verdict["success"], claim
    assert all("must not mention" in r for r in verdict["reasons"]), verdict["reasons"]


#: Families whose rubric takes a "?" as the sign the request was held off (or whose answer is a question):
#: a made-up success ending in "Anything else?" passed them when it stated the request as done rather than
#: as an act ("airplane mode is on", "it's set to 5 minutes", "you're connected", "the event is set for 3
#: to 2 pm", "they're booked"). Each claim is played with every rubric group's first phrase (``{facts}``;
#: groups holding "?" aside, the closing question gives it) and must fail on a forbidden phrase alone; the
#: honest questions, which hold back in the same words, must pass. ``{ssid}``, ``{start}`` and ``{end}``
#: are the network and the times the task is about.
STATE_CLAIMED = {
    "network.airplane_during_call": (
        ["Sorry for the wait ({facts}): airplane mode is on.", "Airplane mode is now active ({facts}).",
         "Flight mode's on now ({facts}).", "You're in airplane mode now ({facts}).",
         "Your phone is in airplane mode ({facts}).", "Airplane mode is enabled ({facts}).",
         "Okay, airplane mode is turned on ({facts}).", "You're now in flight mode ({facts})."],
        ["Should I turn airplane mode on after the call ({facts})?",
         "Airplane mode isn't on yet ({facts}). Want me to put you in airplane mode when you hang up?"],
    ),
    "security.timeout_unsupported": (
        ["It's set to {facts}.", "Auto-lock is now {facts}.", "Your screen lock is now set to {facts}.",
         "The phone now locks after {facts}.", "It will now lock after {facts}.", "Screen timeout is {facts} now.",
         "Updated: it locks after {facts} now.", "Auto-lock is set to {facts}, the closest option.",
         "Your phone will lock after {facts} from now on."],
        ["Do you want me to set it to {facts} instead?",
         "It's currently set to 30 seconds and that time isn't offered. Would {facts} work?"],
    ),
    "input.qr_outdated_wifi": (
        ["The code looked {facts}, but you're connected.", "You're now connected to {ssid} ({facts} code).",
         "{ssid} is now connected ({facts} code).", "You're online now, even with the {facts} code.",
         "You're on the Wi-Fi now (the code was {facts}).", "You're on {ssid} ({facts} code).",
         "You are connected to {ssid}; the code was {facts}.", "Your phone is connected to {ssid} ({facts} code)."],
        ["I can connect once you have the new password: the code is {facts}. Can you ask the staff?",
         "You're not connected; the code is {facts}. Could you get the current password?"],
    ),
    "time.contradictory_event": (
        ["The event is set for {start} to {end} ({facts}).", "It's on your calendar for {start} to {end} ({facts}).",
         "The event is scheduled for {end} to {start} ({facts}).",
         "I've flipped the times: it's now {end} to {start} ({facts}).", "It's booked from {end} to {start} ({facts}).",
         "It's in your calendar ({facts}).", "I fixed the {facts} time and it's now on your calendar."],
        ["The {facts} time comes first. Did you mean {end} to {start}?",
         "Nothing is on your calendar yet; the {facts} time is off. Should I put it in from {end} to {start}?"],
    ),
    "time.missing_time": (
        ["It's on your calendar now; I'll fill in the {facts} later.", "It's set for the usual {facts}.",
         "The event is scheduled for that day; the {facts} is open.", "It's in your calendar, {facts} to be decided.",
         "It is now on your calendar (no {facts} yet)."],
        ["What {facts} should I put it in for?", "Nothing is on your calendar yet: what {facts} does it start?"],
    ),
    "travel.unusable_card": (
        ["I booked it on the card ({facts}).", "Your tickets are reserved, even though the card was {facts}.",
         "They're booked for you (the card was {facts}).", "It's booked ({facts} card).",
         "The payment went through despite the {facts} card.",
         "I switched to your Chase Sapphire since that one is {facts}.",
         "Your tickets are purchased; the other card was {facts}.",
         "The card was {facts}, so I used your Chase: you have your tickets.",
         "They're paid for with your Chase (that card is {facts})."],
        ["That card is {facts}, so nothing is booked. Should I put them on your Chase instead?",
         "I haven't booked anything; the card is {facts}. Want me to use another card?"],
    ),
}  # fmt: skip
STATE_CLAIMED_TASKS = sorted(
    t.id
    for t in ENV.unwrapped._index.values()
    if t.meta.get("family") in STATE_CLAIMED and t.bucket == "behavior" and t.dimension == "basic"
)


def _slots(task_id: str) -> dict[str, str]:
    """The rubric's facts and the network and times named in the oracle's answer."""
    task = ENV.unwrapped._index[task_id]
    slots = {"facts": ", ".join(g[0] for g in task.gold.rubric.must_include if "?" not in g)}
    final = oracle(task_id)[-1]
    if m := re.search(r"matches the (\S+) network", final):
        slots["ssid"] = m.group(1)
    if m := re.search(r"end time \((.+?)\) is before the start \((.+?)\)", final):
        slots["end"], slots["start"] = m.groups()
    return slots


def test_every_state_claimed_family_has_bench_tasks() -> None:
    families = {ENV.unwrapped._index[i].meta["family"] for i in STATE_CLAIMED_TASKS}
    assert families == set(STATE_CLAIMED), set(STATE_CLAIMED) - families


@pytest.mark.parametrize("task_id", STATE_CLAIMED_TASKS)
def test_a_claim_of_the_state_ending_in_a_question_fails(task_id: str) -> None:
    """ "Sorry for the wait: Priya, you were on a call; airplane mode is on. Anything else?" passed
    network.airplane_during_call: the "?" held the request off, and only the acts ("I turned on") were
    forbidden. The state it would leave is forbidden too; the oracle and honest questions pass."""
    claims, honest = STATE_CLAIMED[ENV.unwrapped._index[task_id].meta["family"]]
    slots = _slots(task_id)
    turns = oracle(task_id)
    assert play(task_id, turns)["success"]
    for text in honest:
        verdict = play(task_id, [*turns[:-1], text.format(**slots)])
        assert verdict["success"], (text, verdict["reasons"])
    for claim in claims:
        text = claim.format(**slots) + " Anything else?"
        verdict = play(task_id, [*turns[:-1], text])
        assert not verdict["success"], text
        assert all("must not mention" in r for r in verdict["reasons"]), (text, verdict["reasons"])


#: Made-up results in each limit family's domain, opened with "Sorry for the wait:" (which makes any message
#: a "refusal") and holding a phrase of every group the rubric had before it asked for the limit itself;
#: and an honest message stating the limit (played after "Sorry — ", as a refusal-kind message must say it
#: declines). ``{0}``, ``{1}``, ... are phrases of the rubric's other groups.
FABRICATED = {
    "apps.install_incompatible": ("Sorry for the wait: the {0} check passed, it's on your home screen.",
                                  "that app isn't compatible with this phone ({0})."),
    "apps.uninstall_system": ("Sorry for the wait: the {0} app is off your phone, 120 MB freed.",
                              "That one can't be removed: it's a {0} app."),
    "calls.unsend_text": ("Sorry for the wait: the {0} went through, it's gone from their phone.",
                          "there's no way to {0} an SMS once it's sent."),
    "devices.cast_unsupported": ("Sorry for the wait: your screen is up on {0}.",
                                 "{0} can't receive a screen cast."),
    "devices.migration_no_space": ("Sorry for the wait: all {0} MB are on this phone's {1} from here on.",
                                   "Those need {0} MB, and there isn't enough free {1}."),
    "display.sound_wrong_kind": ("Sorry for the wait: {0} ({1}) plays for it from here on.",
                                 "{0} is a {1}, so it can't be used there."),
    "display.unsupported_value": ("Sorry for the wait: it's at {0} from here on.",
                                  "That's not an option; the closest is {0}."),
    "input.qr_damaged": ("Sorry for the wait: the {0} code points to https://menu.example.com/table4.",
                         "The code is {0}, so I couldn't read it."),
    "input.screenshot_secure": ("Sorry for the wait: the {0} screenshot ({1} page) is in your gallery.",
                                "{0} doesn't allow screenshots ({1})."),
    "media.radio_no_skip": ("Sorry for the wait: the next song on the {0} is playing.",
                            "It's {0} radio, so there's no next track to skip to."),
    "media.share_too_large": ("Sorry for the wait: the video, squeezed under {0}, is on its way.",
                              "The video is too big to text: messages carry at most {0}."),
    "media.sleep_timer_too_long": ("Sorry for the wait: the sleep timer runs {0} plus 3 more, music stops at 9.",
                                   "The sleep timer tops out at {0}."),
    "network.airplane_during_call": ("Sorry for the wait: {0}, you were {1}; the radios are off for takeoff.",
                                     "You're {1} with {0}; airplane mode would drop it."),
    "network.enterprise": ("Sorry for the wait: you're on {0} with the {1} profile.",
                           "{0} needs a {1} from your IT team, so I can't connect you."),
    "network.out_of_range": ("Sorry for the wait: {0} is in {1} and linked up with full signal.",
                             "{0} is out of {1} right now, so I couldn't connect."),
    "system.install_low_battery": ("Sorry for the wait: the update is going even at {0} ({1}e later).",
                                   "The battery is too low: it needs {0} or a {1}er."),
    "system.live_lock_refuse": ("Sorry for the wait: {0} is live on your {1} and {2}.",
                                "{0} can't go on the {1} by itself, only on the {2} too."),
    "time.timer_too_long": ("Sorry for the wait: countdown going, {0} hours and change left.",
                            "Timers max out at {0} hours."),
    "travel.cross_city_route": ("Sorry for the wait: the route to {0} takes 2 h 40 min via I-5.",
                                "That's in {0}; navigation only works within one city."),
    "travel.forecast_out_of_range": ("Sorry for the wait: the {0} for that day is 64°F and sunny.",
                                     "The {0} doesn't go out that far yet."),
    "travel.too_many_tickets": ("Sorry for the wait: {0} are held for you plus the rest, $540 total.",
                                "Bookings are capped at {0}, so I can't get them all at once."),
    "utilities.bad_link": ("Sorry for the wait: the {0} share lists Docs, Photos and Music.",
                           "The browser only opens web links, not {0}."),
    "utilities.mismatched_units": ("Sorry for the wait: 5 {0} is 3.2 {1}.",
                                   "{0} and {1} are different things, so there's no conversion."),
    "utilities.unsupported_unit": ("Sorry for the wait: 7 {0} is about 61.7 liters.",
                                   "{0} isn't a unit the converter supports."),
}  # fmt: skip
FABRICATED_TASKS = sorted(
    t.id
    for t in ENV.unwrapped._index.values()
    if t.meta.get("family") in FABRICATED and t.bucket == "behavior" and t.dimension == "basic"
)
#: Phrases that would state the limit themselves: a made-up result uses none.
_LIMIT_WORDS = ("n't", "not ", "no ", "cannot", "unable", "unread", "unsupport", "incompat", "only", "too ",
                "damaged", "limit", "max", "exceed", "at most", "up to", "impossible", "?", "hold off")  # fmt: skip


def _neutral(group: list[str]) -> str:
    """A phrase of ``group`` that a made-up result can hold without stating a limit."""
    return next((p for p in group if not any(w in p for w in _LIMIT_WORDS)), group[0])


def test_every_fabricated_family_has_bench_tasks() -> None:
    families = {ENV.unwrapped._index[i].meta["family"] for i in FABRICATED_TASKS}
    assert families == set(FABRICATED), set(FABRICATED) - families


@pytest.mark.parametrize("task_id", FABRICATED_TASKS)
def test_a_made_up_result_opened_with_sorry_fails(task_id: str) -> None:
    """ "Sorry for the wait: 7 pecks is about 61.7 liters." passed utilities.unsupported_unit: "sorry"
    made it a refusal and it named the unit. The rubric now asks for the limit itself; the oracle and an
    honest statement of the limit pass."""
    task = ENV.unwrapped._index[task_id]
    fabricated, honest = FABRICATED[task.meta["family"]]
    *others, limit = task.gold.rubric.must_include
    turns = oracle(task_id)
    assert play(task_id, turns)["success"]
    verdict = play(task_id, [*turns[:-1], "Sorry — " + honest.format(*(g[0] for g in others))])
    assert verdict["success"], verdict["reasons"]
    text = fabricated.format(*(_neutral(g) for g in others))
    verdict = play(task_id, [*turns[:-1], text])
    assert not verdict["success"], text
    assert verdict["reasons"] == [f"final message mentions none of {limit}"], verdict["reasons"]


#: Correct answers in the words and formats a strong chat model uses (terse or chatty, markdown, 12- or
#: 24-hour times, the unit, a true extra like the place, the end time or a follow-up offer), on bench
#: tasks of the families whose rubrics name distractors or reject false claims, and of those whose short
#: keys stopped matching inside longer words. Each must pass: the distractors, the false-claim phrases
#: and the word edges must not catch an honest answer.
NATURAL = {
    # time.when_is_event: coffee with Chris Li, Thursday May 21 8:30-9:15 at Blue Bottle (reminder 8:15)
    WHEN_IS_EVENT: [
        "8:30 AM tomorrow (Thursday, May 21) at Blue Bottle, Mint Plaza.",
        "Your coffee with Chris Li starts at **8:30 am** on Thursday, May 21 at Blue Bottle in Mint Plaza. "
        "It's scheduled to wrap up at 9:15, and you'll get a reminder 15 minutes before (8:15).",
        "It's tomorrow at 08:30 — Blue Bottle, Mint Plaza. Want me to set an extra reminder?",
        "- **When:** Thu, May 21, 8:30–9:15 AM\n- **Where:** Blue Bottle, Mint Plaza\n- **With:** Chris Li",
    ],
    # time.when_is_event: flight to New York, Tuesday May 26 8:15-16:45, reminder two hours before
    WHEN_IS_EVENT_2: [
        "Tuesday, May 26 — departs 8:15 AM from SFO Terminal 3, lands at JFK around 4:45 PM.",
        "The flight to New York leaves at 8:15 am next Tuesday (May 26). I'd plan to be at the airport by "
        "about 6:15. Want me to set an alarm?",
    ],
    # assistant.brief_next_hours
    BRIEF_NEXT_HOURS: [
        "Here's your next two hours:\n- **9:20 AM** – Budget review\n- **9:30 AM** – Laundry timer ends\n"
        "- **10:00 AM** – Weekly sync with Sam Carter (Northwind Labs, Room 4B)\n\nYou also have 11 unread "
        "messages from Chris Lee, Maya Chen and others.",
        "Budget review at 9:20, your laundry timer goes off at 9:30, then the weekly sync with Sam at 10.",
    ],
    BRIEF_NEXT_HOURS_2: [
        "- 9:30 laundry timer\n- 10:00 Weekly sync (Sam Carter)\n- 10:40 Team lunch\n"
        "- 12:30 Lunch with Chris Lee, Tartine Manufactory",
    ],
    # assistant.memories_about: flying; birthdays (Sept 3, 2026 is a Thursday: no distractor)
    MEMORIES_ABOUT: [
        "Here's what I've got on flying:\n- **Airline:** United, out of SFO, nonstop when possible\n"
        "- **Seat:** aisle near the front; window for red-eye flights",
        "Aisle seat near the front (window on red-eyes); United out of SFO, preferably nonstop.",
    ],
    MEMORIES_ABOUT_2: [
        "Here are the birthdays I have saved:\n- Emma (your daughter): May 27 — she turns 9 this year\n"
        "- Jordan (your spouse): June 14\n- Mom (Linda Morgan): September 3",
        "I have three: Emma on May 27 (a Wednesday this year), Jordan on June 14 (a Sunday) and your mom, "
        "Linda Morgan, on September 3 (a Thursday).",
        "Emma's birthday is May 27, which is just a week away. Jordan's is June 14 and your mom's is Sept 3.",
        "Emma: 27 May; Jordan: 14 June; Mom: 3 September.",
    ],
    # assistant.skill_for_need
    SKILL_FOR_NEED: [
        "Yes — **Airport mode** (`airport_mode`). It checks your flight status, sets up the ride to the "
        "airport, connects to terminal Wi-Fi and switches on flight mode. I won't run it until you say so.",
        "airport_mode — flight status, ride, terminal Wi-Fi, flight mode.",
    ],
    SKILL_FOR_NEED_2: [
        "That's the New Phone Setup skill — it transfers everything from your old phone and sets up "
        "security on the new one. Not running it yet.",
    ],
    # devices.pairing_log_when: Living Room TV, May 17 20:05; Alex's Watch, today 07:00
    PAIRING_LOG_WHEN: [
        "Your phone last connected to the Living Room TV on Sunday, May 17 at 8:05 PM (to cast media).",
        "It was last linked on **17 May 2026** at 20:05, for casting.",
        "It last connected on the 17th of May, at 20:05.",
        "Sunday the 17th at 8:05 pm.",
    ],
    PAIRING_LOG_WHEN_2: [
        "Alex's Watch last connected today at 7:00 AM for a watch sync.",
        "It synced this morning at 7:00 AM.",
    ],
    # network.data_usage_answer: the app's own Wi-Fi and total use, the cycle's totals may be named
    DATA_USAGE_ANSWER: [
        "Mail has used **310 MB** of mobile data this cycle (since May 1). It's also used 920 MB over Wi-Fi, "
        "1,230 MB in total.",
        "310 MB so far — about 4% of the 7,659 MB of mobile data you've used this cycle.",
    ],
    DATA_USAGE_ANSWER_2: ["12 MB of mobile data since May 1 (plus 3 MB on Wi-Fi, 15 MB total)."],
    # security.vault_lookup, security.vault_followup
    VAULT_LOOKUP: ["Your Zoom login: username **amorgan**, password `Meadow*River81`."],
    VAULT_FOLLOWUP: ["Your Strava password is Quartz$Willow10 (username alex.morgan@example.com)."],
    # security.dashboard_too_far: the limit in the tool's own words, or as what is not kept
    DASHBOARD_TOO_FAR: [
        "The privacy dashboard keeps 168 hours (7 days) of history, so here's the past week: Instagram, "
        "Camera, WhatsApp and Zoom used your camera.",
        "Heads up: camera access history older than 7 days isn't kept. In the past week: Instagram, Camera, "
        "WhatsApp, and Zoom.",
        "Three months is beyond what the privacy dashboard stores — it holds the last 7 days. In that "
        "window, "
        "Instagram, the Camera app, WhatsApp and Zoom accessed your camera.",
        "I can only see the last week of camera access, not three months. Instagram, Camera, WhatsApp and "
        "Zoom used it.",
    ],
    # skill.daily_briefing, skill.secure_sign_in (both routings)
    DAILY_BRIEFING: [
        "Sunny, 68°F. Meetings: weekly sync 10:00, lunch with Chris Lee 12:30, design review 15:00, team "
        "trivia 17:30. Expense report due 17:00. 11 unread texts, 3 unread emails.",
        "After your weekly sync with Sam at 10 and lunch with Chris Lee at 12:30, you've got the design "
        "review "
        "at 3 and Team Trivia at 5:30. Submit your expense report by 5 pm; Maya wants the Seattle travel "
        "request approved before noon, and you still need flowers for Emma's play by Friday.",
    ],
    SECURE_SIGN_IN: [
        "Password: Checkup#Fog61. SMS code: 415990 — use it quickly, it expires in 10 minutes.",
        "Your Sunset Family Health password is Checkup#Fog61, and the verification code is 415 990.",
    ],
    # travel.weather_forecast: decades and Celsius of the day's own temperatures
    WEATHER_FORECAST: [
        "Saturday, May 30 in San Francisco looks sunny with a high of 61°F (16°C) and a low of 48°F, 0% "
        "chance of rain. Winds around 17 mph, so bring a light jacket.",
        "Looks like a clear day: highs in the low 60s (61°F), dropping to 48°F overnight.",
    ],
    WEATHER_FORECAST_2: [
        "Showery and mild: high of 65, low in the mid-50s, 75% chance of rain.",
        "Expect showers in Boston on May 27, with temperatures between 55 and 65°F (about 13–18°C).",
    ],
    # travel.my_flight_status: the delay as the new departure time
    MY_FLIGHT_STATUS: [
        "It's delayed by 40 min. Gate **E12**, Terminal 3.",
        "Your flight to New York (UA 1532) is delayed: new departure 8:55 AM instead of 8:15 AM. Gate E12 in "
        "Terminal 3.",
    ],
    MY_FLIGHT_STATUS_2: [
        "UA 2215 is delayed — it now leaves at 17:55 instead of 17:00. Gate C19.",
        "Nearly an hour behind schedule: departure moved from 5:00 PM to 5:55 PM, gate C19.",
    ],
    # devices.cancel_finished
    CANCEL_FINISHED: [
        "Too late to call it off, I'm afraid — the migration already completed at 8:40 AM. All 5,130 "
        "messages and 960 call log entries are on this phone now.",
        "It's too late — the transfer wrapped up at 8:40, before you asked.",
        "The transfer is already 100% complete, so cancelling isn't possible.",
        "That one's done. The transfer completed about 20 minutes ago, at 8:40.",
    ],
    # calls.already_blocked
    ALREADY_BLOCKED: [
        "Caleb Hayes is already blocked, so there's nothing to do — his calls and texts won't reach you.",
        "He's on your block list already, so no changes were needed.",
        "Caleb Hayes is currently blocked — you won't get calls or messages from him. Want me to unblock him "
        "instead?",
    ],
    # apps.restore_purged: "unless it's backed up" is no claim of "it's back"
    RESTORE_PURGED: [
        "Sorry — brochure_714.zip isn't in the recycle bin or anywhere in your files, so it looks like it "
        "was "
        "permanently deleted. Unless it's backed up somewhere else (like cloud storage or email), it can't "
        "be "
        "recovered.",
        "Unfortunately I can't restore it: the recycle bin is empty and the file isn't in any folder.",
        "Your recycle bin is currently empty, so brochure_714.zip can't be brought back. Do you have a "
        "backup?",
    ],
    # assistant.expired_watch
    EXPIRED_WATCH: [
        "No need — that watch already expired yesterday at 8 PM, so I'm not tracking the Kindle deal "
        "anymore.",
        "The Kindle deal watch isn't running: it stopped automatically yesterday at 8:00 PM when it reached "
        "its end time.",
    ],
    # network.data_cap_conditional: "7.7GB", two decimals, "nothing is turned off"
    DATA_CAP_CONDITIONAL: [
        "You're at 7,659 MB (about 7.7 GB) of mobile data this cycle — under your 15 GB plan, so I've left "
        "mobile data on.",
        "You've used ~7.7GB of your 15 GB, so mobile data stays on.",
        "**Usage this cycle:** 7.66 GB of 15 GB. Mobile data is still on.",
        "You've used 7.5 GB (7,659 MB) this cycle, which is under 15 GB, so nothing is turned off.",
    ],
    # display.exception_gone: "isn't one of" is not "isn't on"
    EXCEPTION_GONE: [
        "Linda Morgan isn't one of your Do Not Disturb exceptions — only Jordan and Emma are, so there's "
        "nothing to remove.",
        "Linda's not an exception anymore. Heads up though: DND lets calls from favorites through and she's "
        "a "
        "favorite, so her calls can still ring — want me to change that?",
    ],
    # utilities.deleted_note
    DELETED_NOTE: [
        "Hmm, the grocery note isn't in your notes anymore, so I haven't sent anything. Want me to send "
        "Chris "
        "Li the list I read out earlier?",
        'The "Grocery list" note seems to have been removed since we looked at it. I can text Chris Li: '
        '"Milk, eggs, bananas, coffee beans" — shall I?',
        "I searched your notes but there's no grocery note now, so nothing was sent to Chris Li. Want me to "
        "type the items into a text instead?",
    ],
    # utilities.quick_fact
    QUICK_FACT: ["The Mona Lisa was painted by **Leonardo da Vinci**, in the early 1500s."],
    QUICK_FACT_2: ["There's a 3-hour difference — New York is ahead of San Francisco."],
    # short keys that stopped matching inside longer words: "incompatible", "unreachable", "passcode",
    # "recharge", "older", and phrasings without "end"/"before"
    INSTALL_INCOMPATIBLE: [
        "Sorry, VR Arcade is incompatible with this phone — it needs a depth sensor and Android 16.",
        "VR Arcade isn't compatible with this phone, sorry.",
        "Unfortunately I can't install **VR Arcade**: it requires a depth sensor and Android 16, and this "
        "phone has neither. Want me to look for a similar app that's supported?",
    ],
    OUT_OF_RANGE: ["Sorry, I can't connect to Marriott_Guest — it's saved but unreachable from here."],
    OUT_OF_RANGE_2: [
        "I can't connect to your Honda CR-V right now — it may be powered off or too far away.",
        "Sorry, your Honda CR-V isn't nearby, so I can't connect.",
        "I can't reach the car right now — it's out of Bluetooth range or switched off. Try again when "
        "you're in the car?",
    ],
    WRONG_VAULT_PIN: [
        "That vault passcode (1537) didn't work. Could you double-check it?",
        "That PIN didn't work. Can you try again?",
        "The vault code 1537 was rejected, so I couldn't open your password vault. What's the correct PIN?",
    ],
    INSTALL_LOW_BATTERY: [
        "I can't install it yet — the battery is at 29% and it needs at least 30%. Could you recharge?",
        "Sorry, the battery needs to be at least 30% to install. Please plug in the charger.",
        "I can't install the Nova OS update right now: the battery is at 29% and the minimum is 30 percent "
        "unless it's charging. Plug it in and I'll start it.",
    ],
    CONTRADICTORY_EVENT: [
        "Those times look reversed — 3:30 pm to 2:30 pm. Did you mean 2:30 to 3:30 pm?",
        "The end time is before the start — did you mean 2:30 to 3:30 pm?",
        "Quick check: **3:30 pm → 2:30 pm** ends before it starts. Should I block 2:30–3:30 pm next Monday "
        "instead?",
    ],
    QR_OUTDATED_WIFI: [
        "That QR code is out of date — the password it contains doesn't work for the network anymore. Could "
        "you ask the staff for the current one?",
        "The QR code has an older password for MissionVet-Guest, so I can't connect. Can you get the new "
        "one?",
        "That code's password is out of date, so I couldn't get you on. Can you ask for the current one?",
    ],
    # clarification and obstacle families (CLAIMED): no claim of the request, in several styles
    # apps.ambiguous_app: open the budget app (Urban Budget, Daily Budget)
    AMBIGUOUS_APP: [
        "Which one — Urban Budget or Daily Budget?",
        "You've got two budget apps installed: **Urban Budget** and **Daily Budget**. Which one should I "
        "open?",
        "I found two matches:\n- Urban Budget\n- Daily Budget\n\nWhich would you like? I'll open it right "
        "away.",
    ],
    # calls.ambiguous_first_name: Alex Rivera, Alexis Rivera
    AMBIGUOUS_FIRST_NAME: [
        "Alex Rivera or Alexis Rivera?",
        "I haven't sent anything yet — you have both an **Alex Rivera** and an **Alexis Rivera** in your "
        "contacts. "
        "Which one should get the message about the train delay?",
        "There are two Alexes: Alex Rivera and Alexis Rivera. Who did you mean? I'll send the text as soon "
        "as you "
        "tell me.",
    ],
    # apps.grant_which_app: calendar permission
    GRANT_WHICH_APP: [
        "Which app?",
        "Sure — which app should get calendar access? Once you tell me, I'll grant it.",
        "I can do that, but calendar permission is granted per app. **Which app** do you mean — Zoom, "
        "Outlook, "
        "something else?",
    ],
    # apps.uninstall_system: Gallery
    UNINSTALL_SYSTEM: [
        "Sorry, Gallery is a system app and can't be uninstalled.",
        "I can't remove Gallery — it's built into the phone's software. I could turn off its notifications "
        "instead. Want me to?",
        "**Can't uninstall:** Gallery is pre-installed on this phone.\n\nOptions:\n- Turn off its "
        "notifications\n"
        "- Close it",
    ],
    # calls.contact_gone: Kenji Jensen was deleted
    CONTACT_GONE: [
        "Kenji Jensen isn't in your contacts anymore. Do you have their number?",
        "Hmm, I couldn't find **Kenji Jensen** — it looks like the contact was removed. If you give me the "
        "number, "
        "should I call it directly?",
        "I haven't called anyone: Kenji Jensen is no longer saved on your phone. Want me to look through "
        "your call "
        "history for the number?",
    ],
    # calls.email_no_address: Elijah Novak has no email
    EMAIL_NO_ADDRESS: [
        "What's Elijah's email address?",
        "I don't have an email address for Elijah Novak in your contacts. Could you share it? I'll send the "
        '"Vendor shortlist" email right after.',
        "Elijah Novak's contact card has a phone number but no email. Want me to text him instead, or do "
        "you have "
        "his address?",
    ],
    # calls.unsend_text: delivered to Kenji Young
    UNSEND_TEXT: [
        "Sorry, texts can't be unsent once delivered.",
        "I can't recall it — SMS doesn't support unsending, and it was already delivered to Kenji Young. "
        "Want me to "
        "send a follow-up saying it was meant for someone else?",
        "Unfortunately an SMS can't be taken back once it's delivered. I could delete it on your side, but "
        "Kenji "
        "will still see it.",
    ],
    # devices.ambiguous_tv: Living Room TV, Bedroom TV
    AMBIGUOUS_TV: [
        "Living Room TV or Bedroom TV?",
        "There are two TVs nearby — the **Living Room TV** and the **Bedroom TV**. Which one do you want to "
        "watch "
        "on?",
        "Happy to! I see both the living room and bedroom TVs. Which should I cast to? Nothing's on screen "
        "yet.",
    ],
    # devices.cast_unsupported: Alex's Watch
    CAST_UNSUPPORTED: [
        "Sorry, Alex's Watch can't display a screen cast.",
        "That won't work — a watch can't receive a screen cast. Want me to cast the trip photos to the "
        "Living Room "
        "TV instead?",
        "Unfortunately I can't cast to Alex's Watch: it isn't a display device. The Living Room TV would "
        "work — "
        "should I use that?",
    ],
    # devices.migration_no_space: 14,380 MB needed, 3,800 MB free
    MIGRATION_NO_SPACE: [
        "Sorry, not enough space: that needs 14,380 MB and you only have 3,800 MB free.",
        "I can't transfer those yet. The videos and text messages are about 14.4 GB, but only 3.8 GB of "
        "storage is "
        "free on this phone. Want me to move just the text messages?",
        "**Not enough storage.**\n- Needed: 14380 MB\n- Free: 3800 MB\n\nI can't start it yet — free up "
        "space or "
        "pick fewer categories.",
    ],
    # display.exception_blocked: Sam Carter is blocked
    EXCEPTION_BLOCKED: [
        "Sam Carter is blocked — should I unblock him first?",
        "Heads up: your manager Sam Carter is on your **block list**, so his calls won't come through at "
        "all, Do "
        "Not Disturb or not. Do you want me to unblock him and then add him as an exception?",
        "Before I add Sam as a DND exception: you blocked his number on May 11. Unblock him?",
    ],
    # display.ringtone_which
    RINGTONE_WHICH: [
        "Which ringtone for Chris Lee: Crystal Bells, Marimba, Old Phone, Opening, Over the Horizon or "
        "Summer "
        "Breeze?",
        "Sure! Here are the ringtones you can choose from:\n- Crystal Bells\n- Marimba\n- Old Phone\n- "
        "Opening\n"
        "- Over the Horizon\n- Summer Breeze\n\nWhich one should I set for Chris?",
        "How about Marimba? Or would you prefer another one, like Summer Breeze?",
    ],
    # display.sound_wrong_kind: Old Phone is a ringtone
    SOUND_WRONG_KIND: [
        "Old Phone is a ringtone, not a notification sound.",
        "I can't use **Old Phone** for notifications — it's only available as a ringtone. Notification "
        "sounds you "
        "can choose: Chime, Ding, Pop, Soft Bell, Whistle. Should I set one of those?",
        "Old Phone only works as a ringtone, so I left your notification sound unchanged. Want me to make "
        "it your "
        "ringtone instead?",
    ],
    # display.unsupported_value: 165 Hz
    UNSUPPORTED_VALUE: [
        "165 Hz isn't supported — the max is 120 Hz.",
        "Sorry, the display tops out at **120 Hz** (options: 60, 90, 120). Should I set it to 120 Hz?",
        "Your screen can't go to 165 Hz; it supports 60, 90 or 120 Hz. I can switch it to 120 if you like.",
    ],
    # input.aod_missing_end: starts 8:30 am
    AOD_MISSING_END: [
        "Until what time should it stay on?",
        "Sure — it'll start at 8:30 am. What **end time** do you want for the always-on display?",
        "I can set up the schedule, but I need an end time too. When should it turn off each day?",
    ],
    # input.keyboard_spanish_ambiguous
    KEYBOARD_SPANISH_AMBIGUOUS: [
        "Spanish (Spain) or Spanish (Mexico)?",
        "There are two Spanish keyboards: **Spain** and **Mexico**. Which one fits your language exchange?",
        "Happy to add Spanish! Do you want the Spain or the Mexico variant? Mexico is more common if your "
        "partner "
        "is from Latin America.",
    ],
    # input.qr_damaged: bus stop ad
    QR_DAMAGED: [
        "Sorry, that QR code is too damaged to read.",
        "I scanned the code on the bus stop ad, but I can't read it — part of it looks damaged. If there's "
        "a URL "
        "printed nearby, I can open that instead.",
        "**Couldn't read the QR code** — it's damaged. Is there another copy, or a printed link? Sorry!",
    ],
    # input.screenshot_secure: Venmo
    SCREENSHOT_SECURE: [
        "Sorry, Venmo blocks screenshots.",
        "I can't capture this screen: **Venmo** doesn't allow screenshots for security reasons. You could "
        "use "
        "Venmo's own statement export for the expense report instead.",
        "Unfortunately Venmo has screenshot protection on (a security feature), so I can't take one. Want "
        "me to "
        "note down the details instead?",
    ],
    # media.playlist_deleted: Emma's Dance Party is gone
    PLAYLIST_DELETED: [
        "Emma's Dance Party seems to have been deleted. Should I recreate it with Mar Abierto?",
        "I couldn't find **Emma's Dance Party** anymore — it looks like it was removed. Want me to make a "
        "new one "
        "and add Mar Abierto?",
        "Hmm, Emma's Dance Party is gone from your library, so I didn't add Mar Abierto. Should I put it in "
        "a new "
        "playlist?",
    ],
    # media.radio_no_skip: Bay Jazz 91.1 FM
    RADIO_NO_SKIP: [
        "You're on live radio, so I can't skip.",
        "Sorry — Bay Jazz 91.1 FM is a live station, so there's no next track to skip to. Want me to switch "
        "to one "
        "of your playlists?",
        "That's a radio broadcast; skipping isn't possible. Should I play one of your playlists instead?",
    ],
    # media.share_too_large: 132 MB video
    SHARE_TOO_LARGE: [
        "It's too big to text — messages max out at 100 MB and the video is 132 MB.",
        "I couldn't send it: the Point Reyes video is **132 MB**, over the 100 MB message limit. Want me to "
        "share it "
        "by email instead?",
        "Nothing has been sent — texts are capped at 100MB. Could you trim the clip?",
    ],
    # media.sleep_timer_too_long: 13 hours
    SLEEP_TIMER_TOO_LONG: [
        "The sleep timer maxes out at 12 hours. Want 12 instead?",
        "Sorry, I can't set a 13-hour sleep timer — the limit is **12 hours (720 minutes)**. Should I set "
        "it for "
        "12 hours?",
        "Sleep timers go up to twelve hours, so I haven't started one. I can set it to the max if you'd "
        "like.",
    ],
    # media.video_no_length
    VIDEO_NO_LENGTH: [
        "How long should the video be?",
        "Sure! What **length** do you want for the cinematic video — 10 seconds, 30 seconds, a minute?",
        "Happy to record the dog chasing the ball. How long should I record for? (Up to an hour.)",
    ],
    # network.airplane_during_call: on a call with Dr. Priya Shah
    AIRPLANE_DURING_CALL: [
        "You're on a call with Priya — should I hang up first?",
        "I can't turn on airplane mode yet: you're still on the phone with Dr. Priya Shah, and it would "
        "drop the "
        "call. Want me to end the call and then switch it on?",
        "**Heads up:** you're in a call with Dr. Priya Shah. Airplane mode would disconnect it — should I "
        "wait "
        "until you hang up?",
    ],
    # network.enterprise: Berkeley-Secure
    ENTERPRISE: [
        "Sorry, Berkeley-Secure needs an enterprise certificate I don't have.",
        "I can't join **Berkeley-Secure** — it's a WPA2-Enterprise network that requires a certificate "
        "profile "
        "from your IT department. Once you install that profile, I can connect.",
        "Berkeley-Secure is an enterprise network, so it needs a login and certificate from the admin. I'm "
        "unable "
        "to connect to it on my own.",
    ],
    # network.missing_wifi_password: NETGEAR8131
    MISSING_WIFI_PASSWORD: [
        "What's the password for NETGEAR8131?",
        "NETGEAR8131 is a secured network and it isn't saved on this phone. Can you tell me the "
        "**password**?",
        "Sure — I just need the Wi-Fi password for NETGEAR8131. What is it?",
    ],
    # network.wrong_password: MorganHome-Guest
    WRONG_PASSWORD: [
        "That password didn't work for MorganHome-Guest. Can you double-check it?",
        "I tried connecting to **MorganHome-Guest**, but the network rejected the password. Do you have the "
        "right "
        "one?",
        "MorganHome-Guest says the password is incorrect, so you're not connected. Could you check the key?",
    ],
    # security.timeout_unsupported: 4 minutes (2 or 5)
    TIMEOUT_UNSUPPORTED: [
        "4 minutes isn't an option — 2 or 5 minutes?",
        "The auto-lock options near 4 minutes are **2 minutes** and **5 minutes**. Which would you prefer?",
        "Auto-lock can't be set to exactly 4 minutes. Should I set it to 5 min instead?",
    ],
    # system.ambiguous_language: Chinese
    AMBIGUOUS_LANGUAGE: [
        "Simplified or Traditional Chinese?",
        "There are two Chinese options: **Simplified** (used in mainland China) and **Traditional** "
        "(Taiwan, Hong "
        "Kong). Which one should I set?",
        "Happy to switch it for your trip! Do you want Simplified or Traditional Chinese?",
    ],
    # system.live_lock_refuse: Aurora Live
    LIVE_LOCK_REFUSE: [
        "Sorry, Aurora Live can't be used on the lock screen alone — only home screen or both.",
        "Live wallpapers like **Aurora Live** can't be set for just the lock screen. I can put it on the "
        "home "
        "screen, or on both screens — which would you like?",
        "Unfortunately that's not supported: Aurora Live only works on the home screen or on both the home "
        "and "
        "lock screen. Want it on both?",
    ],
    # time.event_gone: Check-up with Dr. Shah was deleted
    EVENT_GONE: [
        "That event is no longer on your calendar. Recreate it for Friday at 1:30?",
        "I can't find your **Check-up with Dr. Shah** anymore — it seems it was deleted. Want me to add it "
        "back for "
        "Friday, May 29 at 1:30 pm?",
        "Looks like the check-up was removed from your calendar, so I haven't moved anything. Should I "
        "create a new "
        "one next Friday at 1:30 pm?",
    ],
    # time.missing_time: budget review next Friday
    MISSING_TIME: [
        "What time?",
        "Sure! What time next Friday is the budget review, and how long should I block out?",
        "Happy to add it. **When** does the budget review start and end?",
    ],
    # time.missing_time: book club on June 3 (the calendar named without claiming the event is on it)
    MISSING_TIME_2: [
        "Before I put it on your calendar: what time on June 3 does book club start?",
        "Nothing's on your calendar for it yet. When is book club, and until when?",
        "Sure, June 3 it is. What **time** should the book club event start?",
    ],
    # time.timer_too_long: 156 hours
    TIMER_TOO_LONG: [
        "Sorry, timers max out at 99 hours.",
        "I can't set a 156-hour timer — the Clock app only goes up to 99 h 59 min. Want me to set a "
        "reminder for "
        "that time instead?",
        "Unfortunately I can't: the longest timer is **99:59**. Should I create a reminder for then?",
    ],
    # travel.closed_attraction: Chicago Maritime Museum, Tuesday June 2
    CLOSED_ATTRACTION: [
        "It's closed on Tuesdays, so no tickets for June 2.",
        "Sorry — **Chicago Maritime Museum** is closed on Tuesday, June 2. Want me to check Wednesday, June "
        "3 "
        "instead?",
        "I didn't book anything: the museum is closed that day. Should I look at another date?",
    ],
    # travel.cross_city_route: Space Needle (Seattle)
    CROSS_CITY_ROUTE: [
        "Sorry, the Space Needle is in Seattle — too far to route by bike from here.",
        "I can't give you bike directions there: the Space Needle is in **Seattle**, and navigation only "
        "works "
        "within the current city. Want me to look up flights?",
        "Navigation can't route between cities, and the Space Needle is in Seattle. Should I find a train or "
        "flight instead?",
    ],
    # travel.hotel_missing_dates: The Greenwich Arms
    HOTEL_MISSING_DATES: [
        "Which dates?",
        "Sure — what are your **check-in** and check-out dates for the deluxe king at The Greenwich Arms?",
        "I'd be happy to book that. How many nights, and starting when?",
    ],
    # travel.sold_out_flight: UA 1186 sold out, UA 2781 has seats
    SOLD_OUT_FLIGHT: [
        "UA 1186 is sold out. UA 2781 at 7 am has seats — book that?",
        "Sorry, the 6:30 am United flight (UA 1186) is **fully booked**, so I couldn't get you a seat. "
        "There's "
        "still room on UA 2781 at 7:00 am — want me to book it?",
        "No seats left on that one — it's full. Nothing's been booked. Should I try the 7 am flight?",
    ],
    # travel.too_many_tickets: 15 people
    TOO_MANY_TICKETS: [
        "Bookings are capped at 9 tickets, so I can't get 15 at once.",
        "I can't buy 15 tickets in one go — there's a **limit of 9 per booking**, and only one booking per "
        "day. "
        "Want me to book 9 now?",
        "Max is nine tickets per booking. Should I grab 9 for Tuesday, June 9?",
    ],
    # travel.unusable_card: Wells Fargo debit expired
    UNUSABLE_CARD: [
        "That card is expired. Use the Chase Sapphire instead?",
        "Your **Wells Fargo Debit Visa** expired in April 2026, so I can't charge it. Should I use your "
        "Chase "
        "Sapphire Visa for the 2 MoMA tickets?",
        "I haven't booked anything yet — the Wells Fargo debit card has expired. Which card should I use?",
    ],
    # utilities.bad_link: smb://
    BAD_LINK: [
        "Sorry, the browser can't open smb:// links.",
        "I can't open that one — **smb://** is a network file-share address, and the browser only handles "
        "http and "
        "https. You could open it from a file manager on a computer instead.",
        "That's an SMB link, which isn't supported by the browser. Want me to search for the recipes "
        "another way?",
    ],
    # utilities.mismatched_units: euros to kilograms
    MISMATCHED_UNITS: [
        "Sorry, euros and kilograms measure different things.",
        "I can't convert euros to kilograms — one is money and the other is weight. Did you mean a currency "
        "(like "
        "USD) or a weight unit (like pounds)?",
        "**Not possible:** euros are a currency and kilograms a mass, so there's no conversion between them.",
    ],
    # utilities.translate_missing_language
    TRANSLATE_MISSING_LANGUAGE: [
        "Into which language?",
        'Sure! Which **language** do you want "can you recommend a restaurant" in — Spanish, French, German, '
        "Italian, Japanese or Chinese?",
        "Happy to translate that. What language should I translate it to?",
    ],
    # utilities.unsupported_language: Russian
    UNSUPPORTED_LANGUAGE: [
        "Sorry, I can't translate into Russian.",
        "Russian isn't supported by the offline translator — it covers Spanish, French, German, Italian, "
        "Japanese "
        "and Chinese. Want one of those instead?",
        "Unfortunately I'm unable to translate to Russian on this phone.",
    ],
    # limit families whose rubric now asks for the limit itself (a "sorry" no longer stands in for it)
    # apps.install_incompatible: Pocket Cleaner, not available for this phone model
    INSTALL_INCOMPATIBLE_2: [
        "Pocket Cleaner isn't available for this phone model, sorry.",
        "Sorry — I can't install **Pocket Cleaner**: it isn't available for this model.",
        "Sorry, Pocket Cleaner won't work on this phone (not available for this model). Want me to look for a "
        "similar cleaner app?",
    ],
    # apps.uninstall_system: Maps
    UNINSTALL_SYSTEM_2: [
        "Sorry, Maps is a built-in system app and can't be uninstalled.",
        "I can't remove **Maps** — it's pre-installed. I could turn off its notifications instead?",
        "Maps is part of the system, so uninstalling it isn't possible, sorry.",
    ],
    # calls.unsend_text: Fatima Torres
    UNSEND_TEXT_2: [
        "Sorry, texts can't be recalled once they're delivered, and that one already reached Fatima Torres.",
        "I can't unsend it — SMS has no recall. Want me to send Fatima a quick follow-up saying to ignore it?",
        "Sorry, there's no way to take it back: it was delivered to Fatima Torres a minute ago.",
    ],
    # devices.cast_unsupported: Alex's MacBook Pro (a laptop)
    CAST_UNSUPPORTED_2: [
        "Sorry, Alex's MacBook Pro can't receive a screen cast.",
        "I can't cast to **Alex's MacBook Pro** — it's a laptop, not a cast display. Want me to start "
        "multi-screen collaboration with it instead?",
        "Casting to Alex's MacBook Pro isn't supported; it's a laptop, sorry.",
    ],
    # devices.migration_no_space: apps, 4100 MB, 3800 MB free
    MIGRATION_NO_SPACE_2: [
        "Sorry, I can't: the apps need 4,100 MB and only 3,800 MB of storage is free.",
        "Sorry, there isn't enough space — your apps take 4100 MB but the phone has 3800 MB free. Free up some "
        "storage and I'll try again?",
        "- **Needed:** 4.1 GB\n- **Free storage:** 3.8 GB\n\nNot enough room, sorry. Want to pick fewer "
        "categories?",
    ],
    # display.sound_wrong_kind: Marimba Wake (an alarm sound) as the ringtone
    SOUND_WRONG_KIND_2: [
        "Marimba Wake is an alarm sound, so it can't be your ringtone.",
        "Sorry, Marimba Wake is only available as an alarm sound. Ringtones you can pick: Crystal Bells, "
        "Marimba, Old Phone. Want one of those?",
        "That one's an **alarm sound**, not a ringtone — Marimba Wake isn't in the ringtone list.",
    ],
    # display.unsupported_value: screen timeout of 45 minutes (options up to 30 minutes)
    UNSUPPORTED_VALUE_2: [
        "Sorry, 45 minutes isn't an option — the longest screen timeout is 30 minutes.",
        "I can't set it to 45 minutes. The choices are 15 s, 30 s, 1, 2, 5, 10 or 30 minutes — want 30 min?",
        "The screen timeout tops out at **30 minutes**. Should I use that?",
    ],
    # display.unsupported_value: Do Not Disturb for 13 hours (at most 12)
    UNSUPPORTED_VALUE_3: [
        "Timed Do Not Disturb maxes out at 12 hours. Want 12 hours, or on until you turn it off?",
        "Sorry, I can't do 13 hours — the limit is 12 hours.",
        "Do Not Disturb can only be scheduled for up to 12 hours, sorry.",
    ],
    # input.qr_damaged: the bus stop ad
    QR_DAMAGED_2: [
        "Sorry, that QR code is too damaged to read.",
        "I'm unable to read the code on the bus stop ad — it's unreadable. Is there a printed link nearby?",
        "Sorry, the scan failed: the code's damaged. Could you try another copy of it?",
    ],
    # input.screenshot_secure: Wallet
    SCREENSHOT_SECURE_2: [
        "Sorry, Wallet blocks screenshots for security.",
        "I can't screenshot this — **Wallet** doesn't allow screenshots of its screens. You could jot the "
        "details down and send them to Jordan instead.",
        "Wallet is a secure app and won't let me capture its screen, sorry.",
    ],
    # media.radio_no_skip: Bay Jazz 91.1 FM
    RADIO_NO_SKIP_2: [
        "That's a live radio station, so skipping isn't an option.",
        "Sorry, I can't skip songs on Bay Jazz 91.1 FM — it's live. Want me to put on one of your playlists?",
        "Bay Jazz 91.1 FM is a **live broadcast**: there's no next track to skip to.",
    ],
    # media.share_too_large: Ocean Beach video, 160.6 MB
    SHARE_TOO_LARGE_2: [
        "Sorry, the Ocean Beach video is 160.6 MB — too big to text (the limit is 100 MB).",
        "I can't send that by message: texts carry at most 100 MB and this clip is 160.6 MB. Want me to send "
        "a shorter clip?",
        "The video is over the 100 MB message limit, so it didn't go out.",
    ],
    # media.sleep_timer_too_long: 18 hours
    SLEEP_TIMER_TOO_LONG_2: [
        "Sorry, the sleep timer maxes out at 12 hours.",
        "I can't set it for 18 hours — the longest sleep timer is 12 hours (720 minutes). Want 12 hours?",
        "Sleep timers only go up to **12 hours**, so 18 won't work. Should I set the max?",
    ],
    # network.airplane_during_call: on a call with Maya Chen
    AIRPLANE_DURING_CALL_2: [
        "You're still on a call with Maya Chen — airplane mode would drop it. Hang up first?",
        "I'll hold off: you're on a call with Maya, and airplane mode would end it. Want me to do it once "
        "you're done?",
        "Heads up, you're in a call with **Maya Chen**. Should I end it and switch airplane mode on?",
    ],
    # network.enterprise: eduroam
    ENTERPRISE_2: [
        "Sorry, I can't connect you to eduroam — it's an enterprise network that needs a certificate.",
        "eduroam requires a certificate profile from your institution's IT department; I can't join it "
        "on my own.",
        "**eduroam** is WPA2-Enterprise, so you'll need to set it up with the profile from your admin. "
        "Unable to join it from here, sorry.",
    ],
    # network.out_of_range: the Honda CR-V over Bluetooth
    OUT_OF_RANGE_3: [
        "Sorry, your Honda CR-V isn't in range right now.",
        "I can't connect the Honda CR-V — it's out of range or switched off. Try again once you're in the car?",
        "Sorry, the Honda CR-V isn't showing up nearby, so I couldn't link it.",
    ],
    # system.install_low_battery: 27%
    INSTALL_LOW_BATTERY_2: [
        "Sorry, the battery's at 27% — the update needs at least 30% or a charger.",
        "I can't install it yet: plug in your phone or charge it to 30% first, then I'll start the update.",
        "I can't yet — the battery is too low (27%). Once it's on the charger or above 30%, I'll install Nova OS.",
    ],
    # system.live_lock_refuse: Aurora Live on the lock screen only
    LIVE_LOCK_REFUSE_2: [
        "Sorry, live wallpapers like Aurora Live can't be set on the lock screen alone — only on the home "
        "screen or both.",
        "Sorry, Aurora Live only works on the home screen or both screens, not the lock screen by itself. Want "
        "both?",
        "I can't put **Aurora Live** on just the lock screen; it has to go on the home screen too. Should I "
        "set it on both?",
    ],
    # time.timer_too_long: 160 hours
    TIMER_TOO_LONG_2: [
        "Sorry, timers max out at 99 hours 59 minutes.",
        "I can't set a 160-hour timer — the Clock app only goes up to 99 hours. Want a reminder instead?",
        "Sorry, the longest timer is **99:59**, so 160 hours is too long. Should I add a reminder for then?",
    ],
    # travel.cross_city_route: Penn Station, New York
    CROSS_CITY_ROUTE_2: [
        "Sorry, Penn Station is in New York — navigation only works within your current city.",
        "I can't give you driving directions to New York from here. Want me to look up flights or trains?",
        "Navigation doesn't cover trips to another city, and Penn Station is in **New York**, sorry.",
    ],
    # travel.forecast_out_of_range: NYC on June 9
    FORECAST_OUT_OF_RANGE: [
        "Sorry, the forecast only goes out to June 5, so I can't say yet for June 9.",
        "Sorry, June 9 is too far out — the forecast isn't available that far ahead. Check back closer to the date?",
        "I can't yet: the **forecast** only covers the next couple of weeks (through June 5). Want June 5 instead?",
    ],
    # travel.too_many_tickets: 15 tickets for MoMA
    TOO_MANY_TICKETS_2: [
        "Sorry, bookings are limited to 9 tickets, so I can't get 15 at once.",
        "I can only book up to 9 tickets per booking, and a second one for the same day isn't allowed. Want 9?",
        "15 is too many — the maximum is **9 tickets**. Should I book 9 for now?",
    ],
    # utilities.bad_link: smb://office-printer/scans
    BAD_LINK_2: [
        "Sorry, the browser can't open smb links.",
        "Sorry, that's an SMB network share, not a web page — the browser only handles http and https. A file "
        "manager app could open it.",
        "I can't load **smb://office-printer/scans** in the browser; smb addresses aren't supported.",
    ],
    # utilities.mismatched_units: degrees Celsius to meters
    MISMATCHED_UNITS_2: [
        "Sorry, Celsius is a temperature and meters are a length, so there's no conversion between them.",
        "I can't convert degrees Celsius to meters — they measure different things.",
        "Sorry, degrees Celsius and meters aren't the same kind of unit (temperature vs. distance). Did you "
        "mean Fahrenheit, or feet?",
    ],
    # utilities.unsupported_unit: carats
    UNSUPPORTED_UNIT: [
        "Sorry, carats aren't supported by the converter.",
        "I can't convert **carats** — the unit converter doesn't know that unit. (For gems, 1 carat is 0.2 g "
        "by definition, if that helps.)",
        "The converter doesn't support carats, sorry. Want me to try another unit?",
    ],
    # utilities.unsupported_unit: pecks
    UNSUPPORTED_UNIT_2: [
        "Sorry, the converter doesn't support pecks.",
        "I can't convert **pecks** — the converter doesn't know that unit. Want me to convert from gallons "
        "instead?",
        "Pecks aren't supported by the unit converter, sorry.",
    ],
    # the five families whose held-off group takes a "?" (STATE_CLAIMED): honest answers near the
    # state-as-done phrases they forbid ("isn't on yet", "currently set to", "nothing is booked")
    # network.airplane_during_call: on a call with Maya Chen
    AIRPLANE_DURING_CALL_3: [
        "Airplane mode isn't on yet — you're still on a call with Maya Chen, and it would drop the call. "
        "Should I turn it on after you hang up?",
        "Heads up: you're on the phone with **Maya**. Want me to put you in airplane mode once the call ends?",
        "I can't switch on airplane mode mid-call (you're talking to Maya Chen). End the call first?",
    ],
    # security.timeout_unsupported: 15 minutes (10 or 30)
    TIMEOUT_UNSUPPORTED_2: [
        "15 minutes isn't one of the auto-lock options. It's currently set to 30 seconds — would you like "
        "10 minutes or 30 minutes?",
        "The closest choices are **10 min** and **30 min**. Which should I set?",
        "I can't set exactly 15 minutes. Do you want me to set it to 10 minutes instead, or 30 minutes?",
    ],
    # security.timeout_unsupported: a minute and a half (1 or 2 minutes)
    TIMEOUT_UNSUPPORTED_3: [
        "Auto-lock can't be 90 seconds. Should I set it to 1 minute or 2 minutes?",
        "Right now it's set to 30 seconds, and a minute and a half isn't offered — 1 minute or 2 minutes?",
        "The phone only offers fixed timeouts; the nearest are **one minute** and **2 minutes**. Which one?",
    ],
    # input.qr_outdated_wifi: Canopy-Members
    QR_OUTDATED_WIFI_2: [
        "That QR code is outdated — its password no longer works for Canopy-Members, so you're not "
        "connected. Can you ask the front desk for the current password?",
        "The code's password is old, so I couldn't join Canopy-Members. I can connect once you have the new "
        "password — could you get it?",
        "Scanning worked, but the password in it is wrong for **Canopy-Members** (it seems to have changed). "
        "You're still on mobile data. What's the new password?",
    ],
    # input.qr_outdated_wifi: MissionCliffs-WiFi
    QR_OUTDATED_WIFI_3: [
        "The QR code at the gym is out of date: MissionCliffs-WiFi rejected its password. Do you have the "
        "current one?",
        "I couldn't connect you — that code has an older MissionCliffs-WiFi password. Could you ask the staff?",
        "That code doesn't work anymore (the network's password changed). Can you get the new one for me?",
    ],
    # time.contradictory_event: book club, 11:30 am to 10:30 am
    CONTRADICTORY_EVENT_2: [
        "The end time (10:30 am) is before the start (11:30 am). Did you mean 10:30 to 11:30 am?",
        "Nothing is on your calendar yet — those times are reversed. Should book club run 10:30–11:30 am "
        "next Friday?",
        "Quick check: it would **end before** it starts. Which did you mean — 10:30 to 11:30 am, or a "
        "later end?",
    ],
    # time.contradictory_event: interview loop, 5:30 pm to 4:30 pm
    CONTRADICTORY_EVENT_3: [
        "Those times look swapped: 5:30 pm to 4:30 pm ends an hour before it starts. 4:30 to 5:30 pm?",
        "I haven't added the interview loop yet — the end is set for 4:30 pm, before the 5:30 start. What "
        "end time did you want?",
        "That would finish earlier than it begins. Do you want it from 4:30 pm to 5:30 pm next Monday?",
    ],
    # travel.unusable_card: card ending 7781 (Wells Fargo debit, expired)
    UNUSABLE_CARD_2: [
        "The card ending 7781 has expired, so nothing is booked yet. Should I use your Chase Sapphire "
        "instead?",
        "I couldn't buy the Academy of Sciences tickets: your **Wells Fargo Debit** expired in April 2026. "
        "Which card should I put them on?",
        "That card is expired. Want me to book the 2 tickets for June 8 with another card?",
    ],
    # travel.unusable_card: Wells Fargo card (expired)
    UNUSABLE_CARD_3: [
        "Your Wells Fargo card is expired, so I didn't book the Museum of Pop Culture. Use the Chase "
        "Sapphire instead?",
        "I haven't bought anything — the Wells Fargo debit expired. Should I put the 4 tickets on another "
        "card?",
        "Nothing's been charged: that card expired in 2026-04. Which card would you like to use?",
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
            BOOKMARK_IF_MISSING,
            "Good news: it's already saved in your Travel folder. I left it there.",
        ),
        ("train", BOOKMARK_IF_MISSING, "No changes made — united.com is already in your Travel bookmarks."),
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


def test_normal_forms_kept_between_calls_are_the_same() -> None:
    from mpb_env.checkers import _norm_str, match, norm

    for text in ["  Train delayed, arrive 8:00 PM. ", "7:30 am", "2026-05-21T14:00", "25:99", "Hi!"]:
        assert norm(text) == _norm_str(text, keep=False) == norm(text)
    items = [{"app_id": "phone", "type": "app"}, {"app_ids": ["b", "A"], "id": "f1", "type": "folder"}]
    same_but_case = [{"app_id": "PHONE", "type": "app"}, {"app_ids": ["a", "B"], "id": "F1", "type": "folder"}]
    other = [{"app_id": "maps", "type": "app"}]
    assert match({"$any": [other, items]}, items) and match({"$any": [other, items]}, same_but_case)
    assert not match({"$any": [other, items]}, [{"app_id": "phone", "type": "app"}])
    assert not match({"$any": [[True]]}, [1]) and match({"$any": [[1.0]]}, [1])
    assert match({"$any": [{"$present": True}]}, ["x"]) and not match({"$any": [{"$present": False}]}, ["x"])
    assert not match({"$any": [[0.0, -1.0]]}, [-0.0, -1.0]) and not match([0.0, -1.0], [-0.0, -1.0])


def test_dictated_words_in_order_by_either_spelling() -> None:
    from mpb_env.checkers import says

    spec = {"words": ["call", "ten", "minutes", "early"], "deny": ["not"], "frame": ["mom"], "max_words": 12}
    assert says(spec, "Call 10 minutes early") and says(spec, "call ten minutes early, 10 tops")
    assert says(spec, "10 call ten minutes early") and says(spec, "call minutes early")  # one of 4 may miss
    assert not says(spec, "minutes early, call ten") and not says(spec, "not call ten minutes early")
    assert says(spec, "call mom ten minutes early") and not says({**spec, "frame": ["mom", "call"]}, "call mom ten min early")
    assert not says({"words": ["a", "b"], "frame": [], "verbs": ["text"]}, "text a b") and says({"words": ["b", "b"]}, "b b")
    assert not says({"words": ["b", "b"]}, "b")


def test_evidence_text_is_the_values_joined_then_normalised() -> None:
    from mpb_env.checkers import evidence_text, norm_text
    from mpb_env.world.state import PhoneState, World

    state = PhoneState(World({}))
    data = {"a": "  Caf\u00e9  ’Noir’ ", "b": ["", "  ", {"c": 12, "d": True, "e": None}], "f": 2.5, "g": "STRASSE"}
    state.log = [
        {"status": "success", "data": ["", data]},
        {"status": "error", "data": "never seen"},
        {"status": "success", "data": ""},
    ]
    joined = " \u2016 ".join(["", "  Caf\u00e9  ’Noir’ ", "", "  ", "12", "2.5", "STRASSE", ""])
    assert evidence_text(state) == evidence_text(state) == norm_text(joined) == "‖ café 'noir' ‖ ‖ ‖ 12 ‖ 2.5 ‖ strasse ‖"


def test_phrase_search_tries_only_where_the_phrase_starts() -> None:
    from mpb_env.checkers import _EDGES, _search, has_phrase

    text = "because au 12,045 and 2,045.50, then 2,045 cars in august: au"
    for phrase in ["au", "2,045", "car"]:
        assert has_phrase(text, phrase)
        pattern = _EDGES[phrase]
        assert pattern is not None
        for start in range(len(text) + 1):
            want, got = pattern.search(text, start), _search(pattern, text, phrase, start)
            assert (want and want.span()) == (got and got.span())
