"""The score sheet: the seed's Anna / Ben / Carla and 15 / 6 / 0 examples, misère, raspasy, whist
penalties, pool overflow, the end of the pool, the final settlement and the variant options."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from games.engine.preferans.constants import BID_INDEX
from games.engine.preferans.scoring import Sheet
from games.engine.preferans.state import PreferansState
from tests.engine.test_preferans_helpers import (
    FORE,
    MIDDLE,
    REAR,
    TALON,
    R,
    act,
    bids,
    dealt,
)

ANNA, BEN, CARLA = 0, 1, 2
RANKS = "789TJQKA"


def anna_ben_carla(variant: str = "sochi") -> PreferansState:
    """The seed's example through the engine: Anna plays 7♥, Ben whists alone (closed), Carla passes;
    Anna takes 6 tricks, the defenders 4."""
    state = bids(
        dealt(FORE, MIDDLE, REAR, TALON, variant=variant), (ANNA, "7H"), (BEN, "pass"), (CARLA, "pass")
    )
    state = act(state, ANNA, "exchange", discard=["KD", "AD"])
    state = act(state, ANNA, "declare", contract="7H")
    state = act(act(state, BEN, "defend", call="whist"), CARLA, "defend", call="pass")
    state = act(state, BEN, "mode", mode="closed")
    prefer: dict[int, Callable[[str], tuple[int, int]]] = {
        ANNA: lambda c: (c[1] != "H", -RANKS.index(c[0])),  # trumps from the top
        BEN: lambda c: (c[1] != "D", RANKS.index(c[0])),  # throw diamonds first, else low
        CARLA: lambda c: (c[1] != "D", RANKS.index(c[0])),
    }
    while state.phase == "play":
        seat = state.to_move
        assert isinstance(seat, int)
        card = min((a["card"] for a in state.legal_actions()), key=prefer[seat])
        state = act(state, seat, "play", card=card)
    return state


def test_seed_example_anna_ben_carla_on_the_sheet() -> None:
    sheet = Sheet(3, 20, "sochi")
    sheet.score_contract(ANNA, BID_INDEX["7H"], [BEN, CARLA], [BEN], [6, 1, 3])
    assert sheet.mountain == [4, 0, 0]
    assert sheet.whists[BEN][ANNA] == 20  # 4 x 4 tricks + 4 for Anna's missing trick
    assert sheet.whists[CARLA][ANNA] == 4
    assert sheet.pool == [0, 0, 0]


def test_seed_example_anna_ben_carla_through_the_engine() -> None:
    state = anna_ben_carla()
    row = state.result()["deals"][-1]
    assert row["tricks"] == [6, 0, 4] and row["kind"] == "contract" and row["contract"] == "7H"
    assert state.sheet.mountain == [4, 0, 0]
    assert state.sheet.whists[BEN][ANNA] == 20 and state.sheet.whists[CARLA][ANNA] == 4
    assert row["mountain"] == [4, 0, 0]
    assert sorted((w["from"], w["against"], w["exact"]) for w in row["whists"]) == [
        (1, 0, "16"),
        (1, 0, "4"),
        (2, 0, "4"),
    ]


def test_contract_made_goes_to_the_pool_and_whists_for_defender_tricks() -> None:
    sheet = Sheet(3, 20, "sochi")
    sheet.score_contract(ANNA, BID_INDEX["6S"], [BEN, CARLA], [BEN, CARLA], [6, 3, 1])
    assert sheet.pool == [2, 0, 0] and sheet.mountain == [0, 0, 0]
    assert sheet.whists[BEN][ANNA] == 6 and sheet.whists[CARLA][ANNA] == 2


def test_whist_obligation_shares_and_penalties() -> None:
    # 6: two whisters need 2 each; the defence took 3 (< 4): Carla with 0 owes 2 x 2
    sheet = Sheet(3, 20, "sochi")
    sheet.score_contract(ANNA, BID_INDEX["6C"], [BEN, CARLA], [BEN, CARLA], [7, 3, 0])
    assert sheet.mountain == [0, 0, 4]
    # 6: a lone whister needs all 4; 2 taken -> 2 x 2 on his mountain
    sheet = Sheet(3, 20, "sochi")
    sheet.score_contract(ANNA, BID_INDEX["6C"], [BEN, CARLA], [BEN], [8, 1, 1])
    assert sheet.mountain == [0, 4, 0] and sheet.whists[BEN][ANNA] == 4
    # 8: two whisters share 1/2 each; no defender trick -> 6 x 1/2 = 3 each
    sheet = Sheet(3, 20, "sochi")
    sheet.score_contract(ANNA, BID_INDEX["8D"], [BEN, CARLA], [BEN, CARLA], [10, 0, 0])
    assert sheet.mountain == [0, 3, 3] and sheet.pool == [6, 0, 0]
    # shares only count when the defence as a whole falls short
    sheet = Sheet(3, 20, "sochi")
    sheet.score_contract(ANNA, BID_INDEX["7C"], [BEN, CARLA], [BEN, CARLA], [8, 2, 0])
    assert sheet.mountain == [0, 0, 0] and sheet.whists[BEN][ANNA] == 8
    # 10: no obligation
    sheet = Sheet(3, 20, "sochi")
    sheet.score_contract(ANNA, BID_INDEX["10NT"], [BEN, CARLA], [BEN], [10, 0, 0])
    assert sheet.mountain == [0, 0, 0] and sheet.pool == [10, 0, 0]


def test_misere_made_and_lost() -> None:
    sheet = Sheet(3, 20, "sochi")
    sheet.score_misere(ANNA, 0)
    assert sheet.pool == [10, 0, 0]
    sheet = Sheet(3, 20, "sochi")
    sheet.score_misere(ANNA, 2)
    assert sheet.mountain == [20, 0, 0] and all(w == 0 for row in sheet.whists for w in row)


def test_raspasy_one_per_trick_and_pool_for_no_trick() -> None:
    sheet = Sheet(3, 20, "sochi")
    sheet.score_raspasy([0, 1, 2], [6, 4, 0], 1)
    assert sheet.mountain == [6, 4, 0] and sheet.pool == [0, 0, 1]
    sheet = Sheet(3, 20, "leningrad")
    sheet.score_raspasy([0, 1, 2], [6, 4, 0], 2)
    assert sheet.mountain == [24, 16, 0] and sheet.pool == [0, 0, 2]


def test_pool_overflow_goes_clockwise_then_off_the_own_mountain() -> None:
    sheet = Sheet(3, 10, "sochi")
    sheet.pool = [9, 10, 4]
    sheet.write_pool(0, 4)
    assert sheet.pool == [10, 10, 7] and sheet.whists[0][2] == 30
    sheet.write_pool(2, 5)  # fills its own 3, then nobody lacks points
    assert sheet.pool == [10, 10, 10]
    sheet.mountain = [5, 0, 1]
    sheet.write_pool(0, 2)
    assert sheet.mountain == [3, 0, 1]
    sheet.write_pool(2, 4)
    assert sheet.mountain == [3, 0, 0]  # never below zero


def test_seed_settlement_example_15_6_0() -> None:
    sheet = Sheet(3, 20, "sochi")
    sheet.mountain = [15, 6, 0]
    totals = sheet.settlement()
    # Ben and Carla write 50 each against Anna, Anna and Carla 20 each against Ben
    assert totals == [-100 + 20, 50 - 20 - 20, 50 + 20]
    assert sum(totals) == 0
    # with game whists too: they are added before netting
    sheet.whists[ANNA][BEN] = Fraction(35)
    assert sheet.settlement() == [-80 + 35, 10 - 35, 70]


def test_settlement_exact_thirds_and_json() -> None:
    sheet = Sheet(3, 20, "sochi")
    sheet.mountain = [9, 2, 2]
    totals = sheet.settlement()
    assert totals == [Fraction(-140, 3), Fraction(70, 3), Fraction(70, 3)] and sum(totals) == 0
    state = R.initial_state(R.start_event({}))
    assert isinstance(state, PreferansState)
    state.sheet = sheet
    result = state.result()
    assert result["totals_exact"] == ["-140/3", "70/3", "70/3"]
    assert result["totals"] == [-46.67, 23.33, 23.33]
    assert result["ranking"] == [3, 1, 1]


def test_leningrad_doubles_whists_and_mountain_not_pool() -> None:
    state = anna_ben_carla("leningrad")
    assert state.sheet.mountain == [8, 0, 0]
    assert state.sheet.whists[BEN][ANNA] == 40 and state.sheet.whists[CARLA][ANNA] == 8
    sheet = Sheet(3, 20, "leningrad")
    sheet.score_contract(ANNA, BID_INDEX["6S"], [BEN, CARLA], [BEN], [6, 4, 0])
    assert sheet.pool == [2, 0, 0] and sheet.whists[BEN][ANNA] == 16


def test_rostov_pays_mountain_as_whists_and_half_for_a_failed_whister() -> None:
    state = anna_ben_carla("rostov")
    assert state.sheet.mountain == [0, 0, 0]
    # Anna's 4 mountain points: 5 whists per point to each opponent, plus the game whists
    assert state.sheet.whists[BEN][ANNA] == 20 + 20 and state.sheet.whists[CARLA][ANNA] == 4 + 20
    sheet = Sheet(3, 20, "rostov")
    sheet.score_contract(ANNA, BID_INDEX["6C"], [BEN, CARLA], [BEN], [8, 1, 1])
    # Sochi would write 4 on Ben's mountain; Rostov: half of it, 5 whists per point to each opponent
    assert sheet.whists[ANNA][BEN] == 10 and sheet.whists[CARLA][BEN] == 10
    assert sum(sheet.settlement()) == 0


def _no_whist_seven(state: PreferansState, declarer: int) -> PreferansState:
    """Everybody else passes; `declarer` (forehand) bids and declares 7H; both defenders pass."""
    order = state.active
    state = act(state, order[0], "bid", bid="7H")
    state = bids(state, (order[1], "pass"), (order[2], "pass"))
    state = act(state, declarer, "exchange", discard=state.hands[declarer][:2])
    state = act(state, declarer, "declare", contract="7H")
    return act(act(state, order[1], "defend", call="pass"), order[2], "defend", call="pass")


def test_pool_ends_when_every_pool_is_full() -> None:
    state = dealt(FORE, MIDDLE, REAR, TALON, pool=10)
    state.sheet.pool = [6, 10, 10]
    state = _no_whist_seven(state, 0)
    assert state.phase == "over" and state.to_move is None and state.legal_actions() == []
    result = state.result()
    assert result["finished"] and result["end_reason"] == "pools_full"
    assert state.sheet.pool == [10, 10, 10]


def test_max_deals_ends_and_closes_the_pool() -> None:
    state = _no_whist_seven(dealt(FORE, MIDDLE, REAR, TALON, max_deals=1), 0)
    result = state.result()
    assert result["finished"] and result["end_reason"] == "max_deals"
    # missing pool points go on the mountain: 20 - 4, 20, 20
    assert state.sheet.mountain == [16, 20, 20]
    assert result["totals_exact"] == ["80/3", "-40/3", "-40/3"]
    assert result["deals"][-1]["mountain"] == [16, 20, 20]


def _next_deal(state: PreferansState, deck: list[str]) -> PreferansState:
    dealer = (state.dealer + 1) % state.n if state.dealer >= 0 else 0
    out = R.apply(state, {"type": "deal", "dealer": dealer, "deck": deck})
    assert isinstance(out, PreferansState)
    return out


def _raspasy_deal(state: PreferansState) -> PreferansState:
    deck = list(reversed(FORE + MIDDLE + REAR + TALON)) if state.deal_no % 2 else FORE + MIDDLE + REAR + TALON
    state = _next_deal(state, deck)
    state = bids(state, *((s, "pass") for s in state.active))
    while state.phase == "play":
        state = R.apply(state, state.legal_actions()[0])
    return state


def test_ascending_raspasy_multiplies_one_two_three_three() -> None:
    state = R.initial_state(R.start_event({"ascending_raspasy": True}))
    assert isinstance(state, PreferansState)
    for _ in range(4):
        state = _raspasy_deal(state)
    rows = state.result()["deals"]
    assert [r["multiplier"] for r in rows] == [1, 2, 3, 3]
    for r in rows:
        m = r["multiplier"]
        assert sum(r["mountain"]) == 10 * m
        assert r["pool"] == [m if t == 0 else 0 for t in r["tricks"]]
    # a contract resets the run
    state = _next_deal(state, FORE + MIDDLE + REAR + TALON)
    state = _no_whist_seven(state, state.active[0])
    state = _raspasy_deal(state)
    assert state.result()["deals"][-1]["multiplier"] == 1
    # without the option every raspasy costs 1 per trick
    plain = R.initial_state(R.start_event({}))
    assert isinstance(plain, PreferansState)
    for _ in range(3):
        plain = _raspasy_deal(plain)
    assert [r["multiplier"] for r in plain.result()["deals"]] == [1, 1, 1]


def test_four_players_overflow_reaches_the_dealer_and_settlement_uses_quarters() -> None:
    sheet = Sheet(4, 10, "sochi")
    sheet.pool = [10, 10, 8, 3]
    sheet.write_pool(1, 4)  # seat 1 is full: 2 go to seat 2, then 2 to seat 3 (who may be sitting out)
    assert sheet.pool == [10, 10, 10, 5] and sheet.whists[1][2] == 20 and sheet.whists[1][3] == 20
    sheet = Sheet(4, 10, "sochi")
    sheet.mountain = [7, 0, 0, 0]
    assert sheet.settlement() == [Fraction(-210, 4), Fraction(70, 4), Fraction(70, 4), Fraction(70, 4)]
    rostov = Sheet(4, 10, "rostov")
    rostov.write_mountain(0, 3)
    assert [rostov.whists[s][0] for s in (1, 2, 3)] == [10, 10, 10]  # 10 / (n - 1) per point
