"""The par of a challenge, pure (no Django): the challenge's AI level in the player's seat too, on the
same deals, played as the live tables play (chance events from the seed, every AI decision from
`fairness.decision_rng(seed, seq)`), so a player who makes the AI's moves meets exactly this log; and
per deal the best score with all hands open, the analyser's `open` angle at the player's first
decision of the deal (exact where the analyser's search reaches the end, else its estimate)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from games.ai import get_player
from games.ai.analysis.registry import get_analyser
from games.ai.base import InformedPlayer, decide
from games.engine import CHANCE, get_rules
from games.engine.information import Witness
from games.identity import fairness

JSON = dict[str, Any]

#: command ids of the platform's own moves, as games.services.matches stores them
AI_COMMAND_PREFIX = "ai:"


@dataclass
class Playout:
    #: (event, seat or None, command id or None) in stream order, the start event first
    events: list[tuple[JSON, int | None, str | None]] = field(default_factory=list)
    #: per deal number (from 1): (best value with all hands open, exact) at the player's first decision
    open_best: dict[int, tuple[float, bool]] = field(default_factory=dict)


def play(*, game: str, options: JSON, seed: str, ai_version: str, seat: int, players: int) -> Playout:
    rules = get_rules(game)
    start = rules.start_event(options)
    state = rules.initial_state(start)
    out = Playout(events=[(start, None, None)])
    ais = [get_player(game, ai_version) for _ in range(players)]
    # every seat plays the same level: its seats' memories are kept when it reads them
    witnesses = [Witness(rules, s) for s in range(players)] if isinstance(ais[0], InformedPlayer) else []
    for ai in ais:
        if hasattr(ai, "seconds"):
            ai.seconds = math.inf  # as the live shared-deal tables: the node budget alone
    analyser = get_analyser(game)
    chance = 0
    while state.to_move is not None:
        seq = len(out.events)
        if state.to_move == CHANCE:
            event = rules.chance_event(state, fairness.chance_rng(seed, chance))
            chance += 1
            out.events.append((event, None, None))
        else:
            mover = state.to_move
            assert isinstance(mover, int)
            legal = state.legal_actions()
            if analyser is not None and mover == seat and analyser.decides(state, seat) and len(legal) > 1:
                deal = analyser.deal(state)
                if deal not in out.open_best:
                    values = analyser.open_values(state, legal)
                    out.open_best[deal] = (round(max(values.values), 3), values.exact)
            rng = fairness.decision_rng(seed, seq)
            if witnesses:  # as the live table: the seat's information state to a player that reads it
                action = decide(ais[mover], witnesses[mover].information(state), legal, rng)
            else:
                action = ais[mover].choose(state.view(mover), legal, rng)
            event = {**{k: v for k, v in action.items() if k != "seat"}, "seat": mover}
            out.events.append((event, mover, f"{AI_COMMAND_PREFIX}{seq}"))
        state = rules.apply(state, event)
        for witness in witnesses:
            witness.saw(event, state)
    return out
