"""Official rulings in the search (page and API), the feed's status changes and
the offline page list.  The rulings are made up for the tests: the site ships none."""

from __future__ import annotations

import datetime
import re

import pytest

from rulebook.models import Ruling, RulingSearchEntry
from rulebook.rulings import workflow
from rulebook.search import search
from rulebook.search.indexing import rebuild
from tests.rulebook.rulings.conftest import RULING_DATE, make_draft, publish
from tests.rulebook.test_feeds import ATOM, assert_valid_atom, parse_atom

TRANSLATED = {
    "question_ru": "Может ли атакующий сбросить карту?",
    "answer_ru": "Да, атакующий может сбросить карту.",
    "question_en": "May the attacker discard the card?",
    "answer_en": "Yes, the attacker may discard the card.",
}


def ruling_hits(page: str) -> list[str]:
    """The ``<li>`` of every ruling's hit on a search page."""
    return re.findall(r'<li class="search-hit search-hit--ruling[^"]*">.*?</li>', page, re.S)


@pytest.fixture
def translated_ruling(small_rulebook, editor, publisher):
    """A published ruling (number 1) answered in German, with the site's
    Russian and English translations."""
    draft = make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                       question="Darf der Angreifer die Karte abwerfen?",
                       answer="Ja, der Angreifer darf die Karte abwerfen.", **TRANSLATED)
    return publish(draft, editor, publisher)


@pytest.mark.parametrize("language, word, label, excerpt_language", [
    ("de", "abwerfen", "Offizielle Regelentscheidung 1 vom 1. September 2021", "de"),
    ("ru", "сбросить", "Официальное разъяснение 1 от 1 сентября 2021 г.", "ru"),
    ("en", "discard", "Official ruling 1 of 1 September 2021", "en"),
])
def test_a_ruling_is_found_by_a_word_of_its_answer_and_labelled(
        client, translated_ruling, language, word, label, excerpt_language):
    page = client.get(f"/{language}/search/", {"q": word}).content.decode()
    (hit,) = ruling_hits(page)
    assert 'href="/%s/testspiel/rulings/1/"' % language in hit
    assert re.sub(r"<[^>]+>", "", hit).count(label) == 1
    assert f'<p class="search-hit__excerpt" lang="{excerpt_language}">' in hit
    assert "<mark>" in hit
    # never shown as a clause: no clause key, no version line
    assert "clause__key" not in hit and "search-hit__version\">Fassung" not in hit
    if language != "de":
        assert "search-hit__version" in hit  # labelled as the site's unofficial translation
    else:
        assert "search-hit__version" not in hit


def test_the_original_is_shown_where_the_reader_types_its_words(client, translated_ruling):
    (hit,) = ruling_hits(client.get("/en/search/", {"q": "abwerfen"}).content.decode())
    assert '<p class="search-hit__excerpt" lang="de">' in hit
    assert "unofficial translation" not in hit
    assert "Official ruling 1 of" in hit


def test_a_superseded_ruling_is_labelled_and_dated_searches_respect_its_dates(
        client, translated_ruling, small_rulebook, editor, publisher):
    later = publish(make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                               date=datetime.date(2023, 1, 10), answer="Nein."),
                    editor, publisher)
    workflow.supersede_ruling(translated_ruling, publisher, by=later, reason="Neue Antwort.")
    (hit,) = ruling_hits(client.get("/de/search/", {"q": "abwerfen"}).content.decode())
    assert '<strong class="badge badge--former">ersetzt</strong>' in hit
    assert 'href="/de/testspiel/rulings/1/"' in hit
    assert hit.startswith('<li class="search-hit search-hit--ruling search-hit--former">')
    # as of a day while it was current: no status; before its date: not found
    (hit,) = ruling_hits(client.get("/de/search/", {"q": "abwerfen",
                                                    "as_of": "2022-01-01"}).content.decode())
    assert "badge--former" not in hit
    page = client.get("/de/search/", {"q": "abwerfen", "as_of": "2021-08-31"}).content.decode()
    assert ruling_hits(page) == []


