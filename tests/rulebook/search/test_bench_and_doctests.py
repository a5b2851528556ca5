"""The search benchmark builds and runs at small size; module doctests pass."""

import doctest
import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

MODULES = ["rulebook.search.text", "rulebook.search.backends", "rulebook.search.excerpts",
           "rulebook.search.speed",
           "rulebook.search.indexing", "rulebook.references.syntax", "rulebook.references.rendering"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0


def test_bench_builds_a_small_rulebook_and_measures(db):
    sys.path.insert(0, str(ROOT))
    try:
        bench = importlib.import_module("bench.search_bench")
    finally:
        sys.path.remove(str(ROOT))
    from django.db import connection

    from rulebook.models import Clause
    from rulebook.search import search

    data = bench.build_rulebook(200)
    assert Clause.objects.filter(document__game__slug__startswith="bench-").count() == 200
    # a content word (PostgreSQL's german configuration drops stop words such
    # as "weiter"): the longest of the most frequent ones
    word = max(data["words"]["de"][:10], key=len)
    assert search(word, limit=5)
    figures = bench.measure(data, queries=3)
    assert set(figures) == {"baseline", "match only", "one word", "two words", "clause key"}
    assert all(wall50 <= wall95 and cpu50 <= cpu95
               for wall50, wall95, cpu50, cpu95, _db50, _db95 in figures.values())
    # before and after the speed-ups, side by side: the same answers at this size
    compared = bench.compare(data, queries=3)
    assert set(compared) == {"match only", "one word", "two words", "clause key"}
    assert all(row["same"] == row["calls"] == 3 for row in compared.values())
    assert compared["match only"]["ranked"] is not None
    # PostgreSQL's own CPU time when the server runs here (SQLite's is the process's)
    for *_figures, db50, db95 in figures.values():
        if connection.vendor == "sqlite":
            assert db50 is None and db95 is None
        else:
            assert db50 is None or 0 <= db50 <= db95
