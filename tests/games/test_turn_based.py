"""Turn-based tables: days per move instead of a move timer and away rules; the watchdog marks a seat
whose days ran out overdue and never moves for it; the other players let the AI play it for the rest
(its result then counts nowhere) or end the table; the `turn_due` signal once per turn start."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone, translation
from rest_framework.test import APIClient

from accounts.models import User
from games.errors import TurnBasedRefused
from games.live import presence, state_cache
from games.models import Match, MatchEvent, MatchStatus, Seat, WatchdogDue
from games.results.match_result import match_seats
from games.results.seat_records import HANDED_TO_AI
from games.services.matches import SeatSpec, match_act, match_create, match_join
from games.services.watchdog import watchdog_tick
from games.signals import turn_due
from games.store.events import load_state
from leaderboard.models import LeaderboardEntry
from leaderboard.selectors import unranked_seats
from notifications.kinds import Kind
from notifications.models import Notification
from notifications.selectors import notification_row
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)

DAY = 86400


def later(seconds: float) -> dt.datetime:
    return timezone.now() + dt.timedelta(seconds=seconds)


def client_for(user: User | None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


@pytest.fixture
def turns() -> Iterator[list[dict[str, Any]]]:
    """Every `turn_due` sent while the test runs, with its arguments."""
    sent: list[dict[str, Any]] = []

    def receive(sender: Any, **kwargs: Any) -> None:
        sent.append({k: v for k, v in kwargs.items() if k != "signal"})

    turn_due.connect(receive, dispatch_uid="test-turn-due")
    yield sent
    turn_due.disconnect(dispatch_uid="test-turn-due")


def open_table(game: str, users: list[User], days: int = 2, **extra: Any) -> Match:
    """A turn-based table of `users` (seat i to users[i]) and AI seats for the rest, started."""
    n = {"schnapsen": 2, "preferans": 3}[game]
    kinds = [SeatSpec() if i < len(users) else SeatSpec("ai") for i in range(n)]
    match = match_create(
        game=game,
        creator=factories.actor(users[0]),
        seats=kinds,
        turn_based=True,
        days_per_move=days,
        **extra,
    )
    for i, user in enumerate(users[1:], start=1):
        match_join(match_id=match.pk, actor=factories.actor(user), seat_index=i, invite=match.invite_token)
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING
    return match


def started(match: Match) -> dt.datetime:
    """When the current turn began (the match's last append)."""
    match.refresh_from_db()
    assert match.last_event_at is not None
    return match.last_event_at


def to_move(match: Match) -> int:
    match.refresh_from_db()
    seat = load_state(match).to_move
    assert isinstance(seat, int)
    return seat


def move(match: Match, user: User) -> None:
    """`user`'s first legal action (their seat must be to move)."""
    match.refresh_from_db()
    state = load_state(match)
    action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
    match_act(match_id=match.pk, actor=factories.actor(user), action=action, expected_seq=match.version)


def choose(user: User | None, match: Match, choice: str) -> Any:
    return client_for(user).post(f"/api/matches/{match.pk}/overdue/", {"choice": choice}, format="json")


def due(match: Match) -> dt.datetime | None:
    return WatchdogDue.objects.filter(match=match).values_list("due_at", flat=True).first()


@pytest.fixture
def people() -> list[User]:
    return [factories.user(name) for name in ("anna", "ben", "carl")]


# --- opening a table --------------------------------------------------------------------------------


@pytest.mark.parametrize("days", [1, 7, 14])
def test_a_turn_based_table_opens_with_its_days_per_move(people, days) -> None:
    body = {
        "game": "schnapsen",
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "turn_based": True,
        "days_per_move": days,
    }
    r = client_for(people[0]).post("/api/matches/", body, format="json")
    assert r.status_code == 201, r.content
    summary = r.json()
    assert (summary["turn_based"], summary["days_per_move"], summary["move_timer"]) == (True, days, 0)
    match = Match.objects.get(pk=summary["id"])
    assert (match.turn_based, match.days_per_move) == (True, days)
    # A real-time table says so too.
    body = {"game": "schnapsen", "seats": [{"kind": "human"}, {"kind": "human"}]}
    plain = client_for(people[1]).post("/api/matches/", body, format="json").json()
    assert (plain["turn_based"], plain["days_per_move"], plain["turn"]) == (False, 0, None)


HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"turn_based": True, "days_per_move": 0}, "from 1 to 14, not 0"),
        ({"turn_based": True, "days_per_move": 15}, "from 1 to 14, not 15"),
        ({"turn_based": True, "days_per_move": "x"}, "not 'x'"),
        ({"turn_based": True, "days_per_move": "3"}, "not '3'"),
        ({"turn_based": True, "days_per_move": 3.0}, "not 3.0"),
        ({"turn_based": True, "days_per_move": True}, "not True"),
        ({"turn_based": True, "days_per_move": [3]}, "not [3]"),
        ({"turn_based": True}, "needs days_per_move"),
        ({"turn_based": True, "days_per_move": None}, "needs days_per_move"),
        ({"days_per_move": 3}, "turn-based table only"),
        ({"turn_based": False, "days_per_move": 3}, "turn-based table only"),
        ({"turn_based": "yes", "days_per_move": 3}, "true or false"),
        ({"turn_based": 1, "days_per_move": 3}, "true or false"),
        ({"turn_based": None, "days_per_move": 3}, "true or false"),
        ({"turn_based": True, "days_per_move": 3, "move_timer": 30}, "no move timer"),
        (
            {"turn_based": True, "days_per_move": 3, "seats": [{"kind": "human"}, {"kind": "ai"}]},
            "at least two human seats",
        ),
    ],
)
def test_bad_turn_based_settings_are_refused_and_nothing_is_created(people, extra, words) -> None:
    body = {"game": "schnapsen", "seats": HUMANS, **extra}
    r = client_for(people[0]).post("/api/matches/", body, format="json")
    assert r.status_code == 400, r.content
    error = r.json()["error"]
    assert error["code"] == "turn_based_refused" and words in error["message"], error
    assert not Match.objects.exists() and not Seat.objects.exists()


