"""Search backends: the stemmed index on SQLite (FTS5) and PostgreSQL.

Both implement :class:`Backend`: ``write`` puts entries into the index,
``remove`` takes them out, ``match`` returns ``(entry id, clause id, score)`` rows,
best first (higher score is better), for a :class:`Query` and a filtered
queryset of :class:`~rulebook.models.search.SearchEntry`.  Official rulings
have their own rows (:class:`~rulebook.models.search.RulingSearchEntry`) and
structure beside the clauses': ``write_rulings``, ``remove_rulings`` and
``match_rulings`` (``(entry id, ruling id, score)`` rows, with no heading
bonus: a ruling never outranks a clause whose heading the query names).
The backend is chosen by the database vendor (:func:`backend`).

Queries are built only from the site's own tokens (letters and digits, see
:func:`rulebook.search.text.tokens`), each quoted, so no FTS or tsquery
syntax typed by a user ever reaches the database.
"""

from __future__ import annotations

import abc
import datetime
import itertools
import re
from dataclasses import dataclass

from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from rulebook.search import speed
from rulebook.search.text import MAX_QUERY_TOKENS, STEMMERS, fold, stem, stemmed_text, tokens

FTS_TABLE = "rulebook_search_fts"
#: PostgreSQL: the narrow table of each entry's id, language and vector
#: that a ranking reads (migration 0014, :mod:`rulebook.search.speed`).
RANK_TABLE = "rulebook_search_rank"
#: The FTS5 table of the official rulings' texts (question, answer); migration 0009.
RULING_FTS_TABLE = "rulebook_ruling_search_fts"
#: Shortest stem that also matches as a word prefix (compounds).
PREFIX_MIN = 4
#: Added to the score of an entry whose heading matches the whole query
#: (more than any text's own score), so that the entry a query names comes
#: before the clauses that only mention it.
HEADING_BONUS = 1000.0


Alternative = tuple[str, ...]          # words that must all occur
Group = tuple[Alternative, ...]          # one of these alternatives must occur


#: Quotation marks a reader may type around a phrase (straight, German, Russian, English).
_QUOTES = str.maketrans({mark: '"' for mark in "„“”«»"})
_PHRASE = re.compile(r'"([^"]*)"')


