"""Search over one fully known Preisjass deal, from one seat's side.

`Paranoid` is the deal as a two-sided `SearchGame` for the shared alpha-beta (games.ai.search): the seat
maximises the card points it wins, the three others minimise them together. Searched to the end it is
the exact value of the deal for that seat (`solve`), and the tests compare it with a plain minimax.

Before the end is in reach a deal is played out (`playout`) by a fast policy: `greedy` sees every hand
(take a trick with a card nobody behind can beat when it pays, else give away little), `anton` guesses
like Anton does from what a seat can see (its hand, the cards out, the hand sizes), which is how the
opponents at a real table tend to play.
"""

from __future__ import annotations

from collections.abc import Callable

from games.ai.preisjass_search.state import (
    CARD_POINTS,
    LAST_TRICK_BONUS,
    PLAYERS,
    STRENGTH,
    SUIT_MASK,
    TRICKS,
    UNTER,
    Deal,
    bits,
    legal_mask,
    trick_points,
    winner_index,
)
from games.ai.search.alphabeta import Table, search
from games.ai.search.budget import Budget

Policy = Callable[[list[int], int, tuple[int, ...], int, list[int]], int]
EXACT_DEPTH = 64  # deeper than any game: a search to this depth is exact

#: BEATS[trump][lead][card]: the cards that beat `card` in a trick led in suit `lead`
BEATS = tuple(
    tuple(
        tuple(
            sum(1 << x for x in range(36) if STRENGTH[t][lead][x] > max(STRENGTH[t][lead][c], -1))
            for c in range(36)
        )
        for lead in range(4)
    )
    for t in range(4)
)


def _keep(c: int, trump: int) -> float:
    """What a card is worth kept for later tricks (its power to win one), in card points."""
    rank = c % 9
    if c // 9 == trump:
        return {5: 24.0, 3: 16.0, 8: 9.0, 7: 7.0, 6: 6.0}.get(rank, 4.0 + STRENGTH[trump][trump][c] - 100)
    return {8: 6.0, 7: 2.5, 6: 1.0}.get(rank, 0.0)


KEEP = tuple(tuple(_keep(c, t) for c in range(36)) for t in range(4))


class Paranoid:
    """A deal as a zero-sum search from seat `me`: values are the card points `me` wins in the game."""

    def __init__(self, me: int) -> None:
        self.me = me

    def moves(self, state: Deal) -> list[int]:
        cards = bits(state.legal())
        cards.reverse()  # high cards first: they decide tricks and prune best
        return cards

    def play(self, state: Deal, move: int) -> Deal:
        return state.play(move)

    def outcome(self, state: Deal) -> float | None:
        return float(state.points[self.me]) if state.done == TRICKS else None

    def maximizing(self, state: Deal) -> bool:
        return state.turn == self.me

    def key(self, state: Deal) -> tuple[int, ...]:
        return (*state.hands, state.leader, *state.trick, -1, state.points[self.me])

    def evaluate(self, state: Deal) -> float:
        return float(state.points[self.me] + playout(state, greedy)[self.me] - state.points[self.me])

    def quiet(self, state: Deal) -> bool:
        return not state.trick


def solve(deal: Deal, me: int, budget: Budget, table: Table | None = None) -> float:
    """The exact paranoid value of `deal` for seat `me`: the card points it wins in the whole game."""
    return search(Paranoid(me), deal, EXACT_DEPTH, budget, {} if table is None else table)


