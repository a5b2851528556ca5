"""The rule texts in the JSON API: games, documents, clauses, search.

A django-ninja router, added to the site's API in :mod:`rulesite.api`
(addresses under ``/api/``, described in ``/api/openapi.json``):

- ``GET /games`` — games and their documents;
- ``GET /games/{game}/documents/{document}`` — a document with its section tree;
- ``GET /games/{game}/documents/{document}/clauses`` — every clause in force
  (what a bot caches): ETag per publication, 304 on ``If-None-Match``, the
  body built once per publication and sent as a file;
- ``GET /games/{game}/documents/{document}/clauses/{key}`` — one clause by
  key (``107.2``, ``ziel.p3.2``) or printed number (``107.2.``,
  ``Ziel ¶3.2``, ``1.2.4 › negativ-positiv-Wirkung ¶3``);
- ``GET /search?q=`` — the search page's engine and filters.

Every operation takes ``as_of=YYYY-MM-DD`` (default today) and
``lang=de|ru|en``; a clause's ``original`` text is always included, its
``translation`` into ``lang`` when that is another language, with its status
(``current``, ``outdated``: made from an earlier original, ``missing``).
A clause with no text in force on ``as_of`` (before its first version, or
repealed) is a 404 naming ``as_of``; an unknown key a 404 naming ``key``.

May import what reading may (models, caching, references, search) and
:mod:`rulebook.api_common`.
"""

from __future__ import annotations

import datetime
import json
from typing import Annotated, Any, Callable, Literal

from django.db.models import Exists, OuterRef, Prefetch
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from ninja import Field, Query, Router, Schema

from rulebook.api_common import (ERRORS, CorrectionRef, IsoDate, Language, absolute, correction_ref,
                                 not_found, reader_language)
from rulebook.caching.bodies import file_response
from rulebook.caching.conditional import PageStamp
from rulebook.models import IN_FORCE_ORDER, Clause, ClauseVersion, Correction, Document, Game
from rulebook.models.references import ClauseReference
from rulebook.reading.services import (ClauseInContext, ClauseReading, find_clause,
                                       find_stamped_document, read_document, renumbered_clause)
from rulebook.references.services import Backlink, cited_by
from rulebook.search import clean_query, find_keys, search as search_texts

router = Router()

#: More "cited by" entries for a clause (the calculator's scenarios), added
#: by :mod:`rulesite.api`: reading may not import the calculator.
BACKLINK_SOURCES: list[Callable[[Clause], list[Backlink]]] = []

TranslationStatus = Literal["original", "current", "outdated", "missing"]


# --------------------------------------------------------------------------
# Schemas
# --------------------------------------------------------------------------

class DocumentBrief(Schema):
    """A document of a game: slug, chapter number, title, original language, addresses."""

    slug: str
    number: str
    title: str
    language: str
    url: str
    api_url: str


class GameOut(Schema):
    """A game with its documents."""

    slug: str
    name: str
    url: str
    corrections_api_url: str
    documents: list[DocumentBrief]


class ClauseKeyOut(Schema):
    """A clause named by its key and printed number (``label``)."""

    key: str
    label: str


class SectionOut(Schema):
    """A section: number, heading, the clauses listed on ``as_of``, its sub-sections."""

    slug: str
    number: str
    heading: str
    heading_original: str
    url: str
    clauses: list[ClauseKeyOut]
    sections: list["SectionOut"] = []


class DocumentOut(Schema):
    """A document with its section tree on ``as_of``."""

    game: str
    slug: str
    number: str
    title: str
    title_original: str
    language: str
    source_url: str
    as_of: datetime.date
    url: str
    clauses_api_url: str
    changes_url: str
    sections: list[SectionOut]


class TextOut(Schema):
    """A clause text (Markdown) and title in one language."""

    language: str
    title: str
    text: str


class TranslationOut(TextOut):
    """A translation: ``current``, ``outdated`` (made from an earlier original) or ``missing``."""

    status: TranslationStatus


class VersionOut(Schema):
    """A clause version: number, effective date (``null``: not given by the source), correction."""

    number: int
    effective_date: datetime.date | None
    correction: CorrectionRef | None


class ClauseBrief(Schema):
    """A clause in force: key, section, version, texts, permalink."""

    key: str
    label: str
    section: str
    version: VersionOut
    original: TextOut
    translation: TranslationOut | None
    translation_status: TranslationStatus
    url: str


