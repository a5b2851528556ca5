"""Versions in the JSON API: a clause's history, a document's changes, corrections.

A django-ninja router, added to the site's API in :mod:`rulesite.api`:

- ``GET /games/{game}/documents/{document}/clauses/{key}/history`` — every
  published version with its effective date, correction and word diff to
  the version before;
- ``GET /games/{game}/documents/{document}/changes?from=&to=`` — added,
  changed and repealed clauses between two dates, with word diffs and the
  corrections that made them (:mod:`rulebook.versioning.changes`, as the
  "What changed" page shows them);
- ``GET /games/{game}/corrections`` — published corrections (in force and
  upcoming), newest first;
- ``GET /games/{game}/corrections/{id}`` — one correction with what it changed.

A word diff is a list of ``{"kind": "equal"|"delete"|"insert", "text"}``
runs of the original-language texts (:mod:`rulebook.versioning.diffing`);
``null`` where the earlier text is not in the sources
(``prior_unavailable``) or the clause is new.
"""

from __future__ import annotations

import datetime

from django.http import HttpRequest
from django.urls import reverse
from django.utils import translation
from ninja import Field, Query, Router, Schema

from rulebook.api_common import (ERRORS, CorrectionRef, IsoDate, Language, absolute, correction_ref,
                                 find_correction, not_found, reader_language)
from rulebook.models import Game
from rulebook.reading.api import (ReadingParams, TextOut, clause_api_url, find_clause_by_number,
                                  find_document, reading_on, texts)
from rulebook.versioning.changes import default_dates, document_changes
from rulebook.versioning.structure import structural_changes
from rulebook.versioning.diffing import DiffRow
from rulebook.versioning.history import (clause_history, compare, correction_changes,
                                         section_changes)
from rulebook.versioning.headings import document_structure_changes, structure_entry

router = Router()


class DiffRowOut(Schema):
    """A run of text: unchanged (``equal``), deleted from the old or inserted in the new."""

    kind: str
    text: str


class StructureOut(Schema):
    """A structural change of a clause: added, repealed, moved or renumbered."""

    kind: str = Field(..., description="added, repealed, moved or renumbered")
    old: str = Field(..., description="The section (moved) or printed label (renumbered) "
                                      "before; empty otherwise.")
    new: str = Field(..., description="The section or printed label after; empty otherwise.")
    text: str = Field(..., description="The change in words, in the language asked for.")


class StructureChangeOut(Schema):
    """A section renamed, moved to a new address or added, a document retitled or
    a game renamed, by a correction on a date."""

    kind: str = Field(..., description="section, document or game")
    document: str | None = Field(..., description="The document's slug (section, document).")
    section: str | None = Field(..., description="The section's first slug (section).")
    adds: bool = Field(..., description="The correction adds the section.")
    slug: str = Field(..., description="The section's new slug; empty: unchanged.")
    name: dict[str, str] = Field(..., description="The new heading, title or name by "
                                                  "language; empty: unchanged.")
    effective_date: datetime.date | None
    description: str
    url: str


class HistoryVersionOut(Schema):
    """A published version of a clause and what it changed."""

    number: int
    effective_date: datetime.date | None
    state: str = Field(..., description="in_force, superseded or upcoming on as_of")
    repeal: bool
    correction: CorrectionRef | None
    published_at: datetime.datetime | None
    original: TextOut
    diff: list[DiffRowOut] | None
    prior_unavailable: bool
    key: str = Field(..., description="The clause's key from this version on.")
    label: str = Field(..., description="The clause's printed label from this version on.")
    structure: list[StructureOut]


class HistoryOut(Schema):
    """Every published version of a clause, oldest first."""

    game: str
    document: str
    key: str
    label: str
    as_of: datetime.date
    url: str
    versions: list[HistoryVersionOut]
    section_changes: list[StructureChangeOut] = Field(
        [], description="The published renames and new addresses of the section the clause "
                        "stood in on each change's effective date, oldest first (as the "
                        "history page's \"Changes of its section\").")


class VersionBrief(Schema):
    """A version's number and effective date."""

    number: int
    effective_date: datetime.date | None


