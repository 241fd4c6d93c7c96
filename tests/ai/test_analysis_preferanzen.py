"""The Preferanzen / Vienna analyser: open-hand values against a plain minimax over the engine's own
states and settlement, a bad card classed as a blunder with the best card named, determinism."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.ai.analysis import preferanzen
from games.ai.analysis.base import BLUNDER, JSON, analyse_match, same_action
from games.ai.analysis.registry import get_analyser
from games.engine import GameState, get_rules
from tests.ai.anton_matches import anton_decisions


def _side(state: GameState, me: int, before: list[float], after: list[float]) -> float:
    delta = [b - a for a, b in zip(before, after, strict=True)]
    declarer = state.declarer  # type: ignore[attr-defined]
    return delta[declarer] if me == declarer else sum(delta) - delta[declarer]


def _minimax(game: str, state: GameState, me: int, totals: list[float]) -> float:
    """`me`'s side's points from the deal, every card tried through the engine (the declarer's side
    against the defenders' side)."""
    if state.phase != "play":
        return _side(state, me, totals, state.result()["totals"])
    rules = get_rules(game)
    values = [_minimax(game, rules.apply(state, a), me, totals) for a in state.legal_actions()]
    declarer = state.declarer  # type: ignore[attr-defined]
    mine = (state.to_move == declarer) == (me == declarer)
    return max(values) if mine else min(values)


def _endgames(game: str, seed: int, cards: int) -> Iterator[tuple[list[JSON], GameState]]:
    for events, state in anton_decisions(game, seed):
        seat = state.to_move
        in_endgame = (
            isinstance(seat, int) and state.phase == "play" and len(state.view(seat)["hand"]) <= cards
        )
        if in_endgame and len(state.legal_actions()) > 1:
            yield events, state


@pytest.mark.parametrize("game", ["preferanzen", "preference_vienna"])
def test_open_values_equal_plain_minimax_over_the_engine_on_endgames(game: str) -> None:
    analyser = get_analyser(game)
    assert analyser is not None
    checked = 0
    for seed in range(4):
        for _, state in _endgames(game, seed, cards=3):
            legal = state.legal_actions()
            me = state.to_move
            assert isinstance(me, int)
            totals = state.result()["totals"]
            expected = [_minimax(game, get_rules(game).apply(state, a), me, totals) for a in legal]
            got = analyser.open_values(state, legal)
            assert got.exact and got.values == pytest.approx(expected), (seed, state.version)
            checked += 1
    assert checked >= 5


def test_a_bad_card_is_a_blunder_and_the_best_card_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    # small budgets keep the match's earlier decisions quick; three cards a hand are solved in them
    monkeypatch.setattr(preferanzen, "WORLDS", 6)
    monkeypatch.setattr(preferanzen, "VIEW_NODES", 6000)
    monkeypatch.setattr(preferanzen, "OPEN_NODES", 3000)
    monkeypatch.setattr(preferanzen, "DEFENCE_PLIES", 2)
    game = "preferanzen"
    analyser = get_analyser(game)
    assert analyser is not None
    # The first endgame of Anton's seeded matches where the seat plays last to a trick (what that
    # trick brings is plain from its view) and one card costs the side at least twice a blunder
    # against the best, by the engine's own minimax: that card is played instead.
    for seed in range(40):
        found = None
        for events, state in _endgames(game, seed, cards=3):
            if len(state.trick) != len(state.playing) - 1:  # type: ignore[attr-defined]
                continue
            me = state.to_move
            assert isinstance(me, int)
            legal = state.legal_actions()
            totals = state.result()["totals"]
            values = [_minimax(game, get_rules(game).apply(state, a), me, totals) for a in legal]
            if max(values) - min(values) >= 2 * analyser.thresholds.blunder:
                found = events, legal, values, me
                break
        if found is not None:
            break
    assert found is not None
    events, legal, values, seat = found
    bad = legal[values.index(min(values))]
    played = [*events, bad]
    result = analyse_match(analyser, played, seats=[seat])
    decision = result["decisions"][-1]
    assert decision["seq"] == len(played)
    assert same_action(decision["played"], bad)
    assert decision["class"] == BLUNDER
    assert decision["open"]["exact"] and decision["open"]["loss"] == pytest.approx(max(values) - min(values))
    best = values[next(i for i, a in enumerate(legal) if same_action(a, decision["best"]))]
    assert best == max(values)
    # analysed twice: the same figures
    assert analyse_match(analyser, played, seats=[seat]) == result


def test_analysing_a_whole_deal_twice_gives_the_same_data(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(preferanzen, "WORLDS", 4)
    monkeypatch.setattr(preferanzen, "VIEW_NODES", 4000)
    monkeypatch.setattr(preferanzen, "OPEN_NODES", 4000)
    analyser = get_analyser("preference_vienna")
    assert analyser is not None
    # up to the last trick of the first deal played out: every card of it but the last ones
    events = next(
        ev
        for ev, st in anton_decisions("preference_vienna", 3)
        if st.phase == "play" and len(st.legal_actions()) == 1
    )
    first = analyse_match(analyser, events)
    assert first["decisions"] and all(d["view"] is not None for d in first["decisions"])
    assert analyse_match(analyser, events) == first


@pytest.mark.parametrize("game", ["preferanzen", "preference_vienna"])
def test_the_defence_is_valued_and_both_out_is_what_the_engine_settles(game: str) -> None:
    """Dropping out after the other defender dropped ends the deal at once (the declarer credited with
    every trick): the open value of that drop is the engine's own settlement for the defenders."""
    analyser = get_analyser(game)
    assert analyser is not None
    checked = 0
    for seed in range(30):
        for _, state in anton_decisions(game, seed):
            if state.phase != "defend":
                continue
            me = state.to_move
            assert isinstance(me, int)
            declarer = state.declarer  # type: ignore[attr-defined]
            partner = 3 - me - declarer
            if state.defense[partner] != "drop":  # type: ignore[attr-defined]
                continue
            legal = state.legal_actions()
            drop = next(i for i, a in enumerate(legal) if a["choice"] == "drop")
            after = get_rules(game).apply(state, legal[drop])
            expected = _side(state, me, state.result()["totals"], after.result()["totals"])
            assert analyser.open_values(state, legal).values[drop] == pytest.approx(expected)
            checked += 1
        if checked >= 2:
            break
    assert checked >= 2
