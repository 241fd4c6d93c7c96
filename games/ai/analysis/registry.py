"""Which games have an analyser: the game packs' `analyser` factories (games/packs), each making an
object that meets `games.ai.analysis.base.Analyser`; a game without one answers "not available" at
the API."""

from __future__ import annotations

from games import packs
from games.ai.analysis.base import Analyser
from games.packs.base import load


def analysed_games() -> list[str]:
    """The games with an analyser, in product order."""
    return [p.name for p in packs.all_packs() if p.analyser is not None]


def get_analyser(game: str) -> Analyser | None:
    pack = packs.find(game)
    if pack is None or pack.analyser is None:
        return None
    analyser: Analyser = load(pack.analyser)()
    return analyser
