"""Atom feeds of published corrections: one per game and one for the whole site.

Built on ``django.contrib.syndication``; the feeds are announced on every
page with ``<link rel="alternate" type="application/atom+xml">`` (base.html).
An upcoming correction is in the feed from its publication, with its
effective date in the title.
"""

from __future__ import annotations

from django.contrib.syndication.views import Feed
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.translation import gettext as _

from rulebook.versioning.history import correction_changes
from rulebook.models import Correction, Game

FEED_LENGTH = 50


class CorrectionsFeed(Feed):
    """Published corrections, newest publication first (``game`` from the URL, or all)."""

    feed_type = Atom1Feed

    def get_object(self, request, game: str | None = None) -> Game | None:
        return get_object_or_404(Game, slug=game) if game else None

    def title(self, obj: Game | None) -> str:
        if obj is None:
            return _("Rule corrections of all games")
        return _("Rule corrections: %(game)s") % {"game": obj}

    def subtitle(self, obj: Game | None) -> str:
        return _("Errata published on the rules reference, with their effective dates.")

    def link(self, obj: Game | None) -> str:
        if obj is None:
            return reverse("rulebook:home")
        return reverse("rulebook:corrections", args=[obj.slug])

    def feed_url(self, obj: Game | None) -> str:
        if obj is None:
            return reverse("rulebook:corrections_feed")
        return reverse("rulebook:game_corrections_feed", args=[obj.slug])

    def author_name(self) -> str:
        return _("Rules reference")

    def items(self, obj: Game | None):
        corrections = Correction.objects.published().select_related("game")
        if obj is not None:
            corrections = corrections.filter(game=obj)
        return corrections.order_by("-published_at", "-pk")[:FEED_LENGTH]

    def item_title(self, item: Correction) -> str:
        date = date_format(item.effective_date, "SHORT_DATE_FORMAT")
        if item.is_upcoming:
            template = _("%(game)s: %(title)s (upcoming, in force from %(date)s)")
        else:
            template = _("%(game)s: %(title)s (in force from %(date)s)")
        return template % {"game": item.game, "title": item.title_in().text, "date": date}

    def item_description(self, item: Correction) -> str:
        parts = []
        summary = item.summary_in().text
        if summary:
            parts.append(f"<p>{escape(summary)}</p>")
        changes = correction_changes(item)
        if changes:
            keys = ", ".join(escape(change.version.clause.display_key) for change in changes)
            label = escape(_("Clauses changed:"))
            parts.append(f"<p>{label} {keys}</p>")
        return "".join(parts)

    def item_link(self, item: Correction) -> str:
        return item.get_absolute_url()

    def item_pubdate(self, item: Correction):
        return item.published_at

    def item_updateddate(self, item: Correction):
        return item.published_at

    def item_categories(self, item: Correction):
        return [str(item.game)]
