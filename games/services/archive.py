"""Export matches as event logs, and import them again: the independent, verifiable backup.

The export is JSON lines: a header line, then one self-contained line per match with its metadata
(game, options, status, times, seed and commitment, seats with usernames, guest names and AI versions),
its whole event log, and what other apps link to it (the leagues: league, season, members, round).
The import re-creates missing users (unusable password), re-creates each match and appends its events
through the event store (`games.services.store`), after checking that every deal follows from the seed
(`games.fairness.verify`) and that the log replays through the engine to the stored status. A match
that fails a check is refused and reported, and nothing of it is stored. A match already present (same
archive key) is skipped, so an import can be repeated.

The export holds every exported match's seed and its guests' seat tokens: keep it as safe as the
database dump. Events get their insertion time at import (events are append-only: nothing rewrites a
stored row); the match's own times are restored.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import fairness
from games.engine import IllegalAction, available_games, get_rules
from games.models import Match, MatchEvent, MatchStatus, Seat, SeatKind
from games.services.store import Pending, apply_checked, store

FORMAT = "kartentisch-matches"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class ArchiveLink:
    """What another app links to a match (the leagues: its league, season and round). `export` returns
    JSON-able data or None (no link); `restore` re-creates the link inside the match's import
    transaction, raising ArchiveRefused when it cannot."""

    name: str
    export: Callable[[Match], dict[str, Any] | None]
    restore: Callable[[Match, dict[str, Any]], None]


_LINKS: dict[str, ArchiveLink] = {}


def archive_link_register(link: ArchiveLink) -> None:
    _LINKS[link.name] = link


class ArchiveRefused(Exception):
    """A match of the export that is not imported, with the reason."""


@dataclass
class ImportReport:
    imported: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)


# --- keys and values --------------------------------------------------------------------------------


def _when(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def parse_when(value: str | None) -> dt.datetime | None:
    return dt.datetime.fromisoformat(value) if value else None


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


def user_restore(*, username: str, display_name: str) -> Any:
    """The account named `username`, created without a usable password when it is missing."""
    model = get_user_model()
    user = model.objects.filter(username=username).first()
    if user is None:
        user = model(username=username, display_name=display_name or username)
        user.set_unusable_password()
        user.save()
    return user


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
        "origin_browser": seat.origin_browser,
        "origin_session": seat.origin_session,
        "origin_address": seat.origin_address,
        "origin_device": seat.origin_device,
        "joined_at": _when(seat.joined_at),
        "left": seat.left,
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
            "seed": match.seed,
            "seed_commitment": match.seed_commitment,
            "embargoed": match.embargoed,
            "deal_event": bool(match.deal_event),
            "version": match.version,
            "move_timer": match.move_timer,
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


def read_records(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    """The match lines of an export, after checking its header. Raises ArchiveRefused on a file that is
    not an export of this format."""
    it = iter(lines)
    try:
        header = json.loads(next(it))
    except (StopIteration, json.JSONDecodeError) as exc:
        raise ArchiveRefused("not a match export: the first line is not its JSON header") from exc
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ArchiveRefused(f"not a match export: the header does not name the format {FORMAT!r}")
    if header.get("version") != FORMAT_VERSION:
        raise ArchiveRefused(f"export format version {header.get('version')!r} is not {FORMAT_VERSION}")
    for number, line in enumerate(it, start=2):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ArchiveRefused(f"line {number} is not JSON: {exc}") from exc
        yield record


def _check(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The record's event data, after the checks: the deals follow from the seed, the log replays
    through the engine, and the replay ends where the stored status says. Raises ArchiveRefused."""
    meta, events = record["match"], record["events"]
    if meta["game"] not in available_games():
        raise ArchiveRefused(f"no engine for the game {meta['game']!r}")
    if [e["seq"] for e in events] != list(range(1, len(events) + 1)) or len(events) != meta["version"]:
        raise ArchiveRefused("the event log has gaps or does not end at the match's version")
    data = [e["data"] for e in events]
    if data and (data[0].get("type") != "start" or data[0].get("game") != meta["game"]):
        raise ArchiveRefused(f"the log does not begin with the start event of a {meta['game']} match")
    if data:
        try:
            problems = fairness.verify(data, meta["seed"], meta["seed_commitment"])
        except IllegalAction as exc:
            raise ArchiveRefused(f"its start event does not replay: {exc.reason}") from exc
        if problems:
            raise ArchiveRefused("its deals do not follow from its seed: " + "; ".join(problems))
    elif fairness.commitment(meta["seed"]) != meta["seed_commitment"]:
        raise ArchiveRefused("the seed does not match the published commitment")
    return data


