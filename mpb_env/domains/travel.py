"""Travel & Lifestyle: weather, flights, hotels, trains, attractions, bookings, navigation and payment codes.

Tables:
    weather: ``{"<city_id>|<date>": {"city_id", "city", "date", "condition", "high_f", "low_f",
        "precip_chance", "wind_mph", "humidity"}}`` for six cities, every day 2026-05-20 .. 2026-06-05.
    flights: ``{flight_id: {"id", "airline", "airline_code", "flight_number", "origin", "destination",
        "depart", "arrive", "duration_min", "stops", "price_usd", "seats": {"window": [seat], "aisle": [...],
        "middle": [...]}, "seats_left", "delay_min", "terminal", "gate"}}``; ``seats`` lists the *free* seats
        (A/F window, C/D aisle, B/E middle); ``depart``/``arrive`` are local times at each airport. Core
        flights ``flight_001`` .. ``flight_016``; bulk ``flight_101`` .. covers 2026-05-20 .. 2026-06-15.
    trains: ``{train_id: {"id", "operator", "service", "train_number", "origin", "destination",
        "origin_station", "destination_station", "depart", "arrive", "duration_min", "price_usd",
        "seats_left", "delay_min", "platform"}}`` (origin/destination are city names).
    hotels: ``{hotel_id: {"id", "name", "city", "address", "stars", "rating", "place_id",
        "rooms": {room_type: {"price_usd", "count", "quiet", "high_floor", "beds"}}}}``; a room type's
        availability for some nights is ``count`` minus the confirmed hotel bookings overlapping them.
    attractions: ``{attraction_id: {"id", "name", "city", "category", "place_id", "hours": {day: ["HH:MM",
        "HH:MM"] | None}, "ticket_price_usd", "daily_capacity", "visit_minutes", "sold_out_dates": [date]}}``.
    places: ``{place_id: {"id", "name", "city", "address", "kind", "aliases": [str], "x_km", "y_km"}}``,
        map points (km on a per-city grid) for navigation; hotels and attractions have one each.
    bookings: ``{booking_id: {"id", "kind": "flight"|"hotel"|"train"|"attraction", "item_id", "title",
        "city", "start", "end", "details", "quantity", "amount_usd", "card_id", "status":
        "confirmed"|"cancelled", "event_id", "created_at", "cancelled_at"}}``.
    wallet_cards: ``{card_id: {"id", "name", "network", "kind": "credit"|"debit"|"transit", "last4",
        "holder", "expires": "YYYY-MM", "default", "locked", "balance_usd"}}``.
    payment_codes: ``{code_id: {"id", "card_id", "card_name", "last4", "format", "code", "created_at",
        "expires_at"}}``.
    navigation: ``{"current": {"id", "origin", "destination", "event_id", "mode", "distance_km",
        "duration_min", "started_at", "eta", "minutes_early"}}`` while a route is being navigated.

Settings: ``travel.current_place`` (the place ID the phone is at, default ``place_home``) and
``travel.temperature_unit`` (``"F"`` or ``"C"``).

Cross-domain: bookings of flights, trains and attractions add a calendar event (Time Management's
``events`` table) and cancelling removes it; navigation to a calendar event reads the event's location;
booking and routing need the phone online (``network.*`` settings); the Wallet and Maps apps are added
to ``apps`` (Apps & Storage) with their runtime permissions.
"""

from __future__ import annotations

import hashlib
import math
import random
from datetime import date, datetime, timedelta
from typing import Any, Literal

from mpb_env.errors import (
    Ambiguous,
    CapabilityLimit,
    Conflict,
    InvalidArguments,
    NotFound,
    PreconditionFailed,
)
from mpb_env.tools.runtime import Ok, check_permission, ok, tool
from mpb_env.world.state import PhoneState, Record, Tables

DOMAIN = "Travel & Lifestyle"
SEED_ORDER = 58

SeatType = Literal["window", "aisle", "middle", "any"]
TravelMode = Literal["drive", "transit", "walk", "bike"]
BookingKind = Literal["flight", "hotel", "train", "attraction"]
CodeFormat = Literal["qr", "barcode", "tap"]
FlightSort = Literal["depart", "price", "duration"]

MAPS = ("maps", "LOCATION")
WALLET = ("wallet", "NOTIFICATIONS")
#: The app whose cards create_payment_code pays with: tap to pay needs it as the default payment app.
TAP_APP = "wallet"
PT = -7  # the phone's clock is Pacific time (UTC-7 in May/June)
MAX_TICKETS = 9
MAX_NIGHTS = 30
CODE_TTL_S = 60
SCHEDULE_FROM, SCHEDULE_TO = "2026-05-20", "2026-06-15"
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")

# city_id: (name, UTC offset, aliases, airports, rail station)
CITIES: dict[str, tuple[str, int, tuple[str, ...], tuple[str, ...], str]] = {
    "san_francisco": ("San Francisco", -7, ("sf", "san francisco", "san francisco, ca", "bay area"), ("SFO",),
                      "Emeryville Station (EMY)"),
    "new_york": ("New York", -4, ("nyc", "ny", "new york", "new york city", "manhattan"), ("JFK", "EWR"),
                 "New York Penn Station (NYP)"),
    "seattle": ("Seattle", -7, ("seattle",), ("SEA",), "Seattle King Street Station (SEA)"),
    "los_angeles": ("Los Angeles", -7, ("la", "los angeles"), ("LAX",), "Los Angeles Union Station (LAX)"),
    "chicago": ("Chicago", -5, ("chicago",), ("ORD",), "Chicago Union Station (CHI)"),
    "boston": ("Boston", -4, ("boston",), ("BOS",), "Boston South Station (BOS)"),
    "sacramento": ("Sacramento", -7, ("sacramento",), (), "Sacramento Valley Station (SAC)"),
    "washington": ("Washington", -4, ("washington", "washington dc", "dc"), (), "Washington Union Station (WAS)"),
    "philadelphia": ("Philadelphia", -4, ("philadelphia", "philly"), (), "Philadelphia 30th Street Station (PHL)"),
}  # fmt: skip
WEATHER_CITIES = ("san_francisco", "new_york", "seattle", "los_angeles", "chicago", "boston")
_CITY_BY_NAME = {CITIES[c][0]: c for c in CITIES}
AIRPORTS: dict[str, tuple[str, str]] = {  # code: (name, city_id)
    "SFO": ("San Francisco International", "san_francisco"),
    "JFK": ("John F. Kennedy International", "new_york"),
    "EWR": ("Newark Liberty International", "new_york"),
    "SEA": ("Seattle-Tacoma International", "seattle"),
    "LAX": ("Los Angeles International", "los_angeles"),
    "ORD": ("Chicago O'Hare International", "chicago"),
    "BOS": ("Boston Logan International", "boston"),
}
AIRLINES = {
    "UA": "United",
    "DL": "Delta",
    "AA": "American",
    "AS": "Alaska",
    "B6": "JetBlue",
    "WN": "Southwest",
}
_TERMINALS = {("SFO", "UA"): "3", ("SFO", "AS"): "2", ("JFK", "UA"): "7", ("JFK", "DL"): "4",
              ("JFK", "AA"): "8", ("JFK", "B6"): "5", ("EWR", "UA"): "C"}  # fmt: skip
_WINDOW, _AISLE = frozenset("AF"), frozenset("CD")


# --------------------------------------------------------------------------- world data
def _flight(
    fid: str, code: str, number: int, origin: str, dest: str, depart: str, duration: int, price: int,
    seats: list[str], stops: int = 0, delay: int = 0, gate: str = "F12",
) -> Record:  # fmt: skip
    dep = datetime.fromisoformat(depart)
    shift = CITIES[AIRPORTS[dest][1]][1] - CITIES[AIRPORTS[origin][1]][1]
    arrive = dep + timedelta(minutes=duration, hours=shift)
    return {
        "id": fid,
        "airline": AIRLINES[code],
        "airline_code": code,
        "flight_number": f"{code} {number}",
        "origin": origin,
        "destination": dest,
        "depart": dep.isoformat(),
        "arrive": arrive.isoformat(),
        "duration_min": duration,
        "stops": stops,
        "price_usd": price,
        "seats": _seat_groups(seats),
        "seats_left": len(seats),
        "delay_min": delay,
        "terminal": _TERMINALS.get((origin, code), "1"),
        "gate": gate,
    }


def _seat_kind(seat: str) -> str:
    letter = seat[-1]
    return "window" if letter in _WINDOW else "aisle" if letter in _AISLE else "middle"


def _seat_key(seat: str) -> tuple[int, str]:
    return int(seat[:-1]), seat[-1]


def _seat_groups(seats: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"window": [], "aisle": [], "middle": []}
    for seat in sorted(seats, key=_seat_key):
        out[_seat_kind(seat)].append(seat)
    return out


_ALL_SEATS = [f"{row}{letter}" for row in range(8, 36) for letter in "ABCDEF"]

# (id, airline, number, origin, destination, local departure, minutes, price, free seats, stops, delay, gate)
_CORE_FLIGHTS: list[tuple[Any, ...]] = [
    ("flight_001", "UA", 1532, "SFO", "JFK", "2026-05-26T08:15:00", 330, 389,
     ["11A", "12C", "15F", "18B", "19D", "21A", "24C", "27E", "30F"], 0, 0, "F12"),
    ("flight_002", "UA", 2215, "JFK", "SFO", "2026-05-28T17:00:00", 390, 412,
     ["9F", "14C", "16B", "20A", "23D", "28E"], 0, 25, "B31"),
    ("flight_003", "DL", 418, "SFO", "JFK", "2026-05-26T07:00:00", 335, 359, ["17B", "22E", "31B"], 0, 0, "B6"),
    ("flight_004", "AA", 178, "SFO", "JFK", "2026-05-26T10:30:00", 335, 402,
     ["10A", "10C", "14D", "19F", "25A", "26C", "29B"], 0, 0, "B18"),
    ("flight_005", "UA", 612, "SFO", "EWR", "2026-05-26T06:45:00", 320, 329,
     ["12A", "13D", "16F", "20C", "22B"], 0, 0, "E4"),
    ("flight_006", "AS", 1088, "SFO", "JFK", "2026-05-26T09:05:00", 445, 249,
     ["8A", "9C", "11E", "15A", "21D", "33F"], 1, 0, "D9"),
    ("flight_007", "UA", 1740, "SFO", "JFK", "2026-05-26T13:40:00", 330, 349, [], 0, 0, "F3"),
    ("flight_008", "UA", 2290, "JFK", "SFO", "2026-05-28T19:30:00", 395, 365,
     ["12F", "14A", "17C", "19D", "30B"], 0, 0, "B24"),
    ("flight_009", "DL", 1201, "JFK", "SFO", "2026-05-28T18:15:00", 390, 340, ["21A", "22C", "27B"], 0, 0, "A2"),
    ("flight_010", "UA", 1010, "SFO", "SEA", "2026-06-10T09:00:00", 125, 159,
     ["9A", "10D", "12F", "18C", "23A", "26E"], 0, 0, "F9"),
    ("flight_011", "AS", 331, "SFO", "SEA", "2026-06-10T07:30:00", 125, 139, ["11B", "14E", "16A", "20D"], 0, 0, "C5"),
    ("flight_012", "UA", 1015, "SEA", "SFO", "2026-06-12T18:00:00", 130, 171,
     ["8F", "13C", "17A", "22D", "29B"], 0, 0, "A11"),
    ("flight_013", "AS", 344, "SEA", "SFO", "2026-06-12T16:40:00", 130, 149, ["15A", "19C", "24F"], 0, 0, "C14"),
    ("flight_014", "UA", 501, "SFO", "LAX", "2026-06-03T08:00:00", 85, 119,
     ["10A", "12D", "14C", "21F", "27B"], 0, 0, "F2"),
    ("flight_015", "WN", 1400, "SFO", "LAX", "2026-06-03T07:15:00", 90, 99, ["16B", "18E", "31A"], 0, 0, "A3"),
    ("flight_016", "UA", 1532, "SFO", "JFK", "2026-05-27T08:15:00", 330, 429,
     ["10F", "13C", "18A", "22D", "26B"], 0, 0, "F12"),
]  # fmt: skip

