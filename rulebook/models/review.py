"""What a published correction put up for review, until an editor acts on it.

When a correction is published, everything that rests on a clause it
changes becomes one :class:`ReviewItem` (:func:`rulebook.versioning.review.put_up_for_review`):
a current official ruling interpreting the clause, a translation of the
clause, a glossary entry quoting it, a calculator rule or open point citing
it, a worked example resting on it.  An item stays *open* until an editor
*confirms* it (still valid, with a note) or *supersedes* it (a new ruling,
a new translation…, with a note); nothing clears it by itself.  An open
item on a ruling is shown on the ruling's public page as "clause changed
since this ruling — review".
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _, pgettext_lazy

from rulebook.models.glossary import GlossaryTerm
from rulebook.models.rules import LANGUAGE_CHOICES, Clause, Correction
from rulebook.models.rulings import Ruling


class ReviewItem(models.Model):
    """One thing resting on a clause a published correction changed, waiting for review."""

    RULING = "ruling"
    TRANSLATION = "translation"
    GLOSSARY = "glossary"
    CALCULATOR_RULE = "rule"
    WORKED_EXAMPLE = "example"
    KIND_CHOICES = [(RULING, _("official ruling")), (TRANSLATION, _("translation")),
                    (GLOSSARY, _("glossary entry")), (CALCULATOR_RULE, _("calculator rule")),
                    (WORKED_EXAMPLE, _("worked example"))]

    OPEN = "open"
    CONFIRMED = "confirmed"
    SUPERSEDED = "superseded"
    STATE_CHOICES = [(OPEN, _("waiting for review")), (CONFIRMED, _("confirmed: still valid")),
                     (SUPERSEDED, pgettext_lazy("review state", "superseded"))]

    correction = models.ForeignKey(Correction, on_delete=models.PROTECT,
                                   related_name="review_items", verbose_name=_("correction"))
    clause = models.ForeignKey(Clause, on_delete=models.PROTECT, related_name="review_items",
                               verbose_name=_("clause"))
    kind = models.CharField(_("kind"), max_length=12, choices=KIND_CHOICES)
    ruling = models.ForeignKey(Ruling, on_delete=models.PROTECT, null=True, blank=True,
                               related_name="review_items", verbose_name=_("ruling"))
    glossary_term = models.ForeignKey(GlossaryTerm, on_delete=models.PROTECT, null=True,
                                      blank=True, related_name="review_items",
                                      verbose_name=_("glossary entry"))
    language = models.CharField(_("language"), max_length=8, choices=LANGUAGE_CHOICES,
                                blank=True)
    subject = models.CharField(
        _("item"), max_length=200, blank=True,
        help_text=_("What rests on the clause: the calculator rule's or worked example's "
                    "name."))
    state = models.CharField(_("state"), max_length=12, choices=STATE_CHOICES, default=OPEN)
    note = models.TextField(_("note"), blank=True)
    superseded_by_ruling = models.ForeignKey(
        Ruling, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("superseded by ruling"))
    acted_at = models.DateTimeField(_("reviewed"), null=True, blank=True)
    acted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                 null=True, blank=True, related_name="+",
                                 verbose_name=_("reviewed by"))

    class Meta:
        ordering = ["correction", "clause", "kind", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(state="open", acted_at__isnull=True)
                | (~models.Q(state="open") & models.Q(acted_at__isnull=False)),
                name="review_item_acted_when_cleared"),
        ]
        verbose_name = _("item to review")
        verbose_name_plural = _("items to review")

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.subject}"

    @property
    def is_open(self) -> bool:
        """Whether no editor has acted on the item yet."""
        return self.state == self.OPEN
