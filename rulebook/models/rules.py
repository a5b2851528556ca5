"""The rule texts: games, documents, sections, clauses and their versions.

``Game`` → ``Document`` (a rulebook or chapter, in its original language)
→ ``Section`` (nested, ordered) → ``Clause`` (the unit that is cited, with a
stable ``key``) → ``ClauseVersion`` (the text, with its effective date).  A
``Correction`` (errata) groups the clause versions it introduced.

Nothing is overwritten: a changed text is a new ``ClauseVersion``; which
version is in force on a date is a query (``ClauseVersionQuerySet.in_force``).
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.core.validators import validate_slug
from django.db import models
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy as _

from rulebook.models.slugs import validate_document_slug, validate_game_slug


LANGUAGE_CHOICES = [(code, name) for code, name in settings.LANGUAGES]


def text_digest(text: str) -> str:
    """Return the SHA-256 hex digest of ``text`` with normalised whitespace.

    Used to tell whether an imported text differs from the stored one.

    >>> text_digest("a  b\\n") == text_digest("a b")
    True
    """
    normalised = " ".join(text.split())
    return hashlib.sha256(normalised.encode("utf-8")).hexdigest()


@lru_cache(maxsize=8192)
def _reverse(viewname: str, args: tuple, language: str | None, prefix: str,
             urlconf: str) -> str:
    return reverse(viewname, args=args)


def page_address(viewname: str, *args) -> str:
    """``reverse(viewname, args=args)``, remembered per process: an address
    depends on nothing but its arguments, the active language and the
    script prefix (the key here), so a page naming the same document or
    section several times — and every page after it — resolves it once.
    (The URLconf is part of the key too, for tests that replace it.)"""
    return _reverse(viewname, args, get_language(), get_script_prefix(),
                    get_urlconf() or settings.ROOT_URLCONF)


@dataclass(frozen=True)
class Localized:
    """A translated field's value for a reader: text, its language, fallback.

    ``is_fallback`` is true when the reader's language has no translation
    and ``language`` (the original) is shown instead.
    """

    text: str
    language: str
    is_fallback: bool

    def __str__(self) -> str:
        return self.text

    def html(self, page_language: str | None = None) -> str:
        """The text as HTML, marked with its language where that is not the page's
        (default: the active one) — a clause label (:meth:`Clause.label_in`) as every page
        writes it.

        >>> Localized("107.2", "ru", False).html("ru")
        '107.2'
        >>> Localized("Ziel ¶4.8", "de", False).html("en")
        '<span lang="de">Ziel ¶4.8</span>'
        """
        from django.utils.html import format_html
        from django.utils.translation import get_language

        language = (page_language or get_language() or "")[:2]
        if self.language == language:
            return format_html("{}", self.text)
        return format_html('<span lang="{}">{}</span>', self.language, self.text)


def localized(obj: models.Model, field: str, original: str,
              language: str | None = None) -> Localized:
    """Return ``obj.<field>`` in ``language`` (default: the active one).

    Falls back to the ``original`` language's value, marked as a fallback.
    Where the original is empty too — a heading or text an editor entered
    in one language only, e.g. a new section's heading typed in English —
    the value of the first language that has one (in ``LANGUAGES`` order)
    is shown, marked as a fallback in that language: it is the text the
    editor gave, not one missing from a source.  A field empty in every
    language gives an empty, non-fallback value.

    >>> section = Section(heading_de="", heading_ru="", heading_en="New things")
    >>> localized(section, "heading", "de", "ru")
    Localized(text='New things', language='en', is_fallback=True)
    >>> localized(section, "heading", "de", "en")
    Localized(text='New things', language='en', is_fallback=False)
    """
    language = (language or get_language() or original)[:2]
    value = getattr(obj, f"{field}_{language}", "") or ""
    if value:
        return Localized(value, language, False)
    for code in (original, *(code for code, _name in settings.LANGUAGES)):
        other = (getattr(obj, f"{field}_{code}", "") or "") if code != language else ""
        if other:
            return Localized(other, code, True)
    return Localized("", original, False)


class Game(models.Model):
    """A trading-card game whose rules the site publishes."""

    slug = models.SlugField(_("slug"), unique=True, validators=[validate_game_slug],
                            help_text=_("Used in addresses, e.g. “berserk”."))
    name = models.CharField(_("name"), max_length=200)
    position = models.PositiveIntegerField(_("position"), default=0)

    class Meta:
        ordering = ["position", "slug"]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self) -> str:
        return self.name or self.slug

    def get_absolute_url(self) -> str:
        return page_address("rulebook:game", self.slug)

    def save(self, *args, **kwargs) -> None:
        """Save; a new game's slug is a slug (letters, digits, "-", "_": the addresses'
        ``<slug:game>``) and not an address of the site's own.

        :raises ValidationError: see :func:`rulebook.models.slugs.validate_game_slug`.
        """
        if self._state.adding:  # a restore or an import bypasses the forms' SlugField
            validate_slug(self.slug)
            validate_game_slug(self.slug)
        super().save(*args, **kwargs)


class DocumentQuerySet(models.QuerySet):
    """Documents by what readers see of them."""

    def shown(self, on: datetime.date | None = None) -> "DocumentQuerySet":
        """The documents readers see on ``on`` (today): those with a clause shown
        then (:meth:`ClauseQuerySet.shown`), as a section is shown.  A document
        added in the admin, or one whose every clause a later correction adds,
        is in no list and has no page before that date."""
        return self.filter(pk__in=Clause.objects.shown(on).values("document_id"))

    def published(self) -> "DocumentQuerySet":
        """The documents with a published clause version (in force or announced)."""
        return self.filter(pk__in=ClauseVersion.objects.published().values("clause__document_id"))


class Document(models.Model):
    """A rulebook or chapter of a game, in its original language."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="documents",
                             verbose_name=_("game"))
    slug = models.SlugField(_("slug"), validators=[validate_document_slug],
                            help_text=_("Used in addresses, e.g. “referenzhandbuch”."))
    number = models.CharField(_("number"), max_length=40, blank=True,
                              help_text=_("Chapter number in the source, e.g. “1.2.4”."))
    title = models.CharField(_("title"), max_length=300)
    language = models.CharField(_("original language"), max_length=8, choices=LANGUAGE_CHOICES)
    source_url = models.URLField(_("source address"), blank=True)
    source_note = models.TextField(
        _("source note"), blank=True,
        help_text=_("What the source is and what it lacks, e.g. “begins mid-section”."))
    position = models.PositiveIntegerField(_("position"), default=0)

    objects = DocumentQuerySet.as_manager()

    class Meta:
        ordering = ["game", "position", "slug"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"],
                                               name="document_unique_slug_per_game")]
        verbose_name = _("document")
        verbose_name_plural = _("documents")

    def __str__(self) -> str:
        return self.title_in().text or self.slug

    def title_in(self, language: str | None = None) -> Localized:
        """Return the title in ``language`` with fallback to the original."""
        return localized(self, "title", self.language, language)

    def source_note_in(self, language: str | None = None) -> Localized:
        """Return the source note in ``language`` with fallback to the original."""
        return localized(self, "source_note", self.language, language)

    def get_absolute_url(self) -> str:
        return page_address("rulebook:document", self.game.slug, self.slug)

    def has_published_version(self) -> bool:
        """Whether a clause of this document has a published version.

        The original language is then fixed: it says which text of each
        version is the original (and so immutable).
        """
        return self.pk is not None and ClauseVersion.objects.filter(
            clause__document_id=self.pk, published_at__isnull=False).exists()

    def check_immutable(self) -> None:
        """Refuse a change of the original language once a version is published.

        :raises ImmutableVersionError: if the stored document has a published
            version and another language.
        """
        if self.pk is None:
            return
        stored = type(self).objects.filter(pk=self.pk).values_list("language", flat=True).first()
        if stored is not None and stored != self.language and self.has_published_version():
            raise ImmutableVersionError(
                _("This document has published clause versions: its original language "
                  "cannot change."))

    def clean(self) -> None:
        """Model validation: the immutability check as a form error."""
        super().clean()
        _as_validation_error(self.check_immutable)

    def save(self, *args, **kwargs) -> None:
        """Save; a document with a published version keeps its original language,
        and a new document's slug is a slug (as the addresses' ``<slug:document>``) and not
        an address of the site's own.

        :raises ImmutableVersionError: see :meth:`check_immutable`.
        :raises ValidationError: see :func:`rulebook.models.slugs.validate_document_slug`.
        """
        if self._state.adding:  # a restore or an import bypasses the forms' SlugField
            validate_slug(self.slug)
            validate_document_slug(self.slug)
        self.check_immutable()
        super().save(*args, **kwargs)


