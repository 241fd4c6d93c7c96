"""A real server for browser tests: daphne (HTTP + websockets) on a free port against a fresh, migrated
SQLite file, and Debian's chromium driven by Playwright."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _server_env(db_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        SQLITE_PATH=str(db_path),
        AI_RUNNER="thread",
        AI_MOVE_DELAY="0",
        TRICK_PAUSE="0",
        THROTTLE_WRITES="100000/min",
        # Every browser test registers and plays from 127.0.0.1, many tables per player.
        THROTTLE_REGISTRATIONS="100000/hour",
        MAX_OPEN_TABLES="0",
        # The shared server analyses only on request (an analysis per finished match would load the
        # machine under every other test); the analysis tests start servers of their own.
        ANALYSIS_FOR_PLAYERS="0",
        # The daily challenges (opened by the first visit of the lobby) play their par and their
        # tables with the quickest AI level, not the search levels.
        CHALLENGE_AI_LEVEL="anton",
        # ...and leave their par unplayed (its open-hands values cost each a few seconds of the server's
        # CPU): the challenge test's own server plays it
        CHALLENGE_PAR_RUNNER="none",
        PYTHONUNBUFFERED="1",
    )
    return env


@contextmanager
def _serve(tmp: Path, **extra_env: str) -> Iterator[str]:
    """Daphne on a free port against a fresh, migrated SQLite file in `tmp`; yields its URL."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium")
    env = {**_server_env(tmp / "db.sqlite3"), **extra_env}
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    port = _free_port()
    log = (tmp / "daphne.log").open("w")
    daphne = Path(sys.executable).with_name("daphne")
    proc = subprocess.Popen(
        [str(daphne), "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"

    def healthy() -> bool:
        assert proc.poll() is None, "daphne exited"
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=2) as resp:
                return bool(resp.status == 200)
        except OSError:
            return False

    try:
        wait_until(healthy, 30, "daphne to answer /healthz", interval=0.2)
    except AssertionError as failure:
        proc.kill()
        pytest.fail(f"daphne did not start ({failure}): {(tmp / 'daphne.log').read_text()[-2000:]}")
    try:
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def server_shell(tmp: Path, code: str) -> str:
    """Run `code` in `manage.py shell` against the database of the server served from `tmp` (for state
    a page cannot make, as a challenge's close); its last line of output."""
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=_server_env(tmp / "db.sqlite3"),
        check=True,
        capture_output=True,
    )
    lines = done.stdout.decode().strip().splitlines()
    return lines[-1] if lines else ""


@pytest.fixture(scope="session")
def server_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The directory of the shared server's database (for server_shell)."""
    return tmp_path_factory.mktemp("browser-server")


@pytest.fixture(scope="session")
def server(server_dir: Path) -> Iterator[str]:
    with _serve(server_dir) as url:
        yield url


@pytest.fixture(scope="module")
def watched_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own with the embedded watchdog thread on, as `scripts/serve` runs it: move
    timers run out and the stand-in plays (the shared server keeps it off, so that no other test's
    table is played for a player who looks away)."""
    with _serve(tmp_path_factory.mktemp("watched-server"), WATCHDOG_THREAD="1") as url:
        yield url


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@dataclass
class Watch:
    """Console errors and failed requests of one page."""

    problems: list[str] = field(default_factory=list)
    allowed_statuses: set[int] = field(default_factory=set)

    def attach(self, page: Any) -> None:
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.problems.append(f"page error: {exc}"))
        page.on("requestfailed", lambda req: self._failed(req))
        page.on("response", lambda resp: self._response(resp))

    def _console(self, msg: Any) -> None:
        if msg.type == "error":
            self.problems.append(f"console: {msg.text}")

    def _failed(self, req: Any) -> None:
        # A navigation away aborts the page's open websocket and fetches; that is not a failure.
        if "net::ERR_ABORTED" in (req.failure or ""):
            return
        self.problems.append(f"request failed: {req.method} {req.url} {req.failure}")

    def _response(self, resp: Any) -> None:
        if resp.status >= 400 and resp.status not in self.allowed_statuses:
            self.problems.append(f"HTTP {resp.status}: {resp.request.method} {resp.url}")


def _pages(browser: Any, server: str) -> Iterator[Any]:
    contexts: list[Any] = []

    def make(lang: str = "de", viewport: dict[str, int] | None = None) -> tuple[Any, Watch]:
        context = browser.new_context(
            base_url=server, locale=lang, viewport=viewport or {"width": 1280, "height": 900}
        )
        context.add_init_script("localStorage.setItem('kt.trickPause', '0');")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        watch = Watch()
        watch.attach(page)
        return page, watch

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def new_page(browser: Any, server: str) -> Iterator[Any]:
    """new_page(lang="de") -> (page, watch); contexts are closed after the test."""
    yield from _pages(browser, server)


@pytest.fixture
def watched_page(browser: Any, watched_server: str) -> Iterator[Any]:
    """new_page on the `watched_server`."""
    yield from _pages(browser, watched_server)


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
