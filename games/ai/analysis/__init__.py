"""Post-match analysis: each decision's alternatives valued with all hands open and from the seat's
own view (base.py, the driver), one analyser per game (registry.py); docs/analysis.md explains it."""
