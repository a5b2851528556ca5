"""What the importer read from each source page, per clause and import.

An import compares a source page with the text it *last imported from that
source* (the clause's latest :class:`ImportedText`), never with the version
in force: editors' corrections published since are not "differences from
the source".  An unchanged source changes nothing; a changed one becomes a
draft correction for an editor to review (:mod:`rulebook.importing`), and
the row recording the new text names that correction, so its review shows
what changed in the source (the row before it has the previous text).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from rulebook.models.rules import Clause, Correction, text_digest


class ImportedTextQuerySet(models.QuerySet):
    """Look-ups of imported texts."""

    def latest_for(self, clause: Clause) -> "ImportedText | None":
        """The text ``clause`` had in its source page at the last import that saw a change."""
        return self.filter(clause=clause).order_by("-pk").first()


class ImportedText(models.Model):
    """The original-language text and title a clause had in its source page.

    One row per import that found the clause new or changed; the latest row
    is what the next import compares with.  ``correction`` is the draft
    correction that import proposed (empty for a first import, which
    publishes directly).
    """

    clause = models.ForeignKey(Clause, on_delete=models.CASCADE, related_name="imported_texts",
                               verbose_name=_("clause"))
    title = models.CharField(_("title"), max_length=300, blank=True)
    text = models.TextField(_("text"), blank=True)
    digest = models.CharField(_("digest of the text"), max_length=64, editable=False)
    effective_date = models.DateField(_("date in the source"), null=True, blank=True)
    imported_at = models.DateTimeField(_("imported"))
    correction = models.ForeignKey(Correction, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="imported_texts",
                                   verbose_name=_("proposed in correction"))

    objects = ImportedTextQuerySet.as_manager()

    class Meta:
        ordering = ["clause", "pk"]
        verbose_name = _("imported source text")
        verbose_name_plural = _("imported source texts")

    def __str__(self) -> str:
        return f"{self.clause} ({self.imported_at:%Y-%m-%d})"

    def same_as(self, text: str, title: str) -> bool:
        """Whether ``text`` and ``title`` are what was imported here (whitespace aside)."""
        return self.digest == text_digest(text) and (self.title or "") == (title or "")

    def previous(self) -> "ImportedText | None":
        """The clause's imported text before this one, if any."""
        return (ImportedText.objects.filter(clause_id=self.clause_id, pk__lt=self.pk)
                .order_by("-pk").first())

    def save(self, *args, **kwargs) -> None:
        """Save, computing ``digest`` from ``text``."""
        self.digest = text_digest(self.text)
        super().save(*args, **kwargs)
