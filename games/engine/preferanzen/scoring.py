"""The end of a deal, shared by both variants: the variant settles it (austrian.py / vienna.py write
the score-sheet row), then the next deal or the end of the session."""

from __future__ import annotations

from games.engine.preferanzen.cards import N
from games.engine.preferanzen.state import DEAL, OVER, PreferanzenState


def finish_deal(st: PreferanzenState) -> None:
    st.rows.append(st.variant.settle(st))
    st.deals_played += 1
    _next_deal(st)


def void_deal(st: PreferanzenState) -> None:
    st.rows.append(st.variant.settle_void(st))
    if st.options.get("void_deals_count", st.variant.void_deal_counts):
        st.deals_played += 1
    _next_deal(st)


def _next_deal(st: PreferanzenState) -> None:
    st.dealer = (st.dealer + 1) % N
    st.turn = None
    st.phase = OVER if st.deals_played >= st.options["deals"] else DEAL
