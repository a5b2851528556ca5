"""Marvel "Deal 3 damage to an enemy. Stun the enemy." with an enemy that cannot take
damage: ziel ¶4.10 and its example settle it (the ability cannot be initiated), so the
page shows no readings and the verdict is complete (issue 22: the former second reading,
"valid if at least 1 of the effects can affect it", contradicts the example)."""

from __future__ import annotations

import engine
from rulebook.calculator import services as calculator

SCENARIO = engine.find_scenario(engine.rulesets(), "marvel-champions", "target-validity")
INPUTS = {"kind": "card_ability",
          "effects": [{"verb": "deal_damage", "amount": 3, "selector": "one",
                       "target_type": "enemy"},
                      {"verb": "give_status", "status": "stunned", "selector": "the"}],
          "villain": [{"damage": 0, "conditions": ["cannot_take_damage"]}]}


def test_the_russian_page_shows_a_settled_ruling_in_russian_words(client, seeded):
    query = calculator.to_query(SCENARIO, INPUTS)
    response = client.get(f"/ru/calculator/marvel-champions/target-validity/?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Только допустимая цель предыдущего эффекта (Ziel ¶4.10)" not in html
    assert "Допустима, если хотя бы 1 из эффектов может затронуть цель" not in html
    assert "для «одна цель» (ein) и «выберите» (wähle)" in html
    assert "«ein»" not in html and "«wähle»" not in html
    assert "Полное: каждый ввод охвачен опубликованными правилами." in html


def test_the_api_gives_no_open_point(client, seeded):
    response = client.get("/api/scenarios/marvel-champions/target-validity/evaluate?"
                          + calculator.to_query(SCENARIO, INPUTS) + "&lang=en")
    assert response.status_code == 200
    data = response.json()
    assert data["open_points"] == [] and data["settled"] is True
    assert "ziel.p4.7" in str(data) and "ziel.p3" in str(data)
    assert "Valid if at least 1 of the effects on the target can affect it" not in str(data)
    assert {v["name"]: v["value"] for v in data["values"]}["can_initiate"] is False