@dataclass(frozen=True)
class Query:
    """A search query as words: ``words`` folded, at most
    :data:`MAX_QUERY_TOKENS`; ``prefix`` when the last word may be
    unfinished (typing).

    ``groups`` (from :meth:`parse`) say what must match: every group, each by
    one of its alternatives — a word or its spelling variants (German
    compound parts or closed form, a glossary term's synonyms in every
    language).  Without groups, every word is a group of its own.
    ``phrases`` must match too, each as its words adjacent and in order
    (a quoted part of the query).  ``own`` are the groups without the
    glossary's synonyms: what the reader typed, in its spellings.
    ``senses`` are the glossary scopes of the spellings typed (see
    :func:`rulebook.search.synonyms.in_scope`; empty when :meth:`parse` was
    given its own synonym table).
    """

    words: tuple[str, ...]
    prefix: bool = True
    groups: tuple[Group, ...] = ()
    phrases: tuple[tuple[str, ...], ...] = ()
    own: tuple[Group, ...] = ()
    senses: tuple[frozenset, ...] = ()

    @classmethod
    def parse(cls, text: str, synonyms: dict | None = None) -> "Query":
        """Split ``text`` into folded words; a last word without trailing space is a prefix.

        Groups: a hyphenated chunk also matches closed ("Spezial-Wirkung" →
        "spezialwirkung"), a closed German compound its parts, a query of two
        or three words their closed form, and a glossary spelling (``synonyms``,
        see :mod:`rulebook.search.synonyms`) its term's other spellings.
        Words in quotation marks (``"…"``, „…“, «…») of two words or more are
        a phrase; a lone quotation mark is ignored.

        >>> Query.parse("Spezial-Wirkung", {}).groups
        ((('spezial', 'wirkung'), ('spezialwirkung',)),)
        >>> query = Query.parse('Karte "gültiges Ziel"', {})
        >>> query.words, query.groups, query.phrases
        (('karte', 'gultiges', 'ziel'), ((('karte',),),), (('gultiges', 'ziel'),))
        """
        from rulebook.search.synonyms import find_spans, spelling_scopes, synonym_table

        text = text.translate(_QUOTES)
        quoted = _PHRASE.findall(text) if text.count('"') >= 2 else []
        rest = _PHRASE.sub(" ", text) if quoted else text
        words, groups, covers = _word_groups(rest)
        own = tuple(tuple(dict.fromkeys(g)) for g in groups)
        table = synonym_table() if synonyms is None else synonyms
        senses = ()
        if table:
            spans = find_spans(tuple(words), table)
            groups = cls._with_synonyms(words, groups, covers, spans)
            if synonyms is None and spans:
                scopes = spelling_scopes()
                senses = tuple(scopes.get(tuple(words[start:end]), frozenset())
                               for start, end, _synonyms in spans)
        phrases = []
        for part in quoted:
            phrase = tuple(tokens(part)[:MAX_QUERY_TOKENS - len(words)])
            words.extend(phrase)
            if len(phrase) > 1:
                phrases.append(phrase)
            elif phrase:   # one quoted word: that word, as typed
                groups.append([phrase])
                own += ((phrase,),)
        groups = tuple(tuple(dict.fromkeys(g)) for g in groups)
        return cls(tuple(words), prefix=bool(text) and not text[-1].isspace()
                   and text[-1] != '"', groups=groups, phrases=tuple(phrases), own=own,
                   senses=senses)

    @staticmethod
    def _with_synonyms(words, groups, covers, spans):
        """Give a glossary spelling's groups its term's other spellings as alternatives.

        A group that is exactly the spelling gains them; groups that the
        spelling spans together become one group: the spelling's words, or
        a synonym.
        """
        result = [list(group) for group in groups]
        for start, end, synonyms in spans:
            inside = [i for i, (s, e) in enumerate(covers) if s >= start and e <= end]
            whole = [i for i, (s, e) in enumerate(covers) if s == start and e == end]
            if whole:
                result[whole[0]].extend(synonyms)
            elif inside:
                merged = [tuple(words[start:end]), *synonyms]
                first = inside[0]
                for i in inside:
                    result[i] = None
                result[first] = merged
        return [group for group in result if group is not None]

    def term_groups(self) -> tuple[Group, ...]:
        """The groups to match (every word its own group when none were parsed)."""
        if self.groups or self.phrases:
            return self.groups
        return tuple(((word,),) for word in self.words)

    def all_words(self) -> tuple[str, ...]:
        """Every word of every alternative (for highlighting), first occurrence order."""
        found = dict.fromkeys(self.words)
        for group in self.term_groups():
            for alternative in group:
                found.update(dict.fromkeys(alternative))
        return tuple(found)

    def stems(self, languages) -> list[set[str]]:
        """For each word, its stems in ``languages``."""
        variants: list[set[str]] = [set() for _ in self.words]
        for language in languages:
            for i, item in enumerate(stem(list(self.words), language)):
                variants[i].add(item)
        return variants


def _word_groups(text: str) -> tuple[list[str], list[list[Alternative]], list[tuple[int, int]]]:
    """The words of an unquoted ``text``, its groups (see :meth:`Query.parse`,
    before synonyms) and the words each group stands for (start, end)."""
    from rulebook.search import compounds

    words: list[str] = []
    groups: list[list[Alternative]] = []
    covers: list[tuple[int, int]] = []
    for chunk in text.split():
        chunk_words = tokens(chunk)[:MAX_QUERY_TOKENS - len(words)]
        if not chunk_words:
            continue
        alphabetic = all(w.isalpha() for w in chunk_words)
        if len(chunk_words) > 1 and alphabetic and "-" in chunk:
            groups.append([tuple(chunk_words), ("".join(chunk_words),)])
            covers.append((len(words), len(words) + len(chunk_words)))
        else:
            for offset, word in enumerate(chunk_words):
                groups.append([(word,)])
                covers.append((len(words) + offset, len(words) + offset + 1))
        words.extend(chunk_words)
        if len(words) >= MAX_QUERY_TOKENS:
            break
    for group in groups:
        if len(group) == 1 and len(group[0]) == 1:
            parts = compounds.split(group[0][0])
            if parts:
                group.append(parts)
    if 2 <= len(groups) <= 3 and all(len(g[0]) == 1 and g[0][0].isalpha() for g in groups):
        # "Spezial Wirkung" is also "Spezialwirkung".
        closed = ("".join(g[0][0] for g in groups),)
        combined = [tuple(w for alternative in choice for w in alternative)
                    for choice in itertools.islice(itertools.product(*groups), 27)]
        groups, covers = [combined + [closed]], [(0, len(words))]
    return words, groups, covers


def _combine(query: Query, word_expression, and_: str, or_: str, phrase_expression) -> str:
    """Join the word expressions of ``query``'s groups: AND over groups, OR
    over a group's alternatives, AND within an alternative; and the phrase
    expressions of its phrases (``phrase_expression(words)``), ANDed."""
    parts = []
    for group in query.term_groups():
        alternatives = []
        for alternative in group:
            words = [word_expression(word) for word in alternative]
            alternatives.append(words[0] if len(words) == 1 else "(" + and_.join(words) + ")")
        parts.append(alternatives[0] if len(alternatives) == 1
                     else "(" + or_.join(alternatives) + ")")
    parts.extend(phrase_expression(phrase) for phrase in query.phrases)
    return and_.join(parts)


