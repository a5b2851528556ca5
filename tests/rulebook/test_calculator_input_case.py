"""Choice values in any letter case mean the same on every surface: the form,
the GET and POST API, and the JSON Schema that describes what the API accepts
(a judge's hand-built link writes ``?side=A``)."""

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


def upper_query(inputs) -> dict[str, list[str]]:
    """The PD-1 form with every choice written in capitals (A, VENUS, ENERGY …)."""
    return choices_written(calculator.to_form(SITUATION, inputs), str.upper)


def upper_json(data):
    return strings_written(data, str.upper)


def test_the_engine_reads_a_choice_in_any_case_as_the_choice():
    expected = SITUATION.evaluate(PD1)
    assert SITUATION.evaluate_form(upper_query(PD1)).values == expected.values
    assert SITUATION.evaluate(upper_json(calculator.json_inputs(PD1))).values == expected.values
    spec = next(f for f in SITUATION.fields if f.name == "active_side")
    assert spec.coerce("B", "active_side") == "b"
    with pytest.raises(InputError) as error:
        spec.coerce("c", "active_side")
    assert [c.value for c in error.value.message.param_dict()["choices"]] == ["a", "b"]
    assert error.value.message.render() == "Choose one of: side A, side B."


def test_the_json_schema_admits_every_case_the_api_accepts():
    for spec, one in choice_fields():
        enum, pattern = one["anyOf"][0]["enum"], one["anyOf"][1]["pattern"]
        assert enum == list(spec.choice_values())
        for value in spec.choice_values():
            for written in (value, value.upper(), value.title()):
                assert re.search(pattern, written), (spec.name, written)
                assert spec.choice_value(written) == value
        assert not re.search(pattern, "not-a-choice")
        assert not re.search(pattern, spec.choice_values()[0] + "x")


def test_the_form_takes_a_hand_built_link_in_capitals(client, seeded):
    query = "&".join(f"{k}={v}" for k, values in upper_query(PD1).items() for v in values)
    assert "active_side=A" in query and "guardians-0-side=A" in query
    lower = client.get(f"/en/calculator/power-duell/situation/?{query.lower()}")
    response = client.get(f"/en/calculator/power-duell/situation/?{query}")
    assert response.status_code == 200 and lower.status_code == 200
    html = response.content.decode()
    assert 'class="ruling"' in html and "field-error" not in html
    assert re.search(r'<option value="a" selected', html)  # the form shows what was ruled
    values = re.findall(r'<div class="ruling-value"><dt>(.*?)</dt><dd>(.*?)</dd>', html)
    assert values == re.findall(r'<div class="ruling-value"><dt>(.*?)</dt><dd>(.*?)</dd>',
                                lower.content.decode())


def test_the_api_takes_any_case_on_get_and_post(client, seeded):
    query = "&".join(f"{k}={v}" for k, values in upper_query(PD1).items() for v in values)
    url = "/api/scenarios/power-duell/situation/evaluate"
    got = client.get(f"{url}?{query}&lang=EN")
    posted = client.post(url, json.dumps({"inputs": upper_json(calculator.json_inputs(PD1))}),
                         content_type="application/json")
    assert got.status_code == posted.status_code == 200
    assert got.json()["language"] == "en"
    values = {v["name"]: v["value"] for v in got.json()["values"]}
    assert values == {v["name"]: v["value"] for v in posted.json()["values"]}
    assert values["monster_1_ap"] == 110


@pytest.mark.parametrize("surface", ["form", "get", "post"])
def test_a_value_that_is_no_choice_names_the_allowed_values(client, seeded, surface):
    inputs = {**calculator.json_inputs(PD1), "active_side": "c"}
    query = calculator.to_query(SITUATION, inputs)
    if surface == "form":
        response = client.get(f"/en/calculator/power-duell/situation/?{query}")
        assert response.status_code == 400
        assert "Choose one of: side A, side B." in response.content.decode()
        return
    url = "/api/scenarios/power-duell/situation/evaluate"
    response = (client.get(f"{url}?{query}") if surface == "get" else
                client.post(url, json.dumps({"inputs": inputs}), content_type="application/json"))
    assert response.status_code == 422
    (error,) = response.json()["errors"]
    assert error["field"].endswith("active_side")
    assert error["message"] == "Choose one of: a (side A), b (side B)."
