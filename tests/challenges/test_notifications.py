"""The close of a challenge tells every entrant their final place and percentage (or that their entry
was not ranked), once, and never before the close: until then the field's results are embargoed."""

from __future__ import annotations

import pytest

from challenges import services
from challenges.models import Challenge, Entry
from notifications.models import Notification
from notifications.selectors import notification_row
from tests.challenges.conftest import client_for, play_entry
from tests.challenges.test_entries import close

# on_commit must run: the AI seats move and the entries are projected after each commit
pytestmark = pytest.mark.django_db(transaction=True)


def test_each_entrant_hears_their_final_place_at_the_close(challenge: Challenge, field: list) -> None:
    anna, ben, carl, dora = field
    for player in (anna, ben, carl):
        play_entry(player, challenge)
    assert client_for(dora).post(f"/api/challenges/{challenge.pk}/enter/").status_code == 201  # not played
    assert not Notification.objects.filter(kind="challenge_result").exists()

    close(challenge)
    notes = {n.user_id: n for n in Notification.objects.filter(kind="challenge_result")}
    assert set(notes) == {anna.pk, ben.pk, carl.pk, dora.pk}
    for player in (anna, ben, carl):
        entry = Entry.objects.get(challenge=challenge, user=player)
        note = notes[player.pk]
        assert note.url == f"/challenges/{challenge.pk}/"
        assert note.params["place"] == entry.place and note.params["percent"] == entry.percent
        assert note.params["entries"] == 3 and note.params["day"] == challenge.day.isoformat()
        assert f"Platz {entry.place} von 3" in notification_row(note)["text"]
    assert notes[dora.pk].params["place"] is None
    assert "nicht gewertet" in notification_row(notes[dora.pk])["text"]
    # closing again changes nothing and notifies nobody twice
    assert not services.challenge_close(challenge_id=challenge.pk)
    assert Notification.objects.filter(kind="challenge_result").count() == 4
