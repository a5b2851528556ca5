"""Official rulings in the JSON API: a game's rulings, one ruling, the rulings on a clause.

A django-ninja router, added to the site's API in :mod:`rulesite.api`:

- ``GET /games/{game}/rulings`` — the game's published rulings given by
  ``as_of``, newest first;
- ``GET /games/{game}/rulings/{number}`` — one ruling by its public number;
- ``GET /games/{game}/documents/{document}/clauses/{key}/rulings`` — the
  rulings interpreting a clause (key or printed number), newest first.

Every operation reads the rulings "as of" a date (``as_of``, default today):
a ruling given after it is not listed (or a 404), and one superseded or
withdrawn after it is shown as it stood then, current
(:meth:`~rulebook.models.Ruling.status_on`).  A ruling's ``original``
question and answer (the publisher's words) are always included; its
``translation`` into ``lang`` (the site's own, unofficial one:
``"official": false``) when that is another language, with its status
(``current``, ``partial``: only the question or the answer translated,
``missing``) — as the clauses' texts are given.  A ruling is never rule
text: it has no ``text`` of a clause.
"""

from __future__ import annotations

import datetime
from typing import Literal

from django.db.models import Prefetch
from django.http import HttpRequest
from django.urls import reverse
from django.utils import translation
from ninja import Field, Query, Router, Schema

from rulebook.api_common import (ERRORS, CorrectionRef, absolute, correction_ref, not_found,
                                 reader_language)
from rulebook.models import Game, Ruling, RulingClause
from rulebook.reading.api import (ReadingParams, clause_api_url, find_clause_by_number,
                                  find_document, reading_on)

router = Router()

#: The largest number the column holds; a bigger one names no ruling.
_MAX_NUMBER = 2**31 - 1

RulingTranslationStatus = Literal["original", "current", "partial", "missing"]


class OfficialRulingSourceOut(Schema):
    """Where the publisher gave the ruling: document or page, date, address, citation."""

    title: str
    date: datetime.date
    url: str = Field(..., description="The source's address (empty: a printed source).")
    citation: str = Field(..., description="Where in the source, e.g. “question 12”.")


class OfficialRulingTextOut(Schema):
    """The publisher's question and answer, in the original language."""

    language: str
    question: str
    answer: str


class OfficialRulingTranslationOut(OfficialRulingTextOut):
    """The site's own translation (never official): ``current`` (question and answer),
    ``partial`` (one of them; the other empty) or ``missing``."""

    status: Literal["current", "partial", "missing"]
    official: Literal[False] = Field(False, description="Always false: only the original "
                                                        "is the publisher's.")


class OfficialRulingVersionOut(Schema):
    """The clause version a ruling interprets: the one in force on the ruling's date."""

    number: int
    effective_date: datetime.date | None


class OfficialRulingClauseOut(Schema):
    """A clause a ruling interprets (``version``: ``null`` if no version was in force then)."""

    game: str
    document: str
    key: str
    label: str
    version: OfficialRulingVersionOut | None
    url: str
    api_url: str


class OfficialRulingRef(Schema):
    """A ruling as other answers refer to it."""

    number: int
    date: datetime.date
    url: str
    api_url: str


class OfficialRulingStatusOut(Schema):
    """The ruling's status on ``as_of``; ``date`` and ``reason`` when no longer current."""

    status: Literal["current", "superseded", "withdrawn"]
    date: datetime.date | None
    reason: str
    superseded_by: OfficialRulingRef | None
    superseded_by_correction: CorrectionRef | None


class OfficialRulingOut(Schema):
    """A published official ruling or FAQ entry, as it stood on ``as_of``."""

    game: str
    number: int
    kind: Literal["ruling", "faq"]
    source: OfficialRulingSourceOut
    original: OfficialRulingTextOut
    translation: OfficialRulingTranslationOut | None
    translation_status: RulingTranslationStatus
    clauses: list[OfficialRulingClauseOut]
    status: OfficialRulingStatusOut
    under_review: bool = Field(description=(
        "Whether a published correction changed a clause the ruling interprets and the "
        "editors have not yet confirmed that the ruling still applies (today, whatever "
        "as_of says)."))
    published_at: datetime.datetime | None
    url: str
    api_url: str


