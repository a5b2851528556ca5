"""Card text in: each game's grammar on its held-out phrasings (a measurement, not a test).

Run from the project folder: ``.venv/bin/python -m bench.cardtext_accuracy [game …]``.
For each game of :data:`GAMES` it reads every entry of the held-out module's
``PHRASES`` (``text``, expected ``inputs``, expected ``unread`` phrases) with the
game's ``GRAMMAR`` and prints the phrases, how many agree (inputs and not-understood
phrases both as expected) and the accuracy; with ``-v`` also each disagreement.
Each game has two held-out sets: the first (``<game>_heldout``), written with the
grammar, and the second (``<game>_heldout2``), written blind on 2026-12-05 from the
texts, the grammar's docstring and the corpus's conventions, without reading the
grammar.  Not run by pytest: the held-out phrasings must not be tuned on.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

#: game → (module of its ``GRAMMAR``, module of its held-out ``PHRASES``).
GAMES: dict[str, tuple[str, str]] = {
    "power-duell": ("engine.cardtext.powerduell", "bench.cardtext.powerduell_heldout"),
    "berserk": ("engine.cardtext.berserk", "bench.cardtext.berserk_heldout"),
    "marvel-champions": ("engine.cardtext.marvel", "bench.cardtext.marvel_heldout"),
}


def agrees(grammar: Any, entry: dict[str, Any]) -> bool:
    """Whether ``grammar`` reads ``entry["text"]`` into exactly the expected inputs and
    leaves exactly the expected phrases not understood."""
    read = grammar.read(entry["text"])
    return (dict(read.inputs) == dict(entry["inputs"])
            and tuple(read.not_understood) == tuple(entry["unread"]))


def measure(game: str, verbose: bool = False, suffix: str = "") -> tuple[int, int]:
    """(phrases, agreeing) of ``game``'s held-out set (``suffix`` "2": the second set); prints
    each miss if ``verbose``."""
    grammar_module, phrases_module = GAMES[game]
    grammar = importlib.import_module(grammar_module).GRAMMAR
    phrases = importlib.import_module(phrases_module + suffix).PHRASES
    agreeing = 0
    for entry in phrases:
        if agrees(grammar, entry):
            agreeing += 1
        elif verbose:
            read = grammar.read(entry["text"])
            print(f"  miss: {entry['text']!r}\n    got {dict(read.inputs)} "
                  f"unread {read.not_understood}")
    return len(phrases), agreeing


def main(argv: list[str]) -> int:
    """Print one line per game: phrases, agreeing, accuracy."""
    verbose = "-v" in argv
    games = [a for a in argv if a != "-v"] or list(GAMES)
    print(f"{'game':<18}{'set':>5}{'phrases':>8}{'agreeing':>10}{'accuracy':>10}")
    for game in games:
        for number, suffix in ((1, ""), (2, "2")):
            total, agreeing = measure(game, verbose, suffix)
            print(f"{game:<18}{number:>5}{total:>8}{agreeing:>10}{agreeing / total:>10.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
