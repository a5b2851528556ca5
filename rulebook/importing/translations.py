"""Load the site's own translations and glossaries shipped as data.

``rulebook/sources/translations/<game>--<document>.toml`` holds the
translations of a document: its title, section headings, the titles of the
corrections its source page records (``[corrections."<original title>"]``)
and, per clause, the digest of the original text translated
(:func:`rulebook.models.text_digest`) and one text (and title) per target
language.
``rulebook/sources/glossary/<game>.toml`` holds a game's glossary terms.

:func:`load_translations` puts them into the database and is run by
``manage.py import_rules`` after the sources are imported:

- a clause translation goes into the ``text_<lang>``/``title_<lang>`` fields
  of the published version whose original digest matches, with
  ``translated_from_<lang>`` set to that digest (so "translation may be out
  of date" works as for any translation); a clause whose original has
  changed since gets nothing (it is reported as stale);
- titles and headings (of documents, sections and corrections) fill empty fields only;
- nothing that already exists is overwritten (a translation added in the
  admin wins), so running it again changes nothing;
- a glossary term is created if its game has no term with that slug;
  existing terms (perhaps edited in the admin) are left alone.

Published original texts are never touched: only translation fields,
which :meth:`ClauseVersion.save` allows on a published version.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db import transaction

from rulebook.models import Clause, Correction, Document, Game, GlossaryTerm, Section

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


@dataclass
class TranslationReport:
    """What :func:`load_translations` did, per kind of text."""

    texts: dict[str, int] = field(default_factory=dict)      # language → clause texts stored
    titles: int = 0                                           # clause, document titles, headings
    terms: int = 0                                            # glossary terms created
    kept: int = 0                                             # existing translations left alone
    stale: list[str] = field(default_factory=list)            # clauses whose original changed
    unknown: list[str] = field(default_factory=list)          # documents/clauses not in the db

    def __str__(self) -> str:
        texts = ", ".join(f"{lang}: {n}" for lang, n in sorted(self.texts.items())) or "none"
        return (f"translations: clause texts stored ({texts}), {self.titles} titles/headings, "
                f"{self.terms} glossary terms, {self.kept} existing kept, "
                f"{len(self.stale)} stale, {len(self.unknown)} unknown")


def _root(root: Path | None) -> Path:
    return Path(root or settings.RULEBOOK_SOURCES)


def _read(path: Path) -> dict:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def _text(value) -> str:
    """A TOML multi-line string starts with a newline; a text never does."""
    return (value or "").strip()


def _fill(obj, field_name: str, value: str, report: TranslationReport) -> bool:
    """Set ``obj.field_name`` to ``value`` if it is empty; tell whether it was set."""
    value = _text(value)
    if not value:
        return False
    if getattr(obj, field_name, ""):
        if getattr(obj, field_name) != value:
            report.kept += 1
        return False
    setattr(obj, field_name, value)
    return True


def _fill_and_save(obj, field: str, values: dict, targets: list[str],
                   report: TranslationReport) -> bool:
    """Fill the empty ``<field>_<lang>`` of ``obj`` for each target language
    from ``values`` (language → text) and save it if anything was filled."""
    if any([_fill(obj, f"{field}_{code}", values.get(code), report) for code in targets]):
        obj.save()
        return True
    return False


def load_document_translations(data: dict, report: TranslationReport) -> None:
    """Store one document's translations (the parsed TOML ``data``)."""
    name = f"{data.get('game')}/{data.get('document')}"
    document = (Document.objects.select_related("game")
                .filter(game__slug=data.get("game"), slug=data.get("document")).first())
    if document is None:
        report.unknown.append(name)
        return
    original = document.language
    targets = [code for code in LANGUAGES if code != original]

    game = document.game
    _fill_and_save(game, "name", data.get("game_name", {}), targets, report)
    if _fill_and_save(document, "title", data.get("title", {}), targets, report):
        report.titles += 1
    sections = {s.slug: s for s in Section.objects.filter(document=document)}
    for slug, headings in data.get("sections", {}).items():
        section = sections.get(slug)
        if section is None:
            report.unknown.append(f"{name} section {slug}")
            continue
        if _fill_and_save(section, "heading", headings, targets, report):
            report.titles += 1

    # Corrections the source page records (imported with it, no publisher),
    # by their title in the original language.
    for title, titles in data.get("corrections", {}).items():
        for correction in Correction.objects.filter(
                game=game, published_by__isnull=True, **{f"title_{original}": title}):
            if _fill_and_save(correction, "title", titles, targets, report):
                report.titles += 1

    # by the keys the source prints: a clause renumbered since by its old key too
    clauses = Clause.objects.filter(document=document).by_address()
    for key, entry in data.get("clauses", {}).items():
        clause = clauses.get(key)
        if clause is None:
            report.unknown.append(f"{name}:{key}")
            continue
        clause.document = document
        version = (clause.versions.published().filter(digest=entry.get("digest", ""))
                   .order_by("-number").first())
        if version is None:
            report.stale.append(f"{name}:{key}")
            continue
        version.clause = clause
        titles = entry.get("title", {})
        changed = []
        for code in targets:
            if _fill(version, f"text_{code}", entry.get(code), report):
                setattr(version, f"translated_from_{code}", version.digest)
                changed += [f"text_{code}", f"translated_from_{code}"]
                report.texts[code] = report.texts.get(code, 0) + 1
            if _fill(version, f"title_{code}", titles.get(code), report):
                changed.append(f"title_{code}")
                report.titles += 1
        if changed:
            version.save(update_fields=changed)


