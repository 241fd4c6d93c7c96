"""A small search toolkit shared by the games' search AIs (pure: no framework, no I/O).

masks: card sets as bit masks; budget: a work and time budget per decision; player: the frame of
every search player (`SearchPlayer`: the budget, the bench's counters, the choose loop with Anton as
the fallback); alphabeta: minimax with alpha-beta pruning and a transposition table over any game
that implements `SearchGame`; sampling: hidden-card deals consistent with what a seat knows (see also
games.ai.pimc for the constraint solver).
"""
