"""Original and translation side by side, aligned clause by clause.

Like EUR-Lex's multilingual display: one row per clause, the original text
(the document's language) on the left and the chosen translation on the
right; on a narrow screen the two cells stack (see site.css).  A cell whose
translation is missing says so in the reader's UI language; no text is
ever filled in from another language.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from rulebook.models import Clause, Document, Section
from rulebook.reading.services import ClauseReading, read_clauses
from rulebook.reading.rulepage import reading_date

LANGUAGES = [code for code, _name in settings.LANGUAGES]


@dataclass(frozen=True)
class AlignedRow:
    """One clause: its reading and the texts in the two languages
    (``translation`` empty when the clause has no text in that language)."""

    reading: ClauseReading
    original: str
    original_title: str
    translation: str
    translation_title: str


def translation_language(document: Document, requested: str | None) -> str:
    """The language to show beside ``document``'s original: ``requested``
    if it is another site language, else the reader's UI language, else
    the first other site language."""
    others = [code for code in LANGUAGES if code != document.language]
    if requested in others:
        return requested
    ui = (get_language() or "")[:2]
    return ui if ui in others else others[0]


def align(clauses, document: Document, language: str,
          on: datetime.date | None = None) -> list[AlignedRow]:
    """Return one :class:`AlignedRow` per clause (versions in force on ``on``)."""
    rows = []
    original = document.language
    for reading in read_clauses(clauses, on):
        version = reading.version
        if version is None:
            rows.append(AlignedRow(reading, "", "", "", ""))
            continue
        rows.append(AlignedRow(
            reading,
            getattr(version, f"text_{original}", "") or "",
            getattr(version, f"title_{original}", "") or "",
            getattr(version, f"text_{language}", "") or "",
            getattr(version, f"title_{language}", "") or ""))
    return rows


def _render(request: HttpRequest, document: Document, clauses, context: dict) -> HttpResponse:
    on, dated, date_error = reading_date(request)
    language = translation_language(document, request.GET.get("with"))
    for clause in clauses:
        clause.document = document
    rows = align(clauses, document, language, on)
    languages = [code for code in LANGUAGES if code != document.language]
    section = context.get("section")
    if section is not None:
        context["original_heading"] = getattr(section, f"heading_{document.language}", "") or ""
        context["translated_heading"] = getattr(section, f"heading_{language}", "") or ""
    return render(request, "rulebook/reading/side_by_side.html", {
        **context, "document": document, "game": document.game, "rows": rows,
        "original_language": document.language, "translation_language": language,
        "other_languages": languages, "on": on, "dated": dated, "date_error": date_error,
        # the single-language page is the canonical address of both languages side by side
        "canonical_path": context["subject"].get_absolute_url()})


def _document(game: str, document: str) -> Document:
    return get_object_or_404(Document.objects.select_related("game"), game__slug=game,
                             slug=document)


@require_safe
def section_side_by_side(request: HttpRequest, game: str, document: str,
                         section: str) -> HttpResponse:
    """A section in its original language and a translation (``?with=ru``)."""
    doc = _document(game, document)
    section_obj = get_object_or_404(Section, document=doc, slug=section)
    section_obj.document = doc
    clauses = list(Clause.objects.filter(section=section_obj).select_related("section")
                   .order_by("position"))
    return _render(request, doc, clauses, {"section": section_obj, "subject": section_obj})


@require_safe
def clause_side_by_side(request: HttpRequest, game: str, document: str, key: str) -> HttpResponse:
    """A clause in its original language and a translation (``?with=ru``)."""
    doc = _document(game, document)
    clause = get_object_or_404(Clause.objects.select_related("section"), document=doc, key=key)
    clause.section.document = doc
    return _render(request, doc, [clause], {"clause": clause, "section": clause.section,
                                            "subject": clause})
