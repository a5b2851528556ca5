"""The editorial workflow of corrections: propose, submit, publish.

Every change to what readers see goes through :func:`publish_correction`
(Wagtail's one "publish" action): it checks the publisher's permission,
that the correction was submitted for review and that no draft is stale,
gives the correction its public number within the game, numbers the new
versions, stamps
``published_at``/``published_by`` and records the publication in Django's
admin log (``LogEntry``: who, when, what).  The effective date is honoured
by the reading queries (``ClauseVersionQuerySet.in_force``): a correction
published today with a later date is "upcoming" and changes nothing before
that date.  Versions take effect in the order of their dates, not of their
numbers (:data:`rulebook.models.IN_FORCE_ORDER`): an urgent correction may
take effect before an announced one published earlier.  Its draft starts
from the text in force on its own date (:func:`version_in_force`); the
announced version still takes effect on its date, replacing the urgent
text (the publish summary, :mod:`rulebook.versioning.timeline`, shows
that).  No correction takes effect before a version already in force
(:func:`backdated_drafts`): that would rewrite what readers were told.

Drafts use optimistic concurrency: a draft records the clause version it
was based on (``based_on_number``) and a ``revision`` counter; saving a
draft from a stale form, or publishing a draft based on a version that has
since been superseded, raises :class:`StaleDraftError` and changes nothing.
Every write to a draft — the draft form, the translations page — goes
through that check (:func:`save_draft`, :func:`save_translations`); the
translations of a published version are saved language by language against
a stamp of what the form showed; locks are taken in one order
(:mod:`rulebook.versioning.editing`), so a publication and an edit never
deadlock; and any change to a submitted correction's texts returns it to
draft (``ClauseVersion.save``, ``Correction.save``): what is published is
what was reviewed.

The first import of a source page (``rulebook.importing``) publishes its
versions directly, with an empty publisher; later imports only propose
drafts.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.contrib.admin.models import ADDITION, CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from rulebook.models import IN_FORCE_ORDER, Clause, ClauseVersion, Correction, Game, text_digest
from rulebook.versioning import editing, headings, review, structure

PUBLISH_PERMISSION = "rulebook.publish_correction"
LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]


class WorkflowError(ValueError):
    """A workflow step that does not fit the correction's state (e.g. publish twice)."""


class StaleDraftError(WorkflowError):
    """A draft was changed or superseded since the editor opened it.

    Nothing has been saved; the message says what to do next.
    """


def latest_number(clause: Clause) -> int | None:
    """The highest number of the clause's published versions (the last
    published, not necessarily the last to take effect), or ``None``."""
    return clause.versions.published().aggregate(n=Max("number"))["n"]


def version_in_force(clause: Clause, on: datetime.date) -> ClauseVersion | None:
    """The clause's published version in force on ``on`` (the latest date
    ≤ ``on``, :data:`~rulebook.models.IN_FORCE_ORDER`), or ``None``: the text
    a correction effective on ``on`` replaces."""
    return clause.versions.in_force(on).order_by(*IN_FORCE_ORDER).last()


def in_force_after(clause: Clause, date: datetime.date,
                   today: datetime.date | None = None) -> ClauseVersion | None:
    """The last published version of ``clause`` that took effect after
    ``date`` and by ``today`` (default: today), or ``None``.

    A correction effective on ``date`` would take effect before it: it
    would change what readers were told was in force.  Announced versions
    (taking effect after today) do not count: an urgent correction may
    come before them.
    """
    return (clause.versions.published()
            .filter(effective_date__gt=date, effective_date__lte=today or timezone.localdate())
            .order_by(*IN_FORCE_ORDER).last())


def replaced_number(draft: ClauseVersion) -> int | None:
    """The number of the version a draft would replace if published now: the
    one in force on its correction's effective date."""
    base = version_in_force(draft.clause, draft.correction.effective_date)
    return base.number if base is not None else None


def _log(user, obj, flag: int, message: str) -> None:
    # Log messages are in English, like Django's own structured ones: the
    # log is a record, read back by rulebook.versioning.publishing.publication_log.
    LogEntry.objects.log_actions(
        user_id=user.pk, queryset=[obj], action_flag=flag, change_message=message,
        single_object=True)


