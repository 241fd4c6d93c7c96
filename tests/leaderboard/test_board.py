"""The public board: tie order, the top-100 cut, hidden entries, escaping, German labels, the admin."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Match, MatchStatus
from leaderboard import selectors
from leaderboard.models import LeaderboardEntry
from leaderboard.services import entries_set_hidden
from tests import factories
from tests.leaderboard.conftest import entry

pytestmark = pytest.mark.django_db


def new_match(game: str = "preisjass") -> Match:
    return Match.objects.create(game=game, status=MatchStatus.FINISHED, seed="s", seed_commitment="c")


def names(game: str = "preisjass") -> list[str]:
    return [row["name"] for row in selectors.board_top(game)]


def test_tie_order_is_points_then_first_saved_then_id() -> None:
    m1, m2 = new_match(), new_match()
    # Inserted in an order unlike the expected one, so insertion order cannot pass this by accident.
    entry(m2, 0, 500, name="late", seconds=20)
    entry(m1, 3, 500, name="same-time-b", seconds=10)  # lower id of the two saved at 10 s
    entry(m2, 1, 700, name="best", seconds=30)
    entry(m1, 0, 500, name="same-time-c", seconds=10)
    entry(m1, 1, 500, name="early", seconds=5)
    entry(m2, 2, 100, name="last", seconds=0)
    assert names() == ["best", "early", "same-time-b", "same-time-c", "late", "last"]
    assert [row["rank"] for row in selectors.board_top("preisjass")] == [1, 2, 3, 4, 5, 6]


def test_only_the_best_100_appear_and_a_hidden_one_makes_room(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    matches = [new_match() for _ in range(26)]
    entries = [entry(matches[i // 4], i % 4, points=1000 - i, seconds=i) for i in range(101)]
    top = selectors.board_top("preisjass")
    assert len(top) == 100 and top[-1]["id"] == entries[99].pk
    assert entries[100].display_name not in names()
    assert entries[100].display_name not in client.get("/leaderboard/preisjass/").content.decode()

    # The cached list is dropped when an entry is hidden: the 101st moves up.
    with django_capture_on_commit_callbacks(execute=True):
        assert entries_set_hidden(entry_ids=[entries[5].pk], hidden=True) == 1
    top = selectors.board_top("preisjass")
    assert entries[5].display_name not in names() and top[-1]["id"] == entries[100].pk
    assert [row["rank"] for row in top][5] == 6 and top[5]["id"] == entries[6].pk


def test_boards_are_per_game() -> None:
    entry(new_match(), 0, 50, name="jasser")
    entry(new_match("schnapsen"), 0, 7, name="schnapser", game="schnapsen")
    assert names("preisjass") == ["jasser"] and names("schnapsen") == ["schnapser"]
    assert selectors.board_top("schnapsen")[0]["sacks"] is None


def test_page_shows_german_labels_ai_mark_replay_link_and_escapes_names(client: Client) -> None:
    m = new_match()
    entry(m, 0, 300, name="<script>alert('x')</script>")
    entry(m, 1, 200, name="Mia", is_ai=True)
    page = client.get("/leaderboard/preisjass/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    for label in ("Rang", "Name", "Punkte", "Säcke", "Datum"):
        assert f">{label}</th>" in page
    assert "<script>alert" not in page and "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in page
    assert "Mia (KI)" in page
    assert page.count(f'href="/matches/{m.pk}/replay/"') == 2
    english = client.get("/leaderboard/preisjass/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert ">Rank</th>" in english and "Mia (AI)" in english


def test_pages_for_anyone_and_404_for_unknown_games(client: Client) -> None:
    assert client.get("/leaderboard/").status_code == 200
    assert 'href="/leaderboard/preisjass/"' in client.get("/leaderboard/").content.decode()
    assert client.get("/leaderboard/preisjass/").status_code == 200
    assert client.get("/leaderboard/no_such_game/").status_code == 404


def test_staff_hide_an_entry_in_the_admin(client: Client, django_capture_on_commit_callbacks) -> None:
    m = new_match()
    cheat = entry(m, 0, 900, name="cheat")
    honest = entry(m, 1, 800, name="honest")
    assert names() == ["cheat", "honest"]  # cached now
    staff = factories.user("staff")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    url = "/admin/leaderboard/leaderboardentry/"
    assert client.get(url).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(url, {"action": "hide_entries", "_selected_action": [cheat.pk]})
    assert r.status_code == 302
    assert names() == ["honest"]

    # list_editable: untick "hidden" on the change list to show it again.
    form = {
        "form-TOTAL_FORMS": "2",
        "form-INITIAL_FORMS": "2",
        "form-0-id": str(cheat.pk),
        "form-0-hidden": "",
        "form-1-id": str(honest.pk),
        "form-1-hidden": "on",
        "_save": "Save",
    }
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(url, form)
    assert r.status_code == 302, r.content.decode()[:2000]
    assert names() == ["cheat"]
    assert LeaderboardEntry.objects.get(pk=honest.pk).hidden
    assert client.get(f"{url}{cheat.pk}/delete/").status_code == 403


def test_save_status_partial_renders_for_a_match() -> None:
    from django.template.loader import render_to_string

    html = render_to_string("leaderboard/save_status.html", {"match_id": 42})
    assert 'data-status-url="/api/leaderboard/matches/42/status/"' in html
    assert 'data-save-url="/api/leaderboard/matches/42/save/"' in html
    assert "Ergebnis erneut speichern" in html
