"""A choice is read the same way on every surface, and its errors speak the reader's words.

- Surrounding white space is trimmed from a choice, as from a number: the
  engine, the HTML form, the GET and POST API take ``%20venus`` as ``venus``,
  and the JSON Schema's pattern admits what the API accepts (and no more).
- A value that is no choice is answered with the choices as the reader sees
  them: their labels in the UI language on the form, and in the API the value
  to send with its label.
"""

from __future__ import annotations

import json
import re

import pytest

import engine
from engine.core import InputError
from rulebook.calculator import services as calculator
from tests.rulebook.choice_inputs import choice_fields, choices_written, strings_written

SITUATION = engine.find_scenario(engine.rulesets(), "power-duell", "situation")
PD1 = next(e for e in SITUATION.examples if e.slug == "pd-1").inputs
FEATURE = engine.find_scenario(engine.rulesets(), "berserk", "element-feature")
BK1 = {"feature_element": "swamp", "strike_bonus": 2, "target_elements": ["swamp", "forest"]}
PD_API = "/api/scenarios/power-duell/situation/evaluate"
BK_API = "/api/scenarios/berserk/element-feature/evaluate"


def spaced(form: dict[str, list[str]]) -> dict[str, list[str]]:
    """The form with every choice value (not numbers, not checkboxes) wrapped in spaces."""
    return choices_written(form, lambda value: f" {value}\t")


def spaced_json(data):
    return strings_written(data, lambda value: f" {value} ")


def test_the_engine_trims_a_choice_like_a_number():
    base = next(f for f in SITUATION.fields if f.name == "guardians").fields
    planet = next(f for f in base if f.name == "base_planet")
    assert planet.coerce(" venus", "p") == "venus"
    assert planet.coerce("\tVENUS \n", "p") == "venus"
    targets = next(f for f in FEATURE.fields if f.name == "target_elements")
    assert targets.coerce([" swamp ", "forest\n"], "t") == frozenset({"swamp", "forest"})
    with pytest.raises(InputError):
        planet.coerce("ven us", "p")
    with pytest.raises(InputError):  # white space only is no value, as for a number
        planet.coerce("  ", "p")
    expected = SITUATION.evaluate(PD1)
    form = spaced(calculator.to_form(SITUATION, PD1))
    assert form["guardians-0-base_planet"] == [" venus\t"]
    assert SITUATION.evaluate_form(form).values == expected.values
    assert SITUATION.evaluate(spaced_json(calculator.json_inputs(PD1))).values == expected.values


def test_the_json_schema_pattern_admits_exactly_the_trimmed_values():
    for spec, one in choice_fields():
        pattern = one["anyOf"][1]["pattern"]
        for value in spec.choice_values():
            for written in (f" {value}", f"{value.upper()}\t\n", f"\u00a0{value} "):
                assert re.search(pattern, written), (spec.name, written)
                assert spec.choice_value(written) == value
            if len(value) > 1:  # space inside a value is not trimmed
                inner = value[:1] + " " + value[1:]
                assert not re.search(pattern, inner)
                assert spec.choice_value(inner) is None
        assert not re.search(pattern, " ") and spec.choice_value(" ") is None


def test_the_form_and_the_api_take_a_choice_with_spaces(client, seeded):
    query = calculator.to_query(SITUATION, PD1).replace("base_planet=venus",
                                                        "base_planet=%20venus")
    assert "base_planet=%20venus" in query
    page = client.get(f"/en/calculator/power-duell/situation/?{query}")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'class="ruling"' in html and "field-error" not in html
    got = client.get(f"{PD_API}?{query}&lang=en")
    posted = client.post(PD_API, json.dumps({"inputs": spaced_json(calculator.json_inputs(PD1))}),
                         content_type="application/json")
    assert got.status_code == posted.status_code == 200
    values = {v["name"]: v["value"] for v in got.json()["values"]}
    assert values == {v["name"]: v["value"] for v in posted.json()["values"]}
    assert values["monster_1_ap"] == 110


RU_LABELS = "степи, леса, горы, болота, тьма, нейтральная"
RU_API = ("steppe (степи), forest (леса), mountains (горы), swamp (болота), "
          "darkness (тьма), neutral (нейтральная)")


def test_the_form_lists_the_choices_by_their_labels_in_the_ui_language(client, seeded):
    response = client.get("/ru/calculator/berserk/element-feature/?feature_element=swamp"
                          "&strike_bonus=2&target_elements=bog")
    assert response.status_code == 400
    html = response.content.decode()
    assert f"Выберите любые из: {RU_LABELS}." in html
    assert "steppe, forest" not in html
    response = client.get("/en/calculator/power-duell/situation/?"
                          + calculator.to_query(SITUATION, {**calculator.json_inputs(PD1),
                                                            "active_side": "c"}))
    assert "Choose one of: side A, side B." in response.content.decode()


@pytest.mark.parametrize("surface", ["get", "post"])
def test_the_api_gives_the_value_to_send_with_its_label(client, seeded, surface):
    inputs = {**BK1, "target_elements": ["bog"]}
    response = (client.get(f"{BK_API}?lang=ru&feature_element=swamp&strike_bonus=2"
                           "&target_elements=bog") if surface == "get" else
                client.post(f"{BK_API}?lang=ru", json.dumps({"inputs": inputs}),
                            content_type="application/json"))
    assert response.status_code == 422
    (error,) = response.json()["errors"]
    assert error["field"].endswith("target_elements")
    assert error["message"] == f"Выберите любые из: {RU_API}."
    response = client.post(f"{BK_API}?lang=ru", json.dumps(
        {"inputs": {**BK1, "feature_element": "bog"}}), content_type="application/json")
    (error,) = response.json()["errors"]
    assert error == {"field": "inputs.feature_element",
                     "message": f"Выберите одно из: {RU_API}."}
