"""Preisjass: first-player draw, deal, cut, Bodentrumpf, dealer rotation and bad input."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import CHANCE, IllegalAction
from games.engine.cards import DECK_36
from games.engine.preisjass import RULES, Phase, PreisjassState
from tests.engine.preisjass_helpers import position, snapshot, started

DRAW_ALL = {"type": "draw", "cards": {"0": "KS", "1": "AC", "2": "6H", "3": "QD"}}


def _apply(state: PreisjassState, *events: dict[str, Any]) -> PreisjassState:
    for event in events:
        state = RULES.apply(state, event)
    return state


def _dealt(dealer_draw: dict[str, Any] = DRAW_ALL, count: int = 10) -> PreisjassState:
    return _apply(
        started(), dealer_draw, {"type": "deal", "deck": list(DECK_36)}, {"type": "cut", "count": count}
    )


# -- the first-player draw -----------------------------------------------------------------------


def test_start_waits_for_the_draw() -> None:
    state = started()
    assert state.phase == Phase.DRAW and state.to_move == CHANCE and state.version == 1
    event = RULES.chance_event(state, random.Random(1))
    assert event["type"] == "draw" and sorted(event["cards"]) == ["0", "1", "2", "3"]
    assert len(set(event["cards"].values())) == 4


def test_highest_draw_leads_and_its_right_neighbour_deals() -> None:
    state = _apply(started(), DRAW_ALL)  # seat 1 drew the ace; suits do not matter
    assert state.first_player == 1 and state.dealer == 0
    assert state.phase == Phase.SHUFFLE and state.to_move == CHANCE


def test_seat_zero_first_makes_seat_three_dealer() -> None:
    state = _apply(started(), {"type": "draw", "cards": {"0": "AC", "1": "KS", "2": "6H", "3": "QD"}})
    assert state.first_player == 0 and state.dealer == 3


def test_tied_seats_draw_again_until_one_is_highest() -> None:
    state = _apply(started(), {"type": "draw", "cards": {"0": "AS", "1": "6C", "2": "AC", "3": "KH"}})
    assert state.phase == Phase.DRAW and state.drawing == [0, 2]
    redraw = RULES.chance_event(state, random.Random(5))
    assert sorted(redraw["cards"]) == ["0", "2"]
    with pytest.raises(IllegalAction, match="each seat still drawing: seats 0, 2"):
        RULES.apply(state, {"type": "draw", "cards": {"0": "AS", "1": "6C", "2": "AC", "3": "KH"}})
    state = _apply(state, {"type": "draw", "cards": {"0": "QS", "2": "QC"}})
    assert state.drawing == [0, 2]
    state = _apply(state, {"type": "draw", "cards": {"0": "7S", "2": "TC"}})
    assert state.first_player == 2 and state.dealer == 1
    assert [sorted(d) for d in state.view(None)["draws"]] == [["0", "1", "2", "3"], ["0", "2"], ["0", "2"]]


# -- deal, cut, Bodentrumpf ----------------------------------------------------------------------


def test_cut_packets_and_bodentrumpf_with_the_dealer() -> None:
    deck = list(DECK_36)
    state = _apply(started(), DRAW_ALL, {"type": "deal", "deck": deck})
    assert state.phase == Phase.CUT and state.to_move == CHANCE
    with pytest.raises(IllegalAction, match="before the cut"):
        RULES.apply(state, {"type": "play", "seat": 1, "card": "6C"})
    state = _apply(state, {"type": "cut", "count": 10})
    cut = deck[10:] + deck[:10]
    dealer = 0
    expected: list[list[str]] = [[], [], [], []]
    for k in range(12):  # packets of three from the top, starting left of the dealer
        expected[(dealer + 1 + k) % 4] += cut[3 * k : 3 * k + 3]
    assert [sorted(h) for h in state.hands] == [sorted(h) for h in expected]
    assert state.trump_card == cut[-1] == deck[9]
    assert state.trump_card in state.hands[dealer]
    assert state.trump == state.trump_card[1]
    assert state.to_move == 1 and state.leader == 1  # left of the dealer leads
    view = state.view(2)
    assert view["bodentrumpf"] == deck[9] and view["trump"] == deck[9][1]
    assert view["cut"] == {"seat": 1, "count": 10}
    assert view["game_number"] == 1 and view["dealer"] == 0


@pytest.mark.parametrize("count", [4, 33])
def test_cut_bounds_accepted(count: int) -> None:
    state = _dealt(count=count)
    assert state.trump_card == DECK_36[count - 1]


@pytest.mark.parametrize("count", [3, 34, 0, -1, "10", 10.0, True, None])
def test_cut_out_of_range_rejected(count: object) -> None:
    state = _apply(started(), DRAW_ALL, {"type": "deal", "deck": list(DECK_36)})
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="4 to 33 cards"):
        RULES.apply(state, {"type": "cut", "count": count})
    assert snapshot(state) == before


def test_server_cut_count_is_in_range() -> None:
    state = _apply(started(), DRAW_ALL, {"type": "deal", "deck": list(DECK_36)})
    rng = random.Random(3)
    counts = {RULES.chance_event(state, rng)["count"] for _ in range(2000)}
    assert counts == set(range(4, 34))


def test_dealer_rotates_clockwise_after_each_game() -> None:
    rng = random.Random(11)
    state = _apply(started(), DRAW_ALL)
    dealers = []
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = RULES.chance_event(state, rng)
            if event["type"] == "cut":
                dealers.append(state.dealer)
        else:
            event = state.legal_actions()[0]
        state = RULES.apply_in_place(state, event)
    assert dealers == [(0 + g) % 4 for g in range(12)]
    assert [g["dealer"] for g in state.games] == dealers
    assert state.phase == Phase.OVER and state.result()["finished"]


# -- bad input ------------------------------------------------------------------------------------

BAD_PLAY_STATE = ([["KC", "6S"], ["6C", "8S", "7H"], ["AD"], ["QD"]], "8H")


@pytest.mark.parametrize(
    ("event", "reason"),
    [
        ({"type": "play", "seat": 1, "card": "8S"}, r"must follow suit \(C\)"),
        ({"type": "play", "seat": 1, "card": "AS"}, "not in your hand"),
        ({"type": "play", "seat": 2, "card": "AD"}, "not your turn"),
        ({"type": "play", "seat": "1", "card": "6C"}, "not your turn"),
        ({"type": "play", "seat": True, "card": "6C"}, "not your turn"),
        ({"type": "play", "seat": 1, "card": "XX"}, "malformed card"),
        ({"type": "play", "seat": 1, "card": ["6C"]}, "malformed card"),
        ({"type": "play", "seat": 1}, "missing card"),
        ({"type": "play", "seat": 1, "card": "6C", "extra": 1}, "unexpected field extra"),
        ({"type": "cut", "count": 10}, "not allowed now"),
        ({"type": "deal", "deck": list(DECK_36)}, "not allowed now"),
        ({"type": "start"}, "only begins a match"),
        ({"type": "bid"}, "unknown event type"),
        ({}, "unknown event type"),
        ("play 6C", "must be a JSON object"),
        (None, "must be a JSON object"),
    ],
)
def test_bad_play_input_raises_and_changes_nothing(event: Any, reason: str) -> None:
    state = position(BAD_PLAY_STATE[0], BAD_PLAY_STATE[1], leader=0, trick=["KC"])
    state.hands[0] = ["6S"]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        RULES.apply(state, event)
    with pytest.raises(IllegalAction, match=reason):
        RULES.apply_in_place(state, event)
    assert snapshot(state) == before


@pytest.mark.parametrize(
    ("event", "reason"),
    [
        ({"type": "deal", "deck": list(DECK_36)[:35]}, "all 36"),
        ({"type": "deal", "deck": [*DECK_36[:35], "6C"]}, "all 36"),
        ({"type": "deal", "deck": [[c] for c in DECK_36]}, "all 36"),
        ({"type": "deal", "deck": "6C7C"}, "all 36"),
        ({"type": "deal"}, "missing deck"),
        ({"type": "deal", "deck": list(DECK_36), "seat": 0}, "unexpected field seat"),
        ({"type": "play", "seat": 1, "card": "6C"}, "before the cut"),
        ({"type": "draw", "cards": {"0": "AC"}}, "not allowed now"),
    ],
)
def test_bad_deal_input(event: Any, reason: str) -> None:
    state = _apply(started(), DRAW_ALL)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        RULES.apply_in_place(state, event)
    assert snapshot(state) == before


@pytest.mark.parametrize(
    ("event", "reason"),
    [
        ({"type": "draw", "cards": {"0": "AC", "1": "AC", "2": "6H", "3": "QD"}}, "distinct cards"),
        ({"type": "draw", "cards": {"0": "AC", "1": "ZZ", "2": "6H", "3": "QD"}}, "distinct cards"),
        ({"type": "draw", "cards": {0: "AC", 1: "KC", 2: "6H", 3: "QD"}}, "each seat still drawing"),
        ({"type": "draw", "cards": ["AC", "KC", "6H", "QD"]}, "each seat still drawing"),
        ({"type": "play", "seat": 0, "card": "AC"}, "still being drawn"),
        ({"type": "deal", "deck": list(DECK_36)}, "must be a draw"),
    ],
)
def test_bad_draw_input(event: Any, reason: str) -> None:
    state = started()
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        RULES.apply_in_place(state, event)
    assert snapshot(state) == before


def test_nothing_after_the_run() -> None:
    state = _dealt()
    state.phase = Phase.OVER
    with pytest.raises(IllegalAction, match="run is over"):
        RULES.apply(state, {"type": "play", "seat": 1, "card": state.hands[1][0]})
    with pytest.raises(IllegalAction, match="no server event"):
        RULES.chance_event(state, random.Random(0))


@pytest.mark.parametrize(
    "start",
    [
        {"type": "start", "game": "schnapsen", "players": 4, "options": {}, "rules_version": "1"},
        {"type": "start", "game": "preisjass", "players": 3, "options": {}, "rules_version": "1"},
        {"type": "start", "game": "preisjass", "players": 4, "options": {"x": 1}, "rules_version": "1"},
        {"type": "start", "game": "preisjass", "players": 4, "options": {}, "rules_version": "9"},
        {"type": "start", "game": "preisjass", "players": 4, "options": {}},
        {"type": "deal"},
    ],
)
def test_bad_start(start: dict[str, Any]) -> None:
    with pytest.raises(IllegalAction):
        RULES.initial_state(start)
    with pytest.raises(IllegalAction):
        RULES.replay([start])


def test_unknown_option_rejected() -> None:
    assert RULES.normalize_options({}) == {"games": 12} == RULES.default_options()
    assert RULES.start_event({"games": 6})["options"] == {"games": 6}
    with pytest.raises(IllegalAction, match="unknown option 'rounds'"):
        RULES.start_event({"rounds": 6})
    for bad in (0, 13, 6.0, True, "6", None):
        with pytest.raises(IllegalAction, match="games must be a whole number from 1 to 12"):
            RULES.start_event({"games": bad})
