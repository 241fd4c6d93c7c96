"""The AI service gives a player that remembers the deal its seat's information state, folded by the
engine from the stored events (games/engine/information.py), and any other player the view alone."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import ai as ai_registry
from games.engine import GameState, get_rules
from games.engine.information import InformationState, information_state
from games.models import MatchEvent
from games.services.ai import choose_move, seat_information
from games.services.matches import SeatSpec, match_act, match_create
from games.store.events import load_state
from tests import factories
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


class Remembering:
    """Records what it was given; plays the last legal action."""

    name = "Remembering"

    def __init__(self) -> None:
        self.infos: list[InformationState] = []
        self.views: list[dict[str, Any]] = []

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        self.views.append(view)
        return legal[-1]

    def choose_informed(
        self, info: InformationState, legal: list[dict[str, Any]], rng: random.Random
    ) -> dict[str, Any]:
        self.infos.append(info)
        return legal[-1]


def test_the_service_passes_the_seats_information_state(monkeypatch: pytest.MonkeyPatch) -> None:
    player = Remembering()
    real_get_player = ai_registry.get_player
    monkeypatch.setattr(
        ai_registry,
        "get_player",
        lambda game, version="anton": player if version == "memo" else real_get_player(game, version),
    )
    anna = factories.actor(factories.user("anna"))
    match = match_create(
        game="preisjass", creator=anna, seats=[SeatSpec(), SeatSpec("ai"), SeatSpec("ai"), SeatSpec("ai")]
    )

    def annas_turn() -> GameState | None:
        """The state once the AI seats wait for Anna (nothing moves until she does)."""
        match.refresh_from_db()
        state = load_state(match)
        return state if state.to_move == 0 else None

    # Anna plays until cards lie on the table and it is her turn again
    state = wait_until(annas_turn, 60, "Anna's turn")
    while not [
        e
        for e in MatchEvent.objects.filter(match=match).values_list("data", flat=True)
        if e["type"] == "play"
    ]:
        action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
        match_act(match_id=match.pk, actor=anna, action=action, expected_seq=match.version)
        state = wait_until(annas_turn, 60, "Anna's turn")
    seat = next(s for s in match.seats.all() if s.index == 0)
    action = choose_move(match, seat, state, "memo", match.version)

    events = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
    expected = information_state(get_rules("preisjass"), events, seat.index)
    assert player.infos == [expected] and not player.views
    info = player.infos[0]
    assert info.view == state.view(seat.index) and info.seat == seat.index
    plays = [
        e
        for e in events[max(i for i, e in enumerate(events) if e["type"] == "deal") :]
        if e["type"] == "play"
    ]
    assert [(p.seat, p.card) for p in info.played] == [(e["seat"], e["card"]) for e in plays] and plays
    assert seat_information(match, seat.index) == expected
    assert action == {k: v for k, v in state.legal_actions()[-1].items() if k != "seat"}
