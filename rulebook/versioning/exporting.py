"""Export of a game's rulebook to JSON and Markdown, and restore from the JSON.

:func:`export_game` gives a JSON-ready dict of everything published for a
game — documents, sections, clauses, every version in every language, and
the corrections, the structure changes (headings, slugs, titles, names), the glossary
and the published official rulings — as known on a date (versions and
corrections effective after it are left out; without a date, upcoming ones
are included; the glossary is the current one: its history stays in the
database it was edited in; a ruling given after the date is left out, and one
superseded or withdrawn after it is exported as current).
An export without a date also carries the editors' unpublished work
(``drafts``: draft and submitted corrections with their proposed texts and
structure changes, draft and submitted official rulings), so no typed text
is lost by moving a rulebook through a file; a dated export is the
publication as known on that date and carries none.
:func:`restore_game` loads such a dict into a database that does not have
the game yet; exporting the restored game gives the same dict.
:func:`export_markdown` gives the text in force on a date, in each
document's original language.

Each version carries the structure it gave its clause (``structure``: key,
printed label, section slug, position; see :mod:`rulebook.versioning.structure`),
so added, moved and renumbered clauses read the same on every date after a
restore; a file without it restores each version in its clause's place.

Corrections keep their public number (their address
``/<lang>/<game>/corrections/<number>/`` and Atom id) through export and
restore.  Publishers are recorded by user name.  On restore, a user name unknown to
the database becomes an inactive account without a usable password, so the
record of who published is kept and nobody can log in with it.
"""

from __future__ import annotations

import datetime
import functools
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.utils import timezone

from rulebook.models import (
    Clause, ClauseVersion, Correction, Document, Game, GlossaryTerm, Ruling, RulingClause,
    RulingDecision,
    Section, StructureChange, text_digest,
)
from rulebook.reading.services import is_listed, read_document
from rulebook.search.indexing import index_ruling

FORMAT = "rulebook-export"
FORMAT_VERSION = 1
LANGUAGES = [code for code, _name in settings.LANGUAGES]


class RestoreError(ValueError):
    """The export cannot be restored (wrong format, game exists, damaged text)."""


def _translated(obj, field: str) -> dict[str, str]:
    return {code: getattr(obj, f"{field}_{code}") or "" for code in LANGUAGES}


def _set_translated(obj, field: str, values: dict[str, str]) -> None:
    for code in LANGUAGES:
        setattr(obj, f"{field}_{code}", values.get(code, ""))


def _date(value: datetime.date | datetime.datetime | None) -> str | None:
    return value.isoformat() if value else None


def _user(user) -> str | None:
    return user.get_username() if user else None


def export_game(game: Game, on: datetime.date | None = None) -> dict[str, Any]:
    """Return the game's published rulebook as known on ``on`` (default: everything).

    The dict holds only JSON types; see the module docstring for its parts.
    """
    corrections = game.corrections.published().select_related("published_by").order_by(
        "effective_date", "pk")
    versions = ClauseVersion.objects.published().filter(
        clause__document__game=game).select_related("published_by").order_by("clause", "number")
    if on is not None:
        corrections = corrections.filter(effective_date__lte=on)
        versions = versions.in_force(on)
    corrections = list(corrections)
    # References within the file: 1, 2, … in date order (stable across a restore).
    refs = {correction.pk: index for index, correction in enumerate(corrections, start=1)}
    by_clause: dict[int, list[ClauseVersion]] = {}
    for version in versions:
        by_clause.setdefault(version.clause_id, []).append(version)
    data: dict[str, Any] = {
        "format": FORMAT, "format_version": FORMAT_VERSION, "as_of": _date(on),
        "game": {"slug": game.slug, "name": _translated(game, "name"),
                 "position": game.position},
        "corrections": [{
            "ref": refs[correction.pk], "number": correction.number,
            "title": _translated(correction, "title"),
            "summary": _translated(correction, "summary"),
            "effective_date": _date(correction.effective_date), "language": correction.language,
            "published_at": correction.published_at.isoformat(),
            "published_by": _user(correction.published_by),
        } for correction in corrections],
        "documents": [_document_item(document, by_clause, refs)
                      for document in game.documents.order_by("position", "slug")],
    }
    data["structure_changes"] = structure_items(game, on, refs)
    data["glossary"] = [_glossary_item(term) for term in GlossaryTerm.objects.for_game(game)
                        .select_related("clause__document")]
    rulings = Ruling.objects.published().filter(game=game).select_related(
        "published_by", "superseded_by").order_by("number")
    if on is not None:
        rulings = rulings.filter(source_date__lte=on)
    data["rulings"] = [_ruling_item(ruling, on, refs) for ruling in rulings]
    if on is None:
        data["drafts"] = _draft_items(game)
    return data


