"""The history of clauses and the changes of corrections, for reading pages.

Builds typed rows from published versions: each version's state on a date
(in force, superseded, upcoming), who published it and when (from the
admin-log entry :func:`rulebook.versioning.publishing.publish_correction` writes, else
the version's stamps), and word diffs against the previous version.
Where a version has no predecessor although it came with a correction, the
text before it is not in the sources: ``prior_unavailable`` says so and no
diff is made up.
"""

from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass

from django.utils import timezone

from rulebook.versioning.diffing import DiffRow, has_changes, word_diff
from rulebook.models import IN_FORCE_ORDER, Clause, ClauseVersion, Correction, StructureChange
from rulebook.versioning.publishing import publication_log
from rulebook.versioning.structure import StructuralChange, structural_changes


class VersionState(enum.StrEnum):
    """A published version's state on a date."""

    IN_FORCE = "in_force"
    SUPERSEDED = "superseded"
    UPCOMING = "upcoming"


@dataclass(frozen=True)
class HistoryEntry:
    """One published version of a clause on the history page."""

    version: ClauseVersion
    state: VersionState
    publisher: str  # display name; "" for a version that came with an imported source
    published_at: datetime.datetime | None  # from the admin log where it has the entry
    #: What the version changed in the clause's structure (added, repealed,
    #: moved, renumbered), against the version before it.
    structure: tuple[StructuralChange, ...] = ()


@dataclass(frozen=True)
class VersionChange:
    """What a version changed, against the clause's version before it.

    ``previous`` is ``None`` for a first version; ``diff`` is then ``None``
    and ``prior_unavailable`` tells whether an earlier text existed but is
    not in the sources (a first version that came with a correction of an
    imported source) rather than the clause being new.
    """

    version: ClauseVersion
    previous: ClauseVersion | None
    diff: tuple[DiffRow, ...] | None

    @property
    def prior_unavailable(self) -> bool:
        """The first known text came with a correction, and what it replaced is not in the sources."""
        return self.previous is None and self.version.replaces_unknown_text

    @property
    def added(self) -> bool:
        """The version brought a new clause (published through a correction)."""
        return self.previous is None and not self.prior_unavailable

    @property
    def text_changed(self) -> bool:
        """The original text differs from the version before (not only the structure)."""
        return self.diff is not None and has_changes(self.diff)

    @property
    def structure(self) -> list[StructuralChange]:
        """What the version changed in the clause's structure, in words
        (:func:`~rulebook.versioning.structure.structural_changes`)."""
        return structural_changes(self.version, self.previous)


def _name(user) -> str:
    return (user.get_full_name() or user.get_username()) if user else ""


def clause_history(clause: Clause, on: datetime.date | None = None) -> list[HistoryEntry]:
    """The clause's published versions in the order they take effect (by
    effective date, :data:`~rulebook.models.IN_FORCE_ORDER`: an urgent
    correction published after an announced one but dated before it comes
    first), with their state on ``on`` (today)."""
    on = on or timezone.localdate()
    versions = list(clause.versions.published()
                    .select_related("correction__game", "published_by").order_by(*IN_FORCE_ORDER))
    # The version in force, as ClauseVersion.objects.current_for() finds it
    # (the latest date of those in force on ``on``), without a second query.
    in_force = [version for version in versions
                if version.effective_date is None or version.effective_date <= on]
    current = in_force[-1] if in_force else None
    log = publication_log(versions)
    entries = []
    previous = None
    for version in versions:
        version.clause = clause
        if current is not None and version.pk == current.pk:
            state = VersionState.IN_FORCE
        elif version.effective_date and version.effective_date > on:
            state = VersionState.UPCOMING
        else:
            state = VersionState.SUPERSEDED
        entry = log.get(version.pk)
        entries.append(HistoryEntry(version, state,
                                    _name(entry.user if entry else version.published_by),
                                    entry.action_time if entry else version.published_at,
                                    tuple(change for change in structural_changes(
                                        version, previous)  # a repeal has its own words
                                          if change.kind != "repealed")))
        previous = version
    return entries


def version_text(version: ClauseVersion) -> str:
    """The text compared in diffs: the original-language text (the authority)."""
    return "" if version.is_repeal else version.original_text()


def compare(old: ClauseVersion, new: ClauseVersion) -> tuple[DiffRow, ...]:
    """Word diff of the original texts of two versions."""
    return word_diff(version_text(old), version_text(new))


def correction_changes(correction: Correction) -> list[VersionChange]:
    """Every clause version a correction published, with its diff to the version
    it replaces: the one before it in the order versions take effect (by
    effective date, :data:`~rulebook.models.IN_FORCE_ORDER`), which for an
    announced correction overtaken by an urgent one is the urgent one's text."""
    versions = list(correction.versions.published()
                    .select_related("clause__document__game", "clause__section", "published_by")
                    .order_by("clause__document__position", "clause__position"))
    previous = {}
    last: dict[int, ClauseVersion] = {}
    for prior in ClauseVersion.objects.published().filter(
            clause__in=[v.clause_id for v in versions]).order_by("clause_id", *IN_FORCE_ORDER):
        previous[prior.pk] = last.get(prior.clause_id)
        last[prior.clause_id] = prior
    changes = []
    for version in versions:
        before = previous.get(version.pk)
        if before is not None:
            before.clause = version.clause
        changes.append(VersionChange(version, before,
                                     compare(before, version) if before else None))
    return changes


def section_changes(clause: Clause, versions: list[ClauseVersion]) -> list[StructureChange]:
    """The published corrections' changes of the heading or address of the
    section ``clause`` stood in on their effective date (its published
    ``versions``, in the order they take effect, say where it stood; a
    version without structure stands in the clause's section), oldest first.
    One query."""
    def section_on(day: datetime.date | None) -> int | None:
        where = clause.section_id
        for version in versions:
            if version.effective_date is None or (day is not None
                                                  and version.effective_date <= day):
                where = version.section_id or where
        return where

    sections = {clause.section_id, *(v.section_id for v in versions if v.section_id)}
    changes = (StructureChange.objects.published().filter(section_id__in=sections)
               .select_related("section__document__game", "correction__game")
               .order_by("effective_date", "published_at", "pk"))
    return [change for change in changes if section_on(change.effective_date) == change.section_id]

