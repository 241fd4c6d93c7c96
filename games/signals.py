"""Signals, so the sender never imports its listeners.

`match_finished(match_id=...)` is sent after the commit that stored a match's last event (the
leaderboard and the leagues listen). `process_released()` is sent in a web process that finds the
watchdog has counted it dead (it was silent too long): its sockets are no longer counted, and the
consumers close them so that the clients reconnect and count afresh."""

from django.dispatch import Signal

match_finished = Signal()
process_released = Signal()
