"""The phases before play: drawing for the first player (`draw`), the deck order (`deal`, phase
"shuffle") and the cut, after which the cards are dealt. All three events are drawn by the server.

The event's shape, phase and field types are checked by the rules table (rules.py); these functions
check the game's rules and only then change the state.
"""

from __future__ import annotations

from typing import Final

from games.engine.base import JSON, Field, IllegalAction, is_int
from games.engine.cards import DECK_36, is_card
from games.engine.preisjass.cards import PLAIN_RANK, sort_hand
from games.engine.preisjass.state import CUT, PLAY, PLAYERS, SHUFFLE, PreisjassState

CUT_MIN: Final = 4
CUT_MAX: Final = 33
PACKET: Final = 3

_DECK_SET: Final = frozenset(DECK_36)

#: the `deck` field of a deal: the order of all 36 cards, each once
DECK_FIELD: Final[Field] = Field(
    # a list of the right length whose set is the deck holds every card once (an unhashable item raises
    # TypeError, which the checker counts as a no)
    lambda deck: type(deck) is list and len(deck) == len(DECK_36) and set(deck) == _DECK_SET,
    "a deal must give the order of all 36 Preisjass cards, each once",
)
#: the `count` field of a cut
COUNT_FIELD: Final[Field] = Field(
    lambda count: is_int(count) and CUT_MIN <= count <= CUT_MAX,
    f"the cut takes {CUT_MIN} to {CUT_MAX} cards from the top",
)


def deal_hands(deck: list[str], count: int, dealer: int) -> tuple[list[list[str]], str]:
    """Cut `count` cards off the top and put them under the rest, then deal three rounds of packets of
    three from the top, starting left of the dealer. Returns the hands and the Bodentrumpf (the bottom
    card, which lies in the dealer's last packet)."""
    cut = deck[count:] + deck[:count]
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    for k in range(len(cut) // PACKET):
        hands[(dealer + 1 + k) % PLAYERS].extend(cut[k * PACKET : (k + 1) * PACKET])
    return [sort_hand(h) for h in hands], cut[-1]


def apply_draw(state: PreisjassState, event: JSON) -> None:
    cards = event["cards"]
    want = [str(s) for s in state.drawing]
    if not isinstance(cards, dict) or set(cards) != set(want):
        raise IllegalAction(f"a draw gives one card to each seat still drawing: seats {', '.join(want)}")
    drawn = [cards[k] for k in want]
    if not all(is_card(c) for c in drawn) or len(set(drawn)) != len(drawn):
        raise IllegalAction("a draw needs distinct cards from one Preisjass deck")
    best = max(PLAIN_RANK[c[0]] for c in drawn)
    top = [s for s, c in zip(state.drawing, drawn, strict=True) if PLAIN_RANK[c[0]] == best]
    state.draws.append({k: cards[k] for k in want})
    if len(top) > 1:
        state.drawing = top  # only the tied seats draw again
        return
    state.drawing = []
    state.first_player = top[0]
    state.dealer = (top[0] - 1) % PLAYERS  # the highest card leads the first trick of game 1
    state.phase = SHUFFLE


def apply_deal(state: PreisjassState, event: JSON) -> None:
    state.deck = list(event["deck"])
    state.game_no = len(state.games) + 1
    state.cut = None
    state.trump_card = None
    state.trick = []
    state.tricks = []
    state.game_points = [0] * PLAYERS
    state.tricks_won = [0] * PLAYERS
    state.phase = CUT


def apply_cut(state: PreisjassState, event: JSON) -> None:
    count = event["count"]
    assert state.deck is not None and state.dealer is not None
    dealer = state.dealer
    state.hands, state.trump_card = deal_hands(state.deck, count, dealer)
    state.deck = None
    state.cut = {"seat": (dealer + 1) % PLAYERS, "count": count}
    state.leader = state.seat_to_play = (dealer + 1) % PLAYERS
    state.phase = PLAY
    state._legal = None
