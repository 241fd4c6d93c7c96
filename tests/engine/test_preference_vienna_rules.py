"""Vienna Preference: auction, hand bids, the first defender's rule and the pot settlement."""

from __future__ import annotations

import pytest

from games.engine.base import IllegalAction
from games.engine.preferanzen.vienna import RULES
from tests.engine.test_preferanzen_helpers import act, bids, dealt, play_out

R = RULES


def names(st) -> list[str]:
    return [a["bid"] + (":" + a["suit"] if "suit" in a else "") for a in st.legal_actions()]


def fresh(hands=None, talon=None):
    return dealt(R, 0, hands or {}, talon)


def test_session_starts_with_the_pot() -> None:
    st = fresh()
    assert st.pot == 90 and st.totals == [-30, -30, -30]
    assert st.view(0)["pot"] == 90


def test_number_bids_next_step_only_up_to_four() -> None:
    st = fresh()
    assert names(st) == ["pass", "1", "spiel:C", "spiel:S", "spiel:D", "herz"]
    st = bids(R, st, "1")
    assert "2" in names(st) and "3" not in names(st)
    with pytest.raises(IllegalAction):
        act(R, st, type="bid", bid="3")
    st = bids(R, st, "2", "3", "hold", "4")
    assert st.to_move == 0 and names(st) == ["pass"]  # no 5, and rearhand may not hold


def test_earlier_bidder_may_hold() -> None:
    st = bids(R, fresh(), "1", "2")
    assert "hold" not in names(st)  # rearhand is later than middlehand
    st = bids(R, st, "pass")
    assert "hold" in names(st)  # forehand holds middlehand's 2
    st = bids(R, st, "hold", "3")
    assert "hold" in names(st)
    st = bids(R, st, "hold")
    assert st.to_move == 2 and names(st) == ["pass", "4"]
    st = bids(R, st, "pass")
    assert st.phase == "talon" and st.declarer == 1 and st.high == {"bid": "3"}


def test_pass_is_final_and_all_pass_is_void() -> None:
    st = bids(R, fresh(), "pass", "pass", "pass")
    assert st.phase == "deal" and st.dealer == 1 and st.deals_played == 0
    assert st.rows[-1]["void"] and st.pot == 90 and st.totals == [-30, -30, -30]


def test_spiel_and_herz_only_at_first_chance() -> None:
    st = bids(R, fresh(), "1", "2", "3")
    assert names(st) == ["pass", "hold", "4"]
    st = bids(R, fresh(), "spiel:S")
    assert names(st) == ["pass", "spiel:D", "herz"]  # Spiel beats every number bid
    st = bids(R, st, "spiel:D")
    assert names(st) == ["pass", "herz"]
    st = bids(R, st, "pass", "pass")
    assert st.phase == "declare" and st.declarer == 2
    assert st.legal_actions() == [{"type": "declare", "seat": 2, "trump": "D", "no_aces": False}]


def test_herz_ends_the_auction_at_once() -> None:
    st = bids(R, fresh(), "1", "herz")
    assert st.phase == "declare" and st.declarer == 2 and len(st.talon) == 2


def test_number_taker_exchanges_and_names_trump_at_least_the_bid() -> None:
    st = bids(R, fresh(), "1", "2", "pass", "pass")
    assert st.phase == "talon"
    st = act(R, st, type="exchange", discard=st.hands[2][:2])
    assert {a["trump"] for a in st.legal_actions()} == {"S", "D", "H"}


ACELESS = ["KC", "QC", "JC", "KS", "QS", "KD", "QD", "KH", "QH", "JH"]


def test_no_aces_may_be_announced_only_without_aces() -> None:
    st = bids(R, fresh({1: ACELESS}, ["AC", "7D"]), "1", "pass", "pass")
    st2 = act(R, st, type="exchange", discard=["AC", "7D"])  # an ace discarded: not aceless
    assert {a["no_aces"] for a in st2.legal_actions()} == {False}
    st3 = act(R, st, type="exchange", discard=["7D", "JC"])  # keeps the ace
    assert {a["no_aces"] for a in st3.legal_actions()} == {False}
    st4 = dealt(R, 0, {1: ACELESS}, ["7D", "8D"])
    st4 = bids(R, st4, "1", "pass", "pass")
    st4 = act(R, st4, type="exchange", discard=["7D", "8D"])
    assert {a["no_aces"] for a in st4.legal_actions()} == {False, True}


def test_taker_leads_and_first_defender_plays_lowest_beating_card() -> None:
    st = fresh({1: ["7C", *ACELESS[1:]], 2: ["AC", "9C", "8C", "AS", "AD", "AH", "7S", "8S", "9S", "TS"]})
    st = bids(R, st, "1", "pass", "pass")
    st = act(R, st, type="exchange", discard=list(st.talon))
    st = act(R, st, type="declare", trump="H", no_aces=False)
    st = act(R, st, type="defend", choice="stay")
    st = act(R, st, type="defend", choice="stay")
    assert st.to_move == 1  # the taker leads
    st = act(R, st, type="play", card="7C")
    assert [a["card"] for a in st.legal_actions()] == ["8C"]
    with pytest.raises(IllegalAction) as err:
        act(R, st, type="play", card="AC")
    assert "lowest" in err.value.reason


