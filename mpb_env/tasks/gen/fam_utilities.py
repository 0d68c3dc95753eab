"""Template families over Utilities & Productivity: browser, calculator, conversions, phrasebook translation,
quick answers and notes."""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

from mpb_env.tasks.build import call, calls, contains, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, Skip, family
from mpb_env.tasks.gen.helpers import (
    RECONNECT_UPDATES,
    base,
    cannot,
    false_claims,
    lookup,
    offline,
    revoked,
    rubric,
)

IGNORE = {"$ignore": True}
LANG_CODE = {
    "Spanish": "es",
    "French": "fr",
    "German": "de",
    "Italian": "it",
    "Japanese": "ja",
    "Chinese": "zh",
}
UNIQUE_RELATIONS = {"secretary", "spouse", "daughter", "mother", "doctor", "manager", "neighbor"}
#: A second title the user switches to mid-request (keyed by the first title).
ALT_TITLE = {
    "Packing list - Seattle": "Seattle trip packing",
    "Birthday party ideas": "Emma's party ideas",
    "Offsite agenda": "Team offsite plan",
    "Garden to-do": "Garden chores",
    "Car maintenance": "Car service checklist",
    "Podcast ideas": "Podcast episode ideas",
    "Hiring questions": "Interview questions",
    "Weekend in LA": "LA weekend plan",
    "Summer camp options": "Camps for Emma",
    "Home repairs": "House fix-it list",
    "Recipes to try": "Dinner ideas",
    "Q3 goals": "Q3 priorities",
    "Anniversary plans": "Anniversary with Jordan",
    "Boston trip": "Boston itinerary",
    "Movies to watch": "Movie night list",
    "Budget ideas": "Saving money ideas",
}
GONE_WORDS = ["deleted", "can't find", "cannot find", "couldn't find", "no longer", "not found", "isn't there",
              "gone", "missing", "can not find", "doesn't exist", "no note", "does not exist", "could not find",
              "didn't find", "did not find", "unable to find", "can't locate", "cannot locate", "couldn't locate",
              "could not locate", "unable to locate", "removed", "disappeared", "not there", "isn't in your",
              "is not in your", "not in your notes", "isn't in the notes", "no such note", "no matching"]  # fmt: skip


# --------------------------------------------------------------------------- helpers
def run(name: str, **arguments: Any) -> Any:
    """The data of a read-only tool call on the base world (answers the oracle states); a call that
    fails skips the draft."""
    try:
        return lookup(name, **arguments)
    except ValueError as exc:
        raise Skip(str(exc)) from None


def number(v: float) -> str:
    """How a person writes a value they say: 26.2, 72, 10,000."""
    return f"{int(v):,}" if float(v).is_integer() else f"{v:g}"


def number_forms(r: float) -> list[str]:
    """Acceptable renderings of a computed number in a final message (rounded or truncated)."""
    if abs(r - round(r)) < 1e-6:
        return sorted({f"{round(r):,}", str(round(r))})
    trunc = math.floor(abs(r) * 10) / 10 * (1 if r >= 0 else -1)
    forms = {f"{r:.2f}", f"{r:.1f}", f"{trunc:.1f}", f"{r:,.2f}", f"{r:,.1f}"}
    if abs(r) >= 20:
        forms |= {f"{r:.0f}", f"{r:,.0f}"}
    return sorted(forms)


NULL_REPLY = "i can't help with that."
#: Other faithful English renderings of a phrasebook line (keyed by its core, casefolded); ``en_forms`` adds
#: the contracted or spelled-out and the comma-free forms of each.
EN_ALTERNATES = {
    "the check, please": ["the bill, please", "check, please", "bill, please"],
    "good night": ["goodnight"],
    "goodbye": ["good-bye", "good bye"],
    "how much does this cost": ["how much does that cost", "how much does it cost", "how much is this",
                                "how much is that", "how much is it"],
    "nice to meet you": ["pleased to meet you", "glad to meet you", "nice meeting you"],
    "can you recommend a restaurant": ["could you recommend a restaurant"],
    "thank you": ["thanks"],
    "please call a doctor": ["call a doctor"],
    "please take me to the airport": ["take me to the airport"],
    "a glass of water, please": ["a glass of water"],
    "i am vegetarian": ["i am a vegetarian"],
    "i have a reservation": ["i have a booking"],
    "where is the bathroom": ["where is the restroom", "where is the toilet", "where are the toilets",
                              "where is the washroom"],
    "where is the train station": ["where is the railway station", "where is the station"],
    "what is the wi-fi password": ["what is the wifi password"],
}  # fmt: skip
CONTRACTIONS = (("i am", "i'm"), ("do not", "don't"), ("what is", "what's"), ("where is", "where's"))
#: What a translation that gives up says; an English line like "I'm sorry" must not pass as the answer.
NO_TRANSLATION = ["can't help", "cannot help", "can't translate", "cannot translate", "couldn't translate",
                  "could not translate", "unable to", "not able to", "don't know", "do not know"]  # fmt: skip


def core(text: str) -> str:
    """A translation without its sentence punctuation, for phrase matching."""
    return text.strip().strip("¿¡?!.。？！ ").strip()


