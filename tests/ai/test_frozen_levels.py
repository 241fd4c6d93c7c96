"""A level's play is frozen (games/ai/revisions.py): every level plays to the fingerprint games/ai/levels.json
holds for its revision, in the compiled core and in the pure-Python reference alike."""

from __future__ import annotations

import json

import pytest

from bench.fingerprint import GAMES, fingerprint, frozen_levels, write_levels
from games.ai import revisions


@pytest.mark.parametrize(("game", "level"), frozen_levels())
def test_every_level_plays_to_the_fingerprint_of_its_revision(game: str, level: str) -> None:
    held = revisions.frozen().get(game, {}).get(level)
    assert held is not None, f"{game} {level} is not in games/ai/levels.json: bench fingerprint --write"
    digest, taken, _ = fingerprint(game, level, revisions.FINGERPRINT_SEEDS, revisions.FINGERPRINT_DECISIONS)
    assert taken == revisions.FINGERPRINT_SEEDS * revisions.FINGERPRINT_DECISIONS
    assert digest == held["fingerprint"], (
        f"{game} {level} no longer plays as its revision {held['revision']} did: a changed level is a new "
        "revision. Raise it in games/ai/levels.json, measure the level again (python -m bench ai_strength, "
        "python -m bench ladder) and write the fingerprints (python -m bench fingerprint --write)."
    )


def test_levels_json_holds_only_levels_that_exist() -> None:
    listed = {(game, level) for game, levels in revisions.frozen().items() for level in levels}
    assert listed == set(frozen_levels())
    assert {game for game, _ in listed} == set(GAMES)


def test_a_level_that_reads_the_deals_memory_plays_differently_without_it(monkeypatch) -> None:
    """The fingerprint sees the memory: Schnapsen's Dora from her view alone (as revision 1 played)
    leaves another fingerprint than her revision 2."""
    import bench.fingerprint as module

    with_memory = fingerprint("schnapsen", "dora", 1, 40)[0]
    monkeypatch.setattr(module, "InformedPlayer", type("NoOne", (), {}))  # every seat reads its view alone
    assert fingerprint("schnapsen", "dora", 1, 40)[0] != with_memory


@pytest.mark.parametrize(
    ("name", "expected"), [("dora", ("dora", 1)), ("dora.2", ("dora", 2)), ("carla.13", ("carla", 13))]
)
def test_a_revision_is_named_after_its_level(name: str, expected: tuple[str, int]) -> None:
    assert revisions.level_of(name) == expected
    assert revisions.label(*expected) == name


def test_the_current_revision_of_schnapsens_search_levels_is_the_one_with_the_memory() -> None:
    assert revisions.current_label("schnapsen", "dora") == "dora.2"
    assert revisions.current_label("schnapsen", "anton") == "anton"
    assert revisions.revision("schnapsen", "no-such-level") == 1


@pytest.mark.django_db
def test_a_seat_keeps_the_revision_it_was_given_and_its_records_name_it() -> None:
    from games.catalog.ai_words import version_name
    from games.models import Seat
    from games.results.seat_records import seat_records
    from games.services.matches import SeatSpec, match_create
    from tests import factories

    anna = factories.user("anna")
    match = match_create(
        game="schnapsen",
        creator=factories.actor(anna),
        seats=[SeatSpec(), SeatSpec("ai")],
        ai_version="dora",
    )
    ai = match.seats.get(index=1)
    assert (ai.ai_version, ai.ai_revision) == ("dora", 2)
    assert seat_records(match)[0].opponent_ai_versions == ["dora.2"]
    # a seat given the first revision (before the memory) keeps that name, whatever plays now
    Seat.objects.filter(pk=ai.pk).update(ai_revision=1)
    assert seat_records(match)[0].opponent_ai_versions == ["dora"]
    names = (version_name("dora.2"), version_name("dora"), version_name("anton"))
    assert names == ("Dora 2", "Dora", "Anton")


def test_a_figure_counts_for_the_revisions_it_was_measured_on_and_against(tmp_path, monkeypatch) -> None:
    """strength.json: a figure of another revision of the level, or measured against another revision
    of Anton, is not this level's figure (the site says "not measured yet" instead)."""
    import json

    from games.catalog import ai_strength

    reference = {"version": "anton", "mean": 50}
    entry = {"rules_version": "1", "unit": "bummerl_win_percent", "reference": reference}
    figure = {"mean": 61.0, "low": 55.0, "high": 67.0, "pairs": 10}
    cases = [
        ({"ai_version": "dora.2"}, 61.0),  # the current revision, against Anton's first (the default)
        ({"ai_version": "dora.2", "against": "anton"}, 61.0),
        ({"ai_version": "dora"}, None),  # Dora before the memory
        ({"ai_version": "dora.2", "against": "anton.2"}, None),  # against an Anton that is not this one
    ]
    for stamp, shown in cases:
        for name in ("MEASURED", "INTERVALS", "UNITS", "MEASURED_ON"):
            monkeypatch.setattr(ai_strength, name, {})
        path = tmp_path / "strength.json"
        path.write_text(json.dumps({"schnapsen": {**entry, "versions": {"dora": {**figure, **stamp}}}}))
        ai_strength.load_figures(path)
        assert ai_strength.ai_strength("schnapsen").get("dora") == shown, stamp


def test_writing_one_levels_fingerprint_keeps_the_others_lines(monkeypatch, tmp_path, capsys) -> None:
    """`bench fingerprint --write --game G --level L` recomputes only L of G: the other levels keep their
    stored lines, and L keeps its revision (a stale fingerprint under it is said, then replaced)."""
    stored = revisions.frozen()
    stored["schnapsen"]["lena"] = {"revision": 3, "fingerprint": "stale"}
    stored["preferans"]["lena"] = {"revision": 1, "fingerprint": "kept as it was"}
    path = tmp_path / "levels.json"
    path.write_text(json.dumps(stored))
    monkeypatch.setattr(revisions, "LEVELS_FILE", path)
    write_levels(["schnapsen"], ["lena"])
    written = json.loads(path.read_text())
    assert written["schnapsen"]["lena"]["revision"] == 3
    assert written["schnapsen"]["lena"]["fingerprint"] != "stale"
    assert written["preferans"]["lena"] == {"revision": 1, "fingerprint": "kept as it was"}
    del written["schnapsen"]["lena"], stored["schnapsen"]["lena"]
    assert written == stored
    assert "schnapsen lena: plays otherwise than stored for revision 3" in capsys.readouterr().out
