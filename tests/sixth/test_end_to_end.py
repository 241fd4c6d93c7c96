"""The sixth game end to end, registered by its pack alone (tests/sixth/pack.py; nothing outside
tests/sixth names it): the games API lists it, a table opens through the API with an AI seat, the AI
seat moves through a Celery worker (on the Redis broker when REDIS_URL is set, as .ci/run does, else
Celery's in-memory broker) and through the embedded server's thread runner, the match finishes, and
its result reaches the game's public leaderboard."""

from __future__ import annotations

import contextlib
import html
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from celery.contrib.testing.worker import start_worker
from celery.signals import task_prerun
from django.test import Client
from rest_framework.test import APIClient

from config.celery import app as celery_app
from games.models import Match, MatchStatus
from leaderboard.models import LeaderboardEntry
from leaderboard.services import replayed_result
from tests import factories
from tests.sixth.pack import PACK
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 60
# the queues an AI move and a leaderboard save go to (config/settings.py CELERY_TASK_ROUTES)
QUEUES = ("moves", "projections")


@contextlib.contextmanager
def _eager(value: bool) -> Iterator[None]:
    """Celery's task_always_eager for a while (the settings' CELERY_ key shadows the short name)."""
    was = celery_app.conf.task_always_eager
    celery_app.conf.CELERY_TASK_ALWAYS_EAGER = value
    try:
        yield
    finally:
        celery_app.conf.CELERY_TASK_ALWAYS_EAGER = was


@pytest.fixture
def celery_worker(duel: str, settings: Any) -> Iterator[list[tuple[str, int]]]:
    """AI moves and leaderboard saves through a Celery worker running in this process; yields the
    tasks it ran, each with the thread it ran in."""
    settings.AI_RUNNER = "celery"
    ran: list[tuple[str, int]] = []

    def record(sender: Any = None, **kwargs: Any) -> None:
        ran.append((sender.name, threading.get_ident()))

    with celery_app.connection_for_write() as connection:
        channel: Any = connection.default_channel
        for queue in QUEUES:  # nothing left over from an earlier run of this Redis database
            with contextlib.suppress(Exception):  # a queue never declared
                channel.queue_purge(queue)
    task_prerun.connect(record)
    try:
        with (
            _eager(False),
            start_worker(
                celery_app, pool="solo", concurrency=1, perform_ping_check=False, queues=list(QUEUES)
            ),
        ):
            yield ran
    finally:
        task_prerun.disconnect(record)


@pytest.fixture
def embedded(duel: str, settings: Any) -> Iterator[None]:
    """As `scripts/serve` runs: AI moves on timer threads, other tasks in-process (no broker)."""
    settings.AI_RUNNER = "thread"
    with _eager(True):
        yield


def _games(lang: str) -> dict[str, dict[str, Any]]:
    body = APIClient().get("/api/games/", HTTP_ACCEPT_LANGUAGE=lang).json()
    return {g["game"]: g for g in body["games"]}


def _play_against_anton(client: APIClient, cards: int) -> dict[str, Any]:
    """Open a table with Anton in seat 1, play seat 0's cards and wait for each AI reply; the final view."""
    r = client.post(
        "/api/matches/",
        {"game": PACK.name, "seats": [{"kind": "human"}, {"kind": "ai"}], "options": {"cards": cards}},
        format="json",
    )
    assert r.status_code == 201, r.content
    match_id = r.json()["id"]
    state: dict[str, Any] = {}

    def settled() -> bool:  # the human's turn, or the end
        state.update(client.get(f"/api/matches/{match_id}/view/").json())
        return state["match"]["status"] != "running" or state["view"]["to_move"] == 0

    for _ in range(cards):
        wait_until(settled, TIMEOUT, "the AI seat's move")
        if state["match"]["status"] != "running":
            break
        card = state["view"]["hand"][0]
        r = client.post(
            f"/api/matches/{match_id}/actions/",
            {"action": {"type": "play", "card": card}, "seq": state["seq"]},
            format="json",
        )
        assert r.status_code == 201, r.content
    wait_until(lambda: settled() and state["match"]["status"] == "finished", TIMEOUT, "the end of the match")
    return state


def _check_the_board(match_id: int, name: str) -> None:
    wait_until(lambda: LeaderboardEntry.objects.filter(match_id=match_id).exists(), TIMEOUT, "the save")
    match = Match.objects.get(pk=match_id)
    assert match.status == MatchStatus.FINISHED
    points = float(replayed_result(match).points(0))
    rows = APIClient().get(f"/api/leaderboard/{PACK.name}/").json()["results"]
    mine = [row for row in rows if row["name"] == name]
    page = Client().get(f"/leaderboard/{PACK.name}/", HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200
    text = page.content.decode()
    assert PACK.title("de") in text
    if points <= 0:  # saved, but no board result (leaderboard.qualifying): not listed
        entry = LeaderboardEntry.objects.get(match_id=match_id, seat=0)
        assert entry.unranked == "no_points" and mine == [], rows
        return
    assert len(mine) == 1 and not mine[0]["is_ai"], rows
    assert mine[0]["points"] == points and name in text


def test_the_sixth_game_is_listed_by_its_pack(duel: str) -> None:
    games = _games("en")
    assert list(games)[-1] == PACK.name  # after the five, by its pack's order
    listed = games[PACK.name]
    assert listed["title"] == "Duel" and _games("ru")[PACK.name]["title"] == "Дуэль"
    assert listed["players"] == 2 and listed["options"] == {"cards": 3}
    assert listed["ai_versions"] == ["anton", "random"] and listed["ai_names"] == ["Ben"]
    # the new-game page carries its title and its option's label in the page's language
    page = html.unescape(Client().get("/new/", HTTP_ACCEPT_LANGUAGE="ru").content.decode())
    assert '"duel": "Дуэль"' in page and '"label": "Карт на руке"' in page


def test_a_sixth_game_table_plays_through_celery_to_the_leaderboard(
    celery_worker: list[tuple[str, int]],
) -> None:
    client = APIClient()
    client.force_login(factories.user("gerda"))
    final = _play_against_anton(client, cards=3)
    assert sum(final["view"]["scores"]) <= 3
    _check_the_board(final["match"]["id"], "Gerda")
    # Anton's three moves and the save ran in the worker's thread, not in this one
    names = [name for name, _ in celery_worker]
    assert names.count("games.tasks.ai_move") == 3 and "leaderboard.tasks.save_match" in names
    assert threading.get_ident() not in {thread for _, thread in celery_worker}


def test_a_sixth_game_table_plays_in_the_embedded_server_to_the_leaderboard(embedded: None) -> None:
    client = APIClient()
    client.force_login(factories.user("hanna"))
    final = _play_against_anton(client, cards=4)
    assert sum(final["view"]["scores"]) <= 4
    _check_the_board(final["match"]["id"], "Hanna")
