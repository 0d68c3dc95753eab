"""Argument formats the tools accept in more than one reasonable spelling.

A careful assistant may write a time of day as "07:30", "7:30" or "7:30 AM"; a tool that takes a
24-hour "HH:MM" reads all of them alike (and stores "07:30"), so the form a model picks is never the
reason its call fails.
"""

from __future__ import annotations

import re

#: ASCII digits only (``\d`` takes any script's: "١٢:٣٠" would be half read).
_CLOCK = re.compile(r"^([0-9]{1,2}):([0-9]{2})(?::00)?(?: ?([ap])\.? ?m\.?)?$", re.IGNORECASE)


def clock_hhmm(value: str) -> str | None:
    """A time of day as 24-hour "HH:MM", or ``None`` when ``value`` is none: "7:30", "07:30:00",
    "7:30 AM", "7:30pm" and "12:05 a.m." are read; "13:00 PM" and "24:00" are not.

    >>> clock_hhmm("7:30"), clock_hhmm("7:30 AM"), clock_hhmm("12:05 a.m."), clock_hhmm("7:05pm")
    ('07:30', '07:30', '00:05', '19:05')
    >>> clock_hhmm("13:00 PM"), clock_hhmm("24:00"), clock_hhmm("0:30 AM"), clock_hhmm("١٢:٣٠")
    (None, None, None, None)
    """
    m = _CLOCK.match(value.strip())
    if m is None:
        return None
    h, minute, half = int(m.group(1)), int(m.group(2)), m.group(3)
    if minute > 59:
        return None
    if half:
        if not 1 <= h <= 12:
            return None
        h = h % 12 + (12 if half.lower() == "p" else 0)
    elif h > 23:
        return None
    return f"{h:02d}:{minute:02d}"
