"""Judge cases PD-1..PD-7 and the worked examples of the texts."""

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
)
from tests.engine import situations
from tests.engine.powerduell.common import *  # noqa: F401,F403


# --------------------------------------------------------------------------
# Judge cases
# --------------------------------------------------------------------------

PD1 = {**SETUP, "opponent_planet": "erde", "opponent_effects": ["dp"]}


def _assert_pd1(ruling: Ruling) -> None:
    assert ruling.value("applies") is True
    assert ruling.value("change") == 10
    assert ruling.value("factor") == Fraction(1, 2)
    cited = keys(ruling, Outcome.APPLIED)
    assert {WIRKUNG_SCOPE, NP_RULES, NP_NEGATIV, NP_ACTIVE} <= cited
    assert NP_POSITIV not in keys(ruling)
    scope = find_step(ruling, "The Wirkung reaches the monster: an own monster card whose "
                               "primary planet symbol %(planet)s is the Basis-Planetensymbol.")
    assert {c.key for c in scope.citations} == {WIRKUNG_SCOPE, NP_RULES}
    reading = find_step(ruling, "Read from right to left (%(right)s → %(base)s → %(left)s): "
                                "%(target)s acts negatively on %(monster)s.")
    assert reading.outcome is Outcome.APPLIED
    assert [c.key for c in reading.citations] == [NP_RULES]
    assert reading.message.render() == "Read from right to left (Erde → Venus → Mars): " \
                                       "Erde acts negatively on Venus."
    halved = find_step(ruling, "negativ-Wirkung: the increase is halved, %(before)s → %(after)s.")
    assert [c.key for c in halved.citations] == [NP_NEGATIV]
    assert halved.message.param_dict() == {"before": "+20", "after": "+10"}
    assert not ruling.by_outcome(Outcome.NOT_APPLICABLE)


def test_PD_1_venus_attacks_erde_increase_halved():
    _assert_pd1(WIRKUNG.evaluate(PD1))


def test_PD_1_through_form():
    ruling = WIRKUNG.evaluate_form({
        "guardian_side_active": "on", "base_planet": "venus", "left_planet": "mars",
        "right_planet": "erde", "attribute": "ap", "amount": "+20", "scope": "base",
        "monster_planet": "venus", "monster_side": "own", "combat": "attacking",
        "opponent_planet": "erde", "opponent_effects": ["dp"], "base_value": "",
    })
    _assert_pd1(ruling)


def test_PD_2_venus_attacks_mars_increase_doubled():
    ruling = WIRKUNG.evaluate({**SETUP, "opponent_planet": "mars", "opponent_effects": ["dp"]})
    assert ruling.value("change") == 40
    assert ruling.value("factor") == 2
    assert {WIRKUNG_SCOPE, NP_RULES, NP_POSITIV, NP_ACTIVE} <= keys(ruling, Outcome.APPLIED)
    assert NP_NEGATIV not in keys(ruling)
    reading = find_step(ruling, "Read from left to right (%(left)s → %(base)s → %(right)s): "
                                "%(target)s acts positively on %(monster)s.")
    assert reading.message.render().endswith("Mars acts positively on Venus.")
    doubled = find_step(ruling, "positiv-Wirkung: the increase is doubled, %(before)s → %(after)s.")
    assert [c.key for c in doubled.citations] == [NP_POSITIV]


def test_PD_3_target_under_no_effect_negativ_positiv_not_applicable():
    ruling = WIRKUNG.evaluate({**SETUP, "opponent_planet": "mars", "opponent_effects": []})
    assert ruling.value("change") == 20
    assert ruling.value("factor") == 1
    skipped = ruling.by_outcome(Outcome.NOT_APPLICABLE)
    assert len(skipped) == 1
    assert skipped[0].message.id == "The negativ-positiv-Wirkung does not affect the monster."
    assert [c.key for c in skipped[0].citations] == [NP_RULES]
    assert "under no effect" in skipped[0].reason.render()
    assert NP_POSITIV not in keys(ruling) and NP_NEGATIV not in keys(ruling)
    # an effect on another attribute does not count either
    other = WIRKUNG.evaluate({**SETUP, "opponent_planet": "mars", "opponent_effects": ["other"]})
    assert other.value("change") == 20


