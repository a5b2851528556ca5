"""The effect-order page and API show both orders of a Spezial-Wirkung and a Wirkung."""

from __future__ import annotations

import pytest

from tests.rulebook.open_points import the_open_point

QUERY = ("base_ap=100&effects=2"
         "&effects-0-source=guardian-wirkung&effects-0-activated=1&effects-0-attribute=ap"
         "&effects-0-operation=add&effects-0-amount=20"
         "&effects-1-source=guardian-spezial-wirkung&effects-1-activated=1"
         "&effects-1-attribute=ap&effects-1-operation=double")


@pytest.mark.django_db
def test_the_page_and_the_api_show_both_orders_with_their_values(client, seeded):
    html = client.get(f"/de/calculator/power-duell/effect-order/?{QUERY}").content.decode()
    assert "Die Spezial-Wirkung wird vor der Wirkung gewertet" in html
    assert "beide Lesarten werden gezeigt" in html
    data = client.get(f"/api/scenarios/power-duell/effect-order/evaluate?{QUERY}").json()
    order = "1.2.4.behandlung-der-reihenfolge-von-effekt-wirkung."
    assert the_open_point(data, "ap") == (
        "spezial-or-wirkung", [240, 220], [[order + "p1", order + "p3"], [order + "p1"]])
