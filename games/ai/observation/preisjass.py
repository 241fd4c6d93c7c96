"""A Preisjass seat's view in the card play (the trump made) as the AIs read it: built from the view
alone, see the package. The AIs decide nothing before the trump is made."""

from __future__ import annotations

from dataclasses import dataclass

from games.ai.base import JSON
from games.ai.observation.plays import Play, plays


@dataclass(frozen=True, slots=True)
class PreisjassObservation:
    seat: int
    hand: tuple[str, ...]
    #: cards in each seat's hand
    hand_sizes: tuple[int, ...]
    trump: str
    #: the turned card that fixed the trump (the dealer holds it until he plays it; the view keeps
    #: showing it for the whole game)
    bodentrumpf: str
    dealer: int
    #: who leads the open trick
    leader: int
    #: the open trick, the lead first, and this game's finished tricks in order
    trick: tuple[Play, ...]
    tricks: tuple[tuple[Play, ...], ...]
    #: every card played in this game
    played: tuple[str, ...]
    #: card points per seat in this game so far
    game_points: tuple[int, ...]


def observe(view: JSON) -> PreisjassObservation:
    return PreisjassObservation(
        seat=view["seat"],
        hand=tuple(view["hand"]),
        hand_sizes=tuple(view["hand_sizes"]),
        trump=view["trump"],
        bodentrumpf=view["bodentrumpf"],
        dealer=view["dealer"],
        leader=view["leader"],
        trick=plays(view["trick"]),
        tricks=tuple(plays(t["cards"]) for t in view["tricks"]),
        played=tuple(view["played"]),
        game_points=tuple(view["game_points"]),
    )