class OfficialRulingsOut(Schema):
    """Rulings given by ``as_of``, newest first."""

    game: str
    as_of: datetime.date
    url: str
    rulings: list[OfficialRulingOut]


class ClauseOfficialRulingsOut(OfficialRulingsOut):
    """The rulings interpreting one clause, given by ``as_of``, newest first."""

    document: str
    key: str
    label: str
    clause_url: str
    clause_api_url: str


# --------------------------------------------------------------------------
# Conversions
# --------------------------------------------------------------------------

def ruling_api_url(game: str, number: int) -> str:
    """The API address (path) of a ruling."""
    return reverse("api:ruling", args=[game, number])


def _ruling_ref(request: HttpRequest, ruling: Ruling) -> dict:
    return {"number": ruling.number, "date": ruling.source_date,
            "url": absolute(request, ruling.get_absolute_url()),
            "api_url": absolute(request, ruling_api_url(ruling.game.slug, ruling.number))}


def ruling_texts(ruling: Ruling, language: str) -> tuple[dict, dict | None, str]:
    """The original question and answer, the translation into ``language``
    (``None`` when that is the original language) and its status."""
    original = ruling.language
    block = {"language": original,
             "question": getattr(ruling, f"question_{original}", "") or "",
             "answer": getattr(ruling, f"answer_{original}", "") or ""}
    if language == original:
        return block, None, "original"
    question = getattr(ruling, f"question_{language}", "") or ""
    answer = getattr(ruling, f"answer_{language}", "") or ""
    status = ("current" if question and answer else
              "partial" if question or answer else "missing")
    return block, {"language": language, "question": question, "answer": answer,
                   "status": status, "official": False}, status


def ruling_json(request: HttpRequest, ruling: Ruling, language: str,
                on: datetime.date) -> dict:
    """A published ruling as :class:`OfficialRulingOut`, its status as it stood on ``on``.

    ``ruling`` comes from :func:`published_rulings` (its clauses prefetched).
    """
    original, translated, status = ruling_texts(ruling, language)
    clauses = []
    for link in ruling.interpretations.all():
        clause, version = link.clause, link.version
        document = clause.document
        clauses.append({
            "game": document.game.slug, "document": document.slug, "key": clause.key,
            "label": clause.display_key,
            "version": ({"number": version.number, "effective_date": version.effective_date}
                        if version is not None else None),
            "url": absolute(request, clause.get_absolute_url()),
            "api_url": absolute(request, clause_api_url(document, clause.key))})
    shown = ruling.status_on(on)
    current = shown == Ruling.CURRENT
    by = ruling.superseded_by if not current and ruling.superseded_by_id else None
    by_correction = (ruling.superseded_by_correction
                     if not current and ruling.superseded_by_correction_id else None)
    game = ruling.game.slug
    return {
        "game": game, "number": ruling.number, "kind": ruling.kind,
        "source": {"title": ruling.source_title, "date": ruling.source_date,
                   "url": ruling.source_url, "citation": ruling.source_citation},
        "original": original, "translation": translated, "translation_status": status,
        "clauses": clauses,
        "status": {"status": shown, "date": None if current else ruling.status_date,
                   "reason": "" if current else ruling.status_reason,
                   "superseded_by": _ruling_ref(request, by) if by else None,
                   "superseded_by_correction": (correction_ref(request, by_correction, language)
                                                if by_correction else None)},
        "under_review": _under_review(ruling),
        "published_at": ruling.published_at,
        "url": absolute(request, ruling.get_absolute_url()),
        "api_url": absolute(request, ruling_api_url(game, ruling.number)),
    }


