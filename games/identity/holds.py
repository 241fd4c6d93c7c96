"""Results of a shared-deal event held back while two of its players look like one person.

`event_review` runs when an event closes (the leagues app: a round's release) and when a link between
two of its players appears after it closed: every finished table of the event whose player is linked
to another of its players (games.identity.entries.event_links) gets a `ResultHold`, and one already published
is withdrawn from every projection that can withdraw a match (games.results.projections). A hold ends when
staff clear the links behind it (`account_links_clear`) or the hold itself (`result_holds_clear`);
the table is published then (`match_published`) and counts from that moment on."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.identity.entries import Linked, event_links, linked_text
from games.models import AccountLink, LinkReason, Match, MatchStatus, ResultHold, Seat
from games.results.projections import projections
from games.signals import match_published


def event_review(*, event: str) -> set[int]:
    """Hold the event's finished tables with linked players; returns every table of it held now."""
    links = event_links(event)
    _note_links(links)
    why: dict[int, list[str]] = defaultdict(list)
    for link in links:
        for match_id in {link.first.match_id, link.second.match_id}:
            why[match_id].append(linked_text(link))
    held: set[int] = set()
    finished = Match.objects.filter(deal_event=event, status=MatchStatus.FINISHED).select_related(
        "result_hold"
    )
    for match in finished.order_by("pk"):
        hold = getattr(match, "result_hold", None)
        if hold is not None and hold.cleared_at is None:
            held.add(match.pk)
            continue
        if match.pk not in why:
            continue
        reason = "; ".join(dict.fromkeys(why[match.pk]))[:300]
        published = not match.embargoed
        ResultHold.objects.update_or_create(
            match=match, defaults={"reason": reason, "cleared_at": None, "cleared_by": None}
        )
        if published:
            for projection in projections():
                if projection.withdraw is not None:
                    projection.withdraw(match.pk)
        held.add(match.pk)
    return held


def _note_links(links: Iterable[Linked]) -> None:
    """Links found on the seats themselves become account links too, for staff to see and clear."""
    now = timezone.now()
    for link in links:
        first, second = link.first.user_id, link.second.user_id
        if first is None or second is None or first == second or link.reason == LinkReason.ACCOUNT:
            continue
        a, b = sorted((first, second))
        try:
            with transaction.atomic():
                AccountLink.objects.get_or_create(
                    user_a_id=a,
                    user_b_id=b,
                    reason=link.reason,
                    defaults={
                        "detail": "seats of one shared-deal event",
                        "first_seen": now,
                        "last_seen": now,
                    },
                )
        except IntegrityError:
            pass


def holds_after_link(*, user_ids: tuple[int, int]) -> None:
    """A new link between two accounts: review every closed event where both have a seat (a running
    event is reviewed when it closes)."""
    first, second = user_ids
    events = Seat.objects.filter(user_id=first).exclude(match__deal_event="").values("match__deal_event")
    shared = (
        Seat.objects.filter(user_id=second, match__deal_event__in=events)
        .values_list("match__deal_event", flat=True)
        .distinct()
    )
    for event in list(shared):
        if not Match.objects.filter(deal_event=event, embargoed=True).exists():
            event_review(event=event)


def account_links_clear(*, link_ids: Iterable[int], staff: AbstractBaseUser) -> int:
    """Staff found the accounts of these links to be two people: the links stop counting, and the
    tables they held are published. Returns how many links were cleared."""
    with transaction.atomic():
        links = list(AccountLink.objects.select_for_update().filter(pk__in=list(link_ids), cleared_at=None))
        AccountLink.objects.filter(pk__in=[link.pk for link in links]).update(
            cleared_at=timezone.now(), cleared_by=staff
        )
        users = {u for link in links for u in (link.user_a_id, link.user_b_id)}
        events = ResultHold.objects.filter(cleared_at=None, match__seats__user_id__in=users)
        _release_unlinked(set(events.values_list("match__deal_event", flat=True)), staff)
    return len(links)


def result_holds_clear(*, match_ids: Iterable[int], staff: AbstractBaseUser) -> int:
    """Staff count these tables after all: the account links behind their holds are cleared, and the
    tables are published. Returns how many holds were cleared."""
    with transaction.atomic():
        holds = list(
            ResultHold.objects.select_for_update()
            .filter(match_id__in=list(match_ids), cleared_at=None)
            .select_related("match")
        )
        ids = {hold.match_id for hold in holds}
        now = timezone.now()
        for event in {hold.match.deal_event for hold in holds}:
            for link in event_links(event):
                if (
                    {link.first.match_id, link.second.match_id} & ids
                    and link.first.user_id
                    and link.second.user_id
                ):
                    a, b = sorted((link.first.user_id, link.second.user_id))
                    AccountLink.objects.filter(user_a_id=a, user_b_id=b, cleared_at=None).update(
                        cleared_at=now, cleared_by=staff
                    )
        ResultHold.objects.filter(match_id__in=ids).update(cleared_at=now, cleared_by=staff)
        _publish_on_commit(ids)
    return len(holds)


def _release_unlinked(events: set[str], staff: AbstractBaseUser) -> None:
    released: set[int] = set()
    for event in events:
        still = {m for link in event_links(event) for m in (link.first.match_id, link.second.match_id)}
        holds = ResultHold.objects.filter(match__deal_event=event, cleared_at=None).exclude(
            match_id__in=still
        )
        ids = set(holds.values_list("match_id", flat=True))
        holds.update(cleared_at=timezone.now(), cleared_by=staff)
        released |= ids
    _publish_on_commit(released)


def _publish_on_commit(match_ids: set[int]) -> None:
    ordered = list(
        Match.objects.filter(pk__in=match_ids, embargoed=False)
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)
    )
    if ordered:
        transaction.on_commit(
            lambda: [match_published.send_robust(sender=None, match_id=pk) for pk in ordered]
        )
