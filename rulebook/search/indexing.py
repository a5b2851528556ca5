"""Keeping the search index in step with the published clause versions.

:func:`index_clause` rebuilds the entries of one clause (all its published
versions, every language with a text) and is called whenever a version is
saved (see :mod:`rulebook.signals`): a draft is not indexed; once its
``published_at`` is set, it is.  The first clause of a section also carries
the section's number and heading (:func:`heading_text`), re-indexed by
:func:`index_section` when a section is saved.  :func:`index_clauses` does the same for
many clauses in a few queries (the importer's bulk writes);
:func:`rebuild` rebuilds everything (the ``rebuild_search_index``
management command).

:func:`index_ruling` does the same for an official ruling: once published,
its question and answer are indexed in every language that has them (the
original and the site's unofficial translations), again whenever it is
saved (a translation added later); a draft has no entries.
"""

from __future__ import annotations

import datetime
import re

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from rulebook.caching.process import ProcessIndex
from rulebook.search.backends import backend
from rulebook.search.text import ICON
from rulebook.models.rules import IN_FORCE_ORDER, day_before
from rulebook.models.search import RulingSearchEntry, SearchEntry
from rulebook.models.structure import structure_on

LANGUAGES = [code for code, _name in settings.LANGUAGES]

#: Raised (in Django's cache) whenever an official ruling's search entries change.
RULINGS_GENERATION_KEY = "rulebook:ruling-search:generation"
#: Seconds a worker keeps "are there rulings to search?" at most.
RULINGS_TTL = 60.0
_RULINGS: ProcessIndex[bool] = ProcessIndex(RULINGS_GENERATION_KEY, RULINGS_TTL)

_REFERENCE = re.compile(r"\[\[\??(?:[^\[\]|\n]*\|)?\??([^\[\]\n]*)\]\]")
_MARKERS = re.compile(r"^\s*(?:>\s*)*(?:[-*+]\s+|\d+[.)]\s+)?", re.MULTILINE)


def plain_text(markdown: str, icons: bool = False) -> str:
    """Return clause Markdown as plain text: references by their label,
    list and quote markers removed, whitespace collapsed; icon tokens
    (:data:`~rulebook.search.text.ICON`) removed (the index), or kept with
    ``icons`` (an excerpt, which names them).

    >>> plain_text("> Beispiel: [[107.2|Regel]]\\n- eins")
    'Beispiel: Regel eins'
    >>> plain_text("Krisensymbol ({icon:crisis})", icons=True)
    'Krisensymbol ({icon:crisis})'
    """
    markdown = markdown or ""
    text = _REFERENCE.sub(lambda m: m.group(1), markdown if icons else ICON.sub("", markdown))
    # Markers stand at line starts: a text of one line has one, its start.
    text = _MARKERS.sub("", text, count=0 if "\n" in text else 1)
    return " ".join(text.replace("**", "").replace("__", "").split())


def _validity(versions) -> list[tuple]:
    """(version, valid_from, valid_until, superseded) for versions in the order they
    take effect (:data:`~rulebook.models.IN_FORCE_ORDER`)."""
    result = []
    for i, version in enumerate(versions):
        later = versions[i + 1:]
        superseded = any(v.effective_date is None for v in later)
        dates = [v.effective_date for v in later if v.effective_date is not None]
        result.append((version, version.effective_date, min(dates) if dates else None,
                       superseded))
    return result


def leads(clauses) -> dict[int, object]:
    """The clauses of ``clauses`` that come first in their section (by
    position), by id, each with its section: the clause that carries the
    section's heading in the index."""
    from rulebook.models import Clause, Section

    section_ids = {clause.section_id for clause in clauses}
    first: dict[int, int] = {}
    for section_id, clause_id in (Clause.objects.filter(section_id__in=section_ids)
                                  .order_by("section_id", "position", "pk")
                                  .values_list("section_id", "pk")):
        first.setdefault(section_id, clause_id)
    leading = [clause for clause in clauses if first.get(clause.section_id) == clause.pk]
    sections = Section.objects.in_bulk({clause.section_id for clause in leading})
    return {clause.pk: sections[clause.section_id] for clause in leading}


