"""Schnapsen random playouts: conservation, 120 card points, replay, purity of apply, private views."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import CHANCE, IllegalAction
from games.engine.base import JSON
from games.engine.schnapsen import RULES, SchnapsenState
from games.engine.schnapsen.cards import CARD_POINTS, DECK
from tests.engine.test_schnapsen_deal import all_cards, snapshot

_CARD = re.compile(r'"([TJQKA][CSDH])"')


def _cards_in(view: JSON) -> set[str]:
    return set(_CARD.findall(json.dumps(view)))


def _check_invariants(state: SchnapsenState) -> None:
    assert sorted(all_cards(state)) == sorted(DECK)  # cards conserved
    for seat in (0, 1):
        assert sum(CARD_POINTS[c] for c in state.won[seat]) == state.trick_points[seat]
        assert len(state.won[seat]) == 2 * state.tricks[seat]
    unplayed = [*state.hands[0], *state.hands[1], *state.stock, *(c for _, c in state.trick)]
    if state.trump_card is not None:
        unplayed.append(state.trump_card)
    assert sum(state.trick_points) + sum(CARD_POINTS[c] for c in unplayed) == 120
    if state.phase == "play":
        assert len(state.hands[0]) + len(state.hands[1]) + len(state.trick) > 0
        if state.closed_by is None and state.trump_card is not None:
            assert len(state.hands[state.turn]) == 5 or state.trick  # the stock keeps hands full


def _check_views(state: SchnapsenState) -> None:
    public = {c for _, c in state.trick} | {c for _, c in state.last_trick or []}
    public |= {c for _, c in state.exchanges}
    if state.trump_card is not None:
        public.add(state.trump_card)
    for seat in (0, 1, None):
        view = state.view(seat)
        seen = _cards_in(view)
        own = set(state.hands[seat]) if seat is not None else set()
        assert seen <= own | public, (seat, seen - own - public)
        assert not seen & set(state.stock)  # never the face-down stock
        assert view["hand"] == sorted(own, key=lambda c: (c[1], -"JQKTA".index(c[0])))
        assert view["hand_sizes"] == [len(state.hands[0]), len(state.hands[1])]
        assert view["version"] == state.version
        for other in (0, 1):
            if other != seat:
                assert view["points"][other] is None and view["pending"][other] is None
        assert view["legal"] == (state.legal_actions() if seat is not None and state.to_move == seat else [])


def play_match(seed: int, thorough: bool, options: JSON | None = None) -> tuple[list[JSON], SchnapsenState]:
    rng = random.Random(seed)
    events: list[JSON] = [RULES.start_event(options or {"first_dealer": seed % 2})]
    state = RULES.initial_state(events[0])
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = RULES.chance_event(state, rng)
        else:
            legal = state.legal_actions()
            assert legal, "a seat to move always has a legal action"
            assert all(a["seat"] == state.to_move for a in legal)
            if thorough:
                for action in legal:
                    RULES.apply(state, action)
            event = legal[rng.randrange(len(legal))]
        before = snapshot(state) if thorough else None
        new = RULES.apply(state, event)
        if thorough:
            assert snapshot(state) == before  # apply never mutates its input
            _check_views(new)
        _check_invariants(new)
        if new.rows and (not state.rows or len(new.rows) > len(state.rows)):
            _check_deal_row(new)
        assert new.version == state.version + 1
        events.append(event)
        state = new
    assert state.version == len(events)
    return events, state


def _check_deal_row(state: SchnapsenState) -> None:
    row = state.rows[-1]
    assert sum(row["game_points"]) in (1, 2, 3) and row["game_points"][row["winner"]] > 0
    if row["reason"] == "last trick":
        assert not state.hands[0] and not state.hands[1] and state.stock_size == 0
        assert sum(state.trick_points) == 120  # all 120 card points were won in tricks
    elif row["reason"] == "closed and failed":
        assert not state.hands[0] and not state.hands[1]  # the closed stock is never played
        assert (
            sum(state.trick_points) + sum(CARD_POINTS[c] for c in [*state.stock, state.trump_card or ""] if c)
            == 120
        )
    else:
        assert state.points(row["winner"]) >= 66


def _check_result(state: SchnapsenState) -> None:
    result = state.result()
    assert result["finished"] is True
    totals = result["totals"]
    assert [sum(r["game_points"][s] for r in result["deals"]) for s in (0, 1)] == totals
    winner = result["winner"]
    assert totals[winner] >= 7 > totals[1 - winner]
    assert result["ranking"][winner] == 1 and result["ranking"][1 - winner] == 2
    assert result["scores"][winner] == 0 and result["scores"][1 - winner] == 7 - totals[1 - winner]
    assert [r["dealer"] for r in result["deals"]] == [
        (result["deals"][0]["dealer"] + i) % 2 for i in range(len(result["deals"]))
    ]


def test_thorough_random_matches_replay_identically() -> None:
    for seed in range(60):
        events, live = play_match(seed, thorough=True)
        _check_result(live)
        replayed = RULES.replay(events)
        assert snapshot(replayed) == snapshot(live)
        # events are plain JSON: a round trip through text replays the same
        assert snapshot(RULES.replay(json.loads(json.dumps(events)))) == snapshot(live)


def test_many_random_matches_keep_the_invariants() -> None:
    reasons: set[str] = set()
    for seed in range(100, 400):
        _, state = play_match(seed, thorough=False)
        _check_result(state)
        reasons |= {r["reason"] for r in state.rows}
    assert reasons == {
        "66 reached",
        "closed and made",
        "closed, opponent reached 66",
        "closed and failed",
        "last trick",
    }


def test_replay_at_every_prefix_matches() -> None:
    events, _ = play_match(7, thorough=False)
    state = RULES.initial_state(events[0])
    for i, event in enumerate(events[1:], start=2):
        state = RULES.apply(state, event)
        if i % 9 == 0:
            assert snapshot(RULES.replay(events[:i])) == snapshot(state)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), start_score=st.integers(min_value=1, max_value=9))
def test_property_random_matches(seed: int, start_score: int) -> None:
    _, state = play_match(
        seed, thorough=False, options={"start_score": start_score, "first_dealer": seed % 2}
    )
    result = state.result()
    totals: list[Any] = result["totals"]
    assert max(totals) >= start_score > min(totals)
    assert [sum(r["game_points"][s] for r in result["deals"]) for s in (0, 1)] == totals


_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=3),
    st.sampled_from(["AH", "JD", "9C", "QS", "", "deal", "play", "close", "exchange_trump"]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
_KEYS = st.sampled_from(["type", "seat", "card", "marriage", "dealer", "deck", "extra"])


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=50),
    steps=st.integers(min_value=0, max_value=30),
    event=st.dictionaries(_KEYS, _JUNK, max_size=5),
)
def test_fuzzed_events_raise_illegal_action_or_apply(seed: int, steps: int, event: dict[str, Any]) -> None:
    """Any event dict either applies or raises IllegalAction, leaving the state as it was."""
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.start_event())
    for _ in range(steps):
        if state.to_move is None:
            break
        if state.to_move == CHANCE:
            state = RULES.apply_in_place(state, RULES.chance_event(state, rng))
        else:
            legal = state.legal_actions()
            state = RULES.apply_in_place(state, legal[rng.randrange(len(legal))])
    before = snapshot(state)
    try:
        new = RULES.apply(state, event)
    except IllegalAction:
        assert snapshot(state) == before
        try:
            RULES.apply_in_place(state, event)
        except IllegalAction:
            assert snapshot(state) == before
        else:
            raise AssertionError("apply_in_place accepted what apply refused") from None
    else:
        assert snapshot(state) == before
        assert event.get("type") == "deal" or _is_legal_variant(state, event)
        assert new.version == state.version + 1


def _is_legal_variant(state: SchnapsenState, event: dict[str, Any]) -> bool:
    """The event is a legal action (`marriage: false` being the plain play)."""
    plain = {k: v for k, v in event.items() if not (k == "marriage" and v is False)}
    return plain in state.legal_actions()
