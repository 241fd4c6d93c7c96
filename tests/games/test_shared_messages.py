"""A state message is built once per seq and seat in a web process and the same text goes to every
socket of that seat (all spectators share one): each seat's text holds its own hand and no card of
another hand, a spectator's no hand at all; the public summary is serialised once for all of them."""

from __future__ import annotations

import json

import pytest

from games.engine import CHANCE, GameState, get_rules
from games.identity import fairness
from games.live.snapshots import Snapshot
from games.selectors import seat_payload
from tests.games.test_consumers import connect, receive, table  # noqa: F401 - `table` is a fixture

SEED = "ab" * 16


def _dealt_preisjass() -> GameState:
    rules = get_rules("preisjass")
    state = rules.initial_state(rules.start_event(rules.normalize_options({})))
    index = 0
    while state.to_move == CHANCE:
        state = rules.apply(state, rules.chance_event(state, fairness.chance_rng(SEED, index)))
        index += 1
    return state


def _summary(seq: int) -> dict[str, object]:
    return {
        "id": 1,
        "game": "preisjass",
        "seq": seq,
        "status": "running",
        "embargoed": False,
        "spectators_allowed": True,
        "practice": False,
        "seats": [{"index": i, "name": f"p{i}"} for i in range(4)],
    }


def _cards_in(text: str) -> set[str]:
    return set(text.split('"'))


def test_each_seat_gets_its_own_hand_and_a_spectator_none() -> None:
    state = _dealt_preisjass()
    hands = {seat: state.view(seat)["hand"] for seat in range(4)}
    assert all(len(hand) == 9 for hand in hands.values())
    # A card the table shows openly (Preisjass's turned-up Bodentrumpf) may be named to everyone.
    public = _cards_in(json.dumps(state.view(None)))
    snapshot = Snapshot(1, _summary(state.version), state)
    for seat in range(4):
        text = snapshot.message(seat, False)
        message = json.loads(text)
        assert message["d"]["view"]["hand"] == hands[seat]
        others = {card for other, hand in hands.items() if other != seat for card in hand} - public
        assert not others & _cards_in(text), f"seat {seat}'s message names another seat's card"
        # Exactly what the seat's payload is, built once and shared by its sockets.
        assert message == {
            "t": "state",
            "seq": state.version,
            "d": seat_payload(snapshot.summary, state, seat, False),
        }
        assert snapshot.message(seat, False) is text
    spectator = snapshot.message(None, False)
    assert json.loads(spectator)["d"]["view"]["hand"] == []
    assert not ({card for hand in hands.values() for card in hand} - public) & _cards_in(spectator)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_sockets_of_one_seat_and_spectators_get_their_own_messages(table) -> None:  # noqa: F811
    """Two sockets of one seat, the other seat and two spectators: after a move each socket's state
    holds what its seat may see, the same for both sockets of the seat and for both spectators."""
    match, anna, ben = table
    a1, _ = await connect(match.pk, anna)
    a2, _ = await connect(match.pk, anna)
    b, _ = await connect(match.pk, ben)
    s1, _ = await connect(match.pk)
    s2, _ = await connect(match.pk)
    sockets = [a1, a2, b, s1, s2]
    first = [await receive(sock) for sock in sockets]
    hand_a, hand_b = first[0]["d"]["view"]["hand"], first[2]["d"]["view"]["hand"]
    await a1.send_json_to({"t": "act", "action": {"type": "play", "card": hand_a[0]}, "seq": first[0]["seq"]})
    pushed = []
    for sock in sockets:
        message = await receive(sock)
        while message["t"] != "state":  # a presence note may come first
            message = await receive(sock)
        pushed.append(message)
    assert {m["seq"] for m in pushed} == {first[0]["seq"] + 1}
    after_a1, after_a2, after_b, after_s1, after_s2 = pushed
    assert after_a1 == after_a2 and after_a1["d"]["view"]["hand"] == hand_a[1:]
    assert after_b["d"]["view"]["hand"] == hand_b
    assert not set(hand_a[1:]) & _cards_in(json.dumps(after_b))
    assert not set(hand_b) & _cards_in(json.dumps(after_a1))
    assert after_s1 == after_s2 and after_s1["d"]["view"]["hand"] == []
    assert not (set(hand_a[1:]) | set(hand_b)) & _cards_in(json.dumps(after_s1))
    for sock in sockets:
        await sock.disconnect()
