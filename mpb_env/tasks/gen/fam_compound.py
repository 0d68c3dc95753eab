"""Compound long-horizon families (the paper's Figure 1): one request that needs a fact only the user's
memory holds, a composite skill from the candidate list, tools of at least two domains, and a hand-off
to a sub-agent, all in one episode.

They belong to the Skill dimension (the skill is the routine that ties the steps together) and take a
share of its quota. Each is graded only by what the checkers already grade: the state delta (which
covers the sub-agent's ``handoffs`` row), the memory gate (the task's own memory, added to S0, must be
found by a targeted search) and the skill gate (the gold skill loaded). The memory holds the one
detail the request leaves out ("our usual TV", "the usual way"), so a planner that skips the search
guesses it, and a guess that differs changes the delta.
"""

from __future__ import annotations

from typing import Any

from mpb_env.tasks.build import call, calls, contains
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.fam_skill import IGN, THEME, _off_view, any_contains, movie_night_plan, skill_draft
from mpb_env.tasks.gen.helpers import base, hhmm_words, shift

#: Weight of each compound family within the Skill group (about 5 bench tasks each).
WEIGHT = 2
#: The ID of the memory each compound task adds to S0 (none of the base memories uses it).
MEMORY_ID = "mem_201"


def compound_family(name: str, skill_id: str, bucket: str) -> Any:
    """Register a compound family ``skill.compound_<name>`` in the Skill group (category: the skill's
    theme)."""
    return family(
        f"skill.compound_{name}",
        dimension="skill",
        category=THEME[skill_id],
        bucket=bucket,  # type: ignore[arg-type]
        weight=WEIGHT,
    )


def memory_patch(text: str, category: str, tags: list[str]) -> dict[str, dict[str, Any]]:
    """An S0 patch adding the task's memory (``MEMORY_ID``) with ``text``."""
    rec = {
        "id": MEMORY_ID,
        "text": text,
        "category": category,
        "created_at": "2026-03-08T19:00:00",
        "updated_at": "2026-03-08T19:00:00",
        "tags": tags,
        "history": [],
    }
    return {"memories": {MEMORY_ID: rec}}


# --------------------------------------------------------------------------- movie night, usual TV
#: Where the memory puts a TV whose name says no room.
ROOMS = ["in the den", "upstairs", "in the guest room", "in the basement"]


@compound_family("movie_night", "movie_night", "state")
def movie_night_usual_tv(ctx: Ctx) -> Draft:
    """Movie night on the TV the user's memory names (the query says only "our usual TV")."""
    film = ctx.pick("sk_films")
    tv = ctx.pick("sk_tvs")
    room = ROOMS[ctx.rng.randrange(len(ROOMS))]
    where = "" if "room" in tv["name"].lower() else f" {room}"
    query = ctx.say(
        [
            "movie night tonight — put {f} on our usual TV.",
            "we're doing a movie night: {f}, on the TV we always use for it.",
            "set things up so we can watch {f} on the usual movie-night screen.",
            "get {f} playing on our regular movie TV, movie night style.",
            "can you start {f} for movie night on the telly we normally watch on?",
            "{f} tonight! Do the movie night thing on our usual set.",
            "it's film night. {f}, please, on whichever TV we normally use for movie nights.",
            "queue up {f} on our movie-night TV and set the room up for it.",
        ],
        f=film,
    )
    memory = ctx.choice(
        [
            f"Movie nights: we always watch on the {tv['name']}{where}.",
            f"Our movie-night TV is the {tv['name']}{where}; the others are for the kids.",
            f"For movie nights we use the {tv['name']}{where}, never the phone screen.",
        ]
    )
    night, radios, gold = movie_night_plan(film, tv)
    steps = [calls(call("search_user_memory", query="movie night TV")), *night]
    s0: dict[str, Any] = {**memory_patch(memory, "preference", ["movie", "tv", tv["id"]]), **radios}
    return skill_draft(
        ctx,
        "movie_night",
        query,
        steps,
        f"Movie night is ready: the screen is dimmed, only favourites can ring, and the Netflix sub-agent "
        f"started {film}, cast to your usual {tv['name']}.",
        gold=gold,
        s0_patch=s0,
        gold_memory_ids=[MEMORY_ID],
        now="2026-05-20T20:00:00",
        meta={"compound": True},
    )


