"""Entering a challenge, the same play for the same decisions, the embargo on every route, the close
(seed revealed and verified, embargo lifted) and the rebuild from the events alone."""

from __future__ import annotations

import datetime as dt
import hashlib

import pytest
from asgiref.sync import sync_to_async
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from challenges import selectors, services
from challenges.models import Challenge, Entry
from games.models import Match, MatchEvent, MatchStatus
from tests import factories
from tests.challenges.conftest import client_for, play_entry
from tests.games.test_consumers import connect, receive

# on_commit must run: the AI seats move and the entries are projected after each commit
pytestmark = pytest.mark.django_db(transaction=True)

ROUTES = ("", "view/", "replay/", "events/", "verify/", "analysis/")


def log_of(match_id: int) -> list[dict]:
    return list(MatchEvent.objects.filter(match_id=match_id).order_by("seq").values_list("data", flat=True))


def close(challenge: Challenge) -> None:
    Challenge.objects.filter(pk=challenge.pk).update(closes_at=timezone.now() - dt.timedelta(seconds=1))
    assert services.challenge_close(challenge_id=challenge.pk)
    challenge.refresh_from_db()


def test_the_list_names_todays_challenge_with_its_commitment(challenge) -> None:
    listed = client_for().get("/api/challenges/").json()["challenges"]
    mine = next(c for c in listed if c["id"] == challenge.pk)
    assert mine["game"] == "duel" and mine["deals"] == 1 and mine["ai_version"] == "anton"
    assert mine["commitment"] == hashlib.sha256(bytes.fromhex(challenge.seed)).hexdigest()
    assert mine["entries"] == 0 and mine["seed"] is None and mine["open"]
    assert set(mine) >= {
        "id",
        "game",
        "opens_at",
        "closes_at",
        "deals",
        "ai_version",
        "commitment",
        "entries",
    }
    # one per game and day, whoever asks again
    assert services.challenge_open(game="duel", day=challenge.day).pk == challenge.pk


def test_one_entry_per_account_and_registered_players_only(challenge, field) -> None:
    anna = field[0]
    first = client_for(anna).post(f"/api/challenges/{challenge.pk}/enter/")
    assert first.status_code == 201
    match = Match.objects.get(pk=first.json()["match"])
    assert match.embargoed and match.ranked and not match.spectators_allowed
    assert match.seed == challenge.seed and match.deal_event == challenge.commitment
    second = client_for(anna).post(f"/api/challenges/{challenge.pk}/enter/")
    assert second.status_code == 409 and second.json()["error"]["code"] == "already_entered"
    guest = client_for().post(f"/api/challenges/{challenge.pk}/enter/")
    assert guest.status_code in (401, 403) and guest.json()["error"]["code"] == "not_authenticated"
    assert Entry.objects.filter(challenge=challenge).count() == 1
    assert client_for(anna).post("/api/challenges/999999/enter/").status_code == 404


def test_another_account_of_the_same_browser_is_refused(challenge, field) -> None:
    anna, ben = field[:2]
    c = client_for(anna)
    assert c.post(f"/api/challenges/{challenge.pk}/enter/").status_code == 201
    c.force_login(ben)  # the same browser (its cookie), another account
    refused = c.post(f"/api/challenges/{challenge.pk}/enter/")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "already_entered"
    assert not Entry.objects.filter(user=ben).exists()


def test_same_decisions_give_identical_logs_and_everyone_gets_the_same_deals(challenge, field) -> None:
    anna, ben, carl = field[:3]
    a, b = play_entry(anna, challenge), play_entry(ben, challenge)
    c = play_entry(carl, challenge, pick=lambda view, legal: legal[-1])
    assert log_of(a) == log_of(b)
    assert log_of(a) != log_of(c)
    deals = [[e for e in log_of(m) if e["type"] == "deal"] for m in (a, b, c)]
    assert deals[0] == deals[1] == deals[2] and deals[0]
    # the par: the AI in the player's seat, whose log is what a player making its moves meets
    challenge.refresh_from_db()
    assert challenge.par_match is not None and challenge.par_match.status == MatchStatus.FINISHED
    assert [e for e in log_of(challenge.par_match_id) if e["type"] == "deal"] == deals[0]