@transaction.atomic
def propose_version(correction: Correction, clause: Clause, user, *,
                    repeal: bool = False) -> ClauseVersion:
    """Create a draft version of ``clause`` in ``correction``, prefilled with its current text.

    The draft copies the texts and titles, in every language, of the
    version in force on the correction's effective date (an announced
    version of a later date is not its base: see :func:`version_in_force`),
    and the digests its translations were made from (so an untouched
    translation is flagged out of date once the original changes).  A
    repeal has no text.

    :raises WorkflowError: if the correction is published, belongs to
        another game, already proposes a text for this clause, or takes
        effect before a version already in force (:func:`in_force_after`).
    """
    # The one lock order; the correction as stored (it may have been
    # published since the editor's page was loaded).
    editing.lock_rows(corrections=[correction.pk], clauses=[clause.pk])
    correction.refresh_from_db()
    if correction.is_published:
        raise WorkflowError(_("This correction is already published; start a new correction."))
    if clause.document.game_id != correction.game_id:
        raise WorkflowError(_("This clause belongs to another game than the correction."))
    if correction.versions.filter(clause=clause).exists():
        raise WorkflowError(_("This correction already proposes a text for %(clause)s; edit "
                              "that draft instead.") % {"clause": clause})
    overtaken = in_force_after(clause, correction.effective_date)
    if overtaken is not None:
        raise WorkflowError(backdated_message([(None, overtaken)]))
    base = version_in_force(clause, correction.effective_date)
    draft = ClauseVersion(clause=clause, correction=correction,
                          number=(latest_number(clause) or 0) + 1,
                          based_on_number=base.number if base else None,
                          effective_date=correction.effective_date, is_repeal=repeal)
    if base is not None and not repeal:
        for code in LANGUAGE_CODES:
            for field in ("text", "title", "translated_from"):
                setattr(draft, f"{field}_{code}", getattr(base, f"{field}_{code}") or "")
    draft.save()
    _log(user, draft, ADDITION, f"Proposed in correction #{correction.pk}.")
    return draft


def check_draft_revision(draft: ClauseVersion, expected_revision: int) -> None:
    """Refuse a save from a form opened at another revision of the draft.

    :raises StaleDraftError: if the stored draft's revision is not
        ``expected_revision`` (someone saved it in the meantime), or the
        draft is published.
    """
    stored = ClauseVersion.objects.filter(pk=draft.pk).values(
        "revision", "published_at").first()
    if stored is None:
        raise StaleDraftError(_("This draft has been deleted in the meantime."))
    if stored["published_at"] is not None:
        raise StaleDraftError(_("This draft has been published in the meantime; published "
                                "versions cannot be changed."))
    if stored["revision"] != expected_revision:
        raise StaleDraftError(_(
            "Someone else saved this draft while you were editing it (your form showed "
            "revision %(yours)s, the stored draft is at revision %(stored)s). Your text was "
            "not saved and is still in the form below: copy it, reload the page and apply your "
            "changes to the current draft.") % {"yours": expected_revision,
                                                "stored": stored["revision"]})


def lock_draft(draft: ClauseVersion) -> None:
    """Lock a draft's correction, clause and row, in the one lock order
    (:func:`rulebook.versioning.editing.lock_rows`): a publication of its
    correction and an edit of the draft then wait for each other instead of
    deadlocking."""
    editing.lock_rows(corrections=[draft.correction_id], clauses=[draft.clause_id],
                      versions=[draft.pk])


@transaction.atomic
def save_draft(draft: ClauseVersion, expected_revision: int) -> ClauseVersion:
    """Save an edited draft if nobody saved it since revision ``expected_revision``.

    The check and the save happen under the draft's locks (:func:`lock_draft`);
    the revision counter goes up by one.

    :raises StaleDraftError: see :func:`check_draft_revision`.
    """
    lock_draft(draft)
    check_draft_revision(draft, expected_revision)
    draft.revision = expected_revision + 1
    draft.save()
    return draft


