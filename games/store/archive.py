"""Export matches as event logs, and import them again: the independent, verifiable backup.

The export is JSON lines: a header line, then one self-contained line per match with its metadata
(game, options, status, times, seed and commitment, seats with usernames, guest names and AI versions),
its whole event log, and what other apps link to it (the leagues: league, season, members, round).
The import believes only what the events show: each match is replayed against its commitment and
every claim of its line (seats, who acted, status, times, flags, the league round's embargo and
release) is checked against the replay (games.store.archive_checks, and each link's own check)
before anything is stored. It links seats to existing accounts by username and creates a missing one
only when asked (`create_users`). The whole file is one transaction: a file with any refused line
imports nothing, and the report names every refused line and why. A match already present (same
archive key) is skipped, so an import can be repeated.

The export holds every exported match's seed and its guests' seat tokens: keep it as safe as the
database dump. Events get their insertion time at import (events are append-only: nothing rewrites a
stored row); the match's own times are restored.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import secrets
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games.models import Match, MatchEvent, MatchStatus, Seat, SeatKind
from games.store.archive_checks import ArchiveRefused, Checked, record_check, when
from games.store.events import Pending, store

__all__ = ["ArchiveLink", "ArchiveRefused", "ArchiveUsers", "archive_link_register", "matches_import"]

FORMAT = "kartentisch-matches"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class ArchiveLink:
    """What another app links to a match (the leagues: its league, season and round). `export` returns
    JSON-able data or None (no link); `verify` checks the link's claims against the rest of the record
    before anything is stored; `restore` re-creates the link inside the import's transaction. Both
    raise ArchiveRefused."""

    name: str
    export: Callable[[Match], dict[str, Any] | None]
    restore: Callable[[Match, dict[str, Any], ArchiveUsers], None]
    verify: Callable[[dict[str, Any], dict[str, Any], dt.datetime | None], None] | None = None


_LINKS: dict[str, ArchiveLink] = {}


def archive_link_register(link: ArchiveLink) -> None:
    _LINKS[link.name] = link


@dataclass
class ArchiveUsers:
    """The accounts an import links to, by username. A missing one is refused, unless `create` is set:
    then it is created without a usable password (staff set one in the admin) and listed in `created`."""

    create: bool = False
    created: list[str] = field(default_factory=list)

    def get(self, *, username: str, display_name: str) -> Any:
        model = get_user_model()
        user = model.objects.filter(username=username).first()
        if user is not None:
            return user
        if not self.create:
            raise ArchiveRefused(
                f"no account {username!r} here (restore the accounts with the database dump, or import "
                "with --create-users)"
            )
        user = model(username=username, display_name=display_name or username)
        user.set_unusable_password()
        user.save()
        if username not in self.created:
            self.created.append(username)
        return user


@dataclass
class ImportReport:
    imported: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    # (line number, archive key, reason)
    refused: list[tuple[int, str, str]] = field(default_factory=list)
    created_users: list[str] = field(default_factory=list)


# --- keys and values --------------------------------------------------------------------------------


def _when(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def parse_when(value: str | None) -> dt.datetime | None:
    return when(value, "time")


def _seat_identity(seat: dict[str, Any]) -> str:
    if seat["kind"] == SeatKind.AI:
        return f"ai:{seat['ai_version']}:{seat['display_name']}"
    if seat.get("username"):
        return f"user:{seat['username']}"
    return f"guest:{seat.get('guest_token', '')}:{seat['display_name']}"


def _key(commitment: str, created_at: str | None, seats: list[dict[str, Any]]) -> str:
    # Tables of a duplicate round share their seed: the creation time and who sat where tell them apart.
    detail = json.dumps([created_at, [_seat_identity(s) for s in seats]], sort_keys=True)
    return f"{commitment}:{hashlib.sha256(detail.encode()).hexdigest()[:16]}"


def archive_key(match: Match) -> str:
    """The match's stable key across export and import (not its id, which a restore may change)."""
    return _key(match.seed_commitment, _when(match.created_at), [_seat_record(s) for s in match.seats.all()])


# --- export -----------------------------------------------------------------------------------------


def _seat_record(seat: Seat) -> dict[str, Any]:
    return {
        "index": seat.index,
        "kind": seat.kind,
        "username": seat.user.username if seat.user is not None else None,
        "user_display_name": seat.user.display_name if seat.user is not None else None,
        "guest_token": seat.guest_token,
        "display_name": seat.display_name,
        "ai_version": seat.ai_version,
        "ai_revision": seat.ai_revision,
        "origin_browser": seat.origin_browser,
        "origin_session": seat.origin_session,
        "origin_address": seat.origin_address,
        "origin_device": seat.origin_device,
        "joined_at": _when(seat.joined_at),
        "left": seat.left,
        "handed_to_ai": seat.handed_to_ai,
    }


