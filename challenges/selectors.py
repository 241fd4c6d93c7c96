"""Reads of the daily challenge: today's challenges, the standings of a field, results, the field's
play per deal, the archive and the monthly table.

The standings of a challenge are ranked from its finished entries (challenges.standings) once per
change: they are cached under the challenge's `results_version`, which every finished entry bumps."""

from __future__ import annotations

import datetime as dt
import threading
from typing import Any

from django.core.cache import cache
from django.db.models import Avg, Count, Q, QuerySet
from django.utils import timezone

from challenges import days
from challenges.models import Challenge, Entry
from challenges.standings import Card, Field, Standings
from games import packs
from games.identity.entries import HELD
from games.models import Match

JSON = dict[str, Any]
#: the rows a results page shows (the player's own row comes on top of them)
TOP = 100
#: the challenges a player must have finished in a month to appear in its table
MONTHLY_MINIMUM = 5
CACHE_SECONDS = 3600


def open_challenges(now: dt.datetime | None = None) -> list[Challenge]:
    now = now or timezone.now()
    qs = Challenge.objects.filter(closed_at__isnull=True, opens_at__lte=now, closes_at__gt=now)
    return sorted(_counted(qs), key=lambda c: (packs.pack(c.game).order, c.game))


def _counted(qs: QuerySet[Challenge]) -> QuerySet[Challenge]:
    """With `played`: how many have finished it."""
    return qs.annotate(played=Count("entries", filter=Q(entries__finished_at__isnull=False)))


def challenge_get(challenge_id: int) -> Challenge:
    from challenges.errors import NotFound

    challenge = _counted(Challenge.objects.filter(pk=challenge_id)).first()
    if challenge is None:
        raise NotFound(f"no challenge {challenge_id}")
    return challenge


def ranked_entries(challenge: Challenge) -> QuerySet[Entry]:
    """The finished entries that count: not held for staff (two accounts of one person)."""
    held = Match.objects.filter(HELD).values("pk")
    return Entry.objects.filter(challenge=challenge, finished_at__isnull=False).exclude(match_id__in=held)


def standings(challenge: Challenge) -> Standings:
    key = f"challenge-standings:{challenge.pk}:{challenge.results_version}"
    found: Standings | None = cache.get(key)
    if found is not None:
        return found
    with _fields_lock:  # a Field is changed in place: one thread at a time per process
        ranked = field_of(challenge).rank()
    cache.set(key, ranked, CACHE_SECONDS)
    return ranked


#: per challenge, its finished entries' figures as last read by this process (challenges.standings.Field)
_fields: dict[tuple[int, str, int], Field] = {}
#: the challenges whose field a process keeps (the open ones of a day, and a few closed ones)
FIELDS_KEPT = 32
_fields_lock = threading.Lock()


def held_entries(challenge: Challenge) -> set[int]:
    """The finished entries held for staff (two accounts of one person): few, usually none."""
    held = Match.objects.filter(HELD).values("pk")
    rows = Entry.objects.filter(challenge=challenge, finished_at__isnull=False, match_id__in=held)
    return set(rows.values_list("pk", flat=True))


def field_of(challenge: Challenge) -> Field:
    """The challenge's ranked entries now. A process keeps the field it read and reads only the
    entries numbered since (`Entry.ranked_seq` above the version it knows); the held ones are read
    every time (a query that finds none, as a rule), and when they changed, or the figures were wiped
    (`field_generation`), the whole field is read again."""
    # the commitment too: a challenge id is never reused, but a test database's can be
    kept = (challenge.pk, challenge.commitment, challenge.field_generation)
    field = _fields.get(kept)
    held = held_entries(challenge)
    entries = ranked_entries(challenge).exclude(pk__in=held)
    if field is None or field.deals != challenge.deals or field.held != held:
        field = Field(challenge.deals)
        field.held = held
        rows = list(entries.values_list("pk", "finished_at", "scores", "ranked_seq"))
    else:
        rows = list(
            entries.filter(ranked_seq__gt=field.version).values_list(
                "pk", "finished_at", "scores", "ranked_seq"
            )
        )
    cards = [Card(entry=pk, finished=at, scores=tuple(scores or ())) for pk, at, scores, _ in rows]
    field.sync(field.known | {card.entry for card in cards}, cards)
    field.version = max([field.version, *(seq or 0 for *_, seq in rows)])
    _fields.pop(kept, None)
    _fields[kept] = field
    while len(_fields) > FIELDS_KEPT:
        del _fields[next(iter(_fields))]
    return field


