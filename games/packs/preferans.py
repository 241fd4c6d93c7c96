"""Preferans, the Russian Preference: a pool, mountains and whists; three players or four (the dealer
sits out)."""

from __future__ import annotations

from games.packs.base import JSON, GamePack, Strength
from games.packs.base import gettext_noop as _


def whists_per_deal(result: JSON, seat: int) -> float:
    """Strength: the seat's net whist balance of the settlement (`totals`: mountains paid out at 10/3
    whists per point to each opponent, whists netted pair by pair; the three sum to zero) per deal
    played. A match stopped by max_deals writes each seat's missing pool points on its mountain first."""
    return float(result["totals"][seat]) / max(1, result["deals_played"])


PACK = GamePack(
    name="preferans",
    order=50,
    titles={"de": "Preferans", "en": "Preferans", "ru": "Преферанс"},
    board_ranks={
        "de": "Die Whist-Bilanz der Abrechnung am Ende eines Spiels (Pool, Berg und Whists verrechnet).",
        "en": "The whist balance of the settlement at the end of a match (pool, mountain and whists netted).",
        "ru": "Итог в вистах при расчёте в конце пули (пуля, гора и висты сведены).",
    },
    players=(3, 4),
    rules="games.engine.preferans:RULES",
    options={
        "players": {
            "label": _("Number of players"),
            "choices": [(3, "3"), (4, _("4 (the dealer sits out)"))],
        },
        "pool": {"label": _("Pool size"), "choices": [(10, "10"), (20, "20"), (30, "30")]},
        "variant": {
            "label": _("Variant"),
            "choices": [("sochi", _("Sotschi")), ("leningrad", _("Leningrad")), ("rostov", _("Rostow"))],
        },
        "ascending_raspasy": {"label": _("Ascending raspasy (×1, ×2, ×3)")},
        "max_deals": {"label": _("Deals at most"), "min": 1, "max": 10000},
    },
    ai_levels={
        "anton": "games.ai.anton_preferans:AntonPreferans",
        "carla": "games.ai.preferans_search.player:CarlaPreferans",
        "dora": "games.ai.preferans_search.player:DoraPreferans",
    },
    analyser="games.ai.analysis.preferans:PreferansAnalyser",
    collusion="games.ai.collusion.evidence:PreferansValuer",
    observation="games.ai.observation.preferans:observe",
    # Sochi, pool 10, cut at 8 deals (a whole pool-10 match runs 8-28 deals; see --options)
    strength=Strength(
        unit="whists_per_deal",
        reference=0.0,
        score=whists_per_deal,
        options={"pool": 10, "max_deals": 8},
        label="pools",
    ),
    js_module="games/preferans.js",
)
