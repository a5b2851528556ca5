"""Inputs the scenario cannot describe: an InputError naming the field, in JSON and
as form data."""

from __future__ import annotations

import pytest

from engine.core import InputError
from engine.marvel import TARGET_VALIDITY as SCENARIO
from tests.engine.marvel.helpers import board, card, effect, hero, to_form

# --------------------------------------------------------------------------
# Input errors
# --------------------------------------------------------------------------

@pytest.mark.parametrize("data, field", [
    (board(kind="basic_thwart", characters=[hero()]), "actor"),
    (board(kind="basic_thwart", actor=2, characters=[hero()]), "actor"),
    (dict(card(effect("draw", "you", amount=1), players=[{"deck": 1}]), actor=1), "actor"),
    (dict(board(kind="basic_attack", actor=1, characters=[hero()]),
          effects=[effect("ready", "one", "hero")]), "effects"),
    (board(kind="basic_attack", actor=1, characters=[hero()], labels=["attack"]), "labels"),
    (card(), "effects"),
    (card(effect("deal_damage", "one", "minion")), "effects.0.amount"),
    (card(effect("draw", "you", amount=0), players=[{"deck": 1}]), "effects.0.amount"),
    (card(effect("ready", "one", "hero", amount=1)), "effects.0.amount"),
    (card(effect("give_status", "one", "minion")), "effects.0.status"),
    (card(effect("ready", "one", "hero", status="tough")), "effects.0.status"),
    (card(effect("future", "one", "minion")), "effects.0.selector"),
    (card(effect("ready", "future")), "effects.0.selector"),
    (card(effect("ready", "one")), "effects.0.target_type"),
    (card(effect("ready", "the")), "effects.0.selector"),
    (card(effect("ready", "joint")), "effects.0.selector"),
    (card(effect("future", "future"), effect("ready", "the")), "effects.1.selector"),
    (card(effect("ready", "one", "hero"), effect("exhaust", "the", "ally")),
     "effects.1.target_type"),
    (card(effect("ready", "one", "hero"), effect("exhaust", "joint", "ally")),
     "effects.1.target_type"),
    (card(effect("ready", "one", "hero"), effect("deal_damage", "one", "minion", amount=1),
          effect("exhaust", "the", "ally")), "effects.2.target_type"),
    (card(effect("draw", "you", "minion", amount=1)), "effects.0.target_type"),
    (card(effect("draw", "you", amount=1)), "players"),
    (card(effect("future", "future", "card")), "effects.0.target_type"),
    (card(effect("draw", "one", "hero", amount=1)), "effects.0.target_type"),
    (card(effect("defend", "one", "enemy")), "effects.0.verb"),
    (card(effect("ready", "one", "hero")) | {"minions": [{"damage": -1}]}, "minions.0.damage"),
    (card(effect("ready", "one", "hero")) | {"villain": [{"damage": 0}, {"damage": 0}]},
     "villain"),
    (card(effect("ready", "one", "hero")) | {"minions": [{"damage": 0,
                                                           "conditions": ["cannot_be_readied"]}]},
     "minions.0.conditions"),
    ({"effects": []}, "kind"),
])
def test_input_errors(data, field):
    with pytest.raises(InputError) as error:
        SCENARIO.evaluate(data)
    assert error.value.field == field
    with pytest.raises(InputError) as form_error:
        SCENARIO.evaluate_form(to_form(SCENARIO.fields, data))
    assert form_error.value.field == field



def test_drawing_is_by_a_player_and_stays_an_input_error():
    with pytest.raises(InputError) as error:
        SCENARIO.evaluate(card(effect("draw", "one", "hero", amount=1)))
    assert error.value.field == "effects.0.target_type"
    assert error.value.message.render() == (
        "A player draws cards (Ziel ¶3.3): choose the player as the target, or 'you'.")


def test_every_effect_with_a_wrong_part_is_named_at_once():
    """A judge fixes the form once, not once per wrong field: each effect's own parts
    (amount, status card, count) are checked before any is refused."""
    data = card(effect("deal_damage", "one", "minion"), effect("ready", "one", "hero"),
                effect("give_status", "one", "minion"), labels=[])
    for evaluate, given in ((SCENARIO.evaluate, data),
                            (SCENARIO.evaluate_form, to_form(SCENARIO.fields, data))):
        with pytest.raises(InputError) as error:
            evaluate(given)
        assert [e.field for e in error.value.every] == ["effects.0.amount", "effects.2.status"]


def test_a_basic_power_with_effects_and_a_wrong_effect_names_both():
    data = dict(board(kind="basic_attack", actor=1, characters=[hero()]),
                effects=[effect("deal_damage", "one", "minion")])
    with pytest.raises(InputError) as error:
        SCENARIO.evaluate(data)
    assert [e.field for e in error.value.every] == ["effects", "effects.0.amount"]


def test_an_effect_the_earlier_ones_give_no_target_is_named_with_the_others():
    """Judge round 22 F3: "the [target]" with no earlier effect is named together with the
    other effects' wrong parts and a wrong acting character, not on a later try."""
    data = card(effect("deal_damage", "the", amount=1), effect("give_status", "one", "minion"),
                effect("deal_damage", "you", "minion"), minions=[{}], players=[{"deck": 5}])
    data["actor"] = 2
    with pytest.raises(InputError) as error:
        SCENARIO.evaluate(data)
    assert {e.field for e in error.value.every} == {
        "actor", "effects.1.status", "effects.2.amount", "effects.0.selector"}
