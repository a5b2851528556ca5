"""A ruling resting on a clause that had no text in force on the reading date is incomplete."""

from __future__ import annotations

import datetime
import json

import pytest
from django.utils import translation

from rulebook.calculator import services as calculator
from tests.rulebook.calculator_cases import CASES

PD2 = next(case for case in CASES if case.id == "PD-2")
BEFORE = datetime.date(2022, 12, 1)  # before the correction of 25.01.2023 that added the clauses


def evaluate(client, as_of):
    return client.post("/api/scenarios/power-duell/guardian-wirkung/evaluate",
                       json.dumps({"inputs": PD2.inputs, "as_of": as_of}),
                       content_type="application/json", HTTP_ACCEPT_LANGUAGE="de")


@pytest.mark.django_db
def test_a_clause_without_a_version_on_the_date_makes_the_ruling_incomplete(seeded):
    ruling = calculator.find("power-duell", "guardian-wirkung").evaluate(PD2.inputs)
    assert ruling.complete is True  # the engine alone knows no dates
    with translation.override("en"):
        view = calculator.present(ruling, BEFORE, dated=True)
    assert view.complete is False and view.settled is False
    missing = view.without_text
    assert missing and all(".negativ-positiv-wirkung." in c.key for c in missing)
    assert "did not exist yet" in view.verdict and "Complete" not in view.verdict
    assert "Every input is covered" not in view.verdict
    step = next(s for s in view.steps if any(c in missing for c in s.citations))
    assert step.without_text
    assert any("did not exist yet" in w for w in step.warnings)
    today = calculator.present(ruling, datetime.date(2024, 1, 1), dated=True)
    assert today.complete is True and today.without_text == ()


@pytest.mark.django_db
def test_the_api_and_the_page_say_the_clause_did_not_exist_yet(client, seeded):
    data = evaluate(client, "2022-12-01").json()
    assert data["complete"] is False and data["settled"] is False
    assert "noch nicht" in data["verdict"]
    assert "Jede Eingabe ist durch die veröffentlichten Regeln abgedeckt" not in data["verdict"]
    cited = [c for s in data["steps"] for c in s["citations"] if c["drift"] == "not_in_force"]
    assert cited and all("noch nicht" in c["warning"] for c in cited)
    assert evaluate(client, "2024-01-01").json()["complete"] is True

    query = calculator.to_query(calculator.find("power-duell", "guardian-wirkung"), PD2.inputs,
                                BEFORE)
    html = client.get(f"/de/calculator/power-duell/guardian-wirkung/?{query}").content.decode()
    assert "verdict--incomplete" in html
    assert "Jede Eingabe ist durch die veröffentlichten Regeln abgedeckt" not in html
    assert "noch nicht in Kraft" in html
    assert "Text geändert" not in html


@pytest.mark.django_db
def test_a_repealed_cited_clause_makes_the_ruling_incomplete(seeded, publisher, editor):
    from django.utils import timezone

    from tests.rulebook.test_calculator_citations import BK7B, publish_correction

    today = timezone.localdate()
    publish_correction("107.2", today - datetime.timedelta(days=10), publisher, editor,
                       repeal=True)
    ruling = calculator.find("berserk", "timing").evaluate(BK7B)
    with translation.override("en"):
        view = calculator.present(ruling, today)
    assert view.complete is False and [c.key for c in view.without_text] == ["107.2"]
    assert view.verdict.startswith("Incomplete:") and "had been repealed" in view.verdict
    earlier = calculator.present(ruling, today - datetime.timedelta(days=11))
    assert earlier.complete is True and earlier.without_text == ()
