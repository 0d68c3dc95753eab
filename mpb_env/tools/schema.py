"""``tools.schema.json``: the OpenAI-style schemas of the whole catalog, generated, committed, checked.

``python -m mpb_env.tools.schema`` rewrites ``mpb_env/data/tools.schema.json``; a test regenerates it
and compares bytes, so the committed file never drifts from the tool functions it comes from.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from mpb_env.domains import DOMAIN_COUNTS, catalog

PATH = Path(__file__).resolve().parent.parent / "data" / "tools.schema.json"


def catalog_schema() -> dict[str, Any]:
    """Every tool's schema, grouped in Table 2's domain order, tools by name within a domain."""
    specs = sorted(catalog().values(), key=lambda s: (list(DOMAIN_COUNTS).index(s.domain), s.name))
    return {
        "total": len(specs),
        "by_domain": {d: sum(s.domain == d for s in specs) for d in DOMAIN_COUNTS},
        "tools": [s.schema for s in specs],
    }


def schema_bytes() -> bytes:
    return orjson.dumps(catalog_schema(), option=orjson.OPT_INDENT_2) + b"\n"


if __name__ == "__main__":
    PATH.write_bytes(schema_bytes())
    print(f"wrote {PATH} ({catalog_schema()['total']} tools)")
