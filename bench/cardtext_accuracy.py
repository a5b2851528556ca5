"""Card text in: each game grammar's accuracy on its held-out phrasings (a measurement).

Run: ``.venv/bin/python bench/cardtext_accuracy.py``.  For every game in :data:`GAMES`
it reads each held-out case ``(text, expected inputs, expected phrases not understood)``
with the game's grammar and prints the phrases, how many agree (the same inputs and the
same phrases not understood) and the accuracy, then each disagreement.  The held-out
phrasings were written before the grammar and never tune it; pytest does not run this.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: Game slug -> (module holding ``GRAMMAR``, module holding the held-out ``CASES``).
GAMES: dict[str, tuple[str, str]] = {
    "marvel-champions": ("engine.cardtext.marvel", "bench.cardtext.marvel_heldout"),
}


def measure(game: str) -> tuple[int, list[str]]:
    """Return the number of held-out cases of ``game`` and a line per disagreement."""
    grammar_module, cases_module = GAMES[game]
    grammar = importlib.import_module(grammar_module).GRAMMAR
    cases = importlib.import_module(cases_module).CASES
    misses = []
    for text, inputs, unread in cases:
        read = grammar.read(text)
        if dict(read.inputs) != inputs or read.not_understood != tuple(unread):
            misses.append(f"  {text!r}\n    read {dict(read.inputs)} not understood "
                          f"{read.not_understood}\n    want {inputs} not understood {unread}")
    return len(cases), misses


def main() -> None:
    """Print per game: phrases, agreeing, accuracy; then the disagreements."""
    print(f"{'game':<20} {'phrases':>8} {'agreeing':>9} {'accuracy':>9}")
    details = []
    for game in GAMES:
        total, misses = measure(game)
        agreeing = total - len(misses)
        print(f"{game:<20} {total:>8} {agreeing:>9} {agreeing / total:>9.0%}")
        details += [f"{game}:"] + misses if misses else []
    print("\n".join(details))


if __name__ == "__main__":
    main()
