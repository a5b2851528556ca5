"""One instruction dealing damage to a target that cannot take damage and having another effect
on it ("Füge einem Schergen 3 Schaden zu und betäube ihn"): Ziel ¶4.7 refuses the target,
¶4.4 accepts it, and the text does not say which prevails — an open point with both readings,
on every path.  "Betäube den Gegner" (das [Ziel]) stays settled by ¶4.10 and
its example."""

from __future__ import annotations

import pytest

from engine.marvel import DAMAGE_AMONG_SEVERAL, SITUATION
from engine.marvel import TARGET_VALIDITY as SCENARIO
from tests.engine.marvel.helpers import (
    assert_open_against_p4_4, both, card, effect, hero)

SLUG = DAMAGE_AMONG_SEVERAL.slug


def damage_then(second: dict, **board) -> dict:
    return card(effect("deal_damage", "one", "minion", amount=3), second,
                **(board or {"minions": [{"conditions": ["cannot_take_damage"]}]}))


JOINT = damage_then(effect("give_status", "joint", status="stunned"))
THE = damage_then(effect("give_status", "the", status="stunned"))


@pytest.mark.parametrize("scenario", [SCENARIO, SITUATION], ids=lambda s: s.slug)
def test_the_joint_wording_is_an_open_point_with_both_readings(scenario):
    assert_open_against_p4_4(scenario, JOINT, SLUG, "ziel.p4.7")


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


@pytest.mark.parametrize("scenario", [SCENARIO, SITUATION], ids=lambda s: s.slug)
def test_damage_by_the_target_wording_after_an_effect_that_can_affect_it_is_open(scenario):
    """"Betäube einen Schergen. Füge ihm 3 Schaden zu." on a minion that cannot take damage:
    the stun can affect it (¶4.4), the ability deals damage to it (¶4.7); ¶4.10 says only
    what "ihm" resolves against."""
    stun_then = card(effect("give_status", "one", "minion", status="stunned"),
                     effect("deal_damage", "the", amount=3),
                     minions=[{"conditions": ["cannot_take_damage"]}])
    assert_open_against_p4_4(scenario, stun_then, SLUG, "ziel.p4.7", "%(target)s cannot take")
