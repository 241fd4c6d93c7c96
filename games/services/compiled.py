"""Statements of the move path compiled once per process and database, then run as raw SQL.

Compiling a queryset (joins, lock clause, prefetch) costs far more CPU than running it: for the
statements every move runs, the SQL is taken from the ORM once, with a marker value for the one
parameter, and each run only passes the value. The rows come back as the model's instances through
`QuerySet.raw`, with its field conversions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import connections, models
from django.db.models.query import RawQuerySet

M = TypeVar("M", bound=models.Model)
_MARKER = -987654321  # stands for the parameter while compiling


class Statement(Generic[M]):
    """A queryset of `model` with one parameter, `build(value)`, compiled on first use for each
    database alias."""

    def __init__(self, model: type[M], build: Callable[[Any], models.QuerySet[M]]) -> None:
        self.model = model
        self.build = build
        self._sql: dict[str, str] = {}

    def sql(self, alias: str) -> str:
        if alias not in self._sql:
            queryset = self.build(_MARKER).using(alias)
            sql, params = queryset.query.get_compiler(using=alias).as_sql()
            if list(params) != [_MARKER]:
                raise ValueError(f"a compiled statement takes exactly one parameter, not {params!r}")
            self._sql[alias] = sql
        return self._sql[alias]


def raw(statement: Statement[M], value: Any, alias: str = "default") -> RawQuerySet[M]:
    """The statement's rows for `value`: instances of its model, with any further columns as
    attributes (as QuerySet.raw gives them)."""
    return statement.model._default_manager.raw(statement.sql(alias), [value], using=alias)


def column(model: type[models.Model], name: str, value: Any, alias: str = "default") -> Any:
    """A further column's `value` read as `model`'s field `name` (QuerySet.raw converts only the
    fields of its own model: on SQLite a date and time comes as text)."""
    connection = connections[alias]
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)
    expression = field.get_col(model._meta.db_table)
    for convert in connection.ops.get_db_converters(expression) + expression.get_db_converters(connection):
        value = convert(value, expression, connection)
    return value


def prefetched(instance: models.Model, name: str, objects: list[Any]) -> None:
    """Give `instance` its related `name` objects as prefetch_related would, so `instance.name.all()`
    answers without a query."""
    manager = getattr(instance, name)
    queryset = manager.get_queryset()
    queryset._result_cache = objects
    queryset._prefetch_done = True
    cache: dict[str, Any] = instance.__dict__.setdefault("_prefetched_objects_cache", {})
    cache[manager.field.remote_field.cache_name] = queryset
