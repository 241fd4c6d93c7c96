"""Production logs are one JSON object a line; a line written while a match is acted on carries its
match_id and seq, whichever service wrote it."""

from __future__ import annotations

import importlib
import io
import json
import logging
import logging.config
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings as django_settings

from games.services.matches import match_act
from games.store.events import load_state
from ops.log_context import match_context
from tests import factories


@pytest.fixture
def production_log(monkeypatch: pytest.MonkeyPatch) -> Iterator[io.StringIO]:
    """The root logger configured by config.settings_production's LOGGING, writing into a buffer."""
    monkeypatch.setenv("DJANGO_SECRET_KEY", "Zx9-prod-secret-abcdefghijklmnopqrstuvwxyz0123456789-QWERTY")
    monkeypatch.delitem(sys.modules, "config.settings_production", raising=False)
    production = importlib.import_module("config.settings_production")
    monkeypatch.delitem(sys.modules, "config.settings_production")
    logging.config.dictConfig(production.LOGGING)
    buffer = io.StringIO()
    (handler,) = logging.getLogger().handlers
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(buffer)
    try:
        yield buffer
    finally:
        logging.config.dictConfig(django_settings.LOGGING)


def lines(buffer: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in buffer.getvalue().splitlines()]


@pytest.mark.django_db(transaction=True)
def test_a_move_logs_json_with_its_match_id_and_seq(production_log: io.StringIO, duel: str) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    match = factories.two_player_match(duel, anna, ben)
    logging.getLogger("games.services.matches").setLevel(logging.DEBUG)
    try:
        state = load_state(match)
        mover = anna if state.to_move == 0 else ben
        action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
        match_act(match_id=match.pk, actor=factories.actor(mover), action=action, expected_seq=match.version)
    finally:
        logging.getLogger("games.services.matches").setLevel(logging.NOTSET)
    stored = [line for line in lines(production_log) if line["logger"] == "games.services.matches"]
    assert stored, production_log.getvalue()
    assert stored[-1]["match_id"] == match.pk and stored[-1]["seq"] == match.version
    assert (
        stored[-1]["level"] == "DEBUG" and "time" in stored[-1] and stored[-1]["message"].startswith("stored")
    )


def test_the_context_tags_lines_of_any_logger_and_extra_wins(production_log: io.StringIO) -> None:
    log = logging.getLogger("leaderboard.services")
    with match_context(match_id=41, seq=7):
        log.warning("saving match %s failed", 41)
        log.warning("from a task", extra={"match_id": 99, "seq": 3})
    log.warning("outside any match")
    inside, explicit, outside = lines(production_log)
    assert (inside["match_id"], inside["seq"], inside["message"]) == (41, 7, "saving match 41 failed")
    assert (explicit["match_id"], explicit["seq"]) == (99, 3)
    assert outside["match_id"] is None and outside["seq"] is None
