"""The clauses of a document or section page as HTML, in one loop.

A long document page shows 250 clauses; rendering
``rulebook/reading/includes/clause.html`` once per clause costs most of the
page's time (an include, a dozen variable look-ups and tags per clause).
:func:`render_clause_articles` writes the same HTML, byte for byte, with
Python string formatting for the clauses every page has — a text in force,
with or without a change mark — and renders the include only for the rare
ones (a "see also" list, a repealed or unavailable text, a translation note
or an outdated translation).  The per-page constants (translated labels,
the reading date, the address pattern of a clause) are computed once per
call.
"""

from __future__ import annotations

import re
from typing import Iterable

from django.template.defaultfilters import date as date_filter
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from rulebook.reading import pagefacts
from rulebook.reading.services import ClauseReading

CLAUSE_TEMPLATE = "rulebook/reading/includes/clause.html"
# The clause key pattern of the ``clausekey`` converter (rulebook/urls.py):
# such a key is put into a reversed address unchanged.
_KEY = re.compile(r"[0-9A-Za-z][0-9A-Za-z.\-]*\Z")
_PLACEHOLDER = "0-key-placeholder-0"


class _Addresses:
    """Clause and history addresses of one document, reversed once each and
    completed with each clause's key (keys need no quoting)."""

    def __init__(self, document) -> None:
        args = [document.game.slug, document.slug, _PLACEHOLDER]
        self._clause = reverse("rulebook:clause", args=args).split(_PLACEHOLDER)
        self.document = document

    def clause(self, clause) -> str:
        """``clause.get_absolute_url()``."""
        if len(self._clause) == 2 and _KEY.match(clause.key):
            return f"{self._clause[0]}{clause.key}{self._clause[1]}"
        return clause.get_absolute_url()


def _needs_template(reading: ClauseReading) -> bool:
    """Whether the clause is one of the rare kinds left to the include."""
    if not reading.available:
        return True  # unavailable text (repealed, not yet added: not listed anyway)
    text = reading.text
    if not text.is_fallback and text.language != reading.clause.document.language:
        return True  # a translation: its note
    return bool(reading.translation_outdated or reading.see_also)


def render_clause_articles(context, readings: Iterable[ClauseReading],
                           heading_level: int) -> SafeString:
    """The HTML of ``{% for reading in readings %}{% include "…/clause.html"
    with heading_level=heading_level %}{% endfor %}`` in ``context`` (a
    document or section page's template context: ``as_of``, ``dated``,
    ``on``, ``today``, ``fallback``)."""
    from rulebook.references.rendering import render_clause_text as clause_text

    readings = list(readings)
    if not readings:
        return mark_safe("")
    as_of = context.get("as_of") or ""
    dated = context.get("dated")
    on = context.get("on")
    today = context.get("today")
    fallback = context.get("fallback")
    some_fallback = getattr(fallback, "extent", None) == "some"
    addresses = None
    template = None
    badge_title = _("original text, not translated yet")
    copied = _("Link copied")
    copy_link = _("Copy link")
    level_plain, level_deep = heading_level, heading_level + 1
    on_text = escape(date_filter(on, "SHORT_DATE_FORMAT"))
    parts: list[str] = []
    for reading in readings:
        clause = reading.clause
        if _needs_template(reading):
            if template is None:
                template = context.template.engine.get_template(CLAUSE_TEMPLATE)
            with context.push(reading=reading, heading_level=heading_level):
                parts.append(template.render(context))
            continue
        if addresses is None or addresses.document is not clause.document:
            addresses = _Addresses(clause.document)
        key = escape(clause.key)
        display_key = escape(clause.display_key)
        url = escape(pagefacts.with_date(addresses.clause(clause), as_of))
        later = reading.later
        text = reading.text
        title = reading.title
        level = level_deep if clause.depth else level_plain
        parts.append(
            f'\n<article class="clause depth-{clause.depth}'
            f'{" clause--changed" if later else ""}" id="{key}" aria-labelledby="h-{key}">\n  '
            f'\n  <div class="clause__head">\n    '
            f'<h{level} class="clause__heading" id="h-{key}"><a class="clause__key" '
            f'href="{url}" title="{display_key}">{escape(pagefacts.short_label(clause))}</a>')
        if title.text:
            parts.append(f' <span class="clause__title" lang="{escape(title.language)}">'
                         f'{escape(title.text)}</span>')
        parts.append(f"</h{level}>\n    ")
        if some_fallback and text.is_fallback:
            parts.append(f'<span class="lang-badge" lang="{escape(text.language)}" '
                         f'title="{badge_title}">{escape(text.language.upper())}</span>')
        parts.append(
            f'\n    <button type="button" class="copy-link" data-copied="{copied}" '
            f'data-url="{url}" hidden>{copy_link}<span class="visually-hidden"> {display_key}'
            f'</span></button>\n  </div>\n  \n  ')
        if later:
            parts.append(_change_mark(reading, addresses, dated, on_text, today))
        html = clause_text(text.text, clause, text.language)
        if as_of:
            html = pagefacts.links_with_date(str(html), as_of)
        parts.append(f'\n  \n  <div class="clause__text" lang="{escape(text.language)}">'
                     f'{html}</div>\n  \n  \n  \n  \n</article>\n\n')
    return mark_safe("".join(parts))


