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


def _preferanzen() -> Analyser:
    from games.ai.analysis.preferanzen import PreferanzenAnalyser

    return PreferanzenAnalyser("preferanzen")


def _vienna() -> Analyser:
    from games.ai.analysis.preferanzen import PreferanzenAnalyser

    return PreferanzenAnalyser("preference_vienna")


def _preferans() -> Analyser:
    from games.ai.analysis.preferans import PreferansAnalyser

    return PreferansAnalyser()


ANALYSERS: dict[str, Callable[[], Analyser]] = {
    "schnapsen": _schnapsen,
    "preisjass": _preisjass,
    "preferanzen": _preferanzen,
    "preference_vienna": _vienna,
    "preferans": _preferans,
}


def get_analyser(game: str) -> Analyser | None:
    factory = ANALYSERS.get(game)
    return factory() if factory is not None else None