# Route (origin, destination, minutes there, minutes back, base price, airlines) for the generated bulk.
_ROUTES: list[tuple[str, str, int, int, int, tuple[str, ...]]] = [
    ("SFO", "JFK", 330, 390, 360, ("UA", "DL", "AA", "B6")),
    ("SFO", "EWR", 325, 385, 320, ("UA", "AS")),
    ("SFO", "SEA", 125, 130, 150, ("UA", "AS", "DL")),
    ("SFO", "LAX", 85, 90, 110, ("UA", "AS", "DL", "WN")),
    ("SFO", "ORD", 255, 280, 260, ("UA", "AA")),
    ("SFO", "BOS", 335, 395, 370, ("UA", "DL", "B6", "AS")),
]


def _train(
    tid: str, service: str, number: int, origin: str, dest: str, depart: str, minutes: int, price: int,
    seats: int, delay: int = 0, platform: str = "4",
) -> Record:  # fmt: skip
    dep = datetime.fromisoformat(depart)
    shift = CITIES[_CITY_BY_NAME[dest]][1] - CITIES[_CITY_BY_NAME[origin]][1]
    return {
        "id": tid,
        "operator": "Amtrak",
        "service": service,
        "train_number": str(number),
        "origin": origin,
        "destination": dest,
        "origin_station": CITIES[_CITY_BY_NAME[origin]][4],
        "destination_station": CITIES[_CITY_BY_NAME[dest]][4],
        "depart": dep.isoformat(),
        "arrive": (dep + timedelta(minutes=minutes, hours=shift)).isoformat(),
        "duration_min": minutes,
        "price_usd": price,
        "seats_left": seats,
        "delay_min": delay,
        "platform": platform,
    }


_CORE_TRAINS: list[Record] = [
    _train("train_001", "Capitol Corridor", 527, "San Francisco", "Sacramento", "2026-05-22T08:10:00", 115, 32, 40),
    _train("train_002", "Acela", 2173, "New York", "Boston", "2026-05-27T14:00:00", 225, 189, 0, platform="7E"),
    _train("train_003", "Northeast Regional", 174, "New York", "Boston", "2026-05-27T15:05:00", 255, 79, 12,
           delay=10, platform="9W"),
    _train("train_004", "Northeast Regional", 195, "Boston", "New York", "2026-05-28T08:00:00", 250, 69, 20,
           platform="2"),
    _train("train_005", "Coast Starlight", 11, "San Francisco", "Los Angeles", "2026-06-03T08:35:00", 690, 64, 18),
]  # fmt: skip

# Train routes for the bulk: (origin, destination, services with (name, minutes, base price)).
_TRAIN_ROUTES: list[tuple[str, str, tuple[tuple[str, int, int], ...]]] = [
    ("San Francisco", "Sacramento", (("Capitol Corridor", 115, 32),)),
    ("San Francisco", "Los Angeles", (("Coast Starlight", 690, 64),)),
    ("San Francisco", "Seattle", (("Coast Starlight", 1320, 118),)),
    ("New York", "Boston", (("Acela", 225, 169), ("Northeast Regional", 255, 74))),
    ("New York", "Washington", (("Acela", 175, 159), ("Northeast Regional", 210, 69))),
    ("New York", "Philadelphia", (("Acela", 75, 99), ("Northeast Regional", 90, 42))),
]


def _place(
    pid: str, name: str, city: str, address: str, kind: str, x: float, y: float, aliases: tuple[str, ...] = ()
) -> Record:
    return {
        "id": pid,
        "name": name,
        "city": city,
        "address": address,
        "kind": kind,
        "aliases": list(aliases),
        "x_km": x,
        "y_km": y,
    }


SF, NY, SEA_, LA, CHI, BOS_ = "San Francisco", "New York", "Seattle", "Los Angeles", "Chicago", "Boston"
_CORE_PLACES: list[Record] = [
    _place("place_home", "Home", SF, "1180 Sanchez St, San Francisco", "home", 0.0, 0.0, ("home", "my house")),
    _place("place_001", "Northwind Labs", SF, "600 Howard St, San Francisco", "office", 3.6, 4.2,
           ("northwind", "office", "work")),
    _place("place_002", "San Francisco International Airport (SFO)", SF, "SFO, San Francisco", "airport",
           -0.5, -16.0, ("sfo", "sfo airport", "san francisco airport")),
    _place("place_003", "Tartine Manufactory", SF, "595 Alabama St, San Francisco", "restaurant", 1.6, 1.3,
           ("tartine",)),
    _place("place_004", "Bay Dental", SF, "450 Sutter St, San Francisco", "clinic", 2.6, 4.9, ("dentist",)),
    _place("place_005", "Lincoln Elementary", SF, "2510 Diamond St, San Francisco", "school", 0.4, -1.1,
           ("emma's school",)),
    _place("place_006", "Nopa", SF, "560 Divisadero St, San Francisco", "restaurant", -0.5, 3.1),
    _place("place_007", "Blue Bottle Coffee, Mint Plaza", SF, "66 Mint St, San Francisco", "cafe", 2.8, 4.4,
           ("blue bottle",)),
    _place("place_008", "Equinox SoMa", SF, "747 Market St, San Francisco", "gym", 3.2, 3.8, ("equinox", "gym")),
    _place("place_009", "Mission Family Clinic", SF, "2700 24th St, San Francisco", "clinic", 1.2, 0.4),
    _place("place_010", "Ferry Building", SF, "1 Ferry Building, San Francisco", "landmark", 3.9, 5.6),
    _place("place_011", "Dolores Park", SF, "Dolores St & 19th St, San Francisco", "park", 0.7, 1.6),
    _place("place_012", "Golden Gate Park", SF, "Golden Gate Park, San Francisco", "park", -3.5, 2.5),
    _place("place_013", "Emeryville Station", SF, "5885 Horton St, Emeryville", "station", 6.8, 10.5,
           ("amtrak station", "emeryville")),
    _place("place_014", "Hudson Partners", NY, "55 Water St, New York", "office", 0.0, 0.0),
    _place("place_015", "John F. Kennedy International Airport (JFK)", NY, "JFK, Queens, New York", "airport",
           17.0, -5.0, ("jfk", "jfk airport", "kennedy airport")),
    _place("place_016", "Newark Liberty International Airport (EWR)", NY, "EWR, Newark, New Jersey", "airport",
           -13.0, -4.0, ("ewr", "newark airport", "newark")),
    _place("place_017", "New York Penn Station", NY, "8th Ave & 31st St, New York", "station", 0.5, 5.3,
           ("penn station",)),
    _place("place_018", "Times Square", NY, "Broadway & 7th Ave, New York", "landmark", 1.2, 6.2),
    _place("place_019", "Seattle-Tacoma International Airport (SEA)", SEA_, "SEA, Seattle", "airport",
           0.0, -18.0, ("sea", "sea-tac", "seattle airport")),
    _place("place_020", "Pike Place Market", SEA_, "85 Pike St, Seattle", "landmark", 0.0, 0.0),
    _place("place_021", "Los Angeles International Airport (LAX)", LA, "LAX, Los Angeles", "airport",
           -4.0, -6.0, ("lax", "la airport")),
    _place("place_022", "Boston Logan International Airport (BOS)", BOS_, "BOS, Boston", "airport",
           3.0, 1.0, ("logan", "logan airport")),
    _place("place_023", "Chicago O'Hare International Airport (ORD)", CHI, "ORD, Chicago", "airport",
           -20.0, 10.0, ("ord", "o'hare")),
]  # fmt: skip


def _room(price: int, count: int, quiet: bool, high: bool, beds: str) -> Record:
    return {"price_usd": price, "count": count, "quiet": quiet, "high_floor": high, "beds": beds}


# (id, name, city, address, stars, rating, x, y, rooms)
_CORE_HOTELS: list[tuple[Any, ...]] = [
    ("hotel_001", "Harborview Hotel Financial District", NY, "88 Water St, New York", 4, 4.5, 0.1, 0.05,
     {"standard_queen": _room(289, 6, False, False, "1 queen"),
      "quiet_king": _room(329, 2, True, True, "1 king"),
      "suite": _room(540, 1, True, True, "1 king + sofa")}),
    ("hotel_002", "Midtown Loft Hotel", NY, "151 W 54th St, New York", 3, 4.1, 1.5, 6.5,
     {"standard_queen": _room(219, 8, False, False, "1 queen"),
      "quiet_queen": _room(249, 0, True, False, "1 queen")}),
    ("hotel_003", "The Greenwich Arms", NY, "24 Bank St, New York", 5, 4.8, -0.6, 3.0,
     {"deluxe_king": _room(410, 3, True, False, "1 king"),
      "tower_king": _room(465, 2, True, True, "1 king")}),
    ("hotel_004", "Pike Place Suites", SEA_, "1511 1st Ave, Seattle", 4, 4.4, 0.1, 0.1,
     {"standard_king": _room(239, 5, False, True, "1 king"),
      "quiet_king": _room(265, 2, True, True, "1 king")}),
    ("hotel_005", "Lake Union Lodge", SEA_, "920 Westlake Ave N, Seattle", 3, 4.0, 0.2, 3.0,
     {"standard_queen": _room(179, 6, True, False, "2 queens")}),
    ("hotel_006", "Union Square Grand", SF, "345 Stockton St, San Francisco", 4, 4.3, 2.5, 4.8,
     {"standard_king": _room(259, 4, False, False, "1 king"),
      "city_view_king": _room(309, 2, False, True, "1 king")}),
    ("hotel_007", "Santa Monica Shores", LA, "1700 Ocean Ave, Santa Monica", 4, 4.2, -9.0, 1.0,
     {"ocean_king": _room(349, 3, True, True, "1 king")}),
    ("hotel_008", "Back Bay Court", BOS_, "40 Dalton St, Boston", 4, 4.3, -1.5, -0.5,
     {"standard_queen": _room(229, 5, False, False, "1 queen")}),
    ("hotel_009", "Loop Tower Hotel", CHI, "12 E Wacker Dr, Chicago", 4, 4.2, 0.0, 0.5,
     {"high_floor_king": _room(239, 4, True, True, "1 king")}),
]  # fmt: skip

