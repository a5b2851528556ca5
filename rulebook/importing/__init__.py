"""Import of raw source pages into the rulebook.

:func:`load_manifest` reads ``rulebook/sources/manifest.toml``;
:func:`import_source` cleans, parses and stores one source in a single
transaction, one function per step: game, document, section, clause.

Imports never override editors.  Each clause's text is compared with the
text *last imported from that source* (``ImportedText``), not with the
version in force, so corrections published since stay in force:

- the first import of a document (nothing of it published yet) publishes
  its texts, with an empty publisher;
- an unchanged page changes nothing, however often it is imported;
- a changed page becomes one *draft* correction "source page changed" that
  proposes the new texts (based on the versions in force, translations
  kept and flagged out of date) for an editor to review; nothing is
  published and no version is dated before the one in force;
- game, document and section metadata are filled in where empty, never
  overwritten;
- a new game or document whose slug an address of the site's own uses
  (``search``, ``corrections`` …, :mod:`rulebook.models.slugs`) is refused.

Rows are read and written in bulk; what the signals of a single save do
(search entries, stored references, revision, resolver indexes) is done
once per import by :func:`rulebook.signals.structure_created` and
:func:`rulebook.signals.versions_created`.  An import raises the rulebook's
revision once, whatever it writes (:func:`rulebook.caching.revision.one_bump`),
and not at all when it changes nothing.

``manage.py import_rules`` (the project's own pages, listed in the
manifest) and the admin's "Import a source page"
(:mod:`rulebook.importing.admin`, any page, described by a
:class:`SourceSpec` built from the form) both call :func:`import_source`;
the admin shows :func:`preview_source` first.

May import: :mod:`rulebook.models`, :mod:`rulebook.signals` and
:mod:`rulebook.caching.revision` (its admin module also the admin's
shared pieces).  Only the ``import_rules`` command and the admin import it.
"""

from __future__ import annotations

import datetime
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

from rulebook.importing.cleaning import CleanedPage, clean_page
from rulebook.importing.parsers import (
    PARSERS, ParsedClause, ParsedDocument, ParsedSection, SourceFormatError,
)
from rulebook.caching.revision import one_bump
from rulebook.models import (
    IN_FORCE_ORDER, Clause, ClauseVersion, Correction, Document, Game, ImportedText, Section,
    text_digest,
)
from rulebook.signals import structure_created, versions_created
from rulebook.versioning.publishing import latest_number

__all__ = ["ImportReport", "SourcePreview", "SourceSpec", "SourceFormatError", "import_source",
           "load_manifest", "parse_source", "preview_source"]


@dataclass(frozen=True)
class SourceSpec:
    """One entry of the sources manifest: a page and what it is."""

    file: str
    format: str
    game: str
    document: str
    language: str
    number: str = ""
    seed: str = ""
    source_url: str = ""
    position: int = 0
    game_name: dict = field(default_factory=dict)
    title: dict = field(default_factory=dict)
    source_note: dict = field(default_factory=dict)

    def path(self, root: Path | None = None) -> Path:
        """Return the path of the project's copy of the page."""
        return Path(root or settings.RULEBOOK_SOURCES) / self.file


@dataclass
class ImportReport:
    """What an import did: counts of created rows and unchanged clauses.

    ``created_versions`` counts published versions (first import only),
    ``drafted`` the texts proposed in the draft correction ``correction``
    (a changed page).
    """

    document: str
    sections: int = 0
    clauses: int = 0
    created_clauses: int = 0
    created_versions: int = 0
    drafted: int = 0
    unchanged: int = 0
    missing_from_source: list[str] = field(default_factory=list)
    correction: Correction | None = None

    def __str__(self) -> str:
        """The report as ``make run`` prints it ("1 section, 21 clauses (21 new), …").

        >>> print(ImportReport("mc/ziel", sections=1, clauses=21, created_clauses=21,
        ...                    created_versions=1))
        mc/ziel: 1 section, 21 clauses (21 new), 1 new version, 0 unchanged
        """
        text = (f"{self.document}: {_counted(self.sections, 'section')}, "
                f"{_counted(self.clauses, 'clause')} ({self.created_clauses} new), "
                f"{_counted(self.created_versions, 'new version')}, {self.unchanged} unchanged")
        if self.correction is not None:
            text += (f"; the source page changed: {self.drafted} texts proposed in the draft "
                     f"correction #{self.correction.pk} for review (nothing published)")
        return text


