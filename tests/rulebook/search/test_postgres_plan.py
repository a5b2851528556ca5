"""PostgreSQL: the search's own SQL is answered from its per-language GIN indexes.

A common word matches a fifth of the entries; read by a sequential scan of
the table (``@@`` tested on every entry) it took 35-60 ms at 50,000 clauses,
read through the indexes 10-20 ms (bench/search_bench.py).  These tests hold
the pieces that make the planner choose the indexes: an index per language
(migration 0006) that the SQL of :class:`PostgreSQLBackend` can use, each
language's branch by its index alone (no scan of a language btree ANDed in),
and the connections' ``random_page_cost`` (rulesite/settings.py).
"""

import contextlib
import importlib
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from rulebook.search import LANGUAGES, speed
from rulebook.search.backends import Filters, Query, backend
from tests.site_role import as_owner

ROOT = Path(__file__).resolve().parents[3]
INDEXES = {code: f"rulebook_searchentry_vector_{code}" for code in LANGUAGES}
#: The narrow ranking table's (migration 0014, rulebook.search.speed.pg_ranked_first).
RANK_INDEXES = {code: f"rulebook_search_rank_{code}" for code in LANGUAGES}
#: Its headings' lexemes' (migration 0015): the entries whose heading names the query.
HEADING_INDEXES = {code: f"rulebook_search_heading_{code}" for code in LANGUAGES}

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql",
                                reason="PostgreSQL's plan for the search")


@pytest.fixture
def synthetic(db):
    """The search benchmark's rulebook at 3,000 clauses, analysed."""
    sys.path.insert(0, str(ROOT))
    try:
        bench = importlib.import_module("bench.search_bench")
    finally:
        sys.path.remove(str(ROOT))
    data = bench.build_rulebook(3000)
    with as_owner(), connection.cursor() as cursor:  # autovacuum's work, done now
        cursor.execute("ANALYZE rulebook_searchentry")
        # the narrow ranking table too: left to autovacuum, its statistics (and so the
        # plan) would depend on when autovacuum last came by
        cursor.execute("ANALYZE rulebook_search_rank")
    return data


def _plan(sql: str) -> dict:
    """The plan of ``sql`` when reading the whole table is ruled out: at this
    size the table is read whole for a common word, as it may be (a few
    hundred pages); at 50,000 clauses, where that costs 35-60 ms, the
    benchmark shows the planner choosing these same index plans."""
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN (FORMAT JSON) " + sql)
        return cursor.fetchone()[0][0]["Plan"]


def _nodes(plan: dict):
    yield plan
    for child in plan.get("Plans", []):
        yield from _nodes(child)


def _match_sql(text: str, languages=LANGUAGES, **filters) -> str:
    """The ranking query of a match (with the speed-ups on: of the narrow
    table, see :func:`rulebook.search.speed.pg_ranked_first`)."""
    with CaptureQueriesContext(connection) as captured:
        backend().match(Query.parse(text), Filters(languages, timezone.localdate(), **filters),
                        100)
    (sql,) = [q["sql"] for q in captured.captured_queries if " AS score " in q["sql"]]
    return sql


def _most_common(language: str) -> str:
    """The word of ``language`` found in the most entries of that language."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT word FROM ts_stat(format('SELECT vector FROM rulebook_searchentry "
                       "WHERE language = %%L', %s::text)) WHERE word ~ '^[[:alpha:]]{4,}$' "
                       "ORDER BY ndoc DESC, word LIMIT 1", [language])
        return cursor.fetchone()[0]


def test_every_site_language_has_its_own_gin_index(db):
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE tablename = 'rulebook_searchentry' "
                       "AND indexdef LIKE '%%USING gin (vector)%%'")
        definitions = [row[0] for row in cursor.fetchall()]
    for code, _name in settings.LANGUAGES:
        assert any(f"WHERE ((language)::text = '{code}'::text)" in d for d in definitions), code
    # no index of every language's vectors beside them: each entry is indexed once
    assert all("WHERE" in d for d in definitions)


def test_the_narrow_ranking_table_has_every_entry_vector_and_a_gin_index_per_language(seeded):
    """Migration 0014 and each indexing keep ``rulebook_search_rank`` a
    copy of the entries' vectors (the same ranking reads either)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM rulebook_searchentry AS e WHERE e.vector IS NOT NULL "
                       "AND NOT EXISTS (SELECT 1 FROM rulebook_search_rank AS r WHERE "
                       "r.entry_id = e.id AND r.language = e.language AND r.vector = e.vector)")
        assert cursor.fetchone()[0] == 0
        cursor.execute("SELECT count(*) FROM rulebook_search_rank")
        assert cursor.fetchone()[0] > 0
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE tablename = 'rulebook_search_rank' "
                       "AND indexdef LIKE '%%USING gin (vector)%%'")
        definitions = [row[0] for row in cursor.fetchall()]
    for code, _name in settings.LANGUAGES:
        assert any(f"WHERE ((language)::text = '{code}'::text)" in d for d in definitions), code


