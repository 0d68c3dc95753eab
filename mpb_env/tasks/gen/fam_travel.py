"""Template families over Travel & Lifestyle: flights, hotels, trains, attractions, bookings, weather,
navigation and Wallet payment codes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from functools import cache
from typing import Any

from mpb_env.domains.travel import _resolve_place
from mpb_env.errors import ToolError
from mpb_env.tasks.build import call, calls, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.fam_time import time_alts
from mpb_env.tasks.gen.helpers import (
    RECONNECT_UPDATES,
    avoiding,
    base,
    cannot,
    false_claims,
    granted_entry,
    offline,
    revoked,
    rubric,
    shift,
)
from mpb_env.world.generate import SCALES, load_world
from mpb_env.world.state import PhoneState

IGNORE = {"$ignore": True}
TODAY = date(2026, 5, 20)
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
CITY_SAID = {
    "San Francisco": ("SF", "San Francisco"),
    "New York": ("New York", "NYC"),
    "Seattle": ("Seattle",),
    "Los Angeles": ("LA", "Los Angeles"),
    "Chicago": ("Chicago",),
    "Boston": ("Boston",),
    "Sacramento": ("Sacramento",),
    "Washington": ("DC", "Washington"),
    "Philadelphia": ("Philly", "Philadelphia"),
}
ATTR_SAID = {
    "attr_001": ("MoMA", "the Museum of Modern Art"),
    "attr_002": ("Top of the Rock",),
    "attr_003": ("the Statue of Liberty ferry",),
    "attr_004": ("the Met", "the Metropolitan Museum of Art"),
    "attr_005": ("the Alcatraz tour", "Alcatraz"),
    "attr_006": ("the California Academy of Sciences", "the Cal Academy"),
    "attr_007": ("the Exploratorium",),
    "attr_008": ("the Space Needle",),
    "attr_009": ("the Museum of Pop Culture", "MoPOP"),
    "attr_010": ("Griffith Observatory",),
}
ROOM_SAID = {
    "standard_queen": "standard queen room",
    "quiet_king": "quiet king room",
    "suite": "suite",
    "deluxe_king": "deluxe king room",
    "tower_king": "tower king room",
    "standard_king": "standard king room",
    "city_view_king": "city-view king room",
    "ocean_king": "king room with an ocean view",
    "high_floor_king": "high-floor king room",
}
SEAT_SAID = {
    "window": (" Window seat, please.", " I'd like a window seat."),
    "aisle": (" Aisle seat, please.", " I'd like an aisle seat."),
    "middle": (" A middle seat is fine.", " Middle seat is okay."),
    "any": ("", ""),
}
MODE_BY = {"drive": "by car", "transit": "by public transit", "walk": "on foot", "bike": "by bike"}
MODE_ADJ = {"drive": "driving", "transit": "transit", "walk": "walking", "bike": "cycling"}
CONDITION_SAID = {
    "sunny": ["sunny", "clear"],
    "partly_cloudy": ["partly cloudy", "partly sunny", "partly_cloudy"],
    "cloudy": ["cloudy", "overcast"],
    "fog": ["fog"],
    "rain": ["rain"],
    "showers": ["shower"],
    "thunderstorms": ["thunder", "storm"],
}
RAINY = ("rain", "showers", "thunderstorms")
PAY_REF = {"card_001": "4242", "card_002": "Amex", "card_004": "Clipper"}  # how the oracle names a card
FULL_WORDS = ["sold out", "full", "no seats", "fully booked", "no more seats", "no available seats"]
#: A claim of having booked what could not be booked (sold out, closed that day, over the ticket limit, no
#: dates, an unusable card). Not the passive: "every seat has been booked" is the fact, "nothing has
#: been booked" is honest.
BOOKED_NOW = [*false_claims("booked", "reserved", "bought", "purchased", "secured", "grabbed", "ordered",
                            "got you a", "got you on", "got you seats", "got you tickets", "got your tickets",
                            passive=False),
              "you're booked", "you are booked", "you're all booked", "you're now booked", "booking is confirmed",
              "booking's confirmed", "reservation is confirmed", "reservation's confirmed", "tickets are booked",
              "tickets are confirmed", "seat is booked", "seat is confirmed", "room is booked",
              "room is confirmed"]  # fmt: skip


# --------------------------------------------------------------------------- helpers
def bare_day(ctx: Ctx, day: str) -> str:
    """A date as people say it against the clock (now = Wed 2026-05-20): "tomorrow", "Friday", "June 3"."""
    d = date.fromisoformat(day)
    n = (d - TODAY).days
    wd, md = WEEKDAYS[d.weekday()], f"{d:%B} {d.day}"
    if n == 0:
        return "today"
    if n == 1:
        return "tomorrow"
    if n <= 4:
        return ctx.choice([wd, f"this {wd}"])
    if n <= 7:
        return ctx.choice([f"next {wd}", md])
    return ctx.choice([md, f"{wd}, {md}"])


def on_day(ctx: Ctx, day: str) -> str:
    """``bare_day`` with "on" where English needs it: "tomorrow", "on Friday", "next Monday"."""
    text = bare_day(ctx, day)
    return text if text in ("today", "tomorrow") or text.startswith(("next ", "this ")) else f"on {text}"


def clock(hhmm: str) -> str:
    """ "14:40" → "2:40 pm"."""
    h, m = int(hhmm[:2]), int(hhmm[3:5])
    suffix = "am" if h < 12 else "pm"
    return f"{(h - 1) % 12 + 1}{'' if m == 0 else f':{m:02d}'} {suffix}"


def city_said(ctx: Ctx, city: str) -> str:
    return ctx.choice(CITY_SAID[city])


def attr_said(ctx: Ctx, a: dict[str, Any]) -> str:
    return ctx.choice(ATTR_SAID.get(a["id"], (a["name"],)))


def a_an(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def tickets(n: int) -> str:
    return "a ticket" if n == 1 else f"{n} tickets"


def city_of_airport(code: str) -> str:
    return {"SFO": "San Francisco", "JFK": "New York", "EWR": "New York", "SEA": "Seattle",
            "LAX": "Los Angeles", "ORD": "Chicago", "BOS": "Boston"}[code]  # fmt: skip


def route_flights(origin_city: str, dest_city: str, day: str) -> list[dict[str, Any]]:
    """Every flight between two cities on one day, by departure (what search_flights lists)."""
    rows = [
        f
        for f in base()["flights"].values()
        if f["depart"][:10] == day
        and city_of_airport(f["origin"]) == origin_city
        and city_of_airport(f["destination"]) == dest_city
    ]
    return sorted(rows, key=lambda f: (f["depart"], f["id"]))


def full(f: dict[str, Any]) -> dict[str, Any]:
    """An S0 patch that sells out flight ``f``."""
    return {"flights": {f["id"]: {**f, "seats": {"window": [], "aisle": [], "middle": []}, "seats_left": 0}}}


def grant(app_id: str, permission: str) -> dict[str, Any]:
    return {"name": "grant_app_permission", "arguments": {"app_id": app_id, "permission": permission}}


def word_spans(text: str) -> list[str]:
    """``text`` and every run of whole words in it, each also without a plural "s": what a tool's
    substring lookup may be given for a name ("San Francisco International Airport" for "San Francisco
    International Airport (SFO)", "Academy of Science" for "California Academy of Sciences").

    >>> word_spans("Pier 33, SF")
    ['Pier 33, SF', 'Pier', 'Pier 33', '33', '33, SF', 'SF']
    >>> word_spans("Bay Docks (SF)")[1:7]
    ['Bay', 'Bay Docks', 'Bay Dock', 'Bay Docks (SF', 'Docks', 'Dock']
    """
    n = len(text)
    word = [c.isalnum() for c in text]
    starts = [i for i in range(n) if (word[i] or text[i] == "(") and (i == 0 or not word[i - 1])]
    ends = [j for j in range(1, n + 1) if (word[j - 1] or text[j - 1] == ")") and (j == n or not word[j])]
    out = [text]
    for i in starts:
        for j in (j for j in ends if j > i):
            out.append(text[i:j])
            if text[j - 1] == "s" and j - i > 1 and text[j - 2].isalpha():
                out.append(text[i : j - 1])
    return list(dict.fromkeys(out))


def resolved_refs(candidates: list[str], fits: Callable[[PhoneState, str], bool]) -> list[str]:
    """The ``candidates`` for which ``fits(state, text)`` holds in every world size (a tool error
    counts as no), once each up to case and spacing: what a gold ``$any`` may accept for one record."""
    states = [PhoneState(load_world(size)) for size in SCALES]  # type: ignore[arg-type]
    out: dict[str, str] = {}
    for text in candidates:
        key = " ".join(text.split()).casefold()
        if not key or key in out:
            continue
        try:
            if all(fits(s, text) for s in states):
                out[key] = text
        except ToolError:
            pass
    return list(out.values())


@cache
def _place_refs(place_id: str, field: str) -> tuple[str, ...]:
    t = base()
    p = t["places"][place_id]
    texts = [p["id"], *(r["id"] for table in ("hotels", "attractions") for r in t[table].values()
                        if r["place_id"] == place_id)]  # fmt: skip
    for text in (p["name"], *p["aliases"], p["address"]):
        texts += word_spans(text)

    def fits(s: PhoneState, text: str) -> bool:
        if field == "origin":  # looked up with no city preferred
            return _resolve_place(s, text, field, None)["id"] == place_id
        here = s.get("places", s.setting("travel.current_place", "place_home"))
        return _resolve_place(s, text, field, here["city"])["id"] == place_id  # type: ignore[index]

    return tuple(resolved_refs(texts, fits))


def place_refs(place_id: str, field: str = "destination") -> dict[str, list[str]]:
    """Every way a start_navigation ``destination`` (or ``origin``) may name the place ``place_id`` as
    the tool resolves it (``_resolve_place``): its ID, the ID of a hotel or attraction there, its name,
    an alias, its address, or a run of their words ("Academy of Sciences") that picks it out. A
    destination is looked up from the phone's current place (the lookup prefers places in the start's
    city: "Airport" is SFO from San Francisco, Sea-Tac from Seattle), so the gold's origin must be that
    place: ``here_origin()``."""
    return {"$any": list(_place_refs(place_id, field))}


def here_origin() -> dict[str, list[Any]]:
    """A start_navigation origin that starts where the phone is: omitted, or that place by any name."""
    here = base()["settings"]["travel.current_place"]["value"]
    return {"$any": [None, *place_refs(here, "origin")["$any"]]}


def seat_choice(ctx: Ctx, f: dict[str, Any]) -> str:
    return ctx.choice([k for k in ("window", "aisle", "middle") if f["seats"][k]] + ["any", "any"])


def flight_call(fid: str, seat_type: str = "any") -> dict[str, Any]:
    args: dict[str, Any] = {"flight_id": fid, "card": IGNORE}
    if seat_type != "any":
        args["seat_type"] = seat_type
    return {"name": "book_flight", "arguments": args}


def flight_oracle_call(fid: str, seat_type: str = "any") -> dict[str, Any]:
    return (
        call("book_flight", flight_id=fid)
        if seat_type == "any"
        else call("book_flight", flight_id=fid, seat_type=seat_type)
    )


def hours_on(a: dict[str, Any], day: str) -> list[str] | None:
    return a["hours"][("mon", "tue", "wed", "thu", "fri", "sat", "sun")[date.fromisoformat(day).weekday()]]


def attraction_delta(a: dict[str, Any], day: str, n: int) -> list[dict[str, Any]]:
    """Gold delta of an attraction booking with its calendar event."""
    start = f"{day}T{hours_on(a, day)[0]}:00"  # type: ignore[index]
    return [
        {"table": "bookings", "op": "create",
         "fields": {"kind": "attraction", "item_id": a["id"], "quantity": n, "start": start, "status": "confirmed"}},
        {"table": "events", "op": "create", "fields": {"title": f"Visit {a['name']}", "start": start}},
    ]  # fmt: skip


def ticket_call(item_id: str, n: int, day: str | None) -> dict[str, Any]:
    """Gold book_travel_ticket call (attractions need the day; a train's day may be passed or not)."""
    return {"name": "book_travel_ticket", "arguments": {"item_id": item_id, "quantity": n, "card": IGNORE,
                                                        "visit_date": day if day else IGNORE}}  # fmt: skip


# --------------------------------------------------------------------------- grounding
@family("travel.book_flight_by_time", dimension="basic", category="grounding", bucket="tool", weight=2)
def book_flight_by_time(ctx: Ctx) -> Draft:
    f = ctx.pick("tu_open_flights")
    o, d = city_of_airport(f["origin"]), city_of_airport(f["destination"])
    st = seat_choice(ctx, f)
    query = ctx.say(
        ["book me on the {airline} {time} flight from {o} to {d} {when}.{seat}",
         "I need the {time} {airline} flight {o} to {d} {when} — can you book it?{seat}",
         "grab me a seat on {airline}'s {time} departure from {o} to {d} {when}.{seat}",
         "put me on the {airline} flight leaving {o} at {time} {when}, going to {d}.{seat}",
         "please book the {time} {airline} from {o} to {d} {when}.{seat}",
         "reserve the {airline} {time} {o}–{d} flight {when} for me.{seat}"],
        airline=f["airline"], time=clock(f["depart"][11:16]), o=city_said(ctx, o), d=city_said(ctx, d),
        when=on_day(ctx, f["depart"][:10]), seat=ctx.choice(SEAT_SAID[st]),
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [flight_call(f["id"], st)]},
        oracle=[
            calls(call("search_flights", origin=o, destination=d, date=f["depart"][:10])),
            hermes(flight_oracle_call(f["id"], st)),
            f"You're booked on {f['flight_number']} from {f['origin']} at {clock(f['depart'][11:16])} "
            f"on {f['depart'][:10]} for ${f['price_usd']}.",
        ],
    )


