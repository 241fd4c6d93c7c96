"""Worlds consistent with one seat's Preferanzen / Vienna view: the other two seats' hands and the
hidden pile (the talon before the exchange, the declarer's two discards after it, or the untouched
talon of a hand game), sampled under what the view reveals:

- every card played (the view's `tricks` and the open trick) is gone; the declarer's open hand
  (Bettler Ouvert), the talon and the discards are known where the view shows them;
- the following rule read backwards: a seat that did not follow the led suit holds none of it, one that
  did not trump either holds no trump; a card of the led suit (or a trump) that did not beat the
  winner shows no card of that suit above the winner; Vienna's first defender, bound to the lowest
  beating card, holds no beating card below the one it played;
- Vienna's "no aces": the declarer holds none, nor did it discard one.
"""

from __future__ import annotations

import random
from typing import Any, Final

from games.ai.observation.preferanzen import PreferanzenObservation
from games.ai.preferanzen_search.state import (
    ACES,
    ALL_CARDS,
    INDEX,
    SUIT_MASK,
    SUITS,
    Deal,
    N,
    Terms,
    beats,
    bits,
    mask_of,
    start,
)
from games.ai.search.sampling import sample_places

JSON = dict[str, Any]
PILE: Final = 2  # the place index of the hidden pile (places 0 and 1 are the other seats, in seat order)


def others(me: int) -> tuple[int, int]:
    return ((me + 1) % N, (me + 2) % N)


def played_cards(obs: PreferanzenObservation) -> list[tuple[list[tuple[int, int]], int]]:
    """Every trick so far as ([(seat, card), ...], leader), the open trick last."""
    out = [([(p.seat, INDEX[p.card]) for p in t.cards], t.leader) for t in obs.tricks]
    if obs.trick:
        trick = [(p.seat, INDEX[p.card]) for p in obs.trick]
        out.append((trick, trick[0][0]))
    return out


def excluded(obs: PreferanzenObservation) -> list[int]:
    """For each seat, the mask of cards it cannot hold now (from the following rule)."""
    no = [0, 0, 0]
    contract = obs.contract
    if not contract:
        return no
    trump = SUITS.index(contract.trump) if contract.trump else -1
    declarer = obs.declarer
    vienna = obs.vienna
    three = len(obs.playing) == N
    for trick, _ in played_cards(obs):
        lead = trick[0][1]
        led_suit = SUIT_MASK[lead >> 3]
        winner = lead
        for i, (seat, card) in enumerate(trick[1:], start=1):
            followed = card >> 3 == lead >> 3
            if not followed:
                no[seat] = no[seat] | led_suit
                if trump >= 0 and card >> 3 != trump:
                    no[seat] = no[seat] | SUIT_MASK[trump]
            group_suit = card >> 3 if (followed or card >> 3 == trump) else -1
            if group_suit >= 0:
                group = SUIT_MASK[group_suit]
                if not beats(card, winner, trump):
                    # nothing in the played card's group beat the winner
                    no[seat] = no[seat] | _beaters(group, winner, trump)
                elif vienna and three and i == 1 and trick[0][0] == declarer:
                    no[seat] = no[seat] | (_beaters(group, winner, trump) & ((1 << card) - 1))
            if beats(card, winner, trump):
                winner = card
    return no


def _beaters(group: int, winner: int, trump: int) -> int:
    """The cards of `group` (one suit) that beat `winner`."""
    if group & (1 << winner):
        return group & ~((2 << winner) - 1)
    if trump >= 0 and group == SUIT_MASK[trump]:
        return group
    return 0