# --------------------------------------------------------------------------- photo backup, the usual way
@compound_family("photo_backup", "photo_backup", "state")
def photo_backup_usual(ctx: Ctx) -> Draft:
    """A photo backup "the usual way": the memory says backups hold still photos only (no videos)."""
    name, first, last, said = ctx.pick("sk_photo_ranges")
    if name == "April backup":
        raise Skip("too many photos for one request")
    shots = [p for p in base()["photos"].values() if first <= p["time"][:10] <= last]
    if not any(p["kind"] != "photo" for p in shots):
        raise Skip("no video in the range: the memory would change nothing")
    query = ctx.say(
        [
            'back up my pictures {r} the usual way, in an album called "{n}", and get it to the cloud.',
            'do my usual photo backup for the shots {r}: new album "{n}", then up to the cloud.',
            'usual backup routine please — everything I shot {r} that belongs in a backup goes into "{n}", '
            "then cloud.",
            'put what I took {r} into an album "{n}" following my backup rule, and push it online.',
            'the camera roll {r} needs backing up like I always do it; album name "{n}", cloud copy too.',
            'run my normal backup on the photos {r} — album "{n}" — and send it to the cloud.',
        ],
        r=said,
        n=name,
    )
    memory = ctx.choice(
        [
            "Photo backups: still photos only, never videos (they eat the cloud quota).",
            "When backing up the camera roll, leave the videos out; only photos go to the cloud.",
            "My backup rule: albums for the cloud get stills only, no video clips.",
        ]
    )
    ids = sorted(p["id"] for p in shots if p["kind"] == "photo")
    return skill_draft(
        ctx,
        "photo_backup",
        query,
        [
            calls(call("search_user_memory", query="photo backup videos")),
            calls(call("get_network_status")),
            calls(call("list_photos", kind="photo", date_from=first, date_to=last, limit=50)),
            calls(call("create_album", name=name, photo_ids=ids)),
            calls(
                call(
                    "delegate_to_gui_agent",
                    app="gallery",
                    instruction=f"Back up the album {name} to the cloud",
                    context={"album": "album_n001"},
                )
            ),
        ],
        f'Following your backup rule (photos only), {len(ids)} photos went into "{name}" and the Gallery '
        "sub-agent backed the album up to the cloud over Wi-Fi.",
        gold={
            "delta": [
                {"table": "albums", "op": "create", "fields": {"name": name}},
                *({"table": "photos", "op": "update", "key": p, "fields": {"album": IGN}} for p in ids),
                {
                    "table": "handoffs",
                    "op": "create",
                    "fields": {"route": "gui", "app": "gallery", "instruction": contains(name)},
                },
            ]
        },
        s0_patch=memory_patch(memory, "preference", ["photos", "backup", "cloud"]),
        gold_memory_ids=[MEMORY_ID],
        meta={"compound": True},
    )


# --------------------------------------------------------------------------- QR parking, the usual heads-up
#: How many minutes before a meter runs out the user's memory asks to be reminded.
PARKING_LEADS = [5, 10, 15, 20]


def duration_words(minutes: int) -> str:
    """``120`` → ``"two hours"``, ``90`` → ``"an hour and a half"``, ``45`` → ``"45 minutes"``."""
    h, m = divmod(minutes, 60)
    hours = {2: "two", 3: "three", 4: "four", 5: "five"}.get(h, str(h))
    if h and m == 30:
        return "an hour and a half" if h == 1 else f"{hours} and a half hours"
    if h and not m:
        return "an hour" if h == 1 else f"{hours} hours"
    if not h:
        return f"{m} minutes"
    return f"{h} hours {m} minutes"


