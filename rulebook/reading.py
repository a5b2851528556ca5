"""What a reader sees of a document on a date: sections, clauses, texts.

The functions here fetch a document's structure and the clause versions in
force on a date with a fixed number of queries, whatever the document's
size, and pair each clause with its version and localised text.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

from rulebook.models import Clause, ClauseVersion, Document, Localized, Section


@dataclass(frozen=True)
class ClauseReading:
    """A clause with the version in force on the reading date.

    ``version`` is ``None`` when no version is in force on that date (the
    text of that time is not available); ``text`` and ``title`` are then
    empty.
    """

    clause: Clause
    version: ClauseVersion | None
    text: Localized
    title: Localized

    @property
    def available(self) -> bool:
        """Whether a version is in force on the reading date."""
        return self.version is not None


@dataclass(frozen=True)
class SectionReading:
    """A section and the readings of its clauses, in order."""

    section: Section
    heading: Localized
    clauses: tuple[ClauseReading, ...]


_EMPTY = Localized("", "", False)


def read_clauses(clauses, on: datetime.date | None = None) -> list[ClauseReading]:
    """Pair each clause with its version in force on ``on`` (default today).

    Two queries: the clauses (with document) and their versions.
    """
    clauses = list(clauses)
    current = ClauseVersion.objects.current_for(clauses, on or timezone.localdate())
    readings = []
    for clause in clauses:
        version = current.get(clause.pk)
        if version is not None:
            version.clause = clause  # avoid a query per clause for the document's language
            readings.append(ClauseReading(clause, version, version.text_in(), version.title_in()))
        else:
            readings.append(ClauseReading(clause, None, _EMPTY, _EMPTY))
    return readings


def read_document(document: Document, on: datetime.date | None = None,
                  section: Section | None = None) -> list[SectionReading]:
    """Return the sections of ``document`` (or just ``section``) with their clauses."""
    sections = list(document.sections.all()) if section is None else [section]
    clauses = Clause.objects.filter(section__in=sections).select_related(
        "document__game", "section").order_by("position")
    by_section: dict[int, list[ClauseReading]] = {s.pk: [] for s in sections}
    for reading in read_clauses(clauses, on):
        by_section[reading.clause.section_id].append(reading)
    result = []
    for item in sections:
        item.document = document
        result.append(SectionReading(item, item.heading_in(), tuple(by_section[item.pk])))
    return result