def en_forms(en: str) -> list[str]:
    """The English a translation may be given in: the phrasebook line or an alternate rendering, contracted
    or spelled out, with or without its commas (phrase matching is case-insensitive).

    >>> en_forms("I'm sorry")
    ['i am sorry', "i'm sorry"]
    >>> en_forms("The check, please.")[:3]
    ['bill please', 'bill, please', 'check please']
    """
    line = core(en).casefold()
    forms = {line, *EN_ALTERNATES.get(line, [])}
    for long, short in CONTRACTIONS:
        forms |= {f.replace(long, short) for f in forms} | {f.replace(short, long) for f in forms}
    return sorted(forms | {f.replace(",", "") for f in forms})


def lower_first(text: str) -> str:
    """Lowercase a list's first word for use mid-sentence, unless it starts a name ("Dune Part Two")."""
    words = text.split(" ")
    if len(words) > 1 and words[1][:1].isupper():
        return text
    return text[0].lower() + text[1:]


def said_phrase(p: dict[str, Any]) -> str:
    en = core(p["text"]["en"])
    return en if en.startswith("I") and (len(en) == 1 or not en[1].isalpha()) else en[0].lower() + en[1:]


def note(note_id: str) -> dict[str, Any]:
    return base()["notes"][note_id]


def append_entry(note_id: str, item: str) -> dict[str, Any]:
    """Gold delta: ``item`` appended to a note, its old text kept."""
    last = note(note_id)["body"].split("\n")[-1]
    return {"table": "notes", "op": "update", "key": note_id, "fields": {"body": contains(last, item)}}


def bookmarked(url: str) -> dict[str, Any] | None:
    return next((b for b in base()["bookmarks"].values() if b["url"] == url), None)


def host(url: str) -> str:
    return url.split("://", 1)[1].split("/")[0].removeprefix("www.")


def opened(url: str) -> list[dict[str, Any]]:
    """Gold delta of opening ``url``, in a new tab or in the current one."""
    return [
        # a tab reused for the page also takes its title and a new last-used time
        {
            "table": "browser_tabs",
            "op": "upsert",
            "fields": {"url": url, "title": {"$ignore": True}, "last_used": {"$ignore": True}},
        },
        {"table": "browser_history", "op": "create", "fields": {"url": url}},
    ]


def relation_person(ctx: Ctx) -> dict[str, Any]:
    person = ctx.pick("core_people")
    if person["relation"] not in UNIQUE_RELATIONS:
        raise Skip("relation names more than one person")
    return person


def stems(word: str) -> list[str]:
    """Ways a reply may name a unit the user said ("Thai baht" → "thai baht", "thai", "baht")."""
    low = word.lower()
    parts = low.replace("-", " ").split()
    return sorted({low, low.rstrip("s"), parts[0], parts[-1].rstrip("s")})


# --------------------------------------------------------------------------- grounding
@family("utilities.create_note", dimension="basic", category="grounding", bucket="state")
def create_note(ctx: Ctx) -> Draft:
    title, folder, body, keys = ctx.pick("tu_new_notes")
    pinned = ctx.choice([False, False, True])
    query = ctx.say(
        ["make a note called \"{title}\" in my {folder} folder: {body}.{pin}",
         "new note in {folder}, title \"{title}\" — {body}.{pin}",
         "create a note \"{title}\" under {folder} with: {body}.{pin}",
         "jot this down in {folder} as \"{title}\": {body}.{pin}",
         "save a note titled \"{title}\" to the {folder} folder saying {body}.{pin}",
         "can you write a note, \"{title}\", in {folder}? It should say: {body}.{pin}"],
        title=title, folder=folder, body=lower_first(body), pin=" Pin it to the top." if pinned else "",
    )  # fmt: skip
    args: dict[str, Any] = {"title": title, "body": body, "folder": folder}
    if pinned:
        args["pinned"] = True
    return Draft(
        query=query,
        gold={
            "delta": [
                {
                    "table": "notes",
                    "op": "create",
                    "fields": {"title": title, "folder": folder, "body": contains(*keys), "pinned": pinned},
                }
            ]
        },  # fmt: skip
        oracle=[calls(call("create_note", **args)), f'Saved "{title}" in {folder}.'],
    )


@family("utilities.tip_math", dimension="basic", category="grounding", bucket="behavior")
def tip_math(ctx: Ctx) -> Draft:
    amount, pct = ctx.pick("tu_tips")
    tip = Decimal(amount) * pct / 100
    total = Decimal(amount) + tip
    query = ctx.say(
        ["what's a {pct}% tip on ${amount}, and what's the total?", "the bill is ${amount} — how much is {pct}% tip "
         "and what do I pay in total?", "calculate {pct} percent of ${amount} for the tip, plus the total with tip.",
         "dinner came to ${amount}. With a {pct}% tip, what's the tip and the final amount?",
         "help me tip: ${amount} check, {pct}%. Tip amount and total?",
         "how much is the tip at {pct}% on a ${amount} bill, and the total?"],
        pct=pct, amount=amount,
    )  # fmt: skip
    return Draft(
        query=query,
        gold=rubric("answer", [f"{tip:.2f}"], [f"{total:.2f}", f"{total:,.2f}"], forbid=False),
        oracle=[
            calls(
                call("calculate_expression", expression=f"{amount} * {pct}%"),
                call("calculate_expression", expression=f"{amount} * (1 + {pct}%)"),
            ),
            f"A {pct}% tip on ${amount} is ${tip:.2f}, so the total is ${total:.2f}.",
        ],  # fmt: skip
    )


