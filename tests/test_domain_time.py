"""Time Management domain: every tool's success and error paths, world seeding and cross-domain rules."""

from __future__ import annotations

from typing import Any

from domain_harness import NOW, Check, DomainTests, by_tool, delta, ids
from domain_harness import fresh as harness_fresh
from mpb_env.domains import by_domain
from mpb_env.domains import time_mgmt as tm
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import build_tables, load_world
from mpb_env.world.state import EMPTY_PATCH, Patch, PhoneState

WORLD = load_world()
TOOLS = [spec.name for spec in by_domain()["Time Management"]]

# The contacts table belongs to another domain; stand in for the core people if it is not seeded yet.
_CORE_PEOPLE = {
    f"contact_{i:03d}": {"id": f"contact_{i:03d}", "name": name}
    for i, name in enumerate(
        ["Maya Chen", "Chris Lee", "Chris Li", "Jordan Morgan", "Emma Morgan", "Linda Morgan",
         "Dr. Priya Shah", "Sam Carter", "Samantha Carter", "Leo Park"],
        start=1,
    )
}  # fmt: skip
PATCH = EMPTY_PATCH if "contacts" in WORLD.tables else Patch({"contacts": _CORE_PEOPLE})


def fresh(patch: Patch | None = None, now: str = NOW) -> PhoneState:
    return harness_fresh(patch or PATCH, now)