@transaction.atomic
def submit_correction(correction: Correction, user) -> Correction:
    """Submit a draft correction for review by a publisher.

    Only the submission stamps are written, under the correction's lock
    (reloaded first), so an edit saved since the page was loaded is not
    overwritten.

    :raises WorkflowError: if it is published already or proposes no text.
    """
    editing.lock_rows(corrections=[correction.pk])
    correction.refresh_from_db()
    if correction.is_published:
        raise WorkflowError(_("This correction is already published."))
    if not correction.versions.exists() and not correction.structure_changes.exists():
        raise WorkflowError(_("Propose the new text of at least one clause before submitting."))
    correction.submitted_at = timezone.now()
    correction.submitted_by = user
    correction.save(update_fields=["submitted_at", "submitted_by"])
    _log(user, correction, CHANGE, "Submitted for review.")
    return correction


def same_texts(draft: ClauseVersion, base: ClauseVersion | None) -> bool:
    """Whether a draft keeps the texts and titles of its base version in every
    language (whatever it changes in the clause's structure); ``False``
    without a base (a new clause) or where either repeals the clause."""
    if base is None or draft.is_repeal or base.is_repeal:
        return False
    return all((getattr(draft, f"{field}_{code}") or "") == (getattr(base, f"{field}_{code}") or "")
               for code in LANGUAGE_CODES for field in ("text", "title"))


def unchanged(draft: ClauseVersion, base: ClauseVersion | None) -> bool:
    """Whether a draft repeats its base version: same texts and titles in every
    language, same structure (key, label, section, place)."""
    if base is None or draft.is_repeal != base.is_repeal or draft.structure_differs(base):
        return False
    return all((getattr(draft, f"{field}_{code}") or "") == (getattr(base, f"{field}_{code}") or "")
               for code in LANGUAGE_CODES for field in ("text", "title"))


def base_version(draft: ClauseVersion) -> ClauseVersion | None:
    """The published version a draft was started from, if any."""
    if not draft.based_on_number:
        return None
    return draft.clause.versions.published().filter(number=draft.based_on_number).first()


def stale_drafts(correction: Correction) -> list[ClauseVersion]:
    """The drafts of ``correction`` based on a version that is no longer the
    one in force on the correction's date (:func:`replaced_number`): a
    version of that date or earlier was published since."""
    stale = []
    for draft in correction.versions.drafts().select_related("clause__document", "correction"):
        if draft.based_on_number != replaced_number(draft):
            stale.append(draft)
    return stale


def foreign_drafts(correction: Correction) -> list[ClauseVersion]:
    """The drafts of ``correction`` whose clause belongs to another game.

    A correction's game can be edited while it is a draft; texts proposed
    before that must not be published under the other game's correction.
    """
    return list(correction.versions.drafts().select_related("clause__document__game")
                .exclude(clause__document__game_id=correction.game_id))


def backdated_drafts(correction: Correction,
                     effective_date: datetime.date | None = None) -> list[tuple]:
    """The drafts that would take effect before the version they replace,
    or before a version already in force.

    Returns ``(draft, version)`` pairs: the draft's base version where its
    effective date is later than ``effective_date`` (default: the
    correction's; the draft's text was started from a later text), else
    the last version that took effect after that date and by today
    (:func:`in_force_after`: publishing would change what was in force).
    An announced version of a later date is no obstacle: an urgent
    correction takes effect before it, and it still takes effect on its
    own date.
    """
    date = effective_date or correction.effective_date
    pairs = []
    if date is None:
        return pairs
    for draft in correction.versions.drafts().select_related("clause__document"):
        base = base_version(draft)
        if base is not None and base.effective_date is not None and base.effective_date > date:
            pairs.append((draft, base))
        elif (overtaken := in_force_after(draft.clause, date)) is not None:
            pairs.append((draft, overtaken))
    return pairs


def backdated_message(pairs: list[tuple]) -> str:
    """The editor's explanation of :func:`backdated_drafts`' result."""
    return _(
        "The effective date is before the date of the text it replaces: %(versions)s. A "
        "correction takes effect on or after the date of the version it corrects; choose a "
        "later effective date.") % {"versions": ", ".join(
            f"{base} ({base.effective_date:%d.%m.%Y})" for _draft, base in pairs)}


