"""The importer writes in bulk: its queries do not grow with the page, and
what the signals of single saves would do (search entries, stored
references, revision) is there all the same."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rulebook.caching.revision import bump, one_bump
from rulebook.importing import SourceSpec, import_source
from rulebook.models import (
    Clause, ClauseReference, ClauseVersion, ImportedText, RulebookRevision, SearchEntry,
    text_digest,
)


def numbered_page(sections: int, rules: int) -> str:
    """A "numbered" source page: ``sections`` sections of ``rules`` rules; rule
    1 of each section cites rule 2 of the next section (a forward reference)."""
    lines = []
    for s in range(101, 101 + sections):
        lines += [f"Раздел {s}.", ""]
        for r in range(1, rules + 1):
            text = f"{s}.{r}. Карта номер {s}{r} закрывается в свой ход"
            if r == 1:
                text += f", см. {s + 1}.2"
            lines += [text + ".", ""]
    return "\n".join(lines)


def spec(game: str) -> SourceSpec:
    return SourceSpec(file="bulk.txt", format="numbered", game=game, document="rules",
                      language="ru", game_name={"ru": "Массовый", "de": "Masse", "en": "Bulk"},
                      title={"ru": "Правила"})


def queries(game: str, text: str) -> tuple[list[str], object]:
    with CaptureQueriesContext(connection) as captured:
        report = import_source(spec(game), text)
    return [query["sql"] for query in captured.captured_queries], report


def reads(statements: list[str]) -> int:
    """Statements other than inserts (which bulk writes split into batches)."""
    return sum(not sql.startswith("INSERT") for sql in statements)


@pytest.mark.django_db
def test_first_import_queries_do_not_grow_with_the_page():
    import_source(spec("bulk-warm-up"), numbered_page(1, 1))  # the revision row's creation
    small, small_report = queries("bulk-small", numbered_page(3, 5))
    large, large_report = queries("bulk-large", numbered_page(12, 40))
    assert (small_report.created_versions, large_report.created_versions) == (15, 480)
    # The same statements; only bulk inserts split into more batches.
    assert reads(large) == reads(small)
    inserts = len(large) - reads(large)
    assert inserts <= 40, inserts  # 480 clauses, versions, records, search entries


@pytest.mark.django_db
def test_reimport_reads_a_handful_of_queries_and_changes_nothing():
    text = numbered_page(6, 30)
    import_source(spec("bulk-again"), text)
    revision = RulebookRevision.objects.get().number
    rows = (ClauseVersion.objects.count(), ImportedText.objects.count(), SearchEntry.objects.count())
    count, report = queries("bulk-again", text)
    assert len(count) <= 12
    assert (report.unchanged, report.created_clauses, report.created_versions) == (180, 0, 0)
    assert RulebookRevision.objects.get().number == revision
    assert (ClauseVersion.objects.count(), ImportedText.objects.count(),
            SearchEntry.objects.count()) == rows


def revision_bumps(statements: list[str]) -> int:
    """How many of ``statements`` raise the rulebook's revision."""
    table = RulebookRevision._meta.db_table
    return sum(sql.startswith("UPDATE") and table in sql for sql in statements)


@pytest.mark.django_db
def test_an_import_raises_the_revision_once(sources):
    """A fresh import (game, document, sections, clauses, versions and, for
    Power-Duell, the correction its source names) raises the revision once;
    a changed page (a draft correction with its drafts) once; the same page
    again not at all."""
    import_source(spec("bulk-warm-up"), numbered_page(1, 1))  # the revision row's creation
    fresh = [lambda: import_source(spec("bulk-fresh"), numbered_page(3, 4)),
             lambda: import_source(sources["power-duell/schutzgottkarten"])]
    changed = numbered_page(3, 4).replace("Карта номер 1011", "Карта номер 9999")
    for run, expected in [*[(one, 1) for one in fresh],
                          (lambda: import_source(spec("bulk-fresh"), changed), 1),
                          (lambda: import_source(spec("bulk-fresh"), changed), 0)]:
        before = RulebookRevision.objects.get().number
        with CaptureQueriesContext(connection) as captured:
            report = run()
        statements = [query["sql"] for query in captured.captured_queries]
        assert revision_bumps(statements) == expected, report
        assert RulebookRevision.objects.get().number == before + expected
    assert report.unchanged == 12


@pytest.mark.django_db
def test_one_bump_holds_the_bumps_of_its_block():
    bump()  # the revision row's creation
    before = RulebookRevision.objects.get().number
    with one_bump():
        bump()
        with one_bump():  # nested: the outer block makes the bump
            bump()
        assert RulebookRevision.objects.get().number == before
    assert RulebookRevision.objects.get().number == before + 1
    with one_bump():
        pass  # nothing asked for
    with pytest.raises(RuntimeError), one_bump():
        bump()
        raise RuntimeError("the change failed")
    assert RulebookRevision.objects.get().number == before + 1
    bump()  # outside a block: at once
    assert RulebookRevision.objects.get().number == before + 2


@pytest.mark.django_db
def test_bulk_import_indexes_stores_references_and_raises_the_revision():
    before = RulebookRevision.objects.values_list("number", flat=True).first() or 0
    import_source(spec("bulk-derived"), numbered_page(4, 3))
    assert RulebookRevision.objects.get().number > before
    clauses = Clause.objects.filter(document__game__slug="bulk-derived")
    assert clauses.count() == 12
    # Every clause has its Russian search entry, and the search finds it.
    assert SearchEntry.objects.filter(clause__in=clauses, language="ru").count() == 12
    # 101.1 cites 102.2, a clause of a later section: resolved, not a stub.
    reference = ClauseReference.objects.get(clause__key="101.1", clause__in=clauses,
                                            language="ru")
    assert reference.target_clause == clauses.get(key="102.2")
    # Each version has the digest a single save computes.
    for version in ClauseVersion.objects.filter(clause__in=clauses):
        assert version.digest == text_digest(version.text_ru)
        assert version.published_at is not None and version.number == 1


@pytest.mark.django_db
def test_bulk_imported_clause_is_found_by_search(client):
    import_source(spec("bulk-search"), numbered_page(2, 3))
    response = client.get("/ru/search/", {"q": "1022"})
    assert response.status_code == 200
    assert "102.2" in response.content.decode()
