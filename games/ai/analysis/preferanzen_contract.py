"""Preferanzen and Vienna Preference analysis of the bids, the talon discard (exchange) and the contract
(declare): every legal alternative valued in the deal's points for the deciding seat, the way the
search player (`games.ai.preferanzen_search.player.SearchPreferanzen`) weighs them, its own
evaluators imported:

- a game is worth the declarer's points of playing it out (`_game_value`, Vienna's numbers
  `_vienna_value`): each world searched `CONTRACT_PLIES` plies deep with the solver's estimate
  beyond, the talon taken up and Anton's two cards thrown for that game (not in a hand game);
- a bid is worth the best game it allows, as if it won the auction there (`_games_for_bid`); games
  Anton's estimate rates hopeless (below `HOPELESS` chance, talon hope included) keep that estimate,
  as the player does; passing is worth 0 (the player's baseline: another's game is not counted),
  holding is the standing bid;
- a discard is worth the better of the two games Anton rates best for the twelve cards, with the ten
  kept (searched `EXCHANGE_PLIES` deep: there are 66); a contract is worth its game with the hand as it is.

With all hands open the one world is the real deal (the real talon and hands); from the player's view
`WORLDS` worlds (`EXCHANGE_WORLDS` for the 66 discards) of the player's sampler (`sample_hands`). A
seat's bids in one deal share their worlds (drawn once from the deal, the seat and its hand), so its
later bids reuse the first one's values. No clock and no budget stops the work (the counts bound it),
so the same events give the same figures.
"""

from __future__ import annotations

import random

from games.ai.anton_preferanzen import TALON_HOPE
from games.ai.base import JSON
from games.ai.observation.preferanzen import PreferanzenObservation, observe
from games.ai.preferanzen_search.games import anton_value, chance_of, declared_game, games_for_bid
from games.ai.preferanzen_search.player import HOPELESS, SearchPreferanzen
from games.ai.preferanzen_search.state import mask_of
from games.ai.preferanzen_search.worlds import sample_hands
from games.ai.search.budget import Budget
from games.engine import GameState

NO_CLOCK = 1e9
UNLIMITED = 1 << 62

CONTRACT_PLIES = 4  # plies searched per game and world before the solver's estimate
EXCHANGE_PLIES = 3  # the same for the 66 discards
WORLDS = 6
EXCHANGE_WORLDS = 2
EXCHANGE_GAMES = 2  # the games a discard is tried in: Anton's likeliest for the twelve cards

#: the engine phase -> the decision's kind
KINDS = {"bid": "bid", "talon": "exchange", "declare": "declare"}

Worlds = list[tuple[list[int], int]]

_CACHE: dict[tuple[object, ...], float] = {}
CACHE_SIZE = 5_000


def _player(plies: int = CONTRACT_PLIES) -> SearchPreferanzen:
    return SearchPreferanzen(
        worlds=1, nodes=0, plies=0, exact_tricks=0, contract_worlds=WORLDS, contract_plies=plies
    )


def _key(obs: PreferanzenObservation, worlds: Worlds) -> tuple[object, ...]:
    return (
        obs.game,
        obs.seat,
        obs.pot,
        tuple((tuple(h), p) for h, p in worlds),
    )


def game_value(
    obs: PreferanzenObservation,
    game: str,
    suit: str | None,
    worlds: Worlds,
    fixed_hand: int | None = None,
    plies: int = CONTRACT_PLIES,
) -> float:
    """The declarer's (the seat's) mean points for `game` over `worlds` (`_game_value`), cached."""
    key = (*_key(obs, worlds), game, suit, fixed_hand, plies)
    found = _CACHE.get(key)
    if found is None:
        budget = Budget(UNLIMITED, NO_CLOCK)
        found = _player(plies)._game_value(obs, game, suit, worlds, budget, fixed_hand=fixed_hand)
        _remember(key, found)
    return found


def _remember(key: tuple[object, ...], value: float) -> None:
    """Into the cache shared by every decision (and the analysis threads: a lookup never relies on
    an entry staying there)."""
    if len(_CACHE) >= CACHE_SIZE:
        _CACHE.clear()
    _CACHE[key] = value


def bid_values(obs: PreferanzenObservation, legal: list[JSON], worlds: Worlds) -> list[float]:
    vienna = obs.vienna
    hand = list(obs.hand)

    def value(game: str, suit: str | None) -> float:
        rough = anton_value(hand, game, suit, vienna, TALON_HOPE)
        if chance_of(rough, game, suit, vienna) < HOPELESS:
            return rough
        return game_value(obs, game, suit, worlds)

    out = []
    for action in legal:
        bid, suit = str(action["bid"]), action.get("suit")
        if bid == "pass":
            out.append(0.0)
            continue
        if bid == "hold":
            assert obs.high_bid is not None  # a hold holds the high bid
            bid, suit = obs.high_bid.bid, obs.high_bid.suit
        out.append(max(value(g, s) for g, s in games_for_bid(bid, suit, vienna)))
    return out


def exchange_values(obs: PreferanzenObservation, legal: list[JSON], worlds: Worlds) -> list[float]:
    vienna = obs.vienna
    assert obs.talon is not None and obs.high_bid is not None  # the declarer at his exchange
    pool = list(obs.hand) + list(obs.talon)
    high = obs.high_bid
    games = games_for_bid(high.bid, high.suit, vienna)
    order = sorted(range(len(games)), key=lambda i: (-anton_value(pool, *games[i], vienna), i))
    likely = [games[i] for i in order[:EXCHANGE_GAMES]]
    out = []
    for action in legal:
        kept = mask_of([c for c in pool if c not in action["discard"]])
        out.append(max(game_value(obs, g, s, worlds, kept, EXCHANGE_PLIES) for g, s in likely))
    return out


def declare_values(obs: PreferanzenObservation, legal: list[JSON], worlds: Worlds) -> list[float]:
    vienna = obs.vienna
    mine = mask_of(list(obs.hand))
    out = []
    for action in legal:
        if vienna:
            key = (*_key(obs, worlds), "vienna", action["trump"], bool(action["no_aces"]), mine)
            found = _CACHE.get(key)
            if found is None:
                found = _player()._vienna_value(obs, action, worlds, Budget(UNLIMITED, NO_CLOCK), mine)
                _remember(key, found)
            out.append(found)
        else:
            game, suit = declared_game(action, vienna)
            out.append(game_value(obs, game, suit, worlds, fixed_hand=mine))
    return out


def _values(obs: PreferanzenObservation, legal: list[JSON], worlds: Worlds) -> list[float]:
    phase = obs.phase
    if phase == "bid":
        return bid_values(obs, legal, worlds)
    if phase == "talon":
        return exchange_values(obs, legal, worlds)
    return declare_values(obs, legal, worlds)


def open_values(state: GameState, legal: list[JSON]) -> list[float]:
    seat = state.to_move
    assert isinstance(seat, int)
    obs = observe(state.view(seat))
    hands = [mask_of(h) for h in state.hands]  # type: ignore[attr-defined]
    return _values(obs, legal, [(hands, mask_of(state.talon))])  # type: ignore[attr-defined]


def view_values(state: GameState, legal: list[JSON], rng: random.Random) -> list[float]:
    seat = state.to_move
    assert isinstance(seat, int)
    obs = observe(state.view(seat))
    count = EXCHANGE_WORLDS if obs.phase == "talon" else WORLDS
    if obs.phase == "bid":
        rng = random.Random(f"bid:{state.deal_no}:{seat}:{','.join(obs.hand)}")  # type: ignore[attr-defined]
    return _values(obs, legal, [sample_hands(obs, rng) for _ in range(count)])
