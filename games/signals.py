"""Signals, so the sender never imports its listeners.

- `match_finished(match_id=...)`: sent after the commit that stored a match's last event (the
  leaderboard and the leagues listen).
- `match_published(match_id=...)`: the results of a finished match that was embargoed (a table of a
  duplicate round) may be published after all: its round is over and released. The same listeners save
  and project it then.
- `match_abandoned(match_id=...)`: sent after the commit that ended a match as abandoned (every human
  left or stayed away, or staff set it in the admin). The leagues listen: the last table of a duplicate
  round to end, however it ends, releases its round.
- `ai_move_due(match_id=..., seq=..., delay=...)`: sent after the commit that left an AI seat (or a seat
  Anton plays for) to move at `seq`; the AI service listens and starts the move `delay` seconds later.
- `turn_due(match_id=..., seq=..., seat=..., user_id=..., deadline=...)`: sent after the commit that
  started a human seat's turn at a turn-based table (the match's start, or a move by another seat):
  `seat` is to move at `seq` and has until `deadline` (an aware datetime, when its days per move run
  out); `user_id` is its account (None for a guest's seat). Once per turn start, never for a
  real-time table; the notifications listen and tell its player.
- `turn_overdue(match_id=..., seq=..., seat=..., user_ids=[...])`: sent after the commit that marked the
  turn of `seat` at `seq` overdue (its days per move ran out); `user_ids` are the accounts of the
  players who may now let the AI play that seat or end the table. The notifications listen.
- `process_released()`: sent in a web process that finds the watchdog has counted it dead (it was silent
  too long): its sockets are no longer counted, and the consumers close them so that the clients
  reconnect and count afresh.
"""

from django.dispatch import Signal

match_finished = Signal()
match_published = Signal()
match_abandoned = Signal()
ai_move_due = Signal()
turn_due = Signal()
turn_overdue = Signal()
process_released = Signal()