def index_text(text: str, language: str) -> str:
    """What the index holds for ``text`` before stemming: the text and, for
    German, the other spellings of its compounds
    (:func:`rulebook.search.compounds.index_extras`)."""
    if language != "de" or not text:
        return text
    from rulebook.search.compounds import index_extras

    extras = index_extras(text)
    return f"{text} {' '.join(extras)}" if extras else text


def heading_of(entry) -> str:
    """What the index holds as ``entry``'s heading (a SearchEntry): its
    ``heading`` as :func:`rulebook.search.indexing.entries_for` sets it (the
    clause's title and, for the first clause of a section, the section's
    number and heading), else its title.  Indexed as written, without the
    parts of its German compounds (:func:`index_text`): a heading
    "Effekte der Schutzgottkarte" does not name a "Schutzgott"."""
    return getattr(entry, "heading", None) or entry.title


@dataclass(frozen=True)
class Filters:
    """What to search in: ``languages`` (codes), a game and document id
    (``None``: all), and the date whose texts in force are searched."""

    languages: tuple[str, ...]
    on: datetime.date
    game_id: int | None = None
    document_id: int | None = None


class Backend(abc.ABC):
    """Interface of a search backend."""

    vendor = ""

    @abc.abstractmethod
    def write(self, entries) -> None:
        """Index (or re-index) ``entries``, an iterable of SearchEntry rows."""

    @abc.abstractmethod
    def remove(self, entry_ids) -> None:
        """Drop the index rows of the SearchEntry ids ``entry_ids``."""

    def clear(self) -> None:
        """Empty the backend's own structures (before a rebuild)."""

    def optimize(self) -> None:
        """Compact the backend's structures (after a rebuild)."""

    @abc.abstractmethod
    def match(self, query: Query, filters: "Filters", limit: int) -> list[tuple[int, int, float]]:
        """Return up to ``limit`` (entry id, clause id, rank) triples, best first."""

    @abc.abstractmethod
    def write_rulings(self, entries) -> None:
        """Index (or re-index) ``entries``, an iterable of RulingSearchEntry rows."""

    def remove_rulings(self, entry_ids) -> None:
        """Drop the index rows of the RulingSearchEntry ids ``entry_ids``."""

    @abc.abstractmethod
    def match_rulings(self, query: Query, filters: "Filters",
                      limit: int) -> list[tuple[int, int, float]]:
        """Return up to ``limit`` (ruling entry id, ruling id, rank) triples, best
        first: the published rulings given by ``filters.on`` whose question or
        answer in one of ``filters.languages`` matches; with a document, those
        interpreting a clause of it."""


def _ruling_filters(filters: "Filters") -> tuple[list[str], list]:
    """The SQL conditions (on the ruling entry ``e``) and parameters of
    ``filters`` shared by both backends' :meth:`Backend.match_rulings`."""
    where = ["e.source_date <= %s",
             "e.language IN (" + ", ".join(["%s"] * len(filters.languages)) + ")"]
    params: list = [filters.on, *filters.languages]
    if filters.game_id is not None:
        where.append("e.game_id = %s")
        params.append(filters.game_id)
    if filters.document_id is not None:
        where.append("e.ruling_id IN (SELECT rc.ruling_id FROM rulebook_rulingclause AS rc "
                     "JOIN rulebook_clause AS c ON c.id = rc.clause_id "
                     "WHERE c.document_id = %s)")
        params.append(filters.document_id)
    return where, params


def _delete_rows(table: str, ids) -> None:
    """Delete the rows of the FTS5 ``table`` whose rowid is one of ``ids``."""
    with connection.cursor() as cursor:
        cursor.executemany(f"DELETE FROM {table} WHERE rowid = %s", [(i,) for i in ids])


def _replace_rows(table: str, columns: tuple[str, str], rows: list[tuple]) -> None:
    """Replace rows of the FTS5 ``table``: each ``(rowid, first, second)`` of ``rows``
    into ``columns``, after deleting what that rowid held."""
    _delete_rows(table, [row[0] for row in rows])
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {table}(rowid, {', '.join(columns)}) "
                           "VALUES (%s, %s, %s)", rows)


