"""Preferanzen as a `SearchGame` seen from one seat's side: values are that side's points for the deal
(the declarer's own score, or the defenders' scores added up), the other side minimises them. Moves
are pruned to one card of each run of touching cards (cards with only played cards between them take
the same tricks). A search deep enough to reach the end is exact; where the depth runs out between
tricks, `evaluate` estimates the rest from the hands' strength."""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from games.ai.observation.preferanzen import PreferanzenObservation
from games.ai.preferanzen_search.state import BETTLER, INDEX, SUIT_MASK, TRUMP, Deal, at3, bits, cards_in
from games.ai.search.alphabeta import SearchGame, Table, search
from games.ai.search.budget import Budget

EXACT_DEPTH: Final = 64  # deeper than any deal: a search to this depth is exact


def side_value(deal: Deal, scores: list[int] | list[float], me: int) -> float:
    declarer = deal.terms.declarer
    if me == declarer:
        return float(scores[declarer])
    return float(sum(scores) - scores[declarer])


class PreferanzenGame(SearchGame[Deal]):
    """The search adapter for seat `me` (its side maximises). `fold=False` tries every legal card in
    card order (no folding of touching cards, no ordering: the tests' plain reference)."""

    def __init__(self, me: int, fold: bool = True) -> None:
        self.me = me
        self.fold = fold

    def moves(self, state: Deal) -> list[int]:
        legal = state.legal_mask()
        if not self.fold:
            return bits(legal)
        hands = state.hands
        live = hands[0] | hands[1] | hands[2]
        for played in state.trick:
            live |= 1 << played
        cards: list[int] = []
        prev = -1
        rest: int = legal
        while rest:  # lowest card first
            low = rest & -rest
            card = low.bit_length() - 1
            rest ^= low
            if prev >= 0 and prev >> 3 == card >> 3:
                between = ((1 << card) - 1) & ~((2 << prev) - 1)
                if not between & live & ~legal:
                    prev = card
                    continue  # touches the previous card: same tricks
            cards.append(card)
            prev = card
        return _order(state, cards)

    def play(self, state: Deal, move: int) -> Deal:
        return state.play(move)

    def outcome(self, state: Deal) -> float | None:
        if not state.over:
            return None
        return side_value(state, state.scores(), self.me)

    def maximizing(self, state: Deal) -> bool:
        declarer = state.terms.declarer
        return (state.turn == declarer) == (self.me == declarer)

    def key(self, state: Deal) -> tuple[int, int, int]:
        """The hands, whose turn, the trick so far, the tricks won and the runs in three ints: the first
        hand with the turn (2 bits), the runs and each seat's tricks (4 bits each, at most 10), the
        second hand, the third with the trick's cards (6 bits each, counted from -1). Equal keys are
        equal positions, as with every figure in a tuple of its own."""
        h, tricks = state.hands, state.tricks
        trick: i64 = 0
        shift: i64 = 32
        for card in state.trick:
            trick |= (card + 1) << shift
            shift += 6
        first = (
            h[0]
            | state.turn << 32
            | state.run << 34
            | state.best_run << 38
            | tricks[0] << 42
            | tricks[1] << 46
            | tricks[2] << 50
        )
        return (first, h[1], h[2] | trick)

    def quiet(self, state: Deal) -> bool:
        return not state.trick

    def evaluate(self, state: Deal) -> float:
        return side_value(state, estimate_scores(state), self.me)


def _order(state: Deal, cards: list[int]) -> list[int]:
    """Likely best first: a leader's high cards (a Bettler declarer's low ones); a follower wins with its
    cheapest winning card unless its side wins already, else plays low."""
    if len(cards) < 2:
        return cards
    t = state.terms
    seat = state.turn
    if not state.trick:
        if t.kind == BETTLER and seat == t.declarer:
            return cards
        return cards[::-1]
    winning_side = (state.winner_seat == t.declarer) == (seat == t.declarer)
    if t.kind == BETTLER:
        # the declarer ducks with its highest card that stays under; defenders play high when the
        # declarer is already under, else low
        if seat == t.declarer:
            return cards[::-1]
        return cards[::-1] if not winning_side else cards
    if winning_side:
        return cards
    return cards  # ascending: the cheapest winner (legal cards beat when they can) comes first