def test_a_shared_deal_table_is_never_turn_based(people) -> None:
    with pytest.raises(TurnBasedRefused, match="one sitting"):
        match_create(
            game="schnapsen",
            creator=factories.actor(people[0]),
            seats=[SeatSpec(), SeatSpec()],
            embargoed=True,
            turn_based=True,
            days_per_move=2,
        )
    assert not Match.objects.exists()


def test_a_private_turn_based_table_among_friends(people) -> None:
    anna, ben, carl = people
    body = {
        "game": "preferans",
        "seats": [{"kind": "human"}] * 3,
        "private": True,
        "turn_based": True,
        "days_per_move": 3,
    }
    summary = client_for(anna).post("/api/matches/", body, format="json").json()
    match = Match.objects.get(pk=summary["id"])
    assert summary["private"] and summary["turn_based"] and summary["invite_url"]
    for user, seat in ((ben, 1), (carl, 2)):
        r = client_for(user).post(
            f"/api/matches/{match.pk}/join/", {"invite": match.invite_token, "seat": seat}, format="json"
        )
        assert r.status_code == 200, r.content
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING and match.turn_based and match.private


# --- the clock ---------------------------------------------------------------------------------------


def test_no_move_timer_and_no_away_rules(people, settings) -> None:
    settings.DISCONNECT_TIMEOUT, settings.ABANDON_TIMEOUT, settings.PAUSED_TABLE_DAYS = 60, 600, 7
    match = open_table("schnapsen", people[:2], days=3)
    version = match.version
    for seat in (0, 1):  # both come and go: everyone away, long past every real-time timeout
        key = uuid.uuid4().hex
        presence.seat_connected(match_id=match.pk, seat=seat, socket=key)
        presence.seat_disconnected(match_id=match.pk, seat=seat, socket=key)
    match.refresh_from_db()
    assert due(match) == started(match) + dt.timedelta(days=3)  # the deadline alone
    for seconds in (120, 3600, 2 * DAY, 3 * DAY - 60):
        assert watchdog_tick(later(seconds)) == {
            "requeued": 0,
            "stand_in": 0,
            "abandoned": 0,
            "overdue": 0,
            "released": 0,
        }
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING and match.version == version
    assert not any(s.autoplay for s in match.seats.all())
    summary = client_for(people[0]).get(f"/api/matches/{match.pk}/").json()
    assert summary["paused"] is False and not any(s["away"] for s in summary["seats"])


