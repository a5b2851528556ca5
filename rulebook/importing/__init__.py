"""Import of raw source pages into the rulebook.

:func:`load_manifest` reads ``rulebook/sources/manifest.toml``;
:func:`import_source` cleans, parses and stores one source in a single
transaction.  Importing the same text again creates nothing; a changed
text creates a new version only for the clauses whose text changed.

May import: :mod:`rulebook.models`.  Nothing but the ``import_rules``
command imports it.
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

from rulebook.importing.cleaning import clean_lines
from rulebook.importing.parsers import PARSERS, ParsedDocument, SourceFormatError
from rulebook.models import (
    Clause, ClauseVersion, Correction, Document, Game, Section, text_digest,
)

__all__ = ["ImportReport", "SourceSpec", "SourceFormatError", "import_source",
           "load_manifest", "parse_source"]


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
    """What an import did: counts of created rows and unchanged clauses."""

    document: str
    sections: int = 0
    clauses: int = 0
    created_clauses: int = 0
    created_versions: int = 0
    unchanged: int = 0
    missing_from_source: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return (f"{self.document}: {self.sections} sections, {self.clauses} clauses "
                f"({self.created_clauses} new), {self.created_versions} new versions, "
                f"{self.unchanged} unchanged")


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
    lines = clean_lines(text)
    title = spec.title.get(spec.language, "")
    return PARSERS[spec.format](lines, spec.number, title)


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


@transaction.atomic
def import_source(spec: SourceSpec, text: str | None = None, *,
                  now: datetime.datetime | None = None) -> ImportReport:
    """Import one source page into the rulebook, in one transaction.

    ``text`` defaults to the project's copy of the page.  Game, document and
    sections are created or updated; a clause gets a new version only if its
    original-language text or title differs from its latest version.

    :raises SourceFormatError: if the page does not fit its format (nothing
        is stored).
    """
    if text is None:
        text = spec.path().read_text(encoding="utf-8")
    parsed = parse_source(spec, text)
    now = now or timezone.now()
    lang = spec.language

    game, _ = Game.objects.get_or_create(slug=spec.game)
    for code, name in spec.game_name.items():
        setattr(game, f"name_{code}", name)
    game.save()

    document, _ = Document.objects.get_or_create(
        game=game, slug=spec.document, defaults={"language": lang})
    document.language = lang
    document.number = spec.number
    document.source_url = spec.source_url
    document.position = spec.position
    for code in spec.title:
        setattr(document, f"title_{code}", spec.title[code])
    for code in spec.source_note:
        setattr(document, f"source_note_{code}", spec.source_note[code])
    document.save()

    report = ImportReport(document=f"{game.slug}/{document.slug}")
    seen_keys = set()
    position = 0
    for section_position, parsed_section in enumerate(parsed.sections, start=1):
        section, _ = Section.objects.update_or_create(
            document=document, slug=parsed_section.slug,
            defaults={"number": parsed_section.number, "position": section_position,
                      f"heading_{lang}": parsed_section.heading})
        report.sections += 1
        correction = None
        if parsed_section.correction:
            correction, _ = Correction.objects.get_or_create(
                game=game, effective_date=parsed_section.correction.effective_date,
                **{f"title_{lang}": parsed_section.correction.title},
                defaults={"language": lang, "published_at": now})
        notes = _source_note(spec, parsed_section.effective_date,
                             parsed_section.correction.title if parsed_section.correction else "")
        for parsed_clause in parsed_section.clauses:
            position += 1
            seen_keys.add(parsed_clause.key)
            clause, created = Clause.objects.update_or_create(
                document=document, key=parsed_clause.key,
                defaults={"section": section, "label": parsed_clause.label,
                          "depth": parsed_clause.depth, "position": position})
            report.clauses += 1
            report.created_clauses += int(created)
            latest = clause.versions.order_by("-number").first()
            if (latest is not None and latest.digest == text_digest(parsed_clause.text)
                    and getattr(latest, f"title_{lang}") == parsed_clause.title):
                report.unchanged += 1
                continue
            version = ClauseVersion(
                clause=clause, number=(latest.number + 1) if latest else 1,
                effective_date=parsed_section.effective_date, correction=correction,
                published_at=now)
            setattr(version, f"text_{lang}", parsed_clause.text)
            setattr(version, f"title_{lang}", parsed_clause.title)
            for code, note in notes.items():
                setattr(version, f"source_note_{code}", note)
            version.save()
            report.created_versions += 1
    report.missing_from_source = sorted(
        set(document.clauses.values_list("key", flat=True)) - seen_keys)
    return report
