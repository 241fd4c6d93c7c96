"""What a player may pick as opponents (GET /api/games/ `ai_choices`): every game offers Anton as the
reference, measured versions carry their figure and interval, and the random test player is never
offered (the API keeps it in `ai_versions` for tests)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.catalog.ai_strength import ai_choices
from games.engine import get_rules

pytestmark = pytest.mark.django_db


def _games(client: Client) -> dict[str, dict]:
    return {g["game"]: g for g in client.get("/api/games/").json()["games"]}


def test_every_game_offers_a_choice_without_the_random_player(client: Client) -> None:
    games = _games(client)
    assert set(games) == {"preisjass", "schnapsen", "preferanzen", "preference_vienna", "preferans"}
    for name, game in games.items():
        versions = [c["version"] for c in game["ai_choices"]]
        assert versions[0] == "anton", name
        assert "random" not in versions and "random" in game["ai_versions"], name
        assert game["ai_choices"][0]["level"] == "reference"


def test_preferanzen_offers_the_search_levels(client: Client) -> None:
    for game in ("preferanzen", "preference_vienna"):
        choices = {c["version"]: c for c in _games(client)[game]["ai_choices"]}
        assert list(choices) == ["anton", "lena", "carla", "dora"]
        assert choices["anton"]["level"] == "reference"


def test_every_game_offers_the_beginner_after_anton_and_below_him(client: Client) -> None:
    """Anton stays the choice a select starts on; the beginner comes next, the levels then weakest
    first, and the beginner's own figure against Anton (measured by the bench) lies below his."""
    for name, game in _games(client).items():
        versions = [c["version"] for c in game["ai_choices"]]
        assert versions[:2] == ["anton", "lena"], name
        lena = game["ai_choices"][1]
        assert lena["name"] == "Lena" and lena["level"] == "weaker", name
        assert lena["high"] < lena["reference_mean"], name


def test_a_measured_version_carries_its_figure_interval_and_unit() -> None:
    import json

    from games.catalog.ai_strength import STRENGTH_FILE

    written = json.loads(STRENGTH_FILE.read_text())["preisjass"]["versions"]["bernd"]  # by the bench
    bernd = next(c for c in ai_choices("preisjass") if c.version == "bernd")
    assert (bernd.mean, bernd.low, bernd.high) == (written["mean"], written["low"], written["high"])
    assert bernd.level == "stronger" and bernd.low is not None and bernd.low > 39.25
    assert (bernd.unit, bernd.reference_mean) == ("points_per_game", 39.25)


def test_an_unmeasured_version_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        "games.catalog.ai_strength.available_versions", lambda game: ["anton", "carl", "random"]
    )
    levels = {c.version: c.level for c in ai_choices("schnapsen")}
    assert levels == {"anton": "reference", "carl": "unmeasured"}


