"""A compiled rules engine (games/native.py's ENGINE_MODULES) says exactly what its pure-Python reference
says: the same legal actions, views, results and refusals along seeded random matches, and a state
pickled by one is read back by the other (a state snapshot outlives a switch between the two)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games import native
from tests.engine import engine_cases

ROOT = Path(__file__).resolve().parents[2]


def _reference(*args: str, stdin: str | None = None) -> Any:
    done = subprocess.run(
        [sys.executable, "-m", "tests.engine.engine_cases", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=native.reference_env(),
    )
    return json.loads(done.stdout)


def test_some_engine_is_compiled() -> None:
    assert engine_cases.compiled_games() == [
        "preferans",
        "preferanzen",
        "preference_vienna",
        "preisjass",
        "schnapsen",
    ]
    for module in native.ENGINE_MODULES:
        importlib.import_module(module)
    if not native.pure_requested():
        assert native.status().compiled, native.status().describe()
        assert set(native.ENGINE_MODULES) <= set(native.loaded_compiled())


@pytest.mark.parametrize("game", engine_cases.compiled_games())
def test_the_compiled_engine_says_what_the_reference_says(game: str) -> None:
    here = engine_cases.results(game)
    reference = _reference(game)
    assert len(here["steps"]) == len(reference["steps"]) > 1000
    for i, (mine, theirs) in enumerate(zip(here["steps"], reference["steps"], strict=True)):
        if mine != theirs:
            part = next(j for j, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b)
            raise AssertionError(
                f"{game} step {i}, part {part}: compiled {mine[part]}, reference {theirs[part]}"
            )
    # the refusals are real ones: every bad event of the first steps has its reason
    reasons = {r for step in here["steps"][:200] if step[0] != "end" for r in step[4]}
    assert "an event must be a JSON object" in reasons and len(reasons) >= 6, reasons
    # states pickled here are read by the reference, with the same views and results
    mine = engine_cases.unpickled(game, here["pickles"])
    assert _reference("unpickle", game, stdin=json.dumps(here["pickles"])) == mine
    assert [m[0] for m in mine] == [s[1] for s in here["steps"] if s[0] == "end"]
