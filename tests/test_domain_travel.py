"""Travel & Lifestyle: every tool's success and error paths, cross-domain links and the seeded world."""

from __future__ import annotations

from typing import Any

from domain_harness import Check, DomainTests, Setup, by_tool, call, delta, fresh, ids, offline, revoke
from mpb_env.domains import by_domain
from mpb_env.domains import travel as tr
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import build_tables
from mpb_env.world.state import PhoneState

DOMAIN = "Travel & Lifestyle"
TOOLS = [spec.name for spec in by_domain()[DOMAIN]]


def cancelled_001(s: PhoneState) -> None:
    call(s, "cancel_travel_booking", {"booking_id": "booking_001"})


def hotel_booked(s: PhoneState) -> None:
    call(
        s,
        "book_hotel",
        {
            "hotel_id": "hotel_003",
            "room_type": "deluxe_king",
            "check_in": "2026-05-26",
            "check_out": "2026-05-28",
        },
    )


def c_weather_ny(s: PhoneState, fb: dict[str, Any]) -> None:
    day = fb["data"]["days"][0]
    assert fb["data"]["city"] == "New York" and fb["data"]["unit"] == "F"
    assert (day["date"], day["condition"], day["high"], day["precip_chance"]) == (
        "2026-05-27",
        "rain",
        64,
        85,
    )
    assert [d["date"] for d in fb["data"]["days"]] == ["2026-05-27", "2026-05-28"]


