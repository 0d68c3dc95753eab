"""System Settings: the settings tree every domain reads and writes.

Tables:
    settings: ``{key: {"value": ...}}`` with dotted keys, e.g. ``"dnd.enabled"``, ``"sound.mode"``.
        Read with ``PhoneState.setting(key)`` and write with ``PhoneState.set_setting(key, value)``;
        automation rules (Time Management) and skills toggle these across domains.
"""

from __future__ import annotations

import random

from mpb_env.world.state import Tables

DOMAIN = "System Settings"
SEED_ORDER = 0

DEFAULT_SETTINGS: dict[str, object] = {
    "dnd.enabled": False,
    "dnd.allow_calls_from": "favorites",
    "sound.mode": "ring",
    "volume.media": 60,
    "volume.ring": 80,
    "volume.alarm": 70,
    "display.brightness": 70,
    "display.dark_mode": False,
    "display.auto_brightness": True,
    "network.wifi": True,
    "network.bluetooth": False,
    "network.mobile_data": True,
    "network.airplane_mode": False,
    "system.language": "en-US",
    "system.timezone": "America/Los_Angeles",
    "battery.power_saving": False,
}


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    tables["settings"] = {k: {"value": v} for k, v in DEFAULT_SETTINGS.items()}
