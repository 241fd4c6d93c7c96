"""No import circle runs through the live-play core (games/services, games/live, games/store,
games/tasks.py), the leagues app, the analysis app, the engines (games/engine) or the AIs (games/ai).

Every import counts, at module level or inside a function or method: an import moved into a function
only delays the circle to the first call, the two modules still need each other. The sources are read
with `ast`, nothing is imported."""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = (
    "games",
    "leagues",
    "leaderboard",
    "accounts",
    "frontend",
    "config",
    "analysis",
    "collusion",
    "notifications",
    "chat",
    "ops",
)


def guarded(module: str) -> bool:
    return (
        module.startswith(("games.services.", "games.live.", "games.store."))
        or module in ("games.live", "games.store", "games.tasks", "leagues")
        or module.startswith("leagues.")
        or module.startswith("analysis.")
    )


def project_modules(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Dotted name -> file, for every .py file of the packages (a package is its __init__.py)."""
    modules: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """The longest leading part of a dotted name that is a project module."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in modules:
            return candidate
    return None


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> Iterator[str]:
    """The project modules that `module` imports, anywhere in its file."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _known(alias.name, modules)
                if target:
                    yield target
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = module if is_package else module.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = ".".join(p for p in (package, node.module) if p)
            else:
                base = node.module or ""
            for alias in node.names:
                # `from package import module` imports the module; `from module import name` the module.
                target = _known(f"{base}.{alias.name}", modules) or _known(base, modules)
                if target:
                    yield target


def import_graph(root: Path, packages: Iterable[str]) -> dict[str, set[str]]:
    modules = project_modules(root, packages)
    return {
        name: {target for target in imports_of(name, path, modules) if target != name}
        for name, path in modules.items()
    }


def shortest_cycle(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """The shortest path of imports from `start` back to itself, or None."""
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        for target in sorted(graph.get(current, ())):
            if target == start:
                path = [current]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if target not in came_from:
                came_from[target] = current
                queue.append(target)
    return None


def cycles_through(graph: dict[str, set[str]], guarded_modules: Iterable[str]) -> list[list[str]]:
    found: dict[tuple[str, ...], list[str]] = {}
    for module in sorted(guarded_modules):
        cycle = shortest_cycle(graph, module)
        if cycle is not None:
            ring = cycle[:-1]
            at = ring.index(min(ring))
            key = tuple(ring[at:] + ring[:at])
            found.setdefault(key, cycle)
    return list(found.values())


def test_no_import_circle_through_the_live_play_core_the_leagues_or_the_analysis() -> None:
    graph = import_graph(ROOT, PACKAGES)
    named = [m for m in graph if guarded(m)]
    assert "games.live.dispatch" in named and "games.live.consumers" in named
    assert "games.store.events" in named and "games.services.matches" in named
    assert "games.tasks" in named and "leagues.services" in named
    assert "analysis.services" in named and "analysis.tasks" in named
    cycles = cycles_through(graph, named)
    if cycles:
        pytest.fail("import circles:\n" + "\n".join("  " + " -> ".join(c) for c in cycles), pytrace=False)


def engine_or_ai(module: str) -> bool:
    return module.startswith(("games.engine.", "games.ai.")) or module in ("games.engine", "games.ai")


def test_no_import_circle_through_the_engines_or_the_ais() -> None:
    """A `TYPE_CHECKING` import counts too: a state module that imports its view for a type while the
    view imports the state is a circle (the state is bound to its view by rules.py instead)."""
    graph = import_graph(ROOT, PACKAGES)
    named = [m for m in graph if engine_or_ai(m)]
    assert "games.engine.schnapsen.state" in named and "games.engine.preferanzen.variant" in named
    assert "games.ai.search.player" in named and "games.ai.preferans_search.contract" in named
    cycles = cycles_through(graph, named)
    if cycles:
        pytest.fail("import circles:\n" + "\n".join("  " + " -> ".join(c) for c in cycles), pytrace=False)


def test_a_type_checking_import_closes_a_circle(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "state.py").write_text("from pkg import view\n")
    (pkg / "view.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.state import State\n"
    )
    graph = import_graph(tmp_path, ["pkg"])
    assert cycles_through(graph, ["pkg.view"]) == [["pkg.view", "pkg.state", "pkg.view"]]


def test_the_graph_sees_imports_inside_functions_and_from_package_import_module(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.sub import b\n")
    (pkg / "sub" / "b.py").write_text("def later():\n    from .. import c\n    return c\n")
    (pkg / "c.py").write_text("class K:\n    def m(self):\n        import pkg.a.x\n")
    (pkg / "d.py").write_text("from pkg.a import name\nimport os\n")
    graph = import_graph(tmp_path, ["pkg"])
    assert graph["pkg.a"] == {"pkg.sub.b"}
    assert graph["pkg.sub.b"] == {"pkg.c"}
    assert graph["pkg.c"] == {"pkg.a"}
    assert graph["pkg.d"] == {"pkg.a"}
    assert cycles_through(graph, ["pkg.d"]) == []
    assert cycles_through(graph, ["pkg.c", "pkg.a"]) == [["pkg.a", "pkg.sub.b", "pkg.c", "pkg.a"]]
