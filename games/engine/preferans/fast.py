"""Fast random playouts: one whole deal with uniformly random legal choices, in place.

The choices are drawn from the same option lists the public `legal_actions` offers and applied by the
same rule functions `Rules.apply` ends in; only the event-dict validation is skipped, because every
choice is legal by construction. The events are returned, so `Rules.replay` can check a playout.
Used by benchmarks and search; a server always goes through `Rules.apply`.
"""

from __future__ import annotations

import random

from games.engine.base import JSON
from games.engine.cards import DECK_32
from games.engine.preferans import bidding, deal
from games.engine.preferans.play import do_play, legal_cards
from games.engine.preferans.state import PreferansState


def random_deal(state: PreferansState, rng: random.Random) -> list[JSON]:
    """Deal (server draw included) and finish one deal of `state`, which must be waiting for a deal.
    Returns the deal's events."""
    rand = rng.random  # int(rand() * n) is a uniform index (up to float rounding) and much faster

    def randrange(n: int) -> int:
        return int(rand() * n)

    deck = list(DECK_32)
    for i in range(31, 0, -1):  # Fisher-Yates
        j = int(rand() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    dealer = deal.next_dealer(state)
    event: JSON = {"type": "deal", "dealer": randrange(state.n) if dealer is None else dealer, "deck": deck}
    deal.apply_deal(state, event)
    state.version += 1
    events = [event]
    while True:
        phase = state.phase
        if phase == "play":
            cards = legal_cards(state)
            card = cards[int(rand() * len(cards))]
            seat = state.actor() if state.mode == "open" else state.active[state.pos]
            events.append({"type": "play", "seat": seat, "card": card})
            do_play(state, card)
        elif phase == "bid":
            options = bidding.bid_options(state)
            bid = options[int(rand() * len(options))]
            events.append({"type": "bid", "seat": state.active[state.pos], "bid": bid})
            bidding.do_bid(state, bid)
        elif phase == "exchange":
            discard = rng.sample(state.hands[state.declarer], 2)
            events.append({"type": "exchange", "seat": state.declarer, "discard": discard})
            bidding.do_exchange(state, discard)
        elif phase == "declare":
            options = bidding.declare_options(state)
            contract = options[randrange(len(options))]
            events.append({"type": "declare", "seat": state.declarer, "contract": contract})
            bidding.do_declare(state, contract)
        elif phase == "whist":
            options = bidding.whist_options(state)
            call = options[randrange(len(options))]
            events.append({"type": "defend", "seat": state.active[state.pos], "call": call})
            bidding.do_whist(state, call)
        elif phase == "mode":
            mode = ("closed", "open")[randrange(2)]
            events.append({"type": "mode", "seat": state.whisters[0], "mode": mode})
            bidding.do_mode(state, mode)
        else:
            return events
        state.version += 1