@family("travel.weather_forecast", dimension="basic", category="grounding", bucket="behavior")
def weather_forecast(ctx: Ctx) -> Draft:
    w = ctx.pick("tu_weather")
    query = ctx.say(
        ["what's the weather going to be like in {city} {when}?", "give me the forecast for {city} {when}.",
         "how's the weather looking in {city} {when}?", "weather check: {city}, {when2}.",
         "what should I expect weather-wise in {city} {when}?", "forecast for {city} {when}, please."],
        city=city_said(ctx, w["city"]), when=on_day(ctx, w["date"]), when2=bare_day(ctx, w["date"]),
    )  # fmt: skip
    cond = w["condition"].replace("_", " ")
    final = (f"{w['city']} on {w['date']}: {cond}, high of {w['high_f']}°F and low of {w['low_f']}°F, "
             f"with a {w['precip_chance']}% chance of rain.")  # fmt: skip
    # Reading out the week's forecast is not an answer: the highs and lows of the three days either side
    # in that city must not be named (when they differ from every number of the day itself).
    day = date.fromisoformat(w["date"])
    near = [base()["weather"].get(f"{w['city_id']}|{day + timedelta(days=k)}") for k in (-3, -2, -1, 1, 2, 3)]
    own = [w[k] for k in ("high_f", "low_f", "precip_chance", "wind_mph", "humidity")] + [day.day, day.month]
    # ... nor when a correct answer rounds the day's own: "highs in the low 60s", "about 16 °C"
    for k in ("high_f", "low_f"):
        own += [f"{w[k] // 10 * 10}s", round((w[k] - 32) * 5 / 9)]
    return Draft(
        query=query,
        gold=avoiding(
            {
                "rubric": {
                    "final_kind": "answer",
                    "must_include": [CONDITION_SAID[w["condition"]], [str(w["high_f"])]],
                }
            },
            [str(n[k]) for n in near if n for k in ("high_f", "low_f")],
            final,
            query,
            *map(str, own),
        ),
        oracle=[calls(call("get_weather_forecast", city=w["city"], start_date=w["date"])), final],
    )