class DocumentClausesOut(Schema):
    """Every clause of a document in force on ``as_of``, in document order."""

    game: str
    document: str
    title: str
    language: str
    as_of: datetime.date
    lang: str
    published: datetime.datetime | None
    clauses: list[ClauseBrief]


class NeighbourOut(Schema):
    """The previous or next clause in document order."""

    key: str
    label: str
    url: str
    api_url: str


class ReferenceOut(Schema):
    """A reference in the clause's text: its kind, as written, and where it leads
    (``url`` empty for an entry not published yet)."""

    kind: str
    target: str
    url: str
    api_url: str


class CitedByOut(Schema):
    """Something that cites the clause: a clause (``kind`` "clause") or a
    calculator scenario (``kind`` "scenario")."""

    kind: Literal["clause", "scenario"]
    game: str
    document: str
    key: str
    label: str
    title: str
    via_section: bool
    url: str
    api_url: str


class SectionBrief(Schema):
    """The section a clause is in."""

    slug: str
    number: str
    heading: str
    url: str


class ClauseOut(ClauseBrief):
    """One clause on ``as_of``: the text in force and everything around it."""

    game: str
    document: str
    as_of: datetime.date
    in_section: SectionBrief
    published_at: datetime.datetime | None
    next_version: VersionOut | None = Field(
        None, description="The first version taking effect after as_of (a change since, "
                          "or an upcoming one).")
    history_api_url: str
    previous: NeighbourOut | None
    next: NeighbourOut | None
    references: list[ReferenceOut]
    cited_by: list[CitedByOut]


class KeyMatchOut(Schema):
    """A clause, section or document whose key or number is the query."""

    kind: Literal["clause", "section", "document"]
    game: str
    document: str
    key: str
    label: str
    url: str
    api_url: str


class HitOut(Schema):
    """A clause whose text in force matches: excerpt with ``<mark>`` (HTML), score."""

    kind: Literal["clause"] = Field("clause", description="A clause's hit.")
    game: str
    document: str
    key: str
    label: str
    language: str
    title: str
    excerpt_html: str
    version: int
    effective_date: datetime.date | None
    score: float
    url: str
    api_url: str


class RulingHitOut(Schema):
    """An official ruling of the publisher whose question or answer matches.

    Not rule text: it explains the clauses it interprets.  ``status`` is the
    ruling's status on ``as_of`` (``status_date`` when it changed); its
    ``title`` is the question, ``excerpt_html`` (with ``<mark>``) quotes the
    question and the answer in ``language`` — the publisher's original, or
    the site's unofficial translation when ``unofficial_translation``.
    """

    kind: Literal["ruling"] = Field(..., description="An official ruling's hit.")
    game: str
    number: int = Field(..., description="The ruling's public number within the game.")
    ruling_kind: Literal["ruling", "faq"] = Field(
        ..., description="An official ruling or an FAQ entry.")
    label: str = Field(..., description="E.g. “Official ruling 3 of 12 January 2026”.")
    date: datetime.date = Field(..., description="The date the publisher gave it.")
    status: Literal["current", "superseded", "withdrawn"]
    status_date: datetime.date | None
    language: str
    original_language: str
    unofficial_translation: bool
    title: str
    excerpt_html: str
    score: float
    url: str
    api_url: str


class SearchOut(Schema):
    """Search results: key matches (the page's jump), then hits, best first:
    clauses (``kind`` ``clause``) and official rulings (``kind`` ``ruling``)."""

    query: str
    as_of: datetime.date
    matches: list[KeyMatchOut]
    hits: list[Annotated[HitOut | RulingHitOut, Field(discriminator="kind")]]


class ReadingParams(Schema):
    """The reading date and the reader's language."""

    as_of: IsoDate | None = Field(None, description="YYYY-MM-DD; default today.")
    lang: Language | None = Field(None, description="The reader's language; default: "
                                                    "the request's Accept-Language.")


# --------------------------------------------------------------------------
# Look-ups shared with rulebook.versioning.api
# --------------------------------------------------------------------------

