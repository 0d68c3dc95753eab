"""The shared harness of the per-domain tool tests (``tests/test_domain_*.py``).

A domain's test file lists its cases in two tables, SUCCESS and ERRORS, of ``Case`` rows (or plain tuples in
its field order; ``by_tool`` reads rows without an id) and hands them to ``DomainTests``, which runs each
case on a fresh state and provides the standard tests:

* ``success``: the call succeeds, its check passes, and a read tool (``mutates=False``) wrote nothing;
* ``error``: the call fails with the expected error type, a type the tool declares (or
  InvalidArguments, which the runtime raises for any tool), and leaves writes and ID counters as they were;
* ``covered``: every tool of the domain (as many as the paper counts) has at least one case of each kind,
  and running them all leaves the shared base world unwritten;
* ``contract``: every tool of the domain declares its error types, a summary ending in a full stop,
  PermissionDenied when it acts through an app, and an example in each argument's description.

Bind them at module level, under the test names the file uses::

    CASES = DomainTests(DOMAIN, SUCCESS, ERRORS, count=23)
    test_success, test_error, test_every_tool_is_covered_and_base_world_unwritten, test_tool_contract = (
        CASES.tests()
    )

The module also holds the small state helpers (``fresh``, ``call``, setup hooks) the files share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

import pytest

from mpb_env.domains import DOMAIN_COUNTS, by_domain
from mpb_env.tools.runtime import REGISTRY, execute
from mpb_env.world.generate import load_world
from mpb_env.world.state import EMPTY_PATCH, Patch, PhoneState

NOW = "2026-05-20T09:00:00"
#: The base world's digest before any test ran; no test may change it.
BASE_DIGEST = load_world().digest()

Hook = Callable[[PhoneState], None]
Setup = Hook | None
Check = Callable[[PhoneState, dict[str, Any]], None]
Test = Callable[..., None]


class Case(NamedTuple):
    """One call of a tool: ``expect`` is the success check or the expected error type."""

    id: str
    tool: str
    args: dict[str, Any]
    setup: Setup
    expect: Check | str
    patch: Patch | None = None  # the case's own task patch, in place of the domain's


def by_tool(
    rows: Iterable[Sequence[Any]], columns: str = "tool args expect", *, numbered: bool = False
) -> list[Case]:
    """Cases from rows that carry no id, their fields named by ``columns`` (e.g. "tool args setup expect").

    A case's id is its tool's name, followed by the row's index when ``numbered``, else by the error type
    of an error case (pytest numbers repeated ids).
    """
    names = columns.split()
    out = []
    for i, row in enumerate(rows):
        f = dict(zip(names, row, strict=True))
        tool, expect = f["tool"], f["expect"]
        suffix = i if numbered else expect if isinstance(expect, str) else None
        out.append(
            Case(tool if suffix is None else f"{tool}-{suffix}", tool, f["args"], f.get("setup"), expect)
        )
    return out


class Tests(NamedTuple):
    success: Test
    error: Test
    covered: Test
    contract: Test


# ------------------------------------------------------------------------ state helpers
def fresh(patch: Patch | None = None, now: str = NOW) -> PhoneState:
    """A new episode on the shared base world (under ``patch``), its clock at ``now``."""
    return PhoneState(load_world(), patch or EMPTY_PATCH, now=now)


def call(s: PhoneState, name: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run a tool that must succeed; return its feedback."""
    fb = execute(s, name, args or {})
    assert fb["status"] == "success", fb
    return fb


def delta(s: PhoneState, table: str) -> dict[str, Any]:
    return s.delta().get(table, {})


def ids(fb: dict[str, Any]) -> list[str]:
    return [r["id"] for r in fb["data"]]


def written(s: PhoneState) -> dict[str, dict[str, Any]]:
    """A copy of the episode's write layer (tables a rollback left empty do not count)."""
    return {t: dict(rows) for t, rows in s.writes.items() if rows}


# ------------------------------------------------------------------------ setup hooks
def chain(*hooks: Hook) -> Hook:
    def hook(s: PhoneState) -> None:
        for h in hooks:
            h(s)

    return hook


def steps(*calls: tuple[str, dict[str, Any]]) -> Hook:
    """Run these tool calls, each of which must succeed."""

    def hook(s: PhoneState) -> None:
        for name, args in calls:
            call(s, name, args)

    return hook


def setting(key: str, value: Any) -> Hook:
    def hook(s: PhoneState) -> None:
        s.set_setting(key, value)

    return hook


def revoke(app_id: str, perm: str) -> Hook:
    """Take one permission away from an installed app."""

    def hook(s: PhoneState) -> None:
        app = s.get("apps", app_id)
        assert app is not None
        s.update("apps", app_id, permissions={**app["permissions"], perm: False})

    return hook


