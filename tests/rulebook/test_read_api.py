"""The read API: clauses by key or printed number, whole documents with ETag,
histories, changes between two dates, corrections, search; one error shape."""

from __future__ import annotations

import datetime
import json
from urllib.parse import quote

import pytest
import schemathesis
from django.db import connection
from django.http import FileResponse
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from rulebook.models import Clause, Correction
from rulebook.versioning.publishing import propose_version, publish_correction, submit_correction
from tests.rulebook.conftest import publish_version

BERSERK = "/api/games/berserk/documents/comprehensive-rules"
POWER_DUELL = "/api/games/power-duell/documents/schutzgottkarten"
MARVEL = "/api/games/marvel-champions/documents/referenzhandbuch"
NEGATIV_POSITIV = [f"1.2.4.negativ-positiv-wirkung.p{n}" for n in range(1, 6)]
TEXT_107_2 = "Атака простым ударом и закрытие на удар по летающему существу"


def body_of(response) -> bytes:
    """The body of an answer, streaming (a file: the all-clauses answer) or not."""
    if response.streaming:
        return b"".join(response.streaming_content)
    return response.content


def json_of(response):
    """The JSON body of an answer, streaming or not."""
    return json.loads(body_of(response))


@pytest.mark.parametrize("asked", ["107.2", "107.2.", " 107.2 "])
def test_a_clause_by_key_or_printed_number_has_its_russian_text(client, seeded, asked):
    response = client.get(f"{BERSERK}/clauses/{quote(asked)}?lang=ru&as_of=2025-06-01")
    assert response.status_code == 200
    data = response.json()
    assert data["key"] == "107.2" and data["label"] == "107.2"
    assert data["original"]["language"] == "ru"
    assert data["original"]["text"].startswith(TEXT_107_2)
    assert data["translation"] is None and data["translation_status"] == "original"
    assert data["version"] == {"number": 1, "effective_date": None, "correction": None}
    assert data["as_of"] == "2025-06-01"
    assert data["url"] == "http://testserver/ru/berserk/comprehensive-rules/107.2/"
    assert data["previous"]["key"] == "107.1" and data["next"]["key"] == "107.3"
    # the calculator's scenarios citing it are listed with the clauses citing it
    assert any(link["kind"] == "scenario" for link in data["cited_by"])


def test_the_original_is_included_beside_a_missing_translation(client, seeded):
    data = client.get(f"{BERSERK}/clauses/107.2?lang=de").json()
    assert data["original"]["text"].startswith(TEXT_107_2)
    assert data["translation"] == {"language": "de", "title": "", "text": "",
                                   "status": "missing"}
    assert data["translation_status"] == "missing"


@pytest.mark.parametrize("base, asked, key", [
    (MARVEL, "Ziel ¶3.2", "ziel.p3.2"),
    (MARVEL, "Ziel 3.2", "ziel.p3.2"),
    (MARVEL, "ziel.p3.2", "ziel.p3.2"),
    (POWER_DUELL, "1.2.4 › negativ-positiv-Wirkung ¶3", "1.2.4.negativ-positiv-wirkung.p3"),
])
def test_printed_numbers_of_the_other_games(client, seeded, base, asked, key):
    response = client.get(f"{base}/clauses/{quote(asked)}")
    assert response.status_code == 200, response.content
    assert response.json()["key"] == key


def test_a_date_before_the_first_version_is_not_in_force(client, seeded):
    key = quote("1.2.4 › negativ-positiv-Wirkung ¶3")
    response = client.get(f"{POWER_DUELL}/clauses/{key}?as_of=2023-01-24")
    assert response.status_code == 404
    (error,) = response.json()["errors"]
    assert error["field"] == "as_of"
    assert "not in force on 2023-01-24" in error["message"] and "2023-01-25" in error["message"]
    on_the_day = client.get(f"{POWER_DUELL}/clauses/{key}?as_of=2023-01-25").json()
    assert on_the_day["version"]["correction"]["effective_date"] == "2023-01-25"


