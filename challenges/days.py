"""The challenge day: midnight to midnight in Vienna (settings.CHALLENGE_TIME_ZONE)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone


def zone() -> ZoneInfo:
    return ZoneInfo(settings.CHALLENGE_TIME_ZONE)


def day_of(moment: dt.datetime) -> dt.date:
    """The challenge day `moment` (aware) falls on."""
    return moment.astimezone(zone()).date()


def today() -> dt.date:
    return day_of(timezone.now())


def day_span(day: dt.date) -> tuple[dt.datetime, dt.datetime]:
    """When the challenges of `day` open and close: local midnight to the next local midnight (23 or
    25 hours on the days the clocks change)."""
    opens = dt.datetime.combine(day, dt.time(0), tzinfo=zone())
    closes = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(0), tzinfo=zone())
    return opens.astimezone(dt.UTC), closes.astimezone(dt.UTC)


def month_span(year: int, month: int) -> tuple[dt.date, dt.date]:
    """The first day of the month and the first day of the next."""
    first = dt.date(year, month, 1)
    nxt = dt.date(year + (month == 12), month % 12 + 1, 1)
    return first, nxt