def test_a_withdrawn_ruling_is_labelled(client, translated_ruling, publisher):
    workflow.withdraw_ruling(translated_ruling, publisher, reason="Irrtum.",
                             date=datetime.date(2022, 2, 1))
    (hit,) = ruling_hits(client.get("/ru/search/", {"q": "сбросить"}).content.decode())
    assert '<strong class="badge badge--former">отозвано</strong>' in hit


def test_a_ruling_not_yet_published_is_not_found(client, small_rulebook, editor):
    draft = make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                       answer="Der Verteidiger muss abwerfen.")
    assert search("abwerfen") == []
    workflow.submit_ruling(draft, editor)
    assert search("abwerfen") == []
    assert not RulingSearchEntry.objects.exists()
    page = client.get("/de/search/", {"q": "abwerfen"}).content.decode()
    assert ruling_hits(page) == [] and "Verteidiger" not in page


def test_a_ruling_never_outranks_the_clause_whose_heading_the_query_names(
        small_rulebook, editor, publisher):
    # Section "1 Ziehen" is carried by its first clause, 1.1.
    publish(make_draft(small_rulebook["game"], [small_rulebook["other"]], editor,
                       question="Ziehen, ziehen, ziehen?", answer="Ziehen."),
            editor, publisher)
    hits = search("Ziehen")
    kinds = [(hit.kind, hit.clause.key if hit.clause else hit.ruling.number) for hit in hits]
    assert kinds[0] == ("clause", "1.1") and ("ruling", 1) in kinds


def test_a_current_ruling_comes_before_a_superseded_one_that_matches_as_well(
        translated_ruling, small_rulebook, editor, publisher):
    later = publish(make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                               date=datetime.date(2023, 1, 10),
                               question="Darf der Angreifer die Karte abwerfen?",
                               answer="Ja, der Angreifer darf die Karte abwerfen."),
                    editor, publisher)
    workflow.supersede_ruling(translated_ruling, publisher, by=later, reason="Neu.")
    hits = search("abwerfen")
    assert [(hit.ruling.number, hit.status) for hit in hits] == [
        (2, "current"), (1, "superseded")]
    assert [hit.status for hit in search("abwerfen", on=datetime.date(2022, 6, 1))] == [
        "current"]


def test_filters_language_game_and_document(translated_ruling, small_rulebook):
    assert [hit.kind for hit in search("discard", language="en")] == ["ruling"]
    assert search("discard", language="de") == []
    assert len(search("discard", game=small_rulebook["game"])) == 1
    assert len(search("discard", document=small_rulebook["document"])) == 1


def test_translations_added_later_are_indexed_and_rebuild_keeps_rulings(
        small_rulebook, editor, publisher):
    ruling = publish(make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                                answer="Der Angreifer darf abwerfen."), editor, publisher)
    assert search("discard") == []
    ruling.answer_en = "The attacker may discard."
    ruling.save()
    assert [hit.language for hit in search("discard")] == ["en"]
    rebuild()
    assert [hit.kind for hit in search("discard")] == ["ruling"]


def test_the_api_gives_hits_a_kind(client, translated_ruling, small_rulebook):
    data = client.get("/api/search", {"q": "abwerfen", "lang": "en"}).json()
    (hit,) = data["hits"]
    assert hit["kind"] == "ruling" and hit["number"] == 1 and hit["game"] == "testspiel"
    assert hit["label"] == "Official ruling 1 of 1 September 2021"
    assert hit["status"] == "current" and hit["status_date"] is None
    assert hit["language"] == hit["original_language"] == "de"
    assert hit["unofficial_translation"] is False
    assert hit["url"] == "http://testserver/en/testspiel/rulings/1/"
    assert hit["api_url"] == "http://testserver/api/games/testspiel/rulings/1"
    assert hit["date"] == RULING_DATE.isoformat()
    clauses = client.get("/api/search", {"q": "verdeckt"}).json()["hits"]
    assert clauses and {h["kind"] for h in clauses} == {"clause"}
    assert {"key", "version", "document"} <= set(clauses[0])
    # before the ruling's date the API does not find it either
    assert client.get("/api/search", {"q": "abwerfen", "as_of": "2021-08-31"}).json()[
        "hits"] == []


