"""Each AI level's revision. A level's play is frozen: a change to how it plays is a new revision of
it, with its own figures (games/ai/strength.json, ladder.json) and its own name in the records of the
matches played against it (a seat keeps the revision it was seated with).

games/ai/levels.json holds per game and level the revision and the fingerprint of its play: a hash of
every decision it takes at every seat of fixed seeds, node counts included (bench/fingerprint.py,
node budgets only, so the same on any machine and in the compiled core as in its pure-Python
reference). tests/ai/test_frozen_levels.py fails when a level no longer plays to its fingerprint: then
raise its revision here, measure it again (`python -m bench ai_strength`, `python -m bench ladder`)
and write the new fingerprints (`python -m bench fingerprint --write`)."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

LEVELS_FILE = Path(__file__).with_name("levels.json")
#: the seeds and decisions a seed of the fingerprints in levels.json
FINGERPRINT_SEEDS = 2
FINGERPRINT_DECISIONS = 60


@functools.cache
def frozen() -> dict[str, dict[str, dict[str, Any]]]:
    """game -> level -> {"revision": int, "fingerprint": str}, as levels.json holds them."""
    data: dict[str, dict[str, dict[str, Any]]] = json.loads(LEVELS_FILE.read_text())
    return data


def revision(game: str, level: str) -> int:
    """The revision `level` of `game` plays at now (1 for a level levels.json does not list)."""
    return int(frozen().get(game, {}).get(level, {}).get("revision", 1))


def label(level: str, revision: int) -> str:
    """The name of one revision of a level in figures and records: the level's key for its first
    revision ("dora"), with the revision after a dot from the second on ("dora.2")."""
    return level if revision <= 1 else f"{level}.{revision}"


def current_label(game: str, level: str) -> str:
    return label(level, revision(game, level))


def level_of(version_label: str) -> tuple[str, int]:
    """("dora", 2) for "dora.2", ("dora", 1) for "dora"."""
    level, _, number = version_label.partition(".")
    return level, int(number) if number.isdigit() else 1
