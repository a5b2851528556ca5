"""Which language of a clause a hit shows.

A clause is indexed once per language that has its text (the original and
its translations); a query may match several of them — as typed, or only
through a glossary synonym ("Ziel" matches the English "target").  A hit
shows the reader's language where it matches the words as typed, else the
original where it does ("Ziel" on the English site shows the German
original the reader quotes), else the reader's language, the original, or
the best-matching text, in that order (:func:`choose`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rulebook.search.backends import PREFIX_MIN, Query, index_text
from rulebook.search.text import STEMMERS, stem, tokens


def _stems(word: str) -> set[str]:
    """``word``'s stems in every language (as the SQLite index query has them)."""
    return {stem([word], language)[0] for language in STEMMERS}


def _word_found(word: str, words: set[str], language: str, prefix: bool) -> bool:
    """Whether a word of ``words`` (folded, of a text in ``language``)
    matches the query word ``word`` as the index does: its stem is one of
    ``word``'s stems or, for a stem of :data:`PREFIX_MIN` letters or more,
    starts with it; or (``prefix``: the unfinished last word) it starts with
    ``word``.  Only words that start like a stem are stemmed."""
    stems = _stems(word)
    heads = tuple({item[:3] for item in stems} | ({word[:3]} if prefix else set()))
    candidates = [w for w in words if w.startswith(heads)]
    if not candidates:
        return False
    if prefix and any(w.startswith(word) for w in candidates):
        return True
    long = tuple(item for item in stems if len(item) >= PREFIX_MIN)
    return any(item in stems or (long and item.startswith(long))
               for item in stem(candidates, language))


def _phrase_found(phrase: tuple[str, ...], stemmed: list[str]) -> bool:
    """Whether ``phrase``'s stems in some language occur in ``stemmed``
    (a text's stems in order) adjacent and in order."""
    width = len(phrase)
    for language in STEMMERS:
        wanted = stem(list(phrase), language)
        if any(stemmed[i:i + width] == wanted for i in range(len(stemmed) - width + 1)):
            return True
    return False


def typed_match(text: str, query: Query, language: str) -> bool:
    """Whether ``text`` (plain text in ``language``) matches ``query`` as
    typed: every group of ``query.own`` (no glossary synonyms) by one of its
    alternatives, and every phrase.

    >>> query = Query.parse("Ziel", {"ziel": (("target",),)})
    >>> typed_match("A valid target", query, "en"), typed_match("Ein gültiges Ziel", query, "de")
    (False, True)
    >>> typed_match("Das Ziel ist gültig", Query.parse('"gültiges Ziel"', {}), "de")
    False
    """
    folded = tokens(index_text(text, language))
    words = set(folded)
    last = query.words[-1] if query.prefix and query.words else None
    groups = query.own or query.term_groups()
    for group in groups:
        if not any(all(_word_found(word, words, language, word == last and len(word) >= 3)
                       for word in alternative) for alternative in group):
            return False
    if query.phrases:
        stemmed = stem(folded, language)
        return all(_phrase_found(phrase, stemmed) for phrase in query.phrases)
    return True


def choose(found: Sequence, language_of: Callable, text_of: Callable, query: Query,
           prefer: str, original: str):
    """The one of ``found`` (a clause's matching entries, best first) that
    its hit shows: in ``prefer`` (the reader's language) when it matches as
    typed (:func:`typed_match`), else in ``original`` (the original's
    language) when that does, else in ``prefer``, in ``original``, or the
    first.  ``language_of(item)`` and ``text_of(item)`` read an item's
    language and plain text (only when needed)."""
    if len(found) == 1:
        return found[0]
    by_language = {}
    for item in found:
        by_language.setdefault(language_of(item), item)
    candidates = [by_language[code] for code in dict.fromkeys((prefer, original))
                  if code in by_language]
    for item in candidates:
        if typed_match(text_of(item), query, language_of(item)):
            return item
    return candidates[0] if candidates else found[0]
