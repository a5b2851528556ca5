"""When a page's content last changed for readers (the sitemap's ``lastmod``,
the feeds' ``updated``).

What readers see changes only through publication, so the moment a text
changed is read from the publication records:

- a clause version or correction published on the site changes what readers
  see when it is published (``published_at``), and again when it comes into
  force later (the start of its effective date: "upcoming" becomes the text
  in force);
- one that came with its source page (no publisher: the importer stored what
  the source records, e.g. "Spielregelerkorrektur am 25.01.2023") is dated by
  its effective date, so a fresh install does not present old texts as
  changed on the day of the import; without an effective date, by its
  import.

Every moment is an aware datetime and never later than ``now``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.utils import timezone

from rulebook.models import ClauseVersion, Correction


def start_of(day: datetime.date) -> datetime.datetime:
    """The start of ``day`` in the site's time zone (aware)."""
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time.min))


def changed_at(published_at: datetime.datetime, published_by_id: int | None,
               effective_date: datetime.date | None,
               now: datetime.datetime | None = None) -> datetime.datetime:
    """When a published record (clause version or correction) last changed
    what readers see, as of ``now``: its publication (or, for one that came
    with its source, its effective date), or the start of its effective date
    once that has come, whichever is later.

    >>> import datetime as dt
    >>> from django.utils import timezone
    >>> now = timezone.make_aware(dt.datetime(2026, 6, 1, 12))
    >>> published = timezone.make_aware(dt.datetime(2026, 5, 1, 9))
    >>> changed_at(published, 1, dt.date(2023, 1, 25), now) == published
    True
    >>> changed_at(published, 1, dt.date(2026, 5, 20), now) == start_of(dt.date(2026, 5, 20))
    True
    >>> changed_at(published, 1, dt.date(2026, 7, 1), now) == published
    True
    >>> changed_at(published, None, dt.date(2023, 1, 25), now) == start_of(dt.date(2023, 1, 25))
    True
    """
    now = now or timezone.now()
    if published_by_id is None and effective_date is not None:
        appeared = start_of(effective_date)
    else:
        appeared = published_at
    if effective_date is not None:
        in_force = start_of(effective_date)
        if appeared < in_force <= now:
            return in_force
    return min(appeared, now)


def correction_published_on(correction: Correction) -> datetime.datetime:
    """When readers were first shown ``correction`` (a published one): its
    publication, or the start of its effective date for one that came with
    its source page."""
    if correction.published_by_id is None:
        return start_of(correction.effective_date)
    return correction.published_at


def correction_changed_at(correction: Correction,
                          now: datetime.datetime | None = None) -> datetime.datetime:
    """When ``correction`` (published) last changed for readers (see :func:`changed_at`)."""
    return changed_at(correction.published_at, correction.published_by_id,
                      correction.effective_date, now)


def _later(mapping: dict, key, moment: datetime.datetime) -> None:
    if key not in mapping or mapping[key] < moment:
        mapping[key] = moment


@dataclass
class LastChanges:
    """The moments the published texts last changed, per clause, section,
    document and game (corrections included in their game), per correction
    and per game's corrections, and overall.

    Read in two queries by :meth:`load`; each mapping is ``{id: datetime}``.
    """

    clauses: dict[int, datetime.datetime] = field(default_factory=dict)
    sections: dict[int, datetime.datetime] = field(default_factory=dict)
    documents: dict[int, datetime.datetime] = field(default_factory=dict)
    games: dict[int, datetime.datetime] = field(default_factory=dict)
    corrections: dict[int, datetime.datetime] = field(default_factory=dict)
    game_corrections: dict[int, datetime.datetime] = field(default_factory=dict)
    latest: datetime.datetime | None = None

    @classmethod
    def load(cls, now: datetime.datetime | None = None) -> "LastChanges":
        """Every published clause version and correction (published by ``now``)."""
        now = now or timezone.now()
        changes = cls()
        versions = ClauseVersion.objects.filter(published_at__lte=now).values_list(
            "clause_id", "clause__section_id", "clause__document_id",
            "clause__document__game_id", "published_at", "published_by_id", "effective_date")
        for clause, section, document, game, published, by, effective in versions:
            moment = changed_at(published, by, effective, now)
            for mapping, key in ((changes.clauses, clause), (changes.sections, section),
                                 (changes.documents, document), (changes.games, game)):
                _later(mapping, key, moment)
        corrections = Correction.objects.filter(published_at__lte=now).values_list(
            "pk", "game_id", "published_at", "published_by_id", "effective_date")
        for pk, game, published, by, effective in corrections:
            moment = changed_at(published, by, effective, now)
            changes.corrections[pk] = moment
            _later(changes.games, game, moment)
            _later(changes.game_corrections, game, moment)
        changes.latest = max(changes.games.values(), default=None)
        return changes
