"""Inputs the texts do not call impossible are ruled on, not refused as field errors.

The judge's reports: Berserk ``element-feature`` with a target both neutral and
swamp answered 400 "У нейтральной карты нет другой стихии" (no such sentence in
106–109), and Marvel "Erschöpfe einen Schergen" answered 400 "Dieser Effekt kann
nicht für diese Art von Spielelement gelten" (Ziel ¶4.1 lists "erschöpfen"
generally).  Both are now rulings that say what the texts leave uncovered, with
an incomplete verdict, on the form and in the API.
"""

from __future__ import annotations

import json

import pytest

BERSERK = ("feature_element=swamp&strike_bonus=2&target_elements=neutral"
           "&target_elements=swamp")
MARVEL = {"kind": "card_ability", "minions": [{"damage": 0}],
          "effects": [{"verb": "exhaust", "selector": "one", "target_type": "minion"}]}


def test_the_berserk_form_rules_on_a_neutral_card_with_an_element(client, seeded):
    response = client.get(f"/ru/calculator/berserk/element-feature/?{BERSERK}")
    assert response.status_code == 200
    html = response.content.decode()
    assert "У нейтральной карты нет другой стихии" not in html
    assert "Неполное: вводов, не охваченных опубликованными правилами: 1." in html
    assert ("карта-цель указана как нейтральная и вместе с тем со стихиями: болота; тексты "
            "не говорят, может ли нейтральная карта иметь стихию") in html


def test_the_berserk_api_rules_on_a_neutral_card_with_an_element(client, seeded):
    response = client.get(f"/api/scenarios/berserk/element-feature/evaluate?{BERSERK}&lang=en")
    assert response.status_code == 200
    data = response.json()
    assert {v["name"]: v["value"] for v in data["values"]}["strike_bonus"] == 2
    assert data["complete"] is False


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_marvel_api_rules_on_exhausting_a_minion(client, seeded, language):
    response = client.post(
        f"/api/scenarios/marvel-champions/target-validity/evaluate?lang={language}",
        json.dumps({"inputs": MARVEL}), content_type="application/json")
    assert response.status_code == 200
    data = response.json()
    assert data["complete"] is False
    text = json.dumps(data, ensure_ascii=False)
    assert "Dieser Effekt kann nicht für diese Art von Spielelement gelten" not in text
    if language == "de":
        assert ("Nicht durch die veröffentlichten Regeln abgedeckt: ob Effekt 1 (erschöpfen) "
                "ein Spielelement der Art Scherge betreffen kann") in text
