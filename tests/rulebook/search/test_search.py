"""Search: stemming, key jump, junk, odd queries, point in time, live update.

Runs unchanged on SQLite (FTS5) and PostgreSQL (tsvector), whichever
DATABASE_URL selects.
"""

import datetime

import pytest
from django.db import connection
from django.utils import timezone

from rulebook.models import Clause, ClauseVersion, Correction, Document, SearchEntry
from rulebook.search import find_keys, search
from rulebook.search.indexing import rebuild
from tests.rulebook.conftest import publish_version


def keys(hits):
    return {hit.clause.key for hit in hits}


def test_backend_matches_the_database(seeded):
    from rulebook.search.backends import backend
    assert backend().vendor == connection.vendor


def test_inflected_german_word_finds_the_schutzgott_clauses(seeded):
    hits = search("Schutzgottes")
    found = keys(hits)
    assert "1.2.4.kartenaufbau.p2" in found  # "Schutzgottkarten werden … aktiviert"
    assert "1.2.4.negativ-positiv-wirkung.p1" in found
    assert all(hit.clause.document.slug == "schutzgottkarten" for hit in hits)
    assert "<mark>Schutzgottkarten</mark>" in str(hits[0].excerpt)


def test_inflected_russian_word_finds_letayushchee_and_letayushchim(seeded):
    found = keys(search("летающих"))
    assert "106.4" in found   # "летающее существо"
    assert "108.1" in found   # "становится летающим"
    assert "107.2" in found   # "по летающему существу"
    assert "109.1" not in found


def test_case_and_diacritics_do_not_matter(seeded):
    assert keys(search("FAHIGKEIT")) == keys(search("fähigkeit")) != set()
    assert "ziel.p7" in keys(search("Fähigkeiten"))


def test_every_word_must_occur(seeded):
    # p1 mentions the Wirkungsbegrenzung but not Venus; p2 both.
    assert "1.2.4.wirkungsbegrenzung.p1" in keys(search("Wirkungsbegrenzung"))
    assert keys(search("Venus Wirkungsbegrenzung")) == {"1.2.4.wirkungsbegrenzung.p2"}


def test_results_are_ordered_by_relevance(seeded):
    hits = search("Schutzgottkarte")
    scores = [hit.score for hit in hits]
    assert scores == sorted(scores, reverse=True)


def test_filters_by_game_document_and_language(seeded):
    berserk = Document.objects.get(slug="comprehensive-rules")
    assert keys(search("Ziel", document=berserk)) == set()
    assert keys(search("Ziel", game=berserk.game)) == set()
    assert "ziel.p1" in keys(search("Ziel", language="de"))
    assert keys(search("Ziel", language="ru")) == set()


def test_junk_removed_on_import_is_not_found(seeded):
    assert search("Популярное") == []
    assert search("Противопожарная") == []


def test_clause_key_jump(seeded):
    (match,) = find_keys("107.2")
    assert match.obj.key == "107.2" and match.url.endswith("/berserk/comprehensive-rules/107.2/")
    assert find_keys("Ziel ¶3.2")[0].obj.key == "ziel.p3.2"
    assert find_keys("ziel.p3.2")[0].obj.key == "ziel.p3.2"
    assert find_keys("Ziel 3.2")[0].obj.key == "ziel.p3.2"
    (chapter,) = find_keys("1.2.4")
    assert chapter.kind == "document" and chapter.obj.slug == "schutzgottkarten"
    assert find_keys("Schutzgott") == []


@pytest.mark.parametrize("query, target", [
    ("107.2", "/en/berserk/comprehensive-rules/107.2/"),
    ("Ziel ¶3.2", "/en/marvel-champions/referenzhandbuch/ziel.p3.2/"),
    ("1.2.4", "/en/power-duell/schutzgottkarten/"),
])
def test_search_page_redirects_a_clause_key(client, seeded, query, target):
    response = client.get("/en/search/", {"q": query})
    assert response.status_code == 302
    assert response["Location"] == target


def test_key_jump_keeps_the_date(client, seeded):
    response = client.get("/en/search/", {"q": "107.2", "as_of": "2023-01-01"})
    assert response["Location"] == "/en/berserk/comprehensive-rules/107.2/?as_of=2023-01-01"


