"""Russian in the browser: a Preferans table against the AI in Russian Preferans terms on a phone and a
desktop, the replay's refusal in the page's language, the league form in Russian and German (ISO dates
in the date inputs, rule options as fields), and the translated 404 page with its way back."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.helpers import register

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


@pytest.mark.parametrize(("viewport", "label"), [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_preferans_against_the_ai_in_russian(new_page: Any, viewport: dict[str, int], label: str) -> None:
    page, watch = new_page("ru", viewport)
    page.goto("/new/?game=preferans")
    options = page.locator("[data-role=options]")
    options.get_by_label("Размер пули").wait_for()
    assert options.get_by_label("Вариант").locator("option").all_inner_texts() == [
        "Сочинка",
        "Ленинградка",
        "Ростовка",
    ]
    page.fill("#ng-name", "Иван")
    page.get_by_role("button", name="Открыть стол").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_id = page.url.rstrip("/").split("/")[-1]
    bidding = page.locator(".prs-bidding")
    bidding.wait_for()
    text = bidding.inner_text()
    assert "торговля" in text and "мизер" in text and "6 б/к" in text and "пас" in text
    for german in ("Reizen", "Misère", "ohne", "Pass"):
        assert german not in text
    assert page.locator("h1[data-role=title]").inner_text().startswith("Преферанс")
    _no_sideways_scroll(page)
    shot(page, f"ru-preferans-{label}")

    replay, watch_replay = new_page("ru", viewport)
    watch_replay.allowed_statuses.add(403)
    replay.goto(f"/matches/{match_id}/replay/")
    message = replay.locator("[data-role=message]")
    message.filter(has_text="Повтор откроется").wait_for()
    assert "replay opens" not in message.inner_text()
    assert watch.problems == []
    assert [p for p in watch_replay.problems if "status of 403" not in p] == []  # the refusal itself


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_a_league_is_created_through_the_form(new_page: Any, lang: str) -> None:
    page, watch = new_page(lang, PHONE)
    register(page, f"liga_{lang}", f"Liga {lang}")
    page.goto("/leagues/")
    starts = page.locator("input[name=starts_on]")
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", starts.input_value())  # a date input takes ISO only
    page.fill("input[name=name]", f"Пуля {lang}")
    page.select_option("select[name=game]", "preferans")
    assert page.locator("[data-options-for=schnapsen]").is_hidden()
    page.select_option("select[name=opt_preferans_pool]", "30")
    page.check("input[name=opt_preferans_ascending_raspasy]")
    _no_sideways_scroll(page)
    shot(page, f"league-form-{lang}")
    page.locator("form[data-role=league-form] button[type=submit]").click()
    page.wait_for_url(re.compile(r"/leagues/\d+/$"))
    assert f"Пуля {lang}" in page.locator("main").inner_text()
    page.locator("#standings").wait_for()
    _no_sideways_scroll(page)  # the standings table scrolls inside itself on a phone
    shot(page, f"league-standings-{lang}")
    assert watch.problems == []


def test_a_missing_match_gets_the_404_page_with_a_way_back(new_page: Any) -> None:
    page, watch = new_page("ru", PHONE)
    watch.allowed_statuses.add(404)
    page.goto("/matches/999999/")
    assert page.locator("h1").inner_text() == "Страница не найдена"
    page.locator("[data-role=to-lobby]").click()
    page.wait_for_url(re.compile(r"/$"))
    assert page.locator("h1").count() == 1
    assert [p for p in watch.problems if "status of 404" not in p] == []  # the missing page itself
