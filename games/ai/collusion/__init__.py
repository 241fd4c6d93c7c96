"""The collusion monitor's pure part (no Django): how much a pair of seats' card play gained the pair
against the third seat beyond what each seat's own view explains (evidence.py, valued as pair.py
says, over the worlds of worlds.py), and the per-pair test (statistic.py). See docs/security.md."""
