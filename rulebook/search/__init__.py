"""Search of the rule texts: one interface, a backend per database.

:func:`search` finds the clauses whose text in force on a date contains
every word of a query in any inflection (Snowball stemming per language,
case- and accent-insensitive), best first.  :func:`find_keys` answers a
query that is a clause key ("107.2", "Ziel ¶3.2").  The index is kept in
step with published versions by :mod:`rulebook.search.indexing`; the
backends (SQLite FTS5, PostgreSQL full-text search) live in
:mod:`rulebook.search.backends`.

May import: :mod:`rulebook.models` and :mod:`rulebook.caching` (the
results page).  Must not import the other rooms (reading, versioning,
calculator, importing); they may import it.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from rulebook.caching.prepared import Ids, PreparedQuery
from rulebook.search.backends import Filters, Query, backend
from rulebook.search.excerpts import excerpt
from rulebook.search.indexing import plain_text
from rulebook.search.keys import KeyMatch, find_keys
from rulebook.search.text import clean_query

__all__ = ["Hit", "KeyMatch", "find_keys", "search", "clean_query"]

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)
# Columns a results page needs (loading whole rows costs more than the search).
_FIELDS = ["language", "title", "clause_id", "version_id",
           "version__number", "version__effective_date", "version__clause_id",
           # The excerpt's text: the body with the icon tokens it leaves out.
           *[f"version__text_{code}" for code in LANGUAGES],
           "clause__key", "clause__label", "clause__depth", "clause__position",
           "clause__section_id", "clause__document_id",
           "clause__section__slug", "clause__section__number", "clause__section__document_id",
           *[f"clause__section__heading_{code}" for code in LANGUAGES],
           "clause__document__slug", "clause__document__language", "clause__document__number",
           "clause__document__game_id", "clause__document__position",
           *[f"clause__document__title_{code}" for code in LANGUAGES],
           "clause__document__game__slug",
           *[f"clause__document__game__name_{code}" for code in LANGUAGES]]


def _entries(ids):
    """The search entries ``ids`` with what a results page shows of their
    versions, clauses, sections, documents and games."""
    from rulebook.models.search import SearchEntry

    return SearchEntry.objects.filter(pk__in=ids).select_related(
        "version", "clause__section", "clause__document__game").only(*_FIELDS)


# Compiled once per process (see rulebook.caching.prepared); a search reads
# at most 4 × its limit entries.
_ENTRIES = PreparedQuery(_entries, ids=Ids(100))


@dataclass(frozen=True)
class Hit:
    """A clause whose text matches: the version in force, the language of
    the matching text, its title, a highlighted excerpt (safe HTML) and a
    relevance score (higher is better; comparable within one search)."""

    clause: object
    version: object
    language: str
    title: str
    excerpt: SafeString
    score: float


def search(query: str, *, language: str | None = None, game=None, document=None,
           on: datetime.date | None = None, limit: int = 25,
           prefer: str | None = None) -> list[Hit]:
    """Return up to ``limit`` clauses matching ``query``, best first.

    ``language`` restricts to texts in that language (else all); ``game`` /
    ``document`` (model instances) restrict the scope; ``on`` is the date
    whose texts in force are searched (default today).  Any string is a
    valid query: operators, quotes and punctuation are ignored, so a query
    without words returns ``[]``.  One hit per clause: its text in
    ``prefer`` (default the active language, the reader's) when that text
    matches too, else its best-matching language; clauses are ordered by
    their best match.
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
    matches: dict[int, list[tuple[int, float]]] = {}
    for entry_id, clause_id, score in backend().match(parsed, filters, limit * 4):
        if clause_id in matches:
            matches[clause_id].append((entry_id, score))
        elif len(matches) < limit:
            matches[clause_id] = [(entry_id, score)]
    if not matches:
        return []
    entries = _ENTRIES(ids=[e for found in matches.values() for e, _s in found])
    by_id = {entry.pk: entry for entry in entries}
    hits = []
    matchers: dict = {}  # one per language, shared by the excerpts
    for found in matches.values():
        entry_id, score = next(((e, s) for e, s in found if by_id[e].language == prefer),
                               found[0])
        entry = by_id[entry_id]
        entry.version.clause = entry.clause
        # The section's heading is localised by its document's language: the
        # clause's document, already read (no query per hit).
        entry.clause.section.document = entry.clause.document
        text = plain_text(getattr(entry.version, f"text_{entry.language}"), icons=True)
        hits.append(Hit(entry.clause, entry.version, entry.language, entry.title,
                        excerpt(text, parsed, entry.language, matchers=matchers),
                        found[0][1]))
    return hits
