"""Worlds consistent with one seat's view and, besides, with its partner's hand: what the seat could
have reckoned with had it seen that hand. The monitor values a decision over them after the match
(from the stored deal); nothing at the table ever samples with another seat's cards.

- Preferanzen / Vienna: the view's constraints (`preferanzen_search.worlds.constraints`) with the
  partner's cards placed and the rest dealt to the third seat and the hidden pile.
- Preferans: the partner's hand shown as if it lay open (`open_hands`), which the search player's
  sampler (`SearchPreferans._worlds`, the declarer fitted to his bids) then respects.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from games.ai.observation.preferans import PreferansObservation
from games.ai.observation.preferanzen import PreferanzenObservation
from games.ai.preferanzen_search import worlds as preferanzen_worlds
from games.ai.preferanzen_search.state import mask_of
from games.ai.search.sampling import sample_places

JSON = dict[str, Any]


def preferanzen_hands(
    obs: PreferanzenObservation, partner: int, hand: list[str], rng: random.Random
) -> tuple[list[int], int]:
    """One Preferanzen world as `sample_hands` gives it (every hand as a mask, the pile), the
    partner holding `hand`."""
    me = obs.seat
    cards, masks, sizes, known = preferanzen_worlds.constraints(obs)
    shown = mask_of(hand)
    seats = preferanzen_worlds.others(me)
    place = seats.index(partner)
    rest = [
        (card, mask & ~(1 << place)) for card, mask in zip(cards, masks, strict=True) if not shown >> card & 1
    ]
    room = list(sizes)
    room[place] = 0
    try:
        dealt = sample_places([c for c, _ in rest], [m for _, m in rest], room, rng)
    except ValueError:  # the view's inferences against the real hand (cannot happen in play; be safe)
        dealt = sample_places([c for c, _ in rest], [7 & ~(1 << place)] * len(rest), room, rng)
    hands = [0, 0, 0]
    hands[me] = mask_of(obs.hand)
    hands[partner] = shown
    third = seats[1 - place]
    hands[third] = known.get(third, 0) | sum(1 << c for c in dealt[1 - place])
    pile = sum(1 << c for c in dealt[preferanzen_worlds.PILE])
    if obs.talon:
        pile = mask_of(obs.talon)
    elif obs.discards:
        pile = mask_of(obs.discards)
    return hands, pile


def preferans_sighted(obs: PreferansObservation, partner: int, hand: list[str]) -> PreferansObservation:
    """The Preferans observation with the partner's hand shown open (for the search player's sampler)."""
    shown = list(obs.open_hands)
    shown[partner] = tuple(hand)
    return dataclasses.replace(obs, open_hands=tuple(shown))
