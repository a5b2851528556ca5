"""One instruction dealing damage to a target that cannot take damage and having another effect
on it ("Füge einem Schergen 3 Schaden zu und betäube ihn"): Ziel ¶4.7 refuses the target,
¶4.4 accepts it, and the text does not say which prevails — an open point with both readings,
on every path.  "Betäube den Gegner" (das [Ziel]) stays settled by ¶4.10 and
its example."""

from __future__ import annotations

import pytest

from engine.core import Outcome
from engine.marvel import DAMAGE_AMONG_SEVERAL, SITUATION
from engine.marvel import TARGET_VALIDITY as SCENARIO
from tests.engine.marvel.helpers import both, card, effect, hero, to_form

SLUG = DAMAGE_AMONG_SEVERAL.slug


def damage_then(second: dict, **board) -> dict:
    return card(effect("deal_damage", "one", "minion", amount=3), second,
                **(board or {"minions": [{"conditions": ["cannot_take_damage"]}]}))


JOINT = damage_then(effect("give_status", "joint", status="stunned"))
THE = damage_then(effect("give_status", "the", status="stunned"))


@pytest.mark.parametrize("scenario", [SCENARIO, SITUATION], ids=lambda s: s.slug)
def test_the_joint_wording_is_an_open_point_with_both_readings(scenario):
    ruling = scenario.evaluate(JOINT)
    assert scenario.evaluate_form(to_form(scenario.fields, JOINT)) == ruling
    assert ruling.open_points() == (SLUG,) and not ruling.settled
    valid, invalid = ruling.readings_of(SLUG)
    assert [c.key for c in valid.citations] == ["ziel.p4.4"]
    assert [c.key for c in invalid.citations] == ["ziel.p4.7"]
    assert (valid.value("can_initiate"), invalid.value("can_initiate")) == (True, False)
    assert invalid.value("effect_1_valid_targets") == ()
    silent = [s for s in ruling.steps if s.outcome is Outcome.SILENT]
    assert [[c.key for c in s.citations] for s in silent] == [["ziel.p4.7", "ziel.p4.4"]]
    # no settled ¶4.4 step says the target is valid
    assert not any(s.outcome is Outcome.APPLIED and s.citations[0].key == "ziel.p4.4"
                   for s in ruling.steps)


def test_damage_and_exhaust_on_a_hero_that_cannot_take_damage_is_open_too():
    ruling = both(card(effect("deal_damage", "one", "hero", amount=3),
                       effect("exhaust", "joint"),
                       characters=[hero(conditions=["cannot_take_damage"])]))
    assert ruling.open_points() == (SLUG,)


@pytest.mark.parametrize("scenario", [SCENARIO, SITUATION], ids=lambda s: s.slug)
def test_the_target_wording_stays_settled_by_the_example_of_p4_10(scenario):
    ruling = scenario.evaluate(THE)
    assert ruling.value("can_initiate") is False
    assert ruling.settled and ruling.open_points() == ()


def test_no_dispute_where_the_target_can_take_damage_or_no_other_effect_affects_it():
    assert both(damage_then(effect("give_status", "joint", status="stunned"),
                            minions=[{}])).settled
    refused = both(damage_then(effect("give_status", "joint", status="stunned"),
                               minions=[{"conditions": ["cannot_take_damage",
                                                        "cannot_be_stunned"]}]))
    assert refused.settled and refused.value("can_initiate") is False