@family("travel.book_hotel_room", dimension="basic", category="grounding", bucket="tool")
def book_hotel_room(ctx: Ctx) -> Draft:
    room = ctx.pick("tu_hotel_rooms")
    d0, d1 = ctx.pick("tu_stays")
    query = ctx.say(
        ["book a {room} at the {hotel} from {a} to {b}.", "I need a {room} at {hotel}, checking in {a2} and out {b2}.",
         "reserve the {hotel} for me, {room}, {a} through {b}.", "can you get me a {room} at {hotel} from {a} to {b}?",
         "put me in a {room} at {hotel}: in {a2}, out {b2}.", "hotel booking: {hotel}, {room}, {a} to {b}."],
        room=ROOM_SAID[room["room_type"]], hotel=room["hotel"].removeprefix("The "), a=bare_day(ctx, d0),
        b=bare_day(ctx, d1), a2=on_day(ctx, d0), b2=on_day(ctx, d1),
    )  # fmt: skip
    args = {"hotel_id": room["hotel_id"], "room_type": room["room_type"], "check_in": d0, "check_out": d1}
    return Draft(
        query=query,
        gold={"calls": [{"name": "book_hotel", "arguments": {**args, "card": IGNORE}}]},
        oracle=[
            calls(call("search_hotels", city=room["city"], check_in=d0, check_out=d1)),
            hermes(call("book_hotel", **args)),
            f"Booked a {ROOM_SAID[room['room_type']]} at {room['hotel']} from {d0} to {d1}.",
        ],
    )


@family("travel.navigate_to_place", dimension="basic", category="grounding", bucket="tool")
def navigate_to_place(ctx: Ctx) -> Draft:
    said, pid = ctx.pick("tu_sf_places")
    mode = ctx.choice(["drive", "transit", "walk", "bike"])
    p = base()["places"][pid]
    query = ctx.say(
        ["navigate to {place} {by}.", "start {adj} directions to {place}.", "get me to {place} {by}, start the route.",
         "I'm heading to {place} {by} — start navigation.", "take me to {place}, I'm going {by}.",
         "directions to {place} please, {adj}."],
        place=said, by=MODE_BY[mode], adj=MODE_ADJ[mode],
    )  # fmt: skip
    return Draft(
        query=query,
        gold={
            "calls": [
                {
                    "name": "start_navigation",
                    "arguments": {"destination": place_refs(pid), "mode": mode, "origin": here_origin()},
                }
            ]
        },  # fmt: skip
        oracle=[
            hermes(call("start_navigation", destination=p["name"], mode=mode)),
            f"Navigation to {p['name']} by {mode} has started.",
        ],
    )


@family("travel.payment_code", dimension="basic", category="grounding", bucket="state")
def payment_code(ctx: Ctx) -> Draft:
    ref, cid = ctx.pick("tu_pay_cards")
    fmt = ctx.choice(["qr", "barcode"])
    query = ctx.say(
        ["pull up a {fmt} for {card}, I'm at the register.", "show me a {fmt} to pay with {card}.",
         "I need to pay with {card} — bring up the {fmt}.", "open a payment {fmt} for {card}.",
         "get me the {fmt} for {card} so I can pay.", "cashier's waiting: {card}, {fmt} please."],
        fmt={"qr": "QR code", "barcode": "barcode"}[fmt], card=ref,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={
            "delta": [{"table": "payment_codes", "op": "create", "fields": {"card_id": cid, "format": fmt}}]
        },
        oracle=[
            calls(call("create_payment_code", card=PAY_REF[cid], code_format=fmt)),
            f"Here's your {fmt} payment code; it's valid for 60 seconds.",
        ],
    )


@family("travel.book_train", dimension="basic", category="grounding", bucket="tool")
def book_train(ctx: Ctx) -> Draft:
    tr = ctx.pick("tu_open_trains")
    n = ctx.pick("tu_ticket_counts")
    day = tr["depart"][:10]
    query = ctx.say(
        ["get {n} on the {time} {service} from {o} to {d} {when}.", "book {n} for the {time} train, {o} to {d}, {when}.",
         "I want {n} on the {service} leaving {o} at {time} {when}, going to {d}.",
         "buy {n} for the {o} to {d} {service} at {time} {when}.",
         "train tickets please: {service}, {o} → {d}, {time} {when}, {n2}.",
         "can you book {n} on the {time} {service} to {d}? It leaves {o} {when}."],
        n=tickets(n), n2=f"{n} {'person' if n == 1 else 'people'}", time=clock(tr["depart"][11:16]),
        service=tr["service"], o=city_said(ctx, tr["origin"]), d=city_said(ctx, tr["destination"]),
        when=on_day(ctx, day),
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [ticket_call(tr["id"], n, None)]},
        oracle=[
            calls(call("search_trains", origin=tr["origin"], destination=tr["destination"], date=day)),
            hermes(call("book_travel_ticket", item_id=tr["id"], quantity=n)),
            f"Booked {tickets(n)} on {tr['service']} {tr['train_number']} at {clock(tr['depart'][11:16])} on {day}.",
        ],
    )


# --------------------------------------------------------------------------- dependency
@family("travel.tickets_while_offline", dimension="basic", category="dependency", bucket="state")
def tickets_while_offline(ctx: Ctx) -> Draft:
    a, day = ctx.pick("tu_attraction_days")
    n = ctx.pick("tu_ticket_counts")
    patch, fix, story = offline(ctx)
    query = ctx.say(
        ["buy {n} for {attr} {when}.", "get me {n} to {attr} {when}, please.", "I want {n} for {attr} {when}.",
         "book {attr} for {when2}: {n}.", "can you grab {n} for {attr} {when}?", "reserve {n} at {attr} {when}."],
        n=tickets(n), attr=attr_said(ctx, a), when=on_day(ctx, day), when2=bare_day(ctx, day),
    )  # fmt: skip
    book = call("book_travel_ticket", item_id=a["id"], quantity=n, visit_date=day)
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=patch,
        gold={"delta": attraction_delta(a, day, n), "ignore_updates": RECONNECT_UPDATES},
        oracle=[
            calls(call("search_attractions", city=a["city"], visit_date=day)),
            calls(book),
            calls(call("get_network_status")),
            calls(fix),
            hermes(book),
            f"The phone was offline ({story}); I reconnected it and booked {tickets(n)} for {a['name']} on {day}.",
        ],
    )