_WEEK = {d: ["09:00", "17:00"] for d in DAYS}
# (id, name, city, category, address, x, y, hours, price, capacity, minutes, sold-out dates)
_CORE_ATTRACTIONS: list[tuple[Any, ...]] = [
    ("attr_001", "Museum of Modern Art (MoMA)", NY, "museum", "11 W 53rd St, New York", 1.7, 6.9,
     {d: ["10:30", "17:30"] for d in DAYS}, 30, 400, 150, []),
    ("attr_002", "Top of the Rock", NY, "viewpoint", "30 Rockefeller Plaza, New York", 1.9, 6.6,
     {d: ["09:00", "23:00"] for d in DAYS}, 40, 300, 60, []),
    ("attr_003", "Statue of Liberty Ferry", NY, "tour", "Battery Park, New York", -0.5, -0.3,
     {d: ["08:30", "16:00"] for d in DAYS}, 25, 200, 240, ["2026-05-27"]),
    ("attr_004", "The Metropolitan Museum of Art", NY, "museum", "1000 5th Ave, New York", 3.0, 9.0,
     {**{d: ["10:00", "17:00"] for d in DAYS}, "wed": None}, 30, 500, 180, []),
    ("attr_005", "Alcatraz Island Tour", SF, "tour", "Pier 33, San Francisco", 3.0, 6.5,
     {d: ["08:40", "18:30"] for d in DAYS}, 45, 150, 180, ["2026-05-23"]),
    ("attr_006", "California Academy of Sciences", SF, "museum", "55 Music Concourse Dr, San Francisco",
     -2.5, 2.7, {**{d: ["09:30", "17:00"] for d in DAYS}, "sun": ["11:00", "17:00"]}, 40, 300, 180, []),
    ("attr_007", "Exploratorium", SF, "museum", "Pier 15, San Francisco", 3.5, 6.0,
     {**{d: ["10:00", "17:00"] for d in DAYS}, "mon": None}, 35, 250, 150, []),
    ("attr_008", "Space Needle", SEA_, "viewpoint", "400 Broad St, Seattle", -0.9, 1.6,
     {d: ["10:00", "21:00"] for d in DAYS}, 35, 300, 60, []),
    ("attr_009", "Museum of Pop Culture", SEA_, "museum", "325 5th Ave N, Seattle", -0.8, 1.7,
     {d: ["10:00", "17:00"] for d in DAYS}, 33, 250, 120, []),
    ("attr_010", "Griffith Observatory", LA, "viewpoint", "2800 E Observatory Rd, Los Angeles", 2.0, 9.0,
     {**{d: ["12:00", "22:00"] for d in DAYS}, "mon": None}, 0, 800, 120, []),
]  # fmt: skip

CORE_CARDS: list[Record] = [
    {"id": "card_001", "name": "Chase Sapphire Visa", "network": "visa", "kind": "credit", "last4": "4242",
     "holder": "Alex Morgan", "expires": "2028-09", "default": True, "locked": False, "balance_usd": None},
    {"id": "card_002", "name": "Northwind Labs Corporate Amex", "network": "amex", "kind": "credit",
     "last4": "1005", "holder": "Alex Morgan", "expires": "2027-03", "default": False, "locked": False,
     "balance_usd": None},
    {"id": "card_003", "name": "Wells Fargo Debit Visa", "network": "visa", "kind": "debit", "last4": "7781",
     "holder": "Alex Morgan", "expires": "2026-04", "default": False, "locked": False, "balance_usd": None},
    {"id": "card_004", "name": "Clipper Card", "network": "clipper", "kind": "transit", "last4": "3390",
     "holder": "Alex Morgan", "expires": "2031-12", "default": False, "locked": False, "balance_usd": 12.5},
    {"id": "card_005", "name": "Citi Double Cash Mastercard", "network": "mastercard", "kind": "credit",
     "last4": "5100", "holder": "Alex Morgan", "expires": "2029-01", "default": False, "locked": True,
     "balance_usd": None},
]  # fmt: skip


def _booking(
    bid: str, kind: str, item: str, title: str, city: str, start: str, end: str, details: dict,
    qty: int, amount: float, card: str, event: str | None, created: str,
) -> Record:  # fmt: skip
    return {
        "id": bid,
        "kind": kind,
        "item_id": item,
        "title": title,
        "city": city,
        "start": start,
        "end": end,
        "details": details,
        "quantity": qty,
        "amount_usd": amount,
        "card_id": card,
        "status": "confirmed",
        "event_id": event,
        "created_at": created,
        "cancelled_at": None,
    }


CORE_BOOKINGS: list[Record] = [
    _booking("booking_001", "flight", "flight_001", "UA 1532 SFO→JFK", NY, "2026-05-26T08:15:00",
             "2026-05-26T16:45:00", {"seat": "14A", "seat_type": "window", "confirmation": "KX7Q2P"}, 1, 389,
             "card_002", "event_004", "2026-05-12T14:03:00"),
    _booking("booking_002", "flight", "flight_002", "UA 2215 JFK→SFO", SF, "2026-05-28T17:00:00",
             "2026-05-28T20:30:00", {"seat": "22C", "seat_type": "aisle", "confirmation": "KX7Q2P"}, 1, 412,
             "card_002", "event_011", "2026-05-12T14:03:00"),
    _booking("booking_003", "attraction", "attr_005", "Alcatraz Island Tour", SF, "2026-05-30T08:40:00",
             "2026-05-30T11:40:00", {"visit_date": "2026-05-30"}, 3, 135, "card_001", None,
             "2026-05-15T20:11:00"),
]  # fmt: skip

# (city_id, date): (condition, high °F, low °F, precipitation %, wind mph)
_CORE_WEATHER: dict[tuple[str, str], tuple[str, int, int, int, int]] = {
    ("san_francisco", "2026-05-20"): ("sunny", 68, 53, 5, 12),
    ("san_francisco", "2026-05-23"): ("fog", 61, 52, 10, 14),
    ("new_york", "2026-05-26"): ("cloudy", 70, 58, 30, 9),
    ("new_york", "2026-05-27"): ("rain", 64, 55, 85, 15),
    ("new_york", "2026-05-28"): ("thunderstorms", 78, 63, 70, 18),
    ("seattle", "2026-06-05"): ("showers", 63, 49, 60, 8),
}
# Late-May climate per city: (average high °F, average low °F, chance of a wet day, foggy)
_CLIMATE = {
    "san_francisco": (65, 52, 0.08, True),
    "new_york": (74, 60, 0.3, False),
    "seattle": (66, 50, 0.3, False),
    "los_angeles": (73, 60, 0.04, True),
    "chicago": (72, 54, 0.35, False),
    "boston": (70, 54, 0.3, False),
}
_HOTEL_WORDS = (("Grand", "Park", "Harbor", "City", "Royal", "Garden", "Central", "Riverside", "Summit", "Maple"),
                ("Hotel", "Inn", "Suites", "Lodge", "House"))  # fmt: skip
_ATTR_WORDS = (("Modern", "Historic", "Botanical", "Maritime", "Children's", "Science", "Railway", "Art"),
               ("Museum", "Garden", "Gallery", "Center"))  # fmt: skip


def _app_record(
    app_id: str, name: str, package: str, category: str, perms: tuple[str, ...], size: int
) -> Record:
    return {
        "id": app_id,
        "name": name,
        "package": package,
        "category": category,
        "permissions": {p: True for p in perms},
        "size_mb": size,
        "notifications": True,
        "running": False,
    }


def ensure_app(tables: Tables, app_id: str, name: str, package: str, category: str, perms: tuple[str, ...],
               size: int) -> None:  # fmt: skip
    """Add an app record if it is missing, or grant the permissions this domain relies on if it exists."""
    apps = tables.setdefault("apps", {})
    old = apps.get(app_id)
    if old is None:
        apps[app_id] = _app_record(app_id, name, package, category, perms, size)
    else:
        missing = {p: True for p in perms if p not in old.get("permissions", {})}
        if missing:
            apps[app_id] = {**old, "permissions": {**old.get("permissions", {}), **missing}}


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    settings = tables.setdefault("settings", {})
    settings.setdefault("travel.current_place", {"value": "place_home"})
    settings.setdefault("travel.temperature_unit", {"value": "F"})
    ensure_app(tables, "maps", "Maps", "com.mobilepa.maps", "travel", ("LOCATION", "CALENDAR"), 96)
    ensure_app(tables, "wallet", "Wallet", "com.mobilepa.wallet", "finance", ("NOTIFICATIONS", "CAMERA"), 58)

    # Scale-independent draws first, so the core reads the same at every size.
    weather: dict[str, Record] = {}
    first = date.fromisoformat("2026-05-20")
    for cid in WEATHER_CITIES:
        hi0, lo0, wet, foggy = _CLIMATE[cid]
        for k in range(17):
            day = (first + timedelta(days=k)).isoformat()
            hi = hi0 + rng.randint(-5, 6)
            lo = min(hi - 6, lo0 + rng.randint(-4, 4))
            roll = rng.random()
            if roll < wet:
                cond, precip = rng.choice(("rain", "showers", "thunderstorms")), rng.randint(55, 90)
            elif roll < wet + 0.25:
                cond, precip = ("fog" if foggy else "cloudy"), rng.randint(10, 35)
            elif roll < wet + 0.55:
                cond, precip = "partly_cloudy", rng.randint(5, 25)
            else:
                cond, precip = "sunny", rng.randint(0, 10)
            wind = rng.randint(4, 18)
            core = _CORE_WEATHER.get((cid, day))
            if core is not None:
                cond, hi, lo, precip, wind = core
            weather[f"{cid}|{day}"] = {
                "city_id": cid,
                "city": CITIES[cid][0],
                "date": day,
                "condition": cond,
                "high_f": hi,
                "low_f": lo,
                "precip_chance": precip,
                "wind_mph": wind,
                "humidity": rng.randint(45, 90) if precip > 40 else rng.randint(30, 70),
            }
    tables["weather"] = weather

    flights = {row[0]: _flight(*row) for row in _CORE_FLIGHTS}
    trains = {t["id"]: dict(t) for t in _CORE_TRAINS}
    places = {p["id"]: dict(p, aliases=list(p["aliases"])) for p in _CORE_PLACES}
    hotels: dict[str, Record] = {}
    for hid, name, city, addr, stars, rating, x, y, rooms in _CORE_HOTELS:
        pid = f"place_{hid}"
        places[pid] = _place(pid, name, city, addr, "hotel", x, y)
        hotels[hid] = {"id": hid, "name": name, "city": city, "address": addr, "stars": stars, "rating": rating,
                       "place_id": pid, "rooms": {k: dict(v) for k, v in rooms.items()}}  # fmt: skip
    attractions: dict[str, Record] = {}
    for aid, name, city, cat, addr, x, y, hours, price, cap, minutes, sold in _CORE_ATTRACTIONS:
        pid = f"place_{aid}"
        places[pid] = _place(pid, name, city, addr, "attraction", x, y)
        attractions[aid] = _attraction(aid, name, city, cat, pid, hours, price, cap, minutes, sold)

    # Generated bulk, scaled.
    days = [(first + timedelta(days=k)).isoformat() for k in range(27)]  # 2026-05-20 .. 2026-06-15
    per_day = max(1, round(3 * scale))
    n = 0
    for origin, dest, there, back, base, codes in _ROUTES:
        for a, b, minutes in ((origin, dest, there), (dest, origin, back)):
            for day in days:
                for _ in range(per_day):
                    code = rng.choice(codes)
                    stops = 1 if rng.random() < 0.2 else 0
                    dep = f"{day}T{rng.randint(6, 21):02d}:{rng.randrange(0, 60, 5):02d}:00"
                    left = 0 if rng.random() < 0.08 else rng.randint(1, 14)
                    price = round(base * rng.uniform(0.75, 1.7) * (0.85 if stops else 1.0))
                    fid = f"flight_{101 + n:03d}"
                    flights[fid] = _flight(
                        fid, code, rng.randint(100, 2999), a, b, dep, minutes + stops * 75 + rng.randint(-10, 15),
                        price, rng.sample(_ALL_SEATS, left), stops, rng.choice((0, 0, 0, 0, 0, 0, 10, 20, 35, 60, 120)),
                        f"{rng.choice('ABCDEFG')}{rng.randint(1, 40)}",
                    )  # fmt: skip
                    n += 1
    tables["flights"] = flights

    per_day = max(1, round(2 * scale))
    n = 0
    for origin, dest, services in _TRAIN_ROUTES:
        for a, b in ((origin, dest), (dest, origin)):
            for day in days:
                for _ in range(per_day):
                    service, minutes, base = rng.choice(services)
                    dep = f"{day}T{rng.randint(5, 20):02d}:{rng.randrange(0, 60, 5):02d}:00"
                    tid = f"train_{101 + n:03d}"
                    trains[tid] = _train(
                        tid, service, rng.randint(2, 2299), a, b, dep, minutes, round(base * rng.uniform(0.8, 1.6)),
                        0 if rng.random() < 0.07 else rng.randint(1, 60), rng.choice((0, 0, 0, 0, 5, 15, 30)),
                        str(rng.randint(1, 14)),
                    )  # fmt: skip
                    n += 1
    tables["trains"] = trains

    used = {h["name"] for h in hotels.values()}
    n_hotels = round(24 * scale)
    i = 0
    while i < n_hotels:
        cid = rng.choice(WEATHER_CITIES)
        city = CITIES[cid][0]
        name = f"{rng.choice(_HOTEL_WORDS[0])} {rng.choice(_HOTEL_WORDS[1])} {city}"
        if name in used:
            name = f"{name} {i + 2}"
        used.add(name)
        hid, pid = f"hotel_{101 + i:03d}", f"place_hotel_{101 + i:03d}"
        addr = f"{rng.randint(10, 999)} {rng.choice(('Main', 'Oak', 'Pine', 'Market', 'Lake', 'Hill'))} St, {city}"
        places[pid] = _place(
            pid, name, city, addr, "hotel", round(rng.uniform(-8, 8), 1), round(rng.uniform(-8, 8), 1)
        )
        rooms = {
            "standard_queen": _room(
                rng.randint(129, 329), rng.randint(0, 8), rng.random() < 0.3, False, "1 queen"
            )
        }
        if rng.random() < 0.6:
            rooms["quiet_king"] = _room(
                rng.randint(169, 399), rng.randint(0, 4), True, rng.random() < 0.7, "1 king"
            )
        hotels[hid] = {"id": hid, "name": name, "city": city, "address": addr, "stars": rng.randint(2, 5),
                       "rating": round(rng.uniform(3.2, 4.9), 1), "place_id": pid, "rooms": rooms}  # fmt: skip
        i += 1
    tables["hotels"] = hotels

    n_attr = round(12 * scale)
    for i in range(n_attr):
        cid = rng.choice(WEATHER_CITIES)
        city = CITIES[cid][0]
        name = f"{city} {rng.choice(_ATTR_WORDS[0])} {rng.choice(_ATTR_WORDS[1])}"
        aid, pid = f"attr_{101 + i:03d}", f"place_attr_{101 + i:03d}"
        places[pid] = _place(pid, name, city, f"{rng.randint(1, 500)} Museum Way, {city}", "attraction",
                             round(rng.uniform(-8, 8), 1), round(rng.uniform(-8, 8), 1))  # fmt: skip
        closed = rng.choice((None, "mon", "tue"))
        hours = {d: (None if d == closed else ["10:00", "17:00"]) for d in DAYS}
        attractions[aid] = _attraction(
            aid, name, city, "museum", pid, hours, rng.choice((0, 15, 20, 25)), rng.randint(50, 400),
            rng.choice((60, 90, 120)), [],
        )  # fmt: skip
    tables["attractions"] = attractions
    tables["places"] = places
    tables["bookings"] = {b["id"]: dict(b, details=dict(b["details"])) for b in CORE_BOOKINGS}
    tables["wallet_cards"] = {c["id"]: dict(c) for c in CORE_CARDS}
    tables["payment_codes"] = {}
    tables["navigation"] = {}


