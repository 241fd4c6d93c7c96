"""Preferanzen: deal pattern, the bid ladder, holding, special bids, talon and declaration."""

from __future__ import annotations

import pytest

from games.engine.base import IllegalAction
from games.engine.preferanzen import RULES
from tests.engine.test_preferanzen_helpers import act, bids, dealt, deck_for, start

R = RULES


def fresh(dealer: int = 0):
    return dealt(R, dealer, {})


def names(st) -> list[str]:
    return [a["bid"] + (":" + a["suit"] if "suit" in a else "") for a in st.legal_actions()]


def test_deal_pattern_three_talon_four_three() -> None:
    st = start(R)
    deck = [f"{r}{s}" for s in "CSDH" for r in "789TJQKA"]
    out = R.apply(st, {"type": "deal", "deck": deck})
    # dealer 0: forehand 1, middlehand 2, dealer 0 receive 3 each, then 2 to the talon, 4 each, 3 each
    assert sorted(out.hands[1]) == sorted(deck[0:3] + deck[11:15] + deck[23:26])
    assert sorted(out.hands[2]) == sorted(deck[3:6] + deck[15:19] + deck[26:29])
    assert sorted(out.hands[0]) == sorted(deck[6:9] + deck[19:23] + deck[29:32])
    assert out.talon == deck[9:11]
    assert out.phase == "bid" and out.to_move == 1


def test_deck_for_helper_round_trip() -> None:
    hand = ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "AS", "KS"]
    st = dealt(R, 2, {1: hand}, ["7H", "8H"])
    assert sorted(st.hands[1]) == sorted(hand) and st.talon == ["7H", "8H"]


def test_forehand_first_round_offers() -> None:
    st = fresh()
    assert names(st) == [
        "pass",
        "kreuz",
        "geschaeft:C",
        "geschaeft:S",
        "geschaeft:D",
        "geschaeft:H",
        "herzpraemie",
    ]


def test_only_next_step_may_be_bid() -> None:
    st = bids(R, fresh(), "kreuz")
    assert "pik" in names(st) and "karo" not in names(st)
    with pytest.raises(IllegalAction):
        act(R, st, type="bid", bid="karo")
    st = bids(R, st, "pik", "karo", "hold", "herz", "pass")
    # after Herz the next ordinary step is Bettler (Geschäft is a first-round special)
    assert st.to_move == 1 and "bettler" in names(st) and "geschaeft:H" not in names(st)


def test_forehand_may_hold_others_may_not() -> None:
    st = bids(R, fresh(), "kreuz", "pik")
    assert st.to_move == 0 and "hold" not in names(st)
    st = bids(R, st, "pass")
    assert st.to_move == 1 and "hold" in names(st)
    st = bids(R, st, "hold")
    assert st.high_seat == 1 and st.high == {"bid": "pik"} and st.to_move == 2
    st = bids(R, st, "karo")
    assert st.to_move == 1 and "hold" in names(st)
    st = bids(R, st, "pass")
    assert st.phase == "talon" and st.declarer == 2


def test_forehand_cannot_hold_his_own_bid_or_nothing() -> None:
    st = bids(R, fresh(), "kreuz", "pass", "pass")
    assert st.phase == "talon" and st.declarer == 1


def test_special_bids_only_in_first_round() -> None:
    st = bids(R, fresh(), "kreuz", "pik", "karo")
    assert "geschaeft:H" not in names(st) and "herzpraemie" not in names(st)
    st2 = bids(R, fresh(), "kreuz", "pik")
    assert "herzpraemie" in names(st2) and "geschaeft:C" in names(st2)  # rearhand's first turn


def test_geschaeft_beaten_only_by_higher_geschaeft_bettler_or_herzpraemie() -> None:
    st = bids(R, fresh(), "geschaeft:S")
    assert names(st) == ["pass", "bettler", "geschaeft:D", "geschaeft:H", "herzpraemie"]
    st = bids(R, st, "geschaeft:H")
    assert names(st) == ["pass", "bettler", "herzpraemie"]
    st = bids(R, st, "pass")
    # forehand, second round: only Bettler (no hold of a special bid, no more specials)
    assert names(st) == ["pass", "bettler"]
    st = bids(R, st, "pass")
    assert st.phase == "declare" and st.declarer == 2  # a hand game: no talon
    assert st.legal_actions() == [{"type": "declare", "seat": 2, "game": "geschaeft", "suit": "H"}]


