"""Whole numbers from query strings and form fields. Only ASCII digits and only a few of them: `int()`
takes "²" past `str.isdigit()` and then fails, and refuses more than 4300 digits with a ValueError."""

from __future__ import annotations

import re

from games.errors import BadRequest

MAX_DIGITS = 9
_WHOLE = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")


def whole_number(raw: str | None, *, name: str) -> int | None:
    """None when absent or empty; the number; or BadRequest naming the parameter."""
    if raw is None or raw == "":
        return None
    if not _WHOLE.fullmatch(raw):
        raise BadRequest(f"{name} must be a whole number of at most {MAX_DIGITS} digits")
    return int(raw)
