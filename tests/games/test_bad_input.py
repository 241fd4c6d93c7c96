"""Hostile input to the REST API: every refusal is a 4xx in the API's error shape and changes nothing
(deep nesting, bodies over the size limit, paths that name no endpoint, a command id reused with another
action)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from games.models import Match, MatchEvent
from tests import factories

pytestmark = pytest.mark.django_db


def client_for(user: Any = None) -> APIClient:
    c = APIClient()
    c.raise_request_exception = False
    if user is not None:
        c.force_login(user)
    return c


def error_of(response: Any, status: int) -> str:
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert isinstance(error["message"], str)
    return str(error["code"])


@pytest.fixture
def table(duel: str) -> tuple[int, APIClient, APIClient]:
    anna, ben = factories.user("anna"), factories.user("ben")
    match = factories.two_player_match(duel, anna, ben)
    return match.pk, client_for(anna), client_for(ben)


def test_json_nested_100000_deep_is_malformed(duel: str) -> None:
    c = client_for(factories.user("anna"))
    deep = "[" * 100_000 + "]" * 100_000
    body = '{"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}], "options": ' + deep + "}"
    r = c.post("/api/matches/", body, content_type="application/json")
    assert error_of(r, 400) == "malformed_json"
    r = c.post("/api/matches/", "{" * 100_000, content_type="application/json")
    assert error_of(r, 400) == "malformed_json"
    assert Match.objects.count() == 0


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=10_000)
def test_a_body_over_the_size_limit_is_too_large(table: tuple[int, APIClient, APIClient]) -> None:
    match_id, ca, _ = table
    body = {"action": {"type": "play", "card": "x" * 20_000}, "seq": 2}
    r = ca.post(f"/api/matches/{match_id}/actions/", json.dumps(body), content_type="application/json")
    assert error_of(r, 413) == "too_large"
    form = ca.post(f"/api/matches/{match_id}/join/", {"name": "x" * 20_000}, format="multipart")
    assert error_of(form, 413) == "too_large"
    assert MatchEvent.objects.filter(match_id=match_id).count() == 2


def test_paths_that_name_no_endpoint_answer_in_the_error_shape() -> None:
    c = client_for()
    for path in ("/api/matches/-1/", "/api/nothing-here/", "/api/matches/1/dance/", "/api/matches/²/"):
        assert error_of(c.get(path), 404) == "not_found"
    assert error_of(c.get("/api/matches/" + "9" * 5000 + "/"), 404) == "not_found"
    # An id too long for a 64-bit column is a 404 before it reaches the database driver.
    anna = client_for(factories.user("anna"))
    for path in (f"/api/leagues/{10**20}/invitations/accept/", f"/api/leagues/{2**64}/join/"):
        assert error_of(anna.post(path), 404) == "not_found"
    assert error_of(anna.get(f"/api/leaderboard/matches/{10**19}/status/"), 404) == "not_found"
    page = client_for().get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")


def test_query_numbers_with_superscripts_or_5000_digits_are_refused() -> None:
    c = client_for()
    for raw in ("²", "1" * 5000, "-1", "1.0", " 1"):
        r = c.get("/api/leaderboard/preisjass/", {"page": raw})
        assert error_of(r, 400) == "bad_request"


def test_a_command_id_resent_with_another_action_is_a_conflict(
    table: tuple[int, APIClient, APIClient],
) -> None:
    match_id, ca, cb = table
    hand = ca.get(f"/api/matches/{match_id}/view/").json()["view"]["hand"]
    url = f"/api/matches/{match_id}/actions/"
    first = {"action": {"type": "play", "card": hand[0]}, "seq": 2, "command_id": "c-7"}
    assert ca.post(url, first, format="json").status_code == 201
    other = {**first, "action": {"type": "play", "card": hand[1]}}
    r = ca.post(url, other, format="json")
    assert error_of(r, 409) == "command_conflict" and r.json()["error"]["seq"] == 3
    # At the current seq as well (it once failed on insert as a stale seq).
    assert error_of(ca.post(url, {**other, "seq": 3}, format="json"), 409) == "command_conflict"
    # Another seat reusing the id is a conflict too, never someone else's duplicate.
    b_hand = cb.get(f"/api/matches/{match_id}/view/").json()["view"]["hand"]
    theirs = {"action": {"type": "play", "card": b_hand[0]}, "seq": 3, "command_id": "c-7"}
    assert error_of(cb.post(url, theirs, format="json"), 409) == "command_conflict"
    assert MatchEvent.objects.filter(match_id=match_id).count() == 3
    again = ca.post(url, first, format="json")
    assert again.status_code == 200 and again.json()["duplicate"] is True
    assert MatchEvent.objects.filter(match_id=match_id).count() == 3
