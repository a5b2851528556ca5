"""Nothing unpublished is visible: a section or clause added to the structure
(an editor's new clause, a changed source page) without a version in force
on the reading date appears in no search (the key jump of ``/api/search``
and of the search page), no read API answer, no sitemap and no feed — on
SQLite and on PostgreSQL.  Once its version is in force, it appears."""

import datetime
import json

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
