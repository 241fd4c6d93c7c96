"""Refusals in the player's language: every error code a player can meet has its own sentence in the
client (errors.js), translated like every other string; the server's English sentence is shown only on
English pages."""

from __future__ import annotations

import re
from pathlib import Path

import games.errors
import leaderboard.errors
import leagues.errors
from games.errors import GameError

ERRORS_JS = Path(__file__).resolve().parents[2] / "frontend" / "static" / "frontend" / "js" / "errors.js"
CONSUMERS = Path(games.errors.__file__).resolve().parent / "live" / "consumers.py"


def _client_codes() -> set[str]:
    table = ERRORS_JS.read_text(encoding="utf-8").split("const MESSAGES = {")[1].split("};")[0]
    return set(re.findall(r"^\s+(\w+): \(\) => t\(", table, re.M))


def _subclasses(cls: type[GameError]) -> list[type[GameError]]:
    found: list[type[GameError]] = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


def test_every_domain_error_has_a_sentence_of_its_own() -> None:
    assert leagues.errors and leaderboard.errors  # their classes are GameError subclasses too
    codes = {sub.code for sub in _subclasses(GameError)}
    assert {"illegal_action", "too_many_tables", "season_closed", "save_failed"} <= codes
    assert codes - _client_codes() == set()


def test_the_socket_s_own_refusals_a_player_can_meet_have_sentences() -> None:
    sent = set(re.findall(r'_(?:error|refuse)\("(\w+)"', CONSUMERS.read_text(encoding="utf-8")))
    technical = {"bad_message", "malformed_json"}  # only a broken client sends these
    assert {"throttled", "too_many_sockets"} <= sent
    assert sent - technical - _client_codes() == set()