def _document_item(document: Document, by_clause: dict[int, list[ClauseVersion]],
                   refs: dict[int, int]) -> dict[str, Any]:
    """One document of :func:`export_game`: its sections and clauses, each clause with its
    published versions (``by_clause``) and their corrections' references (``refs``)."""
    sections = list(document.sections.select_related("parent").order_by("position"))
    section_slugs = {section.pk: section.slug for section in sections}
    return {
        "slug": document.slug, "number": document.number,
        "title": _translated(document, "title"), "language": document.language,
        "source_url": document.source_url,
        "source_note": _translated(document, "source_note"), "position": document.position,
        "sections": [{
            "slug": section.slug, "parent": section.parent.slug if section.parent else None,
            "number": section.number, "heading": _translated(section, "heading"),
            "position": section.position,
        } for section in sections],
        "clauses": [{
            "key": clause.key, "section": clause.section.slug, "label": clause.label,
            "depth": clause.depth, "position": clause.position,
            "versions": [{
                "number": version.number, "title": _translated(version, "title"),
                "text": _translated(version, "text"),
                "source_note": _translated(version, "source_note"),
                "effective_date": _date(version.effective_date),
                "correction": refs.get(version.correction_id), "is_repeal": version.is_repeal,
                "digest": version.digest,
                "translated_from": {code: getattr(version, f"translated_from_{code}")
                                    for code in LANGUAGES},
                "published_at": version.published_at.isoformat(),
                "published_by": _user(version.published_by),
                "structure": _structure(version, section_slugs),
            } for version in by_clause.get(clause.pk, [])],
        } for clause in document.clauses.select_related("section").order_by("position")],
    }


def _draft_items(game: Game) -> dict[str, list[dict]]:
    """The game's unpublished work as editors left it: each draft or submitted correction
    (title, summary, date, who made and submitted it) with its proposed clause versions and
    structure changes, and each draft or submitted official ruling; in the order made."""
    corrections = (game.corrections.drafts()
                   .select_related("created_by", "submitted_by").order_by("created_at", "pk"))
    rulings = (Ruling.objects.drafts().filter(game=game)
               .select_related("created_by", "submitted_by").order_by("created_at", "pk"))
    return {"corrections": [_draft_correction(correction) for correction in corrections],
            "rulings": [_draft_ruling(ruling) for ruling in rulings]}


def _workflow(obj) -> dict[str, Any]:
    """Who made a draft and when, and its submission for review (if any)."""
    return {"created_at": _date(obj.created_at), "created_by": _user(obj.created_by),
            "submitted_at": _date(obj.submitted_at), "submitted_by": _user(obj.submitted_by)}


