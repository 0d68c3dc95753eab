"""The default retriever's parts: tool phrases, dependencies read off the catalog, the sub-agent and skill
places, and that nothing but the text and the catalog decide a ranking."""

from __future__ import annotations

from mpb_env.domains import catalog
from mpb_env.domains.assistant import SKILLS
from mpb_env.retrieval import (
    AGENT_SHARE,
    GUI_AGENT,
    INTENT_MIN,
    SKILL_LOADER,
    enablers,
    intents,
    matching_skills,
    providers,
    ranked,
    record_getters,
    scores,
    tool_document,
)
from mpb_env.tool_phrases import INTENT_PHRASES, THIRD_PARTY_APPS, TOOL_PHRASES

MEMORY = ("search_user_memory",)


def test_phrases_name_catalog_tools_and_go_into_their_documents() -> None:
    specs = catalog()
    assert set(TOOL_PHRASES) <= set(specs)
    assert TOOL_PHRASES["start_call"] in tool_document(specs["start_call"])
    assert all(name.isalpha() and name == name.casefold() for name in THIRD_PARTY_APPS)


def test_everyday_words_find_the_tool() -> None:
    """Requests in words no catalog text uses: the phrase table is what finds these tools."""
    assert ranked("Flight mode on please, we are boarding.", 3, offered=MEMORY)[0] == "set_airplane_mode"
    assert "convert_units" in ranked("How many liters is 3 gallons?", 5, offered=MEMORY)
    assert "delegate_to_image_agent" in ranked("Turn my selfie into a cartoon.", 5, offered=MEMORY)


def test_switches_and_permissions_are_read_off_the_docs() -> None:
    got = enablers()
    assert got["start_call"] == ("set_airplane_mode", "grant_app_permission")  # "airplane mode is on"
    # "Bluetooth is off", and the Assistant needs NEARBY_DEVICES to connect
    assert got["connect_bluetooth_device"] == ("set_bluetooth_enabled", "grant_app_permission")
    assert "set_wifi_enabled" in got["start_cast_session"]
    assert "set_airplane_mode" not in enablers().get("set_airplane_mode", ())  # never its own switch
    # A tool that needs no permission and names no switch has none.
    assert "set_wallpaper" not in got or "grant_app_permission" not in got["set_wallpaper"]


def test_each_id_argument_brings_its_own_look_up() -> None:
    assert providers()["play_media"] == (("search_media",), ("list_playlists",))
    assert providers()["install_system_update"] == (("check_system_update",),)
    # Recipients shown as contact IDs in the doc's example: the contact search.
    assert providers()["send_email"] == (("search_contacts",),)
    # No tool lists timers: the one whose description names them provides the ID.
    assert providers()["stop_timer"] == (("get_smart_suggestions",),)
    top = ranked("Play my Road Trip playlist", 15, offered=MEMORY)
    assert {"play_media", "search_media", "list_playlists"} <= set(top)


def test_a_named_app_gives_the_gui_sub_agent_a_place() -> None:
    text = "Order a pizza through DoorDash for tonight"
    top = ranked(text, 15, offered=MEMORY)
    assert GUI_AGENT in top[:5]  # after the best tool and its dependencies
    assert GUI_AGENT not in ranked(text, 15, offered=(*MEMORY, GUI_AGENT))  # offered anyway: no place


def test_the_best_sub_agent_gets_a_place_only_when_it_scores_near_the_best_tool() -> None:
    names = list(catalog())
    text = "Keep an eye on the package and let me know when it arrives."
    s = dict(zip(names, scores(text).tolist(), strict=True))
    best = max((t for t in names if t.startswith("delegate_to_")), key=lambda t: s[t])
    assert best == "delegate_to_monitor_agent" and s[best] >= AGENT_SHARE * max(s.values())
    assert best in ranked(text, 4, offered=MEMORY)
    # "Set an alarm for 6" scores no sub-agent near the alarm tools: the places stay the ranking's.
    assert not any(t.startswith("delegate_to_") for t in ranked("Set an alarm for 6 am", 15, offered=MEMORY))


def test_with_the_skill_loader_the_best_skills_tools_lead() -> None:
    text = "Driving setup please, I'm heading out in the car."
    best = matching_skills(text)[0]
    assert best["id"] == "driving_mode" and best in SKILLS
    top = ranked(text, 15, offered=(*MEMORY, SKILL_LOADER))
    assert list(top[: len(best["tools"])]) == [t for t in best["tools"] if t not in MEMORY]
    # Without the loader (no skills offered) the skill decides nothing.
    assert ranked(text, 15, offered=MEMORY)[: len(best["tools"])] != top[: len(best["tools"])]


def test_rankings_hold_n_distinct_tools_and_repeat() -> None:
    for text in ("Text Jordan I'm late", "Movie night on the TV", "What's the weather tomorrow?", "zzz"):
        for offered in (MEMORY, (*MEMORY, SKILL_LOADER)):
            top = ranked(text, 15, offered=offered)
            assert len(top) == len(set(top)) <= 15 and not set(top) & set(offered)
            ranked.cache_clear()
            assert ranked(text, 15, offered=offered) == top


def test_the_best_intent_gets_a_place_of_its_own() -> None:
    """A request that names neither the memory nor the agent: the intent table finds the tool."""
    assert set(INTENT_PHRASES) <= set(catalog())
    text = "Wipe the dentist note you have on me."
    best, value = intents(text)[0]
    assert best == "remove_user_memory" and value >= INTENT_MIN
    assert best in ranked(text, 15, offered=MEMORY)
    assert "remove_user_memory" not in ranked(text, 15, offered=(*MEMORY, "remove_user_memory"))
    assert intents("zzz") == []


def test_intent_scores_are_bm25s_scores() -> None:
    import bm25s
    import numpy as np

    from mpb_env.text import tokenize

    names = list(INTENT_PHRASES)
    index = bm25s.BM25(k1=1.2, b=0.75)
    index.index([tokenize(INTENT_PHRASES[t]) for t in names], show_progress=False)
    text = "Keep an eye on the parcel and tell me when it lands on the doorstep; wipe the old note."
    want = index.get_scores([t for t in dict.fromkeys(tokenize(text)) if t in index.vocab_dict])
    got = dict(intents(text))
    assert np.allclose([got.get(t, 0.0) for t in names], want)


def test_a_change_to_a_record_brings_the_getter_of_that_record() -> None:
    got = record_getters()
    assert got["enable_app_notifications"] == ("get_app_info",)  # same app_id
    assert got["update_contact"] == ("get_contact",)
    assert "get_app_info" not in record_getters()  # read-only tools check nothing
    assert "get_app_info" in ranked("Switch on LinkedIn alerts, please.", 15, offered=MEMORY)


def test_domain_vocabulary_leaves_other_tools_objects_out() -> None:
    specs = catalog()
    assert "hotspot" not in tool_document(specs["set_wifi_enabled"]).split()
    assert "hotspot" in tool_document(specs["set_hotspot"]).split()
    assert "wifi" in tool_document(specs["set_wifi_enabled"]).split()  # a word of its own name stays
    # With "hotspot" in every network tool's document, the tablet and laptop tools took all 15 places.
    text = "Fire up the Wi-Fi hotspot for the kids' tablet on the drive."
    assert "set_hotspot" in ranked(text, 15, offered=MEMORY)
