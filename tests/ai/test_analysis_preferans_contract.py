"""The Preferans analyser before the play: bids, the talon discard, the contract and the whist calls are
valued in whists; a deliberately bad one in a hand-built deal is a blunder and the best alternative is
named; the same events give the same data."""

from __future__ import annotations

import random

import pytest

from games.ai.analysis.base import BEST, BLUNDER, JSON, analyse_match, same_action
from games.ai.analysis.registry import get_analyser
from games.ai.preferans_search import player
from games.engine import get_rules
from games.engine.preferans.state import PreferansState

RULES = get_rules("preferans")

JUNK = ["7S", "8S", "9S", "7C", "8C", "9C", "7D", "8D", "9D", "7H"]
WEAK = ["7S", "9S", "JS", "8C", "TC", "QC", "7D", "9D", "JH", "KH"]  # no game, no misère either
MONSTER = ["AS", "KS", "QS", "JS", "TS", "9H", "AH", "KH", "AD", "KD"]


def _deal(hands: list[list[str]], talon: list[str]) -> tuple[list[JSON], PreferansState]:
    """The start and a deal giving forehand, middlehand and rearhand `hands` and the talon."""
    events = [RULES.start_event({})]
    state = RULES.initial_state(events[0])
    deal = RULES.chance_event(state, random.Random(0))
    deck: list[str | None] = [None] * 32
    for pos, cards in enumerate(hands):
        a = 2 * pos
        places = [a, a + 1, a + 8, a + 9, a + 14, a + 15, a + 20, a + 21, a + 26, a + 27]
        for place, card in zip(places, cards, strict=True):
            deck[place] = card
    deck[6:8] = talon
    rest = [c for c in deal["deck"] if c not in deck]
    deck = [c if c is not None else rest.pop() for c in deck]
    events.append({**deal, "deck": deck})
    state = RULES.apply(state, events[-1])
    for pos, cards in enumerate(hands):
        assert sorted(state.hands[state.active[pos]]) == sorted(cards)
    return events, state


def _play(events: list[JSON], state: PreferansState, *actions: JSON) -> PreferansState:
    for action in actions:
        seat = state.to_move
        event = {**action, "seat": seat}
        events.append(event)
        state = RULES.apply(state, event)
    return state


def _analyse(events: list[JSON], seat: int) -> JSON:
    analyser = get_analyser("preferans")
    assert analyser is not None
    return analyse_match(analyser, events, seats=[seat])


def _rest(*taken: list[str]) -> list[str]:
    """The cards no hand in `taken` holds, suit by suit."""
    held = {c for hand in taken for c in hand}
    return [r + s for s in "SCDH" for r in "789TJQKA" if r + s not in held]


def _others(first: list[str]) -> tuple[list[str], list[str], list[str]]:
    """Middlehand's and rearhand's hands and the talon for forehand's `first`."""
    rest = _rest(first)
    return rest[:10], rest[10:20], rest[20:22]


def test_a_hopeless_ten_no_trump_bid_is_a_blunder_and_pass_is_best() -> None:
    middle, rear, talon = _others(WEAK)
    events, state = _deal([WEAK, middle, rear], talon)
    seat = state.to_move
    assert isinstance(seat, int) and state.phase == "bid"
    _play(events, state, {"type": "bid", "bid": "10NT"})
    decision = _analyse(events, seat)["decisions"][-1]
    assert decision["kind"] == "bid" and decision["unit"] == "whists"
    assert decision["played"] == {"type": "bid", "bid": "10NT"}
    assert decision["class"] == BLUNDER
    assert decision["best"] == {"type": "bid", "bid": "pass"}
    assert decision["open"]["loss"] >= 10 and decision["view"]["loss"] >= 10


def test_passing_a_cold_ten_is_a_blunder_and_a_bid_is_best() -> None:
    middle, rear, talon = _others(MONSTER)
    events, state = _deal([MONSTER, middle, rear], talon)
    seat = state.to_move
    assert isinstance(seat, int)
    _play(events, state, {"type": "bid", "bid": "pass"})
    decision = _analyse(events, seat)["decisions"][-1]
    assert decision["class"] == BLUNDER
    assert decision["best"]["bid"] not in ("pass", "MIS")
    best = decision["alternatives"].index(decision["best"])
    assert decision["open"]["values"][best] > 10 * 20 / 3 - 1  # ten spades: 10 pool points, 66.7 whists
    assert decision["open"]["played"] == 0.0


