"""Rules versions replay forever: a match stored under an older rules version replays through its
version's upcaster to the state a match of the newest rules reaches, and new matches stamp the newest.

The stored matches (tests/engine/fixtures/rules_v1/, written by tests/engine/old_rules_fixtures.py with
the version-1 engines) leave some options to version 1's defaults, as version 1 allowed; those of
rules_v2/ (Schnapsen, Preisjass) name every option but the one version 3 added.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.engine import get_rules
from games.engine.base import IllegalAction, Rules
from games.engine.versions import RulesVersion
from tests.engine.old_rules_fixtures import MATCHES, OLD_MATCHES, fixture_path
from tests.engine.stored_fixtures import digest, digests

GAMES = list(OLD_MATCHES)
#: the games with a version 3 (a new option whose default is version 2's rule); the others stop at 2
NEWEST = {"schnapsen": "3", "preisjass": "3"}
#: (rules version, game) of every stored old match
STORED = [(version, game) for version, games in MATCHES.items() for game in games]


def newest(game: str) -> str:
    return NEWEST.get(game, "2")


def old_match(game: str, version: str = "1") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(fixture_path(version, game).read_text())
    assert data["game"] == game and data["rules_version"] == version
    (match,) = data["matches"]
    assert match["events"][0]["rules_version"] == version
    return match


@pytest.mark.parametrize("game", GAMES)
def test_every_engine_keeps_its_versions_and_stamps_the_newest(game: str) -> None:
    rules = get_rules(game)
    versions = [str(v) for v in range(1, int(newest(game)) + 1)]
    assert [v.version for v in rules.rules_versions] == versions
    assert rules.rules_version == newest(game) == rules.start_event()["rules_version"]
    assert all(rules.plays_like_newest(v) for v in versions)
    assert not rules.plays_like_newest("0") and not rules.plays_like_newest(1)


@pytest.mark.parametrize(("version", "game"), STORED)
def test_an_old_match_replays_to_its_recorded_views_results_and_fingerprints(version: str, game: str) -> None:
    rules = get_rules(game)
    match = old_match(game, version)
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


@pytest.mark.parametrize(("version", "game"), STORED)
def test_an_old_match_equals_the_same_match_played_under_the_newest_rules(version: str, game: str) -> None:
    rules = get_rules(game)
    events = old_match(game, version)["events"]
    # the same table asked for today: the newest start names every option, the moves are the same
    live_start = rules.start_event(events[0]["options"])
    assert live_start["rules_version"] == newest(game) and live_start != events[0]
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
    assert schnapsen.upcast_start(v1)["options"] == {"start_score": 7, "first_dealer": 0, "deals": 0}
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


def test_version_2_had_no_deals_and_no_games_option_and_version_3_names_them() -> None:
    schnapsen = get_rules("schnapsen")
    v2 = {**schnapsen.start_event({"start_score": 3}), "rules_version": "2"}
    v2["options"] = {"start_score": 3, "first_dealer": 1}
    assert schnapsen.upcast_start(v2)["options"] == {"start_score": 3, "first_dealer": 1, "deals": 0}
    with pytest.raises(IllegalAction, match="names every option; missing deals"):
        schnapsen.initial_state({**v2, "rules_version": "3"})
    preisjass = get_rules("preisjass")
    for old in ("1", "2"):
        start = {"type": "start", "game": "preisjass", "players": 4, "options": {}, "rules_version": old}
        assert preisjass.upcast_start(start)["options"] == {"games": 12}
        assert preisjass.initial_state(start).view(0)["games_total"] == 12
    with pytest.raises(IllegalAction, match="names every option; missing games"):
        preisjass.initial_state({**start, "rules_version": "3"})


@pytest.mark.parametrize("stamp", ["0", "4", 1, None, ["1"]])
def test_a_version_the_engine_never_stamped_is_refused(stamp: object) -> None:
    rules = get_rules("preisjass")
    with pytest.raises(
        IllegalAction, match=r"unsupported rules version .*: this engine replays rules versions 1, 2, 3"
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
