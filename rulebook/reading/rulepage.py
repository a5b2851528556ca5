"""The preamble every dated rule page shares: the reading date from
``?as_of=``, the publication stamp, a 304 when the reader's copy is
current, and the stamp's headers on the rendered page.

Used by the document, section and clause pages (:mod:`rulebook.reading.views`)
and, for the date alone, by the side-by-side pages.
"""

from __future__ import annotations

import datetime
from typing import Any, Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from rulebook.api_common import iso_date
from rulebook.caching.conditional import FRAGMENT_TIMEOUT, PageStamp
from rulebook.models import Document
from rulebook.models.structure import changes_for, structure_on


def reading_date(request: HttpRequest) -> tuple[datetime.date, bool, str]:
    """Return the date a page shows, whether it was asked for, and an error.

    The date comes from ``?as_of=YYYY-MM-DD``; a missing or malformed value
    means today (with an error message for a malformed one).
    """
    raw = request.GET.get("as_of", "")
    today = timezone.localdate()
    if not raw.strip():
        return today, False, ""
    found = iso_date(raw)
    if found is not None:
        return found, True, ""
    return today, False, _("“%(value)s” is not a date; enter it as YYYY-MM-DD. "
                           "Showing today’s text.") % {"value": raw[:40]}


def render_rule_page(request: HttpRequest, document: Document, template: str,
                     context_for: Callable[[datetime.date], dict[str, Any]]) -> HttpResponse:
    """Render ``template`` for ``document`` as of the reading date, or answer 304.

    ``context_for(on)`` gives the page's own context for the reading date
    ``on``; it is called only when the page is rendered (not for a 304).
    The context also holds ``document``, ``game``, ``on``, ``dated``,
    ``date_error``, ``today``, ``stamp`` and ``fragment_timeout``.
    """
    on, dated, date_error = reading_date(request)
    stamp = PageStamp.for_document(document, on, dated)
    if (not_modified := stamp.not_modified(request)) is not None:
        return not_modified
    changes = changes_for(document)  # the title and name in force on the reading date
    structure_on(document, on, changes)
    structure_on(document.game, on, changes)
    context = {
        "document": document, "game": document.game,
        "on": on, "dated": dated, "date_error": date_error, "today": timezone.localdate(),
        "stamp": stamp, "fragment_timeout": FRAGMENT_TIMEOUT,
    }
    context.update(context_for(on))
    return stamp.apply(render(request, template, context))
