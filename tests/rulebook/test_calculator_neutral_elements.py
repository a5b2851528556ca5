"""Two neutral Berserk cards: the page shows both readings of 106 ¶2 in clear Russian."""

from __future__ import annotations

import pytest

QUERY = "card_a_elements=neutral&card_b_elements=neutral"


@pytest.mark.django_db
def test_the_russian_page_shows_both_readings_and_a_clear_relation(client, seeded):
    html = client.get(f"/ru/calculator/berserk/same-element/?{QUERY}").content.decode()
    assert "ни карты одной стихии, ни карты разных стихий (нейтральная карта)" in html
    assert "ни одной, ни разных" not in html
    assert "«Нейтральная» — стихия, к которой принадлежат обе карты" in html
    assert "verdict--complete" not in html
    data = client.get(f"/api/scenarios/berserk/same-element/evaluate?{QUERY}").json()
    (point,) = data["open_points"]
    assert point["point"] == "neutral-shared-element"
    assert [{v["name"]: v["value"] for v in r["values"]}["same_element"]
            for r in point["readings"]] == [False, True]
    assert [r["clauses"] for r in point["readings"]] == [["106.p2"], ["106.p2"]]
