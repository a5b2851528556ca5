"""108.1 replaces movement (запас движения) on a change of subtype; what happens to a card that
has an ability used instead of movement is outside the texts, so after a change no movement
value is stated as fact (judge report, situation BK-B)."""

from __future__ import annotations

import pytest

from engine.berserk import NONE_LABEL, NOT_COVERED_VALUE, NOT_STATED, SITUATION
from engine.core import InputError

#: A non-flying creature with an ability used instead of movement that gains, then loses flight.
TABLE = {"initial_type": "creature", "initial_subtype": "non-flying", "initial_status": "elite",
         "initial_movement": 2, "elements": ["forest"], "in_play_zone": True,
         "instead_of_movement": True,
         "changes": [{"change": "gain-flight"}, {"change": "lose-flight"}],
         "turn": "opponent", "phase": "main", "subphase": "choice",
         "strike_declared": "opponent"}


def test_no_movement_is_stated_after_a_change_of_a_card_with_an_ability_instead_of_movement():
    ruling = SITUATION.evaluate(TABLE)
    assert not ruling.complete
    for name in ("step_1_movement", "step_2_movement", "movement"):
        assert ruling.value(name) == NOT_COVERED_VALUE, name
    assert ruling.value("subtype") != NOT_COVERED_VALUE  # 108.1 still decides the subtype


def test_a_card_that_is_no_creature_has_no_movement_either_way():
    ruling = SITUATION.evaluate({**TABLE, "changes": [{"change": "become-artifact"}]})
    assert ruling.value("movement") == NONE_LABEL


def test_without_the_ability_the_movement_values_stand():
    ruling = SITUATION.evaluate({**TABLE, "instead_of_movement": False})
    assert ruling.value("step_2_movement") == 2 and ruling.value("movement") == 2


def test_gaining_an_element_leaves_the_movement_alone():
    ruling = SITUATION.evaluate({**TABLE, "changes": [{"change": "gain-element",
                                                       "element": "swamp"}]})
    assert ruling.value("step_1_movement") == 2 and ruling.value("movement") == 2


def test_a_card_with_an_ability_instead_of_movement_needs_no_movement_value():
    """The judge need not invent a movement value for a card that has an ability instead."""
    ruling = SITUATION.evaluate({**TABLE, "initial_movement": None, "changes": []})
    assert not ruling.complete
    assert ruling.value("movement") == NOT_STATED
    with pytest.raises(InputError) as raised:
        SITUATION.evaluate({**TABLE, "initial_movement": None, "changes": [],
                            "instead_of_movement": False})
    assert raised.value.field == "initial_movement"