def test_the_openapi_document_describes_both_kinds(client):
    schemas = client.get("/api/openapi.json").json()["components"]["schemas"]
    hits = schemas["SearchOut"]["properties"]["hits"]["items"]
    assert hits["discriminator"]["propertyName"] == "kind"
    assert set(hits["discriminator"]["mapping"]) == {"clause", "ruling"}
    assert schemas["RulingHitOut"]["properties"]["kind"]["const"] == "ruling"


def test_the_feed_updates_the_entry_of_a_superseded_ruling(client, translated_ruling,
                                                           small_rulebook, editor, publisher):
    feed = "/de/testspiel/rulings/feed/"
    first = client.get(feed)
    later = publish(make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                               date=datetime.date(2023, 1, 10), answer="Nein."),
                    editor, publisher)
    old = workflow.supersede_ruling(translated_ruling, publisher, by=later,
                                    reason="Neue Antwort des Verlags.")
    response = client.get(feed)
    entries = assert_valid_atom(parse_atom(response))
    ids = [entry.find(f"{ATOM}id").text for entry in entries]
    # the same id, moved to the top: the status change is the latest change
    assert ids == ["tag:rules-reference.invalid,2026:testspiel/rulings/1",
                   "tag:rules-reference.invalid,2026:testspiel/rulings/2"]
    entry = entries[0]
    updated = datetime.datetime.fromisoformat(entry.find(f"{ATOM}updated").text)
    published = datetime.datetime.fromisoformat(entry.find(f"{ATOM}published").text)
    assert updated == old.status_changed_at and published == translated_ruling.published_at
    assert updated > published
    assert entry.find(f"{ATOM}title").text == (
        "Offizielle Regelentscheidung 1 vom 01.09.2021 (ersetzt): Testquelle (FAQ)")
    content = entry.find(f"{ATOM}summary").text
    assert "Ersetzt am 10.01.2023 durch eine spätere Entscheidung:" in content
    assert 'href="/de/testspiel/rulings/2/"' in content
    assert "Grund: Neue Antwort des Verlags." in content
    assert response["ETag"] != first["ETag"]
    assert client.get(feed, headers={"If-None-Match": first["ETag"]}).status_code == 200


def test_the_feed_shows_a_withdrawal(client, translated_ruling, publisher):
    workflow.withdraw_ruling(translated_ruling, publisher, reason="Irrtum.",
                             date=datetime.date(2022, 2, 1))
    (entry,) = assert_valid_atom(parse_atom(client.get("/en/testspiel/rulings/feed/")))
    assert entry.find(f"{ATOM}title").text.startswith("Official ruling 1 of ")
    assert "(withdrawn)" in entry.find(f"{ATOM}title").text
    content = entry.find(f"{ATOM}summary").text
    assert "Withdrawn by the publisher on 1 February 2022." in content and "Irrtum." in content
    stored = Ruling.objects.get(pk=translated_ruling.pk)
    assert datetime.datetime.fromisoformat(
        entry.find(f"{ATOM}updated").text) == stored.status_changed_at


def test_offline_pages_list_the_rulings(client, translated_ruling, small_rulebook, editor):
    make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor)  # a draft: not listed
    pages = client.get("/ru/testspiel/offline.json").json()["pages"]
    assert "/ru/testspiel/rulings/" in pages and "/ru/testspiel/rulings/1/" in pages
    assert not any(page.startswith("/ru/testspiel/rulings/2") for page in pages)
    for page in ("/ru/testspiel/rulings/", "/ru/testspiel/rulings/1/"):
        assert client.get(page).status_code == 200
