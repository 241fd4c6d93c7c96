"""The chat's services and selectors: who speaks to whom, the table's rules, bad input that changes
nothing, the rate, mutes (and blocks) and reports with their conversation."""

from __future__ import annotations

from typing import Any

import pytest

from chat import selectors, services
from chat.models import ChatMessage, ChatMute, ChatReport
from chat.phrases import PHRASES
from friends.models import Block
from games.errors import GameError
from games.live.actors import Actor
from games.live.talk import speaker_key
from games.models import Match, MatchEvent, MatchStatus
from games.services.matches import SeatSpec, match_create
from tests import factories
from tests.chat.conftest import Table, actor, guest, three_seats

pytestmark = pytest.mark.django_db


def refused(code: str, **kwargs: Any) -> None:
    """chat_post with these arguments is refused with `code`, and nothing is stored."""
    before = ChatMessage.objects.count()
    with pytest.raises(GameError) as caught:
        services.chat_post(**kwargs)
    assert caught.value.code == code, caught.value.message
    assert ChatMessage.objects.count() == before


def test_a_player_speaks_to_the_players_and_a_spectator_to_the_spectators(table: Table) -> None:
    said = services.chat_post(match_id=table.match.pk, actor=actor(table.anna), text="  Servus,\n Ben!  ")
    assert (said.audience, said.seat, said.author_name, said.text) == ("players", 0, "Anna", "Servus, Ben!")
    assert said.author_key == f"u{table.anna.pk}"
    watched = services.chat_post(match_id=table.match.pk, actor=actor(table.zoe), phrase="good_luck")
    assert (watched.audience, watched.seat, watched.author_name) == ("spectators", None, "Zoe")
    shown = selectors.message_json(watched)
    assert shown["phrase"] == "good_luck" and shown["text"] == "Good luck!" and shown["from"] == "Zoe"
    assert set(shown) == {"t", "id", "from", "seat", "text", "phrase", "at"}
    # Chat is kept with the match for staff, never in its event log.
    assert MatchEvent.objects.filter(match=table.match).count() == table.match.version