def estimate_scores(state: Deal) -> list[float]:
    """Every seat's points if the remaining tricks fall as the hands' strength suggests."""
    t = state.terms
    declarer = t.declarer
    hands, order = state.hands, state.order
    mine = at3(hands, declarer)
    left = cards_in(mine)
    tricks = [int(state.tricks[0]), int(state.tricks[1]), int(state.tricks[2])]
    if t.kind == BETTLER:
        # a declarer card with a lower card of its suit behind it can be forced to win
        others: i64 = 0
        for s in range(3):
            if s != declarer and at3(order, s) >= 0:
                others |= at3(hands, s)
        unsafe = 0
        rest: int = mine
        while rest:
            low = rest & -rest
            card = low.bit_length() - 1
            rest ^= low
            below = SUIT_MASK[card >> 3] & ((1 << card) - 1)
            if others & below:
                unsafe += 1
        p = max(0.0, 1.0 - 0.3 * unsafe)
        return _mix(t.scores(tricks, True), t.scores(tricks, False), p)
    power = [0.0, 0.0, 0.0]
    live = hands[0] | hands[1] | hands[2]
    for s in range(3):
        if at3(order, s) >= 0:
            power[s] = _power(at3(hands, s), live, t.trump)
    total = sum(power) or 1.0
    share = power[declarer] / total
    expect = tricks[declarer] + float(left) * share
    if t.kind == TRUMP:
        low = int(expect)
        frac = expect - low
        return _mix(_with(state, low), _with(state, min(low + 1, 10)), 1 - frac)
    # sans atout / durchmarsch: all (or six in a row) needed, a win only when nearly everything is sure
    need = left if t.kind != "sans_atout" else max(0, 6 - state.run)
    p = max(0.0, min(1.0, (float(left) * share - float(need) + 1.0)))
    return _mix(t.scores(tricks, True), t.scores(tricks, False), p)


def _with(state: Deal, declarer_tricks: int) -> list[int]:
    """The scores with the declarer ending on `declarer_tricks` and the defenders sharing the rest as
    they hold it now (by power, rounded)."""
    t = state.terms
    d = t.declarer
    tricks = [int(state.tricks[0]), int(state.tricks[1]), int(state.tricks[2])]
    rest = 10 - (tricks[0] + tricks[1] + tricks[2]) - max(0, declarer_tricks - tricks[d])
    tricks[d] = max(declarer_tricks, tricks[d])
    first = second = -1  # the defenders playing, in seat order
    for s in range(3):
        if s != d and at3(state.order, s) >= 0:
            if first < 0:
                first = s
            else:
                second = s
    if first >= 0 and rest > 0:
        tricks[first] = tricks[first] + ((rest + 1) // 2 if second >= 0 else rest)
        if second >= 0:
            tricks[second] = tricks[second] + rest // 2
    return t.scores(tricks, tricks[d] >= 6)


def _mix(win: list[int], lose: list[int], p: float) -> list[float]:
    """Every seat's points won with chance `p`, else lost (three seats)."""
    q = 1 - p
    return [p * win[0] + q * lose[0], p * win[1] + q * lose[1], p * win[2] + q * lose[2]]


def _power(hand: i64, live: i64, trump: i64) -> float:
    """Rough trick-taking power: masters (highest live card of their suit) and trumps count most."""
    value = 0.1
    for suit in range(4):
        mine: int = hand & SUIT_MASK[suit]
        if not mine:
            continue
        theirs = live & SUIT_MASK[suit] & ~mine
        if suit == trump:
            value += float(cards_in(mine)) * 0.8
        while mine:  # its cards from the highest down
            card = mine.bit_length() - 1
            if theirs >> card:  # a live card of theirs above it
                break
            value += 1.0
            theirs &= theirs - 1  # it wins, and draws out their lowest
            mine ^= 1 << card
    return value


def solve(deal: Deal, me: int, budget: Budget, depth: int = EXACT_DEPTH, table: Table | None = None) -> float:
    """The value of `deal` for seat `me`'s side (exact when `depth` reaches the end of the deal)."""
    return search(PreferanzenGame(me), deal, depth, budget, {} if table is None else table)


def distinct_moves(obs: PreferanzenObservation, cards: list[int]) -> list[int]:
    """The lowest card of each run of legal cards with only played cards between them (they take the
    same tricks in every world)."""
    gone = 0
    for trick in obs.tricks:
        for p in trick.cards:
            gone |= 1 << INDEX[p.card]
    legal = sum(1 << c for c in cards)
    out: list[int] = []
    prev = -1
    for card in sorted(cards):
        if prev >= 0 and prev >> 3 == card >> 3:
            between = ((1 << card) - 1) & ~((2 << prev) - 1)
            if not between & ~gone & ~legal:
                prev = card
                continue
        out.append(card)
        prev = card
    return out
