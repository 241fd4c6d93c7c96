"""Carla and Dora play whole Preferanzen and Vienna Preference matches through the server's AI path
(the AI move service, run inline), at every AI seat of a table with one human, to the end."""

from __future__ import annotations

import pytest

from games.models import Match, MatchStatus
from games.services.matches import SeatSpec, match_act, match_create
from games.store.events import load_state
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("game", ["preferanzen", "preference_vienna"])
@pytest.mark.parametrize("version", ["carla", "dora"])
def test_a_match_with_the_search_players_at_every_ai_seat_ends(settings, game: str, version: str) -> None:
    settings.AI_RUNNER = "inline"
    anna = factories.user("anna")
    match = match_create(
        game=game,
        creator=factories.actor(anna),
        seats=[SeatSpec(), SeatSpec("ai"), SeatSpec("ai")],
        options={"deals": 1},
        ai_version=version,
    )
    for _ in range(200):
        match = Match.objects.get(pk=match.pk)
        if match.status != MatchStatus.RUNNING:
            break
        state = load_state(match)
        assert state.to_move == 0  # the AI seats moved at once
        action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
        match_act(match_id=match.pk, actor=factories.actor(anna), action=action, expected_seq=match.version)
    assert match.status == MatchStatus.FINISHED
    assert {s.ai_version for s in match.seats.all() if s.kind == "ai"} == {version}
