"""The games a Preferanzen or Vienna Preference seat may bid for and declare, their terms for the
search, and Anton's estimate of each (what the search players simulate, and which games they skip)."""

from __future__ import annotations

from itertools import combinations
from typing import Final

from games.ai.anton_preferanzen import _discard_candidates, game_value
from games.ai.base import JSON
from games.ai.preferanzen_search.state import FIXED_VALUE, SUITS, Terms
from games.engine.preferanzen.austrian import LADDER, LEVEL, SPECIAL

LEVEL_SUIT: Final = {"kreuz": "C", "pik": "S", "karo": "D", "herz": "H"}
ACES_MASK: Final = sum(1 << (8 * s + 7) for s in range(4))


def staying(declarer: int) -> tuple[str | None, str | None, str | None]:
    d: list[str | None] = ["stay", "stay", "stay"]
    d[declarer] = None
    return (d[0], d[1], d[2])


def game_terms(vienna: bool, game: str, suit: str | None, me: int, pot: int) -> Terms:
    trump = SUITS.index(suit) if suit else -1
    if vienna:
        return Terms(True, "trump", "number", trump, me, staying(me), pot=pot)
    kind = (
        "bettler"
        if game.startswith("bettler")
        else game
        if game in ("sans_atout", "durchmarsch")
        else "trump"
    )
    return Terms(False, kind, game, trump, me, staying(me))


def games_for_bid(bid: str, suit: object, vienna: bool) -> list[tuple[str, str | None]]:
    """The games (game key, trump suit) the winner of the auction with `bid` may declare."""
    if vienna:
        if bid == "herz":
            return [("herz_hand", "H")]
        if bid == "spiel":
            return [("spiel", str(suit))]
        return [("number", s) for s in SUITS[int(bid) - 1 :]]
    if bid == "geschaeft":
        return [("geschaeft", str(suit))]
    if bid == "herzpraemie":
        return [("herzpraemie", "H")]
    return [(g, LEVEL_SUIT.get(g)) for g in LADDER[LEVEL[bid] - 1 :] if g not in SPECIAL]


def declared_game(action: JSON, vienna: bool) -> tuple[str, str | None]:
    if vienna:
        return "number", str(action["trump"])
    game = str(action["game"])
    suit = action.get("suit") or LEVEL_SUIT.get(game) or ("H" if game == "herzpraemie" else None)
    return game, str(suit) if suit else None


def anton_value(hand: list[str], game: str, suit: str | None, vienna: bool, hope: float = 0.0) -> float:
    """Anton's expected points of declaring `game` (with `hope` tricks from a talon still to come)."""
    if game in SPECIAL or game in ("spiel", "herz_hand"):
        hope = 0.0
    if vienna:
        return game_value(hand, "n", suit, True, hope)
    return game_value(hand, game, suit, False, hope)


def chance_of(value: float, game: str, suit: str | None, vienna: bool) -> float:
    """The chance of making the game behind Anton's expected `value` (his win and loss amounts)."""
    if vienna:
        bonus = 20 if suit == "H" else 0
        win, loss = 10 + bonus, 24 + bonus
    elif game in LEVEL_SUIT or game == "geschaeft":
        win, loss = 6, 9
    elif game == "herzpraemie":
        win, loss = 16, 18
    else:
        win = loss = FIXED_VALUE[game]
    return (value + loss) / (win + loss)


def anton_keeps(pool: list[str], game: str, trump: int, vienna: bool) -> list[str]:
    """Anton's best discard for `game`: the 10 cards kept."""
    suit = SUITS[trump] if trump >= 0 else None
    best: tuple[float, list[str]] = (-1e9, pool[:10])
    for a, b in combinations(_discard_candidates(pool, game, suit), 2):
        rest = [c for c in pool if c != a and c != b]
        v = anton_value(rest, game, suit, vienna)
        if v > best[0]:
            best = (v, rest)
    return best[1]
