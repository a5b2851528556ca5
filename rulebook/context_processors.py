"""Template context shared by every page."""

import datetime
from urllib.parse import urlencode

from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language_info


def site(request):
    """Return the language switcher links for the current page.

    ``language_links`` is a list of dicts ``{code, name, url, current}``;
    each URL is the current page in that language (query string kept).
    """
    path = request.get_full_path()
    current = getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
    links = []
    for code, _name in settings.LANGUAGES:
        info = get_language_info(code)
        links.append({
            "code": code,
            "name": info["name_local"],
            "url": translate_url(path, code),
            "current": code == current,
        })
    as_of = dated_view(request)
    return {"language_links": links, "as_of": as_of,
            "as_of_date": datetime.date.fromisoformat(as_of) if as_of else None,
            "undated_url": _without_date(request) if as_of else "", **page_links(request)}


def _without_date(request) -> str:
    """The current address without ``as_of`` (the banner's "today's text")."""
    query = request.GET.copy()
    query.pop("as_of", None)
    return request.path + (f"?{query.urlencode()}" if query else "")


def dated_view(request) -> str:
    """The reading date of a dated view (``?as_of=YYYY-MM-DD``) as ISO text,
    or ``""`` for today's text (also for a malformed date, which the page
    reports and reads as today).  Every internal link of a dated view keeps
    it (the ``keep_date`` filter of ``{% load reading %}``)."""
    raw = request.GET.get("as_of", "").strip()[:10]
    try:
        return datetime.date.fromisoformat(raw).isoformat() if raw else ""
    except ValueError:
        return ""


def page_links(request) -> dict:
    """The canonical address of the page, its ``x-default`` alternate and
    whether search engines should leave it out of their index.

    A dated page (``?as_of=``) names the current page (the same address
    without ``as_of``) as canonical and is ``noindex``: search engines must
    not send readers to outdated texts.  A page whose view sets
    ``canonical_path`` (the side-by-side pages: their single-language page)
    overrides the canonical address in its template context.  The
    ``x-default`` alternate is the page in the site's default language.
    """
    query = request.GET.copy()
    dated = "as_of" in query
    query.pop("as_of", None)
    encoded = urlencode(sorted(query.lists()), doseq=True)
    path = request.path + (f"?{encoded}" if encoded else "")
    return {
        "canonical_default": request.build_absolute_uri(path),
        "x_default_url": request.build_absolute_uri(
            translate_url(request.get_full_path(), settings.LANGUAGE_CODE)),
        "noindex": dated,
    }
