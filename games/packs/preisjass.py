"""Preisjass: four players, German cards, twelve games a run; sacks are counted beside the points."""

from __future__ import annotations

from decimal import Decimal

from games.packs.base import JSON, ChallengeRules, GamePack, ScoredResult, Strength


def score(result: ScoredResult, seat: int) -> tuple[Decimal, int | None]:
    """Leaderboard: card points over the twelve games; sacks are counted apart and never change them."""
    assert result.sacks is not None
    return result.points(seat), result.sacks[seat]


def points_per_game(result: JSON, seat: int) -> float:
    """Strength: the seat's card points per game of the run (157 per game, fair share 39.25)."""
    return float(result["totals"][seat] / max(1, result["games_played"]))


PACK = GamePack(
    name="preisjass",
    order=10,
    titles={"de": "Preisjass", "en": "Preisjass", "ru": "Прайсъяс"},
    players=(4,),
    rules="games.engine.preisjass:RULES",
    deck="german",
    # a run of fewer games is the daily challenge's: the board ranks whole runs of twelve
    options={"games": {"offered": False}},
    ai_levels={
        "lena": "games.ai.beginner:LenaPreisjass",
        "anton": "games.ai.anton_preisjass:AntonPreisjass",
        "bernd": "games.ai.bernd_preisjass:BerndPreisjass",
        "dora": "games.ai.preisjass_search.player:DoraPreisjass",
    },
    analyser="games.ai.analysis.preisjass:PreisjassAnalyser",
    observation="games.ai.observation.preisjass:observe",
    strength=Strength(unit="points_per_game", reference=39.25, score=points_per_game, label="runs"),
    scorer=score,
    sacks=True,
    board_ranks={
        "de": "Kartenpunkte eines ganzen Laufs von zwölf Spielen; "
        "die Säcke stehen daneben und ändern den Rang nicht.",
        "en": "Card points over a whole run of twelve games; "
        "sacks are shown beside them and do not change the rank.",
        "ru": "Очки за целый заход из двенадцати игр; мешки указаны рядом и на место не влияют.",
    },
    ai_names=("Anna", "Paul", "Mia"),
    js_module="games/preisjass.js",
    # four games, so each seat deals once (the dealer moves on clockwise, from the seat the draw
    # gives): each game scores the card points its seats took
    challenge=ChallengeRules(
        options={"games": 4},
        deals=4,
        unit={"de": "Kartenpunkte", "en": "card points", "ru": "карточные очки"},
    ),
)