@family("utilities.convert_measure", dimension="basic", category="grounding", bucket="behavior")
def convert_measure(ctx: Ctx) -> Draft:
    v, a_said, a, b_said, b = ctx.pick("tu_conversions")
    r = run("convert_units", value=v, from_unit=a, to_unit=b)["result"]
    query = ctx.say(
        ["how many {b} is {v} {a}?", "convert {v} {a} to {b}.", "what's {v} {a} in {b}?",
         "{v} {a} — how much is that in {b}?", "quick conversion: {v} {a} into {b}.", "I need {v} {a} in {b}, please."],
        v=number(v), a=a_said, b=b_said,
    )  # fmt: skip
    return Draft(
        query=query,
        gold=rubric("answer", number_forms(r), forbid=False),
        oracle=[
            calls(call("convert_units", value=v, from_unit=a, to_unit=b)),
            f"{number(v)} {a_said} is {number_forms(r)[0] if float(r).is_integer() else f'{r:,.2f}'} {b_said}.",
        ],
    )


@family("utilities.open_site", dimension="basic", category="grounding", bucket="state")
def open_site(ctx: Ctx) -> Draft:
    said, url = ctx.pick("tu_sites")
    query = ctx.say(
        ["open {site}.", "pull up {site} in the browser.", "go to {site} for me.", "bring up {site}.",
         "can you open {site} in a new tab?", "load {site}, please."],
        site=said,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": opened(url)},
        oracle=[hermes(call("open_browser_url", url=url)), f"Opened {url} in a new tab."],
    )


@family("utilities.bookmark_page", dimension="basic", category="grounding", bucket="state")
def bookmark_page(ctx: Ctx) -> Draft:
    said, url = ctx.pick("tu_sites")
    folder = ctx.pick("tu_bookmark_folders")
    if bookmarked(url):
        raise Skip("already bookmarked")
    query = ctx.say(
        ["bookmark {site} in my {folder} folder.", "save {site} to my {folder} bookmarks.",
         "add {site} to bookmarks under {folder}.", "put a bookmark for {site} in {folder}.",
         "I want {site} bookmarked — {folder} folder.", "file {site} under {folder} in my bookmarks."],
        site=said, folder=folder,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"delta": [{"table": "bookmarks", "op": "create", "fields": {"url": url, "folder": folder}}]},
        oracle=[
            calls(call("add_browser_bookmark", url=url, folder=folder)),
            f"Bookmarked {said} in {folder}.",
        ],
    )


@family("utilities.translate_phrase", dimension="basic", category="grounding", bucket="behavior")
def translate_phrase(ctx: Ctx) -> Draft:
    p = ctx.pick("tu_phrases")
    lang = ctx.pick("tu_languages")
    target = p["text"][LANG_CODE[lang]]
    query = ctx.say(
        ["how do I say \"{en}\" in {lang}?", "translate \"{en}\" into {lang}.", "what's \"{en}\" in {lang}?",
         "I need to say \"{en}\" in {lang} — how does it go?", "{lang} for \"{en}\", please.",
         "help me out: \"{en}\" in {lang}?"],
        en=said_phrase(p), lang=lang,
    )  # fmt: skip
    return Draft(
        query=query,
        gold=rubric("answer", [core(target)], forbid=False),
        oracle=[
            calls(call("translate_text", text=p["text"]["en"], target_language=LANG_CODE[lang])),
            f'In {lang}: "{target}"',
        ],
    )


@family("utilities.translate_to_english", dimension="basic", category="grounding", bucket="behavior")
def translate_to_english(ctx: Ctx) -> Draft:
    p = ctx.pick("tu_phrases")
    lang = ctx.pick("tu_languages")
    foreign = p["text"][LANG_CODE[lang]]
    en = p["text"]["en"]
    if core(foreign).casefold() == core(en).casefold() or core(en).casefold() in NULL_REPLY:
        raise Skip("the phrase reads the same in English, or a refusal would mention it")
    query = ctx.say(
        ["what does \"{f}\" mean?", "someone just said \"{f}\" to me — what does it mean?",
         "translate \"{f}\" for me.", "I saw a sign saying \"{f}\". What's that in English?"],
        f=foreign.rstrip(".。"),
    )  # fmt: skip
    return Draft(
        query=query,
        gold=rubric("answer", en_forms(en), forbid=False, avoid=NO_TRANSLATION),
        oracle=[
            calls(call("translate_text", text=foreign)),
            f'It\'s {lang} for "{en}".',
        ],
    )


@family("utilities.quick_fact", dimension="basic", category="grounding", bucket="behavior")
def quick_fact(ctx: Ctx) -> Draft:
    question, keys = ctx.pick("tu_facts")
    answer = run("answer_question", question=question)["answer"]
    query = ctx.say(
        ["quick question — {q}", "{q}", "settle a debate for me: {q}", "I'm curious, {q}"],
        q=question,
    )  # fmt: skip
    return Draft(
        query=query,
        gold=rubric("answer", keys, forbid=False),
        oracle=[calls(call("answer_question", question=question)), answer],
    )


