"""Writes of the collusion monitor: project one finished match onto the pairs of accounts that sat at
it, and recompute a pair's figures from its matches.

The valuation (games.ai.collusion.evidence) runs before any transaction: it takes seconds. A match
projected again replaces its own evidence rows, and a pair's figures are always recomputed from all its
rows under a lock on the pair, so projecting a match twice, or two matches of one pair at once, counts
each match once."""

from __future__ import annotations

import logging
import math
from itertools import combinations

from django.conf import settings
from django.db import transaction

from collusion.models import CollusionMatch, CollusionPair
from games.ai.collusion import statistic
from games.ai.collusion.evidence import GAMES, VERSION, Decision, match_evidence
from games.engine import get_rules
from games.models import Match, MatchEvent, MatchStatus, Seat, SeatKind

log = logging.getLogger(__name__)


def threshold() -> float:
    """The z at which a pair is flagged (settings.COLLUSION_THRESHOLD, default the tuned one)."""
    return float(getattr(settings, "COLLUSION_THRESHOLD", statistic.THRESHOLD))


def monitored(match: Match) -> bool:
    """A finished, published three-player match of a game the monitor reads."""
    return match.game in GAMES and match.status == MatchStatus.FINISHED and not match.embargoed


def collusion_project_match(*, match_id: int) -> int:
    """Value the decisions of every pair of accounts seated at the match and update those pairs.
    Returns the number of pairs (0: not a monitored match, or fewer than two accounts)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not monitored(match):
        return 0
    seats = list(match.seats.all())
    if len(seats) != 3:
        return 0
    people = {s.index: s for s in seats if s.kind == SeatKind.HUMAN and s.user_id is not None}
    pairs = [(a, b) for a, b in combinations(sorted(people), 2) if people[a].user_id != people[b].user_id]
    if not pairs:
        return 0
    events = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
    evidence = match_evidence(match.game, events, pairs)
    deals = int(getattr(get_rules(match.game).replay(events), "deal_no", 0))
    for (a, b), decisions in evidence.items():
        _store(match, people[a], people[b], deals, decisions)
    return len(pairs)


def _store(match: Match, one: Seat, other: Seat, deals: int, decisions: list[Decision]) -> None:
    low, high = sorted((one, other), key=lambda s: s.user_id or 0)
    assert low.user_id is not None and high.user_id is not None
    pair, _ = CollusionPair.objects.get_or_create(user_low_id=low.user_id, user_high_id=high.user_id)
    with transaction.atomic():
        pair = CollusionPair.objects.select_for_update().get(pk=pair.pk)
        CollusionMatch.objects.update_or_create(
            pair=pair,
            match=match,
            defaults={
                "version": VERSION,
                "seat_low": low.index,
                "seat_high": high.index,
                "deals": deals,
                "deal_scores": {str(k): round(v, 4) for k, v in statistic.deal_scores(decisions).items()},
                "decisions": [d.to_json() for d in decisions],
                "same_address": bool(low.origin_address) and low.origin_address == high.origin_address,
                "same_device": bool(low.origin_device) and low.origin_device == high.origin_device,
            },
        )
        pair_refresh(pair)


def pair_refresh(pair: CollusionPair) -> None:
    """Recompute the pair's figures from all its match rows (the caller holds the pair's lock)."""
    rows = list(pair.evidence.all())
    scores = [float(v) for row in rows for v in row.deal_scores.values()]
    stat = statistic.pair_statistic(scores, deals=sum(row.deals for row in rows))
    pair.matches = len(rows)
    pair.deals = stat.deals
    pair.scored_deals = stat.scored
    pair.decisions = sum(len(row.decisions) for row in rows)
    pair.total = round(stat.total, 4)
    pair.z = round(stat.z, 4) if math.isfinite(stat.z) else 0.0
    pair.shared_addresses = sum(row.same_address for row in rows)
    pair.shared_devices = sum(row.same_device for row in rows)
    pair.flagged = stat.flagged(threshold())
    pair.save()
