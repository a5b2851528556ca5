"""Search finds what readers type (issue 11): German compound spellings,
elided compounds, printed numbers with a dot, a prefix or spaces, and the
glossary as synonyms across languages.

Runs unchanged on SQLite (FTS5) and PostgreSQL (tsvector), whichever
DATABASE_URL selects.
"""

import pytest

from rulebook.importing.translations import load_translations
from rulebook.search import find_keys, search
from rulebook.search.backends import Query
from rulebook.search.compounds import elided, index_extras, split

PD = "1.2.4."
SCHUTZGOTT_CLAUSES = 12


def keys(query, **kwargs):
    return {hit.clause.key for hit in search(query, limit=100, **kwargs)}


@pytest.fixture
def glossary(seeded):
    """The seeds with the shipped translations and glossaries."""
    return load_translations()


@pytest.mark.parametrize("query", ["Spezialwirkung", "Spezial-Wirkung", "Spezial Wirkung",
                                   "spezial-wirkung", "SPEZIALWIRKUNG"])
def test_hyphenated_closed_and_spaced_compounds_match_each_other(seeded, query):
    found = keys(query)
    assert found == keys("Spezial-Wirkung")
    assert f"{PD}wirkungsbegrenzung.p2" in found and len(found) >= 3


@pytest.mark.parametrize("query, clause", [
    ("Gravitationsenergiekarte", f"{PD}kartenaufbau.p3"),   # text: Gravitations-Energiekarten
    ("Schutzgottkartenfeld", f"{PD}kartenaufbau.p2"),       # text: Schutzgottkarten-Feld
    ("Monsterkarten", f"{PD}kartenaufbau.p3"),              # text: Monster- & Energiekarten
])
def test_closed_query_finds_the_hyphenated_or_elided_text(seeded, query, clause):
    assert clause in keys(query, language="de")


def test_a_hyphenated_query_finds_every_clause_of_the_closed_word(seeded):
    found = keys("Schutzgott-Karte", language="de")
    assert found == keys("Schutzgott", language="de")
    assert len(found) == SCHUTZGOTT_CLAUSES


def test_a_compound_query_finds_its_parts(seeded):
    # "Kartenbeschreibung" is not in the Power-Duell text but "Karte" and
    # "Beschreibung" are; the split finds clauses naming both.
    assert split("kartenbeschreibung") == ("karten", "beschreibung")
    assert Query.parse("Planetensymbol", {}).groups == (
        (("planetensymbol",), ("planeten", "symbol")),)


def test_elided_compounds_are_indexed_as_full_words():
    assert elided("gegen Effekte von Monster- & Energiekarten") == ["monsterkarten"]
    assert "monsterkarten" in index_extras("Monster- & Energiekarten")
    assert "spezialwirkung" in index_extras("Die Spezial-Wirkung")


@pytest.mark.parametrize("query", ["107.2", "107.2.", "п. 107.2", "п.107.2", "пункт 107.2",
                                   "Regel 107.2", "§ 107.2", "§107.2", "rule 107.2",
                                   "Rule 107.2.", "107. 2", "107 .2"])
def test_printed_numbers_open_the_clause(seeded, client, query):
    (match,) = find_keys(query)
    assert match.kind == "clause" and match.obj.key == "107.2"
    for language in ("de", "ru", "en"):
        response = client.get(f"/{language}/search/", {"q": query})
        assert response.status_code == 302
        assert response["Location"] == f"/{language}/berserk/comprehensive-rules/107.2/"


@pytest.mark.parametrize("query, target", [("Ziel 3.2.", "ziel.p3.2"), ("Ziel ¶3.2.", "ziel.p3.2"),
                                           ("1.2.4.", "schutzgottkarten"),
                                           ("Regel 1.2.4", "schutzgottkarten")])
