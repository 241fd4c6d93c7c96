"""A run where one person (one account, browser or session) held several seats saw several hands: it
is never entered on a leaderboard, by the live save, the retry endpoint or the pending-saves command."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from games.live.actors import Actor
from games.services.matches import SeatSpec, match_act, match_create, match_join
from games.store.events import load_state
from leaderboard.models import LeaderboardEntry, LeaderboardSave
from tests import factories

pytestmark = pytest.mark.django_db


def play(match, actors: dict[int, Actor], capture) -> None:
    """To the end, with the commit hooks run: the live save happens as in production."""
    with capture(execute=True):
        while True:
            match.refresh_from_db()
            if match.status != "running":
                return
            state = load_state(match)
            seat = state.to_move
            assert isinstance(seat, int)
            action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
            match_act(match_id=match.pk, actor=actors[seat], action=action, expected_seq=match.version)


def duel_from(duel: str, a_origin, b_origin, capture):
    anna, ben = factories.user("anja"), factories.user("bert")
    a, b = Actor.for_user(anna, a_origin), Actor.for_user(ben, b_origin)
    match = match_create(game=duel, creator=a, seats=[SeatSpec(), SeatSpec()], options={"cards": 3})
    match_join(match_id=match.pk, actor=b)
    play(match, {0: a, 1: b}, capture)
    match.refresh_from_db()
    return match, anna


def test_a_run_with_one_browser_at_two_seats_is_never_saved(
    duel, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    from games.identity import seating
    from games.live.actors import Origin

    # Seated past the join check (the backstop): two accounts from one browser.
    monkeypatch.setattr(seating, "holds_a_seat", lambda seats, actor: False)
    one_browser = Origin(browser="b" * 32)
    match, anna = duel_from(duel, one_browser, one_browser, django_capture_on_commit_callbacks)
    assert match.status == "finished"
    assert not LeaderboardEntry.objects.exists()  # the live save refused it

    c = APIClient()
    c.force_login(anna)
    r = c.post(f"/api/leaderboard/matches/{match.pk}/save/")
    assert r.status_code == 400 and r.json()["error"]["code"] == "not_eligible"
    assert "several seats" in r.json()["error"]["message"]
    status = c.get(f"/api/leaderboard/matches/{match.pk}/status/").json()
    assert status["state"] == "not_eligible" and not status["can_retry"]

    out = StringIO()
    call_command("leaderboard_save_pending", stdout=out)
    assert out.getvalue().strip() == "saved 0, failed 0, not eligible 1"
    assert (
        not LeaderboardEntry.objects.exists() and not LeaderboardSave.objects.filter(state="saved").exists()
    )


def test_a_guest_session_that_logged_in_counts_as_one_person(
    duel, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    from games.identity import seating
    from games.live.actors import Origin

    monkeypatch.setattr(seating, "holds_a_seat", lambda seats, actor: False)
    anna = factories.user("anja")
    guest = Actor(
        guest_token="g" * 32, display_name="Gast Gerd", origin=Origin(browser="x" * 32, session="g" * 32)
    )
    match = match_create(game=duel, creator=guest, seats=[SeatSpec(), SeatSpec()], options={"cards": 3})
    registered = Actor.for_user(anna, Origin(browser="y" * 32, session="g" * 32))
    match_join(match_id=match.pk, actor=registered)
    play(match, {0: guest, 1: registered}, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert match.status == "finished" and not LeaderboardEntry.objects.exists()
    assert LeaderboardSave.objects.filter(match=match).first() is None


def test_separate_browsers_are_saved(duel, django_capture_on_commit_callbacks) -> None:
    from games.live.actors import Origin

    duel_from(duel, Origin(browser="a" * 32), Origin(browser="b" * 32), django_capture_on_commit_callbacks)
    assert LeaderboardEntry.objects.count() == 2
