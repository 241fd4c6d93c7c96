"""The AI ladder in the browser: the new-game dialog shows each Schnapsen level's ladder rating (from
games/ai/ladder.json) beside its figure against Anton, strongest first, and the chosen level's rating in
full under the select, in German, English and Russian, on a phone (390×844) and a desktop (1366×900), without
sideways scrolling; screenshots in artifacts/ladder/."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import DESKTOP, PHONE

pytestmark = pytest.mark.browser

NUMBER = r"[-+]?\d+[.,]\d"
RUNG = {
    "de": rf"Ranglistenwert {NUMBER} \(95 %-Bereich [^)]+\) aus \d+ Duplikat-Sätzen gegen die anderen Stufen",
    "en": rf"Ladder rating {NUMBER} \(95% range [^)]+\) from \d+ duplicate sets against the other levels",
    "ru": rf"Рейтинг в общей таблице уровней: {NUMBER} \(95-процентный интервал: [^)]+\), по \d+ "
    r"дублированным сериям против других уровней",
}
SHORT = {
    "de": rf"Wert {NUMBER} \(95 %-Bereich [^)]+\)",
    "en": rf"rating {NUMBER} \(95% range [^)]+\)",
    "ru": rf"рейтинг {NUMBER} \(95-процентный интервал: [^)]+\)",
}
AGAINST_ANTON = {"de": "gegen Anton", "en": "against Anton", "ru": "у Антона"}
HEADING = {"de": "Die KI-Stufen auf einer Skala", "en": "The AI levels on one scale"}
HEADING["ru"] = "Уровни ИИ на одной шкале"
NAMES = {"lena": "Lena", "anton": "Anton", "carla": "Carla", "dora": "Dora"}
NAMES_RU = {"lena": "Лена", "anton": "Антон", "carla": "Карла", "dora": "Дора"}


def _rating(text: str) -> float:
    return float(re.search(NUMBER, text).group().replace(",", "."))  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", ["de", "en", "ru"])
@pytest.mark.parametrize(("viewport", "label"), [(PHONE, "390"), (DESKTOP, "1366")])
def test_the_new_game_dialog_shows_the_ladder(
    new_page: Any, lang: str, viewport: dict[str, int], label: str
) -> None:
    page, watch = new_page(lang, viewport)
    page.goto("/new/?game=schnapsen")
    ladder = page.locator("[data-role=ai-ladder]")
    rows = ladder.locator("li")
    rows.nth(3).wait_for()
    assert ladder.locator("h2").inner_text() == HEADING[lang]
    assert sorted(rows.evaluate_all("rows => rows.map(r => r.dataset.version)")) == [
        "anton",
        "carla",
        "dora",
        "lena",
    ]
    ratings = []
    for i in range(rows.count()):
        row = rows.nth(i)
        rung = row.locator("[data-role=ai-rung]").inner_text()
        assert re.fullmatch(SHORT[lang], rung), rung
        ratings.append(_rating(rung))
        version = row.get_attribute("data-version")
        assert row.locator("strong").inner_text() == (NAMES_RU if lang == "ru" else NAMES)[version]
        figure = row.locator(".muted").inner_text()  # the figure against Anton beside it
        assert version == "anton" or AGAINST_ANTON[lang] in figure, figure
    assert ratings == sorted(ratings, reverse=True), "strongest first"
    assert rows.nth(3).get_attribute("data-version") == "lena", "the beginner at the bottom"
    page.locator("#ng-ai").select_option("dora")
    chosen = page.locator("[data-role=ai-words] [data-role=ai-rung]")
    assert re.fullmatch(RUNG[lang], chosen.inner_text()), chosen.inner_text()
    sideways = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert sideways <= 0, f"the page scrolls sideways by {sideways}px"
    for element in (ladder, page.locator("[data-role=ai-words]")):
        box = element.bounding_box()
        assert box is not None and box["x"] + box["width"] <= viewport["width"], "runs off the screen"
    (ARTIFACTS / "ladder").mkdir(parents=True, exist_ok=True)
    ladder.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "ladder" / f"new-game-{lang}-{label}.png"), full_page=True)
    ladder.screenshot(path=str(ARTIFACTS / "ladder" / f"ladder-{lang}-{label}.png"))
    assert watch.problems == []


def test_a_rating_below_zero_reads_as_a_range_on_a_phone(new_page: Any) -> None:
    """Preferans's beginner rates near zero: a range from below zero is worded ("-8,3 до 10,2"), not
    dashed, and the longer Russian lines still fit the phone."""
    page, watch = new_page("ru", PHONE)
    page.goto("/new/?game=preferans")
    rows = page.locator("[data-role=ai-ladder] li")
    rows.nth(3).wait_for()
    assert rows.evaluate_all("rows => rows.map(r => r.dataset.version)") == ["dora", "carla", "anton", "lena"]
    below_zero = []
    for i in range(4):
        rung = rows.nth(i).locator("[data-role=ai-rung]").inner_text()
        assert re.fullmatch(SHORT["ru"], rung), rung
        low = re.search(r"интервал: (?:от )?(-?\d+,\d)", rung)
        assert low is not None
        if low.group(1).startswith("-"):
            below_zero.append(rows.nth(i).get_attribute("data-version"))
            assert " до " in rung and "–" not in rung, rung
    assert "lena" in below_zero, "the ladder file rates Preferans's beginner near zero"
    assert page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0
    (ARTIFACTS / "ladder").mkdir(parents=True, exist_ok=True)
    page.locator("[data-role=ai-ladder]").screenshot(path=str(ARTIFACTS / "ladder" / "preferans-ru-390.png"))
    assert watch.problems == []
