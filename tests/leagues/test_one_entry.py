"""One person, one entry: a duplicate round refuses two accounts of one person (the same browser, the
same browser session's history, or the same address and device within hours), naming the reason; the
address alone links nobody; staff see the links in the admin."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import User
from games.models import AccountLink, Match, Sighting
from leagues.models import DuplicateRound
from tests.leagues.browsing import COOKIE, PHONE, join, log_out, new_player, open_round, register

pytestmark = pytest.mark.django_db


def refused(r, reason: str) -> str:
    assert r.status_code == 409, r.content
    error = r.json()["error"]
    assert error["code"] == "same_person" and error["reason"] == reason
    return str(error["message"])


def test_two_accounts_registered_in_one_browser_are_refused_one_round(duel_league) -> None:
    """The attack of the issue: register A, join, log out, register B in the same browser, join; a
    round [[A], [B]] would give that browser both tables of the same deals."""
    manager, league_id = duel_league
    c = APIClient()
    register(c, "anja")
    join(c, league_id)
    log_out(c)
    register(c, "bert")
    join(c, league_id)

    message = refused(open_round(manager, league_id, [["anja"], ["bert"]]), "browser")
    assert message.startswith("anja and bert were used in the same browser: ")
    assert "one person enters it only once" in message
    assert not DuplicateRound.objects.exists() and not Match.objects.exists()
    # At one table of a round too: the two accounts are one person wherever they sit.
    refused(open_round(manager, league_id, [["anja", "bert"]]), "browser")
    # Either of them with another player is a round like any other.
    new_player(league_id, "carl")
    assert open_round(manager, league_id, [["anja"], ["carl"]]).status_code == 201
    assert open_round(manager, league_id, [["carl"], ["bert"]]).status_code == 201


def test_a_browser_session_links_accounts_across_a_cleared_browser_cookie(duel_league) -> None:
    """bert registers and logs out; in that browser a guest plays, clears the browser cookie, plays
    on in the same session and registers anja: the guest session was seen in bert's browser and in
    anja's, so the two accounts share its history."""
    manager, league_id = duel_league
    c = APIClient()
    register(c, "bert")
    join(c, league_id)
    log_out(c)
    duel_table = {"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Gast Gerd"}
    assert c.post("/api/matches/", duel_table, format="json").status_code == 201
    bert_browser = c.cookies[COOKIE].value
    del c.cookies[COOKIE]
    assert c.post("/api/matches/", duel_table, format="json").status_code == 201
    assert c.cookies[COOKIE].value != bert_browser
    register(c, "anja")  # the session, and its guest token, outlive the registration's login
    join(c, league_id)

    message = refused(open_round(manager, league_id, [["anja"], ["bert"]]), "session")
    assert message.startswith("anja and bert were used in the same browser session: ")
    assert not AccountLink.objects.filter(reason="browser").exists()


def test_one_address_and_device_link_two_accounts_within_hours(duel_league) -> None:
    """A fresh cookie jar (a private window) on the same phone: a new browser token and session, but
    the same address and the same User-Agent and languages."""
    manager, league_id = duel_league
    new_player(league_id, "anja", REMOTE_ADDR="198.51.100.7", **PHONE)
    new_player(league_id, "bert", REMOTE_ADDR="198.51.100.7", **PHONE)

    message = refused(open_round(manager, league_id, [["anja"], ["bert"]]), "device")
    assert message.startswith("anja and bert were used from the same address and device within hours: ")


def test_one_device_seen_days_apart_links_no_round(duel_league) -> None:
    manager, league_id = duel_league
    new_player(league_id, "anja", REMOTE_ADDR="198.51.100.7", **PHONE)
    two_days_ago = timezone.now() - dt.timedelta(days=2)
    Sighting.objects.update(first_seen=two_days_ago, last_seen=two_days_ago)
    new_player(league_id, "bert", REMOTE_ADDR="198.51.100.7", **PHONE)
    assert not AccountLink.objects.exists()
    assert open_round(manager, league_id, [["anja"], ["bert"]]).status_code == 201


def test_an_old_device_link_does_not_count_for_a_later_round(duel_league) -> None:
    manager, league_id = duel_league
    new_player(league_id, "anja", REMOTE_ADDR="198.51.100.7", **PHONE)
    new_player(league_id, "bert", REMOTE_ADDR="198.51.100.7", **PHONE)
    last_week = timezone.now() - dt.timedelta(days=7)
    AccountLink.objects.update(first_seen=last_week, last_seen=last_week)
    assert open_round(manager, league_id, [["anja"], ["bert"]]).status_code == 201


def test_the_same_address_alone_links_nobody(duel_league) -> None:
    """A household, a campus or a mobile carrier: one address, different devices."""
    manager, league_id = duel_league
    laptop = {
        "HTTP_USER_AGENT": "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0",
        "HTTP_ACCEPT_LANGUAGE": "de-AT",
    }
    new_player(league_id, "anja", REMOTE_ADDR="198.51.100.7", **PHONE)
    new_player(league_id, "bert", REMOTE_ADDR="198.51.100.7", **laptop)
    assert not AccountLink.objects.exists()
    assert open_round(manager, league_id, [["anja"], ["bert"]]).status_code == 201


def test_staff_see_linked_accounts_and_clear_a_link_in_the_admin(duel_league) -> None:
    manager, league_id = duel_league
    c = APIClient()
    register(c, "anja")
    join(c, league_id)
    log_out(c)
    register(c, "bert")
    join(c, league_id)
    staff = APIClient()
    staff.force_login(
        User.objects.create_superuser(username="staff", password="pw-staff-1", display_name="Staff")
    )

    page = staff.get("/admin/games/accountlink/")
    assert page.status_code == 200
    listed = [
        (link.user_a.username, link.user_b.username, link.reason) for link in page.context["cl"].result_list
    ]
    assert listed == [("anja", "bert", "browser")]
    assert "the same browser" in page.content.decode()
    anja = User.objects.get(username="anja")
    profile = staff.get(f"/admin/accounts/user/{anja.pk}/change/").content.decode()
    assert "Linked accounts" in profile and "bert</a>: the same browser (counts)" in profile

    # Staff who know them to be two people clear the link: the round may be opened.
    link = AccountLink.objects.get()
    r = staff.post("/admin/games/accountlink/", {"action": "clear", "_selected_action": [link.pk]})
    assert r.status_code == 302
    link.refresh_from_db()
    assert link.cleared_at is not None and link.cleared_by is not None
    assert link.cleared_by.username == "staff"
    assert "(cleared)" in staff.get(f"/admin/accounts/user/{anja.pk}/change/").content.decode()
    assert open_round(manager, league_id, [["anja"], ["bert"]]).status_code == 201
