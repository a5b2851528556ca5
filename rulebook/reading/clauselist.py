"""The clause articles and the table of contents of the reading pages, as HTML.

The one renderer of a clause article (``{% clause_article %}``: the clause
page, the calculator's clause fragment; ``{% clause_articles %}``: every
clause of a document or section page) and of the contents beside the text
(``{% toc_entries %}``).  A long document page shows 250 clauses; an include
per clause (a dozen variable look-ups and tags each) cost most of the page's
time, so the markup is written here with Python string formatting, with the
per-page constants (translated labels, the reading date, the address pattern
of a clause) computed once per call.  Only the rare parts that are whole
templates of their own are rendered as templates: a "see also" list
(``includes/see_also.html``) and the note on a translation
(``includes/translation_note.html``).
"""

from __future__ import annotations

import re
from html import escape as _html_escape
from typing import Iterable

from django.template.defaultfilters import date as date_filter
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, get_language_info, gettext as _

from rulebook.reading import pagefacts
from rulebook.references.glossary import keep_first_marks
from rulebook.reading.services import ClauseReading

SEE_ALSO_TEMPLATE = "rulebook/reading/includes/see_also.html"
TRANSLATION_NOTE_TEMPLATE = "rulebook/reading/includes/translation_note.html"
# The clause key pattern of the ``clausekey`` converter (rulebook/urls.py):
# such a key is put into a reversed address unchanged.
_KEY = re.compile(r"[0-9A-Za-z][0-9A-Za-z.\-]*\Z")
_PLACEHOLDER = "0-key-placeholder-0"


def escape(value) -> str:
    """The text of :func:`django.utils.html.escape` (``html.escape`` of the
    value as text), without its lazy-string wrapper: a long page escapes a
    few thousand values."""
    return _html_escape(str(value))


class _Addresses:
    """Clause and history addresses of one document, reversed once each and
    completed with each clause's key (keys need no quoting)."""

    def __init__(self, document) -> None:
        args = [document.game.slug, document.slug, _PLACEHOLDER]
        self._clause = reverse("rulebook:clause", args=args).split(_PLACEHOLDER)
        self._history = reverse("rulebook:clause_history", args=args).split(_PLACEHOLDER)
        self.document = document

    def clause(self, clause) -> str:
        """``clause.get_absolute_url()``."""
        if len(self._clause) == 2 and _KEY.match(clause.key):
            return f"{self._clause[0]}{clause.key}{self._clause[1]}"
        return clause.get_absolute_url()

    def history(self, clause) -> str:
        """The address of the clause's history page."""
        if len(self._history) == 2 and _KEY.match(clause.key):
            return f"{self._history[0]}{clause.key}{self._history[1]}"
        document = clause.document
        return reverse("rulebook:clause_history",
                       args=[document.game.slug, document.slug, clause.key])


class _Page:
    """What every clause of one page shares: the template context's values
    (``as_of``, ``dated``, ``on``, ``today``, ``fallback``), the translated
    labels and the clause addresses of the current document."""

    def __init__(self, context) -> None:
        self.context = context
        self.as_of = context.get("as_of") or ""
        self.dated = context.get("dated")
        self.on = context.get("on")
        self.today = context.get("today")
        fallback = context.get("fallback")
        self.some_fallback = getattr(fallback, "extent", None) == "some"
        self.on_text = escape(date_filter(self.on, "SHORT_DATE_FORMAT"))
        self.badge_title = escape(_("original text, not translated yet"))
        self.copied = escape(_("Link copied"))
        self.copy_link = escape(_("Copy link"))
        self.language = (get_language() or "")[:2]
        self._addresses = None
        # The entry (rule) of the clauses shown last and the glossary terms
        # marked in it so far: a term is marked on its first use per entry.
        self.entry: str | None = None
        self.terms_marked: set[str] = set()

    def enter(self, clause) -> None:
        """Start a new entry at ``clause`` unless it continues the current one:
        a sub-clause (depth > 0) or a paragraph (¶) of the same rule does."""
        if clause.depth and self.entry is not None:
            return
        label = clause.display_key
        entry = label[:label.rfind("¶")].rstrip() if "¶" in label else label
        if entry != self.entry:
            self.entry = entry
            self.terms_marked = set()

    def addresses(self, document) -> _Addresses:
        if self._addresses is None or self._addresses.document is not document:
            self._addresses = _Addresses(document)
        return self._addresses

    def template(self, reading: ClauseReading, name: str, **values) -> str:
        """The template ``name`` in the page's context with ``reading``."""
        template = self.context.template.engine.get_template(name)
        with self.context.push(reading=reading, **values):
            return template.render(self.context)


