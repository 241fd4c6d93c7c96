"""Bernd's perfect-information Preisjass: cards as integers, the following rules, a fast greedy playout
policy for sampled deals and an exact max-n endgame solver.

A card is its index in DECK_36 (suit-major C S D H, ranks 6 7 8 9 T J Q K A), so `c // 9` is its suit
and `c % 9` its plain rank. Tables are built once per trump suit. Every function here works on one
sampled deal in which all hands are known; none of it ever sees engine state.
"""

from __future__ import annotations

from games.engine.cards import DECK_36, SUITS
from games.engine.preisjass.cards import LAST_TRICK_BONUS, POINTS, TRUMP_RANK

PLAYERS = 4
TRICKS = 9
CARD_INDEX = {c: i for i, c in enumerate(DECK_36)}
_SUIT = [i // 9 for i in range(36)]
_TRANK = [TRUMP_RANK[c[0]] for c in DECK_36]


def _keep(card: str, trump: str) -> float:
    """What a card is worth kept for later tricks (its power to win one), in card points."""
    if card[1] == trump:
        return {"J": 24.0, "9": 16.0, "A": 9.0, "K": 7.0, "Q": 6.0}.get(card[0], 4.0 + TRUMP_RANK[card[0]])
    return {"A": 6.0, "K": 2.5, "Q": 1.0}.get(card[0], 0.0)


class Tables:
    """Per-trump lookup tables: points, strength by led suit, keep values."""

    __slots__ = ("keep", "points", "power", "trump")

    def __init__(self, trump: str) -> None:
        t = SUITS.index(trump)
        self.trump = t
        self.points = [POINTS[trump][c] for c in DECK_36]
        self.power = [
            [100 + _TRANK[i] if _SUIT[i] == t else (i % 9 if _SUIT[i] == lead else -1) for i in range(36)]
            for lead in range(4)
        ]
        self.keep = [_keep(c, trump) for c in DECK_36]


TABLES = {s: Tables(s) for s in SUITS}


def legal(hand: list[int], trick: list[int], tb: Tables) -> list[int]:
    """The cards of `hand` that may be played on `trick` (the engine's rules, on integers)."""
    if not trick:
        return hand
    t = tb.trump
    lead = _SUIT[trick[0]]
    if lead == t:
        trumps = [c for c in hand if _SUIT[c] == t]
        if not trumps or (len(trumps) == 1 and trumps[0] % 9 == 5):
            return hand
        return trumps
    top = -1
    for c in trick:
        if _SUIT[c] == t and _TRANK[c] > top:
            top = _TRANK[c]
    has_lead = False
    only_trump = True
    for c in hand:
        s = _SUIT[c]
        if s == lead:
            has_lead = True
        if s != t:
            only_trump = False
    if has_lead:
        return [c for c in hand if _SUIT[c] == lead or (_SUIT[c] == t and _TRANK[c] > top)]
    if top < 0 or only_trump:
        return hand
    return [c for c in hand if _SUIT[c] != t or _TRANK[c] > top]


def winner_index(trick: list[int], tb: Tables) -> int:
    power = tb.power[_SUIT[trick[0]]]
    best, best_power = 0, power[trick[0]]
    for i in range(1, len(trick)):
        p = power[trick[i]]
        if p > best_power:
            best, best_power = i, p
    return best


def greedy(hands: list[list[int]], seat: int, trick: list[int], tb: Tables) -> int:
    """A quick perfect-information choice: take the trick with a card nobody behind can beat when it
    pays, otherwise give away as little as possible."""
    options = legal(hands[seat], trick, tb)
    if len(options) == 1:
        return options[0]
    points, keep = tb.points, tb.keep
    behind = [hands[(seat + i) % PLAYERS] for i in range(1, PLAYERS - len(trick))]
    if not trick:
        best_card, best_value = options[0], -1e9
        for c in options:
            power = tb.power[_SUIT[c]]
            mine = power[c]
            sure = all(power[x] < mine for h in behind for x in h)
            value = points[c] + 8.0 - 0.5 * keep[c] if sure else -points[c] - keep[c] - 0.1 * mine
            if value > best_value:
                best_card, best_value = c, value
        return best_card
    power = tb.power[_SUIT[trick[0]]]
    top = max(power[c] for c in trick)
    on_table = sum(points[c] for c in trick)
    if len(hands[seat]) == 1:
        on_table += LAST_TRICK_BONUS
    threat = max((power[x] for h in behind for x in h), default=-1)
    best_card, best_value = options[0], -1e9
    for c in options:
        mine = power[c]
        if mine > top and mine > threat:
            value = on_table + points[c] + 3.0 * len(behind) - keep[c]
        else:
            value = -points[c] - keep[c] - 0.01 * mine
        if value > best_value:
            best_card, best_value = c, value
    return best_card


def playout(hands: list[list[int]], leader: int, trick: list[int], tricks_done: int, tb: Tables) -> list[int]:
    """Play the game to its end with `greedy` for every seat (hands and trick are consumed); returns the
    card points each seat wins from now on, the cards already in the current trick included."""
    gained = [0, 0, 0, 0]
    points = tb.points
    seat = (leader + len(trick)) % PLAYERS
    while True:
        while len(trick) < PLAYERS:
            c = greedy(hands, seat, trick, tb)
            hands[seat].remove(c)
            trick.append(c)
            seat = (seat + 1) % PLAYERS
        win = (leader + winner_index(trick, tb)) % PLAYERS
        tricks_done += 1
        value = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
        if tricks_done == TRICKS:
            gained[win] += value + LAST_TRICK_BONUS
            return gained
        gained[win] += value
        leader = seat = win
        trick = []


def solve(
    hands: list[list[int]], leader: int, trick: list[int], tricks_done: int, tb: Tables, root: int
) -> list[int]:
    """Exact max-n value (points each seat wins from now on) when every seat maximises its own points;
    among equal choices a seat takes the one worst for `root` (a cautious tie rule). Hands and trick are
    restored before returning."""
    seat = (leader + len(trick)) % PLAYERS
    if len(trick) == PLAYERS:
        win = (leader + winner_index(trick, tb)) % PLAYERS
        points = tb.points
        value = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
        if tricks_done + 1 == TRICKS:
            out = [0, 0, 0, 0]
            out[win] = value + LAST_TRICK_BONUS
            return out
        out = solve(hands, win, [], tricks_done + 1, tb, root)
        out[win] += value
        return out
    hand = hands[seat]
    best: list[int] | None = None
    for c in list(legal(hand, trick, tb)):
        i = hand.index(c)
        del hand[i]
        trick.append(c)
        out = solve(hands, leader, trick, tricks_done, tb, root)
        trick.pop()
        hand.insert(i, c)
        if best is None or out[seat] > best[seat] or (out[seat] == best[seat] and out[root] < best[root]):
            best = out
    assert best is not None
    return best
