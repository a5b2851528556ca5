"""The calculator's speed-ups: per-process copies of what changes only on
publication or deployment, so that a cold ruling (a table never asked
before) is not rebuilt from the database and the templates each time.

What it trades: memory in each worker for time per ruling.

- :func:`resolved_citations` — the clauses and versions in force that a
  ruling's citations resolve to (:func:`rulebook.calculator.citations.resolve_citations`,
  two ORM queries and most of a ruling's time without it), kept per worker
  for the same citations and date under the rulebook's publication stamp
  (:func:`rulebook.caching.pages.rulebook_generation`, one small query): any
  publication, edit or scheduled version falling due gives a new stamp, so
  a kept answer is never older than the database.  At most
  :data:`CITATION_SETS` answers are kept (a reader may choose any date).
  The kept clause and version objects are shared between requests: they
  are only read.
- :func:`blank_item` — the HTML of a group's blank item (the ``<template>``
  a script copies to add an item in place), which depends only on the
  scenario's fields, the language and the templates of this checkout: kept
  per scenario, group and language.

A cache that fails is a miss: the value is then computed as without it,
never a 500.  Tests reach the stored values through :data:`CITATIONS` and
:data:`BLANK_ITEMS` (``ProcessIndex.clear``).
"""

from __future__ import annotations

import datetime
import logging
from typing import Callable, Hashable, Iterable, TypeVar

from django.template.loader import get_template
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from engine.core import Citation, Scenario
from rulebook.caching.pages import rulebook_generation
from rulebook.caching.process import ProcessIndex
from rulebook.calculator.citations import ResolvedCitation, resolve_citations

V = TypeVar("V")

logger = logging.getLogger(__name__)

#: How many (citations, date) answers each worker keeps.
CITATION_SETS = 512
#: Resolved citations per (publication stamp, date, citations).
CITATIONS: ProcessIndex[dict[Citation, ResolvedCitation]] = ProcessIndex(
    "rulebook:calculator:citations:generation", ttl=300.0, maxsize=CITATION_SETS)
#: The HTML of a group's blank item per (game, scenario, group's HTML name, language).
BLANK_ITEMS: ProcessIndex[SafeString] = ProcessIndex(
    "rulebook:calculator:blank-items:generation", ttl=3600.0, maxsize=256)

_GROUP_ITEM = "rulebook/calculator/includes/group_item.html"


def _kept(index: ProcessIndex[V], key: Callable[[], Hashable], build: Callable[[], V]) -> V:
    """``index``'s value under ``key()``, or ``build()`` when the cache fails (a miss)."""
    try:
        found = key()
    except Exception:  # noqa: BLE001 — a failing cache is a miss, never a 500
        logger.warning("calculator cache key failed; computing without the cache",
                       exc_info=True)
        return build()
    return index.get(found, build)


def resolved_citations(citations: Iterable[Citation],
                       on: datetime.date) -> dict[Citation, ResolvedCitation]:
    """:func:`~rulebook.calculator.citations.resolve_citations`, kept per worker under
    the rulebook's publication stamp (one small query instead of two)."""
    cited = tuple(dict.fromkeys(citations))
    return _kept(CITATIONS, lambda: (rulebook_generation(), on, cited),
                 lambda: resolve_citations(cited, on))


def blank_item(scenario: Scenario, field) -> SafeString:
    """The HTML of group ``field``'s blank item (``field.template``, a
    :class:`~rulebook.calculator.services.BoundField` list), as
    ``group_item.html`` renders it with the item number ``__n__``."""
    def build() -> SafeString:
        html = get_template(_GROUP_ITEM).render({
            "scenario": scenario, "field": field, "item": field.template, "number": "__n__"})
        return mark_safe(html)

    return _kept(BLANK_ITEMS, lambda: (scenario.game, scenario.slug, field.html_name,
                                       translation.get_language()), build)