STRONG = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "AH", "AD", "AC"]  # ten cold tricks in spades


def _declarer_after_talon() -> tuple[list[JSON], PreferansState, int]:
    """Forehand (STRONG) wins the auction with 6♠ and takes the talon, 7♥ 8♥."""
    rest = _rest(STRONG, ["7H", "8H"])
    events, state = _deal([STRONG, rest[:10], rest[10:]], ["7H", "8H"])
    seat = state.to_move
    assert isinstance(seat, int)
    state = _play(
        events,
        state,
        {"type": "bid", "bid": "6S"},
        {"type": "bid", "bid": "pass"},
        {"type": "bid", "bid": "pass"},
    )
    assert state.phase == "exchange" and state.to_move == seat
    return events, state, seat


def test_throwing_two_aces_is_a_blunder_and_the_talon_s_small_hearts_are_best() -> None:
    events, state, seat = _declarer_after_talon()
    bad = {"type": "exchange", "discard": ["AH", "AD"]}
    _play(events, state, bad)
    result = _analyse(events, seat)
    decision = result["decisions"][-1]
    assert decision["kind"] == "exchange"
    assert len(decision["alternatives"]) == 66
    assert same_action(decision["played"], bad)
    assert decision["class"] == BLUNDER
    assert sorted(decision["best"]["discard"]) == ["7H", "8H"]
    # the earlier bid (6♠, then the best contract 10♠ is open to him) is fine
    assert result["decisions"][0]["kind"] == "bid" and result["decisions"][0]["class"] == BEST


def test_declaring_below_a_cold_ten_is_a_blunder_and_the_contract_values_follow_the_payoff() -> None:
    events, state, seat = _declarer_after_talon()
    state = _play(events, state, {"type": "exchange", "discard": sorted(state.talon)})
    assert state.phase == "declare"
    _play(events, state, {"type": "declare", "contract": "6S"})
    decision = _analyse(events, seat)["decisions"][-1]
    assert decision["kind"] == "declare"
    assert decision["class"] == BLUNDER
    assert decision["best"] == {"type": "declare", "contract": "10S"}
    assert decision["open"]["exact"]
    values = dict(
        zip((a["contract"] for a in decision["alternatives"]), decision["open"]["values"], strict=True)
    )
    assert values["10S"] == pytest.approx(10 * 20 / 3, abs=0.01)  # made, nobody whists a ten
    assert values["6S"] == pytest.approx(2 * 20 / 3 - 0, abs=0.01)  # made; the defence holds no trick


def test_whisting_alone_against_a_cold_game_with_nothing_is_a_blunder() -> None:
    rest = _rest(MONSTER, JUNK)
    middle, talon = rest[:10], rest[10:12]
    # forehand holds MONSTER and declares 6♠; middlehand passes, rearhand (JUNK) whists
    events, state = _deal([MONSTER, middle, JUNK], talon)
    state = _play(
        events,
        state,
        {"type": "bid", "bid": "6S"},
        {"type": "bid", "bid": "pass"},
        {"type": "bid", "bid": "pass"},
    )
    state = _play(events, state, {"type": "exchange", "discard": sorted(state.talon)})
    state = _play(events, state, {"type": "declare", "contract": "6S"}, {"type": "defend", "call": "pass"})
    seat = state.to_move
    assert isinstance(seat, int) and sorted(state.hands[seat]) == sorted(JUNK)
    _play(events, state, {"type": "defend", "call": "whist"})
    decision = _analyse(events, seat)["decisions"][-1]
    assert decision["kind"] == "defend"
    assert decision["played"] == {"type": "defend", "call": "whist"}
    assert decision["class"] == BLUNDER
    assert decision["best"]["call"] in ("pass", "half")
    assert decision["open"]["exact"]


def test_analysing_the_auction_twice_gives_the_same_data() -> None:
    events, state, _ = _declarer_after_talon()
    state = _play(events, state, {"type": "exchange", "discard": sorted(state.talon)})
    _play(events, state, {"type": "declare", "contract": "8S"})
    analyser = get_analyser("preferans")
    assert analyser is not None
    assert analyser.version == "preferans-3"
    first = analyse_match(analyser, events)
    kinds = {d["kind"] for d in first["decisions"]}
    assert {"bid", "exchange", "declare"} <= kinds
    assert first["kinds"]["bid"]["unit"] == "whists"
    assert all(d["view"] is not None for d in first["decisions"])
    assert analyse_match(get_analyser("preferans"), events) == first  # type: ignore[arg-type]


