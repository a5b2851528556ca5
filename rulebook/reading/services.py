"""What a reader sees of a document on a date: sections, clauses, texts.

The functions here fetch a document's structure and the clause versions in
force on a date with a fixed number of queries, whatever the document's
size, and pair each clause with its version and localised text.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Subquery
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
    def see_also(self) -> list:
        """For a "Siehe auch: …" paragraph, the related entries (links, or
        stubs while not published; see :mod:`rulebook.reading.seealso`); else ``[]``."""
        if self.version is None:
            return []
        from rulebook.reading.seealso import related_entries, see_also_pairs

        pairs = see_also_pairs(self.version.original_text(), self.text.text)
        return related_entries(self.clause, pairs) if pairs else []

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

    Two queries: the clauses (with document) and their published versions,
    which give both the version in force and the next one to take effect.
    """
    clauses = list(clauses)
    on = on or timezone.localdate()
    current, later = ClauseVersion.objects.select_related("correction").current_and_next_for(
        clauses, on)
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


@dataclass(frozen=True)
class ClauseInContext:
    """A clause with its neighbours in document order (``None`` at either end).

    ``clause.document`` and ``clause.section.document`` are the document it
    was looked up in, so localising texts needs no further query.
    """

    clause: Clause
    previous: Clause | None
    next: Clause | None


def find_clause(document: Document, key: str) -> ClauseInContext | None:
    """Return the clause ``key`` of ``document`` with its neighbours, in one
    query whatever the document's size; ``None`` if there is no such clause."""
    # A clause with nothing published yet (only a draft of a new clause) has no page.
    published = Exists(ClauseVersion.objects.filter(clause=OuterRef("pk"),
                                                    published_at__isnull=False))
    before = (Clause.objects.filter(published, document=OuterRef("document"),
                                    position__lt=OuterRef("position")).order_by("-position"))
    after = (Clause.objects.filter(published, document=OuterRef("document"),
                                   position__gt=OuterRef("position")).order_by("position"))
    clause = (Clause.objects.select_related("section")
              .annotate(previous_key=Subquery(before.values("key")[:1]),
                        previous_label=Subquery(before.values("label")[:1]),
                        next_key=Subquery(after.values("key")[:1]),
                        next_label=Subquery(after.values("label")[:1]))
              .filter(published, document=document, key=key).first())
    if clause is None:
        return None
    clause.document = document
    clause.section.document = document

    def neighbour(key: str | None, label: str | None) -> Clause | None:
        return Clause(document=document, key=key, label=label or "") if key else None

    return ClauseInContext(clause, neighbour(clause.previous_key, clause.previous_label),
                           neighbour(clause.next_key, clause.next_label))