# --------------------------------------------------------------------------- dependency
@family("utilities.browse_offline", dimension="basic", category="dependency", bucket="state")
def browse_offline(ctx: Ctx) -> Draft:
    said, url = ctx.pick("tu_sites")
    patch, fix, story = offline(ctx)
    query = ctx.say(
        ["open {site}.", "pull up {site}.", "I need {site} open in the browser.", "go to {site}, please."],
        site=said,
    )  # fmt: skip
    open_call = call("open_browser_url", url=url)
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=patch,
        gold={"delta": opened(url), "ignore_updates": RECONNECT_UPDATES},
        oracle=[
            calls(open_call),
            calls(call("get_network_status")),
            calls(fix),
            hermes(open_call),
            f"The phone was offline ({story}); I got it back online and opened {url}.",
        ],
    )


@family("utilities.share_note_permission", dimension="basic", category="dependency", bucket="tool")
def share_note_permission(ctx: Ctx) -> Draft:
    note_id, ref, kw, _item = ctx.pick("tu_note_appends")
    person = ctx.pick("core_people")
    query = ctx.say(
        ["text {ref} to {name}.", "send {name} {ref} by SMS.", "share {ref} with {name} over text.",
         "can you message {ref} to {name}?"],
        ref=ref, name=person["name"],
    )  # fmt: skip
    share = call("share_note", note_id=note_id, contact_id=person["id"])
    return Draft(
        query=query,
        frictions=["permission"],
        s0_patch=revoked("messages", "SMS"),
        gold={
            "calls": [
                {"name": "grant_app_permission", "arguments": {"app_id": "messages", "permission": "SMS"}},
                {"name": "share_note", "arguments": {"note_id": note_id, "contact_id": person["id"]}},
            ]
        },  # fmt: skip
        oracle=[
            calls(call("search_notes", query=kw), call("search_contacts", query=person["name"])),
            calls(share),
            calls(call("grant_app_permission", app_id="messages", permission="SMS")),
            hermes(share),
            f'Messages needed the SMS permission; I granted it and sent "{note(note_id)["title"]}" to {person["name"]}.',
        ],
    )


@family("utilities.share_note_airplane", dimension="basic", category="dependency", bucket="tool")
def share_note_airplane(ctx: Ctx) -> Draft:
    note_id, ref, kw, _item = ctx.pick("tu_note_appends")
    person = ctx.pick("core_people")
    query = ctx.say(
        ["send {ref} to {name} as a text.", "share {ref} with {name}.", "text {name} {ref}.",
         "{name} needs {ref} — send it over by SMS."],
        ref=ref, name=person["name"],
    )  # fmt: skip
    share = call("share_note", note_id=note_id, contact_id=person["id"])
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch={
            "settings": {
                "network.airplane_mode": {"value": True},
                "network.wifi": {"value": False},
                "network.wifi_connected": {"value": None},
            }
        },  # fmt: skip
        gold={
            "calls": [
                {"name": "set_airplane_mode", "arguments": {"enabled": False}},
                {"name": "share_note", "arguments": {"note_id": note_id, "contact_id": person["id"]}},
            ]
        },  # fmt: skip
        oracle=[
            calls(call("search_notes", query=kw), call("search_contacts", query=person["name"])),
            calls(share),
            calls(call("set_airplane_mode", enabled=False)),
            hermes(share),
            f"Airplane mode was blocking texts; I turned it off and shared the note with {person['name']}.",
        ],
    )


@family("utilities.bookmark_if_missing", dimension="basic", category="dependency", bucket="state")
def bookmark_if_missing(ctx: Ctx) -> Draft:
    said, url = ctx.pick("tu_sites")
    folder = ctx.pick("tu_bookmark_folders")
    existing = bookmarked(url)
    query = ctx.say(
        ["bookmark {site} in {folder} unless I already have it saved.",
         "check whether {site} is in my bookmarks; if it isn't, add it to {folder}.",
         "if {site} isn't bookmarked yet, save it under {folder}.",
         "make sure {site} is bookmarked — put it in {folder} if it's missing."],
        site=said, folder=folder,
    )  # fmt: skip
    look = calls(call("search_browser_history", query=host(url), source="bookmarks"))
    if existing:
        return Draft(
            query=query,
            frictions=["dependency"],
            bucket="behavior",
            gold={
                "rubric": {
                    "final_kind": "any",
                    "must_include": [
                        [
                            "already",
                            "nothing to do",
                            "no need",
                            "left it as",
                            "left it alone",
                            "didn't add",
                            "did not add",
                            "didn't need to",
                        ]
                    ],
                    # nor a claim of having saved it ("you saved it under Travel" is none)
                    "must_not_include": false_claims("added", "bookmarked", "saved", passive=False),
                    "forbid_mutations": True,
                }
            },  # fmt: skip
            oracle=[
                look,
                f"{said} is already bookmarked (in your {existing['folder']} folder), so I left it as is.",
            ],
        )
    return Draft(
        query=query,
        frictions=["dependency"],
        gold={"delta": [{"table": "bookmarks", "op": "create", "fields": {"url": url, "folder": folder}}]},
        oracle=[
            look,
            hermes(call("add_browser_bookmark", url=url, folder=folder)),
            f"It wasn't bookmarked yet — saved {said} in {folder}.",
        ],
    )


