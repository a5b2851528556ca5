"""Notices tell the truth about where a text came from (issue 25).

"Missing in the source" only where an imported source lacks a text; a
clause added by an editor's correction says so, with a link to it; a
heading entered in one language only is shown with the fallback notice on
the other languages' pages; a new section's page does not call its
original text a translation.
"""

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from rulebook.models import Clause, ClauseVersion, Correction, Document, Section
from tests.rulebook.conftest import publish_through_workflow, update_published_section

BEFORE_FIRST = {"de": "Der Text vor der ersten Korrektur liegt in den Quellen nicht vor.",
                "en": "The text before the first correction is not available in the sources."}
HEADING_MISSING = {"ru": "(заголовок в источнике отсутствует)", "de": "(Überschrift fehlt in der Quelle)",
                   "en": "(heading not in the source)"}


def _page(path):
    response = Client().get(path)
    assert response.status_code == 200, path
    return response.content.decode()


@pytest.fixture
def new_section(seeded, publisher):
    """Berserk section 110, its heading typed in English only, with clause 110.1 added by
    a published correction (its text in Russian, the original)."""
    document = Document.objects.get(game__slug="berserk")
    last = document.sections.order_by("-position").first()
    section = Section.objects.create(document=document, slug="110", number="110",
                                     heading_en="New things", position=last.position + 1)
    clause = Clause.objects.create(document=document, section=section, key="110.1",
                                   label="110.1", position=100000)
    correction = Correction.objects.create(game=document.game, language="ru",
                                           title_ru="Новые правила", title_en="New rules",
                                           effective_date=timezone.localdate(),
                                           created_by=publisher)
    publish_through_workflow(correction, clause, publisher, publisher, text_ru="Новое правило.")
    return {"section": section, "clause": clause, "correction": correction}


def test_an_imported_clause_first_known_from_a_correction_says_the_earlier_text_is_missing(
        seeded):
    page = _page("/de/power-duell/schutzgottkarten/1.2.4.negativ-positiv-wirkung.p1/")
    assert BEFORE_FIRST["de"] in page
    assert "hinzugefügt" not in page


def test_an_imported_clause_without_a_correction_has_neither_notice(seeded):
    page = _page("/en/berserk/comprehensive-rules/107.2/")
    assert BEFORE_FIRST["en"] not in page and "This clause was added by" not in page


def test_a_clause_added_by_a_correction_says_so_with_a_link(new_section):
    correction = new_section["correction"]
    date = f"{correction.effective_date:%d.%m.%Y}"
    for path in ("/de/berserk/comprehensive-rules/110.1/",
                 "/de/berserk/comprehensive-rules/110.1/history/"):
        page = _page(path)
        assert BEFORE_FIRST["de"] not in page
        assert (f'Diese Regel wurde durch <a href="/de/berserk/corrections/{correction.number}/">'
                f"Korrektur {correction.number} vom {date}</a> hinzugefügt.") in page
        assert "nicht vor" not in page  # no "not in the sources" notice of any kind


def test_a_heading_typed_in_english_only_is_shown_with_the_fallback_notice(new_section):
    russian = _page("/ru/berserk/comprehensive-rules/section/110/")
    assert '<span lang="en">New things</span>' in russian
    assert "показан текст оригинала (английский)" in russian.lower()
    assert HEADING_MISSING["ru"] not in russian
    english = _page("/en/berserk/comprehensive-rules/section/110/")
    assert '<span lang="en">New things</span>' in english
    assert HEADING_MISSING["en"] not in english and "original text (English)" not in english
    side_by_side = _page("/ru/berserk/comprehensive-rules/section/110/side-by-side/")
    assert '<span lang="en">New things</span>' in side_by_side
    assert HEADING_MISSING["ru"] not in side_by_side
    document = _page("/de/berserk/comprehensive-rules/")
    assert '<span lang="en">New things</span>' in document
    assert HEADING_MISSING["de"] in document  # section 106: missing from the source page


def test_the_heading_missing_from_the_imported_source_still_says_so(seeded):
    for language in ("ru", "de", "en"):
        page = _page(f"/{language}/berserk/comprehensive-rules/section/106/")
        assert HEADING_MISSING[language] in page


def test_a_section_added_without_a_heading_is_not_missing_in_the_source(new_section):
    update_published_section(new_section["section"], heading_en="")
    page = _page("/en/berserk/comprehensive-rules/section/110/")
    assert HEADING_MISSING["en"] not in page


def test_a_new_section_does_not_contradict_itself(new_section):
    page = _page("/de/berserk/comprehensive-rules/section/110/")
    # Its one text is the Russian original: no translation is shown, so no notice calls it one.
    assert "Dieser Text ist das Original (Sprache: Russisch)" in page
    assert "inoffizielle Übersetzung" not in page
    # A section with a translated text keeps the translation notice.
    version = ClauseVersion.objects.published().get(clause=new_section["clause"])
    version.text_de = "Eine neue Regel (Testübersetzung)."
    version.save()
    assert "inoffizielle Übersetzung" in _page("/de/berserk/comprehensive-rules/section/110/")


def test_side_by_side_before_a_clause_was_added_says_so_not_missing_in_the_sources(new_section):
    before = new_section["correction"].effective_date - datetime.timedelta(days=1)
    page = _page(f"/en/berserk/comprehensive-rules/110.1/side-by-side/?as_of={before:%Y-%m-%d}")
    assert "This clause did not exist yet on" in page
    assert "is not available in the sources" not in page
