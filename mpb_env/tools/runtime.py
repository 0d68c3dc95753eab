"""The tool runtime: ``@tool`` turns a typed, documented function into a validated, schema-bearing tool.

One Python function per tool is the single source of truth::

    @tool("Calls & Communication", mutates=True, permission=("messages", "SMS"))
    def send_message(s: PhoneState, contact_id: str, text: str) -> Ok:
        \"\"\"Send an SMS to a contact.

        Args:
            contact_id: The contact's ID, e.g. "contact_012".
            text: The message body, e.g. "Running late, 10 minutes".

        Returns:
            The stored message record.

        Raises:
            NotFound: no contact has this ID.
        \"\"\"

The decorator builds a strict pydantic argument model (``extra="forbid"``, ``strict=True``) from the
hints and the Google-style docstring, and an OpenAI-style schema from that model. An undocumented
argument fails at import time. ``call_tool`` (``execute`` is its feedback without the name) is the one
path every call takes:
validate → injected fault → permission → preconditions → body in a transaction → feedback + op log.
A body raises only ``ToolError`` subclasses; any write it made before raising is rolled back, so a
failed call never has side effects.
"""

from __future__ import annotations

import copy
import inspect
import re
import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NotRequired, Required

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model
from pydantic_core import SchemaValidator
from typing_extensions import TypedDict  # pydantic needs this one, not typing.TypedDict, before 3.12

from mpb_env.errors import (
    ERROR_TYPES,
    InvalidArguments,
    PermissionDenied,
    PreconditionFailed,
    ToolError,
    UnknownTool,
)
from mpb_env.limits import DEFAULT_LIMITS, too_deep, type_name
from mpb_env.world.state import PhoneState

Precondition = Callable[[PhoneState], None]


@dataclass(slots=True)
class Ok:
    """A successful tool result: a one-line message for the planner and structured data (built once
    per call and never changed; not frozen only because a frozen dataclass costs twice as much to make)."""

    message: str
    data: Any = None


def ok(message: str, data: Any = None) -> Ok:
    return Ok(message, data)


@dataclass(slots=True)
class ToolSpec:
    """Everything the runtime knows about one tool."""

    name: str
    domain: str
    fn: Callable[..., Any]
    mutates: bool
    description: str
    model: type[BaseModel]
    schema: dict[str, Any]
    #: Validates the same fields as ``model`` into a plain dict (a TypedDict: no model instance to build).
    checker: SchemaValidator
    #: Every argument in signature order, defaults filled in; ``validate`` overlays the given ones.
    template: dict[str, Any]
    permission: tuple[str, str] | None = None
    pre: tuple[Precondition, ...] = ()
    raises: tuple[str, ...] = ()
    defaults: dict[str, Any] = field(default_factory=dict)
    #: An argument holds free-form dicts, whose contents validation passes through uncopied.
    nested: bool = False

    def __reduce__(self) -> tuple[Callable[[str], ToolSpec], tuple[str]]:
        # A spec travels by name (its argument model is built at import, not a module attribute):
        # spaces and envs that hold specs pickle, e.g. into AsyncVectorEnv workers.
        return registered, (self.name,)

    def validate(self, arguments: Any) -> dict[str, Any]:
        """Validate raw arguments; returns the full argument dict (signature order) with defaults filled in."""
        if not isinstance(arguments, dict):
            raise InvalidArguments(
                f"arguments of {self.name} must be a JSON object, got {type(arguments).__name__}"
            )
        try:
            out = self.template.copy()
            out.update(self.checker.validate_python(arguments))
            return out
        except ValidationError as exc:
            errors = exc.errors()
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or '(arguments)'}: {err['msg']}"
                for err in errors[:MAX_PROBLEMS]
            )
            if len(errors) > MAX_PROBLEMS:
                problems += f"; and {len(errors) - MAX_PROBLEMS} more"
            raise InvalidArguments(f"invalid arguments for {self.name}: {problems}") from None


REGISTRY: dict[str, ToolSpec] = {}
#: Validation problems an ``InvalidArguments`` message lists before "and N more".
MAX_PROBLEMS = 10


def registered(name: str) -> ToolSpec:
    """The registered tool ``name``, with every domain's tools imported first (what unpickling needs)."""
    from mpb_env.domains import catalog  # the domains import this module

    spec = catalog().get(name)
    if spec is None:
        raise KeyError(f"no tool named {name!r} is registered")
    return spec


#: The error type of a tool body that raised something other than a ``ToolError`` (a bug: the
#: fuzz test over every tool asserts it never happens).
INTERNAL_ERROR = "InternalError"

