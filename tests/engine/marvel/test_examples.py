"""The worked examples of the entry, the clauses cited, the doctests."""

from __future__ import annotations

import doctest

import pytest

import engine.marvel as marvel
from engine.marvel import RULESET, TARGET_VALIDITY as SCENARIO
from tests.engine.marvel.texts import CLAUSE_TEXT

# --------------------------------------------------------------------------
# Worked examples, citations, doctests
# --------------------------------------------------------------------------

@pytest.mark.parametrize("example", SCENARIO.examples, ids=lambda e: e.slug)
def test_worked_example(example):
    ruling = SCENARIO.evaluate(example.inputs)
    for name, expected in example.expected.items():
        assert ruling.value(name) == expected, name
    assert example.source in ruling.citations()
    assert example.source in SCENARIO.citations


def test_examples_cover_the_seed_examples():
    assert {e.source.key for e in SCENARIO.examples} == {
        "ziel.p3", "ziel.p4.2", "ziel.p4.5", "ziel.p4.10", "ziel.p5.1", "ziel.p6"}


def test_ruleset_shape():
    assert RULESET.game == "marvel-champions"
    assert RULESET.scenario("target-validity") is SCENARIO
    assert RULESET.documents == (SCENARIO.citations[0].document,)
    for citation in RULESET.citations():
        assert citation.document.game == "marvel-champions"
        assert citation.document.document == "referenzhandbuch"
        assert citation.version == 1
        assert citation.key in CLAUSE_TEXT
    # every clause of the entry except "Siehe auch" is used
    assert {c.key for c in RULESET.citations()} == set(CLAUSE_TEXT) - {"ziel.p7"}


def test_module_doctests():
    result = doctest.testmod(marvel)
    assert result.attempted > 0 and result.failed == 0
