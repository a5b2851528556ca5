"""Keep derived data in step with the rulebook.

- A saved clause version: its clause's search entries are rebuilt (only
  published versions are indexed, so a draft becomes searchable when its
  ``published_at`` is set) and its stored references are rebuilt.
- A saved or deleted glossary term: the cached glossary indexes are rebuilt.
- A saved or deleted document, section or clause: the cached reference
  indexes are invalidated, and references that were stubs are resolved
  again (the new section may be what they name).
"""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from rulebook.models import Clause, ClauseVersion, Document, GlossaryTerm, Section
from rulebook.references.glossary import glossary_changed
from rulebook.references.resolver import rulebook_changed
from rulebook.references.services import resolve_pending, store_references
from rulebook.search.indexing import index_clause


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
