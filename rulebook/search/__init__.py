"""Search of the rule texts: one interface, a backend per database.

:func:`search` finds the clauses whose text in force on a date contains
every word of a query in any inflection (Snowball stemming per language,
case- and accent-insensitive), best first.  :func:`find_keys` answers a
query that is a clause key ("107.2", "Ziel ¶3.2").  The index is kept in
step with published versions by :mod:`rulebook.search.indexing`; the
backends (SQLite FTS5, PostgreSQL full-text search) live in
:mod:`rulebook.search.backends`.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone
from django.utils.safestring import SafeString

from rulebook.search.backends import Filters, Query, backend
from rulebook.search.excerpts import excerpt
from rulebook.search.keys import KeyMatch, find_keys
from rulebook.search.text import clean_query

__all__ = ["Hit", "KeyMatch", "find_keys", "search", "clean_query"]

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


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
           on: datetime.date | None = None, limit: int = 50) -> list[Hit]:
    """Return up to ``limit`` clauses matching ``query``, best first.

    ``language`` restricts to texts in that language (else all); ``game`` /
    ``document`` (model instances) restrict the scope; ``on`` is the date
    whose texts in force are searched (default today).  Any string is a
    valid query: operators, quotes and punctuation are ignored, so a query
    without words returns ``[]``.  One hit per clause, in its best-matching
    language.
    """
    from rulebook.search.models import SearchEntry

    parsed = Query.parse(clean_query(query))
    if not parsed.words:
        return []
    languages = (language,) if language in LANGUAGES else LANGUAGES
    filters = Filters(languages, on or timezone.localdate(),
                      game.pk if game is not None else None,
                      document.pk if document is not None else None)
    matches = backend().match(parsed, filters, limit * 3)
    scores = dict(matches)
    entries = SearchEntry.objects.filter(pk__in=scores).select_related(
        "version", "clause__section", "clause__document__game")
    best: dict[int, SearchEntry] = {}
    for entry in sorted(entries, key=lambda e: (-scores[e.pk], e.pk)):
        best.setdefault(entry.clause_id, entry)
    hits = []
    for entry in list(best.values())[:limit]:
        entry.version.clause = entry.clause
        hits.append(Hit(entry.clause, entry.version, entry.language, entry.title,
                        excerpt(entry.body, parsed, entry.language), scores[entry.pk]))
    return hits
