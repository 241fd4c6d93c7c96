"""Anton for Preisjass: a fast rule-based player that decides from the seat's view only.

For every legal card it estimates what playing it is worth now (the trick's points times the chance
that the card still wins after the players behind it) minus what the card would be worth kept for
later (the Bauer and the Nell most of all, then other trumps and the best card of a suit). Played
cards and the players' known voids come from the view's finished tricks; the Bodentrumpf is known to
sit with the dealer until it is played.
"""

from __future__ import annotations

import random

from games.ai.base import JSON
from games.ai.observation.plays import Play
from games.ai.observation.preisjass import PreisjassObservation, observe
from games.engine.cards import DECK_36
from games.engine.preisjass.cards import PLAIN_RANK, POINTS, TRUMP_RANK, power

PLAYERS = 4
TRUMP_IN_WEIGHT = 0.45  # chance-weight that a player holding the led suit trumps in
VOID_TRUMP_IN_WEIGHT = 0.9  # and that a player known to lack the led suit does
FOLLOW_SHARE = 0.6  # share of an average card each later player adds to a trick
GIVE_AWAY = 0.3
HORIZON = 5.0  # keep values fade over the last HORIZON tricks
KEEP_SCALE = 1.0  # cost per point of a card that ends in someone else's trick


class _Table:
    """What the seat knows: its hand, the cards still out, who may hold them, the trick so far."""

    def __init__(self, obs: PreisjassObservation) -> None:
        self.me = obs.seat
        self.trump = obs.trump
        self.points = POINTS[self.trump]
        self.hand = list(obs.hand)
        self.trick = obs.trick
        self.sizes = obs.hand_sizes
        played = set(obs.played)
        self.unseen = [c for c in DECK_36 if c not in played and c not in self.hand]
        self.floor: str | None = obs.bodentrumpf
        self.dealer = obs.dealer
        if self.floor in played or self.dealer == self.me:
            self.floor = None  # no longer a known card in someone's hand
        self.voids = self._voids(obs.tricks + ((self.trick,) if self.trick else ()))
        n_free = len(self.unseen) - (1 if self.floor else 0)
        self.avg_points = sum(self.points[c] for c in self.unseen) / max(1, len(self.unseen))
        self.n_free = max(1, n_free)

    def _voids(self, tricks: tuple[tuple[Play, ...], ...]) -> list[set[str]]:
        voids: list[set[str]] = [set() for _ in range(PLAYERS)]
        bauer_out = ("J" + self.trump) in self.unseen
        for cards in tricks:
            lead = cards[0].card[1]
            for e in cards[1:]:
                suit = e.card[1]
                if suit == lead:
                    continue
                if lead == self.trump:
                    # not following trump proves no trump, unless the Bauer (never forced) may be held
                    if not bauer_out:
                        voids[e.seat].add(lead)
                elif suit != self.trump:
                    # trumping in is allowed while holding the led suit: only a discard proves a void
                    voids[e.seat].add(lead)
        return voids

    def holds(self, seat: int, card: str) -> float:
        """Rough chance that `seat` holds `card` (one of the unseen cards)."""
        if card == self.floor:
            return 1.0 if seat == self.dealer else 0.0
        if card[1] in self.voids[seat]:
            return 0.0
        return min(1.0, self.sizes[seat] / self.n_free)

    def behind(self) -> list[int]:
        """Seats that still play to this trick after me."""
        return [(self.me + i) % PLAYERS for i in range(1, PLAYERS - len(self.trick))]


def _keep_chance(table: _Table, card: str, lead: str) -> float:
    """Chance that `card`, now winning the trick, is not beaten by the players behind."""
    trump = table.trump
    mine = power(card, lead, trump)
    chance = 1.0
    for seat in table.behind():
        void_in_lead = lead in table.voids[seat]
        miss = 1.0
        for x in table.unseen:
            if power(x, lead, trump) <= mine:
                continue
            weight = 1.0  # a higher card of the same suit
            if x[1] == trump and lead != trump:  # trumping in is a choice while the suit is held
                weight = VOID_TRUMP_IN_WEIGHT if void_in_lead else TRUMP_IN_WEIGHT
            miss *= 1.0 - weight * table.holds(seat, x)
        chance *= miss
    return chance


def _keep_value(table: _Table, card: str) -> float:
    """What holding `card` for a later trick is worth (in card points, roughly)."""
    left = len(table.hand) - 1
    if left <= 0:
        return 0.0
    trump = table.trump
    suit = card[1]
    if suit == trump:
        if card[0] == "J":
            value = 42.0
        elif card[0] == "9":
            value = 21.0 if ("J" + trump) in table.unseen else 30.0
        else:
            value = 6.0 + 1.8 * TRUMP_RANK[card[0]]
    else:
        higher_out = any(x[1] == suit and PLAIN_RANK[x[0]] > PLAIN_RANK[card[0]] for x in table.unseen)
        value = 0.3 * table.points[card] if higher_out else 6.0 + 1.2 * table.points[card]
    return KEEP_SCALE * value * min(1.0, left / HORIZON)


def _score(table: _Table, card: str) -> float:
    trump = table.trump
    trick_cards = [e.card for e in table.trick]
    lead = trick_cards[0][1] if trick_cards else card[1]
    mine = table.points[card]
    best = max((power(c, lead, trump) for c in trick_cards), default=-1)
    cost = _keep_value(table, card)
    if power(card, lead, trump) <= best:
        return -GIVE_AWAY * mine - cost
    on_table = sum(table.points[c] for c in trick_cards) + mine
    if len(table.hand) == 1:
        on_table += 5
    n_behind = len(table.behind())
    expected = on_table + n_behind * FOLLOW_SHARE * table.avg_points
    keep = _keep_chance(table, card, lead)
    return keep * expected - (1.0 - keep) * GIVE_AWAY * mine - cost


class AntonPreisjass:
    name = "Anton"

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        if len(legal) == 1 or view.get("trump") is None:
            return legal[0]
        table = _Table(observe(view))
        best, best_score = legal[0], float("-inf")
        for action in legal:
            s = _score(table, action["card"])
            if s > best_score:
                best, best_score = action, s
        return best
