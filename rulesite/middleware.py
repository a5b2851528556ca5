"""The site's versions of two middlewares: Django's LocaleMiddleware, minus
its redirects under ``/api/``, and django-csp's, building the policy once."""

from functools import lru_cache

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as BaseCSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.middleware.locale import LocaleMiddleware as DjangoLocaleMiddleware


class LocaleMiddleware(DjangoLocaleMiddleware):
    """Activate the request's language everywhere (the API's default ``lang``
    is the ``Accept-Language``), but leave the API's answers alone.

    Django's middleware turns a 404 whose address would match a page under
    a language prefix into a redirect there (``/api/games/x`` →
    ``/en/api/games/x/``, read as a clause page); an API 404 must stay a 404
    in the API's error shape.
    """

    def process_response(self, request, response):
        if request.path_info.startswith("/api/"):
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
