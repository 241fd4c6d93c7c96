"""Legal actions made once and shared (games/engine/shared_actions.py): read-only, plain JSON to every
reader, and applied exactly as a fresh dict with the same items would be; the rules table checks a
shared action's fields once per event spec but the seat to move at every move."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import orjson
import pytest

from games import packs
from games.engine import CHANCE, IllegalAction, get_rules
from games.engine.hands import holds, take
from games.engine.preisjass import RULES as PREISJASS
from games.engine.preisjass.cards import sort_hand
from games.engine.schnapsen import RULES as SCHNAPSEN
from games.engine.shared_actions import SharedAction, SharedDict, card_plays, played_cards
from tests.engine.test_engine_skeleton import SHORT_OPTIONS, _snapshot

MUTATIONS = [
    lambda d: d.__setitem__("card", "AH"),
    lambda d: d.__delitem__("card"),
    lambda d: d.clear(),
    lambda d: d.pop("card"),
    lambda d: d.popitem(),
    lambda d: d.setdefault("marriage", True),
    lambda d: d.update(card="AH"),
    lambda d: d.__ior__({"card": "AH"}),
]


@pytest.mark.parametrize("mutate", MUTATIONS)
def test_a_shared_dict_cannot_be_changed(mutate: Any) -> None:
    for shared in (SharedAction(type="play", seat=0, card="TS"), SharedDict(seat=0, card="TS")):
        with pytest.raises(TypeError, match="read-only"):
            mutate(shared)
        assert shared == {"type": "play", "seat": 0, "card": "TS"} or shared == {"seat": 0, "card": "TS"}
    action = SharedAction(type="play", seat=0, card="TS")
    with pytest.raises(TypeError):
        mutate(action)
    assert action.plain == {"type": "play", "seat": 0, "card": "TS"}


def test_a_shared_action_reads_copies_and_travels_as_a_plain_dict() -> None:
    action = SharedAction(type="play", seat=1, card="QH")
    assert action == {"type": "play", "seat": 1, "card": "QH"} and action["card"] == "QH"
    assert json.loads(json.dumps(action)) == action
    assert orjson.loads(orjson.dumps(action)) == action
    changed = {**action, "card": "KH"}
    assert type(changed) is dict and changed["card"] == "KH" and action["card"] == "QH"
    assert type(dict(action)) is dict
    for again in (pickle.loads(pickle.dumps(action)), copy.deepcopy(action), copy.copy(action)):
        assert type(again) is SharedAction and again == action and again.plain == action
        assert again.fits == set()
    entry = pickle.loads(pickle.dumps(SharedDict(seat=2, card="6C")))
    assert type(entry) is SharedDict and entry == {"seat": 2, "card": "6C"}


def test_the_tables_hold_one_play_per_seat_and_card() -> None:
    plays = card_plays(["TS", "AH"], 3)
    assert [sorted(p) for p in plays] == [["AH", "TS"]] * 3
    assert plays[2]["AH"] == {"type": "play", "seat": 2, "card": "AH"}
    assert type(plays[2]["AH"]) is SharedAction
    entries = played_cards(["TS"], 2)
    assert entries[1]["TS"] == {"seat": 1, "card": "TS"} and type(entries[1]["TS"]) is SharedDict


@pytest.mark.parametrize("game", packs.names())
def test_shared_legal_actions_apply_exactly_as_fresh_dicts(game: str) -> None:
    """Random matches of every game, each event applied to one state as the engine handed it out and
    to another as a fresh plain dict: the two states agree after every event, and a shared action the
    table has checked once is still refused out of turn."""
    rules = get_rules(game)
    shared_seen = 0
    for seed in range(3):
        rng = random.Random(seed)
        start = rules.start_event(SHORT_OPTIONS.get(game, {}))
        as_handed, as_fresh = rules.initial_state(start), rules.initial_state(start)
        seats = start["players"]
        while as_handed.to_move is not None:
            if as_handed.to_move == CHANCE:
                event = rules.chance_event(as_handed, rng)
            else:
                event = rng.choice(as_handed.legal_actions())
            shared_seen += type(event) is SharedAction
            as_handed = rules.apply(as_handed, event)
            as_fresh = rules.apply(as_fresh, json.loads(json.dumps(event)))
            assert _snapshot(as_handed, seats) == _snapshot(as_fresh, seats)
            if type(event) is SharedAction and as_handed.to_move not in (None, CHANCE, event["seat"]):
                before = _snapshot(as_handed, seats)
                with pytest.raises(IllegalAction, match="not your turn"):
                    rules.apply_in_place(as_handed, event)
                assert _snapshot(as_handed, seats) == before
    assert shared_seen > 0


def test_a_shared_action_of_another_game_is_checked_by_this_game_s_table() -> None:
    """The fields are checked once per event spec, and each game's spec is its own: a Preisjass card
    play that passed Preisjass's table is still a malformed card to Schnapsen."""
    rng = random.Random(3)
    jass = PREISJASS.initial_state(PREISJASS.start_event())
    while jass.to_move not in (0, 1):  # the deal, then plays until seat 0 or 1 is to play
        event = PREISJASS.chance_event(jass, rng) if jass.to_move == CHANCE else jass.legal_actions()[0]
        jass = PREISJASS.apply(jass, event)
    seat = jass.to_move
    six = SharedAction(type="play", seat=seat, card="6H")
    PREISJASS.check_event(jass, six)
    assert len(six.fits) == 1
    schnapsen = SCHNAPSEN.initial_state(SCHNAPSEN.start_event({"first_dealer": 1 - seat}))
    schnapsen = SCHNAPSEN.apply(schnapsen, SCHNAPSEN.chance_event(schnapsen, rng))
    assert schnapsen.to_move == seat
    for _ in range(2):
        with pytest.raises(IllegalAction, match="malformed card '6H': not a Schnapsen card"):
            SCHNAPSEN.apply(schnapsen, six)
    assert len(six.fits) == 1


