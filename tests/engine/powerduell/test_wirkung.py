"""The Wirkung, the negativ-positiv-Wirkung and their open points."""

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
# Rules beyond the cases
# --------------------------------------------------------------------------

def test_reading_chain_follows_the_text():
    card = GuardianSymbols(Planet.MERKUR, left=Planet.MARS, right=Planet.ERDE)
    # "Mars wirkt positiv auf Merkur und Merkur positiv auf Erde"
    assert influences(card, Planet.MARS, Planet.MERKUR) == {Influence.POSITIV}
    assert influences(card, Planet.MERKUR, Planet.ERDE) == {Influence.POSITIV}
    # "Erde wirkt negativ auf Merkur und Merkur negativ auf Mars"
    assert influences(card, Planet.ERDE, Planet.MERKUR) == {Influence.NEGATIV}
    assert influences(card, Planet.MERKUR, Planet.MARS) == {Influence.NEGATIV}
    # no link skips the base planet, and no link runs against the reading direction
    assert influences(card, Planet.MARS, Planet.ERDE) == frozenset()
    assert influences(card, Planet.ERDE, Planet.MARS) == frozenset()
    assert influences(GuardianSymbols(Planet.VENUS), Planet.MARS, Planet.VENUS) == frozenset()


def test_np_factor_table():
    assert np_factor(Influence.NEGATIV, 20) == Fraction(1, 2)
    assert np_factor(Influence.NEGATIV, -20) == 2
    assert np_factor(Influence.POSITIV, 20) == 2
    assert np_factor(Influence.POSITIV, -20) == Fraction(1, 2)
    with pytest.raises(ValueError):
        np_factor(Influence.POSITIV, 0)


def test_reduction_doubled_by_negativ_and_halved_by_positiv():
    neg = WIRKUNG.evaluate({**PD1, "attribute": "dp", "amount": -30, "base_value": 100})
    assert (neg.value("change"), neg.value("result")) == (-60, 40)
    find_step(neg, "negativ-Wirkung: the reduction is doubled, %(before)s → %(after)s.")
    pos = WIRKUNG.evaluate({**PD1, "opponent_planet": "mars", "amount": -30})
    assert pos.value("change") == -15
    assert NP_POSITIV in keys(pos)


def test_odd_halving_keeps_the_exact_value():
    ruling = WIRKUNG.evaluate({**PD1, "amount": 15, "base_value": 100})
    assert ruling.value("change") == Fraction(15, 2)
    assert ruling.value("result") == Fraction(215, 2)
    silent = find_step(ruling, "Halving %(before)s gives %(after)s.")
    assert silent.outcome is Outcome.SILENT and [c.key for c in silent.citations] == [NP_NEGATIV]


def test_only_the_active_sides_negativ_positiv_counts():
    ruling = WIRKUNG.evaluate({**PD1, "guardian_side_active": False})
    assert ruling.value("change") == 20
    step = find_step(ruling, "The negativ-positiv-Wirkung of this card does not count.")
    assert step.outcome is Outcome.NOT_APPLICABLE and [c.key for c in step.citations] == [NP_ACTIVE]


def test_not_in_combat_no_negativ_positiv():
    ruling = WIRKUNG.evaluate({**SETUP, "combat": "none"})
    assert ruling.value("change") == 20
    assert "not in a combat" in ruling.by_outcome(Outcome.NOT_APPLICABLE)[0].reason.render()


def test_target_planet_matching_no_symbol():
    ruling = WIRKUNG.evaluate({**PD1, "opponent_planet": "jupiter"})
    assert ruling.value("change") == 20
    reason = ruling.by_outcome(Outcome.NOT_APPLICABLE)[0].reason.render()
    assert "Jupiter" in reason


def test_all_failing_conditions_are_listed():
    ruling = WIRKUNG.evaluate({**PD1, "guardian_side_active": False, "opponent_planet": "saturn",
                               "opponent_effects": []})
    assert len(ruling.by_outcome(Outcome.NOT_APPLICABLE)) == 3
    assert ruling.value("change") == 20


