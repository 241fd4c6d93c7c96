"""The compiled core: which modules mypyc compiles at install time (the AI's search core and the rules
engines named below), and which of the two this process runs, the compiled modules or their
pure-Python source (the reference).

`MODULES` is the one list (setup.py compiles it). The compiled extension modules lie beside their
`.py` files (an editable install builds them in place), and Python's import system prefers an
extension module to a source file of the same name. `install()`, run by `games.engine` and `games.ai`
before any of these modules is imported, decides for the whole process, all or nothing:

- compiled, when every module has its extension module and the build stamp (`native_build.json`,
  written by the build beside this file) holds the digest of every source as it is now;
- the pure-Python reference otherwise: with `KARTENTISCH_PURE=1` in the environment (the bench and the
  tests run the reference this way, beside the compiled core), when nothing was compiled (no C
  compiler at install, or a build with `KARTENTISCH_PURE=1`), or when a source changed since the build
  (a stale extension module never runs code the source no longer says). A small finder placed first
  on `sys.meta_path` then loads these modules from their `.py` files.

`status()` says which, and why: the site's startup log and `/readyz` show it. Pure Python, standard
library only: setup.py reads `MODULES` from this file before anything is installed.

Writing for the compiler (docs/compiled.md): module constants `Final`; hot classes `@final`, with
64-bit ints (`i64`) and pairs or triples of them instead of lists; no `lst[i] += x` (mypyc makes it a
generic call: write `lst[i] = lst[i] + x`); calls through methods of native classes, not `__call__`.
And one trap: mypyc 2.4 shifts a constant by an `i64` in 32-bit C ints, so `1 << n` with `n: i64` and
a result of 2**31 or more comes out wrong: write `1 << int(n)` (the tests compare every decision
with the pure-Python reference, which is how this one was found).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

#: the rules engines compiled: the contract (base) and the games whose engine is written for the
#: compiler (a state copied field by field, no __dict__)
ENGINE_MODULES: tuple[str, ...] = (
    "games.engine.base",
    "games.engine.draws",
    "games.engine.hands",
    "games.engine.schnapsen.cards",
    "games.engine.schnapsen.state",
    "games.engine.schnapsen.deal",
    "games.engine.schnapsen.scoring",
    "games.engine.schnapsen.play",
    "games.engine.schnapsen.view",
    "games.engine.schnapsen.rules",
    "games.engine.preisjass.cards",
    "games.engine.preisjass.state",
    "games.engine.preisjass.deal",
    "games.engine.preisjass.scoring",
    "games.engine.preisjass.play",
    "games.engine.preisjass.view",
    "games.engine.preisjass.rules",
    "games.engine.preferans.cards",
    "games.engine.preferans.constants",
    "games.engine.preferans.scoring",
    "games.engine.preferans.state",
    "games.engine.preferans.deal",
    "games.engine.preferans.bidding",
    "games.engine.preferans.play",
    "games.engine.preferans.fast",
    "games.engine.preferans.view",
    "games.engine.preferans.rules",
    "games.engine.preferanzen.cards",
    "games.engine.preferanzen.state",
    "games.engine.preferanzen.variant",
    "games.engine.preferanzen.deal",
    "games.engine.preferanzen.scoring",
    "games.engine.preferanzen.bidding",
    "games.engine.preferanzen.play",
    "games.engine.preferanzen.view",
    "games.engine.preferanzen.rules",
    "games.engine.preferanzen.austrian",
    "games.engine.preferanzen.vienna",
)

#: the compiled search core: states, solvers, playout rules and world scoring of the search packages
SEARCH_MODULES: tuple[str, ...] = (
    "games.ai.search.budget",
    "games.ai.search.masks",
    "games.ai.search.alphabeta",
    "games.ai.search.sampling",
    "games.ai.pimc",
    "games.ai.schnapsen_search.state",
    "games.ai.schnapsen_search.solver",
    "games.ai.schnapsen_search.worlds",
    "games.ai.preisjass_search.state",
    "games.ai.preisjass_search.solver",
    "games.ai.preisjass_search.worlds",
    "games.ai.preferans_search.state",
    "games.ai.preferans_search.solver",
    "games.ai.preferans_search.selfish",
    "games.ai.preferans_search.worlds",
    "games.ai.preferans_search.values",
    "games.ai.anton_preferans",
    "games.ai.preferanzen_search.state",
    "games.ai.preferanzen_search.solver",
    "games.ai.preferanzen_search.worlds",
    "games.ai.preferanzen_search.games",
    "games.ai.anton_preferanzen",
    "games.ai.collusion.pair",
)

#: everything compiled, in one shared library
MODULES: tuple[str, ...] = ENGINE_MODULES + SEARCH_MODULES

#: set to 1 (at build time: build nothing; at run time: run the pure-Python reference)
PURE_ENV = "KARTENTISCH_PURE"
#: the build's record of what it compiled, beside this file
STAMP = "native_build.json"

_ROOT = Path(__file__).resolve().parent.parent  # the directory holding the `games` package


@dataclass(frozen=True)
class Status:
    #: the compiled modules run (else the pure-Python reference)
    compiled: bool
    #: why, in a few words
    reason: str

    def describe(self) -> str:
        if self.compiled:
            return f"compiled ({self.reason})"
        return f"pure Python ({self.reason})"


def source_path(module: str, root: Path = _ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extension_path(module: str, root: Path = _ROOT) -> Path | None:
    """The module's compiled extension module, if there is one."""
    base = root.joinpath(*module.split("."))
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = base.with_name(base.name + suffix)
        if candidate.exists():
            return candidate
    return None