class Section(models.Model):
    """An ordered, possibly nested part of a document with a heading.

    ``heading`` may be empty where the source does not give one.
    """

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="sections",
                                 verbose_name=_("document"))
    parent = models.ForeignKey("self", on_delete=models.CASCADE, null=True, blank=True,
                               related_name="children", verbose_name=_("parent section"))
    slug = models.SlugField(_("slug"), max_length=120)
    number = models.CharField(_("number"), max_length=40, blank=True)
    heading = models.CharField(_("heading"), max_length=300, blank=True)
    position = models.PositiveIntegerField(_("position"), default=0)

    class Meta:
        ordering = ["document", "position"]
        constraints = [models.UniqueConstraint(fields=["document", "slug"],
                                               name="section_unique_slug_per_document")]
        verbose_name = _("section")
        verbose_name_plural = _("sections")

    def __str__(self) -> str:
        return self.label()

    def heading_in(self, language: str | None = None) -> Localized:
        """Return the heading in ``language`` with fallback to the original."""
        return localized(self, "heading", self.document.language, language)

    def label(self) -> str:
        """Return "number heading" as far as the source gives them."""
        return " ".join(part for part in (self.number, self.heading_in().text) if part) or self.slug

    def get_absolute_url(self) -> str:
        doc = self.document
        return page_address("rulebook:section", doc.game.slug, doc.slug, self.slug)

    def clean(self) -> None:
        """Model validation: the parent section is of the same document (a field error)."""
        super().clean()
        _same_document(self, "parent")

    def save(self, *args, **kwargs) -> None:
        """Save; the parent section is of the same document (the database refuses it too).

        :raises ValidationError: if the parent belongs to another document.
        """
        _same_document(self, "parent")
        super().save(*args, **kwargs)


