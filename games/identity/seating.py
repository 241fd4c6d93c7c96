"""Who may take a seat, and whether one person holds several seats of a match.

Other apps add seat rules (the leagues app: league tables seat league members only) without the games
app knowing them. A match where one account, browser or session holds more than one seat can still be
played, but is never ranked: the leaderboard and the league projections ask `match_multi_seated`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from games.identity.entries import Key, actor_keys, seat_keys
from games.live.actors import Actor
from games.models import LinkReason, Match, Seat

# A rule raises a GameError (with a clear message) when `actor` may not sit at `match`. The hook for
# private tables (games.services.matches.match_join checks the invitation first): the friends app keeps
# a player its creator blocked off the table (friends.seating.blocked_seat_rule).
SeatRule = Callable[[Match, Actor], None]
_rules: list[SeatRule] = []


def seat_rule_register(rule: SeatRule) -> None:
    if rule not in _rules:
        _rules.append(rule)


def seat_rules_check(match: Match, actor: Actor) -> None:
    for rule in _rules:
        rule(match, actor)


# Within one match the strong signals alone: the address and device link seats of a shared-deal event
# only (games.identity.entries), where two people at one table in one household are no problem.
def _seat_keys(seat: Seat) -> set[Key]:
    return {key for key in seat_keys(seat) if key[0] != LinkReason.DEVICE}


def _actor_keys(actor: Actor) -> set[Key]:
    return {key for key in actor_keys(actor) if key[0] != LinkReason.DEVICE}


def _taken(seats: Iterable[Seat]) -> list[Seat]:
    return [s for s in seats if not s.is_ai and not s.is_free]


def holds_a_seat(seats: Iterable[Seat], actor: Actor) -> bool:
    """Whether the person behind `actor` (same account, browser or session) already has one of `seats`."""
    mine = _actor_keys(actor)
    return any(_seat_keys(s) & mine for s in _taken(seats))


def seats_multi_held(seats: Iterable[Seat]) -> bool:
    """Whether one account, browser or session holds more than one of `seats`."""
    counts = Counter(key for s in _taken(seats) for key in _seat_keys(s))
    return any(n > 1 for n in counts.values())


def match_multi_seated(match: Match) -> bool:
    return seats_multi_held(match.seats.all())
