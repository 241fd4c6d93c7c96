"""An AI level's strength in words a player understands, in the active language: "Dora — gewinnt 66 % der
Bummerl gegen Anton (95 %-Bereich 60–72 %)", "Bernd — holt im Schnitt 49 Punkte pro Spiel, Anton 39
(95 %-Bereich 47–51)". The figures come from games/catalog/ai_strength.py; the site shows these words in the
new-game dialog, the Preisjass quick start (both through GET /api/games/) and the league pages."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.ai.revisions import level_of
from games.catalog.ai_ladder import Rung, rung
from games.catalog.ai_strength import Strength, ai_choices

# what one figure says, per unit: %(mean)s, %(reference)s (Anton's own figure) and %(range)s
_UNIT_WORDS = {
    "bummerl_win_percent": lambda: _("wins %(mean)s%% of Bummerls against Anton (95%% range %(range)s%%)"),
    "points_per_game": lambda: _(
        "scores %(mean)s points per game on average, Anton %(reference)s (95%% range %(range)s)"
    ),
    "whists_per_deal": lambda: _(
        "gains %(mean)s whists per deal on average against Anton, Anton %(reference)s (95%% range %(range)s)"
    ),
    "points_per_deal": lambda: _(
        "gains %(mean)s points per deal on average against Anton, Anton %(reference)s (95%% range %(range)s)"
    ),
}
# per-deal balances are won or lost: a gain shows its sign
_SIGNED = frozenset({"whists_per_deal", "points_per_deal"})


# The levels' names in the reader's script ("Дора" in Russian); a level not listed is named after its key.
_LEVEL_NAMES = {
    "lena": gettext_lazy("Lena"),
    "anton": gettext_lazy("Anton"),
    "bernd": gettext_lazy("Bernd"),
    "carla": gettext_lazy("Carla"),
    "dora": gettext_lazy("Dora"),
}


def version_name(version: str) -> str:
    """ "Dora" for "dora", "Dora 2" for its second revision "dora.2" (games/ai/revisions.py), in the
    active language's script."""
    level, revision = level_of(version)
    name = str(_LEVEL_NAMES[level]) if level in _LEVEL_NAMES else level[:1].upper() + level[1:]
    return name if revision <= 1 else f"{name} {revision}"


def _decimals(low: float, high: float) -> int:
    """As many decimals as the interval's width needs: none for 60–72, one for 0.8–1.9, two below."""
    width = high - low
    return 0 if width >= 3 else 1 if width >= 0.3 else 2


def _number(value: float, decimals: int, signed: bool = False) -> str:
    rounded = Decimal(str(value)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    if rounded == 0:
        rounded = abs(rounded)  # no "-0"
    text = number_format(rounded, decimals, use_l10n=True)
    return f"+{text}" if signed and rounded > 0 else text


def _range(low: str, high: str, negative: bool) -> str:
    # "60–72", but "-0.2 to 0.5": a dash next to a minus sign reads as a second minus
    return _("%(low)s to %(high)s") % {"low": low, "high": high} if negative else f"{low}–{high}"


def _figures(
    unit: str, mean: float, low: float | None, high: float | None, reference: float
) -> dict[str, str]:
    """The numbers of one figure as the words show them: mean, Anton's reference and the range."""
    low = low if low is not None else mean
    high = high if high is not None else mean
    decimals = _decimals(low, high) if low != high else 1
    return {
        "mean": _number(mean, decimals, unit in _SIGNED),
        "reference": _number(reference, 0 if reference == int(reference) else decimals),
        "range": _range(_number(low, decimals), _number(high, decimals), low < 0),
    }


def level_words(choice: Strength) -> str:
    """The level's figure in words, or what it is when it has none ("baseline", "not measured yet")."""
    if choice.level == "reference":
        return _("baseline (reference)")
    if choice.mean is None or choice.unit not in _UNIT_WORDS:
        return _("not measured yet")
    reference = choice.reference_mean if choice.reference_mean is not None else 0.0
    return _UNIT_WORDS[choice.unit]() % _figures(choice.unit, choice.mean, choice.low, choice.high, reference)


def choice_label(choice: Strength) -> str:
    """One line for a select: "Dora — gewinnt 66 % der Bummerl gegen Anton (95 %-Bereich 60–72 %)"."""
    return f"{version_name(choice.version)} — {level_words(choice)}"


def measured_on_words(choice: Strength) -> str:
    """How the figure was measured, for the line under a select: sets, rules and AI version, and the
    rerun on other deals when there is one."""
    if choice.mean is None or choice.unit is None or choice.pairs is None or choice.rules_version is None:
        return ""
    words = _(
        "Measured in %(pairs)s duplicate sets against Anton, rules version %(rules)s, AI version %(version)s."
    ) % {
        "pairs": choice.pairs,
        "rules": choice.rules_version,
        "version": version_name(choice.ai_version or choice.version),
    }
    rerun = choice.rerun or {}
    if "mean" not in rerun:
        return words
    figures = _figures(choice.unit, rerun["mean"], rerun.get("low"), rerun.get("high"), 0.0)
    if choice.unit == "bummerl_win_percent":
        rerun_words = _("A rerun on other deals: %(mean)s%% (95%% range %(range)s%%).")
    else:
        rerun_words = _("A rerun on other deals: %(mean)s (95%% range %(range)s).")
    return f"{words} {rerun_words % figures}"


def level_label(game: str, version: str) -> str:
    """The select line of `version` of `game` (its name alone when it is no longer offered)."""
    choice = next((c for c in ai_choices(game) if c.version == version), None)
    return choice_label(choice) if choice is not None else version_name(version)


def ladder_words(place: Rung | None) -> str:
    """A level's ladder rating in words: "Ladder rating +27.4 (95% range 23.1–31.7) from 90 duplicate
    sets against the other levels", or "" when it has none. The rating is in the game's unit with Anton
    at 0 (games/catalog/ai_ladder.py), so it is signed like the figures against Anton."""
    if place is None:
        return ""
    return _(
        "Ladder rating %(rating)s (95%% range %(range)s) "
        "from %(sets)s duplicate sets against the other levels"
    ) % {
        "rating": _number(place.rating, 1, signed=True),
        "range": _rung_range(place),
        "sets": place.sets,
    }


def ladder_short(place: Rung | None) -> str:
    """A level's ladder rating in a list of the levels: "rating +27.4 (95% range 23.1–31.7)", or ""."""
    if place is None:
        return ""
    return _("rating %(rating)s (95%% range %(range)s)") % {
        "rating": _number(place.rating, 1, signed=True),
        "range": _rung_range(place),
    }


def _rung_range(place: Rung) -> str:
    """The interval of a rating, kept on one line (a word joiner on each side of the dash: a phone
    breaks the line before the range, not inside it)."""
    text = _range(_number(place.low, 1), _number(place.high, 1), place.low < 0)
    return text.replace("–", "\u2060–\u2060")


def choice_json(game: str, choice: Strength) -> dict[str, object]:
    """A choice for the API: its figures and how they were measured, its place on the game's ladder, and
    the words in the request's language."""
    place = rung(game, choice.version)
    return {
        **choice.to_json(),
        "name": version_name(choice.version),
        "words": level_words(choice),
        "label": choice_label(choice),
        "measured_on": measured_on_words(choice),
        "ladder": place.to_json() if place is not None else None,
        "ladder_words": ladder_words(place),
        "ladder_short": ladder_short(place),
    }
