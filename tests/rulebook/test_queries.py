"""SQL per page: the rule pages, the clause history and the calculator read a
fixed number of queries whatever the document's size (10 → 1,000 clauses),
with a cold and with a warm cache.

The goal is at most 6 queries a page, cold: the page cache empty, so the
page is built from the database.  A worker's first request of a game also
reads its per-process indexes (the reference resolver's game index: the
game's documents and sections in one query, the cited document's clause
keys in another; the game's glossary; the search synonyms; whether there
are official rulings to search), kept until the
rulebook changes: that "new worker" count is held to at most 8.  The history and calculator pages are measured after one request
has filled Django's own per-process caches (content types, templates).
"""

import datetime
import io
import re

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from rulebook.models import Clause, ClauseVersion, Correction, Document, Game, Section, text_digest
from rulebook.references import glossary, resolver
from rulebook.search import indexing, synonyms
from rulebook.models import structure

MAX_QUERIES = 6
MAX_QUERIES_NEW_WORKER = 8
SECTIONS = 10


def cold_caches():
    """Empty the page cache and the per-process indexes (as in a new worker):
    the resolver's game indexes, the glossary's terms, the search synonyms and
    whether there are official rulings to search, the published structure changes."""
    cache.clear()
    resolver._CACHE.clear()
    glossary._CACHE.clear()
    synonyms._CACHE.clear()
    indexing._RULINGS.clear()
    structure._INDEX.clear()


