"""Typed observations: what one seat's view holds, read once into a frozen dataclass per game, so that
the AIs read named, typed fields instead of string keys. An observation is built from the seat's view
(`observe(view)`) or, for a player that remembers the deal, from the seat's information state
(games/engine/information.py: the view plus what the seat saw this deal); neither holds another seat's
hidden card, so none can reach an AI through it.
"""
