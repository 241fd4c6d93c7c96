"""Duel's pack: all the platform learns of the sixth game (registered by the tests only)."""

from __future__ import annotations

from games.packs.base import GamePack

PACK = GamePack(
    name="duel",
    order=60,
    titles={"de": "Duell", "en": "Duel", "ru": "Дуэль"},
    players=(2,),
    rules="tests.sixth.engine:RULES",
    # its own words in each language: a new game's texts need no message catalogue
    options={
        "cards": {
            "label": {"de": "Karten je Hand", "en": "Cards per hand", "ru": "Карт на руке"},
            "min": 1,
            "max": 10,
        }
    },
    ai_levels={"anton": "tests.sixth.ai:AntonDuel"},
    ai_names=("Ben",),
)
