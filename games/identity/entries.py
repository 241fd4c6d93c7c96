"""One person, one entry per shared-deal event.

The tables of a shared-deal event (a duplicate round; a daily challenge would be one too) are dealt
the same cards (one seed; `Match.deal_event` is its commitment), so a person at two of them sees the
hand they are about to meet. Every way into such an event (a player joining, a manager seating a
round) asks `entry_check` or `roster_check`; what decides that two seats are one person's:

- the same account;
- the same browser: the token of the `kt_browser` cookie (games.identity.browser) on the seats or anywhere in
  the accounts' histories (`Sighting`, materialised as `AccountLink` rows);
- the same browser session: a session's guest token outlives a login and a cleared browser cookie, so
  an account that carries it is linked to the browsers that session was seen in;
- the same address *and* device signature (User-Agent and languages) within the event: seen from both
  within DEVICE_WINDOW of each other, in the hours before the event opened or while it ran. The
  address alone links nothing: households, universities and mobile carriers share one.

A link staff have cleared (two people after all) links nothing for that reason. When linked players
got into one event nonetheless (the link appeared later), their tables are held (`ResultHold`, see
games.identity.holds): their results count nowhere until staff clear it.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Max, Min, Q
from django.utils import timezone

from games.errors import SamePerson
from games.live.actors import Actor, Origin
from games.models import AccountLink, LinkReason, Match, ResultHold, Seat, SeatKind, Sighting

DEVICE_WINDOW = dt.timedelta(hours=12)

# What the refusal says: "<a> and <b> ..."
SAID = {
    LinkReason.ACCOUNT: "are the same account",
    LinkReason.BROWSER: "were used in the same browser",
    LinkReason.SESSION: "were used in the same browser session",
    LinkReason.DEVICE: "were used from the same address and device within hours",
}
WHY = (
    "every table of a shared-deal event (a duplicate round) has the same deals, so one person enters it "
    "only once; if these are two people, staff can clear the link"
)
HELD = Q(result_hold__isnull=False, result_hold__cleared_at__isnull=True)

Key = tuple[str, object]


@dataclass(frozen=True)
class Window:
    """When device signals count for an event: DEVICE_WINDOW before it opened until it ended."""

    start: dt.datetime
    end: dt.datetime


@dataclass(frozen=True)
class Linked:
    first: Seat
    second: Seat
    reason: str


def event_window(event: str) -> Window:
    now = timezone.now()
    span = Match.objects.filter(deal_event=event).aggregate(
        opened=Min("created_at"), ended=Max("finished_at")
    )
    opened = span["opened"] or now
    running = Match.objects.filter(deal_event=event, finished_at__isnull=True).exists()
    ended = now if running or span["ended"] is None else span["ended"]
    return Window(start=opened - DEVICE_WINDOW, end=ended)


def event_seats(event: str) -> list[Seat]:
    """The seats people hold at the event's tables."""
    seats = Seat.objects.filter(match__deal_event=event).exclude(kind=SeatKind.AI).select_related("user")
    return [s for s in seats.order_by("match_id", "index") if not s.is_free]


def _keys(user_id: int | None, guest_token: str, origin: Origin) -> set[Key]:
    """What two seats (or an actor and a seat) can share: the account, the browser, either session
    token, the address only with the device; empty ones share nothing."""
    keys: set[Key] = {
        (LinkReason.ACCOUNT, user_id),
        (LinkReason.BROWSER, origin.browser),
        (LinkReason.SESSION, guest_token),
        (LinkReason.SESSION, origin.session),
    }
    if origin.address and origin.device:
        keys.add((LinkReason.DEVICE, (origin.address, origin.device)))
    return {key for key in keys if key[1]}


def seat_keys(seat: Seat) -> set[Key]:
    origin = Origin(
        browser=seat.origin_browser,
        session=seat.origin_session,
        address=seat.origin_address,
        device=seat.origin_device,
    )
    return _keys(seat.user_id, seat.guest_token, origin)


def actor_keys(actor: Actor) -> set[Key]:
    return _keys(actor.user_id, actor.guest_token, actor.origin)


# The strongest reason first, when two seats share several.
_ORDER = [LinkReason.ACCOUNT, LinkReason.BROWSER, LinkReason.SESSION, LinkReason.DEVICE]


def _rank(reason: str) -> int:
    return _ORDER.index(LinkReason(reason))


def _strongest(key: Key) -> int:
    return _rank(key[0])


def _counts(link: AccountLink, window: Window) -> bool:
    if link.reason != LinkReason.DEVICE:
        return True
    return link.first_seen <= window.end and link.last_seen >= window.start


def account_links(
    user_ids: Iterable[int], window: Window
) -> tuple[dict[frozenset[int], str], set[tuple[frozenset[int], str]]]:
    """Among `user_ids`: the links that count in `window` (pair -> reason), and the cleared ones."""
    ids = set(user_ids)
    links = AccountLink.objects.filter(user_a_id__in=ids, user_b_id__in=ids)
    counting: dict[frozenset[int], str] = {}
    cleared: set[tuple[frozenset[int], str]] = set()
    for link in sorted(links, key=lambda link: _rank(link.reason)):
        pair = frozenset((link.user_a_id, link.user_b_id))
        if link.cleared_at is not None:
            cleared.add((pair, link.reason))
        elif _counts(link, window):
            counting.setdefault(pair, link.reason)
    return counting, cleared


