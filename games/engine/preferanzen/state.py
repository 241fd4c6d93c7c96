"""The state of a Preferanzen / Vienna Preference session: one class for both variants.

Phases: "deal" (the server deals next), "bid", "talon", "declare", "defend", "invite", "play" and
"done" (the session is over). The variant object (austrian.py / vienna.py) supplies what differs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.engine.base import CHANCE, JSON, GameState, ToMove
from games.engine.preferanzen import phases
from games.engine.preferanzen.play import sort_hand

if TYPE_CHECKING:
    from games.engine.preferanzen.variant import Variant

N = 3


@dataclass(frozen=True)
class Contract:
    """The game being played this deal."""

    game: str  # the variant's key, e.g. "sans_atout" or "spiel"
    trump: str | None
    kind: str  # "trump" (6 tricks), "bettler" (none), "sans_atout" (6 in a row), "durchmarsch" (all)
    hand: bool  # played without the talon
    open: bool = False  # the declarer's hand lies open (Bettler Ouvert)
    no_aces: bool = False  # Vienna: "no aces" announced

    def to_json(self) -> JSON:
        return {
            "game": self.game,
            "trump": self.trump,
            "kind": self.kind,
            "hand": self.hand,
            "open": self.open,
            "no_aces": self.no_aces,
        }


class PrefState(GameState):
    def __init__(self, variant: Variant, options: JSON) -> None:
        self.variant = variant
        self.options = options
        self.version = 1
        self.phase = "deal"
        self.dealer = 0
        self.deals_played = 0  # deals that count towards the session length
        self.deal_no = 0  # every deal dealt, void ones included
        self.hands: list[list[str]] = [[] for _ in range(N)]
        self.talon: list[str] = []
        self.discards: list[str] = []
        self.turn: int | None = None
        # auction
        self.passed = [False] * N
        self.acted = [False] * N
        self.bids: list[JSON] = []
        self.high: JSON | None = None
        self.high_seat: int | None = None
        # contract and defence
        self.declarer: int | None = None
        self.contract: Contract | None = None
        self.defense: list[str | None] = [None] * N
        self.guest: int | None = None
        self.invite_decided = False
        self.flags: dict[str, bool] = {}
        # play
        self.playing: list[int] = []
        self.trick: list[tuple[int, str]] = []
        self.tricks_won = [0] * N
        self.history: list[JSON] = []
        self.run = 0
        self.best_run = 0
        # score
        self.totals = [0] * N
        self.pot = 0
        self.rows: list[JSON] = []

    # ------------------------------------------------------------------ contract
    def clone(self) -> PrefState:
        new = PrefState.__new__(PrefState)
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.talon = list(self.talon)
        new.discards = list(self.discards)
        new.passed = list(self.passed)
        new.acted = list(self.acted)
        new.bids = list(self.bids)
        new.defense = list(self.defense)
        new.flags = dict(self.flags)
        new.playing = list(self.playing)
        new.trick = list(self.trick)
        new.tricks_won = list(self.tricks_won)
        new.history = list(self.history)
        new.totals = list(self.totals)
        new.rows = list(self.rows)
        return new

    @property
    def to_move(self) -> ToMove:
        if self.phase == "done":
            return None
        if self.phase == "deal":
            return CHANCE
        return self.turn

    def legal_actions(self) -> list[JSON]:
        return phases.legal_actions(self)

    @property
    def finished(self) -> bool:
        return self.phase == "done"

    # ------------------------------------------------------------------ views
    def visible_open_hand(self) -> list[str] | None:
        if self.contract is not None and self.contract.open and self.declarer is not None:
            return sort_hand(self.hands[self.declarer])
        return None

    def view(self, seat: int | None) -> JSON:
        mine = seat is not None and 0 <= seat < N
        to_move = self.to_move
        view: JSON = {
            "game": self.variant.key,
            "seat": seat,
            "to_move": to_move,
            "phase": self.phase,
            "dealer": self.dealer,
            "forehand": (self.dealer + 1) % N,
            "hand": sort_hand(self.hands[seat]) if mine and seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "talon_size": len(self.talon),
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "last_trick": self.history[-1]["cards"] if self.history else None,
            "tricks": list(self.history),
            "trump": self.contract.trump if self.contract else None,
            "contract": self.contract.to_json() if self.contract else None,
            "declarer": self.declarer,
            "bids": list(self.bids),
            "high_bid": self.high,
            "high_bidder": self.high_seat,
            "passed": list(self.passed),
            "defense": list(self.defense),
            "guest": self.guest,
            "playing": list(self.playing),
            "tricks_won": list(self.tricks_won),
            "scores": list(self.totals),
            "score_sheet": list(self.rows),
            "deals_played": self.deals_played,
            "deals_total": self.options["deals"],
            "version": self.version,
            "legal": self.legal_actions() if mine and to_move == seat else [],
        }
        open_hand = self.visible_open_hand()
        view["open_hand"] = open_hand
        if mine and seat == self.declarer and self.phase == "talon":
            view["talon"] = sorted(self.talon)
        else:
            view["talon"] = None
        view["discards"] = sorted(self.discards) if mine and seat == self.declarer else None
        view.update(self.variant.view_extra(self, seat))
        return view

    def result(self) -> JSON:
        totals = list(self.totals)
        ranking = [1 + sum(1 for other in totals if other > t) for t in totals]
        res: JSON = {
            "finished": self.finished,
            "totals": totals,
            "ranking": ranking,
            "deals": list(self.rows),
            "deals_played": self.deals_played,
        }
        res.update(self.variant.result_extra(self))
        return res
