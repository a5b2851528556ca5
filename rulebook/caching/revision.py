"""Raise the rulebook's revision (:class:`rulebook.models.RulebookRevision`)
on every change to its tables, in the same transaction as the change.

Connected in :meth:`rulebook.apps.RulebookConfig.ready`.  Bulk operations
(``QuerySet.update``, ``bulk_create``) send no signals: code using them on
published rows must call :func:`bump` itself.
"""

from __future__ import annotations

from django.db.models import F
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

REVISION_ID = 1


def bump(**_signal_arguments) -> None:
    """Add one to the revision (creating its row on first use)."""
    from rulebook.models import RulebookRevision

    updated = RulebookRevision.objects.filter(pk=REVISION_ID).update(
        number=F("number") + 1, changed_at=timezone.now())
    if not updated:
        RulebookRevision.objects.get_or_create(pk=REVISION_ID, defaults={"number": 1})


def connect() -> None:
    """Connect :func:`bump` to the saves and deletes of the rulebook's models."""
    from rulebook.models import (
        Clause, ClauseVersion, Correction, Document, Game, GlossaryTerm, Section,
    )

    for model in (Game, Document, Section, Clause, ClauseVersion, Correction, GlossaryTerm):
        post_save.connect(bump, sender=model, dispatch_uid=f"revision-save-{model.__name__}")
        post_delete.connect(bump, sender=model, dispatch_uid=f"revision-delete-{model.__name__}")