def render_clause_articles(context, readings: Iterable[ClauseReading],
                           heading_level: int) -> SafeString:
    """The articles of the clauses ``readings`` of a document or section page,
    each clause number a heading of level ``heading_level`` (one more for a
    nested clause), in ``context`` (the page's template context)."""
    page = _Page(context)
    parts = []
    for reading in readings:
        page.enter(reading.clause)
        parts.append(_article(page, reading, heading_level, False))
    return mark_safe("".join(parts))


def render_clause_article(context, reading: ClauseReading, standalone: bool = False
                          ) -> SafeString:
    """One clause's article without a heading: on its own page
    (``standalone``: the page has the key and title already) or, with a head
    line linking to the clause, in the calculator."""
    return mark_safe(_article(_Page(context), reading, None, standalone))


def _see_also(page: _Page, reading: ClauseReading, heading_level: int | None,
              standalone: bool) -> str:
    """A "see also" clause as a list of links under a heading that follows
    the page's outline: under the clause page's h1 (``standalone``), at the
    level of the clause headings around it, or (the calculator) an h3."""
    if heading_level:
        level = heading_level + 1 if reading.clause.depth else heading_level
    else:
        level = 2 if standalone else 3
    return page.template(reading, SEE_ALSO_TEMPLATE, entries=reading.see_also, heading=level)


