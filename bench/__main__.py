"""Benchmarks: `python -m bench <name> [options]`; `python -m bench` lists them.

Each benchmark module under bench/ has `run(argv: list[str]) -> None` that prints a table.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

# Helpers of the benchmarks, not benchmarks.
_SKIP = {"table", "concurrency", "database", "__main__"}


def _names() -> list[str]:
    here = Path(__file__).parent
    return sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name not in _SKIP)


def main(argv: list[str]) -> int:
    names = _names()
    if not argv or argv[0] not in names:
        print("usage: python -m bench <name> [options]\n\nbenchmarks:")
        for name in names:
            doc = (importlib.import_module(f"bench.{name}").__doc__ or "").strip().splitlines()
            print(f"  {name:<16} {doc[0] if doc else ''}")
        return 0 if not argv else 2
    importlib.import_module(f"bench.{argv[0]}").run(argv[1:])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
