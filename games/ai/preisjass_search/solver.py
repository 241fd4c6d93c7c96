"""Search over one fully known Preisjass deal, from one seat's side.

The other seats are modelled by a fixed rule (a `Policy`; Dora uses `anton`), so within one deal only the
seat's own cards branch: `Lines` is that single-agent search, the most card points the seat can win
against those replies, exact over the last tricks (the tests compare it with a plain recursion). Every
seat plays for itself in Preisjass, so the others are not assumed to play against the seat.

Before the end is in reach a deal is played out (`playout`) by a fast policy: `greedy` sees every hand
(take a trick with a card nobody behind can beat when it pays, else give away little), `anton` is
Anton's own rule over what a seat can see (its hand, the cards out, the hand sizes, the voids shown and
the Bodentrumpf), the same choice as games.ai.anton_preisjass in a fraction of the time.

A policy is a `Rule`, called as `rule(hands, seat, trick, trump, voids)`: compiled, a native class whose
calls the search makes directly.
"""

from __future__ import annotations

import math
from typing import Final

from mypy_extensions import i64

from games.ai import anton_preisjass
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
    cards_in,
    legal_mask,
    trick_points,
    winner_index,
)
from games.ai.search.budget import Budget
from games.ai.search.masks import POPCOUNT_12

# Anton's weights (games.ai.anton_preisjass), fixed here so that compiled code reads them directly
TRUMP_IN_WEIGHT: Final[float] = anton_preisjass.TRUMP_IN_WEIGHT
VOID_TRUMP_IN_WEIGHT: Final[float] = anton_preisjass.VOID_TRUMP_IN_WEIGHT
FOLLOW_SHARE: Final[float] = anton_preisjass.FOLLOW_SHARE
GIVE_AWAY: Final[float] = anton_preisjass.GIVE_AWAY
HORIZON: Final[float] = anton_preisjass.HORIZON
KEEP_SCALE: Final[float] = anton_preisjass.KEEP_SCALE


class Rule:
    """A seat's rule in a playout: the card `seat` plays, seeing `hands` (as the rule may: Anton's
    sees only its own), on `trick` with `trump`, where `voids[s]` holds the cards the table knows
    seat s lacks. `rule.choose(...)` or `rule(...)`; compiled, `choose` is a direct call."""

    def choose(
        self, hands: list[int], seat: int, trick: tuple[int, ...], trump: int, voids: list[int]
    ) -> int:
        raise NotImplementedError

    def __call__(
        self, hands: list[int], seat: int, trick: tuple[int, ...], trump: int, voids: list[int]
    ) -> int:
        return self.choose(hands, seat, trick, trump, voids)


Policy = Rule

