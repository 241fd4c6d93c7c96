"""The Preferans analyser: open-hand values against a plain minimax over the engine's own states,
a bad card classed as a blunder with the best card named, determinism."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import pytest

from games.ai.analysis import preferans
from games.ai.analysis.base import BLUNDER, JSON, analyse_match, same_action
from games.ai.analysis.preferans import PreferansAnalyser
from games.engine import get_rules
from games.engine.preferans.constants import MIS_INDEX
from games.engine.preferans.play import trick_winner
from games.engine.preferans.state import PreferansState
from tests.ai.anton_matches import anton_decisions

RULES = get_rules("preferans")


def _anton_match(seed: int) -> Iterator[tuple[list[JSON], PreferansState]]:
    for events, state in anton_decisions("preferans", seed):
        yield events, cast(PreferansState, state)


def _kind(state: PreferansState) -> str:
    if state.raspasy:
        return "raspasy"
    return "misere" if state.contract == MIS_INDEX else "game"


def _value(state: PreferansState, me: int, tricks: list[int]) -> float:
    """`me`'s value of the tricks taken from the position on (the analyser's unit, from the engine)."""
    kind = _kind(state)
    left = sum(tricks)
    if kind == "raspasy":
        return left - tricks[me]
    if kind == "misere":
        return left - tricks[me] if me == state.declarer else tricks[state.declarer]
    if me == state.declarer:
        return tricks[me]
    return left - tricks[state.declarer]


def _ally(state: PreferansState, me: int, seat: int) -> bool:
    if _kind(state) == "raspasy":
        return seat == me
    return (seat == state.declarer) == (me == state.declarer)


def _minimax(state: PreferansState, me: int, taken: list[int]) -> float:
    """Every card tried through the engine to the end of the deal; `taken` counts the tricks won since
    the analysed position."""
    seat = state.active[state.pos]
    values = []
    for action in state.legal_actions():
        after = RULES.apply(state, action)
        now = list(taken)
        if len(state.trick) == 2:  # this card ends a trick: who won it, by the engine's rule
            ts = state.talon[state.tricks_done][1] if state.raspasy and state.tricks_done < 2 else None
            now[trick_winner([*state.trick, [seat, action["card"]]], state.trump, ts)] += 1
        if state.tricks_done == 9 and len(state.trick) == 2:
            values.append(_value(state, me, now))
        else:
            values.append(_minimax(after, me, now))
    return max(values) if _ally(state, me, seat) else min(values)


def _endgames(seed: int, cards: int) -> Iterator[tuple[list[JSON], PreferansState]]:
    for events, state in _anton_match(seed):
        seat = state.to_move
        late = state.phase == "play" and isinstance(seat, int) and len(state.hands[seat]) <= cards
        if late and len(state.legal_actions()) > 1:
            yield events, state


def _engine_values(state: PreferansState) -> list[float]:
    me = state.active[state.pos]
    return [_minimax_after(state, action, me) for action in state.legal_actions()]


def _minimax_after(state: PreferansState, action: JSON, me: int) -> float:
    # the same as one branch of _minimax: play `action`, then the rest by minimax
    seat = state.active[state.pos]
    taken = [0] * len(state.tricks)
    after = RULES.apply(state, action)
    if len(state.trick) == 2:
        ts = state.talon[state.tricks_done][1] if state.raspasy and state.tricks_done < 2 else None
        taken[trick_winner([*state.trick, [seat, action["card"]]], state.trump, ts)] += 1
    if state.tricks_done == 9 and len(state.trick) == 2:
        return _value(state, me, taken)
    return _minimax(after, me, taken)


def test_open_values_equal_plain_minimax_over_the_engine_on_endgames() -> None:
    analyser = PreferansAnalyser()
    kinds = set()
    checked = 0
    for seed in range(3):
        for _, state in _endgames(seed, cards=3):
            legal = state.legal_actions()
            got = analyser.open_values(state, legal)
            assert got.exact and got.values == pytest.approx(_engine_values(state)), (seed, state.version)
            kinds.add(_kind(state))
            checked += 1
    assert checked >= 10 and len(kinds) >= 2


def test_a_bad_card_is_a_blunder_and_the_best_card_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    # small budgets keep the match's earlier decisions quick; three cards a hand are solved in them
    monkeypatch.setattr(preferans, "WORLDS", 6)
    monkeypatch.setattr(preferans, "VIEW_NODES", 6000)
    monkeypatch.setattr(preferans, "OPEN_NODES", 3000)
    analyser = PreferansAnalyser()
    # The first endgame of Anton's seeded matches where the seat plays last to a trick and one card
    # costs at least two tricks against the best, by the engine's own minimax: that card is played.
    found = None
    for seed in range(40):
        for events, state in _endgames(seed, cards=3):
            if len(state.trick) != 2:
                continue
            values = _engine_values(state)
            if max(values) - min(values) >= 2 * analyser.thresholds.blunder:
                found = events, state.legal_actions(), values, state.active[state.pos]
                break
        if found is not None:
            break
    assert found is not None
    events, legal, values, seat = found
    bad = legal[values.index(min(values))]
    played = [*events, bad]
    result = analyse_match(analyser, played, seats=[seat])
    decision = result["decisions"][-1]
    assert decision["seq"] == len(played) and same_action(decision["played"], bad)
    assert decision["class"] == BLUNDER
    assert decision["open"]["exact"] and decision["open"]["loss"] == pytest.approx(max(values) - min(values))
    best = values[next(i for i, a in enumerate(legal) if same_action(a, decision["best"]))]
    assert best == max(values)
    assert analyse_match(analyser, played, seats=[seat]) == result


def test_analysing_a_deal_twice_gives_the_same_data(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(preferans, "WORLDS", 4)
    monkeypatch.setattr(preferans, "VIEW_NODES", 4000)
    monkeypatch.setattr(preferans, "OPEN_NODES", 4000)
    events = next(ev for ev, st in _anton_match(2) if st.phase == "play" and st.tricks_done == 9)
    first = analyse_match(PreferansAnalyser(), events)
    assert first["decisions"] and all(d["view"] is not None for d in first["decisions"])
    assert analyse_match(PreferansAnalyser(), events) == first
