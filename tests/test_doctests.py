"""Every docstring example in the package runs and holds (the README's test command collects these)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import mpb_env


def _with_examples() -> list[str]:
    names = []
    finder = doctest.DocTestFinder()
    for info in pkgutil.walk_packages(mpb_env.__path__, "mpb_env."):
        module = importlib.import_module(info.name)
        if any(t.examples for t in finder.find(module)):
            names.append(info.name)
    return sorted(names)


MODULES = _with_examples()


def test_the_package_has_examples() -> None:
    assert {"mpb_env.checkers", "mpb_env.scoring", "mpb_env.parsing"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, f"{result.failed} of {result.attempted} failed"
