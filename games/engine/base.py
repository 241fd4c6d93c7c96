"""The engine contract every game module implements, and the one path that checks an event.

docs/architecture.md shows the layers and the path of one move from a click to the stored event and
every seat's view. A match is its `start` event plus the events after it; a state is the fold of those
events. Engines are pure: no Django, no I/O, no clock, no global randomness.

Every game package has the same files: `cards`, `state` (the data and a `Phase` enum), one module per
group of phases with `<phase>_actions` and `apply_<event>`, `scoring`, `view` (the per-seat view) and
`rules.py` with one table from phase to `PhaseSpec`. `Rules.check_event` here checks everything an
event table can say (event type, phase, seat, fields and their types, see `Field`) and `check_start`
checks the start event (rules_version included), so an engine's apply functions hold only its rules.

Rules versions. An engine lists every rules version it ever stamped (`Rules.rules_versions`, oldest
first); new matches stamp the newest. A start event of an older version is upcast, version by version,
to the newest form before it is checked, so a stored match replays forever (docs/architecture.md,
"How a rules change is made from now on").
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, TypeVar, final

from mypy_extensions import mypyc_attr

from games.engine.contract import JSON as JSON
from games.engine.contract import GameState as GameState
from games.engine.contract import Seat as Seat
from games.engine.contract import ToMove as ToMove
from games.engine.shared_actions import SharedAction
from games.engine.versions import RulesVersion

CHANCE: Final = "chance"


class IllegalAction(ValueError):
    """An event the rules do not allow; `reason` is a readable sentence naming the rule."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def is_int(value: object) -> bool:
    """A whole number as JSON carries it: an int, but not a bool (True == 1, and JSON true is no seat
    number) nor a float (3.0 == 3, and `3.0 in (3, 4)` holds)."""
    return type(value) is int


@final
class Field:
    """The type of one event field: `check` says whether a value fits, `message` (formatted with
    `kind`, `name` and `value`) says why not. A field that is one of a set of strings (`one_of`,
    `card_field`) keeps that set as `members`, its check the set's own membership test:
    `Rules.check_event` then asks the set directly (compiled, no call). Never changed once made (the
    event tables are constants)."""

    def __init__(
        self,
        check: Callable[[Any], bool] | None = None,
        message: str = "malformed {kind} event: {name} has the wrong type",
        members: frozenset[str] | None = None,
    ) -> None:
        if members is not None:
            if check is not None:
                raise ValueError("a field has a check or a set of members, not both")
            check = members.__contains__
        if check is None:
            raise ValueError("a field needs a check or a set of members")
        self.check = check
        self.message = message
        self.members = members

    def __repr__(self) -> str:
        return f"Field({self.check!r}, {self.message!r})"


INT: Final = Field(is_int, "malformed {kind} event: {name} must be a whole number")
# isinstance through the type's own method: a C call, faster than a lambda on every event
BOOL: Final = Field(bool.__instancecheck__, "malformed {kind} event: {name} must be true or false")
TEXT: Final = Field(str.__instancecheck__, "malformed {kind} event: {name} must be a string")
#: anything JSON: the apply function checks it (a value whose check is a game rule)
ANY: Final = Field(lambda v: True)


def one_of(values: frozenset[str], message: str) -> Field:
    """One of `values` (the set's own membership test; `message` says which)."""
    return Field(message=message, members=values)


def card_field(deck: frozenset[str], game: str) -> Field:
    """A card of `deck` (the game's name goes into the message). The check is the set's own
    membership test (fast); `Rules.check_event` counts its TypeError on an unhashable value as a no."""
    return Field(message="malformed card {value!r}: not a " + game + " card", members=deck)


S = TypeVar("S", bound=GameState)


class StateHeader:
    """What the event path reads and writes on every event of a compiled state: its phase, its version
    and the seat to move. The compiled states (games/native.py) inherit it, so `Rules` reads these
    from the C struct instead of through a generic attribute lookup; a state that does not inherit it
    (a plain class shaped like `GameState`) takes the generic path and gets the same checks."""

    version: int
    phase: Any

    @property
    def to_move(self) -> ToMove:
        raise NotImplementedError