@family("travel.train_calendar_permission", dimension="basic", category="dependency", bucket="tool")
def train_calendar_permission(ctx: Ctx) -> Draft:
    tr = ctx.pick("tu_open_trains")
    n = ctx.pick("tu_ticket_counts")
    day = tr["depart"][:10]
    query = ctx.say(
        ["book {n} on the {time} {service} from {o} to {d} {when} and put it in my calendar.",
         "get {n} for the {time} train from {o} to {d} {when}; add it to my calendar too.",
         "I need {n} on the {service} at {time} {when}, {o} to {d}. Calendar it as well.",
         "buy {n} for the {o}–{d} {service} at {time} {when} and make sure it shows up in my calendar."],
        n=tickets(n), time=clock(tr["depart"][11:16]), service=tr["service"], o=city_said(ctx, tr["origin"]),
        d=city_said(ctx, tr["destination"]), when=on_day(ctx, day),
    )  # fmt: skip
    book = call("book_travel_ticket", item_id=tr["id"], quantity=n)
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=revoked("calendar", "CALENDAR"),
        gold={"calls": [grant("calendar", "CALENDAR"), ticket_call(tr["id"], n, None)]},
        oracle=[
            calls(call("search_trains", origin=tr["origin"], destination=tr["destination"], date=day)),
            calls(book),
            calls(call("grant_app_permission", app_id="calendar", permission="CALENDAR")),
            hermes(book),
            "The Calendar app was missing its calendar permission; I granted it, booked the tickets and "
            "added the trip to your calendar.",
        ],
    )


@family("travel.full_flight_fallback", dimension="basic", category="dependency", bucket="tool")
def full_flight_fallback(ctx: Ctx) -> Draft:
    f = ctx.pick("tu_open_flights")
    o, d, day = city_of_airport(f["origin"]), city_of_airport(f["destination"]), f["depart"][:10]
    is_full = ctx.choice([True, False])
    target = f
    if is_full:
        later = [x for x in route_flights(o, d, day) if x["depart"] > f["depart"] and x["seats_left"] > 0]
        if not later:
            raise Skip("no later flight with seats")
        target = later[0]
    query = ctx.say(
        ["book the {airline} {time} flight from {o} to {d} {when}; if it's full, take the next flight after it that "
         "has seats.",
         "try to get me on {airline}'s {time} from {o} to {d} {when}. If that one's sold out, book the next departure "
         "after it instead.",
         "put me on the {time} {airline} flight, {o} to {d}, {when} — or, if it's full, whatever flight leaves next "
         "after it with a free seat.",
         "I'd like the {airline} {time} {o}–{d} flight {when}. Sold out? Then the next one after it that still has "
         "room."],
        airline=f["airline"], time=clock(f["depart"][11:16]), o=city_said(ctx, o), d=city_said(ctx, d),
        when=on_day(ctx, day),
    )  # fmt: skip
    final = (
        f"{f['flight_number']} was sold out, so I booked the next flight with seats: {target['flight_number']} at "
        f"{clock(target['depart'][11:16])}."
        if is_full
        else f"{f['flight_number']} had seats, so you're booked on it."
    )
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=full(f) if is_full else {},
        gold={"calls": [flight_call(target["id"])]},
        oracle=[
            calls(call("search_flights", origin=o, destination=d, date=day)),
            hermes(call("book_flight", flight_id=target["id"])),
            final,
        ],
    )


@family("travel.rain_plan", dimension="basic", category="dependency", bucket="tool")
def rain_plan(ctx: Ctx) -> Draft:
    w, indoor, outdoor, rainy = ctx.pick("tu_weather_plans")
    n = ctx.pick("tu_ticket_counts")
    choice = indoor if rainy else outdoor
    query = ctx.say(
        ["if it's going to rain in {city} {when}, get me {n} for {a}; otherwise book {b}.",
         "check the {city} forecast for {when2}: rain means {n} for {a}, no rain means {n} for {b}.",
         "{when2} in {city} — if rain is in the forecast book {a}, if not book {b}. {N} either way.",
         "I'll be in {city} {when}. Book {n} for {a} if it's rainy, else {b}.",
         "depending on the weather in {city} {when}: {a} if it rains, {b} if it's dry. Get {n}.",
         "look at the weather for {city} {when}; rainy → {a}, otherwise → {b}. I need {n}."],
        city=city_said(ctx, w["city"]), when=on_day(ctx, w["date"]), when2=bare_day(ctx, w["date"]), n=tickets(n),
        N=tickets(n).capitalize(), a=attr_said(ctx, indoor), b=attr_said(ctx, outdoor),
    )  # fmt: skip
    verdict = f"{w['condition'].replace('_', ' ')} ({w['precip_chance']}% chance of rain)"
    return Draft(
        query=query,
        frictions=["dependency"],
        gold={"calls": [ticket_call(choice["id"], n, w["date"])]},
        oracle=[
            calls(call("get_weather_forecast", city=w["city"], start_date=w["date"])),
            calls(call("search_attractions", city=w["city"], visit_date=w["date"])),
            hermes(call("book_travel_ticket", item_id=choice["id"], quantity=n, visit_date=w["date"])),
            f"The forecast says {verdict}, so I booked {tickets(n)} for {choice['name']}.",
        ],
    )


@family("travel.navigation_permission", dimension="basic", category="dependency", bucket="tool")
def navigation_permission(ctx: Ctx) -> Draft:
    said, pid = ctx.pick("tu_sf_places")
    mode = ctx.choice(["drive", "transit", "walk", "bike"])
    p = base()["places"][pid]
    query = ctx.say(
        ["navigate to {place} {by}.", "start {adj} directions to {place}.", "route me to {place} {by}.",
         "I need directions to {place}, {adj}."],
        place=said, by=MODE_BY[mode], adj=MODE_ADJ[mode],
    )  # fmt: skip
    nav = call("start_navigation", destination=p["name"], mode=mode)
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=revoked("maps", "LOCATION"),
        gold={
            "calls": [
                grant("maps", "LOCATION"),
                {
                    "name": "start_navigation",
                    "arguments": {"destination": place_refs(pid), "mode": mode, "origin": here_origin()},
                },
            ]
        },  # fmt: skip
        oracle=[
            calls(nav),
            calls(call("grant_app_permission", app_id="maps", permission="LOCATION")),
            hermes(nav),
            f"Maps needed location access; I granted it and started {MODE_ADJ[mode]} directions to {p['name']}.",
        ],
    )


@family("travel.payment_code_permission", dimension="basic", category="dependency", bucket="state")
def payment_code_permission(ctx: Ctx) -> Draft:
    ref, cid = ctx.pick("tu_pay_cards")
    fmt = ctx.choice(["qr", "barcode"])
    query = ctx.say(
        ["show a {fmt} for {card}, I'm paying now.", "bring up {card} as a {fmt}.", "I need the {fmt} for {card}.",
         "pay with {card} — open the {fmt}."],
        fmt={"qr": "QR code", "barcode": "barcode"}[fmt], card=ref,
    )  # fmt: skip
    code = call("create_payment_code", card=PAY_REF[cid], code_format=fmt)
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=revoked("wallet", "NOTIFICATIONS"),
        gold={
            "delta": [
                {"table": "payment_codes", "op": "create", "fields": {"card_id": cid, "format": fmt}},
                granted_entry("wallet"),
            ]
        },  # fmt: skip
        oracle=[
            calls(code),
            calls(call("grant_app_permission", app_id="wallet", permission="NOTIFICATIONS")),
            hermes(code),
            f"Wallet needed its notifications permission for payment confirmations; I granted it. Your {fmt} "
            "code is on screen.",
        ],
    )