def _draft_correction(correction: Correction) -> dict[str, Any]:
    """One unpublished correction of :func:`_draft_items`."""
    versions = correction.versions.select_related("clause__document", "section").order_by(
        "clause__document__position", "clause__position", "pk")
    changes = correction.structure_changes.select_related(
        "section__document", "document").order_by("pk")
    return {
        "title": _translated(correction, "title"), "summary": _translated(correction, "summary"),
        "effective_date": _date(correction.effective_date), "language": correction.language,
        **_workflow(correction),
        "versions": [{
            "document": version.clause.document.slug, "clause": version.clause.key,
            "number": version.number, "based_on_number": version.based_on_number,
            "revision": version.revision, "title": _translated(version, "title"),
            "text": _translated(version, "text"),
            "source_note": _translated(version, "source_note"),
            "effective_date": _date(version.effective_date), "is_repeal": version.is_repeal,
            "translated_from": {code: getattr(version, f"translated_from_{code}")
                                for code in LANGUAGES},
            "structure": _structure(version, {version.section_id: version.section.slug}
                                    if version.section_id else {}),
            "created_at": _date(version.created_at),
        } for version in versions],
        "structure_changes": [_change_item(change) for change in changes],
    }


def _draft_ruling(ruling: Ruling) -> dict[str, Any]:
    """One unpublished official ruling of :func:`_draft_items`."""
    links = ruling.interpretations.select_related("clause__document").order_by("position", "pk")
    return {
        "kind": ruling.kind, "language": ruling.language,
        "source_title": ruling.source_title, "source_date": _date(ruling.source_date),
        "source_url": ruling.source_url, "source_citation": ruling.source_citation,
        "question": _translated(ruling, "question"), "answer": _translated(ruling, "answer"),
        "clauses": [{"document": link.clause.document.slug, "key": link.clause.key,
                     "position": link.position} for link in links],
        "decides": [{"point": d.point, "reading": d.reading}
                    for d in ruling.decisions.order_by("point")],
        "revision": ruling.revision, **_workflow(ruling),
    }


def _structure(version: ClauseVersion, section_slugs: dict[int, str]) -> dict | None:
    """The structure a version carries (key, label, section slug, position), or
    ``None`` for a version without one."""
    if version.section_id is None:
        return None
    return {"key": version.key, "label": version.label,
            "section": section_slugs[version.section_id], "position": version.position}


def _ruling_item(ruling: Ruling, on: datetime.date | None, refs: dict[int, int]) -> dict:
    """One published ruling of :func:`export_game`: its texts, source, clauses and status."""
    changed = ruling.status_on(on) != Ruling.CURRENT
    links = ruling.interpretations.select_related("clause__document", "version").order_by(
        "position", "pk")
    return {
        "number": ruling.number, "kind": ruling.kind, "language": ruling.language,
        "source_title": ruling.source_title, "source_date": _date(ruling.source_date),
        "source_url": ruling.source_url, "source_citation": ruling.source_citation,
        "question": _translated(ruling, "question"), "answer": _translated(ruling, "answer"),
        "clauses": [{"document": link.clause.document.slug, "key": link.clause.key,
                     "version": link.version.number if link.version else None,
                     "position": link.position} for link in links],
        "decides": [{"point": d.point, "reading": d.reading}
                    for d in ruling.decisions.order_by("point")],
        "status": ruling.status if changed else Ruling.CURRENT,
        "status_date": _date(ruling.status_date) if changed else None,
        "status_reason": ruling.status_reason if changed else "",
        "status_changed_at": (ruling.status_changed_at.isoformat()
                              if changed and ruling.status_changed_at else None),
        "superseded_by": ruling.superseded_by.number if changed and ruling.superseded_by else None,
        "superseded_by_correction": refs.get(ruling.superseded_by_correction_id)
        if changed else None,
        "published_at": ruling.published_at.isoformat(),
        "published_by": _user(ruling.published_by),
    }


def _glossary_item(term: GlossaryTerm) -> dict[str, Any]:
    clause = term.clause
    return {"slug": term.slug, "language": term.language, "position": term.position,
            "term": {code: getattr(term, f"term_{code}") for code in LANGUAGES},
            "definition": {code: getattr(term, f"definition_{code}") for code in LANGUAGES},
            "variants": {code: getattr(term, f"variants_{code}") for code in LANGUAGES},
            "clause": {"document": clause.document.slug, "key": clause.key} if clause else None}