def test_lowest_rule_not_in_two_handed_play() -> None:
    st = fresh({1: ["7C", *ACELESS[1:]], 2: ["AC", "9C", "8C", "AS", "AD", "AH", "7S", "8S", "9S", "TS"]})
    st = bids(R, st, "1", "pass", "pass")
    st = act(R, st, type="exchange", discard=list(st.talon))
    st = act(R, st, type="declare", trump="H", no_aces=False)
    st = act(R, st, type="defend", choice="stay")
    st = act(R, st, type="defend", choice="drop")
    st = act(R, st, type="invite", invite=False)
    st = act(R, st, type="play", card="7C")
    assert sorted(a["card"] for a in st.legal_actions()) == ["8C", "9C", "AC"]


def taker_game(hand: list[str], trump: str, no_aces: bool = False, talon=None):
    st = fresh({1: hand}, talon)
    st = bids(R, st, "1", "pass", "pass")
    st = act(R, st, type="exchange", discard=list(st.talon))
    return act(R, st, type="declare", trump=trump, no_aces=no_aces)


FOUR_ACES = ["AC", "AS", "AD", "AH", "KH", "QH", "JH", "TH", "9H", "8H"]


def test_both_drop_out_credits_ten_tricks_with_bonuses() -> None:
    st = taker_game(FOUR_ACES, "H")
    st = act(R, st, type="defend", choice="drop")
    st = act(R, st, type="defend", choice="drop")
    row = st.rows[-1]
    assert row["tricks"][1] == 10 and row["won"]
    # 10 from the pot, hearts 10 from each, four aces 10 from each
    assert row["scores"] == [-20, 50, -20] and row["pot_delta"] == -10
    assert row["bonuses"] == ["hearts", "four_aces"]
    assert st.pot == 80 and st.totals == [-50, 20, -50]


def test_success_with_trick_payments_and_defender_penalty() -> None:
    st = taker_game(FOUR_ACES, "C")  # clubs trump: no heart bonus
    st = act(R, st, type="defend", choice="stay")
    st = act(R, st, type="defend", choice="stay")
    st = play_out(R, st)
    row = st.rows[-1]
    t = row["tricks"]
    assert row["won"] == (t[1] >= 6)
    expected = [0, 0, 0]
    pot = 0
    if row["won"]:
        expected[1] += 10
        pot -= 10
        for d in (0, 2):
            expected[d] -= 10
            expected[1] += 10
    else:
        expected[1] -= 20
        pot += 20
    for d in (0, 2):
        expected[d] += t[d]
        expected[1] -= t[d]
        if t[d] < 2:
            expected[d] -= 10
            pot += 10
    assert row["scores"] == expected and row["pot_delta"] == pot
    assert sum(st.totals) + st.pot == 0


def test_failure_pays_twenty_and_heart_bonus_goes_to_defenders() -> None:
    weak = ["7C", "8C", "7S", "8S", "7D", "8D", "9D", "7H", "8H", "9C"]
    st = taker_game(weak, "H")
    st = act(R, st, type="defend", choice="stay")
    st = act(R, st, type="defend", choice="drop")
    st = act(R, st, type="invite", invite=True)
    st = play_out(R, st)
    row = st.rows[-1]
    t = row["tricks"]
    assert not row["won"] and t[0] + t[2] >= 5
    host_tricks = t[0] + t[2]
    # host (seat 2, stayed) collects all defence tricks; guest (seat 0) has no penalty; hearts: +10 each
    assert row["scores"][2] == host_tricks + 10 and row["scores"][0] == 10
    assert row["scores"][1] == -20 - host_tricks - 20 and row["pot_delta"] == 20


def test_no_aces_announced_bonus() -> None:
    hand = ["KC", "QC", "JC", "KS", "QS", "KH", "QH", "JH", "TH", "9H"]
    st = taker_game(hand, "C", no_aces=True, talon=["7D", "8D"])
    assert st.contract is not None and st.contract.no_aces
    st = act(R, st, type="defend", choice="drop")
    st = act(R, st, type="defend", choice="drop")
    assert st.rows[-1]["scores"] == [-10, 30, -10] and st.rows[-1]["bonuses"] == ["no_aces"]


def test_pot_refill_and_balances_carry_over() -> None:
    st = taker_game(FOUR_ACES, "C")
    st.pot = 10  # nine earlier wins emptied most of it
    st.totals = [-30, 50, -30]
    st = act(R, st, type="defend", choice="drop")
    st = act(R, st, type="defend", choice="drop")
    row = st.rows[-1]
    assert row["refill"] == 30 and st.pot == 90
    assert st.totals == [-30 - 10 - 30, 50 + 30 - 30, -30 - 10 - 30]
    assert sum(st.totals) + st.pot == 0


def test_pot_with_less_than_ten_pays_what_is_there() -> None:
    st = taker_game(FOUR_ACES, "C")
    st.pot = 5
    st.totals = [-30, -30, -25]
    st = act(R, st, type="defend", choice="drop")
    st = act(R, st, type="defend", choice="drop")
    assert st.rows[-1]["scores"][1] == 5 + 20 and st.rows[-1]["pot_delta"] == -5
