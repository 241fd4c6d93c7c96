"""The deal phase: the server's `deal` event gives 3 cards each, the talon, 4 each, 3 each."""

from __future__ import annotations

from typing import Final

from games.engine.base import JSON, Field
from games.engine.cards import DECK_32
from games.engine.preferanzen.cards import N
from games.engine.preferanzen.state import BID, PreferanzenState

_DECK_SET: Final = frozenset(DECK_32)

#: the `deck` field of a deal
DECK_FIELD: Final = Field(
    lambda deck: type(deck) is list and len(deck) == 32 and set(deck) == _DECK_SET,
    "a deal must carry all 32 cards (7 to ace) exactly once",
)


def apply_deal(st: PreferanzenState, event: JSON) -> None:
    deck = event["deck"]
    note = st.variant.before_deal(st)
    fh = (st.dealer + 1) % N
    order = [fh, (fh + 1) % N, (fh + 2) % N]
    hands: list[list[str]] = [[] for _ in range(N)]
    pos = 0
    for packet in (3, 0, 4, 3):  # 3 each, the talon, 4 each, 3 each
        if packet == 0:
            st.talon = list(deck[pos : pos + 2])
            pos += 2
            continue
        for s in order:
            hands[s].extend(deck[pos : pos + packet])
            pos += packet
    st.hands = hands
    st.discards = []
    st.deal_no += 1
    st.passed = [False] * N
    st.acted = [False] * N
    st.bids = []
    st.high = None
    st.high_seat = None
    st.declarer = None
    st.contract = None
    st.defense = [None] * N
    st.guest = None
    st.flags = {}
    st.playing = []
    st.trick = []
    st.tricks_won = [0] * N
    st.history = []
    st.run = 0
    st.best_run = 0
    if note is not None:
        st.rows.append(note)
    st.phase = BID
    st.turn = fh
