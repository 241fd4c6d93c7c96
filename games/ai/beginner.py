"""Lena, the beginner level of every game: Anton's rules played carelessly, as a casual player plays.

Lena decides as Anton does, then slips: a card she plays is, now and then, any legal card (she has
forgotten which cards are out and which trick she must win), and a bid, declaration or exchange is, now
and then, one step off Anton's (she misjudges her hand by a notch: bids one too high or too low). The
slips are drawn from the generator the table gives her, so she is deterministic given its seed, and she
sees only her seat's view, as every player does.

A change to how often or how she slips is a new version with its own figures (games/ai/strength.json,
games/ai/ladder.json), never an edit of this one."""

from __future__ import annotations

import random

from games.ai.anton_preferans import AntonPreferans
from games.ai.anton_preferanzen import AntonPreferanzen
from games.ai.anton_preisjass import AntonPreisjass
from games.ai.anton_schnapsen import AntonSchnapsen
from games.ai.base import JSON, Player

#: the share of her card plays in which she plays any legal card instead of Anton's
CARD_SLIP = 0.3
#: the share of her other decisions (bids, declarations, exchanges) that are one step off Anton's
BID_SLIP = 0.3


def careless(anton_choice: JSON, legal: list[JSON], rng: random.Random) -> JSON:
    """Anton's choice, or the slip Lena makes instead: any legal card for a card play, the legal action
    of the same kind next to Anton's (one step up or down the list) for any other decision."""
    if anton_choice["type"] == "play":
        cards = [a for a in legal if a["type"] == "play"]
        return cards[rng.randrange(len(cards))] if rng.random() < CARD_SLIP else anton_choice
    same_kind = [a for a in legal if a["type"] == anton_choice["type"]]
    if len(same_kind) < 2 or rng.random() >= BID_SLIP:
        return anton_choice
    at = same_kind.index(anton_choice)
    steps = [i for i in (at - 1, at + 1) if 0 <= i < len(same_kind)]
    return same_kind[steps[rng.randrange(len(steps))]]


class Beginner:
    """Anton's player of one game, with Lena's slips (subclasses name the game's Anton)."""

    name = "Lena"

    def __init__(self, anton: Player) -> None:
        self.anton = anton

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        if len(legal) == 1:
            return legal[0]
        return careless(self.anton.choose(view, legal, rng), legal, rng)


class LenaSchnapsen(Beginner):
    def __init__(self) -> None:
        super().__init__(AntonSchnapsen())


class LenaPreisjass(Beginner):
    def __init__(self) -> None:
        super().__init__(AntonPreisjass())


class LenaPreferans(Beginner):
    def __init__(self) -> None:
        super().__init__(AntonPreferans())


class LenaPreferanzen(Beginner):
    def __init__(self) -> None:
        super().__init__(AntonPreferanzen())