def _counted(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def load_manifest(path: Path | None = None) -> list[SourceSpec]:
    """Read the sources manifest (TOML, a list of ``[[source]]`` tables).

    :raises FileNotFoundError: if the manifest does not exist.
    :raises ValueError: if an entry names an unknown format.
    """
    path = Path(path or Path(settings.RULEBOOK_SOURCES) / "manifest.toml")
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    specs = [SourceSpec(**entry) for entry in data.get("source", [])]
    for spec in specs:
        if spec.format not in PARSERS:
            raise ValueError(f"{spec.file}: unknown format {spec.format!r}; "
                             f"use one of {', '.join(PARSERS)}")
    return specs


def parse_source(spec: SourceSpec, text: str) -> ParsedDocument:
    """Clean and parse ``text`` as the page ``spec`` describes.

    :raises SourceFormatError: if the page does not fit its format.
    """
    return preview_source(spec, text).parsed


@dataclass(frozen=True)
class SourcePreview:
    """What :func:`import_source` would read from a page: the cleaned page
    (its lines and the blocks removed as junk, with why) and the parsed
    sections and clauses."""

    cleaned: CleanedPage
    parsed: ParsedDocument


def preview_source(spec: SourceSpec, text: str) -> SourcePreview:
    """Clean and parse ``text`` as the page ``spec`` describes, storing nothing.

    :raises SourceFormatError: if the page does not fit its format.
    """
    cleaned = clean_page(text)
    title = spec.title.get(spec.language, "")
    return SourcePreview(cleaned, PARSERS[spec.format](cleaned.lines, spec.number, title))


def _source_note(spec: SourceSpec, parsed_date: datetime.date | None,
                 correction_title: str) -> dict[str, str]:
    """Provenance note of an imported version, in every UI language."""
    notes = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            if correction_title:
                note = gettext("Imported from the source page; it names the rule correction "
                               "of %(date)s.") % {"date": parsed_date.strftime("%d.%m.%Y")}
            elif parsed_date:
                note = gettext("Imported from the source page; it says “edited on %(date)s”.") % {
                    "date": parsed_date.strftime("%d.%m.%Y")}
            else:
                note = gettext("Imported from the source page; it gives no date for this text.")
        notes[code] = note
    return notes


@dataclass
class _Change:
    """A clause whose source text changed since the last import."""

    clause: Clause
    parsed: ParsedClause
    section: ParsedSection


def _fill(obj, field_name: str, value) -> bool:
    """Set ``obj.<field_name>`` to ``value`` where it is empty; whether it did."""
    if value in (None, "") or getattr(obj, field_name) not in (None, ""):
        return False
    setattr(obj, field_name, value)
    return True


def _store_game(spec: SourceSpec) -> Game:
    """The game of ``spec``; its names are filled in where empty."""
    game, _created = Game.objects.get_or_create(slug=spec.game)
    if any([_fill(game, f"name_{code}", name) for code, name in spec.game_name.items()]):
        game.save()
    return game


def _store_document(spec: SourceSpec, game: Game) -> Document:
    """The document of ``spec``; created with the manifest's data, else only filled in.

    An existing document keeps its original language, titles and notes
    (editors may have changed them).
    """
    document, created = Document.objects.get_or_create(
        game=game, slug=spec.document,
        defaults={"language": spec.language, "number": spec.number,
                  "source_url": spec.source_url, "position": spec.position})
    changed = created
    for code, title in spec.title.items():
        changed |= _fill(document, f"title_{code}", title)
    for code, note in spec.source_note.items():
        changed |= _fill(document, f"source_note_{code}", note)
    changed |= _fill(document, "source_url", spec.source_url)
    if not document.has_published_version():  # then fixed (rulebook.versioning.guards)
        changed |= _fill(document, "number", spec.number)
    if changed:
        document.save()
    return document


def _store_sections(document: Document, parsed: ParsedDocument
                    ) -> tuple[dict[str, Section], int]:
    """The sections of ``parsed`` by slug, and how many were created (in one query).

    An existing section keeps its heading and place (only an empty heading
    in the original language is filled in).
    """
    lang = document.language
    sections = {section.slug: section for section in document.sections.all()}
    new = []
    for position, parsed_section in enumerate(parsed.sections, start=1):
        section = sections.get(parsed_section.slug)
        if section is None:
            section = Section(document=document, slug=parsed_section.slug,
                              number=parsed_section.number, position=position,
                              **{f"heading_{lang}": parsed_section.heading})
            sections[section.slug] = section
            new.append(section)
        elif section.pk is not None and _fill(section, f"heading_{lang}", parsed_section.heading):
            section.save()
    Section.objects.bulk_create(new)
    return sections, len(new)


def _store_clauses(document: Document, sections: dict[str, Section],
                   parsed: ParsedDocument) -> tuple[dict[str, Clause], set[str]]:
    """The clauses of ``parsed`` by key, and the keys of those created (in one query).

    An existing clause is left as it is (its key is its address); one a correction
    renumbered is found by its old key, which the source page still prints
    (:meth:`~rulebook.models.ClauseQuerySet.by_address`) — unless the page also prints
    its key now: then the old key names another clause of the page (one inserted
    where it stood), and no two clauses of the page are read as one.
    """
    printed = set(clauses_in(parsed))
    clauses = {key: clause for key, clause in document.clauses.all().by_address().items()
               if key == clause.key or clause.key not in printed}
    for clause in clauses.values():
        clause.document = document  # no query for the document later
    new = []
    position = 0
    for parsed_section in parsed.sections:
        for parsed_clause in parsed_section.clauses:
            position += 1
            if parsed_clause.key in clauses:
                continue
            clause = Clause(document=document, section=sections[parsed_section.slug],
                            key=parsed_clause.key, label=parsed_clause.label,
                            depth=parsed_clause.depth, position=position)
            clauses[clause.key] = clause
            new.append(clause)
    Clause.objects.bulk_create(new)
    return clauses, {clause.key for clause in new}


def _last_imported(clauses: list[Clause], lang: str) -> dict[int, ImportedText]:
    """What the last import read for each of ``clauses``, by clause id (two queries).

    Clauses imported before texts were recorded: their latest version that
    came with the source (no publisher, no published-by correction).
    """
    ids = [clause.pk for clause in clauses]
    last: dict[int, ImportedText] = {}
    for record in ImportedText.objects.filter(clause_id__in=ids).order_by("pk"):
        last[record.clause_id] = record  # the last one wins
    missing = [pk for pk in ids if pk not in last]
    if missing:
        versions = (ClauseVersion.objects.published()
                    .filter(clause_id__in=missing, published_by__isnull=True)
                    .exclude(correction__published_by__isnull=False).order_by("clause_id", "number"))
        for version in versions:
            last[version.clause_id] = ImportedText(
                clause_id=version.clause_id, text=getattr(version, f"text_{lang}") or "",
                title=getattr(version, f"title_{lang}") or "", digest=version.digest)
    return last


def _record(clause: Clause, parsed: ParsedClause, section: ParsedSection, now,
            correction: Correction | None = None) -> ImportedText:
    """Remember ``parsed`` as the clause's text last imported (unsaved; see
    :func:`_save_records`)."""
    return ImportedText(clause=clause, text=parsed.text, title=parsed.title,
                        digest=text_digest(parsed.text), effective_date=section.effective_date,
                        imported_at=now, correction=correction)


def _save_records(records: list[ImportedText]) -> None:
    """Store ``records`` (from :func:`_record`) in one query per 500."""
    ImportedText.objects.bulk_create(records, batch_size=500)


def _source_correction(game: Game, parsed: ParsedSection, lang: str, now) -> Correction | None:
    """The published correction a section's source names ("Spielregelerkorrektur am …")."""
    if not parsed.correction:
        return None
    correction = Correction.objects.filter(
        game=game, effective_date=parsed.correction.effective_date,
        **{f"title_{lang}": parsed.correction.title}).first()
    if correction is None:
        correction = Correction.objects.create(
            game=game, effective_date=parsed.correction.effective_date, language=lang,
            published_at=now,
            **{f"title_{lang}": parsed.correction.title})
    return correction


def _first_version(spec: SourceSpec, clause: Clause, parsed: ParsedClause,
                   section: ParsedSection, correction: Correction | None, now,
                   notes: dict[str, str]) -> ClauseVersion:
    """A clause's first text, published (first import of its document); unsaved,
    see :func:`_publish_first`.  ``notes`` is its source note by language."""
    lang = spec.language
    version = ClauseVersion(clause=clause, number=1, effective_date=section.effective_date,
                            correction=correction, published_at=now)
    version.take_structure(clause)
    setattr(version, f"text_{lang}", parsed.text)
    setattr(version, f"title_{lang}", parsed.title)
    for code, note in notes.items():
        setattr(version, f"source_note_{code}", note)
    version.digest = text_digest(version.original_text())
    return version


def _publish_first(versions: list[ClauseVersion]) -> None:
    """Store the first versions of a document's clauses in bulk, with what a
    saved version brings (:mod:`rulebook.signals`): their search entries and
    stored references, and a new rulebook revision.

    Saved one by one, 10,000 clauses took minutes; in bulk, seconds.
    """
    if not versions:
        return
    ClauseVersion.objects.bulk_create(versions, batch_size=500)
    versions_created(versions)


def _propose_changes(spec: SourceSpec, game: Game, document: Document,
                     changes: list[_Change], now) -> tuple[Correction | None, int]:
    """One draft correction "source page changed" proposing the new texts.

    Each draft is based on the clause's published version that takes
    effect last (its
    translations copied, so they are flagged out of date once published)
    and dated no earlier than that version, the source's date or today.
    A text that already equals the latest version is not proposed.
    """
    lang = spec.language
    # the version that takes effect last (by date, IN_FORCE_ORDER): the draft,
    # dated no earlier, replaces it — an announced correction too, not an
    # urgent one that a higher number published before it
    bases = {change.clause.pk: change.clause.versions.published().order_by(*IN_FORCE_ORDER).last()
             for change in changes}
    proposed = [change for change in changes if not _equal(bases[change.clause.pk], change, lang)]
    if not proposed:  # the source caught up with the texts in force
        _save_records([_record(change.clause, change.parsed, change.section, now)
                       for change in changes])
        return None, 0
    dates = [timezone.localdate(now)] + [
        d for d in ([b.effective_date for b in bases.values() if b] +
                    [c.section.effective_date for c in proposed]) if d]
    correction = Correction(game=game, language=lang, effective_date=max(dates))
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            setattr(correction, f"title_{code}", gettext(
                "Source page changed: %(document)s") % {"document": document.title_in(code)})
            setattr(correction, f"summary_{code}", gettext(
                "The importer found the source page %(file)s changed on %(date)s. Each proposed "
                "text is the new text of the source page; the review shows what changed in the "
                "source and how it differs from the text in force. Edit, delete or submit.")
                % {"file": spec.file, "date": timezone.localdate(now).strftime("%d.%m.%Y")})
    correction.save()
    for change in proposed:
        base = bases[change.clause.pk]
        draft = ClauseVersion(clause=change.clause, correction=correction,
                              number=(latest_number(change.clause) or 0) + 1,
                              based_on_number=base.number if base else None,
                              effective_date=correction.effective_date)
        if base is not None:
            for code, _name in settings.LANGUAGES:
                for name in ("text", "title", "translated_from"):
                    setattr(draft, f"{name}_{code}", getattr(base, f"{name}_{code}") or "")
        setattr(draft, f"text_{lang}", change.parsed.text)
        setattr(draft, f"title_{lang}", change.parsed.title)
        notes = _source_note(spec, change.section.effective_date,
                             change.section.correction.title if change.section.correction else "")
        for code, note in notes.items():
            setattr(draft, f"source_note_{code}", note)
        draft.save()
    _save_records([_record(change.clause, change.parsed, change.section, now, correction)
                   for change in changes])
    return correction, len(proposed)


def _equal(base: ClauseVersion | None, change: _Change, lang: str) -> bool:
    return (base is not None and not base.is_repeal
            and base.digest == text_digest(change.parsed.text)
            and (getattr(base, f"title_{lang}") or "") == change.parsed.title)


@transaction.atomic
@one_bump()  # inside the transaction: the one bump is part of it
def import_source(spec: SourceSpec, text: str | None = None, *,
                  now: datetime.datetime | None = None) -> ImportReport:
    """Import one source page into the rulebook, in one transaction.

    ``text`` defaults to the project's copy of the page.  See the module
    docstring: a first import publishes, an unchanged page changes nothing,
    a changed page becomes one draft correction; nothing published is ever
    changed.  Rows are read and written in bulk (a handful of queries
    whatever the page's size); what signals do for a single save (search
    entries, stored references, the rulebook revision, the resolver's
    indexes) is done once for all: the revision is raised once by an
    import that changes anything, never by one that changes nothing.

    :raises SourceFormatError: if the page does not fit its format (nothing
        is stored).
    :raises django.core.exceptions.ValidationError: if a new game's or
        document's slug is an address of the site's own
        (:mod:`rulebook.models.slugs`; nothing is stored).
    """
    if text is None:
        text = spec.path().read_text(encoding="utf-8")
    parsed = parse_source(spec, text)
    now = now or timezone.now()
    game = _store_game(spec)
    document = _store_document(spec, game)
    first_import = not document.has_published_version()
    lang = document.language
    report = ImportReport(document=f"{game.slug}/{document.slug}")
    sections, created_sections = _store_sections(document, parsed)
    clauses, created = _store_clauses(document, sections, parsed)
    if created or created_sections:
        structure_created(game.pk)
    last = _last_imported(list({clause.pk: clause for clause in clauses.values()}.values()), lang)
    changes: list[_Change] = []
    versions: list[ClauseVersion] = []
    records: list[ImportedText] = []
    notes: dict[tuple, dict[str, str]] = {}
    corrections: dict[int, Correction | None] = {}
    for parsed_section in parsed.sections:
        report.sections += 1
        for parsed_clause in parsed_section.clauses:
            clause = clauses[parsed_clause.key]
            report.clauses += 1
            previous = last.get(clause.pk)
            if previous is not None and previous.same_as(parsed_clause.text, parsed_clause.title):
                report.unchanged += 1
            elif first_import:
                if id(parsed_section) not in corrections:
                    corrections[id(parsed_section)] = _source_correction(
                        game, parsed_section, lang, now)
                note_key = (parsed_section.effective_date,
                            parsed_section.correction.title if parsed_section.correction else "")
                if note_key not in notes:
                    notes[note_key] = _source_note(spec, *note_key)
                versions.append(_first_version(spec, clause, parsed_clause, parsed_section,
                                               corrections[id(parsed_section)], now,
                                               notes[note_key]))
                records.append(_record(clause, parsed_clause, parsed_section, now))
            else:
                changes.append(_Change(clause, parsed_clause, parsed_section))
    report.created_clauses = len(created)
    report.created_versions = len(versions)
    _publish_first(versions)
    _save_records(records)
    if changes:
        report.correction, report.drafted = _propose_changes(spec, game, document, changes, now)
    report.missing_from_source = sorted(_imported_keys(document) - {
        clauses[key].key for key in clauses_in(parsed)})
    return report


def _imported_keys(document: Document) -> set[str]:
    """The keys of the clauses of ``document`` that an import read from its source.

    A clause an editor added (by a correction, or in the admin) is not
    among them: it was never in the source, so it is not "missing" from it.
    Clauses imported before texts were recorded count by their first text
    published without publisher (as in :func:`_last_imported`).
    """
    recorded = ImportedText.objects.filter(clause__document=document).values_list(
        "clause__key", flat=True)
    legacy = (ClauseVersion.objects.published()
              .filter(clause__document=document, published_by__isnull=True)
              .exclude(correction__published_by__isnull=False)
              .values_list("clause__key", flat=True))
    return set(recorded) | set(legacy)


def clauses_in(parsed: ParsedDocument) -> list[str]:
    """The clause keys of ``parsed``, in order."""
    return [clause.key for section in parsed.sections for clause in section.clauses]
