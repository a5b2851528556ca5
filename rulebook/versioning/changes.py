"""What changed in a document between two dates.

For every clause of the document, the version in force on the first date
is compared with the version in force on the second (as
:meth:`~rulebook.models.ClauseVersionQuerySet.current_for` picks it: of
the published versions effective by that day, the one of the latest date).  Where
they differ, the clause is

- *added*: nothing was in force on the first date and the new version is
  the clause's first, published through a correction (a new clause);
- *repealed*: the version in force on the second date repeals it;
- *changed*: otherwise — with a word diff of the original texts, or, where
  nothing of the earlier text is in the sources (a first version that came
  with a correction of an imported source), ``prior_unavailable`` and no
  diff (none is made up).

Each change lists the corrections whose versions took effect after the
first date and by the second.  One query for the versions, whatever the
document's size.  Used by the "What changed" page
(:func:`rulebook.versioning.views.document_changes_view`) and the JSON API
(:mod:`rulebook.versioning.api`), so both answer alike.
"""

from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass

from django.utils import timezone

from rulebook.models import IN_FORCE_ORDER, Clause, ClauseVersion, Correction, Document
from rulebook.models.rules import day_before
from rulebook.versioning.diffing import DiffRow, has_changes
from rulebook.versioning.history import compare
from rulebook.versioning.structure import StructuralChange, StructureKind, structural_changes


class ChangeKind(enum.StrEnum):
    """What happened to a clause between two dates."""

    ADDED = "added"
    CHANGED = "changed"
    REPEALED = "repealed"


@dataclass(frozen=True)
class ClauseChange:
    """A clause whose text in force differs between two dates.

    ``old`` is the version in force on the first date (``None`` if none
    was), ``new`` the one on the second; ``diff`` compares their original
    texts (``None`` for an added clause or where the earlier text is not in
    the sources); ``corrections`` made the change, oldest first.
    """

    kind: ChangeKind
    clause: Clause
    old: ClauseVersion | None
    new: ClauseVersion
    diff: tuple[DiffRow, ...] | None
    corrections: tuple[Correction, ...]

    @property
    def prior_unavailable(self) -> bool:
        """The text before the change exists but is not in the sources."""
        return self.kind is ChangeKind.CHANGED and self.diff is None and not self.structure

    @property
    def text_changed(self) -> bool:
        """The original text differs between the dates (not only the structure)."""
        return self.diff is not None and has_changes(self.diff)

    @property
    def structure(self) -> list[StructuralChange]:
        """Where the clause moved or how it was renumbered between the dates,
        in words (added and repealed are the ``kind``)."""
        if self.old is None:
            return []
        return [change for change in structural_changes(self.new, self.old)
                if change.kind in (StructureKind.MOVED, StructureKind.RENUMBERED)]


@dataclass(frozen=True)
class DocumentChanges:
    """The changes of a document between ``start`` and ``end`` (``start`` ≤ ``end``)."""

    document: Document
    start: datetime.date
    end: datetime.date
    changes: tuple[ClauseChange, ...]

    @property
    def corrections(self) -> tuple[Correction, ...]:
        """Every correction that made one of the changes, oldest first, once each."""
        seen: dict[int, Correction] = {}
        for change in self.changes:
            for correction in change.corrections:
                seen.setdefault(correction.pk, correction)
        return tuple(sorted(seen.values(), key=lambda c: (c.effective_date, c.pk)))


def default_dates(document: Document, today: datetime.date | None = None
                  ) -> tuple[datetime.date, datetime.date]:
    """The dates the "What changed" page starts with: the day before the
    latest correction of the document's game in force by ``today``, and
    ``today`` (a year before ``today`` when there is no such correction)."""
    today = today or timezone.localdate()
    latest = (Correction.objects.published().filter(game_id=document.game_id,
                                                    effective_date__lte=today)
              .order_by("-effective_date").values_list("effective_date", flat=True).first())
    if latest is None:
        return today.replace(year=today.year - 1) if today.year > 1 else today, today
    return day_before(latest), today


def _in_force(versions: list[ClauseVersion], on: datetime.date) -> ClauseVersion | None:
    """The version in force on ``on`` among ``versions`` (in the order they take
    effect, :data:`~rulebook.models.IN_FORCE_ORDER`)."""
    current = None
    for version in versions:
        if version.effective_date is None or version.effective_date <= on:
            current = version  # the last one wins: the latest date
    return current


def document_changes(document: Document, start: datetime.date,
                     end: datetime.date) -> DocumentChanges:
    """The clauses of ``document`` whose text in force on ``end`` differs from
    the one on ``start``, in document order.  The dates may come in either
    order; the result has the earlier one as ``start``."""
    start, end = min(start, end), max(start, end)
    versions = (ClauseVersion.objects.published().filter(clause__document=document)
                .select_related("correction__game", "clause__section")
                .order_by("clause__position", "clause_id", *IN_FORCE_ORDER))
    by_clause: dict[int, list[ClauseVersion]] = {}
    for version in versions:
        version.clause.document = version.clause.section.document = document
        by_clause.setdefault(version.clause_id, []).append(version)
    changes = []
    for clause_versions in by_clause.values():
        old, new = _in_force(clause_versions, start), _in_force(clause_versions, end)
        if new is None or (old is not None and old.pk == new.pk):
            continue
        if new.is_repeal and (old is None or old.is_repeal):
            continue  # not in force on either date
        between = tuple(v.correction for v in clause_versions
                        if v.correction is not None and v.effective_date is not None
                        and start < v.effective_date <= end)
        if new.is_repeal:
            kind, diff = ChangeKind.REPEALED, None
        elif old is None or old.is_repeal:
            first_added = new.number == 1 and new.published_by_id is not None
            kind = ChangeKind.ADDED if first_added or old is not None else ChangeKind.CHANGED
            diff = None
        else:
            kind, diff = ChangeKind.CHANGED, compare(old, new)
        unique = tuple({c.pk: c for c in between}.values())
        changes.append(ClauseChange(kind, new.clause, old, new, diff, unique))
    return DocumentChanges(document, start, end, tuple(changes))
