"""`python -m bench schnapsen` and `python -m bench preisjass` name the engine they ran and, compiled, set
the pure-Python reference beside it (bench/reference.py)."""

from __future__ import annotations

import re

import pytest

from bench import preisjass, schnapsen
from games import native

NUMBER = r"[\d,]+(\.\d+)?"


def _names_the_engine_and_compares(out: str, ours: str, theirs: str) -> None:
    assert re.search(rf"engine\s+{re.escape(native.status().describe())}", out), out
    assert re.search(rf"{re.escape(ours)}\s+{NUMBER}\n", out), out
    if native.status().compiled:
        assert re.search(rf"{re.escape(theirs)}\s+{NUMBER}\n", out), out
        assert re.search(rf"compiled / reference\s+{NUMBER}x", out), out
    else:
        assert theirs not in out


def test_bench_schnapsen(capsys: pytest.CaptureFixture[str]) -> None:
    schnapsen.run(["--reps", "1", "--bummerls", "4", "--peer-deals", "5", "--anton", "2"])
    _names_the_engine_and_compares(
        capsys.readouterr().out,
        "random deals/s (legal_actions)",
        "pure-Python reference: random deals/s (legal_actions)",
    )


def test_bench_preisjass(capsys: pytest.CaptureFixture[str]) -> None:
    preisjass.run(["--reps", "1", "--games", "12", "--runs", "1"])
    _names_the_engine_and_compares(
        capsys.readouterr().out,
        "engine random games/s (12 per run, draw+deal+cut+36 cards)",
        "pure-Python reference random games/s (same games)",
    )
