"""Scenario inputs are strict: a key or parameter that names no field is an
error naming it (with the closest known name), at every level, in JSON and
in flat form data alike; the JSON Schema says the same."""

from __future__ import annotations

import pytest

import engine
from engine.core import (
    Field, FieldKind, InputError, fields_json_schema, msg, parse_form, unknown_parameters,
    validate_fields,
)

INNER = Field("cards", msg("Cards"), FieldKind.GROUP, max_items=2, fields=(
    Field("cost", msg("Cost"), FieldKind.INTEGER, default=0),))
GROUP = Field("effects", msg("Effects"), FieldKind.GROUP, max_items=3, fields=(
    Field("amount", msg("Amount"), FieldKind.INTEGER, default=0), INNER))
FIELDS = (Field("base_ap", msg("AP"), FieldKind.INTEGER), GROUP)


def error(call):
    with pytest.raises(InputError) as raised:
        call()
    return raised.value.field, raised.value.message.render()


@pytest.mark.parametrize("data, field, message", [
    ({"base_ap": 1, "base_pa": 2}, "base_pa",
     "Unknown field 'base_pa'. Did you mean 'base_ap'?"),
    ({"base_ap": 1, "colour": "red"}, "colour", "Unknown field 'colour'."),
    ({"base_ap": 1, "effects": [{"amount": 1}, {"amonut": 2}]}, "effects.1.amonut",
     "Unknown field 'amonut'. Did you mean 'amount'?"),
    ({"base_ap": 1, "effects": [{"cards": [{"cots": 2}]}]}, "effects.0.cards.0.cots",
     "Unknown field 'cots'. Did you mean 'cost'?"),
    ({"base_ap": 1, "amount": 2}, "amount", "Unknown field 'amount'."),
    ({"bsae_ap": 1}, "bsae_ap", "Unknown field 'bsae_ap'. Did you mean 'base_ap'?"),
])
def test_an_unknown_json_key_is_an_error_naming_its_path(data, field, message):
    assert error(lambda: validate_fields(FIELDS, data)) == (field, message)


def test_known_json_keys_are_read_as_before():
    values = validate_fields(FIELDS, {"base_ap": 1, "effects": [{"cards": [{}]}]})
    assert values["base_ap"] == 1 and values["effects"][0]["cards"][0]["cost"] == 0


@pytest.mark.parametrize("data, field, message", [
    ({"base_ap": "1", "base_pa": "2"}, "base_pa",
     "Unknown field 'base_pa'. Did you mean 'base_ap'?"),
    ({"base_ap": "1", "effects": "1", "effects-0-amonut": "2"}, "effects.0.amonut",
     "Unknown field 'effects-0-amonut'. Did you mean 'effects-0-amount'?"),
    ({"base_ap": "1", "effects": "1", "effects-0-cards": "1", "effects-0-cards-1-cost": "2"},
     "effects.0.cards.1.cost", "Unknown field 'effects-0-cards-1-cost': the group "
     "'effects-0-cards' has 1 item, numbered from 0; its parameter 'effects-0-cards' gives "
     "how many."),
    ({"base_ap": "1", "effects-0-amount": "2"}, "effects.0.amount",
     "Unknown field 'effects-0-amount': the group 'effects' has no number of items; give it "
     "in its parameter 'effects' (the items are numbered from 0)."),
    ({"base_ap": "1", "effects": "0", "effects-0-amount": "2"}, "effects.0.amount",
     "Unknown field 'effects-0-amount': the group 'effects' has 0 items, numbered from 0; "
     "its parameter 'effects' gives how many."),
    ({"base_ap": "1", "as_of": "2025-01-01"}, "as_of", "Unknown field 'as_of'."),
])
def test_an_unknown_form_parameter_is_an_error_naming_it(data, field, message):
    assert error(lambda: parse_form(FIELDS, data)) == (field, message)


def test_an_invalid_count_is_reported_not_its_items():
    data = {"base_ap": "1", "effects": "many", "effects-0-amount": "2"}
    assert unknown_parameters(FIELDS, data) == ()
    assert error(lambda: parse_form(FIELDS, data)) == ("effects", "Enter a whole number.")


def test_unknown_parameters_are_all_listed_in_order():
    data = {"zz": "1", "base_ap": "1", "effects": "1", "effects-0-amount": "1", "effects-2-x": ""}
    assert [e.field for e in unknown_parameters(FIELDS, data)] == ["zz", "effects.2.x"]


def test_a_lenient_read_leaves_other_parameters_alone():
    data = {"base_ap": "1", "other": "x"}
    assert dict(parse_form(FIELDS[:1], data, strict=False)) == {"base_ap": 1}
    with pytest.raises(InputError):
        parse_form(FIELDS[:1], data)


def test_the_json_schema_refuses_other_properties_at_every_level():
    schema = fields_json_schema(FIELDS)
    items = schema["properties"]["effects"]["items"]
    assert schema["additionalProperties"] is False
    assert items["additionalProperties"] is False
    assert items["properties"]["cards"]["items"]["additionalProperties"] is False


def test_every_worked_example_names_known_fields_only():
    for ruleset in engine.rulesets():
        for scenario in ruleset.scenarios:
            for example in scenario.examples:
                scenario.validate(example.inputs)  # raises on an unknown key


@pytest.mark.parametrize("raw", ["2147483648", "99999999999999999999999999999", "-2147483649"])
def test_a_number_of_many_digits_is_past_the_bounds_not_unreadable(raw):
    """Every surface reads a long number as the number it is: the form's text, the
    API's JSON (an int) and the GET parameters give the same bound message."""
    data = {"base_ap": "1", "effects": raw}
    assert error(lambda: parse_form(FIELDS, data)) in {
        ("effects", "Enter a number of at most 3."), ("effects", "Enter a number of at least 0.")}
