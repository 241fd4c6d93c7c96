"""Every page works under the Content-Security-Policy: it is sent, and nothing on the pages (scripts,
styles, the websocket) is refused by it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.helpers import play_and_wait, register

pytestmark = pytest.mark.browser
PAGES = [
    "/",
    "/new/",
    "/preisjass/",
    "/leaderboard/",
    "/leagues/",
    "/accounts/login/",
    "/accounts/register/",
    "/admin/login/",
    "/api/docs/",
]
# Records every CSP violation of the page (the browser also logs each as a console error).
RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(
  `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def test_every_page_runs_under_the_policy_without_a_violation(new_page: Any) -> None:
    page, watch = new_page("de")
    page.add_init_script(RECORD_VIOLATIONS)
    for path in PAGES:
        response = page.goto(path)
        assert response is not None and response.status == 200, path
        policy = response.headers.get("content-security-policy", "")
        assert "script-src 'self'" in policy and "default-src 'self'" in policy, (path, policy)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("() => window.__csp") == [], path
        if path == "/admin/login/":  # the admin names no icon: the browser asks for /favicon.ico
            watch.problems = [p for p in watch.problems if "status of 404" not in p]
        assert watch.problems == [], path
    page.locator("#swagger-ui .info").wait_for()  # the API docs rendered with their script file
    register(page, "cspcheck", "Clara")
    assert page.evaluate("() => window.__csp") == []
    assert watch.problems == []


def test_a_live_table_works_under_the_policy(new_page: Any) -> None:
    page, watch = new_page("de")
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto("/preisjass/")
    page.fill("#qs-name", "Gast Grete")
    page.get_by_role("button", name="Durchgang starten").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    page.wait_for_function("() => window.kartentisch.live.ws && window.kartentisch.live.ws.readyState === 1")
    for _ in range(3):  # moves go over the websocket and come back as state
        page.locator(".hand[data-ready=true] button.card.legal").first.wait_for()
        play_and_wait(page)
    assert page.evaluate("() => window.__csp") == []
    assert watch.problems == []
