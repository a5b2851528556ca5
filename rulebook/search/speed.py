"""The search's speed-ups, in one place, each with what it trades.

:func:`switched_off` runs the unchanged code instead (the benchmark's
side-by-side figures, ``bench/search_bench.py --compare``, and the tests
that hold the answers equal, ``tests/rulebook/search/test_speed.py``):
:func:`rulebook.search.find_keys` gives the same answers either way,
:func:`rulebook.search.search` too except for a common word's match
beyond the bound below.

* **Key jumps check what readers see per candidate** (:func:`shown_clause`).
  ``Clause.objects.shown()`` is "the clause ids of every published version in
  force": as a subquery of a key look-up, SQLite builds that list of every
  clause of the rulebook (50,000 at the benchmark's size, ~40 ms) for the
  one to three clauses the key names.  Asked as ``EXISTS`` of a version of
  each candidate, the same rows are found through the version's
  ``(clause, number)`` index.  Trades nothing.

* **On SQLite, a common word ranks a bounded set of entries**
  (:func:`bounded_query`, :func:`sqlite_candidates`).  bm25 costs about
  1 µs per matching entry, the rest of a one-word match about a tenth of
  that, and a common word matches a third of the benchmark's 50,000
  clauses (16,000 entries: 16-20 ms of CPU).  For a query of one word (in
  its spellings), a match of up to about :data:`CANDIDATES` entries is
  still ranked whole: the same hits in the same order (the seed rulebook's
  words never come near).  Beyond that only these entries are scored, by
  the same score: every entry whose title (heading) holds the word — so
  the entry a query names still comes first
  (:data:`~rulebook.search.backends.HEADING_BONUS`) — and about
  :data:`CANDIDATES` of the others, those with the shortest bodies (bm25
  divides by the text's length: a short text about a word comes before a
  long one that mentions it).  Trades: a long text that repeats a common
  word may be left out of that word's hits — at 50,000 clauses, 186 of
  200 one-word searches gave the same 25 hits as ranking everything, the
  others 22-24 of the same 25 (``bench/search_bench.py --compare`` counts
  the answers that are the same); :data:`CANDIDATES` ``None``, the site's
  setting, turns it off: results stay exact.  Queries of several words, a
  compound's parts or a phrase are ranked whole: choosing the candidates
  evaluates the match once more, which for them costs about what it saves.
  PostgreSQL ranks every match whole: there, reading the matching rows
  from the table (a bitmap heap scan) is most of a common word's time and
  ``ts_rank`` the lesser part; candidates read once, then ranked, cost more
  than they saved (EXPLAIN ANALYZE at 50,000 clauses).

* **On PostgreSQL, the ranking reads a narrow table** (:func:`pg_ranked_first`).
  A common word's rows are read from the table one page each (the bitmap
  heap scan); ``rulebook_searchentry``'s rows also hold the plain text, the
  title and the validity (about 4 rows a page at 50,000 clauses).  The
  narrow table ``rulebook_search_rank`` (migration 0014) holds each entry's
  id, language and the same vector, with a GIN index per language: the
  same score (the same ``ts_rank`` and heading bonus of the same vectors),
  the same order (score, then entry id), from about a third of the pages;
  then the best ``2 × limit`` rows are checked for validity on the date in
  ``rulebook_searchentry`` (by primary key, in the same query), as SQLite's
  FTS5 table ranks alone.  When fewer than ``limit`` of them are in force, and with a game
  or document filter, the entries' table ranks as before.  Trades: the
  vectors are stored twice (the entries' own are kept for that unchanged
  ranking) and written twice when a clause is indexed; the answers are the
  same (``--compare`` at 50,000 clauses: 300 of 300 answers the same, the
  server's CPU p95 of a one-word search about a quarter less).

* **On PostgreSQL, the heading bonus is found by an index, not tested on
  every match** (in the same :func:`pg_ranked_first` ranking).  The entries
  whose heading names the whole query are found through the narrow table's
  ``heading`` column (its vector's weight-A part, a generated column with a
  GIN index per language, migration 0015) and get the bonus; every other
  match is scored by ``ts_rank`` alone, and the best ``2 × limit`` of those
  are enough (:meth:`~rulebook.search.backends.PostgreSQLBackend.
  _ranked_then_filtered`).  Testing the heading on each of a common word's
  ~15,000 matches cost about a fifth of its ranking.  Trades: a third GIN
  index per language, written with each vector; the answers are the same
  (``--compare``: 300 of 300).  What remains of a common word's ranking
  (server CPU, at 50,000 clauses): finding and reading its rows about 40 %,
  ``ts_rank`` the rest.

Switched on unless :func:`switched_off` is active (per thread: a test or the
benchmark switches it for its own calls only).
"""

from __future__ import annotations

import contextlib
import datetime
import threading

from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

_STATE = threading.local()


