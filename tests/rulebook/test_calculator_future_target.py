"""A Marvel Champions ability with a future target whose other effects have no valid
target: Ziel ¶3 and ¶6 give different answers, and the page shows both readings."""

from __future__ import annotations

import pytest

from tests.rulebook.open_points import the_open_point

import engine
from rulebook.calculator import services as calculator

TARGETS = engine.find_scenario(engine.rulesets(), "marvel-champions", "target-validity")
DRAW_AND_DISCOUNT = {"kind": "card_ability",
                     "effects": [{"verb": "draw", "amount": 2, "selector": "you"},
                                 {"verb": "future", "amount": 1, "selector": "future"}],
                     "players": [{"deck": 0}]}


@pytest.mark.django_db
def test_the_russian_page_shows_the_open_point_not_complete(client, seeded):
    query = calculator.to_query(TARGETS, DRAW_AND_DISCOUNT)
    html = client.get(f"/ru/calculator/marvel-champions/target-validity/?{query}")
    assert html.status_code == 200
    text = html.content.decode()
    assert "verdict--complete" not in text
    assert "для инициирования ей цель не нужна (Ziel ¶6)" in text
    assert "без допустимой цели её нельзя инициировать (Ziel ¶3)" in text
    data = client.get(f"/api/scenarios/marvel-champions/target-validity/evaluate?{query}"
                      "&lang=ru").json()
    assert data["settled"] is False
    assert the_open_point(data, "can_initiate") == (
        "future-target-initiation", [False, True], [["ziel.p3"], ["ziel.p6"]])
