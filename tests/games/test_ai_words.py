"""Each AI level's figure in words a player understands, in German, English and Russian, for every unit the
bench writes (Bummerls won, points per game, whists per deal, points per deal), from a temporary strength
file in the bench's format; the API and the league pages show those words and what the figure was
measured on (rules version, AI version, duplicate sets)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from games.ai import revisions
from games.catalog import ai_strength
from games.catalog.ai_words import choice_label, measured_on_words
from games.engine import get_rules
from games.models import Match
from leagues.models import LeagueMatch
from tests import factories
from tests.leagues.conftest import join, make_league

pytestmark = pytest.mark.django_db

UNITS = {
    "schnapsen": "bummerl_win_percent",
    "preisjass": "points_per_game",
    "preferans": "whists_per_deal",
    "preferanzen": "points_per_deal",
    "preference_vienna": "points_per_deal",
}
REFERENCE = {"schnapsen": 50.0, "preisjass": 39.25}
# game -> (mean, low, high) of the measured level "dora"
FIGURES = {
    "schnapsen": (66.2, 60.1, 72.4),
    "preisjass": (49.1, 47.1, 51.1),
    "preferans": (0.347, 0.12, 0.58),
    "preferanzen": (1.26, 0.41, 2.08),
    "preference_vienna": (0.21, -0.15, 0.57),
}


def _entry(game: str, rules_version: str | None = None) -> dict[str, Any]:
    mean, low, high = FIGURES[game]
    # measured on the level's current revision (games/ai/revisions.py: "dora.2" in Schnapsen)
    version = revisions.current_label(game, "dora")
    figure = {"ai_name": "Dora", "ai_version": version, "mean": mean, "low": low, "high": high}
    figure |= {"pairs": 120, "seeds": "report 2000000..2000119"}
    return {
        "rules_version": rules_version or get_rules(game).rules_version,
        "unit": UNITS[game],
        "reference": {"version": "anton", "mean": REFERENCE.get(game, 0.0)},
        "versions": {"dora": figure},
    }


@pytest.fixture
def strength_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every game's figures from a file of the bench's format, with "dora" registered for every game."""
    for name in ("MEASURED", "INTERVALS", "UNITS", "MEASURED_ON"):
        monkeypatch.setattr(ai_strength, name, {})
    monkeypatch.setattr(ai_strength, "available_versions", lambda game: ["anton", "dora", "random"])
    path = tmp_path / "strength.json"
    path.write_text(json.dumps({game: _entry(game) for game in UNITS}))
    ai_strength.load_figures(path)
    return path


def _labels(game: str, language: str) -> list[str]:
    with translation.override(language):
        return [choice_label(c) for c in ai_strength.ai_choices(game)]


EXPECTED = {
    "schnapsen": {
        "de": "Dora — gewinnt 66 % der Bummerl gegen Anton (95 %-Bereich 60–72 %)",
        "en": "Dora — wins 66% of Bummerls against Anton (95% range 60–72%)",
        "ru": "Дора — выигрывает 66 % буммерлей у Антона (95-процентный интервал: 60–72 %)",
    },
    "preisjass": {
        "de": "Dora — holt im Schnitt 49 Punkte pro Spiel, Anton 39 (95 %-Bereich 47–51)",
        "en": "Dora — scores 49 points per game on average, Anton 39 (95% range 47–51)",
        "ru": "Дора — очков за игру в среднем: 49, у Антона 39 (95-процентный интервал: 47–51)",
    },
    "preferans": {
        "de": "Dora — holt im Schnitt +0,3 Whists pro Spiel gegen Anton, Anton 0 (95 %-Bereich 0,1–0,6)",
        "en": "Dora — gains +0.3 whists per deal on average against Anton, Anton 0 (95% range 0.1–0.6)",
        "ru": "Дора — вистов за раздачу против Антона в среднем: +0,3, у Антона 0 "
        "(95-процентный интервал: 0,1–0,6)",
    },
    "preferanzen": {
        "de": "Dora — holt im Schnitt +1,3 Punkte pro Spiel gegen Anton, Anton 0 (95 %-Bereich 0,4–2,1)",
        "en": "Dora — gains +1.3 points per deal on average against Anton, Anton 0 (95% range 0.4–2.1)",
        "ru": "Дора — очков за раздачу против Антона в среднем: +1,3, у Антона 0 "
        "(95-процентный интервал: 0,4–2,1)",
    },
    # an interval reaching below zero says "to", not a dash beside a minus sign
    "preference_vienna": {
        "de": "Dora — holt im Schnitt +0,2 Punkte pro Spiel gegen Anton, Anton 0 (95 %-Bereich -0,2 bis 0,6)",
        "en": "Dora — gains +0.2 points per deal on average against Anton, Anton 0 (95% range -0.2 to 0.6)",
        "ru": "Дора — очков за раздачу против Антона в среднем: +0,2, у Антона 0 "
        "(95-процентный интервал: от -0,2 до 0,6)",
    },
}
BASELINE = {
    "de": "Anton — Grundstufe (Maßstab)",
    "en": "Anton — baseline (reference)",
    "ru": "Антон — базовый уровень (эталон)",
}


@pytest.mark.parametrize("language", ["de", "en", "ru"])
@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_every_unit_is_worded_in_every_language(strength_file: Path, game: str, language: str) -> None:
    assert _labels(game, language) == [BASELINE[language], EXPECTED[game][language]]


