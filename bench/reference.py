"""The pure-Python reference beside the compiled core in one bench run: a bench that measures the core
runs one repetition of itself again in a subprocess with KARTENTISCH_PURE=1 (one process runs one of
the two: games/native.py) and reads the figures that repetition prints as JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from games import native

#: the flag a bench takes to run one repetition and print it as JSON (hidden from its --help)
FLAG = "--reference"


def run_reference(bench: str, argv: list[str]) -> dict[str, Any]:
    """`python -m bench <bench> --reference <argv>` on the reference: the JSON it prints."""
    command = [sys.executable, "-m", "bench", bench, FLAG, *argv]
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=native.reference_env())
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def report(figures: dict[str, Any]) -> None:
    """What a `--reference` repetition prints: its figures and the core it ran."""
    print(json.dumps({**figures, "core": native.status().describe()}))
