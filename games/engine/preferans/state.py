"""The state of one pool: the current deal's phase and cards plus the score sheet."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from games.engine.base import CHANCE, JSON, GameState, ToMove
from games.engine.preferans import bidding, play
from games.engine.preferans.constants import BIDS, MIS_INDEX, SEVEN_SPADES
from games.engine.preferans.scoring import Sheet, approx, exact, ranking

# Phases of a deal; "over" when the pool has ended.
DEAL, BID, EXCHANGE, DECLARE, WHIST, MODE, PLAY, OVER = (
    "deal",
    "bid",
    "exchange",
    "declare",
    "whist",
    "mode",
    "play",
    "over",
)

_LIST_FIELDS = (
    "talon",
    "discards",
    "bids",
    "passed",
    "made_bid",
    "whisters",
    "trick",
    "tricks",
    "rows",
    "played",
)


class PrefState(GameState):
    """Mutable inside the engine; `Rules.apply` hands out fresh copies."""

    def __init__(self, options: JSON) -> None:
        self.options = options
        self.n: int = options["players"]
        self.version = 1
        self.phase = DEAL
        self.dealer = -1
        self.deal_no = 0  # deals started so far
        self.active: list[int] = []  # forehand, middlehand, rearhand of this deal
        self.hands: list[list[str]] = [[] for _ in range(self.n)]
        self.talon: list[str] = []
        self.talon_shown = False  # turned face up for everyone (declarer's exchange)
        self.raspasy = False
        self.discards: list[str] = []
        # bidding: per position in `active`
        self.bids: list[list[Any]] = []  # history [seat, bid]
        self.passed = [False, False, False]
        self.made_bid = [False, False, False]
        self.high = -1  # index into BIDS
        self.high_pos = -1
        self.pos = 0  # position (in `active`) to act in bidding and play
        self.min_bid = 0
        # contract and defence
        self.declarer = -1
        self.contract = -1
        self.trump: str | None = None
        self.calls: dict[int, str] = {}
        self.defend_step = 0
        self.whisters: list[int] = []
        self.mode: str | None = None  # "open" / "closed" for a lone whister
        self.open_hands = False
        # play
        self.trick: list[list[Any]] = []  # [seat, card] in play order
        self.last_trick: list[list[Any]] | None = None
        self.tricks = [0] * self.n
        self.tricks_done = 0
        self.played: list[str] = []  # cards of this deal's finished tricks, in play order
        # the pool
        self.sheet = Sheet(self.n, options["pool"], options["variant"])
        self.rows: list[JSON] = []
        self.prev_raspasy = False
        self.raspasy_streak = 0
        self.end_reason: str | None = None

    def clone(self) -> PrefState:
        other = PrefState.__new__(PrefState)
        other.__dict__.update(self.__dict__)
        other.hands = [h[:] for h in self.hands]
        for name in _LIST_FIELDS:
            setattr(other, name, getattr(self, name)[:])
        other.active = self.active[:]
        other.calls = dict(self.calls)
        other.sheet = self.sheet.clone()
        return other

    # --- who acts ----------------------------------------------------------------------------------
    @property
    def to_move(self) -> ToMove:
        if self.phase == OVER:
            return None
        if self.phase == DEAL:
            return CHANCE
        return self.actor()

    def actor(self) -> int:
        """The seat that chooses now: in open play the lone whister plays his partner's cards too."""
        seat = self.active[self.pos]
        if self.mode != "open" or self.phase != PLAY or seat == self.declarer or seat in self.whisters:
            return seat
        return self.whisters[0]

    def defenders(self) -> list[int]:
        return [s for s in self.active if s != self.declarer]

    def multiplier(self) -> int:
        """Raspasy price per trick: 1, or 1, 2, 3, 3 ... in a run of raspasy with ascending raspasy."""
        if not self.options["ascending_raspasy"]:
            return 1
        return min(self.raspasy_streak + 1, 3)

    def legal_actions(self) -> list[JSON]:
        handler = _ACTIONS.get(self.phase)
        return handler(self) if handler else []

    # --- what a seat sees --------------------------------------------------------------------------
    def visible_talon(self) -> list[str] | None:
        if self.talon_shown:
            return self.talon[:]
        if self.raspasy and self.phase == PLAY:
            turned = min(self.tricks_done + 1, 2)
            return self.talon[:turned]
        if self.raspasy and self.phase != BID:
            return self.talon[:]
        return None

    def view(self, seat: int | None) -> JSON:
        open_seats = self.defenders() if self.open_hands and self.phase == PLAY else []
        to_move = self.to_move
        contract = BIDS[self.contract] if self.contract >= 0 else None
        totals = self.sheet.settlement()
        return {
            "game": "preferans",
            "seat": seat,
            "players": self.n,
            "options": dict(self.options),
            "to_move": to_move,
            "turn": self.active[self.pos] if self.phase in (BID, WHIST, PLAY) else None,
            "phase": self.phase,
            "dealer": self.dealer,
            "deal_number": self.deal_no,
            "active": self.active[:],
            "forehand": self.active[0] if self.active else None,
            "hand": self.hands[seat][:] if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "open_hands": [self.hands[s][:] if s in open_seats else None for s in range(self.n)],
            "bids": [list(b) for b in self.bids],
            "high_bid": BIDS[self.high] if self.high >= 0 else None,
            "min_bid": BIDS[self.min_bid],
            "declarer": self.declarer if self.declarer >= 0 else None,
            "contract": contract,
            "raspasy": self.raspasy,
            "raspasy_multiplier": self.multiplier(),
            "trump": self.trump,
            "talon": self.visible_talon(),
            "discard": self.discards[:] if seat is not None and seat == self.declarer else None,
            "whist_calls": [self.calls.get(s) for s in range(self.n)],
            "whisters": self.whisters[:],
            "mode": self.mode,
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "last_trick": [{"seat": s, "card": c} for s, c in self.last_trick] if self.last_trick else None,
            "tricks_won": self.tricks[:],
            "played": self.played[:],
            "sheet": self.sheet.to_json(),
            "scores": [approx(t) for t in totals],
            "scores_exact": [exact(t) for t in totals],
            "last_deal": copy.deepcopy(self.rows[-1]) if self.rows else None,
            "version": self.version,
            "legal": self.legal_actions() if to_move == seat and seat is not None else [],
        }

    def result(self) -> JSON:
        totals = self.sheet.settlement()
        return {
            "finished": self.phase == OVER,
            "end_reason": self.end_reason,
            "totals": [approx(t) for t in totals],
            "totals_exact": [exact(t) for t in totals],
            "ranking": ranking(totals),
            "deals": copy.deepcopy(self.rows),
            "deals_played": len(self.rows),
            "sheet": self.sheet.to_json(),
        }

    def lowest_bid(self) -> int:
        """Leningrad: after a raspasy the lowest bid is 7."""
        if self.options["variant"] == "leningrad" and self.prev_raspasy:
            return SEVEN_SPADES
        return 0


_ACTIONS: dict[str, Callable[[PrefState], list[JSON]]] = {
    BID: bidding.bid_actions,
    EXCHANGE: bidding.exchange_actions,
    DECLARE: bidding.declare_actions,
    WHIST: bidding.whist_actions,
    MODE: bidding.mode_actions,
    PLAY: play.play_actions,
}

__all__ = ["BID", "DEAL", "DECLARE", "EXCHANGE", "MIS_INDEX", "MODE", "OVER", "PLAY", "WHIST", "PrefState"]