@pytest.mark.parametrize("path, field", [
    ("/api/games/nothing/documents/comprehensive-rules/clauses/107.2", "game"),
    ("/api/games/berserk/documents/nothing/clauses/107.2", "document"),
    ("/api/games/nothing/documents/comprehensive-rules/clauses", "game"),
    ("/api/games/berserk/documents/nothing/clauses", "document"),
    ("/api/games/berserk/documents/nothing%00/clauses", "document"),
    (f"{BERSERK}/clauses/999.9", "key"),
    (f"{BERSERK}/clauses/107.2?as_of=2024-13-01", "as_of"),
    (f"{BERSERK}/clauses/107.2?as_of=0", "as_of"),
    (f"{BERSERK}/clauses/107.2?lang=fr", "lang"),
    ("/api/games/berserk/corrections/99999", "id"),
    ("/api/search?game=nothing&q=x", "game"),
    ("/api/search", "q"),
    # NUL characters name nothing (PostgreSQL would refuse them in a query)
    (f"{BERSERK}/clauses/107.2%00", "key"),
    ("/api/games/berserk%00/documents/comprehensive-rules", "game"),
    ("/api/search?q=x&document=%00", "document"),
    ("/api/no/such/operation", ""),
    ("/api/games/x", ""),  # not redirected to a page: the API's own 404
])
def test_errors_have_one_shape(client, seeded, path, field):
    response = client.get(path)
    assert response.status_code in (404, 422)
    assert response["Content-Type"].startswith("application/json")
    (error,) = response.json()["errors"]
    assert error["field"] == field and error["message"]


def test_changes_between_two_dates_list_the_negativ_positiv_clauses(client, seeded):
    response = client.get(f"{POWER_DUELL}/changes?from=2023-01-24&to=2023-01-26&lang=de")
    assert response.status_code == 200
    data = response.json()
    assert data["from"] == "2023-01-24" and data["to"] == "2023-01-26"
    assert [change["key"] for change in data["changes"]] == NEGATIV_POSITIV
    for change in data["changes"]:
        assert change["kind"] == "changed" and change["prior_unavailable"] is True
        assert change["diff"] is None  # the earlier text is not in the sources
        (correction,) = change["corrections"]
        assert correction["effective_date"] == "2023-01-25"
    (correction,) = data["corrections"]
    with translation.override("de"):
        assert correction["url"] == "http://testserver" + Correction.objects.get().get_absolute_url()
    # either order of the dates, the same answer; nothing changed the day after
    swapped = client.get(f"{POWER_DUELL}/changes?from=2023-01-26&to=2023-01-24&lang=de").json()
    assert swapped == data
    assert client.get(f"{POWER_DUELL}/changes?from=2023-01-26&to=2024-01-01").json()[
        "changes"] == []


def _publish(clause: Clause, text: str, editor, publisher, date: datetime.date) -> Correction:
    correction = Correction.objects.create(game=clause.document.game, language="ru",
                                           title_ru="Исправление", effective_date=date,
                                           created_by=editor)
    draft = propose_version(correction, clause, editor)
    draft.text_ru = text
    draft.save()
    submit_correction(correction, editor)
    return publish_correction(correction, publisher)


def test_the_whole_document_has_an_etag_and_answers_304(client, seeded, editor, publisher):
    url = f"{BERSERK}/clauses?lang=ru"
    first = client.get(url)
    assert first.status_code == 200
    data = json_of(first)
    assert [c["key"] for c in data["clauses"]][:3] == ["106.p1", "106.p2", "106.p3"]
    assert len(data["clauses"]) == 12
    clause = next(c for c in data["clauses"] if c["key"] == "107.2")
    assert clause["original"]["text"].startswith(TEXT_107_2)
    etag = first["ETag"]
    assert etag and client.get(url)["ETag"] == etag
    not_modified = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert not_modified.status_code == 304 and not_modified.content == b""
    assert client.get(f"{url}&as_of=2024-01-01")["ETag"] != etag
    assert client.get(f"{BERSERK}/clauses?lang=en")["ETag"] != etag

    _publish(Clause.objects.get(key="107.2"), "Новый текст 107.2.", editor, publisher,
             timezone.localdate())
    after = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200 and after["ETag"] != etag
    changed = next(c for c in json_of(after)["clauses"] if c["key"] == "107.2")
    assert changed["original"]["text"] == "Новый текст 107.2."
    assert changed["version"]["number"] == 2
    assert changed["version"]["correction"]["title"] == "Исправление"


