"""What a player can be notified of, the channels each kind goes out on, and what they are by default.

A channel a kind does not offer is never used for it (a daily challenge's result is no e-mail). The
defaults stand until the player changes them: in the site on; e-mail off until they opt in; push on,
which reaches them only once a browser of theirs is subscribed."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    YOUR_TURN = "your_turn", _("Your turn at a turn-based table")
    TURN_OVERDUE = "turn_overdue", _("A player runs out of time at a turn-based table")
    FRIEND_REQUEST = "friend_request", _("Friend requests")
    TABLE_INVITATION = "table_invitation", _("Invitations to a table")
    LEAGUE_INVITATION = "league_invitation", _("League invitations")
    CHALLENGE_RESULT = "challenge_result", _("Daily challenge results")


class Channel(models.TextChoices):
    SITE = "site", _("In the site")
    EMAIL = "email", _("E-mail")
    PUSH = "push", _("Push")


ALL_CHANNELS = (Channel.SITE, Channel.EMAIL, Channel.PUSH)
CHANNELS: dict[str, tuple[Channel, ...]] = {
    Kind.YOUR_TURN: ALL_CHANNELS,
    Kind.TURN_OVERDUE: ALL_CHANNELS,
    Kind.FRIEND_REQUEST: ALL_CHANNELS,
    Kind.TABLE_INVITATION: ALL_CHANNELS,
    Kind.LEAGUE_INVITATION: ALL_CHANNELS,
    Kind.CHALLENGE_RESULT: (Channel.SITE, Channel.PUSH),
}
DEFAULTS: dict[str, bool] = {Channel.SITE: True, Channel.EMAIL: False, Channel.PUSH: True}


def offers(kind: str, channel: str) -> bool:
    return channel in CHANNELS.get(kind, ())