@family("utilities.convert_into_note", dimension="basic", category="dependency", bucket="state")
def convert_into_note(ctx: Ctx) -> Draft:
    v, a_said, a, b_said, b = ctx.pick("tu_conversions")
    title = ctx.choice(["Conversions", "Handy numbers", "Unit math", "Quick reference"])
    r = run("convert_units", value=v, from_unit=a, to_unit=b)["result"]
    shown = number_forms(r)[0] if float(r).is_integer() else f"{r:,.2f}"
    query = ctx.say(
        ["convert {v} {a} to {b} and save the answer in a new note called \"{title}\".",
         "work out {v} {a} in {b}, then put the result in a note titled \"{title}\".",
         "how much is {v} {a} in {b}? Write it down in a new note, \"{title}\".",
         "make a note \"{title}\" with {v} {a} converted to {b}."],
        v=number(v), a=a_said, b=b_said, title=title,
    )  # fmt: skip
    text = f"{number(v)} {a_said} = {shown} {b_said}"
    return Draft(
        query=query,
        frictions=["dependency"],
        gold={
            "delta": [
                {
                    "table": "notes",
                    "op": "create",
                    "fields": {"title": title, "body": {"$any": [contains(f) for f in number_forms(r)]}},
                }
            ]
        },  # fmt: skip
        oracle=[
            calls(call("convert_units", value=v, from_unit=a, to_unit=b)),
            hermes(call("create_note", title=title, body=text)),
            f'{text} — saved in the note "{title}".',
        ],
    )


# --------------------------------------------------------------------------- reference
@family("utilities.append_to_note", dimension="basic", category="reference", bucket="state")
def append_to_note(ctx: Ctx) -> Draft:
    note_id, ref, kw, item = ctx.pick("tu_note_appends")
    query = ctx.say(
        ["add {item} to {ref}.", "put {item} on {ref}.", "{Ref}: add {item}.", "can you stick {item} in {ref}?",
         "throw {item} onto {ref}.", "please append {item} to {ref}."],
        item=item, ref=ref, Ref=ref[0].upper() + ref[1:],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        gold={"delta": [append_entry(note_id, item)]},
        oracle=[
            calls(call("search_notes", query=kw)),
            hermes(call("update_note", note_id=note_id, append_text=item)),
            f'Added {item} to "{note(note_id)["title"]}".',
        ],
    )


@family("utilities.reopen_from_history", dimension="basic", category="reference", bucket="state")
def reopen_from_history(ctx: Ctx) -> Draft:
    desc, kw, url = ctx.pick("tu_history_pages")
    new_tab = ctx.choice([True, True, False])
    query = ctx.say(
        ["reopen {desc}{where}.", "pull {desc} back up{where}.", "can you open {desc} again{where}?",
         "I want to get back to {desc} — open it{where}.", "bring back {desc}{where}.",
         "find {desc} and open it{where}."],
        desc=desc, where="" if new_tab else " in the current tab",
    )  # fmt: skip
    if new_tab:
        delta = opened(url)
        open_call = call("open_browser_url", url=url)
    else:
        delta = [
            {"table": "browser_tabs", "op": "update", "key": "tab_002",
             "fields": {"url": url, "title": IGNORE, "last_used": IGNORE}},
            {"table": "browser_history", "op": "create", "fields": {"url": url}},
        ]  # fmt: skip
        open_call = call("open_browser_url", url=url, new_tab=False)
    return Draft(
        query=query,
        gold={"delta": delta},
        oracle=[
            calls(call("search_browser_history", query=kw)),
            hermes(open_call),
            f"Reopened {url}.",
        ],
    )


