"""The writes of an append as plain SQL: the events inserted, the match row's version (and status)
updated, and its due time when it changed, in one round trip on PostgreSQL.

Through the ORM these were three statements, each compiled again for every move (`bulk_create`,
`Model.save`), and their compiling and the connection look-ups in it were most of the CPU a move
costs a web process after its reads. Values go through each field's own `get_db_prep_save`, so they
are stored exactly as the ORM stores them, on PostgreSQL and on SQLite (which takes one statement
per call)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connections, models

from games.models import Match, MatchEvent, WatchdogDue

_EVENT_FIELDS = ("match", "seq", "type", "seat", "data", "command_id", "created_at")


def _field(model: type[models.Model], name: str) -> models.Field[Any, Any]:
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)
    return field


def _prep(model: type[models.Model], name: str, value: Any, connection: Any) -> Any:
    return _field(model, name).get_db_prep_save(value, connection)


def _column(model: type[models.Model], name: str, connection: Any) -> str:
    return str(connection.ops.quote_name(_field(model, name).column))


def append_write(
    *,
    match: Match,
    events: Sequence[dict[str, Any]],
    match_fields: Sequence[str],
    due: WatchdogDue | None,
    alias: str = "default",
) -> None:
    """Insert `events` (each with `seq`, `type`, `seat`, `data`, `command_id`, `created_at`), save
    `match_fields` of `match`, and the due time of `due` (None: unchanged). Raises the database's
    IntegrityError (as django.db.IntegrityError) when a seq or a command id is taken."""
    connection = connections[alias]
    quote = connection.ops.quote_name
    statements: list[tuple[str, list[Any]]] = []
    rows = ", ".join(["(" + ", ".join(["%s"] * len(_EVENT_FIELDS)) + ")"] * len(events))
    values: list[Any] = []
    for event in events:
        values.extend(_prep(MatchEvent, name, event[name], connection) for name in _EVENT_FIELDS)
    table = quote(MatchEvent._meta.db_table)
    columns = ", ".join(_column(MatchEvent, name, connection) for name in _EVENT_FIELDS)
    statements.append((f"INSERT INTO {table} ({columns}) VALUES {rows}", values))
    sets = ", ".join(f"{_column(Match, name, connection)} = %s" for name in match_fields)
    params = [_prep(Match, name, getattr(match, name), connection) for name in match_fields]
    match_table, match_id = quote(Match._meta.db_table), _column(Match, "id", connection)
    statements.append((f"UPDATE {match_table} SET {sets} WHERE {match_id} = %s", [*params, match.pk]))
    if due is not None:
        due_table, due_at = quote(WatchdogDue._meta.db_table), _column(WatchdogDue, "due_at", connection)
        due_match = _column(WatchdogDue, "match", connection)
        value = _prep(WatchdogDue, "due_at", due.due_at, connection)
        statements.append((f"UPDATE {due_table} SET {due_at} = %s WHERE {due_match} = %s", [value, match.pk]))
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":  # client-side binding: several statements, one round trip
            cursor.execute("; ".join(sql for sql, _ in statements), [p for _, ps in statements for p in ps])
        else:
            for sql, ps in statements:
                cursor.execute(sql, ps)
