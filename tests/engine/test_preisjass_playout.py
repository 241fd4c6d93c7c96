"""Preisjass: seeded random playouts with invariants, replay equality and property tests."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import CHANCE, IllegalAction
from games.engine.cards import DECK_36
from games.engine.preisjass import RULES, Phase, PreisjassState
from games.engine.preisjass.cards import TRUMP_RANK, legal_cards
from tests.engine.preisjass_helpers import play_random_run, random_step, snapshot

RUNS = 25  # 25 runs x 12 games = 300 full games


_OTHER_DECKS = ("draws", "sheet")


def _strings(value: Any) -> set[str]:
    """Every string inside a JSON value, except the first-player draw (its own deck) and the score sheet
    of finished games (their Bodentrumpf cards); the sheet holds no cards of the current game."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for k, v in value.items() if k not in _OTHER_DECKS), set())
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value), set())
    return set()


def _check_step(state: PreisjassState) -> None:
    to_move = state.to_move
    legal = state.legal_actions()
    if state.phase == Phase.PLAY:
        held = [c for h in state.hands for c in h]
        played = state.played_cards()
        assert sorted(held + played) == sorted(DECK_36)  # cards conserved
        assert sum(len(h) for h in state.hands) + len(played) == 36
        assert isinstance(to_move, int) and legal
        assert all(a["seat"] == to_move and a["type"] == "play" for a in legal)
        assert len({a["card"] for a in legal}) == len(legal)
        assert sum(state.game_points) == sum(t["points"] for t in state.tricks)
    else:
        assert legal == []
    floor = state.trump_card
    for seat in range(4):
        view = state.view(seat)
        json.dumps(view)
        # exactly one seat has a move set, and it is the seat to move
        assert view["legal"] == (legal if seat == to_move else [])
        seen = _strings(view)
        for other in range(4):
            if other != seat:
                hidden = set(state.hands[other]) - {floor}
                assert not (hidden & seen), f"seat {seat} sees cards of seat {other}"
        assert view["hand"] == state.hands[seat]
        assert [g["bodentrumpf"] for g in view["sheet"]["games"]] == [g["bodentrumpf"] for g in state.games]
    spectator = _strings(state.view(None))
    assert not (spectator & ({c for h in state.hands for c in h} - {floor}))


def test_random_playouts_keep_every_invariant() -> None:
    for seed in range(RUNS):
        rng = random.Random(seed)
        events = [RULES.start_event()]
        state = RULES.initial_state(events[0])
        step = 0
        while state.to_move is not None:
            _check_step(state)
            event = random_step(state, rng)
            if step % 9 == 0:
                before = snapshot(state)
                nxt = RULES.apply(state, event)
                assert snapshot(state) == before  # apply never mutates its input
                assert nxt.version == state.version + 1
            if state.to_move != CHANCE and step % 5 == 0:
                for action in state.legal_actions():
                    RULES.apply(state, action)  # every legal action applies
                legal = {a["card"] for a in state.legal_actions()}
                for card in state.hands[state.to_move]:
                    if card not in legal:
                        try:
                            RULES.apply(state, {"type": "play", "seat": state.to_move, "card": card})
                        except IllegalAction:
                            continue
                        raise AssertionError(f"illegal card {card} was accepted")
            events.append(event)
            state = RULES.apply_in_place(state, event)
            step += 1
        _check_step(state)
        result = state.result()
        assert result["finished"] and state.version == len(events)
        assert len(result["deals"]) == 12
        assert all(sum(g["points"]) == 157 for g in result["deals"])
        assert sum(result["totals"]) == 1884
        assert result["sacks"] == [sum(g["sacks"][s] for g in result["deals"]) for s in range(4)]
        assert result["totals"] == [sum(g["points"][s] for g in result["deals"]) for s in range(4)]
        replayed = RULES.replay(events)
        assert replayed == state
        assert replayed.result() == result
        for seat in (None, 0, 1, 2, 3):
            assert replayed.view(seat) == state.view(seat)
        # replay of every prefix equals the live state at that point (checked for one run)
        if seed == 0:
            live = RULES.initial_state(events[0])
            for i in range(1, len(events)):
                live = RULES.apply(live, events[i])
                if i % 37 == 0:
                    assert RULES.replay(events[: i + 1]).view(None) == live.view(None)


def test_ranking_follows_totals() -> None:
    state, _ = play_random_run(101)
    result = state.result()
    totals, ranking = result["totals"], result["ranking"]
    for a in range(4):
        assert ranking[a] == 1 + sum(1 for b in range(4) if totals[b] > totals[a])


def _allowed(card: str, hand: list[str], trick: list[str], trump: str) -> bool:
    """The seed's following rules, card by card, written independently of the engine."""
    if not trick:
        return True
    lead = trick[0][1]
    if lead == trump:
        other_trump = any(c[1] == trump and c[0] != "J" for c in hand)
        return card[1] == trump if other_trump else True
    if card[1] == lead:
        return True
    if card[1] == trump:
        top = max((TRUMP_RANK[c[0]] for c in trick if c[1] == trump), default=-1)
        undertrump = TRUMP_RANK[card[0]] < top
        return not undertrump or all(c[1] == trump for c in hand)
    return not any(c[1] == lead for c in hand)


@settings(max_examples=400, deadline=None)
@given(st.permutations(DECK_36), st.integers(1, 9), st.integers(0, 3), st.sampled_from("CSDH"))
def test_legal_cards_match_the_rule_text(deck: list[str], n_hand: int, n_trick: int, trump: str) -> None:
    hand, trick = deck[:n_hand], deck[n_hand : n_hand + n_trick]
    legal = legal_cards(hand, trick, trump)
    assert legal == [c for c in hand if _allowed(c, hand, trick, trump)]
    assert legal  # never an empty move set