def heading_text(title: str, section, language: str) -> str:
    """An entry's heading as indexed: the clause's ``title`` and, for the
    first clause of ``section`` (else ``None``), the section's number and
    heading in ``language`` (a query naming the entry finds it first, see
    :data:`rulebook.search.backends.HEADING_BONUS`).

    >>> from types import SimpleNamespace
    >>> heading_text("", SimpleNamespace(number="", heading_de="Ziel"), "de")
    'Ziel'
    >>> heading_text("Тип карты", None, "ru")
    'Тип карты'
    """
    parts = [title]
    if section is not None:
        parts += [section.number, getattr(section, f"heading_{language}", "") or ""]
    return " ".join(part for part in parts if part)


def heading_date(valid_from: datetime.date | None, valid_until: datetime.date | None,
                 today: datetime.date | None = None) -> datetime.date:
    """The date whose section heading an entry valid from ``valid_from`` until
    ``valid_until`` (exclusive; ``None``: unknown or open) carries: today
    while it is in force, else its last day (a past version) or its first
    (an announced one).  A correction that renames a section re-indexes
    the section (:func:`index_section`), so a search today finds the heading
    in force, not the one it replaced.

    >>> d = datetime.date
    >>> heading_date(d(2020, 1, 1), None, today=d(2026, 5, 1))
    datetime.date(2026, 5, 1)
    >>> heading_date(d(2020, 1, 1), d(2023, 3, 1), today=d(2026, 5, 1))
    datetime.date(2023, 2, 28)
    >>> heading_date(d(2027, 1, 1), None, today=d(2026, 5, 1))
    datetime.date(2027, 1, 1)
    """
    day = today or timezone.localdate()
    if valid_until is not None and valid_until <= day:
        day = day_before(valid_until)  # a version ended on the earliest date keeps that day
    if valid_from is not None and valid_from > day:
        day = valid_from
    return day


def entries_for(clause, versions, section=None) -> list[SearchEntry]:
    """Unsaved entries for the published ``versions`` of ``clause`` (in the
    order they take effect, :data:`~rulebook.models.IN_FORCE_ORDER`); ``section``: the clause's section when the clause comes
    first in it (see :func:`leads`), whose heading the entries carry as
    their ``heading`` (not a field: what the backend indexes,
    :func:`rulebook.search.backends.heading_of`): the heading in force on
    each entry's :func:`heading_date`, laid over by the corrections that
    renamed the section (:func:`rulebook.models.structure.structure_on`)."""
    document = clause.document
    entries = []
    for version, valid_from, valid_until, superseded in _validity(versions):
        if getattr(version, "is_repeal", False):
            continue  # a repeal has no text; it ends the validity of the earlier ones
        if section is not None:
            structure_on(section, heading_date(valid_from, valid_until))
        for language in LANGUAGES:
            text = getattr(version, f"text_{language}", "") or ""
            title = getattr(version, f"title_{language}", "") or ""
            if not text.strip() and not title.strip():
                continue
            entry = SearchEntry(
                version=version, clause=clause, document_id=document.pk,
                game_id=document.game_id, language=language, title=title[:300],
                body=plain_text(text), valid_from=valid_from, valid_until=valid_until,
                superseded=superseded)
            entry.heading = heading_text(title, section, language)
            entries.append(entry)
    return entries


@transaction.atomic
def _retried_once(rebuild):
    """Run ``rebuild`` in a savepoint; on a unique violation run it once more.

    Two transactions rebuilding one clause's entries at once (an import and an
    editor's save of a translation) both delete the old entries and insert new
    ones: the second insert waits for the first transaction and then finds its
    rows (``search_entry_unique_version_language``).  Its savepoint is rolled
    back and the rebuild runs again, now deleting the committed rows: the index
    ends as the last writer read the texts, and neither request fails.

    :raises IntegrityError: if the second run collides as well.
    """
    try:
        with transaction.atomic():
            return rebuild()
    except IntegrityError:
        with transaction.atomic():
            return rebuild()


def index_clause(clause) -> int:
    """Rebuild the search entries of ``clause``; return how many it has now
    (a concurrent rebuild of the same clause is waited for: :func:`_retried_once`)."""
    return _retried_once(lambda: _index_clause(clause))


def _index_clause(clause) -> int:
    engine = backend()
    old = list(SearchEntry.objects.filter(clause=clause).values_list("id", flat=True))
    if old:
        engine.remove(old)
        SearchEntry.objects.filter(pk__in=old).delete()
    versions = list(clause.versions.published().order_by(*IN_FORCE_ORDER))
    section = leads([clause]).get(clause.pk)
    entries = SearchEntry.objects.bulk_create(entries_for(clause, versions, section))
    engine.write(entries)
    return len(entries)


