"""The tool contract, checked over every registered tool, and the runtime's execution guarantees.

Each tool must have a documented, OpenAI-style schema that its strict argument model enforces: unknown
fields, wrong types, values outside an enum and missing required arguments are all refused with
InvalidArguments before the body runs, so no rejected call ever writes. The runtime tests cover
unknown tools, the ``allowed`` action set, injected faults and the rollback of a failed write.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
from pydantic import ValidationError

from mpb_env.domains import DOMAIN_COUNTS, by_domain, catalog
from mpb_env.errors import ERROR_TYPES, Conflict, ToolError
from mpb_env.tools.runtime import INTERNAL_ERROR, REGISTRY, Ok, ToolSpec, execute, tool
from mpb_env.world.generate import load_world
from mpb_env.world.state import Patch, PhoneState

TOOLS: dict[str, ToolSpec] = dict(catalog())
NAME_RE = re.compile(r"^[a-z]+(_[a-z0-9]+)+$")
VERB_LIST = """
    get list search create add update set delete remove send enable disable open close start stop book pay
    grant revoke block unblock complete replace load delegate play pause resume skip take scan pair unpair
    connect disconnect install uninstall clear restart lock unlock translate convert calculate cast share
    check cancel move rename download backup restore rate like follow record recognize answer end
