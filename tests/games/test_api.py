"""The REST API: the whole flow, and every kind of bad input answered with a clear 4xx and no event."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from games.models import Match, MatchEvent
from tests import factories

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


def create_duel(c: APIClient, **extra) -> dict:
    body = {"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}], **extra}
    r = c.post("/api/matches/", body, format="json")
    assert r.status_code == 201, r.content
    return r.json()


@pytest.fixture
def table(duel):
    anna, ben = factories.user("anna"), factories.user("ben")
    ca, cb = client_for(anna), client_for(ben)
    match = create_duel(ca)
    assert match["status"] == "open" and match["seats"][1]["free"]
    lobby = client_for().get("/api/matches/").json()["matches"]
    assert [m["id"] for m in lobby] == [match["id"]]
    r = cb.post(f"/api/matches/{match['id']}/join/", {}, format="json")
    assert r.status_code == 200 and r.json()["seat"] == 1
    return match["id"], ca, cb


def error_code(response) -> str:
    return response.json()["error"]["code"]


def test_full_flow_create_join_view_act_events(table) -> None:
    match_id, ca, cb = table
    view = ca.get(f"/api/matches/{match_id}/view/").json()
    assert view["seat"] == 0 and view["seq"] == 2 and len(view["view"]["hand"]) == 3
    assert client_for().get("/api/matches/").json()["matches"] == []
    clients = {0: ca, 1: cb}
    while True:
        state = ca.get(f"/api/matches/{match_id}/view/").json()
        if state["match"]["status"] != "running":
            break
        seat = state["view"]["to_move"]
        mine = clients[seat].get(f"/api/matches/{match_id}/view/").json()
        r = clients[seat].post(
            f"/api/matches/{match_id}/actions/",
            {"action": {"type": "play", "card": mine["view"]["hand"][0]}, "seq": mine["seq"]},
            format="json",
        )
        assert r.status_code == 201, r.content
    log = client_for().get(f"/api/matches/{match_id}/events/").json()
    assert [e["seq"] for e in log["events"]] == list(range(1, 9))
    assert log["seed"] and log["seed_commitment"] == state["match"]["seed_commitment"]


def test_views_never_show_the_other_hand(table) -> None:
    match_id, ca, cb = table
    a = ca.get(f"/api/matches/{match_id}/view/").json()["view"]
    b = cb.get(f"/api/matches/{match_id}/view/").json()["view"]
    spectator = client_for().get(f"/api/matches/{match_id}/view/").json()
    assert spectator["seat"] is None and spectator["view"]["hand"] == []
    text_a = json.dumps(a)
    assert not any(card in text_a for card in b["hand"])
    assert "seed" not in json.dumps(spectator).replace("seed_commitment", "")


@pytest.mark.parametrize(
    ("who", "body", "status", "code"),
    [
        ("ben", {"action": {"type": "play", "card": "AH"}, "seq": 2}, 409, "not_your_turn"),
        ("carla", {"action": {"type": "play", "card": "AH"}, "seq": 2}, 403, "not_seated"),
        (None, {"action": {"type": "play", "card": "AH"}, "seq": 2}, 403, "not_seated"),
        ("anna", {"action": {"type": "play", "card": "AH"}, "seq": 1}, 409, "stale_seq"),
        ("anna", {"action": {"type": "play", "card": "AH"}, "seq": 2, "hack": 1}, 400, "invalid"),
        ("anna", {"action": "play", "seq": 2}, 400, "invalid"),
        ("anna", {"seq": 2}, 400, "invalid"),
    ],
)
def test_bad_actions_get_4xx_and_append_nothing(table, who, body, status, code) -> None:
    match_id, ca, cb = table
    users = {"anna": ca, "ben": cb}
    c = client_for(factories.user("carla")) if who == "carla" else users.get(who) or client_for()
    r = c.post(f"/api/matches/{match_id}/actions/", body, format="json")
    assert (r.status_code, error_code(r)) == (status, code), r.content
    assert r.json()["error"]["message"]
    assert MatchEvent.objects.filter(match_id=match_id).count() == 2


def test_illegal_card_and_malformed_json(table) -> None:
    match_id, ca, cb = table
    other = cb.get(f"/api/matches/{match_id}/view/").json()["view"]["hand"][0]
    r = ca.post(
        f"/api/matches/{match_id}/actions/",
        {"action": {"type": "play", "card": other}, "seq": 2},
        format="json",
    )
    assert (r.status_code, error_code(r)) == (400, "illegal_action")
    assert "not in the hand" in r.json()["error"]["message"]
    r = ca.post(f"/api/matches/{match_id}/actions/", data="{not json", content_type="application/json")
    assert (r.status_code, error_code(r)) == (400, "malformed_json")
    r = ca.post("/api/matches/99999/actions/", {"action": {}, "seq": 0}, format="json")
    assert (r.status_code, error_code(r)) == (404, "not_found")
    assert MatchEvent.objects.filter(match_id=match_id).count() == 2


def test_resending_a_command_returns_the_original(table) -> None:
    match_id, ca, _ = table
    card = ca.get(f"/api/matches/{match_id}/view/").json()["view"]["hand"][0]
    body = {"action": {"type": "play", "card": card}, "seq": 2, "command_id": "7f1c"}
    first = ca.post(f"/api/matches/{match_id}/actions/", body, format="json")
    again = ca.post(f"/api/matches/{match_id}/actions/", body, format="json")
    assert first.status_code == 201 and again.status_code == 200
    assert again.json()["duplicate"] is True and again.json()["seq"] == first.json()["seq"] == 3
    assert MatchEvent.objects.filter(match_id=match_id).count() == 3


def test_event_log_of_a_running_match_is_refused(table) -> None:
    match_id, ca, _ = table
    r = ca.get(f"/api/matches/{match_id}/events/")
    assert (r.status_code, error_code(r)) == (403, "forbidden")


def test_create_errors(duel) -> None:
    c = client_for(factories.user("anna"))
    cases = [
        ({"game": "nope", "seats": []}, "bad_request"),
        ({"game": "duel", "seats": [{"kind": "human"}]}, "bad_request"),
        ({"game": "duel", "seats": [{"kind": "human"}, {"kind": "robot"}]}, "invalid"),
        (
            {"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}], "options": {"cards": 99}},
            "bad_request",
        ),
        ({"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}], "colour": "red"}, "invalid"),
    ]
    for body, code in cases:
        r = c.post("/api/matches/", body, format="json")
        assert (r.status_code, error_code(r)) == (400, code), (body, r.content)
    anon = client_for().post(
        "/api/matches/", {"game": "duel", "seats": [{"kind": "human"}] * 2}, format="json"
    )
    assert (anon.status_code, error_code(anon)) == (403, "not_seated")
    assert Match.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_guest_seat_is_bound_to_its_session(duel) -> None:
    guest, other_guest = client_for(), client_for()
    match = create_duel(
        guest,
        name="Gast Gustav",
        seats=[{"kind": "human"}, {"kind": "ai", "name": "Mia"}],
        ai_version="random",
    )
    # The AI seat moved at once whenever it was its turn: now the guest is to move.
    view = guest.get(f"/api/matches/{match['id']}/view/").json()
    assert view["seat"] == 0 and view["match"]["seats"][0]["name"] == "Gast Gustav"
    assert view["match"]["seats"][1]["name"] == "Mia"
    card = view["view"]["hand"][0]
    r = other_guest.post(
        f"/api/matches/{match['id']}/actions/",
        {"action": {"type": "play", "card": card}, "seq": view["seq"]},
        format="json",
    )
    assert (r.status_code, error_code(r)) == (403, "not_seated")
    while view["match"]["status"] == "running":
        r = guest.post(
            f"/api/matches/{match['id']}/actions/",
            {"action": {"type": "play", "card": view["view"]["hand"][0]}, "seq": view["seq"]},
            format="json",
        )
        assert r.status_code == 201, r.content
        view = r.json()
    assert view["match"]["status"] == "finished" and view["view"]["to_move"] is None


def test_csrf_is_enforced_for_guests_too(duel) -> None:
    c = APIClient(enforce_csrf_checks=True)
    r = c.post(
        "/api/matches/", {"game": "duel", "name": "G", "seats": [{"kind": "human"}] * 2}, format="json"
    )
    assert r.status_code == 403 and "CSRF" in r.json()["error"]["message"]
    assert Match.objects.count() == 0


def test_games_list_and_openapi_schema(client) -> None:
    r = client.get("/api/games/")
    assert r.status_code == 200 and isinstance(r.json()["games"], list)
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/matches/{match_id}/actions/" in schema.content
    assert client.get("/api/docs/").status_code == 200


def test_writes_are_throttled(duel, settings) -> None:
    from rest_framework.throttling import ScopedRateThrottle

    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "writes": "3/min"}
    ScopedRateThrottle.THROTTLE_RATES = rates
    try:
        c = client_for(factories.user("anna"))
        body = {"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}]}
        codes = [c.post("/api/matches/", body, format="json").status_code for _ in range(4)]
        assert codes == [201, 201, 201, 429]
        r = c.post("/api/matches/", body, format="json")
        assert error_code(r) == "throttled" and Match.objects.count() == 3
        assert c.get("/api/matches/").status_code == 200  # reads are not throttled
    finally:
        ScopedRateThrottle.THROTTLE_RATES = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]


def test_my_matches_filter_by_status(duel) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    running = factories.two_player_match("duel", anna, ben)
    done = factories.two_player_match("duel", anna, ben)
    Match.objects.filter(pk=done.pk).update(status="finished")
    ca = client_for(anna)

    def ids(query: str = "") -> list[int]:
        r = ca.get(f"/api/matches/mine/{query}")
        assert r.status_code == 200, r.content
        return [m["id"] for m in r.json()["matches"]]

    assert ids() == [running.pk] == ids("?status=active")
    assert ids("?status=finished") == [done.pk]
    assert sorted(ids("?status=all")) == sorted([running.pk, done.pk])
    assert client_for().get("/api/matches/mine/?status=finished").json()["matches"] == []
    bad = ca.get("/api/matches/mine/?status=everything")
    assert bad.status_code == 400 and error_code(bad) == "bad_request"
