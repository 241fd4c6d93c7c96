"""Seating and identity: who sits where, browser tokens, entries, names, fair deals, result holds."""
