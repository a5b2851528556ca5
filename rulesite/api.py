"""The site's JSON API: one django-ninja API, one OpenAPI document, one error shape.

Operations come from the rooms as routers:

- :mod:`rulebook.reading.api`: games, documents, clauses (one, or all of a
  document), search;
- :mod:`rulebook.versioning.api`: a clause's history, a document's changes
  between two dates, corrections;
- :mod:`rulebook.rulings.api`: official rulings (a game's, one, a clause's);
- :mod:`rulebook.calculator.api`: scenarios and rulings.

The OpenAPI document is ``/api/openapi.json``.  Every 4xx is
``{"errors": [{"field", "message"}]}`` (:mod:`rulebook.api_common`): the
handlers below turn django-ninja's own errors (a body that is not JSON, a
parameter of the wrong type, a key a body does not define) and Django's 404
into it, :func:`not_found` answers addresses under ``/api/`` that name no
operation, and :class:`rulesite.middleware.ApiRequestMiddleware` answers
413 (a body over the size limit) and 415 (a body that is not JSON) before
any operation reads the body, and gives any other 4xx the same shape.

Why django-ninja: the response shapes are typed pydantic schemas, from which
ninja derives both the validation of the request and the OpenAPI document,
so the published contract cannot drift from the code; it mounts as one
URLconf entry on plain Django views with no further app, serializer layer
or settings.  The interactive docs page is switched off (``docs_url=None``):
it loads Swagger UI from a CDN, and the site makes no third-party requests.

This module sits above the rooms (it imports all four), which is why the
API object lives here and not in one of them.
"""

from __future__ import annotations

import difflib

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from ninja import NinjaAPI
from ninja.errors import HttpError, ValidationError
from pydantic import BaseModel

from rulebook.api_common import DATE_ERROR, ApiError, date_error, error_body, reader_language
from rulebook.calculator.api import router as calculator_router
from rulebook.calculator.backlinks import scenario_backlinks
from rulebook.reading import api as reading_api
from rulebook.rulings.api import router as rulings_router
from rulebook.versioning.api import router as versioning_router

class _NinjaAPI(NinjaAPI):
    """django-ninja's API object, telling the error handler which keys a body takes."""

    def validation_error_from_error_contexts(self, error_contexts):
        """django-ninja's validation error, where each unknown key of a body
        (``extra_forbidden``, a :class:`rulebook.api_common.StrictSchema`)
        carries ``known``: the keys its object takes, to suggest the closest."""
        error = super().validation_error_from_error_contexts(error_contexts)
        found = [_known_keys(context.model, item["loc"][:-1])
                 if item["type"] == "extra_forbidden" else None
                 for context in error_contexts
                 for item in context.pydantic_validation_error.errors(include_url=False)]
        for item, known in zip(error.errors, found):
            if known:
                item["known"] = known
        return error


    def _get_bound_routers(self):
        """django-ninja's routers bound to this API, each operation's query
        made strict (:func:`_strict_query`) when they are first bound."""
        fresh = self._bound_routers_cache is None
        bound = super()._get_bound_routers()
        if fresh:
            for router in bound:
                for path_view in router.path_operations.values():
                    for operation in path_view.operations:
                        _strict_query(operation)
        return bound

    def get_openapi_schema(self, *, path_prefix=None, path_params=None):
        """The OpenAPI document without the schemas no operation refers to
        (django-ninja lists the query parameter groups, e.g. ``ReadingParams``,
        although it spells their fields out as parameters): a client generated
        from it gets no dead classes."""
        schema = super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
        schemas = schema.get("components", {}).get("schemas", {})
        used = _referenced(schema["paths"], schemas)
        for name in set(schemas) - used:
            del schemas[name]
        return schema


#: Query parameters every operation takes: the reader's language, in which
#: every answer's errors are given (:func:`validation_error`).
ALWAYS_TAKEN = frozenset({"lang"})
#: Operations that check their query themselves: the scenario's fields are
#: the parameters of ``GET …/evaluate`` (``rulebook.calculator.api``).
OWN_QUERY = frozenset({"evaluate_form"})


