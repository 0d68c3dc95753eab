"""The typed errors a tool body may raise.

Tool bodies never return ad-hoc error dicts: they raise one of these, and the runtime renders it as
feedback ``{"status": "error", "error_type": <class name>, "message": ..., "data": ...}``. The class
name is the ``error_type`` a planner sees, so names are part of the public contract.
"""

from __future__ import annotations

from typing import Any


class ToolError(Exception):
    """Base of every error a tool may raise; ``data`` is structured detail for the planner."""

    def __init__(self, message: str, **data: Any) -> None:
        super().__init__(message)
        self.message = message
        self.data: dict[str, Any] = data

    @property
    def error_type(self) -> str:
        return type(self).__name__


class InvalidArguments(ToolError):
    """The call's arguments do not fit the tool's schema, or a value is out of range."""


class NotFound(ToolError):
    """A referenced entity (contact, event, alarm, app, ...) does not exist."""


class AlreadyExists(ToolError):
    """Creating the entity would duplicate an existing one."""


class Ambiguous(ToolError):
    """A reference matches several entities; ``data["candidates"]`` lists them."""


class PermissionDenied(ToolError):
    """An app lacks a runtime permission; ``data`` names the app and the missing permission."""


class PreconditionFailed(ToolError):
    """A dependency is not met (e.g. hotspot needs mobile data on)."""


class Conflict(ToolError):
    """The change clashes with existing state (overlapping alarm, double booking, ...)."""


class ServiceUnavailable(ToolError):
    """A transient runtime fault; retrying the same call may succeed."""


class CapabilityLimit(ToolError):
    """The phone cannot do this at all (unsupported operation or value)."""


class UnknownTool(ToolError):
    """The named tool is not in the current action set."""


class ParseError(ToolError):
    """The assistant turn could not be read as tool calls."""


ERROR_TYPES: dict[str, type[ToolError]] = {
    cls.__name__: cls
    for cls in (
        InvalidArguments,
        NotFound,
        AlreadyExists,
        Ambiguous,
        PermissionDenied,
        PreconditionFailed,
        Conflict,
        ServiceUnavailable,
        CapabilityLimit,
        UnknownTool,
        ParseError,
    )
}
