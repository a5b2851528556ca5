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
from tests.engine.marvel.helpers import both, card, effect, hero, to_form

SLUG = FORBIDDEN_AMONG_SEVERAL.slug


def heal_and_ready(*conditions: str, **more) -> dict:
    return card(effect("heal", "one", "character", amount=3), effect("ready", "joint"),
                characters=[hero(conditions=list(conditions), **more)])


JOINT = heal_and_ready("cannot_be_readied", damage=2, exhausted=True)


@pytest.mark.parametrize("scenario", [SCENARIO, SITUATION], ids=lambda s: s.slug)
def test_the_joint_wording_is_an_open_point_with_both_readings(scenario):
    ruling = scenario.evaluate(JOINT)
    assert scenario.evaluate_form(to_form(scenario.fields, JOINT)) == ruling
    assert ruling.open_points() == (SLUG,) and not ruling.settled
    valid, invalid = ruling.readings_of(SLUG)
    assert [c.key for c in valid.citations] == ["ziel.p4.4"]
    assert [c.key for c in invalid.citations] == ["ziel.p4.5"]
    assert (valid.value("can_initiate"), invalid.value("can_initiate")) == (True, False)
    assert invalid.value("effect_1_valid_targets") == ()
    silent = [s for s in ruling.steps if s.outcome is Outcome.SILENT
              and s.message.id.startswith("Another ability forbids")]
    assert [[c.key for c in s.citations] for s in silent] == [["ziel.p4.5", "ziel.p4.4"]]
    # no settled ¶4.4 step says the target is valid
    assert not any(s.outcome is Outcome.APPLIED and s.citations[0].key == "ziel.p4.4"
                   for s in ruling.steps)


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


def test_the_target_wording_is_not_a_joint_group():
    """'das [Ziel]' is judged by ¶4.10, not as several effects of one instruction."""
    ruling = both(card(effect("heal", "one", "character", amount=3), effect("ready", "the"),
                       characters=[hero(damage=2, exhausted=True,
                                        conditions=["cannot_be_readied"])]))
    assert SLUG not in ruling.open_points()
