"""What a correction puts up for review: everything resting on the clauses it changes.

Before a correction is published, its publish summary lists, for each clause
it changes, what rests on it (:func:`resting_on`): the current official
rulings interpreting the clause, the clause's translations (flagged stale by
the new original anyway), the glossary entries it defines, and what other
rooms register (:data:`PROVIDERS`: the calculator adds its rules, open points
and worked examples citing the clause, from the engine's inventory — this
room does not import the engine).

When the correction is published, :func:`put_up_for_review` turns the same
list into :class:`rulebook.models.ReviewItem` rows, one per thing and
clause.  Each stays open until an editor acts on it: :func:`confirm` (still
valid, with a note) or :func:`supersede` (replaced: a new ruling, a new
translation…, with a note).  Nothing else clears an item.  An open item on
a ruling is the public mark "clause changed since this ruling — review"
(:func:`open_for_ruling`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from rulebook.models import Clause, ClauseVersion, Correction, GlossaryTerm, ReviewItem, Ruling

#: Who may act on an item: editors and publishers (rulebook.versioning.roles).
REVIEW_PERMISSION = "rulebook.change_reviewitem"


class ReviewError(ValueError):
    """An action on an item that does not fit it (already cleared, no note, wrong ruling)."""


@dataclass(frozen=True)
class Resting:
    """One thing resting on a clause: its kind (a :class:`ReviewItem` kind), what it is
    (``label``, in the reader's language) and where an editor finds it (``url``, may be
    empty); ``ruling``, ``glossary_term``, ``language`` and ``subject`` identify it."""

    kind: str
    label: str
    url: str = ""
    ruling: Ruling | None = None
    glossary_term: GlossaryTerm | None = None
    language: str = ""
    subject: str = ""


#: Functions ``(clause) -> list[Resting]`` of other rooms (the calculator's rules and
#: worked examples), registered at start-up (``RulebookConfig.ready``).
PROVIDERS: list[Callable[[Clause], list[Resting]]] = []


def resting_on(clause: Clause) -> list[Resting]:
    """Everything resting on ``clause``: current rulings, translations of its latest
    published version, glossary entries it defines, then the providers' items."""
    found = []
    rulings = (Ruling.objects.published().filter(status=Ruling.CURRENT,
                                                 interpretations__clause=clause)
               .select_related("game").order_by("source_date", "number").distinct())
    for ruling in rulings:
        found.append(Resting(ReviewItem.RULING, str(ruling),
                             reverse("admin:rulebook_ruling_change", args=[ruling.pk]),
                             ruling=ruling))
    latest = (ClauseVersion.objects.filter(clause=clause, published_at__isnull=False)
              .order_by("-number").first())
    if latest is not None:
        names = dict(settings.LANGUAGES)
        for code in names:
            if code != latest.original_language and getattr(latest, f"text_{code}", ""):
                found.append(Resting(
                    ReviewItem.TRANSLATION,
                    _("translation into %(language)s") % {"language": names[code]},
                    reverse("admin:rulebook_clauseversion_translate", args=[latest.pk]),
                    language=code))
    for term in GlossaryTerm.objects.filter(clause=clause).order_by("position", "slug"):
        found.append(Resting(ReviewItem.GLOSSARY, str(term),
                             reverse("admin:rulebook_glossaryterm_change", args=[term.pk]),
                             glossary_term=term, subject=term.slug))
    for provider in PROVIDERS:
        found.extend(provider(clause))
    return found


def changed_clauses(correction: Correction) -> list[Clause]:
    """The clauses whose text ``correction`` changes (proposes or published a
    version of with another original text, a repeal, a new clause), in reading
    order.  A clause the correction only moves or renumbers keeps its text:
    nothing resting on it needs a review."""
    versions = list(ClauseVersion.objects.filter(correction=correction)
                    .values_list("clause_id", "based_on_number", "digest", "is_repeal"))
    bases = {(clause_id, number): digest for clause_id, number, digest in
             ClauseVersion.objects.filter(
                 clause_id__in=[v[0] for v in versions], published_at__isnull=False)
             .values_list("clause_id", "number", "digest")}
    changed = {clause_id for clause_id, based_on, digest, repeal in versions
               if repeal or based_on is None or bases.get((clause_id, based_on)) != digest}
    return list(Clause.objects.filter(pk__in=changed)
                .select_related("document__game", "section")
                .order_by("document__position", "position"))


def summary(correction: Correction) -> list[tuple[Clause, list[Resting]]]:
    """For the publish summary: each clause the correction changes with what rests on it."""
    return [(clause, resting_on(clause)) for clause in changed_clauses(correction)]


def put_up_for_review(correction: Correction) -> list[ReviewItem]:
    """Record an open :class:`ReviewItem` for everything resting on each clause the
    (just published) ``correction`` changed; returns them."""
    items = [ReviewItem(correction=correction, clause=clause, kind=thing.kind,
                        ruling=thing.ruling, glossary_term=thing.glossary_term,
                        language=thing.language, subject=thing.subject or thing.label[:200])
             for clause, things in summary(correction) for thing in things]
    return ReviewItem.objects.bulk_create(items)


def waiting() -> Iterable[ReviewItem]:
    """Every open item, oldest correction first."""
    return (ReviewItem.objects.filter(state=ReviewItem.OPEN)
            .select_related("correction__game", "clause__document", "ruling__game",
                            "glossary_term")
            .order_by("correction__published_at", "correction_id", "clause__position", "id"))


def open_for_ruling(ruling: Ruling) -> list[ReviewItem]:
    """The open items on ``ruling``: a clause it interprets changed since (the public mark)."""
    return list(ruling.review_items.filter(state=ReviewItem.OPEN)
                .select_related("correction__game", "clause__document"))


def _act(item: ReviewItem, user, state: str, note: str, by: Ruling | None = None) -> ReviewItem:
    if not user.has_perm(REVIEW_PERMISSION):
        raise PermissionDenied(_("Only editors may review what a correction changed."))
    if not (note or "").strip():
        raise ReviewError(_("Write a note saying what you checked or what replaces it."))
    with transaction.atomic():
        stored = ReviewItem.objects.select_for_update().get(pk=item.pk)
        if not stored.is_open:
            raise ReviewError(_("Someone has reviewed this item already."))
        if by is not None and (by.pk == stored.ruling_id or not by.is_published
                               or by.game_id != stored.correction.game_id):
            raise ReviewError(_("Choose another published ruling of the same game."))
        stored.state, stored.note = state, note.strip()
        stored.superseded_by_ruling = by
        stored.acted_at, stored.acted_by = timezone.now(), user
        stored.save()
    return stored


def confirm(item: ReviewItem, user, note: str) -> ReviewItem:
    """Clear ``item``: still valid after the correction, as ``note`` explains.

    :raises PermissionDenied: if ``user`` may not edit corrections.
    :raises ReviewError: without a note, or if the item was cleared already.
    """
    return _act(item, user, ReviewItem.CONFIRMED, note)


def supersede(item: ReviewItem, user, note: str, by: Ruling | None = None) -> ReviewItem:
    """Clear ``item``: replaced (by the published ruling ``by``, a new translation…), as
    ``note`` says.

    :raises PermissionDenied: if ``user`` may not edit corrections.
    :raises ReviewError: without a note, if the item was cleared already, or ``by`` is
        not another published ruling of the correction's game.
    """
    return _act(item, user, ReviewItem.SUPERSEDED, note, by)
