"""Error pages that need more than a template: the database being unavailable.

Django calls :func:`bad_request` (``handler400``) for a request it refuses to
read, and :func:`server_error` (``handler500``) for any exception that
escapes a view or middleware, inside the ``except`` block, so the exception
is at hand.  A database error — the SQLite file missing, unreadable or
read-only, the PostgreSQL server down — is answered with a 503 page in the
reader's language that says what is wrong and that it is temporary; any
other error with the plain 500 page.  Neither shows a traceback.
"""

from __future__ import annotations

import logging
import sys

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.template.loader import get_template
from django.utils import translation
from django.views import defaults

logger = logging.getLogger(__name__)

# Seconds a client is asked to wait before trying again.
RETRY_AFTER = 60

_PLAIN = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>Service unavailable</title></head><body><h1>Service unavailable</h1>
<p>The rules database is not available at the moment. Please try again in a minute.</p>
<p>Die Regeldatenbank ist gerade nicht erreichbar. Bitte versuche es in einer Minute noch einmal.</p>
<p>База правил сейчас недоступна. Попробуйте ещё раз через минуту.</p></body></html>"""


def database_unavailable(request: HttpRequest, error: DatabaseError) -> HttpResponse:
    """The 503 page for a database error, in the language of the address.

    Read-only errors (a write refused) get their own explanation; the page
    is rendered without touching the database, and falls back to a plain
    trilingual text should even that fail.
    """
    language = (translation.get_language_from_path(request.path_info)
                or translation.get_language_from_request(request))
    # The error may come before LocaleMiddleware ran (e.g. in the page cache).
    request.LANGUAGE_CODE = language
    read_only = "readonly" in str(error).replace("-", "").replace(" ", "").lower()
    try:
        with translation.override(language):
            response = render(request, "503.html", {"read_only": read_only}, status=503)
    except Exception:  # noqa: BLE001 - the error page itself must not fail
        logger.exception("the 503 page could not be rendered")
        response = HttpResponse(_PLAIN, status=503)
    response.headers["Retry-After"] = str(RETRY_AFTER)
    response.headers["Cache-Control"] = "no-store"
    return response


def server_error(request: HttpRequest, template_name: str = "500.html") -> HttpResponse:
    """``handler500``: a 503 page for database errors, else Django's 500 page."""
    error = sys.exc_info()[1]
    if isinstance(error, DatabaseError):
        return database_unavailable(request, error)
    return defaults.server_error(request, template_name)


def bad_request(request: HttpRequest, exception: Exception,
                template_name: str = "400.html") -> HttpResponse:
    """``handler400``: the plain trilingual 400 page (``400.html``) for a request Django
    refuses to read (too many parameters, a malformed or suspicious request), rendered
    without the request.  Django's own renders it with the request, and the site's
    context processors read the query again: with too many parameters that raised once
    more, and the reader got the 500 page."""
    return HttpResponseBadRequest(get_template(template_name).render())
