"""The site's middlewares: Django's LocaleMiddleware, minus its redirects
under ``/api/``; django-csp's, building the policy once; the JSON API's
guard (:class:`ApiRequestMiddleware`): request bodies it refuses, and every
4xx under ``/api/`` in the API's error shape; and compression of the
answers that hold no secret (:class:`SafeGZipMiddleware`); and the refusal of an address
far longer than any the site makes (:class:`LongQueryMiddleware`)."""

import json
import re
from functools import lru_cache
from http import HTTPStatus

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as BaseCSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.exceptions import TooManyFieldsSent
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.middleware.gzip import GZipMiddleware
from django.middleware.locale import LocaleMiddleware as DjangoLocaleMiddleware
from django.template.loader import get_template
from django.utils.cache import add_never_cache_headers, patch_vary_headers

from rulebook.api_common import error_body
from rulebook.calculator.speed import query_dict


class LongQueryMiddleware:
    """A query string longer than ``MAX_QUERY_LENGTH`` characters is answered "414 URI Too
    Long" before anything reads it: the small trilingual ``414.html`` page, or under
    ``/api/`` the API's error shape (:func:`rulebook.api_common.error_body`).

    The longest address the site makes — a calculator table at every limit its scenario
    declares, card texts of 2,000 Cyrillic characters percent-encoded — is some 33,000
    characters (``tests/rulebook/calculator/test_long_addresses.py`` measures it; 57,000
    were every character of the texts a four-byte emoji); the limit is 64 KiB, what the
    proxy in front takes (``rulesite/gunicorn.py``).  A far longer one (megabytes of card text) would otherwise be
    read, checked and echoed into the page's links and text box: a 400 page of tens of
    megabytes, seconds of work.  The answer names the length, never echoes the query, and
    is not stored (``Cache-Control``).
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.limit = settings.MAX_QUERY_LENGTH

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        length = len(request.META.get("QUERY_STRING", ""))
        if length <= self.limit:
            return self.get_response(request)
        if request.path_info.startswith("/api/"):
            response: HttpResponseBase = JsonResponse(error_body([{"field": "", "message": (
                f"The address is too long: its query has {length} characters, at most "
                f"{self.limit} are accepted.")}]), status=414)
        else:
            response = HttpResponse(get_template("414.html").render(), status=414)
        add_never_cache_headers(response)
        return response


class LocaleMiddleware(DjangoLocaleMiddleware):
    """Activate the request's language everywhere (the API's default ``lang``
    is the ``Accept-Language``), but leave the API's answers alone.

    Django's middleware turns a 404 whose address would match a page under
    a language prefix into a redirect there (``/api/games/x`` →
    ``/en/api/games/x/``, read as a clause page); an API 404 must stay a 404
    in the API's error shape.

    An API answer asked for without ``lang`` is in the ``Accept-Language``'s
    language (texts, labels, messages, and so its ETag): it says so with
    ``Vary: Accept-Language``, so no cache hands a German answer to a Russian
    reader.  With ``lang`` the header plays no part.
    """

    def process_response(self, request, response):
        if request.path_info.startswith("/api/"):
            if not _asks_language(request):
                patch_vary_headers(response, ("Accept-Language",))
            return response
        return super().process_response(request, response)


def _asks_language(request) -> bool:
    """Whether the query names ``lang`` (a query Django refuses to read, over
    ``DATA_UPLOAD_MAX_NUMBER_FIELDS``, names none it read)."""
    try:
        return "lang" in request.GET
    except TooManyFieldsSent:
        return False


class SafeGZipMiddleware(GZipMiddleware):
    """Django's GZipMiddleware for the HTML pages that carry no secret.

    A compressed answer that holds a secret beside text the requester chose
    (a search query, calculator input) leaks the secret through its length
    (BREACH).  The public pages hold none; an answer is left uncompressed
    when it rendered a CSRF token (a form that posts: the admin, the login),
    sets a cookie, or lies under ``/admin/``.  Static files are compressed by
    WhiteNoise beforehand; the API's JSON, the feeds and the sitemap are
    sent as before, uncompressed.
    """

    def process_response(self, request, response):
        if (not response.get("Content-Type", "").startswith("text/html")
                or request.META.get("CSRF_COOKIE_USED") or response.cookies
                or request.path_info.startswith("/admin/")):
            return response
        return super().process_response(request, response)


_PER_VIEW_POLICY = ("_csp_config", "_csp_update", "_csp_replace", "_csp_exempt",
                    "_csp_config_ro", "_csp_update_ro", "_csp_replace_ro", "_csp_exempt_ro")


@lru_cache(maxsize=8)
def _site_policy(policy_id: int, report_only_id: int) -> tuple[str, str]:
    """The ``Content-Security-Policy`` and ``…-Report-Only`` header values
    of the site's settings (``""`` for none), keyed by the settings' objects
    (``id`` of ``CONTENT_SECURITY_POLICY`` and of its report-only twin), so
    an overridden setting gets its own headers."""
    return build_policy(), build_policy(report_only=True)


class CSPMiddleware(BaseCSPMiddleware):
    """django-csp's middleware, building the site's policy once per process.

    The policy is the same for every response unless a view changes it
    (``csp.decorators`` set ``_csp_*`` attributes) or a template asks for a
    nonce (``request.csp_nonce``); those responses go through django-csp's
    own code.  Every other response gets the headers built once from the
    settings — django-csp rebuilds them from the settings on every response,
    a tenth of the work of a page served from the page cache.  Same headers,
    same rules: a header already on the response is kept; the settings'
    ``EXCLUDE_URL_PREFIXES`` are honoured.
    """

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if (getattr(request, "_csp_nonce", None) is not None
                or any(hasattr(response, name) for name in _PER_VIEW_POLICY)
                or (settings.DEBUG and response.status_code in (500, 404))):
            return super().process_response(request, response)
        enforced = getattr(settings, "CONTENT_SECURITY_POLICY", None)
        report_only = getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None)
        for header, value, policy in zip((HEADER, HEADER_REPORT_ONLY),
                                         _site_policy(id(enforced), id(report_only)),
                                         (enforced, report_only)):
            prefixes = tuple((policy or {}).get("EXCLUDE_URL_PREFIXES", None) or ())
            if value and header not in response and not request.path_info.startswith(prefixes):
                response[header] = value
        # As django-csp does: a nonce asked for after the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response


#: Methods whose requests carry a body the API reads (a JSON document).
_BODY_METHODS = ("POST", "PUT", "PATCH")
#: Headers of a refused answer kept in its JSON version (405 names the allowed methods).
_KEPT_HEADERS = ("Allow", "Vary", "Retry-After")


class ApiRequestMiddleware:
    """The JSON API's guard: under ``/api/`` every request body is JSON and
    fits the limit, and every 4xx answer has the API's error shape.

    - A chunked body (``Transfer-Encoding: chunked``, no ``Content-Length``) is a
      411: WSGI servers hand Django no length for it, and Django would read it
      as empty.
    - A body longer than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (``Content-Length``,
      the length Django refuses to read) is a 413, on every ``/api/``
      address and method, before anything reads it — Django's own answer
      would be its HTML 400 page.
    - A ``POST``, ``PUT`` or ``PATCH`` whose ``Content-Type`` is not
      ``application/json`` (a ``charset`` parameter may say ``utf-8``) is a
      415; one without a body and without a ``Content-Type`` is left to the
      operation (which names what is missing).
    - Any other 4xx under ``/api/`` that is not JSON — Django's 405 of a
      method no operation takes, the CSRF 403, the 400 page of too many
      query parameters — is answered again as ``{"errors": [{"field": "",
      "message": …}]}`` with the same status (and ``Allow``).

    Sits inside the header middlewares, so its answers carry the security
    headers of every other answer; HTML pages keep Django's error pages.  It reads the
    query of a request under ``/api/`` (:func:`rulebook.calculator.speed.query_dict`:
    ``request.GET`` as Django reads it, without a call per parameter).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if not request.path_info.startswith("/api/"):
            return self.get_response(request)
        refused = refused_body(request)
        if refused is not None:
            return refused
        if "GET" not in request.__dict__:  # not read yet: read without a call per parameter
            read = query_dict(request)
            if read is not None:
                request.GET = read
        return _json_client_error(request, self.get_response(request))


