"""The stored matches of an older rules version (tests/engine/fixtures/rules_v<N>/) put into the event
store as finished matches, for the platform's replays: the leaderboard's verification, the league
projection, the analysis."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from django.utils import timezone

from accounts.models import User
from games.engine import get_rules
from games.models import Match, MatchEvent, MatchStatus, Seat, SeatKind
from games.services.matches import AI_COMMAND_PREFIX
from tests.engine.old_rules_fixtures import MATCHES, OLD_MATCHES, fixture_path

GAMES = list(OLD_MATCHES)
#: (rules version, game) of every stored old match
STORED = [(version, game) for version, games in MATCHES.items() for game in games]


def old_events(game: str, version: str = "1") -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = json.loads(fixture_path(version, game).read_text())["matches"][0]["events"]
    return events


def stored_old_match(game: str, owner: User, version: str = "1", *, stand_in: bool = False) -> Match:
    """The game's stored match of rules `version` as a finished run: `owner` at seat 0 (every one of
    its moves its own, or with `stand_in` every one the stand-in's), Anton at the other seats. The
    events are stored as recorded."""
    events = old_events(game, version)
    rules = get_rules(game)
    seats = rules.players(rules.normalize_options(events[0]["options"]))
    now = timezone.now()
    match = Match.objects.create(
        game=game,
        options=events[0]["options"],
        status=MatchStatus.FINISHED,
        seed="s",
        seed_commitment="c",
        version=len(events),
        started_at=now - timedelta(minutes=30),
        finished_at=now,
    )
    Seat.objects.create(
        match=match, index=0, kind=SeatKind.HUMAN, user=owner, display_name=owner.display_name
    )
    for index in range(1, seats):
        Seat.objects.create(
            match=match, index=index, kind=SeatKind.AI, display_name=f"Anton {index}", ai_version="anton"
        )
    MatchEvent.objects.bulk_create(
        MatchEvent(
            match=match,
            seq=seq,
            type=e["type"],
            seat=e.get("seat"),
            data=e,
            command_id=f"{AI_COMMAND_PREFIX}{seq}" if stand_in and e.get("seat") == 0 else None,
        )
        for seq, e in enumerate(events, start=1)
    )
    return match