# forehand declares 8♠ with six spades, the ♦A and ♥KJT; middlehand passes, rearhand (♥AQ7, ♣AKQ)
# whists alone. In the playouts on these cards the declarer takes nine tricks every time the defenders'
# hands are shown and seven or eight in closed play (a deal found among Anton's: a playout-made figure)
MODE_HANDS = [
    ["9H", "9S", "AD", "AS", "JH", "JS", "KS", "QS", "TH", "TS"],
    ["7C", "7S", "8C", "8H", "8S", "9C", "9D", "KD", "QD", "TD"],
    ["7D", "7H", "8D", "AC", "AH", "JD", "KC", "QC", "QH", "TC"],
]


def _lone_whister(mode: str) -> tuple[list[JSON], int]:
    events, state = _deal(MODE_HANDS, ["JC", "KH"])
    state = _play(
        events,
        state,
        {"type": "bid", "bid": "6S"},
        {"type": "bid", "bid": "pass"},
        {"type": "bid", "bid": "6C"},
        {"type": "bid", "bid": "hold"},
        {"type": "bid", "bid": "pass"},
        {"type": "exchange", "discard": ["JC", "9H"]},
        {"type": "declare", "contract": "8S"},
        {"type": "defend", "call": "pass"},
        {"type": "defend", "call": "whist"},
    )
    assert state.phase == "mode"
    seat = state.to_move
    assert seat == state.active[2] and sorted(state.hands[seat]) == sorted(MODE_HANDS[2])
    _play(events, state, {"type": "mode", "mode": mode})
    return events, seat


def test_open_play_that_shows_the_declarer_the_hearts_is_a_blunder_on_the_real_cards() -> None:
    events, seat = _lone_whister("open")
    data = _analyse(events, seat)
    decision = data["decisions"][-1]
    assert decision["kind"] == "mode"
    assert decision["unit"] == "whists"
    assert data["kinds"]["mode"]["unit"] == "whists"
    assert decision["played"] == {"type": "mode", "mode": "open"}
    assert [a["mode"] for a in decision["alternatives"]] == ["closed", "open"]
    closed, opened = decision["open"]["values"]
    assert closed - opened >= data["kinds"]["mode"]["thresholds"]["blunder"]
    assert decision["open"]["best"] == 0
    assert len(decision["view"]["values"]) == 2  # the own-view angle is computed too
    assert _analyse(events, seat) == data  # reproducible


def test_closed_play_there_loses_nothing_on_the_real_cards() -> None:
    events, seat = _lone_whister("closed")
    decision = _analyse(events, seat)["decisions"][-1]
    assert decision["kind"] == "mode"
    assert decision["played"] == {"type": "mode", "mode": "closed"}
    assert decision["open"]["loss"] == 0


def test_the_analysis_does_not_change_with_a_new_revision_of_a_level(monkeypatch: pytest.MonkeyPatch) -> None:
    # a stored match's analysis says the same after Dora or Carla change: the analysis builds its
    # sampler and its playout players from its own pinned budgets, never from the levels' classes
    events, state, _ = _declarer_after_talon()
    state = _play(events, state, {"type": "exchange", "discard": sorted(state.talon)})
    _play(events, state, {"type": "declare", "contract": "8S"})
    mode_events, seat = _lone_whister("open")
    before = (analyse_match(get_analyser("preferans"), events), _analyse(mode_events, seat))  # type: ignore[arg-type]

    def changed(self: object) -> None:
        raise AssertionError("the analysis built a level's player")

    monkeypatch.setattr(player.DoraPreferans, "__init__", changed)
    monkeypatch.setattr(player.CarlaPreferans, "__init__", changed)
    after = (analyse_match(get_analyser("preferans"), events), _analyse(mode_events, seat))  # type: ignore[arg-type]
    assert {"bid", "exchange", "declare"} <= {d["kind"] for d in after[0]["decisions"]}
    assert after[1]["decisions"][-1]["kind"] == "mode"
    assert after == before
