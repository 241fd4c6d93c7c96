"""Guest to account: registering or logging in from a guest session makes the guest's seats, tables
and leaderboard rows the account's, with the event logs as they were."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import override_settings
from rest_framework.test import APIClient

from accounts.claims import guest_claim
from accounts.models import User
from games.live.actors import Actor
from games.models import Match, MatchEvent, MatchStatus, Seat
from games.services.matches import match_act
from games.store.events import load_state
from leaderboard.cache import board_keys
from leaderboard.models import LeaderboardEntry
from tests import factories

pytestmark = pytest.mark.django_db
PASSWORD = "Kartentisch-2026!"


@pytest.fixture
def gerd() -> User:
    """The account a guest session logs in to."""
    return factories.user("gerd", password=PASSWORD)


@pytest.fixture
def account(gerd: User) -> APIClient:
    """Gerd's own browser, logged in."""
    c = APIClient()
    c.force_login(gerd)
    return c


def log_in_as_gerd(c: APIClient) -> None:
    assert c.post("/accounts/login/", {"username": "gerd", "password": PASSWORD}).status_code == 302


def open_duel(c: APIClient, **extra) -> int:
    body = {"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}], "options": {"cards": 2}, **extra}
    r = c.post("/api/matches/", body, format="json")
    assert r.status_code == 201, r.content
    return r.json()["id"]


def join(c: APIClient, match_id: int, **body) -> None:
    assert c.post(f"/api/matches/{match_id}/join/", body, format="json").status_code == 200


def play_out(match_id: int, actors: dict[int, Actor]) -> None:
    while (match := Match.objects.get(pk=match_id)).status == MatchStatus.RUNNING:
        state = load_state(match)
        assert isinstance(state.to_move, int)
        action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
        match_act(match_id=match_id, actor=actors[state.to_move], action=action, expected_seq=match.version)


def guest_actor(c: APIClient, name: str) -> Actor:
    return Actor(guest_token=c.session["guest_token"], display_name=name)


def mine(c: APIClient, which: str) -> set[int]:
    r = c.get(f"/api/matches/mine/?status={which}")
    assert r.status_code == 200
    return {m["id"] for m in r.json()["matches"]}


def events(match_id: int) -> list[tuple[int, str]]:
    return list(MatchEvent.objects.filter(match_id=match_id).order_by("seq").values_list("seq", "type"))


def test_registering_from_a_guest_session_keeps_what_the_guest_played(duel) -> None:
    guest, other = APIClient(), APIClient()
    finished = open_duel(guest, name="Gast Gerd")
    join(other, finished, name="Zweiter")
    play_out(finished, {0: guest_actor(guest, "Gast Gerd"), 1: guest_actor(other, "Zweiter")})
    assert guest.post(f"/api/leaderboard/matches/{finished}/save/").status_code == 200
    running = open_duel(guest, name="Gast Gerd")
    join(other, running, name="Zweiter")
    waiting = open_duel(guest, name="Gast Gerd")  # an open table, still one seat free
    logs = {m: events(m) for m in (finished, running, waiting)}

    r = guest.post(
        "/accounts/register/",
        {
            "username": "gerd",
            "display_name": "Gerd",
            "email": "gerd@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert r.status_code == 302
    gerd = User.objects.get(username="gerd")
    assert mine(guest, "active") == {running, waiting}
    assert mine(guest, "finished") == {finished}
    for m in (finished, running, waiting):
        seat = Seat.objects.get(match_id=m, index=0)
        assert seat.user == gerd and seat.guest_token == "" and seat.display_name == "Gast Gerd"
        assert Seat.objects.get(match_id=m, index=1).user is None  # the other guest's seat stays theirs
        assert events(m) == logs[m]  # seats change owner, not history
    assert Match.objects.get(pk=waiting).created_by == gerd
    rows = dict(LeaderboardEntry.objects.filter(match_id=finished).values_list("seat", "user"))
    assert rows == {0: gerd.pk, 1: None}
    html = guest.get("/accounts/profile/", follow=True).content.decode()
    for m in (finished, running, waiting):
        assert f'data-match="{m}"' in html
    assert f'data-replay="{finished}"' in html


def test_logging_in_from_a_guest_session_moves_the_seats_too(duel, gerd: User, account: APIClient) -> None:
    guest = APIClient()
    match = open_duel(guest, name="Gast Gerd")
    assert mine(guest, "active") == {match}
    log_in_as_gerd(guest)
    assert Seat.objects.get(match_id=match, index=0).user == gerd
    assert mine(guest, "active") == {match}
    assert mine(account, "active") == {match}  # elsewhere, the account sees it too


def test_a_seat_at_a_table_where_the_account_already_sits_stays_the_guest_s(
    duel, gerd: User, account: APIClient
) -> None:
    """One person, one seat: the account's own seat and the guest's would be two seats of one match."""
    match = open_duel(account)
    guest = APIClient()
    join(guest, match, name="Gast Gerd")
    log_in_as_gerd(guest)
    seat = Seat.objects.get(match_id=match, index=1)
    assert seat.user is None and seat.guest_token and seat.display_name == "Gast Gerd"
    assert Seat.objects.get(match_id=match, index=0).user == gerd


def test_a_seat_at_another_table_of_a_shared_deal_event_the_account_entered_stays_the_guest_s(
    duel, gerd: User, account: APIClient
) -> None:
    own = open_duel(account)
    guest = APIClient()
    theirs, apart = open_duel(guest, name="Gast Gerd"), open_duel(guest, name="Gast Gerd")
    Match.objects.filter(pk__in=[own, theirs]).update(deal_event="e" * 64)  # one duplicate round
    log_in_as_gerd(guest)
    assert Seat.objects.get(match_id=theirs, index=0).user is None
    assert Match.objects.get(pk=theirs).created_by is None
    assert Seat.objects.get(match_id=apart, index=0).user == gerd


def test_open_tables_move_only_up_to_the_account_s_cap(duel, gerd: User, account: APIClient) -> None:
    own = open_duel(account)
    guest = APIClient()
    with override_settings(MAX_OPEN_TABLES=3):
        tables = [open_duel(guest, name="Gast Gerd") for _ in range(3)]
        log_in_as_gerd(guest)
    owners = [Seat.objects.get(match_id=m, index=0).user_id for m in tables]
    assert owners == [gerd.pk, gerd.pk, None]  # the account had one table, the cap is three
    assert mine(account, "active") == {own, *tables[:2]}


def test_a_session_without_guest_seats_claims_nothing(gerd: User) -> None:
    claim = guest_claim(user_id=gerd.pk, guest_token="")
    assert claim.moved == [] and claim.already_seated == [] and claim.over_cap == []
    assert guest_claim(user_id=gerd.pk, guest_token="f" * 32).moved == []


def test_a_claimed_leaderboard_row_clears_the_cached_boards(
    duel, gerd: User, django_capture_on_commit_callbacks
) -> None:
    """The cached boards link each row's player: a row that becomes an account's is shown afresh."""
    guest, other = APIClient(), APIClient()
    finished = open_duel(guest, name="Gast Gerd")
    join(other, finished, name="Zweiter")
    play_out(finished, {0: guest_actor(guest, "Gast Gerd"), 1: guest_actor(other, "Zweiter")})
    assert guest.post(f"/api/leaderboard/matches/{finished}/save/").status_code == 200
    keys = board_keys("duel")
    cache.set_many(dict.fromkeys(keys, b"the board before"))
    with django_capture_on_commit_callbacks(execute=True):
        log_in_as_gerd(guest)
    assert LeaderboardEntry.objects.get(match_id=finished, seat=0).user == gerd
    assert cache.get_many(keys) == {}
