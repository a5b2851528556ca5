"""Offline reading: the site as an installable web app.

- :func:`service_worker` serves ``rulebook/reading/sw.js`` from the site
  root (``/sw.js``), so its scope is the whole site; it keeps a copy of
  every rule page the reader opens and serves it when the network fails
  (the page then shows its "offline copy from …" banner, see reader.js);
- :func:`manifest` is the web app manifest in the reader's language;
- :func:`offline_pages` lists the pages of a game in the reader's language
  for "keep this game offline";
- :func:`offline_state` tells the worker what has been published (the
  rulebook's generation), so a new publication replaces the stored copies
  on the next visit online;
- :func:`offline_page` is what the calculator and search show offline:
  they need the server.
"""

from __future__ import annotations

import json

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from rulebook.caching.pages import rulebook_generation
from rulebook.models import Clause, Game

SERVICE_WORKER = "rulebook/reading/sw.js"


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker script, served from the root so its scope is ``/``.

    Browsers check it for updates on every visit (``no-cache``).
    """
    path = finders.find(SERVICE_WORKER)
    if not path:
        raise Http404("No service worker.")
    with open(path, encoding="utf-8") as script:
        response = HttpResponse(script.read(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: name, start page and icons, in the reader's language."""
    language = (get_language() or "de")[:2]
    data = {
        "name": _("Rules reference"),
        "short_name": _("Rules"),
        "description": _("Read the rules of each game in their original language, clause by "
                         "clause, each with a permanent address."),
        "lang": language,
        "start_url": reverse("rulebook:home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1f4fa3",
        "icons": [
            {"src": static("rulebook/reading/icon-192.png"), "sizes": "192x192",
             "type": "image/png"},
            {"src": static("rulebook/reading/icon-512.png"), "sizes": "512x512",
             "type": "image/png"},
            {"src": static("rulebook/reading/icon.svg"), "sizes": "any",
             "type": "image/svg+xml"},
        ],
    }
    return HttpResponse(json.dumps(data, ensure_ascii=False),
                        content_type="application/manifest+json; charset=utf-8")


@require_safe
def offline_pages(request: HttpRequest, game: str) -> JsonResponse:
    """The addresses "keep this game offline" stores: the game page and every
    document, section and clause page of the game, in the reader's language."""
    game_obj = get_object_or_404(Game, slug=game)
    urls = [reverse("rulebook:home"), game_obj.get_absolute_url()]
    for document in game_obj.documents.all():
        document.game = game_obj
        urls.append(document.get_absolute_url())
        for section in document.sections.all():
            section.document = document
            urls.append(section.get_absolute_url())
    clauses = (Clause.objects.filter(document__game=game_obj,
                                     versions__published_at__isnull=False)
               .distinct().select_related("document").order_by("document__position", "position"))
    for clause in clauses:
        clause.document.game = game_obj
        urls.append(clause.get_absolute_url())
    return JsonResponse({"game": game_obj.slug, "pages": urls})


@require_safe
def offline_state(request: HttpRequest) -> JsonResponse:
    """What has been published (a digest): stored copies older than it are renewed."""
    response = JsonResponse({"generation": rulebook_generation()})
    response["Cache-Control"] = "no-store"
    return response


@require_safe
def offline_page(request: HttpRequest) -> HttpResponse:
    """The page shown offline for pages that need the server (calculator, search)."""
    return render(request, "rulebook/reading/offline.html")
