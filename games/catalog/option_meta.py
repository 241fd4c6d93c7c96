"""How each engine's rule options are shown (the meaning is in default_options()/normalize_options() of
games/engine/*): a label, and the input that fits: a select for a known set of values, a checkbox for a
boolean, a number field with the engine's bounds. Each game's pack declares its options' metadata
(`GamePack.options`, labels marked for the catalogue and translated here). The new-game dialog and the
league form both use it; the engine still validates whatever comes back."""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, gettext

from games import packs
from games.engine import get_rules
from games.packs.base import Text, in_language


def _shown(text: Text) -> str:
    """A pack's text in the active language: its own words for it, or the catalogue's translation."""
    if isinstance(text, str):
        return gettext(text)
    return in_language(text, get_language() or "en")


def option_fields(game: str) -> list[dict[str, Any]]:
    """The game's options in the active language, one dict per option, defaults from the engine:
    {"key", "label", "kind" ("bool", "choice", "number", "string" or "json"), "default", and "choices",
    "min", "max", "help" where they apply}. An option its pack does not describe is named by its key;
    one it marks `offered: False` is left out (the engine's default then holds)."""
    found = packs.find(game)
    described = found.options if found is not None else {}
    fields = []
    for key, default in get_rules(game).default_options().items():
        meta = described.get(key, {})
        if not meta.get("offered", True):
            continue
        label = _shown(meta["label"]) if "label" in meta else key
        field: dict[str, Any] = {"key": key, "label": label, "default": default}
        if isinstance(default, bool):
            field["kind"] = "bool"
        elif "choices" in meta:
            field["kind"] = "choice"
            field["choices"] = [[value, _shown(text)] for value, text in meta["choices"]]
        elif isinstance(default, int):
            field["kind"] = "number"
            field.update({k: meta[k] for k in ("min", "max") if k in meta})
        else:
            field["kind"] = "string" if isinstance(default, str) else "json"
        if "help" in meta:
            field["help"] = _shown(meta["help"])
        fields.append(field)
    return fields
