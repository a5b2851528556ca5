"""The search's speed-ups (rulebook/search/speed.py) give the answers of the
unchanged code: the key jump always; the bounded ranking (SQLite) whenever
a match is within its bound (the seed rulebook always is), and beyond it
the entries a query names first, each hit scored as the whole ranking
scores it.  Run on SQLite and PostgreSQL, whichever DATABASE_URL selects."""

import importlib
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from rulebook.search import LANGUAGES, find_keys, search, speed
from rulebook.search.backends import HEADING_BONUS, Filters, Query, backend

from tests.rulebook.search.test_relevance import RELEVANCE

ROOT = Path(__file__).resolve().parents[3]


def _both(run):
    """``run()`` with the speed-ups on, then off."""
    on = run()
    with speed.switched_off():
        off = run()
    return on, off


def _hits(found):
    return [(hit.kind, getattr(hit.clause, "pk", None), hit.language, hit.score)
            for hit in found]


def test_the_relevance_set_gets_the_same_hits_either_way(seeded):
    from django.utils import translation

    from rulebook.importing.translations import load_translations

    load_translations()
    for language, query, _key, _shown in RELEVANCE:
        with translation.override(language):
            on, off = _both(lambda: _hits(search(query)))
        assert on == off, query


@pytest.mark.parametrize("query", ["107.2", "Ziel ¶3.2", "ziel.p3.2", "1.2.4", "107", "п. 107.2",
                                   "Regel 107. 2", "999.9", "Schutzgott"])
def test_key_jumps_are_the_same_either_way(seeded, query):
    on, off = _both(lambda: [(m.kind, m.obj.pk, m.url) for m in find_keys(query)])
    assert on == off


def test_a_key_jump_does_not_list_every_shown_clause(seeded):
    """The clause's versions are asked for the clause the key names, not
    listed for the whole rulebook (an ``IN`` list of every clause id)."""
    with CaptureQueriesContext(connection) as captured:
        find_keys("107.2")
    (sql,) = [q["sql"] for q in captured.captured_queries]
    assert "EXISTS" in sql and " IN (SELECT" not in sql


@pytest.fixture
def synthetic(db):
    """The search benchmark's rulebook at 600 clauses."""
    sys.path.insert(0, str(ROOT))
    try:
        bench = importlib.import_module("bench.search_bench")
    finally:
        sys.path.remove(str(ROOT))
    return bench.build_rulebook(600)


def _common(data, language="en"):
    """A word of ``language`` that many of the synthetic clauses hold, and
    a query of two words."""
    from rulebook.models.search import SearchEntry

    bodies = list(SearchEntry.objects.filter(language=language).values_list("body", flat=True))
    counts = {word: sum(word in body.lower().split() for body in bodies)
              for word in data["words"][language] if len(word) >= 5}
    common = sorted(counts, key=lambda word: (-counts[word], word))
    return common[0], f"{common[0]} {common[1]}"


def test_within_the_bound_the_match_is_the_same(synthetic):
    word, two = _common(synthetic)
    filters = Filters(LANGUAGES, timezone.localdate())
    for text in (word, two):
        on, off = _both(lambda: backend().match(Query.parse(text), filters, 100))
        assert on == off and on, text


def test_beyond_the_bound_named_entries_first_and_scores_unchanged(synthetic, monkeypatch):
    """With a bound of 40 candidates, a common word's hits are scored as the
    whole ranking scores them, best first; every entry whose heading names
    the word is among them, first; a query of two words is ranked whole.
    PostgreSQL ranks every match whole."""
    monkeypatch.setattr(speed, "CANDIDATES", 40)
    word, two = _common(synthetic)
    filters = Filters(LANGUAGES, timezone.localdate())
    on, off = _both(lambda: backend().match(Query.parse(word), filters, 400))
    if connection.vendor != "sqlite":
        assert on == off
        return
    assert len(off) > 100, "the word should match more than the bound"
    scores = {entry: score for entry, _clause, score in off}
    assert all(abs(scores[entry] - score) < 1e-6 for entry, _clause, score in on)
    assert [score for *_rest, score in on] == sorted((score for *_rest, score in on),
                                                    reverse=True)
    named = [entry for entry, _clause, score in off if score >= HEADING_BONUS]
    assert named and [entry for entry, *_rest in on[:len(named)]] == named
    assert len(on) < len(off)   # the others: a bounded set
    on, off = _both(lambda: backend().match(Query.parse(two), filters, 100))
    assert on == off


def test_beyond_the_bound_filters_still_apply(synthetic, monkeypatch):
    """A bounded ranking within a game (the joined query on SQLite) finds
    only that game's entries, scored as the whole ranking scores them."""
    from rulebook.models import Game

    monkeypatch.setattr(speed, "CANDIDATES", 40)
    word, _two = _common(synthetic)
    game = Game.objects.get(slug="bench-en")
    filters = Filters(LANGUAGES, timezone.localdate(), game.pk)
    on, off = _both(lambda: backend().match(Query.parse(word), filters, 400))
    if connection.vendor != "sqlite":
        assert on == off
        return
    assert on and len(on) < len(off)
    scores = {entry: score for entry, _clause, score in off}
    assert all(abs(scores[entry] - score) < 1e-6 for entry, _clause, score in on)


def test_rows_out_of_force_give_the_same_match_either_way(synthetic):
    """The best rows ranked alone (SQLite's FTS5 table, PostgreSQL's narrow
    table) and then checked for the date give what ranking the entries in
    force gives: when a few of them are out of force, and when so many are
    that the entries rank again."""
    import datetime

    from rulebook.models.search import SearchEntry

    word, two = _common(synthetic)
    on_date = timezone.localdate()
    filters = Filters(LANGUAGES, on_date)
    entries = SearchEntry.objects.order_by("id")
    ids = list(entries.values_list("id", flat=True))
    # a few out of force (ended), then most of them
    for share in (7, 1):
        SearchEntry.objects.filter(pk__in=[i for n, i in enumerate(ids) if n % 8 < share]).update(
            valid_until=on_date - datetime.timedelta(days=1))
        for text in (word, two):
            on, off = _both(lambda: backend().match(Query.parse(text), filters, 40))
            assert on == off and on, (share, text)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's heading index")
def test_entries_named_by_their_heading_are_found_by_its_index_with_the_same_answers(synthetic):
    """PostgreSQL (migration 0015): the entries whose heading names the query
    are found through the heading's index and every other match is ranked
    by ``ts_rank`` alone; the rows and scores are those of testing every
    match's heading — with fewer named entries than the rows asked for,
    about as many, and more (the limit below their number)."""
    with connection.cursor() as cursor:  # the stem most headings of English entries hold
        cursor.execute("SELECT word, ndoc FROM ts_stat('SELECT heading FROM rulebook_search_rank "
                       "WHERE language = ''en'' AND heading IS NOT NULL') "
                       "WHERE word ~ '^[a-z]{5,}$' ORDER BY ndoc DESC, word LIMIT 1")
        word, named = cursor.fetchone()
    assert named >= 3, (word, named)
    filters = Filters(LANGUAGES, timezone.localdate())
    for limit in (1, 2, named, 3 * named, 100):
        on, off = _both(lambda: backend().match(Query.parse(word), filters, limit))
        assert on == off and len(on) == limit, (word, limit)
        bonus = [row for row in on if row[2] >= HEADING_BONUS]
        assert len(bonus) == min(limit, len([row for row in off if row[2] >= HEADING_BONUS]))
    on, off = _both(lambda: backend().match(Query.parse(word), filters, 100))
    assert sum(row[2] >= HEADING_BONUS for row in on) >= 2
