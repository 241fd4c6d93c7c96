"""Preference as played in Vienna: the Preferanzen engine, AIs and table with its own scoring."""

from __future__ import annotations

from games.packs import preferanzen
from games.packs.base import GamePack
from games.packs.preferanzen_challenge import VIENNA

PACK = GamePack(
    name="preference_vienna",
    order=40,
    titles={"de": "Preference (Wien)", "en": "Preference (Wien)", "ru": "Венский преферанс"},
    board_ranks={
        "de": "Der Kontostand am Ende eines Spiels: Einsatz, Topf und Auszahlungen aller Partien verrechnet.",
        "en": "The balance at the end of a match: stake, pot and the payouts of all its deals netted.",
        "ru": "Баланс в конце партии: ставка, банк и выплаты всех раздач сведены.",
    },
    players=(3,),
    rules="games.engine.preferanzen.vienna:RULES",
    options=preferanzen.OPTIONS,
    ai_levels=preferanzen.AI_LEVELS,
    analyser="games.ai.analysis.preferanzen:vienna_analyser",
    collusion=preferanzen.COLLUSION,
    observation=preferanzen.OBSERVATION,
    strength=preferanzen.STRENGTH,
    js_module="games/preferanzen.js",
    challenge=VIENNA,
)
