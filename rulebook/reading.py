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
    empty.  ``later`` is the first published version taking effect after
    the reading date (a change since then, or an upcoming one), if any.
    """

    clause: Clause
    version: ClauseVersion | None
    text: Localized
    title: Localized
    later: ClauseVersion | None = None

    @property
    def available(self) -> bool:
        """Whether a text is in force on the reading date (not repealed)."""
        return self.version is not None and not self.version.is_repeal

    @property
    def repealed(self) -> bool:
        """The clause was repealed on or before the reading date."""
        return self.version is not None and self.version.is_repeal

    @property
    def not_yet_added(self) -> bool:
        """The clause was added by a later correction (it did not exist yet).

        Imported first versions (no publisher) are different: their earlier
        text may have existed but is not in the sources.
        """
        return (self.version is None and self.later is not None and self.later.number == 1
                and self.later.published_by_id is not None)

    @property
    def translation_outdated(self) -> bool:
        """The text shown is a translation made from an earlier original."""
        return (self.version is not None and not self.text.is_fallback
                and self.version.translation_outdated(self.text.language))


@dataclass(frozen=True)
class SectionReading:
    """A section and the readings of its clauses, in order."""

    section: Section
    heading: Localized
    clauses: tuple[ClauseReading, ...]


_EMPTY = Localized("", "", False)


def read_clauses(clauses, on: datetime.date | None = None) -> list[ClauseReading]:
    """Pair each clause with its version in force on ``on`` (default today).

    Three queries: the clauses (with document), their versions in force and
    their later versions.
    """
    clauses = list(clauses)
    on = on or timezone.localdate()
    current = ClauseVersion.objects.current_for(clauses, on)
    later: dict[int, ClauseVersion] = {}
    for version in (ClauseVersion.objects.published()
                    .filter(clause__in=clauses, effective_date__gt=on)
                    .order_by("clause_id", "-number")):
        later[version.clause_id] = version  # the last one wins: the lowest number
    readings = []
    for clause in clauses:
        version = current.get(clause.pk)
        if clause.pk in later:
            later[clause.pk].clause = clause
        if version is not None:
            version.clause = clause  # avoid a query per clause for the document's language
            readings.append(ClauseReading(clause, version, version.text_in(), version.title_in(),
                                          later.get(clause.pk)))
        else:
            readings.append(ClauseReading(clause, None, _EMPTY, _EMPTY, later.get(clause.pk)))
    return readings


def is_listed(reading: ClauseReading) -> bool:
    """Whether a document page lists the clause on the reading date.

    Not listed: clauses repealed by then, clauses a later correction adds,
    and clauses with nothing published yet (only drafts).
    """
    if reading.repealed or reading.not_yet_added:
        return False
    return reading.version is not None or reading.later is not None


def read_document(document: Document, on: datetime.date | None = None,
                  section: Section | None = None) -> list[SectionReading]:
    """Return the sections of ``document`` (or just ``section``) with their clauses."""
    sections = list(document.sections.all()) if section is None else [section]
    clauses = Clause.objects.filter(section__in=sections).select_related(
        "document__game", "section").order_by("position")
    by_section: dict[int, list[ClauseReading]] = {s.pk: [] for s in sections}
    for reading in read_clauses(clauses, on):
        if is_listed(reading):
            by_section[reading.clause.section_id].append(reading)
    result = []
    for item in sections:
        item.document = document
        result.append(SectionReading(item, item.heading_in(), tuple(by_section[item.pk])))
    return result