_SECTION = re.compile(r"^(Args|Arguments|Returns|Raises|Yields|Examples?|Notes?):\s*$")


def parse_docstring(doc: str) -> tuple[str, dict[str, str], list[str]]:
    r"""Split a Google-style docstring into (description, {arg: text}, [raised error names]).

    >>> parse_docstring("Do it.\n\nArgs:\n    x: The x, e.g. 3.\n      More on x.\nRaises:\n    NotFound: gone.")
    ('Do it.', {'x': 'The x, e.g. 3. More on x.'}, ['NotFound'])
    """
    lines = inspect.cleandoc(doc).splitlines()
    summary: list[str] = []
    args: dict[str, str] = {}
    raises: list[str] = []
    section = None
    current: str | None = None
    for line in lines:
        m = _SECTION.match(line.strip()) if not line.startswith(" ") else None
        if m:
            section, current = m.group(1), None
            continue
        if section is None:
            summary.append(line)
        elif section in ("Args", "Arguments"):
            item = re.match(r"^\s{2,}(\w+)(?:\s*\(.*?\))?:\s*(.*)$", line)
            if item and (current is None or len(line) - len(line.lstrip()) <= _indent_of(lines, current)):
                current = item.group(1)
                args[current] = item.group(2).strip()
            elif current and line.strip():
                args[current] = f"{args[current]} {line.strip()}".strip()
        elif section == "Raises":
            item = re.match(r"^\s{2,}(\w+):", line)
            if item:
                raises.append(item.group(1))
    description = " ".join(" ".join(summary).split())
    return description, args, raises


def _indent_of(lines: list[str], name: str) -> int:
    for line in lines:
        if re.match(rf"^\s+{name}(\s*\(.*?\))?:", line):
            return len(line) - len(line.lstrip())
    return 0


def _clean_schema(node: Any, in_properties: bool = False) -> Any:
    """Make pydantic's JSON schema OpenAI-style: no titles, ``X | None`` collapsed to X (``nullable``).

    Keys of a ``properties`` mapping are argument names (an argument may well be called ``title``), so
    only schema-level ``title`` annotations are dropped.
    """
    if isinstance(node, dict):
        if in_properties:
            return {k: _clean_schema(v) for k, v in node.items()}
        node = {
            k: _clean_schema(v, in_properties=(k == "properties")) for k, v in node.items() if k != "title"
        }
        any_of = node.get("anyOf")
        if any_of and len(any_of) == 2 and {"type": "null"} in any_of:
            inner = next(s for s in any_of if s != {"type": "null"})
            rest = {k: v for k, v in node.items() if k != "anyOf"}
            node = {**inner, **rest, "nullable": True}
        return node
    if isinstance(node, list):
        return [_clean_schema(v) for v in node]
    return node


