"""The ladder (`python -m bench ladder`, games/catalog/ai_ladder.py): the seatings of a duplicate set, a
small round robin that rates Anton above Lena and reproduces itself, the fit of the ratings from the
differences, the file it writes with each
level's version, and the site reading only the ratings of the version it offers, worded per language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.utils import translation

from bench.ladder import (
    field_ratings,
    ladder_entry,
    round_robin,
    stored_sets,
    strictly_ordered,
    tables,
    write_entry,
)
from games.catalog import ai_ladder
from games.catalog.ai_ladder import Rung, load_ladder, rung
from games.catalog.ai_words import ladder_short, ladder_words


def test_a_set_seats_each_level_alone_in_every_seat() -> None:
    assert tables(2) == [(True, False), (False, True)]
    three = tables(3)
    assert len(three) == 6 and len(set(three)) == 6
    assert all(0 < sum(seating) < 3 for seating in three)
    assert [seating.index(True) for seating in three[:3]] == [0, 1, 2]
    assert [seating.index(False) for seating in three[3:]] == [0, 1, 2]


def test_the_ratings_are_the_least_squares_fit_of_the_differences() -> None:
    """Three levels, each seed's differences consistent with ratings -2, 0 and 3 plus a seed's noise: the fit
    gives back those ratings (Anton 0), its interval covers them, and it narrows with more seeds."""
    levels = ["lena", "anton", "dora"]
    true = {"lena": -2.0, "anton": 0.0, "dora": 3.0}
    noise = [0.4, -0.3, 0.1, -0.2, 0.0, 0.3, -0.1, -0.2]

    def differences(seeds: int) -> dict[tuple[str, str], list[float]]:
        return {
            (a, b): [true[a] - true[b] + noise[(i + k) % len(noise)] for i in range(seeds)]
            for k, (a, b) in enumerate((("lena", "anton"), ("lena", "dora"), ("anton", "dora")))
        }

    fitted = field_ratings(levels, differences(8))
    assert fitted["anton"]["rating"] == 0.0
    for level in levels:
        assert fitted[level]["rating"] == pytest.approx(true[level], abs=0.05)
        assert fitted[level]["low"] < true[level] < fitted[level]["high"]
    wider = fitted["dora"]["high"] - fitted["dora"]["low"]
    more = field_ratings(levels, differences(64))
    assert more["dora"]["high"] - more["dora"]["low"] < wider / 2
    # without Anton on the ladder the ratings sum to 0
    plain = field_ratings(["lena", "dora"], {("lena", "dora"): [-5.0, -4.0, -6.0]})
    assert plain["lena"]["rating"] == pytest.approx(-2.5) and plain["dora"]["rating"] == pytest.approx(2.5)
    # a pair short of a seed (a damaged file) is refused, not cut to the shortest
    short = {**differences(8), ("lena", "dora"): differences(8)["lena", "dora"][:7]}
    with pytest.raises(ValueError, match=r"\[7, 8\] sets"):
        field_ratings(levels, short)


def test_strictly_ordered_needs_disjoint_intervals() -> None:
    ratings = {
        "a": {"low": 1.0, "high": 5.0},
        "b": {"low": 5.5, "high": 9.0},
        "c": {"low": 8.0, "high": 12.0},
    }
    assert strictly_ordered(["a", "b"], ratings)
    assert not strictly_ordered(["a", "b", "c"], ratings)


@pytest.fixture
def empty_ladder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_ladder, "LADDER", {})


def test_a_round_robin_rates_anton_above_lena_and_the_file_keeps_the_versions(
    tmp_path: Path, empty_ladder: None
) -> None:
    run = round_robin("schnapsen", ["lena", "anton"], 12, 4_000_000, None)
    again = round_robin("schnapsen", ["lena", "anton"], 12, 4_000_000, None, jobs=2)
    assert run["ratings"] == again["ratings"], "the same seeds give the same ladder, in 2 processes too"
    assert run["differences"] == again["differences"] and run["record"] == again["record"]
    lena, anton = run["ratings"]["lena"], run["ratings"]["anton"]
    assert anton["rating"] == 0.0 and lena["rating"] < 0.0, "Anton reads 0, Lena below him"
    lena_anton = run["differences"]["lena-anton"]
    assert lena["rating"] == pytest.approx(lena_anton["mean"]), "two levels: the rating is the difference"
    assert len(lena_anton["by_set"]) == 12 and lena_anton["mean"] == pytest.approx(
        sum(lena_anton["by_set"]) / 12
    )
    assert run["record"]["anton"]["sets"] == run["record"]["lena"]["sets"] == 12
    assert run["record"]["anton"]["wins"] == run["record"]["lena"]["losses"]
    assert run["record"]["lena"]["matches"] == 24  # two seatings a set, heads-up
    entry = ladder_entry("schnapsen", ["lena", "anton"], 12, 4_000_000, None, run)
    path = tmp_path / "ladder.json"
    write_entry("schnapsen", entry, path)
    written = json.loads(path.read_text())["schnapsen"]
    assert written["seeds"] == "ladder 4000000..4000011" and written["pairs"] == 12
    for version in ("lena", "anton"):
        level = written["levels"][version]
        assert level["ai_version"] == version and level["seeds"] == written["seeds"]
        assert level["low"] <= level["rating"] <= level["high"] and level["date"] == written["date"]
    load_ladder(path)
    place = rung("schnapsen", "anton")
    assert place is not None and place.rating == written["levels"]["anton"]["rating"]
    assert rung("schnapsen", "dora") is None


def test_a_ladder_extended_over_more_seeds_is_the_one_run_over_all_of_them(tmp_path: Path) -> None:
    levels = ["anton", "carla"]
    whole = round_robin("schnapsen", levels, 6, 4_000_000, None)
    path = tmp_path / "ladder.json"
    write_entry(
        "schnapsen",
        ladder_entry(
            "schnapsen", levels, 3, 4_000_000, None, round_robin("schnapsen", levels, 3, 4_000_000, None)
        ),
        path,
    )
    before = stored_sets("schnapsen", levels, None, path)
    assert before["first_seed"] == 4_000_000 and before["pairs"] == 3
    extended = round_robin("schnapsen", levels, 3, 4_000_003, None, before=before)
    assert extended["differences"] == whole["differences"] and extended["record"] == whole["record"]
    assert extended["ratings"] == whole["ratings"]
    assert len(set(whole["differences"]["anton-carla"]["by_set"])) > 1, "sets that differ, not one outcome"
    entry = ladder_entry("schnapsen", levels, 6, 4_000_000, None, extended)
    assert entry["seeds"] == "ladder 4000000..4000005" and entry["first_seed"] == 4_000_000
    backwards = stored_sets("schnapsen", ["carla", "anton"], None, path)["differences"]
    assert backwards["carla", "anton"] == [-d for d in before["differences"]["anton", "carla"]]
    # what it refuses to extend, and says why
    with pytest.raises(SystemExit, match="rates"):
        stored_sets("schnapsen", ["anton", "carla", "dora"], None, path)
    with pytest.raises(SystemExit, match="options"):
        stored_sets("schnapsen", levels, {"max_deals": 2}, path)
    with pytest.raises(SystemExit, match="does not exist"):
        stored_sets("preisjass", levels, None, path)
    data = json.loads(path.read_text())
    data["schnapsen"]["levels"]["carla"]["ai_version"] = "carla.7"
    path.write_text(json.dumps(data))
    with pytest.raises(SystemExit, match="another revision of carla"):
        stored_sets("schnapsen", levels, None, path)
    del data["schnapsen"]["differences"]["anton-carla"]["by_set"]
    data["schnapsen"]["levels"]["carla"]["ai_version"] = entry["levels"]["carla"]["ai_version"]
    path.write_text(json.dumps(data))
    with pytest.raises(SystemExit, match="does not keep its sets"):
        stored_sets("schnapsen", levels, None, path)


def test_a_rating_of_another_version_is_not_shown(tmp_path: Path, empty_ladder: None) -> None:
    """Levels are frozen: a rating measured on another version of a level is not this one's."""
    level = {"ai_version": "dora-1", "rating": 30.0, "low": 28.0, "high": 32.0, "sets": 9}
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps({"schnapsen": {"rules_version": "1", "levels": {"dora": level}}}))
    load_ladder(path)
    assert rung("schnapsen", "dora") is None


