"""notify() and the delivery: one event notifies once, each channel follows the player's choice per
kind, e-mail goes in the reader's language with working unsubscribe and settings links, push is
encrypted for the browser and a push service's 404/410 ends the subscription."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import User
from games.models import Seat
from games.signals import turn_due
from notifications import dispatch, selectors, services
from notifications.delivery import notifications_deliver
from notifications.kinds import Channel, Kind
from notifications.mail import unsubscribe_read
from notifications.models import Notification, PushSubscription, Reader
from notifications.mutes import _rules, mute_rule_register
from tests import factories
from tests.notifications.conftest import Browser, PushService, player

pytestmark = pytest.mark.django_db


def ask(reader: User, sender: User, key: str = "k1", **params: Any) -> Notification | None:
    return services.notify(
        user=reader,
        kind=Kind.FRIEND_REQUEST,
        params={"from": sender.display_name, "username": sender.username, **params},
        url="/friends/",
        key=key,
        actor=sender,
    )


def opt_in(user: User, kind: str = Kind.FRIEND_REQUEST, **channels: bool) -> None:
    services.preferences_set(user=user, choices={kind: channels})


def subscribe(user: User, browser: Browser) -> PushSubscription:
    sub = browser.subscription()
    return services.push_subscribe(user=user, endpoint=sub["endpoint"], keys=sub["keys"])


def test_one_event_notifies_once(players: list[User], django_capture_on_commit_callbacks: Any) -> None:
    anna, ben, _ = players
    opt_in(anna, email=True)
    with django_capture_on_commit_callbacks(execute=True):
        first = ask(anna, ben)
        again = ask(anna, ben)
    assert first is not None and again is None
    assert Notification.objects.filter(user=anna).count() == 1
    assert len(mail.outbox) == 1
    # the same key for another reader is another event
    assert ask(ben, anna) is not None
    # delivering the same notification again sends nothing more (the channel was taken over)
    notifications_deliver(ids=[first.pk])
    assert len(mail.outbox) == 1


def test_defaults_site_on_email_off_push_on(players: list[User]) -> None:
    anna = players[0]
    assert selectors.preferences(anna.pk) == {
        "your_turn": {"site": True, "email": False, "push": True},
        "turn_overdue": {"site": True, "email": False, "push": True},
        "friend_request": {"site": True, "email": False, "push": True},
        "table_invitation": {"site": True, "email": False, "push": True},
        "league_invitation": {"site": True, "email": False, "push": True},
        "challenge_result": {"site": True, "push": True},
    }


def test_each_channel_follows_the_choice_for_its_kind(
    players: list[User], push_service: PushService, django_capture_on_commit_callbacks: Any
) -> None:
    anna, ben, _ = players
    browser = Browser.new()
    subscribe(anna, browser)
    opt_in(anna, site=False, email=True, push=False)
    with django_capture_on_commit_callbacks(execute=True):
        note = ask(anna, ben)
    assert note is not None and not note.in_site
    assert selectors.unread_count(anna.pk) == 0 and not selectors.shown(anna.pk).exists()
    assert len(mail.outbox) == 1 and push_service.sent == []

    # another kind keeps its own choices: the site and push (default), no e-mail
    with django_capture_on_commit_callbacks(execute=True):
        invited = services.notify(
            user=anna,
            kind=Kind.TABLE_INVITATION,
            params={"from": "Ben", "match": 7, "game": "schnapsen"},
            url="/matches/7/",
            key="table_invitation:1",
        )
    assert invited is not None and invited.in_site and selectors.unread_count(anna.pk) == 1
    assert len(mail.outbox) == 1
    [message] = push_service.to(browser)
    assert message["url"] == f"/notifications/{invited.pk}/" and "Ben" in message["body"]

    # every channel off: nothing is made at all
    opt_in(anna, Kind.LEAGUE_INVITATION, site=False, email=False, push=False)
    made = services.notify(
        user=anna,
        kind=Kind.LEAGUE_INVITATION,
        params={"from": "Ben", "league": "X"},
        url="/leagues/1/",
        key="l",
    )
    assert made is None


def test_mail_goes_in_the_readers_language_with_unsubscribe_and_settings_links(
    players: list[User], django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    settings.SITE_URL = "https://cards.example.org"
    anna, ben, carl = players
    opt_in(anna, email=True)
    opt_in(carl, email=True)
    services.reader_language_note(user_id=anna.pk, language="ru")
    with django_capture_on_commit_callbacks(execute=True):
        ask(anna, ben)
        ask(carl, ben)  # carl never chose a language: the site's, German
    to_anna = next(m for m in mail.outbox if m.to == ["anna@example.org"])
    to_carl = next(m for m in mail.outbox if m.to == ["carl@example.org"])
    assert "Ben хочет добавить вас в друзья." in to_anna.body and "Заявка в друзья" in to_anna.subject
    assert "Ben möchte mit dir befreundet sein." in to_carl.body and "Freundschaftsanfrage" in to_carl.subject
    assert "https://cards.example.org/friends/" in to_anna.body
    assert "https://cards.example.org/notifications/settings/" in to_anna.body
    unsubscribe = to_anna.extra_headers["List-Unsubscribe"].strip("<>")
    assert to_anna.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe in to_anna.body and unsubscribe.startswith(
        "https://cards.example.org/notifications/unsubscribe/"
    )

    # the one-click unsubscribe (a mail client's POST, no session, no CSRF token) stops that kind only
    path = unsubscribe.removeprefix("https://cards.example.org")
    client = Client(enforce_csrf_checks=True)
    assert client.get(path).status_code == 200
    assert selectors.preferences(anna.pk)["friend_request"]["email"] is True  # a GET changes nothing
    assert client.post(path).status_code == 200
    assert selectors.preferences(anna.pk)["friend_request"]["email"] is False
    assert selectors.preferences(anna.pk)["table_invitation"]["email"] is False  # (its default)
    forged = path.replace("/unsubscribe/", "/unsubscribe/x")
    assert client.post(forged).status_code == 404
    assert unsubscribe_read("not-a-token") is None


def test_no_mail_to_an_unconfirmed_address(django_capture_on_commit_callbacks: Any) -> None:
    anna, ben = player("anna", email=False), player("ben")
    anna.email = "anna@example.org"
    anna.save()
    opt_in(anna, email=True)
    with django_capture_on_commit_callbacks(execute=True):
        assert ask(anna, ben) is not None
    assert mail.outbox == []


def test_a_failing_mail_server_gives_the_mail_back_for_a_retry(
    players: list[User], monkeypatch: pytest.MonkeyPatch
) -> None:
    anna, ben, _ = players
    opt_in(anna, email=True)
    note = ask(anna, ben)
    assert note is not None

    def down(self: Any, *args: Any, **kwargs: Any) -> int:
        raise OSError("connection refused")

    monkeypatch.setattr("django.core.mail.EmailMessage.send", down)
    assert notifications_deliver(ids=[note.pk]) == [note.pk]
    note.refresh_from_db()
    assert note.mailed_at is None
    monkeypatch.undo()
    assert notifications_deliver(ids=[note.pk]) == []
    assert len(mail.outbox) == 1


def test_push_is_encrypted_for_each_browser_and_a_gone_subscription_is_deleted(
    players: list[User], push_service: PushService, django_capture_on_commit_callbacks: Any
) -> None:
    anna, ben, _ = players
    phone, laptop, old = Browser.new("phone"), Browser.new("laptop"), Browser.new("old")
    for browser in (phone, laptop, old):
        subscribe(anna, browser)
    push_service.answers[old.endpoint] = 410
    push_service.answers[laptop.endpoint] = 500
    services.reader_language_note(user_id=anna.pk, language="en")
    with django_capture_on_commit_callbacks(execute=True):
        note = ask(anna, ben)
    assert note is not None
    [message] = push_service.to(phone)
    assert message == {
        "title": "Friend request",
        "body": "Ben wants to be your friend.",
        "url": f"/notifications/{note.pk}/",
        "tag": f"note-{note.pk}",
        "id": note.pk,
    }
    _, body, headers = push_service.sent[0]
    assert b"Ben" not in body  # the push service sees ciphertext only
    assert headers["Content-Encoding"] == "aes128gcm" and headers["Authorization"].startswith("vapid ")
    assert headers["TTL"] == "86400"
    assert not PushSubscription.objects.filter(endpoint=old.endpoint).exists()  # 410: gone
    failing = PushSubscription.objects.get(endpoint=laptop.endpoint)
    assert failing.last_failure == "HTTP 500" and failing.last_failure_at is not None
    assert PushSubscription.objects.get(endpoint=phone.endpoint).last_success_at is not None
    # a 404 ends it too
    push_service.answers[phone.endpoint] = 404
    with django_capture_on_commit_callbacks(execute=True):
        ask(anna, ben, key="k2")
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [laptop.endpoint]


def test_no_push_without_vapid_keys(players: list[User], settings: Any) -> None:
    settings.WEBPUSH_VAPID_PRIVATE_KEY = settings.WEBPUSH_VAPID_PUBLIC_KEY = ""
    with pytest.raises(services.PushUnavailable):
        subscribe(players[0], Browser.new())


@pytest.mark.usefixtures("vapid")
def test_a_subscription_must_name_a_known_push_service_and_real_keys(players: list[User]) -> None:
    anna = players[0]
    good = Browser.new().subscription()
    for endpoint in (
        "http://fcm.googleapis.com/fcm/send/x",  # not https
        "https://127.0.0.1/hook",  # the server must not post where a player likes
        "https://evil.example.org/fcm.googleapis.com",
        "https://fcm.googleapis.com.evil.example.org/x",
        "https://user:pw@fcm.googleapis.com/x",
        "https://fcm.googleapis.com:8443/x",
        "",
    ):
        with pytest.raises(services.BadSubscription):
            services.push_subscribe(user=anna, endpoint=endpoint, keys=good["keys"])
    for keys in ({"p256dh": "abc", "auth": good["keys"]["auth"]}, {"p256dh": good["keys"]["p256dh"]}, "x"):
        with pytest.raises(services.BadSubscription):
            services.push_subscribe(user=anna, endpoint=good["endpoint"], keys=keys)
    assert not PushSubscription.objects.exists()
    made = services.push_subscribe(user=anna, endpoint=good["endpoint"], keys=good["keys"])
    # Edge's and Firefox's services are known as well
    services.push_subscribe(
        user=anna, endpoint="https://wns2-by3p.notify.windows.com/w/?token=1", keys=good["keys"]
    )
    # the same browser subscribing for another account is that account's now
    ben = players[1]
    again = services.push_subscribe(user=ben, endpoint=good["endpoint"], keys=good["keys"])
    assert again.pk == made.pk and again.user_id == ben.pk


def test_a_block_mutes_the_sender(players: list[User]) -> None:
    anna, ben, carl = players
    blocked = {(anna.pk, ben.pk)}

    def rule(a: int, b: int) -> bool:
        return (a, b) in blocked or (b, a) in blocked

    mute_rule_register(rule)
    try:
        assert ask(anna, ben) is None
        assert ask(anna, carl) is not None
    finally:
        _rules.remove(rule)


def test_reading_marks_only_my_own_and_refuses_anothers_ids(players: list[User]) -> None:
    anna, ben, carl = players
    a1, a2 = ask(anna, ben, key="a1"), ask(anna, carl, key="a2")
    b1 = ask(ben, anna, key="b1")
    assert a1 and a2 and b1
    with pytest.raises(services.NotFound):
        services.notifications_read(user=anna, ids=[a1.pk, b1.pk])
    assert selectors.unread_count(anna.pk) == 2 and selectors.unread_count(ben.pk) == 1
    assert services.notifications_read(user=anna, ids=[a1.pk]) == 1
    assert services.notifications_read(user=anna, ids=[a1.pk]) == 0  # already read
    assert services.notifications_read(user=anna, ids=None) == 1
    assert selectors.unread_count(anna.pk) == 0 and selectors.unread_count(ben.pk) == 1


def test_a_notification_links_only_to_a_path_of_this_site(players: list[User]) -> None:
    for url in ("https://evil.example.org/", "//evil.example.org/", "javascript:alert(1)", "friends/"):
        with pytest.raises(ValueError):
            services.notify(user=players[0], kind=Kind.FRIEND_REQUEST, params={}, url=url, key=url)
    with pytest.raises(ValueError):
        services.notify(user=players[0], kind="no_such_kind", params={}, url="/", key="x")
    assert services.notify(user=None, kind=Kind.FRIEND_REQUEST, params={}, url="/", key="x") is None


def test_the_readers_language_is_the_one_they_use(players: list[User]) -> None:
    anna = players[0]
    assert selectors.language_of(anna.pk) == "de"
    services.reader_language_note(user_id=anna.pk, language="ru")
    services.reader_language_note(user_id=anna.pk, language="xx")  # not a language of the site
    assert selectors.language_of(anna.pk) == "ru" and Reader.objects.count() == 1


def test_your_turn_from_the_signal_once_per_seq_and_not_mailed_while_at_the_table(
    players: list[User], push_service: PushService, django_capture_on_commit_callbacks: Any
) -> None:
    anna, ben, _ = players
    match = factories.two_player_match("schnapsen", anna, ben)
    opt_in(anna, Kind.YOUR_TURN, email=True)
    browser = Browser.new()
    subscribe(anna, browser)
    deadline = dt.datetime(2026, 5, 3, 18, 30, tzinfo=dt.UTC)

    def due(seq: int) -> None:
        with django_capture_on_commit_callbacks(execute=True):
            turn_due.send(sender=None, match_id=match.pk, seq=seq, seat=0, user_id=anna.pk, deadline=deadline)

    due(4)
    due(4)  # sent twice: one notification
    [first] = Notification.objects.filter(user=anna, kind=Kind.YOUR_TURN)
    assert first.url == f"/matches/{match.pk}/" and first.params["deadline"] == deadline.isoformat()
    assert "Du bist am Zug an Tisch" in selectors.notification_row(first)["text"]
    assert len(mail.outbox) == 1 and len(push_service.to(browser)) == 1
    assert push_service.to(browser)[0]["tag"] == f"turn-{match.pk}"
    assert push_service.sent[0][2]["Topic"] == f"turn-{match.pk}"

    # at the table (a socket of hers open at the seat): the bell only
    Seat.objects.filter(match=match, user=anna).update(connections=1)
    due(8)
    assert len(mail.outbox) == 1 and len(push_service.to(browser)) == 1
    first.refresh_from_db()
    assert first.read_at is not None  # superseded by the newer turn
    assert selectors.unread_count(anna.pk) == 1

    # a guest's seat, or a table that does not exist: nothing
    turn_due.send(sender=None, match_id=match.pk, seq=9, seat=1, user_id=None, deadline=deadline)
    turn_due.send(sender=None, match_id=10**9, seq=1, seat=0, user_id=anna.pk, deadline=deadline)
    assert Notification.objects.count() == 2


def test_the_runner_starts_the_delivery_by_ai_runner(
    players: list[User], settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[Any] = []
    monkeypatch.setattr(
        "celery.canvas.Signature.apply_async", lambda self, *a, **k: started.append((self.task, self.args))
    )
    settings.AI_RUNNER = "celery"
    dispatch.delivery_start(list(range(1, 450)))
    assert [name for name, _ in started] == ["notifications.tasks.deliver"] * 3
    assert [len(args[0]) for _, args in started] == [200, 200, 49]


def test_the_task_retries_the_mails_that_failed(players: list[User], monkeypatch: pytest.MonkeyPatch) -> None:
    from notifications import tasks

    monkeypatch.setattr(tasks, "notifications_deliver", lambda ids: [ids[0]])
    retried: list[Any] = []

    def retry(**kwargs: Any) -> Exception:
        retried.append(kwargs)
        return RuntimeError("retry")

    monkeypatch.setattr(tasks.deliver, "retry", retry)
    with pytest.raises(RuntimeError):
        tasks.deliver.run([5, 6])
    assert retried == [{"args": ([5],), "countdown": 60}]


def test_the_channel_choices_refuse_unknown_kinds_channels_and_values(players: list[User]) -> None:
    anna = players[0]
    before = selectors.preferences(anna.pk)
    for bad, error in (
        ({"no_such_kind": {"site": False}}, services.UnknownKind),
        ({"friend_request": {"pigeon": True}}, services.UnknownChannel),
        ({"challenge_result": {"email": True}}, services.UnknownChannel),  # never sent by e-mail
        ({"friend_request": {"site": "no"}}, services.BadRequest),
        ({"friend_request": {"site": False}, "table_invitation": []}, services.BadRequest),
        ([], services.BadRequest),
        ({}, services.BadRequest),
    ):
        with pytest.raises(error):
            services.preferences_set(user=anna, choices=bad)
    assert selectors.preferences(anna.pk) == before
    after = services.preferences_set(user=anna, choices={Kind.YOUR_TURN: {Channel.EMAIL: True}})
    assert after[Kind.YOUR_TURN] == {"site": True, "email": True, "push": True}


def test_logging_out_ends_the_subscriptions_of_that_session(players: list[User], vapid: Any) -> None:
    anna = players[0]
    client = Client()
    client.force_login(anna)
    browser = Browser.new()
    made = client.post(
        reverse("api-notifications-push"), browser.subscription(), content_type="application/json"
    )
    assert made.status_code == 201, made.content
    other = subscribe(anna, Browser.new())  # another device of hers
    client.post(reverse("logout"))
    assert list(PushSubscription.objects.values_list("pk", flat=True)) == [other.pk]
