"""Two players at one table; illegal clicks; the page on a phone-sized screen and in English."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.helpers import next_step, open_site_menu, play_and_wait, play_first_legal

pytestmark = pytest.mark.browser


def _trick_cards(page: Any) -> list[str]:
    return [
        str(x) for x in page.locator(".felt .trick .card").evaluate_all("els => els.map(e => e.dataset.card)")
    ]


def test_two_players_see_each_others_cards(new_page: Any) -> None:
    alma, watch_a = new_page("de")
    bert, watch_b = new_page("de")
    alma.goto("/new/?game=schnapsen")
    alma.fill("#ng-name", "Alma")
    alma.locator(".seat-row[data-seat='1'] select").select_option("human")
    alma.get_by_role("button", name="Tisch eröffnen").click()
    alma.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_id = alma.url.rstrip("/").split("/")[-1]
    alma.get_by_role("heading", name="Warten auf Mitspieler").wait_for()

    bert.goto("/")
    bert.fill("#guest-name", "Bert")
    bert.locator(f"[data-join='{match_id}']").click()
    bert.wait_for_url(f"**/matches/{match_id}/")
    for page in (alma, bert):
        page.locator(".seat .name", has_text="Alma").wait_for()
        page.locator(".seat .name", has_text="Bert").wait_for()
    alma.locator("[data-role=waiting]").wait_for(state="hidden")

    for _ in range(6):
        ready = alma.locator(".hand[data-ready=true] button.card.legal")
        ready_b = bert.locator(".hand[data-ready=true] button.card.legal")
        mover, other = (alma, bert)
        try:
            ready.first.wait_for(timeout=3000)
        except Exception:
            ready_b.first.wait_for(timeout=10000)
            mover, other = bert, alma
        card = play_first_legal(mover)
        # The other player sees the card land on the table (or in the finished trick).
        other.wait_for_function(
            "card => [...document.querySelectorAll('.felt .trick .card, .felt .last-trick .card')]"
            ".some(e => e.dataset.card === card)",
            arg=card,
        )
        mover.wait_for_function(
            "card => ![...document.querySelectorAll('.hand button.card')].some(e => e.dataset.card === card)",
            arg=card,
        )
    shot(alma, "two-players")
    assert watch_a.problems == [] and watch_b.problems == []


def test_illegal_click_does_nothing_and_says_why(new_page: Any) -> None:
    page, watch = new_page("de")
    page.goto("/preisjass/")
    page.fill("#qs-name", "Gast Grete")
    page.get_by_role("button", name="Durchgang starten").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    refused = False
    for _ in range(40):
        step = next_step(page)
        if step == "next":
            page.locator("dialog[open] [data-action=next-game]").click()
            continue
        assert step == "play"
        illegal = page.locator(".hand[data-ready=true] button.card.illegal")
        if illegal.count():
            before = page.locator(".hand button.card").count()
            trick = _trick_cards(page)
            illegal.first.click(force=True)  # aria-disabled: Playwright would wait for "enabled"
            message = page.locator("[data-role=message]")
            message.wait_for()
            assert "Erlaubt:" in message.inner_text()
            assert illegal.first.get_attribute("aria-disabled") == "true"
            page.wait_for_timeout(300)
            assert page.locator(".hand button.card").count() == before
            assert _trick_cards(page) == trick
            shot(page, "illegal-click")
            refused = True
            break
        play_and_wait(page)
    assert refused, "no situation with an illegal card came up"
    assert watch.problems == []


def test_phone_screen_in_english_with_keyboard(new_page: Any) -> None:
    page, watch = new_page("en", viewport={"width": 390, "height": 844})
    page.goto("/")
    open_site_menu(page)
    page.locator("header.site button[value=en]").click()
    page.get_by_role("heading", name="Open tables").wait_for()
    page.goto("/preisjass/")
    page.fill("#qs-name", "Phone Phil")
    page.get_by_role("button", name="Start the run").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.locator(".hand[data-ready=true] button.card.legal").first.wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1
    names = page.locator(".hand button.card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    # English names for the German-suited cards (issue 29): "Ober of Leaves", "Ace of Bells".
    english = re.compile(r"^(6|7|8|9|10|Unter|Ober|King|Ace) of (Acorns|Leaves|Hearts|Bells)$")
    assert names and all(english.match(n) for n in names), names
    count = page.locator(".hand button.card").count()
    page.locator(".hand button.card.legal").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelectorAll('.hand button.card').length === {count - 1}")
    shot(page, "phone-table")
    assert watch.problems == []


def test_game_titles_are_the_servers(new_page: Any) -> None:
    """The home page, the new-game form and the table name a game as games/catalog/titles.py does."""
    from games.catalog.titles import game_titles

    page, watch = new_page("de")
    page.goto("/")
    page.locator("[data-role=games] .game-tile").first.wait_for()
    tiles = page.locator("[data-role=games] .game-tile strong").all_inner_texts()
    titles = game_titles()
    assert sorted(tiles) == sorted(titles.values())
    page.goto("/new/?game=preference_vienna")
    page.fill("#ng-name", "Titus")
    assert page.locator("#ng-game option:checked").inner_text() == titles["preference_vienna"]
    page.get_by_role("button", name="Tisch eröffnen").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_id = page.url.rstrip("/").split("/")[-1]
    title = page.locator("[data-role=title]")
    expect_text = f"{titles['preference_vienna']} #{match_id}"
    page.wait_for_function(
        "text => document.querySelector('[data-role=title]').textContent === text", arg=expect_text
    )
    assert title.inner_text() == expect_text
    assert page.title() == f"{expect_text} – Kartentisch"
    assert watch.problems == []
