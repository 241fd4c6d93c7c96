"""A released duplicate round in the analysis payload: refused while embargoed; once released, every
table's result of every deal for each seat position, and the analysis' losses where it is done."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from analysis.rounds import deal_results
from games.ai.analysis import schnapsen
from games.engine import get_rules
from games.models import Match, MatchEvent
from leagues import services, tasks
from leagues.models import LeagueMatch
from tests import factories
from tests.leagues.conftest import join, make_league
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db


@pytest.fixture
def players() -> list[Any]:
    return [factories.user(name) for name in ("anna", "ben", "carl", "dora")]


@pytest.fixture(autouse=True)
def _small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schnapsen, "WORLDS", 2)
    monkeypatch.setattr(schnapsen, "VIEW_NODES", 2000)
    monkeypatch.setattr(schnapsen, "OPEN_NODES", 2000)


def events_of(match: Match) -> list[dict[str, Any]]:
    return list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))


def rows_of(match: Match) -> list[dict[str, Any]]:
    return get_rules("schnapsen").replay(events_of(match)).result()["deals"]


def test_a_round_is_compared_deal_by_deal_once_released(players, django_capture_on_commit_callbacks) -> None:
    anna, ben, carl, dora = players
    league = make_league(anna, game="schnapsen", options={"start_score": 7})
    join(league, ben, carl, dora)
    round_ = services.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna, ben], [carl, dora]])
    first, second = (link.match for link in LeagueMatch.objects.filter(round=round_).order_by("table"))
    play_to_end(first, {0: anna, 1: ben})
    tasks.project_match.apply(args=(first.pk,))
    client = APIClient()
    client.force_login(carl)
    url = f"/api/matches/{first.pk}/analysis/"
    for verb in ("get", "post"):  # table 0 is over, table 1 is not: embargoed
        assert getattr(client, verb)(url).status_code == 403

    play_to_end(second, {0: dora, 1: carl})
    with django_capture_on_commit_callbacks(execute=True):
        tasks.project_match.apply(args=(second.pk,))
    assert client.post(url).json()["error"]["code"] == "analysis_players_only"  # carl sat at table 1
    assert client.get(url).json()["status"] == "none"  # but reads it, now that the round is released
    player = APIClient()
    player.force_login(anna)
    body = player.post(url).json()  # table 0 analysed (inline), table 1 not
    assert body["status"] == "done"
    comparison = body["round"]
    assert comparison["round"] == round_.pk and comparison["table"] == 0
    assert [t["match"] for t in comparison["tables"]] == [first.pk, second.pk]
    assert [t["analysed"] for t in comparison["tables"]] == [True, False]
    assert comparison["tables"][1]["players"] == ["Dora", "Carl"]
    tables_rows = [rows_of(first), rows_of(second)]
    assert len(comparison["deals"]) == max(len(r) for r in tables_rows) > 1
    lost = body["analysis"]["summary"]
    for deal in comparison["deals"]:
        n = deal["deal"]
        assert [row["seat"] for row in deal["seats"]] == [0, 1]
        for row in deal["seats"]:
            seat = row["seat"]
            for t, cell in enumerate(row["tables"]):
                rows = tables_rows[t]
                if n > len(rows):  # this table's Bummerl ended sooner
                    assert cell["points"] is None
                    continue
                sheet = rows[n - 1]
                assert cell["points"] == sheet["game_points"][seat]
                if t == 0:
                    assert cell["lost"] == lost.get(str(seat), {}).get("per_deal", {}).get(
                        str(sheet["deal"]), 0.0
                    )
                else:
                    assert cell["lost"] is None
    # the same deals at both tables: deal 1 dealt the same cards
    deal_events = [[e for e in events_of(m) if e["type"] == "deal"] for m in (first, second)]
    assert deal_events[0][0] == deal_events[1][0]


def test_deal_results_sum_to_the_totals(players) -> None:
    anna, ben = players[:2]
    match = factories.two_player_match("schnapsen", anna, ben, start_score=7)
    play_to_end(match, {0: anna, 1: ben})
    events = events_of(match)
    results = deal_results("schnapsen", events)
    final = get_rules("schnapsen").replay(events).result()
    assert len(results) == len(final["deals"]) > 1
    assert [sum(r["points"][s] for r in results) for s in (0, 1)] == final["totals"]
    assert [r["key"] for r in results] == [row["deal"] for row in final["deals"]]


def test_a_game_without_an_analyser_still_compares_its_released_round(
    duel, players, django_capture_on_commit_callbacks
) -> None:
    anna, ben, carl, dora = players
    league = make_league(anna)  # the test-only duel: no analyser
    join(league, ben, carl, dora)
    round_ = services.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna, ben], [carl, dora]])
    first, second = (link.match for link in LeagueMatch.objects.filter(round=round_).order_by("table"))
    play_to_end(first, {0: anna, 1: ben})
    play_to_end(second, {0: dora, 1: carl})
    with django_capture_on_commit_callbacks(execute=True):
        tasks.project_match.apply(args=(second.pk,))
    client = APIClient()
    client.force_login(anna)
    body = client.get(f"/api/matches/{second.pk}/analysis/").json()
    assert body["status"] == "unavailable"
    assert body["round"]["table"] == 1
    assert [t["match"] for t in body["round"]["tables"]] == [first.pk, second.pk]
    assert not any(t["analysed"] for t in body["round"]["tables"])
