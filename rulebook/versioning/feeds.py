"""Atom feeds of published corrections: one per game and one for the whole site.

Built on ``django.contrib.syndication``; the feeds are announced on every
page with ``<link rel="alternate" type="application/atom+xml">`` (base.html).
An upcoming correction is in the feed from its publication, with its
effective date in the title; its ``updated`` moves to the start of its
effective date when it comes into force (the title changes then).

Ids are ``tag:`` URIs (RFC 4151) made of the rulebook's tagging entity
(``settings.RULEBOOK_TAG_AUTHORITY``, set once and never changed), the game
and the correction's public number — nothing of the host name, scheme or
row ids, so a feed reader sees the same entry whatever address it used and
after a restore.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.contrib.syndication.views import Feed
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.feedgenerator import Atom1Feed
from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.translation import gettext as _

from rulebook.versioning.history import correction_changes
from rulebook.models import Correction, Game

FEED_LENGTH = 50
# RFC 4151 tagging entity: a domain name (or e-mail address) and a date on
# which its owner held it.
DEFAULT_TAG_AUTHORITY = "rules-reference.invalid,2026"


def tag_authority() -> str:
    """The tagging entity of every id (``RULEBOOK_TAG_AUTHORITY``, or the default)."""
    return getattr(settings, "RULEBOOK_TAG_AUTHORITY", DEFAULT_TAG_AUTHORITY)


def correction_tag(correction: Correction) -> str:
    """The Atom id of a correction: ``tag:<authority>:<game>/corrections/<number>``.

    >>> from rulebook.models import Game
    >>> correction_tag(Correction(game=Game(slug="berserk"), number=3))
    'tag:rules-reference.invalid,2026:berserk/corrections/3'
    """
    return f"tag:{tag_authority()}:{correction.game.slug}/corrections/{correction.number}"


def in_force_since(correction: Correction, now: datetime.datetime | None = None
                   ) -> datetime.datetime | None:
    """The start of a published correction's effective date, once that has come.

    ``None`` while it is upcoming.
    """
    now = now or timezone.now()
    start = timezone.make_aware(
        datetime.datetime.combine(correction.effective_date, datetime.time.min))
    return start if start <= now else None


def published_on(correction: Correction) -> datetime.datetime:
    """When a correction was published, for feed readers: the publication
    time of one published on the site; for one that came with a source page
    (no publisher: the importer stored the correction the page records, e.g.
    "Spielregelerkorrektur am 25.01.2023"), the start of its effective date,
    so a fresh install does not announce an old correction as news."""
    if correction.published_by_id is None:
        return timezone.make_aware(
            datetime.datetime.combine(correction.effective_date, datetime.time.min))
    return correction.published_at


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

    def feed_guid(self, obj: Game | None) -> str:
        """The feed's id: a tag URI of the language and the game (or all games)."""
        from django.utils.translation import get_language

        scope = f"{obj.slug}/corrections" if obj is not None else "corrections"
        return f"tag:{tag_authority()}:{get_language()}/{scope}"

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
        return published_on(item)

    def item_guid(self, item: Correction) -> str:
        return correction_tag(item)

    item_guid_is_permalink = False

    def item_updateddate(self, item: Correction):
        # When an announced correction comes into force its entry changes
        # ("upcoming" leaves the title): readers are told by a new date.
        since = in_force_since(item)
        published = published_on(item)
        return max(published, since) if since else published

    def item_categories(self, item: Correction):
        return [str(item.game)]