def test_a_shortened_day(people, settings) -> None:
    settings.TURN_DAY_SECONDS = 10
    match = open_table("schnapsen", people[:2], days=2)
    assert due(match) == started(match) + dt.timedelta(seconds=20)
    assert watchdog_tick(later(15))["overdue"] == 0
    assert watchdog_tick(later(25))["overdue"] == 1


def test_the_deadline_passes_the_seat_is_marked_overdue_and_nothing_is_played_for_it(people) -> None:
    anna, ben, _ = people
    match = open_table("schnapsen", [anna, ben], days=1)
    seat = to_move(match)
    version = match.version
    deadline = started(match) + dt.timedelta(days=1)
    summary = client_for(anna).get(f"/api/matches/{match.pk}/").json()
    assert summary["turn"] == {
        "seat": seat,
        "deadline": deadline.isoformat(),
        "overdue": False,
        "end_votes": [],
        "deciders": [1 - seat],
    }
    assert watchdog_tick(later(DAY - 60))["overdue"] == 0
    assert watchdog_tick(later(DAY + 60))["overdue"] == 1
    match.refresh_from_db()
    assert match.overdue_seq == version and match.version == version  # marked, not played
    assert due(match) is None  # it waits for the other player's choice (or for the player)
    assert watchdog_tick(later(5 * DAY)) == {
        "requeued": 0,
        "stand_in": 0,
        "abandoned": 0,
        "overdue": 0,
        "released": 0,
    }
    summary = client_for(anna).get(f"/api/matches/{match.pk}/").json()
    assert summary["turn"]["overdue"] is True


def test_the_players_who_choose_are_told_once_that_a_seat_ran_out_of_time(people) -> None:
    anna, ben, carl = people
    match = open_table("preferans", [anna, ben, carl], days=1)
    late = to_move(match)
    late_user = people[late]
    assert watchdog_tick(later(DAY + 60))["overdue"] == 1
    assert watchdog_tick(later(DAY + 120))["overdue"] == 0  # marked once: told once
    told = Notification.objects.filter(kind=Kind.TURN_OVERDUE, params__match=match.pk)
    assert sorted(n.user_id for n in told) == sorted(u.pk for u in people if u != late_user)
    name = Seat.objects.get(match=match, index=late).display_name
    for note in told:
        assert note.url == f"/matches/{match.pk}/" and note.params["seat"] == late
        with translation.override("de"):
            assert f"{name} ist die Zeit an Tisch {match.pk}" in notification_row(note)["text"]
    # in the reader's bell, with the way on
    rows = client_for(people[(late + 1) % 3]).get("/api/notifications/").json()["results"]
    assert [r["kind"] for r in rows if r["kind"] == Kind.TURN_OVERDUE] == [Kind.TURN_OVERDUE]


def test_the_overdue_player_coming_back_simply_moves(people) -> None:
    anna = people[0]
    match = open_table("preferans", people, days=1)
    seat = to_move(match)
    assert watchdog_tick(later(DAY + 60))["overdue"] == 1
    voter = next(u for i, u in enumerate(people) if i != seat)
    assert choose(voter, match, "end").json()["outcome"] == "end_voted"
    move(match, people[seat])
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING
    summary = client_for(anna).get(f"/api/matches/{match.pk}/").json()
    assert summary["turn"]["overdue"] is False and summary["turn"]["end_votes"] == []  # lapsed with the turn
    new_deadline = dt.datetime.fromisoformat(summary["turn"]["deadline"])
    assert new_deadline == started(match) + dt.timedelta(days=1)
    assert due(match) == new_deadline


# --- choosing ---------------------------------------------------------------------------------------


def test_who_may_choose_and_when(people) -> None:
    anna, ben, carl = people
    match = open_table("schnapsen", [anna, ben], days=2)
    seat = to_move(match)
    late, other = (anna, ben) if seat == 0 else (ben, anna)
    before = list(MatchEvent.objects.filter(match=match).values_list("seq", flat=True))

    r = choose(other, match, "ai")  # before the deadline
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_overdue", r.content
    assert "still has time" in r.json()["error"]["message"]
    assert watchdog_tick(later(2 * DAY + 60))["overdue"] == 1
    for user, status, code in (
        (late, 403, "own_turn"),  # the overdue player: just move
        (carl, 403, "not_seated"),  # no seat at this table
        (None, 403, "not_seated"),  # not even logged in
    ):
        r = choose(user, match, "ai")
        assert (r.status_code, r.json()["error"]["code"]) == (status, code), r.content
    r = choose(other, match, "resign")
    assert r.status_code == 400 and r.json()["error"]["code"] == "invalid"
    r = client_for(other).post(f"/api/matches/{match.pk}/overdue/", {}, format="json")
    assert r.status_code == 400
    assert list(MatchEvent.objects.filter(match=match).values_list("seq", flat=True)) == before
    assert not Seat.objects.filter(match=match, handed_to_ai=True).exists()
    assert Match.objects.get(pk=match.pk).status == MatchStatus.RUNNING


