"""Ziel ¶3 states only a necessary condition ("kann … nur eingeleitet werden, falls sie
mindestens 1 gültiges Ziel hat") and ¶4.3 leaves costs out of the target check only: where the
targets allow initiation, the ruling says the target requirement is met and that the entry does
not decide the rest (e.g. the cost), in the value's label and in the verdict (judge report D2).
"Cannot be initiated" stays a settled fact."""

from __future__ import annotations

import pytest

from engine.marvel import SITUATION, TARGETS_MET, TARGETS_MET_SCOPE
from engine.marvel import TARGET_VALIDITY as SCENARIO
from tests.engine.marvel.helpers import both, card, effect

WITH_COST = card(effect("deal_damage", "one", "villain", amount=1), villain=[{}], cost=5)
NO_TARGET = card(effect("deal_damage", "one", "minion", amount=5), cost=5)


@pytest.mark.parametrize("scenario", [SCENARIO, SITUATION], ids=lambda s: s.slug)
def test_a_met_target_requirement_is_not_called_initiable(scenario):
    ruling = scenario.evaluate(WITH_COST)
    value = next(v for v in ruling.values if v.name == "can_initiate")
    assert value.value is True  # the key and the JSON shape stay
    assert value.label == TARGETS_MET
    assert "cost" in value.label.render() and "does not decide" in value.label.render()
    assert ruling.scope == TARGETS_MET_SCOPE
    verdict = ruling.verdict.render()
    assert verdict.startswith("Complete: every input is covered by the published rules. ")
    assert "target requirement of Ziel ¶3 is met" in verdict
    assert "is not decided by the entry" in verdict


def test_no_valid_target_stays_a_settled_cannot():
    ruling = both(NO_TARGET)
    value = next(v for v in ruling.values if v.name == "can_initiate")
    assert value.value is False and value.label.render() == "Can be initiated"
    assert ruling.scope is None and ruling.settled
    assert ruling.verdict.render() == "Complete: every input is covered by the published rules."