def phase_actions(phases: Mapping[Any, PhaseSpec[Any]], phase: object, state: object) -> list[JSON]:
    """`GameState.legal_actions` for a compiled state, which cannot inherit it (games/engine/contract.py):
    the legal actions the generator of its phase (in its phase table) gives. The table and the phase
    are passed in: read from the typed state, not looked up on an untyped one."""
    actions = phases[phase].actions
    return actions(state) if actions is not None else []


def fields_of(obj: object, names: tuple[str, ...]) -> dict[str, Any]:
    """The named fields of a compiled object, for its `__reduce__` (a native class has no `__dict__`)."""
    return {name: getattr(obj, name) for name in names}


def rebuild(cls: Callable[..., Any], args: tuple[Any, ...], fields: dict[str, Any]) -> Any:
    """A pickled compiled object again: made by `cls(*args)` (a native class makes its instances only
    through `__init__`), then its fields set."""
    obj = cls(*args)
    for name, value in fields.items():
        setattr(obj, name, value)
    return obj


# The event tables below are native classes (compiled: read from C structs on every event), written
# out rather than frozen dataclasses, which mypyc 2.4 builds only as plain Python classes. They are
# constants of each game's rules.py and never changed once made.


@final
class EventSpec(Generic[S]):
    """One event type a phase accepts: its fields and their types, and the function that applies it.

    `apply(state, event)` gets an event already checked here and checks only the game's rules; it
    raises IllegalAction before it changes anything. A player event (`by_seat`) carries `seat`, which
    must be the seat to move."""

    def __init__(
        self,
        type: str,
        apply: Callable[[S, JSON], None],
        fields: Mapping[str, Field] | None = None,
        optional: frozenset[str] = frozenset(),
        by_seat: bool = True,
    ) -> None:
        self.type = type
        self.apply = apply
        self.fields: Mapping[str, Field] = fields if fields is not None else {}
        self.optional = optional
        self.by_seat = by_seat
        base = ("type", "seat") if by_seat else ("type",)
        names = (*base, *self.fields)
        self.keys: frozenset[str] = frozenset(names)
        self.required: tuple[str, ...] = tuple(n for n in names if n not in optional)
        #: (name, field) of the required fields after `type` and `seat` (ANY among them: its presence
        #: is checked), and of the typed optional ones
        self.checked: tuple[tuple[str, Field], ...] = tuple(
            (n, f) for n, f in self.fields.items() if n not in optional
        )
        self.typed_optional: tuple[tuple[str, Field], ...] = tuple(
            (n, f) for n, f in self.fields.items() if n in optional and f is not ANY
        )

    def __repr__(self) -> str:
        return f"EventSpec({self.type!r})"


@final
class PhaseSpec(Generic[S]):
    """What a phase accepts: its events, the generator of its legal actions (None where the server
    draws or the match is over), why it refuses an event type it does not take (`refusals`, type ->
    reason), and, for the end phase, why it takes nothing at all (`closed`)."""

    def __init__(
        self,
        events: tuple[EventSpec[S], ...] = (),
        actions: Callable[[S], list[JSON]] | None = None,
        refusals: Mapping[str, str] | None = None,
        closed: str | None = None,
    ) -> None:
        self.events = events
        self.actions = actions
        self.refusals: Mapping[str, str] = refusals if refusals is not None else {}
        self.closed = closed
        self.by_type: dict[str, EventSpec[S]] = {e.type: e for e in events}

    def __repr__(self) -> str:
        return f"PhaseSpec({', '.join(e.type for e in self.events)})"


@final
class Outputs(Generic[S]):
    """What leaves a state: `seat_view(state, seat)` and `result(state)` (the game's view.py). Bound on
    the state class by its rules.py, as the phase table is: view.py reads the state, so the state module
    does not import view.py (no import circle)."""

    def __init__(self, seat_view: Callable[[S, Seat | None], JSON], result: Callable[[S], JSON]) -> None:
        self.seat_view = seat_view
        self.result = result


