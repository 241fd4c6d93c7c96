"""Schnapsen scoring (seed 002, "Wertung und Ende"): game points 1/2/3, closing, last trick, Bummerl."""

from __future__ import annotations

import pytest

from games.engine import CHANCE, IllegalAction
from games.engine.base import JSON
from games.engine.schnapsen import RULES, SchnapsenState
from tests.engine.test_schnapsen_deal import act, position

# Seat 0 leads the Ace of spades; seat 1 answers with the Jack of clubs (no spades, no trumps):
# seat 0 wins 13 card points.
WIN0 = (["AS", "KS", "QS", "JS", "TS"], ["JC", "QC", "KC", "AH", "TH"])


def _row(state: SchnapsenState) -> JSON:
    row: JSON = state.result()["deals"][-1]
    return row


def _ended(state: SchnapsenState) -> bool:
    return state.to_move == CHANCE and len(state.rows) == 1


@pytest.mark.parametrize(
    ("opponent_points", "opponent_tricks", "expected"),
    [(40, 3, 1), (33, 2, 1), (32, 2, 2), (10, 1, 2), (0, 0, 3)],
)
def test_66_reached_game_points_by_opponent_record(
    opponent_points: int, opponent_tricks: int, expected: int
) -> None:
    # "Win one game point if the opponent has at least 33 card points, two if they have a trick but
    # fewer than 33, or three if they have no trick."
    state = position(*WIN0, "AD", ["JD", "QD"], points=(55, opponent_points), tricks=(4, opponent_tricks))
    state = act(state, "0 AS", "1 JC")
    assert _ended(state)
    row = _row(state)
    assert row["winner"] == 0 and row["reason"] == "66 reached"
    assert row["game_points"] == [expected, 0] and row["points"] == [68, opponent_points]
    assert state.result()["scores"] == [7 - expected, 7]


def test_opponent_with_pending_marriage_but_no_trick_gives_three() -> None:
    state = position(*WIN0, "AD", ["JD", "QD"], points=(55, 0), tricks=(4, 0), pending=(0, 20))
    state = act(state, "0 AS", "1 JC")
    assert _row(state)["game_points"] == [3, 0] and _row(state)["points"] == [68, 0]


def test_pending_marriages_count_at_first_trick_and_reach_66() -> None:
    state = position(*WIN0, "AD", ["JD", "QD"], points=(0, 40), tricks=(0, 4), pending=(60, 0))
    state = act(state, "0 AS", "1 JC")
    row = _row(state)
    assert row["winner"] == 0 and row["points"] == [73, 40] and row["game_points"] == [1, 0]


def test_66_is_not_reached_by_pending_points() -> None:
    hands = (["KS", "QS", "JS", "TS", "JH"], ["AS", "JC", "QC", "KC", "AH"])
    state = position(*hands, "AD", ["JD", "QD"], points=(0, 40), tricks=(0, 4), pending=(60, 0))
    state = act(state, "0 KS", "1 AS")  # seat 1 wins: 55, and seat 0 still has no trick
    assert state.phase == "play" and state.pending == [60, 0] and state.points(1) == 55


@pytest.mark.parametrize(
    ("closure", "expected"),
    [((40, 3), 1), ((20, 2), 2), ((0, 0), 3)],
)
def test_successful_close_scores_by_record_at_closure(closure: tuple[int, int], expected: int) -> None:
    # "A successful closer scores one to three using the opponent's record at closure."
    # At the end the opponent has 40 points and 3 tricks: only the record at closure counts.
    state = position(*WIN0, "AD", ["JD", "QD"], points=(55, 40), tricks=(4, 3), closed_by=0, closure=closure)
    state = act(state, "0 AS", "1 JC")
    row = _row(state)
    assert row["winner"] == 0 and row["reason"] == "closed and made" and row["game_points"] == [expected, 0]
    assert row["closed_by"] == 0
    assert row["closure"] == {"opponent_points": closure[0], "opponent_tricks": closure[1]}


def test_close_event_then_made() -> None:
    state = position(
        ["AS", "TS", "KD", "QH", "JH"],
        ["JC", "QC", "KC", "AH", "TH"],
        "AD",
        ["JD", "QD", "TD"],
        points=(50, 20),
        tricks=(3, 2),
    )
    state = act(state, "0 close", "0 AS", "1 JC")
    assert state.phase == "play" and state.points(0) == 63
    state = act(state, "0 TS", "1 QC")
    row = _row(state)
    assert row["reason"] == "closed and made" and row["game_points"] == [2, 0]
    assert row["closure"] == {"opponent_points": 20, "opponent_tricks": 2}


