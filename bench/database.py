"""Django set up for benchmarks, and a throwaway database for the run (never the real one)."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

SCALING_DOC = Path(__file__).resolve().parents[1] / "docs" / "scaling.md"


def setup_django() -> None:
    """Settings for measuring: the local PostgreSQL unless DATABASE_URL says otherwise, AI moves inline."""
    os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["AI_RUNNER"] = "inline"
    os.environ["AI_MOVE_DELAY"] = "0"
    import django

    django.setup()


@contextlib.contextmanager
def throwaway_database() -> Iterator[str]:
    """A freshly migrated database for the benchmark, dropped afterwards. Yields the vendor name."""
    setup_django()
    from django.db import connection

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield connection.vendor
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def partition_events_sql() -> str:
    """The SQL block of docs/scaling.md that turns the event table into a table partitioned by match."""
    blocks = re.findall(r"```sql\n(.*?)```", SCALING_DOC.read_text(), flags=re.DOTALL)
    (sql,) = [block for block in blocks if "PARTITION BY HASH (match_id)" in block]
    return sql