def build_document(size: int) -> Document:
    """A German document of ``size`` clauses in 10 sections, every clause with
    two published versions (the second from a correction), in bulk."""
    game = Game.objects.create(slug=f"game-{size}", name_de="Spiel")
    document = Document.objects.create(game=game, slug="rules", title_de="Regeln", language="de")
    sections = Section.objects.bulk_create(
        Section(document=document, slug=f"s{i}", number=str(i), heading_de=f"Abschnitt {i}",
                position=i) for i in range(SECTIONS))
    clauses = Clause.objects.bulk_create(
        Clause(document=document, section=sections[i * SECTIONS // size], key=f"{i}.1",
               position=i) for i in range(size))
    now = timezone.now()
    correction = Correction.objects.create(game=game, title_de="Korrektur", language="de",
                                           effective_date=datetime.date(2024, 1, 1),
                                           published_at=now)
    versions = []
    for clause in clauses:
        for number in (1, 2):
            # Cross-references: to the next clause and to the first section.
            text = (f"Text **{clause.key}** Fassung {number}, siehe Abbildung. "
                    f"Vgl. [[{clause.position + 1 if clause.position + 1 < size else 0}.1]] "
                    f"und [[Regeln » Abschnitt 0]].")
            versions.append(ClauseVersion(
                clause=clause, number=number, text_de=text, digest=text_digest(text),
                correction=correction if number == 2 else None,
                effective_date=datetime.date(2024, 1, 1) if number == 2 else None,
                published_at=now))
    ClauseVersion.objects.bulk_create(versions)
    # Bulk inserts send no signals: index and store references as a save would.
    call_command("rebuild_search_index", stdout=io.StringIO())
    return document


def pages(document):
    middle = document.clauses.order_by("position")[document.clauses.count() // 2]
    base = f"/de/{document.game.slug}/{document.slug}/"
    return {"document": base, "section": base + "section/s5/", "clause": base + f"{middle.key}/",
            "dated clause": base + f"{middle.key}/?as_of=2023-06-01",
            "cited clause": base + "0.1/",
            "search": "/de/search/?q=Fassung+Abbildung&jump=0",
            "search by key": f"/de/search/?q={middle.key}&jump=0"}


def count_queries(client, path):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 200, path
    return len(queries)


def query_counts(client, size):
    document = build_document(size)
    counts = {}
    for name, path in pages(document).items():
        cold_caches()
        counts[name, "new worker"] = count_queries(client, path)
        cache.clear()
        counts[name, "cold"] = count_queries(client, path)
        counts[name, "warm"] = count_queries(client, path)
    return counts


@pytest.mark.django_db
def test_queries_per_page_do_not_grow_with_the_document(client):
    small = query_counts(client, 10)
    large = query_counts(client, 1000)
    print("\nqueries per page (10 clauses → 1,000 clauses):")
    for key in small:
        print(f"  {key[0]:>13} {key[1]}: {small[key]} → {large[key]}")
    assert small == large
    assert_within_goal(large)


def assert_within_goal(counts):
    over = {key: count for key, count in counts.items()
            if count > (MAX_QUERIES_NEW_WORKER if key[1] == "new worker" else MAX_QUERIES)}
    assert over == {}, over


@pytest.mark.django_db
def test_the_large_document_is_read_in_pages_that_show_every_clause_once(client):
    """1,000 clauses in sections of 100: pages of whole sections of at most
    250 clauses (2 sections each), every clause on exactly one page, and a
    table of contents on every page linking every section."""
    document = build_document(1000)
    base = f"/de/{document.game.slug}/rules/"
    keys = []
    for number in range(1, 6):
        html = client.get(f"{base}?page={number}").content.decode()
        if number == 5:  # past the last page: the last page
            assert html.count('<article class="clause') == 200
            assert "Seite 5 von 5" in html
            break
        toc = html[html.index('class="toc"'):html.index("</nav>", html.index('class="toc"'))]
        assert toc.count('<a href="?page=') == 8  # the sections of the other pages
        assert toc.count('<a href="#section-s') == 2  # this page's
        assert f"Seite {number} von 5" in html
        keys += re.findall(r'<article class="clause[^"]*" id="([^"]+)"', html)
    assert len(keys) == 800 and len(set(keys)) == 800
    last = client.get(f"{base}?page=5").content.decode()
    keys += re.findall(r'<article class="clause[^"]*" id="([^"]+)"', last)
    assert sorted(keys) == sorted(f"{i}.1" for i in range(1000))
    assert "Text <strong>999.1</strong> Fassung 2" in last
    # The references are links: to the next clause, and to the first section.
    assert 'href="/de/game-1000/rules/0.1/" class="xref xref--clause"' in last
    assert last.count('href="/de/game-1000/rules/section/s0/"') >= 200


@pytest.mark.django_db
def test_the_cited_clause_lists_who_cites_it(client):
    """Every clause cites the next one and section 0: clause 0.1 is cited by
    999.1 (directly) and by the clauses outside section 0 (via its section)."""
    document = build_document(10)
    html = client.get(f"/de/{document.game.slug}/rules/0.1/").content.decode()
    backlinks = html[html.index('class="backlinks"'):html.index("</section>", html.index('class="backlinks"'))]
    assert 'href="/de/game-10/rules/9.1/"' in backlinks
    assert backlinks.index("9.1") < backlinks.index("1.1")
    assert backlinks.count("class=\"clause__key\"") == 9  # 9.1 and 1.1–8.1
    assert backlinks.count("<span class=\"muted\">—") == 8  # via the section


# The clause history (with the word diff of its two versions) and the
# calculator: the history reads one clause of the growing document; the
# calculator's ruling cites clauses of the seeded Berserk rules, which grow
# by the same number of clauses.
BK_7A = ("/de/calculator/berserk/timing/?card_type=creature&card_subtype=non-flying"
         "&in_play_zone=on&turn=own&phase=main&subphase=choice&strike_declared=none")


def grow(document: Document, size: int) -> None:
    """Add clauses to ``document`` (each with one published version) until it has ``size``."""
    section = document.sections.order_by("position").last()
    start = document.clauses.count()
    position = document.clauses.order_by("-position").values_list("position", flat=True)[0]
    clauses = Clause.objects.bulk_create(
        Clause(document=document, section=section, key=f"900.{i}", position=position + 1 + i)
        for i in range(size - start))
    now = timezone.now()
    # New clauses of a published document come with a correction (the
    # database publishes them only so, rulebook.versioning.guards).
    correction = Correction.objects.create(game_id=document.game_id, title_ru="Новые пункты",
                                           language="ru", effective_date=datetime.date(2024, 1, 1),
                                           published_at=now)
    ClauseVersion.objects.bulk_create(
        ClauseVersion(clause=clause, number=1, text_ru=f"Текст {clause.key}.",
                      digest=text_digest(f"Текст {clause.key}."), published_at=now,
                      correction=correction)
        for clause in clauses)


def history_and_calculator_counts(client, size):
    document = build_document(size)
    grow(Document.objects.get(game__slug="berserk", slug="comprehensive-rules"), size)
    middle = document.clauses.order_by("position")[size // 2]
    base = f"/de/{document.game.slug}/{document.slug}/{middle.key}/history/"
    paths = {"history": base, "history diff": base + "?from=1&to=2",
             "calculator form": "/de/calculator/berserk/timing/",
             "calculator ruling": BK_7A,
             "calculator ruling (htmx)": BK_7A,
             "clause text in place": "/de/calculator/clause/berserk/comprehensive-rules/107.2/"}
    counts = {}
    for name, path in paths.items():
        headers = {"HX-Request": "true", "HX-Target": "ruling"} if "htmx" in name else {}
        client.get(path, headers=headers)  # per-process caches (content types, templates)
        cache.clear()
        for state in ("cold", "warm"):
            with CaptureQueriesContext(connection) as queries:
                response = client.get(path, headers=headers)
            assert response.status_code == 200, path
            counts[name, state] = len(queries)
    return counts


@pytest.mark.django_db
def test_history_and_calculator_queries_do_not_grow_with_the_document(client, seeded):
    small = history_and_calculator_counts(client, 10)
    large = history_and_calculator_counts(client, 1000)
    print("\nqueries per page (10 clauses → 1,000 clauses):")
    for key in small:
        print(f"  {key[0]:>24} {key[1]}: {small[key]} → {large[key]}")
    assert small == large
    assert_within_goal(large)
