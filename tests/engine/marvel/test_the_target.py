"""Ziel ¶4.10: "das [Ziel]" resolves only for a valid target of the previous effect.

The clause and its example ("Füge einem Gegner 5 Schaden zu. Betäube den Gegner." can only
stun an enemy that can take damage) settle this: no reading lets the later effect reach a
target the earlier effect cannot affect, nor count toward its validity (issue 22).
"""

from __future__ import annotations

import engine.marvel as marvel
from engine.core import Outcome
from tests.engine.marvel.helpers import ally, both, card, effect, hero, keys, step_keys


def test_damage_then_stun_an_enemy_that_cannot_take_damage_is_settled():
    """Formerly a second reading (¶4, ¶4.4) stunned the villain: ¶4.10's example rules it out."""
    ruling = both(card(effect("deal_damage", "one", "enemy", amount=3),
                       effect("give_status", "the", status="stunned"),
                       villain=[{"damage": 0, "conditions": ["cannot_take_damage"]}]))
    assert ruling.value("can_initiate") is False
    assert ruling.value("effect_1_valid_targets") == ()
    assert ruling.value("effect_2_resolves_against") == ()
    assert ruling.readings == () and ruling.open_points() == ()
    assert ruling.settled
    assert ("ziel.p4.7",) in step_keys(ruling, Outcome.APPLIED)
    assert ("ziel.p3",) in step_keys(ruling, Outcome.APPLIED)
    assert not any(p.slug == "the-target-validity" for p in marvel.RULESET.open_points())


def test_status_card_then_damage_to_the_ally_reaches_only_the_first_ally():
    """"Gib einem Verbündeten eine Statuskarte. Füge dem Verbündeten 2 Schaden zu." with two
    allies, only the first of which may receive the status card: the damage goes only to
    a valid target of the first effect (¶4.10); no reading deals it to the other ally."""
    ruling = both(card(effect("give_status", "one", "ally", status="tough"),
                       effect("deal_damage", "the", amount=2),
                       characters=[ally(), ally(conditions=["cannot_get_tough"])]))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_valid_targets") == ("ally 1",)
    assert ruling.value("effect_2_valid_targets") == ("ally 1",)
    assert ruling.value("effect_2_resolves_against") == ("ally 1",)
    assert ruling.readings == ()
    assert ("ziel.p4.10",) in step_keys(ruling, Outcome.APPLIED)  # ally 2: not resolved


def test_the_target_resolves_only_for_valid_targets_of_the_previous_effect():
    ruling = both(card(effect("deal_damage", "one", "enemy", amount=5),
                       effect("give_status", "the", status="stunned"),
                       villain=[{"damage": 0, "statuses": ["stunned"]}],
                       minions=[{"damage": 0, "conditions": ["cannot_take_damage"]}]))
    assert ruling.value("effect_1_valid_targets") == ("villain",)
    # the villain stays valid (damage), stunning it changes nothing
    assert ruling.value("effect_2_resolves_against") == ()
    assert ("ziel.p4.4", "ziel.p4.10") in step_keys(ruling)
    assert ("ziel.p4.10",) in step_keys(ruling)


def test_the_target_after_each_is_silent():
    ruling = both(card(effect("deal_damage", "each", "minion", amount=1),
                       effect("give_status", "the", status="confused"),
                       minions=[{"damage": 0}, {"damage": 0, "conditions": ["cannot_take_damage"]}]))
    assert ruling.value("effect_2_resolves_against") == ("minion 1",)
    assert ("ziel.p4.10", "ziel.p5.1") in step_keys(ruling, Outcome.SILENT)


def test_the_target_when_the_enemy_can_take_damage():
    ruling = both(card(effect("deal_damage", "one", "enemy", amount=3),
                       effect("give_status", "the", status="stunned"),
                       villain=[{"damage": 0}]))
    assert ruling.readings == () and ruling.value("can_initiate") is True
    assert ruling.value("effect_2_resolves_against") == ("villain",)
    # ¶4.10 names "a valid target of the previous effect", not what 3 damage does to it:
    # whether it defeats the villain (hit points) is outside these texts, said as an
    # assumption, so the ruling is not settled (judge situation MC-S8)
    assert not ruling.settled and ("ziel.p4.10",) in step_keys(ruling, Outcome.SILENT)


def test_the_target_after_prevented_damage_is_settled():
    ruling = both(card(effect("deal_damage", "one", "enemy", amount=3),
                       effect("give_status", "the", status="stunned"),
                       villain=[{"damage": 0, "statuses": ["tough"]}]))
    assert ruling.value("effect_2_resolves_against") == ("villain",)
    assert ("ziel.p4.10",) not in step_keys(ruling, Outcome.SILENT)


def _enemy_draw_stun(*stun: str) -> dict:
    """ "Füge einem Gegner 3 Schaden zu. Ziehe 1 Karte. Betäube den Gegner." on a villain that
    cannot take damage and a minion (``stun``: the third effect's selector and target)."""
    return card(effect("deal_damage", "one", "enemy", amount=3),
                effect("draw", "you", amount=1), effect("give_status", *stun, status="stunned"),
                villain=[{"damage": 0, "conditions": ["cannot_take_damage"]}],
                minions=[{"damage": 0}], players=[{"deck": 5}])


