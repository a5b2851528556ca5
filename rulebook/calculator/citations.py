"""Engine citations bound to the rulebook: clause, version in force, drift.

An engine :class:`~engine.core.Citation` names a document (game slug and
document slug), a clause key and the number of the clause version whose text
the engine logic was written against.  :func:`resolve_citations` looks each
one up in the database and pairs it with the clause version in force on the
date a ruling is asked for ("as of").

*Drift* is any difference between what the logic was written against and
what is in force that day:

- ``Drift.NEWER`` — a later version (a correction) is in force;
- ``Drift.OLDER`` — an earlier version is in force (the date is before the
  cited version took effect);
- ``Drift.REPEALED`` — the version in force repeals the clause (it has no text);
- ``Drift.NOT_IN_FORCE`` — no version of the clause is in force that day;
- ``Drift.TEXT_UNKNOWN`` — no version known to the sources is in force that day, but the
  clause's first known text was imported from a source (dated by a correction or an "edited
  on" note, "Bearbeitet am"): an earlier text may have existed and is not in the sources (the
  reading pages say "not available in the sources", not "did not exist"; a clause that an
  editor's correction added did not exist before it);
- ``Drift.MISSING`` — the clause key does not exist in the rulebook.

The calculator shows a visible warning on every step whose citations drift
instead of presenting the ruling as if the text were unchanged.  A citation
whose clause had no text on that date (``NOT_IN_FORCE``, ``REPEALED``; or no known text:
``TEXT_UNKNOWN``;
:attr:`ResolvedCitation.has_text` is false) is more than a warning: the
ruling applies a text that did not apply then, so the calculator reports
it as incomplete (see :attr:`rulebook.calculator.services.RulingView.complete`).
A ``MISSING`` key says nothing about the date (the rulebook lacks the
clause, e.g. it is not imported yet) and stays a warning.
"""

from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass
from typing import Iterable

from django.db.models import Q
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from engine.core import Citation
from rulebook.models import Clause, ClauseVersion, Ruling, RulingClause
from rulebook.models.rules import page_address


class Drift(enum.Enum):
    """How the version in force differs from the cited version (``NONE``: it does not)."""

    NONE = "none"
    NEWER = "newer"
    OLDER = "older"
    REPEALED = "repealed"
    NOT_IN_FORCE = "not_in_force"
    TEXT_UNKNOWN = "text_unknown"
    MISSING = "missing"


@dataclass(frozen=True)
class RulingLink:
    """An official ruling that interprets a cited clause and is current on the
    ruling's date: its game's slug, public number and source date.  Its
    :attr:`label` and :attr:`url` are in the reader's language."""

    game: str
    number: int
    source_date: datetime.date

    @property
    def label(self) -> str:
        """"official ruling 3 of 12.01.2026" in the active language."""
        return _("official ruling %(number)s of %(date)s") % {
            "number": self.number, "date": date_format(self.source_date, "SHORT_DATE_FORMAT")}

    @property
    def url(self) -> str:
        """The ruling's page (``/<lang>/<game>/rulings/<number>/``)."""
        return page_address("rulebook:ruling", self.game, self.number)