def _attraction(
    aid: str, name: str, city: str, cat: str, pid: str, hours: dict, price: int, cap: int, minutes: int,
    sold: list[str],
) -> Record:  # fmt: skip
    return {
        "id": aid,
        "name": name,
        "city": city,
        "category": cat,
        "place_id": pid,
        "hours": {d: (list(h) if h else None) for d, h in hours.items()},
        "ticket_price_usd": price,
        "daily_capacity": cap,
        "visit_minutes": minutes,
        "sold_out_dates": list(sold),
    }


# --------------------------------------------------------------------------- helpers
def _day(value: str, field: str) -> str:
    try:
        return date.fromisoformat(value.strip()[:10] if "T" in value else value.strip()).isoformat()
    except ValueError:
        raise InvalidArguments(
            f'{field} {value!r} is not an ISO date such as "2026-05-26"', field=field
        ) from None


def _not_past(s: PhoneState, day: str, field: str) -> None:
    today = s.now().date().isoformat()
    if day < today:
        raise InvalidArguments(f"{field} {day} is in the past (today is {today})", field=field)


def _city_id(ref: str) -> str:
    q = " ".join(ref.casefold().split()).strip(" ,.")
    if not q:
        raise InvalidArguments("city must not be empty")
    for cid, (name, _tz, aliases, airports, _st) in CITIES.items():
        if q == cid or q == name.casefold() or q in aliases or q.upper() in airports:
            return cid
    head = q.split(",")[0].strip()
    if head != q:
        return _city_id(head)
    known = ", ".join(c[0] for c in CITIES.values())
    raise NotFound(f"unknown city {ref!r}; known cities: {known}", city=ref)


def _airports(ref: str) -> tuple[str, ...]:
    code = ref.strip().upper()
    if code in AIRPORTS:
        return (code,)
    cid = _city_id(ref)
    ports = CITIES[cid][3]
    if not ports:
        raise NotFound(f"{CITIES[cid][0]} has no airport with scheduled flights; try search_trains", city=ref)
    return ports


def _tz_of_airport(code: str) -> int:
    return CITIES[AIRPORTS[code][1]][1]


def _tz_of_city(name: str) -> int:
    cid = _CITY_BY_NAME.get(name)
    return PT if cid is None else CITIES[cid][1]


def _to_pt(local: str, tz: int) -> datetime:
    return datetime.fromisoformat(local) + timedelta(hours=PT - tz)


def _online(s: PhoneState, what: str) -> None:
    airplane = s.setting("network.airplane_mode", False)
    if not (s.setting("network.wifi", False) or (s.setting("network.mobile_data", False) and not airplane)):
        raise PreconditionFailed(
            f"the phone is offline; turn on Wi-Fi or mobile data to {what}",
            settings=["network.wifi", "network.mobile_data", "network.airplane_mode"],
        )


_INDEX: dict[tuple[int, str], tuple[Any, dict[tuple[str, str, str], list[str]]]] = {}


def _route_key(rec: Record) -> tuple[str, str, str]:
    return rec["origin"], rec["destination"], rec["depart"][:10]


def _route_rows(s: PhoneState, table: str, origin: str, dest: str, day: str) -> list[Record]:
    """Rows of flights/trains for one (origin, destination, day): base index lookup plus the overlays."""
    world = s.world
    hit = _INDEX.get((id(world), table))
    if hit is None or hit[0] is not world:
        idx: dict[tuple[str, str, str], list[str]] = {}
        for key, rec in world.tables.get(table, {}).items():
            idx.setdefault(_route_key(rec), []).append(key)
        if len(_INDEX) > 16:
            _INDEX.clear()
        hit = _INDEX[(id(world), table)] = (world, idx)
    want = (origin, dest, day)
    out: dict[str, Record] = {}
    for key in hit[1].get(want, ()):
        rec = s.get(table, key)
        if rec is not None and _route_key(rec) == want:
            out[key] = rec
    for layer in (s.patch.tables.get(table), s.writes.get(table)):
        for key in layer or ():
            if key not in out:
                rec = s.get(table, key)
                if rec is not None and _route_key(rec) == want:
                    out[key] = rec
    return list(out.values())


def _card(s: PhoneState, ref: str | None) -> Record:
    if ref is None:
        for rec in s.values("wallet_cards"):
            if rec["default"]:
                return rec
        raise PreconditionFailed(
            "Wallet has no default card; pass card, e.g. a card name or its last 4 digits"
        )
    q = ref.strip()
    if not q:
        raise InvalidArguments("card must not be empty; omit it to use the default card")
    rec = s.get("wallet_cards", q)
    if rec is not None:
        return rec
    fold = q.casefold()
    hits = [
        c
        for c in s.values("wallet_cards")
        if fold in c["name"].casefold() or q == c["last4"] or fold == c["network"] or fold == c["kind"]
    ]
    if not hits:
        raise NotFound(f"no card in Wallet matches {ref!r}", card=ref)
    if len(hits) > 1:
        raise Ambiguous(
            f"{len(hits)} Wallet cards match {ref!r}; pass the card ID",
            candidates=[{"id": c["id"], "name": c["name"], "last4": c["last4"]} for c in hits],
        )
    return hits[0]


def _usable_card(s: PhoneState, card: Record, booking: bool) -> None:
    month = s.now().strftime("%Y-%m")
    if card["expires"] < month:
        raise PreconditionFailed(
            f"{card['name']} ••{card['last4']} expired in {card['expires']}; choose another card",
            card_id=card["id"],
        )
    if card["locked"]:
        raise PreconditionFailed(
            f"{card['name']} ••{card['last4']} is locked in Wallet; choose another card", card_id=card["id"]
        )
    if booking and card["kind"] == "transit":
        raise CapabilityLimit(
            f"{card['name']} is a transit card and cannot pay for bookings", card_id=card["id"]
        )


def _booking_rec(s: PhoneState, booking_id: str) -> Record:
    rec = s.get("bookings", booking_id)
    if rec is None:
        raise NotFound(
            f"no booking with id {booking_id!r}; list_travel_bookings shows IDs", booking_id=booking_id
        )
    return rec


def _pt_interval(s: PhoneState, b: Record) -> tuple[datetime, datetime]:
    """A booking's start and end on the phone's (Pacific) clock."""
    if b["kind"] == "flight":
        f = s.get("flights", b["item_id"])
        if f is not None:
            return _to_pt(b["start"], _tz_of_airport(f["origin"])), _to_pt(
                b["end"], _tz_of_airport(f["destination"])
            )
    if b["kind"] == "train":
        t = s.get("trains", b["item_id"])
        if t is not None:
            return _to_pt(b["start"], _tz_of_city(t["origin"])), _to_pt(
                b["end"], _tz_of_city(t["destination"])
            )
    tz = _tz_of_city(b["city"])
    return _to_pt(b["start"], tz), _to_pt(b["end"], tz)


