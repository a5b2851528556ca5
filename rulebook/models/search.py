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