ODD_QUERIES = ['"', '""', '"Schutzgott', "Schutzgott NEAR Karte", "NEAR(a b, 2)", "*", "a*",
               "Schutz*", "^", "-", "a OR", "AND", "NOT Karte", "(", ")", "{col}:x", "title:x",
               "?!.,;:", "...", "¶", "»", "'; DROP TABLE rulebook_clause; --",
               "1' OR '1'='1", "%", "_", "\\", "a\x00b", "\x00", "x" * 5000,
               "Schutzgott " * 300, "<script>alert(1)</script>", "летающ!!!", "107.2.", "1.2.4.5.6"]


@pytest.mark.parametrize("query", ODD_QUERIES)
def test_odd_queries_answer_a_normal_page(client, seeded, query):
    response = client.get("/en/search/", {"q": query, "jump": "0"})
    assert response.status_code == 200
    assert b"search-results" in response.content
    htmx = client.get("/en/search/", {"q": query}, HTTP_HX_REQUEST="true",
                      HTTP_HX_TARGET="search-results")
    assert htmx.status_code == 200


def test_odd_queries_still_find_their_words(seeded):
    assert keys(search('"Schutzgott')) == keys(search("Schutzgott"))
    assert "1.2.4.kartenaufbau.p2" in keys(search("Schutzgott NEAR*"[:-5]))
    assert search("*") == [] and search("'; --") == []


def test_invalid_filter_is_a_field_error_not_a_500(client, seeded):
    response = client.get("/en/search/", {"q": "Ziel", "game": "nope", "as_of": "yesterday"})
    assert response.status_code == 200
    assert b"field-error" in response.content


def test_htmx_request_gets_only_the_results(client, seeded):
    response = client.get("/de/search/", {"q": "Schutzgott"}, HTTP_HX_REQUEST="true",
                          HTTP_HX_TARGET="search-results")
    html = response.content.decode()
    assert "<html" not in html and "<mark>" in html
    assert "HX-Request" in response["Vary"]
    # While typing, a key is offered, not a redirect.
    typing = client.get("/de/search/", {"q": "107.2"}, HTTP_HX_REQUEST="true",
                        HTTP_HX_TARGET="search-results")
    assert typing.status_code == 200 and "/de/berserk/comprehensive-rules/107.2/" in typing.content.decode()


def test_search_page_works_without_javascript(client, seeded):
    html = client.get("/de/search/", {"q": "Schutzgott"}).content.decode()
    assert '<form class="search-form wide" role="search" method="get"' in html
    assert 'data-hx-push-url="true"' in html and "delay:300ms" in html
    assert html.count("search-hit\"") >= 5


def test_every_page_has_the_search_box(client, seeded):
    for url in ["/en/", "/de/berserk/comprehensive-rules/107.2/", "/ru/search/"]:
        html = client.get(url).content.decode()
        assert 'class="site-search" role="search" method="get"' in html
        assert 'name="q"' in html


def add_version(clause_key, text, effective, number=2, published=True):
    clause = Clause.objects.get(key=clause_key)
    texts = {f"text_{clause.document.language}": text}
    if published:
        return publish_version(clause, number, effective_date=effective, **texts)
    version = ClauseVersion(clause=clause, number=number, effective_date=effective, **texts)
    version.save()
    return version


def test_point_in_time_search_uses_the_text_in_force(seeded):
    add_version("ziel.p2", "Beispiele: der Oberschurke.", datetime.date(2030, 1, 1))
    assert "ziel.p2" in keys(search("Verbündeter", on=datetime.date(2025, 1, 1)))
    assert "ziel.p2" not in keys(search("Verbündeter", on=datetime.date(2030, 1, 2)))
    assert "ziel.p2" in keys(search("Oberschurke", on=datetime.date(2030, 1, 1)))
    assert "ziel.p2" not in keys(search("Oberschurke", on=datetime.date(2029, 12, 31)))


def test_drafts_are_indexed_only_when_published(seeded):
    draft = add_version("ziel.p2", "Entwurf: Galaktus.", None, published=False)
    correction = Correction.objects.create(game=draft.clause.document.game, language="de",
                                           title_de="Galaktus", effective_date=datetime.date(
                                               2024, 1, 1))
    draft.correction = correction
    draft.save()
    assert search("Galaktus") == []
    # Published as the workflow does: the correction, then its draft, one stamp.
    correction.published_at = draft.published_at = timezone.now()
    correction.save()
    draft.save()
    assert keys(search("Galaktus")) == {"ziel.p2"}
    # The undated version 2 supersedes version 1 from then on.
    assert "ziel.p2" not in keys(search("Verbündeter"))