def pure_requested(environ: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    return environ.get(PURE_ENV, "").strip() not in ("", "0")


def reference_env(environ: dict[str, str] | os._Environ[str] = os.environ) -> dict[str, str]:
    """`environ` for a subprocess that runs the pure-Python reference (the tests and benches run it
    beside the compiled core)."""
    return {**environ, PURE_ENV: "1"}


def decide(root: Path = _ROOT, environ: dict[str, str] | os._Environ[str] = os.environ) -> Status:
    """Compiled or pure, and why (nothing is changed)."""
    if pure_requested(environ):
        return Status(False, f"{PURE_ENV}=1")
    stamp_file = root / "games" / STAMP
    try:
        stamp = json.loads(stamp_file.read_text())
    except (OSError, ValueError):
        return Status(False, "not compiled at install: no C compiler, or built with KARTENTISCH_PURE=1")
    built: dict[str, str] = stamp.get("modules", {})
    for module in MODULES:
        if extension_path(module, root) is None or module not in built:
            return Status(False, f"{module} was not compiled; run scripts/bootstrap")
        if built[module] != digest(source_path(module, root)):
            return Status(False, f"{module} changed since the build; run scripts/bootstrap")
    return Status(True, f"mypyc {stamp.get('mypy', '?')}")


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the core's modules as their `.py` files, so their extension modules are never loaded."""

    def __init__(self, modules: Sequence[str], root: Path) -> None:
        self.modules = frozenset(modules)
        self.root = root

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname, self.root))


_status: Status | None = None


def install() -> Status:
    """Decide once for this process; with the reference, put the source finder first. Idempotent."""
    global _status
    if _status is None:
        status = decide()
        if not status.compiled:
            sys.meta_path.insert(0, _SourceFinder(MODULES, _ROOT))
        _status = status
    return _status


def status() -> Status:
    return install()


def loaded_compiled() -> list[str]:
    """The core's modules imported in this process from an extension module (tests, the bench)."""
    out = []
    for module in MODULES:
        loaded = sys.modules.get(module)
        if loaded is not None and not str(getattr(loaded, "__file__", "")).endswith(".py"):
            out.append(module)
    return out
