"""Relevance: what a judge types, and the clause that must come first.

Each query is written from the seed texts (Power-Duell Schutzgottkarten,
Berserk 106-109, Marvel Champions "Ziel", with their shipped translations
and glossaries) in the reader's language of the site it is typed on; the
expected top hit is the clause that answers it — for a query naming an
entry or section (its heading), that entry's first clause, not a
sub-paragraph that mentions it.  Where the shown language matters, it is
checked too: the reader's language where that text matches as typed, the
original otherwise.

Runs unchanged on SQLite (FTS5) and PostgreSQL (tsvector), whichever
DATABASE_URL selects.
"""

import pytest
from django.utils import translation

from rulebook.search import search
from tests.rulebook.conftest import update_published_section

PD = "1.2.4."

# (site language, query, expected first clause, language of its text or None)
RELEVANCE = [
    # German: entry and section headings name their first clause
    ("de", "Ziel", "ziel.p1", "de"),
    ("de", "Kartenaufbau", f"{PD}kartenaufbau.p1", "de"),
    ("de", "Wirkungsbegrenzung", f"{PD}wirkungsbegrenzung.p1", "de"),
    ("de", "negativ-positiv-Wirkung", f"{PD}negativ-positiv-wirkung.p1", "de"),
    ("de", "Effekte der Schutzgottkarte", f"{PD}effekte-der-schutzgottkarte.p1", "de"),
    ("de", "Behandlung der Reihenfolge", f"{PD}behandlung-der-reihenfolge-von-effekt-wirkung.p1",
     "de"),
    ("de", "Kartentyp", "106.3", "de"),
    ("de", "Nicht-Spielelemente", "109.p1", "de"),
    ("de", "Zusätzliche Eigenschaften", "107.1", "de"),
    # German: words of one clause
    ("de", "Wirkungsrang", f"{PD}behandlung-der-reihenfolge-von-effekt-wirkung.p1", "de"),
    ("de", "immun", f"{PD}kartenaufbau.p3", "de"),
    ("de", "Gravitations-Energiekarten", f"{PD}kartenaufbau.p3", "de"),
    ("de", "Schutzgottkarten-Feld", f"{PD}kartenaufbau.p2", "de"),
    ("de", '"Reduzierungen verdoppelt"', f"{PD}negativ-positiv-wirkung.p3", "de"),
    ("de", '"Reduzierungen halbiert"', f"{PD}negativ-positiv-wirkung.p4", "de"),
    ("de", "keinen Schaden nehmen", "ziel.p4.7", "de"),
    ("de", "zukünftiges Ziel", "ziel.p6", "de"),
    ("de", "Krisensymbol", "ziel.p5.1", "de"),
    ("de", "Kosten berücksichtigt", "ziel.p4.3", "de"),
    ("de", "Spielfeldseite aktiven Spielzug", f"{PD}negativ-positiv-wirkung.p5", "de"),
    ("de", '"Gekennzeichnete Fähigkeit"', "ziel.p7", "de"),
    ("de", "Element erhalten", "106.p3", "de"),
    ("de", "Verteidiger", "107.3", "de"),
    ("de", "Elitekarte", "108.1", "de"),
    ("de", "Flavortext", "109.1", "de"),
    # Russian
    ("ru", "Цель", "ziel.p1", "ru"),
    ("ru", "Тип карты", "106.3", "ru"),
    ("ru", "Дополнительные свойства", "107.1", "ru"),
    ("ru", "Неигровые элементы", "109.p1", "ru"),
    ("ru", "Правила замещаемости свойств", "108.p1", "ru"),
    ("ru", "Ограничение воздействия", f"{PD}wirkungsbegrenzung.p1", "ru"),
    ("ru", "Устройство карты", f"{PD}kartenaufbau.p1", "ru"),
    ("ru", "получать стихию", "106.p3", "ru"),
    ("ru", "разновидность существ", "106.4", "ru"),
    ("ru", "защитник", "107.3", "ru"),
    ("ru", "Начальный тип", "108.p1", "ru"),
    ("ru", "символ редкости", "109.1", "ru"),
    ("ru", "Баграх", "106.p1", "ru"),
    ("ru", "будущая цель", "ziel.p6", "ru"),
    ("ru", "подфаза Выбора", "107.2", "ru"),
    ("ru", "Ziel", "ziel.p1", "de"),                       # the original, as quoted
    # English
    ("en", "Target", "ziel.p1", "en"),
    ("en", "Ziel", "ziel.p1", "de"),                       # the original, as quoted
    ("en", "Wirkungsbegrenzung", f"{PD}wirkungsbegrenzung.p1", "de"),
    ("en", "Card type", "106.3", "en"),
    ("en", "Additional properties", "107.1", "en"),
    ("en", "Non-game elements", "109.p1", "en"),
    ("en", "Impact limitation", f"{PD}wirkungsbegrenzung.p1", "en"),
    ("en", "Card layout", f"{PD}kartenaufbau.p1", "en"),
    ("en", "Handling the order", f"{PD}behandlung-der-reihenfolge-von-effekt-wirkung.p1", "en"),
    ("en", "gravitation energy cards", f"{PD}kartenaufbau.p3", "en"),
    ("en", "flavor text", "109.1", "en"),
    ("en", "crisis icon", "ziel.p5.1", "en"),
    ("en", "defender", "107.3", "en"),
    ("en", "elite card", "108.1", "en"),
    ("en", '"cannot take damage"', "ziel.p4.7", "en"),
    ("en", "initial type", "108.p1", "en"),
    ("en", "swamp", "106.p1", "en"),
]


