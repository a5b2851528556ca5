"""What a reader sees of a document on a date: sections, clauses, texts.

The functions here fetch a document's structure and the clause versions in
force on a date with a fixed number of queries, whatever the document's
size, and pair each clause with its version and localised text.  A page or
API answer starts with :func:`find_stamped_document`: the document, its game
and its publication stamp in one query.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from itertools import groupby

from django.db.models import Exists, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.conf import settings
from django.utils import timezone

from rulebook.caching.conditional import with_publication_stamp
from rulebook.caching.prepared import PreparedQuery
from rulebook.models import IN_FORCE_ORDER, Clause, ClauseVersion, Document, Localized, Section
from rulebook.models.structure import current_slug, section_for_slug, sections_on


def _stamped_document(game: str, document: str, now: datetime.datetime, on: datetime.date):
    """The document ``document`` of the game ``game`` (slugs) with its game,
    its publication stamp on ``now`` and whether readers see it on ``on``
    (``shown``: :meth:`~rulebook.models.DocumentQuerySet.shown`)."""
    return with_publication_stamp(
        Document.objects.select_related("game").filter(game__slug=game, slug=document), now
    ).annotate(shown=Exists(Clause.objects.shown(on).filter(document=OuterRef("pk"))))


# Compiled once per process (see rulebook.caching.prepared): on a 304 or an
# answer kept in the cache this is the request's only query, and building
# the annotated query's SQL would cost several times what running it does.
_STAMPED_DOCUMENT = PreparedQuery(_stamped_document, game=str, document=str,
                                  now=datetime.datetime, on=datetime.date)


def find_stamped_document(game: str, document: str, now: datetime.datetime | None = None,
                          on: datetime.date | None = None) -> Document | None:
    """The document ``document`` of the game ``game`` (slugs) with its game and
    its publication stamp on ``now`` (default: now) — the figures
    :func:`~rulebook.caching.conditional.with_publication_stamp` annotates,
    which :meth:`~rulebook.caching.conditional.PageStamp.for_document` turns
    into ETag and cache keys — in one query; ``None`` when there is no such
    document, or when it has no clause shown on the reading date ``on``
    (default: today's date): a document added in the admin, or one whose
    texts take effect later, is no page then
    (:meth:`~rulebook.models.DocumentQuerySet.shown`).

    The rule pages and the read API both find their document here, so a
    page and the API's answer change their stamps at the same publication.
    """
    if "\x00" in game or "\x00" in document:  # no slug has one (PostgreSQL refuses it)
        return None
    now = now or timezone.now()
    found = _STAMPED_DOCUMENT(game=game, document=document, now=now,
                              on=on or timezone.localdate(now))
    return found[0] if found and found[0].shown else None


@dataclass(frozen=True)
class ClauseReading:
    """A clause with the version in force on the reading date.

    ``version`` is ``None`` when no version is in force on that date (the
    text of that time is not available); ``text`` and ``title`` are then
    empty.  ``later`` is the first published version taking effect after
    the reading date (a change since then, or an upcoming one), if any.
    """

    clause: Clause
    version: ClauseVersion | None
    text: Localized
    title: Localized
    later: ClauseVersion | None = None

    @property
    def available(self) -> bool:
        """Whether a text is in force on the reading date (not repealed)."""
        return self.version is not None and not self.version.is_repeal

    @property
    def repealed(self) -> bool:
        """The clause was repealed on or before the reading date."""
        return self.version is not None and self.version.is_repeal

    @property
    def not_yet_added(self) -> bool:
        """The clause was added by a later correction (it did not exist yet).

        Imported first versions (no publisher) are different: their earlier
        text may have existed but is not in the sources.
        """
        return (self.version is None and self.later is not None
                and self.later.published_by_id is not None)

    @property
    def see_also(self) -> list:
        """For a "Siehe auch: …" paragraph, the related entries (links, or
        stubs while not published; see :mod:`rulebook.reading.seealso`); else ``[]``."""
        if self.version is None:
            return []
        from rulebook.reading.seealso import related_entries, see_also_pairs

        pairs = see_also_pairs(self.version.original_text(), self.text.text)
        return related_entries(self.clause, pairs) if pairs else []

    @property
    def translation_outdated(self) -> bool:
        """The text shown is a translation made from an earlier original."""
        return (self.version is not None and not self.text.is_fallback
                and self.version.translation_outdated(self.text.language))

    @property
    def translated_version_number(self) -> int | None:
        """The number of the original version the translation shown was made from: the
        version shown, or, for an outdated translation, the earlier version whose text
        it translates (one query, only then)."""
        if self.version is None or not self.translation_outdated:
            return self.version.number if self.version is not None else None
        made_from = getattr(self.version, f"translated_from_{self.text.language}", "")
        earlier = (type(self.version).objects.published()
                   .filter(clause_id=self.version.clause_id, digest=made_from)
                   .order_by("-number").values_list("number", flat=True).first())
        return earlier if earlier is not None else self.version.number


@dataclass(frozen=True)
class SectionReading:
    """A section and the readings of its clauses, in order.

    On a page of a long document (:func:`read_document_page`), a section of
    another page has no clauses here; ``href`` is where the table of
    contents links to (``#section-<slug>`` on this page, else
    ``?page=<n>#section-<slug>``).
    """

    section: Section
    heading: Localized
    clauses: tuple[ClauseReading, ...]
    page: int = 1
    href: str = ""

    @property
    def heading_missing_in_source(self) -> bool:
        """The section has no heading in any language, and it came with an
        imported source page that lacks it (a clause of it has a version
        imported with the source: published without publisher), like
        Berserk's section 106.  A section an editor added without a heading
        is not "missing in the source"."""
        return not self.heading.text and any(
            version.published_by_id is None
            for reading in self.clauses for version in (reading.version, reading.later)
            if version is not None)


_EMPTY = Localized("", "", False)


def read_clauses(clauses, on: datetime.date | None = None) -> list[ClauseReading]:
    """Pair each clause with its version in force on ``on`` (default today).

    Two queries: the clauses (with document) and their published versions,
    which give both the version in force and the next one to take effect.
    """
    clauses = list(clauses)
    on = on or timezone.localdate()
    current, later = ClauseVersion.objects.select_related("correction").current_and_next_for(
        clauses, on)
    return [_reading(clause, current.get(clause.pk), later.get(clause.pk)) for clause in clauses]


def _reading(clause: Clause, version: ClauseVersion | None,
             later: ClauseVersion | None) -> ClauseReading:
    """A clause's reading from its version in force and its next version."""
    if later is not None:
        later.clause = clause
    if version is None:
        return ClauseReading(clause, None, _EMPTY, _EMPTY, later)
    version.clause = clause  # avoid a query per clause for the document's language
    return ClauseReading(clause, version, version.text_in(), version.title_in(), later)


def split_versions(versions, on: datetime.date) -> tuple[ClauseVersion | None,
                                                         ClauseVersion | None]:
    """The version in force on ``on`` and the first one taking effect after it,
    of one clause's published ``versions`` in :data:`~rulebook.models.IN_FORCE_ORDER`
    (by effective date; no query)."""
    current = later = None
    for version in versions:
        if version.effective_date is None or version.effective_date <= on:
            current = version  # the last one wins: the latest date
        elif later is None:
            later = version  # the first one: the earliest date
    return current, later


def is_listed(reading: ClauseReading) -> bool:
    """Whether a document page lists the clause on the reading date.

    Not listed: clauses repealed by then, clauses a later correction adds,
    and clauses with nothing published yet (only drafts).
    """
    if reading.repealed or reading.not_yet_added:
        return False
    return reading.version is not None or reading.later is not None


#: A document page holds whole sections up to this many clauses (a longer
#: document is split into pages; a longer section is a page of its own).
PAGE_CLAUSES = 250


@dataclass(frozen=True)
class DocumentPage:
    """One page of a document: every section (for the table of contents),
    those of this page with their clauses, this page's number (from 1) and
    the number of pages."""

    sections: list[SectionReading]
    page_sections: list[SectionReading]
    number: int
    count: int

    @property
    def paginated(self) -> bool:
        """Whether the document is split into pages."""
        return self.count > 1


def read_document_page(document: Document, on: datetime.date | None = None, page: int = 1,
                       query: str = "") -> DocumentPage:
    """Return page ``page`` of ``document`` (clamped to the pages there are).

    Three queries whatever the document's size: the sections with their
    clause counts, then the published versions of the page's clauses.  Pages
    are runs of whole sections of at most :data:`PAGE_CLAUSES` clauses, so
    each page reads and renders a bounded number of clauses; every clause
    keeps its own address, and the table of contents links every section.
    ``query`` (e.g. ``"&as_of=2024-01-01"``) is added to links to other pages.
    """
    from django.db.models import Count

    on = on or timezone.localdate()
    sections = list(document.sections.annotate(
        clause_count=Count("clauses"),
        shown_count=Count("clauses", filter=Q(clauses__in=Clause.objects.shown(on)))))
    sections = sections_on(shown_sections(
        sections, {item.pk for item in sections if item.shown_count}), on, document)
    page_of: dict[int, int] = {}
    number, size = 1, 0
    for item in sections:
        if size and size + item.clause_count > PAGE_CLAUSES:
            number, size = number + 1, 0
        page_of[item.pk] = number
        size += item.clause_count
    count = number
    page = min(max(page, 1), count)
    chosen = [item for item in sections if page_of[item.pk] == page]
    readings = {r.section.pk: r for r in _read_sections(document, chosen, on, by_document=count == 1)}
    result = []
    for item in sections:
        anchor = f"#section-{item.slug}"
        if page_of[item.pk] == page:
            reading = readings[item.pk]
        else:
            item.document = document
            reading = SectionReading(item, item.heading_in(), ())
            anchor = f"?page={page_of[item.pk]}{query}{anchor}"
        result.append(SectionReading(reading.section, reading.heading, reading.clauses,
                                     page_of[item.pk], anchor))
    return DocumentPage(result, [r for r in result if r.page == page], page, count)


def read_document(document: Document, on: datetime.date | None = None,
                  section: Section | None = None) -> list[SectionReading]:
    """Return the sections of ``document`` (or just ``section``) with their clauses.

    Two queries whatever the document's size: the sections, and the
    published versions joined with their clauses (a clause with nothing
    published is not listed anyway).  Every clause, section and version
    shares ``document`` (and its annotations), so nothing more is read.
    """
    if section is not None:
        return _read_sections(document, [section], on, by_document=False)
    readings = _read_sections(document, sections_on(document.sections.all(), on, document), on,
                              by_document=True)
    shown = shown_sections([r.section for r in readings],
                           {r.section.pk for r in readings if r.clauses})
    kept = {item.pk for item in shown}
    return [reading for reading in readings if reading.section.pk in kept]


def shown_sections(sections: list[Section], with_clauses: set[int]) -> list[Section]:
    """The ``sections`` (in their order) readers see: those in ``with_clauses``
    (the ids of sections with a clause in force) and their parents.  A section
    an editor added, with nothing in force yet, is left out, as are its
    clauses (:meth:`ClauseQuerySet.shown <rulebook.models.rules.ClauseQuerySet.shown>`).
    """
    parent_of = {item.pk: item.parent_id for item in sections}
    kept: set[int] = set()
    for pk in with_clauses:
        while pk is not None and pk not in kept:
            kept.add(pk)
            pk = parent_of.get(pk)
    return [item for item in sections if item.pk in kept]


def _fields(model) -> list[str]:
    return [field.attname for field in model._meta.concrete_fields]


def _versions_in_force(versions, on: datetime.date):
    """``(clause, version in force, next version)`` for each clause of
    ``versions`` (published, ordered by clause, then in
    :data:`~rulebook.models.IN_FORCE_ORDER`), as
    :func:`split_versions` picks them, in one query.

    The rows are read as tuples (the clause and correction columns joined)
    and model instances made only for the versions picked (as the ORM makes
    them from the same columns): a long page has hundreds of earlier
    versions it does not show.
    """
    from rulebook.models import Correction

    version_fields, clause_fields = _fields(ClauseVersion), _fields(Clause)
    correction_fields = _fields(Correction)
    # rewrite(False): the columns as stored (modeltranslation would otherwise
    # resolve each row's language fallbacks through a model instance).
    rows = versions.rewrite(False).values_list(
        *version_fields, *[f"clause__{f}" for f in clause_fields],
        *[f"correction__{f}" for f in correction_fields])
    db = versions.db
    ends = (len(version_fields), len(version_fields) + len(clause_fields))
    clause_at = version_fields.index("clause_id")
    effective_at = version_fields.index("effective_date")
    correction_at = version_fields.index("correction_id")

    def version(row) -> ClauseVersion:
        made = ClauseVersion.from_db(db, version_fields, row[:ends[0]])
        if row[correction_at] is not None:
            made.correction = Correction.from_db(db, correction_fields, row[ends[1]:])
        return made

    for _clause_id, group in groupby(rows, key=lambda row: row[clause_at]):
        current = later = None
        for row in group:
            effective = row[effective_at]
            if effective is None or effective <= on:
                current = row  # the last one wins: the latest date
            elif later is None:
                later = row  # the first one: the earliest date
        first = current or later
        clause = Clause.from_db(db, clause_fields, first[ends[0]:ends[1]])
        yield (clause, version(current) if current is not None else None,
               version(later) if later is not None else None)


def _read_sections(document: Document, sections: list[Section], on: datetime.date | None,
                   by_document: bool) -> list[SectionReading]:
    """The readings of ``sections`` of ``document`` (one query); ``by_document``:
    they are all of the document's sections (filter by document, not by section)."""
    on = on or timezone.localdate()
    by_pk = {item.pk: item for item in sections}
    versions = ClauseVersion.objects.published().order_by("clause__position", "clause_id",
                                                          *IN_FORCE_ORDER)
    # A clause that was ever in one of the sections (a moved one is in its
    # old section before the correction's date, in the new one after it).
    versions = (versions.filter(clause__document=document) if by_document
                else versions.filter(clause__in=ClauseVersion.objects.filter(
                    Q(section__in=sections) | Q(clause__section__in=sections))
                    .values("clause_id")))
    by_section: dict[int, list[ClauseReading]] = {s.pk: [] for s in sections}
    for clause, current, later in _versions_in_force(versions, on):
        as_of(clause, current or later)
        if clause.section_id not in by_pk:
            continue
        clause.document = document
        clause.section = by_pk[clause.section_id]
        reading = _reading(clause, current, later)
        if is_listed(reading):
            by_section[clause.section_id].append(reading)
    result = []
    for item in sections:
        item.document = document
        readings = sorted(by_section[item.pk], key=lambda r: r.clause.position)
        result.append(SectionReading(item, item.heading_in(), tuple(readings)))
    return result


def as_of(clause: Clause, version: ClauseVersion | None) -> Clause:
    """Give ``clause`` (in memory) the printed label, section and place its
    ``version`` carries — the structure on the date that version is read for
    (a renumbered clause shows its old label before the correction's date, a
    moved one its old section).  Its key, the address, stays the current
    one.  Returns ``clause``; a version without structure changes nothing."""
    if version is not None and version.section_id is not None:
        if clause.section_id != version.section_id:
            clause.__dict__.pop("_section_cache", None)
            clause._state.fields_cache.pop("section", None)
            clause.section_id = version.section_id
        clause.label = version.label
        if version.position is not None:
            clause.position = version.position
    return clause


def renumbered_clause(document: Document, key: str) -> Clause | None:
    """The clause of ``document`` whose published version carried ``key``, a
    key it no longer has (a correction renumbered it), or ``None``: its old
    address leads there.  One query."""
    return (Clause.objects.filter(document=document, versions__key=key,
                                  versions__published_at__isnull=False)
            .exclude(key=key).order_by("-versions__number").first())


@dataclass(frozen=True)
class ClauseInContext:
    """A clause with its neighbours in document order (``None`` at either end)
    and its published versions, in the order they take effect
    (:data:`~rulebook.models.IN_FORCE_ORDER`).

    ``clause.document`` and ``clause.section.document`` are the document it
    was looked up in, so localising texts needs no further query.
    """

    clause: Clause
    previous: Clause | None
    next: Clause | None
    versions: tuple[ClauseVersion, ...] = ()

    def reading(self, on: datetime.date) -> ClauseReading:
        """The clause's reading on ``on``, from the versions already read (no query)."""
        return _reading(self.clause, *split_versions(self.versions, on))


_LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)

def _clause_versions(document: int, key: str):
    """The published versions of clause ``key`` of ``document`` (an id), in
    the order they take effect (by effective date), with the clause's section, the corrections with their games and
    the keys, labels and sections of the clauses before and after it (annotations
    ``previous_key``, ``previous_label``, ``previous_section``, ``next_key``,
    ``next_label``, ``next_section``, and ``previous_heading_<language>``,
    ``next_heading_<language>`` of their sections, for their labels)."""
    published = Exists(ClauseVersion.objects.filter(clause=OuterRef("pk"),
                                                    published_at__isnull=False))
    before = (Clause.objects.filter(published, document=OuterRef("clause__document"),
                                    position__lt=OuterRef("clause__position"))
              .order_by("-position"))
    after = (Clause.objects.filter(published, document=OuterRef("clause__document"),
                                   position__gt=OuterRef("clause__position"))
             .order_by("position"))
    return (ClauseVersion.objects.published().filter(clause__document=document, clause__key=key)
            .select_related("clause__section", "correction__game")
            .annotate(previous_key=Subquery(before.values("key")[:1]),
                      previous_label=Subquery(before.values("label")[:1]),
                      previous_section=Subquery(before.values("section_id")[:1]),
                      next_key=Subquery(after.values("key")[:1]),
                      next_label=Subquery(after.values("label")[:1]),
                      next_section=Subquery(after.values("section_id")[:1]),
                      **{f"{side}_heading_{code}": Subquery(
                          query.values(f"section__heading_{code}")[:1])
                         for side, query in (("previous", before), ("next", after))
                         for code in _LANGUAGES})
            .order_by(*IN_FORCE_ORDER))


# Compiled once per process (see rulebook.caching.prepared).
_CLAUSE_VERSIONS = PreparedQuery(_clause_versions, document=int, key=str)
def _shown_sections(document: int, on: datetime.date):
    # A section with a clause in force on ``on`` (its own or a subsection's):
    # one an editor added, with nothing in force yet, is in no table of contents.
    # (As ClauseQuerySet.shown: an imported clause is there before its date.)
    shown = ClauseVersion.objects.published().filter(
        Q(effective_date__isnull=True) | Q(effective_date__lte=on)
        | Q(published_by__isnull=True)).annotate(
        # A version without structure (written in bulk) is in its clause's section.
        shown_in=Coalesce("section_id", "clause__section_id")).values("shown_in")
    return Section.objects.filter(document_id=document).filter(
        Q(pk__in=shown) | Q(children__in=shown) | Q(children__children__in=shown)).distinct()


_SECTIONS = PreparedQuery(_shown_sections, document=int, on=datetime.date)


def document_sections(document: Document, on: datetime.date | None = None) -> list[Section]:
    """The sections of ``document`` with a clause in force on ``on`` (today),
    in order, each knowing its document (one query, its SQL compiled once
    per process)."""
    sections = sections_on(_SECTIONS(document=document.pk, on=on or timezone.localdate()), on,
                           document)
    for section in sections:
        section.document = document
    return sections


@dataclass(frozen=True)
class SectionLookup:
    """Where a section's address leads on a reading date (:func:`find_section`).

    ``sections``: the document's sections shown then (for the table of
    contents); ``section``: the one asked for, when it is among them;
    ``moved_to``: else the slug in force of a section the address named by an
    earlier (or announced) slug, where it redirects; neither: no page.
    """

    sections: list[Section]
    section: Section | None = None
    moved_to: str | None = None


def find_section(document: Document, slug: str, on: datetime.date | None = None
                 ) -> SectionLookup:
    """The section of ``document`` whose page ``slug`` addresses on ``on``
    (today): only a section with a clause in force then (:func:`document_sections`;
    not structure an editor added, nor a section a later correction adds).
    The section page and its side-by-side page both look it up here, so
    they answer alike (200, 301 or 404)."""
    sections = document_sections(document, on)
    found = next((item for item in sections if item.slug == slug), None)
    if found is not None:
        return SectionLookup(sections, found)
    earlier = section_for_slug(document.pk, slug)
    current = current_slug(earlier) if earlier is not None else None
    return SectionLookup(sections, moved_to=current if current not in (None, slug) else None)


def section_answers(section: Section, on: datetime.date | None = None,
                    sections: list[Section] | None = None) -> bool:
    """Whether ``section``'s page answers on ``on`` (today), so a page may
    link it: it is one of its document's sections shown then (``sections``,
    when the caller has read them, else one query)."""
    if sections is None:
        sections = document_sections(section.document, on)
    return any(item.pk == section.pk for item in sections)


def find_clause(document: Document, key: str) -> ClauseInContext | None:
    """Return the clause ``key`` of ``document`` with its neighbours and its
    published versions (with their corrections), in one query whatever the
    document's size; ``None`` if there is no such clause.

    A clause with nothing published yet (only a draft of a new clause) has
    no page: the query reads its published versions, so it finds none.
    """
    versions = _CLAUSE_VERSIONS(document=document.pk, key=key)
    if not versions:
        return None
    first = versions[0]
    clause = first.clause
    clause.document = document
    clause.section.document = document
    for version in versions:
        version.clause = clause

    def neighbour(side: str) -> Clause | None:
        key, section = getattr(first, f"{side}_key"), getattr(first, f"{side}_section")
        if not key:
            return None
        made = Clause(document=document, key=key, label=getattr(first, f"{side}_label") or "",
                      section_id=section)
        made.section = clause.section if section == clause.section_id else Section(
            pk=section, document=document, **{f"heading_{code}": getattr(
                first, f"{side}_heading_{code}") for code in _LANGUAGES})
        return made

    return ClauseInContext(clause, neighbour("previous"), neighbour("next"), tuple(versions))

