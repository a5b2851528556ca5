"""Whole-page cache of the rule pages, validated against the database.

Rule pages change only when something is published (see
:mod:`rulebook.caching.conditional`).  :class:`RulePageCacheMiddleware` keeps each
rendered rule page in Django's cache under a key made of its address and the
rulebook's *generation*: the number and the latest ``published_at`` of the
published clause versions and corrections and the rulebook's revision (a
counter raised by every save), read with one small SQL query on every
request.  A publication or an edit changes the generation, so the next
request renders afresh: the cache never serves a text older than the database, in
any worker, with the local-memory cache as with Redis.

Only anonymous full-page GETs of views that opt in (``PageStamp.apply`` or
:func:`rulebook.caching.conditional.page_cacheable` marks the response: the rule pages,
search results, calculator rulings) are stored; a request with a session cookie, an htmx
request, or a response that sets a cookie or varies on anything but the
language passes through.  The stored response keeps every header the inner
middleware added (Content-Security-Policy, ETag, …), and a conditional GET
is answered 304 from it.
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connections
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.cache import get_conditional_response
from django.utils.http import parse_http_date_safe

from rulebook.caching.conditional import CACHEABLE_ATTRIBUTE, FRAGMENT_TIMEOUT, release
from rulebook.caching.process import REQUEST_STAMP
from rulebook.models import ClauseVersion, Correction, RulebookRevision
from rulebook.caching.revision import REVISION_ID

# Headers a cached response may vary on: the language is in the address, and
# htmx requests are never stored or served here (see _cacheable_request), so
# a page that answers htmx with a fragment is the same for every request
# that reaches the cache.
_HARMLESS_VARY = {"accept-language", "hx-request", "hx-target"}
# How many addresses (paths without query) each worker remembers as not
# opting in, so their requests skip the generation query.
PASS_THROUGH_MEMORY = 4096


def request_generation() -> str | None:
    """The :func:`rulebook_generation` the page cache read for the key of the request
    being answered, or ``None`` (no key read: not a page it stores).  Read again instead,
    it costs a query; a publication committed since gives the next request a new
    generation, so what this request keeps under the one read is never older than it."""
    return REQUEST_STAMP.get()


def rulebook_generation(now=None) -> str:
    """A short digest of what has been published by ``now`` (default: now).

    One query: count and latest ``published_at`` (≤ now) of clause versions
    and of corrections, and the rulebook's revision (raised by every save,
    see :mod:`rulebook.caching.revision`).  Any publication, including one with a
    back-dated ``published_at`` or a scheduled one falling due, and any
    edit in place changes it.
    """
    now = now or timezone.now()
    database = connections[DEFAULT_DB_ALIAS]  # ``connection``, looked up once (not four times)
    value = database.ops.adapt_datetimefield_value(now)
    with database.cursor() as cursor:
        cursor.execute(_generation_sql(database.alias, database.vendor),
                       {"now": value, "revision": REVISION_ID})
        row = cursor.fetchone()
    return hashlib.sha256(repr(row).encode()).hexdigest()[:24]


@lru_cache(maxsize=8)
def _generation_sql(alias: str, vendor: str) -> str:
    """The SQL of :func:`rulebook_generation` for the database ``alias``
    (written once per process: it is the same on every request), with named
    parameters ``now`` and ``revision`` (SQLite's cursor converts named
    parameters with one ``%`` formatting, ``%s`` ones with a regular expression
    run over the whole SQL)."""
    quote = connections[alias].ops.quote_name
    parts = ", ".join(f"(SELECT COUNT(*) FROM {table} WHERE published_at <= %(now)s), "
                      f"(SELECT MAX(published_at) FROM {table} WHERE published_at <= %(now)s)"
                      for table in (quote(model._meta.db_table)
                                    for model in (ClauseVersion, Correction)))
    revision = quote(RulebookRevision._meta.db_table)
    return f"SELECT {parts}, (SELECT number FROM {revision} WHERE id = %(revision)s)"


class RulePageCacheMiddleware:
    """Serve stored rule pages; store new ones (see the module docstring).

    Place it right after ``WhiteNoiseMiddleware``: a hit skips the rest of
    the stack, and a stored response already carries its headers.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        # Rule pages live under a language prefix (i18n_patterns); other
        # addresses (admin, static, robots.txt) skip the generation query.
        codes = "|".join(re.escape(code) for code, _name in settings.LANGUAGES)
        self.prefix = re.compile(rf"/(?:{codes})/.")
        # Paths whose last answer did not opt in (home, game pages, 404s):
        # served straight through.  Only a shortcut — such a path
        # that starts opting in is taken out again and cached from then on.
        self.pass_through: OrderedDict[str, None] = OrderedDict()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not self._cacheable_request(request):
            return self.get_response(request)
        path = request.path_info
        if path in self.pass_through:
            response = self.get_response(request)
            if self._cacheable_response(response):
                # Cached from the next request on, under the generation read before it
                # renders: one read after this rendering could be a publication's that
                # committed meanwhile, and would keep the older page under the newer key.
                del self.pass_through[path]
            return response
        key, generation = self._key_and_generation(request)
        stored = cache.get(key)
        if stored is not None:
            return self._replay(request, *stored)
        token = REQUEST_STAMP.set(generation)
        try:
            response = self.get_response(request)
        finally:
            REQUEST_STAMP.reset(token)
        if self._cacheable_response(response):
            cache.set(key, self._stored(response), FRAGMENT_TIMEOUT)
        else:
            self.pass_through[path] = None
            if len(self.pass_through) > PASS_THROUGH_MEMORY:
                self.pass_through.popitem(last=False)
        return response

    @staticmethod
    def _key_and_generation(request: HttpRequest) -> tuple[str, str]:
        """The cache key of the page at this address now and the generation in it
        (one query)."""
        now = timezone.now()
        generation = rulebook_generation(now)
        return "rule-page:" + hashlib.sha256("|".join([
            release(), generation, timezone.localdate(now).isoformat(),
            # scheme and host too: the page's canonical and alternate links are absolute
            request.build_absolute_uri()]).encode()).hexdigest(), generation

    @staticmethod
    def _stored(response: HttpResponse) -> tuple:
        return response.status_code, list(response.items()), response.content

    def _cacheable_request(self, request: HttpRequest) -> bool:
        return (request.method == "GET" and self.prefix.match(request.path_info) is not None
                and settings.SESSION_COOKIE_NAME not in request.COOKIES
                and "HTTP_HX_REQUEST" not in request.META)

    @staticmethod
    def _cacheable_response(response: HttpResponse) -> bool:
        vary = {part.strip().lower() for part in response.get("Vary", "").split(",")
                if part.strip()}
        return (getattr(response, CACHEABLE_ATTRIBUTE, False) and response.status_code == 200
                and not response.streaming and not response.cookies
                and vary <= _HARMLESS_VARY)

    @staticmethod
    def _replay(request: HttpRequest, status: int, headers, content: bytes) -> HttpResponse:
        response = HttpResponse(content, status=status)
        for name, value in headers:
            response.headers[name] = value
        last_modified = parse_http_date_safe(response.get("Last-Modified", ""))
        conditional = get_conditional_response(request, etag=response.get("ETag"),
                                               last_modified=last_modified, response=response)
        if conditional is not response:
            # A 304 repeats the validators and caching headers.
            for name in ("ETag", "Last-Modified", "Cache-Control"):
                if name in response:
                    conditional.headers[name] = response[name]
        return conditional