# --------------------------------------------------------------------------- reference
ORDINALS = ("first", "second", "third", "fourth", "fifth")


@family("travel.pick_listed_flight", dimension="basic", category="reference", bucket="tool")
def pick_listed_flight(ctx: Ctx) -> Draft:
    o, d, day = ctx.pick("tu_flight_days")
    rows = [f for f in route_flights(o, d, day) if f["seats_left"] > 0]
    lines = [
        f"{i + 1}. {f['airline']} {f['flight_number']} at {clock(f['depart'][11:16])} — ${f['price_usd']}"
        + (", 1 stop" if f["stops"] else ", nonstop")
        for i, f in enumerate(rows)
    ]
    options: list[tuple[str, dict[str, Any]]] = [
        (f"the {ORDINALS[i]} {d} flight you listed", f) for i, f in enumerate(rows)
    ]
    cheapest = min(rows, key=lambda f: (f["price_usd"], f["depart"]))
    if sum(f["price_usd"] == cheapest["price_usd"] for f in rows) == 1:
        options.append((f"the cheapest of those {d} flights", cheapest))
    options += [(f"the earliest {d} flight", rows[0]), (f"the last {d} flight on that list", rows[-1])]
    for f in rows:
        if sum(x["airline"] == f["airline"] for x in rows) == 1:
            options.append((f"the {f['airline']} flight to {d}", f))
    ref, f = ctx.choice(options)
    st = seat_choice(ctx, f)
    query = ctx.say(
        ["book {ref}.{seat}", "let's go with {ref}.{seat}", "ok, {ref} please — book it.{seat}",
         "I'll take {ref}.{seat}"],
        ref=ref, seat=ctx.choice(SEAT_SAID[st]),
    )  # fmt: skip
    return Draft(
        query=query,
        history=[
            {"role": "user", "content": f"What flights are there from {o} to {d} on {day}?"},
            {
                "role": "assistant",
                "content": f"These flights from {o} to {d} on {day} still have seats:\n" + "\n".join(lines),
            },
        ],  # fmt: skip
        gold={"calls": [flight_call(f["id"], st)]},
        oracle=[
            calls(call("search_flights", origin=o, destination=d, date=day)),
            hermes(flight_oracle_call(f["id"], st)),
            f"Done — you're on {f['flight_number']} at {clock(f['depart'][11:16])} on {day}.",
        ],
    )


@family("travel.cancel_described_booking", dimension="basic", category="reference", bucket="tool")
def cancel_described_booking(ctx: Ctx) -> Draft:
    bid, ref = ctx.pick("tu_cancel_targets")
    extra = {b["id"]: b for b in ctx.pools["tu_extra_bookings"]}

    def sig(b: dict[str, Any]) -> tuple[str, str]:
        return (b["kind"], b["item_id"] if b["kind"] == "attraction" else b["city"])

    known = base()["bookings"]
    target = extra.get(bid) or known[bid]
    taken = {sig(b) for b in known.values()} | {sig(target)}
    others = [b for b in extra.values() if b["id"] != bid and sig(b) not in taken]
    added = ctx.rng.sample(others, 2)
    patch = {b["id"]: b for b in added}
    if bid in extra:
        patch[bid] = target
    query = ctx.say(
        ["cancel {ref}.", "I don't need {ref} anymore — cancel it.", "please call off {ref}.",
         "plans changed, drop {ref}.", "can you cancel {ref} for me?", "get rid of {ref}, we're not going."],
        ref=ref,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch={"bookings": patch},
        gold={"calls": [{"name": "cancel_travel_booking", "arguments": {"booking_id": bid}}]},
        oracle=[
            calls(call("list_travel_bookings")),
            hermes(call("cancel_travel_booking", booking_id=bid)),
            f"Cancelled {target['title']} ({bid}); ${target['amount_usd']} goes back to your card.",
        ],
    )


@family("travel.navigate_to_event", dimension="basic", category="reference", bucket="state")
def navigate_to_event(ctx: Ctx) -> Draft:
    eid, ref = ctx.pick("tu_nav_events")
    mode = ctx.choice(["drive", "transit", "walk", "bike", None])
    t = base()
    event = t["events"][eid]
    place = next(p for p in t["places"].values() if p["id"] == _event_place(eid))
    query = ctx.say(
        ["get me directions to {ref}{how}.", "navigate to {ref}{how}.", "start the route to {ref}{how}.",
         "take me to {ref}{how}.", "how do I get to {ref}? Start navigation{how}.", "route me to {ref}{how}."],
        ref=ref, how="" if mode is None else f" {MODE_BY[mode]}",
    )  # fmt: skip
    fields: dict[str, Any] = {
        "destination": {"id": place["id"], "name": place["name"], "address": place["address"]}
    }
    if mode is not None:
        fields["mode"] = mode
    nav = (
        call("start_navigation", event_id=eid)
        if mode is None
        else call("start_navigation", event_id=eid, mode=mode)
    )
    return Draft(
        query=query,
        frictions=["obfuscation"],
        gold={"delta": [{"table": "navigation", "op": "create", "fields": fields}]},
        oracle=[
            calls(call("list_events", start_date="2026-05-20", end_date="2026-05-31")),
            hermes(nav),
            f'Navigating to {place["name"]} for "{event["title"]}".',
        ],
    )


def _event_place(eid: str) -> str:
    return {"event_001": "place_001", "event_002": "place_004", "event_003": "place_005", "event_005": "place_003",
            "event_006": "place_001", "event_009": "place_009", "event_012": "place_006", "event_013": "place_007",
            "event_014": "place_001", "event_015": "place_001"}[eid]  # fmt: skip


FLIGHT_REFS = {
    "booking_001": ("flight to New York next Tuesday", "outbound flight to JFK", "flight to NYC"),
    "booking_002": ("flight back from New York", "return flight on the 28th", "flight home from JFK"),
}


@family("travel.my_flight_status", dimension="basic", category="reference", bucket="behavior")
def my_flight_status(ctx: Ctx) -> Draft:
    delay, gate = ctx.pick("tu_delay_gates")
    bid = ctx.choice(sorted(FLIGHT_REFS))
    booking = base()["bookings"][bid]
    f = base()["flights"][booking["item_id"]]
    query = ctx.say(
        ["is my {ref} on time? And which gate?", "any delay on my {ref}? What gate does it leave from?",
         "check my {ref} — on time, and what's the gate?", "what's the status of my {ref}, and the gate number?"],
        ref=ctx.choice(FLIGHT_REFS[bid]),
    )  # fmt: skip
    if delay:
        # the delay, or the new departure time it gives ("now leaves at 8:55 instead of 8:15")
        leaves = shift(f["depart"], delay)[11:16]
        timing = [
            [f"{delay} min", f"{delay}-min", f"{delay}min", *time_alts(leaves)],
            ["delay", "late", "behind", "pushed", "instead of", "originally"],
        ]
        said = f"delayed by {delay} minutes"
    else:
        timing = [["on time", "on-time", "no delay", "not delayed"]]
        said = "on time"
    final = f"{f['flight_number']} is {said}; it leaves from terminal {f['terminal']}, gate {gate}."
    # Reporting both booked flights is not an answer: the other flight's number, gate and delay must not
    # be named.
    other = base()["flights"][base()["bookings"][next(b for b in FLIGHT_REFS if b != bid)]["item_id"]]
    near = [other["flight_number"], other["flight_number"].replace(" ", ""), other["gate"]]
    if other["delay_min"]:
        near += [f"{other['delay_min']} min", f"{other['delay_min']}-min", f"{other['delay_min']}min"]
    return Draft(
        query=query,
        s0_patch={"flights": {f["id"]: {**f, "delay_min": delay, "gate": gate}}},
        gold=avoiding(
            {"rubric": {"final_kind": "answer", "must_include": [*timing, [gate.lower()]]}},
            near,
            final,
            query,
            f["flight_number"],
        ),
        oracle=[
            calls(call("list_travel_bookings", kind="flight")),
            calls(call("get_transit_status", booking_id=bid)),
            final,
        ],
    )