def _transport_clash(s: PhoneState, start: datetime, end: datetime, item_id: str) -> None:
    for b in s.values("bookings"):
        if b["status"] != "confirmed" or b["kind"] not in ("flight", "train"):
            continue
        if b["item_id"] == item_id:
            raise Conflict(f"{b['title']} is already booked ({b['id']})", booking_id=b["id"])
        b0, b1 = _pt_interval(s, b)
        if b0 < end and start < b1:
            raise Conflict(
                f"this trip overlaps your booking {b['id']} ({b['title']}, {b['start']}); cancel it first",
                booking_id=b["id"],
            )


def _calendar_ok(s: PhoneState, add: bool) -> None:
    if add:
        check_permission(s, "calendar", "CALENDAR")


def _add_event(s: PhoneState, title: str, start: str, end: str, location: str, reminder: int) -> str:
    eid = s.new_id("event")
    s.put(
        "events",
        eid,
        {
            "id": eid,
            "title": title,
            "start": start,
            "end": end,
            "location": location,
            "attendees": [],
            "reminder_minutes": reminder,
            "calendar": "personal",
        },
    )
    return eid


def _new_booking(s: PhoneState, rec: Record) -> Record:
    rec = {**rec, "status": "confirmed", "created_at": s.now_iso(), "cancelled_at": None}
    s.put("bookings", rec["id"], rec)
    return rec


def _hotel_taken(s: PhoneState, hotel_id: str, room_type: str, check_in: str, check_out: str) -> int:
    taken = 0
    for b in s.values("bookings"):
        if (
            b["kind"] == "hotel"
            and b["status"] == "confirmed"
            and b["item_id"] == hotel_id
            and b["details"].get("room_type") == room_type
            and b["start"][:10] < check_out
            and check_in < b["end"][:10]
        ):
            taken += b["quantity"]
    return taken


def _tickets_left(s: PhoneState, attr: Record, day: str) -> int:
    if day in attr["sold_out_dates"]:
        return 0
    sold = sum(
        b["quantity"]
        for b in s.values("bookings")
        if b["kind"] == "attraction"
        and b["status"] == "confirmed"
        and b["item_id"] == attr["id"]
        and b["start"][:10] == day
    )
    return max(0, attr["daily_capacity"] - sold)


def _weekday(day: str) -> str:
    return DAYS[date.fromisoformat(day).weekday()]


def _c_to_unit(s: PhoneState, value_f: int) -> int:
    if s.setting("travel.temperature_unit", "F") == "C":
        return round((value_f - 32) * 5 / 9)
    return value_f


# --------------------------------------------------------------------------- weather
@tool(DOMAIN)
def get_weather_forecast(
    s: PhoneState, city: str | None = None, start_date: str | None = None, days: int = 1
) -> Ok:
    """Get the daily weather forecast for a city (condition, high/low, chance of rain, wind).

    Args:
        city: City name or airport code, e.g. "New York" or "SEA"; the city the phone is in when omitted.
        start_date: First day of the forecast, e.g. "2026-05-27"; today when omitted.
        days: Number of consecutive days (1-7), e.g. 3.

    Returns:
        ``{"city", "unit": "F"|"C", "days": [{"date", "condition", "high", "low", "precip_chance",
        "wind_mph", "humidity"}]}``; days past the end of the forecast are left out.

    Raises:
        InvalidArguments: the date is malformed or days is outside 1..7.
        NotFound: the city is unknown or has no forecast.
        CapabilityLimit: the start date lies outside the available forecast window.
    """
    if not 1 <= days <= 7:
        raise InvalidArguments(f"days must be between 1 and 7, got {days}", field="days")
    if city is None:
        here = s.get("places", s.setting("travel.current_place", "place_home"))
        cid = _CITY_BY_NAME.get(here["city"] if here else "San Francisco", "san_francisco")
    else:
        cid = _city_id(city)
    name = CITIES[cid][0]
    first = s.now().date().isoformat() if start_date is None else _day(start_date, "start_date")
    if cid not in WEATHER_CITIES:
        cities = ", ".join(CITIES[c][0] for c in WEATHER_CITIES)
        raise NotFound(f"no forecast is available for {name}; forecasts cover {cities}", city=name)
    if s.get("weather", f"{cid}|{first}") is None:
        raise CapabilityLimit(f"no forecast for {name} on {first}; forecasts cover 2026-05-20 to 2026-06-05")
    unit = s.setting("travel.temperature_unit", "F")
    rows = []
    d0 = date.fromisoformat(first)
    for k in range(days):
        rec = s.get("weather", f"{cid}|{(d0 + timedelta(days=k)).isoformat()}")
        if rec is None:
            break
        rows.append(
            {
                "date": rec["date"],
                "condition": rec["condition"],
                "high": _c_to_unit(s, rec["high_f"]),
                "low": _c_to_unit(s, rec["low_f"]),
                "precip_chance": rec["precip_chance"],
                "wind_mph": rec["wind_mph"],
                "humidity": rec["humidity"],
            }
        )
    top = rows[0]
    msg = (
        f"{name} {top['date']}: {top['condition'].replace('_', ' ')}, {top['high']}°{unit}/{top['low']}°{unit}, "
        f"{top['precip_chance']}% rain" + (f" (+{len(rows) - 1} more days)" if len(rows) > 1 else "")
    )
    return ok(msg, {"city": name, "unit": unit, "days": rows})


# --------------------------------------------------------------------------- flights
def _flight_view(f: Record) -> Record:
    seats = f["seats"]
    return {
        **{k: v for k, v in f.items() if k != "seats"},
        "free_seats": {k: list(v) for k, v in seats.items()},
        "seat_counts": {k: len(v) for k, v in seats.items()},
    }


@tool(DOMAIN)
def search_flights(
    s: PhoneState,
    origin: str,
    destination: str,
    date: str,
    nonstop_only: bool = False,
    airline: str | None = None,
    max_price: int | None = None,
    seat_type: SeatType = "any",
    sort_by: FlightSort = "depart",
) -> Ok:
    """Search scheduled flights between two cities or airports on one day, with prices and free seats.

    Args:
        origin: Departure city or airport code, e.g. "San Francisco" or "SFO".
        destination: Arrival city or airport code, e.g. "New York" (JFK and EWR) or "JFK".
        date: Local departure date, e.g. "2026-05-26".
        nonstop_only: Only flights without stops, e.g. true.
        airline: Only this airline, by name or code, e.g. "United" or "UA".
        max_price: Highest fare in US dollars, e.g. 400.
        seat_type: Only flights with a free seat of this type, e.g. "aisle"; "any" for no filter.
        sort_by: Order of the results, e.g. "price".

    Returns:
        Flight records (id, airline, flight_number, origin, destination, depart, arrive, duration_min,
        stops, price_usd, seats_left, delay_min, terminal, gate, free_seats by type, seat_counts).

    Raises:
        InvalidArguments: the date is malformed or in the past, origin equals destination, or max_price is
            not positive.
        NotFound: a city or airport is unknown or has no airport.
        CapabilityLimit: the date is past the published schedule (2026-06-15).
    """
    day = _day(date, "date")
    _not_past(s, day, "date")
    if day > SCHEDULE_TO:
        raise CapabilityLimit(
            f"airline schedules are published through {SCHEDULE_TO}; {day} is not on sale yet"
        )
    if max_price is not None and max_price <= 0:
        raise InvalidArguments(f"max_price must be positive, got {max_price}", field="max_price")
    src, dst = _airports(origin), _airports(destination)
    if set(src) & set(dst) or AIRPORTS[src[0]][1] == AIRPORTS[dst[0]][1]:
        raise InvalidArguments("origin and destination must be different cities")
    want = airline.strip().casefold() if airline else ""
    rows = []
    for a in src:
        for b in dst:
            for f in _route_rows(s, "flights", a, b, day):
                if nonstop_only and f["stops"]:
                    continue
                if want and want not in (f["airline"].casefold(), f["airline_code"].casefold()):
                    continue
                if max_price is not None and f["price_usd"] > max_price:
                    continue
                if seat_type != "any" and not f["seats"][seat_type]:
                    continue
                rows.append(f)
    sort_key = {"depart": "depart", "price": "price_usd", "duration": "duration_min"}[sort_by]
    rows.sort(key=lambda f: (f[sort_key], f["depart"], f["id"]))
    out = [_flight_view(f) for f in rows]
    return ok(f"{len(out)} flights {'/'.join(src)}→{'/'.join(dst)} on {day}", out)


@tool(DOMAIN, mutates=True)
def book_flight(
    s: PhoneState,
    flight_id: str,
    seat_type: SeatType = "any",
    seat: str | None = None,
    card: str | None = None,
    add_to_calendar: bool = True,
) -> Ok:
    """Book one economy seat on a flight, paying with a Wallet card; optionally add it to the calendar.

    Args:
        flight_id: The flight's ID from search_flights, e.g. "flight_004".
        seat_type: Preferred seat type when no exact seat is given, e.g. "aisle"; "any" takes the first free.
        seat: An exact free seat, e.g. "14D" (overrides seat_type).
        card: Wallet card to pay with: card ID, name or last 4 digits, e.g. "card_002" or "Amex"; the
            default card when omitted.
        add_to_calendar: Also create a calendar event for the flight, e.g. true.

    Returns:
        ``{"booking": <the booking record>, "event_id": str | None}``.

    Raises:
        NotFound: no flight has this ID, or no Wallet card matches.
        InvalidArguments: the seat is malformed or card is empty.
        Ambiguous: several Wallet cards match the card text; ``candidates`` lists them.
        PreconditionFailed: the flight has departed, is sold out or has no free seat of the asked type; the
            card is expired or locked; or the phone is offline.
        CapabilityLimit: the card is a transit card.
        Conflict: the seat is taken, or the flight is already booked or overlaps another flight/train booking.
        PermissionDenied: add_to_calendar is set and the Calendar app lacks the CALENDAR permission.
    """
    f = s.get("flights", flight_id)
    if f is None:
        raise NotFound(f"no flight with id {flight_id!r}; use search_flights", flight_id=flight_id)
    dep_pt = _to_pt(f["depart"], _tz_of_airport(f["origin"]))
    arr_pt = _to_pt(f["arrive"], _tz_of_airport(f["destination"]))
    if dep_pt <= s.now():
        raise PreconditionFailed(f"{f['flight_number']} departed at {f['depart']}", flight_id=flight_id)
    if f["seats_left"] <= 0:
        raise PreconditionFailed(
            f"{f['flight_number']} on {f['depart'][:10]} is sold out", flight_id=flight_id
        )
    if seat is not None:
        code = seat.strip().upper()
        if not (
            2 <= len(code) <= 3
            and code[:-1].isascii()
            and code[:-1].isdigit()
            and code[-1] in "ABCDEF"
            and 1 <= int(code[:-1]) <= 40
        ):
            raise InvalidArguments(
                f"seat {seat!r} is not a seat like '14A' (rows 1-40, letters A-F)", field="seat"
            )
        kind = _seat_kind(code)
        if code not in f["seats"][kind]:
            raise Conflict(
                f"seat {code} on {f['flight_number']} is taken; free {kind} seats: {f['seats'][kind]}",
                free_seats=f["seats"],
            )
        chosen = code
    elif seat_type == "any":
        chosen = min((x for group in f["seats"].values() for x in group), key=_seat_key)
    else:
        if not f["seats"][seat_type]:
            counts = {k: len(v) for k, v in f["seats"].items()}
            raise PreconditionFailed(
                f"no {seat_type} seats left on {f['flight_number']}; free seats by type: {counts}",
                seat_counts=counts,
            )
        chosen = f["seats"][seat_type][0]
    pay = _card(s, card)
    _usable_card(s, pay, booking=True)
    _online(s, "book a flight")
    _transport_clash(s, dep_pt, arr_pt, flight_id)
    _calendar_ok(s, add_to_calendar)
    kind = _seat_kind(chosen)
    seats = {**f["seats"], kind: [x for x in f["seats"][kind] if x != chosen]}
    s.update("flights", flight_id, seats=seats, seats_left=f["seats_left"] - 1)
    dest_city = CITIES[AIRPORTS[f["destination"]][1]][0]
    event_id = None
    if add_to_calendar:
        event_id = _add_event(
            s,
            f"Flight to {dest_city} ({f['flight_number']})",
            f["depart"],
            f["arrive"],
            f"{f['origin']} Terminal {f['terminal']} ({f['flight_number']} to {f['destination']})",
            120,
        )
    bid = s.new_id("booking")
    rec = _new_booking(
        s,
        {
            "id": bid,
            "kind": "flight",
            "item_id": flight_id,
            "title": f"{f['flight_number']} {f['origin']}→{f['destination']}",
            "city": dest_city,
            "start": f["depart"],
            "end": f["arrive"],
            "details": {"seat": chosen, "seat_type": kind, "confirmation": _confirmation(bid, flight_id)},
            "quantity": 1,
            "amount_usd": f["price_usd"],
            "card_id": pay["id"],
            "event_id": event_id,
        },
    )
    return ok(
        f"Booked {f['flight_number']} {f['depart']} seat {chosen} for ${f['price_usd']} on {pay['name']} ({bid})",
        {"booking": rec, "event_id": event_id},
    )


