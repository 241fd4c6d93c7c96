"""Names a human may not play under: the AI players' names and the AI marker shown after them, so no
person can pass as an AI (or an AI's result as a person's) at the table or on a leaderboard."""

from __future__ import annotations

import functools
import re
import unicodedata

from games.errors import NameReserved

# The marker the leaderboard and the tables put after an AI's name, in German, English and Russian.
AI_MARKERS = ("(KI)", "(AI)", "(ИИ)")
_MARKER = re.compile(r"\(\s*(?:ki|ai|ии)\s*\)")

# The names AI seats get when the table's opener gives none, per game and then for any seat left.
DEFAULT_AI_NAMES: dict[str, list[str]] = {
    "preisjass": ["Anna", "Paul", "Mia"],
    "schnapsen": ["Anna"],
}
FALLBACK_AI_NAMES = ["Anna", "Paul", "Mia", "Ben"]


def default_ai_names(game: str) -> list[str]:
    return DEFAULT_AI_NAMES.get(game, FALLBACK_AI_NAMES)


def normalized(name: str) -> str:
    """How names are compared: compatibility forms folded (full-width letters...), case folded,
    whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFKC", str(name)).casefold().split())


@functools.cache
def reserved_names() -> frozenset[str]:
    """Every name an AI plays under: the default seat names and the names the AI registry declares."""
    from games import ai

    names = {*FALLBACK_AI_NAMES, *ai.declared_names()}
    for per_game in DEFAULT_AI_NAMES.values():
        names.update(per_game)
    return frozenset(normalized(n) for n in names)


def reserved_reason(name: str) -> str | None:
    """Why `name` may not be a human's name, or None when it may."""
    plain = normalized(name)
    if _MARKER.search(plain):
        markers = f"{', '.join(AI_MARKERS[:-1])} or {AI_MARKERS[-1]}"
        return f"a player's name may not contain the AI marker {markers}"
    if plain in reserved_names():
        return f"{' '.join(str(name).split())!r} is the name of an AI player; choose another name"
    return None


def check_player_name(name: str) -> None:
    """Raise NameReserved when a human may not use `name`."""
    reason = reserved_reason(name)
    if reason is not None:
        raise NameReserved(reason)
