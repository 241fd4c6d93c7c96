"""How each engine's rule options are shown (the meaning is in default_options()/normalize_options() of
games/engine/*): a label, and the input that fits: a select for a known set of values, a checkbox for a
boolean, a number field with the engine's bounds. The new-game dialog and the league form both use it;
the engine still validates whatever comes back."""

from __future__ import annotations

from typing import Any, TypedDict

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.engine import get_rules


class OptionMeta(TypedDict, total=False):
    label: str | Promise
    help: str | Promise
    min: int
    max: int
    choices: list[tuple[Any, str | Promise]]


OPTION_META: dict[str, OptionMeta] = {
    "start_score": {
        "label": _("Bummerl points to start from"),
        "min": 1,
        "max": 21,
        "help": _("Each seat counts down from this number; 7 is the usual match."),
    },
    "first_dealer": {"label": _("First dealer"), "choices": [(0, _("Seat 1")), (1, _("Seat 2"))]},
    "deals": {"label": _("Number of deals"), "min": 1, "max": 300},
    "players": {"label": _("Number of players"), "choices": [(3, "3"), (4, _("4 (the dealer sits out)"))]},
    "pool": {"label": _("Pool size"), "choices": [(10, "10"), (20, "20"), (30, "30")]},
    "variant": {
        "label": _("Variant"),
        "choices": [("sochi", _("Sotschi")), ("leningrad", _("Leningrad")), ("rostov", _("Rostow"))],
    },
    "ascending_raspasy": {"label": _("Ascending raspasy (×1, ×2, ×3)")},
    "max_deals": {"label": _("Deals at most"), "min": 1, "max": 10000},
}


def option_fields(game: str) -> list[dict[str, Any]]:
    """The game's options in the active language, one dict per option, defaults from the engine:
    {"key", "label", "kind" ("bool", "choice", "number", "string" or "json"), "default", and "choices",
    "min", "max", "help" where they apply}. An option missing from OPTION_META is named by its key."""
    fields = []
    for key, default in get_rules(game).default_options().items():
        meta = OPTION_META.get(key, {})
        field: dict[str, Any] = {"key": key, "label": str(meta.get("label", key)), "default": default}
        if isinstance(default, bool):
            field["kind"] = "bool"
        elif "choices" in meta:
            field["kind"] = "choice"
            field["choices"] = [[value, str(text)] for value, text in meta["choices"]]
        elif isinstance(default, int):
            field["kind"] = "number"
            field.update({k: meta[k] for k in ("min", "max") if k in meta})
        else:
            field["kind"] = "string" if isinstance(default, str) else "json"
        if "help" in meta:
            field["help"] = str(meta["help"])
        fields.append(field)
    return fields
