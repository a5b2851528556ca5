"""Every step cites clauses whose text is about it."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import FieldKind, InputError, Outcome, Ruling, Scenario
from engine.powerduell import (
    RULESET, SITUATION, Clause, GuardianSymbols, Influence, Planet, influences, np_factor,
    rule_under,
)
from tests.engine import situations
from tests.engine.powerduell.common import *  # noqa: F401,F403


# --------------------------------------------------------------------------
# Citations and STEP_WORDS
# --------------------------------------------------------------------------

def _also_as_table(out: list[tuple[Scenario, Ruling]], translated: Any) -> None:
    """Add the situation's ruling on a focused input (where the two overlap)."""
    if translated is not None:
        out.append((SITUATION, SITUATION.evaluate(translated[0])))


def _sweep() -> list[tuple[Scenario, Ruling]]:
    """Evaluate a broad deterministic grid of inputs for every scenario."""
    out = []
    planets = ["venus", "erde", "mars", "merkur"]
    for active, left, right, amount, scope, planet, side, combat, opp, effects, extends in \
            itertools.product([True, False], [None, "mars", "erde"], [None, "erde"], [20, -15],
                              ["base", "all", "listed"], ["venus", "mars"], ["own", "opposing"],
                              ["none", "attacking", "defending"], planets,
                              [[], ["dp"], ["other"]], [False, True]):
        data = {"guardian_side_active": active, "base_planet": "venus", "left_planet": left,
                "right_planet": right, "attribute": "ap", "amount": amount, "scope": scope,
                "listed_planets": ["mars"], "extends_to_opposing_side": extends,
                "monster_planet": planet, "monster_side": side, "combat": combat,
                "opponent_planet": opp, "opponent_effects": effects, "base_value": 10}
        out.append((WIRKUNG, WIRKUNG.evaluate(data)))
        _also_as_table(out, situations.wirkung_to_situation(data))
    for limit, change, extends in itertools.product([None, "venus"], [-1, -5, 2], [False, True]):
        data = {"limit_planet": limit, "cost_change": change,
                "extends_to_opposing_side": extends,
                "monsters": [{"planet": p, "cost": 3, "side": s}
                             for p in ("venus", "mars") for s in ("own", "opposing")]}
        out.append((WB, WB.evaluate(data)))
        _also_as_table(out, situations.wb_to_situation(data))
    sources = ["energy", "monster", "gravitation-energy", "guardian-wirkung",
               "guardian-spezial-wirkung", "rank-1"]
    for first, second, act in itertools.product(sources, sources, [(1, 2), (2, 1), (1, 1)]):
        data = {"base_ap": 3, "effects": [
            {"source": first, "activated": act[0], "attribute": "ap", "operation": "halve"},
            {"source": second, "activated": act[1], "attribute": "ap", "operation": "subtract",
             "amount": 5}]}
        out.append((ORDER_SCENARIO, ORDER_SCENARIO.evaluate(data)))
        _also_as_table(out, situations.order_to_situation(data))
    # a Wirkung and a Spezial-Wirkung whose order does not change the values
    commuting = {"base_ap": 3, "effects": [
        {"source": "guardian-wirkung", "activated": 1, "attribute": "ap", "operation": "add",
         "amount": 2},
        {"source": "guardian-spezial-wirkung", "activated": 1, "attribute": "ap",
         "operation": "subtract", "amount": 1}]}
    out.append((ORDER_SCENARIO, ORDER_SCENARIO.evaluate(commuting)))
    # effects activated together: additions that commute, and more orders than are compared
    tied = {"base_ap": 3, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": "add", "amount": 2},
        {"source": "monster", "activated": 1, "attribute": "ap", "operation": "subtract",
         "amount": 1}]}
    many = {"base_ap": 3, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": operation,
         "amount": 7} for operation in ("double", "halve", "set", "double", "halve")]}
    for data in (tied, many):
        out.append((ORDER_SCENARIO, ORDER_SCENARIO.evaluate(data)))
        _also_as_table(out, situations.order_to_situation(data))
    for source, target, side, extends in itertools.product(
            sources[:-1], ["guardian", "monster", "energy"], ["own", "opposing"], [False, True]):
        data = {"source": source, "target": target, "target_side": side,
                "extends_to_opposing_side": extends}
        try:
            out.append((IMMUNITY_SCENARIO, IMMUNITY_SCENARIO.evaluate(data)))
            _also_as_table(out, situations.immunity_to_situation(data))
        except InputError:
            assert not source.startswith("guardian") and target != "guardian"
    limited_on_own = {  # a Spezial-Wirkung with a Wirkungsbegrenzung at its own card
        "guardians": [{"side": "a", "base_planet": "venus", "left_planet": "venus"}],
        "effects": [{"source": "guardian-spezial-wirkung", "source_side": "a",
                     "target_guardian": "a"}]}
    two_costs = {  # two Spezial-Wirkungen change costs, activated one after the other
        "guardians": [{"side": "a", "base_planet": "venus", "spezial_cost_change": -1,
                       "activated": 1},
                      {"side": "b", "base_planet": "erde", "spezial_cost_change": 1,
                       "activated": 2}],
        "monsters": [{"side": "a", "planet": "venus", "cost": 2}]}
    for table in situations.PD_TABLES + tuple(e.inputs for e in SITUATION.examples) + (
            limited_on_own, two_costs):
        out.append((SITUATION, SITUATION.evaluate(table)))
    # a reading not presented first: the attacking monster's planet for a defending monster
    out.append((WIRKUNG, rule_under(WIRKUNG, DEFENDING, {"np-defending": "attacker"})))
    return out


