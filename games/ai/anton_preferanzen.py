"""Anton for Austrian Preferanzen and Vienna Preference: rule-of-thumb bidding, talon exchange,
declaration, defence and card play. Sees only the seat's view and the legal actions."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Final

from games.ai.observation.preferanzen import PreferanzenObservation, observe
from games.engine.preferanzen import cards as _cards
from games.engine.preferanzen.austrian import LADDER
from games.engine.preferanzen.cards import beats, winning_index

JSON = dict[str, object]
Action = dict[str, object]
SUITS: Final = "CSDH"
LEVEL_SUIT: Final = {"kreuz": "C", "pik": "S", "karo": "D", "herz": "H"}
AUSTRIAN_LADDER: Final[tuple[str, ...]] = LADDER
TALON_HOPE: Final = 0.5  # tricks a number bidder expects the talon to add
#: the engine's ranks (fixed here so that compiled code reads them directly)
RANK_ORDER: Final[str] = _cards.RANK_ORDER
RANK_VALUE: Final[dict[str, int]] = _cards.RANK_VALUE
PAR: Final = 4.0  # estimate at which a trump game is made half the time (measured in self-play)


def rv(card: str) -> int:
    return RANK_VALUE[card[0]]


def by_suit(hand: list[str], suit: str) -> list[int]:
    return sorted((rv(c) for c in hand if c[1] == suit), reverse=True)


# ---------------------------------------------------------------------- hand evaluation
def trump_estimate(hand: list[str], trump: str) -> float:
    """Rough number of tricks the hand takes as declarer with `trump`."""
    est = 0.0
    trumps = by_suit(hand, trump)
    n = len(trumps)
    for suit in SUITS:
        ranks = by_suit(hand, suit)
        length = len(ranks)
        if suit == trump:
            est += _honours(ranks, length) + max(0, length - 3) * 0.9
        else:
            est += _honours(ranks, length) * (0.8 if length >= 5 else 1.0)
            if n >= 4 and length <= 1:
                est += 0.7 if length == 0 else 0.35
    return est


def _honours(ranks: list[int], length: int) -> float:
    value = 0.0
    if 7 in ranks:
        value += 1.0
    if 6 in ranks:
        value += 0.85 if 7 in ranks else (0.55 if length >= 2 else 0.15)
    if 5 in ranks and length >= 3:
        value += 0.6 if (7 in ranks and 6 in ranks) else 0.3
    return value


def misere_risk(hand: list[str]) -> int:
    """Exposure of a no-trump Bettler: for every card, the lower cards of its suit held by others.
    Each of them can be led under the card, and the strict following rule then forces it to beat."""
    mine = set(hand)
    risk = 0
    for card in hand:
        risk += sum(1 for r in RANK_ORDER[: rv(card)] if r + card[1] not in mine)
    return risk


def sure_tricks(hand: list[str]) -> float:
    """No-trump tricks from top sequences (a run of 3+ top cards also cashes the suit's length)."""
    total = 0.0
    for suit in SUITS:
        ranks = by_suit(hand, suit)
        top = 0
        for i, r in enumerate(ranks):
            if r == 7 - i:
                top += 1
            else:
                break
        total += len(ranks) if top >= 3 and len(ranks) - top <= 8 - len(ranks) - top + top else top
    return total


def _p(x: float) -> float:
    return min(0.97, max(0.03, x))


def game_value(hand: list[str], game: str, trump: str | None, vienna: bool, hope: float = 0.0) -> float:
    """Expected points of declaring `game` with this hand (a rough model)."""
    if trump is not None:
        p = _p(0.5 + (trump_estimate(hand, trump) + hope - PAR) * 0.25)
        if vienna:
            bonus = 20 if trump == "H" else 0
            return p * (10 + bonus) - (1 - p) * (24 + bonus)
        if game == "herzpraemie":
            return p * 16 - (1 - p) * 18
        return p * 6 - (1 - p) * 9
    if game in ("bettler", "bettler_ouvert"):
        risk = misere_risk(hand)
        if game == "bettler":
            p = 0.9 if risk <= 4 else 0.65 if risk <= 8 else 0.4 if risk <= 11 else 0.03
        else:
            p = 0.8 if risk <= 3 else 0.4 if risk <= 6 else 0.02
        value = 20 if game == "bettler" else 60
        return p * value - (1 - p) * value
    sure = sure_tricks(hand)
    if game == "sans_atout":
        p = 0.88 if sure >= 8 else 0.55 if sure >= 7 else 0.2 if sure >= 6 else 0.03
        return p * 40 - (1 - p) * 40
    p = 0.97 if sure >= 10 else 0.02
    return p * 80 - (1 - p) * 80


def defence_tricks(hand: list[str], trump: str | None) -> float:
    est = 0.0
    for suit in SUITS:
        ranks = by_suit(hand, suit)
        length = len(ranks)
        if suit == trump:
            est += _honours(ranks, length) + (0.5 if length >= 4 else 0.0)
        else:
            if 7 in ranks:
                est += 0.9 if length <= 4 else 0.6
            if 6 in ranks and length >= 2:
                est += 0.45 if length <= 4 else 0.2
    return est


# ---------------------------------------------------------------------- the player
class AntonPreferanzen:
    name = "Anton"

    def choose(self, view: JSON, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        obs = observe(view)
        phase = obs.phase
        hand = list(obs.hand)
        vienna = obs.vienna
        if phase == "bid":
            return self._bid(obs, legal, hand, vienna)
        if phase == "talon":
            return self._exchange(obs, legal, hand, vienna)
        if phase == "declare":
            return max(legal, key=lambda a: self._declare_value(hand, a, vienna))
        if phase == "defend":
            return self._defend(obs, legal, hand, vienna)
        if phase == "invite":
            want = defence_tricks(hand, _trump(obs)) >= (2.5 if vienna else 1.8)
            return next(a for a in legal if a["invite"] is want)
        return self._play(obs, legal, hand)

    # ------------------------------------------------------------------ auction
    def _bid(self, obs: PreferanzenObservation, legal: list[Action], hand: list[str], vienna: bool) -> Action:
        values = self._bid_values(hand, vienna)
        best: tuple[float, int, Action] | None = None
        for i, action in enumerate(legal):
            bid = str(action["bid"])
            if bid == "pass":
                continue
            if bid == "hold":
                bid = obs.high_bid.bid if obs.high_bid is not None else bid
            value = values(bid, action.get("suit"))
            if value > 0.5 and (best is None or (value, -i) > (best[0], -best[1])):
                best = (value, i, action)
        if best is None:
            return legal[0]
        # prefer the cheap ways up (hold, next step) when they are also good enough
        for action in legal[1:]:
            if action["bid"] in ("hold",) and values(self._held(obs), None) > 0.5:
                return action
        return best[2]

    @staticmethod
    def _held(obs: PreferanzenObservation) -> str:
        return obs.high_bid.bid if obs.high_bid is not None else "pass"

    def _bid_values(self, hand: list[str], vienna: bool):  # type: ignore[no-untyped-def]
        """A function bid -> the best expected value of a game that bid lets Anton declare."""
        cache: dict[tuple[str, object], float] = {}

        def value(bid: str, suit: object) -> float:
            key = (bid, suit)
            if key not in cache:
                cache[key] = self._bid_value(hand, bid, suit, vienna)
            return cache[key]

        return value

    def _bid_value(self, hand: list[str], bid: str, suit: object, vienna: bool) -> float:
        if vienna:
            if bid == "herz":
                return game_value(hand, "herz", "H", True) - 3
            if bid == "spiel":
                return game_value(hand, "spiel", str(suit), True) - 3
            level = int(bid)
            return max(game_value(hand, "n", s, True, TALON_HOPE) for s in SUITS[level - 1 :])
        if bid == "geschaeft":
            return game_value(hand, bid, str(suit), False) - 2
        if bid == "herzpraemie":
            return game_value(hand, bid, "H", False)
        start = AUSTRIAN_LADDER.index(bid)
        options = [g for g in AUSTRIAN_LADDER[start:] if g not in ("geschaeft", "herzpraemie")]
        return max(
            game_value(hand, g, LEVEL_SUIT.get(g), False, TALON_HOPE if g in LEVEL_SUIT else 0.0)
            for g in options
        )

    # ------------------------------------------------------------------ talon and declaration
    def _exchange(
        self, obs: PreferanzenObservation, legal: list[Action], hand: list[str], vienna: bool
    ) -> Action:
        talon = list(obs.talon or ())
        pool = hand + talon
        bid = obs.high_bid.bid if obs.high_bid is not None else "kreuz"
        games = self._allowed_games(bid, vienna)
        shed = sorted(pool, key=rv)[:-2]  # a Bettler sheds its two highest cards
        rated = sorted(
            (
                (game_value(shed if g[0].startswith("bettler") else pool, g[0], g[1], vienna), g)
                for g in games
            ),
            reverse=True,
        )
        keep = 1 if len(rated) == 1 or rated[0][0] - rated[1][0] > 5 else 2
        best: tuple[float, list[str]] = (-1e9, [])
        for _, (game, trump) in rated[:keep]:
            for a, b in combinations(_discard_candidates(pool, game, trump), 2):
                rest = [c for c in pool if c != a and c != b]
                value = game_value(rest, game, trump, vienna)
                if value > best[0]:
                    best = (value, sorted([a, b]))
        return next((x for x in legal if sorted(x["discard"]) == best[1]), legal[0])  # type: ignore[call-overload]

    @staticmethod
    def _allowed_games(bid: str, vienna: bool) -> list[tuple[str, str | None]]:
        if vienna:
            return [("n", s) for s in SUITS[int(bid) - 1 :]] if bid.isdigit() else [("n", "H")]
        start = AUSTRIAN_LADDER.index(bid) if bid in AUSTRIAN_LADDER else 0
        return [
            (g, LEVEL_SUIT.get(g)) for g in AUSTRIAN_LADDER[start:] if g not in ("geschaeft", "herzpraemie")
        ]

    @staticmethod
    def _declare_value(hand: list[str], action: Action, vienna: bool) -> float:
        if vienna:
            trump = str(action["trump"])
            value = game_value(hand, "n", trump, True)
            if action["no_aces"]:
                p = _p(0.5 + (trump_estimate(hand, trump) - PAR) * 0.25)
                value += 20 * p - 20 * (1 - p)
            return value
        game = str(action["game"])
        suit = action.get("suit") or LEVEL_SUIT.get(game) or ("H" if game == "herzpraemie" else None)
        return game_value(hand, game, str(suit) if suit else None, False)

    # ------------------------------------------------------------------ defence
    def _defend(
        self, obs: PreferanzenObservation, legal: list[Action], hand: list[str], vienna: bool
    ) -> Action:
        tricks = defence_tricks(hand, _trump(obs))
        need = 2.2 if vienna else 1.3
        declarer, seat = obs.declarer_seat, obs.seat
        if not vienna and seat == (declarer + 2) % 3 and obs.defense[(declarer + 1) % 3] == "drop":
            need = 1.6  # alone now: staying means carrying the defence (or inviting)
        choice = "stay" if tricks >= need else "drop"
        return next(a for a in legal if a["choice"] == choice)

    # ------------------------------------------------------------------ play
    def _play(self, obs: PreferanzenObservation, legal: list[Action], hand: list[str]) -> Action:
        cards = [str(a["card"]) for a in legal]
        trump = _trump(obs)
        kind = str(obs.contract.kind if obs.contract else None)
        seat, declarer = obs.seat, obs.declarer_seat
        playing = list(obs.playing)
        trick = [(p.seat, p.card) for p in obs.trick]
        seen = set(hand) | {c for _, c in trick}
        for done in obs.tricks:
            seen |= {p.card for p in done.cards}
        open_hand = list(obs.open_hand) if obs.open_hand is not None else None
        unseen = [c for c in _deck() if c not in seen]

        def master(card: str) -> bool:
            return not any(c[1] == card[1] and rv(c) > rv(card) for c in unseen)

        if kind == "bettler":
            if seat == declarer:
                pick = self._lose(cards, trick, trump, unseen)
            else:
                pick = self._feed(cards, trick, trump, declarer, open_hand)
        else:
            pick = self._win(cards, hand, trick, trump, seat, declarer, playing, master)
        return next(a for a in legal if a["card"] == pick)

    def _win(self, cards, hand, trick, trump, seat, declarer, playing, master):  # type: ignore[no-untyped-def]
        """Take tricks for my side; save high cards when partner already wins."""
        low = min(cards, key=rv)
        if not trick:
            masters = [c for c in cards if master(c)]
            if seat == declarer and trump:
                my_trumps = [c for c in cards if c[1] == trump]
                trump_masters = [c for c in my_trumps if master(c)]
                if trump_masters:
                    return max(trump_masters, key=rv)
            side_masters = [c for c in masters if c[1] != trump]
            if side_masters:
                return max(side_masters, key=rv)
            if masters:
                return max(masters, key=rv)
            non_trump = [c for c in cards if c[1] != trump] or cards
            longest = max(SUITS, key=lambda s: sum(1 for c in non_trump if c[1] == s))
            return min((c for c in non_trump if c[1] == longest), key=rv)
        current = [c for _, c in trick]
        win_seat = trick[winning_index(current, trump)][0]
        win_card = current[winning_index(current, trump)]
        partner_wins = (win_seat == declarer) == (seat == declarer)
        last = len(trick) == len(playing) - 1
        winners = [c for c in cards if beats(c, win_card, trump)]
        if partner_wins and (last or master(win_card)):
            return self._cheapest(cards, trump)
        if winners:
            masters = [c for c in winners if master(c)]
            if last or not masters:
                return min(winners, key=rv) if last or partner_wins is False else self._cheapest(cards, trump)
            return min(masters, key=rv)
        return self._cheapest(cards, trump) if cards[0][1] != current[0][1] else low

    @staticmethod
    def _cheapest(cards: list[str], trump: str | None) -> str:
        plain = [c for c in cards if c[1] != trump] or cards
        return min(plain, key=lambda c: (rv(c), sum(1 for x in cards if x[1] == c[1])))

    @staticmethod
    def _lose(cards: list[str], trick: list[tuple[int, str]], trump: str | None, unseen: list[str]) -> str:
        """Bettler declarer: never win a trick if it can be helped."""
        if not trick:
            return min(
                cards, key=lambda c: (rv(c) - sum(1 for u in unseen if u[1] == c[1] and rv(u) > rv(c)), rv(c))
            )
        current = [c for _, c in trick]
        win_card = current[winning_index(current, trump)]
        under = [c for c in cards if not beats(c, win_card, trump)]
        if under:
            return max(under, key=rv)
        return min(cards, key=rv)

    @staticmethod
    def _feed(cards, trick, trump, declarer, open_hand):  # type: ignore[no-untyped-def]
        """Bettler defender: make the declarer take a trick."""
        if not trick:
            if isinstance(open_hand, list) and open_hand:
                for c in sorted(cards, key=rv):
                    if any(o[1] == c[1] and rv(o) > rv(c) for o in open_hand):
                        return c
            return min(cards, key=rv)
        current = [c for _, c in trick]
        win_seat = trick[winning_index(current, trump)][0]
        win_card = current[winning_index(current, trump)]
        if win_seat == declarer:
            under = [c for c in cards if not beats(c, win_card, trump)]
            return max(under, key=rv) if under else min(cards, key=rv)
        if declarer in [s for s, _ in trick]:
            return max(cards, key=rv)  # the declarer is already under: shed a high card
        return min(cards, key=rv)


def _discard_candidates(pool: list[str], game: str, trump: str | None) -> list[str]:
    """The few cards worth considering for the discard of this game."""
    if game.startswith("bettler"):
        mine = set(pool)
        exposure = {c: sum(1 for r in RANK_ORDER[: rv(c)] if r + c[1] not in mine) for c in pool}
        return sorted(pool, key=lambda c: (-exposure[c], -rv(c)))[:6]
    if trump is None:
        return sorted(pool, key=rv)[:6]
    side = [c for c in pool if c[1] != trump]
    return sorted(side, key=lambda c: (rv(c), sum(1 for x in side if x[1] == c[1])))[:6] or pool[:6]


def _trump(obs: PreferanzenObservation) -> str | None:
    return obs.contract.trump if obs.contract else None


_DECK: Final = [r + s for s in SUITS for r in "789TJQKA"]


def _deck() -> list[str]:
    return _DECK
