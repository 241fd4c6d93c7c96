"""daphne's frames without autobahn's per-frame debug decorations (ops/websocket_frames.py)."""

from __future__ import annotations

import importlib

import click
import pytest

from ops import websocket_frames


def test_the_web_process_replaces_the_decorations_of_both_websocket_modules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    util = importlib.import_module("autobahn.util")
    modules = [importlib.import_module(name) for name in websocket_frames.MODULES]
    for module in modules:  # as autobahn left them
        monkeypatch.setattr(module, "hltype", util.hltype)
        monkeypatch.setattr(module, "hlval", util.hlval)
    importlib.reload(importlib.import_module("config.asgi"))  # the web process's entry point applies it
    # A frame's debug arguments no longer reach click (which coloured them for a line nobody reads).
    monkeypatch.setattr(click, "style", lambda *a, **k: pytest.fail("click.style was called"))
    for module in modules:
        assert module.hltype(module) is module
        assert module.hlval(1800) == 1800
    assert websocket_frames.skip_debug_decorations() == list(websocket_frames.MODULES)
