"""The sixth game, Duel: a small two-player card game that the test suite alone registers, through its
pack (tests/sixth/pack.py), to prove that a game needs nothing outside its own files: its engine
(engine.py), one AI level (ai.py) and its pack. The `duel` fixture (conftest.py) registers it for a
test; tests/sixth/test_end_to_end.py plays it through the API, Celery and the embedded runner."""
