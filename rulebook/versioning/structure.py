"""Structural corrections: a clause added at a place, repealed, moved, renumbered.

A clause's structure — its key (the address), printed label, section and
place in the document — is carried by each of its versions
(``ClauseVersion.key``, ``label``, ``section``, ``position``), so a
structural change is one more version in a correction: effective on the
correction's date, immutable once published (the same guards as texts),
listed by history, diffs, the changes API and the feed.  The clause row
holds the structure of its latest published version (:func:`apply_structure`,
called by :func:`~rulebook.versioning.publishing.publish_correction`); the
reading pages take the structure of their date from the version they show
(:func:`rulebook.reading.services.as_of`), and an old key leads to the
clause that had it (:func:`rulebook.reading.services.renumbered_clause`).

Positions of versions are numbers between their neighbours' (a clause
added after 106.3 and before 106.4 is at their middle), so no published
version ever needs a new place; the clause rows' integer positions are the
current order, renumbered when a correction changes it.

Entry points: :func:`add_clause` (a new clause as a draft of a correction),
:func:`proposed_key` (its key and label from the neighbours),
:func:`structural_changes` (what a version changed, in words),
:func:`former_labels` (the labels a renumbered clause had).
"""

from __future__ import annotations

import datetime
import enum
import re
from dataclasses import dataclass

from django.contrib.admin.models import ADDITION, LogEntry
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from rulebook.models import Clause, ClauseVersion, Correction, Document, Section


class StructureKind(enum.StrEnum):
    """A structural change a clause version made."""

    ADDED = "added"
    REPEALED = "repealed"
    MOVED = "moved"
    RENUMBERED = "renumbered"


@dataclass(frozen=True)
class StructuralChange:
    """One structural change: its kind and, for a move or a renumbering, the
    section labels or printed labels before and after (else empty)."""

    kind: StructureKind
    old: str = ""
    new: str = ""

    @property
    def text(self) -> str:
        """The change in words, in the reader's language."""
        if self.kind is StructureKind.ADDED:
            return _("added")
        if self.kind is StructureKind.REPEALED:
            return _("repealed")
        if self.kind is StructureKind.MOVED:
            return _("moved from section %(old)s to %(new)s") % {"old": self.old, "new": self.new}
        return _("renumbered from %(old)s to %(new)s") % {"old": self.old, "new": self.new}

    def as_json(self) -> dict:
        """``{"kind", "old", "new", "text"}`` for the JSON API."""
        return {"kind": str(self.kind), "old": self.old, "new": self.new, "text": self.text}


def _printed(version: ClauseVersion) -> str:
    return version.label or version.key


def _section_label(section_id: int | None) -> str:
    section = Section.objects.select_related("document").filter(pk=section_id).first()
    return section.label() if section is not None else ""


def structural_changes(version: ClauseVersion,
                       previous: ClauseVersion | None) -> list[StructuralChange]:
    """What ``version`` changed in its clause's structure against ``previous``
    (the version before it, ``None`` for a first one): added (a first version
    that came with an editor's correction, not with an imported source),
    repealed, moved to another section, renumbered (another key or printed
    label).  A query per moved clause for the section labels."""
    changes = []
    if previous is None:
        imported = version.published_at is not None and version.published_by_id is None
        if version.correction_id is not None and not imported:
            changes.append(StructuralChange(StructureKind.ADDED))
        return changes
    if version.is_repeal and not previous.is_repeal:
        changes.append(StructuralChange(StructureKind.REPEALED))
    if version.section_id and previous.section_id and version.section_id != previous.section_id:
        changes.append(StructuralChange(StructureKind.MOVED, _section_label(previous.section_id),
                                        _section_label(version.section_id)))
    if previous.key and (version.key != previous.key or version.label != previous.label):
        changes.append(StructuralChange(StructureKind.RENUMBERED, _printed(previous),
                                        _printed(version)))
    return changes


@dataclass(frozen=True)
class FormerLabel:
    """A printed label a clause had until a renumbering took effect (``until``:
    the effective date of the version with the next label, ``None`` if unknown)."""

    label: str
    key: str
    until: datetime.date | None


def former_labels(versions: list[ClauseVersion]) -> list[FormerLabel]:
    """The labels a clause had before its latest one, oldest first, from its
    published ``versions`` ordered by number (no query)."""
    former = []
    for before, after in zip(versions, versions[1:]):
        if before.key and (before.key, before.label) != (after.key, after.label):
            former.append(FormerLabel(_printed(before), before.key, after.effective_date))
    return former