def test_figures_come_from_the_file_the_bench_writes(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bench.ai_strength import write_figure
    from games.catalog import ai_strength

    for name in ("MEASURED", "INTERVALS", "UNITS", "MEASURED_ON"):
        monkeypatch.setattr(ai_strength, name, {})
    path = tmp_path / "strength.json"
    figure = {"mean": 61.26, "low": 55.0, "high": 67.5, "pairs": 10, "p95_cpu_ms": 300.0}
    write_figure("schnapsen", "dora", {**figure, "decisions_per_s": 5.0, "nodes_per_s": 1e5}, "report", path)
    ai_strength.load_figures(path)
    dora = next(c for c in ai_strength.ai_choices("schnapsen") if c.version == "dora")
    assert (dora.level, dora.mean, dora.low, dora.high) == ("stronger", 61.3, 55.0, 67.5)
    assert (dora.unit, dora.reference_mean) == ("bummerl_win_percent", 50.0)
    assert (dora.rules_version, dora.ai_version, dora.pairs) == (
        get_rules("schnapsen").rules_version,
        "dora.2",  # the revision it was measured on (games/ai/revisions.py)
        10,
    )


def test_a_rerun_counts_only_for_the_revision_it_checked(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from bench.ai_strength import write_figure
    from games.catalog import ai_strength

    for name in ("MEASURED", "INTERVALS", "UNITS", "MEASURED_ON"):
        monkeypatch.setattr(ai_strength, name, {})
    path = tmp_path / "strength.json"
    figure = {"mean": 61.0, "low": 55.0, "high": 67.0, "pairs": 10, "p95_cpu_ms": 300.0}
    figure |= {"decisions_per_s": 5.0, "nodes_per_s": 1e5}
    rerun = {"mean": 58.0, "low": 52.0, "high": 64.0, "pairs": 10, "seeds": "rerun 3000000..3000009"}
    entry: dict[str, Any] = {"rules_version": get_rules("schnapsen").rules_version}
    entry |= {"unit": "bummerl_win_percent", "reference": {"version": "anton", "mean": 50}}

    def stored(report_on: str, rerun_on: str | None) -> None:
        checked = rerun if rerun_on is None else {**rerun, "ai_version": rerun_on}
        old = {
            "mean": 60.0,
            "low": 54.0,
            "high": 66.0,
            "pairs": 10,
            "ai_version": report_on,
            "rerun": checked,
        }
        path.write_text(json.dumps({"schnapsen": {**entry, "versions": {"dora": old}}}))

    def dora() -> dict:
        return json.loads(path.read_text())["schnapsen"]["versions"]["dora"]

    # A new report (Schnapsen's Dora is at revision 2) keeps a rerun of its own revision only; an
    # unstamped rerun checked the report it was stored beside.
    for report_on, rerun_on, kept in (
        ("dora.2", None, True),
        ("dora", None, False),
        ("dora.2", "dora", False),
    ):
        stored(report_on, rerun_on)
        write_figure("schnapsen", "dora", figure, "report", path)
        assert (dora()["ai_version"], dora()["mean"], "rerun" in dora()) == ("dora.2", 61.0, kept)
    # A rerun names the revision it checked, and the site shows only a rerun of the figure's revision.
    write_figure("schnapsen", "dora", {**figure, "mean": 59.0}, "rerun", path)
    assert dora()["rerun"]["ai_version"] == "dora.2" and dora()["rerun"]["mean"] == 59.0
    ai_strength.load_figures(path)
    assert ai_strength.MEASURED_ON["schnapsen"]["dora"]["rerun"]["mean"] == 59.0
    stored("dora.2", "dora")
    ai_strength.load_figures(path)
    assert ai_strength.MEASURED_ON["schnapsen"]["dora"]["rerun"] is None


def test_figures_of_other_rules_are_ignored(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from games.catalog import ai_strength

    for name in ("MEASURED", "INTERVALS", "UNITS", "MEASURED_ON"):
        monkeypatch.setattr(ai_strength, name, {})
    path = tmp_path / "strength.json"
    entry = {"rules_version": "0", "unit": "x", "reference": {"version": "anton", "mean": 50}, "versions": {}}
    path.write_text(json.dumps({"schnapsen": entry}))
    ai_strength.load_figures(path)
    assert ai_strength.ai_strength("schnapsen") == {}


def test_schnapsen_offers_the_measured_ladder(client: Client) -> None:
    choices = {c["version"]: c for c in _games(client)["schnapsen"]["ai_choices"]}
    assert list(choices) == ["anton", "lena", "carla", "dora"]
    carla, dora = choices["carla"], choices["dora"]
    assert carla["level"] == dora["level"] == "stronger"
    assert carla["unit"] == dora["unit"] == "bummerl_win_percent"
    assert 50.0 < carla["low"] <= carla["mean"] < dora["mean"] and dora["low"] > 50.0


def test_figures_of_an_older_rules_version_that_plays_alike_are_kept(tmp_path, monkeypatch) -> None:
    """Rules version 2 of every engine (and Schnapsen's version 3, a new option whose default is the old
    rule) changed no play (games/engine/base.py RulesVersion): the figures measured under version 1
    still count and say so; behind a version that plays differently they go."""
    import json

    from games.catalog import ai_strength
    from games.engine.versions import RulesVersion

    for name in ("MEASURED", "INTERVALS", "UNITS", "MEASURED_ON"):
        monkeypatch.setattr(ai_strength, name, {})
    path = tmp_path / "strength.json"
    figure = {"mean": 61.0, "low": 55.0, "high": 67.0, "pairs": 10, "ai_version": "dora.2"}
    entry = {"rules_version": "1", "unit": "x", "reference": {"version": "anton", "mean": 50}}
    path.write_text(json.dumps({"schnapsen": {**entry, "versions": {"dora": figure}}}))
    assert get_rules("schnapsen").rules_version == "3"
    ai_strength.load_figures(path)
    assert ai_strength.ai_strength("schnapsen") == {"anton": 50.0, "dora": 61.0}
    dora = next(c for c in ai_strength.ai_choices("schnapsen") if c.version == "dora")
    assert (dora.mean, dora.rules_version) == (61.0, "1")

    for name in ("MEASURED", "INTERVALS", "UNITS", "MEASURED_ON"):
        monkeypatch.setattr(ai_strength, name, {})
    rules = type(get_rules("schnapsen"))
    changed = RulesVersion("4", "a scoring change", plays_as_before=False)
    monkeypatch.setattr(rules, "rules_versions", (*rules.rules_versions, changed))
    ai_strength.load_figures(path)
    assert ai_strength.ai_strength("schnapsen") == {}


def test_the_bench_keeps_an_older_versions_figures_with_their_version(tmp_path, monkeypatch) -> None:
    """A new figure under the newest rules beside one measured under version 1: each names its own."""
    import json

    from bench.ai_strength import write_figure
    from games.catalog import ai_strength

    for name in ("MEASURED", "INTERVALS", "UNITS", "MEASURED_ON"):
        monkeypatch.setattr(ai_strength, name, {})
    path = tmp_path / "strength.json"
    old = {"mean": 60.0, "low": 55.0, "high": 65.0, "pairs": 10, "ai_version": "carla.2"}
    entry = {
        "rules_version": "1",
        "unit": "bummerl_win_percent",
        "reference": {"version": "anton", "mean": 50},
    }
    path.write_text(json.dumps({"schnapsen": {**entry, "versions": {"carla": old}}}))
    figure = {"mean": 61.26, "low": 55.0, "high": 67.5, "pairs": 10, "p95_cpu_ms": 300.0}
    write_figure("schnapsen", "dora", {**figure, "decisions_per_s": 5.0, "nodes_per_s": 1e5}, "report", path)
    ai_strength.load_figures(path)
    on = {c.version: (c.mean, c.rules_version) for c in ai_strength.ai_choices("schnapsen")}
    assert on["carla"] == (60.0, "1") and on["dora"] == (61.3, get_rules("schnapsen").rules_version)
