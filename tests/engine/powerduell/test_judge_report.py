"""New table situations from the judge's report (worked out from the texts), as rulings."""

from __future__ import annotations

from fractions import Fraction

from engine.powerduell import RULESET, SITUATION
from tests.engine.powerduell.test_declarations import OPEN_POINTS

A_GUARDIAN = {"side": "a", "base_planet": "venus", "left_planet": "mars", "right_planet": "erde",
              "wirkung_attribute": "ap", "wirkung_amount": 20}


def _points(ruling, point: str, name: str) -> list:
    return [reading.value(name) for reading in ruling.readings_of(point)]


def test_pd_n2_the_attack_target_on_the_other_side_keeps_its_value():
    """np ¶2 (Erde wirkt negativ auf Venus: the target acts on the attacker) and
    kartenaufbau ¶3 (own side only): B's Erde monster stays at LP 90; +15 halved is open."""
    ruling = SITUATION.evaluate({
        "active_side": "a", "guardians": [{**A_GUARDIAN, "wirkung_amount": 15}],
        "monsters": [{"side": "a", "planet": "venus", "ap": 100},
                     {"side": "b", "planet": "erde", "lp": 100}],
        "attacker": 1, "target": 2,
        "effects": [{"source": "energy", "source_side": "b", "target_monster": 2,
                     "attribute": "lp", "operation": "subtract", "amount": 10}]})
    assert ruling.value("monster_2_lp") == 90
    assert ruling.open_points() == ("monster-1-half-points",)
    assert _points(ruling, "monster-1-half-points", "monster_1_ap") == [Fraction(215, 2), 107, 108]


def test_pd_n3_and_n8_no_reading_changes_the_other_sides_monster():
    n3 = SITUATION.evaluate({
        "active_side": "a", "guardians": [{**A_GUARDIAN, "wirkung_attribute": "dp",
                                           "wirkung_amount": -20}],
        "monsters": [{"side": "a", "planet": "venus", "dp": 100},
                     {"side": "b", "planet": "mars", "ep": 5}],
        "attacker": 1, "target": 2,
        "effects": [{"source": "energy", "source_side": "b", "target_monster": 2,
                     "attribute": "ep", "operation": "subtract", "amount": 1},
                    {"source": "energy", "source_side": "a", "target_monster": 1,
                     "attribute": "dp", "operation": "add", "amount": 30}]})
    assert (n3.value("monster_1_dp"), n3.value("monster_2_ep")) == (120, 4)
    assert n3.open_points() == ("monster-1-np-all-changes",)
    assert _points(n3, "monster-1-np-all-changes", "monster_1_dp") == [120, 150]
    n8 = SITUATION.evaluate({
        "active_side": "a", "attacker": 1, "target": 2,
        "guardians": [A_GUARDIAN, {"side": "b", "base_planet": "mars", "wirkung_attribute": "dp",
                                   "wirkung_amount": 10}],
        "monsters": [{"side": "a", "planet": "venus", "ap": 100, "dp": 100},
                     {"side": "b", "planet": "mars", "ap": 100, "dp": 100}]})
    assert (n8.value("monster_1_ap"), n8.value("monster_2_dp")) == (140, 110)
    assert n8.readings == ()


def test_pd_n4b_rank_one_shows_both_places():
    """reihenfolge ¶1: "2 von 3" against "ihre Effekte stehen über allen anderen Effekten"."""
    ruling = SITUATION.evaluate({
        "active_side": "a", "guardians": [{"side": "a", "base_planet": "venus",
                                           "wirkung_attribute": "ap", "wirkung_amount": 20}],
        "monsters": [{"side": "a", "planet": "venus", "ap": 100}],
        "effects": [{"source": "energy", "source_side": "b", "target_monster": 1,
                     "attribute": "ap", "operation": "add", "amount": 10},
                    {"source": "rank-1", "source_side": "b", "target_monster": 1,
                     "attribute": "ap", "operation": "halve"}]})
    assert _points(ruling, "monster-1-rank-one", "monster_1_ap") == [65, 75]
    assert _points(ruling, "monster-1-rank-or-recency", "monster_1_ap") == [65, 80]