def find_document(game: str, document: str, on: datetime.date | None = None) -> Document:
    """The document (with its game), or a 404 naming ``game`` or ``document``.

    A document readers do not see is a 404 too, as its page is: with ``on``
    (the reading date), one with no clause in force then
    (:meth:`~rulebook.models.DocumentQuerySet.shown`; a 404 naming ``as_of``
    when its texts take effect later); without, one with nothing published
    (a document just added in the admin is answered as one that is not there).
    """
    if "\x00" in game:  # no slug has one (and PostgreSQL refuses it in a query)
        raise not_found("game", "No game has a NUL character in its slug.")
    if "\x00" in document:
        raise not_found("document", "No document has a NUL character in its slug.")
    found = (Document.objects.select_related("game").filter(game__slug=game, slug=document)
             .annotate(published=Exists(Document.objects.published().filter(pk=OuterRef("pk"))),
                       shown=Exists(Document.objects.shown(on).filter(pk=OuterRef("pk"))))
             .first())
    if found is not None and found.published:
        if on is None or found.shown:
            return found
        raise not_found("as_of", f"Document {document!r} of {game!r} has no text in force on "
                                 f"{on:%Y-%m-%d}.")
    if not Game.objects.filter(slug=game).exists():
        raise not_found("game", f"No game {game!r}; GET /api/games lists them.")
    raise not_found("document", f"No document {document!r} in {game!r}; "
                                "GET /api/games lists them.")


def find_clause_by_number(document: Document, key: str) -> ClauseInContext:
    """The clause of ``document`` with key or printed number ``key``
    (``107.2``, ``107.2.``, ``Ziel ¶3.2``, ``Ziel 3.2``) or a key a correction
    renumbered (the answer carries the key it has now), or a 404 naming ``key``."""
    if "\x00" in key:  # no key has one (and PostgreSQL refuses it in a query)
        raise not_found("key", "No clause key has a NUL character.")
    text = " ".join(key.split())
    candidates = [key, text, text.rstrip(".").strip()]
    for candidate in dict.fromkeys(c for c in candidates if c):
        found = find_clause(document, candidate)
        if found is not None:
            return found
    for candidate in dict.fromkeys(c for c in candidates[1:] if c):
        for match in find_keys(candidate, document=document):
            if match.kind == "clause" and (found := find_clause(document, match.obj.key)):
                return found
    for candidate in dict.fromkeys(c for c in candidates if c):
        # a key a correction renumbered: the clause under the key it has now
        renumbered = renumbered_clause(document, candidate)
        if renumbered is not None and (found := find_clause(document, renumbered.key)):
            return found
    raise not_found("key", f"No clause {key[:80]!r} in {document.game.slug}/{document.slug}; "
                           f"give its key or printed number{_example_of(document)}.")


def _example_of(document: Document) -> str:
    """`` (e.g. 106.p1 or 106 ¶1)``: the key and printed number of the document's first
    published clause, or nothing for a document without one."""
    first = (document.clauses.filter(versions__published_at__lte=timezone.now())
             .order_by("position").values_list("key", "label").first())
    if first is None:
        return ""
    key, label = first
    return f" (e.g. {key} or {label})" if label and label != key else f" (e.g. {key})"


def reading_on(as_of: datetime.date | None) -> datetime.date:
    """The reading date: ``as_of`` or today."""
    return as_of or timezone.localdate()


# --------------------------------------------------------------------------
# Conversions
# --------------------------------------------------------------------------

def clause_api_url(document: Document, key: str) -> str:
    """The API address (path) of a clause."""
    return reverse("api:clause", args=[document.game.slug, document.slug, key])


def texts(version: ClauseVersion, language: str
          ) -> tuple[dict, dict | None, str]:
    """The original text, the translation into ``language`` (``None`` when
    that is the original language) and the translation status."""
    original = version.clause.document.language
    block = {"language": original, "title": getattr(version, f"title_{original}", "") or "",
             "text": getattr(version, f"text_{original}", "") or ""}
    if language == original:
        return block, None, "original"
    text = getattr(version, f"text_{language}", "") or ""
    status = ("missing" if not text else
              "outdated" if version.translation_outdated(language) else "current")
    return block, {"language": language, "title": getattr(version, f"title_{language}", "") or "",
                   "text": text, "status": status}, status


