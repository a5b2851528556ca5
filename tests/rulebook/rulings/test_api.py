"""Official rulings in the read API: a game's, one by number, a clause's; as of a date.

The rulings are made up for the tests (the site ships none).
"""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rulebook.rulings import workflow
from tests.rulebook.rulings.conftest import RULING_DATE, make_draft, publish

RULINGS = "/api/games/testspiel/rulings"
CLAUSE_RULINGS = "/api/games/testspiel/documents/regeln/clauses/1.1/rulings"


def test_one_ruling_with_source_texts_clauses_and_addresses(client, published_ruling):
    response = client.get(f"{RULINGS}/1?lang=de&as_of=2022-01-01")
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["game"] == "testspiel" and data["number"] == 1 and data["kind"] == "ruling"
    assert data["source"] == {"title": "Testquelle (FAQ)", "date": "2021-09-01",
                              "url": "https://example.org/faq", "citation": "Frage 1"}
    assert data["original"] == {"language": "de", "question": "Darf man passen?",
                                "answer": "Ja."}
    assert data["translation"] is None and data["translation_status"] == "original"
    # the version of 1.1 in force on the ruling's date (2021-09-01) is version 2
    assert data["clauses"] == [{
        "game": "testspiel", "document": "regeln", "key": "1.1", "label": "1.1",
        "version": {"number": 2, "effective_date": "2021-06-01"},
        "url": "http://testserver/de/testspiel/regeln/1.1/",
        "api_url": "http://testserver/api/games/testspiel/documents/regeln/clauses/1.1"}]
    assert data["status"] == {"status": "current", "date": None, "reason": "",
                              "superseded_by": None, "superseded_by_correction": None}
    assert data["url"] == "http://testserver/de/testspiel/rulings/1/"
    assert data["api_url"] == "http://testserver/api/games/testspiel/rulings/1"


def test_a_translation_is_the_sites_own_and_a_missing_one_falls_back(client,
                                                                      published_ruling):
    data = client.get(f"{RULINGS}/1?lang=en").json()
    assert data["url"] == "http://testserver/en/testspiel/rulings/1/"
    assert data["original"]["question"] == "Darf man passen?"
    assert data["translation"] == {"language": "en", "question": "", "answer": "",
                                   "status": "missing", "official": False}
    assert data["translation_status"] == "missing"
    published_ruling.question_en = "May one pass?"
    published_ruling.save()  # a translation may be added to a published ruling
    data = client.get(f"{RULINGS}/1?lang=en").json()
    assert data["translation"] == {"language": "en", "question": "May one pass?", "answer": "",
                                   "status": "partial", "official": False}
    published_ruling.answer_en = "Yes."
    published_ruling.save()
    data = client.get(f"{RULINGS}/1?lang=en").json()
    assert data["translation_status"] == "current"
    assert data["translation"]["official"] is False
    assert data["original"] == {"language": "de", "question": "Darf man passen?",
                                "answer": "Ja."}


def test_a_ruling_given_after_as_of_is_not_there(client, published_ruling):
    before = (RULING_DATE - datetime.timedelta(days=1)).isoformat()
    response = client.get(f"{RULINGS}/1?as_of={before}")
    assert response.status_code == 404
    assert response.json()["errors"][0]["field"] == "as_of"
    assert client.get(f"{RULINGS}?as_of={before}").json()["rulings"] == []
    assert client.get(f"{CLAUSE_RULINGS}?as_of={before}").json()["rulings"] == []
    assert [r["number"] for r in client.get(
        f"{RULINGS}?as_of={RULING_DATE.isoformat()}").json()["rulings"]] == [1]


def test_superseded_ruling_is_current_before_and_superseded_after(client, small_rulebook,
                                                                   published_ruling, editor,
                                                                   publisher):
    later = publish(make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                               date=datetime.date(2023, 2, 1), question="Und jetzt?",
                               answer="Nein."), editor, publisher)
    workflow.supersede_ruling(published_ruling, publisher, by=later, reason="Neue Antwort.")
    before = client.get(f"{CLAUSE_RULINGS}?as_of=2022-12-31").json()
    assert [(r["number"], r["status"]["status"]) for r in before["rulings"]] == [
        (1, "current")]
    assert before["rulings"][0]["status"]["superseded_by"] is None
    after = client.get(f"{CLAUSE_RULINGS}?as_of=2023-02-01").json()
    assert after["key"] == "1.1" and after["document"] == "regeln"
    assert after["clause_url"] == "http://testserver/en/testspiel/regeln/1.1/"
    assert [(r["number"], r["status"]["status"]) for r in after["rulings"]] == [
        (2, "current"), (1, "superseded")]
    # the later ruling interprets version 3 (in force since 2022-03-15)
    assert after["rulings"][0]["clauses"][0]["version"]["number"] == 3
    assert after["rulings"][1]["status"] == {
        "status": "superseded", "date": "2023-02-01", "reason": "Neue Antwort.",
        "superseded_by": {"number": 2, "date": "2023-02-01",
                          "url": "http://testserver/en/testspiel/rulings/2/",
                          "api_url": "http://testserver/api/games/testspiel/rulings/2"},
        "superseded_by_correction": None}
    assert client.get(f"{RULINGS}/1?as_of=2023-02-01").json()["status"]["status"] == \
        "superseded"


