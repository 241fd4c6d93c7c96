"""Which match (and seq) the code running now acts on, for the log lines it writes.

The services that act on one match (a move, an AI move, the watchdog's check of a match, a
leaderboard save, the league projection) wrap their work in `match_context`; `MatchContextFilter`
copies the ids onto every log record written meanwhile, so the JSON lines of production carry them.
An `extra={"match_id": ..., "seq": ...}` on the call itself wins over the context."""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Iterator
from contextlib import contextmanager

_match: contextvars.ContextVar[tuple[int | None, int | None]] = contextvars.ContextVar(
    "log_match", default=(None, None)
)


@contextmanager
def match_context(*, match_id: int, seq: int | None = None) -> Iterator[None]:
    token = _match.set((match_id, seq))
    try:
        yield
    finally:
        _match.reset(token)


class MatchContextFilter(logging.Filter):
    """Adds `match_id` and `seq` to a record (None outside any match); never drops one."""

    def filter(self, record: logging.LogRecord) -> bool:
        match_id, seq = _match.get()
        if getattr(record, "match_id", None) is None:
            record.match_id = match_id
        if getattr(record, "seq", None) is None:
            record.seq = seq
        return True


def json_logging(level: str) -> dict[str, object]:
    """The LOGGING of production: one JSON object a line on stderr, with the match context."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"match_context": {"()": "ops.log_context.MatchContextFilter"}},
        "formatters": {
            "json": {
                "()": "pythonjsonlogger.json.JsonFormatter",
                "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(match_id)s %(seq)s",
                "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            }
        },
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "filters": ["match_context"],
            }
        },
        "root": {"handlers": ["console"], "level": level},
    }
