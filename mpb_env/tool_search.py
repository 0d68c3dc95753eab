"""``search_tools(query)``: the env's own tool search, so that no tool the recall missed is out of reach.

Like ``ask_user`` it is not a phone tool (not one of the 212 catalog tools, never a gold tool, never in
the state's operation log): the episode offers it in A_0 beside ``search_user_memory`` unless the env
runs with ``tool_search=False`` (the paper-strict action set), the episode is under Skill-Only
Routing (where skills are the only route to tools) or the recall is ``"all"`` (nothing left to find). A call returns the schemas of the ``k`` catalog
tools that best match the query and are not yet in the action set (default ``SEARCH_TOP_K``; ranked by
the default retriever, ``mpb_env.retrieval``), and the episode adds them to A_{t+1}, as loading a skill
adds its tools. A query that is a tool's name (``set_alarm`` or ``set alarm``) returns that tool first.
It is read-only and deterministic: the same query on the same action set returns the same tools. A bad
argument is an ``InvalidArguments`` error feedback, never an exception.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from mpb_env.domains import catalog
from mpb_env.retrieval import search
from mpb_env.tools.runtime import feedback

SEARCH_TOOLS = "search_tools"
#: Schemas returned per call by default.
SEARCH_TOP_K = 5
#: A query longer than this is refused (a search names a need in a few words).
MAX_QUERY_CHARS = 300

SEARCH_TOOLS_SCHEMA: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": SEARCH_TOOLS,
        "description": (
            "Find tools not in your list yet by a short description of what you need. It returns "
            "the schemas of the best-matching phone tools and makes them callable from your next turn."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "query": {
                    "type": "string",
                    "description": 'What the tool should do, or its name, e.g. "change alarm time" or '
                    '"set_wallpaper".',
                }
            },
            "required": ["query"],
            "additionalProperties": False,
        },
    },
    "domain": "Environment",
    "mutates": False,
}


def search_call(arguments: Any, offered: Collection[str], k: int = SEARCH_TOP_K) -> dict[str, Any]:
    """The feedback of a ``search_tools`` call given the current action set ``offered``: on success,
    ``data = {"tools": [function schema, ...]}`` (name, description, parameters; best first), possibly
    empty when every match is already offered."""
    if not isinstance(arguments, dict):
        return _bad("search_tools arguments must be a JSON object with a query")
    extra = sorted(set(arguments) - {"query"})
    if extra:
        return _bad(f"search_tools takes only a query, not {', '.join(map(str, extra))}")
    query = arguments.get("query")
    if not isinstance(query, str) or not query.strip():
        return _bad("search_tools needs a query: a short description of the tool you need")
    if len(query) > MAX_QUERY_CHARS:
        return _bad(f"search_tools query is over {MAX_QUERY_CHARS} characters; describe one need briefly")
    names = search(query, k, exclude=offered)
    specs = catalog()
    found = [specs[n].schema["function"] for n in names]
    message = f"found {len(found)} tool(s); callable from your next turn" if found else "no new tools match"
    return {"name": SEARCH_TOOLS, **feedback("success", message, {"tools": found})}


def _bad(message: str) -> dict[str, Any]:
    return {"name": SEARCH_TOOLS, **feedback("error", message, None, "InvalidArguments")}