def tool(
    domain: str,
    *,
    mutates: bool = False,
    permission: tuple[str, str] | None = None,
    pre: Sequence[Precondition] = (),
    name: str | None = None,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a tool. The first parameter of the function is the ``PhoneState``; the rest are arguments.

    Args:
        domain: one of the 13 catalog domains (Table 2).
        mutates: the tool may write state (checkers and replay depend on this flag).
        permission: ``(app_id, permission)`` the tool needs; checked before the body runs.
        pre: precondition hooks ``f(state)`` that raise a ``ToolError`` when unmet.
        name: the tool's name; defaults to the function's.
    """

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        tool_name = name or fn.__name__
        if tool_name in REGISTRY:
            raise ValueError(f"duplicate tool name {tool_name!r}")
        if not fn.__doc__:
            raise TypeError(f"tool {tool_name} has no docstring")
        description, arg_docs, raises = parse_docstring(fn.__doc__)
        unknown = [r for r in raises if r not in ERROR_TYPES]
        if unknown:
            raise TypeError(f"tool {tool_name} documents unknown error types {unknown}")
        hints = typing.get_type_hints(fn, include_extras=True)  # keeps Annotated validators
        params = list(inspect.signature(fn).parameters.values())[1:]
        fields: dict[str, Any] = {}
        defaults: dict[str, Any] = {}
        for p in params:
            if p.name not in arg_docs:
                raise TypeError(f"tool {tool_name}: argument {p.name!r} is not documented under Args:")
            if p.name not in hints:
                raise TypeError(f"tool {tool_name}: argument {p.name!r} has no type hint")
            if p.default is inspect.Parameter.empty:
                fields[p.name] = (hints[p.name], Field(..., description=arg_docs[p.name]))
            else:
                defaults[p.name] = p.default
                fields[p.name] = (hints[p.name], Field(p.default, description=arg_docs[p.name]))
        extra = set(arg_docs) - {p.name for p in params}
        if extra:
            raise TypeError(f"tool {tool_name}: docstring documents unknown arguments {sorted(extra)}")
        config = ConfigDict(extra="forbid", strict=True)
        model = create_model(  # type: ignore[call-overload]
            f"{tool_name}_arguments", __config__=config, **fields
        )
        # The same fields as a TypedDict validate straight into a dict, about 3x cheaper per call than
        # building a model instance; the model stays the source of the JSON schema (descriptions, defaults).
        typed = TypedDict(  # type: ignore[misc]
            f"{tool_name}_checked",
            {
                p.name: Required[hints[p.name]] if p.name not in defaults else NotRequired[hints[p.name]]
                for p in params
            },
        )
        typed.__pydantic_config__ = config  # type: ignore[attr-defined]
        checker = TypeAdapter(typed).validator
        template = {p.name: defaults.get(p.name) for p in params}
        parameters = _clean_schema(model.model_json_schema())
        parameters.setdefault("properties", {})
        parameters.setdefault("required", [])
        parameters["additionalProperties"] = False
        schema = {
            "type": "function",
            "function": {"name": tool_name, "description": description, "parameters": parameters},
            "domain": domain,
            "mutates": mutates,
        }
        REGISTRY[tool_name] = ToolSpec(
            name=tool_name,
            domain=domain,
            fn=fn,
            mutates=mutates,
            description=description,
            model=model,
            schema=schema,
            permission=permission,
            pre=tuple(pre),
            raises=tuple(raises),
            defaults=defaults,
            checker=checker,  # type: ignore[arg-type]
            template=template,
            nested=any("dict" in str(hints[p.name]) for p in params),
        )
        return fn

    return wrap


# --------------------------------------------------------------------------- hooks
def check_permission(s: PhoneState, app_id: str, permission: str) -> None:
    """Raise PermissionDenied unless app ``app_id`` holds runtime permission ``permission``."""
    app = s.get("apps", app_id)
    if app is None or not app.get("permissions", {}).get(permission, False):
        label = app["name"] if app else app_id
        asks = (app or {}).get("permission_modes", {}).get(permission) == "ask_every_time"
        how = (
            ' (set to "ask every time": grant it for this use with grant_app_permission, mode "only_this_time")'
            if asks
            else "; grant it with grant_app_permission"
        )
        raise PermissionDenied(
            f"{label} does not have the {permission} permission{how}",
            app_id=app_id,
            permission=permission,
            remedy="grant_app_permission",
        )


def require_setting(key: str, value: Any, message: str) -> Precondition:
    """A precondition hook: setting ``key`` must equal ``value`` (e.g. Bluetooth on before pairing)."""

    def hook(s: PhoneState) -> None:
        if s.setting(key) != value:
            raise PreconditionFailed(message, setting=key, required=value, current=s.setting(key))

    return hook


# --------------------------------------------------------------------------- execution
def feedback(status: str, message: str, data: Any = None, error_type: str | None = None) -> dict[str, Any]:
    """The feedback f_t = <Status, ErrorType, Payload> the planner reads."""
    return {"status": status, "error_type": error_type, "message": message, "data": data}


def noop_data(data: Any) -> Any:
    """The feedback data of a successful mutating call that changed nothing (a *no-op*: the thing was
    already so): ``"changed": false`` beside the tool's own data, so the planner reads it as one. A
    tool that reports its own ``changed`` (the fields it changed, say) keeps it: it is empty then.

    >>> noop_data({"enabled": True}), noop_data(None), noop_data([1]), noop_data({"changed": []})
    ({'enabled': True, 'changed': False}, {'changed': False}, {'result': [1], 'changed': False}, {'changed': []})
    """
    if isinstance(data, dict):
        return data if "changed" in data else {**data, "changed": False}
    return {"changed": False} if data is None else {"result": data, "changed": False}


def _fault_for(s: PhoneState, name: str) -> dict[str, Any] | None:
    faults = s.patch.tables.get("faults")
    if not faults:
        return None
    fault = faults.get(name)
    if fault is None:
        return None
    attempt = 1 + _attempts(s).get(name, 0)
    return fault if attempt in fault.get("on_calls", [1]) else None


def _attempts(s: PhoneState) -> dict[str, int]:
    """Logged calls per tool that got past validation (what a fault's ``on_calls`` counts), kept as a
    running tally over ``s.log``: each call reads only the entries logged since the last one, so a turn
    of n calls costs O(n), not O(n²). The tally starts over when the log is another list (a reset, a
    fork) or shorter than what was read."""
    log = s.log
    tally = s.fault_tally
    if tally is None or tally[0] is not log or tally[1] > len(log):
        tally = s.fault_tally = (log, 0, {})
    counts = tally[2]
    for e in log[tally[1] :] if tally[1] < len(log) else ():
        if e["error_type"] != "InvalidArguments":
            counts[e["tool"]] = counts.get(e["tool"], 0) + 1
    s.fault_tally = (log, len(log), counts)
    return counts


def _detached(arguments: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of raw call arguments for the op log (a placeholder where they cannot be copied:
    no ``repr`` of model-supplied objects, which may recurse or raise)."""
    try:
        return copy.deepcopy(arguments)
    except Exception:  # an object without a copy protocol (or one nested too deep): keep its type
        return {str(k) if type(k) is str else "?": f"<{type_name(v)}>" for k, v in arguments.items()}


def execute(
    s: PhoneState,
    name: str,
    arguments: Any,
    allowed: Iterable[str] | None = None,
) -> dict[str, Any]:
    """Run one tool call against ``s`` and return its feedback; never raises a ``ToolError``.

    Every call that names a known tool is appended to the operation log ``s.log`` with its validated
    arguments, outcome and data, and ``changed``: whether it was a successful mutating call that
    changed a record beyond its stamps (``False`` for reads, failures and no-ops, whose data then says
    ``"changed": false``); the simulated clock advances one second per logged call.
    """
    fb = call_tool(s, name, arguments, allowed)
    del fb["name"]
    return fb


def call_tool(
    s: PhoneState,
    name: str,
    arguments: Any,
    allowed: Iterable[str] | None = None,
    max_depth: int | None = DEFAULT_LIMITS.max_argument_depth,
) -> dict[str, Any]:
    """``execute`` with the tool's name first: ``{"name", "status", "error_type", "message", "data"}``,
    one entry of an observation as it is serialised (built once, not merged from the feedback).
    Arguments nested deeper than ``max_depth`` are ``InvalidArguments`` before validation looks at
    them (logged as an empty dict), so nothing below recurses on model-supplied structure;
    ``max_depth=None`` when the caller has checked that already (``Episode``: ``parse_turn`` turns a
    call nested past the limit into a ``CallError``, which never reaches here)."""
    spec = REGISTRY.get(name)
    if spec is None or (allowed is not None and name not in allowed):
        where = "the catalog" if spec is None else "the current action set"
        err = UnknownTool(f"tool {name!r} is not in {where}")
        return {"name": name, **feedback("error", err.message, None, err.error_type)}
    args: dict[str, Any] = arguments if isinstance(arguments, dict) else {}
    changed = False
    try:
        if max_depth is not None and too_deep(arguments, max_depth):
            args = {}
            raise InvalidArguments(f"arguments of {name} nest deeper than max_argument_depth={max_depth}")
        args = spec.validate(arguments)
        if spec.nested:  # the caller keeps its dicts (e.g. in a chat message): log and body get copies
            args = copy.deepcopy(args)
        if "faults" in s.patch.tables:
            fault = _fault_for(s, name)
            if fault is not None:
                raise ERROR_TYPES[fault.get("error_type", "ServiceUnavailable")](
                    fault.get("message", f"{name} is temporarily unavailable; try again")
                )
        if spec.permission is not None:
            check_permission(s, *spec.permission)
        for hook in spec.pre:
            hook(s)
        if spec.mutates:
            s.begin()
            try:
                result = spec.fn(s, **args)
            except BaseException:
                s.rollback()
                raise
            changed = s.commit()
        else:
            result = spec.fn(s, **args)
    except ToolError as err:
        status, error_type, message, data = "error", err.error_type, err.message, err.data or None
    except Exception as exc:  # a bug in a tool body: rolled back, reported, never raised into step()
        status, error_type, data = "error", INTERNAL_ERROR, None
        message = f"internal error in {name}: {type(exc).__name__}: {exc}"
    else:
        status, error_type = "success", None
        if type(result) is Ok:
            message, data = result.message, result.data
        else:
            message, data = f"{name} succeeded", result
        if spec.mutates and not changed:
            data = noop_data(data)
    if args is arguments:  # not validated: the log keeps a copy of what the caller still holds
        args = _detached(arguments)
    log = s.log
    log.append(
        {
            "seq": len(log),
            "tool": name,
            "arguments": args,
            "mutates": spec.mutates,
            "status": status,
            "error_type": error_type,
            "data": data,
            "time": s.now_iso(),
            "changed": changed,
        }
    )
    s.tick()
    return {"name": name, "status": status, "error_type": error_type, "message": message, "data": data}