def _restore_seat(match: Match, spec: dict[str, Any]) -> None:
    seat = Seat(
        match=match,
        index=spec["index"],
        kind=spec["kind"],
        guest_token=spec.get("guest_token") or "",
        display_name=spec["display_name"],
        ai_version=spec["ai_version"],
        origin_browser=spec["origin_browser"],
        origin_session=spec["origin_session"],
        origin_address=spec.get("origin_address") or "",
        origin_device=spec.get("origin_device") or "",
        joined_at=parse_when(spec["joined_at"]),
        left=spec["left"],
    )
    if spec["username"]:
        seat.user = user_restore(username=spec["username"], display_name=spec["user_display_name"] or "")
    seat.save()


def _restore(record: dict[str, Any], data: list[dict[str, Any]]) -> Match:
    meta = record["match"]
    creator = None
    if meta["created_by"]:
        creator = user_restore(
            username=meta["created_by"], display_name=meta["created_by_display_name"] or ""
        )
    match = Match.objects.create(
        game=meta["game"],
        options=meta["options"],
        status=MatchStatus.RUNNING if data else meta["status"],
        created_by=creator,
        created_by_guest=meta["created_by_guest"],
        ai_version=meta["ai_version"],
        spectators_allowed=meta["spectators_allowed"],
        practice=meta["practice"],
        ranked=meta["ranked"],
        seed=meta["seed"],
        seed_commitment=meta["seed_commitment"],
        embargoed=meta["embargoed"],
        # One table of a shared-deal event: its seed's commitment is the event (older files: embargoed).
        deal_event=meta["seed_commitment"] if meta.get("deal_event", meta["embargoed"]) else "",
        move_timer=meta["move_timer"],
    )
    for spec in record["seats"]:
        _restore_seat(match, spec)
    if data:
        rules = get_rules(match.game)
        state = rules.initial_state(data[0])
        pending = Pending(base_seq=0)
        pending.add(data[0])
        for event, row in zip(data[1:], record["events"][1:], strict=True):
            try:
                state = apply_checked(match, state, event)
            except IllegalAction as exc:
                raise ArchiveRefused(f"event {row['seq']} does not replay: {exc.reason}") from exc
            pending.add(event, row["seat"], row["command_id"])
        finished = state.to_move is None
        if finished != (meta["status"] == MatchStatus.FINISHED):
            raise ArchiveRefused(
                f"the log {'ends' if finished else 'does not end'} but the match is {meta['status']}"
            )
        store(match, pending, state)
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
        link = _LINKS.get(name)
        if link is None:
            raise ArchiveRefused(f"nothing here restores its {name!r} link")
        link.restore(match, link_data)
    return match


def _present(record: dict[str, Any]) -> bool:
    candidates = Match.objects.filter(seed_commitment=record["match"]["seed_commitment"])
    return any(archive_key(m) == record["key"] for m in candidates.prefetch_related("seats__user"))


def match_import(*, record: dict[str, Any]) -> Match | None:
    """Re-create one exported match, checked; None when it is already present. Raises ArchiveRefused
    (nothing stored) when it does not verify, replay or fit."""
    try:
        if _present(record):
            return None
        data = _check(record)
        with transaction.atomic():
            return _restore(record, data)
    except (KeyError, TypeError, ValueError) as exc:
        raise ArchiveRefused(f"malformed record: {type(exc).__name__}: {exc}") from exc


def matches_import(*, lines: Iterable[str]) -> ImportReport:
    """Import every match of an export; each one on its own (a refused match stores nothing and the
    others go on). Raises ArchiveRefused when the file is not an export."""
    report = ImportReport()
    for record in read_records(lines):
        key = str(record.get("key", "?")) if isinstance(record, dict) else "?"
        try:
            if not isinstance(record, dict):
                raise ArchiveRefused("a match line is not a JSON object")
            match = match_import(record=record)
        except ArchiveRefused as exc:
            report.refused.append((key, str(exc)))
            continue
        (report.skipped if match is None else report.imported).append(key)
    return report
