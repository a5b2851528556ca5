"""Publishing a correction's structure changes (:class:`rulebook.models.StructureChange`).

:func:`publish_structure` runs inside :func:`rulebook.versioning.publishing.publish_correction`,
after the correction got its stamp: each draft change is checked again (one
target of the correction's game, a slug no other section of the document has
or had) and takes the correction's effective date, stamp and publisher — the
database publishes a change only with that stamp
(:mod:`rulebook.versioning.guards`).  :func:`structure_entries` lists a game's
published changes for the history, the changes API and the feed.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.admin.models import CHANGE, LogEntry
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import get_language, gettext as _

from rulebook.models import Correction, StructureChange
from rulebook.models.rules import day_before
from rulebook.models.structure import structure_on

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


def check_structure(correction: Correction) -> list[StructureChange]:
    """The draft changes of ``correction``, each validated.

    :raises ValueError: (a ``WorkflowError`` of the caller's choosing is
        raised by it) with the first change's validation message.
    """
    changes = list(correction.structure_changes.filter(published_at__isnull=True)
                   .select_related("section__document", "document", "game"))
    for change in changes:
        try:
            change.full_clean(exclude=["correction"])
        except ValidationError as error:
            raise ValueError(_("%(change)s: %(error)s") % {
                "change": describe(change), "error": " ".join(error.messages)}) from error
    return changes


def publish_structure(correction: Correction, changes: list[StructureChange], user) -> None:
    """Publish ``changes`` (from :func:`check_structure`) with ``correction``,
    which is published already (its stamp and date are theirs)."""
    for change in changes:
        change.effective_date = correction.effective_date
        change.published_at = correction.published_at
        change.published_by = user
        change.save()
        LogEntry.objects.log_actions(
            user_id=user.pk, queryset=[change], action_flag=CHANGE, single_object=True,
            change_message=f"Published with correction #{correction.pk}, in force from "
                           f"{correction.effective_date:%Y-%m-%d}.")


def describe(change: StructureChange) -> str:
    """What a change does, in the reader's language: "Section “Ziehen” renamed
    “Karten ziehen”, address ziehen → karten-ziehen", "Section “…” added" …"""
    target = change.target()
    if change.effective_date is not None:  # as it was the day before
        structure_on(target, day_before(change.effective_date))
    # a section without a heading (numbered only) is named by its number, else its slug
    old = ((target.heading_in().text or target.label()) if change.section_id else
           target.title_in().text if change.document_id else str(target.name or target.slug))
    names = change.names()  # the new name in the reader's language, else the original's
    new = (names.get((get_language() or "")[:2]) or names.get(_original(change))
           or next(iter(names.values()), ""))
    kind = {"section": _("Section"), "document": _("Document"), "game": _("Game")}[change.kind]
    parts = []
    if change.adds:
        parts.append(_("%(kind)s “%(name)s” added") % {"kind": kind, "name": new or old})
    elif new:
        parts.append(_("%(kind)s “%(old)s” renamed “%(new)s”") % {
            "kind": kind, "old": old, "new": new})
    else:
        parts.append(_("%(kind)s “%(name)s”") % {"kind": kind, "name": old})
    if change.slug:
        before = target.__dict__.get("_structure_base", {}).get("slug", target.slug)
        parts.append(_("address %(old)s → %(new)s") % {"old": before, "new": change.slug})
    return ", ".join(parts)


def _original(change: StructureChange) -> str:
    if change.section_id:
        return change.section.document.language
    if change.document_id:
        return change.document.language
    return change.correction.language


def structure_entry(change: StructureChange) -> dict:
    """A published change as the changes API, the correction API and the feed list it:
    ``kind``, ``document`` and ``section`` (slugs as created), ``adds``, the new
    ``slug`` (empty: unchanged), ``name`` by language, ``effective_date``,
    ``description`` (:func:`describe`) and ``url`` (the address in force today)."""
    target = change.target()
    document = (change.section.document if change.section_id else
                change.document if change.document_id else None)
    section_slug = target.slug if change.section_id else None
    target = structure_on(target)  # its address today
    return {"kind": change.kind, "document": document.slug if document else None,
            "section": section_slug, "adds": change.adds, "slug": change.slug,
            "name": {code: getattr(change, f"name_{code}") or "" for code in LANGUAGES},
            "effective_date": change.effective_date, "description": describe(change),
            "url": target.get_absolute_url()}


def document_structure_changes(document, start, end) -> list[StructureChange]:
    """The published changes of ``document``, its sections and its game taking
    effect after ``start`` and by ``end``, in date order."""
    return list(StructureChange.objects.published().filter(
        Q(section__document=document) | Q(document=document) | Q(game_id=document.game_id),
        effective_date__gt=start, effective_date__lte=end)
        .select_related("section__document__game", "document__game", "game", "correction")
        .order_by("effective_date", "published_at", "pk"))
