"""Stored references: which clause version refers to what.

Rebuilt from the texts whenever a version is saved (see
:mod:`rulebook.references.services`), so each clause page can list the
clauses that cite it ("cited by") with one query.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from rulebook.references.syntax import Kind

#: Kinds a resolution can have (a quoted chapter title resolves as a section).
STORED_KINDS = (Kind.CLAUSE, Kind.SECTION, Kind.DOCUMENT, Kind.ENTRY)


class ClauseReference(models.Model):
    """A reference in the text of a clause version (in one language).

    ``target`` is the reference as written (for a stub, the name of the
    entry that is not published yet); ``target_clause``/``target_section``/
    ``target_document`` is what it resolves to, empty for a stub.
    """

    version = models.ForeignKey("rulebook.ClauseVersion", on_delete=models.CASCADE,
                                related_name="references", verbose_name=_("clause version"))
    clause = models.ForeignKey("rulebook.Clause", on_delete=models.CASCADE,
                               related_name="references_made", verbose_name=_("citing clause"))
    language = models.CharField(_("language"), max_length=8)
    kind = models.CharField(_("kind"), max_length=12,
                            choices=[(k.value, k.value) for k in STORED_KINDS])
    target = models.CharField(_("reference as written"), max_length=300)
    explicit = models.BooleanField(_("marked with [[…]]"), default=False)
    target_clause = models.ForeignKey("rulebook.Clause", on_delete=models.CASCADE, null=True,
                                      blank=True, related_name="cited_by",
                                      verbose_name=_("cited clause"))
    target_section = models.ForeignKey("rulebook.Section", on_delete=models.CASCADE, null=True,
                                       blank=True, related_name="cited_by",
                                       verbose_name=_("cited section"))
    target_document = models.ForeignKey("rulebook.Document", on_delete=models.CASCADE, null=True,
                                        blank=True, related_name="cited_by",
                                        verbose_name=_("cited document"))

    class Meta:
        verbose_name = _("clause reference")
        verbose_name_plural = _("clause references")

    def __str__(self) -> str:
        return f"{self.clause} → {self.target}"

    @property
    def resolved(self) -> bool:
        """Whether the reference points at something the site has."""
        return bool(self.target_clause_id or self.target_section_id or self.target_document_id)
