"""An effect aimed at, or coming from, a Schutzgottkarte that was not entered is a
field error, not a ruling."""

from __future__ import annotations

import json

import pytest

from engine import powerduell
from engine.core import InputError

SITUATION = powerduell.RULESET.scenario("situation")
GUARDIAN_A = {"side": "a", "base_planet": "venus"}
MONSTER_A = {"side": "a", "planet": "venus", "ap": 100}


def inputs(target_guardian: str, guardians=(GUARDIAN_A,)) -> dict:
    return {"guardians": list(guardians), "monsters": [MONSTER_A],
            "effects": [{"source": "energy", "source_side": "a",
                         "target_guardian": target_guardian}]}


def test_an_effect_on_a_guardian_that_is_not_entered_is_an_input_error():
    with pytest.raises(InputError) as error:
        SITUATION.evaluate(inputs("b"))
    assert error.value.field == "effects.0.target_guardian"
    assert error.value.message.render() == (
        "There is no Schutzgottkarte on side B. Enter it under the Schutzgottkarten, "
        "or aim the effect at side A.")
    with pytest.raises(InputError) as error:
        SITUATION.evaluate(inputs("a", guardians=()))
    assert error.value.message.render() == (
        "There is no Schutzgottkarte on side A. Enter it under the Schutzgottkarten first.")
    ruling = SITUATION.evaluate(inputs("a"))
    assert ruling.value("effect_1_affects") is False


def test_an_effect_from_a_guardian_that_is_not_entered_is_an_input_error():
    effect = {"source": "guardian-spezial-wirkung", "source_side": "b", "target_monster": 1,
              "attribute": "ap", "operation": "add", "amount": 5}
    data = {"guardians": [GUARDIAN_A], "monsters": [MONSTER_A], "effects": [effect]}
    with pytest.raises(InputError) as error:
        SITUATION.evaluate(data)
    assert error.value.field == "effects.0.source_side"
    assert error.value.message.render() == (
        "The effect comes from a Schutzgottkarte, but there is none on side B. Enter it under "
        "the Schutzgottkarten, or choose the side of the effect's card.")
    ruling = SITUATION.evaluate({**data, "effects": [{**effect, "source_side": "a"}]})
    assert ruling.value("monster_1_ap") == 105
    energy = SITUATION.evaluate({**data, "guardians": [],  # an Energiekarte needs none
                                 "effects": [{**effect, "source": "energy"}]})
    assert energy.value("monster_1_ap") == 105


QUERY = ("guardians=1&guardians-0-side=a&guardians-0-base_planet=venus"
         "&monsters=1&monsters-0-side=a&monsters-0-planet=venus&monsters-0-ap=100"
         "&effects=1&effects-0-source=energy&effects-0-source_side=a"
         "&effects-0-target_guardian=b")


@pytest.mark.django_db
def test_the_form_and_the_api_report_the_missing_guardian_on_its_field(client):
    response = client.get(f"/en/calculator/power-duell/situation/?{QUERY}")
    html = response.content.decode()
    assert response.status_code == 400  # a form with field errors
    assert "There is no guardian god card on side B." in html
    assert 'id="f-effects-0-target_guardian-error"' in html
    assert "The guardian god card is immune" not in html and "Complete" not in html
    api = client.post("/api/scenarios/power-duell/situation/evaluate",
                      json.dumps({"inputs": inputs("b")}), content_type="application/json")
    assert api.status_code == 422
    body = api.json()
    assert "effects.0.target_guardian" in json.dumps(body)
    assert "There is no guardian god card on side B." in json.dumps(body)
