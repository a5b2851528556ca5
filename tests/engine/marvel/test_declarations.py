"""The ruleset's declarations: every fact of the table read by a rule or declared outside the
texts, every open point with its readings, every term the entry names but does not define."""

from __future__ import annotations

import re

import pytest

import engine.marvel as marvel
from engine.core import Outside, citations, table_facts
from engine.inventory import ruleset_inventory
from tests.engine.marvel.texts import CLAUSE_TEXT

RULESET = marvel.RULESET


def test_every_fact_of_the_table_is_read_by_a_rule_or_declared_uncovered():
    facts = set(table_facts(marvel.Table, namespace=vars(marvel)))
    read = {fact for item in RULESET.rules for fact in item.reads}
    uncovered = {fact.slug for fact in RULESET.uncovered}
    assert facts - read - uncovered == set()
    assert read <= facts  # no rule reads a fact the table cannot hold
    assert {"effects.for_each", "other_text"} <= uncovered and not uncovered & read


def test_the_rules_are_the_ruleset_and_cite_only_the_entry():
    assert RULESET.rules == marvel.RULES and len({r.name for r in marvel.RULES}) == len(marvel.RULES)
    for item in marvel.RULES:
        assert item.clauses and item.doc, item.name
        assert all(c.document == marvel.DOCUMENT for c in citations(*item.clauses))
        assert re.search(r"Ziel ¶\d", item.doc), item.name  # the docstring names its clause


def test_every_open_point_is_declared_by_a_rule_and_cites_the_clauses_leaving_it_open():
    assert set(RULESET.open_points()) == set(marvel.OPEN_POINTS)
    for point in marvel.OPEN_POINTS:
        assert {c.key for c in citations(*point.leaves_open)} <= set(CLAUSE_TEXT)
        assert len(point.readings) == 2 and point.why.render() and point.question.render()
    assert "the-target-validity" not in {p.slug for p in marvel.OPEN_POINTS}


def test_uncovered_facts_say_why():
    reasons = {fact.slug: fact.reason for fact in RULESET.uncovered}
    assert reasons["actor-stunned"] is Outside.OTHER_CHAPTER
    assert reasons["effects.for_each"] is Outside.NOT_IN_TEXTS
    assert reasons["other_text"] is Outside.NOT_IN_TEXTS


@pytest.mark.parametrize("term", RULESET.terms, ids=lambda t: t.slug)
def test_every_term_is_in_the_text_of_a_clause_it_cites(term):
    assert term.reason is Outside.OTHER_CHAPTER
    text = " ".join(CLAUSE_TEXT[c.key] for c in citations(*term.clauses))
    for word in term.slug.split(", "):
        assert word.split(" (")[0].lower() in text.lower(), word


def test_the_see_also_terms_are_declared():
    see_also = CLAUSE_TEXT["ziel.p7"].removeprefix("Siehe auch: ").split(", ")
    assert [t.slug for t in RULESET.terms[:5]] == see_also


def test_the_inventory_is_generated_from_the_declarations():
    text = ruleset_inventory(RULESET)
    for item in RULESET.rules:
        assert f"**{item.name}**" in text
    for point in RULESET.open_points():
        assert f"`{point.slug}`" in text
        assert all(f"`{r.slug}`" in text for r in point.readings)
    for fact in RULESET.uncovered + RULESET.terms:
        assert f"`{fact.slug}`" in text


def test_a_valid_target_with_text_of_its_own_is_not_stated_as_fact():
    # a judge's table: "jedem Gegner 1 Schaden", minion 2 with further text the entry does
    # not cover; its validity rests on that text too, so the list says how far it goes
    from engine.marvel import SITUATION
    ruling = SITUATION.evaluate({
        "kind": "card_ability", "effects": [
            {"verb": "deal_damage", "amount": 1, "selector": "each", "target_type": "enemy"}],
        "villain": [{"conditions": ["cannot_take_damage"]}],
        "minions": [{"conditions": ["damage_prevented"]}, {"other_text": True}],
        "main_scheme": [], "side_schemes": [], "characters": [], "other_cards": [],
        "players": [{"deck": 10}]})
    assert not ruling.complete
    valid = next(v for v in ruling.values if v.name == "effect_1_valid_targets")
    assert "as far as the published texts decide" in valid.label.id
    assert [m.render() for m in valid.label.param_dict()["elements"]] == ["minion 2"]


def test_no_step_cites_a_clause_twice():
    """A step resting on a clause for two reasons (¶3 required, and the effect's own clauses)
    cites it once (a judge's table: 'ziel.p3, ziel.p4, ziel.p3')."""
    from tests.engine.marvel.helpers import all_rulings
    twice = [(ruling.scenario, step.message.id) for ruling in all_rulings()
             for step in ruling.steps if len(set(step.citations)) != len(step.citations)]
    assert twice == []
