"""games.results.match_result: a finished match's result as one frozen, typed value from its events."""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal

import pytest

from games.engine import get_rules
from games.results.match_result import DealRow, SeatKind, deal_points, match_result, match_seats
from tests import factories
from tests.engine.old_rules_fixtures import fixture_path
from tests.old_rules_matches import GAMES, old_events, stored_old_match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", GAMES)
def test_the_result_is_the_engines_in_typed_form(game: str) -> None:
    match = stored_old_match(game, factories.user("anna"))
    expected = json.loads(fixture_path("1", game).read_text())["matches"][0]["checkpoints"][-1]["result"]
    result = match_result(match)
    assert (result.game, result.finished, result.events) == (game, True, match.version)
    assert result.totals == tuple(expected["totals"]) and result.ranking == tuple(expected["ranking"])
    assert result.sacks == (tuple(expected["sacks"]) if game == "preisjass" else None)
    assert result.deals == tuple(DealRow(n, row) for n, row in enumerate(expected["deals"], start=1))
    assert result.points(1) == Decimal(str(expected["totals"][1])).quantize(Decimal("0.01"))
    assert [s.kind for s in result.seats] == [SeatKind.HUMAN] + [SeatKind.AI] * (len(result.totals) - 1)
    anna, anton = result.seat(0), result.seat(1)
    assert anna.human_result and not anna.is_ai and anna.ai_version == ""
    assert anna.opponent_ai_versions == ("anton",) and anna.decisions.stand_in == 0
    assert anna.decisions.total == sum(1 for e in old_events(game) if e.get("seat") == 0)
    assert anton.is_ai and anton.ai_version == "anton" and not anton.human_result
    assert match_seats(match) == result.seats
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.totals = ()  # type: ignore[misc]


def test_a_seat_the_stand_in_played_is_of_its_own_kind() -> None:
    match = stored_old_match("schnapsen", factories.user("anna"), stand_in=True)
    anna = match_result(match).seat(0)
    assert anna.kind is SeatKind.STAND_IN and anna.unranked_reason == "stand_in"
    assert not anna.human_result and not anna.is_ai
    assert anna.decisions.stand_in == anna.decisions.total > 0


def test_deal_points_sum_to_the_totals() -> None:
    events = old_events("preference_vienna")
    final = get_rules("preference_vienna").replay(events).result()
    deals = deal_points("preference_vienna", events)
    assert [d.key for d in deals] == list(range(1, len(final["deals"]) + 1))
    start = get_rules("preference_vienna").initial_state(events[0]).result()["totals"]
    sums = [round(start[s] + sum(d.points[s] for d in deals), 3) for s in range(3)]
    assert sums == final["totals"]
