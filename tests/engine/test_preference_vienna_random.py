"""Vienna Preference: random sessions; pot plus balances stay constant; void deals do not count."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hs

from games.engine.base import IllegalAction
from games.engine.preferanzen.vienna import RULES
from tests.engine.test_preferanzen_helpers import checked_session

R = RULES


def test_thousand_random_deals_keep_pot_plus_balances() -> None:
    deals = 0
    voids = 0
    for seed in range(50):
        st = checked_session(R, seed, 20)
        res = st.result()
        assert sum(res["totals"]) + res["pot"] == 0
        deals += sum(1 for r in res["deals"] if not r.get("void"))
        voids += sum(1 for r in res["deals"] if r.get("void"))
        assert res["deals_played"] == 20
    assert deals == 1000 and voids > 0


def test_deep_checks_on_a_few_sessions() -> None:
    for seed in range(3):
        checked_session(R, 2000 + seed, 6, deep=True)


def test_options_are_checked() -> None:
    for bad in ({"deals": 0}, {"deals": "3"}, {"colour": 1}):
        try:
            R.start_event(bad)
        except IllegalAction:
            continue
        raise AssertionError(f"accepted {bad}")
    assert R.start_event({})["options"] == {"deals": 12}


@settings(max_examples=15, deadline=None)
@given(hs.integers(min_value=0, max_value=2**32), hs.integers(min_value=1, max_value=4))
def test_property_random_sessions(seed: int, deals: int) -> None:
    st = checked_session(R, seed, deals)
    res = st.result()
    assert res["finished"] and res["deals_played"] == deals
    assert sum(1 for r in res["deals"] if not r.get("void")) == deals
    assert sum(res["balances"]) + res["pot"] == 0
