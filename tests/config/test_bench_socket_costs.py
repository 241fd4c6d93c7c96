"""`python -m bench socket_costs` prints each part's old and new CPU and what a move saves."""

from __future__ import annotations

import re

import pytest

from bench import socket_costs
from config.cache_redis import cache_redis


def test_the_table_has_a_measured_row_per_part(capsys: pytest.CaptureFixture[str]) -> None:
    socket_costs.run(["--reps", "1", "--calls", "20"])
    out = capsys.readouterr().out
    number = r"[\d,]+(\.\d+)?"
    for label in ("frame debug decorations", "state message"):
        assert re.search(rf"{label}.*{number}\s+{number}\s+{number}x\s+-?{number}", out), out
    budget = "actor budget, a message"
    if cache_redis() is None:  # the embedded default's cache: nothing to count ahead
        assert re.search(rf"{budget}.*not measured", out)
    else:
        assert re.search(rf"{budget}.*{number}\s+{number}\s+{number}x", out), out
    assert "per move at a table of four, all parts" in out