# --------------------------------------------------------------------------- revision
@family("travel.revise_seat_type", dimension="basic", category="revision", bucket="tool")
def revise_seat_type(ctx: Ctx) -> Draft:
    f = ctx.pick("tu_open_flights")
    kinds = [k for k in ("window", "aisle", "middle") if f["seats"][k]]
    if len(kinds) < 2:
        raise Skip("needs two seat types with free seats")
    first, second = ctx.rng.sample(kinds, 2)
    o, d = city_of_airport(f["origin"]), city_of_airport(f["destination"])
    query = ctx.say(
        ["book the {airline} {time} flight from {o} to {d} {when}, {a} seat — actually, make it {b}.",
         "get me on the {time} {airline} flight {o} to {d} {when} with {aa} seat. Wait, no — {b} seat instead.",
         "{a} seat on the {airline} {time} from {o} to {d} {when}... on second thought, {b}.",
         "book {airline}'s {time} {o}–{d} flight {when}. {A} seat — sorry, I meant {b}."],
        airline=f["airline"], time=clock(f["depart"][11:16]), o=city_said(ctx, o), d=city_said(ctx, d),
        when=on_day(ctx, f["depart"][:10]), a=first, aa=a_an(first), A=first.capitalize(), b=second,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"calls": [flight_call(f["id"], second)]},
        oracle=[
            calls(call("search_flights", origin=o, destination=d, date=f["depart"][:10])),
            hermes(flight_oracle_call(f["id"], second)),
            f"Booked {f['flight_number']} with a {second} seat.",
        ],
    )


@family("travel.revise_stay_dates", dimension="basic", category="revision", bucket="tool")
def revise_stay_dates(ctx: Ctx) -> Draft:
    room = ctx.pick("tu_hotel_rooms")
    (a0, a1), (b0, b1) = ctx.pick_many("tu_stays", 2)
    query = ctx.say(
        ["book a {room} at {hotel} from {a0} to {a1} — wait, make that {b0} to {b1}.",
         "reserve {hotel}, {room}, {a0} through {a1}. Actually no, {b0} through {b1}.",
         "I need a {room} at {hotel} from {a0} to {a1}... sorry, the dates are {b0} to {b1}.",
         "{hotel} please, {room}, {a0}–{a1}. Scratch that: {b0}–{b1}."],
        room=ROOM_SAID[room["room_type"]], hotel=room["hotel"], a0=bare_day(ctx, a0), a1=bare_day(ctx, a1),
        b0=bare_day(ctx, b0), b1=bare_day(ctx, b1),
    )  # fmt: skip
    args = {"hotel_id": room["hotel_id"], "room_type": room["room_type"], "check_in": b0, "check_out": b1}
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"calls": [{"name": "book_hotel", "arguments": {**args, "card": IGNORE}}]},
        oracle=[
            calls(call("search_hotels", city=room["city"], check_in=b0, check_out=b1)),
            hermes(call("book_hotel", **args)),
            f"Booked {room['hotel']} from {b0} to {b1}.",
        ],
    )


@family("travel.swap_attraction", dimension="basic", category="revision", bucket="tool")
def swap_attraction(ctx: Ctx) -> Draft:
    booking, alt = ctx.pick("tu_swaps")
    n = ctx.pick("tu_ticket_counts")
    day = booking["start"][:10]
    old = ATTR_SAID.get(booking["item_id"], (booking["title"],))[0]
    query = ctx.say(
        ["cancel my {old} tickets and get {n} for {alt} on the same day instead.",
         "swap my {old} booking for {alt}: cancel it and book {n} for that same day.",
         "we're skipping {old} — cancel that and buy {n} for {alt} the same day.",
         "drop the {old} tickets; book {alt} instead, same date, {n}."],
        old=old.removeprefix("the "), alt=attr_said(ctx, alt), n=tickets(n),
    )  # fmt: skip
    known = base()["bookings"]
    return Draft(
        query=query,
        frictions=["multi_intent"],
        s0_patch={} if booking["id"] in known else {"bookings": {booking["id"]: booking}},
        gold={
            "calls": [
                {"name": "cancel_travel_booking", "arguments": {"booking_id": booking["id"]}},
                ticket_call(alt["id"], n, day),
            ]
        },  # fmt: skip
        oracle=[
            calls(call("list_travel_bookings", kind="attraction")),
            hermes(call("cancel_travel_booking", booking_id=booking["id"])),
            calls(call("search_attractions", city=booking["city"], visit_date=day)),
            hermes(call("book_travel_ticket", item_id=alt["id"], quantity=n, visit_date=day)),
            f"Cancelled {booking['title']} and booked {tickets(n)} for {alt['name']} on {day}.",
        ],
    )


@family("travel.card_after_question", dimension="basic", category="revision", bucket="state")
def card_after_question(ctx: Ctx) -> Draft:
    a, day = ctx.pick("tu_attraction_days")
    if not a["ticket_price_usd"]:
        raise Skip("free entry: no card to choose")
    n = ctx.pick("tu_ticket_counts")
    ref, cid, _name = ctx.pick("tu_book_cards")
    no_cal = ctx.choice([False, True])
    hours = hours_on(a, day)
    said = attr_said(ctx, a)
    query = ctx.say(
        ["{ref}, please.{cal}", "put it on {ref}.{cal}", "use {ref}.{cal}", "charge {ref}.{cal}"],
        ref=ref, cal=" And leave it off my calendar." if no_cal else "",
    )  # fmt: skip
    price = a["ticket_price_usd"]
    delta = attraction_delta(a, day, n)
    delta[0]["fields"]["card_id"] = cid
    book: dict[str, Any] = {"item_id": a["id"], "quantity": n, "visit_date": day, "card": cid}
    if no_cal:
        delta = delta[:1]
        book["add_to_calendar"] = False
    return Draft(
        query=query,
        history=[
            {"role": "user", "content": f"Get me {tickets(n)} for {said} {on_day(ctx, day)}."},
            {
                "role": "assistant",
                "content": f"{a['name']} is open on {day} from {hours[0]} to {hours[1]}; tickets are ${price} each "  # type: ignore[index]
                f"(${price * n} for {n}). Which card should I use — your Chase Sapphire Visa or the "
                "Northwind Labs Corporate Amex?",
            },
        ],  # fmt: skip
        gold={"delta": delta},
        oracle=[
            calls(call("search_attractions", city=a["city"], visit_date=day)),
            hermes(call("book_travel_ticket", **book)),
            f"Booked {tickets(n)} for {a['name']} on {day}.",
        ],
    )