def test_glossary_entries_and_chapters_with_a_trailing_dot(seeded, query, target):
    (match,) = find_keys(query)
    assert target in (getattr(match.obj, "key", ""), getattr(match.obj, "slug", ""))


def test_the_russian_glossary_term_finds_the_german_schutzgottkarten_clauses(glossary):
    found = keys("карта бога-хранителя", language="de")  # German texts only
    assert len(found) == SCHUTZGOTT_CLAUSES
    assert found == keys("Schutzgottkarte", language="de")


def test_the_german_term_finds_them_from_the_russian_interface(glossary, client):
    html = client.get("/ru/search/", {"q": "Schutzgottkarte", "language": "ru"}).content.decode()
    assert html.count('class="search-hit') >= SCHUTZGOTT_CLAUSES
    assert "бога-хранителя</mark>" in html or "<mark>бога" in html or "<mark>карт" in html
    assert len(keys("Schutzgottkarte", language="ru")) == SCHUTZGOTT_CLAUSES


def test_glossary_synonyms_across_games_and_languages(glossary):
    # Berserk: the Russian "простой удар" from the German and English terms.
    russian = keys("простой удар")
    assert "107.2" in russian
    assert keys("einfacher Schlag", language="ru") >= {"107.2"}
    assert keys("simple strike", language="ru") >= {"107.2"}
    # Marvel Champions: "Krisensymbol" from its Russian term.
    assert keys("значок кризиса", language="de") == {"ziel.p5.1"}


def test_a_glossary_synonym_finds_only_its_own_game(glossary):
    # "стихия" is a Berserk term (English "element"): as typed it is in
    # 106 ¶1–¶3; through its English spelling "element" it would also find
    # Marvel's "Spielelement" (another game's glossary has no such term)
    # and the English translation of 109 ¶1, "Non-game elements", whose
    # Russian original speaks of "элементы", not of "стихия".
    assert keys("стихия") == {"106.p1", "106.p2", "106.p3"}
    assert not any(key.startswith("ziel") for key in keys("стихия", language="de"))
    # typed as the reader wrote it, the English word still finds them all
    found = keys("element")
    assert {"109.p1", "106.p1"} <= found and any(key.startswith("ziel") for key in found)


def test_a_synonym_found_translation_stays_when_the_original_was_not_searched(glossary):
    # Only Russian texts searched: the Russian translations of the German
    # clauses that name the Schutzgottkarte are found through the synonym
    # (their originals, which name it as typed, were not searched).
    assert len(keys("Schutzgottkarte", language="ru")) == SCHUTZGOTT_CLAUSES
    # The German word is not a term of Berserk's or Marvel's glossary.
    assert all(key.startswith(PD) for key in keys("Schutzgottkarte"))


def test_the_russian_interface_shows_the_berserk_term_in_russian(glossary, client):
    html = client.get("/ru/search/", {"q": "стихия"}).content.decode()
    assert html.count('<li class="search-hit') == 3
    assert "Non-game elements" not in html and "Spielelement" not in html


def test_a_word_search_is_not_taken_for_a_number(seeded):
    assert find_keys("Regel") == [] and find_keys("п.") == []


@pytest.mark.django_db
def test_a_clause_is_shown_in_the_readers_language_when_that_text_matches(client, seeded):
    """"цель" in the Russian interface, all languages: the Marvel clauses match in
    German (Ziel, a glossary synonym), English and Russian; a Russian reader gets
    the Russian texts."""
    from django.core.management import call_command
    from django.utils import translation

    from rulebook.search import search
    call_command("import_rules", verbosity=0)
    with translation.override("ru"):
        hits = search("цель")
        russian = {hit.clause.pk for hit in search("цель", language="ru")}
    assert len(russian) > 10
    # every clause whose Russian text matches is shown in Russian
    assert {hit.clause.pk for hit in hits if hit.language == "ru"} == russian
    with translation.override("de"):
        hits = search("цель")
    assert "de" in {hit.language for hit in hits}
