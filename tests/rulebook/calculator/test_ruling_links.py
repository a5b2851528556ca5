"""A calculator step resting on a clause with a current official ruling links to
the ruling (issue 26), in the step's "Rests on" and in the cited clauses; a
ruling not yet given, or no longer current, on the ruling's date is not linked.

The rulings here are made up for the tests: the site ships none."""

from __future__ import annotations

import datetime
import re

import pytest
from django.utils import timezone, translation
from django.utils.formats import date_format

from engine import powerduell
from rulebook.calculator import services as calculator
from rulebook.models import Clause
from rulebook.rulings import workflow
from tests.rulebook.calculator.test_speed import _assert_ruling_bytes
from tests.rulebook.rulings.conftest import make_draft, publish

PD_1 = next(e for e in powerduell.SITUATION.examples if e.slug == "pd-1")
GIVEN = datetime.date(2024, 3, 1)


@pytest.fixture
def official(seeded, editor, publisher):
    """A published ruling of GIVEN on the first clause PD-1's ruling cites."""
    cited = powerduell.SITUATION.evaluate(PD_1.inputs).citations()[0]
    clause = Clause.objects.get(document__game__slug="power-duell", key=cited.key)
    ruling = publish(make_draft(clause.document.game, [clause], editor, date=GIVEN),
                     editor, publisher)
    return {"ruling": ruling, "clause": clause, "citation": cited}


def _page(client, as_of: str = "") -> str:
    query = calculator.example_query(powerduell.SITUATION, PD_1.inputs)
    if as_of:
        query += f"&as_of={as_of}"
    response = client.get(f"/en/calculator/power-duell/situation/?{query}")
    assert response.status_code == 200
    return response.content.decode()


def _links(html: str) -> tuple[list[str], list[str]]:
    """The ruling addresses linked from the steps' "Rests on" and from the cited clauses."""
    steps = re.findall(r'<span class="step__rulings">\((.*?)\)</span>', html)
    sources = re.findall(r'<p class="citation__rulings">(.*?)</p>', html)
    address = re.compile(r'href="([^"]+)"')
    return ([a for part in steps for a in address.findall(part)],
            [a for part in sources for a in address.findall(part)])


@pytest.mark.django_db
def test_a_step_on_a_clause_with_a_current_ruling_links_to_it(official, client):
    html = _page(client)
    steps, sources = _links(html)
    assert sources == ["/en/power-duell/rulings/1/"]
    assert steps and set(steps) == {"/en/power-duell/rulings/1/"}
    with translation.override("en"):
        label = f"official ruling 1 of {date_format(GIVEN, 'SHORT_DATE_FORMAT')}"
    assert f'<a href="/en/power-duell/rulings/1/">{label}</a>' in html
    # the answer-first summary names it beside the clauses the verdict rests on
    summary = re.search(r'<p class="grounds grounds--rulings">(.*?)</p>', html).group(1)
    assert summary.count("/en/power-duell/rulings/1/") == 1
    # the steps linking it are exactly those resting on the clause
    ruling = powerduell.SITUATION.evaluate(PD_1.inputs)
    resting = [s for s in ruling.steps if official["citation"] in s.citations]
    assert len(steps) == len(resting)


@pytest.mark.django_db
def test_no_link_before_the_ruling_was_given_or_after_it_was_withdrawn(official, client,
                                                                       publisher):
    assert _links(_page(client, "2024-02-01")) == ([], [])  # before its source date
    workflow.withdraw_ruling(official["ruling"], publisher, reason="Falsch.",
                             date=timezone.localdate())
    html = _page(client)
    assert _links(html) == ([], []) and "grounds--rulings" not in html  # withdrawn
    steps, sources = _links(_page(client, "2024-05-01"))  # still current then
    assert sources == ["/en/power-duell/rulings/1/"] and steps


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_the_links_written_in_python_are_the_templates_bytes(official, lang):
    with translation.override(lang):
        ruling = powerduell.SITUATION.evaluate(PD_1.inputs)
        for on, dated in ((timezone.localdate(), False), (datetime.date(2024, 5, 1), True)):
            view = calculator.present(ruling, on, dated)
            assert any(s.citation.rulings for s in view.sources)
            _assert_ruling_bytes(view)


@pytest.mark.django_db
def test_the_api_names_the_ruling_on_each_citation_of_its_clause(official, client):
    query = calculator.example_query(powerduell.SITUATION, PD_1.inputs)
    answer = client.get(f"/api/scenarios/power-duell/situation/evaluate?lang=de&{query}").json()
    cited = [c for step in answer["steps"] for c in step["citations"]]
    on_clause = [c for c in cited if c["key"] == official["clause"].key]
    assert on_clause and all(c["rulings"] == [{
        "number": 1, "source_date": "2024-03-01",
        "label": f"offizielle Regelentscheidung 1 vom {GIVEN:%d.%m.%Y}",
        "url": "http://testserver/de/power-duell/rulings/1/"}] for c in on_clause)
    assert all(c["rulings"] == [] for c in cited if c["key"] != official["clause"].key)
    clauses = {c["key"]: c["rulings"] for c in answer["clauses"]}
    assert clauses.pop(official["clause"].key) == on_clause[0]["rulings"]
    assert all(rulings == [] for rulings in clauses.values())