@family("travel.switch_flight", dimension="basic", category="revision", bucket="tool")
def switch_flight(ctx: Ctx) -> Draft:
    bid, ref, fid = ctx.pick("tu_flight_switches")
    f = base()["flights"][fid]
    st = seat_choice(ctx, f)
    o, d = city_of_airport(f["origin"]), city_of_airport(f["destination"])
    query = ctx.say(
        ["switch {ref} to the {airline} {time} flight instead.{seat}",
         "move me from {ref} onto {airline}'s {time} departure the same day.{seat}",
         "I'd rather take the {time} {airline} flight — change {ref} to that one.{seat}",
         "can you swap {ref} for the {airline} flight at {time}?{seat}"],
        ref=ref, airline=f["airline"], time=clock(f["depart"][11:16]), seat=ctx.choice(SEAT_SAID[st]),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={
            "calls": [
                {"name": "cancel_travel_booking", "arguments": {"booking_id": bid}},
                flight_call(fid, st),
            ]
        },
        oracle=[
            calls(call("list_travel_bookings", kind="flight")),
            calls(call("search_flights", origin=o, destination=d, date=f["depart"][:10])),
            hermes(call("cancel_travel_booking", booking_id=bid)),
            hermes(flight_oracle_call(fid, st)),
            f"Cancelled your old booking and put you on {f['flight_number']} at {clock(f['depart'][11:16])}.",
        ],
    )


# --------------------------------------------------------------------------- recovery
@family("travel.sold_out_flight", dimension="basic", category="recovery", bucket="behavior")
def sold_out_flight(ctx: Ctx) -> Draft:
    f = ctx.pick("tu_open_flights")
    o, d, day = city_of_airport(f["origin"]), city_of_airport(f["destination"]), f["depart"][:10]
    others = [x for x in route_flights(o, d, day) if x["id"] != f["id"] and x["seats_left"] > 0]
    offer = (
        f" {others[0]['flight_number']} at {clock(others[0]['depart'][11:16])} still has seats — want that one?"
        if others
        else " There's nothing else with seats that day — want me to check another date?"
    )
    query = ctx.say(
        ["book me on the {airline} {time} flight from {o} to {d} {when}.",
         "get me a seat on the {time} {airline} from {o} to {d} {when}.",
         "I want the {airline} flight at {time} {when}, {o} to {d}. Book it.",
         "reserve the {time} {airline} departure, {o} to {d}, {when}."],
        airline=f["airline"], time=clock(f["depart"][11:16]), o=city_said(ctx, o), d=city_said(ctx, d),
        when=on_day(ctx, day),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["state_mutation"],
        s0_patch=full(f),
        gold=rubric("any", FULL_WORDS, avoid=BOOKED_NOW),
        oracle=[
            calls(call("search_flights", origin=o, destination=d, date=day)),
            f"Sorry — {f['flight_number']} at {clock(f['depart'][11:16])} is sold out, so I couldn't book it."
            + offer,
        ],
    )


@family("travel.closed_attraction", dimension="basic", category="recovery", bucket="behavior")
def closed_attraction(ctx: Ctx) -> Draft:
    a, day = ctx.pick("tu_closed_attractions")
    n = ctx.pick("tu_ticket_counts")
    wd = WEEKDAYS[date.fromisoformat(day).weekday()]
    query = ctx.say(
        ["get {n} for {attr} {when}.", "book {attr} {when}, {n}.", "I'd like {n} to {attr} {when}.",
         "can you reserve {n} at {attr} {when}?"],
        n=tickets(n), attr=attr_said(ctx, a), when=on_day(ctx, day),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold=rubric("any", ["closed"], avoid=BOOKED_NOW),
        oracle=[
            calls(call("search_attractions", city=a["city"], visit_date=day)),
            f"Sorry, {a['name']} is closed on {wd}s, so there are no tickets for {day}. Should I look at another day?",
        ],
    )


@family("travel.hotel_booking_retry", dimension="basic", category="recovery", bucket="tool")
def hotel_booking_retry(ctx: Ctx) -> Draft:
    room = ctx.pick("tu_hotel_rooms")
    d0, d1 = ctx.pick("tu_stays")
    query = ctx.say(
        ["book a {room} at {hotel}, {a} to {b}.", "reserve {hotel} for me — {room}, from {a} to {b}.",
         "I need a {room} at {hotel} from {a} until {b}.", "get me {hotel}, {room}, checking in {a} and out {b}."],
        room=ROOM_SAID[room["room_type"]], hotel=room["hotel"], a=bare_day(ctx, d0), b=bare_day(ctx, d1),
    )  # fmt: skip
    args = {"hotel_id": room["hotel_id"], "room_type": room["room_type"], "check_in": d0, "check_out": d1}
    return Draft(
        query=query,
        frictions=["runtime_error"],
        faults=[{"tool": "book_hotel", "on_calls": [1]}],
        gold={"calls": [{"name": "book_hotel", "arguments": {**args, "card": IGNORE}}]},
        oracle=[
            calls(call("search_hotels", city=room["city"], check_in=d0, check_out=d1)),
            calls(call("book_hotel", **args)),
            hermes(call("book_hotel", **args)),
            f"The booking service hiccuped on the first try; the retry went through — {room['hotel']}, {d0} to {d1}.",
        ],
    )


#: A claim of having bought the tickets (on the unusable card, or on another one unasked), as an act or
#: as the state it left ("they're booked", "the payment went through"): the answer is a question, so
#: "They're booked. Anything else?" must fail. Each names the tickets or the payment, as "nothing is
#: booked yet" is honest; "should I put them on your Chase instead?" holds none of them.
PAID_NOW = [*BOOKED_NOW, *false_claims("charged", "paid", "billed", passive=False),
            *false_claims("put it on", "put them on", "put the tickets on", bare=False, passive=False),
            *false_claims("switched to", "switched cards", "went with", "gone with", passive=False),
            *(f"{who} {state}" for who in ("it's", "it is", "they're", "they are", "tickets are")
              for state in ("booked", "reserved", "purchased", "bought", "confirmed", "paid", "ready", "secured")),
            *(f"{what} went through" for what in ("payment", "charge", "purchase", "booking", "order")),
            "payment is complete", "purchase is complete", "payment was successful", "purchase was successful",
            "you have your tickets", "you've got your tickets", "you have the tickets", "you've got the tickets",
            "your tickets are in"]  # fmt: skip


@family("travel.unusable_card", dimension="basic", category="recovery", bucket="behavior")
def unusable_card(ctx: Ctx) -> Draft:
    a, day = ctx.pick("tu_attraction_days")
    if not a["ticket_price_usd"]:
        raise Skip("free entry: no card to choose")
    n = ctx.pick("tu_ticket_counts")
    ref, cid, why = ctx.pick("tu_bad_cards")
    card = base()["wallet_cards"][cid]
    query = ctx.say(
        ["buy {n} for {attr} {when} and pay with {card}.", "get {n} to {attr} {when}, put it on {card}.",
         "book {attr} {when} — {n}, charged to {card}.", "use {card} to get {n} for {attr} {when}."],
        n=tickets(n), attr=attr_said(ctx, a), when=on_day(ctx, day), card=ref,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["contradiction"],
        gold=rubric("question", [why], avoid=PAID_NOW),
        oracle=[
            calls(call("search_attractions", city=a["city"], visit_date=day)),
            calls(call("book_travel_ticket", item_id=a["id"], quantity=n, visit_date=day, card=cid)),
            f"I couldn't use your {card['name']} — it's {why}"
            + (f" (it expired in {card['expires']})" if why == "expired" else " in Wallet")
            + ". Should I put the tickets on your Chase Sapphire Visa instead?",
        ],
    )


