"""Half points: their rounding is open; the readings cite the clause that produces
the half (negativ-positiv-Wirkung ¶3 halves an increase, ¶4 a reduction; an effect's own halving
is evaluated under Behandlung der Reihenfolge ¶3)."""

from __future__ import annotations

from fractions import Fraction

from engine.powerduell import Clause, SITUATION
from tests.engine.powerduell.common import WIRKUNG


def _keys(reading) -> set[str]:
    return {c.key for c in reading.citations}


HALVED_INCREASE = {"base_planet": "venus", "left_planet": "mars", "right_planet": "erde", "attribute": "ap",
      "amount": 25, "monster_planet": "venus", "combat": "attacking", "opponent_planet": "erde",
      "opponent_effects": ["lp"], "base_value": 100}


def test_d5_rounding_of_a_negativ_halving_cites_negativ_positiv_p3():
    ruling = WIRKUNG.evaluate(HALVED_INCREASE)
    readings = ruling.readings_of("half-points")
    assert [r.value("change") for r in readings] == [Fraction(25, 2), 12, 13]
    assert [r.value("result") for r in readings] == [Fraction(225, 2), 112, 113]
    assert all(_keys(r) == {Clause.NP_NEGATIV.value} for r in readings)


def test_d5_rounding_of_a_positiv_halving_cites_negativ_positiv_p4():
    ruling = WIRKUNG.evaluate({**HALVED_INCREASE, "amount": -25, "opponent_planet": "mars"})
    readings = ruling.readings_of("half-points")
    assert [r.value("result") for r in readings] == [Fraction(175, 2), 87, 88]
    assert all(_keys(r) == {Clause.NP_POSITIV.value} for r in readings)


def test_d5_in_the_situation_the_half_points_step_and_readings_cite_the_halving_clause():
    ruling = SITUATION.evaluate({
        "active_side": "a", "guardians": [{"side": "a", "base_planet": "venus",
                                           "left_planet": "mars", "right_planet": "erde",
                                           "wirkung_attribute": "ap", "wirkung_amount": 25}],
        "monsters": [{"side": "a", "planet": "venus", "ap": 100},
                     {"side": "b", "planet": "erde", "lp": 100}],
        "attacker": 1, "target": 2,
        "effects": [{"source": "energy", "source_side": "b", "target_monster": 2,
                     "attribute": "lp", "operation": "subtract", "amount": 10}]})
    readings = ruling.readings_of("monster-1-half-points")
    assert [r.value("monster_1_ap") for r in readings] == [Fraction(225, 2), 112, 113]
    assert all(_keys(r) == {Clause.NP_NEGATIV.value} for r in readings)
    step = next(s for s in ruling.steps if "has half points from" in s.message.id)
    assert {c.key for c in step.citations} == {Clause.NP_NEGATIV.value}
