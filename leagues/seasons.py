"""The window a season's dates must lie in: one rule for every way a season is made or edited (the API
and the league form through `league_create`, the admin through `Season.clean`, the restore of an
export, the rollover of a recurring league). A season lasts at most two years and ends at most two
years from today, so no date reaches the end of the calendar (9999-12-31 once overflowed the
projection) and no league runs for ever."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# Two years to the day, with a leap day: the longest a season lasts, and how far ahead it may end.
MAX_SEASON_DAYS = 731


def season_dates_check(*, starts_on: dt.date, ends_on: dt.date, today: dt.date) -> None:
    """Raise ValidationError (translated, with a code) unless the dates make a season."""
    if ends_on < starts_on:
        raise ValidationError(_("The season must end on or after its first day."), code="season_order")
    if (ends_on - starts_on).days >= MAX_SEASON_DAYS:
        last = starts_on + dt.timedelta(days=MAX_SEASON_DAYS - 1)
        raise ValidationError(
            _("A season lasts at most two years: from %(starts)s it ends on %(last)s at the latest."),
            code="season_too_long",
            params={"starts": _day(starts_on), "last": _day(last)},
        )
    latest = today + dt.timedelta(days=MAX_SEASON_DAYS - 1)
    if ends_on > latest:
        raise ValidationError(
            _("A season ends at most two years from today: on %(last)s at the latest."),
            code="season_too_far",
            params={"last": _day(latest)},
        )


def season_next_length(length: dt.timedelta) -> dt.timedelta:
    """How long the next season of a recurring league lasts (end minus start): as long as the last one,
    but never longer than the window (a season stored before the rule may be)."""
    return min(length, dt.timedelta(days=MAX_SEASON_DAYS - 1))


def _day(day: dt.date) -> str:
    # ISO, as the form's date fields show it in every language (and the API reads it).
    return day.isoformat()
