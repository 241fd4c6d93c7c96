"""Card notation shared by every game (RULES-NOTES.md): a card is `<rank><suit>`, e.g. "JH" is the
Jack (Unter) of hearts. Ranks 6 7 8 9 T J Q K A, suits C S D H (German: Eichel, Laub, Schellen, Herz)."""

from __future__ import annotations

import re

SUITS = ("C", "S", "D", "H")
RANKS = ("6", "7", "8", "9", "T", "J", "Q", "K", "A")

_CARD = re.compile(r"^[6789TJQKA][CSDH]$")

SUIT_NAMES_DE = {"C": "Eichel", "S": "Laub", "D": "Schellen", "H": "Herz"}
SUIT_NAMES_FR_DE = {"C": "Kreuz", "S": "Pik", "D": "Karo", "H": "Herz"}
RANK_NAMES_DE = {
    "6": "Sechs",
    "7": "Sieben",
    "8": "Acht",
    "9": "Neun",
    "T": "Zehn",
    "J": "Unter",
    "Q": "Ober",
    "K": "König",
    "A": "Ass",
}


def is_card(text: object) -> bool:
    return isinstance(text, str) and _CARD.match(text) is not None


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def deck(ranks: str | tuple[str, ...]) -> list[str]:
    """All cards of the given ranks, suit by suit in SUITS order."""
    return [r + s for s in SUITS for r in ranks]


DECK_36 = deck("6789TJQKA")  # Preisjass
DECK_32 = deck("789TJQKA")  # Preferanzen, Vienna Preference, Russian Preferans
DECK_20 = deck("TJQKA")  # Schnapsen


def card_name_de(card: str, german_suits: bool = True) -> str:
    """Accessible name, e.g. "Herz Unter"."""
    names = SUIT_NAMES_DE if german_suits else SUIT_NAMES_FR_DE
    return f"{names[suit(card)]} {RANK_NAMES_DE[rank(card)]}"
