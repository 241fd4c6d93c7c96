"""Schnapsen: two players, a Bummerl counted down from seven."""

from __future__ import annotations

from games.packs.base import JSON, ChallengeRules, GamePack, Strength
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
        # a match of counted deals is the daily challenge's: its signed totals are no Bummerl the
        # board (won Bummerls by game points) could rank
        "deals": {"offered": False},
    },
    ai_levels={
        "lena": "games.ai.beginner:LenaSchnapsen",
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
    # eight deals, the dealer alternating from seat 0: each deal scores its signed game points (+1..+3
    # for its winner, as much less for the loser); no Bummerl is counted down
    challenge=ChallengeRules(
        options={"start_score": 7, "first_dealer": 0, "deals": 8},
        deals=8,
        unit={"de": "Spielpunkte", "en": "game points", "ru": "игровые очки"},
    ),
)