def test_pd_n5_own_spezial_wirkung_on_own_guardian_is_open_the_rest_settled():
    ruling = SITUATION.evaluate({
        "active_side": "a",
        "guardians": [{"side": "a", "base_planet": "venus",
                       "spezial_extends_to_opposing_side": True},
                      {"side": "b", "base_planet": "mars"}],
        "effects": [{"source": "guardian-spezial-wirkung", "source_side": "a",
                     "target_guardian": "a"},
                    {"source": "gravitation-energy", "source_side": "b", "target_guardian": "a"},
                    {"source": "guardian-spezial-wirkung", "source_side": "a",
                     "target_guardian": "b"},
                    {"source": "monster", "source_side": "b", "target_guardian": "a"}]})
    assert [ruling.value(f"effect_{n}_affects") for n in (2, 3, 4)] == [True, False, False]
    assert ruling.open_points() == ("effect-1-spezial-on-own-guardian",)
    assert _points(ruling, "effect-1-spezial-on-own-guardian", "effect_1_affects") == [
        True, False]
    focused = RULESET.scenario("guardian-immunity").evaluate({
        "source": "guardian-spezial-wirkung", "target": "guardian", "target_side": "opposing",
        "extends_to_opposing_side": True})
    assert focused.value("affects") is False and focused.settled


def test_pd_n6_a_cost_below_zero_is_open():
    ruling = SITUATION.evaluate({
        "active_side": "a",
        "guardians": [{"side": "a", "base_planet": "venus", "right_planet": "mars",
                       "wirkung_attribute": "ap", "wirkung_amount": 20, "spezial_cost_change": -2,
                       "spezial_extends_to_opposing_side": True}],
        "monsters": [{"side": "a", "planet": "venus", "ap": 100, "cost": 3},
                     {"side": "a", "planet": "mars", "ap": 100, "cost": 1},
                     {"side": "b", "planet": "mars", "cost": 4}]})
    assert [ruling.value(f"monster_{n}_cost") for n in (1, 2, 3)] == [3, 0, 2]
    assert ruling.value("monster_1_ap") == 120
    assert _points(ruling, "monster-2-cost-below-zero", "monster_2_cost") == [0, -1]


def test_another_cards_halving_or_doubling_is_a_reduction_or_an_increase_np_may_scale():
    """np ¶3, ¶4 "alle Reduzierungen … Erhöhungen": halving a value is a reduction, doubling
    it an increase, as an addition or a subtraction is, and so is setting it; whether np
    scales another card's change is the same open point for all (the first reading: the
    Wirkung's only)."""
    def ruling(target_planet, operation, amount=None):
        return SITUATION.evaluate({
            "active_side": "a", "guardians": [A_GUARDIAN],
            "monsters": [{"side": "a", "planet": "venus", "ap": 100},
                         {"side": "b", "planet": target_planet, "dp": 100}],
            "attacker": 1, "target": 2,
            "effects": [{"source": "energy", "source_side": "b", "target_monster": 1,
                         "attribute": "ap", "operation": operation,
                         **({"amount": amount} if amount else {})},
                        {"source": "energy", "source_side": "b", "target_monster": 2,
                         "attribute": "dp", "operation": "add", "amount": 10}]})

    cases = {  # (target planet, operation, amount): AP under "Wirkung only", under "all"
        ("erde", "halve", None): [60, 10],     # negativ: −50 doubled, +20 halved
        ("erde", "subtract", 50): [60, 10],    # the same points as a subtraction
        ("erde", "double", None): [210, 160],  # negativ: +100 halved
        ("mars", "halve", None): [90, 115],    # positiv: −50 halved, +20 doubled
        ("mars", "double", None): [240, 340],  # positiv: +100 doubled
        # a value set is an increase or a reduction by what it changes (judge round 13)
        ("erde", "set", 150): [160, 135],      # negativ: +50 halved, +20 halved
        ("mars", "set", 150): [190, 240],      # positiv: +50 doubled, +20 doubled
        ("erde", "set", 60): [70, 30],         # negativ: −40 doubled, +20 halved
    }
    for (planet, operation, amount), expected in cases.items():
        found = ruling(planet, operation, amount)
        assert found.open_points() == ("monster-1-np-all-changes",), (planet, operation)
        assert _points(found, "monster-1-np-all-changes", "monster_1_ap") == expected
        assert found.value("monster_1_ap") == expected[0]


