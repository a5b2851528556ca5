"""The search index rows: one :class:`SearchEntry` per published clause
version and language that has a text.

The entry holds what the results page shows (title, plain text) and the
validity of its version, so that a point-in-time search is a filter:
version *n* is in force on day *D* when ``valid_from ≤ D`` (or unknown) and
``D < valid_until`` (or open), and no later version without a date
supersedes it.  The stemmed text itself lives in the backend's structure: an
FTS5 table on SQLite, the ``vector`` column (GIN index) on PostgreSQL; see
:mod:`rulebook.search.backends`.
"""

from __future__ import annotations

import datetime

from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.utils.translation import gettext_lazy as _


class SearchEntryQuerySet(models.QuerySet):
    """Look-ups of search entries."""

    def in_force(self, on: datetime.date) -> "SearchEntryQuerySet":
        """Entries of the versions in force on ``on`` (see the module docstring)."""
        return self.filter(
            models.Q(valid_from__isnull=True) | models.Q(valid_from__lte=on),
            models.Q(valid_until__isnull=True) | models.Q(valid_until__gt=on),
            superseded=False)


class SearchEntry(models.Model):
    """A published clause version's text in one language, as indexed."""

    version = models.ForeignKey("rulebook.ClauseVersion", on_delete=models.CASCADE,
                                related_name="search_entries", verbose_name=_("clause version"))
    clause = models.ForeignKey("rulebook.Clause", on_delete=models.CASCADE,
                               related_name="search_entries", verbose_name=_("clause"))
    document = models.ForeignKey("rulebook.Document", on_delete=models.CASCADE,
                                 related_name="search_entries", verbose_name=_("document"))
    game = models.ForeignKey("rulebook.Game", on_delete=models.CASCADE,
                             related_name="search_entries", verbose_name=_("game"))
    language = models.CharField(_("language"), max_length=8)
    title = models.CharField(_("title"), max_length=300, blank=True)
    body = models.TextField(_("plain text"), blank=True)
    valid_from = models.DateField(_("in force from"), null=True, blank=True)
    valid_until = models.DateField(_("in force until (exclusive)"), null=True, blank=True)
    superseded = models.BooleanField(_("superseded by a version without date"), default=False)
    # Filled on PostgreSQL only (weighted tsvector: title A, text B).
    vector = SearchVectorField(null=True, editable=False)

    objects = SearchEntryQuerySet.as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["version", "language"],
                                               name="search_entry_unique_version_language")]
        verbose_name = _("search entry")
        verbose_name_plural = _("search entries")

    def __str__(self) -> str:
        return f"{self.version} [{self.language}]"


class RulingSearchEntry(models.Model):
    """A published official ruling's question and answer in one language, as indexed.

    One row per ruling and language with a text: the publisher's original
    and the site's unofficial translations.  ``source_date`` is the ruling's
    date (a search as of an earlier date does not find it); the status is
    read from the ruling when a hit is shown, never stored here.  The
    stemmed text lives in the backend's structure like :class:`SearchEntry`'s:
    the FTS5 table ``rulebook_ruling_search_fts`` on SQLite, ``vector`` on
    PostgreSQL (migration 0009).
    """

    ruling = models.ForeignKey("rulebook.Ruling", on_delete=models.CASCADE,
                               related_name="search_entries", verbose_name=_("ruling"))
    game = models.ForeignKey("rulebook.Game", on_delete=models.CASCADE,
                             related_name="ruling_search_entries", verbose_name=_("game"))
    language = models.CharField(_("language"), max_length=8)
    question = models.TextField(_("question"), blank=True)
    answer = models.TextField(_("answer"), blank=True)
    source_date = models.DateField(_("date of the ruling"))
    # Filled on PostgreSQL only (weighted tsvector: question A, answer B).
    vector = SearchVectorField(null=True, editable=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["ruling", "language"],
                                               name="ruling_search_entry_unique_language")]
        verbose_name = _("ruling search entry")
        verbose_name_plural = _("ruling search entries")

    def __str__(self) -> str:
        return f"{self.ruling_id} [{self.language}]"
