"""Activation costs under a Spezial-Wirkung, the immunity of Schutzgottkarten, input errors."""

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


def test_wirkungsbegrenzung_absent_affects_all_monsters_of_own_side():
    data = {"cost_change": -2,
            "monsters": [{"planet": "mars", "cost": 5, "side": "own"},
                         {"planet": "venus", "cost": 1, "side": "own"},
                         {"planet": "erde", "cost": 5, "side": "opposing"}]}
    ruling = WB.evaluate(data)
    assert ruling.value("costs") == (3, 0, 5)
    assert ruling.value("affected") == (True, True, False)
    assert find_step(ruling, "Monster %(number)s (%(planet)s) pays 0 Energiepunkte instead of "
                             "%(paid)s.").outcome is Outcome.SILENT
    assert {SPEZIAL, WB_CARD, IMMUNITY} <= keys(ruling)
    assert WB_RULE not in keys(ruling)
    assert not ruling.notes
    extended = WB.evaluate({**data, "extends_to_opposing_side": True})
    assert extended.value("costs") == (3, 0, 3)



def test_guardian_effects_on_cards():
    def affects(**data):
        return IMMUNITY_SCENARIO.evaluate(data)

    own = affects(source="guardian-spezial-wirkung", target="guardian", target_side="own")
    assert own.value("affects") is True and own.steps[0].outcome is Outcome.SILENT
    assert affects(source="guardian-wirkung", target="guardian", target_side="own") \
        .value("affects") is False
    extended = affects(source="guardian-spezial-wirkung", target="guardian",
                       target_side="opposing", extends_to_opposing_side=True)
    assert extended.value("affects") is False
    # changed expectation: kartenaufbau ¶3 settles it ("Außerdem beeinflussen Effekte von
    # Schutzgottkarten nicht die gegnerische Schutzgottkarte" has no exception)
    assert "The description's extension to the opposing side does not reach the opposing " \
        "Schutzgottkarte." in step_ids(extended, Outcome.NOT_APPLICABLE) and extended.settled
    assert affects(source="guardian-wirkung", target="monster", target_side="own") \
        .value("affects") is True
    assert affects(source="guardian-wirkung", target="monster", target_side="opposing") \
        .value("affects") is False
    assert affects(source="guardian-wirkung", target="monster", target_side="opposing",
                   extends_to_opposing_side=True).value("affects") is True
    assert affects(source="guardian-wirkung", target="energy", target_side="own") \
        .value("affects") is False
    spezial = affects(source="guardian-spezial-wirkung", target="energy", target_side="own")
    assert spezial.value("affects") is True and SPEZIAL in keys(spezial)