@dataclass(frozen=True)
class ResolvedCitation:
    """A citation with its clause and the clause version in force on ``on``.

    ``clause`` is ``None`` when the key is not in the rulebook (``Drift.MISSING``);
    ``version`` is ``None`` when no version is in force on ``on``; then
    ``prior_unavailable`` tells that the clause's first known version was imported from a
    source (an earlier text may have existed and is not in the sources).  ``rulings``
    are the official rulings on the clause current on ``on``, newest first.
    """

    citation: Citation
    clause: Clause | None
    version: ClauseVersion | None
    on: datetime.date
    rulings: tuple[RulingLink, ...] = ()
    same_text: bool = False
    prior_unavailable: bool = False

    @property
    def drift(self) -> Drift:
        """Whether and how the version in force differs from the cited one;
        none when only the clause's place or printed label changed
        (``same_text``: the cited version's original text is the text in force)."""
        if self.clause is None:
            return Drift.MISSING
        if self.version is None:
            return Drift.TEXT_UNKNOWN if self.prior_unavailable else Drift.NOT_IN_FORCE
        if getattr(self.version, "is_repeal", False):
            return Drift.REPEALED
        if self.same_text:
            return Drift.NONE
        if self.version.number > self.citation.version:
            return Drift.NEWER
        if self.version.number < self.citation.version:
            return Drift.OLDER
        return Drift.NONE

    @property
    def has_text(self) -> bool:
        """Whether the clause had a text in force on ``on`` (it existed, was not repealed).

        False for ``NOT_IN_FORCE`` (the clause did not exist yet), ``TEXT_UNKNOWN`` (its
        text then is not in the sources) and ``REPEALED``: a step citing it applies a
        text that did not apply (or is not known to have applied).
        ``MISSING`` (the key is not in the rulebook) is only a warning.
        """
        return self.drift not in (Drift.NOT_IN_FORCE, Drift.TEXT_UNKNOWN, Drift.REPEALED)

    @property
    def key(self) -> str:
        """The cited clause key."""
        return self.citation.key

    @property
    def display_key(self) -> str:
        """The key as the rulebook prints it, naming its section in the reader's language
        (``Ziel ¶3.2``, on /ru/ ``Цель ¶3.2``: :meth:`Clause.label_in`), else the key."""
        return self.clause.label_in().text if self.clause is not None else self.citation.key

    def url(self) -> str:
        """The clause's permalink, dated when the ruling is asked for another day.

        Empty when the clause does not exist.
        """
        if self.clause is None:
            return ""
        return self.clause.get_absolute_url()

    def dated_url(self, dated: bool) -> str:
        """The permalink with ``?as_of=`` when ``dated`` (the reader chose a date)."""
        url = self.url()
        return f"{url}?as_of={self.on.isoformat()}" if url and dated else url

    def warning(self) -> str:
        """The translated drift warning for a reader; empty when there is no drift."""
        drift = self.drift
        if drift is Drift.NONE:  # most citations: no date to format
            return ""
        cited = self.citation.version
        day = date_format(self.on, "SHORT_DATE_FORMAT")
        if drift is Drift.MISSING:
            return _("The cited clause %(key)s is not in the rulebook; this step cannot be "
                     "checked against a text.") % {"key": self.citation.key}
        if drift is Drift.NOT_IN_FORCE:
            return _("%(key)s did not exist yet on %(date)s: no version of that clause was in "
                     "force then. This step rests on version %(cited)s, a text that did not "
                     "apply on that date.") % {
                "cited": cited, "key": self.display_key, "date": day}
        if drift is Drift.TEXT_UNKNOWN:
            return _("The text of %(key)s in force on %(date)s is not available in the "
                     "sources (they give its text only from a later date). This step rests "
                     "on version %(cited)s, a later text.") % {
                "cited": cited, "key": self.display_key, "date": day}
        effective = self.version.effective_date
        since = (date_format(effective, "SHORT_DATE_FORMAT") if effective
                 else _("an unknown date"))
        if drift is Drift.REPEALED:
            return _("This step rests on version %(cited)s of %(key)s, but that clause was "
                     "repealed from %(since)s; on %(date)s it has no text.") % {
                "cited": cited, "key": self.display_key, "since": since, "date": day}
        if drift is Drift.NEWER:
            return _("This step rests on version %(cited)s of %(key)s; on %(date)s version "
                     "%(current)s (in force from %(since)s) applies. Check the ruling against "
                     "the corrected text.") % {
                "cited": cited, "key": self.display_key, "date": day,
                "current": self.version.number, "since": since}
        return _("This step rests on version %(cited)s of %(key)s, which was not yet in force "
                 "on %(date)s; version %(current)s applied then.") % {
            "cited": cited, "key": self.display_key, "date": day,
            "current": self.version.number}


def resolve_citations(citations: Iterable[Citation],
                      on: datetime.date) -> dict[Citation, ResolvedCitation]:
    """Resolve ``citations`` to their clauses and versions in force on ``on``.

    Three queries whatever the number of citations (clauses, versions, the
    official rulings on them current on ``on``); one more when a cited key
    was renumbered (found by the key its versions carried), one more when a
    cited version is not the one in force (compared by text: a clause only
    moved or renumbered has not drifted).  Returns a dict keyed by
    citation (each citation once); unknown keys resolve with ``clause=None``.
    """
    citations = list(dict.fromkeys(citations))
    if not citations:
        return {}
    query = _keys_query(citations)
    clauses = {
        (clause.document.game.slug, clause.document.slug, clause.key): clause
        for clause in Clause.objects.filter(query).select_related("document__game", "section")
    }
    clauses.update(_renumbered(citations, clauses))
    current = ClauseVersion.objects.current_for(list(clauses.values()), on)
    rulings = current_rulings([clause.pk for clause in clauses.values()], on)
    found = {}
    for citation in citations:
        clause = clauses.get((citation.document.game, citation.document.document, citation.key))
        version = current.get(clause.pk) if clause is not None else None
        if version is not None:
            version.clause = clause
        found[citation] = (clause, version)
    same = _same_texts(found)
    unknown = _prior_unavailable([clause.pk for clause, version in found.values()
                                  if clause is not None and version is None])
    return {citation: ResolvedCitation(citation, clause, version, on,
                                       rulings.get(clause.pk, ()) if clause else (),
                                       same_text=citation in same,
                                       prior_unavailable=clause is not None
                                       and clause.pk in unknown)
            for citation, (clause, version) in found.items()}