def _content_length(request: HttpRequest) -> int:
    try:
        return max(int(request.META.get("CONTENT_LENGTH") or 0), 0)
    except (TypeError, ValueError):
        return 0


def refused_body(request: HttpRequest) -> JsonResponse | None:
    """The 411, 413 or 415 answer (API error shape) to a request body the API does
    not take, or ``None`` when the body (if any) is acceptable."""
    length = _content_length(request)
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if limit is not None and length > limit:
        return JsonResponse(error_body([{"field": "", "message": (
            f"The request body is too large: {length} bytes, at most {limit} are "
            "accepted.")}]), status=413)
    if request.method not in _BODY_METHODS:
        return None
    if "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower() and not length:
        # WSGI gives Django no length for a chunked body, and Django reads none of it
        return JsonResponse(error_body([{"field": "", "message": (
            "Length required: send the body with a Content-Length header (a chunked body "
            "is not read).")}]), status=411)
    declared = request.META.get("CONTENT_TYPE", "")
    if not declared.strip() and not length and "HTTP_TRANSFER_ENCODING" not in request.META:
        return None  # no body at all: the operation says what is missing
    charset = (request.content_params.get("charset") or "utf-8").lower()
    if request.content_type == "application/json" and charset in ("utf-8", "utf8"):
        return _not_text(request)
    return JsonResponse(error_body([{"field": "", "message": (
        f"Unsupported media type {declared.strip() or '(none)'!r}: send the body as JSON "
        "with the header Content-Type: application/json (UTF-8).")}]), status=415)


