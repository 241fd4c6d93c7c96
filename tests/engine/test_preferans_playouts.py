"""Random playouts of whole pools: invariants at every step, replay equals live, no view leaks."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from games.engine import CHANCE, IllegalAction
from games.engine.cards import DECK_32
from games.engine.preferans.fast import random_deal
from games.engine.preferans.state import PreferansState
from tests.engine.test_preferans_helpers import R, new, snapshot


def _cards_in_play(state: PreferansState) -> Counter[str]:
    cards: Counter[str] = Counter(c for h in state.hands for c in h)
    cards.update(state.discards)
    cards.update(state.played)
    cards.update(c for _, c in state.trick)
    if not state.talon_shown:
        cards.update(state.talon)
    return cards


def _visible_cards(view: dict[str, Any]) -> set[str]:
    seen = set(view["hand"]) | set(view["played"])
    seen |= {c for h in view["open_hands"] if h for c in h}
    seen |= set(view["talon"] or []) | set(view["discard"] or [])
    seen |= {t["card"] for t in view["trick"]} | {t["card"] for t in view["last_trick"] or []}
    for action in view["legal"]:
        seen |= set(action.get("discard", [])) | ({action["card"]} if "card" in action else set())
    return seen


def _hidden_from(state: PreferansState, seat: int | None) -> set[str]:
    hidden: set[str] = set()
    open_seats = set(state.defenders()) if state.open_hands and state.phase == "play" else set()
    for other in range(state.n):
        if other != seat and other not in open_seats:
            hidden |= set(state.hands[other])
    if state.phase in ("bid", "play", "exchange", "declare", "whist", "mode"):
        if state.raspasy:
            hidden |= set(state.talon[min(state.tricks_done + 1, 2) :])
        elif not state.talon_shown:
            hidden |= set(state.talon)
    if seat != state.declarer:
        hidden |= set(state.discards)
    if state.talon_shown:  # turned face up for everyone before the declarer took it
        hidden -= set(state.talon)
    return hidden


def _check_step(state: PreferansState, step: int, deep: bool) -> None:
    to_move = state.to_move
    if state.phase in ("bid", "exchange", "declare", "whist", "mode", "play"):
        assert _cards_in_play(state) == Counter(DECK_32)
    for seat in (None, *range(state.n)):
        view = state.view(seat)
        json.dumps(view)
        assert not _visible_cards(view) & _hidden_from(state, seat), (seat, state.phase)
        assert view["legal"] == (state.legal_actions() if seat == to_move and seat is not None else [])
    if isinstance(to_move, int):
        legal = state.legal_actions()
        assert legal and all(a["seat"] == to_move for a in legal)
        if deep:
            before = snapshot(state)
            for action in legal:
                R.apply(state, action)
            assert snapshot(state) == before  # apply never mutates its input
            with pytest.raises(IllegalAction):
                R.apply(state, {**legal[0], "seat": (to_move + 1) % state.n})


def biased(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Random, but passing and misère often enough to see raspasy, misère and half whists."""
    if legal[0]["type"] in ("bid", "defend"):
        names = [a.get("bid", a.get("call")) for a in legal]
        for wanted, p in (("MIS", 0.25), ("pass", 0.6), ("half", 0.5)):
            if wanted in names and rng.random() < p:
                return legal[names.index(wanted)]
        legal = legal[: min(len(legal), 4)]
    return legal[rng.randrange(len(legal))]


