"""Highlighted excerpts of a hit: escape first, then mark.

The plain text is split into words and the gaps between them; a word is
marked when its stem (in the entry's language) is one of the query's stems
or starts with the unfinished last word.  Every piece of text is
HTML-escaped before ``<mark>`` is put around it, so the excerpt is safe
whatever the clause text or the query contain.
"""

from __future__ import annotations

import html
import re

from django.utils.safestring import SafeString, mark_safe

from rulebook.search.backends import PREFIX_MIN, Query
from rulebook.search.text import fold, stem

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def _marked(words: list[re.Match], query: Query, language: str) -> set[int]:
    wanted = set()
    for variants in query.stems([language]):
        wanted |= variants
    folded = [fold(w.group(0)) for w in words]
    stems = stem(folded, language)
    prefixes = tuple(w for w in wanted if len(w) >= PREFIX_MIN)
    if query.prefix and query.words and len(query.words[-1]) >= 3:
        prefixes += (query.words[-1],)
    return {i for i, (f, s) in enumerate(zip(folded, stems))
            if s in wanted or f in query.words or (prefixes and f.startswith(prefixes))}


def excerpt(text: str, query: Query, language: str, width: int = 32) -> SafeString:
    """Return about ``width`` words of ``text`` around the first match, the
    matching words in ``<mark>``, HTML-escaped.

    >>> str(excerpt("Die <b>Schutzgottkarte</b> und der Schutzgott", Query(("schutzgottes",), False), "de"))
    'Die &lt;b&gt;<mark>Schutzgottkarte</mark>&lt;/b&gt; und der <mark>Schutzgott</mark>'
    """
    words = list(_WORD.finditer(text))
    if not words:
        return mark_safe(html.escape(text[:200]))
    marked = _marked(words, query, language)
    first = min(marked) if marked else 0
    start_word = max(0, first - width // 3)
    end_word = min(len(words), start_word + width)
    start = words[start_word].start() if start_word else 0
    end = words[end_word - 1].end() if end_word < len(words) else len(text)
    pieces = ["… " if start_word else ""]
    position = start
    for i in range(start_word, end_word):
        word = words[i]
        pieces.append(html.escape(text[position:word.start()]))
        if i in marked:
            pieces.append(f"<mark>{html.escape(word.group(0))}</mark>")
        else:
            pieces.append(html.escape(word.group(0)))
        position = word.end()
    pieces.append(html.escape(text[position:end]))
    if end_word < len(words):
        pieces.append(" …")
    return mark_safe("".join(pieces))
