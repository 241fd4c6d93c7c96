"""Schnapsen search: a compact bitmask state (state.py), the search adapter and exact endgame solver
(solver.py), and worlds sampled from a seat's view (worlds.py)."""