def test_a_malformed_shared_action_is_refused_every_time() -> None:
    rng = random.Random(5)
    state = SCHNAPSEN.initial_state(SCHNAPSEN.start_event())
    state = SCHNAPSEN.apply(state, SCHNAPSEN.chance_event(state, rng))
    seat = state.turn
    bad = SharedAction(type="play", seat=seat, card="6H")
    extra = SharedAction(type="play", seat=seat, card=state.hands[seat][0], note=1)
    for _ in range(2):
        with pytest.raises(IllegalAction, match="not a Schnapsen card"):
            SCHNAPSEN.apply(state, bad)
        with pytest.raises(IllegalAction, match="unexpected field note"):
            SCHNAPSEN.apply(state, extra)
    assert bad.fits == set() and extra.fits == set()


def test_holds_and_take_are_in_and_remove() -> None:
    hand = ["TS", "AH", "QH"]
    assert holds(hand, "AH") and holds(hand, "".join(["Q", "H"])) and not holds(hand, "KH")
    assert not holds([], "AH")
    take(hand, "".join(["A", "H"]))
    assert hand == ["TS", "QH"]
    with pytest.raises(ValueError, match="not in the hand"):
        take(hand, "AH")
    assert hand == ["TS", "QH"]


def test_preisjass_sorts_a_hand_suit_by_suit_low_to_high() -> None:
    assert sort_hand(["AH", "6C", "TC", "9S", "JD", "6H", "KD", "8C", "QS"]) == [
        "6C",
        "8C",
        "TC",
        "9S",
        "QS",
        "JD",
        "KD",
        "6H",
        "AH",
    ]


@pytest.mark.parametrize("seed", range(10))
def test_the_preisjass_cut_is_the_generator_s_randint(seed: int) -> None:
    rng, theirs = random.Random(seed), random.Random(seed)
    state = PREISJASS.initial_state(PREISJASS.start_event())
    while state.to_move == CHANCE and state.phase != "cut":
        event = PREISJASS.chance_event(state, rng)
        state = PREISJASS.apply(state, event)
    theirs.setstate(rng.getstate())
    assert PREISJASS.chance_event(state, rng)["count"] == theirs.randint(4, 33)
