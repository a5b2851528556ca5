"""Nothing unpublished is visible: a section or clause added to the structure
(an editor's new clause, a changed source page) without a version in force
on the reading date appears in no search (the key jump of ``/api/search``
and of the search page), no read API answer, no sitemap and no feed — on
SQLite and on PostgreSQL.  Once its version is in force, it appears."""

import datetime
import json
import re

import pytest
from django.utils import timezone

from rulebook.models import Clause, ClauseVersion, Correction, Document, Section

NEW_KEY = "199.9"        # a new clause in a new section, nothing but structure
DRAFT_KEY = "199.8"      # a new clause with a draft text in a draft correction
UPCOMING_KEY = "199.7"   # a new clause whose only text takes effect next year
NEW_SECTION = "neu-199"
FAR = datetime.date(2999, 1, 1)


@pytest.fixture
def unpublished(seeded, editor, publisher):
    """Berserk's comprehensive rules with a new section "199" of three
    clauses: one bare, one with a draft, one published with a correction that
    takes effect a year from now."""
    from rulebook.versioning.publishing import (
        propose_version, publish_correction, submit_correction,
    )

    document = Document.objects.get(game__slug="berserk", slug="comprehensive-rules")
    section = Section.objects.create(document=document, slug=NEW_SECTION, number="199",
                                     heading_ru="Новый раздел", position=999)
    clauses = {key: Clause.objects.create(document=document, section=section, key=key,
                                          label=key, position=990 + n)
               for n, key in enumerate([UPCOMING_KEY, DRAFT_KEY, NEW_KEY])}
    next_year = timezone.localdate() + datetime.timedelta(days=365)
    upcoming = Correction.objects.create(game=document.game, language="ru",
                                         title_ru="Новое правило", effective_date=next_year)
    draft = propose_version(upcoming, clauses[UPCOMING_KEY], editor)
    draft.text_ru = "Уникальноеслово правило в будущем."
    draft.save()
    submit_correction(upcoming, editor)
    publish_correction(upcoming, publisher)
    pending = Correction.objects.create(game=document.game, language="ru",
                                        title_ru="Черновик", effective_date=next_year)
    draft = propose_version(pending, clauses[DRAFT_KEY], editor)
    draft.text_ru = "Черновоеслово правило."
    draft.save()
    return {"document": document, "section": section, "clauses": clauses,
            "next_year": next_year}


def body(response) -> str:
    """A response's text (the API's bodies may be files)."""
    if response.streaming:
        return b"".join(response.streaming_content).decode()
    return response.content.decode()


def api(client, path):
    response = client.get(path)
    assert response.status_code == 200, path
    return json.loads(body(response))


@pytest.mark.parametrize("key", [NEW_KEY, DRAFT_KEY, UPCOMING_KEY])
def test_a_clause_without_a_version_in_force_is_no_search_match(client, unpublished, key):
    found = api(client, f"/api/search?q={key}")
    assert [m for m in found["matches"] if m["key"] == key] == []
    scoped = api(client, f"/api/search?q={key}&document=berserk/comprehensive-rules")
    assert scoped["matches"] == []
    page = client.get(f"/en/search/?q={key}")
    assert page.status_code == 200  # no jump to a page that is not there
    assert f"comprehensive-rules/{key}/" not in page.content.decode()


def test_a_section_without_a_clause_in_force_is_no_search_match(client, unpublished):
    found = api(client, "/api/search?q=199")
    assert [m for m in found["matches"] if m["kind"] == "section"] == []
    page = client.get("/en/search/?q=199")
    assert page.status_code == 200
    assert NEW_SECTION not in page.content.decode()


def test_the_upcoming_clause_is_found_on_its_date_only(client, unpublished):
    on = unpublished["next_year"]
    found = api(client, f"/api/search?q={UPCOMING_KEY}&as_of={on:%Y-%m-%d}")
    assert [m["key"] for m in found["matches"]] == [UPCOMING_KEY]
    sections = api(client, f"/api/search?q=199&as_of={on:%Y-%m-%d}")["matches"]
    assert [(m["kind"], m["key"]) for m in sections] == [("section", NEW_SECTION)]
    words = api(client, f"/api/search?q=Уникальноеслово&as_of={on:%Y-%m-%d}")
    assert [h["key"] for h in words["hits"]] == [UPCOMING_KEY]
    assert api(client, "/api/search?q=Уникальноеслово")["hits"] == []
    jump = client.get(f"/en/search/?q={UPCOMING_KEY}&as_of={on:%Y-%m-%d}")
    assert jump.status_code == 302 and f"/{UPCOMING_KEY}/" in jump["Location"]
    section = f"/en/berserk/comprehensive-rules/section/{NEW_SECTION}/"
    assert client.get(section).status_code == 404
    dated = client.get(f"{section}?as_of={on:%Y-%m-%d}")
    assert dated.status_code == 200 and "Уникальноеслово" in dated.content.decode()


