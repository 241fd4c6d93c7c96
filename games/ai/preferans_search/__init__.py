"""Preferans search: a compact bitmask trick-play state, a double-dummy solver, worlds sampled from a
seat's view, and the search players Carla and Dora.

The state's API (state.py), for the players here and for other tools (a post-match analyser):
- `Deal`: positions 0..2 = forehand, middlehand, rearhand (`seats` maps them to table seats); `kind`
  GAME / MISERE / RASPASY, `hands` (card bit masks), `trump`, `declarer`, `level`, `turn`, `trick`,
  `tricks`, `done`, `talon_suits` (raspasy);
- `from_view(view, hidden, talon)` (a seat's view plus a sampled world) and `from_engine(state)`;
- `legal()` / `legal_mask()`, `apply(card)` / `play(card)`, `trick_winner()`, `over`, and the tricks per
  position in `tricks` (the deal's only points: the sheet scores tricks).
Cards are ints `suit * 8 + rank` (`NAMES`, `INDEX`, `mask_of`, `names`, `bits` convert).

solver.py: `Solver(deal, target, maximizers, budget, stop)` counts the target side's future tricks
under perfect play (`value`, `move_values`; `sides(deal, me)` gives the sides), exactly with the
default `stop=10`, estimated at trick `stop` otherwise (a game from the top winners, misère and raspasy
from the cards that cannot duck); `PreferansGame` is the same game for the shared toolkit
(games.ai.search). selfish.py: `SelfishSolver(deal, me, budget, stop)` plays raspasy with every hand
keeping its own tricks down (max^n). worlds.py: `sample_world(view, rng)`. The players: values.py (what
a contract and a whist call are worth), contract.py (the decisions before the play), player.py (the
card play and the levels Carla and Dora).
"""
