"""A match stored under an older rules version is verified by replay and saved like any other: the
boards' points are the ones its own version's engine recorded, live and after a rebuild."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from leaderboard import projection
from leaderboard.models import LeaderboardEntry
from leaderboard.qualifying import REASONS
from leaderboard.services import leaderboard_save_match
from tests import factories
from tests.engine.old_rules_fixtures import fixture_path
from tests.old_rules_matches import STORED, stored_old_match

pytestmark = pytest.mark.django_db


def recorded_result(game: str, version: str) -> dict:
    match = json.loads(fixture_path(version, game).read_text())["matches"][0]
    result: dict = match["checkpoints"][-1]["result"]
    assert match["checkpoints"][-1]["upto"] == len(match["events"]) and result["finished"]
    return result


def board(game: str) -> list[tuple[int, Decimal, int | None, bool]]:
    rows = LeaderboardEntry.objects.filter(game=game).order_by("seat")
    return [(e.seat, e.points, e.sacks, e.is_ai) for e in rows]


@pytest.mark.parametrize(("version", "game"), STORED)
def test_an_old_match_is_saved_with_the_points_its_engine_recorded(version: str, game: str) -> None:
    match = stored_old_match(game, factories.user("anna"), version)
    assert match.events.first().data["rules_version"] == version  # type: ignore[union-attr]
    leaderboard_save_match(match_id=match.pk)
    result = recorded_result(game, version)
    sacks = result["sacks"] if game == "preisjass" else [None] * len(result["totals"])
    expected = [
        (seat, Decimal(str(points)).quantize(Decimal("0.01")), sacks[seat], seat != 0)
        for seat, points in enumerate(result["totals"])
    ]
    assert board(game) == expected
    anna = LeaderboardEntry.objects.get(match=match, seat=0)
    # no stand-in played her seat (a result that scored nothing stays off the board: leaderboard.qualifying)
    assert anna.unranked in ("", *REASONS) and anna.opponent_ai_versions == ["anton"]

    assert projection.rebuild() == 1  # from the events alone: the same rows
    assert board(game) == expected
