"""The compiled search core (games/native.py, setup.py) and its pure-Python reference: which one a
process runs and why, that a stale build never runs, and that the compiled core decides exactly as
the reference on thousands of positions (the same values, nodes, moves and choices)."""

from __future__ import annotations

import importlib.machinery
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games import native
from games.ai.pimc import below, sample, shuffle
from tests.ai import core_cases

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str, pure: bool) -> str:
    env = native.reference_env() if pure else {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=env
    )
    return done.stdout


_LOAD = (
    "import importlib, json\n"
    "from games import native\n"
    "files = {m: importlib.import_module(m).__file__ for m in native.MODULES}\n"
    "print(json.dumps({'status': native.status().describe(), 'compiled': native.status().compiled, "
    "'files': files}))\n"
)


def test_the_reference_runs_when_asked_for() -> None:
    loaded = json.loads(_run(_LOAD, pure=True))
    assert loaded["compiled"] is False
    assert loaded["status"] == "pure Python (KARTENTISCH_PURE=1)"
    assert all(path.endswith(".py") for path in loaded["files"].values()), loaded["files"]


def test_the_compiled_core_runs_when_built() -> None:
    """scripts/bootstrap builds it (CI too): only KARTENTISCH_PURE=1 excuses a pure run here."""
    if native.pure_requested():
        pytest.skip("KARTENTISCH_PURE=1: the reference runs")
    loaded = json.loads(_run(_LOAD, pure=False))
    assert loaded["compiled"] is True, f"the search core is not compiled: {loaded['status']}"
    assert not any(path.endswith(".py") for path in loaded["files"].values()), loaded["files"]


def _tree(root: Path, digest_of: dict[str, str]) -> None:
    """A fake install under `root`: every core module's source, an extension module beside it and a
    stamp with the digests `digest_of` gives (else the true ones)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    modules = {}
    for module in native.MODULES:
        source = native.source_path(module, root)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(f"# {module}\n")
        source.with_name(source.stem + suffix).write_bytes(b"")
        modules[module] = digest_of.get(module, native.digest(source))
    (root / "games" / native.STAMP).write_text(json.dumps({"mypy": "2.4.1", "modules": modules}))


def test_a_build_runs_only_while_every_source_is_as_compiled(tmp_path: Path) -> None:
    environ = {"PATH": "/usr/bin"}
    assert native.decide(tmp_path, environ).reason.startswith("not compiled at install")
    _tree(tmp_path, {})
    assert native.decide(tmp_path, environ) == native.Status(True, "mypyc 2.4.1")
    assert not native.decide(tmp_path, {native.PURE_ENV: "1"}).compiled
    edited = native.MODULES[3]
    native.source_path(edited, tmp_path).write_text("# edited since the build\n")
    status = native.decide(tmp_path, environ)
    assert status == native.Status(False, f"{edited} changed since the build; run scripts/bootstrap")
    _tree(tmp_path, {})
    first = native.extension_path(native.MODULES[0], tmp_path)
    assert first is not None
    first.unlink()
    assert not native.decide(tmp_path, environ).compiled


@pytest.mark.parametrize("seed", range(20))
def test_the_compiled_draws_are_the_generator_s_own(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in (1, 2, 3, 7, 8, 9, 31, 32, 33, 63, 64, 65, 1000, 2**40 + 1):
        assert below(ours, n) == theirs.randrange(n)
    for length in range(12):
        mine, stdlib = list(range(length)), list(range(length))
        shuffle(mine, ours)
        theirs.shuffle(stdlib)
        assert mine == stdlib
    for population in ([0, 1], [3, 1, 2], list(range(9)), list(range(30))):
        for k in range(min(len(population), 6) + 1):
            assert sample(population, k, ours) == theirs.sample(population, k)
    assert ours.getstate() == theirs.getstate()
    with pytest.raises(ValueError):
        below(ours, 0)


@pytest.mark.parametrize("game", core_cases.GAMES)
def test_the_compiled_core_decides_as_the_reference(game: str) -> None:
    """Thousands of positions a game searched in this process (the compiled core, when built) and by
    the pure-Python reference in another: every value, node count, move order and choice the same."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.ai.core_cases", game],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=native.reference_env(),
    )
    reference = json.loads(done.stdout)
    here = core_cases.results(game)
    assert len(here["searches"]) >= 1900 and len(here["level"]) == core_cases.LEVEL_POSITIONS
    for kind in ("searches", "level"):
        for i, (mine, theirs) in enumerate(zip(here[kind], reference[kind], strict=True)):
            assert mine == theirs, f"{game} {kind} {i}: compiled {mine}, reference {theirs}"
