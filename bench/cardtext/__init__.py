"""Held-out card-text phrasings per game, run only as a measurement (bench/cardtext_accuracy.py)."""
