"""The /friends/ page and its forms in de/en/ru; the lobby's table invitations; the nav and profile links."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from friends import services
from friends.models import Block, Friendship, TableInvitation
from games.models import Match
from games.services.matches import SeatSpec, match_create
from tests import factories

pytestmark = pytest.mark.django_db

WORDS = {
    "de": (
        "Freunde",
        "Meine Freunde",
        "Anfragen an dich",
        "Blockierte Spieler",
        "Einladungen an einen Tisch",
    ),
    "en": ("Friends", "My friends", "Requests to you", "Blocked players", "Invitations to a table"),
    "ru": ("Друзья", "Мои друзья", "Запросы вам", "Заблокированные игроки", "Приглашения за стол"),
}


def browser(user: User | None, lang: str = "en") -> Client:
    c = Client()
    c.cookies["django_language"] = lang
    if user is not None:
        c.force_login(user)
    return c


def full_page(players: list[User]) -> Match:
    """Anna has a friend (Ben, at a table of hers she invited him to), a request from Carl and a block."""
    anna, ben, carl = players
    dora = factories.user("dora")
    services.friend_request(user=ben, name="anna")
    services.friend_accept(user=anna, name="ben")
    services.friend_request(user=carl, name="anna")
    services.block(user=anna, name=dora.username)
    table = match_create(
        game="duel", creator=factories.actor(ben), seats=[SeatSpec(), SeatSpec()], options={"cards": 3}
    )
    services.table_invite(user=ben, name="anna", match_id=table.pk)
    return table


@pytest.mark.parametrize("lang", ["de", "en", "ru"])
def test_the_page_speaks_each_language(duel: str, players: list[User], lang: str) -> None:
    table = full_page(players)
    html = browser(players[0], lang).get("/friends/").content.decode()
    assert f'<html lang="{lang}">' in html
    for word in WORDS[lang]:
        assert word in html, word
    assert f'href="/matches/{table.pk}/"' in html and 'data-suggest="/api/leagues/players/"' in html
    home = browser(players[0], lang).get("/").content.decode()
    assert 'data-role="table-invitations"' in home and f'href="/matches/{table.pk}/"' in home
    assert 'href="/friends/"' in home  # the nav


def test_guests_are_sent_to_log_in() -> None:
    r = browser(None).get("/friends/")
    assert r.status_code == 302 and "/accounts/login/" in r["Location"]
    assert browser(None).post("/friends/ask/", {"username": "anna"}).status_code == 302
    assert 'href="/friends/"' not in browser(None).get("/").content.decode()


def test_the_forms_do_what_they_say(duel: str, players: list[User]) -> None:
    anna, ben, _ = players
    c = browser(anna)
    assert c.post("/friends/ask/", {"username": "ben"}).status_code == 302
    assert browser(ben).post("/friends/accept/", {"username": "anna"}).status_code == 302
    assert Friendship.objects.get(asker=anna).accepted_at is not None
    table = match_create(
        game="duel", creator=factories.actor(anna), seats=[SeatSpec(), SeatSpec()], options={"cards": 3}
    )
    page = c.get("/friends/").content.decode()
    assert f'<option value="{table.pk}">' in page
    assert c.post("/friends/invite/", {"username": "ben", "match": str(table.pk)}).status_code == 302
    invitation = TableInvitation.objects.get()
    assert browser(ben).post("/friends/dismiss/", {"invitation": str(invitation.pk)}).status_code == 302
    assert c.post("/friends/remove/", {"username": "ben"}).status_code == 302
    assert not Friendship.objects.exists()
    assert c.post("/friends/block/", {"username": "carl"}).status_code == 302
    assert c.post("/friends/unblock/", {"username": "carl"}).status_code == 302
    assert not Block.objects.exists() and not TableInvitation.objects.exists()


@pytest.mark.parametrize(
    ("action", "data", "status", "shown"),
    [
        ("ask", {"username": "anna"}, 400, "Du kannst nicht dein eigener Freund sein."),
        ("ask", {"username": "nobody"}, 404, "Diesen Spieler oder diese Anfrage gibt es nicht."),
        ("accept", {"username": "ben"}, 404, "Diesen Spieler oder diese Anfrage gibt es nicht."),
        ("invite", {"username": "ben", "match": "²"}, 400, "Das ist keine gültige Zahl."),
        ("invite", {"username": "ben", "match": "5"}, 403, "Nur Freunde können eingeladen werden."),
        ("nonsense", {}, 404, "Diesen Spieler oder diese Anfrage gibt es nicht."),
    ],
)
def test_refusals_show_on_the_page_and_change_nothing(
    players: list[User], action: str, data: dict[str, str], status: int, shown: str
) -> None:
    r = browser(players[0], "de").post(f"/friends/{action}/", data)
    assert r.status_code == status and shown in r.content.decode()
    assert not Friendship.objects.exists() and not Block.objects.exists()


def test_the_profile_offers_friendship_or_links_to_the_list(players: list[User]) -> None:
    anna = players[0]
    other = browser(anna).get("/accounts/players/ben/").content.decode()
    assert 'data-role="friends-link"' in other and 'value="ben"' in other
    assert 'data-state=""' in other
    services.friend_request(user=anna, name="ben")
    assert 'data-state="asked"' in browser(anna).get("/accounts/players/ben/").content.decode()
    incoming = browser(players[1], "ru").get("/accounts/players/anna/").content.decode()
    assert 'data-state="incoming"' in incoming and "Хочет дружить с вами" in incoming
    services.friend_accept(user=players[1], name="anna")
    assert 'data-state="friends"' in browser(anna).get("/accounts/players/ben/").content.decode()
    services.block(user=anna, name="ben")
    assert 'data-state="blocked"' in browser(anna).get("/accounts/players/ben/").content.decode()
    own = browser(anna).get("/accounts/players/anna/").content.decode()
    assert 'data-role="friends-link"' in own and "Add as a friend" not in own


def test_staff_see_friendships_blocks_and_invitations_in_the_admin(duel: str, players: list[User]) -> None:
    full_page(players)
    staff = User.objects.create_superuser("root", "root@example.org", "kartentisch-pw-1")
    c = browser(staff)
    for model, shown in (
        ("friendship", ("Ben", "Carl")),
        ("block", ("Dora",)),
        ("tableinvitation", ("Ben",)),
    ):
        r = c.get(f"/admin/friends/{model}/")
        table = r.content.decode().split('id="result_list"')[1]
        assert r.status_code == 200 and all(name in table for name in shown), model
    assert "Dora" not in c.get("/admin/friends/friendship/").content.decode().split('id="result_list"')[1]
