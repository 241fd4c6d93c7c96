"""An account that recovers, on a phone: register with an address, follow the mailed link, log out,
forget the password, reset it by mail, log in with the new one. The server writes its mail to files
(EMAIL_URL=file://...), which the test reads as the player's inbox. And the login and reset pages in
German, English and Russian, phone and desktop, without sideways scrolling."""

from __future__ import annotations

import email
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import _pages, _serve, shot
from tests.browser.helpers import DESKTOP, PASSWORD, PHONE, register

pytestmark = pytest.mark.browser
NEW_PASSWORD = "Frische-Karten-2718"


@pytest.fixture(scope="module")
def mail_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    tmp = tmp_path_factory.mktemp("mail-server")
    inbox = tmp / "mail"
    with _serve(tmp, EMAIL_URL=f"file://{inbox}") as url:
        yield url, inbox


@pytest.fixture
def mail_page(browser: Any, mail_server: tuple[str, Path]) -> Iterator[Any]:
    yield from _pages(browser, mail_server[0])


def inbox(folder: Path, to: str) -> list[email.message.Message]:
    """The messages the file backend wrote for `to`, oldest first (a file per connection, the messages
    in it separated by a line of dashes)."""
    found = []
    for path in sorted(folder.glob("*.log"), key=lambda p: p.stat().st_mtime_ns):
        for raw in path.read_bytes().split(b"\n" + b"-" * 79 + b"\n"):
            message = email.message_from_bytes(raw.strip())
            if message["To"] == to:
                found.append(message)
    return found


def link(message: email.message.Message, path: str) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    found = re.search(r"http://127\.0\.0\.1:\d+" + re.escape(path) + r"\S+", payload.decode())
    assert found, payload
    return found.group(0)


def no_sideways_scroll(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def log_out(page: Any) -> None:
    toggle = page.locator("header.site .menu-toggle")
    if toggle.is_visible():
        toggle.click()
    page.locator("header.site form[action='/accounts/logout/'] button").click()
    page.wait_for_load_state()


def test_register_verify_forget_reset_and_log_in_on_a_phone(
    mail_page: Any, mail_server: tuple[str, Path]
) -> None:
    folder = mail_server[1]
    address = "vroni_phone@example.org"
    page, watch = mail_page("de", PHONE)
    register(page, "vroni_phone", "Vroni am Handy")
    assert page.url.endswith("/accounts/players/vroni_phone/")
    notice = page.locator("[data-role=verify-email]")
    assert "Bitte bestätige deine Adresse." in notice.inner_text()
    shot(page, "recovery-profile-unverified-de-phone")
    no_sideways_scroll(page, PHONE["width"])

    (welcome,) = inbox(folder, address)
    page.goto(link(welcome, "/accounts/email/verify/"))
    assert page.locator("h1").inner_text() == "Adresse bestätigt"
    shot(page, "recovery-verified-de-phone")
    page.goto("/accounts/profile/")
    assert page.locator("[data-role=verify-email]").count() == 0
    assert "bestätigt" in page.locator("section.account").inner_text()
    page.goto("/accounts/email/")
    no_sideways_scroll(page, PHONE["width"])
    shot(page, "recovery-email-change-de-phone")

    log_out(page)
    page.goto("/accounts/login/")
    page.get_by_role("link", name="Passwort vergessen?").click()
    page.wait_for_url("**/accounts/password/reset/")
    page.fill("input[name=email]", address.upper())  # as typed on a phone: the case does not matter
    page.get_by_role("button", name="Link schicken").click()
    page.wait_for_url("**/accounts/password/reset/sent/")
    assert page.locator("h1").inner_text() == "Sieh in deinem Postfach nach"

    (reset,) = [m for m in inbox(folder, address) if "Passwort" in str(m["Subject"])]
    page.goto(link(reset, "/accounts/password/reset/"))
    assert page.locator("h1").inner_text() == "Neues Passwort wählen"
    no_sideways_scroll(page, PHONE["width"])
    shot(page, "recovery-reset-confirm-de-phone")
    page.fill("input[name=new_password1]", NEW_PASSWORD)
    page.fill("input[name=new_password2]", NEW_PASSWORD)
    page.get_by_role("button", name="Passwort setzen").click()
    page.wait_for_url("**/accounts/password/reset/done/")
    assert page.locator("h1").inner_text() == "Passwort gesetzt"
    shot(page, "recovery-reset-complete-de-phone")

    log_out(page)
    page.goto("/accounts/login/")
    page.fill("input[name=username]", "vroni_phone")
    page.fill("input[name=password]", PASSWORD)  # the old one no longer works
    page.locator("main form button[type=submit]").click()
    page.locator("main .errorlist").wait_for(state="visible")
    assert page.url.endswith("/accounts/login/")
    page.fill("input[name=password]", NEW_PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/accounts/players/vroni_phone/")
    assert page.locator("h1").inner_text() == "Vroni am Handy"
    assert watch.problems == []


@pytest.mark.parametrize(
    ("lang", "forgot", "send"),
    [
        ("de", "Passwort vergessen?", "Link schicken"),
        ("en", "Forgot password?", "Send the link"),
        ("ru", "Забыли пароль?", "Отправить ссылку"),
    ],
)
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_login_and_reset_pages_in_three_languages(
    mail_page: Any, lang: str, forgot: str, send: str, size: str
) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    page, watch = mail_page(lang, viewport)
    page.goto("/accounts/login/")
    no_sideways_scroll(page, viewport["width"])
    shot(page, f"recovery-login-{lang}-{size}")
    page.get_by_role("link", name=forgot).click()
    page.wait_for_url("**/accounts/password/reset/")
    page.get_by_role("button", name=send).wait_for(state="visible")
    no_sideways_scroll(page, viewport["width"])
    shot(page, f"recovery-reset-{lang}-{size}")
    page.goto("/accounts/password/reset/x/bad-token/")
    assert page.get_by_role("alert").is_visible()
    no_sideways_scroll(page, viewport["width"])
    shot(page, f"recovery-reset-bad-link-{lang}-{size}")
    assert watch.problems == []
