"""A seat's information state (OpenSpiel's `information_state` beside its `observation`): the seat's view
now, plus everything the seat has seen in the current deal. `view(seat)` shows what the table shows now
(Schnapsen only the last trick, say); a player at the table remembers more: every card played, trick by
trick and by whom, every bid, declaration and announcement, every card its own hand held, and what its
own talon or stock handling showed it.

Built from the match's events by a fold (`information_state(rules, events, seat)`, or a `Witness` fed
one event at a time, as the arenas do), a pure function of the events and the seat. What the seat learns
comes from two places only, so it never holds another seat's hidden card:
- the events every seat sees: a card played, and a decision that is no card (a bid, a declaration, a
  whist, closing the stock, a marriage, a trump exchange); a decision of a type the game keeps private
  (`Rules.private_events`: a discard) is remembered with its cards by the seat that made it, and as its
  bare type by the others; a server-drawn event (a deal, a cut) is never read;
- the seat's own views after each event of the deal: the cards of its hand (`held`), and the cards
  the game's view shows outside hand and trick (`Rules.shown_keys`: the talon, the trump card, open
  hands, a discard to its maker, ...) (`shown`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.engine.base import GameState, Rules

JSON = dict[str, Any]

#: the event that begins a deal (the memory starts afresh)
DEAL = "deal"
PLAY = "play"
#: the fields of an event that are no part of what was decided
_FRAME = frozenset(("type", "seat"))


@dataclass(frozen=True, slots=True)
class Played:
    """A card a seat put on the table, and by whom."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Call:
    """A decision the seat saw made that is no plain card: a bid, a declaration, a whist or defence,
    closing the stock, a marriage (with the card that declared it), a trump or talon exchange."""

    seat: int
    #: the event's type ("bid", "declare", "defend", "close", "exchange_trump", "play", ...)
    type: str
    #: the decision's fields but type and seat, as sorted (name, value) pairs: a string as it is,
    #: anything else as JSON text; empty for another seat's private decision (a discard)
    detail: tuple[tuple[str, str], ...]
    #: cards played in the deal before it
    at: int

    def get(self, name: str) -> str | None:
        """The value of one field of the decision, None if it has none (or the seat did not see it)."""
        for key, value in self.detail:
            if key == name:
                return value
        return None


@dataclass(frozen=True, slots=True)
class InformationState:
    """What one seat knows at one moment: its view, and its memory of the current deal."""

    game: str
    seat: int
    #: the seat's view now, exactly as `state.view(seat)` gives it
    view: JSON = field(hash=False)
    #: deals begun in the match so far (the memory below is of the last of them; 0 before a deal)
    deal: int
    #: the deal's finished tricks in order, each card with its player, the lead first
    tricks: tuple[tuple[Played, ...], ...]
    #: the open trick, the lead first
    trick: tuple[Played, ...]
    #: every decision other than a plain card, in order
    calls: tuple[Call, ...]
    #: every card this seat's hand held in the deal, in the order it first did
    held: tuple[str, ...]
    #: every other card its views of the deal showed outside hand and trick, in the order first shown
    shown: tuple[str, ...]

    @property
    def played(self) -> tuple[Played, ...]:
        """Every card played in the deal, in order (the open trick last)."""
        return tuple(p for t in self.tricks for p in t) + self.trick

    def cards(self) -> frozenset[str]:
        """Every card the seat has seen in the deal: held, shown or played."""
        return frozenset(self.held) | frozenset(self.shown) | {p.card for p in self.played}


def cards_in(value: Any, deck: frozenset[str]) -> list[str]:
    """The cards of `deck` anywhere in a JSON value, in reading order (repeats kept)."""
    if isinstance(value, str):
        return [value] if value in deck else []
    if isinstance(value, Mapping):
        return [c for v in value.values() for c in cards_in(v, deck)]
    if isinstance(value, list | tuple):
        return [c for v in value for c in cards_in(v, deck)]
    return []


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


class Witness:
    """One seat's information state kept up to date event by event: `saw(event, state)` after each
    event is applied (`state` the state it gave), `information(state)` at any moment."""

    def __init__(self, rules: Rules[Any], seat: int) -> None:
        self.game = rules.name
        self.seat = seat
        self.deck: frozenset[str] = rules.deck
        self.private: frozenset[str] = rules.private_events
        self.decisions: frozenset[str] = rules.player_events
        self.shown_keys: tuple[str, ...] = rules.shown_keys
        self.deals = 0
        self._forget()

    def _forget(self) -> None:
        self.tricks: list[tuple[Played, ...]] = []
        self.trick: list[Played] = []
        self.calls: list[Call] = []
        self.held: dict[str, None] = {}  # ordered sets
        self.shown: dict[str, None] = {}
        self.count = 0

    def saw(self, event: JSON, state: GameState) -> None:
        kind = event.get("type")
        if kind == DEAL:
            self.deals += 1
            self._forget()
        if self.deals == 0:
            return  # before the first deal (a start, the cut for the first player): no cards of a deal
        view = state.view(self.seat)
        # a seat's own move, by the rules' event table (a chance event never counts, whatever it holds)
        if kind in self.decisions and isinstance(event.get("seat"), int):
            self._decided(event, kind, view)
        self._look(view)

    def _decided(self, event: JSON, kind: Any, view: JSON) -> None:
        seat: int = event["seat"]
        fields = {k: v for k, v in event.items() if k not in _FRAME}
        if kind == PLAY:
            card = fields.pop("card")
            if fields:  # a card played with more to it (a Schnapsen marriage)
                self.calls.append(Call(seat, PLAY, _detail({"card": card, **fields}), self.count))
            self.trick.append(Played(seat, card))
            self.count += 1
            if not view["trick"]:  # the trick is complete (the views clear it at once)
                self.tricks.append(tuple(self.trick))
                self.trick = []
            return
        hidden = kind in self.private and seat != self.seat
        self.calls.append(Call(seat, str(kind), () if hidden else _detail(fields), self.count))

    def _look(self, view: JSON) -> None:
        for card in cards_in(view.get("hand"), self.deck):
            self.held.setdefault(card)
        for key in self.shown_keys:
            for card in cards_in(view.get(key), self.deck):
                self.shown.setdefault(card)

    def information(self, state: GameState) -> InformationState:
        return InformationState(
            game=self.game,
            seat=self.seat,
            view=state.view(self.seat),
            deal=self.deals,
            tricks=tuple(self.tricks),
            trick=tuple(self.trick),
            calls=tuple(self.calls),
            held=tuple(self.held),
            shown=tuple(self.shown),
        )


def _detail(fields: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, _text(v)) for k, v in fields.items()))


def information_state(rules: Rules[Any], events: Sequence[JSON], seat: int) -> InformationState:
    """Seat `seat`'s information state after `events` (the `start` event first): the events before the
    last deal are replayed without a look (nothing of an earlier deal is remembered), the rest are
    witnessed."""
    last = max((i for i, e in enumerate(events) if e.get("type") == DEAL), default=len(events))
    state = rules.replay(list(events[:last]))
    witness = Witness(rules, seat)
    witness.deals = sum(1 for e in events[:last] if e.get("type") == DEAL)
    for event in events[last:]:
        state = rules.apply_in_place(state, event)
        witness.saw(event, state)
    return witness.information(state)
