"""A Preferanzen or Vienna Preference seat's view as the AIs read it (one shape for both variants; built
from the view alone, see the package)."""

from __future__ import annotations

from dataclasses import dataclass

from games.ai.base import JSON
from games.ai.observation.plays import Play, plays

VIENNA = "preference_vienna"


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the cards in order, who took it."""

    leader: int
    cards: tuple[Play, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class Contract:
    """The game declared for the deal."""

    game: str
    trump: str | None
    #: "trump", "bettler", "sans_atout" or "durchmarsch"
    kind: str
    #: played without the talon
    hand: bool
    open: bool
    #: Vienna: "no aces" announced
    no_aces: bool


@dataclass(frozen=True, slots=True)
class HighBid:
    bid: str
    suit: str | None


@dataclass(frozen=True, slots=True)
class PreferanzenObservation:
    #: the variant's key: "preferanzen" or "preference_vienna"
    game: str
    seat: int
    phase: str
    hand: tuple[str, ...]
    #: cards in each seat's hand
    hand_sizes: tuple[int, ...]
    #: the open trick, the lead first, and the deal's finished tricks in order
    trick: tuple[Play, ...]
    tricks: tuple[Trick, ...]
    contract: Contract | None
    declarer: int | None
    high_bid: HighBid | None
    #: per seat, "stay", "drop" or None (no choice yet, or the declarer)
    defense: tuple[str | None, ...]
    #: the defender invited to play along (Preferanzen), None without one
    guest: int | None
    #: the seats playing the cards, in seat order
    playing: tuple[int, ...]
    tricks_won: tuple[int, ...]
    #: the declarer's open hand (Bettler Ouvert) where the view shows it
    open_hand: tuple[str, ...] | None
    #: the talon to the declarer while he exchanges, his discard to him afterwards (else None)
    talon: tuple[str, ...] | None
    discards: tuple[str, ...] | None
    #: Vienna's pot (0 in Preferanzen)
    pot: int

    @property
    def vienna(self) -> bool:
        return self.game == VIENNA

    @property
    def declarer_seat(self) -> int:
        """The declarer, for the phases after the auction (the defence, the card play)."""
        assert self.declarer is not None, "no declarer before the auction is won"
        return self.declarer


def _cards(cards: list[str] | None) -> tuple[str, ...] | None:
    return None if cards is None else tuple(cards)


def _contract(contract: JSON | None) -> Contract | None:
    if not contract:
        return None
    return Contract(
        game=contract["game"],
        trump=contract["trump"],
        kind=contract["kind"],
        hand=bool(contract.get("hand")),
        open=bool(contract.get("open")),
        no_aces=bool(contract.get("no_aces")),
    )


def observe(view: JSON) -> PreferanzenObservation:
    high = view["high_bid"]
    return PreferanzenObservation(
        game=view["game"],
        seat=view["seat"],
        phase=view["phase"],
        hand=tuple(view["hand"]),
        hand_sizes=tuple(view["hand_sizes"]),
        trick=plays(view["trick"]),
        tricks=tuple(Trick(t["leader"], plays(t["cards"]), t["winner"]) for t in view["tricks"]),
        contract=_contract(view["contract"]),
        declarer=view["declarer"],
        high_bid=HighBid(str(high["bid"]), high.get("suit")) if isinstance(high, dict) else None,
        defense=tuple(view["defense"]),
        guest=view["guest"],
        playing=tuple(view["playing"]),
        tricks_won=tuple(view["tricks_won"]),
        open_hand=_cards(view.get("open_hand")),
        talon=_cards(view.get("talon")),
        discards=_cards(view.get("discards")),
        pot=int(view.get("pot") or 0),
    )
