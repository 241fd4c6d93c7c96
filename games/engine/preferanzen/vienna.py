"""Vienna Preference (seed 002), registered as `preference_vienna` (the Austrian variant is in
austrian.py beside it): number bids 1-4 with holding, the first-chance hand bids Spiel and
Herz, the taker leading, and the settlement with a 30-point pot and running balances.

Two opt-in options, for the daily challenge's match of independent deals (games/packs/
preference_vienna.py; not offered at ordinary tables, absent = the table rules below):

- `void_deals_count`: an all-pass deal counts towards `deals` (as in the Austrian variant), so a
  match has exactly `deals` deals.
- `fresh_pot`: every deal starts from the full pot (90, as if freshly paid in) and nothing of the
  pot carries over: the taker always takes min(10, 90) = 10, there is no refill, and no stake is
  charged, so the balances start at 0. Each balance is then the sum of its deals' payouts (the
  rows' `scores`: what the deal won from or paid to the pot and the other players), a deal's score
  never depends on an earlier deal, and `totals` = the sum of the rows' `scores`. The pot is the
  counterparty of the payments into and out of it, so the balances do not sum to zero (each row
  keeps `sum(scores) + pot_delta == 0`); every row's `pot` is the pot the next deal starts with (90).
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar, Final

from games.engine.base import BOOL, JSON, TEXT
from games.engine.preferanzen.cards import N
from games.engine.preferanzen.rules import PreferanzenFamilyRules, phase_table
from games.engine.preferanzen.state import Contract, PreferanzenState, Variant
from games.engine.preferanzen.variant import bid_event

NUMBERS: Final = ("1", "2", "3", "4")
NUMBER_SUIT: Final = {"1": "C", "2": "S", "3": "D", "4": "H"}
SUIT_ORDER: Final = "CSDH"
SPIEL_SUITS: Final = "CSD"  # a Spiel names clubs, spades or diamonds; hearts is the Herz bid
STAKE: Final = 30  # each player's contribution to the pot
WIN_FROM_POT: Final = 10
FAIL_TO_POT: Final = 20
DEFENDER_PENALTY: Final = 10
BONUS: Final = 10


def bid_key(bid: JSON | None) -> tuple[int, int]:
    if bid is None:
        return (0, 0)
    if bid["bid"] in NUMBERS:
        return (int(bid["bid"]), 0)
    if bid["bid"] == "spiel":
        return (5, SUIT_ORDER.index(bid["suit"]))
    return (6, 0)  # herz


def has_ace(cards: list[str]) -> bool:
    return any(c[0] == "A" for c in cards)


class ViennaVariant(Variant):
    key = "preference_vienna"
    first_defender_lowest = True
    void_deal_counts = False
    opt_in_options: tuple[str, ...] = ("fresh_pot", "void_deals_count")

    def init_session(self, st: PreferanzenState) -> None:
        st.totals = [0] * N if _fresh_pot(st) else [-STAKE] * N
        st.pot = STAKE * N

    def before_deal(self, st: PreferanzenState) -> JSON | None:
        if _fresh_pot(st):
            st.pot = STAKE * N
        return None

    # ------------------------------------------------------------------ auction
    def bid_actions(self, st: PreferanzenState, seat: int) -> list[JSON]:
        act = partial(bid_event, seat)
        actions = [act("pass")]
        high = st.high
        level, suit_rank = bid_key(high)
        if level <= 4:
            forehand = (st.dealer + 1) % N
            if (
                high is not None
                and st.high_seat is not None
                and (seat - forehand) % N < (st.high_seat - forehand) % N
            ):
                actions.append(act("hold"))  # an earlier bidder keeps the same number with priority
            if level < 4:
                actions.append(act(NUMBERS[level]))
        if not st.acted[seat]:
            if level <= 4:
                actions += [act("spiel", s) for s in SPIEL_SUITS]
            elif level == 5:
                actions += [act("spiel", s) for s in SPIEL_SUITS[suit_rank + 1 :]]
            actions.append(act("herz"))
        return actions

    def record_bid(self, st: PreferanzenState, event: JSON) -> bool:
        seat, bid = event["seat"], event["bid"]
        if bid == "pass":
            st.passed[seat] = True
            return False
        if bid != "hold":
            st.high = {k: v for k, v in event.items() if k in ("bid", "suit")}
        st.high_seat = seat
        return bid == "herz"  # Herz ends the auction at once

    def takes_talon(self, high: JSON) -> bool:
        return high.get("bid") in NUMBERS

    # ------------------------------------------------------------------ contract
    def declare_actions(self, st: PreferanzenState) -> list[JSON]:
        seat = st.declarer
        assert seat is not None
        high = st.high or {}
        bid = high.get("bid", "1")
        if bid in NUMBERS:
            trumps = SUIT_ORDER[int(bid) - 1 :]
        elif bid == "spiel":
            trumps = high["suit"]
        else:
            trumps = "H"
        aceless = not has_ace(st.hands[seat]) and not has_ace(st.discards)
        flags = (False, True) if aceless else (False,)
        return [{"type": "declare", "seat": seat, "trump": t, "no_aces": f} for t in trumps for f in flags]

    def contract_for(self, st: PreferanzenState, event: JSON) -> Contract:
        high = st.high or {}
        bid = high.get("bid", "1")
        game = "number" if bid in NUMBERS else bid
        assert st.declarer is not None
        st.flags["four_aces"] = sum(1 for c in st.hands[st.declarer] if c[0] == "A") == 4
        return Contract(game, event["trump"], "trump", hand=game != "number", no_aces=event["no_aces"])

    def leader(self, st: PreferanzenState) -> int:
        assert st.declarer is not None
        return st.declarer

    # ------------------------------------------------------------------ settlement
    def settle(self, st: PreferanzenState) -> JSON:
        contract, taker = st.contract, st.declarer
        assert contract is not None and taker is not None
        delta = [0] * N
        pot_delta = 0
        won = st.tricks_won[taker] >= 6
        if won:
            take = min(WIN_FROM_POT, st.pot)
            delta[taker] += take
            pot_delta -= take
        else:
            delta[taker] -= FAIL_TO_POT
            pot_delta += FAIL_TO_POT
        defenders = ((taker + 1) % N, (taker + 2) % N)
        for d in defenders:
            if st.defense[d] != "stay":
                continue
            tricks = st.tricks_won[d]
            need = 2
            if st.guest is not None:  # the host collects the guest's tricks and answers for four
                tricks += st.tricks_won[st.guest]
                need = 4
            delta[d] += tricks
            delta[taker] -= tricks
            if tricks < need:
                delta[d] -= DEFENDER_PENALTY
                pot_delta += DEFENDER_PENALTY
        bonuses: list[str] = []
        sign = 1 if won else -1
        if contract.trump == "H":
            bonuses.append("hearts")
        if won and st.flags.get("four_aces"):
            bonuses.append("four_aces")
        if contract.no_aces:
            bonuses.append("no_aces")
        for _ in bonuses:
            for d in defenders:
                delta[d] -= sign * BONUS
                delta[taker] += sign * BONUS
        for s in range(N):
            st.totals[s] += delta[s]
        st.pot += pot_delta
        row: JSON = {
            "deal": st.deal_no,
            "dealer": st.dealer,
            "declarer": taker,
            "bid": st.high,
            "contract": contract.to_json(),
            "tricks": list(st.tricks_won),
            "defense": list(st.defense),
            "guest": st.guest,
            "won": won,
            "bonuses": bonuses,
            "scores": delta,
            "pot_delta": pot_delta,
            "refill": 0,
        }
        last = st.deals_played + 1 >= st.options["deals"]
        if _fresh_pot(st):
            st.pot = STAKE * N  # the next deal's pot, full whatever this one left
        elif st.pot <= 0 and not last:  # the pot is empty: everyone pays in again before the next deal
            for s in range(N):
                st.totals[s] -= STAKE
            st.pot += STAKE * N
            row["refill"] = STAKE
        row["pot"] = st.pot
        return row

    def settle_void(self, st: PreferanzenState) -> JSON:
        return {
            "deal": st.deal_no,
            "dealer": st.dealer,
            "declarer": None,
            "void": True,
            "scores": [0] * N,
            "pot_delta": 0,
            "refill": 0,
            "pot": st.pot,
        }

    def view_extra(self, st: PreferanzenState, seat: int | None) -> JSON:
        extra: JSON = {"pot": st.pot, "balances": list(st.totals)}
        # Named only when switched on (the daily challenge), so the views of every other match stay
        # as they were: the score sheet shows a pot that starts full every deal, and void deals counted.
        for option in self.opt_in_options:
            if st.options.get(option):
                extra[option] = True
        return extra

    def result_extra(self, st: PreferanzenState) -> JSON:
        return {"pot": st.pot, "balances": list(st.totals), "stake": STAKE}


def _fresh_pot(st: PreferanzenState) -> bool:
    return bool(st.options.get("fresh_pot", False))


VARIANT: Final = ViennaVariant()


class ViennaPreferenceState(PreferanzenState):
    """A Vienna Preference session: the shared state with Vienna's phase table."""


#: Vienna declare events name the trump suit and whether "no aces" is announced
PHASES: Final = phase_table({"trump": TEXT, "no_aces": BOOL}, "Vienna Preference")
ViennaPreferenceState.phases = PHASES


class ViennaPreferenceRules(PreferanzenFamilyRules):
    name = "preference_vienna"
    variant: ClassVar[Variant] = VARIANT
    state_class = ViennaPreferenceState
    phases = PHASES


RULES: Final = ViennaPreferenceRules()
