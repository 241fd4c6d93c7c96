"""Where accounts act from, and the links between accounts it reveals (read by games.identity.entries).

Every write request of an account or a guest (a login, a registration, a seat, a move) and every seat
socket is noted as a `Sighting`: browser token, session guest token, address, device signature. A new
browser or session for an account, or a guest session seen in a new browser, looks for accounts that
share one with it; one address and device seen for two accounts within DEVICE_WINDOW links them too.
Links are `AccountLink` rows, kept (and shown to staff) until staff clear them. A link between two
accounts that both have results in one finished shared-deal event holds those results
(games.identity.holds).

Noting never fails the request it belongs to, and writes at most once per SIGHTING_PAUSE for one
account and origin (the cache remembers)."""

from __future__ import annotations

import datetime as dt
import hashlib
import logging

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from games.identity.entries import DEVICE_WINDOW
from games.identity.holds import holds_after_link
from games.live.actors import Origin
from games.models import AccountLink, LinkReason, Sighting

log = logging.getLogger(__name__)

SIGHTING_PAUSE = 300  # seconds
# A browser shared by a whole library, an address and device shared by a whole class: the links of
# one new sighting stop at this many accounts.
MAX_LINKED = 50


def sighting_record(*, user_id: int | None, origin: Origin, at: dt.datetime | None = None) -> None:
    """Note that the account `user_id` (None: the guest session `origin.session`) acted from `origin`."""
    if user_id is None and not origin.session:
        return
    try:
        _record(user_id, origin, at or timezone.now())
    except Exception:  # a sighting is never worth a failed request
        log.exception("could not note where account %s acted from", user_id)


def _record(user_id: int | None, origin: Origin, now: dt.datetime) -> None:
    fields = {
        "browser": origin.browser,
        "session": origin.session,
        "address": origin.address,
        "device": origin.device,
    }
    said = "\n".join([str(user_id), *fields.values()])
    if not cache.add("sighting:" + hashlib.sha256(said.encode()).hexdigest(), 1, SIGHTING_PAUSE):
        return
    who = Q(user_id=user_id) if user_id is not None else Q(user__isnull=True)
    with transaction.atomic():
        if not Sighting.objects.filter(who, **fields).update(last_seen=now):
            trail = {"browser": origin.browser, "session": origin.session}
            new_trail = not Sighting.objects.filter(who, **trail).exists()
            try:
                with transaction.atomic():
                    Sighting.objects.create(user_id=user_id, first_seen=now, last_seen=now, **fields)
            except IntegrityError:  # the same request twice at once: the other one noted it
                new_trail = False
            if new_trail:
                for account in _accounts_of(user_id, origin):
                    _link_by_trail(account, now)
        if user_id is not None and origin.address and origin.device:
            _link_by_device(user_id, origin, now)


def _accounts_of(user_id: int | None, origin: Origin) -> list[int]:
    """The accounts whose trail a new sighting extends: its own; for a guest session seen in a new
    browser, the accounts that carried that session."""
    if user_id is not None:
        return [user_id]
    carriers = Sighting.objects.filter(session=origin.session, user__isnull=False)
    return list(carriers.values_list("user_id", flat=True).distinct()[:MAX_LINKED])


def _tokens(rows: list[tuple[str, str]]) -> tuple[set[str], set[str]]:
    browsers = {browser for browser, _ in rows if browser}
    sessions = {session for _, session in rows if session}
    return browsers, sessions


def _link_by_trail(user_id: int, now: dt.datetime) -> None:
    """Link the account to every account that used one of its browsers (browser), or that shares a
    browser session with it: one session carried by both, or seen in a browser the other used."""
    browsers, sessions = _tokens(
        list(Sighting.objects.filter(user_id=user_id).values_list("browser", "session"))
    )
    # Where the account's sessions were seen (as a guest, before a cleared cookie), and which sessions
    # were seen in its browsers.
    bridged, _ = _tokens(
        list(Sighting.objects.filter(session__in=sessions).values_list("browser", "session"))
    )
    _, visiting = _tokens(
        list(Sighting.objects.filter(browser__in=browsers).values_list("browser", "session"))
    )
    others = (
        Sighting.objects.filter(user__isnull=False)
        .exclude(user_id=user_id)
        .filter(Q(browser__in=browsers | bridged) | Q(session__in=sessions | visiting))
        .values_list("user_id", "browser", "session")
    )
    found: dict[int, tuple[str, str]] = {}
    for other, browser, session in others[: MAX_LINKED * 10]:
        if browser in browsers:
            found[other] = (LinkReason.BROWSER, f"browser {browser[:8]}…")
        elif found.get(other, ("",))[0] != LinkReason.BROWSER:
            via = f"session {session[:8]}…" if session in sessions | visiting else f"browser {browser[:8]}…"
            found[other] = (LinkReason.SESSION, f"a browser session's history ({via})")
    for other, (reason, detail) in list(found.items())[:MAX_LINKED]:
        _link(user_id, other, reason, detail, now)


def _link_by_device(user_id: int, origin: Origin, now: dt.datetime) -> None:
    near = Sighting.objects.filter(
        address=origin.address, device=origin.device, last_seen__gte=now - DEVICE_WINDOW, user__isnull=False
    ).exclude(user_id=user_id)
    detail = f"address {origin.address}, device {origin.device[:8]}…"
    for other in list(near.values_list("user_id", flat=True).distinct()[:MAX_LINKED]):
        _link(user_id, other, LinkReason.DEVICE, detail, now)


def _link(first: int, second: int, reason: str, detail: str, now: dt.datetime) -> None:
    a, b = sorted((first, second))
    updated = AccountLink.objects.filter(user_a_id=a, user_b_id=b, reason=reason).update(last_seen=now)
    if updated:
        return
    try:
        with transaction.atomic():
            AccountLink.objects.create(
                user_a_id=a, user_b_id=b, reason=reason, detail=detail, first_seen=now, last_seen=now
            )
    except IntegrityError:  # noted at the same moment by another request
        return
    log.info("accounts %s and %s linked: %s (%s)", a, b, reason, detail)
    holds_after_link(user_ids=(a, b))
