"""The Schnapsen analyser: open-hand values against plain minimax, a hand-built blunder, determinism."""

from __future__ import annotations

import random

import pytest

from games.ai.analysis.base import BLUNDER, analyse_match, same_action
from games.ai.analysis.schnapsen import SchnapsenAnalyser
from games.ai.schnapsen_search.solver import EXACT_DEPTH, SchnapsenGame
from games.ai.schnapsen_search.state import from_action, from_engine
from games.ai.search.alphabeta import brute_force
from games.engine import CHANCE
from games.engine.schnapsen import RULES
from games.engine.schnapsen.state import SchnapsenState


def _endgame(seed: int, cards_left: int) -> SchnapsenState:
    """A random deal played at random until the stock is gone and the seat to move holds `cards_left`."""
    rng = random.Random(seed)
    while True:
        state = RULES.initial_state(RULES.start_event({}))
        state = RULES.apply(state, RULES.chance_event(state, rng))
        while state.to_move not in (None, CHANCE):
            at_lead = state.strict and not state.trick and len(state.hands[state.turn]) == cards_left
            if at_lead and len(state.legal_actions()) > 1:
                return state
            legal = [a for a in state.legal_actions() if a["type"] != "close"]
            state = RULES.apply(state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("seed", range(12))
def test_open_hand_values_equal_plain_minimax_on_small_endgames(seed: int) -> None:
    state = _endgame(seed, cards_left=3 + seed % 2)
    legal = state.legal_actions()
    values = SchnapsenAnalyser().open_values(state, legal)
    deal = from_engine(state)
    game = SchnapsenGame(state.turn)
    expected = [brute_force(game, deal.play(from_action(a)), EXACT_DEPTH) for a in legal]
    assert values.exact
    assert values.values == expected


def _blunder_events() -> list[dict[str, object]]:
    """Forehand (seat 1) holds A, 10, K, Q of trumps (hearts) and the club Ace, the trump Jack lies
    under the stock: the dealer has no trump at all. Forehand closes, then leads the trump Queen
    without declaring the trump marriage: 40 points thrown away, the closed deal is lost."""
    forehand = ["AH", "TH", "KH", "QH", "AC"]
    dealer = ["JC", "QC", "JS", "QS", "KS"]
    stock = ["KC", "TC", "JD", "QD", "KD", "TD", "AD", "TS", "AS"]
    order = forehand[:3] + dealer[:3] + ["JH"] + forehand[3:] + dealer[3:] + stock
    return [
        RULES.start_event({"start_score": 3}),
        {"type": "deal", "dealer": 0, "deck": order},
        {"type": "close", "seat": 1},
        {"type": "play", "seat": 1, "card": "QH"},
    ]


def test_a_thrown_away_trump_marriage_is_a_blunder_and_the_best_move_is_found() -> None:
    result = analyse_match(SchnapsenAnalyser(), _blunder_events(), seats=[1])
    closing, blunder = result["decisions"]
    assert closing["played"] == {"type": "close"} and closing["class"] != BLUNDER
    assert blunder["seq"] == 4 and blunder["played"] == {"type": "play", "card": "QH"}
    assert blunder["class"] == BLUNDER
    # with open hands: the closer without the marriage scores 39 + 14 < 66 and loses 3 game points;
    # declaring it (or leading a trump and declaring later) wins all five tricks: +3
    opened = blunder["open"]
    assert opened["exact"] and opened["played"] == -3.0 and opened["loss"] == 6.0
    alternatives = blunder["alternatives"]
    assert opened["values"][alternatives.index({"type": "play", "card": "QH", "marriage": True})] == 3.0
    best = alternatives.index(blunder["best"])
    assert opened["values"][best] == 3.0 and blunder["view"]["values"][best] == max(blunder["view"]["values"])
    assert blunder["loss"] >= SchnapsenAnalyser.thresholds.blunder


def _bummerl(seed: int) -> list[dict[str, object]]:
    rng = random.Random(seed)
    events = [RULES.start_event({"start_score": 2})]
    state = RULES.initial_state(events[0])
    while state.to_move is not None:
        chance = state.to_move == CHANCE
        event = RULES.chance_event(state, rng) if chance else rng.choice(state.legal_actions())
        events.append(event)
        state = RULES.apply(state, event)
    return events


def test_every_decision_with_a_choice_is_analysed_and_recomputation_gives_the_same_data() -> None:
    events = _bummerl(5)
    first = analyse_match(SchnapsenAnalyser(), events)
    assert first == analyse_match(SchnapsenAnalyser(), events)
    state = RULES.initial_state(events[0])
    choices = []
    for seq, event in enumerate(events[1:], start=2):
        if state.to_move != CHANCE and len(state.legal_actions()) > 1:
            choices.append(seq)
        state = RULES.apply(state, event)
    decisions = first["decisions"]
    assert [d["seq"] for d in decisions] == choices
    for d in decisions:
        assert any(same_action(d["played"], a) for a in d["alternatives"])
        assert d["loss"] == d["view"]["loss"] >= 0
        assert len(d["open"]["values"]) == len(d["alternatives"]) == len(d["view"]["values"])
    summary = first["summary"]
    assert sum(row["decisions"] for row in summary.values()) == len(decisions)
