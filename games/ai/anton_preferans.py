"""Anton for Russian Preferans: a fast rule-based player that sees only its seat's view.

Bidding counts sure tricks (top sequences, long trumps, a little for the talon); the exchange keeps the
ten cards with the best count; whisting compares defensive tricks with the obligation; card play wins
cheaply with masters, ducks in misère and raspasy.
"""

from __future__ import annotations

import random
from typing import Any, Final

from games.ai.observation.preferans import PreferansObservation, observe

JSON = dict[str, Any]

RANKS: Final = "789TJQKA"
RANK: Final = {r: i for i, r in enumerate(RANKS)}
SUITS: Final = ("S", "C", "D", "H")
LADDER_SUITS: Final = ("S", "C", "D", "H", "NT")
VALUE: Final = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
#: tricks one whister wants in hand before whisting (shared obligation, a little margin)
WHIST_NEED: Final = {6: 2.0, 7: 1.5, 8: 1.0, 9: 1.0, 10: 0.0}
#: a lone whister after a half whist must carry the whole obligation
LONE_NEED: Final = {6: 3.5, 7: 2.0}
TALON_BONUS: Final = 1.6


def _by_suit(cards: list[str]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {s: [] for s in SUITS}
    for c in cards:
        out[c[1]].append(RANK[c[0]])
    for ranks in out.values():
        ranks.sort(reverse=True)
    return out


def _top_run(ranks: list[int]) -> int:
    """How many cards from the ace down the suit holds without a gap (A, AK, AKQ ...)."""
    run = 0
    for i, r in enumerate(ranks):
        if r != 7 - i:
            break
        run += 1
    return run


def _suit_tricks(ranks: list[int], role: str) -> float:
    """role: "trump", "side" (in a trump game) or "nt"."""
    length, top = len(ranks), _top_run(ranks)
    guard = 0.5 if top == 0 and length >= 2 and ranks[0] == 6 else 0.0
    if role == "trump":
        return min(length, top + max(0, length - 3)) + guard
    if role == "nt":
        if top >= 3 and length >= 4:
            return float(length)
        return top + guard
    return min(top, 3) + guard


def declarer_tricks(cards: list[str], trump: str) -> float:
    """Tricks a declarer expects from these cards with `trump` ("NT" for no trump)."""
    suits = _by_suit(cards)
    if trump == "NT":
        total = sum(_suit_tricks(r, "nt") for r in suits.values())
        unstopped = sum(1 for r in suits.values() if not r or (r[0] < 7 and not (r[0] == 6 and len(r) >= 2)))
        return total - 1.0 * unstopped
    total = 0.0
    for s, r in suits.items():
        total += _suit_tricks(r, "trump" if s == trump else "side")
    # short side suits let the long trumps ruff
    trumps = len(suits[trump])
    voids = sum(1 for s, r in suits.items() if s != trump and not r)
    return total + 0.5 * min(voids, max(0, trumps - 4))


def best_trump(cards: list[str]) -> tuple[str, float]:
    scored = [(declarer_tricks(cards, t), -i, t) for i, t in enumerate(LADDER_SUITS)]
    tricks, _, trump = max(scored)
    return trump, tricks


def defence_tricks(cards: list[str], trump: str | None) -> float:
    """Tricks a defender expects against a declarer playing with `trump` (None: no trump)."""
    total = 0.0
    for s, r in _by_suit(cards).items():
        if not r:
            continue
        if s == trump:
            top = _top_run(r)
            total += top + (0.6 if top == 0 and r[0] == 6 and len(r) >= 2 else 0.0)
            total += max(0, len(r) - 3 - top) * 0.7
        else:
            top = min(_top_run(r), 2 if trump else 3)
            total += top + (0.4 if top == 0 and r[0] == 6 and len(r) >= 2 else 0.0)
    return total


def misere_risk(cards: list[str]) -> float:
    """0 for a clean misère; each suit whose i-th lowest card is above rank 2i adds risk."""
    risk = 0.0
    for r in _by_suit(cards).values():
        low = sorted(r)
        for i, rank in enumerate(low):
            if rank > 2 * i:
                risk += 1.0 + (rank - 2 * i) * 0.1
                break
    return risk


def _parse_bid(bid: str) -> tuple[int, str]:
    if bid.endswith("NT"):
        return int(bid[:-2]), "NT"
    return int(bid[:-1]), bid[-1]


def _bid_rank(bid: str) -> int:
    if bid == "MIS":
        return 15
    level, suit = _parse_bid(bid)
    return (level - 6) * 5 + LADDER_SUITS.index(suit) + (1 if level >= 9 else 0)


class AntonPreferans:
    name = "Anton"
    #: tricks the talon and the discard are worth when bidding
    talon_bonus = TALON_BONUS
    #: added to every whist threshold (tuning knob)
    whist_margin = 0.0
    #: highest misère risk still bid
    misere_limit = 1.5
    #: a second defender whisting after a pass defends alone
    lone_aware = True

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        obs = observe(view)
        kind = legal[0]["type"]
        if kind == "bid":
            return self._bid(obs, legal)
        if kind == "exchange":
            return self._exchange(obs, legal)
        if kind == "declare":
            return self._declare(obs, legal)
        if kind == "defend":
            return self._defend(obs, legal)
        if kind == "mode":
            return next(a for a in legal if a["mode"] == "open")
        if kind == "play":
            card = _Table(obs).choose([a["card"] for a in legal])
            return next(a for a in legal if a["card"] == card)
        return legal[rng.randrange(len(legal))]

    # --- bidding -----------------------------------------------------------------------------------
    def _bid(self, obs: PreferansObservation, legal: list[JSON]) -> JSON:
        by_bid = {a["bid"]: a for a in legal}
        hand = list(obs.hand)
        if "MIS" in by_bid and misere_risk(hand) <= self.misere_limit:
            return by_bid["MIS"]
        trump, tricks = best_trump(hand)
        level = min(10, int(tricks + self.talon_bonus))
        if level < 6:
            return by_bid["pass"]
        limit = _bid_rank(f"{level}{trump}")
        if "hold" in by_bid and obs.high_bid and _bid_rank(obs.high_bid) <= limit:
            return by_bid["hold"]
        raises = [b for b in by_bid if b not in ("pass", "hold", "MIS") and _bid_rank(b) <= limit]
        if raises:
            return by_bid[min(raises, key=_bid_rank)]
        return by_bid["pass"]

    # --- talon and contract ------------------------------------------------------------------------
    def _exchange(self, obs: PreferansObservation, legal: list[JSON]) -> JSON:
        hand = list(obs.hand)
        if obs.high_bid == "MIS":
            # only the seven highest cards are worth trying to throw away
            worst = set(sorted(hand, key=lambda c: -RANK[c[0]])[:7])
            options = [a for a in legal if set(a["discard"]) <= worst] or legal
            return min(options, key=lambda a: misere_risk([c for c in hand if c not in a["discard"]]))
        trump, _ = best_trump(hand)
        # candidates: the seven least useful cards (side suits before trumps, low before high)
        spare = set(sorted(hand, key=lambda c: (c[1] == trump, RANK[c[0]]))[:7])
        options = [a for a in legal if set(a["discard"]) <= spare] or legal

        def kept_value(action: JSON) -> tuple[float, int]:
            rest = [c for c in hand if c not in action["discard"]]
            # tie-break: throw away low cards
            return declarer_tricks(rest, trump), -sum(RANK[c[0]] for c in action["discard"])

        return max(options, key=kept_value)

    def _declare(self, obs: PreferansObservation, legal: list[JSON]) -> JSON:
        hand = list(obs.hand)
        estimates = {t: declarer_tricks(hand, t) for t in LADDER_SUITS}

        def expected(action: JSON) -> float:
            level, trump = _parse_bid(action["contract"])
            tricks = estimates[trump]
            if tricks >= level:
                return VALUE[level] - 0.01 * level
            return -VALUE[level] * (level - tricks) * 2

        return max(legal, key=expected)

    # --- whisting ----------------------------------------------------------------------------------
    def _defend(self, obs: PreferansObservation, legal: list[JSON]) -> JSON:
        calls = {a["call"]: a for a in legal}
        assert obs.contract is not None  # whist calls follow the contract
        level, _ = _parse_bid(obs.contract)
        mine = defence_tricks(list(obs.hand), obs.trump)
        others = [c for s, c in enumerate(obs.whist_calls) if s != obs.seat and c is not None]
        if obs.whist_calls[obs.seat] == "pass" and "half" in others:
            # answering a half whist: whisting now means defending alone
            need = LONE_NEED.get(level, WHIST_NEED[level])
            return calls["whist"] if mine >= need + self.whist_margin else calls["pass"]
        need = WHIST_NEED[level]
        if self.lone_aware and "pass" in others:
            # the first defender passed: a whist now carries the whole obligation (with his cards)
            need = LONE_NEED.get(level, need)
        if mine >= need + self.whist_margin:
            return calls["whist"]
        if "half" in calls and mine >= 1.0:
            return calls["half"]
        return calls["pass"]


# --- card play ---------------------------------------------------------------------------------------


class _Table:
    """What the view tells about the current trick and the cards still out."""

    def __init__(self, obs: PreferansObservation) -> None:
        self.obs = obs
        self.trick: list[tuple[int, str]] = [(t.seat, t.card) for t in obs.trick]
        self.trump: str | None = obs.trump
        self.raspasy: bool = obs.raspasy
        self.misere = obs.contract == "MIS"
        self.declarer: int | None = obs.declarer
        # the hand this card comes from (a lone open whister also plays his partner's cards)
        assert obs.turn is not None  # the card play always has a seat to move
        self.me: int = obs.turn
        known = set(obs.played) | {c for _, c in self.trick} | set(obs.hand)
        for cards in obs.open_hands:
            known |= set(cards or [])
        if obs.discard:
            known |= set(obs.discard)
        self.unseen = {s: [RANK[r] for r in RANKS if r + s not in known] for s in SUITS}
        done = len(obs.played) // 3
        talon = obs.talon or ()
        self.talon_suit = talon[done][1] if self.raspasy and done < 2 and len(talon) > done else None

    def _lead_suit(self) -> str:
        if self.talon_suit and any(c[1] == self.talon_suit for _, c in self.trick):
            return self.talon_suit
        return self.trick[0][1][1]

    def winning(self) -> tuple[int, str]:
        """Seat and card currently winning the trick."""
        best = self.trick[0]
        lead = self._lead_suit()
        for seat, card in self.trick:
            bs = best[1][1]
            if (card[1] == bs and RANK[card[0]] > RANK[best[1][0]]) or (
                card[1] != bs and (card[1] == self.trump or (bs != self.trump and card[1] == lead))
            ):
                best = (seat, card)
        return best

    def beats(self, card: str, winner: str) -> bool:
        if card[1] == winner[1]:
            return RANK[card[0]] > RANK[winner[0]]
        return card[1] == self.trump

    def master(self, card: str) -> bool:
        return all(r < RANK[card[0]] for r in self.unseen[card[1]])

    def choose(self, cards: list[str]) -> str:
        if self.raspasy or self.misere:
            return self._avoid(cards) if self.raspasy or self.me == self.declarer else self._force(cards)
        return self._lead(cards) if not self.trick else self._follow(cards)

    # trick-taking contracts
    def _partner_side(self, seat: int) -> bool:
        me_declarer = self.me == self.declarer
        return (seat == self.declarer) == me_declarer

    def _lead(self, cards: list[str]) -> str:
        masters = [c for c in cards if self.master(c)]
        trumps = [c for c in cards if c[1] == self.trump]
        declarer = self.me == self.declarer
        if declarer and trumps and self.unseen.get(str(self.trump)):
            top = max(trumps, key=lambda c: RANK[c[0]])
            if self.master(top) or len(trumps) >= 4:
                return top if self.master(top) else min(trumps, key=lambda c: RANK[c[0]])
        side_masters = [c for c in masters if c[1] != self.trump or declarer]
        if side_masters:
            return max(side_masters, key=lambda c: RANK[c[0]])
        side = [c for c in cards if c[1] != self.trump] or cards
        longest = max(SUITS, key=lambda s: sum(1 for c in side if c[1] == s))
        return min((c for c in side if c[1] == longest), key=lambda c: RANK[c[0]])

    def _follow(self, cards: list[str]) -> str:
        seat, card = self.winning()
        last = len(self.trick) == 2
        low = min(cards, key=lambda c: (c[1] == self.trump, RANK[c[0]]))
        if self._partner_side(seat) and (last or self.master(card)):
            return low
        winners = sorted(
            (c for c in cards if self.beats(c, card)), key=lambda c: (c[1] == self.trump, RANK[c[0]])
        )
        if not winners:
            return low
        if last or winners[0][1] != card[1] or self.master(winners[-1]):
            safe = [c for c in winners if last or c[1] != card[1] or self.master(c)]
            return safe[0]
        return low

    # misère and raspasy
    def _avoid(self, cards: list[str]) -> str:
        """Take no trick: duck with the highest card that stays under, else dump the highest."""
        if not self.trick:
            safe = [c for c in cards if self._forced_over(c)]
            if safe:  # an open hand must go over this card: dump the highest such card
                return max(safe, key=lambda c: RANK[c[0]])
            # lead where the others hold the most cards above ours
            return max(
                cards, key=lambda c: (sum(1 for r in self.unseen[c[1]] if r > RANK[c[0]]), -RANK[c[0]])
            )
        _, card = self.winning()
        under = [c for c in cards if not self.beats(c, card)]
        if under:
            return max(under, key=lambda c: RANK[c[0]] if c[1] == card[1] else 10 + RANK[c[0]])
        if len(self.trick) == 2:
            return max(cards, key=lambda c: RANK[c[0]])
        return min(cards, key=lambda c: RANK[c[0]])

    def _forced_over(self, card: str) -> bool:
        """Some open hand holds the suit only above `card` (misère declarer sees both defenders)."""
        for seat, hand in enumerate(self.obs.open_hands):
            if hand and seat != self.me:
                ranks = [RANK[c[0]] for c in hand if c[1] == card[1]]
                if ranks and min(ranks) > RANK[card[0]]:
                    return True
        return False

    def _force(self, cards: list[str]) -> str:
        """Misère defence: follow low so the declarer stays on top; throw high cards when void."""
        if self.trick and all(c[1] != self._lead_suit() for c in cards):
            return max(cards, key=lambda c: RANK[c[0]])
        return min(cards, key=lambda c: RANK[c[0]])


__all__ = ["AntonPreferans", "best_trump", "declarer_tricks", "defence_tricks", "misere_risk"]
