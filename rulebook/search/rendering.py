"""The hits of a results page as HTML, in one loop.

``rulebook/search/results.html`` lists up to 25 hits; writing each through
the template language (a dozen look-ups, two translations and a dated
``blocktranslate`` per hit) cost more than the search itself.
:func:`render_hits` is the one renderer of a hit (no template holds its
markup), with the per-page constants (translated labels, the reading date,
each document's clause address) computed once.  An official ruling's hit
(:func:`_ruling_hit`) is labelled as one ("Official ruling 3 of …", its
status when it is no longer current) and links to the ruling's page: it is
never shown as rule text.
"""

from __future__ import annotations

import re
from html import escape

from django.template.defaultfilters import date as date_filter
from django.urls import reverse
from django.utils.formats import date_format, localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext as _, pgettext

from rulebook.models.structure import published_changes, structure_on


# The clause key pattern of the ``clausekey`` converter (rulebook/urls.py):
# such a key is put into a reversed address unchanged.
_KEY = re.compile(r"[0-9A-Za-z][0-9A-Za-z.\-]*\Z")
_PLACEHOLDER = "0-key-placeholder-0"


def _clause_url(clause, patterns: dict) -> str:
    """``clause.get_absolute_url()``, the document's address pattern reversed
    once per page (``patterns``: document id → the address split at the key)."""
    document = clause.document
    pattern = patterns.get(document.pk)
    if pattern is None:
        pattern = patterns[document.pk] = reverse("rulebook:clause", args=[
            document.game.slug, document.slug, _PLACEHOLDER]).split(_PLACEHOLDER)
    if len(pattern) == 2 and _KEY.match(clause.key):
        return f"{pattern[0]}{clause.key}{pattern[1]}"
    return clause.get_absolute_url()


def _ruling_hit(hit, labels: dict) -> str:
    """One official ruling's ``<li class="search-hit search-hit--ruling">``:
    its label and number, date, language, status on the search's date (when
    not current), source, and the excerpt of its question and answer
    (``labels``: the page's translated words, see :func:`render_hits`)."""
    ruling = hit.ruling
    label = labels["faq" if ruling.kind == "faq" else "ruling"] % {
        "number": escape(localize(ruling.number)),
        "date": f'<time datetime="{escape(date_filter(ruling.source_date, "Y-m-d"))}">'
                f'{escape(date_format(ruling.source_date, "DATE_FORMAT"))}</time>'}
    status = (f'\n      <strong class="badge badge--former">{labels[hit.status]}</strong>'
              if hit.status in ("superseded", "withdrawn") else "")
    unofficial = (f'\n      <span class="search-hit__version">{labels["unofficial"]}</span>'
                  if hit.language != ruling.language else "")
    source = escape(ruling.source_title)
    if ruling.source_citation:
        source += f", {escape(ruling.source_citation)}"
    hit_language = escape(hit.language)
    former = " search-hit--former" if status else ""
    return (
        f'\n  <li class="search-hit search-hit--ruling{former}">\n    <p class="search-hit__head">'
        f'<a class="search-hit__ruling" href="{escape(ruling.get_absolute_url())}">{label}</a>'
        f'{status}\n      <span class="badge" title="{labels["badge"]}">'
        f'{escape(hit.language.upper())}</span>{unofficial}</p>\n    <p class="search-hit__path">'
        f'{escape(str(ruling.game))} › {labels["rulings"]} › <cite lang="{escape(ruling.language)}">'
        f'{source}</cite></p>\n    <p class="search-hit__excerpt" lang="{hit_language}">'
        f'{conditional_escape(hit.excerpt)}</p>\n  </li>\n  ')


def _ruling_labels(badge_title: str) -> dict:
    """The translated words of a ruling's hit, escaped, once per page."""
    return {"ruling": escape(_("Official ruling %(number)s of %(date)s")),
            "faq": escape(_("Official FAQ entry %(number)s of %(date)s")),
            "superseded": escape(pgettext("ruling status", "superseded")),
            "withdrawn": escape(_("withdrawn")),
            "unofficial": escape(_("unofficial translation")),
            "rulings": escape(_("Official rulings")),
            "badge": badge_title}


