"""Anton for Preisjass: legal, view-only, sensible in hand-built spots, and far better than random. Its
speed is the bench's (`python -m bench preisjass`: Anton time per move), not asserted here."""

from __future__ import annotations

import copy
import random

from bench.preisjass import anton_vs_random, match
from games.ai import get_player
from games.ai.anton_preisjass import AntonPreisjass
from games.ai.base import Player
from games.engine import CHANCE
from games.engine.preisjass import RULES
from tests.engine.preisjass_helpers import position


def _choose(state: object, seat: int) -> str:
    view = state.view(seat)  # type: ignore[attr-defined]
    legal = state.legal_actions()  # type: ignore[attr-defined]
    action = AntonPreisjass().choose(view, legal, random.Random(0))
    assert action in legal
    return str(action["card"])


def test_registered_as_anton() -> None:
    player = get_player("preisjass", "anton")
    assert isinstance(player, AntonPreisjass) and player.name == "Anton"


def test_never_illegal_deterministic_and_view_only() -> None:
    anton = AntonPreisjass()
    for seed in range(3):
        rng = random.Random(seed)
        state = RULES.initial_state(RULES.start_event())
        while state.to_move is not None:
            if state.to_move == CHANCE:
                event = RULES.chance_event(state, rng)
            else:
                seat = state.to_move
                view, legal = state.view(seat), state.legal_actions()
                frozen = copy.deepcopy(view)
                event = anton.choose(view, legal, random.Random(seed))
                assert event in legal
                assert view == frozen  # the view is read, never changed
                assert anton.choose(copy.deepcopy(view), legal, random.Random(99)) == event
            state = RULES.apply_in_place(state, event)
        assert state.result()["finished"]


def test_four_antons_decide_every_card_of_a_run() -> None:
    times: list[float] = []  # one entry per decision the bench would time
    players: list[Player] = [AntonPreisjass()] * 4
    match(players, 7, times)
    assert len(times) == 12 * 36


def test_last_seat_takes_a_valuable_trick_cheaply() -> None:
    # Trump hearts. Seat 3 plays last to QC, TC, KC (17 points), holds no club and trumps it.
    hands = [[], [], [], ["6H", "TH", "7S"]]
    state = position(hands, "8H", leader=0, trick=["QC", "TC", "KC"])
    assert _choose(state, 3) in {"6H", "TH"}


def test_keeps_the_bauer_for_a_worthless_trick() -> None:
    hands = [[], [], [], ["JH", "6C", "8S", "KD"]]
    state = position(hands, "8H", leader=0, trick=["7C", "8C", "9C"])
    assert _choose(state, 3) == "6C"


def test_bauer_takes_a_rich_trick_when_it_cannot_be_beaten() -> None:
    hands = [[], [], [], ["JH", "7S", "8S"]]
    state = position(hands, "6H", leader=0, trick=["AC", "TC", "9H"])  # 35 points, Nell on top
    assert _choose(state, 3) == "JH"


def test_discards_low_when_it_cannot_win() -> None:
    hands = [[], [], [], ["AS", "7D", "TD", "KS"]]
    state = position(hands, "6H", leader=0, trick=["AC", "KH", "6C"])
    assert _choose(state, 3) == "7D"


def test_beats_random_by_a_wide_margin() -> None:
    times: list[float] = []
    anton, rand = anton_vs_random(runs=12, seed=2024, antons=1, times=times)
    # 144 games; a fair share is 157 / 4 = 39.25 points per game
    assert anton > 47.0, (anton, rand)
    assert anton > rand + 10.0, (anton, rand)
