"""Official rulings and FAQ entries of a game's publisher, and the clauses they interpret.

A :class:`Ruling` records one answer the publisher gave (an official ruling
or an FAQ entry): its source (the publisher's document or page, its date,
an address or a citation), the question and the answer in the original
language (the ``question_<lang>``/``answer_<lang>`` fields of
modeltranslation, like :class:`~rulebook.models.Correction`; the other
languages are the site's own, unofficial translations) and, through
:class:`RulingClause`, the clauses it interprets — each with the clause
version in force on the ruling's date, fixed at publication.

It goes through the corrections' workflow (draft → submitted → published,
:mod:`rulebook.rulings.workflow`) and gets its public number within the game
at publication.  Once published it never changes (the triggers of
:mod:`rulebook.versioning.guards` and the checks here) except for its
status, which may move once from *current* to *superseded* (by a later
ruling or a correction) or *withdrawn*, with the date and the reason; a new
wording is a new ruling that supersedes it.  Translations into the other
languages may still be added.

Nothing here is rule text: pages show a ruling apart from the clause text,
labelled "Official ruling".
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _, pgettext_lazy

from rulebook.models.rules import (
    LANGUAGE_CHOICES, Clause, ClauseVersion, Correction, Game, ImmutableVersionError,
    Localized, _as_validation_error, localized, page_address,
)

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


class RulingQuerySet(models.QuerySet):
    """Look-ups of rulings by workflow state, clause and date."""

    def published(self) -> "RulingQuerySet":
        """Published rulings (whatever their status)."""
        return self.filter(published_at__isnull=False)

    def drafts(self) -> "RulingQuerySet":
        """Rulings not yet published (drafts and submitted ones)."""
        return self.filter(published_at__isnull=True)

    def given_by(self, on: datetime.date | None = None) -> "RulingQuerySet":
        """Published rulings whose source date is ``on`` (today) or earlier.

        A reader looking at the rules as of a date sees the rulings given
        by then, and nothing later.
        """
        return self.published().filter(source_date__lte=on or timezone.localdate())

    def with_review(self) -> "RulingQuerySet":
        """The rulings, each with ``under_review``: whether a published
        correction changed a clause it interprets and an editor has not yet
        confirmed or superseded it (an open
        :class:`~rulebook.models.review.ReviewItem`) — in the same query."""
        from rulebook.models.review import ReviewItem

        return self.annotate(under_review=models.Exists(ReviewItem.objects.filter(
            ruling=models.OuterRef("pk"), state=ReviewItem.OPEN)))

    def on_clause(self, clause, on: datetime.date | None = None) -> "RulingQuerySet":
        """The published rulings interpreting ``clause`` given by ``on``, newest first."""
        return (self.given_by(on).filter(interpretations__clause=clause)
                .select_related("game").order_by("-source_date", "-number").distinct())

    def for_reader(self, clause, on: datetime.date | None = None) -> tuple[list, list]:
        """The rulings a reader of ``clause`` on ``on`` (today) sees: ``(current, former)``.

        Each list is newest first; each ruling carries ``shown_status`` (its
        status on ``on``: a ruling withdrawn later was current then),
        ``given_on``, the version of ``clause`` it was given on, and
        ``under_review`` (:meth:`with_review`).
        """
        on = on or timezone.localdate()
        links = RulingClause.objects.filter(clause=clause).select_related("version")
        rulings = self.on_clause(clause, on).with_review().select_related(
            "superseded_by__game", "superseded_by_correction__game").prefetch_related(
            models.Prefetch("interpretations", queryset=links, to_attr="on_this_clause"))
        current, former = [], []
        for ruling in rulings:
            ruling.shown_status = ruling.status_on(on)
            ruling.given_on = ruling.on_this_clause[0].version if ruling.on_this_clause else None
            (current if ruling.shown_status == Ruling.CURRENT else former).append(ruling)
        return current, former

    def update(self, **kwargs):
        """Bulk-update rows; a published ruling only in its status and translations.

        :raises ImmutableVersionError: if the update would change anything
            else of a published ruling (the triggers refuse it as well).
        """
        allowed = set(Ruling.MUTABLE_FIELDS) | set(Ruling.TRANSLATION_FIELDS)
        if set(kwargs) - allowed and self.filter(published_at__isnull=False).exists():
            raise ImmutableVersionError(Ruling.IMMUTABLE_MESSAGE)
        return super().update(**kwargs)

    def delete(self):
        """Delete draft rulings.

        :raises ImmutableVersionError: if a published ruling is among them.
        """
        if self.filter(published_at__isnull=False).exists():
            raise ImmutableVersionError(_("Published rulings cannot be deleted; withdraw the "
                                          "ruling instead."))
        return super().delete()


class Ruling(models.Model):
    """An official ruling or FAQ entry of the publisher, on clauses of one game.

    ``number`` is the public identifier within the game (its address
    ``/<lang>/<game>/rulings/<number>/``), given at publication.
    ``source_date`` is the ruling's date: it is shown on the rules as of
    that date and later.
    """

    RULING = "ruling"
    FAQ = "faq"
    KIND_CHOICES = [(RULING, _("official ruling")), (FAQ, _("FAQ entry"))]

    CURRENT = "current"
    SUPERSEDED = "superseded"
    WITHDRAWN = "withdrawn"
    STATUS_CHOICES = [(CURRENT, _("current")),
                      (SUPERSEDED, pgettext_lazy("ruling status", "superseded")),
                      (WITHDRAWN, _("withdrawn"))]

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="rulings",
                             verbose_name=_("game"))
    number = models.PositiveIntegerField(
        _("number"), null=True, blank=True, editable=False,
        help_text=_("Public number within the game, given at publication; used in the "
                    "ruling's address."))
    kind = models.CharField(_("kind"), max_length=10, choices=KIND_CHOICES, default=RULING)
    source_title = models.CharField(
        _("source"), max_length=300,
        help_text=_("The publisher's document or page, as it names itself, e.g. “FAQ zum "
                    "Referenzhandbuch”."))
    source_date = models.DateField(
        _("date of the ruling"),
        help_text=_("The date the publisher gave it; the ruling is shown on the rules as of "
                    "this date."))
    source_url = models.URLField(_("source address"), blank=True)
    source_citation = models.CharField(
        _("citation"), max_length=300, blank=True,
        help_text=_("Where in the source, e.g. “question 12” or “p. 3”; or the whole "
                    "citation of a printed source."))
    language = models.CharField(_("original language"), max_length=8, choices=LANGUAGE_CHOICES,
                                help_text=_("The language the publisher wrote it in."))
    question = models.TextField(_("question"))
    answer = models.TextField(_("answer"))
    status = models.CharField(_("status"), max_length=12, choices=STATUS_CHOICES,
                              default=CURRENT, editable=False)
    status_date = models.DateField(_("status since"), null=True, blank=True, editable=False)
    status_reason = models.TextField(_("reason"), blank=True, editable=False)
    status_changed_at = models.DateTimeField(
        _("status changed"), null=True, blank=True, editable=False,
        help_text=_("When the ruling was marked superseded or withdrawn (the feed's update "
                    "time); empty while it is current."))
    superseded_by = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, editable=False,
        related_name="supersedes", verbose_name=_("superseded by ruling"))
    superseded_by_correction = models.ForeignKey(
        Correction, on_delete=models.PROTECT, null=True, blank=True, editable=False,
        related_name="superseded_rulings", verbose_name=_("superseded by correction"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, editable=False, related_name="+",
                                   verbose_name=_("created by"))
    submitted_at = models.DateTimeField(_("submitted for review"), null=True, blank=True,
                                        editable=False)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                     null=True, blank=True, editable=False, related_name="+",
                                     verbose_name=_("submitted by"))
    published_at = models.DateTimeField(_("published"), null=True, blank=True, editable=False)
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     null=True, blank=True, editable=False, related_name="+",
                                     verbose_name=_("published by"))
    # Optimistic concurrency of drafts, like ClauseVersion.revision.
    revision = models.PositiveIntegerField(_("draft revision"), default=1, editable=False)

    objects = RulingQuerySet.as_manager()

    class Meta:
        ordering = ["game", "-source_date", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"],
                                    name="ruling_unique_number_per_game"),
            models.CheckConstraint(
                condition=models.Q(status="current", status_date__isnull=True,
                                   superseded_by__isnull=True,
                                   superseded_by_correction__isnull=True)
                | models.Q(status="withdrawn", status_date__isnull=False,
                           superseded_by__isnull=True, superseded_by_correction__isnull=True)
                | (models.Q(status="superseded", status_date__isnull=False)
                   & (models.Q(superseded_by__isnull=False)
                      | models.Q(superseded_by_correction__isnull=False))),
                name="ruling_status_consistent"),
            models.CheckConstraint(condition=models.Q(published_at__isnull=False)
                                   | models.Q(status="current"),
                                   name="ruling_draft_is_current"),
        ]
        verbose_name = _("official ruling")
        verbose_name_plural = _("official rulings")
        permissions = [("publish_ruling", _("Can publish an official ruling"))]

    IMMUTABLE_MESSAGE = _("This ruling is published and cannot be changed; publish a new "
                          "ruling that supersedes it instead.")
    #: What may still change on a published ruling (once: current → superseded/withdrawn).
    MUTABLE_FIELDS = ("status", "status_date", "status_reason", "status_changed_at",
                      "superseded_by",
                      "superseded_by_id", "superseded_by_correction",
                      "superseded_by_correction_id")
    #: What a submitted ruling is reviewed as: changing any of them returns it to draft.
    CONTENT_FIELDS = ("game_id", "kind", "source_title", "source_date", "source_url",
                      "source_citation", "language") + tuple(
        f"{field}_{code}" for field in ("question", "answer") for code in LANGUAGES)
    TRANSLATION_FIELDS = tuple(f"{field}_{code}" for field in ("question", "answer")
                               for code in LANGUAGES)

    # Workflow status labels, derived from the stamps (never stored).
    DRAFT = "draft"
    SUBMITTED = "submitted"
    PUBLISHED = "published"
    WORKFLOW_LABELS = {DRAFT: _("draft"), SUBMITTED: _("submitted for review"),
                       PUBLISHED: _("published")}

    def __str__(self) -> str:
        if self.number:
            return _("Ruling %(number)s of %(date)s") % {
                "number": self.number, "date": self.source_date.strftime("%d.%m.%Y")}
        return _("Draft ruling of %(date)s") % {
            "date": self.source_date.strftime("%d.%m.%Y") if self.source_date else "?"}

    @property
    def is_published(self) -> bool:
        """Whether the ruling has been published (and so is immutable)."""
        return self.published_at is not None

    def workflow_state(self) -> str:
        """``draft``, ``submitted`` or ``published``."""
        if self.published_at is not None:
            return self.PUBLISHED
        return self.SUBMITTED if self.submitted_at else self.DRAFT

    def workflow_label(self) -> str:
        """The translated label of :meth:`workflow_state`."""
        return str(self.WORKFLOW_LABELS[self.workflow_state()])

    def status_on(self, on: datetime.date | None = None) -> str:
        """The status as a reader of the rules on ``on`` (today) sees it.

        A ruling superseded or withdrawn after ``on`` was still current then.
        """
        if self.status != self.CURRENT and self.status_date is not None \
                and self.status_date > (on or timezone.localdate()):
            return self.CURRENT
        return self.status

    def question_in(self, language: str | None = None) -> Localized:
        """The question in ``language`` (the reader's), else in the original."""
        return localized(self, "question", self.language, language)

    def answer_in(self, language: str | None = None) -> Localized:
        """The answer in ``language`` (the reader's), else in the original."""
        return localized(self, "answer", self.language, language)

    def get_absolute_url(self) -> str:
        """The public address ``/<lang>/<game>/rulings/<number>/`` (published only)."""
        return page_address("rulebook:ruling", self.game.slug, self.number)

    def immutable_values(self) -> dict:
        """What never changes once the ruling is published (the original texts included)."""
        values = {f.attname: getattr(self, f.attname) for f in self._meta.concrete_fields
                  if f.attname not in self.MUTABLE_FIELDS and f.attname != "revision"
                  and f.attname not in self.TRANSLATION_FIELDS
                  and f.attname not in ("question", "answer")}  # modeltranslation's mirror
        for field in ("question", "answer"):
            values[f"{field}_{self.language}"] = getattr(self, f"{field}_{self.language}") or ""
        return values

    def check_immutable(self) -> None:
        """Refuse a change of a published ruling but for its status (once) and translations.

        :raises ImmutableVersionError: if anything else would change, or the
            status of a ruling already superseded or withdrawn.
        """
        if self.pk is None:
            return
        stored = type(self).objects.filter(pk=self.pk).first()
        if stored is None or stored.published_at is None:
            return
        if stored.immutable_values() != self.immutable_values():
            raise ImmutableVersionError(self.IMMUTABLE_MESSAGE)
        if stored.status != self.CURRENT and any(
                getattr(stored, name) != getattr(self, name) for name in self.MUTABLE_FIELDS):
            raise ImmutableVersionError(_("This ruling is no longer current; its status cannot "
                                          "change again."))

    def clean(self) -> None:
        """Model validation: the immutability check as a form error."""
        super().clean()
        _as_validation_error(self.check_immutable)

    def save(self, *args, **kwargs) -> None:
        """Save; a published ruling changes only in its status and translations.

        A submitted draft whose content changes returns to draft: what is
        published is what was reviewed.

        :raises ImmutableVersionError: see :meth:`check_immutable`.
        """
        self.check_immutable()
        if self.pk is not None and self.published_at is None and self.submitted_at is not None:
            stored = type(self).objects.filter(pk=self.pk).values(
                "submitted_at", *self.CONTENT_FIELDS).first()
            if stored and stored["submitted_at"] is not None and any(
                    (getattr(self, name) or "") != (stored[name] or "")
                    for name in self.CONTENT_FIELDS):
                self.submitted_at = self.submitted_by = None
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        """Delete a draft ruling.

        :raises ImmutableVersionError: if the ruling is published.
        """
        if self.published_at is not None:
            raise ImmutableVersionError(_("Published rulings cannot be deleted; withdraw the "
                                          "ruling instead."))
        return super().delete(*args, **kwargs)

    def return_to_draft(self) -> bool:
        """Withdraw a submitted, unpublished ruling from review (its clauses changed)."""
        return bool(type(self).objects.filter(
            pk=self.pk, published_at__isnull=True, submitted_at__isnull=False,
        ).update(submitted_at=None, submitted_by=None))


class RulingPart(models.Model):
    """A row that is part of a ruling's content (a clause it interprets, an
    open point it decides): editable while the ruling is a draft — saving or
    deleting one returns a submitted ruling to draft — and fixed once it is
    published (the triggers of :mod:`rulebook.versioning.guards` refuse a
    change too).  Subclasses have a ``ruling`` foreign key."""

    class Meta:
        abstract = True

    def _published(self) -> bool:
        return Ruling.objects.filter(pk=self.ruling_id, published_at__isnull=False).exists()

    def save(self, *args, **kwargs) -> None:
        """Save a part of a draft ruling (a submitted one returns to draft).

        :raises ImmutableVersionError: if the ruling is published.
        """
        if self._published():
            raise ImmutableVersionError(Ruling.IMMUTABLE_MESSAGE)
        super().save(*args, **kwargs)
        Ruling(pk=self.ruling_id).return_to_draft()

    def delete(self, *args, **kwargs):
        """Delete a part of a draft ruling (a submitted one returns to draft).

        :raises ImmutableVersionError: if the ruling is published.
        """
        if self._published():
            raise ImmutableVersionError(Ruling.IMMUTABLE_MESSAGE)
        ruling_id = self.ruling_id
        result = super().delete(*args, **kwargs)
        Ruling(pk=ruling_id).return_to_draft()
        return result


class RulingClause(RulingPart):
    """One clause a ruling interprets, with the version in force on the ruling's date.

    ``version`` is filled in at publication (empty when the clause had no
    published version in force on that date) and never changes after.
    """

    ruling = models.ForeignKey(Ruling, on_delete=models.CASCADE, related_name="interpretations",
                               verbose_name=_("ruling"))
    clause = models.ForeignKey(Clause, on_delete=models.PROTECT, related_name="interpretations",
                               verbose_name=_("clause"))
    version = models.ForeignKey(
        ClauseVersion, on_delete=models.PROTECT, null=True, blank=True, editable=False,
        related_name="+", verbose_name=_("version interpreted"),
        help_text=_("The clause's version in force on the ruling's date, fixed at "
                    "publication."))
    position = models.PositiveIntegerField(_("position"), default=0)

    class Meta:
        ordering = ["ruling", "position", "id"]
        constraints = [models.UniqueConstraint(fields=["ruling", "clause"],
                                               name="ruling_clause_once")]
        verbose_name = _("clause interpreted")
        verbose_name_plural = _("clauses interpreted")

    def __str__(self) -> str:
        return str(self.clause)


class RulingDecision(RulingPart):
    """An open point of the calculator's engine that a ruling decides, and the reading it
    supports.

    ``point`` is the open point's key as the engine declares it (e.g.
    ``np-defending``, see ``python -m engine.inventory``) within the ruling's
    game; ``reading`` the key of the reading the ruling supports.  Part of
    the ruling's content: fixed once the ruling is published (the triggers of
    :mod:`rulebook.versioning.guards` refuse a change).  The calculator shows
    the point as decided only while the ruling is current on the date asked
    for (:func:`rulebook.calculator.decisions.deciding`); a superseded or
    withdrawn ruling decides nothing.
    """

    ruling = models.ForeignKey(Ruling, on_delete=models.CASCADE, related_name="decisions",
                               verbose_name=_("ruling"))
    point = models.CharField(_("open point"), max_length=100,
                             help_text=_("The key of the calculator's open point the ruling "
                                         "decides, e.g. “np-defending”."))
    reading = models.CharField(_("reading supported"), max_length=100,
                               help_text=_("The key of the reading the ruling supports, e.g. "
                                           "“self”."))

    class Meta:
        ordering = ["ruling", "point"]
        constraints = [models.UniqueConstraint(fields=["ruling", "point"],
                                               name="ruling_decides_point_once")]
        verbose_name = _("open point decided")
        verbose_name_plural = _("open points decided")

    def __str__(self) -> str:
        return f"{self.point}: {self.reading}"