def version_json(request: HttpRequest, version: ClauseVersion | None,
                 language: str) -> dict | None:
    """A version's number, effective date and correction."""
    if version is None:
        return None
    correction = version.correction if version.correction_id else None
    game = version.clause.document.game
    if correction is not None and correction.game_id == game.pk:
        correction.game = game  # no query per clause for the correction's address
    return {"number": version.number, "effective_date": version.effective_date,
            "correction": correction_ref(request, correction, language) if correction else None}


def clause_brief(request: HttpRequest, reading: ClauseReading, language: str,
                 document_url: str) -> dict:
    """A clause in force as in the all-clauses answer.

    ``document_url`` is the document's absolute address; a clause's permalink
    is that address followed by its key (built without a ``reverse()`` per clause).
    """
    clause, version = reading.clause, reading.version
    original, translated, status = texts(version, language)
    return {"key": clause.key, "label": clause.display_key, "section": clause.section.slug,
            "version": version_json(request, version, language),
            "original": original, "translation": translated, "translation_status": status,
            "url": f"{document_url}{clause.key}/"}


def _section_tree(request: HttpRequest, readings, language: str) -> list[dict]:
    nodes: dict[int, dict] = {}
    roots: list[dict] = []
    for item in readings:
        section = item.section
        nodes[section.pk] = {
            "slug": section.slug, "number": section.number,
            "heading": section.heading_in(language).text,
            "heading_original": section.heading_in(section.document.language).text,
            "url": absolute(request, section.get_absolute_url()),
            "clauses": [{"key": r.clause.key, "label": r.clause.display_key}
                        for r in item.clauses],
            "sections": [],
        }
    for item in readings:
        parent = nodes.get(item.section.parent_id)
        (parent["sections"] if parent else roots).append(nodes[item.section.pk])
    return roots


def _backlinks(request: HttpRequest, clause: Clause, on: datetime.date) -> list[dict]:
    links = cited_by(clause, on)
    for source in BACKLINK_SOURCES:
        links += source(clause)
    result = []
    for link in links:
        if link.clause is not None:
            other = link.clause
            result.append({"kind": "clause", "game": other.document.game.slug,
                           "document": other.document.slug, "key": other.key,
                           "label": other.display_key, "title": "",
                           "via_section": link.via_section,
                           "url": absolute(request, other.get_absolute_url()),
                           "api_url": absolute(request, clause_api_url(other.document,
                                                                       other.key))})
        else:
            result.append({"kind": "scenario", "game": link.game, "document": "", "key": "",
                           "label": "", "title": link.scenario, "via_section": False,
                           "url": absolute(request, link.url) if link.url else "",
                           "api_url": ""})
    return result


def _references(request: HttpRequest, version: ClauseVersion) -> list[dict]:
    """The references of ``version``'s original text, with the addresses of
    what they lead to (one query, of the slugs those addresses need)."""
    rows = (ClauseReference.objects
            .filter(version_id=version.pk, language=version.clause.document.language)
            .order_by("pk")
            .values_list("kind", "target",
                         "target_clause_id", "target_clause__key",
                         "target_clause__document__slug", "target_clause__document__game__slug",
                         "target_section_id", "target_section__slug",
                         "target_section__document__slug",
                         "target_section__document__game__slug",
                         "target_document_id", "target_document__slug",
                         "target_document__game__slug"))
    result = []
    for (kind, target, clause_id, key, clause_document, clause_game, section_id, section,
         section_document, section_game, document_id, document, document_game) in rows:
        url = api_url = ""
        if clause_id:
            url = reverse("rulebook:clause", args=[clause_game, clause_document, key])
            api_url = absolute(request, reverse("api:clause",
                                                args=[clause_game, clause_document, key]))
        elif section_id:
            url = reverse("rulebook:section", args=[section_game, section_document, section])
        elif document_id:
            url = reverse("rulebook:document", args=[document_game, document])
        result.append({"kind": kind, "target": target,
                       "url": absolute(request, url) if url else "", "api_url": api_url})
    return result


def _neighbour(request: HttpRequest, document: Document, clause: Clause | None) -> dict | None:
    if clause is None:
        return None
    return {"key": clause.key, "label": clause.display_key,
            "url": absolute(request, clause.get_absolute_url()),
            "api_url": absolute(request, clause_api_url(document, clause.key))}


