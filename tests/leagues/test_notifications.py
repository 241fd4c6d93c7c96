"""A league invitation notifies the invited player, unless either of the two blocked the other."""

from __future__ import annotations

import pytest

from friends.models import Block
from leagues import services
from notifications.models import Notification
from notifications.selectors import notification_row
from tests.leagues.conftest import make_league

pytestmark = pytest.mark.django_db


def test_an_invitation_notifies_the_invitee_once(duel, players) -> None:
    anna, ben = players[:2]
    league = make_league(anna, access="invite")
    invitation = services.invitation_create(league_id=league.pk, inviter=anna, username="ben")
    [note] = Notification.objects.filter(user=ben, kind="league_invitation")
    assert note.url == f"/leagues/{league.pk}/" and note.key == f"league_invitation:{invitation.pk}"
    assert notification_row(note)["text"] == f"Anna lädt dich in die Liga {league.name} ein."
    with pytest.raises(services.AlreadyMember):  # invited twice: refused, no second ring
        services.invitation_create(league_id=league.pk, inviter=anna, username="ben")
    # declined and invited again: a new invitation, a new notification
    services.invitation_decline(league_id=league.pk, user=ben)
    services.invitation_create(league_id=league.pk, inviter=anna, username="ben")
    assert Notification.objects.filter(user=ben, kind="league_invitation").count() == 2


def test_no_notification_from_a_blocked_player(duel, players) -> None:
    anna, ben, carl = players[:3]
    league = make_league(anna, access="invite")
    Block.objects.create(blocker=ben, blocked=anna)
    Block.objects.create(blocker=anna, blocked=carl)
    services.invitation_create(league_id=league.pk, inviter=anna, username="ben")
    services.invitation_create(league_id=league.pk, inviter=anna, username="carl")
    assert not Notification.objects.exists()


def test_accepting_or_declining_settles_the_notification(duel, players) -> None:
    anna, ben, carl = players[:3]
    league = make_league(anna, access="invite")
    services.invitation_create(league_id=league.pk, inviter=anna, username="ben")
    services.invitation_create(league_id=league.pk, inviter=anna, username="carl")
    services.invitation_accept(league_id=league.pk, user=ben)
    services.invitation_decline(league_id=league.pk, user=carl)
    assert not Notification.objects.filter(read_at__isnull=True).exists()
