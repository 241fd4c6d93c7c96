"""Names a human may not play under: the AI players' names and the AI marker shown after them, so no
person can pass as an AI (or an AI's result as a person's) at the table or on a leaderboard.

A name is compared by what it looks like, not by its code points (Unicode TR39, "confusable
detection"): it is cleaned (`cleaned`), folded to its NFKC form, and reduced to its confusables
skeleton by ICU's spoof checker, which maps every character to the prototype it is drawn like (a
Cyrillic "А" or a Greek "Α" to a Latin "A", a Greek "Ι" and a digit "1" to an "l", "m" to "rn"). The
skeletons are taken of the name as typed, lower-cased and upper-cased, so case makes no difference.
Two names with a common skeleton look alike; a name that looks like an AI's name, or contains a
look-alike of the marker, is refused.
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass

import icu

from games import packs
from games.errors import NameReserved

# The marker the leaderboard and the tables put after an AI's name, in German, English and Russian.
AI_MARKERS = ("(KI)", "(AI)", "(ИИ)")

# The names AI seats get when the table's opener gives none: the game pack's `ai_names`, then these
# for any seat left.
FALLBACK_AI_NAMES = ["Anna", "Paul", "Mia", "Ben"]

# Characters that no name shows but that change how it is read or drawn: Unicode's default-ignorable
# code points (zero-width space and joiners, soft hyphen, word joiner, variation selectors, Hangul
# fillers, tags...), the BiDi controls (overrides, embeddings, isolates, direction marks) and the other
# control characters. Whitespace is kept here and collapsed by `cleaned`.
_INVISIBLE = {
    ord(c): None
    for c in icu.UnicodeSet(r"[[[:Default_Ignorable_Code_Point:][:Bidi_Control:][:Cc:]]-[:White_Space:]]")
}
# Drawn as a blank but not whitespace to Unicode: compared as a space.
_BLANKS = {0x2800: " "}  # BRAILLE PATTERN BLANK

_SPOOF = icu.SpoofChecker()


def default_ai_names(game: str) -> list[str]:
    found = packs.find(game)
    return list(found.ai_names) if found is not None and found.ai_names else FALLBACK_AI_NAMES


def cleaned(name: str) -> str:
    """The name as it is stored and shown: without invisible, BiDi control and other control
    characters, whitespace collapsed. An override (U+202E) would turn around the text drawn after it,
    on every screen that shows the name, so such characters are dropped rather than kept."""
    return " ".join(str(name).translate(_INVISIBLE).split())


def _folded(name: str) -> str:
    # NFKC folds full-width and mathematical letters, ligatures, ...; it can make a character that is
    # invisible (a half-width Hangul filler becomes the default-ignorable Hangul filler): clean again.
    folded = unicodedata.normalize("NFKC", cleaned(name)).translate(_BLANKS)
    return cleaned(folded)


def skeletons(name: str) -> frozenset[str]:
    """What `name` looks like: the TR39 skeletons of its folded form as typed, lower- and upper-cased.
    Names that share a skeleton are confusable."""
    folded = _folded(name)
    return frozenset(_SPOOF.getSkeleton(0, form) for form in (folded, folded.casefold(), folded.upper()))


def _ai_names() -> set[str]:
    """Every name an AI plays under: the default seat names and the names the AI registry declares."""
    from games import ai

    names = {*FALLBACK_AI_NAMES, *ai.declared_names()}
    for pack in packs.all_packs():
        names.update(pack.ai_names)
    return names


@functools.cache
def _reserved_skeletons() -> dict[str, str]:
    """Each skeleton of an AI's name, with that name (the shown spelling "Anton" before the key "anton")."""
    return {skeleton: name for name in sorted(_ai_names(), reverse=True) for skeleton in skeletons(name)}


@functools.cache
def _marker_skeletons() -> dict[str, str]:
    return {skeleton: marker for marker in AI_MARKERS for skeleton in skeletons(marker)}


@dataclass(frozen=True)
class Reserved:
    """Why a name is a human's no more: it holds a look-alike of the AI `marker`, or it is (`same`) or
    looks like the AI name `ai_name`."""

    marker: str = ""
    ai_name: str = ""
    same: bool = False


def reserved_match(name: str) -> Reserved | None:
    """What of the AIs' `name` is or looks like; None when a human may play under it."""
    folded = _folded(name)
    # The marker anywhere in the name, whatever the spaces inside it ("( ai )").
    compact = skeletons("".join(folded.split()))
    for skeleton, marker in _marker_skeletons().items():
        if any(skeleton in form for form in compact):
            return Reserved(marker=marker)
    reserved = _reserved_skeletons()
    ai_name = next((reserved[s] for s in sorted(skeletons(folded)) if s in reserved), None)
    if ai_name is None:
        return None
    return Reserved(ai_name=ai_name, same=folded.casefold() == _folded(ai_name).casefold())


def reserved_reason(name: str) -> str | None:
    """Why `name` may not be a human's name, or None when it may."""
    match = reserved_match(name)
    if match is None:
        return None
    if match.marker:
        markers = f"{', '.join(AI_MARKERS[:-1])} or {AI_MARKERS[-1]}"
        return f"a player's name may not contain the AI marker {markers}"
    if match.same:
        return f"{cleaned(name)!r} is the name of an AI player; choose another name"
    return f"{cleaned(name)!r} looks like {match.ai_name!r}, the name of an AI player; choose another name"


def check_player_name(name: str) -> None:
    """Raise NameReserved when a human may not use `name`."""
    reason = reserved_reason(name)
    if reason is not None:
        raise NameReserved(reason)
