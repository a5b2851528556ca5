"""Pages of the rulebook: home, game, document, section, clause.

Views stay thin: look-ups live on the models, reading logic in
:mod:`rulebook.reading.services`.
"""

from __future__ import annotations

import datetime

import copy

from django.http import (Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect,
                         HttpResponseRedirect)
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, render
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from rulebook.models import Clause, Document, Game, Ruling, Section
from rulebook.models.rules import page_address
from rulebook.models.structure import changes_for, load_changes, structure_on
from rulebook.reading.rulepage import reading_date, render_rule_page
from rulebook.templatetags.reading import TOC_SECTIONS
from rulebook.reading.services import (as_of, document_sections, find_clause, find_section,
                                       find_stamped_document, read_document, read_document_page,
                                       renumbered_clause, section_answers)


def document_or_404(game: str, document: str, on: datetime.date,
                    announced: bool = False) -> Document:
    """The document with its game and publication stamp (one query), or 404:
    also when it has no clause in force on the reading date ``on`` — unless
    ``announced`` (a clause page) and a published correction adds one later
    (a second query, only then): its clause pages say from when, as those of a
    clause announced in a document in force do, and a correction page links them."""
    found = find_stamped_document(game, document, on=on)
    if found is None and announced:
        found = find_stamped_document(game, document, on=datetime.date.max)
    if found is None:
        raise Http404("No document matches the given query.")
    return found


