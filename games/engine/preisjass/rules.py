"""Preisjass rules: options, the server-drawn events (draw, deal, cut) and folding events into a state.

Every `_apply_*` function validates the whole event before it changes anything, so a rejected event
leaves the state exactly as it was.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.engine.base import JSON, GameState, IllegalAction, Rules
from games.engine.cards import DECK_36, is_card
from games.engine.preisjass.cards import (
    LAST_TRICK_BONUS,
    PLAIN_RANK,
    POINTS,
    is_sack,
    sort_hand,
    trick_winner,
    why_illegal,
)
from games.engine.preisjass.sheet import game_row
from games.engine.preisjass.state import GAMES_PER_RUN, PLAYERS, TRICKS_PER_GAME, Phase, PreisjassState

CUT_MIN, CUT_MAX = 4, 33
PACKET = 3

_DECK_SET = frozenset(DECK_36)
_PLAY_KEYS = frozenset(("type", "seat", "card"))
_EXPECTED = {Phase.DRAW: "draw", Phase.SHUFFLE: "deal", Phase.CUT: "cut", Phase.PLAY: "play"}
_EVENT_TYPES = frozenset(("start", "draw", "deal", "cut", "play"))


def _check_keys(event: JSON, keys: tuple[str, ...]) -> None:
    missing = [k for k in keys if k not in event]
    if missing:
        raise IllegalAction(f"malformed {event['type']} event: missing {', '.join(missing)}")
    extra = sorted(str(k) for k in event if k not in keys)
    if extra:
        raise IllegalAction(f"malformed {event['type']} event: unexpected field {', '.join(extra)}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def deal_hands(deck: list[str], count: int, dealer: int) -> tuple[list[list[str]], str]:
    """Cut `count` cards off the top and put them under the rest, then deal three rounds of packets of
    three from the top, starting left of the dealer. Returns the hands and the Bodentrumpf (the bottom
    card, which lies in the dealer's last packet)."""
    cut = deck[count:] + deck[:count]
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    for k in range(len(cut) // PACKET):
        hands[(dealer + 1 + k) % PLAYERS].extend(cut[k * PACKET : (k + 1) * PACKET])
    return [sort_hand(h) for h in hands], cut[-1]


class PreisjassRules(Rules):
    name: ClassVar[str] = "preisjass"
    rules_version: ClassVar[str] = "1"

    # -- options and start ------------------------------------------------------------------------

    def default_options(self) -> JSON:
        return {}

    def normalize_options(self, options: JSON) -> JSON:
        if not isinstance(options, dict):
            raise IllegalAction("options must be a JSON object")
        if options:
            raise IllegalAction(f"unknown option {sorted(map(str, options))[0]!r}: Preisjass has no options")
        return {}

    def players(self, options: JSON) -> int:
        return PLAYERS

    def initial_state(self, start: JSON) -> PreisjassState:
        if not isinstance(start, dict) or start.get("type") != "start":
            raise IllegalAction("a match begins with a start event")
        _check_keys(start, ("type", "game", "players", "options", "rules_version"))
        if start["game"] != self.name:
            raise IllegalAction(f"this start event is for {start['game']!r}, not preisjass")
        if start["players"] != PLAYERS or not _is_int(start["players"]):
            raise IllegalAction("Preisjass is played by exactly four players")
        if start["rules_version"] != self.rules_version:
            raise IllegalAction(f"unsupported rules version {start['rules_version']!r}")
        self.normalize_options(start["options"])
        return PreisjassState()

    # -- server-drawn events ----------------------------------------------------------------------

    def chance_event(self, state: GameState, rng: random.Random) -> JSON:
        assert isinstance(state, PreisjassState)
        if state.phase == Phase.DRAW:
            deck = list(DECK_36)
            rng.shuffle(deck)
            return {"type": "draw", "cards": {str(s): deck[i] for i, s in enumerate(state.drawing)}}
        if state.phase == Phase.SHUFFLE:
            deck = list(DECK_36)
            rng.shuffle(deck)
            return {"type": "deal", "deck": deck}
        if state.phase == Phase.CUT:
            return {"type": "cut", "count": rng.randint(CUT_MIN, CUT_MAX)}
        raise IllegalAction("no server event is due: a seat is to play or the run is over")

    # -- folding events ---------------------------------------------------------------------------

    def apply(self, state: GameState, event: JSON) -> PreisjassState:
        assert isinstance(state, PreisjassState)
        return self.apply_in_place(state.clone(), event)

    def apply_in_place(self, state: GameState, event: JSON) -> PreisjassState:
        assert isinstance(state, PreisjassState)
        if not isinstance(event, dict):
            raise IllegalAction("an event must be a JSON object")
        etype = event.get("type")
        if etype == "play" and state.phase == Phase.PLAY:
            _apply_play(state, event)
        else:
            _check_phase(state, etype)
            if etype == "draw":
                _apply_draw(state, event)
            elif etype == "deal":
                _apply_deal(state, event)
            else:
                _apply_cut(state, event)
        state.version += 1
        return state


def _check_phase(state: PreisjassState, etype: Any) -> None:
    if etype not in _EVENT_TYPES:
        raise IllegalAction(f"unknown event type {etype!r}")
    if etype == "start":
        raise IllegalAction("a start event only begins a match")
    if state.phase == Phase.OVER:
        raise IllegalAction(f"the run is over: all {GAMES_PER_RUN} games are played")
    expected = _EXPECTED[state.phase]
    if etype == expected:
        return
    if etype == "play":
        if state.phase == Phase.DRAW:
            raise IllegalAction("no card may be played yet: the first player is still being drawn")
        raise IllegalAction("no card may be played before the cut and the deal")
    raise IllegalAction(f"a {etype} event is not allowed now: the next event must be a {expected}")


def _apply_draw(state: PreisjassState, event: JSON) -> None:
    _check_keys(event, ("type", "cards"))
    cards = event["cards"]
    want = [str(s) for s in state.drawing]
    if not isinstance(cards, dict) or set(cards) != set(want):
        raise IllegalAction(f"a draw gives one card to each seat still drawing: seats {', '.join(want)}")
    drawn = [cards[k] for k in want]
    if not all(is_card(c) for c in drawn) or len(set(drawn)) != len(drawn):
        raise IllegalAction("a draw needs distinct cards from one Preisjass deck")
    best = max(PLAIN_RANK[c[0]] for c in drawn)
    top = [s for s, c in zip(state.drawing, drawn, strict=True) if PLAIN_RANK[c[0]] == best]
    state.draws.append({k: cards[k] for k in want})
    if len(top) > 1:
        state.drawing = top  # only the tied seats draw again
        return
    state.drawing = []
    state.first_player = top[0]
    state.dealer = (top[0] - 1) % PLAYERS  # the highest card leads the first trick of game 1
    state.phase = Phase.SHUFFLE


def _apply_deal(state: PreisjassState, event: JSON) -> None:
    _check_keys(event, ("type", "deck"))
    deck = event["deck"]
    if (
        not isinstance(deck, list)
        or len(deck) != len(DECK_36)
        or not all(isinstance(c, str) for c in deck)
        or set(deck) != _DECK_SET
    ):
        raise IllegalAction("a deal must give the order of all 36 Preisjass cards, each once")
    state.deck = list(deck)
    state.game_no = len(state.games) + 1
    state.cut = None
    state.trump_card = None
    state.trick = []
    state.tricks = []
    state.game_points = [0] * PLAYERS
    state.tricks_won = [0] * PLAYERS
    state.phase = Phase.CUT


def _apply_cut(state: PreisjassState, event: JSON) -> None:
    _check_keys(event, ("type", "count"))
    count = event["count"]
    if not _is_int(count) or not CUT_MIN <= count <= CUT_MAX:
        raise IllegalAction(f"the cut takes {CUT_MIN} to {CUT_MAX} cards from the top")
    assert state.deck is not None and state.dealer is not None
    dealer = state.dealer
    state.hands, state.trump_card = deal_hands(state.deck, count, dealer)
    state.deck = None
    state.cut = {"seat": (dealer + 1) % PLAYERS, "count": count}
    state.leader = state.seat_to_play = (dealer + 1) % PLAYERS
    state.phase = Phase.PLAY
    state._legal = None


def _apply_play(state: PreisjassState, event: JSON) -> None:
    if event.keys() != _PLAY_KEYS:
        _check_keys(event, ("type", "seat", "card"))
    seat = event["seat"]
    if seat != state.seat_to_play or type(seat) is not int:
        raise IllegalAction(f"not your turn: seat {state.seat_to_play} is to play")
    card = event["card"]
    hand = state.hands[seat]
    if card not in hand:
        if not is_card(card):
            raise IllegalAction(f"malformed card {card!r}")
        raise IllegalAction(f"card {card} is not in your hand")
    trick = state.trick
    legal = state._legal if state._legal is not None else state.legal_cards()
    if card not in legal:
        assert state.trump_card is not None
        raise IllegalAction(why_illegal(card, hand, trick, state.trump_card[1]))
    hand.remove(card)
    trick.append(card)
    state._legal = None
    if len(trick) < PLAYERS:
        state.seat_to_play = (seat + 1) % PLAYERS
    else:
        _finish_trick(state)


def _finish_trick(state: PreisjassState) -> None:
    assert state.trump_card is not None
    trump = state.trump_card[1]
    cards = state.trick
    leader = state.leader
    winner = (leader + trick_winner(cards, trump)) % PLAYERS
    values = POINTS[trump]
    points = values[cards[0]] + values[cards[1]] + values[cards[2]] + values[cards[3]]
    if len(state.tricks) == TRICKS_PER_GAME - 1:
        points += LAST_TRICK_BONUS
    state.tricks.append(
        {
            "leader": leader,
            "cards": [{"seat": (leader + i) % PLAYERS, "card": c} for i, c in enumerate(cards)],
            "winner": winner,
            "points": points,
        }
    )
    state.game_points[winner] += points
    state.tricks_won[winner] += 1
    state.trick = []
    state.leader = state.seat_to_play = winner
    if len(state.tricks) == TRICKS_PER_GAME:
        _finish_game(state)


def _finish_game(state: PreisjassState) -> None:
    assert state.dealer is not None
    row = game_row(state)
    state.games.append(row)
    for s in range(PLAYERS):
        state.totals[s] += state.game_points[s]
        state.sacks[s] += is_sack(state.game_points[s])
    if len(state.games) == GAMES_PER_RUN:
        state.phase = Phase.OVER
    else:
        state.dealer = (state.dealer + 1) % PLAYERS
        state.phase = Phase.SHUFFLE
