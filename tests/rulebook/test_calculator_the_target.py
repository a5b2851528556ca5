"""Marvel "Deal 3 damage to an enemy. Stun the enemy." with an enemy that cannot take
damage: the page shows both readings (ziel.p4.10 / ziel.p4 and p4.4) and lists p4.4 as
considered; the Russian page gives Russian words with the German term in parentheses."""

from __future__ import annotations

import engine
from rulebook.calculator import services as calculator

SCENARIO = engine.find_scenario(engine.rulesets(), "marvel-champions", "target-validity")
INPUTS = {"kind": "card_ability",
          "effects": [{"verb": "deal_damage", "amount": 3, "selector": "one",
                       "target_type": "enemy"},
                      {"verb": "give_status", "status": "stunned", "selector": "the"}],
          "villain": [{"damage": 0, "conditions": ["cannot_take_damage"]}]}


def test_the_russian_page_shows_both_readings_in_russian_words(client, seeded):
    query = calculator.to_query(SCENARIO, INPUTS)
    response = client.get(f"/ru/calculator/marvel-champions/target-validity/?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Только допустимая цель предыдущего эффекта (Ziel ¶4.10)" in html
    assert "Допустима, если хотя бы 1 из эффектов может затронуть цель (Ziel ¶4, ¶4.4)" in html
    assert "для «одна цель» (ein) и «выберите» (wähle)" in html
    assert "«ein»" not in html and "«wähle»" not in html
    assert "Полное: каждый ввод охвачен опубликованными правилами." not in html
    assert "Все входные данные охвачены опубликованными правилами, но решение опирается" in html


def test_the_api_lists_p4_4_and_both_readings(client, seeded):
    response = client.get("/api/scenarios/marvel-champions/target-validity/evaluate?"
                          + calculator.to_query(SCENARIO, INPUTS) + "&lang=en")
    assert response.status_code == 200
    data = response.json()
    text = str(data)
    assert "ziel.p4.4" in text
    assert "Only a valid target of the earlier effect (Ziel ¶4.10)" in text
    assert "Valid if at least 1 of the effects on the target can affect it" in text
    assert {v["name"]: v["value"] for v in data["values"]}["can_initiate"] is False
