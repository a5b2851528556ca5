"""Sitemap of the "What changed" pages (one per document), with hreflang alternates."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from rulebook.models import Document


class ChangesSitemap(Sitemap):
    """The "What changed" page of every document, in every UI language."""

    i18n = True
    alternates = True
    x_default = True
    priority = 0.4

    def items(self):
        return Document.objects.select_related("game").order_by("game__position", "position")

    def location(self, item):
        return reverse("rulebook:changes", args=[item.game.slug, item.slug])
