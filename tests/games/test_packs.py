"""The game packs: each names what exists (its engine, AI levels, analyser, collusion valuer,
observation), lives in a module named for its game, reads its titles per language, and the registry adds
and drops a pack from elsewhere together with its engine."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from games import engine, packs
from games.packs.base import load

PACKS = packs.all_packs()
MODULES = Path(packs.__file__).parent


def test_the_product_order_is_the_packs_order() -> None:
    orders = [p.order for p in PACKS]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)
    assert packs.names() == [p.name for p in PACKS]
    assert sorted(packs.names()) == engine.available_games()  # a pack for every engine, and no more


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_a_pack_names_what_exists(pack: packs.GamePack) -> None:
    assert (MODULES / f"{pack.name}.py").exists()  # the module path names its game
    rules = pack.load_rules()
    assert rules is engine.get_rules(pack.name) and rules.name == pack.name
    assert rules.players(rules.default_options()) in pack.players
    assert set(pack.options) <= set(rules.default_options())
    assert "anton" in pack.ai_levels
    for version, player in pack.ai_levels.items():
        assert callable(getattr(load(player)(), "choose", None)), version
    for factory in (pack.analyser, pack.collusion, pack.observation):
        if factory is not None:
            assert callable(load(factory))
    assert {"de", "en", "ru"} <= set(pack.titles)


def test_a_title_falls_back_to_english_then_to_the_name() -> None:
    pack = dataclasses.replace(PACKS[0], titles={"en": "Game", "de": "Spiel"})
    assert pack.title("de-at") == "Spiel" and pack.title("ru") == "Game"
    assert dataclasses.replace(pack, titles={}).title("de") == pack.name


def test_register_adds_a_pack_and_its_engine_and_unregister_drops_both() -> None:
    from tests.sixth.pack import PACK

    assert packs.find(PACK.name) is None
    packs.register(PACK)
    try:
        assert packs.pack(PACK.name) is PACK and packs.names()[-1] == PACK.name
        assert engine.get_rules(PACK.name).name == PACK.name
    finally:
        packs.unregister(PACK.name)
    assert packs.find(PACK.name) is None and PACK.name not in engine.available_games()
    with pytest.raises(KeyError):
        packs.pack(PACK.name)
