"""Keep derived data in step with the rulebook.

- A saved clause version: its clause's search entries are rebuilt (only
  published versions are indexed, so a draft becomes searchable when its
  ``published_at`` is set) and its stored references are rebuilt.
- A saved section, or a published correction's change of its heading
  (a :class:`~rulebook.models.StructureChange`): the entries of its first
  clause, which carry its heading, are rebuilt.
- A saved official ruling: its search entries are rebuilt (a published
  one's, a translation added later included; a draft has none).
- A saved or deleted glossary term: the cached glossary indexes are rebuilt.
- A saved or deleted document, section or clause: the cached reference
  indexes are invalidated, and references that were stubs are resolved
  again (the new section may be what they name).

Bulk writes (``bulk_create``) send no signals: code using them calls
:func:`structure_created` and :func:`versions_created` once for all rows,
which do the same as the signals would, row for row.  Each asks for a new
revision; inside :func:`rulebook.caching.revision.one_bump` (an import runs
in one) those and the single saves' bumps make one.
"""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from rulebook.caching.revision import bump
from rulebook.models import (Clause, ClauseVersion, Document, GlossaryTerm, Ruling, Section,
                             StructureChange)
from rulebook.references.glossary import glossary_changed
from rulebook.references.resolver import rulebook_changed
from rulebook.references.services import resolve_pending, store_references, store_references_of
from rulebook.search.indexing import index_clause, index_clauses, index_ruling, index_section


@receiver(post_save, sender=ClauseVersion, dispatch_uid="rulebook_version_saved")
def version_saved(sender, instance: ClauseVersion, raw=False, **kwargs) -> None:
    """Re-index the clause and store the version's references."""
    if raw:
        return
    index_clause(instance.clause)
    store_references(instance)


@receiver(post_delete, sender=ClauseVersion, dispatch_uid="rulebook_version_deleted")
def version_deleted(sender, instance: ClauseVersion, **kwargs) -> None:
    """Re-index the clause of a deleted (draft) version."""
    clause = Clause.objects.filter(pk=instance.clause_id).first()
    if clause is not None:
        index_clause(clause)


@receiver(post_save, sender=Ruling, dispatch_uid="rulebook_ruling_indexed")
def ruling_saved(sender, instance: Ruling, raw=False, **kwargs) -> None:
    """Re-index a saved official ruling (only a published one has entries)."""
    if not raw:
        index_ruling(instance)


@receiver(post_save, sender=Section, dispatch_uid="rulebook_section_heading_indexed")
def section_saved(sender, instance: Section, created=False, raw=False, **kwargs) -> None:
    """Re-index the first clause of a changed section: its entries carry the
    section's heading (a new section has no clauses yet)."""
    if not (raw or created):
        index_section(instance)


@receiver(post_save, sender=StructureChange, dispatch_uid="rulebook_section_renamed_indexed")
def structure_change_saved(sender, instance: StructureChange, raw=False, **kwargs) -> None:
    """Re-index the first clause of a section a correction renames, once the
    change is published: its entries carry the heading in force."""
    if not raw and instance.section_id and instance.published_at is not None:
        index_section(Section.objects.get(pk=instance.section_id))


def _game_id(instance) -> int | None:
    if isinstance(instance, Document):
        return instance.game_id
    document = Document.objects.filter(pk=instance.document_id).values_list(
        "game_id", flat=True).first()
    return document


@receiver(post_save, sender=Document, dispatch_uid="rulebook_document_saved")
@receiver(post_save, sender=Section, dispatch_uid="rulebook_section_saved")
@receiver(post_save, sender=Clause, dispatch_uid="rulebook_clause_saved")
def structure_saved(sender, instance, created=False, raw=False, **kwargs) -> None:
    """Mark the rulebook changed and refresh references that may now resolve."""
    rulebook_changed()
    if raw or (sender is Clause and not created):
        return  # a clause's key never changes: only a new clause can resolve a stub
    game_id = _game_id(instance)
    if game_id is not None:
        resolve_pending(game_id)


@receiver(post_delete, sender=Document, dispatch_uid="rulebook_document_deleted")
@receiver(post_delete, sender=Section, dispatch_uid="rulebook_section_deleted")
@receiver(post_delete, sender=Clause, dispatch_uid="rulebook_clause_deleted")
def structure_deleted(sender, instance, **kwargs) -> None:
    """Mark the rulebook changed after a structural deletion."""
    rulebook_changed()


@receiver(post_save, sender=GlossaryTerm, dispatch_uid="rulebook_glossary_saved")
@receiver(post_delete, sender=GlossaryTerm, dispatch_uid="rulebook_glossary_deleted")
def glossary_term_changed(sender, instance, **kwargs) -> None:
    """Rebuild the cached glossary indexes (term markup, search synonyms)."""
    glossary_changed()


def structure_created(game_id: int) -> None:
    """After sections or clauses of game ``game_id`` were created in bulk:
    what :func:`structure_saved` does for one (and a new revision)."""
    rulebook_changed()
    resolve_pending(game_id)
    bump()


def versions_created(versions: list[ClauseVersion]) -> None:
    """After ``versions`` were created in bulk, each the first published
    version of its clause: what :func:`version_saved` does for one — search
    entries and stored references, in a few queries for all — and a new
    revision.

    :raises ValueError: if a version has not been saved.
    """
    if any(version.pk is None for version in versions):
        raise ValueError("versions_created() needs saved versions")
    index_clauses({version.clause_id: version.clause for version in versions}.values())
    store_references_of(versions)
    bump()
