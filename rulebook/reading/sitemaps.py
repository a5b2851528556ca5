"""Sitemaps of documents, sections and clauses, with hreflang alternates."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from rulebook.models import Clause, Correction, Document, Game, Section


class RulebookSitemap(Sitemap):
    """A sitemap of pages in every UI language, with hreflang alternates."""

    i18n = True
    alternates = True
    x_default = True


class GameSitemap(RulebookSitemap):
    """Every game, in every UI language."""

    priority = 0.6

    def items(self):
        return Game.objects.order_by("position", "slug")


class DocumentSitemap(RulebookSitemap):
    """Every document, in every UI language."""

    priority = 0.8

    def items(self):
        return Document.objects.select_related("game").order_by("game__position", "position")


class SectionSitemap(RulebookSitemap):
    """Every section, in every UI language."""

    priority = 0.5

    def items(self):
        return Section.objects.select_related("document__game").order_by("document", "position")


class ClauseSitemap(RulebookSitemap):
    """Every clause, in every UI language."""

    priority = 0.7

    def items(self):
        # A clause with nothing published yet has no page.
        return (Clause.objects.filter(versions__published_at__isnull=False).distinct()
                .select_related("document__game").order_by("document", "position"))


class CorrectionSitemap(RulebookSitemap):
    """Every published correction (errata) page, in every UI language."""

    priority = 0.5

    def items(self):
        return Correction.objects.published().select_related("game").order_by("-effective_date")

    def lastmod(self, item):
        return item.published_at


SITEMAPS = {"games": GameSitemap, "documents": DocumentSitemap, "sections": SectionSitemap,
            "clauses": ClauseSitemap, "corrections": CorrectionSitemap}
