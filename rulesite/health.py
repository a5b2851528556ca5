"""``/healthz``: whether the database and the cache answer, reported apart.

For load balancers and monitoring.  The database has every answer, the
cache only accelerates (:mod:`rulebook.caching.degrading`), so the site is
healthy — 200 — whenever the database answers, with the cache reported
down if it does not; 503 when the database does not answer.  Served
outside the language prefixes and never stored (``Cache-Control:
no-store``): every request checks both again.
"""

from __future__ import annotations

from django.db import DatabaseError
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_safe

from rulebook.caching import degrading
from rulebook.models import RulebookRevision


def database_health() -> dict:
    """Read one row of the rulebook's tables now: ``{"ok": True}``, or
    ``{"ok": False, "error": <the error's type>}`` when the database does not
    answer (missing, unreadable, server down) or has no rulebook tables."""
    try:
        list(RulebookRevision.objects.values_list("pk", flat=True)[:1])
    except DatabaseError as error:
        return {"ok": False, "error": type(error).__name__}
    return {"ok": True}


@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """The health of the database and the cache as JSON (GET or HEAD).

    ``{"status": "ok" | "degraded" | "down", "database": {"ok": …},
    "cache": {"ok": …, "backend": …}}``: "degraded" when only the cache
    fails (status 200: pages are answered from the database), "down" when
    the database fails (status 503).
    """
    database = database_health()
    cache = degrading.health()
    if not database["ok"]:
        status, code = "down", 503
    else:
        status, code = ("ok" if cache["ok"] else "degraded"), 200
    response = JsonResponse({"status": status, "database": database, "cache": cache},
                            status=code)
    response.headers["Cache-Control"] = "no-store"
    return response
