"""What a wheel holds: the package list in pyproject.toml must name every package of the source tree
(an editable install finds them all anyway, so a missing one shows only after ``pip install .``)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_source_package_is_in_the_wheel() -> None:
    tool = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    declared = set(tool["packages"])
    dirs = tool["package-dir"]
    found = set()
    for package, where in dirs.items():
        base = ROOT / where
        for init in base.rglob("__init__.py"):
            rel = init.parent.relative_to(base).parts
            name = ".".join((package, *rel))
            # a sub-directory mapped to a package of its own (envs/ -> mpb_env.envs) is named by that map
            if not any(name != p and (ROOT / w).resolve() == init.parent.resolve() for p, w in dirs.items()):
                found.add(name)
    assert found - declared == set(), "packages missing from [tool.setuptools] packages"
    assert declared - found == set(), "packages declared without a source directory"
