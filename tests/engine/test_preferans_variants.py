"""Each option changes exactly what it should: the same first deal scored under every option."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from games.engine import CHANCE
from games.engine.preferans.state import PreferansState
from tests.engine.test_preferans_helpers import R, new


def first_deal_events(seed: int) -> list[dict[str, Any]]:
    """A random first deal under the default options (pool 30: nothing can overflow)."""
    rng = random.Random(seed)
    state = new(pool=30)
    events = []
    while not state.rows:
        if state.to_move == CHANCE:
            event = R.chance_event(state, rng)
        else:
            legal = state.legal_actions()
            event = legal[rng.randrange(len(legal))]
        events.append(event)
        state = R.apply_in_place(state, event)
    return events


def row_under(options: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    state = R.replay([R.start_event({"pool": 30, **options}), *events])
    assert isinstance(state, PreferansState)
    return state.rows[-1]


def whists(row: dict[str, Any]) -> dict[tuple[int, int], Fraction]:
    out: dict[tuple[int, int], Fraction] = {}
    for w in row["whists"]:
        key = (w["from"], w["against"])
        out[key] = out.get(key, Fraction(0)) + Fraction(w["exact"])
    return out


@pytest.mark.parametrize("seed", range(12))
def test_options_change_exactly_their_part(seed: int) -> None:
    events = first_deal_events(seed)
    sochi = row_under({}, events)
    # pool size and ascending raspasy leave a first contract deal alone
    for options in ({"pool": 10}, {"pool": 20}, {"ascending_raspasy": True}, {"max_deals": 5}):
        other = row_under(options, events)
        if options.get("pool") == 10 and max(sochi["pool"]) > 10:
            continue
        assert other == sochi
    # Leningrad: whists and mountain doubled, pool unchanged
    leningrad = row_under({"variant": "leningrad"}, events)
    assert leningrad["pool"] == sochi["pool"] and leningrad["tricks"] == sochi["tricks"]
    assert leningrad["mountain"] == [2 * m for m in sochi["mountain"]]
    assert whists(leningrad) == {k: 2 * v for k, v in whists(sochi).items()}
    # Rostov: no mountain; each mountain point is 5 whists from each of the two others
    rostov = row_under({"variant": "rostov"}, events)
    assert rostov["pool"] == sochi["pool"] and rostov["mountain"] == [0, 0, 0]
    expected = dict(whists(sochi))
    failed_whisters = {s for s in sochi["whisters"] if sochi["kind"] == "contract" and s != sochi["declarer"]}
    for seat, points in enumerate(sochi["mountain"]):
        share = Fraction(points, 2) if seat in failed_whisters else Fraction(points)
        for payee in range(3):
            if payee != seat and points:
                expected[(payee, seat)] = expected.get((payee, seat), Fraction(0)) + 5 * share
    assert whists(rostov) == expected


def test_pool_size_sets_the_target() -> None:
    for size in (10, 20, 30):
        state = new(pool=size)
        assert state.sheet.target == size and state.view(0)["sheet"]["target"] == size
