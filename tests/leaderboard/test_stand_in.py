"""What counts as a human result on the leaderboard: a seat the move-timer stand-in played for more than
a quarter of its decisions, or for most of its decisions in the last deal, is no human result. It leaves
the board's ranks, and the save status (the line under the finished table) says why."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Collection
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.core.management import call_command
from django.utils import timezone

from config.asgi import application
from games.models import Match, MatchEvent, MatchStatus
from games.services.watchdog import watchdog_tick
from leaderboard.models import LeaderboardEntry
from tests import factories
from tests.leaderboard.conftest import play_human_to_end
from tests.stand_in_play import client_for, deals, play_through_api, stand_in_share

pytestmark = [pytest.mark.django_db(transaction=True)]


def _cookie(user: Any) -> bytes:
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}".encode()


def _open(user: Any, game: str, seats: int, **body: Any) -> int:
    kinds = [{"kind": "human"}] + [{"kind": "ai"}] * (seats - 1)
    r = client_for(user).post("/api/matches/", {"game": game, "seats": kinds, **body}, format="json")
    assert r.status_code == 201, r.content
    return int(r.json()["id"])


def _open_schnapsen(user: Any, **body: Any) -> int:
    return _open(user, "schnapsen", 2, **body)


def _tick_until_over(match_id: int) -> Match:
    for _ in range(500):
        match = Match.objects.get(pk=match_id)
        if match.status != MatchStatus.RUNNING:
            return match
        watchdog_tick(timezone.now() + dt.timedelta(seconds=2))
    raise AssertionError("the stand-in never finished the Bummerl")


@pytest.mark.asyncio
async def test_idle_seat_with_its_socket_open_is_not_ranked_and_the_status_says_why() -> None:
    idle = await sync_to_async(factories.user)("idler")
    match_id = await sync_to_async(_open_schnapsen)(idle, move_timer=1)
    comm = WebsocketCommunicator(
        application,
        f"/ws/matches/{match_id}/",
        headers=[
            (b"origin", b"http://127.0.0.1"),
            (b"cookie", await sync_to_async(_cookie)(idle)),
            (b"host", b"127.0.0.1"),
        ],
    )
    connected, _ = await comm.connect()
    assert connected
    first = json.loads(await comm.receive_from(timeout=5))
    assert first["d"]["seat"] == 0
    match = await sync_to_async(_tick_until_over)(match_id)
    await comm.disconnect()
    assert match.status == MatchStatus.FINISHED
    moves = await sync_to_async(MatchEvent.objects.filter(match_id=match_id, seat=0).count)()
    stand_in = await sync_to_async(
        MatchEvent.objects.filter(match_id=match_id, seat=0, command_id__startswith="ai:").count
    )()
    assert moves == stand_in > 0  # the stand-in made every decision of the idle seat

    board = (await sync_to_async(client_for().get)("/api/leaderboard/schnapsen/")).json()
    names = [(row["name"], row["is_ai"]) for row in board["results"]]
    assert ("Idler", False) not in names
    # the AI's result is ranked when it won the Bummerl (a lost one is no best result)
    ai = await sync_to_async(LeaderboardEntry.objects.get)(match_id=match_id, seat=1)
    assert [row["match_id"] for row in board["results"]] == ([match_id] if ai.unranked == "" else [])
    assert ai.unranked in ("", "not_won")

    owner = await sync_to_async(client_for)(idle)
    status = (await sync_to_async(owner.get)(f"/api/leaderboard/matches/{match_id}/status/")).json()
    assert status["state"] == "saved" and "0" not in status["ranks"]
    why = status["unranked"]["0"]
    assert why["reason"] == "stand_in" and why["decisions"] == moves and why["stand_in"] == moves
    assert f"{moves} der {moves} Entscheidungen" in why["message"]


def _preisjass_run(user: Any, *, stand_in_deals: Collection[int]) -> int:
    """A Preisjass run against three random AIs; in the deals (1..12) named the player lets the move
    timer run out every time."""
    match_id = _open(user, "preisjass", 4, ai_version="random", move_timer=30)
    match = play_through_api(match_id, {0: user}, stand_in=lambda seat, deal: deal in stand_in_deals)
    assert match.status == MatchStatus.FINISHED and deals(match_id) == 12
    return match_id


def _board_row(match_id: int, seat: int) -> dict[str, Any] | None:
    rows = client_for().get("/api/leaderboard/preisjass/?page_size=50").json()["results"]
    return next((r for r in rows if r["match_id"] == match_id and r["seat"] == seat), None)


def test_a_seat_the_stand_in_played_for_at_most_a_quarter_still_counts() -> None:
    anna = factories.user("anna")
    match_id = _preisjass_run(anna, stand_in_deals={1, 2})  # two games of twelve
    total, by_stand_in = stand_in_share(match_id, 0)
    assert 0 < by_stand_in * 4 <= total

    row = _board_row(match_id, 0)
    assert row is not None and row["name"] == "Anna" and not row["is_ai"]
    assert (row["decisions"], row["stand_in_decisions"]) == (total, by_stand_in)
    status = client_for(anna).get(f"/api/leaderboard/matches/{match_id}/status/").json()
    assert status["state"] == "saved" and status["ranks"]["0"] == row["rank"]
    assert status["unranked"] == {}


def test_a_seat_the_stand_in_played_the_last_deal_of_is_not_ranked() -> None:
    anna = factories.user("anna")
    match_id = _preisjass_run(anna, stand_in_deals={12})  # only the last of twelve games
    total, by_stand_in = stand_in_share(match_id, 0)
    assert 0 < by_stand_in * 4 <= total  # a small share of the whole run, but all of the last game

    assert _board_row(match_id, 0) is None
    assert all(_board_row(match_id, seat) is not None for seat in (1, 2, 3))  # the AI seats are ranked
    status = (
        client_for(anna).get(f"/api/leaderboard/matches/{match_id}/status/", HTTP_ACCEPT_LANGUAGE="en").json()
    )
    why = status["unranked"]["0"]
    assert why["reason"] == "stand_in_last_deal" and why["last_deal_stand_in"] == why["last_deal_decisions"]
    assert why["message"] == (
        "Not ranked as a person's result: the AI stand-in made "
        f"{why['last_deal_stand_in']} of this seat's {why['last_deal_decisions']} decisions in the last deal."
    )
    call_command("rebuild_projections", verbosity=0)  # the same from the events alone
    assert _board_row(match_id, 0) is None and _board_row(match_id, 1) is not None
    ru = (
        client_for(anna).get(f"/api/leaderboard/matches/{match_id}/status/", HTTP_ACCEPT_LANGUAGE="ru").json()
    )
    assert "в последней раздаче ИИ-замена" in ru["unranked"]["0"]["message"]


def test_board_rows_carry_the_ai_versions_played_against(anna) -> None:
    match_id = _open(anna, "preisjass", 4, ai_version="random")
    play_human_to_end(Match.objects.get(pk=match_id), anna)
    rows = {r["seat"]: r for r in client_for().get("/api/leaderboard/preisjass/").json()["results"]}
    assert rows[0]["ai_version"] is None and rows[0]["opponent_ai_versions"] == ["random"]
    assert all(rows[s]["ai_version"] == "random" for s in (1, 2, 3))
    assert all(rows[s]["opponent_ai_versions"] == ["random"] for s in (1, 2, 3))
    page = client_for().get("/leaderboard/preisjass/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert page.count('<td class="board-wide" data-field="against">Random</td>') == 4
    assert page.count('<small class="muted" data-field="level">Random</small>') == 3
