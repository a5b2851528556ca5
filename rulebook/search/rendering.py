"""The hits of a results page as HTML, in one loop.

``rulebook/search/results.html`` lists up to 25 hits; writing each through
the template language (a dozen look-ups, two translations and a dated
``blocktranslate`` per hit) cost more than the search itself.
:func:`render_hits` is the one renderer of a hit (no template holds its
markup), with the per-page constants (translated labels, the reading date,
each document's clause address) computed once.
"""

from __future__ import annotations

import re

from django.template.defaultfilters import date as date_filter
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _


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


def render_hits(hits, dated: bool, on) -> SafeString:
    """The HTML of ``{% for hit in hits %}<li class="search-hit">…{% endfor %}``
    of ``rulebook/search/results.html`` (``dated``: links keep the reading
    date ``on``)."""
    suffix = f"?as_of={escape(date_filter(on, 'Y-m-d'))}" if dated else ""
    badge_title = _("Language of the matching text")
    parts = []
    patterns: dict = {}
    for hit in hits:
        clause = hit.clause
        document = clause.document
        section = clause.section
        version = hit.version
        language = escape(hit.language)
        title = (f'<span class="search-hit__title" lang="{language}">{escape(hit.title)}</span>'
                 if hit.title else "")
        number = escape(localize(version.number))
        if version.effective_date:
            said = _('version %(number)s, in force from <time datetime="%(iso)s">%(date)s</time>') % {
                "number": number,
                "date": escape(date_filter(version.effective_date, "SHORT_DATE_FORMAT")),
                "iso": escape(date_filter(version.effective_date, "Y-m-d"))}
        else:
            said = _("version %(number)s, date not given in the source") % {"number": number}
        parts.append(
            f'\n  <li class="search-hit">\n    <p class="search-hit__head"><a class="clause__key" '
            f'href="{escape(_clause_url(clause, patterns))}{suffix}">{escape(clause.display_key)}</a>'
            f'\n      {title}\n      <span class="badge" title="{badge_title}">'
            f'{escape(hit.language.upper())}</span>\n      <span class="search-hit__version">'
            f'{said}</span></p>\n    <p class="search-hit__path">{escape(str(document.game))} › '
            f'<span lang="{escape(document.title_in().language)}">{escape(str(document))}</span>'
            f' › <span lang="{escape(section.heading_in().language)}">{escape(section.label())}'
            f'</span></p>\n    <p class="search-hit__excerpt" lang="{language}">'
            f'{conditional_escape(hit.excerpt)}'
            f'</p>\n  </li>\n  ')
    return mark_safe("".join(parts))
