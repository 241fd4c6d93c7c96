"""Reads of the collusion monitor, for the admin: a pair's matches with their evidence, how often the
two share tables, and the addresses both have played from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from collusion.models import CollusionMatch, CollusionPair
from games.ai.collusion.evidence import GAMES
from games.models import MatchStatus, Seat

#: decisions shown per match, the highest scores first (the rest are counted)
SHOWN_DECISIONS = 12


@dataclass(frozen=True)
class MatchEvidence:
    row: CollusionMatch
    names: dict[int, str]
    #: what the pair's cards gained them on the real deals against the AI's choices, all decisions
    true_gain: float
    #: the decisions with the highest scores, each with the player's name
    top: list[dict[str, Any]]


def pair_matches(pair: CollusionPair) -> list[MatchEvidence]:
    """The pair's matches, the most telling (highest score) first."""
    rows = list(pair.evidence.select_related("match").prefetch_related("match__seats"))
    rows.sort(key=lambda r: (-r.score, r.match_id))
    out = []
    for row in rows:
        names = {s.index: s.display_name for s in row.match.seats.all()}
        top = sorted(row.decisions, key=lambda d: (-d["score"], d["seq"]))[:SHOWN_DECISIONS]
        gain = sum(float(d["true_gain"]) for d in row.decisions)
        out.append(MatchEvidence(row, names, gain, [{**d, "name": names.get(d["seat"], "")} for d in top]))
    return out


@dataclass(frozen=True)
class Tables:
    together: int
    low: int
    high: int

    @property
    def share(self) -> float:
        """Of the matches of the one who played fewer, the share played with the other."""
        fewer = min(self.low, self.high)
        return self.together / fewer if fewer else 0.0


def pair_tables(pair: CollusionPair) -> Tables:
    """Finished three-player matches (of the monitored games) of each of the two, and together."""

    def matches_of(user_id: int) -> set[int]:
        return set(
            Seat.objects.filter(
                user_id=user_id, match__game__in=GAMES, match__status=MatchStatus.FINISHED
            ).values_list("match_id", flat=True)
        )

    low, high = matches_of(pair.user_low_id), matches_of(pair.user_high_id)
    return Tables(together=len(low & high), low=len(low), high=len(high))


def common_origins(pair: CollusionPair) -> tuple[list[str], list[str]]:
    """(addresses, device signatures) both accounts have taken a seat from, at any table."""

    def origins(user_id: int, field: str) -> set[str]:
        return set(
            Seat.objects.filter(user_id=user_id).exclude(Q(**{field: ""})).values_list(field, flat=True)
        )

    addresses = origins(pair.user_low_id, "origin_address") & origins(pair.user_high_id, "origin_address")
    devices = origins(pair.user_low_id, "origin_device") & origins(pair.user_high_id, "origin_device")
    return sorted(addresses), sorted(devices)
