"""Duel's one AI level, its Grundstufe "anton" like every game's: the highest card in hand, the first
of equal ones. It reads its own seat's view only (the legal actions it is given)."""

from __future__ import annotations

import random
from typing import Any

from games.engine.cards import RANKS

JSON = dict[str, Any]


class AntonDuel:
    name = "Anton"

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        return max(legal, key=lambda action: RANKS.index(action["card"][0]))