def _article(page: _Page, reading: ClauseReading, heading_level: int | None,
             standalone: bool) -> str:
    clause = reading.clause
    available = reading.available
    if available and reading.see_also:
        return f"\n{_see_also(page, reading, heading_level, standalone)}\n\n"
    addresses = page.addresses(clause.document)
    key = escape(clause.key)
    label = clause.label_in(page.language)
    display_key = label.html(page.language)
    url = escape(pagefacts.with_date(addresses.clause(clause), page.as_of))
    later = reading.later
    text = reading.text
    title = reading.title
    parts = [f'\n<article class="clause depth-{clause.depth}'
             f'{"" if available else " clause--unavailable"}'
             f'{" clause--changed" if later else ""}" id="{key}"'
             + (f' aria-labelledby="h-{key}"' if heading_level else "") + '>\n  ']
    if heading_level:
        level = heading_level + 1 if clause.depth else heading_level
        parts.append(
            f'\n  <div class="clause__head">\n    '
            f'<h{level} class="clause__heading" id="h-{key}"><a class="clause__key" '
            f'href="{url}" title="{escape(label.text)}">{escape(pagefacts.short_label(clause))}</a>')
        if title.text:
            parts.append(f' <span class="clause__title" lang="{escape(title.language)}">'
                         f'{escape(title.text)}</span>')
        parts.append(f"</h{level}>\n    ")
        if page.some_fallback and text.is_fallback:
            parts.append(f'<span class="lang-badge" lang="{escape(text.language)}" '
                         f'title="{page.badge_title}">{escape(text.language.upper())}</span>')
        parts.append(
            f'\n    <button type="button" class="copy-link" data-copied="{page.copied}" '
            f'data-url="{url}" hidden>{page.copy_link}<span class="visually-hidden"> '
            f'{display_key}</span></button>\n  </div>\n  ')
    elif not standalone:
        parts.append(
            f'\n  <header class="clause__head">\n    <a class="clause__key" href="{url}" '
            f'title="{escape(_("Permanent link to this clause"))}">{display_key}</a>\n    ')
        if title.text:
            parts.append(f'<span class="clause__title" lang="{escape(title.language)}">'
                         f'{escape(title.text)}</span>')
        parts.append("\n  </header>\n  ")
    parts.append("\n  ")
    if later:
        parts.append(_change_mark(page, reading, addresses))
    parts.append("\n  ")
    if reading.repealed:
        version = reading.version
        said = _("This clause was repealed on %(date)s.") % {
            "date": escape(date_filter(version.effective_date, "SHORT_DATE_FORMAT"))}
        correction = version.correction
        if correction:
            correction_title = correction.title_in()
            said += (f' <a href="{escape(correction.get_absolute_url())}"><span '
                     f'lang="{escape(correction_title.language)}">'
                     f'{escape(correction_title.text)}</span></a>')
        parts.append(f'\n  <p class="notice notice--warning">{said}</p>\n  ')
    elif reading.not_yet_added:
        said = (_("This clause did not exist yet on %(date)s; a correction adds it from "
                  "%(later_date)s.")
                % {"date": page.on_text,
                   "later_date": escape(date_filter(later.effective_date, "SHORT_DATE_FORMAT"))})
        parts.append(f'\n  <p class="notice">{said}</p>\n  ')
    elif available:
        from rulebook.references.rendering import render_clause_text

        html = render_clause_text(text.text, clause, text.language)
        if heading_level:  # a page of several clauses: first mark per entry
            html = keep_first_marks(str(html), page.terms_marked)
        if page.as_of:
            html = pagefacts.links_with_date(str(html), page.as_of)
        parts.append(f'\n  <div class="clause__text" lang="{escape(text.language)}">'
                     f'{html}</div>\n  ')
        if reading.translation_outdated:
            parts.append('<p class="language-note language-note--outdated">' + escape(
                _("Translation may be out of date: the original text has changed since it "
                  "was translated.")) + "</p>")
        parts.append("\n  ")
        if not text.is_fallback and text.language != clause.document.language:
            parts.append(page.template(reading, TRANSLATION_NOTE_TEMPLATE))
        parts.append("\n  ")
        if text.is_fallback and not heading_level and not standalone:
            name = get_language_info(text.language)["name_translated"]
            parts.append('<p class="language-note">' + _("original text (%(language)s) shown")
                         % {"language": escape(name)} + "</p>")
        parts.append("\n  ")
    else:
        said = (_("The text of this clause in force on %(date)s is not available in the "
                  "sources.") % {"date": page.on_text})
        parts.append(f'\n  <p class="notice">{said}</p>\n  ')
    parts.append("\n</article>\n\n")
    return "".join(parts)


def _change_mark(page: _Page, reading: ClauseReading, addresses: _Addresses) -> str:
    """The "changed after …" or "upcoming" line of a clause with a later version."""
    later = reading.later
    clause = reading.clause
    later_date = escape(date_filter(later.effective_date, "SHORT_DATE_FORMAT"))
    today = page.today
    if later.effective_date is not None and today is not None and later.effective_date <= today:
        said = (_("Changed after %(date)s: a new version is in force from %(later_date)s.")
                % {"date": page.on_text, "later_date": later_date})
        said += (f' <a href="{escape(addresses.clause(clause))}" data-today>'
                 f'{escape(_("Current text"))}</a> ·')
    else:
        if later.is_repeal:
            change = (_("This clause is repealed from %(later_date)s.")
                      % {"later_date": later_date})
        else:
            change = (_("A correction changes this clause from %(later_date)s.")
                      % {"later_date": later_date})
        said = f'<strong class="badge badge--upcoming">{escape(_("upcoming"))}</strong> {change}'
    return (f'\n  <p class="change-mark{" change-mark--dated" if page.dated else ""}">{said}\n'
            f'    <a href="{escape(addresses.history(clause))}">{escape(_("History"))}</a></p>\n  ')


