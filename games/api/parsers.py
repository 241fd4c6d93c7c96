"""The API's JSON parser: a body nested too deeply for the decoder is malformed JSON, not a crash."""

from __future__ import annotations

from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as exc:  # json's decoder recurses once per level of nesting
            raise ParseError("JSON nested too deeply") from exc
