"""Template context shared by every page."""

import datetime
import re
from functools import cache

from django.conf import settings
from django.urls import get_script_prefix, reverse, translate_url
from django.utils.translation import get_language_info, override

from rulebook.api_common import iso_date
from rulebook.calculator.speed import absolute_uri as _absolute, query_string


@cache
def _language_names() -> tuple[tuple[str, str], ...]:
    """Each language's code and its name in itself, in the switcher's order."""
    return tuple((code, get_language_info(code)["name_local"]) for code, _name in settings.LANGUAGES)


@cache
def site_addresses(language: str, prefix: str = "/") -> dict[str, str]:
    """The addresses of the chrome that depend on nothing but the language
    (home, calculator, search, glossaries, manifest, feed, API description), reversed
    once per process, language and script prefix (``prefix``, the key)
    instead of on every page."""
    with override(language):
        return {name: reverse(view) for name, view in (
            ("home", "rulebook:home"), ("calculator", "calculator:index"),
            ("search", "rulebook:search"), ("glossary", "rulebook:glossaries"),
            ("manifest", "rulebook:manifest"),
            ("corrections_feed", "rulebook:corrections_feed"), ("api", "api:openapi-json"))}


def _translated(request, full_path: str, current: str, code: str) -> str:
    """``translate_url(full_path, code)`` without resolving the address again.

    The addresses under the language prefix are not translated (no URL
    pattern holds a translated string), so a page's address in another
    language is the same address with that language's prefix.  The request's
    own match says whether the address is a page at all: one that resolved
    to nothing (a 404) or lives outside the prefixes goes through
    :func:`~django.urls.translate_url`, as before.
    """
    prefix = f"/{current}/"
    if request.resolver_match is not None and full_path.startswith(prefix):
        return f"/{code}/{full_path[len(prefix):]}"
    return translate_url(full_path, code)


def language_links(request, origin: str | None = None,
                   path: str | None = None) -> list[dict]:
    """The language switcher's links of the current page (``path``: its full path, by
    default the request's): dicts ``{code, name, url, current}``, and ``absolute`` (the
    address with ``origin``, ``scheme://host``) when ``origin`` is given, in the
    switcher's order.  :func:`site` gives them to every page; an htmx answer that swaps
    only the switcher and its region needs nothing else of :func:`site`."""
    if path is None:
        path = request.get_full_path()
    current = getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
    links = []
    for code, name in _language_names():
        url = _translated(request, path, current, code)
        if origin is None:
            links.append({"code": code, "name": name, "url": url, "current": code == current})
        else:
            links.append({"code": code, "name": name, "url": url, "absolute": origin + url,
                          "current": code == current})
    return links


def site(request):
    """Return the language switcher links for the current page.

    ``language_links`` is a list of dicts ``{code, name, url, absolute,
    current}``; each URL is the current page in that language (query string
    kept), ``absolute`` the same with scheme and host.
    """
    path = request.get_full_path()
    current = getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
    origin = f"{request.scheme}://{request.get_host()}"
    links = language_links(request, origin, path)
    as_of = dated_view(request)
    default = next((link["absolute"] for link in links if link["code"] == settings.LANGUAGE_CODE),
                   None) or request.build_absolute_uri(translate_url(path, settings.LANGUAGE_CODE))
    return {"language_links": links, "as_of": as_of, "site_origin": origin,
            "site_urls": site_addresses(current, get_script_prefix()),
            "as_of_date": datetime.date.fromisoformat(as_of) if as_of else None,
            "undated_url": _without_date(request) if as_of else "",
            **page_links(request, default)}


#: What ``urlencode`` writes as it is in a name or a value (``quote_plus``'s safe characters).
_PLAIN_PAIRS = re.compile(r"[A-Za-z0-9_.~=&-]*")


def _plain_query(lists: list[tuple[str, list[str]]]) -> str | None:
    """``urlencode(dict(lists), doseq=True)`` when each name and value holds only what it
    leaves as it is (one look at the whole query instead of two per parameter: a ruling's
    address has some twenty), else ``None``."""
    pairs = [f"{key}={value}" for key, values in lists for value in values]
    joined = "&".join(pairs)
    # no "=" or "&" but those written here, the rest left as it is
    if (joined.count("=") == len(pairs) and joined.count("&") == len(pairs) - 1
            and _PLAIN_PAIRS.fullmatch(joined)):
        return joined
    return None


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
    found = iso_date(request.GET.get("as_of", ""))
    return found.isoformat() if found is not None else ""


def page_links(request, x_default_url: str | None = None) -> dict:
    """The canonical address of the page, its ``x-default`` alternate and
    whether search engines should leave it out of their index.

    A dated page (``?as_of=``) names the current page (the same address
    without ``as_of``) as canonical and is ``noindex``: search engines must
    not send readers to outdated texts.  A page whose view sets
    ``canonical_path`` (the side-by-side pages: their single-language page)
    overrides the canonical address in its template context.  The
    ``x-default`` alternate is the page in the site's default language
    (``x_default_url`` when the caller has it already).
    """
    query = request.GET
    dated = "as_of" in query
    if not query or (dated and len(query) == 1):
        path = request.path
    else:
        # the parameters but as_of, without copying the QueryDict (a deep copy), sorted;
        # urlencode(…, doseq=True) without quoting what it leaves as it is (query_string)
        lists = sorted((key, values) for key, values in query.lists() if key != "as_of")
        encoded = _plain_query(lists)
        if encoded is None:
            encoded = query_string(dict(lists))
        path = request.path + (f"?{encoded}" if encoded else "")
    if x_default_url is None:
        x_default_url = request.build_absolute_uri(
            translate_url(request.get_full_path(), settings.LANGUAGE_CODE))
    return {
        "canonical_default": _absolute(request, path),
        "x_default_url": x_default_url,
        "noindex": dated,
    }