@pytest.fixture
def translated(db, translated_rulebook):
    """The seeds with the shipped translations and glossaries (once for the module:
    tests/conftest.py)."""
    return translated_rulebook


def test_the_set_is_large_and_covers_every_site_language():
    assert len(RELEVANCE) >= 40
    assert {language for language, *_rest in RELEVANCE} == {"de", "ru", "en"}
    assert len({(language, query) for language, query, *_rest in RELEVANCE}) == len(RELEVANCE)


@pytest.mark.parametrize("language, query, expected, shown", RELEVANCE,
                         ids=[f"{language}-{query}" for language, query, *_r in RELEVANCE])
def test_the_clause_a_judge_means_comes_first(translated, language, query, expected, shown):
    with translation.override(language):
        hits = search(query)
    assert hits, query
    assert hits[0].clause.key == expected, [hit.clause.key for hit in hits[:5]]
    assert hits[0].language == shown


def keys(query, **kwargs):
    return [hit.clause.key for hit in search(query, limit=100, **kwargs)]


def test_a_phrase_needs_its_words_adjacent_and_in_order(translated):
    both = {f"{PD}negativ-positiv-wirkung.p3", f"{PD}negativ-positiv-wirkung.p4"}
    assert both <= set(keys("Reduzierungen verdoppelt", language="de"))
    assert keys('"Reduzierungen verdoppelt"', language="de") == [f"{PD}negativ-positiv-wirkung.p3"]
    assert keys('„Reduzierungen halbiert“', language="de") == [f"{PD}negativ-positiv-wirkung.p4"]
    assert keys('"verdoppelt Reduzierungen"', language="de") == []
    # a phrase and a word: both must match
    assert keys('Venus "negativ-Wirkung"', language="de") == [f"{PD}negativ-positiv-wirkung.p5"]


def test_the_english_site_finds_and_shows_the_german_original(client, translated):
    response = client.get("/en/search/", {"q": "Ziel", "jump": "0"})
    html = response.content.decode()
    first = html.index('class="search-hit"')
    hit = html[first:html.index("</li>", first)]
    assert "/en/marvel-champions/referenzhandbuch/ziel.p1/" in hit
    assert '<p class="search-hit__excerpt" lang="de">' in hit and "<mark>Ziel</mark>" in hit
    # the reader's word finds the English text, shown in English
    with translation.override("en"):
        (hit, *_rest) = search("target")
    assert hit.clause.key == "ziel.p1" and hit.language == "en"


def test_a_changed_section_heading_is_searchable_at_once(translated):
    from rulebook.models import Section

    section = Section.objects.get(slug="wirkungsbegrenzung")
    assert keys("Testüberschrift") == []
    update_published_section(section, heading_de="Wirkungsbegrenzung Testüberschrift")
    assert keys("Testüberschrift") == [f"{PD}wirkungsbegrenzung.p1"]