def _not_text(request: HttpRequest) -> JsonResponse | None:
    """The 422 (API error shape) to a JSON body that says something twice or holds a
    string that is no text, else ``None`` (a body that is not JSON is the operation's 400):

    - a key given twice in one object with different values (``{"attacker": 1,
      "attacker": 2}``): JSON parsers keep one of them without a word, as a query
      parameter given twice (:func:`rulesite.api.given_twice`);
    - an unpaired surrogate escape (``"\\ud800"``): valid JSON, but no Unicode character,
      and the first encoding of the string (a ruling's address, an error message) failed.
    """
    twice: list[tuple] = []
    try:
        data = json.loads(request.body, object_pairs_hook=_pairs(twice), parse_int=_whole)
    except ValueError:
        return None
    except RecursionError:  # deeper than Python's parser goes (about 1,000 levels)
        return _too_deep()
    if _deeper_than(data, _DEEPEST):
        return _too_deep()
    huge = _first_path(data, _is_huge) if _HUGE_DIGITS.search(request.body) else None
    if huge is not None:
        return JsonResponse(error_body([{"field": ".".join(map(str, huge)), "message": (
            f"A number of more than {_MOST_DIGITS} digits is past every field's bounds.")}]),
            status=422)
    if twice:
        return JsonResponse(error_body([{"field": ".".join(map(str, (*_first_path(
            data, lambda value: value is where), key))), "message": "Given more than once, with different values."}
            for where, key in twice]), status=422)
    path = _first_path(data, _unpaired) if b"\\ud" in request.body.lower() else None
    if path is None:
        return None
    return JsonResponse(error_body([{"field": ".".join(map(str, path)), "message": (
        "Not valid text: an unpaired surrogate (\\ud800–\\udfff) is no Unicode character. "
        "Send the text as UTF-8.")}]), status=422)


#: The deepest a JSON body may nest arrays and objects: far past every scenario's inputs (a
#: group's item is three levels under the body), well short of where reading it recursively
#: would exhaust Python's stack (:func:`_first_path`, the API's validation).
_DEEPEST = 64


