"""search_contacts and search_media keep each record's lower-cased match keys per record object: their
results must equal a plain scan that folds every field on every call, also after the episode edits or
adds records."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mpb_env.domains import calls
from mpb_env.tools.runtime import execute
from mpb_env.world.generate import load_world
from mpb_env.world.state import PhoneState


def reference(s: PhoneState, query: str, limit: int = 10) -> list[dict[str, Any]]:
    """The ranking search_contacts documents, computed from scratch."""
    q = " ".join(query.lower().split())
    alias = calls._RELATION_ALIASES.get(q)
    qdigits = "".join(ch for ch in q if ch.isdigit()) if calls._PHONE_CHARS.issuperset(q) else ""
    qdigits = qdigits if len(qdigits) >= 3 else ""
    tokens = q.split() if " " in q else None
    hits = []
    for rec in s.values("contacts"):
        name, nick = rec["name"].lower(), (rec.get("nickname") or "").lower()
        rel = (rec.get("relation") or "").lower()
        hay = "\n".join([name, nick, rel, (rec.get("company") or "").lower(), (rec.get("email") or "").lower()])
        if name == q:
            rank = 0
        elif nick == q or f" {q} " in f" {name} ":
            rank = 1
        elif name.startswith(q) or " " + q in name:
            rank = 2
        elif rel in (q, alias) or nick.startswith(q):
            rank = 3
        elif (
            q in hay
            or (qdigits and qdigits in "".join(ch for ch in rec["phone"] if ch.isdigit()))
            or (tokens and all(t in hay for t in tokens))
        ):
            rank = 4
        else:
            continue
        hits.append((rank, not rec.get("favorite"), rec["name"], rec["id"], rec))
    hits.sort(key=lambda h: h[:4])
    return [dict(h[4]) for h in hits[:limit]]


QUERIES = ["chris", "Chris Lee", "manager", "mom", "northwind", "555 01", "maya", "a", "lee chris", "zz"]
edit_st = st.tuples(
    st.integers(0, 199),
    st.sampled_from(["name", "nickname", "relation", "company"]),
    st.sampled_from(["Chris Zed", "Mgr", "manager", "Northwind Labs", "Maya", "zz top"]),
)


@settings(max_examples=40, deadline=None)
@given(st.lists(edit_st, max_size=4), st.lists(st.sampled_from(["Zed Chris", "Amy Lee"]), max_size=2))
def test_search_equals_a_fresh_scan(edits: list[tuple[int, str, str]], new: list[str]) -> None:
    s = PhoneState(load_world())
    ids = [k for k, _ in s.scan("contacts")]
    for i, field, value in edits:
        s.update("contacts", ids[i % len(ids)], **{field: value})
    for j, name in enumerate(new):
        execute(s, "add_contact", {"name": name, "phone": f"+1 415 555 09{j:02d}"})
    for q in QUERIES:
        fb = execute(s, "search_contacts", {"query": q, "limit": 100})
        assert fb["status"] == "success"
        assert fb["data"] == reference(s, q, 100), q


# --------------------------------------------------------------------------- search_media
def media_reference(s: PhoneState, query: str, limit: int = 100) -> list[str]:
    """search_media's documented ranking (every kind), from scratch: the IDs in order."""
    words = query.casefold().split()
    q = " ".join(words)

    def rank(title: str, *fields: str) -> int | None:
        title = title.casefold()
        hay = "\n".join((title, *fields)).casefold()
        if title == q:
            return 0
        if title.startswith(q):
            return 1
        if q in hay:
            return 2
        return 3 if len(words) > 1 and all(w in hay for w in words) else None

    hits = []
    for m in s.values("media"):
        r = rank(m["title"], m["artist"], m["album"], m["genre"])
        if r is not None:
            hits.append((r, m["id"]))
    for sh in s.values("shows"):
        r = rank(sh["title"], sh["publisher"], sh["genre"], sh["frequency"] or "")
        if r is not None:
            hits.append((r, sh["id"]))
    return [i for _, i in sorted(hits)[:limit]]


MEDIA_QUERIES = ["jazz", "luna", "the", "rain ivy", "Podcast", "zz top", "a"]
media_edit_st = st.tuples(
    st.integers(0, 400), st.sampled_from(["title", "artist", "genre"]), st.sampled_from(["Jazz Hands", "ZZ Top"])
)


@settings(max_examples=30, deadline=None)
@given(st.lists(media_edit_st, max_size=4))
def test_media_search_equals_a_fresh_scan(edits: list[tuple[int, str, str]]) -> None:
    s = PhoneState(load_world())
    ids = [k for k, _ in s.scan("media")]
    for i, field, value in edits:
        s.update("media", ids[i % len(ids)], **{field: value})
    for q in MEDIA_QUERIES:
        fb = execute(s, "search_media", {"query": q, "limit": 100})
        assert [r["id"] for r in fb["data"]] == media_reference(s, q), q
