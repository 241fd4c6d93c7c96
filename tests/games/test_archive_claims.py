"""`import_matches` believes only what a match's events show: a line whose seats, command ids, status,
times, flags, embargo or round release say otherwise is refused, by line, match and reason, and the
file imports nothing. Accounts are never created silently."""

from __future__ import annotations

import json
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from accounts.models import User
from games.models import Match, MatchEvent
from games.services.matches import SeatSpec, match_create
from leagues import services as leagues
from leagues.models import League, LeagueMatch
from tests import factories
from tests.games.projection_mix import duel_table, play
from tests.games.test_archive import empty_database, lines
from tests.leagues.conftest import join, make_league

pytestmark = pytest.mark.django_db(transaction=True)

Record = dict[str, Any]


def players() -> dict[str, User]:
    return {name: factories.user(name) for name in ("anna", "ben", "carl", "dora")}


def plain_matches(duel: str) -> None:
    """A finished duel of two people, and one of anna against the random AI."""
    users = players()
    a, b = factories.actor(users["anna"]), factories.actor(users["ben"])
    play(duel_table(duel, a, b), {0: a, 1: b}, 1)
    against_ai = match_create(
        game=duel,
        creator=a,
        seats=[SeatSpec(), SeatSpec(kind="ai")],
        options={"cards": 3},
        ai_version="random",
    )
    play(against_ai, {0: a}, 2)


def duplicate_round(duel: str, *, finish_both: bool) -> None:
    """A league's duplicate round of two tables: the first finished; the second finished too (the round
    released) or still running (the round embargoed)."""
    users = players()
    anna, ben, carl, dora = (users[n] for n in ("anna", "ben", "carl", "dora"))
    league = make_league(anna)
    join(league, ben, carl, dora)
    round_ = leagues.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna, ben], [carl, dora]])
    links = LeagueMatch.objects.filter(round=round_).order_by("table")
    first, second = (Match.objects.get(pk=link.match_id) for link in links)
    act = {u.pk: factories.actor(u) for u in users.values()}
    for match, moves in ((first, None), (second, None if finish_both else 1)):
        seated = {s.index: act[s.user_id] for s in match.seats.all() if s.user_id is not None}
        play(match, seated, 3, moves=moves)


def export(tmp_path: Path) -> Path:
    path = tmp_path / "export.jsonl"
    call_command("export_matches", str(path), "--all", verbosity=0)
    return path


def rewrite(path: Path, change: Callable[[list[Record]], None]) -> Path:
    header, *records = lines(path)
    change(records)
    out = path.with_name("changed.jsonl")
    out.write_text("\n".join(json.dumps(r) for r in [header, *records]) + "\n")
    return out


def with_ai(records: list[Record]) -> Record:
    return next(r for r in records if any(s["kind"] == "ai" for s in r["seats"]))


def humans_only(records: list[Record]) -> Record:
    return next(r for r in records if all(s["kind"] == "human" for s in r["seats"]) and not r["links"])


def round_table(records: list[Record], status: str) -> Record:
    return next(r for r in records if r["links"] and r["match"]["status"] == status)


def seat_made_ai(records: list[Record]) -> None:
    seat = humans_only(records)["seats"][1]  # ben's seat, claimed as an AI's
    seat.update(kind="ai", ai_version="random", username=None, user_display_name=None, joined_at=None)
    seat.update(origin_browser="", origin_session="", origin_address="", origin_device="")


def unknown_ai_version(records: list[Record]) -> None:
    next(s for s in with_ai(records)["seats"] if s["kind"] == "ai")["ai_version"] = "dora"


def ai_move_by_a_client(records: list[Record]) -> None:
    record = with_ai(records)
    ai = next(s["index"] for s in record["seats"] if s["kind"] == "ai")
    next(e for e in record["events"] if e["seat"] == ai)["command_id"] = "from-a-browser"


def move_given_to_the_other_seat(records: list[Record]) -> None:
    event = next(e for e in humans_only(records)["events"] if e["seat"] is not None)
    event["seat"] = 1 - event["seat"]


def running_though_it_ended(records: list[Record]) -> None:
    humans_only(records)["match"].update(status="running", finished_at=None)


def no_end_time(records: list[Record]) -> None:
    humans_only(records)["match"]["finished_at"] = None


def ended_after_the_export(records: list[Record]) -> None:
    humans_only(records)["match"]["finished_at"] = "2999-01-01T00:00:00+00:00"


def practice_at_a_league_table(records: list[Record]) -> None:
    round_table(records, "finished")["match"]["practice"] = True


def embargoed_without_a_round(records: list[Record]) -> None:
    humans_only(records)["match"]["embargoed"] = True


def embargo_lifted(records: list[Record]) -> None:
    # The finished table of a running round, published early: its deals are the running table's.
    round_table(records, "finished")["match"]["embargoed"] = False


def released_before_the_end(records: list[Record]) -> None:
    for record in records:
        meta = record["match"]
        record["links"]["leagues"]["round"]["released_at"] = meta["started_at"]