def test_translations_are_searched_in_their_language(seeded):
    version = ClauseVersion.objects.get(clause__key="107.2")
    version.text_de = "Angriff mit einfachem Schlag auf fliegende Kreaturen."
    version.save()
    assert keys(search("fliegenden", language="de")) == {"107.2"}
    assert keys(search("fliegenden", language="ru")) == set()


def test_rebuild_gives_the_same_results(seeded):
    before = keys(search("Schutzgottes"))
    assert rebuild() == ClauseVersion.objects.published().count()
    assert keys(search("Schutzgottes")) == before


def test_best_ranked_versions_out_of_force_do_not_hide_the_one_in_force(seeded):
    # Version 1 of ziel.p2 mentions "ein Verbündeter" once; two later versions
    # with the word in title and text rank higher but are not in force yet.
    clause = Clause.objects.get(key="ziel.p2")
    for number, year in [(2, 2031), (3, 2032)]:
        publish_version(clause, number, effective_date=datetime.date(year, 1, 1),
                        title_de="Verbündeter", text_de="Verbündeter, Verbündeter.")
    (hit,) = search("Verbündeter", limit=1, on=datetime.date(2026, 1, 1))
    assert (hit.clause.key, hit.version.number) == ("ziel.p2", 1)
    (hit,) = search("Verbündeter", limit=1, on=datetime.date(2031, 6, 1))
    assert (hit.clause.key, hit.version.number) == ("ziel.p2", 2)


@pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite backend's two-step ranking")
def test_sqlite_falls_back_to_the_joined_query_when_the_best_rows_are_out_of_force(
        seeded, monkeypatch):
    from rulebook.search import LANGUAGES
    from rulebook.search.backends import Filters, Query, SQLiteBackend

    test_best_ranked_versions_out_of_force_do_not_hide_the_one_in_force(seeded)
    joined = []
    original = SQLiteBackend._joined
    monkeypatch.setattr(SQLiteBackend, "_joined",
                        lambda self, *args: joined.append(args) or original(self, *args))
    rows = SQLiteBackend().match(Query(("verbundeter",)),
                                 Filters(LANGUAGES, datetime.date(2026, 1, 1)), 1)
    version_id = SearchEntry.objects.get(pk=rows[0][0]).version_id
    assert ClauseVersion.objects.get(pk=version_id).number == 1
    assert len(joined) == 1  # the two best rows (versions 2, 3) are not in force in 2026


def test_a_repealed_clause_is_not_found_after_the_repeal(seeded):
    clause = Clause.objects.get(key="ziel.p2")
    publish_version(clause, 2, effective_date=datetime.date(2030, 1, 1), is_repeal=True)
    assert "ziel.p2" in keys(search("Verbündeter", on=datetime.date(2029, 12, 31)))
    assert "ziel.p2" not in keys(search("Verbündeter", on=datetime.date(2030, 1, 1)))


@pytest.mark.parametrize("language, name", [
    ("de", "[Symbol: Krisensymbol]"), ("en", "[icon: crisis symbol]")])
def test_an_excerpt_names_an_icon_as_the_clause_page_does(client, seeded, language, name):
    """Marvel Champions, Ziel ¶5.1: "Das Krisensymbol ({icon:crisis}) …" —
    the search page's and the API's excerpts say the icon's name in the
    reader's language, as the clause page's placeholder does, not "()";
    the name is not a word of the index."""
    clause = f"/{language}/marvel-champions/referenzhandbuch/ziel.p5.1/"
    assert f">{name}</span>)" in client.get(clause).content.decode()
    said = f"Das <mark>Krisensymbol</mark> ({name}) verhindert"
    page = client.get(f"/{language}/search/", {"q": "Krisensymbol Hauptplan"}).content.decode()
    assert said in page and "Krisensymbol ()" not in page
    hits = client.get("/api/search", {"q": "Krisensymbol Hauptplan", "lang": language}).json()
    excerpt = next(hit["excerpt_html"] for hit in hits["hits"] if hit["key"] == "ziel.p5.1")
    assert said in excerpt
    assert "ziel.p5.1" not in keys(search("crisis symbol", language="de"))
    assert "ziel.p5.1" not in keys(search("icon Krisensymbol", language="de"))