def test_a_defending_monster_is_the_attack_target_first():
    """negativ-positiv-wirkung.p2 names the Angriffsziel's planet, and the defending monster is
    the Angriffsziel: its own planet decides first (Venus, neither small symbol, and under no
    effect: nothing halved); the attacking Erde monster's, Fall 1's halving, is the other
    reading."""
    ruling = WIRKUNG.evaluate({**PD1, "combat": "defending"})
    assert ruling.value("change") == 20 and ruling.value("factor") == 1
    step = find_step(ruling, "The defending monster was taken as the attack target.")
    assert step.outcome is Outcome.SILENT and step.point == "np-defending"
    first, other = ruling.readings_of("np-defending")
    assert (first.value("change"), other.value("change")) == (20, 10)


def test_target_planet_equal_to_both_symbols():
    ruling = WIRKUNG.evaluate({**SETUP, "left_planet": "erde", "opponent_planet": "erde",
                               "opponent_effects": ["lp"]})
    assert ruling.value("change") == 20
    assert ruling.value("factor") == 1
    step = find_step(ruling, "Both negativ-Wirkung and positiv-Wirkung were applied.")
    assert step.outcome is Outcome.SILENT and step.point == "np-same-planet"
    assert {NP_NEGATIV, NP_POSITIV} <= keys(ruling, Outcome.APPLIED)
    # negativ-positiv ¶2 asks for the one symbol or the other: each reading is shown
    both, negativ, positiv = ruling.readings_of("np-same-planet")
    assert [(r.value("change"), r.value("factor")) for r in (both, negativ, positiv)] == [
        (20, 1), (10, Fraction(1, 2)), (40, 2)]
    assert [c.key for c in negativ.citations] == [NP_RULES, NP_NEGATIV]
    # a planet that is neither symbol's, or a different planet on each side: nothing open
    assert WIRKUNG.evaluate({**SETUP, "opponent_planet": "erde",
                             "opponent_effects": ["lp"]}).readings == ()


def test_np_card_limits_wirkung_to_own_base_planet_monsters():
    opposing = WIRKUNG.evaluate({**PD1, "monster_side": "opposing", "extends_to_opposing_side": True})
    assert opposing.value("applies") is False
    assert find_step(opposing, "The Wirkung of a card with negativ-positiv-Wirkung applies only "
                               "to own monster cards of its Basis-Planetensymbol.").outcome \
        is Outcome.SILENT
    assert NP_RULES in {c.key for c in opposing.by_outcome(Outcome.NOT_APPLICABLE)[0].citations}
    described = WIRKUNG.evaluate({**PD1, "scope": "all", "monster_planet": "mars"})
    assert described.value("applies") is False


def test_card_without_small_symbols_follows_its_description():
    plain = {**SETUP, "left_planet": None, "right_planet": None, "opponent_planet": "erde",
             "opponent_effects": ["dp"]}
    ruling = WIRKUNG.evaluate(plain)
    assert ruling.value("change") == 20
    assert find_step(ruling, "No negativ-positiv-Wirkung.").outcome is Outcome.NOT_APPLICABLE
    assert WIRKUNG.evaluate({**plain, "monster_planet": "mars"}).value("applies") is False
    assert WIRKUNG.evaluate({**plain, "monster_planet": "mars", "scope": "all"}).value("applies")
    listed = {**plain, "scope": "listed", "listed_planets": ["mars", "erde"]}
    assert WIRKUNG.evaluate({**listed, "monster_planet": "mars"}).value("applies") is True
    assert WIRKUNG.evaluate({**listed, "monster_planet": "venus"}).value("applies") is False
    opposing = WIRKUNG.evaluate({**plain, "monster_side": "opposing"})
    assert opposing.value("applies") is False
    assert keys(opposing) == {IMMUNITY}
    extended = WIRKUNG.evaluate({**plain, "monster_side": "opposing",
                                 "extends_to_opposing_side": True})
    assert extended.value("applies") is True and IMMUNITY in keys(extended, Outcome.APPLIED)


def test_single_small_symbol_is_a_wirkungsbegrenzung_not_negativ_positiv():
    ruling = WIRKUNG.evaluate({**PD1, "left_planet": None})
    assert ruling.value("change") == 20
    step = find_step(ruling, "No negativ-positiv-Wirkung.")
    assert {c.key for c in step.citations} == {NP_CARD, WB_CARD, WB_RULE}


def test_wirkung_below_zero_is_silent():
    ruling = WIRKUNG.evaluate({**SETUP, "combat": "none", "amount": -50, "base_value": 30})
    assert ruling.value("result") == -20
    assert find_step(ruling, "The value is below 0.").outcome is Outcome.SILENT



