"""The clause articles of the reading pages (``{% clause_articles %}``,
``{% clause_article %}``) and the table of contents (``{% toc_entries %}``),
all written by rulebook/reading/clauselist.py, the one renderer of them."""

import datetime
import re

from django.template import Context, Template
from django.utils import timezone, translation

from rulebook.models import ClauseVersion, Document
from rulebook.reading import pagefacts
from rulebook.reading.services import read_clauses, read_document
from tests.rulebook.conftest import publish_version

LISTED = Template("{% load reading %}{% clause_articles readings level %}")
ONE = Template("{% load reading %}{% clause_article reading standalone %}")
DATES = [None, datetime.date(2019, 6, 1), datetime.date(2021, 1, 1), datetime.date(2022, 1, 1),
         datetime.date(2099, 1, 1)]


def _values(on, dated, fallback, **more):
    return {"on": on, "dated": dated, "as_of": on.isoformat() if dated else "",
            "today": timezone.localdate(), "fallback": fallback, **more}


def _listed(readings, level, on, dated, fallback):
    return LISTED.render(Context(_values(on, dated, fallback, readings=readings, level=level)))


def test_every_seed_clause_is_one_article_or_see_also_list(seeded):
    articles = 0
    for document in Document.objects.select_related("game"):
        for language in ("de", "ru", "en"):
            with translation.override(language):
                for day in DATES:
                    on = day or timezone.localdate()
                    readings = [r for s in read_document(document, on) for r in s.clauses]
                    html = _listed(readings, 3, on, day is not None,
                                   pagefacts.language_fallback(readings))
                    ids = re.findall(r'<(?:article|nav) class="(?:clause|see-also)[^"]*" '
                                     r'id="([^"]+)"', html)
                    assert ids == [r.clause.key for r in readings], (document, language, day)
                    articles += html.count("<article ")
                    if day is not None:  # links keep the date
                        assert 'class="clause__key" href="' in html
                        assert f"?as_of={on.isoformat()}" in html
    assert articles > 100


def test_clause_list_with_change_marks(small_rulebook):
    # An upcoming change (a new version) and an upcoming repeal, beside the
    # earlier versions (changed after the reading date).
    now = timezone.now()
    publish_version(small_rulebook["clause"], 4, text_de="Neu.",
                    effective_date=datetime.date(2099, 6, 1), published_at=now)
    publish_version(small_rulebook["other"], 2, text_de="", is_repeal=True,
                    effective_date=datetime.date(2099, 7, 1), published_at=now)
    with translation.override("de"):
        on = datetime.date(2021, 1, 1)
        readings = [r for s in read_document(small_rulebook["document"], on) for r in s.clauses]
        listed = _listed(readings, 3, on, True, pagefacts.Fallback("", ""))
        upcoming = [r for s in read_document(small_rulebook["document"]) for r in s.clauses]
        later = _listed(upcoming, 2, timezone.localdate(), False, pagefacts.Fallback("", ""))
    assert "change-mark change-mark--dated" in listed
    assert 'href="/de/testspiel/regeln/1.1/history/">' in listed
    assert 'data-today>' in listed
    assert later.count("badge--upcoming") == 2  # the new version and the repeal
    assert '<h3 class="clause__heading" id="h-1.1">' in listed
    assert '<h2 class="clause__heading" id="h-1.1">' in later


def test_clause_list_shows_the_original_badge_in_a_partly_translated_page(small_rulebook):
    with translation.override("en"):
        readings = [r for s in read_document(small_rulebook["document"]) for r in s.clauses]
        listed = _listed(readings, 3, timezone.localdate(), False,
                         pagefacts.Fallback("some", "de"))
    assert 'class="lang-badge" lang="de"' in listed


def test_one_article_without_heading_and_on_its_own_page(small_rulebook):
    clause = small_rulebook["clause"]
    clause.document = small_rulebook["document"]
    with translation.override("en"):
        (reading,) = read_clauses([clause], timezone.localdate())
        values = _values(timezone.localdate(), False, None, reading=reading)
        fragment = ONE.render(Context({**values, "standalone": False}))
        page = ONE.render(Context({**values, "standalone": True}))
    # The calculator's fragment: a head line linking to the clause and the
    # note that the original is shown.
    assert '<header class="clause__head">' in fragment
    assert 'href="/en/testspiel/regeln/1.1/"' in fragment
    assert '<p class="language-note">original text (German) shown</p>' in fragment
    # The clause page has its own title: no head, no note.
    assert "clause__head" not in page and "language-note" not in page
    assert page.startswith('\n<article class="clause depth-0" id="1.1">')
    assert page.endswith("</article>\n\n")


def test_a_repealed_and_an_unavailable_clause(small_rulebook):
    now = timezone.now()
    publish_version(small_rulebook["other"], 2, text_de="", is_repeal=True,
                    effective_date=datetime.date(2024, 7, 1), published_at=now)
    with translation.override("en"):
        readings = [r for s in read_document(small_rulebook["document"]) for r in s.clauses]
        listed = _listed(readings, 3, timezone.localdate(), False, pagefacts.Fallback("", ""))
        early = read_clauses([small_rulebook["clause"]], datetime.date(1990, 1, 1))
        unavailable = ONE.render(Context(_values(datetime.date(1990, 1, 1), True, None,
                                                 reading=early[0], standalone=True)))
    assert "This clause was repealed on" not in listed  # a repealed clause is not listed
    assert "clause--unavailable" in unavailable
    assert "is not available in the sources." in unavailable


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