def test_the_rating_in_words() -> None:
    place = Rung(version="dora", rating=31.25, low=27.04, high=35.46, sets=36, seeds="ladder 4..5", date="")
    assert ladder_words(None) == ladder_short(None) == ""
    # a word joiner on each side of the range's dash keeps the range on one line
    with translation.override("en"):
        expected = "Ladder rating +31.3 (95% range 27.0–35.5) from 36 duplicate sets against the other levels"
        assert ladder_words(place).replace("\u2060", "") == expected
        assert ladder_short(place) == "rating +31.3 (95% range 27.0\u2060–\u206035.5)"
    with translation.override("de"):
        assert (
            ladder_words(place)
            .replace("\u2060", "")
            .startswith("Ranglistenwert +31,3 (95 %-Bereich 27,0–35,5)")
        )
        assert ladder_short(place).replace("\u2060", "") == "Wert +31,3 (95 %-Bereich 27,0–35,5)"
    anton = Rung(version="anton", rating=0.0, low=-3.73, high=3.73, sets=600, seeds="", date="")
    with translation.override("en"):
        assert ladder_short(anton) == "rating 0.0 (95% range -3.7 to 3.7)", "Anton is the ladder's 0"
    below_zero = Rung(version="lena", rating=0.9, low=-8.31, high=10.17, sets=72, seeds="", date="")
    with translation.override("en"):
        assert ladder_short(below_zero) == "rating +0.9 (95% range -8.3 to 10.2)"
    with translation.override("ru"):
        assert ladder_words(place).startswith("Рейтинг в общей таблице уровней: +31,3 (95-процентный")