def _publisher(username: str | None):
    if not username:
        return None
    User = get_user_model()
    user = User.objects.filter(**{User.USERNAME_FIELD: username}).first()
    if user is None:
        user = User(**{User.USERNAME_FIELD: username}, is_active=False)
        user.set_unusable_password()
        user.save()
    return user


def _datetime(value: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(value)


def _opt_date(value: str | None) -> datetime.date | None:
    return datetime.date.fromisoformat(value) if value else None


def _checked(obj, where: str):
    """Refuse text a database would refuse or silently cut: NUL characters, over-long values.

    :raises RestoreError: naming ``where`` and the field.
    """
    for field in obj._meta.concrete_fields:
        value = getattr(obj, field.attname, None)
        if not isinstance(value, str):
            continue
        if "\x00" in value:
            raise RestoreError(f"{where}: {field.name} contains a NUL character; the file is "
                               f"damaged.")
        if field.max_length and len(value) > field.max_length:
            raise RestoreError(f"{where}: {field.name} is longer than {field.max_length} "
                               f"characters.")
    return obj


@transaction.atomic
def restore_game(data: dict[str, Any]) -> Game:
    """Create the game of an :func:`export_game` dict; return it.

    :raises RestoreError: if ``data`` is not such an export (wrong format,
        a missing or malformed entry, text with NUL characters or longer
        than its field), the game already exists, a game or document slug is
        an address of the site's own (:mod:`rulebook.models.slugs`), or a
        version's text does not match its digest (nothing is stored then).
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or data.get("format_version") != FORMAT_VERSION:
        raise RestoreError(f"Not a {FORMAT} file of version {FORMAT_VERSION}.")
    try:
        return _restore(data)
    except RestoreError:
        raise
    except KeyError as error:
        raise RestoreError(f"The file is incomplete: the entry {error} is missing.") from error
    except (TypeError, ValueError, AttributeError) as error:
        raise RestoreError(f"The file has a malformed entry: {error}.") from error
    except DatabaseError as error:
        raise RestoreError(f"The database refused the file's data: {error}") from error
    except ValidationError as error:  # a game or document slug the site's own addresses use
        raise RestoreError(" ".join(error.messages)) from error


def _restore(data: dict[str, Any]) -> Game:
    slug = data["game"]["slug"]
    if Game.objects.filter(slug=slug).exists():
        raise RestoreError(f"The game “{slug}” already exists; restore into a database "
                           f"without it.")
    game = Game(slug=slug, position=data["game"]["position"])
    _set_translated(game, "name", data["game"]["name"])
    _checked(game, f"game {slug}").save()
    publisher = functools.cache(_publisher)  # one look-up per user name, not per version
    corrections = {item["ref"]: _restore_correction(game, item, publisher)
                   for item in data["corrections"]}
    clauses: dict[tuple[str, str], Clause] = {}
    for doc_item in data["documents"]:
        _restore_document(game, doc_item, corrections, clauses, publisher)
    # Files written before the glossary, the rulings and the structure
    # changes were exported have none.
    for item in data.get("structure_changes", []):
        _restore_structure_change(game, item, corrections)
    for item in data.get("glossary", []):
        _restore_glossary_term(game, item, clauses)
    rulings = {item["number"]: _restore_ruling(game, item, clauses)
               for item in data.get("rulings", [])}
    for item in data.get("rulings", []):
        _restore_ruling_status(rulings, item, corrections)
    drafts = data.get("drafts") or {}  # dated exports and older files have none
    for item in drafts.get("corrections", []):
        _restore_draft_correction(game, item, clauses, publisher)
    for item in drafts.get("rulings", []):
        _restore_draft_ruling(game, item, clauses, publisher)
    return game


def _restore_draft_correction(game: Game, item: dict[str, Any],
                              clauses: dict[tuple[str, str], Clause], user) -> None:
    """Create one unpublished correction of an export's ``drafts`` with its proposed
    versions and structure changes, then its stamps (saving a draft version returns a
    submitted correction to draft, so the submission is set last).

    :raises RestoreError: if a clause or section it names is not in the file.
    """
    correction = Correction(game=game, effective_date=_opt_date(item["effective_date"]),
                            language=item["language"])
    _set_translated(correction, "title", item["title"])
    _set_translated(correction, "summary", item["summary"])
    where = f"draft correction “{correction.title}”"
    _checked(correction, where).save()
    for v in item["versions"]:
        clause = clauses.get((v["document"], v["clause"]))
        if clause is None:
            raise RestoreError(f"{where}: its clause {v['document']}/{v['clause']} is not in "
                               f"the file.")
        version = ClauseVersion(clause=clause, correction=correction, number=v["number"],
                                based_on_number=v["based_on_number"],
                                effective_date=_opt_date(v["effective_date"]),
                                is_repeal=v["is_repeal"])
        for field in ("title", "text", "source_note"):
            _set_translated(version, field, v[field])
        for code in LANGUAGES:
            setattr(version, f"translated_from_{code}", v["translated_from"].get(code, ""))
        if v["structure"]:
            structure = v["structure"]
            version.key, version.label = structure["key"], structure["label"]
            version.section = _section(game, v["document"], structure["section"], where)
            version.position = structure["position"]
        _checked(version, f"{where}: {v['clause']}").save()
        ClauseVersion.objects.filter(pk=version.pk).update(
            revision=v["revision"], created_at=_datetime(v["created_at"]))
    for change in item["structure_changes"]:
        _new_structure_change(game, correction, change, where)
    Correction.objects.filter(pk=correction.pk).update(**_stamps(item, user))


def _stamps(item: dict[str, Any], user) -> dict[str, Any]:
    """The workflow stamps of a draft as the export gives them (:func:`_workflow`)."""
    return {"created_at": _datetime(item["created_at"]), "created_by": user(item["created_by"]),
            "submitted_at": item["submitted_at"] and _datetime(item["submitted_at"]),
            "submitted_by": user(item["submitted_by"])}


def _section(game: Game, document: str, slug: str, where: str) -> Section:
    """The section ``slug`` of document ``document`` of ``game``.

    :raises RestoreError: if the file has no such section.
    """
    section = Section.objects.filter(document__game=game, document__slug=document,
                                     slug=slug).first()
    if section is None:
        raise RestoreError(f"{where}: the section {document}/{slug} is not in the file.")
    return section


def _restore_draft_ruling(game: Game, item: dict[str, Any],
                          clauses: dict[tuple[str, str], Clause], user) -> None:
    """Create one unpublished official ruling of an export's ``drafts``, with its clauses,
    the open points it decides and its stamps.

    :raises RestoreError: if a clause it interprets is not in the file.
    """
    ruling = Ruling(game=game, kind=item["kind"], language=item["language"],
                    source_title=item["source_title"],
                    source_date=_opt_date(item["source_date"]), source_url=item["source_url"],
                    source_citation=item["source_citation"])
    for field in ("question", "answer"):
        _set_translated(ruling, field, item[field])
    where = f"draft ruling “{ruling.question[:60]}”"
    _checked(ruling, where).save()
    for link in item["clauses"]:
        clause = clauses.get((link["document"], link["key"]))
        if clause is None:
            raise RestoreError(f"{where}: its clause {link['document']}/{link['key']} is not "
                               f"in the file.")
        RulingClause(ruling=ruling, clause=clause, position=link["position"]).save()
    for decision in item["decides"]:
        RulingDecision(ruling=ruling, point=decision["point"],
                       reading=decision["reading"]).save()
    Ruling.objects.filter(pk=ruling.pk).update(revision=item["revision"], **_stamps(item, user))


def structure_items(game: Game, on: datetime.date | None, refs: dict[int, int]) -> list[dict]:
    """The game's published structure changes (effective by ``on``, if given), in
    the export's terms: the correction's reference, the section by its
    document's slug and its own (first) slug."""
    changes = (StructureChange.objects.published().filter(correction__game=game)
               .select_related("section__document", "document", "published_by")
               .order_by("effective_date", "published_at", "pk"))
    if on is not None:
        changes = changes.filter(effective_date__lte=on)
    return [{"correction": refs[change.correction_id], **_change_item(change),
             "published_at": change.published_at.isoformat(),
             "published_by": _user(change.published_by)}
            for change in changes if change.correction_id in refs]


def _change_item(change: StructureChange) -> dict[str, Any]:
    """A structure change in the export's terms: its kind, the section by its document's
    slug and its own (first) slug, what it adds or renames, its date."""
    return {"kind": change.kind,
            "document": (change.section.document.slug if change.section_id
                         else change.document.slug if change.document_id else None),
            "section": change.section.slug if change.section_id else None,
            "adds": change.adds, "slug": change.slug, "name": _translated(change, "name"),
            "effective_date": _date(change.effective_date)}


def _restore_structure_change(game: Game, item: dict[str, Any],
                              corrections: dict[int, Correction]) -> None:
    """Create one published structure change of an export, with its correction's stamp."""
    correction = corrections[item["correction"]]
    _new_structure_change(game, correction, item,
                          f"structure change of correction {item['correction']}",
                          published_at=correction.published_at,
                          published_by=correction.published_by)


def _new_structure_change(game: Game, correction: Correction, item: dict[str, Any],
                          where: str, **stamps: Any) -> None:
    """Create the structure change ``item`` (:func:`_change_item`) of ``correction``.

    :raises RestoreError: naming ``where``, if the file has no such section or document.
    """
    change = StructureChange(correction=correction, adds=bool(item["adds"]),
                             slug=item["slug"] or "",
                             effective_date=_opt_date(item["effective_date"]), **stamps)
    if item["kind"] == "section":
        change.section = Section.objects.filter(
            document__game=game, document__slug=item["document"], slug=item["section"]).first()
    elif item["kind"] == "document":
        change.document = Document.objects.filter(game=game, slug=item["document"]).first()
    else:
        change.game = game
    if change.target() is None:
        raise RestoreError(f"{where}: no {item['kind']} "
                           f"{item.get('section') or item['document']!r}.")
    _set_translated(change, "name", item["name"])
    _checked(change, where).save()


def _restore_correction(game: Game, item: dict[str, Any], publisher) -> Correction:
    """Create one published correction of an export's ``corrections`` list.

    :raises RestoreError: if its number is not a positive whole number.
    """
    # The public number (its address); files written before numbers
    # existed: the file's reference, 1, 2, … in date order.
    number = item.get("number") or item["ref"]
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise RestoreError(f"correction {item['ref']}: the number {number!r} is not a "
                           f"positive whole number.")
    correction = Correction(game=game, effective_date=_opt_date(item["effective_date"]),
                            language=item["language"], number=number,
                            published_at=_datetime(item["published_at"]),
                            published_by=publisher(item["published_by"]))
    _set_translated(correction, "title", item["title"])
    _set_translated(correction, "summary", item["summary"])
    _checked(correction, f"correction {item['ref']}").save()
    return correction


def _restore_document(game: Game, doc_item: dict[str, Any], corrections: dict[int, Correction],
                      clauses: dict[tuple[str, str], Clause], publisher) -> None:
    """Create one document of an export with its sections, clauses (added to
    ``clauses`` by document slug and key) and versions.

    :raises RestoreError: if a version's text does not match its digest.
    """
    document = Document(game=game, slug=doc_item["slug"], number=doc_item["number"],
                        language=doc_item["language"], source_url=doc_item["source_url"],
                        position=doc_item["position"])
    _set_translated(document, "title", doc_item["title"])
    _set_translated(document, "source_note", doc_item["source_note"])
    _checked(document, f"document {document.slug}").save()
    sections: dict[str, Section] = {}
    for item in doc_item["sections"]:
        section = Section(document=document, slug=item["slug"], number=item["number"],
                          position=item["position"], parent=sections.get(item["parent"]))
        _set_translated(section, "heading", item["heading"])
        _checked(section, f"{document.slug} section {section.slug}").save()
        sections[section.slug] = section
    # The imported first versions of the document before the others: the
    # database takes a first version without publisher only as one of the
    # first import's batch (rulebook.versioning.guards).
    later: list[ClauseVersion] = []
    for item in doc_item["clauses"]:
        clause = Clause(document=document, section=sections[item["section"]],
                        key=item["key"], label=item["label"], depth=item["depth"],
                        position=item["position"])
        _checked(clause, f"{document.slug} clause {clause.key[:120]}").save()
        clauses[document.slug, clause.key] = clause
        for v in item["versions"]:
            version = _version(clause, v, corrections, publisher)
            structure = v.get("structure")  # files written before it have none
            if structure:
                version.key, version.label = structure["key"], structure["label"]
                version.section = sections[structure["section"]]
                position = structure["position"]
                version.position = None if position is None else float(position)
                _checked(version, f"{document.slug}/{clause.key} v{version.number}")
            if version.number == 1 and version.published_by is None:
                version.save()
            else:
                later.append(version)
    for version in later:
        version.save()


def _version(clause: Clause, v: dict[str, Any], corrections: dict[int, Correction],
             publisher) -> ClauseVersion:
    """One clause version of an export, checked but not saved yet.

    :raises RestoreError: if its text does not match its digest.
    """
    where = f"{clause.document.slug}/{clause.key} v{v['number']}"
    version = ClauseVersion(
        clause=clause, number=v["number"], effective_date=_opt_date(v["effective_date"]),
        correction=corrections.get(v["correction"]) if v["correction"] else None,
        is_repeal=v["is_repeal"], published_at=_datetime(v["published_at"]),
        published_by=publisher(v["published_by"]))
    for field in ("title", "text", "source_note"):
        _set_translated(version, field, v[field])
    for code in LANGUAGES:
        setattr(version, f"translated_from_{code}", v["translated_from"].get(code, ""))
    if text_digest(version.original_text()) != v["digest"]:
        raise RestoreError(f"{where}: the text does not match its digest; the file is damaged.")
    return _checked(version, where)


def _restore_ruling(game: Game, item: dict[str, Any],
                    clauses: dict[tuple[str, str], Clause]) -> Ruling:
    """Create one ruling of an export's ``rulings`` list, published as it was.

    It is made as a draft with its clauses (and their versions), then stamped
    published, as :func:`rulebook.rulings.workflow.publish` does; its status
    follows once every ruling exists (:func:`_restore_ruling_status`).

    :raises RestoreError: if a clause or version it interprets is not in the file.
    """
    ruling = Ruling(game=game, number=item["number"], kind=item["kind"],
                    language=item["language"], source_title=item["source_title"],
                    source_date=_opt_date(item["source_date"]), source_url=item["source_url"],
                    source_citation=item["source_citation"])
    for field in ("question", "answer"):
        _set_translated(ruling, field, item[field])
    _checked(ruling, f"ruling {item['number']}").save()
    for link in item["clauses"]:
        clause = clauses.get((link["document"], link["key"]))
        if clause is None:
            raise RestoreError(f"ruling {item['number']}: its clause {link['document']}/"
                               f"{link['key']} is not in the file.")
        version = None
        if link["version"] is not None:
            version = clause.versions.filter(number=link["version"]).first()
            if version is None:
                raise RestoreError(f"ruling {item['number']}: version {link['version']} of "
                                   f"{link['key']} is not in the file.")
        RulingClause(ruling=ruling, clause=clause, version=version,
                     position=link["position"]).save()
    for decision in item.get("decides", []):  # files written before 0012 have none
        RulingDecision(ruling=ruling, point=decision["point"],
                       reading=decision["reading"]).save()
    Ruling.objects.filter(pk=ruling.pk).update(
        published_at=_datetime(item["published_at"]),
        published_by=_publisher(item["published_by"]))
    ruling.published_at = _datetime(item["published_at"])
    index_ruling(ruling)  # the update sent no signal
    return ruling


def _restore_ruling_status(rulings: dict[int, Ruling], item: dict[str, Any],
                           corrections: dict[int, Correction]) -> None:
    """Give a restored ruling its status: superseded or withdrawn, with date and reason.

    :raises RestoreError: if the ruling or correction that superseded it is not in the file.
    """
    if item["status"] == Ruling.CURRENT:
        return
    later = item["superseded_by"]
    if later is not None and later not in rulings:
        raise RestoreError(f"ruling {item['number']}: ruling {later} that superseded it is "
                           f"not in the file.")
    correction = item["superseded_by_correction"]
    if correction is not None and correction not in corrections:
        raise RestoreError(f"ruling {item['number']}: the correction that superseded it is "
                           f"not in the file.")
    Ruling.objects.filter(pk=rulings[item["number"]].pk).update(
        status=item["status"], status_date=_opt_date(item["status_date"]),
        status_reason=item["status_reason"],
        status_changed_at=(datetime.datetime.fromisoformat(item["status_changed_at"])
                           if item.get("status_changed_at") else None),
        superseded_by=rulings.get(later) if later is not None else None,
        superseded_by_correction=corrections.get(correction) if correction is not None else None)


def _restore_glossary_term(game: Game, item: dict[str, Any],
                           clauses: dict[tuple[str, str], Clause]) -> None:
    """Create one glossary term of an export's ``glossary`` list.

    :raises RestoreError: if its defining clause is not in the file.
    """
    clause = None
    if item["clause"] is not None:
        where = (item["clause"]["document"], item["clause"]["key"])
        clause = clauses.get(where)
        if clause is None:
            raise RestoreError(f"glossary term {item['slug']}: its clause {'/'.join(where)} is "
                               f"not in the file.")
    term = GlossaryTerm(game=game, slug=item["slug"], language=item["language"],
                        position=item["position"], clause=clause)
    for field in ("term", "definition", "variants"):
        for code in LANGUAGES:
            setattr(term, f"{field}_{code}", item[field].get(code, ""))
    _checked(term, f"glossary term {item['slug']}").save()


def export_markdown(game: Game, on: datetime.date | None = None) -> str:
    """Return the text in force on ``on`` (today) as Markdown, in the original languages.

    Repealed clauses are left out; a clause whose text of that date is not
    in the sources says so.
    """
    on = on or timezone.localdate()
    lines = [f"# {game}", "", f"Rules in force on {on.isoformat()}.", ""]
    for document in game.documents.order_by("position", "slug"):
        lang = document.language
        title = getattr(document, f"title_{lang}") or document.slug
        lines += [f"## {document.number + ' ' if document.number else ''}{title}", ""]
        for reading in read_document(document, on):
            heading = getattr(reading.section, f"heading_{lang}") or ""
            label = " ".join(p for p in (reading.section.number, heading) if p)
            lines += [f"### {label or reading.section.slug}", ""]
            for clause_reading in reading.clauses:
                if not is_listed(clause_reading):
                    continue
                clause = clause_reading.clause
                version = clause_reading.version
                title = (getattr(version, f"title_{lang}") or "") if version else ""
                lines.append(f"**{clause.display_key}**{' ' + title if title else ''}"
                             f" <!-- {clause.key} -->")
                lines.append("")
                if clause_reading.available:
                    lines += [version.original_text(), ""]
                else:
                    lines += ["_The text in force on this date is not available in the "
                              "sources._", ""]
    return "\n".join(lines).rstrip() + "\n"