def _confirmation(*parts: str) -> str:
    digest = hashlib.sha256("|".join(parts).encode()).hexdigest().upper()
    return "".join(ch for ch in digest if ch not in "0O1I")[:6]


# --------------------------------------------------------------------------- hotels
def _stay(s: PhoneState, check_in: str, check_out: str) -> tuple[str, str, int]:
    d0, d1 = _day(check_in, "check_in"), _day(check_out, "check_out")
    _not_past(s, d0, "check_in")
    nights = (date.fromisoformat(d1) - date.fromisoformat(d0)).days
    if nights < 1:
        raise InvalidArguments(f"check_out {d1} must be after check_in {d0}", field="check_out")
    if nights > MAX_NIGHTS:
        raise CapabilityLimit(f"stays are limited to {MAX_NIGHTS} nights, got {nights}")
    return d0, d1, nights


@tool(DOMAIN)
def search_hotels(
    s: PhoneState,
    city: str,
    check_in: str,
    check_out: str,
    max_price: int | None = None,
    quiet_room: bool = False,
    high_floor: bool = False,
) -> Ok:
    """Search hotels in a city for a stay, with each room type's nightly price and availability.

    Args:
        city: The city, e.g. "New York".
        check_in: Arrival date, e.g. "2026-05-26".
        check_out: Departure date after check_in, e.g. "2026-05-28".
        max_price: Highest nightly price in US dollars, e.g. 300.
        quiet_room: Only quiet room types, e.g. true.
        high_floor: Only high-floor room types, e.g. true.

    Returns:
        Hotels, cheapest available first: ``{"id", "name", "address", "stars", "rating", "nights",
        "rooms": [{"room_type", "price_usd", "total_usd", "available", "quiet", "high_floor", "beds"}]}``;
        sold-out room types are listed with ``available`` 0.

    Raises:
        InvalidArguments: a date is malformed, in the past, or check_out is not after check_in.
        NotFound: the city is unknown.
        CapabilityLimit: the stay is longer than 30 nights.
    """
    name = CITIES[_city_id(city)][0]
    d0, d1, nights = _stay(s, check_in, check_out)
    out = []
    for h in s.values("hotels"):
        if h["city"] != name:
            continue
        rooms = []
        for rtype, r in h["rooms"].items():
            if (quiet_room and not r["quiet"]) or (high_floor and not r["high_floor"]):
                continue
            if max_price is not None and r["price_usd"] > max_price:
                continue
            left = max(0, r["count"] - _hotel_taken(s, h["id"], rtype, d0, d1))
            rooms.append({"room_type": rtype, **r, "total_usd": r["price_usd"] * nights, "available": left})
        if rooms:
            rooms.sort(key=lambda r: (r["available"] == 0, r["price_usd"]))
            out.append(
                {k: h[k] for k in ("id", "name", "address", "stars", "rating")}
                | {"nights": nights, "rooms": rooms}
            )
    out.sort(key=lambda h: (h["rooms"][0]["available"] == 0, h["rooms"][0]["price_usd"], h["id"]))
    return ok(f"{len(out)} hotels in {name} for {nights} nights from {d0}", out)


@tool(DOMAIN, mutates=True)
def book_hotel(
    s: PhoneState, hotel_id: str, room_type: str, check_in: str, check_out: str, card: str | None = None
) -> Ok:
    """Book a hotel room for a stay, paying with a Wallet card.

    Args:
        hotel_id: The hotel's ID from search_hotels, e.g. "hotel_001".
        room_type: One of the hotel's room types, e.g. "quiet_king".
        check_in: Arrival date, e.g. "2026-05-26".
        check_out: Departure date after check_in, e.g. "2026-05-28".
        card: Wallet card to pay with: card ID, name or last 4 digits, e.g. "card_002"; the default card when
            omitted.

    Returns:
        The booking record (details hold room_type, nights and confirmation).

    Raises:
        NotFound: no hotel has this ID, it has no such room type, or no Wallet card matches.
        InvalidArguments: a date is malformed or in the past, check_out is not after check_in, or card is empty.
        CapabilityLimit: the stay is longer than 30 nights, or the card is a transit card.
        Ambiguous: several Wallet cards match the card text.
        PreconditionFailed: the room type is sold out for these nights, the card is expired or locked, or
            the phone is offline.
        Conflict: another confirmed hotel booking overlaps these nights.
    """
    h = s.get("hotels", hotel_id)
    if h is None:
        raise NotFound(f"no hotel with id {hotel_id!r}; use search_hotels", hotel_id=hotel_id)
    room = h["rooms"].get(room_type)
    if room is None:
        raise NotFound(
            f"{h['name']} has no room type {room_type!r}; room types: {sorted(h['rooms'])}",
            room_types=sorted(h["rooms"]),
        )
    d0, d1, nights = _stay(s, check_in, check_out)
    if room["count"] - _hotel_taken(s, hotel_id, room_type, d0, d1) <= 0:
        raise PreconditionFailed(f"{room_type} at {h['name']} is sold out for {d0}..{d1}", hotel_id=hotel_id)
    pay = _card(s, card)
    _usable_card(s, pay, booking=True)
    _online(s, "book a hotel")
    for b in s.values("bookings"):
        if (
            b["kind"] == "hotel"
            and b["status"] == "confirmed"
            and b["start"][:10] < d1
            and d0 < b["end"][:10]
        ):
            raise Conflict(
                f"you already have {b['title']} for {b['start'][:10]}..{b['end'][:10]} ({b['id']}); cancel it first",
                booking_id=b["id"],
            )
    bid = s.new_id("booking")
    rec = _new_booking(
        s,
        {
            "id": bid,
            "kind": "hotel",
            "item_id": hotel_id,
            "title": h["name"],
            "city": h["city"],
            "start": f"{d0}T15:00:00",
            "end": f"{d1}T11:00:00",
            "details": {
                "room_type": room_type,
                "nights": nights,
                "confirmation": _confirmation(bid, hotel_id),
            },
            "quantity": 1,
            "amount_usd": room["price_usd"] * nights,
            "card_id": pay["id"],
            "event_id": None,
        },
    )
    return ok(f"Booked {room_type} at {h['name']} {d0}..{d1} for ${rec['amount_usd']} ({bid})", rec)


# --------------------------------------------------------------------------- trains and attractions
@tool(DOMAIN)
def search_trains(s: PhoneState, origin: str, destination: str, date: str) -> Ok:
    """Search Amtrak trains between two cities on one day.

    Args:
        origin: Departure city, e.g. "New York".
        destination: Arrival city, e.g. "Boston".
        date: Local departure date, e.g. "2026-05-27".

    Returns:
        Train records sorted by departure (id, operator, service, train_number, origin, destination,
        origin_station, destination_station, depart, arrive, duration_min, price_usd, seats_left,
        delay_min, platform).

    Raises:
        InvalidArguments: the date is malformed or in the past, or origin equals destination.
        NotFound: a city is unknown.
        CapabilityLimit: the date is past the published schedule (2026-06-15).
    """
    day = _day(date, "date")
    _not_past(s, day, "date")
    if day > SCHEDULE_TO:
        raise CapabilityLimit(f"train schedules are published through {SCHEDULE_TO}")
    a, b = CITIES[_city_id(origin)][0], CITIES[_city_id(destination)][0]
    if a == b:
        raise InvalidArguments("origin and destination must be different cities")
    rows = sorted(_route_rows(s, "trains", a, b, day), key=lambda t: (t["depart"], t["id"]))
    return ok(f"{len(rows)} trains {a}→{b} on {day}", rows)


@tool(DOMAIN)
def search_attractions(
    s: PhoneState, city: str, visit_date: str | None = None, query: str | None = None
) -> Ok:
    """Search attractions in a city with opening hours, ticket prices and tickets left on a date.

    Args:
        city: The city, e.g. "New York".
        visit_date: The day you want to go, e.g. "2026-05-27"; shows that day's hours and tickets left.
        query: Text in the name or category, e.g. "museum".

    Returns:
        Attractions (id, name, city, category, ticket_price_usd, visit_minutes, hours by weekday, plus
        ``open_on_date``, ``hours_on_date`` and ``tickets_left`` when visit_date is given).

    Raises:
        InvalidArguments: the date is malformed or in the past.
        NotFound: the city is unknown.
    """
    name = CITIES[_city_id(city)][0]
    day = None
    if visit_date is not None:
        day = _day(visit_date, "visit_date")
        _not_past(s, day, "visit_date")
    needle = query.strip().casefold() if query else ""
    rows = []
    for a in s.values("attractions"):
        if a["city"] != name or (needle and needle not in f"{a['name']}\n{a['category']}".casefold()):
            continue
        row = {k: v for k, v in a.items() if k not in ("daily_capacity", "sold_out_dates")}
        if day is not None:
            hours = a["hours"].get(_weekday(day))
            row |= {"open_on_date": hours is not None, "hours_on_date": hours,
                    "tickets_left": _tickets_left(s, a, day) if hours else 0}  # fmt: skip
        rows.append(row)
    rows.sort(key=lambda r: (r["name"], r["id"]))
    return ok(f"{len(rows)} attractions in {name}" + (f" on {day}" if day else ""), rows)