def test_superseded_by_a_correction_names_it(client, small_rulebook, published_ruling,
                                             publisher):
    correction = small_rulebook["corrections"][1]  # effective 2022-03-15
    correction.number = 2
    correction.save()
    workflow.supersede_ruling(published_ruling, publisher, correction=correction,
                              reason="Regel geändert.")
    status = client.get(f"{RULINGS}/1?lang=de").json()["status"]
    assert status["status"] == "superseded" and status["date"] == "2022-03-15"
    assert status["superseded_by_correction"]["id"] == 2
    assert status["superseded_by_correction"]["api_url"] == \
        "http://testserver/api/games/testspiel/corrections/2"


def test_withdrawn_ruling_shows_as_current_before_the_withdrawal(client, published_ruling,
                                                                  publisher):
    workflow.withdraw_ruling(published_ruling, publisher, reason="Irrtum.",
                             date=datetime.date(2024, 1, 10))
    assert client.get(f"{RULINGS}?as_of=2024-01-09").json()["rulings"][0]["status"][
        "status"] == "current"
    status = client.get(f"{RULINGS}?as_of=2024-01-10").json()["rulings"][0]["status"]
    assert status == {"status": "withdrawn", "date": "2024-01-10", "reason": "Irrtum.",
                      "superseded_by": None, "superseded_by_correction": None}


def test_drafts_are_not_in_the_api(client, draft_ruling):
    assert client.get(RULINGS).json()["rulings"] == []
    assert client.get(CLAUSE_RULINGS).json()["rulings"] == []


@pytest.mark.parametrize("path, field", [
    (f"{RULINGS}/2", "number"), (f"{RULINGS}/0", "number"), (f"{RULINGS}/99999999999", "number"),
    ("/api/games/nichts/rulings", "game"), ("/api/games/nichts/rulings/1", "game"),
    ("/api/games/testspiel/documents/regeln/clauses/9.9/rulings", "key"),
    ("/api/games/testspiel/documents/nichts/clauses/1.1/rulings", "document"),
])
def test_what_names_nothing_is_a_404_naming_it(client, published_ruling, path, field):
    response = client.get(path)
    assert response.status_code == 404
    assert [e["field"] for e in response.json()["errors"]] == [field]


@pytest.mark.parametrize("query, field", [("as_of=2024-13-01", "as_of"), ("as_of=0", "as_of"),
                                          ("lang=xx", "lang")])
def test_bad_parameters_are_a_422_naming_them(client, published_ruling, query, field):
    for path in (RULINGS, f"{RULINGS}/1", CLAUSE_RULINGS):
        response = client.get(f"{path}?{query}")
        assert response.status_code == 422, path
        assert [e["field"] for e in response.json()["errors"]] == [field]


def test_the_list_costs_a_fixed_number_of_queries(client, small_rulebook, published_ruling,
                                                  editor, publisher):
    def count():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(RULINGS).status_code == 200
        return len(captured)

    one = count()
    for day in (2, 3, 4):
        publish(make_draft(small_rulebook["game"],
                           [small_rulebook["clause"], small_rulebook["other"]], editor,
                           date=datetime.date(2023, 1, day)), editor, publisher)
    assert len(client.get(RULINGS).json()["rulings"]) == 4
    assert count() == one


def test_the_openapi_document_describes_the_rulings(client, db):
    spec = client.get("/api/openapi.json").json()
    operations = {op["operationId"]: path for path, ops in spec["paths"].items()
                  for op in ops.values()}
    assert operations["list_rulings"] == "/api/games/{game}/rulings"
    assert operations["get_ruling"] == "/api/games/{game}/rulings/{number}"
    assert operations["list_clause_rulings"] == \
        "/api/games/{game}/documents/{document}/clauses/{key}/rulings"
    translation = spec["components"]["schemas"]["OfficialRulingTranslationOut"]
    assert translation["properties"]["official"]["const"] is False or \
        translation["properties"]["official"].get("enum") == [False]


def test_an_answer_in_the_browsers_language_varies_on_it(client, published_ruling):
    """Without ``lang`` the ruling's labels follow Accept-Language: a cache must know."""
    response = client.get(f"{RULINGS}/1", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 200
    assert "Accept-Language" in response.get("Vary", "")
    assert "Accept-Language" not in client.get(f"{RULINGS}/1?lang=ru").get("Vary", "")
