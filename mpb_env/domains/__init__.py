"""The tool catalog G: one module per domain, discovered — never hand-listed.

A domain module defines its tools with ``@tool(DOMAIN, ...)`` and may define
``seed(tables: dict, rng: random.Random, scale: float) -> None`` that adds its tables to the phone
world, plus ``SEED_ORDER: int`` (lower runs first; people and apps come before what refers to them).
Adding a domain is adding one module here.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from mpb_env.tools.runtime import REGISTRY, ToolSpec

#: Table 2 of the paper: the 13 domains and their tool counts (212 in all), in the paper's order.
DOMAIN_COUNTS: dict[str, int] = {
    "Audio & Entertainment": 25,
    "Apps & Storage": 23,
    "Display & Sound": 22,
    "System Settings": 22,
    "Time Management": 16,
    "AI Assistant": 16,
    "Calls & Communication": 15,
    "Network & Connectivity": 14,
    "Travel & Lifestyle": 13,
    "Devices & Cross-device": 13,
    "Input & Interaction": 12,
    "Utilities & Productivity": 11,
    "Security & Privacy": 10,
}

_MODULES: list[ModuleType] = []


def modules() -> list[ModuleType]:
    """Import every domain module once (registering its tools) and return them in seed order."""
    if not _MODULES:
        found = [importlib.import_module(f"{__name__}.{m.name}") for m in pkgutil.iter_modules(__path__)]
        _MODULES.extend(sorted(found, key=lambda mod: (getattr(mod, "SEED_ORDER", 100), mod.__name__)))
        _canonical_order([mod.__name__ for mod in found])
    return _MODULES


def _canonical_order(module_names: list[str]) -> None:
    """Put ``REGISTRY`` in catalog order, whatever order the domain modules were first imported in:
    modules by name, tools in the order their module defines them (anything registered elsewhere
    after them, in registration order). Recall fills short rankings in catalog order, so code that
    imported one domain module before the rest must not change what a task is offered."""
    rank = {name: i for i, name in enumerate(module_names)}
    specs = list(REGISTRY.values())

    def key(i: int) -> tuple[int, int]:
        fn = specs[i].fn
        if fn.__module__ not in rank:
            return len(rank), i
        return rank[fn.__module__], fn.__code__.co_firstlineno

    order = sorted(range(len(specs)), key=key)
    REGISTRY.clear()
    REGISTRY.update((specs[i].name, specs[i]) for i in order)


def catalog() -> dict[str, ToolSpec]:
    """Every registered tool by name, in catalog order (domain modules by name, each module's tools as
    it defines them), whichever domain module was imported first."""
    modules()
    return REGISTRY


def by_domain() -> dict[str, list[ToolSpec]]:
    """Registered tools grouped by domain, domains in Table 2 order."""
    out: dict[str, list[ToolSpec]] = {d: [] for d in DOMAIN_COUNTS}
    for spec in catalog().values():
        out.setdefault(spec.domain, []).append(spec)
    return {d: specs for d, specs in out.items() if specs}
