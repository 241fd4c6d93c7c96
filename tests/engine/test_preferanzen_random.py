"""Preferanzen: random sessions with every invariant checked (1,000+ random deals in all)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hs

from games.engine.preferanzen import RULES
from tests.engine.test_preferanzen_helpers import checked_session

R = RULES


def test_thousand_random_deals_sum_to_zero_and_replay() -> None:
    deals = 0
    contracts: set[str] = set()
    for seed in range(50):
        st = checked_session(R, seed, 20)
        deals += len(st.rows)
        assert sum(st.result()["totals"]) == 0
        contracts |= {r["contract"]["game"] for r in st.rows if r.get("contract")}
    assert deals >= 1000
    # random bidding climbs high, so Kreuz (the lowest contract) never came up in these seeds
    assert contracts >= {"pik", "karo", "herz", "geschaeft", "bettler", "herzpraemie", "sans_atout"}
    assert contracts >= {"bettler_ouvert", "durchmarsch"}


def test_deep_checks_on_a_few_sessions() -> None:
    for seed in range(3):
        checked_session(R, 1000 + seed, 6, deep=True)


@settings(max_examples=15, deadline=None)
@given(hs.integers(min_value=0, max_value=2**32), hs.integers(min_value=1, max_value=4))
def test_property_random_sessions(seed: int, deals: int) -> None:
    st = checked_session(R, seed, deals)
    res = st.result()
    assert res["finished"] and res["deals_played"] == deals and len(res["deals"]) == deals
    assert sorted(res["ranking"])[0] == 1


def test_session_length_option() -> None:
    st = checked_session(R, 7, 3)
    assert st.to_move is None and st.phase == "done" and st.deals_played == 3
    assert st.dealer == 0  # three deals: each seat dealt once, rotation clockwise
    assert [r["dealer"] for r in st.rows] == [0, 1, 2]
