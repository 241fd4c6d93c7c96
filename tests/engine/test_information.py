"""A seat's information state (games/engine/information.py) in random playouts of every game: after every
event, for every seat, it holds only cards the seat saw (its own hands, the cards played, what its views
of the deal showed: its talon and exchange, the trump card, open hands), its memory of the plays is
exactly the deal's play events, and the fold from the events equals the one kept event by event."""

from __future__ import annotations

import random

import pytest

from games.ai import get_player
from games.engine import CHANCE, available_games, get_rules
from games.engine.information import (
    PLAY,
    Call,
    InformationState,
    Played,
    Witness,
    cards_in,
    information_state,
)

JSON = dict


def _playout(game: str, seed: int, events_max: int) -> list[JSON]:
    """Random legal moves (Anton's in the auction, so that contracts get played), cut at `events_max`."""
    rules = get_rules(game)
    rng = random.Random(seed)
    anton = get_player(game, "anton")
    events = [rules.start_event({})]
    state = rules.initial_state(events[0])
    while state.to_move is not None and len(events) < events_max:
        if state.to_move == CHANCE:
            event = rules.chance_event(state, rng)
        else:
            legal = state.legal_actions()
            seat = state.to_move
            assert isinstance(seat, int)
            event = anton.choose(state.view(seat), legal, rng) if rng.random() < 0.5 else rng.choice(legal)
        state = rules.apply_in_place(state, event)
        events.append(event)
    return events


@pytest.mark.parametrize("game", available_games())
@pytest.mark.parametrize("seed", range(3))
def test_the_information_state_holds_only_what_the_seat_saw(game: str, seed: int) -> None:
    rules = get_rules(game)
    events = _playout(game, seed, events_max=260)
    state = rules.initial_state(events[0])
    seats = range(int(events[0]["players"]))
    witnesses = [Witness(rules, s) for s in seats]
    seen: list[set[str]] = [set() for _ in seats]  # per seat: every card its views of the deal showed
    plays: list[Played] = []
    checked = remembered = 0
    for n, event in enumerate(events[1:], start=1):
        state = rules.apply_in_place(state, event)
        if event["type"] == "deal":
            seen = [set() for _ in seats]
            plays = []
        if event["type"] == PLAY:
            plays.append(Played(event["seat"], event["card"]))
        for s in seats:
            witnesses[s].saw(event, state)
            view = state.view(s)
            seen[s] |= set(cards_in(view, rules.deck))
            info = witnesses[s].information(state)
            assert info.view == view and info.seat == s and info.game == game
            assert info.played == tuple(plays)
            assert info.cards() <= seen[s] | {p.card for p in plays}, f"seat {s} remembers an unseen card"
            assert set(info.held) <= seen[s] and set(info.shown) <= seen[s]
            assert set(cards_in(view["hand"], rules.deck)) <= set(info.held)
            for call in info.calls:
                if call.type in rules.private_events and call.seat != s:
                    assert call.detail == (), "another seat's discard"
            checked += 1
            remembered += len(info.played) > len(view["trick"])
        if n % 37 == 0 or n == len(events) - 1:  # the fold from the events is the same
            for s in seats:
                assert information_state(rules, events[: n + 1], s) == witnesses[s].information(state)
    assert checked > 100 and remembered > 30


def test_a_discard_is_remembered_by_its_maker_only() -> None:
    """Vienna Preference: the declarer sees the talon and remembers his discard; the others see that he
    exchanged, not what."""
    rules = get_rules("preference_vienna")
    for seed in range(40):
        events = _playout("preference_vienna", seed, events_max=60)
        exchange = next((e for e in events if e["type"] == "exchange"), None)
        if exchange is None:
            continue
        declarer = exchange["seat"]
        upto = events.index(exchange) + 1
        infos = [information_state(rules, events[:upto], s) for s in range(3)]
        mine = next(c for c in infos[declarer].calls if c.type == "exchange")
        assert mine.get("discard") is not None and set(exchange["discard"]) <= infos[declarer].cards()
        for s in range(3):
            if s != declarer:
                theirs = next(c for c in infos[s].calls if c.type == "exchange")
                assert theirs == Call(declarer, "exchange", (), mine.at)
                assert not set(exchange["discard"]) & infos[s].cards()
        return
    raise AssertionError("no exchange in 40 deals")


def test_schnapsen_remembers_every_trick_where_the_view_shows_the_last() -> None:
    rules = get_rules("schnapsen")
    events = _playout("schnapsen", 7, events_max=14)
    info = information_state(rules, events, 0)
    assert isinstance(info, InformationState) and info.deal == 1
    assert len(info.tricks) >= 3 and all(len(t) == 2 for t in info.tricks)
    assert [p.card for p in info.tricks[-1]] == [p["card"] for p in info.view["last_trick"]]
    assert info.view["trump_card"] is None or info.view["trump_card"] in info.shown


@pytest.mark.parametrize("game", available_games())
def test_only_the_rules_player_events_are_remembered_as_a_seats_decision(game: str) -> None:
    """A chance event is never a seat's decision, even one that names a seat and holds cards (none does
    today): what the witness remembers of calls comes from the rules' event table, not an event's shape."""
    rules = get_rules(game)
    assert rules.player_events and "deal" not in rules.player_events
    events = _playout(game, 1, events_max=40)
    state = rules.initial_state(events[0])
    witness = Witness(rules, 0)
    for event in events[1:]:
        state = rules.apply_in_place(state, event)
        witness.saw(event, state)
    before = witness.information(state)
    hidden = sorted(rules.deck - before.cards())[:2]
    witness.saw({"type": "draw", "seat": 1, "cards": hidden}, state)
    after = witness.information(state)
    assert after == before and not set(hidden) & after.cards()