def _latest_structure(document: Document) -> dict[int, ClauseVersion]:
    """Clause id → its latest published version (its structure now), one query."""
    latest: dict[int, ClauseVersion] = {}
    for version in (ClauseVersion.objects.published().filter(clause__document=document)
                    .only("clause_id", "number", "key", "label", "section_id", "position")
                    .order_by("clause_id", "number")):
        latest[version.clause_id] = version
    return latest


def position_after(document: Document, section: Section, after: Clause | None) -> float:
    """The position of a clause placed after ``after`` (``None``: at the start
    of ``section``), between its neighbours in the document's present order."""
    latest = _latest_structure(document)
    order = sorted((v.position if v.position is not None else 0.0, v.section_id)
                   for v in latest.values())
    if after is not None:
        mine = latest[after.pk].position if after.pk in latest else float(after.position)
        following = [p for p, _s in order if p > mine]
        return (mine + following[0]) / 2 if following else mine + 1
    in_section = [p for p, s in order if s == section.pk]
    if in_section:
        first = in_section[0]
        before = [p for p, _s in order if p < first]
        return (before[-1] + first) / 2 if before else first - 1
    return (order[-1][0] + 1) if order else 1.0


def position_at_end(section: Section, clause: Clause) -> float:
    """The position of ``clause`` moved to the end of ``section`` (after its
    last clause in the present order)."""
    last = section.clauses.exclude(pk=clause.pk).order_by("-position").first()
    return position_after(section.document, section, last)


def _taken(document: Document, key: str) -> bool:
    return (Clause.objects.filter(document=document, key=key).exists()
            or ClauseVersion.objects.filter(clause__document=document, key=key).exists())


def _bump(text: str) -> str | None:
    """``text`` with its last number one higher ("106.3" → "106.4"), or None."""
    match = re.search(r"(\d+)(\D*)$", text)
    if match is None:
        return None
    return f"{text[:match.start(1)]}{int(match.group(1)) + 1}{match.group(2)}"


def proposed_key(section: Section, after: Clause | None) -> tuple[str, str]:
    """A key and printed label for a clause added after ``after`` in ``section``
    (``None``: at its start), proposed from the neighbour: the next number
    ("106.3" → "106.4"), else a letter ("106.3a"), never a key the document
    has or had.  The label follows the key where the neighbour's label ends
    with the same number; else it is the key."""
    document = section.document
    base = after.key if after is not None else (section.number or section.slug) + ".0"
    candidates = []
    if after is not None and (bumped := _bump(base)) is not None:
        candidates.append(bumped)
    candidates += [f"{base}{letter}" for letter in "abcdefghijklmnopqrstuvwxyz"]
    key = next((c for c in candidates if not _taken(document, c)), f"{base}.new")
    label = key
    if after is not None and after.label:
        suffix = after.key.rsplit(".", 1)[-1]
        if after.label.endswith(suffix):
            label = after.label[: len(after.label) - len(suffix)] + key.rsplit(".", 1)[-1]
    return key, label


