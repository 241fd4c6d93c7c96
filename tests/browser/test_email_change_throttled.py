"""The address form once its hourly limit is used up: a clear line in de/en/ru, on a phone and a
desktop, without sideways scrolling and without telling whether the last address is taken."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import _pages, _serve, shot
from tests.browser.helpers import DESKTOP, PASSWORD, PHONE, register

pytestmark = pytest.mark.browser
RATE = 7  # six registrations from 127.0.0.1 fit; each account then tries seven addresses
WORDS = {
    "de": "Zu viele Adressänderungen",
    "en": "Too many address changes",
    "ru": "Слишком много смен адреса",
}


@pytest.fixture(scope="module")
def limited_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _serve(tmp_path_factory.mktemp("limited-server"), THROTTLE_REGISTRATIONS=f"{RATE}/hour") as url:
        yield url


@pytest.fixture
def limited_page(browser: Any, limited_server: str) -> Iterator[Any]:
    yield from _pages(browser, limited_server)


@pytest.mark.parametrize("lang", ["de", "en", "ru"])
@pytest.mark.parametrize(("size", "viewport"), [("390", PHONE), ("1366", DESKTOP)])
def test_the_limited_address_form_says_so(limited_page: Any, lang: str, size: str, viewport: Any) -> None:
    page, watch = limited_page(lang, viewport)
    watch.allowed_statuses = {429}
    name = f"mailer{lang}{size}"
    register(page, name, name.title())
    for i in range(RATE + 1):
        page.goto("/accounts/email/")
        page.fill("input[name=email]", f"{name}{i}@example.org")
        page.fill("input[name=password]", PASSWORD)
        page.locator("main form button[type=submit]").click()
        page.wait_for_load_state()
    alert = page.locator("main [role=alert]")
    assert WORDS[lang] in alert.inner_text()
    assert page.locator("main .errorlist li").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    shot(page, f"email-change-limited-{lang}-{size}")
    # the browser logs the refused POST itself; nothing else may go wrong
    assert [p for p in watch.problems if "status of 429" not in p] == []
