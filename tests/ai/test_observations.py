"""An observation holds what the seat's view holds and nothing more (every card in it is a card of the
view: another seat's hand, the talon, the stock only where the view shows them) and reads the view's
values. Every game whose pack names an observation (`GamePack.observation`) is played here by Anton, a
whole match or its first MOST decisions; `EXPECT` adds what one game's observation reads besides the
seat and the hand."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from games import packs
from games.ai import get_player
from games.ai.base import JSON
from games.ai.observation.plays import plays
from games.engine import CHANCE, get_rules
from games.engine.cards import DECK_20, DECK_32, DECK_36
from games.packs.base import load

DECKS = set(DECK_20) | set(DECK_32) | set(DECK_36)
OBSERVED = [p for p in packs.all_packs() if p.observation is not None]
MOST = 300  # decisions observed per run: a whole match of most games, the first deals of Preferans
DECISIONS = 5_000  # a match longer than this is a runaway


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


def _shown(cards: list[str] | None) -> tuple[str, ...] | None:
    return None if cards is None else tuple(cards)


def _schnapsen(obs: Any, view: JSON) -> None:
    seat = obs.seat
    assert obs.trump == view["trump"] and obs.trick == plays(view["trick"])
    assert [(m.seat, m.suit) for m in obs.marriages] == [(m["seat"], m["suit"]) for m in view["marriages"]]
    assert obs.points == (view["points"][seat] or 0) and obs.pending == (view["pending"][seat] or 0)


def _preisjass(obs: Any, view: JSON) -> None:
    assert obs.trump == view["trump"] and obs.trick == plays(view["trick"])
    assert [len(t) for t in obs.tricks] == [len(t["cards"]) for t in view["tricks"]]
    assert list(obs.game_points) == view["game_points"] and list(obs.played) == view["played"]


def _preferans(obs: Any, view: JSON) -> None:
    # the talon only as far as it is turned, the discard to the declarer, open hands in open play
    assert obs.phase == view["phase"]
    assert obs.talon == _shown(view["talon"]) and obs.discard == _shown(view["discard"])
    assert obs.open_hands == tuple(_shown(h) for h in view["open_hands"])
    assert obs.trick == plays(view["trick"])
    assert [list(b) for b in obs.bids] == view["bids"] and list(obs.whist_calls) == view["whist_calls"]
    assert (obs.contract, obs.declarer, obs.trump, obs.raspasy) == (
        view["contract"],
        view["declarer"],
        view["trump"],
        view["raspasy"],
    )


def _preferanzen(obs: Any, view: JSON) -> None:
    # the talon and the discard to the declarer only, the open hand of a Bettler Ouvert
    assert obs.phase == view["phase"] and obs.game == view["game"]
    assert obs.vienna == (view["game"] == "preference_vienna") and obs.pot == int(view.get("pot") or 0)
    assert obs.talon == _shown(view["talon"]) and obs.discards == _shown(view["discards"])
    assert obs.open_hand == _shown(view["open_hand"]) and obs.declarer == view["declarer"]
    assert obs.trick == plays(view["trick"])
    assert [t.winner for t in obs.tricks] == [t["winner"] for t in view["tricks"]]
    contract = view["contract"]
    assert (obs.contract and obs.contract.kind) == (contract and contract["kind"])
    high = view["high_bid"]
    assert (obs.high_bid and obs.high_bid.bid) == (high and str(high["bid"]))


@dataclasses.dataclass(frozen=True)
class Expect:
    """One game's own part of the test; a game without an entry gets the shared checks alone."""

    #: its fields against the view's values
    fields: Callable[[Any, JSON], None] = lambda obs, view: None
    #: the views its AIs observe (Preisjass: the card play, once the trump is made)
    observed: Callable[[JSON], bool] = lambda view: True
    #: the view's phases a run shows
    phases: frozenset[str] = frozenset()


PREFERANZEN = Expect(_preferanzen, phases=frozenset({"bid", "talon", "declare", "defend", "invite", "play"}))
EXPECT = {
    "schnapsen": Expect(_schnapsen),
    "preisjass": Expect(_preisjass, observed=lambda view: view.get("trump") is not None),
    "preferans": Expect(_preferans, phases=frozenset({"bid", "exchange", "declare", "whist", "play"})),
    "preferanzen": PREFERANZEN,
    "preference_vienna": PREFERANZEN,
}


def test_every_game_expected_here_names_its_observation() -> None:
    assert set(EXPECT) <= {p.name for p in OBSERVED}


@pytest.mark.parametrize("pack", OBSERVED, ids=lambda p: p.name)
@pytest.mark.parametrize("seed", range(3))
def test_the_observation_shows_no_card_the_view_hides(pack: packs.GamePack, seed: int) -> None:
    assert pack.observation is not None
    observe = load(pack.observation)
    expect = EXPECT.get(pack.name, Expect())
    rules = get_rules(pack.name)
    rng = random.Random(seed)
    anton = get_player(pack.name, "anton")
    state = rules.initial_state(rules.start_event({}))
    checked, decisions = 0, 0
    phases: set[str] = set()
    while state.to_move is not None and checked < MOST:
        if state.to_move == CHANCE:
            state = rules.apply(state, rules.chance_event(state, rng))
            continue
        seat = state.to_move
        assert isinstance(seat, int)
        view = state.view(seat)
        if expect.observed(view):
            obs = observe(view)
            assert _cards(obs) <= _cards(view)
            assert obs.seat == seat and list(obs.hand) == view["hand"]
            expect.fields(obs, view)
            phases.add(view.get("phase", ""))
            checked += 1
        decisions += 1
        assert decisions < DECISIONS
        state = rules.apply(state, anton.choose(view, state.legal_actions(), rng))
    assert checked >= 20
    assert expect.phases <= phases
