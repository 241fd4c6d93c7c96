"""Tests of PostgreSQL's own schema (the event table's keys and its partitioning): collected only when
the tests run on PostgreSQL (DATABASE_URL, as in CI); SQLite has neither."""

import os

if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
    collect_ignore_glob = ["test_*.py"]
