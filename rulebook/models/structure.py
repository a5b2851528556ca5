"""Versioned structure above the clause: headings, slugs, titles, names.

A :class:`StructureChange` is part of a correction (errata), published with
it and in force from its effective date, like a clause version: it gives a
section a new heading (in the languages it names) and address (``slug``),
adds a section (not shown before the date), gives a document a new title or
a game a new name.  The row of the section, document or game keeps the
values it was created with; what readers see on a date is that row with the
changes in force on that date laid over it (:func:`structure_on`), so a
view dated before a rename shows the old heading, and an upcoming rename
changes nothing before its date.  A language left empty in a change keeps
the value before it.

Every slug a section had (its own and those of its published changes) stays
its address: the section page redirects it to the slug in force
(:func:`section_for_slug`).  Published changes are immutable
(:mod:`rulebook.versioning.guards`).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.signals import post_delete, post_save
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from rulebook.caching.process import ProcessIndex
from rulebook.models.rules import Correction, Document, Game, ImmutableVersionError, Section

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)
#: Raised (in Django's cache) whenever a structure change is saved or deleted.
GENERATION_KEY = "rulebook:structure:generation"
_INDEX: ProcessIndex[tuple] = ProcessIndex(GENERATION_KEY, 60.0)


class StructureChangeQuerySet(models.QuerySet):
    """Look-ups of structure changes; published ones are never changed in bulk."""

    def published(self) -> "StructureChangeQuerySet":
        """Changes published with their correction."""
        return self.filter(published_at__isnull=False)

    def update(self, **kwargs):
        """Bulk-update draft rows.

        :raises ImmutableVersionError: if a published change is among them.
        """
        if self.filter(published_at__isnull=False).exists():
            raise ImmutableVersionError(_("Published structure changes are immutable; "
                                          "publish a new correction instead."))
        return super().update(**kwargs)

    def delete(self):
        """Delete draft rows.

        :raises ImmutableVersionError: if a published change is among them.
        """
        if self.filter(published_at__isnull=False).exists():
            raise ImmutableVersionError(_("Published structure changes cannot be deleted."))
        return super().delete()


class StructureChange(models.Model):
    """A dated change of a section, document or game, made by a correction.

    Exactly one of ``section``, ``document`` and ``game`` is set.  ``name``
    (translated: ``name_de`` …) is the new heading, title or name in each
    language it gives; ``slug`` a section's new address; ``adds`` says the
    correction adds the section (it is not shown before the date).
    ``effective_date``, ``published_at`` and ``published_by`` are the
    correction's, set when it is published.
    """

    correction = models.ForeignKey(Correction, on_delete=models.CASCADE,
                                   related_name="structure_changes",
                                   verbose_name=_("correction"))
    section = models.ForeignKey(Section, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="changes", verbose_name=_("section"))
    document = models.ForeignKey(Document, on_delete=models.PROTECT, null=True, blank=True,
                                 related_name="changes", verbose_name=_("document"))
    game = models.ForeignKey(Game, on_delete=models.PROTECT, null=True, blank=True,
                             related_name="changes", verbose_name=_("game"))
    adds = models.BooleanField(
        _("adds the section"), default=False,
        help_text=_("The correction adds this section: it is not shown before the "
                    "correction's effective date."))
    slug = models.SlugField(_("new slug"), max_length=120, blank=True,
                            help_text=_("A section's new address, e.g. “kartenaufbau”; the old "
                                        "one keeps leading to it. Empty: unchanged."))
    name = models.CharField(_("new heading, title or name"), max_length=300, blank=True,
                            help_text=_("Empty in a language: unchanged in that language."))
    effective_date = models.DateField(_("effective date"), null=True, blank=True,
                                      editable=False)
    published_at = models.DateTimeField(_("published"), null=True, blank=True, editable=False)
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     null=True, blank=True, editable=False, related_name="+",
                                     verbose_name=_("published by"))

    objects = StructureChangeQuerySet.as_manager()

    class Meta:
        ordering = ["correction", "pk"]
        constraints = [models.CheckConstraint(
            condition=(models.Q(section__isnull=False, document__isnull=True, game__isnull=True)
                       | models.Q(section__isnull=True, document__isnull=False,
                                  game__isnull=True, adds=False, slug="")
                       | models.Q(section__isnull=True, document__isnull=True,
                                  game__isnull=False, adds=False, slug="")),
            name="structurechange_one_target")]
        verbose_name = _("structure change")
        verbose_name_plural = _("structure changes")

    def __str__(self) -> str:
        return f"{self.target()} ({self.correction_id})"

    def target(self) -> Section | Document | Game | None:
        """The section, document or game changed."""
        return self.section or self.document or self.game

    @property
    def kind(self) -> str:
        """``section``, ``document`` or ``game``."""
        return "section" if self.section_id else "document" if self.document_id else "game"

    def names(self) -> dict[str, str]:
        """The new values by language (only those given)."""
        return {code: value for code in LANGUAGES
                if (value := getattr(self, f"name_{code}", "") or "")}

    def clean(self) -> None:
        """Model validation: one target of the correction's game, not changed twice
        in the correction (a field error), something changed, a free slug; a
        published change is not changed."""
        super().clean()
        targets = [t for t in (self.section_id, self.document_id, self.game_id) if t]
        if len(targets) != 1:
            raise ValidationError(_("Choose one section, document or game to change."))
        if self.pk and type(self).objects.filter(pk=self.pk, published_at__isnull=False).exists():
            raise ValidationError(_("Published structure changes are immutable; publish a new "
                                    "correction instead."), code="immutable")
        game_id = (self.section.document.game_id if self.section_id else
                   self.document.game_id if self.document_id else self.game_id)
        if self.correction_id and game_id != self.correction.game_id:
            raise ValidationError(_("This belongs to another game than the correction."))
        if self.correction_id and type(self).objects.filter(
                correction_id=self.correction_id, **{f"{self.kind}_id": targets[0]}).exclude(
                pk=self.pk).exists():
            raise ValidationError({self.kind: same_target_message(self.kind)},
                                  code="same_target")
        if not self.section_id and (self.adds or self.slug):
            raise ValidationError(_("Only a section is added or gets a new slug."))
        if not (self.adds or self.slug or self.names()):
            raise ValidationError(_("Give the new heading, title or name, or a new slug."))
        if self.slug and self.section_id:
            taken = section_slugs(self.section.document_id)
            if taken.get(self.slug, self.section_id) != self.section_id:
                raise ValidationError({"slug": _(
                    "Another section of this document has or had the address “%(slug)s”; "
                    "choose another slug.") % {"slug": self.slug}})

    def save(self, *args, **kwargs) -> None:
        """Save a draft (a submitted correction returns to draft) or its publication.

        :raises ImmutableVersionError: if the change is published already.
        """
        if self.pk and type(self).objects.filter(pk=self.pk, published_at__isnull=False).exists():
            raise ImmutableVersionError(_("Published structure changes are immutable; "
                                          "publish a new correction instead."))
        super().save(*args, **kwargs)
        if self.published_at is None:
            Correction(pk=self.correction_id).return_to_draft()  # reviewed again

    def delete(self, *args, **kwargs):
        """Delete a draft.

        :raises ImmutableVersionError: if the change is published.
        """
        if self.published_at is not None:
            raise ImmutableVersionError(_("Published structure changes cannot be deleted."))
        return super().delete(*args, **kwargs)


def same_target_message(kind: str) -> str:
    """The refusal of a second change of one section, document or game
    (``kind``) in a correction: the two would both take effect on its date."""
    return {
        "section": _("This correction already changes this section; change that entry "
                     "instead of adding another."),
        "document": _("This correction already changes this document; change that entry "
                      "instead of adding another."),
        "game": _("This correction already changes this game; change that entry instead "
                  "of adding another."),
    }[kind]


def section_slugs(document_id: int) -> dict[str, int]:
    """Every slug a section of the document has or had (its own, its published
    changes'), → the section's id."""
    slugs = dict(Section.objects.filter(document_id=document_id).values_list("slug", "pk"))
    for slug, pk in StructureChange.objects.filter(section__document_id=document_id).exclude(
            slug="").values_list("slug", "section_id"):
        slugs.setdefault(slug, pk)
    return slugs


@dataclass(frozen=True)
class _Change:
    """A published change, as the per-process index keeps it."""

    kind: str
    target: int
    effective_date: datetime.date | None
    adds: bool
    slug: str
    names: dict = field(default_factory=dict)


def _published() -> tuple[_Change, ...]:
    rows = StructureChange.objects.published().order_by(
        "effective_date", "published_at", "pk")
    return tuple(_Change(row.kind, row.section_id or row.document_id or row.game_id,
                         row.effective_date, row.adds, row.slug, row.names()) for row in rows)


def load_changes() -> tuple[_Change, ...]:
    """Every published change in date order, read now (one query): for pages
    without a publication stamp, which keep nothing per process."""
    return _published()


def published_changes() -> tuple[_Change, ...]:
    """Every published change in date order, kept per process until one is saved
    (one query when none is kept; none on most pages)."""
    return _INDEX.get("all", _published)


def changes_for(document: Document | None) -> tuple[_Change, ...]:
    """:func:`published_changes`, or none without a look-up when ``document``
    was read with its publication stamp and it counts no published change
    (``published_structure``, :func:`rulebook.caching.conditional.with_publication_stamp`)."""
    if document is not None and getattr(document, "published_structure", None) == 0:
        return ()
    return published_changes()


_FIELD = {"section": "heading", "document": "title", "game": "name"}


def structure_on(obj: Section | Document | Game, on: datetime.date | None = None,
                 changes: tuple[_Change, ...] | None = None):
    """Lay the headings, title or name of ``obj`` in force on ``on`` (today) over
    it, in memory, and a section's slug in force today (its address: every
    earlier one redirects to it); return ``obj``.  The original values are
    kept (``_structure_base``), so an object may be laid over again for
    another date.  ``changes``: :func:`published_changes`, when the caller has them."""
    today = timezone.localdate()
    on = on or today
    kind = {Section: "section", Document: "document", Game: "game"}[type(obj)]
    changes = [c for c in (published_changes() if changes is None else changes)
               if c.kind == kind and c.target == obj.pk]
    if not changes and "_structure_base" not in obj.__dict__:
        return obj
    base = obj.__dict__.setdefault("_structure_base", {
        name: getattr(obj, name, "") for name in
        ["slug", *(f"{_FIELD[kind]}_{code}" for code in LANGUAGES)]})
    for name, value in base.items():
        setattr(obj, name, value)
    for change in changes:
        if change.slug and (change.effective_date is None or change.effective_date <= today):
            obj.slug = change.slug
        if change.effective_date is not None and change.effective_date > on:
            continue
        for code, value in change.names.items():
            setattr(obj, f"{_FIELD[kind]}_{code}", value)
    return obj


def sections_on(sections, on: datetime.date | None = None,
                document: Document | None = None) -> list[Section]:
    """``sections`` (of ``document``) shown on ``on`` (today), each laid over
    (:func:`structure_on`): without those a correction adds after that date."""
    changes = changes_for(document)
    if not changes:
        return list(sections)
    later = added_after(on, changes)
    return [structure_on(item, on, changes) for item in sections if item.pk not in later]


def current_slug(section_id: int) -> str | None:
    """The slug (address) of the section in force today."""
    section = Section.objects.filter(pk=section_id).first()
    return structure_on(section).slug if section is not None else None


def added_after(on: datetime.date | None = None,
                changes: tuple[_Change, ...] | None = None) -> set[int]:
    """The ids of sections a correction adds after ``on`` (today): not shown then."""
    on = on or timezone.localdate()
    return {c.target for c in (published_changes() if changes is None else changes)
            if c.kind == "section" and c.adds and c.effective_date and c.effective_date > on}


def section_for_slug(document_id: int, slug: str) -> int | None:
    """The id of the section of the document that had (or will have) ``slug``
    in a published change, or whose own slug it is; ``None`` if none."""
    ids = {c.target for c in published_changes() if c.kind == "section" and c.slug == slug}
    found = Section.objects.filter(document_id=document_id).filter(
        models.Q(slug=slug) | models.Q(pk__in=ids)).values_list("pk", flat=True).first()
    return found


def _invalidate(**_signal_arguments) -> None:
    _INDEX.invalidate()


post_save.connect(_invalidate, sender=StructureChange, dispatch_uid="structure-index-save")
post_delete.connect(_invalidate, sender=StructureChange, dispatch_uid="structure-index-delete")