"""
VERBS = frozenset(VERB_LIST.split())
JSON_TYPES = {"string", "integer", "number", "boolean", "array", "object"}

# Known library bugs, keyed by (test function, tool name): the case is a strict xfail until fixed.
KNOWN_BUGS: dict[tuple[str, str], str] = {}


def cases(test: str, items: list[tuple[str, ...]] | None = None) -> list[Any]:
    """Parametrise ``test`` over every tool (or over ``items``), applying KNOWN_BUGS marks."""
    rows = items if items is not None else [(n,) for n in TOOLS]
    out = []
    for row in rows:
        reason = KNOWN_BUGS.get((test, row[0]))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(*row, id=".".join(row), marks=marks))
    return out


# ------------------------------------------------------------------------------------------ helpers
def params(spec: ToolSpec) -> list[inspect.Parameter]:
    return list(inspect.signature(spec.fn).parameters.values())[1:]


def props(spec: ToolSpec) -> dict[str, dict[str, Any]]:
    return spec.schema["function"]["parameters"]["properties"]


def required(spec: ToolSpec) -> list[str]:
    return spec.schema["function"]["parameters"]["required"]


def sample(schema: dict[str, Any]) -> Any:
    """A value that fits ``schema`` (the first enum member, or a plain value of its type)."""
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema["type"]
    if kind == "array":
        return [sample(schema["items"])] if "items" in schema else []
    return {"string": "x", "integer": 1, "number": 1.5, "boolean": True, "object": {}}[kind]


def wrong_values(schema: dict[str, Any]) -> list[Any]:
    """Values of the wrong JSON type for ``schema`` (``None`` too unless the argument is nullable)."""
    kind = schema["type"]
    values: list[Any] = {
        "string": [7, True, ["x"]],
        "integer": ["7", 7.5, True],
        "number": ["7.5", True],
        "boolean": ["true", 1],
        "array": ["x", {"a": 1}],
        "object": ["x", ["x"]],
    }[kind]
    if kind == "array" and schema.get("items", {}).get("type") == "string":
        values.append([7])
    if not schema.get("nullable"):
        values.append(None)
    return values


def outside_enum(schema: dict[str, Any]) -> Any:
    """A value of the right type that is not in the (possibly item-level) enum of ``schema``."""
    if "enum" in schema:
        members = schema["enum"]
        return "not_a_member" if isinstance(members[0], str) else max(members) + 1
    return [outside_enum(schema["items"])]


def example_call(spec: ToolSpec, full: bool = False) -> dict[str, Any]:
    """Schema-valid arguments: the required ones, or every documented one when ``full``."""
    req = set(required(spec))
    return {p: sample(sch) for p, sch in props(spec).items() if full or p in req}


def has_enum(schema: dict[str, Any]) -> bool:
    return "enum" in schema or "enum" in schema.get("items", {})


def no_writes(s: PhoneState) -> bool:
    return all(not rows for rows in s.writes.values())


def names_arg(message: str, arg: str) -> bool:
    """Whether a validation message blames ``arg`` (its location, e.g. ``"; attendees.0: ..."``)."""
    return re.search(rf"(?:: |; ){re.escape(arg)}[.:]", message) is not None


def reject(name: str, args: Any) -> dict[str, Any]:
    """Run a call that must fail validation; check nothing was written and return its feedback."""
    s = PhoneState(load_world())
    fb = execute(s, name, args)
    assert fb["status"] == "error" and fb["error_type"] == "InvalidArguments", (name, args, fb)
    assert no_writes(s), (name, args, s.writes)
    return fb


def rejection_calls() -> Iterator[tuple[str, dict[str, Any], str]]:
    """Every invalid call the contract checks, as ``(tool, arguments, offending argument)``."""
    for name, spec in TOOLS.items():
        base = example_call(spec, full=True)
        yield name, {**base, "unexpected_field": 1}, "unexpected_field"
        for arg, sch in props(spec).items():
            for bad in wrong_values(sch):
                yield name, {**base, arg: bad}, arg
            if has_enum(sch):
                yield name, {**base, arg: outside_enum(sch)}, arg
        for arg in required(spec):
            yield name, {k: v for k, v in base.items() if k != arg}, arg


ENUM_ARGS = [(n, a) for n, spec in TOOLS.items() for a, sch in props(spec).items() if has_enum(sch)]
REQUIRED_ARGS = [(n, a) for n, spec in TOOLS.items() for a in required(spec)]


# ------------------------------------------------------------------------------------------ schema
@pytest.mark.parametrize("name", cases("test_description"))
def test_description(name: str) -> None:
    spec = TOOLS[name]
    assert spec.description.strip(), name
    assert spec.description.endswith("."), spec.description
    assert "\n" not in spec.description
    assert spec.schema["function"]["description"] == spec.description


@pytest.mark.parametrize("name", cases("test_every_argument_documented"))
def test_every_argument_documented(name: str) -> None:
    spec = TOOLS[name]
    assert list(props(spec)) == [p.name for p in params(spec)]
    for arg, sch in props(spec).items():
        text = sch.get("description", "")
        assert text.strip(), f"{name}.{arg} has no description"
        assert "e.g." in text, f"{name}.{arg} gives no concrete example: {text!r}"


@pytest.mark.parametrize("name", cases("test_schema_shape"))
def test_schema_shape(name: str) -> None:
    spec = TOOLS[name]
    schema = spec.schema
    assert set(schema) == {"type", "function", "domain", "mutates"}
    assert schema["type"] == "function"
    assert schema["domain"] == spec.domain
    assert schema["mutates"] is spec.mutates
    fn = schema["function"]
    assert set(fn) == {"name", "description", "parameters"}
    assert fn["name"] == name == spec.name
    parameters = fn["parameters"]
    assert parameters["type"] == "object"
    assert isinstance(parameters["properties"], dict)
    assert isinstance(parameters["required"], list)
    assert parameters["additionalProperties"] is False
    assert set(parameters["required"]) <= set(parameters["properties"])
    for arg, sch in parameters["properties"].items():
        assert sch.get("type") in JSON_TYPES, f"{name}.{arg}: {sch}"
        if sch["type"] == "array":
            assert sch.get("items", {}).get("type") in JSON_TYPES, f"{name}.{arg}: {sch}"
    assert orjson.loads(orjson.dumps(schema)) == schema


@pytest.mark.parametrize("name", cases("test_required_is_params_without_default"))
def test_required_is_params_without_default(name: str) -> None:
    spec = TOOLS[name]
    ps = params(spec)
    assert required(spec) == [p.name for p in ps if p.default is inspect.Parameter.empty]
    assert spec.defaults == {p.name: p.default for p in ps if p.default is not inspect.Parameter.empty}
    first = next(iter(inspect.signature(spec.fn).parameters.values()))
    assert first.name == "s", f"{name}: the first parameter must be the PhoneState `s`"


@pytest.mark.parametrize("name", cases("test_schema_example_call_validates"))
def test_schema_example_call_validates(name: str) -> None:
    """A call built only from the schema passes the argument model (schema and model agree), and the
    runtime's dict validator gives exactly what the model gives, in signature order."""
    spec = TOOLS[name]
    for full in (False, True):
        args = example_call(spec, full)
        validated = spec.validate(args)
        assert validated == {**spec.defaults, **args}
        assert validated == spec.model.model_validate(args).__dict__
        assert list(validated) == [p.name for p in params(spec)]


# ------------------------------------------------------------------------------------------ rejections
@pytest.mark.parametrize("name", cases("test_extra_field_rejected"))
def test_extra_field_rejected(name: str) -> None:
    fb = reject(name, {**example_call(TOOLS[name], full=True), "unexpected_field": "x"})
    assert names_arg(fb["message"], "unexpected_field"), fb["message"]


@pytest.mark.parametrize("name", cases("test_wrong_type_rejected"))
def test_wrong_type_rejected(name: str) -> None:
    spec = TOOLS[name]
    base = example_call(spec, full=True)
    for arg, sch in props(spec).items():
        for bad in wrong_values(sch):
            fb = reject(name, {**base, arg: bad})
            assert names_arg(fb["message"], arg), (arg, bad, fb["message"])
            with pytest.raises(ValidationError):  # the model, which the schema comes from, agrees
                spec.model.model_validate({**base, arg: bad})