def match_record(match: Match) -> dict[str, Any]:
    """One line of the export: everything needed to re-create `match` and check it."""
    seats = [_seat_record(s) for s in match.seats.select_related("user").order_by("index")]
    events = MatchEvent.objects.filter(match=match).order_by("seq")
    links = {name: data for name, link in _LINKS.items() if (data := link.export(match)) is not None}
    created_by = match.created_by
    return {
        "key": _key(match.seed_commitment, _when(match.created_at), seats),
        "match": {
            "game": match.game,
            "options": match.options,
            "status": match.status,
            "created_by": created_by.username if created_by is not None else None,
            "created_by_display_name": created_by.display_name if created_by is not None else None,
            "created_by_guest": match.created_by_guest,
            "ai_version": match.ai_version,
            "spectators_allowed": match.spectators_allowed,
            "practice": match.practice,
            "ranked": match.ranked,
            "private": match.private,
            "seed": match.seed,
            "seed_commitment": match.seed_commitment,
            "embargoed": match.embargoed,
            "deal_event": bool(match.deal_event),
            "version": match.version,
            "move_timer": match.move_timer,
            "turn_based": match.turn_based,
            "days_per_move": match.days_per_move,
            "created_at": _when(match.created_at),
            "started_at": _when(match.started_at),
            "finished_at": _when(match.finished_at),
            "last_event_at": _when(match.last_event_at),
        },
        "seats": seats,
        "events": [
            {"seq": e.seq, "type": e.type, "seat": e.seat, "data": e.data, "command_id": e.command_id}
            for e in events
        ],
        "links": links,
    }


def matches_export(*, out: IO[str], every: bool = False) -> int:
    """Write the header and one line per finished match (every match with `every`), oldest first.
    Returns the number of matches written."""
    matches = Match.objects.select_related("created_by").order_by("created_at", "pk")
    if not every:
        matches = matches.filter(status=MatchStatus.FINISHED)
    header = {"format": FORMAT, "version": FORMAT_VERSION, "exported_at": _when(timezone.now())}
    out.write(json.dumps(header) + "\n")
    count = 0
    for match in matches.iterator(chunk_size=200):
        out.write(json.dumps(match_record(match), sort_keys=True) + "\n")
        count += 1
    return count


# --- import -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    number: int
    record: dict[str, Any] | None  # None: not a JSON object
    problem: str = ""


def read_records(lines: Iterable[str]) -> tuple[dt.datetime | None, Iterator[Line]]:
    """When the export was written, and its match lines, after checking its header. Raises
    ArchiveRefused on a file that is not an export of this format."""
    it = iter(lines)
    try:
        header = json.loads(next(it))
    except (StopIteration, json.JSONDecodeError) as exc:
        raise ArchiveRefused("not a match export: the first line is not its JSON header") from exc
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ArchiveRefused(f"not a match export: the header does not name the format {FORMAT!r}")
    if header.get("version") != FORMAT_VERSION:
        raise ArchiveRefused(f"export format version {header.get('version')!r} is not {FORMAT_VERSION}")
    exported_at = when(header.get("exported_at"), "export time")
    if exported_at is not None and exported_at > timezone.now():
        raise ArchiveRefused("not a match export: its header says it was written in the future")
    return exported_at, _lines(it)


def _lines(it: Iterator[str]) -> Iterator[Line]:
    for number, line in enumerate(it, start=2):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            yield Line(number, None, f"not JSON: {exc}")
            continue
        if not isinstance(record, dict):
            yield Line(number, None, "not a JSON object")
            continue
        yield Line(number, record)


def _restore_seat(match: Match, spec: dict[str, Any], users: ArchiveUsers) -> None:
    seat = Seat(
        match=match,
        index=spec["index"],
        kind=spec["kind"],
        guest_token=spec.get("guest_token") or "",
        display_name=spec["display_name"],
        ai_version=spec["ai_version"],
        ai_revision=int(spec.get("ai_revision", 1)),  # archives written before revisions: the first
        origin_browser=spec["origin_browser"],
        origin_session=spec["origin_session"],
        origin_address=spec.get("origin_address") or "",
        origin_device=spec.get("origin_device") or "",
        joined_at=parse_when(spec["joined_at"]),
        left=spec["left"],
        handed_to_ai=bool(spec.get("handed_to_ai", False)),
    )
    if spec["username"]:
        seat.user = users.get(username=spec["username"], display_name=spec["user_display_name"] or "")
    seat.save()


