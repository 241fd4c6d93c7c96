"""Every table in the reader's language (issue 29): each game's table against the AI, in German, English
and Russian, on a phone and a desktop, read while it is played for a few steps. The visible text holds no
game word of another language, and the cards' corners and accessible names use the language's ranks
(English A K Q J, Russian Т К Д В, German A K D B; German-suited cards O and U). Screenshots go to
artifacts/table-words-<game>-<lang>-<size>.png."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.helpers import DESKTOP, PHONE, SEATS, STEP_JS, act, open_table

pytestmark = pytest.mark.browser


def _words(text: str) -> list[str]:
    return [w.strip() for w in text.split(",")]


GERMAN_WORDS = _words(
    "Reizen, Passe, Halten, Halte, Alleinspieler, Pik, Kreuz, Karo, Herz, Trumpf, Berg, ohne, hier, "
    "Drücken, Einladen, spielt mit, Lizitieren, Mitspielen, Aussteigen, Nehmer, Spieler, Stich, "
    "Stiche, Karten, Ausspielen, Zudrehen, Vorhand, Geber, Gegenspieler, Ansagen, tauschen, "
    "eingeladen, ausgestiegen"
)
# English words German players do not use (German Preferans keeps Pass, Whist, Pool and Talon).
ENGLISH_WORDS = _words(
    "Bidding, Hold, Declarer, Taker, Mountain, Trump, Clubs, Spades, Diamonds, Hearts, Tricks, "
    "cards, Discard, Invite, Dealer, Stake"
)
LATIN_WORDS = ["Pass", "Whist", "Talon", "Pool", "Raspasy", "Misère", "Play", "Out", "Half-whist"]
# Words a table of that language must not show: the other languages' game words.
FOREIGN = {
    "de": ENGLISH_WORDS,
    "en": [*GERMAN_WORDS, "Prikup", "Stock (", "Bube", "Dame", "König", "Ass"],
    "ru": [*GERMAN_WORDS, *ENGLISH_WORDS, *LATIN_WORDS, "Stock", "Prikup"],
}
# The corner letters of the court cards, the ten and the ace (the other ranks show their digit).
CORNERS = {
    ("de", "french"): {"A", "K", "D", "B", "10"},
    ("de", "german"): {"A", "K", "O", "U", "10"},
    ("en", "french"): {"A", "K", "Q", "J", "10"},
    ("en", "german"): {"A", "K", "O", "U", "10"},
    ("ru", "french"): {"Т", "К", "Д", "В", "10"},
    ("ru", "german"): {"Т", "К", "О", "У", "10"},
}
# A word of each card's accessible name in the language: "King of Hearts", "Herz König", "Черви Король".
_RANKS = {
    "de": "6|7|8|9|10|Bube|Dame|Unter|Ober|König|Ass",
    "en": "6|7|8|9|10|Jack|Queen|Unter|Ober|King|Ace",
    "ru": "6|7|8|9|10|Валет|Дама|Унтер|Обер|Король|Туз",
}
_SUITS = {
    "de": "Kreuz|Pik|Karo|Herz|Eichel|Laub|Schellen",
    "en": "Clubs|Spades|Diamonds|Hearts|Acorns|Leaves|Bells",
    "ru": "Трефы|Пики|Бубны|Черви|Жёлуди|Листья|Бубенцы",
}
NAME_PATTERN = {
    "de": re.compile(rf"^({_SUITS['de']}) ({_RANKS['de']})$"),
    "en": re.compile(rf"^({_RANKS['en']}) of ({_SUITS['en']})$"),
    "ru": re.compile(rf"^({_SUITS['ru']}) ({_RANKS['ru']})$"),
}

# The table as the reader sees it: the page's visible text with the titles and accessible names of its
# parts, and each face-up card's corner and name.
SEEN_JS = """() => ({
  text: [document.body.innerText,
    ...[...document.querySelectorAll('[title], [aria-label]:not(.card)')]
      .map(e => `${e.getAttribute('title') || ''} ${e.getAttribute('aria-label') || ''}`)].join('\\n'),
  style: window.kartentisch.app.style,
  cards: [...document.querySelectorAll('.card[data-card]:not([data-card=""])')].map(c => ({
    card: c.dataset.card,
    corner: (c.querySelector('svg text') || {}).textContent || '',
    name: c.getAttribute('aria-label') || '',
  })),
})"""

STEPS = 6  # moves of the human seat: bidding, and in most deals the exchange or the first tricks


def _foreign_words(text: str, lang: str) -> list[str]:
    return [w for w in FOREIGN[lang] if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]


def _check(seen: dict[str, Any], lang: str, game: str) -> None:
    found = _foreign_words(seen["text"], lang)
    assert not found, f"{game} in {lang} shows {found}:\n{seen['text']}"
    corners = CORNERS[(lang, seen["style"])]
    for card in seen["cards"]:
        rank = card["card"][0]
        expected = rank if rank in "6789" else None
        if expected:
            assert card["corner"] == expected, card
        else:
            assert card["corner"] in corners, (lang, seen["style"], card)
        assert NAME_PATTERN[lang].match(card["name"]), (lang, card)


@pytest.mark.parametrize(("size", "viewport"), [("390", PHONE), ("1366", DESKTOP)])
@pytest.mark.parametrize("lang", ["de", "en", "ru"])
@pytest.mark.parametrize("game", list(SEATS))
def test_the_table_speaks_the_readers_language(
    new_page: Any, game: str, lang: str, size: str, viewport: dict[str, int]
) -> None:
    page, watch = new_page(lang, viewport)
    page.context.add_init_script("localStorage.setItem('kt.sheetOpen', '1');")  # the score sheet is read too
    open_table(page, game)
    page.locator(".hand[data-ready=true]").wait_for()
    seen = page.evaluate(SEEN_JS)
    assert seen["cards"], "no face-up card on the table"
    _check(seen, lang, game)
    shot(page, f"table-words-{game}-{lang}-{size}")
    for _ in range(STEPS):
        step = page.wait_for_function(STEP_JS, timeout=30000).json_value()
        if step["kind"] in ("final", "next"):
            break
        act(page, step)
        _check(page.evaluate(SEEN_JS), lang, game)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"the page is {width}px wide"
    shot(page, f"table-words-{game}-{lang}-{size}-played")
    assert watch.problems == []


@pytest.mark.parametrize(("size", "viewport"), [("390", PHONE), ("1366", DESKTOP)])
@pytest.mark.parametrize("lang", ["de", "en", "ru"])
def test_the_lobby_describes_the_games_in_the_readers_language(
    new_page: Any, lang: str, size: str, viewport: dict[str, int]
) -> None:
    page, watch = new_page(lang, viewport)
    page.goto("/")
    lines = page.locator(".game-tile .game-line")
    lines.first.wait_for()
    texts = lines.all_inner_texts()
    assert len(texts) == len(SEATS), texts
    for text in texts:
        assert text and not _foreign_words(text, lang), (lang, text)
        if lang == "ru":
            assert re.search("[а-яё]", text) and not re.search(r"\b(und|the|and|der|die)\b", text), text
    players = page.locator(".game-tile .game-text .muted").all_inner_texts()
    expected = {"de": "3 Spieler", "en": "3 players", "ru": "3 игрока"}[lang]
    assert expected in players, players
    shot(page, f"lobby-words-{lang}-{size}")
    assert watch.problems == []


LABELS_JS = """async () => {
  const { actionLabel } = await import('/static/frontend/js/games/schnapsen/labels.js');
  const view = { trump: 'H', trump_card: 'AH' };
  return [
    actionLabel({ type: 'exchange_trump' }, view, 'french'),
    actionLabel({ type: 'close' }, view, 'french'),
    actionLabel({ type: 'play', card: 'QH', marriage: true }, view, 'french'),
    actionLabel({ type: 'play', card: 'KS', marriage: true }, view, 'german'),
  ];
}"""

SCHNAPSEN_LABELS = {
    "de": [
        "Trumpf-Buben tauschen (gegen Herz Ass)",
        "Zudrehen",
        "Ansagen: 40 (Herz) – Dame ausspielen",
        "Ansagen: 20 (Laub) – König ausspielen",
    ],
    "en": [
        "Exchange the trump Jack (for the Ace of Hearts)",
        "Close the stock",
        "Marriage: 40 (Hearts) – lead the Queen",
        "Marriage: 20 (Leaves) – lead the King",
    ],
    "ru": [
        "Обменять козырного валета (на Черви Туз)",
        "Закрыть колоду",
        "Марьяж: 40 (Черви) – ход: дама",
        "Марьяж: 20 (Листья) – ход: король",
    ],
}


@pytest.mark.parametrize("lang", ["de", "en", "ru"])
def test_schnapsen_special_actions_are_named_in_the_readers_language(new_page: Any, lang: str) -> None:
    page, watch = new_page(lang)
    page.goto("/")
    page.locator(".game-tile").first.wait_for()
    assert page.evaluate(LABELS_JS) == SCHNAPSEN_LABELS[lang]
    assert watch.problems == []
