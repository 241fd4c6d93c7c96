"""Rules versions: what an engine records of every version it ever stamped into start events, and
the upcaster the engines' second version shares (games/engine/base.py applies them; docs/architecture.md,
"How a rules change is made from now on")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class RulesVersion:
    """One rules version an engine has stamped into start events; kept for as long as matches exist.

    `upcast` turns a start event of the version before into this version's form (None: the start
    event did not change); it is written once and never edited, and it holds the old defaults as
    literals, not the engine's current ones. `plays_as_before`: a match of the version before plays
    exactly as under this one (every legal action, every score), so the AI strength figures
    measured under it still hold (games.catalog.ai_strength). `explicit_options`: from this version
    on a start event names every option (none is left to a default a later version might change)."""

    version: str
    #: what changed against the version before, in one sentence (the first: what it is)
    change: str
    upcast: Callable[[JSON], JSON] | None = None
    plays_as_before: bool = True
    explicit_options: bool = False


#: the change notes shared by the engines' first two versions
FIRST_RULES = "the first rules: an option the start event leaves out gets the engine's default at replay"
OPTIONS_NAMED = (
    "the start event names every option; an older start gets the defaults of its own version, so a "
    "later change of a default never changes a stored match"
)


def fill_options(defaults: JSON) -> Callable[[JSON], JSON]:
    """An upcaster that names every option an older start event left out, with `defaults` (the old
    version's defaults, as literals: what that version filled in when it replayed the match)."""
    frozen = dict(defaults)

    def upcast(start: JSON) -> JSON:
        options = start["options"]
        if type(options) is not dict:
            return start  # malformed: normalize_options says why
        return {**start, "options": {**frozen, **options}}

    return upcast