class StructureError(ValueError):
    """A structural change that cannot be made; ``field`` names the form field at fault."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def check_section(correction: Correction, section: Section, document: Document | None = None
                  ) -> None:
    """Refuse a section of another game than the correction's, or of another
    document than ``document`` (a clause stays in its document).

    :raises StructureError: on the ``section`` field.
    """
    if section.document.game_id != correction.game_id:
        raise StructureError("section", _(
            "This section belongs to another game than the correction (%(game)s); choose a "
            "section of %(game)s.") % {"game": correction.game})
    if document is not None and section.document_id != document.pk:
        raise StructureError("section", _(
            "A clause stays in its document (%(document)s): choose one of its sections.")
            % {"document": document})


def check_key(document: Document, key: str, clause: Clause | None = None) -> None:
    """Refuse an empty key, or one another clause of ``document`` has or had.

    :raises StructureError: on the ``key`` field.
    """
    if not key or "/" in key or any(ch.isspace() for ch in key):
        raise StructureError("key", _("Give a key without spaces or slashes, e.g. “107.2”."))
    others = Clause.objects.filter(document=document, key=key)
    had = ClauseVersion.objects.filter(clause__document=document, key=key)
    if clause is not None:
        others, had = others.exclude(pk=clause.pk), had.exclude(clause=clause)
    if others.exists() or had.exists():
        raise StructureError("key", _(
            "Another clause of this document has or had the key %(key)s; choose another one.")
            % {"key": key})


def check_label(correction: Correction, section: Section, key: str, label: str,
                clause: Clause | None = None) -> None:
    """Refuse a printed label (``label``, else ``key``) that another clause of
    ``section`` prints, as the section stands with ``correction``: each other
    clause as its draft in this correction has it (a label given up here is
    free), else as its latest published version has it.  A repealed clause,
    and one only another unpublished correction adds, print nothing.  Two
    queries.

    :raises StructureError: on the ``label`` field.
    """
    printed = label or key
    document = section.document
    rows = {pk: (section_id, row_label or row_key) for pk, section_id, row_label, row_key in
            Clause.objects.filter(document=document).values_list("pk", "section_id", "label",
                                                                 "key")}
    published: dict[int, ClauseVersion] = {}
    drafts: dict[int, ClauseVersion] = {}
    for version in (ClauseVersion.objects.filter(clause__document=document)
                    .filter(Q(published_at__isnull=False) | Q(correction=correction))
                    .only("clause_id", "number", "key", "label", "section_id", "is_repeal",
                          "published_at")
                    .order_by("clause_id", "number")):
        (published if version.published_at is not None else drafts)[version.clause_id] = version
    for pk, version in {**published, **drafts}.items():
        if (clause is not None and pk == clause.pk) or version.is_repeal:
            continue
        # a version written without structure (in bulk) stands as its clause row
        where, shown = ((version.section_id, version.label or version.key)
                        if version.section_id is not None else rows.get(pk, (None, "")))
        if where == section.pk and shown == printed:
            raise StructureError("label", _(
                "Another clause of this section is printed “%(label)s”; give this clause "
                "another printed label.") % {"label": printed})


@transaction.atomic
def add_clause(correction: Correction, user, *, section: Section, after: Clause | None,
               key: str, label: str, text: str, title: str = "") -> ClauseVersion:
    """Add a clause to ``section`` after ``after`` (``None``: at its start) as
    a draft of ``correction``: the clause has no published version until the
    correction is published (readers see nothing of it before its date).

    :raises StructureError: a section of another game, a neighbour of
        another section, a key taken, or no text.
    :raises WorkflowError: the correction is published.
    """
    from rulebook.versioning import editing, publishing

    editing.lock_rows(corrections=[correction.pk])
    correction.refresh_from_db()
    if correction.is_published:
        raise publishing.WorkflowError(
            _("This correction is already published; start a new correction."))
    check_section(correction, section)
    document = section.document
    if after is not None and after.section_id != section.pk:
        raise StructureError("after", _("Choose a clause of the chosen section."))
    check_key(document, key)
    check_label(correction, section, key, label)
    if not text.strip():
        raise StructureError("text", _("Give the text of the new clause in the original "
                                       "language."))
    first = section.clauses.order_by("position").first()
    clause = Clause.objects.create(
        document=document, section=section, key=key, label=label,
        depth=after.depth if after is not None else 0,
        position=after.position if after is not None else (first.position if first else 0))
    draft = ClauseVersion(clause=clause, correction=correction, number=1,
                          effective_date=correction.effective_date, key=key, label=label,
                          section=section, position=position_after(document, section, after))
    setattr(draft, f"text_{document.language}", text)
    setattr(draft, f"title_{document.language}", title)
    draft.save()
    LogEntry.objects.log_actions(user_id=user.pk, queryset=[draft], action_flag=ADDITION,
                                 change_message=f"Clause added in correction #{correction.pk}.",
                                 single_object=True)
    return draft


def apply_structure(versions: list[ClauseVersion]) -> None:
    """Give the clause rows the structure of their just-published ``versions``
    (key, label, section) and renumber the rows' order of their documents.
    The key moves only with a published version carrying it (the guards
    check that)."""
    documents = {}
    for version in versions:
        clause = version.clause
        if version.section_id is None or not version.structure_differs(clause):
            continue
        clause.key, clause.label, clause.section_id = (version.key, version.label,
                                                       version.section_id)
        clause.save(update_fields=["key", "label", "section"])
        documents[clause.document_id] = clause.document
    for document in documents.values():
        _reorder(document)


def _reorder(document: Document) -> None:
    """The clause rows' positions as ranks of their latest versions' positions."""
    latest = _latest_structure(document)
    clauses = list(document.clauses.only("pk", "position"))
    drafts = dict(ClauseVersion.objects.drafts().filter(clause__document=document)
                  .exclude(clause__in=list(latest)).values_list("clause_id", "position"))

    def place(clause: Clause) -> float:
        if clause.pk in latest and latest[clause.pk].position is not None:
            return latest[clause.pk].position
        return drafts.get(clause.pk) or float(clause.position)

    for rank, clause in enumerate(sorted(clauses, key=lambda c: (place(c), c.pk)), start=1):
        if clause.position != rank:
            Clause.objects.filter(pk=clause.pk).update(position=rank)