def uniform(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    return legal[rng.randrange(len(legal))]


def play_pool(
    seed: int, options: dict[str, Any], check_every: int = 1, policy: Any = uniform
) -> tuple[PreferansState, list[dict[str, Any]]]:
    rng = random.Random(seed)
    state = new(**options)
    events: list[dict[str, Any]] = [R.start_event(options)]
    step = 0
    while state.to_move is not None:
        if step % check_every == 0:
            _check_step(state, step, deep=step % (7 * check_every) == 0)
        event = R.chance_event(state, rng) if state.to_move == CHANCE else policy(state.legal_actions(), rng)
        events.append(event)
        out = R.apply_in_place(state, event)
        assert isinstance(out, PreferansState)
        state = out
        step += 1
        assert state.version == len(events)
    _check_step(state, step, deep=False)
    return state, events


def _check_finished(state: PreferansState, events: list[dict[str, Any]]) -> None:
    result = state.result()
    assert result["finished"] and result["end_reason"] in ("pools_full", "max_deals")
    assert sum(Fraction(t) for t in result["totals_exact"]) == 0
    assert abs(sum(result["totals"])) < 0.05
    assert sorted(result["ranking"])[0] == 1
    # the deal rows add up to the sheet
    rows = result["deals"]
    n = state.n
    assert [sum(r["pool"][s] for r in rows) for s in range(n)] == state.sheet.pool
    assert [sum(r["mountain"][s] for r in rows) for s in range(n)] == state.sheet.mountain
    whists = [[Fraction(0)] * n for _ in range(n)]
    for r in rows:
        for w in r["whists"]:
            whists[w["from"]][w["against"]] += Fraction(w["exact"])
    assert whists == state.sheet.whists
    if result["end_reason"] == "pools_full":
        assert all(p == state.sheet.target for p in state.sheet.pool)
    # replay equals live
    replayed = R.replay(json.loads(json.dumps(events)))
    assert replayed.result() == result
    for seat in (None, *range(n)):
        assert replayed.view(seat) == state.view(seat)


@pytest.mark.parametrize("seed", range(10))
def test_random_pools_three_players(seed: int) -> None:
    state, events = play_pool(seed, {"pool": 10}, check_every=1 if seed < 2 else 3)
    _check_finished(state, events)


def test_biased_random_pools_cover_every_kind_of_deal() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(4):
        state, events = play_pool(200 + seed, {"pool": 10, "max_deals": 40}, check_every=2, policy=biased)
        _check_finished(state, events)
        kinds.update(r["kind"] for r in state.rows)
    assert set(kinds) == {"contract", "no_whist", "half_whist", "misere", "raspasy"}, kinds


@pytest.mark.parametrize("seed", range(3))
def test_random_pools_four_players(seed: int) -> None:
    state, events = play_pool(100 + seed, {"pool": 10, "players": 4}, check_every=2)
    _check_finished(state, events)
    # the dealer never held a card
    assert all(r["tricks"][r["dealer"]] == 0 for r in state.result()["deals"])


@pytest.mark.parametrize(
    "options",
    [
        {"pool": 10, "variant": "leningrad"},
        {"pool": 10, "variant": "rostov"},
        {"pool": 10, "ascending_raspasy": True},
        {"pool": 30, "max_deals": 12},
    ],
)
def test_random_pools_variants(options: dict[str, Any]) -> None:
    state, events = play_pool(7, options, check_every=4)
    _check_finished(state, events)
    if options.get("variant") == "rostov":
        assert state.sheet.mountain == [0, 0, 0] or state.result()["end_reason"] == "max_deals"


def test_raspasy_heavy_pools_end_by_max_deals() -> None:
    """Players who always pass and play their first card: the pool may never fill; max_deals ends it."""
    state = new(pool=30, max_deals=25)
    rng = random.Random(3)
    events: list[dict[str, Any]] = [R.start_event({"pool": 30, "max_deals": 25})]
    while state.to_move is not None:
        event = R.chance_event(state, rng) if state.to_move == CHANCE else state.legal_actions()[0]
        events.append(event)
        state = R.apply_in_place(state, event)
    assert state.deal_no == 25 and all(r["kind"] == "raspasy" for r in state.rows)
    _check_finished(state, events)
    assert state.result()["end_reason"] == "max_deals"


def test_start_event_and_options_are_checked() -> None:
    assert R.default_options() == {
        "players": 3,
        "pool": 20,
        "variant": "sochi",
        "ascending_raspasy": False,
        "max_deals": 200,
    }
    for bad in ({"pool": 15}, {"players": 5}, {"variant": "vienna"}, {"max_deals": 0}, {"colour": 1}):
        with pytest.raises(IllegalAction):
            R.start_event(bad)
    with pytest.raises(IllegalAction):
        R.replay([{"type": "deal"}])
    start = R.start_event({})
    with pytest.raises(IllegalAction):
        R.initial_state({**start, "rules_version": "0"})
    with pytest.raises(IllegalAction):
        R.initial_state({**start, "players": 4})
    assert R.players({"players": 4}) == 4


@pytest.mark.parametrize("options", [{"pool": 10}, {"pool": 10, "players": 4, "variant": "rostov"}])
def test_fast_random_deal_replays_to_the_same_state(options: dict[str, Any]) -> None:
    rng = random.Random(11)
    state = new(**options)
    events: list[dict[str, Any]] = [R.start_event(options)]
    while state.to_move is not None:
        events += random_deal(state, rng)
        assert state.to_move in (CHANCE, None) and state.version == len(events)
    replayed = R.replay(events)
    assert replayed.result() == state.result()
    assert all(replayed.view(s) == state.view(s) for s in (None, *range(state.n)))
    _check_finished(state, events)


JUNK: list[Any] = [None, True, 1.0, -1, 99, "", "pass", "hold", "MIS", "7H", "AH", "whist", "open"]
JUNK += [[], {}, ["AH"], ["AH", "AH"]]


def test_malformed_events_raise_illegal_action_and_change_nothing() -> None:
    """At states of every phase, events with junk in every field are refused cleanly."""
    rng = random.Random(5)
    _, events = play_pool(300, {"pool": 10, "max_deals": 6}, check_every=50, policy=biased)
    seen_phases: set[str] = set()
    replay_state = new(pool=10, max_deals=6)
    for event in events[1:]:
        phase = replay_state.phase
        if phase not in seen_phases or rng.random() < 0.05:
            seen_phases.add(phase)
            before = snapshot(replay_state)
            for field in event:
                for junk in JUNK:
                    bad = {**event, field: junk}
                    if bad in replay_state.legal_actions() or (field == "dealer" and junk == event["dealer"]):
                        continue
                    try:
                        R.apply(replay_state, bad)
                    except IllegalAction:
                        pass
                    else:  # a junk value may happen to be another legal choice
                        assert phase == "deal" or bad in replay_state.legal_actions()
            assert snapshot(replay_state) == before
        replay_state = R.apply_in_place(replay_state, event)
    assert seen_phases >= {"deal", "bid", "exchange", "declare", "whist", "play"}


def test_every_seat_view_carries_every_finished_deal() -> None:
    """The deal log is whole after a reload: each view holds all finished deals, and only public facts."""
    state, _ = play_pool(23, {"pool": 10, "max_deals": 4}, check_every=50)
    rows = state.result()["deals"]
    assert len(rows) == 4
    for seat in (None, *range(state.n)):
        view = state.view(seat)
        assert view["deals"] == rows
        assert view["deals"][-1] == view["last_deal"]
        assert not set(json.dumps(view["deals"]).split('"')) & set(DECK_32)  # no card in the log