class ClauseQuerySet(models.QuerySet):
    """Clauses; a bulk update keeps the key and document of published ones."""

    def shown(self, on: datetime.date | None = None) -> "ClauseQuerySet":
        """The clauses readers see on ``on`` (today): those with a version in
        force then, and those of an imported source page (a published version
        without publisher: the clause was there, its text of an earlier date
        is just not in the sources).  Structure an editor added, a clause
        whose only text is a draft or is added by a later correction, is not
        shown (in search, key jumps, tables of contents, sitemaps)."""
        on = on or timezone.localdate()
        return self.filter(pk__in=ClauseVersion.objects.published().filter(
            models.Q(effective_date__isnull=True) | models.Q(effective_date__lte=on)
            | models.Q(published_by__isnull=True)).values("clause_id"))

    def by_address(self) -> dict[str, "Clause"]:
        """These clauses by every key that addresses one: the key it has now, and each key a
        published version of it carried before a correction renumbered it (the old address
        leads to it, :func:`rulebook.reading.services.renumbered_clause`; no other clause may
        take such a key, :func:`rulebook.versioning.structure.check_key`).  Two queries.

        An import matches the clauses of its source page by these keys, so a clause renumbered
        since is the same clause, not a new one under its old address."""
        clauses = {clause.key: clause for clause in self}
        by_id = {clause.pk: clause for clause in clauses.values()}
        former = (ClauseVersion.objects.filter(clause_id__in=by_id, published_at__isnull=False)
                  .exclude(key=models.F("clause__key")).order_by("-number")
                  .values_list("key", "clause_id"))
        for key, clause_id in former:
            clauses.setdefault(key, by_id[clause_id])
        return clauses

    def update(self, **kwargs):
        """Bulk-update rows; a clause with a published version keeps its key and document.

        :raises ImmutableVersionError: if the update would change the key,
            document or id of a clause with a published version.
        """
        if {"key", "document", "document_id", "id", "pk"} & set(kwargs) and \
                ClauseVersion.objects.filter(clause__in=self.values("pk"),
                                             published_at__isnull=False).exists():
            raise ImmutableVersionError(
                _("A clause with a published version keeps its key and document, since "
                  "addresses and citations use them."))
        return super().update(**kwargs)


class Clause(models.Model):
    """The unit that is cited: a numbered rule, paragraph or bullet.

    ``key`` is stable and unique within the document (``"107.2"``,
    ``"1.2.4.negativ-positiv-wirkung.p3"``, ``"ziel.p3.2"``); it never
    changes once published.  The text lives in :class:`ClauseVersion`.
    """

    document = models.ForeignKey(Document, on_delete=models.PROTECT, related_name="clauses",
                                 verbose_name=_("document"))
    section = models.ForeignKey(Section, on_delete=models.PROTECT, related_name="clauses",
                                verbose_name=_("section"))
    key = models.CharField(_("key"), max_length=120,
                           help_text=_("Stable key used in addresses and citations, e.g. “107.2”."))
    label = models.CharField(_("label"), max_length=160, blank=True,
                             help_text=_("How the key is printed, e.g. “Ziel ¶3.2”."))
    depth = models.PositiveSmallIntegerField(_("depth"), default=0,
                                             help_text=_("Nesting level of a bullet (0 = top)."))
    position = models.PositiveIntegerField(_("position"), default=0)

    objects = ClauseQuerySet.as_manager()

    class Meta:
        ordering = ["document", "position"]
        constraints = [models.UniqueConstraint(fields=["document", "key"],
                                               name="clause_unique_key_per_document")]
        # Neighbours and document order without sorting the document.
        indexes = [models.Index(fields=["document", "position"], name="clause_document_order")]
        verbose_name = _("clause")
        verbose_name_plural = _("clauses")

    def __str__(self) -> str:
        return self.display_key

    @property
    def display_key(self) -> str:
        """The key as printed (``label``), else the key itself."""
        return self.label or self.key

    def label_in(self, language: str | None = None, section: "Section | None" = None
                 ) -> Localized:
        """The key as printed, naming its section in ``language`` (default: the reader's).

        ``section`` spares the look-up when the caller has it.  See
        :func:`label_in` for the rule.
        """
        original = self.document.language
        if section is None and self.section_id is None:
            return Localized(self.display_key, original, False)
        return label_in(self.display_key, section or self.section, original, language)

    def get_absolute_url(self) -> str:
        doc = self.document
        return page_address("rulebook:clause", doc.game.slug, doc.slug, self.key)

    def has_published_version(self) -> bool:
        """Whether any version of this clause is published (its key is then fixed)."""
        return self.pk is not None and self.versions.filter(published_at__isnull=False).exists()

    def check_immutable(self) -> None:
        """Refuse a new key or document of a clause with a published version.

        A published version carrying the new key (a renumbering correction,
        :mod:`rulebook.versioning.structure`) moves the key.

        :raises ImmutableVersionError: if the key or document of a clause
            with a published version would change.
        """
        if self.pk is None:
            return
        stored = type(self).objects.filter(pk=self.pk).values("key", "document_id").first()
        renumbered = self.versions.filter(published_at__isnull=False, key=self.key).exists()
        if stored and ((stored["key"] != self.key and not renumbered)
                       or stored["document_id"] != self.document_id) \
                and self.has_published_version():
            raise ImmutableVersionError(
                _("Clause %(key)s has a published version: its key and document cannot "
                  "change, since addresses and citations use them.") % {"key": stored["key"]})

    def clean(self) -> None:
        """Model validation: the immutability check as a form error, and a
        section of another document refused on the section field."""
        super().clean()
        if self.section_id is not None and self.document_id is not None \
                and self.section.document_id != self.document_id:
            from django.core.exceptions import ValidationError

            raise ValidationError({"section": _(
                "This section belongs to another document (%(document)s); choose a section of "
                "the clause's document.") % {"document": self.section.document}})
        _as_validation_error(self.check_immutable)
        _same_document(self, "section")

    def save(self, *args, **kwargs) -> None:
        """Save; a clause with a published version keeps its key and document.

        Its address and the engine's citations are built from them.  Its
        section is of its document (the database refuses it too).

        :raises ImmutableVersionError: see :meth:`check_immutable`.
        :raises ValidationError: if the section belongs to another document.
        """
        self.check_immutable()
        _same_document(self, "section")
        super().save(*args, **kwargs)