def _submitted(correction: Correction, reviewed: str | None) -> Correction:
    """``correction`` (locked) if it is the submission to publish: submitted, not published,
    and, where ``reviewed`` is given, still the submission the publisher confirmed.

    :raises WorkflowError: if it is published or not submitted.
    :raises StaleDraftError: if it was submitted again since ``reviewed``.
    """
    if correction.is_published:
        raise WorkflowError(_("This correction is already published."))
    if correction.submitted_at is None:
        raise WorkflowError(_(
            "This correction has not been submitted for review (or it was changed after "
            "submission). Review it, then “Submit for review” before publishing."))
    if reviewed is not None and reviewed != correction.submitted_at.isoformat():
        raise StaleDraftError(_(
            "This correction was changed and submitted again after you opened it for "
            "publishing: what you confirmed is not what would be published. Nothing was "
            "published; open “Publish…” again to see what it holds now."))
    return correction


@transaction.atomic
def publish_correction(correction: Correction, user, *,
                       now: datetime.datetime | None = None,
                       reviewed: str | None = None) -> Correction:
    """Publish ``correction`` and its proposed versions; return it.

    ``reviewed``: the submission the publisher confirmed (its ``submitted_at`` in ISO
    format, as the confirmation page carries it; ``None``: not checked).

    Each draft becomes the clause's next version (number = highest + 1)
    with the correction's effective date, in force from then until the
    next version by date (an announced one takes effect after it); a translation edited in the
    draft is recorded as made from the new original text.  Everything is
    logged in the admin log under ``user``.

    :raises PermissionDenied: if ``user`` lacks ``rulebook.publish_correction``.
    :raises WorkflowError: if the correction is published, was not submitted
        for review, proposes nothing, or proposes a text identical to the
        current one.
    :raises StaleDraftError: if a clause got a new version since a draft was
        started, or the correction was submitted again since the submission
        ``reviewed`` (nothing is published).
    :raises WorkflowError: also if a draft's clause belongs to another game
        than the correction, or the correction's effective date is before
        the date of a version it replaces (see :func:`backdated_drafts`).
    """
    if not user.has_perm(PUBLISH_PERMISSION):
        raise PermissionDenied(_("Only publishers may publish corrections."))
    correction = _submitted(Correction.objects.select_for_update().get(pk=correction.pk),
                            reviewed)
    drafts = list(correction.versions.drafts().select_related("clause__document")
                  .order_by("clause__position"))
    try:
        changes = headings.check_structure(correction)
    except ValueError as error:
        raise WorkflowError(str(error)) from error
    if not drafts and not changes:
        raise WorkflowError(_("This correction proposes no clause text; nothing to publish."))
    # Lock the clauses, then the drafts (the one lock order, after the
    # correction): a correction published at the same moment for one of the
    # clauses waits here and then finds its draft stale; an edit of a draft
    # waits for the correction's lock and then finds it published.
    editing.lock_rows(clauses=[d.clause_id for d in drafts], versions=[d.pk for d in drafts])
    bases = _publishable_bases(correction, drafts)
    now = now or timezone.now()
    # The game's lock serialises numbering: two publications never share a number.
    list(Game.objects.select_for_update().filter(pk=correction.game_id).values_list("pk"))
    correction.number = next_correction_number(correction.game_id)
    # The correction first: the database publishes a version only together
    # with its published correction, same stamp and publisher
    # (rulebook.versioning.guards); all of it in this one transaction.
    correction.published_at = now
    correction.published_by = user
    correction.save()
    for draft in drafts:
        _publish_draft(draft, bases[draft.pk], correction, user)
    structure.apply_structure(drafts)  # added, moved, renumbered clauses
    headings.publish_structure(correction, changes, user)
    review.put_up_for_review(correction)  # what rests on the changed clauses, until acted on
    _log(user, correction, CHANGE, f"Published ({len(drafts)} clause versions).")
    return correction


