"""Pages of the rulebook: home, game, document, section, clause.

Views stay thin: look-ups live on the models, reading logic in
:mod:`rulebook.reading`.
"""

from __future__ import annotations

import datetime

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from rulebook.models import Clause, Document, Game, Section
from rulebook.reading import read_clauses, read_document


def reading_date(request: HttpRequest) -> tuple[datetime.date, bool, str]:
    """Return the date a page shows, whether it was asked for, and an error.

    The date comes from ``?as_of=YYYY-MM-DD``; a missing or malformed value
    means today (with an error message for a malformed one).
    """
    raw = request.GET.get("as_of", "").strip()
    today = timezone.localdate()
    if not raw:
        return today, False, ""
    try:
        return datetime.date.fromisoformat(raw[:10]), True, ""
    except ValueError:
        return today, False, _("“%(value)s” is not a date; enter it as YYYY-MM-DD. "
                               "Showing today’s text.") % {"value": raw[:40]}


def _document(game: str, document: str) -> Document:
    return get_object_or_404(Document.objects.select_related("game"), game__slug=game,
                             slug=document)


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The games and their documents."""
    games = Game.objects.prefetch_related("documents")
    return render(request, "rulebook/home.html", {"games": games})


@require_safe
def game_detail(request: HttpRequest, game: str) -> HttpResponse:
    """A game's documents and corrections."""
    game_obj = get_object_or_404(Game, slug=game)
    return render(request, "rulebook/game.html", {
        "game": game_obj,
        "documents": game_obj.documents.all(),
        "corrections": game_obj.corrections.filter(published_at__isnull=False),
    })


@require_safe
def document_detail(request: HttpRequest, game: str, document: str) -> HttpResponse:
    """Table of contents and full text of a document, with an anchor per clause."""
    doc = _document(game, document)
    on, dated, date_error = reading_date(request)
    return render(request, "rulebook/document.html", {
        "document": doc, "game": doc.game, "sections": read_document(doc, on),
        "on": on, "dated": dated, "date_error": date_error, "today": timezone.localdate(),
    })


@require_safe
def section_detail(request: HttpRequest, game: str, document: str, section: str) -> HttpResponse:
    """One section of a document with its clauses."""
    doc = _document(game, document)
    section_obj = get_object_or_404(Section, document=doc, slug=section)
    on, dated, date_error = reading_date(request)
    return render(request, "rulebook/section.html", {
        "document": doc, "game": doc.game, "section": section_obj,
        "sections": read_document(doc, on, section=section_obj),
        "on": on, "dated": dated, "date_error": date_error, "today": timezone.localdate(),
    })


@require_safe
def clause_detail(request: HttpRequest, game: str, document: str, key: str) -> HttpResponse:
    """The permalink page of a clause: text, key, section path, version, neighbours."""
    doc = _document(game, document)
    # A clause with nothing published yet (only a draft of a new clause) has no page.
    clause = get_object_or_404(Clause.objects.select_related("section").filter(
        versions__published_at__isnull=False).distinct(), document=doc, key=key)
    clause.document = doc
    on, dated, date_error = reading_date(request)
    (reading,) = read_clauses([clause], on)
    siblings = Clause.objects.filter(document=doc)
    previous = siblings.filter(position__lt=clause.position).order_by("-position").first()
    following = siblings.filter(position__gt=clause.position).order_by("position").first()
    return render(request, "rulebook/clause.html", {
        "document": doc, "game": doc.game, "clause": clause, "reading": reading,
        "section": clause.section, "previous": previous, "next": following,
        "versions": clause.versions.published().select_related("correction").order_by("number"),
        "on": on, "dated": dated, "date_error": date_error, "today": timezone.localdate(),
    })


@require_safe
def robots_txt(request: HttpRequest) -> HttpResponse:
    """robots.txt: everything but the admin may be crawled; where the sitemap is."""
    lines = ["User-agent: *", "Disallow: /admin/",
             f"Sitemap: {request.build_absolute_uri('/sitemap.xml')}", ""]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")
