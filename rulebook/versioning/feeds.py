"""Atom feeds of published corrections: one per game and one for the whole site.

Built on ``django.contrib.syndication``; the feeds are announced on every
page with ``<link rel="alternate" type="application/atom+xml">`` (base.html).
An upcoming correction is in the feed from its publication, with its
effective date in the title and the content; its ``updated`` is its
publication and moves to the start of its effective date when it comes into
force (the title changes then) — see :mod:`rulebook.reading.lastmod`.  Every
feed has ``Last-Modified``, an ETag and a short ``Cache-Control``; an empty
feed's ``updated`` is the last change of the texts it covers, not the time
of the request.

Ids are ``tag:`` URIs (RFC 4151) made of the rulebook's tagging entity
(``settings.RULEBOOK_TAG_AUTHORITY``, set once and never changed), the game
and the correction's public number — nothing of the host name, scheme or
row ids, so a feed reader sees the same entry whatever address it used and
after a restore.

Every feed names an XSLT stylesheet (``<?xml-stylesheet?>``, the static
file :data:`FEED_STYLESHEET`, same origin), so a feed opened in a browser
reads as a page in the feed's language instead of raw XML; feed readers
ignore the instruction.  Browsers apply it only to a document they treat as
XML, and Chromium shows ``application/atom+xml`` as plain text: a request
that asks for HTML and does not name Atom (a browser opening the address)
gets the same feed as ``application/xml`` (``Vary: Accept``; its own ETag).
"""

from __future__ import annotations

import datetime
import hashlib

from django.conf import settings
from django.contrib.syndication.views import Feed
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.templatetags.static import static
from django.utils.feedgenerator import Atom1Feed, Stylesheet
from django.utils.xmlutils import SimplerXMLGenerator
from django.utils.http import parse_http_date_safe
from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.translation import gettext as _

from rulebook.models import Correction, Game
from rulebook.reading.lastmod import LastChanges, correction_changed_at, correction_published_on
from rulebook.versioning.history import correction_changes
from rulebook.versioning.headings import describe

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


# How long a feed reader or proxy may keep a feed without asking again (seconds).
FEED_MAX_AGE = 300
# The ``updated`` of a feed with no entry on a site with nothing published:
# a fixed moment, so the feed does not change from one fetch to the next.
EMPTY_FEED_EPOCH = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
# The XSLT stylesheet that shows a feed as a page in a browser.
FEED_STYLESHEET = "rulebook/versioning/feed.xsl"


def opened_in_browser(request) -> bool:
    """Whether the request is a browser opening the feed: its ``Accept``
    names HTML and not Atom (a feed reader names Atom, or nothing).

    >>> from django.test import RequestFactory
    >>> opened_in_browser(RequestFactory().get("/", HTTP_ACCEPT="text/html,application/xml;q=0.9"))
    True
    >>> opened_in_browser(RequestFactory().get("/", HTTP_ACCEPT="application/atom+xml, text/html;q=0.1"))
    False
    """
    accept = request.headers.get("Accept", "").lower()
    return "text/html" in accept and "atom+xml" not in accept


class StableAtomFeed(Atom1Feed):
    """An Atom feed whose ``updated`` without entries is what the feed
    argument ``empty_updated`` (a function) returns, not the time of the
    request."""

    def write(self, outfile, encoding) -> None:
        """Atom1Feed.write with the feed's stylesheets (``<?xml-stylesheet?>``)
        between the XML declaration and the root element, as Django does for RSS."""
        handler = SimplerXMLGenerator(outfile, encoding, short_empty_elements=True)
        handler.startDocument()
        for stylesheet in self.feed.get("stylesheets") or []:
            handler.processingInstruction("xml-stylesheet", str(stylesheet))
        handler.startElement("feed", self.root_attributes())
        self.add_root_elements(handler)
        self.write_items(handler)
        handler.endElement("feed")

    def latest_post_date(self) -> datetime.datetime:
        """The latest entry's ``updated`` (or ``published``); without one,
        ``empty_updated()``, or :data:`EMPTY_FEED_EPOCH`."""
        if any(item.get("updateddate") or item.get("pubdate") for item in self.items):
            return super().latest_post_date()
        empty_updated = self.feed.get("empty_updated")
        return (empty_updated() if empty_updated else None) or EMPTY_FEED_EPOCH


class CorrectionsFeed(Feed):
    """Published corrections, newest publication first (``game`` from the URL, or all)."""

    feed_type = StableAtomFeed

    def __call__(self, request, *args, **kwargs):
        """The feed with ``Last-Modified`` (its latest ``updated``), a strong
        ETag of its content and ``Cache-Control: max-age=300``; a conditional
        GET whose validators match gets 304."""
        response = super().__call__(request, *args, **kwargs)
        content = response.content
        if opened_in_browser(request):
            response.headers["Content-Type"] = "application/xml; charset=utf-8"
            content += b"\n(application/xml)"  # another representation, another ETag
        response.headers["ETag"] = f'"{hashlib.sha256(content).hexdigest()[:32]}"'
        patch_vary_headers(response, ["Accept"])
        patch_cache_control(response, public=True, max_age=FEED_MAX_AGE)
        # A 304 repeats ETag, Last-Modified and Cache-Control (Django copies them).
        return get_conditional_response(
            request, etag=response.headers["ETag"],
            last_modified=parse_http_date_safe(response.headers["Last-Modified"]),
            response=response)

    def feed_extra_kwargs(self, obj: Game | None) -> dict:
        """``empty_updated``: a function giving the ``updated`` of the feed
        when it has no entry: the last change of the game's texts (of all
        texts for the site's feed), or ``None`` when nothing is published."""
        def empty_updated() -> datetime.datetime | None:
            changes = LastChanges.load()
            return changes.latest if obj is None else changes.games.get(obj.pk)

        return {"empty_updated": empty_updated}

    def stylesheets(self) -> list[Stylesheet]:
        """The XSLT stylesheet a browser applies to show the feed as a page."""
        return [Stylesheet(static(FEED_STYLESHEET), mimetype="text/xsl")]

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
        date = date_format(item.effective_date, "DATE_FORMAT")
        parts = [f"<p>{escape(_('Effective date'))}: "
                 f'<time datetime="{item.effective_date.isoformat()}">{escape(date)}</time></p>']
        summary = item.summary_in().text
        if summary:
            parts.append(f"<p>{escape(summary)}</p>")
        changes = correction_changes(item)
        if changes:
            keys = ", ".join(escape(change.version.clause.display_key) for change in changes)
            label = escape(_("Clauses changed:"))
            parts.append(f"<p>{label} {keys}</p>")
            moves = [f"<li>{escape(change.version.clause.display_key)}: {escape(entry.text)}</li>"
                     for change in changes for entry in change.structure]
            if moves:
                parts.append(f"<ul>{''.join(moves)}</ul>")
        structure = [describe(change) for change in item.structure_changes.published()]
        if structure:
            label = escape(_("Structure changed:"))
            parts.append(f"<p>{label} {escape('; '.join(structure))}</p>")
        return "".join(parts)

    def item_link(self, item: Correction) -> str:
        return item.get_absolute_url()

    def item_pubdate(self, item: Correction):
        return correction_published_on(item)

    def item_guid(self, item: Correction) -> str:
        return correction_tag(item)

    item_guid_is_permalink = False

    def item_updateddate(self, item: Correction):
        # When an announced correction comes into force its entry changes
        # ("upcoming" leaves the title): readers are told by a new date.
        return correction_changed_at(item)

    def item_categories(self, item: Correction):
        return [str(item.game)]
