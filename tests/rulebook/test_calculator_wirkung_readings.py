"""The open points of a Wirkung ruling show each reading, on the page and in the API."""

from __future__ import annotations

import json

import pytest

from tests.rulebook.open_points import the_open_point

DEFENDING = ("base_planet=mars&left_planet=venus&right_planet=jupiter&attribute=dp&amount=-30"
             "&monster_planet=mars&combat=defending&opponent_planet=venus&opponent_effects=ap")
LISTED = ("guardian_side_active=off&base_planet=venus&left_planet=mars&right_planet=erde"
          "&attribute=ap&amount=20&scope=listed&listed_planets=jupiter&listed_planets=saturn"
          "&monster_planet=jupiter&base_value=100")
PAGE = "/de/calculator/power-duell/guardian-wirkung/"
API = "/api/scenarios/power-duell/guardian-wirkung/evaluate"


@pytest.mark.django_db
def test_the_defending_ruling_shows_both_readings_and_names_the_attacker(client, seeded):
    html = client.get(f"{PAGE}?{DEFENDING}").content.decode()
    assert "Planet und Effekte des angreifenden Monsters entscheiden" in html
    assert "Das verteidigende Monster ist selbst das Angriffsziel" in html
    assert "das angreifende Monster (anstelle des Angriffsziels herangezogen)" in html
    assert "das Angriffsziel steht unter einem Effekt" not in html
    data = client.post(API, json.dumps({"inputs": {
        "base_planet": "mars", "left_planet": "venus", "right_planet": "jupiter",
        "attribute": "dp", "amount": -30, "monster_planet": "mars", "combat": "defending",
        "opponent_planet": "venus", "opponent_effects": ["ap"]}}),
        content_type="application/json").json()
    assert the_open_point(data, "change") == (
        "np-defending", [-15, -30], [["1.2.4.negativ-positiv-wirkung.p2"]] * 2)


@pytest.mark.django_db
def test_the_listed_planets_ruling_shows_both_readings(client, seeded):
    html = client.get(f"{PAGE}?{LISTED}").content.decode()
    assert "Die negativ-positiv-Regel begrenzt die Wirkung" in html
    assert "Die Beschreibung geht vor" in html
    data = client.get(f"/api/scenarios/power-duell/guardian-wirkung/evaluate?{LISTED}").json()
    name, results, _clauses = the_open_point(data, "result")
    assert (name, results) == ("np-scope", [100, 120])