def test_the_words_are_kept_as_text_without_controls_and_overrides(table: Table) -> None:
    words = "<b>hi</b> \u202eevil\u202c & \x07bell"
    said = services.chat_post(match_id=table.match.pk, actor=actor(table.anna), text=words)
    assert said.text == "<b>hi</b> evil & bell"  # escaping is the reader's (textContent, the admin)


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"text": "x" * 301}, "text_too_long"),
        ({"text": ""}, "empty_text"),
        ({"text": " \n\t\u200b "}, "empty_text"),
        ({"text": "a\ud800b"}, "bad_message"),
        ({}, "bad_message"),
        ({"text": "hi", "phrase": "thanks"}, "bad_message"),
        ({"phrase": "signal_hearts"}, "unknown_phrase"),
        ({"phrase": ""}, "unknown_phrase"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(table: Table, kwargs: dict[str, Any], code: str) -> None:
    refused(code, match_id=table.match.pk, actor=actor(table.anna), **kwargs)


def test_three_hundred_characters_are_fine(table: Table) -> None:
    said = services.chat_post(match_id=table.match.pk, actor=actor(table.anna), text="é" * 300)
    assert len(said.text) == 300


def test_the_chat_of_a_finished_or_abandoned_table_is_closed(table: Table) -> None:
    services.chat_post(match_id=table.match.pk, actor=actor(table.anna), phrase="good_game")
    for status in (MatchStatus.FINISHED, MatchStatus.ABANDONED):
        Match.objects.filter(pk=table.match.pk).update(status=status)
        for who in (table.anna, table.zoe):
            refused("match_over", match_id=table.match.pk, actor=actor(who), phrase="thanks")
        history = selectors.chat_history(match_id=table.match.pk, actor=actor(table.ben))
        assert history["open"] is False and [m["phrase"] for m in history["messages"]] == ["good_game"]


def test_players_waiting_at_an_open_table_may_chat() -> None:
    anna = factories.user("anna")
    match = match_create(game="schnapsen", creator=actor(anna), seats=[SeatSpec(), SeatSpec()])
    assert match.status == MatchStatus.OPEN
    assert services.chat_post(match_id=match.pk, actor=actor(anna), text="Wer spielt mit?").seat == 0


def test_unknown_table_and_anonymous_visitors_are_refused(table: Table) -> None:
    refused("not_found", match_id=10**9, actor=actor(table.anna), text="hi")
    refused("not_authenticated", match_id=table.match.pk, actor=Actor(), text="hi")


def test_a_guest_spectator_speaks_under_its_session_name(table: Table) -> None:
    said = services.chat_post(match_id=table.match.pk, actor=guest(), text="Hallo")
    assert (said.audience, said.author_name, said.author_user_id) == ("spectators", "Gustl", None)
    assert said.author_key.startswith("g") and "g" * 32 not in said.author_key  # never the token itself


def test_a_ranked_table_of_three_allows_the_players_only_the_quick_phrases() -> None:
    match, (anna, _, _) = three_seats(ranked=True)
    refused("phrases_only", match_id=match.pk, actor=actor(anna), text="I have the ace")
    assert services.chat_post(match_id=match.pk, actor=actor(anna), phrase="good_luck").phrase == "good_luck"
    zoe = factories.user("zoe")  # spectators talk among themselves, in words
    assert services.chat_post(match_id=match.pk, actor=actor(zoe), text="Spannend!").audience == "spectators"
    players = selectors.chat_history(match_id=match.pk, actor=actor(anna))
    assert players["phrases_only"] is True and players["phrases"] == list(PHRASES)
    assert selectors.chat_history(match_id=match.pk, actor=actor(zoe))["phrases_only"] is False


def test_unranked_tables_of_three_and_ranked_tables_of_two_allow_words(table: Table) -> None:
    match, (anna, _, _) = three_seats(ranked=False, private=True)
    assert services.chat_post(match_id=match.pk, actor=actor(anna), text="Viel Glück").text
    Match.objects.filter(pk=table.match.pk).update(ranked=True)
    assert services.chat_post(match_id=table.match.pk, actor=actor(table.anna), text="Servus").text


def test_a_table_of_a_shared_deal_event_allows_only_the_quick_phrases(table: Table) -> None:
    Match.objects.filter(pk=table.match.pk).update(deal_event="c0ffee", ranked=True)
    refused("phrases_only", match_id=table.match.pk, actor=actor(table.anna), text="hi")
    assert services.chat_post(match_id=table.match.pk, actor=actor(table.anna), phrase="hello").pk


def test_an_embargoed_table_is_its_players_alone_and_switched_off_spectators_hear_nothing(
    table: Table,
) -> None:
    Match.objects.filter(pk=table.match.pk).update(embargoed=True, deal_event="c0ffee")
    refused("embargoed", match_id=table.match.pk, actor=actor(table.zoe), phrase="hello")
    with pytest.raises(GameError, match="only its own players"):
        selectors.chat_history(match_id=table.match.pk, actor=actor(table.zoe))
    Match.objects.filter(pk=table.match.pk).update(embargoed=False, deal_event="", spectators_allowed=False)
    refused("forbidden", match_id=table.match.pk, actor=actor(table.zoe), phrase="hello")


def test_the_rate_is_limited_per_speaker_across_tables(table: Table, settings: Any) -> None:
    settings.CHAT_MESSAGES = 3
    other = factories.two_player_match("schnapsen", table.anna, table.zoe)
    for match in (table.match, table.match, other):
        services.chat_post(match_id=match.pk, actor=actor(table.anna), phrase="hello")
    refused("throttled", match_id=table.match.pk, actor=actor(table.anna), phrase="hello")
    assert services.chat_post(match_id=table.match.pk, actor=actor(table.ben), phrase="hello").pk  # Ben's own


def test_each_audience_reads_its_own_history_without_muted_speakers(table: Table) -> None:
    m = table.match.pk
    services.chat_post(match_id=m, actor=actor(table.anna), text="players 1")
    services.chat_post(match_id=m, actor=actor(table.zoe), text="spectators 1")
    services.chat_post(match_id=m, actor=actor(table.ben), text="players 2")
    services.chat_post(match_id=m, actor=guest(), text="spectators 2")
    anna = selectors.chat_history(match_id=m, actor=actor(table.anna))
    assert [(x["text"], x.get("mine", False)) for x in anna["messages"]] == [
        ("players 1", True),
        ("players 2", False),
    ]
    assert anna["audience"] == "players" and anna["can_write"] and anna["open"]
    zoe = selectors.chat_history(match_id=m, actor=actor(table.zoe))
    assert [x["text"] for x in zoe["messages"]] == ["spectators 1", "spectators 2"]
    anonymous = selectors.chat_history(match_id=m, actor=Actor())
    assert anonymous["can_write"] is False and len(anonymous["messages"]) == 2
    services.chat_mute(actor=actor(table.zoe), message_id=zoe["messages"][1]["id"])
    assert [x["text"] for x in selectors.chat_history(match_id=m, actor=actor(table.zoe))["messages"]] == [
        "spectators 1"
    ]


def test_the_history_is_the_last_fifty(table: Table, settings: Any) -> None:
    settings.CHAT_MESSAGES = 0  # no limit
    for i in range(55):
        services.chat_post(match_id=table.match.pk, actor=actor(table.anna), text=f"m{i}")
    shown = selectors.chat_history(match_id=table.match.pk, actor=actor(table.ben))["messages"]
    assert [x["text"] for x in shown] == [f"m{i}" for i in range(5, 55)]


def test_a_mute_holds_at_every_table_and_a_block_mutes_both_ways(table: Table) -> None:
    said = services.chat_post(match_id=table.match.pk, actor=actor(table.ben), text="grr")
    mute, made = services.chat_mute(actor=actor(table.anna), message_id=said.pk)
    assert made and mute.muted_name == "Ben" and mute.match_id == table.match.pk
    again, made_again = services.chat_mute(actor=actor(table.anna), message_id=said.pk)
    assert again.pk == mute.pk and not made_again
    assert selectors.muted_keys(actor(table.anna)) == {f"u{table.ben.pk}"}
    assert selectors.muted_keys(actor(table.ben)) == frozenset()
    Block.objects.create(blocker=table.zoe, blocked=table.ben)
    assert selectors.muted_keys(actor(table.ben)) == {f"u{table.zoe.pk}"}
    assert selectors.muted_keys(actor(table.zoe)) == {f"u{table.ben.pk}"}
    services.chat_unmute(actor=actor(table.anna), mute_id=mute.pk)
    assert selectors.muted_keys(actor(table.anna)) == frozenset()


def test_a_guest_mutes_by_its_session(table: Table) -> None:
    said = services.chat_post(match_id=table.match.pk, actor=actor(table.zoe), text="hi")
    services.chat_mute(actor=guest(), message_id=said.pk)
    assert selectors.muted_keys(guest()) == {f"u{table.zoe.pk}"}
    assert selectors.muted_keys(guest("h" * 32)) == frozenset()  # another browser session


@pytest.mark.parametrize("how", ["own", "other audience", "unknown", "anonymous", "embargoed"])
def test_a_mute_of_a_message_one_cannot_see_is_refused(table: Table, how: str) -> None:
    said = services.chat_post(match_id=table.match.pk, actor=actor(table.anna), text="hi")
    who, message_id, code = {
        "own": (actor(table.anna), said.pk, "own_message"),
        "other audience": (actor(table.zoe), said.pk, "not_found"),  # a spectator, a players' message
        "unknown": (actor(table.ben), said.pk + 100, "not_found"),
        "anonymous": (Actor(), said.pk, "not_authenticated"),
        "embargoed": (actor(table.zoe), said.pk, "not_found"),
    }[how]
    if how == "embargoed":
        Match.objects.filter(pk=table.match.pk).update(embargoed=True)
    with pytest.raises(GameError) as caught:
        services.chat_mute(actor=who, message_id=message_id)
    assert caught.value.code == code
    assert not ChatMute.objects.exists()


def test_a_report_keeps_the_conversation_the_reporter_could_see(table: Table) -> None:
    m = table.match.pk
    first = services.chat_post(match_id=m, actor=actor(table.anna), phrase="good_luck")
    services.chat_post(match_id=m, actor=actor(table.zoe), text="spectators are not in it")
    bad = services.chat_post(match_id=m, actor=actor(table.anna), text="something rude")
    later = services.chat_post(match_id=m, actor=actor(table.ben), text="please stop")
    report, made = services.chat_report(
        match_id=m, actor=actor(table.ben), message_id=bad.pk, reason=" rude\x00 "
    )
    assert made and report.reason == "rude" and report.reporter_name == "Ben"
    assert [line["id"] for line in report.conversation] == [first.pk, bad.pk, later.pk]
    assert report.conversation[1]["author"] == f"u{table.anna.pk}"
    assert report.conversation[1]["text"] == "something rude"
    # Finished matches can still be reported (the chat is closed, not forgotten); a second report is a no-op.
    Match.objects.filter(pk=m).update(status=MatchStatus.FINISHED)
    again, made_again = services.chat_report(match_id=m, actor=actor(table.ben), message_id=bad.pk)
    assert again.pk == report.pk and not made_again
    assert ChatReport.objects.count() == 1


@pytest.mark.parametrize("how", ["own", "other audience", "other match", "anonymous"])
def test_a_report_of_a_message_one_cannot_see_is_refused(table: Table, how: str) -> None:
    said = services.chat_post(match_id=table.match.pk, actor=actor(table.anna), text="hi")
    other = factories.two_player_match("schnapsen", table.ben, table.zoe)
    who, match_id, code = {
        "own": (actor(table.anna), table.match.pk, "own_message"),
        "other audience": (actor(table.zoe), table.match.pk, "not_found"),
        "other match": (actor(table.ben), other.pk, "not_found"),
        "anonymous": (Actor(), table.match.pk, "not_authenticated"),
    }[how]
    with pytest.raises(GameError) as caught:
        services.chat_report(match_id=match_id, actor=who, message_id=said.pk)
    assert caught.value.code == code
    assert not ChatReport.objects.exists()


def test_the_words_go_to_the_table_only_after_the_commit(
    table: Table, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(services, "talk_send", lambda match_id, **kw: sent.append({"match": match_id, **kw}))
    with django_capture_on_commit_callbacks(execute=True):
        said = services.chat_post(match_id=table.match.pk, actor=actor(table.anna), phrase="thanks")
        assert sent == []
    assert sent == [
        {
            "match": table.match.pk,
            "audience": "players",
            "speaker": speaker_key(actor(table.anna)),
            "message": selectors.message_json(said),
        }
    ]
