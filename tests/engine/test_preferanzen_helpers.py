"""Helpers shared by the Preferanzen / Vienna Preference tests (no tests in here)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

from games.engine.base import CHANCE, JSON
from games.engine.cards import DECK_32
from games.engine.preferanzen.rules import PreferanzenFamilyRules
from games.engine.preferanzen.state import PreferanzenState


def deck_for(dealer: int, hands: dict[int, list[str]], talon: list[str] | None = None) -> list[str]:
    """A 32-card deck order that deals `hands` (seat -> 10 cards, missing seats and the talon are
    filled from the remaining cards) with the pattern 3 each, 2 to the talon, 4 each, 3 each."""
    used = [c for h in hands.values() for c in h] + (talon or [])
    assert len(set(used)) == len(used)
    rest = [c for c in DECK_32 if c not in used]
    full = {s: list(hands.get(s, [])) for s in range(3)}
    for s in range(3):
        while len(full[s]) < 10:
            full[s].append(rest.pop(0))
    tal = list(talon) if talon else [rest.pop(0), rest.pop(0)]
    assert not rest
    order = [(dealer + 1 + k) % 3 for k in range(3)]
    deck: list[str] = []
    pos = {s: 0 for s in range(3)}
    for packet in (3, 0, 4, 3):
        if packet == 0:
            deck += tal
            continue
        for s in order:
            deck += full[s][pos[s] : pos[s] + packet]
            pos[s] += packet
    return deck


def start(rules: PreferanzenFamilyRules, deals: int = 12) -> PreferanzenState:
    st = rules.initial_state(rules.start_event({"deals": deals}))
    assert isinstance(st, PreferanzenState)
    return st


def dealt(
    rules: PreferanzenFamilyRules, dealer: int, hands: dict[int, list[str]], talon: list[str] | None = None
) -> PreferanzenState:
    """A fresh session whose first deal (dealer `dealer`) gives exactly these hands."""
    st = start(rules)
    st.dealer = dealer
    out = rules.apply(st, {"type": "deal", "deck": deck_for(dealer, hands, talon)})
    assert isinstance(out, PreferanzenState)
    return out


def act(rules: PreferanzenFamilyRules, st: PreferanzenState, **fields: object) -> PreferanzenState:
    """Apply an event for the seat to move."""
    event: JSON = {"seat": st.to_move, **fields}
    out = rules.apply(st, event)
    assert isinstance(out, PreferanzenState)
    return out


def bids(rules: PreferanzenFamilyRules, st: PreferanzenState, *sequence: str) -> PreferanzenState:
    """Apply bids in turn order; "geschaeft:H" style names carry a suit."""
    for item in sequence:
        name, _, suit = item.partition(":")
        fields: dict[str, object] = {"type": "bid", "bid": name}
        if suit:
            fields["suit"] = suit
        st = act(rules, st, **fields)
    return st


Chooser = Callable[[PreferanzenState, list[JSON]], JSON]


def first_legal(st: PreferanzenState, legal: list[JSON]) -> JSON:
    return legal[0]


def play_out(
    rules: PreferanzenFamilyRules, st: PreferanzenState, choose: Chooser = first_legal
) -> PreferanzenState:
    """Play the current deal to its end."""
    while st.phase in ("play", "defend", "invite", "declare", "talon", "bid"):
        legal = st.legal_actions()
        out = rules.apply(st, choose(st, legal))
        assert isinstance(out, PreferanzenState)
        st = out
    return st


def random_session(
    rules: PreferanzenFamilyRules, seed: int, deals: int
) -> tuple[list[JSON], PreferanzenState]:
    """A whole random session; returns its events and the final state."""
    rng = random.Random(seed)
    start_event = rules.start_event({"deals": deals})
    events = [start_event]
    st = rules.initial_state(start_event)
    while st.to_move is not None:
        if st.to_move == CHANCE:
            event = rules.chance_event(st, rng)
        else:
            legal = st.legal_actions()
            event = legal[rng.randrange(len(legal))]
        events.append(event)
        st = rules.apply_in_place(st, event)
    assert isinstance(st, PreferanzenState)
    return events, st


_CARD = re.compile(r'"([789TJQKA][CSDH])"')


def visible_cards(st: PreferanzenState, seat: int | None) -> set[str]:
    """Every card `seat` may legitimately see right now."""
    seen = {c for _, c in st.trick}
    for trick in st.history:
        seen |= {p["card"] for p in trick["cards"]}
    if st.contract is not None and st.contract.open and st.declarer is not None:
        seen |= set(st.hands[st.declarer])
    if seat is not None:
        seen |= set(st.hands[seat])
        if seat == st.declarer:
            seen |= set(st.discards)
            if st.phase == "talon":
                seen |= set(st.talon)
    return seen


def check_state(rules: PreferanzenFamilyRules, st: PreferanzenState, views: bool = True) -> None:
    """Invariants of one state: conservation, sums, legal actions and (with `views`) no leaks."""
    played = [c for _, c in st.trick] + [p["card"] for t in st.history for p in t["cards"]]
    if st.deal_no:
        cards = [c for h in st.hands for c in h] + st.talon + st.discards + played
        assert sorted(cards) == sorted(DECK_32)
    if rules.name == "preferanzen":
        assert sum(st.totals) == 0
        assert not st.rows or sum(st.rows[-1]["scores"]) == 0
    else:
        assert sum(st.totals) + st.pot == 0
        assert not st.rows or sum(st.rows[-1]["scores"]) + st.rows[-1]["pot_delta"] == 0
    if isinstance(st.to_move, int):
        assert st.legal_actions()
    if not views:
        return
    for seat in (0, 1, 2, None):
        view = st.view(seat)
        text = json.dumps(view)
        assert set(_CARD.findall(text)) <= visible_cards(st, seat), (seat, st.phase)
        assert view["legal"] == (st.legal_actions() if seat is not None and seat == st.to_move else [])


def checked_session(
    rules: PreferanzenFamilyRules, seed: int, deals: int, deep: bool = False
) -> PreferanzenState:
    """A random session with every invariant checked; `deep` also checks non-mutation, that every
    legal action applies, and replay at every deal boundary."""
    rng = random.Random(seed)
    events = [rules.start_event({"deals": deals})]
    st = rules.initial_state(events[0])
    assert isinstance(st, PreferanzenState)
    while st.to_move is not None:
        if st.to_move == CHANCE:
            event = rules.chance_event(st, rng)
        else:
            legal = st.legal_actions()
            event = legal[rng.randrange(len(legal))]
        events.append(event)
        if deep:
            before = [json.dumps(st.view(s), sort_keys=True) for s in (0, 1, 2, None)]
            if isinstance(st.to_move, int):
                for other in st.legal_actions()[:12]:
                    rules.apply(st, other)
            new = rules.apply(st, event)
            assert [json.dumps(st.view(s), sort_keys=True) for s in (0, 1, 2, None)] == before
            assert isinstance(new, PreferanzenState)
            st = new
        else:
            st = rules.apply_in_place(st, event)
        assert st.version == len(events)
        check_state(rules, st, views=deep or len(events) % 4 == 0)
        if deep and st.phase in ("deal", "done"):
            assert_same(rules.replay(events), st)
    assert st.result()["finished"]
    assert_same(rules.replay(events), st)
    return st


def assert_same(a: object, b: PreferanzenState) -> None:
    assert isinstance(a, PreferanzenState)
    for seat in (0, 1, 2, None):
        assert a.view(seat) == b.view(seat)
    assert a.result() == b.result()