def offline(s: PhoneState) -> None:
    s.set_setting("network.wifi", False)
    s.set_setting("network.mobile_data", False)


def airplane(s: PhoneState) -> None:
    s.set_setting("network.airplane_mode", True)


def get_or_list(name: str) -> bool:
    """Whether a tool name reads by its verb alone (``get_…``, ``list_…``)."""
    return name.startswith(("get_", "list_"))


# ------------------------------------------------------------------------ the standard tests
class DomainTests:
    """Runs a domain's SUCCESS and ERRORS cases and checks its tools.

    Args:
        domain: the domain's name, e.g. "Apps & Storage".
        success: the cases that must succeed (``Case`` rows or tuples of its fields).
        errors: the cases that must fail, likewise.
        count: how many tools the domain has.
        patch: the task patch every case starts from (a case's own patch replaces it).
        is_read: when given, the contract also checks ``mutates`` is exactly ``not is_read(name)``.
        verbs: when given, the contract also checks every tool name starts with one of these verbs.
    """

    def __init__(
        self,
        domain: str,
        success: Iterable[Sequence[Any]],
        errors: Iterable[Sequence[Any]],
        *,
        count: int,
        patch: Patch | None = None,
        is_read: Callable[[str], bool] | None = None,
        verbs: Iterable[str] | None = None,
    ) -> None:
        self.domain = domain
        self.success = [Case(*c) for c in success]
        self.errors = [Case(*c) for c in errors]
        self.count = count
        self.patch = patch
        self.is_read = is_read
        self.verbs = None if verbs is None else frozenset(verbs)

    def start(self, case: Case) -> PhoneState:
        s = fresh(case.patch or self.patch)
        if case.setup is not None:
            case.setup(s)
        return s

    def run_success(self, case: Case) -> PhoneState:
        s = self.start(case)
        before = written(s)
        fb = execute(s, case.tool, case.args)
        assert fb["status"] == "success", fb
        assert callable(case.expect), case
        case.expect(s, fb)
        if not REGISTRY[case.tool].mutates:
            assert written(s) == before, "a read tool must not write"
        return s

    def run_error(self, case: Case) -> PhoneState:
        s = self.start(case)
        before, writes, counters = s.delta(), written(s), dict(s.counters)
        fb = execute(s, case.tool, case.args)
        assert (fb["status"], fb["error_type"]) == ("error", case.expect), fb
        assert fb["error_type"] == "InvalidArguments" or fb["error_type"] in REGISTRY[case.tool].raises, fb
        assert s.delta() == before and written(s) == writes, "a failed call must not change state"
        assert s.counters == counters, "a failed call must not use up IDs"
        return s

    def check_covered(self) -> None:
        """Every tool has a success case and an error case; the domain has as many tools as counted."""
        tools = {spec.name for spec in by_domain()[self.domain]}
        assert len(tools) == self.count == DOMAIN_COUNTS[self.domain]
        assert tools == {c.tool for c in self.success} == {c.tool for c in self.errors}

    def check_all(self) -> None:
        """Coverage, then every case on its own fresh state; the base world stays unwritten."""
        self.check_covered()
        for case in self.success:
            self.run_success(case)
        for case in self.errors:
            self.run_error(case)
        assert load_world().digest() == BASE_DIGEST

    def check_contract(self) -> None:
        for spec in by_domain()[self.domain]:
            assert spec.domain == self.domain, spec.name
            assert spec.raises, spec.name
            assert spec.schema["function"]["description"], spec.name
            assert spec.description.endswith("."), spec.name
            if spec.permission is not None:
                assert "PermissionDenied" in spec.raises, spec.name
            for arg, prop in spec.schema["function"]["parameters"]["properties"].items():
                assert "e.g." in prop["description"], (spec.name, arg)
            if self.is_read is not None:
                assert spec.mutates is not self.is_read(spec.name), spec.name
            if self.verbs is not None:
                assert spec.name.split("_")[0] in self.verbs, spec.name

    def tests(self) -> Tests:
        """The four standard tests, to bind at module level."""

        @pytest.mark.parametrize("case", self.success, ids=[c.id for c in self.success])
        def test_success(case: Case) -> None:
            self.run_success(case)

        @pytest.mark.parametrize("case", self.errors, ids=[c.id for c in self.errors])
        def test_error(case: Case) -> None:
            self.run_error(case)

        def test_covered() -> None:
            self.check_all()

        def test_contract() -> None:
            self.check_contract()

        return Tests(test_success, test_error, test_covered, test_contract)