#: BEATS[trump][lead][card]: the cards that beat `card` in a trick led in suit `lead`
BEATS: Final = tuple(
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


KEEP: Final = tuple(tuple(_keep(c, t) for c in range(36)) for t in range(4))


class Greedy(Rule):
    """A quick choice that sees every hand."""

    def choose(
        self, hands: list[int], seat: int, trick: tuple[int, ...], trump: int, voids: list[int]
    ) -> int:
        return _greedy(hands, seat, trick, trump)


def _greedy(hands: list[int], seat: int, trick: tuple[int, ...], trump: int) -> int:
    options = legal_mask(hands[seat], trick, trump)
    if options & (options - 1) == 0:
        return int(options).bit_length() - 1
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


greedy: Final = Greedy()

#: SUIT_POINTS[trump][suit][m]: the card points of the cards of `suit` in the 9-bit mask `m`
SUIT_POINTS: Final = tuple(
    tuple(
        tuple(sum(CARD_POINTS[t][9 * s + r] for r in range(9) if m >> r & 1) for m in range(512))
        for s in range(4)
    )
    for t in range(4)
)


#: TRUMP_COST[trump][c]: what keeping trump c is worth to Anton (Bauer and Nell apart), before the fade
TRUMP_COST: Final = tuple(tuple(6.0 + 1.8 * (STRENGTH[t][t][c] - 100) for c in range(36)) for t in range(4))
#: HIGHER[c]: the cards of c's suit above c
HIGHER: Final = tuple(SUIT_MASK[c // 9] & ~((2 << c) - 1) for c in range(36))


class Anton(Rule):
    """Anton's rule (games.ai.anton_preisjass) from what `seat` can see, card for card: the others' hands
    pooled as unknown cards, each held by a seat with the chance of its share of them unless the table
    knows it cannot (`voids[s]`: the suits seat s has failed to follow, as `void_after` marks them; a
    failure to follow trump counts only once the Bauer is out of play or in the seat's own hand, as Anton
    reads it). `floor` is the Bodentrumpf's card index, which everyone knows lies with `dealer` until it
    is played (-1: not known). The tests check every decision against Anton's own."""

    def __init__(self, floor: int = -1, dealer: int = -1) -> None:
        self.floor = floor
        self.dealer = dealer

    def choose(
        self, hands: list[int], seat: int, trick: tuple[int, ...], trump: int, voids: list[int]
    ) -> int:
        # compiled, the masks are 64-bit ints (`i64`); `n * 1.0` is the float pow() takes (compiled, a
        # float argument is a direct call into C)
        floor: i64 = self.floor
        dealer: i64 = self.dealer
        hand: i64 = hands[seat]
        options: i64 = legal_mask(hand, trick, trump)
        if options & (options - 1) == 0:
            return int(options).bit_length() - 1
        points = CARD_POINTS[trump]
        unseen: i64 = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
        n_unseen = cards_in(unseen)
        suit_points = SUIT_POINTS[trump]
        avg = (
            suit_points[0][unseen & 0x1FF]
            + suit_points[1][unseen >> 9 & 0x1FF]
            + suit_points[2][unseen >> 18 & 0x1FF]
            + suit_points[3][unseen >> 27]
        ) / max(1, n_unseen)
        # the Bodentrumpf, while still in the dealer's hand, is a card the seat knows the place of
        floor_bit: i64 = 0
        if floor >= 0 and seat != dealer and hands[dealer] >> floor & 1:
            floor_bit = 1 << int(floor)  # (mypyc shifts a constant by an i64 in 32 bits: int() keeps 64)
        n_free = max(1, n_unseen - (1 if floor_bit else 0))
        trumps_mask: i64 = SUIT_MASK[trump]
        bauer_out: i64 = unseen >> (9 * trump + UNTER) & 1
        n_behind = PLAYERS - 1 - len(trick)
        # the seats behind (up to three): what the table knows each lacks, its share of the unseen
        # cards, whether it is the dealer
        first = second = third = _NOBODY
        for k in range(n_behind):
            s = (seat + 1 + k) % PLAYERS
            void: i64 = voids[s]
            # a trump void counts only while the Bauer is out
            behind = (
                void & ~trumps_mask if bauer_out else void,
                min(1.0, cards_in(hands[s]) / n_free),
                s == dealer,
            )
            if k == 0:
                first = behind
            elif k == 1:
                second = behind
            else:
                third = behind
        left = cards_in(hand) - 1
        scale = KEEP_SCALE * min(1.0, left / HORIZON)
        on_table = 0
        for c in trick:
            on_table += points[c]
        if left == 0:
            on_table += LAST_TRICK_BONUS
        spread = n_behind * FOLLOW_SHARE * avg
        beats_t = BEATS[trump]
        lead: i64 = -1
        top_beats: i64 = -1
        if trick:
            lead = trick[0] // 9
            top_beats = beats_t[lead][trick[winner_index(trick, trump)]]
        trump_cost = TRUMP_COST[trump]
        best_card: i64 = -1
        best_value = -1e9
        m: int = options
        while m:  # lowest card first, as bits() gives them: a tie keeps the lower card
            low = m & -m
            card = low.bit_length() - 1
            m ^= low
            suit = card // 9
            pc = points[card]
            if left <= 0:
                cost = 0.0
            elif suit == trump:
                rank = card % 9
                if rank == UNTER:
                    cost = 42.0 * scale
                elif rank == 3:
                    cost = (21.0 if bauer_out else 30.0) * scale
                else:
                    cost = trump_cost[card] * scale
            else:
                cost = (0.3 * pc if unseen & HIGHER[card] else 6.0 + 1.2 * pc) * scale
            if not top_beats & low:
                value = -GIVE_AWAY * pc - cost
            else:
                c_lead = lead if lead >= 0 else suit
                beats: i64 = beats_t[c_lead][card]
                beaters = unseen & beats & ~floor_bit
                lead_mask: i64 = SUIT_MASK[c_lead]
                floor_beats = floor_bit and beats & floor_bit
                keep = 1.0
                for k in range(n_behind):
                    lack, p, is_dealer = first if k == 0 else second if k == 1 else third
                    mine_beaters = beaters & ~lack
                    # their counts (cards_in inline: this is the innermost loop)
                    n_same = (
                        POPCOUNT_12[mine_beaters & 0xFFF]
                        + POPCOUNT_12[mine_beaters >> 12 & 0xFFF]
                        + POPCOUNT_12[mine_beaters >> 24]
                    )
                    n_trump_in = 0
                    if c_lead != trump:
                        trumps_in = mine_beaters & trumps_mask
                        n_trump_in = (
                            POPCOUNT_12[trumps_in & 0xFFF]
                            + POPCOUNT_12[trumps_in >> 12 & 0xFFF]
                            + POPCOUNT_12[trumps_in >> 24]
                        )
                        n_same -= n_trump_in
                    weight = VOID_TRUMP_IN_WEIGHT if lack & lead_mask == lead_mask else TRUMP_IN_WEIGHT
                    # x ** 0 is 1.0: the same product without calling pow for it
                    if n_same:
                        keep *= (
                            math.pow(1.0 - p, n_same * 1.0) * math.pow(1.0 - weight * p, n_trump_in * 1.0)
                            if n_trump_in
                            else math.pow(1.0 - p, n_same * 1.0)
                        )
                    elif n_trump_in:
                        keep *= math.pow(1.0 - weight * p, n_trump_in * 1.0)
                    if is_dealer and floor_beats:  # the dealer surely holds the Bodentrumpf
                        keep *= 1.0 - (1.0 if c_lead == trump else weight)
                value = keep * (on_table + pc + spread) - (1.0 - keep) * GIVE_AWAY * pc - cost
            if value > best_value:
                best_card, best_value = card, value
        return best_card


_NOBODY: Final = (0, 0.0, False)


#: Anton's rule at a table whose Bodentrumpf is not known (-1)
anton: Final = Anton()


def anton_at(floor: int, dealer: int) -> Policy:
    """Anton's rule at a table whose Bodentrumpf (card index `floor`) was dealt to `dealer`."""
    return Anton(floor, dealer)


LOOK_KEEP: Final = 3.0  # how much of a card's power to win later tricks (KEEP) the lookahead charges for it
LOOK_HORIZON: Final = 4  # that charge fades over the seat's last this many cards


class Lookahead(Rule):
    """The seat's own rule in a playout, seeing every hand: each legal card is tried against the other
    seats' replies to the end of the trick (their rule, `others`, is known, so the trick's outcome
    is too); the card taking the most points, less what its power to win later tricks is worth
    (LOOK_KEEP x KEEP, fading over the last LOOK_HORIZON cards), is played. A card that cannot take
    the trick, or the trick's last card, needs no replies. Points other seats take do not count: each
    plays for himself. At a table of Antons with every hand seen this rule takes about 49 points a
    game where `greedy` takes 39 (Anton's share); every reply it plays out is a node of `budget`."""

    def __init__(self, others: Policy, budget: Budget) -> None:
        self.others = others
        self.budget = budget

    def choose(
        self, hands: list[int], seat: int, trick: tuple[int, ...], trump: int, voids: list[int]
    ) -> int:
        options = legal_mask(hands[seat], trick, trump)
        if options & (options - 1) == 0:
            return int(options).bit_length() - 1
        left = cards_in(hands[seat]) - 1
        fade = LOOK_KEEP * min(1.0, left / LOOK_HORIZON)
        keep = KEEP[trump]
        beats = BEATS[trump]
        top_beats = beats[trick[0] // 9][trick[winner_index(trick, trump)]] if trick else -1
        others, spend = self.others, self.budget.spend
        leader = (seat - len(trick)) % PLAYERS
        best_card, best_value = -1, -1e9
        for c in bits(options):
            value = -fade * keep[c]
            if top_beats >> c & 1:  # c would take the trick as it stands: do the seats behind let it?
                after = (*trick, c)
                if len(after) < PLAYERS:
                    rest = list(hands)
                    rest[seat] = rest[seat] ^ (1 << c)
                    s = (seat + 1) % PLAYERS
                    while len(after) < PLAYERS:
                        spend()
                        x = others.choose(rest, s, after, trump, voids)
                        rest[s] = rest[s] ^ (1 << x)
                        after = (*after, x)
                        s = (s + 1) % PLAYERS
                if (leader + winner_index(after, trump)) % PLAYERS == seat:
                    value += trick_points(after, trump, False)  # a last card is never a choice
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
            c = choose.choose(hands, seat, trick, trump, voids)
            hands[seat] = hands[seat] ^ (1 << c)
            if trick:
                lead = trick[0] // 9
                suit = c // 9
                if suit != lead and (suit != trump or lead == trump):
                    voids[seat] = voids[seat] | (
                        SUIT_MASK[lead] if lead != trump else trumps_mask & ~(1 << (9 * trump + UNTER))
                    )
            trick = (*trick, c)
            seat = (seat + 1) % PLAYERS
        win = (leader + winner_index(trick, trump)) % PLAYERS
        done += 1
        gained[win] = gained[win] + trick_points(trick, trump, done == TRICKS)
        leader = seat = win
        trick = ()
    return gained


def void_after(voids: list[int], seat: int, trick: tuple[int, ...], card: int, trump: int) -> None:
    """Mark what a seat has shown it lacks by playing `card` on `trick` (the table's inference)."""
    if trick:
        lead = trick[0] // 9
        suit = card // 9
        if lead == trump:
            if suit != trump:
                voids[seat] = voids[seat] | (SUIT_MASK[trump] & ~(1 << (9 * trump + UNTER)))
        elif suit != lead and suit != trump:
            voids[seat] = voids[seat] | SUIT_MASK[lead]


class Lines:
    """Seat `me`'s best line in one known deal when every other seat plays `others` (a fixed rule, so only
    `me`'s own cards branch): a single-agent search, exact over the last `exact` tricks (with a
    table of the positions it has solved) and played out by `mine` for `me` before that."""

    def __init__(self, me: int, trump: int, others: Policy, mine: Policy, budget: Budget, exact: int) -> None:
        self.me = me
        self.trump = trump
        self.others = others
        self.mine = mine
        self.budget = budget
        self.exact = exact
        self.table: dict[tuple[int, ...], int] = {}

    def value(self, deal: Deal, voids: list[int], card: int) -> int:
        """The card points `me` wins from `deal` on when it plays `card` now (its turn) and then its
        best line (exact once at most `exact` tricks are left, else played out)."""
        voids = list(voids)
        void_after(voids, self.me, deal.trick, card, self.trump)
        hands = list(deal.hands)
        hands[self.me] = hands[self.me] ^ (1 << card)
        return self._on(hands, deal.leader, (*deal.trick, card), deal.done, voids)

    def _on(self, hands: list[int], leader: int, trick: tuple[int, ...], done: int, voids: list[int]) -> int:
        """Play the other seats' cards up to `me`'s next turn; `me`'s points from there on."""
        me, trump, budget = self.me, self.trump, self.budget
        gained = 0
        while True:
            if len(trick) == PLAYERS:
                win = (leader + winner_index(trick, trump)) % PLAYERS
                done += 1
                if win == me:
                    gained += trick_points(trick, trump, done == TRICKS)
                if done == TRICKS:
                    return gained
                leader, trick = win, ()
            seat = (leader + len(trick)) % PLAYERS
            if seat == me:
                break
            budget.spend()
            c = self.others.choose(hands, seat, trick, trump, voids)
            void_after(voids, seat, trick, c, trump)
            hands[seat] = hands[seat] ^ (1 << c)
            trick = (*trick, c)
        if TRICKS - done > self.exact:
            rest = Deal(trump, tuple(hands), leader, trick, done, (0, 0, 0, 0))
            played = 4 * (TRICKS - done) - len(trick)
            budget.nodes_left -= played
            budget.nodes_used += played
            budget.spend()
            return gained + playout(rest, self.others, me, self.mine, voids)[me]
        key = (*hands, leader, *trick, -1, *voids)
        known = self.table.get(key)
        if known is not None:
            return gained + known
        best = -1
        for c in bits(legal_mask(hands[me], trick, trump)):
            budget.spend()
            after = list(voids)
            void_after(after, me, trick, c, trump)
            mine = list(hands)
            mine[me] = mine[me] ^ (1 << c)
            v = self._on(mine, leader, (*trick, c), done, after)
            if v > best:
                best = v
        self.table[key] = best
        return gained + best