def _change_mark(reading: ClauseReading, addresses: _Addresses, dated, on_text: str,
                 today) -> str:
    """The "changed after …" or "upcoming" line of a clause with a later version."""
    later = reading.later
    clause = reading.clause
    later_date = escape(date_filter(later.effective_date, "SHORT_DATE_FORMAT"))
    if later.effective_date is not None and today is not None and later.effective_date <= today:
        said = (_("Changed after %(date)s: a new version is in force from %(later_date)s.")
                % {"date": on_text, "later_date": later_date})
        said += (f' <a href="{escape(addresses.clause(clause))}" data-today>'
                 f'{_("Current text")}</a> ·')
    else:
        if later.is_repeal:
            change = (_("This clause is repealed from %(later_date)s.")
                      % {"later_date": later_date})
        else:
            change = (_("A correction changes this clause from %(later_date)s.")
                      % {"later_date": later_date})
        said = f'<strong class="badge badge--upcoming">{_("upcoming")}</strong> {change}'
    document = clause.document
    history = escape(reverse("rulebook:clause_history",
                             args=[document.game.slug, document.slug, clause.key]))
    return (f'\n  <p class="change-mark{" change-mark--dated" if dated else ""}">{said}\n'
            f'    <a href="{history}">{_("History")}</a></p>\n  ')



def render_toc_entries(context, readings) -> SafeString:
    """The HTML of the document page's table of contents entries: the loop
    ``{% for item in readings %}<li>…{% endfor %}`` of
    ``rulebook/reading/includes/toc.html`` (sections with their clauses'
    anchors), in ``context`` (``as_of``, ``document``)."""
    as_of = context.get("as_of") or ""
    document = context.get("document")
    fallback_language = escape(getattr(document, "language", "") or "")
    parts: list[str] = []
    for item in readings:
        section = item.section
        heading = item.heading
        slug = escape(section.slug)
        href = escape(pagefacts.with_date(str(item.href), as_of))
        language = escape(heading.language) if heading.language else fallback_language
        parts.append(f'\n      <li><a href="{href}" lang="{language}" data-section="{slug}">')
        if section.number:
            parts.append(f'<span class="number">{escape(section.number)}</span> ')
        if heading.text:
            parts.append(escape(heading.text))
        elif not section.number:
            parts.append(slug)
        parts.append("</a>\n        ")
        if len(item.clauses) > 1:
            parts.append('<ol class="toc__clauses">')
            for reading in item.clauses:
                clause = reading.clause
                parts.append(f'<li><a href="#{escape(clause.key)}" '
                             f'title="{escape(clause.display_key)}">'
                             f'{escape(pagefacts.short_label(clause))}</a></li>')
            parts.append("</ol>")
        parts.append("\n      </li>\n    ")
    return mark_safe("".join(parts))
