"""Unknown query parameters of the JSON API are refused, naming them.

The API says of itself (``rulesite.api``): "a body key, scenario input or
query parameter it does not define is a 422 naming it (with the closest
known name)".  The reading, version and ruling operations read their query
through django-ninja's parameter models, which ignore a parameter they do
not declare: ``/api/search?q=x&gmae=berserk`` searched every game,
``…/changes?since=2020-01-01`` answered the default dates, and ``POST
…/evaluate?as_of=2001-01-01`` ruled on today's texts — each a 200 with
data the client did not ask for.  ``lang`` stays accepted everywhere (every
operation's errors are in the reader's language).
"""

from __future__ import annotations

import json

import pytest

CLAUSE = "/api/games/testspiel/documents/regeln/clauses/1.1"


def errors(response):
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    return response.json()["errors"]


@pytest.mark.parametrize("path, field, message", [
    ("/api/games?x=1", "x", "Unknown field 'x'."),
    (CLAUSE + "?ass_of=2021-01-01", "ass_of", "Unknown field 'ass_of'. Did you mean 'as_of'?"),
    ("/api/search?q=Karten&gmae=testspiel", "gmae", "Unknown field 'gmae'. Did you mean 'game'?"),
    ("/api/games/testspiel/documents/regeln/changes?since=2020-01-01", "since",
     "Unknown field 'since'."),
    ("/api/scenarios?foo=1", "foo", "Unknown field 'foo'."),
])
def test_an_unknown_query_parameter_is_a_422_naming_it(client, small_rulebook, path, field,
                                                       message):
    response = client.get(path)
    assert response.status_code == 422
    assert errors(response) == [{"field": field, "message": message}]


def test_a_query_parameter_of_the_body_is_refused_on_a_post(client, db):
    # as_of belongs in the body of POST …/evaluate: in the query it was ignored
    # and the ruling given on today's texts
    response = client.post("/api/scenarios/berserk/element-feature/evaluate?as_of=2001-01-01",
                           json.dumps({"inputs": {}}), content_type="application/json")
    assert response.status_code == 422
    assert errors(response) == [{"field": "as_of", "message": "Unknown field 'as_of'."}]


def test_known_parameters_and_lang_are_still_taken(client, small_rulebook):
    assert client.get(CLAUSE + "?as_of=2021-01-01&lang=en").status_code == 200
    assert client.get("/api/search?q=Karten&game=testspiel&limit=5&lang=de").status_code == 200
    assert client.get("/api/games/testspiel/documents/regeln/changes?from=2020-01-01"
                      "&to=2022-01-01").status_code == 200
    response = client.post("/api/scenarios/berserk/situation/card-text?lang=de",
                           json.dumps({"text": ""}), content_type="application/json")
    assert response.status_code == 200


@pytest.mark.parametrize("lang, message", [
    ("de", "Unbekanntes Feld „gmae“. Meintest du „game“?"),
    ("ru", "Неизвестное поле «gmae». Возможно, имелось в виду «game»?"),
])
def test_the_unknown_parameter_is_named_in_the_readers_language(client, small_rulebook, lang,
                                                                 message):
    response = client.get(f"/api/search?q=Karten&gmae=testspiel&lang={lang}")
    assert response.status_code == 422
    assert errors(response) == [{"field": "gmae", "message": message}]


def test_an_unknown_body_key_is_named_in_the_readers_language(client, db):
    response = client.post("/api/scenarios/berserk/element-feature/evaluate?lang=de",
                           json.dumps({"inputs": {}, "as_off": "2020-01-01"}),
                           content_type="application/json")
    assert response.status_code == 422
    assert errors(response) == [{"field": "as_off",
                                 "message": "Unbekanntes Feld „as_off“. Meintest du „as_of“?"}]