@pytest.mark.parametrize(("closure", "expected"), [((30, 2), 2), ((0, 0), 3)])
def test_closer_below_66_after_last_trick_loses(closure: tuple[int, int], expected: int) -> None:
    # "If the closer fails ..., the opponent scores two, or three if they had no trick at closure."
    # "A closer who finishes below 66 loses": here the closer even wins the last trick.
    state = position(
        ["AC"], ["JC"], "AD", ["JD", "QD"], points=(50, 40), tricks=(4, 4), closed_by=0, closure=closure
    )
    state = act(state, "0 AC", "1 JC")
    row = _row(state)
    assert row["points"] == [63, 40]
    assert row["winner"] == 1 and row["reason"] == "closed and failed" and row["game_points"] == [0, expected]


@pytest.mark.parametrize(("closure", "expected"), [((30, 2), 2), ((0, 0), 3)])
def test_opponent_reaching_66_after_close(closure: tuple[int, int], expected: int) -> None:
    # "If the closer fails or the opponent reaches 66 first, the opponent scores two, or three ..."
    state = position(
        ["JC", "QC"],
        ["AC", "TC"],
        "AD",
        ["JD", "QD"],
        points=(60, 60),
        tricks=(4, 2),
        closed_by=0,
        closure=closure,
    )
    state = act(state, "0 JC", "1 AC")
    row = _row(state)
    assert row["winner"] == 1 and row["reason"] == "closed, opponent reached 66"
    assert row["game_points"] == [0, expected]


def test_last_trick_wins_one_without_ten_point_bonus() -> None:
    # "With an unclosed stock and neither player at 66, the last trick wins one game point, without a
    # ten-point card bonus."
    state = position(["JC"], ["QC"], None, trump="D", points=(50, 55), tricks=(4, 5))
    state = act(state, "0 JC", "1 QC")
    row = _row(state)
    assert row["winner"] == 1 and row["reason"] == "last trick" and row["game_points"] == [0, 1]
    assert row["points"] == [50, 60]


def test_last_trick_reaching_66_scores_normally() -> None:
    state = position(["JC"], ["AC"], None, trump="D", points=(30, 55), tricks=(4, 5))
    state = act(state, "0 JC", "1 AC")
    row = _row(state)
    assert row["reason"] == "66 reached" and row["game_points"] == [0, 2]


def test_bummerl_counts_down_from_seven_and_ends_at_zero() -> None:
    state = position(*WIN0, "AD", ["JD", "QD"], points=(55, 0), tricks=(4, 0))
    state.game_points = [5, 6]
    state = act(state, "0 AS", "1 JC")
    assert state.to_move is None and state.phase == "over"
    result = state.result()
    assert result["finished"] is True and result["winner"] == 0
    assert result["totals"] == [8, 6] and result["ranking"] == [1, 2] and result["scores"] == [0, 1]
    assert state.view(1)["scores"] == [0, 1] and state.view(1)["legal"] == []
    with pytest.raises(IllegalAction, match="over"):
        act(state, "0 KS")
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(state, {"type": "deal", "dealer": 0, "deck": []})


def test_deal_end_passes_the_deal_and_totals_add_up() -> None:
    state = position(*WIN0, "AD", ["JD", "QD"], points=(55, 20), tricks=(4, 1))
    assert state.dealer == 1
    state = act(state, "0 AS", "1 JC")
    assert state.to_move == CHANCE and state.dealer == 0  # the other seat deals next
    result = state.result()
    assert result["finished"] is False and result["totals"] == [2, 0] and result["ranking"] == [1, 2]
    assert [sum(r["game_points"][s] for r in result["deals"]) for s in (0, 1)] == result["totals"]
    assert result["deals"][0]["scores"] == [5, 7]


def test_short_bummerl_option() -> None:
    state = position(*WIN0, "AD", ["JD", "QD"], points=(55, 40), tricks=(4, 3), start_score=1)
    state = act(state, "0 AS", "1 JC")
    assert state.result()["finished"] is True and state.result()["totals"] == [1, 0]
