"""Text preparation shared by the search backends: folding, tokens, stems.

Both the index and every query pass through the same steps, so a query
matches whatever inflection, case or accent the rule text uses:

1. :func:`fold` — case-fold, strip diacritics (``ä`` → ``a``, ``ё`` → ``е``)
   but keep ``й`` (a letter of its own in Russian, not an accented ``и``).
2. :func:`tokens` — runs of letters and digits; punctuation, quotes, FTS
   operators and control characters are separators, never syntax.
3. :func:`stem` — the Snowball stemmer of the text's language
   (snowballstemmer, accelerated by PyStemmer when installed).

Icons of the source that a text cannot show are tokens in it (:data:`ICON`):
the index leaves them out, and both the clause pages
(:func:`rulebook.references.rendering.icon_placeholder`) and the search
excerpts name them with :func:`icon_label`.
"""

from __future__ import annotations

import functools
import re
import unicodedata

import snowballstemmer
from django.utils.translation import gettext, gettext_lazy

#: Snowball algorithm and PostgreSQL text search configuration per language.
STEMMERS = {"de": "german", "ru": "russian", "en": "english"}

#: Longest query the site looks at, in characters; the rest is ignored.
MAX_QUERY_LENGTH = 200
#: Most words of a query that are searched for.
MAX_QUERY_TOKENS = 12

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)

#: An icon of the source that the text cannot show: ``{icon}`` (the source
#: does not say which) or ``{icon:<name>}`` (a named one, e.g. ``{icon:crisis}``).
ICON = re.compile(r"\{icon(?::([a-z][a-z0-9-]*))?\}")
#: Names of the icons, in the reader's language.
ICON_NAMES = {"crisis": gettext_lazy("crisis symbol")}
_KEEP = {"й": "й", "Й": "й"}


@functools.lru_cache(maxsize=4096)
def _fold_char(char: str) -> str:
    if char in _KEEP:
        return _KEEP[char]
    decomposed = unicodedata.normalize("NFKD", char)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# Latin and Cyrillic letters with diacritics → base letters, applied with
# str.translate (C speed); other scripts take the per-character path.
_TABLE = {code: _fold_char(chr(code)) for code in range(0xC0, 0x500)
          if _fold_char(chr(code)) != chr(code)}
_BEYOND_TABLE = re.compile("[^\x00-\u04ff]")


def fold(text: str) -> str:
    """Return ``text`` case-folded and without diacritics (``й`` kept).

    >>> fold("Fähigkeit Ёлка ЛЕТАЮЩИЙ")
    'fahigkeit елка летающий'
    >>> fold("Ṩ ǅ")  # beyond the table: character by character
    's dz'
    """
    text = text.casefold()
    if text.isascii():
        return text
    if _BEYOND_TABLE.search(text):
        return "".join(_fold_char(c) for c in text)
    return text.translate(_TABLE)


def tokens(text: str) -> list[str]:
    """Split folded ``text`` into words (letters and digits only).

    >>> tokens('"Schutzgott" NEAR(a*) 107.2')
    ['schutzgott', 'near', 'a', '107', '2']
    """
    return _TOKEN.findall(fold(text))


def icon_label(name: str | None) -> str:
    """What the placeholder of icon ``name`` (``None``: an icon the source
    does not name) says, in the reader's language.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     icon_label("crisis"), icon_label(None)
    ('icon: crisis symbol', 'icon not reproduced in the source')
    """
    if name:
        return gettext("icon: %(name)s") % {"name": ICON_NAMES.get(name, name)}
    return gettext("icon not reproduced in the source")


@functools.lru_cache(maxsize=8)
def _stemmer(language: str):
    return snowballstemmer.stemmer(STEMMERS[language])


def stem(words: list[str], language: str) -> list[str]:
    """Stem folded ``words`` with the Snowball stemmer of ``language``.

    Languages without a stemmer leave the words as they are.

    >>> stem(["schutzgottes", "karten"], "de")
    ['schutzgott', 'kart']
    >>> stem(["летающих", "летающим"], "ru")
    ['лета', 'лета']
    """
    if language not in STEMMERS:
        return list(words)
    return _stemmer(language).stemWords(words)


def stemmed_text(text: str, language: str) -> str:
    """Return the stems of ``text`` joined by spaces (what the index holds)."""
    return " ".join(stem(tokens(text), language))


def clean_query(raw: str) -> str:
    """Return a query as the site uses it: NUL and control characters
    removed, whitespace collapsed, cut to :data:`MAX_QUERY_LENGTH`.

    >>> clean_query("  a\\x00b\\n  c ")
    'ab c'
    """
    raw = "".join(c for c in raw[: MAX_QUERY_LENGTH * 4]
                  if c.isprintable() or c.isspace())
    return " ".join(raw.split())[:MAX_QUERY_LENGTH]