def section_page(request: HttpRequest, document: Document, slug: str, on: datetime.date,
                 route: str) -> Section | HttpResponse:
    """The section ``slug`` of ``document`` shown on ``on`` for the page
    ``route`` (the section page or its side-by-side page): the section
    (knowing its document, the document its table of contents), a 301 from
    an earlier slug to the page at the one in force (the query kept), or a
    404 (:func:`~rulebook.reading.services.find_section`)."""
    found = find_section(document, slug, on)
    if found.section is None:
        if found.moved_to is None:
            raise Http404("No such section in this document.")
        query = f"?{request.META['QUERY_STRING']}" if request.META.get("QUERY_STRING") else ""
        return HttpResponsePermanentRedirect(
            page_address(route, document.game.slug, document.slug, found.moved_to) + query)
    document.__dict__[TOC_SECTIONS] = (on, found.sections)
    found.section.document = document
    return found.section


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The games and the documents shown on the reading date."""
    on = reading_date(request)[0]
    changes = load_changes()  # names and titles in force today
    games = [structure_on(game, None, changes) for game in Game.objects.prefetch_related(
        Prefetch("documents", queryset=Document.objects.shown(on)))]
    for game in games:
        for document in game.documents.all():
            structure_on(document, None, changes)
    return render(request, "rulebook/reading/home.html", {"games": games})


@require_safe
def game_detail(request: HttpRequest, game: str) -> HttpResponse:
    """A game's documents shown on the reading date and its corrections, and a
    link to its official rulings if any."""
    on = reading_date(request)[0]
    changes = load_changes()  # names and titles in force today
    game_obj = structure_on(get_object_or_404(Game, slug=game), None, changes)
    return render(request, "rulebook/reading/game.html", {
        "game": game_obj,
        "documents": [structure_on(document, None, changes)
                      for document in game_obj.documents.shown(on)],
        "corrections": game_obj.corrections.filter(published_at__isnull=False),
        "has_rulings": game_obj.rulings.published().exists(),
    })


@require_safe
def document_detail(request: HttpRequest, game: str, document: str) -> HttpResponse:
    """Table of contents and full text of a document, with an anchor per clause."""
    doc = document_or_404(game, document, reading_date(request)[0])
    try:
        number = int(request.GET.get("page", "1"))
    except ValueError:
        number = 1

    def context(on: datetime.date) -> dict:
        query = f"&as_of={on:%Y-%m-%d}" if request.GET.get("as_of") else ""
        # Read only when the cached body fragment is missing.
        page = SimpleLazyObject(lambda: read_document_page(doc, on, number, query))
        return {"page": page, "page_number": number,
                "sections": SimpleLazyObject(lambda: page.sections),
                "page_sections": SimpleLazyObject(lambda: page.page_sections)}

    return render_rule_page(request, doc, "rulebook/reading/document.html", context)


@require_safe
def section_detail(request: HttpRequest, game: str, document: str, section: str) -> HttpResponse:
    """One section of a document with its clauses."""
    on = reading_date(request)[0]
    doc = document_or_404(game, document, on)
    # Only a section with a clause in force on the reading date (not structure
    # an editor added, nor a section a later correction adds).
    section_obj = section_page(request, doc, section, on, "rulebook:section")
    if isinstance(section_obj, HttpResponse):
        return section_obj
    return render_rule_page(request, doc, "rulebook/reading/section.html", lambda on: {
        "section": section_obj,
        "sections": SimpleLazyObject(lambda: read_document(doc, on, section=section_obj)),
    })


@require_safe
def clause_detail(request: HttpRequest, game: str, document: str, key: str) -> HttpResponse:
    """The permalink page of a clause: text, key, section path, version, neighbours."""
    doc = document_or_404(game, document, reading_date(request)[0], announced=True)
    found = find_clause(doc, key)
    if found is None:
        return renumbered_redirect(request, doc, key)
    clause = found.clause

    def context(on: datetime.date) -> dict:
        # The publisher's rulings given by the reading date, apart from the text
        # (not even looked for when the game has none: the stamp counted them).
        rulings = (SimpleLazyObject(lambda: Ruling.objects.for_reader(clause, on))
                   if getattr(doc, "published_rulings", 1) else ([], []))
        reading = found.reading(on)
        version = reading.version or reading.later
        shown = _as_of(clause, version)
        structure_on(shown.section, on, changes_for(doc))
        # The sections shown on the date, for the table of contents and to link
        # the clause's section only when its page answers (a clause a later
        # correction adds may be in a section nothing is in force in yet).
        sections = document_sections(doc, on)
        doc.__dict__[TOC_SECTIONS] = (on, sections)
        return {
            "section_answers": section_answers(shown.section, on, sections),
            "clause": shown, "reading": reading,
            # the key in force on the reading date (a renumbered clause's old
            # one before the correction's date); the address stays clause.key
            "key_on_date": getattr(version, "key", "") or clause.key,
            "section": shown.section, "previous": found.previous, "next": found.next,
            "versions": found.versions, "rulings": rulings,
        }

    return render_rule_page(request, doc, "rulebook/reading/clause.html", context)


def _as_of(clause: Clause, version) -> Clause:
    """A copy of ``clause`` with the label and section ``version`` carries
    (:func:`~rulebook.reading.services.as_of`); one query only when the
    section then was another one."""
    shown = copy.copy(clause)
    shown._state = copy.copy(clause._state)
    shown._state.fields_cache = dict(clause._state.fields_cache)
    as_of(shown, version)
    if shown.section_id != clause.section_id:
        shown.section = Section.objects.get(pk=shown.section_id)
        shown.section.document = clause.document
    return shown


def renumbered_redirect(request: HttpRequest, document: Document, key: str,
                        suffix: str = "") -> HttpResponse:
    """A permanent redirect from a clause's old key (a correction renumbered
    it) to its address now, ``suffix`` (e.g. ``history/``) and the query
    kept; a 404 when no clause of ``document`` ever had ``key``."""
    clause = renumbered_clause(document, key)
    if clause is None:
        raise Http404("No such clause in this document.")
    clause.document = document
    query = request.META.get("QUERY_STRING", "")
    return HttpResponsePermanentRedirect(
        clause.get_absolute_url() + suffix + (f"?{query}" if query else ""))


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``, which browsers and feed readers ask for without reading a
    page's ``<link rel="icon">``: a redirect to the site's icon (a static file,
    its hashed name changes with its content, so the redirect is not permanent)."""
    from django.templatetags.static import static

    response = HttpResponseRedirect(static("rulebook/favicon.svg"))
    response["Cache-Control"] = "max-age=86400"
    return response


@require_safe
def robots_txt(request: HttpRequest) -> HttpResponse:
    """robots.txt: everything but the admin may be crawled; where the sitemap is."""
    lines = ["User-agent: *", "Disallow: /admin/",
             f"Sitemap: {request.build_absolute_uri('/sitemap.xml')}", ""]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")
