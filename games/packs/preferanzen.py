"""Preferanzen (the Austrian three-hand Preference) and what its Vienna variant shares with it."""

from __future__ import annotations

from games.packs.base import JSON, GamePack, OptionMeta, Strength
from games.packs.base import gettext_noop as _
from games.packs.preferanzen_challenge import AUSTRIAN

OPTIONS: dict[str, OptionMeta] = {"deals": {"label": _("Number of deals"), "min": 1, "max": 300}}
AI_LEVELS = {
    "lena": "games.ai.beginner:LenaPreferanzen",
    "anton": "games.ai.anton_preferanzen:AntonPreferanzen",
    "carla": "games.ai.preferanzen_search.player:CarlaPreferanzen",
    "dora": "games.ai.preferanzen_search.player:DoraPreferanzen",
}
COLLUSION = "games.ai.collusion.evidence:PreferanzenValuer"
OBSERVATION = "games.ai.observation.preferanzen:observe"  # one shape for both variants


def points_per_deal(result: JSON, seat: int) -> float:
    """Strength: the seat's points per deal above the table's mean (Vienna's pot takes points from
    everyone, so its rows do not sum to zero; Austrian rows do)."""
    rows = [row for row in result.get("deals", []) if "declarer" in row]
    total = sum(row["scores"][seat] - sum(row["scores"]) / 3 for row in rows)
    return float(total / max(1, len(rows)))


STRENGTH = Strength(unit="points_per_deal", reference=0.0, score=points_per_deal, options={"deals": 4})

PACK = GamePack(
    name="preferanzen",
    order=30,
    titles={"de": "Preferanzen", "en": "Preferanzen", "ru": "Преферанцен"},
    board_ranks={
        "de": "Die Punkte am Ende eines Spiels über alle seine Partien.",
        "en": "The points at the end of a match, over all its deals.",
        "ru": "Очки в конце партии по всем её раздачам.",
    },
    players=(3,),
    rules="games.engine.preferanzen:RULES",
    options=OPTIONS,
    ai_levels=AI_LEVELS,
    analyser="games.ai.analysis.preferanzen:PreferanzenAnalyser",
    collusion=COLLUSION,
    observation=OBSERVATION,
    strength=STRENGTH,
    js_module="games/preferanzen.js",
    challenge=AUSTRIAN,
)
