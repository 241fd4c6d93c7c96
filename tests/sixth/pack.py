"""Duel's pack: all the platform learns of the sixth game (registered by the tests only)."""

from __future__ import annotations

from games.packs.base import GamePack

PACK = GamePack(
    name="duel",
    order=60,
    titles={"de": "Duell", "en": "Duel", "ru": "Дуэль"},
    players=(2,),
    rules="tests.sixth.engine:RULES",
    options={"cards": {"label": "Cards per hand", "min": 1, "max": 10}},
    ai_levels={"anton": "tests.sixth.ai:AntonDuel"},
    ai_names=("Ben",),
)
