"""A row the form offers and the judge leaves as it is, at the end of a group, is no item:
a new Power-Duell table (one effect row shown) with no effect entered is ruled, not refused
with "This field is required." (a fresh user's table). A row with anything typed or chosen
is an item, read and checked as ever; so is every row a group must have."""

from __future__ import annotations

import pytest

import engine
from engine.core import Choice, Field, FieldKind, InputError, msg, parse_form

SITUATION = engine.find_scenario(engine.rulesets(), "power-duell", "situation")
TABLE = {"active_side": ["a"], "guardians": ["0"], "monsters": ["2"],
         "monsters-0-side": ["a"], "monsters-0-planet": ["mars"], "monsters-0-ap": ["50"],
         "monsters-0-dp": ["40"], "monsters-1-side": ["b"], "monsters-1-planet": ["erde"],
         "monsters-1-ap": ["30"], "monsters-1-dp": ["30"], "attacker": ["1"], "target": ["2"]}
#: An effect row as the page shows it on a new table: the selects at their first choice.
NEW_ROW = {"effects-0-source": [""], "effects-0-source_side": ["a"], "effects-0-activated": [""],
           "effects-0-target_monster": [""], "effects-0-target_guardian": [""],
           "effects-0-attribute": [""], "effects-0-operation": ["add"], "effects-0-amount": [""]}


def test_a_new_tables_effect_row_left_as_shown_is_no_effect():
    with_row = SITUATION.evaluate_form({**TABLE, "effects": ["1"], **NEW_ROW})
    assert with_row == SITUATION.evaluate_form({**TABLE, "effects": ["0"]})
    assert with_row.value("monster_1_ap") == 50


@pytest.mark.parametrize("changed", [{"effects-0-amount": ["5"]},
                                     {"effects-0-source_side": ["b"]},
                                     {"effects-0-operation": ["halve"]},
                                     {"effects-0-source": ["energy"]}])
def test_a_row_with_anything_entered_is_an_effect_and_checked(changed):
    with pytest.raises(InputError) as raised:
        SITUATION.evaluate_form({**TABLE, "effects": ["1"], **NEW_ROW, **changed})
    assert raised.value.field.startswith("effects.0.")


def test_only_rows_at_the_end_are_left_out():
    second = {key.replace("-0-", "-1-"): ["energy"] if key.endswith("source") else value
              for key, value in NEW_ROW.items()}
    second |= {"effects-1-target_monster": ["1"], "effects-1-attribute": ["ap"],
               "effects-1-amount": ["10"]}
    with pytest.raises(InputError) as raised:  # the blank first row keeps its place
        SITUATION.evaluate_form({**TABLE, "effects": ["2"], **NEW_ROW, **second})
    assert raised.value.field == "effects.0.source"


SIDE = Field("side", msg("Side"), FieldKind.CHOICE, default="a",
             choices=(Choice("a", msg("A")), Choice("b", msg("B"))))
AMOUNT = Field("amount", msg("Amount"), FieldKind.INTEGER)


def test_a_group_keeps_the_rows_it_must_have():
    group = Field("cards", msg("Cards"), FieldKind.GROUP, min_items=1, max_items=3,
                  fields=(AMOUNT, SIDE))
    data = {"cards": ["2"], "cards-0-amount": [""], "cards-1-amount": [""]}
    with pytest.raises(InputError) as raised:  # the row it must have is read: and refused
        parse_form((group,), data)
    assert [raised.value.field, *(e.field for e in raised.value.others)] == ["cards.0.amount"]
    data |= {"cards-0-amount": ["3"]}
    assert parse_form((group,), data)["cards"] == ({"amount": 3, "side": "a"},)


def test_a_blank_card_row_that_fields_pick_by_number_stays_and_says_what_it_lacks():
    """Monster row 2 on screen, left blank, the attack target 2: the judge is told what
    monster 2 lacks, not "There is no monster number 2" (a breaker's table)."""
    data = {**TABLE, "monsters-1-planet": [""], "monsters-1-ap": [""], "monsters-1-dp": [""],
            "monsters-1-side": ["a"], "effects": ["0"]}
    with pytest.raises(InputError) as raised:
        SITUATION.evaluate_form(data)
    assert raised.value.field.startswith("monsters.1."), raised.value


def test_a_blank_character_row_stays_a_card_the_actor_may_pick():
    marvel = engine.find_scenario(engine.rulesets(), "marvel-champions", "situation")
    spec = next(f for f in marvel.fields if f.name == "characters")
    assert spec.picked
    data = {"kind": ["basic_attack"], "actor": ["2"], "characters": ["2"],
            "characters-0-kind": ["hero"], "characters-1-kind": [""]}
    with pytest.raises(InputError) as raised:
        marvel.evaluate_form(data)
    assert "characters.1.kind" in [e.field for e in raised.value.every]


@pytest.mark.parametrize("left_out, given", [("wirkung_attribute", {"wirkung_amount": 20}),
                                             ("wirkung_amount", {"wirkung_attribute": "ap"})])
def test_a_wirkung_half_given_names_the_half_left_out(left_out, given):
    guardian = {"side": "a", "base_planet": "venus", "left_planet": "mars",
                "right_planet": "erde", **given}
    with pytest.raises(InputError) as raised:
        SITUATION.evaluate({"guardians": [guardian], "monsters": []})
    assert raised.value.field == f"guardians.0.{left_out}"
