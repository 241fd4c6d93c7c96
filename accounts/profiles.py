"""Reads for a player's profile: the figures per game and the match history, for an account or a guest
session (the `Actor` whose seats they are). Nothing here writes.

Which results count. The figures per game read the leaderboard's projection (`LeaderboardEntry`, one row
per seat of a saved match): finished runs only, never a practice table, an abandoned run, a table one
person held several seats of, or a duplicate round before its release. Of those, the player's own row
counts unless it is no human result (the stand-in played it, games.results.seat_records) or staff hid
it. A result the board leaves out only for being no best result (leaderboard.qualifying: a lost Bummerl,
no points) counts here: wins and fair share need the losses.

What the figures mean, per game, over the counted results:
  - wins: the runs the player finished first in (a shared first place included);
  - fair share: the wins a player would expect at tables of equals, the sum of 1 / seats over the runs;
  - against the table: the player's points less the mean points of all seats at that table, averaged
    over the runs (0 is an even table; the game's own points, so only comparable within a game);
  - accuracy: of the player's decisions the post-match analyses valued (the newest analysis of each
    counted run), the share classed best (games.ai.analysis.base.summarise), None without any.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet

from analysis.models import AnalysisStatus, MatchAnalysis
from games import packs
from games.catalog.titles import game_title
from games.live.actors import Actor
from games.models import Match, MatchStatus, Seat, SeatKind
from games.selectors import matches_visible_to
from leaderboard.models import LeaderboardEntry
from leaderboard.qualifying import REASONS as OFF_BOARD_REASONS

HISTORY_PAGE_SIZE = 20
_CENT = Decimal("0.01")


@dataclass(frozen=True)
class GameFigures:
    game: str
    title: str
    matches: int
    wins: int
    #: the expected wins at tables of equals (sum of 1 / seats)
    fair_wins: float
    #: mean of (own points - the table's mean points), to the cent
    against_table: Decimal
    #: percent of analysed decisions classed best, or None without an analysed decision
    accuracy: float | None
    analysed: int

    @property
    def win_percent(self) -> float:
        return round(100.0 * self.wins / self.matches, 1) if self.matches else 0.0

    @property
    def fair_percent(self) -> float:
        return round(100.0 * self.fair_wins / self.matches, 1) if self.matches else 0.0


@dataclass(frozen=True)
class Opponent:
    name: str
    is_ai: bool
    #: the account's username when the seat is an active account's (for a link to its profile), else ""
    username: str = ""


@dataclass(frozen=True)
class HistoryRow:
    match_id: int
    game: str
    title: str
    status: str
    when: datetime
    opponents: list[Opponent]
    practice: bool
    #: a table still under embargo (seen by its own players only): no replay until the round is over
    embargoed: bool
    #: from the saved result: the player's place of `seats`, points, and whether it counts
    place: int | None = None
    seats: int = 0
    points: Decimal | None = None
    counted: bool = False

    @property
    def replay(self) -> bool:
        return self.status in (MatchStatus.FINISHED, MatchStatus.ABANDONED) and not self.embargoed

    @property
    def live(self) -> bool:
        return self.status in (MatchStatus.OPEN, MatchStatus.RUNNING)


@dataclass
class _Tally:
    matches: int = 0
    wins: int = 0
    fair: float = 0.0
    against: Decimal = Decimal(0)
    best: int = 0
    decisions: int = 0
    analysed: int = 0
    seats: dict[int, int] = field(default_factory=dict)  # match id -> the player's seat


def own_seats(subject: Actor) -> QuerySet[Seat]:
    """The human seats the account (or the guest session) holds; none for an actor without either."""
    if subject.user_id is not None:
        return Seat.objects.filter(kind=SeatKind.HUMAN, user_id=subject.user_id)
    if subject.guest_token:
        return Seat.objects.filter(kind=SeatKind.HUMAN, guest_token=subject.guest_token)
    return Seat.objects.none()


def _place(points: Decimal, table: list[Decimal]) -> int:
    # as the engines rank totals (games/engine/*/scoring.py): 1 + the seats with more points
    return 1 + sum(1 for other in table if other > points)


def game_figures(subject: Actor) -> list[GameFigures]:
    """The counted figures per game the player has results in, in product order."""
    mine = {
        (match_id, index)
        for match_id, index in own_seats(subject)
        .filter(match__status=MatchStatus.FINISHED)
        .values_list("match_id", "index")
    }
    tables: dict[int, list[tuple[int, Decimal, bool, bool]]] = defaultdict(list)
    rows = LeaderboardEntry.objects.filter(match_id__in={m for m, _ in mine}).values_list(
        "match_id", "seat", "points", "hidden", "unranked", "game"
    )
    games: dict[int, str] = {}
    for match_id, seat, points, hidden, unranked, game in rows:
        tables[match_id].append((seat, points, hidden, unranked not in ("", *OFF_BOARD_REASONS)))
        games[match_id] = game
    tallies: dict[str, _Tally] = defaultdict(_Tally)
    for match_id, table in tables.items():
        own = next((row for row in table if (match_id, row[0]) in mine), None)
        if own is None or own[2] or own[3]:  # hidden by staff, or no human result
            continue
        totals = [points for _, points, _, _ in table]
        tally = tallies[games[match_id]]
        tally.matches += 1
        tally.wins += _place(own[1], totals) == 1
        tally.fair += 1 / len(totals)
        tally.against += own[1] - sum(totals, Decimal(0)) / len(totals)
        tally.seats[match_id] = own[0]
    _add_accuracy(tallies)
    order = {name: i for i, name in enumerate(packs.names())}
    return [
        GameFigures(
            game=game,
            title=game_title(game),
            matches=t.matches,
            wins=t.wins,
            fair_wins=round(t.fair, 2),
            against_table=(t.against / t.matches).quantize(_CENT),
            accuracy=round(100.0 * t.best / t.decisions, 1) if t.decisions else None,
            analysed=t.analysed,
        )
        for game, t in sorted(tallies.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))
    ]


def _add_accuracy(tallies: dict[str, _Tally]) -> None:
    """Add each counted run's newest finished analysis of the player's seat (its summary alone is read,
    not the decisions)."""
    seat_of = {match_id: (game, seat) for game, t in tallies.items() for match_id, seat in t.seats.items()}
    newest: dict[int, Any] = {}
    analyses = (
        MatchAnalysis.objects.filter(match_id__in=list(seat_of), status=AnalysisStatus.DONE)
        .order_by("match_id", "finished_at", "pk")
        .values_list("match_id", "data__summary")
    )
    for match_id, summary in analyses:
        newest[match_id] = summary  # ordered oldest first: the newest stays
    for match_id, summary in newest.items():
        game, seat = seat_of[match_id]
        row = (summary or {}).get(str(seat))
        if not row or not row.get("decisions"):
            continue
        tally = tallies[game]
        tally.analysed += 1
        tally.best += int(row.get("best", 0))
        tally.decisions += int(row["decisions"])


@dataclass(frozen=True)
class History:
    """One page of a player's tables: its rows and the paginator's page (numbers, neighbours)."""

    rows: list[HistoryRow]
    page: Page[Match]


def history_page(subject: Actor, viewer: Actor, page: int, per_page: int = HISTORY_PAGE_SIZE) -> History:
    """One page of the player's tables, newest first, as `HistoryRow`s; only the tables `viewer` may see
    (a running duplicate round's to its own players alone). Raises django's InvalidPage for a page that
    does not exist (page 1 always does)."""
    seats = own_seats(subject)
    matches = Match.objects.filter(pk__in=seats.values("match_id"))
    matches = matches_visible_to(matches, viewer).order_by("-created_at", "-pk")
    listed = Paginator(matches, per_page, allow_empty_first_page=True).page(page)
    found = list(listed.object_list)
    ids = [m.pk for m in found]
    all_seats = Seat.objects.filter(match_id__in=ids).select_related("user").order_by("match_id", "index")
    by_match: dict[int, list[Seat]] = defaultdict(list)
    for seat in all_seats:
        by_match[seat.match_id].append(seat)
    own_index = dict(seats.filter(match_id__in=ids).values_list("match_id", "index"))
    entries: dict[int, dict[int, tuple[Decimal, bool]]] = defaultdict(dict)
    for match_id, seat_index, points, hidden, unranked in LeaderboardEntry.objects.filter(
        match_id__in=ids
    ).values_list("match_id", "seat", "points", "hidden", "unranked"):
        entries[match_id][seat_index] = (points, not hidden and unranked == "")
    return History(
        [_row(m, own_index.get(m.pk), by_match[m.pk], entries.get(m.pk, {})) for m in found], listed
    )


def _row(
    match: Match, own: int | None, seats: list[Seat], entries: dict[int, tuple[Decimal, bool]]
) -> HistoryRow:
    opponents = [
        Opponent(
            name=s.display_name or f"#{s.index + 1}",
            is_ai=s.is_ai,
            username=s.user.get_username() if s.user is not None and s.user.is_active else "",
        )
        for s in seats
        if s.index != own and not s.is_free
    ]
    row = HistoryRow(
        match_id=match.pk,
        game=match.game,
        title=game_title(match.game),
        status=match.status,
        when=match.finished_at or match.started_at or match.created_at,
        opponents=opponents,
        practice=match.practice,
        embargoed=match.embargoed,
    )
    if own is None or own not in entries:
        return row
    points, counted = entries[own]
    totals = [p for p, _ in entries.values()]
    return replace(row, place=_place(points, totals), seats=len(totals), points=points, counted=counted)