def test_module_doctests():
    import doctest

    import engine.powerduell

    result = doctest.testmod(engine.powerduell)
    assert result.attempted >= 8 and result.failed == 0


def test_opponent_planet_only_needed_for_a_negativ_positiv_card():
    ruling = WIRKUNG.evaluate({**SETUP, "left_planet": None, "right_planet": None})
    assert ruling.value("change") == 20
    single = WIRKUNG.evaluate({**SETUP, "right_planet": None})
    assert single.value("change") == 20


def test_on_a_table_each_reach_step_names_its_monster_and_card():
    """A judge with two Schutzgottkarten and two monsters read "The Wirkung does not reach a
    monster of the opposing side." twice without knowing which monster and which card."""
    ruling = SITUATION.evaluate({
        "active_side": "b",
        "guardians": [{"side": "a", "base_planet": "venus", "left_planet": "mars",
                       "right_planet": "erde", "wirkung_attribute": "ap", "wirkung_amount": 20},
                      {"side": "b", "base_planet": "mars", "wirkung_attribute": "dp",
                       "wirkung_amount": 30}],
        "monsters": [{"side": "b", "planet": "mars", "ap": 80, "dp": 100},
                     {"side": "a", "planet": "venus", "ap": 100, "dp": 100}],
        "attacker": 1, "target": 2})
    reach = [s for s in ruling.steps if "reach" in s.message.render()]
    assert len(reach) == 4
    pairs = {(s.message.param_dict()["number"], s.message.param_dict()["side"].id)
             for s in reach}
    assert pairs == {(1, "side A"), (2, "side A"), (1, "side B"), (2, "side B")}
    assert all(s.message.render().startswith("Monster ") for s in reach)


# --------------------------------------------------------------------------
# Open points of the Wirkung: each reading with its values and clauses
# --------------------------------------------------------------------------




def test_a_defending_monster_shows_both_readings_of_who_is_the_attack_target():
    ruling = WIRKUNG.evaluate(DEFENDING)
    assert ruling.value("change") == -30 and ruling.value("factor") == 1
    assert ruling.open_points() == ("np-defending",)
    first, other = ruling.readings_of("np-defending")
    assert first.presented_first and first.why is not None
    assert (first.value("change"), first.value("factor")) == (-30, 1)
    assert (other.value("change"), other.value("factor")) == (-15, Fraction(1, 2))
    assert [c.key for c in first.citations] == [NP_RULES]
    assert [c.key for c in other.citations] == [NP_RULES]
    # the attacker, where its planet decides, is not called the attack target
    assert not [s for s in ruling.steps if s.message.id.startswith("negativ-positiv conditions")]
    read = rule_under(WIRKUNG, DEFENDING, {"np-defending": "attacker"})
    met = next(s for s in read.steps if s.message.id.startswith("negativ-positiv conditions"))
    assert "the attacking monster (taken in place of the attack target)" in met.message.id
    assert read.value("change") == -15
    attacking = WIRKUNG.evaluate({**DEFENDING, "combat": "attacking"})
    assert attacking.readings == ()


def test_a_description_naming_planets_shows_both_readings_of_the_np_limit():
    inputs = {"guardian_side_active": False, "base_planet": "venus", "left_planet": "mars",
              "right_planet": "erde", "attribute": "ap", "amount": 20, "scope": "listed",
              "listed_planets": ["jupiter", "saturn"], "monster_planet": "jupiter",
              "base_value": 100}
    ruling = WIRKUNG.evaluate(inputs)
    assert ruling.value("applies") is False and ruling.value("result") == 100
    assert ruling.open_points() == ("np-scope",)
    first, other = ruling.readings_of("np-scope")
    assert first.presented_first
    assert (first.value("applies"), first.value("change"), first.value("result")) == (
        False, 0, 100)
    assert (other.value("applies"), other.value("change"), other.value("result")) == (
        True, 20, 120)
    assert [c.key for c in first.citations] == [NP_RULES]
    assert {c.key for c in other.citations} == {P + "effekte-der-schutzgottkarte.p3",
                                                 P + "kartenaufbau.p3"}
    plain = WIRKUNG.evaluate({**inputs, "scope": "base", "monster_planet": "venus"})
    assert plain.readings == ()