_START_KEYS: Final = frozenset(("type", "game", "players", "options", "rules_version"))


@mypyc_attr(allow_interpreted_subclasses=True)
class Rules(ABC, Generic[S]):
    """A registered game (of states S). One instance per game; stateless."""

    name: ClassVar[str]
    #: every rules version this engine ever stamped, oldest first (never remove one: stored matches
    #: carry it). A change that would replay an old event list differently adds a version.
    rules_versions: ClassVar[tuple[RulesVersion, ...]]
    #: the newest of them, stamped into the `start` of a new match (set from `rules_versions`; a game
    #: that sets only this has that one version)
    rules_version: ClassVar[str]
    #: what a seat's information state (games/engine/information.py) reads: the game's cards; the event
    #: types whose fields only their maker sees (a discard); the view's keys that show cards outside
    #: the hand and the open trick (talon, trump card, open hands, finished tricks, ...)
    deck: ClassVar[frozenset[str]] = frozenset()
    private_events: ClassVar[frozenset[str]] = frozenset()
    shown_keys: ClassVar[tuple[str, ...]] = ()
    #: the game's state class and phase table (from its state.py and rules.py)
    state_class: ClassVar[type[Any]]
    phases: ClassVar[Mapping[Any, PhaseSpec[Any]]]
    #: every event type of the game after `start`, the types a seat makes (`by_seat`: what an
    #: information state remembers as a decision; never a chance event), and phase -> type -> spec
    #: (all computed from `phases`)
    event_types: ClassVar[frozenset[str]]
    player_events: ClassVar[frozenset[str]] = frozenset()
    _specs: ClassVar[dict[Any, dict[Any, EventSpec[Any]]]]

    def __init__(self) -> None:
        # read on every event: kept on the instance, where attribute lookup is fastest
        self._table: dict[Any, dict[Any, EventSpec[Any]]] = getattr(type(self), "_specs", {})
        # (a game that overrides apply_in_place, like the tests' store-only game, may have neither)
        self._state_class: type[S] = getattr(type(self), "state_class", None)  # type: ignore[assignment]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "rules_versions" in vars(cls):
            cls.rules_version = cls.rules_versions[-1].version
        elif "rules_version" in vars(cls):
            cls.rules_versions = (RulesVersion(cls.rules_version, "the first rules"),)
        if "phases" in vars(cls):
            cls.event_types = frozenset(e.type for p in cls.phases.values() for e in p.events)
            cls.player_events = frozenset(e.type for p in cls.phases.values() for e in p.events if e.by_seat)
            cls._specs = {phase: {**spec.by_type} for phase, spec in cls.phases.items()}

    @abstractmethod
    def default_options(self) -> JSON:
        """The rule options of a new match, with their defaults."""

    @abstractmethod
    def normalize_options(self, options: JSON) -> JSON:
        """Defaults filled in and every value checked; raises IllegalAction for an unknown or bad option."""

    @abstractmethod
    def players(self, options: JSON) -> int:
        """Number of seats for these options."""

    def start_event(self, options: JSON | None = None) -> JSON:
        """The first event of a match: stamps the options and this engine's rules version."""
        opts = self.normalize_options(options or {})
        return {
            "type": "start",
            "game": self.name,
            "players": self.players(opts),
            "options": opts,
            "rules_version": self.rules_version,
        }

    def check_start(self, start: Any) -> JSON:
        """The options of a well-formed start event of this game and rules version, normalized."""
        # The entry points take `Any` (start, event, events): compiled (games/native.py), a parameter
        # typed JSON is checked by the compiled code itself, and a malformed input would get a
        # TypeError instead of the IllegalAction that says what is wrong.
        if type(start) is not dict or start.get("type") != "start":
            raise IllegalAction("a match begins with a start event")
        if start.keys() != _START_KEYS:
            missing = sorted(k for k in _START_KEYS if k not in start)
            extra = sorted(str(k) for k in start if k not in _START_KEYS)
            raise IllegalAction(
                f"malformed start event: missing {', '.join(missing) or 'nothing'}, "
                f"unexpected field {', '.join(extra) or 'none'}"
            )
        if start["game"] != self.name:
            raise IllegalAction(f"this start event is for {start['game']!r}, not {self.name}")
        start = self.upcast_start(start)
        options = self.normalize_options(start["options"])
        if any(v.explicit_options for v in self.rules_versions):
            missing = sorted(map(str, options.keys() - start["options"].keys()))
            if missing:
                raise IllegalAction(
                    f"malformed start event: rules version {self.rules_version} names every option; "
                    f"missing {', '.join(missing)}"
                )
        if not is_int(start["players"]) or start["players"] != self.players(options):
            raise IllegalAction(f"this match is for {self.players(options)} players")
        return options

    def upcast_start(self, start: JSON) -> JSON:
        """`start` in the newest version's form: upcast through every version after the one it was
        stamped with (a start of the newest version is returned as it is). Raises IllegalAction for a
        version this engine never stamped."""
        stamped = start["rules_version"]
        known = [v.version for v in self.rules_versions]
        if type(stamped) is not str or stamped not in known:
            raise IllegalAction(
                f"unsupported rules version {stamped!r}: "
                f"this engine replays rules versions {', '.join(known)}"
            )
        for later in self.rules_versions[known.index(stamped) + 1 :]:
            if later.upcast is not None:
                start = later.upcast(start)
            start = {**start, "rules_version": later.version}
        return start

    @classmethod
    def plays_like_newest(cls, version: object) -> bool:
        """Whether a match of rules `version` plays exactly as under the newest rules: no version
        after it changed how a match plays (then figures measured under it still hold)."""
        known = [v.version for v in cls.rules_versions]
        if type(version) is not str or version not in known:
            return False
        return all(v.plays_as_before for v in cls.rules_versions[known.index(version) + 1 :])

    def initial_state(self, start: Any) -> S:
        """The state right after the `start` event (raises IllegalAction on a malformed start)."""
        return self.new_state(self.check_start(start))

    def new_state(self, options: JSON) -> S:
        """The state of a new match with these (normalized) options."""
        raise NotImplementedError

    @abstractmethod
    def chance_event(self, state: GameState, rng: random.Random) -> JSON:
        """The next server-drawn event (deal, cut, draw...). Only valid when `state.to_move == CHANCE`."""

    def apply(self, state: GameState, event: Any) -> S:
        """A new state with `event` applied; raises IllegalAction and leaves `state` untouched."""
        if type(state) is not self._state_class:
            raise IllegalAction(f"not a {self.name} state")
        return self.apply_in_place(state.clone(), event)

    def apply_in_place(self, state: GameState, event: Any) -> S:
        """Like `apply`, but may change `state` (replay and playouts own their state). A refused event
        still leaves `state` as it was: every apply function checks before it changes anything."""
        if type(state) is not self._state_class:
            raise IllegalAction(f"not a {self.name} state")
        fits: set[Any] | None = None
        if type(event) is SharedAction:  # a legal action as handed out (games/engine/shared_actions.py)
            shared: tuple[dict[str, Any], set[Any]] = event.engine
            event, fits = shared
        if isinstance(state, StateHeader):  # a compiled state: its fields read from its C struct
            header: StateHeader = state  # (typed as itself: mypyc does not narrow the protocol type)
            self._spec(event, header.phase, header.to_move, fits).apply(header, event)
            header.version += 1
            return state
        self._spec(event, state.phase, state.to_move, fits).apply(state, event)
        state.version += 1
        return state

    def check_event(self, state: GameState, event: Any) -> EventSpec[Any]:
        """The spec of `event` once its type, phase, seat, fields and field types are right."""
        if type(event) is SharedAction:
            plain, fits = event.engine
            return self._spec(plain, state.phase, state.to_move, fits)
        return self._spec(event, state.phase, state.to_move)

    def _spec(self, event: Any, phase: Any, to_move: ToMove, fits: set[Any] | None = None) -> EventSpec[Any]:
        """`check_event` for a state in `phase` with `to_move` to act. `fits`: the specs whose keys and
        field types this event (a shared legal action, which cannot change) has passed before."""
        if type(event) is not dict:
            raise IllegalAction("an event must be a JSON object")
        kind = event.get("type")
        try:
            spec: EventSpec[Any] = self._table[phase][kind]
        except (KeyError, TypeError):  # TypeError: an unhashable type
            raise IllegalAction(self._refusal(self.phases[phase], kind, phase)) from None
        fitted = fits is not None and spec in fits
        # The keys: every required one (each is read once below, `type` was read above), and no
        # other than the optional ones. A dict's keys are distinct, so with exactly as many keys as
        # required fields, finding each required one proves there is no other.
        if not fitted and len(event) != len(spec.required):
            _check_keys(event, spec)  # raises unless the others are optional fields
        if spec.by_seat:
            seat = event.get("seat")
            if type(seat) is not int or seat != to_move:
                _check_keys(event, spec)  # a malformed event is refused as such first
                raise IllegalAction(
                    f"not your turn: it is not seat {seat!r}'s turn (seat {to_move} is to act)"
                )
        if fitted:
            return spec
        name, field = "", ANY
        try:
            # a set field asks its set (an unhashable value raises TypeError: a no), another its check;
            # inline, not a method: this runs for every field of every event
            for name, field in spec.checked:
                value = event.get(name)
                if value is None and name not in event:
                    _check_keys(event, spec)  # raises: a required field is missing
                if field is ANY:
                    continue
                members = field.members
                if not (value in members if members is not None else field.check(value)):
                    _check_keys(event, spec)
                    raise IllegalAction(field.message.format(kind=kind, name=name, value=value))
            if spec.typed_optional:
                for name, field in spec.typed_optional:
                    if name not in event:
                        continue
                    value = event[name]
                    members = field.members
                    if not (value in members if members is not None else field.check(value)):
                        raise IllegalAction(field.message.format(kind=kind, name=name, value=value))
        except TypeError:  # an unhashable value in a membership check: not of the field's type
            _check_keys(event, spec)
            raise IllegalAction(field.message.format(kind=kind, name=name, value=event[name])) from None
        if fits is not None:
            fits.add(spec)
        return spec

    def _refusal(self, phase: PhaseSpec[Any], kind: object, phase_name: object) -> str:
        if kind == "start":
            return "a start event only begins a match"
        if type(kind) is not str or kind not in self.event_types:
            return f"unknown event type {kind!r}"
        if phase.closed is not None:
            return phase.closed
        reason = phase.refusals.get(str(kind))
        if reason is not None:
            return reason
        expected = " or ".join(e.type for e in phase.events)
        return (
            f"a {kind} event is not allowed in the {phase_name} phase: "
            f"not allowed now, the next event must be a {expected}"
        )

    def replay(self, events: Sequence[Any]) -> S:
        """Fold a whole event list, oldest first (the `start` event first)."""
        if not events or events[0].get("type") != "start":
            raise IllegalAction("an event list must begin with a start event")
        state = self.initial_state(events[0])
        for event in events[1:]:
            state = self.apply_in_place(state, event)
        return state


def _check_keys(event: JSON, spec: EventSpec[Any]) -> None:
    """Returns if `event` has the spec's fields and no others (optional ones may be left out), else
    raises the reason why not."""
    kind = spec.type
    allowed = ", ".join(sorted(spec.keys))
    shape = f"a {kind} event has exactly the fields {allowed}"
    missing = [k for k in spec.required if k not in event]
    if missing:
        raise IllegalAction(f"malformed {kind} event: missing {', '.join(missing)}; {shape}")
    extra = sorted(str(k) for k in event if k not in spec.keys)
    if extra:
        raise IllegalAction(f"malformed {kind} event: unexpected field {', '.join(extra)}; {shape}")
