"""`python -m bench schnapsen`, `preisjass` and `preferanzen` name the engine they ran and, compiled, set
the pure-Python reference beside it (bench/reference.py)."""

from __future__ import annotations

import re

import pytest

from bench import preferanzen, preisjass, schnapsen
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


def test_bench_preferanzen(capsys: pytest.CaptureFixture[str]) -> None:
    preferanzen.run(["--reps", "1", "--deals", "20", "--sessions", "1"])
    out = capsys.readouterr().out
    assert f"engine {native.status().describe()}" in out, out
    for game in preferanzen.GAMES:
        line = next(line for line in out.splitlines() if line.startswith(game + " "))
        figures = re.findall(NUMBER, line)
        if native.status().compiled:  # deals, reps, median, min, max, the reference's median, the ratio
            assert len(figures) == 7 and line.rstrip().endswith("x"), line
        else:
            assert len(figures) == 5, line
