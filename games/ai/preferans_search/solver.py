"""The double-dummy solver: the number of tricks one side takes from a position under perfect play by
everyone with all hands known.

`Solver.value(deal)` counts the future tricks of the `target` positions (the declarer in a game or a
misère, the searching seat in raspasy) with the `maximizers` trying to raise it and the others to
lower it: the declarer maximises his tricks in a game, the defenders maximise the misère declarer's,
and in raspasy the two others are taken to play against the searching seat (the paranoid view: the
game is not zero-sum there, and the worst case is the safe one).

Searched to trick `stop` and estimated there (`estimate`): a game from the top winners, a misère or
raspasy from the target's cards that cannot duck under the others' (`duck_estimate`).
`SelfishSolver` (selfish.py) is raspasy as it is played, every hand keeping its own tricks down (max^n).

Alpha-beta on whole tricks with a transposition table at trick boundaries (lower and upper bounds per
position) and equivalent cards folded: two cards of one hand with no card between them left in play
(hands and the current trick) are the same move. It runs on plain ints for speed (compiled, on 64-bit
ints): the hands a triple of masks, the trick so far a list of `pos << 5 | card`; `SearchGame` below is
the same game for the shared toolkit (games.ai.search), which the tests compare it with.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from mypy_extensions import i64

from games.ai.preferans_search.state import GAME, MISERE, RASPASY, SUIT_MASK, Deal, bits
from games.ai.search.alphabeta import SearchGame
from games.ai.search.budget import Budget
from games.ai.search.masks import POPCOUNT_12

Hands = tuple[i64, i64, i64]  # a mask per position

#: per (others' byte << 8 | mine), the ranks `_suit_reps` gives (filled in as met)
_REPS: Final[list[tuple[int, ...] | None]] = [None] * 65536
#: high-card strength of a suit's byte: J 1, Q 2, K 3, A 4
_HONOURS: Final = tuple(sum(max(0, r - 3) for r in range(8) if m >> r & 1) for m in range(256))
#: misère/raspasy danger of one suit, by (others' byte << 8 | mine), -1.0 until met
_DUCK: Final[list[float]] = [-1.0] * 65536


def _duck(key: int) -> float:
    """The cards of `mine` (low byte) that cannot duck under `others` (high byte), see
    `Solver.duck_estimate` (cached by key)."""
    risk = _DUCK[key]
    if risk >= 0.0:
        return risk
    mine = [r for r in range(8) if key >> r & 1]
    others = [r for r in range(8) if key >> (8 + r) & 1]
    risk = 0.0
    for j, rank in enumerate(mine):
        if j >= len(others):
            risk += 0.5
        elif rank > others[j]:
            risk += 1.0
    _DUCK[key] = risk
    return risk


def _suit_reps(rest: int, mine: int) -> tuple[int, ...]:
    """Ranks (0..7) of `mine`, one per run of cards with no other card of `rest` between them (the
    highest of each run), highest first."""
    key = rest << 8 | mine
    reps = _REPS[key]
    if reps is None:
        out: list[int] = []
        prev = False  # the card above was mine and nothing of `rest` lies between
        for rank in range(7, -1, -1):
            bit = 1 << rank
            if mine & bit:
                if not prev:
                    out.append(rank)
                prev = True
            elif rest & bit:
                prev = False
        reps = tuple(out)
        _REPS[key] = reps
    return reps


def sides(deal: Deal, me: int) -> tuple[int, int]:
    """(target, maximizers) as position bit masks for the seat at position `me`."""
    if deal.kind == GAME:
        d = 1 << deal.declarer
        return d, d
    if deal.kind == MISERE:
        d = 1 << deal.declarer
        return d, 7 & ~d
    return 1 << me, 7 & ~(1 << me)


def at3(hands: Hands, pos: i64) -> i64:
    return hands[0] if pos == 0 else hands[1] if pos == 1 else hands[2]


def put3(hands: Hands, pos: i64, mask: i64) -> Hands:
    if pos == 0:
        return (mask, hands[1], hands[2])
    if pos == 1:
        return (hands[0], mask, hands[2])
    return (hands[0], hands[1], mask)


def _hands(hands: list[int]) -> Hands:
    return (hands[0], hands[1], hands[2])


def _codes(trick: list[tuple[int, int]]) -> list[int]:
    """A trick of (position, card) as the search holds it: `pos << 5 | card` each."""
    return [pos << 5 | card for pos, card in trick]


def _count(mask: i64) -> i64:
    """The number of cards in a 32-bit mask (`int.bit_count`; see POPCOUNT_12)."""
    return POPCOUNT_12[mask & 0xFFF] + POPCOUNT_12[mask >> 12 & 0xFFF] + POPCOUNT_12[mask >> 24]


def _stably(moves: list[int], keys: list[int]) -> list[int]:
    """`moves` (at most 16) sorted by `keys` (below 16), equal keys in their order: `list.sort(key=...)`
    without a call per element (and on ints below 256, which Python never allocates)."""
    order = [keys[i] << 4 | i for i in range(len(moves))]
    order.sort()
    return [moves[x & 0xF] for x in order]


class Solver:
    def __init__(self, deal: Deal, target: int, maximizers: int, budget: Budget, stop: int = 10) -> None:
        self.stop = stop  # the trick count where `estimate` replaces the search (10: exact)
        self.trump = deal.trump
        self.raspasy = deal.kind == RASPASY
        self.kind = deal.kind
        self.talon_suits = deal.talon_suits
        self.target = target
        self.maximizers = maximizers
        self.budget = budget
        self.game_target = deal.declarer if deal.kind == GAME and target == 1 << deal.declarer else -1
        self.table: dict[tuple[int, int, int], tuple[float, float]] = {}

    # --- public --------------------------------------------------------------------------------
    def value(self, deal: Deal, alpha: float = -1, beta: float = 11) -> float:
        """Future tricks of the target side from `deal` (not counting tricks already taken)."""
        return self._search(_hands(deal.hands), deal.turn, _codes(deal.trick), deal.done, alpha, beta)

    def move_values(self, deal: Deal) -> dict[int, float]:
        """Every legal card of the position to move and the target's future tricks after it (cards that
        are equivalent get their representative's value)."""
        trick = deal.trick
        out: dict[int, float] = {}
        for card, group in self._moves(_hands(deal.hands), deal.turn, _codes(trick), deal.done):
            child = deal.play(card)
            won = 0
            if not child.trick and len(trick) == 2:
                won = 1 if self.target >> last_winner(deal, card) & 1 else 0
            value = won + self._search(
                _hands(child.hands), child.turn, _codes(child.trick), child.done, -1, 11
            )
            for c in group:
                out[c] = value
        return out

    def estimate(self, hands: list[int], turn: int) -> float:
        """The target's future tricks guessed at a trick boundary (`duck_estimate` in misère and
        raspasy, else `trick_estimate`)."""
        return self._estimate(_hands(hands), turn)

    def duck_estimate(self, hands: list[int]) -> float:
        return self._duck_estimate(_hands(hands))

    def trick_estimate(self, hands: list[int], turn: int) -> float:
        return self._trick_estimate(_hands(hands), turn)

    # --- search --------------------------------------------------------------------------------
    def _legal(self, hands: Hands, turn: i64, trick: list[int], done: i64) -> i64:
        hand = at3(hands, turn)
        if self.raspasy and done < 2:
            ts = self.talon_suits[done]
            if ts >= 0 and hand & SUIT_MASK[ts]:
                return hand & SUIT_MASK[ts]
            if trick:
                return _follow(hand, (trick[0] & 31) >> 3, -1)
            return hand
        if trick:
            return _follow(hand, (trick[0] & 31) >> 3, self.trump)
        return hand

    def _rest(self, hands: Hands, turn: i64, trick: list[int]) -> i64:
        """The cards still in play (the hands and the trick) but the hand at `turn`."""
        rest = hands[0] | hands[1] | hands[2]
        for code in trick:
            rest |= 1 << (code & 31)
        return rest & ~at3(hands, turn)

    def _moves(self, hands: Hands, turn: i64, trick: list[int], done: i64) -> list[tuple[int, list[int]]]:
        """(representative card, the equivalent cards it stands for), suit by suit, highest first."""
        legal = self._legal(hands, turn, trick, done)
        rest = self._rest(hands, turn, trick)
        out: list[tuple[int, list[int]]] = []
        for suit in range(4):
            mine = legal >> (8 * suit) & 0xFF
            if not mine:
                continue
            others = rest >> (8 * suit) & 0xFF
            for rank in _suit_reps(others, mine):
                group = [suit * 8 + rank]
                r = rank - 1
                while r >= 0 and not others >> r & 1:
                    if mine >> r & 1:
                        group.append(suit * 8 + r)
                    r -= 1
                out.append((suit * 8 + rank, group))
        return out

    def _reps(self, hands: Hands, turn: i64, trick: list[int], done: i64) -> list[int]:
        """The representative cards of `_moves`, in its order."""
        legal = self._legal(hands, turn, trick, done)
        rest = self._rest(hands, turn, trick)
        out: list[int] = []
        for suit in range(4):
            mine = legal >> (8 * suit) & 0xFF
            if mine:
                for rank in _suit_reps(rest >> (8 * suit) & 0xFF, mine):
                    out.append(suit * 8 + rank)
        return out

    def _order(self, hands: Hands, turn: i64, trick: list[int], done: i64) -> list[int]:
        moves = self._reps(hands, turn, trick, done)
        if len(moves) < 2:
            return moves
        if not trick:
            wants = (self.maximizers >> turn & 1) == (self.target >> turn & 1)
            if not wants:
                return _stably(moves, [c & 7 for c in moves])  # lowest first
            rest = (hands[0] | hands[1] | hands[2]) & ~at3(hands, turn)
            # masters (no card of the others above) first, each group highest first
            keys = []
            for c in moves:
                above = rest & SUIT_MASK[c >> 3] & ~((2 << c) - 1)
                keys.append((8 if above else 0) | (7 - (c & 7)))
            return _stably(moves, keys)
        strong = self._strong(done)
        best_pos, best = trick[0] >> 5, trick[0] & 31
        for code in trick[1:]:
            if _beats(code & 31, best, strong):
                best_pos, best = code >> 5, code & 31
        mine = self.maximizers >> turn & 1
        ally = (self.maximizers >> best_pos & 1) == mine
        wants = mine == (self.target >> turn & 1)  # this hand wants the trick for itself
        winners = [c for c in moves if _beats(c, best, strong)]
        losers = [c for c in moves if not _beats(c, best, strong)]
        winners = _stably(winners, [(8 if c >> 3 == strong else 0) | (c & 7) for c in winners])
        losers = _stably(losers, [c & 7 for c in losers])
        if wants and not ally:
            return winners + losers
        return losers[::-1] + winners if not wants else losers + winners

    def _strong(self, done: i64) -> i64:
        if self.raspasy and done < 2 and self.talon_suits[done] >= 0:
            return self.talon_suits[done]
        return self.trump

    def _search(
        self, hands: Hands, turn: i64, trick: list[int], done: i64, alpha: float, beta: float
    ) -> float:
        self.budget.spend()
        left = 10 - done
        if left == 0:
            return 0
        key: tuple[int, int, int] | None = None
        if not trick:
            if left == 1:
                return self._last_trick(hands, turn, done)
            if done >= self.stop:
                return self._estimate(hands, turn)
            phase = min(done, 2) if self.raspasy else 0
            key = (hands[0] | turn << 32 | phase << 34, hands[1], hands[2])
            entry = self.table.get(key)
            low, high = entry if entry is not None else (0.0, float(left))
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        maximizing = self.maximizers >> turn & 1
        best: float = -1.0 if maximizing else 99.0
        a, b = alpha, beta
        for card in self._order(hands, turn, trick, done):
            after = put3(hands, turn, at3(hands, turn) ^ 1 << card)
            trick.append(turn << 5 | card)
            if len(trick) == 3:
                winner = _winner(trick, self._strong(done))
                won = self.target >> winner & 1
                nxt = 0 if self.raspasy and done + 1 < 2 else winner
                value = won + self._search(after, nxt, [], done + 1, a - won, b - won)
            else:
                value = self._search(after, (turn + 1) % 3, trick, done, a, b)
            trick.pop()
            if maximizing:
                if value > best:
                    best = value
                    if best > a:
                        a = best
                        if a >= b:
                            break
            elif value < best:
                best = value
                if best < b:
                    b = best
                    if a >= b:
                        break
        if key is not None:
            low, high = self.table.get(key, (0.0, float(left)))
            if best <= alpha:
                high = min(high, best)
            elif best >= beta:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high)
        return best

    def _estimate(self, hands: Hands, turn: i64) -> float:
        if self.kind != GAME:
            return self._duck_estimate(hands)
        return self._trick_estimate(hands, turn)

    def _duck_estimate(self, hands: Hands) -> float:
        """Misère and raspasy: the target's future tricks guessed at a trick boundary as the cards it
        cannot duck. Per suit its cards and the others' (both other hands together) are paired lowest
        with lowest: a card above its partner can be forced to win (when the others lead low, or when it
        has to be led), and a card the others have nothing left to pair with wins if it is ever led
        (half a trick: it may go on a void)."""
        left: int = _count(hands[0])
        mine: i64 = 0
        for p in range(3):
            if self.target >> p & 1:
                mine |= at3(hands, p)
        others = (hands[0] | hands[1] | hands[2]) & ~mine
        total = 0.0
        for suit in range(4):
            m = mine >> (8 * suit) & 0xFF
            if m:
                total += _duck((others >> (8 * suit) & 0xFF) << 8 | m)
        return min(float(left), total)

    def _trick_estimate(self, hands: Hands, turn: i64) -> float:
        """The target's future tricks guessed at a trick boundary from each hand's top winners (cards above
        every other card of their suit still out, in a row, and long trumps) and high-card strength.
        For the declarer of a game a linear fit to exact solves of real deals (Anton's bidding),
        elsewhere the winners plus the rest of the tricks shared by strength."""
        left: int = _count(at3(hands, turn))
        first = self._hand_estimate(hands, 0, left)
        second = self._hand_estimate(hands, 1, left)
        third = self._hand_estimate(hands, 2, left)
        sure = [first[0], second[0], third[0]]
        strength = [first[1], second[1], third[1]]
        all_strength = sum(strength)
        share = [x / all_strength for x in strength]
        if self.game_target >= 0:
            d = self.game_target
            return min(float(left), max(0.0, 0.03 * left + 0.555 * sure[d] + 0.746 * share[d] * left))
        total = sum(sure)
        if total > left:
            sure = [x * left / total for x in sure]
            total = left
        rest = left - total
        return sum([sure[p] + rest * share[p] for p in range(3) if self.target >> p & 1])

    def _hand_estimate(self, hands: Hands, pos: i64, left: int) -> tuple[float, float]:
        """(sure tricks, strength) of the hand at `pos` for `_trick_estimate`."""
        mine = at3(hands, pos)
        others = (hands[0] | hands[1] | hands[2]) & ~mine
        sure = 0.0
        strength = 0.5
        for suit in range(4):
            m = mine >> (8 * suit) & 0xFF
            if not m:
                continue
            o = others >> (8 * suit) & 0xFF
            run = 0
            for rank in range(7, -1, -1):
                if m >> rank & 1:
                    run += 1
                elif o >> rank & 1:
                    break
            if suit == self.trump:
                longest = 0  # the longest other hand in trumps
                for q in range(3):
                    if q != pos:
                        longest = max(longest, POPCOUNT_12[at3(hands, q) >> (8 * suit) & 0xFF])
                run = max(run, POPCOUNT_12[m] - longest)
                strength += 2 * POPCOUNT_12[m]
            sure += min(run, left)
            strength += _HONOURS[m]
        return (sure, strength)

    def _last_trick(self, hands: Hands, turn: i64, done: i64) -> int:
        trick = [turn << 5 | int(at3(hands, turn)).bit_length() - 1]
        nxt = (turn + 1) % 3
        trick.append(nxt << 5 | int(at3(hands, nxt)).bit_length() - 1)
        nxt = (turn + 2) % 3
        trick.append(nxt << 5 | int(at3(hands, nxt)).bit_length() - 1)
        return self.target >> _winner(trick, self._strong(done)) & 1


