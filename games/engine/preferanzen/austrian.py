"""Austrian "Illustrierte" Preferanzen (seed 000), registered as `preferanzen`: the ten-step bid
ladder, the forehand's hold, the first-round special bids Geschäft and Herzprämie, and the per-deal
payout that sums to zero. Nothing but the totals carries over from one deal to the next (no pot, no
bonus; an all-pass deal counts), so the daily challenge plays it with `deals` alone and a deal's
score is its payout row."""

from __future__ import annotations

from functools import partial
from typing import ClassVar, Final

from games.engine.base import JSON, TEXT
from games.engine.preferanzen.cards import N
from games.engine.preferanzen.rules import PreferanzenFamilyRules, phase_table
from games.engine.preferanzen.state import Contract, PreferanzenState, Variant
from games.engine.preferanzen.variant import bid_event

LADDER: Final = (
    "kreuz",
    "pik",
    "karo",
    "herz",
    "geschaeft",
    "bettler",
    "herzpraemie",
    "sans_atout",
    "bettler_ouvert",
    "durchmarsch",
)
LEVEL: Final = {name: i + 1 for i, name in enumerate(LADDER)}
SPECIAL: Final = ("geschaeft", "herzpraemie")  # first round only, played from the hand
NUMBER_TRUMP: Final = {"kreuz": "C", "pik": "S", "karo": "D", "herz": "H"}
GESCHAEFT_SUITS: Final = "CSDH"  # lowest to highest: hearts is the highest Geschäft
FIXED_VALUE: Final = {"bettler": 20, "sans_atout": 40, "bettler_ouvert": 60, "durchmarsch": 80}
HEART_BONUS: Final = 5  # per defender in a Herzprämie (the declarer gets twice that)


def bid_key(bid: JSON | None) -> tuple[int, int]:
    if bid is None:
        return (0, 0)
    suit = bid.get("suit")
    return (LEVEL[bid["bid"]], GESCHAEFT_SUITS.index(suit) if suit else 0)


def trick_points(lives_defender: bool, lives_declarer: bool) -> int:
    """The four cases of the payout table for one defender (before adding tricks)."""
    if lives_defender:
        return -3 if lives_declarer else 4
    return -8 if lives_declarer else -2


