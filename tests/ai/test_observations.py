"""An observation holds what the seat's view holds and nothing more (every card in it is a card of the
view) and reads the view's values. Schnapsen, Preisjass, Russian Preferans, Preferanzen and Vienna
Preference: the games whose AIs read observations.

The Schnapsen observation holds what the seat's view holds and nothing more: every card in it is a
card of the view (the opponent's hand and the face-down stock only where the view shows them), and its
fields read the view's values."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from games.ai import get_player
from games.ai.observation import preferans, preferanzen, preisjass
from games.ai.observation.plays import Play
from games.ai.observation.schnapsen import Marriage, observe
from games.engine import CHANCE, get_rules
from games.engine.cards import DECK_20, DECK_32, DECK_36

DECKS = set(DECK_20) | set(DECK_32) | set(DECK_36)


def _cards(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} & DECKS
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(_cards(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, dict):
        return set().union(*(_cards(v) for v in value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(*(_cards(v) for v in value))
    return set()


@pytest.mark.parametrize("seed", range(4))
def test_the_observation_shows_no_card_the_view_hides(seed: int) -> None:
    rules = get_rules("schnapsen")
    rng = random.Random(seed)
    anton = get_player("schnapsen", "anton")
    state = rules.initial_state(rules.start_event({}))
    checked = 0
    while state.to_move is not None and checked < 60:
        if state.to_move == CHANCE:
            state = rules.apply(state, rules.chance_event(state, rng))
            continue
        seat = state.to_move
        assert isinstance(seat, int)
        view = state.view(seat)
        obs = observe(view)
        # the view shows of the opponent's hand only an exchanged trump card, a marriage, a trick
        assert _cards(obs) <= _cards(view)
        assert obs.seat == seat and list(obs.hand) == view["hand"] and obs.trump == view["trump"]
        assert obs.trick == tuple(Play(t["seat"], t["card"]) for t in view["trick"])
        assert obs.marriages == tuple(Marriage(m["seat"], m["suit"]) for m in view["marriages"])
        assert obs.points == (view["points"][seat] or 0) and obs.pending == (view["pending"][seat] or 0)
        checked += 1
        state = rules.apply(state, anton.choose(view, state.legal_actions(), rng))
    assert checked >= 20


@pytest.mark.parametrize("seed", range(3))
def test_the_preisjass_observation_shows_no_card_the_view_hides(seed: int) -> None:
    rules = get_rules("preisjass")
    rng = random.Random(seed)
    anton = get_player("preisjass", "anton")
    state = rules.initial_state(rules.start_event({}))
    checked = 0
    while state.to_move is not None and checked < 60:
        if state.to_move == CHANCE:
            state = rules.apply(state, rules.chance_event(state, rng))
            continue
        seat = state.to_move
        assert isinstance(seat, int)
        view = state.view(seat)
        legal = state.legal_actions()
        if view.get("trump") is not None:  # the AIs observe the card play only
            obs = preisjass.observe(view)
            assert _cards(obs) <= _cards(view)
            assert obs.seat == seat and list(obs.hand) == view["hand"] and obs.trump == view["trump"]
            assert obs.trick == tuple(Play(e["seat"], e["card"]) for e in view["trick"])
            assert [len(t) for t in obs.tricks] == [len(t["cards"]) for t in view["tricks"]]
            assert list(obs.game_points) == view["game_points"] and list(obs.played) == view["played"]
            checked += 1
        state = rules.apply(state, anton.choose(view, legal, rng))
    assert checked >= 20


def _shown(cards: list[str] | None) -> tuple[str, ...] | None:
    return None if cards is None else tuple(cards)


@pytest.mark.parametrize("seed", range(4))
def test_the_preferans_observation_shows_no_card_the_view_hides(seed: int) -> None:
    rules = get_rules("preferans")
    rng = random.Random(seed)
    anton = get_player("preferans", "anton")
    state = rules.initial_state(rules.start_event({}))
    phases: set[str] = set()
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state = rules.apply(state, rules.chance_event(state, rng))
            continue
        seat = state.to_move
        assert isinstance(seat, int)
        view = state.view(seat)
        obs = preferans.observe(view)
        # the talon only as far as it is turned, the discard to the declarer, open hands in open play
        assert _cards(obs) <= _cards(view)
        assert obs.seat == seat and obs.phase == view["phase"] and list(obs.hand) == view["hand"]
        assert obs.talon == _shown(view["talon"]) and obs.discard == _shown(view["discard"])
        assert obs.open_hands == tuple(_shown(h) for h in view["open_hands"])
        assert obs.trick == tuple(Play(t["seat"], t["card"]) for t in view["trick"])
        assert [list(b) for b in obs.bids] == view["bids"] and list(obs.whist_calls) == view["whist_calls"]
        assert (obs.contract, obs.declarer, obs.trump, obs.raspasy) == (
            view["contract"],
            view["declarer"],
            view["trump"],
            view["raspasy"],
        )
        phases.add(obs.phase)
        if len(view["deals"]) >= 3:  # three deals: bidding, whisting and play each seen several times
            break
        state = rules.apply(state, anton.choose(view, state.legal_actions(), rng))
    assert {"bid", "play"} <= phases


@pytest.mark.parametrize("game", ["preferanzen", "preference_vienna"])
@pytest.mark.parametrize("seed", range(3))
def test_the_preferanzen_observation_shows_no_card_the_view_hides(game: str, seed: int) -> None:
    rules = get_rules(game)
    rng = random.Random(seed)
    anton = get_player(game, "anton")
    state = rules.initial_state(rules.start_event({}))
    phases: set[str] = set()
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state = rules.apply(state, rules.chance_event(state, rng))
            continue
        seat = state.to_move
        assert isinstance(seat, int)
        view = state.view(seat)
        obs = preferanzen.observe(view)
        # the talon and the discard to the declarer only, the open hand of a Bettler Ouvert
        assert _cards(obs) <= _cards(view)
        assert obs.seat == seat and obs.phase == view["phase"] and list(obs.hand) == view["hand"]
        assert obs.vienna == (game == "preference_vienna") and obs.pot == int(view.get("pot") or 0)
        assert obs.talon == _shown(view["talon"]) and obs.discards == _shown(view["discards"])
        assert obs.open_hand == _shown(view["open_hand"]) and obs.declarer == view["declarer"]
        assert obs.trick == tuple(Play(p["seat"], p["card"]) for p in view["trick"])
        assert [t.winner for t in obs.tricks] == [t["winner"] for t in view["tricks"]]
        contract = view["contract"]
        assert (obs.contract and obs.contract.kind) == (contract and contract["kind"])
        high = view["high_bid"]
        assert (obs.high_bid and obs.high_bid.bid) == (high and str(high["bid"]))
        phases.add(obs.phase)
        state = rules.apply(state, anton.choose(view, state.legal_actions(), rng))
    assert phases == {"bid", "talon", "declare", "defend", "invite", "play"}  # a whole session