@tool(DOMAIN, mutates=True)
def book_travel_ticket(
    s: PhoneState,
    item_id: str,
    quantity: int = 1,
    visit_date: str | None = None,
    card: str | None = None,
    add_to_calendar: bool = True,
) -> Ok:
    """Buy tickets for a train or an attraction, paying with a Wallet card.

    Args:
        item_id: A train ID from search_trains or an attraction ID from search_attractions, e.g. "train_003"
            or "attr_001".
        quantity: Number of tickets (1-9), e.g. 2.
        visit_date: The visit day, required for attractions, e.g. "2026-05-27"; for a train it must be the
            train's date if given.
        card: Wallet card to pay with: card ID, name or last 4 digits, e.g. "4242"; the default card when omitted.
        add_to_calendar: Also create a calendar event, e.g. true.

    Returns:
        ``{"booking": <the booking record>, "event_id": str | None}``.

    Raises:
        NotFound: no train or attraction has this ID, or no Wallet card matches.
        InvalidArguments: quantity is below 1, visit_date is missing, malformed, in the past or not the
            train's date, or card is empty.
        CapabilityLimit: more than 9 tickets, or the card is a transit card.
        Ambiguous: several Wallet cards match the card text.
        PreconditionFailed: the train has left or has too few seats, the attraction is closed or sold out
            that day, the card is expired or locked, or the phone is offline.
        Conflict: the same train or attraction day is already booked, or the train overlaps another trip.
        PermissionDenied: add_to_calendar is set and the Calendar app lacks the CALENDAR permission.
    """
    if quantity < 1:
        raise InvalidArguments(f"quantity must be at least 1, got {quantity}", field="quantity")
    if quantity > MAX_TICKETS:
        raise CapabilityLimit(f"at most {MAX_TICKETS} tickets per booking, got {quantity}")
    train = s.get("trains", item_id)
    attr = None if train is not None else s.get("attractions", item_id)
    if train is None and attr is None:
        raise NotFound(f"no train or attraction with id {item_id!r}", item_id=item_id)
    if train is not None:
        day = train["depart"][:10]
        if visit_date is not None and _day(visit_date, "visit_date") != day:
            raise InvalidArguments(f"train {item_id} runs on {day}, not {visit_date}", field="visit_date")
        start_pt = _to_pt(train["depart"], _tz_of_city(train["origin"]))
        end_pt = _to_pt(train["arrive"], _tz_of_city(train["destination"]))
        label = f"{train['service']} {train['train_number']}"
        if start_pt <= s.now():
            raise PreconditionFailed(f"{label} left at {train['depart']}", item_id=item_id)
        if train["seats_left"] < quantity:
            raise PreconditionFailed(
                f"{label} on {day} has {train['seats_left']} seats left, {quantity} asked",
                seats_left=train["seats_left"],
            )
        pay = _card(s, card)
        _usable_card(s, pay, booking=True)
        _online(s, "buy tickets")
        _transport_clash(s, start_pt, end_pt, item_id)
        _calendar_ok(s, add_to_calendar)
        s.update("trains", item_id, seats_left=train["seats_left"] - quantity)
        start, end, city = train["depart"], train["arrive"], train["destination"]
        title = f"{label} {train['origin']}→{train['destination']}"
        ev_title, ev_place, reminder = f"Train to {city} ({label})", train["origin_station"], 60
        amount = train["price_usd"] * quantity
        details: dict[str, Any] = {"train_number": train["train_number"]}
    else:
        assert attr is not None
        if visit_date is None:
            raise InvalidArguments("visit_date is required for attraction tickets", field="visit_date")
        day = _day(visit_date, "visit_date")
        _not_past(s, day, "visit_date")
        hours = attr["hours"].get(_weekday(day))
        if hours is None:
            raise PreconditionFailed(
                f"{attr['name']} is closed on {_weekday(day)} {day}", hours=attr["hours"]
            )
        for b in s.values("bookings"):
            if b["status"] == "confirmed" and b["item_id"] == item_id and b["start"][:10] == day:
                raise Conflict(
                    f"you already have tickets for {attr['name']} on {day} ({b['id']})", booking_id=b["id"]
                )
        left = _tickets_left(s, attr, day)
        if left < quantity:
            raise PreconditionFailed(
                f"{attr['name']} has {left} tickets left on {day}, {quantity} asked", tickets_left=left
            )
        pay = _card(s, card)
        _usable_card(s, pay, booking=True)
        _online(s, "buy tickets")
        _calendar_ok(s, add_to_calendar)
        t0 = datetime.fromisoformat(f"{day}T{hours[0]}:00")
        start, end, city = (
            t0.isoformat(),
            (t0 + timedelta(minutes=attr["visit_minutes"])).isoformat(),
            attr["city"],
        )
        title = attr["name"]
        place = s.get("places", attr["place_id"])
        ev_title, ev_place, reminder = (
            f"Visit {attr['name']}",
            place["address"] if place else attr["city"],
            30,
        )
        amount = attr["ticket_price_usd"] * quantity
        details = {"visit_date": day}
    event_id = _add_event(s, ev_title, start, end, ev_place, reminder) if add_to_calendar else None
    bid = s.new_id("booking")
    rec = _new_booking(
        s,
        {
            "id": bid,
            "kind": "train" if train is not None else "attraction",
            "item_id": item_id,
            "title": title,
            "city": city,
            "start": start,
            "end": end,
            "details": {**details, "confirmation": _confirmation(bid, item_id)},
            "quantity": quantity,
            "amount_usd": amount,
            "card_id": pay["id"],
            "event_id": event_id,
        },
    )
    return ok(
        f"Booked {quantity} × {title} on {start[:10]} for ${amount} ({bid})",
        {"booking": rec, "event_id": event_id},
    )


# --------------------------------------------------------------------------- bookings
@tool(DOMAIN)
def list_travel_bookings(
    s: PhoneState,
    kind: BookingKind | None = None,
    include_cancelled: bool = False,
    upcoming_only: bool = False,
) -> Ok:
    """List travel bookings (flights, hotels, trains, attraction tickets), soonest first.

    Args:
        kind: Only this kind of booking, e.g. "flight".
        include_cancelled: Also list cancelled bookings, e.g. true.
        upcoming_only: Only bookings that have not started yet, e.g. true.

    Returns:
        Booking records (id, kind, item_id, title, city, start, end, details, quantity, amount_usd, card_id,
        status, event_id, created_at, cancelled_at).
    """
    now = s.now()
    rows = [
        b
        for b in s.values("bookings")
        if (kind is None or b["kind"] == kind)
        and (include_cancelled or b["status"] == "confirmed")
        and (not upcoming_only or _pt_interval(s, b)[0] > now)
    ]
    rows.sort(key=lambda b: (b["start"], b["id"]))
    return ok(f"{len(rows)} bookings", rows)


@tool(DOMAIN, mutates=True)
def cancel_travel_booking(s: PhoneState, booking_id: str) -> Ok:
    """Cancel a booking that has not started: frees the seat or room, refunds the card, removes its event.

    Args:
        booking_id: The booking's ID, e.g. "booking_003".

    Returns:
        ``{"booking": <the cancelled record>, "refund_usd", "removed_event_id": str | None}``.

    Raises:
        NotFound: no booking has this ID.
        PreconditionFailed: the booking is already cancelled or has already started.
        PermissionDenied: the booking has a calendar event and the Calendar app lacks the CALENDAR permission.
    """
    b = _booking_rec(s, booking_id)
    if b["status"] == "cancelled":
        raise PreconditionFailed(f"booking {booking_id} was already cancelled at {b['cancelled_at']}")
    if _pt_interval(s, b)[0] <= s.now():
        raise PreconditionFailed(f"{b['title']} already started at {b['start']}; it cannot be cancelled")
    event = s.get("events", b["event_id"]) if b["event_id"] else None
    if event is not None:
        check_permission(s, "calendar", "CALENDAR")
    if b["kind"] == "flight":
        f = s.get("flights", b["item_id"])
        seat = b["details"].get("seat")
        if f is not None and seat:
            kind = _seat_kind(seat)
            group = sorted({*f["seats"][kind], seat}, key=_seat_key)
            s.update("flights", f["id"], seats={**f["seats"], kind: group}, seats_left=f["seats_left"] + 1)
    elif b["kind"] == "train":
        t = s.get("trains", b["item_id"])
        if t is not None:
            s.update("trains", t["id"], seats_left=t["seats_left"] + b["quantity"])
    if event is not None:
        s.delete("events", event["id"])
    rec = s.update("bookings", booking_id, status="cancelled", cancelled_at=s.now_iso())
    removed = event["id"] if event is not None else None
    return ok(
        f"Cancelled {b['title']} ({booking_id}); ${b['amount_usd']} refunded"
        + (f"; removed {removed} from the calendar" if removed else ""),
        {"booking": rec, "refund_usd": b["amount_usd"], "removed_event_id": removed},
    )


@tool(DOMAIN)
def get_transit_status(s: PhoneState, booking_id: str | None = None, trip_id: str | None = None) -> Ok:
    """Track a flight or train live: on time or delayed, boarding, in the air / en route, or arrived.

    Args:
        booking_id: A flight or train booking, e.g. "booking_001"; give this or trip_id.
        trip_id: A flight or train ID to track without a booking, e.g. "flight_002" or "train_003".

    Returns:
        ``{"trip_id", "kind", "number", "origin", "destination", "status", "delay_min",
        "scheduled_departure", "estimated_departure", "scheduled_arrival", "estimated_arrival",
        "terminal", "gate", "platform", "progress_pct"}`` (local times at each end).

    Raises:
        InvalidArguments: neither or both of booking_id and trip_id were given.
        NotFound: no booking, flight or train has this ID.
        PreconditionFailed: the booking is cancelled.
        CapabilityLimit: the booking is a hotel or attraction booking, which has no live status.
    """
    if (booking_id is None) == (trip_id is None):
        raise InvalidArguments("give exactly one of booking_id or trip_id")
    if booking_id is not None:
        b = _booking_rec(s, booking_id)
        if b["kind"] not in ("flight", "train"):
            raise CapabilityLimit(
                f"{b['kind']} bookings have no live status; only flights and trains are tracked"
            )
        if b["status"] == "cancelled":
            raise PreconditionFailed(f"booking {booking_id} is cancelled")
        trip_id = b["item_id"]
    assert trip_id is not None
    trip = s.get("flights", trip_id)
    kind = "flight"
    if trip is None:
        trip, kind = s.get("trains", trip_id), "train"
    if trip is None:
        raise NotFound(f"no flight or train with id {trip_id!r}", trip_id=trip_id)
    if kind == "flight":
        tz0, tz1 = _tz_of_airport(trip["origin"]), _tz_of_airport(trip["destination"])
        number, boarding = trip["flight_number"], 40
    else:
        tz0, tz1 = _tz_of_city(trip["origin"]), _tz_of_city(trip["destination"])
        number, boarding = f"{trip['service']} {trip['train_number']}", 15
    delay = timedelta(minutes=trip["delay_min"])
    dep, arr = _to_pt(trip["depart"], tz0) + delay, _to_pt(trip["arrive"], tz1) + delay
    now = s.now()
    progress = None
    if now < dep - timedelta(minutes=boarding):
        status = "delayed" if trip["delay_min"] else "on_time"
    elif now < dep:
        status = "boarding"
    elif now < arr:
        status = "in_air" if kind == "flight" else "en_route"
        progress = round(100 * (now - dep).total_seconds() / (arr - dep).total_seconds())
    else:
        status = "landed" if kind == "flight" else "arrived"
        progress = 100
    est_dep = (datetime.fromisoformat(trip["depart"]) + delay).isoformat()
    est_arr = (datetime.fromisoformat(trip["arrive"]) + delay).isoformat()
    data = {
        "trip_id": trip_id,
        "kind": kind,
        "number": number,
        "origin": trip["origin"],
        "destination": trip["destination"],
        "status": status,
        "delay_min": trip["delay_min"],
        "scheduled_departure": trip["depart"],
        "estimated_departure": est_dep,
        "scheduled_arrival": trip["arrive"],
        "estimated_arrival": est_arr,
        "terminal": trip.get("terminal"),
        "gate": trip.get("gate"),
        "platform": trip.get("platform"),
        "progress_pct": progress,
    }
    late = f", {trip['delay_min']} min late" if trip["delay_min"] else ""
    return ok(f"{number}: {status.replace('_', ' ')}{late}; departs {est_dep}, arrives {est_arr}", data)


