"""The catalog as a whole: Table 2's counts, unique names, and the committed schema file."""

from __future__ import annotations

from importlib import resources

from mpb_env.domains import DOMAIN_COUNTS, by_domain, catalog
from mpb_env.tools.schema import schema_bytes


def test_schema_file_is_regenerated_exactly() -> None:
    committed = resources.files("mpb_env.data").joinpath("tools.schema.json").read_bytes()
    assert committed == schema_bytes()


def test_catalog_has_table_2_counts() -> None:
    counts = {d: len(specs) for d, specs in by_domain().items()}
    assert counts == DOMAIN_COUNTS
    assert len(catalog()) == sum(DOMAIN_COUNTS.values()) == 212


def test_every_domain_touches_another_domains_tables() -> None:
    """A structural check beside the behavioural cross-domain tests in each test_domain_*.py: every
    domain module reads or writes (names in a state call) a table that another module seeds."""
    import inspect
    import re

    from mpb_env.domains import modules

    sources = {m.__name__: inspect.getsource(m) for m in modules()}
    seeds = {
        name: set(re.findall(r"tables\[\"(\w+)\"\]\s*=|tables\.setdefault\(\"(\w+)\"", src))
        for name, src in sources.items()
    }
    owned = {name: {a or b for a, b in found} for name, found in seeds.items()}
    for name, src in sources.items():
        mod = next(m for m in modules() if m.__name__ == name)
        if not hasattr(mod, "DOMAIN") or not any(s.fn.__module__ == name for s in catalog().values()):
            continue
        used = set(re.findall(r"\.(?:get|scan|values|put|update|delete|has|count)\(\s*\"(\w+)\"", src))
        used |= {"settings"} if re.search(r"\.(?:setting|set_setting)\(", src) else set()
        foreign = {t for t in used if any(t in tabs for other, tabs in owned.items() if other != name)}
        assert foreign, f"{mod.DOMAIN}: no table of another domain is read or written"


def test_catalog_order_does_not_depend_on_which_domain_was_imported_first() -> None:
    """Importing one domain module before the rest (as a test or a user script may) once put its tools
    first, which changed the tools recall fills a short ranking with, and so the A_0 of some tasks."""
    import subprocess
    import sys

    script = (
        "import mpb_env.domains.{mod}\n"
        "from mpb_env.domains import catalog\n"
        "from mpb_env.recall import rank\n"
        "print(list(catalog()) == list(catalog()), ','.join(catalog()), ','.join(rank('Grab Pixel Recipes', 15)))"
    )
    outs = {
        mod: subprocess.run(
            [sys.executable, "-c", script.format(mod=mod)], capture_output=True, text=True, check=True
        ).stdout
        for mod in ("apps", "assistant", "time_mgmt")
    }
    assert len(set(outs.values())) == 1, outs
    assert outs["apps"].split()[1].split(",") == list(catalog())
