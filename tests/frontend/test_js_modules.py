"""The browser code is plain ES modules loaded without a build step: keep its import graph acyclic
(a circle makes the evaluation order depend on which page imports first) and its modules small."""

from __future__ import annotations

import re
from pathlib import Path

JS = Path(__file__).resolve().parents[2] / "frontend" / "static" / "frontend" / "js"
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;]*?\bfrom\s*["'](\.{1,2}/[^"']+)["']""", re.M | re.S)
MAX_LINES = 300


def import_graph(root: Path) -> dict[str, list[str]]:
    """Each module (path relative to root) with the relative modules it imports or re-exports."""
    graph: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.js")):
        name = path.relative_to(root).as_posix()
        targets = []
        for spec in IMPORT.findall(path.read_text(encoding="utf-8")):
            target = (path.parent / spec).resolve().relative_to(root.resolve()).as_posix()
            targets.append(target)
        graph[name] = targets
    return graph


def find_cycle(graph: dict[str, list[str]]) -> list[str] | None:
    """One import circle as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in graph:
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_graph_is_read_from_the_import_lines(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "a.js").write_text(
        'import { b } from "./b.js";\nimport {\n  x,\n  y,\n} from "./games/c.js";\n'
    )
    (tmp_path / "b.js").write_text('export { c } from "./games/c.js";\nconst s = "from ./a.js";\n')
    (tmp_path / "games" / "c.js").write_text('import { a } from "../a.js";\n')
    graph = import_graph(tmp_path)
    assert graph == {"a.js": ["b.js", "games/c.js"], "b.js": ["games/c.js"], "games/c.js": ["a.js"]}
    assert find_cycle(graph) == ["a.js", "b.js", "games/c.js", "a.js"]
    assert find_cycle({"a.js": ["b.js"], "b.js": [], "c.js": ["a.js", "b.js"]}) is None


def test_no_module_imports_itself_through_a_circle() -> None:
    graph = import_graph(JS)
    assert "table.js" in graph and any(graph.values())
    for name, targets in graph.items():
        for target in targets:
            assert target in graph, f"{name} imports {target}, which does not exist"
    cycle = find_cycle(graph)
    print("import graph:")
    for name, targets in graph.items():
        print(f"  {name} -> {', '.join(targets) or '-'}")
    assert cycle is None, "import circle: " + " -> ".join(cycle)


def test_every_module_stays_small() -> None:
    sizes = {
        p.relative_to(JS).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
        for p in JS.rglob("*.js")
    }
    big = {name: n for name, n in sizes.items() if n > MAX_LINES}
    assert not big, f"modules over {MAX_LINES} lines (split them by what they hold): {big}"
