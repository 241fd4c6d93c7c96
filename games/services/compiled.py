"""Statements of the move path compiled once per process and database, then run as raw SQL.

Compiling a queryset (joins, lock clause, prefetch) costs far more CPU than running it: for the
statements every move runs, the SQL is taken from the ORM once, with a marker value for the one
parameter, and each run only passes the value. The rows come back as the model's instances, with
the conversions the compiler applies, found once too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import connections, models

M = TypeVar("M", bound=models.Model)
_MARKER = -987654321  # stands for the parameter while compiling


class Statement(Generic[M]):
    """A queryset of `model` with one parameter, `build(value)`, compiled on first use for each
    database alias."""

    def __init__(self, model: type[M], build: Callable[[Any], models.QuerySet[M]]) -> None:
        self.model = model
        self.build = build
        self._sql: dict[str, str] = {}
        self._columns: dict[str, list[tuple[type[models.Model], str, list[Any], Any]]] = {}

    def sql(self, alias: str) -> str:
        if alias not in self._sql:
            queryset = self.build(_MARKER).using(alias)
            compiler = queryset.query.get_compiler(using=alias)
            sql, params = compiler.as_sql()
            if list(params) != [_MARKER]:
                raise ValueError(f"a compiled statement takes exactly one parameter, not {params!r}")
            # Each selected column: its model, attribute and converters (as the compiler applies them).
            connection = connections[alias]
            self._columns[alias] = [
                (
                    column.target.model,
                    column.target.attname,
                    connection.ops.get_db_converters(column) + column.get_db_converters(connection),
                    column,
                )
                for column, _, _ in compiler.select
            ]
            self._sql[alias] = sql
        return self._sql[alias]

    def columns(self, alias: str) -> list[tuple[type[models.Model], str, list[Any], Any]]:
        self.sql(alias)
        return self._columns[alias]


def load(statement: Statement[M], value: Any, alias: str = "default") -> list[tuple[M, dict[str, Any]]]:
    """The statement's rows for `value` as instances of its model, each with the values of the
    columns of other models (select_related) by `"<model>.<attribute>"`: one cursor, no RawQuerySet
    (which reads the cursor's description and maps the columns by name again for every run)."""
    connection = connections[alias]
    sql, columns = statement.sql(alias), statement.columns(alias)
    with connection.cursor() as cursor:
        cursor.execute(sql, [value])
        rows = cursor.fetchall()
    out: list[tuple[M, dict[str, Any]]] = []
    for row in rows:
        own_names: list[str] = []
        own_values: list[Any] = []
        others: dict[str, Any] = {}
        for raw_value, (model, attname, converters, expression) in zip(row, columns, strict=True):
            converted = raw_value
            for convert in converters:
                converted = convert(converted, expression, connection)
            if model is statement.model:
                own_names.append(attname)
                own_values.append(converted)
            else:
                others[f"{model._meta.model_name}.{attname}"] = converted
        out.append((statement.model.from_db(alias, own_names, own_values), others))
    return out


def prefetched(instance: models.Model, name: str, objects: list[Any]) -> None:
    """Give `instance` its related `name` objects as prefetch_related would, so `instance.name.all()`
    answers without a query."""
    manager = getattr(instance, name)
    queryset = manager.get_queryset()
    queryset._result_cache = objects
    queryset._prefetch_done = True
    cache: dict[str, Any] = instance.__dict__.setdefault("_prefetched_objects_cache", {})
    cache[manager.field.remote_field.cache_name] = queryset