def greedy(hands: list[int], seat: int, trick: tuple[int, ...], trump: int, voids: list[int]) -> int:
    """A quick choice that sees every hand."""
    options = legal_mask(hands[seat], trick, trump)
    if options & (options - 1) == 0:
        return options.bit_length() - 1
    points, keep = CARD_POINTS[trump], KEEP[trump]
    behind = 0
    for i in range(1, PLAYERS - len(trick)):
        behind |= hands[(seat + i) % PLAYERS]
    best_card, best_value = -1, -1e9
    if not trick:
        for c in bits(options):
            beats = BEATS[trump][c // 9][c]
            if behind & beats:
                value = -points[c] - keep[c] - 0.1 * STRENGTH[trump][c // 9][c]
            else:
                value = points[c] + 8.0 - 0.5 * keep[c]
            if value > best_value:
                best_card, best_value = c, value
        return best_card
    lead = trick[0] // 9
    top = trick[winner_index(trick, trump)]
    above = BEATS[trump][lead][top]
    on_table = points[trick[0]] + sum(points[c] for c in trick[1:])
    if hands[seat] & (hands[seat] - 1) == 0:
        on_table += LAST_TRICK_BONUS
    n_behind = PLAYERS - 1 - len(trick)
    strength = STRENGTH[trump][lead]
    for c in bits(options):
        if above >> c & 1 and not behind & BEATS[trump][lead][c]:
            value = on_table + points[c] + 3.0 * n_behind - keep[c]
        else:
            value = -points[c] - keep[c] - 0.01 * strength[c]
        if value > best_value:
            best_card, best_value = c, value
    return best_card


TRUMP_IN_WEIGHT = 0.45  # Anton's chance-weight that a player holding the led suit trumps in
VOID_TRUMP_IN_WEIGHT = 0.9  # and that a player void in the led suit does
FOLLOW_SHARE = 0.6
GIVE_AWAY = 0.3
HORIZON = 5.0


def anton(hands: list[int], seat: int, trick: tuple[int, ...], trump: int, voids: list[int]) -> int:
    """Anton's rule from what `seat` can see: the others' hands pooled as unknown cards, each held by a
    seat with the chance of its share of them unless the table knows it cannot (`voids[s]`: the cards
    seat s has shown it cannot hold)."""
    hand = hands[seat]
    options = legal_mask(hand, trick, trump)
    if options & (options - 1) == 0:
        return options.bit_length() - 1
    points = CARD_POINTS[trump]
    unseen = 0
    for s in range(PLAYERS):
        if s != seat:
            unseen |= hands[s]
    n_unseen = max(1, unseen.bit_count())
    avg = sum(points[c] for c in bits(unseen)) / n_unseen
    n_behind = PLAYERS - 1 - len(trick)
    behind = [(seat + i) % PLAYERS for i in range(1, n_behind + 1)]
    chance = [hands[s].bit_count() / n_unseen for s in behind]
    left = hand.bit_count() - 1
    fade = min(1.0, left / HORIZON)
    lead = trick[0] // 9 if trick else -1
    on_table = sum(points[c] for c in trick)
    if left == 0:
        on_table += LAST_TRICK_BONUS
    top_beats = BEATS[trump][lead][trick[winner_index(trick, trump)]] if trick else -1
    trumps_mask = SUIT_MASK[trump]
    best_card, best_value = -1, -1e9
    for c in bits(options):
        suit = c // 9
        if left <= 0:
            cost = 0.0
        elif suit == trump:
            rank = c % 9
            if rank == UNTER:
                cost = 42.0
            elif rank == 3:
                cost = 21.0 if unseen >> (9 * trump + UNTER) & 1 else 30.0
            else:
                cost = 6.0 + 1.8 * (STRENGTH[trump][trump][c] - 100)
            cost *= fade
        else:
            higher = unseen & SUIT_MASK[suit] & ~((2 << c) - 1)
            cost = (0.3 * points[c] if higher else 6.0 + 1.2 * points[c]) * fade
        c_lead = lead if trick else suit
        if trick and not top_beats >> c & 1:
            value = -GIVE_AWAY * points[c] - cost
        else:
            beaters = unseen & BEATS[trump][c_lead][c]
            lead_mask = SUIT_MASK[c_lead]
            keep = 1.0
            for s, p in zip(behind, chance, strict=True):
                mine_beaters = beaters & ~voids[s]
                n_trump_in = (mine_beaters & trumps_mask).bit_count() if c_lead != trump else 0
                n_same = mine_beaters.bit_count() - n_trump_in
                weight = VOID_TRUMP_IN_WEIGHT if voids[s] & lead_mask == lead_mask else TRUMP_IN_WEIGHT
                keep *= (1.0 - p) ** n_same * (1.0 - weight * p) ** n_trump_in
            expected = on_table + points[c] + n_behind * FOLLOW_SHARE * avg
            value = keep * expected - (1.0 - keep) * GIVE_AWAY * points[c] - cost
        if value > best_value:
            best_card, best_value = c, value
    return best_card


def playout(
    deal: Deal, policy: Policy, me: int = -1, mine: Policy | None = None, voids: list[int] | None = None
) -> list[int]:
    """Play `deal` to the end of the game; the card points each seat wins from here on. Every seat
    plays `policy`, seat `me` plays `mine` when given. `voids` (per seat, the cards the table knows it
    cannot hold) grows as seats fail to follow."""
    hands = list(deal.hands)
    voids = list(voids) if voids is not None else [0, 0, 0, 0]
    trumps_mask = SUIT_MASK[deal.trump]
    trump = deal.trump
    leader = deal.leader
    trick = deal.trick
    done = deal.done
    gained = [0, 0, 0, 0]
    seat = (leader + len(trick)) % PLAYERS
    while done < TRICKS:
        while len(trick) < PLAYERS:
            choose = mine if seat == me and mine is not None else policy
            c = choose(hands, seat, trick, trump, voids)
            hands[seat] ^= 1 << c
            if trick:
                lead = trick[0] // 9
                suit = c // 9
                if suit != lead and (suit != trump or lead == trump):
                    voids[seat] |= (
                        SUIT_MASK[lead] if lead != trump else trumps_mask & ~(1 << (9 * trump + UNTER))
                    )
            trick = (*trick, c)
            seat = (seat + 1) % PLAYERS
        win = (leader + winner_index(trick, trump)) % PLAYERS
        done += 1
        gained[win] += trick_points(trick, trump, done == TRICKS)
        leader = seat = win
        trick = ()
    return gained
