"""Reference services: validate a text, store its references, list backlinks.

- :func:`validation_errors` — what is wrong with the ``[[…]]`` references of
  a text (the admin reports these as field errors).
- :func:`store_references` — rebuild the :class:`ClauseReference` rows of a
  version (called when a version is saved).
- :func:`cited_by` — the backlinks of a clause on a date: clauses whose
  text in force cites it or its section.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from rulebook.caching.prepared import PreparedQuery
from rulebook.models.references import ClauseReference
from rulebook.references.resolver import Resolution, Resolver
from rulebook.references.syntax import unclosed_brackets
from rulebook.references.rendering import render_markdown

LANGUAGES = [code for code, _name in settings.LANGUAGES]


def resolutions(text: str, document, clause=None) -> list[Resolution]:
    """Return every reference of ``text`` (Markdown of a clause of
    ``document``) with what it resolves to, in order."""
    env: dict = {}
    render_markdown(text or "", Resolver(document, clause), env)
    return env.get("references", [])


def validation_errors(text: str, document, clause=None) -> list[str]:
    """Return messages for broken references in ``text``; empty if all is well.

    Broken: an unclosed ``[[``, an explicit reference to a clause, section,
    document or entry the site does not have (unless marked ``[[?…]]``).
    """
    errors = []
    if unclosed_brackets(text or ""):
        errors.append(_("A reference opened with “[[” is not closed with “]]”."))
    errors.extend(r.error for r in resolutions(text, document, clause) if r.error)
    return errors


def _reference_rows(version) -> list[ClauseReference]:
    """Unsaved reference rows of ``version`` (its clause and document loaded)."""
    clause = version.clause
    document = clause.document
    rows = []
    for language in LANGUAGES:
        text = getattr(version, f"text_{language}", "") or ""
        if "[[" not in text and not text.strip():
            continue
        for resolution in resolutions(text, document, clause):
            rows.append(ClauseReference(
                version=version, clause=clause, language=language,
                kind=resolution.kind.value, target=resolution.mention.target[:300] or
                resolution.mention.document, explicit=resolution.mention.explicit,
                target_clause_id=resolution.clause_id, target_section_id=resolution.section_id,
                target_document_id=resolution.document_id))
    return rows


@transaction.atomic
def store_references(version) -> int:
    """Rebuild the stored references of ``version`` from its texts in every
    language; return how many were stored."""
    ClauseReference.objects.filter(version=version).delete()
    rows = _reference_rows(version)
    ClauseReference.objects.bulk_create(rows)
    return len(rows)


@transaction.atomic
def store_references_of(versions) -> int:
    """:func:`store_references` for many saved versions, in a few queries
    whatever their number; return how many references were stored."""
    versions = list(versions)
    ClauseReference.objects.filter(version__in=[v.pk for v in versions]).delete()
    rows = [row for version in versions for row in _reference_rows(version)]
    ClauseReference.objects.bulk_create(rows, batch_size=500)
    return len(rows)


def resolve_pending(game_id: int) -> int:
    """Store again the references of versions of ``game_id`` that have a stub
    (a new section or clause may now resolve it); return how many versions."""
    from rulebook.models import ClauseVersion

    versions = ClauseVersion.objects.filter(
        references__clause__document__game_id=game_id, references__target_clause=None,
        references__target_section=None, references__target_document=None,
    ).distinct().select_related("clause__document")
    count = 0
    for version in versions:
        store_references(version)
        count += 1
    return count


@dataclass(frozen=True)
class Backlink:
    """Something that cites a clause: a clause (``clause`` set, ``via_section``
    when it cites the clause's section) or an engine scenario (``scenario``
    title, ``url`` of the calculator page when the site has one)."""

    clause: object | None = None
    via_section: bool = False
    scenario: str = ""
    game: str = ""
    url: str = ""


def _citing(clause: int, section: int, on: datetime.date):
    """The stored references to clause ``clause`` or section ``section``
    (ids) from other clauses' versions in force on ``on``, with the citing
    clauses, their sections, documents and games (see :func:`cited_by`)."""
    from django.db.models import Exists, OuterRef, Q

    from rulebook.models import ClauseVersion

    in_effect = Q(effective_date__isnull=True) | Q(effective_date__lte=on)
    superseded = Exists(ClauseVersion.objects.published().filter(
        in_effect, clause=OuterRef("version__clause"), number__gt=OuterRef("version__number")))
    return (
        ClauseReference.objects
        .filter(Q(target_clause_id=clause) | Q(target_section_id=section))
        .exclude(clause_id=clause)
        .filter(Q(version__effective_date__isnull=True) | Q(version__effective_date__lte=on),
                version__published_at__isnull=False)
        .exclude(superseded)
        .select_related("clause__document__game", "clause__section")
        .order_by("clause__document__position", "clause__position"))


# Compiled once per process (see rulebook.caching.prepared).
_CITING = PreparedQuery(_citing, clause=int, section=int, on=datetime.date)


def cited_by(clause, on: datetime.date | None = None) -> list[Backlink]:
    """Return the backlinks of ``clause`` on ``on`` (default today): clauses
    whose version in force cites it, then those citing its section.

    One query whatever the rulebook's size: the stored references to the
    clause or its section whose version is the one in force on ``on``
    (published, in effect by then, and no later published version in
    effect by then), with the citing clauses, their documents and games.
    The calculator's scenarios citing it are listed by
    :func:`rulebook.calculator.backlinks.scenario_backlinks`.
    """
    from django.utils import timezone

    on = on or timezone.localdate()
    references = _CITING(clause=clause.pk, section=clause.section_id, on=on)
    direct: dict[int, Backlink] = {}
    via: dict[int, Backlink] = {}
    for reference in references:
        citing = reference.clause
        if reference.target_clause_id == clause.pk:
            direct.setdefault(citing.pk, Backlink(clause=citing))
        else:
            via.setdefault(citing.pk, Backlink(clause=citing, via_section=True))
    return list(direct.values()) + [link for pk, link in via.items() if pk not in direct]
