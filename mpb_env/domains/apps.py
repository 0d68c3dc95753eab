"""Apps & Storage: installed apps, their runtime permissions and storage.

Tables:
    apps: ``{app_id: {"id", "name", "package", "category", "permissions": {PERM: bool}, "size_mb",
        "notifications": bool, "running": bool}}``. Other domains' tools act *through* an app and name
        the permission they need (``@tool(..., permission=("messages", "SMS"))``); a task's S0 may
        revoke one to inject a PermissionDenied block, which ``grant_app_permission`` resolves.
"""

from __future__ import annotations

import random
from typing import Literal

from mpb_env.errors import NotFound
from mpb_env.tools.runtime import Ok, ok, tool
from mpb_env.world.state import PhoneState, Tables

DOMAIN = "Apps & Storage"
SEED_ORDER = 10

Permission = Literal[
    "CONTACTS", "PHONE", "SMS", "CALENDAR", "LOCATION", "CAMERA", "MICROPHONE", "STORAGE", "NOTIFICATIONS"
]

# The system apps every other domain acts through: (id, name, package, category, permissions).
SYSTEM_APPS: list[tuple[str, str, str, str, tuple[str, ...]]] = [
    ("phone", "Phone", "com.android.dialer", "communication", ("PHONE", "CONTACTS")),
    ("messages", "Messages", "com.android.messaging", "communication", ("SMS", "CONTACTS")),
    ("contacts", "Contacts", "com.android.contacts", "communication", ("CONTACTS",)),
    ("mail", "Mail", "com.android.email", "communication", ("CONTACTS", "STORAGE")),
    ("calendar", "Calendar", "com.android.calendar", "productivity", ("CALENDAR", "CONTACTS")),
    ("clock", "Clock", "com.android.deskclock", "productivity", ("NOTIFICATIONS",)),
    (
        "assistant",
        "Assistant",
        "com.mobilepa.assistant",
        "productivity",
        ("MICROPHONE", "CONTACTS", "LOCATION"),
    ),
]


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    apps: dict[str, dict] = {}
    for app_id, name, package, category, perms in SYSTEM_APPS:
        apps[app_id] = {
            "id": app_id,
            "name": name,
            "package": package,
            "category": category,
            "permissions": {p: True for p in perms},
            "size_mb": rng.randint(20, 400),
            "notifications": True,
            "running": False,
        }
    tables["apps"] = apps


def _app(s: PhoneState, app_id: str) -> dict:
    app = s.get("apps", app_id)
    if app is None:
        raise NotFound(
            f"no installed app with id {app_id!r}; list_apps shows the installed ones", app_id=app_id
        )
    return app


@tool(DOMAIN)
def list_apps(s: PhoneState, category: str | None = None) -> Ok:
    """List installed apps with their IDs, names and granted permissions.

    Args:
        category: Only apps of this category, e.g. "communication"; all apps when omitted.

    Returns:
        A list of ``{"id", "name", "category", "permissions"}`` records.
    """
    rows = [
        {"id": a["id"], "name": a["name"], "category": a["category"], "permissions": a["permissions"]}
        for a in s.values("apps")
        if category is None or a["category"] == category
    ]
    return ok(f"{len(rows)} apps", rows)


@tool(DOMAIN, mutates=True)
def grant_app_permission(s: PhoneState, app_id: str, permission: Permission) -> Ok:
    """Grant an installed app a runtime permission (resolves a PermissionDenied block).

    Args:
        app_id: The app's ID, e.g. "messages".
        permission: The runtime permission to grant, e.g. "SMS".

    Returns:
        The app's permissions after the change.

    Raises:
        NotFound: no installed app has this ID.
    """
    app = _app(s, app_id)
    perms = {**app["permissions"], permission: True}
    s.update("apps", app_id, permissions=perms)
    return ok(f"Granted {permission} to {app['name']}", {"app_id": app_id, "permissions": perms})


@tool(DOMAIN, mutates=True)
def revoke_app_permission(s: PhoneState, app_id: str, permission: Permission) -> Ok:
    """Revoke a runtime permission from an installed app.

    Args:
        app_id: The app's ID, e.g. "assistant".
        permission: The runtime permission to revoke, e.g. "LOCATION".

    Returns:
        The app's permissions after the change.

    Raises:
        NotFound: no installed app has this ID.
    """
    app = _app(s, app_id)
    perms = {**app["permissions"], permission: False}
    s.update("apps", app_id, permissions=perms)
    return ok(f"Revoked {permission} from {app['name']}", {"app_id": app_id, "permissions": perms})
