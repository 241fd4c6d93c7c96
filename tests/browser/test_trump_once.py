"""The Schnapsen table names the trump once (issue 29): on the felt beside the stock and its trump card,
not again in a line above the felt. An English table at phone and desktop size; screenshots go to
artifacts/."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import shot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}

# What a reader sees of the table: the visible text of the contract line and the felt.
SEEN_JS = """() => {
  const line = document.querySelector('[data-role=contract-line]');
  const felt = document.querySelector('.felt, [data-role=felt]');
  return { line: line.hidden ? '' : line.innerText, felt: felt ? felt.innerText : '' };
}"""


@pytest.mark.parametrize(("size", "viewport"), [("390", PHONE), ("1366", DESKTOP)])
def test_schnapsen_table_names_the_trump_once(new_page: Any, size: str, viewport: dict[str, int]) -> None:
    page, watch = new_page("en", viewport)
    page.goto("/new/?game=schnapsen")
    page.fill("#ng-name", "Guest Greta")
    page.locator("#ng-ai option[value=anton]").wait_for(state="attached")
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.locator(".trump-info p.trump").wait_for()
    page.locator(".schnapsen-stock .pile .trump-under").wait_for()
    shot(page, f"trump-once-schnapsen-{size}")
    seen = page.evaluate(SEEN_JS)
    text = f"{seen['line']}\n{seen['felt']}"
    assert len(re.findall(r"\bTrump: ", text)) == 1, text
    assert seen["line"] == ""
    assert page.locator("[data-role=contract-line]").is_hidden()
    # the one that stays is on the felt, beside the stock and its trump card
    assert page.locator(".trump-info p.trump").is_visible()
    # (the phone hides the stock's caption; the pile still says which card lies across it)
    assert "Trump card: " in (page.locator(".schnapsen-stock .pile").get_attribute("aria-label") or "")
    assert not watch.problems, watch.problems