def not_in_force(document: Document, clause: Clause, on: datetime.date,
                 reading: ClauseReading):
    """The 404 (naming ``as_of``) of a clause with no text in force on ``on``."""
    if reading.repealed:
        message = f"Clause {clause.display_key} was repealed on or before {on:%Y-%m-%d}."
    elif reading.later is not None and reading.later.effective_date:
        message = (f"Clause {clause.display_key} is not in force on {on:%Y-%m-%d}: its first "
                   f"known version takes effect on {reading.later.effective_date:%Y-%m-%d}.")
    else:
        message = f"Clause {clause.display_key} has no text in force on {on:%Y-%m-%d}."
    return not_found("as_of", message)


# --------------------------------------------------------------------------
# Operations
# --------------------------------------------------------------------------

@router.get("/games", response={200: list[GameOut], **ERRORS}, url_name="games", operation_id="list_games")
def list_games(request: HttpRequest, params: Query[ReadingParams]):
    """Every game with its documents shown on ``as_of`` (titles in ``lang``):
    those with a clause in force then."""
    language, on = reader_language(request, params.lang), reading_on(params.as_of)
    result = []
    for game in Game.objects.prefetch_related(
            Prefetch("documents", queryset=Document.objects.shown(on))):
        with translation.override(language):
            name = str(game)
            result.append({
                "slug": game.slug, "name": name, "url": absolute(request, game.get_absolute_url()),
                "corrections_api_url": absolute(request, reverse("api:corrections",
                                                                 args=[game.slug])),
                "documents": [{
                    "slug": d.slug, "number": d.number, "title": d.title_in(language).text,
                    "language": d.language, "url": absolute(request, d.get_absolute_url()),
                    "api_url": absolute(request, reverse("api:document",
                                                         args=[game.slug, d.slug])),
                } for d in game.documents.all()],
            })
    return result


@router.get("/games/{game}/documents/{document}", response={200: DocumentOut, **ERRORS},
            url_name="document", operation_id="get_document")
def get_document(request: HttpRequest, game: str, document: str,
                 params: Query[ReadingParams]):
    """A document with its section tree and the clauses each section lists on ``as_of``."""
    language, on = reader_language(request, params.lang), reading_on(params.as_of)
    doc = find_document(game, document, on)
    with translation.override(language):
        return {
            "game": doc.game.slug, "slug": doc.slug, "number": doc.number,
            "title": doc.title_in(language).text, "title_original": doc.title_in(doc.language).text,
            "language": doc.language, "source_url": doc.source_url, "as_of": on,
            "url": absolute(request, doc.get_absolute_url()),
            "clauses_api_url": absolute(request, reverse("api:clauses", args=[game, document])),
            "changes_url": absolute(request, reverse("rulebook:changes", args=[game, document])),
            "sections": _section_tree(request, read_document(doc, on), language),
        }


def build_document_clauses(request: HttpRequest, doc: Document, on: datetime.date,
                           language: str, published: datetime.datetime | None) -> bytes:
    """The JSON body of the all-clauses answer (see :func:`document_clauses`).

    Built from plain rows (one query for the versions, one for their
    corrections), not model instances: a document of thousands of clauses
    is answered in a fraction of the time.  The version in force is chosen
    as :meth:`~rulebook.models.ClauseVersionQuerySet.current_for` chooses it
    (of the published versions effective by ``on``, the one of the latest
    date, :data:`~rulebook.models.IN_FORCE_ORDER`),
    and the translation status as :func:`texts` gives it; a test holds the
    two answers equal.
    """
    original = doc.language
    names = ["clause_id", "clause__key", "clause__label", "clause__section__slug",
             "number", "effective_date", "is_repeal", "correction_id", "digest",
             f"text_{original}", f"title_{original}"]
    if language != original:
        names += [f"text_{language}", f"title_{language}", f"translated_from_{language}"]
    rows = (ClauseVersion.objects.published().filter(clause__document=doc)
            .order_by("clause__position", "clause_id", *IN_FORCE_ORDER).values_list(*names))
    in_force: dict[int, tuple] = {}
    for row in rows:
        if row[5] is None or row[5] <= on:
            in_force[row[0]] = row  # the last one wins: the latest date
        else:
            in_force.setdefault(row[0], None)  # keeps the document order
    with translation.override(language):
        document_url = absolute(request, doc.get_absolute_url())
        corrections = {}
        ids = {row[7] for row in in_force.values() if row is not None and row[7]}
        for correction in Correction.objects.filter(pk__in=ids):
            correction.game = doc.game
            corrections[correction.pk] = correction_ref(request, correction, language)
        clauses = []
        for row in in_force.values():
            if row is None or row[6]:
                continue  # not in force yet, or repealed
            (_id, key, label, section, number, effective, _repeal, correction_id, digest,
             text, title, *translated) = row
            if translated:
                other_text, other_title, made_from = translated
                status = ("missing" if not other_text else
                          "outdated" if made_from != digest else "current")
                translation_block = {"language": language, "title": other_title or "",
                                     "text": other_text or "", "status": status}
            else:
                status, translation_block = "original", None
            clauses.append({
                "key": key, "label": label or key, "section": section,
                "version": {"number": number, "effective_date": effective,
                            "correction": corrections.get(correction_id)},
                "original": {"language": original, "title": title or "", "text": text or ""},
                "translation": translation_block, "translation_status": status,
                "url": f"{document_url}{key}/"})
        body = {
            "game": doc.game.slug, "document": doc.slug, "title": doc.title_in(language).text,
            "language": original, "as_of": on, "lang": language, "published": published,
            "clauses": clauses,
        }
    return json.dumps(body, cls=DjangoJSONEncoder, ensure_ascii=False,
                      separators=(",", ":")).encode()


