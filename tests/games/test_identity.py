"""One person, one seat: guests may not play under an AI's name, and one browser (whatever accounts
or guest names it uses) takes one seat of a match."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from rest_framework.test import APIClient

from accounts.models import User
from config.asgi import application
from games.identity import fairness
from games.models import AccountLink, Match, Seat
from games.services.matches import SeatSpec, match_create, match_join
from tests import factories
from tests.games.test_consumers import ORIGIN, _session_cookie

pytestmark = pytest.mark.django_db
PASSWORD = "kartentisch-pw-1"
COOKIE = "kt_browser"  # games.identity.browser.COOKIE


def create_duel(c: APIClient, **extra) -> dict:
    body = {"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}], **extra}
    r = c.post("/api/matches/", body, format="json")
    assert r.status_code == 201, r.content
    return r.json()


def log_in(c: APIClient, username: str) -> None:
    assert c.post("/accounts/login/", {"username": username, "password": PASSWORD}).status_code == 302


def log_out(c: APIClient) -> None:
    # The logout page, as a browser does it (APIClient.logout() would also drop every cookie).
    assert c.post("/accounts/logout/").status_code == 302


@pytest.mark.parametrize(
    "name", ["Anna", " paul ", "MIA", "Ben", "Anton", "Bernd", "Gerd (KI)", "Gerd(AI)", "Герд (ИИ)"]
)
def test_a_guest_may_not_open_a_table_under_an_ai_name(duel, name) -> None:
    c = APIClient()
    r = c.post(
        "/api/matches/", {"game": "duel", "seats": [{"kind": "human"}] * 2, "name": name}, format="json"
    )
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "name_reserved"
    assert not Match.objects.exists() and "guest_name" not in c.session


def test_a_guest_may_not_join_under_an_ai_name(duel) -> None:
    match = create_duel(APIClient(), name="Gast Gerd")
    r = APIClient().post(f"/api/matches/{match['id']}/join/", {"name": "Mia (KI)"}, format="json")
    assert r.status_code == 400 and r.json()["error"]["code"] == "name_reserved"
    assert "AI marker" in r.json()["error"]["message"]
    assert Seat.objects.get(match_id=match["id"], index=1).is_free


# Issue 27's names that only look like an AI's: invisible characters inside the name, a BiDi override
# before it, letters of other scripts drawn like the Latin ones (Unicode's confusables).
LOOKALIKES = [
    "Anton\u200b",  # zero-width space
    "An\u00adna",  # soft hyphen
    "An\u2060na",  # word joiner
    "\ufeffBen",  # zero-width no-break space
    "\u202eAnton",  # right-to-left override
    "(ΚΙ)",  # Greek Kappa and Iota
    "Gerd (Κι)",
    "Аnna",  # Cyrillic А
    "ΡΑUL",  # Greek Rho and Alpha
    "Веrnd",  # Cyrillic В and е
    "Pau1",
    "Mia\u2800",  # Braille blank
]


def open_as_guest(c: APIClient, name: str, **extra):
    body = {"game": "duel", "seats": [{"kind": "human"}] * 2, "name": name, **extra}
    return c.post("/api/matches/", body, format="json")


@pytest.mark.parametrize("name", LOOKALIKES)
def test_a_guest_may_not_open_a_table_under_a_look_alike_of_an_ai_name(duel, name) -> None:
    c = APIClient()
    r = open_as_guest(c, name)
    assert r.status_code == 400, r.content
    assert r.json()["error"]["code"] == "name_reserved"
    assert not Match.objects.exists() and "guest_name" not in c.session


@pytest.mark.parametrize("name", LOOKALIKES)
def test_a_guest_may_not_join_under_a_look_alike_of_an_ai_name(duel, name) -> None:
    match = create_duel(APIClient(), name="Gast Gerd")
    r = APIClient().post(f"/api/matches/{match['id']}/join/", {"name": name}, format="json")
    assert r.status_code == 400 and r.json()["error"]["code"] == "name_reserved"
    assert Seat.objects.get(match_id=match["id"], index=1).is_free


def test_the_refusal_says_which_ai_the_name_looks_like(duel) -> None:
    error = open_as_guest(APIClient(), "Аnna").json()["error"]
    assert error["message"] == "'Аnna' looks like 'Anna', the name of an AI player; choose another name"
    error = open_as_guest(APIClient(), "An\u00adna").json()["error"]
    assert error["message"] == "'Anna' is the name of an AI player; choose another name"


@pytest.mark.parametrize(
    ("typed", "shown"), [("\u202eanotnA", "anotnA"), ("\u202enotnA", "notnA"), ("Ot\u200bto\u200f", "Otto")]
)
def test_a_guest_name_is_stored_without_invisible_and_bidi_control_characters(duel, typed, shown) -> None:
    c = APIClient()
    match = create_duel(c, name=typed)
    assert match["seats"][0]["name"] == shown
    assert c.session["guest_name"] == shown
    joined = APIClient().post(f"/api/matches/{match['id']}/join/", {"name": f"{typed}2"}, format="json")
    assert joined.status_code == 200
    assert Seat.objects.get(match_id=match["id"], index=1).display_name == f"{shown}2"


def test_a_guest_name_of_invisible_characters_only_is_no_name(duel) -> None:
    r = open_as_guest(APIClient(), "\u200b\u202e")
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_seated"
    assert not Match.objects.exists()


def test_an_ai_seat_s_name_typed_by_the_opener_is_stored_without_controls(duel) -> None:
    seats = [{"kind": "human"}, {"kind": "ai", "name": "\u202eRobo\u200bter"}]
    match = create_duel(APIClient(), name="Gast Gerd", seats=seats, ai_version="random")
    assert Seat.objects.get(match_id=match["id"], index=1).display_name == "Roboter"


def test_a_name_stored_before_names_were_cleaned_is_seated_clean(duel) -> None:
    """An account's display name, or a session's guest name, from before: the seat shows it clean."""
    old = factories.user("otto")
    User.objects.filter(pk=old.pk).update(display_name="\u202eOt\u200bto")
    c = APIClient()
    log_in(c, "otto")
    match = create_duel(c)
    assert match["seats"][0]["name"] == "Otto"
    guest = APIClient()
    session = guest.session
    session.update({"guest_token": "g" * 32, "guest_name": "Gast\u2066 Gerd"})
    session.save()
    assert guest.post(f"/api/matches/{match['id']}/join/", {}, format="json").status_code == 200
    assert Seat.objects.get(match_id=match["id"], index=1).display_name == "Gast Gerd"


@pytest.mark.parametrize("name", ["Анна", "Антон", "Jürgen", "Ёлка", "Paula Mia", "Mía"])
def test_real_names_in_other_scripts_and_with_accents_are_guest_names(duel, name) -> None:
    c = APIClient()
    match = create_duel(c, name=name)
    assert match["seats"][0]["name"] == name
    other = APIClient().post(f"/api/matches/{match['id']}/join/", {"name": name}, format="json")
    assert other.status_code == 200, other.content


def test_two_accounts_in_one_browser_take_one_seat(duel) -> None:
    factories.user("anja"), factories.user("bert")
    c = APIClient()
    log_in(c, "anja")
    match = create_duel(c)
    log_out(c)
    log_in(c, "bert")
    r = c.post(f"/api/matches/{match['id']}/join/", {}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"
    assert "this browser already holds a seat" in r.json()["error"]["message"]
    assert Seat.objects.get(match_id=match["id"], index=1).is_free
    # The same account elsewhere (another browser) may join.
    other = APIClient()
    log_in(other, "bert")
    assert other.post(f"/api/matches/{match['id']}/join/", {}, format="json").status_code == 200


def test_a_guest_who_logs_in_keeps_one_seat_even_without_the_browser_cookie(duel) -> None:
    factories.user("bert")
    c = APIClient()
    match = create_duel(c, name="Gast Gerd")
    log_in(c, "bert")  # the session (and its guest token) outlives the login
    del c.cookies[COOKIE]
    r = c.post(f"/api/matches/{match['id']}/join/", {}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"


def test_an_account_then_a_guest_in_one_browser_take_one_seat(duel) -> None:
    factories.user("anja")
    c = APIClient()
    log_in(c, "anja")
    match = create_duel(c)
    log_out(c)
    r = c.post(f"/api/matches/{match['id']}/join/", {"name": "Gast Gerd"}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"


def test_a_seat_left_before_the_start_frees_its_browser(duel) -> None:
    factories.user("anja")
    c = APIClient()
    log_in(c, "anja")
    seats = [{"kind": "human"}] * 3 + [{"kind": "ai"}]
    r = c.post("/api/matches/", {"game": "preisjass", "seats": seats}, format="json")
    match = r.json()
    friend = APIClient()
    assert (
        friend.post(f"/api/matches/{match['id']}/join/", {"name": "Gast Gerd"}, format="json").status_code
        == 200
    )
    assert friend.post(f"/api/matches/{match['id']}/leave/").status_code == 200
    seat = Seat.objects.get(match_id=match["id"], index=1)
    assert seat.is_free and seat.origin_browser == seat.origin_session == ""
    assert seat.origin_address == seat.origin_device == ""
    assert (
        APIClient()
        .post(f"/api/matches/{match['id']}/join/", {"name": "Gast Grete"}, format="json")
        .status_code
        == 200
    )


def test_the_browser_cookie_is_set_only_when_a_seat_is_taken(duel) -> None:
    c = APIClient()
    for page in ("/api/leaderboard/duel/", "/", "/api/matches/"):
        r = c.get(page)
        assert r.status_code == 200 and COOKIE not in r.cookies
    r = c.post(
        "/api/matches/",
        {"game": "duel", "seats": [{"kind": "human"}] * 2, "name": "Gast Gerd"},
        format="json",
    )
    cookie = r.cookies[COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert Seat.objects.get(index=0).origin_browser == cookie.value


def test_a_seat_records_the_address_and_device_it_was_taken_from(duel) -> None:
    phone = APIClient(HTTP_USER_AGENT="Phone/1", HTTP_ACCEPT_LANGUAGE="de", REMOTE_ADDR="198.51.100.7")
    laptop = APIClient(HTTP_USER_AGENT="Laptop/2", HTTP_ACCEPT_LANGUAGE="de", REMOTE_ADDR="198.51.100.7")
    body = {"game": "duel", "seats": [{"kind": "human"}] * 2, "name": "Gast Gerd"}
    match = phone.post("/api/matches/", body, format="json").json()
    assert (
        laptop.post(f"/api/matches/{match['id']}/join/", {"name": "Gast Grete"}, format="json").status_code
        == 200
    )
    first, second = Seat.objects.filter(match_id=match["id"]).order_by("index")
    assert first.origin_address == second.origin_address == "198.51.100.7"
    assert len(first.origin_device) == 32 and first.origin_device != second.origin_device


# --- one person, one entry per shared-deal event (games.identity.entries) -------------------------------

PHONE: dict[str, Any] = {
    "HTTP_USER_AGENT": "Mozilla/5.0 (Linux; Android 14) Firefox/133.0",
    "HTTP_ACCEPT_LANGUAGE": "de-AT",
}
LAPTOP: dict[str, Any] = {
    "HTTP_USER_AGENT": "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0",
    "HTTP_ACCEPT_LANGUAGE": "de-AT",
}


def shared_deal_tables(duel: str) -> list[Match]:
    """Two tables of one shared-deal event (a daily challenge would be one): one seed, embargoed, each
    with a host and a free seat."""
    seed = fairness.new_seed()
    return [
        match_create(
            game=duel,
            creator=factories.actor(factories.user(host)),
            seats=[SeatSpec(), SeatSpec()],
            options={"cards": 3},
            seed=seed,
            embargoed=True,
        )
        for host in ("host1", "host2")
    ]


def join_refused(c: APIClient, match: Match, reason: str, **body) -> str:
    r = c.post(f"/api/matches/{match.pk}/join/", body, format="json")
    assert r.status_code == 409, r.content
    error = r.json()["error"]
    assert error["code"] == "same_person" and error["reason"] == reason
    assert Seat.objects.get(match=match, index=1).is_free
    return str(error["message"])


def test_one_person_joins_one_table_of_a_shared_deal_event(duel) -> None:
    first, second = shared_deal_tables(duel)
    factories.user("anja"), factories.user("bert")
    phone = APIClient(REMOTE_ADDR="198.51.100.7", **PHONE)
    log_in(phone, "anja")
    assert phone.post(f"/api/matches/{first.pk}/join/", {}, format="json").status_code == 200

    laptop = APIClient(REMOTE_ADDR="203.0.113.5", **LAPTOP)
    log_in(laptop, "anja")  # the same account in another browser
    assert "already plays at another table" in join_refused(laptop, second, "account")
    log_out(phone)
    log_in(phone, "bert")  # another account in anja's browser
    assert join_refused(phone, second, "browser").startswith("Bert and Anja were used in the same browser")
    # A guest in a fresh cookie jar on the same phone: the same address and device.
    join_refused(APIClient(REMOTE_ADDR="198.51.100.7", **PHONE), second, "device", name="Gast Gerd")
    # Someone else on the same network, on another device, joins.
    other = APIClient(REMOTE_ADDR="198.51.100.7", **LAPTOP)
    assert (
        other.post(f"/api/matches/{second.pk}/join/", {"name": "Gast Grete"}, format="json").status_code
        == 200
    )


def test_tables_of_their_own_are_not_one_event(duel) -> None:
    """Two ordinary tables (each its own seed): one browser may play both."""
    factories.user("anja")
    c = APIClient()
    log_in(c, "anja")
    first, second = create_duel(c), create_duel(APIClient(), name="Gast Gerd")
    assert Match.objects.get(pk=first["id"]).deal_event == ""
    assert c.post(f"/api/matches/{second['id']}/join/", {}, format="json").status_code == 200


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_seat_socket_notes_the_browser_it_is_played_from(duel) -> None:
    """A round's seats are taken by its manager, not from the players' browsers: where a player plays
    a table from (the socket) links accounts too."""

    def seat_both() -> tuple[str, int]:
        anja, bert = factories.user("anja"), factories.user("bert")
        c = APIClient()
        log_in(c, "anja")
        first, second = shared_deal_tables(duel)
        match_join(match_id=first.pk, actor=factories.actor(anja))
        match_join(match_id=second.pk, actor=factories.actor(bert))
        return c.cookies[COOKIE].value, second.pk

    anja_browser, table = await sync_to_async(seat_both)()
    bert = await sync_to_async(User.objects.get)(username="bert")
    session = await sync_to_async(_session_cookie)(bert)
    cookie = session + f"; {COOKIE}={anja_browser}".encode()
    comm = WebsocketCommunicator(
        application, f"/ws/matches/{table}/", headers=[ORIGIN, (b"cookie", cookie), (b"host", b"127.0.0.1")]
    )
    connected, _ = await comm.connect()
    assert connected
    state = json.loads(await comm.receive_from(timeout=5))
    assert state["t"] == "state" and state["d"]["seat"] == 1
    links = await sync_to_async(
        lambda: list(AccountLink.objects.values_list("user_a__username", "user_b__username", "reason"))
    )()
    assert links == [("anja", "bert", "browser")]
    await comm.disconnect()
