"""games.engine, games.ai and games.packs are pure: importing every module pulls in no framework; and the
engine sits below the packs and the AIs: it finds its games itself and never imports either."""

import pkgutil
import subprocess
import sys

import games.ai
import games.engine
import games.packs

FRAMEWORKS = ("django", "channels", "celery", "rest_framework", "daphne", "redis", "psycopg")


def _modules(package) -> list[str]:
    return [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]


def _imported_after(modules: list[str], prefixes: tuple[str, ...], then: str = "") -> list[str]:
    """The modules starting with one of `prefixes` that importing `modules` (and running `then`)
    loads, in a fresh interpreter (this test process has Django loaded already)."""
    code = (
        "import sys, importlib\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        f"{then}\n"
        f"bad = sorted(m for m in sys.modules if m.startswith({prefixes!r}))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return [m for m in out.stdout.strip().split(",") if m]


def test_engine_ai_and_packs_import_no_framework() -> None:
    modules = ["games.engine", "games.ai", "games.packs"]
    modules += [*_modules(games.engine), *_modules(games.ai), *_modules(games.packs)]
    frameworks = tuple(p for name in FRAMEWORKS for p in (name, f"{name}."))
    bad = [m for m in _imported_after(modules, frameworks) if m.split(".")[0] in FRAMEWORKS]
    assert bad == [], f"framework modules imported: {bad}"
    assert len(modules) >= 4


def test_the_engine_imports_neither_the_packs_nor_the_ais() -> None:
    modules = ["games.engine", *_modules(games.engine)]
    # every engine found and loaded by the engine's own discovery
    found = (
        "from games.engine import available_games, get_rules\n"
        "assert len([get_rules(g) for g in available_games()]) >= 5"
    )
    above = _imported_after(modules, ("games.packs", "games.ai"), then=found)
    assert above == [], f"the engine imports {above}"
