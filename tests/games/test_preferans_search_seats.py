"""Carla and Dora play whole Preferans matches through the server's AI path (the AI move service,
run inline), at every AI seat of a table, until the match is finished."""

from __future__ import annotations

import pytest

from games.models import MatchEvent, MatchStatus
from games.services.matches import SeatSpec, match_create
from tests import factories
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("version", ["carla", "dora"])
def test_a_short_pool_against_two_search_seats_ends(settings, version: str) -> None:
    settings.AI_RUNNER = "inline"
    anna = factories.user("anna")
    match = match_create(
        game="preferans",
        creator=factories.actor(anna),
        seats=[SeatSpec(), SeatSpec(kind="ai"), SeatSpec(kind="ai")],
        options={"pool": 10, "max_deals": 2},
        ai_version=version,
    )
    assert {s.ai_version for s in match.seats.all() if s.is_ai} == {version}
    play_to_end(match, {0: anna})
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    events = MatchEvent.objects.filter(match=match)
    ai_moves = [e for e in events if e.data.get("seat") in (1, 2) and e.data["type"] != "deal"]
    assert ai_moves  # the AI seats acted, through the service
