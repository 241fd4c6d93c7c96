"""What a game declares about itself, once: `GamePack`. Pure Python (no Django, no engine import), so
any layer may import it; the engine, AI and analyser behind a pack are named as "module:attribute"
strings and imported on first use, so reading the list of packs is cheap.

Every registry keyed by a game's name (AI levels, analysers, titles, option fields, default AI names,
leaderboard scorers, strength measures, the games API, the site's data) reads its entry from here."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Protocol, TypedDict

JSON = dict[str, Any]


class ScoredResult(Protocol):
    """What a scorer reads of a finished match (games.results.match_result.MatchResult has it)."""

    @property
    def sacks(self) -> tuple[int, ...] | None: ...

    def points(self, seat: int) -> Decimal: ...


# (result, seat) -> (points, sacks or None): one seat's leaderboard score from a finished match's result.
Scorer = Callable[[ScoredResult, int], tuple[Decimal, int | None]]


def gettext_noop(message: str) -> str:
    """Marks `message` for the message catalogue (tests/catalogues.py reads `_(...)` calls) without
    importing Django: option labels are translated where they are shown (games/catalog/option_meta.py)."""
    return message


# A shown text: a string marked for the message catalogue (`gettext_noop`), or the text per language
# code ({"de": ..., "en": ..., "ru": ...}; a new game's own words then need no catalogue edit).
Text = str | Mapping[str, str]


class OptionMeta(TypedDict, total=False):
    """How one rule option is shown: a label, and the input that fits (see games/catalog/option_meta.py)."""

    label: Text
    help: Text
    min: int
    max: int
    choices: list[tuple[Any, Text]]
    #: False: the engine takes the option, but the new-table dialog and the league form do not offer it
    #: (a mode for the daily challenge only; such a table always plays the default)
    offered: bool


def in_language(text: Mapping[str, str], language: str, fallback: str = "") -> str:
    """`text` in `language` ("de-at" reads "de"), else in English, else `fallback`."""
    return text.get(language.split("-")[0].lower()) or text.get("en") or fallback


def points(value: Any) -> Decimal:
    """A leaderboard score: two decimal places."""
    return Decimal(str(value)).quantize(Decimal("0.01"))


def score_totals(result: ScoredResult, seat: int) -> tuple[Decimal, int | None]:
    """The default scorer: the seat's total, no sacks."""
    return result.points(seat), None


def deals_listed(result: JSON) -> int:
    return len(result.get("deals", []) or [])


@dataclass(frozen=True)
class Strength:
    """How `python -m bench ai_strength` measures an AI version against Anton in this game."""

    #: what the figure counts (the site words it), e.g. "bummerl_win_percent"
    unit: str
    #: Anton's own figure at a table of Antons (his fair share)
    reference: float
    #: the measured seat's score in one finished match: `score(result, seat)`
    score: Callable[[JSON, int], float]
    #: the options the matches of a set (one per seat) are played with
    options: JSON = field(default_factory=dict)
    #: what one match is called in the table ("Bummerls", "runs", ...)
    label: str = "matches"
    #: how many deals a match counts (for the table), `deals(result)`
    deals: Callable[[JSON], int] = deals_listed


def load(target: str) -> Any:
    """The object a "module:attribute" string names."""
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)


def present(target: str) -> bool:
    """Whether the module of a "module:attribute" string is installed (a deployment may leave out a
    game's AI or engine package)."""
    try:
        return importlib.util.find_spec(target.split(":")[0]) is not None
    except ModuleNotFoundError:
        return False


@dataclass(frozen=True)
class ChallengeRules:
    """How the daily challenge (challenges/) plays this game.

    With `options` the engine plays a match of exactly `deals` deals (Preisjass: games) in which no
    deal depends on an earlier one: fixed dealer rotation, nothing carried over (pot, Bummerl, pool,
    raspasy progression), so the k-th deal of two entries is the same deal with the same roles and
    `games.results.match_result.deal_points` gives each deal's own score, in the game's unit."""

    #: the rule options of a challenge match (normalized by the engine)
    options: JSON
    #: how many deals (games) a challenge has
    deals: int
    #: what a deal's score counts, per language code ("game points", "whists", ...)
    unit: Mapping[str, str]
    #: the contract a finished deal was played in and who played it, seen from `seat`, shown in
    #: `language` (an all-pass deal says so; "" for a game without contracts), from the engine's row
    #: for the deal (`result()["deals"][k]`): the field chart groups the entries by it
    contract: Callable[[JSON, int, str], str] = lambda row, seat, language: ""
    #: the seat the player sits in
    seat: int = 0


@dataclass(frozen=True)
class GamePack:
    """One game, declared once. Only `name`, `titles`, `players` and `rules` are required."""

    #: the registry name (stored on every match, in URLs and the API)
    name: str
    #: the shown name per language code ("de", "en", "ru"), plain strings: no catalogue edit needed
    titles: Mapping[str, str]
    #: the seat counts the game can be played with
    players: tuple[int, ...]
    #: "module:attribute" of the engine's Rules
    rules: str
    #: its place in the product's lists (lower first, then by name)
    order: int = 100
    #: the card pictures: "french" or "german"
    deck: str = "french"
    #: how this game's rule options are shown, by option key (labels marked with `gettext_noop`)
    options: Mapping[str, OptionMeta] = field(default_factory=dict)
    #: AI version -> "module:attribute" of its Player class, weakest first ("random" is always there)
    ai_levels: Mapping[str, str] = field(default_factory=dict)
    #: "module:attribute" of a zero-argument factory of its Analyser, or None (no analysis)
    analyser: str | None = None
    #: "module:attribute" of its collusion valuer class (games/ai/collusion/evidence.py), or None
    collusion: str | None = None
    #: "module:attribute" of its `observe(view)`: the typed observation its AIs read of a seat's view
    #: (games/ai/observation/), or None
    observation: str | None = None
    #: how the bench measures AI strength, or None (not measured)
    strength: Strength | None = None
    #: the leaderboard score of a seat
    scorer: Scorer = score_totals
    #: whether its leaderboard has a sacks column
    sacks: bool = False
    #: what its leaderboard ranks, one sentence per language code (shown above the board)
    board_ranks: Mapping[str, str] = field(default_factory=dict)
    #: whether only a won match enters its leaderboard (a heads-up game: the loser's score is no best result)
    board_wins_only: bool = False
    #: the names AI seats get when the opener gives none (empty: the platform's fallback names)
    ai_names: tuple[str, ...] = ()
    #: the browser module with its table hooks, relative to frontend/static/frontend/js/
    js_module: str | None = None
    #: how the daily challenge plays it, or None (no challenge for this game)
    challenge: ChallengeRules | None = None

    def title(self, language: str) -> str:
        """The shown name in `language` ("de-at" reads "de"), else English, else the registry name."""
        return in_language(self.titles, language, self.name)

    def installed(self) -> bool:
        """Whether its engine is present in this deployment."""
        return present(self.rules)

    def load_rules(self) -> Any:
        return load(self.rules)