def test_the_narrow_tables_heading_is_the_vectors_weight_a_part(seeded):
    """Migration 0015: ``heading`` holds exactly the heading's lexemes (weight
    A) of each row's vector, NULL where there are none, with a GIN index per
    language; renewed by PostgreSQL when a row's vector is written."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*), count(heading), count(*) FILTER (WHERE heading IS "
                       "DISTINCT FROM NULLIF(ts_filter(vector, '{a}'), ''::tsvector)) "
                       "FROM rulebook_search_rank")
        rows, headings, different = cursor.fetchone()
        assert different == 0 and 0 < headings < rows
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE tablename = 'rulebook_search_rank' "
                       "AND indexdef LIKE '%%USING gin (heading)%%'")
        definitions = [row[0] for row in cursor.fetchall()]
    for code, _name in settings.LANGUAGES:
        assert any(f"WHERE ((language)::text = '{code}'::text)" in d for d in definitions), code


def test_a_narrow_row_goes_with_its_entry(seeded):
    """Re-indexing a clause (its entries deleted and written again) leaves
    no row of the narrow table without its entry; emptying the entries'
    table (a flush's TRUNCATE, which a foreign key would refuse) empties it."""
    from rulebook.models import Clause
    from rulebook.search.indexing import index_clause

    def orphans():
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM rulebook_search_rank AS r WHERE NOT EXISTS "
                           "(SELECT 1 FROM rulebook_searchentry AS e WHERE e.id = r.entry_id)")
            return cursor.fetchone()[0]

    clause = Clause.objects.filter(search_entries__isnull=False).first()
    index_clause(clause)
    assert orphans() == 0
    with as_owner(), connection.cursor() as cursor:
        cursor.execute("DELETE FROM rulebook_searchentry WHERE clause_id = %s", [clause.pk])
        assert orphans() == 0
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # the deferred checks, before TRUNCATE
        cursor.execute("TRUNCATE rulebook_searchentry")
        cursor.execute("SELECT count(*) FROM rulebook_search_rank")
        assert cursor.fetchone()[0] == 0


def test_connections_price_pages_as_held_in_memory(db):
    with connection.cursor() as cursor:
        cursor.execute("SHOW random_page_cost")
        assert float(cursor.fetchone()[0]) == 1.1


def test_common_words_are_read_through_the_language_indexes(synthetic):
    common = {code: _most_common(code) for code in LANGUAGES}
    queries = [(word, LANGUAGES) for word in common.values()]
    queries += [(f"{common['de']} {common['en']}", LANGUAGES),   # two words, closed form too
                (common["ru"], ("ru",))]                            # one language
    for text, languages in queries:
        for indexes, off in ((RANK_INDEXES, False), (INDEXES, True)):
            with speed.switched_off() if off else contextlib.nullcontext():
                plan = _plan(_match_sql(text, languages))
            types = [node["Node Type"] for node in _nodes(plan)]
            # (the narrow table's best rows then read their entries by primary key)
            used = {node["Index Name"] for node in _nodes(plan)
                    if node.get("Index Name", "").startswith(("rulebook_searchentry_vector_",
                                                              "rulebook_search_"))}
            shown = [(node["Node Type"], node.get("Index Name")) for node in _nodes(plan)]
            assert "Seq Scan" not in types and "BitmapAnd" not in types, (text, shown)
            if off:
                assert used == {indexes[code] for code in languages}, (text, shown)
                continue
            # each language's matches by its narrow table's indexes (its vectors' and, for
            # the entries whose heading names the query, its headings'), no other
            allowed = {index[code] for index in (indexes, HEADING_INDEXES) for code in languages}
            assert used <= allowed, (text, shown)
            for code in languages:
                assert {indexes[code], HEADING_INDEXES[code]} & used, (text, code, shown)


def test_filters_of_game_and_document_keep_the_language_indexes(synthetic):
    from rulebook.models import Document

    document = Document.objects.get(game__slug="bench-de")
    sql = _match_sql(_most_common("de"), game_id=document.game_id, document_id=document.pk)
    types = [node["Node Type"] for node in _nodes(_plan(sql))]
    assert "Seq Scan" not in types, types


def test_a_rebuild_leaves_no_vectors_waiting_in_the_pending_lists(seeded):
    """As the tables' owner (for the site's role, autovacuum moves them later)."""
    from rulebook.search.indexing import rebuild

    with as_owner(), connection.cursor() as cursor:
        rebuild()
        # returns how many pending pages it moved: none are left to move
        cursor.execute("SELECT gin_clean_pending_list(indexname::regclass) FROM pg_indexes "
                       "WHERE tablename IN ('rulebook_searchentry', 'rulebook_search_rank') "
                       "AND indexdef LIKE '%%USING gin%%'")
        moved = [row[0] for row in cursor.fetchall()]
    # the entries' vectors, the narrow table's and its headings', one index per language each
    assert moved == [0] * 3 * len(LANGUAGES)