def _follow(hand: i64, suit: i64, trump: i64) -> i64:
    same = hand & SUIT_MASK[suit]
    if same:
        return same
    if trump >= 0 and hand & SUIT_MASK[trump]:
        return hand & SUIT_MASK[trump]
    return hand


def _beats(card: i64, best: i64, strong: i64) -> bool:
    if card >> 3 == best >> 3:
        return card > best
    return card >> 3 == strong


def _winner(trick: list[int], strong: i64) -> int:
    """`trick_winner` of a trick as the search holds it."""
    best_pos, best = trick[0] >> 5, trick[0] & 31
    for code in trick[1:]:
        if _beats(code & 31, best, strong):
            best_pos, best = code >> 5, code & 31
    return best_pos


def trick_winner(trick: list[tuple[int, int]], strong: int) -> int:
    best_pos, best = trick[0]
    for pos, card in trick[1:]:
        if _beats(card, best, strong):
            best_pos, best = pos, card
    return best_pos


def last_winner(deal: Deal, card: int) -> int:
    return deal.trick_winner([*deal.trick, (deal.turn, card)])


class PreferansGame(SearchGame[Deal]):
    """The same game as a `SearchGame` of the shared toolkit (plain, no folding): the value is the
    target side's total tricks at the end of the deal."""

    def __init__(self, target: int, maximizers: int) -> None:
        self.target = target
        self.maximizers = maximizers

    def moves(self, state: Deal) -> list[int]:
        return state.legal()

    def play(self, state: Deal, move: int) -> Deal:
        return state.play(move)

    def outcome(self, state: Deal) -> float | None:
        if not state.over:
            return None
        return float(sum(state.tricks[p] for p in range(3) if self.target >> p & 1))

    def maximizing(self, state: Deal) -> bool:
        return bool(self.maximizers >> state.turn & 1)

    def key(self, state: Deal) -> Hashable:
        return (tuple(state.hands), state.turn, tuple(state.trick), tuple(state.tricks), state.done)

    def evaluate(self, state: Deal) -> float:
        return float(sum(state.tricks[p] for p in range(3) if self.target >> p & 1))

    def quiet(self, state: Deal) -> bool:
        return False


__all__ = ["PreferansGame", "Solver", "bits", "sides"]