class SQLiteBackend(Backend):
    """FTS5 table ``rulebook_search_fts(title, body)`` of stemmed text, rowid =
    entry id; ``title`` holds the entry's heading (see :func:`heading_of`).
    Ranked by bm25 with the title weighted 4:1, entries whose heading
    matches the whole query first (:data:`HEADING_BONUS`)."""

    vendor = "sqlite"

    def write(self, entries) -> None:
        """Replace the FTS5 rows of ``entries`` with their stemmed heading
        (:func:`heading_of`) and body."""
        _replace_rows(FTS_TABLE, ("title", "body"), [
            (e.pk, stemmed_text(heading_of(e), e.language),
             stemmed_text(index_text(e.body, e.language), e.language)) for e in entries])

    def remove(self, entry_ids) -> None:
        """Delete the FTS5 rows of ``entry_ids``."""
        _delete_rows(FTS_TABLE, entry_ids)

    def optimize(self) -> None:
        """Merge the FTS5 index segments into one (faster queries)."""
        with connection.cursor() as cursor:
            cursor.execute(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES ('optimize')")

    @staticmethod
    def match_expression(query: Query, languages, exact: bool = False) -> str:
        """Return the FTS5 MATCH string: every group must occur by one of its
        alternatives, each word as one of its stems or a word starting with
        one (German compounds: "Schutzgottes" finds "Schutzgottkarte");
        ``exact``: as one of its stems only (a heading that names the word).

        >>> SQLiteBackend.match_expression(Query(("schutzgottes", "a"), prefix=False), ["de"])
        '("schutzgott" OR "schutzgott"*) AND ("a")'
        >>> SQLiteBackend.match_expression(Query(("spezial", "wirkung"), False,
        ...     ((("spezial", "wirkung"), ("spezialwirkung",)),)), ["de"])
        '((("spezial" OR "spezial"*) AND ("wirkung" OR "wirkung"*)) OR ("spezialwirk" OR "spezialwirk"*))'
        >>> SQLiteBackend.match_expression(Query.parse('"Schutzgottkarten werden"', {}), ["de", "en"])
        '("schutzgottkart werd" OR "schutzgottkarten werden")'
        """
        last = query.words[-1] if query.prefix and query.words and not exact else None

        def word_expression(word: str) -> str:
            variants = {stem([word], language)[0] for language in languages}
            terms = []
            for item in sorted(variants):
                terms.append(f'"{item}"')
                if len(item) >= PREFIX_MIN and not exact:
                    terms.append(f'"{item}"*')
            if word == last and len(word) >= 3 and word not in variants:
                terms.append(f'"{word}"*')
            return "(" + " OR ".join(terms) + ")"

        def phrase_expression(words: tuple[str, ...]) -> str:
            # the stems of each language, adjacent and in order
            variants = dict.fromkeys(" ".join(stem(list(words), language))
                                     for language in languages)
            return "(" + " OR ".join(f'"{item}"' for item in variants) + ")"

        return _combine(query, word_expression, " AND ", " OR ", phrase_expression)

    def match(self, query, filters, limit):
        """Best entries first.  Without game/document/language filters the
        FTS5 table ranks alone and the few best rows are then checked for
        validity on the date (half the work of ranking through a join);
        when too many of those fail, or with filters, one joined query."""
        expression = self.match_expression(query, filters.languages)
        # the entries whose heading (the title column) names every word of the query
        named = self.match_expression(query, filters.languages, exact=True)
        expressions = [f"title : ({named})", expression]
        # a bounded ranking (rulebook.search.speed) for a one-word query: its
        # rows with any word of the query in the title are always ranked
        any_word = (self.match_expression(Query(query.words, query.prefix, (
            tuple((word,) for word in query.all_words()),)), filters.languages)
            if speed.bounded_query(query) else "")
        if (filters.game_id is None and filters.document_id is None
                and set(filters.languages) >= set(STEMMERS)):
            rows = self._ranked_then_filtered(expressions, any_word, filters, limit)
            if rows is not None:
                return rows
        return self._joined(expressions, any_word, filters, limit)

    @staticmethod
    def _score(rowid: str) -> str:
        """The score of a row (higher is better): bm25 over the title and
        body (weighted 4:1), plus :data:`HEADING_BONUS` when the title (the
        entry's heading) names every word of the query (their stems, not
        words starting with them) — the first parameter."""
        return (f"({rowid} IN (SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s)) "
                f"* {HEADING_BONUS} - bm25({FTS_TABLE}, 4.0, 1.0)")

    @staticmethod
    def _validity_sql(filters, alias: str = "e") -> tuple[list[str], list]:
        where = [f"{alias}.superseded = %s",
                 f"({alias}.valid_from IS NULL OR {alias}.valid_from <= %s)",
                 f"({alias}.valid_until IS NULL OR {alias}.valid_until > %s)",
                 f"{alias}.language IN (" + ", ".join(["%s"] * len(filters.languages)) + ")"]
        return where, [False, filters.on, filters.on, *filters.languages]

    def _ranked_then_filtered(self, expressions, any_word, filters, limit):
        fetch = limit * 2
        bound, bound_params = speed.sqlite_candidates(
            FTS_TABLE, f"FROM {FTS_TABLE} AS f2{speed.docsize_join(FTS_TABLE, 'x', 'f2', 'd2')} "
            f"WHERE f2.{FTS_TABLE} MATCH %s", [expressions[1]], any_word)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT f.rowid, {self._score('f.rowid')} AS score FROM {FTS_TABLE} "
                           f"AS f{speed.docsize_join(FTS_TABLE, bound)} "
                           f"WHERE f.{FTS_TABLE} MATCH %s{' AND ' + bound if bound else ''} "
                           "ORDER BY score DESC, f.rowid LIMIT %s",
                           [*expressions, *bound_params, fetch])
            ranked = cursor.fetchall()
            if not ranked:
                return []
            where, params = self._validity_sql(filters)
            cursor.execute(
                "SELECT e.id, e.clause_id FROM rulebook_searchentry AS e WHERE e.id IN ("
                + ", ".join(["%s"] * len(ranked)) + ") AND " + " AND ".join(where),
                [row[0] for row in ranked] + params)
            valid = dict(cursor.fetchall())
        rows = [(entry_id, valid[entry_id], score) for entry_id, score in ranked
                if entry_id in valid]
        if len(rows) < limit and len(ranked) == fetch:
            return None  # too many rows out of force on that date: rank through the join
        return rows[:limit]

    @classmethod
    def _joined_where(cls, filters, fts: str, entry: str) -> tuple[list[str], list]:
        """The conditions (and parameters) of the match joined with its entries
        (``fts`` and ``entry`` the aliases), the match expression first."""
        where, params = cls._validity_sql(filters, entry)
        where = [f"{fts}.rowid = {entry}.id", f"{fts}.{FTS_TABLE} MATCH %s", *where]
        if filters.game_id is not None:
            where.append(f"{entry}.game_id = %s")
            params.append(filters.game_id)
        if filters.document_id is not None:
            where.append(f"{entry}.document_id = %s")
            params.append(filters.document_id)
        return where, params

    def _joined(self, expressions, any_word, filters, limit):
        where, params = self._joined_where(filters, "f", "e")
        params = [expressions[1], *params]
        sample, sample_params = self._joined_where(filters, "f2", "e2")
        bound, bound_params = speed.sqlite_candidates(
            FTS_TABLE, f"FROM {FTS_TABLE} AS f2{speed.docsize_join(FTS_TABLE, 'x', 'f2', 'd2')} "
            "CROSS JOIN rulebook_searchentry AS e2 WHERE " + " AND ".join(sample),
            [expressions[1], *sample_params], any_word)
        if bound:
            where.append(bound)
            params.extend(bound_params)
            tables = (f"{FTS_TABLE} AS f{speed.docsize_join(FTS_TABLE, bound)} "
                      "CROSS JOIN rulebook_searchentry AS e")
        else:
            tables = f"{FTS_TABLE} AS f, rulebook_searchentry AS e"
        sql = (f"SELECT e.id, e.clause_id, {self._score('f.rowid')} AS score "
               f"FROM {tables} WHERE " + " AND ".join(where) + " ORDER BY score DESC, e.id LIMIT %s")
        with connection.cursor() as cursor:
            cursor.execute(sql, [expressions[0], *params, limit])
            return [tuple(row) for row in cursor.fetchall()]

    def write_rulings(self, entries) -> None:
        """Replace the FTS5 rows of ruling ``entries`` with their stemmed
        question and answer."""
        _replace_rows(RULING_FTS_TABLE, ("question", "answer"), [
            (e.pk, stemmed_text(index_text(e.question, e.language), e.language),
             stemmed_text(index_text(e.answer, e.language), e.language)) for e in entries])

    def remove_rulings(self, entry_ids) -> None:
        """Delete the FTS5 rows of the ruling entries ``entry_ids``."""
        _delete_rows(RULING_FTS_TABLE, entry_ids)

    def clear(self) -> None:
        """Delete every FTS5 row (clauses and rulings)."""
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {FTS_TABLE}")
            cursor.execute(f"DELETE FROM {RULING_FTS_TABLE}")

    def match_rulings(self, query, filters, limit):
        """bm25 over question and answer (weighted alike), joined with the
        entries for the ruling's date, language, game and document."""
        where, params = _ruling_filters(filters)
        sql = (f"SELECT e.id, e.ruling_id, -bm25({RULING_FTS_TABLE}, 1.0, 1.0) AS score "
               f"FROM {RULING_FTS_TABLE} AS f, rulebook_rulingsearchentry AS e "
               f"WHERE f.rowid = e.id AND {RULING_FTS_TABLE} MATCH %s AND "
               + " AND ".join(where) + " ORDER BY score DESC, e.id LIMIT %s")
        with connection.cursor() as cursor:
            cursor.execute(sql, [self.match_expression(query, filters.languages), *params,
                                 limit])
            return [tuple(row) for row in cursor.fetchall()]


