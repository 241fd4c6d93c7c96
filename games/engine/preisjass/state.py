"""The state of a Preisjass run (12 games of 9 tricks for four individual players) and its phases."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, ClassVar, Final, final

from games.engine.base import (
    CHANCE,
    JSON,
    Outputs,
    PhaseSpec,
    StateHeader,
    ToMove,
    fields_of,
    phase_actions,
    rebuild,
)
from games.engine.preisjass.cards import legal_cards

PLAYERS: Final = 4
GAMES_PER_RUN: Final = 12
TRICKS_PER_GAME: Final = 9


class PreisjassPhase(StrEnum):
    DRAW = "draw"  # drawing for the first player (server: `draw`)
    SHUFFLE = "shuffle"  # waiting for the deck order (server: `deal`)
    CUT = "cut"  # waiting for the cut (server: `cut`), then the cards are dealt
    PLAY = "play"  # a seat plays a card
    OVER = "over"  # all games of the run are played (twelve, or the option `games`)

    __hash__ = str.__hash__  # as fast as a str key in the phase table (Enum's own hash is Python code)


#: the skeleton's name for every game's phase enum
Phase = PreisjassPhase


#: the members under short names: a module global is read much faster than an enum attribute
DRAW: Final = Phase.DRAW
SHUFFLE: Final = Phase.SHUFFLE
CUT: Final = Phase.CUT
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER


@final
class PreisjassState(StateHeader):
    """A `GameState` by its shape (and a `StateHeader` by inheritance): compiled, it is a native class
    (games/native.py, docs/compiled.md); copied and pickled field by field."""

    #: the phase table and the seat's view and the result (view.py), bound by rules.py
    phases: ClassVar[Mapping[Any, PhaseSpec[Any]]]
    outputs: ClassVar[Outputs[PreisjassState]]

    def __init__(self, games_total: int = GAMES_PER_RUN) -> None:
        self.version = 1
        self.games_total = games_total  # the run ends after this many games (option `games`)
        self.phase = DRAW
        self.drawing: list[int] = list(range(PLAYERS))  # seats still drawing for the first player
        self.draws: list[dict[str, str]] = []  # every draw round, seat (as text) -> card
        self.first_player: int | None = None
        self.dealer: int | None = None
        self.game_no = 1  # the game on the table (or just finished); 1..games_total
        self.deck: list[str] | None = None  # deck order between `deal` and `cut` (never shown)
        self.cut: JSON | None = None  # {"seat": cutter, "count": n} of the current game
        self.trump_card: str | None = None  # the Bodentrumpf of the current game
        self.hands: list[list[str]] = [[] for _ in range(PLAYERS)]
        self.leader = 0  # seat that led the current trick
        self.seat_to_play = 0
        self.trick: list[str] = []  # cards of the current trick in play order, led by `leader`
        self.tricks: list[JSON] = []  # finished tricks of the current (or just finished) game
        self.game_points = [0] * PLAYERS
        self.tricks_won = [0] * PLAYERS
        self.games: list[JSON] = []  # finished game rows (see scoring.game_row)
        self.totals = [0] * PLAYERS
        self.sacks = [0] * PLAYERS
        self._legal: list[str] | None = None  # cached legal cards of the seat to play

    # -- contract ---------------------------------------------------------------------------------

    def legal_actions(self) -> list[JSON]:
        return phase_actions(self.phases, self.phase, self)

    def __reduce__(self) -> tuple[object, ...]:
        return (rebuild, (PreisjassState, (self.games_total,), fields_of(self, _FIELDS)))

    def clone(self) -> PreisjassState:
        new = PreisjassState(self.games_total)
        new.version = self.version
        new.phase = self.phase
        new.drawing = list(self.drawing)
        new.draws = list(self.draws)
        new.first_player = self.first_player
        new.dealer = self.dealer
        new.game_no = self.game_no
        new.games_total = self.games_total
        new.deck = None if self.deck is None else list(self.deck)
        new.cut = self.cut
        new.trump_card = self.trump_card
        new.hands = [list(h) for h in self.hands]
        new.leader = self.leader
        new.seat_to_play = self.seat_to_play
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.game_points = list(self.game_points)
        new.tricks_won = list(self.tricks_won)
        new.games = list(self.games)
        new.totals = list(self.totals)
        new.sacks = list(self.sacks)
        new._legal = self._legal
        return new

    @property
    def to_move(self) -> ToMove:
        # `is`: a phase is always one of its enum's members (singletons, pickles included)
        phase = self.phase
        if phase is PLAY:
            return self.seat_to_play
        if phase is OVER:
            return None
        return CHANCE

    @property
    def trump(self) -> str | None:
        return None if self.trump_card is None else self.trump_card[1]

    def legal_cards(self) -> list[str]:
        """Cards the seat to play may play (cached until the next event)."""
        if self.phase != PLAY:
            return []
        if self._legal is None:
            assert self.trump_card is not None
            self._legal = legal_cards(self.hands[self.seat_to_play], self.trick, self.trump_card[1])
        return self._legal

    def trick_entries(self) -> list[JSON]:
        """The current trick as [{"seat": s, "card": c}] in play order."""
        return [{"seat": (self.leader + i) % PLAYERS, "card": c} for i, c in enumerate(self.trick)]

    def played_cards(self) -> list[str]:
        """Every card played so far in the current game, in play order (public)."""
        out: list[str] = []
        for t in self.tricks:
            out.extend(e["card"] for e in t["cards"])
        out.extend(self.trick)
        return out

    def last_trick_winner(self) -> int | None:
        return None

    def view(self, seat: int | None) -> JSON:
        return self.outputs.seat_view(self, seat)

    def result(self) -> JSON:
        return self.outputs.result(self)

    def __repr__(self) -> str:
        return f"PreisjassState(version={self.version}, phase={self.phase!r}, game={self.game_no})"

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, PreisjassState):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in ("games_total", *_FIELDS) if k != "_legal")

    __hash__ = None  # type: ignore[assignment]


#: every field of a state but `games_total` (copied by `clone`, pickled by `__reduce__`)
_FIELDS: Final = (
    "version",
    "phase",
    "drawing",
    "draws",
    "first_player",
    "dealer",
    "game_no",
    "deck",
    "cut",
    "trump_card",
    "hands",
    "leader",
    "seat_to_play",
    "trick",
    "tricks",
    "game_points",
    "tricks_won",
    "games",
    "totals",
    "sacks",
    "_legal",
)
