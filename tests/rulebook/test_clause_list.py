"""The clause list of document and section pages (``{% clause_articles %}``,
rulebook/reading/clauselist.py) writes exactly what the include
``rulebook/reading/includes/clause.html`` writes, clause by clause."""

import datetime

from django.template import Context, Template
from django.utils import timezone, translation

from rulebook.models import ClauseVersion, Document
from rulebook.reading import pagefacts
from rulebook.reading.clauselist import _needs_template
from rulebook.reading.services import read_document

INCLUDED = Template('{% for reading in readings %}{% include "rulebook/reading/includes/clause.html"'
                    ' with heading_level=level %}{% endfor %}')
LISTED = Template("{% load reading %}{% clause_articles readings level %}")
DATES = [None, datetime.date(2019, 6, 1), datetime.date(2021, 1, 1), datetime.date(2022, 1, 1),
         datetime.date(2099, 1, 1)]


def _both(readings, level, on, dated, fallback):
    values = {"readings": readings, "level": level, "on": on, "dated": dated,
              "as_of": on.isoformat() if dated else "", "today": timezone.localdate(),
              "fallback": fallback}
    return INCLUDED.render(Context(values)), LISTED.render(Context(values))


def _compare(document):
    fast = 0
    for language in ("de", "ru", "en"):
        with translation.override(language):
            for day in DATES:
                on = day or timezone.localdate()
                readings = [r for s in read_document(document, on) for r in s.clauses]
                fast += sum(not _needs_template(r) for r in readings)
                fallbacks = {pagefacts.language_fallback(readings),
                             pagefacts.Fallback("some", document.language)}
                for fallback in fallbacks:
                    for level in (2, 3):
                        included, listed = _both(readings, level, on, day is not None, fallback)
                        assert listed == included, (document, language, day, fallback, level)
    return fast


def test_clause_list_is_the_include_for_every_seed_document(seeded):
    fast = sum(_compare(document) for document in Document.objects.select_related("game"))
    assert fast > 100  # most clauses take the one-loop path


def test_clause_list_is_the_include_with_change_marks(small_rulebook):
    # An upcoming change (a new version) and an upcoming repeal, beside the
    # earlier versions (changed after the reading date).
    now = timezone.now()
    ClauseVersion.objects.create(clause=small_rulebook["clause"], number=4, text_de="Neu.",
                                 effective_date=datetime.date(2099, 6, 1), published_at=now)
    ClauseVersion.objects.create(clause=small_rulebook["other"], number=2, text_de="",
                                 is_repeal=True, effective_date=datetime.date(2099, 7, 1),
                                 published_at=now)
    assert _compare(small_rulebook["document"]) > 0
    with translation.override("de"):
        readings = [r for s in read_document(small_rulebook["document"],
                                             datetime.date(2021, 1, 1)) for r in s.clauses]
        _included, listed = _both(readings, 3, datetime.date(2021, 1, 1), True,
                                  pagefacts.Fallback("", ""))
    assert "change-mark change-mark--dated" in listed


def test_clause_list_shows_the_original_badge_in_a_partly_translated_page(small_rulebook):
    with translation.override("en"):
        readings = [r for s in read_document(small_rulebook["document"]) for r in s.clauses]
        included, listed = _both(readings, 3, timezone.localdate(), False,
                                 pagefacts.Fallback("some", "de"))
    assert listed == included
    assert 'class="lang-badge" lang="de"' in listed


def test_a_kept_rendered_text_is_rendered_anew_when_the_rulebook_changes(small_rulebook):
    from rulebook.models import Clause
    from rulebook.references.rendering import render_clause_text

    clause = small_rulebook["clause"]
    clause.document = small_rulebook["document"]
    text = "Siehe [[1.3]]."
    with translation.override("de"):
        before = render_clause_text(text, clause, "de")
        assert render_clause_text(text, clause, "de") is before  # kept
        assert "xref--broken" in before
    with translation.override("en"):
        assert "broken reference" in render_clause_text(text, clause, "de")  # reader's language
    Clause.objects.create(document=small_rulebook["document"], section=small_rulebook["section"],
                          key="1.3", position=3)
    with translation.override("de"):
        after = render_clause_text(text, clause, "de")
    assert 'href="/de/testspiel/regeln/1.3/"' in after


# The loop of rulebook/reading/includes/toc.html before it was written in Python.
TOC_LOOP = Template('{% load reading %}{% for item in readings %}\n      <li><a href="{{ item.href|keep_date:as_of }}" lang="{{ item.heading.language|default:document.language }}" data-section="{{ item.section.slug }}">{% if item.section.number %}<span class="number">{{ item.section.number }}</span> {% endif %}{% if item.heading.text %}{{ item.heading.text }}{% elif not item.section.number %}{{ item.section.slug }}{% endif %}</a>\n        {% if item.clauses|length > 1 %}<ol class="toc__clauses">{% for reading in item.clauses %}<li><a href="#{{ reading.clause.key }}" title="{{ reading.clause.display_key }}">{{ reading.clause|short_label }}</a></li>{% endfor %}</ol>{% endif %}\n      </li>\n    {% endfor %}')
TOC_TAG = Template("{% load reading %}{% toc_entries readings %}")


def test_toc_entries_are_the_template_loop_on_every_page(seeded, monkeypatch):
    from rulebook.reading import services

    monkeypatch.setattr(services, "PAGE_CLAUSES", 4)  # several pages per document
    entries = 0
    for document in Document.objects.select_related("game"):
        for language in ("de", "en"):
            with translation.override(language):
                for as_of in ("", "2021-01-01"):
                    for page in (1, 2):
                        query = f"&as_of={as_of}" if as_of else ""
                        read = services.read_document_page(document, None, page, query)
                        values = {"readings": read.sections, "as_of": as_of,
                                  "document": document}
                        assert (TOC_TAG.render(Context(values))
                                == TOC_LOOP.render(Context(values)))
                        entries += len(read.sections)
    assert entries > 10
