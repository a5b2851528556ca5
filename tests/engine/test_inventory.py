"""The rule inventory is generated from every game's declarations (engine.inventory),
and the declarations hang together: every rule rests on clauses its game's scenarios
cite, every open point has readings citing clauses, every fact outside the texts says why."""

from __future__ import annotations

import subprocess
import sys

import pytest

import engine
from engine.core import Outside, citations
from engine.inventory import inventory

RULESETS = engine.rulesets()


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.game)
def test_every_game_declares_rules_open_points_and_facts_outside_the_texts(ruleset):
    assert len(ruleset.rules) >= 5
    assert ruleset.open_points()
    assert ruleset.uncovered or ruleset.terms
    assert len({rule.name for rule in ruleset.rules}) == len(ruleset.rules)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.game)
def test_every_rule_rests_on_clauses_of_its_own_documents(ruleset):
    documents = set(ruleset.documents)
    for rule in ruleset.rules:
        cited = citations(*rule.clauses)
        assert cited, rule.name
        assert {c.document for c in cited} <= documents, rule.name
        assert rule.doc, f"{rule.name} has no docstring for the inventory"


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.game)
def test_every_clause_a_rule_or_reading_rests_on_can_be_cited_by_a_scenario(ruleset):
    known = set(ruleset.citations())
    for rule in ruleset.rules:
        assert set(citations(*rule.clauses)) <= known, rule.name
    for point in ruleset.open_points():
        assert set(citations(*point.leaves_open)) <= known, point.slug
        for reading in point.readings:
            assert citations(*reading.clauses), (point.slug, reading.slug)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.game)
def test_every_fact_outside_the_texts_says_why(ruleset):
    for fact in ruleset.uncovered + ruleset.terms:
        assert isinstance(fact.reason, Outside), fact.slug
        assert fact.what.id.strip(), fact.slug
    slugs = [fact.slug for fact in ruleset.uncovered + ruleset.terms]
    assert len(slugs) == len(set(slugs))


def test_the_inventory_lists_every_declaration():
    text = inventory(RULESETS)
    for ruleset in RULESETS:
        assert f"(`{ruleset.game}`)" in text
        for rule in ruleset.rules:
            assert f"**{rule.name}**" in text
            for citation in citations(*rule.clauses):
                assert f"`{citation.key}`" in text
        for point in ruleset.open_points():
            assert f"`{point.slug}`" in text
            for reading in point.readings:
                assert f"`{reading.slug}`" in text
        for fact in ruleset.uncovered + ruleset.terms:
            assert f"`{fact.slug}`" in text


def test_the_inventory_is_a_command():
    done = subprocess.run([sys.executable, "-m", "engine.inventory"], capture_output=True,
                          text=True, check=True)
    assert done.stdout.startswith("## Rule inventory")
    assert done.stdout == inventory(RULESETS) + "\n"
