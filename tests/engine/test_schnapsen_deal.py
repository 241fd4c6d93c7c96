"""Schnapsen: options, the deal layout, the dealer rotation and malformed deal events.

Also holds the small helpers the other Schnapsen test modules import."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import CHANCE, GameState, IllegalAction, get_rules
from games.engine.schnapsen import RULES, SchnapsenState
from games.engine.schnapsen.cards import DEALER_SLOTS, DECK, FOREHAND_SLOTS, STOCK_SLOTS, TRUMP_SLOT

# -- helpers used by every Schnapsen test module ------------------------------------------------------


def deck_order(
    forehand: list[str], dealer: list[str], trump_card: str, stock: list[str] | None = None
) -> list[str]:
    """A 20-card deal order giving these hands, this trump card and a stock drawn in `stock` order
    (missing stock cards are filled in from the rest of the deck)."""
    used = [*forehand, *dealer, trump_card, *(stock or [])]
    assert len(set(used)) == len(used)
    rest = [c for c in DECK if c not in used]
    full_stock = [*(stock or []), *rest]
    order = [""] * 20
    for slot, card in zip(FOREHAND_SLOTS, forehand, strict=True):
        order[slot] = card
    for slot, card in zip(DEALER_SLOTS, dealer, strict=True):
        order[slot] = card
    order[TRUMP_SLOT] = trump_card
    for slot, card in zip(STOCK_SLOTS, full_stock, strict=True):
        order[slot] = card
    return order


def new_deal(
    hand0: list[str], hand1: list[str], trump_card: str, stock: list[str] | None = None, **options: Any
) -> SchnapsenState:
    """A match whose first deal gives seat 0 (forehand, leads) `hand0` and seat 1 (dealer) `hand1`."""
    state = RULES.initial_state(RULES.start_event({"first_dealer": 1, **options}))
    return RULES.apply(
        state, {"type": "deal", "dealer": 1, "deck": deck_order(hand0, hand1, trump_card, stock)}
    )


def act(state: SchnapsenState, *moves: str) -> SchnapsenState:
    """Apply compact moves: "0 AH" plays, "0 KH m" plays with a marriage, "0 close", "0 exchange"."""
    for move in moves:
        seat_text, what, *flags = move.split()
        seat = int(seat_text)
        if what == "close":
            event: dict[str, Any] = {"type": "close", "seat": seat}
        elif what == "exchange":
            event = {"type": "exchange_trump", "seat": seat}
        else:
            event = {"type": "play", "seat": seat, "card": what}
            if flags == ["m"]:
                event["marriage"] = True
        state = RULES.apply(state, event)
    return state


def position(
    hand0: list[str],
    hand1: list[str],
    trump_card: str | None,
    stock: list[str] | None = None,
    *,
    trump: str | None = None,
    leader: int = 0,
    points: tuple[int, int] = (0, 0),
    tricks: tuple[int, int] = (0, 0),
    pending: tuple[int, int] = (0, 0),
    closed_by: int | None = None,
    closure: tuple[int, int] | None = None,
    **options: Any,
) -> SchnapsenState:
    """A hand-built moment inside the first deal: seat `leader` is about to lead. `stock` lists the
    face-down stock top first; `points` are trick points already won."""
    state = new_deal(["AH", "TH", "KH", "QH", "JH"], ["AS", "TS", "KS", "QS", "JS"], "AC", **options)
    state.hands = [list(hand0), list(hand1)]
    state.stock = list(reversed(stock or []))
    state.trump_card = trump_card
    state.trump = trump or (trump_card or "")[1:]
    state.leader = state.turn = leader
    state.trick_points = list(points)
    state.tricks = list(tricks)
    state.pending = list(pending)
    state.closed_by = closed_by
    state.closure = closure
    state.won = [[], []]
    return state


def snapshot(state: GameState) -> tuple[Any, ...]:
    """Everything observable about a state, for unchanged-after-error checks."""
    return (
        state.version,
        state.view(0),
        state.view(1),
        state.view(None),
        state.result(),
        state.legal_actions(),
    )


def all_cards(state: SchnapsenState) -> list[str]:
    cards = [*state.hands[0], *state.hands[1], *state.stock, *state.won[0], *state.won[1]]
    cards += [c for _, c in state.trick]
    if state.trump_card is not None:
        cards.append(state.trump_card)
    return cards


# -- tests ------------------------------------------------------------------------------------------------


def test_registered_with_two_players_and_defaults() -> None:
    rules = get_rules("schnapsen")
    assert rules is RULES
    assert rules.players({}) == 2
    start = rules.start_event()
    assert start == {
        "type": "start",
        "game": "schnapsen",
        "players": 2,
        "options": {"start_score": 7, "first_dealer": 0, "deals": 0},
        "rules_version": "3",
    }
    state = rules.initial_state(start)
    assert state.to_move == CHANCE and state.version == 1
    assert state.view(0)["scores"] == [7, 7]


@pytest.mark.parametrize(
    "options",
    [{"colour": "red"}, {"start_score": 0}, {"start_score": "7"}, {"start_score": True}, {"first_dealer": 2}],
)
def test_bad_options_rejected(options: dict[str, Any]) -> None:
    with pytest.raises(IllegalAction):
        RULES.start_event(options)


def test_deal_layout_three_trump_two_and_stock_order() -> None:
    order = list(DECK)  # TC JC QC KC AC TS JS QS KS AS TD JD QD KD AD TH JH QH KH AH
    state = RULES.initial_state(RULES.start_event())  # seat 0 deals, seat 1 is forehand
    event = {"type": "deal", "dealer": 0, "deck": order}
    state = RULES.apply(state, event)
    # 3 to the non-dealer, 3 to the dealer, the trump card, 2 to the non-dealer, 2 to the dealer
    assert sorted(state.hands[1]) == sorted(["TC", "JC", "QC", "QS", "KS"])
    assert sorted(state.hands[0]) == sorted(["KC", "AC", "TS", "AS", "TD"])
    assert state.trump_card == "JS" and state.trump == "S"
    assert state.stock_size == 10
    assert state.to_move == 1 and state.leader == 1  # the non-dealer leads
    view = state.view(1)
    assert view["trump"] == "S" and view["trump_card"] == "JS" and view["stock_size"] == 10
    assert view["hand_sizes"] == [5, 5] and view["closed"] is False and view["dealer"] == 0
    # the stock is drawn from position 11 onwards; the trump card comes last
    drawn: list[str] = []
    for _ in range(5):
        lead = state.legal_actions()
        plays = [a for a in lead if a["type"] == "play" and not a.get("marriage")]
        state = RULES.apply(state, plays[0])
        state = RULES.apply(state, state.legal_actions()[0])
        winner = state.leader
        drawn += [state.hands[winner][-1], state.hands[1 - winner][-1]]
    assert drawn == [*order[11:20], "JS"]
    assert state.stock_size == 0 and state.view(0)["trump_card"] is None


def test_chance_event_is_a_full_permutation() -> None:
    state = RULES.initial_state(RULES.start_event({"first_dealer": 1}))
    event = RULES.chance_event(state, random.Random(5))
    assert event["type"] == "deal" and event["dealer"] == 1
    assert sorted(event["deck"]) == sorted(DECK)
    state = RULES.apply(state, event)
    assert state.to_move == 0


def test_dealer_alternates_and_non_dealer_leads() -> None:
    rng = random.Random(11)
    state = RULES.initial_state(RULES.start_event())
    dealers: list[int] = []
    while state.to_move is not None and len(dealers) < 4:
        if state.to_move == CHANCE:
            event = RULES.chance_event(state, rng)
            dealers.append(event["dealer"])
            state = RULES.apply(state, event)
            assert state.to_move == 1 - event["dealer"]
            continue
        legal = state.legal_actions()
        state = RULES.apply(state, legal[rng.randrange(len(legal))])
    assert dealers == [0, 1, 0, 1][: len(dealers)]
    assert [row["dealer"] for row in state.result()["deals"]] == dealers[: len(state.result()["deals"])]


@pytest.mark.parametrize(
    "event",
    [
        {"type": "deal", "dealer": 1, "deck": list(DECK)},  # seat 0 deals first
        {"type": "deal", "dealer": 0, "deck": list(DECK)[:19]},
        {"type": "deal", "dealer": 0, "deck": [*list(DECK)[:19], "TC"]},
        {"type": "deal", "dealer": 0, "deck": [*list(DECK)[:19], "9C"]},
        {"type": "deal", "dealer": 0, "deck": list(DECK), "cut": 3},
        {"type": "deal", "deck": list(DECK)},
        {"type": "deal", "dealer": False, "deck": list(DECK)},
        {"type": "deal", "dealer": 0, "deck": "TCJC"},
        {"type": "play", "seat": 1, "card": "TC"},  # nothing dealt yet
        {"type": "shuffle"},
        ["deal"],
    ],
)
def test_malformed_deal_rejected(event: Any) -> None:
    state = RULES.initial_state(RULES.start_event())
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        RULES.apply(state, event)
    assert snapshot(state) == before


def test_no_second_deal_while_playing() -> None:
    state = new_deal(["AH", "TH", "KH", "QH", "JH"], ["AS", "TS", "KS", "QS", "JS"], "AC")
    with pytest.raises(IllegalAction, match="still being played"):
        RULES.apply(state, {"type": "deal", "dealer": 1, "deck": list(DECK)})
    with pytest.raises(IllegalAction):
        RULES.chance_event(state, random.Random(1))


def test_replay_rebuilds_the_same_state() -> None:
    state = new_deal(["AH", "TH", "KH", "QH", "JH"], ["AS", "TS", "KS", "QS", "JS"], "AC")
    events = [
        RULES.start_event({"first_dealer": 1}),
        {"type": "deal", "dealer": 1, "deck": deck_order(state.hands[0], state.hands[1], "AC")},
        {"type": "play", "seat": 0, "card": "KH", "marriage": True},
        {"type": "play", "seat": 1, "card": "JS"},
    ]
    live = act(state, "0 KH m", "1 JS")
    replayed = RULES.replay(events)
    assert snapshot(replayed) == snapshot(live)
    with pytest.raises(IllegalAction):
        RULES.replay(events[1:])