def test_a_real_time_table_has_no_overdue_choice(people) -> None:
    match = factories.two_player_match("schnapsen", people[0], people[1])
    r = choose(people[1 - to_move(match)], match, "end")
    assert r.status_code == 400 and "not turn-based" in r.json()["error"]["message"]


def test_the_ai_plays_the_overdue_seat_for_the_rest_and_its_result_is_not_ranked(people, turns) -> None:
    anna, ben, _ = people
    match = open_table("schnapsen", [anna, ben], days=1)
    late_seat = to_move(match)
    late, other = (anna, ben) if late_seat == 0 else (ben, anna)
    assert watchdog_tick(later(DAY + 60))["overdue"] == 1
    version = match.version
    r = choose(other, match, "ai")
    assert r.status_code == 200, r.content
    assert (r.json()["outcome"], r.json()["overdue_seat"]) == ("ai", late_seat)
    match.refresh_from_db()
    assert match.version > version  # the AI moved for the seat at once
    played = MatchEvent.objects.get(match=match, seq=version + 1)
    assert (played.seat, played.command_id) == (late_seat, f"ai:{version}")
    assert Seat.objects.get(match=match, index=late_seat).handed_to_ai
    moved = match.version
    assert choose(other, match, "ai").status_code in (200, 403, 409)  # asked again: nothing happens
    assert Match.objects.get(pk=match.pk).version == moved
    # The player is back: the seat is no longer theirs to play.
    state = load_state(match)
    while state.to_move != late_seat and match.status == MatchStatus.RUNNING:
        move(match, other)
        match.refresh_from_db()
        state = load_state(match)
    if match.status == MatchStatus.RUNNING:
        action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
        r = client_for(late).post(
            f"/api/matches/{match.pk}/actions/", {"action": action, "seq": match.version}, format="json"
        )
        assert r.status_code == 403 and r.json()["error"]["code"] == "handed_to_ai", r.content
    # Played to the end: the handed seat's result counts nowhere, the other's is a person's.
    for _ in range(2000):
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            break
        move(match, other)
    assert match.status == MatchStatus.FINISHED
    kinds = {s.index: (s.kind, s.unranked_reason) for s in match_seats(match)}
    assert kinds[late_seat] == ("stand_in", HANDED_TO_AI)
    assert kinds[1 - late_seat] == ("human", "")
    entry = LeaderboardEntry.objects.get(match=match, seat=late_seat)
    assert entry.unranked == HANDED_TO_AI
    with translation.override("en"):
        assert "ran out of time" in unranked_seats(match.pk)[str(late_seat)]["message"]
    # No turn of the handed seat was announced after the hand-over.
    assert all(t["seat"] != late_seat for t in turns if t["seq"] > version)


def test_a_lost_move_of_the_handed_seat_is_enqueued_again(people, settings, monkeypatch) -> None:
    anna, ben, _ = people
    match = open_table("schnapsen", [anna, ben], days=1)
    late = to_move(match)
    assert watchdog_tick(later(DAY + 60))["overdue"] == 1
    monkeypatch.setattr("games.services.ai._run_inline", lambda match_id, seq: None)  # a crashed worker
    assert choose((anna, ben)[1 - late], match, "ai").status_code == 200
    match.refresh_from_db()
    stuck = match.version
    # Counted from the hand-over, not from the start of the turn days ago.
    when = due(match)
    assert when is not None and timezone.now() < when <= later(settings.AI_STALL_AFTER)
    monkeypatch.undo()
    assert watchdog_tick(later(settings.AI_STALL_AFTER + 1))["requeued"] == 1
    match.refresh_from_db()
    assert match.version > stuck and to_move(match) == 1 - late