class PostgreSQLBackend(Backend):
    """A weighted ``tsvector`` per entry (heading A, see :func:`heading_of`;
    text B) with the german/russian/english configuration of the entry's
    language, a GIN index per language (``WHERE language = …``, one for each
    branch of the query's OR; migration 0006); ranked by ``ts_rank`` divided
    by 1 + the log of the text's length (a short clause about a word before a
    long one that mentions it, as bm25 on SQLite), entries whose heading
    names the whole query first (:data:`HEADING_BONUS`).  Text is folded
    (case, accents) in Python before PostgreSQL stems it, for index and
    query alike.  The same vectors are copied into the narrow table
    :data:`RANK_TABLE` (entry id, language, vector; migration 0014; and the
    vector's heading part, migration 0015), which a search without game or
    document filters ranks first (:func:`rulebook.search.speed.pg_ranked_first`)."""

    vendor = "postgresql"

    def write(self, entries) -> None:
        """Store each entry's weighted tsvector in its language's configuration:
        the heading (:func:`heading_of`) weighted A, the text B."""
        rows = []
        for entry in entries:
            config = STEMMERS.get(entry.language, "simple")
            rows.append((config, fold(heading_of(entry)), config,
                         fold(index_text(entry.body, entry.language)), entry.pk))
        with connection.cursor() as cursor:
            cursor.executemany(
                "UPDATE rulebook_searchentry SET vector = "
                "setweight(to_tsvector(%s::regconfig, %s), 'A') || "
                "setweight(to_tsvector(%s::regconfig, %s), 'B') WHERE id = %s", rows)
            if rows:
                # the same vector in the narrow table the ranking reads (rulebook.search.speed)
                cursor.execute(
                    f"INSERT INTO {RANK_TABLE} (entry_id, language, vector) "
                    "SELECT id, language, vector FROM rulebook_searchentry "
                    "WHERE id = ANY(%s) AND vector IS NOT NULL ORDER BY id "
                    "ON CONFLICT (entry_id) DO UPDATE SET language = EXCLUDED.language, "
                    "vector = EXCLUDED.vector", [[row[-1] for row in rows]])

    def remove(self, entry_ids) -> None:
        """Delete the rows of ``entry_ids`` in the narrow ranking table (the
        entry's own vector goes with its row; the narrow row would go with
        it too, by a trigger of migration 0014)."""
        ids = list(entry_ids)
        if ids:
            with connection.cursor() as cursor:
                cursor.execute(f"DELETE FROM {RANK_TABLE} WHERE entry_id = ANY(%s)", [ids])

    def optimize(self) -> None:
        """Move the rebuilt vectors from the GIN indexes' pending lists (where
        written rows wait for a vacuum, and every query reads them one by
        one) into the indexes proper, and renew the table's statistics, by
        which the planner chooses between the indexes and reading the table.
        Both need the table's owner (who migrates); for another role both are
        left to autovacuum."""
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT gin_clean_pending_list(i.indexrelid) FROM pg_index AS i "
                "JOIN pg_class AS c ON c.oid = i.indexrelid JOIN pg_am AS a ON a.oid = c.relam "
                "WHERE i.indrelid IN ('rulebook_searchentry'::regclass, "
                f"'{RANK_TABLE}'::regclass) AND a.amname = 'gin' "
                "AND pg_has_role(c.relowner, 'USAGE')")
            cursor.execute("ANALYZE rulebook_searchentry")
            cursor.execute(f"ANALYZE {RANK_TABLE}")

    @staticmethod
    def tsquery(query: Query, weight: str = "") -> str:
        """Return the raw tsquery text: groups joined by ``&``, alternatives
        by ``|``; a word of :data:`PREFIX_MIN` letters or more also matches
        words starting with its stem (PostgreSQL stems before applying ``:*``).

        A phrase is its words joined by ``<->`` (followed by).  ``weight``
        ("A") restricts every word to the lexemes of that weight (the heading)
        and to its stem (no words starting with it: a heading that names it).

        >>> PostgreSQLBackend.tsquery(Query(("a", "schutzgo")))
        "'a' & 'schutzgo':*"
        >>> PostgreSQLBackend.tsquery(Query.parse('Karte "gültiges Ziel"', {}), "A")
        "'karte':A & ('gultiges':A <-> 'ziel':A)"
        """
        last = query.words[-1] if query.prefix and query.words else None

        def word_expression(word: str) -> str:
            if weight:
                return f"'{word}':{weight}"
            if len(word) >= PREFIX_MIN or (word == last and len(word) >= 3):
                return f"'{word}':*"
            return f"'{word}'"

        def phrase_expression(words: tuple[str, ...]) -> str:
            mark = f":{weight}" if weight else ""
            return "(" + " <-> ".join(f"'{word}'{mark}" for word in words) + ")"

        return _combine(query, word_expression, " & ", " | ", phrase_expression)

    def match(self, query, filters, limit):
        """Full-text match with ts_rank on the stored vectors, same filters as
        SQLite: each language's entries matched and ranked with the query in
        its own configuration (the SQL is written here, not built by the ORM:
        building it cost more than a common word's match).  Without game or
        document filters, the narrow table ranks alone and the few best rows
        are then checked for validity on the date
        (:func:`rulebook.search.speed.pg_ranked_first`); when too many of
        those fail, or with filters, one query of the entries' table."""
        if (filters.game_id is None and filters.document_id is None
                and speed.pg_ranked_first()):
            rows = self._ranked_then_filtered(query, filters, limit)
            if rows is not None:
                return rows
        return self._ranked(query, filters, limit)

    def _rank_sql(self, query, filters, heading: str = "test") -> tuple[str, str, list, list]:
        """The score expression (on ``e``), the match condition and the
        parameters of each: ``ts_rank`` in the entry's language's
        configuration, and by ``heading``:

        * ``"test"``: plus :data:`HEADING_BONUS` when the vector's heading
          lexemes (weight A) name the whole query, tested on each match;
        * ``"none"``: ``ts_rank`` alone (a double);
        * ``"named"``: only the matches whose ``heading`` column (the narrow
          table's, migration 0015) names the whole query, each plus the bonus.

        For the same entry, ``"test"`` gives the score of ``"named"`` when
        its heading names the query, else that of ``"none"``."""
        raw, named = self.tsquery(query), self.tsquery(query, "A")
        conditions, ranks, params, rank_params = [], [], [], []
        rank = ("ts_rank(('{0.1,0.2,0.4,1.0}'::float8[])::float4[], e.vector, "
                "to_tsquery(%s::regconfig, %s), 1)")
        for language in filters.languages:
            config = STEMMERS.get(language, "simple")
            if heading == "named":
                conditions.append("(e.language = %s AND e.heading @@ to_tsquery(%s::regconfig, %s) "
                                  "AND e.vector @@ to_tsquery(%s::regconfig, %s))")
                params += [language, config, named, config, raw]
            else:
                conditions.append("(e.language = %s AND e.vector @@ to_tsquery(%s::regconfig, %s))")
                params += [language, config, raw]
            if heading == "test":
                ranks.append(f"WHEN e.language = %s THEN {rank} + CASE WHEN e.vector @@ "
                             f"to_tsquery(%s::regconfig, %s) THEN {HEADING_BONUS} ELSE 0 END")
                rank_params += [language, config, raw, config, named]
            else:
                bonus = f" + {HEADING_BONUS}::float8" if heading == "named" else ""
                ranks.append(f"WHEN e.language = %s THEN {rank}::float8{bonus}")
                rank_params += [language, config, raw]
        return ("CASE " + " ".join(ranks) + " ELSE NULL END", "(" + " OR ".join(conditions) + ")",
                rank_params, params)

    def _ranked(self, query, filters, limit):
        """The unchanged ranking: one query of the entries' table, filtered
        by validity (and game, document) and ranked."""
        score, condition, rank_params, params = self._rank_sql(query, filters)
        where = ["(e.valid_from IS NULL OR e.valid_from <= %s)",
                 "(e.valid_until IS NULL OR e.valid_until > %s)", "NOT e.superseded", condition]
        params = [filters.on, filters.on, *params]
        if filters.game_id is not None:
            where.append("e.game_id = %s")
            params.append(filters.game_id)
        if filters.document_id is not None:
            where.append("e.document_id = %s")
            params.append(filters.document_id)
        sql = (f"SELECT e.id, e.clause_id, {score} AS score "
               "FROM rulebook_searchentry AS e WHERE " + " AND ".join(where)
               + " ORDER BY score DESC, e.id ASC LIMIT %s")
        with connection.cursor() as cursor:
            cursor.execute(sql, [*rank_params, *params, limit])
            return [tuple(row) for row in cursor.fetchall()]

    def _ranked_then_filtered(self, query, filters, limit):
        """The best ``2 × limit`` rows of the narrow table (:data:`RANK_TABLE`,
        the same vectors, scored and ordered as :meth:`_ranked` scores and
        orders them), then those of their entries in force on the date, in
        one query (as many as before); ``None`` when fewer than ``limit``
        remain of a full ``2 × limit`` (rows beyond them might be the next
        ones in force).

        The best rows are those whose heading names the query (found by the
        heading's own index, each with the bonus), then the best of every
        match by ``ts_rank`` alone: an entry in both keeps its larger score
        (the bonus).  The best ``2 × limit`` matches by ``ts_rank`` hold the
        best of those without such a heading, as many as are needed: the
        same rows and scores as testing every match's heading."""
        fetch = limit * 2
        score, condition, rank_params, params = self._rank_sql(query, filters, "none")
        bonus, named, bonus_params, named_params = self._rank_sql(query, filters, "named")
        ranked_sql = (
            "SELECT u.entry_id, max(u.score) AS score FROM ("
            f"(SELECT e.entry_id, {bonus} AS score FROM {RANK_TABLE} AS e WHERE {named} "
            "ORDER BY score DESC, e.entry_id ASC LIMIT %s) UNION ALL "
            f"(SELECT e.entry_id, {score} AS score FROM {RANK_TABLE} AS e WHERE {condition} "
            "ORDER BY score DESC, e.entry_id ASC LIMIT %s)) AS u "
            "GROUP BY u.entry_id ORDER BY score DESC, u.entry_id ASC LIMIT %s")
        # every ranked row, its entry's clause where the entry is in force on the date
        sql = (f"SELECT r.entry_id, e.clause_id, r.score FROM ({ranked_sql}) AS r "
               "LEFT JOIN rulebook_searchentry AS e ON e.id = r.entry_id "
               "AND (e.valid_from IS NULL OR e.valid_from <= %s) "
               "AND (e.valid_until IS NULL OR e.valid_until > %s) AND NOT e.superseded "
               "ORDER BY r.score DESC, r.entry_id ASC")
        with connection.cursor() as cursor:
            cursor.execute(sql, [*bonus_params, *named_params, fetch, *rank_params, *params,
                                 fetch, fetch, filters.on, filters.on])
            ranked = cursor.fetchall()
        rows = [tuple(row) for row in ranked if row[1] is not None]
        if len(rows) < limit and len(ranked) == fetch:
            return None  # too many rows out of force on that date: rank through the entries
        return rows[:limit]

    def write_rulings(self, entries) -> None:
        """Store each ruling entry's weighted tsvector in its language's
        configuration: the question weighted A, the answer B."""
        rows = []
        for entry in entries:
            config = STEMMERS.get(entry.language, "simple")
            rows.append((config, fold(index_text(entry.question, entry.language)), config,
                         fold(index_text(entry.answer, entry.language)), entry.pk))
        with connection.cursor() as cursor:
            cursor.executemany(
                "UPDATE rulebook_rulingsearchentry SET vector = "
                "setweight(to_tsvector(%s::regconfig, %s), 'A') || "
                "setweight(to_tsvector(%s::regconfig, %s), 'B') WHERE id = %s", rows)

    def match_rulings(self, query, filters, limit):
        """ts_rank on the stored vectors as for clauses (each language with
        its configuration), without the heading bonus."""
        raw = self.tsquery(query)
        conditions, ranks, params, rank_params = [], [], [], []
        for language in filters.languages:
            config = STEMMERS.get(language, "simple")
            conditions.append("(e.language = %s AND e.vector @@ to_tsquery(%s::regconfig, %s))")
            params += [language, config, raw]
            ranks.append("WHEN e.language = %s THEN ts_rank(('{0.1,0.2,0.4,1.0}'::float8[])"
                         "::float4[], e.vector, to_tsquery(%s::regconfig, %s), 1)")
            rank_params += [language, config, raw]
        where, filter_params = _ruling_filters(filters)
        sql = ("SELECT e.id, e.ruling_id, CASE " + " ".join(ranks) + " ELSE NULL END AS score "
               "FROM rulebook_rulingsearchentry AS e WHERE " + " AND ".join(where)
               + " AND (" + " OR ".join(conditions) + ") ORDER BY score DESC, e.id ASC LIMIT %s")
        with connection.cursor() as cursor:
            cursor.execute(sql, [*rank_params, *filter_params, *params, limit])
            return [tuple(row) for row in cursor.fetchall()]


def backend() -> Backend:
    """Return the backend for the default database's vendor.

    :raises ImproperlyConfigured: for a database other than SQLite or PostgreSQL.
    """
    if connection.vendor == "sqlite":
        return SQLiteBackend()
    if connection.vendor == "postgresql":
        return PostgreSQLBackend()
    raise ImproperlyConfigured(f"no search backend for {connection.vendor}; use SQLite or "
                               "PostgreSQL")