def _name(seat: Seat) -> str:
    return seat.display_name or (seat.user.get_username() if seat.user is not None else "a guest")


def _refuse(first: str, second: str, reason: str) -> SamePerson:
    return SamePerson(f"{first} and {second} {SAID[LinkReason(reason)]}: {WHY}", reason=reason)


def entry_check(*, event: str, actor: Actor) -> None:
    """Raise SamePerson when the person behind `actor` (as it acts now: account, browser, session,
    address and device) already holds a seat of the event `event`, under any account or as a guest."""
    seats = event_seats(event)
    if not seats:
        return
    window = event_window(event)
    mine = actor_keys(actor)
    me = actor.display_name
    holders = {s.user_id for s in seats if s.user_id is not None}
    cleared: set[tuple[frozenset[int], str]] = set()
    counting: dict[frozenset[int], str] = {}
    if actor.user_id is not None:
        counting, cleared = account_links({actor.user_id, *holders}, window)
    seen = _seen_with(actor, holders, window)
    for seat in seats:
        pair = frozenset((actor.user_id, seat.user_id)) if actor.user_id and seat.user_id else None
        reasons = [key[0] for key in sorted(seat_keys(seat) & mine, key=_strongest)]
        reasons += sorted(seen.get(seat.user_id, ()), key=_rank) if seat.user_id is not None else []
        if pair is not None and pair in counting:
            reasons.append(counting[pair])
        for reason in reasons:
            if reason == LinkReason.ACCOUNT:
                raise SamePerson(
                    f"{me} already plays at another table of this shared-deal event: {WHY}", reason=reason
                )
            if pair is None or (pair, reason) not in cleared:
                raise _refuse(me, _name(seat), reason)


def _seen_with(actor: Actor, holders: set[int], window: Window) -> dict[int, set[str]]:
    """The holders whose own histories show the browser, session or (within the window) address and
    device `actor` acts from now: its own history may not have been noted yet."""
    origin = actor.origin
    query = Q()
    if origin.browser:
        query |= Q(browser=origin.browser)
    sessions = {s for s in (origin.session, actor.guest_token) if s}
    if sessions:
        query |= Q(session__in=sessions)
    if origin.address and origin.device:
        query |= Q(address=origin.address, device=origin.device, last_seen__gte=window.start)
    others = holders - {actor.user_id}
    if not others or not query:
        return {}
    seen: dict[int, set[str]] = defaultdict(set)
    rows = Sighting.objects.filter(query, user_id__in=others)
    for user_id, browser, session, address, device in rows.values_list(
        "user_id", "browser", "session", "address", "device"
    ):
        if origin.browser and browser == origin.browser:
            seen[user_id].add(LinkReason.BROWSER)
        if session and session in sessions:
            seen[user_id].add(LinkReason.SESSION)
        if origin.address and (address, device) == (origin.address, origin.device):
            seen[user_id].add(LinkReason.DEVICE)
    return seen


def roster_check(*, tables: Sequence[Sequence[AbstractBaseUser]]) -> None:
    """Raise SamePerson when two accounts of a round a manager seats (`tables[t]`: the users at table
    t) are linked: the manager's request says nothing of where the players are, their histories do."""
    users = [u for roster in tables for u in roster]
    now = timezone.now()
    counting, _ = account_links([u.pk for u in users], Window(start=now - DEVICE_WINDOW, end=now))
    for i, first in enumerate(users):
        for second in users[i + 1 :]:
            reason = counting.get(frozenset((first.pk, second.pk)))
            if reason is not None:
                raise _refuse(first.get_username(), second.get_username(), reason)


def event_links(event: str) -> list[Linked]:
    """Every pair of seats of the event that look like one person's (the backstop: links that appeared
    after the players entered, or entries that raced)."""
    seats = event_seats(event)
    window = event_window(event)
    counting, cleared = account_links({s.user_id for s in seats if s.user_id is not None}, window)
    found: list[Linked] = []
    for i, first in enumerate(seats):
        for second in seats[i + 1 :]:
            pair = frozenset((first.user_id, second.user_id)) if first.user_id and second.user_id else None
            shared = sorted((k[0] for k in seat_keys(first) & seat_keys(second)), key=_rank)
            if pair is not None and pair in counting:
                shared.append(counting[pair])
            for reason in shared:
                if pair is None or reason == LinkReason.ACCOUNT or (pair, reason) not in cleared:
                    found.append(Linked(first, second, reason))
                    break
    return found


def _account(seat: Seat) -> str:
    return seat.user.get_username() if seat.user is not None else f"guest {seat.display_name!r}"


def linked_text(link: Linked) -> str:
    """For staff: which accounts, at which tables, and why."""
    first, second = link.first, link.second
    return (
        f"{_account(first)} (match {first.match_id}) and {_account(second)} (match {second.match_id}) "
        f"{SAID[LinkReason(link.reason)]}"
    )


def match_hold(match: Match) -> ResultHold | None:
    """The hold on a finished table's results, while it holds."""
    return ResultHold.objects.filter(match_id=match.pk, cleared_at__isnull=True).first()
