"""The Preferanzen / Vienna analyser before the play: bids, the talon discard and the contract are
valued in the deal's points; a deliberately bad one in a hand-built deal is a blunder and the best
alternative is named; the same events give the same data."""

from __future__ import annotations

import random

from games.ai.analysis.base import BLUNDER, JSON, analyse_match, same_action
from games.ai.analysis.registry import get_analyser
from games.engine import CHANCE, GameState, get_rules
from tests.ai.anton_matches import anton_decisions

# forehand's ten cards and the talon: five spades with the top four, three side aces (and kings)
STRONG = ["AS", "KS", "QS", "JS", "7S", "AC", "KC", "AD", "7H", "8H"]
TALON = ["9H", "TH"]
WEAK = ["7S", "9S", "JS", "8C", "TC", "QC", "7D", "9D", "JH", "KH"]


def _deal(game: str, forehand: list[str], talon: list[str]) -> tuple[list[JSON], GameState]:
    """The start and a deal giving forehand `forehand` and the talon `talon` (the rest to the others)."""
    rules = get_rules(game)
    events = [rules.start_event({})]
    state = rules.initial_state(events[0])
    while state.to_move == CHANCE and state.phase != "deal":
        events.append(rules.chance_event(state, random.Random(0)))
        state = rules.apply(state, events[-1])
    rest = [r + s for s in "SCDH" for r in "789TJQKA" if r + s not in forehand + talon]
    hands = [forehand, rest[:10], rest[10:]]
    # three cards each, the talon, four each, three each, from forehand on
    deck = [c for h in hands for c in h[0:3]] + talon
    deck += [c for h in hands for c in h[3:7]] + [c for h in hands for c in h[7:10]]
    event = {**rules.chance_event(state, random.Random(0)), "deck": deck}
    events.append(event)
    state = rules.apply(state, event)
    fh = (state.dealer + 1) % 3
    assert sorted(state.hands[fh]) == sorted(forehand)
    return events, state


def _play(game: str, events: list[JSON], state: GameState, *actions: JSON) -> GameState:
    for action in actions:
        events.append({**action, "seat": state.to_move})
        state = get_rules(game).apply(state, events[-1])
    return state


def _last(game: str, events: list[JSON], seat: int) -> JSON:
    analyser = get_analyser(game)
    assert analyser is not None
    return analyse_match(analyser, events, seats=[seat])["decisions"][-1]


def test_a_weak_hand_bidding_the_herzpraemie_is_a_blunder_and_pass_is_best() -> None:
    events, state = _deal("preferanzen", WEAK, TALON)
    seat = state.to_move
    assert isinstance(seat, int) and state.phase == "bid"
    _play("preferanzen", events, state, {"type": "bid", "bid": "herzpraemie"})
    decision = _last("preferanzen", events, seat)
    assert decision["kind"] == "bid" and decision["unit"] == "points"
    assert decision["class"] == BLUNDER
    assert decision["best"] == {"type": "bid", "bid": "pass"}
    assert decision["open"]["loss"] >= 6


def _declarer_with_talon() -> tuple[list[JSON], GameState, int]:
    events, state = _deal("preferanzen", STRONG, TALON)
    seat = state.to_move
    assert isinstance(seat, int)
    state = _play(
        "preferanzen",
        events,
        state,
        {"type": "bid", "bid": "kreuz"},
        {"type": "bid", "bid": "pass"},
        {"type": "bid", "bid": "pass"},
    )
    assert state.phase == "talon" and state.to_move == seat
    return events, state, seat


def test_throwing_the_top_trumps_is_a_blunder_and_a_small_discard_is_best() -> None:
    events, state, seat = _declarer_with_talon()
    bad = {"type": "exchange", "discard": ["KS", "AS"]}  # in any order
    _play("preferanzen", events, state, bad)
    decision = _last("preferanzen", events, seat)
    assert decision["kind"] == "exchange" and len(decision["alternatives"]) == 66
    assert same_action(decision["played"], bad)
    assert decision["class"] == BLUNDER
    assert not {"AS", "KS", "QS", "JS", "AC", "AD"} & set(decision["best"]["discard"])


def test_declaring_diamonds_with_a_spade_hand_is_a_blunder_and_spades_are_best() -> None:
    events, state, seat = _declarer_with_talon()
    state = _play("preferanzen", events, state, {"type": "exchange", "discard": ["7H", "8H"]})
    assert state.phase == "declare"
    _play("preferanzen", events, state, {"type": "declare", "game": "karo"})
    decision = _last("preferanzen", events, seat)
    assert decision["kind"] == "declare"
    assert decision["class"] == BLUNDER
    # from the view sans atout looks as good (the hearts are not seen run in four plies); with the
    # hands open spades are the game
    assert decision["best"]["game"] in ("pik", "sans_atout")
    assert decision["alternatives"][decision["open"]["best"]] == {"type": "declare", "game": "pik"}


def test_analysing_a_vienna_auction_twice_gives_the_same_data() -> None:
    # the events up to the first card of the first deal Anton plays with an exchange
    events = next(
        ev
        for ev, st in anton_decisions("preference_vienna", 2)
        if st.phase == "play" and any(e["type"] == "exchange" for e in ev)
    )
    analyser = get_analyser("preference_vienna")
    assert analyser is not None and analyser.version == "preferanzen-2"
    first = analyse_match(analyser, events)
    assert {"bid", "exchange", "declare"} <= {d["kind"] for d in first["decisions"]}
    assert all(d["view"] is not None for d in first["decisions"])
    assert analyse_match(get_analyser("preference_vienna"), events) == first  # type: ignore[arg-type]
