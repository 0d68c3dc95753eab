"""Template families of the Sub-agent Collaboration dimension (paper §3.4.2): requests that need execution
beyond the structured APIs, handed to one of the six sub-agents.

Every task is checked on behaviour: the hand-off must go to the right route (``delegate_to_<route>_agent``)
with a clear instruction (key phrases) and the right context (the app, the photo or screenshot, the watched
condition's subject, the practice kind and topic, the facts the sub-agent needs); the sub-agent's report
is scripted through the S0 table ``subagent_results`` and the final message must relay it. The category
is the route.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from mpb_env.tasks.build import call, calls, contains, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.helpers import base

ROUTES = ("gui", "search", "image", "visual_qa", "monitor", "practice")


# --------------------------------------------------------------------------- shared helpers
#: Training-only families: the bench draws five families per route, so its 89 tasks split evenly.
TRAIN_ONLY = ("train", "dev")


def agent_family(route: str, name: str, splits: tuple[str, ...] = ("bench", "train", "dev")) -> Any:
    """Register a sub-agent family: id ``subagent.<route>.<name>``, category = the route."""
    assert route in ROUTES
    return family(
        f"subagent.{route}.{name}", dimension="subagent", category=route, bucket="behavior", splits=splits
    )


def agent_draft(
    route: str,
    query: str,
    handoff: dict[str, Any],
    steps: list[str],
    final: str,
    must: list[list[str]],
    *,
    script: tuple[str, str] | None = None,
    s0: dict[str, Any] | None = None,
    forbid: bool = True,
    must_not: list[str] | None = None,
    **extra: Any,
) -> Draft:
    """A sub-agent task: ``steps`` (oracle turns, one of them the hand-off), then ``final``.

    ``script`` = (result key, report) scripts what the sub-agent answers (``subagent_results``); ``must``
    are the phrase groups the final message must contain (at least one of each group), ``must_not`` the
    phrases it must not.
    """
    patch = dict(s0 or {})
    if script is not None:
        key, result = script
        patch["subagent_results"] = {key: {"result": result, "status": "completed"}}
    return Draft(
        query=query,
        gold={
            "rubric": {
                "routes": [f"delegate_to_{route}_agent"],
                "handoff": handoff,
                "final_kind": "answer",
                "must_include": must,
                "forbid_mutations": forbid,
                **({"must_not_include": must_not} if must_not else {}),
            }
        },  # fmt: skip
        oracle=[*steps, final],
        s0_patch=patch,
        **extra,
    )


def first(name: str) -> str:
    return name.split()[0]


def day_words(day: str) -> str:
    d = date.fromisoformat(day)
    return f"{d.strftime('%B')} {d.day}, {d.year}"


def short_place(location: str) -> str:
    return location.split(",")[0]


# =========================================================================== GUI
@agent_family("gui", "mail_signature")
def gui_mail_signature(ctx: Ctx) -> Draft:
    sig = ctx.pick("sa_signatures")
    app, app_said = ctx.pick("sa_mail_apps")
    query = ctx.say(
        [
            'change my email signature in {a} to "{s}".',
            'set the signature in {a} to "{s}", please.',
            'the signature in {a} should read "{s}" — can you update it?',
            'update {a} so every email ends with "{s}".',
            'in {a}, replace my signature with "{s}".',
            'new email signature in {a}: "{s}".',
        ],
        a=app_said,
        s=sig,
    )
    name = base()["apps"][app]["name"]
    result = f'Signature in {name} saved: "{sig}".'
    return agent_draft(
        "gui",
        query,
        {"app": app, "instruction": contains("signature", sig.split(",")[0].split(" - ")[0].split(" |")[0])},
        [
            calls(
                call(
                    "delegate_to_gui_agent",
                    app=app,
                    instruction=f'Open settings and set the email signature to "{sig}"',
                    context={"signature": sig},
                )
            )
        ],
        f'Done — your {name} signature now reads "{sig}".',
        [["signature"], [sig.casefold()]],
        script=(f"gui:{app}", result),
    )


#: That an app setting the sub-agent changed is in effect now ...
SETTING_DONE = ["saved", "done", "all set", "is set", "are set", "now set", "been set", "set to", "'ve set", "has set",
                "is now", "are now", "now on", "now off", "now.", "now,",
                "now!", "now has", "now have", "now uses", "now shows", "now hides", "now reads", "turned", "switched",
                "enabled", "disabled", "updated", "changed", "applied", "added", "made", "muted", "is private",
                "is on", "are on", "is off", "are off", "in place", "will now", "will always", "from now on",
                "took care", "taken care", "completed", "i've", "i have", "has been", "have been", "went through"]  # fmt: skip
#: ... and not that it failed (the phrases above would fit "it couldn't be turned on" too).
SETTING_FAILED = ["couldn't", "could not", "failed", "unable", "wasn't able", "was not able", "not able to",
                  "didn't work", "did not work", "didn't go through", "did not go through", "haven't", "have not",
                  "not saved", "wasn't saved", "isn't saved", "not been"]  # fmt: skip


@agent_family("gui", "app_setting")
def gui_app_setting(ctx: Ctx) -> Draft:
    app, name, what, key = ctx.pick("sa_app_toggles")
    query = ctx.say(
        [
            "in {n}, {w}.",
            "can you go into {n} and {w}?",
            "please {w} in the {n} app.",
            "{n}: {w}, thanks.",
            "open {n} and {w} for me.",
            "I want you to {w} over in {n}.",
        ],
        n=name,
        w=what,
    )
    result = f"Done in {name}: {what} — the setting is saved."
    return agent_draft(
        "gui",
        query,
        {"app": app, "instruction": contains(key)},
        [
            calls(
                call(
                    "delegate_to_gui_agent",
                    app=app,
                    instruction=what[0].upper() + what[1:],
                    context={"app": name},
                )
            )
        ],
        f"All set in {name}: I had the app assistant {what}, and the setting is saved.",
        [[key], SETTING_DONE],
        script=(f"gui:{app}", result),
        must_not=SETTING_FAILED,
    )


@agent_family("gui", "book_ride")
def gui_book_ride(ctx: Ctx) -> Draft:
    app, name, ride = ctx.pick("sa_ride_apps")
    place, key = ctx.pick("sa_ride_places")
    eta = ctx.choice([3, 4, 5, 6, 7, 8, 9])
    query = ctx.say(
        [
            "get me {r} to {p}.",
            "book {r} to {p}, please.",
            "order a ride to {p}: {r}.",
            "can you call me {r} to {p}?",
            "I need {r} to {p} right now.",
            "{r} to {p}, please — I'm ready outside.",
        ],
        r=ride,
        p=place,
        n=name,
    )
    result = f"Booked {ride} to {place}; the driver arrives in {eta} minutes (silver Prius, plate 8KQL214)."
    return agent_draft(
        "gui",
        query,
        {"app": app, "instruction": contains(key)},
        [
            calls(
                call(
                    "delegate_to_gui_agent",
                    app=app,
                    instruction=f"Book {ride} from my current location to {place}",
                    context={"destination": place, "ride_type": ride},
                )
            )
        ],
        f"Booked {ride} to {place} — the driver arrives in {eta} minutes in a silver Prius (8KQL214).",
        [[f"{eta} min"], ["8kql214", "prius"]],
        script=(f"gui:{app}", result),
    )


@agent_family("gui", "food_order")
def gui_food_order(ctx: Ctx) -> Draft:
    app, name, restaurant, dish = ctx.pick("sa_food")
    eta = ctx.choice([25, 30, 35, 40, 45])
    query = ctx.say(
        [
            "order {d} from {r} on {n}.",
            "get me {d} from {r} — use {n}.",
            "can you put in a {n} order: {d} from {r}?",
            "I'm hungry — {d} from {r} through {n}, please.",
            "use {n} to order {d} from {r}.",
            "{n} order: {r}, {d}. Deliver it home.",
        ],
        d=dish,
        r=restaurant,
        n=name,
    )
    key = dish.split()[-1]
    result = f"Ordered {dish} from {restaurant}; arriving in about {eta} minutes."
    return agent_draft(
        "gui",
        query,
        # The user asked to mention the peanut allergy whenever food is ordered (memory mem_020).
        {"app": app, "instruction": contains(key, restaurant.split()[0], "peanut")},
        [
            calls(call("search_user_memory", query="diet allergy food")),
            calls(
                call(
                    "delegate_to_gui_agent",
                    app=app,
                    instruction=f"Order {dish} from {restaurant} for delivery to home; note a peanut allergy",
                    context={"restaurant": restaurant, "item": dish, "allergies": ["peanuts"]},
                )
            ),
        ],
        f"Ordered {dish} from {restaurant} (with your peanut allergy noted); it arrives in about {eta} "
        "minutes.",
        [[f"{eta} min"]],
        script=(f"gui:{app}", result),
        gold_memory_ids=["mem_020"],
    )


@agent_family("gui", "venmo_request")
def gui_venmo_request(ctx: Ctx) -> Draft:
    person = ctx.pick("core_people")
    amount = ctx.pick("sa_amounts")
    reason = ctx.pick("sa_reasons")
    if person["id"] in ("contact_007", "contact_008"):
        raise Skip("not someone you split a bill with")
    query = ctx.say(
        [
            "request ${a} from {p} on Venmo for {r}.",
            "Venmo-request {p} ${a} — it's for {r}.",
            "can you ask {p} for ${a} on Venmo? Memo: {r}.",
            "send {p} a Venmo request: ${a}, {r}.",
            "{p} owes me ${a} for {r}; request it on Venmo.",
            "put in a Venmo request to {p} for ${a} ({r}).",
        ],
        a=amount,
        p=person["name"],
        r=reason,
    )
    result = f"Requested ${amount} from {person['name']} for {reason}."
    return agent_draft(
        "gui",
        query,
        {"app": "venmo", "instruction": contains(amount, first(person["name"]))},
        [
            calls(
                call(
                    "delegate_to_gui_agent",
                    app="venmo",
                    instruction=f"Request ${amount} from {person['name']} with the note '{reason}'",
                    context={"contact": person["name"], "phone": person["phone"], "amount": amount},
                )
            )
        ],
        f"Sent a Venmo request to {person['name']} for ${amount} ({reason}).",
        [[amount], [first(person["name"]).casefold()]],
        script=("gui:venmo", result),
    )


@agent_family("gui", "mail_cleanup", splits=TRAIN_ONLY)
def gui_mail_cleanup(ctx: Ctx) -> Draft:
    sender, what, key = ctx.pick("sa_mail_cleanups")
    count = ctx.choice([7, 12, 18, 23, 31, 46])
    query = ctx.say(
        [
            "in my email, {w}.",
            "clean up my inbox: {w}.",
            "can you {w} in the Mail app?",
            "Mail cleanup — {w}, please.",
            "I'm drowning in emails from {s}. {w}.",
            "go into Mail and {w}.",
        ],
        w=what,
        s=sender,
    )
    result = f"Done: {what} ({count} emails affected)."
    return agent_draft(
        "gui",
        query,
        {"app": "mail", "instruction": contains(key)},
        [
            calls(
                call(
                    "delegate_to_gui_agent",
                    app="mail",
                    instruction=what[0].upper() + what[1:],
                    context={"sender": sender},
                )
            )
        ],
        f"Done — {count} emails from {sender} were handled.",
        [[str(count)]],
        script=("gui:mail", result),
    )


@agent_family("gui", "bank_travel_notice", splits=TRAIN_ONLY)
def gui_bank_travel_notice(ctx: Ctx) -> Draft:
    country, start, end = ctx.pick("sa_travel_notices")
    query = ctx.say(
        [
            "set a travel notice in my Chase app for {c}, {a} to {b}.",
            "tell Chase I'll be in {c} from {a} to {b}.",
            "add a travel notification on my bank app: {c}, {a}–{b}.",
            "I'm going to {c} {a} through {b}; put a travel notice on my Chase cards.",
            "Chase travel notice please — {c}, from {a} until {b}.",
            "make sure my Chase card works in {c} between {a} and {b} (travel notice).",
        ],
        c=country,
        a=start,
        b=end,
    )
    result = f"Travel notice added for {country}, {start} to {end}, on the Sapphire and checking cards."
    return agent_draft(
        "gui",
        query,
        {"app": "bank", "instruction": contains(country.replace("the ", "").casefold(), "travel")},
        [
            calls(
                call(
                    "delegate_to_gui_agent",
                    app="bank",
                    instruction=f"Add a travel notice for {country} from {start} to {end}",
                    context={"destination": country, "from": start, "to": end},
                )
            )
        ],
        f"Chase now has a travel notice for {country}, {start} to {end}, on your Sapphire and checking "
        "cards.",
        [[country.replace("the ", "").casefold()], ["sapphire", "travel notice"]],
        script=("gui:bank", result),
    )


# =========================================================================== search
@agent_family("search", "restaurant_for_my_diet")
def search_restaurant_diet(ctx: Ctx) -> Draft:
    cuisine, hood = ctx.pick("sa_cuisines")
    names = ctx.choice(
        [
            ("Lupa Verde", "Harbor Table"),
            ("Copper Pot", "Saltwater"),
            ("Moss & Ember", "Little Fig"),
            ("The Gilded Spoon", "Oak & Tide"),
        ]
    )
    query = ctx.say(
        [
            "find {c} places in {h} that would work with my diet.",
            "search for a {c} restaurant in {h} I can actually eat at.",
            "what are some good {c} spots around {h} that fit my food restrictions?",
            "look up {c} restaurants in {h} that suit how I eat.",
            "any {c} places in {h} that are safe for me?",
            "I want {c} tonight in {h} — find options that match my dietary needs.",
        ],
        c=cuisine,
        h=hood,
    )
    result = f"{names[0]} and {names[1]} both have peanut-free, pescatarian-friendly menus in {hood}."
    return agent_draft(
        "search",
        query,
        {"instruction": contains(cuisine.split()[-1].casefold()), "context": contains("peanut")},
        [
            calls(call("search_user_memory", query="diet allergy food")),
            calls(
                call(
                    "delegate_to_search_agent",
                    instruction=f"Find well-rated {cuisine} restaurants in {hood}, San Francisco "
                    "with pescatarian options and no peanut cross-contamination",
                    context={
                        "city": "San Francisco",
                        "area": hood,
                        "diet": "pescatarian",
                        "allergies": ["peanuts"],
                    },
                )
            ),
        ],
        f"Two good fits: {names[0]} and {names[1]} — both peanut-free and pescatarian-friendly in {hood}.",
        [[names[0].casefold()], [names[1].casefold()]],
        script=("search", result),
        gold_memory_ids=["mem_020"],  # the peanut allergy the hand-off must carry
    )


@agent_family("search", "look_up")
def search_look_up(ctx: Ctx) -> Draft:
    topic, key, key2, answer, must = ctx.pick("sa_search_topics")
    query = ctx.say(
        [
            "look up {t}.",
            "can you search the web for {t}?",
            "dig up info on {t} for me.",
            "I need to know {t} — search it.",
            "search online: {t}.",
            "do a quick web search on {t}.",
        ],
        t=topic,
    )
    result = f"{answer} (3 sources)"
    return agent_draft(
        "search",
        query,
        {"instruction": contains(key, key2)},
        [
            calls(
                call(
                    "delegate_to_search_agent", instruction=f"Find {topic}", context={"city": "San Francisco"}
                )
            )
        ],
        f"Here's what I found: {answer}",
        [list(group) for group in must],  # the answer itself, not the search's wording around it
        script=("search", result),
    )


@agent_family("search", "compare_products")
def search_compare_products(ctx: Ctx) -> Draft:
    pair, a, b = ctx.pick("sa_comparisons")
    winner = ctx.choice([a, b])
    query = ctx.say(
        [
            "compare {p} for me — which one should I get?",
            "search reviews and compare {p}.",
            "I'm torn between {p}. What do reviewers say?",
            "can you research {p} side by side?",
            "help me decide between {p}.",
            "look up a comparison of {p}.",
        ],
        p=pair,
    )
    at = pair.casefold().index(winner)
    shown = pair[at : at + len(winner)]
    result = f"Reviewers mostly prefer the {shown} for value; the other wins on build quality."
    return agent_draft(
        "search",
        query,
        {"instruction": contains(a, b)},
        [
            calls(
                call(
                    "delegate_to_search_agent",
                    instruction=f"Compare reviews, prices and trade-offs of {pair}",
                    context={"compare": [a, b]},
                )
            )
        ],
        f"Reviewers mostly prefer the {shown} for value; the other one wins on build quality.",
        [[winner]],
        script=("search", result),
    )


@agent_family("search", "trip_evening")
def search_trip_evening(ctx: Ctx) -> Draft:
    what, key = ctx.pick("sa_ny_activities")
    pick = ctx.choice(["Smalls", "The Blue Room", "Mercer Corner", "Hudson Loft", "Stone Street Hall"])
    query = ctx.say(
        [
            "find me {w} in New York for my free evening on the trip.",
            "on my New York trip, I have a free night — look for {w}.",
            "search for {w} near my hotel for the evening I'm free in New York.",
            "I'll have one free evening in NYC next week; can you find {w}?",
            "what's {w} I could do in New York on the night after my client meeting?",
            "look up {w} in Manhattan for my trip's free night.",
        ],
        w=what,
    )
    result = (
        f"For the evening of May 27 in New York: {pick} fits best, 15 minutes from the Financial District."
    )
    return agent_draft(
        "search",
        query,
        {
            "instruction": contains(key),
            "context": {"$any": [contains(day) for day in ("2026-05-27", "may 27", "27 may", "5/27")]},
        },
        [
            calls(
                call("list_travel_bookings", upcoming_only=True),
                call("list_events", start_date="2026-05-26", end_date="2026-05-28"),
            ),
            calls(
                call(
                    "delegate_to_search_agent",
                    instruction=f"Find {what} in Manhattan for the evening of May 27",
                    context={
                        "city": "New York",
                        "date": "2026-05-27",
                        "near": "55 Water St, Financial District",
                    },
                )
            ),
        ],
        f"Your free evening is May 27 (after the client meeting). {pick} fits best, about 15 minutes from "
        "the "
        "Financial District.",
        [[pick.casefold()]],
        script=("search", result),
    )


@agent_family("search", "gift_idea")
def search_gift_idea(ctx: Ctx) -> Draft:
    rel, cid, budget = ctx.pick("sa_gift_people")
    idea = ctx.choice(
        [
            "a watercolor paint set",
            "a build-your-own robot kit",
            "a smart herb garden",
            "a cozy weighted blanket",
            "a leather-bound journal",
            "a telescope starter kit",
        ]
    )
    person = base()["contacts"][cid]
    query = ctx.say(
        [
            "find a birthday gift idea for {r} under ${b}.",
            "search for something nice for {r}'s birthday, max ${b}.",
            "what could I get {r} as a birthday present? Budget ${b}.",
            "gift ideas for {r}, up to ${b} — look around online.",
            "help me find a present for {r}, no more than ${b}.",
            "look up birthday presents for {r} around ${b}.",
        ],
        r=rel,
        b=budget,
    )
    mem = {
        "contact_005": "Emma's birthday",
        "contact_004": "Jordan's birthday",
        "contact_006": "Mom's birthday",
    }[cid]
    result = f"Top pick under ${budget}: {idea}, in stock for delivery before the birthday."
    return agent_draft(
        "search",
        query,
        {"instruction": contains(budget), "context": contains(first(person["name"]).casefold())},
        [
            calls(call("search_user_memory", query=mem)),
            calls(
                call(
                    "delegate_to_search_agent",
                    instruction=f"Find birthday gift ideas under ${budget} for {person['name']}",
                    context={
                        "recipient": person["name"],
                        "relation": person["relation"],
                        "budget_usd": budget,
                    },
                )
            ),
        ],
        f"Top pick for {first(person['name'])}: {idea}, under ${budget} and it can arrive before the "
        "birthday.",
        [[idea.split()[-1]]],
        script=("search", result),
    )


# =========================================================================== image
@agent_family("image", "edit_photo")
def image_edit_photo(ctx: Ctx) -> Draft:
    photo, said, q = ctx.pick("sk_touchup_photos")
    edit, key = ctx.pick("sk_edits")
    stem = base()["photos"][photo]["name"].rsplit(".", 1)[0]
    query = ctx.say(
        [
            "{e} in {p}.",
            "edit {p}: {e}.",
            "can you {e} in {p}?",
            "photo edit, please — {p}, {e}.",
            "take {p} and {e}.",
            "I'd love {p} with this fix: {e}.",
        ],
        e=edit,
        p=said,
    )
    result = f"Edited {stem}.jpg ({edit}); saved as {stem}_edit.jpg."
    return agent_draft(
        "image",
        query,
        {"source_photo_id": photo, "instruction": contains(key)},
        [
            calls(call("list_photos", query=q)),
            calls(
                call(
                    "delegate_to_image_agent",
                    instruction=edit[0].upper() + edit[1:],
                    context={"keep": "original"},
                    source_photo_id=photo,
                )
            ),
        ],
        f"Done — the edited version is saved as {stem}_edit.jpg; the original is untouched.",
        [[f"{stem}_edit".casefold()]],
        script=(f"image:{photo}", result),
    )


@agent_family("image", "generate_picture")
def image_generate_picture(ctx: Ctx) -> Draft:
    subject, key = ctx.pick("sa_generate")
    purpose, said = ctx.pick("sa_image_purposes")
    query = ctx.say(
        [
            "make me an image of {s} for {p}.",
            "generate a picture: {s}. It's for {p}.",
            "create {s} — I want it as {p}.",
            "can you draw {s} for {p}?",
            "I need an AI image of {s} to use as {p}.",
            "design {p}: {s}.",
        ],
        s=subject,
        p=said,
    )
    aspect = (
        "9:16"
        if purpose in ("wallpaper", "lock screen")
        else ("1:1" if purpose == "profile picture" else "16:9")
    )
    name = f"{key.replace(' ', '_')}_{aspect.replace(':', 'x')}.png"
    result = f"Generated {name} ({aspect})."
    return agent_draft(
        "image",
        query,
        {"instruction": contains(key), "source_photo_id": None},
        [
            calls(
                call(
                    "delegate_to_image_agent",
                    instruction=f"Generate an image of {subject}",
                    context={"purpose": purpose, "aspect": aspect},
                )
            )
        ],
        f"Here it is: {name}, in {aspect} for {said}.",
        [[name.casefold()]],
        script=("image", result),
    )


@agent_family("image", "greeting_card")
def image_greeting_card(ctx: Ctx) -> Draft:
    card, key = ctx.pick("sa_cards")
    person = ctx.pick("people")
    query = ctx.say(
        [
            "design {c} for {n}.",
            "make {c} image for {n} that I can text.",
            "create {c} addressed to {n}.",
            "I need {c} for {n} — make something pretty.",
            "can you whip up {c} for {n}?",
            "generate {c} with {n}'s name on it.",
        ],
        c=("an " if card[0] in "aeiou" else "a ") + card,
        n=person["name"],
    )
    fname = f"card_{first(person['name']).casefold()}.png"
    result = f"Created {fname}: a {card} for {person['name']}."
    return agent_draft(
        "image",
        query,
        {"instruction": contains(key, first(person["name"])), "source_photo_id": None},
        [
            calls(
                call(
                    "delegate_to_image_agent",
                    instruction=f"Design a {card} addressed to {person['name']}",
                    context={"recipient": person["name"], "format": "1080x1350"},
                )
            )
        ],
        f"Your {card} for {person['name']} is ready: {fname}.",
        [[fname]],
        script=("image", result),
    )


@agent_family("image", "restyle_trip_photo")
def image_restyle_trip_photo(ctx: Ctx) -> Draft:
    photo = ctx.pick("sa_trip_photos")
    style, key = ctx.pick("sa_styles")
    place, day = short_place(photo["location"]), photo["time"][:10]
    query = ctx.say(
        [
            "turn my {p} photo from {d} into {s}.",
            "restyle the picture I took at {p} on {d} as {s}.",
            "make my {p} shot from {d} look like {s}.",
            "can you redo my photo from {p} ({d}) as {s}?",
            "{s} version of my {p} photo from {d}, please.",
            "I want my {d} photo at {p} turned into {s}.",
        ],
        p=place,
        d=day_words(day),
        s=style,
    )
    result = f"Restyled {photo['name']} as {style}; saved as {photo['id']}_styled.jpg."
    return agent_draft(
        "image",
        query,
        {"source_photo_id": photo["id"], "instruction": contains(key)},
        [
            calls(call("list_photos", query=place, date_from=day, date_to=day)),
            calls(
                call(
                    "delegate_to_image_agent",
                    instruction=f"Turn this photo into {style}",
                    context={"style": style},
                    source_photo_id=photo["id"],
                )
            ),
        ],
        f"Done — your {place} photo is now {style}, saved as {photo['id']}_styled.jpg.",
        [[f"{photo['id']}_styled"]],
        script=(f"image:{photo['id']}", result),
    )


@agent_family("image", "selfie_makeover")
def image_selfie_makeover(ctx: Ctx) -> Draft:
    photo = ctx.pick("sa_selfies")
    what, key = ctx.pick("sa_headshots")
    place, day = short_place(photo["location"]), photo["time"][:10]
    query = ctx.say(
        [
            "use my selfie from {p} on {d} to make {w}.",
            "turn the selfie I took at {p} ({d}) into {w}.",
            "can you make {w} out of my {p} selfie from {d}?",
            "I need {w} — start from my selfie at {p} on {d}.",
            "make {w} from that selfie at {p}, {d}.",
            "take my selfie from {p} on {d} and make it into {w}, please.",
        ],
        p=place,
        d=day_words(day),
        w=what,
    )
    result = (
        f"Made {what} from {photo['name']}: saved as {photo['id']}_{key.split()[0].replace('-', '')}.jpg."
    )
    out = f"{photo['id']}_{key.split()[0].replace('-', '')}.jpg"
    return agent_draft(
        "image",
        query,
        {"source_photo_id": photo["id"], "instruction": contains(key)},
        [
            calls(call("list_photos", query=place, date_from=day, date_to=day)),
            calls(
                call(
                    "delegate_to_image_agent",
                    instruction=f"Make {what} from this selfie",
                    context={"use": what},
                    source_photo_id=photo["id"],
                )
            ),
        ],
        f"Here you go: {what}, saved as {out}.",
        [[out]],
        script=(f"image:{photo['id']}", result),
    )


# =========================================================================== visual QA
@agent_family("visual_qa", "photo_question")
def vqa_photo_question(ctx: Ctx) -> Draft:
    photo, said, q = ctx.pick("sk_touchup_photos")
    question, key, answer, reply = ctx.pick("sa_photo_questions")
    query = ctx.say(
        [
            "in {p}, {q}?",
            "look at {p} — {q}?",
            "quick question about {p}: {q}?",
            "tell me about {p}: {q}?",
            "can you check {p}? {q}?",
            "about {p}: {q}?",
        ],
        p=said,
        q=question,
    )
    return agent_draft(
        "visual_qa",
        query,
        {"target_id": photo, "question": contains(key)},
        [
            calls(call("list_photos", query=q)),
            calls(
                call(
                    "delegate_to_visual_qa_agent",
                    question=question[0].upper() + question[1:] + "?",
                    context={},
                    target_id=photo,
                )
            ),
        ],
        answer,
        [[reply]],
        script=(f"visual_qa:{photo}", answer),
    )


@agent_family("visual_qa", "screenshot_question")
def vqa_screenshot_question(ctx: Ctx) -> Draft:
    file_id, said = ctx.pick("sa_screenshots")
    question, key, answer, reply = ctx.pick("sa_screenshot_questions")
    query = ctx.say(
        [
            "in {s}, {q}?",
            "{q}? It's in {s}.",
            "check {s} — {q}?",
            "can you read {s} and tell me {q}?",
            "{s}: {q}?",
            "looking at {s}, {q}?",
        ],
        s=said,
        q=question,
    )
    return agent_draft(
        "visual_qa",
        query,
        {"target_id": file_id, "question": contains(key)},
        [
            calls(call("list_files", folder="Screenshots", limit=5)),
            calls(
                call(
                    "delegate_to_visual_qa_agent",
                    question=question[0].upper() + question[1:] + "?",
                    context={},
                    target_id=file_id,
                )
            ),
        ],
        answer,
        [[reply]],
        script=(f"visual_qa:{file_id}", answer),
    )


@agent_family("visual_qa", "screen_now")
def vqa_screen_now(ctx: Ctx) -> Draft:
    app, said, question, key, answer, reply = ctx.pick("sa_screen_questions")
    query = ctx.say(
        [
            "I'm looking at {s} — {q}?",
            "{q}? It's on my screen right now.",
            "check {s} on my screen: {q}?",
            "what I'm looking at now is {s}. {q}?",
            "can you look at my screen? {q}?",
            "on screen right now: {q}?",
        ],
        s=said,
        q=question,
    )
    rec = base()["apps"][app]
    s0 = {"apps": {app: {**rec, "running": True, "last_used": "2026-05-20T08:59:30"}}}
    return agent_draft(
        "visual_qa",
        query,
        {"target_id": None, "question": contains(key)},
        [
            calls(
                call(
                    "delegate_to_visual_qa_agent",
                    question=question[0].upper() + question[1:] + "?",
                    context={"app": rec["name"]},
                )
            )
        ],
        answer,
        [[reply]],
        script=("visual_qa:screen", answer),
        s0=s0,
    )


@agent_family("visual_qa", "receipt_total")
def vqa_receipt_total(ctx: Ctx) -> Draft:
    place, total, tip = ctx.pick("sa_receipts")
    when = ctx.choice([("2026-05-19T13:10:00", "yesterday"), ("2026-05-18T20:05:00", "on Monday"),
                       ("2026-05-17T12:30:00", "on Saturday")])  # fmt: skip
    query = ctx.say(
        [
            "how much did I spend at {p} {w}? I took a photo of the receipt.",
            "what was the total on my {p} receipt from {w}, tip included?",
            "check the receipt photo from {p} {w} — how much was it and what did I tip?",
            "I snapped the {p} receipt {w}. What's the total?",
            "read my {p} receipt from {w} and tell me the total.",
            "{p} {w}: what did the receipt say I paid?",
        ],
        p=place,
        w=when[1],
    )
    pid = "photo_p01"
    rec = {
        "id": pid,
        "name": f"IMG_{when[0][:10].replace('-', '')}_receipt.jpg",
        "time": when[0],
        "kind": "photo",
        "mode": "photo",
        "location": f"{place}, San Francisco",
        "size_mb": 2.8,
        "album": "album_003",
        "favorite": False,
        "duration_s": None,
    }
    answer = f"The {place} receipt totals ${total}, including a ${tip} tip."
    return agent_draft(
        "visual_qa",
        query,
        {"target_id": pid, "question": contains("total")},
        [
            calls(call("list_photos", album="Receipts")),
            calls(
                call(
                    "delegate_to_visual_qa_agent",
                    question="What is the total on this receipt, and the tip?",
                    context={"currency": "USD"},
                    target_id=pid,
                )
            ),
        ],
        answer,
        [[total], [tip]],
        script=(f"visual_qa:{pid}", answer),
        s0={"photos": {pid: rec}},
    )


@agent_family("visual_qa", "trip_photo_question")
def vqa_trip_photo_question(ctx: Ctx) -> Draft:
    photo = ctx.pick("sa_trip_photos")
    question, key, answer, reply = ctx.pick("sa_photo_questions")
    place, day = short_place(photo["location"]), photo["time"][:10]
    query = ctx.say(
        [
            "in my {p} photo from {d}, {q}?",
            "{q} — in the picture I took at {p} on {d}?",
            "look at my {d} photo from {p}: {q}?",
            "about the shot from {p} on {d}, {q}?",
            "my photo at {p}, {d} — {q}?",
            "question about my {p} picture ({d}): {q}?",
        ],
        p=place,
        d=day_words(day),
        q=question,
    )
    return agent_draft(
        "visual_qa",
        query,
        {"target_id": photo["id"], "question": contains(key)},
        [
            calls(call("list_photos", query=place, date_from=day, date_to=day)),
            calls(
                call(
                    "delegate_to_visual_qa_agent",
                    question=question[0].upper() + question[1:] + "?",
                    context={},
                    target_id=photo["id"],
                )
            ),
        ],
        answer,
        [[reply]],
        script=(f"visual_qa:{photo['id']}", answer),
    )


# =========================================================================== monitor
@agent_family("monitor", "flight_delay")
def monitor_flight_delay(ctx: Ctx) -> Draft:
    booking = ctx.pick("sk_flight_bookings")
    cid, who = ctx.pick("sk_notify")
    number = " ".join(booking["title"].split()[:2])
    name = first(base()["contacts"][cid]["name"])
    query = ctx.say(
        [
            "watch my {f} flight and text {w} if it gets delayed.",
            "if {f} is delayed, let {w} know by text automatically.",
            "keep tabs on {f} for delays and message {w} when that happens.",
            "monitor flight {f} until it leaves; text {w} about any delay.",
            "can you alert {w} by text if my flight {f} is running late?",
            "set a delay watch on {f} that texts {w}.",
        ],
        f=number,
        w=who,
    )
    result = f"Watching {number} every 15 minutes until {booking['start'][11:16]} on {booking['start'][:10]}."
    return agent_draft(
        "monitor",
        query,
        {"condition": contains(number.split()[1], "delay"), "action": contains(name.casefold())},
        [
            calls(call("list_travel_bookings", kind="flight", upcoming_only=True)),
            calls(
                call(
                    "delegate_to_monitor_agent",
                    condition=f"flight {number} is delayed",
                    action=f"text {name} the new departure time",
                    context={"contact_id": cid, "flight": number},
                    until=booking["start"],
                )
            ),
        ],
        f"I'm watching {number} every 15 minutes until departure and will text {name} if it's delayed.",
        [[number.split()[1]], [name.casefold(), who.casefold()]],
        script=("monitor", result),
    )


@agent_family("monitor", "price_drop")
def monitor_price_drop(ctx: Ctx) -> Draft:
    product, price, store = ctx.pick("sa_price_watch")
    query = ctx.say(
        [
            "tell me when the price of {p} drops below ${n} at {s}.",
            "watch the price of {p} at {s} and ping me under ${n}.",
            "can you keep an eye on {p}? If {s} has it for less than ${n}, let me know.",
            "price alert: {p}, {s}, below ${n}.",
            "let me know if {p} goes under ${n} at {s}.",
            "I'll buy {p} if it dips below ${n} at {s} — watch it for me.",
        ],
        p=product,
        n=price,
        s=store,
    )
    key = product.split()[-1] if not product.startswith("round-trip") else "tokyo"
    result = f"Watching {product} at {store}; current price is above ${price}. I'll notify you when it drops."
    return agent_draft(
        "monitor",
        query,
        {"condition": contains(key, price)},
        [
            calls(
                call(
                    "delegate_to_monitor_agent",
                    condition=f"the price of {product} at {store} is below ${price}",
                    action="notify me with a link to buy",
                    context={"store": store, "threshold_usd": price},
                    check_every_minutes=60,
                )
            )
        ],
        f"Price watch is on: I'll notify you when {product} drops below ${price} at {store}.",
        [[f"${price}", price]],
        script=("monitor", result),
    )


@agent_family("monitor", "rain_alert")
def monitor_rain_alert(ctx: Ctx) -> Draft:
    when, key, what = ctx.pick("sa_weather_watch")
    who = ctx.pick("sk_notify")
    name = first(base()["contacts"][who[0]]["name"])
    query = ctx.say(
        [
            "keep an eye on the forecast and text {n} if rain shows up for {w} — it's for {f}.",
            "if it looks like rain {w} ({f}), message {n}.",
            "watch the weather for {w}; rain means {f} is off, so tell {n}.",
            "monitor the San Francisco forecast for {w} and text {n} if rain is likely — {f} depends on it.",
            "rain watch for {w}, please. {f} is outdoors; alert {n} by text if it's going to rain.",
            "can you watch for rain {w} and give {n} a heads-up by text? It's about {f}.",
        ],
        w=when,
        f=what,
        n=who[1],
    )
    result = f"Watching the San Francisco forecast for {when}; no rain expected yet."
    return agent_draft(
        "monitor",
        query,
        {"condition": contains("rain", key), "action": contains(name.casefold())},
        [
            calls(
                call(
                    "delegate_to_monitor_agent",
                    condition=f"rain is forecast in San Francisco {when}",
                    action=f"text {name} that {what} may be rained out",
                    context={"city": "San Francisco", "contact_id": who[0]},
                    check_every_minutes=60,
                )
            )
        ],
        f"Rain watch set for {when}: I'll text {name} if the forecast turns wet. No rain expected so far.",
        [[key], [name.casefold(), who[1].casefold()]],
        script=("monitor", result),
    )


@agent_family("monitor", "package_delivery")
def monitor_package_delivery(ctx: Ctx) -> Draft:
    store, item = ctx.pick("sa_packages")
    person = ctx.pick("core_people")
    if person["id"] in ("contact_007",):
        raise Skip("not someone to tell about a package")
    name = first(person["name"])
    query = ctx.say(
        [
            "watch my {s} order ({i}) and text {n} when it's delivered.",
            "when {i} from {s} arrives, let {n} know by text.",
            "keep an eye on the {s} package with {i}; message {n} once it's delivered.",
            "track {i} from {s} for me and tell {n} when it lands on the doorstep.",
            "can you monitor my {s} delivery ({i}) and text {n} when it shows up?",
            "{i} from {s}: text {n} the moment it's delivered.",
        ],
        s=store,
        i=item,
        n=person["name"],
    )
    result = f"Watching the {store} delivery; it's out for delivery, expected by 6 pm."
    return agent_draft(
        "monitor",
        query,
        {"condition": contains(store.casefold(), "deliver"), "action": contains(name.casefold())},
        [
            calls(
                call(
                    "delegate_to_monitor_agent",
                    condition=f"the {store} package with {item} is delivered",
                    action=f"text {name} that {item} arrived",
                    context={"store": store, "contact_id": person["id"]},
                    check_every_minutes=30,
                )
            )
        ],
        f"I'm tracking the {store} package; it's out for delivery (expected by 6 pm) and {name} will get a "
        "text when "
        "it arrives.",
        [["6 pm", "6:00", "18:00"], [name.casefold()]],
        script=("monitor", result),
    )


@agent_family("monitor", "traffic_clear", splits=TRAIN_ONLY)
def monitor_traffic_clear(ctx: Ctx) -> Draft:
    road, key = ctx.pick("sa_traffic")
    minutes = ctx.choice([20, 25, 30, 35, 40])
    query = ctx.say(
        [
            "watch traffic on {r} and tell me when it clears up.",
            "let me know when {r} isn't jammed anymore.",
            "keep checking {r}; ping me once traffic is back to normal.",
            "monitor {r} and notify me when it's clear to go.",
            "I don't want to sit in traffic — alert me when {r} clears.",
            "can you watch {r} until the backup is gone?",
        ],
        r=road,
    )
    result = f"Watching {road}; right now the delay is {minutes} minutes. I'll notify you when it's under 5."
    return agent_draft(
        "monitor",
        query,
        {"condition": contains(key)},
        [
            calls(
                call(
                    "delegate_to_monitor_agent",
                    condition=f"traffic on {road} is back to normal",
                    action="notify me that it's clear to leave",
                    context={"road": road},
                    check_every_minutes=5,
                    until="2026-05-20T21:00:00",
                )
            )
        ],
        f"I'm watching {road}: the delay is {minutes} minutes right now, and I'll tell you once it clears.",
        [[f"{minutes} min"]],
        script=("monitor", result),
        now="2026-05-20T17:10:00",
    )


@agent_family("monitor", "ticket_sale")
def monitor_ticket_sale(ctx: Ctx) -> Draft:
    event, key = ctx.pick("sa_tickets")
    who = ctx.pick("sk_notify")
    name = first(base()["contacts"][who[0]]["name"])
    query = ctx.say(
        [
            "alert me and {w} by text when tickets for {e} go on sale.",
            "watch for {e} tickets going on sale; text {w} too.",
            "the moment {e} tickets drop, message {w}.",
            "keep an eye out for {e} tickets and tell {w} by text.",
            "let {w} know by SMS as soon as {e} tickets are available.",
            "ticket watch: {e}. Text {w} when sales open.",
        ],
        e=event,
        w=who[1],
    )
    result = f"Watching for {event} ticket sales; presale is rumored for next Tuesday."
    return agent_draft(
        "monitor",
        query,
        {"condition": contains(key), "action": contains(name.casefold())},
        [
            calls(
                call(
                    "delegate_to_monitor_agent",
                    condition=f"tickets for {event} go on sale",
                    action=f"text {name} the ticket link",
                    context={"event": event, "contact_id": who[0]},
                    check_every_minutes=30,
                )
            )
        ],
        f"Ticket watch for {event} is on; {name} gets a text when sales open. Presale is rumored for next "
        "Tuesday.",
        [["tuesday"]],
        script=("monitor", result),
    )


# =========================================================================== practice
def _practice_result(kind: str, summary: str) -> tuple[str, str]:
    return f"practice:{kind}", summary


def language_gold(lang: str, code: str) -> dict[str, list[str]]:
    """The practice language as a name or code; Mandarin also as Chinese (and only Mandarin)."""
    names = [lang, code]
    if lang in ("Mandarin", "Chinese"):
        names += ["Mandarin", "Chinese", "Mandarin Chinese"]
    return {"$any": list(dict.fromkeys(names))}


@agent_family("practice", "language")
def practice_language(ctx: Ctx) -> Draft:
    lang, code, topic, key = ctx.pick("sa_languages")
    level, level_said = ctx.pick("sk_levels")
    minutes = ctx.pick("sk_practice_minutes")
    query = ctx.say(
        [
            "let's practice {l}: {t}, {m} minutes. I'm {v}.",
            "{l} speaking practice please — {t}, {m} min; I'm {v}.",
            "I want a {m}-minute {l} conversation about {t}; I'm {v}.",
            "practice {t} in {l} with me for {m} minutes — I'm {v}.",
            "can we do some {l}? Topic: {t}. {m} minutes, and I'm {v}.",
            "{m} minutes of {l} practice on {t}, please. I'm {v}.",
        ],
        l=lang,
        t=topic,
        m=minutes,
        v=level_said,
    )
    result = f"Session started: {lang} ({level}), {topic}, {minutes} minutes."
    return agent_draft(
        "practice",
        query,
        {
            "kind": "language",
            "language": language_gold(lang, code),
            "topic": contains(key),
            "minutes": minutes,
            "level": level,
        },
        [
            calls(
                call(
                    "delegate_to_practice_agent",
                    kind="language",
                    topic=topic,
                    context={},
                    level=level,
                    language=code,
                    minutes=minutes,
                )
            )
        ],
        f"Your {minutes}-minute {lang} session on {topic} is running — say hello when you're ready.",
        [[lang.casefold()], [f"{minutes}-minute", f"{minutes} min"]],
        script=_practice_result("language", result),
    )


@agent_family("practice", "mock_interview")
def practice_mock_interview(ctx: Ctx) -> Draft:
    role, company = ctx.pick("sk_roles")
    minutes = ctx.pick("sk_practice_minutes")
    query = ctx.say(
        [
            "run a mock interview with me for the {r} job at {c}, {m} minutes.",
            "I want to rehearse my {c} interview ({r}). {m} minutes, tough questions.",
            "interview practice: {r} at {c}, about {m} minutes.",
            "quiz me like an interviewer for {r} at {c} — {m} min.",
            "let's do a {m}-minute practice interview for {c}, {r} role.",
            "mock interview time: {c}, {r}, {m} minutes.",
        ],
        r=role,
        c=company,
        m=minutes,
    )
    result = f"Mock interview started: {role} at {company}, {minutes} minutes, advanced."
    return agent_draft(
        "practice",
        query,
        {"kind": "interview", "topic": contains(role.split()[-1]), "minutes": minutes},
        [
            calls(
                call(
                    "delegate_to_practice_agent",
                    kind="interview",
                    topic=f"{role} interview at {company}",
                    context={"role": role, "company": company},
                    level="advanced",
                    minutes=minutes,
                )
            )
        ],
        f"Your {minutes}-minute mock interview for {role} at {company} has started — first question coming "
        "up.",
        [[company.casefold()]],
        script=_practice_result("interview", result),
    )


@agent_family("practice", "speech")
def practice_speech(ctx: Ctx) -> Draft:
    speech, key = ctx.pick("sa_speeches")
    minutes = ctx.pick("sk_practice_minutes")
    query = ctx.say(
        [
            "help me rehearse {s} — {m} minutes, give me feedback.",
            "I need to practice {s}. Let's do {m} minutes.",
            "can you coach me through {s} for {m} minutes?",
            "speech practice: {s}, {m} min.",
            "let me run through {s} out loud with you for {m} minutes.",
            "{m}-minute rehearsal of {s}, please.",
        ],
        s=speech,
        m=minutes,
    )
    result = f"Speech coaching started for {speech} ({minutes} minutes)."
    return agent_draft(
        "practice",
        query,
        {"kind": "speech", "topic": contains(key), "minutes": minutes},
        [
            calls(
                call(
                    "delegate_to_practice_agent",
                    kind="speech",
                    topic=speech,
                    context={"goal": "feedback on pacing"},
                    minutes=minutes,
                )
            )
        ],
        f"Speech coaching for {speech} is running for {minutes} minutes — start whenever you're ready.",
        [[f"{minutes} minutes", f"{minutes}-minute", f"{minutes} min"]],
        script=_practice_result("speech", result),
    )


@agent_family("practice", "mic_permission")
def practice_mic_permission(ctx: Ctx) -> Draft:
    lang, code, topic, key = ctx.pick("sa_languages")
    minutes = ctx.pick("sk_practice_minutes")
    query = ctx.say(
        [
            "start a {m}-minute {l} conversation about {t}.",
            "practice {l} with me — {t}, {m} minutes.",
            "{l} practice now: {t}, for {m} minutes.",
            "let's talk {l} for {m} minutes about {t}.",
            "I'd like {m} minutes of spoken {l}: {t}.",
            "quick {l} drill on {t}, {m} min.",
        ],
        l=lang,
        t=topic,
        m=minutes,
    )
    app = base()["apps"]["assistant"]
    s0 = {"apps": {"assistant": {**app, "permissions": {**app["permissions"], "MICROPHONE": False}}}}
    start = call(
        "delegate_to_practice_agent", kind="language", topic=topic, context={}, language=code, minutes=minutes
    )
    result = f"Session started: {lang}, {topic}, {minutes} minutes."
    return agent_draft(
        "practice",
        query,
        {
            "kind": "language",
            "language": language_gold(lang, code),
            "topic": contains(key),
            "minutes": minutes,
        },
        [
            calls(start),
            calls(call("grant_app_permission", app_id="assistant", permission="MICROPHONE")),
            calls(start),
        ],
        f"The assistant needed microphone access, so I granted it; your {minutes}-minute {lang} session on "
        f"{topic} "
        "is running.",
        [["microphone", "mic"], [lang.casefold()]],
        script=_practice_result("language", result),
        s0=s0,
        forbid=False,
        frictions=["permission"],
    )


@agent_family("practice", "usual_spanish")
def practice_usual_spanish(ctx: Ctx) -> Draft:
    topic, key = ctx.pick("sk_practice_topics")
    opener = ctx.pick("sk_night_openers")
    query = ctx.say(
        [
            "{o} Before bed, let's do my usual language practice — {t} tonight.",
            "{o} Time for my regular language session; topic: {t}.",
            "{o} Start my usual study practice, same length as always, about {t}.",
            "{o} Do my nightly language practice with me — {t}.",
            "{o} My usual speaking practice, please: {t}.",
            "{o} Let's get my regular practice done — {t}.",
        ],
        o=opener,
        t=topic,
    )
    result = f"Spanish session started: {topic}, 15 minutes."
    return agent_draft(
        "practice",
        query,
        {
            "kind": "language",
            "language": {"$any": ["Spanish", "spanish", "es"]},
            "topic": contains(key),
            "minutes": 15,
        },
        [
            calls(call("search_user_memory", query="language study routine practice")),
            hermes(
                call(
                    "delegate_to_practice_agent",
                    kind="language",
                    topic=topic,
                    context={"routine": "weekday 21:45"},
                    level="beginner",
                    language="Spanish",
                    minutes=15,
                )
            ),
        ],
        f"Your usual 15-minute Spanish practice on {topic} has started.",
        [["spanish"], ["15"]],
        script=_practice_result("language", result),
        now="2026-05-20T21:45:00",
        gold_memory_ids=["mem_026"],  # the usual practice: 15 minutes of Spanish
    )
