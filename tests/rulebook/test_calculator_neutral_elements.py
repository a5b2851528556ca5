"""Two neutral Berserk cards: the page shows both readings of 106 ¶2 in clear Russian."""

from __future__ import annotations

import pytest

from tests.rulebook.open_points import the_open_point

QUERY = "card_a_elements=neutral&card_b_elements=neutral"


@pytest.mark.django_db
def test_the_russian_page_shows_both_readings_and_a_clear_relation(client, seeded):
    html = client.get(f"/ru/calculator/berserk/same-element/?{QUERY}").content.decode()
    assert "ни карты одной стихии, ни карты разных стихий (нейтральная карта)" in html
    assert "ни одной, ни разных" not in html
    assert "«Нейтральная» — стихия, к которой принадлежат обе карты" in html
    assert "verdict--complete" not in html
    data = client.get(f"/api/scenarios/berserk/same-element/evaluate?{QUERY}").json()
    assert the_open_point(data, "same_element") == (
        "neutral-shared-element", [False, True], [["106.p2"], ["106.p2"]])