@router.get("/games/{game}/documents/{document}/clauses",
            response={200: DocumentClausesOut, 304: None, **ERRORS}, url_name="clauses",
            operation_id="list_clauses")
def document_clauses(request: HttpRequest, game: str, document: str,
                     params: Query[ReadingParams]):
    """Every clause of a document in force on ``as_of``, in one answer.

    The answer carries an ``ETag`` that changes with every publication (and
    with ``as_of`` and ``lang``); send it back as ``If-None-Match`` to get
    ``304 Not Modified`` without a body.  The body is built once per stamp
    and kept as a file, sent as static files are
    (:mod:`rulebook.caching.bodies`).
    """
    # The document with its stamp, as the rule pages find it (one query):
    # all a 304 or a body sent from its file needs of the database.
    language = reader_language(request, params.lang)
    on = reading_on(params.as_of)
    doc = find_stamped_document(game, document, on=on)
    if doc is None:  # a 404 naming game, document or as_of (unless it was just created)
        doc = find_document(game, document, on)
    stamp = PageStamp.for_document(doc, on, params.as_of is not None, language)
    if (not_modified := stamp.not_modified(request)) is not None:
        return not_modified

    def build() -> bytes:
        return build_document_clauses(request, doc, on, language, stamp.published)

    # The host too: the body's addresses are absolute.
    key = f"api-clauses:{doc.pk}:{stamp.key}:{request.scheme}://{request.get_host()}"
    return stamp.apply(file_response(key, build, "application/json"))


@router.get("/games/{game}/documents/{document}/clauses/{key}",
            response={200: ClauseOut, **ERRORS}, url_name="clause", operation_id="get_clause")
def get_clause(request: HttpRequest, game: str, document: str, key: str,
               params: Query[ReadingParams]):
    """One clause by key or printed number: the text in force on ``as_of``,
    version, correction, translation, permalink, neighbours, references, cited by."""
    language, on = reader_language(request, params.lang), reading_on(params.as_of)
    doc = find_document(game, document, on)
    found = find_clause_by_number(doc, key)
    clause = found.clause
    reading = found.reading(on)  # from the versions find_clause read: no query
    if not reading.available:
        raise not_in_force(doc, clause, on, reading)
    with translation.override(language):
        data = clause_brief(request, reading, language, absolute(request, doc.get_absolute_url()))
        section = clause.section
        data.update({
            "game": doc.game.slug, "document": doc.slug, "as_of": on,
            "in_section": {"slug": section.slug, "number": section.number,
                           "heading": section.heading_in(language).text,
                           "url": absolute(request, section.get_absolute_url())},
            "published_at": reading.version.published_at,
            "next_version": version_json(request, reading.later, language),
            "history_api_url": absolute(request, reverse("api:clause_history",
                                                         args=[game, document, clause.key])),
            "previous": _neighbour(request, doc, found.previous),
            "next": _neighbour(request, doc, found.next),
            "references": _references(request, reading.version),
            "cited_by": _backlinks(request, clause, on),
        })
    return data


