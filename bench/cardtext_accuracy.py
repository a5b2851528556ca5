"""How often each game's card-text grammar reads a held-out phrasing as a judge would.

The held-out sets (``bench/cardtext/<game>_heldout.py``) were written before the grammars
were tuned and are never used to tune them; the grammars' own corpora are tests.  Each set
exposes ``HELDOUT`` (entries whose first item is the text) and ``agrees(read, entry)``.

Run: ``.venv/bin/python bench/cardtext_accuracy.py`` (prints one line per game and every
phrasing read otherwise).
"""

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: game → (grammar module, held-out module)
GAMES = {
    "berserk": ("engine.cardtext.berserk", "bench.cardtext.berserk_heldout"),
}


def measure(game: str, grammar_module: str, heldout_module: str) -> tuple[int, int]:
    """Return (phrasings, agreeing) for one game, printing each disagreement."""
    grammar = importlib.import_module(grammar_module).GRAMMAR
    heldout = importlib.import_module(heldout_module)
    agreeing = 0
    for entry in heldout.HELDOUT:
        read = grammar.read(entry[0])
        if heldout.agrees(read, entry):
            agreeing += 1
        else:
            print(f"  {game}: {entry[0]!r} read as {read.inputs} unread {read.not_understood}")
    return len(heldout.HELDOUT), agreeing


def main() -> None:
    for game, (grammar_module, heldout_module) in GAMES.items():
        total, agreeing = measure(game, grammar_module, heldout_module)
        print(f"{game}: {agreeing}/{total} held-out phrasings agree "
              f"({100 * agreeing / total:.0f} %)")


if __name__ == "__main__":
    main()
