"""Schnapsen cards: the 20-card deck, card points, trick order, the deal layout and the follow rules."""

from __future__ import annotations

from typing import Final

from games.engine.cards import DECK_20

DECK: Final[tuple[str, ...]] = tuple(DECK_20)
DECK_SET: Final = frozenset(DECK)

#: card points: Ass 11, Zehn 10, König 4, Dame/Ober 3, Bube/Unter 2 (120 in the deck)
CARD_POINTS: Final[dict[str, int]] = {c: {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}[c[0]] for c in DECK}
#: trick order inside a suit: A > T > K > Q > J
STRENGTH: Final[dict[str, int]] = {c: "JQKTA".index(c[0]) for c in DECK}

SUIT_NAMES: Final = {"C": "clubs", "S": "spades", "D": "diamonds", "H": "hearts"}
#: the trump suit -> its Jack (the card that may be exchanged for the trump card)
TRUMP_JACK: Final = {suit: "J" + suit for suit in SUIT_NAMES}

MARRIAGE_POINTS: Final = 20
TRUMP_MARRIAGE_POINTS: Final = 40
WINNING_POINTS: Final = 66
HAND_SIZE: Final = 5

# Deal layout, as positions in the 20-card order of a `deal` event (index 0 is dealt first):
# 3 cards to the non-dealer (forehand), 3 to the dealer, 1 turned up as trump, 2 to the forehand,
# 2 to the dealer, and the remaining 9 face down on the trump card; index 11 is the top of the stock
# (drawn first), index 19 the last face-down card; the trump card itself is drawn last of all.
FOREHAND_SLOTS: Final = (0, 1, 2, 7, 8)
DEALER_SLOTS: Final = (3, 4, 5, 9, 10)
TRUMP_SLOT: Final = 6
STOCK_SLOTS: Final = tuple(range(11, 20))


def split_deal(order: list[str]) -> tuple[list[str], list[str], str, list[str]]:
    """(forehand hand, dealer hand, trump card, face-down stock in drawing order) of a deck order."""
    forehand = [order[i] for i in FOREHAND_SLOTS]
    dealer = [order[i] for i in DEALER_SLOTS]
    stock = [order[i] for i in STOCK_SLOTS]
    return forehand, dealer, order[TRUMP_SLOT], stock


def partner(card: str) -> str:
    """The other half of a marriage: King <-> Queen of the same suit."""
    return ("Q" if card[0] == "K" else "K") + card[1]


#: King -> Queen and Queen -> King of the same suit (the marriage partners)
MARRIAGE_PARTNER: Final[dict[str, str]] = {c: partner(c) for c in DECK if c[0] in "KQ"}


def beats(second: str, first: str, trump: str) -> bool:
    """Does `second` (played to the lead `first`) win the trick?"""
    if second[1] == first[1]:
        return STRENGTH[second] > STRENGTH[first]
    return second[1] == trump


def strict_choices(hand: list[str], led: str, trump: str) -> list[str]:
    """Cards the follower may play once the stock is closed or exhausted: follow suit and beat if
    possible, else follow lower; without the led suit trump if possible; otherwise any card."""
    suit = led[1]
    same = [c for c in hand if c[1] == suit]
    if same:
        strength = STRENGTH[led]
        higher = [c for c in same if STRENGTH[c] > strength]
        return higher or same
    trumps = [c for c in hand if c[1] == trump]
    return trumps or list(hand)


def strict_reason(hand: list[str], led: str, trump: str) -> str:
    """Why a card outside `strict_choices` is not allowed, in plain words."""
    suit = led[1]
    same = [c for c in hand if c[1] == suit]
    if same:
        if any(STRENGTH[c] > STRENGTH[led] for c in same):
            return (
                f"must follow suit ({SUIT_NAMES[suit]}) and beat the lead when the stock is closed or empty"
            )
        return f"must follow suit ({SUIT_NAMES[suit]}) when the stock is closed or empty"
    return f"must trump ({SUIT_NAMES[trump]}) when out of {SUIT_NAMES[suit]} and the stock is closed or empty"
