"""The platform as real processes on 127.0.0.1, for the live tests and `python -m bench live`.

A throwaway PostgreSQL database (created, migrated, dropped), two daphne web processes, a Celery
worker and Celery beat, all sharing one Redis (a database number of the shared server, or a private
redis-server child for tests that restart Redis). Every child runs in its own process group and is
killed with it. Clients: `HttpClient` (cookies, CSRF, register, guest seats, the REST API) and
`SeatBot` (one seat over the websocket: acts from its own state messages, reconnects and resyncs).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import functools
import itertools
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

from tests.parallel import workers_redis_dbs
from tests.waiting import wait_until

REPO = Path(__file__).resolve().parents[2]
BIN = REPO / ".venv" / "bin"
HOST = "127.0.0.1"
# Settings every cluster runs with: AI moves through Celery without delay, fast stall recovery, and
# throttles out of the way of bots that play far faster than people.
BASE_ENV = {
    "AI_RUNNER": "celery",
    "AI_MOVE_DELAY": "0",
    "TRICK_PAUSE": "0",
    "AI_STALL_AFTER": "2",
    "WATCHDOG_INTERVAL": "1",
    "CELERY_VISIBILITY_TIMEOUT": "5",
    "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    "DJANGO_DEBUG": "false",
    "WS_THROTTLE_MESSAGES": "1000000",
    "THROTTLE_WRITES": "1000000/min",
    "THROTTLE_REGISTRATIONS": "1000000/hour",
    "WS_ACTOR_MESSAGES": "1000000",
    "MAX_OPEN_TABLES": "0",
    # the beat opens the day's challenges: their tables with the quickest AI, their par left unplayed
    # (minutes of a worker's CPU with the strongest level)
    "CHALLENGE_AI_LEVEL": "anton",
    "CHALLENGE_PAR_RUNNER": "none",
    "LOG_LEVEL": "WARNING",
    "PYTHONUNBUFFERED": "1",
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


# --- PostgreSQL and Redis ------------------------------------------------------------------------


def _with_db(url: str, name: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, ""))


def _psycopg_url(url: str) -> str:
    return url.replace("postgres://", "postgresql://", 1)


def create_database(admin_url: str, name: str) -> str:
    """CREATE DATABASE `name` (dropping a leftover of the same name) and migrate it. Returns its URL."""
    import psycopg

    with psycopg.connect(_psycopg_url(admin_url), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    url = _with_db(admin_url, name)
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings"}
    subprocess.run(
        [str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=REPO,
        env=env,
        check=True,
        timeout=300,
    )
    return url


def drop_database(admin_url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(_psycopg_url(admin_url), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def query(database_url: str, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(_psycopg_url(database_url)) as conn:
        return list(conn.execute(sql, params).fetchall())


def spare_redis_url(redis_url: str) -> str:
    """An empty database number (1..14) of the Redis server in `redis_url`, flushed: the cluster's
    tasks and channel groups never mix with the test run's own (the number in the URL, and below it
    one for each further pytest-xdist worker: tests/parallel.py).
    LIVE_REDIS_DB=<n> takes that number instead (flushed all the same)."""
    import redis

    pinned = os.environ.get("LIVE_REDIS_DB", "")
    if pinned:  # a machine shared by several runs: the one number set aside for the clusters
        url = _with_db(redis_url, pinned)
        redis.Redis.from_url(url).flushdb()
        return url
    taken = workers_redis_dbs(redis_url)  # this run's (one number a pytest-xdist worker)
    start = os.getpid() % 14
    candidates = [n for n in (1 + (start + i) % 14 for i in range(14)) if n not in taken]
    chosen = next(
        (n for n in candidates if redis.Redis.from_url(_with_db(redis_url, str(n))).dbsize() == 0),
        candidates[0],
    )
    url = _with_db(redis_url, str(chosen))
    redis.Redis.from_url(url).flushdb()
    return url


class RedisServer:
    """A private redis-server child (no persistence) that a test may kill and start again."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://{HOST}:{self.port}/0"

    def start(self) -> None:
        log = open(self.workdir / f"redis-{self.port}.log", "ab")  # noqa: SIM115 - the child keeps it
        self.proc = subprocess.Popen(
            [
                *("redis-server", "--port", str(self.port), "--bind", HOST, "--save", ""),
                *("--appendonly", "no", "--daemonize", "no", "--dir", str(self.workdir)),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        atexit.register(self.kill)
        wait_until(self._answers, 10, "redis-server to answer", 0.1)

    def _answers(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(host=HOST, port=self.port, socket_timeout=0.5).ping())
        except redis.RedisError:
            return False

    def kill(self) -> None:
        if self.proc is not None:
            kill_group(self.proc, signal.SIGKILL)
            self.proc = None


def kill_group(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM, grace: float = 5.0) -> None:
    kill_groups([proc], sig, grace)


def kill_groups(procs: list[subprocess.Popen[bytes]], sig: int = signal.SIGTERM, grace: float = 5.0) -> None:
    """Signal the children's whole process groups at once; SIGKILL what has not ended after `grace`."""
    for proc in procs:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
    end = time.monotonic() + grace
    for proc in procs:
        try:
            proc.wait(timeout=max(0.0, end - time.monotonic()))
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=grace)
        with contextlib.suppress(ProcessLookupError):  # stragglers of the group (prefork children)
            os.killpg(proc.pid, signal.SIGKILL)


# --- the processes -------------------------------------------------------------------------------


@dataclass
class Cluster:
    database_url: str
    redis_url: str
    workdir: Path
    webs: int = 2
    extra_env: dict[str, str] = field(default_factory=dict)
    web_ports: list[int] = field(default_factory=list)
    procs: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    _starts: int = 0

    @property
    def web_urls(self) -> list[str]:
        return [f"http://{HOST}:{port}" for port in self.web_ports]

    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            **BASE_ENV,
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            # This checkout's code, also where the environment's editable install points elsewhere
            # (a git worktree sharing another checkout's .venv).
            "PYTHONPATH": str(REPO),
            **self.extra_env,
        }

    def _spawn(self, name: str, argv: list[str]) -> subprocess.Popen[bytes]:
        self._starts += 1
        log = open(self.workdir / f"{name}-{self._starts}.log", "wb")  # noqa: SIM115 - the child keeps it
        env = {**self.env(), "PGAPPNAME": name}  # pg_stat_activity names the process of a session
        proc = subprocess.Popen(
            argv, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        log.close()
        self.procs[name] = proc
        return proc

    def log(self, name: str, tail: int | None = 4000) -> str:
        """The newest log of process `name` (its last `tail` characters, for failure messages)."""
        logs = sorted(self.workdir.glob(f"{name}-*.log"), key=lambda p: p.stat().st_mtime)
        text = logs[-1].read_text(errors="replace") if logs else ""
        return text[-tail:] if tail else text

    def start(self) -> Cluster:
        atexit.register(self.stop)  # also when the test run is interrupted
        try:
            for i in range(self.webs):
                self.web_ports.append(free_port())
                self._spawn(
                    f"web{i + 1}",
                    [
                        str(BIN / "daphne"),
                        "-b",
                        HOST,
                        "-p",
                        str(self.web_ports[i]),
                        "config.asgi:application",
                    ],
                )
            self.start_worker()
            self.start_beat()
            for i, url in enumerate(self.web_urls):
                wait_until(functools.partial(_healthy, url), 60, f"web{i + 1} at {url}/healthz", 0.2)
            self.wait_worker_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def start_worker(self) -> None:
        self._spawn(
            "worker",
            [
                *(str(BIN / "celery"), "-A", "config", "worker", "--pool", "threads", "--concurrency", "4"),
                *("-Q", "moves,projections,analysis,notifications,celery"),
                *("--loglevel", "info", "-n", f"live{self._starts}@%h"),
                *("--without-mingle", "--without-gossip", "--without-heartbeat"),
            ],
        )

    def wait_worker_ready(self, timeout: float = 60) -> None:
        proc = self.procs["worker"]

        def ready() -> bool:
            if proc.poll() is not None:
                raise RuntimeError(f"the Celery worker exited:\n{self.log('worker')}")
            # The whole log: a worker that starts into a backlog writes pages of lines a second.
            return " ready." in self.log("worker", tail=None)

        wait_until(ready, timeout, "the Celery worker", 0.2)

    def kill_worker(self) -> None:
        kill_group(self.procs.pop("worker"), signal.SIGKILL)

    def start_beat(self) -> None:
        schedule = self.workdir / f"beat-schedule-{self._starts}"
        self._spawn(
            "beat",
            [
                str(BIN / "celery"),
                "-A",
                "config",
                "beat",
                "--schedule",
                str(schedule),
                "--loglevel",
                "warning",
            ],
        )

    def check_alive(self) -> None:
        dead = {name: p.returncode for name, p in self.procs.items() if p.poll() is not None}
        if dead:
            raise RuntimeError(f"cluster processes exited: {dead}\n" + "\n".join(self.log(n) for n in dead))

    def stop(self) -> None:
        procs = list(self.procs.values())
        self.procs.clear()
        kill_groups(procs, signal.SIGTERM)


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/healthz", timeout=2) as response:
            return bool(response.status == 200)
    except (OSError, urllib.error.URLError):
        return False


# --- HTTP clients --------------------------------------------------------------------------------


class HttpClient:
    """One browser: a cookie jar shared by every web process (cookies ignore the port)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str:
        return next((c.value or "" for c in self.jar if c.name == name), "")

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        base: str | None = None,
    ) -> tuple[int, bytes]:
        base = base or self.base
        req = urllib.request.Request(f"{base}{path}", data=body, method=method, headers=headers or {})
        try:
            with self.opener.open(req, timeout=30) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read()

    def _write_headers(self, base: str) -> dict[str, str]:
        if not self.cookie("csrftoken"):
            self.request("GET", "/accounts/login/", base=base)
        return {"X-CSRFToken": self.cookie("csrftoken"), "Origin": base, "Referer": f"{base}/"}

    def register(self, username: str) -> None:
        """Register an account through the form (which logs it in)."""
        self.request("GET", "/accounts/register/")
        password = secrets.token_urlsafe(16)
        form = {
            "csrfmiddlewaretoken": self.cookie("csrftoken"),
            "username": username,
            "display_name": username.capitalize(),
            "email": f"{username}@example.org",
            "password1": password,
            "password2": password,
        }
        status, body = self.request(
            "POST",
            "/accounts/register/",
            urllib.parse.urlencode(form).encode(),
            {**self._write_headers(self.base), "Content-Type": "application/x-www-form-urlencoded"},
        )
        if status != 200 or not self.cookie("sessionid"):
            raise RuntimeError(f"registration of {username} failed: {status} {body[:500]!r}")

    def api(self, method: str, path: str, data: Any = None, base: str | None = None) -> tuple[int, Any]:
        base = base or self.base
        headers = {"Accept": "application/json"}
        body = None
        if method != "GET":
            headers |= self._write_headers(base) | {"Content-Type": "application/json"}
            body = json.dumps(data if data is not None else {}).encode()
        status, raw = self.request(method, f"/api{path}", body, headers, base=base)
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw.decode(errors="replace")

    def api_ok(self, method: str, path: str, data: Any = None, base: str | None = None) -> Any:
        status, payload = self.api(method, path, data, base)
        if status >= 300:
            raise RuntimeError(f"{method} {path} -> {status}: {payload}")
        return payload


_registrations = itertools.count(1)


def registered_client(base: str, name: str) -> HttpClient:
    """A browser with a freshly registered account (a name no earlier test run has taken)."""
    client = HttpClient(base)
    client.register(f"{name}{next(_registrations)}x{int(time.time() * 1000) % 10**8}")
    return client


def create_match(client: HttpClient, seats: list[str], game: str = "preisjass", name: str = "") -> int:
    body = {"game": game, "seats": [{"kind": kind} for kind in seats], "ai_version": "anton", "name": name}
    return int(client.api_ok("POST", "/matches/", body)["id"])


def ws_url(base: str, match_id: int) -> str:
    return f"{base.replace('http://', 'ws://', 1)}/ws/matches/{match_id}/"


# --- a seat over the websocket -------------------------------------------------------------------


@dataclass
class SeatBot:
    """Plays one seat: on each state message where it may act, it sends a random legal action (with
    a command id, so a resend after a reconnect is harmless). Silence for `resync_after` seconds
    makes it ask for a resync; a dropped socket makes it reconnect (with `reconnect`)."""

    base: str
    match_id: int
    cookie: str
    name: str
    seed: int = 0
    reconnect: bool = True
    resync_after: float = 1.0
    on_message: Callable[[SeatBot, dict[str, Any]], None] | None = None
    # seconds to wait before acting on a state (a person who acts once the page has drawn it)
    wait_before_act: Callable[[SeatBot, dict[str, Any]], float] | None = None
    last_state: dict[str, Any] | None = None
    acted: int = 0
    acted_seqs: set[int] = field(default_factory=set)
    reconnects: int = 0
    states: int = 0  # state messages received
    resyncs: int = 0  # resyncs asked for after a silence
    errors: list[dict[str, Any]] = field(default_factory=list)
    sent_at: dict[int, float] = field(default_factory=dict)
    ws: Any = None

    async def play(self, timeout: float) -> dict[str, Any]:
        """Play until the match is over; returns the last state message."""
        return await asyncio.wait_for(self._loop(), timeout)

    async def _loop(self) -> dict[str, Any]:
        from websockets.asyncio.client import connect
        from websockets.exceptions import InvalidHandshake, WebSocketException

        rng = random.Random(f"{self.seed}:{self.name}")
        headers = {"Cookie": self.cookie, "Origin": self.base}
        while True:
            acted_seq = -1
            try:
                async with connect(
                    ws_url(self.base, self.match_id),
                    additional_headers=headers,
                    open_timeout=5,
                    max_size=None,
                ) as ws:
                    self.ws = ws
                    while True:
                        try:
                            raw = await asyncio.wait_for(ws.recv(), self.resync_after)
                        except TimeoutError:
                            self.resyncs += 1
                            await ws.send('{"t":"resync"}')
                            continue
                        message = json.loads(raw)
                        if self.on_message is not None:
                            self.on_message(self, message)
                        if message["t"] == "error":
                            self.errors.append(message)
                            acted_seq = -1  # act again if still due (same command id: never twice)
                            await ws.send('{"t":"resync"}')
                            continue
                        if message["t"] != "state":
                            continue
                        self.last_state = message
                        self.states += 1
                        payload = message["d"]
                        if payload["match"]["status"] in ("finished", "abandoned"):
                            return message
                        legal = (payload["view"] or {}).get("legal") or []
                        seq = message["seq"]
                        if legal and seq > acted_seq:
                            action = rng.choice(legal)
                            if self.wait_before_act is not None:
                                await asyncio.sleep(self.wait_before_act(self, message))
                            self.sent_at[seq] = time.perf_counter()
                            await ws.send(
                                json.dumps(
                                    {
                                        "t": "act",
                                        "action": action,
                                        "seq": seq,
                                        "command_id": f"{self.name}:{seq}",
                                    }
                                )
                            )
                            acted_seq = seq
                            self.acted += 1
                            self.acted_seqs.add(seq)
            except (OSError, TimeoutError, InvalidHandshake, WebSocketException):
                if not self.reconnect:
                    raise
            self.ws = None
            self.reconnects += 1
            await asyncio.sleep(0.3)


def run_async(coro: Any) -> Any:
    """asyncio.run in a fresh thread: the calling thread may already run a loop (Playwright's sync API
    keeps one running in the main thread while its fixtures are alive)."""
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