def test_herzpraemie_beaten_only_by_sans_atout() -> None:
    st = bids(R, fresh(), "herzpraemie")
    assert names(st) == ["pass", "sans_atout"]
    st = bids(R, st, "pass", "pass")
    assert st.phase == "declare" and st.legal_actions() == [
        {"type": "declare", "seat": 1, "game": "herzpraemie"}
    ]
    st = act(R, st, type="declare", game="herzpraemie")
    assert st.contract is not None and st.contract.trump == "H" and st.contract.hand
    assert len(st.talon) == 2 and st.phase == "defend"


def test_top_of_ladder() -> None:
    st = bids(R, fresh(), "herzpraemie", "sans_atout", "bettler_ouvert")
    assert names(st) == ["pass", "hold", "durchmarsch"]
    st = bids(R, st, "durchmarsch")
    assert names(st) == ["pass"]


def test_all_pass_scores_nothing_and_counts() -> None:
    st = bids(R, fresh(), "pass", "pass", "pass")
    assert st.phase == "deal" and st.dealer == 1 and st.deals_played == 1
    assert st.rows[-1]["scores"] == [0, 0, 0] and st.rows[-1]["void"]


def test_talon_exchange_and_declaration_at_least_the_bid() -> None:
    st = bids(R, fresh(), "kreuz", "pik", "karo", "pass", "pass")
    assert st.phase == "talon" and st.declarer == 0
    assert len(st.legal_actions()) == 66
    assert st.view(0)["talon"] == sorted(st.talon)
    assert st.view(1)["talon"] is None and st.view(None)["talon"] is None
    hand = st.hands[0]
    with pytest.raises(IllegalAction):
        act(R, st, type="exchange", discard=[hand[0], hand[0]])
    st = act(R, st, type="exchange", discard=[st.talon[0], hand[0]])
    assert len(st.hands[0]) == 10 and st.phase == "declare"
    games = [a["game"] for a in st.legal_actions()]
    assert games == ["karo", "herz", "bettler", "sans_atout", "bettler_ouvert", "durchmarsch"]
    with pytest.raises(IllegalAction):
        act(R, st, type="declare", game="pik")


def test_declare_after_sans_atout_bid() -> None:
    st = bids(R, fresh(), "herzpraemie", "sans_atout", "pass", "pass")
    st = act(R, st, type="exchange", discard=st.hands[2][:2])
    assert [a["game"] for a in st.legal_actions()] == ["sans_atout", "bettler_ouvert", "durchmarsch"]


def test_deck_must_be_complete() -> None:
    st = start(R)
    deck = deck_for(0, {})
    with pytest.raises(IllegalAction):
        R.apply(st, {"type": "deal", "deck": deck[:-1] + deck[:1]})
    with pytest.raises(IllegalAction):
        R.apply(st, {"type": "deal", "deck": deck, "extra": 1})


def test_bad_bids_raise_and_change_nothing() -> None:
    st = bids(R, fresh(), "kreuz")
    before = (st.view(2), st.version, st.legal_actions())
    bads: list[object] = [
        {"type": "bid", "seat": 2, "bid": "pik", "suit": "H"},
        {"type": "bid", "seat": 2, "bid": "geschaeft"},
        {"type": "bid", "seat": 2, "bid": "geschaeft", "suit": "X"},
        {"type": "bid", "seat": 2, "bid": "hold"},
        {"type": "bid", "seat": 1, "bid": "pik"},
        {"type": "bid", "seat": 2.0, "bid": "pik"},
        {"type": "bid", "seat": 2},
        {"type": "exchange", "seat": 2, "discard": []},
        {"type": "deal", "deck": []},
        [],
    ]
    for bad in bads:
        with pytest.raises(IllegalAction) as err:
            R.apply(st, bad)
        assert err.value.reason
        with pytest.raises(IllegalAction):
            R.apply_in_place(st, bad)
    assert (st.view(2), st.version, st.legal_actions()) == before


def test_reason_names_the_rule() -> None:
    st = bids(R, fresh(), "kreuz")
    with pytest.raises(IllegalAction) as err:
        act(R, st, type="bid", bid="karo")
    assert "not allowed" in err.value.reason and "pik" in err.value.reason