@family("utilities.share_with_relation", dimension="basic", category="reference", bucket="tool")
def share_with_relation(ctx: Ctx) -> Draft:
    note_id, ref, kw, _item = ctx.pick("tu_note_appends")
    person = relation_person(ctx)
    if person["relation"] in ref or person["name"].split()[0] in ref:
        raise Skip("the note is named after the recipient")
    query = ctx.say(
        ["send {ref} to my {rel}.", "share {ref} with my {rel}.", "text my {rel} {ref}.",
         "my {rel} needs {ref} — share it by text.", "forward {ref} to my {rel}, please.",
         "can my {rel} get {ref}? Text it over."],
        ref=ref, rel=person["relation"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["obfuscation"],
        gold={
            "calls": [{"name": "share_note", "arguments": {"note_id": note_id, "contact_id": person["id"]}}]
        },
        oracle=[
            calls(call("search_contacts", query=person["relation"]), call("search_notes", query=kw)),
            hermes(call("share_note", note_id=note_id, contact_id=person["id"])),
            f'Shared "{note(note_id)["title"]}" with {person["name"]}.',
        ],
    )


@family("utilities.translate_followup", dimension="basic", category="reference", bucket="behavior")
def translate_followup(ctx: Ctx) -> Draft:
    p = ctx.pick("tu_phrases")
    first = ctx.choice(sorted(LANG_CODE))
    rest = [lang for lang in sorted(LANG_CODE) if lang != first]
    more = ctx.rng.sample(rest, ctx.choice([1, 2]))
    query = ctx.say(
        ["and in {langs}?", "what about {langs}?", "how about in {langs}?", "now do {langs}, please."],
        langs=" and ".join(more),
    )  # fmt: skip
    t1 = p["text"][LANG_CODE[first]]
    outs = [p["text"][LANG_CODE[lang]] for lang in more]
    return Draft(
        query=query,
        history=[
            {"role": "user", "content": f'How do I say "{said_phrase(p)}" in {first}?'},
            {"role": "assistant", "content": f'In {first}: "{t1}"'},
        ],
        gold=rubric("answer", *[[core(o)] for o in outs], forbid=False),
        oracle=[
            calls(
                *(
                    call("translate_text", text=p["text"]["en"], target_language=LANG_CODE[lang])
                    for lang in more
                )
            ),
            " ".join(f'In {lang}: "{o}".' for lang, o in zip(more, outs, strict=True)),
        ],
    )


@family("utilities.note_pronoun", dimension="basic", category="reference", bucket="state")
def note_pronoun(ctx: Ctx) -> Draft:
    note_id, ref, kw, item = ctx.pick("tu_note_appends")
    n = note(note_id)
    query = ctx.say(
        ["add {item} to it.", "ok, also put {item} on there.", "stick {item} at the end of it.",
         "great — add {item} to that one too."],
        item=item,
    )  # fmt: skip
    return Draft(
        query=query,
        history=[
            {"role": "user", "content": f"What's on {ref}?"},
            {"role": "assistant", "content": f'Your "{n["title"]}" note ({n["folder"]}) says:\n{n["body"]}'},
        ],
        gold={"delta": [append_entry(note_id, item)]},
        oracle=[
            calls(call("search_notes", query=kw)),
            hermes(call("update_note", note_id=note_id, append_text=item)),
            f'Added {item} to "{n["title"]}".',
        ],
    )


# --------------------------------------------------------------------------- revision
@family("utilities.note_title_revision", dimension="basic", category="revision", bucket="state")
def note_title_revision(ctx: Ctx) -> Draft:
    title, folder, body, keys = ctx.pick("tu_new_notes")
    final = ALT_TITLE[title]
    query = ctx.say(
        ["create a note titled \"{a}\" in {folder}: {body} — actually, call it \"{b}\".",
         "new note \"{a}\" in {folder} with {body}. Wait, title it \"{b}\" instead.",
         "make a note in {folder}, \"{a}\"... no, \"{b}\" — saying {body}.",
         "save {body} as a note called \"{a}\" in {folder}. Sorry, make the title \"{b}\"."],
        a=title, b=final, folder=folder, body=lower_first(body),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={
            "delta": [
                {
                    "table": "notes",
                    "op": "create",
                    "fields": {"title": final, "folder": folder, "body": contains(*keys)},
                }
            ]
        },  # fmt: skip
        oracle=[
            hermes(call("create_note", title=final, body=body, folder=folder)),
            f'Saved the note as "{final}" in {folder}.',
        ],
    )


@family("utilities.open_and_bookmark", dimension="basic", category="revision", bucket="state")
def open_and_bookmark(ctx: Ctx) -> Draft:
    (s1, u1), (s2, u2) = ctx.pick_many("tu_sites", 2)
    folder = ctx.pick("tu_bookmark_folders")
    if u1 == u2 or bookmarked(u2):
        raise Skip("same page twice, or already bookmarked")
    query = ctx.say(
        ["open {a} and bookmark {b} in {folder}.", "two things: pull up {a}, and save {b} to my {folder} bookmarks.",
         "bookmark {b} under {folder}, then open {a}.", "I need {a} open, and {b} bookmarked in {folder}."],
        a=s1, b=s2, folder=folder,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={
            "delta": [
                *opened(u1),
                {"table": "bookmarks", "op": "create", "fields": {"url": u2, "folder": folder}},
            ]
        },  # fmt: skip
        oracle=[
            calls(call("open_browser_url", url=u1), call("add_browser_bookmark", url=u2, folder=folder)),
            f"Opened {u1} and bookmarked {u2} in {folder}.",
        ],
    )


@family("utilities.note_from_history", dimension="basic", category="revision", bucket="state")
def note_from_history(ctx: Ctx) -> Draft:
    title, folder, body, keys = ctx.pick("tu_new_notes")
    query = ctx.say(
        ["put this in it: {body}.", "{Body}.", "here's what goes in it — {body}.", "add these: {body}."],
        body=lower_first(body), Body=body,
    )  # fmt: skip
    return Draft(
        query=query,
        history=[
            {"role": "user", "content": f'Start a new note called "{title}" in {folder}.'},
            {"role": "assistant", "content": "Sure — what should go in it?"},
        ],
        gold={
            "delta": [
                {
                    "table": "notes",
                    "op": "create",
                    "fields": {"title": title, "folder": folder, "body": contains(*keys)},
                }
            ]
        },  # fmt: skip
        oracle=[
            hermes(call("create_note", title=title, body=body, folder=folder)),
            f'Created "{title}" in {folder}.',
        ],
    )


@family("utilities.move_note_revision", dimension="basic", category="revision", bucket="state")
def move_note_revision(ctx: Ctx) -> Draft:
    note_id, ref, kw, _item = ctx.pick("tu_note_appends")
    first, second = ctx.pick_many("tu_note_folders", 2)
    query = ctx.say(
        ["move {ref} to {a} — no, {b}.", "file {ref} under {a}. Actually, make that {b}.",
         "put {ref} in the {a} folder... sorry, {b}.", "shift {ref} into {a}; wait, I meant {b}."],
        ref=ref, a=first, b=second,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"delta": [{"table": "notes", "op": "update", "key": note_id, "fields": {"folder": second}}]},
        oracle=[
            calls(call("search_notes", query=kw)),
            hermes(call("update_note", note_id=note_id, folder=second)),
            f'Moved "{note(note_id)["title"]}" to {second}.',
        ],
    )