def test_PD_4_merkur_attacker_wirkung_does_not_apply():
    ruling = WIRKUNG.evaluate({**PD1, "monster_planet": "merkur", "base_value": 100})
    assert ruling.value("applies") is False
    assert ruling.value("change") == 0
    assert ruling.value("result") == 100
    skipped = ruling.by_outcome(Outcome.NOT_APPLICABLE)
    assert [s.message.id for s in skipped] == ["The Wirkung does not reach a monster of this planet."]
    assert WIRKUNG_SCOPE in {c.key for c in skipped[0].citations}
    assert "Merkur" in skipped[0].reason.render()
    assert not ruling.by_outcome(Outcome.APPLIED)


def test_PD_5_wirkungsbegrenzung_venus():
    data = {"limit_planet": "venus", "cost_change": -1,
            "monsters": [{"planet": "venus", "cost": 4, "side": "own"},
                         {"planet": "mars", "cost": 4, "side": "own"}]}
    for ruling in (WB.evaluate(data), WB.evaluate_form(to_form(WB, data))):
        assert ruling.value("costs") == (3, 4)
        assert ruling.value("affected") == (True, False)
        venus = find_step(ruling, "Monster %(number)s (%(planet)s) pays %(paid)s Energiepunkte "
                                  "instead of %(cost)s.")
        assert venus.outcome is Outcome.APPLIED and [c.key for c in venus.citations] == [WB_RULE]
        mars = ruling.by_outcome(Outcome.NOT_APPLICABLE)
        assert len(mars) == 1 and [c.key for c in mars[0].citations] == [WB_RULE]
        assert {WB_CARD, WB_RULE} <= keys(ruling)
        assert len(ruling.notes) == 1  # left/right contradiction noted


PD6 = {"base_ap": 100, "effects": [
    {"source": "guardian-wirkung", "activated": 1, "attribute": "ap", "operation": "add",
     "amount": 20},
    {"source": "energy", "activated": 2, "attribute": "ap", "operation": "halve"}]}


def test_PD_6_energy_after_guardian_evaluated_first():
    for ruling in (ORDER_SCENARIO.evaluate(PD6),
                   ORDER_SCENARIO.evaluate_form(to_form(ORDER_SCENARIO, PD6))):
        assert ruling.value("order") == (2, 1)
        assert ruling.value("ap") == 70
        evaluated = [s for s in ruling.steps if s.message.id.startswith("Effect %(number)s")]
        assert [(s.message.param_dict()["before"], s.message.param_dict()["after"])
                for s in evaluated] == [("100", "50"), ("50", "70")]
        assert all({c.key for c in s.citations} == {RANK, ORDER} for s in evaluated)
        assert {RANK, ORDER, ORDER_REGULAR} <= keys(ruling, Outcome.APPLIED)
        assert not ruling.by_outcome(Outcome.SILENT)  # rank and recency agree


@pytest.mark.parametrize("source, expected", [
    ("energy", False), ("monster", False), ("gravitation-energy", True),
    ("guardian-spezial-wirkung", False), ("guardian-wirkung", False)])
def test_PD_7_effects_aimed_at_a_guardian(source, expected):
    data = {"source": source, "target": "guardian", "target_side": "opposing"}
    for ruling in (IMMUNITY_SCENARIO.evaluate(data),
                   IMMUNITY_SCENARIO.evaluate_form(to_form(IMMUNITY_SCENARIO, data))):
        assert ruling.value("affects") is expected
        assert keys(ruling) == {IMMUNITY}
        assert ruling.steps[0].outcome is (Outcome.APPLIED if expected else Outcome.NOT_APPLICABLE)


def test_PD_7_sides_do_not_matter_for_monster_energy_and_gravitation():
    for source, expected in (("energy", False), ("monster", False), ("gravitation-energy", True)):
        ruling = IMMUNITY_SCENARIO.evaluate({"source": source, "target": "guardian",
                                             "target_side": "own"})
        assert ruling.value("affects") is expected
        assert keys(ruling) == {IMMUNITY}


# --------------------------------------------------------------------------
# Worked examples
# --------------------------------------------------------------------------

EXAMPLES = [(scenario, example) for scenario in RULESET.scenarios for example in scenario.examples]


@pytest.mark.parametrize("scenario, example", EXAMPLES,
                         ids=[f"{s.slug}:{e.slug}" for s, e in EXAMPLES])
def test_examples_evaluate_to_expected_values(scenario, example):
    ruling = scenario.evaluate(example.inputs)
    for name, value in example.expected.items():
        assert ruling.value(name) == value
    assert example.source in scenario.citations
    assert example.source.key in CLAUSE_TEXT


def test_there_are_examples_for_the_texts_examples():
    assert {e.source.key for s, e in EXAMPLES if s.slug != "situation"} == {NP_ACTIVE, WB_RULE, ORDER}
