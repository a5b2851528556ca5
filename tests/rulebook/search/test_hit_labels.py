"""A search hit names its clause as the clause page does, in the reader's language."""

import re

from django.template import Context, Template
from django.utils import translation

from rulebook.search import search

TAG = Template("{% load rulebook %}{% search_hits hits dated on %}")


def keys(language, query):
    with translation.override(language):
        html = TAG.render(Context({"hits": search(query), "dated": False, "on": None}))
    return re.findall(r'class="clause__key" href="[^"]*">(.*?)</a>', html)


def test_a_hit_names_its_clause_as_the_clause_page_does(db, translated_rulebook):
    """"Ziel ¶1" in the Russian interface is "Цель (Ziel) ¶1" on its page: the search said
    "Ziel ¶1" (a new user's table); untranslated, the label keeps its language."""
    russian = keys("ru", "Ziel")
    assert "Цель (Ziel) ¶1" in russian and '<span lang="de">Ziel ¶1</span>' not in russian
    assert "Ziel ¶1" in keys("de", "Ziel")
    assert '<span lang="ru">107.2</span>' in keys("de", "удар")
