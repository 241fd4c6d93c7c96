"""The browser code asks each game's module (js/games/index.js) instead of branching on the game's name:
no generic module, page template or frontend view quotes a game's name, and every game the server
knows has a module that declares its name and is registered."""

from __future__ import annotations

import re
from pathlib import Path

from games import packs

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "frontend" / "static" / "frontend" / "js"
GAMES = JS / "games"


def _names_a_game(path: Path) -> bool:
    """A file whose path names a game (its own module, folder or page) may say its name."""
    return any(game in part for part in path.relative_to(ROOT).parts for game in packs.names())


def _quoted_names(text: str) -> list[str]:
    quoted = [re.compile(rf"""["'`]{re.escape(game)}["'`]""") for game in packs.names()]
    return [m.group(0) for pattern in quoted for m in pattern.finditer(text)]


def _generic_files() -> list[Path]:
    frontend = ROOT / "frontend"
    files = [*JS.rglob("*.js"), *frontend.glob("*.py"), *(frontend / "templatetags").glob("*.py")]
    for templates in ROOT.glob("*/templates"):
        files += templates.rglob("*.html")
    return sorted(p for p in files if not _names_a_game(p))


def test_the_check_finds_a_quoted_name_and_spares_a_games_own_files() -> None:
    assert _quoted_names('if (game === "schnapsen") x(`preferans`);') == ['"schnapsen"', "`preferans`"]
    assert _quoted_names("import * as schnapsen from './schnapsen.js';") == []
    assert _names_a_game(GAMES / "preferanzen" / "felt.js")
    assert _names_a_game(ROOT / "frontend" / "templates" / "frontend" / "preisjass.html")
    assert not _names_a_game(JS / "tableview.js")


def test_no_generic_file_quotes_a_games_name() -> None:
    files = _generic_files()
    assert JS / "tableview.js" in files and ROOT / "frontend" / "templates" / "base.html" in files
    found = {p.relative_to(ROOT).as_posix(): _quoted_names(p.read_text(encoding="utf-8")) for p in files}
    assert not {name: hits for name, hits in found.items() if hits}


def test_every_game_has_a_registered_module_that_declares_its_name() -> None:
    index = (GAMES / "index.js").read_text(encoding="utf-8")
    for game in packs.names():
        module = GAMES / f"{game}.js"
        assert f'export const name = "{game}";' in module.read_text(encoding="utf-8"), module
        assert f'import * as {game} from "./{game}.js";' in index
        assert re.search(rf"const GAMES = \[[^\]]*\b{game}\b", index), f"{game} is not in the list"
