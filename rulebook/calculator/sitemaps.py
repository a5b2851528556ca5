"""The calculator's pages in the sitemap."""

from django.urls import reverse

import engine
from rulebook.reading.sitemaps import RulebookSitemap


class CalculatorSitemap(RulebookSitemap):
    """The calculator's list, worked examples and every scenario form, in every UI language."""

    priority = 0.5

    def items(self):
        pages = [("calculator:index", ()), ("calculator:examples", ())]
        return pages + [("calculator:scenario", (s.game, s.slug))
                        for ruleset in engine.rulesets() for s in ruleset.scenarios]

    def location(self, item):
        name, args = item
        return reverse(name, args=args)
