"""Original and translation side by side, aligned clause by clause.

Like EUR-Lex's multilingual display: one row per clause, any two of the
site's languages (``?left=de&right=en``; by default the original on the
left and the reader's language on the right, ``?with=ru`` as before); a
translation made from an earlier original is flagged on its row; on a narrow screen the two cells stack (see site.css).  A cell whose
translation is missing says so in the reader's UI language; no text is
ever filled in from another language.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from rulebook.models import Document
from rulebook.models.structure import structure_on
from rulebook.reading.services import (ClauseReading, find_clause, read_document,
                                       section_answers)
from rulebook.reading.rulepage import reading_date
from rulebook.reading.views import document_or_404, renumbered_redirect, section_page

LANGUAGES = [code for code, _name in settings.LANGUAGES]


@dataclass(frozen=True)
class Cell:
    """One clause's text in one language: ``text`` empty when there is none;
    ``outdated`` when it is a translation made from an earlier original."""

    language: str
    text: str
    title: str
    outdated: bool = False
    is_original: bool = False


@dataclass(frozen=True)
class AlignedRow:
    """One clause: its reading and its cells in the two languages shown."""

    reading: ClauseReading
    left: Cell
    right: Cell

    # The original and the translation, as before any two languages could be chosen.
    @property
    def original(self) -> str:
        """The text of the left column (the original unless another language was chosen)."""
        return self.left.text

    @property
    def translation(self) -> str:
        """The text of the right column."""
        return self.right.text

    @property
    def outdated(self) -> bool:
        """Whether either shown text is a translation that may be out of date."""
        return self.left.outdated or self.right.outdated


def translation_language(document: Document, requested: str | None) -> str:
    """The language to show beside ``document``'s original: ``requested``
    if it is another site language, else the reader's UI language, else
    the first other site language."""
    others = [code for code in LANGUAGES if code != document.language]
    if requested in others:
        return requested
    ui = (get_language() or "")[:2]
    return ui if ui in others else others[0]


def chosen_languages(document: Document, left: str | None, right: str | None,
                     with_: str | None = None) -> tuple[str, str]:
    """The two languages shown: ``left`` and ``right`` when both are site
    languages and differ; else the original on the left and, on the right,
    ``right`` or ``with_`` (the older parameter) or the reader's language."""
    if left in LANGUAGES and right in LANGUAGES and left != right:
        return left, right
    left = left if left in LANGUAGES else document.language
    if right in LANGUAGES and right != left:
        return left, right
    if left != document.language:
        return left, document.language
    return left, translation_language(document, right or with_)


def _cell(version, language: str, original: str) -> Cell:
    return Cell(language, getattr(version, f"text_{language}", "") or "",
                getattr(version, f"title_{language}", "") or "",
                version.translation_outdated(language), language == original)


def align(readings: list[ClauseReading], document: Document, language: str,
          left: str | None = None) -> list[AlignedRow]:
    """Return one :class:`AlignedRow` per clause reading (the version it
    pairs, in force on the reading date): ``left`` (default: the original)
    beside ``language``."""
    rows = []
    original = document.language
    left = left or original
    for reading in readings:
        version = reading.version
        if version is None:
            rows.append(AlignedRow(reading, Cell(left, "", ""), Cell(language, "", "")))
            continue
        rows.append(AlignedRow(reading, _cell(version, left, original),
                               _cell(version, language, original)))
    return rows


def _render(request: HttpRequest, document: Document, readings: list[ClauseReading],
            on: datetime.date, context: dict) -> HttpResponse:
    _on, dated, date_error = reading_date(request)
    left, right = chosen_languages(document, request.GET.get("left"), request.GET.get("right"),
                                   request.GET.get("with"))
    rows = align(readings, document, right, left=left)
    section = context.get("section")
    if section is not None:
        structure_on(section, on)  # the heading in force on the reading date
        context["left_heading"] = getattr(section, f"heading_{left}", "") or ""
        context["right_heading"] = getattr(section, f"heading_{right}", "") or ""
    return render(request, "rulebook/reading/side_by_side.html", {
        **context, "document": document, "game": document.game, "rows": rows,
        "original_language": document.language, "left_language": left, "right_language": right,
        "languages": LANGUAGES, "on": on, "dated": dated, "date_error": date_error,
        # the single-language page is the canonical address of both languages side by side
        "canonical_path": context["subject"].get_absolute_url()})


@require_safe
def section_side_by_side(request: HttpRequest, game: str, document: str,
                         section: str) -> HttpResponse:
    """A section in its original language and a translation (``?with=ru``):
    the section and clauses its single-language page shows, at the same
    addresses (an earlier slug 301, a section with nothing in force on the
    reading date 404)."""
    on = reading_date(request)[0]
    doc = document_or_404(game, document, on)
    section_obj = section_page(request, doc, section, on, "rulebook:section-side-by-side")
    if isinstance(section_obj, HttpResponse):
        return section_obj
    (reading,) = read_document(doc, on, section=section_obj)
    return _render(request, doc, list(reading.clauses), on,
                   {"section": section_obj, "subject": section_obj})


@require_safe
def clause_side_by_side(request: HttpRequest, game: str, document: str, key: str) -> HttpResponse:
    """A clause in its original language and a translation (``?with=ru``),
    where its single-language page answers (an old key 301, a clause with
    nothing published 404)."""
    on = reading_date(request)[0]
    doc = document_or_404(game, document, on, announced=True)
    found = find_clause(doc, key)
    if found is None:  # an old key of a renumbered clause: 301, as its page does
        return renumbered_redirect(request, doc, key, "side-by-side/")
    clause = found.clause
    return _render(request, doc, [found.reading(on)], on, {
        "clause": clause, "section": clause.section, "subject": clause,
        "section_answers": section_answers(clause.section, on)})
