"""games.engine and games.ai are pure: importing every module pulls in no framework."""

import pkgutil
import subprocess
import sys

import games.ai
import games.engine

FRAMEWORKS = ("django", "channels", "celery", "rest_framework", "daphne", "redis", "psycopg")


def _modules(package) -> list[str]:
    return [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]


def test_engine_and_ai_import_no_framework() -> None:
    modules = ["games.engine", "games.ai", *_modules(games.engine), *_modules(games.ai)]
    code = (
        "import sys, importlib\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FRAMEWORKS!r})\n"
        "print(','.join(bad))\n"
    )
    # A fresh interpreter: this test process has Django loaded already.
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"framework modules imported: {out.stdout.strip()}"
    assert len(modules) >= 4
