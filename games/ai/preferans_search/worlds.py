"""Worlds consistent with one seat's Preferans view: the cards it cannot see, dealt to the places they may
be in.

Places are the other positions whose hands are hidden, and OUT: the cards out of play that the seat
cannot see (the talon before it is turned, the declarer's two discards, raspasy's second talon card
during the first trick). What restricts a card:
- the view shows it (own hand, open hands, the talon, the discard to the declarer, cards played);
- the play so far: a position that did not follow the suit it had to follow holds none of that suit (and
  no trump either when it did not trump in a suit game); replayed trick by trick from `played`, whose
  leaders follow from the rules (forehand leads the first trick and, in raspasy, the second);
- the talon, once turned up for the declarer, lies in his hand or in his discard, never elsewhere.
Bids are soft information: `plausible` lets a caller reject worlds whose declarer could hardly have bid
what he bid (the player resamples a few times and then takes what it has).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from games.ai.observation.preferans import PreferansObservation
from games.ai.preferans_search.state import (
    INDEX,
    RASPASY,
    SUIT_MASK,
    SUITS,
    bits,
    kind_of,
    mask_of,
    shown_hand,
)
from games.ai.search.sampling import sample_places

JSON = dict

ALL_CARDS: Final = (1 << 32) - 1


@dataclass
class World:
    """One sampled world: every position's hand now (by position) and the hidden cards out of play."""

    hands: list[int]
    out: int


def replay_voids(obs: PreferansObservation) -> list[int]:
    """Per position, the suits (as a card mask) the play so far shows it does not hold."""
    active = obs.active
    voids = [0, 0, 0]
    trump = SUITS.index(obs.trump) if obs.trump else -1
    raspasy = obs.raspasy
    talon = obs.talon or ()
    played = [INDEX[c] for c in obs.played]
    tricks = [played[i : i + 3] for i in range(0, len(played), 3)]
    current = [(active.index(t.seat), INDEX[t.card]) for t in obs.trick]
    leader = 0
    for k, cards in enumerate([*tricks, [c for _, c in current]]):
        if not cards:
            break
        ts = SUITS.index(talon[k][1]) if raspasy and k < 2 and k < len(talon) else -1
        positions = [(leader + i) % 3 for i in range(len(cards))]
        lead_suit = cards[0] >> 3
        for i, (pos, card) in enumerate(zip(positions, cards, strict=True)):
            suit = card >> 3
            if ts >= 0:
                # the talon suit first; without it, the led card's suit
                if suit != ts:
                    voids[pos] = voids[pos] | SUIT_MASK[ts]
                    if i > 0 and lead_suit != ts and suit != lead_suit:
                        voids[pos] = voids[pos] | SUIT_MASK[lead_suit]
                continue
            if i > 0 and suit != lead_suit:
                voids[pos] = voids[pos] | SUIT_MASK[lead_suit]
                if trump >= 0 and suit != trump:
                    voids[pos] = voids[pos] | SUIT_MASK[trump]
        if len(cards) == 3:
            strong = ts if ts >= 0 and any(c >> 3 == ts for c in cards) else trump
            best_i = 0
            for i in range(1, 3):
                c, b = cards[i], cards[best_i]
                if (c >> 3 == b >> 3 and c > b) or (c >> 3 != b >> 3 and c >> 3 == strong):
                    best_i = i
            leader = 0 if raspasy and k + 1 < 2 else positions[best_i]
    return voids


def places(obs: PreferansObservation) -> tuple[list[int], list[int], list[int], list[int]]:
    """(the hidden positions, the unseen cards, each card's allowed places as a bit mask over
    hidden positions + OUT, the places' sizes)."""
    me = obs.seat
    active = obs.active
    hidden = [pos for pos, seat in enumerate(active) if seat != me and obs.open_hands[seat] is None]
    seen = mask_of(obs.hand)
    for cards in obs.open_hands:
        seen |= mask_of(cards or [])
    seen |= mask_of(obs.played) | mask_of([t.card for t in obs.trick])
    talon = mask_of(obs.talon or ())
    seen |= talon
    if obs.discard:
        seen |= mask_of(obs.discard)
    unseen = bits(ALL_CARDS & ~seen)
    out_index = len(hidden)
    everywhere = (1 << (len(hidden) + 1)) - 1
    voids = replay_voids(obs) if obs.phase == "play" else [0, 0, 0]
    masks = []
    for card in unseen:
        m = everywhere
        for i, pos in enumerate(hidden):
            if voids[pos] >> card & 1:
                m &= ~(1 << i)
        masks.append(m)
    sizes = [obs.hand_sizes[active[pos]] for pos in hidden]
    sizes.append(len(unseen) - sum(sizes))
    # the turned talon is in the declarer's hand or discard: it is "seen", but a declarer's hidden hand
    # may still hold it, so it goes back in as a card for the declarer or OUT
    kind = kind_of(obs.contract, obs.raspasy)
    if obs.talon and kind != RASPASY and obs.declarer is not None and obs.discard is None:
        decl = active.index(obs.declarer)
        gone = mask_of(obs.played) | mask_of([t.card for t in obs.trick])
        for card in bits(talon & ~gone):
            allowed = 1 << out_index
            if decl in hidden and not voids[decl] >> card & 1:
                allowed |= 1 << hidden.index(decl)
            unseen.append(card)
            masks.append(allowed)
            sizes[out_index] = sizes[out_index] + 1
    return hidden, unseen, masks, sizes


def sample_world(obs: PreferansObservation, rng: random.Random) -> World:
    """One world consistent with `view`: hands by position (the seat's own and open hands as shown)."""
    hidden, cards, masks, sizes = places(obs)
    try:
        dealt = sample_places(cards, masks, sizes, rng)
    except ValueError:  # contradicting inferences (cannot happen from a real view; be safe)
        dealt = sample_places(cards, [(1 << len(sizes)) - 1] * len(cards), sizes, rng)
    hands = [shown_hand(obs, seat) or 0 for seat in obs.active]
    for i, pos in enumerate(hidden):
        hands[pos] = sum(1 << c for c in dealt[i])
    return World(hands, sum(1 << c for c in dealt[-1]))