def test_an_unmeasured_level_says_so(strength_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_strength, "available_versions", lambda game: ["anton", "erna"])
    assert _labels("schnapsen", "de")[1] == "Erna — noch nicht gemessen"
    assert _labels("schnapsen", "ru")[1] == "Erna — ещё не измерено"


def test_the_words_say_what_the_figure_was_measured_on(strength_file: Path) -> None:
    # Preferans's Dora is past her first revision (games/ai/levels.json): the words name it "Dora N"
    revision = revisions.revision("preferans", "dora")
    assert revision >= 2
    dora = ai_strength.ai_choices("preferans")[1]
    assert (dora.rules_version, dora.ai_version, dora.pairs) == (
        get_rules("preferans").rules_version,
        f"dora.{revision}",
        120,
    )
    with translation.override("de"):
        words = measured_on_words(dora)
    assert words == (
        f"Gemessen in 120 Duplikat-Sätzen gegen Anton, Regelstand {dora.rules_version}, "
        f"KI-Version Dora {revision}."
    )


def test_the_rerun_on_other_deals_is_told_beside_the_figure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("MEASURED", "INTERVALS", "UNITS", "MEASURED_ON"):
        monkeypatch.setattr(ai_strength, name, {})
    monkeypatch.setattr(ai_strength, "available_versions", lambda game: ["anton", "dora"])
    entries = {game: _entry(game) for game in ("schnapsen", "preferans")}
    rerun = {"schnapsen": (64.0, 57.9, 70.1), "preferans": (0.29, 0.05, 0.53)}
    for game, (mean, low, high) in rerun.items():
        entries[game]["versions"]["dora"]["rerun"] = {"mean": mean, "low": low, "high": high, "pairs": 120}
    path = tmp_path / "strength.json"
    path.write_text(json.dumps(entries))
    ai_strength.load_figures(path)
    with translation.override("de"):
        schnapsen = measured_on_words(ai_strength.ai_choices("schnapsen")[1])
        preferans = measured_on_words(ai_strength.ai_choices("preferans")[1])
    assert schnapsen.endswith(" Kontrolllauf mit anderen Karten: 64 % (95 %-Bereich 58–70 %).")
    assert preferans.endswith(" Kontrolllauf mit anderen Karten: +0,3 (95 %-Bereich 0,1–0,5).")
    with translation.override("en"):
        assert measured_on_words(ai_strength.ai_choices("schnapsen")[1]).endswith(
            " A rerun on other deals: 64% (95% range 58–70%)."
        )


def test_a_figure_of_other_rules_is_not_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("MEASURED", "INTERVALS", "UNITS", "MEASURED_ON"):
        monkeypatch.setattr(ai_strength, name, {})
    monkeypatch.setattr(ai_strength, "available_versions", lambda game: ["anton", "dora"])
    path = tmp_path / "strength.json"
    path.write_text(json.dumps({"preferans": _entry("preferans", rules_version="old")}))
    ai_strength.load_figures(path)
    assert _labels("preferans", "en") == [BASELINE["en"], "Dora — not measured yet"]


def test_the_api_gives_the_words_in_the_requests_language(strength_file: Path, client: Client) -> None:
    for language in ("de", "en", "ru"):
        games = client.get("/api/games/", HTTP_ACCEPT_LANGUAGE=language).json()["games"]
        dora = next(g for g in games if g["game"] == "schnapsen")["ai_choices"][1]
        assert dora["label"] == EXPECTED["schnapsen"][language]
        name = "Дора" if language == "ru" else "Dora"  # the level's name in the reader's script
        assert dora["name"] == name
        assert dora["words"] == EXPECTED["schnapsen"][language].removeprefix(f"{name} — ")
    assert {k: dora[k] for k in ("version", "rules_version", "ai_version", "pairs", "seeds", "unit")} == {
        "version": "dora",
        "rules_version": get_rules("schnapsen").rules_version,
        "ai_version": "dora.2",
        "pairs": 120,
        "seeds": "report 2000000..2000119",
        "unit": "bummerl_win_percent",
    }
    assert dora["measured_on"].startswith("Измерено на 120")


def test_a_league_table_seats_the_league_s_level_and_shows_it(strength_file: Path) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    league = make_league(anna, game="schnapsen", options={}, ai_version="dora")
    join(league, ben)
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(ben)
    page = client.get(f"/leagues/{league.pk}/").content.decode()
    # The level is the league's: shown in words, not offered for choice.
    assert 'name="ai_version"' not in page and EXPECTED["schnapsen"]["de"] in page
    assert (
        client.post(f"/leagues/{league.pk}/tables/", {"ai_seats": "1", "ai_version": "random"}).status_code
        == 400
    )
    r = client.post(f"/leagues/{league.pk}/tables/", {"ai_seats": "1"})
    assert r.status_code == 302
    match = Match.objects.get(pk=LeagueMatch.objects.get().match_id)
    assert [s.ai_version for s in match.seats.order_by("index")] == ["", "dora"]
    player = client.get(f"/leagues/{league.pk}/players/ben/").content.decode()
    assert f'<td class="ai-level" data-label="KI">{EXPECTED["schnapsen"]["de"]}</td>' in player
