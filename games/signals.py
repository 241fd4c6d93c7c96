"""Signals other apps listen to (leaderboard, leagues), so games never imports them.

`match_finished(match_id=...)` is sent after the commit that stored a match's last event."""

from django.dispatch import Signal

match_finished = Signal()
