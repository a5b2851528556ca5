"""Search of the rule texts: one interface, a backend per database.

:func:`search` finds the clauses whose text in force on a date contains
every word of a query in any inflection (Snowball stemming per language,
case- and accent-insensitive), best first.  :func:`find_keys` answers a
query that is a clause key ("107.2", "Ziel ¶3.2").  The question and answer
of published official rulings are searched the same way, on the ruling's
date and later; their hits have ``kind == "ruling"`` and never come before
a clause whose heading the query names.  The index is kept in
step with published versions by :mod:`rulebook.search.indexing`; the
backends (SQLite FTS5, PostgreSQL full-text search) live in
:mod:`rulebook.search.backends`, the speed-ups and what each trades in
:mod:`rulebook.search.speed`.

May import: :mod:`rulebook.models` and :mod:`rulebook.caching` (the
results page).  Must not import the other rooms (reading, versioning,
calculator, importing); they may import it.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS
from django.db.models import DEFERRED
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from rulebook.caching.prepared import Ids, PreparedQuery
from rulebook.search.backends import HEADING_BONUS, Filters, Query, backend
from rulebook.search.excerpts import excerpt
from rulebook.search.indexing import plain_text, rulings_indexed
from rulebook.search.keys import KeyMatch, find_keys
from rulebook.search.languages import choose, typed_match
from rulebook.search.synonyms import in_scope
from rulebook.search.text import clean_query

__all__ = ["Hit", "KeyMatch", "find_keys", "search", "clean_query"]

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)
# What a results page shows of each hit's objects: (relation from the search
# entry, the fields read besides the id).  Loading whole rows costs more
# than the search; the excerpt's text is the version's text, with the icon
# tokens the index body leaves out.
_SHOWN = (
    ("version", ("number", "effective_date", "clause_id",
                 *[f"text_{code}" for code in LANGUAGES])),
    ("clause", ("key", "label", "depth", "position", "section_id", "document_id")),
    ("clause__section", ("slug", "number", "document_id",
                         *[f"heading_{code}" for code in LANGUAGES])),
    ("clause__document", ("slug", "language", "number", "game_id", "position",
                          *[f"title_{code}" for code in LANGUAGES])),
    ("clause__document__game", ("slug", *[f"name_{code}" for code in LANGUAGES])),
)


@lru_cache(maxsize=1)
def _shown() -> tuple[tuple[type, tuple[str, ...]], ...]:
    """Each relation of :data:`_SHOWN` as (model, field names with the id
    first, in the model's column order — the order ``Model.from_db`` reads)."""
    from rulebook.models.search import SearchEntry

    shown = []
    for relation, names in _SHOWN:
        model = SearchEntry
        for step in relation.split("__"):
            model = model._meta.get_field(step).related_model
        wanted = {"id", *names}
        shown.append((model, tuple(field.attname for field in model._meta.concrete_fields
                                   if field.attname in wanted)))
    return tuple(shown)


@lru_cache(maxsize=1)
def _builders() -> tuple[tuple[type, tuple[str, ...], int, itemgetter], ...]:
    """Per object of :func:`_shown`: (model, its field names, the row
    position of its id, a getter of all its column values from a row with
    :data:`~django.db.models.DEFERRED` appended — the read fields from the
    row, the others deferred).  ``Model.from_db`` given a value per column
    builds the object as it would from the read fields alone."""
    builders = []
    position = 3  # after the entry's id, language and title
    for model, names in _shown():
        columns = [field.attname for field in model._meta.concrete_fields]
        at = {name: position + offset for offset, name in enumerate(names)}
        # -1: the DEFERRED appended to the row
        getter = itemgetter(*(at.get(column, -1) for column in columns))
        builders.append((model, names, at["id"], getter))
        position += len(names)
    return tuple(builders)


@lru_cache(maxsize=1)
def _relations() -> tuple:
    """The foreign keys :func:`_read_entries` fills (the version's clause, the
    clause's section and document, the section's document, the document's
    game), whose cache it sets as ``select_related`` does."""
    from rulebook.models import Clause, ClauseVersion, Document, Section

    return tuple(model._meta.get_field(name) for model, name in (
        (ClauseVersion, "clause"), (Clause, "section"), (Clause, "document"),
        (Section, "document"), (Document, "game")))


def _entries(ids):
    """The search entries ``ids`` as rows: id, language, title, then each
    object of :data:`_SHOWN` (its id and fields, see :func:`_shown`), and
    last whether a published correction changed the heading of the
    clause's section, its document's title or its game's name (then the
    results page lays the names in force over them; else it need not read
    the corrections' changes at all)."""
    from django.db.models import Exists, OuterRef, Q

    from rulebook.models import StructureChange
    from rulebook.models.search import SearchEntry

    columns = ["id", "language", "title"]
    for (relation, _names), (_model, names) in zip(_SHOWN, _shown()):
        columns += [f"{relation}__{name}" for name in names]
    renamed = Exists(StructureChange.objects.published().filter(
        Q(section_id=OuterRef("clause__section_id")) | Q(document_id=OuterRef("document_id"))
        | Q(game_id=OuterRef("game_id"))))
    return (SearchEntry.objects.filter(pk__in=ids).annotate(renamed=renamed)
            .values_list(*columns, "renamed"))


# Compiled once per process (see rulebook.caching.prepared); a search reads
# at most 4 × its limit entries.
_ENTRIES = PreparedQuery(_entries, ids=Ids(100))


@dataclass(frozen=True)
class _Entry:
    """A search entry as a results page reads it: the matching text's
    language and title, the version and its clause (with section, document
    and game)."""

    language: str
    title: str
    version: object
    clause: object


def _read_entries(ids: list[int]) -> dict[int, _Entry]:
    """The entries ``ids`` by id.  A game, document, section or clause that
    several hits share is one object (built once, from the same row values
    the ORM would read), not one per hit; their relations are filled as
    ``select_related`` fills them (the related object cached, no query)."""
    builders = _builders()
    version_clause, clause_section, clause_document, section_document, document_game = \
        (field.set_cached_value for field in _relations())
    known: list[dict] = [{} for _ in builders]
    entries = {}
    for row in _ENTRIES(ids=ids):
        row = (*row, DEFERRED)
        objects = []
        for (model, names, id_at, values), built in zip(builders, known):
            obj = built.get(row[id_at])
            if obj is None:
                obj = built[row[id_at]] = model.from_db(DEFAULT_DB_ALIAS, names, values(row))
            objects.append(obj)
        version, clause, section, document, game = objects
        document_game(document, game)
        # The section's heading is localised by its document's language: the
        # clause's document, already read (no query per hit).
        section_document(section, document)
        clause_section(clause, section)
        clause_document(clause, document)
        version_clause(version, clause)
        # whether corrections renamed its section, document or game (the last column)
        clause.structure_changed = bool(row[-2])
        entries[row[0]] = _Entry(row[1], row[2], version, clause)
    return entries


@dataclass(frozen=True)
class Hit:
    """A clause whose text matches: the version in force, the language of
    the matching text, its title, a highlighted excerpt (safe HTML) and a
    relevance score (higher is better; comparable within one search).

    An official ruling's hit has ``kind`` ``"ruling"``, the ``ruling`` (its
    game loaded), ``status`` its status on the search's date
    (:meth:`~rulebook.models.Ruling.status_on`), no clause or version, and
    its question as ``title``; it is never rule text.
    """

    clause: object
    version: object
    language: str
    title: str
    excerpt: SafeString
    score: float
    kind: str = "clause"
    ruling: object = None
    status: str = ""


#: The highest score of a ruling's hit: below any clause whose heading names
#: the query (:data:`~rulebook.search.backends.HEADING_BONUS`).
RULING_SCORE_CEILING = HEADING_BONUS / 2
#: A superseded or withdrawn ruling's score is multiplied by this: it comes
#: after the current rulings that match as well.
FORMER_RULING_WEIGHT = 0.5


def _ruling_text(entry) -> str:
    """What a ruling's entry is matched against as typed, and excerpted: its
    question and answer."""
    return f"{entry.question} — {entry.answer}" if entry.question else entry.answer


def _ruling_hits(parsed: Query, filters: Filters, limit: int, prefer: str,
                 matchers: dict) -> list[Hit]:
    """Up to ``limit`` hits of published rulings matching ``parsed`` within
    ``filters``, best first: one per ruling, in the language
    :func:`~rulebook.search.languages.choose` picks (the reader's, else the
    publisher's original)."""
    from rulebook.models.search import RulingSearchEntry

    if not rulings_indexed():
        return []
    found: dict[int, list[tuple[int, float]]] = {}
    for entry_id, ruling_id, score in backend().match_rulings(parsed, filters, limit * 4):
        if ruling_id in found:
            found[ruling_id].append((entry_id, score))
        elif len(found) < limit:
            found[ruling_id] = [(entry_id, score)]
    if not found:
        return []
    by_id = RulingSearchEntry.objects.select_related(
        "ruling__game", "ruling__superseded_by__game",
        "ruling__superseded_by_correction__game").in_bulk(
        [e for rows in found.values() for e, _s in rows])
    hits = []
    for rows in found.values():
        entries = [by_id[e] for e, _s in rows]
        ruling = entries[0].ruling
        entry = choose(entries, _language_of, _ruling_text, parsed, prefer, ruling.language)
        status = ruling.status_on(filters.on)
        score = min(float(rows[0][1] or 0.0), RULING_SCORE_CEILING)
        if status != ruling.CURRENT:
            score *= FORMER_RULING_WEIGHT
        hits.append(Hit(None, None, entry.language, entry.question,
                        excerpt(_ruling_text(entry), parsed, entry.language, matchers=matchers),
                        score, kind="ruling", ruling=ruling, status=status))
    hits.sort(key=lambda hit: -hit.score)
    return hits


def _language_of(entry: _Entry) -> str:
    return entry.language


def _typed_text(entry: _Entry) -> str:
    """What an entry's text is matched against as typed
    (:func:`rulebook.search.languages.choose`): its title, its section's
    heading and its plain text, in its language."""
    heading = getattr(entry.clause.section, f"heading_{entry.language}", "") or ""
    version_text = getattr(entry.version, f"text_{entry.language}") or ""
    return f"{entry.title} {heading} {plain_text(version_text)}"


def _in_scope(entries: list[_Entry], parsed: Query, searched: tuple[str, ...]) -> bool:
    """Whether a clause (its matching ``entries``) is a hit of ``parsed``, a
    query that typed a glossary spelling: yes when one of its texts matches
    as typed, else only within the spellings' scope
    (:func:`rulebook.search.synonyms.in_scope`: a term of the clause's game,
    and not a spelling in its original's language where ``searched``, the
    languages searched, include it) — "стихия" (a Berserk
    term, "element" in English) does not find Marvel's "Spielelement" nor
    the English translation of a Berserk rule whose Russian original speaks
    of "элементы", not of "стихия"."""
    document = entries[0].clause.document
    # the scope first: it reads no text (a hit in scope needs no typed match)
    return (in_scope(parsed.senses, document.game_id, document.language, searched)
            or any(typed_match(_typed_text(entry), parsed, entry.language) for entry in entries))


def search(query: str, *, language: str | None = None, game=None, document=None,
           on: datetime.date | None = None, limit: int = 25,
           prefer: str | None = None) -> list[Hit]:
    """Return up to ``limit`` clauses matching ``query``, best first.

    ``language`` restricts to texts in that language (else all); ``game`` /
    ``document`` (model instances) restrict the scope; ``on`` is the date
    whose texts in force are searched (default today).  Any string is a
    valid query: operators and punctuation are ignored, so a query without
    words returns ``[]``; words in quotation marks are a phrase (adjacent,
    in order), a lone quotation mark is ignored.  Every language's texts
    are searched, the originals too.  One hit per clause: its text in
    ``prefer`` (default the active language, the reader's) when that text
    matches the words as typed, else the original's text when it does
    (see :mod:`rulebook.search.languages`); clauses are ordered by their
    best match, a clause whose heading the query names first.

    Published official rulings given by ``on`` whose question or answer
    matches are hits too (``kind == "ruling"``, see :class:`Hit`), ranked
    among the clauses by score but never before a clause whose heading
    the query names; the ``limit`` counts both.
    """
    parsed = Query.parse(clean_query(query))
    if not parsed.words:
        return []
    languages = (language,) if language in LANGUAGES else LANGUAGES
    prefer = (prefer or get_language() or "")[:2]
    filters = Filters(languages, on or timezone.localdate(),
                      game.pk if game is not None else None,
                      document.pk if document is not None else None)
    # clause id → [(entry id, score), …], best first; clauses in order of their best match
    # (when the query typed a glossary spelling, every clause found: some
    # may be out of the spelling's scope, see _in_scope)
    wanted = limit * 4 if parsed.senses else limit
    matches: dict[int, list[tuple[int, float]]] = {}
    for entry_id, clause_id, score in backend().match(parsed, filters, limit * 4):
        if clause_id in matches:
            matches[clause_id].append((entry_id, score))
        elif len(matches) < wanted:
            matches[clause_id] = [(entry_id, score)]
    matchers: dict = {}  # one per language, shared by the excerpts
    rulings = _ruling_hits(parsed, filters, limit, prefer, matchers)
    if not matches:
        return rulings
    by_id = _read_entries([e for found in matches.values() for e, _s in found])
    hits = []
    for found in matches.values():
        entries = [by_id[e] for e, _s in found]
        if parsed.senses and not _in_scope(entries, parsed, languages):
            continue
        if len(hits) == limit:
            break
        entry = choose(entries, _language_of, _typed_text, parsed, prefer,
                       entries[0].clause.document.language)
        text = plain_text(getattr(entry.version, f"text_{entry.language}"), icons=True)
        hits.append(Hit(entry.clause, entry.version, entry.language, entry.title,
                        excerpt(text, parsed, entry.language, matchers=matchers),
                        found[0][1]))
    if rulings:
        # stable: a clause stays before a ruling of the same score
        hits = sorted(hits + rulings, key=lambda hit: -hit.score)[:limit]
    return hits