def label_in(label: str, section: Section, original: str,
             language: str | None = None) -> Localized:
    """A printed clause label in ``language``: the section heading it quotes translated,
    the original kept in parentheses for citing it.

    Labels that quote their section's heading ("1.2.4 › Kartenaufbau ¶3",
    "Ziel ¶4.8") read in another language with the heading's translation
    before the original ("1.2.4 › Card layout (Kartenaufbau) ¶3"); a label
    that names no heading ("107.2") is the same in every language.  Without a translation of the heading the original label is
    given, in ``original``, the document's language (not a fallback: the
    label is how the rule is cited).

    >>> section = Section(heading_de="Ziel", heading_ru="Цель", heading_en="")
    >>> label_in("Ziel ¶4.8", section, "de", "ru")
    Localized(text='Цель (Ziel) ¶4.8', language='ru', is_fallback=False)
    >>> label_in("Ziel ¶4.8", section, "de", "en")
    Localized(text='Ziel ¶4.8', language='de', is_fallback=False)
    >>> label_in("107.2", section, "ru", "en").text
    '107.2'
    """
    language = (language or get_language() or original)[:2]
    heading = getattr(section, f"heading_{original}", "") or ""
    translated = (getattr(section, f"heading_{language}", "") or "") if language != original else ""
    if not (heading and translated and heading in label):
        return Localized(label, original, False)
    return Localized(label.replace(heading, f"{translated} ({heading})", 1), language, False)


def _same_document(obj: models.Model, name: str) -> None:
    """Refuse ``obj.<name>`` (a section) of another document than ``obj.document``.

    :raises ValidationError: on the field ``name``, naming both documents.
    """
    from django.core.exceptions import ValidationError

    section_id = getattr(obj, f"{name}_id")
    if section_id is None or obj.document_id is None:
        return
    cached = obj._state.fields_cache.get(name)  # the section object given: no query
    document_id = (cached.document_id if cached is not None and cached.pk == section_id
                   else Section.objects.filter(pk=section_id).values_list(
                       "document_id", flat=True).first())
    if document_id is not None and document_id != obj.document_id:
        raise ValidationError({name: _(
            "This section belongs to another document; choose a section of “%(document)s”.")
            % {"document": obj.document}}, code="other_document")


class ImmutableVersionError(Exception):
    """An attempt to change or delete a published clause version or correction.

    Published texts are never overwritten: publish a new version instead.
    """


def _as_validation_error(check) -> None:
    """Run ``check``; an :class:`ImmutableVersionError` becomes a ``ValidationError``.

    ``Model.clean()`` uses it, so a model form (the admin) shows the refusal
    as a form error instead of failing on save.
    """
    from django.core.exceptions import ValidationError

    try:
        check()
    except ImmutableVersionError as error:
        raise ValidationError(str(error), code="immutable") from error


class CorrectionQuerySet(models.QuerySet):
    """Look-ups of corrections by workflow state."""

    def published(self) -> "CorrectionQuerySet":
        """Published corrections, in force or upcoming."""
        return self.filter(published_at__isnull=False)

    def drafts(self) -> "CorrectionQuerySet":
        """Corrections not yet published (drafts and submitted ones)."""
        return self.filter(published_at__isnull=True)

    def upcoming(self, on: datetime.date | None = None) -> "CorrectionQuerySet":
        """Published corrections whose effective date is after ``on`` (today)."""
        return self.published().filter(effective_date__gt=on or timezone.localdate())

    def update(self, **kwargs):
        """Bulk-update rows; a published correction keeps its game, date and stamps.

        :raises ImmutableVersionError: if the update would change the game,
            effective date or publication stamps of a published correction.
        """
        guarded = {"id", "pk", "game", "game_id", "effective_date", "published_at",
                   "published_by", "published_by_id", "number", "language", "title",
                   "summary", *Correction.WORDING_FIELDS}
        if guarded & set(kwargs) and self.filter(published_at__isnull=False).exists():
            raise ImmutableVersionError(
                _("This correction is published: its game, effective date, number, language, "
                  "wording and publication cannot change. Publish a new correction instead."))
        return super().update(**kwargs)

    def delete(self):
        """Delete draft corrections.

        :raises ImmutableVersionError: if a published correction is among them.
        """
        if self.filter(published_at__isnull=False).exists():
            raise ImmutableVersionError(_("Published corrections cannot be deleted."))
        return super().delete()


