"""A seat's view names who took the last trick where the engine's view does not (Schnapsen,
Preferans): a table reloaded mid-deal says it again. The trick is public once played; the winner is
the seat whose trick count grew with it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.services.matches import SeatSpec, match_create
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)


def view(c: APIClient, match_id: int) -> dict:
    r = c.get(f"/api/matches/{match_id}/view/")
    assert r.status_code == 200, r.content
    return r.json()


def counts(v: dict) -> list[int]:
    return list(v["tricks_won"] if "tricks_won" in v else v["tricks"])


@pytest.mark.parametrize(("game", "players"), [("schnapsen", 2), ("preferans", 3)])
def test_the_view_names_the_winner_of_the_last_trick(game: str, players: int) -> None:
    anna = factories.user("anna")
    seats = [SeatSpec()] + [SeatSpec("ai")] * (players - 1)
    match = match_create(game=game, creator=factories.actor(anna), seats=seats)
    c = APIClient()
    c.force_login(anna)
    checked, before = 0, None
    for _ in range(200):
        mine = view(c, match.pk)
        v = mine["view"]
        if v["to_move"] != 0 or checked >= 5:
            break
        if v["last_trick"] is None:
            assert "last_trick_winner" not in v
        elif before is not None and v["phase"] == "play" and v["deal_number"] == before["deal_number"]:
            grew = [a - b for a, b in zip(counts(v), counts(before), strict=True)]
            if sorted(grew) == [0] * (players - 1) + [1]:  # one trick taken since my last turn
                assert v["last_trick_winner"] == grew.index(1), (v["last_trick"], grew)
                checked += 1
        before = v
        action = v["legal"][0]
        r = c.post(f"/api/matches/{match.pk}/actions/", {"action": action, "seq": mine["seq"]}, format="json")
        assert r.status_code == 201, r.content
    assert checked >= 5, f"{game}: only {checked} tricks checked"
