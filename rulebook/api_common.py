"""What every operation of the JSON API shares: the error shape, the
reader's language and the reading date.

Every 4xx of the API has one body, documented in the OpenAPI document as
``ErrorOut`` (:data:`ERRORS`: 400, 404, 413, 422 on every operation, and
411 and 415 on those that take a body)::

    {"errors": [{"field": "as_of", "message": "…"}]}

``field`` names the input that is wrong, unknown or not found: a path
parameter (``key``), a query parameter (``as_of``), or a dotted path into
the JSON body (``inputs.minions.0.threat``); it is ``""`` when no single
input is to blame (a body that is not JSON, too large, or of another
media type).  The handlers that turn exceptions into this shape are
installed on the API in :mod:`rulesite.api`, the refusal of bodies and the
shape of Django's own 4xx under ``/api/`` in
:class:`rulesite.middleware.ApiRequestMiddleware`; operations raise
:class:`ApiError` (or :func:`not_found`).

Request bodies are strict: a body schema derives from :class:`StrictSchema`,
so an unknown key is a 422 naming it, not ignored.

A correction is referred to everywhere in the API through
:func:`correction_ref` (and found by :func:`find_correction`): its
identifier and addresses are decided in these two functions only.

Imported by the rooms that add operations to the API (reading,
versioning, calculator); imports only :mod:`rulebook.models`.
"""

from __future__ import annotations

import datetime
import re
from typing import Annotated, Literal

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _
from ninja import Schema
from pydantic import BeforeValidator, ConfigDict
from pydantic_core import PydanticCustomError

from rulebook.models import Correction

#: A language of the site (UI and translations).
Language = Literal["de", "ru", "en"]
LANGUAGES: tuple[str, ...] = tuple(code for code, _name in settings.LANGUAGES)


#: The pydantic error type of a malformed :data:`IsoDate`; the API's handler
#: (:mod:`rulesite.api`) answers it with :func:`date_error` in the reader's language.
DATE_ERROR = "iso_date"


def iso_date(text: str) -> datetime.date | None:
    """The date ``text`` writes as ``YYYY-MM-DD``, else ``None``: the one reading of a
    reading date (``as_of``) on every surface — pages, form, API query and body, as the
    API's JSON Schema says (``format: date``).  Python's ``date.fromisoformat`` alone
    would also take ``20240101``, week dates (``2024-W01-1``) and, on pages, spaces.

    >>> iso_date("2024-01-31"), iso_date("20240131"), iso_date("2024-W05-3")
    (datetime.date(2024, 1, 31), None, None)
    >>> iso_date(" 2024-01-31"), iso_date("2024-02-30")  # a space; no such day
    (None, None)
    """
    if not _ISO_DATE.fullmatch(text):
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _iso_date(value):
    """Only ``YYYY-MM-DD`` (:func:`iso_date`; pydantic alone would also read ``0`` as
    1970-01-01), a real date (not ``2024-13-01``); else a :data:`DATE_ERROR` whose
    ``value`` the message quotes."""
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value
    found = iso_date(value) if isinstance(value, str) else None
    if found is not None:
        return found
    raise PydanticCustomError(DATE_ERROR, "Enter a date as YYYY-MM-DD.",
                              {"value": str(value)[:40]})


def date_error(value: str) -> str:
    """The message of a malformed date ``value`` in the active language: the
    rule pages' wording ("“xx” is not a date; enter it as YYYY-MM-DD."),
    without their "Showing today's text", as the API answers no text then."""
    return _("“%(value)s” is not a date; enter it as YYYY-MM-DD.") % {"value": value[:40]}


#: A date written ``YYYY-MM-DD`` (JSON Schema: string, format date).
IsoDate = Annotated[datetime.date, BeforeValidator(_iso_date)]


class ErrorItem(Schema):
    """One thing wrong with a request: which input (``field``) and what to do."""

    field: str
    message: str


class ErrorOut(Schema):
    """The body of every 4xx answer of the API (400, 404, 413, 415, 422)."""

    errors: list[ErrorItem]


#: The error answers every operation documents: 400 (a request that cannot be
#: read), 404 (nothing by that name), 413 (a body over the size limit, on any
#: address) and 422 (an input that is invalid or unknown).
ERRORS = {400: ErrorOut, 404: ErrorOut, 413: ErrorOut, 422: ErrorOut}
#: The error answers of an operation that takes a JSON body: also 411 (a chunked
#: body without ``Content-Length``) and 415 (a body whose ``Content-Type`` is not
#: ``application/json``).
BODY_ERRORS = {**ERRORS, 411: ErrorOut, 415: ErrorOut}


class StrictSchema(Schema):
    """A request body: a key it does not define is a 422 naming it
    (``additionalProperties: false`` in the OpenAPI document), never ignored."""

    model_config = ConfigDict(extra="forbid")


class ApiError(Exception):
    """An error answered with ``status`` and ``{"errors": [{"field", "message"}]}``."""

    def __init__(self, status: int, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.status = status
        self.errors = [{"field": field, "message": message}]


def not_found(field: str, message: str) -> ApiError:
    """A 404 naming the input (``field``) that names nothing."""
    return ApiError(404, field, message)


def error_body(errors: list[dict]) -> dict:
    """The JSON body of an error answer."""
    return {"errors": [{"field": str(e.get("field", "")), "message": str(e.get("message", ""))}
                       for e in errors]}


def reader_language(request: HttpRequest, lang: str | None) -> str:
    """The reader's language: ``lang`` if given, else the request's, else English."""
    if lang in LANGUAGES:
        return lang
    code = (getattr(request, "LANGUAGE_CODE", None) or settings.LANGUAGE_CODE)[:2]
    return code if code in LANGUAGES else "en"


def absolute(request: HttpRequest, path: str) -> str:
    """``path`` as an absolute address on this site."""
    return request.build_absolute_uri(path)


class CorrectionRef(Schema):
    """A correction (errata) as other answers refer to it."""

    id: int
    title: str
    effective_date: datetime.date
    url: str
    api_url: str


def correction_ref(request: HttpRequest, correction: Correction, language: str) -> dict:
    """A correction as :class:`CorrectionRef`: its public number within the
    game (the ``number`` of its page's address, kept by export and restore),
    title in ``language``, effective date, its page (``get_absolute_url()``)
    and its API address."""
    identifier = correction.number
    return {"id": identifier, "title": correction.title_in(language).text,
            "effective_date": correction.effective_date,
            "url": absolute(request, correction.get_absolute_url()),
            "api_url": absolute(request, reverse("api:correction",
                                                 args=[correction.game.slug, identifier]))}


def find_correction(game: str, identifier: int) -> Correction:
    """The published correction number ``identifier`` (as :func:`correction_ref`
    gives it) of ``game``, or a 404 naming ``id``."""
    if "\x00" in game or not 0 < identifier <= 2**31 - 1:
        found = None
    else:
        found = (Correction.objects.published().select_related("game", "published_by")
                 .filter(game__slug=game, number=identifier).first())
    if found is None:
        raise not_found("id", f"No published correction {identifier} of {game!r}; "
                              f"GET /api/games/{game}/corrections lists them.")
    return found
