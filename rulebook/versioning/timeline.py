"""What publishing a correction changes, date by date (the publish summary).

A draft takes effect on its correction's date and stays in force until the
clause's next version by date (:data:`rulebook.models.IN_FORCE_ORDER`).  An
urgent correction published after an announced one, but dated before it,
is in force only until the announced date: from then on the announced text
is in force again — a text written from the version before the urgent one
(its ``based_on_number``), which may not contain the urgent change.  The
publisher sees, for each clause of the correction:

- the text in force from each date on, before and after publishing
  (:class:`Period`);
- the next version by date, if one is announced after the draft's date,
  with its word diff against the draft (the text it will now replace) and
  whether it undoes the draft's change (:class:`Overtaking`).

Reads only; nothing here changes data.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from rulebook.models import IN_FORCE_ORDER, ClauseVersion, Correction, in_force_key
from rulebook.versioning.diffing import DiffKind, DiffRow, word_diff
from rulebook.versioning.history import version_text


@dataclass(frozen=True)
class Period:
    """From ``start`` on (``None``: since the beginning, the source gives no
    date) until the next period, the version in force before publishing
    (``before``) and after (``after``, the draft where it is in force);
    either is ``None`` where no text is in force."""

    start: datetime.date | None
    before: ClauseVersion | None
    after: ClauseVersion | None

    @property
    def changes(self) -> bool:
        """Whether publishing changes the text in force in this period."""
        return _pk(self.before) != _pk(self.after)


@dataclass(frozen=True)
class Overtaking:
    """An announced version taking effect after the draft: on its date it
    replaces the draft's text (``diff``: from the draft to it); ``undone``:
    it does not contain the draft's change, which then ends on that date."""

    version: ClauseVersion
    diff: tuple[DiffRow, ...]
    undone: bool


@dataclass(frozen=True)
class ClauseTimeline:
    """One draft of a correction: the periods of the texts in force, and the
    announced version that follows it, if any."""

    draft: ClauseVersion
    periods: tuple[Period, ...]
    overtaking: Overtaking | None


def _pk(version: ClauseVersion | None) -> int | None:
    return version.pk if version is not None else None


def _in_force(versions: list[ClauseVersion], on: datetime.date) -> ClauseVersion | None:
    """The last of ``versions`` (in the order they take effect) in force on ``on``."""
    current = None
    for version in versions:
        if version.effective_date is None or version.effective_date <= on:
            current = version
    return current


def text_undone(base: str, draft: str, later: str) -> bool:
    """Whether the text ``later`` undoes the change from ``base`` to ``draft``:
    a run of words the draft inserts is missing from ``later``, or a run it
    deletes comes back in ``later`` (word diffs, :func:`word_diff`).

    >>> text_undone("zieht zwei Karten", "zieht drei Karten", "zieht zwei Karten sofort")
    True
    >>> text_undone("zieht zwei Karten", "zieht drei Karten", "zieht drei Karten sofort")
    False
    """
    change = word_diff(base, draft)
    restored = {row.text.strip() for row in word_diff(draft, later)
                if row.kind is DiffKind.INSERT}
    inserted = [row.text.strip() for row in change if row.kind is DiffKind.INSERT]
    deleted = [row.text.strip() for row in change if row.kind is DiffKind.DELETE]
    return (any(text and text not in later for text in inserted)
            or any(text and text in restored for text in deleted))


def undoes(base: ClauseVersion | None, draft: ClauseVersion, later: ClauseVersion) -> bool:
    """Whether ``later`` (taking effect after ``draft``) undoes the draft's
    change of ``base`` (:func:`text_undone` of their original texts).  A
    later repeal undoes nothing (the clause ends anyway); a later text after
    a draft that repeals the clause or adds it counts as undoing it unless
    it is the draft's text."""
    if later.is_repeal:
        return False
    if draft.is_repeal or base is None or base.is_repeal:
        return version_text(later) != version_text(draft)
    return text_undone(version_text(base), version_text(draft), version_text(later))


def clause_timeline(draft: ClauseVersion, on: datetime.date | None = None) -> ClauseTimeline:
    """The periods before and after publishing ``draft`` on ``on`` (its
    correction's date by default), and the announced version after it.

    The draft is placed as it will be published: after every published
    version of its date (it gets the highest number).  Periods start at
    the last change before the draft's date (the text it replaces), then
    at every later date a version takes effect.  One query.
    """
    on = on or draft.correction.effective_date
    published = list(draft.clause.versions.published().select_related("correction")
                     .order_by(*IN_FORCE_ORDER))
    for version in published:
        version.clause = draft.clause
    # As published: with the correction's date, after every version of that date.
    placed = ClauseVersion(pk=None, effective_date=on, number=(max(
        (v.number for v in published), default=0) + 1))
    after_list = sorted([*published, placed], key=in_force_key)
    starts = sorted({v.effective_date for v in published if v.effective_date is not None}
                    | {on})
    earlier = [start for start in starts if start < on]
    first = earlier[-1] if earlier else None
    points: list[datetime.date | None] = []
    if first is None and any(v.effective_date is None for v in published):
        points.append(None)
    points += [start for start in starts if first is None or start >= first]
    periods = []
    for start in points:
        moment = start or datetime.date.min
        after = _in_force(after_list, moment)
        periods.append(Period(start, _in_force(published, moment),
                              draft if after is placed else after))
    base = _in_force(published, on)
    following = next((v for v in published if v.effective_date is not None
                      and v.effective_date > on), None)
    overtaking = None
    if following is not None:
        overtaking = Overtaking(following, word_diff(version_text(draft), version_text(following)),
                                undoes(base, draft, following))
    return ClauseTimeline(draft, tuple(periods), overtaking)


def correction_timelines(correction: Correction) -> list[ClauseTimeline]:
    """:func:`clause_timeline` of each draft of ``correction``, in document order."""
    drafts = (correction.versions.drafts().select_related("clause__document", "correction")
              .order_by("clause__document__position", "clause__position"))
    return [clause_timeline(draft, correction.effective_date) for draft in drafts]