def test_end_ends_a_table_of_two(people) -> None:
    anna, ben, _ = people
    match = open_table("schnapsen", [anna, ben], days=1)
    other = (ben, anna)[to_move(match)]
    assert watchdog_tick(later(DAY + 60))["overdue"] == 1
    r = choose(other, match, "end")
    assert r.status_code == 200 and r.json()["outcome"] == "ended", r.content
    assert r.json()["match"]["status"] == "abandoned"
    assert Match.objects.get(pk=match.pk).status == MatchStatus.ABANDONED
    assert due(match) is None


def test_three_players_end_only_together_and_ai_wins_a_disagreement(people) -> None:
    match = open_table("preferans", people, days=1)
    late = to_move(match)
    first, second = [u for i, u in enumerate(people) if i != late]
    assert watchdog_tick(later(DAY + 60))["overdue"] == 1
    r = choose(first, match, "end")
    assert r.json()["outcome"] == "end_voted", r.content
    assert r.json()["match"]["turn"]["end_votes"] == [people.index(first)]
    assert choose(first, match, "end").json()["outcome"] == "end_voted"  # the same vote again
    mine = client_for(second).get("/api/matches/mine/").json()["matches"][0]
    assert (mine["my_choice"], mine["my_turn"]) == (True, False)
    mine = client_for(first).get("/api/matches/mine/").json()["matches"][0]
    assert mine["my_choice"] is False  # chosen already
    assert Match.objects.get(pk=match.pk).status == MatchStatus.RUNNING
    # The second decider wants to play on: the AI takes the seat.
    assert choose(second, match, "ai").json()["outcome"] == "ai"
    assert Seat.objects.get(match=match, index=late).handed_to_ai


def test_three_players_who_both_choose_end_end_the_table(people) -> None:
    match = open_table("preferans", people, days=1)
    late = to_move(match)
    first, second = [u for i, u in enumerate(people) if i != late]
    assert watchdog_tick(later(DAY + 60))["overdue"] == 1
    assert choose(first, match, "end").json()["outcome"] == "end_voted"
    assert choose(second, match, "end").json()["outcome"] == "ended"
    assert Match.objects.get(pk=match.pk).status == MatchStatus.ABANDONED


def test_with_nobody_left_to_choose_the_table_ends_at_the_deadline(people) -> None:
    anna, ben, _ = people
    match = open_table("schnapsen", [anna, ben], days=1)
    late = to_move(match)
    assert watchdog_tick(later(DAY + 60))["overdue"] == 1
    assert choose((anna, ben)[1 - late], match, "ai").status_code == 200
    # The AI moved for the seat until the other player's turn; when their own time runs out, nobody
    # is left to choose.
    assert to_move(match) == 1 - late
    turn = client_for(anna).get(f"/api/matches/{match.pk}/").json()["turn"]
    assert turn["deciders"] == []
    seconds = (dt.datetime.fromisoformat(turn["deadline"]) - timezone.now()).total_seconds()
    assert watchdog_tick(later(seconds - 60))["abandoned"] == 0
    assert watchdog_tick(later(seconds + 60))["abandoned"] == 1
    assert Match.objects.get(pk=match.pk).status == MatchStatus.ABANDONED


def test_every_human_leaving_ends_the_table_at_once(people) -> None:
    anna, ben, _ = people
    match = open_table("schnapsen", [anna, ben], days=5)
    presence.match_leave(match_id=match.pk, actor=factories.actor(anna))
    assert Match.objects.get(pk=match.pk).status == MatchStatus.RUNNING
    presence.match_leave(match_id=match.pk, actor=factories.actor(ben))
    assert Match.objects.get(pk=match.pk).status == MatchStatus.ABANDONED


# --- the signal ---------------------------------------------------------------------------------------


def test_turn_due_once_per_turn_start_with_its_arguments(people, turns) -> None:
    match = open_table("preferans", people, days=2)
    assert len(turns) == 1  # the start: the first seat to move
    match.refresh_from_db()
    seat = to_move(match)
    deadline = started(match) + dt.timedelta(days=2)
    assert turns[0] == {
        "match_id": match.pk,
        "seq": match.version,
        "seat": seat,
        "user_id": people[seat].pk,
        "deadline": deadline,
    }
    for _ in range(12):
        before, seat = len(turns), to_move(match)
        move(match, people[seat])
        match.refresh_from_db()
        now = to_move(match)
        if now == seat:
            assert len(turns) == before  # the same seat again: no new turn
            continue
        assert len(turns) == before + 1
        assert turns[-1] == {
            "match_id": match.pk,
            "seq": match.version,
            "seat": now,
            "user_id": people[now].pk,
            "deadline": started(match) + dt.timedelta(days=2),
        }


