"""SQL per page: the rule pages read a fixed number of queries whatever the
document's size (goal: at most 6), with a cold and with a warm fragment cache."""

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from rulebook.models import Clause, ClauseVersion, Correction, Document, Game, Section, text_digest

MAX_QUERIES = 6
SECTIONS = 10


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
            text = f"Text **{clause.key}** Fassung {number}, siehe Abbildung."
            versions.append(ClauseVersion(
                clause=clause, number=number, text_de=text, digest=text_digest(text),
                correction=correction if number == 2 else None,
                effective_date=datetime.date(2024, 1, 1) if number == 2 else None,
                published_at=now))
    ClauseVersion.objects.bulk_create(versions)
    return document


def pages(document):
    middle = document.clauses.order_by("position")[document.clauses.count() // 2]
    base = f"/de/{document.game.slug}/{document.slug}/"
    return {"document": base, "section": base + "section/s5/", "clause": base + f"{middle.key}/",
            "dated clause": base + f"{middle.key}/?as_of=2023-06-01"}


def count_queries(client, path):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 200, path
    return len(queries)


def query_counts(client, size):
    document = build_document(size)
    counts = {}
    for name, path in pages(document).items():
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
    assert max(large.values()) <= MAX_QUERIES, large


@pytest.mark.django_db
def test_the_large_document_page_shows_every_clause(client):
    document = build_document(1000)
    html = client.get(f"/de/{document.game.slug}/rules/").content.decode()
    assert html.count('<article class="clause') == 1000
    assert "Text <strong>999.1</strong> Fassung 2" in html
