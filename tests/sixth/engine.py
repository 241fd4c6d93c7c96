"""The engine of the sixth game, Duel (tests/sixth): chance, hidden hands, turns, an end.

Two players each get `cards` cards from a shuffled 20-card deck; seat 0 leads, then they alternate
playing one card each; the higher-ranked card of a pair scores a point. Registered by the tests only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from games.engine import CHANCE, GameState, IllegalAction, Rules
from games.engine.base import ToMove
from games.engine.cards import DECK_20, RANKS, is_card

JSON = dict[str, Any]


@dataclass
class DuelState(GameState):
    cards: int
    version: int = 1
    hands: list[list[str]] = field(default_factory=lambda: [[], []])
    played: list[JSON] = field(default_factory=list)
    dealt: bool = False
    phase: str = "duel"  # the contract names a phase; this game's own apply_in_place never reads it

    @property
    def to_move(self) -> ToMove:
        if not self.dealt:
            return CHANCE
        if len(self.played) == 2 * self.cards:
            return None
        return len(self.played) % 2

    def legal_actions(self) -> list[JSON]:
        seat = self.to_move
        if not isinstance(seat, int):
            return []
        return [{"type": "play", "seat": seat, "card": c} for c in self.hands[seat]]

    def _points(self) -> list[int]:
        points = [0, 0]
        for a, b in zip(self.played[::2], self.played[1::2], strict=False):
            ra, rb = RANKS.index(a["card"][0]), RANKS.index(b["card"][0])
            if ra != rb:
                points[a["seat"] if ra > rb else b["seat"]] += 1
        return points

    def view(self, seat: int | None) -> JSON:
        return {
            "game": "duel",
            "seat": seat,
            "to_move": self.to_move,
            "phase": "play" if self.dealt else "deal",
            "hand": list(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "trick": self.played[-(len(self.played) % 2) :] if len(self.played) % 2 else [],
            "played": list(self.played),
            "trump": None,
            "contract": None,
            "scores": self._points(),
            "version": self.version,
            "legal": self.legal_actions() if self.to_move == seat else [],
        }

    def result(self) -> JSON:
        points = self._points()
        return {
            "finished": self.to_move is None,
            "totals": points,
            "ranking": [1 + sum(p > q for p in points) for q in points],
            "deals": [points] if self.to_move is None else [],  # its one deal, once it is over
        }

    def clone(self) -> DuelState:
        return DuelState(
            self.cards, self.version, [list(h) for h in self.hands], list(self.played), self.dealt
        )


class DuelRules(Rules):
    name = "duel"
    rules_version = "1"

    def default_options(self) -> JSON:
        return {"cards": 3}

    def normalize_options(self, options: JSON) -> JSON:
        unknown = set(options) - {"cards"}
        if unknown:
            raise IllegalAction(f"unknown option {sorted(unknown)[0]!r}")
        cards = options.get("cards", 3)
        if not isinstance(cards, int) or not 1 <= cards <= 10:
            raise IllegalAction("cards must be 1..10")
        return {"cards": cards}

    def players(self, options: JSON) -> int:
        return 2

    def initial_state(self, start: JSON) -> DuelState:
        return DuelState(cards=self.normalize_options(start.get("options", {}))["cards"])

    def chance_event(self, state: GameState, rng: random.Random) -> JSON:
        deck = list(DECK_20)
        rng.shuffle(deck)
        return {"type": "deal", "deck": deck}

    def apply(self, state: GameState, event: JSON) -> GameState:
        new = state.clone()
        return self.apply_in_place(new, event)

    def apply_in_place(self, state: GameState, event: JSON) -> GameState:
        assert isinstance(state, DuelState)
        if not isinstance(event, dict):
            raise IllegalAction("an event is a JSON object")
        kind = event.get("type")
        if state.to_move == CHANCE:
            deck = event.get("deck")
            if kind != "deal" or not isinstance(deck, list) or sorted(deck) != sorted(DECK_20):
                raise IllegalAction("the server must deal first")
            state.hands = [deck[: state.cards], deck[state.cards : 2 * state.cards]]
            state.dealt = True
        else:
            if set(event) != {"type", "seat", "card"} or kind != "play":
                raise IllegalAction("a play is {type, seat, card}")
            seat, card = event["seat"], event["card"]
            if seat != state.to_move:
                raise IllegalAction("not this seat's turn")
            if not is_card(card) or card not in state.hands[seat]:
                raise IllegalAction("that card is not in the hand")
            state.hands[seat].remove(card)
            state.played.append({"seat": seat, "card": card})
        state.version += 1
        return state


RULES = DuelRules()
