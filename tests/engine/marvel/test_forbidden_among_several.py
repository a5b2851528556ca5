"""One instruction with several effects on the same target, one of which another ability forbids
the target ("Heile 3 Schaden von einem Charakter und mache ihn spielbereit" on a damaged
character that cannot be readied): Ziel ¶4.5 refuses the target, ¶4.4 accepts it, and the text
does not say which prevails — an open point with both readings, on every path.  Where the
forbidden effect is the ability's only effect on the target, ¶4.5 and its example decide."""

from __future__ import annotations

import pytest

from engine.core import Outcome
from engine.marvel import FORBIDDEN_AMONG_SEVERAL, SITUATION
from engine.marvel import TARGET_VALIDITY as SCENARIO
from tests.engine.marvel.helpers import (
    assert_open_against_p4_4, both, card, effect, hero)

SLUG = FORBIDDEN_AMONG_SEVERAL.slug


def heal_and_ready(*conditions: str, **more) -> dict:
    return card(effect("heal", "one", "character", amount=3), effect("ready", "joint"),
                characters=[hero(conditions=list(conditions), **more)])


JOINT = heal_and_ready("cannot_be_readied", damage=2, exhausted=True)


@pytest.mark.parametrize("scenario", [SCENARIO, SITUATION], ids=lambda s: s.slug)
def test_the_joint_wording_is_an_open_point_with_both_readings(scenario):
    assert_open_against_p4_4(scenario, JOINT, SLUG, "ziel.p4.5", "Another ability forbids")


@pytest.mark.parametrize("data", [
    # healing forbidden, readying can affect it
    heal_and_ready("cannot_be_healed", damage=2, exhausted=True),
    # confusing can affect the minion, stunning it is forbidden
    card(effect("give_status", "one", "minion", status="confused"),
         effect("give_status", "joint", status="stunned"),
         minions=[{"conditions": ["cannot_be_stunned"]}]),
], ids=["heal-forbidden", "stun-forbidden"])
def test_other_forbidden_game_functions_are_open_too(data):
    assert both(data).open_points() == (SLUG,)


def test_the_forbidden_effect_alone_stays_settled_not_valid():
    """¶4.5 and its example: an ability that can ready the character, and nothing else."""
    ready = both(card(effect("ready", "one", "hero"),
                      characters=[hero(exhausted=True, conditions=["cannot_be_readied"])]))
    assert ready.settled and ready.value("can_initiate") is False
    # the other effect cannot affect it either (no damage to heal): not valid, no dispute
    nothing = both(heal_and_ready("cannot_be_readied", exhausted=True))
    assert SLUG not in nothing.open_points()
    assert nothing.value("effect_1_valid_targets") == ()


THE_TARGET = card(effect("heal", "one", "character", amount=3), effect("ready", "the"),
                  characters=[hero(damage=2, exhausted=True, conditions=["cannot_be_readied"])])


@pytest.mark.parametrize("scenario", [SCENARIO, SITUATION], ids=lambda s: s.slug)
def test_the_target_wording_is_as_open_as_the_joint_one(scenario):
    """"Heile 3 Schaden von einem Charakter. Mache ihn spielbereit.": ¶4.5 speaks of the
    ability ("eine Kartenfähigkeit, die ihn wieder spielbereit machen kann"), ¶4.10 only of
    what "ihn" resolves against — it does not settle whether the character is a valid target
    (a judge's table; the ruling said 'can be initiated' as settled)."""
    assert_open_against_p4_4(scenario, THE_TARGET, SLUG, "ziel.p4.5", "Another ability forbids")
    ruling = scenario.evaluate(THE_TARGET)
    stays = [s for s in ruling.steps if s.message.id.startswith("%(target)s stays")]
    assert [(s.outcome, s.point) for s in stays] == [(Outcome.SILENT, SLUG)]
    assert ruling.value("effect_2_resolves_against") == ()

