"""The editorial workflow of official rulings: draft, submit, publish, supersede.

Like corrections (:mod:`rulebook.versioning.publishing`): an editor writes a
draft ruling — its source, question and answer, the clauses it interprets —
and saves it against the revision the form was opened at
(:func:`save_ruling`, :class:`~rulebook.versioning.publishing.StaleDraftError`
when someone saved it meanwhile); submits it (:func:`submit_ruling`); a
publisher publishes it (:func:`publish_ruling`, the one step that changes
what readers see), which fixes the version of each clause in force on the
ruling's date, gives the ruling the game's next public number under the
game's lock and stamps it.  If ``settings.RULEBOOK_SECOND_PERSON`` is true
(environment ``RULEBOOK_SECOND_PERSON=1``),
whoever submitted a ruling may not publish it.  A published ruling never
changes (the database guards, :mod:`rulebook.versioning.guards`); it may be
superseded by a later ruling or a correction (:func:`supersede_ruling`) or
withdrawn (:func:`withdraw_ruling`), once, with the date and the reason.

Locks follow the one order of :mod:`rulebook.versioning.editing`: rulings
(ascending id), then clauses, then the game.  Every step is recorded in the
admin log.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.contrib.admin.models import CHANGE, LogEntry
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from rulebook.models import ClauseVersion, Correction, Game, Ruling, RulingClause
from rulebook.versioning import editing
from rulebook.versioning.publishing import StaleDraftError, WorkflowError

PUBLISH_PERMISSION = "rulebook.publish_ruling"


def _log(user, obj, message: str) -> None:
    # In English, like the corrections' log: a record, not a page.
    LogEntry.objects.log_actions(user_id=user.pk, queryset=[obj], action_flag=CHANGE,
                                 change_message=message, single_object=True)


def second_person_required() -> bool:
    """Whether a ruling must be published by someone other than its submitter."""
    return bool(getattr(settings, "RULEBOOK_SECOND_PERSON", False))


def _locked(ruling: Ruling) -> Ruling:
    editing.lock_rows(rulings=[ruling.pk])
    return Ruling.objects.get(pk=ruling.pk)


def check_revision(ruling: Ruling, expected_revision: int) -> None:
    """Refuse a save from a form opened at another revision of the draft.

    :raises StaleDraftError: if the ruling is gone, published, or the
        stored revision is not ``expected_revision``.
    """
    stored = Ruling.objects.filter(pk=ruling.pk).values("revision", "published_at").first()
    if stored is None:
        raise StaleDraftError(_("This ruling has been deleted in the meantime."))
    if stored["published_at"] is not None:
        raise StaleDraftError(_("This ruling has been published in the meantime; a published "
                                "ruling cannot be changed."))
    if stored["revision"] != expected_revision:
        raise StaleDraftError(_(
            "Someone else saved this ruling while you were editing it (your form showed "
            "revision %(yours)s, the stored ruling is at revision %(stored)s). Your text was "
            "not saved and is still in the form below: copy it, reload the page and apply your "
            "changes to the current draft.") % {"yours": expected_revision,
                                                "stored": stored["revision"]})


@transaction.atomic
def save_ruling(ruling: Ruling, expected_revision: int | None) -> Ruling:
    """Save a draft ruling (a new one, or one stored at ``expected_revision``).

    The check and the save happen under the ruling's row lock; the
    revision goes up by one.

    :raises StaleDraftError: see :func:`check_revision`.
    """
    if ruling.pk is None:
        ruling.revision = 1
        ruling.save()
        return ruling
    editing.lock_rows(rulings=[ruling.pk])
    check_revision(ruling, expected_revision if expected_revision is not None else -1)
    ruling.revision = expected_revision + 1
    ruling.save()
    return ruling


def foreign_clauses(ruling: Ruling) -> list[RulingClause]:
    """The clauses of ``ruling`` that belong to another game."""
    return list(ruling.interpretations.select_related("clause__document__game")
                .exclude(clause__document__game_id=ruling.game_id))


def _check_content(ruling: Ruling) -> None:
    if not ruling.interpretations.exists():
        raise WorkflowError(_("Name at least one clause this ruling interprets before "
                              "submitting or publishing it."))
    foreign = foreign_clauses(ruling)
    if foreign:
        raise WorkflowError(_("The clauses %(clauses)s belong to another game than this "
                              "ruling; remove them or set the ruling's game back.") % {
            "clauses": ", ".join(str(link.clause) for link in foreign)})
    for field in ("question", "answer"):
        if not (getattr(ruling, f"{field}_{ruling.language}") or "").strip():
            raise WorkflowError(_("Give the question and the answer in the ruling's original "
                                  "language (%(language)s).") % {"language": ruling.language})


@transaction.atomic
def submit_ruling(ruling: Ruling, user) -> Ruling:
    """Submit a draft ruling for review by a publisher (only the submission stamps are written).

    :raises WorkflowError: if it is published, names no clause, names a
        clause of another game or lacks its original-language text.
    """
    stored = _locked(ruling)
    if stored.is_published:
        raise WorkflowError(_("This ruling is already published."))
    _check_content(stored)
    stored.submitted_at = timezone.now()
    stored.submitted_by = user
    stored.save(update_fields=["submitted_at", "submitted_by"])
    _log(user, stored, "Submitted for review.")
    ruling.submitted_at, ruling.submitted_by = stored.submitted_at, user
    return stored


def next_ruling_number(game_id: int) -> int:
    """The next public number of a ruling of the game (highest so far + 1)."""
    return (Ruling.objects.filter(game_id=game_id).aggregate(n=Max("number"))["n"] or 0) + 1


@transaction.atomic
def publish_ruling(ruling: Ruling, user, *, now: datetime.datetime | None = None,
                   reviewed: str | None = None) -> Ruling:
    """Publish a submitted ruling; return it as stored.

    ``reviewed``: the submission the publisher saw (its ``submitted_at`` in ISO format, which
    the page's Publish form carries); ``None`` checks nothing.

    Each clause it interprets is recorded with its version in force on the
    ruling's date; the ruling gets the game's next number (under the game's
    lock, so two publications never share one) and its publication stamps.

    :raises PermissionDenied: if ``user`` lacks ``rulebook.publish_ruling``.
    :raises WorkflowError: if the ruling is published, was not submitted
        (or changed since), was submitted again since the submission ``reviewed``,
        was submitted by ``user`` while a second person
        is required, names no clause or a clause of another game, lacks its
        original text, or a clause had no text in force on its date.
    """
    if not user.has_perm(PUBLISH_PERMISSION):
        raise PermissionDenied(_("Only publishers may publish official rulings."))
    stored = _locked(ruling)
    if stored.is_published:
        raise WorkflowError(_("This ruling is already published."))
    if stored.submitted_at is None:
        raise WorkflowError(_(
            "This ruling has not been submitted for review (or it was changed after "
            "submission). Review it, then “Submit for review” before publishing."))
    if reviewed is not None and reviewed != stored.submitted_at.isoformat():
        raise WorkflowError(_(
            "This ruling was changed and submitted again after you opened it: what you saw is "
            "not what would be published. Nothing was published; look at it again below, then "
            "publish."))
    if second_person_required() and stored.submitted_by_id == user.pk:
        raise WorkflowError(_("A second person must publish this ruling: you submitted it."))
    _check_content(stored)
    links = list(stored.interpretations.select_related("clause").order_by("clause_id"))
    editing.lock_rows(clauses=[link.clause_id for link in links])
    versions = ClauseVersion.objects.current_for([link.clause_id for link in links],
                                                 on=stored.source_date)
    missing = [link.clause for link in links if link.clause_id not in versions]
    if missing:
        raise WorkflowError(_(
            "%(clauses)s had no published text in force on the ruling's date "
            "(%(date)s); check the date and the clauses.") % {
                "clauses": ", ".join(str(clause) for clause in missing),
                "date": stored.source_date.strftime("%d.%m.%Y")})
    for link in links:
        version = versions[link.clause_id]
        if version.is_repeal:
            raise WorkflowError(_("%(clause)s was repealed on the ruling's date.") % {
                "clause": link.clause})
        RulingClause.objects.filter(pk=link.pk).update(version=version)
    list(Game.objects.select_for_update().filter(pk=stored.game_id).values_list("pk"))
    stored.number = next_ruling_number(stored.game_id)
    stored.published_at = now or timezone.now()
    stored.published_by = user
    stored.save()
    _log(user, stored, f"Published as ruling {stored.number} of the game.")
    return stored


def _check_new_status(ruling: Ruling, reason: str) -> None:
    if not ruling.is_published:
        raise WorkflowError(_("Only a published ruling can be superseded or withdrawn; delete "
                              "or edit the draft instead."))
    if ruling.status != Ruling.CURRENT:
        raise WorkflowError(_("This ruling is already %(status)s.") % {
            "status": ruling.get_status_display()})
    if not reason.strip():
        raise WorkflowError(_("Give the reason."))


@transaction.atomic
def supersede_ruling(ruling: Ruling, user, *, by: Ruling | None = None,
                     correction: Correction | None = None, reason: str,
                     date: datetime.date | None = None) -> Ruling:
    """Mark a published, current ruling superseded by a later ruling or a correction.

    ``date`` defaults to the superseding ruling's date or the correction's
    effective date.  Returns the ruling as stored.

    :raises PermissionDenied: if ``user`` lacks ``rulebook.publish_ruling``.
    :raises WorkflowError: if the ruling is not published or not current,
        no reason is given, or the superseding ruling or correction is not
        published, of another game, or the ruling itself.
    """
    if not user.has_perm(PUBLISH_PERMISSION):
        raise PermissionDenied(_("Only publishers may supersede official rulings."))
    if (by is None) == (correction is None):
        raise WorkflowError(_("Name either the ruling or the correction that supersedes it."))
    editing.lock_rows(rulings=[ruling.pk] + ([by.pk] if by is not None else []))
    stored = Ruling.objects.get(pk=ruling.pk)
    _check_new_status(stored, reason)
    if by is not None:
        by = Ruling.objects.get(pk=by.pk)
        if by.pk == stored.pk or not by.is_published or by.game_id != stored.game_id:
            raise WorkflowError(_("A ruling is superseded by another published ruling of the "
                                  "same game."))
        date = date or by.source_date
    else:
        correction = Correction.objects.get(pk=correction.pk)
        if not correction.is_published or correction.game_id != stored.game_id:
            raise WorkflowError(_("A ruling is superseded by a published correction of the "
                                  "same game."))
        date = date or correction.effective_date
    stored.status = Ruling.SUPERSEDED
    stored.status_date = date
    stored.status_reason = reason.strip()
    stored.superseded_by = by
    stored.superseded_by_correction = correction
    stored.status_changed_at = timezone.now()
    stored.save()
    _log(user, stored, f"Superseded on {date:%Y-%m-%d}.")
    return stored


@transaction.atomic
def withdraw_ruling(ruling: Ruling, user, *, reason: str,
                    date: datetime.date | None = None) -> Ruling:
    """Mark a published, current ruling withdrawn by the publisher on ``date`` (today).

    :raises PermissionDenied: if ``user`` lacks ``rulebook.publish_ruling``.
    :raises WorkflowError: if the ruling is not published or not current,
        or no reason is given.
    """
    if not user.has_perm(PUBLISH_PERMISSION):
        raise PermissionDenied(_("Only publishers may withdraw official rulings."))
    stored = _locked(ruling)
    _check_new_status(stored, reason)
    stored.status = Ruling.WITHDRAWN
    stored.status_date = date or timezone.localdate()
    stored.status_reason = reason.strip()
    stored.status_changed_at = timezone.now()
    stored.save()
    _log(user, stored, f"Withdrawn on {stored.status_date:%Y-%m-%d}.")
    return stored
