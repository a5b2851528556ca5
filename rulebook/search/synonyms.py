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

A glossary is a game's: :func:`spelling_scopes` says, per spelling, which
games' terms it spells and in which language, so that a clause found only
through a synonym is kept only where the term is its game's, and not where
the typed spelling is in the clause's original language (an original that
does not use the term it would have used as typed; see :func:`in_scope`).
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


Scope = frozenset[tuple[int, str]]


def build_scopes(terms) -> dict[Spelling, Scope]:
    """Map each spelling of ``terms`` (GlossaryTerm rows) to the
    ``(game id, language)`` pairs of the terms it spells.

    A spelling two games' glossaries share has both games' pairs.
    """
    scopes: dict[Spelling, set[tuple[int, str]]] = {}
    for term in terms:
        for code in _LANGUAGES:
            for value in term.spellings(code):
                spelling = tuple(tokens(value))
                if spelling and len(spelling) <= MAX_SPELLING_WORDS:
                    scopes.setdefault(spelling, set()).add((term.game_id, code))
    return {key: frozenset(values) for key, values in scopes.items()}


def spelling_scopes() -> dict[Spelling, Scope]:
    """The (cached) scopes of every game's glossary spellings (:func:`build_scopes`)."""
    from rulebook.models import GlossaryTerm

    return _CACHE.get("scopes", lambda: build_scopes(GlossaryTerm.objects.only(
        "game_id", *[f"{kind}_{code}" for kind in ("term", "variants")
                     for code in _LANGUAGES])))


def in_scope(senses: tuple[Scope, ...], game_id: int, original: str,
             searched=_LANGUAGES) -> bool:
    """Whether a clause of game ``game_id`` whose original is in ``original``
    may be a hit found only through glossary synonyms, ``senses`` being the
    scopes of the glossary spellings the query typed: each spelling must be
    a term of the clause's game, and not in the original's language when
    the original was searched (``searched``: the languages searched) — an
    original searched that does not match as typed does not use the term.

    >>> senses = (frozenset({(2, "ru")}),)  # a Russian spelling of a term of game 2
    >>> in_scope(senses, 3, "de"), in_scope(senses, 2, "ru"), in_scope(senses, 2, "de")
    (False, False, True)
    >>> in_scope(senses, 2, "ru", searched=("de",)), in_scope((), 3, "de")
    (True, True)
    """
    for scope in senses:
        languages = {language for game, language in scope if game == game_id}
        if not languages or (original in languages and original in searched):
            return False
    return True


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
