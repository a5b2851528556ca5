"""Querysets compiled once and run with new values (rulebook/caching/prepared.py)
give what the queryset gives, on SQLite and PostgreSQL."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from rulebook.caching.prepared import PreparedQuery
from rulebook.models import Clause, ClauseVersion, Document
from rulebook.reading.services import (_clause_versions, _stamped_document, find_clause,
                                       find_stamped_document)
from rulebook.references.services import _citing, cited_by
from tests.rulebook.conftest import D1, D2, D3
from tests.rulebook.conftest import publish_version


def _rows(objects):
    """Each instance's fields, annotations and select_related objects."""
    def plain(obj):
        values = {k: v for k, v in vars(obj).items() if k != "_state"}
        cached = obj._state.fields_cache
        values["related"] = {name: plain(rel) if rel is not None else None
                             for name, rel in cached.items()}
        return values
    return [plain(obj) for obj in objects]


def test_prepared_versions_of_a_clause_are_the_querysets(seeded):
    prepared = PreparedQuery(_clause_versions, document=int, key=str)
    clauses = list(Clause.objects.values_list("document_id", "key"))
    assert len(clauses) > 20
    for document, key in clauses + [(clauses[0][0], "no-such-key")]:
        expected = list(_clause_versions(document, key))
        assert _rows(prepared(document=document, key=key)) == _rows(expected)
    assert any(prepared(document=d, key=k)[0].next_key for d, k in clauses)


def test_prepared_document_with_its_stamp_is_the_querysets(seeded):
    prepared = PreparedQuery(_stamped_document, game=str, document=str, now=datetime.datetime,
                             on=datetime.date)
    now = timezone.now()
    for game, slug in Document.objects.values_list("game__slug", "slug"):
        for when in (now, now - datetime.timedelta(days=3650)):
            on = timezone.localdate(when)
            expected = list(_stamped_document(game, slug, when, on))
            found = prepared(game=game, document=slug, now=when, on=on)
            assert _rows(found) == _rows(expected)
            assert found[0].game.slug == game and found[0].shown
            assert _rows([find_stamped_document(game, slug, when)]) == _rows(expected)
    assert prepared(game="nothing", document="here", now=now, on=now.date()) == []


def test_prepared_backlinks_are_the_querysets_on_every_date(small_rulebook):
    # Clause 1.2 cites 1.1 from its second version on (D2), and its section
    # from the third (D3).
    other = small_rulebook["other"]
    now = timezone.now()
    for number, day, text in ((2, D2, "Wie [[1.1]]."), (3, D3, "Siehe [[Regeln » Ziehen]].")):
        publish_version(other, number, text_de=text, effective_date=day, published_at=now)
    prepared = PreparedQuery(_citing, clause=int, section=int, on=datetime.date)
    cited = set()
    for clause in Clause.objects.all():
        for on in (D1, D2, D3, datetime.date(2099, 1, 1)):
            expected = list(_citing(clause.pk, clause.section_id, on))
            found = prepared(clause=clause.pk, section=clause.section_id, on=on)
            assert _rows(found) == _rows(expected)
            cited |= {(clause.key, on, r.target_clause_id is not None) for r in found}
    assert cited == {("1.1", D2, True), ("1.1", D3, False), ("1.1", datetime.date(2099, 1, 1), False)}


def test_the_pages_services_run_one_query_each(seeded):
    document = Document.objects.get(game__slug="berserk")
    with CaptureQueriesContext(connection) as queries:
        found = find_clause(document, "107.2")
        cited_by(found.clause)
    assert len(queries) == 2
    assert found.versions and found.clause.key == "107.2"


def test_a_value_that_changes_the_sql_is_refused():
    unused = PreparedQuery(lambda key, number: ClauseVersion.objects.filter(clause__key=key),
                           key=str, number=int)
    with pytest.raises(ValueError):
        unused(key="a", number=1)
    with pytest.raises(TypeError):
        PreparedQuery(lambda keys: ClauseVersion.objects.filter(clause__key__in=keys), keys=list)


def test_a_prepared_list_of_ids_is_padded_or_run_unprepared(seeded):
    from rulebook.caching.prepared import Ids

    prepared = PreparedQuery(lambda ids: Clause.objects.filter(pk__in=ids).order_by("pk"),
                             ids=Ids(5))
    pks = list(Clause.objects.order_by("pk").values_list("pk", flat=True)[:8])
    for chosen in ([], pks[:1], pks[1:4], pks[:5], pks[:8], [pks[2], pks[2], -7]):
        expected = list(Clause.objects.filter(pk__in=chosen).order_by("pk"))
        assert _rows(prepared(ids=chosen)) == _rows(expected)
    assert len(prepared(ids=pks[:8])) == 8  # longer than 5: unprepared


def test_named_placeholders_keep_literal_percent_signs():
    from rulebook.caching.prepared import named_placeholders

    assert named_placeholders("SELECT %s FROM t WHERE a LIKE '%%s' AND b = %s", 2) == (
        "SELECT %(p0)s FROM t WHERE a LIKE '%%s' AND b = %(p1)s", ("p0", "p1"))
    assert named_placeholders("SELECT %s", 2) is None


def test_prepared_query_with_a_percent_sign_reads_what_the_queryset_reads(seeded):
    # "contains" against a column writes LIKE '%%' || … || '%%' into the SQL:
    # the literal percent signs survive the named placeholders.
    from django.db.models import F

    def build(document):
        return Clause.objects.filter(document_id=document, label__contains=F("key"))

    prepared = PreparedQuery(build, document=int)
    document = Document.objects.first()
    sql = str(build(document.pk).query)
    assert "%" in sql
    expected = list(build(document.pk))
    assert expected
    assert _rows(prepared(document=document.pk)) == _rows(expected)
