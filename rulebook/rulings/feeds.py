"""The Atom feed of a game's official rulings: ``/<lang>/<game>/rulings/feed/``.

Built like the corrections' feeds (:mod:`rulebook.versioning.feeds`: the
same ``Last-Modified``, ETag, ``Cache-Control`` and 304), announced on the
game's rulings page with ``<link rel="alternate" type="application/atom+xml">``.
An entry is a published ruling, most recently changed first: its
``published`` is its publication, its content the source, date, the
publisher's question and answer in the original language (marked with their
language) and the clauses it interprets with the versions.  Its wording
never changes; its status may, once: when a ruling is superseded or
withdrawn, its entry is *updated* — the same id, ``updated`` the time of
the status change (``Ruling.status_changed_at``), the status in the title,
and the status, its date, the reason and what superseded it at the top of
the content — which is what Atom readers expect of a changed entry (they
replace the one they have, and show it as changed), and it moves to the top
of the feed, so a reader that fetches only the latest entries sees it.  Ids are ``tag:`` URIs of the rulebook's
tagging entity, the game and the ruling's public number
(``tag:<authority>:<game>/rulings/<number>``), nothing of the host or of
row ids.  A ruling is never presented as rule text: every title says
"Official ruling" or "FAQ entry".
"""

from __future__ import annotations

import datetime

from django.db.models import Prefetch
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.formats import date_format
from django.utils import timezone
from django.utils.html import escape
from django.utils.translation import get_language, gettext as _

from rulebook.models import Game, Ruling, RulingClause
from rulebook.search.indexing import plain_text
from rulebook.versioning.feeds import FEED_LENGTH, CorrectionsFeed, tag_authority


def ruling_tag(ruling: Ruling) -> str:
    """The Atom id of a ruling: ``tag:<authority>:<game>/rulings/<number>``.

    >>> from rulebook.models import Game
    >>> ruling_tag(Ruling(game=Game(slug="berserk"), number=3))
    'tag:rules-reference.invalid,2026:berserk/rulings/3'
    """
    return f"tag:{tag_authority()}:{ruling.game.slug}/rulings/{ruling.number}"


class RulingsFeed(CorrectionsFeed):
    """A game's published official rulings, newest publication first."""

    def feed_extra_kwargs(self, obj: Game) -> dict:
        """``empty_updated``: without an entry the feed's ``updated`` is fixed
        (:data:`~rulebook.versioning.feeds.EMPTY_FEED_EPOCH`), not the time of the request."""
        return {"empty_updated": lambda: None}

    def get_object(self, request, game: str) -> Game:
        return get_object_or_404(Game, slug=game)

    def title(self, obj: Game) -> str:
        return _("Official rulings: %(game)s") % {"game": obj}

    def subtitle(self, obj: Game) -> str:
        return _("The publisher’s official rulings and FAQ entries on the rules, newest first. "
                 "They explain the rules and are not part of the rule text.")

    def link(self, obj: Game) -> str:
        return reverse("rulebook:rulings", args=[obj.slug])

    def feed_url(self, obj: Game) -> str:
        return reverse("rulebook:rulings_feed", args=[obj.slug])

    def feed_guid(self, obj: Game) -> str:
        """The feed's id: a tag URI of the language and the game."""
        return f"tag:{tag_authority()}:{get_language()}/{obj.slug}/rulings"

    def items(self, obj: Game):
        links = RulingClause.objects.select_related("clause__document", "version")
        # the latest change first: a publication, or a status change
        return (obj.rulings.published()
                .select_related("game", "superseded_by__game", "superseded_by_correction__game")
                .prefetch_related(Prefetch("interpretations", queryset=links))
                .annotate(changed=Coalesce("status_changed_at", "published_at"))
                .order_by("-changed", "-number")[:FEED_LENGTH])

    def item_title(self, item: Ruling) -> str:
        label = _("Official FAQ entry") if item.kind == Ruling.FAQ else _("Official ruling")
        values = {"label": label, "number": item.number,
                  "date": date_format(item.source_date, "SHORT_DATE_FORMAT"),
                  "source": item.source_title}
        if item.status != Ruling.CURRENT:
            values["status"] = item.get_status_display()
            return _("%(label)s %(number)s of %(date)s (%(status)s): %(source)s") % values
        return _("%(label)s %(number)s of %(date)s: %(source)s") % values

    @staticmethod
    def _status_html(item: Ruling) -> str:
        """The status paragraph of a superseded or withdrawn ruling's entry
        (the words of its page), with the reason; ``""`` while it is current."""
        if item.status == Ruling.CURRENT:
            return ""
        date = date_format(item.status_date, "SHORT_DATE_FORMAT")
        if item.status == Ruling.WITHDRAWN:
            text = escape(_("Withdrawn by the publisher on %(date)s.") % {"date": date})
        elif item.superseded_by is not None:
            later = item.superseded_by
            text = (escape(_("Superseded on %(date)s by a later ruling:") % {"date": date})
                    + f' <a href="{escape(later.get_absolute_url())}">{escape(str(later))}</a>.')
        else:
            correction = item.superseded_by_correction
            title = correction.title_in()
            text = (escape(_("Superseded on %(date)s by a correction:") % {"date": date})
                    + f' <a href="{escape(correction.get_absolute_url())}" '
                      f'lang="{escape(title.language)}">{escape(title.text)}</a>.')
        if item.status_reason:
            text += f" {escape(_('Reason'))}: {escape(item.status_reason)}"
        return f"<p><strong>{text}</strong></p>"

    def item_description(self, item: Ruling) -> str:
        date = date_format(item.source_date, "DATE_FORMAT")
        source = escape(item.source_title)
        if item.source_citation:
            source += f", {escape(item.source_citation)}"
        parts = [self._status_html(item),
                 f"<p>{escape(_('Source'))}: {source}, "
                 f'<time datetime="{item.source_date.isoformat()}">{escape(date)}</time></p>']
        language = escape(item.language)
        for label, text in ((_("Question"), item.question_in(item.language).text),
                            (_("Answer"), item.answer_in(item.language).text)):
            # as plain text: a clause reference by its label ([[106.p1]] → 106 ¶1)
            parts.append(f"<p><strong>{escape(label)}:</strong></p>"
                         f'<blockquote lang="{language}"><p>{escape(plain_text(text, icons=True))}'
                         f"</p></blockquote>")
        clauses = []
        for link in item.interpretations.all():
            text = escape(link.clause.display_key)
            if link.version is not None:
                text += " " + escape(_("(version %(number)s)") % {"number": link.version.number})
            clauses.append(text)
        if clauses:
            parts.append(f"<p>{escape(_('Clauses interpreted:'))} {', '.join(clauses)}</p>")
        return "".join(parts)

    def item_link(self, item: Ruling) -> str:
        return item.get_absolute_url()

    def item_pubdate(self, item: Ruling):
        return item.published_at

    def item_updateddate(self, item: Ruling):
        # The wording never changes (a new wording is a new ruling); the
        # status may, once.  A status changed before its time was recorded
        # (migration 0009) counts from the status date, never before publication.
        if item.status == Ruling.CURRENT:
            return item.published_at
        if item.status_changed_at is not None:
            return item.status_changed_at
        changed = datetime.datetime.combine(item.status_date, datetime.time(),
                                            tzinfo=timezone.get_current_timezone())
        return max(item.published_at, changed)

    def item_guid(self, item: Ruling) -> str:
        return ruling_tag(item)

    def item_categories(self, item: Ruling):
        return [str(item.game)]