def _strict_query(operation) -> None:
    """Make ``operation`` answer a query parameter it does not declare with a
    422 naming it (and the closest declared name), as the API promises, before
    it runs: django-ninja's parameter models ignore it, so a misspelled
    ``as_of`` or ``game`` gave an answer for today or for every game.

    The declared names are those of the operation's query model (``Query``
    schemas spelled out, aliases such as ``from`` included) and
    :data:`ALWAYS_TAKEN`."""
    if operation.operation_id in OWN_QUERY:
        return
    known = set(ALWAYS_TAKEN)
    for model in operation.models:
        if model.__ninja_param_source__ == "query":
            known.update(model.__ninja_flatten_map__)
    run = operation.run

    def strict_run(request: HttpRequest, *args, **kwargs):
        unknown = [name for name in request.GET if name not in known]
        errors = [{"field": name, "message": unknown_field(
            request, name, sorted(known - ALWAYS_TAKEN))} for name in unknown]
        errors += given_twice(request, known)
        if not errors:
            return run(request, *args, **kwargs)
        return _respond(request, errors, 422)

    operation.run = strict_run


def given_twice(request: HttpRequest, names) -> list[dict]:
    """An error for each query parameter of ``names`` given twice with different values
    (``?lang=de&lang=ru``), as a scenario's field given so is (django-ninja takes the last
    value without a word), in the reader's language."""
    repeated = [name for name in names if len({value.strip() for value in
                                               request.GET.getlist(name)}) > 1]
    if not repeated:
        return []
    with translation.override(reader_language(request, None)):
        said = _("Given more than once, with different values.")
    return [{"field": name, "message": said} for name in repeated]


def unknown_field(request: HttpRequest, name: str, known) -> str:
    """The message of an unknown parameter or body key ``name``, with the closest of
    ``known``, in the reader's language (the engine's words for an unknown scenario
    field, :func:`engine.core.validate_fields`)."""
    close = difflib.get_close_matches(name, list(known), n=1)
    with translation.override(reader_language(request, request.GET.get("lang"))):
        if close:
            return _("Unknown field '%(name)s'. Did you mean '%(suggestion)s'?") % {
                "name": name, "suggestion": close[0]}
        return _("Unknown field '%(name)s'.") % {"name": name}


def _referenced(start, schemas: dict) -> set[str]:
    """The names of the schemas ``start`` refers to (``$ref``), directly or
    through other schemas of ``schemas``."""
    prefix = "#/components/schemas/"
    found: set[str] = set()
    pending = [start]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith(prefix) and ref[len(prefix):] not in found:
                found.add(ref[len(prefix):])
                pending.append(schemas.get(ref[len(prefix):], {}))
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return found


def _known_keys(model, loc) -> list[str]:
    """The field names of the pydantic model at ``loc`` inside ``model`` (none if not a model)."""
    for part in loc:
        field = model.model_fields.get(part) if isinstance(model, type) and issubclass(
            model, BaseModel) else None
        if field is None:
            return []
        model = field.annotation
    if isinstance(model, type) and issubclass(model, BaseModel):
        return list(model.model_fields)
    return []


api = _NinjaAPI(
    title="Rules reference API",
    version="2",
    description=(
        "The rule texts as data — games, documents, clauses by key or printed number, "
        "whole documents, histories, changes between two dates, corrections, the "
        "publisher's official rulings (never rule text; their translations are the site's, "
        "unofficial), search — "
        "and the rulings of the scenario calculator with the clauses they rest on. "
        "Every operation takes `lang=de|ru|en` (the reader's language; clause texts "
        "always include the original) and, where texts depend on a date, "
        "`as_of=YYYY-MM-DD` (default today). Errors (every 4xx: 400, 404, 411, 413, 415, 422) "
        'are `{"errors": [{"field": "…", "message": "…"}]}`: `field` names the parameter, '
        "path parameter or dotted body path at fault (`\"\"` for the request as a whole). "
        "A clause not in force on `as_of` is a 404 naming `as_of`. The API is strict: a "
        "body key, scenario input or query parameter it does not define is a 422 naming "
        "it (with the closest known name); a request body must be `application/json` "
        "(else 415), with a `Content-Length` (else 411), and at most the size limit (else 413)."),
    docs_url=None,  # Swagger UI would load from a CDN
    openapi_url="/openapi.json",
    urls_namespace="api",
)
api.add_router("", reading_api.router, tags=["rules"])
api.add_router("", versioning_router, tags=["versions"])
api.add_router("", rulings_router, tags=["official rulings"])
api.add_router("", calculator_router)
# "Cited by" of a clause lists the calculator's scenarios too; reading may
# not import the calculator, so the calculator's list is handed to it here.
reading_api.BACKLINK_SOURCES.append(scenario_backlinks)


def _respond(request: HttpRequest, errors: list[dict], status: int) -> HttpResponse:
    return api.create_response(request, error_body(errors), status=status)


