"""The `<id:...>` path converter for row ids: 1 to 18 ASCII digits, so an id always fits a 64-bit column.
With `<int:...>` a longer one reached the database driver and failed there (a 500) instead of a 404."""

from __future__ import annotations

MAX_ID_DIGITS = 18


class IdConverter:
    regex = f"[0-9]{{1,{MAX_ID_DIGITS}}}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
