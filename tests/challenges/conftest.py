"""The challenge tests play Duel (the test-only sixth game, tests/sixth) as a one-deal challenge, so
the platform's part is tested apart from the five engines' challenge modes (tests/engine)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from rest_framework.test import APIClient

from accounts.models import User
from challenges import services
from challenges.models import Challenge
from games import packs
from games.packs.base import ChallengeRules
from tests import factories
from tests.sixth.pack import PACK

DUEL_CHALLENGE = ChallengeRules(
    options={"cards": 3}, deals=1, unit={"de": "Punkte", "en": "points", "ru": "очки"}
)


@pytest.fixture(autouse=True)
def _par_played(settings: Any) -> None:
    settings.CHALLENGE_PAR_RUNNER = "inline"


@pytest.fixture
def duel_challenge_game() -> Iterator[str]:
    packs.register(dataclasses.replace(PACK, challenge=DUEL_CHALLENGE))
    yield PACK.name
    packs.unregister(PACK.name)


@pytest.fixture
def challenge(duel_challenge_game: str) -> Challenge:
    from challenges import days

    return services.challenge_open(game=duel_challenge_game, day=days.today())


def client_for(user: User | None = None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


def play_entry(user: User, challenge: Challenge, pick: Any = None) -> int:
    """Enter `user` and play their seat to the end through the API (`pick(view)` chooses the card,
    else the first legal); the match id."""
    c = client_for(user)
    r = c.post(f"/api/challenges/{challenge.pk}/enter/")
    assert r.status_code == 201, r.content
    match_id = r.json()["match"]
    for _ in range(50):
        state = c.get(f"/api/matches/{match_id}/view/").json()
        if state["match"]["status"] != "running":
            break
        view = state["view"]
        assert view["to_move"] == challenge.seat
        legal = view["legal"]
        action = pick(view, legal) if pick is not None else legal[0]
        r = c.post(
            f"/api/matches/{match_id}/actions/", {"action": action, "seq": state["seq"]}, format="json"
        )
        assert r.status_code == 201, r.content
    return int(match_id)


@pytest.fixture
def field() -> list[User]:
    return [factories.user(name) for name in ("anna", "ben", "carl", "dora")]