@api.exception_handler(ApiError)
def api_error(request: HttpRequest, exc: ApiError) -> HttpResponse:
    """An error raised by an operation, as it names it."""
    return _respond(request, exc.errors, exc.status)


#: Pydantic's error types -> the engine's words for the same fault (translated; break-it
#: round 21: "Field required" came in English whatever the reader's language).
_SCHEMA_WORDS = {
    "missing": "This field is required.", "int_type": "Enter a whole number.",
    "int_parsing": "Enter a whole number.", "int_from_float": "Enter a whole number.",
    "string_type": "Enter text.", "bool_type": "Enter yes or no.",
    "bool_parsing": "Enter yes or no.", "dict_type": "Expected an object of named fields.",
    "model_type": "Expected an object of named fields.", "list_type": "Expected a list.",
}


@api.exception_handler(ValidationError)
def validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    """A parameter or body that does not match the schema: 422 naming each input."""
    errors = []
    for error in exc.errors:
        loc = [str(part) for part in error.get("loc", ())]
        if loc[:1] == ["body"] and len(loc) > 1:
            loc = loc[2:]  # ["body", <parameter name>, …] → the path inside the body
        elif loc:
            loc = loc[1:]  # ["query" | "path" | "header", name, …]
        if error.get("type") == "extra_forbidden" and loc:  # a StrictSchema body
            message = unknown_field(request, loc[-1], error.get("known", ()))
        else:
            with translation.override(reader_language(request, request.GET.get("lang"))):
                message = _schema_message(error)
        errors.append({"field": ".".join(loc), "message": message})
    return _respond(request, errors or [{"field": "", "message": "invalid"}], 422)


def _schema_message(error: dict) -> str:
    """The site's own words for a pydantic ``error``, in the active language (a date, a
    text too long, :data:`_SCHEMA_WORDS`); else pydantic's own message."""
    kind, context = error.get("type"), error.get("ctx", {})
    if kind == DATE_ERROR:
        return date_error(str(context.get("value", "")))
    if kind == "string_too_long":  # the engine's words for a long text
        return _("Enter at most %(maximum)s characters.") % {
            "maximum": context.get("max_length")}
    if kind in _SCHEMA_WORDS:
        return _(_SCHEMA_WORDS[kind])
    return error.get("msg", "invalid")


@api.exception_handler(RequestDataTooBig)
def body_too_large(request: HttpRequest, exc: RequestDataTooBig) -> HttpResponse:
    """A body Django refuses to read (over ``DATA_UPLOAD_MAX_MEMORY_SIZE``): 413.

    :class:`rulesite.middleware.ApiRequestMiddleware` refuses a body whose
    ``Content-Length`` says so before any operation runs; this answers the
    same when the body turns out longer while being read."""
    return _respond(request, [{"field": "", "message": "The request body is too large."}], 413)


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    """django-ninja's own errors (400: a body that is not JSON)."""
    return _respond(request, [{"field": "", "message": str(exc)}], exc.status_code)


@api.exception_handler(Http404)
def http_404(request: HttpRequest, exc: Http404) -> HttpResponse:
    """Django's 404 inside an operation."""
    return _respond(request, [{"field": "", "message": str(exc) or "Not found."}], 404)


@api.exception_handler(TooManyFieldsSent)
def too_many_parameters(request: HttpRequest, exc: TooManyFieldsSent) -> HttpResponse:
    """More query parameters than ``DATA_UPLOAD_MAX_NUMBER_FIELDS``: 400 (Django's
    would be its HTML page)."""
    return _respond(request, [{"field": "", "message": (
        f"Too many query parameters: at most {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS} "
        "are accepted.")}], 400)


@csrf_exempt  # a POST to a wrong address is a 404, not the CSRF page
def not_found(request: HttpRequest, rest: str = "") -> JsonResponse:
    """An address under ``/api/`` that names no operation: 404 in the API's shape."""
    return JsonResponse(error_body([{"field": "", "message": (
        "No such operation; /api/openapi.json lists them.")}]), status=404)


@csrf_exempt  # the API takes no cookies' authority: no CSRF page under /api/
def index(request: HttpRequest) -> JsonResponse:
    """``/api/``: where the API describes itself (its OpenAPI document), so a
    developer who opens the API's root finds the operations instead of a 404."""
    return JsonResponse({"title": api.title, "version": api.version,
                         "openapi": request.build_absolute_uri("/api/openapi.json"),
                         "message": "The operations are listed in the OpenAPI document."})