def test_draft_text_is_found_nowhere(client, unpublished):
    for on in (None, FAR):
        suffix = f"&as_of={on:%Y-%m-%d}" if on else ""
        assert api(client, f"/api/search?q=Черновоеслово{suffix}")["hits"] == []
        assert api(client, f"/api/search?q={DRAFT_KEY}{suffix}")["matches"] == []


def test_the_read_api_lists_no_unpublished_clause(client, unpublished):
    base = "/api/games/berserk/documents/comprehensive-rules"
    listed = json.dumps(api(client, f"{base}/clauses"), ensure_ascii=False)
    document = json.dumps(api(client, base), ensure_ascii=False)
    for key in (NEW_KEY, DRAFT_KEY, UPCOMING_KEY):
        assert f'"{key}"' not in listed and f'"{key}"' not in document
        assert client.get(f"{base}/clauses/{key}").status_code == 404 or key == UPCOMING_KEY
    assert NEW_SECTION not in document and "Новый раздел" not in document


def test_no_sitemap_or_page_shows_unpublished_structure(client, unpublished):
    sitemap = client.get("/sitemap.xml")
    text = body(sitemap)
    pages = [text]
    for location in [line.split("</loc>")[0] for line in text.split("<loc>")[1:]]:
        path = location.split("://", 1)[-1].partition("/")[2]
        response = client.get("/" + path)
        pages.append(body(response))
    every = "\n".join(pages)
    for key in (NEW_KEY, DRAFT_KEY):
        assert f"/comprehensive-rules/{key}/" not in every
    assert f"/section/{NEW_SECTION}/" not in every
    assert "Новый раздел" not in every
    document = client.get("/en/berserk/comprehensive-rules/").content.decode()
    assert NEW_SECTION not in document and NEW_KEY not in document
    assert client.get(f"/en/berserk/comprehensive-rules/section/{NEW_SECTION}/").status_code \
        == 404
    assert client.get(f"/en/berserk/comprehensive-rules/{NEW_KEY}/").status_code == 404


def test_feeds_show_only_published_corrections(client, unpublished):
    for path in ("/en/corrections/feed/", "/en/berserk/corrections/feed/"):
        feed = client.get(path).content.decode()
        assert "Черновик" not in feed
    assert ClauseVersion.objects.drafts().filter(clause__key=DRAFT_KEY).exists()


# --------------------------------------------------------------------------
# Offline copies, side-by-side pages and documents follow the same rule: a
# section or document with nothing in force on the reading date is no page.
# --------------------------------------------------------------------------

EMPTY_DOCUMENT = "leeres-heft"        # added in the admin, no clause published
UPCOMING_DOCUMENT = "kuenftiges-heft"  # its only clause takes effect next year
UPCOMING_SECTION = "kuenftig"


@pytest.fixture
def documents_without_text(unpublished, editor, publisher):
    """Two more Berserk documents: one as "Documents › Add" leaves it (a
    section and a clause, nothing published), one whose only clause a
    correction adds with next year's date."""
    from tests.rulebook.conftest import publish_through_workflow

    game = unpublished["document"].game
    made = {}
    for position, slug in enumerate([EMPTY_DOCUMENT, UPCOMING_DOCUMENT], 50):
        document = Document.objects.create(game=game, slug=slug, language="ru",
                                           title_ru=f"Заголовок {slug}", position=position)
        section = Section.objects.create(document=document, slug=UPCOMING_SECTION, number="1",
                                         heading_ru="Будущее", position=1)
        made[slug] = Clause.objects.create(document=document, section=section, key="1.1",
                                           label="1.1", position=1)
    correction = Correction.objects.create(game=game, language="ru", title_ru="Новый документ",
                                           effective_date=unpublished["next_year"])
    publish_through_workflow(correction, made[UPCOMING_DOCUMENT], editor, publisher,
                             text_ru="Будущийтекст нового документа.")
    return {**unpublished, "clauses": {**unpublished["clauses"], **made}}


def test_the_offline_copy_lists_only_pages_that_answer(client, documents_without_text):
    """Every page "keep this game offline" stores answers 200 today: no section
    whose clauses are not in force yet, no document without a text in force."""
    data = client.get("/ru/berserk/offline.json").json()
    ru = [path for path in data["pages"] if path.startswith("/ru/")]
    assert len(ru) * 3 == len(data["pages"])
    failing = [(path, status) for path in ru
               if (status := client.get(path).status_code) != 200]
    assert failing == []
    listed = "\n".join(data["pages"])
    assert f"/section/{NEW_SECTION}/" not in listed
    assert f"/{EMPTY_DOCUMENT}/" not in listed and f"/{UPCOMING_DOCUMENT}/" not in listed
    # The sections listed are those the document's page shows.
    document = client.get("/ru/berserk/comprehensive-rules/").content.decode()
    sections = [path for path in ru if "/section/" in path]
    assert sections and all(f'href="{path}' in document for path in sections)
    # The announced clause's page answers (it says when it takes effect).
    assert f"/ru/berserk/comprehensive-rules/{UPCOMING_KEY}/" in ru


