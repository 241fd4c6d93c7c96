"""The analyser contract and the driver that walks a finished match (pure: no Django, no I/O).

A game's analyser values the legal alternatives of one decision from two angles:
- `open`: with every hand (and the stock order) known, the perfect-information value where the search
  reaches the end, else a depth-limited estimate (`exact` says which);
- `view`: from the deciding seat's own view, the average over worlds sampled consistent with it.
Values are in the game's own unit, for the deciding seat, bigger is better. The loss of the played
move is the best value less its value; the decision is classed by the `view` loss (what the player
could have known), or the `open` loss where a game has no view angle.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from games.engine import GameState, get_rules
from games.engine.information import InformationState, Witness

JSON = dict[str, Any]

BEST, INACCURACY, MISTAKE, BLUNDER = "best", "inaccuracy", "mistake", "blunder"
CLASSES = (BEST, INACCURACY, MISTAKE, BLUNDER)


@dataclass(frozen=True)
class Thresholds:
    """Smallest loss (in the game's unit) of an inaccuracy, a mistake and a blunder."""

    inaccuracy: float
    mistake: float
    blunder: float

    def classify(self, loss: float) -> str:
        if loss >= self.blunder:
            return BLUNDER
        if loss >= self.mistake:
            return MISTAKE
        if loss >= self.inaccuracy:
            return INACCURACY
        return BEST


@dataclass
class Values:
    """The values of the legal actions (same order) from one angle."""

    values: list[float]
    exact: bool = False


class Analyser(Protocol):
    game: str
    #: bumped whenever a change would give other figures: stored analyses are keyed by it
    version: str
    #: the unit of the values, e.g. "game points" (docs/analysis.md)
    unit: str
    thresholds: Thresholds

    def decides(self, state: GameState, seat: int) -> bool:
        """Is this a decision the analyser values (e.g. card play, not a draw for the dealer)?"""
        ...

    # Optional (see `kind_of`): `kind(state) -> str` names the decision's kind (e.g. "play", "bid") and
    # `kinds: dict[str, tuple[str, Thresholds]]` gives a kind its own unit and thresholds where they
    # differ from `unit` and `thresholds` (e.g. Preferans: cards in tricks, bids in whists).
    # `informed = True` says that `view_values` reads the seat's information state (else it gets None).

    def deal(self, state: GameState) -> int:
        """The number of the deal (game) this decision belongs to, for the per-deal summary."""
        ...

    def open_values(self, state: GameState, legal: list[JSON]) -> Values:
        """Every legal action's value with all hands open."""
        ...

    def view_values(
        self,
        state: GameState,
        legal: list[JSON],
        rng: random.Random,
        info: InformationState | None = None,
    ) -> Values | None:
        """Every legal action's value averaged over worlds consistent with the seat's view, or with its
        information state `info` (the view and the deal's memory) for an analyser that reads it."""
        ...


def kind_of(analyser: Analyser, state: GameState) -> tuple[str, str, Thresholds]:
    """The decision's kind, unit and thresholds (the analyser's own when it names no kinds)."""
    kind_fn = getattr(analyser, "kind", None)
    kind = str(kind_fn(state)) if kind_fn is not None else "play"
    unit, thresholds = getattr(analyser, "kinds", {}).get(kind, (analyser.unit, analyser.thresholds))
    return kind, unit, thresholds


def same_action(a: JSON, b: JSON) -> bool:
    """Equal as actions: an absent optional flag equals a false one, the seat is not compared, and a
    discard is a set of cards (a player may name them in any order)."""

    def norm(x: JSON) -> JSON:
        out = {k: v for k, v in x.items() if k != "seat" and v is not False and v is not None}
        if isinstance(out.get("discard"), list):
            out["discard"] = sorted(out["discard"])
        return out

    return norm(a) == norm(b)


def decision_points(game: str, events: list[JSON]) -> Iterable[tuple[int, GameState, JSON]]:
    """(seq, state before, event) for every player event of the match (seq counts the start as 1)."""
    for seq, state, event, _ in informed_decision_points(game, events, informed=False):
        yield seq, state, event


def informed_decision_points(
    game: str, events: list[JSON], informed: bool = True
) -> Iterable[tuple[int, GameState, JSON, InformationState | None]]:
    """`decision_points`, each with the deciding seat's information state then (None unless
    `informed`)."""
    rules = get_rules(game)
    state = rules.initial_state(events[0])
    seats = int(events[0]["players"]) if informed else 0
    witnesses = [Witness(rules, seat) for seat in range(seats)]
    for seq, event in enumerate(events[1:], start=2):
        seat = state.to_move
        if isinstance(seat, int):
            yield seq, state, event, witnesses[seat].information(state) if witnesses else None
        state = rules.apply_in_place(state.clone(), event)
        for witness in witnesses:
            witness.saw(event, state)


def analyse_match(
    analyser: Analyser,
    events: list[JSON],
    seats: list[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> JSON:
    """Every decision of `seats` (all when None) valued and classed, a summary per seat and the
    evaluation after each decision. Deterministic: the worlds come from an rng seeded by the
    analyser's version and the decision's seq."""
    todo = []
    informed = getattr(analyser, "informed", False)
    for seq, state, event, info in informed_decision_points(analyser.game, events, informed=informed):
        seat = state.to_move
        assert isinstance(seat, int)
        if (seats is None or seat in seats) and analyser.decides(state, seat):
            legal = state.legal_actions()
            if len(legal) > 1:
                todo.append((seq, state, event, seat, legal, info))
    decisions = []
    for done, (seq, state, event, seat, legal, info) in enumerate(todo):
        if progress is not None:
            progress(done, len(todo))
        decisions.append(_decision(analyser, seq, state, event, seat, legal, info))
    if progress is not None:
        progress(len(todo), len(todo))
    kinds = {
        kind: {"unit": unit, "thresholds": _thresholds(t)}
        for kind, (unit, t) in sorted(getattr(analyser, "kinds", {}).items())
    }
    return {
        "game": analyser.game,
        "version": analyser.version,
        "unit": analyser.unit,
        "thresholds": _thresholds(analyser.thresholds),
        "kinds": kinds,
        "decisions": decisions,
        "summary": summarise(decisions, analyser.unit),
    }


def _thresholds(t: Thresholds) -> JSON:
    return {INACCURACY: t.inaccuracy, MISTAKE: t.mistake, BLUNDER: t.blunder}


def _decision(
    analyser: Analyser,
    seq: int,
    state: GameState,
    event: JSON,
    seat: int,
    legal: list[JSON],
    info: InformationState | None,
) -> JSON:
    played = next((i for i, a in enumerate(legal) if same_action(a, event)), None)
    if played is None:
        raise ValueError(f"the event at seq {seq} is not among its legal actions")
    opened = analyser.open_values(state, legal)
    viewed = analyser.view_values(state, legal, random.Random(f"{analyser.version}:{seq}:{seat}"), info)
    angles = {"open": _angle(opened, played)}
    if viewed is not None:
        angles["view"] = _angle(viewed, played)
    judged = angles.get("view", angles["open"])
    kind, unit, thresholds = kind_of(analyser, state)
    return {
        "seq": seq,
        "seat": seat,
        "deal": analyser.deal(state),
        "kind": kind,
        "unit": unit,
        "played": _clean(legal[played]),
        "best": _clean(legal[judged["best"]]),
        "loss": judged["loss"],
        "class": thresholds.classify(judged["loss"]),
        "open": angles["open"],
        "view": angles.get("view"),
        "alternatives": [_clean(a) for a in legal],
    }


def _angle(values: Values, played: int) -> JSON:
    rounded = [round(v, 3) for v in values.values]
    best = max(range(len(rounded)), key=lambda i: (rounded[i], i == played, -i))
    return {
        "values": rounded,
        "best": best,
        "played": rounded[played],
        "loss": round(rounded[best] - rounded[played], 3),
        "exact": values.exact,
    }


def _clean(action: JSON) -> JSON:
    return {k: v for k, v in action.items() if k != "seat"}


def summarise(decisions: list[JSON], unit: str | None = None) -> JSON:
    """Per seat: the decisions by class, accuracy (share classed best), points lost in all and per deal
    (in `unit`, the analysis's own; losses in another unit, e.g. a Preferans bid's whists, are added
    up apart in `lost_other`, by unit)."""
    out: JSON = {}
    for d in decisions:
        row = out.setdefault(
            str(d["seat"]),
            {"decisions": 0, "lost": 0.0, "per_deal": {}, "lost_other": {}, **dict.fromkeys(CLASSES, 0)},
        )
        row["decisions"] += 1
        row[d["class"]] += 1
        if unit is not None and d.get("unit", unit) != unit:
            other = row["lost_other"]
            other[d["unit"]] = round(other.get(d["unit"], 0.0) + d["loss"], 3)
            continue
        row["lost"] = round(row["lost"] + d["loss"], 3)
        key = str(d["deal"])
        row["per_deal"][key] = round(row["per_deal"].get(key, 0.0) + d["loss"], 3)
    for row in out.values():
        row["accuracy"] = round(100.0 * row[BEST] / row["decisions"], 1)
        row["lost_per_deal"] = round(row["lost"] / max(1, len(row["per_deal"])), 3)
    return out
