"""Preferans, the Russian Preference: a pool, mountains and whists; three players or four (the dealer
sits out)."""

from __future__ import annotations

from games.packs.base import JSON, ChallengeRules, GamePack, Strength
from games.packs.base import gettext_noop as _

_SUITS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}

#: the words of a finished deal's contract per language: no trump (after the level), misère, all
#: passed, and who declared by his place from the reader's seat (0 the reader, 1 his left neighbour,
#: 2 the right one at three, the one opposite at four, 3 the right one at four)
_CONTRACT_WORDS: dict[str, JSON] = {
    "de": {
        "nt": "ohne",
        "misere": "Misère",
        "raspasy": "Passspiel",
        "who": ["du spielst", "linker Gegner spielt", "rechter Gegner spielt"],
        "who4": ["du spielst", "linker Gegner spielt", "Gegenüber spielt", "rechter Gegner spielt"],
    },
    "en": {
        "nt": "NT",
        "misere": "Misère",
        "raspasy": "All pass",
        "who": ["you declare", "left opponent declares", "right opponent declares"],
        "who4": [
            "you declare",
            "left opponent declares",
            "opposite player declares",
            "right opponent declares",
        ],
    },
    "ru": {
        "nt": "б/к",
        "misere": "Мизер",
        "raspasy": "Распасы",
        "who": ["играете вы", "играет левый соперник", "играет правый соперник"],
        "who4": ["играете вы", "играет левый соперник", "играет игрок напротив", "играет правый соперник"],
    },
}


def contract_text(row: JSON, seat: int, language: str) -> str:
    """A finished deal's contract and who played it, seen from `seat` ("7♠ — you declare", "All
    pass"), from the engine's deal row (`result()["deals"][k]`); "" for a row without a contract."""
    words = _CONTRACT_WORDS.get(language.split("-")[0].lower(), _CONTRACT_WORDS["en"])
    if row.get("kind") == "raspasy":
        return str(words["raspasy"])
    contract, declarer = row.get("contract"), row.get("declarer")
    if not isinstance(contract, str) or not isinstance(declarer, int):
        return ""
    if contract == "MIS":
        name = words["misere"]
    elif contract.endswith("NT"):
        name = f"{contract[:-2]} {words['nt']}"
    else:
        name = contract[:-1] + _SUITS.get(contract[-1], contract[-1])
    players = len(row.get("tricks") or ()) or 3
    who = words["who4"] if players == 4 else words["who"]
    return f"{name} — {who[(declarer - seat) % len(who)]}"


#: the daily challenge: eight independent deals at three (engine option `deals`)
CHALLENGE = ChallengeRules(
    options={
        "players": 3,
        "pool": 10,
        "variant": "sochi",
        "ascending_raspasy": False,
        "max_deals": 200,
        "deals": 8,
    },
    deals=8,
    unit={"de": "Whists", "en": "whists", "ru": "висты"},
    contract=contract_text,
)


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
        "lena": "games.ai.beginner:LenaPreferans",
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
    challenge=CHALLENGE,
)