def test_turn_due_skips_ai_seats_and_real_time_tables(people, turns) -> None:
    anna, ben, _ = people
    match = open_table("preferans", [anna, ben], days=1)  # seat 2 is an AI
    for _ in range(15):
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            break
        move(match, people[to_move(match)])
    assert turns and all(t["seat"] in (0, 1) for t in turns)
    assert len({t["seq"] for t in turns}) == len(turns)  # never twice for one seq
    count = len(turns)
    plain = factories.two_player_match("schnapsen", anna, ben)
    for _ in range(6):
        move(plain, (anna, ben)[to_move(plain)])
    assert len(turns) == count


# --- the lobby's "My turn" ---------------------------------------------------------------------------


def test_my_matches_say_whose_turn_it_is(people) -> None:
    anna, ben, _ = people
    match = open_table("schnapsen", [anna, ben], days=3)
    seat = to_move(match)
    for user, index in ((anna, 0), (ben, 1)):
        mine = client_for(user).get("/api/matches/mine/").json()["matches"]
        assert len(mine) == 1
        row = mine[0]
        assert (row["id"], row["turn_based"], row["days_per_move"], row["my_seat"]) == (
            match.pk,
            True,
            3,
            index,
        )
        assert row["my_turn"] is (index == seat) and row["my_choice"] is False
        assert row["turn"]["seat"] == seat and row["turn"]["deadline"]


# --- backup and restore ------------------------------------------------------------------------------


def _handed_and_finished(people: list[User]) -> Match:
    anna, ben = people[:2]
    match = open_table("schnapsen", [anna, ben], days=4)
    late = to_move(match)
    assert watchdog_tick(later(4 * DAY + 60))["overdue"] == 1
    assert choose((anna, ben)[1 - late], match, "ai").status_code == 200
    for _ in range(2000):
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            break
        move(match, (anna, ben)[1 - late])
    return match


def test_an_export_keeps_the_table_turn_based_and_the_seat_handed_to_the_ai(people, tmp_path) -> None:
    match = _handed_and_finished(people)
    late = next(s.index for s in match.seats.all() if s.handed_to_ai)
    export = tmp_path / "export.jsonl"
    call_command("export_matches", str(export), verbosity=0)
    record = json.loads(export.read_text().splitlines()[1])
    assert (record["match"]["turn_based"], record["match"]["days_per_move"]) == (True, 4)
    assert [s["handed_to_ai"] for s in record["seats"]] == [i == late for i in range(2)]
    call_command("flush", interactive=False, verbosity=0)
    state_cache.clear()
    call_command("import_matches", str(export), "--create-users", verbosity=0)
    restored = Match.objects.get()
    assert (restored.turn_based, restored.days_per_move) == (True, 4)
    kinds = {s.index: s.unranked_reason for s in match_seats(restored)}
    assert kinds == {late: HANDED_TO_AI, 1 - late: ""}


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda r: r["match"].update(days_per_move=30), "30 days per move"),
        (lambda r: r["match"].update(turn_based=False), "days per move at a table that is not turn-based"),
        (lambda r: r["match"].update(move_timer=30), "a turn-based table with a move timer"),
        (lambda r: r["match"].update(turn_based="yes"), "not a boolean"),
        (
            lambda r: [s.update(handed_to_ai=True) for s in r["seats"] if s["kind"] == "ai"],
            "not a human seat",
        ),
    ],
)
def test_an_export_with_turn_based_claims_that_do_not_fit_is_refused(
    people, tmp_path, change, reason
) -> None:
    match_create(
        game="preferans",
        creator=factories.actor(people[0]),
        seats=[SeatSpec(), SeatSpec(), SeatSpec("ai")],
        turn_based=True,
        days_per_move=2,
    )
    export = tmp_path / "export.jsonl"
    call_command("export_matches", str(export), "--all", verbosity=0)
    header, record = (json.loads(line) for line in export.read_text().splitlines())
    change(record)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(header) + "\n" + json.dumps(record) + "\n")
    call_command("flush", interactive=False, verbosity=0)
    with pytest.raises(CommandError, match="refused") as refused:
        call_command("import_matches", str(bad), "--create-users", verbosity=0)
    assert reason in str(refused.value)
    assert not Match.objects.exists()
