"""The site header on a phone: at 390x844 the links fold behind a labelled menu button that opens and
shuts (click, Escape) and shows every link on the screen, clickable, without widening the page; at
1366x900 the links show as before, without the button. Screenshots go to artifacts/."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.helpers import DESKTOP, PHONE

pytestmark = pytest.mark.browser

# Every link a visitor who is not logged in finds in the header (German, the default language).
LINKS = [
    ("link", "Neues Spiel"),
    ("link", "Preisjass"),
    ("link", "Bestenliste"),
    ("link", "Ligen"),
    ("link", "Tageschallenge"),
    ("link", "Anmelden"),
    ("link", "Registrieren"),
    ("button", "DE"),
    ("button", "EN"),
    ("button", "RU"),
]


def _links(page: Any) -> list[Any]:
    nav = page.locator("header.site nav")
    return [nav.get_by_role(role, name=name, exact=True) for role, name in LINKS]


def _on_screen(page: Any, link: Any, width: int) -> None:
    box = link.bounding_box()
    assert box is not None, link
    assert box["x"] >= 0 and box["y"] >= 0, (link, box)
    height = page.viewport_size["height"]
    assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, (link, box)
    link.click(trial=True)  # visible, stable, enabled and not covered by anything


def test_the_phone_header_is_a_menu_with_every_link_on_screen(new_page: Any) -> None:
    page, watch = new_page("de", PHONE)
    page.goto("/")
    toggle = page.get_by_role("button", name="Menü", exact=True)
    toggle.wait_for()
    assert toggle.get_attribute("aria-controls") == "site-nav"
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not page.locator("#site-nav").is_visible()
    shot(page, "header-phone-closed")

    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    for link in _links(page):
        _on_screen(page, link, PHONE["width"])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "header-phone-open")

    page.keyboard.press("Escape")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not page.locator("#site-nav").is_visible()
    toggle.click()
    assert page.locator("#site-nav").is_visible()
    toggle.click()
    assert not page.locator("#site-nav").is_visible()

    # The menu's links work: the leagues page opens from it.
    toggle.click()
    page.locator("#site-nav").get_by_role("link", name="Ligen", exact=True).click()
    page.wait_for_url(re.compile(r"/leagues/$"))
    assert not watch.problems, watch.problems


def test_the_desktop_header_shows_the_links_without_a_button(new_page: Any) -> None:
    page, watch = new_page("de", DESKTOP)
    page.goto("/")
    page.locator("header.site.has-menu").wait_for(state="attached")
    assert not page.locator("header.site .menu-toggle").is_visible()
    for link in _links(page):
        _on_screen(page, link, DESKTOP["width"])
    assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
    shot(page, "header-desktop")
    assert not watch.problems, watch.problems