#: A claim of having started the cross-city navigation anyway.
ROUTE_STARTED = [*false_claims("started navigation", "started directions", "started the route", "started routing",
                               "started navigating", "started the navigation", "started turn-by-turn", "routed",
                               "mapped", "plotted", "planned the route"),
                 "now navigating", "navigation is on", "navigation has started", "directions are on",
                 "directions have started"]  # fmt: skip


#: That navigation cannot take the user there: naming the city alone lets a made-up route through.
ROUTE_REFUSED = [*cannot("route", "navigate", "start", "give", "get", "plan", "do", "find", "take", "map", "guide",
                         "direct", "provide", "offer"),
                 "only works", "only covers", "only in", "only within", "only inside", "only for", "only handles",
                 "only supports", "only routes", "only navigates", "only gives", "only plans", "doesn't cover",
                 "does not cover", "doesn't work", "does not work", "doesn't route", "does not route", "doesn't go",
                 "outside", "out of range", "too far", "not available", "isn't available", "different city",
                 "another city", "other city", "same city", "one city", "single city", "not within",
                 "isn't within", "cross-city", "between cities", "intercity"]  # fmt: skip


@family("travel.cross_city_route", dimension="basic", category="recovery", bucket="behavior")
def cross_city_route(ctx: Ctx) -> Draft:
    said, pid = ctx.pick("tu_far_places")
    mode = ctx.choice(["drive", "transit", "walk", "bike"])
    p = base()["places"][pid]
    query = ctx.say(
        ["navigate to {place} {by}.", "start {adj} directions to {place}.", "route me to {place} {by}, please.",
         "get me to {place} — {adj} directions."],
        place=said, by=MODE_BY[mode], adj=MODE_ADJ[mode],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold=rubric("refusal", [p["city"].lower()], ROUTE_REFUSED, avoid=ROUTE_STARTED),
        oracle=[
            calls(call("start_navigation", destination=p["name"], mode=mode)),
            f"Sorry, I can't route you there from here: {p['name']} is in {p['city']} and navigation only works "
            "within one city. I can look up flights or trains instead if you like.",
        ],
    )


#: How a correct answer states the booking limit (a bare "9" would match a date such as June 9).
NINE_LIMIT = ["9 tickets", "nine tickets", "9 per booking", "nine per booking", "limit of 9", "limit of nine",
              "at most 9", "at most nine", "up to 9", "up to nine", "maximum of 9", "max of 9", "9 max"]  # fmt: skip
#: ... and that the whole order cannot be booked: "9 tickets are yours" holds the number too.
TOO_MANY = [*cannot("buy", "book", "get", "order", "do", "reserve", "purchase", "put", "fit", "go above", "go over",
                    "exceed", "make"),
            "at most", "up to", "maximum", "max", "limit", "only", "no more than", "too many", "per booking",
            "each booking", "per order", "each order", "a second booking", "split", "two bookings",
            "separate booking", "more than", "caps", "capped", "allows 9", "allows nine", "exceeds", "over the"]  # fmt: skip


@family("travel.too_many_tickets", dimension="basic", category="recovery", bucket="behavior")
def too_many_tickets(ctx: Ctx) -> Draft:
    a, day = ctx.pick("tu_attraction_days")
    n = ctx.pick("tu_too_many")
    query = ctx.say(
        ["book {n} tickets for {attr} {when} for the whole team.", "get {n} tickets to {attr} {when} — it's a group outing.",
         "we're {n} people: buy tickets for {attr} {when}.", "I need {n} tickets for {attr} {when}, one booking please."],
        n=n, attr=attr_said(ctx, a), when=on_day(ctx, day),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold=rubric("any", NINE_LIMIT, TOO_MANY, avoid=BOOKED_NOW),
        oracle=[
            calls(call("search_attractions", city=a["city"], visit_date=day)),
            calls(call("book_travel_ticket", item_id=a["id"], quantity=n, visit_date=day)),
            f"I can't buy {n} tickets at once — bookings are limited to 9 tickets each, and a second booking for "
            "the same day isn't allowed. Want me to book 9 for now?",
        ],
    )


#: That the forecast does not reach the day asked about: "the forecast for that day is 64°F" holds
#: "forecast" too.
FORECAST_SHORT = [*cannot("tell", "get", "see", "give", "check", "forecast", "predict", "look", "say", "find",
                          "pull", "provide", "show", "know"),
                  "only covers", "only goes", "only shows", "only reaches", "only extends", "only runs", "only has",
                  "only available", "only looks", "only up to", "only through", "only until", "only out to",
                  "only includes", "only gives", "only the next", "too far", "further out", "farther out", "beyond",
                  "not available", "isn't available", "aren't available", "not out yet", "isn't out yet",
                  "not published", "isn't published", "no forecast", "doesn't go", "doesn't reach",
                  "doesn't cover", "doesn't extend", "does not go", "does not reach", "does not cover",
                  "doesn't include", "does not include", "not that far", "out of range", "outside the",
                  "not yet", "too early", "ends on", "ends at", "stops at", "stops on", "limited to", "up to",
                  "no data", "nothing for", "no weather", "isn't covered", "not covered"]  # fmt: skip


@family("travel.forecast_out_of_range", dimension="basic", category="recovery", bucket="behavior")
def forecast_out_of_range(ctx: Ctx) -> Draft:
    day = ctx.pick("tu_late_days")
    city = ctx.choice(["San Francisco", "New York", "Seattle", "Los Angeles", "Chicago", "Boston"])
    d = date.fromisoformat(day)
    query = ctx.say(
        ["what's the weather going to be in {city} on {md}?", "forecast for {city}, {md}?",
         "will it rain in {city} on {md}?", "how warm will {city} be on {wd}, {md}?"],
        city=city_said(ctx, city), md=f"{d:%B} {d.day}", wd=WEEKDAYS[d.weekday()],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold=rubric("refusal", ["forecast"], FORECAST_SHORT),
        oracle=[
            calls(call("get_weather_forecast", city=city, start_date=day)),
            f"Sorry, I can't tell you that yet — the forecast only reaches June 5, and {d:%B} {d.day} is further out.",
        ],
    )


@family("travel.hotel_missing_dates", dimension="basic", category="recovery", bucket="behavior")
def hotel_missing_dates(ctx: Ctx) -> Draft:
    room = ctx.pick("tu_hotel_rooms")
    query = ctx.say(
        ["book me a {room} at {hotel}.", "reserve a {room} at {hotel} for me.", "I want a {room} at {hotel} — book it.",
         "can you get me a {room} at {hotel}?"],
        room=ROOM_SAID[room["room_type"]], hotel=room["hotel"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["missing_argument"],
        gold={
            "rubric": {
                "final_kind": "question",
                "must_include": [["date", "when", "check-in", "check in", "night", "which day"]],
                "must_not_include": BOOKED_NOW,
                "forbid_mutations": True,
            }
        },  # fmt: skip
        oracle=[
            f"Happy to book {room['hotel']} — which dates? When do you check in and when do you check out?"
        ],
    )
