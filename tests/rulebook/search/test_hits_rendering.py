"""The hits of a results page (``{% search_hits %}``, rulebook/search/rendering.py)
are what the template loop wrote, hit by hit, dated or not, in every language."""

import datetime

import pytest

from django.template import Context, Template
from django.utils import translation

from rulebook.search import search

# The loop of rulebook/search/results.html before the hits were written in Python.
LOOP = Template('{% load i18n rulebook %}{% for hit in hits %}\n  <li class="search-hit">\n    <p class="search-hit__head"><a class="clause__key" href="{{ hit.clause.get_absolute_url }}{% if dated %}?as_of={{ on|date:\'Y-m-d\' }}{% endif %}">{{ hit.clause|clause_label }}</a>\n      {% if hit.title %}<span class="search-hit__title" lang="{{ hit.language }}">{{ hit.title }}</span>{% endif %}\n      <span class="badge" title="{% translate \'Language of the matching text\' %}">{{ hit.language|upper }}</span>\n      <span class="search-hit__version">{% if hit.version.effective_date %}{% blocktranslate with number=hit.version.number date=hit.version.effective_date|date:"SHORT_DATE_FORMAT" iso=hit.version.effective_date|date:"Y-m-d" %}version {{ number }}, in force from <time datetime="{{ iso }}">{{ date }}</time>{% endblocktranslate %}{% else %}{% blocktranslate with number=hit.version.number %}version {{ number }}, date not given in the source{% endblocktranslate %}{% endif %}</span></p>\n    <p class="search-hit__path">{{ hit.clause.document.game }} › <span lang="{{ hit.clause.document.title_in.language }}">{{ hit.clause.document }}</span> › <span lang="{{ hit.clause.section.heading_in.language }}">{{ hit.clause.section.label }}</span></p>\n    <p class="search-hit__excerpt" lang="{{ hit.language }}">{{ hit.excerpt }}</p>\n  </li>\n  {% endfor %}')
TAG = Template("{% load rulebook %}{% search_hits hits dated on %}")


def test_search_hits_are_the_template_loop(seeded):
    shown = 0
    for language in ("de", "ru", "en"):
        with translation.override(language):
            for query in ("Schutzgottes", "Karte", "удар", "Ziel", "ability"):
                hits = search(query)
                shown += len(hits)
                for dated, on in ((False, None), (True, datetime.date(2023, 5, 4))):
                    context = {"hits": hits, "dated": dated, "on": on}
                    assert TAG.render(Context(context)) == LOOP.render(Context(context))
    assert shown > 20


@pytest.mark.parametrize("query", ["q=Ziel", "q=x&game=berserk&language=ru",
                                   "q=x&document=power-duell/schutzgottkarten",
                                   "game=%3Cb%3E&language=xx"])
def test_filter_selects_are_djangos_select(seeded, query):
    """The search form's selects, written without a template, are the HTML
    of Django's own Select widget: same options, selection, escaping and
    the error attributes of an invalid choice."""
    from django import forms
    from django.http import QueryDict
    from django.test.html import parse_html

    from rulebook.search.forms import SearchForm

    with translation.override("ru"):
        form = SearchForm(QueryDict(query))
        form.is_valid()
        for name in ("game", "document", "language"):
            ours = str(form[name])
            django_select = forms.Select(choices=form.fields[name].choices)
            form.fields[name].widget = django_select
            assert parse_html(ours) == parse_html(str(form[name])), name
            assert ours.count("<option") == len(form.fields[name].choices) > 1
    assert ('aria-invalid="true"' in ours) is ("language=xx" in query)


@pytest.mark.parametrize("query", ["Schutzgottes", "существо", "Ziel"])
def test_hits_carry_the_stored_values_and_share_what_they_share(seeded, query, django_assert_max_num_queries):
    """The objects of a hit, built from the search's one row per entry, hold
    what the database holds (every field a results page or the API reads),
    and hits of one document share its document and game objects."""
    from rulebook.models import ClauseVersion

    search("Karte", on=datetime.date.today())  # the per-process indexes, read once
    # the match (SQLite: the full-text match, then its filters), then the
    # entries (no official rulings: none searched)
    with django_assert_max_num_queries(3):
        hits = search(query, on=datetime.date.today())
    assert len(hits) >= 2
    for hit in hits:
        stored = ClauseVersion.objects.select_related(
            "clause__section__document__game").get(pk=hit.version.pk)
        clause, got = stored.clause, hit.clause
        assert (hit.version.number, hit.version.effective_date, hit.version.clause is got) == (
            stored.number, stored.effective_date, True)
        assert [getattr(hit.version, f"text_{code}") for code in ("de", "ru", "en")] == [
            getattr(stored, f"text_{code}") for code in ("de", "ru", "en")]
        assert (got.pk, got.key, got.label, got.depth, got.position) == (
            clause.pk, clause.key, clause.label, clause.depth, clause.position)
        assert (got.section.slug, got.section.number, got.section.heading_in("ru")) == (
            clause.section.slug, clause.section.number, clause.section.heading_in("ru"))
        assert (got.document.slug, got.document.language, str(got.document.game),
                got.get_absolute_url()) == (clause.document.slug, clause.document.language,
                                            str(clause.document.game), clause.get_absolute_url())
    documents = {hit.clause.document.pk for hit in hits}
    assert len({id(hit.clause.document) for hit in hits}) == len(documents)
    assert len({id(hit.clause.document.game) for hit in hits}) == len(
        {hit.clause.document.game_id for hit in hits})


@pytest.mark.parametrize("query", ["q=Ziel", "q=x&as_of=2024-02-29", "as_of=bad", "as_of=%3Cb%3E",
                                   "as_of="])
def test_date_input_is_djangos_date_input(seeded, query):
    """The search form's date input, written without a template, is exactly
    the HTML of Django's own DateInput: value, format, escaping and the
    error attributes of an invalid date."""
    from django import forms
    from django.http import QueryDict

    from rulebook.search.forms import SearchForm

    with translation.override("de"):
        form = SearchForm(QueryDict(query))
        form.is_valid()
        ours = str(form["as_of"])
        form.fields["as_of"].widget = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
        assert ours == str(form["as_of"])
    assert ('aria-invalid="true"' in ours) is (query in ("as_of=bad", "as_of=%3Cb%3E"))

