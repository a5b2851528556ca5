"""A value given twice in a multiple-choice field is a field-level input error
on every surface: the engine, the POST and GET API (422 naming the field), the
HTML form (400 with the error at the field) and the published JSON Schema
(``"uniqueItems": true``).  Letter case is ignored, so ``swamp`` and ``SWAMP``
are the same value given twice."""

from __future__ import annotations

import json

import pytest

import engine
from engine.core import FieldKind, InputError

FEATURE = engine.find_scenario(engine.rulesets(), "berserk", "element-feature")
TARGETS = next(spec for spec in FEATURE.fields if spec.name == "target_elements")
BK1 = {"feature_element": "swamp", "strike_bonus": 2, "target_elements": ["swamp", "forest"]}
EVALUATE = "/api/scenarios/berserk/element-feature/evaluate"
FORM = "/en/calculator/berserk/element-feature/"
#: The form names the value by its label; the API by the value to send with its label,
#: here one text as the English label starts with the value ("swamp (болота)").
MESSAGE = "Choose each value only once: swamp (болота) is given more than once."


def walk(fields):
    """Every field, group sub-fields included."""
    for spec in fields:
        yield spec
        if spec.kind is FieldKind.GROUP:
            yield from walk(spec.fields)


@pytest.mark.parametrize("raw", [["swamp", "swamp"], ["swamp", "forest", "SWAMP"],
                                 ("swamp", "Swamp")])
def test_the_engine_refuses_a_value_given_twice(raw):
    with pytest.raises(InputError) as error:
        TARGETS.coerce(raw, "target_elements")
    assert error.value.field == "target_elements"
    assert error.value.message.render() == MESSAGE
    assert error.value.message.param_dict()["value"].value == "swamp"


def test_distinct_values_still_give_the_set():
    assert TARGETS.coerce(["SWAMP", "forest"], "x") == frozenset({"swamp", "forest"})
    assert TARGETS.coerce("swamp", "x") == frozenset({"swamp"})


def test_the_post_api_answers_422_naming_the_field(client, db):
    inputs = {**BK1, "target_elements": ["swamp", "forest", "swamp"]}
    response = client.post(EVALUATE, json.dumps({"inputs": inputs}),
                           content_type="application/json")
    assert response.status_code == 422
    assert response.json() == {"errors": [{"field": "inputs.target_elements",
                                           "message": MESSAGE}]}


def test_the_get_api_answers_422_for_a_repeated_query_parameter(client, db):
    response = client.get(f"{EVALUATE}?feature_element=swamp&strike_bonus=2"
                          "&target_elements=swamp&target_elements=swamp")
    assert response.status_code == 422
    assert response.json() == {"errors": [{"field": "target_elements", "message": MESSAGE}]}


def test_the_message_is_translated(client, db):
    response = client.get(f"{EVALUATE}?lang=de&feature_element=swamp&strike_bonus=2"
                          "&target_elements=swamp&target_elements=swamp")
    (error,) = response.json()["errors"]
    assert error["message"] == ("Wähle jeden Wert nur einmal: swamp (Sumpf (болота)) ist "
                                "mehrfach angegeben.")


def test_the_form_shows_the_error_at_the_field(client, seeded):
    response = client.get(f"{FORM}?feature_element=swamp&strike_bonus=2"
                          "&target_elements=swamp&target_elements=swamp")
    assert response.status_code == 400
    html = response.content.decode()
    assert 'class="ruling"' not in html
    assert (f'<p class="field__error" id="f-target_elements-error">{MESSAGE}</p>'
            in html)
    # the same form with each value once is ruled
    once = client.get(f"{FORM}?feature_element=swamp&strike_bonus=2&target_elements=swamp")
    assert once.status_code == 200 and 'class="ruling"' in once.content.decode()


def test_the_published_schema_says_unique_items_for_every_multiple_choice(client, db):
    scenarios = client.get("/api/scenarios").json()
    by_slug = {(s.game, s.slug): s for rs in engine.rulesets() for s in rs.scenarios}
    checked = 0

    def arrays(schema, fields):
        for spec in fields:
            prop = schema["properties"][spec.name]
            if spec.kind is FieldKind.GROUP:
                yield from arrays(prop["items"], spec.fields)
            elif spec.kind is FieldKind.MULTIPLE_CHOICE:
                yield spec, next(s for s in prop.get("anyOf", [prop]) if s["type"] == "array")

    for data in scenarios:
        scenario = by_slug[data["game"], data["slug"]]
        for spec, array in arrays(data["input_schema"], scenario.fields):
            assert array["uniqueItems"] is True, (data["slug"], spec.name)
            checked += 1
    assert checked == sum(1 for s in by_slug.values() for f in walk(s.fields)
                          if f.kind is FieldKind.MULTIPLE_CHOICE) >= 10
    target = next(s for s in scenarios if s["slug"] == "element-feature")
    assert target["input_schema"]["properties"]["target_elements"]["uniqueItems"] is True
