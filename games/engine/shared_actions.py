"""Legal actions, and the other small records a rules engine makes again and again, made once and
handed out again: read-only dicts.

An action is an event (a JSON object) that can be sent, stored and applied as it is. The options that
repeat, such as a seat playing a card, are made once per game when its module loads, and
`legal_actions` hands out the same object each time instead of building a dict for every option of
every decision; a finished trick's "seat played card" entries are shared the same way.

A shared dict cannot be changed: each mutating method raises TypeError. Code that wants another one
copies it (`{**action, "card": ...}` or `dict(action)`), which gives a plain dict. It compares equal
to a plain dict with the same items, is serialised as one (json, orjson), and is pickled by its items.
(Not compiled: mypyc's native classes cannot subclass dict.)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NoReturn


class SharedDict(dict[str, Any]):
    """A dict made once and shared by everything that holds it: read-only."""

    __slots__ = ()

    def _read_only(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("this dict is shared and read-only: copy it (dict(...)) to change it")

    __setitem__ = __delitem__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only
    __ior__ = _read_only

    def __reduce__(self) -> tuple[object, ...]:
        # rebuilt from its items by __init__ (dict's own pickling would set them item by item)
        return (type(self), (dict(self),))


class SharedAction(SharedDict):
    """A legal action shared by every state that offers it."""

    #: what the rules engine reads, in one attribute (one lookup a move): `plain`, the same items in a
    #: plain dict (a dict subclass's items are read through a Python-level lookup; the engine never
    #: changes an event), and `fits`, the event specs (games/engine/base.py) whose keys and field
    #: types it passed, so that a rules engine checks them once, not at every move (the seat to move
    #: is checked every time)
    __slots__ = ("engine",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine: tuple[dict[str, Any], set[object]] = (dict(self), set())

    @property
    def plain(self) -> dict[str, Any]:
        return self.engine[0]

    @property
    def fits(self) -> set[object]:
        return self.engine[1]


def card_plays(deck: Iterable[str], seats: int) -> tuple[dict[str, Any], ...]:
    """Each seat's play of each card of `deck`: `card_plays(...)[seat][card]`."""
    cards = tuple(deck)
    return tuple(
        {card: SharedAction(type="play", seat=seat, card=card) for card in cards} for seat in range(seats)
    )


def played_cards(deck: Iterable[str], seats: int) -> tuple[dict[str, Any], ...]:
    """Each seat's card as a finished trick lists it, {"seat", "card"}: `played_cards(...)[seat][card]`."""
    cards = tuple(deck)
    return tuple({card: SharedDict(seat=seat, card=card) for card in cards} for seat in range(seats))