def released_after_the_export(records: list[Record]) -> None:
    for record in records:
        record["links"]["leagues"]["round"]["released_at"] = "2999-01-01T00:00:00+00:00"


def season_to_the_end_of_time(records: list[Record]) -> None:
    for record in records:
        record["links"]["leagues"]["season"]["ends_on"] = "9999-12-31"


def deals_not_shared(records: list[Record]) -> None:
    # A round's table that says it is no shared-deal event: one person's second account would pass.
    round_table(records, "finished")["match"]["deal_event"] = False


def guest_at_a_league_table(records: list[Record]) -> None:
    seat = next(s for s in round_table(records, "finished")["seats"] if s["username"] == "ben")
    seat.update(username=None, user_display_name=None, guest_token="g" * 32)


CASES = {
    "human seat claimed as AI": (plain_matches, seat_made_ai, "seat 1 is an AI seat, but event"),
    "AI version the game has not": (
        plain_matches,
        unknown_ai_version,
        "plays AI version 'dora', which duel does not have",
    ),
    "AI move sent by a client": (plain_matches, ai_move_by_a_client, "was not played by the platform"),
    "move stored as the other seat's": (plain_matches, move_given_to_the_other_seat, "was to move"),
    "running, though its log ended": (plain_matches, running_though_it_ended, "the log ends but the match"),
    "finished without an end time": (plain_matches, no_end_time, "the match has no end time"),
    "ended after the export": (plain_matches, ended_after_the_export, "is after the export was written"),
    "embargoed, in no round": (plain_matches, embargoed_without_a_round, "belongs to no duplicate round"),
    "practice run at a league table": (
        lambda duel: duplicate_round(duel, finish_both=False),
        practice_at_a_league_table,
        "a practice run (all hands shown) at a ranked or embargoed table",
    ),
    "embargo lifted while the round runs": (
        lambda duel: duplicate_round(duel, finish_both=False),
        embargo_lifted,
        "the table is not embargoed but its round is not released",
    ),
    "round released before its tables ended": (
        lambda duel: duplicate_round(duel, finish_both=True),
        released_before_the_end,
        "its round was released before the table ended",
    ),
    "round released after the export": (
        lambda duel: duplicate_round(duel, finish_both=True),
        released_after_the_export,
        "its round's release is after the export was written",
    ),
    "season ending 9999-12-31": (
        lambda duel: duplicate_round(duel, finish_both=True),
        season_to_the_end_of_time,
        "season 1: A season lasts at most two years",
    ),
    "round table not of a shared-deal event": (
        lambda duel: duplicate_round(duel, finish_both=True),
        deals_not_shared,
        "a duplicate round's table that claims no shared deals",
    ),
    "guest at a league table": (
        lambda duel: duplicate_round(duel, finish_both=True),
        guest_at_a_league_table,
        "is not held by a league member",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_line_that_claims_what_its_events_do_not_show_refuses_the_file(duel, tmp_path, case) -> None:
    make, change, reason = CASES[case]
    make(duel)
    path = export(tmp_path)
    call_command("import_matches", str(path), "--create-users", verbosity=0)  # the true file: accepted
    changed = rewrite(path, change)
    empty_database()
    with pytest.raises(CommandError) as refused:
        call_command("import_matches", str(changed), "--create-users", verbosity=0)
    message = str(refused.value)
    rows = enumerate(changed.read_text().splitlines(), start=1)
    numbers = [n for n, line in rows if line != _line(path, n)]
    assert f"nothing imported: {len(numbers)} line(s) refused" in message and reason in message
    assert all(f"line {n}, match " in message for n in numbers)
    assert not Match.objects.exists() and not MatchEvent.objects.exists()
    assert not User.objects.exists() and not League.objects.exists()


def _line(path: Path, number: int) -> str:
    header, *records = lines(path)
    return json.dumps([header, *records][number - 1])


def test_accounts_are_linked_by_name_and_created_only_when_asked(duel, tmp_path) -> None:
    plain_matches(duel)
    path = export(tmp_path)
    empty_database()
    factories.user("anna")  # restored from the database dump; ben's account is not
    with pytest.raises(CommandError, match="no account 'ben' here") as refused:
        call_command("import_matches", str(path), verbosity=0)
    assert "--create-users" in str(refused.value)
    assert list(User.objects.values_list("username", flat=True)) == ["anna"] and not Match.objects.exists()

    out = StringIO()
    call_command("import_matches", str(path), "--create-users", stdout=out)
    assert "imported 2, already present 0, refused 0" in out.getvalue()
    assert (
        "created 1 account(s) without a usable password (staff set one in the admin): ben\n" in out.getvalue()
    )
    anna = User.objects.get(username="anna")
    assert anna.has_usable_password()  # her own account, not a new one
    assert Match.objects.filter(seats__user=anna).count() == 2
    assert not User.objects.get(username="ben").has_usable_password()