def constraints(obs: PreferanzenObservation) -> tuple[list[int], list[int], list[int], dict[int, int]]:
    """(unseen cards, the places each may go to as bits of (other seat 1, other seat 2, pile), the
    places' sizes, the known hands of the other seats as seat -> mask)."""
    me = obs.seat
    mine = mask_of(obs.hand)
    seen = mine
    for trick, _ in played_cards(obs):
        for _, card in trick:
            seen |= 1 << card
    known: dict[int, int] = {}
    declarer = obs.declarer
    if obs.open_hand and declarer is not None and declarer != me:
        known[declarer] = mask_of(obs.open_hand)
        seen |= known[declarer]
    pile_known = 0
    if obs.talon:
        pile_known = mask_of(obs.talon)
    elif obs.discards:
        pile_known = mask_of(obs.discards)
    seen |= pile_known
    unseen = bits(ALL_CARDS & ~seen)
    no = excluded(obs)
    a, b = others(me)
    contract = obs.contract
    if contract and contract.no_aces and declarer is not None and declarer != me:
        no[declarer] = no[declarer] | ACES
        pile_no_aces = not contract.hand
    else:
        pile_no_aces = False
    masks = []
    for card in unseen:
        allowed = 0
        for place, seat in enumerate((a, b)):
            if seat not in known and not no[seat] >> card & 1:
                allowed |= 1 << place
        if not pile_known and not (pile_no_aces and ACES >> card & 1):
            allowed |= 1 << PILE
        masks.append(allowed)
    sizes = [0 if s in known else obs.hand_sizes[s] for s in (a, b)]
    sizes.append(len(unseen) - sizes[0] - sizes[1])
    return unseen, masks, sizes, known


def sample_hands(obs: PreferanzenObservation, rng: random.Random) -> tuple[list[int], int]:
    """One world: every seat's hand as a mask, and the hidden (or known) pile."""
    me = obs.seat
    cards, masks, sizes, known = constraints(obs)
    try:
        places = sample_places(cards, masks, sizes, rng)
    except ValueError:  # the inferences contradict each other (cannot happen in play; be safe)
        places = sample_places(cards, [7] * len(cards), sizes, rng)
    hands = [0, 0, 0]
    hands[me] = mask_of(obs.hand)
    for place, seat in enumerate(others(me)):
        hands[seat] = known.get(seat, 0) | sum(1 << c for c in places[place])
    pile = sum(1 << c for c in places[PILE])
    if obs.talon:
        pile = mask_of(obs.talon)
    elif obs.discards:
        pile = mask_of(obs.discards)
    return hands, pile


def terms_from_view(obs: PreferanzenObservation, hands: list[int] | None = None) -> Terms:
    """The Terms of the deal in play seen from `obs` (the four-aces bonus from a world's hands)."""
    contract = obs.contract
    declarer = obs.declarer
    vienna = obs.vienna
    assert contract is not None and declarer is not None  # a deal in play
    four = False
    if vienna and hands is not None:
        played = 0
        for trick, _ in played_cards(obs):
            for seat, card in trick:
                if seat == declarer:
                    played |= 1 << card
        four = (hands[declarer] | played) & ACES == ACES
    defense = obs.defense
    return Terms(
        vienna=vienna,
        kind=contract.kind,
        game=contract.game,
        trump=SUITS.index(contract.trump) if contract.trump else -1,
        declarer=declarer,
        defense=(defense[0], defense[1], defense[2]),
        guest=obs.guest,
        pot=obs.pot,
        no_aces=contract.no_aces,
        four_aces=four,
    )


def world_deal(obs: PreferanzenObservation, rng: random.Random) -> Deal:
    """A full Deal in play consistent with `obs` (the seat to move is the view's seat)."""
    hands, _ = sample_hands(obs, rng)
    return deal_in_play(obs, hands)


def deal_in_play(obs: PreferanzenObservation, hands: list[int]) -> Deal:
    """The Deal in play that `obs` shows, with every seat's hand now given by `hands` (masks)."""
    deal = start(terms_from_view(obs, hands), hands, list(obs.playing), obs.seat)
    deal.tricks = (obs.tricks_won[0], obs.tricks_won[1], obs.tricks_won[2])
    run = best = 0
    for t in obs.tricks:
        run = run + 1 if t.winner == obs.declarer else 0
        best = max(best, run)
    deal.run, deal.best_run = run, best
    for p in obs.trick:
        card = INDEX[p.card]
        if not deal.trick or beats(card, deal.winner_card, deal.terms.trump):
            deal.winner_card, deal.winner_seat = card, p.seat
        deal.trick += (card,)
        deal.trick_seats += (p.seat,)
    return deal