def test_an_open_challenges_matches_are_refused_to_everyone_else_on_every_route(challenge, field) -> None:
    anna, ben = field[:2]
    match_id = play_entry(anna, challenge)
    challenge.refresh_from_db()
    assert challenge.par_match_id is not None
    staff = factories.user("staff")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    for who in (ben, staff, None):
        c = client_for(who)
        for route in ROUTES:
            response = c.get(f"/api/matches/{match_id}/{route}")
            assert response.status_code == 403, (who, route, response.content)
        for page in (f"/matches/{match_id}/", f"/matches/{match_id}/replay/"):
            assert Client().get(page).status_code == 403
        assert c.get(f"/api/leaderboard/matches/{match_id}/status/").status_code == 403
        # nor the par, nor the field's results
        assert c.get(f"/api/matches/{challenge.par_match_id}/replay/").status_code == 403
        assert c.get(f"/api/challenges/{challenge.pk}/results/").status_code == 403
        # and no list names the table: the player's profile, the lobby
        profile = c.get("/accounts/players/anna/")
        assert match_id not in [m.match_id for m in profile.context["history"].rows]
        assert match_id not in [m["id"] for m in c.get("/api/matches/").json()["matches"]]
    # the player reads their own table and their place, not yet the replay
    mine = client_for(anna)
    assert mine.get(f"/api/matches/{match_id}/view/").status_code == 200
    assert mine.get(f"/api/matches/{match_id}/replay/").status_code == 403
    results = mine.get(f"/api/challenges/{challenge.pk}/results/").json()
    assert results["me"]["rank"] == 1 and results["entries"] == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_socket_of_an_open_challenge_refuses_everyone_but_its_player(challenge, field) -> None:
    anna, ben = field[:2]
    entry = await sync_to_async(services.challenge_enter)(challenge_id=challenge.pk, user=anna)
    for who in (ben, None):
        comm, connected = await connect(entry.match_id, who)
        assert connected
        reply = await receive(comm)
        assert reply["t"] == "error" and reply["code"] == "embargoed" and "d" not in reply
        await comm.disconnect()
    comm, _ = await connect(entry.match_id, anna)
    state = await receive(comm)
    assert state["t"] == "state" and state["d"]["seat"] == challenge.seat
    await comm.disconnect()


def test_the_close_reveals_the_seed_lifts_the_embargo_and_every_entry_verifies(challenge, field) -> None:
    anna, ben, carl = field[:3]
    played = [play_entry(anna, challenge), play_entry(ben, challenge, pick=lambda v, legal: legal[-1])]
    unfinished = services.challenge_enter(challenge_id=challenge.pk, user=carl)
    close(challenge)
    assert challenge.revealed_seed == challenge.seed
    detail = client_for().get(f"/api/challenges/{challenge.pk}/").json()
    assert detail["seed"] == challenge.seed and not detail["open"]
    assert hashlib.sha256(bytes.fromhex(detail["seed"])).hexdigest() == detail["commitment"]
    for match_id in [*played, challenge.par_match_id]:
        report = client_for().get(f"/api/matches/{match_id}/verify/").json()
        assert report["verified"] and report["seed"] == challenge.seed, report
    assert Match.objects.get(pk=unfinished.match_id).status == MatchStatus.ABANDONED
    call_command("verify_match", str(played[0]))
    # the field is public now, and entering is over
    results = client_for().get(f"/api/challenges/{challenge.pk}/results/").json()
    assert [r["rank"] for r in results["results"]] == [1, 2] and results["me"] is None
    places = dict(Entry.objects.filter(challenge=challenge).values_list("user__username", "place"))
    assert places["carl"] is None and sorted(p for p in places.values() if p) == [1, 2]
    late = client_for(factories.user("erik")).post(f"/api/challenges/{challenge.pk}/enter/")
    assert late.status_code == 409 and late.json()["error"]["code"] == "challenge_closed"
    assert client_for().get(f"/api/matches/{played[1]}/replay/").status_code == 200


def test_a_rebuild_from_the_events_gives_the_same_results(challenge, field) -> None:
    for i, user in enumerate(field):
        play_entry(user, challenge, pick=lambda v, legal, i=i: legal[i % len(legal)])
    close(challenge)
    before = client_for().get(f"/api/challenges/{challenge.pk}/results/").json()
    stored = list(Entry.objects.order_by("pk").values_list("scores", "total", "place", "percent"))
    Entry.objects.update(scores=None, total=None, place=None, percent=None, finished_at=None)
    call_command("rebuild_projections", "challenges")
    assert list(Entry.objects.order_by("pk").values_list("scores", "total", "place", "percent")) == stored
    challenge.refresh_from_db()
    assert client_for().get(f"/api/challenges/{challenge.pk}/results/").json() == before
    assert selectors.standings(challenge).entries == len(field)


def test_staff_see_challenges_in_the_admin_without_the_seed_until_the_close(challenge, field) -> None:
    staff = factories.user("staff")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    play_entry(field[0], challenge)
    admin = Client()
    admin.force_login(staff)
    listed = admin.get("/admin/challenges/challenge/")
    assert listed.status_code == 200 and challenge.commitment[:8] not in challenge.seed
    page = admin.get(f"/admin/challenges/challenge/{challenge.pk}/change/").content.decode()
    assert challenge.commitment in page and challenge.seed not in page
    assert admin.get("/admin/challenges/entry/").status_code == 200
    assert admin.get("/admin/challenges/challenge/add/").status_code == 403
    close(challenge)
    assert challenge.seed in admin.get(f"/admin/challenges/challenge/{challenge.pk}/change/").content.decode()