@pytest.mark.parametrize("scenario, data, field", [
    (WIRKUNG, {**PD1, "amount": 0}, "amount"),
    (WIRKUNG, {**PD1, "scope": "listed"}, "listed_planets"),
    (WIRKUNG, {**SETUP}, "opponent_planet"),
    (WIRKUNG, {**SETUP, "left_planet": "venus", "right_planet": "venus"}, "opponent_planet"),
    (WIRKUNG, {**PD1, "monster_planet": "vulkan"}, "monster_planet"),
    (WIRKUNG, {**PD1, "amount": "zwanzig"}, "amount"),
    (WB, {"cost_change": 0, "monsters": [
        {"planet": "venus", "cost": 1, "side": "own"}]}, "cost_change"),
    (WB, {"cost_change": -1, "monsters": []}, "monsters"),
    (WB, {"cost_change": -1, "monsters": [
        {"planet": "venus", "cost": -1, "side": "own"}]}, "monsters.0.cost"),
    (ORDER_SCENARIO, {"base_ap": 1, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": "add"}]},
     "effects.0.amount"),
    (ORDER_SCENARIO, {"base_ap": 1, "effects": [
        {"source": "energy", "activated": 1, "attribute": "dp", "operation": "halve"}]},
     "base_dp"),
    (IMMUNITY_SCENARIO, {"source": "energy", "target": "monster", "target_side": "own"},
     "target"),
])
def test_invalid_input_names_the_field(scenario, data, field):
    with pytest.raises(InputError) as info:
        scenario.evaluate(data)
    assert info.value.field == field


def test_on_the_whole_table_each_cost_step_names_its_schutzgottkarte():
    """Judge round 21 F1: with a Spezial-Wirkung on each side, "is on the opposing side" is
    said of side B's card, and each step says which card it is about."""
    from engine.powerduell import SITUATION

    ruling = SITUATION.evaluate({
        "guardians": [{"side": "a", "base_planet": "venus", "spezial_cost_change": -1},
                      {"side": "b", "base_planet": "erde", "spezial_cost_change": -1}],
        "monsters": [{"side": "a", "planet": "venus", "cost": 4}]})
    costs = [s for s in ruling.steps
             if s.message.id == "The Spezial-Wirkung of the Schutzgottkarte of %(side)s: %(step)s"]
    said = [(s.message.param_dict()["side"].render(), s.message.param_dict()["step"].id)
            for s in costs]
    assert said == [
        ("side A", "No Wirkungsbegrenzung: the Spezial-Wirkung affects the monster cards its "
                   "text names, here all of them."),
        ("side A", "Monster %(number)s (%(planet)s) pays %(paid)s Energiepunkte instead of "
                   "%(cost)s."),
        ("side B", "No Wirkungsbegrenzung: the Spezial-Wirkung affects the monster cards its "
                   "text names, here all of them."),
        ("side B", "Monster %(number)s (%(planet)s) is on the opposing side and pays %(cost)s "
                   "Energiepunkte.")]
    assert ruling.value("monster_1_cost") == 3


def _two_costs(activated_a: int | None, activated_b: int | None, a_first: bool = True) -> dict:
    """Side A: −2, limited to Venus, also on the opposing side; side B: +1; a Venus monster
    of side B that pays 1 (judge round 22 F1)."""
    guardians = [{"side": "a", "base_planet": "venus", "right_planet": "venus",
                  "spezial_cost_change": -2, "spezial_extends_to_opposing_side": True},
                 {"side": "b", "base_planet": "erde", "spezial_cost_change": 1}]
    for guardian, activated in zip(guardians, (activated_a, activated_b)):
        if activated is not None:
            guardian["activated"] = activated
    return {"guardians": guardians if a_first else guardians[::-1],
            "monsters": [{"side": "b", "planet": "venus", "cost": 1}]}


@pytest.mark.parametrize("a_first", [True, False])
def test_two_spezial_wirkungen_change_costs_from_the_latest_activated(a_first):
    """Behandlung ¶3: "vom zuletzt aktivierten Effekt bis zum am längsten aktiven", not the
    order the cards are listed in: B's +1 (activated later) first, 1 → 2, then A's −2 → 0."""
    from engine.powerduell import SITUATION

    ruling = SITUATION.evaluate(_two_costs(1, 2, a_first))
    assert ruling.value("monster_1_cost") == 0 and ruling.open_points() == ()
    [order] = [s for s in ruling.steps if s.message.id.startswith("The Spezial-Wirkungen")]
    assert [c.key for c in order.citations] == [Clause.ORDER.value]
    # A activated later: its −2 first, 1 → −1, where the texts leave a cost below 0 open
    later = SITUATION.evaluate(_two_costs(2, 1, a_first))
    assert [r.value("monster_1_cost") for r in later.readings_of(
        "monster-1-cost-below-zero")] == [1, 0]


def test_two_spezial_wirkungen_activated_together_show_both_orders():
    from engine.powerduell import SITUATION

    ruling = SITUATION.evaluate(_two_costs(None, None))
    assert [r.value("monster_1_cost") for r in ruling.readings_of("costs-tied-order")] == [1, 0]
    reversed_listing = SITUATION.evaluate(_two_costs(None, None, a_first=False))
    assert [r.value("monster_1_cost") for r in reversed_listing.readings_of(
        "costs-tied-order")] == [0, 1]
