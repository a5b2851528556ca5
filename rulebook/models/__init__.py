"""The rulebook's models, one module per concern.

- :mod:`rulebook.models.rules`: games, documents, sections, clauses, their
  versions and the corrections (errata) that publish them;
- :mod:`rulebook.models.references`: stored cross-references between
  clause versions ("cited by");
- :mod:`rulebook.models.search`: the search index rows;
- :mod:`rulebook.models.glossary`: the glossary of each game.
- :mod:`rulebook.models.sources`: what the importer last read from each
  source page;
- :mod:`rulebook.models.rulings`: the publisher's official rulings and FAQ
  entries, the clauses they interpret and the calculator's open points they decide;
- :mod:`rulebook.models.structure`: dated changes of section headings and
  slugs, document titles and game names, made by corrections;
- :mod:`rulebook.models.review`: what a published correction put up for
  review until an editor acts on it;
- :mod:`rulebook.models.slugs`: the game and document slugs the site's own
  addresses reserve (read from the URL configuration), and their validators.

Importing them here is how Django finds the models of an app whose models
are a package; everything else imports from ``rulebook.models``.
"""

from rulebook.models.references import ClauseReference
from rulebook.models.rules import (
    IN_FORCE_ORDER, LANGUAGE_CHOICES, PROTECTED_VERSION_FIELDS, STRUCTURE_FIELDS, TRANSLATION_DIGEST_FIELDS, Clause,
    ClauseVersion, ClauseVersionQuerySet, Correction, CorrectionQuerySet, Document, DocumentQuerySet, Game,
    ImmutableVersionError, Localized, RulebookRevision, Section, in_force_key, localized,
    text_digest,
)
from rulebook.models.search import RulingSearchEntry, SearchEntry
from rulebook.models.glossary import GlossaryTerm
from rulebook.models.sources import ImportedText
from rulebook.models.rulings import Ruling, RulingClause, RulingDecision, RulingQuerySet
from rulebook.models.review import ReviewItem
from rulebook.models.structure import StructureChange
from rulebook.models.slugs import (
    ReservedSlugs, reserved_slugs, validate_document_slug, validate_game_slug,
)

__all__ = [
    "IN_FORCE_ORDER", "LANGUAGE_CHOICES", "PROTECTED_VERSION_FIELDS", "STRUCTURE_FIELDS", "TRANSLATION_DIGEST_FIELDS", "Clause",
    "ClauseReference", "ClauseVersion", "ClauseVersionQuerySet", "Correction",
    "CorrectionQuerySet", "Document", "DocumentQuerySet", "Game", "GlossaryTerm", "ImmutableVersionError",
    "ImportedText", "Localized",
    "RulebookRevision", "ReviewItem", "Ruling", "RulingClause", "RulingDecision", "RulingQuerySet", "RulingSearchEntry", "SearchEntry", "Section", "StructureChange", "in_force_key", "localized", "text_digest",
    "ReservedSlugs", "reserved_slugs", "validate_document_slug", "validate_game_slug",
]