def _c_list_events_day(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["event_001", "event_005", "event_006"]
    assert fb["data"][0]["attendee_names"] == ["Sam Carter"]
    assert s.delta() == {}


def _c_list_events_query(s: PhoneState, fb: dict[str, Any]) -> None:
    # Title "Chris Lee"/"Chris Li", or an attendee named Chris (contact_002 attends 006 and 015).
    assert ids(fb) == ["event_005", "event_006", "event_013", "event_015"]
    assert all("Chris" in " ".join([r["title"], *r["attendee_names"]]) for r in fb["data"])


def _c_list_events_attendee(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["event_001", "event_006", "event_015", "event_010"]


def _c_list_events_default(s: PhoneState, fb: dict[str, Any]) -> None:
    starts = [r["start"] for r in fb["data"]]
    assert starts == sorted(starts) and starts[0] >= "2026-05-20" and len(starts) == 5
    assert "event_008" not in ids(fb)  # yesterday's gym session is in the past


def _c_create_event(s: PhoneState, fb: dict[str, Any]) -> None:
    ev = fb["data"]["event"]
    assert ev["id"] == "event_n001" and ev["end"] == "2026-05-21T15:00:00"
    assert ev["attendees"] == ["contact_008", "contact_002"] and ev["calendar"] == "work"
    assert delta(s, "events")["event_n001"]["op"] == "create"
    assert [o["id"] for o in fb["data"]["overlaps"]] == []


def _c_create_event_overlap(s: PhoneState, fb: dict[str, Any]) -> None:
    assert [o["id"] for o in fb["data"]["overlaps"]] == ["event_002"]
    assert s.get("events", "event_n001")["reminder_minutes"] is None


def _c_update_event_move(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("events", "event_002")
    assert (rec["start"], rec["end"]) == ("2026-05-21T16:30:00", "2026-05-21T17:30:00")
    assert set(delta(s, "events")["event_002"]["changed"]) == {"start", "end"}


def _c_update_event_fields(s: PhoneState, fb: dict[str, Any]) -> None:
    changed = delta(s, "events")["event_001"]["changed"]
    assert changed == {"location": "Zoom", "attendees": ["contact_008", "contact_001"]}


def _c_delete_event(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("events", "event_003") is None and delta(s, "events")["event_003"]["op"] == "delete"
    assert fb["data"]["title"] == "Emma's school play"


def _c_list_alarms(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["alarm_003", "alarm_001", "alarm_002"]


def _c_list_alarms_filtered(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["alarm_002"]


def _c_create_alarm(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("alarms", "alarm_n001") == {
        "id": "alarm_n001", "time": "06:00", "label": "Early flight", "repeat_days": ["mon", "fri"],
        "enabled": True, "snooze_minutes": 10,
    }  # fmt: skip


def _c_update_alarm(s: PhoneState, fb: dict[str, Any]) -> None:
    assert delta(s, "alarms")["alarm_001"]["changed"] == {"time": "06:00"}


def _c_update_alarm_enable(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("alarms", "alarm_003")["enabled"] is True


def _c_delete_alarm(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("alarms", "alarm_003") is None


def _c_start_timer(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("timers", "timer_n001")
    assert rec["status"] == "running" and rec["duration_s"] == 600
    assert (rec["started_at"], rec["ends_at"]) == ("2026-05-20T09:00:00", "2026-05-20T09:10:00")


def _c_stop_timer(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("timers", "timer_001")["status"] == "stopped"
    assert fb["data"]["remaining_s"] == 30 * 60


def _c_create_reminder(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("reminders", "reminder_n001")
    assert rec["due"] == "2026-05-22T09:00:00" and rec["done"] is False and rec["notes"] == "June trip"


def _c_complete_reminder(s: PhoneState, fb: dict[str, Any]) -> None:
    assert delta(s, "reminders")["reminder_001"]["changed"] == {
        "done": True,
        "completed_at": "2026-05-20T09:00:00",
    }


def _c_list_reminders(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["reminder_001", "reminder_002"]


def _c_list_reminders_all(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["reminder_003", "reminder_001", "reminder_002"]


def _c_create_rule(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("automation_rules", "rule_n001")
    assert rec["trigger_value"] == "office" and rec["enabled"] is True
    assert rec["actions"] == [
        {"setting": "dnd.enabled", "value": True},
        {"setting": "volume.ring", "value": 10},
    ]
    assert "settings" not in s.delta()  # creating a rule does not apply it


def _c_update_rule_run(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.setting("sound.mode") == "silent" and s.setting("volume.media") == 20
    assert set(delta(s, "settings")) == {"sound.mode", "volume.media"}
    assert s.get("automation_rules", "rule_002")["enabled"] is True
    assert fb["data"]["applied"] == [
        {"setting": "sound.mode", "before": "ring", "after": "silent"},
        {"setting": "volume.media", "before": 60, "after": 20},
    ]


def _c_update_rule_trigger(s: PhoneState, fb: dict[str, Any]) -> None:
    assert delta(s, "automation_rules")["rule_001"]["changed"] == {"trigger_value": "21:45"}
    assert "settings" not in s.delta()


def _c_list_rules(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["rule_001", "rule_002"]


def _c_list_rules_enabled(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["rule_001"]


SUCCESS: list[tuple[str, dict[str, Any], Check]] = [
    ("list_events", {"start_date": "2026-05-20", "end_date": "2026-05-20"}, _c_list_events_day),
    ("list_events", {"start_date": "2026-05-18", "end_date": "2026-05-31", "query": "chris"}, _c_list_events_query),
    ("list_events", {"end_date": "2026-05-31", "attendee_id": "contact_008"}, _c_list_events_attendee),
    ("list_events", {"limit": 5}, _c_list_events_default),
    ("create_event", {"title": "Project kickoff", "start": "2026-05-21T14:00", "attendees": ["contact_008",
     "contact_002"], "calendar": "work"}, _c_create_event),
    ("create_event", {"title": "Pharmacy", "start": "2026-05-21T15:30:00", "end": "2026-05-21T15:45:00",
     "reminder_minutes": None}, _c_create_event_overlap),
    ("update_event", {"event_id": "event_002", "start": "2026-05-21T16:30:00"}, _c_update_event_move),
    ("update_event", {"event_id": "event_001", "location": "Zoom", "attendees": ["contact_008", "contact_001"],
     "title": "Weekly sync with Sam Carter"}, _c_update_event_fields),
    ("delete_event", {"event_id": "event_003"}, _c_delete_event),
    ("list_alarms", {}, _c_list_alarms),
    ("list_alarms", {"enabled_only": True, "day": "sat"}, _c_list_alarms_filtered),
    ("create_alarm", {"time": "6:00", "label": "Early flight", "repeat_days": ["fri", "mon", "fri"]},
     _c_create_alarm),
    ("update_alarm", {"alarm_id": "alarm_001", "time": "06:00"}, _c_update_alarm),
    ("update_alarm", {"alarm_id": "alarm_003", "enabled": True}, _c_update_alarm_enable),
    ("delete_alarm", {"alarm_id": "alarm_003"}, _c_delete_alarm),
    ("start_timer", {"duration_seconds": 600, "label": "Pasta"}, _c_start_timer),
    ("stop_timer", {"timer_id": "timer_001"}, _c_stop_timer),
    ("stop_timer", {}, _c_stop_timer),
    ("create_reminder", {"title": "Book flights", "due": "2026-05-22", "notes": " June trip "}, _c_create_reminder),
    ("complete_reminder", {"reminder_id": "reminder_001"}, _c_complete_reminder),
    ("list_reminders", {}, _c_list_reminders),
    ("list_reminders", {"include_completed": True}, _c_list_reminders_all),
    ("create_automation_rule", {"name": "Office quiet", "trigger": "location", "trigger_value": "Office",
     "actions": [{"setting": "dnd.enabled", "value": True}, {"setting": "volume.ring", "value": 10}]},
     _c_create_rule),
    ("update_automation_rule", {"rule_id": "rule_002", "enabled": True, "run_now": True}, _c_update_rule_run),
    ("update_automation_rule", {"rule_id": "rule_001", "trigger_value": "21:45"}, _c_update_rule_trigger),
    ("list_automation_rules", {}, _c_list_rules),
    ("list_automation_rules", {"enabled_only": True}, _c_list_rules_enabled),
]  # fmt: skip

RULE = [{"setting": "dnd.enabled", "value": True}]
ERRORS: list[tuple[str, dict[str, Any], str]] = [
    ("list_events", {"start_date": "May 20"}, "InvalidArguments"),
    ("list_events", {"start_date": "2026-05-22", "end_date": "2026-05-20"}, "InvalidArguments"),
    ("list_events", {"limit": 0}, "InvalidArguments"),
    ("create_event", {"title": "X", "start": "2026-05-21T15:00", "end": "2026-05-21T14:00"}, "InvalidArguments"),
    ("create_event", {"title": "X", "start": "2026-05-21"}, "InvalidArguments"),
    ("create_event", {"title": "X", "start": "2026-05-21T15:00", "attendees": ["contact_999"]}, "NotFound"),
    ("create_event", {"title": "  ", "start": "2026-05-21T15:00"}, "InvalidArguments"),
    ("create_event", {"title": "X", "start": "2026-05-21T15:00", "reminder_minutes": -5}, "InvalidArguments"),
    ("create_event", {"title": "X", "start": "2026-05-21T15:00", "calendar": "school"}, "InvalidArguments"),
    ("update_event", {"event_id": "event_999", "title": "X"}, "NotFound"),
    ("update_event", {"event_id": "event_002"}, "InvalidArguments"),
    ("update_event", {"event_id": "event_002", "end": "2026-05-21T14:00:00"}, "InvalidArguments"),
    ("update_event", {"event_id": "event_002", "attendees": ["contact_404"]}, "NotFound"),
    ("delete_event", {"event_id": "event_999"}, "NotFound"),
    ("list_alarms", {"enabled_only": "yes"}, "InvalidArguments"),
    ("list_alarms", {"day": "monday"}, "InvalidArguments"),
    ("create_alarm", {"time": "07:00", "snooze_minutes": 0}, "InvalidArguments"),
    ("create_alarm", {"time": "07:00", "snooze_minutes": 31}, "InvalidArguments"),
    ("create_alarm", {"time": "25:00"}, "InvalidArguments"),
    ("create_alarm", {"time": "07:00", "repeat_days": ["funday"]}, "InvalidArguments"),
    ("update_alarm", {"alarm_id": "alarm_001", "snooze_minutes": 45}, "InvalidArguments"),
    ("update_alarm", {"alarm_id": "alarm_404", "enabled": False}, "NotFound"),
    ("update_alarm", {"alarm_id": "alarm_001"}, "InvalidArguments"),
    ("delete_alarm", {"alarm_id": "alarm_404"}, "NotFound"),
    ("start_timer", {"duration_seconds": 0}, "InvalidArguments"),
    ("start_timer", {"duration_seconds": 360_000}, "CapabilityLimit"),
    ("stop_timer", {"timer_id": "timer_002"}, "PreconditionFailed"),
    ("stop_timer", {"timer_id": "timer_404"}, "NotFound"),
    ("create_reminder", {"title": ""}, "InvalidArguments"),
    ("create_reminder", {"title": "X", "due": "tomorrow"}, "InvalidArguments"),
    ("complete_reminder", {"reminder_id": "reminder_003"}, "PreconditionFailed"),
    ("complete_reminder", {"reminder_id": "reminder_404"}, "NotFound"),
    ("list_reminders", {"include_completed": 1}, "InvalidArguments"),
    ("create_automation_rule", {"name": "bedtime", "trigger": "time", "trigger_value": "23:00", "actions": RULE},
     "AlreadyExists"),
    ("create_automation_rule", {"name": "R", "trigger": "time", "trigger_value": "23:00",
     "actions": [{"setting": "dnd.turbo", "value": True}]}, "NotFound"),
    ("create_automation_rule", {"name": "R", "trigger": "time", "trigger_value": "23:00",
     "actions": [{"setting": "dnd.enabled", "value": "yes"}]}, "InvalidArguments"),
    ("create_automation_rule", {"name": "R", "trigger": "time", "trigger_value": "23:00",
     "actions": [{"setting": "volume.media", "value": 150}]}, "InvalidArguments"),
    ("create_automation_rule", {"name": "R", "trigger": "time", "trigger_value": "23:00",
     "actions": [{"setting": "sound.mode", "value": "loud"}]}, "InvalidArguments"),
    ("create_automation_rule", {"name": "R", "trigger": "time", "trigger_value": "23:00",
     "actions": [{"key": "dnd.enabled", "value": True}]}, "InvalidArguments"),
    ("create_automation_rule", {"name": "R", "trigger": "time", "trigger_value": "late", "actions": RULE},
     "InvalidArguments"),
    ("create_automation_rule", {"name": "R", "trigger": "app_open", "trigger_value": "not_installed_app", "actions": RULE},
     "NotFound"),
    ("create_automation_rule", {"name": "R", "trigger": "time", "trigger_value": "23:00", "actions": []},
     "InvalidArguments"),
    ("update_automation_rule", {"rule_id": "rule_404", "enabled": True}, "NotFound"),
    ("update_automation_rule", {"rule_id": "rule_002", "run_now": True}, "PreconditionFailed"),
    ("update_automation_rule", {"rule_id": "rule_001"}, "InvalidArguments"),
    ("update_automation_rule", {"rule_id": "rule_001", "trigger": "location", "trigger_value": ""},
     "InvalidArguments"),
    ("update_automation_rule", {"rule_id": "rule_001", "actions": [{"setting": "nope", "value": 1}]}, "NotFound"),
    ("list_automation_rules", {"enabled_only": "no"}, "InvalidArguments"),
]  # fmt: skip


def test_sixteen_tools() -> None:
    assert sorted(TOOLS) == sorted(
        ["list_events", "create_event", "update_event", "delete_event", "list_alarms", "create_alarm",
         "update_alarm", "delete_alarm", "start_timer", "stop_timer", "create_reminder", "complete_reminder",
         "list_reminders", "create_automation_rule", "update_automation_rule", "list_automation_rules"]
    )  # fmt: skip
    assert {n for n, _, _ in SUCCESS} == set(TOOLS) == {n for n, _, _ in ERRORS}


CASES = DomainTests("Time Management", by_tool(SUCCESS), by_tool(ERRORS), count=16, patch=PATCH)
test_success, test_error, test_all_cases_leave_base_world_unwritten, _ = CASES.tests()


def test_run_now_applies_settings_and_sequence() -> None:
    s = fresh()
    fb = execute(s, "create_automation_rule", {"name": "Movie night", "trigger": "app_open", "trigger_value": "mail",
                 "actions": [{"setting": "display.dark_mode", "value": True},
                             {"setting": "display.brightness", "value": 30}], "enabled": False})  # fmt: skip
    assert fb["status"] == "success"
    rid = fb["data"]["id"]
    assert (
        execute(s, "update_automation_rule", {"rule_id": rid, "run_now": True})["error_type"]
        == "PreconditionFailed"
    )
    fb = execute(s, "update_automation_rule", {"rule_id": rid, "enabled": True, "run_now": True})
    assert fb["status"] == "success"
    assert s.setting("display.dark_mode") is True and s.setting("display.brightness") == 30
    assert s.get("automation_rules", rid)["last_run_at"] == "2026-05-20T09:00:02"
    # Bedtime rule turns DND on immediately.
    assert (
        execute(s, "update_automation_rule", {"rule_id": "rule_001", "run_now": True})["status"] == "success"
    )
    assert s.setting("dnd.enabled") is True


def test_timer_lifecycle_and_ambiguity() -> None:
    s = fresh()
    assert execute(s, "start_timer", {"duration_seconds": 300, "label": "Eggs"})["status"] == "success"
    fb = execute(s, "stop_timer", {})
    assert fb["error_type"] == "Ambiguous"
    assert {c["id"] for c in fb["data"]["candidates"]} == {"timer_001", "timer_n001"}
    assert execute(s, "stop_timer", {"timer_id": "timer_n001"})["status"] == "success"
    assert execute(s, "stop_timer", {"timer_id": "timer_n001"})["error_type"] == "PreconditionFailed"
    # Later in the day the laundry timer has run out: it reads as finished and cannot be stopped.
    late = fresh(now="2026-05-20T12:00:00")
    fb = execute(late, "stop_timer", {"timer_id": "timer_001"})
    assert fb["error_type"] == "PreconditionFailed" and fb["data"]["status"] == "finished"
    assert execute(late, "stop_timer", {})["error_type"] == "NotFound"


def test_permission_denied_when_calendar_revoked() -> None:
    app = WORLD.tables["apps"]["calendar"]
    revoked = {**app, "permissions": {**app["permissions"], "CALENDAR": False}}
    s = fresh(Patch({**PATCH.tables, "apps": {"calendar": revoked}}))
    fb = execute(s, "create_event", {"title": "X", "start": "2026-05-21T10:00:00"})
    assert fb["error_type"] == "PermissionDenied" and s.delta() == {}
    assert execute(s, "list_alarms", {})["status"] == "success"


def test_events_crud_round_trip() -> None:
    s = fresh()
    fb = execute(
        s, "create_event", {"title": "Demo", "start": "2026-05-25T10:00:00", "end": "2026-05-25T10:45:00"}
    )
    eid = fb["data"]["event"]["id"]
    assert eid in ids(execute(s, "list_events", {"start_date": "2026-05-25", "end_date": "2026-05-25"}))
    fb = execute(s, "update_event", {"event_id": eid, "start": "2026-05-25T11:00:00"})
    assert fb["data"]["event"]["end"] == "2026-05-25T11:45:00" and fb["data"]["changed"] == ["start", "end"]
    assert execute(s, "delete_event", {"event_id": eid})["status"] == "success"
    assert s.delta() == {}  # created then deleted: no net change


def test_world_core_is_size_independent_and_deterministic() -> None:
    small, medium, large = (build_tables(size) for size in ("S", "M", "L"))
    assert len(medium["events"]) == 300 and len(small["events"]) < 100 < 1000 < len(large["events"])
    for table in ("alarms", "timers", "reminders", "automation_rules"):
        assert small[table] == medium[table] == large[table]

    def week(t: dict[str, Any]) -> list[str]:
        return sorted(k for k, e in t["events"].items() if "2026-05-17" <= e["start"] < "2026-06-01")

    assert week(small) == week(medium) == week(large) == [f"event_{i:03d}" for i in range(1, 16)]
    assert build_tables("M") == medium
    assert all("2026-03-01" <= e["start"] < "2026-09-01" for e in large["events"].values())
    assert all(e["start"] < e["end"] for e in large["events"].values())
    assert medium["events"]["event_001"]["attendees"] == ["contact_008"]
    assert set(medium["automation_rules"]) == {"rule_001", "rule_002"}
    for rule in tm.CORE_RULES:
        for act in rule["actions"]:
            assert act["setting"] in medium["settings"]


# --------------------------------------------------------------------------- Android's Clock semantics
def test_alarms_may_share_a_time_of_day() -> None:
    """Android's Clock app keeps several alarms at one time; each is its own record."""
    s = fresh()
    taken = next(a for a in s.values("alarms"))
    fb = execute(s, "create_alarm", {"time": taken["time"], "label": "Second"})
    assert fb["status"] == "success", fb
    assert fb["data"]["same_time"] == [taken["id"]]
    assert sorted(a["id"] for a in s.values("alarms") if a["time"] == taken["time"]) == sorted(
        [taken["id"], fb["data"]["id"]]
    )
    other = next(a for a in s.values("alarms") if a["time"] != taken["time"])
    moved = execute(s, "update_alarm", {"alarm_id": other["id"], "time": taken["time"]})
    assert moved["status"] == "success", moved
    assert set(moved["data"]["same_time"]) == {taken["id"], fb["data"]["id"]}


def test_snooze_length_defaults_to_ten_and_can_change() -> None:
    s = fresh()
    made = execute(s, "create_alarm", {"time": "04:10"})["data"]
    assert made["snooze_minutes"] == 10
    fb = execute(s, "update_alarm", {"alarm_id": made["id"], "snooze_minutes": 5})
    assert fb["data"]["snooze_minutes"] == 5
    listed = {a["id"]: a for a in execute(s, "list_alarms", {})["data"]}
    assert listed[made["id"]]["snooze_minutes"] == 5
    assert all("snooze_minutes" in a for a in listed.values())  # old records read as the default


# --------------------------------------------------------------------------- calendar recurrence
def _weekly(s: PhoneState, **extra: Any) -> dict[str, Any]:
    args = {"title": "Standup", "start": "2026-06-01T09:00:00", "end": "2026-06-01T09:15:00",
            "recurrence": "weekly", **extra}  # fmt: skip
    fb = execute(s, "create_event", args)
    assert fb["status"] == "success", fb
    return fb["data"]["event"]


def _starts(s: PhoneState, lo: str, hi: str, eid: str) -> list[str]:
    title = s.get("events", eid)["title"] if s.has("events", eid) else "Standup"
    rows = execute(s, "list_events", {"start_date": lo, "end_date": hi, "query": title, "limit": 100})["data"]
    return [r["start"] for r in rows if r["id"] == eid]


def test_weekly_series_lists_every_occurrence_until_its_end() -> None:
    s = fresh()
    ev = _weekly(s, repeat_until="2026-06-22")
    assert ev["recurrence"] == {"freq": "weekly", "until": "2026-06-22"}
    assert _starts(s, "2026-06-01", "2026-07-31", ev["id"]) == [
        "2026-06-01T09:00:00", "2026-06-08T09:00:00", "2026-06-15T09:00:00", "2026-06-22T09:00:00",
    ]  # fmt: skip


def test_daily_and_monthly_rules() -> None:
    s = fresh()
    daily = execute(s, "create_event", {"title": "Pills", "start": "2026-06-01T08:00:00", "recurrence": "daily",
                                        "repeat_until": "2026-06-03"})["data"]["event"]  # fmt: skip
    assert _starts(s, "2026-06-01", "2026-06-30", daily["id"]) == [
        "2026-06-01T08:00:00", "2026-06-02T08:00:00", "2026-06-03T08:00:00"]  # fmt: skip
    monthly = execute(s, "create_event", {"title": "Rent", "start": "2026-05-31T10:00:00",
                                          "recurrence": "monthly"})["data"]["event"]  # fmt: skip
    # A monthly series on the 31st skips the months without one (June, September).
    assert [d[:10] for d in _starts(s, "2026-05-01", "2026-09-30", monthly["id"])] == [
        "2026-05-31", "2026-07-31", "2026-08-31"]  # fmt: skip


def test_editing_one_occurrence_leaves_the_rest_of_the_series() -> None:
    s = fresh()
    ev = _weekly(s)
    fb = execute(s, "update_event", {"event_id": ev["id"], "occurrence_start": "2026-06-08T09:00:00",
                                     "start": "2026-06-08T11:00:00"})  # fmt: skip
    assert fb["status"] == "success", fb
    moved = fb["data"]["event"]
    assert moved["series_id"] == ev["id"] and moved["start"] == "2026-06-08T11:00:00"
    assert moved["end"] == "2026-06-08T11:15:00" and "recurrence" not in moved
    assert _starts(s, "2026-06-01", "2026-06-16", ev["id"]) == ["2026-06-01T09:00:00", "2026-06-15T09:00:00"]
    assert _starts(s, "2026-06-01", "2026-06-16", moved["id"]) == ["2026-06-08T11:00:00"]


def test_editing_the_series_changes_every_occurrence() -> None:
    s = fresh()
    ev = _weekly(s)
    execute(s, "update_event", {"event_id": ev["id"], "title": "Daily sync", "repeat_until": "2026-06-08"})
    rows = execute(s, "list_events", {"start_date": "2026-06-01", "end_date": "2026-06-30", "query": "sync"})["data"]
    mine = [r for r in rows if r["id"] == ev["id"]]
    assert [r["title"] for r in mine] == ["Daily sync", "Daily sync"]


def test_deleting_one_occurrence_or_the_series() -> None:
    s = fresh()
    ev = _weekly(s, repeat_until="2026-06-15")
    fb = execute(s, "delete_event", {"event_id": ev["id"], "occurrence_start": "2026-06-08T09:00:00"})
    assert fb["status"] == "success", fb
    assert _starts(s, "2026-06-01", "2026-06-30", ev["id"]) == ["2026-06-01T09:00:00", "2026-06-15T09:00:00"]
    execute(s, "delete_event", {"event_id": ev["id"]})
    assert _starts(s, "2026-06-01", "2026-06-30", ev["id"]) == []


def test_recurrence_errors() -> None:
    s = fresh()
    ev = _weekly(s)
    bad = [
        ("update_event", {"event_id": ev["id"], "occurrence_start": "2026-06-09T09:00:00", "title": "X"}, "NotFound"),
        ("update_event", {"event_id": "event_002", "occurrence_start": "2026-05-21T09:00:00", "title": "X"},
         "InvalidArguments"),
        ("delete_event", {"event_id": "event_002", "occurrence_start": "2026-05-21T09:00:00"}, "InvalidArguments"),
        ("create_event", {"title": "X", "start": "2026-06-01T09:00:00", "repeat_until": "2026-07-01"},
         "InvalidArguments"),
        ("create_event", {"title": "X", "start": "2026-06-01T09:00:00", "recurrence": "weekly",
                          "repeat_until": "2026-05-01"}, "InvalidArguments"),
        ("create_event", {"title": "X", "start": "2026-06-01T09:00:00", "recurrence": "yearly"}, "InvalidArguments"),
    ]  # fmt: skip
    for tool, args, err in bad:
        assert execute(s, tool, args)["error_type"] == err, (tool, args)


# --------------------------------------------------------------------------- time zones
def _zone(s: PhoneState, zone: str) -> None:
    assert execute(s, "set_time_zone", {"timezone": zone})["status"] == "success"


def test_an_event_keeps_its_zone_and_is_listed_in_the_phones_zone() -> None:
    s = fresh()
    fb = execute(s, "create_event", {"title": "Call", "start": "2026-05-21T09:00:00", "timezone": "New York"})
    ev = fb["data"]["event"]
    assert (ev["start"], ev["timezone"]) == ("2026-05-21T09:00:00", "America/New_York")
    assert fb["data"]["start_shown"] == "2026-05-21T06:00:00"  # 9 am EDT is 6 am PDT
    rows = execute(s, "list_events", {"start_date": "2026-05-21", "query": "call"})["data"]
    assert [(r["start"], r["zone_start"], r["shown_in"]) for r in rows if r["id"] == "event_n001"] == [
        ("2026-05-21T06:00:00", "2026-05-21T09:00:00", "America/Los_Angeles")
    ]
    # Travelling: the phone set to Tokyo time shows every event on Tokyo's clock, core events included.
    _zone(s, "Tokyo")
    rows = execute(s, "list_events", {"start_date": "2026-05-21", "end_date": "2026-05-22"})["data"]
    by_id = {r["id"]: r for r in rows}
    assert by_id["event_n001"]["start"] == "2026-05-21T22:00:00"
    assert by_id["event_001"]["start"] == "2026-05-21T02:00:00"  # Wed 10:00 PDT is Thu 02:00 JST
    assert (
        by_id["event_001"]["timezone"] == "America/Los_Angeles"
        and "timezone" not in WORLD.tables["events"]["event_001"]
    )
    # An event created now is in the phone's (Tokyo) zone; its overlaps are found on one clock.
    fb = execute(s, "create_event", {"title": "Ramen", "start": "2026-05-21T22:30:00"})
    assert fb["data"]["event"]["timezone"] == "Asia/Tokyo"
    assert [c["id"] for c in fb["data"]["overlaps"]] == ["event_n001"]


def test_a_series_repeats_on_its_own_zones_clock_across_dst() -> None:
    s = fresh()
    execute(s, "create_event", {"title": "Standup", "start": "2026-03-02T09:00:00", "timezone": "Europe/London",
                                "recurrence": "weekly", "repeat_until": "2026-04-13"})  # fmt: skip
    rows = execute(
        s, "list_events", {"start_date": "2026-03-02", "end_date": "2026-04-13", "query": "standup"}
    )
    mine = [r for r in rows["data"] if r["id"] == "event_n001"]
    starts = [r["start"][11:16] for r in mine]
    # London 09:00 is 01:00 in LA while both are on winter time, 02:00 from 8 Mar (US DST) to 29 Mar
    # (UK DST), 01:00 again after: the real rules of both zones.
    assert starts == ["01:00", "02:00", "02:00", "02:00", "01:00", "01:00", "01:00"]
    assert {r["zone_start"][11:16] for r in mine} == {"09:00"}
    # One occurrence is named as the phone shows it, and leaves the series on the event's own clock.
    fb = execute(s, "delete_event", {"event_id": "event_n001", "occurrence_start": "2026-03-16T02:00:00"})
    assert fb["status"] == "success" and s.get("events", "event_n001")["exdates"] == ["2026-03-16T09:00:00"]


def test_zone_errors_and_equivalent_names() -> None:
    s = fresh()
    bad = execute(s, "create_event", {"title": "X", "start": "2026-05-21T09:00:00", "timezone": "Atlantis"})
    assert bad["error_type"] == "InvalidArguments" and s.delta() == {}
    for name in ("America/New_York", "new york", "Eastern Time", "New York time"):
        fb = execute(s, "create_event", {"title": "X", "start": "2026-05-21T09:00:00", "timezone": name})
        assert fb["data"]["event"]["timezone"] == "America/New_York", name
    fb = execute(
        s, "create_event", {"title": "X", "start": "2026-05-21T09:00:00", "timezone": "Asia/Kathmandu"}
    )
    assert fb["data"]["start_shown"] == "2026-05-20T20:15:00"  # any IANA zone, +05:45


def test_updating_an_event_takes_the_phones_clock_and_keeps_the_zone() -> None:
    s = fresh()
    execute(
        s, "create_event", {"title": "Call", "start": "2026-05-21T09:00:00", "timezone": "America/New_York"}
    )
    fb = execute(s, "update_event", {"event_id": "event_n001", "start": "2026-05-21T07:00:00"})
    ev = fb["data"]["event"]
    assert (ev["start"], ev["end"], ev["timezone"]) == (
        "2026-05-21T10:00:00",
        "2026-05-21T11:00:00",
        "America/New_York",
    )


# --------------------------------------------------------------------------- timers: pause, resume, +1 min
def test_pause_resume_and_add_a_minute() -> None:
    s = fresh()  # timer_001 (Laundry) runs until 09:30, now is 09:00
    fb = execute(s, "stop_timer", {"timer_id": "timer_001", "action": "pause"})
    rec = s.get("timers", "timer_001")
    assert (rec["status"], rec["ends_at"], rec["remaining_s"]) == ("paused", None, fb["data"]["remaining_s"])
    left = rec["remaining_s"]
    for _ in range(3):  # a paused timer does not count down; pausing it again changes nothing
        again = execute(s, "stop_timer", {"timer_id": "timer_001", "action": "pause"})
        assert again["data"]["unchanged"] is True and again["data"]["remaining_s"] == left
    assert s.get("timers", "timer_001") == rec
    execute(s, "stop_timer", {"timer_id": "timer_001", "action": "add_minute"})
    assert s.get("timers", "timer_001")["remaining_s"] == left + 60
    fb = execute(s, "stop_timer", {"action": "resume"})  # the only paused timer
    rec = s.get("timers", "timer_001")
    assert rec["status"] == "running" and rec["remaining_s"] is None
    assert rec["ends_at"] == tm._iso(s.now() - tm.timedelta(seconds=1) + tm.timedelta(seconds=left + 60))
    before = rec["ends_at"]
    execute(s, "stop_timer", {"timer_id": "timer_001", "action": "add_minute"})
    assert s.get("timers", "timer_001")["ends_at"] == tm._iso(
        tm.datetime.fromisoformat(before) + tm.timedelta(minutes=1)
    )
    assert s.get("timers", "timer_001")["duration_s"] == 3600 + 120
    assert execute(s, "stop_timer", {})["data"]["status"] == "stopped"  # the default action stops, as before


def test_timer_actions_refuse_finished_and_stopped_timers() -> None:
    late = fresh(now="2026-05-20T12:00:00")  # the laundry timer has run out
    for action in ("pause", "resume", "add_minute"):
        fb = execute(late, "stop_timer", {"timer_id": "timer_001", "action": action})
        assert fb["error_type"] == "PreconditionFailed" and fb["data"]["status"] == "finished"
        fb = execute(late, "stop_timer", {"timer_id": "timer_002", "action": action})
        assert fb["error_type"] == "PreconditionFailed" and fb["data"]["status"] == "stopped"
    assert execute(late, "stop_timer", {"action": "resume"})["error_type"] == "NotFound"
    s = fresh()
    execute(s, "start_timer", {"duration_seconds": tm.MAX_TIMER_S - 30, "label": "Long"})
    assert (
        execute(s, "stop_timer", {"timer_id": "timer_n001", "action": "add_minute"})["error_type"]
        == "CapabilityLimit"
    )


# --------------------------------------------------------------------------- the checkers of these rules
def _verdict(task: Any, turns: list[list[tuple[str, dict[str, Any]]] | str]) -> bool:
    """Replay ``turns`` (lists of calls, or a final message) on ``task`` with the whole catalog."""
    import orjson

    from mpb_env.validation import replay

    def render(calls: list[tuple[str, dict[str, Any]]]) -> str:
        return "\n".join(orjson.dumps({"name": n, "arguments": a}).decode() for n, a in calls)

    actions = [t if isinstance(t, str) else render(t) for t in turns]
    return replay(task, actions, open_catalog=True).verdict.success  # type: ignore[union-attr]


def _first(family: str) -> Any:
    from mpb_env.tasks import load_tasks

    return next(t for t in load_tasks("bench") if t.meta["family"] == family)


def test_event_in_a_named_zone_checker_wants_that_instant() -> None:
    task = _first("time.event_in_zone")
    (create,) = [c for c in tm_oracle_calls(task) if c[0] == "create_event"]
    args = create[1]
    home = tm.convert(args["start"], args["timezone"], tm.HOME_ZONE)
    no_zone = {k: v for k, v in args.items() if k != "timezone"}
    assert _verdict(task, [[create], "Booked."])
    assert not _verdict(task, [[("create_event", no_zone)], "Booked."])  # the phone's clock: hours off
    assert _verdict(task, [[("create_event", {**no_zone, "start": home})], "Booked."])  # same instant
    utc = {**args, "start": tm.convert(args["start"], args["timezone"], "UTC"), "timezone": "UTC"}
    assert _verdict(task, [[("create_event", utc)], "Booked."])


def test_pause_checker_rejects_a_stop_and_accepts_a_repeated_pause() -> None:
    task = _first("time.pause_timer")
    pause = ("stop_timer", {"timer_id": "timer_p01", "action": "pause"})
    assert _verdict(task, [[pause], "Paused."])
    assert _verdict(task, [[pause], [pause], "Paused."])  # idempotent
    assert not _verdict(task, [[("stop_timer", {"timer_id": "timer_p01"})], "Paused."])
    task = _first("time.add_timer_minute")
    more = ("stop_timer", {"timer_id": "timer_p01", "action": "add_minute"})
    assert _verdict(task, [[more], "Added a minute."])
    assert not _verdict(task, [[more], [more], "Added a minute."])  # two minutes
    assert not _verdict(task, [[("stop_timer", {"timer_id": "timer_p01"})], "Added a minute."])


def test_travel_answer_is_the_time_on_the_phones_new_clock() -> None:
    task = _first("time.travel_event_time")
    rec = task.s0_patch["events"]["event_p01"]
    zone = task.s0_patch["settings"]["system.timezone"]["value"]
    shown = tm.convert(rec["start"], rec["timezone"], zone)
    here = shown[11:16]
    look = [("list_events", {"start_date": shown[:10]})]
    assert _verdict(task, [look, f"It starts at {here} local time."])
    assert not _verdict(task, [look, f"It starts at {rec['start'][11:16]}."])  # the event's own clock
    assert not _verdict(task, [f"It starts at {here} local time."])  # no look-up


def tm_oracle_calls(task: Any) -> list[tuple[str, dict[str, Any]]]:
    from mpb_env.parsing import parse_turn

    return [(c.name, c.arguments) for turn in task.oracle for c in parse_turn(turn).calls]


def test_the_families_home_zone_is_the_domains() -> None:
    from mpb_env.tasks.gen import fam_android

    assert fam_android.HOME == tm.HOME_ZONE == WORLD.tables["settings"]["system.timezone"]["value"]


def test_list_events_repeats_follow_writes() -> None:
    """A repeated listing gives fresh rows; an event created or a contact renamed in the episode shows
    in the next listing, and another episode still sees the unwritten calendar."""
    args = {"start_date": "2026-05-21", "end_date": "2026-05-22"}
    s = fresh()
    first = execute(s, "list_events", args)["data"]
    first[0]["title"] = "changed"
    again = execute(s, "list_events", args)["data"]
    assert [(e["id"], e["start"]) for e in again] == [(e["id"], e["start"]) for e in first]
    assert again[0]["title"] != "changed"
    made = execute(s, "create_event", {"title": "Kickoff", "start": "2026-05-21T14:00", "attendees": ["contact_008"]})
    assert made["status"] == "success"
    after = execute(s, "list_events", args)["data"]
    assert len(after) == len(first) + 1 and "Kickoff" in [e["title"] for e in after]
    execute(s, "update_contact", {"contact_id": "contact_008", "name": "Samuel Okafor-Lee"})
    names = [n for e in execute(s, "list_events", args)["data"] for n in e["attendee_names"]]
    assert "Samuel Okafor-Lee" in names
    assert execute(fresh(), "list_events", args)["data"] == again


def _all_overlaps(s: PhoneState, start: str, end: str, skip: str | None = None) -> list[dict[str, str]]:
    """``_overlaps`` without its candidate filter: every event checked."""
    view = tm.device_zone(s)
    return [
        {"id": o["id"], "title": o["title"], "start": o["start"], "end": o["end"]}
        for e in s.values("events")
        if e["id"] != skip
        for o in tm._occurrences(e, start, end, view)
    ]


def test_overlaps_follow_writes() -> None:
    """The per-patch candidate filter of ``_overlaps`` sees events created, moved and deleted in the
    episode, keeps the scan's order, and another episode of the patch sees none of those writes."""
    window = ("2026-05-21T14:00:00", "2026-05-21T15:30:00")
    s = fresh()
    before = tm._overlaps(s, *window)
    assert before == _all_overlaps(s, *window)
    made = execute(s, "create_event", {"title": "Kickoff", "start": "2026-05-21T14:00"})["data"]["event"]
    execute(s, "update_event", {"event_id": "event_001", "start": "2026-05-21T14:30:00"})
    execute(s, "create_event", {"title": "Standup", "start": "2026-05-21T08:00", "recurrence": "daily"})
    hits = tm._overlaps(s, *window)
    assert hits == _all_overlaps(s, *window)
    assert {made["id"], "event_001"} <= {h["id"] for h in hits}
    execute(s, "delete_event", {"event_id": made["id"]})
    assert made["id"] not in {h["id"] for h in tm._overlaps(s, *window)}
    assert tm._overlaps(s, *window, skip="event_001") == _all_overlaps(s, *window, skip="event_001")
    assert tm._overlaps(fresh(), *window) == before


def test_occurrences_start_at_the_first_repeat_that_reaches_the_range(monkeypatch: Any) -> None:
    """Skipping a series' early repeats lists exactly what walking it from its first occurrence does."""
    cases = []
    for freq in ("daily", "weekly", "monthly"):
        for start in ("2024-01-31T23:30:00", "2025-02-28T09:00:00"):
            e = {"id": "e", "title": "x", "start": start, "end": start[:11] + "23:59:00",
                 "recurrence": {"freq": freq, "until": None}, "exdates": ["2026-06-01T09:00:00"]}  # fmt: skip
            for lo, hi in (("2026-05-31T00:00:00", "2026-07-02T00:00:00"), ("2023-01-01T00:00:00", None),
                           ("2026-03-01T23:45:00", "2026-03-02T00:00:00"), ("2026-05-31", None)):  # fmt: skip
                cases.append((e, lo, hi, tm._occurrences_in(e, lo, hi)))
    monkeypatch.setattr(tm, "_first_reaching", lambda *_: 0)
    for e, lo, hi, got in cases:
        assert got == tm._occurrences_in(e, lo, hi), (e["recurrence"]["freq"], e["start"], lo, hi)
    assert any(got for *_, got in cases)
