"""Signals, so the sender never imports its listeners.

`match_finished(match_id=...)` is sent after the commit that stored a match's last event (the
leaderboard and the leagues listen). `ai_move_due(match_id=..., seq=..., delay=...)` is sent after the
commit that left an AI seat (or a seat Anton plays for) to move at `seq`; the AI service listens and
starts the move `delay` seconds later. `process_released()` is sent in a web process that finds the
watchdog has counted it dead (it was silent too long): its sockets are no longer counted, and the
consumers close them so that the clients reconnect and count afresh."""

from django.dispatch import Signal

match_finished = Signal()
ai_move_due = Signal()
process_released = Signal()