def _deeper_than(data, levels: int) -> bool:
    """Whether ``data`` (parsed JSON) nests arrays and objects more than ``levels`` deep,
    walked without recursion.

    >>> _deeper_than([[[]]], 3), _deeper_than([[[]]], 2), _deeper_than({"a": [1, {}]}, 3)
    (False, True, False)
    """
    level = [data]
    for _depth in range(levels):  # then ``level`` holds the values ``levels`` deep
        level = [item for node in level if isinstance(node, (dict, list))
                 for item in (node.values() if isinstance(node, dict) else node)]
    return any(isinstance(node, (dict, list)) for node in level)


def _too_deep() -> JsonResponse:
    """The 400 (API error shape) to a JSON body nested past :data:`_DEEPEST` levels."""
    return JsonResponse(error_body([{"field": "", "message": (
        f"The JSON body nests arrays and objects more than {_DEEPEST} levels deep; no "
        "operation takes that.")}]), status=400)


#: The most digits a JSON whole number may have; past them :func:`_whole` does not convert
#: it (Python refuses past 4,300 and a body of them was a 400 naming no field).
_MOST_DIGITS = 1000


class _Huge(int):
    """A JSON whole number of more than :data:`_MOST_DIGITS` digits, kept unconverted."""


def _whole(text: str) -> int:
    """``json.loads``'s ``parse_int``: the number, or :class:`_Huge` past the digits."""
    return _Huge(0) if len(text.lstrip("-")) > _MOST_DIGITS else int(text)


#: A run of more digits than :data:`_MOST_DIGITS` (a look before :func:`_first_path`).
_HUGE_DIGITS = re.compile(rb"\d{%d}" % (_MOST_DIGITS + 1))


def _is_huge(value) -> bool:
    """Whether ``value`` is a :class:`_Huge` whole number."""
    return isinstance(value, _Huge)


def _pairs(twice: list[tuple]):
    """``json.loads``'s ``object_pairs_hook``: the object as a dict, noting in ``twice``
    each key given twice with different values, with its object (whose place in the
    body is known once the whole body is parsed, :func:`_first_path`)."""
    def hook(pairs):
        found: dict = {}
        for key, value in pairs:
            if key in found and found[key] != value:
                twice.append((found, key))
            found[key] = value
        return found
    return hook


def _unpaired(value) -> bool:
    """Whether ``value`` is a string holding an unpaired surrogate (no Unicode character)."""
    return isinstance(value, str) and _SURROGATE.search(value) is not None


def _first_path(data, test, path: tuple = ()) -> tuple | None:
    r"""The path (keys and indexes) of the first key or value in ``data`` (parsed JSON) that
    passes ``test``, else ``None``.

    >>> _first_path(json.loads('{"inputs": {"card_text": ["ok", "x\\ud800"]}}'), _unpaired)
    ('inputs', 'card_text', 1)
    >>> _first_path(json.loads('{"a": "\\ud83d\\ude00"}'), _unpaired) is None  # a pair: 😀
    True
    >>> _first_path(json.loads('{"inputs": {"a": [1, ' + "9" * 1001 + ']}}', parse_int=_whole),
    ...             _is_huge)
    ('inputs', 'a', 1)
    """
    if test(data):
        return path
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(
        data, list) else ()
    for key, value in items:
        if test(key):
            return (*path, key)
        found = _first_path(value, test, (*path, key))
        if found is not None:
            return found
    return None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _json_client_error(request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
    """``response`` itself, or for a 4xx that is not JSON the same status in the API's shape."""
    if not 400 <= response.status_code < 500 or response.get(
            "Content-Type", "").startswith("application/json"):
        return response
    try:
        phrase = HTTPStatus(response.status_code).phrase
    except ValueError:
        phrase = "Client error"
    message = f"{phrase}."
    if response.status_code == 405:
        message = (f"{phrase}: {request.method} is not an operation of this address; "
                   f"it takes {response.get('Allow', '')}.")
    answer = JsonResponse(error_body([{"field": "", "message": message}]),
                          status=response.status_code)
    for header in _KEPT_HEADERS:
        if header in response:
            answer[header] = response[header]
    return answer
