"""Post-match analysis: who may see it, asking for it (`analysis_request`), and its payload.

Anybody who may see a finished match reads its analysis, except on an embargoed table (a duplicate
round not yet released): refused as its replay is. Starting one is rationed (analysis.admission):
the match's players and staff start it, within a daily quota per person and a cap on the analyses
queued or running on the site. Running it is analysis.running's business.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from analysis import admission
from analysis.admission import Requester
from analysis.errors import Busy, QuotaUsed
from analysis.models import AnalysisStatus, MatchAnalysis
from analysis.rounds import round_comparison
from analysis.running import analysis_hand_over_if_lost, analysis_run, analysis_schedule, looks_lost
from games import selectors
from games.ai.analysis.registry import get_analyser
from games.errors import Forbidden
from games.live.actors import Actor
from games.models import Match, SeatKind

log = logging.getLogger(__name__)

UNAVAILABLE = "unavailable"  # the game has no analyser
NONE = "none"  # nobody asked yet

FAILED_MESSAGE = "the analysis failed; ask again to retry"


def analysable(match_id: int, actor: Actor) -> Match:
    """The match, when the actor may see its analysis: a match that is over and not embargoed."""
    match = selectors.match_visible(match_id, actor)
    if not match.is_over or match.embargoed:
        raise Forbidden(
            "the analysis opens when the match (and its duplicate round or daily challenge) is over"
        )
    return match


def analysis_payload(match: Match, *, requester: Requester | None = None) -> dict[str, Any]:
    """Status, progress and, once done, the analysis of the current analyser version; `may_request`:
    whether `requester` may start it (a player of the match, or staff)."""
    analyser = get_analyser(match.game)
    payload: dict[str, Any] = {
        "match": match.pk,
        "game": match.game,
        "may_request": requester is not None and admission.may_request(match, requester),
    }
    if analyser is None:
        return {
            **payload,
            "round": round_comparison(match),
            "status": UNAVAILABLE,
            "message": f"no analysis is available for {match.game}",
            "version": None,
            "progress": None,
            "analysis": None,
        }
    row = MatchAnalysis.objects.filter(match=match, version=analyser.version).first()
    if row is None:
        return {
            **payload,
            "round": None,
            "status": NONE,
            "version": analyser.version,
            "progress": None,
            "analysis": None,
        }
    over = row.status in (AnalysisStatus.DONE, AnalysisStatus.FAILED)
    return {
        **payload,
        # replays every table of the round: sent once the polling is over, not with every progress
        "round": round_comparison(match) if over else None,
        "status": row.status,
        "version": row.version,
        "progress": {"done": row.done, "total": row.total},
        "analysis": row.data if row.status == AnalysisStatus.DONE else None,
        # the error itself stays in the row (and the log): it may name internals
        **({"message": FAILED_MESSAGE} if row.status == AnalysisStatus.FAILED else {}),
    }


def analysis_read(match: Match, *, requester: Requester | None = None) -> dict[str, Any]:
    """The payload a reader polls (GET). An analysis nobody works on any more (its run ended without
    storing anything: a restart, a failed write) is handed to the runner again on the way, so a
    replay left open never watches a count that stopped; reading it costs no quota."""
    analyser = get_analyser(match.game)
    if analyser is not None:
        row = MatchAnalysis.objects.filter(match=match, version=analyser.version).first()
        if row is not None and looks_lost(row, timezone.now()):
            analysis_hand_over_if_lost(row.pk)
    return analysis_payload(match, requester=requester)


def analysis_request(*, match: Match, requester: Requester | None) -> dict[str, Any]:
    """Start the analysis of `match` unless it is done or under way (a failed one starts again, a
    lost one is handed over again); returns its payload. The same request twice starts it once: one
    row per match and analyser version, created under the admission lock.

    `requester` None is the platform itself (ANALYSIS_ON_FINISH): no player check, quota or cap.
    Otherwise raises PlayersOnly, QuotaUsed or Busy (analysis.errors), and a start is charged to the
    requester's quota."""
    if requester is not None:
        admission.players_check(match, requester)
    analyser = get_analyser(match.game)
    if analyser is None:
        return analysis_payload(match, requester=requester)
    rows = MatchAnalysis.objects.filter(match=match, version=analyser.version)
    row, start = rows.first(), None
    if row is None or row.status == AnalysisStatus.FAILED:
        with admission.admission_lock():
            row = rows.first()  # again under the lock: a parallel request may have started it
            if row is None or row.status == AnalysisStatus.FAILED:
                now = timezone.now()
                if requester is not None:
                    admission.quota_check(requester, now)
                    admission.own_capacity_check(requester, now)
                    admission.capacity_check(now)
                start = _start(match, analyser.version, row, now)
                if start is not None and requester is not None:
                    admission.quota_charge(match=match, version=analyser.version, requester=requester)
    if start is not None:
        started = start
        if settings.AI_RUNNER == "inline":
            analysis_run(started)  # tests: done before the answer
        else:
            transaction.on_commit(lambda: analysis_schedule(started))
    elif row is not None and row.status in (AnalysisStatus.PENDING, AnalysisStatus.RUNNING):
        analysis_hand_over_if_lost(row.pk)  # its worker died, or its hand-over was lost
    return analysis_payload(match, requester=requester)


