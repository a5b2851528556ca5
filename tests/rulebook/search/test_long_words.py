"""A text with a very long unbroken word is indexed in linear time.

The hyphenated-compound pattern of :mod:`rulebook.search.compounds` once
backtracked over every start inside a word without a hyphen: indexing a
German text costs the square of its longest word (8,000 letters: 2 s;
200,000 letters pasted into a translation: longer than a worker may take, so
saving the translation of a published version ended in a killed worker and
a lost form).  The compounds found are the same as before.
"""

from __future__ import annotations

import time

import pytest

from rulebook.search.compounds import index_extras

pytestmark = pytest.mark.database_free  # no database: left out of the second database's run


@pytest.mark.parametrize("text", ["Ж" * 50_000, "a" * 50_000, "x_" * 25_000,
                                  "Wirkung " + "b" * 50_000 + "-c"])
def test_a_long_word_is_indexed_quickly(text):
    started = time.perf_counter()
    index_extras(text)
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize("text, expected", [
    ("Die Spezial-Wirkung", ["spezialwirkung"]),
    ("Power-Duell und Schutzgott-Karte", ["powerduell", "schutzgottkarte"]),
    ("a_Spezial-Wirkung", ["spezialwirkung"]),
    ("1-2 und Wirkungs-Rang-1", []),
])
def test_hyphenated_compounds_are_still_closed(text, expected):
    extras = index_extras(text)
    for word in expected:
        assert word in extras
    assert "12" not in extras
