"""Schnapsen: tricks, drawing, follow rules, trump exchange, closing, marriages and bad input."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import IllegalAction
from games.engine.schnapsen import RULES
from games.engine.schnapsen.cards import beats
from tests.engine.test_schnapsen_deal import act, new_deal, position, snapshot

H0 = ["JH", "QD", "AS", "TC", "KS"]
H1 = ["AH", "JC", "QS", "TD", "KD"]
STOCK = ["QH", "TH", "JS", "QC", "KC", "AC", "TS", "JD", "KH"]


def _cards(actions: list[dict[str, Any]]) -> list[str]:
    return sorted(a["card"] for a in actions if a["type"] == "play" and not a.get("marriage"))


def test_trick_winner() -> None:
    assert beats("AH", "TH", "D")  # higher card of the led suit
    assert not beats("KH", "TH", "D")
    assert beats("JD", "AH", "D")  # any trump beats a plain suit
    assert not beats("AS", "JH", "D")  # a different plain suit never wins
    assert beats("QD", "JD", "D") and not beats("JD", "QD", "D")


def test_open_stock_no_obligation_and_winner_draws_first() -> None:
    state = new_deal(H0, H1, "AD", STOCK)
    assert state.trump == "D"
    state = act(state, "0 JH")
    # open stock: the follower may play any card, no need to follow suit or trump
    assert _cards(state.legal_actions()) == sorted(H1)
    state = act(state, "1 AH")
    assert state.leader == 1 and state.to_move == 1
    assert state.hands[1][-1] == "QH" and state.hands[0][-1] == "TH"  # winner first, then loser
    assert state.trick_points == [0, 13] and state.tricks == [0, 1]
    assert state.view(0)["last_trick"] == [{"seat": 0, "card": "JH"}, {"seat": 1, "card": "AH"}]
    state = act(state, "1 JC", "0 TC")  # a higher card of the led suit wins
    assert state.leader == 0 and state.hands[0][-1] == "JS" and state.hands[1][-1] == "QC"
    state = act(state, "0 KS", "1 TD")  # trumped
    assert state.leader == 1 and state.trick_points == [12, 27]
    assert state.stock_size == 4


def test_last_draw_loser_takes_trump_card_then_strict() -> None:
    state = new_deal(H0, H1, "AD", STOCK)
    state = act(state, "0 JH", "1 AH", "1 JC", "0 TC", "0 KS", "1 TD")
    state = act(state, "1 KD", "0 QD")  # seat 1 wins again with the higher trump
    assert state.stock_size == 2 and state.leader == 1
    card = next(c for c in state.hands[1] if c[1] != "D")
    state = RULES.apply(state, {"type": "play", "seat": 1, "card": card})
    follower_card = next(c for c in state.hands[0] if not beats(c, card, "D"))
    state = RULES.apply(state, {"type": "play", "seat": 0, "card": follower_card})
    assert state.stock_size == 0 and state.trump_card is None
    assert state.hands[0][-1] == "AD"  # the loser of the last draw takes the trump card
    assert state.strict and state.view(0)["strict"] is True


@pytest.mark.parametrize(
    ("hand", "led", "allowed", "reason"),
    [
        (["KH", "AH", "JH", "TS"], "QH", ["AH", "KH"], "must follow suit \\(hearts\\) and beat"),
        (["JH", "TS", "QD"], "QH", ["JH"], "must follow suit \\(hearts\\)"),
        (["TS", "QD", "JD"], "QH", ["JD", "QD"], "must trump \\(diamonds\\)"),
        (["TS", "KC"], "QH", ["KC", "TS"], None),
        (["KD", "JD", "AH"], "QD", ["KD"], "must follow suit \\(diamonds\\) and beat"),
        (["JD", "AH"], "QD", ["JD"], "must follow suit \\(diamonds\\)"),
    ],
)
def test_strict_follow_rules_when_stock_exhausted(
    hand: list[str], led: str, allowed: list[str], reason: str | None
) -> None:
    filler = ["AC", "TC", "JC", "QC", "KS"][: len(hand) - 1]
    state = position([led, *filler], hand, None, trump="D")
    state = act(state, f"0 {led}")
    assert _cards(state.legal_actions()) == sorted(allowed)
    for card in hand:
        if card in allowed:
            RULES.apply(state, {"type": "play", "seat": 1, "card": card})
        else:
            before = snapshot(state)
            with pytest.raises(IllegalAction, match=reason):
                RULES.apply(state, {"type": "play", "seat": 1, "card": card})
            assert snapshot(state) == before


def test_exchange_trump_jack() -> None:
    state = new_deal(["JD", "QD", "AS", "TC", "KS"], H1, "AD")
    legal = state.legal_actions()
    assert {"type": "exchange_trump", "seat": 0} in legal  # allowed before the first lead
    state = act(state, "0 exchange")
    assert "AD" in state.hands[0] and "JD" not in state.hands[0] and state.trump_card == "JD"
    view = state.view(1)
    assert view["trump_card"] == "JD" and view["exchanges"] == [{"seat": 0, "card": "AD"}]
    assert {"type": "exchange_trump", "seat": 0} not in state.legal_actions()
    with pytest.raises(IllegalAction, match="trump Jack"):
        act(state, "0 exchange")


def test_exchange_only_by_leader_before_leading_with_open_stock() -> None:
    state = position(["AS", "TC", "KS", "QS", "JC"], ["JD", "AH", "TH", "KH", "QH"], "AD", ["JS"])
    state = act(state, "0 AS")
    with pytest.raises(IllegalAction, match="only the leader"):
        act(state, "1 exchange")
    state = position(["JD", "TC", "KS", "QS", "JC"], ["AS", "AH", "TH", "KH", "QH"], "AD", ["JS"])
    closed = act(state, "0 close")
    assert {"type": "exchange_trump", "seat": 0} not in closed.legal_actions()
    with pytest.raises(IllegalAction, match="closed"):
        act(closed, "0 exchange")
    exhausted = position(["JD", "TC", "KS", "QS", "JC"], ["AS", "AH", "TH", "KH", "QH"], None, trump="D")
    with pytest.raises(IllegalAction, match="exhausted"):
        act(exhausted, "0 exchange")
    with pytest.raises(IllegalAction, match="not your turn"):
        act(state, "1 exchange")


def test_exchange_then_close_allowed_in_that_order() -> None:
    state = position(["JD", "TC", "KS", "QS", "JC"], ["AS", "AH", "TH", "KH", "QH"], "AD", ["JS", "TS", "QC"])
    state = act(state, "0 exchange", "0 close")
    assert state.closed_by == 0 and state.trump_card == "JD"


def test_close_records_opponent_and_stops_drawing() -> None:
    state = position(
        ["AD", "TD", "KS", "QS", "JC"],
        ["AS", "AH", "TH", "KH", "QC"],
        "JD",
        ["JS", "TS", "QH"],
        points=(30, 21),
        tricks=(2, 1),
    )
    legal = state.legal_actions()
    assert {"type": "close", "seat": 0} in legal
    state = act(state, "0 close")
    assert state.closure == (21, 1) and state.closed_by == 0
    view = state.view(1)
    assert view["closed"] is True and view["closed_by"] == 0 and view["stock_size"] == 4
    assert {"type": "close", "seat": 0} not in state.legal_actions()
    with pytest.raises(IllegalAction, match="already closed"):
        act(state, "0 close")
    state = act(state, "0 KS")
    # strict following applies at once: seat 1 must beat the King of spades with the Ace
    assert [a["card"] for a in state.legal_actions()] == ["AS"]
    state = act(state, "1 AS")
    assert state.hands == [["AD", "TD", "QS", "JC"], ["AH", "TH", "KH", "QC"]]  # nobody draws
    assert state.stock_size == 4


def test_close_only_leader_before_leading_with_stock() -> None:
    state = position(["AD", "TD", "KS", "QS", "JC"], ["AS", "AH", "TH", "KH", "QC"], "JD", ["JS"])
    with pytest.raises(IllegalAction, match="not your turn"):
        act(state, "1 close")
    led = act(state, "0 KS")
    with pytest.raises(IllegalAction, match="only the leader may close"):
        act(led, "1 close")
    with pytest.raises(IllegalAction, match="not your turn"):
        act(led, "0 close")
    exhausted = position(["AD", "TD", "KS", "QS", "JC"], ["AS", "AH", "TH", "KH", "QC"], None, trump="D")
    assert all(a["type"] == "play" for a in exhausted.legal_actions())
    with pytest.raises(IllegalAction, match="exhausted"):
        act(exhausted, "0 close")


def test_marriage_pending_until_first_trick() -> None:
    state = new_deal(["KH", "QH", "AS", "TC", "KS"], ["AH", "JC", "QS", "TD", "KD"], "AD")
    legal = state.legal_actions()
    assert {"type": "play", "seat": 0, "card": "QH", "marriage": True} in legal
    assert {"type": "play", "seat": 0, "card": "KH", "marriage": True} in legal
    state = act(state, "0 QH m")
    assert state.pending == [20, 0] and state.points(0) == 0
    view0, view1 = state.view(0), state.view(1)
    assert view0["pending"] == [20, None] and view1["pending"] == [None, 0]
    assert view1["points"] == [None, 0] and view1["marriages"] == [{"seat": 0, "suit": "H"}]
    state = act(state, "1 AH")  # seat 1 wins: the 20 stay pending
    assert state.pending == [20, 0] and state.points(1) == 14
    state = act(state, "1 JC", "0 TC")  # seat 0's first trick: the 20 count now
    assert state.pending == [0, 0] and state.marriage_points == [20, 0]
    assert state.points(0) == 20 + 2 + 10
    assert state.view(0)["points"] == [32, None] and state.view(1)["points"] == [None, 14]


def test_trump_marriage_forty_counts_at_once_after_a_trick() -> None:
    state = position(
        ["KD", "QD", "AS", "TC", "JC"], ["AH", "JH", "QS", "TH", "KC"], "AD", ["JS"], tricks=(1, 0)
    )
    state = act(state, "0 KD m")
    assert state.marriage_points == [40, 0] and state.pending == [0, 0] and state.points(0) == 40
    state = act(state, "1 JH")
    # the Queen is left and cannot declare the same marriage again
    assert {"type": "play", "seat": 0, "card": "QD", "marriage": True} not in state.legal_actions()
    with pytest.raises(IllegalAction, match="King and Queen"):
        act(state, "0 QD m")


def test_marriage_rules() -> None:
    state = position(
        ["KH", "QS", "AS", "TC", "JC"], ["AH", "JH", "QH", "TH", "KC"], "AD", ["JS"], tricks=(1, 0)
    )
    assert not any(a.get("marriage") for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="King and Queen of hearts"):
        act(state, "0 KH m")
    with pytest.raises(IllegalAction, match="King or Queen"):
        act(state, "0 AS m")
    state = act(state, "0 JC")
    with pytest.raises(IllegalAction, match="only the leader"):
        act(state, "1 QH m")


def test_marriage_declared_after_closing() -> None:
    state = position(
        ["KH", "QH", "AS", "TC", "JC"], ["AH", "JH", "QS", "TS", "KC"], "AD", ["JS"], tricks=(1, 0)
    )
    state = act(state, "0 close", "0 KH m")
    assert state.marriage_points == [20, 0] and state.marriages == [(0, "H", 20)]


def test_marriage_reaching_66_ends_the_deal_at_once() -> None:
    state = position(
        ["KH", "QH", "AS", "TC", "JC"],
        ["AH", "JH", "QS", "TS", "KC"],
        "AD",
        ["JS"],
        points=(50, 40),
        tricks=(3, 2),
    )
    state = act(state, "0 QH m")
    assert state.phase == "deal" and state.to_move == "chance"
    row = state.result()["deals"][-1]
    assert row["winner"] == 0 and row["reason"] == "66 reached" and row["game_points"] == [1, 0]
    assert row["points"] == [70, 40]
    assert state.view(0)["trick"] == [{"seat": 0, "card": "QH"}]  # the lead stays on the table


def test_leader_legal_actions_list_every_option() -> None:
    state = position(["JD", "KH", "QH", "TC", "AS"], ["AH", "JH", "QS", "TS", "KC"], "AD", ["JS"])
    assert state.legal_actions() == [
        {"type": "exchange_trump", "seat": 0},
        {"type": "close", "seat": 0},
        {"type": "play", "seat": 0, "card": "JD"},
        {"type": "play", "seat": 0, "card": "KH"},
        {"type": "play", "seat": 0, "card": "KH", "marriage": True},
        {"type": "play", "seat": 0, "card": "QH"},
        {"type": "play", "seat": 0, "card": "QH", "marriage": True},
        {"type": "play", "seat": 0, "card": "TC"},
        {"type": "play", "seat": 0, "card": "AS"},
    ]


@pytest.mark.parametrize(
    ("event", "reason"),
    [
        ({"type": "play", "seat": 1, "card": "AH"}, "not your turn"),
        ({"type": "play", "seat": 0, "card": "AH"}, "not in your hand"),
        ({"type": "play", "seat": 0, "card": "9H"}, "not a Schnapsen card"),
        ({"type": "play", "seat": 0, "card": None}, "not a Schnapsen card"),
        ({"type": "play", "seat": 0, "card": "JD", "marriage": "yes"}, "true or false"),
        ({"type": "play", "seat": 0, "card": "JD", "extra": 1}, "fields"),
        ({"type": "play", "card": "JD"}, "fields"),
        ({"type": "play", "seat": 2, "card": "JD"}, "seat"),
        ({"type": "play", "seat": True, "card": "JD"}, "seat"),
        ({"type": "close", "seat": 0, "card": "JD"}, "fields"),
        ({"type": "bid", "seat": 0}, "unknown event"),
        ({"seat": 0}, "unknown event"),
        ({"type": "deal", "dealer": 1, "deck": []}, "still being played"),
    ],
)
def test_bad_events_leave_state_unchanged(event: dict[str, Any], reason: str) -> None:
    state = position(["JD", "KH", "QH", "TC", "AS"], ["AH", "JH", "QS", "TS", "KC"], "AD", ["JS"])
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        RULES.apply(state, event)
    assert snapshot(state) == before
    with pytest.raises(IllegalAction, match=reason):
        RULES.apply_in_place(state, event)
    assert snapshot(state) == before


def test_non_dict_event_rejected() -> None:
    state = position(["JD", "KH", "QH", "TC", "AS"], ["AH", "JH", "QS", "TS", "KC"], "AD", ["JS"])
    with pytest.raises(IllegalAction):
        RULES.apply(state, "play")
