"""Whether an ability can be initiated: "choose N" (ziel.p3.2) and elements the texts
do not say an effect applies to."""

from __future__ import annotations

import pytest

import engine.marvel as marvel
from engine.core import InputError, Outcome
from engine.marvel import TARGET_VALIDITY as SCENARIO
from tests.engine.marvel.helpers import (
    ally, both, card, decisive, effect, hero, kinds_not_covered,
)

# --------------------------------------------------------------------------
# "choose N" (wähle): ruled from ziel.p3.2 only
# --------------------------------------------------------------------------

def test_choose_n_with_n_valid_targets_can_be_initiated():
    ruling = both(card(effect("exhaust", "choose", "character", count=2),
                       characters=[hero(), ally(), ally(exhausted=True)]))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_valid_targets") == ("hero 1", "ally 2")
    assert decisive(ruling) == ("ziel.p3.2",)
    assert ruling.complete


def test_choose_n_with_no_valid_target_cannot_be_initiated():
    ruling = both(card(effect("exhaust", "choose", "character", count=2),
                       characters=[hero(exhausted=True)]))
    assert ruling.value("can_initiate") is False
    assert decisive(ruling) == ("ziel.p3.2",)
    # exhausting an exhausted hero may still affect it ("no-change", ziel ¶4.1): then one
    # valid target for "choose 2", which ¶3.2 ("1 or more") does not rule on
    (_no, yes) = ruling.readings_of("no-change")
    assert yes.value("can_initiate") == marvel.NOT_COVERED_VALUE
    (step,) = ruling.by_outcome(Outcome.NOT_COVERED)
    assert step.message.param_dict()["reading"] == yes.label
    assert [c.key for c in step.citations] == ["ziel.p3.2", "ziel.p7"]
    assert not ruling.complete


@pytest.mark.parametrize("scenario", [SCENARIO, marvel.SITUATION], ids=["focused", "situation"])
def test_choose_n_with_fewer_than_n_valid_targets_is_not_covered(scenario):
    data = card(effect("deal_damage", "choose", "minion", amount=1, count=3),
                minions=[{"damage": 0}, {"damage": 0, "conditions": ["cannot_take_damage"]},
                         {"damage": 0}])
    ruling = scenario.evaluate(data)
    # the text says only that "1 or more" targets must be chosen: no confident answer
    assert ruling.value("can_initiate") == marvel.NOT_COVERED_VALUE
    assert ruling.value("can_initiate") not in (True, False)
    (step,) = ruling.by_outcome(Outcome.NOT_COVERED)
    # ¶3.2 asks for "1 or more"; choosing is the entry "Wählen (Spielelement)" (Siehe auch)
    assert [c.key for c in step.citations] == ["ziel.p3.2", "ziel.p7"]
    assert "'choose 3'" in step.message.render() and "only 2 valid" in step.message.render()
    assert not ruling.complete and ruling.verdict.render().startswith("Incomplete")
    assert ruling.value("effect_1_valid_targets") == ("minion 1", "minion 3")


def test_choose_n_is_only_for_choose():
    with pytest.raises(InputError) as error:
        SCENARIO.evaluate(card(effect("exhaust", "one", "character", count=2),
                               characters=[hero()]))
    assert error.value.field == "effects.0.count"
    with pytest.raises(InputError):
        SCENARIO.evaluate(card(effect("exhaust", "choose", "character", count=0),
                               characters=[hero()]))


# --------------------------------------------------------------------------

def test_an_effect_on_a_kind_the_texts_do_not_name_is_not_covered_not_refused():
    """ziel.p4.1 lists "ein Ziel erschöpfen" without saying which game elements can be
    exhausted: "exhaust a minion" is ruled as not covered, not refused as bad input."""
    ruling = both(card(effect("exhaust", "one", "minion"), minions=[{"damage": 0}]))
    assert ruling.value("can_initiate") == marvel.NOT_COVERED_VALUE
    assert ruling.value("effect_1_candidates") == ("minion 1",)
    # changed (issue 22): "()" stated as fact what the uncovered kind could change
    assert ruling.value("effect_1_valid_targets") == marvel.NOT_COVERED_VALUE
    assert ruling.complete is False
    (step,) = kinds_not_covered(ruling)
    assert step.message.param_dict()["what"].render() == (
        "whether effect 1 (exhaust) can affect a game element of the kind minion (Scherge): "
        "the entry \"Ziel\" lists such effects on targets without saying which game elements "
        "they apply to")
    assert [c.key for c in step.citations] == ["ziel.p4", "ziel.p4.1"]
    # with a valid target of another effect the ability can be initiated; what the open
    # effect resolves against is not stated as a fact
    mixed = both(card(effect("deal_damage", "one", "minion", amount=1),
                      effect("remove_threat", "the", amount=1), minions=[{"damage": 0}]))
    assert mixed.value("can_initiate") is True
    assert mixed.value("effect_2_resolves_against") == marvel.NOT_COVERED_VALUE
    assert mixed.complete is False and len(kinds_not_covered(mixed)) == 1