def enabled() -> bool:
    """Whether the speed-ups are on (they are, unless :func:`switched_off`)."""
    return not getattr(_STATE, "off", False)


@contextlib.contextmanager
def switched_off():
    """Run the unchanged code paths within the block (this thread only): the
    benchmark's "before" beside "after", and the tests that compare them.

    >>> with switched_off():
    ...     enabled()
    False
    >>> enabled()
    True
    """
    before = getattr(_STATE, "off", False)
    _STATE.off = True
    try:
        yield
    finally:
        _STATE.off = before


def shown_clause(on: datetime.date | None = None, outer: str = "pk") -> Exists:
    """``EXISTS`` a published version that makes the clause ``OuterRef(outer)``
    one readers see on ``on`` (today): in force then, or of an imported
    source page (no publisher) — the condition of
    ``Clause.objects.shown(on)``, checked for one clause."""
    from rulebook.models import ClauseVersion

    on = on or timezone.localdate()
    return Exists(ClauseVersion.objects.published().filter(
        Q(effective_date__isnull=True) | Q(effective_date__lte=on)
        | Q(published_by__isnull=True), clause_id=OuterRef(outer)))


def pg_ranked_first() -> bool:
    """Whether PostgreSQL ranks the narrow table first, then checks the
    best rows' validity (see the module docstring): unless
    :func:`switched_off`."""
    return enabled()


#: About this many entries of a large match are ranked besides those whose
#: heading holds a query word (see the module docstring); ``None`` ranks
#: every match whole (the bounded ranking off, the key jump's speed-up kept).
#: Off (``None``) on this site: a judge's search must not leave out an entry
#: that ranking every match would show; a deployment with a rulebook far
#: beyond the seeds may set it (2,000 measured as above).
CANDIDATES: int | None = None
#: The entries whose id is a multiple of this are the sample that sets the
#: text length within which about :data:`CANDIDATES` entries lie.
SAMPLE = 8


def sqlite_candidates(table: str, sample_sql: str, sample_params: list,
                      title_any: str) -> tuple[str, list]:
    """The SQL condition (and its parameters) that bounds which rows of a
    match the ranking scores, on SQLite; ``("", [])`` when switched off.

    The condition is on ``f``, the FTS5 ``table``, and ``d``, its
    ``docsize`` row (FTS5's token counts of title and body, as varints),
    which the ranking query joins (:func:`docsize_join`).  A row is ranked
    when its title holds a word of the query (``title_any``, an FTS5
    expression of any query word) or its body is no longer than the body
    of the (:data:`CANDIDATES` / :data:`SAMPLE`)-th shortest row of the
    sample: ``sample_sql`` (``FROM … WHERE …``: the match, FTS5 table as
    ``f2`` joined with its ``docsize`` as ``d2``, with ``sample_params``)
    restricted to ids that are multiples of :data:`SAMPLE`.  A sample of
    fewer rows (a match of up to about :data:`CANDIDATES` rows, any match
    of at most :data:`CANDIDATES` / :data:`SAMPLE`) ranks every row.
    """
    if not enabled() or not title_any:
        return "", []
    # A title's count below 128 is one byte: the body's count follows (a
    # longer title's row is only misplaced among the candidates).
    return (f"(substr(d.sz, 2) <= coalesce((SELECT substr(d2.sz, 2) AS body {sample_sql} "
            f"AND f2.rowid %% {SAMPLE} = 0 ORDER BY body LIMIT 1 OFFSET %s), X'FF') "
            f"OR +f.rowid IN (SELECT rowid FROM {table} WHERE {table} MATCH %s))",
            [*sample_params, CANDIDATES // SAMPLE, f"title : ({title_any})"])


def bounded_query(query) -> bool:
    """Whether ``query`` (a :class:`~rulebook.search.backends.Query`) is
    ranked from candidates (when the speed-ups are on): one word, in its
    spellings — no second word, compound parts or phrase.  Choosing the
    candidates evaluates the match once more; a one-word match costs
    little to evaluate beside its ranking, a match of several words (an
    ``AND`` of words starting with their stems) about as much as it saves.

    >>> from rulebook.search.backends import Query
    >>> CANDIDATES is None, bounded_query(Query.parse("Ziel", {}))  # the site's setting: off
    (True, False)
    """
    groups = query.term_groups()
    return (enabled() and CANDIDATES is not None and len(groups) == 1 and not query.phrases
            and all(len(alternative) == 1 for alternative in groups[0]))


def docsize_join(table: str, condition: str, alias: str = "f", into: str = "d") -> str:
    """The join of ``table``'s ``docsize`` row (as ``into``) to its row
    ``alias`` that :func:`sqlite_candidates`' ``condition`` reads (none
    without a condition)."""
    return (f" CROSS JOIN {table}_docsize AS {into} ON {into}.id = {alias}.rowid"
            if condition else "")

