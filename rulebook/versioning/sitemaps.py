"""Sitemaps of the "What changed" pages (one per document) and of every
clause's history, with hreflang alternates and ``lastmod``."""

from django.urls import reverse

from rulebook.models import Clause
from rulebook.reading.sitemaps import RulebookSitemap, shown_documents


class ChangesSitemap(RulebookSitemap):
    """The "What changed" page of every document, in every UI language."""

    priority = 0.4

    def items(self):
        return shown_documents()

    def location(self, item):
        return reverse("rulebook:changes", args=[item.game.slug, item.slug])

    def lastmod(self, item):
        return self.changes.documents.get(item.pk)


class HistorySitemap(RulebookSitemap):
    """The history of every published clause, in every UI language."""

    priority = 0.3

    def items(self):
        return (Clause.objects.shown().select_related("document__game")
                .order_by("document", "position"))

    def location(self, item):
        return reverse("rulebook:clause_history",
                       args=[item.document.game.slug, item.document.slug, item.key])

    def lastmod(self, item):
        return self.changes.clauses.get(item.pk)
