"""Sitemaps of documents, sections and clauses, with hreflang alternates."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

import engine

from rulebook.models import Clause, Correction, Document, Game, Section


class _RulebookSitemap(Sitemap):
    i18n = True
    alternates = True
    x_default = True


class GameSitemap(_RulebookSitemap):
    """Every game, in every UI language."""

    priority = 0.6

    def items(self):
        return Game.objects.order_by("position", "slug")


class DocumentSitemap(_RulebookSitemap):
    """Every document, in every UI language."""

    priority = 0.8

    def items(self):
        return Document.objects.select_related("game").order_by("game__position", "position")


class SectionSitemap(_RulebookSitemap):
    """Every section, in every UI language."""

    priority = 0.5

    def items(self):
        return Section.objects.select_related("document__game").order_by("document", "position")


class ClauseSitemap(_RulebookSitemap):
    """Every clause, in every UI language."""

    priority = 0.7

    def items(self):
        # A clause with nothing published yet has no page.
        return (Clause.objects.filter(versions__published_at__isnull=False).distinct()
                .select_related("document__game").order_by("document", "position"))


class CorrectionSitemap(_RulebookSitemap):
    """Every published correction (errata) page, in every UI language."""

    priority = 0.5

    def items(self):
        return Correction.objects.published().select_related("game").order_by("-effective_date")

    def lastmod(self, item):
        return item.published_at


class CalculatorSitemap(_RulebookSitemap):
    """The calculator's list, worked examples and every scenario form, in every UI language."""

    priority = 0.5

    def items(self):
        pages = [("calculator:index", ()), ("calculator:examples", ())]
        return pages + [("calculator:scenario", (s.game, s.slug))
                        for ruleset in engine.rulesets() for s in ruleset.scenarios]

    def location(self, item):
        name, args = item
        return reverse(name, args=args)


SITEMAPS = {"games": GameSitemap, "documents": DocumentSitemap, "sections": SectionSitemap,
            "clauses": ClauseSitemap, "corrections": CorrectionSitemap,
            "calculator": CalculatorSitemap}
