"""Anton for Schnapsen: a fast rule-based player working only from its seat's view.

Leading: exchange the trump Jack, close with a strong hand, declare marriages (40 before 20, leading
the Queen), cash a sure winner that reaches 66, otherwise lead cheaply while the stock is open and
lead winners (top trumps, then Aces) once it is closed or exhausted. Following: take the trick when it
reaches 66, capture Aces and Tens, otherwise throw the cheapest card that breaks no marriage.
"""

from __future__ import annotations

import random

from games.ai.base import JSON
from games.ai.observation.schnapsen import SchnapsenObservation, observe
from games.engine.schnapsen.cards import CARD_POINTS, STRENGTH, beats, partner

_TRUMP_ORDER = "ATKQJ"
_CLOSE_MARGIN = 70  # estimated points needed before Anton closes the stock
_CAPTURE_ESTIMATE = 5  # average points of the opponent's card in a trick Anton surely wins


class AntonSchnapsen:
    name = "Anton"

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        if len(legal) == 1:
            return legal[0]
        obs = observe(view)
        if obs.trick:
            return _follow(obs, legal)
        return _lead(obs, legal)


# -- leading ----------------------------------------------------------------------------------------


def _own_points(obs: SchnapsenObservation) -> int:
    return obs.points + obs.pending


def _sure_trumps(obs: SchnapsenObservation, hand: list[str], closing: bool = False) -> list[str]:
    """Own trumps that no card in the opponent's hand can beat (from the top of the trump suit).
    The trump card under a closed stock (or one Anton is about to close) is out of play."""
    trump = obs.trump
    out_of_play = {obs.trump_card} if obs.closed or closing else set()
    sure: list[str] = []
    for rank in _TRUMP_ORDER:
        card = rank + trump
        if card in hand:
            sure.append(card)
        elif card not in out_of_play:
            break
    return sure


def _marriage_bonus(obs: SchnapsenObservation, hand: list[str]) -> int:
    trump = obs.trump
    bonus = 0
    for card in hand:
        if card[0] == "K" and partner(card) in hand:
            bonus += 40 if card[1] == trump else 20
    return bonus


def _should_close(obs: SchnapsenObservation, hand: list[str]) -> bool:
    sure = _sure_trumps(obs, hand, closing=True)
    # trumps possibly with the opponent: 5, less Anton's, less the trump card under the stock
    trumps_out = 4 - sum(1 for c in hand if c[1] == obs.trump)
    estimate = _own_points(obs) + _marriage_bonus(obs, hand)
    estimate += sum(CARD_POINTS[c] + _CAPTURE_ESTIMATE for c in sure)
    if len(sure) >= 2 or trumps_out <= 1:
        aces = [c for c in hand if c[0] == "A" and c[1] != obs.trump]
        estimate += sum(CARD_POINTS[c] + _CAPTURE_ESTIMATE for c in aces)
    return estimate >= _CLOSE_MARGIN


def _lead(obs: SchnapsenObservation, legal: list[JSON]) -> JSON:
    hand = list(obs.hand)
    trump: str = obs.trump
    by_type: dict[str, JSON] = {a["type"]: a for a in legal if a["type"] != "play"}
    if "exchange_trump" in by_type:
        return by_type["exchange_trump"]
    plays = [a for a in legal if a["type"] == "play"]
    plain = [a for a in plays if not a.get("marriage")]
    marriages = [a for a in plays if a.get("marriage")]
    own = _own_points(obs)
    if marriages and obs.tricks[obs.seat]:
        best = max(marriages, key=lambda a: a["card"][1] == trump)
        if own + (40 if best["card"][1] == trump else 20) >= 66:
            return best  # counted at once: the deal is won on the spot
    sure = _sure_trumps(obs, hand)
    for card in sure:
        if own + CARD_POINTS[card] >= 66:
            return _play(plain, card)
    if "close" in by_type and _should_close(obs, hand):
        return by_type["close"]
    if marriages:
        # 40 before 20; lead the Queen (fewer points at risk)
        return min(marriages, key=lambda a: (a["card"][1] != trump, a["card"][0] != "Q"))
    if obs.strict:
        return _play(plain, _strict_lead(obs, hand, sure))
    return min(plain, key=lambda a: _open_lead_cost(a["card"], hand, trump))


def _strict_lead(obs: SchnapsenObservation, hand: list[str], sure: list[str]) -> str:
    trump = obs.trump
    if sure:
        return sure[0]
    aces = [c for c in hand if c[0] == "A"]
    if aces:
        return aces[0]
    tens = [c for c in hand if c[0] == "T" and c[1] != trump]
    if tens:
        return tens[0]
    return min(hand, key=lambda c: (c[1] == trump, CARD_POINTS[c]))


def _open_lead_cost(card: str, hand: list[str], trump: str) -> float:
    cost = float(CARD_POINTS[card])
    if card[1] == trump:
        cost += 20
    if card[0] in "KQ":
        cost += 6  # its marriage may still come
    return cost


def _play(plain: list[JSON], card: str) -> JSON:
    for action in plain:
        if action["card"] == card:
            return action
    return plain[0]


# -- following --------------------------------------------------------------------------------------


def _follow(obs: SchnapsenObservation, legal: list[JSON]) -> JSON:
    hand = list(obs.hand)
    trump: str = obs.trump
    led: str = obs.trick[0].card
    cards = [a["card"] for a in legal]
    winners = [c for c in cards if beats(c, led, trump)]
    own = _own_points(obs)
    reaching = [c for c in winners if own + CARD_POINTS[led] + CARD_POINTS[c] >= 66]
    if reaching:
        return _pick(legal, min(reaching, key=lambda c: (c[1] == trump, STRENGTH[c])))
    if obs.strict:
        if winners:
            return _pick(legal, min(winners, key=lambda c: (c[1] == trump, CARD_POINTS[c])))
        return _pick(legal, min(cards, key=lambda c: _discard_cost(c, hand, trump)))
    same_suit = [c for c in winners if c[1] == led[1] and not _in_marriage(c, hand)]
    if same_suit:
        tens = [c for c in same_suit if c[0] == "T"]
        return _pick(legal, tens[0] if tens else max(same_suit, key=lambda c: CARD_POINTS[c]))
    if led[1] != trump and CARD_POINTS[led] >= 10:
        trumps = [c for c in winners if c[1] == trump and not _in_marriage(c, hand)]
        if trumps:
            return _pick(legal, min(trumps, key=lambda c: STRENGTH[c]))
    return _pick(legal, min(cards, key=lambda c: _discard_cost(c, hand, trump)))


def _in_marriage(card: str, hand: list[str]) -> bool:
    return card[0] in "KQ" and partner(card) in hand


def _discard_cost(card: str, hand: list[str], trump: str) -> float:
    cost = float(CARD_POINTS[card])
    if card[1] == trump:
        cost += 30
    if _in_marriage(card, hand):
        cost += 25
    return cost


def _pick(legal: list[JSON], card: str) -> JSON:
    for action in legal:
        if action.get("card") == card:
            return action
    return legal[0]