@compound_family("qr_parking", "pay_by_qr", "state")
def qr_parking_usual_heads_up(ctx: Ctx) -> Draft:
    """Pay a parking QR code through the Wallet sub-agent and set the reminder "as usual": the lead time
    is only in the user's memory."""
    label, payee, amount, ref, minutes = ctx.pick("cp_parking")
    lead = PARKING_LEADS[ctx.rng.randrange(len(PARKING_LEADS))]
    money = f"${amount:.2f}"
    query = ctx.say(
        [
            "scan the code on the {l} and pay {p} {m} for {d}; give me my usual heads-up before the parking "
            "ends.",
            "pay {p} the {m} from the {l} QR — that buys {d} — and remind me the way I like before the time "
            "is up.",
            "I just parked for {d}. The {l} has a QR code: pay {m} to {p} and set my normal parking reminder.",
            "use the {l} QR to pay {m} to {p} for {d} of parking. Usual reminder before it expires, please.",
            "{m} to {p} via the QR on the {l}, {d} of parking — and the usual nudge before it runs out.",
            "pay for {d} of parking with the {l} code ({m}, {p}) and remind me as I always want before it "
            "lapses.",
            "the {l}: scan it, pay {p} {m} for {d}, then set up my standard reminder ahead of the expiry.",
            "handle the {l} payment by QR ({m} to {p}, good for {d}) and schedule the parking reminder like "
            "always.",
        ],
        l=label[0].lower() + label[1:],
        m=money,
        p=payee,
        d=duration_words(minutes),
    )
    memory = ctx.choice(
        [
            f"Parking: remind me {lead} minutes before a meter or parking session runs out.",
            f"When I pay for parking, I want a reminder {lead} minutes before the time expires.",
            f"Parking reminders go off {lead} minutes before the paid time ends.",
        ]
    )
    now = "2026-05-20T09:00:00"
    due = shift(shift(now, minutes), -lead)
    code = {"id": "qr_p03", "label": label, "kind": "payment", "in_view": True,
            "payload": f"PAY:payee={payee};amount={amount:.2f};currency=USD;ref={ref}"}  # fmt: skip
    return skill_draft(
        ctx,
        "pay_by_qr",
        query,
        [
            calls(call("search_user_memory", query="parking reminder minutes")),
            calls(call("scan_qr_code", code_id="qr_p03")),
            calls(
                call(
                    "delegate_to_gui_agent",
                    app="wallet",
                    instruction=f"Pay {money} to {payee} for {ref}",
                    context={"card_id": "card_001", "payee": payee, "amount": amount},
                )
            ),
            calls(call("create_reminder", title="Parking ends", due=due)),
        ],
        f"The Wallet sub-agent paid {money} to {payee}, and you'll get your usual reminder at "
        f"{hhmm_words(due[11:16])}, {lead} minutes before the parking ends.",
        gold={
            "delta": [
                {"table": "qr_scans", "op": "create", "fields": {"qr_id": "qr_p03"}},
                {
                    "table": "handoffs",
                    "op": "create",
                    "fields": {
                        "route": "gui",
                        "app": "wallet",
                        "instruction": contains(f"{amount:.2f}".rstrip("0").rstrip("."), payee),
                    },
                },
                {
                    "table": "reminders",
                    "op": "create",
                    "fields": {"title": any_contains("park", "meter"), "due": due},
                },
            ]
        },
        s0_patch={
            "qr_codes": {"qr_p03": code, **_off_view("qr_001", "qr_002")},
            **memory_patch(memory, "preference", ["parking", "reminder", "meter"]),
        },
        gold_memory_ids=[MEMORY_ID],
        now=now,
        meta={"compound": True},
    )
