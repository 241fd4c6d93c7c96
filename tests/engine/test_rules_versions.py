"""Rules versions replay forever: a match stored under an older rules version replays through its
version's upcaster to the state a match of the newest rules reaches, and new matches stamp the newest.

The stored matches (tests/engine/fixtures/rules_v1/, written by tests/engine/old_rules_fixtures.py with
the version-1 engines) leave some options to version 1's defaults, as version 1 allowed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.engine import get_rules
from games.engine.base import IllegalAction, Rules
from games.engine.versions import RulesVersion
from tests.engine.old_rules_fixtures import OLD_MATCHES, fixture_path
from tests.engine.stored_fixtures import digest, digests

GAMES = list(OLD_MATCHES)


def old_match(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(fixture_path("1", game).read_text())
    assert data["game"] == game and data["rules_version"] == "1"
    (match,) = data["matches"]
    assert match["events"][0]["rules_version"] == "1"
    return match


@pytest.mark.parametrize("game", GAMES)
def test_every_engine_keeps_its_versions_and_stamps_the_newest(game: str) -> None:
    rules = get_rules(game)
    assert [v.version for v in rules.rules_versions] == ["1", "2"]
    assert rules.rules_version == "2" == rules.start_event()["rules_version"]
    assert rules.plays_like_newest("1") and rules.plays_like_newest("2")
    assert not rules.plays_like_newest("0") and not rules.plays_like_newest(1)


@pytest.mark.parametrize("game", GAMES)
def test_an_old_match_replays_to_its_recorded_views_results_and_fingerprints(game: str) -> None:
    rules = get_rules(game)
    match = old_match(game)
    events = match["events"]
    seats = rules.players(rules.normalize_options(events[0]["options"]))
    final = rules.replay(events)
    assert final.to_move is None and final.result()["finished"]
    for point in match["checkpoints"]:
        state = rules.replay(events[: point["upto"]])
        assert state.to_move == point["to_move"]
        for seat, expected in zip([*range(seats), None], point["views"], strict=True):
            assert state.view(seat) == expected, f"{game} step {point['upto']}"
        assert state.result() == point["result"]
    assert digests(game, events) == match["digests"]


@pytest.mark.parametrize("game", GAMES)
def test_an_old_match_equals_the_same_match_played_under_the_newest_rules(game: str) -> None:
    rules = get_rules(game)
    events = old_match(game)["events"]
    # the same table asked for today: the newest start names every option, the moves are the same
    live_start = rules.start_event(events[0]["options"])
    assert live_start["rules_version"] == "2" and live_start != events[0]
    upcast = rules.upcast_start(events[0])
    assert upcast == live_start
    seats = rules.players(live_start["options"])
    old, live = rules.initial_state(events[0]), rules.initial_state(live_start)
    for event in events[1:]:
        old, live = rules.apply(old, event), rules.apply(live, event)
        assert digest(old, seats) == digest(live, seats)
    assert old.result() == live.result() and live.result()["finished"]
    assert old.legal_actions() == live.legal_actions() == []


def test_version_1_left_options_to_its_defaults_and_version_2_names_them_all() -> None:
    schnapsen = get_rules("schnapsen")
    v1 = {"type": "start", "game": "schnapsen", "players": 2, "options": {}, "rules_version": "1"}
    assert schnapsen.upcast_start(v1)["options"] == {"start_score": 7, "first_dealer": 0}
    assert schnapsen.initial_state(v1).view(0)["scores"] == [7, 7]
    with pytest.raises(IllegalAction, match="names every option; missing first_dealer"):
        schnapsen.initial_state({**v1, "options": {"start_score": 3}, "rules_version": "2"})
    preferans = get_rules("preferans")
    v1 = {"type": "start", "game": "preferans", "players": 3, "options": {"pool": 10}, "rules_version": "1"}
    assert preferans.upcast_start(v1)["options"] == {
        "players": 3,
        "pool": 10,
        "variant": "sochi",
        "ascending_raspasy": False,
        "max_deals": 200,
    }
    with pytest.raises(IllegalAction, match="missing ascending_raspasy, max_deals, players, variant"):
        preferans.initial_state({**v1, "rules_version": "2"})
    for game in ("preferanzen", "preference_vienna"):
        rules = get_rules(game)
        v1 = {"type": "start", "game": game, "players": 3, "options": {}, "rules_version": "1"}
        assert rules.initial_state(v1).view(0)["deals_total"] == 12
        with pytest.raises(IllegalAction, match="missing deals"):
            rules.initial_state({**v1, "rules_version": "2"})
    # bad options are still refused after the upcast, whatever the version
    with pytest.raises(IllegalAction, match="start_score"):
        schnapsen.initial_state(
            {**schnapsen.start_event(), "options": {"start_score": 0}, "rules_version": "1"}
        )


@pytest.mark.parametrize("stamp", ["0", "3", 1, None, ["1"]])
def test_a_version_the_engine_never_stamped_is_refused(stamp: object) -> None:
    rules = get_rules("preisjass")
    with pytest.raises(
        IllegalAction, match=r"unsupported rules version .*: this engine replays rules versions 1, 2"
    ):
        rules.initial_state({**rules.start_event(), "rules_version": stamp})


def test_a_version_that_plays_differently_ends_the_likeness_of_the_older_ones() -> None:
    class Three(Rules):
        name = "three"
        rules_versions = (
            RulesVersion("1", "first"),
            RulesVersion("2", "a new stamp only"),
            RulesVersion("3", "a scoring change", plays_as_before=False),
        )

    assert Three.rules_version == "3"
    assert [Three.plays_like_newest(v) for v in ("1", "2", "3")] == [False, False, True]


def test_a_game_that_names_one_version_only_has_that_version() -> None:
    from tests.sixth.engine import DuelRules

    assert [(v.version, v.upcast) for v in DuelRules.rules_versions] == [("1", None)]
    assert DuelRules().plays_like_newest("1")