@pytest.mark.parametrize("name", cases("test_non_object_arguments_rejected"))
def test_non_object_arguments_rejected(name: str) -> None:
    for bad in (None, "x", ["x"], 3):
        fb = reject(name, bad)
        assert "must be a JSON object" in fb["message"]


@pytest.mark.parametrize(("name", "arg"), cases("test_value_outside_enum_rejected", ENUM_ARGS))
def test_value_outside_enum_rejected(name: str, arg: str) -> None:
    spec = TOOLS[name]
    bad = outside_enum(props(spec)[arg])
    fb = reject(name, {**example_call(spec, full=True), arg: bad})
    assert names_arg(fb["message"], arg), fb["message"]


@pytest.mark.parametrize(("name", "arg"), cases("test_missing_required_rejected", REQUIRED_ARGS))
def test_missing_required_rejected(name: str, arg: str) -> None:
    args = {k: v for k, v in example_call(TOOLS[name], full=True).items() if k != arg}
    fb = reject(name, args)
    assert f"{arg}: Field required" in fb["message"]


# ------------------------------------------------------------------------------------------ names, errors, domains
@pytest.mark.parametrize("name", cases("test_name_shape_and_verb"))
def test_name_shape_and_verb(name: str) -> None:
    assert NAME_RE.match(name), name
    assert name.split("_", 1)[0] in VERBS, f"{name} does not start with an allowed verb"


def test_names_unique() -> None:
    names = [spec.schema["function"]["name"] for spec in TOOLS.values()]
    assert len(names) == len(set(names))
    assert all(key == spec.name for key, spec in TOOLS.items())
    fns = [spec.fn for spec in TOOLS.values()]
    assert len(fns) == len(set(fns)), "one function is registered under two names"


@pytest.mark.parametrize("name", cases("test_raises_are_error_classes"))
def test_raises_are_error_classes(name: str) -> None:
    spec = TOOLS[name]
    for err in spec.raises:
        assert err in ERROR_TYPES, f"{name} documents unknown error {err}"
        assert issubclass(ERROR_TYPES[err], ToolError)
    if spec.permission is not None:
        assert "PermissionDenied" in spec.raises, f"{name} needs a permission but does not document it"
    if spec.pre:
        assert "PreconditionFailed" in spec.raises, f"{name} has preconditions but does not document them"


@pytest.mark.parametrize("name", cases("test_permission_names_an_installed_app"))
def test_permission_names_an_installed_app(name: str) -> None:
    """The app a tool acts through is installed and granted that permission in the base world."""
    spec = TOOLS[name]
    if spec.permission is None:
        return
    app_id, perm = spec.permission
    app = load_world().tables["apps"].get(app_id)
    assert app is not None, f"{name} acts through {app_id!r}, which is not installed"
    assert app["permissions"].get(perm) is True, f"{name}: {app_id} is not granted {perm} in the base world"


@pytest.mark.parametrize("name", cases("test_domain_is_known"))
def test_domain_is_known(name: str) -> None:
    assert TOOLS[name].domain in DOMAIN_COUNTS


def test_no_domain_over_its_tool_count() -> None:
    for domain, specs in by_domain().items():
        assert len(specs) <= DOMAIN_COUNTS.get(domain, 0), (domain, [s.name for s in specs])


# ------------------------------------------------------------------------------------------ execution
@pytest.mark.parametrize("name", cases("test_schema_valid_call_fails_cleanly_or_succeeds"))
def test_schema_valid_call_fails_cleanly_or_succeeds(name: str) -> None:
    """A schema-valid call never crashes; a read never writes; a failure writes nothing and is documented."""
    spec = TOOLS[name]
    for full in (False, True):
        s = PhoneState(load_world())
        fb = execute(s, name, example_call(spec, full))
        assert set(fb) == {"status", "error_type", "message", "data"}
        assert isinstance(fb["message"], str) and fb["message"]
        assert s.log[-1]["tool"] == name and s.log[-1]["status"] == fb["status"]
        if not spec.mutates:
            assert no_writes(s), f"read tool {name} wrote {s.writes}"
        if fb["status"] == "error":
            assert fb["error_type"] != INTERNAL_ERROR, fb["message"]
            assert no_writes(s), f"failed call of {name} left writes {s.writes}"
            from_validation = fb["error_type"] == "InvalidArguments" and fb["message"].startswith(
                "invalid arguments for"
            )
            if not from_validation:
                assert fb["error_type"] in spec.raises, f"{name} raised undocumented {fb['error_type']}"
        else:
            assert fb["status"] == "success" and fb["error_type"] is None
            orjson.dumps(fb["data"])