def test_the_target_naming_its_type_refers_to_the_last_effect_naming_it():
    """Ziel ¶4.10: "das [Ziel]" is the target of a previous effect; "den Gegner" after
    "Ziehe 1 Karte" is the enemy of effect 1, and only its valid targets (the minion: the
    villain cannot take damage) are stunned, as if no card were drawn between."""
    ruling = both(_enemy_draw_stun("the", "enemy"))
    assert ruling.value("can_initiate") is True
    assert ruling.value("effect_1_valid_targets") == ("minion 1",)
    assert ruling.value("effect_3_valid_targets") == ("minion 1",)
    assert ruling.value("effect_3_resolves_against") == ("minion 1",)
    assert ("ziel.p4.10",) in step_keys(ruling)
    without_draw = both(card(effect("deal_damage", "one", "enemy", amount=3),
                             effect("give_status", "the", status="stunned"),
                             villain=[{"damage": 0, "conditions": ["cannot_take_damage"]}],
                             minions=[{"damage": 0}]))
    assert without_draw.value("effect_2_resolves_against") == ("minion 1",)


def test_the_target_left_empty_is_the_target_of_the_effect_before():
    """Without a target named, "das [Ziel]" after "Ziehe 1 Karte" is the player's: no enemy
    is stunned, whatever effect 1 could reach; stunning a player is not in the texts."""
    ruling = both(_enemy_draw_stun("the"))
    assert ruling.value("effect_3_candidates") == ("player 1",)
    assert ruling.value("effect_3_resolves_against") != ("minion 1",)
    assert not ruling.complete


def test_the_target_naming_its_type_skips_an_effect_on_another_target():
    """"Gib einem Verbündeten eine Statuskarte. Füge einem Schergen 1 Schaden zu. Füge dem
    Verbündeten 2 Schaden zu.": the damage goes to the ally of effect 1 (¶4.10), never to the
    minion, and only to an ally that may receive the status card."""
    ruling = both(card(effect("give_status", "one", "ally", status="tough"),
                       effect("deal_damage", "one", "minion", amount=1),
                       effect("deal_damage", "the", "ally", amount=2),
                       characters=[ally(), ally(conditions=["cannot_get_tough"])],
                       minions=[{"damage": 0}]))
    assert ruling.value("effect_3_valid_targets") == ("ally 1",)
    assert ruling.value("effect_3_resolves_against") == ("ally 1",)
    assert ruling.readings == ()


def test_the_target_naming_its_type_notes_a_later_effect_whose_target_may_be_one_too():
    """Judge round 16 (M1): "Füge einem Gegner 3 Schaden zu. Verwirre einen Schergen.
    Betäube den Gegner.": effect 3 repeats effect 1's noun and refers to it (only minion 2,
    which can be stunned and take damage); that effect 2's minion is a Gegner too is noted
    as an assumption (¶4.10 does not say which previous effect), not ruled on."""
    ruling = both(card(effect("deal_damage", "one", "enemy", amount=3),
                       effect("give_status", "one", "minion", status="confused"),
                       effect("give_status", "the", "enemy", status="stunned"),
                       villain=[{"conditions": ["cannot_take_damage"]}],
                       minions=[{"conditions": ["cannot_be_stunned"]},
                                {"conditions": ["cannot_be_confused"]}]))
    assert ruling.value("effect_3_resolves_against") == ("minion 2",)
    (step,) = [s for s in ruling.by_outcome(Outcome.SILENT)
               if s.message.param_dict().get("other") == 2]
    assert step.message.param_dict()["head"] == 1
    assert [c.key for c in step.citations] == ["ziel.p4.10"]
    assert not ruling.settled
    plain = both(card(effect("deal_damage", "one", "enemy", amount=3),
                      effect("give_status", "one", "hero", status="tough"),
                      effect("give_status", "the", "enemy", status="stunned"),
                      minions=[{}], characters=[ally()]))
    assert not any(s.message.param_dict().get("other") for s in plain.steps)


def test_the_target_may_name_a_narrower_type_than_the_effect_it_refers_to():
    """Judge round 19 (MC-2): "Füge einem Charakter 1 Schaden zu. Heile 1 Schaden bei einem
    Helden. Betäube den Schergen.": no effect names a minion, but effect 1's Charakter may be
    one (Ziel ¶4.10: the target of a previous effect); the stun resolves only for a minion
    among effect 1's targets (minion 2 cannot be stunned), never the hero of effect 2."""
    ruling = both(card(effect("deal_damage", "one", "character", amount=1),
                       effect("heal", "one", "hero", amount=1),
                       effect("give_status", "the", "minion", status="stunned"),
                       villain=[{}], minions=[{}, {"conditions": ["cannot_be_stunned"]}],
                       characters=[hero(damage=1)]))
    assert ruling.value("effect_3_candidates") == ("minion 1", "minion 2")
    assert ruling.value("effect_3_resolves_against") == ("minion 1",)
