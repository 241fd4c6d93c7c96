"""The daily challenge of Preferanzen and Vienna Preference: their `ChallengeRules` (8 independent
deals) and the short contract text of a finished deal from its score-sheet row, in the words the
table uses (frontend/static/frontend/js/gamewords.js, games/preferanzen/names.js)."""

from __future__ import annotations

from collections.abc import Mapping

from games.packs.base import JSON, ChallengeRules

DEALS = 8
#: what a deal's score counts: the payout points of the score sheet
UNIT = {"de": "Punkte", "en": "points", "ru": "очки"}

SYMBOL = {"C": "♣", "S": "♠", "D": "♦", "H": "♥"}
WORDS: Mapping[str, Mapping[str, str]] = {
    "de": {
        "C": "Kreuz",
        "S": "Pik",
        "D": "Karo",
        "H": "Herz",
        "geschaeft": "Geschäft",
        "herzpraemie": "Herzprämie",
        "bettler": "Bettler",
        "sans_atout": "Sans Atout",
        "bettler_ouvert": "Bettler Ouvert",
        "durchmarsch": "Durchmarsch",
        "spiel": "Spiel",
        "herz": "Herz",
        "hand": "Handspiel",
        "no_aces": "keine Asse",
        "all_passed": "Alle gepasst",
        "you": "du spielst",
        "left": "linker Gegner spielt",
        "right": "rechter Gegner spielt",
    },
    "en": {
        "C": "Clubs",
        "S": "Spades",
        "D": "Diamonds",
        "H": "Hearts",
        "geschaeft": "Geschäft",
        "herzpraemie": "Herzprämie",
        "bettler": "Bettler",
        "sans_atout": "Sans Atout",
        "bettler_ouvert": "Bettler Ouvert",
        "durchmarsch": "Durchmarsch",
        "spiel": "Hand",
        "herz": "Hearts",
        "hand": "hand game",
        "no_aces": "no aces",
        "all_passed": "All passed",
        "you": "you declare",
        "left": "left opponent declares",
        "right": "right opponent declares",
    },
    "ru": {
        "C": "Трефы",
        "S": "Пики",
        "D": "Бубны",
        "H": "Черви",
        "geschaeft": "гешефт",
        "herzpraemie": "премия за черви",
        "bettler": "мизер",
        "sans_atout": "без козыря",
        "bettler_ouvert": "открытый мизер",
        "durchmarsch": "дурхмарш",
        "spiel": "игра",
        "herz": "черви",
        "hand": "с руки",
        "no_aces": "без тузов",
        "all_passed": "Все спасовали",
        "you": "играешь ты",
        "left": "играет левый соперник",
        "right": "играет правый соперник",
    },
}
#: the Austrian ladder's four trump steps
STEP_SUIT = {"kreuz": "C", "pik": "S", "karo": "D", "herz": "H"}


def _words(language: str) -> Mapping[str, str]:
    return WORDS.get(language.split("-")[0].lower(), WORDS["en"])


def _suit(suit: str | None, words: Mapping[str, str]) -> str:
    return f"{SYMBOL.get(suit or '', '')} {words.get(suit or '', suit or '')}".strip()


def _who(declarer: int, seat: int, words: Mapping[str, str]) -> str:
    """The declarer relative to `seat`: the next seat (forehand after the dealer) sits on the left."""
    return words[("you", "left", "right")[(declarer - seat) % 3]]


def _text(row: JSON, seat: int, language: str, name: str) -> str:
    return f"{name} — {_who(row['declarer'], seat, _words(language))}"


def _passed(row: JSON) -> bool:
    return bool(row.get("void")) or not isinstance(row.get("declarer"), int) or not row.get("contract")


def austrian_contract(row: JSON, seat: int, language: str) -> str:
    """ "Bettler — du spielst", "♥ Hearts — left opponent declares", "All passed"."""
    words = _words(language)
    if _passed(row):
        return words["all_passed"]
    game, trump = row["contract"]["game"], row["contract"].get("trump")
    if game in STEP_SUIT:
        name = _suit(trump, words)
    elif game == "geschaeft":
        name = f"{words['geschaeft']} {_suit(trump, words)}"
    elif game == "herzpraemie":
        name = f"{words['herzpraemie']} {SYMBOL['H']}"
    else:
        name = words.get(game, game)
    return _text(row, seat, language, name)


def vienna_contract(row: JSON, seat: int, language: str) -> str:
    """ "♠ Pik (2) — du spielst", "Hand ♣ Clubs · no aces — right opponent declares", "All passed"."""
    words = _words(language)
    if _passed(row):
        return words["all_passed"]
    contract = row["contract"]
    game, trump = contract["game"], contract.get("trump")
    if game == "spiel":
        name = f"{words['spiel']} {_suit(trump, words)}"
    elif game == "herz":
        name = f"{words['herz']} {SYMBOL['H']} ({words['hand']})"
    else:  # a number bid: the declared trump, and the number bid
        bid = (row.get("bid") or {}).get("bid")
        name = _suit(trump, words) + (f" ({bid})" if bid else "")
    if contract.get("no_aces"):
        name += f" · {words['no_aces']}"
    return _text(row, seat, language, name)


AUSTRIAN = ChallengeRules(options={"deals": DEALS}, deals=DEALS, unit=UNIT, contract=austrian_contract)
# void_deals_count: exactly DEALS deals; fresh_pot: no deal's take or refill depends on an earlier one
VIENNA = ChallengeRules(
    options={"deals": DEALS, "fresh_pot": True, "void_deals_count": True},
    deals=DEALS,
    unit=UNIT,
    contract=vienna_contract,
)
