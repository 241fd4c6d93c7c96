"""The phases from the auction to the start of play, shared by both variants: bid, talon (the
declarer's exchange), declare, defend and invite. Each has its `<phase>_actions` and `apply_<event>`;
what differs between the variants comes from `st.variant`.

The event's shape, phase and seat are checked by the rules table (rules.py); every `apply_*` checks
the game's rules completely before it changes the state.
"""

from __future__ import annotations

from itertools import combinations

from games.engine.base import JSON, IllegalAction
from games.engine.preferanzen import scoring
from games.engine.preferanzen.cards import N
from games.engine.preferanzen.state import DECLARE, DEFEND, INVITE, PLAY, TALON, PreferanzenState


# ---------------------------------------------------------------------- bid
def bid_actions(st: PreferanzenState) -> list[JSON]:
    assert st.turn is not None
    return st.variant.bid_actions(st, st.turn)


def apply_bid(st: PreferanzenState, event: JSON) -> None:
    seat = event["seat"]
    action = match_legal(event, st.variant.bid_actions(st, seat), "that bid is not allowed")
    st.acted[seat] = True
    st.bids.append({k: v for k, v in action.items() if k != "type"})
    ends = st.variant.record_bid(st, action)
    nxt = None if ends else _next_bidder(st, seat)
    if nxt is not None:
        st.turn = nxt
        return
    if st.high_seat is None:
        scoring.void_deal(st)
        return
    st.declarer = st.high_seat
    st.turn = st.declarer
    st.phase = TALON if st.variant.takes_talon(st.high or {}) else DECLARE


def _next_bidder(st: PreferanzenState, seat: int) -> int | None:
    for k in range(1, N + 1):
        s = (seat + k) % N
        if not st.passed[s] and s != st.high_seat:
            return s
    return None


# ---------------------------------------------------------------------- talon
def talon_actions(st: PreferanzenState) -> list[JSON]:
    seat = st.turn
    assert seat is not None
    pool = sorted(st.hands[seat] + st.talon)
    return [{"type": "exchange", "seat": seat, "discard": [a, b]} for a, b in combinations(pool, 2)]


def apply_exchange(st: PreferanzenState, event: JSON) -> None:
    discard = event["discard"]
    seat = event["seat"]
    pool = st.hands[seat] + st.talon
    if not isinstance(discard, list) or len(discard) != 2 or not all(isinstance(c, str) for c in discard):
        raise IllegalAction("discard exactly two cards")
    if discard[0] == discard[1] or any(c not in pool for c in discard):
        raise IllegalAction("discard two different cards from your hand and the talon")
    st.hands[seat] = [c for c in pool if c not in discard]
    st.discards = list(discard)
    st.talon = []
    st.phase = DECLARE


# ---------------------------------------------------------------------- declare
def declare_actions(st: PreferanzenState) -> list[JSON]:
    return st.variant.declare_actions(st)


def apply_declare(st: PreferanzenState, event: JSON) -> None:
    action = match_legal(
        event, st.variant.declare_actions(st), "the game must be at least as high as the bid"
    )
    declarer = event["seat"]
    st.contract = st.variant.contract_for(st, action)
    if st.contract.kind == "trump":
        st.phase = DEFEND
        st.turn = (declarer + 1) % N
    else:
        _start_play(st, [0, 1, 2])


# ---------------------------------------------------------------------- defend / invite
def defend_actions(st: PreferanzenState) -> list[JSON]:
    return [{"type": "defend", "seat": st.turn, "choice": c} for c in ("stay", "drop")]


def invite_actions(st: PreferanzenState) -> list[JSON]:
    return [{"type": "invite", "seat": st.turn, "invite": b} for b in (True, False)]


def apply_defend(st: PreferanzenState, event: JSON) -> None:
    seat = event["seat"]
    action = match_legal(event, defend_actions(st), "a defender either stays or drops out")
    st.defense[seat] = action["choice"]
    assert st.declarer is not None
    first, second = (st.declarer + 1) % N, (st.declarer + 2) % N
    if seat == first:
        st.turn = second
        return
    stays = [s for s in (first, second) if st.defense[s] == "stay"]
    if len(stays) == 2:
        _start_play(st, [0, 1, 2])
    elif len(stays) == 1:
        st.phase = INVITE
        st.turn = stays[0]
    else:  # both dropped out: the declarer is credited with all ten tricks, no play
        st.tricks_won[st.declarer] = 10
        scoring.finish_deal(st)


def apply_invite(st: PreferanzenState, event: JSON) -> None:
    seat = event["seat"]
    action = match_legal(event, invite_actions(st), "the remaining defender invites or not")
    assert st.declarer is not None
    if action["invite"]:
        st.guest = 3 - st.declarer - seat
        _start_play(st, [0, 1, 2])
    else:
        _start_play(st, sorted([st.declarer, seat]))


def _start_play(st: PreferanzenState, seats: list[int]) -> None:
    st.playing = seats
    st.phase = PLAY
    st.trick = []
    st.turn = st.variant.leader(st)


def match_legal(event: JSON, legal: list[JSON], what: str) -> JSON:
    """The legal action equal to `event` (same keys, same value types), else IllegalAction."""
    for action in legal:
        if action.keys() == event.keys() and all(
            type(event[k]) is type(action[k]) and event[k] == action[k] for k in action
        ):
            return action
    allowed = ", ".join(_describe(a) for a in legal)
    raise IllegalAction(f"{what} (allowed now: {allowed})")


def _describe(action: JSON) -> str:
    return " ".join(str(v) for k, v in action.items() if k not in ("type", "seat"))