def test_a_description_naming_only_the_base_planet_names_no_other_monsters():
    """The text's own example ("Venus-Monsterkarten erhalten 20 Punkte", base Venus): a
    description that names only the Basis-Planetensymbol agrees with negativ-positiv ¶2, so
    nothing is open and the ruling is the one of a description naming nothing else."""
    inputs = {"guardian_side_active": True, "base_planet": "venus", "left_planet": "mars",
              "right_planet": "erde", "attribute": "ap", "amount": 20, "scope": "listed",
              "listed_planets": ["venus"], "monster_planet": "venus", "combat": "attacking",
              "opponent_planet": "erde", "opponent_effects": ["dp"], "base_value": 100}
    ruling = WIRKUNG.evaluate(inputs)
    assert ruling.readings == () and ruling.open_points() == ()
    assert (ruling.value("change"), ruling.value("result")) == (10, 110)  # Fall 1: halved
    base = WIRKUNG.evaluate({**inputs, "scope": "base", "listed_planets": []})
    assert [v.value for v in ruling.values] == [v.value for v in base.values]
    assert ruling.steps == base.steps  # no "np-scope" step: nothing for it to limit
    wider = WIRKUNG.evaluate({**inputs, "listed_planets": ["venus", "jupiter"],
                             "monster_planet": "jupiter"})
    # a Jupiter monster, if reached: the small symbol Erde halves (110), while the reading
    # chain has Erde act on Venus only (120), read together with np-scope
    assert wider.open_points() == ("np-scope", "together")
    assert sorted(r.value("result") for r in wider.readings_of("together")) == [
        100, 100, 110, 120]


def test_the_situation_shows_both_readings_for_a_defending_monster():
    ruling = SITUATION.evaluate({
        "active_side": "a",
        "guardians": [{"side": "a", "base_planet": "mars", "left_planet": "venus",
                       "right_planet": "jupiter", "wirkung_attribute": "dp",
                       "wirkung_amount": -30}],
        "monsters": [{"side": "a", "planet": "mars", "dp": 100},
                     {"side": "b", "planet": "venus", "ap": 100}],
        "attacker": 2, "target": 1,
        "effects": [{"source": "energy", "source_side": "a", "target_monster": 2,
                     "attribute": "ap", "operation": "add", "amount": 10}]})
    assert ruling.value("monster_1_dp") == 70
    assert ruling.value("monster_1_np_factor") == 1
    first, other = ruling.readings_of("monster-1-np-defending")
    assert first.presented_first and first.value("monster_1_dp") == 70
    assert other.value("monster_1_dp") == 85
    assert [c.key for c in other.citations] == [NP_RULES]


def test_the_situation_shows_both_readings_of_a_description_naming_planets():
    ruling = SITUATION.evaluate({
        "active_side": "b",
        "guardians": [{"side": "a", "base_planet": "venus", "left_planet": "mars",
                       "right_planet": "erde", "wirkung_attribute": "ap", "wirkung_amount": 20,
                       "wirkung_scope": "listed", "wirkung_planets": ["jupiter", "saturn"]}],
        "monsters": [{"side": "a", "planet": "jupiter", "ap": 100},
                     {"side": "a", "planet": "venus", "ap": 100}]})
    assert ruling.value("monster_1_ap") == 100 and ruling.value("monster_2_ap") == 120
    first, other = ruling.readings_of("monster-1-np-scope-a")
    assert first.presented_first and first.value("monster_1_ap") == 100
    assert other.value("monster_1_ap") == 120
    assert {c.key for c in other.citations} == {WIRKUNG_SCOPE, IMMUNITY}
    assert [r.value("monster_2_ap") for r in ruling.readings_of("monster-2-np-scope-a")] == [
        120, 100]


def _two_wirkungen(second_attribute: str) -> Ruling:
    """A Venus monster under side A's Wirkung (+20 AP) and side B's Wirkung (-30 on
    ``second_attribute``), which names all monster cards and reaches the opposing side."""
    return SITUATION.evaluate({
        "active_side": "b",
        "guardians": [
            {"side": "a", "base_planet": "venus", "wirkung_attribute": "ap",
             "wirkung_amount": 20},
            {"side": "b", "base_planet": "mars", "wirkung_attribute": second_attribute,
             "wirkung_amount": -30, "wirkung_scope": "all", "extends_to_opposing_side": True}],
        "monsters": [{"side": "a", "planet": "venus", "ap": 100, "dp": 50}]})