class ChangeOut(Schema):
    """A clause added, changed or repealed between the two dates."""

    kind: str = Field(..., description="added, changed or repealed")
    key: str
    label: str
    old_version: VersionBrief | None
    new_version: VersionBrief
    text: str = Field(..., description="The original text in force on `to` (empty: repealed).")
    diff: list[DiffRowOut] | None
    prior_unavailable: bool
    structure: list[StructureOut] = Field(..., description="Moved or renumbered between the "
                                                           "dates.")
    corrections: list[CorrectionRef]
    url: str
    api_url: str


def structure_json(request: HttpRequest, changes) -> list[dict]:
    """The API's view of published structure changes."""
    return [{**entry, "url": absolute(request, entry["url"])}
            for entry in map(structure_entry, changes)]


class ChangesOut(Schema):
    """A document's changes between ``from`` and ``to`` (``from`` ≤ ``to``)."""

    game: str
    document: str
    from_date: datetime.date = Field(..., alias="from")
    to_date: datetime.date = Field(..., alias="to")
    url: str
    changes: list[ChangeOut]
    structure: list[StructureChangeOut] = Field(
        [], description="Headings, addresses, titles and names changed, sections added.")
    corrections: list[CorrectionRef]

    model_config = {"populate_by_name": True}


class CorrectionOut(CorrectionRef):
    """A published correction: summary, state on ``as_of``, publication."""

    summary: str
    language: str
    state: str = Field(..., description="in_force or upcoming on as_of")
    published_at: datetime.datetime | None


class CorrectionChangeOut(Schema):
    """A clause version a correction published, with its diff to the version before."""

    game: str
    document: str
    key: str
    label: str
    version: int
    repeal: bool
    added: bool
    prior_unavailable: bool
    structure: list[StructureOut]
    text: str
    diff: list[DiffRowOut] | None
    url: str
    api_url: str


class CorrectionDetailOut(CorrectionOut):
    """A correction and every clause it changed."""

    changes: list[CorrectionChangeOut]
    structure: list[StructureChangeOut] = Field(
        [], description="Headings, addresses, titles and names changed, sections added.")


class ChangesParams(Schema):
    """Two dates, in either order, and the reader's language."""

    from_date: IsoDate | None = Field(
        None, alias="from", description="YYYY-MM-DD; default: the day before the latest "
                                        "correction in force.")
    to_date: IsoDate | None = Field(None, alias="to", description="YYYY-MM-DD; "
                                                                        "default today.")
    lang: Language | None = Field(None, description="The reader's language.")


def diff_json(rows: tuple[DiffRow, ...] | None) -> list[dict] | None:
    """Diff rows as JSON."""
    return None if rows is None else [{"kind": str(r.kind), "text": r.text} for r in rows]


@router.get("/games/{game}/documents/{document}/clauses/{key}/history",
            response={200: HistoryOut, **ERRORS}, url_name="clause_history",
            operation_id="get_clause_history")
def clause_history_api(request: HttpRequest, game: str, document: str, key: str,
                       params: Query[ReadingParams]):
    """Every published version of a clause (key or printed number), oldest
    first, with its state on ``as_of`` and the word diff to the version before."""
    doc = find_document(game, document)
    clause = find_clause_by_number(doc, key).clause
    language, on = reader_language(request, params.lang), reading_on(params.as_of)
    entries = clause_history(clause, on)
    versions, previous = [], None
    with translation.override(language):
        for entry in entries:
            version = entry.version
            diff = compare(previous, version) if previous is not None else None
            original, _translation, _status = texts(version, language)
            versions.append({
                "number": version.number, "effective_date": version.effective_date,
                "state": str(entry.state), "repeal": version.is_repeal,
                "correction": (correction_ref(request, version.correction, language)
                               if version.correction_id else None),
                "published_at": entry.published_at, "original": original,
                "diff": diff_json(diff),
                "prior_unavailable": previous is None and version.replaces_unknown_text,
                "key": version.key or clause.key, "label": version.label or version.key
                or clause.display_key,
                "structure": [change.as_json()
                              for change in structural_changes(version, previous)],
            })
            previous = version
        # the page's address in the language asked for (``lang=ru`` → ``/ru/…``)
        url = absolute(request, reverse("rulebook:clause_history",
                                        args=[game, document, clause.key]))
        renames = structure_json(request, section_changes(
            clause, [entry.version for entry in entries]))
    return {"game": game, "document": document, "key": clause.key, "label": clause.display_key,
            "as_of": on, "url": url, "versions": versions, "section_changes": renames}