def _start(match: Match, version: str, row: MatchAnalysis | None, now: datetime) -> int | None:
    """A new pending row, or the failed `row` pending again: its id (None: somebody else's start,
    outside the lock, won the unique row)."""
    if row is None:
        try:
            with transaction.atomic():
                return MatchAnalysis.objects.create(match=match, version=version, queued_at=now).pk
        except IntegrityError:  # the projection's rebuild, which takes no admission lock
            return None
    again = MatchAnalysis.objects.filter(pk=row.pk, status=AnalysisStatus.FAILED).update(
        status=AnalysisStatus.PENDING,
        done=0,
        total=0,
        error="",
        requested_at=now,
        queued_at=now,
        started_at=None,
        finished_at=None,
        lease_until=None,
        attempts=0,
    )
    return row.pk if again else None


def players_of(match: Match) -> list[Requester]:
    """The match's human players as requesters, in seat order (an account, or a guest's token)."""
    found = []
    for seat in match.seats.select_related("user").order_by("index"):
        if seat.kind != SeatKind.HUMAN or (seat.user_id is None and not seat.guest_token):
            continue
        actor = Actor(user_id=seat.user_id, guest_token="" if seat.user_id else seat.guest_token)
        found.append(Requester(actor=actor, staff=bool(seat.user and seat.user.is_staff)))
    return found


def analysis_request_for_players(match: Match) -> dict[str, Any] | None:
    """Start the analysis of a match that just ended on behalf of its players, as if one of them had
    asked: charged to the first (in seat order) whose daily quota and own share of the analyses under
    way allow it, within the site's cap. None when none may (quota used, or the site busy): then
    nothing starts, and the replay asks when a player opens it, as before."""
    for requester in players_of(match):
        try:
            return analysis_request(match=match, requester=requester)
        except (QuotaUsed, Busy):  # this player's quota or share, or the site's cap: the next may
            continue
    return None


def on_match_finished(sender: Any, match_id: int, **kwargs: Any) -> None:
    """Receiver of `match_finished` and `match_published`: start the analysis of a match that is now
    public (an embargoed table waits for its release). With settings.ANALYSIS_ON_FINISH every match,
    as the platform's own (no quota, no cap); else, with ANALYSIS_FOR_PLAYERS, a match with a human
    player, charged to its players' quota (`analysis_request_for_players`)."""
    if not (settings.ANALYSIS_ON_FINISH or settings.ANALYSIS_FOR_PLAYERS):
        return
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not match.is_over or match.embargoed or get_analyser(match.game) is None:
        return
    try:
        if settings.ANALYSIS_ON_FINISH:
            analysis_request(match=match, requester=None)
        elif analysis_request_for_players(match) is None:
            log.info("match %s: no player may start its analysis now (quota or cap)", match_id)
    except Exception:  # the match is finished whatever happens here; a player may ask again
        log.exception("could not start the analysis of match %s", match_id)