def test_the_wirkungen_change_of_one_attribute_is_one_number():
    ruling = _two_wirkungen("ap")
    assert (ruling.value("monster_1_ap"), ruling.value("monster_1_wirkung_change")) == (90, -10)


def test_changes_of_two_attributes_are_never_added_up():
    # +20 AP and -30 DP are no "change of -10": each attribute's change is given
    ruling = _two_wirkungen("dp")
    assert (ruling.value("monster_1_ap"), ruling.value("monster_1_dp")) == (120, 20)
    assert ruling.value("monster_1_wirkung_change") == (("ap", 20), ("dp", -30))
    (change,) = [v for v in ruling.values if v.name == "monster_1_wirkung_change"]
    assert [item.render() for item in change.shown] == ["AP +20", "DP -30"]


@pytest.mark.parametrize("planet, scope, ap", [
    ("venus", {}, 100), ("mars", {}, 50),
    ("venus", {"wirkung_scope": "all"}, 50),
    ("venus", {"wirkung_scope": "listed", "wirkung_planets": ["venus"]}, 50),
    ("erde", {"wirkung_scope": "listed", "wirkung_planets": ["venus"]}, 100)])
def test_a_wirkung_listed_as_an_effect_keeps_its_planet_scope(planet, scope, ap):
    """Judge round 15, PD-J3b: "halve AP" listed as the Wirkung of a Mars card reaches only
    its own Mars monsters unless its description names others (effekte-der-schutzgottkarte
    ¶3), given on the card even without a Wirkung of points."""
    ruling = SITUATION.evaluate({
        "guardians": [{"side": "a", "base_planet": "mars", **scope}],
        "monsters": [{"side": "a", "planet": planet, "ap": 100}],
        "effects": [{"source": "guardian-wirkung", "source_side": "a", "target_monster": 1,
                     "attribute": "ap", "operation": "halve"}]})
    assert ruling.value("monster_1_ap") == ap
    assert ruling.value("effect_1_affects") is (ap == 50)
    assert ruling.complete


def test_an_extended_spezial_wirkung_on_the_opposing_side_says_why_it_reaches():
    """Judge round 15 (PD-J3): a listed Spezial-Wirkung of side B's card on side A's monster
    reaches it because the description extends it (kartenaufbau ¶3); the situation says so."""
    ruling = SITUATION.evaluate({
        "guardians": [{"side": "b", "base_planet": "mars",
                       "spezial_extends_to_opposing_side": True}],
        "monsters": [{"side": "a", "planet": "venus", "ap": 100}],
        "effects": [{"source": "guardian-spezial-wirkung", "source_side": "b",
                     "target_monster": 1, "attribute": "ap", "operation": "halve"}]})
    assert ruling.value("monster_1_ap") == 50
    (step,) = [s for s in ruling.steps
               if s.message.id == "The description extends the effect to the opposing side."]
    assert [c.key for c in step.citations] == ["1.2.4.kartenaufbau.p3"]


def test_a_reading_that_rests_on_another_points_first_reading_is_shown_together():
    """Judge round 16 (PD5): a Merkur attacker (+30 AP by an Energiekarte) of a Venus card
    (Mars, Erde) attacks an Erde target. "np-all-changes: every change" gives 115 only with
    np-chain's first reading (the small symbol decides); where the reading chain decides,
    np-all-changes is not met and AP stays 130. The readings together say so."""
    ruling = SITUATION.evaluate({
        "active_side": "a", "guardians": [{
            "side": "a", "base_planet": "venus", "left_planet": "mars", "right_planet": "erde",
            "wirkung_attribute": "ap", "wirkung_amount": 20}],
        "monsters": [{"side": "a", "planet": "merkur", "ap": 100},
                     {"side": "b", "planet": "erde", "dp": 100}],
        "attacker": 1, "target": 2, "effects": [
            {"source": "energy", "source_side": "a", "target_monster": 1, "attribute": "ap",
             "operation": "add", "amount": 30},
            {"source": "energy", "source_side": "b", "target_monster": 2, "attribute": "dp",
             "operation": "subtract", "amount": 10}]})
    assert [r.value("monster_1_ap") for r in ruling.readings_of("monster-1-np-all-changes")
            ] == [130, 115]
    together = ruling.readings_of("together")
    assert [r.value("monster_1_ap") for r in together] == [130, 115, 130]
    assert together[2].label.render().startswith("The reading chain decides")
