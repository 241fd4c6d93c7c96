"""Notifications in Chromium, at 390x844 and 1366x900 in de, en and ru: a friend request arrives and the
bell's count rises without a reload; the list opens, following a notification marks it read, "mark all
as read" clears the rest; the channels are switched on the settings page. Push on a device: the real
Push API (which Chromium refuses here: a Playwright context is an incognito profile, where Chrome offers
no push, crbug.com/41124656), then a stand-in subscription through the same page code to the server
and back, and a push delivered to the real service worker over the DevTools protocol.
No CSP violation, no sideways scroll on the phone. Screenshots go to artifacts/notifications/."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, _pages, _serve
from tests.browser.helpers import DESKTOP, PHONE, register
from tests.browser.test_csp import RECORD_VIOLATIONS
from tests.notifications.conftest import Browser, vapid_pair

pytestmark = pytest.mark.browser

SHOTS = ARTIFACTS / "notifications"
PRIVATE, PUBLIC = vapid_pair()

ASK_JS = """async (name) => {
  const api = await import('/static/frontend/js/api.js');
  return api.post('/api/friends/', {username: name});
}"""
INVITE_JS = """async (name) => {
  const api = await import('/static/frontend/js/api.js');
  const seats = [{kind: 'human', name: ''}, {kind: 'human', name: ''}];
  const table = await api.post('/api/matches/', {game: 'schnapsen', seats, name: '', options: {}});
  await api.post(`/api/friends/${name}/invite/`, {match: table.id});
  return table.id;
}"""
ACCEPT_JS = """async (name) => {
  const api = await import('/static/frontend/js/api.js');
  return api.post(`/api/friends/${name}/accept/`);
}"""
BELL_COUNT = """() => {
  const b = document.querySelector('[data-role=bell-count]');
  return b.hidden ? 0 : Number(b.textContent);
}"""

WORDS = {
    "de": {
        "asks": "möchte mit dir befreundet sein",
        "saved": "gespeichert",
        "failed": "ließ sich",
        "on": "ist auf",
    },
    "en": {
        "asks": "wants to be your friend",
        "saved": "saved",
        "failed": "could not be turned on",
        "on": "is on",
    },
    "ru": {
        "asks": "хочет добавить вас в друзья",
        "saved": "сохранены",
        "failed": "Не удалось",
        "on": "включён",
    },
}


@pytest.fixture(scope="module")
def notify_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own: the bell looks every second, push is set up, and the only push service it
    posts to is one that cannot exist (push.invalid), so nothing leaves the machine."""
    with _serve(
        tmp_path_factory.mktemp("notify-server"),
        NOTIFICATIONS_POLL_SECONDS="1",
        WEBPUSH_VAPID_PRIVATE_KEY=PRIVATE,
        WEBPUSH_VAPID_PUBLIC_KEY=PUBLIC,
        WEBPUSH_ENDPOINT_HOSTS="push.invalid",
    ) as url:
        yield url


