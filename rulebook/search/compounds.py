"""German compounds: hyphenated, closed, spaced and elided spellings.

German writes one compound several ways — "Spezial-Wirkung",
"Spezialwirkung", "Spezial Wirkung" — and elides a shared head in lists
("Monster- & Energiekarten" means "Monsterkarten und Energiekarten").  The
index and the queries meet half-way:

- **index** (:func:`index_extras`): a hyphenated word is also indexed
  closed ("spezialwirkung"), an elided word with its head
  ("monsterkarten"), and a closed compound also as its parts
  ("schutzgottkarte" → "schutzgott", "karte");
- **query** (:func:`split`): a closed query word also matches its parts
  (``Query`` alternatives in :mod:`rulebook.search.backends`), a hyphenated or
  spaced one its closed form.

Splitting uses a dictionary built from the rulebook's own German words
(``data/words-de.txt``, written by :func:`build_words` from the sources, the
site's German translations and the glossaries): no maintained German
decompounding library was found on PyPI (compound-split was last released
in 2020, german-nouns in 2022 and charsplit-fst is a 0.1 release), and the
rulebook's vocabulary is what readers search for anyway.  A split is the
fewest known parts of four letters or more, with the linking ``s``/``es``/
``n``/``en`` allowed between them; the first part may be unknown when the
rest is known (the head carries the meaning: "Schutzgott|karte").
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from rulebook.search.text import fold, tokens

WORDS_FILE = Path(__file__).with_name("data") / "words-de.txt"
#: Shortest part of a compound.
MIN_PART = 4
#: Shortest word worth splitting.
MIN_COMPOUND = 8
_LINKS = ("", "s", "es", "n", "en")

# "Monster- & Energiekarten", "AP-, DP- oder LP-Wert", "Basis- und Nicht-Basiseigenschaften"
# (Started only where a word starts, never giving a word back: see _HYPHENATED.)
_ELIDED = re.compile(
    r"(?<![^\W\d_])([^\W\d_]++)-(?=\s*(?:,|&|/|und\b|oder\b|bzw\.?|sowie\b))", re.UNICODE)
_NEXT_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*", re.UNICODE)
_CONNECTOR = re.compile(r"\s*(?:,|&|/|und\b|oder\b|bzw\.?|sowie\b)\s*", re.UNICODE)
# Starts only where a word starts, and never gives a word back: tried at
# every letter of a word without a hyphen, the plain pattern backtracked in
# the square of the word's length (a pasted 200,000-letter token took longer
# than a worker may).  Matches what the plain pattern matched.
_HYPHENATED = re.compile(r"(?<![^\W_])[^\W_]++(?:-[^\W_]++)+", re.UNICODE)


@functools.lru_cache(maxsize=1)
def words() -> frozenset[str]:
    """The dictionary: folded German words of the rulebook (see the module docstring)."""
    try:
        text = WORDS_FILE.read_text(encoding="utf-8")
    except FileNotFoundError:
        return frozenset()
    return frozenset(line.strip() for line in text.splitlines()
                     if line.strip() and not line.startswith("#"))


def build_words(texts) -> list[str]:
    """The dictionary's words for ``texts`` (German): folded words of
    :data:`MIN_PART` letters or more, sorted.

    >>> build_words(["Die Spezial-Wirkung der Karte"])
    ['karte', 'spezial', 'wirkung']
    """
    found = set()
    for text in texts:
        found.update(word for word in tokens(text) if len(word) >= MIN_PART
                     and not word.isdigit())
    return sorted(found)


@functools.lru_cache(maxsize=8)
def _longest(known: frozenset[str]) -> int:
    """The length of the longest word of ``known`` (0 if it is empty)."""
    return max(map(len, known), default=0)


@functools.lru_cache(maxsize=8192)
def split(word: str, known: frozenset[str] | None = None) -> tuple[str, ...]:
    """Split a folded German ``word`` into its parts, or ``()`` if it is not
    a compound the dictionary can explain.

    >>> known = frozenset({"wirkung", "spezial", "karte", "energie", "karten"})
    >>> split("spezialwirkung", known)
    ('spezial', 'wirkung')
    >>> split("schutzgottkarte", known)
    ('schutzgott', 'karte')
    >>> split("gravitationsenergiekarte", known)
    ('gravitations', 'energie', 'karte')
    >>> split("karte", known)
    ()
    """
    known = words() if known is None else known
    n = len(word)
    if n < MIN_COMPOUND:
        return ()
    # No part is longer than the longest known word and its link: a long
    # word costs its length times that, not the square of its length.
    longest = _longest(known) + max(map(len, _LINKS))
    # best[i]: fewest parts covering word[i:] with known words (None: impossible)
    best: list[tuple[str, ...] | None] = [None] * (n + 1)
    best[n] = ()
    for i in range(n - MIN_PART, -1, -1):
        for j in range(i + MIN_PART, min(n, i + longest) + 1):
            if best[j] is None or (i == 0 and j == n):
                continue  # the whole word is not a split of itself
            piece = word[i:j]
            for link in _LINKS:
                stem = piece[:len(piece) - len(link)] if link else piece
                if link and not piece.endswith(link):
                    continue
                if len(stem) >= MIN_PART and stem in known and (
                        best[i] is None or len(best[j]) + 1 < len(best[i])):
                    best[i] = (stem,) + best[j]
                    break
    if best[0] is not None and len(best[0]) > 1:
        return best[0]
    # An unknown modifier in front of a known head: "schutzgott|karte".
    for i in range(MIN_PART, n - MIN_PART + 1):
        rest = best[i]
        if rest:
            head = word[:i]
            for link in _LINKS[1:]:
                if head.endswith(link) and head[:-len(link)] in known:
                    head = head[:-len(link)]
                    break
            return (head,) + rest
    return ()


def elided(text: str) -> list[str]:
    """The full words of elided compounds in ``text``, folded.

    >>> elided("Monster- & Energiekarten, Basis- und Nicht-Basiseigenschaften, AP-, DP- oder LP-Wert")
    ['monsterkarten', 'basiseigenschaften', 'apwert', 'dpwert']
    """
    result = []
    for match in _ELIDED.finditer(text):
        position = match.end()
        # Skip the chain of connectors and further elided words up to the full word.
        while True:
            connector = _CONNECTOR.match(text, position)
            if connector is None:
                break
            word = _NEXT_WORD.match(text, connector.end())
            if word is None:
                break
            position = word.end()
            if text.startswith("-", position) and _CONNECTOR.match(text, position + 1):
                position += 1
                continue
            head = _head(word.group(0))
            if head:
                result.append(fold(match.group(1)) + head)
            break
    return result


def _head(word: str) -> str:
    """The last part of a (possibly hyphenated) compound, folded."""
    last = fold(word).rsplit("-", 1)[-1]
    parts = split(last)
    if parts:
        return parts[-1]
    return last if "-" in word else ""


def index_extras(text: str) -> list[str]:
    """Extra words to index for a German ``text``: hyphenated compounds
    closed, elided compounds in full, closed compounds' parts.

    >>> index_extras("Die Spezial-Wirkung")
    ['spezialwirkung']
    """
    extras = []
    for match in _HYPHENATED.finditer(text):
        parts = tokens(match.group(0))
        if len(parts) > 1 and not any(part.isdigit() for part in parts):
            extras.append("".join(parts))
    extras += elided(text)
    for word in tokens(text):
        extras.extend(split(word))
    return extras
