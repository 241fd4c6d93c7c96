"""The AI levels in words in the browser: the new-game dialog (Schnapsen) and the Preisjass quick start
show each level with its figure against Anton and its 95 % range in German, English and Russian, the
chosen level in full under the select (a phone cuts the option's text) with what it was measured on;
screenshots at 390×844 and 1366×900."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.helpers import DESKTOP, PHONE, register

pytestmark = pytest.mark.browser

# the Schnapsen levels' figures come from games/ai/strength.json: the numbers may change, the words not
BUMMERLS = {
    "de": r"gewinnt \d+ % der Bummerl gegen Anton \(95 %-Bereich \d+–\d+ %\)",
    "en": r"wins \d+% of Bummerls against Anton \(95% range \d+–\d+%\)",
    "ru": r"выигрывает \d+ % буммерлей у Антона \(95-процентный интервал: \d+–\d+ %\)",
}
MEASURED = {"de": "Gemessen in ", "en": "Measured in ", "ru": "Измерено на "}
BASELINE = {"de": "Anton — Grundstufe (Maßstab)", "en": "Anton — baseline (reference)"}
BASELINE["ru"] = "Антон — базовый уровень (эталон)"
POINTS = {
    "de": r"Bernd — holt im Schnitt \d+ Punkte pro Spiel, Anton 39 \(95 %-Bereich \d+–\d+\)",
    "en": r"Bernd — scores \d+ points per game on average, Anton 39 \(95% range \d+–\d+\)",
    "ru": r"Бернд — очков за игру в среднем: \d+, у Антона 39 \(95-процентный интервал: \d+–\d+\)",
}


@pytest.mark.parametrize("lang", ["de", "en", "ru"])
@pytest.mark.parametrize(("viewport", "label"), [(PHONE, "390"), (DESKTOP, "1366")])
def test_the_new_game_dialog_words_each_level(
    new_page: Any, lang: str, viewport: dict[str, int], label: str
) -> None:
    page, watch = new_page(lang, viewport)
    page.goto("/new/?game=schnapsen")
    select = page.locator("#ng-ai")
    select.locator("option[value=dora]").wait_for(state="attached")
    options = select.locator("option").all_inner_texts()
    assert options[0] == BASELINE[lang]
    names = ["Антон", "Лена", "Карла", "Дора"] if lang == "ru" else ["Anton", "Lena", "Carla", "Dora"]
    assert [o.split(" — ")[0] for o in options] == names
    for option in options[1:]:
        assert re.fullmatch(rf"({'|'.join(names[1:])}) — {BUMMERLS[lang]}", option), option
    words = page.locator("[data-role=ai-words]")
    assert words.inner_text().startswith(BASELINE[lang])  # Anton is chosen first
    select.select_option("dora")
    level = words.locator("[data-role=ai-level]")
    assert level.inner_text() == options[3]
    assert MEASURED[lang] in words.inner_text().split(options[3])[1]
    box = words.bounding_box()
    assert box is not None and box["x"] + box["width"] <= viewport["width"], "the words run off the screen"
    words.scroll_into_view_if_needed()
    shot(page, f"ai-levels-new-game-{lang}-{label}")
    assert watch.problems == []


@pytest.mark.parametrize("lang", ["de", "en", "ru"])
def test_the_preisjass_quick_start_words_bernd(new_page: Any, lang: str) -> None:
    page, watch = new_page(lang, PHONE)
    page.goto("/preisjass/")
    select = page.locator("#qs-ai")
    select.locator("option[value=bernd]").wait_for(state="attached")
    select.select_option("bernd")
    words = page.locator("#quick-start [data-role=ai-words] [data-role=ai-level]")
    assert re.fullmatch(POINTS[lang], words.inner_text()), words.inner_text()
    shot(page, f"ai-levels-preisjass-{lang}-390")
    assert watch.problems == []


def test_a_league_fixes_the_chosen_level(new_page: Any) -> None:
    """The league form offers each game's levels in words (the select fits a phone); the league page
    names the chosen one, its tables seat it, and the player's league matches show which AI played."""
    page, watch = new_page("de", PHONE)
    register(page, "liga_dora", "Liga Dora")
    page.goto("/leagues/")
    page.fill("input[name=name]", "Schnapsrunde")
    page.select_option("select[name=game]", "schnapsen")
    select = page.locator("select[name=ai_schnapsen]")
    levels = select.locator("option").all_inner_texts()
    assert levels[0] == BASELINE["de"] and re.fullmatch(rf"Dora — {BUMMERLS['de']}", levels[3]), levels
    box = select.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"], (
        "the level select runs off the screen"
    )
    select.select_option("dora")
    select.scroll_into_view_if_needed()
    shot(page, "ai-levels-league-form-de-390")
    page.locator("form[data-role=league-form] button[type=submit]").click()
    page.wait_for_url(re.compile(r"/leagues/\d+/$"))
    league_url = page.url
    assert page.locator("[data-role=ai-level] strong").inner_text() == levels[3]
    assert page.locator("#ai-level").count() == 0  # the level is the league's, not chosen per table
    shot(page, "ai-levels-league-de-390")
    page.select_option("#ai-seats", "1")
    page.get_by_role("button", name="Ligatisch eröffnen").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.goto(f"{league_url}players/liga_dora/")
    assert page.locator("td.ai-level").first.inner_text() == levels[3]
    assert watch.problems == []