def _restore(record: dict[str, Any], checked: Checked, users: ArchiveUsers) -> Match:
    meta = record["match"]
    creator = None
    if meta["created_by"]:
        creator = users.get(username=meta["created_by"], display_name=meta["created_by_display_name"] or "")
    match = Match.objects.create(
        game=meta["game"],
        options=meta["options"],
        status=MatchStatus.RUNNING if checked.data else meta["status"],
        created_by=creator,
        created_by_guest=meta["created_by_guest"],
        ai_version=meta["ai_version"],
        spectators_allowed=meta["spectators_allowed"],
        practice=meta["practice"],
        ranked=meta["ranked"],
        # A private table stays one; its invitation link does not travel (a new one is made).
        private=bool(meta.get("private", False)),
        invite_token=secrets.token_urlsafe(16) if meta.get("private") else "",
        seed=meta["seed"],
        seed_commitment=meta["seed_commitment"],
        embargoed=meta["embargoed"],
        # One table of a shared-deal event: its seed's commitment is the event (older files: embargoed).
        deal_event=meta["seed_commitment"] if meta.get("deal_event", meta["embargoed"]) else "",
        move_timer=meta["move_timer"],
        # A turn-based table's clock starts afresh from its last move (an overdue mark is not kept).
        turn_based=bool(meta.get("turn_based", False)),
        days_per_move=meta.get("days_per_move") or 0,
    )
    for spec in record["seats"]:
        _restore_seat(match, spec, users)
    if checked.state is not None:
        # Appended through the event store (the append-only rules), as checked by the replay.
        pending = Pending(base_seq=0)
        for row in record["events"]:
            pending.add(row["data"], row["seat"], row["command_id"])
        store(match, pending, checked.state)
    # The cache of the stream is the stored one; the times are the original ones.
    Match.objects.filter(pk=match.pk).update(
        status=meta["status"],
        created_at=parse_when(meta["created_at"]),
        started_at=parse_when(meta["started_at"]),
        finished_at=parse_when(meta["finished_at"]),
        last_event_at=parse_when(meta["last_event_at"]),
    )
    match.refresh_from_db()
    for name, link_data in record["links"].items():
        _LINKS[name].restore(match, link_data, users)
    return match


def _present(record: dict[str, Any]) -> bool:
    candidates = Match.objects.filter(seed_commitment=record["match"]["seed_commitment"])
    return any(archive_key(m) == record["key"] for m in candidates.prefetch_related("seats__user"))


def match_import(
    *, record: dict[str, Any], users: ArchiveUsers, exported_at: dt.datetime | None = None
) -> Match | None:
    """Re-create one exported match, checked; None when it is already present. Raises ArchiveRefused
    (nothing of it stored) when a claim of its record is not what its events show, or it does not fit."""
    try:
        if _present(record):
            return None
        checked = record_check(record, exported_at=exported_at)
        for name, link_data in record["links"].items():
            link = _LINKS.get(name)
            if link is None:
                raise ArchiveRefused(f"nothing here restores its {name!r} link")
            if link.verify is not None:
                link.verify(record, link_data, exported_at)
        with transaction.atomic():
            return _restore(record, checked, users)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ArchiveRefused(f"malformed record: {type(exc).__name__}: {exc}") from exc


def matches_import(*, lines: Iterable[str], create_users: bool = False) -> ImportReport:
    """Import every match of an export in one transaction: when any line is refused, nothing is stored
    (the report still names every refused line, each checked as if the ones before it were imported).
    Accounts are linked by username; missing ones are refused unless `create_users`. Raises
    ArchiveRefused when the file is not an export."""
    report = ImportReport()
    users = ArchiveUsers(create=create_users)
    exported_at, records = read_records(lines)
    with transaction.atomic():
        for line in records:
            record = line.record
            key = str(record.get("key", "?")) if record is not None else "?"
            try:
                if record is None:
                    raise ArchiveRefused(line.problem)
                match = match_import(record=record, users=users, exported_at=exported_at)
            except ArchiveRefused as exc:
                report.refused.append((line.number, key, str(exc)))
                continue
            (report.skipped if match is None else report.imported).append(key)
        if report.refused:
            transaction.set_rollback(True)
            report.imported.clear()
        else:
            report.created_users = list(users.created)
    return report
