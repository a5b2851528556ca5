"""Highlighted excerpts of a hit: escape first, then mark.

The plain text is split into words and the gaps between them; a word is
marked when its stem (in the entry's language) is one of the query's stems
or starts with the unfinished last word.  Every piece of text is
HTML-escaped before ``<mark>`` is put around it, so the excerpt is safe
whatever the clause text or the query contain.  An icon token in the text
(``{icon:crisis}``) is shown by its name in the reader's language, as the
clause page shows it (:func:`rulebook.search.text.icon_label`), and is
never a word of its own.
"""

from __future__ import annotations

import html
import re
from itertools import islice

from django.utils.safestring import SafeString, mark_safe

from rulebook.search.backends import PREFIX_MIN, Query
from rulebook.search.text import ICON, fold, icon_label, stem

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


class _Matcher(dict):
    """Tells whether a word matches the query, as the index does: it starts
    with a query stem of :data:`PREFIX_MIN` letters or more, or its own stem
    is a shorter query stem (only such candidates are stemmed).

    ``matcher[word]`` is ``True`` or ``False``; the answer is remembered (a
    dictionary of the words seen: the excerpts of one search repeat words,
    and a word seen before is answered without a Python call).
    """

    def __init__(self, query: Query, language: str):
        super().__init__()
        # Every word of every alternative: compound parts and glossary synonyms too.
        words = list(query.all_words())
        wanted: set[str] = set(stem(words, language))
        self.long = tuple(w for w in wanted if len(w) >= PREFIX_MIN)
        if query.prefix and query.words and len(query.words[-1]) >= 3:
            self.long += (query.words[-1],)
        self.short = {w for w in wanted if len(w) < PREFIX_MIN} | set(words)
        self.short_prefixes = tuple(self.short)
        # What every matching word starts with (a short word is its own prefix).
        self.prefixes = self.long + self.short_prefixes
        self.language = language

    def __missing__(self, word: str) -> bool:
        found = self[word] = self._matches(word)
        return found

    def _matches(self, word: str) -> bool:
        folded = fold(word)
        if not folded.startswith(self.prefixes):
            return False
        if self.long and folded.startswith(self.long):
            return True
        if folded in self.short:
            return True
        return bool(self.short_prefixes) and folded.startswith(self.short_prefixes) and \
            stem([folded], self.language)[0] in self.short


def _escaped(text: str) -> str:
    """``text`` HTML-escaped, its icon tokens by their names ("[icon: crisis symbol]")."""
    pieces, position = [], 0
    for icon in ICON.finditer(text):
        pieces.append(html.escape(text[position:icon.start()]))
        pieces.append(html.escape(f"[{icon_label(icon.group(1))}]"))
        position = icon.end()
    pieces.append(html.escape(text[position:]))
    return "".join(pieces)


def _words(text: str, icons: list[tuple[int, int]]):
    """The words of ``text`` (match objects, in order), lazily; the words
    inside an icon token (``icons``: their spans) are not words of the text."""
    words = _WORD.finditer(text)
    if not icons:
        return words
    return (word for word in words
            if not any(start <= word.start() < end for start, end in icons))


def excerpt(text: str, query: Query, language: str, width: int = 32,
            matchers: dict | None = None) -> SafeString:
    """Return about ``width`` words of ``text`` around the first match, the
    matching words in ``<mark>``, HTML-escaped, icon tokens named.
    ``matchers`` (language → matcher of ``query``), when given, is shared by
    the excerpts of one search.

    >>> str(excerpt("Die <b>Schutzgottkarte</b> und der Schutzgott", Query(("schutzgottes",), False), "de"))
    'Die &lt;b&gt;<mark>Schutzgottkarte</mark>&lt;/b&gt; und der <mark>Schutzgott</mark>'
    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     str(excerpt("Das Krisensymbol ({icon:crisis})", Query(("krise",), False), "de"))
    'Das <mark>Krisensymbol</mark> ([icon: crisis symbol])'
    """
    icons = [icon.span() for icon in ICON.finditer(text)]
    # The words are read as far as the excerpt needs them: to the first
    # match, then to one word past the excerpt's end (is there more text?).
    unread = _words(text, icons)
    words = list(islice(unread, 1))
    if not words:
        return mark_safe(_escaped(text[:200]))
    matches = matchers.get(language) if matchers is not None else None
    if matches is None:
        matches = _Matcher(query, language)
        if matchers is not None:
            matchers[language] = matches
    first = 0 if matches[words[0].group(0)] else None
    if first is None:
        for word in unread:
            words.append(word)
            if matches[word.group(0)]:
                first = len(words) - 1
                break
    start_word = max(0, (first or 0) - width // 3)
    words.extend(islice(unread, max(0, start_word + width + 1 - len(words))))
    end_word = min(len(words), start_word + width)
    start = words[start_word].start() if start_word else 0
    end = words[end_word - 1].end() if end_word < len(words) else len(text)
    escaped = _escaped if icons else html.escape
    pieces = ["… " if start_word else ""]
    position = start
    if first is not None:
        for i in range(first, end_word):
            word = words[i]
            found = word.group(0)
            if i == first or matches[found]:
                pieces.append(escaped(text[position:word.start()]))
                pieces.append(f"<mark>{html.escape(found)}</mark>")
                position = word.end()
    pieces.append(escaped(text[position:end]))
    if end_word < len(words):
        pieces.append(" …")
    return mark_safe("".join(pieces))