def _under_review(ruling: Ruling) -> bool:
    """``ruling.under_review`` as :meth:`~rulebook.models.rulings.RulingQuerySet.with_review`
    annotated it, else looked up."""
    found = getattr(ruling, "under_review", None)
    if found is None:
        found = Ruling.objects.with_review().filter(pk=ruling.pk, under_review=True).exists()
    return bool(found)


def published_rulings(on: datetime.date):
    """The published rulings given by ``on``, newest first, with what
    :func:`ruling_json` reads (a fixed number of queries for any number of rulings)."""
    links = RulingClause.objects.select_related("clause__document__game", "version")
    return (Ruling.objects.given_by(on).with_review()
            .select_related("game", "superseded_by__game", "superseded_by_correction__game")
            .prefetch_related(Prefetch("interpretations", queryset=links))
            .order_by("-source_date", "-number"))


def _find_game(game: str) -> Game:
    found = Game.objects.filter(slug=game).first() if "\x00" not in game else None
    if found is None:
        raise not_found("game", f"No game {game!r}; GET /api/games lists them.")
    return found


# --------------------------------------------------------------------------
# Operations
# --------------------------------------------------------------------------

@router.get("/games/{game}/rulings", response={200: OfficialRulingsOut, **ERRORS},
            url_name="rulings", operation_id="list_rulings")
def list_rulings(request: HttpRequest, game: str, params: Query[ReadingParams]):
    """The game's official rulings and FAQ entries given by ``as_of``, newest
    first, each with its status as it stood then."""
    game_obj = _find_game(game)
    language, on = reader_language(request, params.lang), reading_on(params.as_of)
    with translation.override(language):
        return {"game": game_obj.slug, "as_of": on,
                "url": absolute(request, reverse("rulebook:rulings", args=[game_obj.slug])),
                "rulings": [ruling_json(request, ruling, language, on)
                            for ruling in published_rulings(on).filter(game=game_obj)]}


@router.get("/games/{game}/rulings/{number}", response={200: OfficialRulingOut, **ERRORS},
            url_name="ruling", operation_id="get_ruling")
def get_ruling(request: HttpRequest, game: str, number: int, params: Query[ReadingParams]):
    """One official ruling by its public number, as it stood on ``as_of``
    (a 404 naming ``as_of`` if it was given later)."""
    game_obj = _find_game(game)
    language, on = reader_language(request, params.lang), reading_on(params.as_of)
    found = None
    if 0 < number <= _MAX_NUMBER:
        found = (published_rulings(datetime.date.max).filter(game=game_obj, number=number)
                 .first())
    if found is None:
        raise not_found("number", f"No published ruling {number} of {game!r}; "
                                  f"GET /api/games/{game}/rulings lists them.")
    if found.source_date > on:
        raise not_found("as_of", f"Ruling {number} was given on {found.source_date:%Y-%m-%d}, "
                                 f"after {on:%Y-%m-%d}.")
    with translation.override(language):
        return ruling_json(request, found, language, on)


@router.get("/games/{game}/documents/{document}/clauses/{key}/rulings",
            response={200: ClauseOfficialRulingsOut, **ERRORS}, url_name="clause_rulings",
            operation_id="list_clause_rulings")
def list_clause_rulings(request: HttpRequest, game: str, document: str, key: str,
                        params: Query[ReadingParams]):
    """The official rulings interpreting a clause (key or printed number) given
    by ``as_of``, newest first, each with its status as it stood then."""
    doc = find_document(game, document)
    clause = find_clause_by_number(doc, key).clause
    language, on = reader_language(request, params.lang), reading_on(params.as_of)
    rulings = published_rulings(on).filter(interpretations__clause=clause).distinct()
    with translation.override(language):
        return {"game": doc.game.slug, "document": doc.slug, "key": clause.key,
                "label": clause.display_key, "as_of": on,
                "url": absolute(request, reverse("rulebook:rulings", args=[doc.game.slug])),
                "clause_url": absolute(request, clause.get_absolute_url()),
                "clause_api_url": absolute(request, clause_api_url(doc, clause.key)),
                "rulings": [ruling_json(request, ruling, language, on) for ruling in rulings]}
