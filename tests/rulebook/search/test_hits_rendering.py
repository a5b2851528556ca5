"""The hits of a results page (``{% search_hits %}``, rulebook/search/rendering.py)
are what the template loop wrote, hit by hit, dated or not, in every language."""

import datetime

import pytest

from django.template import Context, Template
from django.utils import translation

from rulebook.search import search

# The loop of rulebook/search/results.html before the hits were written in Python.
LOOP = Template('{% load i18n %}{% for hit in hits %}\n  <li class="search-hit">\n    <p class="search-hit__head"><a class="clause__key" href="{{ hit.clause.get_absolute_url }}{% if dated %}?as_of={{ on|date:\'Y-m-d\' }}{% endif %}">{{ hit.clause.display_key }}</a>\n      {% if hit.title %}<span class="search-hit__title" lang="{{ hit.language }}">{{ hit.title }}</span>{% endif %}\n      <span class="badge" title="{% translate \'Language of the matching text\' %}">{{ hit.language|upper }}</span>\n      <span class="search-hit__version">{% if hit.version.effective_date %}{% blocktranslate with number=hit.version.number date=hit.version.effective_date|date:"SHORT_DATE_FORMAT" iso=hit.version.effective_date|date:"Y-m-d" %}version {{ number }}, in force from <time datetime="{{ iso }}">{{ date }}</time>{% endblocktranslate %}{% else %}{% blocktranslate with number=hit.version.number %}version {{ number }}, date not given in the source{% endblocktranslate %}{% endif %}</span></p>\n    <p class="search-hit__path">{{ hit.clause.document.game }} › <span lang="{{ hit.clause.document.title_in.language }}">{{ hit.clause.document }}</span> › <span lang="{{ hit.clause.section.heading_in.language }}">{{ hit.clause.section.label }}</span></p>\n    <p class="search-hit__excerpt" lang="{{ hit.language }}">{{ hit.excerpt }}</p>\n  </li>\n  {% endfor %}')
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