def render_toc_entries(context, readings=None, current_section=None) -> SafeString:
    """The entries of the table of contents beside the text.

    On a document page (``readings``: its sections read, with their
    clauses) each section links to its place on the page and lists its
    clauses' anchors; on a section or clause page the entries are the
    document's sections (``toc_sections``), linking to their pages, the
    ``current_section`` marked.  ``context`` gives ``as_of`` and ``document``.
    """
    as_of = context.get("as_of") or ""
    document = context.get("document")
    if not readings:
        return _section_entries(document, as_of, current_section, context.get("on"))
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
                             f'title="{escape(clause.label_in(section=section).text)}">'
                             f'{escape(pagefacts.short_label(clause))}</a></li>')
            parts.append("</ol>")
        parts.append("\n      </li>\n    ")
    return mark_safe("".join(parts))


def _section_entries(document, as_of: str, current_section, on=None) -> SafeString:
    from rulebook.templatetags.reading import toc_sections

    current = getattr(current_section, "pk", None)
    language = get_language()
    sections = toc_sections(document, on)
    prefix = suffix = None
    if sections:
        split = reverse("rulebook:section", args=[document.game.slug, document.slug,
                                                   _PLACEHOLDER]).split(_PLACEHOLDER)
        if len(split) == 2:
            prefix, suffix = split
    parts: list[str] = []
    for section in sections:
        if prefix is not None and _SLUG.match(section.slug):
            url = f"{prefix}{section.slug}{suffix}"
        else:
            url = section.get_absolute_url()
        heading = section.heading_in(language)
        parts.append(f'\n      <li><a href="{escape(pagefacts.with_date(url, as_of))}" '
                     f'lang="{escape(heading.language)}"'
                     + (' aria-current="page"' if section.pk == current else "") + ">")
        if section.number:
            parts.append(f'<span class="number">{escape(section.number)}</span> ')
        if heading.text:
            parts.append(escape(heading.text))
        elif not section.number:
            parts.append(escape(section.slug))
        parts.append("</a></li>\n    ")
    return mark_safe("".join(parts))


# The slug pattern of Django's ``slug`` converter: such a slug is put into a
# reversed address unchanged.
_SLUG = re.compile(r"[-a-zA-Z0-9_]+\Z")


def render_page_outline(items, by_clause: bool = False) -> SafeString:
    """The entries of "On this page" (the column right of the text on a wide
    screen): the page's sections (``items``: a document page's sections
    read), each linking to its place on the page; with ``by_clause`` (a
    section page) the clauses of each item, their short label and title.
    The one entry marked while reading is reader.js's affair."""
    parts: list[str] = []
    for item in items:
        if by_clause:
            for reading in item.clauses:
                clause = reading.clause
                parts.append(f'<li class="depth-{clause.depth}"><a href="#{escape(clause.key)}" '
                             f'title="{escape(clause.label_in().text)}">'
                             f'{escape(pagefacts.short_label(clause))}')
                title = reading.title
                if title.text:
                    parts.append(f' <span lang="{escape(title.language)}">{escape(title.text)}</span>')
                parts.append("</a></li>")
            continue
        section, heading = item.section, item.heading
        parts.append(f'<li><a href="#section-{escape(section.slug)}">')
        if section.number:
            parts.append(f'<span class="number">{escape(section.number)}</span> ')
        if heading.text:
            parts.append(f'<span lang="{escape(heading.language)}">{escape(heading.text)}</span>'
                         if heading.language else escape(heading.text))
        elif not section.number:
            parts.append(escape(section.slug))
        parts.append("</a></li>")
    return mark_safe("".join(parts))
