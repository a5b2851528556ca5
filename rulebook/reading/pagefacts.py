"""Facts a rule page states about the text it shows, computed from the
readings it has already loaded (no query of its own):

- which text: the reading date and the last change in force by then
  (:func:`last_change`), the line "Rules as in force on … · last changed …";
- in which language: whether the texts are the original shown in place of a
  missing translation (:func:`language_fallback`), stated once per page;
- how a clause is labelled inside its section (:func:`short_label`): "¶3"
  or "107.2", the full path staying in the title and breadcrumb;
- how a dated view keeps its date on every internal link
  (:func:`with_date`, :func:`links_with_date`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable
from urllib.parse import urlsplit

from django.conf import settings

from rulebook.models import Clause, ClauseVersion
from rulebook.reading.services import ClauseReading, SectionReading

_LANGUAGE_PREFIXES = tuple(f"/{code}/" for code, _name in settings.LANGUAGES)
_HREF = re.compile(r'href="(/[^"#?]*)(\?[^"#]*)?(#[^"]*)?"')


def _readings(items) -> Iterable[ClauseReading]:
    if isinstance(items, ClauseReading):
        items = [items]
    for item in items:
        if isinstance(item, SectionReading):
            yield from item.clauses
        elif isinstance(item, ClauseReading):
            yield item
        elif hasattr(item, "reading"):  # a side-by-side row
            yield item.reading


def last_change(items: Iterable) -> ClauseVersion | None:
    """The version with the latest effective date among the versions in
    force in ``items`` (section readings, clause readings or side-by-side
    rows); ``None`` when no version in force has a known date.

    >>> last_change([]) is None
    True
    """
    best = None
    for reading in _readings(items):
        version = reading.version
        if version is None or version.effective_date is None:
            continue
        if best is None or (version.effective_date, version.number) > (best.effective_date,
                                                                       best.number):
            best = version
    return best


@dataclass(frozen=True)
class Fallback:
    """Whether the texts of a page are the original shown for a missing
    translation: ``extent`` is ``"all"``, ``"some"`` or ``""`` (none);
    ``language`` is the original's code."""

    extent: str
    language: str


def language_fallback(items: Iterable) -> Fallback:
    """How many of the texts in ``items`` are shown in the original language
    because the reader's language has no translation."""
    shown = [reading for reading in _readings(items) if reading.available]
    fallbacks = [reading for reading in shown if reading.text.is_fallback]
    if not fallbacks:
        return Fallback("", "")
    return Fallback("all" if len(fallbacks) == len(shown) else "some",
                    fallbacks[0].text.language)


def short_label(clause: Clause) -> str:
    """The clause's label inside its section: the paragraph mark and number
    ("¶3", "¶3.2") where the printed label has one, else the printed number.

    >>> short_label(Clause(key="ziel.p3.2", label="Ziel ¶3.2"))
    '¶3.2'
    >>> short_label(Clause(key="107.2", label="107.2"))
    '107.2'
    """
    label = clause.display_key
    mark = label.rfind("¶")
    return label[mark:] if mark >= 0 else label


def with_date(url: str, as_of: str) -> str:
    """``url`` with ``as_of=`` added when the view is dated (``as_of`` not
    empty), before any ``#fragment``.

    >>> with_date("/de/x/#a", "2023-01-01")
    '/de/x/?as_of=2023-01-01#a'
    >>> with_date("/de/search/?q=a", "2023-01-01")
    '/de/search/?q=a&as_of=2023-01-01'
    >>> with_date("/de/x/", "")
    '/de/x/'
    """
    if not as_of or not url:
        return url
    base, hash_mark, fragment = url.partition("#")
    if "as_of=" in urlsplit(base).query:
        return url
    separator = "&" if "?" in base else "?"
    return f"{base}{separator}as_of={as_of}{hash_mark}{fragment}"


def links_with_date(html: str, as_of: str) -> str:
    """Add ``as_of`` to every link of ``html`` (rendered clause text) that
    points to a page of the site under a language prefix (cross-references)."""
    if not as_of:
        return html

    def add(match: re.Match) -> str:
        path, query, fragment = match.group(1), match.group(2) or "", match.group(3) or ""
        if not path.startswith(_LANGUAGE_PREFIXES):
            return match.group(0)
        return f'href="{with_date(path + query + fragment, as_of)}"'

    return _HREF.sub(add, html)