def load_glossary(data: dict, report: TranslationReport) -> None:
    """Create the glossary terms of one game (the parsed TOML ``data``) that are missing."""
    game = Game.objects.filter(slug=data.get("game")).first()
    if game is None:
        report.unknown.append(f"glossary {data.get('game')}")
        return
    existing = set(GlossaryTerm.objects.filter(game=game).values_list("slug", flat=True))
    clauses = {c.key: c for c in Clause.objects.filter(document__game=game)}
    for position, entry in enumerate(data.get("term", []), start=1):
        if entry["slug"] in existing:
            continue
        term = GlossaryTerm(game=game, slug=entry["slug"], position=position,
                            language=data.get("original", "de"),
                            clause=clauses.get(entry.get("clause", "")))
        for code in LANGUAGES:
            setattr(term, f"term_{code}", _text(entry.get(code)))
            setattr(term, f"definition_{code}", _text(entry.get("definition", {}).get(code)))
            setattr(term, f"variants_{code}",
                    "\n".join(entry.get("variants", {}).get(code, [])))
        term.save()
        report.terms += 1


@transaction.atomic
def load_translations(root: Path | None = None) -> TranslationReport:
    """Load every translation and glossary file under ``root`` (default: the sources).

    Idempotent; see the module docstring for what is stored and what is kept.

    :raises tomllib.TOMLDecodeError: if a file is not valid TOML (nothing is stored).
    """
    root = _root(root)
    report = TranslationReport()
    for path in sorted((root / "translations").glob("*.toml")):
        load_document_translations(_read(path), report)
    for path in sorted((root / "glossary").glob("*.toml")):
        load_glossary(_read(path), report)
    return report


@transaction.atomic
def load_translations_of(game: str, document: str, root: Path | None = None) -> TranslationReport:
    """Load the site's translations of one document and its game's glossary.

    What :func:`load_translations` does for every file, for
    ``translations/<game>--<document>.toml`` and ``glossary/<game>.toml``
    only (each where it exists): the admin's import of a page fills what
    ``manage.py import_rules`` would fill on its next run, no more.

    :raises tomllib.TOMLDecodeError: if a file is not valid TOML (nothing is stored).
    """
    root = _root(root)
    report = TranslationReport()
    path = root / "translations" / f"{game}--{document}.toml"
    if path.is_file():
        load_document_translations(_read(path), report)
    path = root / "glossary" / f"{game}.toml"
    if path.is_file():
        load_glossary(_read(path), report)
    return report


def has_translations_of(game: str, document: str, root: Path | None = None) -> bool:
    """Whether the site ships translations of ``game``/``document``."""
    return (_root(root) / "translations" / f"{game}--{document}.toml").is_file()
