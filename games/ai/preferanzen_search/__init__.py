"""Preferanzen and Vienna Preference search (one package for both variants, as the engine is one).

state.py — the search state. `Terms` is what stays fixed while a deal is played (variant, contract
kind and game, trump, declarer, defence, guest, pot, Vienna's bonuses); `Deal(terms, hands, playing,
turn)` a deal in play with hands as 32-bit masks (card index = suit * 8 + rank, "CSDH", 7..A):
`moves()` / `legal_mask()` the legal cards, `apply(card)` / `play(card)` (a copy), `winner_seat`
the seat winning the open trick, `tricks` per seat, `over` once decided, `won()` and `scores()` the
deal's points for every seat as the engine settles them. `from_engine(state)` builds one from an
engine state in play (full information: tests and analysis tools), `to_action(card, seat)`.

solver.py — `PreferanzenGame(me)`, the alpha-beta adapter (games.ai.search) valuing a deal for
`me`'s side; `solve(deal, me, budget)` the exact value; `estimate_scores` the cut-off estimate;
`distinct_moves(view, cards)` one card of each run of equivalent legal cards.

worlds.py — hidden-card worlds consistent with a seat's view: `constraints(view)`,
`sample_hands(view, rng)`, `world_deal(view, rng)` (a Deal in play), `terms_from_view(view)`.

games.py — the games a seat may bid for and declare, their search terms, Anton's estimate of each.

player.py — the levels Carla (middle) and Dora (strongest).
"""
