"""Preisjass search (Dora): a compact bitmask deal (state.py: `Deal` with `from_view` / `from_engine`,
`moves`/`legal`, `play`, `winner_index`, `trick_points`, `points`, `over`), search over one known deal
(solver.py: `Lines`, the seat's best line against fixed replies of the others, playout policies),
worlds sampled from a seat's view (worlds.py) and the player (player.py)."""