def _prior_unavailable(clause_ids: list[int]) -> set[int]:
    """The clauses among ``clause_ids`` whose first published version was imported (no
    publisher), as the reading pages tell them (``ClauseReading.not_yet_added`` is false
    for them): an earlier text may have existed, it is not in the sources.  Judge round 20:
    a section "Bearbeitet am 07.11.2022" read on 1 October 2022 had a text, not none.  One
    query, none without clauses."""
    if not clause_ids:
        return set()
    first: dict[int, ClauseVersion] = {}
    for version in (ClauseVersion.objects.published().filter(clause_id__in=clause_ids)
                    .order_by("clause_id", "number")
                    .only("clause_id", "number", "published_by_id")):
        first.setdefault(version.clause_id, version)
    return {clause_id for clause_id, version in first.items() if version.published_by_id is None}


def _keys_query(citations: list[Citation], via: str = "") -> Q:
    """A filter for the rows (clauses, or with ``via="clause__"`` versions,
    whose ``key`` is their own) that carry the keys of ``citations`` in their documents."""
    query = Q()
    for citation in citations:
        query |= Q(**{f"{via}document__game__slug": citation.document.game,
                      f"{via}document__slug": citation.document.document},
                   key=citation.key)
    return query


def _renumbered(citations: list[Citation], found: dict) -> dict:
    """The clauses of ``citations`` not ``found`` by their key that a
    correction renumbered: a key one of their published versions carried
    (the engine cites the key its logic was written against).  One query,
    none when every key was found."""
    missing = [c for c in citations
               if (c.document.game, c.document.document, c.key) not in found]
    if not missing:
        return {}
    query = _keys_query(missing, "clause__")
    clauses = {}
    for version in (ClauseVersion.objects.published().filter(query)
                    .select_related("clause__document__game", "clause__section")):
        clause = version.clause
        clauses[(clause.document.game.slug, clause.document.slug, version.key)] = clause
    return clauses


def _same_texts(found: dict) -> set[Citation]:
    """The citations whose version in force is another number than the cited
    one but has the same original text (a correction only moved or
    renumbered the clause); one query, none when no number differs."""
    differing = {citation: (clause, version) for citation, (clause, version) in found.items()
                 if version is not None and version.number != citation.version}
    if not differing:
        return set()
    query = Q()
    for citation, (clause, _version) in differing.items():
        query |= Q(clause_id=clause.pk, number=citation.version)
    digests = {(clause_id, number): digest for clause_id, number, digest in
               ClauseVersion.objects.published().filter(query)
               .values_list("clause_id", "number", "digest")}
    return {citation for citation, (clause, version) in differing.items()
            if digests.get((clause.pk, citation.version)) == version.digest}


def current_rulings(clause_ids: list[int], on: datetime.date) -> dict[int, tuple[RulingLink, ...]]:
    """The official rulings interpreting each clause that are current on ``on``
    (given by then, not yet superseded or withdrawn then), newest first, keyed
    by clause id; one query (none without clauses)."""
    if not clause_ids:
        return {}
    links: dict[int, list[RulingLink]] = {}
    rows = (RulingClause.objects.filter(clause_id__in=clause_ids,
                                        ruling__in=Ruling.objects.given_by(on))
            .select_related("ruling__game")
            .order_by("-ruling__source_date", "-ruling__number"))
    for row in rows:
        ruling = row.ruling
        if ruling.status_on(on) == Ruling.CURRENT:
            links.setdefault(row.clause_id, []).append(
                RulingLink(ruling.game.slug, ruling.number, ruling.source_date))
    return {clause_id: tuple(found) for clause_id, found in links.items()}
