"""The judge cases MC-1 to MC-8 (shared/cases/README.md)."""

from __future__ import annotations

import pytest

from engine.core import Outcome
from tests.engine.marvel.helpers import (
    board, both, card, decisive, effect, hero, keys, step_keys,
)

# --------------------------------------------------------------------------
# Judge cases
# --------------------------------------------------------------------------

def test_MC_1_damage_a_minion_with_no_minion_in_play():
    ruling = both(card(effect("deal_damage", "one", "minion", amount=5),
                       villain=[{"damage": 0}], main_scheme=[{"threat": 3}]))
    assert ruling.value("can_initiate") is False
    assert ruling.value("target_required") is True
    assert ruling.value("effect_1_candidates") == ()
    assert ruling.value("effect_1_valid_targets") == ()
    assert decisive(ruling) == ("ziel.p3",)
    assert "ziel.p3" in keys(ruling)


def test_MC_2_remove_threat_from_each_scheme_with_crisis_icon():
    ruling = both(card(effect("remove_threat", "each", "scheme", amount=1),
                       main_scheme=[{"threat": 3}], side_schemes=[{"threat": 2}],
                       crisis_icon=True))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_candidates") == ("main scheme", "side scheme 1")
    assert ruling.value("effect_1_valid_targets") == ("side scheme 1",)
    assert ruling.value("effect_1_resolves_against") == ("side scheme 1",)
    assert ruling.value("threat_after_side_scheme_1") == 1
    assert ruling.value("threat_after_main_scheme") == 3
    assert decisive(ruling) == ("ziel.p5",)
    assert ("ziel.p5.1",) in step_keys(ruling)
    assert {"ziel.p5", "ziel.p5.1"} <= keys(ruling)


def test_MC_3_remove_threat_from_each_scheme_only_main_scheme_in_play():
    ruling = both(card(effect("remove_threat", "each", "scheme", amount=1),
                       main_scheme=[{"threat": 3}], crisis_icon=True))
    assert ruling.value("can_initiate") is False
    assert ruling.value("effect_1_valid_targets") == ()
    assert ruling.value("effect_1_resolves_against") == ()
    assert decisive(ruling) == ("ziel.p3", "ziel.p5")
    assert {"ziel.p5", "ziel.p5.1"} <= keys(ruling)
    with pytest.raises(KeyError):
        ruling.value("threat_after_main_scheme")


def test_MC_4_hero_with_0_thw_basic_thwart():
    ruling = both(board(kind="basic_thwart", actor=1, characters=[hero(thw=0)],
                        main_scheme=[{"threat": 2}]))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_valid_targets") == ("main scheme",)
    assert ("ziel.p4.2",) in step_keys(ruling, Outcome.APPLIED)
    assert ("ziel.p3.1",) in step_keys(ruling, Outcome.APPLIED)
    assert decisive(ruling) == ("ziel.p3.1",)
    assert not ruling.by_outcome(Outcome.SILENT)


def test_MC_5_ready_a_character_that_cannot_be_readied():
    ruling = both(card(effect("ready", "one", "character"),
                       characters=[hero(exhausted=True, conditions=["cannot_be_readied"])]))
    assert ruling.value("can_initiate") is False
    assert ruling.value("effect_1_candidates") == ("hero 1",)
    assert ruling.value("effect_1_valid_targets") == ()
    assert ("ziel.p4.5",) in step_keys(ruling, Outcome.APPLIED)
    assert decisive(ruling) == ("ziel.p3",)


def test_MC_6_damage_an_enemy_that_cannot_take_damage():
    ruling = both(card(effect("deal_damage", "one", "enemy", amount=3),
                       minions=[{"damage": 0, "conditions": ["cannot_take_damage"]}]))
    assert ruling.value("can_initiate") is False
    assert ruling.value("effect_1_valid_targets") == ()
    assert ("ziel.p4.7",) in step_keys(ruling, Outcome.APPLIED)
    assert decisive(ruling) == ("ziel.p3",)


def test_MC_6_variant_villain_is_the_only_enemy():
    ruling = both(card(effect("deal_damage", "one", "enemy", amount=3),
                       villain=[{"damage": 0, "conditions": ["cannot_take_damage"]}]))
    assert ruling.value("can_initiate") is False
    assert ruling.value("effect_1_candidates") == ("villain",)
    assert ("ziel.p4.7",) in step_keys(ruling)


def test_MC_7_next_card_you_play_costs_1_less_on_an_empty_board():
    ruling = both(card(effect("future", "future", amount=1)))
    assert ruling.value("can_initiate") is True
    assert ruling.value("target_required") is False
    assert set(keys(ruling)) == {"ziel.p6"}
    assert decisive(ruling) == ("ziel.p6",)


def test_MC_8_draw_1_card_with_1_card_in_deck():
    ruling = both(card(effect("draw", "you", amount=1), players=[{"deck": 1}]))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_valid_targets") == ("player 1",)
    assert decisive(ruling) == ("ziel.p3.3",)
    assert keys(ruling) == {"ziel.p1", "ziel.p2", "ziel.p3.3"}