@pytest.fixture(scope="module")
def sweep() -> list[tuple[Scenario, Ruling]]:
    """:func:`_sweep`, once per process that runs a test asking for it (some 35,000
    rulings: not at collection, which every worker of every run does)."""
    return _sweep()


def test_every_emitted_citation_is_declared_and_known(sweep):
    for scenario, ruling in sweep:
        for citation in ruling.citations():
            assert citation in scenario.citations, (scenario.slug, citation.key)
    for citation in RULESET.citations():
        assert citation.key in CLAUSE_TEXT
        assert citation.version == 1
        assert citation.document.game == "power-duell"
        assert citation.document.document == "schutzgottkarten"
    assert {c.value for c in Clause} == set(CLAUSE_TEXT)


def test_declared_citations_are_all_reachable(sweep):
    for scenario in RULESET.scenarios:
        emitted = {c for s, r in sweep if s is scenario for c in r.citations()}
        assert set(scenario.citations) == emitted, scenario.slug


def test_step_words_cover_exactly_the_emitted_steps(sweep):
    emitted = {step.message.id for _s, ruling in sweep for step in ruling.steps}
    assert emitted == set(STEP_WORDS)


def test_step_words_appear_in_the_cited_clauses(sweep):
    for _scenario, ruling in sweep:
        for step in ruling.steps:
            text = " ".join(CLAUSE_TEXT[c.key] for c in step.citations).lower()
            for word in STEP_WORDS[step.message.id]:
                assert word.lower() in text, (step.message.id, word,
                                              [c.key for c in step.citations])


def test_every_step_has_a_reason_unless_applied_and_messages_render(sweep):
    for _scenario, ruling in sweep:
        for step in ruling.steps:
            step.message.render()
            if step.outcome is not Outcome.APPLIED:
                assert step.reason is not None and step.reason.render()
        for note in ruling.notes:
            note.render()
        for value in ruling.values:
            value.label.render()


def test_a_step_saying_both_readings_are_shown_comes_with_readings(sweep):
    claims = 0
    for _scenario, ruling in sweep:
        for step in ruling.steps:
            if step.reason is not None and "both readings are shown" in step.reason.id:
                claims += 1
                assert ruling.readings, step.reason.id
    assert claims
