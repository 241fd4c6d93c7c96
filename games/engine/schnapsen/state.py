"""The Schnapsen state: one Bummerl (a match of deals) at one moment, its view and its result."""

from __future__ import annotations

from games.engine.base import CHANCE, JSON, GameState, ToMove
from games.engine.schnapsen import play

PHASE_DEAL = "deal"  # the server must deal (next deal of the Bummerl)
PHASE_PLAY = "play"  # tricks are being played
PHASE_OVER = "over"  # the Bummerl is decided


class SchnapsenState(GameState):
    """Mutable inside the engine; `Rules.apply` clones before changing it."""

    def __init__(self, options: JSON) -> None:
        self.options = options
        self.start_score: int = options["start_score"]
        self.version = 1
        self.phase = PHASE_DEAL
        self.dealer: int = options["first_dealer"]  # dealer of the current (or next) deal
        self.deal_no = 0
        self.hands: list[list[str]] = [[], []]
        self.stock: list[str] = []  # face-down stock; the next card drawn is the LAST element
        self.trump = ""  # trump suit of the current deal ("" before the first deal)
        self.trump_card: str | None = None  # the turned-up card under the stock, None once drawn
        self.closed_by: int | None = None
        self.closure: tuple[int, int] | None = None  # (opponent's points, opponent's tricks) at closure
        self.leader = 0
        self.turn = 0
        self.trick: list[tuple[int, str]] = []
        self.trick_points = [0, 0]
        self.tricks = [0, 0]
        self.marriage_points = [0, 0]  # counted marriage points
        self.pending = [0, 0]  # declared before the declarer's first trick
        self.won: list[list[str]] = [[], []]
        self.marriages: list[tuple[int, str, int]] = []  # (seat, suit, points) in declaration order
        self.last_trick: list[tuple[int, str]] | None = None
        self.exchanges: list[tuple[int, str]] = []  # (seat, trump card taken) this deal
        self.game_points = [0, 0]
        self.rows: list[JSON] = []
        self.winner: int | None = None

    # -- the contract -------------------------------------------------------------------------------

    @property
    def to_move(self) -> ToMove:
        if self.phase == PHASE_PLAY:
            return self.turn
        if self.phase == PHASE_DEAL:
            return CHANCE
        return None

    def legal_actions(self) -> list[JSON]:
        if self.phase != PHASE_PLAY:
            return []
        if self.trick:
            return play.follow_actions(self)
        return play.lead_actions(self)

    def clone(self) -> SchnapsenState:
        new = SchnapsenState.__new__(SchnapsenState)
        new.__dict__.update(self.__dict__)
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.stock = self.stock[:]
        new.trick = self.trick[:]
        new.trick_points = self.trick_points[:]
        new.tricks = self.tricks[:]
        new.marriage_points = self.marriage_points[:]
        new.pending = self.pending[:]
        new.won = [self.won[0][:], self.won[1][:]]
        new.marriages = self.marriages[:]
        new.exchanges = self.exchanges[:]
        new.game_points = self.game_points[:]
        new.rows = self.rows[:]  # rows are never changed once appended
        return new

    # -- derived facts ------------------------------------------------------------------------------

    def points(self, seat: int) -> int:
        """Card points won in tricks plus counted marriage points (pending ones excluded)."""
        return self.trick_points[seat] + self.marriage_points[seat]

    @property
    def stock_size(self) -> int:
        """Cards left in the stock, the trump card under it included."""
        return len(self.stock) + (self.trump_card is not None)

    @property
    def strict(self) -> bool:
        """Follow suit and beat apply: the stock is closed or exhausted."""
        return self.closed_by is not None or (not self.stock and self.trump_card is None)

    def remaining(self, seat: int) -> int:
        """The seat's Bummerl score as the table shows it: from `start_score` down to 0."""
        return max(0, self.start_score - self.game_points[seat])

    # -- views --------------------------------------------------------------------------------------

    def view(self, seat: int | None) -> JSON:
        mine = seat in (0, 1)
        to_move = self.to_move
        return {
            "game": "schnapsen",
            "seat": seat,
            "to_move": to_move,
            "phase": self.phase,
            "deal_number": self.deal_no,
            "dealer": self.dealer,
            "leader": self.leader if self.phase == PHASE_PLAY else None,
            "hand": sorted(self.hands[seat], key=_hand_order) if mine and seat is not None else [],
            "hand_sizes": [len(self.hands[0]), len(self.hands[1])],
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "last_trick": None
            if self.last_trick is None
            else [{"seat": s, "card": c} for s, c in self.last_trick],
            "trump": self.trump or None,
            "trump_card": self.trump_card,
            "stock_size": self.stock_size,
            "closed": self.closed_by is not None,
            "closed_by": self.closed_by,
            "strict": self.strict if self.phase == PHASE_PLAY else False,
            "contract": None,
            "points": [self.points(s) if s == seat else None for s in (0, 1)],
            "pending": [self.pending[s] if s == seat else None for s in (0, 1)],
            "tricks": self.tricks[:],
            "marriages": [{"seat": s, "suit": suit} for s, suit, _ in self.marriages],
            "exchanges": [{"seat": s, "card": c} for s, c in self.exchanges],
            "scores": [self.remaining(0), self.remaining(1)],
            "game_points": self.game_points[:],
            "start_score": self.start_score,
            "deals": [_copy_row(row) for row in self.rows],
            "version": self.version,
            "legal": self.legal_actions() if mine and to_move == seat else [],
        }

    def result(self) -> JSON:
        totals = self.game_points[:]
        if self.winner is not None:
            ranking = [1 if s == self.winner else 2 for s in (0, 1)]
        else:
            ranking = [1 + sum(1 for o in totals if o > t) for t in totals]
        return {
            "finished": self.phase == PHASE_OVER,
            "totals": totals,
            "ranking": ranking,
            "deals": [_copy_row(row) for row in self.rows],
            "scores": [self.remaining(0), self.remaining(1)],
            "winner": self.winner,
            "start_score": self.start_score,
        }


def _hand_order(card: str) -> tuple[str, int]:
    return card[1], -"JQKTA".index(card[0])


def _copy_row(row: JSON) -> JSON:
    """A score-sheet row that callers may change freely (its lists and dicts copied)."""
    return {k: v[:] if isinstance(v, list) else dict(v) if isinstance(v, dict) else v for k, v in row.items()}