def _publishable_bases(correction: Correction,
                       drafts: list[ClauseVersion]) -> dict[int, ClauseVersion | None]:
    """The version each draft replaces, keyed by the draft's id, once every
    check of :func:`publish_correction` passed.

    :raises StaleDraftError: a clause got a new version since its draft was started.
    :raises WorkflowError: a draft of another game, a backdated draft, or a
        text identical to the one it replaces.
    """
    # Back-dated first: a draft whose date was moved before its base is
    # also "stale" (another text is in force on the new date), and the
    # back-dating is what the editor has to fix.
    backdated = backdated_drafts(correction)
    if backdated:
        raise WorkflowError(backdated_message(backdated))
    stale = stale_drafts(correction)
    if stale:
        raise StaleDraftError(_(
            "A newer version of %(clauses)s was published after this correction's text was "
            "proposed. Open each draft, compare it with the current text and save it again "
            "before publishing.") % {"clauses": ", ".join(str(d.clause) for d in stale)})
    foreign = foreign_drafts(correction)
    if foreign:
        raise WorkflowError(_(
            "The proposed texts of %(clauses)s belong to another game than this correction. "
            "Delete those drafts or set the correction's game back.") % {
                "clauses": ", ".join(f"{d.clause.document.game} {d.clause}" for d in foreign)})
    bases = {draft.pk: base_version(draft) for draft in drafts}
    repeated = [draft for draft in drafts if unchanged(draft, bases[draft.pk])]
    if repeated:
        raise WorkflowError(_(
            "The proposed text of %(clauses)s is the same as the current one. Change it or "
            "delete that draft, then publish.") % {
                "clauses": ", ".join(str(d.clause) for d in repeated)})
    return bases


def _publish_draft(draft: ClauseVersion, base: ClauseVersion | None,
                   correction: Correction, user) -> None:
    """Turn ``draft`` into its clause's next version under the just-published
    ``correction`` (its stamp, publisher and effective date); a translation
    edited in the draft is recorded as made from the new original text."""
    new_digest = text_digest(draft.original_text())
    for code in LANGUAGE_CODES:
        text = getattr(draft, f"text_{code}") or ""
        if code == draft.original_language or not text:
            continue
        base_text = (getattr(base, f"text_{code}") or "") if base else ""
        # a translator wrote this text for the new original (not: the editor's form sent
        # the earlier translation back, with a browser's line ends)
        if not editing.same_text(text, base_text):
            setattr(draft, f"translated_from_{code}", new_digest)
    # The next number of the clause (numbers count publications; the date
    # orders them in force): an urgent correction based on version 1 while
    # an announced version 2 waits is version 3.
    draft.number = (latest_number(draft.clause) or 0) + 1
    draft.effective_date = correction.effective_date
    draft.published_at = correction.published_at
    draft.published_by = user
    draft.save()
    _log(user, draft, CHANGE, f"Published as version {draft.number}, in force from "
                              f"{correction.effective_date:%Y-%m-%d}.")


def next_correction_number(game_id: int) -> int:
    """The next public number of a correction of the game (highest so far + 1)."""
    return (Correction.objects.filter(game_id=game_id).aggregate(n=Max("number"))["n"] or 0) + 1


def _apply_translation(version: ClauseVersion, language: str, text: str, title: str,
                       confirm: bool) -> str | None:
    """Set one translation on ``version`` (unsaved); the log message, or None if nothing to do."""
    if language not in LANGUAGE_CODES or language == version.original_language:
        raise WorkflowError(_("Only translations into other languages can be updated."))
    # a text sent back as it is stored (a browser's line ends aside) is not a change
    changed = not (editing.same_text(text, getattr(version, f"text_{language}"))
                   and editing.same_text(title, getattr(version, f"title_{language}")))
    if not changed and not confirm:
        return None
    if changed:
        setattr(version, f"text_{language}", editing.line_ends(text))
        setattr(version, f"title_{language}", title)
    setattr(version, f"translated_from_{language}", version.digest if text else "")
    return (f"Translation ({language}) updated." if changed
            else f"Translation ({language}) confirmed as up to date.")


class TranslationConflict(StaleDraftError):
    """Someone saved translations of a published version since the form was opened.

    ``languages`` are the codes whose stored translation changed while the
    editor changed it too; nothing has been saved.
    """

    def __init__(self, languages: list[str]):
        names = dict(settings.LANGUAGES)
        super().__init__(_(
            "Someone else saved the %(languages)s translation of this version while you were "
            "editing it. Your text was not saved and is still in the form below: copy it, "
            "reload the page and apply your changes to the current translation.") % {
                "languages": ", ".join(str(names[code]) for code in languages)})
        self.languages = languages


