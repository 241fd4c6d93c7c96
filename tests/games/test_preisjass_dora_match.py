"""Dora plays a whole Preisjass run through the server's AI path (AI_RUNNER=inline), like Anton."""

from __future__ import annotations

import pytest

from games.ai.preisjass_search import player as dora_module
from games.models import MatchEvent, MatchStatus
from games.services.matches import SeatSpec, match_act, match_create
from games.store.events import load_state
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_whole_run_with_dora_at_every_ai_seat_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dora_module, "DORA_NODES", 1500)  # a small budget: the same code, quicker
    anna = factories.actor(factories.user("anna"))
    match = match_create(
        game="preisjass",
        creator=anna,
        seats=[SeatSpec(), SeatSpec("ai"), SeatSpec("ai"), SeatSpec("ai")],
        ai_version="dora",
    )
    for _ in range(12 * 9 + 5):  # the human's cards: 108 in a run
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            break
        state = load_state(match)
        assert state.to_move == 0  # the AI seats moved until the human is due
        card = state.legal_actions()[-1]["card"]
        match_act(
            match_id=match.pk, actor=anna, action={"type": "play", "card": card}, expected_seq=match.version
        )
    match.refresh_from_db()
    state = load_state(match)
    assert match.status == MatchStatus.FINISHED
    assert state.result()["games_played"] == 12 and sum(state.result()["totals"]) == 12 * 157
    assert MatchEvent.objects.filter(match=match, command_id__startswith="ai:", seat=2).count() == 12 * 9
