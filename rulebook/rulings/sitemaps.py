"""The sitemaps of official rulings: each game's list and every published ruling,
in every UI language, with hreflang alternates."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils import timezone

from rulebook.models import Game, Ruling
from rulebook.reading.sitemaps import RulebookSitemap


def ruling_changed_at(ruling: Ruling) -> datetime.datetime:
    """When a published ruling last changed for readers: its publication, or
    the start of the day its status changed, if later (never after now)."""
    moments = [ruling.published_at]
    if ruling.status_date is not None:
        moments.append(timezone.make_aware(
            datetime.datetime.combine(ruling.status_date, datetime.time.min)))
    return min(max(moments), timezone.now())


class RulingListSitemap(RulebookSitemap):
    """The list of official rulings of every game that has published any."""

    priority = 0.4

    def items(self):
        return Game.objects.filter(rulings__published_at__isnull=False).distinct().order_by(
            "position", "slug")

    def location(self, item):
        return reverse("rulebook:rulings", args=[item.slug])

    def lastmod(self, item: Game) -> datetime.datetime | None:
        """When the latest of the game's published rulings last changed (the list
        shows those rulings only)."""
        rulings = Ruling.objects.published().filter(game=item)
        return max((ruling_changed_at(ruling) for ruling in rulings), default=None)


class RulingSitemap(RulebookSitemap):
    """Every published official ruling's page."""

    priority = 0.5

    def items(self):
        return Ruling.objects.published().select_related("game").order_by("game", "number")

    def lastmod(self, item: Ruling) -> datetime.datetime:
        """Its publication, or the start of the day its status changed, if later."""
        return ruling_changed_at(item)