def c_weather_here(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["city"] == "San Francisco"
    assert fb["data"]["days"] == [
        {"date": "2026-05-20", "condition": "sunny", "high": 68, "low": 53, "precip_chance": 5, "wind_mph": 12,
         "humidity": fb["data"]["days"][0]["humidity"]}
    ]  # fmt: skip


def c_flights_united(s: PhoneState, fb: dict[str, Any]) -> None:
    rows = fb["data"]
    assert {"flight_001", "flight_005", "flight_007"} <= set(ids(fb))
    assert "flight_003" not in ids(fb) and "flight_006" not in ids(fb)  # Delta; Alaska with a stop
    assert all(r["airline"] == "United" and r["stops"] == 0 for r in rows)
    assert [r["price_usd"] for r in rows] == sorted(r["price_usd"] for r in rows)
    assert {r["origin"] for r in rows} == {"SFO"} and {r["destination"] for r in rows} <= {"JFK", "EWR"}


def c_flights_aisle(s: PhoneState, fb: dict[str, Any]) -> None:
    assert {"flight_010", "flight_011"} <= set(ids(fb))
    assert all(r["seat_counts"]["aisle"] > 0 for r in fb["data"])
    f10 = next(r for r in fb["data"] if r["id"] == "flight_010")
    assert f10["free_seats"]["aisle"] == ["10D", "18C"] and f10["arrive"] == "2026-06-10T11:05:00"


def c_book_flight(s: PhoneState, fb: dict[str, Any]) -> None:
    b = fb["data"]["booking"]
    assert b["id"] == "booking_n001" and b["details"]["seat"] == "10D" and b["card_id"] == "card_001"
    assert b["amount_usd"] == 159 and b["status"] == "confirmed"
    f = s.get("flights", "flight_010")
    assert f["seats_left"] == 5 and "10D" not in f["seats"]["aisle"]
    ev = s.get("events", "event_n001")
    assert ev["title"] == "Flight to Seattle (UA 1010)" and ev["start"] == "2026-06-10T09:00:00"
    assert fb["data"]["event_id"] == "event_n001"


def c_book_flight_seat(s: PhoneState, fb: dict[str, Any]) -> None:
    b = fb["data"]["booking"]
    assert (b["details"]["seat"], b["details"]["seat_type"], b["card_id"]) == ("21F", "window", "card_002")
    assert "events" not in s.delta() and fb["data"]["event_id"] is None


def c_hotels(s: PhoneState, fb: dict[str, Any]) -> None:
    by_id = {h["id"]: h for h in fb["data"]}
    assert {"hotel_001", "hotel_002", "hotel_003"} <= set(by_id)
    assert all(r["quiet"] for h in fb["data"] for r in h["rooms"])
    assert [(r["room_type"], r["available"]) for r in by_id["hotel_002"]["rooms"]] == [("quiet_queen", 0)]
    assert by_id["hotel_001"]["rooms"][0] == {
        "room_type": "quiet_king", "price_usd": 329, "count": 2, "quiet": True, "high_floor": True, "beds": "1 king",
        "total_usd": 658, "available": 2,
    }  # fmt: skip
    assert fb["data"][-1]["id"] == "hotel_002"  # sold out sorts last


def c_book_hotel(s: PhoneState, fb: dict[str, Any]) -> None:
    b = s.get("bookings", "booking_n001")
    assert (b["kind"], b["item_id"], b["amount_usd"], b["card_id"]) == ("hotel", "hotel_001", 658, "card_002")
    assert (b["start"], b["end"], b["details"]["nights"]) == ("2026-05-26T15:00:00", "2026-05-28T11:00:00", 2)
    fb2 = call(s, "search_hotels", {"city": "NYC", "check_in": "2026-05-27", "check_out": "2026-05-29"})
    h1 = next(h for h in fb2["data"] if h["id"] == "hotel_001")
    assert next(r for r in h1["rooms"] if r["room_type"] == "quiet_king")["available"] == 1


def c_trains(s: PhoneState, fb: dict[str, Any]) -> None:
    assert {"train_002", "train_003"} <= set(ids(fb))
    departs = [t["depart"] for t in fb["data"]]
    assert departs == sorted(departs) and all(t["destination"] == "Boston" for t in fb["data"])


def c_attractions(s: PhoneState, fb: dict[str, Any]) -> None:
    by_id = {a["id"]: a for a in fb["data"]}
    assert by_id["attr_004"]["open_on_date"] is False  # the Met is closed on Wednesdays
    assert by_id["attr_003"]["tickets_left"] == 0  # sold out that day
    assert (
        by_id["attr_001"]["hours_on_date"] == ["10:30", "17:30"] and by_id["attr_001"]["tickets_left"] == 400
    )


def c_attractions_query(s: PhoneState, fb: dict[str, Any]) -> None:
    assert {"attr_006", "attr_007"} <= set(ids(fb)) and "attr_005" not in ids(fb)
    assert all("museum" in f"{a['name']} {a['category']}".lower() for a in fb["data"])


def c_book_train(s: PhoneState, fb: dict[str, Any]) -> None:
    b = fb["data"]["booking"]
    assert (b["kind"], b["quantity"], b["amount_usd"]) == ("train", 2, 158)
    assert s.get("trains", "train_003")["seats_left"] == 10
    assert s.get("events", "event_n001")["title"] == "Train to Boston (Northeast Regional 174)"


def c_book_attraction(s: PhoneState, fb: dict[str, Any]) -> None:
    b = fb["data"]["booking"]
    assert (b["kind"], b["start"], b["end"], b["amount_usd"]) == (
        "attraction", "2026-05-27T10:30:00", "2026-05-27T13:00:00", 60,
    )  # fmt: skip
    assert fb["data"]["event_id"] is None and "events" not in s.delta()


def c_list_bookings(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["booking_001", "booking_002", "booking_003"]


def c_list_flights(s: PhoneState, fb: dict[str, Any]) -> None:
    assert ids(fb) == ["booking_001", "booking_002"]


def c_cancel(s: PhoneState, fb: dict[str, Any]) -> None:
    assert s.get("bookings", "booking_001")["status"] == "cancelled"
    f = s.get("flights", "flight_001")
    assert f["seats_left"] == 10 and "14A" in f["seats"]["window"]
    assert s.get("events", "event_004") is None and delta(s, "events")["event_004"]["op"] == "delete"
    assert fb["data"]["refund_usd"] == 389 and fb["data"]["removed_event_id"] == "event_004"


def c_cancel_attraction(s: PhoneState, fb: dict[str, Any]) -> None:
    assert set(s.delta()) == {"bookings"} and fb["data"]["removed_event_id"] is None


def c_status_booking(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert (d["trip_id"], d["status"], d["terminal"], d["gate"]) == ("flight_001", "on_time", "3", "F12")


def c_status_trip(s: PhoneState, fb: dict[str, Any]) -> None:
    d = fb["data"]
    assert (d["status"], d["delay_min"], d["estimated_departure"]) == ("delayed", 25, "2026-05-28T17:25:00")


def c_nav_event(s: PhoneState, fb: dict[str, Any]) -> None:
    nav = s.get("navigation", "current")
    assert (
        nav["destination"]["id"] == "place_004"
        and nav["event_id"] == "event_002"
        and nav["mode"] == "transit"
    )
    assert nav["distance_km"] == 6.9 and nav["duration_min"] == 29 and nav["eta"] == "2026-05-20T09:29:00"
    assert nav["minutes_early"] == (24 + 5) * 60 + 31  # the dentist is tomorrow at 15:00


def c_nav_place(s: PhoneState, fb: dict[str, Any]) -> None:
    assert fb["data"]["destination"]["id"] == "place_002"  # "airport" near home is SFO
    assert fb["data"]["duration_min"] == 52  # 20 km at 32 km/h in the morning rush hour


def c_paycode(s: PhoneState, fb: dict[str, Any]) -> None:
    rec = s.get("payment_codes", "paycode_n001")
    assert rec["card_id"] == "card_001" and rec["format"] == "qr"
    assert len(rec["code"]) == 18 and rec["code"].isdigit() and rec["expires_at"] == "2026-05-20T09:01:00"


def c_paycode_transit(s: PhoneState, fb: dict[str, Any]) -> None:
    assert (fb["data"]["card_id"], fb["data"]["format"], fb["data"]["last4"]) == (
        "card_004",
        "barcode",
        "3390",
    )


NY_STAY = {"city": "New York", "check_in": "2026-05-26", "check_out": "2026-05-28"}
SUCCESS: list[tuple[str, dict[str, Any], Check]] = [
    ("get_weather_forecast", {"city": "NYC", "start_date": "2026-05-27", "days": 2}, c_weather_ny),
    ("get_weather_forecast", {}, c_weather_here),
    ("search_flights", {"origin": "San Francisco", "destination": "New York", "date": "2026-05-26",
     "nonstop_only": True, "airline": "united", "sort_by": "price"}, c_flights_united),
    ("search_flights", {"origin": "SFO", "destination": "Seattle", "date": "2026-06-10", "seat_type": "aisle"},
     c_flights_aisle),
    ("book_flight", {"flight_id": "flight_010", "seat_type": "aisle"}, c_book_flight),
    ("book_flight", {"flight_id": "flight_014", "seat": "21f", "card": "Amex", "add_to_calendar": False},
     c_book_flight_seat),
    ("search_hotels", {**NY_STAY, "quiet_room": True}, c_hotels),
    ("book_hotel", {"hotel_id": "hotel_001", "room_type": "quiet_king", "check_in": "2026-05-26",
     "check_out": "2026-05-28", "card": "card_002"}, c_book_hotel),
    ("search_trains", {"origin": "New York", "destination": "Boston", "date": "2026-05-27"}, c_trains),
    ("search_attractions", {"city": "New York", "visit_date": "2026-05-27"}, c_attractions),
    ("search_attractions", {"city": "SF", "query": "museum"}, c_attractions_query),
    ("book_travel_ticket", {"item_id": "train_003", "quantity": 2}, c_book_train),
    ("book_travel_ticket", {"item_id": "attr_001", "quantity": 2, "visit_date": "2026-05-27", "card": "4242",
     "add_to_calendar": False}, c_book_attraction),
    ("list_travel_bookings", {}, c_list_bookings),
    ("list_travel_bookings", {"kind": "flight", "upcoming_only": True}, c_list_flights),
    ("cancel_travel_booking", {"booking_id": "booking_001"}, c_cancel),
    ("cancel_travel_booking", {"booking_id": "booking_003"}, c_cancel_attraction),
    ("get_transit_status", {"booking_id": "booking_001"}, c_status_booking),
    ("get_transit_status", {"trip_id": "flight_002"}, c_status_trip),
    ("start_navigation", {"event_id": "event_002", "mode": "transit"}, c_nav_event),
    ("start_navigation", {"destination": "airport"}, c_nav_place),
    ("create_payment_code", {}, c_paycode),
    ("create_payment_code", {"card": "card_004", "code_format": "barcode"}, c_paycode_transit),
]  # fmt: skip

ERRORS: list[tuple[str, dict[str, Any], str, Setup]] = [
    ("get_weather_forecast", {"days": 0}, "InvalidArguments", None),
    ("get_weather_forecast", {"start_date": "tomorrow"}, "InvalidArguments", None),
    ("get_weather_forecast", {"city": "Atlantis"}, "NotFound", None),
    ("get_weather_forecast", {"city": "Sacramento"}, "NotFound", None),
    ("get_weather_forecast", {"city": "Boston", "start_date": "2026-07-01"}, "CapabilityLimit", None),
    ("search_flights", {"origin": "SFO", "destination": "JFK", "date": "2026-05-01"}, "InvalidArguments", None),
    ("search_flights", {"origin": "SFO", "destination": "San Francisco", "date": "2026-05-26"}, "InvalidArguments",
     None),
    ("search_flights", {"origin": "Gotham", "destination": "JFK", "date": "2026-05-26"}, "NotFound", None),
    ("search_flights", {"origin": "SFO", "destination": "Sacramento", "date": "2026-05-26"}, "NotFound", None),
    ("search_flights", {"origin": "SFO", "destination": "JFK", "date": "2026-07-01"}, "CapabilityLimit", None),
    ("book_flight", {"flight_id": "flight_x99"}, "NotFound", None),
    ("book_flight", {"flight_id": "flight_007"}, "PreconditionFailed", None),
    ("book_flight", {"flight_id": "flight_003", "seat_type": "window"}, "PreconditionFailed", None),
    ("book_flight", {"flight_id": "flight_004"}, "Conflict", None),
    ("book_flight", {"flight_id": "flight_001"}, "Conflict", None),
    ("book_flight", {"flight_id": "flight_010", "seat": "10A"}, "Conflict", None),
    ("book_flight", {"flight_id": "flight_010", "seat": "99Z"}, "InvalidArguments", None),
    ("book_flight", {"flight_id": "flight_010", "card": "visa"}, "Ambiguous", None),
    ("book_flight", {"flight_id": "flight_010", "card": "card_003"}, "PreconditionFailed", None),
    ("book_flight", {"flight_id": "flight_010", "card": "card_005"}, "PreconditionFailed", None),
    ("book_flight", {"flight_id": "flight_010", "card": "Clipper"}, "CapabilityLimit", None),
    ("book_flight", {"flight_id": "flight_010", "card": "discover"}, "NotFound", None),
    ("book_flight", {"flight_id": "flight_010"}, "PreconditionFailed", offline),
    ("book_flight", {"flight_id": "flight_010"}, "PermissionDenied", revoke("calendar", "CALENDAR")),
    ("search_hotels", {**NY_STAY, "check_out": "2026-05-25"}, "InvalidArguments", None),
    ("search_hotels", {**NY_STAY, "check_out": "2026-07-05"}, "CapabilityLimit", None),
    ("search_hotels", {**NY_STAY, "city": "Gotham"}, "NotFound", None),
    ("book_hotel", {"hotel_id": "hotel_002", "room_type": "quiet_queen", "check_in": "2026-05-26",
     "check_out": "2026-05-28"}, "PreconditionFailed", None),
    ("book_hotel", {"hotel_id": "hotel_001", "room_type": "penthouse", "check_in": "2026-05-26",
     "check_out": "2026-05-28"}, "NotFound", None),
    ("book_hotel", {"hotel_id": "hotel_999", "room_type": "suite", "check_in": "2026-05-26",
     "check_out": "2026-05-28"}, "NotFound", None),
    ("book_hotel", {"hotel_id": "hotel_001", "room_type": "suite", "check_in": "2026-05-27",
     "check_out": "2026-05-29"}, "Conflict", hotel_booked),
    ("search_trains", {"origin": "NYC", "destination": "New York", "date": "2026-05-27"}, "InvalidArguments", None),
    ("search_trains", {"origin": "Gotham", "destination": "Boston", "date": "2026-05-27"}, "NotFound", None),
    ("search_trains", {"origin": "New York", "destination": "Boston", "date": "2026-06-20"}, "CapabilityLimit", None),
    ("search_attractions", {"city": "Gotham"}, "NotFound", None),
    ("search_attractions", {"city": "New York", "visit_date": "27/05/2026"}, "InvalidArguments", None),
    ("book_travel_ticket", {"item_id": "train_002"}, "PreconditionFailed", None),
    ("book_travel_ticket", {"item_id": "attr_004", "visit_date": "2026-05-27"}, "PreconditionFailed", None),
    ("book_travel_ticket", {"item_id": "attr_003", "visit_date": "2026-05-27"}, "PreconditionFailed", None),
    ("book_travel_ticket", {"item_id": "attr_001"}, "InvalidArguments", None),
    ("book_travel_ticket", {"item_id": "attr_001", "visit_date": "2026-05-27", "quantity": 10}, "CapabilityLimit",
     None),
    ("book_travel_ticket", {"item_id": "attr_001", "visit_date": "2026-05-27", "quantity": 0}, "InvalidArguments",
     None),
    ("book_travel_ticket", {"item_id": "train_003", "visit_date": "2026-05-28"}, "InvalidArguments", None),
    ("book_travel_ticket", {"item_id": "attr_005", "visit_date": "2026-05-30"}, "Conflict", None),
    ("book_travel_ticket", {"item_id": "zoo_001"}, "NotFound", None),
    ("list_travel_bookings", {"kind": "cruise"}, "InvalidArguments", None),
    ("cancel_travel_booking", {"booking_id": "booking_999"}, "NotFound", None),
    ("cancel_travel_booking", {"booking_id": "booking_001"}, "PreconditionFailed", cancelled_001),
    ("cancel_travel_booking", {"booking_id": "booking_001"}, "PermissionDenied", revoke("calendar", "CALENDAR")),
    ("get_transit_status", {}, "InvalidArguments", None),
    ("get_transit_status", {"booking_id": "booking_003"}, "CapabilityLimit", None),
    ("get_transit_status", {"trip_id": "flight_x99"}, "NotFound", None),
    ("get_transit_status", {"booking_id": "booking_001"}, "PreconditionFailed", cancelled_001),
    ("start_navigation", {}, "InvalidArguments", None),
    ("start_navigation", {"destination": "Home"}, "InvalidArguments", None),
    ("start_navigation", {"event_id": "event_007"}, "PreconditionFailed", None),
    ("start_navigation", {"event_id": "event_999"}, "NotFound", None),
    ("start_navigation", {"event_id": "event_010"}, "CapabilityLimit", None),
    ("start_navigation", {"destination": "Narnia"}, "NotFound", None),
    ("start_navigation", {"destination": "park"}, "Ambiguous", None),
    ("start_navigation", {"destination": "SFO", "origin": "Emeryville Station", "mode": "walk"}, "CapabilityLimit",
     None),
    ("start_navigation", {"destination": "Ferry Building"}, "PreconditionFailed", offline),
    ("start_navigation", {"destination": "Ferry Building"}, "PermissionDenied", revoke("maps", "LOCATION")),
    ("start_navigation", {"event_id": "event_002"}, "PermissionDenied", revoke("maps", "CALENDAR")),
    ("create_payment_code", {"card": "card_003"}, "PreconditionFailed", None),
    ("create_payment_code", {"card": "visa"}, "Ambiguous", None),
    ("create_payment_code", {"card": "zzz"}, "NotFound", None),
    ("create_payment_code", {"card": " "}, "InvalidArguments", None),
    ("create_payment_code", {"code_format": "nfc"}, "InvalidArguments", None),
    ("create_payment_code", {}, "PermissionDenied", revoke("wallet", "NOTIFICATIONS")),
]  # fmt: skip


def test_thirteen_tools() -> None:
    assert sorted(TOOLS) == sorted(
        ["get_weather_forecast", "search_flights", "book_flight", "search_hotels", "book_hotel", "search_trains",
         "search_attractions", "book_travel_ticket", "list_travel_bookings", "cancel_travel_booking",
         "get_transit_status", "start_navigation", "create_payment_code"]
    )  # fmt: skip
    assert {c[0] for c in SUCCESS} == set(TOOLS) == {c[0] for c in ERRORS}


CASES = DomainTests(DOMAIN, by_tool(SUCCESS), by_tool(ERRORS, "tool args expect setup"), count=13)
test_success, test_error, test_all_cases_leave_base_world_unwritten, _ = CASES.tests()


# ------------------------------------------------------------------------ cross-domain and scenarios
def test_cross_domain_calendar_round_trip() -> None:
    """Booking writes a Time Management event, navigation reads one, cancelling removes it."""
    s = fresh()
    fb = call(s, "book_travel_ticket", {"item_id": "train_001", "card": "card_001"})
    eid = fb["data"]["event_id"]
    events = call(s, "list_events", {"start_date": "2026-05-22", "end_date": "2026-05-22"})["data"]
    assert eid in [e["id"] for e in events]
    ev = s.get("events", eid)
    assert ev["location"] == "Emeryville Station (EMY)" and ev["reminder_minutes"] == 60
    nav = call(s, "start_navigation", {"event_id": eid, "mode": "transit"})["data"]
    assert nav["destination"]["id"] == "place_013" and nav["minutes_early"] > 0
    call(s, "cancel_travel_booking", {"booking_id": fb["data"]["booking"]["id"]})
    assert s.get("events", eid) is None
    assert s.get("trains", "train_001")["seats_left"] == 40
    # Navigation to an existing work event reads its location from the calendar.
    nav = call(s, "start_navigation", {"event_id": "event_001", "mode": "walk"})["data"]
    assert nav["destination"]["name"] == "Northwind Labs" and nav["minutes_early"] < 60


def test_navigation_in_new_york_and_airport_city_filter() -> None:
    s = fresh()
    s.set_setting("travel.current_place", "place_hotel_001")
    nav = call(s, "start_navigation", {"event_id": "event_010", "mode": "walk"})["data"]
    assert nav["destination"]["id"] == "place_014" and nav["distance_km"] == 0.2
    fb = execute(s, "start_navigation", {"destination": "airport", "mode": "transit"})
    assert fb["error_type"] == "Ambiguous"
    assert {c["id"] for c in fb["data"]["candidates"]} == {"place_015", "place_016"}  # JFK and EWR
    assert call(s, "start_navigation", {"destination": "JFK"})["data"]["destination"]["id"] == "place_015"
    assert call(s, "get_weather_forecast", {})["data"]["city"] == "New York"


def test_transit_status_follows_the_clock() -> None:
    def status(now: str) -> dict[str, Any]:
        return call(fresh(now=now), "get_transit_status", {"booking_id": "booking_001"})["data"]

    assert status("2026-05-26T07:40:00")["status"] == "boarding"
    mid = status("2026-05-26T10:00:00")
    assert mid["status"] == "in_air" and mid["progress_pct"] == 32
    assert status("2026-05-26T14:00:00")["status"] == "landed"
    late = fresh(now="2026-05-26T10:00:00")
    assert (
        execute(late, "cancel_travel_booking", {"booking_id": "booking_001"})["error_type"]
        == "PreconditionFailed"
    )
    assert execute(late, "book_flight", {"flight_id": "flight_003"})["error_type"] == "PreconditionFailed"


def test_rebook_flight_after_cancel_and_celsius() -> None:
    s = fresh()
    assert (
        execute(s, "book_flight", {"flight_id": "flight_016"})["status"] == "success"
    )  # 5/27 does not clash
    call(s, "cancel_travel_booking", {"booking_id": "booking_001"})
    fb = call(s, "book_flight", {"flight_id": "flight_004", "seat_type": "window", "card": "card_002"})
    assert fb["data"]["booking"]["details"]["seat"] == "10A"
    assert [b["id"] for b in call(s, "list_travel_bookings", {"kind": "flight"})["data"]] == [
        "booking_n002", "booking_n001", "booking_002",
    ]  # fmt: skip
    assert len(call(s, "list_travel_bookings", {"include_cancelled": True})["data"]) == 5
    s.set_setting("travel.temperature_unit", "C")
    day = call(s, "get_weather_forecast", {"city": "New York", "start_date": "2026-05-27"})["data"]
    assert day["unit"] == "C" and day["days"][0]["high"] == 18


def test_world_core_is_size_independent_and_deterministic() -> None:
    small, medium, large = (build_tables(size) for size in ("S", "M", "L"))
    for table in ("weather", "bookings", "wallet_cards"):
        assert small[table] == medium[table] == large[table]
    core = {
        "flights": [f"flight_{i:03d}" for i in range(1, 17)],
        "trains": [f"train_{i:03d}" for i in range(1, 6)],
        "hotels": [f"hotel_{i:03d}" for i in range(1, 10)],
        "attractions": [f"attr_{i:03d}" for i in range(1, 11)],
        "places": [p["id"] for p in tr._CORE_PLACES],
    }
    for table, keys in core.items():
        assert [small[table][k] for k in keys] == [large[table][k] for k in keys]
        assert len(small[table]) < len(medium[table]) < len(large[table])
    assert build_tables("M")["flights"] == medium["flights"]
    assert len(medium["weather"]) == 6 * 17
    for f in large["flights"].values():
        assert f["seats_left"] == sum(len(v) for v in f["seats"].values())
        assert tr.SCHEDULE_FROM <= f["depart"][:10] <= tr.SCHEDULE_TO
    for b in medium["bookings"].values():  # core bookings' seats are not free on the flight
        if b["kind"] == "flight":
            assert (
                b["details"]["seat"]
                not in medium["flights"][b["item_id"]]["seats"][b["details"]["seat_type"]]
            )
    assert medium["events"]["event_004"]["start"] == medium["flights"]["flight_001"]["depart"]
    assert medium["events"]["event_011"]["end"] == medium["flights"]["flight_002"]["arrive"]
    assert {"maps", "wallet"} <= set(medium["apps"])
    assert medium["settings"]["travel.current_place"] == {"value": "place_home"}


def test_place_lookups_follow_writes() -> None:
    """Place matches are kept per task patch until the episode writes places: a place added between
    two lookups makes a name ambiguous in the second, and another episode still resolves it."""
    s = fresh()
    assert call(s, "start_navigation", {"destination": "Northwind Labs"})["data"]["destination"]["id"] == "place_001"
    twin = {**s.get("places", "place_001"), "id": "place_twin", "aliases": []}
    s.put("places", "place_twin", twin)
    fb = execute(s, "start_navigation", {"destination": "Northwind Labs"})
    assert fb["error_type"] == "Ambiguous"
    assert {c["id"] for c in fb["data"]["candidates"]} == {"place_001", "place_twin"}
    nav = call(fresh(), "start_navigation", {"destination": "Northwind Labs"})["data"]
    assert nav["destination"]["id"] == "place_001"
