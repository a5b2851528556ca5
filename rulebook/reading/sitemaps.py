"""Sitemaps of every indexable page, with hreflang alternates, one x-default
and the date each page's content last changed (``lastmod``)."""

import functools

from django.conf import settings
from django.contrib.sitemaps import Sitemap
from django.db.models import Max, Q
from django.urls import reverse

from rulebook.models import Clause, Correction, Document, Game, GlossaryTerm, Section
from rulebook.models.structure import sections_on
from rulebook.reading.lastmod import LastChanges


def shown_documents():
    """The documents with a clause in force today, in reading order."""
    return (Document.objects.shown().select_related("game").order_by("game__position", "position"))


class RulebookSitemap(Sitemap):
    """A sitemap of pages in every UI language, with hreflang alternates.

    The ``x-default`` alternate is the page in the site's default language
    (``/en/…``, an address that answers 200), the same address each page's
    ``<head>`` names; Django's own would be the unprefixed address, which
    only redirects.  ``changes`` (:class:`~rulebook.reading.lastmod.LastChanges`)
    is read once per sitemap and request, for the subclasses' ``lastmod``.
    """

    i18n = True
    alternates = True
    x_default = True

    @property
    def changes(self) -> LastChanges:
        """The moments the published texts last changed (read on first use)."""
        if "_changes" not in self.__dict__:
            self.__dict__["_changes"] = LastChanges.load()
        return self.__dict__["_changes"]

    def _urls(self, page, protocol, domain):
        urls = super()._urls(page, protocol, domain)
        for url in urls:
            for alternate in url["alternates"]:
                if alternate["lang_code"] == "x-default":
                    alternate["location"] = (f"{protocol}://{domain}"
                                             f"{self._location(url['item'], settings.LANGUAGE_CODE)}")
        return urls


class HomeSitemap(RulebookSitemap):
    """The home page (every game and document) and the glossaries' index
    (every game's glossary), in every UI language."""

    priority = 0.6

    def items(self):
        return ["rulebook:home", "rulebook:glossaries"]

    def location(self, item):
        return reverse(item)

    def lastmod(self, item):
        if item == "rulebook:glossaries":  # it counts each game's terms
            terms = GlossaryTerm.history.aggregate(latest=Max("history_date"))["latest"]
            return max(filter(None, (self.changes.latest, terms)), default=None)
        return self.changes.latest


class GameSitemap(RulebookSitemap):
    """Every game, in every UI language."""

    priority = 0.6

    def items(self):
        return Game.objects.order_by("position", "slug")

    def lastmod(self, item):
        return self.changes.games.get(item.pk)


class GlossarySitemap(GameSitemap):
    """Every game's glossary, in every UI language, dated by the game's texts
    (the page quotes their clauses) or the last change of one of its terms
    (the terms' history, :class:`~rulebook.models.GlossaryTerm`), whichever
    is later."""

    priority = 0.4

    def location(self, item):
        return reverse("rulebook:glossary", args=[item.slug])

    @functools.cached_property
    def terms_changed(self) -> dict:
        """``{game id: the last change of one of its glossary terms}`` (one query)."""
        return dict(GlossaryTerm.history.values_list("game_id").annotate(Max("history_date"))
                    .order_by())

    def lastmod(self, item):
        return max(filter(None, (self.changes.games.get(item.pk),
                                 self.terms_changed.get(item.pk))), default=None)


class CorrectionListSitemap(GameSitemap):
    """Every game's list of corrections, in every UI language."""

    priority = 0.4

    def location(self, item):
        return reverse("rulebook:corrections", args=[item.slug])

    def lastmod(self, item):
        # A game without corrections: the list of its documents it shows.
        return self.changes.game_corrections.get(item.pk) or self.changes.games.get(item.pk)


class DocumentSitemap(RulebookSitemap):
    """Every document, in every UI language."""

    priority = 0.8

    def items(self):
        return shown_documents()

    def lastmod(self, item):
        return self.changes.documents.get(item.pk)


class SectionSitemap(RulebookSitemap):
    """Every section, in every UI language."""

    priority = 0.5

    def items(self):
        # A section shows a clause in force today (its own or a subsection's).
        shown = Clause.objects.shown().values("section_id")
        # At their addresses in force (not added by a later correction).
        return sections_on(Section.objects.filter(
            Q(pk__in=shown) | Q(children__in=shown) | Q(children__children__in=shown))
            .distinct().select_related("document__game").order_by("document", "position"))

    def lastmod(self, item):
        return self.changes.sections.get(item.pk)


class ClauseSitemap(RulebookSitemap):
    """Every clause, in every UI language."""

    priority = 0.7

    def items(self):
        # A clause with nothing in force yet (a draft, an announced text) is not listed.
        return (Clause.objects.shown().select_related("document__game")
                .order_by("document", "position"))

    def lastmod(self, item):
        return self.changes.clauses.get(item.pk)


class CorrectionSitemap(RulebookSitemap):
    """Every published correction (errata) page, in every UI language."""

    priority = 0.5

    def items(self):
        return Correction.objects.published().select_related("game").order_by("-effective_date")

    def lastmod(self, item):
        return self.changes.corrections.get(item.pk)


SITEMAPS = {"home": HomeSitemap, "games": GameSitemap, "glossaries": GlossarySitemap,
            "correction-lists": CorrectionListSitemap, "documents": DocumentSitemap,
            "sections": SectionSitemap, "clauses": ClauseSitemap,
            "corrections": CorrectionSitemap}