class Correction(models.Model):
    """A rule correction (errata): the clause versions it introduced.

    ``effective_date`` is the date the corrected text takes effect.
    ``number`` is the public identifier within the game (its address
    ``/<lang>/<game>/corrections/<number>/``), given at publication and kept
    by export and restore; it never depends on the database's row ids.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="corrections",
                             verbose_name=_("game"))
    number = models.PositiveIntegerField(
        _("number"), null=True, blank=True, editable=False,
        help_text=_("Public number within the game, given at publication; used in the "
                    "correction's address."))
    title = models.CharField(_("title"), max_length=300)
    summary = models.TextField(_("summary"), blank=True)
    effective_date = models.DateField(_("effective date"))
    language = models.CharField(_("original language"), max_length=8, choices=LANGUAGE_CHOICES)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    published_at = models.DateTimeField(_("published"), null=True, blank=True)
    # Workflow stamps (the status is derived from them, see ``status``);
    # an empty publisher means the correction came with an imported source.
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, editable=False, related_name="+",
                                   verbose_name=_("created by"))
    submitted_at = models.DateTimeField(_("submitted for review"), null=True, blank=True,
                                        editable=False)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                     null=True, blank=True, editable=False, related_name="+",
                                     verbose_name=_("submitted by"))
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     null=True, blank=True, editable=False, related_name="+",
                                     verbose_name=_("published by"))

    objects = CorrectionQuerySet.as_manager()

    class Meta:
        ordering = ["-effective_date", "-id"]
        constraints = [models.UniqueConstraint(fields=["game", "number"],
                                               name="correction_unique_number_per_game")]
        verbose_name = _("correction")
        verbose_name_plural = _("corrections")
        permissions = [("publish_correction", _("Can publish a correction"))]

    # Status labels, derived from the timestamps (never stored).
    DRAFT = "draft"
    SUBMITTED = "submitted"
    UPCOMING = "upcoming"
    IN_FORCE = "in_force"
    STATUS_LABELS = {DRAFT: _("draft"), SUBMITTED: _("submitted for review"),
                     UPCOMING: _("upcoming"), IN_FORCE: _("in force")}

    def status(self, on: datetime.date | None = None) -> str:
        """Return ``draft``, ``submitted``, ``upcoming`` or ``in_force`` on ``on`` (today).

        A published correction is "upcoming" until its effective date.
        """
        if self.published_at is None:
            return self.SUBMITTED if self.submitted_at else self.DRAFT
        if self.effective_date > (on or timezone.localdate()):
            return self.UPCOMING
        return self.IN_FORCE

    def status_label(self) -> str:
        """The translated label of :meth:`status` today."""
        return str(self.STATUS_LABELS[self.status()])

    @property
    def is_published(self) -> bool:
        """Whether the correction has been published."""
        return self.published_at is not None

    @property
    def is_upcoming(self) -> bool:
        """Published, with an effective date still in the future."""
        return self.status() == self.UPCOMING

    def summary_in(self, language: str | None = None) -> Localized:
        """Return the summary in ``language`` with fallback to the original."""
        return localized(self, "summary", self.language, language)

    def get_absolute_url(self) -> str:
        """The public address: ``/<lang>/<game>/corrections/<number>/`` (published only)."""
        return page_address("rulebook:correction", self.game.slug, self.number)

    # What a submitted correction is reviewed as: changing any of them
    # returns it to draft.
    CONTENT_FIELDS = ("game_id", "effective_date", "language", "title_de", "title_ru",
                      "title_en", "summary_de", "summary_ru", "summary_en")
    GUARDED_FIELDS = ("game_id", "effective_date", "published_at", "published_by_id", "number",
                      "language")
    # The wording readers see.  (The base columns ``title``/``summary`` are
    # modeltranslation's: the database guards keep them; in Python the
    # name means the active language's field.)
    WORDING_FIELDS = tuple(f"{field}_{code}" for field in ("title", "summary")
                           for code, _name in settings.LANGUAGES)

    def wording_changes(self, stored: dict) -> list[str]:
        """The wording fields of ``stored`` (a published row's values) this
        instance would change: any change in the original language; in another
        language a change of a text already there —
        a missing translation may be added, as the database guards allow."""
        changed = []
        for name in self.WORDING_FIELDS:
            old, new = stored[name] or "", getattr(self, name) or ""
            original = name.endswith(f"_{stored['language']}")
            if old != new and (old or original):
                changed.append(name)
        return changed

    def check_immutable(self) -> None:
        """Refuse a change of a published correction's game, date, number,
        language, wording or stamps (see :meth:`wording_changes`).

        :raises ImmutableVersionError: if one of them would change.
        """
        if self.pk is None:
            return
        stored = type(self).objects.filter(pk=self.pk).values(
            *self.GUARDED_FIELDS, *self.WORDING_FIELDS).first()
        if stored and stored["published_at"] is not None and (any(
                getattr(self, name) != stored[name] for name in self.GUARDED_FIELDS)
                or self.wording_changes(stored)):
            raise ImmutableVersionError(
                _("This correction is published: its game, effective date, number, language, "
                  "wording and publication cannot change. Publish a new correction instead."))

    def clean(self) -> None:
        """Model validation: the immutability check as a form error."""
        super().clean()
        _as_validation_error(self.check_immutable)

    def save(self, *args, **kwargs) -> None:
        """Save; a published correction keeps its game, date, number and stamps.

        A published correction without a number gets the game's next one.
        A submitted draft whose title, summary, date, language or game
        changes returns to draft: what is published is what was reviewed.

        :raises ImmutableVersionError: see :meth:`check_immutable`.
        """
        self.check_immutable()
        if self.published_at is not None and self.number is None:
            # Every published correction has its public number (the one
            # publish_correction gives under the game's lock, or the next one).
            self.number = (type(self).objects.filter(game_id=self.game_id)
                           .aggregate(n=models.Max("number"))["n"] or 0) + 1
        if self.pk is not None and self.published_at is None and self.submitted_at is not None:
            stored = type(self).objects.filter(pk=self.pk).values(
                "submitted_at", *self.CONTENT_FIELDS).first()
            if stored and stored["submitted_at"] is not None and any(
                    (getattr(self, name) or "") != (stored[name] or "")
                    for name in self.CONTENT_FIELDS):
                self.submitted_at = self.submitted_by = None
        super().save(*args, **kwargs)

    def return_to_draft(self) -> bool:
        """Withdraw a submitted, unpublished correction from review (its texts changed).

        Returns whether it was submitted.
        """
        changed = type(self).objects.filter(
            pk=self.pk, published_at__isnull=True, submitted_at__isnull=False,
        ).update(submitted_at=None, submitted_by=None)
        if changed:
            self.submitted_at = self.submitted_by = None
        return bool(changed)

    def delete(self, *args, **kwargs):
        """Delete a draft correction.

        :raises ImmutableVersionError: if the correction is published.
        """
        if self.published_at is not None:
            raise ImmutableVersionError(
                _("This correction is published and cannot be deleted."))
        return super().delete(*args, **kwargs)

    def __str__(self) -> str:
        return f"{self.effective_date:%d.%m.%Y} {self.title_in().text}"

    def title_in(self, language: str | None = None) -> Localized:
        """Return the title in ``language`` with fallback to the original."""
        return localized(self, "title", self.language, language)


#: The order in which a clause's published versions take effect, for ``order_by``:
#: by effective date (an unknown date first: in force since the beginning),
#: then by number (of two versions of one date, the later published).  The
#: version in force on a date is the last of those effective by then; an
#: urgent correction published after an announced one, with an earlier date,
#: comes before it (:func:`in_force_key` is the same order in Python).
IN_FORCE_ORDER = (models.F("effective_date").asc(nulls_first=True), "number")


def day_before(day: datetime.date) -> datetime.date:
    """The day before ``day``; the earliest date itself for the earliest date (a
    correction may take effect on 0001-01-01: there is no day before it).

    >>> day_before(datetime.date(2023, 1, 25)), day_before(datetime.date.min)
    (datetime.date(2023, 1, 24), datetime.date(1, 1, 1))
    """
    return day - datetime.timedelta(days=1) if day > datetime.date.min else day


def in_force_key(version: "ClauseVersion") -> tuple[datetime.date, int]:
    """The sort key of :data:`IN_FORCE_ORDER` for one version (no query).

    >>> v = ClauseVersion(number=3, effective_date=datetime.date(2026, 12, 2))
    >>> w = ClauseVersion(number=2, effective_date=datetime.date(2027, 1, 1))
    >>> [x.number for x in sorted([w, v], key=in_force_key)]
    [3, 2]
    """
    return (version.effective_date or datetime.date.min, version.number or 0)


class ClauseVersionQuerySet(models.QuerySet):
    """Look-ups of clause versions by publication and date."""

    def published(self) -> "ClauseVersionQuerySet":
        """Versions that have been published (drafts excluded)."""
        return self.filter(published_at__isnull=False)

    def in_force(self, on: datetime.date | None = None) -> "ClauseVersionQuerySet":
        """Published versions whose effective date is unknown or ≤ ``on``.

        ``on`` defaults to today.  Of these, a clause's version in force is
        the one with the latest effective date, of one date the highest
        ``number`` (:data:`IN_FORCE_ORDER`, see :meth:`current_for`).
        """
        on = on or timezone.localdate()
        return self.published().filter(
            models.Q(effective_date__isnull=True) | models.Q(effective_date__lte=on))

    def current_for(self, clauses, on: datetime.date | None = None) -> dict[int, "ClauseVersion"]:
        """Map clause id → version in force on ``on`` for ``clauses``, in one query.

        Clauses with no version in force on that date are missing from the map.
        """
        current: dict[int, ClauseVersion] = {}
        for version in self.in_force(on).filter(clause__in=clauses).order_by(
                "clause_id", *IN_FORCE_ORDER):
            current[version.clause_id] = version  # the last one wins: latest date
        return current

    def current_and_next_for(self, clauses, on: datetime.date | None = None
                             ) -> tuple[dict[int, "ClauseVersion"], dict[int, "ClauseVersion"]]:
        """Map clause id → version in force on ``on``, and → the first published
        version taking effect after ``on``, for ``clauses``, in one query.

        The first map is what :meth:`current_for` returns; a clause with no
        later version is missing from the second.
        """
        on = on or timezone.localdate()
        current: dict[int, ClauseVersion] = {}
        later: dict[int, ClauseVersion] = {}
        for version in self.published().filter(clause__in=clauses).order_by(
                "clause_id", *IN_FORCE_ORDER):
            if version.effective_date is None or version.effective_date <= on:
                current[version.clause_id] = version  # the last one wins: latest date
            else:
                later.setdefault(version.clause_id, version)  # the first one: earliest date
        return current, later

    def drafts(self) -> "ClauseVersionQuerySet":
        """Unpublished versions (texts proposed in draft corrections)."""
        return self.filter(published_at__isnull=True)

    def update(self, **kwargs):
        """Bulk-update rows; published rows only in their translation digests.

        :raises ImmutableVersionError: if the update would change anything
            but ``translated_from_<lang>`` on a published version.
        """
        if (set(kwargs) - set(TRANSLATION_DIGEST_FIELDS)
                and self.filter(published_at__isnull=False).exists()):
            raise ImmutableVersionError(
                _("Published clause versions are immutable; publish a new version instead."))
        return super().update(**kwargs)

    def delete(self):
        """Delete draft versions.

        :raises ImmutableVersionError: if a published version is among them.
        """
        if self.filter(published_at__isnull=False).exists():
            raise ImmutableVersionError(
                _("Published clause versions cannot be deleted; repeal the clause with a "
                  "correction instead."))
        return super().delete()


class ClauseVersion(models.Model):
    """One text of a clause, in force from ``effective_date``.

    ``number`` counts the clause's versions from 1.  ``effective_date`` is
    ``None`` where the source gives no date ("unknown", treated as in force
    since the beginning).  Translations are the ``text_<lang>`` fields; the
    original language is the document's.
    """

    clause = models.ForeignKey(Clause, on_delete=models.PROTECT, related_name="versions",
                               verbose_name=_("clause"))
    number = models.PositiveIntegerField(_("version number"))
    title = models.CharField(_("title"), max_length=300, blank=True)
    text = models.TextField(_("text"), blank=True,
                            help_text=_("Markdown: blank line between paragraphs, “- ” for list "
                                        "items, “> ” for an example."))
    effective_date = models.DateField(_("effective date"), null=True, blank=True,
                                      help_text=_("Leave empty when the source gives no date."))
    source_note = models.CharField(_("source note"), max_length=300, blank=True)
    # CASCADE: deleting a draft correction deletes its proposed texts; a
    # published correction cannot be deleted (Correction.delete, the
    # queryset and the admin refuse) and published versions are guarded by
    # database triggers anyway.
    correction = models.ForeignKey(Correction, on_delete=models.CASCADE, null=True, blank=True,
                                   related_name="versions", verbose_name=_("correction"))
    digest = models.CharField(_("digest of the original text"), max_length=64, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    published_at = models.DateTimeField(_("published"), null=True, blank=True)
    # PROTECT: deleting a user must not rewrite who published (deactivate instead).
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        editable=False, related_name="+", verbose_name=_("published by"),
        help_text=_("Empty for versions that came with an imported source."))
    is_repeal = models.BooleanField(
        _("repeals the clause"), default=False,
        help_text=_("The correction removes this clause: from its effective date the clause is "
                    "no longer in force; its address stays and says so."))
    # The clause's structure as of this version (its key, printed label,
    # section and place in the document): a correction that adds, moves or
    # renumbers a clause is a new version, so point-in-time views, history
    # and diffs read the structure of a date from the versions, and a
    # published structure never changes (rulebook.versioning.structure).
    key = models.CharField(_("key"), max_length=120, blank=True,
                           help_text=_("The clause's key from this version on, e.g. “107.2”."))
    label = models.CharField(_("label"), max_length=160, blank=True,
                             help_text=_("How the key is printed from this version on."))
    section = models.ForeignKey(Section, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="+", verbose_name=_("section"),
                                help_text=_("The section the clause is in from this version on."))
    position = models.FloatField(_("position"), null=True, blank=True, editable=False,
                                 help_text=_("Order in the document from this version on."))
    # Optimistic concurrency of drafts (Wagtail's "revision you started from").
    based_on_number = models.PositiveIntegerField(
        _("based on version"), null=True, blank=True, editable=False,
        help_text=_("The clause's latest published version when this draft was started."))
    revision = models.PositiveIntegerField(_("draft revision"), default=1, editable=False)
    # Which original text each translation was made from (wagtail-localize's
    # idea): a translation is out of date when its digest differs from ``digest``.
    translated_from_de = models.CharField(_("German translated from (digest)"), max_length=64,
                                          blank=True, editable=False)
    translated_from_ru = models.CharField(_("Russian translated from (digest)"), max_length=64,
                                          blank=True, editable=False)
    translated_from_en = models.CharField(_("English translated from (digest)"), max_length=64,
                                          blank=True, editable=False)

    objects = ClauseVersionQuerySet.as_manager()

    class Meta:
        ordering = ["clause", "number"]
        constraints = [
            models.UniqueConstraint(fields=["clause", "number"],
                                    condition=models.Q(published_at__isnull=False),
                                    name="version_unique_published_number_per_clause"),
            models.UniqueConstraint(fields=["clause", "correction"],
                                    condition=models.Q(published_at__isnull=True),
                                    name="version_one_draft_per_clause_and_correction"),
        ]
        # What is published by a moment (the page cache's generation, page
        # stamps) is counted from the index, not the table.
        indexes = [models.Index(fields=["published_at"], name="version_published_at")]
        verbose_name = _("clause version")
        verbose_name_plural = _("clause versions")
        permissions = [("translate_clauseversion",
                        _("Can update the translations of a published clause version"))]

    def __str__(self) -> str:
        return f"{self.clause} v{self.number}"

    @property
    def original_language(self) -> str:
        """The language code of the document's original text."""
        return self.clause.document.language

    def text_in(self, language: str | None = None) -> Localized:
        """Return the text in ``language`` with fallback to the original."""
        return localized(self, "text", self.original_language, language)

    def title_in(self, language: str | None = None) -> Localized:
        """Return the title in ``language`` with fallback to the original."""
        return localized(self, "title", self.original_language, language)

    def source_note_in(self, language: str | None = None) -> Localized:
        """Return the source note in ``language`` with fallback to the original."""
        return localized(self, "source_note", self.original_language, language)

    def original_text(self) -> str:
        """Return the text in the document's original language."""
        return getattr(self, f"text_{self.original_language}", "") or ""

    @property
    def is_published(self) -> bool:
        """Whether this version has been published (and so is immutable)."""
        return self.published_at is not None

    @property
    def replaces_unknown_text(self) -> bool:
        """Whether, as a clause's first version, it replaced a text not in the sources:
        it came with a correction but the importer published it (no publisher), as a
        source page corrected before it was first imported."""
        return self.correction_id is not None and self.published_by_id is None

    def translation_outdated(self, language: str) -> bool:
        """Whether the ``language`` translation was made from another original text.

        False for the original language and for an empty translation (the
        reader then sees the original with a fallback notice).
        """
        if language == self.original_language or not getattr(self, f"text_{language}", ""):
            return False
        return getattr(self, f"translated_from_{language}", "") != self.digest

    def protected_values(self) -> dict:
        """The values that never change once the version is published.

        The source note (in every language) is part of the version: it says
        where this text came from.
        """
        lang = self.original_language
        values = {name: getattr(self, name) for name in PROTECTED_VERSION_FIELDS}
        values[f"text_{lang}"] = getattr(self, f"text_{lang}") or ""
        values[f"title_{lang}"] = getattr(self, f"title_{lang}") or ""
        for code, _name in settings.LANGUAGES:
            values[f"source_note_{code}"] = getattr(self, f"source_note_{code}") or ""
        return values

    def check_immutable(self) -> None:
        """Refuse a change of a published version's content.

        :raises ImmutableVersionError: if a published version's original text,
            title, source note, number, dates, correction or publication
            would change.
        """
        if self.pk is None:
            return
        stored = type(self).objects.filter(pk=self.pk).select_related(
            "clause__document").first()
        if stored is not None and stored.published_at is not None:
            self.digest = text_digest(self.original_text())
            if stored.protected_values() != self.protected_values():
                raise ImmutableVersionError(
                    _("Version %(number)s of %(clause)s is published and cannot be "
                      "changed; publish a new version with a correction instead.")
                    % {"number": stored.number, "clause": stored.clause})

    def clean(self) -> None:
        """Model validation: the immutability check as a form error."""
        super().clean()
        if self.clause_id is not None:
            _as_validation_error(self.check_immutable)

    def save(self, *args, **kwargs) -> None:
        """Save, computing ``digest``; a published version's content never changes.

        Only translations into other languages (and their digests) may be
        added to a published version.  Saving a draft of a submitted
        correction returns the correction to draft (it must be reviewed
        again).

        :raises ImmutableVersionError: see :meth:`check_immutable`.
        """
        self.digest = text_digest(self.original_text())
        if self.section_id is None and self.clause_id is not None:
            self.take_structure(self.clause)
        self.check_immutable()
        super().save(*args, **kwargs)
        if self.published_at is None and self.correction_id is not None:
            Correction(pk=self.correction_id).return_to_draft()

    def take_structure(self, source: "Clause | ClauseVersion") -> None:
        """Copy key, label, section and position from a clause row or another version."""
        for name in STRUCTURE_FIELDS:
            value = getattr(source, name)
            setattr(self, name, float(value) if name == "position" and value is not None
                    else value)

    def structure_differs(self, other: "ClauseVersion | Clause") -> bool:
        """Whether this version's key, label, section or position differs from ``other``'s."""
        return any((getattr(self, name) or None) != (getattr(other, name) or None)
                   for name in STRUCTURE_FIELDS)

    def delete(self, *args, **kwargs):
        """Delete a draft version (a submitted correction returns to draft).

        :raises ImmutableVersionError: if the version is published.
        """
        if self.published_at is not None:
            raise ImmutableVersionError(
                _("Published clause versions cannot be deleted; repeal the clause with a "
                  "correction instead."))
        correction_id = self.correction_id
        result = super().delete(*args, **kwargs)
        if correction_id is not None:
            Correction(pk=correction_id).return_to_draft()
        return result


TRANSLATION_DIGEST_FIELDS = tuple(f"translated_from_{code}" for code, _name in settings.LANGUAGES)
# Besides the original-language text and title (which depend on the document).
PROTECTED_VERSION_FIELDS = ("clause_id", "number", "effective_date", "correction_id",
                            "is_repeal", "digest", "published_at", "published_by_id",
                            "key", "label", "section_id", "position")
#: The structure a version carries (see ClauseVersion.key): as stored on the
#: clause row, which holds the structure of its latest published version.
STRUCTURE_FIELDS = ("key", "label", "section_id", "position")

class RulebookRevision(models.Model):
    """One row counting every change to the rulebook's tables.

    Raised by :mod:`rulebook.caching.revision` on each save or delete of a game,
    document, section, clause, clause version or correction — also an edit
    in place that changes no publication date — so the caches of rendered
    pages (:mod:`rulebook.caching.conditional`, :mod:`rulebook.caching.pages`), which key on
    it, never outlive the data they show.
    """

    number = models.PositiveBigIntegerField(_("revision"), default=0)
    changed_at = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        verbose_name = _("rulebook revision")
        verbose_name_plural = _("rulebook revisions")

    def __str__(self) -> str:
        return f"r{self.number}"
