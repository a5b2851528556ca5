"""The glossaries as synonyms across languages.

Each glossary term (:class:`rulebook.models.GlossaryTerm`) has spellings in
German, Russian and English; a query that contains one of them also finds
texts that use any other — "карта бога-хранителя" finds the clauses that say
"Schutzgottkarte", and "Schutzgottkarte" the Russian and English texts.

:func:`synonym_table` maps each spelling (as a tuple of folded words) to
every spelling of its term, cached per process and rebuilt when a glossary
term changes (the generation in Django's cache that
:func:`rulebook.references.glossary.glossary_changed` raises) or after
:data:`TABLE_TTL` seconds.
"""

from __future__ import annotations


from django.conf import settings

from rulebook.caching.process import ProcessIndex
from rulebook.search.text import tokens

#: Raised (in Django's cache) whenever a glossary term is saved or deleted.
GENERATION_KEY = "rulebook:glossary:generation"
TABLE_TTL = 60.0
#: Most words of one spelling looked for in a query.
MAX_SPELLING_WORDS = 4
_LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)

Spelling = tuple[str, ...]
_CACHE: ProcessIndex[dict] = ProcessIndex(GENERATION_KEY, TABLE_TTL)


def build_table(terms) -> dict[Spelling, tuple[Spelling, ...]]:
    """Map each spelling of ``terms`` (GlossaryTerm rows) to all spellings of its term.

    A spelling shared by two terms maps to the spellings of both.
    """
    table: dict[Spelling, set[Spelling]] = {}
    for term in terms:
        spellings = {tuple(tokens(value)) for code in _LANGUAGES
                     for value in term.spellings(code)}
        spellings = {s for s in spellings if s and len(s) <= MAX_SPELLING_WORDS}
        for spelling in spellings:
            table.setdefault(spelling, set()).update(spellings)
    return {key: tuple(sorted(values)) for key, values in table.items()}


def synonym_table() -> dict[Spelling, tuple[Spelling, ...]]:
    """The (cached) synonym table of every game's glossary."""
    from rulebook.models import GlossaryTerm

    return _CACHE.get("table", lambda: build_table(GlossaryTerm.objects.all()))


def find_spans(words: tuple[str, ...], table: dict) -> list[tuple[int, int, tuple[Spelling, ...]]]:
    """Non-overlapping ``(start, end, synonyms)`` of glossary spellings in
    ``words``, longest match first from the left.

    >>> find_spans(("die", "schutzgottkarte"), {("schutzgottkarte",): (("x",),)})
    [(1, 2, (('x',),))]
    """
    spans = []
    i = 0
    while i < len(words):
        for length in range(min(MAX_SPELLING_WORDS, len(words) - i), 0, -1):
            synonyms = table.get(tuple(words[i:i + length]))
            if synonyms:
                spans.append((i, i + length, synonyms))
                i += length
                break
        else:
            i += 1
    return spans
