"""The chat over the match socket: players hear players and spectators spectators, every refusal is an
error for that socket alone and stores nothing, a muted speaker does not reach the muter, history on
asking."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings

from chat import services
from chat.models import ChatMessage
from games.models import Match, MatchEvent, MatchStatus
from tests import factories
from tests.chat.conftest import Table, actor, three_seats
from tests.games.test_consumers import connect, receive
from tests.test_helpers_play import play_to_end

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def opened(match_id: int, user: Any = None, **session: Any) -> WebsocketCommunicator:
    comm, connected = await connect(match_id, user, **session)
    assert connected
    assert (await receive(comm))["t"] == "state"
    return comm


async def stored() -> int:
    return await sync_to_async(ChatMessage.objects.count)()


async def test_players_hear_the_players_and_spectators_the_spectators(table: Table) -> None:
    m = table.match.pk
    anna, ben = await opened(m, table.anna), await opened(m, table.ben)
    zoe, anonymous = await opened(m, table.zoe), await opened(m)
    await anna.send_json_to({"t": "chat", "text": "Servus <b>Ben</b>"})
    mine, heard = await receive(anna), await receive(ben)
    assert mine == {**heard, "mine": True}
    assert heard["t"] == "chat" and heard["from"] == "Anna" and heard["seat"] == 0
    assert heard["text"] == "Servus <b>Ben</b>" and isinstance(heard["id"], int) and heard["at"]
    assert await zoe.receive_nothing(timeout=0.2) and await anonymous.receive_nothing(timeout=0.05)

    await zoe.send_json_to({"t": "chat", "phrase": "good_luck"})
    assert (await receive(zoe))["mine"] is True
    watched = await receive(anonymous)
    assert (watched["from"], watched["seat"], watched["phrase"]) == ("Zoe", None, "good_luck")
    assert await anna.receive_nothing(timeout=0.2) and await ben.receive_nothing(timeout=0.05)
    for comm in (anna, ben, zoe, anonymous):
        await comm.disconnect()


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"t": "chat", "text": "x" * 301}, "text_too_long"),
        ({"t": "chat", "text": "   "}, "empty_text"),
        ({"t": "chat", "text": 42}, "bad_message"),
        ({"t": "chat", "text": ["hi"]}, "bad_message"),
        ({"t": "chat", "phrase": None, "text": None}, "bad_message"),
        ({"t": "chat"}, "bad_message"),
        ({"t": "chat", "text": "hi", "to": 1}, "bad_message"),
        ({"t": "chat", "phrase": "hearts_please"}, "unknown_phrase"),
        ({"t": "chat_history", "all": True}, "bad_message"),
        ({"t": {"chat": 1}, "text": "hi"}, "bad_message"),  # a type that is no string
    ],
)
async def test_bad_chat_messages_get_an_error_and_change_nothing(
    table: Table, message: dict[str, Any], code: str
) -> None:
    anna, ben = await opened(table.match.pk, table.anna), await opened(table.match.pk, table.ben)
    await anna.send_json_to(message)
    reply = await receive(anna)
    assert reply["t"] == "error" and reply["code"] == code and reply["seq"] == 2, reply
    assert await ben.receive_nothing(timeout=0.2)
    await anna.send_json_to({"t": "ping"})
    assert (await receive(anna))["t"] == "pong"  # the socket stays open
    assert await stored() == 0
    await anna.disconnect()
    await ben.disconnect()


async def test_an_anonymous_spectator_listens_but_cannot_speak(table: Table) -> None:
    anonymous = await opened(table.match.pk)
    await anonymous.send_json_to({"t": "chat", "phrase": "hello"})
    assert (await receive(anonymous))["code"] == "not_authenticated"
    guest = await opened(table.match.pk, guest_token="t" * 32, guest_name="Gustl")
    await guest.send_json_to({"t": "chat", "phrase": "hello"})
    assert (await receive(guest))["from"] == "Gustl" and (await receive(anonymous))["from"] == "Gustl"
    assert await stored() == 1
    await anonymous.disconnect()
    await guest.disconnect()


async def test_chat_at_a_finished_tableis_refused_and_its_history_stays(duel: str) -> None:
    anna, ben = [await sync_to_async(factories.user)(name) for name in ("anna", "ben")]
    match = await sync_to_async(factories.two_player_match)(duel, anna, ben)
    a = await opened(match.pk, anna)
    await a.send_json_to({"t": "chat", "phrase": "good_luck"})
    assert (await receive(a))["phrase"] == "good_luck"
    await sync_to_async(play_to_end)(match, {0: anna, 1: ben})
    assert (await sync_to_async(Match.objects.get)(pk=match.pk)).status == MatchStatus.FINISHED
    await a.send_json_to({"t": "chat_history"})
    while (reply := await receive(a))["t"] == "state":
        pass  # the pushes of the moves
    assert reply["t"] == "chat_history" and reply["open"] is False
    assert [x["phrase"] for x in reply["messages"]] == ["good_luck"]
    await a.send_json_to({"t": "chat", "phrase": "good_game"})
    assert (await receive(a))["code"] == "match_over"
    assert await stored() == 1
    await a.disconnect()


async def test_free_text_at_a_ranked_table_of_three_is_refused() -> None:
    match, (alma, bert, _) = await sync_to_async(three_seats)(ranked=True)
    a, b = await opened(match.pk, alma), await opened(match.pk, bert)
    await a.send_json_to({"t": "chat", "text": "Ich hab das Ass"})
    refused = await receive(a)
    assert (refused["t"], refused["code"]) == ("error", "phrases_only")
    assert await b.receive_nothing(timeout=0.2)
    await a.send_json_to({"t": "chat", "phrase": "well_played"})
    assert (await receive(b))["phrase"] == "well_played"
    assert (await receive(a))["mine"] is True
    await a.send_json_to({"t": "chat_history"})
    history = await receive(a)
    assert history["phrases_only"] is True and history["can_write"] is True
    await a.disconnect()
    await b.disconnect()


async def test_a_muted_speaker_does_not_reach_the_muter(table: Table) -> None:
    m = table.match.pk
    anna, ben = await opened(m, table.anna), await opened(m, table.ben)
    await ben.send_json_to({"t": "chat", "text": "first"})
    first = await receive(anna)
    await receive(ben)
    await sync_to_async(services.chat_mute)(actor=actor(table.anna), message_id=first["id"])
    await ben.send_json_to({"t": "chat", "text": "second"})
    assert (await receive(ben))["text"] == "second"
    assert await anna.receive_nothing(timeout=0.3)
    await anna.send_json_to({"t": "chat", "text": "still here"})  # the muted one still hears the muter
    assert (await receive(ben))["text"] == "still here"
    await receive(anna)
    await anna.send_json_to({"t": "chat_history"})
    assert [x["text"] for x in (await receive(anna))["messages"]] == ["still here"]
    await anna.disconnect()
    await ben.disconnect()


async def test_a_throttled_speaker_is_told_and_nothing_is_stored(table: Table, settings: Any) -> None:
    settings.CHAT_MESSAGES = 2
    anna = await opened(table.match.pk, table.anna)
    for _ in range(2):
        await anna.send_json_to({"t": "chat", "phrase": "hello"})
        assert (await receive(anna))["t"] == "chat"
    await anna.send_json_to({"t": "chat", "phrase": "hello"})
    assert (await receive(anna))["code"] == "throttled"
    assert await stored() == 2
    await anna.disconnect()


async def test_chat_is_never_in_the_event_log(table: Table) -> None:
    anna = await opened(table.match.pk, table.anna)
    await anna.send_json_to({"t": "chat", "text": "hi"})
    await receive(anna)
    assert await sync_to_async(MatchEvent.objects.filter(match=table.match).count)() == 2
    await anna.disconnect()


async def test_a_mute_made_at_another_table_holds_here_once_the_socket_reads_its_mutes_again(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.live import consumers

    m = table.match.pk
    anna, ben = await opened(m, table.anna), await opened(m, table.ben)
    await ben.send_json_to({"t": "chat", "text": "one"})
    assert (await receive(anna))["text"] == "one"  # anna's socket has read her mutes (none)
    await receive(ben)
    elsewhere = await sync_to_async(factories.two_player_match)("schnapsen", table.ben, table.anna)
    there = await sync_to_async(services.chat_post)(match_id=elsewhere.pk, actor=actor(table.ben), text="hm")
    mute, _ = await sync_to_async(services.chat_mute)(actor=actor(table.anna), message_id=there.pk)
    monkeypatch.setattr(consumers, "MUTES_MAX_AGE", 0.0)  # as if a minute had passed
    await ben.send_json_to({"t": "chat", "text": "two"})
    await receive(ben)
    assert await anna.receive_nothing(timeout=0.3)
    monkeypatch.setattr(consumers, "MUTES_MAX_AGE", 3600.0)
    await sync_to_async(services.chat_unmute)(actor=actor(table.anna), mute_id=mute.pk)
    await ben.send_json_to({"t": "chat", "text": "three"})  # not at once: the unmute was made elsewhere
    await receive(ben)
    assert await anna.receive_nothing(timeout=0.3)
    monkeypatch.setattr(consumers, "MUTES_MAX_AGE", 0.0)
    await ben.send_json_to({"t": "chat", "text": "four"})
    assert (await receive(anna))["text"] == "four"
    await anna.disconnect()
    await ben.disconnect()


@pytest.mark.skipif(not django_settings.REDIS_URL, reason="needs the Redis server (REDIS_URL), as in .ci/run")
async def test_chat_reaches_its_audience_through_redis_pub_sub(table: Table, settings: Any) -> None:
    """The deployment's layer: the words are published after the commit from the service's thread, and
    each socket still decides for itself (the spectator does not get the players' words)."""
    from channels.layers import channel_layers

    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [settings.REDIS_URL], "prefix": f"chat{id(table)}"},
        }
    }
    channel_layers.backends.clear()
    try:
        m = table.match.pk
        anna, ben, zoe = await opened(m, table.anna), await opened(m, table.ben), await opened(m, table.zoe)
        await anna.send_json_to({"t": "chat", "phrase": "good_luck"})
        assert (await receive(ben))["phrase"] == "good_luck" and (await receive(anna))["mine"] is True
        assert await zoe.receive_nothing(timeout=0.3)
        for comm in (anna, ben, zoe):
            await comm.disconnect()
    finally:
        channel_layers.backends.clear()