def index_section(section) -> int:
    """Rebuild the search entries of ``section``'s first clause, which carry
    the section's number and heading (after they changed); return how many
    entries it has now (0 for a section without clauses)."""
    from rulebook.models import Clause

    first = (Clause.objects.select_related("document").filter(section=section)
             .order_by("position", "pk").first())
    return index_clause(first) if first is not None else 0


def index_clauses(clauses) -> int:
    """Rebuild the search entries of ``clauses`` (their documents loaded or
    set) in a few queries whatever their number; return how many entries
    they have now.  :func:`index_clause` for many clauses at once."""
    clauses = list(clauses)
    if not clauses:
        return 0
    return _retried_once(lambda: _index_clauses(clauses))


def _index_clauses(clauses: list) -> int:
    from rulebook.models import ClauseVersion

    engine = backend()
    ids = [clause.pk for clause in clauses]
    old = list(SearchEntry.objects.filter(clause_id__in=ids).values_list("id", flat=True))
    if old:
        engine.remove(old)
        SearchEntry.objects.filter(pk__in=old).delete()
    by_clause: dict[int, list] = {pk: [] for pk in ids}
    for version in ClauseVersion.objects.published().filter(
            clause_id__in=ids).order_by("clause_id", *IN_FORCE_ORDER):
        by_clause[version.clause_id].append(version)
    pending = []
    first = leads(clauses)
    for clause in clauses:
        pending.extend(entries_for(clause, by_clause[clause.pk], first.get(clause.pk)))
    created = SearchEntry.objects.bulk_create(pending, batch_size=500)
    engine.write(created)
    return len(created)


def ruling_entries_for(ruling) -> list[dict]:
    """The field values of the search entries of a published ``ruling``: one
    per language with a question or an answer (``ruling``: a Ruling, or its
    historical model in a migration; nothing is read but its own fields).

    >>> from types import SimpleNamespace
    >>> ruling = SimpleNamespace(pk=1, game_id=2, source_date=None, question_de="Darf ich?",
    ...     answer_de="Ja.", question_ru="", answer_ru=None, question_en="", answer_en="")
    >>> [(e["language"], e["question"], e["answer"]) for e in ruling_entries_for(ruling)]
    [('de', 'Darf ich?', 'Ja.')]
    """
    entries = []
    for language in LANGUAGES:
        question = " ".join((getattr(ruling, f"question_{language}", "") or "").split())
        answer = " ".join((getattr(ruling, f"answer_{language}", "") or "").split())
        if question or answer:
            entries.append({"ruling_id": ruling.pk, "game_id": ruling.game_id,
                            "language": language, "question": question, "answer": answer,
                            "source_date": ruling.source_date})
    return entries


def rulings_indexed() -> bool:
    """Whether any official ruling has search entries, kept per process like
    the search synonyms (:class:`~rulebook.caching.process.ProcessIndex`:
    until :func:`index_ruling` changes them, at most :data:`RULINGS_TTL`
    seconds): a site without rulings searches for none (no query)."""
    return _RULINGS.get("any", RulingSearchEntry.objects.exists)


@transaction.atomic
def index_ruling(ruling) -> int:
    """Rebuild the search entries of ``ruling`` (none unless it is published);
    return how many it has now."""
    engine = backend()
    old = list(RulingSearchEntry.objects.filter(ruling_id=ruling.pk)
               .values_list("id", flat=True))
    if old:
        engine.remove_rulings(old)
        RulingSearchEntry.objects.filter(pk__in=old).delete()
    entries = []
    if ruling.published_at is not None:
        entries = RulingSearchEntry.objects.bulk_create(
            [RulingSearchEntry(**values) for values in ruling_entries_for(ruling)])
        engine.write_rulings(entries)
    if old or entries:
        _RULINGS.invalidate()
    return len(entries)


@transaction.atomic
def rebuild(batch_size: int = 2000) -> int:
    """Rebuild the whole index from the published versions and rulings;
    return the number of entries."""
    from rulebook.models import Clause

    from rulebook.models import Ruling

    engine = backend()
    SearchEntry.objects.all().delete()
    RulingSearchEntry.objects.all().delete()
    engine.clear()
    total = 0
    clauses = Clause.objects.select_related("document").order_by("pk")
    last = 0
    while True:
        chunk = list(clauses.filter(pk__gt=last)[:batch_size])
        if not chunk:
            break
        last = chunk[-1].pk
        total += index_clauses(chunk)
    for ruling in Ruling.objects.published().order_by("pk"):
        total += index_ruling(ruling)
    engine.optimize()
    return total