@family("utilities.translate_revision", dimension="basic", category="revision", bucket="behavior")
def translate_revision(ctx: Ctx) -> Draft:
    p = ctx.pick("tu_phrases")
    first, second = ctx.pick_many("tu_languages", 2)
    t1, t2 = core(p["text"][LANG_CODE[first]]), core(p["text"][LANG_CODE[second]])
    query = ctx.say(
        ["translate \"{en}\" into {a} — sorry, I meant {b}.", "how do I say \"{en}\" in {a}? No wait, {b}.",
         "\"{en}\" in {a}... actually make it {b}.", "give me \"{en}\" in {a}. Scratch that — {b}."],
        en=said_phrase(p), a=first, b=second,
    )  # fmt: skip
    rubric: dict[str, Any] = {"final_kind": "answer", "must_include": [[t2]]}
    if t1.casefold() not in t2.casefold() and t2.casefold() not in t1.casefold():
        rubric["must_not_include"] = [t1]
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"rubric": rubric},
        oracle=[
            calls(call("translate_text", text=p["text"]["en"], target_language=LANG_CODE[second])),
            f'In {second}: "{p["text"][LANG_CODE[second]]}"',
        ],
    )


# --------------------------------------------------------------------------- recovery
#: How a refusal to translate states its limit.
CANNOT_TRANSLATE = ["can't translate", "cannot translate", "unable to translate", "not supported", "isn't supported",
                    "doesn't support", "don't support", "only", "not available", "isn't available"]  # fmt: skip


#: A claim of having translated it (into a language the user never named, or one the offline
#: translator lacks).
TRANSLATED_NOW = false_claims("translated", "converted", "rendered")


@family("utilities.unsupported_language", dimension="basic", category="recovery", bucket="behavior")
def unsupported_language(ctx: Ctx) -> Draft:
    p = ctx.pick("tu_phrases")
    lang = ctx.pick("tu_bad_languages")
    query = ctx.say(
        ["translate \"{en}\" into {lang}.", "how do I say \"{en}\" in {lang}?", "what's \"{en}\" in {lang}?",
         "I need \"{en}\" in {lang}, please."],
        en=said_phrase(p), lang=lang,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        # The limit itself, not only a "sorry": the phrase to translate may be "I'm sorry".
        gold=rubric("refusal", [lang.lower()], CANNOT_TRANSLATE, avoid=TRANSLATED_NOW),
        oracle=[
            calls(call("translate_text", text=p["text"]["en"], target_language=lang)),
            f"Sorry, I can't translate into {lang} — offline translation covers Spanish, French, German, Italian, "
            "Japanese and Chinese only.",
        ],
    )


#: A claim of having converted what the converter cannot convert.
CONVERTED_NOW = false_claims("converted", "calculated", "worked out", "computed")
#: That the converter cannot do it: naming the unit alone lets a made-up figure through.
NO_CONVERSION = [*cannot("convert", "do that conversion", "do the conversion", "do this conversion", "handle",
                         "work with", "help with that conversion"),
                 "can't be converted", "cannot be converted", "can not be converted", "no conversion",
                 "doesn't know", "does not know", "doesn't recognize", "does not recognize", "not recognized",
                 "isn't recognized", "not a unit", "isn't a unit", "not one of", "isn't one of", "not on the list",
                 "isn't on the list", "not available", "isn't available", "doesn't have", "does not have",
                 "doesn't cover", "does not cover", "doesn't include", "does not include", "not included",
                 "isn't included", "doesn't handle", "does not handle"]  # fmt: skip
#: ... and for two units of different quantities, that they do not convert into each other.
NOT_COMPARABLE = [*NO_CONVERSION, *cannot("compare"), "different things", "different kinds", "different kind",
                  "different types", "different type", "different quantities", "different dimensions",
                  "not the same kind", "not the same type", "not the same thing", "aren't the same",
                  "are not the same", "measure different", "measures different", "incompatible", "not compatible",
                  "aren't compatible", "doesn't make sense", "does not make sense", "no meaningful", "not comparable",
                  "aren't comparable", "apples and oranges", "no fixed", "no exchange rate", "no direct"]  # fmt: skip


@family("utilities.unsupported_unit", dimension="basic", category="recovery", bucket="behavior")
def unsupported_unit(ctx: Ctx) -> Draft:
    v, bad, good = ctx.pick("tu_bad_units")
    query = ctx.say(
        ["convert {v} {bad} to {good}.", "how many {good} is {v} {bad}?", "what's {v} {bad} in {good}?",
         "{v} {bad} — how much is that in {good}?"],
        v=number(v), bad=bad, good=good,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold=rubric("refusal", stems(bad), NO_CONVERSION, avoid=CONVERTED_NOW),
        oracle=[
            calls(call("convert_units", value=v, from_unit=bad, to_unit=good)),
            f"Sorry, I can't convert {bad} — the converter doesn't support that unit.",
        ],
    )