def test_a_clause_page_links_its_section_only_when_that_page_answers(client, unpublished):
    page = f"/ru/berserk/comprehensive-rules/{UPCOMING_KEY}/"
    section = f"/ru/berserk/comprehensive-rules/section/{NEW_SECTION}/"
    for path in (page, f"{page}side-by-side/?with=en", f"{page}history/"):
        html = client.get(path).content.decode()
        assert f'href="{section}' not in html, path
        assert "Новый раздел" in html, path  # the section is named, not linked
    on = f"{unpublished['next_year']:%Y-%m-%d}"
    dated = client.get(f"{page}?as_of={on}").content.decode()
    assert f'href="{section}?as_of={on}"' in dated
    assert client.get(f"{section}?as_of={on}").status_code == 200


@pytest.mark.parametrize("as_of", ["", "1990-01-01", "2999-01-01", "next-year"])
@pytest.mark.parametrize("section", [NEW_SECTION, "107"])
def test_a_side_by_side_section_page_answers_as_the_section_page(client, unpublished, section,
                                                                 as_of):
    if as_of == "next-year":
        as_of = f"{unpublished['next_year']:%Y-%m-%d}"
    base = f"/ru/berserk/comprehensive-rules/section/{section}/"
    query = f"as_of={as_of}" if as_of else ""
    single = client.get(f"{base}?{query}")
    side = client.get(f"{base}side-by-side/?with=en&{query}")
    assert side.status_code == single.status_code
    expected = 404 if section == NEW_SECTION and as_of in ("", "1990-01-01") else 200
    assert single.status_code == expected
    if expected == 200:
        # The same clauses: never one whose only text is a draft, or none.
        shown = set(re.findall(r'id="(\d+\.\d+)"', single.content.decode()))
        rows = set(re.findall(r'<th scope="row"[^>]*>.*?(\d+\.\d+)', side.content.decode()))
        assert shown and rows == shown
        assert DRAFT_KEY not in side.content.decode() and NEW_KEY not in side.content.decode()
    else:
        assert "Новый раздел" not in side.content.decode()


@pytest.mark.parametrize("as_of", ["", "2020-01-01"])
def test_a_side_by_side_section_page_of_a_document_without_text_is_a_404(
        client, documents_without_text, as_of):
    for slug in (EMPTY_DOCUMENT, UPCOMING_DOCUMENT):
        base = f"/ru/berserk/{slug}/section/{UPCOMING_SECTION}/"
        query = f"?as_of={as_of}" if as_of else ""
        assert client.get(f"{base}{query}").status_code == 404
        side = client.get(f"{base}side-by-side/?with=en{query.replace('?', '&')}")
        assert side.status_code == 404 and "Будущее" not in side.content.decode()


@pytest.mark.parametrize("key", [NEW_KEY, DRAFT_KEY])
def test_a_side_by_side_clause_page_without_a_published_text_is_a_404(client, unpublished, key):
    base = f"/ru/berserk/comprehensive-rules/{key}/"
    assert client.get(base).status_code == 404
    assert client.get(f"{base}side-by-side/?with=en").status_code == 404


@pytest.mark.parametrize("as_of", ["", "?as_of=2020-01-01"])
def test_a_document_without_text_is_in_no_list(client, documents_without_text, as_of):
    for path in ("/ru/", "/ru/berserk/", "/en/", "/en/berserk/"):
        html = client.get(path + as_of).content.decode()
        assert "comprehensive-rules/" in html, path
        assert EMPTY_DOCUMENT not in html and UPCOMING_DOCUMENT not in html, path
    games = json.dumps(api(client, "/api/games" + as_of.replace("?", "?lang=ru&")))
    assert "comprehensive-rules" in games
    assert EMPTY_DOCUMENT not in games and UPCOMING_DOCUMENT not in games


