"""Typed observations: what one seat's view holds, read once into a frozen dataclass per game, so that
the AIs read named, typed fields instead of string keys. An observation is built from the seat's view
alone (`observe(view)`), so it never holds more than the view: no hidden card can reach an AI through it.
"""