def test_the_whole_document_is_built_once_per_publication_and_sent_as_a_file(
        client, seeded, editor, publisher, monkeypatch):
    from rulebook.reading import api as reading_api

    url = f"{BERSERK}/clauses?lang=ru"
    built = []
    build = reading_api.build_document_clauses
    monkeypatch.setattr(reading_api, "build_document_clauses",
                        lambda *args: built.append(args) or build(*args))
    first, second = client.get(url), client.get(url)
    assert len(built) == 1  # the second answer is the file the first one wrote
    # a file the WSGI server can send itself (wsgi.file_wrapper: sendfile)
    assert isinstance(first, FileResponse) and isinstance(second, FileResponse)
    assert body_of(second) == body_of(first) == build(*built[0])
    assert second["ETag"] == first["ETag"]
    assert int(second["Content-Length"]) == len(body_of(client.get(url)))
    assert "Content-Disposition" not in second

    _publish(Clause.objects.get(key="107.2"), "Новый текст 107.2.", editor, publisher,
             timezone.localdate())
    after = client.get(url)
    assert len(built) == 2 and after["ETag"] != first["ETag"]
    assert "Новый текст 107.2." in body_of(after).decode()


def test_the_whole_document_and_its_page_change_at_the_same_publication(
        client, seeded, editor, publisher):
    """The all-clauses answer kept as a file and its ETag change at once when a
    correction is published, as the document's page does (both find the
    document and its stamp with one look-up), and again for a version saved
    with a back-dated publication time."""
    url, page = f"{BERSERK}/clauses?lang=ru", "/ru/berserk/comprehensive-rules/107.2/"
    first, first_page = client.get(url), client.get(page)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert client.get(page, HTTP_IF_NONE_MATCH=first_page["ETag"]).status_code == 304
    # The same stamp, reading date and language: the same validator.
    assert first["ETag"] == first_page["ETag"]

    _publish(Clause.objects.get(key="107.2"), "Новый текст 107.2.", editor, publisher,
             timezone.localdate())
    after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    after_page = client.get(page, HTTP_IF_NONE_MATCH=first_page["ETag"])
    assert after.status_code == after_page.status_code == 200
    assert after["ETag"] == after_page["ETag"] != first["ETag"]
    assert "Новый текст 107.2." in body_of(after).decode()
    assert "Новый текст 107.2." in after_page.content.decode()

    clause = Clause.objects.get(key="107.3")
    number = clause.versions.order_by("-number").first().number + 1
    publish_version(clause, number, text_ru="Задним числом 107.3.",
                    published_at=timezone.now() - datetime.timedelta(days=400))
    again = client.get(url, HTTP_IF_NONE_MATCH=after["ETag"])
    assert again.status_code == 200 and again["ETag"] == client.get(page)["ETag"]
    assert "Задним числом 107.3." in body_of(again).decode()