def test_a_point_whose_readings_agree_at_a_monster_is_not_counted_again():
    """Judge round 4 (X-PD-2): a negativ-positiv card whose Wirkung names all monsters.
    Whether that description prevails (np-scope, negativ-positiv ¶2 against effekte ¶3)
    changes side A's attacker (100 or 140), not side B's monster, which no reading reaches
    (kartenaufbau ¶3).  The step about the point at monster 2 is still told.  Read with it,
    np-chain (judge round 5) gives another value: the ruling rests on two points."""
    ruling = SITUATION.evaluate({
        "active_side": "a", "guardians": [{**A_GUARDIAN, "wirkung_scope": "all"}],
        "monsters": [{"side": "a", "planet": "mars", "ap": 100},
                     {"side": "b", "planet": "mars", "dp": 100}],
        "attacker": 1, "target": 2,
        "effects": [{"source": "energy", "source_side": "b", "target_monster": 2,
                     "attribute": "dp", "operation": "add", "amount": 10}]})
    assert ruling.open_points() == ("monster-1-np-scope-a", "together")
    assert _points(ruling, "monster-1-np-scope-a", "monster_1_ap") == [100, 140]
    # judge round 5: reached, the Mars attacker gets the positiv-Wirkung of the small left
    # symbol Mars (140), but not along the reading chain, where Mars acts on Venus (120)
    assert sorted(r.value("monster_1_ap") for r in ruling.readings_of("together")) == [
        100, 100, 120, 140]
    told = {s.point for s in ruling.steps if s.point}
    assert told == {"monster-1-np-scope-a", "monster-2-np-scope-a"}
    assert ruling.value("monster_2_dp") == 110 and ruling.leaves_open == 2


def test_the_reading_chain_never_widens_the_small_symbols():
    """Judge round 5 (X2b) as judge round 18 (PD-D) reads it: left Mars, base Merkur, right
    Erde; an Erde attacker (+10 AP from an energy card) on a Merkur target under a DP
    effect. negativ-positiv ¶2: the target's planet "muss" be a small symbol, and Merkur is
    the base planet, so nothing is scaled, whatever the reading chain says ("Merkur wirkt
    positiv auf Erde"): 110, settled (it was 110 or 120 read together)."""
    table = OPEN_POINTS["np-chain"][1]
    merkur = {**table, "monsters": [table["monsters"][0], {**table["monsters"][1],
                                                            "planet": "merkur"}]}
    ruling = SITUATION.evaluate(merkur)
    assert ruling.value("monster_1_ap") == 110
    assert ruling.readings == () and ruling.complete and ruling.settled
    # a Mars target (the left symbol): the chain narrows, "every change" doubles the +10
    ruling = SITUATION.evaluate(table)
    assert ruling.value("monster_1_ap") == 110
    assert sorted(r.value("monster_1_ap") for r in ruling.readings_of("together")) == [
        110, 110, 120]
    assert not ruling.settled


def test_a_value_that_falls_below_0_before_a_later_increase_is_open():
    """reihenfolge ¶3 rolls the effects up one by one and no text sets a lower limit
    (``value-below-zero``): under "a value cannot fall below 0" it stops at 0 where a change
    would take it below, and the Wirkung's later +20 counts from 0 (judge round 7, X2)."""
    ruling = SITUATION.evaluate({
        "active_side": "a", "guardians": [{"side": "a", "base_planet": "venus",
                                           "wirkung_attribute": "ap", "wirkung_amount": 20}],
        "monsters": [{"side": "a", "planet": "venus", "ap": 10}],
        "effects": [{"source": "energy", "source_side": "b", "target_monster": 1,
                     "attribute": "ap", "operation": "subtract", "amount": 30}]})
    assert ruling.value("monster_1_ap") == 0
    assert ruling.open_points() == ("monster-1-value-below-zero",)
    assert _points(ruling, "monster-1-value-below-zero", "monster_1_ap") == [0, 20]
    (below,) = [step for step in ruling.steps if step.point == "monster-1-value-below-zero"]
    assert below.message.params == (("attribute", below.message.params[0][1]), ("number", 1),
                                    ("value", "-20"))
    assert ruling.leaves_open == 1


def test_a_value_below_0_only_under_one_reading_of_another_point_is_read_together():
    """PD-H (judge round 7): np ¶4 halves the Wirkung's +20; whether it halves the Energie's
    -20 too is ``np-all-changes``. Only then AP falls below 0 (30 - 40), and whether it stops
    at 0 gives 10 beside 0 and 20."""
    ruling = SITUATION.evaluate({
        "active_side": "a", "guardians": [A_GUARDIAN],
        "monsters": [{"side": "a", "planet": "venus", "ap": 30},
                     {"side": "b", "planet": "erde", "dp": 100}],
        "attacker": 1, "target": 2,
        "effects": [{"source": "energy", "source_side": "b", "activated": 1, "target_monster": 2,
                     "attribute": "dp", "operation": "subtract", "amount": 10},
                    {"source": "energy", "source_side": "b", "activated": 2, "target_monster": 1,
                     "attribute": "ap", "operation": "subtract", "amount": 20}]})
    assert ruling.value("monster_1_ap") == 20
    assert _points(ruling, "monster-1-np-all-changes", "monster_1_ap") == [20, 0]
    assert _points(ruling, "together", "monster_1_ap") == [20, 0, 10]
    assert ruling.leaves_open == 2