@pytest.fixture
def notify_page(browser: Any, notify_server: str) -> Iterator[Any]:
    yield from _pages(browser, notify_server)


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def fits(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def no_violations(page: Any) -> None:
    assert page.evaluate("() => window.__csp") == []


@pytest.mark.parametrize("lang", ["de", "en", "ru"])
@pytest.mark.parametrize("size", ["390", "1366"])
def test_a_friend_request_rings_the_bell_and_the_list_and_settings_work(
    notify_page: Any, lang: str, size: str
) -> None:
    viewport = PHONE if size == "390" else DESKTOP
    tag = uuid.uuid4().hex[:6]
    reader, sender = f"nr{tag}", f"ns{tag}"
    words = WORDS[lang]
    them, _ = notify_page(lang, viewport)
    register(them, sender, f"Sina{tag}")
    page, watch = notify_page(lang, viewport)
    page.add_init_script(RECORD_VIOLATIONS)
    register(page, reader, f"Rudi{tag}")
    page.goto("/")
    bell = page.locator("header.site [data-role=bell]")
    assert bell.is_visible() and page.evaluate(BELL_COUNT) == 0

    them.evaluate(ASK_JS, reader)
    page.wait_for_function(f"() => ({BELL_COUNT})() === 1", timeout=10000)  # no reload
    assert "1" in (bell.get_attribute("aria-label") or "")
    fits(page, viewport["width"])
    shot(page, f"bell-{lang}-{size}")

    bell.click()
    page.wait_for_url("**/notifications/")
    item = page.locator("[data-role=notifications] li").first
    assert words["asks"] in item.inner_text() and "unread" in (item.get_attribute("class") or "")
    fits(page, viewport["width"])
    shot(page, f"list-{lang}-{size}")
    item.locator("a").click()
    page.wait_for_url("**/friends/")
    assert page.evaluate(BELL_COUNT) == 0
    page.goto("/notifications/")
    assert page.locator("[data-role=notifications] li").first.get_attribute("class") == "read"

    # friends now: an invitation to a table rings again; "mark all as read" clears it
    page.evaluate(ACCEPT_JS, sender)
    table = them.evaluate(INVITE_JS, reader)
    page.wait_for_function(f"() => ({BELL_COUNT})() === 1", timeout=10000)
    page.reload()
    first = page.locator("[data-role=notifications] li").first
    assert str(table) in first.inner_text() and first.get_attribute("data-kind") == "table_invitation"
    page.locator("[data-role=read-all] button").click()
    page.wait_for_load_state()
    assert page.evaluate(BELL_COUNT) == 0 and page.locator("li.unread").count() == 0

    # the settings: e-mail for turns on, push for friend requests off
    page.locator("[data-role=settings-link]").click()
    page.wait_for_url("**/notifications/settings/")
    fits(page, viewport["width"])
    shot(page, f"settings-{lang}-{size}")
    page.locator("input[name='your_turn.email']").check()
    page.locator("input[name='friend_request.push']").uncheck()
    page.locator("[data-role=notify-settings] button[type=submit]").click()
    page.wait_for_load_state()
    assert words["saved"] in page.locator("[data-role=notice]").inner_text()
    assert page.locator("input[name='your_turn.email']").is_checked()
    assert not page.locator("input[name='friend_request.push']").is_checked()
    assert page.locator("input[name='friend_request.site']").is_checked()
    assert page.locator("input[name='challenge_result.email']").count() == 0
    no_violations(page)
    assert watch.problems == []


def _registration_id(page: Any, seen: list[dict[str, Any]]) -> str:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        live = [r for r in seen if not r.get("isDeleted")]
        if live:
            return str(live[-1]["registrationId"])
        page.wait_for_timeout(100)  # (not time.sleep: Playwright hands over the CDP events while it waits)
    raise AssertionError("no service worker registration")


STAND_IN_PUSH = """(sub) => {
  // Headless Chromium has no push service: a subscription of the same shape stands in for the one a
  // phone's browser gives (its endpoint at a push service that cannot exist: push.invalid).
  let current = null;
  const fake = {
    endpoint: sub.endpoint,
    options: {applicationServerKey: null},
    toJSON: () => sub,
    unsubscribe: async () => { current = null; return true; },
  };
  PushManager.prototype.subscribe = async function (options) {
    const key = options.applicationServerKey;
    if (!options.userVisibleOnly || !(key instanceof Uint8Array)) throw new Error('bad options');
    current = fake;
    return fake;
  };
  PushManager.prototype.getSubscription = async function () { return current; };
}"""


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_push_on_a_device(notify_page: Any, notify_server: str, lang: str) -> None:
    tag = uuid.uuid4().hex[:6]
    page, watch = notify_page(lang, PHONE)
    page.context.grant_permissions(["notifications"], origin=notify_server)
    page.add_init_script(RECORD_VIOLATIONS)
    register(page, f"np{tag}", f"Paula{tag}")
    page.goto("/notifications/settings/")
    box = page.locator("[data-role=push]")
    page.wait_for_function("() => document.querySelector('[data-role=push]').dataset.state === 'off'")

    # The real Push API: Chromium refuses the subscription here, and the page says so.
    box.locator("[data-action=push-on]").click()
    page.wait_for_function("() => document.querySelector('[data-role=push]').dataset.state === 'failed'")
    assert WORDS[lang]["failed"] in box.inner_text()
    assert "Registration failed" in (box.get_attribute("data-problem") or "")
    # (Chrome's own console line about that refusal is not the page's error)
    watch.problems = [p for p in watch.problems if "does not support the Push API in incognito" not in p]
    shot(page, f"push-failed-{lang}-390")

    # The same page code with a stand-in subscription: sent to the server, shown as on.
    stand_in = Browser.new().subscription()
    stand_in["endpoint"] = f"https://push.invalid/send/{tag}"
    context = page.context
    second = context.new_page()
    second.add_init_script(RECORD_VIOLATIONS)
    second.add_init_script(f"({STAND_IN_PUSH})({json.dumps(stand_in)})")
    second.goto("/notifications/settings/")
    push_box = second.locator("[data-role=push]")
    second.wait_for_function("() => document.querySelector('[data-role=push]').dataset.state === 'off'")
    push_box.locator("[data-action=push-on]").click()
    second.wait_for_function("() => document.querySelector('[data-role=push]').dataset.state === 'on'")
    assert WORDS[lang]["on"] in push_box.inner_text()
    mine = second.evaluate("() => fetch('/api/notifications/preferences/').then(r => r.json())")
    assert mine["push"]["endpoints"] == [stand_in["endpoint"]]
    fits(second, PHONE["width"])
    shot(second, f"push-on-{lang}-390")

    # A push reaches the real service worker: it shows the notification and tells the open pages.
    cdp = context.new_cdp_session(second)
    seen: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: seen.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")
    second.evaluate(
        "() => { window.__told = [];"
        " navigator.serviceWorker.addEventListener('message', e => window.__told.push(e.data)); }"
    )
    payload = {
        "title": "Kartentisch",
        "body": "Sina: Einladung",
        "url": "/notifications/7/",
        "tag": "turn-7",
        "id": 7,
    }
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {
            "origin": notify_server + "/",
            "registrationId": _registration_id(second, seen),
            "data": json.dumps(payload),
        },
    )
    second.wait_for_function("() => window.__told.length > 0", timeout=20_000)
    # the worker tells the pages once the notification is up
    assert second.evaluate("() => window.__told") == [{"t": "notification", "id": 7, "shown": True}]
    shown: list[Any] = []
    for _ in range(50):
        shown = second.evaluate(
            "async () => (await (await navigator.serviceWorker.ready).getNotifications())"
            ".map(n => ({title: n.title, body: n.body, tag: n.tag, url: n.data.url}))"
        )
        if shown:
            break
        second.wait_for_timeout(100)
    assert shown == [
        {"title": "Kartentisch", "body": "Sina: Einladung", "tag": "turn-7", "url": "/notifications/7/"}
    ]

    # Off again: the server forgets it.
    push_box.locator("[data-action=push-off]").click()
    second.wait_for_function("() => document.querySelector('[data-role=push]').dataset.state === 'off'")
    mine = second.evaluate("() => fetch('/api/notifications/preferences/').then(r => r.json())")
    assert mine["push"]["endpoints"] == []
    no_violations(page)
    no_violations(second)
    assert watch.problems == []


def test_the_site_installs_from_its_manifest(notify_page: Any, notify_server: str) -> None:
    page, watch = notify_page("en", PHONE)
    page.goto("/")
    manifest = page.evaluate(
        "async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json()"
    )
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    ready = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
    assert ready == notify_server + "/"  # the whole site
    assert watch.problems == []