def test_a_document_with_a_text_in_force_on_the_date_is_listed(client, documents_without_text):
    on = f"{documents_without_text['next_year']:%Y-%m-%d}"
    for path in ("/ru/", "/ru/berserk/"):
        html = client.get(f"{path}?as_of={on}").content.decode()
        assert f"/ru/berserk/{UPCOMING_DOCUMENT}/?as_of={on}" in html
        assert EMPTY_DOCUMENT not in html
    games = api(client, f"/api/games?as_of={on}")
    (berserk,) = [game for game in games if game["slug"] == "berserk"]
    assert [d["slug"] for d in berserk["documents"]][-1] == UPCOMING_DOCUMENT
    page = client.get(f"/ru/berserk/{UPCOMING_DOCUMENT}/?as_of={on}")
    assert page.status_code == 200 and "Будущийтекст" in page.content.decode()
    base = f"/api/games/berserk/documents/{UPCOMING_DOCUMENT}"
    assert api(client, f"{base}?as_of={on}")["sections"][0]["slug"] == UPCOMING_SECTION
    assert [c["key"] for c in api(client, f"{base}/clauses?as_of={on}")["clauses"]] == ["1.1"]


@pytest.mark.parametrize("as_of", ["", "2020-01-01"])
def test_a_document_without_text_has_no_page(client, documents_without_text, as_of):
    query = f"?as_of={as_of}" if as_of else ""
    for slug in (EMPTY_DOCUMENT, UPCOMING_DOCUMENT):
        for path in (f"/ru/berserk/{slug}/", f"/ru/berserk/{slug}/section/{UPCOMING_SECTION}/"):
            assert client.get(path + query).status_code == 404, path
    for path in (f"/ru/berserk/{EMPTY_DOCUMENT}/1.1/",
                 f"/ru/berserk/{EMPTY_DOCUMENT}/1.1/side-by-side/?with=en"):
        assert client.get(path + query.replace("?", "&" if "?" in path else "?")
                          ).status_code == 404, path


@pytest.mark.parametrize("as_of", ["", "2020-01-01"])
def test_an_announced_clause_of_a_document_not_in_force_yet_says_from_when(
        client, documents_without_text, as_of):
    """A published correction adds the document's only clause next year: its clause page
    answers, as an announced clause's of a document in force does, and says from when (a
    breaker's table: it was a 404, the correction page's link to it dead)."""
    query = f"?as_of={as_of}" if as_of else ""
    page = client.get(f"/ru/berserk/{UPCOMING_DOCUMENT}/1.1/{query}")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Будущийтекст" not in html  # not in force on the reading date
    date = f"{documents_without_text['next_year']:%d.%m.%Y}"
    assert date in html
    side = client.get(f"/ru/berserk/{UPCOMING_DOCUMENT}/1.1/side-by-side/?with=en"
                      + query.replace("?", "&"))
    assert side.status_code == 200


@pytest.mark.parametrize("as_of", ["", "2020-01-01"])
def test_the_api_answers_a_document_without_text_with_its_json_404(client,
                                                                   documents_without_text,
                                                                   as_of):
    query = f"?as_of={as_of}" if as_of else ""
    for slug, field in ((EMPTY_DOCUMENT, "document"), (UPCOMING_DOCUMENT, "as_of")):
        base = f"/api/games/berserk/documents/{slug}"
        for path in (base, f"{base}/clauses", f"{base}/clauses/1.1"):
            response = client.get(path + query)
            assert response.status_code == 404, path
            (error,) = json.loads(body(response))["errors"]
            assert error["field"] == field, (path, error)
    on = f"{documents_without_text['next_year']:%Y-%m-%d}"
    assert client.get(f"/api/games/berserk/documents/{EMPTY_DOCUMENT}?as_of={on}"
                      ).status_code == 404


@pytest.mark.parametrize("key", [NEW_KEY, DRAFT_KEY])
def test_the_history_of_a_clause_without_a_published_version_is_a_404(client, unpublished, key):
    """Its key, label and section were shown ("No version of this clause has been published
    yet"), as a page of its own; the clause page is a 404, and so is its history."""
    for lang in ("ru", "en"):
        response = client.get(f"/{lang}/berserk/comprehensive-rules/{key}/history/")
        assert response.status_code == 404
        assert "Новый раздел" not in response.content.decode()
    # an announced clause has its history (its version is published)
    announced = client.get(f"/en/berserk/comprehensive-rules/{UPCOMING_KEY}/history/")
    assert announced.status_code == 200


def test_a_document_with_nothing_published_is_no_search_filter_and_has_no_changes_page(
        client, documents_without_text):
    """Its title was a search filter and a "What changed" link on the corrections page, and
    its "What changed" page answered; a document whose text is announced keeps them (its
    changes and texts can be read for a later date)."""
    search = client.get("/ru/search/").content.decode()
    corrections = client.get("/ru/berserk/corrections/").content.decode()
    for page in (search, corrections):
        assert f"Заголовок {EMPTY_DOCUMENT}" not in page
        assert f"Заголовок {UPCOMING_DOCUMENT}" in page
    assert client.get(f"/ru/berserk/{EMPTY_DOCUMENT}/changes/").status_code == 404
    assert client.get(f"/ru/berserk/{UPCOMING_DOCUMENT}/changes/").status_code == 200
