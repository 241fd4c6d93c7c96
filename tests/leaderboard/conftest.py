"""Builders for leaderboard tests: real Preisjass runs against AI seats, and hand-made entries."""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

import pytest

from accounts.models import User
from games.models import Match, MatchStatus
from games.services.matches import SeatSpec, match_act, match_create
from games.store.events import load_state
from leaderboard.models import LeaderboardEntry
from tests import factories


def preisjass_match(owner: User, *, seat: int = 3, ai_version: str = "random") -> Match:
    """A Preisjass run with three AI seats and `owner` at `seat`; AI moves run inline on commit."""
    seats = [SeatSpec("ai") for _ in range(4)]
    seats[seat] = SeatSpec()
    return match_create(
        game="preisjass",
        creator=factories.actor(owner),
        seats=seats,
        creator_seat=seat,
        ai_version=ai_version,
    )


def play_human_to_end(match: Match, owner: User, seed: int = 1) -> Match:
    """Play the human seat's moves (random legal ones) until the match is no longer running."""
    rng = random.Random(seed)
    actor = factories.actor(owner)
    while True:
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            return match
        state = load_state(match)
        action = {k: v for k, v in rng.choice(state.legal_actions()).items() if k != "seat"}
        match_act(match_id=match.pk, actor=actor, action=action, expected_seq=match.version)


def finished_preisjass(owner: User, seed: int = 1) -> Match:
    return play_human_to_end(preisjass_match(owner), owner, seed)


_BASE = dt.datetime(2026, 1, 1, 12, 0, tzinfo=dt.UTC)


def entry(
    match: Match,
    seat: int,
    points: int,
    *,
    name: str = "",
    seconds: float = 0,
    game: str = "preisjass",
    hidden: bool = False,
    is_ai: bool = False,
) -> LeaderboardEntry:
    """A hand-made entry saved `seconds` after a fixed instant."""
    return LeaderboardEntry.objects.create(
        game=game,
        match=match,
        seat=seat,
        display_name=name or f"P{match.pk}.{seat}",
        is_ai=is_ai,
        points=Decimal(points),
        sacks=0 if game == "preisjass" else None,
        saved_at=_BASE + dt.timedelta(seconds=seconds),
        hidden=hidden,
    )


@pytest.fixture
def anna() -> User:
    return factories.user("anna")
