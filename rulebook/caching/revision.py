"""Raise the rulebook's revision (:class:`rulebook.models.RulebookRevision`)
on every change to its tables, in the same transaction as the change.

Connected in :meth:`rulebook.apps.RulebookConfig.ready`.  Bulk operations
(``QuerySet.update``, ``bulk_create``) send no signals: code using them on
published rows must call :func:`bump` itself.  A change made of many writes
(an import) runs inside :func:`one_bump`, so it raises the revision once.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

from django.db.models import F
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

REVISION_ID = 1

# Inside one_bump(): whether a bump was asked for (a list, so it can be set).
_HELD: ContextVar[list[bool] | None] = ContextVar("rulebook_revision_held", default=None)


def bump(**_signal_arguments) -> None:
    """Add one to the revision (creating its row on first use); inside
    :func:`one_bump`, note that the block's one bump is due instead."""
    held = _HELD.get()
    if held is not None:
        held[:] = [True]
        return
    from rulebook.models import RulebookRevision

    updated = RulebookRevision.objects.filter(pk=REVISION_ID).update(
        number=F("number") + 1, changed_at=timezone.now())
    if not updated:
        RulebookRevision.objects.get_or_create(pk=REVISION_ID, defaults={"number": 1})


@contextmanager
def one_bump() -> Iterator[None]:
    """Raise the revision at most once for every change made in the block.

    The bumps asked for inside it (by the save signals, or by code writing
    in bulk) are held, and one is made when the block ends — none when
    nothing asked for one, or when the block raises.  Run it inside the
    change's transaction, so the bump is part of it.  A nested block makes
    no bump of its own: the outermost one does.
    """
    if _HELD.get() is not None:
        yield
        return
    held: list[bool] = []
    token = _HELD.set(held)
    try:
        yield
    finally:
        _HELD.reset(token)
    if held:
        bump()


def connect() -> None:
    """Connect :func:`bump` to the saves and deletes of the rulebook's models."""
    from rulebook.models import (
        Clause, ClauseVersion, Correction, Document, Game, GlossaryTerm, Ruling, RulingClause,
        Section, StructureChange,
    )

    for model in (Game, Document, Section, Clause, ClauseVersion, Correction, GlossaryTerm,
                  Ruling, RulingClause, StructureChange):
        post_save.connect(bump, sender=model, dispatch_uid=f"revision-save-{model.__name__}")
        post_delete.connect(bump, sender=model, dispatch_uid=f"revision-delete-{model.__name__}")