def _version_said(version) -> str:
    """"version N, in force from <date>" (or "date not given in the source") in the
    reader's language and date format, escaped."""
    number = escape(localize(version.number))
    if not version.effective_date:
        return _("version %(number)s, date not given in the source") % {"number": number}
    return _('version %(number)s, in force from <time datetime="%(iso)s">%(date)s</time>') % {
        "number": number,
        "date": escape(date_filter(version.effective_date, "SHORT_DATE_FORMAT")),
        "iso": escape(date_filter(version.effective_date, "Y-m-d"))}


def render_hits(hits, dated: bool, on) -> SafeString:
    """The HTML of ``{% for hit in hits %}<li class="search-hit">…{% endfor %}``
    of ``rulebook/search/results.html`` (``dated``: links keep the reading
    date ``on``).  What hits share — a document's path, a section's heading,
    a date or version number in the reader's format — is written once per
    page; headings, titles and names are those in force on ``on``."""
    suffix = f"?as_of={escape(date_filter(on, 'Y-m-d'))}" if dated else ""
    badge_title = _("Language of the matching text")
    language = get_language()
    parts = []
    patterns: dict = {}
    # What several hits share, written once: document id → "game › title",
    # section id → (heading, the section as in force), (number, date) → "version …".
    paths: dict[int, str] = {}
    headings: dict[int, tuple[str, object]] = {}
    versions: dict[tuple, str] = {}
    ruling_labels = None
    changes = None  # the corrections' headings, titles and names: read once, if a hit needs them
    for hit in hits:
        if hit.kind == "ruling":
            if ruling_labels is None:
                ruling_labels = _ruling_labels(badge_title)
            parts.append(_ruling_hit(hit, ruling_labels))
            continue
        clause = hit.clause
        document = clause.document
        section = clause.section
        version = hit.version
        hit_language = escape(hit.language)
        title = (f'<span class="search-hit__title" lang="{hit_language}">{escape(hit.title)}</span>'
                 if hit.title else "")
        said = versions.get((version.number, version.effective_date))
        if said is None:
            said = versions[version.number, version.effective_date] = _version_said(version)
        # Names in force on ``on`` where a correction changed them (the search
        # read whether one did with the hit: none read otherwise).
        renamed = getattr(clause, "structure_changed", True)
        if renamed and changes is None:
            changes = published_changes()
        path = paths.get(document.pk)
        if path is None:
            if renamed:
                structure_on(document, on, changes)  # the title and name in force on ``on``
                structure_on(document.game, on, changes)
            document_title = document.title_in(language)
            path = paths[document.pk] = (
                f'{escape(str(document.game))} › <span lang="{escape(document_title.language)}">'
                f'{escape(document_title.text or document.slug)}</span>')
        if section.pk not in headings:
            if renamed:
                structure_on(section, on, changes)  # the heading in force on ``on``
            headings[section.pk] = (
                f'<span lang="{escape(section.heading_in(language).language)}">'
                f'{escape(section.label())}</span>', section)
        heading, named_by = headings[section.pk]  # the section as in force, for the label
        parts.append(
            f'\n  <li class="search-hit">\n    <p class="search-hit__head"><a class="clause__key" '
            f'href="{escape(_clause_url(clause, patterns))}{suffix}">'
            f'{clause.label_in(language, named_by).html(language)}</a>'
            f'\n      {title}\n      <span class="badge" title="{badge_title}">'
            f'{escape(hit.language.upper())}</span>\n      <span class="search-hit__version">'
            f'{said}</span></p>\n    <p class="search-hit__path">{path}'
            f' › {heading}</p>\n    <p class="search-hit__excerpt" lang="{hit_language}">'
            f'{conditional_escape(hit.excerpt)}'
            f'</p>\n  </li>\n  ')
    return mark_safe("".join(parts))