def translation_stamp(version: ClauseVersion, language: str) -> str:
    """The stamp of one translation as the translations page shows it (title, text)."""
    return editing.stamp([getattr(version, f"title_{language}"),
                          getattr(version, f"text_{language}")])


def _changed_translations(stored: ClauseVersion, translations: dict,
                          opened: dict[str, tuple[str, str]]) -> dict:
    """The translations the editor changed or confirmed since the form was opened.

    ``opened`` maps a language to the :func:`translation_stamp` and the
    ``translated_from_<language>`` digest the form was opened with; a
    language the editor left as it was is not written again, so what
    someone else saved in it meanwhile stays.

    :raises TranslationConflict: if a language the editor changed was also
        saved by someone else since the form was opened.
    """
    changed, conflicts = {}, []
    for language, (text, title, confirm) in translations.items():
        seen_stamp, seen_from = opened.get(language, (None, None))
        if not confirm and editing.stamp([title, text]) == seen_stamp:
            continue  # left as it was opened
        if not confirm and editing.stamp([title, text]) == translation_stamp(stored, language):
            continue  # already stored as typed
        if (translation_stamp(stored, language) != seen_stamp
                or (getattr(stored, f"translated_from_{language}", "") or "") != (seen_from or "")):
            conflicts.append(language)
        changed[language] = (text, title, confirm)
    if conflicts:
        raise TranslationConflict(conflicts)
    return changed


@transaction.atomic
def save_translations(version: ClauseVersion, translations: dict[str, tuple[str, str, bool]],
                      user, *, expected_revision: int | None = None,
                      opened: dict[str, tuple[str, str]] | None = None) -> ClauseVersion:
    """Set or confirm translations: ``{language: (text, title, confirm)}``.

    A changed text, or ``confirm`` for an unchanged one, records the
    translation as made from the version's current original text.  On a
    published version only the translations change (the guards allow
    that); with ``opened`` (what the form showed, see
    :func:`_changed_translations`) only the languages the editor changed
    are written, under the version's row lock.  A draft is saved like
    :func:`save_draft`, under its revision check, so an editor's open
    draft form is not silently overwritten and vice versa.  Returns
    ``version`` (a published one reloaded under the lock).

    :raises WorkflowError: for the original language (its text never
        changes once published) or an unknown language.
    :raises StaleDraftError: for a draft saved since ``expected_revision``
        (or without one), or published in the meantime.
    :raises TranslationConflict: for a published version whose changed
        translation someone else saved since the form was opened.
    """
    draft = not version.is_published
    if draft:
        if expected_revision is None:
            raise StaleDraftError(_("Reload the page: this draft's revision is not known."))
        lock_draft(version)
        check_draft_revision(version, expected_revision)
    else:
        editing.lock_rows(clauses=[version.clause_id], versions=[version.pk])
        version.refresh_from_db()  # the stored translations, under the lock
        if opened is not None:
            translations = _changed_translations(version, translations, opened)
    log = [message for language, (text, title, confirm) in translations.items()
           if (message := _apply_translation(version, language, text, title, confirm))]
    if not log:
        return version
    if draft:
        version.revision = expected_revision + 1
    version.save()
    for message in log:
        _log(user, version, CHANGE, message)
    return version


def update_translation(version: ClauseVersion, language: str, *, text: str, title: str,
                       user, confirm: bool = False,
                       expected_revision: int | None = None) -> ClauseVersion:
    """Set or confirm the ``language`` translation of a version (see :func:`save_translations`).

    :raises WorkflowError: for the original language or an unknown language.
    :raises StaleDraftError: for a draft, as :func:`save_translations`.
    """
    return save_translations(version, {language: (text, title, confirm)}, user,
                             expected_revision=expected_revision)


def publication_log(versions) -> dict[int, LogEntry]:
    """Map version id → the admin-log entry of its publication (one query)."""
    content_type = ContentType.objects.get_for_model(ClauseVersion)
    ids = [str(v.pk) for v in versions]
    entries = (LogEntry.objects.filter(content_type=content_type, object_id__in=ids,
                                       action_flag=CHANGE,
                                       change_message__startswith="Published as version")
               .select_related("user").order_by("action_time"))
    return {int(entry.object_id): entry for entry in entries}
