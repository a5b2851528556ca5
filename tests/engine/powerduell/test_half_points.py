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


# A card whose two small symbols are one planet (Erde left and right): an attack target of
# that planet meets both conditions, so the increase is halved (negativ-Wirkung, ¶3), then
# doubled (positiv-Wirkung, ¶4).  An odd increase passes through a half between them: its
# rounding is as open as any other half (a judge's table).
BOTH_SYMBOLS = {**HALVED_INCREASE, "left_planet": "erde", "right_planet": "erde", "amount": 15,
                "opponent_effects": ["dp"]}


def test_a_half_between_the_two_influences_of_one_planet_is_not_rounded():
    """Judge round 18 (PD-B): negativ-positiv ¶3 and ¶4 give the two influences no order;
    positiv first (+15 → +30 → +15) leaves no half, so none between them is rounded (the
    readings 114 / 116 rested on an order no text gives)."""
    ruling = WIRKUNG.evaluate(BOTH_SYMBOLS)
    assert ruling.readings_of("half-points") == ()
    assert (ruling.value("change"), ruling.value("result")) == (15, 115)
    assert ruling.value("factor") == 1


def test_an_even_increase_under_both_influences_has_no_half_and_no_readings():
    ruling = WIRKUNG.evaluate({**BOTH_SYMBOLS, "amount": 16})
    assert ruling.readings_of("half-points") == ()
    assert ruling.value("result") == 116


def test_in_the_situation_the_half_between_both_influences_is_not_rounded_either():
    ruling = SITUATION.evaluate({
        "active_side": "a", "guardians": [{"side": "a", "base_planet": "venus",
                                           "left_planet": "erde", "right_planet": "erde",
                                           "wirkung_attribute": "ap", "wirkung_amount": 15}],
        "monsters": [{"side": "a", "planet": "venus", "ap": 100},
                     {"side": "b", "planet": "erde", "dp": 100}],
        "attacker": 1, "target": 2,
        "effects": [{"source": "energy", "source_side": "b", "target_monster": 2,
                     "attribute": "dp", "operation": "subtract", "amount": 10}]})
    assert ruling.readings_of("monster-1-half-points") == ()
    assert ruling.value("monster_1_ap") == 115
