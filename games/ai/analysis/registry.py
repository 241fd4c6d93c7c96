"""Which games have an analyser. A game plugs in by adding a factory here (an object that meets
`games.ai.analysis.base.Analyser`); a game without one answers "not available" at the API."""

from __future__ import annotations

from collections.abc import Callable

from games.ai.analysis.base import Analyser


def _schnapsen() -> Analyser:
    from games.ai.analysis.schnapsen import SchnapsenAnalyser

    return SchnapsenAnalyser()


def _preisjass() -> Analyser:
    from games.ai.analysis.preisjass import PreisjassAnalyser

    return PreisjassAnalyser()


ANALYSERS: dict[str, Callable[[], Analyser]] = {
    "schnapsen": _schnapsen,
    "preisjass": _preisjass,
}


def get_analyser(game: str) -> Analyser | None:
    factory = ANALYSERS.get(game)
    return factory() if factory is not None else None