class AustrianVariant(Variant):
    key = "preferanzen"

    # ------------------------------------------------------------------ auction
    def bid_actions(self, st: PreferanzenState, seat: int) -> list[JSON]:
        act = partial(bid_event, seat)
        actions = [act("pass")]
        high = st.high
        level, suit_rank = bid_key(high)
        forehand = (st.dealer + 1) % N
        if seat == forehand and high is not None and st.high_seat != seat and high["bid"] not in SPECIAL:
            actions.append(act("hold"))
        for name in LADDER[level:]:
            if name not in SPECIAL:
                actions.append(act(name))
                break
        if not st.acted[seat]:
            if level < LEVEL["geschaeft"]:
                actions += [act("geschaeft", s) for s in GESCHAEFT_SUITS]
            elif level == LEVEL["geschaeft"]:
                actions += [act("geschaeft", s) for s in GESCHAEFT_SUITS[suit_rank + 1 :]]
            if level < LEVEL["herzpraemie"]:
                actions.append(act("herzpraemie"))
        return actions

    def record_bid(self, st: PreferanzenState, event: JSON) -> bool:
        seat, bid = event["seat"], event["bid"]
        if bid == "pass":
            st.passed[seat] = True
        elif bid == "hold":
            st.high_seat = seat
        else:
            st.high = {k: v for k, v in event.items() if k in ("bid", "suit")}
            st.high_seat = seat
        return False

    def takes_talon(self, high: JSON) -> bool:
        return high.get("bid") not in SPECIAL

    # ------------------------------------------------------------------ contract
    def declare_actions(self, st: PreferanzenState) -> list[JSON]:
        seat = st.declarer
        high = st.high or {}
        bid = high.get("bid", "kreuz")
        if bid == "geschaeft":
            return [{"type": "declare", "seat": seat, "game": "geschaeft", "suit": high["suit"]}]
        if bid == "herzpraemie":
            return [{"type": "declare", "seat": seat, "game": "herzpraemie"}]
        return [
            {"type": "declare", "seat": seat, "game": name}
            for name in LADDER[LEVEL[bid] - 1 :]
            if name not in SPECIAL
        ]

    def contract_for(self, st: PreferanzenState, event: JSON) -> Contract:
        game = event["game"]
        if game in NUMBER_TRUMP:
            return Contract(game, NUMBER_TRUMP[game], "trump", hand=False)
        if game == "geschaeft":
            return Contract(game, event["suit"], "trump", hand=True)
        if game == "herzpraemie":
            return Contract(game, "H", "trump", hand=True)
        if game == "bettler_ouvert":
            return Contract(game, None, "bettler", hand=False, open=True)
        return Contract(game, None, game, hand=False)

    def leader(self, st: PreferanzenState) -> int:
        assert st.declarer is not None and st.contract is not None
        if st.contract.kind == "sans_atout":
            return (st.declarer + 2) % N  # the player on the declarer's right
        return st.declarer

    # ------------------------------------------------------------------ settlement
    def settle(self, st: PreferanzenState) -> JSON:
        contract, declarer = st.contract, st.declarer
        assert contract is not None and declarer is not None
        scores = [0] * N
        row: JSON = {
            "deal": st.deal_no,
            "dealer": st.dealer,
            "declarer": declarer,
            "bid": st.high,
            "contract": contract.to_json(),
            "tricks": list(st.tricks_won),
            "defense": list(st.defense),
            "guest": st.guest,
        }
        if contract.kind == "trump":
            won = st.tricks_won[declarer] >= 6
            for d in ((declarer + 1) % N, (declarer + 2) % N):
                scores[d] = self._defender_points(st, d, won)
            scores[declarer] = -sum(scores)
        else:
            won = _fixed_game_won(st)
            value = FIXED_VALUE[contract.game]
            for d in range(N):
                scores[d] = (
                    (value if won else -value) if d == declarer else (-value // 2 if won else value // 2)
                )
        for s in range(N):
            st.totals[s] += scores[s]
        row["won"] = won
        row["scores"] = scores
        return row

    def _defender_points(self, st: PreferanzenState, seat: int, declarer_lives: bool) -> int:
        assert st.contract is not None
        if st.defense[seat] == "drop":
            lives, credited = True, 0  # a dropped-out (or invited) defender always lives
        elif st.guest is not None:
            credited = st.tricks_won[seat] + st.tricks_won[st.guest]
            lives = credited >= 4
        else:
            credited = st.tricks_won[seat]
            lives = credited >= 2
        points = trick_points(lives, declarer_lives) + credited
        if st.contract.game == "herzpraemie":
            points += -HEART_BONUS if declarer_lives else HEART_BONUS
        return points

    def settle_void(self, st: PreferanzenState) -> JSON:
        return {"deal": st.deal_no, "dealer": st.dealer, "declarer": None, "void": True, "scores": [0] * N}


def _fixed_game_won(st: PreferanzenState) -> bool:
    assert st.contract is not None and st.declarer is not None
    kind = st.contract.kind
    taken = st.tricks_won[st.declarer]
    if kind == "bettler":
        return taken == 0
    if kind == "sans_atout":
        return st.best_run >= 6
    return taken == sum(st.tricks_won) and len(st.hands[st.declarer]) == 0  # durchmarsch: all ten


VARIANT: Final = AustrianVariant()

#: Austrian declare events name the game, and the suit of a Geschäft
PHASES: Final = phase_table({"game": TEXT, "suit": TEXT}, "Preferanzen")
PreferanzenState.phases = PHASES


class PreferanzenRules(PreferanzenFamilyRules):
    name = "preferanzen"
    variant: ClassVar[Variant] = VARIANT
    state_class = PreferanzenState
    phases = PHASES