def test_base_world_unchanged_by_every_case() -> None:
    world = load_world()
    before = world.digest()
    for name, spec in TOOLS.items():
        for full in (False, True):
            execute(PhoneState(world), name, example_call(spec, full))
    for name, args, _ in rejection_calls():
        s = PhoneState(world)
        assert execute(s, name, args)["error_type"] == "InvalidArguments", (name, args)
        assert no_writes(s)
    assert world.digest() == before


def test_unknown_tool() -> None:
    s = PhoneState(load_world())
    fb = execute(s, "no_such_tool", {})
    assert fb["status"] == "error" and fb["error_type"] == "UnknownTool"
    assert "no_such_tool" in fb["message"]
    assert s.log == [] and s.ticks == 0 and no_writes(s)


def test_tool_outside_allowed_is_refused() -> None:
    s = PhoneState(load_world())
    fb = execute(
        s, "grant_app_permission", {"app_id": "messages", "permission": "CAMERA"}, allowed=["list_apps"]
    )
    assert fb["status"] == "error" and fb["error_type"] == "UnknownTool"
    assert "current action set" in fb["message"]
    assert s.log == [] and no_writes(s)
    fb = execute(s, "list_apps", {}, allowed=["list_apps"])
    assert fb["status"] == "success"


@pytest.mark.parametrize(
    ("name", "args"),
    [
        pytest.param("list_apps", {}, id="read"),
        pytest.param("grant_app_permission", {"app_id": "messages", "permission": "CAMERA"}, id="write"),
    ],
)
def test_injected_fault_fails_first_call_only(name: str, args: dict[str, Any]) -> None:
    fault = {"on_calls": [1], "error_type": "ServiceUnavailable", "message": "Service busy, try again"}
    s = PhoneState(load_world(), Patch({"faults": {name: fault}}))
    # A call rejected by validation does not count as an attempt.
    assert execute(s, name, {**args, "bogus": 1})["error_type"] == "InvalidArguments"
    fb = execute(s, name, args)
    assert fb["status"] == "error" and fb["error_type"] == "ServiceUnavailable"
    assert fb["message"] == "Service busy, try again"
    assert no_writes(s)
    fb = execute(s, name, args)
    assert fb["status"] == "success", fb
    if name == "grant_app_permission":
        assert s.get("apps", "messages")["permissions"]["CAMERA"] is True
    # Other tools are unaffected, and a reset starts the episode (and the fault) over.
    assert execute(s, "list_alarms", {})["status"] == "success"
    s.reset()
    assert execute(s, name, args)["error_type"] == "ServiceUnavailable"


FAILING_TOOL = "test_only_write_then_fail"


@pytest.fixture
def failing_tool() -> Iterator[str]:
    try:

        @tool("Apps & Storage", mutates=True, name=FAILING_TOOL)
        def write_then_fail(s: PhoneState, app_id: str, crash: bool = False) -> Ok:
            """Write to three records, take a new ID, then fail.

            Args:
                app_id: The app to mark as running, e.g. "messages".
                crash: Fail with a plain RuntimeError instead of a ToolError, e.g. true.

            Returns:
                Never returns.

            Raises:
                Conflict: always, after writing.
            """
            s.update("apps", app_id, running=True)
            s.put("scratch", s.new_id("scratch"), {"note": "half done"})
            s.delete("apps", "clock")
            if crash:
                raise RuntimeError("crashed after writing")
            raise Conflict("failed after writing")

        yield FAILING_TOOL
    finally:
        REGISTRY.pop(FAILING_TOOL, None)


@pytest.mark.parametrize("prior_write", [False, True], ids=["clean", "after_a_write"])
@pytest.mark.parametrize("crash", [False, True], ids=["tool_error", "crash"])
def test_failed_write_is_rolled_back(failing_tool: str, prior_write: bool, crash: bool) -> None:
    world = load_world()
    before = world.digest()
    s = PhoneState(world)
    if prior_write:
        assert (
            execute(s, "grant_app_permission", {"app_id": "messages", "permission": "CAMERA"})["status"]
            == "success"
        )
    writes = {t: dict(rows) for t, rows in s.writes.items() if rows}
    messages = s.get("apps", "messages")
    fb = execute(s, failing_tool, {"app_id": "messages", "crash": crash})
    expected = INTERNAL_ERROR if crash else "Conflict"
    assert fb["status"] == "error" and fb["error_type"] == expected, fb
    assert s.log[-1]["error_type"] == expected
    assert {t: rows for t, rows in s.writes.items() if rows} == writes
    assert s.get("apps", "messages") is messages
    assert s.get("apps", "clock") is not None
    assert s.counters == {}
    assert s.new_id("scratch") == "scratch_n001"
    assert set(s.delta()) == ({"apps"} if prior_write else set())
    assert world.digest() == before


def test_failing_tool_is_gone_after_its_fixture() -> None:
    assert FAILING_TOOL not in REGISTRY
    assert all(not n.startswith("test_") for n in catalog())