def count_queries(client, path: str, **headers) -> tuple[int, int]:
    """The status of ``path`` and the SQL queries its answer made."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path, **headers)
    return response.status_code, len(queries)


def test_the_whole_document_is_answered_with_few_queries(client, seeded):
    """From its file or as a 304, the all-clauses answer reads the document
    with its stamp in one query; built, one more reads the versions."""
    url = f"{BERSERK}/clauses?lang=ru"
    client.get(f"{BERSERK}/clauses?lang=en")  # per-process set-up, not measured
    assert count_queries(client, url) == (200, 2)  # built (no corrections to read)
    assert count_queries(client, url) == (200, 1)  # from its file
    etag = client.get(url)["ETag"]
    assert count_queries(client, url, HTTP_IF_NONE_MATCH=etag) == (304, 1)


def test_history_has_every_version_with_word_diffs(client, seeded, small_rulebook):
    data = client.get("/api/games/testspiel/documents/regeln/clauses/1.1/history"
                      "?as_of=2021-07-01").json()
    versions = data["versions"]
    assert [v["number"] for v in versions] == [1, 2, 3]
    assert [v["state"] for v in versions] == ["superseded", "in_force", "upcoming"]
    assert versions[0]["diff"] is None and versions[0]["correction"] is None
    assert versions[1]["diff"] == [{"kind": "equal", "text": "Ein Spieler zieht "},
                                   {"kind": "delete", "text": "zwei"},
                                   {"kind": "insert", "text": "drei"},
                                   {"kind": "equal", "text": " Karten."}]
    assert versions[1]["correction"]["effective_date"] == "2021-06-01"


def test_corrections_of_a_game_and_one_correction(client, seeded, small_rulebook):
    listed = client.get("/api/games/testspiel/corrections?as_of=2022-01-01").json()
    assert [c["effective_date"] for c in listed] == ["2022-03-15", "2021-06-01"]
    assert [c["state"] for c in listed] == ["upcoming", "in_force"]
    one = client.get(listed[1]["api_url"].removeprefix("http://testserver")).json()
    assert one["id"] == listed[1]["id"] and one["url"] == listed[1]["url"]
    (change,) = one["changes"]
    assert change["key"] == "1.1" and change["version"] == 2
    assert {"kind": "insert", "text": "drei"} in change["diff"]


def test_search_uses_the_pages_engine(client, seeded):
    data = client.get("/api/search?q=Schutzgottes&lang=de").json()
    assert data["hits"] and all(hit["game"] == "power-duell" for hit in data["hits"])
    assert "<mark>" in data["hits"][0]["excerpt_html"]
    (match,) = client.get("/api/search?q=107.2").json()["matches"]
    assert match["kind"] == "clause" and match["api_url"].endswith(f"{BERSERK}/clauses/107.2")


def test_games_and_the_section_tree(client, seeded):
    games = client.get("/api/games").json()
    assert [g["slug"] for g in games] == ["berserk", "marvel-champions", "power-duell"] or \
        {g["slug"] for g in games} == {"berserk", "marvel-champions", "power-duell"}
    document = client.get(f"{BERSERK}?lang=ru").json()
    assert [s["number"] for s in document["sections"]] == ["106", "107", "108", "109"]
    section_107 = document["sections"][1]
    assert [c["key"] for c in section_107["clauses"]] == ["107.1", "107.2", "107.3"]


REAL_CALLS = [
    ("/api/games", {}, {"lang": "de"}),
    ("/api/games/{game}/documents/{document}",
     {"game": "power-duell", "document": "schutzgottkarten"}, {"as_of": "2023-01-24"}),
    ("/api/games/{game}/documents/{document}/clauses",
     {"game": "berserk", "document": "comprehensive-rules"}, {"lang": "en"}),
    ("/api/games/{game}/documents/{document}/clauses/{key}",
     {"game": "berserk", "document": "comprehensive-rules", "key": "107.2"}, {"lang": "de"}),
    ("/api/games/{game}/documents/{document}/clauses/{key}/history",
     {"game": "power-duell", "document": "schutzgottkarten",
      "key": "1.2.4.negativ-positiv-wirkung.p3"}, {}),
    ("/api/games/{game}/documents/{document}/changes",
     {"game": "power-duell", "document": "schutzgottkarten"},
     {"from": "2023-01-24", "to": "2023-01-26"}),
    ("/api/games/{game}/corrections", {"game": "power-duell"}, {}),
    ("/api/search", {}, {"q": "Ziel 3.2"}),
    ("/api/search", {}, {"q": "Schutzgottkarte", "language": "de"}),
]


@pytest.mark.parametrize("path, path_parameters, query", REAL_CALLS,
                         ids=[f"{p}?{q}" for p, _a, q in REAL_CALLS])
def test_answers_on_the_seeds_match_the_openapi_document(seeded, wsgi_keeps_the_test_connection,
                                                         path, path_parameters, query):
    from tests.rulebook.test_api_fuzzing import CONFORMANCE, schema

    operation = schema[path]["GET"]
    case = operation.Case(path_parameters=path_parameters, query=query)
    response = case.call()
    assert response.status_code == 200, response.text[:300]
    case.validate_response(response, checks=CONFORMANCE)


def test_one_correction_matches_the_openapi_document(seeded, wsgi_keeps_the_test_connection):
    from tests.rulebook.test_api_fuzzing import CONFORMANCE, schema

    correction = Correction.objects.get()
    case = schema["/api/games/{game}/corrections/{id}"]["GET"].Case(
        path_parameters={"game": "power-duell", "id": correction.number})
    response = case.call()
    assert response.status_code == 200
    case.validate_response(response, checks=CONFORMANCE)


@pytest.mark.parametrize("base, lang, as_of", [(POWER_DUELL, "ru", "2023-01-25"),
                                               (POWER_DUELL, "de", "2023-01-24"),
                                               (MARVEL, "en", "2025-01-01")])
def test_the_whole_document_says_what_each_clause_says(client, seeded, base, lang, as_of):
    """The all-clauses answer is built from plain rows; it must agree with
    the single-clause answer (built from the reading services) on every clause."""
    data = json_of(client.get(f"{base}/clauses?lang={lang}&as_of={as_of}"))
    listed = {c["key"]: c for c in data["clauses"]}
    document = client.get(f"{base}?lang={lang}&as_of={as_of}").json()
    keys = [c["key"] for s in document["sections"] for c in s["clauses"]]
    in_force = []
    for key in keys:
        one = client.get(f"{base}/clauses/{quote(key)}?lang={lang}&as_of={as_of}")
        if one.status_code == 404:
            assert key not in listed
            continue
        in_force.append(key)
        single = one.json()
        assert {name: single[name] for name in listed[key]} == listed[key]
    assert list(listed) == in_force and in_force


@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_the_history_address_is_in_the_language_asked_for(client, seeded, small_rulebook, lang):
    data = client.get("/api/games/testspiel/documents/regeln/clauses/1.1/history"
                      f"?lang={lang}").json()
    assert data["url"].startswith(f"http://testserver/{lang}/")
    assert data["url"].endswith("/1.1/history/")


DATE_ERRORS = {"en": "“{}” is not a date; enter it as YYYY-MM-DD.",
               "de": "„{}“ ist kein Datum; gib es als JJJJ-MM-TT ein.",
               "ru": "«{}» — не дата; введите её в виде ГГГГ-ММ-ДД."}


@pytest.mark.parametrize("path, field", [
    (f"{BERSERK}/clauses?as_of={{}}", "as_of"), (f"{BERSERK}/clauses/107.2?as_of={{}}", "as_of"),
    (f"{BERSERK}?as_of={{}}", "as_of"), ("/api/search?q=x&as_of={}", "as_of"),
    (f"{BERSERK}/changes?from={{}}&to=2023-01-01", "from"),
    (f"{BERSERK}/changes?to={{}}", "to"), ("/api/games/berserk/corrections?as_of={}", "as_of"),
    ("/api/games/berserk/rulings?as_of={}", "as_of"),
])
@pytest.mark.parametrize("value", ["bad", "2024-13-01"])
@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_a_malformed_date_is_the_sites_message_in_the_language_asked_for(
        client, seeded, path, field, value, language):
    """Not pydantic's wording ("Value error, …", "Input should be a valid date …"): the
    pages' own, translated, whatever the browser's language."""
    response = client.get(path.format(value) + f"&lang={language}",
                          HTTP_ACCEPT_LANGUAGE="de" if language != "de" else "ru")
    assert response.status_code == 422
    assert response.json() == {"errors": [{"field": field,
                                           "message": DATE_ERRORS[language].format(value)}]}


def vary(response) -> set[str]:
    return {part.strip().lower() for part in response.get("Vary", "").split(",") if part.strip()}


@pytest.mark.parametrize("path", [
    f"{BERSERK}/clauses/107.2", f"{BERSERK}/clauses", BERSERK, "/api/search?q=удар"])
def test_reading_answers_in_the_browsers_language_vary_on_it(client, seeded, path):
    """Without ``lang`` the body (and ETag) follows Accept-Language: a cache must know."""
    russian = client.get(path, HTTP_ACCEPT_LANGUAGE="ru")
    german = client.get(path, HTTP_ACCEPT_LANGUAGE="de")
    assert russian.status_code == german.status_code == 200
    assert body_of(russian) != body_of(german)
    assert "accept-language" in vary(russian) and "accept-language" in vary(german)
    asked = client.get(path + ("&" if "?" in path else "?") + "lang=de",
                       HTTP_ACCEPT_LANGUAGE="ru")
    assert "accept-language" not in vary(asked)


def test_versioning_answers_in_the_browsers_language_vary_on_it(client, seeded):
    path = f"{POWER_DUELL}/clauses/{NEGATIV_POSITIV[0]}/history"
    russian = client.get(path, HTTP_ACCEPT_LANGUAGE="ru")
    assert russian.status_code == 200 and "accept-language" in vary(russian)
    assert russian.content != client.get(path, HTTP_ACCEPT_LANGUAGE="de").content
    assert "accept-language" not in vary(client.get(f"{path}?lang=ru"))


@pytest.mark.parametrize("document, example", [
    (BERSERK, "(e.g. 106.p1 or 106 ¶1)"), (POWER_DUELL, "1.2.4.kartenaufbau.p1")])
def test_a_missing_clause_is_answered_with_an_example_of_its_own_document(client, seeded,
                                                                          document, example):
    """A new user's finding: Berserk's 404 suggested Marvel's "Ziel ¶3.2"."""
    (error,) = client.get(f"{document}/clauses/999.9").json()["errors"]
    assert example in error["message"] and "Ziel" not in error["message"]