class SearchParams(ReadingParams):
    """The search page's query and filters."""

    q: str = Field(..., description="Words, or a clause key or printed number (107.2).")
    game: str | None = Field(None, description="A game's slug.")
    document: str | None = Field(None, description="A document: game/document.")
    language: Language | None = Field(None, description="Only texts in this language.")
    limit: int = Field(25, ge=1, le=100)


def _ruling_hit_json(request: HttpRequest, hit, on: datetime.date) -> dict:
    """A :class:`RulingHitOut` of an official ruling's search hit (in the
    active language)."""
    ruling = hit.ruling
    label = (_("Official FAQ entry %(number)s of %(date)s") if ruling.kind == "faq"
             else _("Official ruling %(number)s of %(date)s")) % {
        "number": ruling.number, "date": date_format(ruling.source_date, "DATE_FORMAT")}
    return {
        "kind": "ruling", "game": ruling.game.slug, "number": ruling.number,
        "ruling_kind": ruling.kind, "label": label, "date": ruling.source_date,
        "status": hit.status,
        "status_date": ruling.status_date if hit.status != "current" else None,
        "language": hit.language, "original_language": ruling.language,
        "unofficial_translation": hit.language != ruling.language, "title": hit.title,
        "excerpt_html": str(hit.excerpt), "score": hit.score,
        "url": absolute(request, ruling.get_absolute_url()),
        "api_url": absolute(request, reverse("api:ruling", args=[ruling.game.slug,
                                                                 ruling.number])),
    }


@router.get("/search", response={200: SearchOut, **ERRORS}, url_name="search", operation_id="search")
def search(request: HttpRequest, params: Query[SearchParams]):
    """Clauses whose text in force on ``as_of`` contains every word of ``q``
    (the search page's engine), and official rulings given by then whose
    question or answer does (``kind``: ``clause`` or ``ruling``); ``matches``
    are the clauses, sections or documents whose key or number is ``q``."""
    game = document = None
    params.game = params.game and params.game.replace("\x00", "\ufffd")
    params.document = params.document and params.document.replace("\x00", "\ufffd")
    if params.game:
        game = Game.objects.filter(slug=params.game).first()
        if game is None:
            raise not_found("game", f"No game {params.game!r}; GET /api/games lists them.")
    if params.document:
        game_slug, _slash, slug = params.document.partition("/")
        document = (Document.objects.select_related("game")
                    .filter(game__slug=game_slug, slug=slug).first())
        if document is None:
            raise not_found("document", f"No document {params.document!r}; write it as "
                                        "game/document (berserk/comprehensive-rules).")
    language, on = reader_language(request, params.lang), reading_on(params.as_of)
    query = clean_query(params.q)
    with translation.override(language):
        keys = find_keys(query, game=game, document=document, on=on) if query else []
        hits = search_texts(query, language=params.language, game=game, document=document,
                            on=on, limit=params.limit) if query else []
        matches = []
        for match in keys:
            obj: Any = match.obj
            if match.kind == "clause":
                doc, key, label = obj.document, obj.key, obj.display_key
                api_url = absolute(request, clause_api_url(doc, key))
            elif match.kind == "section":
                doc, key, label = obj.document, obj.slug, obj.label()
                api_url = absolute(request, reverse("api:document",
                                                    args=[doc.game.slug, doc.slug]))
            else:
                doc, key, label = obj, obj.number, str(obj)
                api_url = absolute(request, reverse("api:document",
                                                    args=[doc.game.slug, doc.slug]))
            matches.append({"kind": match.kind, "game": doc.game.slug, "document": doc.slug,
                            "key": key, "label": label, "url": absolute(request, match.url),
                            "api_url": api_url})
        return {
            "query": query, "as_of": on, "matches": matches,
            "hits": [_ruling_hit_json(request, hit, on) if hit.kind == "ruling" else {
                "kind": "clause", "game": hit.clause.document.game.slug, "document": hit.clause.document.slug,
                "key": hit.clause.key, "label": hit.clause.display_key,
                "language": hit.language, "title": hit.title, "excerpt_html": str(hit.excerpt),
                "version": hit.version.number, "effective_date": hit.version.effective_date,
                "score": hit.score, "url": absolute(request, hit.clause.get_absolute_url()),
                "api_url": absolute(request, clause_api_url(hit.clause.document,
                                                            hit.clause.key)),
            } for hit in hits],
        }
