"""Offline reading: the site as an installable web app.

- :func:`service_worker` serves ``rulebook/reading/sw.js`` from the site
  root (``/sw.js``), so its scope is the whole site; it keeps a copy of
  every rule page the reader opens and serves it when the network fails
  (the page then shows its "offline copy from …" banner, see reader.js);
- :func:`manifest` is the web app manifest in the reader's language;
- :func:`offline_pages` lists the pages of a game in every language of the
  site (the reader's first) for "keep this game offline";
- :func:`offline_state` tells the worker what has been published (the
  rulebook's generation) and which release the site runs, so a new
  publication replaces the stored copies, and a new release the stored
  offline pages, on the next visit online;
- :func:`offline_page` is what the worker answers offline instead of the
  browser's error page, in the language of the address asked for; the
  worker stores these pages of every language when it is installed
  (:data:`OFFLINE_REASONS`).
"""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, override
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from rulebook.caching.conditional import release
from rulebook.caching.pages import rulebook_generation
from rulebook.models import Clause, Correction, Document, Game, GlossaryTerm, Ruling, Section
from rulebook.reading.services import document_sections

SERVICE_WORKER = "rulebook/reading/sw.js"
# What an offline page says, by the address's last part (``/<language>/offline/<reason>/``;
# none: ``/<language>/offline/``): a page that needs the server (the
# calculator, the search), a page that was not kept, and the list of the
# pages kept on the device (filled in by reader.js from the worker).
OFFLINE_REASONS = ("needs-connection", "not-kept", "kept")


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


def _game_pages(game: Game, documents: list[tuple[Document, list[Section]]], clauses: list,
                rulings: list[int], corrections: list[int] = (),
                glossary: bool = False) -> list[str]:
    """The addresses of ``game``'s pages in the active language: the home
    page, the game page, every document shown today with the sections it
    shows (``documents``: pairs of a document and those sections), every
    clause page (``clauses``); the
    list of corrections and each published correction's page (``corrections``:
    their numbers); the game's glossary when it has terms; when the game has
    published official rulings (``rulings``: their numbers), their list — the
    game page links it then — and each ruling's page."""
    urls = [reverse("rulebook:home"), game.get_absolute_url()]
    for document, sections in documents:
        urls.append(document.get_absolute_url())
        urls.extend(section.get_absolute_url() for section in sections)
    urls.extend(clause.get_absolute_url() for clause in clauses)
    urls.append(reverse("rulebook:corrections", args=[game.slug]))
    urls.extend(reverse("rulebook:correction", args=[game.slug, number])
                for number in corrections)
    if glossary:
        urls.append(reverse("rulebook:glossary", args=[game.slug]))
    if rulings:
        urls.append(reverse("rulebook:rulings", args=[game.slug]))
        urls.extend(reverse("rulebook:ruling", args=[game.slug, number]) for number in rulings)
    return urls


@require_safe
def offline_pages(request: HttpRequest, game: str) -> JsonResponse:
    """The addresses "keep this game offline" stores, in every language.

    ``pages``: the game's pages that answer today (:func:`_game_pages`) in
    the reader's language, then in each other language of the site, so what the reader
    reads now is stored first; ``languages``: the languages in that order;
    ``names`` and ``homes``: the game's name and the address of its page in
    each language (the list of kept pages links them). 404 for an unknown game.
    """
    game_obj = get_object_or_404(Game, slug=game)
    # Only pages that answer today (the worker records a game only when it
    # kept every page): the documents and sections with a clause in force
    # today, as their pages find them, and the clause pages of those documents.
    today = timezone.localdate()
    documents = list(game_obj.documents.shown(today))
    for document in documents:
        document.game = game_obj
    clauses = list(Clause.objects.filter(document__in=documents,
                                         versions__published_at__isnull=False)
                   .distinct().order_by("document__position", "position"))
    by_pk = {document.pk: document for document in documents}
    for clause in clauses:
        clause.document = by_pk[clause.document_id]
    documents = [(document, document_sections(document, today)) for document in documents]
    rulings = list(Ruling.objects.published().filter(game=game_obj)
                   .order_by("-source_date", "-number").values_list("number", flat=True))
    corrections = list(Correction.objects.published().filter(game=game_obj)
                       .exclude(number=None).order_by("number")
                       .values_list("number", flat=True))
    glossary = GlossaryTerm.objects.filter(game=game_obj).exists()
    current = (get_language() or settings.LANGUAGE_CODE)[:2]
    languages = [current] + [code for code, _name in settings.LANGUAGES if code != current]
    pages: list[str] = []
    names: dict[str, str] = {}
    homes: dict[str, str] = {}
    for code in languages:
        with override(code):
            pages.extend(_game_pages(game_obj, documents, clauses, rulings, corrections,
                                     glossary))
            names[code] = game_obj.name or game_obj.slug
            homes[code] = game_obj.get_absolute_url()
    return JsonResponse({"game": game_obj.slug, "languages": languages, "names": names,
                         "homes": homes, "pages": pages})


@require_safe
def offline_state(request: HttpRequest) -> JsonResponse:
    """What has been published (a digest; stored copies older than it are
    renewed) and the site's release (the stored offline pages of another
    release are fetched again)."""
    response = JsonResponse({"generation": rulebook_generation(), "release": release()})
    response["Cache-Control"] = "no-store"
    return response


@require_safe
def offline_page(request: HttpRequest, reason: str = "needs-connection") -> HttpResponse:
    """A page the worker answers offline, ``reason`` one of :data:`OFFLINE_REASONS`:

    ``needs-connection`` for the calculator and the search (they ask the
    server for every answer), ``not-kept`` for a page that was not stored,
    ``kept`` the list of what is stored on this device (each other offline
    page links it).
    """
    if reason not in OFFLINE_REASONS:
        raise Http404("No such offline page.")
    return render(request, "rulebook/reading/offline.html", {"reason": reason})