@family("utilities.mismatched_units", dimension="basic", category="recovery", bucket="behavior")
def mismatched_units(ctx: Ctx) -> Draft:
    v, a_said, a, b_said, b = ctx.pick("tu_mismatched_units")
    query = ctx.say(
        ["convert {v} {a} to {b}.", "how many {b} is {v} {a}?", "what's {v} {a} in {b}?",
         "turn {v} {a} into {b} for me."],
        v=number(v), a=a_said, b=b_said,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["contradiction"],
        gold=rubric(
            "refusal", stems(a_said), stems(b_said), NOT_COMPARABLE, avoid=CONVERTED_NOW
        ),  # fmt: skip
        oracle=[
            calls(call("convert_units", value=v, from_unit=a, to_unit=b)),
            f"Sorry, {a_said} and {b_said} can't be converted into each other — they measure different things.",
        ],
    )


#: A claim of having opened the link the browser cannot open.
#: That the browser cannot open it: naming the scheme alone lets a made-up page through.
LINK_REFUSED = [*cannot("open", "load", "go to", "visit", "access", "pull", "browse", "follow", "navigate", "handle",
                        "display", "show", "get to", "reach"),
                "only opens", "only open", "only handles", "only handle", "only loads", "only load", "only http",
                "only web", "only supports", "only works", "doesn't open", "does not open", "won't open",
                "doesn't handle", "does not handle", "doesn't work", "won't work", "not a web", "isn't a web",
                "not a website", "isn't a website", "not an http", "isn't an http", "not http", "isn't http"]  # fmt: skip
LINK_OPENED = [*false_claims("opened", "loaded", "pulled up", "pulled it up", "navigated", "launched", "brought up"),
               "now open", "is open in", "it's open in"]  # fmt: skip


@family("utilities.bad_link", dimension="basic", category="recovery", bucket="behavior")
def bad_link(ctx: Ctx) -> Draft:
    url, scheme = ctx.pick("tu_bad_links")
    query = ctx.say(
        ["open {url}.", "pull up {url} in the browser.", "can you load {url}?", "go to {url}."],
        url=url,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        gold=rubric("refusal", [scheme], LINK_REFUSED, avoid=LINK_OPENED),
        oracle=[
            calls(call("open_browser_url", url=url)),
            f"Sorry, the browser can only open http and https links, so I can't open that {scheme} address.",
        ],
    )


@family("utilities.note_update_retry", dimension="basic", category="recovery", bucket="state")
def note_update_retry(ctx: Ctx) -> Draft:
    note_id, ref, kw, item = ctx.pick("tu_note_appends")
    query = ctx.say(
        ["please add {item} to {ref}.", "put {item} on {ref} for me.", "{item} needs to go on {ref} — add it.",
         "can you append {item} to {ref}?"],
        item=item, ref=ref,
    )  # fmt: skip
    update = call("update_note", note_id=note_id, append_text=item)
    return Draft(
        query=query,
        frictions=["runtime_error"],
        faults=[{"tool": "update_note", "on_calls": [1]}],
        gold={"delta": [append_entry(note_id, item)]},
        oracle=[
            calls(call("search_notes", query=kw)),
            calls(update),
            hermes(update),
            f"The first save failed with a temporary error; the retry worked and {item} is on the list.",
        ],
    )


@family("utilities.deleted_note", dimension="basic", category="recovery", bucket="behavior")
def deleted_note(ctx: Ctx) -> Draft:
    note_id, ref, kw, _item = ctx.pick("tu_note_appends")
    person = ctx.pick("core_people")
    n = note(note_id)
    query = ctx.say(
        ["ok, text {ref} to {name}.", "great, now send {ref} to {name}.", "share {ref} with {name}, please.",
         "perfect — forward {ref} to {name}."],
        ref=ref, name=person["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["state_mutation"],
        s0_patch={"notes": {note_id: None}},
        history=[
            {"role": "user", "content": f"What's on {ref}?"},
            {"role": "assistant", "content": f'Your "{n["title"]}" note ({n["folder"]}) says:\n{n["body"]}'},
        ],
        gold={
            "rubric": {
                "final_kind": "any",
                # or that no note of that name is left ("there's no grocery note now")
                "must_include": [[*GONE_WORDS, f"no {kw}"]],
                "forbid_mutations": True,
                # nor a claim of having sent it ("nothing has been sent" is none)
                "must_not_include": false_claims("sent", "texted", "shared", "forwarded", passive=False),
            }
        },
        oracle=[
            calls(call("search_notes", query=kw)),
            f'I can\'t find "{n["title"]}" anymore — it looks like it was deleted since we looked at it, so I '
            f"didn't send anything to {person['name']}. Want me to text them the items I listed earlier?",
        ],
    )


@family("utilities.translate_missing_language", dimension="basic", category="recovery", bucket="behavior")
def translate_missing_language(ctx: Ctx) -> Draft:
    p = ctx.pick("tu_phrases")
    query = ctx.say(
        ["translate \"{en}\" for me.", "how would I say \"{en}\"?", "can you translate \"{en}\"?",
         "I need a translation of \"{en}\"."],
        en=said_phrase(p),
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["missing_argument"],
        gold={
            "rubric": {
                "final_kind": "question",
                "must_include": [
                    ["language", "into", "translate it to", "translate that to", "translate to"]
                ],
                "must_not_include": TRANSLATED_NOW,
                "forbid_mutations": True,
            }
        },
        oracle=[
            calls(call("translate_text", text=p["text"]["en"])),
            "Sure — which language should I translate it into?",
        ],
    )
