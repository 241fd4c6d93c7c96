"""Schnapsen: two players, a Bummerl counted down from seven."""

from __future__ import annotations

from games.packs.base import JSON, GamePack, Strength
from games.packs.base import gettext_noop as _


def bummerl_won(result: JSON, seat: int) -> float:
    """Strength: 100 for a Bummerl won heads-up, else 0."""
    return 100.0 * (result["winner"] == seat)


PACK = GamePack(
    name="schnapsen",
    order=20,
    titles={"de": "Schnapsen", "en": "Schnapsen", "ru": "Шнапсен"},
    players=(2,),
    rules="games.engine.schnapsen:RULES",
    options={
        "start_score": {
            "label": _("Bummerl points to start from"),
            "min": 1,
            "max": 21,
            "help": _("Each seat counts down from this number; 7 is the usual match."),
        },
        "first_dealer": {"label": _("First dealer"), "choices": [(0, _("Seat 1")), (1, _("Seat 2"))]},
    },
    ai_levels={
        "anton": "games.ai.anton_schnapsen:AntonSchnapsen",
        "carla": "games.ai.schnapsen_search.player:CarlaSchnapsen",
        "dora": "games.ai.schnapsen_search.player:DoraSchnapsen",
    },
    analyser="games.ai.analysis.schnapsen:SchnapsenAnalyser",
    observation="games.ai.observation.schnapsen:observe",
    strength=Strength(unit="bummerl_win_percent", reference=50.0, score=bummerl_won, label="Bummerls"),
    ai_names=("Anna",),
    board_ranks={
        "de": "Gewonnene Bummerl, gereiht nach den Spielpunkten des Siegers; "
        "ein verlorenes Bummerl kommt nicht auf die Liste.",
        "en": "Won Bummerls, ranked by the winner's game points; a lost Bummerl does not enter the board.",
        "ru": "Выигранные буммерли по игровым очкам победителя; проигранный буммерль в таблицу не попадает.",
    },
    board_wins_only=True,
    js_module="games/schnapsen.js",
)