def entry_of(challenge: Challenge, user: Any) -> Entry | None:
    if user is None or not user.is_authenticated:
        return None
    return Entry.objects.select_related("match", "user").filter(challenge=challenge, user=user).first()


def _name(entry: Entry) -> str:
    return str(getattr(entry.user, "display_name", "") or entry.user.get_username())


def _row(entry: Entry, place: int | None, halves: int | None, ranked: Standings) -> JSON:
    scores = entry.scores or []
    return {
        "rank": place,
        "name": _name(entry),
        "username": entry.user.get_username(),
        "score": number(sum(scores)),
        "percent": pct(ranked.percent(halves)) if halves is not None else None,
        "finished_at": entry.finished_at.isoformat() if entry.finished_at else None,
        "match": entry.match_id,
        "deals": [
            {"score": number(s), "percent": pct(ranked.deal_percent(d, s))} for d, s in enumerate(scores)
        ],
    }


def number(value: float) -> float | int:
    value = round(float(value), 2)
    return int(value) if value == int(value) else value


def pct(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def results(challenge: Challenge, user: Any = None, limit: int = TOP) -> JSON:
    """The top `limit` of the field and the asking player's own row. While the challenge is open
    only finished players read it (they have met every deal); everyone after the close."""
    ranked = standings(challenge)
    rows = top_rows(challenge, ranked, limit)
    mine = entry_of(challenge, user)
    me = None
    if mine is not None and mine.finished_at is not None:
        place = ranked.place_of(mine.pk)
        halves = ranked.halves[place - 1] if place is not None else None
        me = _row(mine, place, halves, ranked)
    return {
        "challenge": challenge.pk,
        "entries": ranked.entries,
        "results": rows,
        "me": me,
        "par": par_payload(challenge, ranked),
    }


def top_rows(challenge: Challenge, ranked: Standings, limit: int = TOP) -> list[JSON]:
    """The rows of the top `limit`, the same for every reader: built once per results_version."""
    key = f"challenge-top:{challenge.pk}:{challenge.results_version}:{limit}"
    found: list[JSON] | None = cache.get(key)
    if found is not None:
        return found
    top_ids = list(ranked.order[:limit])
    by_id = {e.pk: e for e in Entry.objects.select_related("user").defer("deal_rows").filter(pk__in=top_ids)}
    rows = [_row(by_id[pk], i + 1, ranked.halves[i], ranked) for i, pk in enumerate(top_ids)]
    cache.set(key, rows, CACHE_SECONDS)
    return rows


def par_figures(challenge: Challenge, match: Match, open_best: dict[int, tuple[float, bool]]) -> JSON:
    """What the par shows (stored on the challenge once it is played): the AI's scores per deal in
    the player's seat and the best score with all hands open."""
    from challenges.projection import figures
    from games.models import MatchEvent

    events = list(MatchEvent.objects.filter(match_id=match.pk).order_by("seq").values_list("data", flat=True))
    scores, _ = figures(match.game, events, challenge.seat, challenge.deals)
    best = [open_best.get(d + 1) for d in range(challenge.deals)]
    return {
        "scores": scores,
        "open_best": [None if b is None else {"value": b[0], "exact": b[1]} for b in best],
    }


def par_payload(challenge: Challenge, ranked: Standings) -> JSON | None:
    if challenge.par is None:
        return None
    scores = challenge.par["scores"]
    percents = [ranked.outside_percent(d, s) for d, s in enumerate(scores)]
    return {
        "score": number(sum(scores)),
        "match": challenge.par_match_id,
        "deals": [
            {"score": number(s), "percent": pct(p), "open_best": ob}
            for s, p, ob in zip(scores, percents, challenge.par["open_best"], strict=True)
        ],
    }


def challenge_payload(challenge: Challenge) -> JSON:
    """The public facts of a challenge; the seed once it is closed."""
    return {
        "id": challenge.pk,
        "game": challenge.game,
        "day": challenge.day.isoformat(),
        "opens_at": challenge.opens_at.isoformat(),
        "closes_at": challenge.closes_at.isoformat(),
        "deals": challenge.deals,
        "seat": challenge.seat,
        "ai_version": challenge.ai_version,
        "commitment": challenge.commitment,
        "entries": Entry.objects.filter(challenge=challenge).count(),
        "played": getattr(challenge, "played", None),
        "open": challenge.is_open,
        "seed": challenge.revealed_seed,
    }


def archive(limit: int = 60) -> list[Challenge]:
    """The closed challenges, newest first."""
    return list(_counted(Challenge.objects.filter(closed_at__isnull=False)).order_by("-day", "game")[:limit])


def winners(challenges: list[Challenge]) -> dict[int, Entry]:
    rows = Entry.objects.filter(challenge__in=challenges, place=1).select_related("user")
    return {e.challenge_id: e for e in rows}


def monthly(year: int, month: int, minimum: int = MONTHLY_MINIMUM, limit: int = TOP) -> list[JSON]:
    """The month's table over every game: each player's average final percentage over the closed
    challenges they finished, at least `minimum` of them; ties to whoever played more."""
    first, nxt = days.month_span(year, month)
    rows = (
        Entry.objects.filter(percent__isnull=False, challenge__day__gte=first, challenge__day__lt=nxt)
        .values("user_id", "user__username", "user__display_name")
        .annotate(average=Avg("percent"), played=Count("pk"))
        .filter(played__gte=minimum)
        .order_by("-average", "-played", "user__username")[:limit]
    )
    return [
        {
            "rank": place,
            "name": row["user__display_name"] or row["user__username"],
            "username": row["user__username"],
            "percent": round(row["average"], 1),
            "challenges": row["played"],
        }
        for place, row in enumerate(rows, start=1)
    ]


def field_play(challenge: Challenge, language: str) -> list[JSON]:
    """Per deal, how the field played it (after the close): how many entries made each (contract,
    score), most common first; the contract worded by the game's pack."""
    contract = packs.pack(challenge.game).challenge
    if contract is None:
        return []
    key = f"challenge-field:{challenge.pk}:{challenge.results_version}:{language}"
    cached: list[JSON] | None = cache.get(key)
    if cached is not None:
        return cached
    tallies: list[dict[tuple[str, float], int]] = [{} for _ in range(challenge.deals)]
    for scores, rows in ranked_entries(challenge).values_list("scores", "deal_rows"):
        for d, (score, row) in enumerate(zip(scores or (), rows or (), strict=True)):
            label = contract.contract(row, challenge.seat, language)
            tallies[d][(label, score)] = tallies[d].get((label, score), 0) + 1
    out = []
    for d, tally in enumerate(tallies):
        total = sum(tally.values()) or 1
        bars = sorted(tally.items(), key=lambda kv: (-kv[1], -kv[0][1], kv[0][0]))
        out.append(
            {
                "deal": d + 1,
                "bars": [
                    {"contract": c, "score": number(s), "count": n, "share": round(100 * n / total, 1)}
                    for (c, s), n in bars
                ],
            }
        )
    cache.set(key, out, CACHE_SECONDS)
    return out


def best_entry(challenge: Challenge) -> Entry | None:
    ranked = standings(challenge)
    if not ranked.order:
        return None
    return Entry.objects.select_related("user").filter(pk=ranked.order[0]).first()


def challenge_of_match(match_id: int) -> Challenge | None:
    """The challenge a match is an entry of, or None."""
    entry = Entry.objects.select_related("challenge").filter(match_id=match_id).first()
    return entry.challenge if entry is not None else None