# --------------------------------------------------------------------------- navigation
def _word_at(hay: str, needle: str) -> int:
    """Index of ``needle`` in ``hay`` as whole words, or -1."""
    start = 0
    while True:
        i = hay.find(needle, start)
        if i < 0:
            return -1
        j = i + len(needle)
        if (i == 0 or not hay[i - 1].isalnum()) and (j == len(hay) or not hay[j].isalnum()):
            return i
        start = i + 1


def _place_for_text(s: PhoneState, text: str) -> Record | None:
    """The map place named earliest (then longest) in a free-text location, e.g. an event's location."""
    hay = text.casefold()
    return s.unwritten_memo("place_for_text", ("places",), hay, lambda: _place_named_in(s, hay))


def _place_named_in(s: PhoneState, hay: str) -> Record | None:
    """``_place_for_text`` of the case-folded text ``hay``."""
    best: tuple[int, int, str] | None = None
    found = None
    for p in s.values("places"):
        for name in (p["name"].casefold(), *p["aliases"]):
            if len(name) < 3:
                continue
            i = _word_at(hay, name)
            if i >= 0:
                key = (i, -len(name), p["id"])
                if best is None or key < best:
                    best, found = key, p
    return found


def _resolve_place(s: PhoneState, ref: str, field: str, near_city: str | None) -> Record:
    q = " ".join(ref.casefold().split())
    if not q:
        raise InvalidArguments(f"{field} must not be empty", field=field)
    rec = s.get("places", ref.strip())
    if rec is not None:
        return rec
    ref_rec = s.get("hotels", ref.strip()) or s.get("attractions", ref.strip())
    if ref_rec is not None and s.get("places", ref_rec["place_id"]) is not None:
        return s.get("places", ref_rec["place_id"])  # type: ignore[return-value]
    exact, partial = s.unwritten_memo("place_matches", ("places",), q, lambda: _place_matches(s, q))
    hits = exact or partial
    if len(hits) > 1 and near_city is not None:
        local = [p for p in hits if p["city"] == near_city]
        hits = local or hits
    if not hits:
        raise NotFound(f"no place on the map matches {ref!r}", field=field, query=ref)
    if len(hits) > 1:
        raise Ambiguous(
            f"{len(hits)} places match {ref!r}; pass a place ID",
            candidates=[
                {"id": p["id"], "name": p["name"], "city": p["city"], "address": p["address"]} for p in hits
            ],
        )
    return hits[0]


def _place_matches(s: PhoneState, q: str) -> tuple[list[Record], list[Record]]:
    """The places named or aliased exactly ``q`` (normalised), and those whose name, address or an
    alias contains it."""
    exact: list[Record] = []
    partial: list[Record] = []
    for p in s.values("places"):
        name = p["name"].casefold()
        if q == name or q in p["aliases"]:
            exact.append(p)
        elif q in name or q in p["address"].casefold() or any(q in a for a in p["aliases"]):
            partial.append(p)
    return exact, partial


_SPEED_KMH = {"drive": 32.0, "transit": 18.0, "walk": 4.8, "bike": 15.0}
_MAX_KM = {"walk": 25.0, "bike": 60.0}


@tool(DOMAIN, mutates=True, permission=MAPS)
def start_navigation(
    s: PhoneState,
    destination: str | None = None,
    event_id: str | None = None,
    mode: TravelMode = "drive",
    origin: str | None = None,
) -> Ok:
    """Start turn-by-turn navigation to a place or to a calendar event's location, with distance and ETA.

    Args:
        destination: Place name, address or place ID, e.g. "Ferry Building" or "place_014"; give this or
            event_id.
        event_id: Navigate to this calendar event's location, e.g. "event_002"; give this or destination.
        mode: How you travel, e.g. "transit".
        origin: Where to start, e.g. "Home" or "JFK"; the phone's current place when omitted.

    Returns:
        The navigation session: ``{"id", "origin", "destination", "event_id", "mode", "distance_km",
        "duration_min", "started_at", "eta", "minutes_early"}`` (``minutes_early`` is negative when you
        would arrive after the event starts, null without an event).

    Raises:
        InvalidArguments: neither or both of destination and event_id were given, a text is empty, or origin
            and destination are the same place.
        NotFound: no place matches, no event has this ID, or the event's location is not on the map.
        Ambiguous: several places match the text; ``candidates`` lists them.
        PreconditionFailed: the event has no location, or the phone is offline.
        CapabilityLimit: the places are in different cities, or the route is too long to walk or bike.
        PermissionDenied: Maps lacks LOCATION, or (for event_id) the CALENDAR permission.
    """
    if (destination is None) == (event_id is None):
        raise InvalidArguments("give exactly one of destination or event_id")
    here_id = s.setting("travel.current_place", "place_home")
    start = _resolve_place(s, origin, "origin", None) if origin is not None else s.get("places", here_id)
    if start is None:
        raise NotFound(f"the current place {here_id!r} is not on the map; pass origin", origin=here_id)
    event = None
    if event_id is not None:
        check_permission(s, "maps", "CALENDAR")
        event = s.get("events", event_id)
        if event is None:
            raise NotFound(f"no event with id {event_id!r}; list_events shows IDs", event_id=event_id)
        if not event["location"].strip():
            raise PreconditionFailed(
                f"event {event_id} ({event['title']!r}) has no location", event_id=event_id
            )
        dest = _place_for_text(s, event["location"])
        if dest is None:
            raise NotFound(
                f"the location {event['location']!r} of {event_id} is not a place on the map",
                event_id=event_id,
            )
    else:
        assert destination is not None
        dest = _resolve_place(s, destination, "destination", start["city"])
    if dest["id"] == start["id"]:
        raise InvalidArguments(f"you are already at {dest['name']}")
    if dest["city"] != start["city"]:
        raise CapabilityLimit(
            f"{dest['name']} is in {dest['city']} and {start['name']} in {start['city']}; "
            "routes stay within one city (book a flight or train instead)",
            origin_city=start["city"],
            destination_city=dest["city"],
        )
    _online(s, "get live routes")
    km = round(max(0.2, math.hypot(dest["x_km"] - start["x_km"], dest["y_km"] - start["y_km"]) * 1.25), 1)
    if km > _MAX_KM.get(mode, math.inf):
        raise CapabilityLimit(f"{km} km is too far to {mode}; try drive or transit", distance_km=km)
    now = s.now()
    minutes = km / _SPEED_KMH[mode] * 60
    if mode == "drive" and now.weekday() < 5 and (7 <= now.hour < 10 or 16 <= now.hour < 19):
        minutes *= 1.4  # rush hour
    if mode == "transit":
        minutes += 6
    duration = max(1, round(minutes))
    eta = now + timedelta(minutes=duration)
    early = None
    if event is not None:
        early = int((datetime.fromisoformat(event["start"]) - eta).total_seconds() // 60)
    rec = {
        "id": s.new_id("nav"),
        "origin": {"id": start["id"], "name": start["name"]},
        "destination": {"id": dest["id"], "name": dest["name"], "address": dest["address"]},
        "event_id": event_id,
        "mode": mode,
        "distance_km": km,
        "duration_min": duration,
        "started_at": s.now_iso(),
        "eta": eta.isoformat(timespec="seconds"),
        "minutes_early": early,
    }
    s.put("navigation", "current", rec)
    note = ""
    if early is not None:
        note = f"; {early} min before the event" if early >= 0 else f"; {-early} min late for the event"
    return ok(
        f"Navigating to {dest['name']} by {mode}: {km} km, {duration} min, ETA {rec['eta'][11:16]}{note}", rec
    )


# --------------------------------------------------------------------------- wallet
@tool(DOMAIN, mutates=True, permission=WALLET)
def create_payment_code(s: PhoneState, card: str | None = None, code_format: CodeFormat = "qr") -> Ok:
    """Pay at the till with a Wallet card: a one-time QR or barcode, or tap to pay (NFC), valid 60 seconds.

    Args:
        card: Wallet card: card ID, name or last 4 digits, e.g. "Amex", "4242" or "card_004"; the default card
            when omitted.
        code_format: The code's form, e.g. "barcode"; "tap" readies the card for a contactless tap on
            the reader, which needs NFC on and Wallet as the default tap-to-pay app (set_nfc_enabled).

    Returns:
        The code record ``{"id", "card_id", "card_name", "last4", "format", "code", "created_at",
        "expires_at"}``.

    Raises:
        InvalidArguments: card is empty.
        NotFound: no Wallet card matches.
        Ambiguous: several Wallet cards match the card text; ``candidates`` lists them.
        PreconditionFailed: the card is expired or locked, or a transit card has no balance left; for
            "tap": NFC is off, or Wallet is not the default tap-to-pay app (``missing`` names which).
        PermissionDenied: the Wallet app lacks the NOTIFICATIONS permission (payment confirmations).
    """
    pay = _card(s, card)
    _usable_card(s, pay, booking=False)
    if pay["kind"] == "transit" and (pay["balance_usd"] or 0) <= 0:
        raise PreconditionFailed(f"{pay['name']} has no balance; top it up first", card_id=pay["id"])
    if code_format == "tap":
        _tap_ready(s)
    cid = s.new_id("paycode")
    now = s.now_iso()
    digest = hashlib.sha256(f"{pay['id']}|{now}|{cid}".encode()).hexdigest()
    rec = {
        "id": cid,
        "card_id": pay["id"],
        "card_name": pay["name"],
        "last4": pay["last4"],
        "format": code_format,
        "code": f"{int(digest[:16], 16) % 10**18:018d}",
        "created_at": now,
        "expires_at": (s.now() + timedelta(seconds=CODE_TTL_S)).isoformat(timespec="seconds"),
    }
    s.put("payment_codes", cid, rec)
    if code_format == "tap":
        return ok(f"{pay['name']} ••{pay['last4']} is ready: hold the phone to the reader (valid 60 s)", rec)
    return ok(f"{code_format.upper()} payment code for {pay['name']} ••{pay['last4']} (valid 60 s)", rec)


def _tap_ready(s: PhoneState) -> None:
    """Tap to pay needs NFC on and Wallet as the default payment app (Android's "Contactless payments"
    setting); PreconditionFailed names every one missing and the call that fixes it."""
    nfc = bool(s.setting("device.nfc", False))
    app = s.setting("network.nfc_payment_app")
    missing = [m for m, bad in (("nfc", not nfc), ("payment_app", app != TAP_APP)) if bad]
    if not missing:
        return
    why = []
    if "nfc" in missing:
        why.append("NFC is off")
    if "payment_app" in missing:
        why.append(
            "no default tap-to-pay app is set" if app is None else f"the default tap-to-pay app is {app}"
        )
    raise PreconditionFailed(
        f"tap to pay needs NFC on and Wallet as the default payment app: {' and '.join(why)}; "
        f"set_nfc_enabled(enabled=true, payment_app_id='{TAP_APP}') fixes it",
        missing=missing,
        nfc=nfc,
        payment_app=app,
    )