@router.get("/games/{game}/documents/{document}/changes", response={200: ChangesOut, **ERRORS},
            url_name="changes", by_alias=True, operation_id="list_changes")
def changes_api(request: HttpRequest, game: str, document: str, params: Query[ChangesParams]):
    """The clauses added, changed or repealed between ``from`` and ``to``
    (given in either order; the answer has the earlier as ``from``): the text
    in force on the later date, a word diff against the earlier one, and
    the corrections that made each change."""
    doc = find_document(game, document)
    language = reader_language(request, params.lang)
    default_from, default_to = default_dates(doc)
    result = document_changes(doc, params.from_date or default_from,
                              params.to_date or default_to)
    with translation.override(language):
        changes = [{
            "kind": str(change.kind), "key": change.clause.key, "label": change.clause.display_key,
            "old_version": ({"number": change.old.number,
                             "effective_date": change.old.effective_date}
                            if change.old else None),
            "new_version": {"number": change.new.number,
                            "effective_date": change.new.effective_date},
            "text": "" if change.new.is_repeal else change.new.original_text(),
            "diff": diff_json(change.diff), "prior_unavailable": change.prior_unavailable,
            "structure": [item.as_json() for item in change.structure],
            "corrections": [correction_ref(request, c, language) for c in change.corrections],
            "url": absolute(request, change.clause.get_absolute_url()),
            "api_url": absolute(request, clause_api_url(doc, change.clause.key)),
        } for change in result.changes]
        query = f"?from={result.start:%Y-%m-%d}&to={result.end:%Y-%m-%d}"
        return {"game": game, "document": document, "from": result.start, "to": result.end,
                "url": absolute(request, reverse("rulebook:changes", args=[game, document])
                                + query),
                "changes": changes,
                "structure": structure_json(request, document_structure_changes(
                    doc, result.start, result.end)),
                "corrections": [correction_ref(request, c, language)
                                for c in result.corrections]}


def _correction_json(request: HttpRequest, correction, language: str,
                     on: datetime.date) -> dict:
    return {**correction_ref(request, correction, language),
            "summary": correction.summary_in(language).text, "language": correction.language,
            "state": "upcoming" if correction.effective_date > on else "in_force",
            "published_at": correction.published_at}


@router.get("/games/{game}/corrections", response={200: list[CorrectionOut], **ERRORS},
            url_name="corrections", operation_id="list_corrections")
def corrections_api(request: HttpRequest, game: str, params: Query[ReadingParams]):
    """The game's published corrections, newest first: in force or upcoming on ``as_of``."""
    game_obj = Game.objects.filter(slug=game).first() if "\x00" not in game else None
    if game_obj is None:
        raise not_found("game", f"No game {game!r}; GET /api/games lists them.")
    language, on = reader_language(request, params.lang), reading_on(params.as_of)
    corrections = (game_obj.corrections.published()
                   .order_by("-effective_date", "-published_at", "-pk"))
    with translation.override(language):
        result = []
        for correction in corrections:
            correction.game = game_obj
            result.append(_correction_json(request, correction, language, on))
        return result


@router.get("/games/{game}/corrections/{id}", response={200: CorrectionDetailOut, **ERRORS},
            url_name="correction", operation_id="get_correction")
def correction_api(request: HttpRequest, game: str, id: int, params: Query[ReadingParams]):
    """One published correction with every clause version it published and its diff."""
    correction = find_correction(game, id)
    language, on = reader_language(request, params.lang), reading_on(params.as_of)
    with translation.override(language):
        data = _correction_json(request, correction, language, on)
        data["changes"] = []
        for change in correction_changes(correction):
            version, clause = change.version, change.version.clause
            doc = clause.document
            data["changes"].append({
                "game": doc.game.slug, "document": doc.slug, "key": clause.key,
                "label": clause.display_key, "version": version.number,
                "repeal": version.is_repeal, "added": change.added,
                "prior_unavailable": change.prior_unavailable,
                "structure": [item.as_json() for item in change.structure],
                "text": "" if version.is_repeal else version.original_text(),
                "diff": diff_json(change.diff),
                "url": absolute(request, clause.get_absolute_url()),
                "api_url": absolute(request, clause_api_url(doc, clause.key)),
            })
        data["structure"] = structure_json(request, correction.structure_changes.published()
                                           .select_related("section__document__game",
                                                           "document__game", "game"))
    return data
