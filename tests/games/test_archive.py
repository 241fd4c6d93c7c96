"""The backup and restore drill on the embedded default: export every match as its event log, restore
into an emptied database (creating the accounts only when asked), and get back the same matches and,
rebuilt, the same projections; an import is repeatable; a tampered deal, a log that does not replay
and a wrong status are refused by name, and a file with a refused line imports nothing."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from accounts.models import User
from games.live import state_cache
from games.models import Match, MatchEvent, MatchStatus
from games.store.archive import archive_key
from tests import factories
from tests.games.projection_mix import duel_table, match_states, play, play_mix, snapshot

pytestmark = pytest.mark.django_db(transaction=True)


def empty_database() -> None:
    """A fresh database: every table emptied (the restore of a lost server starts from migrations)."""
    call_command("flush", interactive=False, verbosity=0)
    state_cache.clear()


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_export_then_import_into_an_empty_database_restores_matches_and_projections(duel, tmp_path) -> None:
    mix = play_mix(duel)
    live, states = snapshot(), match_states()
    finished = tmp_path / "finished.jsonl"
    everything = tmp_path / "all.jsonl"
    call_command("export_matches", str(finished), verbosity=0)
    call_command("export_matches", str(everything), "--all", verbosity=0)
    header, *records = lines(everything)
    assert header["format"] == "kartentisch-matches" and len(records) == len(mix.matches)
    assert len(lines(finished)) - 1 == sum(
        1 for m in mix.matches.values() if m.status == MatchStatus.FINISHED
    )
    keys = {name: archive_key(m) for name, m in mix.matches.items()}
    assert {r["key"] for r in records} == set(keys.values())

    empty_database()
    assert not Match.objects.exists() and not User.objects.exists()
    with pytest.raises(CommandError, match="no account 'anna' here") as refused:
        call_command("import_matches", str(everything), verbosity=0)
    assert f"{len(records)} line(s) refused" in str(refused.value)
    assert not Match.objects.exists() and not User.objects.exists()  # nothing, not even some accounts
    out = StringIO()
    call_command("import_matches", str(everything), "--create-users", stdout=out)
    assert f"imported {len(records)}, already present 0, refused 0" in out.getvalue()
    assert "created 4 account(s) without a usable password" in out.getvalue()
    assert out.getvalue().count("anna") == 1  # listed once, however many matches name her

    assert match_states() == states  # every log, status and replayed result, the abandoned one too
    assert snapshot() == {
        **live,
        "board": [(*row[:-1], False) for row in live["board"]],
    }  # hiding is no event
    anna = User.objects.get(username="anna")
    assert anna.display_name == "Anna" and not anna.has_usable_password()
    restored = Match.objects.get(pk=Match.objects.order_by("pk").values_list("pk", flat=True)[0])
    assert restored.version == MatchEvent.objects.filter(match=restored).count()
    guest = next(m for m in Match.objects.all() if archive_key(m) == keys["guest"])
    assert guest.seats.get(index=1).display_name == "Gast Gerd" and not guest.seats.get(index=1).is_free
    call_command("verify_match", str(guest.pk), verbosity=0)

    count = Match.objects.count()
    out = StringIO()
    call_command("import_matches", str(everything), stdout=out)  # again: every match is present
    assert Match.objects.count() == count and match_states() == states
    assert f"imported 0, already present {count}" in out.getvalue() and "created no account" in out.getvalue()


def tampered(path: Path, out: Path, change: Any) -> Path:
    header, *records = lines(path)
    change(records)
    out.write_text("\n".join(json.dumps(r) for r in [header, *records]) + "\n")
    return out


def test_a_tampered_deal_refuses_the_file_with_its_reason_and_imports_nothing(duel, tmp_path) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    a, b = factories.actor(anna), factories.actor(ben)
    for seed in (1, 2):
        play(duel_table(duel, a, b), {0: a, 1: b}, seed)
    export = tmp_path / "export.jsonl"
    call_command("export_matches", str(export), verbosity=0)

    def one_card_changed(records: list[dict[str, Any]]) -> None:
        deal = next(e for e in records[0]["events"] if e["type"] == "deal")
        deck = deal["data"]["deck"]
        deck[0], deck[-1] = deck[-1], deck[0]

    bad = tampered(export, tmp_path / "bad.jsonl", one_card_changed)
    bad_key = lines(bad)[1]["key"]
    empty_database()
    with pytest.raises(CommandError) as refused:
        call_command("import_matches", str(bad), "--create-users", verbosity=0)
    message = str(refused.value)
    assert "nothing imported: 1 line(s) refused" in message
    assert f"line 2, match {bad_key}: its deals do not follow from its seed" in message
    assert "event 2 (deal) differs from the one the seed gives" in message
    # The good line is not imported either: a file is imported whole or not at all.
    assert not Match.objects.exists() and not MatchEvent.objects.exists() and not User.objects.exists()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda r: r["events"].pop(), "gaps or does not end at the match's version"),
        (lambda r: r["match"].update(status="abandoned"), "the log ends but the match is abandoned"),
        (lambda r: r["match"].update(seed="00" * 32), "the seed does not match the published commitment"),
        (lambda r: r["events"][-1]["data"].update(card="XX"), "does not replay"),
    ],
)
def test_a_record_that_does_not_fit_is_refused(duel, tmp_path, change, reason) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    a, b = factories.actor(anna), factories.actor(ben)
    play(duel_table(duel, a, b), {0: a, 1: b})
    export = tmp_path / "export.jsonl"
    call_command("export_matches", str(export), verbosity=0)
    bad = tampered(export, tmp_path / "bad.jsonl", lambda records: change(records[0]))
    empty_database()
    with pytest.raises(CommandError, match="refused") as refused:
        call_command("import_matches", str(bad), "--create-users", verbosity=0)
    assert reason in str(refused.value)
    assert not Match.objects.exists() and not MatchEvent.objects.exists()


def test_a_file_that_is_not_an_export_imports_nothing(tmp_path) -> None:
    other = tmp_path / "other.jsonl"
    other.write_text('{"format": "something else"}\n')
    with pytest.raises(CommandError, match="nothing imported: not a match export"):
        call_command("import_matches", str(other), verbosity=0)
